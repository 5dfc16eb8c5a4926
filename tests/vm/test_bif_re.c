/* test_bif_re.c: tests of vm/bif_re.c, re's built-in half, against OTP 25.
 * The rows call one BIF with arguments read from Erlang text and compare
 * the result with what erl returned for apply(re, Function, Args): the
 * term, or "!" and the reason of an error exception. They were generated
 * by running each call in erl with
 *
 *   want(M, F, Args) ->
 *       try apply(M, F, Args) of V -> io_lib:format("~w", [V])
 *       catch error:R -> "!" ++ io_lib:format("~w", [R]) end.
 *
 * They give patterns as text, never compiled: a compiled pattern's binary
 * is PCRE's code in OTP and ours differs (vm/bif_re.c). Compile errors are
 * checked by shape, as PCRE2's texts are not PCRE 8.44's. The tests after
 * the rows check compiled patterns by what they do, and the character
 * tables against PCRE2's own. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <locale.h>
#include <pcre2.h>

#include "tests/lib/terms.h"

#define BIF_DEF "vm/bif_re.def"
#define BIF_SUITE bif_re
#define BIF_ROWS_EQ term_eq_exact
#include "tests/lib/bif_rows.h"

#include "vm/atom.h"
#include "vm/bif_re.h"
#include "vm/binary.h"
#include "vm/ext.h"

/* ---- rows ---------------------------------------------------------------------- */

