/* test_pretty.c: ~p, ~P and ~tp (fmt_pretty) against OTP 25.
 * Every expected text is erl's own output: check(TEXT, COL, LL, DEPTH, ENC,
 * EXPECTED) asserts that EXPECTED is what
 *   io_lib_pretty:print(T, [{column,COL},{line_length,LL},{depth,DEPTH},{encoding,ENC}])
 * returns (UTF-8 encoded) for the term T that erl_parse reads from TEXT;
 * that call is what io_lib:format("~p") (depth -1, latin1), "~P" and "~tp"
 * (unicode) make, with COL the column the directive starts at and LL the
 * field width (80 by default). ENC URANGE and P_URANGE are ~tp and ~p in an
 * erl started with +pc unicode (unicode_range set); the others are erl's
 * default printable range, +pc latin1. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"
#include "tests/lib/fmt_fixture.h"

/* ENC: bit 0 the t modifier (opts.unicode), bit 1 opts.unicode_range. */
#define LATIN1 0
#define UNICODE 1
#define P_URANGE 2
#define URANGE 3

/* 50 brackets each, cut to size with %.*s. */
static const char OPENS[] = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[";
static const char CLOSES[] = "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]";


TestSuite(pretty, .init = fx_setup, .fini = fx_teardown);

static const char *pretty_term(term_t t, int col, int ll, int depth, int enc)
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.column = col;
    o.line_length = ll;
    o.depth = depth;
    o.unicode = enc & UNICODE;
    o.unicode_range = enc & P_URANGE;
    fmt_buf_reset(&buf);
    fmt_pretty(&buf, t, &o);
    return buf.data;
}

static void check(const char *text, int col, int ll, int depth, int enc, const char *expected)
{
    static const char *const encs[] = {"latin1", "unicode", "latin1, +pc unicode", "unicode, +pc unicode"};
    const char *got = pretty_term(fx_read(text), col, ll, depth, enc);
    cr_expect_str_eq(got, expected, "~p of %s (column %d, line length %d, depth %d, %s):\n%s\nerl:\n%s", text, col,
                     ll, depth, encs[enc & 3], got, expected);
}

Test(pretty, defaults)
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    cr_expect_eq(o.column, 1);
    cr_expect_eq(o.line_length, 80);
    cr_expect_lt(o.depth, 0);
    cr_expect(!o.unicode);
    cr_expect(!o.unicode_range);
}

/* Long lists and tuples wrap at the line length; a list of
 * non-leaves (tuples) goes one per line; tagged tuples indent by the tag,
 * by 4 (TInd 4) when the tag nests too deep, by 1 when even that fails. */
Test(pretty, wrapping)
{
    check("[1,2,3]", 1, 80, -1, LATIN1,
          "[1,2,3]");
    check("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35]", 1, 80, -1, LATIN1,
          "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,\n 29,30,31,32,33,34,35]");
    check("{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35}", 1, 80, -1, LATIN1,
          "{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,\n 29,30,31,32,33,34,35}");
    check("{state,\"some string\",[1,2,3],#{a => 1},<<\"bin\">>,{sub,1,2}}", 1, 40, -1, LATIN1,
          "{state,\"some string\",\n       [1,2,3],\n       #{a => 1},\n       <<\"bin\">>,\n       {sub,1,2}}");
    check("[{apple,1},{banana,2},{cherry,3},{damson,4},{elderberry,5},{fig,6},{grape,7}]", 1, 80, -1, LATIN1,
          "[{apple,1},{banana,2},{cherry,3},{damson,4},{elderberry,5},{fig,6},{grape,7}]");
    check("[aaaa,bbbb,cccc,dddd,eeee,ffff,gggg,hhhh,iiii,jjjj,kkkk,llll,mmmm,nnnn,oooo,pppp]", 1, 30, -1, LATIN1,
          "[aaaa,bbbb,cccc,dddd,eeee,\n ffff,gggg,hhhh,iiii,jjjj,\n kkkk,llll,mmmm,nnnn,oooo,\n pppp]");
    check("{ok,[{a,1},{b,2}]}", 1, 10, -1, LATIN1,
          "{ok,\n [{a,1},\n  {b,\n   2}]}");
    check("{a_rather_long_tag,[1,2,3],{another_long_tag,[4,5,6],{yet_another_tag,[7,8,9]}}}", 1, 40, -1, LATIN1,
          "{a_rather_long_tag,\n    [1,2,3],\n    {another_long_tag,\n        [4,5,6],\n        {yet_another_tag,[7,8,9]}}}");
    check("{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,x}}}}}}}}}}}}}}}}}}}}", 1, 30, -1, LATIN1,
          "{t,\n {t,\n  {t,\n   {t,\n    {t,\n     {t,\n      {t,\n       {t,\n        {t,\n         {t,\n          {t,\n           {t,\n            {t,\n             {t,\n              {t,\n               {t,\n                {t,\n                 {t,\n                  {t,\n                   {t,\n                    x}}}}}}}}}}}}}}}}}}}}");
    check("{tagname,{tagname,{tagname,{tagname,{tagname,{tagname,{tagname,[1,2,3]}}}}}}}", 1, 40, -1, LATIN1,
          "{tagname,\n {tagname,\n  {tagname,\n   {tagname,\n    {tagname,\n     {tagname,{tagname,[1,2,3]}}}}}}}");
    check("[{a,[b,c]},{d,[e,f]}]", 1, 12, -1, LATIN1,
          "[{a,[b,c]},\n {d,[e,\n     f]}]");
    check("#{-124700350191704 => {{foo@bar,-0.5},{'\\'q\\'',#{31177 => #{[] => [{record_name},#{},[]]}}},[]},record_name => {[],[],{}}}", 5, 32, -1, LATIN1,
          "#{-124700350191704 =>\n          {{foo@bar,-0.5},\n           {'\\'q\\'',\n               #{31177 =>\n                     #{[] =>\n                           [{record_name},\n                            #{},\n                            []]}}},\n           []},\n      record_name =>\n          {[],[],{}}}");
}

/* The column the term starts at: continuation lines indent to it; past
 * the line length everything breaks; column < 1 counts as 1; line length
 * 0 writes one line. */
Test(pretty, column)
{
    check("[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa,lambda,mu]", 30, 80, -1, LATIN1,
          "[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,\n                              iota,kappa,lambda,mu]");
    check("[alpha,beta,gamma]", 62, 80, -1, LATIN1,
          "[alpha,beta,\n                                                              gamma]");
    check("{a,[1,2],b}", 100, 80, -1, LATIN1,
          "{a,\n                                                                                                    [1,\n                                                                                                     2],\n                                                                                                    b}");
    check("[1,2,3]", 0, 80, -1, LATIN1,
          "[1,2,3]");
    check("[1,2,3]", -5, 80, -1, LATIN1,
          "[1,2,3]");
    check("[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa,lambda,mu]", 1, 0, -1, LATIN1,
          "[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa,lambda,mu]");
    check("{a,b}", 1, 1, -1, LATIN1,
          "{a,\n b}");
}

/* Printable latin1 lists print as strings (also under ~tp: the
 * printable range is latin1, OTP's default), escaped as write_string
 * does; strings are never broken; a list at depth 1 is [...]. */
Test(pretty, strings)
{
    check("\"hello world\"", 1, 80, -1, LATIN1,
          "\"hello world\"");
    check("\"tab\\there\\nnewline \\\"quoted\\\" back\\\\slash \\r\\v\\b\\f\\e\"", 1, 80, -1, LATIN1,
          "\"tab\\there\\nnewline \\\"quoted\\\" back\\\\slash \\r\\v\\b\\f\\e\"");
    check("[233,232,255,160]", 1, 80, -1, LATIN1,
          "\"\303\251\303\250\303\277\302\240\"");
    check("[233,232,255,160]", 1, 80, -1, UNICODE,
          "\"\303\251\303\250\303\277\302\240\"");
    check("[97,98,99,0]", 1, 80, -1, LATIN1,
          "[97,98,99,0]");
    check("[97,98,127]", 1, 80, -1, LATIN1,
          "[97,98,127]");
    check("[1000,1001]", 1, 80, -1, LATIN1,
          "[1000,1001]");
    check("[1000,1001]", 1, 80, -1, UNICODE,
          "[1000,1001]");
    check("\"a string that is much longer than the line length allows, and is never broken\"", 1, 30, -1, LATIN1,
          "\"a string that is much longer than the line length allows, and is never broken\"");
    check("[\"first string\",\"second string\",\"third string\",\"fourth string\",\"fifth\"]", 1, 40, -1, LATIN1,
          "[\"first string\",\"second string\",\n \"third string\",\"fourth string\",\n \"fifth\"]");
    /* chars, one to escape, then none: a list, laid out */
    check("[104,101,10,300,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29]", 1, 40, -1, LATIN1,
          "[104,101,10,300,1,2,3,4,5,6,7,8,9,10,\n 11,12,13,14,15,16,17,18,19,20,21,22,\n 23,24,25,26,27,28,29]");
    check("\"\"", 1, 80, -1, LATIN1,
          "[]");
    check("\"abc\"", 1, 80, 1, LATIN1,
          "[...]");
    check("[\"abc\",\"def\"]", 1, 80, 2, LATIN1,
          "[[...]|...]");
}

/* Quoting, and chars above 255: \x{...} for ~p, as they are for ~tp. */
Test(pretty, atoms)
{
    check("'hello world'", 1, 80, -1, LATIN1,
          "'hello world'");
    check("['x\\x{3b1}y','Caps','case','',ok]", 1, 80, -1, LATIN1,
          "['x\\x{3B1}y','Caps','case','',ok]");
    check("['x\\x{3b1}y','Caps','case','',ok]", 1, 80, -1, UNICODE,
          "['x\316\261y','Caps','case','',ok]");
    check("['caf\\x{e9}','\\x{e9}t\\x{e9}']", 1, 80, -1, LATIN1,
          "[caf\303\251,\303\251t\303\251]");
}

/* Printable binaries as <<"...">> (never broken), UTF-8 ones as
 * <<"..."/utf8>> under ~tp, others as bytes broken at commas; bitstrings;
 * depth cuts printable binaries to a prefix (when at least depth - 1
 * chars are printable) and byte lists to "...". */
