/* test_tracejson.c: one JSON object per trace event (fmt_trace_json) and
 * the text it carries. Every expected "text" is what real dbg:dhandler(Msg,
 * {Io, Modifier}) wrote (as in test_traceline.c: '$pid' is <0.90.0>,
 * '$pid2' <0.91.0>, '$port' #Port<0.3>; Modifier "t" for the unicode rows,
 * erl +pc unicode for the urange rows). Every expected line was made in erl
 * by a second implementation of docs/internals/tracejson.md: each field the
 * ~w (~tw) text io_lib:format gives, "ts" with the iso rows
 * calendar:system_time_to_rfc3339(Us, [{unit, microsecond}, {offset, "Z"}])
 * where it applies (with the iso rows, dbg's timestamp in the text is
 * replaced by the same string), encoded by a JSON writer in Erlang. Every
 * line produced here is also read back by python3's json module. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/format.h"
#include "tests/lib/trace_rows.h"

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

TestSuite(tracejson, .init = setup, .fini = teardown);

static term_t msg(const char *text) { return trace_row_msg(&heap, text); }

typedef struct json_row {
    const char *name;
    const char *msg;
    bool unicode;       /* Modifier "t", ~tw */
    bool unicode_range; /* erl +pc unicode */
    bool iso;           /* opts.iso_clock */
    fmt_trace_result result;
    const char *line; /* dbg's text (with the iso clock for iso rows) */
    const char *json; /* the object and its newline; "" when none */
} json_row;

