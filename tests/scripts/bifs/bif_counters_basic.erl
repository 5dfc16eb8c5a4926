-module(bif_counters_basic).
-export([main/0]).

%% counters against erl: the {atomics, Ref} and {write_concurrency, Ref}
%% shapes, get/add/sub/put on values at and past the bounds, info/1's
%% keys, bad references, indexes and options, the first frame of each
%% error, and counters updated from several processes at once.

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

show(L, F) -> io:format("~p: ~p~n", [L, e(F)]).

shape({Tag, R}) when is_reference(R) -> {Tag, ref};
shape(X) -> X.

main() ->
    C = counters:new(2, []),
    A = counters:new(2, [atomics]),
    W = counters:new(2, [write_concurrency]),
    io:format("~p~n", [[shape(X) || X <- [C, A, W]]]),
    io:format("~p~n", [[counters:get(X, 1) || X <- [C, A, W]]]),
    io:format("~p~n", [[lists:sort(maps:keys(counters:info(X))) || X <- [C, A, W]]]),
    io:format("~p~n", [[maps:get(size, counters:info(X)) || X <- [C, A, W]]]),
    io:format("~p~n", [maps:remove(memory, counters:info(C))]),
    Vals = [0, 1, -1, (1 bsl 63) - 1, 1 bsl 63, -(1 bsl 63), -(1 bsl 63) - 1,
            (1 bsl 64) - 1, 1 bsl 64, 1.0, a],
    [begin
         [show({N, add, V}, fun() -> counters:put(X, 1, 5), counters:add(X, 1, V), counters:get(X, 1) end),
          show({N, sub, V}, fun() -> counters:put(X, 1, 5), counters:sub(X, 1, V), counters:get(X, 1) end),
          show({N, put, V}, fun() -> counters:put(X, 1, V), counters:get(X, 1) end)]
     end || V <- Vals, {N, X} <- [{c, C}, {w, W}]],
    %% an unsigned atomics array inside the tuple is taken as it is
    U = {atomics, atomics:new(1, [{signed, false}])},
    show(unsigned_put, fun() -> counters:put(U, 1, (1 bsl 64) - 1), counters:get(U, 1) end),
    show(unsigned_neg, fun() -> counters:put(U, 1, -1) end),
    show(unsigned_sub, fun() -> counters:put(U, 1, 0), counters:sub(U, 1, 1), counters:get(U, 1) end),
    [show({index, I}, fun() -> counters:get(W, I) end) || I <- [0, 1, 2, 3, -1, 1 bsl 64, x]],
    show(index_add, fun() -> counters:add(C, 3, 1) end),
    Bad = [make_ref(), {atomics, make_ref()}, {write_concurrency, element(2, C)},
           {atomics, element(2, W)}, {foo, element(2, C)}, element(2, C), {atomics, element(2, C), x}],
    [begin
         show({ref_get, N}, fun() -> counters:get(R, 1) end),
         show({ref_add, N}, fun() -> counters:add(R, 1, 1) end),
         show({ref_sub, N}, fun() -> counters:sub(R, 1, 1) end),
         show({ref_sub_a, N}, fun() -> counters:sub(R, 1, a) end),
         show({ref_put, N}, fun() -> counters:put(R, 1, 1) end),
         show({ref_info, N}, fun() -> counters:info(R) end)
     end || {N, R} <- lists:zip(lists:seq(1, length(Bad)), Bad)],
    [show({new, N, O}, fun() -> shape(counters:new(N, O)) end)
     || {N, O} <- [{1, []}, {1, [atomics]}, {1, [write_concurrency]}, {0, []}, {0, [atomics]},
                   {-1, [write_concurrency]}, {a, []}, {1 bsl 61, []}, {1 bsl 64, [write_concurrency]},
                   {1, [atomics, write_concurrency]}, {1, [atomics, atomics]}, {1, [foo]},
                   {1, atomics}, {0, foo}, {1, [atomics | x]}]],
    %% several processes at once
    Self = self(),
    counters:put(C, 1, 0), counters:put(W, 1, 0), counters:put(W, 2, 0),
    Ps = [spawn(fun() ->
                        [begin counters:add(C, 1, 1), counters:add(W, 1, 2), counters:sub(W, 2, 1) end
                         || _ <- lists:seq(1, 1000)],
                        Self ! {self(), done}
                end) || _ <- lists:seq(1, 8)],
    [receive {P, done} -> ok end || P <- Ps],
    io:format("~p~n", [{counters:get(C, 1), counters:get(W, 1), counters:get(W, 2)}]),
    ok.
