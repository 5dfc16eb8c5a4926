/* test_traceline.c: dbg's trace line layout (fmt_trace_line) and the
 * dbgsh_trace:format_line BIFs against OTP 25. Every expected text is what
 * real dbg:dhandler(Msg, {Io, Modifier}) wrote to a collecting io server Io
 * (UTF-8 encoded), with Modifier "" (latin1 device) or "t" (unicode
 * device), in erl with its default printable range (+pc latin1) or, for
 * the rows marked urange, erl +pc unicode. In the message texts '$pid'
 * stands for <0.90.0>, '$pid2' for <0.91.0> and '$port' for #Port<0.3>
 * (as list_to_pid/1 makes them in erl). FMT_TRACE_BADARG and
 * FMT_TRACE_CASE_CLAUSE rows are messages for which dhandler raised
 * error:badarg or error:{case_clause, Msg} and wrote nothing. */
#include <criterion/criterion.h>
#include <string.h>

#include "format/format.h"
#include "tests/lib/trace_rows.h"
#include "tests/lib/fmt_fixture.h"


TestSuite(traceline, .init = fx_setup, .fini = fx_teardown);

static term_t msg(const char *text) { return trace_row_msg(&heap, text); }

typedef struct trace_row {
    const char *name;
    const char *msg;
    bool unicode;       /* Modifier "t" */
    bool unicode_range; /* erl +pc unicode */
    fmt_trace_result result;
    const char *want;
} trace_row;

