-module(io_lib_write_shapes).
-export([main/0]).

%% io_lib:write/1,2,3 and io_lib:print/1,4: the nesting of their lists.

id(X) -> X.

r(F) -> try F() catch C:E -> {C, E} end.

main() ->
    Terms = [<<>>, <<1, 2, 3>>, <<1, 2, 3:4>>, #{a => 1}, #{a => 1, b => 2}, [1, 2 | 3],
             [1, 2, 3, 4], {1, 2, 3, 4}, 'A b', 1.5, -12, 123456789012345678901234567890,
             {}, [], "abc", {a, b}, [[[[x]]]], {{{{y}}}}, [<<"a">>, <<1:1>>],
             maps:from_list([{I, I} || I <- lists:seq(1, 40)]), fun lists:map/2, '\x{400}'],
    [io:format("~w~n", [[r(fun() -> io_lib:write(id(T), D) end) || D <- [-1, 0, 1, 2, 3, 5]]])
     || T <- Terms],
    [io:format("~w~n", [[r(fun() -> io_lib:write(id(T)) end),
                         r(fun() -> io_lib:print(id(T)) end),
                         r(fun() -> io_lib:write(id(T), [{depth, 3}]) end),
                         r(fun() -> io_lib:write(id(T), [{encoding, latin1}]) end),
                         r(fun() -> io_lib:write(id(T), 4, true) end),
                         r(fun() -> io_lib:write(id(T), 4, false) end),
                         r(fun() -> io_lib:print(id(T), 10, 30, 4) end)]])
     || T <- Terms],
    io:format("~w~n", [r(fun() -> io_lib:write({a, b}, id(foo)) end)]),
    io:format("~w~n", [r(fun() -> io_lib:write(x, id(foo)) end)]),
    io:format("~p~n", [io_lib:write(id({a, "b", <<"c">>}))]),
    io:format("~p~n", [io_lib:print(id({a, "b", <<"c">>}))]),
    io:format("~s~n", [io_lib:print(id([{key, lists:seq(1, 30)}, {other, "text"}]))]),
    io:format("~w~n", [io_lib:print(id([{key, lists:seq(1, 30)}, {other, "text"}]))]),
    io:format("~w~n", [io_lib:print(id({'$pretty', 1, 2, 3, 4, 5, 6}))]),
    ok.
