%% The return_to flag: once per tail-call chain, after return_from
%% messages, to the catching function when an exception is caught, and
%% only for local patterns.
-module(trace_return_to).
-export([main/0, f/1, g/1, h/1, h/2, k/1, x/1, c/1, b/1]).

f(X) -> g(X).
g(X) -> h(X).
h(X) -> {X}.
h(X, Y) -> h(X) + Y.
k(X) -> catch erlang:error(X).
x(X) -> erlang:error(X).
c(X) -> try x(X) catch _:_ -> caught end.
b(X) -> [h(X), h(X)].

flush() -> receive M -> [M | flush()] after 50 -> [] end.

run(Kind, Spec, Fun) ->
    Self = self(),
    T = spawn(fun() -> receive go -> ok end, Self ! {msgs, flush()} end),
    erlang:trace_pattern({?MODULE, '_', '_'}, false, [local]),
    erlang:trace_pattern({?MODULE, '_', '_'}, false, [global]),
    erlang:trace(self(), true, [{tracer, T}, call, return_to]),
    N = erlang:trace_pattern({?MODULE, '_', '_'}, Spec, [Kind]),
    erlang:trace_pattern({?MODULE, main, 0}, false, [Kind]),
    erlang:trace_pattern({?MODULE, run, 3}, false, [Kind]),
    erlang:trace_pattern({?MODULE, flush, 0}, false, [Kind]),
    erlang:trace_pattern({?MODULE, clean, 1}, false, [Kind]),
    catch Fun(),
    erlang:trace(self(), false, [all]),
    T ! go,
    receive {msgs, Ms} -> ok end,
    io:format("~p ~p ~p~n", [Kind, Spec, N > 0]),
    [io:format("  ~p~n", [clean(M)]) || M <- Ms],
    ok.

clean({trace, _, Tag, MFA, {'EXIT', {R, _}}}) -> {Tag, MFA, {'EXIT', R}};
clean(T) when element(1, T) =:= trace -> list_to_tuple(tl(tl(tuple_to_list(T))));
clean(T) -> T.

main() ->
    RT = [{'_', [], [{return_trace}]}],
    XT = [{'_', [], [{exception_trace}]}],
    run(local, true, fun() -> f(1) end),
    run(local, RT, fun() -> f(1) end),
    run(local, true, fun() -> h(1, 2) end),
    run(local, XT, fun() -> h(a, b) end),
    run(local, true, fun() -> k(1) end),
    run(local, RT, fun() -> k(1) end),
    run(local, true, fun() -> c(1) end),
    run(local, XT, fun() -> c(1) end),
    run(local, true, fun() -> b(1) end),
    run(local, true, fun() -> ?MODULE:x(1) end),
    run(global, true, fun() -> ?MODULE:f(1) end),
    run(global, RT, fun() -> ?MODULE:f(1) end),
    ok.
