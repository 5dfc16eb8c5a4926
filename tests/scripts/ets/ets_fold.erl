-module(ets_fold).
-export([main/0]).

%% foldl/3 and foldr/3 (order on ordered_set, sorted on hash tables),
%% tab2list of empty tables, info/1 filtered to stable keys, info/2, info
%% of a deleted table, bad info items.

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

stable() ->
    [type, size, keypos, named_table, protection, name, heir,
     read_concurrency, write_concurrency, compressed].

%% Pids (heir) are shown as self or other.
pid(P) when is_pid(P) -> if P =:= self() -> self; true -> other end;
pid(X) -> X.

show_info(T) ->
    I = ets:info(T),
    io:format("  info/1 ~w~n", [[{K, pid(proplists:get_value(K, I))} || K <- stable()]]),
    io:format("  owner ~p~n", [proplists:get_value(owner, I) =:= self()]),
    io:format("  info/2 ~w~n", [[{K, pid(ets:info(T, K))} || K <- stable()]]).

main() ->
    folds(),
    infos(),
    ok.

folds() ->
    [begin
         T = ets:new(f, [Type]),
         io:format("== ~p~n", [Type]),
         io:format("empty fold ~p ~p ~p~n",
                   [ets:foldl(fun(_, A) -> A + 1 end, 0, T),
                    ets:foldr(fun(_, A) -> A + 1 end, acc, T), ets:tab2list(T)]),
         ets:insert(T, [{K, V} || {K, V} <- [{5, 50}, {1, 10}, {3, 30}, {2, 20}, {4, 40}]]),
         [ets:insert(T, {3, 31}) || Type =/= set, Type =/= ordered_set],
         Sum = fun({_, V}, A) -> A + V end,
         io:format("sum ~p ~p~n", [ets:foldl(Sum, 0, T), ets:foldr(Sum, 0, T)]),
         Cons = fun(O, A) -> [O | A] end,
         L = ets:foldl(Cons, [], T),
         R = ets:foldr(Cons, [], T),
         case Type of
             ordered_set ->
                 io:format("foldl ~w~nfoldr ~w~n", [L, R]);
             _ ->
                 io:format("foldl ~w~nfoldr ~w~n", [lists:sort(L), lists:sort(R)])
         end,
         io:format("count ~p~n", [ets:foldl(fun(_, N) -> N + 1 end, 0, T)]),
         io:format("throw ~p~n",
                   [catch ets:foldl(fun({K, _}, _) when K =:= 3 -> throw(found);
                                       (_, A) -> A end, none, T)]),
         io:format("bad fun ~p~n",
                   [t(fun() -> ets:foldl(fun({_, V}, A) -> V + A end, id(atom), T) end)]),
         ets:delete(T)
     end || Type <- [set, ordered_set, bag, duplicate_bag]],
    io:format("fold deleted ~p~n",
              [t(fun() ->
                         T = ets:new(x, []),
                         ets:delete(T),
                         ets:foldl(fun(_, A) -> A end, 0, T)
                 end)]),
    io:format("fold by name ~p~n",
              [begin
                   ets:new(ets_fold_named, [named_table, ordered_set]),
                   ets:insert(ets_fold_named, [{b}, {a}, {c}]),
                   ets:foldr(fun({K}, A) -> [K | A] end, [], ets_fold_named)
               end]).

infos() ->
    io:format("== info~n"),
    T1 = ets:new(info_a, []),
    io:format("default~n"),
    show_info(T1),
    %% not {write_concurrency, true}: erl reports false with one scheduler
    T2 = ets:new(ets_fold_info_b, [ordered_set, public, named_table, {keypos, 2},
                                   {read_concurrency, true}, {heir, self(), data}]),
    ets:insert(T2, [{x, 1}, {y, 2}]),
    io:format("options~n"),
    show_info(T2),
    io:format("  heir is self ~p~n", [ets:info(T2, heir) =:= self()]),
    T3 = ets:new(info_c, [bag, private, compressed]),
    ets:insert(T3, [{a, 1}, {a, 2}, {b, 1}]),
    io:format("compressed bag~n"),
    show_info(T3),
    T4 = ets:new(info_d, [duplicate_bag, {keypos, 3}]),
    io:format("dbag ~p ~p~n", [ets:info(T4, type), ets:info(T4, keypos)]),
    io:format("owner ~p~n", [ets:info(T4, owner) =:= self()]),
    io:format("badkey ~p~n", [t(fun() -> ets:info(T1, id(badkey)) end)]),
    io:format("bad table ~p ~p~n",
              [t(fun() -> ets:info(id("str")) end), t(fun() -> ets:info(id(1), size) end)]),
    io:format("unknown name ~p ~p~n",
              [ets:info(ets_fold_nosuch), ets:info(ets_fold_nosuch, size)]),
    ets:delete(T1),
    io:format("deleted ~p ~p ~p~n",
              [ets:info(T1), ets:info(T1, size), ets:info(T1, type)]),
    ok.
