-module(otp_gen_event_plain).
-export([main/0]).
-export([init/1, handle_event/2, format_status/2]).

%% A gen_event handler with only init/1 and handle_event/2 (no
%% handle_call/2, handle_info/2 or terminate/2), and the old
%% format_status/2: delete_handler returns ok, messages to the manager are
%% dropped and the handler stays, a call crashes with undef and removes
%% the handler, a swap away from it passes ok to the new init, and
%% sys:get_status shows format_status/2's result (or the state itself when
%% it crashes).  (The gen_event_basic program has the handler that exports
%% everything; a handler without terminate/2 needs a module of its own.)

init({{swapped, Name}, Res}) -> log({init_swapped, Name, Res}), {ok, {Name, []}};
init(Name) when is_atom(Name) -> log({init, Name}), {ok, {Name, []}}.

handle_event(E, {Name, Seen}) ->
    log({event, Name, E}),
    case E of
        {crash, Name} -> erlang:error(event_crash);
        {remove, Name} -> remove_handler;
        {swap, Name, To} ->
            {swap_handler, swap_args, {Name, [swapping | Seen]}, {?MODULE, To}, {swapped, To}};
        _ -> {ok, {Name, [E | Seen]}}
    end.

format_status(Opt, [PDict, {Name, Seen}]) ->
    case Name of
        hide -> {hidden, Opt};
        crash -> erlang:error(crash);
        throw -> throw({thrown, Opt});
        dict -> {dict, lists:sort([K || {K, _} <- PDict, K =:= '$initial_call' orelse K =:= '$ancestors'])};
        _ -> {Name, Seen}
    end.

log(M) ->
    case whereis(otp_ge_plain_watch) of
        undefined -> ok;
        W -> W ! {log, M}
    end.

logs() ->
    receive {log, M} -> [M | logs()] after 0 -> [] end.

shape({'EXIT', {R, [{M, F, A, _} | _]}}) when is_list(A) -> {'EXIT', {shape(R), {M, F, length(A)}}};
shape({'EXIT', {R, [{M, F, A, _} | _]}}) -> {'EXIT', {shape(R), {M, F, A}}};
shape(T) when is_tuple(T) -> list_to_tuple(shape(tuple_to_list(T)));
shape([H | T]) -> [shape(H) | shape(T)];
shape(X) -> X.

pl(Label, Value) ->
    Logs = logs(),
    io:format("~p~n", [{Label, shape(Value), Logs}]).

items(M) ->
    {status, _, {module, gen_event}, [_, _, _, _, Misc]} = sys:get_status(M),
    {items, {"Installed handlers", Hs}} = lists:last(Misc),
    [{Mod, Id, State} || {handler, Mod, Id, State, _} <- Hs].

main() ->
    register(otp_ge_plain_watch, self()),
    {ok, M} = gen_event:start(),
    pl(add, gen_event:add_handler(M, ?MODULE, a)),
    pl(add_id, gen_event:add_handler(M, {?MODULE, 2}, b)),
    pl(sync_notify, gen_event:sync_notify(M, e1)),
    M ! hello,
    pl(info_dropped, gen_event:which_handlers(M)),
    pl(still_there, gen_event:sync_notify(M, e2)),
    pl(get_state, sys:get_state(M)),
    pl(call_undef, gen_event:call(M, ?MODULE, get)),
    pl(after_call, gen_event:which_handlers(M)),
    pl(delete, gen_event:delete_handler(M, {?MODULE, 2}, args)),
    pl(after_delete, gen_event:which_handlers(M)),
    ok = gen_event:add_handler(M, {?MODULE, c}, c),
    ok = gen_event:add_handler(M, {?MODULE, r}, r),
    pl(crash, gen_event:sync_notify(M, {crash, c})),
    pl(remove, gen_event:sync_notify(M, {remove, r})),
    pl(after_crash, gen_event:which_handlers(M)),
    %% swapping away from a handler without terminate/2: the new init gets ok
    ok = gen_event:add_handler(M, {?MODULE, s}, s),
    ok = gen_event:add_handler(M, {?MODULE, o}, o),
    pl(swap_handler, gen_event:swap_handler(M, {{?MODULE, s}, x}, {{?MODULE, t}, {swapped, t}})),
    pl(swapped, gen_event:which_handlers(M)),
    ok = gen_event:add_handler(M, {?MODULE, p}, p),
    pl(swap_event, gen_event:sync_notify(M, {swap, t, u})),
    pl(swapped_in_place, gen_event:which_handlers(M)),
    pl(swapped_state, sys:get_state(M)),
    %% format_status/2 in sys:get_status
    [ok = gen_event:add_handler(M, {?MODULE, N}, N) || N <- [hide, crash, throw, dict]],
    _ = logs(),
    pl(status, items(M)),
    Ref = monitor(process, M),
    pl(stop, gen_event:stop(M)),
    receive {'DOWN', Ref, process, M, R} -> pl(down, R) end,
    ok.
