-module(cmp_term_order).
-export([main/0]).

id(X) -> X.

main() ->
    %% number < atom < reference < fun < port < pid < tuple < map < nil < list < bitstring
    Terms = [<<"b">>, [a], [], #{}, {}, {a, b}, self(), fun() -> ok end, make_ref(), zeta, alpha,
             42, 3.5, 1 bsl 80, <<1:3>>, <<>>, "abc", {z}, #{a => 1}, -7],
    Sorted = lists:sort(id(Terms)),
    Kind = fun(X) when is_number(X) -> number;
              (X) when is_atom(X) -> atom;
              (X) when is_reference(X) -> reference;
              (X) when is_function(X) -> 'fun';
              (X) when is_pid(X) -> pid;
              (X) when is_tuple(X) -> {tuple, X};
              (X) when is_map(X) -> {map, X};
              (X) when is_list(X) -> {list, X};
              (X) when is_bitstring(X) -> {bits, X}
           end,
    [io:format("~p~n", [Kind(T)]) || T <- Sorted],
    io:format("~p~n", [[id(1) < id(a), id(a) < id({}), id({}) < id([]), id([]) < id(<<>>)]]),
    io:format("~p~n", [[id({1, 2}) < id({1, 2, 3}), id({2}) < id({1, 1}), id({1, b}) < id({1, a})]]),
    io:format("~p~n", [[id([1, 2]) < id([1, 2, 3]), id([2]) < id([1, 1]), id("abc") < id("abd")]]),
    io:format("~p~n", [[id(<<1, 2>>) < id(<<1, 2, 3>>), id(<<2>>) < id(<<1, 1>>), id(<<1:1>>) < id(<<1>>)]]),
    ok.
