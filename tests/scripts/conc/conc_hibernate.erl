-module(conc_hibernate).
-export([main/0, woke/2, deep/1, sleeper/0]).

%% erlang:hibernate/3: the stack goes, the heap shrinks, the process waits
%% for a message without receiving it and then runs M:F(A...) on an empty
%% stack; process_info's current_function, current_location and
%% current_stacktrace. (A process waiting in receive is shown at the
%% receive's line; OTP shows the line of the last instruction before it
%% that carries one, often the function's head, so the line of such a
%% first frame is left out here.)

show([]) -> [];
show([{M, F, A, Loc} | T]) ->
    Line = proplists:get_value(line, Loc, none),
    [lists:flatten(io_lib:format("~p:~p/~p line ~p", [M, F, A, Line])) | show(T)].

%% A waiting process's stack: its first frame without the line.
waiting([{M, F, A, _} | T]) -> [lists:flatten(io_lib:format("~p:~p/~p", [M, F, A])) | show(T)];
waiting([]) -> [].

woke(Tag, Parent) ->
    Stack = show(element(2, process_info(self(), current_stacktrace))),
    Msg = receive M -> M end,
    Parent ! {woke, Tag, Msg, Stack}.

deep(0) ->
    receive
        {hibernate, Parent} ->
            Junk = lists:seq(1, 20000),
            erlang:hibernate(?MODULE, woke, [length(Junk), Parent])
    end;
deep(N) ->
    R = deep(N - 1),
    {R, N}.

sleeper() ->
    receive {stack, To} -> To ! {stack, show(element(2, process_info(self(), current_stacktrace)))} end,
    sleeper().

main() ->
    Me = self(),
    P = spawn(?MODULE, deep, [5]),
    timer:sleep(10),
    {_, Before} = process_info(P, current_stacktrace),
    io:format("before: ~p~n", [waiting(Before)]),
    P ! {hibernate, Me},
    timer:sleep(20),
    io:format("hibernating: ~p ~p ~p~n",
              [process_info(P, status), process_info(P, current_function), show(element(2, process_info(P, current_stacktrace)))]),
    {total_heap_size, H} = process_info(P, total_heap_size),
    io:format("heap shrunk: ~p~n", [H < 2000]),
    P ! wake_up,
    receive {woke, Tag, Msg, Stack} -> io:format("woke: ~p ~p ~p~n", [Tag, Msg, Stack]) end,

    %% a message already there: no sleep at all
    Q = spawn(fun() -> self() ! early, erlang:hibernate(?MODULE, woke, [early, Me]) end),
    receive {woke, T2, M2, _} -> io:format("early: ~p ~p ~p~n", [T2, M2, is_pid(Q)]) end,

    %% the stack as seen by the process itself and by another
    S = spawn(?MODULE, sleeper, []),
    S ! {stack, self()},
    receive {stack, St} -> io:format("own: ~p~n", [St]) end,
    io:format("other: ~p~n", [waiting(element(2, process_info(S, current_stacktrace)))]),
    io:format("self: ~p~n", [hd(show(element(2, process_info(self(), current_stacktrace))))]),
    {current_location, {Mod, Fun, Ar, _}} = process_info(S, current_location),
    io:format("location: ~p~n", [{Mod, Fun, Ar}]),
    io:format("hibernating location: ~p~n", [process_info(spawn(fun() -> erlang:hibernate(?MODULE, woke, [x, Me]) end), current_location) =/= x]),
    io:format("items: ~p~n", [[K || {K, _} <- process_info(S, [current_function, current_stacktrace, current_location])]]),
    exit(S, kill),

    %% backtrace_depth bounds it
    Old = erlang:system_flag(backtrace_depth, 2),
    R = spawn(?MODULE, deep, [5]),
    timer:sleep(10),
    io:format("depth 2: ~p~n", [length(element(2, process_info(R, current_stacktrace)))]),
    erlang:system_flag(backtrace_depth, Old),
    exit(R, kill),

    %% bad arguments, and a process that hibernates into a function that
    %% does not exist
    io:format("~p~n", [try erlang:hibernate(1, f, []) catch C:E -> {C, E} end]),
    io:format("~p~n", [try erlang:hibernate(m, f, [a | b]) catch C2:E2 -> {C2, E2} end]),
    {U, UM} = spawn_monitor(fun() -> erlang:hibernate(no_such_module, f, [x]) end),
    U ! go,
    receive {'DOWN', UM, _, _, {undef, [{no_such_module, f, [x], _} | _]}} -> io:format("undef~n") end,
    ok.
