/* test_parse.c: tests of vm/parse.c, the parser, against OTP 25's erl_parse.
 * Table rows are an input and what erl gives for it, written with ~w by
 * tests/diff/parse-style Erlang (the generator is in the header of each
 * table): the expected text is read back with read_term and compared with
 * =:=, so a row fails on any difference of node, annotation or error.
 *   exprs rows: case erl_scan:string(S, {1,1}) of
 *                 {ok, T, _} -> erl_parse:parse_exprs(T); {error, E, _} -> {error, E} end
 *   form rows:  erl_parse:parse_form(T) of erl_scan:string(S, {1,1})
 *   term rows:  erl_parse:parse_term(T)
 *   msg rows:   lists:flatten(M:format_error(D)) of the error {Loc, M, D} */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/parse.h"
#include "vm/vm.h"

typedef struct prow {
    const char *src;
    const char *want;
} prow;

static heap_t h;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(parse, .init = setup, .fini = teardown);

/* ~w of a term, for failure messages: parse_format_error writes any term
 * that is no error descriptor with ~w. */
static const char *show(term_t t)
{
    static char buf[8192];
    term_t wrap = term_tuple(&h, 1, &t);
    parse_format_error(wrap, buf, sizeof buf);
    return buf;
}

static term_t want(const char *text)
{
    term_t t;
    read_error e;
    cr_assert_eq(read_term_nodot(&h, text, strlen(text), &t, &e), READ_OK, "bad expected text %s: %s", text, e.msg);
    return t;
}

static term_t ok_or_error(parse_result r, term_t v)
{
    cr_assert(r == PARSE_OK || r == PARSE_ERROR);
    return term_tuple2(&h, r == PARSE_OK ? ATOM_ok : ATOM_error, v);
}

/* erl_scan:string(S, {1,1}) into a token list (no scan errors expected). */
static void scan(const char *s, parse_toks *tk)
{
    lex_state ls;
    lex_token t;
    parse_toks_init(tk);
    lex_init(&ls, s, strlen(s), 1, 1, 0);
    for (;;) {
        cr_assert(lex_next(&ls, &t), "scan error in %s", s);
        if (t.kind == LEX_EOF)
            break;
        cr_assert(parse_toks_push_lex(tk, &t, s, false));
    }
    lex_destroy(&ls);
}

static void check_exprs(const prow *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        term_t out;
        parse_result r = parse_exprs_string(&h, rows[i].src, strlen(rows[i].src), false, &out);
        term_t got = ok_or_error(r, out);
        cr_expect(term_eq_exact(got, want(rows[i].want)), "%s\n  got  %s\n  want %s", rows[i].src, show(got),
                  rows[i].want);
    }
}

/* ---- expressions ------------------------------------------------------------- */

