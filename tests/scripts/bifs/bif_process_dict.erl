-module(bif_process_dict).
-export([main/0]).

main() ->
    io:format("~p~n", [get(missing)]),
    io:format("~p~n", [put(k1, v1)]),
    io:format("~p~n", [put(k1, v2)]),
    io:format("~p~n", [get(k1)]),
    put({tuple, key}, [list]),
    put(42, number),
    io:format("~p~n", [lists:sort(get())]),
    io:format("~p~n", [lists:sort(get_keys())]),
    put(k2, v2),
    io:format("~p~n", [lists:sort(get_keys(v2))]),
    io:format("~p~n", [erase(k1)]),
    io:format("~p~n", [erase(k1)]),
    io:format("~p~n", [get(k1)]),
    Old = erase(),
    io:format("~p~n", [lists:sort(Old)]),
    io:format("~p~n", [get()]),
    %% the dictionary is per process
    put(mine, 1),
    Me = self(),
    spawn(fun() -> Me ! {child_sees, get(mine)} end),
    receive {child_sees, V} -> io:format("~p~n", [V]) end,
    [put(I, I * I) || I <- lists:seq(1, 1000)],
    io:format("~p~n", [lists:sum([get(I) || I <- lists:seq(1, 1000)])]),
    ok.
