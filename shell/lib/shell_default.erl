%% shell_default: the functions the shell calls when an input calls an
%% unknown local function, as erl's: the shell's own f/0,1 and b/0 (over
%% the evaluator's BIFs in vm/eval.c) and c's helpers.
-module(shell_default).
-export([b/0, bt/1, c/1, c/2, cd/1, f/0, f/1, flush/0, l/1, ls/0, ls/1, pid/3, pwd/0, v/1]).

%% Forgets every variable (after this input).
f() ->
    dbgsh_shell:forget().

%% Forgets one variable (after this input).
f(Name) when is_atom(Name) ->
    dbgsh_shell:forget(Name);
f(_) ->
    erlang:raise(error, function_clause, [{shell, f, 1, []}]).

%% Prints the bindings, "Name = Value" a line.
b() ->
    lists:foreach(fun({Name, Value}) ->
                          Head = lists:flatten(io_lib:format("~s = ", [Name])),
                          io:format("~s~ts~n", [Head, dbgsh_out:shell_pp(Value, length(Head) + 1)])
                  end,
                  dbgsh_shell:bindings()).

%% The value of input N (N < 0: the -N-th before this one), or undefined.
v(N) when is_integer(N) ->
    dbgsh_shell:result(N).

c(Module) -> c:c(Module).
c(Module, Opts) -> c:c(Module, Opts).
l(Module) -> c:l(Module).
bt(Pid) -> c:bt(Pid).
pid(X, Y, Z) -> c:pid(X, Y, Z).

%% Prints and drops every message in the shell process's mailbox.
flush() ->
    receive
        X ->
            io:format("Shell got ~p~n", [X]),
            flush()
    after 0 ->
        ok
    end.

pwd() ->
    case file:get_cwd() of
        {ok, Dir} -> io:format("~ts\n", [Dir]);
        {error, _} -> io:format("Cannot determine current directory\n")
    end.

cd(Dir) ->
    _ = file:set_cwd(Dir),
    pwd().

ls() ->
    ls(".").

%% The entries of Dir in columns, as c:ls/1 prints them.
ls(Dir) ->
    case file:list_dir(Dir) of
        {ok, Entries} ->
            print_columns(lists:sort(Entries));
        {error, enotdir} ->
            print_columns([if is_list(Dir) -> lists:flatten(Dir); true -> Dir end]);
        {error, Error} ->
            io:format("~ts\n", [file:format_error(Error)])
    end.

print_columns([]) ->
    ok;
print_columns(Names) ->
    Width = min(lists:max([length(name_chars(N)) || N <- Names]), 40) + 5,
    print_columns(Names, Width, 0).

print_columns(Names, Width, Used) when Width + Used >= 80 ->
    io:nl(),
    print_columns(Names, Width, 0);
print_columns([Name | Rest], Width, Used) ->
    io:format("~-*ts", [Width, Name]),
    print_columns(Rest, Width, Used + Width);
print_columns([], _, _) ->
    io:nl().

name_chars(Name) when is_atom(Name) -> atom_to_list(Name);
name_chars(Name) -> Name.
