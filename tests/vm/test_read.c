/* test_read.c: tests of vm/read.c, the term reader, against OTP 25.
 * Table rows are an input and what erl gives for it, written by this
 * Erlang (Esc writes bytes outside printable ASCII, ' and \ as \xHH):
 *
 *   case erl_scan:string(Chars, {1,1}) of
 *     {error, {{L,C}, M, E}, {EL,EC}} -> "error:scan@L:C-EL:EC " ++ Esc(M:format_error(E));
 *     {ok, Toks, _} -> case erl_parse:parse_term(Toks) of
 *         {ok, T} -> dump(T);
 *         {error, {{L,C}, M, E}} -> "error:syntax@L:C " or "error:bad@L:C "
 *                                   ++ Esc(M:format_error(E))   (location 0: "0:0")
 *     end
 *   end
 *   dump: integers in decimal, floats as f + the 16 hex digits of
 *   <<F/float>>, atoms as 'Esc(utf8)', [a,b|t], {a,b}, #{k=>v} in
 *   maps:to_list/1 order, <<1,2,5:3>> (bytes, then the last bits as
 *   Value:Bits), fun 'm':'f'/A.
 *
 * The nodot rows read Text with a full stop added at its end when its
 * tokens do not end with one. The stream rows are the results, joined by
 * " ; ", of erl_scan:tokens/3 then erl_parse:parse_term/1 again and again
 * on the rest of the text, as io:read/2 does, until eof. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/vm.h"
#include "tests/lib/rng.h"
#include "tests/lib/rows.h"

static heap_t h;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(read, .init = setup, .fini = teardown);

/* The table's dump of a term (test terms are shallow: recursion is fine). */
static void put_term(FILE *f, term_t t)
{
    if (term_is_integer(t)) {
        char *s = malloc(int_chars_bound(t, 10));
        fwrite(s, 1, int_to_chars(t, 10, s), f);
        free(s);
    } else if (term_is_float(t)) {
        double d = float_value(t);
        uint64_t u;
        memcpy(&u, &d, sizeof u);
        fprintf(f, "f%016" PRIX64, u);
    } else if (term_is_atom(t)) {
        size_t n;
        const char *s = atom_text(t, &n);
        fputc('\'', f);
        put_esc(f, s, n);
        fputc('\'', f);
    } else if (term_is_nil(t)) {
        fputs("[]", f);
    } else if (term_is_list(t)) {
        fputc('[', f);
        put_term(f, list_head(t));
        for (t = list_tail(t); term_is_list(t); t = list_tail(t)) {
            fputc(',', f);
            put_term(f, list_head(t));
        }
        if (!term_is_nil(t)) {
            fputc('|', f);
            put_term(f, t);
        }
        fputc(']', f);
    } else if (term_is_tuple(t)) {
        fputc('{', f);
        for (uint64_t i = 0; i < tuple_arity(t); i++) {
            if (i)
                fputc(',', f);
            put_term(f, tuple_get(t, i));
        }
        fputc('}', f);
    } else if (term_is_map(t)) {
        map_iter it;
        term_t k, v;
        bool first = true;
        map_iter_init(&it, t);
        fputs("#{", f);
        while (map_iter_next(&it, &k, &v)) {
            if (!first)
                fputc(',', f);
            first = false;
            put_term(f, k);
            fputs("=>", f);
            put_term(f, v);
        }
        fputc('}', f);
    } else if (term_is_bitstring(t)) {
        bin_view v;
        bin_view_of(t, &v);
        fputs("<<", f);
        for (uint64_t i = 0; i < v.size; i++)
            fprintf(f, i ? ",%u" : "%u", bin_byte_at(&v, i));
        if (v.bitsize)
            fprintf(f, v.size ? ",%u:%u" : "%u:%u", bin_tail_bits(&v) >> (8 - v.bitsize), v.bitsize);
        fputs(">>", f);
    } else if (term_is_export(t)) {
        export_obj *e = export_object(t);
        fputs("fun ", f);
        put_term(f, e->module);
        fputc(':', f);
        put_term(f, e->function);
        fprintf(f, "/%u", (unsigned)e->arity);
    } else {
        fputs("?", f);
    }
}

static void put_error(FILE *f, const read_error *e, bool with_end)
{
    static const char *const kinds[] = {"scan", "syntax", "bad", "limit"};
    fprintf(f, "error:%s@%u:%u", kinds[e->kind], e->line, e->col);
    if (with_end && e->kind == READ_ERR_SCAN)
        fprintf(f, "-%u:%u", e->end_line, e->end_col);
    fputc(' ', f);
    put_esc(f, e->msg, strlen(e->msg));
}

typedef enum mode { TERM, NODOT, STREAM } mode;

/* What the reader makes of `src`, in the table's format; caller frees. */
static char *read_dump(mode m, const char *src, size_t len)
{
    char *out;
    size_t outlen;
    FILE *f = open_memstream(&out, &outlen);
    term_t t;
    read_error e;
    if (m == STREAM) {
        read_stream rs;
        read_stream_init(&rs, src, len);
        for (int i = 0;; i++) {
            read_result r = read_next(&rs, &h, &t, &e);
            if (i)
                fputs(" ; ", f);
            if (r == READ_EOF) {
                fputs("eof", f);
                break;
            }
            if (r == READ_OK)
                put_term(f, t);
            else
                put_error(f, &e, false);
        }
    } else {
        read_result r = m == TERM ? read_term(&h, src, len, &t, &e) : read_term_nodot(&h, src, len, &t, &e);
        if (r == READ_OK)
            put_term(f, t);
        else
            put_error(f, &e, true);
    }
    fclose(f);
    return out;
}

static void check_rows(mode m, const row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *got = read_dump(m, rows[i].src, rows[i].len);
        cr_expect_str_eq(got, rows[i].want, "row %zu: %s", i, rows[i].src);
        free(got);
        heap_reset(&h);
    }
}

/* read_term: the first rows are chosen by hand (every literal form, every
 * binary segment form, operators, errors); then random terms, random
 * mutations of them, random Erlang expressions and their mutations, and
 * floats in syntax error messages. */
