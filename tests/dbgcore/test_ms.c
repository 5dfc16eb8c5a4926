/* test_ms.c: tests of dbgcore/ms*.c, match specifications: compiling,
 * OTP's error lists, running on arguments and on terms, the actions
 * through the hooks, the emulator's term printer. Expected values come
 * from erlang:match_spec_test/3 in OTP 25's erl (the comment above each
 * table or test says what erl printed); tests/diff/ms/ compares thousands
 * more against erl. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>

#include "dbgcore/ms.h"
#include "format/format.h"

static heap_t h;

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(ms, .init = setup, .fini = teardown);

/* A term from Erlang text (no full stop needed). */
static term_t R(const char *text)
{
    term_t t;
    read_error err;
    cr_assert_eq(read_term_nodot(&h, text, strlen(text), &t, &err), READ_OK, "%s: %s", text, err.msg);
    return t;
}

/* ~w of a term, for messages. */
static const char *W(term_t t)
{
    static fmt_buf b;
    fmt_buf_reset(&b);
    fmt_write(&b, t, -1, false);
    return b.data;
}

static void assert_term(term_t got, const char *want)
{
    term_t w = R(want);
    cr_assert(term_eq_exact(got, w), "got %s, want %s", W(got), want);
}

static ms_prog *compile_ok(ms_kind kind, const char *spec)
{
    term_t errors, reason;
    ms_prog *p = ms_compile(R(spec), kind, &h, &errors, &reason);
    cr_assert_not_null(p, "%s: %s", spec, W(errors));
    cr_assert_eq(errors, NIL);
    return p;
}

static ms_ctx ctx_default(void)
{
    return (ms_ctx){
        .heap = &h,
        .self = term_local_pid(42, 0),
        .caller = ATOM_undefined,
        .caller_line = ATOM_undefined,
        .hooks = NULL,
    };
}

/* Runs a call-trace spec on the arguments of `args` (an Erlang list). */
static bool run_call(ms_prog *p, const char *args, ms_ctx *ctx, ms_result *r)
{
    term_t l = R(args), v[16];
    unsigned n = 0;
    for (; term_is_list(l); l = list_tail(l))
        v[n++] = list_head(l);
    return ms_run_trace(p, ctx, v, n, r);
}

/* ---- compiling and running ----------------------------------------------------- */

Test(ms, guard_on_arguments)
{
    /* match_spec_test([11,b], S, trace) -> {ok,true,[],[]};
     * [5,b] -> {ok,false,[],[]}; [a,b] -> {ok,true,[],[]} (atoms > numbers) */
    ms_prog *p = compile_ok(MS_CALL, "[{['$1','_'],[{'>','$1',10}],[]}]");
    ms_ctx ctx = ctx_default();
    ms_result r;
    cr_assert(run_call(p, "[11,b]", &ctx, &r));
    cr_assert_eq(r.message, ATOM_true);
    cr_assert_eq(r.flags, 0u);
    cr_assert_not(run_call(p, "[5,b]", &ctx, &r));
    cr_assert(run_call(p, "[a,b]", &ctx, &r));
    cr_assert_not(run_call(p, "[11]", &ctx, &r), "wrong arity");
    ms_free(p);
}

/* Guard tests comparing variables and constants, which the compiler fuses
 * into one op (ms_priv.h's TEST), from erl's match_spec_test(Args, Spec,
 * trace): true when the clause matched ({ok,true,[],[]}), false when not.
 * They build nothing, so they run without a heap. */
