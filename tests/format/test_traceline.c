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

static heap_t heap;
static fmt_buf buf;

static void setup(void)
{
    atom_table_init();
    heap_init(&heap, ALLOC_HEAP);
    fmt_buf_init(&buf);
}

static void teardown(void)
{
    fmt_buf_free(&buf);
    heap_destroy(&heap);
}

TestSuite(traceline, .init = setup, .fini = teardown);

/* The term the placeholders of a row stand for. Terms of the rows are a
 * few levels deep; the walk recurses on heads and elements only, with a
 * bound. */
static term_t subst(term_t t, int depth)
{
    cr_assert(depth < 32, "row term too deep for subst");
    if (t == atom_from_cstr("$pid"))
        return term_local_pid(90, 0);
    if (t == atom_from_cstr("$pid2"))
        return term_local_pid(91, 0);
    if (t == atom_from_cstr("$port"))
        return term_local_port(3);
    if (term_is_tuple(t)) {
        for (uint64_t i = 0; i < tuple_arity(t); i++)
            tuple_elems(t)[i] = subst(tuple_elems(t)[i], depth + 1);
    } else if (term_is_list(t)) {
        for (term_t l = t;; l = list_tail(l)) {
            list_ptr(l)[0] = subst(list_head(l), depth + 1);
            if (!term_is_list(list_tail(l))) {
                if (!term_is_nil(list_tail(l)))
                    list_ptr(l)[1] = subst(list_tail(l), depth + 1);
                break;
            }
        }
    }
    return t;
}

static term_t msg(const char *text)
{
    term_t t;
    read_error err;
    cr_assert_eq(read_term_nodot(&heap, text, strlen(text), &t, &err), READ_OK, "cannot read %s: %s", text,
                 err.msg);
    return subst(t, 0);
}

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