static const trace_row ROWS[] = {
    {"call_latin1", "{trace,'$pid',call,{m,f,[1,2]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,2)\n"},
    {"call_noargs_latin1", "{trace,'$pid',call,{m,f,[]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f()\n"},
    {"call_arity_latin1", "{trace,'$pid',call,{m,f,2}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/2\n"},
    {"call_arity_odd_latin1", "{trace,'$pid',call,{\"m\",'F',[x]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call \"m\":'F'(x)\n"},
    {"call_not_mfa_latin1", "{trace,'$pid',call,{m,f}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call {m,f}\n"},
    {"call_improper_latin1", "{trace,'$pid',call,{m,f,[1,a|foo]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,a,foo)\n"},
    {"call_improper_int_latin1", "{trace,'$pid',call,{m,f,[1|-2]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,-2)\n"},
    {"call_only_tail_latin1", "{trace,'$pid',call,{m,f,[[1|2]]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f([1|2])\n"},
    {"call_strings_latin1", "{trace,'$pid',call,{m,f,[\"abc\",<<\"abc\">>,'A b',\"a\\nb\"]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(\"abc\",<<\"abc\">>,'A b',\"a\\nb\")\n"},
    {"call_message_latin1", "{trace,'$pid',call,{m,f,[1]},{message,[x]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) ({message,[x]})\n"},
    {"call_wrap_latin1", "{trace,'$pid',call,{lists,map,[[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,wwwwwwwwwwwwwwwwww}]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call lists:map([aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,\n"
     " hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,\n"
     "                      wwwwwwwwwwwwwwwwww})\n"},
    {"call_wrap_message_latin1", "{trace,'$pid',call,{m,f,[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40]]},{message,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f([1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,\n"
     " 29,30,31,32,33,34,35,36,37,38,39,40]) ({message,\n"
     "                                         [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,\n"
     "                                          16,17,18,19,20,21,22,23,24,25,26,27,\n"
     "                                          28,29,30]})\n"},
    {"call_unicode_latin1", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\\x{20AC}'(\"\303\251t\303\251\",[8364],<<\"\303\203\302\251\">>,<<226,130,172>>,'\\x{20AC}')\n"},
    {"call_unicode_t", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", true, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\342\202\254'(\"\303\251t\303\251\",[8364],<<\"\303\251\"/utf8>>,<<226,130,172>>,'\342\202\254')\n"},
    {"return_from_latin1", "{trace,'$pid',return_from,{m,f,2},{ok,\"done\"}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/2 -> {ok,\"done\"}\n"},
    {"return_from_wrap_latin1", "{trace,'$pid',return_from,{some_module,some_function,3},{ok,[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa,lambda,mu]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from some_module:some_function/3 -> {ok,\n"
     "                                                         [alpha,beta,gamma,\n"
     "                                                          delta,epsilon,zeta,\n"
     "                                                          eta,theta,iota,\n"
     "                                                          kappa,lambda,mu]}\n"},
    {"exception_from_latin1", "{trace,'$pid',exception_from,{m,f,1},{error,badarg}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1} {error,badarg}\n"},
    {"return_to_latin1", "{trace,'$pid',return_to,{m,g,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to m:g/0\n"},
    {"return_to_undefined_latin1", "{trace,'$pid',return_to,undefined}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to undefined\n"},
    {"old_ret_latin1", "{trace,'$pid',return,{m,f,1}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) old_ret m:f/1\n"},
    {"old_ret_value_latin1", "{trace,'$pid',return,{m,f,1},42}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) old_ret m:f/1 -> 42\n"},
    {"send_latin1", "{trace,'$pid',send,{hello,<<1,2,3>>},'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! {hello,<<1,2,3>>}\n"},
    {"send_registered_latin1", "{trace,'$pid',send,ping,logger}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) logger ! ping\n"},
    {"send_nonexisting_latin1", "{trace,'$pid',send_to_non_existing_process,hi,'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) send_to_non_existing_process hi <0.91.0>\n"},
    {"receive_latin1", "{trace,'$pid','receive',{'$gen_call',{'$pid2',x},stop}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {'$gen_call',{<0.91.0>,x},stop}\n"},
    {"receive_dbg_ok_latin1", "{trace,'$pid','receive',{dbg,ok}}", false, false, FMT_TRACE_OK,
     ""},
    {"receive_dbg_other_latin1", "{trace,'$pid','receive',{dbg,nok}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {dbg,nok}\n"},
    {"spawn_latin1", "{trace,'$pid',spawn,'$pid2',{m,start,[a]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0> as m:start(a)\n"},
    {"spawn_short_latin1", "{trace,'$pid',spawn,'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0>\n"},
    {"spawned_latin1", "{trace,'$pid2',spawned,'$pid',{m,start,[a]}}", false, false, FMT_TRACE_OK,
     "(<0.91.0>) spawned <0.90.0> {m,start,[a]}\n"},
    {"exit_latin1", "{trace,'$pid',exit,{shutdown,\"why\"}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit {shutdown,\"why\"}\n"},
    {"link_latin1", "{trace,'$pid',link,'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0>\n"},
    {"unlink_latin1", "{trace,'$pid',unlink,'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) unlink <0.91.0>\n"},
    {"getting_linked_latin1", "{trace,'$pid',getting_linked,'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) getting_linked <0.91.0>\n"},
    {"getting_unlinked_latin1", "{trace,'$pid',getting_unlinked,'$pid2'}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) getting_unlinked <0.91.0>\n"},
    {"register_latin1", "{trace,'$pid',register,my_server}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) register my_server\n"},
    {"unregister_latin1", "{trace,'$pid',unregister,my_server}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) unregister my_server\n"},
    {"in_latin1", "{trace,'$pid',in,{gen_server,loop,7}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) in {gen_server,loop,7}\n"},
    {"out_zero_latin1", "{trace,'$pid',out,0}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) out 0\n"},
    {"in_exiting_latin1", "{trace,'$pid',in_exiting,0}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) in_exiting 0\n"},
    {"out_exiting_latin1", "{trace,'$pid',out_exiting,0}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) out_exiting 0\n"},
    {"out_exited_latin1", "{trace,'$pid',out_exited,0}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) out_exited 0\n"},
    {"gc_minor_start_latin1", "{trace,'$pid',gc_minor_start,[{old_heap_block_size,0},{heap_block_size,233},{mbuf_size,0},{recent_size,0},{stack_size,12},{old_heap_size,0},{heap_size,100},{bin_vheap_size,0},{bin_vheap_block_size,46422},{bin_old_vheap_size,0},{bin_old_vheap_block_size,46422}]}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_minor_start [{old_heap_block_size,0},\n"
     " {heap_block_size,233},\n"
     " {mbuf_size,0},\n"
     " {recent_size,0},\n"
     " {stack_size,12},\n"
     " {old_heap_size,0},\n"
     " {heap_size,100},\n"
     " {bin_vheap_size,0},\n"
     " {bin_vheap_block_size,46422},\n"
     " {bin_old_vheap_size,0},\n"
     " {bin_old_vheap_block_size,46422}]\n"},
    {"gc_major_end_latin1", "{trace,'$pid',gc_major_end,[{heap_size,10}]}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_major_end [{heap_size,10}]\n"},
    {"unknown_tag_latin1", "{trace,'$pid',my_tag,1,\"two\",{3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) my_tag 1 \"two\" {3}\n"},
    {"port_open_latin1", "{trace,'$port',open,'$pid',my_driver}", false, false, FMT_TRACE_OK,
     "(#Port<0.3>) open <0.90.0> my_driver\n"},
    {"ts_timestamp_latin1", "{trace_ts,'$pid',call,{m,f,[1]},{1700,123456,789}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) (Timestamp: {1700,123456,789})\n"},
    {"ts_monotonic_latin1", "{trace_ts,'$pid',exit,normal,-576460751234567890}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: -576460751234567890)\n"},
    {"ts_strict_latin1", "{trace_ts,'$pid',send,x,'$pid2',{-576460751234567890,7}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\n"},
    {"ts_cpu_latin1", "{trace_ts,'$pid',return_from,{m,f,0},ok,{0,0,1234}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> ok (Timestamp: {0,0,1234})\n"},
    {"ts_message_latin1", "{trace_ts,'$pid',call,{m,f,[]},{message,ok},{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f() ({message,ok}) (Timestamp: {1,2,3})\n"},
    {"ts_receive_itself_latin1", "{trace_ts,'$pid','receive',{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {1,2,3} (Timestamp: {1,2,3})\n"},
    {"ts_call_itself_latin1", "{trace_ts,'$pid',call,{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call 1:2/3 (Timestamp: {1,2,3})\n"},
    {"ts_after_wrap_latin1", "{trace_ts,'$pid',call,{m,f,[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40]]},{1700,0,1}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f([1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,\n"
     " 29,30,31,32,33,34,35,36,37,38,39,40]) (Timestamp: {1700,0,1})\n"},
    {"ts_wraps_latin1", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{1700000000,123456,789012}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {1700000000,\n"
     "                                                                                                          123456,\n"
     "                                                                                                          789012})\n"},
    {"seq_send_latin1", "{seq_trace,0,{send,{1,2},'$pid','$pid2',hello}}", false, false, FMT_TRACE_OK,
     "SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\n"},
    {"seq_receive_ts_latin1", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},{1,2,3}}", false, false, FMT_TRACE_OK,
     "SeqTrace {1,2,3} [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\n"},
    {"seq_print_latin1", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"}}", false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\n"},
    {"seq_other_latin1", "{seq_trace,lbl,{something,else}}", false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,else}\n"},
    {"seq_wrap_latin1", "{seq_trace,0,{send,{1,2},'$pid','$pid2',[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]}}", false, false, FMT_TRACE_OK,
     "SeqTrace [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\n"
     "                       ffffffffff,gggggggggg] [Serial: {1,2}]\n"},
    {"drop_latin1", "{drop,17}", false, false, FMT_TRACE_OK,
     "*** Dropped 17 messages.\n"},
    {"end_of_trace_latin1", "end_of_trace", false, false, FMT_TRACE_OK,
     ""},
    {"unknown_latin1", "{hello,world}", false, false, FMT_TRACE_OK,
     ""},
    {"short_trace_latin1", "{trace,'$pid'}", false, false, FMT_TRACE_OK,
     ""},
    {"short_trace_ts_latin1", "{trace_ts,'$pid',x}", false, false, FMT_TRACE_OK,
     ""},
    {"drop3_latin1", "{drop,1,2}", false, false, FMT_TRACE_OK,
     ""},
    {"err_send_latin1", "{trace,'$pid',send,x}", false, false, FMT_TRACE_BADARG,
     ""},
    {"err_receive_latin1", "{trace,'$pid','receive'}", false, false, FMT_TRACE_BADARG,
     ""},
    {"err_call_latin1", "{trace,'$pid',call}", false, false, FMT_TRACE_BADARG,
     ""},
    {"err_return_from_latin1", "{trace,'$pid',return_from,{m,f,1}}", false, false, FMT_TRACE_BADARG,
     ""},
    {"err_op_latin1", "{trace,'$pid',exit}", false, false, FMT_TRACE_BADARG,
     ""},
    {"err_op_ts_latin1", "{trace_ts,'$pid',exit,{1,2,3}}", false, false, FMT_TRACE_BADARG,
     ""},
    {"err_seq_latin1", "{seq_trace,0,{send,1,2,3,4},{1,2,3},x}", false, false, FMT_TRACE_CASE_CLAUSE,
     ""},
    {"call_unicode_latin1_urange", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", false, true, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\\x{20AC}'(\"\303\251t\303\251\",[8364],<<\"\303\203\302\251\">>,<<226,130,172>>,'\\x{20AC}')\n"},
    {"call_unicode_t_urange", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", true, true, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\342\202\254'(\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254')\n"},
    {"receive_unicode_latin1_urange", "{trace,'$pid','receive',{\"\316\261\316\262\316\263\",<<\"\316\261\316\262\316\263\"/utf8>>}}", false, true, FMT_TRACE_OK,
     "(<0.90.0>) << {[945,946,947],<<\"\303\216\302\261\303\216\302\262\303\216\302\263\">>}\n"},
    {"receive_unicode_t_urange", "{trace,'$pid','receive',{\"\316\261\316\262\316\263\",<<\"\316\261\316\262\316\263\"/utf8>>}}", true, true, FMT_TRACE_OK,
     "(<0.90.0>) << {\"\316\261\316\262\316\263\",<<\"\316\261\316\262\316\263\"/utf8>>}\n"},
};

Test(traceline, dhandler_text_from_erl)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        const trace_row *r = &ROWS[i];
        fmt_trace_opts o = {.unicode = r->unicode, .unicode_range = r->unicode_range};
        fmt_buf_reset(&buf);
        fmt_trace_result res = fmt_trace_line(&buf, msg(r->msg), &o);
        cr_expect_eq(res, r->result, "%s: result %d, erl %d", r->name, (int)res, (int)r->result);
        cr_expect_str_eq(buf.len ? buf.data : "", r->want, "%s: %s", r->name, r->msg);
        cr_expect_eq(buf.len, strlen(r->want), "%s: length", r->name);
    }
}

