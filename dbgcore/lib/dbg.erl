%% dbg.erl: OTP 25's dbg (same API, replies and errors) over the engine's
%% trace BIFs. A registered server `dbg` holds the tracer and the saved
%% match specs; trace text comes from dbgsh_trace:format_line/1. Design and
%% the BIFs it calls: docs/internals/dbg.md.
-module(dbg).

-export([tracer/0, tracer/2, tracer/3, get_tracer/0, get_tracer/1,
         start/0, stop/0, stop_clear/0]).
-export([p/1, p/2, c/3, c/4, i/0]).
-export([tp/2, tp/3, tp/4, tpl/2, tpl/3, tpl/4, tpe/2,
         ctp/0, ctp/1, ctp/2, ctp/3, ctpl/0, ctpl/1, ctpl/2, ctpl/3,
         ctpg/0, ctpg/1, ctpg/2, ctpg/3, ctpe/1,
         ltp/0, dtp/0, dtp/1, wtp/1, rtp/1]).
-export([trace_port/2, flush_trace_port/0, flush_trace_port/1,
         trace_port_control/1, trace_port_control/2,
         trace_client/2, trace_client/3, stop_trace_client/1]).
-export([n/1, cn/1, ln/0, h/0, h/1, fun2ms/1, transform_flags/1, dhandler/2]).
%% Applied by name through call_local/3, the way OTP's dbg reaches them
%% through rpc: their names show in the replies' stacks.
-export([erlang_trace/3, get_info/0, deliver_and_flush/1, release_tracer/1]).
%% dbgsh's shell shares the saved match specs with its other sessions
%% (shell/lib/dbgsh_cmd.erl): not in OTP's dbg.
-export([lookup_pattern/1, save_pattern/1, saved_patterns/0]).

%% The server's state. `tracers` is what OTP keeps in the server's process
%% dictionary: {Node, {Relay, Tracer}} per traced node (here at most the
%% local one, with the server itself as relay). `clients` are trace clients
%% linked to the server: their exits are expected. `table` is the saved
%% match specs, created on first use: {Id, [{Key, term_to_binary(Spec)}]}
%% ordered as an ordered_set orders keys (numbers before atoms).
-record(srv, {tracers = [], clients = [], relays = [], table = none}).

%% The flags p/2 accepts besides its shorthands, and what `clear` turns off.
-define(ALL_FLAGS,
        [send, 'receive', call, procs, ports, garbage_collection, running,
         set_on_spawn, set_on_first_spawn, set_on_link, set_on_first_link,
         timestamp, monotonic_timestamp, strict_monotonic_timestamp,
         arity, return_to, silent, running_procs, running_ports, exiting]).

%%% ====================================================================
%%% Tracers and the server's life
%%% ====================================================================

tracer() ->
    tracer(process, {fun dhandler/2, user}).

tracer(port, Fun) when is_function(Fun) ->
    start(Fun);
tracer(port, Port) when is_port(Port) ->
    start(fun() -> Port end);
tracer(process, {Handler, HandlerData}) ->
    start(fun() -> spawn_tracer(Handler, HandlerData) end);
tracer(module, Fun) when is_function(Fun) ->
    start(Fun);
tracer(module, {Module, State}) ->
    start(fun() -> {Module, State} end);
tracer(file, Filename) ->
    %% Later OTP's file tracer (not in OTP 25): a process tracer whose
    %% handler opens the file on the first message and prints there.
    tracer(process, {fun(Msg, Dev) -> file_handler(Msg, Dev, Filename) end,
                     undefined}).

file_handler(Msg, undefined, Filename) ->
    {ok, Dev} = file:open(Filename, [write]),
    file_handler(Msg, Dev, Filename);
file_handler(Msg, Dev, _Filename) ->
    _ = dhandler(Msg, Dev),
    Dev.

%% dbgsh is a single node: tracer/3 and n/1 accept only the local node and
%% answer for any other as OTP does when it cannot reach it.
tracer(Node, Type, Data) when Node =:= node() ->
    case tracer(Type, Data) of
        {ok, _Server} -> {ok, Node};
        Error -> Error
    end;
tracer(Node, _Type, _Data) ->
    unreachable(Node).

n(Node) when Node =:= node() ->
    {error, cant_add_local_node};
n(Node) ->
    unreachable(Node).

unreachable(Node) when is_atom(Node) -> {error, {nodedown, Node}};
unreachable(Node) -> {error, {bad_node, Node}}.

cn(Node) ->
    call({remove_node, Node}).

ln() ->
    lists:foreach(fun(Node) -> io:format("~p~n", [Node]) end, call(get_nodes)),
    ok.

get_tracer() ->
    call({get_tracer, node()}).

get_tracer(Node) ->
    call({get_tracer, Node}).

start() ->
    start(no_tracer).

%% Starts the server if it is not running, then (for a tracer fun) asks it
%% to run the fun and keep what it returns as the tracer.
start(TracerFun) ->
    case whereis(dbg) of
        undefined ->
            Parent = self(),
            Server = spawn(fun() -> server_init(Parent) end),
            receive {Server, started} -> ok end,
            case TracerFun of
                no_tracer -> {ok, Server};
                Fun when is_function(Fun) -> call({tracer, Fun})
            end;
        Pid when is_pid(Pid), is_function(TracerFun) ->
            call({tracer, TracerFun})
    end.

%% Clears every pattern the tracing nodes have, then stops the server,
%% which waits for trace messages in flight and flushes a trace port.
stop() ->
    {ok, _} = ctp(),
    {ok, _} = ctpe('receive'),
    {ok, _} = ctpe(send),
    Ref = erlang:monitor(process, dbg),
    catch dbg ! {self(), stop},
    receive {'DOWN', Ref, _, _, _} -> ok end.

stop_clear() ->
    stop().

%%% ====================================================================
%%% Process flags
%%% ====================================================================

p(Item) ->
    p(Item, [m]).

p(Item, Flag) when is_atom(Flag) ->
    p(Item, [Flag]);
p(Item, Flags) ->
    call({p, Item, Flags}).

%% Shorthands expand in place; `all` stands for every flag but silent and
%% running and drops the rest of the list; an unknown flag answers with
%% the rest of the list from it on.
transform_flags(Flags) ->
    expand_flags(Flags, []).

expand_flags([], Acc) -> Acc;
expand_flags([all | _], _Acc) -> ?ALL_FLAGS -- [silent, running];
expand_flags([F | Rest] = List, Acc) when is_atom(F) ->
    case shorthand(F) of
        none ->
            case lists:member(F, ?ALL_FLAGS) of
                true -> expand_flags(Rest, [F | Acc]);
                false -> {error, {bad_flags, List}}
            end;
        Expanded ->
            expand_flags(Rest, Expanded ++ Acc)
    end;
expand_flags(Bad, _Acc) ->
    {error, {bad_flags, Bad}}.