static const json_row ROWS[] = {
    {"ts_now_latin1", "{trace_ts,'$pid',call,{m,f,[1]},{1714,564800,123456}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) (Timestamp: {1714,564800,123456})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"{1714,564800,123456}\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\"],\"text\":\"(<0.90.0>) call m:f(1) (Timestamp: {1714,564800,123456})\"}\012"},
    {"ts_now_t", "{trace_ts,'$pid',call,{m,f,[1]},{1714,564800,123456}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) (Timestamp: {1714,564800,123456})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"{1714,564800,123456}\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\"],\"text\":\"(<0.90.0>) call m:f(1) (Timestamp: {1714,564800,123456})\"}\012"},
    {"ts_now_latin1_iso", "{trace_ts,'$pid',call,{m,f,[1]},{1714,564800,123456}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) (Timestamp: 2024-05-01T12:00:00.123456Z)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"2024-05-01T12:00:00.123456Z\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\"],\"text\":\"(<0.90.0>) call m:f(1) (Timestamp: 2024-05-01T12:00:00.123456Z)\"}\012"},
    {"ts_monotonic_latin1", "{trace_ts,'$pid',exit,normal,-576460751234567890}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: -576460751234567890)\012",
     "{\"event\":\"exit\",\"pid\":\"<0.90.0>\",\"ts\":\"-576460751234567890\",\"reason\":\"normal\",\"text\":\"(<0.90.0>) exit normal (Timestamp: -576460751234567890)\"}\012"},
    {"ts_monotonic_t", "{trace_ts,'$pid',exit,normal,-576460751234567890}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: -576460751234567890)\012",
     "{\"event\":\"exit\",\"pid\":\"<0.90.0>\",\"ts\":\"-576460751234567890\",\"reason\":\"normal\",\"text\":\"(<0.90.0>) exit normal (Timestamp: -576460751234567890)\"}\012"},
    {"ts_monotonic_latin1_iso", "{trace_ts,'$pid',exit,normal,-576460751234567890}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) exit normal (Timestamp: -576460751234567890)\012",
     "{\"event\":\"exit\",\"pid\":\"<0.90.0>\",\"ts\":\"-576460751234567890\",\"reason\":\"normal\",\"text\":\"(<0.90.0>) exit normal (Timestamp: -576460751234567890)\"}\012"},
    {"ts_strict_latin1", "{trace_ts,'$pid',send,x,'$pid2',{-576460751234567890,7}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"ts\":\"{-576460751234567890,7}\",\"message\":\"x\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\"}\012"},
    {"ts_strict_t", "{trace_ts,'$pid',send,x,'$pid2',{-576460751234567890,7}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"ts\":\"{-576460751234567890,7}\",\"message\":\"x\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\"}\012"},
    {"ts_strict_latin1_iso", "{trace_ts,'$pid',send,x,'$pid2',{-576460751234567890,7}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"ts\":\"{-576460751234567890,7}\",\"message\":\"x\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) <0.91.0> ! x (Timestamp: {-576460751234567890,7})\"}\012"},
    {"ts_cpu_latin1", "{trace_ts,'$pid',return_from,{m,f,0},ok,{0,0,1234}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> ok (Timestamp: {0,0,1234})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{0,0,1234}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"ok\",\"text\":\"(<0.90.0>) returned from m:f/0 -> ok (Timestamp: {0,0,1234})\"}\012"},
    {"ts_cpu_t", "{trace_ts,'$pid',return_from,{m,f,0},ok,{0,0,1234}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> ok (Timestamp: {0,0,1234})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{0,0,1234}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"ok\",\"text\":\"(<0.90.0>) returned from m:f/0 -> ok (Timestamp: {0,0,1234})\"}\012"},
    {"ts_cpu_latin1_iso", "{trace_ts,'$pid',return_from,{m,f,0},ok,{0,0,1234}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> ok (Timestamp: 1970-01-01T00:00:00.001234Z)\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"1970-01-01T00:00:00.001234Z\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"ok\",\"text\":\"(<0.90.0>) returned from m:f/0 -> ok (Timestamp: 1970-01-01T00:00:00.001234Z)\"}\012"},
    {"ts_negative_latin1", "{trace_ts,'$pid',link,'$pid2',{-1,0,0}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {-1,0,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{-1,0,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {-1,0,0})\"}\012"},
    {"ts_negative_t", "{trace_ts,'$pid',link,'$pid2',{-1,0,0}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {-1,0,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{-1,0,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {-1,0,0})\"}\012"},
    {"ts_negative_latin1_iso", "{trace_ts,'$pid',link,'$pid2',{-1,0,0}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {-1,0,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{-1,0,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {-1,0,0})\"}\012"},
    {"ts_secs_over_latin1", "{trace_ts,'$pid',link,'$pid2',{1,1000000,0}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {1,1000000,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,1000000,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {1,1000000,0})\"}\012"},
    {"ts_secs_over_t", "{trace_ts,'$pid',link,'$pid2',{1,1000000,0}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {1,1000000,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,1000000,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {1,1000000,0})\"}\012"},
    {"ts_secs_over_latin1_iso", "{trace_ts,'$pid',link,'$pid2',{1,1000000,0}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {1,1000000,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,1000000,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {1,1000000,0})\"}\012"},
    {"ts_after_9999_latin1", "{trace_ts,'$pid',link,'$pid2',{253402,300800,0}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {253402,300800,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{253402,300800,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {253402,300800,0})\"}\012"},
    {"ts_after_9999_t", "{trace_ts,'$pid',link,'$pid2',{253402,300800,0}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {253402,300800,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{253402,300800,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {253402,300800,0})\"}\012"},
    {"ts_after_9999_latin1_iso", "{trace_ts,'$pid',link,'$pid2',{253402,300800,0}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {253402,300800,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{253402,300800,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {253402,300800,0})\"}\012"},
    {"ts_last_latin1", "{trace_ts,'$pid',link,'$pid2',{253402,300799,999999}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {253402,300799,999999})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{253402,300799,999999}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {253402,300799,999999})\"}\012"},
    {"ts_last_t", "{trace_ts,'$pid',link,'$pid2',{253402,300799,999999}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {253402,300799,999999})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{253402,300799,999999}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {253402,300799,999999})\"}\012"},
    {"ts_last_latin1_iso", "{trace_ts,'$pid',link,'$pid2',{253402,300799,999999}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: 9999-12-31T23:59:59.999999Z)\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"9999-12-31T23:59:59.999999Z\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: 9999-12-31T23:59:59.999999Z)\"}\012"},
    {"ts_bignum_latin1", "{trace_ts,'$pid',link,'$pid2',{100000000000000000000,0,0}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {100000000000000000000,0,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{100000000000000000000,0,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {100000000000000000000,0,0})\"}\012"},
    {"ts_bignum_t", "{trace_ts,'$pid',link,'$pid2',{100000000000000000000,0,0}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {100000000000000000000,0,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{100000000000000000000,0,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {100000000000000000000,0,0})\"}\012"},
    {"ts_bignum_latin1_iso", "{trace_ts,'$pid',link,'$pid2',{100000000000000000000,0,0}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> (Timestamp: {100000000000000000000,0,0})\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"ts\":\"{100000000000000000000,0,0}\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0> (Timestamp: {100000000000000000000,0,0})\"}\012"},
    {"ts_message_latin1", "{trace_ts,'$pid',call,{m,f,[]},{message,ok},{1,2,3}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f() ({message,ok}) (Timestamp: {1,2,3})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"module\":\"m\",\"function\":\"f\",\"args\":[],\"extra\":\"{message,ok}\",\"text\":\"(<0.90.0>) call m:f() ({message,ok}) (Timestamp: {1,2,3})\"}\012"},
    {"ts_message_t", "{trace_ts,'$pid',call,{m,f,[]},{message,ok},{1,2,3}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f() ({message,ok}) (Timestamp: {1,2,3})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"module\":\"m\",\"function\":\"f\",\"args\":[],\"extra\":\"{message,ok}\",\"text\":\"(<0.90.0>) call m:f() ({message,ok}) (Timestamp: {1,2,3})\"}\012"},
    {"ts_message_latin1_iso", "{trace_ts,'$pid',call,{m,f,[]},{message,ok},{1,2,3}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) call m:f() ({message,ok}) (Timestamp: 1970-01-12T13:46:42.000003Z)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"1970-01-12T13:46:42.000003Z\",\"module\":\"m\",\"function\":\"f\",\"args\":[],\"extra\":\"{message,ok}\",\"text\":\"(<0.90.0>) call m:f() ({message,ok}) (Timestamp: 1970-01-12T13:46:42.000003Z)\"}\012"},
    {"ts_receive_itself_latin1", "{trace_ts,'$pid','receive',{1,2,3}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {1,2,3} (Timestamp: {1,2,3})\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"data\":[],\"text\":\"(<0.90.0>) << {1,2,3} (Timestamp: {1,2,3})\"}\012"},
    {"ts_receive_itself_t", "{trace_ts,'$pid','receive',{1,2,3}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {1,2,3} (Timestamp: {1,2,3})\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"data\":[],\"text\":\"(<0.90.0>) << {1,2,3} (Timestamp: {1,2,3})\"}\012"},
    {"ts_receive_itself_latin1_iso", "{trace_ts,'$pid','receive',{1,2,3}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) << {1,2,3} (Timestamp: 1970-01-12T13:46:42.000003Z)\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"ts\":\"1970-01-12T13:46:42.000003Z\",\"data\":[],\"text\":\"(<0.90.0>) << {1,2,3} (Timestamp: 1970-01-12T13:46:42.000003Z)\"}\012"},
    {"ts_call_itself_latin1", "{trace_ts,'$pid',call,{1,2,3}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call 1:2/3 (Timestamp: {1,2,3})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"data\":[],\"text\":\"(<0.90.0>) call 1:2/3 (Timestamp: {1,2,3})\"}\012"},
    {"ts_call_itself_t", "{trace_ts,'$pid',call,{1,2,3}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call 1:2/3 (Timestamp: {1,2,3})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"data\":[],\"text\":\"(<0.90.0>) call 1:2/3 (Timestamp: {1,2,3})\"}\012"},
    {"ts_call_itself_latin1_iso", "{trace_ts,'$pid',call,{1,2,3}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) call 1:2/3 (Timestamp: 1970-01-12T13:46:42.000003Z)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"ts\":\"1970-01-12T13:46:42.000003Z\",\"data\":[],\"text\":\"(<0.90.0>) call 1:2/3 (Timestamp: 1970-01-12T13:46:42.000003Z)\"}\012"},
    {"ts_send_short_latin1", "{trace_ts,'$pid',send,x,{1,2,3}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) {1,2,3} ! x (Timestamp: {1,2,3})\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) {1,2,3} ! x (Timestamp: {1,2,3})\"}\012"},
    {"ts_send_short_t", "{trace_ts,'$pid',send,x,{1,2,3}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) {1,2,3} ! x (Timestamp: {1,2,3})\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"ts\":\"{1,2,3}\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) {1,2,3} ! x (Timestamp: {1,2,3})\"}\012"},
    {"ts_send_short_latin1_iso", "{trace_ts,'$pid',send,x,{1,2,3}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) {1,2,3} ! x (Timestamp: 1970-01-12T13:46:42.000003Z)\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"ts\":\"1970-01-12T13:46:42.000003Z\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) {1,2,3} ! x (Timestamp: 1970-01-12T13:46:42.000003Z)\"}\012"},
    {"ts_gc_latin1", "{trace_ts,'$pid',gc_minor_end,[{heap_size,1}],{1700,0,1}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_minor_end [{heap_size,1}] (Timestamp: {1700,0,1})\012",
     "{\"event\":\"gc_minor_end\",\"pid\":\"<0.90.0>\",\"ts\":\"{1700,0,1}\",\"info\":\"[{heap_size,1}]\",\"text\":\"(<0.90.0>) gc_minor_end [{heap_size,1}] (Timestamp: {1700,0,1})\"}\012"},
    {"ts_gc_t", "{trace_ts,'$pid',gc_minor_end,[{heap_size,1}],{1700,0,1}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_minor_end [{heap_size,1}] (Timestamp: {1700,0,1})\012",
     "{\"event\":\"gc_minor_end\",\"pid\":\"<0.90.0>\",\"ts\":\"{1700,0,1}\",\"info\":\"[{heap_size,1}]\",\"text\":\"(<0.90.0>) gc_minor_end [{heap_size,1}] (Timestamp: {1700,0,1})\"}\012"},
    {"ts_gc_latin1_iso", "{trace_ts,'$pid',gc_minor_end,[{heap_size,1}],{1700,0,1}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) gc_minor_end [{heap_size,1}] (Timestamp: 2023-11-14T22:13:20.000001Z)\012",
     "{\"event\":\"gc_minor_end\",\"pid\":\"<0.90.0>\",\"ts\":\"2023-11-14T22:13:20.000001Z\",\"info\":\"[{heap_size,1}]\",\"text\":\"(<0.90.0>) gc_minor_end [{heap_size,1}] (Timestamp: 2023-11-14T22:13:20.000001Z)\"}\012"},
    {"ts_wraps_latin1", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{1700000000,123456,789012}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {1700000000,\012                                                                                                          123456,\012                                                                                                          789012})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{1700000000,123456,789012}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"[97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97]\",\"text\":\"(<0.90.0>) returned from m:f/0 -> \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\" (Timestamp: {1700000000,\\n                                                                                                          123456,\\n                                                                                                          789012})\"}\012"},
    {"ts_wraps_t", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{1700000000,123456,789012}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {1700000000,\012                                                                                                          123456,\012                                                                                                          789012})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{1700000000,123456,789012}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"[97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97]\",\"text\":\"(<0.90.0>) returned from m:f/0 -> \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\" (Timestamp: {1700000000,\\n                                                                                                          123456,\\n                                                                                                          789012})\"}\012"},
    {"ts_wraps_latin1_iso", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{1700000000,123456,789012}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {1700000000,\012                                                                                                          123456,\012                                                                                                          789012})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{1700000000,123456,789012}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"[97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97]\",\"text\":\"(<0.90.0>) returned from m:f/0 -> \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\" (Timestamp: {1700000000,\\n                                                                                                          123456,\\n                                                                                                          789012})\"}\012"},
    {"ts_wraps_ok_latin1", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{170000,123456,789012}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {170000,\012                                                                                                          123456,\012                                                                                                          789012})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{170000,123456,789012}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"[97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97]\",\"text\":\"(<0.90.0>) returned from m:f/0 -> \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\" (Timestamp: {170000,\\n                                                                                                          123456,\\n                                                                                                          789012})\"}\012"},
    {"ts_wraps_ok_t", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{170000,123456,789012}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: {170000,\012                                                                                                          123456,\012                                                                                                          789012})\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"{170000,123456,789012}\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"[97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97]\",\"text\":\"(<0.90.0>) returned from m:f/0 -> \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\" (Timestamp: {170000,\\n                                                                                                          123456,\\n                                                                                                          789012})\"}\012"},
    {"ts_wraps_ok_latin1_iso", "{trace_ts,'$pid',return_from,{m,f,0},\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",{170000,123456,789012}}", false, false, true, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (Timestamp: 7357-02-02T00:30:56.789012Z)\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"ts\":\"7357-02-02T00:30:56.789012Z\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"[97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97]\",\"text\":\"(<0.90.0>) returned from m:f/0 -> \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\" (Timestamp: 7357-02-02T00:30:56.789012Z)\"}\012"},
    {"seq_send_latin1", "{seq_trace,0,{send,{1,2},'$pid','$pid2',hello}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\012",
     "{\"event\":\"seq_trace\",\"label\":\"0\",\"kind\":\"send\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\"}\012"},
    {"seq_send_t", "{seq_trace,0,{send,{1,2},'$pid','$pid2',hello}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\012",
     "{\"event\":\"seq_trace\",\"label\":\"0\",\"kind\":\"send\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\"}\012"},
    {"seq_send_latin1_iso", "{seq_trace,0,{send,{1,2},'$pid','$pid2',hello}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\012",
     "{\"event\":\"seq_trace\",\"label\":\"0\",\"kind\":\"send\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace [0]: (<0.90.0>) <0.91.0> ! hello [Serial: {1,2}]\"}\012"},
    {"seq_receive_ts_latin1", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},{1,2,3}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace {1,2,3} [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"{1,2,3}\",\"label\":\"0\",\"kind\":\"receive\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace {1,2,3} [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\"}\012"},
    {"seq_receive_ts_t", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},{1,2,3}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace {1,2,3} [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"{1,2,3}\",\"label\":\"0\",\"kind\":\"receive\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace {1,2,3} [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\"}\012"},
    {"seq_receive_ts_latin1_iso", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},{1,2,3}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace 1970-01-12T13:46:42.000003Z [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"1970-01-12T13:46:42.000003Z\",\"label\":\"0\",\"kind\":\"receive\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace 1970-01-12T13:46:42.000003Z [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\"}\012"},
    {"seq_receive_mono_latin1", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},-576460751234567890}", false, false, false, FMT_TRACE_OK,
     "SeqTrace -576460751234567890 [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"-576460751234567890\",\"label\":\"0\",\"kind\":\"receive\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace -576460751234567890 [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\"}\012"},
    {"seq_receive_mono_t", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},-576460751234567890}", true, false, false, FMT_TRACE_OK,
     "SeqTrace -576460751234567890 [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"-576460751234567890\",\"label\":\"0\",\"kind\":\"receive\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace -576460751234567890 [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\"}\012"},
    {"seq_receive_mono_latin1_iso", "{seq_trace,0,{'receive',{1,2},'$pid','$pid2',hello},-576460751234567890}", false, false, true, FMT_TRACE_OK,
     "SeqTrace -576460751234567890 [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"-576460751234567890\",\"label\":\"0\",\"kind\":\"receive\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"hello\",\"text\":\"SeqTrace -576460751234567890 [0]: (<0.91.0>) << hello [Serial: {1,2}, From: <0.90.0>]\"}\012"},
    {"seq_print_latin1", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"kind\":\"print\",\"serial\":\"3\",\"from\":\"<0.90.0>\",\"info\":\"[110,111,116,101]\",\"text\":\"SeqTrace [lbl]: -> \\\"note\\\" [Serial: 3, From: <0.90.0>]\"}\012"},
    {"seq_print_t", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"kind\":\"print\",\"serial\":\"3\",\"from\":\"<0.90.0>\",\"info\":\"[110,111,116,101]\",\"text\":\"SeqTrace [lbl]: -> \\\"note\\\" [Serial: 3, From: <0.90.0>]\"}\012"},
    {"seq_print_latin1_iso", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"kind\":\"print\",\"serial\":\"3\",\"from\":\"<0.90.0>\",\"info\":\"[110,111,116,101]\",\"text\":\"SeqTrace [lbl]: -> \\\"note\\\" [Serial: 3, From: <0.90.0>]\"}\012"},
    {"seq_print_ts_latin1", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"},{1714,564800,123456}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace {1714,564800,123456} [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"{1714,564800,123456}\",\"label\":\"lbl\",\"kind\":\"print\",\"serial\":\"3\",\"from\":\"<0.90.0>\",\"info\":\"[110,111,116,101]\",\"text\":\"SeqTrace {1714,564800,123456} [lbl]: -> \\\"note\\\" [Serial: 3, From: <0.90.0>]\"}\012"},
    {"seq_print_ts_t", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"},{1714,564800,123456}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace {1714,564800,123456} [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"{1714,564800,123456}\",\"label\":\"lbl\",\"kind\":\"print\",\"serial\":\"3\",\"from\":\"<0.90.0>\",\"info\":\"[110,111,116,101]\",\"text\":\"SeqTrace {1714,564800,123456} [lbl]: -> \\\"note\\\" [Serial: 3, From: <0.90.0>]\"}\012"},
    {"seq_print_ts_latin1_iso", "{seq_trace,lbl,{print,3,'$pid',ignored,\"note\"},{1714,564800,123456}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace 2024-05-01T12:00:00.123456Z [lbl]: -> \"note\" [Serial: 3, From: <0.90.0>]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"2024-05-01T12:00:00.123456Z\",\"label\":\"lbl\",\"kind\":\"print\",\"serial\":\"3\",\"from\":\"<0.90.0>\",\"info\":\"[110,111,116,101]\",\"text\":\"SeqTrace 2024-05-01T12:00:00.123456Z [lbl]: -> \\\"note\\\" [Serial: 3, From: <0.90.0>]\"}\012"},
    {"seq_other_latin1", "{seq_trace,lbl,{something,else}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,else}\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"info\":\"{something,else}\",\"text\":\"SeqTrace [lbl]: {something,else}\"}\012"},
    {"seq_other_t", "{seq_trace,lbl,{something,else}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,else}\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"info\":\"{something,else}\",\"text\":\"SeqTrace [lbl]: {something,else}\"}\012"},
    {"seq_other_latin1_iso", "{seq_trace,lbl,{something,else}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,else}\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"info\":\"{something,else}\",\"text\":\"SeqTrace [lbl]: {something,else}\"}\012"},
    {"seq_other5_latin1", "{seq_trace,lbl,{something,1,2,3,4}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,1,2,3,4}\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"info\":\"{something,1,2,3,4}\",\"text\":\"SeqTrace [lbl]: {something,1,2,3,4}\"}\012"},
    {"seq_other5_t", "{seq_trace,lbl,{something,1,2,3,4}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,1,2,3,4}\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"info\":\"{something,1,2,3,4}\",\"text\":\"SeqTrace [lbl]: {something,1,2,3,4}\"}\012"},
    {"seq_other5_latin1_iso", "{seq_trace,lbl,{something,1,2,3,4}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace [lbl]: {something,1,2,3,4}\012",
     "{\"event\":\"seq_trace\",\"label\":\"lbl\",\"info\":\"{something,1,2,3,4}\",\"text\":\"SeqTrace [lbl]: {something,1,2,3,4}\"}\012"},
    {"seq_wrap_latin1", "{seq_trace,0,{send,{1,2},'$pid','$pid2',[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]},{1714,564800,123456}}", false, false, false, FMT_TRACE_OK,
     "SeqTrace {1714,564800,123456} [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\012                       ffffffffff,gggggggggg] [Serial: {1,2}]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"{1714,564800,123456}\",\"label\":\"0\",\"kind\":\"send\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]\",\"text\":\"SeqTrace {1714,564800,123456} [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\\n                       ffffffffff,gggggggggg] [Serial: {1,2}]\"}\012"},
    {"seq_wrap_t", "{seq_trace,0,{send,{1,2},'$pid','$pid2',[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]},{1714,564800,123456}}", true, false, false, FMT_TRACE_OK,
     "SeqTrace {1714,564800,123456} [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\012                       ffffffffff,gggggggggg] [Serial: {1,2}]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"{1714,564800,123456}\",\"label\":\"0\",\"kind\":\"send\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]\",\"text\":\"SeqTrace {1714,564800,123456} [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\\n                       ffffffffff,gggggggggg] [Serial: {1,2}]\"}\012"},
    {"seq_wrap_latin1_iso", "{seq_trace,0,{send,{1,2},'$pid','$pid2',[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]},{1714,564800,123456}}", false, false, true, FMT_TRACE_OK,
     "SeqTrace 2024-05-01T12:00:00.123456Z [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\012                       ffffffffff,gggggggggg] [Serial: {1,2}]\012",
     "{\"event\":\"seq_trace\",\"ts\":\"2024-05-01T12:00:00.123456Z\",\"label\":\"0\",\"kind\":\"send\",\"serial\":\"{1,2}\",\"from\":\"<0.90.0>\",\"to\":\"<0.91.0>\",\"message\":\"[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg]\",\"text\":\"SeqTrace 2024-05-01T12:00:00.123456Z [0]: (<0.90.0>) <0.91.0> ! [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,\\n                       ffffffffff,gggggggggg] [Serial: {1,2}]\"}\012"},
    {"call_latin1", "{trace,'$pid',call,{m,f,[1,2]}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,2)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\",\"2\"],\"text\":\"(<0.90.0>) call m:f(1,2)\"}\012"},
    {"call_t", "{trace,'$pid',call,{m,f,[1,2]}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,2)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\",\"2\"],\"text\":\"(<0.90.0>) call m:f(1,2)\"}\012"},
    {"call_noargs_latin1", "{trace,'$pid',call,{m,f,[]}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f()\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[],\"text\":\"(<0.90.0>) call m:f()\"}\012"},
    {"call_noargs_t", "{trace,'$pid',call,{m,f,[]}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f()\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[],\"text\":\"(<0.90.0>) call m:f()\"}\012"},
    {"call_arity_latin1", "{trace,'$pid',call,{m,f,2}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/2\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"2\",\"text\":\"(<0.90.0>) call m:f/2\"}\012"},
    {"call_arity_t", "{trace,'$pid',call,{m,f,2}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/2\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"2\",\"text\":\"(<0.90.0>) call m:f/2\"}\012"},
    {"call_bigarity_latin1", "{trace,'$pid',call,{m,f,123456789012345678901234567890}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/123456789012345678901234567890\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"123456789012345678901234567890\",\"text\":\"(<0.90.0>) call m:f/123456789012345678901234567890\"}\012"},
    {"call_bigarity_t", "{trace,'$pid',call,{m,f,123456789012345678901234567890}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/123456789012345678901234567890\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"123456789012345678901234567890\",\"text\":\"(<0.90.0>) call m:f/123456789012345678901234567890\"}\012"},
    {"call_extra_latin1", "{trace,'$pid',call,{m,f,[1]},{m,g,3}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) ({m,g,3})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\"],\"extra\":\"{m,g,3}\",\"text\":\"(<0.90.0>) call m:f(1) ({m,g,3})\"}\012"},
    {"call_extra_t", "{trace,'$pid',call,{m,f,[1]},{m,g,3}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1) ({m,g,3})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\"],\"extra\":\"{m,g,3}\",\"text\":\"(<0.90.0>) call m:f(1) ({m,g,3})\"}\012"},
    {"call_improper_latin1", "{trace,'$pid',call,{m,f,[1,a|foo]}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,a,foo)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,[1,a|foo]}\"],\"text\":\"(<0.90.0>) call m:f(1,a,foo)\"}\012"},
    {"call_improper_t", "{trace,'$pid',call,{m,f,[1,a|foo]}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f(1,a,foo)\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,[1,a|foo]}\"],\"text\":\"(<0.90.0>) call m:f(1,a,foo)\"}\012"},
    {"call_not_mfa_latin1", "{trace,'$pid',call,{m,f}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call {m,f}\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f}\"],\"text\":\"(<0.90.0>) call {m,f}\"}\012"},
    {"call_not_mfa_t", "{trace,'$pid',call,{m,f}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call {m,f}\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f}\"],\"text\":\"(<0.90.0>) call {m,f}\"}\012"},
    {"call_odd_arity_latin1", "{trace,'$pid',call,{m,f,x}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/x\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,x}\"],\"text\":\"(<0.90.0>) call m:f/x\"}\012"},
    {"call_odd_arity_t", "{trace,'$pid',call,{m,f,x}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:f/x\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,x}\"],\"text\":\"(<0.90.0>) call m:f/x\"}\012"},
    {"call_quotes_latin1", "{trace,'$pid',call,{'M od','f\"n',[\"a\\\"b\\\\c\",<<\"x\">>,'a\\nb','q\\\\\"',\"tab\\there\",1.5,-7,#{a=>1,\"k\"=>[1]}]}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call 'M od':'f\"n'(\"a\\\"b\\\\c\",<<\"x\">>,'a\\nb','q\\\\\"',\"tab\\there\",1.5,-7,#{a => 1,\"k\" => [1]})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"'M od'\",\"function\":\"'f\\\"n'\",\"args\":[\"[97,34,98,92,99]\",\"<<120>>\",\"'a\\\\nb'\",\"'q\\\\\\\\\\\"'\",\"[116,97,98,9,104,101,114,101]\",\"1.5\",\"-7\",\"#{a => 1,[107] => [1]}\"],\"text\":\"(<0.90.0>) call 'M od':'f\\\"n'(\\\"a\\\\\\\"b\\\\\\\\c\\\",<<\\\"x\\\">>,'a\\\\nb','q\\\\\\\\\\\"',\\\"tab\\\\there\\\",1.5,-7,#{a => 1,\\\"k\\\" => [1]})\"}\012"},
    {"call_quotes_t", "{trace,'$pid',call,{'M od','f\"n',[\"a\\\"b\\\\c\",<<\"x\">>,'a\\nb','q\\\\\"',\"tab\\there\",1.5,-7,#{a=>1,\"k\"=>[1]}]}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call 'M od':'f\"n'(\"a\\\"b\\\\c\",<<\"x\">>,'a\\nb','q\\\\\"',\"tab\\there\",1.5,-7,#{a => 1,\"k\" => [1]})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"'M od'\",\"function\":\"'f\\\"n'\",\"args\":[\"[97,34,98,92,99]\",\"<<120>>\",\"'a\\\\nb'\",\"'q\\\\\\\\\\\"'\",\"[116,97,98,9,104,101,114,101]\",\"1.5\",\"-7\",\"#{a => 1,[107] => [1]}\"],\"text\":\"(<0.90.0>) call 'M od':'f\\\"n'(\\\"a\\\\\\\"b\\\\\\\\c\\\",<<\\\"x\\\">>,'a\\\\nb','q\\\\\\\\\\\"',\\\"tab\\\\there\\\",1.5,-7,#{a => 1,\\\"k\\\" => [1]})\"}\012"},
    {"call_wrap_latin1", "{trace,'$pid',call,{lists,map,[[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,wwwwwwwwwwwwwwwwww}]}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call lists:map([aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,\012 hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,\012                      wwwwwwwwwwwwwwwwww})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"lists\",\"function\":\"map\",\"args\":[\"[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,hhhhhhhhhh]\",\"{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,wwwwwwwwwwwwwwwwww}\"],\"text\":\"(<0.90.0>) call lists:map([aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,\\n hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,\\n                      wwwwwwwwwwwwwwwwww})\"}\012"},
    {"call_wrap_t", "{trace,'$pid',call,{lists,map,[[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,wwwwwwwwwwwwwwwwww}]}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call lists:map([aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,\012 hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,\012                      wwwwwwwwwwwwwwwwww})\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"lists\",\"function\":\"map\",\"args\":[\"[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,hhhhhhhhhh]\",\"{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,wwwwwwwwwwwwwwwwww}\"],\"text\":\"(<0.90.0>) call lists:map([aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,\\n hhhhhhhhhh],{xxxxxxxxxxxxxxxxxxxx,yyyyyyyyyyyyyyyyyyyyyyyyy,zzzzzzzzzzzzzzzzzzzzzzzzzzzz,\\n                      wwwwwwwwwwwwwwwwww})\"}\012"},
    {"call_unicode_latin1", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\\x{20AC}'(\"\303\251t\303\251\",[8364],<<\"\303\203\302\251\">>,<<226,130,172>>,'\\x{20AC}')\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"'caf\303\251\\\\x{20AC}'\",\"args\":[\"[233,116,233]\",\"[8364]\",\"<<195,169>>\",\"<<226,130,172>>\",\"'\\\\x{20AC}'\"],\"text\":\"(<0.90.0>) call m:'caf\303\251\\\\x{20AC}'(\\\"\303\251t\303\251\\\",[8364],<<\\\"\303\203\302\251\\\">>,<<226,130,172>>,'\\\\x{20AC}')\"}\012"},
    {"call_unicode_t", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\342\202\254'(\"\303\251t\303\251\",[8364],<<\"\303\251\"/utf8>>,<<226,130,172>>,'\342\202\254')\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"'caf\303\251\342\202\254'\",\"args\":[\"[233,116,233]\",\"[8364]\",\"<<195,169>>\",\"<<226,130,172>>\",\"'\342\202\254'\"],\"text\":\"(<0.90.0>) call m:'caf\303\251\342\202\254'(\\\"\303\251t\303\251\\\",[8364],<<\\\"\303\251\\\"/utf8>>,<<226,130,172>>,'\342\202\254')\"}\012"},
    {"return_from_latin1", "{trace,'$pid',return_from,{m,f,2},{ok,\"done\"}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/2 -> {ok,\"done\"}\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"2\",\"value\":\"{ok,[100,111,110,101]}\",\"text\":\"(<0.90.0>) returned from m:f/2 -> {ok,\\\"done\\\"}\"}\012"},
    {"return_from_t", "{trace,'$pid',return_from,{m,f,2},{ok,\"done\"}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/2 -> {ok,\"done\"}\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"2\",\"value\":\"{ok,[100,111,110,101]}\",\"text\":\"(<0.90.0>) returned from m:f/2 -> {ok,\\\"done\\\"}\"}\012"},
    {"return_from_float_latin1", "{trace,'$pid',return_from,{m,f,0},3.14}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> 3.14\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"3.14\",\"text\":\"(<0.90.0>) returned from m:f/0 -> 3.14\"}\012"},
    {"return_from_float_t", "{trace,'$pid',return_from,{m,f,0},3.14}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f/0 -> 3.14\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"0\",\"value\":\"3.14\",\"text\":\"(<0.90.0>) returned from m:f/0 -> 3.14\"}\012"},
    {"return_from_args_latin1", "{trace,'$pid',return_from,{m,f,[1]},ok}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f(1) -> ok\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,[1]}\",\"ok\"],\"text\":\"(<0.90.0>) returned from m:f(1) -> ok\"}\012"},
    {"return_from_args_t", "{trace,'$pid',return_from,{m,f,[1]},ok}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returned from m:f(1) -> ok\012",
     "{\"event\":\"return_from\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,[1]}\",\"ok\"],\"text\":\"(<0.90.0>) returned from m:f(1) -> ok\"}\012"},
    {"exception_from_latin1", "{trace,'$pid',exception_from,{m,f,1},{error,badarg}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1} {error,badarg}\012",
     "{\"event\":\"exception_from\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"1\",\"class\":\"error\",\"reason\":\"badarg\",\"text\":\"(<0.90.0>) exception_from {m,f,1} {error,badarg}\"}\012"},
    {"exception_from_t", "{trace,'$pid',exception_from,{m,f,1},{error,badarg}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1} {error,badarg}\012",
     "{\"event\":\"exception_from\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"arity\":\"1\",\"class\":\"error\",\"reason\":\"badarg\",\"text\":\"(<0.90.0>) exception_from {m,f,1} {error,badarg}\"}\012"},
    {"exception_from_odd_latin1", "{trace,'$pid',exception_from,{m,f,1},oops}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1} oops\012",
     "{\"event\":\"exception_from\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,1}\",\"oops\"],\"text\":\"(<0.90.0>) exception_from {m,f,1} oops\"}\012"},
    {"exception_from_odd_t", "{trace,'$pid',exception_from,{m,f,1},oops}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1} oops\012",
     "{\"event\":\"exception_from\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,1}\",\"oops\"],\"text\":\"(<0.90.0>) exception_from {m,f,1} oops\"}\012"},
    {"exception_from_short_latin1", "{trace,'$pid',exception_from,{m,f,1}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1}\012",
     "{\"event\":\"exception_from\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,1}\"],\"text\":\"(<0.90.0>) exception_from {m,f,1}\"}\012"},
    {"exception_from_short_t", "{trace,'$pid',exception_from,{m,f,1}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exception_from {m,f,1}\012",
     "{\"event\":\"exception_from\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,1}\"],\"text\":\"(<0.90.0>) exception_from {m,f,1}\"}\012"},
    {"return_to_latin1", "{trace,'$pid',return_to,{m,g,0}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to m:g/0\012",
     "{\"event\":\"return_to\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"g\",\"arity\":\"0\",\"text\":\"(<0.90.0>) returning to m:g/0\"}\012"},
    {"return_to_t", "{trace,'$pid',return_to,{m,g,0}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to m:g/0\012",
     "{\"event\":\"return_to\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"g\",\"arity\":\"0\",\"text\":\"(<0.90.0>) returning to m:g/0\"}\012"},
    {"return_to_undefined_latin1", "{trace,'$pid',return_to,undefined}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to undefined\012",
     "{\"event\":\"return_to\",\"pid\":\"<0.90.0>\",\"data\":[\"undefined\"],\"text\":\"(<0.90.0>) returning to undefined\"}\012"},
    {"return_to_undefined_t", "{trace,'$pid',return_to,undefined}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) returning to undefined\012",
     "{\"event\":\"return_to\",\"pid\":\"<0.90.0>\",\"data\":[\"undefined\"],\"text\":\"(<0.90.0>) returning to undefined\"}\012"},
    {"old_ret_latin1", "{trace,'$pid',return,{m,f,1},42}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) old_ret m:f/1 -> 42\012",
     "{\"event\":\"return\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,1}\",\"42\"],\"text\":\"(<0.90.0>) old_ret m:f/1 -> 42\"}\012"},
    {"old_ret_t", "{trace,'$pid',return,{m,f,1},42}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) old_ret m:f/1 -> 42\012",
     "{\"event\":\"return\",\"pid\":\"<0.90.0>\",\"data\":[\"{m,f,1}\",\"42\"],\"text\":\"(<0.90.0>) old_ret m:f/1 -> 42\"}\012"},
    {"send_latin1", "{trace,'$pid',send,{hello,<<1,2,3>>},'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! {hello,<<1,2,3>>}\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"message\":\"{hello,<<1,2,3>>}\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) <0.91.0> ! {hello,<<1,2,3>>}\"}\012"},
    {"send_t", "{trace,'$pid',send,{hello,<<1,2,3>>},'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! {hello,<<1,2,3>>}\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"message\":\"{hello,<<1,2,3>>}\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) <0.91.0> ! {hello,<<1,2,3>>}\"}\012"},
    {"send_registered_latin1", "{trace,'$pid',send,ping,logger}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) logger ! ping\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"message\":\"ping\",\"to\":\"logger\",\"text\":\"(<0.90.0>) logger ! ping\"}\012"},
    {"send_registered_t", "{trace,'$pid',send,ping,logger}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) logger ! ping\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"message\":\"ping\",\"to\":\"logger\",\"text\":\"(<0.90.0>) logger ! ping\"}\012"},
    {"send_nonexisting_latin1", "{trace,'$pid',send_to_non_existing_process,hi,'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) send_to_non_existing_process hi <0.91.0>\012",
     "{\"event\":\"send_to_non_existing_process\",\"pid\":\"<0.90.0>\",\"message\":\"hi\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) send_to_non_existing_process hi <0.91.0>\"}\012"},
    {"send_nonexisting_t", "{trace,'$pid',send_to_non_existing_process,hi,'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) send_to_non_existing_process hi <0.91.0>\012",
     "{\"event\":\"send_to_non_existing_process\",\"pid\":\"<0.90.0>\",\"message\":\"hi\",\"to\":\"<0.91.0>\",\"text\":\"(<0.90.0>) send_to_non_existing_process hi <0.91.0>\"}\012"},
    {"send_extra_latin1", "{trace,'$pid',send,hi,'$pid2',more}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! hi\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"data\":[\"hi\",\"<0.91.0>\",\"more\"],\"text\":\"(<0.90.0>) <0.91.0> ! hi\"}\012"},
    {"send_extra_t", "{trace,'$pid',send,hi,'$pid2',more}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) <0.91.0> ! hi\012",
     "{\"event\":\"send\",\"pid\":\"<0.90.0>\",\"data\":[\"hi\",\"<0.91.0>\",\"more\"],\"text\":\"(<0.90.0>) <0.91.0> ! hi\"}\012"},
    {"receive_latin1", "{trace,'$pid','receive',{'$gen_call',{'$pid2',x},stop}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {'$gen_call',{<0.91.0>,x},stop}\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"message\":\"{'$gen_call',{<0.91.0>,x},stop}\",\"text\":\"(<0.90.0>) << {'$gen_call',{<0.91.0>,x},stop}\"}\012"},
    {"receive_t", "{trace,'$pid','receive',{'$gen_call',{'$pid2',x},stop}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) << {'$gen_call',{<0.91.0>,x},stop}\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"message\":\"{'$gen_call',{<0.91.0>,x},stop}\",\"text\":\"(<0.90.0>) << {'$gen_call',{<0.91.0>,x},stop}\"}\012"},
    {"receive_dbg_ok_latin1", "{trace,'$pid','receive',{dbg,ok}}", false, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"receive_dbg_ok_t", "{trace,'$pid','receive',{dbg,ok}}", true, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"spawn_latin1", "{trace,'$pid',spawn,'$pid2',{m,start,[a]}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0> as m:start(a)\012",
     "{\"event\":\"spawn\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"module\":\"m\",\"function\":\"start\",\"args\":[\"a\"],\"text\":\"(<0.90.0>) spawn <0.91.0> as m:start(a)\"}\012"},
    {"spawn_t", "{trace,'$pid',spawn,'$pid2',{m,start,[a]}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0> as m:start(a)\012",
     "{\"event\":\"spawn\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"module\":\"m\",\"function\":\"start\",\"args\":[\"a\"],\"text\":\"(<0.90.0>) spawn <0.91.0> as m:start(a)\"}\012"},
    {"spawn_short_latin1", "{trace,'$pid',spawn,'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0>\012",
     "{\"event\":\"spawn\",\"pid\":\"<0.90.0>\",\"data\":[\"<0.91.0>\"],\"text\":\"(<0.90.0>) spawn <0.91.0>\"}\012"},
    {"spawn_short_t", "{trace,'$pid',spawn,'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0>\012",
     "{\"event\":\"spawn\",\"pid\":\"<0.90.0>\",\"data\":[\"<0.91.0>\"],\"text\":\"(<0.90.0>) spawn <0.91.0>\"}\012"},
    {"spawn_arity_latin1", "{trace,'$pid',spawn,'$pid2',{m,start,1}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0> as m:start/1\012",
     "{\"event\":\"spawn\",\"pid\":\"<0.90.0>\",\"data\":[\"<0.91.0>\",\"{m,start,1}\"],\"text\":\"(<0.90.0>) spawn <0.91.0> as m:start/1\"}\012"},
    {"spawn_arity_t", "{trace,'$pid',spawn,'$pid2',{m,start,1}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) spawn <0.91.0> as m:start/1\012",
     "{\"event\":\"spawn\",\"pid\":\"<0.90.0>\",\"data\":[\"<0.91.0>\",\"{m,start,1}\"],\"text\":\"(<0.90.0>) spawn <0.91.0> as m:start/1\"}\012"},
    {"spawned_latin1", "{trace,'$pid2',spawned,'$pid',{m,start,[a]}}", false, false, false, FMT_TRACE_OK,
     "(<0.91.0>) spawned <0.90.0> {m,start,[a]}\012",
     "{\"event\":\"spawned\",\"pid\":\"<0.91.0>\",\"other\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"start\",\"args\":[\"a\"],\"text\":\"(<0.91.0>) spawned <0.90.0> {m,start,[a]}\"}\012"},
    {"spawned_t", "{trace,'$pid2',spawned,'$pid',{m,start,[a]}}", true, false, false, FMT_TRACE_OK,
     "(<0.91.0>) spawned <0.90.0> {m,start,[a]}\012",
     "{\"event\":\"spawned\",\"pid\":\"<0.91.0>\",\"other\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"start\",\"args\":[\"a\"],\"text\":\"(<0.91.0>) spawned <0.90.0> {m,start,[a]}\"}\012"},
    {"exit_latin1", "{trace,'$pid',exit,{shutdown,\"why\"}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit {shutdown,\"why\"}\012",
     "{\"event\":\"exit\",\"pid\":\"<0.90.0>\",\"reason\":\"{shutdown,[119,104,121]}\",\"text\":\"(<0.90.0>) exit {shutdown,\\\"why\\\"}\"}\012"},
    {"exit_t", "{trace,'$pid',exit,{shutdown,\"why\"}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) exit {shutdown,\"why\"}\012",
     "{\"event\":\"exit\",\"pid\":\"<0.90.0>\",\"reason\":\"{shutdown,[119,104,121]}\",\"text\":\"(<0.90.0>) exit {shutdown,\\\"why\\\"}\"}\012"},
    {"link_latin1", "{trace,'$pid',link,'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0>\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0>\"}\012"},
    {"link_t", "{trace,'$pid',link,'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0>\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) link <0.91.0>\"}\012"},
    {"link_port_latin1", "{trace,'$pid',link,'$port'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link #Port<0.3>\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"other\":\"#Port<0.3>\",\"text\":\"(<0.90.0>) link #Port<0.3>\"}\012"},
    {"link_port_t", "{trace,'$pid',link,'$port'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link #Port<0.3>\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"other\":\"#Port<0.3>\",\"text\":\"(<0.90.0>) link #Port<0.3>\"}\012"},
    {"link_extra_latin1", "{trace,'$pid',link,'$pid2',extra}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> extra\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"data\":[\"<0.91.0>\",\"extra\"],\"text\":\"(<0.90.0>) link <0.91.0> extra\"}\012"},
    {"link_extra_t", "{trace,'$pid',link,'$pid2',extra}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) link <0.91.0> extra\012",
     "{\"event\":\"link\",\"pid\":\"<0.90.0>\",\"data\":[\"<0.91.0>\",\"extra\"],\"text\":\"(<0.90.0>) link <0.91.0> extra\"}\012"},
    {"unlink_latin1", "{trace,'$pid',unlink,'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) unlink <0.91.0>\012",
     "{\"event\":\"unlink\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) unlink <0.91.0>\"}\012"},
    {"unlink_t", "{trace,'$pid',unlink,'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) unlink <0.91.0>\012",
     "{\"event\":\"unlink\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) unlink <0.91.0>\"}\012"},
    {"getting_linked_latin1", "{trace,'$pid',getting_linked,'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) getting_linked <0.91.0>\012",
     "{\"event\":\"getting_linked\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) getting_linked <0.91.0>\"}\012"},
    {"getting_linked_t", "{trace,'$pid',getting_linked,'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) getting_linked <0.91.0>\012",
     "{\"event\":\"getting_linked\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) getting_linked <0.91.0>\"}\012"},
    {"getting_unlinked_latin1", "{trace,'$pid',getting_unlinked,'$pid2'}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) getting_unlinked <0.91.0>\012",
     "{\"event\":\"getting_unlinked\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) getting_unlinked <0.91.0>\"}\012"},
    {"getting_unlinked_t", "{trace,'$pid',getting_unlinked,'$pid2'}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) getting_unlinked <0.91.0>\012",
     "{\"event\":\"getting_unlinked\",\"pid\":\"<0.90.0>\",\"other\":\"<0.91.0>\",\"text\":\"(<0.90.0>) getting_unlinked <0.91.0>\"}\012"},
    {"register_latin1", "{trace,'$pid',register,my_server}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) register my_server\012",
     "{\"event\":\"register\",\"pid\":\"<0.90.0>\",\"name\":\"my_server\",\"text\":\"(<0.90.0>) register my_server\"}\012"},
    {"register_t", "{trace,'$pid',register,my_server}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) register my_server\012",
     "{\"event\":\"register\",\"pid\":\"<0.90.0>\",\"name\":\"my_server\",\"text\":\"(<0.90.0>) register my_server\"}\012"},
    {"unregister_latin1", "{trace,'$pid',unregister,my_server}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) unregister my_server\012",
     "{\"event\":\"unregister\",\"pid\":\"<0.90.0>\",\"name\":\"my_server\",\"text\":\"(<0.90.0>) unregister my_server\"}\012"},
    {"unregister_t", "{trace,'$pid',unregister,my_server}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) unregister my_server\012",
     "{\"event\":\"unregister\",\"pid\":\"<0.90.0>\",\"name\":\"my_server\",\"text\":\"(<0.90.0>) unregister my_server\"}\012"},
    {"in_latin1", "{trace,'$pid',in,{gen_server,loop,7}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) in {gen_server,loop,7}\012",
     "{\"event\":\"in\",\"pid\":\"<0.90.0>\",\"mfa\":\"{gen_server,loop,7}\",\"text\":\"(<0.90.0>) in {gen_server,loop,7}\"}\012"},
    {"in_t", "{trace,'$pid',in,{gen_server,loop,7}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) in {gen_server,loop,7}\012",
     "{\"event\":\"in\",\"pid\":\"<0.90.0>\",\"mfa\":\"{gen_server,loop,7}\",\"text\":\"(<0.90.0>) in {gen_server,loop,7}\"}\012"},
    {"out_zero_latin1", "{trace,'$pid',out,0}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) out 0\012",
     "{\"event\":\"out\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) out 0\"}\012"},
    {"out_zero_t", "{trace,'$pid',out,0}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) out 0\012",
     "{\"event\":\"out\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) out 0\"}\012"},
    {"in_exiting_latin1", "{trace,'$pid',in_exiting,0}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) in_exiting 0\012",
     "{\"event\":\"in_exiting\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) in_exiting 0\"}\012"},
    {"in_exiting_t", "{trace,'$pid',in_exiting,0}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) in_exiting 0\012",
     "{\"event\":\"in_exiting\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) in_exiting 0\"}\012"},
    {"out_exiting_latin1", "{trace,'$pid',out_exiting,0}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) out_exiting 0\012",
     "{\"event\":\"out_exiting\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) out_exiting 0\"}\012"},
    {"out_exiting_t", "{trace,'$pid',out_exiting,0}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) out_exiting 0\012",
     "{\"event\":\"out_exiting\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) out_exiting 0\"}\012"},
    {"out_exited_latin1", "{trace,'$pid',out_exited,0}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) out_exited 0\012",
     "{\"event\":\"out_exited\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) out_exited 0\"}\012"},
    {"out_exited_t", "{trace,'$pid',out_exited,0}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) out_exited 0\012",
     "{\"event\":\"out_exited\",\"pid\":\"<0.90.0>\",\"mfa\":\"0\",\"text\":\"(<0.90.0>) out_exited 0\"}\012"},
    {"gc_minor_start_latin1", "{trace,'$pid',gc_minor_start,[{old_heap_block_size,0},{heap_block_size,233},{mbuf_size,0},{recent_size,0},{stack_size,12},{old_heap_size,0},{heap_size,100},{bin_vheap_size,0},{bin_vheap_block_size,46422},{bin_old_vheap_size,0},{bin_old_vheap_block_size,46422}]}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_minor_start [{old_heap_block_size,0},\012 {heap_block_size,233},\012 {mbuf_size,0},\012 {recent_size,0},\012 {stack_size,12},\012 {old_heap_size,0},\012 {heap_size,100},\012 {bin_vheap_size,0},\012 {bin_vheap_block_size,46422},\012 {bin_old_vheap_size,0},\012 {bin_old_vheap_block_size,46422}]\012",
     "{\"event\":\"gc_minor_start\",\"pid\":\"<0.90.0>\",\"info\":\"[{old_heap_block_size,0},{heap_block_size,233},{mbuf_size,0},{recent_size,0},{stack_size,12},{old_heap_size,0},{heap_size,100},{bin_vheap_size,0},{bin_vheap_block_size,46422},{bin_old_vheap_size,0},{bin_old_vheap_block_size,46422}]\",\"text\":\"(<0.90.0>) gc_minor_start [{old_heap_block_size,0},\\n {heap_block_size,233},\\n {mbuf_size,0},\\n {recent_size,0},\\n {stack_size,12},\\n {old_heap_size,0},\\n {heap_size,100},\\n {bin_vheap_size,0},\\n {bin_vheap_block_size,46422},\\n {bin_old_vheap_size,0},\\n {bin_old_vheap_block_size,46422}]\"}\012"},
    {"gc_minor_start_t", "{trace,'$pid',gc_minor_start,[{old_heap_block_size,0},{heap_block_size,233},{mbuf_size,0},{recent_size,0},{stack_size,12},{old_heap_size,0},{heap_size,100},{bin_vheap_size,0},{bin_vheap_block_size,46422},{bin_old_vheap_size,0},{bin_old_vheap_block_size,46422}]}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_minor_start [{old_heap_block_size,0},\012 {heap_block_size,233},\012 {mbuf_size,0},\012 {recent_size,0},\012 {stack_size,12},\012 {old_heap_size,0},\012 {heap_size,100},\012 {bin_vheap_size,0},\012 {bin_vheap_block_size,46422},\012 {bin_old_vheap_size,0},\012 {bin_old_vheap_block_size,46422}]\012",
     "{\"event\":\"gc_minor_start\",\"pid\":\"<0.90.0>\",\"info\":\"[{old_heap_block_size,0},{heap_block_size,233},{mbuf_size,0},{recent_size,0},{stack_size,12},{old_heap_size,0},{heap_size,100},{bin_vheap_size,0},{bin_vheap_block_size,46422},{bin_old_vheap_size,0},{bin_old_vheap_block_size,46422}]\",\"text\":\"(<0.90.0>) gc_minor_start [{old_heap_block_size,0},\\n {heap_block_size,233},\\n {mbuf_size,0},\\n {recent_size,0},\\n {stack_size,12},\\n {old_heap_size,0},\\n {heap_size,100},\\n {bin_vheap_size,0},\\n {bin_vheap_block_size,46422},\\n {bin_old_vheap_size,0},\\n {bin_old_vheap_block_size,46422}]\"}\012"},
    {"gc_major_end_latin1", "{trace,'$pid',gc_major_end,[{heap_size,10}]}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_major_end [{heap_size,10}]\012",
     "{\"event\":\"gc_major_end\",\"pid\":\"<0.90.0>\",\"info\":\"[{heap_size,10}]\",\"text\":\"(<0.90.0>) gc_major_end [{heap_size,10}]\"}\012"},
    {"gc_major_end_t", "{trace,'$pid',gc_major_end,[{heap_size,10}]}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_major_end [{heap_size,10}]\012",
     "{\"event\":\"gc_major_end\",\"pid\":\"<0.90.0>\",\"info\":\"[{heap_size,10}]\",\"text\":\"(<0.90.0>) gc_major_end [{heap_size,10}]\"}\012"},
    {"gc_max_heap_size_latin1", "{trace,'$pid',gc_max_heap_size,[{heap_size,10}]}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_max_heap_size [{heap_size,10}]\012",
     "{\"event\":\"gc_max_heap_size\",\"pid\":\"<0.90.0>\",\"info\":\"[{heap_size,10}]\",\"text\":\"(<0.90.0>) gc_max_heap_size [{heap_size,10}]\"}\012"},
    {"gc_max_heap_size_t", "{trace,'$pid',gc_max_heap_size,[{heap_size,10}]}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_max_heap_size [{heap_size,10}]\012",
     "{\"event\":\"gc_max_heap_size\",\"pid\":\"<0.90.0>\",\"info\":\"[{heap_size,10}]\",\"text\":\"(<0.90.0>) gc_max_heap_size [{heap_size,10}]\"}\012"},
    {"gc_bare_latin1", "{trace,'$pid',gc_,x}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_ x\012",
     "{\"event\":\"gc_\",\"pid\":\"<0.90.0>\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) gc_ x\"}\012"},
    {"gc_bare_t", "{trace,'$pid',gc_,x}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) gc_ x\012",
     "{\"event\":\"gc_\",\"pid\":\"<0.90.0>\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) gc_ x\"}\012"},
    {"unknown_tag_latin1", "{trace,'$pid',my_tag,1,\"two\",{3}}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) my_tag 1 \"two\" {3}\012",
     "{\"event\":\"my_tag\",\"pid\":\"<0.90.0>\",\"data\":[\"1\",\"[116,119,111]\",\"{3}\"],\"text\":\"(<0.90.0>) my_tag 1 \\\"two\\\" {3}\"}\012"},
    {"unknown_tag_t", "{trace,'$pid',my_tag,1,\"two\",{3}}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) my_tag 1 \"two\" {3}\012",
     "{\"event\":\"my_tag\",\"pid\":\"<0.90.0>\",\"data\":[\"1\",\"[116,119,111]\",\"{3}\"],\"text\":\"(<0.90.0>) my_tag 1 \\\"two\\\" {3}\"}\012"},
    {"escaped_tag_latin1", "{trace,'$pid','a\"b\\\\c\\td',x}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) 'a\"b\\\\c\\td' x\012",
     "{\"event\":\"a\\\"b\\\\c\\td\",\"pid\":\"<0.90.0>\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) 'a\\\"b\\\\\\\\c\\\\td' x\"}\012"},
    {"escaped_tag_t", "{trace,'$pid','a\"b\\\\c\\td',x}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) 'a\"b\\\\c\\td' x\012",
     "{\"event\":\"a\\\"b\\\\c\\td\",\"pid\":\"<0.90.0>\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) 'a\\\"b\\\\\\\\c\\\\td' x\"}\012"},
    {"control_tag_latin1", "{trace,'$pid','\\001x\\037\\177',y}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) '\\001x\\037\\d' y\012",
     "{\"event\":\"\\u0001x\\u001f\177\",\"pid\":\"<0.90.0>\",\"data\":[\"y\"],\"text\":\"(<0.90.0>) '\\\\001x\\\\037\\\\d' y\"}\012"},
    {"control_tag_t", "{trace,'$pid','\\001x\\037\\177',y}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) '\\001x\\037\\d' y\012",
     "{\"event\":\"\\u0001x\\u001f\177\",\"pid\":\"<0.90.0>\",\"data\":[\"y\"],\"text\":\"(<0.90.0>) '\\\\001x\\\\037\\\\d' y\"}\012"},
    {"integer_tag_latin1", "{trace,'$pid',42,x}", false, false, false, FMT_TRACE_OK,
     "(<0.90.0>) 42 x\012",
     "{\"event\":\"42\",\"pid\":\"<0.90.0>\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) 42 x\"}\012"},
    {"integer_tag_t", "{trace,'$pid',42,x}", true, false, false, FMT_TRACE_OK,
     "(<0.90.0>) 42 x\012",
     "{\"event\":\"42\",\"pid\":\"<0.90.0>\",\"data\":[\"x\"],\"text\":\"(<0.90.0>) 42 x\"}\012"},
    {"port_open_latin1", "{trace,'$port',open,'$pid',my_driver}", false, false, false, FMT_TRACE_OK,
     "(#Port<0.3>) open <0.90.0> my_driver\012",
     "{\"event\":\"open\",\"pid\":\"#Port<0.3>\",\"data\":[\"<0.90.0>\",\"my_driver\"],\"text\":\"(#Port<0.3>) open <0.90.0> my_driver\"}\012"},
    {"port_open_t", "{trace,'$port',open,'$pid',my_driver}", true, false, false, FMT_TRACE_OK,
     "(#Port<0.3>) open <0.90.0> my_driver\012",
     "{\"event\":\"open\",\"pid\":\"#Port<0.3>\",\"data\":[\"<0.90.0>\",\"my_driver\"],\"text\":\"(#Port<0.3>) open <0.90.0> my_driver\"}\012"},
    {"port_closed_latin1", "{trace,'$port',closed,normal}", false, false, false, FMT_TRACE_OK,
     "(#Port<0.3>) closed normal\012",
     "{\"event\":\"closed\",\"pid\":\"#Port<0.3>\",\"data\":[\"normal\"],\"text\":\"(#Port<0.3>) closed normal\"}\012"},
    {"port_closed_t", "{trace,'$port',closed,normal}", true, false, false, FMT_TRACE_OK,
     "(#Port<0.3>) closed normal\012",
     "{\"event\":\"closed\",\"pid\":\"#Port<0.3>\",\"data\":[\"normal\"],\"text\":\"(#Port<0.3>) closed normal\"}\012"},
    {"port_receive_latin1", "{trace,'$port','receive',{'$pid',{command,<<\"hi\">>}}}", false, false, false, FMT_TRACE_OK,
     "(#Port<0.3>) << {<0.90.0>,{command,<<\"hi\">>}}\012",
     "{\"event\":\"receive\",\"pid\":\"#Port<0.3>\",\"message\":\"{<0.90.0>,{command,<<104,105>>}}\",\"text\":\"(#Port<0.3>) << {<0.90.0>,{command,<<\\\"hi\\\">>}}\"}\012"},
    {"port_receive_t", "{trace,'$port','receive',{'$pid',{command,<<\"hi\">>}}}", true, false, false, FMT_TRACE_OK,
     "(#Port<0.3>) << {<0.90.0>,{command,<<\"hi\">>}}\012",
     "{\"event\":\"receive\",\"pid\":\"#Port<0.3>\",\"message\":\"{<0.90.0>,{command,<<104,105>>}}\",\"text\":\"(#Port<0.3>) << {<0.90.0>,{command,<<\\\"hi\\\">>}}\"}\012"},
    {"drop_latin1", "{drop,17}", false, false, false, FMT_TRACE_OK,
     "*** Dropped 17 messages.\012",
     "{\"event\":\"drop\",\"count\":\"17\",\"text\":\"*** Dropped 17 messages.\"}\012"},
    {"drop_t", "{drop,17}", true, false, false, FMT_TRACE_OK,
     "*** Dropped 17 messages.\012",
     "{\"event\":\"drop\",\"count\":\"17\",\"text\":\"*** Dropped 17 messages.\"}\012"},
    {"end_of_trace_latin1", "end_of_trace", false, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"end_of_trace_t", "end_of_trace", true, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"unknown_latin1", "{hello,world}", false, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"unknown_t", "{hello,world}", true, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"short_trace_ts_latin1", "{trace_ts,'$pid',x}", false, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"short_trace_ts_t", "{trace_ts,'$pid',x}", true, false, false, FMT_TRACE_OK,
     "",
     ""},
    {"err_send_latin1", "{trace,'$pid',send,x}", false, false, false, FMT_TRACE_BADARG,
     "",
     ""},
    {"err_send_t", "{trace,'$pid',send,x}", true, false, false, FMT_TRACE_BADARG,
     "",
     ""},
    {"err_op_latin1", "{trace,'$pid',exit}", false, false, false, FMT_TRACE_BADARG,
     "",
     ""},
    {"err_op_t", "{trace,'$pid',exit}", true, false, false, FMT_TRACE_BADARG,
     "",
     ""},
    {"err_seq_latin1", "{seq_trace,0,{send,1,2,3,4},{1,2,3},x}", false, false, false, FMT_TRACE_CASE_CLAUSE,
     "",
     ""},
    {"err_seq_t", "{seq_trace,0,{send,1,2,3,4},{1,2,3},x}", true, false, false, FMT_TRACE_CASE_CLAUSE,
     "",
     ""},
    {"call_unicode_t_iso", "{trace,'$pid',call,{m,'caf\303\251\342\202\254',[\"\303\251t\303\251\",\"\342\202\254\",<<\"\303\251\"/utf8>>,<<\"\342\202\254\"/utf8>>,'\342\202\254']}}", true, false, true, FMT_TRACE_OK,
     "(<0.90.0>) call m:'caf\303\251\342\202\254'(\"\303\251t\303\251\",[8364],<<\"\303\251\"/utf8>>,<<226,130,172>>,'\342\202\254')\012",
     "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"'caf\303\251\342\202\254'\",\"args\":[\"[233,116,233]\",\"[8364]\",\"<<195,169>>\",\"<<226,130,172>>\",\"'\342\202\254'\"],\"text\":\"(<0.90.0>) call m:'caf\303\251\342\202\254'(\\\"\303\251t\303\251\\\",[8364],<<\\\"\303\251\\\"/utf8>>,<<226,130,172>>,'\342\202\254')\"}\012"},
    {"receive_unicode_t_urange", "{trace,'$pid','receive',{\"\316\261\316\262\316\263\",<<\"\316\261\316\262\316\263\"/utf8>>,'\316\261'}}", true, true, false, FMT_TRACE_OK,
     "(<0.90.0>) << {\"\316\261\316\262\316\263\",<<\"\316\261\316\262\316\263\"/utf8>>,'\316\261'}\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"message\":\"{[945,946,947],<<206,177,206,178,206,179>>,'\316\261'}\",\"text\":\"(<0.90.0>) << {\\\"\316\261\316\262\316\263\\\",<<\\\"\316\261\316\262\316\263\\\"/utf8>>,'\316\261'}\"}\012"},
    {"receive_unicode_latin1_urange", "{trace,'$pid','receive',{\"\316\261\316\262\316\263\",<<\"\316\261\316\262\316\263\"/utf8>>,'\316\261'}}", false, true, false, FMT_TRACE_OK,
     "(<0.90.0>) << {[945,946,947],<<\"\303\216\302\261\303\216\302\262\303\216\302\263\">>,'\\x{3B1}'}\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"message\":\"{[945,946,947],<<206,177,206,178,206,179>>,'\\\\x{3B1}'}\",\"text\":\"(<0.90.0>) << {[945,946,947],<<\\\"\303\216\302\261\303\216\302\262\303\216\302\263\\\">>,'\\\\x{3B1}'}\"}\012"},
    {"receive_long_t_urange", "{trace,'$pid','receive',{\"a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251\",'\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\'}}", true, true, false, FMT_TRACE_OK,
     "(<0.90.0>) << {\"a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251\",\012               '\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\'}\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"message\":\"{[97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233],'\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\'}\",\"text\":\"(<0.90.0>) << {\\\"a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251a\342\202\254\\\\\\\"\\\\t\303\251\\\",\\n               '\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\\342\202\254\\\\\\\\'}\"}\012"},
    {"receive_long_latin1_urange", "{trace,'$pid','receive',{\"a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251a\342\202\254\\\"\\t\303\251\",'\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\\342\202\254\\\\'}}", false, true, false, FMT_TRACE_OK,
     "(<0.90.0>) << {[97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,\012                9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\012                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\012                8364,34,9,233],\012               '\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\\\x{20AC}\\\\'}\012",
     "{\"event\":\"receive\",\"pid\":\"<0.90.0>\",\"message\":\"{[97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233],'\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\'}\",\"text\":\"(<0.90.0>) << {[97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,\\n                9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,\\n                233,97,8364,34,9,233,97,8364,34,9,233,97,8364,34,9,233,97,\\n                8364,34,9,233],\\n               '\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\\\\\x{20AC}\\\\\\\\'}\"}\012"},
};

static fmt_trace_opts opts_of(const json_row *r)
{
    return (fmt_trace_opts){.unicode = r->unicode, .unicode_range = r->unicode_range, .iso_clock = r->iso};
}

Test(tracejson, rows_from_erl)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        const json_row *r = &ROWS[i];
        fmt_trace_opts o = opts_of(r);
        term_t m = msg(r->msg);
        fmt_buf_reset(&buf);
        fmt_trace_result res = fmt_trace_line(&buf, m, &o);
        cr_expect_eq(res, r->result, "%s: line result %d, erl %d", r->name, (int)res, (int)r->result);
        cr_expect_str_eq(buf.len ? buf.data : "", r->line, "%s: line of %s", r->name, r->msg);
        fmt_buf_reset(&buf);
        res = fmt_trace_json(&buf, m, &o);
        cr_expect_eq(res, r->result, "%s: json result %d, erl %d", r->name, (int)res, (int)r->result);
        cr_expect_str_eq(buf.len ? buf.data : "", r->json, "%s: json of %s", r->name, r->msg);
        cr_expect_eq(buf.len, strlen(r->json), "%s: length", r->name);
    }
}

