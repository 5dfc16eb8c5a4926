%% dbgsh_report: what the reports of proc_lib, gen_server, gen_statem,
%% gen_event, supervisor and application_controller share: logging one as
%% OTP's ?LOG_* macros do, the frame of the report callbacks
%% format_log/1,2, and the client part of gen_server's and gen_statem's
%% (OTP's modules each carry a copy of these). Each module keeps its own
%% texts and its own cuts. And the emulator's own reports (emulator/4).
-module(dbgsh_report).
-export([emulator/4]).
-export([log/5, supervisor_log/7, format_log/4, format_log/3, limit_fields/2, supervisor_multi/2,
         directive/1, with_depth/2,
         client_info/1, limit_client/2, client_single/2, client_multi/2]).

%% An event of the emulator (vm/report.c: a process ended by an uncaught
%% error, one over its max_heap_size), in a process the VM spawns for it:
%% logged as OTP's logger process logs those its emulator sends it, the
%% metadata naming the process the event is about. When logger cannot
%% take it, the text goes to standard error as it is, so that no crash
%% goes unreported (OTP's emulator writes it there when it finds no
%% logger).
emulator(Level, Format, Args, Meta) ->
    try
        logger:log(Level, Format, Args, Meta)
    catch
        _:_ ->
            catch io:put_chars(standard_error, ["=ERROR REPORT==== ", io_lib:format(Format, Args)])
    end.

%% A report, or {Format, Args}, logged at Level with Meta when the level of
%% Module (the module the macro would be in) allows it.
log(Module, Level, Location, Msg, Meta) ->
    case logger:allow(Level, Module) of
        true ->
            case Msg of
                {Format, Args} when is_list(Format) ->
                    logger:macro_log(Location, Level, Format, Args, Meta);
                Report ->
                    logger:macro_log(Location, Level, Report, Meta)
            end;
        false ->
            ok
    end.

%% A report of supervisor's or supervisor_bridge's (Module): OTP's
%% metadata, Module's report callbacks, the formatter's Title and
%% error_logger's Tag and Type.
supervisor_log(Module, Location, Level, Report, Title, Tag, Type) ->
    log(Module, Level, Location, Report,
        #{domain => [otp, sasl], report_cb => fun Module:format_log/2,
          logger_formatter => #{title => Title},
          error_logger => #{tag => Tag, type => Type, report_cb => fun Module:format_log/1}}).

%% format_log/2: the text of the report under logger's formatter options
%% (those missing take logger's defaults), from Single's {Format, Args}
%% on one line, Multi's on several; io_lib cuts it at chars_limit.
format_log(Report, Options, Single, Multi) ->
    Opts = maps:merge(#{chars_limit => unlimited, depth => unlimited, single_line => false,
                        encoding => utf8}, Options),
    IoOpts = case Opts of
                 #{chars_limit := unlimited} -> [];
                 #{chars_limit := Limit} -> [{chars_limit, Limit}]
             end,
    {Format, Args} = case Opts of
                         #{single_line := true} -> Single(Report, Opts);
                         _ -> Multi(Report, Opts)
                     end,
    io_lib:format(Format, Args, IoOpts).

%% format_log/1, error_logger's report callback: Multi's {Format, Args} at
%% error_logger's format depth, the report's terms cut to it first by
%% Limit(Report, Depth).
format_log(Report, Limit, Multi) ->
    Depth = error_logger:get_format_depth(),
    Opts = #{chars_limit => unlimited, depth => Depth, single_line => false, encoding => utf8},
    case Depth of
        unlimited -> Multi(Report, Opts);
        _ -> Multi(Limit(Report, Depth), Opts)
    end.

%% The cut of a report that is a property list naming its subject first
%% (supervisor's, application_controller's): every other value cut.
limit_fields(#{report := [Subject | Fields]} = Report, Depth) ->
    Report#{report := [Subject | [{Key, io_lib:limit_term(Value, Depth)}
                                  || {Key, Value} <- Fields]]}.