static const row term_rows[] = {
    {"-5.", 3, "-5"},
    {"- 5.", 4, "-5"},
    {"+5.", 3, "5"},
    {"-(5).", 5, "-5"},
    {"- - 5.", 6, "error:bad@1:1 bad term"},
    {"-$a.", 4, "-97"},
    {"-a.", 3, "error:bad@1:1 bad term"},
    {"foo(1).", 7, "error:bad@1:1 bad term"},
    {"1+2.", 4, "error:bad@1:1 bad term"},
    {"X.", 2, "error:bad@1:1 bad term"},
    {"1, 2.", 5, "error:bad@1:4 bad term"},
    {"foo(1), 2.", 10, "error:bad@1:9 bad term"},
    {"1, foo(.", 8, "error:syntax@1:8 syntax error before: \\x27.\\x27"},
    {"{a, b c}.", 9, "error:syntax@1:7 syntax error before: c"},
    {"{a,b.", 5, "error:syntax@1:5 syntax error before: \\x27.\\x27"},
    {"{a,b", 4, "error:syntax@1:4 syntax error before: "},
    {"1. 2.", 5, "error:syntax@1:4 syntax error before: 2"},
    {"1", 1, "error:syntax@1:1 syntax error before: "},
    {"a.b.", 4, "error:syntax@1:2 syntax error before: \\x27.\\x27"},
    {"[1|2].", 6, "[1|2]"},
    {"#{a := 1}.", 10, "error:bad@1:1 bad term"},
    {"#{a => 1, a => 2}.", 18, "#{'a'=>2}"},
    {"fun erlang:abs/1.", 17, "fun 'erlang':'abs'/1"},
    {"fun foo/1.", 10, "error:bad@1:1 bad term"},
    {"fun m:f/256.", 12, "error:bad@1:1 bad term"},
    {"[end].", 6, "error:syntax@1:2 syntax error before: \\x27end\\x27"},
    {"1.0e400.", 8, "error:scan@1:1-1:8 illegal float"},
    {"1.0e-400.", 9, "f0000000000000000"},
    {"\"ab\" \"cd\".", 10, "[97,98,99,100]"},
    {"<<1:4>>.", 8, "<<1:4>>"},
    {"<<1+2>>.", 8, "error:syntax@1:4 syntax error before: \\x27+\\x27"},
    {"<<(1+2)>>.", 10, "error:bad@1:1 bad term"},
    {"<<1:-1>>.", 9, "error:syntax@1:5 syntax error before: \\x27-\\x27"},
    {"<<1:(-1)>>.", 11, "error:bad@1:1 bad term"},
    {"#r{}.", 5, "error:bad@1:1 bad term"},
    {"(1).", 4, "1"},
    {"((a)).", 6, "'a'"},
    {"[(1)].", 6, "[1]"},
    {"<<1:a>>.", 8, "error:bad@1:1 bad term"},
    {"<<1 || X <- Y>>.", 16, "error:bad@1:1 bad term"},
    {"<<a(1)>>.", 9, "error:syntax@1:4 syntax error before: \\x27(\\x27"},
    {"[1 || X <- Y].", 14, "error:bad@1:1 bad term"},
    {"1 2.", 4, "error:syntax@1:3 syntax error before: 2"},
    {"{}.", 3, "{}"},
    {"[].", 3, "[]"},
    {"<<\"abc\">>.", 10, "<<97,98,99>>"},
    {"<<\"abc\"/utf8>>.", 15, "<<97,98,99>>"},
    {"<<\"\304\201\"/utf8>>.", 14, "<<196,129>>"},
    {"<<\"\304\201\">>.", 9, "<<1>>"},
    {"<<\"abc\":16>>.", 13, "<<0,97,0,98,0,99>>"},
    {"<<\"abc\":16/little>>.", 20, "<<97,0,98,0,99,0>>"},
    {"<<\"\"/utf8>>.", 12, "<<>>"},
    {"<<\"\":16>>.", 10, "<<>>"},
    {"<<\"a\"/binary>>.", 15, "error:bad@1:1 bad term"},
    {"<<\"\"/binary>>.", 14, "error:bad@1:1 bad term"},
    {"<<1.5>>.", 8, "error:bad@1:1 bad term"},
    {"<<1.5/float>>.", 14, "<<63,248,0,0,0,0,0,0>>"},
    {"<<1/float>>.", 12, "<<63,240,0,0,0,0,0,0>>"},
    {"<<1.5:32/float>>.", 17, "<<63,192,0,0>>"},
    {"<<1.5:16/float>>.", 17, "<<62,0>>"},
    {"<<1.5:8/float>>.", 16, "error:bad@1:1 bad term"},
    {"<<1.0e300:32/float>>.", 21, "<<127,128,0,0>>"},
    {"<<-1>>.", 7, "<<255>>"},
    {"<<-1:16/little>>.", 17, "<<255,255>>"},
    {"<<256>>.", 8, "<<0>>"},
    {"<<1:16/signed-little>>.", 23, "<<1,0>>"},
    {"<<$a/utf8>>.", 12, "<<97>>"},
    {"<<16#10FFFF/utf8>>.", 19, "<<244,143,191,191>>"},
    {"<<16#D800/utf8>>.", 17, "error:bad@1:1 bad term"},
    {"<<16#110000/utf8>>.", 19, "error:bad@1:1 bad term"},
    {"<<-1/utf8>>.", 12, "error:bad@1:1 bad term"},
    {"<<1:8/utf8>>.", 13, "error:bad@1:1 bad term"},
    {"<<1/utf8-unit:8>>.", 18, "error:bad@1:1 bad term"},
    {"<<1/utf16>>.", 12, "<<0,1>>"},
    {"<<1/utf16-little>>.", 19, "<<1,0>>"},
    {"<<1/utf32-little>>.", 19, "<<1,0,0,0>>"},
    {"<<16#10000/utf16>>.", 19, "<<216,0,220,0>>"},
    {"<<16#10FFFF/utf16-little>>.", 27, "<<255,219,255,223>>"},
    {"<<1/unit:8>>.", 13, "error:bad@1:1 bad term"},
    {"<<1:3/unit:8>>.", 15, "<<0,0,1>>"},
    {"<<1:2/unit:256>>.", 17,
     "<<0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,1>>"},
    {"<<1:2/unit:257>>.", 17, "error:bad@1:1 bad term"},
    {"<<1:2/unit:0>>.", 15, "error:bad@1:1 bad term"},
    {"<<<<1,2,3>>:2/binary>>.", 23, "<<1,2>>"},
    {"<<<<1,2,3>>:4/binary>>.", 23, "error:bad@1:1 bad term"},
    {"<<<<1:4>>/binary>>.", 19, "error:bad@1:1 bad term"},
    {"<<<<1:4>>/bitstring>>.", 22, "<<1:4>>"},
    {"<<<<1:4>>/bits>>.", 17, "<<1:4>>"},
    {"<<<<1,2>>/bytes>>.", 18, "<<1,2>>"},
    {"<<<<1,2>>:all/binary>>.", 23, "<<1,2>>"},
    {"<<1:all>>.", 10, "error:bad@1:1 bad term"},
    {"<<1:undefined>>.", 16, "error:bad@1:1 bad term"},
    {"<<1/foo>>.", 10, "error:bad@1:1 bad term"},
    {"<<1/integer-float>>.", 20, "error:bad@1:1 bad term"},
    {"<<1/big-little>>.", 17, "error:bad@1:1 bad term"},
    {"<<1/big-big>>.", 14, "<<1>>"},
    {"<<1:0>>.", 8, "<<>>"},
    {"<<1:4, 2:4>>.", 13, "<<18>>"},
    {"<<1:1,2:3,3:5>>.", 16, "<<161,1:1>>"},
    {"<<(-1):8>>.", 11, "<<255>>"},
    {"<<+1>>.", 7, "<<1>>"},
    {"<<1:+4>>.", 9, "error:syntax@1:5 syntax error before: \\x27+\\x27"},
    {"<<1:$a>>.", 9, "<<0,0,0,0,0,0,0,0,0,0,0,0,1:1>>"},
    {"<<1/unit:$a>>.", 14, "error:syntax@1:10 syntax error before: $a"},
    {"<<1/signed-unsigned>>.", 22, "error:bad@1:1 bad term"},
    {"<<1:1.0>>.", 10, "error:bad@1:1 bad term"},
    {"<<1:(1.0)>>.", 12, "error:bad@1:1 bad term"},
    {"<<$a:16>>.", 10, "<<0,97>>"},
    {"<<\"ab\" \"cd\">>.", 14, "<<97,98,99,100>>"},
    {"<<\"ab\" \"cd\":16>>.", 17, "<<0,97,0,98,0,99,0,100>>"},
    {"<<1:16/native>>.", 16, "<<1,0>>"},
    {"<<1/native-float>>.", 19, "<<0,0,0,0,0,0,240,63>>"},
    {"<<1/float-native>>.", 19, "<<0,0,0,0,0,0,240,63>>"},
    {"<<1:64/float-little>>.", 22, "<<0,0,0,0,0,0,240,63>>"},
    {"<<12345678901234567890123:80>>.", 31, "<<2,157,66,182,78,118,113,66,68,203>>"},
    {"<<-12345678901234567890123:80/little>>.", 39, "<<53,187,189,142,137,177,73,189,98,253>>"},
    {"<<1:1000000000000000000000>>.", 29, "error:bad@1:1 bad term"},
    {"<<1, <<2>>/binary>>.", 20, "<<1,2>>"},
    {"<<<<>>/binary>>.", 16, "<<>>"},
    {"<<[]>>.", 7, "error:bad@1:1 bad term"},
    {"<<a>>.", 6, "error:bad@1:1 bad term"},
    {"<<{}/binary>>.", 14, "error:bad@1:1 bad term"},
    {"<<1:8/binary>>.", 15, "error:bad@1:1 bad term"},
    {"<<\"abc\"/binary>>.", 17, "error:bad@1:1 bad term"},
    {"<<\"abc\":1/binary>>.", 19, "error:bad@1:1 bad term"},
    {"<<1/utf8:3>>.", 13, "error:bad@1:1 bad term"},
    {"<<1:3/utf8>>.", 13, "error:bad@1:1 bad term"},
    {"<<1/unit:1-binary>>.", 20, "error:bad@1:1 bad term"},
    {"<<1.5/binary>>.", 15, "error:bad@1:1 bad term"},
    {"<<0.0/float-little>>.", 21, "<<0,0,0,0,0,0,0,0>>"},
    {"<<-0.0/float>>.", 15, "<<128,0,0,0,0,0,0,0>>"},
    {"<<1/float-signed>>.", 19, "<<63,240,0,0,0,0,0,0>>"},
    {"<<65504.0:16/float>>.", 21, "<<123,255>>"},
    {"<<65520.0:16/float>>.", 21, "<<124,0>>"},
    {"<<65519.0:16/float>>.", 21, "<<123,255>>"},
    {"<<1.0e10:16/float>>.", 20, "<<124,0>>"},
    {"<<-1.0e10:16/float>>.", 21, "<<252,0>>"},
    {"<<5.96e-8:16/float>>.", 21, "<<0,1>>"},
    {"<<2.9e-8:16/float>>.", 20, "<<0,0>>"},
    {"<<2.98023223876953125e-8:16/float>>.", 36, "<<0,0>>"},
    {"<<8.94069671630859375e-8:16/float>>.", 36, "<<0,2>>"},
    {"<<3.0e-8:16/float>>.", 20, "<<0,1>>"},
    {"<<1.0e-10:16/float>>.", 21, "<<0,0>>"},
    {"<<0.1:16/float>>.", 17, "<<46,102>>"},
    {"<<-2.0:16/float>>.", 18, "<<192,0>>"},
    {"<<6.1e-5:16/float>>.", 20, "<<3,255>>"},
    {"<<6.103515625e-5:16/float>>.", 28, "<<4,0>>"},
    {"<<1.0e39:32/float>>.", 20, "<<127,128,0,0>>"},
    {"<<3.4028235e38:32/float>>.", 26, "<<127,127,255,255>>"},
    {"<<3.4028236e38:32/float>>.", 26, "<<127,128,0,0>>"},
    {"<<3.40282356779733661637539395458142568448e38:32/float>>.", 57, "<<127,128,0,0>>"},
    {"<<3.40282356779733661637539395458142568447e38:32/float>>.", 57, "<<127,128,0,0>>"},
    {"<<1.0e-46:32/float>>.", 21, "<<0,0,0,0>>"},
    {"<<1.0e-45:32/float>>.", 21, "<<0,0,0,1>>"},
    {"<<16#ABC:12/little>>.", 21, "<<188,10:4>>"},
    {"<<16#ABC:12>>.", 14, "<<171,12:4>>"},
    {"<<16#ABCDE:20/little>>.", 23, "<<222,188,10:4>>"},
    {"<<-2:12/little>>.", 17, "<<254,15:4>>"},
    {"<<1:3/little>>.", 15, "<<1:3>>"},
    {"<<16#1234:16/little>>.", 22, "<<52,18>>"},
    {"<<1:1, 16#ABC:12/little>>.", 26, "<<222,10:5>>"},
    {"<<16#1FFFF:17/little>>.", 23, "<<255,255,1:1>>"},
    {"<<1:1,<<1,2,3>>/binary>>.", 25, "<<128,129,1,1:1>>"},
    {"<<1:3,<<255,1:1>>/bits, 7:5>>.", 30, "<<63,243,1:1>>"},
    {"<<#{}>>.", 8, "error:syntax@1:3 syntax error before: \\x27#\\x27"},
    {"<<catch 1>>.", 12, "error:syntax@1:3 syntax error before: \\x27catch\\x27"},
    {"<<-#{}>>.", 9, "error:syntax@1:4 syntax error before: \\x27#\\x27"},
    {"<<- -1>>.", 9, "error:syntax@1:5 syntax error before: \\x27-\\x27"},
    {"<<bnot 1>>.", 11, "error:bad@1:1 bad term"},
    {"<<1/unit:8-binary:3>>.", 22, "error:bad@1:1 bad term"},
    {"{a 1.5}.", 8, "error:syntax@1:4 syntax error before: 1.5"},
    {"{a $ }.", 7, "error:syntax@1:4 syntax error before: $\\x5Cs"},
    {"{a $\\n}.", 8, "error:syntax@1:4 syntax error before: $\\x5Cn"},
    {"{a $\\x{100}}.", 13, "error:syntax@1:4 syntax error before: $\\xC4\\x80"},
    {"{a $\\x{9f}}.", 12, "error:syntax@1:4 syntax error before: $\\x5C237"},
    {"{a $\\x{a0}}.", 12, "error:syntax@1:4 syntax error before: $\\xC2\\xA0"},
    {"{a $'}.", 7, "error:syntax@1:4 syntax error before: $\\x27"},
    {"{a $\"}.", 7, "error:syntax@1:4 syntax error before: $\""},
    {"{a $\\\\}.", 8, "error:syntax@1:4 syntax error before: $\\x5C\\x5C"},
    {"{a \"a\\tb\\x{100}\\x{9f}\\x{a0}\\\"'\\\\\"}.", 35,
     "error:syntax@1:4 syntax error before: \"a\\x5Ctb\\xC4\\x80\\x5C237\\xC2\\xA0\\x5C\"\\x27\\x5C\\x5C\""},
    {"{a 'a b'}.", 10, "error:syntax@1:4 syntax error before: \\x27a b\\x27"},
    {"{a 'end'}.", 10, "error:syntax@1:4 syntax error before: \\x27end\\x27"},
    {"{a a\303\251}.", 8, "error:syntax@1:4 syntax error before: a\\xC3\\xA9"},
    {"{a 'Abc'}.", 10, "error:syntax@1:4 syntax error before: \\x27Abc\\x27"},
    {"{a 'a@b'}.", 10, "error:syntax@1:4 syntax error before: a@b"},
    {"{a ''}.", 7, "error:syntax@1:4 syntax error before: \\x27\\x27"},
    {"{a 16#ff}.", 10, "error:syntax@1:4 syntax error before: 255"},
    {"{a 0012}.", 9, "error:syntax@1:4 syntax error before: 12"},
    {"{a 12345678901234567890123}.", 28, "error:syntax@1:4 syntax error before: 12345678901234567890123"},
    {"{a 1.0e100}.", 12, "error:syntax@1:4 syntax error before: 1.0e100"},
    {"{a 0.001}.", 10, "error:syntax@1:4 syntax error before: 0.001"},
    {"{a 1.0e-5}.", 11, "error:syntax@1:4 syntax error before: 1.0e-5"},
    {"{a 123456789.0}.", 16, "error:syntax@1:4 syntax error before: 123456789.0"},
    {"{a 1.0e15}.", 11, "error:syntax@1:4 syntax error before: 1.0e15"},
    {"{a 100.0}.", 10, "error:syntax@1:4 syntax error before: 100.0"},
    {"{a 1000.0}.", 11, "error:syntax@1:4 syntax error before: 1.0e3"},
    {"{a 0.1}.", 8, "error:syntax@1:4 syntax error before: 0.1"},
    {"{a 1.2345e-4}.", 14, "error:syntax@1:4 syntax error before: 1.2345e-4"},
    {"{a 9007199254740992.0}.", 23, "error:syntax@1:4 syntax error before: 9.007199254740992e15"},
    {"{a 9007199254740993.0}.", 23, "error:syntax@1:4 syntax error before: 9.007199254740992e15"},
    {"{a 123456789012345678.0}.", 25, "error:syntax@1:4 syntax error before: 1.2345678901234568e17"},
    {"{a 5.0e-324}.", 13, "error:syntax@1:4 syntax error before: 5.0e-324"},
    {"{a 1.7976931348623157e308}.", 27, "error:syntax@1:4 syntax error before: 1.7976931348623157e308"},
    {"{a 12345678.9}.", 15, "error:syntax@1:4 syntax error before: 12345678.9"},
    {"{a X}.", 6, "error:syntax@1:4 syntax error before: X"},
    {"{a _}.", 6, "error:syntax@1:4 syntax error before: _"},
    {"{a .}.", 6, "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"{a =:=}.", 8, "error:syntax@1:7 syntax error before: \\x27}\\x27"},
    {"{a [}.", 6, "error:syntax@1:4 syntax error before: \\x27[\\x27"},
    {"{a fun}.", 8, "error:syntax@1:4 syntax error before: \\x27fun\\x27"},
    {"{a ''''}.", 9, "error:syntax@1:4 syntax error before: \\x27\\x27"},
    {"{a \"x\" \"y\"}.", 12, "error:syntax@1:4 syntax error before: \"x\""},
    {"{a '\\x{7f}'}.", 13, "error:syntax@1:4 syntax error before: \\x27\\x5Cd\\x27"},
    {"{a 'a\\nb'}.", 11, "error:syntax@1:4 syntax error before: \\x27a\\x5Cnb\\x27"},
    {"{a \302\241}.", 7, "error:syntax@1:4 syntax error before: \\x27\\xC2\\xA1\\x27"},
    {"{a @}.", 6, "error:syntax@1:4 syntax error before: \\x27@\\x27"},
    {"{a \303\227}.", 7, "error:syntax@1:4 syntax error before: \\x27\\xC3\\x97\\x27"},
    {"{a end}.", 8, "error:syntax@1:4 syntax error before: \\x27end\\x27"},
    {"{a ... }.", 9, "error:syntax@1:4 syntax error before: \\x27...\\x27"},
    {"{a..}.", 6, "error:syntax@1:3 syntax error before: \\x27..\\x27"},
    {"{a;}.", 5, "error:syntax@1:3 syntax error before: \\x27;\\x27"},
    {"{a :: b}.", 9, "error:syntax@1:4 syntax error before: \\x27::\\x27"},
    {"{a \? b}.", 8, "error:syntax@1:4 syntax error before: \\x27\?\\x27"},
    {"fun m:f/0.", 10, "fun 'm':'f'/0"},
    {"fun m:f/1.0.", 12, "error:syntax@1:9 syntax error before: 1.0"},
    {"fun 'm':'f'/255.", 16, "fun 'm':'f'/255"},
    {"fun M:f/1.", 10, "error:bad@1:1 bad term"},
    {"fun m:f/A.", 10, "error:bad@1:1 bad term"},
    {"fun m:F/1.", 10, "error:bad@1:1 bad term"},
    {"fun (X) -> X end.", 17, "error:bad@1:1 bad term"},
    {"fun F(X) -> F(X) end.", 21, "error:bad@1:1 bad term"},
    {"fun (X, Y) when X > Y -> X; (_, Y) -> Y end.", 44, "error:bad@1:1 bad term"},
    {"fun () -> ok end.", 17, "error:bad@1:1 bad term"},
    {"#{a=>1}#{b=>2}.", 15, "error:bad@1:1 bad term"},
    {"[1|2|3].", 8, "error:syntax@1:5 syntax error before: \\x27|\\x27"},
    {"[1|].", 5, "error:syntax@1:4 syntax error before: \\x27]\\x27"},
    {"[|1].", 5, "error:syntax@1:2 syntax error before: \\x27|\\x27"},
    {"{a,}.", 5, "error:syntax@1:4 syntax error before: \\x27}\\x27"},
    {"{,a}.", 5, "error:syntax@1:2 syntax error before: \\x27,\\x27"},
    {"#{a}.", 5, "error:syntax@1:4 syntax error before: \\x27}\\x27"},
    {"#{a=>}.", 7, "error:syntax@1:6 syntax error before: \\x27}\\x27"},
    {"#{=>1}.", 7, "error:syntax@1:3 syntax error before: \\x27=>\\x27"},
    {"#{a=>1,}.", 9, "error:syntax@1:8 syntax error before: \\x27}\\x27"},
    {"<<1,>>.", 7, "error:syntax@1:5 syntax error before: \\x27>>\\x27"},
    {"<<1:>>.", 7, "error:syntax@1:5 syntax error before: \\x27>>\\x27"},
    {"<<1/>>.", 7, "error:syntax@1:5 syntax error before: \\x27>>\\x27"},
    {"<<1/a:>>.", 9, "error:syntax@1:7 syntax error before: \\x27>>\\x27"},
    {"<<1/a-}>>.", 10, "error:syntax@1:7 syntax error before: \\x27}\\x27"},
    {"\"ab\" 'c'.", 9, "error:syntax@1:6 syntax error before: c"},
    {"-\"ab\".", 6, "error:bad@1:1 bad term"},
    {"- 'a'.", 6, "error:bad@1:1 bad term"},
    {"-fun m:f/1.", 11, "error:bad@1:1 bad term"},
    {"-<<>>.", 6, "error:bad@1:1 bad term"},
    {"-[].", 4, "error:bad@1:1 bad term"},
    {"-{}.", 4, "error:bad@1:1 bad term"},
    {"-(1.5).", 7, "fBFF8000000000000"},
    {"-(-1.5).", 8, "error:bad@1:1 bad term"},
    {"- $\\n.", 6, "-10"},
    {"+ -1.", 5, "error:bad@1:1 bad term"},
    {"1 - -1.", 7, "error:bad@1:1 bad term"},
    {"a:b.", 4, "error:bad@1:1 bad term"},
    {"a(.", 3, "error:syntax@1:3 syntax error before: \\x27.\\x27"},
    {"(a.", 3, "error:syntax@1:3 syntax error before: \\x27.\\x27"},
    {"((a).", 5, "error:syntax@1:5 syntax error before: \\x27.\\x27"},
    {"(a)).", 5, "error:syntax@1:4 syntax error before: \\x27)\\x27"},
    {")a.", 3, "error:syntax@1:1 syntax error before: \\x27)\\x27"},
    {"[a).", 4, "error:syntax@1:3 syntax error before: \\x27)\\x27"},
    {"(1, 2).", 7, "error:syntax@1:3 syntax error before: \\x27,\\x27"},
    {"foo(1, 2).", 10, "error:bad@1:1 bad term"},
    {"foo().", 6, "error:bad@1:1 bad term"},
    {"().", 3, "error:syntax@1:2 syntax error before: \\x27)\\x27"},
    {"case X of a -> b; _ -> c end.", 29, "error:bad@1:1 bad term"},
    {"case X of a -> b; _ -> c end, 1.", 32, "error:bad@1:31 bad term"},
    {"begin 1, 2 end.", 15, "error:bad@1:1 bad term"},
    {"begin end.", 10, "error:syntax@1:7 syntax error before: \\x27end\\x27"},
    {"if true -> 1 end.", 17, "error:bad@1:1 bad term"},
    {"receive after 10 -> ok end.", 27, "error:bad@1:1 bad term"},
    {"receive X -> X after 10 -> ok end.", 34, "error:bad@1:1 bad term"},
    {"try 1 of X -> X catch _:_ -> 2 after 3 end.", 43, "error:bad@1:1 bad term"},
    {"try 1 catch E:R:S -> S end.", 27, "error:bad@1:1 bad term"},
    {"catch 1.", 8, "error:bad@1:1 bad term"},
    {"[catch 1].", 10, "error:bad@1:1 bad term"},
    {"X = 1.", 6, "error:bad@1:1 bad term"},
    {"a ! b.", 6, "error:bad@1:1 bad term"},
    {"#r{a = 1}.", 10, "error:bad@1:1 bad term"},
    {"X#r.a.", 6, "error:bad@1:1 bad term"},
    {"X#r{a = 1}.", 11, "error:bad@1:1 bad term"},
    {"#r.a.", 5, "error:bad@1:1 bad term"},
    {"M#{a := 1}.", 11, "error:bad@1:1 bad term"},
    {"[X || X <- [1,2], X > 1].", 25, "error:bad@1:1 bad term"},
    {"<< <<X>> || <<X>> <= <<1,2>> >>.", 32, "error:bad@1:1 bad term"},
    {"[1, 2 || X <- Y].", 17, "error:syntax@1:7 syntax error before: \\x27||\\x27"},
    {"not true.", 9, "error:bad@1:1 bad term"},
    {"bnot 1.", 7, "error:bad@1:1 bad term"},
    {"1 andalso 2.", 12, "error:bad@1:1 bad term"},
    {"a:b:c.", 6, "error:syntax@1:4 syntax error before: \\x27:\\x27"},
    {"{a =:= }.", 9, "error:syntax@1:8 syntax error before: \\x27}\\x27"},
    {"{a + }.", 7, "error:syntax@1:6 syntax error before: \\x27}\\x27"},
    {"[a + ].", 7, "error:syntax@1:6 syntax error before: \\x27]\\x27"},
    {"{a, b + c}.", 11, "error:bad@1:1 bad term"},
    {"[a | b | c].", 12, "error:syntax@1:8 syntax error before: \\x27|\\x27"},
    {"f(a b).", 7, "error:syntax@1:5 syntax error before: b"},
    {"f(a,).", 6, "error:syntax@1:5 syntax error before: \\x27)\\x27"},
    {"f(,a).", 6, "error:syntax@1:3 syntax error before: \\x27,\\x27"},
    {"{a, b c, fun}.", 14, "error:syntax@1:7 syntax error before: c"},
    {"(((1))) + 2.", 12, "error:bad@1:4 bad term"},
    {"((1)) , (2).", 12, "error:bad@1:10 bad term"},
    {"(1), ((a b)).", 13, "error:syntax@1:10 syntax error before: b"},
    {"{X, a b}.", 9, "error:syntax@1:7 syntax error before: b"},
    {"{X, a}} .", 9, "error:syntax@1:7 syntax error before: \\x27}\\x27"},
    {"{X, a.", 6, "error:syntax@1:6 syntax error before: \\x27.\\x27"},
    {"{{{{{{X}}}}}}.", 14, "error:bad@1:1 bad term"},
    {"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]].", 82,
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"},
    {"'abc'.", 6, "'abc'"},
    {"'\\x{4e2d}\\x{6587}'.", 19, "'\\xE4\\xB8\\xAD\\xE6\\x96\\x87'"},
    {"\"\\x{4e2d}\\x{6587}\".", 19, "[20013,25991]"},
    {"\"a\\x{0}b\".", 10, "[97,0,98]"},
    {"$\\x{10FFFF}.", 12, "1114111"},
    {"[$a, $\\s, $\\^A, $\\177].", 23, "[97,32,1,127]"},
    {"1.0e308.", 8, "f7FE1CCF385EBC8A0"},
    {"-1.0e308.", 9, "fFFE1CCF385EBC8A0"},
    {"123456789012345678901234567890.", 31, "123456789012345678901234567890"},
    {"-123456789012345678901234567890.", 32, "-123456789012345678901234567890"},
    {"16#FFFFFFFFFFFFFFFFFFFFFFFFFFFF.", 32, "5192296858534827628530496329220095"},
    {"-16#10.", 7, "-16"},
    {"36#Zz.", 6, "1295"},
    {"1_000_000.", 10, "1000000"},
    {"576460752303423487.", 19, "576460752303423487"},
    {"576460752303423488.", 19, "576460752303423488"},
    {"-576460752303423488.", 20, "-576460752303423488"},
    {"-576460752303423489.", 20, "-576460752303423489"},
    {"9223372036854775807.", 20, "9223372036854775807"},
    {"9223372036854775808.", 20, "9223372036854775808"},
    {"18446744073709551616.", 21, "18446744073709551616"},
    {"{1, 2.0, \"three\", four, <<5>>, [6], #{7 => 8}}.", 47,
     "{1,f4000000000000000,[116,104,114,101,101],'four',<<5>>,[6],#{7=>8}}"},
    {"#{1 => a, 1.0 => b}.", 20, "#{1=>'a',f3FF0000000000000=>'b'}"},
    {"#{{1} => a, {1.0} => b, [] => c, <<>> => d, \"\" => e}.", 53,
     "#{{1}=>'a',{f3FF0000000000000}=>'b',[]=>'e',<<>>=>'d'}"},
    {"#{a => #{b => #{c => d}}}.", 26, "#{'a'=>#{'b'=>#{'c'=>'d'}}}"},
    {"  % leading comment", 19, "error:syntax@0:0 syntax error before: "},
    {"a. % trailing", 13, "'a'"},
    {"a.%c", 4, "'a'"},
    {"a.", 2, "'a'"},
    {" a", 2, "error:syntax@1:2 syntax error before: "},
    {".", 1, "error:syntax@1:1 syntax error before: \\x27.\\x27"},
    {"a.b", 3, "error:syntax@1:2 syntax error before: \\x27.\\x27"},
    {"a .", 3, "'a'"},
    {"a. .", 4, "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"a..", 3, "error:syntax@1:2 syntax error before: \\x27..\\x27"},
    {"\"unterminated.", 14, "error:scan@1:1-1:15 unterminated string starting with \"unterminated.\""},
    {"'unterminated.", 14, "error:scan@1:1-1:15 unterminated atom starting with \\x27unterminated.\\x27"},
    {"foo(\\x{100}).", 13, "error:syntax@1:5 syntax error before: \\x27\\x5C\\x5C\\x27"},
    {"1.0e.", 5, "error:scan@1:1-1:5 illegal float"},
    {"$.", 2, "error:syntax@1:1 syntax error before: "},
    {"16#.", 4, "error:scan@1:1-1:4 illegal integer"},
    {"37#1.", 5, "error:scan@1:1-1:3 illegal base \\x2737\\x27"},
    {"27.", 3, "27"},
    {"{}.", 3, "{}"},
    {"''.", 3, "''"},
    {"<<-(2):$\\^A/bytes,<<3:3>>:(3)/native,-(2):all/float-little,\"ab\":(3)/float>>.", 76,
     "error:bad@1:1 bad term"},
    {"<<16#1234:$\\^A/bits,-(2):4/native>>.", 36, "error:bad@1:1 bad term"},
    {"([[-0.0]]).", 11, "[[f8000000000000000]]"},
    {"-(3).", 5, "-3"},
    {"0.0.", 4, "f0000000000000000"},
    {"[{(0),{}}|[[{{-2.5e-3,0.0,1.5,+7},(16#1)}],1.5]].", 49,
     "[{0,{}},[{{fBF647AE147AE147B,f0000000000000000,f3FF8000000000000,7},1}],f3FF8000000000000]"},
    {"#{(fun m:f/2) => \"a\" \"b\",-0.0 => []}.", 37, "#{f8000000000000000=>[],fun 'm':'f'/2=>[97,98]}"},
    {"\"str\".", 6, "[115,116,114]"},
    {"{}.", 3, "{}"},
    {"#{[(-46304511182178453399532),-(3),-2.5e-3] => [-(3),[0.0,-0.0,-0.0,{#{434784503024049227862484075907 "
     "=> \"\"},'b c',[(1)]}],''],(({})) => $\\n}.",
     142,
     "#{{}=>10,[-46304511182178453399532,-3,fBF647AE147AE147B]=>[-3,[f0000000000000000,f8000000000000000,"
     "f8000000000000000,{#{434784503024049227862484075907=>[]},'b c',[1]}],'']}"},
    {"{<<(7):all/bytes,1.5:4/little>>,+7,(1)}.", 40, "error:bad@1:1 bad term"},
    {"+7.", 3, "7"},
    {"([<<>>,16#1,{([-0.0,2824675805832710128889519719,+7|$a])}]).", 60,
     "[<<>>,1,{[f8000000000000000,2824675805832710128889519719,7|97]}]"},
    {"\"\\x{4e2d}\".", 11, "[20013]"},
    {"-0.0.", 5, "f8000000000000000"},
    {"<<-1:all/big-little>>.", 22, "error:bad@1:1 bad term"},
    {"{}.", 3, "{}"},
    {"248677131628737631221190010828.", 31, "248677131628737631221190010828"},
    {"- $b.", 5, "-98"},
    {"([]).", 5, "[]"},
    {"[].", 3, "[]"},
    {"[\"\",[[],\"\",{{-(3),\"\",{0.0},1.5},[<<<<3:3>>:16/utf8>>,[-0.0,fun "
     "m:f/2],[(1),+7]]},((#{}))],<<<<1,2>>:$\\^A/little>>].",
     115, "error:bad@1:1 bad term"},
    {"#{}.", 4, "#{}"},
    {"$a.", 3, "97"},
    {"#{{({0.0}),(1)} => -0.0}.", 25, "#{{{f0000000000000000},1}=>f8000000000000000}"},
    {"({}).", 5, "{}"},
    {"-2.5e-3.", 8, "fBF647AE147AE147B"},
    {"\"str\".", 6, "[115,116,114]"},
    {"\"a\" \"b\".", 8, "[97,98]"},
    {"[21,\"\",-(3)|939039175424269903629966016786].", 44, "[21,[],-3|939039175424269903629966016786]"},
    {"''.", 3, "''"},
    {"({-539875192281025574810391,[- $b,ok,#{[<<>>,1.5] => "
     "<<<<3:3>>:$\\^A/native,1.5:(3)/bits,1:$\\^A/integer-signed-big>>},\"a\" \"b\"],<<$a:0/unit:8>>}).",
     144, "error:bad@1:2 bad term"},
    {"1.5.", 4, "f3FF8000000000000"},
    {"fun m:f/2.", 10, "fun 'm':'f'/2"},
    {"{}.", 3, "{}"},
    {"[$\\n,[\"a\" \"b\",(#{}),+7|((\"\\x{4e2d}\"))]|\"a\" \"b\"].", 48, "[10,[[97,98],#{},7,20013],97,98]"},
    {"#{}.", 4, "#{}"},
    {"([[0.0],- $b|(<<<<3:3>>:(3)/native>>)]).", 40, "error:bad@1:2 bad term"},
    {"<<<<3:3>>:16/unit:3-binary,300:16/big-little>>.", 47, "error:bad@1:1 bad term"},
    {"-2.5e-3.", 8, "fBF647AE147AE147B"},
    {"{(-2.5e-3)}.", 12, "{fBF647AE147AE147B}"},
    {"(1).", 4, "1"},
    {"<<255:(3)/utf32,1/bytes>>.", 26, "error:bad@1:1 bad term"},
    {"#{$\\n => {},'end' => -2.5e-3}.", 30, "#{10=>{},'end'=>fBF647AE147AE147B}"},
    {"{}.", 3, "{}"},
    {"952118597229793599832433571493.", 31, "952118597229793599832433571493"},
    {"224795833233397053317216714186.", 31, "224795833233397053317216714186"},
    {"(\"\").", 5, "[]"},
    {"{{#{#{} => -4412425008134516874288189,1.5 => #{}},{},<<1:16/binary,\"ab\":4/utf8,255/unit:8>>}}.", 94,
     "error:bad@1:1 bad term"},
    {"1.5.", 4, "f3FF8000000000000"},
    {"+7.", 3, "7"},
    {"0.0.", 4, "f0000000000000000"},
    {"<<\"ab\":all,1:$\\^A/unit:3-binary,255:4/native,-(2):16/float-little>>.", 68, "error:bad@1:1 bad term"},
    {"[1.5,<<1.5:0/float-little,\"ab\":all/float,16#1234:16/binary>>,-7813815815200378731665572].", 89,
     "error:bad@1:1 bad term"},
    {"\"str\".", 6, "[115,116,114]"},
    {"$\\n.", 4, "10"},
    {"[[]].", 5, "[[]]"},
    {"<<<<1,2>>:(3)/binary,1:all/bits>>.", 34, "error:bad@1:1 bad term"},
    {"{}.", 3, "{}"},
    {"+7.", 3, "7"},
    {"<<1/integer-signed-big,300:16,-1:16/foo>>.", 42, "error:bad@1:1 bad term"},
    {"(1).", 4, "1"},
    {"[[<<255:$\\^A/little,255:all>>|#{{} => <<$a:$\\^A/utf32,-1:0/utf8>>}],\"\\x{4e2d}\"].", 80,
     "error:bad@1:1 bad term"},
    {"<<>>.", 5, "<<>>"},
    {"-(3).", 5, "-3"},
    {"{{[<<-1:16/unit:3-binary>>],{(#{-2772557318392298893353384 => <<>>,$a => -(3),\"a\" \"b\" => - $b,+7 "
     "=> {}})},-0.0,<<<<3:3>>:4/binary,255:$\\^A/utf16-little>>}}.",
     156, "error:bad@1:1 bad term"},
    {"(- $b).", 7, "-98"},
    {"-(3).", 5, "-3"},
    {"\"a\" \"b\".", 8, "[97,98]"},
    {"0.0.", 4, "f0000000000000000"},
    {"0.0.", 4, "f0000000000000000"},
    {"((1)).", 6, "1"},
    {"<<255:$\\^A/float,-1:4/integer-signed-big,300:$\\^A/bits,\"ab\":(3)>>.", 66, "error:bad@1:1 bad term"},
    {"(1).", 4, "1"},
    {"<<>>.", 5, "<<>>"},
    {"{}.", 3, "{}"},
    {"{}.", 3, "{}"},
    {"(\"a\" ,b\").", 10, "error:scan@1:8-1:11 unterminated string starting with \").\""},
    {"<255:all,255/native,$a:$\\^A/bits,<<1,2>>:$\\^A/floA/bat-little>>,((1)),\"a\" \"b\"}.", 79,
     "error:syntax@1:1 syntax error before: \\x27<\\x27"},
    {";}.", 3, "error:syntax@1:1 syntax error before: \\x27;\\x27"},
    {"/,.", 3, "error:syntax@1:1 syntax error before: \\x27/\\x27"},
    {"#{\"\" => 31320664#7502487751295864716921X}.", 42,
     "error:scan@1:9-1:17 illegal base \\x2731320664\\x27"},
    {"(((- - $).", 10, "error:syntax@1:10 syntax error before: \\x27.\\x27"},
    {"[].].]..", 8, "error:syntax@1:3 syntax error before: \\x27.\\x27"},
    {"({\"\",+7})..", 11, "error:syntax@1:10 syntax error before: \\x27..\\x27"},
    {"(f", 2, "error:syntax@1:2 syntax error before: "},
    {"<<->.1:$\\^>/binary>>.", 21, "error:syntax@1:3 syntax error before: \\x27->\\x27"},
    {"#{(<<$a:(3)/bitsg-l,255:all/binary,1:4$/little,16#1234:all/big-little>>) => "
     "-5759159966182701919791524ary,{$a} => \"\"}.",
     118, "error:syntax@1:39 syntax error before: $/"},
    {"<<\"ab/litt\"able>>.", 18, "error:syntax@1:12 syntax error before: able"},
    {"[fun m:f/2,0.0,16#8>>DD_beef|<<1.5:all/[utf8>>].", 48,
     "error:syntax@1:20 syntax error before: \\x27>>\\x27"},
    {"{#{[] => a}}.==", 15, "error:syntax@1:13 syntax error before: \\x27.\\x27"},
    {"[166#1#1,{}|$a].1", 17, "error:scan@1:2-1:5 illegal base \\x27166\\x27"},
    {"$\\n. .", 6, "error:syntax@1:6 syntax error before: \\x27.\\x27"},
    {"[[\"231{})].", 11, "error:scan@1:3-1:12 unterminated string starting with \"231{})].\""},
    {"[1.5,<;<-1/foo,1/utf16-little>>,#{},\303\251].", 40,
     "error:syntax@1:6 syntax error before: \\x27<\\x27"},
    {"ff", 2, "error:syntax@1:1 syntax error before: "},
    {"1+6#1catch.", 11, "error:syntax@1:6 syntax error before: \\x27catch\\x27"},
    {"#{-(3) =>  \"\"}", 14, "error:syntax@1:14 syntax error before: "},
    {"<:=<255:4/littlefoo(,1/unit:8,$a/%bits>>.", 41, "error:syntax@1:1 syntax error before: \\x27<\\x27"},
    {"$\\n.", 4, "10"},
    {"[<<.5/1.5/unit:3-binary>>3>>|<<<<3:3>>/1little,-(2):16/binary>>].", 65,
     "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"<<$a/utf16-lcatchittle,\"ab\":(3)/utf8,-(2):0,<<1,2>>:all/utf32>>.", 64, "error:bad@1:1 bad term"},
    {"{-0.0,[{(<<-(2):(3)/binary,1.5:all/foo,{1.5:16/float,1:16>>),-0.0,<<$a:$\\^A/foo,(7):4/bits,7):4/"
     "float>>}|\303\251],16#1}.",
     115, "error:syntax@1:58 syntax error before: \\x27>>\\x27"},
    {"1:a[55:(3)/utf32,-1:all/binaXry>>,[],{}].", 41, "error:syntax@1:4 syntax error before: \\x27[\\x27"},
    {"<<-(2):all/bes,300:4/integer-signegned-big,-1:4/unit:8>>>>.", 59,
     "error:syntax@1:57 syntax error before: \\x27>>\\x27"},
    {"(<<<(<<>>>>(<<).", 16, "error:syntax@1:4 syntax error before: \\x27<\\x27"},
    {"<<\"ab\":$0/native,<<3:3>>:(3)/bilittle,$a:$\\^A/utf32>>.", 54, "error:bad@1:1 bad term"},
    {"{{},{'b c{},'}}.:=", 18, "error:syntax@1:16 syntax error before: \\x27.\\x27"},
    {"##}}", 4, "error:syntax@1:2 syntax error before: \\x27#\\x27"},
    {"<<(7):4/integer-7):signed-1:1big,-1:16/bytes>>.", 47, "error:syntax@1:17 syntax error before: 7"},
    {"[fun m:f/2,-(3)].", 17, "[fun 'm':'f'/2,-3]"},
    {"([-3893567281838204585074097|{\"str585\"}]).", 42,
     "[-3893567281838204585074097|{[115,116,114,53,56,53]}]"},
    {"(#).", 4, "error:syntax@1:3 syntax error before: \\x27)\\x27"},
    {"37260301554679258880761827311.", 30, "37260301554679258880761827311"},
    {"<<-(2):4/native,255:all/unit:3-whenbinary,1:ll/all/utf32>>.", 59,
     "error:syntax@1:51 syntax error before: \\x27/\\x27"},
    {"[<<>[>,$\\n].#", 13, "error:syntax@1:4 syntax error before: \\x27>\\x27"},
    {"15{0.", 5, "error:syntax@1:3 syntax error before: \\x27{\\x27"},
    {"255/utf8>>.", 11, "error:syntax@1:9 syntax error before: \\x27>>\\x27"},
    {"{}.catch|", 9, "error:syntax@1:3 syntax error before: \\x27.\\x27"},
    {").", 2, "error:syntax@1:1 syntax error before: \\x27)\\x27"},
    {"(-<<% $b)b)..", 13, "error:syntax@1:3 syntax error before: "},
    {"<<-2):0/foo-,16#234:$\\^A/utf16-little>>.", 40, "error:syntax@1:5 syntax error before: \\x27)\\x27"},
    {"#{'b{'b c' => {16#DEAD_beef,#{{ef,} => +7<<>>}}.", 48,
     "error:scan@1:10-1:49 unterminated atom starting with \\x27 => {16#DEAD_bee\\x27"},
    {"<<<<1,2>>:$(3)\\^A/big-little,16#1234:(3)>>.", 43, "error:syntax@1:13 syntax error before: 3"},
    {"(<<$a,:4t>>$a:/bytes,255:0/float>>).", 36, "error:syntax@1:7 syntax error before: \\x27:\\x27"},
    {"fun((-8555565342509991372247476)).", 34, "error:syntax@1:34 syntax error before: \\x27.\\x27"},
    {"1#16#1.", 7, "error:scan@1:1-1:2 illegal base \\x271\\x27"},
    {"{-0.>>}.0,<<,<<>>}.", 19, "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"[(1),((#{}))|==281308741103579076355004763896].", 47,
     "error:syntax@1:14 syntax error before: \\x27==\\x27"},
    {"(\"\\x{4e2#r\")..", 14, "error:scan@1:3-1:9 illegal character"},
    {"\"\\ .x{4e2d}\" .", 14, "[32,46,120,123,52,101,50,100,125]"},
    {"(<<\"ab\":16/utf32,<<3:3>>:$\\^A/bytes)).", 38, "error:syntax@1:36 syntax error before: \\x27)\\x27"},
    {"<<(7):all$/unit:8>>", 19, "error:syntax@1:10 syntax error before: $/"},
    {"<<<<1,2>>:4/little,(7):$\\^A/littleary,-1:16/binary>>.", 53, "error:bad@1:1 bad term"},
    {"-351caseend9433273039603960653683603.", 37,
     "error:syntax@1:5 syntax error before: caseend9433273039603960653683603"},
    {"[(0.0),{}|<<1.5:(3)l}|<oa/float>>]", 34, "error:syntax@1:20 syntax error before: l"},
    {"x{4e2d}\".", 9, "error:scan@1:8-1:10 unterminated string starting with \".\""},
    {"{=>}.", 5, "error:syntax@1:2 syntax error before: \\x27=>\\x27"},
    {"fun >>m:f.", 10, "error:syntax@1:5 syntax error before: \\x27>>\\x27"},
    {"fu nf/2.", 8, "error:syntax@1:4 syntax error before: nf"},
    {"{[<<-(2):$\\^A/flo300:0/little,$a:(3)/binary,-(2):16/float-little>>|<<\"ab\":0/inary,(7):16>>]}.", 93,
     "error:syntax@1:23 syntax error before: \\x27/\\x27"},
    {"1=>.when5.", 10, "error:syntax@1:2 syntax error before: \\x27=>\\x27"},
    {",<<<<1:4/unit:8,<<3:3:8,>> /native>>.", 37, "error:syntax@1:1 syntax error before: \\x27,\\x27"},
    {"!{}.", 4, "error:syntax@1:1 syntax error before: \\x27!\\x27"},
    {"-(3)))..", 8, "error:syntax@1:5 syntax error before: \\x27)\\x27"},
    {"<<<<3:3>>:16/utf32,\"ab\":all/float-littleend,300:4/uittt6-little>>.", 66, "error:bad@1:1 bad term"},
    {"\"\\x{4e2d}\".", 11, "[20013]"},
    {"<:=<>{.", 7, "error:syntax@1:1 syntax error before: \\x27<\\x27"},
    {"<<<<1,2>>:$\\^ofA,\"ab\":(3)utf32,1.5:0/big-little>>.", 50,
     "error:syntax@1:15 syntax error before: fA"},
    {"[(({$\\n,<<255:16/unit:3binary,$a:4/integer-signed-big>>})),<<>>,(<<1:4/utf8,(7):$\\^A/"
     "float-little>>)].",
     102, "error:syntax@1:24 syntax error before: binary"},
    {".$\\n.-", 6, "error:syntax@1:1 syntax error before: \\x27.\\x27"},
    {"[<>>]<<>><>>>>].", 16, "error:syntax@1:2 syntax error before: \\x27<\\x27"},
    {"({})", 4, "error:syntax@1:4 syntax error before: "},
    {"([-(3]).)])([-.", 15, "error:syntax@1:6 syntax error before: \\x27]\\x27"},
    {"[(([{},<<>>,(-(3))|(- $b)]))|{<<\"ab\":0>>,([- $b,-0.0|[fun m:f/!2,\"\"|$\\n]]{},1\"\\x{4e2d}\"}].", 90,
     "error:syntax@1:63 syntax error before: \\x27!\\x27"},
    {"[[<<#r>>|$\\n]].", 15, "error:syntax@1:5 syntax error before: \\x27#\\x27"},
    {"(#{<<-1:all/unit:8,-1:$\\^A/binary>> => -2.5e-3,-2.5e-3 => "
     "<<-(2)/float-little,1:4/unit:3be;gin-binary>>}).",
     106, "error:syntax@1:89 syntax error before: be"},
    {"[#{(-(3)) => (\"\\x{4e2d}\"),#{(#{}) => (- $b)} => \"\\x{4e2d}\",$a => "
     "[$\\n|-2743469675673133482035]},$a].",
     100, "[#{-3=>[20013],97=>[10|-2743469675673133482035],#{#{}=>-98}=>[20013]},97]"},
    {"<>.", 3, "error:syntax@1:1 syntax error before: \\x27<\\x27"},
    {"%<<-1:02>>/utf32>>.", 19, "error:syntax@0:0 syntax error before: "},
    {"(1)", 3, "error:syntax@1:3 syntax error before: "},
    {"=.+7==.", 7, "error:syntax@1:1 syntax error before: \\x27=\\x27"},
    {"[-(3)|\"sttr\"r\"tr\"$].", 20, "error:syntax@1:13 syntax error before: r"},
    {"<<<3:3>>/flat-little>>.", 23, "error:syntax@1:3 syntax error before: \\x27<\\x27"},
    {"2", 1, "error:syntax@1:1 syntax error before: "},
    {"(1)..", 5, "error:syntax@1:4 syntax error before: \\x27..\\x27"},
    {"<<1:all/litt>>>le,\"ab\":0/native,300:(3)/bytes,<<-3:3>>>>.", 57,
     "error:syntax@1:55 syntax error before: \\x27>>\\x27"},
    {"-2.5ae-3.", 9, "error:syntax@1:5 syntax error before: ae"},
    {"\"", 1, "error:scan@1:1-1:2 unterminated string starting with \"\""},
    {"77:=3445||425124574)770431811460393.", 36, "error:syntax@1:3 syntax error before: \\x27:=\\x27"},
    {"<<{{", 4, "error:syntax@1:4 syntax error before: "},
    {"(<>).>).", 8, "error:syntax@1:2 syntax error before: \\x27<\\x27"},
    {"((16#DEAD_ef))(16.", 18, "error:syntax@1:18 syntax error before: \\x27.\\x27"},
    {"[\"\"|fun-767203333261179732697578|fu5786].", 41, "error:syntax@1:8 syntax error before: \\x27-\\x27"},
    {"]],[[{],+7].", 12, "error:syntax@1:1 syntax error before: \\x27]\\x27"},
    {"{{}.}.{{}.}.", 12, "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"6#ff", 4, "error:scan@1:1-1:3 illegal integer"},
    {"<<>>.<>>", 8, "error:syntax@1:5 syntax error before: \\x27.\\x27"},
    {"<<-(<\n<-2):all/foo>>.", 21, "error:syntax@1:5 syntax error before: \\x27<\\x27"},
    {"(1).", 4, "1"},
    {"<<<<3:3>>:4/unit:3-binary,<<3:3>>:16/unit:3-bina=>ry,<<3:3>>:all/utf32,1.5:all/unit:3-bf32inary>>.", 98,
     "error:syntax@1:49 syntax error before: \\x27=>\\x27"},
    {"[-2.5e-3].", 10, "[fBF647AE147AE147B]"},
    {"-2.e-\"3.", 8, "error:scan@1:6-1:9 unterminated string starting with \"3.\""},
    {"<<-(2):all/utf16-little,16#1234:$\\^A/unit:3-binary,(7):all/float,16-little,16#14/big-#14little>>.", 97,
     "error:syntax@1:68 syntax error before: \\x27-\\x27"},
    {"[92.", 4, "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"[- $b].].", 9, "error:syntax@1:7 syntax error before: \\x27.\\x27"},
    {"<<catch$>>.a:4/#rlittle>>.", 26, "error:syntax@1:3 syntax error before: \\x27catch\\x27"},
    {"<|<(7):(3)/binary,255/big-little>>.", 35, "error:syntax@1:1 syntax error before: \\x27<\\x27"},
    {"{1881}1}..", 10, "error:syntax@1:7 syntax error before: 1"},
    {"{}<-", 4, "error:syntax@1:3 syntax error before: \\x27<-\\x27"},
    {"{-8637454780676136671067404280,-(3),-2.5e-3,#{}}.", 49,
     "{-8637454780676136671067404280,-3,fBF647AE147AE147B,#{}}"},
    {"(-catch $b).", 12, "error:bad@1:2 bad term"},
    {"{<<1:16/float,255:$\\^A/loat,$a:(3)/unit:8,1A/f6#1234:16/binary>>}.", 66,
     "error:syntax@1:44 syntax error before: A"},
    {"48397/-71350490867394726879390.", 31, "error:bad@1:1 bad term"},
    {"{[[\"str\",1.5,(<<300/native>>)|[7360139,,($803887970771871746310|$a]],#{[] => "
     "[[118]|{<<>>,-2.5e-3}]}],{},($\\n)}.",
     112, "error:syntax@1:40 syntax error before: \\x27,\\x27"},
    {"{<<1.5:0/bi.5:0/unit:8,\"ab\"/utf8,1.5:all/native>>}.", 51,
     "error:syntax@1:12 syntax error before: \\x27.\\x27"},
    {"fun f/2m:f/2.", 13, "error:syntax@1:8 syntax error before: m"},
    {"((not $c) andalso fun m:f/2).", 29, "error:bad@1:3 bad term"},
    {"X#{if _ -> fun 'a':b/0; true -> try 2.5 catch E:R -> a after a end end => try if 1 -> 2.5; true -> 2.5 "
     "end catch throw:X -> ($c) end} =/= #r{}.",
     143, "error:bad@1:1 bad term"},
    {"fun (_, #r{a = 1}) -> << <<[H|T]>> || <<#{k := V}>> <= (if {} -> []; true -> X end) >> end.", 91,
     "error:syntax@1:41 syntax error before: \\x27#\\x27"},
    {"#{{<<X:8/little-unit:8, X:(S)/little-unit:8>>, bnot X()} => fun m:f/1(<< <<_>> || <<a>> <= fun () -> "
     "{} end >>, << <<1>> || <<[H|T]>> <= [X, X, [] | []] >>)}.",
     158, "error:bad@1:1 bad term"},
    {"<<>>.", 5, "<<>>"},
    {"fun (#{k := V}) -> fun (_) -> -1 end end.", 41, "error:bad@1:1 bad term"},
    {"begin M#{{} := begin [X || #{k := V} <- 1, {}], a end} end.", 59, "error:bad@1:1 bad term"},
    {"fun F(1) -> F(fun F(<<C>>) -> F(1#r.f) end) end.", 48, "error:scan@1:33-1:34 illegal base \\x271\\x27"},
    {"1.", 2, "1"},
    {"try #{} catch E:R -> <<>> end, {}.", 34, "error:bad@1:32 bad term"},
    {"fun 'a':b/0, _.", 15, "error:bad@1:14 bad term"},
    {"not +try a catch _:_:S -> X#{} after try [] catch _:_:S -> a after \"s\" end end.", 79,
     "error:bad@1:1 bad term"},
    {"[bnot receive _ -> begin a, 2.5, 1 end after 10 -> ok end || <<C>> <- {[1 || \"str\" <- \"s\", 2.5] == "
     "'q q'}, <<X:8/binary>>].",
     123, "error:bad@1:1 bad term"},
    {"fun () -> (\"s\" * {})#r.f end.", 29, "error:bad@1:1 bad term"},
    {"fun m:f/1(a, <<>>, fun foo/1).", 30, "error:bad@1:1 bad term"},
    {"fun M:F/A, try fun m:f/2 catch throw:X -> [<< <<X>> || <<<<C>>>> <= begin [], 2.5, 1 end >>, begin 1, "
     "2.5 end = #r{a = \"s\", a = \"s\"}, fun m:f/2] after #r{} end.",
     160, "error:bad@1:12 bad term"},
    {"{receive \"str\" -> {#{}#{\"s\" => 1}, [ | 2.5]} end, << <<1>> || <<{A, B}>> <= #{} >>}.", 84,
     "error:syntax@1:38 syntax error before: \\x27|\\x27"},
    {"receive <<C>> -> foo(#{}, begin X#{1 := a, $c := []} end) after 10 -> ok end.", 77,
     "error:bad@1:1 bad term"},
    {"if \"s\" -> #{fun 'a':b/0 => fun () -> [ | \"s\"] end, m:f() => << <<X>> || <<1>> <= [1 || <<C>> <- "
     "{}, []] >>}; true -> 16#ff end.",
     127, "error:syntax@1:40 syntax error before: \\x27|\\x27"},
    {"[[] || #r{a = 1} <- (fun F(1) -> F(fun 'a':b/0) end)].", 54, "error:bad@1:1 bad term"},
    {"(#r{_ = [2.5 || 1 <- []], _ = [2.5 || {A, B} <- $c]}) rem #{fun m:f/2 => [X, 2.5, 2.5]}#r.f, fun "
     "'a':b/0#r.f.",
     109, "error:scan@1:104-1:105 illegal base \\x270\\x27"},
    {"<< <<X>> || <<#r{a = 1}>> <= 2.5e3 >>.", 38, "error:syntax@1:15 syntax error before: \\x27#\\x27"},
    {"[fun 'a':b/0 || _ <- 2.5e3].", 28, "error:bad@1:1 bad term"},
    {"[[\"s\" >= 2.5#r.f || _ <- if fun foo/1 -> case $c of 1 -> X; 1 -> 1 end; true -> X#{{} := 2.5} end, "
     "$a] || {A, B} <- #r{} xor 2.5e3].",
     132, "error:bad@1:1 bad term"},
    {"({}#r.f).", 9, "error:bad@1:2 bad term"},
    {"X(<< <<a>> || <<[H|T]>> <= X#{} >>, (case M#{{} => \"s\"} of \"str\" when #{\"s\" => a, 2.5 => $c} -> "
     "<<(Y):(S)>> end)), fun m:f/2.",
     125, "error:bad@1:116 bad term"},
    {"m:f(fun m:f/2).", 15, "error:bad@1:1 bad term"},
    {"\"s\".", 4, "[115]"},
    {"<<>>.", 5, "<<>>"},
    {"'q q'.", 6, "'q q'"},
    {"receive #r{a = 1} -> receive _ -> X after 10 -> ok end after 10 -> ok end, 'q q'.", 81,
     "error:bad@1:76 bad term"},
    {"+<<1:(S)/binary>>#r.f.", 22, "error:bad@1:1 bad term"},
    {"[fun () -> {_, #{2.5 => 1}, \"s\" =:= $c} end || <<C>> <- fun F(#{k := V}) -> F(fun (_, a) -> fun "
     "(#r{a = 1}) -> \"s\" end end) end, fun (a) -> a end].",
     147, "error:bad@1:1 bad term"},
    {"fun M:F/A.", 10, "error:bad@1:1 bad term"},
    {"fun (#{k := V}) -> <<X:(S)/binary, \"s\":N/binary>> end.", 54, "error:bad@1:1 bad term"},
    {"16#ff, begin fun foo/1, m:f(), receive X -> (fun F(\"str\") -> F(X) end) end end.", 79,
     "error:bad@1:8 bad term"},
    {"fun F({A, B}) -> F(fun ([H|T]) -> #r{_ = \"s\"} end#r.f) end.", 59, "error:bad@1:1 bad term"},
    {"<<\"s\":N>>.", 10, "error:bad@1:1 bad term"},
    {"[fun m:f/2, (X)].", 17, "error:bad@1:1 bad term"},
    {"{+<<X:(S)/binary>>, #{{#r{a = 2.5, _ = 2.5}} => {<< <<1>> || <<1>> <= \"s\" >>, $a, m:f(2.5, {})}}}, "
     "'q q'.",
     105, "error:bad@1:100 bad term"},
    {"[<< <<{A, B}>> || <<a>> <= fun 'a':b/0 >>].", 43, "error:bad@1:1 bad term"},
    {"fun F({A, B}) -> F(<<(Y):N/binary>>) end#r.f.", 45, "error:bad@1:1 bad term"},
    {"_.", 2, "error:bad@1:1 bad term"},
    {"<< <<X>> || <<a>> <= begin begin receive X -> [] end end end >>, fun 'a':b/0.", 77,
     "error:bad@1:66 bad term"},
    {"begin -bnot case X of #{k := V} -> 2.5; #{k := V} when \"s\" -> \"s\" end, bnot 1 + [ | \"s\"]#r.f "
     "end.",
     97, "error:syntax@1:83 syntax error before: \\x27|\\x27"},
    {"{}.", 3, "{}"},
    {"[ | if 1#r.f -> (F)($c, $c); true -> #r{b = 1, _ = a} end]#r.f, not #{}#{}.", 75,
     "error:scan@1:8-1:9 illegal base \\x271\\x27"},
    {"16#ff#r.f.", 10, "error:bad@1:1 bad term"},
    {"m:f().", 6, "error:bad@1:1 bad term"},
    {"-fun F(_) -> F(try X(a, \"s\", 2.5) catch error:badarg -> try {} of 1 -> \"s\" catch _:_:S -> 1 after "
     "a end after fun 'a':b/0 end) end.",
     131, "error:bad@1:1 bad term"},
    {"#r{a = bnot {if {} -> X; true -> \"s\" end}, _ = not begin (F)($c, \"s\", \"send}> \"s.", 81,
     "error:syntax@1:80 syntax error before: s"},
    {"M#|{}..", 7, "error:syntax@1:3 syntax error before: \\x27|\\x27"},
    {"2.5.5e3e3|.", 11, "error:syntax@1:4 syntax error before: \\x27.\\x27"},
    {"<<1:8, <<B/binary>>/little-unit:<<catch8>>.", 43,
     "error:syntax@1:33 syntax error before: \\x27<<\\x27"},
    {"X()()....", 9, "error:syntax@1:4 syntax error before: \\x27(\\x27"},
    {"X#{}#{}..", 9, "error:syntax@1:8 syntax error before: \\x27..\\x27"},
    {"[<< <<X>> || <<#r{a = 1}>> <= [<< <<#{k := > || <<_>> <= $c >> || X <- <<<<B/binary>>/binary, "
     "1:(S)/binary>>, $a] >>, [ | begin {}, \"sa] >\", [] end /= $a], 1].",
     159, "error:syntax@1:16 syntax error before: \\x27#\\x27"},
    {"((m:f(#=>{}))).", 15, "error:syntax@1:8 syntax error before: \\x27=>\\x27"},
    {"fun (<<C>>, #r{a = 1}) -> << <<a>> || <<a>> <= X >> en#rd.", 58,
     "error:syntax@1:53 syntax error before: en"},
    {"'q q'->.", 8, "error:syntax@1:6 syntax error before: \\x27->\\x27"},
    {"->fun 'a':b/0.", 14, "error:syntax@1:1 syntax error before: \\x27->\\x27"},
    {"().", 3, "error:syntax@1:2 syntax error before: \\x27)\\x27"},
    {"(F)(<< <after<}[H|T]>> || <<1>> <= receive #r{a = 1} -> {}#r.f end >>).", 71,
     "error:syntax@1:8 syntax error before: \\x27<\\x27"},
    {"[].", 3, "[]"},
    {"<>.<>>.", 7, "error:syntax@1:1 syntax error before: \\x27<\\x27"},
    {"[(fun 'a':b/0) || <<C>> <- << <<a>> | <<a>> <= begin \"s\", $c end >= [] / \"s\" >>].", 81,
     "error:syntax@1:37 syntax error before: \\x27|\\x27"},
    {"fun#r M:F/A.", 12, "error:syntax@1:4 syntax error before: \\x27#\\x27"},
    {"f[oo().", 7, "error:syntax@1:2 syntax error before: \\x27[\\x27"},
    {"[fun F([H|T])|T]  -> F([]) end = [(F)(X, a) || [H|T] <- #r{a = 1, b = {}}#], <<(Y):(S)/little-unit:8>> "
     "or X].",
     109, "error:syntax@1:14 syntax error before: \\x27|\\x27"},
    {".f.", 3, "error:syntax@1:1 syntax error before: \\x27.\\x27"},
    {"[begin a, X, $c end, 'q q', fun F([H|T] <- ) -> F(\"s\") end | $c andalso 1]#r.f =:= fun () -> fun "
     "m:f/1([1 || \"str\" <- 2.5, {}]) end.",
     132, "error:syntax@1:41 syntax error before: \\x27<-\\x27"},
    {"M#{#{try if -> \"s\"; true -> 2.5 end catch _:_:S -> begin $c end end => not #{a => X}, 'q q' => fun "
     "m:f/2} := <<\"s\":(S)/little-unit:8>>, \"s\" := X#{}}.",
     149, "error:syntax@1:13 syntax error before: \\x27->\\x27"},
    {"[receive _-> #{}#{2.5 := \"s\", a => a} end || #{k := V} <- +a] xor case X of a when fun ({A, B}) -> a "
     "end -> #r{} end#r.f.",
     121, "error:bad@1:1 bad term"},
    {"fun F(\"str\") -> F((<< <<_>> || <<#r{a = 1}>> <= fun (#{k := /V}) -> 2.5] end >>)) end.", 86,
     "error:syntax@1:34 syntax error before: \\x27#\\x27"},
    {"#r{b = [#{} || a <- }.$a/2}.$a, 'q q'], _ = fun m:f/2}.", 55,
     "error:syntax@1:21 syntax error before: \\x27}\\x27"},
    {"unitfunM:F/A - [not (\"s\"), \"s\", X(fun F(_) -> F(2.5) end) | {<<\"s\"/little-unit:8, \"s\">>}].", 90,
     "error:bad@1:1 bad term"},
    {"begi1n (#{_ => << <<<<C>>>> || <<\"str\">> <= {} >>, #{}#{} => 2.5#r.f}), << <<#r{a = 1}>>> >> || "
     "<<1>> <= catch #r{b = {}, a = 1} >> end.",
     136, "error:syntax@1:78 syntax error before: \\x27#\\x27"},
    {"fun F(\"str\") -> F((receive <> -> #r{_ = X, b = $c} after 10 -> ok end)) end.", 76,
     "error:syntax@1:28 syntax error before: \\x27<\\x27"},
    {"fun () -of> {fun F({A, B}) (<<>>) end, not X#{2.5 := a, 2.5 := a}} end.", 71,
     "error:syntax@1:8 syntax error before: \\x27-\\x27"},
    {"fun () -> << <<\"str\">> || <<_>> <= receive \" #r{str\" -> [$c || #r{a = 1} <- $c] end >> end.>>", 93,
     "error:syntax@1:91 syntax error before: \\x27.\\x27"},
    {"fun <-([H|T], a) -> case [X#{X := a, \"s\" := \"s\"}, +\"s\", a andalso 2.5] of 1 when 1T], 6#ff -> "
     "\"s\" < $c > X#{} end end.",
     118, "error:scan@1:87-1:89 illegal integer"},
    {"#r{{}.{{}.", 10, "error:syntax@1:4 syntax error before: \\x27{\\x27"},
    {"#r{_ = #{X#r.f#r.f => \"s\" -- [] = << <<1>> || <<_>> <= \"s\" >>}, _>> _ = #{}}.", 77,
     "error:syntax@1:66 syntax error before: \\x27>>\\x27"},
    {"[(-#r{a ), [([] >= 1)], try catch 1 catch E:R -> X(2.5) after receive {A, B} -> a end end * begin "
     "catch \"s\", foo() end | (try ($c) catch _:_:S -> []#r.f end)].",
     159, "error:syntax@1:9 syntax error before: \\x27)\\x27"},
    {"M#e m:{'q q' => #{case m:f([]) ofa = 1} -> receive X -> a end end => 'q q'}}.", 77,
     "error:syntax@1:5 syntax error before: m"},
    {"fun () -> fun m:f/1({}, begin << <<1>> || <<1>> <= 2.5 >>, fun .F(a) -> F([]) end, try a of _ -> X "
     "catch throw:X -> 1 after {} end end) end.",
     140, "error:syntax@1:64 syntax error before: \\x27.\\x27"},
    {"fun F( B}) -> F(2.5e3) e<-nd#r.f.", 33, "error:syntax@1:9 syntax error before: \\x27}\\x27"},
    {"(begin fun m:f/1([{}, X, [] | []], #{}#{}, [2.5, {}, $c]) enn fud).", 67,
     "error:syntax@1:59 syntax error before: enn"},
    {"bnot<>1>.", 9, "error:syntax@1:5 syntax error before: \\x27<\\x27"},
    {"[foo((fun () -> $c end), \"s\"#r.f), fun M:F/A, <a<\"s\":8/binary,) X:8/little-unit:8>>].", 85,
     "error:syntax@1:47 syntax error before: \\x27<\\x27"},
    {"2.5e3..", 7, "error:syntax@1:6 syntax error before: \\x27..\\x27"},
    {"2.5e3 andalso [+M#{[] := {}, $c => {}} || _ <- #r{a = receive #{k := V} -> a end}, << <> || <<X>> <= "
     "fun () -> [] end >>].",
     122, "error:syntax@1:87 syntax error before: \\x27<\\x27"},
    {"#r{a = {}, _ = fun 1F(#r{a = 1}) -> F(#r{b = #{}#{}}). end}.", 60,
     "error:syntax@1:20 syntax error before: 1"},
    {"{#{}.", 5, "error:syntax@1:5 syntax error before: \\x27.\\x27"},
    {"re-> #ceive tr\" -> case << <<#r{a = 1}>> || <<#r{a = 1}>> <= $c >> of _ -> #r{}; #{k := V} -> [X || "
     "{A, B} <- {}] end#r.f after 10 -> ok end.",
     141, "error:scan@1:15-1:142 unterminated string starting with \" -> case << <<#r\""},
    {"_._.", 4, "error:syntax@1:2 syntax error before: \\x27.\\x27"},
    {"16#", 3, "error:scan@1:1-1:4 illegal integer"},
    {".", 1, "error:syntax@1:1 syntax error before: \\x27.\\x27"},
    {"begin #r{},:= #r{b = fun m:f/2, a = -try \"s\" catch _:_:S -> \"s\" after {} end} end.", 82,
     "error:syntax@1:12 syntax error before: \\x27:=\\x27"},
    {"+'q q['.", 8, "error:bad@1:1 bad term"},
    {"X.", 2, "error:bad@1:1 bad term"},
    {"fun F(X) >>-> F(fun (X) -> fun () -> X#{} end end) end.", 55,
     "error:syntax@1:10 syntax error before: \\x27>>\\x27"},
    {"'.", 2, "error:scan@1:1-1:3 unterminated atom starting with \\x27.\\x27"},
    {"\"s\"", 3, "error:syntax@1:1 syntax error before: "},
    {"#>>r{b = +receive a -> [] after 10 -> ok enreced}.", 50,
     "error:syntax@1:2 syntax error before: \\x27>>\\x27"},
    {"16#ff1.", 7, "4081"},
    {"#r{b = #r", 9, "error:syntax@1:9 syntax error before: "},
    {"not [not {2.5} || t <<C>> <- <<>>].", 35, "error:syntax@1:21 syntax error before: \\x27<<\\x27"},
    {"+1.->", 5, "error:syntax@1:3 syntax error before: \\x27.\\x27"},
    {"fun 'f.afun ':b/0#r.f.", 22, "error:scan@1:17-1:18 illegal base \\x270\\x27"},
    {"end", 3, "error:syntax@1:1 syntax error before: \\x27end\\x27"},
    {"[['q q' || #{k := V} <foo(- (($c))] || a <- <<1:(S), X:(S)>>, bnot fun 'a':b/0].", 80,
     "error:syntax@1:35 syntax error before: \\x27]\\x27"},
    {"fun (_)-> fun F(a) -> F(({{}, $c, []})) end end.", 48, "error:bad@1:1 bad term"},
    {"fun F([H|T]) -> F(1un F6#ff) end.", 33, "error:syntax@1:20 syntax error before: un"},
    {"<< <<{A, Bd en}>> || <<, B}#{k := V}>> <= (begin fun m:f/2, if X -> 1; true -> X end end) >>.", 93,
     "error:syntax@1:13 syntax error before: en"},
    {"case 'q q' of a -> [#r{a = [1, 1]} || a <- #{-a => M#{}, 2.5#r.f => {1}}, try #{} catch E:R ->  -> 1 "
     "== {} end] end.",
     116, "error:syntax@1:97 syntax error before: \\x27->\\x27"},
    {"fun of(1) -> try 1#r.f catch _:_:S -> case 1 of 1 -> \"s\"; X when a -> 2.5 end end end#r.f.", 90,
     "error:scan@1:18-1:19 illegal base \\x271\\x27"},
    {"case #{foo([], $c, {})#r.f => fun foo/1} of #r{a = 1} when (m:f() == fun () 1} o-> 2.5 end) -> << "
     "<<_>> || <<\"str\">> <= fun m:f/1(a, $c, a) >>#r.f end.",
     151, "error:syntax@1:23 syntax error before: \\x27#\\x27"},
    {"$a.", 3, "97"},
    {"catch fun m:f/1([]#{ == [], m:f(X), (\"s\"))#r.f1([].", 51,
     "error:syntax@1:22 syntax error before: \\x27==\\x27"},
    {"receive [H|T] -> <<[ H|T]>> || <<<<C>>>> <= {\"s\"#r.f, fun (\"str\") -> $c end, 16#ff} >> end.", 91,
     "error:syntax@1:29 syntax error before: \\x27||\\x27"},
    {"begin fun M:F/A, not M#{X := try [] of {A, B} -> 2.5 catch E:R -> \"s\" after 1 end}, foo([16#ff], "
     "(\"s\")) end.",
     108, "error:bad@1:1 bad term"},
    {";not fun M:fun F/A.", 19, "error:syntax@1:1 syntax error before: \\x27;\\x27"},
    {"'q #rq'. q'.", 12, "error:scan@1:11-1:13 unterminated atom starting with \\x27.\\x27"},
    {"fun F(_) -> F([X#r.f | <<1:N/little-unit:8, (ttleY)/binary>>]) end#r.f.", 71, "error:bad@1:1 bad term"},
    {"{#r{}, _, if [1 || [H|T] <- $c] -> X#{a := $c}; true -> fun 'r.f.a':b/0 end}#_, ir.f.", 85,
     "error:syntax@1:78 syntax error before: _"},
    {"'q q' 'q qrem", 13, "error:scan@1:7-1:14 unterminated atom starting with \\x27q qrem\\x27"},
    {"if (#{#{} => $c * \"s\"-> {if #{\"s\" => a, {} => $c} -> +1; true -> m:f(X, []) end}; true -> fun "
     "m:f/2 end.",
     104, "error:syntax@1:22 syntax error before: \\x27->\\x27"},
    {"#r{}", 4, "error:syntax@1:4 syntax error before: "},
    {"=>(fun (1, #r{a = 1}) -> {a} end) = $a.", 39, "error:syntax@1:1 syntax error before: \\x27=>\\x27"},
    {"{a 97227.367e20}.", 17, "error:syntax@1:4 syntax error before: 9.7227367e24"},
    {"{a 4.932047851732466e-162}.", 27, "error:syntax@1:4 syntax error before: 4.932047851732466e-162"},
    {"{a 2.6672965706571438e57}.", 26, "error:syntax@1:4 syntax error before: 2.6672965706571438e57"},
    {"{a 2.735629485087386e-163}.", 27, "error:syntax@1:4 syntax error before: 2.735629485087386e-163"},
    {"{a 1.7006388167934537e-305}.", 28, "error:syntax@1:4 syntax error before: 1.7006388167934537e-305"},
    {"{a 720576.7326}.", 16, "error:syntax@1:4 syntax error before: 720576.7326"},
    {"{a 230887.3}.", 13, "error:syntax@1:4 syntax error before: 230887.3"},
    {"{a 0.7}.", 8, "error:syntax@1:4 syntax error before: 0.7"},
    {"{a 9037821257.7843}.", 20, "error:syntax@1:4 syntax error before: 9037821257.7843"},
    {"{a 1.5201780823653436e61}.", 26, "error:syntax@1:4 syntax error before: 1.5201780823653436e61"},
    {"{a 79012.126e-9}.", 17, "error:syntax@1:4 syntax error before: 7.9012126e-5"},
    {"{a 9.231313572028765e154}.", 26, "error:syntax@1:4 syntax error before: 9.231313572028765e154"},
    {"{a 5.961661081178059e174}.", 26, "error:syntax@1:4 syntax error before: 5.961661081178059e174"},
    {"{a 25412040262498668.9}.", 24, "error:syntax@1:4 syntax error before: 2.5412040262498668e16"},
    {"{a 64027911641882010.1}.", 24, "error:syntax@1:4 syntax error before: 6.402791164188201e16"},
    {"{a 83387411.95}.", 16, "error:syntax@1:4 syntax error before: 83387411.95"},
    {"{a 9.623886815269613e-244}.", 27, "error:syntax@1:4 syntax error before: 9.623886815269613e-244"},
    {"{a 6.679964728785585e-231}.", 27, "error:syntax@1:4 syntax error before: 6.679964728785585e-231"},
    {"{a 87413032506847.0}.", 21, "error:syntax@1:4 syntax error before: 87413032506847.0"},
    {"{a 6674907.2}.", 14, "error:syntax@1:4 syntax error before: 6674907.2"},
    {"{a 47173.442e6}.", 16, "error:syntax@1:4 syntax error before: 4.7173442e10"},
    {"{a 839309768602.7897}.", 22, "error:syntax@1:4 syntax error before: 839309768602.7897"},
    {"{a 5.344511595301052e230}.", 26, "error:syntax@1:4 syntax error before: 5.344511595301052e230"},
    {"{a 9.934616458305852e36}.", 25, "error:syntax@1:4 syntax error before: 9.934616458305852e36"},
    {"{a 1.7516701644700967e157}.", 27, "error:syntax@1:4 syntax error before: 1.7516701644700967e157"},
    {"{a 5.414056320506623e68}.", 25, "error:syntax@1:4 syntax error before: 5.414056320506623e68"},
    {"{a 2.617614359812519e70}.", 25, "error:syntax@1:4 syntax error before: 2.617614359812519e70"},
    {"{a 8978.65}.", 12, "error:syntax@1:4 syntax error before: 8978.65"},
    {"{a 57513.683e5}.", 16, "error:syntax@1:4 syntax error before: 5.7513683e9"},
    {"{a 32740.361e-28}.", 18, "error:syntax@1:4 syntax error before: 3.2740361e-24"},
    {"{a 6.460866214018316e120}.", 26, "error:syntax@1:4 syntax error before: 6.460866214018316e120"},
    {"{a 1.3255003258586485e-201}.", 28, "error:syntax@1:4 syntax error before: 1.3255003258586485e-201"},
    {"{a 64467.344e-16}.", 18, "error:syntax@1:4 syntax error before: 6.4467344e-12"},
    {"{a 68544.984e26}.", 17, "error:syntax@1:4 syntax error before: 6.8544984e30"},
    {"{a 36426.559e7}.", 16, "error:syntax@1:4 syntax error before: 3.6426559e11"},
    {"{a 18925.962e10}.", 17, "error:syntax@1:4 syntax error before: 1.8925962e14"},
    {"{a 7516.778e-16}.", 17, "error:syntax@1:4 syntax error before: 7.516778e-13"},
    {"{a 8854826488630.15}.", 21, "error:syntax@1:4 syntax error before: 8854826488630.15"},
    {"{a 24339.582e16}.", 17, "error:syntax@1:4 syntax error before: 2.4339582e20"},
    {"{a 37693.936e-16}.", 18, "error:syntax@1:4 syntax error before: 3.7693936e-12"},
    /* more binary segment forms */
    {"<<1:3/unit:8-binary>>.", 22, "error:bad@1:1 bad term"},
    {"<<\"abc\":8/utf8>>.", 17, "error:bad@1:1 bad term"},
    {"<<\"\":8/utf8>>.", 14, "error:bad@1:1 bad term"},
    {"<<$a:all/binary>>.", 18, "error:bad@1:1 bad term"},
    {"<<<<1:4>>:1/bitstring>>.", 24, "<<0:1>>"},
    {"<<<<1,2,3>>:all/bytes>>.", 24, "<<1,2,3>>"},
    {"<<1:8/unit:1>>.", 15, "<<1>>"},
    {"<<1.0:16/float-unit:2>>.", 24, "<<63,128,0,0>>"},
    {"<<1/float-unit:1>>.", 19, "error:bad@1:1 bad term"},
    {"<<1:all/binary>>.", 17, "error:bad@1:1 bad term"},
    {"<<\"a\":1/bits>>.", 15, "error:bad@1:1 bad term"},
    {"<<<<\"abc\">>:2/binary-unit:8>>.", 30, "<<97,98>>"},
    {"<<\"ab\"/utf32-little>>.", 22, "<<97,0,0,0,98,0,0,0>>"},
    {"<<\"ab\"/native>>.", 16, "<<97,98>>"},
    {"<<\"ab\"/signed>>.", 16, "<<97,98>>"},
    {"<<-1:64/signed>>.", 17, "<<255,255,255,255,255,255,255,255>>"},
    {"<<-1:65>>.", 10, "<<255,255,255,255,255,255,255,255,1:1>>"},
    {"<<16#123456789ABCDEF01:68/little>>.", 35, "<<1,239,205,171,137,103,69,35,1:4>>"},
    {"<<-16#123456789ABCDEF01:68/little>>.", 36, "<<255,16,50,84,118,152,186,220,14:4>>"},
    {"<<-16#123456789ABCDEF01:70>>.", 29, "<<251,114,234,97,217,80,200,67,63:6>>"},
    {"<<1:3/little, 2:5/little, 3:7/little>>.", 39, "<<34,3:7>>"},
    {"<<\"\\x{10000}\"/utf16-little>>.", 29, "<<0,216,0,220>>"},
    {"<<\"\\x{10000}\":16>>.", 19, "<<0,0>>"},
    {"<<1/unit:8-float>>.", 19, "error:bad@1:1 bad term"},
    {"<<1:2/float-unit:8>>.", 21, "<<60,0>>"},
    {"<<1:4/float-unit:16>>.", 22, "<<63,240,0,0,0,0,0,0>>"},
    {"<<1:4/float-unit:4>>.", 21, "<<60,0>>"},
    {"<<1/bytes>>.", 12, "error:bad@1:1 bad term"},
    {"<<<<1:9>>:1/bytes>>.", 20, "<<0>>"},
    {"<<<<1:16>>:1/bytes>>.", 21, "<<0>>"},
    {"<<(<<1:4>>)/bitstring, 1:4>>.", 29, "<<17>>"},
    {"<<0:0/float>>.", 14, "error:bad@1:1 bad term"},
    {"<<1:0/binary>>.", 15, "error:bad@1:1 bad term"},
    {"<<<<>>:0/binary>>.", 18, "<<>>"},
    {"<<\"\":all/binary>>.", 18, "error:bad@1:1 bad term"},
    {"<<\"\"/integer>>.", 15, "<<>>"},
    {"<<\"\"/float>>.", 13, "<<>>"},
    {"<<\"\":3/float>>.", 15, "error:bad@1:1 bad term"},
    {"<<\"\":0/utf8>>.", 14, "error:bad@1:1 bad term"},
    {"<<+$a/utf8>>.", 13, "<<97>>"},
    {"<<- $a:16>>.", 12, "<<255,159>>"},
    {"<<16#FFFFFFFFFFFFFFFF:64/signed>>.", 34, "<<255,255,255,255,255,255,255,255>>"},
    {"<<-9223372036854775808:64/little>>.", 35, "<<0,0,0,0,0,0,0,128>>"},
    {"<<1:64/unit:256>>.", 18,
     "<<0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
     "0,0,0,0,0,0,0,0,1>>"},
    {"<<\"ab\":2/unit:4>>.", 18, "<<97,98>>"},
    {"<<1:(2)/unit:(3)>>.", 19, "error:syntax@1:14 syntax error before: \\x27(\\x27"},
    {"<<(1):(2)>>.", 12, "<<1:2>>"},
    {"<<\"a\" \"b\":16/little>>.", 22, "<<97,0,98,0>>"},
    {"<<\"a\", \"b\"/utf16>>.", 19, "<<97,0,98>>"},
    {"<<(-1)/utf8>>.", 14, "error:bad@1:1 bad term"},
    {"<<1/utf8-big>>.", 15, "<<1>>"},
    {"<<1/utf8-signed>>.", 18, "<<1>>"},
    {"<<16#10FFFF/utf32-little-unsigned>>.", 36, "<<255,255,16,0>>"},
};

static const row nodot_rows[] = {
    {"-5", 2, "-5"},
    {"- 5", 3, "-5"},
    {"+5", 2, "5"},
    {"-(5)", 4, "-5"},
    {"- - 5", 5, "error:bad@1:1 bad term"},
    {"-$a", 3, "-97"},
    {"-a", 2, "error:bad@1:1 bad term"},
    {"foo(1)", 6, "error:bad@1:1 bad term"},
    {"1+2", 3, "error:bad@1:1 bad term"},
    {"X", 1, "error:bad@1:1 bad term"},
    {"1, 2", 4, "error:bad@1:4 bad term"},
    {"foo(1), 2", 9, "error:bad@1:9 bad term"},
    {"1, foo(", 7, "error:syntax@1:8 syntax error before: \\x27.\\x27"},
    {"{a, b c}", 8, "error:syntax@1:7 syntax error before: c"},
    {"{a,b", 4, "error:syntax@1:5 syntax error before: \\x27.\\x27"},
    {"{a,b", 4, "error:syntax@1:5 syntax error before: \\x27.\\x27"},
    {"1. 2", 4, "error:syntax@1:4 syntax error before: 2"},
    {"1", 1, "1"},
    {"a.b", 3, "error:syntax@1:2 syntax error before: \\x27.\\x27"},
    {"[1|2]", 5, "[1|2]"},
    {"#{a := 1}", 9, "error:bad@1:1 bad term"},
    {"#{a => 1, a => 2}", 17, "#{'a'=>2}"},
    {"fun erlang:abs/1", 16, "fun 'erlang':'abs'/1"},
    {"fun foo/1", 9, "error:bad@1:1 bad term"},
    {"fun m:f/256", 11, "error:bad@1:1 bad term"},
    {"[end]", 5, "error:syntax@1:2 syntax error before: \\x27end\\x27"},
    {"1.0e400", 7, "error:scan@1:1-1:8 illegal float"},
    {"1.0e-400", 8, "f0000000000000000"},
    {"\"ab\" \"cd\"", 9, "[97,98,99,100]"},
    {"<<1:4>>", 7, "<<1:4>>"},
    {"<<1+2>>", 7, "error:syntax@1:4 syntax error before: \\x27+\\x27"},
    {"<<(1+2)>>", 9, "error:bad@1:1 bad term"},
    {"<<1:-1>>", 8, "error:syntax@1:5 syntax error before: \\x27-\\x27"},
    {"<<1:(-1)>>", 10, "error:bad@1:1 bad term"},
    {"#r{}", 4, "error:bad@1:1 bad term"},
    {"(1)", 3, "1"},
    {"((a))", 5, "'a'"},
    {"[(1)]", 5, "[1]"},
    {"<<1:a>>", 7, "error:bad@1:1 bad term"},
    {"<<1 || X <- Y>>", 15, "error:bad@1:1 bad term"},
    {"<<a(1)>>", 8, "error:syntax@1:4 syntax error before: \\x27(\\x27"},
    {"[1 || X <- Y]", 13, "error:bad@1:1 bad term"},
    {"1 2", 3, "error:syntax@1:3 syntax error before: 2"},
    {"{}", 2, "{}"},
    {"[]", 2, "[]"},
    {"<<\"abc\">>", 9, "<<97,98,99>>"},
    {"<<\"abc\"/utf8>>", 14, "<<97,98,99>>"},
    {"<<\"\304\201\"/utf8>>", 13, "<<196,129>>"},
    {"<<\"\304\201\">>", 8, "<<1>>"},
    {"<<\"abc\":16>>", 12, "<<0,97,0,98,0,99>>"},
    {"<<\"abc\":16/little>>", 19, "<<97,0,98,0,99,0>>"},
    {"<<\"\"/utf8>>", 11, "<<>>"},
    {"<<\"\":16>>", 9, "<<>>"},
    {"<<\"a\"/binary>>", 14, "error:bad@1:1 bad term"},
    {"<<\"\"/binary>>", 13, "error:bad@1:1 bad term"},
    {"<<1.5>>", 7, "error:bad@1:1 bad term"},
    {"<<1.5/float>>", 13, "<<63,248,0,0,0,0,0,0>>"},
    {"<<1/float>>", 11, "<<63,240,0,0,0,0,0,0>>"},
    {"<<1.5:32/float>>", 16, "<<63,192,0,0>>"},
    {"<<1.5:16/float>>", 16, "<<62,0>>"},
    {"<<1.5:8/float>>", 15, "error:bad@1:1 bad term"},
    {"<<1:0>>", 7, "<<>>"},
    {"<<65504.0:16/float>>", 20, "<<123,255>>"},
    {"<<bnot 1>>", 10, "error:bad@1:1 bad term"},
    {"{a X}", 5, "error:syntax@1:4 syntax error before: X"},
    {"#{a=>}", 6, "error:syntax@1:6 syntax error before: \\x27}\\x27"},
    {"receive after 10 -> ok end", 26, "error:bad@1:1 bad term"},
    {"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", 81,
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"},
    {"'unterminated", 13, "error:scan@1:1-1:14 unterminated atom starting with \\x27unterminated\\x27"},
    {"(1)", 3, "1"},
    {"<<16#1234:(3)/big-little,$a:(3)/unit:8>>", 40, "error:bad@1:1 bad term"},
    {"[{(0),{}}|[[{{-2.5e-3,0.0,1.5,+7},(16#1)}],1.5]]", 48,
     "[{0,{}},[{{fBF647AE147AE147B,f0000000000000000,f3FF8000000000000,7},1}],f3FF8000000000000]"},
    {"1.5", 3, "f3FF8000000000000"},
    {"(-2601013103126673756770710)", 28, "-2601013103126673756770710"},
    {"[{<<<<1,2>>:all/unit:3-binary>>,<<<<1,2>>:16/binary,\"ab\":16/utf8>>,'\344\270\255'},+7]", 77,
     "error:bad@1:1 bad term"},
    {"<<<<1,2>>:0/bits,-(2)/float-little,(7):16/utf8>>", 48, "error:bad@1:1 bad term"},
    {"\"str\"", 5, "[115,116,114]"},
    {"{}", 2, "{}"},
    {"<<$a:16/float,-1:0/bits,300:16/utf32>>", 38, "error:bad@1:1 bad term"},
    {"\"a\" \"b\"", 7, "[97,98]"},
    {"1.5", 3, "f3FF8000000000000"},
    {"0.0", 3, "f0000000000000000"},
    {"fun m:f/2", 9, "fun 'm':'f'/2"},
    {"<<<<1,2>>:(3)/native,-1:all/binary,-1:4/bits>>", 46, "error:bad@1:1 bad term"},
    {"<<255:16/integer-signed-big,<<3:3>>:(3)/unit:8,-(2):(3)/bits>>", 62, "error:bad@1:1 bad term"},
    {"[[<<>>,-2.5e-3]]", 16, "[[<<>>,fBF647AE147AE147B]]"},
    {"[$a,#{-(3) => <<255:(3)/float>>,[] => {},#{} => {}}]", 52, "error:bad@1:1 bad term"},
    {"[]", 2, "[]"},
    {"+7", 2, "7"},
    {"<<1.5:(3)/bits,-1:16/foo,-1/little,<<3:3>>:$\\^A/bits>>", 54, "error:bad@1:1 bad term"},
};

static const row stream_rows[] = {
    {"{", 1, "error:syntax@1:1 syntax error before:  ; eof"},
    {"<<1:1000000000000000000000>>.%c\n  ", 34, "error:bad@1:1 bad term ; eof"},
    {"{a 'a@b'}.\n(<<1:0/bytes,255:$\\^A/u6-little>>).\015\n##}}\015\n{}.}.''' ", 63,
     "error:syntax@1:4 syntax error before: a@b ; error:bad@2:2 bad term ; error:scan@4:8 unterminated atom "
     "starting with \\x27 \\x27 ; eof"},
    {"(((([+7,{},\"\\x{4e2d}\"|1.5])))).%c\n  fun m:f/. 15", 48,
     "[7,{},[20013]|f3FF8000000000000] ; error:syntax@2:11 syntax error before: \\x27.\\x27 ; "
     "error:syntax@2:13 syntax error before:  ; eof"},
    {"<<1+2>>. 0.0.\n{a 9007199254740992.0}.\t", 38,
     "error:syntax@1:4 syntax error before: \\x27+\\x27 ; f0000000000000000 ; error:syntax@2:4 syntax error "
     "before: 9.007199254740992e15 ; eof"},
    {".fun\015\n", 6, "error:syntax@1:1 syntax error before: \\x27.\\x27 ; eof"},
    {"- $b.\n<<<<3:3>>:leall/naivetive,1.5:all/big-little\n", 51,
     "-98 ; error:syntax@2:39 syntax error before:  ; eof"},
    {"\"#r\".\n% comment\n$a.%c\n  ", 24, "[35,114] ; 97 ; eof"},
    {"#{#{<<>> => [{-2.5e-3},\"a\" \"b\",{fun m:f/2,[{},'end',+7,$\\n],\"\",(-2)}]} =441> "
     "-1459598441891527496279399}.\n% comment\n",
     116, "error:syntax@1:104 syntax error before: \\x27}\\x27 ; eof"},
    {"(-$b) $b). ", 11, "error:syntax@1:7 syntax error before: $b ; eof"},
    {"#{#{(\"str\") => ({\"str-2.\",([- $b)})} => '\\n',[] => {{{16#DEAD_beef,{fum:f/2,$a,$\\n}},((fun "
     "m:f/2)),\"\"},[{{6},[16#DEAD_beef,+7,-2.5e-3,{}],([]),- $b},((0.0))]},[] => 1.5}. ",
     171, "error:syntax@1:33 syntax error before: \\x27)\\x27 ; eof"},
    {"28\n% comment", 12, "error:syntax@1:1 syntax error before:  ; eof"},
    {"{<<->>>}.%c", 11, "error:syntax@1:4 syntax error before: \\x27->\\x27 ; eof"},
    {"-.(3)].\n", 8, "error:syntax@1:2 syntax error before: \\x27.\\x27 ; eof"},
    {"fun m:F/1.%c\n  \"a\" \"b\".%c\n  [16#ff|<<300:4/foo>>].\t", 51,
     "error:bad@1:1 bad term ; [97,98] ; error:bad@3:3 bad term ; eof"},
    {"\"a\"\n \"b%c\n  <<1.5:(3)>>. ", 25,
     "error:scan@2:2 unterminated string starting with \"b%c\\x5Cn  <<1.5:(3)>\" ; eof"},
    {"-fun m:f/1.\n<<-1ina:all/binaryna:>>.\n% comment\n", 47,
     "error:bad@1:1 bad term ; error:syntax@2:5 syntax error before: ina ; eof"},
    {"<<\"ab\"/big-little,<<3:3>>:0/unit:3-binary>>.%c\n  "
     "{<<1:16/float,255:$\\^A/loat,$a:(3)/unit:8,1A/f6#1234:16/binary>>}. [281|\"a\" \"b\"].\n% "
     "comment\n<<\"\304\201\">>.\t",
     151, "error:bad@1:1 bad term ; error:syntax@2:46 syntax error before: A ; [281,97,98] ; <<1>> ; eof"},
    {"'==b =b c", 9, "error:scan@1:1 unterminated atom starting with \\x27==b =b c\\x27 ; eof"},
    {"<<1.5:(3)/bits,-1:16/foo,-1/little,<<3:3>>:$\\^A/bits>>.\015\n{}.= <<255 :$\\^A/foo,$a:4/float>>.\n- "
     "$b.\n% comment\n[#{},\"\",uni<<(7):4/unit:8,<<3:3>>:all/native>>|{((fun m:f/2))}]}.\t",
     174,
     "error:bad@1:1 bad term ; error:syntax@2:3 syntax error before: \\x27.\\x27 ; -98 ; error:syntax@5:12 "
     "syntax error before: \\x27<<\\x27 ; eof"},
    {"{{.\015\n[[[(1),<<300:16/utf16-little,1.5:all/bytes>>|(#{-2.5e-3 => <<>>,-4529364161794544839204060 => "
     "'end'})],+7]].\n% comment\n",
     124, "error:syntax@1:3 syntax error before: \\x27.\\x27 ; error:bad@2:1 bad term ; eof"},
    {"(0.0)=>\n.\nfun M:f/1. <<1/utf16-little>>.\015\n<<16#1234/float>>.\015\n{}.}.}}.\n", 71,
     "error:syntax@1:6 syntax error before: \\x27=>\\x27 ; error:bad@3:1 bad term ; <<1,0>> ; "
     "<<64,178,52,0,0,0,0,0>> ; error:syntax@5:3 syntax error before: \\x27.\\x27 ; eof"},
    {"<<\"ab\"/utf16-little,16#1234:$\\^A/unit:8,255/integer-signed-big,-1:$\\^A/little>>. "
     "-(3-)(3).\n\"st#rr\".t\"st#r\t.X",
     108,
     "<<97,0,98,0,52,255,1:1>> ; error:syntax@1:86 syntax error before: \\x27)\\x27 ; error:scan@2:10 "
     "unterminated string starting with \"st#r\\x5Ct.X\" ; eof"},
    {"{.%c\n  [8,((<<1.5:(3)/foo>>)),16#ff|{}].%c\n  -0<-0.0-0<-..\015\n<<<<1,2>>:all/binary>>.\n", 84,
     "error:syntax@1:2 syntax error before: \\x27.\\x27 ; error:bad@2:3 bad term ; error:syntax@3:5 syntax "
     "error before: \\x27<-\\x27 ; eof"},
    {"-(3).\n<<.-1/ut->f32>>.%c\n  ", 27, "-3 ; error:syntax@2:3 syntax error before: \\x27.\\x27 ; eof"},
    {"-(3)", 4, "error:syntax@1:4 syntax error before:  ; eof"},
    {"([[],[<<1:4/little,300:16/float-little,-1:all/bytes,300:\\^A/"
     "big([[-lle>>,$\\n,(-(3))],202]).\015\n<<<<1,2>>/bytes>>. +7. (fun m:f/2).=>\n",
     131,
     "error:syntax@1:57 syntax error before: \\x27\\x5C\\x5C\\x27 ; <<1,2>> ; 7 ; error:syntax@2:35 syntax "
     "error before: \\x27.\\x27 ; eof"},
    {"\"str\".\t", 7, "[115,116,114] ; eof"},
    {"\"\\x{4e2d}\".\n% comment\n#{}.\n% comment\n1.5. 1.5. (([#{(\"\") => $a}{).|un m:f/2])[#{). ", 83,
     "[20013] ; #{} ; f3FF8000000000000 ; f3FF8000000000000 ; error:syntax@5:27 syntax error before: "
     "\\x27{\\x27 ; eof"},
    {"{X, a b}. $\\n", 13,
     "error:syntax@1:7 syntax error before: b ; error:syntax@1:11 syntax error before:  ; eof"},
    {"=>$\\.\n% comment\n(\"str\").case\t43..24343..\n% "
     "comment\n<<-(2):0/byt$es,255:0/foo,<<1,2>>:0/big-little,(7):(3)/unit:3-binary>>.%c\n  a:b.%c",
     133, "error:syntax@1:1 syntax error before: \\x27=>\\x27 ; error:bad@6:3 bad term ; eof"},
    {"[<<-1/utf32>>,<<1:<-all/bytes,16#1234:4/native,\"ab\":all/utf8>>].\n% comment\n{a,b }\"str\".\015\n",
     89,
     "error:syntax@1:19 syntax error before: \\x27<-\\x27 ; error:syntax@3:7 syntax error before: \"str\" ; "
     "eof"},
    {"-2-3\t[{},{<<1:4,<<1,2>>:all/big-little,255:all/big-little>>,<<1.5:0/"
     "float>>,([($a),((1))]),-0.0},<<<<3:3>>:$\\^A/foo,(7):all/unit:3-binary>>,(1)]. ",
     146, "error:syntax@1:6 syntax error before: \\x27[\\x27 ; eof"},
    {"([4/u<<-1:16/unit:3-binar16/y,300:4/native,<<1,2>>:4/utf8,<<1,2|>>:4/binary>>,- "
     "$b,((-0.0))|-0.0]).\t<<300:0/binal/ur|y,$a:all/unit:8,300:4/utf8,$a:(3)>>.\n% comment\n\"\". .[].\n",
     173,
     "error:syntax@1:6 syntax error before: \\x27<<\\x27 ; error:syntax@1:114 syntax error before: "
     "\\x27/\\x27 ; [] ; error:syntax@3:5 syntax error before: \\x27.\\x27 ; eof"},
    {"f.1ff||.\n% comment\n{}.  ", 24, "error:syntax@1:2 syntax error before: \\x27.\\x27 ; {} ; eof"},
    {"<<<3:3>>/flat-little>>. "
     "({}).\t{<<3+7,(<<>>),{<<<<3:3>3:3>:4/binary>>,((-0.0)),({#{},(-0.0)})},<<\"ab\":all/"
     "integer-signed-big>>}",
     126,
     "error:syntax@1:3 syntax error before: \\x27<\\x27 ; {} ; error:syntax@1:35 syntax error before: "
     "\\x27+\\x27 ; eof"},
    {"1.5.\n% comment\n", 15, "f3FF8000000000000 ; eof"},
    {"<1:16/float-littl\ne>>.%c\n  -0 .0. .0", 36,
     "error:syntax@1:1 syntax error before: \\x27<\\x27 ; error:syntax@3:6 syntax error before: \\x27.\\x27 "
     "; error:syntax@3:10 syntax error before: \\x27.\\x27 ; eof"},
    {"{- end$b}.\t\"s)tr\".\t#{#{} => <<<<1,2>>/utf32>>}.\t", 48,
     "error:syntax@1:4 syntax error before: \\x27end\\x27 ; [115,41,116,114] ; error:bad@1:20 bad term ; "
     "eof"},
    {"''.\t[{(\"\"),\"a\" "
     "\"b\",[-1166337235708357307299766,x@y,16#1,-2976202262549219687131373]}|{}].\t.$\\n.-\t",
     97,
     "'' ; [{[],[97,98],[-1166337235708357307299766,'x@y',1,-2976202262549219687131373]}|{}] ; "
     "error:syntax@1:91 syntax error before: \\x27.\\x27 ; eof"},
    {"[<<-(2):0/utf16-little,1.5:(3)/floatlittle>>,)].\t", 49,
     "error:syntax@1:46 syntax error before: \\x27)\\x27 ; eof"},
    {"[[[[<<300:0/unit:8,16#1234/bits>>|['b c'|-(3)]]]<\"ab\":0/foo>>],$a].\n-$b\n% comment\n", 82,
     "error:syntax@1:60 syntax error before: \\x27>>\\x27 ; error:syntax@2:2 syntax error before:  ; eof"},
    {"+7.7.%c\n  ", 10, "f401ECCCCCCCCCCCD ; eof"},
    {"[[{},[(#{-188348258040990903118022of3 => 126,16#ff => (1),{} => - $b=> ,#{} => 0.0}),ok],- "
     "$b|1.5]].\015\n<<>>.<>>",
     110,
     "error:syntax@1:35 syntax error before: of3 ; error:syntax@2:5 syntax error before: \\x27.\\x27 ; eof"},
    {"[<<16#1234:16/float-little,-(2):0/foo,$a:16/foo,1.5:4/binary>>]. ", 65, "error:bad@1:1 bad term ; eof"},
    {"-0of.0. [\"[\"aa[\"a\" a\" \"b\"].\t<<(7):$\\^A/utf16-little,255:16/float,-(2):0/bytes,-1/float>>. ",
     90,
     "error:syntax@1:3 syntax error before: \\x27of\\x27 ; error:scan@1:25 unterminated string starting with "
     "\"].\\x5Ct<<(7):$\\x5C001/utf1\" ; eof"},
    {"-0.0.0.0.\t'end'.\n% comment\n", 27, "error:syntax@1:5 syntax error before: \\x27.\\x27 ; 'end' ; eof"},
    {"16#1>>.6#1 .5.1.51.5.\n#{[{}ttl,<<\"ab\":4,$a/big-little-,1:all/littl,[\"e>>,[\"str\"|\"a\" \"b\"]] => "
     "fun m:f/2}.\t<<a(1)>>.%c\n  <<(7):(3)/[unit:3-binary,<<3:3>>:4/native,<<3:3>>/unit:8>>.\n% comment",
     188,
     "error:syntax@1:5 syntax error before: \\x27>>\\x27 ; error:scan@2:65 unterminated string starting with "
     "\"]] => fun m:f/2}\" ; eof"},
    {"- $b.\n% comment\n.$a..$a\015\n(1).%c\n  {}", 36,
     "-98 ; error:syntax@3:1 syntax error before: \\x27.\\x27 ; error:syntax@5:4 syntax error before:  ; "
     "eof"},
    {"[[\"a\" "
     "\"b\",\"str\"],#{}|<<\"ab\"/utf16-little,-1/foo,16#1234:16/integer-signed-big,<<1,2>>:16/"
     "utf16-little>>].\n1.5.\015\n",
     112, "error:bad@1:1 bad term ; f3FF8000000000000 ; eof"},
};

Test(read, matches_erl_parse_term) { check_rows(TERM, term_rows, sizeof term_rows / sizeof term_rows[0]); }
Test(read, nodot_matches_erl) { check_rows(NODOT, nodot_rows, sizeof nodot_rows / sizeof nodot_rows[0]); }
Test(read, stream_matches_io_read)
{
    check_rows(STREAM, stream_rows, sizeof stream_rows / sizeof stream_rows[0]);
}

static term_t read_ok(const char *src)
{
    term_t t;
    read_error e;
    cr_assert_eq(read_term(&h, src, strlen(src), &t, &e), READ_OK, "%s: %s", src, e.msg);
    return t;
}

static term_t atom(const char *s) { return atom_from_cstr(s); }

/* The same terms written in different ways, and built by hand. */
Test(read, builds_the_terms_erl_builds)
{
    cr_expect(term_eq_exact(read_ok("16#ff."), term_small(255)));
    cr_expect(term_eq_exact(read_ok("- 2#1_0."), term_small(-2)));
    cr_expect(term_eq_exact(read_ok("-(($a))."), term_small(-97)));
    cr_expect(term_eq_exact(read_ok("\"ab\" \"cd\"."), term_string(&h, "abcd", 4)));
    cr_expect(term_eq_exact(read_ok("[$a|\"b\"]."), read_ok("\"ab\".")));
    cr_expect(term_eq_exact(read_ok("\"\\x{4e2d}\"."), term_cons(&h, term_small(0x4e2d), NIL)));
    cr_expect(term_eq_exact(read_ok("'\\x{4e2d}'."), atom("\xe4\xb8\xad")));
    cr_expect(term_eq_exact(read_ok("[1|2]."), term_cons(&h, term_small(1), term_small(2))));
    cr_expect(term_eq_exact(read_ok("{}."), term_tuple(&h, 0, NULL)));
    cr_expect(term_eq_exact(read_ok("fun erlang:abs/1."), term_export(&h, atom("erlang"), atom("abs"), 1)));

    term_t k = atom("a"), v = term_small(2);
    cr_expect(term_eq_exact(read_ok("#{a => 1, a => 2}."), map_from_pairs(&h, &k, &v, 1)));
    cr_expect(term_eq_exact(read_ok("#{}."), map_empty(&h)));

    term_t big;
    cr_assert(int_from_digits(&h, "123456789012345678901234567890", 30, 10, true, &big));
    cr_expect(term_eq_exact(read_ok("-123456789012345678901234567890."), big));
    cr_assert(int_from_digits(&h, "576460752303423488", 18, 10, false, &big));
    cr_expect(term_is_big(read_ok("576460752303423488.")));
    cr_expect(term_eq_exact(read_ok("576460752303423488."), big));
    cr_expect(term_is_small(read_ok("576460752303423487.")));

    term_t nz = read_ok("-0.0.");
    cr_expect(term_is_float(nz) && float_value(nz) == 0 && signbit(float_value(nz)));

    const uint8_t bits[] = {0x61, 0x10};
    cr_expect(term_eq_exact(read_ok("<<\"a\", 1:4>>."), bin_new_bits(&h, bits, 12)));
    const uint8_t utf16[] = {0xD8, 0x3D, 0xDE, 0x00};
    cr_expect(term_eq_exact(read_ok("<<16#1F600/utf16>>."), bin_new(&h, utf16, 4)));

    term_t elems[] = {term_small(1),
                      term_float(&h, 2.0),
                      term_string(&h, "three", 5),
                      atom("four"),
                      bin_new(&h, (const uint8_t *)"\5", 1),
                      term_cons(&h, term_small(6), NIL),
                      NIL};
    term_t k7 = term_small(7), v8 = term_small(8);
    elems[6] = map_from_pairs(&h, &k7, &v8, 1);
    cr_expect(term_eq_exact(read_ok("{1, 2.0, \"three\", four, <<5>>, [6], #{7 => 8}}."),
                            term_tuple(&h, 7, elems)));
}

static read_error read_err(const char *src)
{
    term_t t;
    read_error e;
    cr_assert_eq(read_term(&h, src, strlen(src), &t, &e), READ_ERROR, "%s", src);
    return e;
}

/* Which of erl's modules speaks, and where. */
Test(read, error_kinds_and_locations)
{
    read_error e = read_err("{a,\n  \"abc");
    cr_expect_eq(e.kind, READ_ERR_SCAN);
    cr_expect_str_eq(e.msg, "unterminated string starting with \"abc\"");
    cr_expect_eq(e.line, 2);
    cr_expect_eq(e.col, 3);
    cr_expect_eq(e.end_line, 2);
    cr_expect_eq(e.end_col, 7);

    e = read_err("[1,\n\t2,]. {ok}.");
    cr_expect_eq(e.kind, READ_ERR_SYNTAX);
    cr_expect_str_eq(e.msg, "syntax error before: ']'");
    cr_expect_eq(e.line, 2);
    cr_expect_eq(e.col, 4);

    e = read_err("{ok}. {ok}.");
    cr_expect_eq(e.kind, READ_ERR_SYNTAX);
    cr_expect_str_eq(e.msg, "syntax error before: '{'");
    cr_expect_eq(e.col, 7);

    e = read_err("\n  ((X)) + 1.");
    cr_expect_eq(e.kind, READ_ERR_BAD_TERM);
    cr_expect_str_eq(e.msg, "bad term");
    cr_expect_eq(e.line, 2);
    cr_expect_eq(e.col, 5);

    e = read_err("a, (b).");
    cr_expect_eq(e.kind, READ_ERR_BAD_TERM);
    cr_expect_eq(e.col, 5);

    e = read_err("   % nothing\n");
    cr_expect_eq(e.kind, READ_ERR_SYNTAX);
    cr_expect_str_eq(e.msg, "syntax error before: ");
    cr_expect_eq(e.line, 0);
    cr_expect_eq(e.col, 0);

    /* a scan error anywhere wins over a syntax error before it */
    e = read_err("{a b}. 'x");
    cr_expect_eq(e.kind, READ_ERR_SCAN);
    cr_expect_str_eq(e.msg, "unterminated atom starting with 'x'");
}

Test(read, nodot_takes_a_stop_at_the_end)
{
    term_t t;
    read_error e;
    cr_assert_eq(read_term_nodot(&h, "[a, {b}]", 8, &t, &e), READ_OK);
    cr_assert_eq(read_term_nodot(&h, "[a, {b}].", 9, &t, &e), READ_OK);
    cr_assert_eq(read_term_nodot(&h, "[a, {b}]. ", 10, &t, &e), READ_OK);
    cr_assert_eq(read_term_nodot(&h, "", 0, &t, &e), READ_ERROR);
    cr_expect_str_eq(e.msg, "syntax error before: '.'");
    cr_expect_eq(e.line, 1);
    cr_expect_eq(e.col, 1);
    cr_assert_eq(read_term_nodot(&h, "a. b", 4, &t, &e), READ_ERROR);
    cr_expect_str_eq(e.msg, "syntax error before: b");
}

/* As erl_scan:tokens/3 and erl_parse:parse_term/1 in a loop (checked). */
Test(read, stream_positions)
{
    const char *src = "a.\n  {b,\n c}. % done\n[1|2]\n.\n{x y}.\n\n% end\n";
    read_stream rs;
    term_t t;
    read_error e;
    read_stream_init(&rs, src, strlen(src));
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_OK);
    cr_expect(term_eq_exact(t, atom("a")));
    cr_expect_eq(rs.line, 2);
    cr_expect_eq(rs.col, 1);
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_OK);
    cr_expect_eq(tuple_arity(t), 2);
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_OK);
    cr_expect(term_eq_exact(t, term_cons(&h, term_small(1), term_small(2))));
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_ERROR);
    cr_expect_str_eq(e.msg, "syntax error before: y");
    cr_expect_eq(e.line, 6);
    cr_expect_eq(e.col, 4);
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_EOF);
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_EOF);
    cr_expect_eq(rs.pos, strlen(src));

    read_stream_init(&rs, "", 0);
    cr_assert_eq(read_next(&rs, &h, &t, &e), READ_EOF);
}

/* Nesting up to TERM_MAX_DEPTH is read with explicit stacks; one more is
 * system_limit, for terms and for Erlang the skimmer follows alike. */
static char *nested(const char *open, const char *mid, const char *close, size_t depth, size_t *len)
{
    size_t lo = strlen(open), lm = strlen(mid), lc = strlen(close);
    char *s = malloc(depth * (lo + lc) + lm + 2), *p = s;
    for (size_t i = 0; i < depth; i++, p += lo)
        memcpy(p, open, lo);
    memcpy(p, mid, lm);
    p += lm;
    for (size_t i = 0; i < depth; i++, p += lc)
        memcpy(p, close, lc);
    *p++ = '.';
    *len = (size_t)(p - s);
    return s;
}

Test(read, deep_nesting, .timeout = 60)
{
    size_t len;
    term_t t;
    read_error e;
    char *s = nested("[", "7", "]", TERM_MAX_DEPTH, &len);
    cr_assert_eq(read_term(&h, s, len, &t, &e), READ_OK, "%s", e.msg);
    for (size_t i = 0; i < TERM_MAX_DEPTH; i++) {
        cr_assert(term_is_list(t) && term_is_nil(list_tail(t)));
        t = list_head(t);
    }
    cr_expect(term_eq_exact(t, term_small(7)));
    free(s);
    heap_reset(&h);

    s = nested("{", "x", "}", TERM_MAX_DEPTH + 1, &len);
    cr_assert_eq(read_term(&h, s, len, &t, &e), READ_ERROR);
    cr_expect_eq(e.kind, READ_ERR_LIMIT);
    cr_expect_str_eq(e.msg, "system_limit");
    cr_expect_eq(e.col, TERM_MAX_DEPTH + 1);
    free(s);
    heap_reset(&h);

    s = nested("[f(", "X", ")]", TERM_MAX_DEPTH / 2 + 1, &len);
    cr_assert_eq(read_term(&h, s, len, &t, &e), READ_ERROR);
    cr_expect_eq(e.kind, READ_ERR_LIMIT);
    free(s);
}

Test(read, big_texts)
{
    size_t n = 1 << 20;
    char *s = malloc(3 * n + 16), *p = s;
    *p++ = '"';
    for (size_t i = 0; i < n; i++)
        *p++ = (char)('a' + i % 26);
    memcpy(p, "\".", 2);
    p += 2;
    term_t t;
    read_error e;
    cr_assert_eq(read_term(&h, s, (size_t)(p - s), &t, &e), READ_OK);
    cr_expect_eq(list_length(t), (int64_t)n);
    heap_reset(&h);

    p = s;
    memcpy(p, "<<0:", 4), p += 4;
    p += sprintf(p, "%zu", 8 * n + 3);
    memcpy(p, ">>.", 3), p += 3;
    cr_assert_eq(read_term(&h, s, (size_t)(p - s), &t, &e), READ_OK);
    bin_view v;
    bin_view_of(t, &v);
    cr_expect_eq(bin_bit_size(&v), 8 * n + 3);
    heap_reset(&h);

    p = s;
    *p++ = '[';
    for (size_t i = 0; i < n / 2; i++)
        *p++ = '1', *p++ = ',';
    memcpy(p, "2].", 3), p += 3;
    cr_assert_eq(read_term(&h, s, (size_t)(p - s), &t, &e), READ_OK);
    cr_expect_eq(list_length(t), (int64_t)n / 2 + 1);
    free(s);
}

/* Random bytes, and valid terms with random damage: the reader always
 * answers, never reads outside its text (ASan), and streams move on. */
Test(read, fuzz, .timeout = 120)
{
    static const char *const seeds[] = {
        "{a, [1, 2.5, \"s\" \"t\" | b], #{k => <<1:4, \"x\"/utf8, 2.0/float>>}, fun m:f/1}.",
        "[<<1, -1:16/little, <<2>>/binary, $a/utf16>>, -(3), 'q\\n', 16#fF, $\\x{41}, {}].",
        "#{[] => {}, <<>> => \"\", {1} => #{a => [a|b]}}. [X || X <- foo(1)].",
        "case X of a -> #r{f = 1}; _ -> M#{k := v} end. << <<C>> || <<C>> <= B >>.",
    };
    static const char junk[] = "[]{}()<>,.|#=:-+/*\"'$%\\^ \n\tAaZz09_@x\xc3\xa9\xff";
    rng gen = {UINT64_C(0x2545F4914F6CDD1D)};
    uint64_t seed;
    char buf[256];
    for (int iter = 0; iter < 6000; iter++) {
        size_t len;
        seed = next_random(&gen);
        if (iter % 4 == 0) {
            len = (size_t)(seed >> 59);
            for (size_t i = 0; i < len; i++) {
                seed = next_random(&gen);
                buf[i] = (char)(seed >> 56);
            }
        } else {
            const char *base = seeds[(seed >> 40) % 4];
            len = strlen(base);
            memcpy(buf, base, len);
            for (int k = 0; k < 3; k++) {
                seed = next_random(&gen);
                size_t at = (size_t)(seed >> 33) % len;
                if ((seed >> 20) & 1)
                    buf[at] = junk[(seed >> 8) % (sizeof junk - 1)];
                else if (len > 1)
                    memmove(buf + at, buf + at + 1, --len - at);
            }
        }
        char *src = malloc(len ? len : 1);
        memcpy(src, buf, len);
        term_t t;
        read_error e;
        read_term(&h, src, len, &t, &e);
        read_term_nodot(&h, src, len, &t, &e);
        read_stream rs;
        read_stream_init(&rs, src, len);
        for (size_t steps = 0;; steps++) {
            size_t before = rs.pos;
            read_result r = read_next(&rs, &h, &t, &e);
            if (r == READ_EOF)
                break;
            cr_assert(rs.pos > before && rs.pos <= len, "iteration %d", iter);
            cr_assert(steps <= len);
        }
        free(src);
        heap_reset(&h);
    }
}