static const struct {
    const char *spec, *args;
    bool matched;
} fused[] = {
    {"[{['$1','$2'],[{'<','$1','$2'}],[]}]", "[1,2]", true},
    {"[{['$1','$2'],[{'<','$1','$2'}],[]}]", "[2,1]", false},
    {"[{['$1','$2'],[{'<','$1','$2'}],[]}]", "[1,a]", true},
    {"[{['$1','$2'],[{'<','$1','$2'}],[]}]", "[1.0,1]", false},
    {"[{['$1','$2'],[{'<','$1','$2'}],[]}]", "[a,1]", false},
    {"[{['$1'],[{'=:=','$1',1}],[]}]", "[1.0]", false},
    {"[{['$1'],[{'=:=','$1',1}],[]}]", "[1]", true},
    {"[{['$1'],[{'==','$1',1}],[]}]", "[1.0]", true},
    {"[{['$1'],[{'==','$1',1}],[]}]", "[2]", false},
    {"[{['$1'],[{'>=',100000000000000000000,'$1'}],[]}]", "[5]", true},
    {"[{['$1'],[{'>=',100000000000000000000,'$1'}],[]}]", "[100000000000000000001]", false},
    {"[{['$1'],[{'>=',100000000000000000000,'$1'}],[]}]", "[100000000000000000000]", true},
    {"[{['$1'],[{'/=','$1',foo}],[]}]", "[foo]", false},
    {"[{['$1'],[{'/=','$1',foo}],[]}]", "[bar]", true},
    {"[{['$1','$2'],[{'=/=','$1','$2'}],[]}]", "[1,1]", false},
    {"[{['$1','$2'],[{'=/=','$1','$2'}],[]}]", "[1,1.0]", true},
    {"[{['$1','$2'],[{'=/=','$1','$2'}],[]}]", "[x,x]", false},
    {"[{['$1'],[{'<','$1',0},{'>','$1',-10}],[]}]", "[-5]", true},
    {"[{['$1'],[{'<','$1',0},{'>','$1',-10}],[]}]", "[-20]", false},
    {"[{['$1'],[{'<','$1',0},{'>','$1',-10}],[]}]", "[5]", false},
    {"[{['$1'],[{'=<','$1',2.5}],[]}]", "[2]", true},
    {"[{['$1'],[{'=<','$1',2.5}],[]}]", "[3]", false},
    {"[{['$1'],[{'=<','$1',2.5}],[]}]", "[2.5]", true},
    {"[{['$1'],[{'>','$1',{const,{a,b}}}],[]}]", "[{a,c}]", true},
    {"[{['$1'],[{'>','$1',{const,{a,b}}}],[]}]", "[{a,a}]", false},
};

Test(ms, fused_guard_tests)
{
    for (size_t i = 0; i < sizeof fused / sizeof fused[0]; i++) {
        ms_prog *p = compile_ok(MS_CALL, fused[i].spec);
        cr_assert_not(ms_prog_builds(p), "%s builds", fused[i].spec);
        ms_ctx ctx = ctx_default();
        ctx.heap = NULL;
        ms_result r;
        cr_assert_eq(run_call(p, fused[i].args, &ctx, &r), fused[i].matched, "%s on %s", fused[i].spec,
                     fused[i].args);
        ms_free(p);
    }
    /* a body that builds a term needs the heap */
    ms_prog *p = compile_ok(MS_CALL, "[{['$1'],[{'<','$1',0}],[{message,{{'$1'}}}]}]");
    cr_assert(ms_prog_builds(p));
    ms_free(p);
}

Test(ms, message_and_flags)
{
    /* [{['$1','_'],[],[{message,{{'$1'}}},{return_trace},{exception_trace}]}] on [11,b]
     * -> {ok,{11},[return_trace,exception_trace],[]} */
    ms_prog *p =
        compile_ok(MS_CALL, "[{['$1','_'],[],[{message,{{'$1'}}},{return_trace},{exception_trace}]}]");
    ms_ctx ctx = ctx_default();
    ms_result r;
    cr_assert(run_call(p, "[11,b]", &ctx, &r));
    assert_term(r.message, "{11}");
    cr_assert_eq(r.flags, (unsigned)(MS_RETURN_TRACE | MS_EXCEPTION_TRACE));
    ms_free(p);

    /* {message,false} still returns the flags: {ok,false,[return_trace],[]} */
    p = compile_ok(MS_CALL, "[{'_',[],[{message,false},{return_trace}]}]");
    cr_assert(run_call(p, "[1]", &ctx, &r));
    cr_assert_eq(r.message, ATOM_false);
    cr_assert_eq(r.flags, (unsigned)MS_RETURN_TRACE);
    ms_free(p);
}

