/* test_erts.c: tests of format/erts.c, the emulator's term text. Every
 * expected string is what erl (OTP 25.2) printed for the term with
 * erlang:display/1 (without its "\r\n"); match spec errors quote terms the
 * same way. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "format/format.h"

static heap_t h;
static fmt_buf b;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
    fmt_buf_init(&b);
}
static void teardown(void)
{
    fmt_buf_free(&b);
    heap_destroy(&h);
}
TestSuite(erts, .init = setup, .fini = teardown);

/* The term a text reads as (erl_parse:parse_term). */
static term_t R(const char *text)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s.", text);
    term_t t;
    read_error err;
    cr_assert_eq(read_term(&h, buf, strlen(buf), &t, &err), READ_OK, "read_term(%s): %s", text, err.msg);
    return t;
}

static const char *E(term_t t)
{
    fmt_buf_reset(&b);
    fmt_erts(&b, t, SIZE_MAX);
    cr_assert_eq(strlen(b.data), b.len);
    return b.data;
}

Test(erts, as_erlang_display_prints)
{
    static const struct {
        const char *term, *want;
    } cases[] = {
        /* lists: strings of printable latin1 and \t \n \r; only '"' and
         * newline are escaped */
        {"\"\"", "[]"},
        {"\"hi\"", "\"hi\""},
        {"\"a\\\"b\\\\c\"", "\"a\\\"b\\c\""},
        {"\"ab'c\"", "\"ab'c\""},
        {"[$a, 10]", "\"a\\n\""},
        {"[$a, 9]", "\"a\t\""},
        {"[$a, 13]", "\"a\r\""},
        {"[$a, 160]", "\"a\xa0\""},
        {"[$a, 255]", "\"a\xff\""},
        {"[9,13,27,12,11,8,97,0]", "[9,13,27,12,11,8,97,0]"},
        {"[$a, 11]", "[97,11]"},
        {"[$a, 127]", "[97,127]"},
        {"[$a, 128]", "[97,128]"},
        {"[$a, 159]", "[97,159]"},
        {"[31]", "[31]"},
        {"[256]", "[256]"},
        {"[97,98,300]", "[97,98,300]"},
        {"[a|\"bc\"]", "[a,98,99]"},
        {"[104,105|x]", "[104,105|x]"},
        {"[$a|$b]", "[97|98]"},
        {"[\"ab\"]", "[\"ab\"]"},
        {"{[], [[]]}", "{[],[[]]}"},
        /* binaries: printable ASCII as text, '"' escaped */
        {"<<>>", "<<>>"},
        {"<<\"abc\">>", "<<\"abc\">>"},
        {"<<\"a \">>", "<<\"a \">>"},
        {"<<$a, $\">>", "<<\"a\\\"\">>"},
        {"<<$a, $'>>", "<<\"a'\">>"},
        {"<<$a, $\\\\>>", "<<\"a\\\">>"},
        {"<<$a, $~>>", "<<\"a~\">>"},
        {"<<$a, 9>>", "<<97,9>>"},
        {"<<$a, 10>>", "<<97,10>>"},
        {"<<$a, 31>>", "<<97,31>>"},
        {"<<$a, 127>>", "<<97,127>>"},
        {"<<$a, 160>>", "<<97,160>>"},
        {"<<1,2>>", "<<1,2>>"},
        {"<<1:3>>", "<<1:3>>"},
        {"<<1:1>>", "<<1:1>>"},
        {"<<1:17>>", "<<0,0,1:1>>"},
        {"<<\"ab\",1:3>>", "<<97,98,1:3>>"},
        {"<<255,3:2>>", "<<255,3:2>>"},
        {"[<<>>|<<\"a\">>]", "[<<>>|<<\"a\">>]"},
        /* numbers: floats as C's %e */
        {"1.5", "1.500000e+00"},
        {"1.0e100", "1.000000e+100"},
        {"0.1", "1.000000e-01"},
        {"-2.5", "-2.500000e+00"},
        {"1.5e-7", "1.500000e-07"},
        {"123.456", "1.234560e+02"},
        {"0.0", "0.000000e+00"},
        {"-0.0", "-0.000000e+00"},
        {"1.0e-300", "1.000000e-300"},
        {"-3.25e-10", "-3.250000e-10"},
        {"2147483647", "2147483647"},
        {"-576460752303423489", "-576460752303423489"},
        {"1000000000000000000000000", "1000000000000000000000000"},
        /* atoms: quoted unless a latin1 lower case letter and letters,
         * digits, '_' (reserved words unquoted); ' \ and controls escaped */
        {"''", "''"},
        {"'a b'", "'a b'"},
        {"'\"q\"'", "'\"q\"'"},
        {"'Ab'", "'Ab'"},
        {"aB", "aB"},
        {"'_x'", "'_x'"},
        {"'a-b'", "'a-b'"},
        {"'x@y'", "'x@y'"},
        {"'x.y'", "'x.y'"},
        {"'true'", "true"},
        {"'receive'", "receive"},
        {"'a\\tb'", "'a\\tb'"},
        {"'a\\nb'", "'a\\nb'"},
        {"'\\n'", "'\\n'"},
        {"'it\\'s'", "'it\\'s'"},
        {"'a\\\\b'", "'a\\\\b'"},
        {"'a\"b'", "'a\"b'"},
        {"'\xc3\xa9'", "\xc3\xa9"},
        {"'a\xc3\xa9'", "a\xc3\xa9"},
        {"'\xc3\xa4" "1'", "\xc3\xa4" "1"},
        {"'a\\x{100}'", "'a\xc4\x80'"},
        /* containers */
        {"{}", "{}"},
        {"{a,\"b\"}", "{a,\"b\"}"},
        {"#{}", "#{}"},
        {"#{1=>2,b=>[]}", "#{1=>2,b=>[]}"},
        {"#{a=>1,\"s\"=>[1],<<1>>=>{}}", "#{a=>1,\"s\"=>[1],<<1>>=>{}}"},
        {"{'and','_','$1',aB,'Ab','a@b','',[],{}}", "{and,'_','$1',aB,'Ab','a@b','',[],{}}"},
        {"fun erlang:abs/1", "fun erlang:abs/1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_expect_str_eq(E(R(cases[i].term)), cases[i].want, "%s", cases[i].term);
    cr_expect_str_eq(E(term_local_pid(80, 0)), "<0.80.0>");
}

/* A map of more than 32 keys prints as its trie, as OTP's does (map.c
 * shapes it as OTP's): erl's maps:from_list([{I, I} || I <- lists:seq(1,
 * 40)]) and [{I, []} || I <- lists:seq(1, 33)]. */
Test(erts, large_maps_print_their_trie)
{
    term_t k[40], v[40];
    for (int i = 0; i < 40; i++)
        k[i] = v[i] = term_small(i + 1);
    cr_expect_str_eq(E(map_from_pairs(&h, k, v, 40)),
                     "#<fffb>{<1201>{[16|16],[18|18],[5|5]},<4400>{[19|19],[27|27]},<1084>{[35|35],<4080>{[10|10],"
                     "[24|24]},[36|36]},<14>{[4|4],[21|21]},<240>{[22|22],[17|17]},<2a>{[3|3],[8|8],[1|1]},<8512>{"
                     "[7|7],[2|2],[14|14],[15|15],[20|20]},<c0>{[40|40],<1001>{[13|13],[38|38]}},[6|6],<9400>{[28|"
                     "28],[25|25],[34|34]},<312>{[32|32],[9|9],[37|37],[11|11]},[31|31],[26|26],<2060>{[39|39],[30|"
                     "30],<8020>{[29|29],[23|23]}},<8200>{[12|12],[33|33]}}");
    for (int i = 0; i < 33; i++)
        v[i] = NIL;
    cr_expect_str_eq(E(map_from_pairs(&h, k, v, 33)),
                     "#<fffb>{<1201>{[16],[18],[5]},<4400>{[19],[27]},<80>{<4080>{\"\\n\",[24]}},<14>{[4],[21]},<240>"
                     "{[22],[17]},<2a>{[3],[8],[1]},<8512>{[7],[2],[14],[15],[20]},\"\r\",[6],<1400>{[28],[25]},<212>"
                     "{\" \",\"\t\",[11]},[31],[26],<2040>{[30],<8020>{[29],[23]}},<8200>{[12],\"!\"}}");
}

Test(erts, appends_and_cuts_at_the_limit)
{
    fmt_buf_reset(&b);
    fmt_buf_put(&b, "x=", 2);
    fmt_erts(&b, R("[1,2,3,4,5]"), 6);
    cr_assert_str_eq(b.data, "x=[1,2,3");
    fmt_buf_reset(&b);
    fmt_erts(&b, term_local_pid(5, 0), 3);
    cr_assert_str_eq(b.data, "<0.");
    fmt_buf_reset(&b);
    fmt_erts(&b, R("\"abc\""), 0);
    cr_assert_str_eq(b.data, "");

    char small[8];
    cr_assert_eq(fmt_erts_chars(small, sizeof small, R("[1,2,3,4,5]")), 7u);
    cr_assert_str_eq(small, "[1,2,3,");
    cr_assert_eq(fmt_erts_chars(small, sizeof small, term_local_pid(5, 0)), 7u);
    cr_assert_str_eq(small, "<0.5.0>");
    cr_assert_eq(fmt_erts_chars(small, 1, R("abc")), 0u);
    cr_assert_str_eq(small, "");
}

/* A deep term takes no C stack: the printer walks with its own. */
Test(erts, deep_terms)
{
    term_t t = NIL;
    for (int i = 0; i < 200000; i++)
        t = term_tuple(&h, 1, &t);
    const char *s = E(t);
    cr_assert_eq(b.len, 200000u * 2 + 2);
    cr_assert_eq(s[0], '{');
    cr_assert_eq(s[200000], '[');
}
