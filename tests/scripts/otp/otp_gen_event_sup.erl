-module(otp_gen_event_sup).
-behaviour(gen_event).
-export([main/0]).
-export([init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

%% Supervised gen_event handlers (add_sup_handler/3): the owner's
%% {gen_event_EXIT, Handler, Reason} for every way a handler goes (normal,
%% shutdown, {swapped, New, Owner}, the crash term, the bare `crash` of a
%% swap from a callback whose new init fails), the link between owner and
%% manager (made even when init fails, kept after delete_handler, undone
%% when the manager stops), and the owner's exit: its handlers get
%% terminate({stop, Reason}, State) and the other handlers see the 'EXIT'
%% in handle_info/2.  The test process traps exits and prints what comes.

init({ok, Name}) -> {ok, {Name, []}};
init({{to, Name}, Res}) -> log({init_swapped, Name, shape(Res)}), {ok, {Name, []}};
init({{fail, Name}, Res}) -> log({init_fail, Name, shape(Res)}), {error, no};
init({error, R}) -> {error, R}.

handle_event(E, {Name, Seen}) ->
    case E of
        {crash, Name} -> erlang:error(event_crash);
        {bad, Name} -> bad_return;
        {remove, Name} -> remove_handler;
        {swap, Name, H2, Args2} -> {swap_handler, swap_args, {Name, Seen}, H2, Args2};
        _ -> {ok, {Name, [E | Seen]}}
    end.

handle_call(get, S) -> {ok, S, S};
handle_call(crash, _) -> erlang:error(call_crash);
handle_call({remove, R}, _) -> {remove_handler, R}.

handle_info(M, {Name, _} = S) -> log({info, Name, shape(M)}), {ok, S}.

terminate(Args, {Name, _}) ->
    log({terminate, Name, shape(Args)}),
    {result_of, Name}.

log(M) ->
    case whereis(otp_ge_sup_watch) of
        undefined -> ok;
        W -> W ! {log, M}
    end.

logs() ->
    receive {log, M} -> [M | logs()] after 0 -> [] end.

%% the reports up to the first one for which F is true (waits for it)
logs_until(F) ->
    receive
        {log, M} ->
            case F(M) of
                true -> [M];
                false -> [M | logs_until(F)]
            end
    after 2000 -> [timeout]
    end.

%% gen_event_EXIT messages received so far (call after a synchronous request)
exits() ->
    receive {gen_event_EXIT, H, R} -> [{H, shape(R)} | exits()] after 0 -> [] end.

%% an 'EXIT' from P that should come (or `none`, waiting a while)
exit_from(P) ->
    receive {'EXIT', P, R} -> {'EXIT', R} after 200 -> none end.

%% stacks reduced to their first frame; the test process shown as `self`
shape({'EXIT', {R, [{M, F, A, _} | _]}}) when is_list(A) -> {'EXIT', {shape(R), {M, F, length(A)}}};
shape({'EXIT', {R, [{M, F, A, _} | _]}}) -> {'EXIT', {shape(R), {M, F, A}}};
shape(P) when is_pid(P) ->
    case whereis(otp_ge_sup_watch) of
        P -> self;
        _ -> P
    end;
shape(T) when is_tuple(T) -> list_to_tuple(shape(tuple_to_list(T)));
shape([H | T]) -> [shape(H) | shape(T)];
shape(X) -> X.

p(Label, Value) ->
    io:format("~p~n", [{Label, shape(Value)}]).

pl(Label, Value) ->
    Logs = logs(),
    io:format("~p~n", [{Label, shape(Value), Logs, exits()}]).

linked(P) ->
    {links, L} = process_info(self(), links),
    lists:member(P, L).

%% A process that adds supervised handlers to M and then does what it is
%% told; it reports to the test process.
owner(M, Handlers, Trap) ->
    Self = self(),
    Test = whereis(otp_ge_sup_watch),
    spawn(fun() ->
                  process_flag(trap_exit, Trap),
                  Rs = [gen_event:add_sup_handler(M, H, {ok, N}) || {H, N} <- Handlers],
                  Test ! {owner, self(), Rs},
                  owner_loop(Test)
          end),
    receive {owner, O, Rs} -> {O, Rs} end.

owner_loop(Test) ->
    receive
        {exit, R} -> exit(R);
        Msg -> Test ! {owner_got, self(), Msg}, owner_loop(Test)
    end.

basic_section() ->
    {ok, M} = gen_event:start(),
    p(linked_before, linked(M)),
    pl(add_sup, gen_event:add_sup_handler(M, {?MODULE, a}, {ok, a})),
    p(linked, linked(M)),
    pl(add_plain, gen_event:add_handler(M, {?MODULE, p}, {ok, p})),
    p(which, gen_event:which_handlers(M)),
    pl(delete, gen_event:delete_handler(M, {?MODULE, a}, bye)),
    p(linked_after_delete, linked(M)),
    pl(delete_plain, gen_event:delete_handler(M, {?MODULE, p}, bye)),
    %% the link is made before init runs, so it stays when init fails
    {ok, M2} = gen_event:start(),
    pl(add_sup_fail, gen_event:add_sup_handler(M2, {?MODULE, f}, {error, no})),
    p(linked_after_fail, linked(M2)),
    %% handlers removed by their own callbacks
    [ok = gen_event:add_sup_handler(M, {?MODULE, N}, {ok, N}) || N <- [c, b, r, k, q]],
    pl(event_crash, gen_event:sync_notify(M, {crash, c})),
    pl(event_bad, gen_event:sync_notify(M, {bad, b})),
    pl(event_remove, gen_event:sync_notify(M, {remove, r})),
    pl(call_crash, gen_event:call(M, {?MODULE, k}, crash)),
    pl(call_remove, gen_event:call(M, {?MODULE, q}, {remove, gone})),
    p(which, gen_event:which_handlers(M)),
    %% swaps from handle_event: the new handler is supervised too
    [ok = gen_event:add_sup_handler(M, {?MODULE, N}, {ok, N}) || N <- [s1, t1]],
    pl(event_swap, gen_event:sync_notify(M, {swap, s1, {?MODULE, s2}, {to, s2}})),
    pl(delete_swapped, gen_event:delete_handler(M, {?MODULE, s2}, x)),
    pl(event_swap_fail, gen_event:sync_notify(M, {swap, t1, {?MODULE, t2}, {fail, t2}})),
    p(which, gen_event:which_handlers(M)),
    %% swap_handler/3 from a supervised handler to a failing init
    ok = gen_event:add_sup_handler(M, {?MODULE, u1}, {ok, u1}),
    pl(swap_fail, gen_event:swap_handler(M, {{?MODULE, u1}, x}, {{?MODULE, u2}, {fail, u2}})),
    %% stopping: shutdown for each supervised handler, newest first, and
    %% the manager unlinks its owners before it exits
    [ok = gen_event:add_sup_handler(M, {?MODULE, N}, {ok, N}) || N <- [v1, v2]],
    ok = gen_event:add_handler(M, {?MODULE, v3}, {ok, v3}),
    pl(stop, gen_event:stop(M, {shutdown, x}, infinity)),
    p(exit_after_stop, exit_from(M)),
    %% no supervised handler left: the link stays and the exit comes
    pl(stop_no_handlers, gen_event:stop(M2)),
    p(exit_after_stop_no_handlers, exit_from(M2)),
    %% the owner is the parent: it is not unlinked
    {ok, M3} = gen_event:start_link(),
    ok = gen_event:add_sup_handler(M3, {?MODULE, w}, {ok, w}),
    pl(stop_parent, gen_event:stop(M3, {shutdown, y}, infinity)),
    p(exit_to_parent, exit_from(M3)).

owner_section() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, watcher}, {ok, watcher}),
    lists:foreach(
      fun(Why) ->
              {O, Rs} = owner(M, [{{?MODULE, o1}, o1}, {?MODULE, o2}], false),
              Which = gen_event:which_handlers(M),
              Ref = monitor(process, O),
              case Why of
                  kill -> exit(O, kill);
                  _ -> O ! {exit, Why}
              end,
              receive {'DOWN', Ref, process, O, Down} -> ok end,
              Logs = logs_until(fun({info, watcher, _}) -> true; (_) -> false end),
              io:format("~p~n", [{owner_exit, Why, Rs, Which, Down,
                                  [hide_owner(L, O) || L <- Logs],
                                  gen_event:which_handlers(M)}])
      end, [normal, {shutdown, bye}, kill]),
    %% an exit signal from the owner that the owner survives
    ok = gen_event:add_sup_handler(M, {?MODULE, x1}, {ok, x1}),
    ok = gen_event:add_handler(M, {?MODULE, x2}, {ok, x2}),
    exit(M, not_really),
    Logs = logs_until(fun({info, watcher, _}) -> true; (_) -> false end),
    io:format("~p~n", [{exit_signal, Logs, exits(), gen_event:which_handlers(M), linked(M)}]),
    %% a killed manager takes its owners along, unless they trap exits
    {O1, _} = owner(M, [{{?MODULE, y1}, y1}], false),
    {O2, _} = owner(M, [{{?MODULE, y2}, y2}], true),
    R1 = monitor(process, O1),
    exit(M, kill),
    receive {'DOWN', R1, process, O1, D1} -> p(owner_killed, D1) end,
    receive {owner_got, O2, Got} -> p(trapping_owner_got, hide_owner(Got, M)) end,
    p(exit_killed, exit_from(M)),
    O2 ! {exit, normal},
    p(left, {logs(), exits()}).

hide_owner(T, P) when T =:= P -> the_pid;
hide_owner(T, P) when is_tuple(T) -> list_to_tuple(hide_owner(tuple_to_list(T), P));
hide_owner([H | T], P) -> [hide_owner(H, P) | hide_owner(T, P)];
hide_owner(X, _) -> X.

main() ->
    register(otp_ge_sup_watch, self()),
    process_flag(trap_exit, true),
    basic_section(),
    owner_section(),
    ok.
