%% proc_lib: OTP 25's proc_lib for the dbgsh VM: processes that record their
%% parent ('$ancestors') and first function ('$initial_call') in the process
%% dictionary, synchronous starts (start, start_link, start_monitor with
%% init_ack), stop through sys, and a crash report for a process that ends
%% abnormally, a logger event as in OTP.
-module(proc_lib).

-export([format/1, format/2, format/3, hibernate/3, init_ack/1, init_ack/2, init_p/3, init_p/5,
         initial_call/1, report_cb/2, spawn/1, spawn/2, spawn/3, spawn/4, spawn_link/1,
         spawn_link/2, spawn_link/3, spawn_link/4, spawn_opt/2, spawn_opt/3, spawn_opt/4,
         spawn_opt/5, start/3, start/4, start/5, start_link/3, start_link/4, start_link/5,
         start_monitor/3, start_monitor/4, start_monitor/5, stop/1, stop/3,
         translate_initial_call/1, wake_up/3]).

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
%% The crash report: a logger event as OTP's (label {proc_lib, crash},
%% report [the crasher's fields, its neighbours], domain [otp, sasl],
%% report_cb report_cb/2, title "CRASH REPORT").

crash_report(exit, normal, _, _) -> ok;
crash_report(exit, shutdown, _, _) -> ok;
crash_report(exit, {shutdown, _}, _, _) -> ok;
crash_report(Class, Reason, Initial, Stack) ->
    dbgsh_report:log(?MODULE, error, #{mfa => {?MODULE, crash_report, 4}, line => ?LINE,
                                       file => ?FILE},
                     #{label => {proc_lib, crash},
                       report => [crasher_info(Class, Reason, Initial, Stack), neighbours()]},
                     #{domain => [otp, sasl], report_cb => fun proc_lib:report_cb/2,
                       logger_formatter => #{title => "CRASH REPORT"},
                       error_logger => #{tag => error_report, type => crash_report}}).

crasher_info(Class, Reason, Initial, Stack) ->
    Dict = case process_info(self(), dictionary) of
               {dictionary, D} ->
                   [KV || {K, _} = KV <- D, K =/= '$ancestors', K =/= '$initial_call'];
               _ -> []
           end,
    [{initial_call, {M, F, dummy_args(A)}} || {M, F, A} <- [Initial]]
        ++ [{pid, self()}, info(registered_name), {error_info, {Class, Reason, Stack}},
            {ancestors, ancestors()}, info(message_queue_len),
            {messages, error_logger:limit_term(messages())}, info(links),
            {dictionary, error_logger:limit_term(Dict)}
            | [info(K) || K <- [trap_exit, status, heap_size, stack_size, reductions]]].

%% The neighbours, as OTP finds them: the processes linked to this one
%% that do not trap exits, then theirs, at most 15, each with its fields
%% (not its messages or dictionary); one that ends meanwhile is left out.
neighbours() ->
    [{neighbour, Fields} || P <- neighbour_pids(), Fields <- [neighbour_fields(P)],
                            not lists:member(undefined, Fields)].

%% OTP's walk and its order: a process's not yet seen links after those of
%% the processes before it in the list, the latest seen first.
neighbour_pids() ->
    {_, Seen} = visit(untrapping_links(self()), {15, [self()]}),
    lists:delete(self(), Seen).

visit([P | Ps], {N, Seen}) when N > 0 ->
    case lists:member(P, Seen) of
        true -> visit(Ps, {N, Seen});
        false -> visit(untrapping_links(P), visit(Ps, {N - 1, [P | Seen]}))
    end;
visit(_, Acc) ->
    Acc.

untrapping_links(P) ->
    case process_info(P, links) of
        {links, Links} -> [L || L <- Links, is_pid(L), process_info(L, trap_exit) =:= {trap_exit, false}];
        _ -> []
    end.

neighbour_fields(P) ->
    Dict = case process_info(P, dictionary) of
               {dictionary, D} -> D;
               _ -> []
           end,
    Initial = case lists:keyfind('$initial_call', 1, Dict) of
                  {_, {M, F, A}} -> {initial_call, {M, F, dummy_args(A)}};
                  _ -> info(P, initial_call)
              end,
    Ancestors = case lists:keyfind('$ancestors', 1, Dict) of
                    {_, As} -> As;
                    false -> []
                end,
    [{pid, P}, info(P, registered_name), Initial, info(P, current_function),
     {ancestors, Ancestors}
     | [info(P, K) || K <- [message_queue_len, links, trap_exit, status, heap_size, stack_size,
                            reductions, current_stacktrace]]].