Test(pretty, binaries)
{
    check("<<\"hello\">>", 1, 80, -1, LATIN1,
          "<<\"hello\">>");
    check("<<1,2,3>>", 1, 80, -1, LATIN1,
          "<<1,2,3>>");
    check("<<>>", 1, 80, -1, LATIN1,
          "<<>>");
    check("<<1,2,3:4>>", 1, 80, -1, LATIN1,
          "<<1,2,3:4>>");
    check("<<\"caf\",233>>", 1, 80, -1, LATIN1,
          "<<\"caf\303\251\">>");
    check("<<\"tab\\there\\n\">>", 1, 80, -1, LATIN1,
          "<<\"tab\\there\\n\">>");
    check("<<195,169>>", 1, 80, -1, LATIN1,
          "<<\"\303\203\302\251\">>");
    check("<<195,169>>", 1, 80, -1, UNICODE,
          "<<\"\303\251\"/utf8>>");
    check("<<\"abc\",195,169>>", 1, 80, -1, UNICODE,
          "<<\"abc\303\251\"/utf8>>");
    check("<<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40>>", 1, 40, -1, LATIN1,
          "<<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,\n  15,16,17,18,19,20,21,22,23,24,25,26,\n  27,28,29,30,31,32,33,34,35,36,37,38,\n  39,40>>");
    check("[<<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,1:1>>]", 1, 30, -1, LATIN1,
          "[<<0,1,2,3,4,5,6,7,8,9,10,\n   11,12,13,14,15,16,17,18,\n   19,20,21,22,23,24,25,26,\n   27,28,29,30,31,32,33,34,\n   35,36,37,38,39,40,1:1>>]");
    check("<<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40>>", 1, 20, 14, LATIN1, /* the depth's "..." as the last item */
          "<<0,1,2,3,4,5,6,7,\n  8,9,10,11,12,...>>");
    check("[<<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40>>]", 1, 12, -1, LATIN1, /* 8 columns, the least */
          "[<<0,1,2,3,\n   4,5,6,7,\n   8,9,10,\n   11,12,\n   13,14,\n   15,16,\n   17,18,\n   19,20,\n"
          "   21,22,\n   23,24,\n   25,26,\n   27,28,\n   29,30,\n   31,32,\n   33,34,\n   35,36,\n   37,38,\n   39,40>>]");
    check("<<\"a printable binary that is longer than the line and is never broken\">>", 1, 30, -1, LATIN1,
          "<<\"a printable binary that is longer than the line and is never broken\">>");
    check("<<\"hello world\">>", 1, 80, 3, LATIN1,
          "<<\"hello wo\"...>>");
    check("<<\"hello world\",0>>", 1, 80, 3, LATIN1,
          "<<\"hello wo\"...>>");
    check("<<\"hello\",0,\"world\">>", 1, 80, 3, LATIN1,
          "<<\"hello\"...>>");
    check("<<\"hello\",0,\"world\">>", 1, 80, -1, LATIN1,
          "<<104,101,108,108,111,0,119,111,114,108,100>>");
    check("<<1,2,3>>", 1, 80, 2, LATIN1,
          "<<1,...>>");
    check("<<\"abc\",195,169,\"defghij\">>", 1, 80, 3, UNICODE,
          "<<\"abc\303\251defg\"/utf8...>>");
    check("<<1:1>>", 1, 80, 1, LATIN1,
          "<<...>>");
    check("<<\"ab\",0,1,2>>", 1, 80, 3, LATIN1,
          "<<\"ab\"...>>");
    check("<<\"a\",0,1,2>>", 1, 80, 3, LATIN1,
          "<<97,0,...>>");
    check("<<\"a\",195,169,0,1>>", 1, 80, 3, UNICODE,
          "<<\"a\303\251\"/utf8...>>");
    check("<<\"a\",195,169,0,1>>", 1, 80, 4, UNICODE,
          "<<97,195,169,...>>");
    check("<<1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20>>", 11, 20, -1, LATIN1,
          "<<1,2,3,4,\n            5,6,7,8,\n            9,10,11,\n            12,13,\n            14,15,\n            16,17,\n            18,19,20>>");
    check("<<1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20>>", 1, 20, -1, LATIN1,
          "<<1,2,3,4,5,6,7,8,\n  9,10,11,12,13,14,\n  15,16,17,18,19,20>>");
    check("{key,<<1,22,33,4,55,6,77,8,99,100,111,12,133,14,155,16>>}", 3, 20, -1, LATIN1,
          "{key,<<1,22,33,\n         4,55,6,\n         77,8,99,\n         100,111,\n         12,133,\n         14,155,16>>}");
}

/* The unicode printable range (erl +pc unicode): under ~tp, lists and
 * UTF-8 binaries of any printable code points (not 127..159, surrogates,
 * FFFE, FFFF, above 10FFFF) print as strings, widths counted in grapheme
 * clusters (e + U+0301 is one); ~p stays latin1. The same terms in the
 * default range for contrast. */
Test(pretty, unicode_range)
{
    check("[1087,1088]", 1, 80, -1, URANGE,
          "\"\320\277\321\200\"");
    check("[1087,1088]", 1, 80, -1, P_URANGE,
          "[1087,1088]");
    check("[99,97,102,233,32,1087,1088,10,34]", 1, 80, -1, URANGE,
          "\"caf\303\251 \320\277\321\200\\n\\\"\"");
    check("[101,769]", 1, 80, -1, URANGE,
          "\"e\314\201\"");
    check("[769]", 1, 80, -1, URANGE,
          "\"\314\201\"");
    check("[128512,128513]", 1, 80, -1, URANGE,
          "\"\360\237\230\200\360\237\230\201\"");
    check("[1114111]", 1, 80, -1, URANGE,
          "\"\364\217\277\277\"");
    check("[1087,127]", 1, 80, -1, URANGE,
          "[1087,127]");
    check("[1087,128]", 1, 80, -1, URANGE,
          "[1087,128]");
    check("[1087,55296]", 1, 80, -1, URANGE,
          "[1087,55296]");
    check("[1087,65534]", 1, 80, -1, URANGE,
          "[1087,65534]");
    check("[1087,65535]", 1, 80, -1, URANGE,
          "[1087,65535]");
    check("[1087,1114112]", 1, 80, -1, URANGE,
          "[1087,1114112]");
    check("[1087|1088]", 1, 80, -1, URANGE,
          "[1087|1088]");
    check("[1087,1088,1089,1090,1091,1092]", 1, 80, 3, URANGE,
          "\"\320\277\321\200\321\201\321\202\321\203\321\204\"");
    check("[[1087,1088,1089,1090,1091,1092]]", 1, 80, 2, URANGE,
          "[[...]]");
    check("[1087,1088]", 1, 80, 1, URANGE,
          "[...]");
    check("{[1087,1088],[1089]}", 1, 80, 2, URANGE,
          "{[...],...}");
    check("<<208,191,209,128>>", 1, 80, -1, URANGE,
          "<<\"\320\277\321\200\"/utf8>>");
    check("<<208,191,209,128>>", 1, 80, -1, P_URANGE,
          "<<208,191,209,128>>");
    check("<<101,204,129,101,204,129>>", 1, 80, -1, URANGE,
          "<<\"e\314\201e\314\201\"/utf8>>");
    check("<<208,191,209,128,255>>", 1, 80, -1, URANGE,
          "<<208,191,209,128,255>>");
    check("<<208,191,209,128,0>>", 1, 80, -1, URANGE,
          "<<208,191,209,128,0>>");
    check("<<208,191,209,128,0,1,2,3,4,5,6,7,8>>", 1, 80, 3, URANGE,
          "<<\"\320\277\321\200\"/utf8...>>");
    check("<<208,191,209,128,209,129,209,130,209,131,209,132,209,133,209,134,209,135,209,136,209,137>>", 1, 80, 3, URANGE,
          "<<\"\320\277\321\200\321\201\321\202\321\203\321\204\321\205\321\206\"/utf8...>>");
    check("<<239,191,190>>", 1, 80, -1, URANGE,
          "<<239,191,190>>");
    check("['x\\x{3b1}y',[945]]", 1, 80, -1, URANGE,
          "['x\316\261y',\"\316\261\"]");
    check("['x\\x{3b1}y',[945]]", 1, 80, -1, P_URANGE,
          "['x\\x{3B1}y',[945]]");
    check("[[1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087,1087],[1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088,1088],[1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089,1089]]", 1, 80, -1, URANGE,
          "[\"\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\320\277\",\"\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\321\200\",\n \"\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\"]");
    check("{aaaaaaaa,[[20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320,20320],[101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769],[1089,1089,1089,1089,1089,1089,1089,1089,1089,1089]]}", 1, 80, -1, URANGE,
          "{aaaaaaaa,[\"\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\344\275\240\",\"e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201\",\"\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\321\201\"]}");
    check("[[101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769],[101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769]]", 1, 30, -1, URANGE,
          "[\"e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201\",\"e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201\"]");
    check("[<<101,204,129,101,204,129,101,204,129,101,204,129,101,204,129,101,204,129>>,<<101,204,129,101,204,129,101,204,129,101,204,129,101,204,129,101,204,129>>]", 1, 40, -1, URANGE,
          "[<<\"e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201\"/utf8>>,<<\"e\314\201e\314\201e\314\201e\314\201e\314\201e\314\201\"/utf8>>]");
    check("#{[1087,1088] => <<208,191,209,128>>,[20320,22909] => {[128512],[1080,1081,1082,1083,1084,1085,1086,1087,1088,1089,1090,1091,1092,1093,1094,1095]}}", 1, 40, -1, URANGE,
          "#{\"\320\277\321\200\" => <<\"\320\277\321\200\"/utf8>>,\n  \"\344\275\240\345\245\275\" => {\"\360\237\230\200\",\"\320\270\320\271\320\272\320\273\320\274\320\275\320\276\320\277\321\200\321\201\321\202\321\203\321\204\321\205\321\206\321\207\"}}");
    check("{tag,[1087,1088,1089,1090,1091,1092,1093,1094,1095,1096],[20320,22909,19990,30028,20320,22909,19990,30028],<<240,159,152,128,240,159,152,129>>}", 10, 40, -1, URANGE,
          "{tag,\"\320\277\321\200\321\201\321\202\321\203\321\204\321\205\321\206\321\207\321\210\",\"\344\275\240\345\245\275\344\270\226\347\225\214\344\275\240\345\245\275\344\270\226\347\225\214\",\n              <<\"\360\237\230\200\360\237\230\201\"/utf8>>}");
}

