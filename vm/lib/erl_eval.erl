%% erl_eval: OTP 25's interpreter of Erlang expressions in abstract format
%% (erl_parse's), as escripts, configuration readers and file:script/eval
%% use it: expressions are walked, not compiled, with the variables bound
%% so far in a bindings structure (an orddict, or a map; a result keeps the
%% kind it was given).
%%
%% Each expression gives {value, Value, NewBindings}. The parts of a tuple,
%% a list cell, an operator or a call's arguments are each evaluated in
%% the bindings before them and their new variables merged (one variable
%% bound to two values there is a badmatch). Case, if, receive and try
%% hand on the bindings of the clause that ran, as compiled code does.
%%
%% Funs made here are real funs of their arity, whose environment holds
%% the clauses, the variables they use and the handlers; fun_data/1 reads
%% it. A call of such a fun from interpreted code evaluates its clauses
%% directly, so a loop written as a recursive fun runs in constant stack.
%% The "return mode" R threaded through the evaluator says what a body's
%% last expression gives back: `none` {value, V, Bs} with its own bindings,
%% {ret, Bs} {value, V, Bs} with the caller's, `value` the bare value (a
%% fun called from compiled code). Calls in tail position pass R on.
%%
%% Calls to local functions go to the local function handler ({value, F},
%% {eval, F} and their forms with extra arguments); calls of other
%% functions and funs, and the errors the evaluator raises, go through the
%% non-local handler when there is one. A receive is walked by
%% erts_internal's recv_* BIFs, which keep a compiled receive's save
%% pointer, tracing and timer (vm/bif_proc.c); exprs/2 and expr/2 check
%% their expressions first with erl_lint's rules (vm/lint.c, through
%% erts_internal:lint_exprs/2).
-module(erl_eval).
-export([exprs/2, exprs/3, exprs/4, expr/2, expr/3, expr/4, expr/5, expr_list/2, expr_list/3,
         expr_list/4, new_bindings/0, bindings/1, binding/2, add_binding/3, del_binding/2,
         extended_parse_exprs/1, extended_parse_term/1, is_constant_expr/1, partial_eval/1,
         eval_str/1, match_clause/4, check_command/2, fun_data/1]).

%% A pattern that does not match throws this; one that cannot be a
%% pattern throws ?INVALID (illegal_pattern).
-define(NOMATCH, '$erl_eval_nomatch').
-define(INVALID, '$erl_eval_invalid').

%% ---------------------------------------------------------------------
%% Entry points

exprs(Exprs, Bs) ->
    checked(Exprs, Bs),
    exprs(Exprs, Bs, none, none, none).

exprs(Exprs, Bs, Lf) -> exprs(Exprs, Bs, Lf, none, none).

exprs(Exprs, Bs, Lf, Ef) -> exprs(Exprs, Bs, Lf, Ef, none).

expr(E, Bs) ->
    checked([E], Bs),
    expr(E, Bs, none, none, none).

expr(E, Bs, Lf) -> expr(E, Bs, Lf, none, none).

expr(E, Bs, Lf, Ef) -> expr(E, Bs, Lf, Ef, none).

expr_list(Es, Bs) -> expr_list(Es, Bs, none, none).

expr_list(Es, Bs, Lf) -> expr_list(Es, Bs, Lf, none).

expr_list(Es, Bs, Lf, Ef) -> expr_list(Es, [], Bs, Bs, Lf, Ef).

%% erl_lint's verdict on the expressions with Bs bound: ok, or
%% {error, {Location, erl_lint, Description}}. A term that is no abstract
%% format of expressions raises function_clause (OTP's erl_lint crashes
%% on one).
check_command(Es, Bs) ->
    case erts_internal:lint_exprs(Es, [Name || {Name, _} <- bindings(Bs), is_atom(Name)]) of
        malformed -> erlang:raise(error, function_clause, stacktrace());
        Verdict -> Verdict
    end.

checked(Es, Bs) ->
    case check_command(Es, Bs) of
        ok -> ok;
        {error, {_, _, Desc}} -> erlang:raise(error, Desc, stacktrace())
    end.

%% {fun_data, Bindings, Clauses} or {named_fun_data, Bindings, Name,
%% Clauses} for a fun made here, false for anything else.
fun_data(F) when is_function(F) ->
    case interpreted(F) of
        {_, Bs, _, _, used, Cs} -> {fun_data, Bs, Cs};
        {_, Bs, _, _, used, Cs, Name} -> {named_fun_data, Bs, Name, Cs};
        false -> false
    end;
fun_data(_) ->
    false.

%% ---------------------------------------------------------------------
%% Expressions

exprs([E], Bs, Lf, Ef, R) ->
    expr(E, Bs, Lf, Ef, R);
exprs([E | Es], Bs0, Lf, Ef, R) ->
    {value, _, Bs} = expr(E, Bs0, Lf, Ef, none),
    exprs(Es, Bs, Lf, Ef, R).

expr({var, Anno, V}, Bs, _Lf, Ef, R) ->
    case binding(V, Bs) of
        {value, Val} -> ret(Val, Bs, R);
        unbound -> fail({unbound, V}, Anno, Bs, Ef, R)
    end;
expr({Lit, _, X}, Bs, _Lf, _Ef, R)
  when Lit =:= integer; Lit =:= char; Lit =:= float; Lit =:= atom; Lit =:= string ->
    ret(X, Bs, R);
expr({nil, _}, Bs, _Lf, _Ef, R) ->
    ret([], Bs, R);
expr({cons, Anno, H0, T0}, Bs0, Lf, Ef, R) ->
    {value, H, Bs1} = expr(H0, Bs0, Lf, Ef, none),
    {value, T, Bs2} = expr(T0, Bs0, Lf, Ef, none),
    ret([H | T], merge(Bs1, Bs2, Anno, Ef), R);
expr({tuple, _, Es}, Bs0, Lf, Ef, R) ->
    {Vs, Bs} = expr_list(Es, Bs0, Lf, Ef),
    ret(list_to_tuple(Vs), Bs, R);
