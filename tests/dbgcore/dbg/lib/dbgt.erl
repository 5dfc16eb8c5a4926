%% dbgt: helpers for the dbg scenarios (tests/dbgcore/dbg/scen): worker
%% processes that run calls on request, a sync that waits until every trace
%% message so far is printed, and show/1, which prints a reply with stack
%% locations dropped so that the same text comes from erl and from dbgsh.
-module(dbgt).
-export([show/1, clean/1, worker/0, worker/1, ask/4, tell/2, sync/0, stop/0,
         stop_tracer/1, wait_exit/1, tracer_pid/0, print_file/1, count/1,
         worker_loop/0]).

%% Prints a reply as ~p, with {M,F,A,Location} frames made {M,F,A}.
show(Value) ->
    io:format("~p~n", [clean(Value)]).

clean({M, F, A, Loc} = Frame) when is_atom(M), is_atom(F), is_list(Loc),
                                   (is_integer(A) orelse is_list(A)) ->
    case lists:all(fun is_location/1, Loc) of
        true -> {M, F, clean(A)};
        false -> list_to_tuple([clean(E) || E <- tuple_to_list(Frame)])
    end;
clean(T) when is_tuple(T) ->
    list_to_tuple([clean(E) || E <- tuple_to_list(T)]);
clean([H | T] = L) ->
    case is_stack(L) of
        true -> [clean(F) || F <- lists:takewhile(fun(F) -> not is_outer(F) end, L)];
        false -> [clean(H) | clean_tail(T)]
    end;
clean(X) ->
    X.

%% A stack trace: a proper list of {M, F, ArityOrArgs, Location} frames.
is_stack(L) ->
    try lists:all(fun({M, F, _, Loc}) -> is_atom(M) andalso is_atom(F) andalso is_list(Loc);
                     (_) -> false
                  end, L)
    catch _:_ -> false
    end.

%% The frames below the scenario: how erl -eval or dbgsh -e called it.
is_outer({M, _, _, _}) -> M =:= erl_eval orelse M =:= init orelse M =:= dbgsh_eval.

is_location({K, _}) -> K =:= file orelse K =:= line orelse K =:= error_info;
is_location(_) -> false.

clean_tail([H | T]) -> [clean(H) | clean_tail(T)];
clean_tail(X) -> clean(X).

%% A process that runs apply(M, F, A) for each {call, From, M, F, A} and
%% answers {result, self(), Result}; registered as Name by worker/1.
worker() ->
    %% Loaded now: the first call would otherwise ask erl's code server,
    %% and a worker traced for messages would show that.
    {module, tm} = code:ensure_loaded(tm),
    W = spawn(dbgt, worker_loop, []),
    put(workers, [W | workers()]),
    W.

worker(Name) ->
    W = worker(),
    register(Name, W),
    W.

workers() ->
    case get(workers) of
        undefined -> [];
        L -> L
    end.

worker_loop() ->
    receive
        {call, From, M, F, A} ->
            Result = (catch apply(M, F, A)),
            From ! {result, self(), Result},
            worker_loop();
        stop ->
            ok;
        _Other ->
            worker_loop()
    end.

%% Runs a call in worker W and returns its result after every trace
%% message it caused has been printed.
ask(W, M, F, A) ->
    W ! {call, self(), M, F, A},
    Result = receive {result, W, R} -> R end,
    sync(),
    Result.

%% Sends a message and waits until its trace output is printed.
tell(To, Msg) ->
    To ! Msg,
    sync().

%% Waits until every trace message sent so far reached the tracer and the
%% tracer and the workers are idle: waiting in their receive loops with
%% nothing queued (a tracer waiting elsewhere, in io or in a module load,
%% is still writing).
sync() ->
    Ref = erlang:trace_delivered(all),
    receive {trace_delivered, all, Ref} -> ok end,
    idle_tracer(),
    lists:foreach(fun(W) -> idle(W, [{dbgt, worker_loop, 0}]) end, workers()),
    idle_tracer().

idle_tracer() ->
    case tracer_pid() of
        T when is_pid(T) ->
            %% OTP's tracer loop and ours (as dbg, or dbz on erl).
            idle(T, [{dbg, recv_all_traces, 3}, {dbg, take_batch, 3}, {dbz, take_batch, 3}]);
        _ ->
            ok
    end.

idle(P, Loops) ->
    case process_info(P, [message_queue_len, status, current_function]) of
        undefined ->
            ok;
        [{message_queue_len, 0}, {status, waiting}, {current_function, F}] ->
            case lists:member(F, Loops) of
                true -> ok;
                false -> receive after 2 -> idle(P, Loops) end
            end;
        _ ->
            receive after 2 -> idle(P, Loops) end
    end.

%% The tracer process of a running dbg server, or none.
tracer_pid() ->
    case whereis(dbg) of
        undefined ->
            none;
        _ ->
            case catch dbg:get_tracer() of
                {ok, T} when is_pid(T) -> T;
                _ -> none
            end
    end.

%% dbg:stop() once everything is printed; prints its reply after the
%% tracer has finished.
stop() ->
    sync(),
    T = tracer_pid(),
    R = dbg:stop(),
    wait_exit(T),
    show(R).

%% Kills nothing: waits for a process to end (a no-op for none).
stop_tracer(T) -> wait_exit(T).

wait_exit(P) when is_pid(P) ->
    Ref = erlang:monitor(process, P),
    receive {'DOWN', Ref, _, _, _} -> ok end;
wait_exit(_) ->
    ok.

print_file(Name) ->
    {ok, Bin} = file:read_file(Name),
    io:format("~s", [Bin]).

%% {ok, [{matched, Node, N}]} with N > 0 made {matched, Node, some}: for
%% counts that depend on how many processes the VM has.
count({ok, L}) ->
    {ok, [case M of
              {matched, Node, N} when N > 0 -> {matched, Node, some};
              _ -> M
          end || M <- L]};
count(X) ->
    X.