static const prow EXPRS[] = {
    {"1 + 2 * 3.",
     "{ok,[{op,{1,3},'+',{integer,{1,1},1},{op,{1,7},'*',{integer,{1,5},2},{integer,{1,9},3}}}]}"},
    {"A = B = c.",
     "{ok,[{match,{1,1},{var,{1,1},'A'},{match,{1,5},{var,{1,5},'B'},{atom,{1,9},c}}}]}"},
    {"a ! b ! c.",
     "{ok,[{op,{1,3},'!',{atom,{1,1},a},{op,{1,7},'!',{atom,{1,5},b},{atom,{1,9},c}}}]}"},
    {"- 1 - - 2.",
     "{ok,[{op,{1,5},'-',{op,{1,1},'-',{integer,{1,3},1}},{op,{1,7},'-',{integer,{1,9},2}}}]}"},
    {"not a orelse b andalso c.",
     "{ok,[{op,{1,7},'orelse',{op,{1,1},'not',{atom,{1,5},a}},{op,{1,16},'andalso',{atom,{1,14},b},{atom,{1,24},c}}}]}"},
    {"X ++ Y ++ Z -- W.",
     "{ok,[{op,{1,3},'++',{var,{1,1},'X'},{op,{1,8},'++',{var,{1,6},'Y'},{op,{1,13},'--',{var,{1,11},'Z'},{var,{1,16},'W'}}}}]}"},
    {"catch a + b.",
     "{ok,[{'catch',{1,1},{op,{1,9},'+',{atom,{1,7},a},{atom,{1,11},b}}}]}"},
    {"a + catch b, c.",
     "{ok,[{op,{1,3},'+',{atom,{1,1},a},{'catch',{1,5},{atom,{1,11},b}}},{atom,{1,14},c}]}"},
    {"[1, 2 | T].",
     "{ok,[{cons,{1,1},{integer,{1,2},1},{cons,{1,5},{integer,{1,5},2},{var,{1,9},'T'}}}]}"},
    {"[].",
     "{ok,[{nil,{1,1}}]}"},
    {"\"ab\" \"cd\" $e.",
     "{error,{{1,11},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[36,101]]}}"},
    {"{}.",
     "{ok,[{tuple,{1,1},[]}]}"},
    {"{a, 1.5, 'B c', 16#ff}.",
     "{ok,[{tuple,{1,1},[{atom,{1,2},a},{float,{1,5},1.5},{atom,{1,10},'B c'},{integer,{1,17},255}]}]}"},
    {"<<A:8/little-signed-integer-unit:1, B/binary, \"x\"/utf8, -1>>.",
     "{ok,[{bin,{1,1},[{bin_element,{1,3},{var,{1,3},'A'},{integer,{1,5},8},[little,signed,integer,{unit,1}]},{bin_element,{1,37},{var,{1,37},'B'},default,[binary]},{bin_element,{1,47},{string,{1,47},[120]},default,[utf8]},{bin_element,{1,57},{op,{1,57},'-',{integer,{1,58},1}},default,default}]}]}"},
    {"[X || X <- L, X > 1, <<Y>> <= B].",
     "{ok,[{lc,{1,1},{var,{1,2},'X'},[{generate,{1,9},{var,{1,7},'X'},{var,{1,12},'L'}},{op,{1,17},'>',{var,{1,15},'X'},{integer,{1,19},1}},{b_generate,{1,28},{bin,{1,22},[{bin_element,{1,24},{var,{1,24},'Y'},default,default}]},{var,{1,31},'B'}}]}]}"},
    {"<< <<X>> || X <- L >>.",
     "{ok,[{bc,{1,1},{bin,{1,4},[{bin_element,{1,6},{var,{1,6},'X'},default,default}]},[{generate,{1,15},{var,{1,13},'X'},{var,{1,18},'L'}}]}]}"},
    {"#{a => 1, b := 2}.",
     "{ok,[{map,{1,1},[{map_field_assoc,{1,5},{atom,{1,3},a},{integer,{1,8},1}},{map_field_exact,{1,13},{atom,{1,11},b},{integer,{1,16},2}}]}]}"},
    {"M#{a => 1}#{b := 2}.",
     "{ok,[{map,{1,11},{map,{1,2},{var,{1,1},'M'},[{map_field_assoc,{1,6},{atom,{1,4},a},{integer,{1,9},1}}]},[{map_field_exact,{1,15},{atom,{1,13},b},{integer,{1,18},2}}]}]}"},
    {"#r{a = 1, _ = 2}.",
     "{ok,[{record,{1,1},r,[{record_field,{1,4},{atom,{1,4},a},{integer,{1,8},1}},{record_field,{1,11},{var,{1,11},'_'},{integer,{1,15},2}}]}]}"},
    {"R#r.a#r.b.",
     "{ok,[{record_field,{1,6},{record_field,{1,2},{var,{1,1},'R'},r,{atom,{1,5},a}},r,{atom,{1,9},b}}]}"},
    {"R#r{a = 1}.",
     "{ok,[{record,{1,2},{var,{1,1},'R'},r,[{record_field,{1,5},{atom,{1,5},a},{integer,{1,9},1}}]}]}"},
    {"#r.a.",
     "{ok,[{record_index,{1,1},r,{atom,{1,4},a}}]}"},
    {"f(a, b).",
     "{ok,[{call,{1,1},{atom,{1,1},f},[{atom,{1,3},a},{atom,{1,6},b}]}]}"},
    {"m:f().",
     "{ok,[{call,{1,1},{remote,{1,2},{atom,{1,1},m},{atom,{1,3},f}},[]}]}"},
    {"M:F(A).",
     "{ok,[{call,{1,1},{remote,{1,2},{var,{1,1},'M'},{var,{1,3},'F'}},[{var,{1,5},'A'}]}]}"},
    {"(f())(1).",
     "{ok,[{call,{1,2},{call,{1,2},{atom,{1,2},f},[]},[{integer,{1,7},1}]}]}"},
    {"fun f/1.",
     "{ok,[{'fun',{1,1},{function,f,1}}]}"},
    {"fun m:f/2.",
     "{ok,[{'fun',{1,1},{function,{atom,{1,5},m},{atom,{1,7},f},{integer,{1,9},2}}}]}"},
    {"fun M:F/A.",
     "{ok,[{'fun',{1,1},{function,{var,{1,5},'M'},{var,{1,7},'F'},{var,{1,9},'A'}}}]}"},
    {"fun (X) when X > 0 -> X; (_) -> 0 end.",
     "{ok,[{'fun',{1,1},{clauses,[{clause,{1,5},[{var,{1,6},'X'}],[[{op,{1,16},'>',{var,{1,14},'X'},{integer,{1,18},0}}]],[{var,{1,23},'X'}]},{clause,{1,26},[{var,{1,27},'_'}],[],[{integer,{1,33},0}]}]}}]}"},
    {"fun F(0) -> 1; F(N) -> N * F(N - 1) end.",
     "{ok,[{named_fun,{1,1},'F',[{clause,{1,5},[{integer,{1,7},0}],[],[{integer,{1,13},1}]},{clause,{1,16},[{var,{1,18},'N'}],[],[{op,{1,26},'*',{var,{1,24},'N'},{call,{1,28},{var,{1,28},'F'},[{op,{1,32},'-',{var,{1,30},'N'},{integer,{1,34},1}}]}}]}]}]}"},
    {"begin a, b end.",
     "{ok,[{block,{1,1},[{atom,{1,7},a},{atom,{1,10},b}]}]}"},
    {"if X > 1 -> a; true -> b end.",
     "{ok,[{'if',{1,1},[{clause,{1,4},[],[[{op,{1,6},'>',{var,{1,4},'X'},{integer,{1,8},1}}]],[{atom,{1,13},a}]},{clause,{1,16},[],[[{atom,{1,16},true}]],[{atom,{1,24},b}]}]}]}"},
    {"case X of {a, Y} when Y; Z -> Y; _ -> c end.",
     "{ok,[{'case',{1,1},{var,{1,6},'X'},[{clause,{1,11},[{tuple,{1,11},[{atom,{1,12},a},{var,{1,15},'Y'}]}],[[{var,{1,23},'Y'}],[{var,{1,26},'Z'}]],[{var,{1,31},'Y'}]},{clause,{1,34},[{var,{1,34},'_'}],[],[{atom,{1,39},c}]}]}]}"},
    {"receive a -> 1 after 100 -> 2 end.",
     "{ok,[{'receive',{1,1},[{clause,{1,9},[{atom,{1,9},a}],[],[{integer,{1,14},1}]}],{integer,{1,22},100},[{integer,{1,29},2}]}]}"},
    {"receive after T -> ok end.",
     "{ok,[{'receive',{1,1},[],{var,{1,15},'T'},[{atom,{1,20},ok}]}]}"},
    {"try f() of X -> X catch throw:A -> A; error:B:S -> {B, S}; C -> C after g() end.",
     "{ok,[{'try',{1,1},[{call,{1,5},{atom,{1,5},f},[]}],[{clause,{1,12},[{var,{1,12},'X'}],[],[{var,{1,17},'X'}]}],[{clause,{1,25},[{tuple,{1,25},[{atom,{1,25},throw},{var,{1,31},'A'},{var,{1,31},'_'}]}],[],[{var,{1,36},'A'}]},{clause,{1,39},[{tuple,{1,39},[{atom,{1,39},error},{var,{1,45},'B'},{var,{1,47},'S'}]}],[],[{tuple,{1,52},[{var,{1,53},'B'},{var,{1,56},'S'}]}]},{clause,{1,60},[{tuple,{1,60},[{atom,{1,60},throw},{var,{1,60},'C'},{var,{1,60},'_'}]}],[],[{var,{1,65},'C'}]}],[{call,{1,73},{atom,{1,73},g},[]}]}]}"},
    {"try a after b end.",
     "{ok,[{'try',{1,1},[{atom,{1,5},a}],[],[],[{atom,{1,13},b}]}]}"},
    {"X = 1, Y = X + 1.",
     "{ok,[{match,{1,1},{var,{1,1},'X'},{integer,{1,5},1}},{match,{1,8},{var,{1,8},'Y'},{op,{1,14},'+',{var,{1,12},'X'},{integer,{1,16},1}}}]}"},
    {"a.",
     "{ok,[{atom,{1,1},a}]}"},
    {"1.0e10.",
     "{ok,[{float,{1,1},1.0e10}]}"},
    {"'maybe', maybe, else.",
     "{ok,[{atom,{1,1},maybe},{atom,{1,10},maybe},{atom,{1,17},else}]}"},
};

