%% error_logger_tty_h: OTP 25's report handler for error_logger's event
%% manager that writes the standard events (error, info_msg, warning_msg,
%% and the std_error, std_info and std_warning reports) to standard output
%% under the old "=ERROR REPORT==== 2-Jan-2024::03:04:05 ===" headers.
%% write_event/2,3 give error_logger_file_h the same text.
-module(error_logger_tty_h).
-behaviour(gen_event).

-export([init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2,
         code_change/3]).
-export([write_event/2, write_event/3]).

%% OTP's state, field for field: the user io server it links to, the
%% handler it took over from, io (write) or io_lib (return the text), the
%% format depth, and the modifier ("" or "t") of its ~p, ~s and ~w.
-record(st, {user, prev_handler, io_mod = io, depth = unlimited, modifier = ""}).

%% Taking over from a handler named error_logger that left the events it
%% kept (newest first); going back to the handler that took over from us;
%% added directly.
init({[], {error_logger, Buf}}) ->
    User = set_group_leader(),
    State = #st{user = User, prev_handler = error_logger,
                depth = error_logger:get_format_depth(), modifier = modifier()},
    write_events(State, Buf),
    {ok, State};
init({[], {error_logger_tty_h, PrevHandler}}) ->
    User = set_group_leader(),
    {ok, #st{user = User, prev_handler = PrevHandler}};
init([]) ->
    User = set_group_leader(),
    {ok, #st{user = User, prev_handler = [], depth = error_logger:get_format_depth(),
             modifier = modifier()}}.

handle_event({_Tag, GL, _Data}, State) when node(GL) =/= node() ->
    {ok, State};
handle_event(Event, State) ->
    ok = write(State, {erlang:universaltime(), Event}),
    {ok, State}.

