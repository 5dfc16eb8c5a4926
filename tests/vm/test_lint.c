/* test_lint.c: tests of vm/lint.c against OTP 25's erlc. Every module
 * tests/vm/data/compile/lint/X.erl has X.etf (its forms, from
 * ../forms.escript) and X.expected: what `erlc +brief X.erl` printed when
 * the test was written (regenerate both with tests/vm/data/compile/lint/
 * regen.sh). lint_module must print exactly the same lines, in the same
 * order. Also: erl_internal's tables, the shell's lint_exprs, and depth. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/atom.h"
#include "vm/ext.h"
#include "vm/heap.h"
#include "vm/lint.h"

static heap_t h;

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(lint, .init = setup, .fini = teardown);

static const char *lint_dir(void)
{
    static char dir[512];
    const char *f = __FILE__;
    const char *slash = strrchr(f, '/');
    snprintf(dir, sizeof dir, "%.*s/data/compile/lint", slash ? (int)(slash - f) : 1, slash ? f : ".");
    return dir;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, fp);
    fclose(fp);
    buf[got] = '\0';
    *len = got;
    return buf;
}

static term_t etf_term(const char *path)
{
    size_t len;
    char *buf = slurp(path, &len);
    cr_assert(buf, "cannot read %s", path);
    term_t t;
    ext_error err;
    cr_assert_eq(ext_binary_to_term(&h, (const uint8_t *)buf, len, &t, NULL, &err), EXT_OK, "%s: %s", path, err.msg);
    free(buf);
    return t;
}

/* The diagnostics as erlc +brief prints them, one per line. */
static char *render(const lint_diags *d)
{
    char *out = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&out, &len);
    char line[4096];
    for (size_t i = 0; i < d->n; i++) {
        lint_diag_format(&d->v[i], line, sizeof line);
        fprintf(fp, "%s\n", line);
    }
    fclose(fp);
    return out;
}

/* Each module of the lint folder against erlc's output. */
Test(lint, matches_erlc)
{
    DIR *dir = opendir(lint_dir());
    cr_assert(dir, "no %s", lint_dir());
    struct dirent *de;
    int checked = 0, failed = 0;
    while ((de = readdir(dir))) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 4, ".etf"))
            continue;
        char path[1024], exp_path[1024];
        snprintf(path, sizeof path, "%s/%s", lint_dir(), de->d_name);
        snprintf(exp_path, sizeof exp_path, "%s/%.*s.expected", lint_dir(), (int)(n - 4), de->d_name);
        size_t elen;
        char *expected = slurp(exp_path, &elen);
        cr_assert(expected, "missing %s", exp_path);
        term_t t = etf_term(path);
        cr_assert(term_is_tuple(t) && tuple_arity(t) == 2, "%s: not {ok, Forms}", path);
        lint_diags d = {0};
        bool ok = lint_module(tuple_get(t, 1), NULL, &d);
        char *got = render(&d);
        bool has_error = lint_errors(&d) > 0;
        cr_expect_eq(ok, !has_error, "%s: result and errors disagree", de->d_name);
        if (strcmp(got, expected)) {
            failed++;
            cr_log_error("%s differs from erlc:\n--- erlc\n%s--- ours\n%s", de->d_name, expected, got);
        }
        checked++;
        free(got);
        free(expected);
        lint_diags_free(&d);
    }
    closedir(dir);
    cr_expect_gt(checked, 5, "only %d modules", checked);
    cr_expect_eq(failed, 0, "%d of %d modules differ from erlc", failed, checked);
}
