%% error_logger_file_h: OTP 25's report handler for error_logger's event
%% manager that writes the standard events to a file (UTF-8), as
%% error_logger:logfile({open, File}) adds it: the text of
%% error_logger_tty_h, timed when the handler writes it.
-module(error_logger_file_h).
-behaviour(gen_event).

-export([init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2,
         code_change/3]).

%% OTP's state: the file's io server, its name, the handler it took over
%% from, the format depth.
-record(st, {fd, filename, prev_handler, depth = unlimited}).

%% Taking over from a handler named error_logger that left the events it
%% kept (newest first), or added directly.
init({File, {error_logger, Buf}}) ->
    case open(File, error_logger) of
        {ok, State} ->
            lists:foreach(fun(Event) -> write(State, Event) end, lists:reverse(Buf)),
            {ok, State};
        Error ->
            Error
    end;
init(File) ->
    open(File, []).

%% The manager traps exits, so that a file server that dies is a message.
open(File, PrevHandler) ->
    process_flag(trap_exit, true),
    case file:open(File, [write, {encoding, utf8}]) of
        {ok, Fd} ->
            {ok, #st{fd = Fd, filename = File, prev_handler = PrevHandler,
                     depth = error_logger:get_format_depth()}};
        Error ->
            Error
    end.

handle_event({_Tag, GL, _Data}, State) when node(GL) =/= node() ->
    {ok, State};
handle_event(Event, State) ->
    write(State, Event),
    {ok, State}.

handle_info({'EXIT', Fd, _Reason}, #st{fd = Fd, prev_handler = PrevHandler}) ->
    case PrevHandler of
        [] -> remove_handler;
        _ -> {swap_handler, install_prev, [], PrevHandler, go_back}
    end;
handle_info(_Info, State) ->
    {ok, State}.

handle_call(filename, #st{filename = File} = State) ->
    {ok, File, State};
handle_call(_Query, State) ->
    {ok, {error, bad_query}, State}.

terminate(_Reason, #st{fd = Fd}) ->
    file:close(Fd).

code_change(_OldVsn, State, _Extra) ->
    {ok, State}.

%% error_logger_tty_h's text with the t modifier (the file is UTF-8);
%% nothing for an event that is not a standard one.
write(#st{fd = Fd, depth = Depth}, Event) ->
    case error_logger_tty_h:write_event({erlang:universaltime(), Event}, io_lib,
                                        {Depth, utf8}) of
        ok -> ok;
        Text -> io:put_chars(Fd, Text)
    end.
