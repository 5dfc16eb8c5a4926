/* test_interp.c: tests of vm/interp.c, and of the stack traces code.c
 * builds for it, by running Erlang modules compiled from the sources below
 * in a VM with one scheduler (tests/lib/vmrun.h). Expected values are what
 * OTP 25 returned for the same modules compiled with erlc, each function
 * run in a fresh process (spawned through a wrapper fun, whose frames the
 * functions filter out with mine/1 or leave below the eighth frame):
 *
 *   r(M, F, A) -> Self = self(),
 *       {Pid, Ref} = spawn_monitor(fun() -> Self ! {self(), apply(M, F, A)} end),
 *       receive {Pid, V} -> {ok, V}; {'DOWN', Ref, _, _, Why} -> {exit, Why} end.
 *
 * Stack traces keep their line numbers: keep the sources' lines as they are. */
#include "tests/lib/vmrun.h"

#include "vm/interp.h"

/* Exceptions: classes, catch values, stack traces, unwinding. */
static const char src_exc[] =
    "-module(ti_exc).\n"
    "-export([t_stack/0, t_fc/0, t_bif/0, t_undef/0, t_catch/0, t_classes/0,\n"
    "         t_nested/0, t_deep/1, t_after/0, t_rethrow/0, t_raise/0, t_errors/0,\n"
    "         die_error/0, die_throw/0, die_exit/0, t_error2/0, t_lib/0, t_depth/0,\n"
    "         t_recursive/0, id/1, t_arith/0]).\n"
    "\n"
    "f(X) -> case X of 1 -> error(foo); _ -> X end.\n"
    "g(X) -> Y = f(X), {Y}.\n"
    "mine(S) -> [F || F = {M, _, _, _} <- S, M =/= run].\n"
    "id(X) -> X.\n"
    "\n"
    "t_stack() -> try g(id(1)) catch C:R:S -> {C, R, mine(S)} end.\n"
    "\n"
    "fc(1) -> one;\n"
    "fc(2) -> two.\n"
    "t_fc() -> try {fc(id(3))} catch C:R:S -> {C, R, mine(S)} end.\n"
    "\n"
    "t_bif() ->\n"
    "    [try {id(a) * 2} catch C:R:S -> {C, R, mine(S)} end,\n"
    "     try {hd(id([]))} catch C:R:S -> {C, R, mine(S)} end,\n"
    "     try {element(5, id(x))} catch C:R:S -> {C, R, mine(S)} end].\n"
    "\n"
    "t_undef() -> try {ti_exc_none:nofun(1, 2)} catch C:R:S -> {C, R, mine(S)} end.\n"
    "\n"
    "t_lib() -> try {lists:reverse(id(x))} catch C:R:S -> {M, F, A, _} = hd(S), {C, R, M, F, A} end.\n"
    "\n"
    "t_catch() ->\n"
    "    [catch throw(x), catch exit(y), element(1, catch error(z)),\n"
    "     element(1, element(2, catch error(z))), catch 42].\n"
    "\n"
    "t_classes() ->\n"
    "    [try throw(a) catch C:R -> {C, R} end,\n"
    "     try exit(b) catch C:R -> {C, R} end,\n"
    "     try error(c) catch C:R -> {C, R} end,\n"
    "     try erlang:raise(throw, d, []) catch C:R -> {C, R} end,\n"
    "     try erlang:raise(exit, e, []) catch C:R -> {C, R} end].\n"
    "\n"
    "t_nested() ->\n"
    "    try\n"
    "        try throw(inner) catch error:_ -> wrong end\n"
    "    catch throw:inner -> caught_outer\n"
    "    end.\n"
    "\n"
    "down(0) -> throw(bottom);\n"
    "down(N) -> {down(N - 1)}.\n"
    "\n"
    "t_deep(K) -> loop(K, 0).\n"
    "loop(0, Acc) -> Acc;\n"
    "loop(K, Acc) ->\n"
    "    V = try down(200) catch throw:bottom -> 1 end,\n"
    "    loop(K - 1, Acc + V).\n"
    "\n"
    "t_after() ->\n"
    "    Self = self(),\n"
    "    R = try ok of ok -> fine after Self ! after_ran end,\n"
    "    R2 = (catch try throw(t) after Self ! after_ran2 end),\n"
    "    {R, R2, receive after_ran -> yes after 0 -> no end,\n"
    "     receive after_ran2 -> yes after 0 -> no end}.\n"
    "\n"
    "t_rethrow() ->\n"
    "    try\n"
    "        try error(first) catch error:first -> throw(second) end\n"
    "    catch C:R -> {C, R}\n"
    "    end.\n"
    "\n"
    "t_raise() ->\n"
    "    S0 = [{m, f, 1, [{file, \"m.erl\"}, {line, 9}]}],\n"
    "    try erlang:raise(error, boom, S0) catch C:R:S -> {C, R, S} end.\n"
    "\n"
    "t_errors() ->\n"
    "    L = [fun() -> {A} = id({b, c}), A end,\n"
    "         fun() -> case id(x) of y -> ok end end,\n"
    "         fun() -> X = id(1), if X > 2 -> ok end end,\n"
    "         fun() -> try id(q) of r -> ok catch _:_ -> no end end,\n"
    "         fun() -> F = id(nofun), F() end,\n"
    "         fun() -> F = id(fun(_) -> ok end), F() end,\n"
    "         fun() -> M = id(1), M:f() end,\n"
    "         fun() -> erlang:apply(ti_exc, t_stack, a) end,\n"
    "         fun() -> (id(#{a => 1}))#{b := 2} end,\n"
    "         fun() -> X = id(a), X#{b => 2} end,\n"
    "         fun() -> receive after id(-1) -> ok end end],\n"
    "    [try F() catch C:R -> {C, tag(R)} end || F <- L].\n"
    "tag(R) when is_tuple(R) -> element(1, R);\n"
    "tag(R) -> R.\n"
    "\n"
    "die_error() -> {error(die)}.\n"
    "die_throw() -> {throw(die)}.\n"
    "die_exit() -> {exit(die)}.\n"
    "\n"
    "t_error2() -> try {error(bad, [1, 2])} catch C:R:S -> {C, R, mine(S)} end.\n"
    "\n"
    "c1(X) -> Y = c2(X), {Y}.\n"
    "c2(X) -> Y = c3(X), {Y}.\n"
    "c3(X) -> Y = c4(X), {Y}.\n"
    "c4(X) -> Y = c5(X), {Y}.\n"
    "c5(X) -> Y = c6(X), {Y}.\n"
    "c6(X) -> Y = c7(X), {Y}.\n"
    "c7(X) -> Y = c8(X), {Y}.\n"
    "c8(X) -> Y = c9(X), {Y}.\n"
    "c9(X) -> Y = f(X), {Y}.\n"
    "t_depth() -> try c1(ti_exc:id(1)) catch _:_:S -> [{F, line(L)} || {_, F, _, L} <- S] end.\n"
    "line(L) -> proplists:get_value(line, L).\n"
    "\n"
    "d(0, X) -> f(X);\n"
    "d(N, X) -> {d(N - 1, X)}.\n"
    "t_recursive() -> try d(20, ti_exc:id(1)) catch _:_:S -> [{F, line(L)} || {_, F, _, L} <- mine(S)] end.\n"
    "\n"
    "t_arith() ->\n"
    "    [arith(fun() -> ti_exc:id(a) + ti_exc:id(1) end), arith(fun() -> ti_exc:id(1.0) + ti_exc:id(a) "
    "end),\n"
    "     arith(fun() -> ti_exc:id(a) - ti_exc:id(1) end), arith(fun() -> ti_exc:id(a) * ti_exc:id(1) end),\n"
    "     arith(fun() -> ti_exc:id(a) + 1 end), arith(fun() -> ti_exc:id(a) - 1 end),\n"
    "     arith(fun() -> 1 + ti_exc:id(a) end)].\n"
    "arith(F) -> try {F()} catch C:R:S -> {M, Fn, _, _} = hd(S), {C, R, M, M =:= erlang andalso Fn} end.\n";

