/* test_io.c: tests of format/io.c, the C half of io_lib: the deep lists
 * of io_lib:format/2 (dbgsh_out:io_lib_format/2) and io_lib:write/1,2
 * (io_lib:write/1, dbgsh_out:io_lib_write/3). Every expected list was
 * printed by erl (OTP 25.2) with io:format("~w", [io_lib:format(F, A)])
 * on the row's format and arguments (NULL: erl raised badarg); the
 * '$pretty' rows check the hand-over to vm/lib/io_lib.erl, whose column
 * is io_lib_format's indentation rule (tabs to multiples of 8). */
#include <criterion/criterion.h>
#include <stdio.h>

#include "format/format.h"

static process p;
static fmt_buf shown;

static void setup(void)
{
    atom_table_init();
    memset(&p, 0, sizeof p);
    heap_init(&p.heap, ALLOC_HEAP);
    fmt_buf_init(&shown);
    fmt_io_register();
}
static void teardown(void)
{
    fmt_buf_free(&shown);
    heap_destroy(&p.heap);
}
TestSuite(io, .init = setup, .fini = teardown);

static term_t R(const char *text)
{
    term_t t;
    read_error err;
    cr_assert_eq(read_term_nodot(&p.heap, text, strlen(text), &t, &err), READ_OK, "read(%s): %s", text,
                 err.msg);
    return t;
}

/* ~w of t, for failure messages (valid until the next call). */
static const char *W(term_t t)
{
    if (t == THE_NON_VALUE)
        return "(exception)";
    fmt_buf_reset(&shown);
    fmt_write(&shown, t, -1, true);
    return shown.data;
}

/* Calls module:name/arity; THE_NON_VALUE when it raised. */
static term_t call(const char *module, const char *name, unsigned arity, const term_t *args)
{
    const bif_entry *e = bif_lookup(atom_from_cstr(module), atom_from_cstr(name), arity);
    cr_assert(e != NULL, "no BIF %s:%s/%u", module, name, arity);
    p.fclass = CLASS_THROW;
    p.freason = THE_NON_VALUE;
    return e->fn(&p, args);
}

/* The format is a string of the text, or with a leading '=' the term
 * the rest of the text reads as (a binary, an atom, a deep list). */
static term_t io_lib_format(const char *format, const char *args)
{
    term_t f = NIL;
    if (format[0] == '=') {
        f = R(format + 1);
    } else {
        size_t n = strlen(format);
        term_t *c = n ? heap_alloc(&p.heap, 2 * n) : NULL;
        for (size_t i = 0; i < n; i++) {
            c[2 * i] = term_small((unsigned char)format[i]);
            c[2 * i + 1] = i + 1 < n ? term_list(c + 2 * i + 2) : NIL;
        }
        f = n ? term_list(c) : NIL;
    }
    term_t a[2] = {f, R(args)};
    return call("dbgsh_out", "io_lib_format", 2, a);
}

static void expect_result(const char *what, term_t got, const char *want)
{
    if (!want) {
        cr_expect(got == THE_NON_VALUE && p.fclass == CLASS_ERROR && p.freason == ATOM_badarg,
                  "%s: want badarg, got %s", what, W(got));
        return;
    }
    cr_expect(got != THE_NON_VALUE && term_eq_exact(got, R(want)), "%s: want %s, got %s", what, want, W(got));
}