handle_info({'EXIT', User, _Reason}, #st{user = User, prev_handler = PrevHandler} = State) ->
    case PrevHandler of
        [] -> remove_handler;
        _ -> {swap_handler, install_prev, State, PrevHandler, go_back}
    end;
handle_info(_Info, State) ->
    {ok, State}.

handle_call(_Query, State) ->
    {ok, {error, bad_query}, State}.

terminate(install_prev, _State) ->
    [];
terminate(_Reason, #st{prev_handler = PrevHandler}) ->
    {error_logger_tty_h, PrevHandler}.

code_change(_OldVsn, State, _Extra) ->
    {ok, State}.

%% The text of {UniversalTime, Event}, written (io) or returned (io_lib;
%% ok for an event that is not a standard one); write_event/3 with the
%% depth and the encoding of where it goes.
write_event(Event, IoMod) ->
    write(#st{io_mod = IoMod}, Event).

write_event(Event, IoMod, {Depth, Encoding}) ->
    write(#st{io_mod = IoMod, depth = Depth, modifier = modifier(Encoding)}, Event).

%% ---------------------------------------------------------------------

%% OTP writes through the user io server, and makes it this (the
%% manager's) process's group leader; dbgsh registers no user process
%% (standard output is written directly), so there is nothing to link.
set_group_leader() ->
    case whereis(user) of
        User when is_pid(User) ->
            link(User),
            group_leader(User, self()),
            User;
        _ ->
            false
    end.

%% In event order: the buffer holds the newest first.
write_events(State, Events) ->
    lists:foreach(fun(Event) -> write(State, Event) end, lists:reverse(Events)).

write(#st{modifier = M, io_mod = IoMod} = State, {Time, Event}) ->
    case parse_event(Event, M) of
        ignore ->
            ok;
        {Title, Pid, Body} ->
            Text = [header(Time, Title, M), at_node(Pid), format_body(State, Body)],
            case IoMod of
                io_lib -> Text;
                io -> io:put_chars(user, Text)
            end
    end;
write(_State, _Event) ->
    ok.

%% A line for an event of another node's process (none for emulator).
at_node(Pid) when node(Pid) =/= node() -> ["** at node ", atom_to_list(node(Pid)), " **\n"];
at_node(_) -> [].

%% The standard events: a title, the pid, and the body's formats.
parse_event({error, _GL, {Pid, Format, Args}}, _M) ->
    {"ERROR REPORT", Pid, [{Format, Args}]};
parse_event({info_msg, _GL, {Pid, Format, Args}}, _M) ->
    {"INFO REPORT", Pid, [{Format, Args}]};
parse_event({warning_msg, _GL, {Pid, Format, Args}}, _M) ->
    {"WARNING REPORT", Pid, [{Format, Args}]};
parse_event({error_report, _GL, {Pid, std_error, Report}}, M) ->
    {"ERROR REPORT", Pid, report_body(Report, M)};
parse_event({info_report, _GL, {Pid, std_info, Report}}, M) ->
    {"INFO REPORT", Pid, report_body(Report, M)};
parse_event({warning_report, _GL, {Pid, std_warning, Report}}, M) ->
    {"WARNING REPORT", Pid, report_body(Report, M)};
parse_event(_Event, _M) ->
    ignore.

%% A report that flattens to a string is that string; another list is one
%% line per item ("    Tag: Data" for a pair); anything else is one term.
report_body(Report, M) when is_list(Report) ->
    case is_string(lists:flatten(Report)) of
        true -> [{"~" ++ M ++ "s\n", [Report]}];
        false -> [report_line(Item, M) || Item <- Report]
    end;
report_body(Report, M) ->
    [{"~" ++ M ++ "p\n", [Report]}].

report_line({Tag, Data}, M) -> {"    ~" ++ M ++ "p: ~" ++ M ++ "p\n", [Tag, Data]};
report_line(Data, M) -> {"    ~" ++ M ++ "p\n", [Data]}.

is_string([]) -> false;
is_string(Chars) -> io_lib:printable_list(Chars).

%% Each format that does not fit its arguments shows them instead.
format_body(#st{modifier = M} = State, Formats) ->
    [try format(State, Format, Args)
     catch _:_ -> format(State, "ERROR: ~" ++ M ++ "p - ~" ++ M ++ "p\n", [Format, Args])
     end || {Format, Args} <- Formats].

%% With a depth, ~p and ~w become ~P and ~W.
format(#st{depth = unlimited}, Format, Args) ->
    io_lib:format(Format, Args);
format(#st{depth = Depth}, Format, Args) ->
    io_lib:build_text([limit(Part, Depth) || Part <- io_lib:scan_format(Format, Args)]).

limit(#{control_char := C, args := Args} = Directive, Depth) when C =:= $p; C =:= $w ->
    Directive#{control_char := C - ($a - $A), args := Args ++ [Depth]};
limit(Part, _Depth) ->
    Part.

%% "\n=TITLE==== 2-Jan-2024::03:04:05 ===\n" in local time, or in
%% universal time ("... 03:04:05 UTC ===") when the utc_log parameter
%% (sasl's, else stdlib's) is true.
header(Time, Title, M) ->
    case utc_log() of
        true -> header(Time, Title, "UTC ", M);
        _ -> header(calendar:universal_time_to_local_time(Time), Title, "", M)
    end.

header({{Y, Mo, D}, {H, Mi, S}}, Title, UTC, M) ->
    io_lib:format("~n=~" ++ M ++ "s==== ~p-~s-~p::~s:~s:~s ~s===~n",
                  [Title, D, month(Mo), Y, two(H), two(Mi), two(S), UTC]).

utc_log() ->
    case application:get_env(sasl, utc_log) of
        {ok, Value} ->
            Value;
        undefined ->
            case application:get_env(stdlib, utc_log) of
                {ok, Value} -> Value;
                undefined -> false
            end
    end.

%% A number of one character gets a 0 before it.
two(X) when is_integer(X) ->
    case integer_to_list(X) of
        [C] -> [$0, C];
        Chars -> Chars
    end;
two(_) ->
    "".

month(M) ->
    lists:nth(M, ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                  "Dec"]).

%% Standard output is a latin1 device in dbgsh, as erl's is when it is
%% not a terminal: ~p, ~s and ~w without the t modifier.
modifier() -> modifier(latin1).

modifier(latin1) -> "";
modifier(_) -> "t".
