/* tally.h: the pass/fail count of the stand-alone test programs (the
 * ThreadSanitizer tests of tests/tsan/, which run without Criterion): a
 * program defines TALLY_NAME before including it, calls check() for each
 * fact and ends with tally_report(), whose last line tests/run.sh reads:
 * "NAME: N passed, N failed". */
#ifndef TESTS_LIB_TALLY_H
#define TESTS_LIB_TALLY_H

#include <stdio.h>

#ifndef TALLY_NAME
#error "define TALLY_NAME (the program's name in its output) before including tests/lib/tally.h"
#endif

static int passed, failed;

/* Counts one fact; a false one is printed as "NAME: FAIL what". */
static inline void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf(TALLY_NAME ": FAIL %s\n", what);
    }
}

/* Prints the summary line; the program's exit status (1 on a failure). */
static inline int tally_report(void)
{
    printf(TALLY_NAME ": %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

#endif
