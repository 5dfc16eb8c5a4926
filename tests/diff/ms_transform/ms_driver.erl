%% ms_driver.erl: both sides of the ms_transform differential test
%% (run.sh). Reads the cases of cases.txt, runs each through the
%% ms_transform module of the system it runs on (OTP's in erl, vm/lib's in
%% dbgsh) and writes one block per case: "== " and the case's line, the
%% result as ~p writes it, and "-- " and format_error/1's text for each
%% error and warning the result holds. The case kinds (first word):
%%   dbg FUN / ets FUN               transform_from_shell(Dialect, Clauses, [])
%%   dbg with BINDINGS :: FUN        the same with the [{Name, Value}] term
%%   col dbg FUN ...                 the same, annotations {Line, Column}
%%   pt FORM FORM ...                parse_transform(Forms, [])
%%   fe TERM                         format_error(Term)
-module(ms_driver).
-export([main/2]).

main(CasesFile, OutFile) ->
    {ok, Bin} = file:read_file(CasesFile),
    Lines = string:split(binary_to_list(Bin), "\n", all),
    Out = [run_line(L) || L <- Lines, L =/= "", hd(L) =/= $#],
    ok = file:write_file(OutFile, Out).

run_line(Line) ->
    Result = try run_case(Line)
             catch Class:Reason -> {'EXCEPTION', Class, strip_stack(Reason)}
             end,
    ["== ", Line, "\n", io_lib:format("~p~n", [Result]), texts(Result)].

%% An exit of a caught error carries the stack, which differs between the
%% two systems: only the reason is compared.
strip_stack({Reason, [{M, F, A, Loc} | _]}) when is_atom(M), is_atom(F), is_list(Loc),
                                                  is_integer(A) orelse is_list(A) ->
    Reason;
strip_stack(Reason) ->
    Reason.

run_case("fe " ++ Text) ->
    ms_transform:format_error(term(Text));
run_case("pt " ++ Text) ->
    ms_transform:parse_transform(forms(Text), []);
run_case("col " ++ Text) ->
    shell_case(Text, {1, 1});
run_case(Text) ->
    shell_case(Text, 1).

shell_case([D1, D2, D3, $\s | Rest], Location) ->
    Dialect = list_to_atom([D1, D2, D3]),
    {Env, FunText} = case Rest of
                         "with " ++ Spec ->
                             [EnvText, F] = string:split(Spec, " :: "),
                             {term(EnvText), F};
                         _ ->
                             {[], Rest}
                     end,
    {ok, Tokens, _} = erl_scan:string(FunText ++ ".", Location),
    {ok, [{'fun', _, {clauses, Clauses}}]} = erl_parse:parse_exprs(Tokens),
    ms_transform:transform_from_shell(Dialect, Clauses, Env).

term(Text) ->
    {ok, Tokens, _} = erl_scan:string(Text ++ "."),
    {ok, T} = erl_parse:parse_term(Tokens),
    T.

forms(Text) ->
    {ok, Tokens, _} = erl_scan:string(Text),
    [begin {ok, F} = erl_parse:parse_form(Ts), F end || Ts <- split_dots(Tokens, [])].

split_dots([{dot, _} = Dot | Rest], Acc) ->
    [lists:reverse([Dot | Acc]) | split_dots(Rest, [])];
split_dots([T | Rest], Acc) ->
    split_dots(Rest, [T | Acc]);
split_dots([], []) ->
    [].

%% format_error/1's text for the errors and warnings of a result.
texts({error, Errors, Warnings}) when is_list(Errors), is_list(Warnings) ->
    infos(Errors) ++ infos(Warnings);
texts({warning, _, Warnings}) when is_list(Warnings) ->
    infos(Warnings);
texts(_) ->
    [].

infos(List) ->
    [["-- ", ms_transform:format_error(Code), "\n"] || {_File, Infos} <- List, {_, _, Code} <- Infos].
