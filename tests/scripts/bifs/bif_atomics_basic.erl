-module(bif_atomics_basic).
-export([main/0]).

%% atomics against erl: signed and unsigned arrays, every operation on
%% values at and past the bounds (wrap-around modulo 2^64, what each
%% operation takes), indexes, bad references and options, info/1's shape,
%% and the first frame of each error.

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

show(L, F) -> io:format("~p: ~p~n", [L, e(F)]).

main() ->
    S = atomics:new(2, []),
    U = atomics:new(2, [{signed, false}]),
    io:format("~p ~p~n", [is_reference(S), [atomics:get(S, 1), atomics:get(U, 2)]]),
    Vals = [0, 1, -1, 5, (1 bsl 63) - 1, 1 bsl 63, -(1 bsl 63), -(1 bsl 63) - 1,
            (1 bsl 64) - 1, 1 bsl 64, -(1 bsl 64), 1.0, a],
    [begin
         show({s_put, V}, fun() -> atomics:put(S, 1, V), atomics:get(S, 1) end),
         show({u_put, V}, fun() -> atomics:put(U, 1, V), atomics:get(U, 1) end),
         show({s_add, V}, fun() -> atomics:put(S, 2, 5), atomics:add(S, 2, V), atomics:get(S, 2) end),
         show({u_add, V}, fun() -> atomics:put(U, 2, 5), atomics:add(U, 2, V), atomics:get(U, 2) end),
         show({s_add_get, V}, fun() -> atomics:put(S, 2, 5), atomics:add_get(S, 2, V) end),
         show({u_add_get, V}, fun() -> atomics:put(U, 2, 5), atomics:add_get(U, 2, V) end),
         show({s_sub, V}, fun() -> atomics:put(S, 2, 5), atomics:sub(S, 2, V), atomics:get(S, 2) end),
         show({u_sub, V}, fun() -> atomics:put(U, 2, 5), atomics:sub(U, 2, V), atomics:get(U, 2) end),
         show({s_sub_get, V}, fun() -> atomics:put(S, 2, 5), atomics:sub_get(S, 2, V) end),
         show({u_sub_get, V}, fun() -> atomics:put(U, 2, 5), atomics:sub_get(U, 2, V) end),
         show({s_xchg, V}, fun() -> atomics:put(S, 2, 5), {atomics:exchange(S, 2, V), atomics:get(S, 2)} end),
         show({u_xchg, V}, fun() -> atomics:put(U, 2, 5), {atomics:exchange(U, 2, V), atomics:get(U, 2)} end),
         show({s_cx_exp, V}, fun() -> atomics:put(S, 2, 5), {atomics:compare_exchange(S, 2, V, 7), atomics:get(S, 2)} end),
         show({s_cx_des, V}, fun() -> atomics:put(S, 2, 5), {atomics:compare_exchange(S, 2, 5, V), atomics:get(S, 2)} end),
         show({u_cx_exp, V}, fun() -> atomics:put(U, 2, 5), {atomics:compare_exchange(U, 2, V, 7), atomics:get(U, 2)} end),
         show({u_cx_des, V}, fun() -> atomics:put(U, 2, 5), {atomics:compare_exchange(U, 2, 5, V), atomics:get(U, 2)} end)
     end || V <- Vals],
    %% wrapping all the way round
    atomics:put(U, 1, 0),
    show(u_wrap_down, fun() -> atomics:sub_get(U, 1, 1) end),
    show(u_wrap_up, fun() -> atomics:add_get(U, 1, 1) end),
    atomics:put(S, 1, (1 bsl 63) - 1),
    show(s_wrap_up, fun() -> atomics:add_get(S, 1, 1) end),
    show(s_wrap_down, fun() -> atomics:sub_get(S, 1, 1) end),
    show(s_big_step, fun() -> atomics:add_get(S, 1, (1 bsl 64) - 1) end),
    %% info/1
    show(info_s, fun() -> maps:remove(memory, atomics:info(S)) end),
    show(info_u, fun() -> maps:remove(memory, atomics:info(U)) end),
    show(info_keys, fun() -> lists:sort(maps:keys(atomics:info(atomics:new(1000, [])))) end),
    show(info_memory_grows, fun() -> maps:get(memory, atomics:info(atomics:new(1000, []))) > maps:get(memory, atomics:info(S)) end),
    %% indexes
    [show({index, I}, fun() -> atomics:get(S, I) end) || I <- [0, 1, 2, 3, -1, 1 bsl 64, 1.0, x]],
    show(index_put, fun() -> atomics:put(S, 3, 0) end),
    show(index_add, fun() -> atomics:add(U, 0, 1) end),
    show(index_sub, fun() -> atomics:sub(U, 3, 1) end),
    show(index_cx, fun() -> atomics:compare_exchange(U, 3, 1, 1) end),
    %% references
    Bad = [make_ref(), foo, {atomics, S}, element(2, counters:new(1, [write_concurrency])), self(), []],
    [begin
         show({ref_get, N}, fun() -> atomics:get(R, 1) end),
         show({ref_put, N}, fun() -> atomics:put(R, 1, 1) end),
         show({ref_add, N}, fun() -> atomics:add(R, 1, 1) end),
         show({ref_add_get, N}, fun() -> atomics:add_get(R, 1, 1) end),
         show({ref_sub, N}, fun() -> atomics:sub(R, 1, 1) end),
         show({ref_sub_a, N}, fun() -> atomics:sub(R, 1, a) end),
         show({ref_sub_get, N}, fun() -> atomics:sub_get(R, 1, 1) end),
         show({ref_xchg, N}, fun() -> atomics:exchange(R, 1, 1) end),
         show({ref_cx, N}, fun() -> atomics:compare_exchange(R, 1, 1, 1) end),
         show({ref_info, N}, fun() -> atomics:info(R) end)
     end || {N, R} <- lists:zip(lists:seq(1, length(Bad)), Bad)],
    %% new/2: sizes and options
    [show({new, N, O}, fun() -> A = atomics:new(N, O), maps:remove(memory, atomics:info(A)) end)
     || {N, O} <- [{1, []}, {3, [{signed, true}]}, {3, [{signed, false}]},
                   {3, [{signed, false}, {signed, true}]}, {3, [{signed, true}, {signed, false}]},
                   {0, []}, {-1, []}, {1.0, []}, {a, []}, {1 bsl 61, []}, {(1 bsl 61) - 1, bad},
                   {1 bsl 64, []}, {1 bsl 100, []}, {-(1 bsl 70), []},
                   {1, [signed]}, {1, [{signed, yes}]}, {1, {signed, true}}, {1, [{signed, true} | x]},
                   {0, [bad]}, {1 bsl 64, [bad]}, {a, bad}, {1, [{unsigned, true}]}]],
    show(new_id, fun() -> atomics:new(id(2), id([])) =:= atomics:new(2, []) end),
    ok.