/* ---- the ISO clock (opts.iso_clock, not dbg's) ----------------------------------
 * The rows below are dbg's text for the message, made in erl as above, with
 * the timestamp (the last "(Timestamp: ...)" of a trace_ts line, the one
 * before the label of a seq_trace header) replaced by what
 * calendar:system_time_to_rfc3339(Mega * 10^12 + Secs * 10^6 + Micro,
 * [{unit, microsecond}, {offset, "Z"}]) returns, where the timestamp is
 * such a tuple of integers within range (each >= 0, Secs and Micro below
 * 10^6, at most year 9999: beyond it calendar raises badarg); for any
 * other timestamp dbg's text as it is. */
static const trace_row ISO_ROWS[] = {
    {"iso_call", "{trace_ts,'$pid',call,{m,f,[1]},{1714,564800,123456}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) (Timestamp: 2024-05-01T12:00:00.123456Z)\012"},
    {"iso_epoch", "{trace_ts,'$pid',exit,normal,{0,0,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: 1970-01-01T00:00:00.000000Z)\012"},
    {"iso_cpu", "{trace_ts,'$pid',return_from,{m,f,0},ok,{0,0,1234}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> ok (Timestamp: 1970-01-01T00:00:00.001234Z)\012"},
    {"iso_message", "{trace_ts,'$pid',call,{m,f,[]},{message,ok},{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f() ({message,ok}) (Timestamp: 1970-01-12T13:46:42.000003Z)\012"},
    {"iso_receive_itself", "{trace_ts,'$pid','receive',{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {1,2,3} (Timestamp: 1970-01-12T13:46:42.000003Z)\012"},
    {"iso_call_itself", "{trace_ts,'$pid',call,{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call 1:2/3 (Timestamp: 1970-01-12T13:46:42.000003Z)\012"},
    {"iso_send", "{trace_ts,'$pid',send,x,'$pid2',{1714,564800,999999}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! x (Timestamp: 2024-05-01T12:00:00.999999Z)\012"},
    {"iso_spawn", "{trace_ts,'$pid',spawn,'$pid2',{m,start,[a]},{951,782400,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0> as m:start(a) (Timestamp: 2000-02-29T00:00:00.000000Z)\012"},
    {"iso_in", "{trace_ts,'$pid',in,0,{2147,483648,1}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) in 0 (Timestamp: 2038-01-19T03:14:08.000001Z)\012"},
    {"iso_return_to", "{trace_ts,'$pid',return_to,{m,g,0},{4102,444800,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to m:g/0 (Timestamp: 2100-01-01T00:00:00.000000Z)\012"},
    {"iso_old_ret", "{trace_ts,'$pid',return,{m,f,1},42,{1,2,3}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) old_ret m:f/1 -> 42 (Timestamp: 1970-01-12T13:46:42.000003Z)\012"},
    {"iso_last", "{trace_ts,'$pid',exit,normal,{253402,300799,999999}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: 9999-12-31T23:59:59.999999Z)\012"},
    {"iso_after_9999", "{trace_ts,'$pid',exit,normal,{253402,300800,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {253402,300800,0})\012"},
    {"iso_mega_over", "{trace_ts,'$pid',exit,normal,{253403,0,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {253403,0,0})\012"},
    {"iso_negative_mega", "{trace_ts,'$pid',exit,normal,{-1,0,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {-1,0,0})\012"},
    {"iso_negative_secs", "{trace_ts,'$pid',exit,normal,{1,-1,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {1,-1,0})\012"},
    {"iso_negative_micro", "{trace_ts,'$pid',exit,normal,{1,0,-1}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {1,0,-1})\012"},
    {"iso_secs_over", "{trace_ts,'$pid',exit,normal,{1,1000000,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {1,1000000,0})\012"},
    {"iso_micro_over", "{trace_ts,'$pid',exit,normal,{1,0,1000000}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {1,0,1000000})\012"},
    {"iso_bignum", "{trace_ts,'$pid',exit,normal,{100000000000000000000,0,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {100000000000000000000,0,0})\012"},
    {"iso_float", "{trace_ts,'$pid',exit,normal,{1.0,0,0}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {1.0,0,0})\012"},
    {"iso_atoms", "{trace_ts,'$pid',exit,normal,{a,b,c}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {a,b,c})\012"},
    {"iso_four", "{trace_ts,'$pid',exit,normal,{1,2,3,4}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: {1,2,3,4})\012"},
    {"iso_monotonic", "{trace_ts,'$pid',exit,normal,-576460751234567890}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: -576460751234567890)\012"},
    {"iso_strict", "{trace_ts,'$pid',send,x,'$pid2',{-576460751234567890,7}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\012"},
    {"iso_wraps", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{1700000000,123456,789012}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {1700000000,\012                                                                                                          123456,\012                                                                                                          789012})\012"},
    {"iso_no_wrap", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{170000,123456,789012}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: 7357-02-02T00:30:56.789012Z)\012"},
    {"iso_after_wrap", "{trace_ts,'$pid',call,{m,f,[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40]]},{1700,0,1}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f([1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,\012 29,30,31,32,33,34,35,36,37,38,39,40]) (Timestamp: 2023-11-14T22:13:20.000001Z)\012"},
    {"iso_seq_receive", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},{1,2,3}}", false, false, FMT_TRACE_OK,
     "SeqTrace 1970-01-12T13:46:42.000003Z [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012"},
    {"iso_seq_label_wraps", "{seq_trace,[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee],{print,3,'$pid',ignored,\"note\"},{1714,564800,123456}}", false, false, FMT_TRACE_OK,
     "SeqTrace 2024-05-01T12:00:00.123456Z [[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,\012                                       dddddddddd,eeeeeeeeee]]: -> \"note\" [Serial: 3, From: <0.90.0>]\012"},
    {"iso_seq_label_wraps_mono", "{seq_trace,[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee],{print,3,'$pid',ignored,\"note\"},-576460751234567890}", false, false, FMT_TRACE_OK,
     "SeqTrace -576460751234567890 [[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,\012                               eeeeeeeeee]]: -> \"note\" [Serial: 3, From: <0.90.0>]\012"},
    {"iso_seq_mono", "{seq_trace,0,{send,{1,2},'$pid','$pid2',hello},-576460751234567890}", false, false, FMT_TRACE_OK,
     "SeqTrace -576460751234567890 [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\012"},
    {"iso_seq_untimed", "{seq_trace,0,{send,{1,2},'$pid','$pid2',hello}}", false, false, FMT_TRACE_OK,
     "SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\012"},
    {"iso_drop", "{drop,17}", false, false, FMT_TRACE_OK,
     "*** Dropped 17 messages.\012"},
    {"iso_untimed", "{trace,'$pid',call,{m,f,[1,2]}}", false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,2)\012"},
    {"iso_err", "{trace_ts,'$pid',exit,{1,2,3}}", false, false, FMT_TRACE_BADARG,
     ""},
    {"iso_err_seq", "{seq_trace,0,{send,1,2,3,4},{1,2,3},x}", false, false, FMT_TRACE_CASE_CLAUSE,
     ""},
};

