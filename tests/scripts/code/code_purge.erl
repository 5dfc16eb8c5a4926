-module(code_purge).
-export([main/0]).

%% code:purge/1, code:soft_purge/1, code:delete/1 and code:load_file/1 on a
%% module that processes run: OTP's answers, and purging kills the
%% processes still running the old version (reason killed).

call(P, What) ->
    P ! {call, self(), What},
    receive {P, Reply} -> Reply end.

down(Ref) ->
    receive {'DOWN', Ref, process, _, Why} -> Why end.

main() ->
    T = code_target,
    {module, T} = code:ensure_loaded(T),
    %% one erl node runs every program: start without old code
    _ = code:purge(T),
    io:format("nothing old: purge ~p, soft_purge ~p~n", [code:purge(T), code:soft_purge(T)]),
    P1 = spawn(T, loop, []),
    R1 = monitor(process, P1),
    ping = call(P1, ping),
    io:format("load again: ~p~n", [code:load_file(T)]),
    io:format("check_process_code: ~p ~p~n",
              [erlang:check_process_code(P1, T), erlang:check_process_code(self(), T)]),
    io:format("third load: ~p~n", [code:load_file(T)]),
    io:format("delete with old: ~p~n", [code:delete(T)]),
    P2 = spawn(T, loop, []),
    R2 = monitor(process, P2),
    ping = call(P2, ping),
    io:format("soft_purge: ~p, P1 alive: ~p~n", [code:soft_purge(T), is_process_alive(P1)]),
    %% a process linked to P1 that traps exits hears of its death
    Self = self(),
    _Watcher = spawn(fun() ->
                            process_flag(trap_exit, true),
                            link(P1),
                            Self ! linked,
                            receive {'EXIT', P1, Why} -> Self ! {watcher, Why} end
                    end),
    receive linked -> ok end,
    register(code_purge_victim, P1),
    io:format("purge: ~p~n", [code:purge(T)]),
    io:format("right after: ~p ~p~n", [is_process_alive(P1), whereis(code_purge_victim)]),
    io:format("P1 down: ~p~n", [down(R1)]),
    io:format("watcher: ~p~n", [receive {watcher, W} -> W end]),
    io:format("P2 alive: ~p, answers: ~p~n", [is_process_alive(P2), call(P2, pong)]),
    io:format("again: purge ~p, soft_purge ~p~n", [code:purge(T), code:soft_purge(T)]),
    %% P2 now runs the old version; a soft purge leaves it, a purge kills it
    io:format("load: ~p~n", [code:load_file(T)]),
    io:format("soft_purge: ~p, P2 alive: ~p~n", [code:soft_purge(T), is_process_alive(P2)]),
    P2 ! stop,
    io:format("P2 down: ~p~n", [down(R2)]),
    io:format("nobody in it: soft_purge ~p, purge ~p~n", [code:soft_purge(T), code:purge(T)]),
    %% delete: the current version becomes old, calling the module loads it again
    io:format("delete: ~p ~p ~p~n", [code:delete(T), code:delete(T), erlang:module_loaded(T)]),
    io:format("call loads it: ~p ~p~n", [T:version(), erlang:module_loaded(T)]),
    io:format("load with old: ~p~n", [code:load_file(T)]),
    io:format("purge: ~p, load: ~p~n", [code:purge(T), code:load_file(T)]),
    _ = code:purge(T),
    %% a return address in the old version counts, a fun of it held does not
    F = T:make_fun(),
    P3 = spawn(fun() -> T:wrap(fun() -> Self ! inside, receive go -> ok end end) end),
    R3 = monitor(process, P3),
    receive inside -> ok end,
    P4 = spawn(fun() -> Self ! inside, receive go -> ok end end),
    R4 = monitor(process, P4),
    receive inside -> ok end,
    io:format("load: ~p~n", [code:load_file(T)]),
    io:format("check: ~p ~p~n", [erlang:check_process_code(P3, T), erlang:check_process_code(P4, T)]),
    io:format("purge: ~p ~p~n", [code:purge(T), down(R3)]),
    P4 ! go,
    io:format("P4 down: ~p~n", [down(R4)]),
    io:format("fun of purged code: ~p~n", [F(1)]),
    io:format("not loaded: ~p ~p ~p~n",
              [code:purge(code_purge_none), code:soft_purge(code_purge_none), code:delete(code_purge_none)]),
    io:format("load_file none: ~p~n", [code:load_file(code_purge_none)]),
    [io:format("~p~n", [try code:Fn(id("code_target")) catch C:R:S -> [{M, Fn1, A, _} | _] = S, {C, R, {M, Fn1, length(A)}} end])
     || Fn <- [purge, soft_purge, delete, load_file, ensure_loaded, is_loaded]],
    io:format("~p~n", [try erlang:check_process_code(self(), id("code_target"))
                       catch Cc:Rc:Sc -> [{Mc, Fc, Ac, _} | _] = Sc, {Cc, Rc, {Mc, Fc, length(Ac)}} end]),
    io:format("check dead: ~p ~p~n", [erlang:check_process_code(P1, T), erlang:check_process_code(self(), code_purge_none)]),
    ok.

id(X) -> X.