/* The object is appended after what the buffer holds; a failure or a
 * message dbg ignores leaves the buffer as it was. */
Test(tracejson, appends_and_keeps_buffer_on_failure)
{
    fmt_trace_opts o = {0};
    fmt_buf_put(&buf, "> ", 2);
    cr_assert_eq(fmt_trace_json(&buf, msg("{trace,'$pid',call,{m,f,[1,2]}}"), &o), FMT_TRACE_OK);
    const char *want = "> {\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":"
                       "[\"1\",\"2\"],\"text\":\"(<0.90.0>) call m:f(1,2)\"}\n";
    cr_assert_str_eq(buf.data, want);
    size_t len = buf.len;
    cr_assert_eq(fmt_trace_json(&buf, msg("{trace,'$pid',send,x}"), &o), FMT_TRACE_BADARG);
    cr_assert_eq(fmt_trace_json(&buf, msg("{seq_trace,0,x,1,2}"), &o), FMT_TRACE_CASE_CLAUSE);
    cr_assert_eq(fmt_trace_json(&buf, msg("end_of_trace"), &o), FMT_TRACE_OK);
    cr_assert_eq(fmt_trace_json(&buf, msg("{trace,'$pid','receive',{dbg,ok}}"), &o), FMT_TRACE_OK);
    cr_assert_eq(buf.len, len);
    cr_assert_str_eq(buf.data, want);
    /* Two events, two lines; the text's columns count from its own start. */
    cr_assert_eq(fmt_trace_json(&buf, msg("{drop,3}"), &o), FMT_TRACE_OK);
    cr_assert_str_eq(buf.data + len, "{\"event\":\"drop\",\"count\":\"3\",\"text\":\"*** Dropped 3 messages.\"}\n");
}