Test(traceline, iso_clock_rows)
{
    for (size_t i = 0; i < sizeof ISO_ROWS / sizeof ISO_ROWS[0]; i++) {
        const trace_row *r = &ISO_ROWS[i];
        fmt_trace_opts o = {.unicode = r->unicode, .unicode_range = r->unicode_range, .iso_clock = true};
        fmt_buf_reset(&buf);
        fmt_trace_result res = fmt_trace_line(&buf, msg(r->msg), &o);
        cr_expect_eq(res, r->result, "%s: result %d, erl %d", r->name, (int)res, (int)r->result);
        cr_expect_str_eq(buf.len ? buf.data : "", r->want, "%s: %s", r->name, r->msg);
        cr_expect_eq(buf.len, strlen(r->want), "%s: length", r->name);
    }
}

/* calendar:system_time_to_rfc3339(Mega * 10^12 + Secs * 10^6 + Micro,
 * [{unit, microsecond}, {offset, "Z"}]) in erl: fixed dates (epoch, leap
 * days, centuries, 2038, the last microsecond of 9999) and 60 drawn
 * uniformly from the whole range. */
static const struct {
    int64_t mega, secs, micro;
    const char *want;
} ISO_TIMES[] = {
    {0, 0, 0, "1970-01-01T00:00:00.000000Z"},
    {0, 0, 1, "1970-01-01T00:00:00.000001Z"},
    {0, 0, 999999, "1970-01-01T00:00:00.999999Z"},
    {0, 86399, 999999, "1970-01-01T23:59:59.999999Z"},
    {0, 86400, 0, "1970-01-02T00:00:00.000000Z"},
    {68, 169599, 999999, "1972-02-28T23:59:59.999999Z"},
    {68, 169600, 0, "1972-02-29T00:00:00.000000Z"},
    {94, 694399, 999999, "1972-12-31T23:59:59.999999Z"},
    {94, 694400, 0, "1973-01-01T00:00:00.000000Z"},
    {951, 782400, 0, "2000-02-29T00:00:00.000000Z"},
    {951, 868799, 999999, "2000-02-29T23:59:59.999999Z"},
    {951, 868800, 0, "2000-03-01T00:00:00.000000Z"},
    {978, 307199, 999999, "2000-12-31T23:59:59.999999Z"},
    {978, 307200, 0, "2001-01-01T00:00:00.000000Z"},
    {1714, 564800, 123456, "2024-05-01T12:00:00.123456Z"},
    {2147, 483647, 0, "2038-01-19T03:14:07.000000Z"},
    {2147, 483648, 0, "2038-01-19T03:14:08.000000Z"},
    {4107, 542399, 999999, "2100-02-28T23:59:59.999999Z"},
    {4107, 542400, 0, "2100-03-01T00:00:00.000000Z"},
    {4107, 456000, 0, "2100-02-28T00:00:00.000000Z"},
    {13569, 465600, 0, "2400-01-01T00:00:00.000000Z"},
    {13574, 563200, 0, "2400-02-29T00:00:00.000000Z"},
    {13574, 649600, 0, "2400-03-01T00:00:00.000000Z"},
    {253402, 214400, 0, "9999-12-31T00:00:00.000000Z"},
    {253402, 300799, 999999, "9999-12-31T23:59:59.999999Z"},
    {33893, 187679, 677310, "3044-01-13T06:21:19.677310Z"},
    {239804, 993431, 606222, "9569-02-12T18:10:31.606222Z"},
    {30724, 833483, 385794, "2943-08-19T11:58:03.385794Z"},
    {191215, 914513, 647500, "8029-05-23T03:48:33.647500Z"},
    {21715, 229286, 4665, "2658-02-16T16:08:06.004665Z"},
    {208505, 210051, 136840, "8577-04-07T17:54:11.136840Z"},
    {29502, 338411, 672678, "2904-11-22T06:00:11.672678Z"},
    {108487, 572931, 676323, "5407-11-02T04:55:31.676323Z"},
    {79245, 936602, 30167, "4481-03-15T08:10:02.030167Z"},
    {142834, 695590, 36692, "6496-04-01T08:19:50.036692Z"},
    {45897, 724942, 164378, "3424-06-10T16:02:22.164378Z"},
    {177534, 600157, 762224, "7595-11-06T14:42:37.762224Z"},
    {210437, 487132, 669069, "8638-07-02T01:32:12.669069Z"},
    {77014, 722504, 400132, "4410-07-02T02:28:24.400132Z"},
    {184589, 62899, 319990, "7819-05-25T11:41:39.319990Z"},
    {71256, 664515, 205287, "4228-01-13T21:55:15.205287Z"},
    {35173, 175978, 570204, "3084-08-04T22:39:38.570204Z"},
    {218837, 617677, 848147, "8904-09-08T19:07:57.848147Z"},
    {55240, 944596, 337822, "3720-07-07T18:49:56.337822Z"},
    {170249, 357073, 620308, "7364-12-26T16:04:33.620308Z"},
    {246676, 874815, 531024, "9786-11-17T10:06:55.531024Z"},
    {69033, 233964, 623484, "4157-07-29T18:19:24.623484Z"},
    {178111, 568556, 603022, "7614-02-17T11:42:36.603022Z"},
    {74442, 155749, 166423, "4328-12-24T00:35:49.166423Z"},
    {234525, 72534, 526214, "9401-10-21T13:28:54.526214Z"},
    {209355, 451065, 978039, "8604-03-18T11:57:45.978039Z"},
    {71070, 251976, 298274, "4222-02-16T08:39:36.298274Z"},
    {85099, 437162, 539041, "4666-09-11T04:32:42.539041Z"},
    {118151, 475311, 468784, "5714-01-26T22:15:11.468784Z"},
    {68081, 844122, 965913, "4127-06-06T07:22:02.965913Z"},
    {36293, 424998, 420576, "3120-02-04T18:56:38.420576Z"},
    {19885, 210700, 383744, "2600-02-19T21:38:20.383744Z"},
    {144653, 691741, 209470, "6553-11-22T13:02:21.209470Z"},
    {29342, 605428, 1098, "2899-10-30T11:43:48.001098Z"},
    {188043, 696286, 611493, "7928-11-13T16:04:46.611493Z"},
    {6385, 863164, 764388, "2172-05-11T10:52:44.764388Z"},
    {151169, 30802, 921819, "6760-05-10T13:26:42.921819Z"},
    {234486, 776002, 440548, "9400-08-04T07:33:22.440548Z"},
    {38370, 455965, 546052, "3185-11-29T11:59:25.546052Z"},
    {202833, 220698, 199390, "8397-07-12T17:18:18.199390Z"},
    {241679, 769715, 941952, "9628-07-11T13:21:55.941952Z"},
    {41825, 835088, 97761, "3295-05-29T07:31:28.097761Z"},
    {222153, 283835, 402053, "9009-10-04T13:30:35.402053Z"},
    {112832, 491130, 587926, "5545-07-09T14:38:50.587926Z"},
    {35863, 283850, 772331, "3106-06-19T07:17:30.772331Z"},
    {148888, 533761, 3677, "6688-02-02T22:02:41.003677Z"},
    {184946, 75836, 395423, "7830-09-16T13:57:16.395423Z"},
    {154247, 485141, 664779, "6857-11-27T19:39:01.664779Z"},
    {215279, 688161, 984506, "8791-12-11T01:22:41.984506Z"},
    {213492, 998095, 527508, "8735-04-29T18:34:55.527508Z"},
    {160368, 639176, 85161, "7051-11-18T12:12:56.085161Z"},
    {47940, 996071, 994859, "3489-03-10T15:21:11.994859Z"},
    {127905, 226206, 315411, "6023-02-26T13:30:06.315411Z"},
    {159018, 699313, 945784, "7009-02-07T04:55:13.945784Z"},
    {49517, 416299, 899531, "3539-02-23T05:51:39.899531Z"},
    {27686, 977324, 107372, "2847-05-14T03:02:04.107372Z"},
    {98296, 434464, 681482, "5084-11-21T05:07:44.681482Z"},
    {165896, 592182, 61118, "7227-01-20T10:43:02.061118Z"},
    {60407, 964472, 860243, "3884-04-02T06:07:52.860243Z"},
    {228775, 306065, 243570, "9219-08-08T08:07:45.243570Z"},
};

