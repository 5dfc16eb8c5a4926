-module(c_recv).
-export([loop/1, wait/1, flush/0, sel/0, after_only/1]).

loop(State) ->
    receive
        {add, N} -> loop(State + N);
        {get, From} -> From ! {state, State}, loop(State);
        stop -> State
    end.

wait(T) ->
    receive
        {msg, X} when is_integer(X) -> X;
        {msg, _} = M -> M
    after T -> timeout
    end.

flush() ->
    receive _ -> flush() after 0 -> ok end.

sel() ->
    receive
        {a, X} -> X;
        {b, Y} -> Y
    end.

after_only(T) -> receive after T -> done end.
