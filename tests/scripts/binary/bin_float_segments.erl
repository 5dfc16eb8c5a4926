-module(bin_float_segments).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~w~n", [<<(id(1.5)):64/float>>]),
    io:format("~w~n", [<<(id(1.5)):32/float>>]),
    io:format("~w~n", [<<(id(1.5)):16/float>>]),
    io:format("~w~n", [<<(id(-2.25)):64/float-little>>]),
    io:format("~w~n", [<<(id(3)):64/float>>]),
    <<F64:64/float, F32:32/float, F16:16/float>> = id(<<64, 9, 33, 251, 84, 68, 45, 24, 63, 128, 0, 0, 60, 0>>),
    io:format("~p ~p ~p~n", [F64, F32, F16]),
    <<L:32/float-little>> = id(<<0, 0, 192, 63>>),
    io:format("~p~n", [L]),
    %% NaN and infinity do not match a float segment
    R = case id(<<255, 240, 0, 0, 0, 0, 0, 0>>) of
            <<X:64/float>> -> {float, X};
            <<_:64>> -> not_a_finite_float
        end,
    io:format("~p~n", [R]),
    R2 = case id(<<127, 128, 0, 0>>) of <<Y:32/float>> -> {float, Y}; _ -> inf32 end,
    io:format("~p~n", [R2]),
    io:format("~p~n", [try <<(id(1.0e300)):32/float>> catch error:E -> E end]),
    io:format("~p~n", [try <<(id(a)):64/float>> catch error:E2 -> E2 end]),
    ok.
