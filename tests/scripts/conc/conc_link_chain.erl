-module(conc_link_chain).
-export([main/0]).

%% A chain of linked processes; killing the tail with a custom reason takes
%% the whole chain down; the trapping head sees the reason.
chain(0, Me) ->
    Me ! {tail, self()},
    receive never -> ok end;
chain(N, Me) ->
    spawn_link(fun() -> chain(N - 1, Me) end),
    receive never -> ok end.

main() ->
    process_flag(trap_exit, true),
    Me = self(),
    Head = spawn_link(fun() -> chain(100, Me) end),
    Tail = receive {tail, T} -> T end,
    exit(Tail, chain_broken),
    receive {'EXIT', Head, R} -> io:format("head died: ~p~n", [R]) end,
    io:format("~p~n", [is_process_alive(Tail)]),
    %% unlink breaks propagation
    P = spawn_link(fun() -> receive never -> ok end end),
    unlink(P),
    exit(P, kill),
    receive {'EXIT', P, _} -> io:format("unexpected exit~n") after 50 -> io:format("no exit after unlink~n") end,
    %% link is idempotent: one EXIT only
    Q = spawn(fun() -> receive die -> exit(once) end end),
    link(Q), link(Q),
    Q ! die,
    receive {'EXIT', Q, Why} -> io:format("~p~n", [Why]) end,
    receive {'EXIT', Q, _} -> io:format("second exit~n") after 50 -> io:format("one exit only~n") end,
    ok.
