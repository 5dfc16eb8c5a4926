-module(otp_gen_event_swap).
-behaviour(gen_event).
-export([main/0]).
-export([init/1, handle_event/2, handle_call/2, terminate/2]).

%% gen_event handler swaps: swap_handler/3 (the old terminate/2's value
%% reaches the new init/1 as {Args2, Result}, error when the old handler is
%% not there, {error, _} when the new init fails, the new handler goes to
%% the front), {swap_handler, ...} from handle_event/2 and handle_call/2
%% (in place; a failing new init removes the handler, a hibernating one
%% counts as failing there), swap_sup_handler/3 and who supervises the new
%% handler, and {Mod, Id} handlers of one module told apart by their ids.
%% States are {Name, EventsSeen}; callbacks report to the test process.

init({ok, Name}) -> log({init, Name}), {ok, {Name, []}};
init({{to, Name}, Res}) -> log({init_swapped, Name, shape(Res)}), {ok, {Name, []}};
init({{hib, Name}, Res}) -> log({init_swapped, Name, shape(Res)}), {ok, {Name, []}, hibernate};
init({{fail, How}, Res}) ->
    log({init_fail, How, shape(Res)}),
    case How of
        error -> {error, no};
        bad -> nope;
        crash -> erlang:error(swap_init_crash)
    end.

handle_event({swap, Name, Args1, H2, Args2}, {Name, Seen}) ->
    log({event, Name, swap}),
    {swap_handler, Args1, {Name, [swapping | Seen]}, H2, Args2};
handle_event(E, {Name, Seen}) ->
    log({event, Name, E}),
    {ok, {Name, [E | Seen]}}.

handle_call(get, S) -> {ok, S, S};
handle_call({swap, Reply, Args1, H2, Args2}, {Name, Seen}) ->
    {swap_handler, Reply, Args1, {Name, [call_swapping | Seen]}, H2, Args2}.

terminate(Args, {Name, Seen}) ->
    log({terminate, Name, shape(Args), Seen}),
    {result_of, Name}.

log(M) ->
    case whereis(otp_ge_swap_watch) of
        undefined -> ok;
        W -> W ! {log, M}
    end.

logs() ->
    receive {log, M} -> [M | logs()] after 0 -> [] end.

%% gen_event_EXIT messages received so far
exits() ->
    receive {gen_event_EXIT, H, R} -> [{H, shape(R)} | exits()] after 0 -> [] end.

shape({'EXIT', {R, [{M, F, A, _} | _]}}) when is_list(A) -> {'EXIT', {shape(R), {M, F, length(A)}}};
shape({'EXIT', {R, [{M, F, A, _} | _]}}) -> {'EXIT', {shape(R), {M, F, A}}};
shape(P) when P =:= self() -> self;
shape(T) when is_tuple(T) -> list_to_tuple(shape(tuple_to_list(T)));
shape([H | T]) -> [shape(H) | shape(T)];
shape(X) -> X.

p(Label, Value) ->
    io:format("~p~n", [{Label, shape(Value)}]).

pl(Label, Value) ->
    Logs = logs(),
    io:format("~p~n", [{Label, shape(Value), Logs}]).

linked(P) ->
    {links, L} = process_info(self(), links),
    lists:member(P, L).

where(P) ->
    timer:sleep(20),
    {current_function, F} = process_info(P, current_function),
    F.

add(M, Names) ->
    [ok = gen_event:add_handler(M, {?MODULE, N}, {ok, N}) || N <- Names],
    _ = logs(),
    ok.