shorthand(m) -> [send, 'receive'];
shorthand(s) -> [send];
shorthand(r) -> ['receive'];
shorthand(c) -> [call];
shorthand(call) -> [call];
shorthand(p) -> [procs];
shorthand(sos) -> [set_on_spawn];
shorthand(sol) -> [set_on_link];
shorthand(sofs) -> [set_on_first_spawn];
shorthand(sofl) -> [set_on_first_link];
shorthand(_) -> none.

%% Runs apply(M, F, A) in a new process traced with Flags, then stops dbg.
c(M, F, A) ->
    c(M, F, A, all).

c(M, F, A, Flag) when is_atom(Flag) ->
    c(M, F, A, [Flag]);
c(M, F, A, Flags) ->
    case transform_flags(Flags) of
        {error, _} = Error ->
            Error;
        TraceFlags ->
            _ = tracer(),
            Parent = self(),
            Pid = spawn(fun() -> c(Parent, M, F, A, [tracer_flag() | TraceFlags]) end),
            Ref = erlang:monitor(process, Pid),
            receive
                {'DOWN', Ref, _, _, Reason} ->
                    stop_clear(),
                    {error, Reason};
                {Pid, Result} ->
                    erlang:demonitor(Ref, [flush]),
                    %% Lets the tracer take its last messages before its
                    %% server goes (OTP sleeps here too).
                    timer:sleep(1),
                    stop_clear(),
                    Result
            end
    end.

%% The traced body of c/4; its name shows in trace output (return_to).
c(Parent, M, F, A, Flags) ->
    erlang:trace(self(), true, Flags),
    Result = apply(M, F, A),
    erlang:trace(self(), false, [all]),
    Parent ! {self(), Result}.

tracer_flag() ->
    {ok, Tracer} = get_tracer(),
    tracer_flag(Tracer).

tracer_flag({Module, State}) -> {tracer, Module, State};
tracer_flag(PidOrPort) when is_pid(PidOrPort); is_port(PidOrPort) -> {tracer, PidOrPort}.

%% Sets or clears flags on one traced item: run in the server, through
%% call_local/3 as OTP runs it through rpc on each node.
erlang_trace(Item, How, Flags) ->
    case pid_spec(Item) of
        {badpid, _} -> {no_proc, Item};
        Spec -> erlang:trace(Spec, How, Flags)
    end.

%% What erlang:trace/3 gets for a p/2 item: a live pid, a port (as
%% {badport, P} when closed: erlang:trace then raises badarg, as in OTP),
%% a pid-set atom, or a registered name's pid.
pid_spec(X) when is_pid(X) ->
    case erlang:is_process_alive(X) of
        true -> X;
        false -> {badpid, X}
    end;
pid_spec(X) when is_port(X) ->
    case erlang:port_info(X) of
        undefined -> {badport, X};
        _ -> X
    end;
pid_spec(X) when X =:= all; X =:= ports; X =:= processes;
                 X =:= new; X =:= new_ports; X =:= new_processes;
                 X =:= existing; X =:= existing_ports; X =:= existing_processes ->
    X;
pid_spec(X) when is_atom(X) ->
    case whereis(X) of
        undefined -> {badpid, X};
        Pid -> Pid
    end;
pid_spec(X) ->
    {badpid, X}.

%% A p/2 item that is not an atom names one process: a pid or port, an
%% integer N (<0.N.0>), {X,Y,Z} (<X.Y.Z>) or the text "<X.Y.Z>".
item_pid(X) when is_pid(X); is_port(X) -> X;
item_pid(N) when is_integer(N) -> item_pid({0, N, 0});
item_pid({X, Y, Z}) ->
    item_pid(lists:concat(["<", integer_to_list(X), ".", integer_to_list(Y), ".",
                           integer_to_list(Z), ">"]));
item_pid(Text) when is_list(Text) ->
    try list_to_pid(Text)
    catch error:badarg -> {badpid, Text}
    end;
item_pid(X) ->
    {badpid, X}.

%%% ====================================================================
%%% Function and message patterns, saved match specs
%%% ====================================================================

tp(Module, Pattern) when is_atom(Module) -> do_tp({Module, '_', '_'}, Pattern, []);
tp({_, _, _} = MFA, Pattern) -> do_tp(MFA, Pattern, []).
tp(M, F, Pattern) -> do_tp({M, F, '_'}, Pattern, []).
tp(M, F, A, Pattern) -> do_tp({M, F, A}, Pattern, []).

tpl(Module, Pattern) when is_atom(Module) -> do_tp({Module, '_', '_'}, Pattern, [local]);
tpl({_, _, _} = MFA, Pattern) -> do_tp(MFA, Pattern, [local]).
tpl(M, F, Pattern) -> do_tp({M, F, '_'}, Pattern, [local]).
tpl(M, F, A, Pattern) -> do_tp({M, F, A}, Pattern, [local]).

tpe(Event, Pattern) when Event =:= send; Event =:= 'receive' ->
    do_tp(Event, Pattern, []).

%% Named as OTP's: a pattern of another type fails here with
%% function_clause. A saved spec's number or name is looked up first; a
%% list is checked with match_spec_test/3, saved, then set on every
%% tracing node (none: nothing set, {ok, [{saved, N}]} all the same).
do_tp(Target, Pattern, Flags) when is_integer(Pattern); is_atom(Pattern) ->
    case call({pattern, {lookup, Pattern}}) of
        {ok, Saved} -> do_tp(Target, Saved, Flags);
        none -> {error, unknown_pattern}
    end;
do_tp(Target, Pattern, Flags) when is_list(Pattern) ->
    Nodes = call(get_nodes),
    _ = [catch M:module_info() || {M, _, _} <- [Target], is_atom(M), _ <- Nodes],
    case check_spec(Pattern) of
        {ok, _Warnings} ->
            Saved = case Pattern of
                        [] -> [];
                        _ -> [{saved, call({pattern, {save, Pattern}})}]
                    end,
            {ok, set_pattern(Nodes, Target, Pattern, Flags) ++ Saved};
        Error ->
            Error
    end.

check_spec([]) ->
    {ok, []};
check_spec(Spec) ->
    case erlang:match_spec_test([], Spec, trace) of
        {ok, _Result, Warnings, _Flags} -> {ok, Warnings};
        {error, _} = Error -> Error
    end.

set_pattern(Nodes, Target, Pattern, Flags) ->
    [case call_local(erlang, trace_pattern, [Target, Pattern, Flags]) of
         N when is_integer(N) -> {matched, Node, N};
         Other -> {matched, Node, 0, Other}
     end || Node <- Nodes].

ctp() -> clear_pattern({'_', '_', '_'}, both).
ctp(Module) when is_atom(Module) -> clear_pattern({Module, '_', '_'}, both);
ctp({_, _, _} = MFA) -> clear_pattern(MFA, both).
ctp(M, F) -> clear_pattern({M, F, '_'}, both).
ctp(M, F, A) -> clear_pattern({M, F, A}, both).