expr({map, _, Es}, Bs0, Lf, Ef, R) ->
    {Fields, Bs} = map_fields(Es, Bs0, Lf, Ef, []),
    ret(lists:foldl(fun({assoc, K, V}, M) -> maps:put(K, V, M) end, #{}, Fields), Bs, R);
expr({map, Anno, M0, Es}, Bs0, Lf, Ef, R) ->
    {value, Map0, Bs1} = expr(M0, Bs0, Lf, Ef, none),
    {Fields, Bs2} = map_fields(Es, Bs0, Lf, Ef, []),
    _ = maps:put(k, v, Map0),                   % {badmap, Map0} before any field
    Map = lists:foldl(fun({assoc, K, V}, M) -> maps:put(K, V, M);
                         ({exact, K, V}, M) -> maps:update(K, V, M)
                      end, Map0, Fields),
    ret(Map, merge(Bs2, Bs1, Anno, Ef), R);
expr({block, _, Es}, Bs, Lf, Ef, R) ->
    exprs(Es, Bs, Lf, Ef, R);
expr({'if', Anno, Cs}, Bs, Lf, Ef, R) ->
    if_clauses(Cs, Anno, Bs, Lf, Ef, R);
expr({'case', Anno, E, Cs}, Bs0, Lf, Ef, R) ->
    {value, V, Bs} = expr(E, Bs0, Lf, Ef, none),
    case match_clause(Cs, [V], Bs, Lf, Ef) of
        {Body, Bs1} -> exprs(Body, Bs1, Lf, Ef, R);
        nomatch -> fail({case_clause, V}, Anno, Bs, Ef, R)
    end;
expr({'try', Anno, Body, Cases, Catches, After}, Bs, Lf, Ef, R) ->
    try_clauses(Body, Cases, Catches, After, Anno, Bs, Lf, Ef, R);
expr({'receive', _, Cs}, Bs, Lf, Ef, R) ->
    receive_clauses(Cs, infinity, none, Bs, Lf, Ef, R);
expr({'receive', _, Cs, T0, After}, Bs0, Lf, Ef, R) ->
    {value, T, Bs} = expr(T0, Bs0, Lf, Ef, none),
    receive_clauses(Cs, T, {After, Bs}, Bs0, Lf, Ef, R);
expr({'fun', _, {function, M0, F0, A0}}, Bs0, Lf, Ef, R) ->
    {[M, F, A], Bs} = expr_list([M0, F0, A0], Bs0, Lf, Ef),
    ret(erlang:make_fun(M, F, A), Bs, R);
expr({'fun', Anno, {function, Name, Arity}}, Bs, _Lf, Ef, R) ->
    %% a local function: there is no module to take it from
    fail(undef, [{?MODULE, Name, Arity} | stacktrace()], Anno, Bs, Ef, R);
expr({'fun', Anno, {clauses, Cs}} = Fun, Bs, Lf, Ef, R) ->
    Info = {Anno, used_bindings(Fun, Bs), Lf, Ef, used, Cs},
    ret(make_fun(clause_arity(Cs), Info, Anno, Cs, Bs, Ef), Bs, R);
expr({named_fun, Anno, Name, Cs} = Fun, Bs, Lf, Ef, R) ->
    Info = {Anno, used_bindings(Fun, Bs), Lf, Ef, used, Cs, Name},
    ret(make_named_fun(clause_arity(Cs), Info, Anno, Cs, Bs, Ef), Bs, R);
expr({call, Anno, {remote, _, M0, F0}, As0}, Bs0, Lf, Ef, R) ->
    {value, M, Bs1} = expr(M0, Bs0, Lf, Ef, none),
    {value, F, Bs2} = expr(F0, Bs0, Lf, Ef, none),
    {As, Bs} = expr_list(As0, merge(Bs1, Bs2, Anno, Ef), Lf, Ef),
    case M =:= erlang andalso is_atom(F) andalso erts_internal:is_auto_bif(F, length(As)) of
        true -> bif(F, As, Anno, Bs, Ef, R);
        false -> apply_mfa(M, F, As, Anno, Bs, Ef, R)
    end;
expr({call, Anno, {atom, _, F}, As0}, Bs0, Lf, Ef, R) ->
    case erts_internal:is_auto_bif(F, length(As0)) of
        true ->
            {As, Bs} = expr_list(As0, Bs0, Lf, Ef),
            bif(F, As, Anno, Bs, Ef, R);
        false ->
            local_call(F, As0, Anno, Bs0, Lf, Ef, R)
    end;
expr({call, Anno, F0, As0}, Bs0, Lf, Ef, R) ->
    {value, F, Bs1} = expr(F0, Bs0, Lf, Ef, none),
    {As, Bs} = expr_list(As0, Bs1, Lf, Ef),
    case F of
        {M, N} when is_atom(M), is_atom(N) -> fail({badfun, F}, Anno, Bs0, Ef, R);
        _ -> apply_fun(F, As, Anno, Bs, Ef, R)
    end;
expr({'catch', _, E}, Bs0, Lf, Ef, R) ->
    try expr(E, Bs0, Lf, Ef, none) of
        {value, V, Bs} -> ret(V, Bs, R)
    catch
        throw:Term -> ret(Term, Bs0, R);
        exit:Reason -> ret({'EXIT', Reason}, Bs0, R);
        error:Reason:Stack -> ret({'EXIT', {Reason, Stack}}, Bs0, R)
    end;
expr({match, Anno, P, E}, Bs0, Lf, Ef, R) ->
    {value, V, Bs1} = expr(E, Bs0, Lf, Ef, none),
    case match(P, V, Bs1, Bs1, Ef) of
        {match, Bs} -> ret(V, Bs, R);
        nomatch -> fail({badmatch, V}, Anno, Bs0, Ef, R)
    end;
expr({'maybe', _, Es}, Bs, Lf, Ef, R) ->
    {_, V} = maybe_exprs(Es, Bs, Lf, Ef),
    ret(V, Bs, R);
expr({'maybe', Anno, Es, {'else', _, Cs}}, Bs, Lf, Ef, R) ->
    case maybe_exprs(Es, Bs, Lf, Ef) of
        {success, V} ->
            ret(V, Bs, R);
        {failure, V} ->
            case match_clause(Cs, [V], Bs, Lf, Ef) of
                {Body, Bs1} -> exprs(Body, Bs1, Lf, Ef, R);
                nomatch -> fail({else_clause, V}, Anno, Bs, Ef, R)
            end
    end;
expr({op, Anno, Op, L0, R0}, Bs0, Lf, Ef, R) when Op =:= 'andalso'; Op =:= 'orelse' ->
    {value, L, Bs} = expr(L0, Bs0, Lf, Ef, none),
    %% (what a non-local handler makes of the badarg is the value, in the
    %% shape fail/5 gives it, as in OTP's)
    V = case {Op, L} of
            {'andalso', true} -> element(2, expr(R0, Bs, Lf, Ef, none));
            {'orelse', false} -> element(2, expr(R0, Bs, Lf, Ef, none));
            {_, _} when is_boolean(L) -> L;
            _ -> fail({badarg, L}, Anno, Bs0, Ef, R)
        end,
    ret(V, Bs, R);
expr({op, Anno, Op, A0}, Bs0, Lf, Ef, R) ->
    {value, A, Bs} = expr(A0, Bs0, Lf, Ef, none),
    apply_mfa(erlang, Op, [A], Anno, Bs, Ef, R);
expr({op, Anno, Op, L0, R0}, Bs0, Lf, Ef, R) ->
    {value, L, Bs1} = expr(L0, Bs0, Lf, Ef, none),
    {value, Rv, Bs2} = expr(R0, Bs0, Lf, Ef, none),
    apply_mfa(erlang, Op, [L, Rv], Anno, merge(Bs1, Bs2, Anno, Ef), Ef, R);
expr({bin, _, Fields}, Bs0, Lf, Ef, R) ->
    {Bin, Bs} = bin_build(Fields, Bs0, Lf, Ef, <<>>),
    ret(Bin, Bs, R);
expr({lc, _, E, Qs}, Bs, Lf, Ef, R) ->
    ret(lists:reverse(comp(E, Qs, Bs, Lf, Ef, fun(V, Acc) -> [V | Acc] end, [])), Bs, R);
expr({bc, _, E, Qs}, Bs, Lf, Ef, R) ->
    ret(comp(E, Qs, Bs, Lf, Ef, fun(V, Acc) -> <<Acc/bitstring, V/bitstring>> end, <<>>), Bs, R);
expr({record_field, Anno, _, Name, _}, Bs, _Lf, Ef, R) ->
    fail({undef_record, Name}, Anno, Bs, Ef, R);
expr({record_index, Anno, Name, _}, Bs, _Lf, Ef, R) ->
    fail({undef_record, Name}, Anno, Bs, Ef, R);
expr({record, Anno, Name, _}, Bs, _Lf, Ef, R) ->
    fail({undef_record, Name}, Anno, Bs, Ef, R);
expr({record, Anno, _, Name, _}, Bs, _Lf, Ef, R) ->
    fail({undef_record, Name}, Anno, Bs, Ef, R);
expr({remote, Anno, _, _}, Bs, _Lf, Ef, R) ->
    fail({badexpr, ':'}, Anno, Bs, Ef, R).

%% What an expression gives back in return mode R.
ret(V, _Bs, value) -> V;
ret(V, Bs, none) -> {value, V, Bs};
ret(V, _Bs, {ret, Bs}) -> {value, V, Bs}.

%% The elements of a tuple, a call's arguments: each in Bs0, the new
%% variables of all merged.
expr_list([E | Es], Vs, Bs0, Bs, Lf, Ef) ->
    {value, V, Bs1} = expr(E, Bs0, Lf, Ef, none),
    expr_list(Es, [V | Vs], Bs0, merge(Bs1, Bs, element(2, E), Ef), Lf, Ef);
expr_list([], Vs, _Bs0, Bs, _Lf, _Ef) ->
    {lists:reverse(Vs), Bs}.

%% A map's fields in order, each key and value in the bindings the one
%% before left (as OTP's).
map_fields([{Kind, _, K0, V0} | Fs], Bs0, Lf, Ef, Acc) ->
    {value, K, Bs1} = expr(K0, Bs0, Lf, Ef, none),
    {value, V, Bs2} = expr(V0, Bs1, Lf, Ef, none),
    Tag = case Kind of
              map_field_assoc -> assoc;
              map_field_exact -> exact
          end,
    map_fields(Fs, Bs2, Lf, Ef, [{Tag, K, V} | Acc]);
map_fields([], Bs, _Lf, _Ef, Acc) ->
    {lists:reverse(Acc), Bs}.

maybe_exprs([{maybe_match, _, P, E} | Es], Bs0, Lf, Ef) ->
    {value, V, Bs1} = expr(E, Bs0, Lf, Ef, none),
    case match(P, V, Bs1, Bs1, Ef) of
        {match, _} when Es =:= [] -> {success, V};
        {match, Bs} -> maybe_exprs(Es, Bs, Lf, Ef);
        nomatch -> {failure, V}
    end;
maybe_exprs([E], Bs, Lf, Ef) ->
    {value, V, _} = expr(E, Bs, Lf, Ef, none),
    {success, V};
maybe_exprs([E | Es], Bs0, Lf, Ef) ->
    {value, _, Bs} = expr(E, Bs0, Lf, Ef, none),
    maybe_exprs(Es, Bs, Lf, Ef).

%% ---------------------------------------------------------------------
%% Clauses

if_clauses([{clause, _, [], G, Body} | Cs], Anno, Bs, Lf, Ef, R) ->
    case guard(G, Bs, Lf, Ef) of
        true -> exprs(Body, Bs, Lf, Ef, R);
        false -> if_clauses(Cs, Anno, Bs, Lf, Ef, R)
    end;
if_clauses([], Anno, Bs, _Lf, Ef, R) ->
    fail(if_clause, Anno, Bs, Ef, R).

%% {Body, Bindings} of the first clause whose patterns match Vs and whose
%% guard holds, or nomatch.
match_clause(Cs, Vs, Bs, Lf) -> match_clause(Cs, Vs, Bs, Lf, none).

match_clause([{clause, _, Ps, G, Body} | Cs], Vs, Bs, Lf, Ef) ->
    case match_list(Ps, Vs, Bs, Bs, Ef) of
        {match, Bs1} ->
            case guard(G, Bs1, Lf, Ef) of
                true -> {Body, Bs1};
                false -> match_clause(Cs, Vs, Bs, Lf, Ef)
            end;
        nomatch ->
            match_clause(Cs, Vs, Bs, Lf, Ef)
    end;
match_clause([], _Vs, _Bs, _Lf, _Ef) ->
    nomatch.

try_clauses(Body, Cases, Catches, After, Anno, Bs, Lf, Ef, R) ->
    stacktrace_vars(Catches, Anno, Bs, Ef, R),
    try exprs(Body, Bs, Lf, Ef, none) of
        {value, V, Bs1} when Cases =:= [] ->
            ret(V, Bs1, R);
        {value, V, Bs1} ->
            case match_clause(Cases, [V], Bs1, Lf, Ef) of
                {B, Bs2} -> exprs(B, Bs2, Lf, Ef, R);
                nomatch -> fail({try_clause, V}, Anno, Bs, Ef, R)
            end
    catch
        Class:Reason:Stack when Catches =:= [] ->
            erlang:raise(Class, Reason, Stack);
        Class:Reason:Stack ->
            case match_clause(Catches, [{Class, Reason, Stack}], Bs, Lf, Ef) of
                {B, Bs2} -> exprs(B, Bs2, Lf, Ef, R);
                nomatch -> erlang:raise(Class, Reason, Stack)
            end
    after
        case After of
            [] -> ok;
            _ -> exprs(After, Bs, Lf, Ef, none)
        end
    end.

%% A catch clause's stack trace must be a variable not bound yet.
stacktrace_vars([{clause, _, [{tuple, _, [_, _, S]}], _, _} | Cs], Anno, Bs, Ef, R) ->
    case S of
        {var, _, V} ->
            case binding(V, Bs) of
                {value, _} -> fail(stacktrace_bound, Anno, Bs, Ef, R);
                unbound -> stacktrace_vars(Cs, Anno, Bs, Ef, R)
            end;
        _ ->
            fail({illegal_stacktrace_variable, S}, Anno, Bs, Ef, R)
    end;
stacktrace_vars([], _Anno, _Bs, _Ef, _R) ->
    ok.

%% The clauses are matched against the messages in their order in the
%% queue; After is {Body, Bindings} or none (no after: T is infinity).
receive_clauses(Cs, T, After, Bs, Lf, Ef, R) ->
    case next_message(fun(M) -> match_clause(Cs, [M], Bs, Lf, Ef) end, T) of
        {Body, Bs1} ->
            exprs(Body, Bs1, Lf, Ef, R);
        timeout ->
            {Body, Bs1} = After,
            exprs(Body, Bs1, Lf, Ef, R)
    end.

%% OTP's prim_eval:'receive'/2: the first message Match takes (removed
%% from the queue), waiting up to T for one, or timeout.
next_message(Match, T) ->
    case erts_internal:recv_next(T) of
        {message, M} ->
            Taken = try Match(M)
                    catch Class:Reason:Stack ->
                            erts_internal:recv_done(),
                            erlang:raise(Class, Reason, Stack)
                    end,
            case Taken of
                nomatch ->
                    erts_internal:recv_skip(),
                    next_message(Match, T);
                _ ->
                    erts_internal:recv_take(),
                    Taken
            end;
        timeout ->
            timeout
    end.

%% ---------------------------------------------------------------------
%% Guards

%% A guard is a list of tests (all must hold) or a list of such lists
%% (one must hold).
guard([G | _] = Gs, Bs, Lf, Ef) when is_list(G) ->
    lists:any(fun(Conj) -> guard_conj(Conj, Bs, Lf, Ef) end, Gs);
guard(Gs, Bs, Lf, Ef) ->
    guard_conj(Gs, Bs, Lf, Ef).

guard_conj([G | Gs], Bs, Lf, Ef) ->
    case erts_internal:is_guard_test(G) of
        true ->
            guard_test(G, Bs, Lf, Ef) andalso guard_conj(Gs, Bs, Lf, Ef);
        false ->
            fail(guard_expr, element(2, G), Bs, Ef, none)
    end;
guard_conj([], _Bs, _Lf, _Ef) ->
    true.

%% A test holds when it gives true; an exception is false. The old type
%% tests (integer(X)) are the new ones.
guard_test({call, A, {atom, An, F}, As}, Bs, Lf, Ef) ->
    test_holds({call, A, {atom, An, type_test(F)}, As}, Bs, Lf, Ef);
guard_test({call, A, {remote, Ar, {atom, Am, erlang}, {atom, Af, F}}, As}, Bs, Lf, Ef) ->
    test_holds({call, A, {remote, Ar, {atom, Am, erlang}, {atom, Af, type_test(F)}}, As},
               Bs, Lf, Ef);
guard_test(G, Bs, Lf, Ef) ->
    test_holds(G, Bs, Lf, Ef).

test_holds(G, Bs, Lf, Ef) ->
    try expr(G, Bs, Lf, Ef, none) of
        {value, true, _} -> true;
        _ -> false
    catch
        error:_ -> false
    end.

type_test(integer) -> is_integer;
type_test(float) -> is_float;
type_test(number) -> is_number;
type_test(atom) -> is_atom;
type_test(list) -> is_list;
type_test(tuple) -> is_tuple;
type_test(pid) -> is_pid;
type_test(reference) -> is_reference;
type_test(port) -> is_port;
type_test(function) -> is_function;
type_test(binary) -> is_binary;
type_test(record) -> is_record;
type_test(map) -> is_map;
type_test(F) -> F.

%% ---------------------------------------------------------------------
%% Calls

%% An auto-imported BIF, called with or without erlang:. apply/2,3 are
%% not shown to the non-local handler: the function they apply is.
bif(apply, [erlang, apply, As], Anno, Bs, Ef, R) ->
    bif(apply, As, Anno, Bs, Ef, R);
bif(apply, [M, F, As], Anno, Bs, Ef, R) ->
    apply_mfa(M, F, As, Anno, Bs, Ef, R);
bif(apply, [F, As], Anno, Bs, Ef, R) ->
    apply_fun(F, As, Anno, Bs, Ef, R);
bif(F, As, Anno, Bs, Ef, R) ->
    apply_mfa(erlang, F, As, Anno, Bs, Ef, R).

%% A call of a local function: the local function handler's.
local_call(F, As0, _Anno, Bs0, {value, H}, Ef, value) ->
    {As, _} = expr_list(As0, Bs0, {value, H}, Ef),
    H(F, As);
local_call(F, As0, _Anno, Bs0, {value, H}, Ef, R) ->
    {As, Bs} = expr_list(As0, Bs0, {value, H}, Ef),
    ret(H(F, As), Bs, R);
local_call(F, As0, Anno, Bs0, {value, H, Extra}, Ef, R) ->
    local_call(F, As0, Anno, Bs0, {value, fun(N, As) -> apply(H, [N, As | Extra]) end}, Ef, R);
local_call(F, As0, Anno, Bs0, {eval, H}, _Ef, R) ->
    local_reply(H(F, As0, Bs0), Anno, R);
local_call(F, As0, Anno, Bs0, {eval, H, Extra}, _Ef, R) ->
    local_reply(apply(H, [F, As0, Bs0 | Extra]), Anno, R);
local_call(F, As0, _Anno, Bs0, {M, H}, Ef, R) when is_atom(M), is_atom(H) ->
    {As, Bs} = expr_list(As0, Bs0, {M, H}, Ef),
    ret(apply(M, H, [F, As]), Bs, R);
local_call(F, As0, Anno, _Bs0, {M, H, Extra}, _Ef, R) when is_atom(M), is_atom(H) ->
    local_reply(apply(M, H, [F, As0 | Extra]), Anno, R);
local_call(F, As0, Anno, Bs0, none, Ef, R) ->
    fail(undef, [{?MODULE, F, length(As0)} | stacktrace()], Anno, Bs0, Ef, R).

local_reply({value, V, Bs}, _Anno, R) ->
    ret(V, Bs, R);
local_reply({eval, F, As, Bs}, Anno, R) ->
    %% the handler found the function: call it here (not documented)
    apply_fun(F, As, Anno, Bs, none, R).

%% Module:Function(Args), through the non-local handler if there is one
%% (with the call's annotation when it takes three arguments).
apply_mfa(M, F, As, _Anno, _Bs, none, value) ->
    apply(M, F, As);
apply_mfa(M, F, As, _Anno, Bs, none, R) ->
    ret(apply(M, F, As), Bs, R);
apply_mfa(M, F, As, Anno, Bs, {value, H}, R) ->
    ret(nonlocal(H, Anno, {M, F}, As), Bs, R).

%% Fun(Args): a fun made here is evaluated in place (no new stack frame
%% for a call in tail position); any other through the handler if any.
apply_fun(F, As, Anno, Bs, Ef, R) ->
    Interpreted = is_function(F) andalso interpreted(F),
    Back = case R of
               none -> {ret, Bs};
               _ -> R
           end,
    case Interpreted of
        false when Ef =:= none, R =:= value ->
            apply(F, As);
        false when Ef =:= none ->
            ret(apply(F, As), Bs, R);
        false ->
            {value, H} = Ef,
            ret(nonlocal(H, Anno, F, As), Bs, R);
        _ when not is_function(F, length(As)) ->
            fail({badarity, {F, As}}, Anno, Bs, Ef, R);
        {FAnno, FBs, FLf, FEf, used, Cs} ->
            fun_clauses(Cs, As, FAnno, FBs, FLf, FEf, Back);
        {FAnno, FBs, FLf, FEf, used, Cs, Name} ->
            named_fun_clauses(Cs, As, FAnno, FBs, FLf, FEf, Name, F, Back)
    end.

nonlocal(H, _Anno, What, As) when is_function(H, 2) -> H(What, As);
nonlocal(H, Anno, What, As) when is_function(H, 3) -> H(Anno, What, As).

%% An error raised by the evaluator, through the non-local handler if any
%% (as a call of erlang:raise/3).
fail(Reason, Anno, Bs, Ef, R) ->
    fail(Reason, stacktrace(), Anno, Bs, Ef, R).

fail(Reason, Stack, _Anno, _Bs, none, _R) ->
    erlang:raise(error, Reason, Stack);
fail(Reason, Stack, Anno, Bs, Ef, R) ->
    apply_mfa(erlang, raise, [error, Reason, Stack], Anno, Bs, Ef, R).

stacktrace() ->
    {current_stacktrace, [_ | Stack]} = erlang:process_info(self(), current_stacktrace),
    Stack.

%% ---------------------------------------------------------------------
%% Funs

clause_arity([{clause, _, Ps, _, _} | _]) -> length(Ps).

%% The environment of a fun made here: {Anno, Bindings, Lf, Ef, used,
%% Clauses} (and Name for a named fun), or false.
interpreted(F) ->
    case erlang:fun_info(F, module) of
        {module, ?MODULE} -> fun_info_env(element(2, erlang:fun_info(F, env)));
        _ -> false
    end.

fun_info_env([{_, _, _, _, used, _} = Info | _]) -> Info;
fun_info_env([{_, _, _, _, used, _, _} = Info | _]) -> Info;
fun_info_env([_ | Env]) -> fun_info_env(Env);
fun_info_env([]) -> false.

%% Called from compiled code (or apply): the value alone.
run_fun(As, {Anno, Bs, Lf, Ef, used, Cs}) ->
    fun_clauses(Cs, As, Anno, Bs, Lf, Ef, value).

run_named_fun(As, Self, {Anno, Bs, Lf, Ef, used, Cs, Name}) ->
    named_fun_clauses(Cs, As, Anno, Bs, Lf, Ef, Name, Self, value).

%% A fun's head binds its variables afresh: they shadow the ones it
%% captured.
fun_clauses([{clause, _, Ps, G, Body} | Cs], As, Anno, Bs0, Lf, Ef, R) ->
    case match_list(Ps, As, new_bindings(Bs0), Bs0, Ef) of
        {match, New} ->
            Bs = add_bindings(New, Bs0),
            case guard(G, Bs, Lf, Ef) of
                true -> exprs(Body, Bs, Lf, Ef, R);
                false -> fun_clauses(Cs, As, Anno, Bs0, Lf, Ef, R)
            end;
        nomatch ->
            fun_clauses(Cs, As, Anno, Bs0, Lf, Ef, R)
    end;
fun_clauses([], As, Anno, Bs, _Lf, Ef, R) ->
    fail(function_clause, [{?MODULE, '-inside-an-interpreted-fun-', As} | stacktrace()],
         Anno, Bs, Ef, R).

named_fun_clauses([{clause, _, Ps, G, Body} | Cs], As, Anno, Bs0, Lf, Ef, Name, Self, R) ->
    Bs1 = add_binding(Name, Self, Bs0),
    case match_list(Ps, As, new_bindings(Bs0), Bs1, Ef) of
        {match, New} ->
            Bs = add_bindings(New, Bs1),
            case guard(G, Bs, Lf, Ef) of
                true -> exprs(Body, Bs, Lf, Ef, R);
                false -> named_fun_clauses(Cs, As, Anno, Bs0, Lf, Ef, Name, Self, R)
            end;
        nomatch ->
            named_fun_clauses(Cs, As, Anno, Bs0, Lf, Ef, Name, Self, R)
    end;
named_fun_clauses([], As, Anno, Bs, _Lf, Ef, _Name, _Self, R) ->
    fail(function_clause, [{?MODULE, '-inside-an-interpreted-fun-', As} | stacktrace()],
         Anno, Bs, Ef, R).

%% The bindings the fun takes from around it, as OTP's erl_lint:used_vars
%% finds them: the variables its clauses name, but not those a clause
%% head or a generator's pattern binds afresh (they shadow).
used_bindings(Fun, Bs) ->
    Names = free(Fun, #{}),
    filter_bindings(fun(K, _) -> maps:is_key(K, Names) end, Bs).

free({var, _, V}, Acc) ->
    Acc#{V => true};
free({'fun', _, {clauses, Cs}}, Acc) ->
    lists:foldl(fun clause_free/2, Acc, Cs);
free({named_fun, _, _, Cs}, Acc) ->
    lists:foldl(fun clause_free/2, Acc, Cs);
free({Comp, _, E, Qs}, Acc) when Comp =:= lc; Comp =:= bc ->
    maps:merge(Acc, quals_free(Qs, E));
free(T, Acc) when is_tuple(T) ->
    free(tuple_to_list(T), Acc);
free([H | T], Acc) ->
    free(T, free(H, Acc));
free(_, Acc) ->
    Acc.

clause_free({clause, _, Ps, G, B}, Acc) ->
    {Bound, Used} = pat_vars(Ps, {#{}, #{}}),
    maps:merge(maps:merge(Acc, Used), maps:without(maps:keys(Bound), free([G, B], #{})));
clause_free(_, Acc) ->
    Acc.

quals_free([{Gen, _, P, E} | Qs], T) when Gen =:= generate; Gen =:= b_generate ->
    {Bound, Used} = pat_vars(P, {#{}, #{}}),
    maps:merge(maps:merge(free(E, #{}), Used), maps:without(maps:keys(Bound), quals_free(Qs, T)));
quals_free([F | Qs], T) ->
    free(F, quals_free(Qs, T));
quals_free([], T) ->
    free(T, #{}).

%% {Bound, Used}: the variables a pattern binds, and those it only reads
%% (a binary segment's size, a map key).
pat_vars({var, _, V}, {B, U}) ->
    {B#{V => true}, U};
pat_vars({bin_element, _, E, Size, _}, Acc) ->
    {B, U} = pat_vars(E, Acc),
    {B, free(Size, U)};
pat_vars({map_field_exact, _, K, V}, Acc) ->
    {B, U} = pat_vars(V, Acc),
    {B, free(K, U)};
pat_vars(T, Acc) when is_tuple(T) ->
    pat_vars(tuple_to_list(T), Acc);
pat_vars([H | T], Acc) ->
    pat_vars(T, pat_vars(H, Acc));
pat_vars(_, Acc) ->
    Acc.

%% Funs of each arity up to 20, as OTP's erl_eval makes them.
make_fun(0, I, _, _, _, _) -> fun() -> run_fun([], I) end;
make_fun(1, I, _, _, _, _) -> fun(A) -> run_fun([A], I) end;
make_fun(2, I, _, _, _, _) -> fun(A, B) -> run_fun([A, B], I) end;
make_fun(3, I, _, _, _, _) -> fun(A, B, C) -> run_fun([A, B, C], I) end;
make_fun(4, I, _, _, _, _) -> fun(A, B, C, D) -> run_fun([A, B, C, D], I) end;
make_fun(5, I, _, _, _, _) -> fun(A, B, C, D, E) -> run_fun([A, B, C, D, E], I) end;
make_fun(6, I, _, _, _, _) -> fun(A, B, C, D, E, F) -> run_fun([A, B, C, D, E, F], I) end;
make_fun(7, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G) -> run_fun([A, B, C, D, E, F, G], I) end;
make_fun(8, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H) -> run_fun([A, B, C, D, E, F, G, H], I) end;
make_fun(9, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J) -> run_fun([A, B, C, D, E, F, G, H, J], I) end;
make_fun(10, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K) -> run_fun([A, B, C, D, E, F, G, H, J, K], I) end;
make_fun(11, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L) -> run_fun([A, B, C, D, E, F, G, H, J, K, L], I) end;
make_fun(12, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M], I)
    end;
make_fun(13, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N], I)
    end;
make_fun(14, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O], I)
    end;
make_fun(15, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P], I)
    end;
make_fun(16, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q], I)
    end;
make_fun(17, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S], I)
    end;
make_fun(18, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T], I)
    end;
make_fun(19, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U], I)
    end;
make_fun(20, I, _, _, _, _) ->
    fun(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U, V) ->
            run_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U, V], I)
    end;
make_fun(_, _, Anno, Cs, Bs, Ef) ->
    fail({argument_limit, {'fun', location(Anno), Cs}}, Anno, Bs, Ef, none).

make_named_fun(0, I, _, _, _, _) -> fun RF() -> run_named_fun([], RF, I) end;
make_named_fun(1, I, _, _, _, _) -> fun RF(A) -> run_named_fun([A], RF, I) end;
make_named_fun(2, I, _, _, _, _) -> fun RF(A, B) -> run_named_fun([A, B], RF, I) end;
make_named_fun(3, I, _, _, _, _) -> fun RF(A, B, C) -> run_named_fun([A, B, C], RF, I) end;
make_named_fun(4, I, _, _, _, _) ->
    fun RF(A, B, C, D) -> run_named_fun([A, B, C, D], RF, I) end;
make_named_fun(5, I, _, _, _, _) ->
    fun RF(A, B, C, D, E) -> run_named_fun([A, B, C, D, E], RF, I) end;
make_named_fun(6, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F) -> run_named_fun([A, B, C, D, E, F], RF, I) end;
make_named_fun(7, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G) -> run_named_fun([A, B, C, D, E, F, G], RF, I) end;
make_named_fun(8, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H) -> run_named_fun([A, B, C, D, E, F, G, H], RF, I) end;
make_named_fun(9, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J) -> run_named_fun([A, B, C, D, E, F, G, H, J], RF, I) end;
make_named_fun(10, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K], RF, I)
    end;
make_named_fun(11, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L], RF, I)
    end;
make_named_fun(12, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M], RF, I)
    end;
make_named_fun(13, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N], RF, I)
    end;
make_named_fun(14, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O], RF, I)
    end;
make_named_fun(15, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P], RF, I)
    end;
make_named_fun(16, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q], RF, I)
    end;
make_named_fun(17, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S], RF, I)
    end;
