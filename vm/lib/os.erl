%% os: the functions of OTP 25's os module written in Erlang; the rest
%% (getenv/0,1,2, putenv/2, unsetenv/1, getpid/0, type/0, timestamp/0,
%% system_time/0,1, perf_counter/0,1) are C BIFs of the VM
%% (vm/bif_sys.c), bound by the loader. Not here: set_signal/2.
-module(os).

-export([cmd/1, cmd/2, find_executable/1, find_executable/2, env/0, version/0]).

%% cmd(Command): the command run by /bin/sh, its standard output and error
%% as a string (UTF-8 decoded when it is valid UTF-8, else its bytes), as
%% OTP's: standard input /dev/null, the output read up to the EOT the
%% script echoes after the command (so a job left in the background does
%% not hold it up), at most max_size bytes. The command runs in a thread
%% of the VM's own (dbgsh_os:cmd_start/2); this process waits in a
%% receive, as OTP's waits for its port.
cmd(Cmd) ->
    try run(Cmd, #{})
    catch throw:badarg -> erlang:error(badarg, [Cmd], [{error_info, #{module => erl_kernel_errors}}])
    end.

cmd(Cmd, Opts) ->
    try run(Cmd, Opts)
    catch
        throw:badopt ->
            erlang:error(badarg, [Cmd, Opts],
                         [{error_info, #{module => erl_kernel_errors, cause => badopt}}]);
        throw:badarg ->
            erlang:error(badarg, [Cmd, Opts], [{error_info, #{module => erl_kernel_errors}}])
    end.

run(Cmd, Opts) ->
    Max = case Opts of
              #{max_size := M} when M =:= infinity; is_integer(M), M >= 0 -> M;
              #{max_size := _} -> throw(badopt);
              #{} -> infinity;
              _ -> throw(badopt)
          end,
    Text = command_text(Cmd),
    Script = iolist_to_binary(["(", Text, "\n) </dev/null; echo \"\^D\"\n"]),
    Ref = dbgsh_os:cmd_start(Script, Max),
    Bytes = receive {dbgsh_os_cmd, Ref, B} -> B end,
    case unicode:characters_to_list(Bytes) of
        String when is_list(String) -> String;
        _ -> binary_to_list(Bytes)
    end.

%% An atom, or a (deep) list of characters in which a NUL may only end
%% it (the trailing NULs dropped), as UTF-8.
command_text(Cmd) when is_atom(Cmd) ->
    command_text(atom_to_list(Cmd));
command_text(Cmd) when is_list(Cmd) ->
    Chars = try lists:flatten(Cmd) catch error:_ -> throw(badarg) end,
    {Text, Zeros} = lists:splitwith(fun(C) -> C =/= 0 end, Chars),
    case lists:all(fun(C) -> C =:= 0 end, Zeros) andalso
        lists:all(fun(C) -> is_integer(C) andalso C > 0 end, Text) of
        true ->
            case unicode:characters_to_binary(Text) of
                Bin when is_binary(Bin) -> Bin;
                _ -> throw(badarg)
            end;
        false ->
            throw(badarg)
    end;
command_text(_) ->
    throw(badarg).

%% The first file named Name in the directories of PATH (or of Path:
%% directories separated by ':', an empty one meaning ".", one in double
%% quotes taken without them) that is a regular file with an execute bit
%% set, as the directory joined with Name; Name itself when it is not
%% relative; false when there is none.
find_executable(Name) ->
    find_executable(Name, os:getenv("PATH", "")).

find_executable(Name, Path) ->
    case filename:pathtype(Name) of
        relative -> first_executable(Name, path_dirs(Path, []));
        _ -> is_executable(Name) andalso Name
    end.

first_executable(Name, [Dir | Dirs]) ->
    File = filename:join(Dir, Name),
    case is_executable(File) of
        true -> File;
        false -> first_executable(Name, Dirs)
    end;
first_executable(_, []) ->
    false.

path_dirs(Path, Acc) ->
    {Dir, Rest} = lists:splitwith(fun(C) -> C =/= $: end, Path),
    Dirs = [path_dir(Dir) | Acc],
    case Rest of
        [$: | More] -> path_dirs(More, Dirs);
        [] -> lists:reverse(Dirs)
    end.

path_dir("") -> ".";
path_dir([$" | Quoted]) ->
    case lists:reverse(Quoted) of
        [$" | Dir] -> lists:reverse(Dir);
        _ -> Quoted ++ [$"]
    end;
path_dir(Dir) -> Dir.

is_executable(File) ->
    case file:read_file_info(File) of
        {ok, Info} -> element(3, Info) =:= regular andalso element(8, Info) band 8#111 =/= 0;
        _ -> false
    end.

%% The environment as {Name, Value} pairs.
env() ->
    [case string:split(Entry, "=") of
         [Name, Value] -> {Name, Value};
         [Name] -> {Name, ""}
     end || Entry <- os:getenv()].

%% The kernel's release as {Major, Minor, Release}, as OTP's.
version() ->
    erlang:system_info(os_version).
