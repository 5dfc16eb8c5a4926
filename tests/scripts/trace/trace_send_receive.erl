%% send and 'receive' trace: receivers as given (pids, names, {Name,
%% Node}), send_to_non_existing_process, receive timeouts, and the
%% send/'receive' match spec patterns with trace_info's match_spec.
-module(trace_send_receive).
-export([main/0]).

flush() -> receive M -> [M | flush()] after 50 -> [] end.

run(Title, Fun) ->
    Self = self(),
    T = spawn(fun() -> receive go -> ok end, Self ! {msgs, flush()} end),
    erlang:trace(self(), true, [{tracer, T}, send, 'receive']),
    catch Fun(),
    erlang:trace(self(), false, [all]),
    T ! go,
    receive {msgs, Ms} -> ok end,
    io:format("~s~n", [Title]),
    [io:format("  ~p~n", [clean(M)]) || M <- Ms],
    ok.

clean(T) when element(1, T) =:= trace -> list_to_tuple(tl(tl(tuple_to_list(T))));
clean(T) -> T.

main() ->
    Self = self(),
    register(srt_me, self()),
    Dead = spawn(fun() -> ok end),
    Sink = spawn(fun Loop() -> receive _ -> Loop() end end),
    erlang:monitor(process, Dead),
    receive {'DOWN', _, _, _, _} -> ok end,
    run("plain", fun() ->
        Self ! a, srt_me ! b, Sink ! c,
        receive a -> ok end, receive b -> ok end,
        Dead ! d,
        catch nosuch ! x,
        {srt_me, node()} ! e, receive e -> ok end,
        erlang:send(Sink, f),
        erlang:send(srt_me, g), receive g -> ok end,
        receive never -> ok after 0 -> ok end,
        receive never -> ok after 5 -> ok end
    end),
    show(erlang:trace_info(send, match_spec)),
    show(erlang:trace_info('receive', match_spec)),
    show(erlang:trace_pattern(send, [{[Sink, '_'], [], []}], [])),
    show(erlang:trace_info(send, match_spec) =:= {match_spec, [{[Sink, '_'], [], []}]}),
    run("send only to Sink", fun() -> Self ! a, Sink ! b, Sink ! c, receive a -> ok end end),
    show(erlang:trace_pattern(send, [{['_', {tag, '$1'}], [{is_integer, '$1'}], [{message, {{seen, '$1'}}}]}], [])),
    run("send message action", fun() -> Sink ! {tag, 1}, Sink ! {tag, x}, Sink ! {tag, 2} end),
    show(erlang:trace_pattern(send, false, [])),
    show(erlang:trace_info(send, match_spec)),
    run("send false", fun() -> Sink ! a, Self ! b, receive b -> ok end end),
    show(erlang:trace_pattern(send, true, [])),
    show(erlang:trace_pattern('receive', [{['_', '_', {keep, '_'}], [], []}], [])),
    run("receive only keep", fun() -> Self ! {keep, 1}, Self ! drop, Self ! {keep, 2}, flush() end),
    show(erlang:trace_pattern('receive', [{['_', '$1', '_'], [{'=:=', '$1', Self}], [{message, from_self}]}], [])),
    run("receive from self", fun() ->
        Self ! a, Sink ! {fwd, Self}, flush(),
        receive never -> ok after 1 -> ok end
    end),
    show(erlang:trace_pattern('receive', false, [])),
    run("receive false", fun() -> Self ! a, flush() end),
    show(erlang:trace_pattern('receive', [], [])),
    show(erlang:trace_info('receive', match_spec)),
    show(catch erlang:trace_pattern(send, true, [local])),
    show(catch erlang:trace_pattern(send, [{['_', '_'], [], [{message, {caller}}]}], [])),
    show(catch erlang:trace_pattern('receive', [{['_', '_', '_'], [], [{message, {caller}}]}], [])),
    show(catch erlang:trace_pattern(send, restart, [])),
    show(catch erlang:trace_pattern(send, {x}, [])),
    show(catch erlang:trace_info(send, traced)),
    show(erlang:trace_pattern(send, true)),
    ok.

show({'EXIT', {Reason, _}}) -> io:format("error ~p~n", [Reason]);
show(X) -> io:format("~p~n", [X]).