/* ---- read back by a real JSON parser ------------------------------------------- */

/* Lines for python3: each JSON line, and beside it dbg's text in hex. */
typedef struct lines {
    FILE *json, *text;
    size_t n;
} lines;

/* Formats m both ways and records the pair; false when there is no event. */
static bool add_event(lines *l, term_t m, const fmt_trace_opts *o)
{
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_trace_line(&buf, m, o), FMT_TRACE_OK);
    if (!buf.len)
        return false;
    cr_assert_eq(buf.data[buf.len - 1], '\n');
    for (size_t i = 0; i + 1 < buf.len; i++)
        fprintf(l->text, "%02x", (unsigned char)buf.data[i]);
    fputc('\n', l->text);
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_trace_json(&buf, m, o), FMT_TRACE_OK);
    cr_assert(buf.len > 0 && buf.data[buf.len - 1] == '\n' && !memchr(buf.data, '\n', buf.len - 1),
              "not one line: %s", buf.data);
    cr_assert_eq(fwrite(buf.data, 1, buf.len, l->json), buf.len);
    l->n++;
    return true;
}

/* Strict UTF-8, strict JSON (no raw control characters), one object per
 * line, keys from "event" to "text", values strings or arrays of strings,
 * "text" equal to dbg's text. Prints "ok N" or what failed. */
