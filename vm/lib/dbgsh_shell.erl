%% dbgsh_shell: the shell's evaluator process (vm/eval.c), and the commands
%% erl's shell handles itself: rd/2, rf/0,1, rl/0,1, rp/1, rr/1,2,3 (records)
%% and h/0 (history). An input arrives compiled, as a module whose eval takes
%% the values bound so far; its outcome goes back through reply/1 (a BIF); an
%% exception ends the evaluator, as in erl, so the next input gets a new one.
-module(dbgsh_shell).
-export([start/0, h/1, rd/3, rf/1, rf/2, rl/1, rl/2, rp/2, rr/2, rr/3, rr/4]).

start() ->
    loop().

loop() ->
    receive
        {dbgsh_eval, Mod, Args} ->
            try apply(Mod, eval, Args) of
                {Value, Bindings} ->
                    dbgsh_shell:reply({value, Value, Bindings, take_table()}),
                    loop()
            catch
                Class:Reason:Stack ->
                    dbgsh_shell:reply({exception, Class, Reason, Stack, take_table()})
            end
    end.

%% The record table lives in vm/eval.c: an input that calls a record command
%% gets it as the command's last argument (eval.c rewrites rd(...) into
%% dbgsh_shell:rd(..., Table)); a table the input changes is kept in the
%% process dictionary until the input ends, and the reply hands it back.
-define(CHANGED, '$dbgsh_shell_records').

%% The table the input changed (a list), else unchanged.
take_table() ->
    case erase(?CHANGED) of
        Table when is_list(Table) -> Table;
        _ -> unchanged
    end.

%% The table as it stands in this input: [{Name, {attribute, A, record,
%% {Name, Fields}}}], sorted by name.
table(Table) ->
    case get(?CHANGED) of
        Changed when is_list(Changed) -> Changed;
        _ -> Table
    end.

%% ---- the record commands ----------------------------------------------------------------

%% rd(Name, Definition): Name and Definition are parse trees, as erl's shell
%% takes them; Definition a tuple of field names and Field = Default.
rd({atom, _, Name}, Def, Table) ->
    [Name] = add_records([{attribute, element(2, Def), record, {Name, record_decl(Def)}}], Table),
    Name;
rd(_, _, _) ->
    erlang:raise(error, function_clause, [{shell, rd, 2, []}]).

record_decl({tuple, _, Fields}) -> [record_field(F) || F <- Fields];
record_decl(_) -> exit("bad record declaration").

record_field({atom, A, F}) -> {record_field, A, {atom, A, F}};
record_field({match, A, {atom, _, _} = F, Default}) -> {record_field, A, F, Default};
record_field(_) -> exit("bad record field").

%% rf(): forgets every record; the records of shell_default and
%% user_default come back in erl's shell (ours have none).
rf(_Table) ->
    put(?CHANGED, []),
    [].

%% rf(Name | [Name] | '_'): forgets these records.
rf('_', _Table) ->
    put(?CHANGED, []),
    ok;
rf(Names, Table) ->
    Gone = listify(Names),
    put(?CHANGED, [R || {Name, _} = R <- table(Table), not lists:member(Name, Gone)]),
    ok.

%% rl(): prints every record definition, as -record(...). forms.
rl(Table) ->
    list_records(table(Table)).

%% rl(Name | [Name]): prints these, in the order named.
rl(Names, Table) ->
    T = table(Table),
    list_records(lists:flatmap(fun(Name) -> [R || {N, _} = R <- T, N =:= Name] end, listify(Names))).

%% rp(Term): prints Term in full, records as the shell knows them.
rp(Term, _Table) ->
    io:format("~ts~n", [dbgsh_out:shell_pp(Term, 1)]),
    ok.

%% rr(Module | File | Wildcard[, Names[, Options]]): reads the records of a
%% module's source (as its module_info(compile) names it) or of source files, and defines
%% those named ('_': all); returns their names.
rr(File, Table) -> rr(File, '_', [], Table).

rr(File, Selected, Table) -> rr(File, Selected, [], Table).

rr(File, Selected, _Options, Table) ->
    case read_records(File) of
        Forms when is_list(Forms) ->
            Sel = [F || {attribute, _, _, {Name, _}} = F <- Forms,
                        Selected =:= '_' orelse lists:member(Name, listify(Selected))],
            add_records(Sel, Table);
        Error ->
            Error
    end.

%% Adds record definitions (checked) to the table; their names, sorted.
add_records(Forms, Table) ->
    case [Error || {attribute, _, record, {Name, Fields}} <- Forms,
                   Error <- [duplicate_field(Name, [field_name(F) || F <- Fields])], Error =/= none] of
        [Error | _] -> exit(Error);
        [] -> ok
    end,
    New = [{Name, F} || {attribute, _, _, {Name, _}} = F <- Forms],
    Old = [R || {Name, _} = R <- table(Table), not lists:keymember(Name, 1, New)],
    put(?CHANGED, lists:keysort(1, Old ++ lists:ukeysort(1, lists:reverse(New)))),
    lists:usort([Name || {Name, _} <- New]).

