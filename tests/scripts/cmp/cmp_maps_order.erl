-module(cmp_maps_order).
-export([main/0]).

id(X) -> X.

main() ->
    %% maps order by size first, then keys in term order, then values
    Ms = [#{b => 1}, #{a => 2}, #{a => 1}, #{a => 1, b => 1}, #{}, #{1 => x}, #{1.0 => x},
          #{c => 0, d => 0, e => 0}, #{a => 1, c => 1}],
    io:format("~p~n", [lists:sort(id(Ms))]),
    io:format("~p~n", [[id(#{1 => a}) == id(#{1.0 => a}), id(#{1 => a}) < id(#{1.0 => a})]]),
    io:format("~p~n", [[id(#{a => 1}) == id(#{a => 1.0}), id(#{a => 1}) =:= id(#{a => 1.0})]]),
    io:format("~p~n", [id(#{a => 1, b => 2}) =:= id(#{b => 2, a => 1})]),
    ok.