%% The messages the report shows: with a format depth, only that many
%% are taken (the process is about to end).
messages() ->
    case error_logger:get_format_depth() of
        unlimited ->
            {messages, Ms} = process_info(self(), messages),
            Ms;
        Depth ->
            take_messages(Depth)
    end.

take_messages(0) -> [];
take_messages(N) ->
    receive M -> [M | take_messages(N - 1)]
    after 0 -> []
    end.

info(Key) ->
    info(self(), Key).

%% {Key, Value} of P's process_info, undefined when P has ended.
info(P, Key) ->
    case process_info(P, Key) of
        {Key, V} -> {Key, V};
        [] when Key =:= registered_name -> {Key, []};
        _ -> undefined
    end.

%% ---------------------------------------------------------------------
%% The crash report's text

report_cb(#{label := {proc_lib, crash}, report := Report}, Opts) ->
    format_crash(Report, maps:merge(#{chars_limit => unlimited, depth => unlimited,
                                      single_line => false, encoding => utf8}, Opts)).

format(Report) ->
    format(Report, latin1).

format(Report, Encoding) ->
    format(Report, Encoding, unlimited).

format(Report, Encoding, Depth) ->
    format_crash(Report, #{chars_limit => unlimited, depth => Depth, encoding => Encoding,
                           single_line => false}).

