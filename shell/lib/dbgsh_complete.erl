%% dbgsh_complete: the Erlang half of the shell's tab completion. The
%% shell (shell/complete.c) calls it through its command evaluator, which
%% is never traced. Module names and exported functions, found as erl's
%% edlin_expand finds them, go back as UTF-8 binaries.
%% docs/internals/completion.md.
-module(dbgsh_complete).
-export([modules/1, exports/1]).

%% The names of the modules that start with Prefix (a UTF-8 binary), each
%% written as ~tw writes the atom ('Elixir.Foo' in quotes), sorted: as
%% edlin_expand, those of code:all_available/0, which are the loaded
%% modules and the ones a call would load (the embedded library's and the
%% .erl files of the code path). Not the modules vm/eval.c compiles each
%% shell input into (dbgsh_shell_1, ...).
modules(Prefix) when is_binary(Prefix) ->
    P = unicode:characters_to_list(Prefix),
    Names = lists:usort([name(list_to_atom(M)) || {M, _, _} <- code:all_available(),
                                                   length(M) =< 255, not is_input_module(M)]),
    [unicode:characters_to_binary(N) || N <- Names, lists:prefix(P, N)].

name(M) ->
    lists:flatten(io_lib:format("~tw", [M])).

is_input_module("dbgsh_shell_" ++ N) ->
    N =/= [] andalso lists:all(fun(C) -> C >= $0 andalso C =< $9 end, N);
is_input_module(_) ->
    false.

%% The exported functions of the module written ModText (a UTF-8 binary:
%% an atom as typed, quotes and all) as <<"name/arity">>, sorted by name
%% and arity; module_info/0,1 included, as erl lists them. The module is
%% loaded if it is not (erl reads the exports of a .beam file instead).
%% [] for text that is no atom or names no module.
exports(ModText) when is_binary(ModText) ->
    case erl_scan:string(unicode:characters_to_list(ModText)) of
        {ok, [{atom, _, M}], _} -> functions(M);
        _ -> []
    end.

functions(M) ->
    try M:module_info(exports) of
        Exports ->
            [unicode:characters_to_binary(io_lib:format("~tw/~w", [F, A])) || {F, A} <- lists:sort(Exports)]
    catch
        _:_ -> []
    end.