/* Body values: {ok, Result, _, _} of match_spec_test(Args, [{Head,[],[{message,Expr}]}], trace). */
static const struct {
    const char *args, *head, *expr, *want;
} values[] = {
    {"[1]", "['$1']", "{message,{hd,[]}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{message,foo}}", "true"},
    {"[1]", "['$1']", "{message,{{{hd,[]},2}}}", "{'EXIT',2}"},
    {"[1]", "['$1']", "{message,['$1','$1']}", "[1,1]"},
    {"[1]", "['$1']", "{message,'$_'}", "[1]"},
    {"[1,2]", "'_'", "{message,'$_'}", "[1,2]"},
    {"[1,2]", "['$2','$1']", "{message,'$$'}", "[2,1]"},
    {"[1,2]", "['$20','$1']", "{message,'$$'}", "[2,1]"},
    {"[1]", "['$1']", "{message,#{a=>'$1'}}", "#{a=>1}"},
    {"[1]", "['$1']", "{message,#{'$1'=>{const,b}}}", "#{1=>b}"},
    {"[1]", "['$1']", "{message,#{{{'$1'}}=>'$1'}}", "#{{1}=>1}"},
    {"[1]", "['$1']", "{message,#{a=>{{b}}}}", "#{a=>{b}}"},
    {"[1]", "['$1']", "{message,{const,'$1'}}", "'$1'"},
    {"[1]", "['$1']", "{message,{{const,'$1'}}}", "{const,1}"},
    {"[1]", "['$1']", "{message,[{{b}},{const,'$1'}]}", "[{b},'$1']"},
    {"[1]", "['$1']", "{message,{{}}}", "{}"},
    {"[1]", "['$1']", "{message,{'andalso',true,foo}}", "foo"},
    {"[1]", "['$1']", "{message,{'andalso',false,foo}}", "false"},
    {"[1]", "['$1']", "{message,{'andalso',foo,true}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{'orelse',false,foo}}", "foo"},
    {"[1]", "['$1']", "{message,{andthen,true,foo}}", "foo"},
    {"[1]", "['$1']", "{message,{'and',false,foo}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{'xor',true,false}}", "true"},
    {"[1]", "['$1']", "{message,{'/','$1',2}}", "0.5"},
    {"[1]", "['$1']", "{message,{'bnot','$1'}}", "-2"},
    {"[1]", "['$1']", "{message,{float,'$1'}}", "1.0"},
    {"[1]", "['$1']", "{message,{element,1,'$1'}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{node}}", "nonode@nohost"},
    {"[1]", "['$1']", "{message,{caller}}", "undefined"},
    {"[1]", "['$1']", "{message,{get_seq_token}}", "[]"},
    {"[1]", "['$1']", "{message,{is_seq_trace}}", "false"},
    {"[1]", "['$1']", "{message,{set_seq_token,label,3}}", "[]"},
    {"[1]", "['$1']", "{message,{set_seq_token,send,true}}", "{send,false}"},
    {"[1]", "['$1']", "{message,{set_seq_token,foo,true}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{set_tcw,-1}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{set_tcw,4294967296}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{enable_trace,call}}", "true"},
    {"[1]", "['$1']", "{message,{enable_trace,cpu_timestamp}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{enable_trace,self,call}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{disable_trace,{self},call}}", "true"},
    {"[1]", "['$1']", "{message,{trace,[call],[send]}}", "false"},
    {"[1]", "['$1']", "{message,{trace,[bogus],[send]}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{trace,call,[send]}}", "'EXIT'"},
    {"[1]", "['$1']", "{message,{silent,foo}}", "true"},
    {"[1]", "['$1']", "{message,'$01'}", "'$01'"},
    {"[1]", "['$4294967297']", "{message,'$1'}", "1"},
    {"[1]", "['$2147483648']", "{message,x}", "false"}, /* no variable: no match */
    {"[1,1.0]", "['$1','$1']", "{message,x}", "false"}, /* =:= */
    {"[a]", "{'$1'}", "{message,'$_'}", "[a]"},         /* a tuple head is an argument list */
    {"[1]", "[]", "{message,x}", "false"},
};