Test(parse, expressions) { check_exprs(EXPRS, sizeof EXPRS / sizeof EXPRS[0]); }

/* Syntax and scan errors, located as erl_parse and erl_scan locate them. */
static const prow EXPR_ERRORS[] = {
    {"1 + .",
     "{error,{{1,5},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,46,39]]}}"},
    {"f(.",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,46,39]]}}"},
    {"a b.",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[98]]}}"},
    {"[1,].",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,93,39]]}}"},
    {"{a b}.",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[98]]}}"},
    {"a < b < c.",
     "{error,{{1,7},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,60,39]]}}"},
    {"fun (X) -> X; Y(Z) -> Z end.",
     "{error,{{1,15},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"try a end.",
     "{error,{{1,7},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,101,110,100,39]]}}"},
    {"case a of end.",
     "{error,{{1,11},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,101,110,100,39]]}}"},
    {"#{a}.",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,125,39]]}}"},
    {"X#r.",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,46,39]]}}"},
    {"a:b:c().",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,58,39]]}}"},
    {"f()().",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,40,39]]}}"},
    {"#{a => 1}#r.a.",
     "{error,{{1,11},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[114]]}}"},
    {"X#r.a#{}.",
     "{error,{{1,7},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,123,39]]}}"},
    {"<< - X || X <- L >>.",
     "{error,{{1,8},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,124,124,39]]}}"},
    {"[X || <<X>> + 1 <= B].",
     "{error,{{1,17},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,60,61,39]]}}"},
    {"\"unterminated.",
     "{error,{{1,1},erl_scan,{string,34,[117,110,116,101,114,109,105,110,97,116,101,100,46]}}}"},
    {"1.0e.",
     "{error,{{1,1},erl_scan,{illegal,float}}}"},
    {"16#.",
     "{error,{{1,1},erl_scan,{illegal,integer}}}"},
    {"99#1.",
     "{error,{{1,1},erl_scan,{base,99}}}"},
    {"'abc.",
     "{error,{{1,1},erl_scan,{string,39,[97,98,99,46]}}}"},
    {"$",
     "{error,{{1,1},erl_scan,char}}"},
    {"a \\ b.",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,92,92,39]]}}"},
    {"1 2",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[50]]}}"},
    {"",
     "{error,{0,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]]}}"},
    {"f() -> a.",
     "{error,{{1,5},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,45,62,39]]}}"},
    {"1. 2.",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[50]]}}"},
    {"a; b.",
     "{error,{{1,5},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,46,39]]}}"},
    {"a; g() -> b.",
     "{error,{{1,4},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"a; f(X) -> b.",
     "{error,{{1,4},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"a; f() -> b; g() -> c.",
     "{error,{{1,14},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"a; f() -> b c.",
     "{error,{{1,13},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[99]]}}"},
    {"a; 1.",
     "{error,{{1,4},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[49]]}}"},
    {"a; g() -> b; 1",
     "{error,{{1,14},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[49]]}}"},
    {"a; g() -> b; f() -> c d",
     "{error,{{1,4},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
};

