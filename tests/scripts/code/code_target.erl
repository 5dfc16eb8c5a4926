-module(code_target).
-export([main/0, loop/0, version/0, wrap/1, make_fun/0]).

%% The module that the other code_* programs load again, delete and purge
%% (its own main/0 only shows that it runs).

main() ->
    io:format("~p ~p~n", [version(), (make_fun())(1)]).

version() -> v.

%% Waits in a receive of this module, answering calls.
loop() ->
    receive
        {call, From, What} -> From ! {self(), What}, loop();
        stop -> ok
    end.

%% Calls F from inside this module: the return address lies in it.
wrap(F) -> {wrapped, F()}.

make_fun() -> fun(X) -> {code_target_fun, X} end.