Test(ms, body_values)
{
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char spec[256];
        snprintf(spec, sizeof spec, "[{%s,[],[%s]}]", values[i].head, values[i].expr);
        ms_prog *p = compile_ok(MS_CALL, spec);
        ms_ctx ctx = ctx_default();
        ms_result r;
        term_t got = run_call(p, values[i].args, &ctx, &r) ? r.message : ATOM_false;
        cr_assert(term_eq_exact(got, R(values[i].want)), "%s on %s: got %s, want %s", spec, values[i].args,
                  W(got), values[i].want);
        ms_free(p);
    }
}

/* Table dialect: match_spec_test(Term, Spec, table). */
static const struct {
    const char *term, *spec, *want;
} tables[] = {
    {"{a,1}", "[{{'$1','$2'},[],['$$']}]", "[a,1]"},
    {"{a,1}", "[{{'$1','$2'},[{is_atom,'$1'}],[{{'$2','$_'}}]}]", "{1,{a,1}}"},
    {"{a,1}", "[{{'$1','_'},[{is_integer,'$1'}],[x]},{'_',[],[other]}]", "other"},
    {"{a,1}", "[{'_',[],[{hd,[]}]}]", "'EXIT'"},
    {"#{a=>1,b=>2}", "[{#{a=>'$1'},[],['$1']}]", "1"},
    {"#{a=>1,b=>2}", "[{#{c=>'$1'},[],['$1']}]", "false"},
    {"[1,2,3]", "[{['$1'|'$2'],[],[{{'$1','$2'}}]}]", "{1,[2,3]}"},
    {"1.0", "[{1,[],[int]},{1.0,[],[float]}]", "float"},
    {"0.0", "[{-0.0,[],[neg]},{'_',[],[other]}]", "other"},
    {"a", "[{'$1',[],['$1']}]", "a"},
};

Test(ms, table_dialect)
{
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        ms_prog *p = compile_ok(MS_TABLE, tables[i].spec);
        ms_ctx ctx = ctx_default();
        ms_result r;
        term_t got = ms_run_table(p, &ctx, R(tables[i].term), &r) ? r.message : ATOM_false;
        cr_assert(term_eq_exact(got, R(tables[i].want)), "%s: got %s, want %s", tables[i].spec, W(got),
                  tables[i].want);
        ms_free(p);
    }
}

/* ---- errors -------------------------------------------------------------------------- */