Test(parse, expression_errors) { check_exprs(EXPR_ERRORS, sizeof EXPR_ERRORS / sizeof EXPR_ERRORS[0]); }

/* ---- forms --------------------------------------------------------------------- */

static const prow FORMS[] = {
    {"-module(m).",
     "{ok,{attribute,{1,2},module,m}}"},
    {"-export([f/1, g/0]).",
     "{ok,{attribute,{1,2},export,[{f,1},{g,0}]}}"},
    {"-import(lists, [map/2]).",
     "{ok,{attribute,{1,2},import,{lists,[{map,2}]}}}"},
    {"-compile([export_all, {inline, [f/1]}]).",
     "{ok,{attribute,{1,2},compile,[export_all,{inline,[{f,1}]}]}}"},
    {"-record(r, {a = 1 :: integer(), b, c :: atom()}).",
     "{ok,{attribute,{1,2},record,{r,[{typed_record_field,{record_field,{1,13},{atom,{1,13},a},{integer,{1,17},1}},{type,{1,22},integer,[]}},{record_field,{1,33},{atom,{1,33},b}},{typed_record_field,{record_field,{1,36},{atom,{1,36},c}},{type,{1,41},atom,[]}}]}}}"},
    {"-record(r, {}).",
     "{ok,{attribute,{1,2},record,{r,[]}}}"},
    {"-type t(A) :: {A, [A]} | #{atom() => A} | fun((A) -> ok) | 1..10 | <<_:8, _:_*4>>.",
     "{ok,{attribute,{1,2},type,{t,{type,{1,15},union,[{type,{1,15},tuple,[{var,{1,16},'A'},{type,{1,19},list,[{var,{1,20},'A'}]}]},{type,{1,26},map,[{type,{1,35},map_field_assoc,[{type,{1,28},atom,[]},{var,{1,38},'A'}]}]},{type,{1,47},'fun',[{type,{1,47},product,[{var,{1,48},'A'}]},{atom,{1,54},ok}]},{type,{1,60},range,[{integer,{1,60},1},{integer,{1,63},10}]},{type,{1,68},binary,[{integer,{1,72},8},{integer,{1,79},4}]}]},[{var,{1,9},'A'}]}}}"},
    {"-opaque o() :: m:t(integer()).",
     "{ok,{attribute,{1,2},opaque,{o,{remote_type,{1,16},[{atom,{1,16},m},{atom,{1,18},t},[{type,{1,20},integer,[]}]]},[]}}}"},
    {"-spec f(X :: integer()) -> X when X :: pos_integer(); (atom()) -> ok.",
     "{ok,{attribute,{1,2},spec,{{f,1},[{type,{1,8},bounded_fun,[{type,{1,8},'fun',[{type,{1,8},product,[{ann_type,{1,9},[{var,{1,9},'X'},{type,{1,14},integer,[]}]}]},{var,{1,28},'X'}]},[{type,{1,35},constraint,[{atom,{1,35},is_subtype},[{var,{1,35},'X'},{type,{1,40},pos_integer,[]}]]}]]},{type,{1,55},'fun',[{type,{1,55},product,[{type,{1,56},atom,[]}]},{atom,{1,67},ok}]}]}}}"},
    {"-spec m:f() -> no_return().",
     "{ok,{attribute,{1,2},spec,{{m,f,0},[{type,{1,10},'fun',[{type,{1,10},product,[]},{type,{1,16},no_return,[]}]}]}}}"},
    {"-callback init(term()) -> {ok, term()}.",
     "{ok,{attribute,{1,2},callback,{{init,1},[{type,{1,15},'fun',[{type,{1,15},product,[{type,{1,16},term,[]}]},{type,{1,27},tuple,[{atom,{1,28},ok},{type,{1,32},term,[]}]}]}]}}}"},
    {"-type u() :: -1 | 1 bsl 2 | [a, ...] | [] | {} | #r{a :: b} | #{} | fun() | fun((...) -> a).",
     "{ok,{attribute,{1,2},type,{u,{type,{1,14},union,[{op,{1,14},'-',{integer,{1,15},1}},{op,{1,21},'bsl',{integer,{1,19},1},{integer,{1,25},2}},{type,{1,29},nonempty_list,[{atom,{1,30},a}]},{type,{1,40},nil,[]},{type,{1,45},tuple,[]},{type,{1,50},record,[{atom,{1,51},r},{type,{1,53},field_type,[{atom,{1,53},a},{atom,{1,58},b}]}]},{type,{1,63},map,[]},{type,{1,69},'fun',[]},{type,{1,81},'fun',[{type,{1,81},any},{atom,{1,90},a}]}]},[]}}}"},
    {"-foo({bar, [f/1, \"s\"], #{k => v}, <<1, 2>>, fun m:f/1, -1.5}).",
     "{ok,{attribute,{1,2},foo,{bar,[{f,1},[115]],#{k => v},<<1,2>>,fun m:f/1,-1.5}}}"},
    {"-file(\"x.erl\", 10).",
     "{ok,{attribute,{1,2},file,{[120,46,101,114,108],10}}}"},
    {"-module(m, [A, B]).",
     "{ok,{attribute,{1,2},module,{m,['A','B']}}}"},
    {"f(X) when is_integer(X) -> X + 1; f(_) -> error.",
     "{ok,{function,{1,1},f,1,[{clause,{1,1},[{var,{1,3},'X'}],[[{call,{1,11},{atom,{1,11},is_integer},[{var,{1,22},'X'}]}]],[{op,{1,30},'+',{var,{1,28},'X'},{integer,{1,32},1}}]},{clause,{1,35},[{var,{1,37},'_'}],[],[{atom,{1,43},error}]}]}}"},
    {"g() -> ok.",
     "{ok,{function,{1,1},g,0,[{clause,{1,1},[],[],[{atom,{1,8},ok}]}]}}"},
    {"h(<<A:8, Rest/binary>>, [H | T], #{k := V}, #r{a = 1}, {x, _} = P) -> {A, Rest, H, T, V, P}.",
     "{ok,{function,{1,1},h,5,[{clause,{1,1},[{bin,{1,3},[{bin_element,{1,5},{var,{1,5},'A'},{integer,{1,7},8},default},{bin_element,{1,10},{var,{1,10},'Rest'},default,[binary]}]},{cons,{1,25},{var,{1,26},'H'},{var,{1,30},'T'}},{map,{1,34},[{map_field_exact,{1,38},{atom,{1,36},k},{var,{1,41},'V'}}]},{record,{1,45},r,[{record_field,{1,48},{atom,{1,48},a},{integer,{1,52},1}}]},{match,{1,56},{tuple,{1,56},[{atom,{1,57},x},{var,{1,60},'_'}]},{var,{1,65},'P'}}],[],[{tuple,{1,71},[{var,{1,72},'A'},{var,{1,75},'Rest'},{var,{1,81},'H'},{var,{1,84},'T'},{var,{1,87},'V'},{var,{1,90},'P'}]}]}]}}"},
    {"-type t() :: <<X:8>>.",
     "{error,{{1,16},erl_parse,[66,97,100,32,98,105,110,97,114,121,32,116,121,112,101]}}"},
    {"-spec f() -> ok when is_subtype(a, b).",
     "{error,{{1,33},erl_parse,[98,97,100,32,116,121,112,101,32,118,97,114,105,97,98,108,101]}}"},
    {"-spec f() -> ok when foo(X).",
     "{error,{{1,22},erl_parse,[117,110,115,117,112,112,111,114,116,101,100,32,99,111,110,115,116,114,97,105,110,116,32,[102,111,111]]}}"},
    {"-type t(_) :: a.",
     "{error,{{1,9},erl_parse,[98,97,100,32,116,121,112,101,32,118,97,114,105,97,98,108,101]}}"},
    {"-record(r, a).",
     "{error,{{1,12},erl_parse,[98,97,100,32,114,101,99,111,114,100,32,100,101,99,108,97,114,97,116,105,111,110]}}"},
    {"-record(r, {f(x)}).",
     "{error,{{1,13},erl_parse,[98,97,100,32,114,101,99,111,114,100,32,102,105,101,108,100]}}"},
    {"-export([f]).",
     "{error,{{1,9},erl_parse,[98,97,100,32,78,97,109,101,47,65,114,105,116,121]}}"},
    {"-export([f/a]).",
     "{error,{{1,12},erl_parse,[98,97,100,32,102,117,110,99,116,105,111,110,32,97,114,105,116,121]}}"},
    {"-export([F/1]).",
     "{error,{{1,10},erl_parse,[98,97,100,32,102,117,110,99,116,105,111,110,32,110,97,109,101]}}"},
    {"-module(1).",
     "{error,{{1,9},erl_parse,[98,97,100,32,[109,111,100,117,108,101],32,100,101,99,108,97,114,97,116,105,111,110]}}"},
    {"-foo(X).",
     "{error,{{1,6},erl_parse,[98,97,100,32,97,116,116,114,105,98,117,116,101]}}"},
    {"-foo(a, b).",
     "{error,{{1,9},erl_parse,[98,97,100,32,97,116,116,114,105,98,117,116,101]}}"},
    {"-type t :: a.",
     "{error,{{1,2},erl_parse,[98,97,100,32,[116,121,112,101],32,100,101,99,108,97,114,97,116,105,111,110]}}"},
    {"-foo a :: b.",
     "{error,{{1,2},erl_parse,[98,97,100,32,97,116,116,114,105,98,117,116,101]}}"},
    {"f() -> ok; g() -> ok.",
     "{error,{{1,12},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"f(X) -> X; f() -> ok.",
     "{error,{{1,12},erl_parse,[104,101,97,100,32,109,105,115,109,97,116,99,104]}}"},
    {"f() -> ok",
     "{error,{{1,8},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[]]}}"},
    {"- .",
     "{error,{{1,3},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,46,39]]}}"},
    {"1 + 2.",
     "{error,{{1,1},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[49]]}}"},
    {"f() -> a b.",
     "{error,{{1,10},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[98]]}}"},
    {"-record(r, {a::x}, b).",
     "{error,{{1,18},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,102,111,114,101,58,32],[39,44,39]]}}"},
};

