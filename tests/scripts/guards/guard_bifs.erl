-module(guard_bifs).
-export([main/0]).

id(X) -> X.

check(Name, F) ->
    R = try F() of V -> V catch C:E -> {C, E} end,
    io:format("~p: ~p~n", [Name, R]).

main() ->
    check(abs, fun() -> [abs(id(-5)), abs(id(5)), abs(id(-2.5)), abs(id(-123456789012345678901234567890))] end),
    check(bit_size, fun() -> [bit_size(id(<<1, 2>>)), bit_size(id(<<1:3>>)), bit_size(id(<<>>))] end),
    check(byte_size, fun() -> [byte_size(id(<<1, 2>>)), byte_size(id(<<1:3>>)), byte_size(id(<<1:9>>))] end),
    check(ceil, fun() -> [ceil(id(1.2)), ceil(id(-1.2)), ceil(id(3)), ceil(id(2.0))] end),
    check(floor, fun() -> [floor(id(1.7)), floor(id(-1.2)), floor(id(3)), floor(id(-0.5))] end),
    check(element, fun() -> [element(1, id({a, b})), element(2, id({a, b}))] end),
    check(float, fun() -> [float(id(3)), float(id(2.5)), float(id(12345678901234567890))] end),
    check(hd_tl, fun() -> [hd(id([1, 2])), tl(id([1, 2])), tl(id([1]))] end),
    check(length, fun() -> [length(id([])), length(id([a, b, c])), length(id("hello"))] end),
    check(map_get, fun() -> [map_get(a, id(#{a => 1})), map_size(id(#{a => 1, b => 2})), map_size(id(#{}))] end),
    check(is_map_key, fun() -> [is_map_key(a, id(#{a => 1})), is_map_key(b, id(#{a => 1}))] end),
    check(node, fun() -> [node() =:= node(self()), is_atom(node())] end),
    check(round, fun() -> [round(id(2.5)), round(id(-2.5)), round(id(2.4)), round(id(7)), round(id(1.0e20))] end),
    check(trunc, fun() -> [trunc(id(2.9)), trunc(id(-2.9)), trunc(id(5)), trunc(id(1.0e20))] end),
    check(self, fun() -> is_pid(self()) end),
    check(size, fun() -> [size(id({1, 2, 3})), size(id(<<1, 2>>)), tuple_size(id({})), tuple_size(id({a}))] end),
    check(binary_part, fun() -> [binary_part(id(<<"abcdef">>), 1, 3), binary_part(id(<<"abcdef">>), {6, -2}),
                                 binary_part(id(<<"abc">>), {0, 0})] end),
    check(hd_empty, fun() -> hd(id([])) end),
    check(element_bad, fun() -> element(3, id({a, b})) end),
    check(length_improper, fun() -> length(id([a | b])) end),
    check(map_get_missing, fun() -> map_get(z, id(#{a => 1})) end),
    ok.