static const call_row rows[] = {
    {"re:run/2", "[\"abc\", \"b\"]", "{match,[{1,1}]}"},
    {"re:run/2", "[\"abc\", \"x\"]", "nomatch"},
    {"re:run/2", "[<<\"abc\">>, <<\"(a)(b)?(c)\">>]", "{match,[{0,3},{0,1},{1,1},{2,1}]}"},
    {"re:run/2", "[[<<\"a\">>, \"b\", [99]], \"bc\"]", "{match,[{1,2}]}"},
    {"re:run/2", "[\"abc\", [<<\"b\">>, \"c\"]]", "{match,[{1,2}]}"},
    {"re:run/2", "[abc, \"a\"]", "!badarg"},
    {"re:run/2", "[\"abc\", abc]", "!badarg"},
    {"re:run/2", "[\"abc\", {re_pattern, 0, 0, 0, <<1,2,3>>}]", "!badarg"},
    {"re:run/2", "[<<1:1>>, \"a\"]", "!badarg"},
    {"re:run/2", "[\"abc\", \"(\"]", "!badarg"},
    {"re:run/2", "[[256], \"a\"]", "!badarg"},
    {"re:run/3", "[\"abc\", \"(x)?(a)(y)?\", [{capture, all, list}]]", "{match,[[97],[],[97]]}"},
    {"re:run/3", "[\"abc\", \"(x)?(a)(y)?\", []]", "{match,[{0,1},{-1,0},{0,1}]}"},
    {"re:run/3", "[\"abc\", \"(x)?(a)(y)?\", [{capture, [3, 1], binary}]]", "{match,[<<>>,<<>>]}"},
    {"re:run/3", "[\"abc\", \"(?<n>x)?(a)(y)?\", [{capture, all_names, binary}]]", "{match,[<<>>]}"},
    {"re:run/3", "[\"abcabc\", \"b\", [global]]", "{match,[[{1,1}],[{4,1}]]}"},
    {"re:run/3", "[\"abcabc\", \"\", [global]]",
     "{match,[[{0,0}],[{1,0}],[{2,0}],[{3,0}],[{4,0}],[{5,0}],[{6,0}]]}"},
    {"re:run/3", "[\"abcabc\", \"b\", [{capture, none}, global]]", "match"},
    {"re:run/3", "[\"xaaaa\", \"a*?\", [global, notempty]]", "{match,[[{1,1}],[{2,1}],[{3,1}],[{4,1}]]}"},
    {"re:run/3", "[\"aaa\", \"(a)|b\", [{capture, all_but_first, list}]]", "{match,[[97]]}"},
    {"re:run/3", "[\"ab\", \"(a)(?<nm>b)?\", [{capture, [5], list}]]", "{match,[[]]}"},
    {"re:run/3", "[\"ab\", \"(a)(?<nm>b)?\", [{capture, [zz], list}]]", "{match,[[]]}"},
    {"re:run/3", "[\"ab\", \"(a)(?<nm>b)?\", [{capture, [\"zz\", nm, \"nm\", 0], index}]]",
     "{match,[{-1,0},{1,1},{1,1},{0,2}]}"},
    {"re:run/3", "[\"ab\", \"(a)(?<nm>b)?\", [{offset, 2}]]", "nomatch"},
    {"re:run/3", "[\"ab\", \"(a)(?<nm>b)?\", [{offset, -1}]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [{capture, all, foo}]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [{capture, foo}]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [{capture, [1.0]}]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [foo]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", foo]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [global | foo]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [{newline, foo}]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [{match_limit, -1}]]", "!badarg"},
    {"re:run/3", "[\"ab\", \"(a)\", [{offset, a}]]", "!badarg"},
    {"re:run/3", "[<<255>>, \"a\", [unicode]]", "!badarg"},
    {"re:run/3", "[<<255>>, \".\", []]", "{match,[{0,1}]}"},
    {"re:run/3", "[\"a\\r\\nb\\r\\n\", \"$\", [global, multiline, {newline, crlf}]]",
     "{match,[[{1,0}],[{4,0}],[{6,0}]]}"},
    {"re:run/3", "[\"a\\r\\nb\\r\\n\", \"\", [global, {newline, crlf}]]",
     "{match,[[{0,0}],[{1,0}],[{3,0}],[{4,0}],[{6,0}]]}"},
    {"re:run/3", "[\"a\\r\\nb\\r\\n\", \"\", [global, {newline, any}]]",
     "{match,[[{0,0}],[{1,0}],[{3,0}],[{4,0}],[{6,0}]]}"},
    {"re:run/3", "[\"a\\r\\nb\\r\\n\", \"\", [global, {newline, anycrlf}]]",
     "{match,[[{0,0}],[{1,0}],[{3,0}],[{4,0}],[{6,0}]]}"},
    {"re:run/3", "[\"a\\r\\nb\\r\\n\", \"\", [global]]",
     "{match,[[{0,0}],[{1,0}],[{2,0}],[{3,0}],[{4,0}],[{5,0}],[{6,0}]]}"},
    {"re:run/3", "[\"a\\rb\\r\", \"^b\", [multiline, {newline, cr}]]", "{match,[{2,1}]}"},
    {"re:run/3", "[\"a\\rb\\r\", \"^b\", [multiline]]", "nomatch"},
    {"re:run/3", "[\"a\\r\\nb\", \"a\\\\Rb\", [bsr_anycrlf]]", "{match,[{0,4}]}"},
    {"re:run/3", "[\"a\\x{85}b\", \"a\\\\Rb\", [bsr_anycrlf]]", "nomatch"},
    {"re:run/3", "[\"a\\x{85}b\", \"a\\\\Rb\", [bsr_unicode]]", "{match,[{0,3}]}"},
    {"re:run/3", "[\"aaa\", \"a\", [global, {offset, 1}]]", "{match,[[{1,1}],[{2,1}]]}"},
    {"re:run/3", "[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\", \"(a+)+$\", [{match_limit, 1000}]]",
     "nomatch"},
    {"re:run/3",
     "[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\", \"(a+)+$\", [{match_limit, 1000}, report_errors]]",
     "{error,match_limit}"},
    {"re:run/3",
     "[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\", \"(a+)+$\", [{match_limit_recursion, 10}, "
     "report_errors]]",
     "{error,match_limit_recursion}"},
    {"re:run/3", "[\"ab\", \"(?<x>a)|(?<x>b)\", [dupnames, {capture, all_names, list}]]", "{match,[[97]]}"},
    {"re:run/3", "[\"b\", \"(?<x>a)|(?<x>b)\", [dupnames, {capture, [x], index}]]", "{match,[{0,1}]}"},
    {"re:run/3", "[[<<\"h\">>, 233, [<<\"llo\">>]], \"l+\", [unicode]]", "{match,[{3,2}]}"},
    {"re:run/3",
     "[[104, 233, 108, 108, 111, 32, 119, 246, 114, 108, 100], \"\\\\w+\", [unicode, global, {capture, all, "
     "list}]]",
     "{match,[[[104,233,108,108,111]],[[119,246,114,108,100]]]}"},
    {"re:run/3",
     "[[104, 233, 108, 108, 111, 32, 119, 246, 114, 108, 100], \"\\\\w+\", [unicode, global, {capture, all, "
     "binary}]]",
     "{match,[[<<104,195,169,108,108,111>>],[<<119,195,182,114,108,100>>]]}"},
    {"re:run/3",
     "[[104, 233, 108, 108, 111, 32, 119, 246, 114, 108, 100], \"\\\\w+\", [global, {capture, all, binary}]]",
     "{match,[[<<104,233,108,108,111>>],[<<119,246,114,108,100>>]]}"},
    {"re:run/3", "[[233, 108, 97, 110], \"\\\\w|x\", [unicode]]", "{match,[{0,2}]}"},
    {"re:run/3", "[[8364, 97], \"(.)(.)\", [unicode, {capture, all, list}]]",
     "{match,[[8364,97],[8364],[97]]}"},
    {"re:run/3", "[[8364, 97], \"(.)(.)\", [unicode, {capture, all, binary}]]",
     "{match,[<<226,130,172,97>>,<<226,130,172>>,<<97>>]}"},
    {"re:run/3", "[[8364, 97], \"(.)(.)\", [unicode]]", "{match,[{0,4},{0,3},{3,1}]}"},
    {"re:run/3", "[[8364, 97], \"\", [unicode, global]]", "{match,[[{0,0}],[{3,0}],[{4,0}]]}"},
    {"re:run/3", "[<<226,130,172,97>>, \"a\", [unicode, {offset, 1}]]", "!badarg"},
    {"re:run/3", "[\"ABC\", \"b\", [caseless, {capture, first, list}]]", "{match,[[66]]}"},
    {"re:run/3", "[[201], [233], [caseless]]", "{match,[{0,1}]}"},
    {"re:run/3", "[[201], [233], [caseless, unicode]]", "{match,[{0,2}]}"},
    {"re:run/3", "[[8364, 201], [233], [caseless, unicode]]", "{match,[{3,2}]}"},
    {"re:run/3", "[\"a\\nb\", \"^b\", []]", "nomatch"},
    {"re:run/3", "[\"a\\nb\", \"^b\", [multiline]]", "{match,[{2,1}]}"},
    {"re:run/3", "[\"a\\nb\", \"a.b\", []]", "nomatch"},
    {"re:run/3", "[\"a\\nb\", \"a.b\", [dotall]]", "{match,[{0,3}]}"},
    {"re:run/3", "[\"ab\", \"a b # c\", [extended]]", "{match,[{0,2}]}"},
    {"re:run/3", "[\"aaa\", \"a+\", [ungreedy, {capture, first, list}]]", "{match,[[97]]}"},
    {"re:run/3", "[\"xyz\", \"y\", [anchored]]", "nomatch"},
    {"re:run/3", "[\"xyz\", \"y\", [notbol]]", "{match,[{1,1}]}"},
    {"re:run/3", "[\"\", \"\", [notempty]]", "nomatch"},
    {"re:run/3", "[\"abc\", \"^\", [notbol]]", "nomatch"},
    {"re:run/3", "[\"abc\", \"$\", [noteol]]", "nomatch"},
    {"re:run/3", "[\"ab\\n\", \"b$\", [dollar_endonly]]", "nomatch"},
    {"re:run/3", "[\"ab\\n\", \"b$\", []]", "{match,[{1,1}]}"},
    {"re:run/3", "[\"a\\nb\", \"b\", [firstline]]", "nomatch"},
    {"re:run/3", "[\"ab\", \"(a)(b)\", [no_auto_capture, {capture, all, list}]]", "{match,[[97,98]]}"},
    {"re:run/3", "[\"ab\", \"(?<x>a)(b)\", [no_auto_capture, {capture, all, list}]]",
     "{match,[[97,98],[97]]}"},
    {"re:run/3", "[\"abc\", \"b\", [no_start_optimize]]", "{match,[{1,1}]}"},
    {"re:run/3", "[\"ab\", \"a\", [never_utf]]", "{match,[{0,1}]}"},
    {"re:run/3", "[\"1a\", \"\\\\d\\\\w\", [ucp, unicode]]", "{match,[{0,2}]}"},
    {"re:run/3", "[\"abc\", \"(?<first>a)(?<second>b)\", [{capture, [second, \"first\"], list}]]",
     "{match,[[98],[97]]}"},
    {"re:run/3", "[<<\"abcabc\">>, \"(b)(c)\", [global, {capture, all_but_first, binary}]]",
     "{match,[[<<98>>,<<99>>],[<<98>>,<<99>>]]}"},
    {"re:run/3", "[\"abc\", \"b\", [{capture, first}]]", "{match,[{1,1}]}"},
    {"re:run/3", "[\"abc\", \"b\", [{capture, all, index}, {capture, none}]]", "match"},
    {"re:run/3", "[\"abc\", \"a|(b)\", [global, {capture, [1], list}]]", "{match,[[[]],[[98]]]}"},
    {"re:run/3", "[\"a.b.c\", \"\\\\.\", [global, {capture, first, index}]]", "{match,[[{1,1}],[{3,1}]]}"},
    {"re:run/3", "[\"aaa\", \"a*\", [global]]", "{match,[[{0,3}],[{3,0}]]}"},
    {"re:run/3", "[\"aaa\", \"a*\", [global, notempty_atstart]]", "{match,[[{0,3}]]}"},
    {"re:run/3", "[\"abc\", \"x*\", [global, {offset, 3}]]", "{match,[[{3,0}]]}"},
    {"re:run/3", "[\"abc\", \"(?=b)\", [global]]", "{match,[[{1,0}]]}"},
    {"re:run/3", "[\"ab\", \"a\\\\Kb\", [global]]", "{match,[[{1,1}]]}"},
    {"re:compile/2", "[\"a\", [foo]]", "!badarg"},
    {"re:compile/2", "[\"a\", foo]", "!badarg"},
    {"re:compile/2", "[\"a\", [global]]", "!badarg"},
    {"re:compile/2", "[\"a\", [{offset, 1}]]", "!badarg"},
    {"re:compile/1", "[foo]", "!badarg"},
    {"re:compile/1", "[[256]]", "!badarg"},
    {"re:compile/1", "[<<1:1>>]", "!badarg"},
    {"re:inspect/2", "[foo, namelist]", "!badarg"},
    {"re:inspect/2", "[{re_pattern, 0, 0, 0, <<>>}, namelist]", "!badarg"},
    /* the default match limit, reached by the interpreter as by PCRE 8.44's
     * (PCRE2's JIT counts otherwise and stops only at 23 "a"s) */
    {"re:run/3", "[\"aaaaaaaaaaaaaaaaaaaaaab\", \"(a+)+$\", [report_errors]]", "{error,match_limit}"},
    {"re:run/3", "[\"aaaaaaaaaaaaaaaaaaaaab\", \"(a+)+$\", [report_errors]]", "nomatch"},
    {"re:run/3", "[\"abc\", \"b\", [{capture, []}]]", "match"},
    {"re:run/3", "[\"abc\", \"b\", [{capture, all_names}]]", "match"},
    {"re:run/3", "[\"abc\", \"b\", [{capture, [-1]}]]", "!badarg"},
    {"re:run/3", "[\"abc\", \"b\", [global, {offset, 4}]]", "nomatch"},
};

