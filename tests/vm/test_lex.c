/* test_lex.c: tests of vm/lex.c, the scanner, against OTP 25's erl_scan.
 * The table rows are an input and what erl_scan:string(Input, {1,1})
 * returns for it, written by this Erlang (Esc writes bytes outside
 * printable ASCII, ' and \ as \xHH):
 *
 *   case erl_scan:string(Chars, {1,1}) of
 *     {ok, Toks, {EL,EC}} -> join(" ", [tok(T) || T <- Toks]) ++ " | end=EL:EC";
 *     {error, {{L,C}, M, E}, {EL,EC}} -> "error@L:C-EL:EC " ++ Esc(M:format_error(E))
 *   end
 *   tok({atom|var|string, {L,C}, V}) -> "atom@L:C='" ++ Esc(utf8 of V) ++ "'"
 *   tok({integer|char, {L,C}, V}) -> "integer@L:C=" ++ integer_to_list(V)
 *   tok({float, {L,C}, V}) -> "float@L:C=" ++ 16 hex digits of <<V/float>>
 *   tok({Category, {L,C}}) -> Esc(atom_to_binary(Category)) ++ "@L:C"
 *
 * Inputs are UTF-8 (surrogates encoded as if they were characters, which
 * is how erl sees a list holding them). */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/lex.h"
#include "vm/vm.h"
#include "tests/lib/rng.h"
#include "tests/lib/rows.h"

static void setup(void) { atom_table_init(); }
TestSuite(lex, .init = setup);

static void put_integer(FILE *f, const lex_token *t)
{
    heap_t h;
    term_t v;
    heap_init(&h, ALLOC_HEAP);
    cr_assert(int_from_digits(&h, t->text, t->len, t->base, false, &v));
    char *s = malloc(int_chars_bound(v, 10));
    fwrite(s, 1, int_to_chars(v, 10, s), f);
    free(s);
    heap_destroy(&h);
}

/* The scanner's tokens in the table's format; the caller frees. */
static char *scan_dump(const char *src, size_t len)
{
    char *out;
    size_t outlen;
    FILE *f = open_memstream(&out, &outlen);
    lex_state ls;
    lex_token t;
    bool first = true;
    lex_init(&ls, src, len, 1, 1, 0);
    for (;;) {
        if (!lex_next(&ls, &t)) {
            fclose(f);
            free(out);
            f = open_memstream(&out, &outlen);
            fprintf(f, "error@%u:%u-%u:%u ", ls.error.line, ls.error.col, ls.error.end_line,
                    ls.error.end_col);
            put_esc(f, ls.error.msg, strlen(ls.error.msg));
            break;
        }
        if (t.kind == LEX_EOF) {
            fprintf(f, " | end=%u:%u", t.end_line, t.end_col);
            break;
        }
        if (!first)
            fputc(' ', f);
        first = false;
        switch (t.kind) {
        case LEX_ATOM:
        case LEX_VAR:
        case LEX_STRING:
            fprintf(f, "%s@%u:%u='", lex_kind_name(t.kind), t.line, t.col);
            put_esc(f, t.text, t.len);
            fputc('\'', f);
            break;
        case LEX_INTEGER:
            fprintf(f, "integer@%u:%u=", t.line, t.col);
            put_integer(f, &t);
            break;
        case LEX_FLOAT: {
            uint64_t u;
            memcpy(&u, &t.fval, sizeof u);
            fprintf(f, "float@%u:%u=%016" PRIX64, t.line, t.col, u);
            break;
        }
        case LEX_CHAR:
            fprintf(f, "char@%u:%u=%" PRIu32, t.line, t.col, t.ch);
            break;
        case LEX_OTHER:
            put_esc(f, t.text, t.len);
            fprintf(f, "@%u:%u", t.line, t.col);
            break;
        default:
            put_esc(f, lex_kind_name(t.kind), strlen(lex_kind_name(t.kind)));
            fprintf(f, "@%u:%u", t.line, t.col);
            break;
        }
    }
    fclose(f);
    lex_destroy(&ls);
    return out;
}

/* Every token kind and the scan errors, with locations, as erl_scan. The
 * first rows are chosen by hand; the rest are random strings over the
 * characters that matter. */