Test(parse, forms)
{
    for (size_t i = 0; i < sizeof FORMS / sizeof FORMS[0]; i++) {
        parse_toks tk;
        scan(FORMS[i].src, &tk);
        term_t out;
        parse_result r = parse_form(&h, tk.v, tk.n, tk.text, &out);
        term_t got = ok_or_error(r, out);
        cr_expect(term_eq_exact(got, want(FORMS[i].want)), "%s\n  got  %s\n  want %s", FORMS[i].src, show(got),
                  FORMS[i].want);
        parse_toks_destroy(&tk);
    }
}

/* ---- terms ----------------------------------------------------------------------- */

static const prow TERMS[] = {
    {"{a, [1, 2], <<1:4>>, #{k => \"v\"}, -1, +2.5, fun m:f/1, $a}.",
     "{ok,{a,[1,2],<<1:4>>,#{k => [118]},-1,2.5,fun m:f/1,97}}"},
    {"f(x).",
     "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"a, b.",
     "{error,{{1,4},erl_parse,[98,97,100,32,116,101,114,109]}}"},
    {"#{a := 1}.",
     "{error,{{1,1},erl_parse,[98,97,100,32,116,101,114,109]}}"},
};

Test(parse, terms)
{
    for (size_t i = 0; i < sizeof TERMS / sizeof TERMS[0]; i++) {
        parse_toks tk;
        scan(TERMS[i].src, &tk);
        term_t out;
        parse_result r = parse_term(&h, tk.v, tk.n, tk.text, &out);
        term_t got = ok_or_error(r, out);
        cr_expect(term_eq_exact(got, want(TERMS[i].want)), "%s\n  got  %s\n  want %s", TERMS[i].src, show(got),
                  TERMS[i].want);
        parse_toks_destroy(&tk);
    }
}

