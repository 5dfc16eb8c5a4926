-module(bif_gc_misc).
-export([main/0]).

main() ->
    Big = lists:seq(1, 100000),
    io:format("~p~n", [garbage_collect()]),
    io:format("~p~n", [erlang:garbage_collect(self())]),
    io:format("~p~n", [length(Big)]),
    P = spawn(fun() -> receive stop -> ok end end),
    io:format("~p~n", [garbage_collect(P)]),
    P ! stop,
    io:format("~p~n", [erlang:yield()]),
    io:format("~p~n", [is_process_alive(self())]),
    io:format("~p~n", [erlang:bump_reductions(100)]),
    io:format("~p~n", [is_pid(list_to_pid(pid_to_list(self())))]),
    io:format("~p~n", [list_to_pid(pid_to_list(self())) =:= self()]),
    io:format("~p~n", [erlang:is_pid(whereis(no_such_name_zq))]),
    io:format("~p~n", [self()]),
    io:format("~p~n", [[self(), self()]]),
    ok.