make_named_fun(18, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T], RF, I)
    end;
make_named_fun(19, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U], RF, I)
    end;
make_named_fun(20, I, _, _, _, _) ->
    fun RF(A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U, V) ->
            run_named_fun([A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, S, T, U, V], RF, I)
    end;
make_named_fun(_, I, Anno, Cs, Bs, Ef) ->
    fail({argument_limit, {named_fun, location(Anno), element(7, I), Cs}}, Anno, Bs, Ef, none).

%% ---------------------------------------------------------------------
%% Comprehensions

%% A comprehension's qualifiers in order; each value of the template is
%% added to the accumulator by Add (consed for a list, the reverse of
%% which is the result; appended for a binary).
comp(E, [{generate, Anno, P, L0} | Qs], Bs, Lf, Ef, Add, Acc) ->
    {value, L, _} = expr(L0, Bs, Lf, Ef, none),
    generate(L, P, Anno, Bs, Ef, fun(Bs1, A) -> comp(E, Qs, Bs1, Lf, Ef, Add, A) end, Acc);
comp(E, [{b_generate, Anno, P, B0} | Qs], Bs, Lf, Ef, Add, Acc) ->
    {value, B, _} = expr(B0, Bs, Lf, Ef, none),
    b_generate(B, P, Anno, Bs, Lf, Ef, fun(Bs1, A) -> comp(E, Qs, Bs1, Lf, Ef, Add, A) end, Acc);
