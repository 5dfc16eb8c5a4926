%% ms_transform: match specifications written as funs, as OTP 25's
%% ms_transform has them: transform_from_shell/3 (what ets:fun2ms/1 and
%% dbg:fun2ms/1 call on a shell fun's clauses), parse_transform/2 (the same
%% for ets:fun2ms/dbg:fun2ms calls in compiled modules) and format_error/1
%% with OTP's texts. Inside, a failure is thrown as {error, Anno, Code}.
-module(ms_transform).

-export([format_error/1, transform_from_shell/3, parse_transform/2,
         parse_transform_info/0]).

%% Error codes (OTP's numbers). A guard's error is the base code, a body's
%% the base code + 100.
-define(NOFUN, 1).
-define(ETS_HEAD, 2).
-define(DBG_HEAD, 3).
-define(HEADMATCH, 4).
-define(SEMI_GUARD, 5).
-define(UNBOUND_VARIABLE, 6).
-define(HEADBADREC, 7).
-define(HEADBADFIELD, 8).
-define(HEADMULTIFIELD, 9).
-define(HEADDOLLARATOM, 10).
-define(HEADBINMATCH, 11).
-define(MATCH, 16).
-define(LOCALCALL, 17).
-define(ELEMENT, 18).
-define(BADFIELD, 19).
-define(BADREC, 20).
-define(MULTIFIELD, 21).
-define(REMOTECALL, 22).
-define(BINCONSTRUCT, 23).
-define(DISALLOWEDOP, 24).
-define(SHADOW_VAR, 50).
-define(BODY, 100).

%% What translating a guard or a body needs: the head's variables
%% ({NextNumber, [{Name, '$N'}]}, newest first), whether it is a guard or
%% a body, the error base (0 or ?BODY) and the known records
%% ([{Name, [{Field, Position, DefaultExpr}]}], fields in order).
-record(ctx, {binds, part, base, recs}).

%% The process dictionary key of a parse_transform's state while it runs:
%% {FileName | undefined, Records, Warnings, UsedRecordNames}.
-define(PT_KEY, '$ms_transform_pt').

%% ---------------------------------------------------------------------
%% Error texts

format_error({?SHADOW_VAR, Name}) ->
    flat("variable ~p shadowed in ms_transform fun head", [Name]);
format_error(?NOFUN) ->
    "Parameter of ets/dbg:fun2ms/1 is not a literal fun";
format_error(?ETS_HEAD) ->
    "ets:fun2ms requires fun with single variable or tuple parameter";
format_error(?DBG_HEAD) ->
    "dbg:fun2ms requires fun with single variable or list parameter";
format_error(?HEADMATCH) ->
    "in fun head, only matching (=) on toplevel can be translated into match_spec";
format_error(?SEMI_GUARD) ->
    "fun with semicolon (;) in guard cannot be translated into match_spec";
format_error(?MATCH) ->
    "fun with guard matching ('=' in guard) is illegal as match_spec as well";
format_error(?MATCH + ?BODY) ->
    "fun with body matching ('=' in body) is illegal as match_spec";
format_error({?UNBOUND_VARIABLE, Str}) ->
    flat("the variable ~s is unbound, cannot translate into match_spec", [Str]);
format_error({?HEADBADREC, Name}) ->
    flat("fun head contains unknown record type ~tw", [Name]);
format_error({?HEADBADFIELD, RName, FName}) ->
    flat("fun head contains reference to unknown field ~tw in record type ~tw", [FName, RName]);
format_error({?HEADMULTIFIELD, RName, FName}) ->
    flat("fun head contains already defined field ~tw in record type ~tw", [FName, RName]);
format_error({?HEADDOLLARATOM, Atom}) ->
    flat("fun head contains atom ~w, which conflics with reserved atoms in match_spec heads",
         [Atom]);
format_error({?HEADBINMATCH, Atom}) ->
    flat("fun head contains bit syntax matching of variable ~w, which cannot be translated "
         "into match_spec", [Atom]);
format_error(Code) ->
    case part_error(Code) of
        {Part, Error} -> part_error_text(Part, Error);
        false -> flat("Unknown error code ~tw", [Code])
    end.

%% A guard's or a body's error: {guard | body, Code with the base code}.
part_error(Code) when is_integer(Code) ->
    part_of(Code, Code);
part_error(Code) when is_tuple(Code), tuple_size(Code) >= 1, is_integer(element(1, Code)) ->
    part_of(element(1, Code), Code);
part_error(_) ->
    false.

part_of(N, Code) when N >= ?MATCH, N =< ?DISALLOWEDOP ->
    {guard, Code};
part_of(N, Code) when N >= ?MATCH + ?BODY, N =< ?DISALLOWEDOP + ?BODY ->
    {body, base_code(Code)};
part_of(_, _) ->
    false.

base_code(N) when is_integer(N) -> N - ?BODY;
base_code(T) -> setelement(1, T, element(1, T) - ?BODY).

part_error_text(Part, {?LOCALCALL, Name, Arity}) ->
    flat("fun containing the local function call '~tw/~w' (called in ~s) "
         "cannot be translated into match_spec", [Name, Arity, Part]);
part_error_text(Part, {?REMOTECALL, Module, Name, Arity}) ->
    flat("fun containing the remote function call '~w:~tw/~w' (called in ~s) "
         "cannot be translated into match_spec", [Module, Name, Arity, Part]);
part_error_text(Part, {?ELEMENT, Str}) ->
    flat("the language element ~ts (in ~s) cannot be translated into match_spec", [Str, Part]);
part_error_text(Part, {?BINCONSTRUCT, Var}) ->
    flat("bit syntax construction with variable ~w (in ~s) cannot be translated "
         "into match_spec", [Var, Part]);
part_error_text(guard, {?DISALLOWEDOP, Operator}) ->
    flat("the operator ~w is not allowed in guards", [Operator]);
part_error_text(body, {?DISALLOWEDOP, Operator}) ->
    flat("the operator ~w is not allowed in function bodies", [Operator]);
part_error_text(Part, {?BADREC, Name}) ->
    flat("fun ~s contains unknown record type ~tw", [Part, Name]);
part_error_text(Part, {?BADFIELD, RName, FName}) ->
    flat("fun ~s contains reference to unknown field ~tw in record type ~tw",
         [Part, FName, RName]);
part_error_text(Part, {?MULTIFIELD, RName, FName}) ->
    flat("fun ~s contains already defined field ~tw in record type ~tw",
         [Part, FName, RName]);
part_error_text(Part, Code) ->
    Unknown = case Part of
                  guard -> Code;
                  body when is_integer(Code) -> Code + ?BODY;
                  body -> setelement(1, Code, element(1, Code) + ?BODY)
              end,
    flat("Unknown error code ~tw", [Unknown]).

flat(Format, Args) ->
    lists:flatten(io_lib:format(Format, Args)).

parse_transform_info() ->
    #{error_location => column}.

%% ---------------------------------------------------------------------
%% The shell's entry

%% Clauses: a fun's clauses in abstract format; BoundEnvironment: the
%% [{Name, Value}] bindings its free variables take their values from.
%% Returns the match spec, or {error, [{"TOP_LEVEL", [ErrorInfo]}], []}.
%% Records are unknown here, as they are to OTP's function (the shell
%% expands them before).
transform_from_shell(Dialect, Clauses, BoundEnvironment) ->
    case catch clause_list(1, Clauses, Dialect, [], []) of
        {'EXIT', Reason} ->
            exit(Reason);
        {error, Where, Code} ->
            shell_error(Where, Code);
        Spec ->
            case catch import(Spec, BoundEnvironment) of
                {error, Where, Code} -> shell_error(Where, Code);
                Imported -> value(Imported)
            end
    end.