/* Calls, reductions, traps. */
static const char src_call[] =
    "-module(ti_call).\n"
    "-export([id/1, t_calls/0, t_hidden/0, t_selfexit/1, spin/1, spin_forever/0, t_yield/0, t_gc/0, "
    "selfexit/2, t_apply/0, len/1]).\n"
    "\n"
    "id(X) -> X.\n"
    "sum(0, Acc) -> Acc;\n"
    "sum(N, Acc) -> sum(N - 1, Acc + N).\n"
    "len([]) -> 0;\n"
    "len([_ | T]) -> 1 + len(T).\n"
    "adder(N) -> fun(X) -> X + N end.\n"
    "\n"
    "t_calls() ->\n"
    "    Add3 = adder(3),\n"
    "    Two = fun(A, B) -> {A, B} end,\n"
    "    [sum(100000, 0), len(lists:seq(1, 100000)), Add3(4), Two(x, y),\n"
    "     lists:map(adder(10), [1, 2, 3]),\n"
    "     lists:foldl(fun(X, Acc) -> X * Acc end, 1, [1, 2, 3, 4, 5]),\n"
    "     (fun ti_call:id/1)(q), (fun id/1)(r),\n"
    "     apply(ti_call, id, [s]), apply(Add3, [1]), erlang:apply(fun lists:reverse/1, [[1, 2]]),\n"
    "     (fun F(0) -> done; F(K) -> F(K - 1) end)(10)].\n"
    "\n"
    "t_apply() ->\n"
    "    M = id(lists), F = id(reverse),\n"
    "    [M:F([1, 2, 3]), apply(M, F, [[a, b]]), ti_call:id(ok)].\n"
    "\n"
    "spin(0) -> done;\n"
    "spin(N) -> spin(N - 1).\n"
    "\n"
    "spin_forever() -> spin_forever().\n"
    "\n"
    "t_yield() -> [erlang:yield(), erlang:yield()].\n"
    "\n"
    "t_gc() ->\n"
    "    L = lists:seq(1, 1000),\n"
    "    T = {L, [x || _ <- L], #{a => L}},\n"
    "    true = garbage_collect(),\n"
    "    {_, [_, _ | _], #{a := L2}} = T,\n"
    "    {lists:sum(L), lists:sum(L2), length(element(2, T))}.\n"
    "\n"
    "selfexit(Parent, Reason) ->\n"
    "    R = exit(self(), Reason),\n"
    "    Parent ! {still_running, self(), R},\n"
    "    after_exit.\n"
    "\n"
    "hidden() -> secret.\n"
    "t_hidden() -> try ti_call:hidden() catch C:R:S -> {M, F, A, L} = hd(S), {C, R, M, F, A, L, hidden()} "
    "end.\n"
    "\n"
    "t_selfexit(R) ->\n"
    "    {P, M} = spawn_monitor(ti_call, selfexit, [self(), R]),\n"
    "    receive\n"
    "        {'DOWN', M, process, P, Why} ->\n"
    "            {Why, receive {still_running, P, _} -> ran_on after 0 -> stopped end}\n"
    "    end.\n";

