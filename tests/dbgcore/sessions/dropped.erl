%% A trace session lives as long as a copy of its handle does (the trace
%% module's documentation: "If the handle is dropped and garbage collected,
%% the session will be destroyed and cleaned up as if session_destroy/1 was
%% called"). OTP 25 has no trace module, so dropped.out is by that text.
%% Each case drops the handle and waits for the session to go, then checks
%% that its flags and patterns went with it.
-module(dropped).
-export([main/0, f/1]).
f(X) -> X + 1.

%% Sessions alive now, by name.
names() -> lists:sort(trace:session_info(all)).

%% Waits (up to a second) until session Name is gone.
wait_gone(Name) -> wait_gone(Name, 1000).
wait_gone(Name, 0) -> {still_there, Name};
wait_gone(Name, N) ->
    case lists:member(Name, names()) of
        false -> gone;
        true -> erlang:garbage_collect(), receive after 1 -> wait_gone(Name, N - 1) end
    end.

%% What the tracer process got, in order.
got() -> receive {ev, M} -> [M | got()] after 50 -> [] end.
tracer(To) -> spawn(fun L() -> receive M -> To ! {ev, M}, L() end end).

%% A session tracing the caller's sends and calls of f/1, its handle
%% dropped on return (what it affects is printed while it is held).
make_and_drop(Name, Tracer) ->
    S = trace:session_create(Name, Tracer, []),
    1 = trace:process(S, self(), true, [send, call]),
    1 = trace:function(S, {dropped, f, 1}, true, [local]),
    io:format("~p~n", [{names(), trace:session_info({dropped, f, 1}), trace:info(S, self(), flags)}]),
    ok.

main() ->
    T = tracer(self()),
    %% 1. dropped in a function: the session and all it set go
    make_and_drop(d1, T),
    io:format("~p~n", [wait_gone(d1)]),
    io:format("~p~n", [{names(), trace:session_info({dropped, f, 1}), trace:session_info(self())}]),
    2 = dropped:f(1),
    self() ! hello, receive hello -> ok end,
    io:format("~p~n", [got()]),
    %% 2. a copy in another process keeps it; that process's end drops it
    Me = self(),
    Keeper = spawn(fun() -> receive {keep, H} -> Me ! kept, receive stop -> H end end end),
    keep_elsewhere(d2, T, Keeper),
    receive kept -> ok end,
    erlang:garbage_collect(), receive after 20 -> ok end,
    io:format("~p~n", [names()]),
    Keeper ! stop,
    io:format("~p~n", [wait_gone(d2)]),
    %% 3. a copy made by binary_to_term names the session and equals the
    %%    handle, but does not keep it alive
    Bin = term_to_binary(trace:session_create(d3, T, [])),
    Copy = binary_to_term(Bin),
    io:format("~p~n", [{is_reference(Copy), Bin =:= term_to_binary(Copy), trace:info(Copy, self(), flags)}]),
    io:format("~p~n", [wait_gone(d3)]),
    io:format("~p~n", [reason(fun() -> trace:info(Copy, self(), flags) end)]),
    %% 4. a handle kept stays usable, compares, hashes and prints as a ref
    K = trace:session_create(kept, T, []),
    erlang:garbage_collect(), receive after 20 -> ok end,
    io:format("~p~n", [{names(), K =:= K, is_reference(K), erlang:phash2(K) =:= erlang:phash2(binary_to_term(term_to_binary(K))),
                        lists:prefix("#Ref<", ref_to_list(K)), trace:info(K, self(), flags)}]),
    %% 5. many sessions made and dropped: their numbers come back, so
    %%    there is never a system_limit (63 at once is the limit)
    io:format("~p~n", [churn(200)]),
    ok = trace:session_destroy(K),
    io:format("~p~n", [names()]).

keep_elsewhere(Name, T, Keeper) ->
    Keeper ! {keep, trace:session_create(Name, T, [])},
    ok.

churn(0) -> ok;
churn(N) ->
    {P, R} = spawn_monitor(fun() -> trace:session_create(churn, self(), []) end),
    receive {'DOWN', R, process, P, normal} -> ok end,
    gone = wait_gone(churn),
    churn(N - 1).

reason(F) -> try F() catch error:R -> R end.