Test(pretty, unicode_range_default)
{
    check("[1087,1088]", 1, 80, -1, UNICODE,
          "[1087,1088]");
    check("<<208,191,209,128>>", 1, 80, -1, UNICODE,
          "<<208,191,209,128>>");
    check("[[101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769],[101,769,101,769,101,769,101,769,101,769,101,769,101,769,101,769]]", 1, 30, -1, UNICODE,
          "[[101,769,101,769,101,769,\n  101,769,101,769,101,769,\n  101,769,101,769],\n [101,769,101,769,101,769,\n  101,769,101,769,101,769,\n  101,769,101,769]]");
}

/* Small and large maps (maps:iterator order), pairs that do not fit
 * break after " =>" with the value indented by TInd, or 4 when TInd is
 * not positive; depth limits. */
Test(pretty, maps)
{
    check("#{a => 1,b => \"two\"}", 1, 80, -1, LATIN1,
          "#{a => 1,b => \"two\"}");
    check("#{}", 1, 80, -1, LATIN1,
          "#{}");
    check("#{key1 => \"a long string value\",key2 => [1,2,3],key3 => {x,y}}", 1, 40, -1, LATIN1,
          "#{key1 => \"a long string value\",\n  key2 => [1,2,3],\n  key3 => {x,y}}");
    check("#{long_key_name => [alpha,beta,gamma,delta,epsilon,zeta,eta,theta]}", 1, 40, -1, LATIN1,
          "#{long_key_name =>\n      [alpha,beta,gamma,delta,epsilon,\n       zeta,eta,theta]}");
    check("#{{compound,key} => #{nested => map},[list,key] => <<\"bin\">>}", 1, 30, -1, LATIN1,
          "#{{compound,key} =>\n      #{nested => map},\n  [list,key] => <<\"bin\">>}");
    check("#{1 => a,2 => b,3 => c,4 => d,5 => e,6 => f,7 => g,8 => h,9 => i,10 => j,11 => k,12 => l,13 => m,14 => n,15 => o,16 => p,17 => q,18 => r,19 => s,20 => t,21 => u,22 => v,23 => w,24 => x,25 => y,26 => z,27 => a,28 => b,29 => c,30 => d,31 => e,32 => f,33 => g}", 1, 80, -1, LATIN1,
          "#{16 => p,18 => r,5 => e,19 => s,27 => a,10 => j,24 => x,4 => d,21 => u,\n  22 => v,17 => q,3 => c,8 => h,1 => a,7 => g,2 => b,14 => n,15 => o,20 => t,\n  13 => m,6 => f,28 => b,25 => y,32 => f,9 => i,11 => k,31 => e,26 => z,\n  30 => d,29 => c,23 => w,12 => l,33 => g}");
    check("{config,#{name => \"server\",port => 8080,options => [verbose,{timeout,5000}]}}", 1, 40, -1, LATIN1,
          "{config,#{name => \"server\",\n          options =>\n              [verbose,{timeout,5000}],\n          port => 8080}}");
    check("#{a => 1,b => 2,c => 3}", 1, 80, 3, LATIN1,
          "#{a => 1,b => 2,...}");
    check("#{a => [1,2,3],b => {x,y,z}}", 1, 80, 3, LATIN1,
          "#{a => [1|...],b => {x,...}}");
    check("#{a => 1}", 1, 80, 1, LATIN1,
          "#{...}");
    check("{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,{t,#{key => [alpha,beta,gamma,delta]}}}}}}}}}}}}}", 1, 30, -1, LATIN1,
          "{t,\n {t,\n  {t,\n   {t,\n    {t,\n     {t,\n      {t,\n       {t,\n        {t,\n         {t,\n          {t,\n           {t,\n            #{key =>\n               [alpha,beta,\n                gamma,\n                delta]}}}}}}}}}}}}}");
    check("{a_long_tag,{a_long_tag,#{key => [alpha,beta,gamma,delta,epsilon]}}}", 1, 40, -1, LATIN1,
          "{a_long_tag,\n    {a_long_tag,\n        #{key =>\n              [alpha,beta,gamma,delta,\n               epsilon]}}}");
}

/* Lines filled with leaves (pp_tail, pp_pairs_tail): where each line ends,
 * a leaf wider than the line on a line of its own, the closing brackets
 * owed after the last element (LD), improper tails, containers among the
 * leaves, and continuation columns on both sides of 65, where the layout
 * stops writing the newline and indentation as one fixed-size block. */
Test(pretty, filling_lines)
{
    check("[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,22,333,4444,55555,666666,7777777,88888888]", 1, 40, -1, LATIN1,
          "[1,22,333,4444,55555,666666,7777777,\n 88888888,999999999,1,22,333,4444,\n 55555,666666,7777777,88888888]");
    check("[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,22,333,4444,55555,666666,7777777,88888888]", 70, 100, -1, LATIN1,
          "[1,22,333,4444,55555,666666,\n                                                                      7777777,88888888,999999999,\n                                                                      1,22,333,4444,55555,666666,\n                                                                      7777777,88888888]");
    check("[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,22,333,4444,55555,666666,7777777,88888888]", 64, 100, -1, LATIN1,
          "[1,22,333,4444,55555,666666,\n                                                                7777777,88888888,999999999,1,22,\n                                                                333,4444,55555,666666,7777777,\n                                                                88888888]");
    check("[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,22,333,4444,55555,666666,7777777,88888888]", 65, 100, -1, LATIN1,
          "[1,22,333,4444,55555,666666,\n                                                                 7777777,88888888,999999999,1,22,\n                                                                 333,4444,55555,666666,7777777,\n                                                                 88888888]");
    check("[short,a_really_long_atom_that_is_wider_than_the_line,b,\"a string wider than twenty\",c,d]", 1, 20, -1, LATIN1,
          "[short,\n a_really_long_atom_that_is_wider_than_the_line,\n b,\n \"a string wider than twenty\",\n c,d]");
    check("[a,{b,c},d,[e],\"str\",<<1,2>>,f,1.5,g,{h,[i,j,k,l,m,n,o,p,q,r]},s,t,u,v,w,x,y,z]", 1, 20, -1, LATIN1,
          "[a,\n {b,c},\n d,\n [e],\n \"str\",\n <<1,2>>,\n f,1.5,g,\n {h,[i,j,k,l,m,n,\n     o,p,q,r]},\n s,t,u,v,w,x,y,z]");
    check("[[[aaaa,bbbb,cccc,dddd,eeee,ffff,gggg]]]", 1, 33, -1, LATIN1,
          "[[[aaaa,bbbb,cccc,dddd,eeee,\n   ffff,gggg]]]");
    check("[[[aaaa,bbbb,cccc,dddd,eeee,ffff,gggg]]]", 1, 34, -1, LATIN1,
          "[[[aaaa,bbbb,cccc,dddd,eeee,\n   ffff,gggg]]]");
    check("[[[aaaa,bbbb,cccc,dddd,eeee,ffff,gggg]]]", 1, 35, -1, LATIN1,
          "[[[aaaa,bbbb,cccc,dddd,eeee,ffff,\n   gggg]]]");
    check("{[aaaa,bbbb,cccc,dddd,eeee,ffff,gggg],x}", 1, 33, -1, LATIN1,
          "{[aaaa,bbbb,cccc,dddd,eeee,\n  ffff,gggg],\n x}");
    check("[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa|lambda]", 1, 30, -1, LATIN1,
          "[alpha,beta,gamma,delta,\n epsilon,zeta,eta,theta,\n iota,kappa|lambda]");
    check("[alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa|{lambda,mu}]", 1, 30, -1, LATIN1,
          "[alpha,beta,gamma,delta,\n epsilon,zeta,eta,theta,\n iota,kappa|\n {lambda,mu}]");
    check("#{a => 1,b => 22,c => 333,d => 4444,e => 55555,f => 666666,g => 7777777}", 1, 30, -1, LATIN1,
          "#{a => 1,b => 22,c => 333,\n  d => 4444,e => 55555,\n  f => 666666,g => 7777777}");
    check("#{a => 1,b => 22,c => 333,d => 4444,e => 55555,f => 666666,g => 7777777}", 70, 100, -1, LATIN1,
          "#{a => 1,b => 22,c => 333,\n                                                                       d => 4444,e => 55555,\n                                                                       f => 666666,g => 7777777}");
    check("#{a => 1,b => 22,c => 333,d => 4444,e => 55555,f => 666666,g => 7777777}", 60, 100, -1, LATIN1,
          "#{a => 1,b => 22,c => 333,d => 4444,\n                                                             e => 55555,f => 666666,g => 7777777}");
    check("#{a => \"a long string value here\",b => 2,c => \"another long string value\",d => 4}", 1, 20, -1, LATIN1,
          "#{a =>\n      \"a long string value here\",\n  b => 2,\n  c =>\n      \"another long string value\",\n  d => 4}");
    check("[#{a => 1,b => 2,c => 3,d => 4,e => 5,f => 6,g => 7}]", 1, 30, -1, LATIN1,
          "[#{a => 1,b => 2,c => 3,\n   d => 4,e => 5,f => 6,\n   g => 7}]");
    check("[[#{a => 1,b => 2,c => 3,d => 4,e => 5,f => 6,g => 7}]]", 1, 31, -1, LATIN1,
          "[[#{a => 1,b => 2,c => 3,\n    d => 4,e => 5,f => 6,\n    g => 7}]]");
    check("#{a => 1,b => {x,y},c => 3,d => [4,5],e => 5,f => 6,g => 7,h => 8}", 1, 24, -1, LATIN1,
          "#{a => 1,\n  b => {x,y},\n  c => 3,\n  d => [4,5],\n  e => 5,f => 6,\n  g => 7,h => 8}");
    check("{tag,[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,22,333,4444,55555]}", 1, 40, -1, LATIN1,
          "{tag,[1,22,333,4444,55555,666666,\n      7777777,88888888,999999999,1,22,\n      333,4444,55555]}");
    check("{'EXIT',[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,22,333,4444,55555]}", 1, 40, -1, LATIN1,
          "{'EXIT',[1,22,333,4444,55555,666666,\n         7777777,88888888,999999999,1,\n         22,333,4444,55555]}");
    check("['Quoted Atom',ok,'',[],'EXIT',node@host,'a b c',x,'Y',z,'with\\'quote',w]", 1, 30, -1, LATIN1,
          "['Quoted Atom',ok,'',[],\n 'EXIT',node@host,'a b c',x,\n 'Y',z,'with\\'quote',w]");
    check("#{a => 1,b => 22,c => 333,d => 4444,e => 55555,f => 666666,g => 7777777}", 63, 90, -1, LATIN1,
          "#{a => 1,b => 22,c => 333,\n                                                                d => 4444,e => 55555,\n                                                                f => 666666,\n                                                                g => 7777777}");
    check("#{a => 1,b => 22,c => 333,d => 4444,e => 55555,f => 666666,g => 7777777}", 64, 90, -1, LATIN1,
          "#{a => 1,b => 22,\n                                                                 c => 333,d => 4444,\n                                                                 e => 55555,f => 666666,\n                                                                 g => 7777777}");
}