/* ---- messages -------------------------------------------------------------------- */

static const prow MESSAGES[] = {
    {"f() -> a b.",
     "syntax error before: b"},
    {"f() -> \"ab\" \"c\" d.",
     "syntax error before: d"},
    {"-type t() :: <<X:8>>.",
     "Bad binary type"},
    {"-spec f() -> ok when foo(X).",
     "unsupported constraint foo"},
    {"-record(\"r\", {a}).",
     "bad record declaration"},
    {"f() -> 'x.",
     "unterminated atom starting with 'x.'"},
    {"f() -> \"x\ny.",
     "unterminated string starting with \"x\\ny.\""},
    {"f() -> 99#1.",
     "illegal base '99'"},
    {"f() -> 1.0e.",
     "illegal float"},
    {"f() -> $",
     "unterminated character"},
    {"f() -> ok; g() -> ok.",
     "head mismatch"},
    {"f() -> a $\\n.",
     "syntax error before: $\\n"},
    {"f() -> a 'B c'.",
     "syntax error before: 'B c'"},
    {"f() -> a 1.5.",
     "syntax error before: 1.5"},
};

Test(parse, error_messages)
{
    for (size_t i = 0; i < sizeof MESSAGES / sizeof MESSAGES[0]; i++) {
        const char *s = MESSAGES[i].src;
        term_t info;
        parse_toks tk;
        lex_state ls;
        lex_token t;
        parse_toks_init(&tk);
        lex_init(&ls, s, strlen(s), 1, 1, 0);
        bool scanned = true;
        for (;;) {
            if (!lex_next(&ls, &t)) {
                info = parse_scan_error(&h, &ls);
                scanned = false;
                break;
            }
            if (t.kind == LEX_EOF)
                break;
            parse_toks_push_lex(&tk, &t, s, false);
        }
        if (scanned)
            cr_assert_eq(parse_form(&h, tk.v, tk.n, tk.text, &info), PARSE_ERROR, "%s", s);
        char buf[512];
        size_t n = parse_format_error(term_tuple2(&h, ATOM_error, info), buf, sizeof buf);
        cr_expect_str_eq(buf, MESSAGES[i].want, "%s", s);
        cr_expect_eq(n, strlen(MESSAGES[i].want));
        parse_toks_destroy(&tk);
        lex_destroy(&ls);
    }
}

Test(parse, message_truncation)
{
    term_t info;
    parse_result r = parse_exprs_string(&h, "a b.", 4, false, &info);
    cr_assert_eq(r, PARSE_ERROR);
    char buf[8];
    size_t n = parse_format_error(info, buf, sizeof buf);
    cr_expect_eq(n, strlen("syntax error before: b"));
    cr_expect_str_eq(buf, "syntax ");
}

/* ---- text entry points ------------------------------------------------------------ */

/* erl -eval: a missing final dot is supplied, at line 1. */
/* parse_exprs/1 on more clauses of its invisible f/0: erl_parse crashes
 * (case_clause) where they are all f/0; we return an error at location 0. */