%% The several-line text of supervisor's and supervisor_bridge's reports
%% (labels {supervisor, Context} and {supervisor, progress}): a field a
%% line, four spaces in.
supervisor_multi(#{label := {supervisor, progress},
                   report := [{supervisor, SupName}, {started, Child}]}, Opts) ->
    P = directive(Opts),
    {"    supervisor: " ++ P ++ "~n    started: " ++ P ++ "~n", with_depth([SupName, Child], Opts)};
supervisor_multi(#{label := {supervisor, _},
                   report := [{supervisor, SupName}, {errorContext, Context}, {reason, Reason},
                              {offender, Child}]}, Opts) ->
    P = directive(Opts),
    {lists:append(["    supervisor: ", P, "~n    errorContext: ", P, "~n    reason: ", P,
                   "~n    offender: ", P, "~n"]),
     with_depth([SupName, Context, Reason, Child], Opts)}.

%% The directive for a term under the options: ~p, or ~P with a depth
%% argument; ~0p on one line; ~tp unless latin1. A single_line that is
%% no boolean is a function_clause, as in OTP.
directive(#{single_line := Single, depth := Depth, encoding := Encoding}) ->
    lists:append(["~", one_line(Single), case Encoding of latin1 -> ""; _ -> "t" end,
                  case Depth of unlimited -> "p"; _ -> "P" end]).

one_line(true) -> "0";
one_line(false) -> "".

%% The arguments of directive/1's directives: each term followed by the
%% depth when there is one (options or the depth itself).
with_depth(Args, #{depth := Depth}) -> with_depth(Args, Depth);
with_depth(Args, unlimited) -> Args;
with_depth(Args, Depth) -> lists:append([[A, Depth] || A <- Args]).

%% The client a server or state machine was answering when it ended, as
%% gen_server's and gen_statem's reports carry it: {Pid, dead}, {Pid,
%% remote}, or {Pid, {Name, Stack}} with its registered name (else its pid)
%% and where it waits.
client_info(Pid) when node(Pid) =:= node() ->
    case process_info(Pid, [current_stacktrace, registered_name]) of
        undefined -> {Pid, dead};
        [{current_stacktrace, Stack}, {registered_name, []}] -> {Pid, {Pid, Stack}};
        [{current_stacktrace, Stack}, {registered_name, Name}] -> {Pid, {Name, Stack}}
    end;
client_info(Pid) ->
    {Pid, remote}.

%% The client's stack cut to Depth (format_log/1).
limit_client({Pid, {Name, Stack}}, Depth) -> {Pid, {Name, io_lib:limit_term(Stack, Depth)}};
limit_client(Client, _) -> Client.

%% The client's part of the text, on one line (the stack's first four
%% frames: enough to point at the call) and on several.
client_single(undefined, _) ->
    {"", []};
client_single({Pid, dead}, _) ->
    {" Client ~0p is dead.", [Pid]};
client_single({Pid, remote}, _) ->
    {" Client ~0p is remote on node ~0p.", [Pid, node(Pid)]};
client_single({_, {Name, Stack}}, Opts) ->
    P = directive(Opts),
    {" Client " ++ P ++ " stacktrace: " ++ P ++ ".",
     with_depth([Name, lists:sublist(Stack, 4)], Opts)}.

client_multi(undefined, _) ->
    {"", []};
client_multi({Pid, dead}, _) ->
    {"** Client ~p is dead~n", [Pid]};
client_multi({Pid, remote}, _) ->
    {"** Client ~p is remote on node ~p~n", [Pid, node(Pid)]};
client_multi({_, {Name, Stack}}, Opts) ->
    P = directive(Opts),
    {"** Client " ++ P ++ " stacktrace~n** " ++ P ++ "~n", with_depth([Name, Stack], Opts)}.