comp(E, [F | Qs], Bs, Lf, Ef, Add, Acc) ->
    filter(F, Bs, Lf, Ef, fun(Bs1) -> comp(E, Qs, Bs1, Lf, Ef, Add, Acc) end, Acc);
comp(E, [], Bs, Lf, Ef, Add, Acc) ->
    {value, V, _} = expr(E, Bs, Lf, Ef, none),
    Add(V, Acc).

%% Each element the pattern matches (its variables fresh) goes on.
generate([V | Vs], P, Anno, Bs, Ef, Next, Acc) ->
    case match(P, V, new_bindings(Bs), Bs, Ef) of
        {match, New} -> generate(Vs, P, Anno, Bs, Ef, Next, Next(add_bindings(New, Bs), Acc));
        nomatch -> generate(Vs, P, Anno, Bs, Ef, Next, Acc)
    end;
generate([], _P, _Anno, _Bs, _Ef, _Next, Acc) ->
    Acc;
generate(Term, _P, Anno, Bs, Ef, _Next, _Acc) ->
    fail({bad_generator, Term}, Anno, Bs, Ef, none).

b_generate(<<_/bitstring>> = Bin, {bin, _, Fields} = P, Anno, Bs, Lf, Ef, Next, Acc) ->
    Taken = try bin_take(Fields, Bin, new_bindings(Bs), Bs)
            catch throw:?INVALID -> fail({illegal_pattern, P}, element(2, P), Bs, Ef, none)
            end,
    case Taken of
        {match, Rest, New} ->
            b_generate(Rest, P, Anno, Bs, Lf, Ef, Next, Next(add_bindings(New, Bs), Acc));
        {nomatch, Rest} ->
            b_generate(Rest, P, Anno, Bs, Lf, Ef, Next, Acc);
        done ->
            Acc
    end;