static const char CHECK_PY[] =
    "import json, sys\n"
    "js = open(sys.argv[1], 'rb').read().split(b'\\n')[:-1]\n"
    "ts = open(sys.argv[2], 'rb').read().split(b'\\n')[:-1]\n"
    "assert len(js) == len(ts), 'line counts differ'\n"
    "for i, (j, t) in enumerate(zip(js, ts)):\n"
    "    o = json.loads(j.decode('utf-8'))\n"
    "    ks = list(o)\n"
    "    assert isinstance(o, dict) and ks[0] == 'event' and ks[-1] == 'text', (i, ks)\n"
    "    for k, v in o.items():\n"
    "        assert isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v)), (i, k)\n"
    "    assert o['text'].encode('utf-8') == bytes.fromhex(t.decode()), (i, 'text differs')\n"
    "print('ok', len(js))\n";

/* An atom of every byte 1..255 (as latin1 characters) and every control
 * character, for the escapes of both the event name and the ~w texts. */
static term_t all_chars_atom(void)
{
    char s[255];
    for (int i = 0; i < 255; i++)
        s[i] = (char)(i + 1);
    term_t a;
    cr_assert_eq(atom_intern_latin1(s, sizeof s, &a), ATOM_OK);
    return a;
}

Test(tracejson, python_reads_every_line)
{
    if (system("command -v python3 >/dev/null 2>&1") != 0)
        cr_skip_test("python3 not found");
    char jpath[] = "/tmp/tracejson-j-XXXXXX", tpath[] = "/tmp/tracejson-t-XXXXXX";
    int jfd = mkstemp(jpath), tfd = mkstemp(tpath);
    cr_assert(jfd >= 0 && tfd >= 0);
    lines l = {fdopen(jfd, "wb"), fdopen(tfd, "wb"), 0};
    cr_assert(l.json && l.text);

    size_t want = 0;
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        fmt_trace_opts o = opts_of(&ROWS[i]);
        if (ROWS[i].result == FMT_TRACE_OK && add_event(&l, msg(ROWS[i].msg), &o))
            want++;
    }
    cr_assert(want > 150, "only %zu rows with events", want);

    /* Every character in an atom: as the tag (raw name), as an argument
     * (~w text) and in dbg's text, latin1 and unicode. */
    term_t a = all_chars_atom(), pid = term_local_pid(90, 0);
    for (int u = 0; u < 2; u++) {
        fmt_trace_opts o = {.unicode = u, .unicode_range = u};
        term_t args = term_cons(&heap, a, term_cons(&heap, term_string(&heap, "\t\"\\", 3), NIL));
        term_t mfa[3] = {a, a, args};
        term_t e[4] = {ATOM_trace, pid, ATOM_call, term_tuple(&heap, 3, mfa)};
        cr_assert(add_event(&l, term_tuple(&heap, 4, e), &o));
        e[2] = a;
        cr_assert(add_event(&l, term_tuple(&heap, 4, e), &o));
        want += 2;
    }
    cr_assert_eq(fclose(l.json), 0);
    cr_assert_eq(fclose(l.text), 0);

    char cmd[256];
    snprintf(cmd, sizeof cmd, "python3 -c \"$TRACEJSON_PY\" %s %s 2>&1", jpath, tpath);
    cr_assert_eq(setenv("TRACEJSON_PY", CHECK_PY, 1), 0);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    char out[4096] = "";
    size_t got = fread(out, 1, sizeof out - 1, p);
    out[got] = '\0';
    int rc = pclose(p);
    unlink(jpath);
    unlink(tpath);
    char expect[64];
    snprintf(expect, sizeof expect, "ok %zu\n", want);
    cr_assert_eq(rc, 0, "python3: %s", out);
    cr_assert_str_eq(out, expect);
}