ctpl() -> clear_pattern({'_', '_', '_'}, [local]).
ctpl(Module) when is_atom(Module) -> clear_pattern({Module, '_', '_'}, [local]);
ctpl({_, _, _} = MFA) -> clear_pattern(MFA, [local]).
ctpl(M, F) -> clear_pattern({M, F, '_'}, [local]).
ctpl(M, F, A) -> clear_pattern({M, F, A}, [local]).

ctpg() -> clear_pattern({'_', '_', '_'}, [global]).
ctpg(Module) when is_atom(Module) -> clear_pattern({Module, '_', '_'}, [global]);
ctpg({_, _, _} = MFA) -> clear_pattern(MFA, [global]).
ctpg(M, F) -> clear_pattern({M, F, '_'}, [global]).
ctpg(M, F, A) -> clear_pattern({M, F, A}, [global]).

%% ctp clears global then local patterns and answers with the local count.
clear_pattern(MFA, both) ->
    {ok, _} = clear_pattern(MFA, [global]),
    clear_pattern(MFA, [local]);
clear_pattern(MFA, Flags) ->
    {ok, set_pattern(call(get_nodes), MFA, false, Flags)}.

ctpe(Event) when Event =:= send; Event =:= 'receive' ->
    {ok, set_pattern(call(get_nodes), Event, true, [])}.

ltp() ->
    Format = "~p: ~" ++ modifier() ++ "p~n",
    lists:foreach(fun({Key, Spec}) -> io:format(Format, [Key, Spec]) end,
                  call({pattern, list})),
    ok.

dtp() ->
    call({pattern, delete_numbered}).

%% The saved spec (or alias) under Key: {ok, Spec} | none.
lookup_pattern(Key) ->
    call({pattern, {lookup, Key}}).

%% Saves Spec (unless an equal one is saved) and answers its key.
save_pattern(Spec) ->
    call({pattern, {save, Spec}}).

%% Every saved spec and alias, {Key, Spec}, in ltp's order.
saved_patterns() ->
    call({pattern, list}).

dtp(N) when is_integer(N) ->
    call({pattern, {delete, N}});
dtp(_) ->
    ok.

%% Writes every saved spec, the built-in ones too (not their aliases), as
%% terms file:consult/1 reads back.
wtp(File) ->
    case file:open(File, [write, {encoding, utf8}]) of
        {error, _} = Error ->
            Error;
        {ok, Dev} ->
            io:put_chars(Dev, "%% coding: utf-8\n"),
            lists:foreach(fun({_Key, Spec}) when is_list(Spec) ->
                                  io:format(Dev, "~tp.~n", [Spec]);
                             ({_Key, _Alias}) ->
                                  ok
                          end,
                          call({pattern, list})),
            ok = file:close(Dev)
    end.

%% Reads a wtp/1 file and saves each spec not already saved; nothing is
%% saved unless every term is a valid trace match spec.
rtp(File) ->
    _ = call({pattern, list}),                  % starts the server, as OTP's does
    case file:consult(File) of
        {error, Reason} ->
            {error, {read_error, Reason}};
        {ok, Specs} ->
            case lists:all(fun valid_spec/1, Specs) of
                true -> call({pattern, {save_all, Specs}});
                false -> {error, {file_format_error, bad_match_spec}}
            end
    end.

valid_spec(Spec) ->
    case catch erlang:match_spec_test([], Spec, trace) of
        {ok, _, _, _} -> true;
        _ -> false
    end.

%% The table every server starts with: three specs and their long names.
builtin_patterns() ->
    [{x, [{'_', [], [{exception_trace}]}]},
     {exception_trace, x},
     {c, [{'_', [], [{message, {caller}}]}]},
     {caller_trace, c},
     {cx, [{'_', [], [{exception_trace}, {message, {caller}}]}]},
     {caller_exception_trace, cx}].

new_table() ->
    Rows = [{Key, term_to_binary(Value)} || {Key, Value} <- builtin_patterns()],
    {make_ref(), lists:keysort(1, Rows)}.

%% Saves Spec unless an equal one is saved (then answers its key); a new
%% spec takes the highest number saved plus one.
table_save(Spec, Rows) ->
    Bin = term_to_binary(Spec),
    case [Key || {Key, B} <- Rows, B =:= Bin] of
        [Key | _] ->
            {Key, Rows};
        [] ->
            N = lists:max([0 | [K || {K, _} <- Rows, is_integer(K)]]) + 1,
            {N, lists:keysort(1, [{N, Bin} | Rows])}
    end.

%% One pattern-table request, answered in the server.
pattern_op({lookup, Key}, Rows) ->
    case lists:keyfind(Key, 1, Rows) of
        {_, Bin} -> {{ok, binary_to_term(Bin)}, Rows};
        false -> {none, Rows}
    end;
pattern_op({save, Spec}, Rows) ->
    table_save(Spec, Rows);
pattern_op({save_all, Specs}, Rows) ->
    {ok, lists:foldl(fun(S, R) -> element(2, table_save(S, R)) end, Rows, Specs)};
pattern_op({delete, N}, Rows) ->
    {ok, lists:keydelete(N, 1, Rows)};
pattern_op(delete_numbered, Rows) ->
    {ok, [Row || {Key, _} = Row <- Rows, not is_integer(Key)]};
pattern_op(list, Rows) ->
    {[{Key, binary_to_term(Bin)} || {Key, Bin} <- Rows], Rows}.

%%% ====================================================================
%%% i/0, h/0,1, fun2ms/1
%%% ====================================================================

i() ->
    call(i).

%% Printed by the server (to its group leader) for each tracing node.
show_info(Nodes, Mod) ->
    lists:foreach(
      fun(Node) ->
              io:format("~nNode ~w:~n", [Node]),
              io:format("~-12s ~-21s Trace ~n", ["Pid", "Initial call"]),
              lists:foreach(
                fun({Who, Call, Flags}) ->
                        io:format("~-12s ~-21" ++ Mod ++ "s ~s~n",
                                  [io_lib:format("~w", [Who]),
                                   io_lib:format("~" ++ Mod ++ "p", [Call]),
                                   flags_text(Flags)])
                end,
                get_info())
      end,
      Nodes),
    ok.

%% Every traced process then every traced port, each newest first, as
%% {PidOrPort, InitialCallOrName, Flags}.
get_info() ->
    Procs = [{P, Call, Fs} || P <- processes(),
                              {initial_call, Call} <- [process_info(P, initial_call)],
                              {flags, [_ | _] = Fs} <- [erlang:trace_info(P, flags)]],
    Ports = [{P, Name, Fs} || P <- all_ports(),
                              {name, Name} <- [erlang:port_info(P, name)],
                              {flags, [_ | _] = Fs} <- [erlang:trace_info(P, flags)]],
    lists:reverse(Procs) ++ lists:reverse(Ports).