b_generate(Term, _P, Anno, Bs, _Lf, Ef, _Next, _Acc) ->
    fail({bad_generator, Term}, Anno, Bs, Ef, none).

filter(F, Bs, Lf, Ef, Next, Acc) ->
    case erts_internal:is_guard_test(F) of
        true ->
            case guard_test(F, Bs, Lf, Ef) of
                true -> Next(Bs);
                false -> Acc
            end;
        false ->
            case expr(F, Bs, Lf, Ef, none) of
                {value, true, Bs1} -> Next(Bs1);
                {value, false, _} -> Acc;
                {value, V, _} -> fail({bad_filter, V}, element(2, F), Bs, Ef, none)
            end
    end.

%% ---------------------------------------------------------------------
%% Patterns

%% {match, NewBs} or nomatch: Bs gets the pattern's variables; BBs are the
%% bindings a binary segment's size and a map key are evaluated in.
match(P, V, Bs, BBs, Ef) ->
    try mt(P, V, Bs, BBs) of
        Bs1 -> {match, Bs1}
    catch
        throw:?NOMATCH -> nomatch;
        throw:?INVALID -> fail({illegal_pattern, P}, element(2, P), Bs, Ef, none)
    end.

match_list([P | Ps], [V | Vs], Bs0, BBs, Ef) ->
    case match(P, V, Bs0, BBs, Ef) of
        {match, Bs} -> match_list(Ps, Vs, Bs, BBs, Ef);
        nomatch -> nomatch
    end;
match_list([], [], Bs, _BBs, _Ef) ->
    {match, Bs};
match_list(_, _, _Bs, _BBs, _Ef) ->
    nomatch.

mt({Lit, _, X}, V, Bs, _)
  when Lit =:= atom; Lit =:= integer; Lit =:= float; Lit =:= char; Lit =:= string ->
    same(X, V, Bs);
mt({nil, _}, V, Bs, _) ->
    same([], V, Bs);
mt({var, _, '_'}, _, Bs, _) ->
    Bs;
mt({var, _, Name}, V, Bs, _) ->
    case binding(Name, Bs) of
        {value, V} -> Bs;
        {value, _} -> throw(?NOMATCH);
        unbound -> add_binding(Name, V, Bs)
    end;
