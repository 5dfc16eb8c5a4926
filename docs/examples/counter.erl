%% counter.erl: the example of the user guide's worked session. A counter
%% server that crashes on a bad request.
-module(counter).
-export([start/0, add/2, get/1, loop/1]).

start() -> spawn(?MODULE, loop, [0]).

add(Pid, N) -> Pid ! {add, N}, ok.

get(Pid) ->
    Pid ! {get, self()},
    receive {count, N} -> N after 1000 -> timeout end.

loop(Count) ->
    receive
        {add, N} -> loop(Count + N);
        {get, From} -> From ! {count, Count}, loop(Count)
    end.