Test(traceline, iso_time_from_erl)
{
    for (size_t i = 0; i < sizeof ISO_TIMES / sizeof ISO_TIMES[0]; i++) {
        term_t e[3] = {term_small(ISO_TIMES[i].mega), term_small(ISO_TIMES[i].secs), term_small(ISO_TIMES[i].micro)};
        char out[FMT_ISO_TIME_MAX];
        memset(out, 'x', sizeof out);
        size_t n = fmt_trace_iso_time(term_tuple(&heap, 3, e), out);
        cr_expect_eq(n, 27, "{%lld,%lld,%lld}: length %zu", (long long)ISO_TIMES[i].mega,
                     (long long)ISO_TIMES[i].secs, (long long)ISO_TIMES[i].micro, n);
        cr_expect_str_eq(out, ISO_TIMES[i].want, "{%lld,%lld,%lld}", (long long)ISO_TIMES[i].mega,
                         (long long)ISO_TIMES[i].secs, (long long)ISO_TIMES[i].micro);
    }
}

/* What is not such a tuple gets 0 and nothing written. */
Test(traceline, iso_time_refuses)
{
    static const char *const NOT_TIMES[] = {
        "{-1,0,0}", "{0,-1,0}", "{0,0,-1}", "{0,1000000,0}", "{0,0,1000000}", "{253402,300800,0}",
        "{253403,0,0}", "{100000000000000000000,0,0}", "{0,100000000000000000000,0}", "{1.0,0,0}",
        "{a,b,c}", "{1,2}", "{1,2,3,4}", "1714564800", "[1,2,3]", "{}",
    };
    for (size_t i = 0; i < sizeof NOT_TIMES / sizeof NOT_TIMES[0]; i++) {
        char out[FMT_ISO_TIME_MAX];
        memset(out, 'x', sizeof out);
        cr_expect_eq(fmt_trace_iso_time(msg(NOT_TIMES[i]), out), 0, "%s", NOT_TIMES[i]);
        cr_expect_eq(out[0], 'x', "%s: wrote", NOT_TIMES[i]);
    }
}

