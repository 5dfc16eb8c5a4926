/* test_report.c: tests of vm/report.c, the events of the emulator's own
 * reports. Each is what erl's logger handler receives for the same
 * report (checked with a handler printing its events, OTP 25.2):
 * #{level => error, msg => {Format, Args}, meta => #{error_logger =>
 * #{emulator => true, tag => error}, gl => Gl, pid => Pid, time => T}}.
 * That the VM logs them, and when, tests/scripts/stdlib/emulator_reports
 * and tests/shell/cases/max_heap show. */
#include <criterion/criterion.h>

#include "config.h"
#include "tests/lib/terms.h"
#include "vm/atom.h"
#include "vm/cmp.h"
#include "vm/map.h"
#include "vm/report.h"

static heap_t h;
#define A(s) atom_from_cstr(s)
#define S(s) tb_string(&h, s)
#define T(...) tb_tuple(&h, __VA_ARGS__)
#define L(...) tb_list(&h, __VA_ARGS__)
#define M(...) tb_map(&h, __VA_ARGS__)
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(report, .init = setup, .fini = teardown);

static void expect_term(term_t got, term_t want, const char *what)
{
    cr_expect(term_eq(got, want), "%s differs", what);
}

/* OTP's metadata of an emulator event about pid, group leader gl. */
static term_t meta_of(term_t pid, term_t gl, int64_t time)
{
    return M(4, A("error_logger"), M(2, A("emulator"), A("true"), A("tag"), A("error")), A("gl"), gl,
             A("pid"), pid, A("time"), term_int64(&h, time));
}

Test(report, crash_event)
{
    term_t pid = term_local_pid(81, 0), gl = term_local_pid(65, 0);
    term_t reason = T(2, A("badarith"), L(1, T(4, A("m"), A("f"), term_small(0), NIL)));
    report_event ev = report_crash_event(&h, pid, gl, reason, INT64_C(1795489585397432));
    expect_term(ev.format, S("Error in process ~p with exit value:~n~p~n"), "format");
    expect_term(ev.args, L(2, pid, reason), "args");
    expect_term(ev.meta, meta_of(pid, gl, INT64_C(1795489585397432)), "meta");
}

Test(report, max_heap_event)
{
    proc_heap_report r = {
        .pid = term_local_pid(86, 0),
        .gl = term_local_pid(65, 0),
        .limit = {.words = 233, .kill = true, .log = true},
        .total = 458,
        .msgq_len = 3,
        .info = {.heap_size = 225, .heap_block_size = 466, .stack_size = 2},
    };
    report_event ev = report_max_heap_event(&h, &r, 17);
    expect_term(ev.format,
                S("     Process:            ~p ~n     Context:            maximum heap size reached~n"
                  "     Max Heap Size:      ~p~n     Total Heap Size:    ~p~n     Kill:               ~p~n"
                  "     Error Logger:       ~p~n     Message Queue Len:  ~p~n     GC Info:            ~p~n"),
                "format");
    term_t args = ev.args;
    term_t want[] = {r.pid, term_small(233), term_small(458), A("true"), A("true"), term_small(3)};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++, args = list_tail(args)) {
        cr_assert(term_is_list(args), "argument %zu missing", i);
        cr_expect(term_eq(list_head(args), want[i]), "argument %zu differs", i);
    }
    cr_assert(term_is_list(args) && term_is_nil(list_tail(args)), "not 7 arguments");
    expect_term(list_head(args), gc_info_list(&h, &r.info, false), "GC info");
    expect_term(ev.meta, meta_of(r.pid, r.gl, 17), "meta");
    /* a limit that does not kill, and kill's flag independent of log's */
    r.limit.kill = false;
    ev = report_max_heap_event(&h, &r, 17);
    cr_expect(term_eq(list_head(list_tail(list_tail(list_tail(ev.args)))), A("false")));
}

/* The notice of reports dropped over the cap: their count and the cap,
 * the time as its only metadata. */
Test(report, dropped_event)
{
    report_event ev = report_dropped_event(&h, 1234, 99);
    expect_term(ev.format, S("Dropped ~w of the emulator's reports: ~w were being logged already~n"),
                "format");
    expect_term(ev.args, L(2, term_small(1234), term_small(REPORT_MAX_IN_FLIGHT)), "args");
    expect_term(ev.meta, M(1, A("time"), term_small(99)), "meta");
}
