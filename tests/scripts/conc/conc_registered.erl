-module(conc_registered).
-export([main/0]).

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    Me = self(),
    P = spawn(fun() -> loop(Me) end),
    io:format("~p~n", [register(conc_reg_server, P)]),
    io:format("~p~n", [whereis(conc_reg_server) =:= P]),
    io:format("~p~n", [lists:member(conc_reg_server, registered())]),
    conc_reg_server ! {echo, hello},
    receive {echoed, M} -> io:format("~p~n", [M]) end,
    io:format("~p~n", [e(fun() -> register(conc_reg_server, self()) end)]),
    io:format("~p~n", [e(fun() -> register(conc_reg_other, P) end)]),
    io:format("~p~n", [e(fun() -> register(undefined, self()) end)]),
    io:format("~p~n", [e(fun() -> register("string", self()) end)]),
    io:format("~p~n", [unregister(conc_reg_server)]),
    io:format("~p~n", [whereis(conc_reg_server)]),
    io:format("~p~n", [e(fun() -> unregister(conc_reg_server) end)]),
    io:format("~p~n", [e(fun() -> conc_reg_server ! x end)]),
    io:format("~p~n", [register(conc_reg_server, P)]),
    %% the name goes away when the process dies
    monitor(process, P),
    conc_reg_server ! stop,
    receive {'DOWN', _, process, P, normal} -> ok end,
    io:format("~p~n", [whereis(conc_reg_server)]),
    %% register self and send to the name with erlang:send
    register(conc_reg_me, self()),
    erlang:send(conc_reg_me, via_name),
    receive via_name -> io:format("got via_name~n") end,
    {conc_reg_me, node()} ! via_tuple,
    receive via_tuple -> io:format("got via_tuple~n") end,
    unregister(conc_reg_me),
    ok.

loop(Main) ->
    receive
        {echo, X} -> Main ! {echoed, X}, loop(Main);
        stop -> ok
    end.
