/* test_bif_scan.c: tests of vm/bif_scan.c, the C halves of erl_scan:string/3
 * and of erl_parse:parse_form/1, parse_exprs/1 and parse_term/1, against
 * OTP 25. Every expected term is what erl printed with ~w for the OTP call
 * the BIF stands in for:
 *
 *   scan rows:  erts_internal:scan_string(S, Line, Col, Flags) is
 *               erl_scan:string(S, Loc, Opts), Loc = Line when Col is 0,
 *               else {Line, Col}; Flags: 1 return_comments,
 *               2 return_white_spaces, 4 text (a raised error: "!Reason");
 *   parse rows: erl_parse:F(Tokens) of {ok, Tokens, _} = erl_scan:string(S,
 *               Loc, Opts) (here: the tokens of the scan BIF);
 *   token rows: erts_internal:F(Tokens) is erl_parse:F(Tokens) for tokens
 *               written out by hand.
 *
 * The rows were printed by an Erlang module running each call in erl (the
 * calls are the columns of the rows). The replies the Erlang half
 * (vm/lib/erl_parse.erl) turns into erl_parse's result or crash are
 * checked on their own, against erl's result for the same tokens. */
#include "tests/lib/terms.h"

#define BIF_DEF "vm/bif_scan.def"
#define BIF_SUITE bif_scan
#define BIF_ROWS_EQ term_eq_exact
#include "tests/lib/bif_rows.h"

#include "vm/atom.h"
#include "vm/cmp.h"

/* ---- erl_scan:string/3 --------------------------------------------------------- */

