#!/usr/bin/env escript
%% erlside.escript: erl's side of the parser's differential test. Prints,
%% for each file, "== FILE" and every form of epp:parse_file/2 called with
%% the options compile:file/2 passes (locations {Line,Col}), one per line
%% with ~w; with -e also each error's message as erlc prints it
%% ("-- Loc: Message"). Arguments: [-I DIR]... [-e] FILE...
-mode(compile).

main(Args) ->
    io:setopts([{encoding, unicode}]),
    {Incs, Msgs, Files} = opts(Args, [], false),
    lists:foreach(fun(F) -> file1(F, Incs, Msgs) end, Files).

opts(["-I", D | T], Incs, M) -> opts(T, Incs ++ [D], M);
opts(["-L", _ | T], Incs, M) -> opts(T, Incs, M);
opts(["-e" | T], Incs, _) -> opts(T, Incs, true);
opts(Files, Incs, M) -> {Incs, M, Files}.

file1(File, Incs, Msgs) ->
    io:format("== ~s~n", [File]),
    Dir = filename:dirname(File),
    Opts = [{includes, [".", Dir | Incs]}, {source_name, File}, {deterministic, false},
            {macros, []}, {default_encoding, utf8}, {location, {1,1}},
            {reserved_word_fun, fun erl_scan:f_reserved_word/1}, {features, []}, extra],
    try epp:parse_file(File, Opts) of
        {ok, Forms, _Extra} ->
            lists:foreach(fun(F) -> form(F, Msgs) end, Forms);
        {error, E} ->
            io:format("cannot read ~w~n", [E])
    catch
        C:R -> io:format("crash ~w:~w~n", [C, R])
    end.

form(F, Msgs) ->
    io:format("~w~n", [F]),
    case F of
        {Tag, {Loc, Mod, Desc}} when Msgs, (Tag =:= error orelse Tag =:= warning) ->
            io:format("-- ~w: ~ts~n", [Loc, Mod:format_error(Desc)]);
        _ ->
            ok
    end.
