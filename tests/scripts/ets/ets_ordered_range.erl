-module(ets_ordered_range).
-export([main/0]).

%% select, select_reverse, select_count, select_delete and match on an
%% ordered_set with a partly bound key ({I, '_'}, [a | '_'], {'$1', 3},
%% ...): the same objects, in the same order, as matching every object
%% (ets:match_spec_run over tab2list), among keys of every type.

keys() ->
    [{I, J} || I <- [0, 1, 1.0, 2, 3, a, b, "s", {x}], J <- [0, 1, 2, z, {q}]] ++
    [{I} || I <- [1, 2, a]] ++ [{1, 2, 3}, {2, 3, 4}] ++
    [[a], [a, b], [a | b], [b, a], [a, 1, 2], [], "abc"] ++
    [1, 2.5, a, zz, <<"bin">>, make_ref(), self(), #{k => v}, #{k => w}].

patterns() ->
    [{{1, '_'}, '_'}, {{1.0, '$1'}, '_'}, {{a, '_'}, '_'}, {{'_', 2}, '_'},
     {{'$1', '$1'}, '_'}, {{{x}, '_'}, '_'}, {{"s", '_'}, '_'}, {{9, '_'}, '_'},
     {[a | '_'], '_'}, {[a, '_' | '_'], '_'}, {[b | '_'], '_'}, {{'_'}, '_'},
     {{'_', '_', '_'}, '_'}, {{2, 3, '_'}, '_'}, {#{k => '_'}, '_'}, {'_', '_'}].

main() ->
    T = ets:new(t, [ordered_set]),
    ets:insert(T, [{K, N} || {K, N} <- lists:zip(keys(), lists:seq(1, length(keys())))]),
    All = ets:tab2list(T),
    lists:foreach(
      fun(Head) ->
              Ms = [{Head, [], ['$_']}],
              Want = ets:match_spec_run(All, ets:match_spec_compile(Ms)),
              Got = ets:select(T, Ms),
              Rev = ets:select_reverse(T, Ms),
              Count = ets:select_count(T, [{Head, [], [true]}]),
              Match = ets:match_object(T, Head),
              io:format("~p: ~p ~p ~p ~p ~p~n",
                        [Head, length(Want), Got =:= Want, Rev =:= lists:reverse(Want),
                         Count =:= length(Want), Match =:= Want])
      end, patterns()),
    io:format("~p~n", [ets:select(T, [{{{1, '$1'}, '_'}, [{is_integer, '$1'}], ['$1']}])]),
    io:format("deleted ~p~n", [ets:select_delete(T, [{{{1, '_'}, '_'}, [], [true]}])]),
    io:format("left ~p~n", [ets:select(T, [{{{1, '$1'}, '_'}, [], ['$1']}])]),
    io:format("size ~p~n", [ets:info(T, size)]),
    B = ets:new(b, [ordered_set]),
    ets:insert(B, [{{I rem 100, I}, I} || I <- lists:seq(1, 100000)]),
    io:format("big ~p~n", [lists:sum(ets:select(B, [{{{42, '_'}, '$1'}, [], ['$1']}]))]),
    ok.