Test(parse, exprs_with_function_clauses)
{
    term_t out;
    cr_assert_eq(parse_exprs_string(&h, "a; f() -> b.", 12, false, &out), PARSE_ERROR);
    char msg[64];
    parse_format_error(out, msg, sizeof msg);
    cr_expect_str_eq(msg, "bad expression list");
    cr_expect_eq(tuple_get(out, 0), term_small(0));
}

Test(parse, add_dot)
{
    term_t out;
    cr_assert_eq(parse_exprs_string(&h, "X = 1, X + 1", 12, true, &out), PARSE_OK);
    cr_expect(term_eq_exact(out, want("[{match,{1,1},{var,{1,1},'X'},{integer,{1,5},1}},"
                                      "{op,{1,10},'+',{var,{1,8},'X'},{integer,{1,12},1}}].")),
              "%s", show(out));
    cr_assert_eq(parse_exprs_string(&h, "a.", 2, true, &out), PARSE_OK);
    cr_assert_eq(parse_exprs_string(&h, "a +", 3, true, &out), PARSE_ERROR);
    /* {error,{1,erl_parse,["syntax error before: ","'.'"]}}: the added dot has line 1 */
    cr_expect(term_eq_exact(out, want("{1,erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,101,"
                                      "102,111,114,101,58,32],[39,46,39]]}.")),
              "%s", show(out));
}

/* The shell's reader: erl_scan:tokens/3 then parse_exprs/1, one dot-terminated
 * sequence at a time, resuming after an error. */
Test(parse, stream)
{
    const char *text = "1 + 2.\nfoo(.\nX = 'ok', X.\n1.0e. bar.\n  ";
    parse_stream ps;
    parse_stream_init(&ps, text, strlen(text));
    term_t out;
    cr_assert_eq(parse_exprs_next(&ps, &h, &out), PARSE_OK);
    cr_expect(term_eq_exact(out, want("[{op,{1,3},'+',{integer,{1,1},1},{integer,{1,5},2}}].")), "%s", show(out));
    cr_assert_eq(parse_exprs_next(&ps, &h, &out), PARSE_ERROR);
    cr_expect(term_eq_exact(out, want("{{2,5},erl_parse,[[115,121,110,116,97,120,32,101,114,114,111,114,32,98,"
                                      "101,102,111,114,101,58,32],[39,46,39]]}.")),
              "%s", show(out));
    cr_assert_eq(parse_exprs_next(&ps, &h, &out), PARSE_OK);
    cr_expect(term_eq_exact(out, want("[{match,{3,1},{var,{3,1},'X'},{atom,{3,5},ok}},{var,{3,11},'X'}].")), "%s",
              show(out));
    cr_assert_eq(parse_exprs_next(&ps, &h, &out), PARSE_ERROR);
    cr_expect(term_eq_exact(out, want("{{4,1},erl_scan,{illegal,float}}.")), "%s", show(out));
    /* erl_scan:tokens/3 resumes right after the bad float: ". bar." */
    cr_assert_eq(parse_exprs_next(&ps, &h, &out), PARSE_ERROR);
    cr_assert_eq(parse_exprs_next(&ps, &h, &out), PARSE_OK);
    cr_expect(term_eq_exact(out, want("[{atom,{4,7},bar}].")), "%s", show(out));
    cr_expect_eq(parse_exprs_next(&ps, &h, &out), PARSE_EOF);
    cr_expect_eq(parse_exprs_next(&ps, &h, &out), PARSE_EOF);
    parse_stream_destroy(&ps);
}

/* ---- limits ------------------------------------------------------------------------- */

static char *nested(const char *open, const char *inner, const char *close, size_t depth)
{
    size_t lo = strlen(open), li = strlen(inner), lc = strlen(close);
    char *s = malloc(depth * (lo + lc) + li + 2);
    size_t k = 0;
    for (size_t i = 0; i < depth; i++, k += lo)
        memcpy(s + k, open, lo);
    memcpy(s + k, inner, li);
    k += li;
    for (size_t i = 0; i < depth; i++, k += lc)
        memcpy(s + k, close, lc);
    s[k++] = '.';
    s[k] = '\0';
    return s;
}

/* Deep nesting is an error at the token that goes too deep, never a
 * crash; PARSE_MAX_DEPTH levels still parse. */
Test(parse, nesting_is_bounded)
{
    static const char *const shapes[][3] = {
        {"(", "1", ")"},         {"[", "1", "]"},       {"{", "1", "}"},
        {"- ", "1", ""},         {"catch ", "1", ""},   {"begin ", "1", " end"},
        {"fun() -> ", "1", " end"}, {"#{a => ", "1", "}"}, {"X#{a => ", "1", "}"},
        {"f(", "1", ")"},        {"<<(", "1", ")>>"},   {"case 1 of _ -> ", "1", " end"},
        {"[x || _ <- ", "1", "]"}, {"#r{a = ", "1", "}"}, {"try ", "1", " after 1 end"},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        term_t out;
        char *deep = nested(shapes[i][0], shapes[i][1], shapes[i][2], 100000);
        cr_expect_eq(parse_exprs_string(&h, deep, strlen(deep), false, &out), PARSE_ERROR, "%s", shapes[i][0]);
        char msg[64];
        parse_format_error(out, msg, sizeof msg);
        cr_expect_str_eq(msg, "nesting too deep", "%s", shapes[i][0]);
        free(deep);
        char *ok = nested(shapes[i][0], shapes[i][1], shapes[i][2], PARSE_MAX_DEPTH / 2 - 2);
        cr_expect_eq(parse_exprs_string(&h, ok, strlen(ok), false, &out), PARSE_OK, "%s", shapes[i][0]);
        free(ok);
    }
    /* types nest too */
    char *t = nested("[", "a", "]", 100000);
    char *form = malloc(strlen(t) + 32);
    sprintf(form, "-type t() :: %s", t);
    parse_toks tk;
    scan(form, &tk);
    term_t out;
    cr_expect_eq(parse_form(&h, tk.v, tk.n, tk.text, &out), PARSE_ERROR);
    parse_toks_destroy(&tk);
    free(form);
    free(t);
}

