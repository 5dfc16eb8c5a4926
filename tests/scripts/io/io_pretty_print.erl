-module(io_pretty_print).
-export([main/0]).

main() ->
    Deep = {config, [{name, "server"}, {port, 8080}, {opts, [{timeout, 5000}, {retries, 3},
             {hosts, ["alpha.example", "beta.example", "gamma.example"]}]},
            {map, #{key1 => "value one", key2 => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], key3 => {nested, tuple}}}]},
    io:format("~p~n", [Deep]),
    io:format("~w~n", [Deep]),
    io:format("~p~n", [[{I, lists:duplicate(I, $x)} || I <- lists:seq(1, 12)]]),
    io:format("~p~n", [list_to_tuple(lists:seq(1, 50))]),
    io:format("~p~n", [<< <<I>> || I <- lists:seq(1, 100) >>]),
    io:format("~p~n", [[<<"a binary string">>, <<"another binary string here">>, <<"third one">>, <<"fourth">>]]),
    io:format("prefix text ~p~n", [[aaaaaaaaaa, bbbbbbbbbb, cccccccccc, dddddddddd, eeeeeeeeee, ffffffffff]]),
    io:format("~p~n", [lists:seq(1, 100)]),
    io:format("~p~n", [{[], {}, #{}, <<>>, "", ''}]),
    ok.