/* The option is off when zero: existing callers that zero their options
 * (static storage, {0}, designated initializers) keep dbg's text. */
Test(traceline, iso_clock_off_by_default)
{
    fmt_trace_opts o = {0};
    cr_assert_eq(fmt_trace_line(&buf, msg("{trace_ts,'$pid',call,{m,f,[1]},{1714,564800,123456}}"), &o),
                 FMT_TRACE_OK);
    cr_assert_str_eq(buf.data, "(<0.90.0>) call m:f(1) (Timestamp: {1714,564800,123456})\n");
    fmt_buf_reset(&buf);
    o.iso_clock = true;
    cr_assert_eq(fmt_trace_line(&buf, msg("{trace_ts,'$pid',call,{m,f,[1]},{1714,564800,123456}}"), &o),
                 FMT_TRACE_OK);
    cr_assert_str_eq(buf.data, "(<0.90.0>) call m:f(1) (Timestamp: 2024-05-01T12:00:00.123456Z)\n");
}

/* The text is appended after what the buffer holds; a failure leaves it
 * as it was. */
Test(traceline, appends_and_keeps_buffer_on_failure)
{
    fmt_trace_opts o = {0};
    fmt_buf_put(&buf, "> ", 2);
    cr_assert_eq(fmt_trace_line(&buf, msg("{trace,'$pid',call,{m,f,[1,2]}}"), &o), FMT_TRACE_OK);
    cr_assert_str_eq(buf.data, "> (<0.90.0>) call m:f(1,2)\n");
    size_t len = buf.len;
    cr_assert_eq(fmt_trace_line(&buf, msg("{trace,'$pid',send,x}"), &o), FMT_TRACE_BADARG);
    cr_assert_eq(fmt_trace_line(&buf, msg("{seq_trace,0,x,1,2}"), &o), FMT_TRACE_CASE_CLAUSE);
    cr_assert_eq(fmt_trace_line(&buf, msg("end_of_trace"), &o), FMT_TRACE_OK);
    cr_assert_eq(buf.len, len);
    cr_assert_str_eq(buf.data, "> (<0.90.0>) call m:f(1,2)\n");
    /* Columns count from the start of dbg's own text, not of the buffer. */
    cr_assert_eq(fmt_trace_line(&buf, msg("{trace,'$pid',return_from,{some_module,some_function,3},"
                                          "{ok,[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota]}}"),
                                &o),
                 FMT_TRACE_OK);
    cr_assert_str_eq(buf.data + len, "(<0.90.0>) returned from some_module:some_function/3 -> {ok,\n"
                                     "                                                         [alpha,beta,gamma,\n"
                                     "                                                          delta,epsilon,zeta,\n"
                                     "                                                          eta,theta,iota]}\n");
}