static const row erl_scan_rows[] = {
    {"\ta\tb", 4, "atom@1:2='a' atom@1:4='b' | end=1:5"},
    {"a. b", 4, "atom@1:1='a' dot@1:2 atom@1:4='b' | end=1:5"},
    {"a.% c", 5, "atom@1:1='a' dot@1:2 | end=1:6"},
    {"a.b", 3, "atom@1:1='a' .@1:2 atom@1:3='b' | end=1:4"},
    {"1.5e-3 1.0E+5 2.5e5 1_000 16#ff 16#FF_FF 2#1010 36#zZ 1_0.0_1e1_0", 65,
     "float@1:1=3F589374BC6A7EFA float@1:8=40F86A0000000000 float@1:15=410E848000000000 integer@1:21=1000 "
     "integer@1:27=255 integer@1:33=65535 integer@1:42=10 integer@1:49=1295 float@1:55=42374E6CC9000000 | "
     "end=1:66"},
    {"1_ a", 4, "integer@1:1=1 var@1:2='_' atom@1:4='a' | end=1:5"},
    {"1__0", 4, "integer@1:1=1 var@1:2='__0' | end=1:5"},
    {"1._5", 4, "integer@1:1=1 .@1:2 var@1:3='_5' | end=1:5"},
    {"16#f_", 5, "integer@1:1=15 var@1:5='_' | end=1:6"},
    {"16#g", 4, "error@1:1-1:4 illegal integer"},
    {"37#1", 4, "error@1:1-1:3 illegal base \\x2737\\x27"},
    {"1#0", 3, "error@1:1-1:2 illegal base \\x271\\x27"},
    {"0#1", 3, "error@1:1-1:2 illegal base \\x270\\x27"},
    {"100#1", 5, "error@1:1-1:4 illegal base \\x27100\\x27"},
    {"1_6#f", 5, "integer@1:1=15 | end=1:6"},
    {"16#", 3, "error@1:1-1:4 illegal integer"},
    {"007#1", 5, "integer@1:1=1 | end=1:6"},
    {"0100#1", 6, "error@1:1-1:5 illegal base \\x27100\\x27"},
    {"00#1", 4, "error@1:1-1:3 illegal base \\x270\\x27"},
    {"$\\x4 ", 5, "error@1:1-1:4 illegal character"},
    {"$\\x{} ", 6, "error@1:1-1:6 illegal character"},
    {"$", 1, "error@1:1-1:2 unterminated character"},
    {"$\\", 2, "error@1:1-1:3 unterminated character"},
    {"$\\^", 3, "error@1:1-1:4 unterminated character"},
    {"$\\x{41", 6, "error@1:1-1:7 unterminated character"},
    {"$\\x{41]", 7, "error@1:1-1:7 illegal character"},
    {"\"a\\x{FFFE}b\"", 12, "error@1:3-1:11 illegal character"},
    {"\"a\\x{D800}b\"", 12, "error@1:3-1:11 illegal character"},
    {"\"abc\\x{fffe}", 12, "error@1:5-1:13 illegal character"},
    {"\"abcdefghijklmnopqrstuvwxyz", 27,
     "error@1:1-1:28 unterminated string starting with \"abcdefghijklmnop\""},
    {"\"\\n\\t\\\\a\\\"b", 11,
     "error@1:1-1:12 unterminated string starting with \"\\x5Cn\\x5Ct\\x5C\\x5Ca\\x5C\"b\""},
    {"'a\\'b", 5, "error@1:1-1:6 unterminated atom starting with \\x27a\\x5C\\x27b\\x27"},
    {"'\\x{10FFFF}", 11, "error@1:1-1:12 unterminated atom starting with \\x27\\xF4\\x8F\\xBF\\xBF\\x27"},
    {"1.0e5.0", 7, "float@1:1=40F86A0000000000 .@1:6 integer@1:7=0 | end=1:8"},
    {"1.e3", 4, "integer@1:1=1 .@1:2 atom@1:3='e3' | end=1:5"},
    {"2.5e", 4, "error@1:1-1:5 illegal float"},
    {"2.5e-", 5, "error@1:1-1:6 illegal float"},
    {"2.5e-_1", 7, "error@1:1-1:6 illegal float"},
    {"2.5e1_", 6, "float@1:1=4039000000000000 var@1:6='_' | end=1:7"},
    {"$\n", 2, "char@1:1=10 | end=2:1"},
    {"$\t", 2, "char@1:1=9 | end=1:3"},
    {"\"a\nb\" c", 7, "string@1:1='a\\x0Ab' atom@2:4='c' | end=2:5"},
    {"'a\nb' c", 7, "atom@1:1='a\\x0Ab' atom@2:4='c' | end=2:5"},
    {"$\\\n x", 5, "char@1:1=10 atom@2:2='x' | end=2:3"},
    {"\"\\\nb\" c", 7, "string@1:1='\\x0Ab' atom@2:4='c' | end=2:5"},
    {"a\tb", 3, "atom@1:1='a' atom@1:3='b' | end=1:4"},
    {"a\015b", 3, "atom@1:1='a' atom@1:3='b' | end=1:4"},
    {"a\302\240b", 4, "atom@1:1='a' atom@1:3='b' | end=1:4"},
    {"a\302\200b", 4, "atom@1:1='a' atom@1:3='b' | end=1:4"},
    {"a\302\241b", 4, "atom@1:1='a' \\xC2\\xA1@1:2 atom@1:3='b' | end=1:4"},
    {"a\303\227b", 4, "atom@1:1='a' \\xC3\\x97@1:2 atom@1:3='b' | end=1:4"},
    {"a\303\267b", 4, "atom@1:1='a' \\xC3\\xB7@1:2 atom@1:3='b' | end=1:4"},
    {"a\304\200b", 4, "error@1:2-1:3 illegal character"},
    {"a.\tb", 4, "atom@1:1='a' dot@1:2 atom@1:4='b' | end=1:5"},
    {"a.\nb", 4, "atom@1:1='a' dot@1:2 atom@2:1='b' | end=2:2"},
    {"a.\n", 3, "atom@1:1='a' dot@1:2 | end=2:1"},
    {"a.", 2, "atom@1:1='a' dot@1:2 | end=1:3"},
    {"a..b", 4, "atom@1:1='a' ..@1:2 atom@1:4='b' | end=1:5"},
    {"a...b", 5, "atom@1:1='a' ...@1:2 atom@1:5='b' | end=1:6"},
    {"a..", 3, "atom@1:1='a' ..@1:2 | end=1:4"},
    {"[a|b]||c", 8, "[@1:1 atom@1:2='a' |@1:3 atom@1:4='b' ]@1:5 ||@1:6 atom@1:8='c' | end=1:9"},
    {"<<>>", 4, "<<@1:1 >>@1:3 | end=1:5"},
    {"<<<", 3, "<<@1:1 <@1:3 | end=1:4"},
    {"a%comment\nb", 11, "atom@1:1='a' atom@2:1='b' | end=2:2"},
    {"\"\\^ \" \"\\^\n\"", 11, "string@1:1='\\x00' string@1:7='\\x0A' | end=2:2"},
    {"\"\\^\304\200\"", 6, "string@1:1='\\x00' | end=1:6"},
    {"\"\\e\\d\\s\\v\\b\\f\\r\\z\\'\\\"\"", 22,
     "string@1:1='\\x1B\\x7F \\x0B\\x08\\x0C\\x0Dz\\x27\"' | end=1:23"},
    {"$\\^\?", 4, "char@1:1=31 | end=1:5"},
    {"\"\\1234\\18\\8\"", 12, "string@1:1='S4\\x0188' | end=1:13"},
    {"\"\\x{000000041}\"", 15, "string@1:1='A' | end=1:16"},
    {"\"\\x{}\"", 6, "error@1:2-1:6 illegal character"},
    {"\"\\x{g}\"", 7, "error@1:2-1:5 illegal character"},
    {"\"\\xg\"", 5, "error@1:2-1:4 illegal character"},
    {"\"\\x4g\"", 6, "error@1:2-1:4 illegal character"},
    {"\"\\x", 3, "error@1:1-1:4 unterminated string starting with \"\""},
    {"\"\\x{4", 5, "error@1:1-1:6 unterminated string starting with \"\""},
    {"\"\\1", 3, "error@1:1-1:4 unterminated string starting with \"\\x5C001\""},
    {"\"\\12", 4, "error@1:1-1:5 unterminated string starting with \"\\x5Cn\""},
    {"\"\\^", 3, "error@1:1-1:4 unterminated string starting with \"\""},
    {"'", 1, "error@1:1-1:2 unterminated atom starting with \\x27\\x27"},
    {"a'", 2, "error@1:2-1:3 unterminated atom starting with \\x27\\x27"},
    {"maybe else", 10, "atom@1:1='maybe' atom@1:7='else' | end=1:11"},
    {"a@b@", 4, "atom@1:1='a@b@' | end=1:5"},
    {"a\303\251", 3, "atom@1:1='a\\xC3\\xA9' | end=1:3"},
    {"\303\211a", 3, "var@1:1='\\xC3\\x89a' | end=1:3"},
    {"\303\237a", 3, "atom@1:1='\\xC3\\x9Fa' | end=1:3"},
    {"\303\277", 2, "atom@1:1='\\xC3\\xBF' | end=1:2"},
    {"_1", 2, "var@1:1='_1' | end=1:3"},
    {"0.1", 3, "float@1:1=3FB999999999999A | end=1:4"},
    {"00012", 5, "integer@1:1=12 | end=1:6"},
    {"1e5", 3, "integer@1:1=1 atom@1:2='e5' | end=1:4"},
    {"1.5E10", 6, "float@1:1=420BF08EB0000000 | end=1:7"},
    {"2#102", 5, "integer@1:1=2 integer@1:5=2 | end=1:6"},
    {"2#1_0_1", 7, "integer@1:1=5 | end=1:8"},
    {"2#1__0", 6, "integer@1:1=1 var@1:4='__0' | end=1:7"},
    {"16#Ff.5", 7, "integer@1:1=255 .@1:6 integer@1:7=5 | end=1:8"},
    {"16#1.0", 6, "integer@1:1=1 .@1:5 integer@1:6=0 | end=1:7"},
    {"1.0.0", 5, "float@1:1=3FF0000000000000 .@1:4 integer@1:5=0 | end=1:6"},
    {"9999999999999999999999999999999999", 34, "integer@1:1=9999999999999999999999999999999999 | end=1:35"},
    {"36#ZZZZZZZZZZZZZZZZZZZZZZZZZZZ", 30,
     "integer@1:1=1047532535594334222593508922191671036215295 | end=1:31"},
    {"\"a\" \"b\"", 7, "string@1:1='a' string@1:5='b' | end=1:8"},
    {"a\014b", 3, "atom@1:1='a' atom@1:3='b' | end=1:4"},
    {"a\000b", 3, "atom@1:1='a' atom@1:3='b' | end=1:4"},
    {"a\177b", 3, "atom@1:1='a' \\x7F@1:2 atom@1:3='b' | end=1:4"},
    {"'\\x{110000}'", 12, "error@1:2-1:12 illegal character"},
    {"'\\x{D800}", 9, "error@1:2-1:10 illegal character"},
    {"=:= =/= =< >= ++ -- << >> -> || <- <= => := :: .. ... # \? ! | \?= == /= < > = : ; * / + - @ \\ ^ ` ~ "
     "& ",
     101,
     "=:=@1:1 =/=@1:5 =<@1:9 >=@1:12 ++@1:15 --@1:18 <<@1:21 >>@1:24 ->@1:27 ||@1:30 <-@1:33 <=@1:36 =>@1:39 "
     ":=@1:42 ::@1:45 ..@1:48 ...@1:51 #@1:55 \?@1:57 !@1:59 |@1:61 \?=@1:63 ==@1:66 /=@1:69 <@1:72 >@1:74 "
     "=@1:76 :@1:78 ;@1:80 *@1:82 /@1:84 +@1:86 -@1:88 @@1:90 \\x5C@1:92 ^@1:94 `@1:96 ~@1:98 &@1:100 | "
     "end=1:102"},
    {"=:a =/b =<< ==> -->> <<= >>= ::= :== \?== ||| ...", 48,
     "=@1:1 :@1:2 atom@1:3='a' =@1:5 /@1:6 atom@1:7='b' =<@1:9 <@1:11 ==@1:13 >@1:15 --@1:17 >>@1:19 <<@1:22 "
     "=@1:24 >>@1:26 =@1:28 ::@1:30 =@1:32 :=@1:34 =@1:36 \?=@1:38 =@1:40 ||@1:42 |@1:44 ...@1:46 | "
     "end=1:49"},
    {"after and andalso band begin bnot bor bsl bsr bxor case catch cond div end fun if let not of or orelse "
     "receive rem try when xor",
     127,
     "after@1:1 and@1:7 andalso@1:11 band@1:19 begin@1:24 bnot@1:30 bor@1:35 bsl@1:39 bsr@1:43 bxor@1:47 "
     "case@1:52 catch@1:57 cond@1:63 div@1:68 end@1:72 fun@1:76 if@1:80 let@1:83 not@1:87 of@1:91 or@1:94 "
     "orelse@1:97 receive@1:104 rem@1:112 try@1:116 when@1:120 xor@1:125 | end=1:128"},
    {"'after' 'a b' '' 'end' end Foo _ _Foo Foo@1 x@y", 47,
     "atom@1:1='after' atom@1:9='a b' atom@1:15='' atom@1:18='end' end@1:24 var@1:28='Foo' var@1:32='_' "
     "var@1:34='_Foo' var@1:39='Foo@1' atom@1:45='x@y' | end=1:48"},
    {"\"abcdefghijklmn\015\nopqrstu", 24,
     "error@1:1-2:8 unterminated string starting with \"abcdefghijklmn\\x5Cr\\x5Cno\""},
    {"\"abcdefghijklmno\015\npqrstu", 24,
     "error@1:1-2:7 unterminated string starting with \"abcdefghijklmno\\x5Cr\\x5Cn\""},
    {"\"e\314\201bcdefghijklmnopqrstu", 24,
     "error@1:1-1:24 unterminated string starting with \"e\\xCC\\x81bcdefghijklmnop\""},
    {"\"\\000\\200\\237\302\240\\177\\\\\\\"'", 24,
     "error@1:1-1:24 unterminated string starting with "
     "\"\\x5C000\\x5C200\\x5C237\\xC2\\xA0\\x5Cd\\x5C\\x5C\\x5C\"\\x27\""},
    {"'a\\'\\\"\303\251\304\200", 10,
     "error@1:1-1:9 unterminated atom starting with \\x27a\\x5C\\x27\"\\xC3\\xA9\\xC4\\x80\\x27"},
    {"%", 1, " | end=1:2"},
    {"$\\^\n", 4, "char@1:1=10 | end=2:1"},
    {"$\\\n", 3, "char@1:1=10 | end=2:1"},
    {"\"\\^\nx\" y", 8, "string@1:1='\\x0Ax' atom@2:4='y' | end=2:5"},
    {"2.5e-320 4.9e-324 2.4e-324 2.5e-324 1.0e-400 1.7976931348623157e308 "
     "0.1000000000000000055511151231257827021181583404541015625",
     125,
     "float@1:1=00000000000013C4 float@1:10=0000000000000001 float@1:19=0000000000000000 "
     "float@1:28=0000000000000001 float@1:37=0000000000000000 float@1:46=7FEFFFFFFFFFFFFF "
     "float@1:69=3FB999999999999A | end=1:126"},
    {"1.7976931348623158e308", 22, "float@1:1=7FEFFFFFFFFFFFFF | end=1:23"},
    {"1.7976931348623159e308", 22, "error@1:1-1:23 illegal float"},
    {"1.0else", 7, "error@1:1-1:5 illegal float"},
    {"1.0e+", 5, "error@1:1-1:6 illegal float"},
    {"1.0E-7", 6, "float@1:1=3E7AD7F29ABCAF48 | end=1:7"},
    {"$a$b$c", 6, "char@1:1=97 char@1:3=98 char@1:5=99 | end=1:7"},
    {"$$$", 3, "error@1:3-1:4 unterminated character"},
    {"$'$\"", 4, "char@1:1=39 char@1:3=34 | end=1:5"},
    {"% only\n% comments", 17, " | end=2:11"},
    {"a %\304\200\303\251 ok\nb", 12, "atom@1:1='a' atom@2:1='b' | end=2:2"},
    {"\"\344\270\255\346\226\207\" '\344\270\255' $\344\270\255", 19,
     "string@1:1='\\xE4\\xB8\\xAD\\xE6\\x96\\x87' atom@1:6='\\xE4\\xB8\\xAD' char@1:10=20013 | end=1:12"},
    {"\344\270\255", 3, "error@1:1-1:2 illegal character"},
    {"'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'",
     257,
     "atom@1:1='"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | end=1:258"},
    {"'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'",
     258, "error@1:1-1:259 illegal atom"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     255,
     "atom@1:1='"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | end=1:256"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b",
     258, "error@1:1-1:257 illegal atom"},
    {"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
     "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
     "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
     256, "error@1:1-1:257 illegal var"},
    {"'\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344"
     "\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270"
     "\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255"
     "\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255\344\270\255'",
     770, "error@1:1-1:259 illegal atom"},
    {"$\\x{10FFFF}", 11, "char@1:1=1114111 | end=1:12"},
    {"$\\x{110000}", 11, "error@1:1-1:12 illegal character"},
    {"$\\777", 5, "char@1:1=511 | end=1:6"},
    {"$\\400", 5, "char@1:1=256 | end=1:6"},
    {"\"\\x{ 41}\"", 9, "error@1:2-1:5 illegal character"},
    {"\"\\x{41 }\"", 9, "error@1:2-1:7 illegal character"},
    {"\"\\x{4G}\"", 8, "error@1:2-1:6 illegal character"},
    {"\"a\\", 3, "error@1:1-1:4 unterminated string starting with \"a\""},
    {"'a\\", 3, "error@1:1-1:4 unterminated atom starting with \\x27a\\x27"},
    {"$\\x{", 4, "error@1:1-1:5 unterminated character"},
    {"$\\x", 3, "error@1:1-1:4 unterminated character"},
    {"$\\x{4", 5, "error@1:1-1:6 unterminated character"},
    {"'abc\\x{", 7, "error@1:1-1:8 unterminated atom starting with \\x27abc\\x27"},
    {"\"\\^\\^\"", 6, "string@1:1='\\x1C^' | end=1:7"},
    {"fun(X)->X+1 end.", 16,
     "fun@1:1 (@1:4 var@1:5='X' )@1:6 ->@1:7 var@1:9='X' +@1:10 integer@1:11=1 end@1:13 dot@1:16 | end=1:17"},
    {"#{a=>1}#{a:=2}.", 15,
     "#@1:1 {@1:2 atom@1:3='a' =>@1:4 integer@1:6=1 }@1:7 #@1:8 {@1:9 atom@1:10='a' :=@1:11 integer@1:13=2 "
     "}@1:14 dot@1:15 | end=1:16"},
    {"<<1:8/integer-unit:1,2/little>>.", 32,
     "<<@1:1 integer@1:3=1 :@1:4 integer@1:5=8 /@1:6 atom@1:7='integer' -@1:14 atom@1:15='unit' :@1:19 "
     "integer@1:20=1 ,@1:21 integer@1:22=2 /@1:23 atom@1:24='little' >>@1:30 dot@1:32 | end=1:33"},
    {"a.%x", 4, "atom@1:1='a' dot@1:2 | end=1:5"},
    {"a.\015\n", 4, "atom@1:1='a' dot@1:2 | end=2:1"},
    {"a.\302\240b", 5, "atom@1:1='a' dot@1:2 atom@1:4='b' | end=1:5"},
    {"a.\304\200", 4, "error@1:3-1:4 illegal character"},
    {"1.\n2", 4, "integer@1:1=1 dot@1:2 integer@2:1=2 | end=2:2"},
    {"1..2", 4, "integer@1:1=1 ..@1:2 integer@1:4=2 | end=1:5"},
    {"1...2", 5, "integer@1:1=1 ...@1:2 integer@1:5=2 | end=1:6"},
    {"16#1_F_ab_C", 11, "integer@1:1=129724 | end=1:12"},
    {"16#_1", 5, "error@1:1-1:4 illegal integer"},
    {"2#_1", 4, "error@1:1-1:3 illegal integer"},
    {"1_000_000.000_001e-0_1", 22, "float@1:1=40F86A0000001AD8 | end=1:23"},
    {"0.0e0", 5, "float@1:1=0000000000000000 | end=1:6"},
    {"0e0", 3, "integer@1:1=0 atom@1:2='e0' | end=1:4"},
    {"0.e0", 4, "integer@1:1=0 .@1:2 atom@1:3='e0' | end=1:5"},
    {"1.0e00000000000000000000000001", 30, "float@1:1=4024000000000000 | end=1:31"},
    {"1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000.0",
     403, "error@1:1-1:404 illegal float"},
    {"0."
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
     403, "float@1:1=0000000000000000 | end=1:404"},
    {"\015\n\015\na", 5, "atom@3:1='a' | end=3:2"},
    {"a\342\200\250b", 5, "error@1:2-1:3 illegal character"},
    {"\302\255", 2, "\\xC2\\xAD@1:1 | end=1:2"},
    {"\302\277\303\200", 4, "\\xC2\\xBF@1:1 var@1:2='\\xC3\\x80' | end=1:3"},
    {"\001a", 2, "atom@1:2='a' | end=1:3"},
    {"a.\000b", 4, "atom@1:1='a' dot@1:2 atom@1:4='b' | end=1:5"},
    {"a\355\240\200b", 5, "error@1:2-1:3 illegal character"},
    {"\"a\355\240\200b\"", 7, "error@1:3-1:4 illegal character"},
    {"$\355\240\200", 4, "error@1:1-1:2 illegal character"},
    {"%a\355\240\200\nb", 7, "error@1:1-1:4 illegal character"},
    {"'\\\355\240\200'", 6, "error@1:2-1:4 illegal character"},
    {"\"\\^\355\240\200\"", 7, "string@1:1='\\x00' | end=1:6"},
    {"a\357\277\277b", 5, "error@1:2-1:3 illegal character"},
    {"\"\357\277\276\"", 5, "error@1:2-1:3 illegal character"},
    {"$\357\277\277", 4, "error@1:1-1:2 illegal character"},
    {"$\\\357\277\277", 5, "error@1:1-1:4 illegal character"},
    {" \"s\"\\^", 6, "string@1:2='s' \\x5C@1:5 ^@1:6 | end=1:7"},
    {"|", 1, "|@1:1 | end=1:2"},
    {"{1_(\n", 5, "{@1:1 integer@1:2=1 var@1:3='_' (@1:4 | end=2:1"},
    {"}", 1, "}@1:1 | end=1:2"},
    {"*", 1, "*@1:1 | end=1:2"},
    {"-'a'x", 5, "-@1:1 atom@1:2='a' atom@1:5='x' | end=1:6"},
    {"]>\"s\"\t}'=$", 10, "error@1:8-1:11 unterminated atom starting with \\x27=$\\x27"},
    {"a\?@#]e]\\x{]", 11,
     "atom@1:1='a' \?@1:2 @@1:3 #@1:4 ]@1:5 atom@1:6='e' ]@1:7 \\x5C@1:8 atom@1:9='x' {@1:10 ]@1:11 | "
     "end=1:12"},
    {"\"s\"a", 4, "string@1:1='s' atom@1:4='a' | end=1:5"},
    {"E\t\304\200", 4, "error@1:3-1:4 illegal character"},
    {"=@\n#{}\302\240\302\241", 10, "=@1:1 @@1:2 #@2:1 {@2:2 }@2:3 \\xC2\\xA1@2:5 | end=2:6"},
    {"A!\"/^\\x{z\?e'", 12, "error@1:6-1:9 illegal character"},
    {"\t^E\"!!=@\344\270\255\"end", 15,
     "^@1:2 var@1:3='E' string@1:4='!!=@\\xE4\\xB8\\xAD' end@1:11 | end=1:14"},
    {":end<(\"s\"x\n<z", 13,
     ":@1:1 end@1:2 <@1:5 (@1:6 string@1:7='s' atom@1:10='x' <@2:1 atom@2:2='z' | end=2:3"},
    {"xx[a\n1_z\\x{-", 12,
     "atom@1:1='xx' [@1:3 atom@1:4='a' integer@2:1=1 var@2:2='_z' \\x5C@2:4 atom@2:5='x' {@2:6 -@2:7 | "
     "end=2:8"},
    {"]:@A %", 6, "]@1:1 :@1:2 @@1:3 var@1:4='A' | end=1:7"},
    {"\303\211)E<", 5, "var@1:1='\\xC3\\x89' )@1:2 var@1:3='E' <@1:4 | end=1:5"},
    {")\?E \304\200.'", 8, "error@1:5-1:6 illegal character"},
    {"E9>ZE-", 6, "var@1:1='E9' >@1:3 var@1:4='ZE' -@1:6 | end=1:7"},
    {"{\"'$$;$#@", 9, "error@1:2-1:10 unterminated string starting with \"\\x27$$;$#@\""},
    {"_\"", 2, "error@1:2-1:3 unterminated string starting with \"\""},
    {"z\303\251end1_/\"s\":))!#", 17,
     "atom@1:1='z\\xC3\\xA9end1_' /@1:8 string@1:9='s' :@1:12 )@1:13 )@1:14 !@1:15 #@1:16 | end=1:17"},
    {"]\n\\^", 4, "]@1:1 \\x5C@2:1 ^@2:2 | end=2:3"},
    {"#\\]=z:", 6, "#@1:1 \\x5C@1:2 ]@1:3 =@1:4 atom@1:5='z' :@1:6 | end=1:7"},
    {"\015\344\270\255\302\241(A-.(", 11, "error@1:2-1:3 illegal character"},
    {"=/*)\344\270\25516#z;_A<", 15, "error@1:5-1:6 illegal character"},
    {"-#", 2, "-@1:1 #@1:2 | end=1:3"},
    {"A'a'\\^%\304\200'", 10, "var@1:1='A' atom@1:2='a' \\x5C@1:5 ^@1:6 | end=1:10"},
    {"}\303\251$zz*>", 8, "}@1:1 atom@1:2='\\xC3\\xA9' char@1:3=122 atom@1:5='z' *@1:6 >@1:7 | end=1:8"},
    {".", 1, "dot@1:1 | end=1:2"},
    {"%\302\240 +/", 6, " | end=1:6"},
    {"]\302\240E", 4, "]@1:1 var@1:3='E' | end=1:4"},
    {">\\\t\"s\"\"s\"\015{%e\"", 14, ">@1:1 \\x5C@1:2 string@1:4='s' string@1:7='s' {@1:11 | end=1:15"},
    {"}}.-", 4, "}@1:1 }@1:2 .@1:3 -@1:4 | end=1:5"},
    {"\\^|z)}", 6, "\\x5C@1:1 ^@1:2 |@1:3 atom@1:4='z' )@1:5 }@1:6 | end=1:7"},
    {"a\"s\"", 4, "atom@1:1='a' string@1:2='s' | end=1:5"},
    {"16#1_", 5, "integer@1:1=1 var@1:5='_' | end=1:6"},
    {":: ", 3, "::@1:1 | end=1:4"},
    {"\t<$\\x{:\303\251:[{\\", 13, "error@1:3-1:7 illegal character"},
    {"|[E16#/|=\015;\n.", 13, "|@1:1 [@1:2 var@1:3='E16' #@1:6 /@1:7 |@1:8 =@1:9 ;@1:11 dot@2:1 | end=2:2"},
    {"\\^end[E16#%-=\302\2410", 16, "\\x5C@1:1 ^@1:2 end@1:3 [@1:6 var@1:7='E16' #@1:10 | end=1:16"},
    {"^[x\n!e +\"s\">", 12,
     "^@1:1 [@1:2 atom@1:3='x' !@2:1 atom@2:2='e' +@2:4 string@2:5='s' >@2:8 | end=2:9"},
    {"_\\\"s\"-.)\303\251", 10,
     "var@1:1='_' \\x5C@1:2 string@1:3='s' -@1:6 .@1:7 )@1:8 atom@1:9='\\xC3\\xA9' | end=1:10"},
    {".9[eend\\  >a=", 13,
     ".@1:1 integer@1:2=9 [@1:3 atom@1:4='eend' \\x5C@1:8 >@1:11 atom@1:12='a' =@1:13 | end=1:14"},
    {"z\\\\;#/", 6, "atom@1:1='z' \\x5C@1:2 \\x5C@1:3 ;@1:4 #@1:5 /@1:6 | end=1:7"},
    {"Z('+{E%,*!", 10, "error@1:3-1:11 unterminated atom starting with \\x27+{E%,*!\\x27"},
    {"x-!e", 4, "atom@1:1='x' -@1:2 !@1:3 atom@1:4='e' | end=1:5"},
    {":", 1, ":@1:1 | end=1:2"},
    {"--", 2, "--@1:1 | end=1:3"},
    {"\?\344\270\255\\x{>\t\\", 10, "error@1:2-1:3 illegal character"},
    {"(%^.", 4, "(@1:1 | end=1:5"},
    {"\303\251=", 3, "atom@1:1='\\xC3\\xA9' =@1:2 | end=1:3"},
    {"\\e'-,+", 6, "error@1:3-1:7 unterminated atom starting with \\x27-,+\\x27"},
    {".\302\240\\^ ", 6, "dot@1:1 \\x5C@1:3 ^@1:4 | end=1:6"},
    {",}\?", 3, ",@1:1 }@1:2 \?@1:3 | end=1:4"},
    {"\\:", 2, "\\x5C@1:1 :@1:2 | end=1:3"},
    {"[\015", 2, "[@1:1 | end=1:3"},
    {"\\x{\n\t\344\270\255Z\t)\\16#.1_\015", 19, "error@2:2-2:3 illegal character"},
    {"_E=,'\?=16#)", 11, "error@1:5-1:12 unterminated atom starting with \\x27\?=16#)\\x27"},
    {"\303\211\"", 3, "error@1:2-1:3 unterminated string starting with \"\""},
    {"%", 1, " | end=1:2"},
    {"\\^a*", 4, "\\x5C@1:1 ^@1:2 atom@1:3='a' *@1:4 | end=1:5"},
    {"e\?\303\211,9$16#=;\\x{#x", 17, "error@1:8-1:10 illegal integer"},
    {"'a'0", 4, "atom@1:1='a' integer@1:4=0 | end=1:5"},
    {"\n$==*", 5, "char@2:1=61 =@2:3 *@2:4 | end=2:5"},
    {"#\015\":\"91_0", 9, "#@1:1 string@1:3=':' integer@1:6=910 | end=1:10"},
    {"\304\200+\303\251|\302\241;'@]\303\211\"s\"E", 18, "error@1:1-1:2 illegal character"},
    {"\344\270\255\"\302\241", 6, "error@1:1-1:2 illegal character"},
    {"\n\"s\"{", 5, "string@2:1='s' {@2:4 | end=2:5"},
    {"x;", 2, "atom@1:1='x' ;@1:2 | end=1:3"},
    {"ez\303\211\344\270\255|_", 9, "error@1:4-1:5 illegal character"},
    {"\\#a!-*zend#*", 12,
     "\\x5C@1:1 #@1:2 atom@1:3='a' !@1:4 -@1:5 *@1:6 atom@1:7='zend' #@1:11 *@1:12 | end=1:13"},
    {"((", 2, "(@1:1 (@1:2 | end=1:3"},
    {"]Z", 2, "]@1:1 var@1:2='Z' | end=1:3"},
    {"e*", 2, "atom@1:1='e' *@1:2 | end=1:3"},
    {"@", 1, "@@1:1 | end=1:2"},
    {")1_1_-\344\270\255 >_)\t\303\2519", 17, "error@1:7-1:8 illegal character"},
    {"'\304\200end\\^#_", 10,
     "error@1:1-1:10 unterminated atom starting with \\x27\\xC4\\x80end\\x5C003_\\x27"},
    {"16#)", 4, "error@1:1-1:4 illegal integer"},
    {"\304\200/", 3, "error@1:1-1:2 illegal character"},
    {")", 1, ")@1:1 | end=1:2"},
    {"_\n\\.[", 5, "var@1:1='_' \\x5C@2:1 .@2:2 [@2:3 | end=2:4"},
    {"=z-E!", 5, "=@1:1 atom@1:2='z' -@1:3 var@1:4='E' !@1:5 | end=1:6"},
    {"'a'", 3, "atom@1:1='a' | end=1:4"},
    {"\"s\"a%\303\211#;,", 10, "string@1:1='s' atom@1:4='a' | end=1:10"},
    {"\t!16#$+\\,!-0E", 13, "error@1:3-1:6 illegal integer"},
    {". a\344\270\255\303\211:\344\270\255\304\200$^0", 17, "error@1:4-1:5 illegal character"},
    {"}@", 2, "}@1:1 @@1:2 | end=1:3"},
    {"_):)E*>!'{e", 11, "error@1:9-1:12 unterminated atom starting with \\x27{e\\x27"},
    {"'a'(!E\nE", 8, "atom@1:1='a' (@1:4 !@1:5 var@1:6='E' var@2:1='E' | end=2:2"},
    {"^9a-@]\015", 7, "^@1:1 integer@1:2=9 atom@1:3='a' -@1:4 @@1:5 ]@1:6 | end=1:8"},
    {"'\n", 2, "error@1:1-2:1 unterminated atom starting with \\x27\\x5Cn\\x27"},
    {".(#;.", 5, ".@1:1 (@1:2 #@1:3 ;@1:4 dot@1:5 | end=1:6"},
    {"_\303\251-*e>):A'", 11, "error@1:10-1:11 unterminated atom starting with \\x27\\x27"},
    {"'\303\211^^!(/\"s\"]", 12,
     "error@1:1-1:12 unterminated atom starting with \\x27\\xC3\\x89^^!(/\"s\"]\\x27"},
    {"<;+]0", 5, "<@1:1 ;@1:2 +@1:3 ]@1:4 integer@1:5=0 | end=1:6"},
    {"\n \303\2119(1_9$#[end\344\270\255", 18, "error@2:14-2:15 illegal character"},
    {".-'9.,9\302\240x", 10, "error@1:3-1:10 unterminated atom starting with \\x279.,9\\xC2\\xA0x\\x27"},
    {"-", 1, "-@1:1 | end=1:2"},
    {";) -E\302\241", 7, ";@1:1 )@1:2 -@1:4 var@1:5='E' \\xC2\\xA1@1:6 | end=1:7"},
    {"1_[1_(.end", 10,
     "integer@1:1=1 var@1:2='_' [@1:3 integer@1:4=1 var@1:5='_' (@1:6 .@1:7 end@1:8 | end=1:11"},
    {"endxA", 5, "atom@1:1='endxA' | end=1:6"},
    {"99Z\t@,]", 7, "integer@1:1=99 var@1:3='Z' @@1:5 ,@1:6 ]@1:7 | end=1:8"},
    {"e\t", 2, "atom@1:1='e' | end=1:3"},
    {"0.!^Z", 5, "integer@1:1=0 .@1:2 !@1:3 ^@1:4 var@1:5='Z' | end=1:6"},
    {"'}\015ae{\\\?16#", 11, "error@1:1-1:12 unterminated atom starting with \\x27}\\x5Crae{\?16#\\x27"},
    {"))\\^%\\x{_<", 10, ")@1:1 )@1:2 \\x5C@1:3 ^@1:4 | end=1:11"},
    {":\n\\^,|", 6, ":@1:1 \\x5C@2:1 ^@2:2 ,@2:3 |@2:4 | end=2:5"},
    {"%*.end\\^}e\304\200;.", 14, " | end=1:14"},
    {"Z\015\"s\" >%;x\302\241A:", 14, "var@1:1='Z' string@1:3='s' >@1:7 | end=1:14"},
    {"_|#[;\n916#", 10, "error@2:1-2:4 illegal base \\x27916\\x27"},
    {"'+x", 3, "error@1:1-1:4 unterminated atom starting with \\x27+x\\x27"},
    {"\\^\?Z\302\241\\^\015\302\241\n\?/<", 15,
     "\\x5C@1:1 ^@1:2 \?@1:3 var@1:4='Z' \\xC2\\xA1@1:5 \\x5C@1:6 ^@1:7 \\xC2\\xA1@1:9 \?@2:1 /@2:2 <@2:3 | "
     "end=2:4"},
    {"=e#/;\303\251(\"s\"", 11,
     "=@1:1 atom@1:2='e' #@1:3 /@1:4 ;@1:5 atom@1:6='\\xC3\\xA9' (@1:7 string@1:8='s' | end=1:11"},
    {")%\304\200\344\270\255A0", 9, ")@1:1 | end=1:7"},
    {"{-#%+\\@\t.\303\251\303\251", 13, "{@1:1 -@1:2 #@1:3 | end=1:12"},
    {" <'a'xZ+>end", 12, "<@1:2 atom@1:3='a' atom@1:6='xZ' +@1:8 >@1:9 end@1:10 | end=1:13"},
    {"!=\304\200\344\270\255'. +", 11, "error@1:3-1:4 illegal character"},
    {"\n;-|;\304\200\t|", 9, "error@2:5-2:6 illegal character"},
    {"{\\x{0", 5, "{@1:1 \\x5C@1:2 atom@1:3='x' {@1:4 integer@1:5=0 | end=1:6"},
};

Test(lex, matches_erl_scan)
{
    for (size_t i = 0; i < sizeof erl_scan_rows / sizeof erl_scan_rows[0]; i++) {
        const row *r = &erl_scan_rows[i];
        char *got = scan_dump(r->src, r->len);
        cr_expect_str_eq(got, r->want, "row %zu: %s", i, r->src);
        free(got);
    }
}

/* The first token of `src`, which must scan. */
static lex_token first_token(lex_state *ls, const char *src)
{
    lex_token t;
    lex_init(ls, src, strlen(src), 1, 1, 0);
    cr_assert(lex_next(ls, &t), "%s: %s", src, ls->error.msg);
    return t;
}

Test(lex, token_values)
{
    lex_state ls;
    lex_token t = first_token(&ls, "16#fF_0 ");
    cr_expect_eq(t.kind, LEX_INTEGER);
    cr_expect_eq(t.base, 16);
    cr_expect_str_eq(t.text, "fF0");
    cr_expect_eq(t.nbytes, 7);
    cr_expect_eq(t.end_col, 8);
    lex_destroy(&ls);

    t = first_token(&ls, "1_000.5e-1_0");
    cr_expect_eq(t.kind, LEX_FLOAT);
    cr_expect_str_eq(t.text, "1000.5e-10");
    cr_expect_eq(t.fval, 1000.5e-10);
    lex_destroy(&ls);

    t = first_token(&ls, "'a\\x{4e2d}\\n'");
    cr_expect_eq(t.kind, LEX_ATOM);
    cr_expect_eq(t.len, 5);
    cr_expect_eq(memcmp(t.text, "a\xe4\xb8\xad\n", 5), 0);
    lex_destroy(&ls);

    t = first_token(&ls, "\"a\\0b\"");
    cr_expect_eq(t.kind, LEX_STRING);
    cr_expect_eq(t.len, 3);
    cr_expect_eq(memcmp(t.text, "a\0b", 3), 0);
    lex_destroy(&ls);

    t = first_token(&ls, "$\\x{10FFFF}");
    cr_expect_eq(t.kind, LEX_CHAR);
    cr_expect_eq(t.ch, 0x10FFFF);
    lex_destroy(&ls);

    t = first_token(&ls, "\xc2\xa1");
    cr_expect_eq(t.kind, LEX_OTHER);
    cr_expect_eq(t.ch, 0xA1);
    lex_destroy(&ls);

    t = first_token(&ls, "receive");
    cr_expect_eq(t.kind, LEX_KW_RECEIVE);
    cr_expect_str_eq(lex_kind_name(t.kind), "receive");
    lex_destroy(&ls);

    t = first_token(&ls, "=/=");
    cr_expect_eq(t.kind, LEX_EXACT_NE);
    lex_destroy(&ls);
}

Test(lex, reserved_words)
{
    cr_expect_eq(lex_reserved_word("andalso", 7), LEX_KW_ANDALSO);
    cr_expect_eq(lex_reserved_word("xor", 3), LEX_KW_XOR);
    cr_expect_eq(lex_reserved_word("cond", 4), LEX_KW_COND);
    cr_expect_eq(lex_reserved_word("maybe", 5), LEX_ATOM); /* a feature, off in OTP 25 */
    cr_expect_eq(lex_reserved_word("else", 4), LEX_ATOM);
    cr_expect_eq(lex_reserved_word("ends", 4), LEX_ATOM);
    cr_expect_eq(lex_reserved_word("", 0), LEX_ATOM);
}

Test(lex, plain_atoms)
{
    /* hd(io_lib:write_atom(list_to_atom(S))) =/= $' in erl */
    static const struct {
        const char *utf8;
        bool plain;
    } rows[] = {
        {"ok", true},        {"a@b_1", true},      {"\xC3\x9F\xC3\x80", true}, /* ßÀ */
        {"maybe", true},     {"\xC3\xBF" "9", true}, {"\xC3\xA9", true},    /* ÿ9, é */
        {"", false},         {"receive", false},   {"Abc", false},
        {"a-b", false},      {"a\xC3\x97", false}, {"\xC3\xB7", false},     /* a×, ÷ */
        {"_a", false},       {"a\xE2\x82\xAC", false}, {"a b", false},       /* a€ */
        {"a\\", false},     {"a\xC2\x85", false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        cr_expect_eq(lex_atom_is_plain(rows[i].utf8, strlen(rows[i].utf8)), rows[i].plain, "row %zu", i);
}

/* lex_token_text is yecctoken2string/1; checked in erl with
 * erl_parse:parse_term of the tokens of "{a TOKEN" (of "{a, TOKEN" for
 * punctuation and keywords). */
Test(lex, token_text_as_erl_parse_shows_it)
{
    static const struct {
        const char *src, *want;
    } rows[] = {
        {"1.5", "1.5"},
        {"$ ", "$\\s"},
        {"$\n", "$\\n"},
        {"$\\x{100}", "$\xc4\x80"},
        {"$\\x{9f}", "$\\237"},
        {"$'", "$'"},
        {"$\\\\", "$\\\\"},
        {"\"a\\tb\\x{100}\\x{9f}\\x{a0}\\\"'\\\\\"", "\"a\\tb\xc4\x80\\237\xc2\xa0\\\"'\\\\\""},
        {"'a b'", "'a b'"},
        {"'end'", "'end'"},
        {"a\xc3\xa9", "a\xc3\xa9"},
        {"'Abc'", "'Abc'"},
        {"'a@b'", "a@b"},
        {"''", "''"},
        {"16#ff", "255"},
        {"0012", "12"},
        {"12345678901234567890123", "12345678901234567890123"},
        {"1.0e100", "1.0e100"},
        {"0.001", "0.001"},
        {"1.0e-5", "1.0e-5"},
        {"123456789.0", "123456789.0"},
        {"1.0e15", "1.0e15"},
        {"100.0", "100.0"},
        {"1000.0", "1.0e3"},
        {"9007199254740993.0", "9.007199254740992e15"},
        {"123456789012345678.0", "1.2345678901234568e17"},
        {"X", "X"},
        {"_", "_"},
        {". ", "'.'"},
        {".a", "'.'"},
        {"=:=", "'=:='"},
        {"[", "'['"},
        {"fun", "'fun'"},
        {"'\\x{7f}'", "'\\d'"},
        {"'a\\nb'", "'a\\nb'"},
        {"\xc2\xa1", "'\xc2\xa1'"},
        {"@", "'@'"},
        {"\xc3\x97", "'\xc3\x97'"},
        {"...", "'...'"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        lex_state ls;
        lex_token t = first_token(&ls, rows[i].src);
        char buf[128];
        size_t n = lex_token_text(&t, buf, sizeof buf);
        cr_expect_str_eq(buf, rows[i].want, "%s", rows[i].src);
        cr_expect_eq(n, strlen(rows[i].want));
        lex_destroy(&ls);
    }
}

Test(lex, token_text_is_cut_to_the_buffer)
{
    lex_state ls;
    lex_token t = first_token(&ls, "\"\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\"");
    char buf[10];
    size_t n = lex_token_text(&t, buf, sizeof buf);
    /* never half a character: "\"中" is 4 bytes, then "..." */
    cr_expect_str_eq(buf, "\"\xe4\xb8\xad...");
    cr_expect_eq(n, 7);
    lex_destroy(&ls);
}

/* erl_scan:tokens/3 goes on after an error from where it stopped; the
 * errors and locations are erl's for this text. */
Test(lex, resumes_where_erl_scan_does)
{
    lex_state ls;
    lex_token t;
    const char *src = "a \xc4\x80 b 37#1 \"x\\qy\\x{110000}\" $";
    lex_init(&ls, src, strlen(src), 1, 1, 0);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_ATOM);
    cr_assert_not(lex_next(&ls, &t));
    cr_expect_eq(ls.error.kind, LEX_ERR_ILLEGAL_CHARACTER);
    cr_expect_eq(ls.error.col, 3);
    cr_assert(lex_next(&ls, &t));
    cr_expect_str_eq(t.text, "b");
    cr_expect_eq(t.col, 5);
    cr_assert_not(lex_next(&ls, &t)); /* the base; goes on at '#' */
    cr_expect_eq(ls.error.kind, LEX_ERR_BASE);
    cr_expect_str_eq(ls.error.msg, "illegal base '37'");
    cr_expect_eq(ls.error.end_col, 9);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_HASH);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_INTEGER);
    cr_assert_not(lex_next(&ls, &t)); /* \x{110000}: from the backslash */
    cr_expect_eq(ls.error.kind, LEX_ERR_ILLEGAL_CHARACTER);
    cr_expect_eq(ls.error.col, 17);
    cr_expect_eq(ls.error.end_col, 27);
    cr_assert_not(lex_next(&ls, &t)); /* the closing quote opens a string */
    cr_expect_eq(ls.error.kind, LEX_ERR_STRING);
    cr_expect_eq(ls.error.col, 27);
    cr_expect_eq(ls.error.end_col, 30);
    cr_expect_str_eq(ls.error.msg, "unterminated string starting with \" $\"");
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_EOF);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_EOF);
    lex_destroy(&ls);
}

