%% The port BIFs on ports that are not open (a script cannot open one:
%% dbgsh has no open_port/2), on names and on terms that are no ports:
%% undefined from port_info/1,2, badarg from the others.
-module(port_bifs).
-export([main/0]).

t(F) -> try F() catch C:R -> {C, R} end.

main() ->
    %% #Port<0.1000000> of this node, and a port of another node
    P = binary_to_term(<<131,89,100,0,13,"nonode@nohost",0,15,66,64,0,0,0,0>>),
    Ext = binary_to_term(<<131,89,100,0,7,"a@b.com",0,0,0,1,0,0,0,0>>),
    io:format("~p ~p ~p~n", [P, is_port(P), is_port(Ext)]),
    io:format("~p ~p~n", [is_list(erlang:ports()), lists:member(P, erlang:ports())]),
    io:format("info ~p~n", [[erlang:port_info(P), erlang:port_info(P, name), erlang:port_info(P, links),
                             erlang:port_info(P, bogus), erlang:port_info(P, 1),
                             erlang:port_info(nosuch), erlang:port_info(nosuch, name),
                             erlang:port_info(nosuch, bogus)]]),
    io:format("info badarg ~p~n", [[t(fun() -> erlang:port_info(self()) end),
                                    t(fun() -> erlang:port_info(self(), name) end),
                                    t(fun() -> erlang:port_info(1) end),
                                    t(fun() -> erlang:port_info("p", name) end),
                                    t(fun() -> erlang:port_info(Ext) end),
                                    t(fun() -> erlang:port_info(Ext, name) end)]]),
    Ports = [P, nosuch, self(), Ext, 1],
    io:format("close ~p~n", [[t(fun() -> port_close(X) end) || X <- Ports]]),
    io:format("command ~p~n", [[t(fun() -> port_command(X, "x") end) || X <- Ports]]),
    io:format("command/3 ~p~n", [[t(fun() -> port_command(P, "x", O) end)
                                  || O <- [[], [force], [nosuspend], [bad], bad]]]),
    io:format("control ~p~n", [[t(fun() -> port_control(X, $f, "") end) || X <- Ports]]),
    io:format("control args ~p~n", [[t(fun() -> port_control(P, Op, D) end)
                                     || {Op, D} <- [{-1, ""}, {1 bsl 32, ""}, {1, bad}, {1.0, ""}]]]),
    io:format("connect ~p~n", [[t(fun() -> port_connect(X, self()) end) || X <- Ports]]),
    io:format("connect pid ~p~n", [[t(fun() -> port_connect(P, X) end) || X <- [self(), foo, P]]]),
    ok.