%% erlang:ports/0, or no ports on a VM that has none yet.
all_ports() ->
    try erlang:ports()
    catch error:undef -> []
    end.

flags_text(Flags) ->
    lists:join(" | ", [flag_letter(F) || F <- Flags]).

flag_letter(send) -> "s";
flag_letter('receive') -> "r";
flag_letter(call) -> "c";
flag_letter(procs) -> "p";
flag_letter(set_on_spawn) -> "sos";
flag_letter(set_on_first_spawn) -> "sofs";
flag_letter(set_on_link) -> "sol";
flag_letter(set_on_first_link) -> "sofl";
flag_letter(Other) -> atom_to_list(Other).

h() ->
    show_help(help_overview()).

h(Item) ->
    case lists:keyfind(Item, 1, help_items()) of
        {_, Lines} -> show_help(Lines);
        false -> erlang:error(function_clause, [Item])
    end.

show_help(Lines) ->
    lists:foreach(fun(Line) -> io:format("~s~n", [Line]) end, Lines),
    io:format("~n", []),
    ok.

%% The help texts are OTP's, word for word: h/0,1 must print what OTP does.
help_overview() ->
    ["The following help items are available:",
     "   p, c",
     "       - Set trace flags for processes",
     "   tp, tpl, ctp, ctpl, ctpg, ltp, dtp, wtp, rtp",
     "       - Manipulate trace patterns for functions",
     "   n, cn, ln",
     "       - Add/remove traced nodes.",
     "   tracer, trace_port, trace_client, get_tracer, stop, stop_clear",
     "       - Manipulate tracer process/port",
     "   i",
     "       - Info",
     "",
     "call dbg:h(Item) for brief help a brief description",
     "of one of the items above."].

help_items() ->
    [{p, ["p(Item) -> {ok, MatchDesc} | {error, term()}",
          " - Traces messages to and from Item.",
          "p(Item, Flags) -> {ok, MatchDesc} | {error, term()}",
          " - Traces Item according to Flags.",
          "   Flags can be one of s,r,m,c,p,sos,sol,sofs,",
          "   sofl,all,clear or any flag accepted by erlang:trace/3"]},
     {c, ["c(Mod, Fun, Args)",
          " - Evaluates apply(M,F,Args) with all trace flags set.",
          "c(Mod, Fun, Args, Flags)",
          " - Evaluates apply(M,F,Args) with Flags trace flags set."]},
     {i, ["i() -> ok",
          " - Displays information about all traced processes."]},
     {tp, pattern_help("tp", "Set pattern for traced global function calls.")},
     {tpl, pattern_help("tpl", "Set pattern for traced local (as well as global) function calls.")},
     {ctp, clear_help("ctp", "Clear call trace pattern for the specified functions")},
     {ctpl, clear_help("ctpl", "Clear local call trace pattern for the specified functions")},
     {ctpg, clear_help("ctpg", "Clear global call trace pattern for the specified functions")},
     {ltp, ["ltp() -> ok",
            " - Lists saved and built-in match_spec's on the console."]},
     {dtp, ["dtp() -> ok",
            " - Deletes all saved match_spec's.",
            "dtp(N) -> ok",
            " - Deletes a specific saved match_spec."]},
     {wtp, ["wtp(Name) -> ok | {error, IOError}",
            " - Writes all saved match_spec's to a file"]},
     {rtp, ["rtp(Name) -> ok | {error, Error}",
            " - Read saved match specifications from file."]},
     {n, ["n(Nodename) -> {ok, Nodename} | {error, Reason}",
          " - Starts a tracer server on the given node.",
          "n(Nodename,Type,Data) -> {ok, Nodename} | {error, Reason}",
          " - Starts a tracer server with additional args on the given node."]},
     {cn, ["cn(Nodename) -> ok",
           " - Clears a node from the list of traced nodes."]},
     {ln, ["ln() -> ok",
           " - Shows the list of traced nodes on the console."]},
     {tracer, ["tracer() -> {ok, pid()} | {error, already_started}",
               " - Starts a tracer server that handles trace messages.",
               "tracer(Type, Data) -> {ok, pid()} | {error, Error}",
               " - Starts a tracer server with additional parameters"]},
     {trace_port, ["trace_port(Type, Parameters) -> fun()",
                   " - Creates and returns a trace port generating fun"]},
     {trace_client, ["trace_client(Type, Parameters) -> pid()",
                     " - Starts a trace client that reads messages created by a trace port driver",
                     "trace_client(Type, Parameters, HandlerSpec) -> pid()",
                     " - Starts a trace client that reads messages created by a",
                     "   trace port driver, with a user defined handler"]},
     {get_tracer, ["get_tracer() -> {ok, Tracer}",
                   " - Returns the process or port to which all trace messages are sent.",
                   "get_tracer(Node) -> {ok, Tracer}",
                   " - Returns the process or port to which all trace messages are sent."]},
     {stop, ["stop() -> ok",
             " - Stops the dbg server and the tracing of all processes.",
             "   Does not clear any trace patterns."]},
     {stop_clear, ["stop_clear() -> ok",
                   " - Stops the dbg server and the tracing of all processes,",
                   "   and clears all trace patterns."]}].

pattern_help(Name, What) ->
    [Name ++ "(Module,MatchSpec)",
     " - Same as " ++ Name ++ "({Module, '_', '_'}, MatchSpec)",
     Name ++ "(Module,Function,MatchSpec)",
     " - Same as " ++ Name ++ "({Module, Function, '_'}, MatchSpec)",
     Name ++ "(Module, Function, Arity, MatchSpec)",
     " - Same as " ++ Name ++ "({Module, Function, Arity}, MatchSpec)",
     Name ++ "({Module, Function, Arity}, MatchSpec) -> {ok, MatchDesc} | {error, term()}",
     " - " ++ What].

clear_help(Name, What) ->
    [Name ++ "()",
     " - Same as " ++ Name ++ "({'_', '_', '_'})",
     Name ++ "(Module)",
     " - Same as " ++ Name ++ "({Module, '_', '_'})",
     Name ++ "(Module, Function)",
     " - Same as " ++ Name ++ "({Module, Function, '_'})",
     Name ++ "(Module, Function, Arity)",
     " - Same as " ++ Name ++ "({Module, Function, Arity})",
     Name ++ "({Module, Function, Arity}) -> {ok, MatchDesc} | {error, term()}",
     " - " ++ What].