shell_error(Where, Code) ->
    {error, [{"TOP_LEVEL", [{location(Where), ?MODULE, Code}]}], []}.

%% erl_anno:location/1, and none for an unknown place.
location(unknown) -> none;
location(Line) when is_integer(Line), Line >= 0 -> Line;
location({Line, Col} = Loc) when is_integer(Line), Line >= 0, is_integer(Col), Col >= 1 -> Loc;
location(Anno) ->
    try lists:keyfind(location, 1, Anno) of
        {location, Loc} -> Loc;
        false -> undefined
    catch
        _:_ -> erlang:error(badarg, [Anno])
    end.

%% ---------------------------------------------------------------------
%% The compiler's entry: every ets:fun2ms(fun ... end) and
%% dbg:fun2ms(fun ... end) of the functions becomes the abstract match
%% spec; a variable of the function's scope used in the fun is a
%% constant ({const, Var}) of the spec.

parse_transform(Forms, _Options) ->
    Saved = erase(?PT_KEY),
    put(?PT_KEY, {undefined, [], [], []}),
    Result = (catch transform_forms(Forms)),
    {File, _, Warnings, _} = get(?PT_KEY),
    restore(Saved),
    FileName = case File of
                   undefined -> "TOP_LEVEL";
                   _ -> File
               end,
    case Result of
        {'EXIT', Reason} ->
            exit(Reason);
        {error, Where, Code} ->
            {error, [{FileName, [{location(Where), ?MODULE, Code}]}], []};
        NewForms when Warnings =:= [] ->
            NewForms;
        NewForms ->
            {warning, NewForms, [{FileName, [{L, ?MODULE, W}]} || {L, W} <- Warnings]}
    end.

restore(undefined) -> erase(?PT_KEY);
restore(Saved) -> put(?PT_KEY, Saved).

transform_forms(Forms0) ->
    Forms = [transform_form(F) || F <- Forms0],
    case element(4, get(?PT_KEY)) of
        [] ->
            Forms;
        Used ->
            [{attribute, 0, compile, {nowarn_unused_record, [lists:usort(Used)]}} | Forms]
    end.

transform_form({attribute, _, file, {File, _}} = Form) ->
    {_, Recs, Ws, Used} = get(?PT_KEY),
    put(?PT_KEY, {File, Recs, Ws, Used}),
    Form;
transform_form({attribute, _, record, {Name, Fields}} = Form) ->
    {File, Recs, Ws, Used} = get(?PT_KEY),
    put(?PT_KEY, {File, [{Name, record_fields(Fields, 2)} | Recs], Ws, Used}),
    Form;
transform_form({function, Anno, Name, Arity, Clauses}) ->
    {function, Anno, Name, Arity, [function_clause(C) || C <- Clauses]};
transform_form(Form) ->
    Form.

record_fields([{typed_record_field, Field, _Type} | Fs], N) ->
    record_fields([Field | Fs], N);
record_fields([{record_field, _, {atom, Anno, Name}} | Fs], N) ->
    [{Name, N, {atom, Anno, undefined}} | record_fields(Fs, N + 1)];
record_fields([{record_field, _, {atom, _, Name}, Default} | Fs], N) ->
    [{Name, N, Default} | record_fields(Fs, N + 1)];
record_fields([], _) ->
    [].

function_clause({clause, Anno, Head0, Guard, Body0}) ->
    {Head, Bound} = scan(Head0, []),
    {Body, _} = scan(Body0, Bound),
    {clause, Anno, Head, Guard, Body}.

%% Copies a function's code, replacing the fun2ms calls, and keeps the set
%% of the variables bound so far (an ordset) for the warning about a fun
%% head variable that shadows one.
scan({call, Anno, {remote, _, {atom, _, Mod}, {atom, _, fun2ms}}, Args}, Bound)
  when Mod =:= ets; Mod =:= dbg ->
    case Args of
        [{'fun', FunAnno, {clauses, Clauses}}] ->
            {clause_list(FunAnno, Clauses, Mod, Bound, records()), Bound};
        _ ->
            throw({error, Anno, ?NOFUN})
    end;
