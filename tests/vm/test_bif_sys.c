/* test_bif_sys.c: tests of vm/bif_sys.c. dbgsh_in:opts/0,2 keep the
 * options of io:setopts on the user io server and standard_error as bits
 * (vm/lib/io.erl gives them their meaning; tests/scripts/stdlib/io_opts
 * checks that against erl): opts/2 sets the bits under a mask and leaves
 * the others, and takes only non-negative small integers. No erl has
 * these BIFs: the rows are their contract. */
#include "tests/lib/terms.h"

#define BIF_DEF "vm/bif_sys.def"
#define BIF_SUITE bif_sys
#define BIF_ROWS_EQ term_eq_exact
#include "tests/lib/bif_rows.h"

static const call_row opts_rows[] = {
    {"dbgsh_in:opts/2", "[7, 0]", "ok"},
    {"dbgsh_in:opts/0", "[]", "0"},
    {"dbgsh_in:opts/2", "[1, 1]", "ok"},
    {"dbgsh_in:opts/0", "[]", "1"},
    {"dbgsh_in:opts/2", "[6, 4]", "ok"},
    {"dbgsh_in:opts/0", "[]", "5"},
    {"dbgsh_in:opts/2", "[2, 7]", "ok"}, /* bits outside the mask are ignored */
    {"dbgsh_in:opts/0", "[]", "7"},
    {"dbgsh_in:opts/2", "[1, 0]", "ok"},
    {"dbgsh_in:opts/0", "[]", "6"},
    {"dbgsh_in:opts/2", "[0, 1]", "ok"},
    {"dbgsh_in:opts/0", "[]", "6"},
    {"dbgsh_in:opts/2", "[-1, 0]", "!badarg"},
    {"dbgsh_in:opts/2", "[1, -1]", "!badarg"},
    {"dbgsh_in:opts/2", "[a, 1]", "!badarg"},
    {"dbgsh_in:opts/2", "[1, 1.0]", "!badarg"},
    {"dbgsh_in:opts/2", "[18446744073709551616, 1]", "!badarg"},
    {"dbgsh_in:opts/0", "[]", "6"}, /* a bad call changed nothing */
    {"dbgsh_in:opts/2", "[7, 0]", "ok"},
};

Test(bif_sys, opts_rows) { check_rows(opts_rows, sizeof opts_rows / sizeof opts_rows[0]); }
