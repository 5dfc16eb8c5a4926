-module(call_bif_qualified).
-export([main/0]).

id(X) -> X.

%% local functions may not shadow auto-imported BIFs without -compile(no_auto_import)
-compile({no_auto_import, [length/1]}).
length(_) -> my_length.

main() ->
    io:format("~p~n", [length(id([1, 2, 3]))]),
    io:format("~p~n", [erlang:length(id([1, 2, 3]))]),
    io:format("~p~n", [{erlang:hd(id([x])), erlang:tuple_size(id({}))}]),
    io:format("~p~n", [erlang:'=:='(id(1), id(1.0))]),
    io:format("~p~n", [erlang:'=='(id(1), id(1.0))]),
    io:format("~p~n", [erlang:'++'(id([1]), id([2]))]),
    io:format("~p~n", [erlang:'--'(id([1, 2, 1]), id([1]))]),
    io:format("~p~n", [erlang:'not'(id(true))]),
    io:format("~p~n", [erlang:'band'(id(12), id(10))]),
    io:format("~p~n", [erlang:'div'(id(17), id(5))]),
    io:format("~p~n", [[F(id(3), id(2)) || F <- [fun erlang:'*'/2, fun erlang:'-'/2, fun erlang:'/'/2, fun erlang:'rem'/2]]]),
    ok.