/* "|" tails, on the line when they fit, else on a line of their own. */
Test(pretty, improper_lists)
{
    check("[1|2]", 1, 80, -1, LATIN1,
          "[1|2]");
    check("[a,b|c]", 1, 80, -1, LATIN1,
          "[a,b|c]");
    check("[alpha,beta|{a_tuple_tail,with,several,elements,that,does,never,fit}]", 1, 40, -1, LATIN1,
          "[alpha,beta|\n {a_tuple_tail,with,several,elements,\n     that,does,never,fit}]");
    check("[alpha|gamma_is_a_long_atom_tail]", 1, 20, -1, LATIN1,
          "[alpha|\n gamma_is_a_long_atom_tail]");
    check("[a|b]", 1, 80, 2, LATIN1,
          "[a|...]");
    check("[a,b,c|d]", 1, 80, 3, LATIN1,
          "[a,b|...]");
    check("[a_long_atom_name_here_xxxx|{t,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}]", 1, 40, -1, LATIN1,
          "[a_long_atom_name_here_xxxx|\n {t,\n  [1,2,3,4,5,6,7,8,9,10,11,12,13,14,\n   15,16,17,18,19,20]}]");
    check("[a_long_atom_name_here_xxxx|{tag,{tag,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}}]", 1, 40, -1, LATIN1,
          "[a_long_atom_name_here_xxxx|\n {tag,\n  {tag,\n   [1,2,3,4,5,6,7,8,9,10,11,12,13,14,\n    15,16,17,18,19,20]}}]");
    check("{longtag,[ccc,ccc,dddddd|{tag,[24,62,61,91,23,8]}]}", 1, 30, -1, LATIN1,
          "{longtag,\n [ccc,ccc,dddddd|\n  {tag,[24,62,61,91,23,8]}]}");
    check("{t,[ccc,eeeeeeeeee,ccc,eeeeeeeeee|{tag,[60,14,76,96,48]}]}", 1, 30, -1, LATIN1,
          "{t,\n [ccc,eeeeeeeeee,ccc,\n  eeeeeeeeee|\n  {tag,[60,14,76,96,48]}]}");
    check("{longtag,[a,dddddd|{t,{t,[4]}}]}", 1, 30, -1, LATIN1,
          "{longtag,\n    [a,dddddd|{t,{t,[4]}}]}");
    check("[dddddd|{abcde,[6,3]}]", 5, 20, -1, LATIN1,
          "[dddddd|\n     {abcde,\n      [6,3]}]");
    check("[alpha|beta]", 8, 20, -1, LATIN1,
          "[alpha|\n        beta]");
    check("[alpha|beta]", 7, 20, -1, LATIN1,
          "[alpha|beta]");
}

/* ~P: every container at depth 1, depth counted along lists and
 * tuples, atomic terms never cut, depth 0 is "...". */
Test(pretty, depth)
{
    check("[1,2]", 1, 80, 1, LATIN1,
          "[...]");
    check("{a,b}", 1, 80, 1, LATIN1,
          "{...}");
    check("#{a => 1}", 1, 80, 1, LATIN1,
          "#{...}");
    check("<<1>>", 1, 80, 1, LATIN1,
          "<<...>>");
    check("42", 1, 80, 1, LATIN1,
          "42");
    check("an_atom", 1, 80, 1, LATIN1,
          "an_atom");
    check("[1,2,3,4]", 1, 80, 3, LATIN1,
          "[1,2|...]");
    check("{a,b,c,d}", 1, 80, 3, LATIN1,
          "{a,b,...}");
    check("[[[[a]]]]", 1, 80, 3, LATIN1,
          "[[[...]]]");
    check("{a,[b,{c,[d]}]}", 1, 80, 4, LATIN1,
          "{a,[b|...]}");
    check("[1,2,3]", 1, 80, 0, LATIN1,
          "...");
    check("[{apple,1},{banana,2},{cherry,3},{damson,4},{elderberry,5},{fig,6},{grape,7},{kiwi,8},{lemon,9}]", 1, 40, 6, LATIN1,
          "[{apple,1},\n {banana,2},\n {cherry,3},\n {damson,...},\n {...}|...]");
    check("[{},[],#{},<<>>]", 1, 80, 2, LATIN1,
          "[{}|...]");
}

/* Floats, bignums, negative numbers, funs as io_lib:write writes them. */
Test(pretty, leaves)
{
    check("[1.0,0.1,-2.5e-10,1.0e100,123456789012345678901234567890,-42,fun lists:map/2]", 1, 80, -1, LATIN1,
          "[1.0,0.1,-2.5e-10,1.0e100,123456789012345678901234567890,-42,fun lists:map/2]");
    check("[1.0,0.1,-2.5e-10,1.0e100,123456789012345678901234567890,-42,fun lists:map/2]", 1, 30, -1, LATIN1,
          "[1.0,0.1,-2.5e-10,1.0e100,\n 123456789012345678901234567890,\n -42,fun lists:map/2]");
}
/* Pids, ports and refs are leaves like any other. */
Test(pretty, identities)
{
    term_t pids[9];
    for (unsigned i = 0; i < 9; i++)
        pids[i] = term_local_pid(80 + i, 0);
    term_t e[3] = {atom_from_cstr("self"), term_local_pid(5, 0), term_list_from(&heap, pids, 9, NIL)};
    /* io_lib_pretty:print({self, list_to_pid("<0.5.0>"), [list_to_pid("<0.80.0>"), ...,
     *                      list_to_pid("<0.88.0>")]}, [{column,1},{line_length,40}]) */
    cr_expect_str_eq(pretty_term(term_tuple(&heap, 3, e), 1, 40, -1, LATIN1),
                     "{self,<0.5.0>,\n      [<0.80.0>,<0.81.0>,<0.82.0>,\n       <0.83.0>,<0.84.0>,<0.85.0>,\n"
                     "       <0.86.0>,<0.87.0>,<0.88.0>]}");
    /* io_lib_pretty:print([<0.1234.0>,<0.999.1000>,<0.32767.8191>]) with the
     * pids decoded from NEW_PID_EXT: numbers on both sides of 1000 */
    term_t big[3] = {term_local_pid(1234, 0), term_local_pid(999, 1000), term_local_pid(32767, 8191)};
    cr_expect_str_eq(pretty_term(term_list_from(&heap, big, 3, NIL), 1, 80, -1, LATIN1),
                     "[<0.1234.0>,<0.999.1000>,<0.32767.8191>]");
    uint32_t ids[3] = {1, 2, 3};
    e[0] = atom_from_cstr("port");
    e[1] = term_local_port(7);
    e[2] = term_ref(&heap, ids, 3);
    /* io_lib_pretty:print({port, list_to_port("#Port<0.7>"), list_to_ref("#Ref<0.3.2.1>")},
     *                     [{column,1},{line_length,20}]) */
    cr_expect_str_eq(pretty_term(term_tuple(&heap, 3, e), 1, 20, -1, LATIN1),
                     "{port,#Port<0.7>,\n      #Ref<0.3.2.1>}");
}

/* 100,000 nested one-element lists: one line, as erl prints it, and no
 * C stack spent on the depth. */
Test(pretty, deep_list)
{
    enum { N = 100000 };
    term_t t = NIL;
    for (int i = 0; i < N; i++)
        t = term_cons(&heap, t, NIL);
    const char *got = pretty_term(t, 1, 80, -1, LATIN1);
    cr_assert_eq(strlen(got), 2 * (N + 1));
    cr_expect_eq(strspn(got, "["), N + 1);
    cr_expect_eq(strspn(got + N + 1, "]"), N + 1);
}

/* A map under 50 one-element lists: the one-line walk switches from its
 * recursion to its explicit stack 48 levels down, and the records of both
 * lay the map out. erl:
 * io_lib:format("~p", [lists:foldl(fun(_, A) -> [A] end, #{k => "esc\n",
 *   l => [1,2|x], s => "plain string here", t => {tag,1.5,<<"bin">>}},
 *   lists:seq(1, 50))]) */
Test(pretty, map_below_deep_lists)
{
    enum { N = 50 };
    term_t t = fx_read("#{k => \"esc\\n\", l => [1,2|x], s => \"plain string here\", t => {tag,1.5,<<\"bin\">>}}");
    for (int i = 0; i < N; i++)
        t = term_cons(&heap, t, NIL);
    char expected[1024], *p = expected;
    p += sprintf(p, "%.*s#{k => \"esc\\n\",\n", N, OPENS);
    p += sprintf(p, "%*sl => [1,2|x],\n", N + 2, "");
    p += sprintf(p, "%*ss => \"plain string here\",\n", N + 2, "");
    p += sprintf(p, "%*st =>\n", N + 2, "");
    p += sprintf(p, "%*s{tag,1.5,\n", N + 3, "");
    sprintf(p, "%*s<<\"bin\">>}}%.*s", N + 4, "", N, CLOSES);
    cr_expect_str_eq(pretty_term(t, 1, 80, -1, LATIN1), expected);
}

