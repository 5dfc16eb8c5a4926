-module(rand_real_normal).
-export([main/0]).

%% uniform_real/0, normal/0,2, bytes/1 for every algorithm, and the same
%% through the functional *_s interface; erl's numbers bit for bit.
main() ->
    Algs = [exsss, exro928ss, exrop, exs1024s, exsp, exs64, exsplus, exs1024],
    [run(Alg, Seed) || Alg <- Algs, Seed <- [{1, 2, 3}, 987654321]],
    %% Seeds whose first 400 normals reach the ziggurat's tail (beyond
    %% 3.654...): the far values, the sum of all, and the final state.
    [begin
         rand:seed(Alg, Seed),
         L = [rand:normal() || _ <- lists:seq(1, 400)],
         Far = [{I, X} || {I, X} <- lists:zip(lists:seq(1, 400), L), abs(X) > 3],
         io:format("tail ~p ~w ~w ~w~n", [Alg, Far, lists:sum(L), rand:export_seed()])
     end || {Alg, Seed} <- [{exsss, 6}, {exro928ss, 8}, {exrop, 5}, {exs1024s, 26},
                            {exsp, 11}, {exs64, 3}, {exsplus, 2}, {exs1024, 22}]],
    ok.

run(Alg, Seed) ->
    rand:seed(Alg, Seed),
    io:format("== ~p ~p~n", [Alg, Seed]),
    io:format("real ~w~n", [[rand:uniform_real() || _ <- lists:seq(1, 30)]]),
    io:format("normal ~w~n", [[rand:normal() || _ <- lists:seq(1, 100)]]),
    io:format("normal2 ~w~n", [[rand:normal(10, 4) || _ <- lists:seq(1, 20)]]),
    io:format("bytes ~w~n", [[rand:bytes(N) || N <- [0, 1, 2, 5, 7, 8, 9, 20, 31, 33, 100]]]),
    io:format("dict ~w~n", [rand:export_seed()]),
    S0 = rand:seed_s(Alg, Seed),
    {L, S1} = lists:foldl(fun(_, {Acc, S}) ->
                                  {X, S2} = rand:normal_s(S),
                                  {Y, S3} = rand:uniform_real_s(S2),
                                  {Z, S4} = rand:normal_s(1.5, 0.25, S3),
                                  {B, S5} = rand:bytes_s(3, S4),
                                  {[{X, Y, Z, B} | Acc], S5}
                          end, {[], S0}, lists:seq(1, 25)),
    io:format("s ~w~n", [lists:reverse(L)]),
    io:format("state ~w~n", [rand:export_seed_s(S1)]).