scan({match, Anno, Left, Right}, Bound) ->
    {Right1, BoundR} = scan(Right, Bound),
    {Left1, BoundL} = scan(Left, Bound),
    {{match, Anno, Left1, Right1}, ordsets:union(BoundR, BoundL)};
scan({var, _, '_'} = Var, Bound) ->
    {Var, Bound};
scan({var, _, Name} = Var, Bound) ->
    {Var, ordsets:add_element(Name, Bound)};
scan({'fun', Anno, {clauses, Clauses}}, Bound) ->
    {Clauses1, _} = scan(Clauses, Bound),
    {{'fun', Anno, {clauses, Clauses1}}, Bound};
scan({named_fun, Anno, Name, Clauses}, Bound) ->
    Inner = case Name of
                '_' -> Bound;
                _ -> ordsets:add_element(Name, Bound)
            end,
    {Clauses1, _} = scan(Clauses, Inner),
    {{named_fun, Anno, Name, Clauses1}, Bound};
scan({'case', Anno, Expr, Clauses}, Bound) ->
    {Expr1, Bound1} = scan(Expr, Bound),
    {Clauses1, Added} = scan_case_clauses(Clauses, Bound1),
    {{'case', Anno, Expr1, Clauses1}, ordsets:union(Bound1, ordsets:intersection(Added))};
scan(T, Bound) when is_tuple(T) ->
    {L, Bound1} = scan(tuple_to_list(T), Bound),
    {list_to_tuple(L), Bound1};
scan([H | T], Bound) ->
    {H1, Bound1} = scan(H, Bound),
    {T1, Bound2} = scan(T, Bound1),
    {[H1 | T1], Bound2};
scan(Other, Bound) ->
    {Other, Bound}.

%% A case's clauses, and per clause the variables it binds (a variable
%% is bound after the case when every clause binds it).
scan_case_clauses([{clause, Anno, Pat, Guard, Body} | Cs], Bound) ->
    {Pat1, BoundP} = scan(Pat, Bound),
    {Guard1, BoundG} = scan(Guard, BoundP),
    {Body1, BoundB} = scan(Body, BoundG),
    {Cs1, Added} = scan_case_clauses(Cs, Bound),
    {[{clause, Anno, Pat1, Guard1, Body1} | Cs1], Added ++ [ordsets:subtract(BoundB, Bound)]};
scan_case_clauses([], _) ->
    {[], []}.

%% The records a parse_transform knows: none in the shell.
records() ->
    case get(?PT_KEY) of
        {_, Recs, _, _} -> Recs;
        _ -> []
    end.

%% A record's fields, noting that its name is used (a parse_transform
%% tells the compiler not to warn about records the spec replaced).
known_record(Name, Recs) ->
    case lists:keyfind(Name, 1, Recs) of
        {Name, Fields} ->
            case get(?PT_KEY) of
                {File, R, Ws, Used} -> put(?PT_KEY, {File, R, Ws, [Name | Used]});
                _ -> ok
            end,
            Fields;
        false ->
            not_found
    end.

warn_shadow(Anno, Name, Outer) ->
    case ordsets:is_element(Name, Outer) of
        true ->
            case get(?PT_KEY) of
                {File, R, Ws, Used} ->
                    put(?PT_KEY, {File, R, [{location(Anno), {?SHADOW_VAR, Name}} | Ws], Used});
                _ ->
                    ok
            end;
        false ->
            ok
    end.

%% ---------------------------------------------------------------------
%% Clauses to match spec clauses (in abstract format)

%% A clause with several guards (G1; G2) stands for one clause per guard.
clause_list(Anno, [Clause | Rest], Dialect, Outer, Recs) ->
    case Clause of
        {clause, CAnno, Params, [_, _ | _] = Guards, Body} ->
            Split = [{clause, CAnno, Params, [G], Body} || G <- Guards],
            clause_list(Anno, Split ++ Rest, Dialect, Outer, Recs);
        _ ->
            First = ms_clause(Clause, Dialect, Outer, Recs),
            {cons, Anno, First, clause_list(Anno, Rest, Dialect, Outer, Recs)}
    end;
clause_list(Anno, [], _, _, _) ->
    {nil, Anno}.