/* {error, Errors} of match_spec_test([1], Spec, trace|table). */
static const struct {
    ms_kind kind;
    const char *spec, *want;
} errors[] = {
    {MS_CALL, "x", "[{error,\"Match programs are not in a list.\"}]"},
    {MS_CALL, "[]", "[{error,\"Match programs are not in a list.\"}]"},
    {MS_CALL, "[{'$1',[],[]}|x]", "[{error,\"Match programs are not in a proper list.\"}]"},
    {MS_CALL, "[x]", "[{error,\"Match program part is not a tuple of arity 3.\"}]"},
    {MS_CALL, "[{x,[],[]}]", "[{error,\"Match head is invalid in this context.\"}]"},
    {MS_CALL, "[{[a|b],[],[]}]", "[{error,\"Match expression part [a|b] is not a proper list.\"}]"},
    {MS_CALL, "[{['$1','_'],[],['$2']}]", "[{error,\"Variable $2 is unbound.\"}]"},
    {MS_CALL, "[{['$1','_'],[{foo,1}],['$2']}]",
     "[{error,\"Function foo/1 does_not_exist.\"},{error,\"Variable $2 is unbound.\"}]"},
    {MS_CALL, "[{['$1','_'],[{'>','$1'}],[]}]", "[{error,\"Function '>'/1 does_not_exist.\"}]"},
    {MS_CALL, "[{['$1','_'],[{return_trace}],[]}]",
     "[{error,\"Special form 'return_trace' called in guard context.\"}]"},
    {MS_CALL, "[{['$1','_'],[{const,1,2}],[]}]",
     "[{error,\"Special form 'const' called with more than one argument in {const,1,2}.\"}]"},
    {MS_CALL, "[{'_',[],[{'and'}]}]", "[{error,\"Special form 'and' called without arguments in {and}.\"}]"},
    {MS_CALL, "[{'_',[],[{andthen}]}]",
     "[{error,\"Special form 'andalso' called without arguments in {andthen}.\"}]"},
    {MS_CALL, "[{'_',[],[{'$1'}]}]",
     "[{error,\"{'$1'} is neither a function call, nor a tuple (tuples are written {{ ... }}).\"}]"},
    {MS_CALL, "[{'_',[{set_seq_token,a,b}],[]}]",
     "[{error,\"Special form 'set_seq_trace' called in guard context.\"}]"},
    {MS_CALL, "[{'_',[{set_tcw,1}],[]}]",
     "[{error,\"Function set_tcw/1 cannot be called in this context.\"}]"},
    {MS_CALL, "[{'_',[],[{foo},{bar}]}]",
     "[{error,\"Function foo/0 does_not_exist.\"},{error,\"Function bar/0 does_not_exist.\"}]"},
    {MS_CALL, "[{'_',[],[{foo}]},{'_',[],[{bar}]}]", "[{error,\"Function foo/0 does_not_exist.\"}]"},
    {MS_CALL, "[{'_',[],[{message,#{{foo}=>1,{bar}=>2}}]}]",
     "[{error,\"Function foo/0 does_not_exist.\"},{error,\"Function bar/0 does_not_exist.\"},"
     "{error,\"Function foo/0 does_not_exist.\"},{error,\"Function bar/0 does_not_exist.\"}]"},
    {MS_CALL, "[{'_',[],[{enable_trace,'$1',2,3}]}]",
     "[{error,\"Special form 'enable_trace' called with wrong number of arguments in "
     "{enable_trace,'$1',2,3}.\"}]"},
    {MS_CALL, "[{['$30','$2'],[{'>','$31',1}],[{message,{'$2'}}]}]",
     "[{error,\"Variable $31 is unbound.\"},"
     "{error,\"{'$0'} is neither a function call, nor a tuple (tuples are written {{ ... }}).\"}]"},
    {MS_CALL, "[{'_',[],[{const,{'_','$1',aB,'Ab','a@b','a.b','',[]},y}]}]",
     "[{error,\"Special form 'const' called with more than one argument in "
     "{const,{'_','$1',aB,'Ab','a@b','a.b','',\"}]"},
    {MS_TABLE, "[{'_',[],[]}]", "[{error,\"Body clause does not return anything.\"}]"},
    {MS_TABLE, "[{{'$1','_'},[],[{return_trace}]}]",
     "[{error,\"Special form 'return_trace' used in wrong dialect.\"}]"},
    {MS_TABLE, "[{'_',[],[{get_tcw}]}]",
     "[{error,\"Function get_tcw/0 cannot be called in this context.\"}]"},
    {MS_TABLE, "[{#{'$1'=>1},[],[x]}]", "[{error,\"Variable found in map key.\"}]"},
    /* OTP checks the last map of a head first */
    {MS_CALL, "[{[#{'_'=>1},#{'$1'=>2}],[],[]}]", "[{error,\"Variable found in map key.\"}]"},
    {MS_CALL, "[{[#{'$1'=>1},#{'_'=>2}],[],[]}]", "[{error,\"Underscore found in map key.\"}]"},
    {MS_TABLE, "[{#{'_'=>1},[],[x]}]", "[{error,\"Underscore found in map key.\"}]"},
    {MS_TABLE, "[{'$1',x,[1]}]", "[{error,\"Match expression is not a list.\"}]"},
    {MS_TABLE, "[{'$1',[],[1|y]}]", "[{error,\"Match expression is not a proper list.\"}]"},
};