static const struct {
    const char *format, *args, *want;
} FORMAT_ROWS[] = {
    {"~w", "[ok]", "[[111,107]]"},
    {"a~wb~n", "[ok]", "[97,[111,107],98,10]"},
    {"~w", "[{a,[1]}]", "[[123,[[97],44,[91,[[49]],93]],125]]"},
    {"~w", "[[1,2|3]]", "[[91,[[49],44,[50],124,[51]],93]]"},
    {"~w", "[#{a => 1,b => [x]}]",
     "[[35,123,[[[97],[32,61,62,32],[49]],44,[[98],[32,61,62,32],[91,[[120]],93]]],125]]"},
    {"~w", "[<<1,2,3:4>>]", "[[60,60,[[49],44,[50],44,[51],58,[52]],62,62]]"},
    {"~w", "[<<>>]", "[[60,60,[],62,62]]"},
    {"~w", "[-1.5]", "[[45,49,46,53]]"},
    {"~w", "[123456789012345678901234567890]",
     "[[49,50,51,52,53,54,55,56,57,48,49,50,51,52,53,54,55,56,57,48,49,50,51,52,53,54,55,56,57,48]]"},
    {"~w", "[\"ab\"]", "[[91,[[57,55],44,[57,56]],93]]"},
    {"~W", "[[1,2,3,4], 3]", "[[91,[[49],44,[50],124,46,46,46],93]]"},
    {"~W", "[{1,2,3,4}, 3]", "[[123,[[49],44,[50],44,46,46,46],125]]"},
    {"~W", "[#{a => 1}, 2]", "[[35,123,[[[97],[32,61,62,32],[49]],44,46,46,46],125]]"},
    {"~W", "[<<1,2,3>>, 2]", "[[60,60,[[49],44,[46,46,46]],62,62]]"},
    {"~W", "[x, 0]", "[[46,46,46]]"},
    {"~10w|", "[ok]", "[[[[[32,32],32,32],[32,32],32,32],111,107],124]"},
    {"~-10w|", "[ok]", "[[[111,107],[[32,32],32,32],[32,32],32,32],124]"},
    {"~3w|", "[okok]", "[[42,42,42],124]"},
    {"~.2w|", "[okok]", "[[42,42],124]"},
    {"~7.2w|", "[okok]", "[[[32,[32,32],32,32],42,42],124]"},
    {"~-7.2.xw|", "[okok]", "[[[42,42],120,[120,120],120,120],124]"},
    {"~5..*w", "[foo, ok]", "[[[foo,foo,foo],111,107]]"},
    {"~*w|", "[-5, ok]", "[[[111,107],32,32,32],124]"},
    {"~tw", "['\\x{400}']", "[[39,1024,39]]"},
    {"~w", "['\\x{400}']", "[[39,92,120,123,52,48,48,125,39]]"},
    {"~s", "[\"abc\"]", "[[97,98,99]]"},
    {"~s", "[abc]", "[97,98,99]"},
    {"~s~s", "[<<\"ab\">>, abc]", "[[97,98],97,98,99]"},
    {"~s", "[[$a,[$b,<<\"cd\">>],<<\"e\">>|<<\"f\">>]]", "[[97,[98,[99,100]],[101],102]]"},
    {"~ts", "[[1000,[$b,<<\"cd\">>],<<\"e\">>|<<\"f\">>]]", "[[1000,[98,[99,100]],[101],102]]"},
    {"~3ts", "[[1000,[$b,<<\"cd\">>],<<\"e\">>|<<\"f\">>]]", "[[1000,98,99]]"},
    {"~ts", "[<<104,200>>]", "[[104,200]]"},
    {"~8.3s|", "[\"abcdef\"]", "[[[32,[32,32],32,32],97,98,99],124]"},
    {"~8.6s|", "[\"ab\"]", "[[[32,32],[97,98],[32,32],32,32],124]"},
    {"~8.2s|", "[\"ab\"]", "[[[[32,32,32],32,32,32],97,98],124]"},
    {"~.5s|", "[\"ab\"]", "[[[97,98],32,32,32],124]"},
    {"~-6s|", "[\"ab\"]", "[[[97,98],[32,32],32,32],124]"},
    {"~2s", "[\"abc\"]", "[[97,98]]"},
    {"~s", "[[]]", "[[]]"},
    {"~10s", "[abc]", "[32,32,32,32,32,32,32,97,98,99]"},
    {"~p", "[ok]", "[[111,107]]"},
    {"~p", "[\"abc\"]", "[[34,97,98,99,34]]"},
    {"~p", "[[]]", "[[91,93]]"},
    {"~p", "[<<>>]", "[[60,60,62,62]]"},
    {"~p", "[1.5]", "[[49,46,53]]"},
    {"~p", "[1]", "[[49]]"},
    {"~P", "[{a,b}, 1]", "[[123,46,46,46,125]]"},
    {"~P", "[{a,b}, 0]", "[[46,46,46]]"},
    {"~p ~w", "[x, [1]]", "[[120],32,[91,[[49]],93]]"},
    {"~p", "[{a,[1,2|3],\"s\",#{k => v, 1 => [x]}}]",
     "[[123,[[97],44,[91,[[49],44,[50],124,51],93],44,[34,115,34],44,[35,123,[[[49],[32,61,62,32],[91,[[120]]"
     ",93]],44,"
     "[[107],[32,61,62,32],[118]]],125]],125]]"},
    {"~lp", "[\"ab\"]", "[[91,[[57,55],44,[57,56]],93]]"},
    {"~0p", "[{a,b}]", "[[123,[[97],44,[98]],125]]"},
    {"~p", "[[{}, #{}, [], self]]", "[[91,[[123,125],44,[35,123,125],44,[91,93],44,[115,101,108,102]],93]]"},
    {"~p", "[[a|{b}]]", "[[91,[[97],124,123,[[98]],125],93]]"},
    {"~f ~e ~g ~b ~c ~i~~", "[1.0, 2.0, 3.0, 4, $a, x]",
     "[49,46,48,48,48,48,48,48,32,50,46,48,48,48,48,48,101,43,48,32,51,46,48,48,48,48,48,32,52,32,97,32,"
     "126]"},
    {"~8.16.0B ~x ~+ ~#", "[255, 255, \"0x\", 10, 10]",
     "[48,48,48,48,48,48,70,70,32,48,120,50,53,53,32,49,48,35,49,48,32,49,48,35,49,48]"},
    {"~-5c|~5c|~.3c|~5.3c|~3n", "[$a, $b, $c, $d]",
     "[97,97,97,97,97,124,98,98,98,98,98,124,99,99,99,124,32,32,100,100,100,124,10,10,10]"},
    {"abc", "[]", "[97,98,99]"},
    {"=<<\"h\", 233, \"~w\">>", "[x]", "[104,233,[120]]"},
    {"='a~wb'", "[x]", "[97,[120],98]"},
    {"=[\"ab\", $~, $w]", "[x]", "[[97,98],[120]]"},
    {"=[\"ab\", \"~w\"]", "[]", "[[97,98],[126,119]]"},
    {"~w~w", "[a]", NULL},
    {"~w", "[a, b]", NULL},
    {"~q", "[]", NULL},
    {"~", "[]", NULL},
    {"~-p", "[ok]", NULL},
    {"~3.5s", "[\"a\"]", NULL},
    {"~W", "[x, y]", NULL},
    {"~s", "[[256]]", NULL},
    {"~s", "[<<1:3>>]", NULL},
    {"~s", "[1]", NULL},
    {"~d", "[a]", NULL},
    {"=[$a, foo, $~, $p]", "[x]", NULL},
    {"~w", "[x | y]", NULL},
    {"=x", "y", NULL},
    {"=1", "[]", NULL},
};