/* Pairs whose keys are containers, broken and not, a byte list broken
 * after " =>", and a depth that ends inside keys and values, all laid out
 * by the explicit stack under 50 one-element lists. erl, for ~p and ~P 54:
 * io_lib:format("~p", [lists:foldl(fun(_, A) -> [A] end, #{{key,1,"two"} =>
 *   [alpha,beta,gamma,delta], [x,y] => #{inner => {1,2,3}, other => "text"},
 *   z => <<1,...,25>>, {k2} => v}, lists:seq(1, 50))]) */
Test(pretty, container_keys_below_deep_lists)
{
    enum { N = 50 };
    char bytes[200], *q = bytes;
    for (int i = 1; i <= 25; i++)
        q += sprintf(q, "%s%d", i > 1 ? "," : "", i);
    char text[400];
    sprintf(text,
            "#{{key,1,\"two\"} => [alpha,beta,gamma,delta], [x,y] => #{inner => {1,2,3}, other => \"text\"},"
            " z => <<%s>>, {k2} => v}",
            bytes);
    term_t t = fx_read(text);
    for (int i = 0; i < N; i++)
        t = term_cons(&heap, t, NIL);
    static const struct line {
        int indent;
        const char *text;
    } p_lines[] = {{0, "#{z =>"},
                   {N + 6, "<<1,2,3,4,5,6,7,8,9,10,"},
                   {N + 8, "11,12,13,14,15,16,17,"},
                   {N + 8, "18,19,20,21,22,23,24,"},
                   {N + 8, "25>>,"},
                   {N + 2, "{k2} => v,"},
                   {N + 2, "{key,1,\"two\"} =>"},
                   {N + 6, "[alpha,beta,gamma,"},
                   {N + 7, "delta],"},
                   {N + 2, "[x,"},
                   {N + 3, "y] =>"},
                   {N + 6, "#{inner => {1,2,3},"},
                   {N + 8, "other =>"},
                   {N + 12, "\"text\"}}"}},
      d_lines[] = {{0, "#{z => <<1,2,...>>,"}, {N + 2, "{k2} => v,"}, {N + 2, "{key,"},
                   {N + 3, "1,...} =>"},       {N + 3, "[alpha,"},    {N + 4, "beta|...],...}"}};
    const struct {
        const struct line *lines;
        size_t n;
        int depth;
    } cases[] = {{p_lines, sizeof p_lines / sizeof p_lines[0], -1},
                 {d_lines, sizeof d_lines / sizeof d_lines[0], 54}};
    for (size_t c = 0; c < 2; c++) {
        char expected[2048], *p = expected;
        p += sprintf(p, "%.*s", N, OPENS);
        for (size_t i = 0; i < cases[c].n; i++)
            p += sprintf(p, "%s%*s%s", i > 0 ? "\n" : "", cases[c].lines[i].indent, "",
                         cases[c].lines[i].text);
        sprintf(p, "%.*s", N, CLOSES);
        cr_expect_str_eq(pretty_term(t, 1, 80, cases[c].depth, LATIN1), expected, "depth %d", cases[c].depth);
    }
}

/* {a,{a,...{a,a}...}} 3,000 deep: no tag indentation survives the cind
 * check, so every level is one more space in (TInd 1):
 * io_lib:format("~p", [lists:foldl(fun(_, A) -> {a, A} end, a, lists:seq(1, N))])
 * is, for every N we compared (up to 10,000), N lines "<K spaces>{a," for
 * K = 0..N-1 and a last line "<N spaces>a" followed by N "}". */
Test(pretty, deep_tagged_tuple)
{
    enum { N = 3000 };
    term_t a = atom_from_cstr("a"), t = a;
    for (int i = 0; i < N; i++)
        t = term_tuple2(&heap, a, t);
    const char *got = pretty_term(t, 1, 80, -1, LATIN1);
    size_t len = (size_t)N * (N - 1) / 2 + 4 * (size_t)N + (size_t)N + 1 + (size_t)N;
    cr_assert_eq(strlen(got), len);
    const char *p = got;
    for (int k = 0; k < N; k++) {
        cr_assert_eq(strspn(p, " "), (size_t)k, "line %d", k);
        cr_assert(strncmp(p + k, "{a,\n", 4) == 0, "line %d", k);
        p += k + 4;
    }
    cr_assert_eq(strspn(p, " "), (size_t)N);
    cr_assert_eq(p[N], 'a');
    cr_expect_eq(strspn(p + N + 1, "}"), (size_t)N);
}

/* lists:seq(1, 100000): 605,198 bytes in erl, first and last lines as
 * below; linear time (the whole test takes milliseconds). */
Test(pretty, long_list)
{
    term_t t = NIL;
    for (int i = 100000; i > 0; i--)
        t = term_cons(&heap, term_small(i), t);
    const char *got = pretty_term(t, 1, 80, -1, LATIN1);
    cr_assert_eq(strlen(got), 605198);
    const char *first = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,\n"
                        " 29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,\n";
    cr_expect(strncmp(got, first, strlen(first)) == 0);
    const char *last = strrchr(got, '\n');
    cr_expect_str_eq(last, "\n 99998,99999,100000]");
}

/* The layout is the one-line text with line breaks put in (format/pretty.c
 * copies the text up to each break as it lays it out): breaks between leaves that fill
 * a line, before a tuple or list that fits on a line of its own, before
 * and inside one that does not, after " =>" with a byte list broken at its
 * commas below it, before an improper tail, and indentation past the 64
 * columns that are copied as one block. erl:
 *   io_lib_pretty:print(T, [{column,COL},{line_length,LL}]) */
Test(pretty, layout_breaks)
{
    check("{config,[alpha,12345,\"beta gamma\",<<\"delta\">>,3.25,{pair,1,2},epsilon,[1,2,3|tail],zeta],"
          "#{bytes => <<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40>>,key => value}}", 1, 50, -1, LATIN1,
          "{config,[alpha,12345,\"beta gamma\",<<\"delta\">>,\n         3.25,\n         {pair,1,2},\n"
          "         epsilon,\n         [1,2,3|tail],\n         zeta],\n        #{bytes =>\n"
          "              <<0,1,2,3,4,5,6,7,8,9,10,11,12,13,\n                14,15,16,17,18,19,20,21,22,23,24,\n"
          "                25,26,27,28,29,30,31,32,33,34,35,\n                36,37,38,39,40>>,\n"
          "          key => value}}");
    check("[aaaa,bbbb,{cccc,dddd,[eeee,ffff,gggg,hhhh]},iiii|{improper,tail,here,at,the,very,last}]", 1, 40, -1,
          LATIN1,
          "[aaaa,bbbb,\n {cccc,dddd,[eeee,ffff,gggg,hhhh]},\n iiii|\n {improper,tail,here,at,the,very,\n"
          "           last}]");
    check("{wide,[one,two,three,four,five,six,seven,eight,nine,ten,eleven,twelve]}", 70, 100, -1, LATIN1,
          "{wide,\n                                                                      [one,two,three,four,five,\n"
          "                                                                       six,seven,eight,nine,ten,\n"
          "                                                                       eleven,twelve]}");
}

/* A term wider than the line by far is laid out checking and writing at
 * once; an attempt that fails deep in the term (a tag too far right for
 * TInd -1, then for TInd 4 as well) has written the breaks before it, which
 * the next attempt writes over. erl:
 *   io_lib_pretty:print(T, [{column,1},{line_length,80}]) */
Test(pretty, failed_attempts_rewritten)
{
    check("{outer,[aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,gggggggggg,"
          "{a_tag_that_is_thirty_five_chars_xx,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}]}", 1, 80, -1,
          LATIN1,
          "{outer,\n    [aaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeee,ffffffffff,\n     gggggggggg,\n"
          "     {a_tag_that_is_thirty_five_chars_xx,\n         [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}]}");
    check("{outer_tag,[aaaaaaaaaa,{inner_tag_one,[cccccccccc,{inner_tag_two,[eeeeeeeeee,{inner_tag_three,"
          "[gggggggggg,{inner_tag_four,[iiiiiiiiii,{inner_tag_five,[jjjjjjjjjj,{inner_tag_six,[kkkkkkkkkk,"
          "{inner_tag_seven,[llllllllll,{the_innermost_tag,[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]}]}]}]}]}]}"
          "]}]}]}", 1, 80, -1, LATIN1,
          "{outer_tag,\n [aaaaaaaaaa,\n  {inner_tag_one,\n   [cccccccccc,\n    {inner_tag_two,\n     [eeeeeeeeee,\n"
          "      {inner_tag_three,\n       [gggggggggg,\n        {inner_tag_four,\n         [iiiiiiiiii,\n"
          "          {inner_tag_five,\n           [jjjjjjjjjj,\n            {inner_tag_six,\n             [kkkkkkkkkk,\n"
          "              {inner_tag_seven,\n               [llllllllll,\n                {the_innermost_tag,\n"
          "                 [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,\n                  18]}]}]}]}]}]}]}]}]}");
}

/* fmt_pretty appends to what the buffer holds, and a reused buffer stops
 * allocating. */
Test(pretty, appends_and_reuses_buffer)
{
    term_t t = fx_read("{config,#{name => \"server\",port => 8080,options => [verbose,{timeout,5000}]}}");
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.line_length = 40;
    o.column = 8;
    fmt_buf_reset(&buf);
    fmt_buf_put(&buf, "prefix:", 7);
    fmt_pretty(&buf, t, &o);
    /* io_lib:format("prefix:~40p", [T]) */
    cr_expect_str_eq(buf.data, "prefix:{config,#{name => \"server\",\n                 options =>\n"
                               "                     [verbose,\n                      {timeout,5000}],\n"
                               "                 port => 8080}}");
    alloc_stat before, after;
    alloc_get_stat(ALLOC_FMT_BUFFER, &before);
    for (int i = 0; i < 100; i++) {
        fmt_buf_reset(&buf);
        fmt_pretty(&buf, t, &o);
    }
    alloc_get_stat(ALLOC_FMT_BUFFER, &after);
    cr_expect_eq(before.size, after.size);
    cr_expect_eq(before.blocks, after.blocks);
}

/* The one-line pass writes these leaves itself: one-limb bignums, latin1
 * atoms (width in chars, not bytes), binaries, wide atoms. Checked with
 * io_lib_pretty:print(T, [{column,1},{line_length,30},{encoding,E}]). */