%% A fun made by the shell's evaluator (module erl_eval) becomes a match
%% spec through erl_eval:fun_data/1 and ms_transform:transform_from_shell/3,
%% which the shell provides; any other fun is OTP's badarg exit.
fun2ms(ShellFun) when is_function(ShellFun) ->
    case shell_fun_data(ShellFun) of
        {fun_data, Imports, Clauses} ->
            case ms_transform:transform_from_shell(?MODULE, Clauses, Imports) of
                {error, [{_, [{_, _, Code} | _]} | _], _} ->
                    io:format("Error: ~" ++ modifier() ++ "s~n",
                              [ms_transform:format_error(Code)]),
                    {error, transform_error};
                Spec ->
                    Spec
            end;
        false ->
            exit({badarg, {?MODULE, fun2ms,
                           [function, called, with, real, 'fun', should, be,
                            transformed, with, parse_transform, 'or', called,
                            with, a, 'fun', generated, in, the, shell]}})
    end.

shell_fun_data(Fun) ->
    case erlang:fun_info(Fun, module) of
        {module, erl_eval} -> erl_eval:fun_data(Fun);
        _ -> false
    end.

%%% ====================================================================
%%% Trace ports and trace clients
%%% ====================================================================

%% Returns a fun that opens the trace port (the engine's: see
%% dbgsh_trace:open_port/2 in docs/internals/dbg.md) when the server runs it.
trace_port(file, {Filename, wrap, Tail}) ->
    trace_port(file, {Filename, wrap, Tail, 128 * 1024});
trace_port(file, {Filename, wrap, Tail, WrapSize}) ->
    trace_port(file, {Filename, wrap, Tail, WrapSize, 8});
trace_port(file, {Filename, wrap, Tail, WrapSize, WrapCnt})
  when is_list(Tail), is_integer(WrapSize), WrapSize >= 0, WrapSize < (1 bsl 32),
       is_integer(WrapCnt), WrapCnt >= 1, WrapCnt < (1 bsl 32) ->
    file_port(Filename, {wrap, Tail, WrapSize, WrapCnt, 0});
trace_port(file, {Filename, wrap, Tail, {time, WrapTime}, WrapCnt})
  when is_list(Tail), is_integer(WrapTime), WrapTime >= 1, WrapTime < (1 bsl 32),
       is_integer(WrapCnt), WrapCnt >= 1, WrapCnt < (1 bsl 32) ->
    file_port(Filename, {wrap, Tail, 0, WrapCnt, WrapTime});
trace_port(file, Filename) ->
    file_port(Filename, nowrap);
trace_port(ip, PortNo) when is_integer(PortNo) ->
    trace_port(ip, {PortNo, 200});
trace_port(ip, {PortNo, QueueSize}) when is_integer(PortNo), is_integer(QueueSize) ->
    fun() -> dbgsh_trace:open_port(ip, {PortNo, QueueSize}) end.

%% The name is made absolute when the port opens; a wrap log first deletes
%% the files of an earlier log of the same name.
file_port(Filename, nowrap) ->
    fun() -> dbgsh_trace:open_port(file, filename:absname(Filename)) end;
file_port(Filename, {wrap, Tail, WrapSize, WrapCnt, WrapTime}) ->
    fun() ->
            Name = filename:absname(Filename),
            lists:foreach(fun({_, File}) -> file:delete(File) end,
                          wrap_files(Name, Tail)),
            dbgsh_trace:open_port(file, {Name, wrap, Tail, WrapSize, WrapCnt, WrapTime})
    end.

flush_trace_port() ->
    trace_port_control(flush).

flush_trace_port(Node) ->
    trace_port_control(Node, flush).

trace_port_control(Operation) ->
    trace_port_control(node(), Operation).

trace_port_control(Node, flush) ->
    case get_tracer(Node) of
        {ok, Port} when is_port(Port) ->
            case catch call_local(?MODULE, deliver_and_flush, [Port]) of
                [0] -> ok;
                _ -> {error, not_supported_by_trace_driver}
            end;
        _ ->
            {error, no_trace_driver}
    end;
trace_port_control(Node, get_listen_port) ->
    case port_command_reply(Node, $p, "") of
        {ok, <<0, IpPort:16>>} -> {ok, IpPort};
        {ok, _Other} -> {error, not_supported_by_trace_driver};
        Other -> Other
    end.

port_command_reply(Node, Command, Arg) ->
    case get_tracer(Node) of
        {ok, Port} when is_port(Port) ->
            {ok, catch call_local(erlang, port_control, [Port, Command, Arg])};
        _ ->
            {error, no_trace_driver}
    end.

%% Waits until every trace message sent so far has reached its tracer,
%% then asks the trace port to write out what it buffers ([0] when done).
deliver_and_flush(Port) ->
    Ref = erlang:trace_delivered(all),
    receive {trace_delivered, all, Ref} -> ok end,
    erlang:port_control(Port, $f, "").

%% Takes every trace flag set with Tracer off the processes and ports it
%% traces (the default session), as a tracer's death does.
release_tracer(Tracer) ->
    _ = [catch erlang:trace(P, false, [all])
         || P <- processes() ++ erlang:ports(), erlang:trace_info(P, tracer) =:= {tracer, Tracer}],
    ok.

trace_client(file, Filename) ->
    trace_client(file, Filename, {fun dhandler/2, user});
trace_client(follow_file, Filename) ->
    trace_client(follow_file, Filename, {fun dhandler/2, user});
trace_client(ip, PortNo) when is_integer(PortNo) ->
    start_client(ip, {"localhost", PortNo}, {fun dhandler/2, user});
trace_client(ip, {Host, PortNo}) when is_integer(PortNo) ->
    start_client(ip, {Host, PortNo}, {fun dhandler/2, user}).

trace_client(file, {Filename, wrap, Tail}, HandlerSpec) ->
    trace_client(file, {Filename, wrap, Tail, 128 * 1024}, HandlerSpec);
trace_client(file, {Filename, wrap, Tail, WrapSize}, HandlerSpec) ->
    trace_client(file, {Filename, wrap, Tail, WrapSize, 8}, HandlerSpec);
trace_client(file, {_Filename, wrap, Tail, _WrapSize, WrapCnt} = Wrap, {Fun, _} = HandlerSpec)
  when is_list(Tail), is_function(Fun), is_integer(WrapCnt), WrapCnt >= 1 ->
    start_client(file, Wrap, HandlerSpec);
trace_client(file, Filename, {Fun, _} = HandlerSpec) when is_function(Fun) ->
    start_client(file, Filename, HandlerSpec);
trace_client(follow_file, Filename, {Fun, _} = HandlerSpec) when is_function(Fun) ->
    start_client(follow_file, Filename, HandlerSpec);
trace_client(ip, PortNo, {Fun, _} = HandlerSpec) when is_integer(PortNo), is_function(Fun) ->
    start_client(ip, {"localhost", PortNo}, HandlerSpec);
trace_client(ip, {Host, PortNo}, {Fun, _} = HandlerSpec)
  when is_integer(PortNo), is_function(Fun) ->
    start_client(ip, {Host, PortNo}, HandlerSpec).