static const call_row scan_rows[] = {
    {"erts_internal:scan_string/4",
     "[\"foo(X) -> 'a b' ++ \\\"x\\\\n\\\" ++ [$a, 1.5, 16#ff]. % hi\\n bar.\", 1, 0, 0]",
     "{ok,[{atom,1,foo},{'(',1},{var,1,'X'},{')',1},{'->',1},{atom,1,'a "
     "b'},{'++',1},{string,1,[120,10]},{'++',1},{'[',1},{char,1,97},{',',1},{float,1,1.5},{',',1},{integer,1,"
     "255},{']',1},{dot,1},{atom,2,bar},{dot,2}],2}"},
    {"erts_internal:scan_string/4",
     "[\"foo(X) -> 'a b' ++ \\\"x\\\\n\\\" ++ [$a, 1.5, 16#ff]. % hi\\n bar.\", 1, 1, 0]",
     "{ok,[{atom,{1,1},foo},{'(',{1,4}},{var,{1,5},'X'},{')',{1,6}},{'->',{1,8}},{atom,{1,11},'a "
     "b'},{'++',{1,17}},{string,{1,20},[120,10]},{'++',{1,26}},{'[',{1,29}},{char,{1,30},97},{',',{1,32}},{"
     "float,{1,34},1.5},{',',{1,37}},{integer,{1,39},255},{']',{1,44}},{dot,{1,45}},{atom,{2,2},bar},{dot,{2,"
     "5}}],{2,6}}"},
    {"erts_internal:scan_string/4", "[\"\", 1, 0, 0]", "{ok,[],1}"},
    {"erts_internal:scan_string/4", "[\"\", 3, 7, 0]", "{ok,[],{3,7}}"},
    {"erts_internal:scan_string/4", "[\"a.b a. b.%c\", 1, 1, 0]",
     "{ok,[{atom,{1,1},a},{'.',{1,2}},{atom,{1,3},b},{atom,{1,5},a},{dot,{1,6}},{atom,{1,8},b},{dot,{1,9}}],{"
     "1,12}}"},
    {"erts_internal:scan_string/4", "[\"end maybe else fun 'end' ? \\\\ @ ^ ` ~ &\", 1, 0, 0]",
     "{ok,[{'end',1},{atom,1,maybe},{atom,1,else},{'fun',1},{atom,1,'end'},{'?',1},{'\\\\',1},{'@',1},{'^',1}"
     ",{'`',1},{'~',1},{'&',1}],1}"},
    {"erts_internal:scan_string/4",
     "[\"1_000 2#1010 36#zz 99999999999999999999999 1.0e10 $\\\\x{100} \\\"\\\\x{100}\\\" '\303\274' 0.1\", "
     "1, 1, 0]",
     "{ok,[{integer,{1,1},1000},{integer,{1,7},10},{integer,{1,14},1295},{integer,{1,20},"
     "99999999999999999999999},{float,{1,44},1.0e10},{char,{1,51},256},{string,{1,60},[256]},{atom,{1,70},"
     "\303\274},{float,{1,74},0.1}],{1,77}}"},
    {"erts_internal:scan_string/4", "[\"X_1 _ _Y \303\204 \303\237 \303\266\303\227\", 1, 0, 0]",
     "{ok,[{var,1,'X_1'},{var,1,'_'},{var,1,'_Y'},{var,1,'\303\204'},{atom,1,\303\237},{atom,1,\303\266},{'"
     "\303\227',1}],1}"},
    {"erts_internal:scan_string/4", "[\"<<>> =:= =/= =< >= == /= -> <- <= || := :: ... .. ?= =>\", 1, 1, 0]",
     "{ok,[{'<<',{1,1}},{'>>',{1,3}},{'=:=',{1,6}},{'=/"
     "=',{1,10}},{'=<',{1,14}},{'>=',{1,17}},{'==',{1,20}},{'/"
     "=',{1,23}},{'->',{1,26}},{'<-',{1,29}},{'<=',{1,32}},{'||',{1,35}},{':=',{1,38}},{'::',{1,41}},{'...',{"
     "1,44}},{'..',{1,48}},{'?=',{1,51}},{'=>',{1,54}}],{1,56}}"},
    {"erts_internal:scan_string/4", "[\"'a\\nb' \\\"c\\nd\\\" x\", 1, 1, 0]",
     "{ok,[{atom,{1,1},'a\\nb'},{string,{2,4},[99,10,100]},{atom,{3,4},x}],{3,5}}"},
    {"erts_internal:scan_string/4", "[\"$\\n x\", 1, 1, 0]", "{ok,[{char,{1,1},10},{atom,{2,2},x}],{2,3}}"},
    {"erts_internal:scan_string/4", "[\"a \\\"bc\", 1, 0, 0]", "{error,{1,erl_scan,{string,34,[98,99]}},1}"},
    {"erts_internal:scan_string/4", "[\"a \\\"bc\", 1, 1, 0]",
     "{error,{{1,3},erl_scan,{string,34,[98,99]}},{1,6}}"},
    {"erts_internal:scan_string/4", "[\"a 'bc\", 1, 1, 0]",
     "{error,{{1,3},erl_scan,{string,39,[98,99]}},{1,6}}"},
    {"erts_internal:scan_string/4", "[\"a 16#\", 2, 2, 0]",
     "{error,{{2,4},erl_scan,{illegal,integer}},{2,7}}"},
    {"erts_internal:scan_string/4", "[\"a $\", 1, 0, 0]", "{error,{1,erl_scan,char},1}"},
    {"erts_internal:scan_string/4", "[\"1.0e999 b\", 1, 1, 0]",
     "{error,{{1,1},erl_scan,{illegal,float}},{1,8}}"},
    {"erts_internal:scan_string/4", "[\"99#1\", 1, 0, 0]", "{error,{1,erl_scan,{base,99}},1}"},
    {"erts_internal:scan_string/4", "[[97,32,1114112], 1, 1, 0]",
     "{error,{{1,3},erl_scan,{illegal,character}},{1,4}}"},
    {"erts_internal:scan_string/4", "[[97,55296], 1, 0, 0]", "{error,{1,erl_scan,{illegal,character}},1}"},
    {"erts_internal:scan_string/4", "[\"\304\200a\", 1, 1, 0]",
     "{error,{{1,1},erl_scan,{illegal,character}},{1,2}}"},
    {"erts_internal:scan_string/4", "[\"\\\"abc\\\\qdef\\\"\", 1, 0, 0]",
     "{ok,[{string,1,[97,98,99,113,100,101,102]}],1}"},
    {"erts_internal:scan_string/4", "[\"\\\"\\\\x{D800}\\\"\", 1, 1, 0]",
     "{error,{{1,2},erl_scan,{illegal,character}},{1,10}}"},
    {"erts_internal:scan_string/4", "[\"a %\304\200\\n b\", 1, 1, 0]",
     "{ok,[{atom,{1,1},a},{atom,{2,2},b}],{2,3}}"},
    {"erts_internal:scan_string/4", "[[37,65534], 1, 0, 0]", "{error,{1,erl_scan,{illegal,character}},1}"},
    {"erts_internal:scan_string/4", "[\"a\", 0, 0, 0]", "{ok,[{atom,0,a}],0}"},
    {"erts_internal:scan_string/4", "[\"a\", 12345678901, 0, 0]", "{ok,[{atom,12345678901,a}],12345678901}"},
    {"erts_internal:scan_string/4", "[\"a\\nb\", 5, 100, 0]", "{ok,[{atom,{5,100},a},{atom,{6,1},b}],{6,2}}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 0, 4]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{atom,[{text,[98]},{location,2}],b}],3}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 1, 4]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{atom,[{text,[98]},{location,{2,3}}],b}],{3,1}}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 0, 1]",
     "{ok,[{atom,1,a},{comment,1,[37,32,99,111,109,109,101,110,116]},{atom,2,b},{comment,2,[37,37,32,97,110,"
     "111,116,104,101,114]}],3}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 1, 1]",
     "{ok,[{atom,{1,1},a},{comment,{1,3},[37,32,99,111,109,109,101,110,116]},{atom,{2,3},b},{comment,{2,5},["
     "37,37,32,97,110,111,116,104,101,114]}],{3,1}}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 0, 2]",
     "{ok,[{atom,1,a},{white_space,1,[32]},{white_space,1,[10,32,32]},{atom,2,b},{white_space,2,[32]},{white_"
     "space,2,[10]}],3}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 1, 2]",
     "{ok,[{atom,{1,1},a},{white_space,{1,2},[32]},{white_space,{1,12},[10,32,32]},{atom,{2,3},b},{white_"
     "space,{2,4},[32]},{white_space,{2,15},[10]}],{3,1}}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 0, 7]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{white_space,[{text,[32]},{location,1}],[32]},{comment,[{text,"
     "[37,32,99,111,109,109,101,110,116]},{location,1}],[37,32,99,111,109,109,101,110,116]},{white_space,[{"
     "text,[10,32,32]},{location,1}],[10,32,32]},{atom,[{text,[98]},{location,2}],b},{white_space,[{text,[32]"
     "},{location,2}],[32]},{comment,[{text,[37,37,32,97,110,111,116,104,101,114]},{location,2}],[37,37,32,"
     "97,110,111,116,104,101,114]},{white_space,[{text,[10]},{location,2}],[10]}],3}"},
    {"erts_internal:scan_string/4", "[\"a % comment\\n  b %% another\\n\", 1, 1, 7]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{white_space,[{text,[32]},{location,{1,2}}],[32]},{"
     "comment,[{text,[37,32,99,111,109,109,101,110,116]},{location,{1,3}}],[37,32,99,111,109,109,101,110,116]"
     "},{white_space,[{text,[10,32,32]},{location,{1,12}}],[10,32,32]},{atom,[{text,[98]},{location,{2,3}}],"
     "b},{white_space,[{text,[32]},{location,{2,4}}],[32]},{comment,[{text,[37,37,32,97,110,111,116,104,101,"
     "114]},{location,{2,5}}],[37,37,32,97,110,111,116,104,101,114]},{white_space,[{text,[10]},{location,{2,"
     "15}}],[10]}],{3,1}}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 0, 4]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{atom,[{text,[98]},{location,3}],b}],3}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 1, 4]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{atom,[{text,[98]},{location,{3,3}}],b}],{3,6}}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 0, 1]", "{ok,[{atom,1,a},{atom,3,b}],3}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 1, 1]",
     "{ok,[{atom,{1,1},a},{atom,{3,3},b}],{3,6}}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 0, 2]",
     "{ok,[{atom,1,a},{white_space,1,[32]},{white_space,1,[9]},{white_space,1,[32]},{white_space,1,[10,32]},{"
     "white_space,2,[10,32,32]},{atom,3,b},{white_space,3,[32,32]}],3}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 1, 2]",
     "{ok,[{atom,{1,1},a},{white_space,{1,2},[32]},{white_space,{1,3},[9]},{white_space,{1,4},[32]},{white_"
     "space,{1,5},[10,32]},{white_space,{2,2},[10,32,32]},{atom,{3,3},b},{white_space,{3,4},[32,32]}],{3,6}"
     "}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 0, 7]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{white_space,[{text,[32]},{location,1}],[32]},{white_space,[{"
     "text,[9]},{location,1}],[9]},{white_space,[{text,[32]},{location,1}],[32]},{white_space,[{text,[10,32]}"
     ",{location,1}],[10,32]},{white_space,[{text,[10,32,32]},{location,2}],[10,32,32]},{atom,[{text,[98]},{"
     "location,3}],b},{white_space,[{text,[32,32]},{location,3}],[32,32]}],3}"},
    {"erts_internal:scan_string/4", "[\"a \\t \\n \\n  b  \", 1, 1, 7]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{white_space,[{text,[32]},{location,{1,2}}],[32]},{white_"
     "space,[{text,[9]},{location,{1,3}}],[9]},{white_space,[{text,[32]},{location,{1,4}}],[32]},{white_"
     "space,[{text,[10,32]},{location,{1,5}}],[10,32]},{white_space,[{text,[10,32,32]},{location,{2,2}}],[10,"
     "32,32]},{atom,[{text,[98]},{location,{3,3}}],b},{white_space,[{text,[32,32]},{location,{3,4}}],[32,32]}"
     "],{3,6}}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 0, 4]",
     "{ok,[{atom,[{text,[120]},{location,1}],x},{atom,[{text,[121]},{location,5}],y}],5}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 1, 4]",
     "{ok,[{atom,[{text,[120]},{location,{1,1}}],x},{atom,[{text,[121]},{location,{5,1}}],y}],{5,2}}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 0, 1]", "{ok,[{atom,1,x},{atom,5,y}],5}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 1, 1]",
     "{ok,[{atom,{1,1},x},{atom,{5,1},y}],{5,2}}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 0, 2]",
     "{ok,[{atom,1,x},{white_space,1,[10]},{white_space,2,[10]},{white_space,3,[10]},{white_space,4,[10]},{"
     "atom,5,y}],5}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 1, 2]",
     "{ok,[{atom,{1,1},x},{white_space,{1,2},[10]},{white_space,{2,1},[10]},{white_space,{3,1},[10]},{white_"
     "space,{4,1},[10]},{atom,{5,1},y}],{5,2}}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 0, 7]",
     "{ok,[{atom,[{text,[120]},{location,1}],x},{white_space,[{text,[10]},{location,1}],[10]},{white_space,[{"
     "text,[10]},{location,2}],[10]},{white_space,[{text,[10]},{location,3}],[10]},{white_space,[{text,[10]},"
     "{location,4}],[10]},{atom,[{text,[121]},{location,5}],y}],5}"},
    {"erts_internal:scan_string/4", "[\"x\\n\\n\\n\\ny\", 1, 1, 7]",
     "{ok,[{atom,[{text,[120]},{location,{1,1}}],x},{white_space,[{text,[10]},{location,{1,2}}],[10]},{white_"
     "space,[{text,[10]},{location,{2,1}}],[10]},{white_space,[{text,[10]},{location,{3,1}}],[10]},{white_"
     "space,[{text,[10]},{location,{4,1}}],[10]},{atom,[{text,[121]},{location,{5,1}}],y}],{5,2}}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 0, 4]",
     "{ok,[{atom,[{text,[102]},{location,1}],f},{'(',[{text,[40]},{location,1}]},{atom,[{text,[97]},{"
     "location,2}],a},{',',[{text,[44]},{location,2}]},{atom,[{text,[98]},{location,3}],b},{')',[{text,[41]},"
     "{location,3}]}],3}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 1, 4]",
     "{ok,[{atom,[{text,[102]},{location,{1,1}}],f},{'(',[{text,[40]},{location,{1,2}}]},{atom,[{text,[97]},{"
     "location,{2,5}}],a},{',',[{text,[44]},{location,{2,6}}]},{atom,[{text,[98]},{location,{3,2}}],b},{')',["
     "{text,[41]},{location,{3,3}}]}],{3,4}}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 0, 1]",
     "{ok,[{atom,1,f},{'(',1},{atom,2,a},{',',2},{atom,3,b},{')',3}],3}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 1, 1]",
     "{ok,[{atom,{1,1},f},{'(',{1,2}},{atom,{2,5},a},{',',{2,6}},{atom,{3,2},b},{')',{3,3}}],{3,4}}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 0, 2]",
     "{ok,[{atom,1,f},{'(',1},{white_space,1,[10,9,9,9,9]},{atom,2,a},{',',2},{white_space,2,[13]},{white_"
     "space,2,[10,32]},{atom,3,b},{')',3}],3}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 1, 2]",
     "{ok,[{atom,{1,1},f},{'(',{1,2}},{white_space,{1,3},[10,9,9,9,9]},{atom,{2,5},a},{',',{2,6}},{white_"
     "space,{2,7},[13]},{white_space,{2,8},[10,32]},{atom,{3,2},b},{')',{3,3}}],{3,4}}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 0, 7]",
     "{ok,[{atom,[{text,[102]},{location,1}],f},{'(',[{text,[40]},{location,1}]},{white_space,[{text,[10,9,9,"
     "9,9]},{location,1}],[10,9,9,9,9]},{atom,[{text,[97]},{location,2}],a},{',',[{text,[44]},{location,2}]},"
     "{white_space,[{text,[13]},{location,2}],[13]},{white_space,[{text,[10,32]},{location,2}],[10,32]},{"
     "atom,[{text,[98]},{location,3}],b},{')',[{text,[41]},{location,3}]}],3}"},
    {"erts_internal:scan_string/4", "[\"f(\\n\\t\\t\\t\\ta,\\r\\n b)\", 1, 1, 7]",
     "{ok,[{atom,[{text,[102]},{location,{1,1}}],f},{'(',[{text,[40]},{location,{1,2}}]},{white_space,[{text,"
     "[10,9,9,9,9]},{location,{1,3}}],[10,9,9,9,9]},{atom,[{text,[97]},{location,{2,5}}],a},{',',[{text,[44]}"
     ",{location,{2,6}}]},{white_space,[{text,[13]},{location,{2,7}}],[13]},{white_space,[{text,[10,32]},{"
     "location,{2,8}}],[10,32]},{atom,[{text,[98]},{location,{3,2}}],b},{')',[{text,[41]},{location,{3,3}}]}]"
     ",{3,4}}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 0, 4]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{atom,[{text,[98]},{location,1}],b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 1, 4]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{atom,[{text,[98]},{location,{1,5}}],b}],{1,6}}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 0, 1]", "{ok,[{atom,1,a},{atom,1,b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 1, 1]", "{ok,[{atom,{1,1},a},{atom,{1,5},b}],{1,6}}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 0, 2]",
     "{ok,[{atom,1,a},{white_space,1,[11,12,32]},{atom,1,b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 1, 2]",
     "{ok,[{atom,{1,1},a},{white_space,{1,2},[11,12,32]},{atom,{1,5},b}],{1,6}}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 0, 7]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{white_space,[{text,[11,12,32]},{location,1}],[11,12,32]},{"
     "atom,[{text,[98]},{location,1}],b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\v\\f b\", 1, 1, 7]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{white_space,[{text,[11,12,32]},{location,{1,2}}],[11,12,"
     "32]},{atom,[{text,[98]},{location,{1,5}}],b}],{1,6}}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 0, 4]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{atom,[{text,[98]},{location,1}],b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 1, 4]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{atom,[{text,[98]},{location,{1,4}}],b}],{1,5}}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 0, 1]", "{ok,[{atom,1,a},{atom,1,b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 1, 1]",
     "{ok,[{atom,{1,1},a},{atom,{1,4},b}],{1,5}}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 0, 2]",
     "{ok,[{atom,1,a},{white_space,1,[133,160]},{atom,1,b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 1, 2]",
     "{ok,[{atom,{1,1},a},{white_space,{1,2},[133,160]},{atom,{1,4},b}],{1,5}}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 0, 7]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{white_space,[{text,[133,160]},{location,1}],[133,160]},{atom,"
     "[{text,[98]},{location,1}],b}],1}"},
    {"erts_internal:scan_string/4", "[\"a\\205\302\240b\", 1, 1, 7]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{white_space,[{text,[133,160]},{location,{1,2}}],[133,160]"
     "},{atom,[{text,[98]},{location,{1,4}}],b}],{1,5}}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 0, 4]",
     "{ok,[{atom,[{text,[120]},{location,2}],x}],2}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 1, 4]",
     "{ok,[{atom,[{text,[120]},{location,{2,34}}],x}],{2,35}}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 0, 1]",
     "{ok,[{atom,2,x}],2}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 1, 1]",
     "{ok,[{atom,{2,34},x}],{2,35}}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 0, 2]",
     "{ok,[{white_space,1,[32,32]},{white_space,1,[10,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]},{"
     "white_space,2,[32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]},{white_space,2,[32]},{atom,2,x}],2}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 1, 2]",
     "{ok,[{white_space,{1,1},[32,32]},{white_space,{1,3},[10,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,"
     "32]},{white_space,{2,17},[32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]},{white_space,{2,33},[32]},{"
     "atom,{2,34},x}],{2,35}}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 0, 7]",
     "{ok,[{white_space,[{text,[32,32]},{location,1}],[32,32]},{white_space,[{text,[10,32,32,32,32,32,32,32,"
     "32,32,32,32,32,32,32,32,32]},{location,1}],[10,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]},{"
     "white_space,[{text,[32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]},{location,2}],[32,32,32,32,32,32,"
     "32,32,32,32,32,32,32,32,32,32]},{white_space,[{text,[32]},{location,2}],[32]},{atom,[{text,[120]},{"
     "location,2}],x}],2}"},
    {"erts_internal:scan_string/4", "[\"  \\n                                 x\", 1, 1, 7]",
     "{ok,[{white_space,[{text,[32,32]},{location,{1,1}}],[32,32]},{white_space,[{text,[10,32,32,32,32,32,32,"
     "32,32,32,32,32,32,32,32,32,32]},{location,{1,3}}],[10,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]}"
     ",{white_space,[{text,[32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32]},{location,{2,17}}],[32,32,32,"
     "32,32,32,32,32,32,32,32,32,32,32,32,32]},{white_space,[{text,[32]},{location,{2,33}}],[32]},{atom,[{"
     "text,[120]},{location,{2,34}}],x}],{2,35}}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 0, 4]",
     "{ok,[{atom,[{text,[120]},{location,1}],x}],1}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 1, 4]",
     "{ok,[{atom,[{text,[120]},{location,{1,14}}],x}],{1,15}}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 0, 1]",
     "{ok,[{atom,1,x}],1}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 1, 1]",
     "{ok,[{atom,{1,14},x}],{1,15}}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 0, 2]",
     "{ok,[{white_space,1,[9,9,9,9,9,9,9,9,9,9]},{white_space,1,[9,9]},{white_space,1,[32]},{atom,1,x}],1}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 1, 2]",
     "{ok,[{white_space,{1,1},[9,9,9,9,9,9,9,9,9,9]},{white_space,{1,11},[9,9]},{white_space,{1,13},[32]},{"
     "atom,{1,14},x}],{1,15}}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 0, 7]",
     "{ok,[{white_space,[{text,[9,9,9,9,9,9,9,9,9,9]},{location,1}],[9,9,9,9,9,9,9,9,9,9]},{white_space,[{"
     "text,[9,9]},{location,1}],[9,9]},{white_space,[{text,[32]},{location,1}],[32]},{atom,[{text,[120]},{"
     "location,1}],x}],1}"},
    {"erts_internal:scan_string/4", "[\"\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t x\", 1, 1, 7]",
     "{ok,[{white_space,[{text,[9,9,9,9,9,9,9,9,9,9]},{location,{1,1}}],[9,9,9,9,9,9,9,9,9,9]},{white_space,["
     "{text,[9,9]},{location,{1,11}}],[9,9]},{white_space,[{text,[32]},{location,{1,13}}],[32]},{atom,[{text,"
     "[120]},{location,{1,14}}],x}],{1,15}}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 0, 4]",
     "{ok,[{atom,[{text,[120]},{location,2}],x}],2}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 1, 4]",
     "{ok,[{atom,[{text,[120]},{location,{2,14}}],x}],{2,15}}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 0, 1]",
     "{ok,[{atom,2,x}],2}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 1, 1]",
     "{ok,[{atom,{2,14},x}],{2,15}}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 0, 2]",
     "{ok,[{white_space,1,[10,9,9,9,9,9,9,9,9,9,9]},{white_space,2,[9,9,9]},{atom,2,x}],2}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 1, 2]",
     "{ok,[{white_space,{1,1},[10,9,9,9,9,9,9,9,9,9,9]},{white_space,{2,11},[9,9,9]},{atom,{2,14},x}],{2,15}"
     "}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 0, 7]",
     "{ok,[{white_space,[{text,[10,9,9,9,9,9,9,9,9,9,9]},{location,1}],[10,9,9,9,9,9,9,9,9,9,9]},{white_"
     "space,[{text,[9,9,9]},{location,2}],[9,9,9]},{atom,[{text,[120]},{location,2}],x}],2}"},
    {"erts_internal:scan_string/4", "[\"\\n\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\tx\", 1, 1, 7]",
     "{ok,[{white_space,[{text,[10,9,9,9,9,9,9,9,9,9,9]},{location,{1,1}}],[10,9,9,9,9,9,9,9,9,9,9]},{white_"
     "space,[{text,[9,9,9]},{location,{2,11}}],[9,9,9]},{atom,[{text,[120]},{location,{2,14}}],x}],{2,15}}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 0, 4]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{dot,[{text,[46,10]},{location,1}]},{atom,[{text,[98]},{"
     "location,2}],b},{dot,[{text,[46,32]},{location,2}]},{atom,[{text,[99]},{location,2}],c}],2}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 1, 4]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{dot,[{text,[46,10]},{location,{1,2}}]},{atom,[{text,[98]}"
     ",{location,{2,2}}],b},{dot,[{text,[46,32]},{location,{2,3}}]},{atom,[{text,[99]},{location,{2,5}}],c}],"
     "{2,6}}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 0, 1]",
     "{ok,[{atom,1,a},{dot,1},{atom,2,b},{dot,2},{atom,2,c}],2}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 1, 1]",
     "{ok,[{atom,{1,1},a},{dot,{1,2}},{atom,{2,2},b},{dot,{2,3}},{atom,{2,5},c}],{2,6}}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 0, 2]",
     "{ok,[{atom,1,a},{dot,1},{white_space,2,[32]},{atom,2,b},{dot,2},{atom,2,c}],2}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 1, 2]",
     "{ok,[{atom,{1,1},a},{dot,{1,2}},{white_space,{2,1},[32]},{atom,{2,2},b},{dot,{2,3}},{atom,{2,5},c}],{2,"
     "6}}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 0, 7]",
     "{ok,[{atom,[{text,[97]},{location,1}],a},{dot,[{text,[46,10]},{location,1}]},{white_space,[{text,[32]},"
     "{location,2}],[32]},{atom,[{text,[98]},{location,2}],b},{dot,[{text,[46,32]},{location,2}]},{atom,[{"
     "text,[99]},{location,2}],c}],2}"},
    {"erts_internal:scan_string/4", "[\"a.\\n b. c\", 1, 1, 7]",
     "{ok,[{atom,[{text,[97]},{location,{1,1}}],a},{dot,[{text,[46,10]},{location,{1,2}}]},{white_space,[{"
     "text,[32]},{location,{2,1}}],[32]},{atom,[{text,[98]},{location,{2,2}}],b},{dot,[{text,[46,32]},{"
     "location,{2,3}}]},{atom,[{text,[99]},{location,{2,5}}],c}],{2,6}}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 0, 4]",
     "{ok,[{string,[{text,[34,115,92,110,34]},{location,1}],[115,10]},{char,[{text,[36,92,115]},{location,1}]"
     ",32},{atom,[{text,[39,113,39]},{location,1}],q},{float,[{text,[49,46,53]},{location,1}],1.5},{integer,["
     "{text,[49,54,35,49,70]},{location,1}],31}],1}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 1, 4]",
     "{ok,[{string,[{text,[34,115,92,110,34]},{location,{1,1}}],[115,10]},{char,[{text,[36,92,115]},{"
     "location,{1,7}}],32},{atom,[{text,[39,113,39]},{location,{1,11}}],q},{float,[{text,[49,46,53]},{"
     "location,{1,15}}],1.5},{integer,[{text,[49,54,35,49,70]},{location,{1,19}}],31}],{1,24}}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 0, 1]",
     "{ok,[{string,1,[115,10]},{char,1,32},{atom,1,q},{float,1,1.5},{integer,1,31}],1}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 1, 1]",
     "{ok,[{string,{1,1},[115,10]},{char,{1,7},32},{atom,{1,11},q},{float,{1,15},1.5},{integer,{1,19},31}],{"
     "1,24}}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 0, 2]",
     "{ok,[{string,1,[115,10]},{white_space,1,[32]},{char,1,32},{white_space,1,[32]},{atom,1,q},{white_space,"
     "1,[32]},{float,1,1.5},{white_space,1,[32]},{integer,1,31}],1}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 1, 2]",
     "{ok,[{string,{1,1},[115,10]},{white_space,{1,6},[32]},{char,{1,7},32},{white_space,{1,10},[32]},{atom,{"
     "1,11},q},{white_space,{1,14},[32]},{float,{1,15},1.5},{white_space,{1,18},[32]},{integer,{1,19},31}],{"
     "1,24}}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 0, 7]",
     "{ok,[{string,[{text,[34,115,92,110,34]},{location,1}],[115,10]},{white_space,[{text,[32]},{location,1}]"
     ",[32]},{char,[{text,[36,92,115]},{location,1}],32},{white_space,[{text,[32]},{location,1}],[32]},{atom,"
     "[{text,[39,113,39]},{location,1}],q},{white_space,[{text,[32]},{location,1}],[32]},{float,[{text,[49,"
     "46,53]},{location,1}],1.5},{white_space,[{text,[32]},{location,1}],[32]},{integer,[{text,[49,54,35,49,"
     "70]},{location,1}],31}],1}"},
    {"erts_internal:scan_string/4", "[\"\\\"s\\\\n\\\" $\\\\s 'q' 1.5 16#1F\", 1, 1, 7]",
     "{ok,[{string,[{text,[34,115,92,110,34]},{location,{1,1}}],[115,10]},{white_space,[{text,[32]},{"
     "location,{1,6}}],[32]},{char,[{text,[36,92,115]},{location,{1,7}}],32},{white_space,[{text,[32]},{"
     "location,{1,10}}],[32]},{atom,[{text,[39,113,39]},{location,{1,11}}],q},{white_space,[{text,[32]},{"
     "location,{1,14}}],[32]},{float,[{text,[49,46,53]},{location,{1,15}}],1.5},{white_space,[{text,[32]},{"
     "location,{1,18}}],[32]},{integer,[{text,[49,54,35,49,70]},{location,{1,19}}],31}],{1,24}}"},
    {"erts_internal:scan_string/4", "[\"a\", -1, 0, 0]", "!badarg"},
    {"erts_internal:scan_string/4", "[\"\", -1, 0, 0]", "{ok,[],-1}"},
    {"erts_internal:scan_string/4", "[\"$\", -2, 0, 0]", "{error,{-2,erl_scan,char},-2}"},
};