Test(pretty, leaf_widths)
{
    static const char term[] = "[18446744073709551615,-9223372036854775809,\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3\xa4"
                               "\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5,<<\"abc\">>,<<1,2,3>>,'\xce\xa9',xyz,"
                               "{\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5,1.5}]";
    check(term, 1, 30, -1, LATIN1,
          "[18446744073709551615,\n -9223372036854775809,\n \xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5"
          "\xc3\xa4\xc3\xb6\xc3\xa5,<<\"abc\">>,\n <<1,2,3>>,\n '\\x{3A9}',xyz,\n {\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3"
          "\xa4\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5,1.5}]");
    check(term, 1, 30, -1, UNICODE,
          "[18446744073709551615,\n -9223372036854775809,\n \xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5"
          "\xc3\xa4\xc3\xb6\xc3\xa5,<<\"abc\">>,\n <<1,2,3>>,\n '\xce\xa9',xyz,\n {\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5\xc3"
          "\xa4\xc3\xb6\xc3\xa5\xc3\xa4\xc3\xb6\xc3\xa5,1.5}]");
}

/* The one-line pass's leaves, one function each (flat_string, flat_float,
 * flat_bin, flat_big, flat_const...), alone and inside containers, at
 * unlimited depth and cut by one; and the plain-char test of strings at
 * each edge of 32..126 and at '"' and '\\'. */
Test(pretty, flat_leaves_and_plain_chars)
{
    check("[31,32,33,34,35]", 1, 80, -1, LATIN1, "[31,32,33,34,35]");
    check("[32,33,35,91,93,126]", 1, 80, -1, LATIN1, "\" !#[]~\"");
    check("[33,34,92,93]", 1, 80, -1, LATIN1, "\"!\\\"\\\\]\"");
    check("[126,127]", 1, 80, -1, LATIN1, "[126,127]");
    check("[126,160,255]", 1, 80, -1, LATIN1, "\"~\302\240\303\277\"");
    check("[97,-1]", 1, 80, -1, LATIN1, "[97,-1]");
    check("[97,256]", 1, 80, -1, LATIN1, "[97,256]");
    check("[97,256]", 1, 80, -1, UNICODE, "[97,256]");
    check("[97,8,27]", 1, 80, -1, LATIN1, "\"a\\b\\e\"");
    check("[97|98]", 1, 80, -1, LATIN1, "[97|98]");
    check("[\"abc\",1.5,<<\"bin\">>,<<1,2>>,123456789012345678901234567890,{},#{},[],<<>>,-7,atom]", 1, 80, -1,
          LATIN1, "[\"abc\",1.5,<<\"bin\">>,\n <<1,2>>,\n 123456789012345678901234567890,{},#{},[],<<>>,-7,atom]");
    check("{\"abc\",1.5,<<\"bin\">>,<<1,2>>,123456789012345678901234567890,{},#{},[],<<>>}", 1, 30, -1, LATIN1,
          "{\"abc\",1.5,<<\"bin\">>,\n <<1,2>>,\n 123456789012345678901234567890,\n {},#{},[],<<>>}");
    check("{\"abc\",1.5,<<\"bin\">>,<<1,2>>,123456789012345678901234567890,{},#{},[],<<>>}", 1, 80, 4, LATIN1,
          "{\"abc\",1.5,<<...>>,...}");
    check("#{\"k\" => 2.5,<<\"v\">> => [1.0e300,\"x\"]}", 1, 80, -1, LATIN1,
          "#{\"k\" => 2.5,<<\"v\">> => [1.0e300,\"x\"]}");
}

/* Strings are copied two cells a step while each cell follows the one
 * before in memory: odd and even lengths, a char that is not plain at each
 * place of a step (an escape keeps the string, an unprintable char, a wide
 * char, a negative integer or an atom makes it a list), and improper tails
 * after an odd and an even count. */
Test(pretty, flat_string_steps)
{
    check("\"a\"", 1, 80, -1, LATIN1, "\"a\"");
    check("\"ab\"", 1, 80, -1, LATIN1, "\"ab\"");
    check("\"abc\"", 1, 80, -1, LATIN1, "\"abc\"");
    check("\"abcd\"", 1, 80, -1, LATIN1, "\"abcd\"");
    check("\"abcde\"", 1, 80, -1, LATIN1, "\"abcde\"");
    static const char *const odd[] = {"34", "1", "127", "160", "256", "-1", "x"};
    for (size_t k = 0; k < sizeof odd / sizeof *odd; k++)
        for (int at = 0; at < 5; at++) {
            char text[64], expected[64], *t = text, *e = expected;
            bool list = k > 0 && k != 3;
            t += sprintf(t, "[");
            e += sprintf(e, list ? "[" : "\"");
            for (int i = 0; i < 5; i++) {
                t += sprintf(t, "%s%s", i ? "," : "", i == at ? odd[k] : (char[]){(char)('a' + i), 0});
                if (i == at && !list)
                    e += sprintf(e, k == 0 ? "\\\"" : "\302\240");
                else if (list)
                    e += i == at ? sprintf(e, "%s%s", i ? "," : "", odd[k]) : sprintf(e, "%s%d", i ? "," : "", 'a' + i);
                else
                    *e++ = (char)('a' + i);
            }
            sprintf(t, "]");
            sprintf(e, list ? "]" : "\"");
            /* "[a,...]" reads the letters as atoms: spell them as chars */
            char chars[64], *c = chars;
            for (t = text; *t; t++)
                c += *t >= 'a' && *t <= 'e' ? sprintf(c, "%d", *t) : sprintf(c, "%c", *t);
            check(chars, 1, 80, -1, LATIN1, expected);
        }
    check("[97|98]", 1, 80, -1, LATIN1, "[97|98]");
    check("[97,98|99]", 1, 80, -1, LATIN1, "[97,98|99]");
    check("[97,98,99|100]", 1, 80, -1, LATIN1, "[97,98,99|100]");
    check("[97,98,99,100|x]", 1, 80, -1, LATIN1, "[97,98,99,100|x]");
}

/* The chars of s as a list ending in tail, its cells in runs of `run` laid
 * out one after the other, each run before the one that precedes it in the
 * list: where runs meet, a cell does not follow its predecessor. */
static term_t scattered_string(const char *s, size_t run, term_t tail)
{
    size_t n = strlen(s);
    term_t t = tail, elems[64];
    for (size_t end = n; end > 0;) {
        size_t start = end > run ? end - run : 0;
        for (size_t i = start; i < end; i++)
            elems[i - start] = term_small((unsigned char)s[i]);
        t = term_list_from(&heap, elems, end - start, t);
        end = start;
    }
    return t;
}

/* Strings whose cells do not all follow one another: none (runs of one),
 * or breaks after an odd or an even count; with improper tails, and a char
 * that is not plain just after a break. */
Test(pretty, flat_string_scattered_cells)
{
    for (size_t run = 1; run <= 4; run++) {
        cr_expect_str_eq(pretty_term(scattered_string("abcdefghi", run, NIL), 1, 80, -1, LATIN1), "\"abcdefghi\"",
                         "runs of %zu", run);
        cr_expect_str_eq(pretty_term(scattered_string("abcdefgh", run, NIL), 1, 80, -1, LATIN1), "\"abcdefgh\"",
                         "runs of %zu", run);
        cr_expect_str_eq(pretty_term(scattered_string("abcd\"fgh", run, NIL), 1, 80, -1, LATIN1), "\"abcd\\\"fgh\"",
                         "runs of %zu", run);
        cr_expect_str_eq(pretty_term(scattered_string("abcd\177fgh", run, NIL), 1, 80, -1, LATIN1),
                         "[97,98,99,100,127,102,103,104]", "runs of %zu", run);
        cr_expect_str_eq(pretty_term(scattered_string("abcde", run, term_small(1)), 1, 80, -1, LATIN1),
                         "[97,98,99,100,101|1]", "runs of %zu", run);
        cr_expect_str_eq(pretty_term(scattered_string("abcd", run, term_small(1)), 1, 80, -1, LATIN1),
                         "[97,98,99,100|1]", "runs of %zu", run);
    }
}

/* The text of string s of len chars, in a buffer of its first size. */
static const char *pretty_fresh_string(const char *s, int len, int ll)
{
    fmt_buf_free(&buf);
    fmt_buf_init(&buf);
    return pretty_term(term_string(&heap, s, (size_t)len), 1, ll, -1, LATIN1);
}

/* A string longer than the output buffer's first size (256 bytes), made
 * room for as it is copied, the buffer growing after an odd and an even
 * count: whole, then with an escape and with an unprintable char once the
 * buffer has grown, which start over from where the string began. */
Test(pretty, flat_string_grows_buffer)
{
    char s[700], expected[4 * 700];
    for (int len = 599; len <= 602; len++) {
        memset(s, 'a', (size_t)len);
        s[len] = 0;
        sprintf(expected, "\"%s\"", s);
        cr_expect_str_eq(pretty_fresh_string(s, len, 80), expected, "%d chars", len);
        s[len - 1] = '\n';
        sprintf(expected, "\"%.*s\\n\"", len - 1, s);
        cr_expect_str_eq(pretty_fresh_string(s, len, 80), expected, "%d chars", len);
        s[len - 1] = 1;
        char *e = expected;
        for (int i = 0; i < len; i++)
            e += sprintf(e, "%c%d", i ? ',' : '[', (unsigned char)s[i]);
        sprintf(e, "]");
        cr_expect_str_eq(pretty_fresh_string(s, len, 100000), expected, "%d chars", len);
    }
}

/* Binaries at unlimited depth: copied eight bytes a step while they are
 * plain (32..126 but " and \), at each edge of that test and in a whole
 * word, the last partial word and a refc binary's last word (70 bytes and
 * more); the first byte that is not plain decides for the byte list when
 * it is no printable char (below 32 and no escape, 127), else the rest is
 * looked at: escapes and latin1 make a string, a later unprintable byte
 * the byte list. Then atoms (quoted, latin1, longer than a text block),
 * bignums of one limb and more, and lists that are no strings (a non-char
 * first, a char first). */