mt({match, _, P1, P2}, V, Bs, BBs) ->
    mt(P2, V, mt(P1, V, Bs, BBs), BBs);
mt({cons, _, H, T}, [HV | TV], Bs, BBs) ->
    mt(T, TV, mt(H, HV, Bs, BBs), BBs);
mt({cons, _, _, _}, _, _, _) ->
    throw(?NOMATCH);
mt({tuple, _, Ps}, V, Bs, BBs) when is_tuple(V), length(Ps) =:= tuple_size(V) ->
    mt_list(Ps, tuple_to_list(V), Bs, BBs);
mt({tuple, _, _}, _, _, _) ->
    throw(?NOMATCH);
mt({map, _, Fs}, V, Bs, BBs) when is_map(V) ->
    lists:foldl(fun({map_field_exact, _, K0, P}, Acc) ->
                        Got = try
                                  {value, K, _} = expr(K0, BBs, none, none, none),
                                  maps:get(K, V)
                              catch error:_ -> throw(?NOMATCH)
                              end,
                        mt(P, Got, Acc, BBs);
                   (_, _) ->
                        %% => in a pattern: OTP's match has no clause for
                        %% it, and its caller gets the crash as a value
                        erlang:error({case_clause, {'EXIT', {function_clause, stacktrace()}}})
                end, Bs, Fs);
mt({map, _, _}, _, _, _) ->
    throw(?NOMATCH);
mt({bin, _, Fields}, V, Bs, BBs) when is_bitstring(V) ->
    case bin_take(Fields, V, Bs, BBs) of
        {match, <<>>, Bs1} -> Bs1;
        _ -> throw(?NOMATCH)
    end;
mt({bin, _, _}, _, _, _) ->
    throw(?NOMATCH);
mt({op, _, '++', {nil, _}, P}, V, Bs, BBs) ->
    mt(P, V, Bs, BBs);
mt({op, A, '++', {cons, Ac, {Kind, _, _} = H, T}, P}, V, Bs, BBs)
  when Kind =:= integer; Kind =:= char ->
    mt({cons, Ac, H, {op, A, '++', T, P}}, V, Bs, BBs);
mt({op, _, '++', {string, As, S}, P}, V, Bs, BBs) ->
    mt(lists:foldr(fun(C, T) -> {cons, As, {integer, As, C}, T} end, P, S), V, Bs, BBs);
mt({op, _, _, _} = P, V, Bs, BBs) ->
    constant_pattern(P, V, Bs, BBs);
mt({op, _, _, _, _} = P, V, Bs, BBs) ->
    constant_pattern(P, V, Bs, BBs);
mt(_, _, _, _) ->
    throw(?INVALID).

mt_list([P | Ps], [V | Vs], Bs, BBs) -> mt_list(Ps, Vs, mt(P, V, Bs, BBs), BBs);
mt_list([], [], Bs, _) -> Bs.

same(X, X, Bs) -> Bs;
same(_, _, _) -> throw(?NOMATCH).

%% An operator on constants in a pattern (-1, 2 * 3) is its value.
constant_pattern(P, V, Bs, BBs) ->
    case partial_eval(P) of
        P -> throw(?INVALID);
        C -> mt(C, V, Bs, BBs)
    end.

%% ---------------------------------------------------------------------
%% Binaries