Test(lex, starts_where_told)
{
    lex_state ls;
    lex_token t;
    lex_init(&ls, "a\n  b", 5, 10, 7, 0);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.line, 10);
    cr_expect_eq(t.col, 7);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.line, 11);
    cr_expect_eq(t.col, 3);
    lex_destroy(&ls);
}

Test(lex, comments_on_request)
{
    lex_state ls;
    lex_token t;
    const char *src = "a % one \xc3\xa9\n%% two";
    lex_init(&ls, src, strlen(src), 1, 1, LEX_OPT_COMMENTS);
    cr_assert(lex_next(&ls, &t));
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_COMMENT);
    cr_expect_str_eq(t.text, "% one \xc3\xa9");
    cr_expect_eq(t.col, 3);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_COMMENT);
    cr_expect_str_eq(t.text, "%% two");
    cr_expect_eq(t.line, 2);
    cr_assert(lex_next(&ls, &t));
    cr_expect_eq(t.kind, LEX_EOF);
    lex_destroy(&ls);
}

/* Invalid UTF-8 has no erl equivalent: each bad byte is one illegal
 * character, one column wide, wherever it is. */
Test(lex, invalid_utf8_is_an_illegal_character)
{
    static const struct {
        const char *src;
        uint32_t col, end_col;
    } rows[] = {
        {"a \xff", 3, 4},      {"\"ab\xc0\x80\"", 4, 5}, {"'\xe4\xb8'", 2, 3},
        {"$\xf8", 1, 2},       {"% \x80\n", 1, 4},       {"\"\\\xfe\"", 2, 4},
        {"\"\\^\xff\"", 2, 5}, {"\xed\xa0\x80", 1, 2},   {"ab\xf4\x90\x80\x80", 3, 4},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        lex_state ls;
        lex_token t;
        lex_init(&ls, rows[i].src, strlen(rows[i].src), 1, 1, 0);
        bool ok = true;
        for (int k = 0; k < 4 && ok; k++)
            ok = lex_next(&ls, &t);
        cr_expect_not(ok, "row %zu", i);
        cr_expect_eq(ls.error.kind, LEX_ERR_ILLEGAL_CHARACTER, "row %zu", i);
        cr_expect_eq(ls.error.col, rows[i].col, "row %zu", i);
        cr_expect_eq(ls.error.end_col, rows[i].end_col, "row %zu", i);
        lex_destroy(&ls);
    }
}