Test(pretty, flat_binaries_atoms_bignums)
{
    check("<<97,98,99,100,101,102,103,104,9,105,106,107,108,109,110,111,112>>", 1, 80, -1, LATIN1,
          "<<\"abcdefgh\\tijklmnop\">>");
    check("<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,127>>", 1, 80, -1, LATIN1,
          "<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,127>>");
    check("<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,31>>", 1, 80, -1, LATIN1,
          "<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,31>>");
    check("<<97,98,99,100,101,102,103,104,32,105,106,107,108,109,110,126>>", 1, 80, -1, LATIN1,
          "<<\"abcdefgh ijklmn~\">>");
    check("<<97,98,99,100,101,102,103,104,34,105,106,107,108,109,110,92>>", 1, 80, -1, LATIN1,
          "<<\"abcdefgh\\\"ijklmn\\\\\">>");
    check("<<97,98,99,100,101,102,103,104,160,105,106,107,255>>", 1, 80, -1, LATIN1,
          "<<\"abcdefgh\302\240ijk\303\277\">>");
    check("<<97,98,99,100,101,102,103,104,128,105,106,107,108,109,110,111,112>>", 1, 80, -1, LATIN1,
          "<<97,98,99,100,101,102,103,104,128,105,106,107,108,109,110,111,112>>");
    check("<<97,98,27,99,100,7>>", 1, 80, -1, LATIN1,
          "<<97,98,27,99,100,7>>");
    check("<<97,98,10,99,100,0>>", 1, 80, -1, LATIN1,
          "<<97,98,10,99,100,0>>");
    check("<<97,98,34,99,100,1>>", 1, 80, -1, LATIN1,
          "<<97,98,34,99,100,1>>");
    check("<<97,98,233,99,100,14>>", 1, 80, -1, LATIN1,
          "<<97,98,233,99,100,14>>");
    check("<<0>>", 1, 80, -1, LATIN1,
          "<<0>>");
    check("<<26,97,98,99>>", 1, 80, -1, LATIN1,
          "<<26,97,98,99>>");
    check("<<97,98,99,28>>", 1, 80, -1, LATIN1,
          "<<97,98,99,28>>");
    check("<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,8,9,10,11,12,13>>", 1, 80, -1, LATIN1,
          "<<\"abcdefghijklmnopqrstu\\b\\t\\n\\v\\f\\r\">>");
    check("<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,6>>", 1, 80, -1, LATIN1,
          "<<97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,6>>");
    check("<<97,98,99,100,101,102,103,126>>", 1, 80, -1, LATIN1,
          "<<\"abcdefg~\">>");
    check("<<97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,127>>", 1, 80, -1, LATIN1,
          "<<97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,\n  98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,\n  97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,127>>");
    check("<<97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,126>>", 1, 80, -1, LATIN1,
          "<<\"ababababababababababababababababababababababababababababababababababab~\">>");
    check("<<97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,9,127>>", 1, 80, -1, LATIN1,
          "<<97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,\n  98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,\n  97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,9,127>>");
    check("<<97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,97,98,34>>", 1, 80, -1, LATIN1,
          "<<\"abababababababababababababababababababababababababababababababababababab\\\"\">>");
    check("[ok,'Quoted Atom',state,caf\303\251]", 1, 80, -1, LATIN1,
          "[ok,'Quoted Atom',state,caf\303\251]");
    check("{node@host,'a b c d e f g h i j k l m n o p q'}", 1, 80, -1, LATIN1,
          "{node@host,'a b c d e f g h i j k l m n o p q'}");
    check("[18446744073709551615,-18446744073709551615,18446744073709551616,-340282366920938463463374607431768211456]", 1, 80, -1, LATIN1,
          "[18446744073709551615,-18446744073709551615,18446744073709551616,\n -340282366920938463463374607431768211456]");
    check("[[97,98,99],[1,2],[100],[a,[98]]]", 1, 80, -1, LATIN1,
          "[\"abc\",[1,2],\"d\",[a,\"b\"]]");
}

