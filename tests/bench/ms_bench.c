/* ms_bench.c: how long the match spec runner takes per traced call, for
 * the target (a spec whose guard fails: at most 30 ns; OTP 25
 * spends about 330 ns on the whole call). Usage: ms_bench [ITERATIONS].
 * Prints ns per run for a failing guard, a passing one with actions, and
 * a few other shapes; no pass/fail (speed is never asserted in tests). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dbgcore/ms.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static term_t parse(heap_t *h, const char *text)
{
    term_t t;
    read_error err;
    if (read_term_nodot(h, text, strlen(text), &t, &err) != READ_OK) {
        fprintf(stderr, "ms_bench: %s: %s\n", text, err.msg);
        exit(1);
    }
    return t;
}

static void bench(heap_t *h, const char *name, const char *spec, const char *args, long n)
{
    term_t errors;
    ms_prog *p = ms_compile(parse(h, spec), MS_CALL, h, &errors, NULL);
    if (!p) {
        fprintf(stderr, "ms_bench: %s does not compile\n", spec);
        exit(1);
    }
    term_t l = parse(h, args), v[8];
    unsigned na = 0;
    for (; term_is_list(l); l = list_tail(l))
        v[na++] = list_head(l);
    heap_t scratch;
    heap_init(&scratch, ALLOC_TEMP);
    ms_ctx ctx = {.heap = &scratch,
                  .self = term_local_pid(1, 0),
                  .caller = ATOM_undefined,
                  .caller_line = ATOM_undefined};
    ms_result r;
    long matched = 0;
    double best = 1e30;
    for (int round = 0; round < 5; round++) {
        double t0 = now();
        for (long i = 0; i < n; i++) {
            matched += ms_run_trace(p, &ctx, v, na, &r);
            if ((i & 1023) == 0)
                heap_reset(&scratch);
        }
        double ns = (now() - t0) / (double)n;
        if (ns < best)
            best = ns;
        heap_reset(&scratch);
    }
    printf("ms_bench: %-34s %6.1f ns/run (%s)\n", name, best, matched ? "matches" : "no match");
    heap_destroy(&scratch);
    ms_free(p);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 5000000;
    atom_table_init();
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    bench(&h, "guard fails ('$1' > 10 on 5)", "[{['$1','_'],[{'>','$1',10}],[]}]", "[5,x]", n);
    bench(&h, "guard passes, no body", "[{['$1','_'],[{'>','$1',10}],[]}]", "[11,x]", n);
    bench(&h, "head fails (wrong constant)", "[{[a,'_'],[],[]}]", "[b,x]", n);
    bench(&h, "guard passes, message + return_trace",
          "[{['$1','_'],[{'>','$1',10}],[{message,{{'$1'}}},{return_trace}]}]", "[11,x]", n);
    bench(&h, "three clauses, last matches",
          "[{[a,'_'],[],[]},{['$1','$1'],[],[]},{['$1','_'],[{is_integer,'$1'}],[]}]", "[11,x]", n);
    bench(&h, "'_' head, no guard", "[{'_',[],[]}]", "[1,2,3]", n);
    heap_destroy(&h);
    return 0;
}