Test(io, format_rows)
{
    char what[256];
    for (size_t i = 0; i < sizeof FORMAT_ROWS / sizeof FORMAT_ROWS[0]; i++) {
        snprintf(what, sizeof what, "io_lib:format(%s, %s)", FORMAT_ROWS[i].format, FORMAT_ROWS[i].args);
        expect_result(what, io_lib_format(FORMAT_ROWS[i].format, FORMAT_ROWS[i].args), FORMAT_ROWS[i].want);
    }
}

/* A ~p that does not fit on one line, has a depth or holds a binary is
 * handed to io_lib.erl with the column it starts at: after "ab\tc" that
 * is 10 (tab to 8, then c), else the precision; io_lib.erl turns the
 * element into the layout. */
Test(io, pretty_elements)
{
    expect_result("~p of a tuple", io_lib_format("ab\tc~p", "[{x, <<\"y\">>}]"),
                  "{[97,98,9,99,{'$pretty',{x,<<\"y\">>},10,80,-1,latin1,true}]}");
    expect_result("~10p", io_lib_format("~10p", "[[aaaa, bbbb, cccc]]"),
                  "{[{'$pretty',[aaaa,bbbb,cccc],1,10,-1,latin1,true}]}");
    expect_result("~40.3tlP", io_lib_format("~40.3tlP", "[[1], 5]"),
                  "{[{'$pretty',[1],3,40,5,unicode,false}]}");
    /* The second ~p starts after the text of the first, [a,<<"b">>], and a
     * space. */
    expect_result("~p ~p", io_lib_format("~p ~p", "[[a, <<\"b\">>], [<<\"c\">>]]"),
                  "{[{'$pretty',[a,<<\"b\">>],1,80,-1,latin1,true},32,"
                  "{'$pretty',[<<\"c\">>],13,80,-1,latin1,true}]}");
    /* A newline inside a ~s resets the column. */
    expect_result("~s~p", io_lib_format("~s~p", "[\"ab\\ncd\", [<<\"c\">>]]"),
                  "{[[97,98,10,99,100],{'$pretty',[<<\"c\">>],3,80,-1,latin1,true}]}");
}

/* With chars_limit io_lib.erl shares the limit among the directives that
 * print terms, so dbgsh_out:io_lib_format_limited/2 leaves each as
 * {'$limited', Control, Args, Width, Adjust, Precision, Pad, Encoding,
 * Strings} and formats the others as io_lib:format/2 does; ~s of an atom
 * is one of the others. */
