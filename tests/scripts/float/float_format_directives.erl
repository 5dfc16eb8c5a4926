-module(float_format_directives).
-export([main/0]).

id(X) -> X.

main() ->
    F = id(3.14159265358979),
    io:format("~f|~.2f|~.1f|~10.3f|~-10.3f|~e|~.3e|~g|~.3g~n", [F, F, F, F, F, F, F, F, F]),
    G = id(-0.000123456),
    io:format("~f|~.2f|~e|~.2e|~g~n", [G, G, G, G, G]),
    H = id(123456789.987),
    io:format("~f|~.1f|~e|~g|~12.2f|~w~n", [H, H, H, H, H, H]),
    io:format("~.2f ~.2f ~.2f ~.2f~n", [id(0.125), id(0.375), id(2.675), id(1.005)]),
    io:format("~.3f ~.1f ~.1f~n", [id(1.0e-10), id(0.05), id(0.15)]),
    io:format("~.2f~n", [id(1.0e20)]),
    io:format("~s~n", [float_to_list(id(2.5), [{decimals, 4}])]),
    io:format("~s~n", [float_to_list(id(2.5), [{decimals, 4}, compact])]),
    io:format("~s~n", [float_to_list(id(2.5), [{scientific, 3}])]),
    io:format("~s~n", [float_to_binary(id(1.0e-7), [{decimals, 10}])]),
    io:format("~p~n", [io_lib:format("~.4f", [id(2.0)])]),
    ok.
