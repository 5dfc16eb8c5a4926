-module(map_build_update).
-export([main/0]).

id(X) -> X.

main() ->
    M0 = id(#{}),
    M1 = M0#{a => 1, b => 2},
    M2 = M1#{a := 10},
    M3 = M2#{c => 3, a => 100},
    io:format("~p ~p ~p ~p~n", [M0, M1, M2, M3]),
    K = id({complex, [key]}),
    M4 = #{K => value, 1 => int, 1.0 => float, "s" => string, <<"b">> => bin},
    io:format("~p~n", [M4]),
    io:format("~p ~p~n", [maps:get(1, M4), maps:get(1.0, M4)]),
    io:format("~p~n", [map_size(M4)]),
    %% later duplicate keys in a literal win
    io:format("~p~n", [#{x => 1, x => 2}]),
    %% nested maps
    N = #{outer => #{inner => #{deep => 1}}},
    #{outer := #{inner := Inner}} = N,
    io:format("~p~n", [Inner]),
    N2 = N#{outer := (maps:get(outer, N))#{inner := Inner#{deep := 2, new => 3}}},
    io:format("~p~n", [N2]),
    ok.