ms_clause({clause, Anno, Params, Guards, Body}, Dialect, Outer, Recs) ->
    check_params(Anno, Params, Dialect),
    {Head, Binds} = head(Params, Outer, Recs),
    Guard = guard(Anno, Guards, #ctx{binds = Binds, part = guard, base = 0, recs = Recs}),
    Actions = exprs(Anno, Body, #ctx{binds = Binds, part = body, base = ?BODY, recs = Recs}),
    {tuple, Anno, [Head, Guard, Actions]}.

%% ets takes one variable or tuple (or record), dbg one variable or list;
%% Var = Pattern is the pattern's shape.
check_params(Anno, [Param], Dialect) ->
    case shape(Param) of
        var -> ok;
        tuple when Dialect =:= ets -> ok;
        list when Dialect =:= dbg -> ok;
        _ -> bad_params(Anno, Dialect)
    end;
check_params(Anno, _, Dialect) ->
    bad_params(Anno, Dialect).

bad_params(Anno, ets) -> throw({error, Anno, ?ETS_HEAD});
bad_params(Anno, dbg) -> throw({error, Anno, ?DBG_HEAD});
bad_params(_, _) -> erlang:error(function_clause).

shape({var, _, _}) -> var;
shape({tuple, _, _}) -> tuple;
shape({record, _, _, _}) -> tuple;
shape({cons, _, _, _}) -> list;
shape({nil, _}) -> list;
shape({match, _, {var, _, _}, P}) -> shape(P);
shape({match, _, P, {var, _, _}}) -> shape(P);
shape(_) -> other.

%% ---------------------------------------------------------------------
%% The head: variables become '$1', '$2', ... in order of appearance, '_'
%% stays, and the variable of a top-level Var = Pattern is '$_'.

head([Param], Outer, Recs) ->
    Binds0 = {1, [{'_', '_'}]},
    {Pattern, Binds} =
        case Param of
            {match, _, {var, Anno, Name}, P} ->
                warn_shadow(Anno, Name, Outer),
                {P, bind_as(Name, '$_', Binds0)};
            {match, _, P, {var, Anno, Name}} ->
                warn_shadow(Anno, Name, Outer),
                {P, bind_as(Name, '$_', Binds0)};
            P ->
                {P, Binds0}
        end,
    pat(Pattern, Binds, Outer, Recs).

pat({record, Anno, RName, Fields}, B0, Outer, Recs) ->
    {Given, B} = pat_record_fields(Fields, Anno, RName, B0, Outer, Recs),
    {Default, Keyed} = split_default(Given, {atom, Anno, '_'}, Anno, RName, ?HEADMULTIFIELD),
    case known_record(RName, Recs) of
        not_found ->
            throw({error, Anno, {?HEADBADREC, RName}});
        Def ->
            Elements = [field_value(F, Keyed, Default) || {F, _, _} <- Def],
            check_fields(Keyed, Def, Anno, RName, ?HEADMULTIFIELD, ?HEADBADFIELD),
            {{tuple, Anno, [{atom, Anno, RName} | Elements]}, B}
    end;
pat({match, Anno, _, _}, _, _, _) ->
    throw({error, Anno, ?HEADMATCH});
pat({atom, Anno, A} = Atom, B, _, _) ->
    case is_dollar_number(A) of
        true -> throw({error, Anno, {?HEADDOLLARATOM, A}});
        false -> {Atom, B}
    end;
pat({bin_element, _, {var, Anno, Name}, _, _}, _, _, _) ->
    throw({error, Anno, {?HEADBINMATCH, Name}});
pat({var, Anno, Name}, B, Outer, _) ->
    warn_shadow(Anno, Name, Outer),
    case lookup(Name, B) of
        undefined ->
            B1 = bind_new(Name, B),
            {{atom, Anno, lookup(Name, B1)}, B1};
        Dollar ->
            {{atom, Anno, Dollar}, B}
    end;
pat({map_field_exact, Anno, Key, Value}, B0, Outer, Recs) ->
    {[Key1, Value1], B} = pat([Key, Value], B0, Outer, Recs),
    {{map_field_assoc, Anno, Key1, Value1}, B};
pat([H | T], B0, Outer, Recs) ->
    {H1, B1} = pat(H, B0, Outer, Recs),
    {T1, B2} = pat(T, B1, Outer, Recs),
    {[H1 | T1], B2};
pat(T, B0, Outer, Recs) when is_tuple(T) ->
    {L, B} = pat(tuple_to_list(T), B0, Outer, Recs),
    {list_to_tuple(L), B};
pat(Other, B, _, _) ->
    {Other, B}.

%% A record pattern's fields as [{Key | {default}, Pattern}], last first.
pat_record_fields(Fields, Anno, RName, B0, Outer, Recs) ->
    lists:foldl(fun({record_field, _, {atom, _, Key}, Value}, {Acc, B}) ->
                        {V, B1} = pat(Value, B, Outer, Recs),
                        {[{Key, V} | Acc], B1};
                   ({record_field, _, {var, _, '_'}, Value}, {Acc, B}) ->
                        {V, B1} = pat(Value, B, Outer, Recs),
                        {[{{default}, V} | Acc], B1};
                   (_, _) ->
                        throw({error, Anno, {?HEADBADREC, RName}})
                end, {[], B0}, Fields).

%% '$' followed by an integer's text: reserved in match spec heads.
is_dollar_number(A) ->
    case atom_to_list(A) of
        [$$ | Digits] ->
            case catch list_to_integer(Digits) of
                N when is_integer(N) -> true;
                _ -> false
            end;
        _ ->
            false
    end.

lookup(Name, {_, Binds}) ->
    case lists:keyfind(Name, 1, Binds) of
        {Name, Dollar} -> Dollar;
        false -> undefined
    end.

bind_as(Name, Dollar, {Next, Binds}) ->
    {Next, [{Name, Dollar} | Binds]}.

bind_new(Name, {Next, Binds}) ->
    {Next + 1, [{Name, list_to_atom([$$ | integer_to_list(Next)])} | Binds]}.

%% ---------------------------------------------------------------------
%% Records in heads, guards and bodies

%% The field given as `_ = V` (the last one when several) and the others.
%% Two `_ = V` are an error.
split_default(Given, Otherwise, Anno, RName, MultiCode) ->
    Default = case lists:keyfind({default}, 1, Given) of
                  {{default}, V} -> V;
                  false -> Otherwise
              end,
    Keyed = lists:keydelete({default}, 1, Given),
    case lists:keymember({default}, 1, Keyed) of
        true -> throw({error, Anno, {MultiCode, RName, '_'}});
        false -> {Default, Keyed}
    end.

field_value(Field, Keyed, Default) ->
    case lists:keyfind(Field, 1, Keyed) of
        {Field, V} -> V;
        false -> Default
    end.

%% A field given twice, then a field the record does not have (the last
%% given first, as the fields were collected).
check_fields(Keyed, Def, Anno, RName, MultiCode, BadCode) ->
    case first_repeated(Keyed) of
        {yes, Key} -> throw({error, Anno, {MultiCode, RName, Key}});
        no -> ok
    end,
    case [Key || {Key, _} <- Keyed, not lists:keymember(Key, 1, Def)] of
        [Bad | _] -> throw({error, Anno, {BadCode, RName, Bad}});
        [] -> ok
    end.

first_repeated([{Key, _} | T]) ->
    case lists:keymember(Key, 1, T) of
        true -> {yes, Key};
        false -> first_repeated(T)
    end;
first_repeated([]) ->
    no.

%% ---------------------------------------------------------------------
%% Guards and bodies

guard(Anno, [], _) ->
    {nil, Anno};
guard(Anno, [Tests], Ctx) ->
    exprs(Anno, Tests, Ctx);
guard(Anno, _, _) ->
    throw({error, Anno, ?SEMI_GUARD}).

exprs(Anno, [], _) ->
    {nil, Anno};
exprs(Anno, [E0 | Es], #ctx{part = Part} = Ctx) ->
    E = case Part of
            guard -> new_test_name(E0);
            body -> E0
        end,
    First = expr(E, Ctx),
    {cons, Anno, First, exprs(Anno, Es, Ctx)}.

%% The old type tests (integer(X), ...) at a guard's top level.
new_test_name({call, Anno, {atom, FAnno, Old}, Args} = Call) ->
    case old_test(Old, length(Args)) of
        undefined -> Call;
        New -> {call, Anno, {atom, FAnno, New}, Args}
    end;
new_test_name(E) ->
    E.

old_test(atom, 1) -> is_atom;
old_test(float, 1) -> is_float;
old_test(integer, 1) -> is_integer;
old_test(list, 1) -> is_list;
old_test(number, 1) -> is_number;
old_test(pid, 1) -> is_pid;
old_test(port, 1) -> is_port;
old_test(reference, 1) -> is_reference;
old_test(tuple, 1) -> is_tuple;
old_test(binary, 1) -> is_binary;
old_test(function, 1) -> is_function;
old_test(record, 2) -> is_record;
old_test(_, _) -> undefined.

thrown(Anno, Code, #ctx{base = Base}) when is_integer(Code) ->
    throw({error, Anno, Code + Base});
thrown(Anno, Code, #ctx{base = Base}) ->
    throw({error, Anno, setelement(1, Code, element(1, Code) + Base)}).

expr({match, Anno, _, _}, Ctx) ->
    thrown(Anno, ?MATCH, Ctx);
expr({op, Anno, Op, L, R} = E, Ctx) ->
    case fold(E) of
        E ->
            OpAtom = {atom, Anno, Op},
            L1 = expr(L, Ctx),
            R1 = expr(R, Ctx),
            {tuple, Anno, [OpAtom, L1, R1]};
        Value ->
            Value
    end;
expr({op, Anno, Op, A} = E, Ctx) ->
    case fold(E) of
        E -> {tuple, Anno, [{atom, Anno, Op}, expr(A, Ctx)]};
        Value -> Value
    end;
expr({call, _, {atom, Anno, bindings}, []}, _) ->
    {atom, Anno, '$*'};
expr({call, _, {atom, Anno, object}, []}, _) ->
    {atom, Anno, '$_'};
expr({call, Anno, {atom, _, is_record} = F, [Obj, {atom, RAnno, RName} = R]}, Ctx) ->
    Obj1 = expr(Obj, Ctx),
    case known_record(RName, Ctx#ctx.recs) of
        not_found -> thrown(RAnno, {?BADREC, RName}, Ctx);
        Def -> {tuple, Anno, [F, Obj1, R, {integer, RAnno, length(Def) + 1}]}
    end;
expr({call, Anno, {atom, FAnno, F}, Args}, #ctx{part = Part} = Ctx) ->
    Arity = length(Args),
    case is_ms_function(F, Arity, Part) of
        true -> {tuple, Anno, [{atom, FAnno, F} | expr_list(Args, Ctx)]};
        false -> thrown(Anno, {?LOCALCALL, F, Arity}, Ctx)
    end;
expr({call, Anno, {remote, _, {atom, _, erlang}, {atom, FAnno, F}}, Args}, Ctx) ->
    Arity = length(Args),
    case from_erlang(F, Arity) of
        true ->
            case is_operator(F, Arity) of
                true -> expr(list_to_tuple([op, FAnno, F | Args]), Ctx);
                false -> expr({call, Anno, {atom, FAnno, F}, Args}, Ctx)
            end;
        false ->
            thrown(Anno, {?REMOTECALL, erlang, F, Arity}, Ctx)
    end;
expr({call, Anno, {remote, _, {atom, _, M}, {atom, _, F}}, Args}, Ctx) ->
    thrown(Anno, {?REMOTECALL, M, F, length(Args)}, Ctx);
expr({cons, Anno, H, T}, Ctx) ->
    H1 = expr(H, Ctx),
    {cons, Anno, H1, expr(T, Ctx)};
expr({nil, _} = Nil, _) ->
    Nil;
expr({tuple, Anno, Es}, Ctx) ->
    {tuple, Anno, [{tuple, Anno, expr_list(Es, Ctx)}]};
expr({integer, _, _} = I, _) ->
    I;
expr({char, _, _} = C, _) ->
    C;
expr({float, _, _} = F, _) ->
    F;
expr({atom, Anno, A} = Atom, _) ->
    case atom_to_list(A) of
        [$$ | _] -> {tuple, Anno, [{atom, Anno, const}, Atom]};
        _ -> Atom
    end;
expr({string, _, _} = S, _) ->
    S;
expr({var, Anno, Name} = Var, Ctx) ->
    case lookup(Name, Ctx#ctx.binds) of
        undefined -> {tuple, Anno, [{atom, Anno, const}, Var]};
        Dollar -> {atom, Anno, Dollar}
    end;
expr({record_field, Anno, Obj, RName, {atom, _, Key}}, Ctx) ->
    case known_record(RName, Ctx#ctx.recs) of
        not_found ->
            thrown(Anno, {?BADREC, RName}, Ctx);
        Def ->
            case lists:keyfind(Key, 1, Def) of
                {Key, Pos, _} ->
                    Obj1 = expr(Obj, Ctx),
                    {tuple, Anno, [{atom, Anno, element}, {integer, Anno, Pos}, Obj1]};
                false ->
                    thrown(Anno, {?BADFIELD, RName, Key}, Ctx)
            end
    end;
expr({record, Anno, RName, Fields}, Ctx) ->
    Given = lists:foldl(fun({record_field, _, {atom, _, Key}, Value}, Acc) ->
                                [{Key, expr(Value, Ctx)} | Acc];
                           ({record_field, _, {var, _, '_'}, Value}, Acc) ->
                                [{{default}, expr(Value, Ctx)} | Acc];
                           (_, _) ->
                                thrown(Anno, {?BADREC, RName}, Ctx)
                        end, [], Fields),
    {Default, Keyed} = split_default(Given, none, Anno, RName, ?MULTIFIELD + Ctx#ctx.base),
    case known_record(RName, Ctx#ctx.recs) of
        not_found ->
            thrown(Anno, {?BADREC, RName}, Ctx);
        Def ->
            Elements = [case Default of
                            none -> field_value(F, Keyed, FDefault);
                            _ -> field_value(F, Keyed, Default)
                        end || {F, _, FDefault} <- Def],
            check_fields(Keyed, Def, Anno, RName, ?MULTIFIELD + Ctx#ctx.base,
                         ?BADFIELD + Ctx#ctx.base),
            {tuple, Anno, [{tuple, Anno, [{atom, Anno, RName} | Elements]}]}
    end;
expr({record_index, Anno, RName, {atom, KAnno, Key}}, Ctx) ->
    case known_record(RName, Ctx#ctx.recs) of
        not_found ->
            thrown(Anno, {?BADREC, RName}, Ctx);
        Def ->
            case lists:keyfind(Key, 1, Def) of
                {Key, Pos, _} -> {integer, KAnno, Pos};
                false -> thrown(KAnno, {?BADFIELD, RName, Key}, Ctx)
            end
    end;
expr({record, Anno, {var, VAnno, _} = Var, RName, Fields}, Ctx) ->
    Obj = expr(Var, Ctx),
    Given = lists:foldl(fun({record_field, _, {atom, _, Key}, Value}, Acc) ->
                                [{Key, expr(Value, Ctx)} | Acc];
                           (_, _) ->
                                %% OTP throws the bare head code here
                                throw({error, Anno, ?HEADBADREC})
                        end, [], Fields),
    case known_record(RName, Ctx#ctx.recs) of
        not_found ->
            thrown(Anno, {?BADREC, RName}, Ctx);
        Def ->
            Elements = [field_value(F, Given, {tuple, VAnno, [{atom, VAnno, element},
                                                               {integer, VAnno, Pos}, Obj]})
                        || {F, Pos, _} <- Def],
            check_fields(Given, Def, Anno, RName, ?MULTIFIELD + Ctx#ctx.base,
                         ?BADFIELD + Ctx#ctx.base),
            {tuple, Anno, [{tuple, Anno, [{atom, Anno, RName} | Elements]}]}
    end;
expr({bin_element, _, {var, Anno, Name}, _, _} = Whole, Ctx) ->
    %% a variable from outside is imported whole; one of the head cannot be
    case lookup(Name, Ctx#ctx.binds) of
        undefined -> Whole;
        _ -> thrown(Anno, {?BINCONSTRUCT, Name}, Ctx)
    end;
expr(default, _) ->
    default;
expr({bin_element, Anno, Value, Size, Type}, Ctx) ->
    Value1 = expr(Value, Ctx),
    {bin_element, Anno, Value1, expr(Size, Ctx), Type};
expr({bin, Anno, Elements}, Ctx) ->
    {bin, Anno, expr_list(Elements, Ctx)};
expr({map_field_assoc, Anno, Key, Value}, Ctx) ->
    Key1 = expr(Key, Ctx),
    {map_field_assoc, Anno, Key1, expr(Value, Ctx)};
expr({map, Anno, Fields}, Ctx) ->
    {map, Anno, expr_list(Fields, Ctx)};
expr(T, Ctx) when is_tuple(T), tuple_size(T) >= 2 ->
    thrown(element(2, T), {?ELEMENT, element_name(element(1, T))}, Ctx);
expr(Other, Ctx) ->
    thrown(0, {?ELEMENT, io_lib:format("unknown element ~tw", [Other])}, Ctx).

expr_list([E | Es], Ctx) ->
    E1 = expr(E, Ctx),
    [E1 | expr_list(Es, Ctx)];
expr_list([], _) ->
    [].

element_name(lc) -> "list comprehension";
element_name(bc) -> "binary comprehension";
element_name(block) -> "begin/end block";
element_name('if') -> "if";
element_name('case') -> "case";
element_name('receive') -> "receive";
element_name('try') -> "try";
element_name('catch') -> "catch";
element_name(match) -> "match (=)";
element_name(remote) -> "external function call";
element_name(Tag) when is_atom(Tag) -> atom_to_list(Tag);
element_name(Tag) -> erlang:error(badarg, [Tag]).

%% An operator on constants is computed now: its value when that is a
%% number or an atom, else the expression.
fold(E) -> erl_eval:partial_eval(E).

%% ---------------------------------------------------------------------
%% What may be called where

type_test(is_atom, 1) -> true;
type_test(is_float, 1) -> true;
type_test(is_integer, 1) -> true;
type_test(is_list, 1) -> true;
type_test(is_number, 1) -> true;
type_test(is_pid, 1) -> true;
type_test(is_port, 1) -> true;
type_test(is_reference, 1) -> true;
type_test(is_tuple, 1) -> true;
type_test(is_map, 1) -> true;
type_test(is_map_key, 2) -> true;
type_test(is_binary, 1) -> true;
type_test(is_function, 1) -> true;
type_test(is_record, 2) -> true;
type_test(is_seq_trace, 0) -> true;
type_test(_, _) -> false.

guard_bif(abs, 1) -> true;
guard_bif(element, 2) -> true;
guard_bif(hd, 1) -> true;
guard_bif(length, 1) -> true;
guard_bif(node, 0) -> true;
guard_bif(node, 1) -> true;
guard_bif(round, 1) -> true;
guard_bif(size, 1) -> true;
guard_bif(bit_size, 1) -> true;
guard_bif(byte_size, 1) -> true;
guard_bif(map_size, 1) -> true;
guard_bif(map_get, 2) -> true;
guard_bif(binary_part, 2) -> true;
guard_bif(binary_part, 3) -> true;
guard_bif(tl, 1) -> true;
guard_bif(trunc, 1) -> true;
guard_bif(self, 0) -> true;
guard_bif(float, 1) -> true;
guard_bif(_, _) -> false.

action(set_seq_token, 2) -> true;
action(get_seq_token, 0) -> true;
action(message, 1) -> true;
action(return_trace, 0) -> true;
action(exception_trace, 0) -> true;
action(process_dump, 0) -> true;
action(enable_trace, 1) -> true;
action(enable_trace, 2) -> true;
action(disable_trace, 1) -> true;
action(disable_trace, 2) -> true;
action(display, 1) -> true;
action(caller, 0) -> true;
action(set_tcw, 1) -> true;
action(silent, 1) -> true;
action(trace, 2) -> true;
action(trace, 3) -> true;
action(_, _) -> false.

is_operator(Op, 1) -> lists:member(Op, ['not', '+', '-', 'bnot']);
is_operator(Op, 2) ->
    lists:member(Op, ['and', 'or', 'xor', 'andalso', 'orelse',
                      '+', '-', '*', '/', 'div', 'rem', 'band', 'bor', 'bxor', 'bsl', 'bsr',
                      '>', '>=', '<', '=<', '==', '=:=', '/=', '=/=']);
is_operator(_, _) -> false.

%% erlang:F(...) in a spec: a guard BIF, a type test or an operator.
from_erlang(F, A) ->
    guard_bif(F, A) orelse type_test(F, A) orelse is_operator(F, A).

%% get_tcw/0 reads state: it may be called, but not as erlang:get_tcw().
is_ms_function(F, A, guard) ->
    guard_bif(F, A) orelse (F =:= get_tcw andalso A =:= 0) orelse type_test(F, A);
is_ms_function(F, A, body) ->
    action(F, A) orelse is_ms_function(F, A, guard).

%% ---------------------------------------------------------------------
%% Values: the shell's variables in, then the abstract spec to a term

import([H | T], Env) ->
    H1 = import(H, Env),
    [H1 | import(T, Env)];
import({var, Anno, Name}, Env) ->
    case lists:keysearch(Name, 1, Env) of
        {value, {Name, Value}} -> {frozen, Anno, Value};
        _ -> throw({error, Anno, {?UNBOUND_VARIABLE, atom_to_list(Name)}})
    end;
import(T, Env) when is_tuple(T) ->
    list_to_tuple(import(tuple_to_list(T), Env));
import(Other, _) ->
    Other.

value({frozen, _, Term}) -> Term;
value({char, _, C}) -> C;
value({integer, _, I}) -> I;
value({float, _, F}) -> F;
value({atom, _, A}) -> A;
value({string, _, S}) -> S;
value({nil, _}) -> [];
value({bin, _, Segments}) -> binary_value(Segments);
value({cons, _, H, T}) -> [value(H) | value(T)];
value({op, _, '++', L, R}) -> value(L) ++ value(R);
value({tuple, _, Es}) -> list_to_tuple(values(Es));
value({map, _, Fields}) -> maps:from_list([map_pair(F) || F <- Fields]);
value({op, _, '+', {char, _, C}}) -> C;
value({op, _, '+', {integer, _, I}}) -> I;
value({op, _, '+', {float, _, F}}) -> F;
value({op, _, '-', {char, _, C}}) -> -C;
value({op, _, '-', {integer, _, I}}) -> -I;
value({op, _, '-', {float, _, F}}) -> -F.

values([E | Es]) -> [value(E) | values(Es)];
values([]) -> [].

map_pair({map_field_assoc, _, K, V}) -> {value(K), value(V)}.

%% ---------------------------------------------------------------------
%% Bit syntax: the segments' values and sizes first, then the binary (as
%% erl_eval builds one).

binary_value(Segments) ->
    lists:foldl(fun(Build, Acc) ->
                        Bits = Build(),
                        <<Acc/bitstring, Bits/bitstring>>
                end, <<>>, segments(Segments)).

segments([S | Ss]) ->
    Build = segment(S),
    [Build | segments(Ss)];
segments([]) ->
    [].

segment({bin_element, _, {string, _, S}, {integer, _, 8}, [integer, {unit, 1}, unsigned, big]}) ->
    latin1_segment(S);
segment({bin_element, _, {string, _, S}, default, default}) ->
    latin1_segment(S);
segment({bin_element, Anno, {string, _, S}, Size0, Types}) ->
    {SizeExpr, Type, Unit, Sign, Endian} = bit_type(Anno, Size0, Types),
    Size = value(SizeExpr),
    fun() -> build_chars(S, Size, Unit, Type, Endian, Sign) end;
segment({bin_element, Anno, Expr, Size0, Types}) ->
    V = value(Expr),
    {SizeExpr, Type, Unit, Sign, Endian} = bit_type(Anno, Size0, Types),
    Size = value(SizeExpr),
    fun() -> build(V, Size, Unit, Type, Endian, Sign) end.

%% Each character as the segment's type says; an empty string is checked
%% with a 0 all the same.
build_chars([], Size, Unit, Type, Endian, Sign) ->
    _ = build(0, Size, Unit, Type, Endian, Sign),
    <<>>;
build_chars(S, Size, Unit, Type, Endian, Sign) ->
    lists:foldl(fun(C, Acc) ->
                        Bits = build(C, Size, Unit, Type, Endian, Sign),
                        <<Acc/bitstring, Bits/bitstring>>
                end, <<>>, S).

latin1_segment(S) ->
    Bytes = [C band 255 || C <- S],
    fun() -> list_to_binary(Bytes) end.

build(V, Size, Unit, Type, Endian, Sign) ->
    try
        build1(V, Size, Unit, Type, Endian, Sign)
    catch
        error:system_limit -> erlang:error(system_limit);
        error:_ -> erlang:error(badarg)
    end.

build1(V, Size, Unit, integer, little, signed) -> <<V:(Size * Unit)/little-signed>>;
build1(V, Size, Unit, integer, little, unsigned) -> <<V:(Size * Unit)/little>>;
build1(V, Size, Unit, integer, native, signed) -> <<V:(Size * Unit)/native-signed>>;
build1(V, Size, Unit, integer, native, unsigned) -> <<V:(Size * Unit)/native>>;
build1(V, Size, Unit, integer, big, signed) -> <<V:(Size * Unit)/signed>>;
build1(V, Size, Unit, integer, big, unsigned) -> <<V:(Size * Unit)>>;
build1(V, _, _, utf8, _, _) -> <<V/utf8>>;
build1(V, _, _, utf16, big, _) -> <<V/big-utf16>>;
build1(V, _, _, utf16, little, _) -> <<V/little-utf16>>;
build1(V, _, _, utf16, native, _) -> <<V/native-utf16>>;
build1(V, _, _, utf32, big, _) -> <<V/big-utf32>>;
build1(V, _, _, utf32, little, _) -> <<V/little-utf32>>;
build1(V, _, _, utf32, native, _) -> <<V/native-utf32>>;
build1(V, Size, Unit, float, little, _) -> <<V:(Size * Unit)/float-little>>;
build1(V, Size, Unit, float, native, _) -> <<V:(Size * Unit)/float-native>>;
build1(V, Size, Unit, float, big, _) -> <<V:(Size * Unit)/float>>;
build1(V, all, Unit, binary, _, _) ->
    case bit_size(V) of
        N when N rem Unit =:= 0 -> <<V:N/bitstring>>;
        _ -> erlang:error(badarg)
    end;
build1(V, Size, Unit, binary, _, _) ->
    <<V:(Size * Unit)/bitstring>>.

%% erl_bits' defaults and checks: {SizeExpr, Type, Unit, Sign, Endian};
%% a bad type list is an error exception with erl_bits' reason.
bit_type(Anno, Size, default) ->
    bit_type(Anno, Size, []);
bit_type(Anno, Size, Types) ->
    {Type0, Unit0, Sign0, Endian0} =
        lists:foldl(fun(T, Acc) -> merge_bit_type(spec_of(T), Acc) end,
                    {undefined, undefined, undefined, undefined}, Types),
    Type = case Type0 of
               undefined -> integer;
               _ -> Type0
           end,
    {SizeExpr, Unit1} = default_size(Anno, Type, Size, Unit0),
    Unit = case {Unit1, Type} of
               {undefined, binary} -> 8;
               {undefined, integer} -> 1;
               {undefined, float} -> 1;
               _ -> Unit1
           end,
    Sign = case Sign0 of undefined -> unsigned; _ -> Sign0 end,
    Endian = case Endian0 of undefined -> big; _ -> Endian0 end,
    case lists:member(Type, [utf8, utf16, utf32]) of
        true ->
            SizeOk = case SizeExpr of
                         default -> true;
                         undefined -> true;
                         {atom, _, undefined} -> true;
                         _ -> false
                     end,
            (SizeOk andalso Unit =:= undefined) orelse
                erlang:error(utf_bittype_size_or_unit);
        false ->
            ok
    end,
    {SizeExpr, Type, Unit, Sign, Endian}.

default_size(Anno, binary, default, Unit) -> {{atom, Anno, all}, Unit};
default_size(Anno, integer, default, Unit) -> no_unit(Unit), {{integer, Anno, 8}, 1};
default_size(Anno, float, default, Unit) -> no_unit(Unit), {{integer, Anno, 64}, 1};
default_size(Anno, _Utf, default, Unit) -> {{atom, Anno, undefined}, Unit};
default_size(_, _, Size, Unit) -> {Size, Unit}.

no_unit(undefined) -> ok;
no_unit(_) -> erlang:error(bittype_unit).

spec_of(integer) -> {integer, undefined, undefined, undefined};
spec_of(utf8) -> {utf8, undefined, undefined, undefined};
spec_of(utf16) -> {utf16, undefined, undefined, undefined};
spec_of(utf32) -> {utf32, undefined, undefined, undefined};
spec_of(float) -> {float, undefined, undefined, undefined};
spec_of(binary) -> {binary, undefined, undefined, undefined};
spec_of(bytes) -> {binary, 8, undefined, undefined};
spec_of(bitstring) -> {binary, 1, undefined, undefined};
spec_of(bits) -> {binary, 1, undefined, undefined};
spec_of({unit, undefined}) -> {undefined, undefined, undefined, undefined};
spec_of({unit, N}) when is_integer(N), N > 0, N =< 256 -> {undefined, N, undefined, undefined};
spec_of(big) -> {undefined, undefined, undefined, big};
spec_of(little) -> {undefined, undefined, undefined, little};
spec_of(native) -> {undefined, undefined, undefined, native};
spec_of(signed) -> {undefined, undefined, signed, undefined};
spec_of(unsigned) -> {undefined, undefined, unsigned, undefined};
spec_of(Other) -> erlang:error({undefined_bittype, Other}).

merge_bit_type({T1, U1, S1, E1}, {T2, U2, S2, E2}) ->
    {merge_bit(T1, T2, "type"), merge_bit(U1, U2, "unit"),
     merge_bit(S1, S2, "sign"), merge_bit(E1, E2, "endianness")}.

merge_bit(undefined, B, _) -> B;
merge_bit(A, undefined, _) -> A;
merge_bit(A, A, _) -> A;
merge_bit(A, B, What) -> erlang:error({bittype_mismatch, A, B, What}).