/* Long lists, strings and operator chains are no nesting: they parse, and
 * last_anno/1 walks a 100000-element try pattern without recursion. */
Test(parse, long_sequences)
{
    size_t n = 100000;
    char *s = malloc(n * 8 + 64);
    size_t k = (size_t)sprintf(s, "try a catch [");
    for (size_t i = 0; i < n; i++)
        k += (size_t)sprintf(s + k, "%sX", i ? "," : "");
    k += (size_t)sprintf(s + k, "] -> b end.");
    term_t out;
    cr_assert_eq(parse_exprs_string(&h, s, k, false, &out), PARSE_OK);
    k = 0;
    for (size_t i = 0; i < n; i++)
        k += (size_t)sprintf(s + k, "%sa", i ? " ++ " : "");
    s[k++] = '.';
    cr_assert_eq(parse_exprs_string(&h, s, k, false, &out), PARSE_OK);
    term_t e = list_head(out);
    cr_expect(term_is_tuple(e) && tuple_get(e, 2) == atom_from_cstr("++"));
    free(s);
}

/* ---- normalise ------------------------------------------------------------------------ */

Test(parse, normalise)
{
    term_t es, v;
    const char *src = "{[1 | \"ab\"], #{k => -2.5}, <<3:4, 1:4, \"x\"/utf8>>, fun m:f/2, -$a}.";
    cr_assert_eq(parse_exprs_string(&h, src, strlen(src), false, &es), PARSE_OK);
    cr_assert(parse_normalise(&h, list_head(es), &v));
    cr_expect(term_eq_exact(v, want("{[1,97,98],#{k => -2.5},<<49,120>>,fun m:f/2,-97}.")), "%s", show(v));
    cr_assert_eq(parse_exprs_string(&h, "f(x).", 5, false, &es), PARSE_OK);
    cr_expect_not(parse_normalise(&h, list_head(es), &v));
    cr_assert_eq(parse_exprs_string(&h, "<<1:4/unit:8>>.", 15, false, &es), PARSE_OK);
    cr_expect(parse_normalise(&h, list_head(es), &v));
    cr_expect(term_eq_exact(v, want("<<0,0,0,1>>.")), "%s", show(v));
}

/* Bad input never crashes the parser: every prefix of a form is a result. */
Test(parse, prefixes_of_forms)
{
    const char *forms[] = {
        "-spec f(X :: integer()) -> {ok, [X]} when X :: pos_integer(); (atom()) -> ok.",
        "f(<<A:8, B/binary>>, #{k := V}) when A > 0 -> try V of {x, Y} -> Y catch C:R:S -> {C, R, S} after ok end.",
        "-record(r, {a = 1 :: integer(), b = fun() -> ok end, c :: <<_:_*8>>}).",
        "g() -> [X || <<X>> <= <<1, 2>>, X > 1] ++ << <<Y>> || Y <- [1] >>, fun F(0) -> 0; F(N) -> F(N - 1) end.",
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        parse_toks tk;
        scan(forms[i], &tk);
        for (size_t n = 0; n <= tk.n; n++) {
            term_t out;
            parse_result r = parse_form(&h, tk.v, n, tk.text, &out);
            cr_expect_eq(r, n == tk.n ? PARSE_OK : PARSE_ERROR, "%s with %zu tokens", forms[i], n);
        }
        parse_toks_destroy(&tk);
    }
}

/* Scratch memory comes back, with the sizes it was taken with. */
Test(parse, scratch_memory_is_returned)
{
    alloc_stat before, after;
    alloc_get_stat(ALLOC_TEMP, &before);
    const char *texts[] = {"[X || X <- L, <<Y>> <= B] ++ #{a => 1}.", "fun (X) -> X; Y(Z) -> Z end.",
                           "try a catch C:R:S -> {C, R} end.", "\"unterminated", "a b.",
                           "<<1:4/unit:8, \"ab\"/utf16>>."};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        term_t out;
        parse_exprs_string(&h, texts[i], strlen(texts[i]), false, &out);
        char buf[64];
        parse_format_error(out, buf, sizeof buf);
        parse_normalise(&h, term_is_list(out) ? list_head(out) : out, &out);
    }
    alloc_get_stat(ALLOC_TEMP, &after);
    cr_expect_eq(after.size, before.size);
    cr_expect_eq(after.blocks, before.blocks);
}
