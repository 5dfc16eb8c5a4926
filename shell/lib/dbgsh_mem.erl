%% dbgsh_mem: the shell's mem commands (shell/commands.def): memory by class
%% and type from instrument:memory_status/1, the processes that hold the
%% most, the allocation map to a file, and what changed since the last mem.
%% Each returns {ok, Text} or throws {cmd_error, Text} as dbgsh_cmd expects.
-module(dbgsh_mem).
-export([table/0, top/1, map/1, diff/0]).

-define(BAR, 20).
%% The registered process that keeps the figures of the last mem, for diff.
-define(KEEPER, dbgsh_mem_last).

%% mem: one row per class, its types under it (those that ever held
%% memory), with current, maximum since the last mem and maximum ever, and a
%% bar of the current size against the total.
table() ->
    {Classes, Types} = status(),
    remember({Classes, Types}),
    Total = lists:sum([cur(sizes, I) || {_, I} <- Classes]),
    Rows = lists:append([[class_row(C, I, Total) | type_rows(C, Types, Total)] || {C, I} <- Classes]),
    Head = io_lib:format("~-16s ~10s ~10s ~10s ~9s~n",
                         ["CLASS / TYPE", "CURRENT", "SINCE LAST", "EVER", "BLOCKS"]),
    Foot = io_lib:format("~-16s ~10s~n", ["total", bytes(Total)]),
    {ok, [Head, Rows, Foot]}.

class_row(Class, Info, Total) ->
    row(atom_to_list(Class), Info, Total).

type_rows(Class, Types, Total) ->
    [row("  " ++ atom_to_list(T), I, Total)
     || {T, I} <- Types, class_of(T) =:= Class, ever(sizes, I) > 0].

row(Name, Info, Total) ->
    {sizes, Cur, Since, Ever} = lists:keyfind(sizes, 1, Info),
    {blocks, Blocks, _, _} = lists:keyfind(blocks, 1, Info),
    io_lib:format("~-16s ~10s ~10s ~10s ~9w~s~n",
                  [Name, bytes(Cur), bytes(Since), bytes(Ever), Blocks, bar(Cur, Total)]).

%% mem top [N]: the N processes (10 by default) holding the most memory.
top([]) ->
    top_n(10);
top([Text]) ->
    case string:to_integer(binary_to_list(Text)) of
        {N, []} when N > 0 -> top_n(N);
        _ -> throw({cmd_error, io_lib:format("N must be a positive number, not '~ts'", [Text])})
    end.

top_n(N) ->
    Infos = [{M, P, I} || P <- processes(),
                          {memory, M} <- [process_info(P, memory)],
                          I <- [info(P)], I =/= undefined],
    Sorted = lists:sublist(lists:reverse(lists:keysort(1, Infos)), N),
    All = lists:sum([M || {M, _, _} <- Infos]),
    Head = io_lib:format("~-12s ~10s ~6s ~8s  ~s~n", ["PID", "MEMORY", "SHARE", "MSGQ", "NAME OR CALL"]),
    Rows = [io_lib:format("~-12s ~10s ~5.1f% ~8w  ~ts~s~n",
                          [pid_to_list(P), bytes(M), 100 * M / max(All, 1), Q, Name, bar(M, All)])
            || {M, P, {Q, Name}} <- Sorted],
    Foot = io_lib:format("~w processes hold ~s~n", [length(Infos), bytes(All)]),
    {ok, [Head, Rows, Foot]}.

info(P) ->
    case process_info(P, [message_queue_len, registered_name, initial_call]) of
        undefined -> undefined;
        [{message_queue_len, Q}, {registered_name, Reg}, {initial_call, {M, F, A}}] ->
            Name = case Reg of
                       [] -> io_lib:format("~w:~w/~w", [M, F, A]);
                       _ -> atom_to_list(Reg)
                   end,
            {Q, Name}
    end.

%% mem map FILE: instrument:store_memory_data/1, then what the file holds.
map(File) ->
    Name = unicode:characters_to_list(File),
    case dbgsh_alloc:modes() of
        {_, false} ->
            throw({cmd_error, "the allocation map is off: start dbgsh with +Mim true or --mem-map"});
        _ ->
            case instrument:store_memory_data(Name) of
                true ->
                    {_, Blocks} = MD = instrument:read_memory_data(Name),
                    {ok, io_lib:format("wrote ~w blocks, ~s, to ~ts~n",
                                       [length(Blocks), bytes(instrument:sum_blocks(MD)), Name])};
                false ->
                    throw({cmd_error, io_lib:format("cannot write ~ts", [Name])})
            end
    end.