/* x's for the width tests below. */
static const char LINE_XS[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";

/* Strings with escapes and latin1 letters, written in one pass: widths
 * (five latin1 letters are five columns, "\n" two: with 64 x's the list
 * is 78 wide and fits, with 65 it breaks), an improper list and a char
 * above 255 (lists), and a string long enough to move the text while it
 * is written. erl: io_lib:format("~p", [["line one\n\ttwo", "caf\351\n",
 * "q\"\\"]]), [[233,233,233,233,233], lists:duplicate(N, $x) ++ "\n"],
 * [$a, $\n | x], [1000, $a, $\n]. */
Test(pretty, escaped_strings)
{
    check("[\"line one\\n\\ttwo\", [99,97,102,233,10], [113,34,92]]", 1, 80, -1, LATIN1,
          "[\"line one\\n\\ttwo\",\"caf\xc3\xa9\\n\",\"q\\\"\\\\\"]");
    char text[256], expected[256];
    for (int n = 64; n <= 65; n++) {
        snprintf(text, sizeof text, "[[233,233,233,233,233], \"%.*s\\n\"]", n, LINE_XS);
        snprintf(expected, sizeof expected, "[\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\",%s\"%.*s\\n\"]",
                 n == 64 ? "" : "\n ", n, LINE_XS);
        check(text, 1, 80, -1, LATIN1, expected);
    }
    check("[97,10|x]", 1, 80, -1, LATIN1, "[97,10|x]");
    check("[1000,97,10]", 1, 80, -1, LATIN1, "[1000,97,10]");
    enum { N = 5000 };
    term_t l = NIL;
    for (int i = N - 1; i >= 0; i--)
        l = term_cons(&heap, term_small(i % 4 == 3 ? '\n' : i % 4 == 2 ? 233 : 'a'), l);
    fmt_buf fresh; /* from its first room, so that the string moves the text */
    fmt_buf_init(&fresh);
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    fmt_pretty(&fresh, l, &o);
    static char want[4 * N + 3];
    char *w = want;
    *w++ = '"';
    for (int i = 0; i < N; i += 4)
        w += sprintf(w, "aa\xc3\xa9\\n");
    strcpy(w, "\"");
    cr_expect_str_eq(fresh.data, want);
    fmt_buf_free(&fresh);
}

/* Binaries of latin1 text with escapes and latin1 letters (written as
 * UTF-8, one column each) in a list that breaks: each string's width
 * decides where the line ends. erl (its latin1 bytes here as UTF-8):
 * L = [<<"GET / HTTP/1.1\r\nHost: a\r\n">>, <<"tab\there">>, <<"caf", 233, "\n">>,
 *      <<"q\"uote\\">>, <<27, "[0m", 255, 160>>, <<"x\n">>, <<"\v\f\b">>, <<"plain">>],
 * io_lib:format("~p", [L]), then [{request, L}] and a map of two. */
Test(pretty, escaped_binaries_wrap)
{
    static const char list[] =
        "[<<\"GET / HTTP/1.1\\r\\nHost: a\\r\\n\">>, <<\"tab\\there\">>, <<\"caf\", 233, \"\\n\">>,"
        " <<\"q\\\"uote\\\\\">>, <<27, \"[0m\", 255, 160>>, <<\"x\\n\">>, <<\"\\v\\f\\b\">>,"
        " <<\"plain\">>]";
    /* the first line's items, then the second's */
    static const char first[] =
        "<<\"GET / HTTP/1.1\\r\\nHost: a\\r\\n\">>,<<\"tab\\there\">>,<<\"caf\xc3\xa9\\n\">>,";
    static const char rest[] =
        "<<\"q\\\"uote\\\\\">>,<<\"\\e[0m\xc3\xbf\xc2\xa0\">>,<<\"x\\n\">>,<<\"\\v\\f\\b\">>,"
        "<<\"plain\">>]";
    char text[512], expected[512];
    snprintf(expected, sizeof expected, "[%s\n %s", first, rest);
    check(list, 1, 80, -1, LATIN1, expected);
    snprintf(text, sizeof text, "{request,%s}", list);
    snprintf(expected, sizeof expected, "{request,[%s\n%*s%s}", first, 10, "", rest);
    check(text, 1, 80, -1, LATIN1, expected);
    check("#{body => <<\"line one\\nline two\\n\">>, h => <<233, \"\\t\">>}", 1, 80, -1, LATIN1,
          "#{body => <<\"line one\\nline two\\n\">>,h => <<\"\xc3\xa9\\t\">>}");
    /* five latin1 letters are five columns: with 58 x's the list is 78
     * wide and fits, with 59 it breaks (erl the same) */
    for (int n = 58; n <= 59; n++) {
        snprintf(text, sizeof text, "[<<233,233,233,233,233>>, <<\"%.*s\">>]", n, LINE_XS);
        snprintf(expected, sizeof expected,
                 "[<<\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\">>,%s<<\"%.*s\">>]", n == 58 ? "" : "\n ", n,
                 LINE_XS);
        check(text, 1, 80, -1, LATIN1, expected);
    }
    /* ~tp takes the same forms for bytes that are all ASCII, and UTF-8
     * text as such: io_lib:format("~tp", [[<<"GET / HTTP/1.1\r\nHost: a\r\n">>,
     * <<1,2,3>>, <<"a",127>>, <<"\e[0m">>, <<"caf",195,169,"\n">>, <<"x",128>>,
     * <<"q\"\\">>, <<"tab\t">>]]) */
    check("[<<\"GET / HTTP/1.1\\r\\nHost: a\\r\\n\">>, <<1,2,3>>, <<\"a\",127>>, <<\"\\e[0m\">>,"
          " <<\"caf\",195,169,\"\\n\">>, <<\"x\",128>>, <<\"q\\\"\\\\\">>, <<\"tab\\t\">>]",
          1, 80, -1, UNICODE,
          "[<<\"GET / HTTP/1.1\\r\\nHost: a\\r\\n\">>,\n <<1,2,3>>,\n <<97,127>>,\n"
          " <<\"\\e[0m\">>,<<\"caf\xc3\xa9\\n\"/utf8>>,\n <<120,128>>,\n <<\"q\\\"\\\\\">>,<<\"tab\\t\">>]");
}

/* Every byte value in a binary that is not all plain: it prints as a
 * string when every byte is a char io_lib:printable_latin1_list/1
 * accepts (\b \t \n \v \f \r \e, 32..126, 160..255), else as the byte
 * list. The byte goes first, after a whole plain word, and last in a
 * binary of 70 bytes (refc); a 1 (no char) after it makes every binary a
 * byte list again. The accepted set is written out here, not taken from
 * the formatter. */
static bool latin1_char(unsigned v)
{
    return (v >= 8 && v <= 13) || v == 27 || (v >= 32 && v <= 126) || v >= 160;
}

static char *string_text(char *e, const unsigned char *by, size_t n)
{
    static const char *const esc[] = {
        ['\b'] = "\\b", ['\t'] = "\\t", ['\n'] = "\\n", ['\v'] = "\\v", ['\f'] = "\\f",
        ['\r'] = "\\r", [27] = "\\e",   ['"'] = "\\\"", ['\\'] = "\\\\"};
    e += sprintf(e, "<<\"");
    for (size_t i = 0; i < n; i++) {
        unsigned v = by[i];
        if (v < sizeof esc / sizeof esc[0] && esc[v] != NULL)
            e += sprintf(e, "%s", esc[v]);
        else if (v >= 128)
            e += sprintf(e, "%c%c", 0xC0 | v >> 6, 0x80 | (v & 0x3F));
        else
            *e++ = (char)v;
    }
    return e + sprintf(e, "\">>");
}

Test(pretty, binary_byte_values)
{
    static char text[1024], expected[1024];
    static const size_t sizes[] = {3, 9, 70};
    for (unsigned v = 0; v < 256; v++) {
        for (int place = 0; place < 3; place++) {
            for (int spoil = 0; spoil < 2; spoil++) {
                unsigned char by[72];
                size_t n = sizes[place];
                memset(by, 'a', n);
                by[place == 0 ? 0 : place == 1 ? 8 : n - 1] = (unsigned char)v;
                if (spoil)
                    by[n++] = 1;
                char *t = text + sprintf(text, "<<");
                for (size_t i = 0; i < n; i++)
                    t += sprintf(t, "%s%u", i ? "," : "", by[i]);
                sprintf(t, ">>");
                if (latin1_char(v) && !spoil) {
                    string_text(expected, by, n);
                } else {
                    char *e = expected + sprintf(expected, "<<");
                    for (size_t i = 0; i < n; i++)
                        e += sprintf(e, "%s%u", i ? "," : "", by[i]);
                    sprintf(e, ">>");
                }
                const char *got = pretty_term(fx_read(text), 1, 100000, -1, LATIN1);
                cr_assert_str_eq(got, expected, "byte %u at place %d, %s", v, place,
                                 spoil ? "a 1 after it" : "alone");
            }
        }
    }
}

/* ~p of t into a fresh buffer after `prefix` bytes of text, the part after
 * the prefix compared with `expected`: the buffer and its scratch areas
 * start empty, so they grow at every point the term's text and records
 * reach their first sizes. */
static void check_fresh(term_t t, size_t prefix, int ll, int depth, const char *expected, const char *what)
{
    static const char XS[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    fmt_buf b;
    fmt_buf_init(&b);
    for (size_t n = prefix; n > 0;) {
        size_t k = n < sizeof XS - 1 ? n : sizeof XS - 1;
        fmt_buf_put(&b, XS, k);
        n -= k;
    }
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.line_length = ll;
    o.depth = depth;
    fmt_pretty(&b, t, &o);
    cr_expect_str_eq(b.data + prefix, expected, "%s after %zu bytes (line length %d, depth %d)", what, prefix,
                     ll, depth);
    bool kept = true; /* the bytes before the term, kept where b moved (take_text) */
    for (size_t i = 0; i < prefix; i++)
        kept &= b.data[i] == 'x';
    cr_expect(kept, "%s: the %zu bytes before it changed", what, prefix);
    fmt_buf_free(&b);
}

/* The one-line pass makes room for the records of a container's items
 * when it opens it, and a writer leaves a byte after its text for the
 * separator or bracket that follows: terms whose text crosses the output
 * buffer's first size (256 bytes) at every byte, and whose records cross
 * the first size of their area (32 records) at every container open, come
 * out as they do in a buffer that has room already. */
Test(pretty, room_at_first_sizes)
{
    static const char *const TERMS[] = {
        "[{request,12,<<\"abc\">>,1.5},#{key => [a,b,c],other => {x,\"str\",-7}},'Quoted Atom',"
        "[1,2,3|tail],18446744073709551616,{tag,[{a,1},{b,2}],#{1 => 2}},<<1,2,200>>,\"text\"]",
        "{{1,2,3,4,5,6,7,8,9,10},[a,b,c,d,e,f,g,h,i,j],#{a => 1,b => 2,c => {3,4}},{ok,'A b',<<\"x\">>}}",
        "#{alpha => {1,2,3},beta => [x,y,z],gamma => #{k => v,l => [1.0,2.5]},delta => <<\"bytes\">>}",
        /* strings and binaries of latin1 text with escapes, two of them
         * longer than the room a string starts with, and a list that
         * looks like one for 75 elements */
        "[<<\"GET / HTTP/1.1\\r\\nHost: a\\r\\n\">>,\"line one\\n\\ttwo\\n\\tthree, and a tail of text that "
        "goes on "
        "past the sixty-four "
        "bytes\",[99,97,102,233,10,99,97,102,233,10],<<99,97,102,233,10>>,{x,\"tab\\there\"},"
        "<<\"caf\",233,\"!\">>,[10,98,99,100,101,102,103,104,105,10,107,108,109,110,111,112,113,114,10,116,"
        "117,118,119,120,121,122,97,10,99,100,101,102,103,104,105,106,10,108,109,110,111,112,113,114,115,10,"
        "117,118,119,120,121,122,97,98,10,100,101,102,103,104,105,106,107,10,109,110,111,112,113,114,115,116,"
        "10,118,119,300]]",
    };
    for (size_t i = 0; i < sizeof TERMS / sizeof TERMS[0]; i++) {
        term_t t = fx_read(TERMS[i]);
        for (int depth = -1; depth <= 6; depth += 7) {
            for (int ll = 0; ll <= 80; ll += 80) {
                char expected[4096];
                snprintf(expected, sizeof expected, "%s", pretty_term(t, 1, ll, depth, LATIN1));
                for (size_t prefix = 0; prefix <= 300; prefix++)
                    check_fresh(t, prefix, ll, depth, expected, TERMS[i]);
            }
        }
    }
    /* Records: a tuple, a map or a list of n leaves after j atoms, so that
     * the 33rd record falls on every item of every container; on one
     * line its text is ~w's. */
    static const char *const SHAPES[][3] = {{"{", "}", "%d"}, {"#{", "}", "%d => %d"}, {"[", "]", "%d"}};
    for (size_t s = 0; s < 3; s++) {
        for (int j = 0; j < 34; j++) {
            for (int n = 1; n < (s == 1 ? 33 : 36); n++) {
                char text[2048];
                size_t at = 0;
                at += (size_t)snprintf(text + at, sizeof text - at, "[");
                for (int k = 0; k < j; k++)
                    at += (size_t)snprintf(text + at, sizeof text - at, "a%d,", k);
                at += (size_t)snprintf(text + at, sizeof text - at, "%s", SHAPES[s][0]);
                for (int k = 0; k < n; k++) {
                    at += (size_t)snprintf(text + at, sizeof text - at, k > 0 ? "," : "");
                    at += (size_t)snprintf(text + at, sizeof text - at, SHAPES[s][2], k, k);
                }
                snprintf(text + at, sizeof text - at, "%s]", SHAPES[s][1]);
                term_t t = fx_read(text);
                fmt_buf_reset(&buf);
                fmt_write(&buf, t, -1, false);
                char expected[4096];
                snprintf(expected, sizeof expected, "%s", buf.data);
                check_fresh(t, 0, 0, -1, expected, text);
                snprintf(expected, sizeof expected, "%s", pretty_term(t, 1, 80, -1, LATIN1));
                check_fresh(t, 0, 80, -1, expected, text);
            }
        }
    }
}

/* A term laid out over several lines is read from the buffer the one-line
 * pass wrote it to, which then changes places with scratch area 2
 * (take_text): one fmt_buf used for terms that break and terms that fit,
 * short and long, after text of every length up to 600 bytes, gives each
 * time what a new buffer gives, and keeps the text before the term. */
Test(pretty, buffers_take_turns)
{
    static const char *const TERMS[] = {
        "{state,{pid,95,0},\"brown fox ju\",[1.5,ok,\"abc\",<<1,2,3>>],#{data => 12.5,name => \"user\"},"
        "<<\"abcdefghijklmnopqrstuvwxyz\">>,{reply,1,2}}",
        "ok",
        "[{ok,1},{error,2.5,\"abc\"},{name,value,3}]",
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,"
        "38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,"
        "73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100]",
        "#{alpha => {1,2,3},beta => [x,y,z],gamma => #{k => v,l => [1.0,2.5]},delta => <<\"bytes\">>}",
    };
    enum { N = sizeof TERMS / sizeof TERMS[0] };
    char expected[N][4096];
    term_t ts[N];
    for (size_t i = 0; i < N; i++) {
        ts[i] = fx_read(TERMS[i]);
        snprintf(expected[i], sizeof expected[i], "%s", pretty_term(ts[i], 1, 80, -1, LATIN1));
    }
    cr_assert(strchr(expected[0], '\n') && strchr(expected[3], '\n'), "the long terms break");
    fmt_buf b;
    fmt_buf_init(&b);
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    for (size_t prefix = 0, step = 0; prefix <= 600; prefix += 7, step++) {
        size_t i = (step * 3) % N;
        fmt_buf_reset(&b);
        for (size_t k = 0; k < prefix; k++)
            fmt_buf_putc(&b, (char)('a' + k % 26));
        fmt_pretty(&b, ts[i], &o);
        bool kept = true;
        for (size_t k = 0; k < prefix; k++)
            kept &= b.data[k] == (char)('a' + k % 26);
        cr_expect(kept, "term %zu after %zu bytes: the bytes before it changed", i, prefix);
        cr_expect_str_eq(b.data + prefix, expected[i], "term %zu after %zu bytes", i, prefix);
        cr_expect_eq(b.len, prefix + strlen(expected[i]));
    }
    fmt_buf_free(&b);
}