%% The client is linked to the server, so that stopping dbg stops it.
start_client(Type, Source, {Handler, HandlerData}) ->
    Client = spawn(fun() -> client_loop(open_source(Type, Source), Handler, HandlerData) end),
    case call({link_to, Client}) of
        {ok, Pid} -> Pid;
        Other -> Other
    end.

stop_trace_client(Pid) when is_pid(Pid) ->
    process_flag(trap_exit, true),
    link(Pid),
    exit(pid_spec(Pid), abnormal),
    Result = receive
                 {'EXIT', Pid, _} -> ok
             after 5000 ->
                 {error, timeout}
             end,
    process_flag(trap_exit, false),
    Result.

%% A source is a fun returning {Term, NextSource} or eof; the handler sees
%% each term, then end_of_trace, and the client exits normally.
client_loop(Source, Handler, Data) ->
    case Source() of
        {Term, Next} ->
            client_loop(Next, Handler, Handler(Term, Data));
        eof ->
            _ = Handler(end_of_trace, Data),
            exit(normal)
    end.

open_source(ip, {Host, PortNo}) ->
    case gen_tcp:connect(Host, PortNo, [{active, false}, binary]) of
        {ok, Sock} ->
            %% The client may run on the traced node: keep its socket quiet.
            _ = p(Sock, clear),
            term_source(fun socket_read/2, Sock);
        Error ->
            exit(Error)
    end;
open_source(file, {Filename, wrap, Tail, _WrapSize, WrapCnt}) ->
    wrap_source(order_wrap_files(wrap_files(Filename, Tail), WrapCnt));
open_source(file, Filename) ->
    term_source(fun file_read/2, open_log(Filename));
open_source(follow_file, Filename) ->
    term_source(fun follow_read/2, open_log(Filename)).

open_log(Filename) ->
    case file:open(Filename, [read, raw, binary, read_ahead]) of
        {ok, File} -> File;
        Error -> exit({client_cannot_open, Error})
    end.

term_source(Read, Handle) ->
    fun() ->
            case read_trace_term(Read, Handle) of
                {ok, Term} -> {Term, term_source(Read, Handle)};
                eof -> eof
            end
    end.

%% The files of a wrap log one after another; each is closed at its end.
wrap_source([]) ->
    fun() -> eof end;
wrap_source([{_, Name} | Rest]) ->
    fun() -> (wrap_file_source(open_log(Name), Rest))() end.

wrap_file_source(File, Rest) ->
    fun() ->
            case read_trace_term(fun file_read/2, File) of
                {ok, Term} ->
                    {Term, wrap_file_source(File, Rest)};
                eof ->
                    ok = file:close(File),
                    (wrap_source(Rest))()
            end
    end.

%% A trace log entry is <<0, Size:32, TermBinary:Size>> or, for messages
%% the port dropped, <<1, Count:32>> (read as {drop, Count}).
read_trace_term(Read, Handle) ->
    case Read(Handle, 5) of
        eof -> eof;
        Header -> read_trace_body(Read, Handle, iolist_to_binary(Header))
    end.

read_trace_body(Read, Handle, <<0, Size:32>> = Header) ->
    case Read(Handle, Size) of
        eof -> exit({'trace term missing', binary_to_list(Header)});
        Body -> {ok, binary_to_term(iolist_to_binary(Body))}
    end;
read_trace_body(_Read, _Handle, <<1, Count:32>>) ->
    {ok, {drop, Count}};
read_trace_body(_Read, _Handle, <<Tag, _:32>>) ->
    exit({'bad trace tag', Tag}).

%% Exactly N bytes, eof at the end of the file; a short read is an error.
file_read(File, N) ->
    case file:read(File, N) of
        {ok, Bin} when byte_size(Bin) =:= N -> Bin;
        {ok, Bin} when is_binary(Bin) -> exit({'truncated file', binary_to_list(Bin)});
        eof -> eof;
        {error, Reason} -> exit({'file read error', Reason})
    end.

%% Like file_read/2 on a file still being written: waits for N bytes.
follow_read(File, N) ->
    follow_read(File, N, cur).

follow_read(File, N, Pos) ->
    case file:position(File, Pos) of
        {ok, Offset} ->
            case file:read(File, N) of
                {ok, Bin} when byte_size(Bin) =:= N ->
                    Bin;
                {ok, Bin} when is_binary(Bin) ->
                    follow_wait(File, N, Offset);
                eof ->
                    follow_wait(File, N, Offset);
                {error, Reason} ->
                    exit({'file read error', Reason})
            end;
        {error, Reason} ->
            exit({'file position error', Reason})
    end.

follow_wait(File, N, Offset) ->
    receive after 10 -> ok end,
    follow_read(File, N, Offset).

socket_read(Sock, N) ->
    case gen_tcp:recv(Sock, N) of
        {ok, Bin} when byte_size(Bin) < N -> [Bin | socket_read(Sock, N - byte_size(Bin))];
        {ok, Bin} when byte_size(Bin) =:= N -> [Bin];
        {ok, Bin} when is_binary(Bin) -> exit({'socket read too much data', Bin});
        {error, closed} -> eof;
        {error, _} = Error -> exit({'socket read error', Error})
    end.

%% The files of a wrap log Name ++ Digits ++ Tail in Name's directory, as
%% {Counter, Path}, unordered.
wrap_files(Name, Tail) ->
    Base = filename:basename(Name),
    Dir = filename:dirname(Name),
    case file:list_dir(Dir) of
        {ok, Files} ->
            [{list_to_integer(Digits), filename:join(Dir, File)}
             || File <- Files, Digits <- [wrap_counter(File, Base, Tail)], Digits =/= false];
        _ ->
            []
    end.

wrap_counter(File, Base, Tail) ->
    case lists:prefix(Base, File) of
        false ->
            false;
        true ->
            Rest = lists:nthtail(length(Base), File),
            case lists:suffix(Tail, Rest) of
                false ->
                    false;
                true ->
                    Digits = lists:sublist(Rest, length(Rest) - length(Tail)),
                    case Digits =/= [] andalso lists:all(fun is_digit/1, Digits) of
                        true -> Digits;
                        false -> false
                    end
            end
    end.

is_digit(C) -> C >= $0 andalso C =< $9.

%% A wrap log of Count files is written round: the counters in use are
%% 0..K, or 1..Count, or 0..K and K+2..Count (the oldest file follows the
%% one gap). Returns the files oldest first; anything else is an error.
order_wrap_files([], Count) when Count >= 1 ->
    [];
order_wrap_files(Files, Count) when Count >= 1 ->
    Sorted = lists:sort(Files),
    {First, Rest} = consecutive_run(Sorted),
    {Low, _} = hd(First),
    {High, _} = lists:last(First),
    case {Low, Rest} of
        {0, []} when High < Count ->
            Sorted;
        {0, [{Next, _} | _]} when Next =:= High + 2 ->
            case consecutive_run(Rest) of
                {Second, []} ->
                    case lists:last(Second) of
                        {Count, _} -> Second ++ First;
                        _ -> inconsistent_wrap_log()
                    end;
                _ ->
                    inconsistent_wrap_log()
            end;
        {1, []} when High =:= Count ->
            Sorted;
        _ ->
            inconsistent_wrap_log()
    end;
