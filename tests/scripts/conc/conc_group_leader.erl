-module(conc_group_leader).
-export([main/0]).

main() ->
    GL = group_leader(),
    io:format("~p~n", [is_pid(GL)]),
    Me = self(),
    spawn(fun() -> Me ! {child_gl, group_leader()} end),
    receive {child_gl, CGL} -> io:format("~p~n", [CGL =:= GL]) end,
    %% output from a child goes to the same place, in the order it is done
    P = spawn(fun() -> io:format("from child~n"), Me ! printed end),
    receive printed -> ok end,
    io:format("after child~n"),
    _ = P,
    %% a process with another group leader: its output goes there
    Collector = spawn(fun() -> collect([]) end),
    Q = spawn(fun() -> receive go -> io:format("captured ~p~n", [42]), Me ! done end end),
    group_leader(Collector, Q),
    Q ! go,
    receive done -> ok end,
    Collector ! {get, self()},
    receive {collected, Out} -> io:format("collector got ~p~n", [Out]) end,
    io:format("~p~n", [group_leader() =:= GL]),
    ok.

collect(Acc) ->
    receive
        {io_request, From, ReplyAs, {put_chars, unicode, M, F, A}} ->
            From ! {io_reply, ReplyAs, ok},
            collect([lists:flatten(apply(M, F, A)) | Acc]);
        {io_request, From, ReplyAs, _} ->
            From ! {io_reply, ReplyAs, {error, enotsup}},
            collect(Acc);
        {get, Who} -> Who ! {collected, lists:reverse(Acc)}
    end.
