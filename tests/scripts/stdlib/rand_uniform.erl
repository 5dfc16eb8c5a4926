-module(rand_uniform).
-export([main/0]).

%% rand's integers and floats for every algorithm and both kinds of seed,
%% in the process dictionary (seed/2, uniform/0,1): the numbers must be
%% erl's, bit for bit, small ranges and bignum ones alike.
main() ->
    Algs = [exsss, exro928ss, exrop, exs1024s, exsp, exs64, exsplus, exs1024],
    [run(Alg, Seed) || Alg <- Algs, Seed <- [{1, 2, 3}, 20250]],
    ok.

run(Alg, Seed) ->
    S = rand:seed(Alg, Seed),
    io:format("== ~p ~p~n", [Alg, Seed]),
    io:format("seed ~w~n", [rand:export_seed()]),
    io:format("same ~w~n", [rand:export_seed_s(S) =:= rand:export_seed()]),
    Ranges = [1, 2, 3, 6, 10, 100, 1000, 1 bsl 32, (1 bsl 57) + 3, 1 bsl 58,
              (1 bsl 58) + 1, 1 bsl 64, (1 bsl 64) - 1, 1 bsl 80, (1 bsl 80) + 7,
              123456789012345678901234567890, 1 bsl 200],
    [io:format("u~w ~w~n", [N, [rand:uniform(N) || _ <- lists:seq(1, 12)]]) || N <- Ranges],
    io:format("f ~w~n", [[rand:uniform() || _ <- lists:seq(1, 40)]]),
    io:format("d6 ~w~n", [[rand:uniform(6) || _ <- lists:seq(1, 60)]]),
    io:format("end ~w~n", [rand:export_seed()]).
