%% The emulator's own reports are logger events, as OTP's emulator makes
%% them: a process ended by an error exception nothing caught (an
%% uncaught throw is one, {nocatch, Ball}), not one ended by exit/1; its
%% format, arguments and metadata (error_logger => #{emulator => true, tag
%% => error}, pid: the process ended); one over its max_heap_size whose
%% limit asks for it; and the primary level filters them as any event. A
%% handler of this module sends each event here: erl's logger process
%% logs its emulator's events, ours a process spawned for each.
-module(emulator_reports).
-export([main/0, log/2, crash/1, grow/1]).

log(#{level := Level, msg := Msg, meta := Meta}, #{config := #{to := To}}) ->
    To ! {event, Level, Msg, maps:with([error_logger, pid], Meta)},
    ok.

crash(error) -> erlang:error({boom, 1});
crash(badarith) -> 1 / zero();
crash(throw) -> throw(ball);
crash(exit) -> exit(bye).

zero() -> 0.

grow(N) -> length(lists:seq(1, N)).

main() ->
    ok = logger:add_handler(ev, ?MODULE, #{config => #{to => self()}}),
    [begin
         P = spawn(?MODULE, crash, [How]),
         wait(P),
         show(P)
     end || How <- [error, badarith, throw]],
    %% an exit is not reported: the next event is the next crash's
    Exit = spawn(?MODULE, crash, [exit]),
    wait(Exit),
    Next = spawn(?MODULE, crash, [error]),
    wait(Next),
    show(Next),
    %% the primary level filters them (when the event is logged, which is
    %% after the process's end: given a second)
    ok = logger:set_primary_config(level, critical),
    wait(spawn(?MODULE, crash, [error])),
    receive {event, _, _, _} = Filtered -> io:format("not filtered ~p~n", [Filtered])
    after 1000 -> ok
    end,
    ok = logger:set_primary_config(level, notice),
    Last = spawn(?MODULE, crash, [badarith]),
    wait(Last),
    show(Last),
    Heap = spawn_opt(?MODULE, grow, [100000], [{max_heap_size, #{size => 1000, kill => true}}]),
    wait(Heap),
    receive
        {event, Level, {Format, [Heap, 1000, _Total, true, true, _Len, Info]}, Meta} ->
            io:format("~p ~p~n~s~p ~p~n", [Level, Meta =:= #{error_logger => #{emulator => true, tag => error},
                                                             pid => Heap},
                                            Format, length(Info), is_list(Info)])
    after 5000 ->
        io:format("no max_heap_size report~n")
    end,
    receive Other -> io:format("unexpected ~p~n", [Other])
    after 200 -> ok
    end,
    logger:remove_handler(ev).

wait(P) ->
    M = erlang:monitor(process, P),
    receive {'DOWN', M, _, _, _} -> ok end.

%% The event of P's crash: its level, format, the reason, the first frame
%% of its stack, and its metadata.
show(P) ->
    receive
        {event, Level, {Format, [P, {Reason, [{M, F, A, _} | _]}]}, Meta} ->
            io:format("~p ~p~n~p ~p~n~p~n", [Level, Format, Reason, {M, F, A},
                                            Meta =:= #{error_logger => #{emulator => true, tag => error},
                                                       pid => P}]);
        {event, _, _, _} = Other ->
            io:format("another event ~p~n", [Other])
    after 5000 ->
        io:format("no report for ~p~n", [P])
    end.
