-module(halt_from_child).
-export([main/0]).

%% halt/1 called by another process stops the whole node with that status.
main() ->
    io:format("main waits~n"),
    spawn(fun() -> io:format("child halts~n"), halt(7) end),
    receive never -> ok end.