static void setup(void)
{
    start_vm(1);
    cr_assert(load_text("ti_exc.erl", src_exc));
    cr_assert(load_text("ti_call.erl", src_call));
}
static void teardown(void) { stop_vm(); }
TestSuite(interp, .init = setup, .fini = teardown);

/* ---- loaded instruction words ------------------------------------------------------ */

/* interp_word_op is the disassembler's inverse of interp_op_word: every
 * opcode needs a word of its own, or loaded code cannot be decoded (the
 * disassembler would walk the wrong number of operands). */
Test(interp, op_words_invert)
{
    char bad[1024] = "";
    size_t n = 0;
    for (int op = 0; op < OP_COUNT; op++) {
        opcode back = interp_word_op(interp_op_word((opcode)op));
        if (back != (opcode)op)
            n += (size_t)snprintf(bad + n, n < sizeof bad ? sizeof bad - n : 0, " %s->%s", code_op_names[op],
                                  back < OP_COUNT ? code_op_names[back] : "none");
        if (n >= sizeof bad)
            n = sizeof bad - 1;
    }
    cr_expect(bad[0] == 0, "opcodes that share an instruction word:%s", bad);
}

/* ---- exceptions ------------------------------------------------------------------ */

Test(interp, stack_trace_lines)
{
    expect_call("ti_exc", "t_stack", "[]",
                "{error,foo,[{ti_exc,f,1,[{file,\"ti_exc.erl\"},{line,7}]},"
                "{ti_exc,g,1,[{file,\"ti_exc.erl\"},{line,8}]},"
                "{ti_exc,t_stack,0,[{file,\"ti_exc.erl\"},{line,12}]}]}");
}