%% A segment's type: {Type, Signed, Endian, Unit, Size} with OTP's
%% defaults (Size `all`: the rest, or a character's own size).
seg_type(Tsl, Size) ->
    Specs = case Tsl of
                default -> [];
                _ -> Tsl
            end,
    {T, S, E, U} = lists:foldl(fun seg_spec/2, {integer, unsigned, big, default}, Specs),
    Type = case T of
               bytes -> binary;
               bits -> bitstring;
               _ -> T
           end,
    Unit = case {U, Type} of
               {default, binary} -> 8;
               {default, _} -> 1;
               _ -> U
           end,
    DefSize = case {Size, Type} of
                  {default, integer} -> 8;
                  {default, float} -> 64;
                  {default, _} -> all;
                  _ -> Size
              end,
    {Type, S, E, Unit, DefSize}.

seg_spec(T, {_, S, E, U}) when T =:= integer; T =:= float; T =:= binary; T =:= bytes;
                               T =:= bitstring; T =:= bits; T =:= utf8; T =:= utf16;
                               T =:= utf32 ->
    {T, S, E, U};
seg_spec(S, {T, _, E, U}) when S =:= signed; S =:= unsigned -> {T, S, E, U};
seg_spec(E, {T, S, _, U}) when E =:= big; E =:= little; E =:= native -> {T, S, E, U};
seg_spec({unit, U}, {T, S, E, _}) when is_integer(U), U > 0, U =< 256 -> {T, S, E, U}.

%% Builds a binary: every segment's value and size first, in order, each
%% in the bindings the one before left (so an error in evaluating comes
%% before one in building, as OTP's), then the segments.
bin_build(Fields, Bs0, Lf, Ef, <<>>) ->
    {Segs, Bs} = lists:foldl(fun(F, {Acc, B}) ->
                                     {Seg, B1} = bin_eval(F, B, Lf, Ef),
                                     {[Seg | Acc], B1}
                             end, {[], Bs0}, Fields),
    Bin = lists:foldl(fun(Seg, Acc) ->
                              Bits = bin_segment(Seg, Bs0, Ef),
                              <<Acc/bitstring, Bits/bitstring>>
                      end, <<>>, lists:reverse(Segs)),
    {Bin, Bs}.

bin_eval({bin_element, Anno, {string, _, S}, Size0, Tsl}, Bs, Lf, Ef) ->
    {Size, Bs1} = bin_size(Size0, Bs, Lf, Ef),
    {{string, Anno, S, Size, Tsl}, Bs1};
bin_eval({bin_element, Anno, E, Size0, Tsl}, Bs0, Lf, Ef) ->
    {value, V, Bs1} = expr(E, Bs0, Lf, Ef, none),
    {Size, Bs} = bin_size(Size0, Bs1, Lf, Ef),
    {{value, Anno, V, Size, Tsl}, Bs}.

bin_size(default, Bs, _Lf, _Ef) ->
    {default, Bs};
bin_size(E, Bs0, Lf, Ef) ->
    {value, S, Bs} = expr(E, Bs0, Lf, Ef, none),
    {S, Bs}.

%% A string's characters each as a segment of the type (an empty string
%% is checked with a character all the same, as OTP's).
bin_segment({string, Anno, S, Size, Tsl}, Bs, Ef) when S =/= [], Size =:= default, Tsl =:= default ->
    bin_segment({value, Anno, list_to_binary([C band 255 || C <- S]), all, [binary]}, Bs, Ef);
bin_segment({string, Anno, S, Size, Tsl}, Bs, Ef) ->
    Bits = << <<(bin_segment({value, Anno, C, Size, Tsl}, Bs, Ef))/bitstring>> || C <- S >>,
    case S of
        [] -> _ = bin_segment({value, Anno, 0, Size, Tsl}, Bs, Ef), <<>>;
        _ -> Bits
    end;
bin_segment({value, Anno, V, Size, Tsl}, Bs, Ef) ->
    try build(seg_type(Tsl, Size), V)
    catch
        error:_ -> fail(badarg, Anno, Bs, Ef, none)
    end.

build({integer, _, E, U, S}, V) when is_integer(V), is_integer(S), S >= 0 ->
    N = S * U,
    case E of
        little -> <<V:N/little>>;
        native -> <<V:N/native>>;
        big -> <<V:N>>
    end;
build({float, _, E, U, S}, V) when is_number(V), is_integer(S) ->
    N = S * U,
    case E of
        little -> <<V:N/float-little>>;
        native -> <<V:N/float-native>>;
        big -> <<V:N/float>>
    end;
build({Type, _, _, U, all}, V) when (Type =:= binary orelse Type =:= bitstring),
                                    is_bitstring(V), bit_size(V) rem U =:= 0 ->
    V;
build({Type, _, _, U, S}, V) when (Type =:= binary orelse Type =:= bitstring),
                                  is_bitstring(V), is_integer(S), S >= 0 ->
    N = S * U,
    <<B:N/bitstring, _/bitstring>> = V,
    B;
build({utf8, _, _, _, all}, V) ->
    <<V/utf8>>;
build({utf16, _, E, _, all}, V) ->
    case E of
        little -> <<V/utf16-little>>;
        native -> <<V/utf16-native>>;
        big -> <<V/utf16>>
    end;
build({utf32, _, E, _, all}, V) ->
    case E of
        little -> <<V/utf32-little>>;
        native -> <<V/utf32-native>>;
        big -> <<V/utf32>>
    end.

%% Matches a pattern's segments at the start of Bin: {match, Rest, Bs},
%% {nomatch, Rest} when the bits are there but a value differs, or done
%% when Bin is too short (or not of the segments' shape).
bin_take(Fields, Bin, Bs, BBs) ->
    try take(Fields, Bin, Bs, BBs, false) of
        {Rest, Bs1, false} -> {match, Rest, Bs1};
        {Rest, _, true} -> {nomatch, Rest}
    catch
        throw:?NOMATCH -> done
    end.

take([{bin_element, A, {string, _, S}, Size, Tsl} | Fs], Bin, Bs, BBs, Differs) ->
    take([{bin_element, A, {integer, A, C}, Size, Tsl} || C <- S] ++ Fs, Bin, Bs, BBs, Differs);
take([{bin_element, _, P, Size0, Tsl} | Fs], Bin, Bs, BBs, Differs) ->
    Size = case Size0 of
               default -> default;
               _ -> seg_size(Size0, BBs)
           end,
    Type = try seg_type(Tsl, Size)
           catch error:_ -> throw(?INVALID)
           end,
    {V, Rest} = extract(Type, Bin),
    {Bs1, Same} = try {seg_match(P, V, Type, Bin, Rest, Bs, BBs), true}
                  catch throw:?NOMATCH -> {Bs, false}
                  end,
    %% a later segment's size may name this one's variable
    BBs1 = case P of
               {var, _, Name} when Name =/= '_', Same -> add_binding(Name, V, BBs);
               _ -> BBs
           end,
    take(Fs, Rest, Bs1, BBs1, Differs orelse not Same);
take([], Rest, Bs, _BBs, Differs) ->
    {Rest, Bs, Differs}.

%% A segment's value against its pattern: a literal (or a constant
%% expression) is built as the segment's type and compared bit for bit
%% (<<1/float>> matches <<1.0/float>>), anything else matched.
seg_match(P, V, Type, Bin, Rest, Bs, BBs) ->
    case literal(P) of
        {ok, L} ->
            Taken = bit_size(Bin) - bit_size(Rest),
            <<Bits:Taken/bitstring, _/bitstring>> = Bin,
            case catch build(Type, L) of
                Bits -> Bs;
                _ -> throw(?NOMATCH)
            end;
        error ->
            mt(P, V, Bs, BBs)
    end.

literal({Lit, _, X}) when Lit =:= integer; Lit =:= char; Lit =:= float -> {ok, X};
literal({op, _, _, _} = P) -> constant_number(P);
literal({op, _, _, _, _} = P) -> constant_number(P);
literal(_) -> error.

constant_number(P) ->
    case constant(P) of
        {ok, X} when is_number(X) -> {ok, X};
        _ -> error
    end.

%% A size: an integer, or a guard expression over the variables bound
%% before the pattern and by the binary's earlier segments.
seg_size({integer, _, N}, _) ->
    N;
seg_size(E, BBs) ->
    case erts_internal:is_guard_test(E) of
        true -> ok;
        false -> throw(?INVALID)
    end,
    try expr(E, BBs, none, none, none) of
        {value, N, _} when is_integer(N), N >= 0 -> N;
        {value, all, _} -> all;
        _ -> throw(?NOMATCH)
    catch
        error:{unbound, _} -> throw(?INVALID);
        error:_ -> throw(?NOMATCH)
    end.

extract({integer, S, E, U, Size}, Bin) when is_integer(Size) ->
    N = Size * U,
    case {S, E, Bin} of
        {unsigned, big, <<V:N, R/bitstring>>} -> {V, R};
        {unsigned, little, <<V:N/little, R/bitstring>>} -> {V, R};
        {unsigned, native, <<V:N/native, R/bitstring>>} -> {V, R};
        {signed, big, <<V:N/signed, R/bitstring>>} -> {V, R};
        {signed, little, <<V:N/signed-little, R/bitstring>>} -> {V, R};
        {signed, native, <<V:N/signed-native, R/bitstring>>} -> {V, R};
        _ -> throw(?NOMATCH)
    end;
extract({float, _, E, U, Size}, Bin) when is_integer(Size) ->
    N = Size * U,
    case {E, Bin} of
        {big, <<V:N/float, R/bitstring>>} -> {V, R};
        {little, <<V:N/float-little, R/bitstring>>} -> {V, R};
        {native, <<V:N/float-native, R/bitstring>>} -> {V, R};
        _ -> throw(?NOMATCH)
    end;
extract({Type, _, _, U, all}, Bin) when Type =:= binary; Type =:= bitstring ->
    case bit_size(Bin) rem U of
        0 -> {Bin, <<>>};
        _ -> throw(?NOMATCH)
    end;
extract({Type, _, _, U, Size}, Bin) when (Type =:= binary orelse Type =:= bitstring),
                                         is_integer(Size) ->
    N = Size * U,
    case Bin of
        <<V:N/bitstring, R/bitstring>> -> {V, R};
        _ -> throw(?NOMATCH)
    end;
extract({utf8, _, _, _, all}, Bin) ->
    case Bin of
        <<V/utf8, R/bitstring>> -> {V, R};
        _ -> throw(?NOMATCH)
    end;
extract({utf16, _, E, _, all}, Bin) ->
    case {E, Bin} of
        {big, <<V/utf16, R/bitstring>>} -> {V, R};
        {little, <<V/utf16-little, R/bitstring>>} -> {V, R};
        {native, <<V/utf16-native, R/bitstring>>} -> {V, R};
        _ -> throw(?NOMATCH)
    end;
extract({utf32, _, E, _, all}, Bin) ->
    case {E, Bin} of
        {big, <<V/utf32, R/bitstring>>} -> {V, R};
        {little, <<V/utf32-little, R/bitstring>>} -> {V, R};
        {native, <<V/utf32-native, R/bitstring>>} -> {V, R};
        _ -> throw(?NOMATCH)
    end;
extract(_, _) ->
    throw(?INVALID).

%% ---------------------------------------------------------------------
%% Bindings: an orddict or a map of variable names to values

new_bindings() -> [].

bindings(Bs) when is_map(Bs) -> maps:to_list(Bs);
bindings(Bs) when is_list(Bs) -> Bs.

binding(Name, Bs) when is_map(Bs) ->
    case maps:find(Name, Bs) of
        {ok, V} -> {value, V};
        error -> unbound
    end;
binding(Name, Bs) when is_list(Bs) ->
    case orddict:find(Name, Bs) of
        {ok, V} -> {value, V};
        error -> unbound
    end.

add_binding(Name, V, Bs) when is_map(Bs) -> Bs#{Name => V};
add_binding(Name, V, Bs) when is_list(Bs) -> orddict:store(Name, V, Bs).

del_binding(Name, Bs) when is_map(Bs) -> maps:remove(Name, Bs);
del_binding(Name, Bs) when is_list(Bs) -> orddict:erase(Name, Bs).

new_bindings(Bs) when is_map(Bs) -> #{};
new_bindings(Bs) when is_list(Bs) -> [].

%% New's bindings over Bs's (they shadow).
add_bindings(New, Bs) when is_map(New), is_map(Bs) ->
    maps:merge(Bs, New);
add_bindings(New, Bs) ->
    lists:foldl(fun({K, V}, Acc) -> add_binding(K, V, Acc) end, Bs, bindings(New)).

%% The bindings of two parts evaluated side by side: a variable both bind
%% must have one value (the badmatch shows Bs2's value for orddicts and
%% Bs1's for maps, as OTP's).
merge(Bs1, Bs2, Anno, Ef) ->
    lists:foldl(fun({K, V}, Acc) ->
                        case binding(K, Acc) of
                            {value, V} -> Acc;
                            {value, _} when is_map(Acc) -> fail({badmatch, V}, Anno, Bs1, Ef, none);
                            {value, Other} -> fail({badmatch, Other}, Anno, Bs1, Ef, none);
                            unbound -> add_binding(K, V, Acc)
                        end
                end, Bs2, bindings(Bs1)).

filter_bindings(F, Bs) when is_map(Bs) -> maps:filter(F, Bs);
filter_bindings(F, Bs) when is_list(Bs) -> [B || {K, V} = B <- Bs, F(K, V)].

%% ---------------------------------------------------------------------
%% Constant expressions

is_constant_expr(E) ->
    case constant(E) of
        {ok, X} -> is_number(X);
        error -> false
    end.

%% An operator expression over constants, replaced by its value when that
%% is a number or an atom.
partial_eval(E) ->
    Anno = element(2, E),
    case constant(E) of
        {ok, X} when is_integer(X) -> {integer, Anno, X};
        {ok, X} when is_float(X) -> {float, Anno, X};
        {ok, X} when is_atom(X) -> {atom, Anno, X};
        _ -> E
    end.

constant(E) ->
    try {ok, const(E)}
    catch _:_ -> error
    end.

const({op, _, Op, L, R}) -> apply(erlang, Op, [const(L), const(R)]);
const({op, _, Op, A}) -> apply(erlang, Op, [const(A)]);
const({Lit, _, X}) when Lit =:= integer; Lit =:= char; Lit =:= float; Lit =:= atom -> X;
const({tuple, _, Es}) -> list_to_tuple([const(X) || X <- Es]);
const({nil, _}) -> [];
const({cons, _, H, T}) -> [const(H) | const(T)].

%% ---------------------------------------------------------------------
%% Text

%% eval_str(Text): the value of a dot-terminated expression sequence,
%% {ok, Value}, or {error, Message}.
eval_str(Bin) when is_binary(Bin) ->
    eval_str(binary_to_list(Bin));
eval_str(Str) when is_list(Str) ->
    case erl_scan:tokens([], Str, 0) of
        {more, _} ->
            {error, "Incomplete form (missing .<cr>)??"};
        {done, {ok, Toks, _}, Rest} ->
            case lists:all(fun(C) -> lists:member(C, " \n\t") end, Rest) of
                true ->
                    case erl_parse:parse_exprs(Toks) of
                        {ok, Exprs} ->
                            case catch exprs(Exprs, new_bindings()) of
                                {value, V, _} -> {ok, V};
                                Other -> {error, text("*** eval: ~p", [Other])}
                            end;
                        {error, {_, Mod, Args}} ->
                            {error, text("*** ~ts", [apply(Mod, format_error, [Args])])}
                    end;
                false ->
                    {error, text("Non-white space found after end-of-form :~ts", [Rest])}
            end
    end.

text(Fmt, Args) -> lists:flatten(io_lib:format(Fmt, Args)).

%% erl_parse:parse_exprs/1 for tokens scanned with the text option, where
%% the text of a pid (<0.1.0>), a port (#Port<0.3>), a reference
%% (#Ref<0.1.2.3>) and an external fun (#Fun<m.f.1>) stands for the item.
extended_parse_exprs(Tokens) ->
    Ts = items(Tokens),
    case erl_parse:parse_exprs(Ts) of
        {ok, Exprs} ->
            {ok, [plain_annos(item_calls(E)) || E <- Exprs]};
        _ ->
            erl_parse:parse_exprs([setelement(2, T, location(element(2, T))) || T <- Ts])
    end.

extended_parse_term(Tokens) ->
    case extended_parse_exprs(Tokens) of
        {ok, [E]} ->
            try {ok, normalise(E)}
            catch _:_ -> {error, {location(element(2, E)), ?MODULE, "bad term"}}
            end;
        {ok, [_, E | _]} ->
            {error, {location(element(2, E)), ?MODULE, "bad term"}};
        {error, _} = Error ->
            Error
    end.

%% The tokens of an item's text become one string token whose text names
%% its kind.
items([]) ->
    [];
items([T | Ts] = All) ->
    try item_token(All) of
        {Token, Rest} -> [Token | items(Rest)]
    catch
        _:_ -> [T | items(Ts)]
    end.

item_token(Tokens) ->
    {Kind, Annos, Rest} = item(Tokens),
    Text = lists:append([anno_text(A) || A <- Annos]),
    true = valid_item(Kind, Text),
    {{string, set_text(atom_to_list(Kind), hd(Annos)), Text}, Rest}.

item([{'#', A1}, {var, A2, 'Fun'}, {'<', A3}, {atom, A4, _}, {'.', A5}, {float, A6, _},
      {'>', A7} | Ts]) ->
    {function, [A1, A2, A3, A4, A5, A6, A7], Ts};
item([{'#', A1}, {var, A2, 'Fun'}, {'<', A3}, {atom, A4, _}, {'.', A5}, {atom, A6, _},
      {'.', A7}, {integer, A8, _}, {'>', A9} | Ts]) ->
    {function, [A1, A2, A3, A4, A5, A6, A7, A8, A9], Ts};
item([{'<', A1}, {float, A2, _}, {'.', A3}, {integer, A4, _}, {'>', A5} | Ts]) ->
    {pid, [A1, A2, A3, A4, A5], Ts};
item([{'#', A1}, {var, A2, 'Port'}, {'<', A3}, {float, A4, _}, {'>', A5} | Ts]) ->
    {port, [A1, A2, A3, A4, A5], Ts};
item([{'#', A1}, {var, A2, 'Ref'}, {'<', A3}, {float, A4, _}, {'.', A5}, {float, A6, _},
      {'>', A7} | Ts]) ->
    {reference, [A1, A2, A3, A4, A5, A6, A7], Ts}.

valid_item(Kind, Text) ->
    try
        _ = case Kind of
                pid -> list_to_pid(Text);
                port -> list_to_port(Text);
                reference -> list_to_ref(Text);
                function -> fun_of(Text)
            end,
        true
    catch _:_ -> false
    end.

fun_of(Text) ->
    {ok, [_, _, _, {atom, _, M}, _, {atom, _, F}, _, {integer, _, A} | _], _} =
        erl_scan:string(Text),
    {M, F, A}.

%% A string token made from an item is the call that makes the item.
item_calls({string, A, S} = T) ->
    case anno_text(A) of
        "pid" -> {call, A, {remote, A, {atom, A, erlang}, {atom, A, list_to_pid}}, [T]};
        "port" -> {call, A, {remote, A, {atom, A, erlang}, {atom, A, list_to_port}}, [T]};
        "reference" -> {call, A, {remote, A, {atom, A, erlang}, {atom, A, list_to_ref}}, [T]};
        "function" ->
            {M, F, N} = fun_of(S),
            {'fun', A, {function, {atom, A, M}, {atom, A, F}, {integer, A, N}}};
        _ -> T
    end;
item_calls(T) when is_tuple(T) ->
    list_to_tuple(item_calls(tuple_to_list(T)));
item_calls([H | T]) ->
    [item_calls(H) | item_calls(T)];
item_calls(X) ->
    X.

%% Annotations reduced to their locations (a node's second element, when
%% it is an annotation list).
plain_annos(T) when is_tuple(T), tuple_size(T) >= 2, is_atom(element(1, T)) ->
    [Tag, A | Rest] = tuple_to_list(T),
    A1 = case is_anno_list(A) of
             true -> location(A);
             false -> plain_annos(A)
         end,
    list_to_tuple([Tag, A1 | plain_annos(Rest)]);
plain_annos([H | T]) ->
    [plain_annos(H) | plain_annos(T)];
plain_annos(X) ->
    X.

normalise({Lit, _, X}) when Lit =:= char; Lit =:= integer; Lit =:= float; Lit =:= atom;
                            Lit =:= string ->
    X;
normalise({nil, _}) ->
    [];
normalise({bin, _, Fields}) ->
    %% values and sizes normalised, not evaluated: only literals
    Segs = [case E of
                {string, _, S} -> {string, A, S, normalise_size(Size), T};
                _ -> {value, A, normalise(E), normalise_size(Size), T}
            end || {bin_element, A, E, Size, T} <- Fields],
    << <<(bin_segment(Seg, [], none))/bitstring>> || Seg <- Segs >>;
normalise({cons, _, H, T}) ->
    [normalise(H) | normalise(T)];
normalise({tuple, _, Es}) ->
    list_to_tuple([normalise(E) || E <- Es]);
normalise({map, _, Ps}) ->
    maps:from_list(lists:map(fun({map_field_assoc, _, K, V}) -> {normalise(K), normalise(V)} end, Ps));
normalise({op, _, '+', {Lit, _, X}}) when Lit =:= char; Lit =:= integer; Lit =:= float ->
    X;
normalise({op, _, '-', {Lit, _, X}}) when Lit =:= char; Lit =:= integer; Lit =:= float ->
    -X;
normalise({call, _, {remote, _, {atom, _, erlang}, {atom, _, F}}, [{string, _, S}]})
  when F =:= list_to_pid; F =:= list_to_port; F =:= list_to_ref ->
    apply(erlang, F, [S]);
normalise({'fun', _, {function, {atom, _, M}, {atom, _, F}, {integer, _, A}}}) ->
    erlang:make_fun(M, F, A).

is_anno_list([_ | _] = A) ->
    lists:all(fun({K, _}) -> lists:member(K, [location, text, file, generated, record]);
                 (_) -> false
              end, A);
is_anno_list(_) ->
    false.

normalise_size(default) -> default;
normalise_size(S) -> normalise(S).

%% erl_anno's location and text of an annotation, as erl_scan's token
%% accessors read them.
location(A) -> erl_scan:location({anno, A}).

anno_text(A) -> erl_scan:text({anno, A}).

set_text(Text, A) when is_list(A) -> lists:keystore(text, 1, A, {text, Text});
set_text(Text, A) -> [{text, Text}, {location, A}].
