%% A proc_lib process's crash report lists its neighbours as OTP's does:
%% the processes linked to it that do not trap exits, and theirs, each
%% with its fields, in OTP's order; one that traps exits is not one (nor
%% are the processes only it links to). A handler of this module sends
%% the report here. Pids print as names; the sizes, reductions and stack
%% are the VM's own and print as their kind.
-module(crash_neighbours).
-export([main/0, log/2, worker/0, middle/1]).

log(#{msg := {report, #{label := {proc_lib, crash}, report := [_, Neighbours]}}},
    #{config := #{to := To}}) ->
    To ! {neighbours, Neighbours},
    ok;
log(_, _) ->
    ok.

worker() ->
    receive _ -> ok end.

%% A process with a neighbour of its own.
middle(Main) ->
    W4 = spawn_link(?MODULE, worker, []),
    Main ! {w4, W4},
    receive _ -> ok end.

main() ->
    ok = logger:add_handler(nb, ?MODULE, #{config => #{to => self()}, level => error}),
    Me = self(),
    process_flag(trap_exit, true),
    Crasher =
        proc_lib:spawn_link(
          fun() ->
                  W1 = proc_lib:spawn_link(?MODULE, worker, []),
                  register(crash_neighbours_w1, W1),
                  Trapper = spawn_link(fun() ->
                                               process_flag(trap_exit, true),
                                               spawn_link(?MODULE, worker, []),
                                               receive _ -> ok end
                                       end),
                  W3 = spawn_link(?MODULE, middle, [Me]),
                  Me ! {started, W1, Trapper, W3},
                  receive crash -> error(crash_now) end
          end),
    {W1, Trapper, W3} = receive {started, A, B, C} -> {A, B, C} end,
    W4 = receive {w4, D} -> D end,
    wait_waiting([W1, Trapper, W3, W4]),
    Crasher ! crash,
    receive {'EXIT', Crasher, _} -> ok end,
    Names = [{Me, me}, {Crasher, crasher}, {W1, w1}, {Trapper, trapper}, {W3, w3}, {W4, w4}],
    receive
        {neighbours, Ns} ->
            [io:format("~p~n", [[field(F, Names) || F <- Fields]]) || {neighbour, Fields} <- Ns]
    after 5000 ->
            io:format("no crash report~n")
    end,
    ok = logger:remove_handler(nb).

%% Every process waits in its receive (its fields are then settled).
wait_waiting(Ps) ->
    case lists:all(fun(P) -> process_info(P, status) =:= {status, waiting} end, Ps) of
        true -> ok;
        false -> timer:sleep(5), wait_waiting(Ps)
    end.

field({K, _}, _) when K =:= heap_size; K =:= stack_size; K =:= reductions ->
    {K, integer};
field({current_stacktrace, S}, _) ->
    {current_stacktrace, is_list(S)};
field({K, V}, Names) ->
    {K, name(V, Names)}.

name(P, Names) when is_pid(P) ->
    case lists:keyfind(P, 1, Names) of
        {_, N} -> N;
        false -> other
    end;
name(L, Names) when is_list(L) -> [name(X, Names) || X <- L];
name(T, Names) when is_tuple(T) -> list_to_tuple(name(tuple_to_list(T), Names));
name(X, _) -> X.