api_section() ->
    {ok, M} = gen_event:start(),
    add(M, [a, b, c]),
    p(which, gen_event:which_handlers(M)),
    pl(swap, gen_event:swap_handler(M, {{?MODULE, b}, args1}, {{?MODULE, d}, {to, d}})),
    p(which, gen_event:which_handlers(M)),
    pl(swap_events, gen_event:sync_notify(M, e1)),
    pl(swap_missing, gen_event:swap_handler(M, {{?MODULE, nothere}, args1}, {{?MODULE, e}, {to, e}})),
    p(which, gen_event:which_handlers(M)),
    pl(swap_init_error, gen_event:swap_handler(M, {{?MODULE, e}, x}, {{?MODULE, f}, {fail, error}})),
    pl(swap_init_bad, gen_event:swap_handler(M, {{?MODULE, nothere}, x}, {{?MODULE, f}, {fail, bad}})),
    pl(swap_init_crash, gen_event:swap_handler(M, {{?MODULE, nothere}, x}, {{?MODULE, f}, {fail, crash}})),
    pl(swap_no_module, gen_event:swap_handler(M, {{?MODULE, nothere}, x}, {otp_ge_swap_nomod, y})),
    p(which, gen_event:which_handlers(M)),
    pl(swap_hibernate, gen_event:swap_handler(M, {{?MODULE, c}, x}, {{?MODULE, g}, {hib, g}})),
    p(swap_hibernated, where(M)),
    pl(swap_to_plain, gen_event:swap_handler(M, {{?MODULE, a}, x}, {?MODULE, {to, plain}})),
    p(which, gen_event:which_handlers(M)),
    pl(swap_from_plain, gen_event:swap_handler(M, {?MODULE, y}, {{?MODULE, h}, {to, h}})),
    %% onto an id already there: both stay, the new one first
    pl(swap_onto_existing, gen_event:swap_handler(M, {{?MODULE, g}, z}, {{?MODULE, d}, {to, d2}})),
    p(which, gen_event:which_handlers(M)),
    p(call_first, gen_event:call(M, {?MODULE, d}, get)),
    pl(delete_first, gen_event:delete_handler(M, {?MODULE, d}, del)),
    p(call_second, gen_event:call(M, {?MODULE, d}, get)),
    pl(stop, gen_event:stop(M)).

callback_section() ->
    {ok, M} = gen_event:start(),
    add(M, [1, 2, 3, 4]),
    p(which, gen_event:which_handlers(M)),
    %% from handle_event: terminate/2 gets the state returned with the swap
    pl(event_swap, gen_event:sync_notify(M, {swap, 2, args1, {?MODULE, 22}, {to, 22}})),
    p(which, gen_event:which_handlers(M)),
    pl(next_event, gen_event:sync_notify(M, e)),
    pl(event_swap_init_error, gen_event:sync_notify(M, {swap, 22, a, {?MODULE, 23}, {fail, error}})),
    pl(event_swap_init_crash, gen_event:sync_notify(M, {swap, 4, a, {?MODULE, 24}, {fail, crash}})),
    p(which, gen_event:which_handlers(M)),
    pl(event_swap_hibernate, gen_event:sync_notify(M, {swap, 3, a, {?MODULE, 33}, {hib, 33}})),
    p(which, gen_event:which_handlers(M)),
    add(M, [5, 6]),
    pl(event_swap_to_plain, gen_event:sync_notify(M, {swap, 5, a, ?MODULE, {to, plain}})),
    p(which, gen_event:which_handlers(M)),
    %% from handle_call: the reply comes back, the new handler takes the place
    pl(call_swap, gen_event:call(M, ?MODULE, {swap, reply1, args1, {?MODULE, 55}, {to, 55}})),
    p(which, gen_event:which_handlers(M)),
    p(call_new, gen_event:call(M, {?MODULE, 55}, get)),
    pl(call_swap_init_error, gen_event:call(M, {?MODULE, 55}, {swap, reply2, a, {?MODULE, 56}, {fail, bad}})),
    p(which, gen_event:which_handlers(M)),
    pl(call_swap_hibernate, gen_event:call(M, {?MODULE, 1}, {swap, reply3, a, {?MODULE, 11}, {hib, 11}})),
    p(which, gen_event:which_handlers(M)),
    pl(stop, gen_event:stop(M)).

