%% c: the shell's c/1,2, l/1, pid/3 and bt/1 (OTP's c module): compiling a module from
%% source and loading it, and loading it again. Compilation and loading
%% are the VM's (dbgsh_code:compile_file/1 in vm/bif_sys.c): there are no
%% .beam files, c/1 loads what it compiles.
-module(c).
-export([c/1, c/2, l/1, pid/3, bt/1]).

%% c(Module | File): compiles Module.erl (or File, with or without its .erl)
%% and loads it, purging the old version first as OTP's c does.
c(Module) -> c(Module, []).

c(Module, Opts) when is_list(Opts) ->
    File = source(Module),
    case file:read_file_info(File) of
        {ok, _} ->
            _ = code:purge(list_to_atom(filename:basename(File, ".erl"))),
            case dbgsh_code:compile_file(unicode:characters_to_binary(File)) of
                {ok, M} -> {ok, M};
                {error, enoent} -> {error, non_existing};
                error -> error
            end;
        {error, _} ->
            {error, non_existing}
    end;
c(Module, Opt) ->
    c(Module, [Opt]).

%% l(Module): purges Module's old code and loads it again from its source.
l(Module) ->
    _ = code:purge(Module),
    code:load_file(Module).

source(Module) when is_atom(Module) -> source(atom_to_list(Module));
source(File) when is_list(File) ->
    case filename:extension(File) of
        ".erl" -> File;
        _ -> File ++ ".erl"
    end.

%% pid(X, Y, Z): the pid <X.Y.Z>, as OTP's c:pid/3.
pid(X, Y, Z) when is_integer(X), is_integer(Y), is_integer(Z) ->
    list_to_pid("<" ++ integer_to_list(X) ++ "." ++ integer_to_list(Y) ++ "." ++ integer_to_list(Z) ++ ">").

%% bt(Pid): Pid's backtrace (erlang:process_display/2) on standard error,
%% ok; undefined when Pid is no live process, as OTP's c:bt/1.
bt(Pid) ->
    case catch erlang:process_display(Pid, backtrace) of
        {'EXIT', _} -> undefined;
        _ -> ok
    end.
