%% procs events of links and names: link, unlink, getting_linked,
%% getting_unlinked (also when a linked process exits), register,
%% unregister (also at exit), spawn_link's events, set_on_link and
%% set_on_first_link (passed on by spawn_link only, as OTP 25), and a
%% dead tracer replaced by erlang:trace/3.
-module(trace_procs_links).
-export([main/0]).

flush() -> receive M -> [M | flush()] after 50 -> [] end.
idle() -> receive {link, P} -> link(P), idle(); {unlink, P} -> unlink(P), idle(); stop -> ok end.

collect(T) ->
    T ! go,
    receive {msgs, Ms} -> [io:format("  ~p~n", [clean(M)]) || M <- Ms] end,
    ok.

tracer() ->
    Self = self(),
    spawn(fun() -> receive go -> ok end, Self ! {msgs, flush()} end).

clean(T) when element(1, T) =:= trace -> list_to_tuple(tl(tuple_to_list(T)));
clean(T) -> T.

main() ->
    Self = self(),
    A = spawn(fun idle/0),
    B = spawn(fun idle/0),
    io:format("links~n"),
    T = tracer(),
    erlang:trace(self(), true, [{tracer, T}, procs]),
    link(A), unlink(A), unlink(A),
    B ! {link, self()}, receive after 10 -> ok end,
    B ! {unlink, self()}, receive after 10 -> ok end,
    register(tpl_name, self()), unregister(tpl_name),
    P = spawn_link(fun() -> ok end),
    receive after 10 -> ok end,
    io:format("self ~p P ~p~n", [Self == self(), is_pid(P)]),
    erlang:trace(self(), false, [all]),
    collect(T),
    io:format("exit while registered~n"),
    T2 = tracer(),
    Q = spawn(fun() -> register(tpl_q, self()), receive stop -> ok end end),
    receive after 10 -> ok end,
    erlang:trace(Q, true, [{tracer, T2}, procs]),
    Q ! stop,
    receive after 10 -> ok end,
    collect(T2),
    [begin
         io:format("~p~n", [F]),
         T3 = tracer(),
         C = spawn(fun idle/0), D = spawn(fun idle/0),
         erlang:trace(self(), true, [{tracer, T3}, procs, F]),
         link(C),
         D ! {link, self()}, receive after 10 -> ok end,
         R1 = [erlang:trace_info(X, flags) || X <- [self(), C, D]],
         L1 = spawn_link(fun() -> receive _ -> ok end end),
         L2 = spawn_link(fun() -> receive _ -> ok end end),
         R2 = [erlang:trace_info(X, flags) || X <- [self(), L1, L2]],
         io:format("~p~n~p~n", [R1, R2]),
         erlang:trace(self(), false, [all]),
         %% one at a time: the events of two dying processes have no order
         [begin
              unlink(X),
              Ref = monitor(process, X),
              exit(X, kill),
              receive {'DOWN', Ref, process, X, killed} -> ok end
          end || X <- [C, D, L1, L2]],
         collect(T3)
     end || F <- [set_on_link, set_on_first_link]],
    io:format("dead tracer~n"),
    Dead = spawn(fun() -> ok end),
    receive after 10 -> ok end,
    T4 = tracer(),
    W = spawn(fun idle/0),
    io:format("~p~n", [catch erlang:trace(W, true, [{tracer, Dead}, procs])]),
    Old = spawn(fun() -> receive stop -> ok end end),
    erlang:trace(W, true, [{tracer, Old}, procs]),
    Old ! stop, receive after 10 -> ok end,
    io:format("~p~n", [erlang:trace(W, true, [{tracer, T4}, procs])]),
    io:format("~p~n", [erlang:trace_info(W, tracer) =:= {tracer, T4}]),
    W ! stop, receive after 10 -> ok end,
    collect(T4),
    ok.