Test(ms, error_lists)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
        term_t got, reason;
        ms_prog *p = ms_compile(R(errors[i].spec), errors[i].kind, &h, &got, &reason);
        cr_assert_null(p, "%s compiled", errors[i].spec);
        cr_assert_eq(reason, ATOM_badarg, "%s", errors[i].spec);
        cr_assert(term_eq_exact(got, R(errors[i].want)), "%s:\n got  %s\n want %s", errors[i].spec, W(got),
                  errors[i].want);
    }
}

/* A chain of n one-element lists around x, as text. */
static char *nested(const char *open, const char *x, const char *close, int n)
{
    size_t lo = strlen(open), lx = strlen(x), lc = strlen(close);
    char *s = malloc((size_t)n * (lo + lc) + lx + 64);
    char *q = s;
    for (int i = 0; i < n; i++, q += lo)
        memcpy(q, open, lo);
    memcpy(q, x, lx);
    q += lx;
    for (int i = 0; i < n; i++, q += lc)
        memcpy(q, close, lc);
    *q = '\0';
    return s;
}

Test(ms, nesting_limits)
{
    /* erl, a body of one nested expression: 3191 nested lists compile,
     * 3192 give [{error,"Excessive nesting; system limit reached near: '$1'"},
     *            {error,"Excessive nesting; system limit reached near: []"}];
     * tuples {{..}}: 2279 and 2280 (only the first error); trace_pattern
     * raises system_limit. Heads have no limit. */
    struct {
        const char *open, *close;
        int ok;
        const char *want;
    } cases[] = {
        {"[", "]", 3191,
         "[{error,\"Excessive nesting; system limit reached near: '$1'\"},"
         "{error,\"Excessive nesting; system limit reached near: []\"}]"},
        {"{{", "}}", 2279, "[{error,\"Excessive nesting; system limit reached near: '$1'\"}]"},
    };
    for (size_t i = 0; i < 2; i++) {
        for (int d = cases[i].ok; d <= cases[i].ok + 1; d++) {
            char *body = nested(cases[i].open, "'$1'", cases[i].close, d);
            char *spec = malloc(strlen(body) + 64);
            sprintf(spec, "[{['$1'],[],[%s]}]", body);
            term_t errs, reason;
            ms_prog *p = ms_compile(R(spec), MS_CALL, &h, &errs, &reason);
            if (d == cases[i].ok) {
                cr_assert_not_null(p, "depth %d", d);
                ms_free(p);
            } else {
                cr_assert_null(p, "depth %d", d);
                cr_assert_eq(reason, ATOM_system_limit);
                cr_assert(term_eq_exact(errs, R(cases[i].want)), "got %s", W(errs));
            }
            free(body);
            free(spec);
        }
    }
    /* a head a million lists deep: compiles and matches without C recursion */
    term_t deep = term_small(1);
    for (int i = 0; i < 1000000; i++)
        deep = term_cons(&h, deep, NIL);
    term_t spec = term_cons(&h, term_tuple3(&h, term_cons(&h, deep, NIL), NIL, NIL), NIL);
    term_t errs;
    ms_prog *p = ms_compile(spec, MS_CALL, &h, &errs, NULL);
    cr_assert_not_null(p);
    ms_ctx ctx = ctx_default();
    ms_result r;
    cr_assert(ms_run_trace(p, &ctx, &deep, 1, &r));
    term_t other = term_small(2);
    cr_assert_not(ms_run_trace(p, &ctx, &other, 1, &r));
    ms_free(p);
}

