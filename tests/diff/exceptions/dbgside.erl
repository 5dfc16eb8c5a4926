%% dbgside.erl: dbgsh's side of the exception text differential test
%% (run.sh). For every case of DIR/cases.etf, in every variant: the text of
%% erl's exception through dbgsh_out:format_exception/4 and, for a raised
%% case, the text of the exception dbgsh itself raises for it. Writes
%% DIR/ours.etf: [{Name, {FmtTexts, OwnTexts | none}}].
-module(dbgside).
-export([main/1]).

main(Dir) ->
    {ok, B} = file:read_file(filename:join(Dir, "cases.etf")),
    {Variants, Cases} = binary_to_term(B),
    Results = [{Name, {[format(C, R, S, Map, V) || V <- Variants],
                       case Kind of
                           raised -> own(Name, Variants);
                           given -> none
                       end}}
               || {Name, Kind, C, R, S, Map} <- Cases],
    ok = file:write_file(filename:join(Dir, "ours.etf"), term_to_binary(Results)).

%% The options erl's shell has in the variant: its encoding and columns,
%% erl_eval and shell frames trimmed, erl_eval's funs interpreted.
options({Enc, LineLength}, Map) ->
    O = #{encoding => Enc, line_length => LineLength, trim => [erl_eval, shell], interpreted => erl_eval},
    case Map of
        none -> O;
        _ -> O#{error_map => Map}
    end.

format(C, R, S, Map, Variant) ->
    try
        dbgsh_out:format_exception(C, R, S, options(Variant, Map))
    catch
        Class:Reason -> {dbgsh_crashed, Class, Reason}
    end.

own(Name, Variants) ->
    case exc_cases:run(Name) of
        {C, R, S} -> [format(C, R, S, none, V) || V <- Variants];
        Other -> {did_not_raise, Other}
    end.