%% erl_lint's complaint about a field named twice, or none.
duplicate_field(_, []) ->
    none;
duplicate_field(Name, [F | Fs]) ->
    case lists:member(F, Fs) of
        true -> lists:flatten(io_lib:format("field ~tw already defined in record ~tw", [F, Name]));
        false -> duplicate_field(Name, Fs)
    end.

field_name({typed_record_field, Field, _}) -> field_name(Field);
field_name({record_field, _, {atom, _, F}}) -> F;
field_name({record_field, _, {atom, _, F}, _}) -> F.

listify(L) when is_list(L) -> L;
listify(X) -> [X].

%% ---- reading records from source ----------------------------------------------------

read_records(Module) when is_atom(Module) ->
    Source = case code:ensure_loaded(Module) of
                 {module, _} -> lists:keyfind(source, 1, erlang:get_module_info(Module, compile));
                 _ -> false
             end,
    case Source of
        {source, File} ->
            case {filename:extension(File), file:read_file_info(File)} of
                {".erl", {ok, _}} -> file_records(File);
                _ -> {error, nofile}
            end;
        false ->
            {error, nofile}
    end;
read_records(Pattern) ->
    case catch wildcard(Pattern) of
        [File] ->
            file_records(File);
        Files when is_list(Files) ->
            lists:flatmap(fun(File) ->
                                  case file_records(File) of
                                      Forms when is_list(Forms) -> Forms;
                                      _ -> []
                                  end
                          end, Files);
        _ ->
            {error, invalid_filename}
    end.

%% The -record forms of a source file, each form scanned and parsed on its
%% own (there is no preprocessor: forms that use macros are skipped).
file_records(File) ->
    case file:read_file(File) of
        {ok, Bin} ->
            Text = case unicode:characters_to_list(Bin) of
                       L when is_list(L) -> L;
                       _ -> binary_to_list(Bin)
                   end,
            case erl_scan:string(Text) of
                {ok, Tokens, _} ->
                    [Form || Ts <- split_forms(Tokens, []),
                             {ok, {attribute, _, record, _} = Form} <- [catch erl_parse:parse_form(Ts)]];
                {error, Error, _} ->
                    {error, Error}
            end;
        {error, Reason} ->
            {error, Reason}
    end.

split_forms([], []) -> [];
split_forms([], Acc) -> [lists:reverse(Acc)];
split_forms([{dot, _} = Dot | Ts], Acc) -> [lists:reverse([Dot | Acc]) | split_forms(Ts, [])];
split_forms([T | Ts], Acc) -> split_forms(Ts, [T | Acc]).

%% filelib:wildcard/1 for patterns whose last part holds * and ?.
wildcard(Pattern0) ->
    Pattern = case Pattern0 of
                  _ when is_atom(Pattern0) -> atom_to_list(Pattern0);
                  _ when is_binary(Pattern0) -> binary_to_list(Pattern0);
                  _ -> lists:flatten(Pattern0)
              end,
    Base = filename:basename(Pattern),
    case lists:any(fun(C) -> C =:= $* orelse C =:= $? end, Base) of
        false ->
            case file:read_file_info(Pattern) of
                {ok, _} -> [Pattern];
                _ -> []
            end;
        true ->
            Dir = filename:dirname(Pattern),
            case file:list_dir(Dir) of
                {ok, Names} ->
                    [case Pattern =:= Base of
                         true -> N;
                         false -> filename:join(Dir, N)
                     end || N <- lists:sort(Names), glob(Base, N)];
                _ ->
                    []
            end
    end.

glob([], []) -> true;
glob([$* | P], N) -> glob(P, N) orelse (N =/= [] andalso glob([$* | P], tl(N)));
glob([$? | P], [_ | N]) -> glob(P, N);
glob([C | P], [C | N]) -> glob(P, N);
glob(_, _) -> false.

