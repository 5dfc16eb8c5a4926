-module(error_logger_handler).
-behaviour(gen_event).
-export([main/0]).
-export([init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2, code_change/3]).

%% error_logger's report handlers: add_report_handler/1,2 (which adds the
%% logger handler error_logger), the events a handler gets from each
%% error_logger function and from logger calls that carry error_logger
%% metadata, several handlers, delete_report_handler/1 (the logger handler
%% goes with the last), calls to a handler, start/0, stop/0, and bad
%% arguments. The handler sends this process what it gets; the manager is
%% asked for its handlers after each call, so that the events are in.
main() ->
    _ = logger:remove_handler(default),
    Me = self(),
    show("handlers", error_logger:which_report_handlers()),
    show("manager", whereis(error_logger)),
    show("add", error_logger:add_report_handler(?MODULE, {Me, first})),
    show("manager", is_pid(whereis(error_logger))),
    show("logger handlers", logger:get_handler_ids()),
    show("logger handler", logger:get_handler_config(error_logger)),
    show("handlers", error_logger:which_report_handlers()),
    Calls = [{error_msg, ["plain"]}, {error_msg, ["hello ~p~n", [1]]}, {format, ["fmt ~w", [x]]},
             {warning_msg, ["warn"]}, {warning_msg, ["warn ~p", [2]]}, {info_msg, ["info"]},
             {info_msg, ["info ~s", ["s"]]}, {error_msg, ["bad ~p ~p", [1]]},
             {error_msg, [foo, bar]}, {error_msg, [<<"bin ~p">>, [3]]}, {warning_msg, ["w", x]},
             {error_report, [[{a, 1}, {b, "str"}, x]]}, {error_report, ["a string"]},
             {error_report, [#{m => 1}]}, {error_report, [mytype, [{a, 1}]]},
             {error_report, [undefined, [{a, 1}]]}, {error_report, [undefined, #{a => 1}]},
             {warning_report, [[{w, 1}]]}, {warning_report, [wtype, x]},
             {info_report, [[{i, 1}]]}, {info_report, [progress, [{p, 1}]]},
             {info_report, [std_info, "text"]}, {error_info, [hello]},
             {error_info, ["string info"]}],
    [call(error_logger, F, Args) || {F, Args} <- Calls],
    %% logger calls: only those with error_logger metadata reach the
    %% handlers; a report without a type is formatted by its report_cb
    EL = fun(Tag) -> #{error_logger => #{tag => Tag}} end,
    Logs = [{error, ["via logger ~p", [1]]}, {error, ["tagged ~p", [1], EL(error)]},
            {error, [#{r => 1}, #{error_logger => #{tag => error_report, type => std_error}}]},
            {error, [#{label => {l, x}, report => [{k, v}]},
                     #{error_logger => #{tag => error_report, type => mine}}]},
            {error, [#{r => 2}, EL(error)]}, {error, [[{k, v}], EL(error)]},
            {error, [#{r => 3}, (EL(error))#{report_cb => fun(R) -> {"cb ~p", [R]} end}]},
            {error, [#{r => 4}, (EL(error))#{report_cb => fun(_) -> junk end}]},
            {error, [#{r => 5},
                     (EL(error))#{report_cb => fun(R, _) -> io_lib:format("cb2 ~p", [R]) end}]},
            {error, [#{r => 6}, #{report_cb => fun(_) -> {"outer", []} end,
                                  error_logger => #{tag => error,
                                                    report_cb => fun(_) -> {"inner", []} end}}]},
            {warning, ["wl ~p", [1], EL(warning_msg)]}, {notice, ["notice ~p", [1], EL(info_msg)]},
            {info, ["info level", [], EL(info_msg)]}, {debug, ["debug level", [], EL(info_msg)]},
            {error, ["emulator ~p", [1], #{error_logger => #{tag => error, emulator => true}}]}],
    [call(logger, F, Args) || {F, Args} <- Logs],
    %% info events reach the handler once the primary level lets them by
    ok = logger:set_primary_config(level, info),
    call(logger, info, ["info level", [], EL(info_msg)]),
    call(logger, debug, ["debug level", [], EL(info_msg)]),
    ok = logger:set_primary_config(level, notice),
    %% more handlers (the same module again, with other state)
    show("add second", error_logger:add_report_handler(?MODULE, {Me, second})),
    show("handlers", error_logger:which_report_handlers()),
    call(error_logger, error_msg, ["to both"]),
    show("call", gen_event:call(error_logger, ?MODULE, which)),
    %% (gen_event's {'EXIT', {undef, Stack}}, without the stack)
    show("add bad", case error_logger:add_report_handler(no_such_handler_module) of
                        {'EXIT', {Why, Stack}} -> {'EXIT', {Why, is_list(Stack)}};
                        Other -> Other
                    end),
    show("add bad", err(fun() -> error_logger:add_report_handler("name") end)),
    show("add bad", err(fun() -> error_logger:add_report_handler("name", []) end)),
    show("add refused", error_logger:add_report_handler(?MODULE, refuse)),
    show("delete", error_logger:delete_report_handler(?MODULE)),
    receive_all(),
    show("handlers", error_logger:which_report_handlers()),
    show("logger handlers", logger:get_handler_ids()),
    show("delete none", error_logger:delete_report_handler(no_such_handler_module)),
    show("delete bad", err(fun() -> error_logger:delete_report_handler("name") end)),
    show("delete", error_logger:delete_report_handler(?MODULE)),
    receive_all(),
    show("handlers", error_logger:which_report_handlers()),
    show("logger handlers", logger:get_handler_ids()),
    show("manager", whereis(error_logger)),
    show("delete", error_logger:delete_report_handler(?MODULE)),
    %% start/0 and stop/0: the manager alone, no logger handler
    show("start", error_logger:start()),
    show("start", error_logger:start()),
    show("logger handlers", logger:get_handler_ids()),
    show("handlers", error_logger:which_report_handlers()),
    show("stop", error_logger:stop()),
    show("stop", error_logger:stop()),
    show("manager", whereis(error_logger)),
    %% stopped with a handler: told stop; the logger handler stays until an
    %% event finds no manager (logger then removes it)
    show("add", error_logger:add_report_handler(?MODULE, {Me, third})),
    show("stop", error_logger:stop()),
    receive_all(),
    show("logger handlers", logger:get_handler_ids()),
    error_logger:error_msg("nobody gets this"),
    show("logger handlers", logger:get_handler_ids()),
    %% logger's own add_handler and remove_handler start and stop it
    show("logger add", logger:add_handler(error_logger, error_logger, #{})),
    show("manager", is_pid(whereis(error_logger))),
    show("logger add other id", element(1, logger:add_handler(other, error_logger, #{}))),
    show("logger remove", logger:remove_handler(error_logger)),
    show("manager", whereis(error_logger)),
    show("warning_map", error_logger:warning_map()),
    show("depth", error_logger:get_format_depth()),
    show("limit_term", error_logger:limit_term({a, [[[[[[[b]]]]]]]})),
    show("bad", [err(fun() -> error_logger:tty(maybe) end),
                 err(fun() -> error_logger:logfile(x) end),
                 err(fun() -> error_logger:error_info([a | b]) end)]),
    ok = logger:add_handlers(kernel),
    ok.

call(Mod, F, Args) ->
    io:format("~p:~p(~s)~n", [Mod, F, args(Args)]),
    R = apply(Mod, F, Args),
    _ = error_logger:which_report_handlers(),
    R =:= ok orelse io:format("  -> ~p~n", [R]),
    receive_all().

args(Args) ->
    lists:join(", ", [io_lib:format("~0p", [case is_function(A) of
                                                 true -> 'fun';
                                                 false -> A
                                             end]) || A <- Args]).

receive_all() ->
    receive
        {got, Name, What} ->
            io:format("  ~p got ~p~n", [Name, What]),
            receive_all()
    after 0 ->
            ok
    end.

show(What, X) ->
    io:format("~s: ~p~n", [What, X]).

err(Fun) ->
    try Fun()
    catch Class:Reason -> {Class, Reason}
    end.

%% The handler: its state is {Owner, Name}.
init(refuse) ->
    {error, refused};
init({Owner, Name}) ->
    Owner ! {got, Name, init},
    {ok, {Owner, Name}}.

%% Pids as who they are: the group leader, the logging process, the
%% emulator.
handle_event({Tag, GL, {Pid, FormatOrType, Data}}, {Owner, Name} = S) ->
    Who = case Pid of
              Owner -> self;
              emulator -> emulator;
              _ -> other
          end,
    Owner ! {got, Name, {Tag, is_pid(GL), Who, FormatOrType, Data}},
    {ok, S};
handle_event(Event, {Owner, Name} = S) ->
    Owner ! {got, Name, {other, Event}},
    {ok, S}.

handle_call(which, {_Owner, Name} = S) ->
    {ok, Name, S}.

handle_info(Info, {Owner, Name} = S) ->
    Owner ! {got, Name, {info, Info}},
    {ok, S}.

terminate(Arg, {Owner, Name}) ->
    Owner ! {got, Name, {terminate, Arg}},
    ok.

code_change(_OldVsn, S, _Extra) ->
    {ok, S}.