order_wrap_files(_Files, _Count) ->
    inconsistent_wrap_log().

inconsistent_wrap_log() ->
    exit(inconsistent_wrap_file_trace_set).

%% Splits a sorted, non-empty list after its first run of consecutive counters.
consecutive_run([First | Rest]) ->
    consecutive_run(Rest, [First]).

consecutive_run([{C, _} = F | Rest], [{Prev, _} | _] = Run) when C =:= Prev + 1 ->
    consecutive_run(Rest, [F | Run]);
consecutive_run(Rest, Run) ->
    {lists:reverse(Run), Rest}.

%%% ====================================================================
%%% The process tracer and the default handler
%%% ====================================================================

spawn_tracer(Handler, HandlerData) ->
    spawn_opt(fun() -> tracer_init(Handler, HandlerData) end, [link, {priority, max}]).

tracer_init(Handler, HandlerData) ->
    process_flag(trap_exit, true),
    tracer_loop(Handler, HandlerData).

%% Takes every trace message waiting, hands them to the handler in order
%% of arrival, and goes on until an exit signal (the server stopped).
tracer_loop(Handler, Data) ->
    {State, Suspended, Batch} = take_batch([], [], infinity),
    Data1 = run_handler(Suspended, lists:reverse(Batch), Handler, Data),
    case State of
        done -> exit(normal);
        more -> tracer_loop(Handler, Data1)
    end.

take_batch(Suspended, Batch, Timeout) ->
    receive
        Msg when is_tuple(Msg), tuple_size(Msg) >= 1,
                 (element(1, Msg) =:= trace orelse element(1, Msg) =:= trace_ts orelse
                  element(1, Msg) =:= seq_trace orelse element(1, Msg) =:= drop) ->
            take_batch(hold(Msg, Suspended), [Msg | Batch], 0);
        {'EXIT', _Pid, _Reason} ->
            {done, Suspended, Batch};
        Other ->
            io:format(user, "** tracer received garbage: ~" ++ modifier(user) ++ "p~n", [Other]),
            take_batch(Suspended, Batch, Timeout)
    after Timeout ->
            {more, Suspended, Batch}
    end.

%% A local process that sent a call message is suspended until the batch
%% is handled, so that a flood of calls cannot outrun the tracer (where
%% the VM has erlang:suspend_process/2; elsewhere nothing is held).
hold({trace, From, call, _MFA}, Suspended) when node(From) =:= node() ->
    case catch erlang:suspend_process(From, [unless_suspending, asynchronous]) of
        true -> [From | Suspended];
        _ -> Suspended
    end;
hold(_Msg, Suspended) ->
    Suspended.

release(Suspended) ->
    lists:foreach(fun(Pid) -> catch erlang:resume_process(Pid) end, Suspended).

%% The handler's state passes from message to message; a handler that
%% fails ends the tracer (its server then stops too).
run_handler(Suspended, Batch, Handler, Data) ->
    case catch lists:foldl(Handler, Data, Batch) of
        {'EXIT', Reason} ->
            release(Suspended),
            exit({trace_handler_crashed, Reason});
        Data1 ->
            release(Suspended),
            Data1
    end.

%% The default handler: writes the text OTP's dbg prints for a trace
%% message to the device Out (a device, or {Device, Modifier} once used).
dhandler(end_of_trace, Out) ->
    Out;
dhandler(Msg, Out) when is_tuple(Msg), tuple_size(Msg) >= 2 ->
    case printable(element(1, Msg), tuple_size(Msg)) of
        true ->
            {Device, Modifier} = Out1 = out(Out),
            case trace_text(Msg, Modifier) of
                [] -> ok;
                <<>> -> ok;
                Text -> io:put_chars(Device, Text)
            end,
            Out1;
        false ->
            Out
    end;
dhandler(_Msg, Out) ->
    Out.

%% The text as OTP prints it with ~p ("") or, on a Unicode device, ~tp.
trace_text(Msg, "") -> dbgsh_trace:format_line(Msg);
trace_text(Msg, Modifier) -> dbgsh_trace:format_line(Msg, Modifier).

printable(trace, Size) -> Size >= 3;
printable(trace_ts, Size) -> Size >= 4;
printable(drop, Size) -> Size =:= 2;
printable(seq_trace, Size) -> Size >= 3;
printable(_, _) -> false.

out({_, _} = Out) -> Out;
out(Device) -> {Device, modifier(Device)}.

%% "t" when Device takes Unicode, as OTP chooses ~tp over ~p.
modifier() ->
    modifier(group_leader()).

modifier(Device) ->
    case catch io:request(Device, getopts) of
        Opts when is_list(Opts) ->
            case proplists:get_value(encoding, Opts, latin1) of
                latin1 -> "";
                _ -> "t"
            end;
        _ ->
            ""
    end.

%%% ====================================================================
%%% The server
%%% ====================================================================

%% One request to the server, started if need be: {self(), Request} in,
%% {dbg, Reply} back. A server that dies meanwhile is dbg_server_crash.
call(Request) ->
    Server = ensure_server(),
    Ref = erlang:monitor(process, Server),
    catch Server ! {self(), Request},
    receive
        {'DOWN', Ref, _, _, _} ->
            exit(dbg_server_crash);
        {dbg, Reply} ->
            erlang:demonitor(Ref, [flush]),
            Reply
    end.

ensure_server() ->
    case whereis(dbg) of
        undefined ->
            case start() of
                {ok, Pid} -> Pid;
                {error, already_started} -> dbg
            end;
        Pid ->
            Pid
    end.

