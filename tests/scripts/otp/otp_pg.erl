-module(otp_pg).
-export([main/0]).

%% pg: a scope under a supervisor-like parent, groups joined and left by
%% processes that end, the notices of scope and group watchers, and the
%% default scope. Pids print as
%% A, B and C, the caller as me.

main() ->
    {ok, Scope} = pg:start_link(demo),
    Ps = [spawn(fun() -> receive stop -> ok end end) || _ <- lists:seq(1, 3)],
    [A, B, C] = Ps,
    N = fun(X) -> name(X, Ps) end,
    {SRef, Groups0} = pg:monitor_scope(demo),
    io:format("groups at first: ~p~n", [Groups0]),
    ok = pg:join(demo, workers, A),
    ok = pg:join(demo, workers, [B, C]),
    ok = pg:join(demo, {pool, 1}, [A, A]),
    {GRef, Members} = pg:monitor(demo, workers),
    io:format("watching workers: ~p~n", [N(Members)]),
    io:format("members: ~p ~p~n", [N(pg:get_members(demo, workers)),
                                   N(pg:get_local_members(demo, {pool, 1}))]),
    io:format("groups: ~p~n", [lists:sort(pg:which_groups(demo))]),
    io:format("leave: ~p ~p~n", [pg:leave(demo, workers, B), pg:leave(demo, workers, B)]),
    stop(A),
    io:format("after A ended: ~p ~p ~p~n",
              [N(pg:get_members(demo, workers)), N(pg:get_members(demo, {pool, 1})),
               lists:sort(pg:which_groups(demo))]),
    io:format("demonitor: ~p ~p~n", [pg:demonitor(demo, GRef), pg:demonitor(demo, GRef)]),
    ok = pg:join(demo, workers, self()),
    io:format("notices: ~p~n", [N(notices(SRef, GRef))]),
    io:format("errors: ~p ~p ~p~n",
              [catch_error(fun() -> pg:join(demo, workers, [C, nopid]) end),
               catch_error(fun() -> pg:join(demo, workers, nopid) end),
               pg:get_members(no_scope, workers)]),
    io:format("second start: ~p~n", [element(1, pg:start(demo))]),
    %% the default scope, pg, as the kernel starts it with start_pg
    {ok, _} = pg:start(pg),
    ok = pg:join(everyone, Ps),
    io:format("default scope: ~p ~p~n", [N(pg:get_members(everyone)), pg:which_groups()]),
    stop(B),
    stop(C),
    %% and the default scope has had them too
    not_joined = pg:leave(pg, '$none', self()),
    io:format("all ended: ~p ~p~n", [pg:which_groups(demo), pg:which_groups()]),
    unlink(Scope),
    exit(Scope, kill),
    ok.

stop(P) ->
    Ref = monitor(process, P),
    P ! stop,
    receive {'DOWN', Ref, process, P, _} -> ok end,
    %% the scope has had its 'DOWN' of P when it answers a call after it
    not_joined = pg:leave(demo, '$none', self()).

notices(SRef, GRef) ->
    receive
        {SRef, Verb, G, Pids} -> [{scope, Verb, G, Pids} | notices(SRef, GRef)];
        {GRef, Verb, G, Pids} -> [{group, Verb, G, Pids} | notices(SRef, GRef)]
    after 0 -> []
    end.

catch_error(F) ->
    try F() catch error:E -> {error, E} end.

name(P, Known) when is_pid(P) ->
    case lists:member(P, Known) of
        true -> list_to_atom([$A + length(lists:takewhile(fun(X) -> X =/= P end, Known))]);
        false when P =:= self() -> me;
        false -> other
    end;
name(L, Known) when is_list(L) -> [name(X, Known) || X <- L];
name(T, Known) when is_tuple(T) -> list_to_tuple(name(tuple_to_list(T), Known));
name(X, _) -> X.
