-module(conc_exit_signals).
-export([main/0]).

waiter() -> receive never -> ok end.

fate(Signal, Trap) ->
    Me = self(),
    P = spawn(fun() ->
                      process_flag(trap_exit, Trap),
                      Me ! ready,
                      receive
                          {'EXIT', From, R} -> Me ! {trapped, From =:= Me, R}, waiter()
                      end
              end),
    receive ready -> ok end,
    Ref = monitor(process, P),
    exit(P, Signal),
    receive
        {trapped, FromMe, R} ->
            exit(P, kill),
            receive {'DOWN', Ref, _, _, _} -> ok end,
            {trapped, FromMe, R};
        {'DOWN', Ref, process, P, Why} -> {died, Why}
    after 200 ->
            demonitor(Ref, [flush]),
            Alive = is_process_alive(P),
            exit(P, kill),
            {survived, Alive}
    end.

main() ->
    [io:format("~p ~p: ~p~n", [S, T, fate(S, T)]) || S <- [normal, kill, custom, {tuple, reason}], T <- [false, true]],
    %% exit(self(), normal) ends the calling process itself (with reason normal)
    {P0, R0} = spawn_monitor(fun() -> exit(self(), normal), timer:sleep(1000) end),
    receive {'DOWN', R0, process, P0, W0} -> io:format("self normal: ~p~n", [W0]) end,
    %% a process can kill itself with exit(self(), kill): seen from outside as killed
    {P, R} = spawn_monitor(fun() -> exit(self(), kill) end),
    receive {'DOWN', R, process, P, W} -> io:format("~p~n", [W]) end,
    %% exit/1 with normal in a linked child does not kill the parent
    process_flag(trap_exit, true),
    C = spawn_link(fun() -> exit(normal) end),
    receive {'EXIT', C, CR} -> io:format("~p~n", [CR]) end,
    ok.
