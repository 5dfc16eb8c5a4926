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
#include "vm/parse.h"
#include "vm/read.h"

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

/* ---- erl_eval's checks: lint_well_formed_*, lint_exprs_error ---- */

static term_t exprs_of(const char *text)
{
    term_t es;
    cr_assert_eq(parse_exprs_string(&h, text, strlen(text), true, &es), PARSE_OK, "%s", text);
    return es;
}

static term_t term_of(const char *text)
{
    term_t t;
    read_error err;
    cr_assert_eq(read_term(&h, text, strlen(text), &t, &err), READ_OK, "%s", text);
    return t;
}

Test(lint, well_formed_takes_what_the_parser_makes)
{
    const char *texts[] = {
        "X + 1",
        "A = 1, {A, B} = {1, 2}, [A | B]",
        "case X of {a, N} when N > 0; N < -1 -> N; _ -> 0 end",
        "fun(Y) -> Y end, fun F(0) -> 1; F(N) -> F(N - 1) end, fun lists:map/2, fun f/1",
        "[Y || Y <- X, Y > 1], << <<B:4/little>> || <<B:8>> <= X >>",
        "<<A:8, R/binary-unit:8, \"s\"/utf8>> = X",
        "try X of 1 -> a catch throw:T:S -> S after ok end",
        "receive M -> M after 10 -> t end, receive _ -> ok end",
        "#{a := V} = X, X#{b => V}, #{}",
        "#r{a = 1, _ = 2}, X#r.a, #r.a, X#r{a = 2}",
        "if X -> a; true -> b end",
        "catch X, begin X end",
        "-1, not X, X andalso Y, \"ab\" ++ T, 1.5, $a, 'q', []",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        term_t es = exprs_of(texts[i]);
        cr_assert(lint_well_formed_exprs(es), "%s", texts[i]);
        for (term_t l = es; term_is_list(l); l = list_tail(l))
            cr_assert(lint_well_formed_expr(list_head(l)), "%s", texts[i]);
    }
}

Test(lint, well_formed_refuses_other_shapes)
{
    const char *terms[] = {
        "foo.",
        "[foo].",
        "[{var,1}].",
        "[{var,1,\"X\"}].",
        "[{integer,1,a}].",
        "[{call,1,{atom,1,f}}].",
        "[{tuple,1,[{foo}]}].",
        "[{tuple,1,[a|b]}].",
        "[{'case',1,{var,1,'X'},[{clause,1,[],[]}]}].",
        "[{'fun',1,{clauses,[x]}}].",
        "[{'fun',1,{function,1,2}}].",
        "[{bin,1,[{bin_element,1,{var,1,'X'},default,[1]}]}].",
        "[{op,1,\"+\",{integer,1,1}}].",
        "[{map,1,[{map_field_assoc,1,{nil,1}}]}].",
        "[{string,1,[a]}].",
        "[{record,1,r,[{record_field,1,{atom,1,a}}]}].",
        "[{'try',1,[],[],[]}].",
        "[{lc,1,{nil,1},[{generate,1,x}]}].",
        "[{nil,1}|{nil,1}].",
        "[{'receive',1,[],{integer,1,0}}].",
        "[{'try',1,[{nil,1}],[],[{clause,1,[],[],[{nil,1}]}],[]}].",
        "[{'try',1,[{nil,1}],[],[{clause,1,[{var,1,'E'}],[],[{nil,1}]}],[]}].",
    };
    for (size_t i = 0; i < sizeof terms / sizeof *terms; i++)
        cr_assert_not(lint_well_formed_exprs(term_of(terms[i])), "%s", terms[i]);
}

static term_t cons_node(term_t anno, term_t hd, term_t tl)
{
    term_t els[4] = {atom_from_cstr("cons"), anno, hd, tl};
    return term_tuple(&h, 4, els);
}

/* A term deeper than any C stack is walked, not recursed on. */
Test(lint, well_formed_walks_any_depth)
{
    term_t anno = term_small(1), e = term_tuple2(&h, atom_from_cstr("nil"), anno);
    for (int i = 0; i < 200000; i++)
        e = cons_node(anno, term_tuple3(&h, atom_from_cstr("integer"), anno, term_small(i)), e);
    cr_assert(lint_well_formed_expr(e));
    cr_assert_not(lint_well_formed_expr(cons_node(anno, e, atom_from_cstr("x"))));
}

Test(lint, exprs_error_is_erl_lints_first)
{
    term_t x = atom_from_cstr("X");
    term_t e = lint_exprs_error(exprs_of("Y = 1, X + Y"), NULL, 0, &h);
    cr_assert_neq(e, THE_NON_VALUE);
    cr_assert_eq(tuple_get(e, 1), atom_from_cstr("erl_lint"));
    term_t desc = tuple_get(e, 2);
    cr_assert(term_is_tuple(desc) && tuple_get(desc, 0) == atom_from_cstr("unbound_var") &&
              tuple_get(desc, 1) == x);
    cr_assert_eq(lint_exprs_error(exprs_of("Y = 1, X + Y"), &x, 1, &h), THE_NON_VALUE);
    e = lint_exprs_error(exprs_of("case X of 1 -> Z = 1; _ -> ok end, Z"), &x, 1, &h);
    cr_assert_neq(e, THE_NON_VALUE);
    cr_assert_eq(tuple_get(tuple_get(e, 2), 0), atom_from_cstr("unsafe_var"));
}