Test(ms, trace_events_allow_fewer_actions)
{
    /* erlang:trace_pattern(send, S, []): {caller} badarg; 'receive' also
     * refuses enable_trace, silent, is_seq_trace..., accepts return_trace */
    term_t reason;
    cr_assert_null(ms_compile(R("[{'_',[],[{caller}]}]"), MS_SEND, NULL, NULL, &reason));
    cr_assert_eq(reason, ATOM_badarg);
    ms_prog *p = compile_ok(MS_SEND, "[{['$1','$2'],[],[{enable_trace,call},{display,a}]}]");
    ms_free(p);
    cr_assert_null(ms_compile(R("[{'_',[],[{enable_trace,call}]}]"), MS_RECEIVE, NULL, NULL, &reason));
    cr_assert_null(ms_compile(R("[{'_',[{is_seq_trace}],[]}]"), MS_RECEIVE, NULL, NULL, &reason));
    p = compile_ok(MS_RECEIVE,
                   "[{['_','$1','$2'],[{'=:=','$2',hello}],[{return_trace},{message,{get_tcw}}]}]");
    ms_ctx ctx = ctx_default();
    ms_result r;
    cr_assert(run_call(p, "[nonode@nohost,x,hello]", &ctx, &r));
    cr_assert_not(run_call(p, "[nonode@nohost,x,bye]", &ctx, &r));
    ms_free(p);
}

/* ---- actions through the hooks ----------------------------------------------------- */

typedef struct calls {
    char log[512];
} calls;

static void log_call(ms_ctx *ctx, const char *what, term_t a, term_t b)
{
    calls *c = ctx->data;
    size_t n = strlen(c->log);
    snprintf(c->log + n, sizeof c->log - n, "%s(%s", what, a == THE_NON_VALUE ? "self" : W(a));
    n = strlen(c->log);
    snprintf(c->log + n, sizeof c->log - n, ",%s);", b == THE_NON_VALUE ? "-" : W(b));
}

static term_t h_enable(ms_ctx *ctx, term_t target, term_t flag, bool on)
{
    log_call(ctx, on ? "enable" : "disable", target, flag);
    return flag == atom_from_cstr("bad") ? THE_NON_VALUE : ATOM_true;
}
static term_t h_trace(ms_ctx *ctx, term_t target, term_t d, term_t e)
{
    log_call(ctx, "trace", d, e);
    return target == THE_NON_VALUE ? ATOM_true : ATOM_false;
}
static term_t h_set_tcw(ms_ctx *ctx, uint32_t v)
{
    log_call(ctx, "set_tcw", term_small(v), THE_NON_VALUE);
    return term_small(17);
}
static void h_display(ms_ctx *ctx, term_t t) { log_call(ctx, "display", t, THE_NON_VALUE); }

Test(ms, actions_go_to_the_hooks_in_order)
{
    static const ms_hooks hooks = {
        .enable_trace = h_enable, .trace = h_trace, .set_tcw = h_set_tcw, .display = h_display};
    calls log = {{0}};
    ms_ctx ctx = ctx_default();
    ctx.hooks = &hooks;
    ctx.data = &log;
    ctx.caller = R("{m,f,2}");
    ms_prog *p = compile_ok(MS_CALL, "[{['$1'],[],[{enable_trace,send},{disable_trace,'$1',call},"
                                     "{message,{{{enable_trace,bad},{set_tcw,5},{set_tcw,a},{caller}}}},"
                                     "{'+',{display,a},{display,b}},{trace,[call],[]},{silent,true}]}]");
    ms_result r;
    cr_assert(run_call(p, "[x]", &ctx, &r));
    /* arguments and {{tuple}} elements are evaluated last to first (OTP's
     * order: erl displays b before a) */
    cr_assert_str_eq(log.log, "enable(self,send);disable(x,call);set_tcw(5,-);enable(self,bad);display(b,-);"
                              "display(a,-);trace([call],[]);");
    assert_term(r.message, "{'EXIT',17,'EXIT',{m,f,2}}");
    cr_assert_eq(r.flags, (unsigned)MS_SILENT_ON);
    ms_free(p);
}

