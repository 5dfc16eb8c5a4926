%% dbgsh_complete: the Erlang half of the shell's tab completion. The
%% shell (shell/complete.c) calls it through its command evaluator, which
%% is never traced. Module names and exported functions, found as erl's
%% edlin_expand finds them, go back as UTF-8 binaries.
%% docs/internals/completion.md.
-module(dbgsh_complete).
-export([modules/1, exports/1]).

%% The names of the modules that start with Prefix (a UTF-8 binary), each
%% written as ~tw writes the atom ('Elixir.Foo' in quotes), sorted: the
%% loaded modules and the ones a call would load. (The loaded ones are
%% asked for last: lists, file and filename, which this module uses and
%% erl has loaded from the start, are loaded by then.)
modules(Prefix) when is_binary(Prefix) ->
    P = unicode:characters_to_list(Prefix),
    Available = lists:usort([name(M) || M <- available()]),
    Names = lists:umerge(lists:usort([name(M) || M <- loaded()]), Available),
    [unicode:characters_to_binary(N) || N <- Names, lists:prefix(P, N)].

name(M) ->
    lists:flatten(io_lib:format("~tw", [M])).

%% The loaded modules, without the ones vm/eval.c compiles each shell
%% input into (dbgsh_shell_1, ...).
loaded() ->
    [M || {M, _} <- code:all_loaded(), not is_input_module(atom_to_list(M))].

is_input_module("dbgsh_shell_" ++ N) ->
    N =/= [] andalso lists:all(fun(C) -> C >= $0 andalso C =< $9 end, N);
is_input_module(_) ->
    false.

%% The modules a call could load: code:all_available/0 where the VM has it
%% (OTP's, which lists the code path); otherwise the .erl files of the
%% code path (code:get_path/0, where the VM has it) and of the current
%% directory, which the VM loads from after the path.
available() ->
    case erlang:function_exported(code, all_available, 0) of
        true -> [list_to_atom(M) || {M, _, _} <- code:all_available()];
        false -> [M || Dir <- path(), M <- source_modules(Dir)]
    end.

path() ->
    Path = case erlang:function_exported(code, get_path, 0) of
               true -> code:get_path();
               false -> []
           end,
    case lists:member(".", Path) of
        true -> Path;
        false -> Path ++ ["."]
    end.

source_modules(Dir) ->
    case file:list_dir(Dir) of
        {ok, Files} ->
            [list_to_atom(filename:rootname(F)) || F <- Files, filename:extension(F) =:= ".erl"];
        {error, _} ->
            []
    end.

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
