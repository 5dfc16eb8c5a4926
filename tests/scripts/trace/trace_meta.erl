%% Meta trace (trace_pattern(MFA, Spec, [meta | {meta, Tracer}])): every
%% process's calls, whatever its trace flags, always trace_ts with a
%% timestamp (checked, then replaced by ts); match specs with
%% return_trace, exception_trace, caller and message (not silent: OTP 25
%% crashes when a meta spec sets it on an untraced process that is
%% call traced later); meta beside local
%% and global; trace_info's meta, meta_match_spec and all; a tracer that
%% dies; the caller as its own meta tracer; bad flag lists.
-module(trace_meta).
-export([main/0, f/1, g/1, h/1, t/1, loop/0]).

f(X) -> X + 1.
g(X) -> f(X) * 2.
h(X) -> erlang:error({bad, X}).
t(X) -> f(X).

loop() -> receive {run, Fun} -> Fun(), loop(); stop -> ok end.

collector(Acc) ->
    receive
        {dump, To} -> To ! {msgs, lists:reverse(Acc)}, collector([]);
        M -> collector([M | Acc])
    end.

%% The messages T got so far, timestamps checked and hidden.
dump(T) ->
    T ! {dump, self()},
    receive {msgs, L} -> [io:format("  ~p~n", [ts(M)]) || M <- L] end,
    ok.

ts(M) when element(1, M) =:= trace_ts ->
    case element(tuple_size(M), M) of
        {A, B, C} when is_integer(A), is_integer(B), is_integer(C) -> setelement(tuple_size(M), M, ts);
        Other -> {bad_timestamp, Other}
    end;
ts(M) -> M.

%% Runs Fun in process W and waits until it is done.
in(W, Fun) ->
    Self = self(),
    W ! {run, fun() -> Fun(), Self ! done end},
    receive done -> ok end.

info(F) -> io:format("~p~n", [erlang:trace_info(F, all)]).
items(F) -> io:format("~p~n", [[erlang:trace_info(F, I) || I <- [traced, match_spec, meta, meta_match_spec]]]).

reason(Fun) -> try Fun() of R -> R catch C:R -> {C, R} end.

main() ->
    F = {?MODULE, f, 1},
    T = spawn(fun() -> collector([]) end),
    W = spawn(fun loop/0),
    io:format("set ~p~n", [erlang:trace_pattern(F, true, [{meta, T}])]),
    info(F),
    items(F),
    %% any process, local and remote calls, no trace flags needed
    in(W, fun() -> f(1), ?MODULE:f(2), g(3) end),
    f(4),
    dump(T),
    io:format("~p~n", [erlang:trace_info(W, flags)]),

    %% return_trace and exception_trace go to the meta tracer; a tail call
    %% returns through the traced function's frame
    erlang:trace_pattern(F, [{'_', [], [{return_trace}]}], [{meta, T}]),
    erlang:trace_pattern({?MODULE, h, 1}, [{'_', [], [{exception_trace}]}], [{meta, T}]),
    in(W, fun() -> f(5), t(6), catch h(7) end),
    dump(T),
    info(F),

    %% match specs: caller, message terms, message false, argument tests
    erlang:trace_pattern(F, [{'_', [], [{message, {caller}}]}], [{meta, T}]),
    in(W, fun() -> g(1) end),
    erlang:trace_pattern(F, [{['$1'], [], [{message, {{big, '$1'}}}]}], [{meta, T}]),
    in(W, fun() -> f(7) end),
    erlang:trace_pattern(F, [{['$1'], [], [{message, false}, {return_trace}]}], [{meta, T}]),
    in(W, fun() -> f(8) end),
    erlang:trace_pattern(F, [{[9], [], []}], [{meta, T}]),
    in(W, fun() -> f(8), f(9) end),
    dump(T),

    %% meta beside local call trace: the process's tracer gets the call
    %% trace (with its flags: arity), the meta tracer the meta trace
    P = spawn(fun() -> collector([]) end),
    1 = erlang:trace(W, true, [call, arity, {tracer, P}]),
    erlang:trace_pattern(F, [{'_', [], [{return_trace}]}], [local, {meta, T}]),
    info(F),
    in(W, fun() -> f(12) end),
    io:format("process tracer:~n"),
    dump(P),
    io:format("meta tracer:~n"),
    dump(T),
    erlang:trace(W, false, [all]),

    %% global and meta exclude each other; a kind goes with the same kind
    io:format("global ~p~n", [erlang:trace_pattern(F, true, [global])]),
    info(F),
    items(F),
    io:format("meta ~p~n", [erlang:trace_pattern(F, true, [{meta, T}])]),
    info(F),
    io:format("local ~p~n", [erlang:trace_pattern(F, true, [local])]),
    io:format("false local ~p~n", [erlang:trace_pattern(F, false, [local])]),
    info(F),
    io:format("false global ~p~n", [erlang:trace_pattern(F, false, [global])]),
    info(F),
    io:format("false meta ~p~n", [erlang:trace_pattern(F, false, [meta])]),
    info(F),
    items(F),

    %% a meta tracer that dies: shown until a call finds it gone, then []
    D = spawn(fun() -> receive die -> ok end end),
    erlang:trace_pattern(F, true, [{meta, D}]),
    Ref = monitor(process, D),
    D ! die,
    receive {'DOWN', Ref, _, _, _} -> ok end,
    io:format("~p~n", [erlang:trace_info(F, meta) =:= {meta, D}]),
    in(W, fun() -> f(1) end),
    items(F),
    info(F),
    io:format("again ~p~n", [erlang:trace_pattern(F, true, [{meta, T}])]),
    in(W, fun() -> f(2) end),
    dump(T),

    %% meta alone: the caller is the tracer, and gets nothing of its own
    erlang:trace_pattern(F, true, [meta]),
    io:format("~p~n", [erlang:trace_info(F, meta) =:= {meta, self()}]),
    f(1),
    in(W, fun() -> f(2) end),
    receive M -> io:format("  ~p~n", [ts(M)]) after 100 -> ok end,
    receive M2 -> io:format("unexpected ~p~n", [M2]) after 100 -> ok end,

    %% the last tracer given wins
    erlang:trace_pattern(F, true, [{meta, P}, {meta, T}]),
    io:format("~p~n", [erlang:trace_info(F, meta) =:= {meta, T}]),
    erlang:trace_pattern(F, true, [meta, meta]),
    io:format("~p~n", [erlang:trace_info(F, meta) =:= {meta, self()}]),

    %% bad flag lists
    Bad = [[global, meta], [meta, global], [{meta, T}, global], [{meta, T, x}], [{meta, foo}], [{meta}],
           [{meta, ?MODULE, x}], [meta | local], [{tracer, T}], [{meta, T}, bogus]],
    io:format("~p~n", [[reason(fun() -> erlang:trace_pattern(F, true, B) end) || B <- Bad]]),
    io:format("~p~n", [reason(fun() -> erlang:trace_pattern(F, true, [{meta, no_such_tracer_module, x}]) end)]),
    io:format("~p~n", [reason(fun() -> erlang:trace_pattern(F, bad, [{meta, no_such_tracer_module, x}]) end)]),
    io:format("~p~n", [reason(fun() -> erlang:trace_pattern(F, bad, [meta]) end)]),
    info(F),
    io:format("cleared ~p~n", [erlang:trace_pattern({?MODULE, '_', '_'}, false, [meta])]),
    info(F),
    W ! stop,
    ok.
