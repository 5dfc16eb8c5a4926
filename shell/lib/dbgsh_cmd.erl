%% dbgsh_cmd: the Erlang half of the shell's trace commands (shell/exec.c
%% parses a command line and calls run/4 in the shell's evaluator). Each
%% command becomes the calls an expression would make: dbg's in the session
%% main (the default trace session, dbg's own), the trace module's with the
%% session's handle in the others. The reply is the text the shell prints:
%%   {ok, Text} | {ok, Text, NewHandle} | {error, Text}
%% Text is iodata, lines ending in "\n"; an error is one line without one.
%% docs/internals/shell.md tells how the two halves meet.
-module(dbgsh_cmd).
-export([run/4]).

%% The flags p accepts, as dbg's, and which of them apply to ports.
-define(PORT_FLAGS, [send, 'receive', ports, running_ports, timestamp,
                     monotonic_timestamp, strict_monotonic_timestamp]).

%% The context comes as {Name, Handle, Tracer}: the session's name (a
%% binary), main or its trace session handle, and its collector port.
%% Texts go back as UTF-8 binaries.
run(Cmd, Opts, Args, {Name, Handle, Tracer}) ->
    Ctx = #{name => Name, handle => Handle, tracer => Tracer},
    try
        needs_tracer(Cmd) andalso ensure_tracer(Ctx),
        command(Cmd, Opts, Args, Ctx)
    of
        {ok, Text} -> {ok, text(Text)};
        {ok, Text, New} -> {ok, text(Text), New}
    catch
        throw:{cmd_error, Text} -> {error, text(Text)}
    end.

text(Text) ->
    unicode:characters_to_binary(Text).

%% dbg sets patterns and flags only where it has a tracer (OTP's dbg does
%% the same): in main the session's collector becomes dbg's tracer unless
%% the user gave dbg one (dbg:tracer() typed as an expression).
needs_tracer(Cmd) ->
    lists:member(Cmd, [tp, tpl, tpe, p]).

