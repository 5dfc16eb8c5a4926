-module(call_undef).
-export([main/0, exported/0]).

exported() -> ok.

id(X) -> X.

show(F) ->
    try F() of V -> {ok, V}
    catch
        error:undef:St ->
            [{M, Fn, A, _} | _] = St,
            {undef, {M, Fn, if is_list(A) -> length(A); true -> A end}};
        C:E -> {C, E}
    end.

main() ->
    io:format("~p~n", [show(fun() -> (id(no_such_module_xyz)):f(1) end)]),
    io:format("~p~n", [show(fun() -> (id(lists)):no_such_function(1, 2) end)]),
    io:format("~p~n", [show(fun() -> (id(lists)):reverse(1, 2, 3) end)]),
    io:format("~p~n", [show(fun() -> apply(id(call_undef), exported, [extra]) end)]),
    io:format("~p~n", [show(fun() -> apply(id(call_undef), id(main2), []) end)]),
    io:format("~p~n", [show(fun() -> (id(call_undef)):exported() end)]),
    io:format("~p~n", [show(fun() -> (id("notatom")):f() end)]),
    io:format("~p~n", [show(fun() -> apply(id(lists), id("rev"), [[]]) end)]),
    io:format("~p~n", [show(fun() -> (fun no_such_module_xyz:f/0)() end)]),
    ok.