Test(bif_scan, scan_rows) { check_rows(scan_rows, sizeof scan_rows / sizeof scan_rows[0]); }

/* ---- erl_parse over scanned tokens ---------------------------------------------- */

typedef struct parse_row {
    const char *fn, *src;
    long line, col, flags;
    const char *want;
} parse_row;

static const parse_row parse_rows[] = {
    {"parse_exprs", "{ok, [1,2]}.", 1, 0, 0,
     "{ok,[{tuple,1,[{atom,1,ok},{cons,1,{integer,1,1},{cons,1,{integer,1,2},{nil,1}}}]}]}"},
    {"parse_exprs", "{ok, [1,2]}.", 1, 1, 0,
     "{ok,[{tuple,{1,1},[{atom,{1,2},ok},{cons,{1,6},{integer,{1,7},1},{cons,{1,9},{integer,{1,9},2},{nil,{1,"
     "10}}}}]}]}"},
    {"parse_exprs", "{ok, [1,2]}.", 1, 0, 4,
     "{ok,[{tuple,[{text,[123]},{location,1}],[{atom,[{text,[111,107]},{location,1}],ok},{cons,[{text,[91]},{"
     "location,1}],{integer,[{text,[49]},{location,1}],1},{cons,[{text,[50]},{location,1}],{integer,[{text,["
     "50]},{location,1}],2},{nil,[{text,[93]},{location,1}]}}}]}]}"},
    {"parse_term", "{ok, [1,2]}.", 1, 0, 0, "{ok,{ok,[1,2]}}"},
    {"parse_term", "{ok, [1,2]}.", 1, 1, 0, "{ok,{ok,[1,2]}}"},
    {"parse_term", "{ok, [1,2]}.", 1, 0, 4, "{ok,{ok,[1,2]}}"},
    {"parse_exprs", "foo.", 1, 0, 0, "{ok,[{atom,1,foo}]}"},
    {"parse_exprs", "foo.", 1, 1, 0, "{ok,[{atom,{1,1},foo}]}"},
    {"parse_exprs", "foo.", 1, 0, 4, "{ok,[{atom,[{text,[102,111,111]},{location,1}],foo}]}"},
    {"parse_term", "foo.", 1, 0, 0, "{ok,foo}"},
    {"parse_term", "foo.", 1, 1, 0, "{ok,foo}"},
    {"parse_term", "foo.", 1, 0, 4, "{ok,foo}"},
    {"parse_exprs", "X = 1, Y = X + 2.", 1, 0, 0,
     "{ok,[{match,1,{var,1,'X'},{integer,1,1}},{match,1,{var,1,'Y'},{op,1,'+',{var,1,'X'},{integer,1,2}}}]}"},
    {"parse_exprs", "X = 1, Y = X + 2.", 1, 1, 0,
     "{ok,[{match,{1,1},{var,{1,1},'X'},{integer,{1,5},1}},{match,{1,8},{var,{1,8},'Y'},{op,{1,14},'+',{var,{"
     "1,12},'X'},{integer,{1,16},2}}}]}"},
    {"parse_exprs", "X = 1, Y = X + 2.", 1, 0, 4,
     "{ok,[{match,[{text,[88]},{location,1}],{var,[{text,[88]},{location,1}],'X'},{integer,[{text,[49]},{"
     "location,1}],1}},{match,[{text,[89]},{location,1}],{var,[{text,[89]},{location,1}],'Y'},{op,[{text,[43]"
     "},{location,1}],'+',{var,[{text,[88]},{location,1}],'X'},{integer,[{text,[50]},{location,1}],2}}}]}"},
    {"parse_term", "X = 1, Y = X + 2.", 1, 0, 0, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "X = 1, Y = X + 2.", 1, 1, 0, "{error,{{1,8},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "X = 1, Y = X + 2.", 1, 0, 4, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "\"ab\" \"cd\".", 1, 0, 0, "{ok,[{string,1,[97,98,99,100]}]}"},
    {"parse_exprs", "\"ab\" \"cd\".", 1, 1, 0, "{ok,[{string,{1,1},[97,98,99,100]}]}"},
    {"parse_exprs", "\"ab\" \"cd\".", 1, 0, 4,
     "{ok,[{string,[{text,[34,97,98,34]},{location,1}],[97,98,99,100]}]}"},
    {"parse_term", "\"ab\" \"cd\".", 1, 0, 0, "{ok,[97,98,99,100]}"},
    {"parse_term", "\"ab\" \"cd\".", 1, 1, 0, "{ok,[97,98,99,100]}"},
    {"parse_term", "\"ab\" \"cd\".", 1, 0, 4, "{ok,[97,98,99,100]}"},
    {"parse_exprs", "-1.", 1, 0, 0, "{ok,[{op,1,'-',{integer,1,1}}]}"},
    {"parse_exprs", "-1.", 1, 1, 0, "{ok,[{op,{1,1},'-',{integer,{1,2},1}}]}"},
    {"parse_exprs", "-1.", 1, 0, 4,
     "{ok,[{op,[{text,[45]},{location,1}],'-',{integer,[{text,[49]},{location,1}],1}}]}"},
    {"parse_term", "-1.", 1, 0, 0, "{ok,-1}"},
    {"parse_term", "-1.", 1, 1, 0, "{ok,-1}"},
    {"parse_term", "-1.", 1, 0, 4, "{ok,-1}"},
    {"parse_exprs", "#{a => 1, \"b\" => [c]}.", 1, 0, 0,
     "{ok,[{map,1,[{map_field_assoc,1,{atom,1,a},{integer,1,1}},{map_field_assoc,1,{string,1,[98]},{cons,1,{"
     "atom,1,c},{nil,1}}}]}]}"},
    {"parse_exprs", "#{a => 1, \"b\" => [c]}.", 1, 1, 0,
     "{ok,[{map,{1,1},[{map_field_assoc,{1,5},{atom,{1,3},a},{integer,{1,8},1}},{map_field_assoc,{1,15},{"
     "string,{1,11},[98]},{cons,{1,18},{atom,{1,19},c},{nil,{1,20}}}}]}]}"},
    {"parse_exprs", "#{a => 1, \"b\" => [c]}.", 1, 0, 4,
     "{ok,[{map,[{text,[35]},{location,1}],[{map_field_assoc,[{text,[61,62]},{location,1}],{atom,[{text,[97]}"
     ",{location,1}],a},{integer,[{text,[49]},{location,1}],1}},{map_field_assoc,[{text,[61,62]},{location,1}"
     "],{string,[{text,[34,98,34]},{location,1}],[98]},{cons,[{text,[91]},{location,1}],{atom,[{text,[99]},{"
     "location,1}],c},{nil,[{text,[93]},{location,1}]}}}]}]}"},
    {"parse_term", "#{a => 1, \"b\" => [c]}.", 1, 0, 0, "{ok,#{a => 1,[98] => [c]}}"},
    {"parse_term", "#{a => 1, \"b\" => [c]}.", 1, 1, 0, "{ok,#{a => 1,[98] => [c]}}"},
    {"parse_term", "#{a => 1, \"b\" => [c]}.", 1, 0, 4, "{ok,#{a => 1,[98] => [c]}}"},
    {"parse_exprs", "<<1,2:4,\"x\">>.", 1, 0, 0,
     "{ok,[{bin,1,[{bin_element,1,{integer,1,1},default,default},{bin_element,1,{integer,1,2},{integer,1,4},"
     "default},{bin_element,1,{string,1,[120]},default,default}]}]}"},
    {"parse_exprs", "<<1,2:4,\"x\">>.", 1, 1, 0,
     "{ok,[{bin,{1,1},[{bin_element,{1,3},{integer,{1,3},1},default,default},{bin_element,{1,5},{integer,{1,"
     "5},2},{integer,{1,7},4},default},{bin_element,{1,9},{string,{1,9},[120]},default,default}]}]}"},
    {"parse_exprs", "<<1,2:4,\"x\">>.", 1, 0, 4,
     "{ok,[{bin,[{text,[60,60]},{location,1}],[{bin_element,[{text,[49]},{location,1}],{integer,[{text,[49]},"
     "{location,1}],1},default,default},{bin_element,[{text,[50]},{location,1}],{integer,[{text,[50]},{"
     "location,1}],2},{integer,[{text,[52]},{location,1}],4},default},{bin_element,[{text,[34,120,34]},{"
     "location,1}],{string,[{text,[34,120,34]},{location,1}],[120]},default,default}]}]}"},
    {"parse_term", "<<1,2:4,\"x\">>.", 1, 0, 0, "{ok,<<1,39,8:4>>}"},
    {"parse_term", "<<1,2:4,\"x\">>.", 1, 1, 0, "{ok,<<1,39,8:4>>}"},
    {"parse_term", "<<1,2:4,\"x\">>.", 1, 0, 4, "{ok,<<1,39,8:4>>}"},
    {"parse_exprs", "-16#FFFFFFFFFFFFFFFFFFFF.", 1, 0, 0,
     "{ok,[{op,1,'-',{integer,1,1208925819614629174706175}}]}"},
    {"parse_exprs", "-16#FFFFFFFFFFFFFFFFFFFF.", 1, 1, 0,
     "{ok,[{op,{1,1},'-',{integer,{1,2},1208925819614629174706175}}]}"},
    {"parse_exprs", "-16#FFFFFFFFFFFFFFFFFFFF.", 1, 0, 4,
     "{ok,[{op,[{text,[45]},{location,1}],'-',{integer,[{text,[49,54,35,70,70,70,70,70,70,70,70,70,70,70,70,"
     "70,70,70,70,70,70,70,70]},{location,1}],1208925819614629174706175}}]}"},
    {"parse_term", "-16#FFFFFFFFFFFFFFFFFFFF.", 1, 0, 0, "{ok,-1208925819614629174706175}"},
    {"parse_term", "-16#FFFFFFFFFFFFFFFFFFFF.", 1, 1, 0, "{ok,-1208925819614629174706175}"},
    {"parse_term", "-16#FFFFFFFFFFFFFFFFFFFF.", 1, 0, 4, "{ok,-1208925819614629174706175}"},
    {"parse_exprs", "a. b.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_exprs", "a. b.", 1, 1, 0,
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[98]]}}"},
    {"parse_exprs", "a. b.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_term", "a. b.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_term", "a. b.", 1, 1, 0,
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[98]]}}"},
    {"parse_term", "a. b.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_exprs", "a b.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_exprs", "a b.", 1, 1, 0,
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[98]]}}"},
    {"parse_exprs", "a b.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_term", "a b.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_term", "a b.", 1, 1, 0,
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[98]]}}"},
    {"parse_term", "a b.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"parse_exprs", "a", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_exprs", "a", 1, 1, 0,
     "{error,{{1,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"parse_exprs", "a", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_term", "a", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_term", "a", 1, 1, 0,
     "{error,{{1,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"parse_term", "a", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_exprs", "(a.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"parse_exprs", "(a.", 1, 1, 0,
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[39,46,39]]}}"},
    {"parse_exprs", "(a.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "46]]}}"},
    {"parse_term", "(a.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"parse_term", "(a.", 1, 1, 0,
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[39,46,39]]}}"},
    {"parse_term", "(a.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "46]]}}"},
    {"parse_exprs", "[1,2|3].", 1, 0, 0,
     "{ok,[{cons,1,{integer,1,1},{cons,1,{integer,1,2},{integer,1,3}}}]}"},
    {"parse_exprs", "[1,2|3].", 1, 1, 0,
     "{ok,[{cons,{1,1},{integer,{1,2},1},{cons,{1,4},{integer,{1,4},2},{integer,{1,6},3}}}]}"},
    {"parse_exprs", "[1,2|3].", 1, 0, 4,
     "{ok,[{cons,[{text,[91]},{location,1}],{integer,[{text,[49]},{location,1}],1},{cons,[{text,[50]},{"
     "location,1}],{integer,[{text,[50]},{location,1}],2},{integer,[{text,[51]},{location,1}],3}}}]}"},
    {"parse_term", "[1,2|3].", 1, 0, 0, "{ok,[1,2|3]}"},
    {"parse_term", "[1,2|3].", 1, 1, 0, "{ok,[1,2|3]}"},
    {"parse_term", "[1,2|3].", 1, 0, 4, "{ok,[1,2|3]}"},
    {"parse_exprs", "fun() -> ok end.", 1, 0, 0,
     "{ok,[{'fun',1,{clauses,[{clause,1,[],[],[{atom,1,ok}]}]}}]}"},
    {"parse_exprs", "fun() -> ok end.", 1, 1, 0,
     "{ok,[{'fun',{1,1},{clauses,[{clause,{1,4},[],[],[{atom,{1,10},ok}]}]}}]}"},
    {"parse_exprs", "fun() -> ok end.", 1, 0, 4,
     "{ok,[{'fun',[{text,[102,117,110]},{location,1}],{clauses,[{clause,[{text,[40]},{location,1}],[],[],[{"
     "atom,[{text,[111,107]},{location,1}],ok}]}]}}]}"},
    {"parse_term", "fun() -> ok end.", 1, 0, 0, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "fun() -> ok end.", 1, 1, 0, "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "fun() -> ok end.", 1, 0, 4, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "case X of 1 -> a; _ -> b end.", 1, 0, 0,
     "{ok,[{'case',1,{var,1,'X'},[{clause,1,[{integer,1,1}],[],[{atom,1,a}]},{clause,1,[{var,1,'_'}],[],[{"
     "atom,1,b}]}]}]}"},
    {"parse_exprs", "case X of 1 -> a; _ -> b end.", 1, 1, 0,
     "{ok,[{'case',{1,1},{var,{1,6},'X'},[{clause,{1,11},[{integer,{1,11},1}],[],[{atom,{1,16},a}]},{clause,{"
     "1,19},[{var,{1,19},'_'}],[],[{atom,{1,24},b}]}]}]}"},
    {"parse_exprs", "case X of 1 -> a; _ -> b end.", 1, 0, 4,
     "{ok,[{'case',[{text,[99,97,115,101]},{location,1}],{var,[{text,[88]},{location,1}],'X'},[{clause,[{"
     "text,[49]},{location,1}],[{integer,[{text,[49]},{location,1}],1}],[],[{atom,[{text,[97]},{location,1}],"
     "a}]},{clause,[{text,[95]},{location,1}],[{var,[{text,[95]},{location,1}],'_'}],[],[{atom,[{text,[98]},{"
     "location,1}],b}]}]}]}"},
    {"parse_term", "case X of 1 -> a; _ -> b end.", 1, 0, 0,
     "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "case X of 1 -> a; _ -> b end.", 1, 1, 0,
     "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "case X of 1 -> a; _ -> b end.", 1, 0, 4,
     "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "[X || X <- L, X > 1].", 1, 0, 0,
     "{ok,[{lc,1,{var,1,'X'},[{generate,1,{var,1,'X'},{var,1,'L'}},{op,1,'>',{var,1,'X'},{integer,1,1}}]}]}"},
    {"parse_exprs", "[X || X <- L, X > 1].", 1, 1, 0,
     "{ok,[{lc,{1,1},{var,{1,2},'X'},[{generate,{1,9},{var,{1,7},'X'},{var,{1,12},'L'}},{op,{1,17},'>',{var,{"
     "1,15},'X'},{integer,{1,19},1}}]}]}"},
    {"parse_exprs", "[X || X <- L, X > 1].", 1, 0, 4,
     "{ok,[{lc,[{text,[91]},{location,1}],{var,[{text,[88]},{location,1}],'X'},[{generate,[{text,[60,45]},{"
     "location,1}],{var,[{text,[88]},{location,1}],'X'},{var,[{text,[76]},{location,1}],'L'}},{op,[{text,[62]"
     "},{location,1}],'>',{var,[{text,[88]},{location,1}],'X'},{integer,[{text,[49]},{location,1}],1}}]}]}"},
    {"parse_term", "[X || X <- L, X > 1].", 1, 0, 0, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "[X || X <- L, X > 1].", 1, 1, 0,
     "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "[X || X <- L, X > 1].", 1, 0, 4, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "f(X) when X > 1 -> X.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,119,104,101,110,39]]}}"},
    {"parse_exprs", "f(X) when X > 1 -> X.", 1, 1, 0,
     "{error,{{1,6},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[39,119,104,101,110,39]]}}"},
    {"parse_exprs", "f(X) when X > 1 -> X.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "119,104,101,110]]}}"},
    {"parse_term", "f(X) when X > 1 -> X.", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,119,104,101,110,39]]}}"},
    {"parse_term", "f(X) when X > 1 -> X.", 1, 1, 0,
     "{error,{{1,6},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[39,119,104,101,110,39]]}}"},
    {"parse_term", "f(X) when X > 1 -> X.", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "119,104,101,110]]}}"},
    {"parse_exprs", "1, 2.", 1, 0, 0, "{ok,[{integer,1,1},{integer,1,2}]}"},
    {"parse_exprs", "1, 2.", 1, 1, 0, "{ok,[{integer,{1,1},1},{integer,{1,4},2}]}"},
    {"parse_exprs", "1, 2.", 1, 0, 4,
     "{ok,[{integer,[{text,[49]},{location,1}],1},{integer,[{text,[50]},{location,1}],2}]}"},
    {"parse_term", "1, 2.", 1, 0, 0, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "1, 2.", 1, 1, 0, "{error,{{1,4},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "1, 2.", 1, 0, 4, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "m:f(1, 2).", 1, 0, 0,
     "{ok,[{call,1,{remote,1,{atom,1,m},{atom,1,f}},[{integer,1,1},{integer,1,2}]}]}"},
    {"parse_exprs", "m:f(1, 2).", 1, 1, 0,
     "{ok,[{call,{1,1},{remote,{1,2},{atom,{1,1},m},{atom,{1,3},f}},[{integer,{1,5},1},{integer,{1,8},2}]}]"
     "}"},
    {"parse_exprs", "m:f(1, 2).", 1, 0, 4,
     "{ok,[{call,[{text,[102]},{location,1}],{remote,[{text,[58]},{location,1}],{atom,[{text,[109]},{"
     "location,1}],m},{atom,[{text,[102]},{location,1}],f}},[{integer,[{text,[49]},{location,1}],1},{integer,"
     "[{text,[50]},{location,1}],2}]}]}"},
    {"parse_term", "m:f(1, 2).", 1, 0, 0, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "m:f(1, 2).", 1, 1, 0, "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "m:f(1, 2).", 1, 0, 4, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "[1,\0122,\0123\012", 1, 0, 0,
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_exprs", "[1,\0122,\0123\012", 1, 1, 0,
     "{error,{{3,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"parse_exprs", "[1,\0122,\0123\012", 1, 0, 4,
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_term", "[1,\0122,\0123\012", 1, 0, 0,
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_term", "[1,\0122,\0123\012", 1, 1, 0,
     "{error,{{3,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"parse_term", "[1,\0122,\0123\012", 1, 0, 4,
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_exprs", "X#{a := 1}.", 1, 0, 0,
     "{ok,[{map,1,{var,1,'X'},[{map_field_exact,1,{atom,1,a},{integer,1,1}}]}]}"},
    {"parse_exprs", "X#{a := 1}.", 1, 1, 0,
     "{ok,[{map,{1,2},{var,{1,1},'X'},[{map_field_exact,{1,6},{atom,{1,4},a},{integer,{1,9},1}}]}]}"},
    {"parse_exprs", "X#{a := 1}.", 1, 0, 4,
     "{ok,[{map,[{text,[35]},{location,1}],{var,[{text,[88]},{location,1}],'X'},[{map_field_exact,[{text,[58,"
     "61]},{location,1}],{atom,[{text,[97]},{location,1}],a},{integer,[{text,[49]},{location,1}],1}}]}]}"},
    {"parse_term", "X#{a := 1}.", 1, 0, 0, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "X#{a := 1}.", 1, 1, 0, "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_term", "X#{a := 1}.", 1, 0, 4, "{error,{1,erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"parse_exprs", "1 + .", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"parse_exprs", "1 + .", 1, 1, 0,
     "{error,{{1,5},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[39,46,39]]}}"},
    {"parse_exprs", "1 + .", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "46]]}}"},
    {"parse_term", "1 + .", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"parse_term", "1 + .", 1, 1, 0,
     "{error,{{1,5},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[39,46,39]]}}"},
    {"parse_term", "1 + .", 1, 0, 4,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "46]]}}"},
    {"parse_form", "-module(m).", 1, 0, 0, "{ok,{attribute,1,module,m}}"},
    {"parse_form", "-module(m).", 1, 1, 4,
     "{ok,{attribute,[{text,[109,111,100,117,108,101]},{location,{1,2}}],module,m}}"},
    {"parse_form", "f(X) -> X + 1.", 1, 0, 0,
     "{ok,{function,1,f,1,[{clause,1,[{var,1,'X'}],[],[{op,1,'+',{var,1,'X'},{integer,1,1}}]}]}}"},
    {"parse_form", "f(X) -> X + 1.", 1, 1, 4,
     "{ok,{function,[{text,[102]},{location,{1,1}}],f,1,[{clause,[{text,[102]},{location,{1,1}}],[{var,[{"
     "text,[88]},{location,{1,3}}],'X'}],[],[{op,[{text,[43]},{location,{1,11}}],'+',{var,[{text,[88]},{"
     "location,{1,9}}],'X'},{integer,[{text,[49]},{location,{1,13}}],1}}]}]}}"},
    {"parse_form", "-spec f(integer()) -> ok.", 1, 0, 0,
     "{ok,{attribute,1,spec,{{f,1},[{type,1,'fun',[{type,1,product,[{type,1,integer,[]}]},{atom,1,ok}]}]}}}"},
    {"parse_form", "-spec f(integer()) -> ok.", 1, 1, 4,
     "{ok,{attribute,[{text,[115,112,101,99]},{location,{1,2}}],spec,{{f,1},[{type,[{text,[40]},{location,{1,"
     "8}}],'fun',[{type,[{text,[40]},{location,{1,8}}],product,[{type,[{text,[105,110,116,101,103,101,114]},{"
     "location,{1,9}}],integer,[]}]},{atom,[{text,[111,107]},{location,{1,23}}],ok}]}]}}}"},
    {"parse_form", "-record(r, {a = 1 :: integer(), b}).", 1, 0, 0,
     "{ok,{attribute,1,record,{r,[{typed_record_field,{record_field,1,{atom,1,a},{integer,1,1}},{type,1,"
     "integer,[]}},{record_field,1,{atom,1,b}}]}}}"},
    {"parse_form", "-record(r, {a = 1 :: integer(), b}).", 1, 1, 4,
     "{ok,{attribute,[{text,[114,101,99,111,114,100]},{location,{1,2}}],record,{r,[{typed_record_field,{"
     "record_field,[{text,[97]},{location,{1,13}}],{atom,[{text,[97]},{location,{1,13}}],a},{integer,[{text,["
     "49]},{location,{1,17}}],1}},{type,[{text,[105,110,116,101,103,101,114]},{location,{1,22}}],integer,[]}}"
     ",{record_field,[{text,[98]},{location,{1,33}}],{atom,[{text,[98]},{location,{1,33}}],b}}]}}}"},
    {"parse_form", "f() -> a; g() -> b.", 1, 0, 0,
     "{error,{1,erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"parse_form", "f() -> a; g() -> b.", 1, 1, 4,
     "{error,{{1,11},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"parse_form", "-export([f/1])", 1, 0, 0,
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"parse_form", "-export([f/1])", 1, 1, 4,
     "{error,{{1,15},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
};

Test(bif_scan, parse_rows)
{
    for (size_t i = 0; i < sizeof parse_rows / sizeof parse_rows[0]; i++) {
        const parse_row *r = &parse_rows[i];
        term_t args[4] = {tb_string(&p.heap, r->src), term_small(r->line), term_small(r->col),
                          term_small(r->flags)};
        term_t scanned = call("erts_internal:scan_string/4", args);
        cr_assert(term_is_tuple(scanned) && tuple_get(scanned, 0) == ATOM_ok, "scan of %s failed", r->src);
        char mfa[64];
        snprintf(mfa, sizeof mfa, "erts_internal:%s/1", r->fn);
        term_t toks = tuple_get(scanned, 1);
        term_t got = call(mfa, &toks);
        cr_expect(got != THE_NON_VALUE && term_eq_exact(got, read_text(r->want)),
                  "%s of %s (%ld, %ld, %ld): want %s, got %s", r->fn, r->src, r->line, r->col, r->flags,
                  r->want, show(got));
    }
}

/* ---- erl_parse over tokens written by hand ------------------------------------- */

static const call_row token_rows[] = {
    {"erts_internal:parse_exprs/1", "[[]]",
     "{error,{0,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_term/1", "[[]]",
     "{error,{0,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_form/1", "[[]]",
     "{error,{999999,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,{1,3},a}]]",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,{1,3},a}]]",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,{1,3},a}]]",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,[{text,[97,10,98]},{location,{1,3}}],a}]]",
     "{error,{{2,2},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,[{text,[97,10,98]},{location,{1,3}}],a}]]",
     "{error,{{2,2},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,[{text,[97,10,98]},{location,{1,3}}],a}]]",
     "{error,{{2,2},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,[{text,[97,10,98]},{location,4}],a}]]",
     "{error,{5,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_term/1", "[[{atom,[{text,[97,10,98]},{location,4}],a}]]",
     "{error,{5,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_form/1", "[[{atom,[{text,[97,10,98]},{location,4}],a}]]",
     "{error,{5,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{dot,1},{atom,2,b}]]",
     "{error,{2,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{dot,1},{atom,2,b}]]",
     "{error,{2,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "98]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{dot,1},{atom,2,b}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,foo,x},{dot,1}]]", "{ok,[{atom,foo,x}]}"},
    {"erts_internal:parse_term/1", "[[{atom,foo,x},{dot,1}]]", "{ok,x}"},
    {"erts_internal:parse_form/1", "[[{atom,foo,x},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_exprs/1",
     "[[{atom,[{location,3},{file,[120]}],x},{'+',[{location,3},{file,[120]}]},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_term/1",
     "[[{atom,[{location,3},{file,[120]}],x},{'+',[{location,3},{file,[120]}]},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_form/1",
     "[[{atom,[{location,3},{file,[120]}],x},{'+',[{location,3},{file,[120]}]},{dot,1}]]",
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,43,39]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,-1,x},{dot,1}]]", "{ok,[{atom,-1,x}]}"},
    {"erts_internal:parse_term/1", "[[{atom,-1,x},{dot,1}]]", "{ok,x}"},
    {"erts_internal:parse_form/1", "[[{atom,-1,x},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_exprs/1",
     "[[{atom,[{text,[97,98,99]},{location,1}],x},{var,[{text,[88,121,122]},{location,{2,4}}],'X'},{dot,1}]]",
     "{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[88,121,122]]}}"},
    {"erts_internal:parse_term/1",
     "[[{atom,[{text,[97,98,99]},{location,1}],x},{var,[{text,[88,121,122]},{location,{2,4}}],'X'},{dot,1}]]",
     "{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[88,121,122]]}}"},
    {"erts_internal:parse_form/1",
     "[[{atom,[{text,[97,98,99]},{location,1}],x},{var,[{text,[88,121,122]},{location,{2,4}}],'X'},{dot,1}]]",
     "{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[88,121,122]]}}"},
    {"erts_internal:parse_exprs/1",
     "[[{atom,[{location,{1,1}},{text,[97,98,99]}],x},{var,[{text,[88,121,122]},{location,{2,4}}],'X'},{dot,"
     "1}]]",
     "{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[88,121,122]]}}"},
    {"erts_internal:parse_term/1",
     "[[{atom,[{location,{1,1}},{text,[97,98,99]}],x},{var,[{text,[88,121,122]},{location,{2,4}}],'X'},{dot,"
     "1}]]",
     "{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[88,121,122]]}}"},
    {"erts_internal:parse_form/1",
     "[[{atom,[{location,{1,1}},{text,[97,98,99]}],x},{var,[{text,[88,121,122]},{location,{2,4}}],'X'},{dot,"
     "1}]]",
     "{error,{{2,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[88,121,122]]}}"},
    {"erts_internal:parse_exprs/1", "[[{integer,1,-5},{dot,1}]]", "{ok,[{integer,1,-5}]}"},
    {"erts_internal:parse_term/1", "[[{integer,1,-5},{dot,1}]]", "{ok,-5}"},
    {"erts_internal:parse_form/1", "[[{integer,1,-5},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "45,53]]}}"},
    {"erts_internal:parse_exprs/1", "[[{integer,1,-99999999999999999999999999},{dot,1}]]",
     "{ok,[{integer,1,-99999999999999999999999999}]}"},
    {"erts_internal:parse_term/1", "[[{integer,1,-99999999999999999999999999},{dot,1}]]",
     "{ok,-99999999999999999999999999}"},
    {"erts_internal:parse_form/1", "[[{integer,1,-99999999999999999999999999},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "45,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57,57]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,{-1,5},x},{atom,{1,1},y},{dot,2}]]",
     "{error,{{1,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[121]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,{-1,5},x},{atom,{1,1},y},{dot,2}]]",
     "{error,{{1,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[121]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,{-1,5},x},{atom,{1,1},y},{dot,2}]]",
     "{error,{{1,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[121]]}}"},
    {"erts_internal:parse_exprs/1",
     "[[{'[',1},{integer,[],1},{',',[{generated,true},{location,3}]},{integer,{1,1},2},{']',2},{dot,3}]]",
     "{ok,[{cons,1,{integer,[],1},{cons,{1,1},{integer,{1,1},2},{nil,2}}}]}"},
    {"erts_internal:parse_term/1",
     "[[{'[',1},{integer,[],1},{',',[{generated,true},{location,3}]},{integer,{1,1},2},{']',2},{dot,3}]]",
     "{ok,[1,2]}"},
    {"erts_internal:parse_form/1",
     "[[{'[',1},{integer,[],1},{',',[{generated,true},{location,3}]},{integer,{1,1},2},{']',2},{dot,3}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,91,39]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'+',[]}]]",
     "{error,{undefined,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,"
     "58,32],[]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'+',[]}]]",
     "{error,{undefined,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,"
     "58,32],[]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'+',[]}]]",
     "{error,{undefined,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,"
     "58,32],[39,43,39]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'+',[{location,9}]}]]",
     "{error,{9,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'+',[{location,9}]}]]",
     "{error,{9,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'+',[{location,9}]}]]",
     "{error,{9,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,43,39]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'+',[{text,[43,43]}]}]]",
     "{error,{undefined,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,"
     "58,32],[]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'+',[{text,[43,43]}]}]]",
     "{error,{undefined,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,"
     "58,32],[]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'+',[{text,[43,43]}]}]]",
     "{error,{undefined,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,"
     "58,32],[43,43]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'+',[{text,[43,10,43]},{location,{3,3}}]}]]",
     "{error,{{4,2},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'+',[{text,[43,10,43]},{location,{3,3}}]}]]",
     "{error,{{4,2},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'+',[{text,[43,10,43]},{location,{3,3}}]}]]",
     "{error,{{3,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,"
     "32],[43,10,43]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'+',[{text,[43,10,43]},{location,3}]}]]",
     "{error,{4,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'+',[{text,[43,10,43]},{location,3}]}]]",
     "{error,{4,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'+',[{text,[43,10,43]},{location,3}]}]]",
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "43,10,43]]}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'+',[{text,foo},{location,3}]}]]",
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'+',[{text,foo},{location,3}]}]]",
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]"
     "]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'+',[{text,foo},{location,3}]}]]",
     "{error,{3,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],"
     "foo]}}"},
    {"erts_internal:parse_exprs/1",
     "[[{'-',1},{atom,1,spec},{atom,1,f},{'(',1},{')',1},{'->',1},{atom,1,ok},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "102]]}}"},
    {"erts_internal:parse_term/1",
     "[[{'-',1},{atom,1,spec},{atom,1,f},{'(',1},{')',1},{'->',1},{atom,1,ok},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "102]]}}"},
    {"erts_internal:parse_form/1",
     "[[{'-',1},{atom,1,spec},{atom,1,f},{'(',1},{')',1},{'->',1},{atom,1,ok},{dot,1}]]",
     "{ok,{attribute,1,spec,{{f,0},[{type,1,'fun',[{type,1,product,[]},{atom,1,ok}]}]}}}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{'.',1},{atom,1,b},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_term/1", "[[{atom,1,a},{'.',1},{atom,1,b},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_form/1", "[[{atom,1,a},{'.',1},{atom,1,b},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "39,46,39]]}}"},
    {"erts_internal:parse_exprs/1", "[[{string,[{text,[34,120,34]},{location,1}],[120]},{dot,1}]]",
     "{ok,[{string,[{text,[34,120,34]},{location,1}],[120]}]}"},
    {"erts_internal:parse_term/1", "[[{string,[{text,[34,120,34]},{location,1}],[120]},{dot,1}]]",
     "{ok,[120]}"},
    {"erts_internal:parse_form/1", "[[{string,[{text,[34,120,34]},{location,1}],[120]},{dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "34,120,34]]}}"},
    {"erts_internal:parse_exprs/1",
     "[[{string,[{text,[34,120,34]},{location,1}],[120]},{string,[{text,[34,121,34]},{location,1}],[121]},{"
     "dot,1}]]",
     "{ok,[{string,[{text,[34,120,34]},{location,1}],[120,121]}]}"},
    {"erts_internal:parse_term/1",
     "[[{string,[{text,[34,120,34]},{location,1}],[120]},{string,[{text,[34,121,34]},{location,1}],[121]},{"
     "dot,1}]]",
     "{ok,[120,121]}"},
    {"erts_internal:parse_form/1",
     "[[{string,[{text,[34,120,34]},{location,1}],[120]},{string,[{text,[34,121,34]},{location,1}],[121]},{"
     "dot,1}]]",
     "{error,{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],["
     "34,120,34]]}}"},
};