Test(ms, silent_last_wins)
{
    ms_prog *p = compile_ok(MS_CALL, "[{'_',[],[{silent,true},{silent,false}]}]");
    ms_ctx ctx = ctx_default();
    ms_result r;
    cr_assert(run_call(p, "[]", &ctx, &r));
    cr_assert_eq(r.flags, (unsigned)MS_SILENT_OFF);
    ms_free(p);
}

Test(ms, trace_control_word)
{
    uint32_t old = ms_tcw_set(7);
    cr_assert_eq(ms_tcw_get(), 7u);
    /* match_spec_test's hooks read it and do not set it (OTP's fake set_tcw) */
    ms_prog *p = compile_ok(MS_CALL, "[{'_',[{'=:=',{get_tcw},7}],[{message,{set_tcw,9}}]}]");
    ms_ctx ctx = ctx_default();
    ms_result r;
    cr_assert(run_call(p, "[]", &ctx, &r));
    cr_assert_eq(r.message, term_small(7));
    cr_assert_eq(ms_tcw_get(), 7u);
    ms_free(p);
    ms_tcw_set(old);
}

Test(ms, source_is_kept)
{
    term_t spec = R("[{['$1'],[{is_atom,'$1'}],[{message,{const,<<\"bin\">>}}]}]");
    ms_prog *p = ms_compile(spec, MS_CALL, &h, NULL, NULL);
    cr_assert_not_null(p);
    cr_assert(term_eq_exact(ms_source(p), spec));
    cr_assert_eq(ms_prog_kind(p), MS_CALL);
    ms_free(p);
}

Test(ms, failing_guard_allocates_nothing)
{
    ms_prog *p = compile_ok(MS_CALL, "[{['$1','_'],[{'>','$1',10}],[]},{['$1'],[{is_atom,'$1'}],[]}]");
    ms_ctx ctx = ctx_default();
    ms_result r;
    term_t args[2] = {term_small(3), ATOM_true};
    size_t before = heap_used_words(&h);
    for (int i = 0; i < 1000; i++)
        cr_assert_not(ms_run_trace(p, &ctx, args, 2, &r));
    cr_assert_eq(heap_used_words(&h), before);
    ms_free(p);
}

/* Several threads run one program at once, each on its own heap. */
static ms_prog *shared;
static void *runner(void *arg)
{
    heap_t th;
    heap_init(&th, ALLOC_TEMP);
    long ok = 0;
    for (int i = 0; i < 20000; i++) {
        ms_ctx ctx = {.heap = &th,
                      .self = term_local_pid(1, 0),
                      .caller = ATOM_undefined,
                      .caller_line = ATOM_undefined};
        ms_result r;
        term_t args[2] = {term_small(i % 20), term_small((intptr_t)arg)};
        if (ms_run_trace(shared, &ctx, args, 2, &r) && r.message == term_small((intptr_t)arg + i % 20))
            ok++;
        heap_reset(&th);
    }
    heap_destroy(&th);
    return (void *)ok;
}

Test(ms, concurrent_runs)
{
    shared = compile_ok(MS_CALL, "[{['$1','$2'],[{'>=','$1',10}],[{message,{'+','$1','$2'}}]}]");
    pthread_t t[4];
    for (intptr_t i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, runner, (void *)i);
    for (int i = 0; i < 4; i++) {
        void *ok;
        pthread_join(t[i], &ok);
        cr_assert_eq((long)ok, 10000L);
    }
    ms_free(shared);
}

/* ---- the emulator's term printer ---------------------------------------------------- */