server_init(Parent) ->
    process_flag(trap_exit, true),
    register(dbg, self()),
    Parent ! {self(), started},
    server_loop(#srv{}).

reply(To, Reply) ->
    To ! {dbg, Reply},
    ok.

server_loop(S) ->
    receive
        {From, Request} when is_pid(From) ->
            server_loop(handle_request(From, Request, S));
        {'EXIT', Pid, Reason} ->
            server_loop(handle_exit(Pid, Reason, S));
        Other ->
            garbage(Other, S),
            server_loop(S)
    end.

handle_request(From, i, S) ->
    reply(From, show_info(tracing_nodes(S), modifier())),
    S;
handle_request(From, {p, Item, Flags}, S) ->
    reply(From, set_flags(Item, Flags, S)),
    S;
handle_request(From, {tracer, Fun}, S) when is_function(Fun) ->
    case lists:keyfind(node(), 1, S#srv.tracers) of
        false ->
            case catch Fun() of
                {'EXIT', Reason} ->
                    reply(From, {error, Reason}),
                    S;
                Tracer when is_pid(Tracer); is_port(Tracer) ->
                    reply(From, {ok, self()}),
                    add_tracer(Tracer, S);
                {Module, _State} = Tracer when is_atom(Module) ->
                    reply(From, {ok, self()}),
                    add_tracer(Tracer, S)
            end;
        _ ->
            reply(From, {error, already_started}),
            S
    end;
handle_request(From, {get_tracer, Node}, S) ->
    case lists:keyfind(Node, 1, S#srv.tracers) of
        false -> reply(From, {error, {no_tracer_on_node, Node}});
        {_, {_Relay, Tracer}} -> reply(From, {ok, Tracer})
    end,
    S;
handle_request(From, {pattern, Op}, S) ->
    {Id, Rows} = case S#srv.table of
                     none -> new_table();
                     Table -> Table
                 end,
    {Reply, Rows1} = pattern_op(Op, Rows),
    reply(From, Reply),
    S#srv{table = {Id, Rows1}};
handle_request(_From, stop, S) ->
    %% Every trace message sent so far reaches the tracer, and a trace
    %% port writes out its buffer, before the tracer is let go. Then no
    %% process or port keeps a flag for it: on OTP the tracer dies with the
    %% server (and the runtime clears its flags), but a tracer the server
    %% does not own (the shell's collector) lives on.
    lists:foreach(fun({_Node, {_Relay, Tracer}}) ->
                          catch call_local(?MODULE, deliver_and_flush, [Tracer]),
                          catch call_local(?MODULE, release_tracer, [Tracer])
                  end,
                  S#srv.tracers),
    exit(done);
handle_request(From, {link_to, Pid}, S) ->
    case catch link(Pid) of
        {'EXIT', Reason} ->
            reply(From, {error, Reason}),
            S;
        _ ->
            reply(From, {ok, Pid}),
            S#srv{clients = [Pid | S#srv.clients]}
    end;
handle_request(From, {remove_node, Node}, S) ->
    reply(From, ok),
    S#srv{tracers = lists:keydelete(Node, 1, S#srv.tracers)};
handle_request(From, get_nodes, S) ->
    reply(From, tracing_nodes(S)),
    S;
handle_request(From, Request, S) ->
    garbage({From, Request}, S),
    S.

add_tracer(Tracer, S) ->
    S#srv{tracers = S#srv.tracers ++ [{node(), {self(), Tracer}}]}.

tracing_nodes(S) ->
    [Node || {Node, _} <- S#srv.tracers].

%% A trace client may end; the tracer, the trace port or anything else
%% linked to the server ending stops dbg.
handle_exit(Pid, Reason, S) ->
    case lists:member(Pid, S#srv.clients) of
        true ->
            S#srv{clients = lists:delete(Pid, S#srv.clients)};
        false ->
            io:format(user, "** dbg got EXIT - terminating: ~" ++ modifier(user) ++ "p~n",
                      [Reason]),
            exit(done)
    end.

garbage(Msg, S) ->
    Table = case S#srv.table of
                none -> [];
                {Id, _} -> Id
            end,
    io:format(user, "** dbg got garbage: ~" ++ modifier(user) ++ "p~n",
              [{Msg, {S#srv.clients, S#srv.relays}, Table}]).

set_flags(Item, [clear], S) ->
    trace_items(Item, false, ?ALL_FLAGS, S);
set_flags(Item, Flags, S) ->
    case transform_flags(Flags) of
        {error, _} = Error -> Error;
        TraceFlags -> trace_items(Item, true, TraceFlags, S)
    end.

%% An atom item (a pid set or a registered name) goes to every tracing
%% node; anything else names one process on one node.
trace_items(Item, How, Flags, S) when is_atom(Item) ->
    case S#srv.tracers of
        [] ->
            {error, no_tracers};
        Tracers ->
            {ok, [trace_on(Node, Tracer, Item, How, Flags) || {Node, {_, Tracer}} <- Tracers]}
    end;
trace_items(Item, How, Flags, S) ->
    case item_pid(Item) of
        {badpid, _} = Bad ->
            {error, Bad};
        Pid ->
            Node = case is_pid(Pid) of
                       true -> node(Pid);
                       false -> node()
                   end,
            case lists:keyfind(Node, 1, S#srv.tracers) of
                false -> {error, {no_tracer_on_node, Node}};
                {_, {_, Tracer}} -> {ok, [trace_on(Node, Tracer, Pid, How, Flags)]}
            end
    end.

trace_on(Node, Tracer, Item, How, Flags) ->
    case call_local(?MODULE, erlang_trace, [Item, How, [tracer_flag(Tracer) | Flags]]) of
        N when is_integer(N) -> {matched, Node, N};
        {badrpc, Reason} -> {matched, Node, 0, Reason};
        Other -> {matched, Node, 0, Other}
    end.

%%% ====================================================================
%%% rpc:call/4 on the local node
%%% ====================================================================

%% OTP's dbg makes its BIF calls through rpc:call/4, even on its own node,
%% and its replies carry rpc's results: the value, or {badrpc, {'EXIT',
%% R}} for an exit, or {badrpc, {'EXIT', {Error, Stack}}} with the stack
%% cut below the called function. The same here, without a process hop.
call_local(M, F, A) ->
    try apply(M, F, A)
    catch
        throw:{'EXIT', _} = Thrown -> {badrpc, Thrown};
        throw:Value -> Value;
        exit:Reason -> {badrpc, {'EXIT', Reason}};
        error:Reason:Stack -> {badrpc, {'EXIT', {Reason, cut_stack(Stack, M, F, A)}}}
    end.

%% The frames above this module's call_local/3, as rpc cuts them: the
%% call itself as the last frame (with its arguments when it is the only
%% one and they are known, its arity otherwise); the whole stack when
%% call_local/3 is not in it.
cut_stack([{?MODULE, call_local, 3, _} | _], M, F, A) ->
    [{M, F, A, []}];
cut_stack([{M, F, A, _} = Frame, {?MODULE, call_local, 3, _} | _], M, F, A) ->
    [Frame];
cut_stack(Stack, M, F, A) ->
    cut_frames(Stack, M, F, A, [], Stack).

cut_frames([], _M, _F, _A, _Acc, Whole) ->
    Whole;
cut_frames([{M, F, Arity, _} = Frame, {?MODULE, call_local, 3, _} | _], M, F, A, Acc, _Whole)
  when Arity =:= length(A) ->
    lists:reverse([Frame | Acc]);
cut_frames([{?MODULE, call_local, 3, _} | _], M, F, A, Acc, _Whole) ->
    lists:reverse([{M, F, length(A), []} | Acc]);
cut_frames([Frame | Rest], M, F, A, Acc, Whole) ->
    cut_frames(Rest, M, F, A, [Frame | Acc], Whole).
