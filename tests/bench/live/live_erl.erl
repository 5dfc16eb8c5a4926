%% live_erl: the erl side of tests/bench/live.sh, compiled with erlc and
%% run as `erl -noshell -run live_erl main N REGEX OUT`. What an erl user
%% does to watch a traced loop through a regex: dbg:tracer(process,
%% {Fun, State}) whose handler formats each message as dbg's default
%% handler does (dbg:dhandler/2's text: "(Pid) call M:F(Args)\n"), matches
%% it with the precompiled regex (re, [unicode, multiline], as dbgsh's
%% filters) and writes the lines that match to OUT. Prints
%%   result events N shown S loop_us L total_us T
%% where total_us runs from the start of the loop until the handler has
%% handled the N-th event and closed OUT.
-module(live_erl).
-export([main/1]).

main([NS, RE, Out]) ->
    N = list_to_integer(NS),
    {module, live_bench} = code:ensure_loaded(live_bench),
    {ok, MP} = re:compile(RE, [unicode, multiline]),
    Self = self(),
    %% a raw file belongs to the process that opens it: the handler's
    {ok, _} = dbg:tracer(process, {fun handle/2, {MP, {path, Out}, 0, 0, N, Self}}),
    Loop = spawn(fun() ->
                         receive go -> ok end,
                         T0 = erlang:monotonic_time(microsecond),
                         ok = live_bench:loop(N),
                         T1 = erlang:monotonic_time(microsecond),
                         Self ! {loop, T0, T1}
                 end),
    {ok, _} = dbg:tp(live_bench, f, 1, []),
    {ok, _} = dbg:p(Loop, c),
    Loop ! go,
    {T0, T1} = receive {loop, A, B} -> {A, B} end,
    {T2, Seen, Shown} = receive {done, C, D, E} -> {C, D, E} end,
    dbg:stop_clear(),
    io:format("result events ~p shown ~p loop_us ~p total_us ~p~n",
              [Seen, Shown, T1 - T0, T2 - T0]),
    halt().

%% dbg:dhandler/2's text for the events this loop makes (a call without
%% a match-spec message), and its fallback.
format({trace, From, call, MFA}) ->
    io_lib:format("(~p) call ~s~n", [From, ffunc(MFA)]);
format(Other) ->
    io_lib:format("~p~n", [Other]).

ffunc({M, F, Args}) when is_list(Args) ->
    io_lib:format("~p:~p(~s)", [M, F, fargs(Args)]);
ffunc({M, F, Arity}) ->
    io_lib:format("~p:~p/~p", [M, F, Arity]).

fargs([]) -> [];
fargs([A]) -> io_lib:format("~p", [A]);
fargs([A | As]) -> [io_lib:format("~p,", [A]) | fargs(As)].

handle(Msg, {MP, {path, Out}, Seen, Shown, N, Notify}) ->
    {ok, Fd} = file:open(Out, [write, raw, delayed_write]),
    handle(Msg, {MP, Fd, Seen, Shown, N, Notify});
handle(Msg, {MP, Fd, Seen0, Shown0, N, Notify}) ->
    Line = format(Msg),
    Shown = case re:run(Line, MP, [{capture, none}]) of
                match -> ok = file:write(Fd, Line), Shown0 + 1;
                nomatch -> Shown0
            end,
    Seen = Seen0 + 1,
    if Seen =:= N ->
           ok = file:close(Fd),
           Notify ! {done, erlang:monotonic_time(microsecond), Seen, Shown};
       true -> ok
    end,
    {MP, Fd, Seen, Shown, N, Notify}.