Test(bif_re, rows) { check_rows(rows, sizeof rows / sizeof rows[0]); }

/* ---- compiled patterns ----------------------------------------------------------- */

static term_t compile_ok(const char *re, const char *opts)
{
    term_t args[2] = {read_text(re), read_text(opts)};
    term_t r = call("re:compile/2", args);
    cr_assert(r != THE_NON_VALUE && term_is_tuple(r) && tuple_get(r, 0) == ATOM_ok, "compile %s: %s", re,
              show(r));
    return tuple_get(r, 1);
}

static term_t run(term_t subject, term_t re, const char *opts)
{
    term_t args[3] = {subject, re, read_text(opts)};
    return call("re:run/3", args);
}

/* {re_pattern, Groups, Unicode, UseCRLF, Bin}: the first four as erl gives
 * them for the same pattern and options. */
Test(bif_re, compiled_pattern_fields)
{
    static const struct {
        const char *re, *opts, *fields;
    } cases[] = {
        {"\"(a)(?<nm>b)?\"", "[]", "{re_pattern,2,0,0}"},
        {"\"(a)(?<nm>b)?\"", "[unicode]", "{re_pattern,2,1,0}"},
        {"\"a\"", "[{newline,any}]", "{re_pattern,0,0,1}"},
        {"\"a\"", "[{newline,crlf}]", "{re_pattern,0,0,1}"},
        {"\"a\"", "[{newline,anycrlf}]", "{re_pattern,0,0,1}"},
        {"\"a\"", "[{newline,cr}]", "{re_pattern,0,0,0}"},
        {"\"(?:x)(y)\"", "[no_auto_capture]", "{re_pattern,0,0,0}"},
        {"[256]", "[unicode]", "{re_pattern,0,1,0}"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        term_t mp = compile_ok(cases[i].re, cases[i].opts);
        cr_assert(term_is_tuple(mp) && tuple_arity(mp) == 5);
        term_t four = term_tuple(&p.heap, 4, tuple_elems(mp));
        expect_term(four, cases[i].fields);
        cr_expect(term_is_bitstring(tuple_get(mp, 4)));
    }
}

/* A compiled pattern does what its text does, also after a trip through
 * the external format, and run/3 takes only run-time options with it. */
Test(bif_re, compiled_pattern_runs)
{
    term_t mp = compile_ok("\"(a)(?<nm>b)?\"", "[caseless]");
    term_t subj = read_text("\"xAB\"");
    expect_term(run(subj, mp, "[{capture, all, list}]"), "{match,[\"AB\",\"A\",\"B\"]}");
    expect_term(run(subj, mp, "[{capture, [nm], binary}, {offset, 2}]"), "nomatch");
    expect_term(run(subj, mp, "[anchored]"), "nomatch");
    uint8_t buf[512];
    size_t n;
    cr_assert(ext_size(mp, &n, NULL) == EXT_OK && n <= sizeof buf);
    ext_encode(mp, buf);
    term_t back;
    cr_assert(buf[0] == 131 && ext_decode(&p.heap, buf + 1, n - 1, &back, NULL, NULL) == EXT_OK);
    expect_term(run(subj, back, "[{capture, first, index}]"), "{match,[{1,2}]}");
    expect_error("re:run/3", (term_t[]){subj, mp, read_text("[caseless]")}, ATOM_badarg);
    expect_error("re:run/3", (term_t[]){subj, mp, read_text("[unicode]")}, ATOM_badarg);
    term_t names[2] = {mp, read_text("namelist")};
    expect_term(call("re:inspect/2", names), "{namelist,[<<\"nm\">>]}");
}

/* run/3's newline and \R options apply to a compiled pattern too (PCRE2
 * takes them at compile time: the pattern is compiled again with them). */
Test(bif_re, run_time_newline)
{
    term_t mp = compile_ok("\"^b\"", "[multiline]");
    term_t subj = read_text("\"a\\rb\"");
    expect_term(run(subj, mp, "[]"), "nomatch");
    expect_term(run(subj, mp, "[{newline, cr}]"), "{match,[{2,1}]}");
    expect_term(run(subj, mp, "[{newline, any}]"), "{match,[{2,1}]}");
    term_t mp2 = compile_ok("\"a\\\\Rb\"", "[bsr_anycrlf]");
    expect_term(run(read_text("[97,133,98]"), mp2, "[]"), "nomatch");
    expect_term(run(read_text("[97,133,98]"), mp2, "[bsr_unicode]"), "{match,[{0,3}]}");
}

/* A binary that is not one of ours, or a tuple of the wrong shape, is no
 * compiled pattern: badarg, never a crash. */
Test(bif_re, forged_patterns)
{
    static const char *const forged[] = {
        "{re_pattern,0,0,0,<<>>}",
        "{re_pattern,0,0,0,<<1,114,101,50>>}",
        "{re_pattern,0,0,0,<<1,114,101,50,255,255,255,255,0,0,97>>}",
        "{re_pattern,0,0,0,<<1,114,101,50,0,0,0,0,99,0,97>>}",
        "{re_pattern,0,0,0,<<1,114,101,50,0,0,0,0,0,0,40>>}",
        "{re_pattern,0,0,0,<<1,114,101,50,0,0,0,0,0,0,97>>,x}",
        "{re_pattern,0,0,0,<<1,114,101,50,0,0,0,0,0,0,97:7>>}",
    };
    term_t subj = read_text("\"abc\"");
    for (size_t i = 0; i < sizeof forged / sizeof forged[0]; i++) {
        term_t mp = read_text(forged[i]);
        term_t got = run(subj, mp, "[]");
        cr_expect(got == THE_NON_VALUE && p.freason == ATOM_badarg, "%s: %s", forged[i], show(got));
    }
    /* a key of ours with no options and pattern "a" works */
    expect_term(run(subj, read_text("{re_pattern,0,0,0,<<1,114,101,50,0,0,0,0,0,0,97>>}"), "[]"),
                "{match,[{0,1}]}");
}

/* More patterns than the per-thread cache holds, in turn: each still
 * gives its own answer. */
Test(bif_re, cache_turnover)
{
    term_t subj = read_text("\"abcdefghijklmnopqrstuvwxyz\"");
    for (int round = 0; round < 3; round++)
        for (char c = 'a'; c <= 'z'; c++) {
            char re[8];
            snprintf(re, sizeof re, "\"%c\"", c);
            term_t args[2] = {subj, read_text(re)};
            term_t got = call("re:run/2", args);
            char want[32];
            snprintf(want, sizeof want, "{match,[{%d,1}]}", c - 'a');
            expect_term(got, want);
        }
}

/* Compile errors: {error, {Text, Offset}} from compile, {error, {compile,
 * {Text, Offset}}} from run with report_errors, badarg without; the
 * offsets are PCRE 8.44's for these patterns. */
Test(bif_re, compile_errors)
{
    static const struct {
        const char *re;
        int64_t at;
    } cases[] = {{"\"(\"", 1}, {"\"a)\"", 1}, {"\"[a\"", 2}, {"\"a{2,1}\"", 5}, {"\"\\\\\"", 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        term_t args[2] = {read_text(cases[i].re), NIL};
        term_t r = call("re:compile/2", args);
        cr_assert(r != THE_NON_VALUE && term_is_tuple(r) && tuple_get(r, 0) == ATOM_error, "%s", cases[i].re);
        term_t why = tuple_get(r, 1);
        cr_expect(term_is_list(tuple_get(why, 0)), "%s: no text", cases[i].re);
        cr_expect(tuple_get(why, 1) == term_small(cases[i].at), "%s: offset %s", cases[i].re,
                  show(tuple_get(why, 1)));
        term_t r2 = run(read_text("\"a\""), args[0], "[report_errors]");
        cr_assert(r2 != THE_NON_VALUE && tuple_get(r2, 0) == ATOM_error);
        cr_expect(tuple_get(tuple_get(r2, 1), 0) == ATOM_compile);
        cr_expect(run(read_text("\"a\""), args[0], "[]") == THE_NON_VALUE && p.freason == ATOM_badarg);
    }
}

/* The ASCII tables are PCRE2's own (pcre2_maketables in the C locale), so
 * the layout the Latin-1 ones are made in is PCRE2's; the Latin-1 ones add
 * exactly the letters OTP's PCRE knows. */
Test(bif_re, character_tables)
{
    char *old = setlocale(LC_CTYPE, NULL);
    char saved[64];
    snprintf(saved, sizeof saved, "%s", old ? old : "C");
    setlocale(LC_CTYPE, "C");
    const uint8_t *theirs = pcre2_maketables(NULL);
    setlocale(LC_CTYPE, saved);
    cr_assert(theirs);
    uint8_t ours[RE_TABLES_LENGTH], l1[RE_TABLES_LENGTH];
    re_make_tables(ours, false);
    for (size_t i = 0; i < RE_TABLES_LENGTH; i++)
        cr_expect(ours[i] == theirs[i], "byte %zu: %u, PCRE2 %u", i, ours[i], theirs[i]);
    pcre2_maketables_free(NULL, theirs);
    re_make_tables(l1, true);
    cr_expect(memcmp(l1, ours, 128) == 0 && l1[0xC9] == 0xE9 && l1[256 + 0xE9] == 0xC9 &&
              l1[256 + 0xDF] == 0xDF);
    cr_expect(l1[256 + 0xD7] == 0xD7 && l1[0xD7] == 0xD7);
}

/* ---- what a bad pattern is (the shell's explanation of a badarg) ---------------- */

/* re_check_pattern answers as re:compile/1 does, and re_is_compiled as
 * re:run("", T) does for what is no pattern text. */
Test(bif_re, check_pattern)
{
    char msg[256];
    size_t at = 99;
    cr_expect_eq(re_check_pattern(read_text("[\"a\", <<\"b\">> | <<\"c\">>]"), msg, sizeof msg, &at), RE_OK);
    cr_expect_eq(re_check_pattern(read_text("\"[a\""), msg, sizeof msg, &at), RE_BAD);
    cr_expect_str_eq(msg, "missing terminating ] for character class");
    cr_expect_eq(at, 2);
    cr_expect_eq(re_check_pattern(read_text("\"a{2,1}\""), msg, sizeof msg, &at), RE_BAD);
    cr_expect_eq(at, 5);
    cr_expect_eq(re_check_pattern(read_text("\"(\""), msg, 8, &at), RE_BAD);
    cr_expect_str_eq(msg, "missing", "a short buffer holds the message's start");
    cr_expect_eq(re_check_pattern(read_text("abc"), msg, sizeof msg, &at), RE_NOT_TEXT);
    cr_expect_eq(re_check_pattern(read_text("[256]"), msg, sizeof msg, &at), RE_NOT_TEXT,
                 "compile/1 takes Latin-1 text");
    cr_expect_eq(re_check_pattern(read_text("<<1:3>>"), msg, sizeof msg, &at), RE_NOT_TEXT);

    term_t mp = compile_ok("\"(?<n>a)\"", "[]");
    cr_expect(re_is_compiled(mp));
    cr_expect_eq(re_check_pattern(mp, msg, sizeof msg, &at), RE_NOT_TEXT);
    cr_expect(!re_is_compiled(read_text("{re_pattern,0,0,0,<<>>}")), "a forged pattern");
    cr_expect(!re_is_compiled(read_text("{re_pattern,0,0,0,<<1,\"re2\",0,0,0,0,0,0,\"(\">>}")),
              "a pattern that does not compile");
    cr_expect(!re_is_compiled(read_text("\"a\"")));
}