Test(interp, function_clause_args)
{
    expect_call("ti_exc", "t_fc", "[]",
                "{error,function_clause,[{ti_exc,fc,[3],[{file,\"ti_exc.erl\"},{line,14}]},"
                "{ti_exc,t_fc,0,[{file,\"ti_exc.erl\"},{line,16}]}]}");
}

Test(interp, bif_error_frames)
{
    expect_call("ti_exc", "t_bif", "[]",
                "[{error,badarith,[{erlang,'*',[a,2],[{error_info,#{module => erl_erts_errors}}]},"
                "{ti_exc,t_bif,0,[{file,\"ti_exc.erl\"},{line,19}]}]},"
                "{error,badarg,[{erlang,hd,[[]],[{error_info,#{module => erl_erts_errors}}]},"
                "{ti_exc,t_bif,0,[{file,\"ti_exc.erl\"},{line,20}]}]},"
                "{error,badarg,[{erlang,element,[5,x],[{error_info,#{module => erl_erts_errors}}]},"
                "{ti_exc,t_bif,0,[{file,\"ti_exc.erl\"},{line,21}]}]}]");
}

/* error/2 puts its argument list in place of the caller's arity. */
Test(interp, error2_args)
{
    expect_call("ti_exc", "t_error2", "[]",
                "{error,bad,[{ti_exc,t_error2,[1,2],[{file,\"ti_exc.erl\"},{line,90}]}]}");
}

/* An undefined module, an unexported function, a library function
 * (autoloaded from vm/lib) called with a bad argument. */
Test(interp, undef_frames)
{
    expect_call(
        "ti_exc", "t_undef", "[]",
        "{error,undef,[{ti_exc_none,nofun,[1,2],[]},{ti_exc,t_undef,0,[{file,\"ti_exc.erl\"},{line,23}]}]}");
    expect_call("ti_call", "t_hidden", "[]", "{error,undef,ti_call,hidden,[],[],secret}");
    expect_call("ti_exc", "t_lib", "[]", "{error,function_clause,lists,reverse,[x]}");
}

Test(interp, catch_values) { expect_call("ti_exc", "t_catch", "[]", "[x,{'EXIT',y},'EXIT',z,42]"); }

Test(interp, exception_classes)
{
    expect_call("ti_exc", "t_classes", "[]", "[{throw,a},{exit,b},{error,c},{throw,d},{exit,e}]");
    expect_call("ti_exc", "t_nested", "[]", "caught_outer");
    expect_call("ti_exc", "t_rethrow", "[]", "{throw,second}");
    expect_call("ti_exc", "t_raise", "[]", "{error,boom,[{m,f,1,[{file,\"m.erl\"},{line,9}]}]}");
}

Test(interp, try_after) { expect_call("ti_exc", "t_after", "[]", "{fine,t,yes,yes}"); }

Test(interp, error_reasons)
{
    expect_call("ti_exc", "t_errors", "[]",
                "[{error,badmatch},{error,case_clause},{error,if_clause},{error,try_clause},{error,badfun},"
                "{error,badarity},{error,badarg},{error,badarg},{error,badkey},{error,badmap},"
                "{error,timeout_value}]");
}

/* A throw from 200 frames deep, caught and resumed from a thousand times:
 * each catch must cut the frames back, or the loop's own frames would be
 * lost or the stack would grow without end. */
Test(interp, unwind_repeatedly) { expect_call("ti_exc", "t_deep", "[1000]", "1000"); }

/* Uncaught exceptions: the exit reason and the class. erl's traces end in
 * the spawning wrapper's frame, which a process spawned directly lacks. */
