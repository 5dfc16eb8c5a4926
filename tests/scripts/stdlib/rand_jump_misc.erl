-module(rand_jump_misc).
-export([main/0]).

%% rand's jumps, state import and export, mwc59, SplitMix64, the exro928
%% helpers and the errors erl raises.
main() ->
    Jumpers = [exsss, exro928ss, exrop, exs1024s, exsp, exsplus, exs1024],
    [begin
         rand:seed(Alg, 7),
         J1 = rand:jump(),
         io:format("jump ~p ~w~n", [Alg, rand:export_seed_s(J1)]),
         io:format("  after ~w~n", [[rand:uniform(1000) || _ <- lists:seq(1, 10)]]),
         {Alg, St} = rand:export_seed(),
         S2 = rand:jump(rand:seed_s({Alg, St})),
         io:format("  jump_s ~w~n", [rand:export_seed_s(S2)])
     end || Alg <- Jumpers],
    io:format("exs64 jump ~p~n", [err(fun() -> rand:jump(rand:seed_s(exs64, 1)) end)]),
    %% Exported states seed again, for seed/1 and seed_s/1.
    Exp = rand:export_seed_s(rand:seed_s(exrop, {5, 6, 7})),
    rand:seed(Exp),
    io:format("reseed ~w ~w~n", [rand:export_seed() =:= Exp, [rand:uniform(99) || _ <- lists:seq(1, 8)]]),
    {exsss, _} = rand:export_seed_s(rand:seed_s(default, 3)),
    io:format("default ~w~n", [rand:export_seed_s(rand:seed_s(default, 3))]),
    %% Seeds as lists; odd integer seeds.
    [io:format("list ~p ~w~n", [A, err(fun() -> rand:export_seed_s(rand:seed_s(A, L)) end)])
     || A <- [exsss, exsp, exrop, exro928ss, exs1024, exs64],
        L <- [[1], [0, 5], [3, 4], [0], [], [a], [1, 2, 3],
              lists:seq(1, 16), lists:seq(1, 17)]],
    [io:format("int ~p ~w~n", [A, rand:export_seed_s(rand:seed_s(A, I))])
     || A <- [exsss, exs64, exs1024s, exro928ss],
        I <- [0, -1, 1 bsl 70, -(1 bsl 64) - 5]],
    %% Nondeterministic seeds: only their shape.
    {exsss, [A1 | B1]} = rand:export_seed_s(rand:seed_s(exsss)),
    io:format("fresh ~w~n", [is_integer(A1) andalso is_integer(B1)]),
    rand:seed(exro928ss),
    {exro928ss, {Ws, []}} = rand:export_seed(),
    io:format("fresh928 ~w~n", [length(Ws)]),
    erase(rand_seed),
    X = rand:uniform(5),
    {exsss, _} = rand:export_seed(),
    io:format("auto ~w~n", [X >= 1 andalso X =< 5]),
    %% mwc59 and friends.
    CX = lists:foldl(fun(_, C) -> rand:mwc59(C) end, rand:mwc59_seed(12345), lists:seq(1, 50)),
    io:format("mwc59 ~w ~w ~w ~w~n", [CX, rand:mwc59_value32(CX), rand:mwc59_value(CX),
                                      rand:mwc59_float(CX)]),
    Seq = element(2, lists:foldl(fun(_, {C, Acc}) -> C1 = rand:mwc59(C), {C1, [C1 | Acc]} end,
                                 {rand:mwc59_seed(1), []}, lists:seq(1, 20))),
    io:format("mwc59s ~w~n", [[{rand:mwc59_value(C), rand:mwc59_float(C)} || C <- Seq]]),
    io:format("mwc59_seed ~w ~w~n", [rand:mwc59_seed(0), rand:mwc59_seed((1 bsl 58) - 1)]),
    S = rand:mwc59_seed(),
    io:format("mwc59_seed/0 ~w~n", [is_integer(S) andalso S > 0 andalso S < 1 bsl 59]),
    io:format("mwc59_seed bad ~p~n", [err(fun() -> rand:mwc59_seed(-1) end)]),
    io:format("splitmix ~w~n", [lists:foldl(fun(_, {_, St}) -> rand:splitmix64_next(St) end,
                                            {0, 0}, lists:seq(1, 30))]),
    io:format("exsp ~w ~w~n", [rand:exsp_next([1 | 2]), rand:exsp_jump([1 | 2])]),
    io:format("seed58 ~w~n", [rand:seed58(3, 99)]),
    R928 = rand:exro928_seed({1, 2, 3}),
    io:format("exro928 ~w~n", [rand:exro928_next(R928)]),
    io:format("exro928 state ~w~n", [rand:exro928_next_state(element(2, rand:exro928_next(R928)))]),
    io:format("exro928 512 ~w~n", [rand:exro928_jump_2pow512(R928)]),
    io:format("exro928 20 ~w~n", [rand:exro928_jump_2pow20(R928)]),
    ok = rand:format_jumpconst58("static const uint64_t JUMP[] = { 0x180ec6d33cfd0aba, 0xd5a61266f0c9392c };"),
    io:format("floats ~p~n", [[rand:float2str(F) || F <- [0.0, 1.0, -2.5, 1.0e-310, 3]]]),
    io:format("make_float ~w ~w~n", [rand:make_float(0, 1023, 0), rand:make_float(1, 1000, 12345)]),
    io:format("bc64 ~w~n", [[rand:bc64(V) || V <- [0, 1, 2, 255, 1 bsl 40, (1 bsl 64) - 1]]]),
    %% Errors.
    Bad = [fun() -> rand:uniform(0) end, fun() -> rand:uniform(a) end,
           fun() -> rand:seed(foo) end, fun() -> rand:seed(exsss, foo) end,
           fun() -> rand:seed(exsss, [a]) end, fun() -> rand:seed(exsss, {a, 1, 2}) end,
           fun() -> rand:seed_s({nope, 1}) end, fun() -> rand:bytes(-1) end,
           fun() -> rand:uniform_s(3, x) end, fun() -> rand:normal_s(0, 0, rand:seed_s(exsss, 1)) end,
           fun() -> rand:normal(0, -1) end, fun() -> rand:export_seed_s(x) end,
           fun() -> rand:jump({#{}, 1}) end, fun() -> rand:seed_s(exsss, []) end,
           fun() -> rand:seed_s(exsss, [0, 0]) end, fun() -> rand:seed_s(exsss, [1, 2, 3]) end],
    [io:format("error ~p~n", [err(F)]) || F <- Bad],
    ok.

err(F) ->
    try F() catch C:E -> {C, E} end.