%% ---- printing record definitions (erl_pp's layout for them) ----------------------------

list_records(Records) ->
    lists:foreach(fun({_, {attribute, _, record, {Name, Fields}}}) ->
                          Head = "-record(" ++ io_lib:write_atom(Name) ++ ",{",
                          Fs = [field(F) || F <- Fields],
                          OneLine = Head ++ lists:join(", ", Fs) ++ "}).",
                          Text = case string:length(OneLine) =< 72 of
                                     true ->
                                         OneLine;
                                     false ->
                                         Indent = [$\n | lists:duplicate(length(Head), $\s)],
                                         Head ++ lists:join([$, | Indent], Fs) ++ "})."
                                 end,
                          io:format("~ts~n", [Text])
                  end, Records),
    ok.

field({typed_record_field, Field, Type}) -> field(Field) ++ " :: " ++ type(Type);
field({record_field, _, {atom, _, F}}) -> io_lib:write_atom(F);
field({record_field, _, {atom, _, F}, Default}) -> io_lib:write_atom(F) ++ " = " ++ expr(Default).

expr({atom, _, A}) -> io_lib:write_atom(A);
expr({integer, _, I}) -> integer_to_list(I);
expr({float, _, F}) -> io_lib:write(F);
expr({char, _, C}) -> io_lib:write_char(C);
expr({string, _, S}) -> io_lib:write_string(S);
expr({var, _, V}) -> atom_to_list(V);
expr({nil, _}) -> "[]";
expr({cons, _, _, _} = L) -> "[" ++ cons(L) ++ "]";
expr({tuple, _, Es}) -> "{" ++ exprs(Es) ++ "}";
expr({record, _, Name, Fs}) -> "#" ++ io_lib:write_atom(Name) ++ "{" ++ inits(Fs) ++ "}";
expr({map, _, Fs}) -> "#{" ++ lists:join(", ", [expr(K) ++ " => " ++ expr(V) || {_, _, K, V} <- Fs]) ++ "}";
expr({call, _, {remote, _, M, F}, As}) -> expr(M) ++ ":" ++ expr(F) ++ "(" ++ exprs(As) ++ ")";
expr({call, _, F, As}) -> expr(F) ++ "(" ++ exprs(As) ++ ")";
expr({op, _, Op, L, R}) -> expr(L) ++ " " ++ atom_to_list(Op) ++ " " ++ expr(R);
expr({op, _, Op, E}) when Op =:= '-'; Op =:= '+' -> atom_to_list(Op) ++ expr(E);
expr({op, _, Op, E}) -> atom_to_list(Op) ++ " " ++ expr(E);
expr({'fun', _, {function, F, A}}) -> "fun " ++ io_lib:write_atom(F) ++ "/" ++ integer_to_list(A);
expr({'fun', _, {function, M, F, A}}) -> "fun " ++ expr(M) ++ ":" ++ expr(F) ++ "/" ++ expr(A);
expr({bin, _, []}) -> "<<>>";
expr(Other) -> io_lib:format("~tp", [Other]).

exprs(Es) -> lists:join(", ", [expr(E) || E <- Es]).

inits(Fs) -> lists:join(", ", [expr(K) ++ " = " ++ expr(V) || {record_field, _, K, V} <- Fs]).

cons({cons, _, H, {nil, _}}) -> expr(H);
cons({cons, _, H, {cons, _, _, _} = T}) -> expr(H) ++ ", " ++ cons(T);
cons({cons, _, H, T}) -> expr(H) ++ " | " ++ expr(T).

type({type, _, union, Ts}) -> lists:join(" | ", [type(T) || T <- Ts]);
type({type, _, list, [T]}) -> "[" ++ type(T) ++ "]";
type({type, _, nonempty_list, [T]}) -> "[" ++ type(T) ++ ", ...]";
type({type, _, nil, []}) -> "[]";
type({type, _, tuple, any}) -> "tuple()";
type({type, _, tuple, Ts}) -> "{" ++ lists:join(", ", [type(T) || T <- Ts]) ++ "}";
type({type, _, map, any}) -> "map()";
type({type, _, record, [{atom, _, Name} | Fs]}) ->
    "#" ++ io_lib:write_atom(Name) ++ "{" ++ lists:join(", ", [type(F) || F <- Fs]) ++ "}";
type({type, _, field_type, [{atom, _, F}, T]}) -> io_lib:write_atom(F) ++ " :: " ++ type(T);
type({type, _, range, [L, H]}) -> type(L) ++ ".." ++ type(H);
type({type, _, binary, [{integer, _, 0}, {integer, _, 0}]}) -> "<<>>";
type({type, _, 'fun', []}) -> "fun()";
type({type, _, Name, Args}) when is_list(Args) -> io_lib:write_atom(Name) ++ "(" ++ types(Args) ++ ")";
type({remote_type, _, [M, N, Args]}) -> type(M) ++ ":" ++ type(N) ++ "(" ++ types(Args) ++ ")";
type({user_type, _, Name, Args}) -> io_lib:write_atom(Name) ++ "(" ++ types(Args) ++ ")";
type({ann_type, _, [V, T]}) -> type(V) ++ " :: " ++ type(T);
type({paren_type, _, [T]}) -> "(" ++ type(T) ++ ")";
type({var, _, V}) -> atom_to_list(V);
type(Literal) -> expr(Literal).

types(Ts) -> lists:join(", ", [type(T) || T <- Ts]).

%% ---- h/0 ------------------------------------------------------------------------------

%% h(): each input kept, "N: Input" (as typed) and, when its result is
%% kept, "-> Value". History is [{N, Bytes, {value, V} | none}].
h(History) ->
    lists:foreach(fun({N, Bytes, Result}) ->
                          Text = case unicode:characters_to_list(list_to_binary(Bytes)) of
                                     L when is_list(L) -> L;
                                     _ -> Bytes
                                 end,
                          io:format("~w: ~ts~n", [N, Text]),
                          case Result of
                              {value, V} -> io:format("-> ~ts~n", [dbgsh_out:shell_pp(V, 4)]);
                              none -> ok
                          end
                  end, History),
    ok.