sup_section() ->
    Self = self(),
    {ok, M} = gen_event:start(),
    add(M, [a]),
    p(linked_before, linked(M)),
    pl(swap_sup, gen_event:swap_sup_handler(M, {{?MODULE, a}, x}, {{?MODULE, b}, {to, b}})),
    p(swap_sup_linked, linked(M)),
    p(swap_sup_exits, exits()),
    pl(delete_sup, gen_event:delete_handler(M, {?MODULE, b}, y)),
    p(delete_sup_exits, exits()),
    ok = gen_event:add_sup_handler(M, {?MODULE, c}, {ok, c}),
    pl(swap_sup_sup, gen_event:swap_sup_handler(M, {{?MODULE, c}, x}, {{?MODULE, d}, {to, d}})),
    p(swap_sup_sup_exits, exits()),
    %% swap_handler keeps the old handler's supervisor
    pl(swap_supervised, gen_event:swap_handler(M, {{?MODULE, d}, x}, {{?MODULE, e}, {to, e}})),
    p(swap_supervised_exits, exits()),
    pl(delete_inherited, gen_event:delete_handler(M, {?MODULE, e}, y)),
    p(delete_inherited_exits, exits()),
    %% an unsupervised one stays unsupervised
    add(M, [f]),
    pl(swap_plain, gen_event:swap_handler(M, {{?MODULE, f}, x}, {{?MODULE, g}, {to, g}})),
    pl(delete_plain, gen_event:delete_handler(M, {?MODULE, g}, y)),
    p(plain_exits, exits()),
    %% a swap_sup_handler whose init fails
    ok = gen_event:add_sup_handler(M, {?MODULE, h}, {ok, h}),
    _ = logs(),
    pl(swap_sup_fail, gen_event:swap_sup_handler(M, {{?MODULE, h}, x}, {{?MODULE, i}, {fail, error}})),
    p(swap_sup_fail_exits, exits()),
    p(which, gen_event:which_handlers(M)),
    %% swap_sup_handler from another process: the old supervisor is told
    %% who supervises now
    ok = gen_event:add_sup_handler(M, {?MODULE, j}, {ok, j}),
    _ = logs(),
    Other = spawn(fun() ->
                          R = gen_event:swap_sup_handler(M, {{?MODULE, j}, x}, {{?MODULE, k}, {to, k}}),
                          Self ! {other, self(), R},
                          receive {gen_event_EXIT, _, _} = X -> Self ! {other_got, X} end
                  end),
    receive {other, Other, R} -> pl(swap_sup_other, R) end,
    [{H, {swapped, H2, Sup}}] = exits(),
    p(swap_sup_other_exits, {H, H2, Sup =:= Other}),
    p(which, gen_event:which_handlers(M)),
    pl(delete_other, gen_event:delete_handler(M, {?MODULE, k}, y)),
    p(delete_other_exits, exits()),
    receive {other_got, X} -> p(other_got, X) end,
    pl(stop, gen_event:stop(M)),
    p(stop_exits, exits()).

ids_section() ->
    {ok, M} = gen_event:start(),
    add(M, [1, 2]),
    p(call_module_only_ids, gen_event:call(M, ?MODULE, get)),
    p(delete_module_only_ids, gen_event:delete_handler(M, ?MODULE, x)),
    pl(add_id_false, gen_event:add_handler(M, {?MODULE, false}, {ok, nofalse})),
    p(which, gen_event:which_handlers(M)),
    p(call_plain, gen_event:call(M, ?MODULE, get)),
    p(call_id_false, gen_event:call(M, {?MODULE, false}, get)),
    p(call_1, gen_event:call(M, {?MODULE, 1}, get)),
    p(get_state, sys:get_state(M)),
    pl(delete_id_false, gen_event:delete_handler(M, {?MODULE, false}, x)),
    pl(delete_1, gen_event:delete_handler(M, {?MODULE, 1}, x)),
    pl(notify, gen_event:sync_notify(M, e)),
    p(which, gen_event:which_handlers(M)),
    pl(stop, gen_event:stop(M)).

main() ->
    register(otp_ge_swap_watch, self()),
    api_section(),
    callback_section(),
    sup_section(),
    ids_section(),
    ok.
