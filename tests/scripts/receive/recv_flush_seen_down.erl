%% A receive that looks at a 'DOWN' message and leaves it in the queue
%% (it times out, or takes another message) leaves the registers it loaded
%% pointing into it: the message, and what its clauses took out of it.
%% demonitor(R, [flush]) then takes the message out of the queue, and the
%% receives that follow scan those registers if they collect before they
%% wait. A VM that freed the flushed message crashed there: the next
%% message of the same size (11 words in dbgsh, as the 'DOWN' message)
%% took over its memory, and the word the stale register points at is a
%% huge integer there, which the collector read as an object's header.
%% The receives run as the third element of a tuple so that the registers
%% they load are not in the call window of demonitor/2, which would
%% otherwise overwrite them.
-module(recv_flush_seen_down).
-export([main/0]).

id(X) -> X.

%% A 'DOWN' message in the queue; returns its monitor's reference.
down_queued() ->
    P = spawn(fun() -> ok end),
    R = monitor(process, P),
    timer:sleep(50),
    R.

%% The receive times out after looking at the 'DOWN' message. Its stale
%% register points at the message's first word: the new message's is the
%% head of its cons cell.
timed_out() ->
    R = down_queued(),
    {_, _, T} = {id(1), id(2), receive nothing -> got after 10 -> timeout end},
    true = demonitor(R, [flush]),
    self() ! [1 bsl 50 | {a, b, c, d, e, f, g, h}],
    self() ! x,
    receive [_ | _] -> ok end,
    receive after 10 -> ok end,
    receive x -> T end.

%% The receive takes the message after the 'DOWN' message, whose reference
%% (its seventh word) the first clause took out for its guard: the new
%% message's seventh word is its sixth element.
took_next() ->
    R = down_queued(),
    self() ! go,
    {_, _, G} = {id(1), id(2), receive {'DOWN', Ref, _, _, _} when is_atom(Ref) -> down; go -> go end},
    true = demonitor(R, [flush]),
    self() ! {0, 0, 0, 0, 0, 1 bsl 50, 0, 0, 0, 0},
    self() ! x,
    receive {_, _, _, _, _, _, _, _, _, _} -> ok end,
    receive after 10 -> ok end,
    receive x -> G end.

%% A later receive takes the 'DOWN' message the first one left: the stale
%% register then points into the process's heap.
received_later() ->
    R = down_queued(),
    {_, _, T} = {id(1), id(2), receive nothing -> got after 10 -> timeout end},
    W = receive {'DOWN', R, process, _, Why} -> Why end,
    receive after 10 -> ok end,
    {T, W}.

main() ->
    io:format("~p~n", [timed_out()]),
    io:format("~p~n", [took_next()]),
    io:format("~p~n", [received_later()]).
