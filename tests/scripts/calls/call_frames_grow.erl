-module(call_frames_grow).
-export([main/0, sum/1, wide/10]).

%% Call frames point into the register stack (vm/proc.h: call_frame) and
%% move with it when it grows; a function entry clears a fixed run of
%% registers past its arguments, more for wide frames. Deep body recursion
%% grows the stack under many live frames, across collections, exceptions
%% and apply/fun calls that grow it themselves: every value must survive.

%% body recursion: one frame per element, the stack grows many times
sum([]) -> 0;
sum([H | T]) -> H + sum(T).

%% a frame holding live registers across the deep call
keep(0, Acc) -> Acc;
keep(N, Acc) ->
    A = N * 2, B = {N, Acc}, C = [N],
    R = keep(N - 1, Acc + 1),
    {A, B, C, R} = {N * 2, {N, Acc}, [N], R},
    R + 1.

%% deep recursion that collects at the bottom, then checks its terms
gc_deep(0) -> erlang:garbage_collect(), [];
gc_deep(N) -> T = {N, lists:seq(1, 3)}, [T | gc_deep(N - 1)].

%% an exception thrown from deep down, caught half way, rethrown
thrower(0) -> throw(bottom);
thrower(N) -> 1 + thrower(N - 1).

catcher(0) -> try thrower(20000) catch throw:bottom -> caught end;
catcher(N) -> {N, catcher(N - 1)}.

%% an error's stack trace from deep down: the top frames
crash(-1) -> [];
crash(0) -> erlang:error(deep);
crash(N) -> [crash(N - 1)].

%% apply with many arguments at depth (the apply grows the stack)
wide(A, B, C, D, E, F, G, H, I, J) -> A + B + C + D + E + F + G + H + I + J.

apply_deep(0) -> apply(?MODULE, wide, lists:seq(1, 10));
apply_deep(N) -> 1 + apply_deep(N - 1).

%% a fun with many free variables called at depth
fun_deep(0, F) -> F();
fun_deep(N, F) -> 1 + fun_deep(N - 1, F).

%% a frame with many registers past its arguments
many(X) ->
    A = X + 1, B = A + 1, C = B + 1, D = C + 1, E = D + 1, F = E + 1,
    G = id(F) + 1, H = id(G) + 1, I = id(H) + 1, J = id(I) + 1,
    [A, B, C, D, E, F, G, H, I, J].

id(X) -> X.

many_deep(0) -> many(0);
many_deep(N) -> [_ | T] = many_deep(N - 1), [N | T].

main() ->
    L = lists:seq(1, 100000),
    io:format("~p~n", [sum(L)]),
    io:format("~p~n", [keep(30000, 0)]),
    G = gc_deep(20000),
    io:format("~p ~p ~p~n", [length(G), hd(G), lists:last(G)]),
    {5000, {4999, {4998, _}}} = catcher(5000),
    io:format("~p~n", [element(1, catcher(3))]),
    {'EXIT', {deep, Trace}} = (catch crash(30000)),
    io:format("~p~n", [[{F, A} || {_, F, A, _} <- lists:sublist(Trace, 3)]]),
    io:format("~p~n", [apply_deep(25000)]),
    [V1, V2, V3, V4, V5, V6, V7, V8] = lists:seq(1, 8),
    Fun = fun() -> V1 + V2 + V3 + V4 + V5 + V6 + V7 + V8 end,
    io:format("~p~n", [fun_deep(25000, Fun)]),
    io:format("~p~n", [many_deep(20000)]),
    Self = self(),
    Pids = [spawn(fun() -> Self ! {self(), sum(lists:seq(1, N * 1000))} end) || N <- lists:seq(1, 20)],
    io:format("~p~n", [[receive {P, S} -> S end || P <- Pids]]),
    ok.