/* ---- terms no recursion may walk ------------------------------------------------- */

/* A list nested `depth` deep: [[[...[]...]]]. */
static term_t deep_list(size_t depth)
{
    term_t t = NIL;
    for (size_t i = 0; i < depth; i++)
        t = term_cons(&heap, t, NIL);
    return t;
}

Test(tracejson, deep_terms)
{
    enum { DEPTH = 1000000 };
    fmt_trace_opts o = {0};
    term_t e[5] = {ATOM_trace, term_local_pid(90, 0), ATOM_call, THE_NON_VALUE, THE_NON_VALUE};
    term_t mfa[3] = {atom_from_cstr("m"), atom_from_cstr("f"), term_cons(&heap, deep_list(DEPTH), NIL)};
    e[3] = term_tuple(&heap, 3, mfa);
    e[4] = deep_list(DEPTH);
    fmt_buf_reset(&buf);
    cr_assert_eq(fmt_trace_json(&buf, term_tuple(&heap, 5, e), &o), FMT_TRACE_OK);
    const char *head = "{\"event\":\"call\",\"pid\":\"<0.90.0>\",\"module\":\"m\",\"function\":\"f\",\"args\":[\"";
    cr_assert_eq(strncmp(buf.data, head, strlen(head)), 0);
    /* ~w of the argument and of the extra: DEPTH conses around [], so
     * DEPTH + 1 brackets each way */
    const char *p = buf.data + strlen(head);
    for (size_t i = 0; i < 2 * (DEPTH + 1); i++)
        cr_assert_eq(p[i], i <= DEPTH ? '[' : ']', "at %zu", i);
    cr_assert_eq(strncmp(p + 2 * (DEPTH + 1), "\"],\"extra\":\"[[", 14), 0);
    cr_assert_eq(strncmp(p + 2 * (DEPTH + 1) + 12 + 2 * (DEPTH + 1), "\",\"text\":\"(<0.90.0>) call m:f([[", 31), 0);
    cr_assert_eq(buf.data[buf.len - 1], '\n');
    cr_assert_eq(strncmp(buf.data + buf.len - 3, "\"}\n", 3), 0);
}

Test(tracejson, session_member_comes_first)
{
    fmt_trace_opts o = {.json_session = "we\"b"};
    cr_assert_eq(fmt_trace_json(&buf, msg("{trace,'$pid',call,{m,f,[1]}}"), &o), FMT_TRACE_OK);
    cr_assert_str_eq(buf.data, "{\"session\":\"we\\\"b\",\"event\":\"call\",\"pid\":\"<0.90.0>\","
                               "\"module\":\"m\",\"function\":\"f\",\"args\":[\"1\"],"
                               "\"text\":\"(<0.90.0>) call m:f(1)\"}\n");
}
