-module(float_arith).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [[id(0.1) + id(0.2), id(1.0) / id(3.0), id(2.0) * id(3.5), id(1.0e10) - id(1.0)]]),
    io:format("~p~n", [id(1.0e-300) * id(1.0e-300)]),
    io:format("~p~n", [id(5.0e-324)]),
    io:format("~p~n", [id(5.0e-324) / id(2.0)]),
    io:format("~p~n", [id(1.7976931348623157e308)]),
    io:format("~p~n", [[math:sqrt(id(2.0)), math:pow(id(2.0), 0.5), math:exp(id(1.0)), math:log(id(10.0))]]),
    io:format("~p~n", [[math:sin(id(0.0)), math:cos(id(0.0)), math:atan2(id(1.0), id(1.0)) * 4, math:pi()]]),
    io:format("~p~n", [[math:log10(id(1000.0)), math:log2(id(1024.0)), math:floor(id(-2.5)), math:ceil(id(-2.5))]]),
    io:format("~p~n", [[math:fmod(id(7.5), id(2.0)), math:fmod(id(-7.5), id(2.0))]]),
    io:format("~p~n", [[-id(0.0), id(0.0) * -1, abs(id(-0.0))]]),
    io:format("~p~n", [lists:sum([id(0.1) || _ <- lists:seq(1, 10)])]),
    io:format("~p~n", [[round(id(X)) || X <- [0.5, 1.5, 2.5, -0.5, -1.5, 0.49999999999999994]]]),
    ok.
