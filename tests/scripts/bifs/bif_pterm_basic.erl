-module(bif_pterm_basic).
-export([main/0]).

%% persistent_term's API against erl: put/get/erase of keys of every kind
%% (exact equality: 1 and 1.0 are two keys, 0.0 and -0.0 one in OTP 25),
%% get/2's default, get/0's pairs, info/0's shape and count, a put of an
%% equal value that changes nothing, big and nested values, and errors.
%% Keys are this module's own ({?MODULE, _}) but where a kind is tested:
%% those are erased again, so the system's own entries do not matter.

id(X) -> X.

e(F) ->
    try F() of
        V -> {ok, V}
    catch
        C:R:S -> {C, R, top(S)}
    end.

%% the first frame, {M, F, Arity}, and the error_info of a BIF's frame
top([{M, F, A, Loc} | _]) ->
    Arity = if is_list(A) -> length(A); true -> A end,
    {M, F, Arity, proplists:get_value(error_info, Loc, none)};
top(_) -> none.

count() -> maps:get(count, persistent_term:info()).

%% this module's entries, in an order that does not depend on get/0's
%% (1 and 1.0 compare equal)
mine() -> [KV || {_, KV} <- lists:sort([{term_to_binary(KV), KV} || {{?MODULE, _}, _} = KV <- persistent_term:get()])].

main() ->
    C0 = count(),
    Info = persistent_term:info(),
    io:format("info keys ~p ~p~n", [lists:sort(maps:keys(Info)), is_integer(maps:get(memory, Info))]),
    io:format("~p~n", [persistent_term:put({?MODULE, a}, 1)]),
    io:format("~p~n", [persistent_term:get({?MODULE, a})]),
    io:format("~p~n", [e(fun() -> persistent_term:get({?MODULE, nokey}) end)]),
    io:format("~p~n", [persistent_term:get({?MODULE, nokey}, default)]),
    io:format("~p~n", [persistent_term:get({?MODULE, a}, default)]),
    io:format("count +~p~n", [count() - C0]),
    %% replace, erase, erase again
    persistent_term:put({?MODULE, a}, {two, [2]}),
    io:format("~p~n", [persistent_term:get({?MODULE, a})]),
    io:format("~p ~p~n", [persistent_term:erase({?MODULE, a}), persistent_term:erase({?MODULE, a})]),
    io:format("~p~n", [persistent_term:get({?MODULE, a}, gone)]),
    io:format("count +~p~n", [count() - C0]),
    %% exact key equality
    Keys = [1, 1.0, 0.0, <<"k">>, "k", k, {k}, [k], #{k => v}, 1 bsl 70, -(1 bsl 70), make_ref_free, 2.5],
    [persistent_term:put({?MODULE, K}, {v, K}) || K <- Keys],
    io:format("count +~p~n", [count() - C0]),
    io:format("~p~n", [[persistent_term:get({?MODULE, K}) || K <- Keys]]),
    io:format("~p~n", [persistent_term:get({?MODULE, -0.0}, none)]),
    io:format("~p~n", [persistent_term:get({?MODULE, 1 bsl 70}, none)]),
    io:format("~p~n", [persistent_term:get({?MODULE, 2}, none)]),
    io:format("~p~n", [mine()]),
    io:format("~p~n", [[persistent_term:erase({?MODULE, K}) || K <- Keys]]),
    io:format("count +~p ~p~n", [count() - C0, mine()]),
    %% a put of an equal value keeps the stored term and its memory
    persistent_term:put({?MODULE, same}, {same, lists:seq(1, 100)}),
    M1 = maps:get(memory, persistent_term:info()),
    persistent_term:put({?MODULE, same}, {same, lists:seq(1, 100)}),
    M2 = maps:get(memory, persistent_term:info()),
    persistent_term:put({?MODULE, same}, {same, lists:seq(1, 101)}),
    M3 = maps:get(memory, persistent_term:info()),
    io:format("equal put keeps memory ~p, bigger value more ~p~n", [M1 =:= M2, M3 > M2]),
    persistent_term:put({?MODULE, same}, 1),
    persistent_term:put({?MODULE, same}, 1.0),
    io:format("~p~n", [persistent_term:get({?MODULE, same})]),
    persistent_term:erase({?MODULE, same}),
    %% big and nested values
    L = lists:seq(1, 200000),
    Deep = lists:foldl(fun(I, Acc) -> {I, Acc} end, nil, lists:seq(1, 100000)),
    DeepL = lists:foldl(fun(I, Acc) -> [Acc, I] end, [], lists:seq(1, 100000)),
    Bin = list_to_binary(lists:duplicate(10000, $x)),
    Map = maps:from_list([{I, {I, integer_to_list(I)}} || I <- lists:seq(1, 1000)]),
    Fun = fun(X) -> X + length(L) end,
    Values = [L, Deep, DeepL, Bin, Map, Fun, <<Bin/binary, 1:3>>, 1.5, 1 bsl 200, self()],
    [persistent_term:put({?MODULE, {v, I}}, V) || {I, V} <- lists:zip(lists:seq(1, length(Values)), Values)],
    Got = [persistent_term:get({?MODULE, {v, I}}) || I <- lists:seq(1, length(Values))],
    io:format("~p~n", [Got =:= Values]),
    io:format("~p~n", [[erlang:phash2(G) =:= erlang:phash2(V) || {G, V} <- lists:zip(Got, Values)]]),
    F2 = persistent_term:get({?MODULE, {v, 6}}),
    io:format("fun ~p~n", [F2(1)]),
    io:format("~p~n", [lists:sum(persistent_term:get({?MODULE, {v, 1}}))]),
    io:format("~p~n", [depth(persistent_term:get({?MODULE, {v, 2}}), 0)]),
    io:format("~p~n", [length(lists:flatten(persistent_term:get({?MODULE, {v, 3}})))]),
    io:format("~p~n", [byte_size(persistent_term:get({?MODULE, {v, 4}}))]),
    io:format("~p~n", [maps:get(500, persistent_term:get({?MODULE, {v, 5}}))]),
    [persistent_term:erase({?MODULE, {v, I}}) || I <- lists:seq(1, length(Values))],
    io:format("~p~n", [Got =:= Values]),
    io:format("count +~p~n", [count() - C0]),
    %% the argument checks there are: none for put and erase
    io:format("~p~n", [e(fun() -> persistent_term:get(id({?MODULE, missing})) end)]),
    io:format("~p~n", [e(fun() -> persistent_term:erase(id({?MODULE, missing})) end)]),
    io:format("~p~n", [e(fun() -> apply(persistent_term, get, [id({?MODULE, missing}), 7]) end)]),
    ok.

depth({_, T}, N) -> depth(T, N + 1);
depth(nil, N) -> N.