/* Random bytes and random mixes of Erlang's characters: the scanner ends,
 * never reads outside its text (ASan), and always moves on. */
Test(lex, fuzz)
{
    static const char alphabet[] = "[]{}()<>,.|#=:-+/*\"'$%\\^ \n\tAaZz09_@x\xc3\xa9\xe4\xb8\xad\xff\x80";
    rng r = {UINT64_C(0x9E3779B97F4A7C15)};
    uint64_t seed;
    char buf[64];
    for (int iter = 0; iter < 20000; iter++) {
        size_t n = 0, len;
        seed = next_random(&r);
        len = (size_t)(seed >> 58);
        for (n = 0; n < len; n++) {
            seed = next_random(&r);
            buf[n] = iter & 1 ? (char)(seed >> 56) : alphabet[(seed >> 33) % (sizeof alphabet - 1)];
        }
        char *src = malloc(len ? len : 1); /* exactly len bytes: ASan sees overreads */
        memcpy(src, buf, len);
        lex_state ls;
        lex_token t;
        lex_init(&ls, src, len, 1, 1, iter % 3 == 0 ? LEX_OPT_COMMENTS : 0);
        size_t steps = 0, last = 0;
        for (;;) {
            bool ok = lex_next(&ls, &t);
            cr_assert(ls.pos <= len);
            if (ok && t.kind == LEX_EOF)
                break;
            cr_assert(ls.pos > last || !ok, "no progress on iteration %d", iter);
            last = ls.pos;
            cr_assert(++steps <= len + 1);
            if (ok) {
                char text[64];
                lex_token_text(&t, text, sizeof text);
            }
        }
        lex_destroy(&ls);
        free(src);
    }
}