ensure_tracer(#{handle := main, tracer := Tracer}) ->
    case dbg:get_tracer() of
        {ok, _} -> true;
        _ -> {ok, _} = dbg:tracer(port, Tracer), true
    end;
ensure_tracer(_) ->
    true.

fail(Format, Args) ->
    throw({cmd_error, io_lib:format(Format, Args)}).

%%% ====================================================================
%%% Commands
%%% ====================================================================

command(Kind, Opts, [MfaText | Rest], Ctx) when Kind =:= tp; Kind =:= tpl ->
    MFA = parse_mfa(MfaText),
    Spec = parse_spec(Rest),
    Where = case Kind of tp -> global; tpl -> local end,
    Known = [Key || {Key, _} <- dbg:saved_patterns()],
    {N, Saved0} = set_pattern(MFA, Spec, Where, Ctx),
    Saved = case lists:member(Saved0, Known) of
                true -> none;   % given by number, or saved before
                false -> Saved0
            end,
    {ok, [matched_text(N, MFA, Saved),
          verbose_list(Opts, MFA, Ctx),
          tail_warning(N, MFA, resolved_spec(Spec), Ctx)]};
command(Kind, Opts, Args, Ctx) when Kind =:= ctp; Kind =:= ctpl; Kind =:= ctpg ->
    MFA = case Args of
              [] -> {'_', '_', '_'};
              [Text] -> parse_mfa(Text)
          end,
    Before = [F || F <- traced_functions(MFA, Ctx), clears(Kind, traced(F, Ctx))],
    _ = clear_pattern(MFA, Kind, Ctx),
    {ok, [io_lib:format("cleared the patterns of ~s~n", [functions(length(Before))]),
          case lists:member(v, Opts) of
              true -> [["  ", mfa_text(F), "\n"] || F <- Before];
              false -> []
          end]};
command(tpe, _Opts, [Event, SpecText], Ctx) ->
    Ev = message_event(Event),
    Spec = resolved_spec(parse_spec([SpecText])),
    check_spec(Spec),
    case Ctx of
        #{handle := main} ->
            case dbg:tpe(Ev, Spec) of
                {ok, _} -> ok;
                {error, Why} -> fail("~tp", [Why])
            end;
        #{handle := H} ->
            _ = save_spec(Spec),
            set_message_pattern(H, Ev, Spec)
    end,
    {ok, io_lib:format("match spec set on ~s events~n", [Ev])};
command(ctpe, _Opts, [Event], Ctx) ->
    Ev = message_event(Event),
    case Ctx of
        #{handle := main} -> {ok, _} = dbg:ctpe(Ev);
        #{handle := H} -> set_message_pattern(H, Ev, true)
    end,
    {ok, io_lib:format("every ~s event is traced again~n", [Ev])};
command(ltp, _Opts, [], _Ctx) ->
    dbg:ltp(),
    {ok, []};
command(dtp, _Opts, [], _Ctx) ->
    ok = dbg:dtp(),
    {ok, "deleted every saved match spec\n"};
command(dtp, _Opts, [Text], _Ctx) ->
    N = parse_number(Text),
    case lists:keymember(N, 1, saved_specs()) of
        true ->
            ok = dbg:dtp(N),
            {ok, io_lib:format("deleted match spec ~w~n", [N])};
        false ->
            fail("no saved match spec ~w (ltp lists them)", [N])
    end;
command(wtp, _Opts, [File], _Ctx) ->
    case dbg:wtp(binary_to_list(File)) of
        ok -> {ok, io_lib:format("wrote the saved match specs to ~ts~n", [File])};
        {error, Why} -> fail("cannot write ~ts: ~ts", [File, file_error(Why)])
    end;
command(rtp, _Opts, [File], _Ctx) ->
    Before = length(saved_specs()),
    case dbg:rtp(binary_to_list(File)) of
        ok ->
            New = length(saved_specs()) - Before,
            {ok, io_lib:format("read ~ts: ~w new match spec~s saved~n", [File, New, plural(New)])};
        {error, {read_error, Why}} ->
            fail("cannot read ~ts: ~ts", [File, file_error(Why)]);
        {error, {file_format_error, _}} ->
            fail("~ts holds something that is not a match spec; nothing saved", [File])
    end;
command(p, _Opts, [ItemText | FlagTexts], Ctx) ->
    Item = parse_item(ItemText),
    Flags = case FlagTexts of
                [] -> [m];
                _ -> [parse_atom(F, "flag") || F <- FlagTexts]
            end,
    N = set_flags(Item, Flags, Ctx),
    {ok, io_lib:format("matched ~w~s~n", [N, item_noun(Item, N)])};
command(i, _Opts, [], Ctx) ->
    {ok, info_text(Ctx)};
command(stop, _Opts, [], #{handle := main}) ->
    ok = dbg:stop(),
    clear_flags(main),
    {ok, "stopped tracing: flags and patterns cleared\n"};
command(stop, _Opts, [], #{handle := H, name := Name, tracer := Tracer}) ->
    ok = trace:session_destroy(H),
    New = trace:session_create(binary_to_atom(Name, utf8), Tracer, []),
    {ok, "stopped tracing: flags and patterns cleared\n", New};
command(session_new, _Opts, [Name], #{tracer := Tracer}) ->
    {ok, [], trace:session_create(binary_to_atom(Name, utf8), Tracer, [])};
command(session_destroy, _Opts, [], #{handle := main}) ->
    ok = dbg:stop(),
    clear_flags(main),
    {ok, []};
command(session_destroy, _Opts, [], #{handle := H}) ->
    ok = trace:session_destroy(H),
    {ok, []};
command(session_list, _Opts, [], Ctx) ->
    {ok, summary_text(Ctx)};
command(save, _Opts, [], Ctx) ->
    {ok, save_text(Ctx)};
command(mem, _Opts, [], _Ctx) ->
    dbgsh_mem:table();
command(mem_top, _Opts, Args, _Ctx) ->
    dbgsh_mem:top(Args);
command(mem_map, _Opts, [File], _Ctx) ->
    dbgsh_mem:map(File);
command(mem_diff, _Opts, [], _Ctx) ->
    dbgsh_mem:diff().

%%% ====================================================================
%%% Arguments
%%% ====================================================================

tokens(Text) ->
    case erl_scan:string(unicode:characters_to_list(Text)) of
        {ok, Tokens, _} -> Tokens;
        {error, _, _} -> error
    end.

%% MOD, MOD:FUN or MOD:FUN/ARITY; FUN and ARITY may be _.
parse_mfa(Text) ->
    case mfa_tokens(tokens(Text)) of
        {ok, MFA} -> MFA;
        error -> fail("bad function '~ts': expected MOD, MOD:FUN or MOD:FUN/ARITY", [Text])
    end.

mfa_tokens([M]) -> mfa_parts(M, {var, 0, '_'}, {var, 0, '_'});
mfa_tokens([M, {':', _}, F]) -> mfa_parts(M, F, {var, 0, '_'});
mfa_tokens([M, {':', _}, F, {'/', _}, A]) -> mfa_parts(M, F, A);
mfa_tokens(_) -> error.

mfa_parts(M, F, A) ->
    case {name_token(M), name_token(F), arity_token(A)} of
        {{ok, Mod}, {ok, Fun}, {ok, Ar}} -> {ok, {Mod, Fun, Ar}};
        _ -> error
    end.

name_token({atom, _, A}) -> {ok, A};
name_token({var, _, '_'}) -> {ok, '_'};
name_token({Reserved, _}) when is_atom(Reserved) ->
    %% reserved words (receive, catch, ...) are atoms too as function names
    case erl_scan:reserved_word(Reserved) of
        true -> {ok, Reserved};
        false -> error
    end;
name_token(_) -> error.

arity_token({integer, _, N}) when N >= 0, N =< 255 -> {ok, N};
arity_token({var, _, '_'}) -> {ok, '_'};
arity_token(_) -> error.

%% The match spec argument: none, an alias, a saved spec's number, a term
%% or a fun as dbg:fun2ms/1 takes it.
parse_spec([]) ->
    [];
parse_spec([Text]) ->
    case tokens(Text) of
        [{atom, _, Alias}] when Alias =:= x; Alias =:= c; Alias =:= cx;
                                Alias =:= exception_trace; Alias =:= caller_trace;
                                Alias =:= caller_exception_trace ->
            Alias;
        [{atom, _, caller}] -> c;
        [{atom, _, return}] -> [{'_', [], [{return_trace}]}];
        [{integer, _, N}] -> N;
        [{'fun', _} | _] = Tokens -> fun_spec(Text, Tokens);
        error -> fail("bad match spec '~ts': not a term", [Text]);
        Tokens ->
            case erl_parse:parse_term(Tokens ++ [{dot, 1}]) of
                {ok, Spec} when is_list(Spec) -> Spec;
                {ok, _} -> fail("bad match spec '~ts': not a list of {Head, Guards, Body}", [Text]);
                {error, {_, _, Why}} ->
                    fail("bad match spec '~ts': ~ts", [Text, erl_parse:format_error(Why)])
            end
    end.

fun_spec(Text, Tokens) ->
    case erl_parse:parse_exprs(Tokens ++ [{dot, 1}]) of
        {ok, [{'fun', _, {clauses, Clauses}}]} ->
            case ms_transform:transform_from_shell(dbg, Clauses, []) of
                {error, [{_, [{_, _, Code} | _]} | _], _} ->
                    fail("bad match spec fun: ~ts", [ms_transform:format_error(Code)]);
                Spec ->
                    Spec
            end;
        {ok, _} ->
            fail("bad match spec '~ts': a fun is one fun(...) -> ... end", [Text]);
        {error, {_, _, Why}} ->
            fail("bad match spec fun: ~ts", [erl_parse:format_error(Why)])
    end.

%% A saved spec's number or alias as the spec it stands for.
resolved_spec(Spec) when is_list(Spec) -> Spec;
resolved_spec(Key) ->
    case dbg:lookup_pattern(Key) of
        {ok, Spec} when is_list(Spec) -> Spec;
        {ok, Alias} -> resolved_spec(Alias);
        none -> fail("no saved match spec ~w (ltp lists them)", [Key])
    end.

check_spec([]) -> ok;
check_spec(Spec) ->
    case erlang:match_spec_test([], Spec, trace) of
        {ok, _, _, _} -> ok;
        {error, Errors} -> spec_error(Errors)
    end.

spec_error([{error, Text} | _]) -> fail("bad match spec: ~ts", [Text]);
spec_error(Other) -> fail("bad match spec: ~tp", [Other]).

save_spec([]) -> none;
save_spec(Spec) -> dbg:save_pattern(Spec).

saved_specs() ->
    [Row || {Key, _} = Row <- dbg:saved_patterns(), is_integer(Key)].

parse_number(Text) ->
    case tokens(Text) of
        [{integer, _, N}] -> N;
        _ -> fail("expected a number, got '~ts'", [Text])
    end.

parse_atom(Text, What) ->
    case tokens(Text) of
        [{atom, _, A}] -> A;
        [{Word, _}] when is_atom(Word) -> Word;
        _ -> fail("bad ~s '~ts'", [What, Text])
    end.

message_event(<<"send">>) -> send;
message_event(<<"receive">>) -> 'receive';
message_event(Other) -> fail("expected send or receive, got '~ts'", [Other]).

%% A p item: a pid <X.Y.Z>, a port #Port<X.Y>, a number N for <0.N.0>, a
%% registered name or a word for a set of processes.
parse_item(<<"<", _/binary>> = Text) ->
    try list_to_pid(binary_to_list(Text))
    catch error:badarg -> fail("bad pid '~ts'", [Text])
    end;
parse_item(<<"#Port<", _/binary>> = Text) ->
    case [P || P <- erlang:ports(), erlang:port_to_list(P) =:= binary_to_list(Text)] of
        [Port] -> Port;
        [] -> fail("no port ~ts", [Text])
    end;
parse_item(Text) ->
    case tokens(Text) of
        [{integer, _, N}] -> c:pid(0, N, 0);
        [{atom, _, A}] -> A;
        _ -> fail("bad process '~ts': a pid, a number, a registered name or all, new, existing, ...",
                  [Text])
    end.

file_error(Why) ->
    case file:format_error(Why) of
        "unknown POSIX error" ++ _ -> io_lib:format("~tp", [Why]);
        Text -> Text
    end.

%%% ====================================================================
%%% Function patterns
%%% ====================================================================

%% Sets the pattern; {how many functions matched, the saved spec's key or
%% none}.
set_pattern(MFA, Spec, Where, #{handle := main}) ->
    Reply = case Where of
                global -> dbg:tp(MFA, Spec);
                local -> dbg:tpl(MFA, Spec)
            end,
    case Reply of
        {ok, [{matched, _, N} | Saved]} -> {N, saved_key(Saved)};
        {ok, [{matched, _, 0, Why} | _]} -> fail("cannot set a pattern on ~s: ~tp", [mfa_text(MFA), Why]);
        {error, unknown_pattern} -> fail("no saved match spec ~w (ltp lists them)", [Spec]);
        {error, [{error, _} | _] = Errors} -> spec_error(Errors);
        {error, Why} -> fail("~tp", [Why])
    end;
set_pattern(MFA, Spec0, Where, #{handle := H}) ->
    Spec = resolved_spec(Spec0),
    check_spec(Spec),
    Key = case is_list(Spec0) of
              true -> saved_key([{saved, save_spec(Spec)}]);
              false -> none
          end,
    ensure_loaded(MFA),
    N = trace:function(H, MFA, Spec, [Where]),
    {N, Key}.

%% Only a spec saved under a new number is worth a word: an alias given
%% by name is saved already.
saved_key([{saved, Key}]) when is_integer(Key) -> Key;
saved_key(_) -> none.

ensure_loaded({M, _, _}) when M =/= '_' -> _ = code:ensure_loaded(M), ok;
ensure_loaded(_) -> ok.

clear_pattern(MFA, Kind, #{handle := main}) ->
    {ok, [{matched, _, N} | _]} = case Kind of
                                      ctp -> dbg:ctp(MFA);
                                      ctpl -> dbg:ctpl(MFA);
                                      ctpg -> dbg:ctpg(MFA)
                                  end,
    N;
clear_pattern(MFA, Kind, #{handle := H}) ->
    G = case Kind of ctpl -> 0; _ -> trace:function(H, MFA, false, [global]) end,
    L = case Kind of ctpg -> 0; _ -> trace:function(H, MFA, false, [local]) end,
    max(G, L).

clears(ctp, _) -> true;
clears(ctpl, Kind) -> Kind =:= local;
clears(ctpg, Kind) -> Kind =:= global.

set_message_pattern(H, send, Spec) -> trace:send(H, Spec, []);
set_message_pattern(H, 'receive', Spec) -> trace:recv(H, Spec, []).

matched_text(0, MFA, _Saved) ->
    case MFA of
        {M, _, _} when M =/= '_' ->
            case code:ensure_loaded(M) of
                {error, Why} ->
                    io_lib:format("no function matches ~s: module ~w cannot be loaded (~w)~n",
                                  [mfa_text(MFA), M, Why]);
                _ ->
                    io_lib:format("no function matches ~s~n", [mfa_text(MFA)])
            end;
        _ ->
            io_lib:format("no function matches ~s~n", [mfa_text(MFA)])
    end;
matched_text(N, _MFA, none) ->
    io_lib:format("matched ~s~n", [functions(N)]);
matched_text(N, _MFA, Key) ->
    io_lib:format("matched ~s; match spec saved as ~w~n", [functions(N), Key]).

functions(1) -> "1 function";
functions(N) -> integer_to_list(N) ++ " functions".

plural(1) -> "";
plural(_) -> "s".

verbose_list(Opts, MFA, Ctx) ->
    case lists:member(v, Opts) of
        true -> [["  ", mfa_text(F), "\n"] || F <- traced_functions(MFA, Ctx)];
        false -> []
    end.

%% Return tracing keeps a frame per call: a function that calls itself in
%% tail position no longer runs in constant space.
tail_warning(0, _MFA, _Spec, _Ctx) ->
    [];
tail_warning(_N, MFA, Spec, Ctx) ->
    case returns_traced(Spec) of
        false ->
            [];
        true ->
            case [F || F <- traced_functions(MFA, Ctx), dbgsh_trace:tail_recursive(F)] of
                [] ->
                    [];
                Loops ->
                    [io_lib:format("warning: ~s calls itself in tail position: with return tracing"
                                   " every call keeps a stack frame until it returns~n",
                                   [mfa_text(F)]) || F <- Loops]
            end
    end.

returns_traced(Spec) when is_list(Spec) ->
    lists:any(fun({_, _, Body}) when is_list(Body) ->
                      lists:any(fun(A) -> A =:= {return_trace} orelse A =:= {exception_trace} end, Body);
                 (_) -> false
              end, Spec);
returns_traced(_) -> false.

%% The functions matching MFA that have a pattern now, sorted.
traced_functions(MFA, Ctx) ->
    lists:sort([F || F <- candidates(MFA), traced(F, Ctx) =/= false]).

candidates({M, F, A}) ->
    Mods = case M of
               '_' -> [Mod || {Mod, _} <- code:all_loaded()];
               _ -> [M]
           end,
    [{Mod, Fun, Ar} || Mod <- Mods,
                       {Fun, Ar} <- module_functions(Mod),
                       F =:= '_' orelse F =:= Fun,
                       A =:= '_' orelse A =:= Ar].

module_functions(Mod) ->
    try Mod:module_info(functions)
    catch _:_ -> []
    end.

traced(MFA, #{handle := main}) ->
    element(2, erlang:trace_info(MFA, traced));
traced(MFA, #{handle := H}) ->
    element(2, trace:info(H, MFA, traced)).

mfa_text({M, F, A}) ->
    [atom_text(M),
     case F of '_' when A =:= '_' -> []; _ -> [":", atom_text(F)] end,
     case A of '_' -> []; _ -> ["/", integer_to_list(A)] end].

atom_text('_') -> "_";
atom_text(A) -> io_lib:write_atom(A).

%%% ====================================================================
%%% Process flags
%%% ====================================================================

set_flags(Item, Flags, #{handle := main}) ->
    case dbg:p(Item, Flags) of
        {ok, [{matched, _, N}]} -> N;
        {ok, [{matched, _, 0, {no_proc, _}}]} -> fail("no process ~s", [item_text(Item)]);
        {ok, [{matched, _, 0, Why}]} -> fail("cannot trace ~s: ~tp", [item_text(Item), Why]);
        {error, {bad_flags, [Bad | _]}} -> fail("unknown trace flag ~w", [Bad]);
        {error, Why} -> fail("cannot trace ~s: ~tp", [item_text(Item), Why])
    end;
set_flags(Item, Flags0, #{handle := H}) ->
    {How, Flags} = case Flags0 of
                       [clear] -> {false, all_flags()};
                       _ -> {true, session_flags(Flags0)}
                   end,
    Spec = session_item(Item),
    try trace_item(H, Spec, How, Flags)
    catch error:badarg -> fail("cannot trace ~s", [item_text(Item)])
    end.

session_flags(Flags) ->
    case dbg:transform_flags(Flags) of
        {error, {bad_flags, [Bad | _]}} -> fail("unknown trace flag ~w", [Bad]);
        List -> List
    end.

all_flags() ->
    dbg:transform_flags([all]) ++ [silent, running].

session_item(Item) when is_pid(Item); is_port(Item) -> Item;
session_item(Item) when Item =:= all; Item =:= new; Item =:= existing;
                        Item =:= processes; Item =:= new_processes; Item =:= existing_processes;
                        Item =:= ports; Item =:= new_ports; Item =:= existing_ports ->
    Item;
session_item(Name) when is_atom(Name) ->
    case whereis(Name) of
        undefined -> fail("no process is registered as ~w", [Name]);
        Pid -> Pid
    end.

%% Processes, ports or both, as the item says.
trace_item(H, Pid, How, Flags) when is_pid(Pid) ->
    trace:process(H, Pid, How, Flags);
trace_item(H, Port, How, Flags) when is_port(Port) ->
    trace:port(H, Port, How, port_flags(Flags));
trace_item(H, Set, How, Flags) ->
    {Procs, Ports} = split_set(Set),
    P = case Procs of none -> 0; PS -> trace:process(H, PS, How, Flags) end,
    Q = case {Ports, port_flags(Flags)} of
            {none, _} -> 0;
            {_, []} -> 0;
            {QS, PF} -> trace:port(H, QS, How, PF)
        end,
    P + Q.

split_set(all) -> {all, all};
split_set(new) -> {new, new};
split_set(existing) -> {existing, existing};
split_set(processes) -> {all, none};
split_set(new_processes) -> {new, none};
split_set(existing_processes) -> {existing, none};
split_set(ports) -> {none, all};
split_set(new_ports) -> {none, new};
split_set(existing_ports) -> {none, existing}.

port_flags(Flags) ->
    [F || F <- Flags, lists:member(F, ?PORT_FLAGS)].

clear_flags(main) ->
    _ = erlang:trace(all, false, [all]),
    ok.

item_text(Item) -> io_lib:format("~w", [Item]).

item_noun(Item, N) when is_pid(Item); is_atom(Item), Item =/= all, Item =/= new, Item =/= existing,
                                      Item =/= processes, Item =/= new_processes,
                                      Item =/= existing_processes, Item =/= ports,
                                      Item =/= new_ports, Item =/= existing_ports ->
    case N of 1 -> " process"; _ -> " processes" end;
item_noun(Item, N) when is_port(Item) ->
    case N of 1 -> " port"; _ -> " ports" end;
item_noun(Item, _N) when Item =:= processes; Item =:= new_processes; Item =:= existing_processes ->
    " processes";
item_noun(Item, _N) when Item =:= ports; Item =:= new_ports; Item =:= existing_ports ->
    " ports";
item_noun(_Item, _N) ->
    " processes and ports".

%%% ====================================================================
%%% i, session list, save
%%% ====================================================================

info_text(Ctx) ->
    Procs = traced_items(Ctx),
    Funs = patterns(Ctx),
    [io_lib:format("session ~ts~n", [maps:get(name, Ctx)]),
     case Procs of
         [] -> "  no process or port is traced\n";
         _ -> ["  processes and ports:\n",
               [io_lib:format("    ~-14s ~w~n", [item_text(I), Fs]) || {I, Fs} <- Procs]]
     end,
     case Funs of
         [] -> "  no trace pattern\n";
         _ -> ["  trace patterns:\n",
               [io_lib:format("    ~-30s ~-6s ~w~n", [mfa_text(F), Kind, Spec]) || {F, Kind, Spec} <- Funs]]
     end,
     [io_lib:format("  ~s: ~w~n", [Ev, Spec]) || {Ev, Spec} <- message_patterns(Ctx)]].

summary_text(Ctx) ->
    Procs = traced_items(Ctx),
    Funs = patterns(Ctx),
    io_lib:format("~w traced, ~w pattern~s", [length(Procs), length(Funs), plural(length(Funs))]).

%% Every traced process and port with its flags, and the flags new ones get.
traced_items(Ctx) ->
    Items = erlang:processes() ++ erlang:ports(),
    Traced = [{I, Fs} || I <- Items, Fs <- [item_flags(I, Ctx)], Fs =/= []],
    New = [{new, Fs} || Fs <- [item_flags(new, Ctx)], Fs =/= []],
    New ++ Traced.

item_flags(Item, #{handle := main}) ->
    case catch erlang:trace_info(Item, flags) of
        {flags, Fs} when is_list(Fs) -> lists:sort(Fs);
        _ -> []
    end;
item_flags(Item, #{handle := H}) ->
    case catch trace:info(H, Item, flags) of
        {flags, Fs} when is_list(Fs) -> lists:sort(Fs);
        _ -> []
    end.

%% {MFA, global | local, Spec} for every function with a pattern.
patterns(Ctx) ->
    [{F, Kind, Spec} || F <- candidates({'_', '_', '_'}),
                        Kind <- [traced(F, Ctx)], Kind =/= false,
                        Spec <- [match_spec(F, Ctx)]].

match_spec(MFA, #{handle := main}) -> element(2, erlang:trace_info(MFA, match_spec));
match_spec(MFA, #{handle := H}) -> element(2, trace:info(H, MFA, match_spec)).

message_patterns(#{handle := main}) ->
    [{Ev, Spec} || Ev <- [send, 'receive'], {match_spec, Spec} <- [erlang:trace_info(Ev, match_spec)],
                   Spec =/= true];
message_patterns(#{handle := H}) ->
    [{Ev, Spec} || Ev <- [send, 'receive'], {match_spec, Spec} <- [trace:info(H, Ev, match_spec)],
                   Spec =/= true].

%% The commands that set the session's patterns and flags again. Pids
%% that are not registered do not outlive the run: they are comments.
save_text(Ctx) ->
    [[io_lib:format("~s ~s ~w~n", [case Kind of global -> "tp"; local -> "tpl" end, mfa_text(F), Spec])
      || {F, Kind, Spec} <- patterns(Ctx)],
     [io_lib:format("tpe ~s ~w~n", [Ev, Spec]) || {Ev, Spec} <- message_patterns(Ctx)],
     [save_item(I, Fs) || {I, Fs} <- traced_items(Ctx)]].

save_item(Item, Flags) ->
    Words = lists:join(" ", [io_lib:write_atom(F) || F <- Flags, is_atom(F)]),
    case Item of
        new -> ["p new ", Words, "\n"];
        Pid when is_pid(Pid) ->
            case erlang:process_info(Pid, registered_name) of
                {registered_name, Name} -> ["p ", io_lib:write_atom(Name), " ", Words, "\n"];
                _ -> io_lib:format("% p ~w ~s (a pid: not kept across runs)~n", [Pid, Words])
            end;
        Port -> io_lib:format("% p ~w ~s (a port: not kept across runs)~n", [Port, Words])
    end.
