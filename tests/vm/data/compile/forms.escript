#!/usr/bin/env escript
%% forms.escript OUTDIR File.erl|File.exprs...: writes OUTDIR/File.etf, the external
%% term format of epp:parse_file(File, Options) with the options compile
%% uses for annotations ({location, {1,1}}: {Line, Column} everywhere) and
%% the file's directory, its ../include, and kernel's and stdlib's include
%% directories as include path. tests/vm/test_compile.c and
%% test_lint.c read these instead of parsing Erlang themselves.
main([OutDir | Files]) ->
    lists:foreach(
      fun(F) ->
              case filename:extension(F) of
                  ".exprs" -> exprs(OutDir, F);
                  _ -> forms(OutDir, F)
              end
      end, Files);
main(_) ->
    io:format("usage: forms.escript OUTDIR File.erl|File.exprs...~n"),
    halt(1).

%% X.exprs holds an expression sequence ending in a dot, as typed in the
%% shell: X.etf is {ok, Exprs} from erl_parse:parse_exprs/1.
exprs(OutDir, F) ->
    {ok, Bin} = file:read_file(F),
    {ok, Toks, _} = erl_scan:string(binary_to_list(Bin), {1,1}),
    R = erl_parse:parse_exprs(Toks),
    Base = filename:rootname(filename:basename(F)),
    ok = file:write_file(filename:join(OutDir, Base ++ ".etf"), term_to_binary(R)).

forms(OutDir, F) ->
    Dir = filename:dirname(F),
    Incs = [".", Dir, filename:join(Dir, "../include"),
            filename:join(code:lib_dir(kernel), "include"),
            filename:join(code:lib_dir(stdlib), "include")],
    R = epp:parse_file(F, [{includes, Incs}, {location, {1,1}}]),
    Base = filename:rootname(filename:basename(F)),
    ok = file:write_file(filename:join(OutDir, Base ++ ".etf"), term_to_binary(R)).
