%% Call trace with match specs: message false/term, silent, caller,
%% caller_line, return_trace, exception_trace (thrown, caught, and
%% unwinding several traced frames), enable/disable_trace, bad specs,
%% and trace_info's match_spec.
-module(trace_match_spec).
-export([main/0, f/1, h/1, deep/1, thrower/1, cls/1]).

f(X) -> X + 1.
h(X) -> erlang:error({bad, X}).
deep(0) -> throw(bottom);
deep(N) -> 1 + deep(N - 1).
thrower(X) -> throw(X).
cls(X) -> try thrower(X) catch throw:Y -> {caught, Y} end.

flush() -> receive M -> [M | flush()] after 50 -> [] end.

run(Flags, Specs, Fun) ->
    Self = self(),
    T = spawn(fun() -> receive go -> ok end, Self ! {msgs, flush()} end),
    erlang:trace_pattern({?MODULE, '_', '_'}, false, [local]),
    erlang:trace(self(), true, [{tracer, T} | Flags]),
    Rs = [catch erlang:trace_pattern(MFA, Spec, [local]) || {MFA, Spec} <- Specs],
    catch Fun(),
    erlang:trace(self(), false, [all]),
    T ! go,
    receive {msgs, Ms} -> ok end,
    io:format("~p ~p~n", [Flags, [clean(R) || R <- Rs]]),
    [io:format("  ~p~n", [clean(M)]) || M <- Ms],
    ok.

%% stack traces and file names differ between VMs: keep what must agree
clean({trace, _, Tag, MFA, {'EXIT', {R, _}}}) -> {Tag, MFA, {'EXIT', R}};
clean({'EXIT', {R, _}}) -> {'EXIT', R};
clean({trace, _, call, MFA, {M, F, A, {File, Line}}}) -> {call, MFA, {M, F, A, {filename:basename(File), Line}}};
clean(T) when element(1, T) =:= trace -> list_to_tuple(tl(tl(tuple_to_list(T))));
clean(T) -> T.

main() ->
    F1 = {?MODULE, f, 1},
    run([call, silent], [{F1, [{'_', [], [{return_trace}]}]}], fun() -> f(1) end),
    run([call], [{F1, [{'_', [], [{message, false}, {return_trace}]}]}], fun() -> f(1) end),
    run([call], [{F1, [{'_', [], [{silent, true}, {return_trace}]}]}], fun() -> f(1), f(2) end),
    run([call, silent], [{F1, [{[2], [], [{silent, false}]}, {'_', [], []}]}], fun() -> f(1), f(2), f(3) end),
    run([call], [{F1, [{'_', [], [{message, {caller}}]}]}], fun() -> f(1) end),
    run([call], [{F1, [{'_', [], [{message, {caller_line}}]}]}], fun() -> f(1) end),
    run([call], [{F1, [{[1], [], []}, {['$1'], [{'>', '$1', 5}], [{message, {{big, '$1'}}}]}]}],
        fun() -> f(1), f(2), f(9) end),
    run([call], [{F1, [{'_', [], [{exception_trace}]}]}], fun() -> f(1) end),
    run([call], [{{?MODULE, h, 1}, [{'_', [], [{exception_trace}]}]}], fun() -> h(1) end),
    run([call], [{{?MODULE, deep, 1}, [{'_', [], [{exception_trace}]}]}], fun() -> deep(2) end),
    run([call], [{{?MODULE, deep, 1}, [{'_', [], [{return_trace}]}]}], fun() -> catch deep(2), deep(1) end),
    run([call], [{{?MODULE, thrower, 1}, [{'_', [], [{exception_trace}]}]},
                 {{?MODULE, cls, 1}, [{'_', [], [{exception_trace}]}]}], fun() -> cls(a) end),
    run([call], [{F1, [{'_', [], [{disable_trace, call}]}]}], fun() -> f(1), f(2) end),
    run([call], [{F1, [{'_', [], [{enable_trace, arity}]}]}], fun() -> f(1), f(2) end),
    run([call], [{F1, [{'_', [], [{trace, [call], []}]}]}], fun() -> f(1), f(2) end),
    run([call], [{F1, [{'_', [], [{message, {get_tcw}}]}]}], fun() -> f(1) end),
    run([call], [{F1, [{'_', [], [{message, {self}}, {message, true}]}]}], fun() -> f(1) end),
    run([call], [{F1, restart}, {F1, pause}], fun() -> f(1) end),
    run([call], [{F1, [{['$1'], [], [{message, {big, '$1'}}]}]}], fun() -> f(1) end),
    run([call], [{F1, [{'_', [], [{bogus}]}]}, {F1, [{a, [], []}]}, {F1, [x]}, {F1, {a}},
                 {{?MODULE, f, '_'}, [{['$1', '$2'], [], []}]}], fun() -> f(1) end),
    erlang:trace_pattern(F1, [{['$1'], [{is_integer, '$1'}], [{return_trace}]}], [local]),
    io:format("~p~n", [erlang:trace_info(F1, match_spec)]),
    io:format("~p~n", [erlang:trace_info(F1, all)]),
    erlang:trace_pattern(F1, [], [local]),
    io:format("~p~n", [erlang:trace_info(F1, match_spec)]),
    erlang:trace_pattern(F1, false, [local]),
    ok.