%% "  crasher:" and its fields, "  neighbours:" and theirs, or all on one
%% line. Under a chars_limit, the fixed text is taken from it first, a
%% third of the rest goes to the exception and each field shares the
%% other two thirds.
format_crash([Own, Links],
             #{encoding := Enc, single_line := Single, chars_limit := Limit0} = Opts) ->
    Indent = case Single of true -> ""; false -> "  " end,
    Nl = nl(Single, " "),
    Sep = nl(Single, "; "),
    {PartLimit, Limit} =
        case Limit0 of
            unlimited ->
                {unlimited, unlimited};
            _ when is_integer(Limit0) ->
                N = length(Own),
                Fixed = length(Indent) + length("crasher") + length(Nl) + length(Sep) * (N + 1),
                L1 = max(Limit0 - Fixed, 1),
                {(L1 - L1 div 3) div N, L1}
        end,
    LinkText = format_links(Links, Indent, Opts, PartLimit),
    OwnText = format_own(Own, Indent, Opts, text_size(Enc, LinkText), PartLimit, Limit),
    io_lib:format("~scrasher:" ++ Nl ++ "~ts" ++ Sep ++ "~ts", [Indent, OwnText, LinkText]).

format_own(Own, Indent, #{encoding := Enc, single_line := Single} = Opts, LinkSize, PartLimit,
           Limit0) ->
    Indent2 = Indent ++ Indent,
    case split_error_info(Own) of
        {Before, {Class, Reason, Stack}, After} ->
            B = format_fields(Before, Indent2, Opts, PartLimit),
            A = format_fields(After, Indent2, Opts, PartLimit),
            Sep = nl(Single, ", "),
            Limit = case Limit0 of
                        unlimited ->
                            unlimited;
                        _ ->
                            Other = text_size(Enc, B) + text_size(Enc, A)
                                - length(Sep) * (length(B) + length(A)) + LinkSize,
                            max(Limit0 - Other, 1)
                    end,
            lists:join(Sep, [B, format_exception(Class, Reason, Stack, Opts, Limit), A]);
        no ->
            Limit = case Limit0 of
                        unlimited -> unlimited;
                        _ -> max(Limit0 - LinkSize, 1)
                    end,
            format_fields(Own, Indent2, Opts, Limit)
    end.

split_error_info(Report) ->
    try lists:splitwith(fun(F) -> element(1, F) =/= error_info end, Report) of
        {Before, [{error_info, Info} | After]} -> {Before, Info, After};
        _ -> no
    catch _:_ -> no
    end.

%% The neighbours: only their pids under a chars_limit.
format_links(Links, Indent, #{encoding := Enc, depth := Depth, single_line := Single}, PartLimit)
  when is_integer(PartLimit) ->
    {P, Tail} = p(Enc, Depth),
    Width = case Single of true -> "0"; false -> "" end,
    io_lib:format(Indent ++ "neighbours: ~" ++ Width ++ P,
                  [[Pid || {neighbour, [{pid, Pid} | _]} <- Links] | Tail],
                  [{chars_limit, PartLimit}]);
format_links(Links, Indent, #{single_line := Single} = Opts, PartLimit) ->
    [Indent, "neighbours:", nl(Single, " "),
     lists:join(nl(Single, "; "), format_neighbours(Links, Indent ++ Indent, Opts, PartLimit))].

format_neighbours([Link | Links], Indent0, #{single_line := Single} = Opts, PartLimit) ->
    Fields = case Link of
                 {neighbour, F} -> F;
                 _ -> Link
             end,
    Indent = case Single of true -> ""; false -> Indent0 end,
    [[Indent, "neighbour:", nl(Single, " "), format_fields(Fields, ["  ", Indent], Opts, PartLimit)]
     | format_neighbours(Links, Indent, Opts, PartLimit)];
format_neighbours(Fields, Indent, Opts, PartLimit) ->
    format_fields(Fields, Indent, Opts, PartLimit).

format_fields(Fields, Indent, #{single_line := Single} = Opts, Limit) when is_list(Fields) ->
    lists:join(nl(Single, ", "), format_each(Fields, Indent, Opts, Limit));
format_fields(Term, Indent0, #{encoding := Enc, depth := Depth, single_line := Single}, Limit) ->
    {P, Tail} = p(Enc, Depth),
    {Indent, Width} = case Single of true -> {"", "0"}; false -> {Indent0, ""} end,
    io_lib:format("~s~" ++ Width ++ P, [Indent, Term | Tail], limit_opt(Limit)).

format_each([{initial_call, Initial} | Fields], Indent, Opts, Limit) ->
    [format_initial(Indent, Initial, Opts, Limit) | format_each(Fields, Indent, Opts, Limit)];
format_each([{Tag, Data} | Fields], Indent, Opts, Limit) ->
    [format_tag(Indent, Tag, Data, Opts, Limit) | format_each(Fields, Indent, Opts, Limit)];
format_each(_, _, _, _) ->
    [].

format_initial(Indent0, {M, F, Args} = Initial, #{encoding := Enc, single_line := Single} = Opts,
               Limit) ->
    Indent = case Single of true -> ""; false -> Indent0 end,
    try length(Args) of
        A -> [Indent, "initial call: ", atom_text(M, Enc), $:, atom_text(F, Enc), $/,
              integer_to_list(A)]
    catch
        error:_ -> format_tag(Indent, initial_call, Initial, Opts, Limit)
    end;
format_initial(Indent, Initial, Opts, Limit) ->
    format_tag(Indent, initial_call, Initial, Opts, Limit).

atom_text(A, latin1) -> io_lib:write_atom_as_latin1(A);
atom_text(A, _) -> io_lib:write_atom(A).

%% "Tag: Value", the value laid out from column 18 whatever the tag.
format_tag(Indent0, Tag, Data, #{encoding := Enc, depth := Depth, single_line := Single}, Limit) ->
    {P, Tail} = p(Enc, Depth),
    {Indent, Width} = case Single of true -> {"", "0"}; false -> {Indent0, ""} end,
    io_lib:format("~s~" ++ Width ++ "p: ~" ++ Width ++ ".18" ++ P, [Indent, Tag, Data | Tail],
                  limit_opt(Limit)).

%% "exception Class: ..." as erl_error words it, each line indented by 4
%% (its frames of proc_lib or erl_eval at the stack's end left out), or
%% "Class: {Reason, Stack}" on one line.
format_exception(Class, Reason, Stack, #{encoding := Enc, depth := Depth, single_line := true},
                 Limit) ->
    {P, Tail} = p(Enc, Depth),
    [atom_to_list(Class), ": ",
     io_lib:format("~0" ++ P, [{Reason, Stack} | Tail], limit_opt(Limit))];
format_exception(Class, Reason, Stack0, #{encoding := Enc, depth := Depth}, _Limit) ->
    Stack = lists:reverse(lists:dropwhile(fun({M, _, _, _}) -> M =:= ?MODULE orelse M =:= erl_eval;
                                             (_) -> false
                                          end, lists:reverse(Stack0))),
    Opts = #{depth => case Depth of unlimited -> -1; _ -> Depth end, encoding => Enc},
    Text = unicode:characters_to_list(dbgsh_out:format_exception(Class, Reason, Stack, Opts)),
    Lines = [L || L <- string:split(strip_prefix(Text), "\n", all), L =/= ""],
    ["    ", lists:join("\n    ", [strip_indent(L) || L <- Lines])].

strip_prefix("** " ++ T) -> T;
strip_prefix(T) -> T.

strip_indent("   " ++ T) -> T;
strip_indent(T) -> T.

p(Enc, Depth) ->
    Mod = case Enc of latin1 -> ""; _ -> "t" end,
    case Depth of
        unlimited -> {Mod ++ "p", []};
        _ -> {Mod ++ "P", [Depth]}
    end.

nl(true, Else) -> Else;
nl(false, _) -> "\n".

limit_opt(Limit) -> [{chars_limit, Limit} || is_integer(Limit)].

text_size(latin1, S) -> iolist_size(S);
text_size(_, S) -> string:length(S).