Test(interp, uncaught)
{
    const proc_end *e = run_text("ti_exc", "die_error", "[]");
    expect_reason(e, "{die,[{ti_exc,die_error,0,[{file,\"ti_exc.erl\"},{line,86}]}]}");
    cr_expect(e->cls == CLASS_ERROR);
    e = run_text("ti_exc", "die_throw", "[]");
    expect_reason(e, "{{nocatch,die},[{ti_exc,die_throw,0,[{file,\"ti_exc.erl\"},{line,87}]}]}");
    cr_expect(e->cls == CLASS_ERROR); /* as OTP: an error, so it is reported */
    e = run_text("ti_exc", "die_exit", "[]");
    expect_reason(e, "die");
    cr_expect(e->cls == CLASS_EXIT);
}

/* A trace holds at most 8 frames (OTP's default backtrace_depth). */
Test(interp, stack_depth_eight)
{
    expect_call("ti_exc", "t_depth", "[]",
                "[{f,7},{c9,100},{c8,99},{c7,98},{c6,97},{c5,96},{c4,95},{c3,94}]");
}

/* OTP records a continuation only when it differs from the one before it,
 * so twenty frames of d/2 show as one. */
Test(interp, recursive_frames_once)
{
    expect_call("ti_exc", "t_recursive", "[]", "[{f,7},{d,105},{t_recursive,106}]");
}

/* OTP raises badarith for + and - with a literal small integer operand
 * without a frame for the operator (its increment instructions); with two
 * variables, or for *, the operator's frame comes first. */
Test(interp, arith_operator_frames)
{
    expect_call("ti_exc", "t_arith", "[]",
                "[{error,badarith,erlang,'+'},{error,badarith,erlang,'+'},{error,badarith,erlang,'-'},"
                "{error,badarith,erlang,'*'},{error,badarith,ti_exc,false},{error,badarith,ti_exc,false},"
                "{error,badarith,ti_exc,false}]");
}

/* ---- calls ------------------------------------------------------------------------- */

/* Local, tail and body recursion 100000 deep, closures, funs of both
 * kinds, apply, remote calls through export entries, library modules. */
Test(interp, calls)
{
    expect_call("ti_call", "t_calls", "[]", "[5000050000,100000,7,{x,y},[11,12,13],120,q,r,s,4,[2,1],done]");
    expect_call("ti_call", "t_apply", "[]", "[[3,2,1],[b,a],ok]");
}

/* ---- reductions and time slices -------------------------------------------------- */

/* Every function entry costs a reduction: spin(N) enters N + 1 times (erl:
 * process_info(P, reductions) is 104006 after spin(100000) and a receive). */
Test(interp, reductions)
{
    const proc_end *e = run_text("ti_call", "spin", "[100000]");
    expect_result(e, "done");
    cr_expect(e->reds >= 100000 && e->reds <= 120000, "spin(100000) ran %llu reductions",
              (unsigned long long)e->reds);
    e = run_text("ti_call", "spin", "[10]");
    cr_expect(e->reds >= 10 && e->reds < 100, "spin(10) ran %llu reductions", (unsigned long long)e->reds);
}

/* With one scheduler, a process that never waits must still give way at
 * the end of its slice: another process runs to its end meanwhile. */
Test(interp, busy_loop_preempted)
{
    term_t spinner = spawn_text("ti_call", "spin_forever", "[]");
    expect_call("ti_call", "t_calls", "[]", "[5000050000,100000,7,{x,y},[11,12,13],120,q,r,s,4,[2,1],done]");
    cr_assert(proc_signal(spinner, SIG_EXIT, proc_user_pid(), ATOM_kill, NULL, NIL), "the spinner is alive");
    const proc_end *e = wait_end(spinner, 5000);
    cr_assert(e != NULL, "the spinner was not killed");
    expect_reason(e, "killed");
    cr_expect(e->reds > SCHED_SLICE_REDS, "the spinner ran %llu reductions", (unsigned long long)e->reds);
}

/* ---- traps: BIFs that need the loop ------------------------------------------------- */

Test(interp, traps)
{
    expect_call("ti_call", "t_yield", "[]", "[true,true]");
    expect_call("ti_call", "t_gc", "[]", "{500500,500500,1000}");
    /* exit(self(), R): the signal is handled before the process runs on */
    expect_call("ti_call", "t_selfexit", "[kill]", "{killed,stopped}");
    expect_call("ti_call", "t_selfexit", "[normal]", "{normal,stopped}");
    expect_call("ti_call", "t_selfexit", "[foo]", "{foo,stopped}");
}
