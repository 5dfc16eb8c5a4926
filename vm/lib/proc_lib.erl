%% proc_lib: OTP 25's proc_lib for the dbgsh VM: processes that record their
%% parent ('$ancestors') and first function ('$initial_call') in the process
%% dictionary, synchronous starts (start, start_link, start_monitor with
%% init_ack), stop through sys, and a crash report on standard error for a
%% process that ends abnormally (OTP sends it to logger).
-module(proc_lib).

-export([hibernate/3, init_ack/1, init_ack/2, init_p/3, init_p/5, initial_call/1,
         spawn/1, spawn/2, spawn/3, spawn/4, spawn_link/1, spawn_link/2, spawn_link/3,
         spawn_link/4, spawn_opt/2, spawn_opt/3, spawn_opt/4, spawn_opt/5, start/3,
         start/4, start/5, start_link/3, start_link/4, start_link/5, start_monitor/3,
         start_monitor/4, start_monitor/5, stop/1, stop/3, translate_initial_call/1,
         wake_up/3]).

%% ---------------------------------------------------------------------
%% Spawning: every process starts in init_p/3,5 with its parent's name and
%% ancestors.

spawn(F) when is_function(F) ->
    erlang:spawn(proc_lib, init_p, [my_name(), ancestors(), F]).