%% mem diff: the classes and types whose size or block count changed since
%% the last mem (which it does not replace).
diff() ->
    {Classes, Types} = status(),
    case last() of
        none ->
            throw({cmd_error, "no mem to compare with: run mem first"});
        {Classes0, Types0} ->
            Rows = lists:append([[diff_row(atom_to_list(C), I0, I) | type_diffs(C, Types0, Types)]
                                 || {C, I} <- Classes, {_, I0} <- [lists:keyfind(C, 1, Classes0)]]),
            case [R || R <- Rows, R =/= same] of
                [] -> {ok, "no change since the last mem\n"};
                Changed ->
                    Head = io_lib:format("~-16s ~11s ~10s~n", ["CLASS / TYPE", "SIZE", "BLOCKS"]),
                    {ok, [Head | Changed]}
            end
    end.

type_diffs(Class, Types0, Types) ->
    [diff_row("  " ++ atom_to_list(T), I0, I)
     || {T, I} <- Types, class_of(T) =:= Class, {_, I0} <- [lists:keyfind(T, 1, Types0)]].

diff_row(Name, Before, After) ->
    DS = cur(sizes, After) - cur(sizes, Before),
    DB = cur(blocks, After) - cur(blocks, Before),
    case {DS, DB} of
        {0, 0} -> same;
        _ -> io_lib:format("~-16s ~11s ~10s~n", [Name, signed(DS, fun bytes/1), signed(DB, fun integer_to_list/1)])
    end.

%% ---- figures ------------------------------------------------------------------

status() ->
    case instrument:memory_status(classes) of
        false -> throw({cmd_error, "memory accounting is off (dbgsh was started with +Mis false)"});
        Classes -> {Classes, instrument:memory_status(types)}
    end.

%% The class of a type, from the type table the map's header carries (map
%% mode or not).
class_of(Type) ->
    {Type, _, Class} = lists:keyfind(Type, 1, tuple_to_list(dbgsh_alloc:types())),
    Class.

cur(What, Info) -> element(2, lists:keyfind(What, 1, Info)).
ever(What, Info) -> element(4, lists:keyfind(What, 1, Info)).

bytes(N) when N < 1024 -> integer_to_list(N) ++ " B";
bytes(N) when N < 1024 * 1024 -> io_lib:format("~.1f KiB", [N / 1024]);
bytes(N) when N < 1024 * 1024 * 1024 -> io_lib:format("~.1f MiB", [N / (1024 * 1024)]);
bytes(N) -> io_lib:format("~.1f GiB", [N / (1024 * 1024 * 1024)]).

signed(N, Show) when N > 0 -> "+" ++ lists:flatten(Show(N));
signed(N, Show) -> "-" ++ lists:flatten(Show(-N)).

%% " ####": N's share of Total in ?BAR columns; "" for none.
bar(_, 0) -> "";
bar(N, Total) ->
    case min(?BAR, round(?BAR * N / Total)) of
        0 -> "";
        W -> [$\s | lists:duplicate(W, $#)]
    end.

%% ---- the last mem's figures ----------------------------------------------------

remember(Status) ->
    case whereis(?KEEPER) of
        undefined ->
            Pid = spawn(fun() -> keep(none) end),
            try register(?KEEPER, Pid)
            catch error:badarg -> exit(Pid, kill)
            end;
        _ -> ok
    end,
    ?KEEPER ! {put, Status},
    ok.

last() ->
    case whereis(?KEEPER) of
        undefined -> none;
        Pid ->
            Ref = monitor(process, Pid),
            Pid ! {get, self(), Ref},
            receive
                {Ref, Status} -> demonitor(Ref, [flush]), Status;
                {'DOWN', Ref, _, _, _} -> none
            end
    end.

keep(Status) ->
    receive
        {put, New} -> keep(New);
        {get, From, Ref} -> From ! {Ref, Status}, keep(Status)
    end.