Test(bif_scan, token_rows) { check_rows(token_rows, sizeof token_rows / sizeof token_rows[0]); }

/* ---- replies the Erlang half finishes ------------------------------------------
 * Where the parser stops at a token it cannot take, or at more function
 * clauses, the BIF says so and vm/lib/erl_parse.erl makes erl_parse's
 * result or crash of it. erl's result for the same tokens is beside each
 * row: the location, the token and the function are the parts the C half
 * gives. */

static const call_row reply_rows[] = {
    /* {error,{1,erl_parse,["syntax error before: ","'\\\\'"]}} */
    {"erts_internal:parse_exprs/1", "[[{'\\\\',1},{dot,1}]]", "{bad_token,1,{'\\\\',1}}"},
    /* {error,{1,erl_parse,["syntax error before: ",["\\"xy\\""]]}} */
    {"erts_internal:parse_term/1", "[[{foo,1,\"xy\"},{dot,1}]]", "{bad_token,1,{foo,1,\"xy\"}}"},
    /* {error,{{2,3},erl_parse,["syntax error before: ","foo"]}} */
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{foo,{2,3}},{dot,1}]]", "{bad_token,{2,3},{foo,{2,3}}}"},
    /* {error,{{1,2},erl_parse,["syntax error before: ",["\\"  \\""]]}} */
    {"erts_internal:parse_form/1", "[[{white_space,{1,2},\"  \"},{dot,1}]]",
     "{bad_token,{1,2},{white_space,{1,2},\"  \"}}"},
    /* {error,{1,erl_parse,["syntax error before: ","foo"]}}: '$end' must follow the dot */
    {"erts_internal:parse_exprs/1", "[[{atom,1,a},{dot,1},{foo,1}]]", "{bad_token,1,{foo,1}}"},
    /* error:badarg (element/2 of foo) */
    {"erts_internal:parse_exprs/1", "[[foo]]", "{bad_element,foo}"},
    {"erts_internal:parse_exprs/1", "[[{atom,1,x},{}]]", "{bad_element,{}}"},
    /* error:function_clause (yeccpars1/7) */
    {"erts_internal:parse_exprs/1", "[foo]", "{bad_tail,foo}"},
    {"erts_internal:parse_term/1", "[[{atom,1,x},{dot,1}|foo]]", "{bad_tail,foo}"},
    /* error:{case_clause,{ok,{function,0,f,0,[{clause,0,[],[],[{atom,1,a}]},{clause,1,[],[],[{atom,1,b}]}]}}}
     */
    {"erts_internal:parse_exprs/1",
     "[[{atom,1,a},{';',1},{atom,1,f},{'(',1},{')',1},{'->',1},{atom,1,b},{dot,1}]]",
     "{bad_clauses,{function,0,f,0,[{clause,0,[],[],[{atom,1,a}]},{clause,1,[],[],[{atom,1,b}]}]}}"},
    /* error:{case_clause,{ok,{function,0,f,0,[{clause,0,[],[],[{atom,[{text,"a"},{location,1}],a}]},
     *     {clause,[{text,"f"},{location,1}],[],[],[{atom,[{text,"b"},{location,1}],b}]}]}}} */
    {"erts_internal:parse_term/1",
     "[[{atom,[{text,\"a\"},{location,1}],a},{';',[{text,\";\"},{location,1}]},{atom,[{text,\"f\"},{location,"
     "1}],f},"
     "{'(',[{text,\"(\"},{location,1}]},{')',[{text,\")\"},{location,1}]},{'->',[{text,\"->\"},{location,1}]}"
     ","
     "{atom,[{text,\"b\"},{location,1}],b},{dot,[{text,\".\"},{location,1}]}]]",
     "{bad_clauses,{function,0,f,0,[{clause,0,[],[],[{atom,[{text,\"a\"},{location,1}],a}]},"
     "{clause,[{text,\"f\"},{location,1}],[],[],[{atom,[{text,\"b\"},{location,1}],b}]}]}}"},
};

Test(bif_scan, reply_rows) { check_rows(reply_rows, sizeof reply_rows / sizeof reply_rows[0]); }