/* ---- the BIFs, called through their table as the VM would ---------------------- */

static process p;

static term_t call_bif(unsigned arity, const term_t *args)
{
    size_t n;
    const bif_entry *t = fmt_traceline_bifs(&n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].module, "dbgsh_trace") && !strcmp(t[i].name, "format_line") && t[i].arity == arity) {
            p.fclass = CLASS_THROW;
            p.freason = THE_NON_VALUE;
            return t[i].fn(&p, args);
        }
    cr_assert_fail("no BIF dbgsh_trace:format_line/%u", arity);
    return THE_NON_VALUE;
}

static void expect_binary(term_t got, const char *want)
{
    cr_assert(got != THE_NON_VALUE && term_is_bitstring(got), "not a binary");
    bin_view v;
    bin_view_of(got, &v);
    cr_assert_eq(v.bitsize, 0);
    cr_assert_eq(v.size, strlen(want), "size %zu, want %zu", (size_t)v.size, strlen(want));
    for (size_t i = 0; i < v.size; i++)
        cr_assert_eq(bin_byte_at(&v, i), (uint8_t)want[i], "byte %zu", i);
}

Test(traceline, bif_format_line)
{
    memset(&p, 0, sizeof p);
    heap_init(&p.heap, ALLOC_HEAP);
    term_t a[2];
    a[0] = msg("{trace,'$pid',call,{m,f,[1,2]}}");
    expect_binary(call_bif(1, a), "(<0.90.0>) call m:f(1,2)\n");
    a[0] = msg("end_of_trace");
    expect_binary(call_bif(1, a), "");
    a[0] = msg("{trace,'$pid','receive',{dbg,ok}}");
    expect_binary(call_bif(1, a), "");

    /* Modifier "t" (a unicode device) against "" and latin1: the rows
     * call_unicode_t and call_unicode_latin1. */
    a[0] = msg("{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}");
    const char *t_text = "(<0.90.0>) call m:'caf\303\251\342\202\254'(\"\303\251t\303\251\",[8364],<<\"\303\251\"/utf8>>,<<226,130,172>>,'\342\202\254')\n";
    const char *l_text = "(<0.90.0>) call m:'caf\303\251\\x{20AC}'(\"\303\251t\303\251\",[8364],<<\"\303\203\302\251\">>,<<226,130,172>>,'\\x{20AC}')\n";
    a[1] = msg("\"t\"");
    expect_binary(call_bif(2, a), t_text);
    a[1] = atom_from_cstr("unicode");
    expect_binary(call_bif(2, a), t_text);
    a[1] = NIL;
    expect_binary(call_bif(2, a), l_text);
    a[1] = atom_from_cstr("latin1");
    expect_binary(call_bif(2, a), l_text);
    expect_binary(call_bif(1, a), l_text);

    /* What dbg raises. */
    a[0] = msg("{trace,'$pid',send,x}");
    cr_assert_eq(call_bif(1, a), THE_NON_VALUE);
    cr_assert_eq(p.fclass, CLASS_ERROR);
    cr_assert_eq(p.freason, ATOM_badarg);
    a[0] = msg("{seq_trace,0,x,1,2}");
    cr_assert_eq(call_bif(1, a), THE_NON_VALUE);
    cr_assert_eq(p.fclass, CLASS_ERROR);
    cr_assert(term_is_tuple(p.freason) && tuple_arity(p.freason) == 2);
    cr_assert_eq(tuple_get(p.freason, 0), ATOM_case_clause);
    cr_assert_eq(tuple_get(p.freason, 1), a[0]);

    /* A modifier that is neither "" nor "t" nor an encoding. */
    a[0] = msg("{drop,1}");
    a[1] = msg("\"x\"");
    cr_assert_eq(call_bif(2, a), THE_NON_VALUE);
    cr_assert_eq(p.freason, ATOM_badarg);
    a[1] = term_small(1);
    cr_assert_eq(call_bif(2, a), THE_NON_VALUE);
    heap_destroy(&p.heap);
}