Test(io, limited_elements)
{
    term_t a[2] = {R("\"a~p~-10.3.xtlP|~s~s~w~n\""), R("[{x}, [1], 4, \"str\", atom, 7]")};
    expect_result("limited", call("dbgsh_out", "io_lib_format_limited", 2, a),
                  "[97,{'$limited',112,[{x}],none,right,none,32,latin1,true},"
                  "{'$limited',80,[[1],4],10,left,3,120,unicode,false},124,"
                  "{'$limited',115,[\"str\"],none,right,none,32,latin1,true},97,116,111,109,"
                  "{'$limited',119,[7],none,right,none,32,latin1,true},10]");
    term_t b[2] = {R("\"~5s\""), R("[x, y]")};
    expect_result("too many arguments", call("dbgsh_out", "io_lib_format_limited", 2, b), NULL);
}

static const struct {
    const char *term;
    int depth; /* -2: io_lib:write/1 */
    const char *want;
} WRITE_ROWS[] = {
    {"<<>>", -2, "[60,60,[],62,62]"},
    {"<<1,2,3>>", -2, "[60,60,[[49],44,[50],44,[51]],62,62]"},
    {"<<1,2,3:4>>", -2, "[60,60,[[49],44,[50],44,[51],58,[52]],62,62]"},
    {"<<1,2,3>>", 2, "[60,60,[[49],44,[46,46,46]],62,62]"},
    {"#{a => 1}", 2, "[35,123,[[[97],[32,61,62,32],[49]],44,46,46,46],125]"},
    {"#{a => 1}", 1, "[35,123,125]"},
    {"#{a => 1,b => 2}", 3,
     "[35,123,[[[97],[32,61,62,32],[49]],44,[[98],[32,61,62,32],[50]],44,46,46,46],125]"},
    {"[1,2|3]", -2, "[91,[[49],44,[50],124,[51]],93]"},
    {"[1,2,3,4]", 3, "[91,[[49],44,[50],124,46,46,46],93]"},
    {"{1,2,3,4}", 3, "[123,[[49],44,[50],44,46,46,46],125]"},
    {"'A b'", -2, "[39,65,32,98,39]"},
    {"1.5", -2, "[49,46,53]"},
    {"-12", -2, "[45,49,50]"},
    {"{}", -2, "[123,125]"},
    {"{a,b}", 0, "[46,46,46]"},
    {"{a,[1]}", -2, "[123,[[97],44,[91,[[49]],93]],125]"},
};

Test(io, write_rows)
{
    char what[256];
    for (size_t i = 0; i < sizeof WRITE_ROWS / sizeof WRITE_ROWS[0]; i++) {
        term_t t = R(WRITE_ROWS[i].term), got;
        if (WRITE_ROWS[i].depth == -2) {
            got = call("io_lib", "write", 1, &t);
        } else {
            term_t a[3] = {t, term_small(WRITE_ROWS[i].depth), ATOM_false};
            got = call("dbgsh_out", "io_lib_write", 3, a);
        }
        snprintf(what, sizeof what, "io_lib:write(%s, %d)", WRITE_ROWS[i].term, WRITE_ROWS[i].depth);
        expect_result(what, got, WRITE_ROWS[i].want);
    }
}

/* io_lib:write(T, [{encoding, unicode}]) keeps an atom's code points:
 * erl gives [39,1024,39]; io_lib:write(T) escapes them. */
Test(io, write_unicode)
{
    term_t a[3] = {R("'\\x{400}'"), term_small(-1), ATOM_true};
    expect_result("unicode atom", call("dbgsh_out", "io_lib_write", 3, a), "[39,1024,39]");
    expect_result("latin1 atom", call("io_lib", "write", 1, a), "[39,92,120,123,52,48,48,125,39]");
}

/* A list a million long and a term nested a million deep are written
 * without recursion: only the sizes are checked. */
Test(io, write_deep_terms)
{
    term_t l = NIL, t = NIL;
    term_t *cells = heap_alloc(&p.heap, 2 * 1000000);
    for (size_t i = 0; i < 1000000; i++) {
        cells[2 * i] = term_small(7);
        cells[2 * i + 1] = i + 1 < 1000000 ? term_list(cells + 2 * i + 2) : NIL;
    }
    l = term_list(cells);
    term_t got = call("io_lib", "write", 1, &l);
    cr_assert(got != THE_NON_VALUE);
    /* [$[, [E1 | [$,, E2 | ...]], $]]: the middle list has 2n - 1 cells. */
    cr_expect_eq(list_length(list_head(list_tail(got))), 2 * 1000000 - 1);
    for (int i = 0; i < 1000000; i++)
        t = term_tuple(&p.heap, 1, &t);
    got = call("io_lib", "write", 1, &t);
    cr_assert(got != THE_NON_VALUE);
    size_t depth = 0;
    for (term_t x = got; term_is_list(x) && list_head(x) == term_small('{'); depth++)
        x = list_head(list_head(list_tail(x)));
    cr_expect_eq(depth, 1000000);
}
