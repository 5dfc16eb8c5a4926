/* filter_bench.c: what shell/filter.c's filter_pass costs per trace line:
 * a 60-byte line through one include and one exclude filter, shown and
 * hidden, beside the set with no filter and bare PCRE2 with and without
 * JIT. Usage: filter_bench [ITERATIONS]. Prints ns per line, best of 5
 * rounds; no pass/fail (speed is never asserted in tests). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shell/filter.h"

/* 60 bytes, newline included, as dbg prints a call. */
static const char SHOWN[] = "(<0.90.0>) call mymod:handle_call({get,420},<0.91.0>,state)\n";
static const char EXCLUDED[] = "(<0.90.0>) call mymod:handle_info(heartbeat,<0.91.0>,state)\n";
static const char NO_INCLUDE[] = "(<0.90.0>) returned from mymod:handle_call/3 -> {ok,4200,x}\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void bench_set(filter_set *fs, const char *name, const char *line, long n)
{
    size_t len = strlen(line);
    long shown = 0;
    double best = 1e30;
    for (int round = 0; round < 5; round++) {
        double t0 = now();
        for (long i = 0; i < n; i++)
            shown += filter_pass(fs, 1, line, len);
        double ns = (now() - t0) / (double)n;
        if (ns < best)
            best = ns;
    }
    printf("filter_bench: %-44s %6.1f ns/line (%zu bytes, %s)\n", name, best, len,
           shown ? "shown" : "hidden");
}

/* The two regexes straight through pcre2_match, JIT or interpreter. */
static void bench_raw(const char *name, const char *line, uint32_t match_opts, long n)
{
    static const char *const res[] = {"call mymod:", "io_reply|heartbeat"};
    pcre2_code *re[2];
    for (int k = 0; k < 2; k++) {
        int code;
        PCRE2_SIZE off;
        re[k] = pcre2_compile((PCRE2_SPTR)res[k], PCRE2_ZERO_TERMINATED,
                              PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_MULTILINE, &code, &off, NULL);
        pcre2_jit_compile(re[k], PCRE2_JIT_COMPLETE);
    }
    pcre2_match_data *md = pcre2_match_data_create(1, NULL);
    size_t len = strlen(line);
    long hits = 0;
    double best = 1e30;
    for (int round = 0; round < 5; round++) {
        double t0 = now();
        for (long i = 0; i < n; i++)
            for (int k = 1; k >= 0; k--) /* exclude first, as filter_pass */
                hits += pcre2_match(re[k], (PCRE2_SPTR)line, len, 0, match_opts, md, NULL) >= 0;
        double ns = (now() - t0) / (double)n;
        if (ns < best)
            best = ns;
    }
    printf("filter_bench: %-44s %6.1f ns/line (%ld hits)\n", name, best, hits);
    pcre2_match_data_free(md);
    pcre2_code_free(re[0]);
    pcre2_code_free(re[1]);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    uint32_t jit = 0;
    pcre2_config(PCRE2_CONFIG_JIT, &jit);
    printf("filter_bench: PCRE2 %d.%d, JIT %s\n", PCRE2_MAJOR, PCRE2_MINOR,
           jit ? "available" : "unavailable");

    filter_set *none = filter_set_new();
    bench_set(none, "no filter", SHOWN, n);
    filter_set_free(none);

    filter_set *fs = filter_set_new();
    filter_error err;
    if (filter_add(fs, 1, false, false, false, "/call mymod:/", 13, &err) != FILTER_OK ||
        filter_add(fs, 1, false, true, false, "/io_reply|heartbeat/", 20, &err) != FILTER_OK) {
        fprintf(stderr, "filter_bench: %s\n", err.msg);
        return 1;
    }
    bench_set(fs, "include + exclude, line shown", SHOWN, n);
    bench_set(fs, "include + exclude, line excluded", EXCLUDED, n);
    bench_set(fs, "include + exclude, no include matches", NO_INCLUDE, n);
    filter_set_free(fs);

    bench_raw("bare pcre2_match x2, JIT", SHOWN, 0, n);
    bench_raw("bare pcre2_match x2, interpreter", SHOWN, PCRE2_NO_JIT, n);
    return 0;
}