spawn(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:spawn(proc_lib, init_p, [my_name(), ancestors(), M, F, A]).

spawn(Node, F) when is_function(F) ->
    erlang:spawn(Node, proc_lib, init_p, [my_name(), ancestors(), F]).

spawn(Node, M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:spawn(Node, proc_lib, init_p, [my_name(), ancestors(), M, F, A]).

spawn_link(F) when is_function(F) ->
    erlang:spawn_link(proc_lib, init_p, [my_name(), ancestors(), F]).

spawn_link(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:spawn_link(proc_lib, init_p, [my_name(), ancestors(), M, F, A]).

spawn_link(Node, F) when is_function(F) ->
    erlang:spawn_link(Node, proc_lib, init_p, [my_name(), ancestors(), F]).

spawn_link(Node, M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:spawn_link(Node, proc_lib, init_p, [my_name(), ancestors(), M, F, A]).

spawn_opt(F, Opts) when is_function(F) ->
    erlang:spawn_opt(proc_lib, init_p, [my_name(), ancestors(), F], Opts).

spawn_opt(Node, F, Opts) when is_function(F) ->
    erlang:spawn_opt(Node, proc_lib, init_p, [my_name(), ancestors(), F], Opts).

spawn_opt(M, F, A, Opts) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:spawn_opt(proc_lib, init_p, [my_name(), ancestors(), M, F, A], Opts).

spawn_opt(Node, M, F, A, Opts) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:spawn_opt(Node, proc_lib, init_p, [my_name(), ancestors(), M, F, A], Opts).

%% The first function of every proc_lib process.
init_p(Parent, Ancestors, Fun) when is_function(Fun) ->
    put('$ancestors', [Parent | Ancestors]),
    put('$initial_call', erlang:fun_info_mfa(Fun)),
    try Fun()
    catch Class:Reason:Stack -> exit_p(Class, Reason, Stack)
    end.

init_p(Parent, Ancestors, M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    put('$ancestors', [Parent | Ancestors]),
    put('$initial_call', initial_mfa(M, F, A)),
    try apply(M, F, A)
    catch Class:Reason:Stack -> exit_p(Class, Reason, Stack)
    end.

%% Hibernates: wakes at the next message in wake_up/3, which catches
%% what M:F(A) raises as init_p does (the stack with its try is gone).
hibernate(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    erlang:hibernate(?MODULE, wake_up, [M, F, A]).

wake_up(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    try apply(M, F, A)
    catch Class:Reason:Stack -> exit_p(Class, Reason, Stack)
    end.

%% An exception nobody caught: report it, then end the process with OTP's
%% exit reason (always class exit, so the VM adds no report of its own).
exit_p(Class, Reason, Stack) ->
    Initial = case get('$initial_call') of
                  {M, F, A} when is_atom(M), is_atom(F), is_integer(A) -> {M, F, A};
                  _ -> none
              end,
    crash_report(Class, Reason, Initial, Stack),
    erlang:raise(exit, exit_reason(Class, Reason, Stack), Stack).

exit_reason(error, Reason, Stack) -> {Reason, Stack};
exit_reason(exit, Reason, _) -> Reason;
exit_reason(throw, Reason, Stack) -> {{nocatch, Reason}, Stack}.

%% ---------------------------------------------------------------------
%% Synchronous starts: the new process calls init_ack/1,2 when it is ready.

start(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    start(M, F, A, infinity).

start(M, F, A, Timeout) when is_atom(M), is_atom(F), is_list(A) ->
    wait_ack_monitor(erlang:spawn_monitor(proc_lib, init_p, [my_name(), ancestors(), M, F, A]),
                     Timeout).

start(M, F, A, Timeout, Opts) when is_atom(M), is_atom(F), is_list(A) ->
    monitor_opt(Opts) andalso erlang:error(badarg, [M, F, A, Timeout, Opts]),
    wait_ack_monitor(proc_lib:spawn_opt(M, F, A, [monitor | Opts]), Timeout).

start_link(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    start_link(M, F, A, infinity).

start_link(M, F, A, Timeout) when is_atom(M), is_atom(F), is_list(A) ->
    wait_ack_link(proc_lib:spawn_link(M, F, A), Timeout).

start_link(M, F, A, Timeout, Opts) when is_atom(M), is_atom(F), is_list(A) ->
    monitor_opt(Opts) andalso erlang:error(badarg, [M, F, A, Timeout, Opts]),
    wait_ack_link(proc_lib:spawn_opt(M, F, A, [link | Opts]), Timeout).

start_monitor(M, F, A) when is_atom(M), is_atom(F), is_list(A) ->
    start_monitor(M, F, A, infinity).

start_monitor(M, F, A, Timeout) when is_atom(M), is_atom(F), is_list(A) ->
    wait_ack_keep_monitor(
      erlang:spawn_monitor(proc_lib, init_p, [my_name(), ancestors(), M, F, A]), Timeout).

start_monitor(M, F, A, Timeout, Opts) when is_atom(M), is_atom(F), is_list(A) ->
    monitor_opt(Opts) andalso erlang:error(badarg, [M, F, A, Timeout, Opts]),
    wait_ack_keep_monitor(proc_lib:spawn_opt(M, F, A, [monitor | Opts]), Timeout).

%% The monitor is proc_lib's own: a monitor option in Opts is badarg.
monitor_opt(Opts) ->
    lists:member(monitor, Opts) orelse lists:keymember(monitor, 1, Opts).

wait_ack_monitor({Pid, Ref}, Timeout) ->
    receive
        {ack, Pid, Return} ->
            erlang:demonitor(Ref, [flush]),
            Return;
        {'DOWN', Ref, process, Pid, Reason} ->
            {error, Reason}
    after Timeout ->
            erlang:demonitor(Ref, [flush]),
            kill_flush(Pid),
            {error, timeout}
    end.

wait_ack_link(Pid, Timeout) ->
    receive
        {ack, Pid, Return} ->
            Return;
        {'EXIT', Pid, Reason} ->
            {error, Reason}
    after Timeout ->
            kill_flush(Pid),
            {error, timeout}
    end.

%% The DOWN message stays in the queue for the caller, as in OTP.
wait_ack_keep_monitor({Pid, Ref}, Timeout) ->
    receive
        {ack, Pid, Return} ->
            {Return, Ref};
        {'DOWN', Ref, process, Pid, Reason} = Down ->
            self() ! Down,
            {{error, Reason}, Ref}
    after Timeout ->
            kill_flush(Pid),
            {{error, timeout}, Ref}
    end.

kill_flush(Pid) ->
    unlink(Pid),
    exit(Pid, kill),
    receive {'EXIT', Pid, _} -> ok after 0 -> ok end,
    ok.

init_ack(Parent, Return) ->
    Parent ! {ack, self(), Return},
    ok.

init_ack(Return) ->
    [Parent | _] = get('$ancestors'),
    init_ack(Parent, Return).

%% ---------------------------------------------------------------------
%% stop: through the system message protocol (sys:terminate), then waits
%% for the process to be gone.

stop(Process) ->
    stop(Process, normal, infinity).

stop(Process, Reason, Timeout) ->
    Mref = erlang:monitor(process, Process),
    T0 = erlang:monotonic_time(millisecond),
    Left = try sys:terminate(Process, Reason, Timeout) of
               ok when Timeout =:= infinity -> infinity;
               ok -> max(0, Timeout - (erlang:monotonic_time(millisecond) - T0))
           catch
               exit:{noproc, {sys, terminate, _}} ->
                   erlang:demonitor(Mref, [flush]),
                   exit(noproc);
               exit:{timeout, {sys, terminate, _}} ->
                   erlang:demonitor(Mref, [flush]),
                   exit(timeout);
               exit:Other ->
                   erlang:demonitor(Mref, [flush]),
                   exit(Other)
           end,
    receive
        {'DOWN', Mref, _, _, Reason} -> ok;
        {'DOWN', Mref, _, _, Reason2} -> exit(Reason2)
    after Left ->
            erlang:demonitor(Mref, [flush]),
            exit(timeout)
    end.

%% ---------------------------------------------------------------------
%% Initial calls

initial_call(DictOrPid) ->
    case raw_initial_call(DictOrPid) of
        {M, F, A} -> {M, F, dummy_args(A)};
        false -> false
    end.

translate_initial_call(DictOrPid) ->
    case raw_initial_call(DictOrPid) of
        {_, _, _} = MFA -> MFA;
        false -> {proc_lib, init_p, 5}
    end.

raw_initial_call({X, Y, Z}) when is_integer(X), is_integer(Y), is_integer(Z) ->
    raw_initial_call(list_to_pid(lists:flatten(io_lib:format("<~w.~w.~w>", [X, Y, Z]))));
raw_initial_call(Pid) when is_pid(Pid) ->
    case process_info(Pid, dictionary) of
        {dictionary, Dict} -> dict_initial_call(Dict);
        _ -> false
    end;
raw_initial_call(Info) when is_list(Info) ->
    case lists:keyfind(dictionary, 1, Info) of
        {dictionary, Dict} -> dict_initial_call(Dict);
        _ -> false
    end.

dict_initial_call(Dict) ->
    case lists:keyfind('$initial_call', 1, Dict) of
        {_, {_, _, _} = MFA} -> MFA;
        _ -> false
    end.

%% ['Argument__1', ..., 'Argument__N']
dummy_args(N) ->
    [list_to_atom("Argument__" ++ integer_to_list(I)) || I <- lists:seq(1, N)].

%% What '$initial_call' says for a gen process: the callback module's init/1
%% (supervisors and supervisor bridges as OTP names them).
initial_mfa(gen, init_it, [gen_server, _, _, supervisor, {_, Module, _}, _]) ->
    {supervisor, Module, 1};
initial_mfa(gen, init_it, [gen_server, _, _, _, supervisor, {_, Module, _}, _]) ->
    {supervisor, Module, 1};
initial_mfa(gen, init_it, [gen_server, _, _, supervisor_bridge, [Module | _], _]) ->
    {supervisor_bridge, Module, 1};
initial_mfa(gen, init_it, [gen_server, _, _, _, supervisor_bridge, [Module | _], _]) ->
    {supervisor_bridge, Module, 1};
initial_mfa(gen, init_it, [gen_event | _]) ->
    {gen_event, init_it, 6};
initial_mfa(gen, init_it, [_, _, _, Module, _, _]) when is_atom(Module) ->
    {Module, init, 1};
initial_mfa(gen, init_it, [_, _, _, _, Module | _]) when is_atom(Module) ->
    {Module, init, 1};
initial_mfa(M, F, A) ->
    {M, F, length(A)}.

%% ---------------------------------------------------------------------
%% The caller's identity as its children record it

my_name() ->
    case process_info(self(), registered_name) of
        {registered_name, Name} -> Name;
        _ -> self()
    end.

ancestors() ->
    case get('$ancestors') of
        A when is_list(A) -> A;
        _ -> []
    end.

%% ---------------------------------------------------------------------
%% The crash report: OTP's CRASH REPORT fields (without its neighbours'
%% details or a time stamp), written to standard error in one piece.

crash_report(exit, normal, _, _) -> ok;
crash_report(exit, shutdown, _, _) -> ok;
crash_report(exit, {shutdown, _}, _, _) -> ok;
crash_report(Class, Reason, Initial, Stack) ->
    Info = [info(K) || K <- [message_queue_len, messages, links, dictionary, trap_exit,
                             status, heap_size, stack_size, reductions]],
    {dictionary, Dict0} = lists:keyfind(dictionary, 1, Info),
    Dict = [KV || {K, _} = KV <- Dict0, K =/= '$ancestors', K =/= '$initial_call'],
    {registered_name, RegName} = info(registered_name),
    Fields = [{"pid", self()}, {"registered_name", RegName}],
    Text = [io_lib:format("=CRASH REPORT====~n  crasher:~n", []),
            case Initial of
                {M, F, A} -> io_lib:format("    initial call: ~w:~w/~w~n", [M, F, A]);
                none -> []
            end,
            [io_lib:format("    ~s: ~p~n", [K, V]) || {K, V} <- Fields],
            exception_text(Class, Reason, Stack),
            io_lib:format("    ancestors: ~p~n", [ancestors()]),
            [io_lib:format("    ~w: ~p~n", [K, case K of dictionary -> Dict; _ -> V end])
             || {K, V} <- Info],
            io_lib:format("  neighbours:~n~n", [])],
    io:put_chars(standard_error, Text).

info(Key) ->
    case process_info(self(), Key) of
        {Key, V} -> {Key, V};
        [] -> {Key, []};
        _ -> {Key, undefined}
    end.

%% "exception Class: ..." as erl_error words it, each line indented by 4;
%% the stack's last frames in proc_lib or erl_eval left out, as OTP's
%% report leaves them.
exception_text(Class, Reason, Stack0) ->
    Stack = lists:reverse(lists:dropwhile(fun({M, _, _, _}) -> M =:= ?MODULE orelse M =:= erl_eval;
                                             (_) -> false
                                          end, lists:reverse(Stack0))),
    Text = binary_to_list(dbgsh_out:format_exception(Class, Reason, Stack)),
    Lines = string:split(strip_prefix(Text), "\n", all),
    [["    ", strip_indent(L), "\n"] || L <- Lines, L =/= ""].

strip_prefix("** " ++ T) -> T;
strip_prefix(T) -> T.

strip_indent("   " ++ T) -> T;
strip_indent(T) -> T.
