-module(erl_eval_receive).
-export([main/0]).

%% erl_eval (differential): receive in interpreted code. Messages already
%% in the mailbox taken out of order (the others stay, in order, for
%% later interpreted and compiled receives), guards and bound variables
%% in the patterns, after 0, a timeout that expires, a timeout computed
%% by an expression, messages that arrive while the receive waits (sent
%% by a spawned process after 20 ms), after infinity, bad timeout values,
%% a clause pattern that is illegal (no erl_lint check), a guard or body
%% that raises, and a server loop written as an interpreted named fun.
%% Stack traces never print.

main() ->
    out_of_order(),
    guards_and_bound(),
    timeouts(),
    arriving(),
    bad_timeouts(),
    illegal(),
    raising(),
    in_funs(),
    server(),
    p("mailbox at the end", mailbox()),
    ok.

%% ---------------------------------------------------------------------

parse(S) ->
    {ok, Toks, _} = erl_scan:string(S),
    {ok, Es} = erl_parse:parse_exprs(Toks),
    Es.

p(Label, X) -> io:format("~s: ~p~n", [Label, X]).

%% erl_eval:exprs/2 (or /3 when Check is false) of S with Bs.
ev(S) -> ev(S, []).

ev(S, Bs) -> ev(S, Bs, true).

ev(S, Bs, Check) ->
    try
        case Check of
            true -> erl_eval:exprs(parse(S), Bs);
            false -> erl_eval:exprs(parse(S), Bs, none)
        end
    of
        {value, V, NewBs} -> {value, clean(V), clean(lists:sort(erl_eval:bindings(NewBs)))}
    catch
        C:R -> {C, clean(R)}
    end.

t(S) -> t(S, []).

t(S, Bs) -> p(S, ev(S, Bs)).

clean({'EXIT', {R, L}}) when is_list(L) -> {'EXIT', {clean(R), '<stack>'}};
clean(T) when is_tuple(T) -> list_to_tuple([clean(X) || X <- tuple_to_list(T)]);
clean([H | T]) -> [clean(H) | clean(T)];
clean(F) when is_function(F) -> {'fun', element(2, erlang:fun_info(F, arity))};
clean(X) -> X.

mailbox() ->
    {messages, Ms} = process_info(self(), messages),
    Ms.

flush() ->
    receive _ -> flush() after 0 -> ok end.

send_all(Ms) -> [self() ! M || M <- Ms], ok.

%% A message sent to us by another process after Ms milliseconds.
later(Ms, Msg) ->
    Self = self(),
    spawn(fun() -> timer:sleep(Ms), Self ! Msg end).

%% ---------------------------------------------------------------------

out_of_order() ->
    send_all([a, b, c, d]),
    t("receive c -> got_c end."),
    p("mailbox", mailbox()),
    t("receive X when X =/= a -> {first_not_a, X} end."),
    p("mailbox", mailbox()),
    p("compiled receive", receive M1 -> M1 after 0 -> none end),
    p("mailbox", mailbox()),
    send_all([x, y, z]),
    t("receive z -> 1; y -> 2 end."),
    p("mailbox", mailbox()),
    p("compiled receives", [receive M -> M after 0 -> none end || _ <- [1, 2, 3, 4]]),
    send_all([{m, 1}, {m, 2}, {n, 3}, {m, 4}]),
    t("receive {n, N} -> N end."),
    t("{receive {m, A} -> A end, receive {m, B} -> B end}."),
    p("compiled receive", receive {m, M2} -> M2 after 0 -> none end),
    p("mailbox", mailbox()),
    send_all([one, two, three]),
    t("F = fun Fl(Acc) -> receive Msg -> Fl([Msg | Acc]) after 0 -> lists:reverse(Acc) end end, "
      "F([])."),
    p("mailbox", mailbox()),
    ok.

guards_and_bound() ->
    send_all([{x, 1}, {x, 7}, {x, 9}]),
    t("receive {x, N} when N > 5 -> N end."),
    p("mailbox", mailbox()),
    flush(),
    send_all([{k1, 1}, {k2, 2}, {k3, 3}]),
    t("receive {K, V} -> V end.", [{'K', k2}]),
    t("K = k3, receive {K, V} -> {K, V} end."),
    p("mailbox", mailbox()),
    flush(),
    send_all([{a, 1}, {b, 2}]),
    t("receive {T, V} when T =:= b; V > 5 -> {T, V} end."),
    t("receive {T, V} when is_atom(T), is_integer(V) -> {T, V} end."),
    flush(),
    R = make_ref(),
    send_all([{other, 0}, {R, ok}]),
    t("receive {Ref, V} -> V end.", [{'Ref', R}]),
    t("Ref = make_ref(), self() ! {Ref, mine}, receive {Ref, V} -> V end."),
    p("mailbox", mailbox()),
    flush(),
    send_all([<<1, 2, 3>>, #{k => v}, "str"]),
    t("receive <<1, Rest/binary>> -> Rest end."),
    t("receive #{k := V} -> V end."),
    t("receive [$s | T] -> T end."),
    send_all([{x, 1}, {x, 2}]),
    t("X = 2, receive {x, X} -> matched_bound end."),
    t("receive {x, X} -> {matched, X} end."),
    ok.

timeouts() ->
    send_all([keep]),
    t("receive nothing -> 1 after 0 -> timeout end."),
    p("mailbox", mailbox()),
    T0 = erlang:monotonic_time(millisecond),
    R = ev("receive nothing -> 1 after 50 -> timeout end."),
    T1 = erlang:monotonic_time(millisecond),
    p("after 50", {R, T1 - T0 >= 50}),
    t("T = 10, receive nothing -> 1 after T * 2 -> {timeout, T} end."),
    t("receive after 10 -> done end."),
    t("receive after 0 -> done end."),
    t("receive nothing -> 1 after 5 -> X = timed_out end, X."),
    t("receive nothing -> 1 after 0 -> A = 1, B = A + 1, {A, B} end."),
    t("receive keep -> kept after 0 -> timeout end."),
    p("mailbox", mailbox()),
    t("receive after (T = 5) -> T end."),
    t("receive X -> X after (T = 0) -> T end."),
    p("unchecked receive after (T = 5) -> T end.", ev("receive after (T = 5) -> T end.", [], false)),
    p("unchecked receive X -> X after (T = 0) -> {T, X} end.",
      ev("receive X -> X after (T = 0) -> {T, X} end.", [], false)),
    send_all([b, a]),
    t("receive a -> receive b -> ab end end."),
    send_all([x]),
    t("try receive X -> throw(X) end catch throw:Y -> {caught, Y} end."),
    p("mailbox", mailbox()),
    ok.

arriving() ->
    later(20, {late, 1}),
    t("receive {late, X} -> X after 1000 -> timeout end."),
    later(20, {late, 2}),
    t("receive {late, X} -> X end."),
    later(20, {late, 3}),
    t("receive {late, X} -> X after infinity -> never end."),
    Self = self(),
    spawn(fun() -> timer:sleep(10), Self ! noise, timer:sleep(10), Self ! {late, 4} end),
    t("receive {late, X} -> X after 1000 -> timeout end."),
    p("mailbox", mailbox()),
    flush(),
    later(200, {late, 5}),
    t("receive {late, X} -> X after 20 -> timeout end."),
    t("receive {late, X} -> {got, X} end."),
    p("mailbox", mailbox()),
    ok.

bad_timeouts() ->
    t("receive nothing -> 1 after foo -> ok end."),
    t("receive nothing -> 1 after -1 -> ok end."),
    t("receive after 1.5 -> ok end."),
    t("receive after foo -> ok end."),
    t("receive nothing -> 1 after (1 / 0) -> ok end."),
    send_all([m]),
    t("receive m -> got after foo -> ok end."),
    send_all([m]),
    t("receive other -> got after foo -> ok end."),
    p("mailbox", mailbox()),
    flush(),
    ok.

illegal() ->
    send_all([msg1, msg2]),
    p("receive f() -> 1 after 0 -> t end.", ev("receive f() -> 1 after 0 -> t end.", [], false)),
    p("mailbox", mailbox()),
    p("checked receive f() -> 1 after 0 -> t end.", ev("receive f() -> 1 after 0 -> t end.")),
    p("receive msg2 -> two; f() -> 1 after 0 -> t end.",
      ev("receive msg2 -> two; f() -> 1 after 0 -> t end.", [], false)),
    p("mailbox", mailbox()),
    p("compiled receive", receive M -> M after 0 -> none end),
    flush(),
    p("receive f() -> 1 after 0 -> t end. (unchecked, empty mailbox)",
      ev("receive f() -> 1 after 0 -> t end.", [], false)),
    ok.

raising() ->
    send_all([{v, 0}, {v, 2}]),
    t("receive {v, N} when 10 div N > 1 -> N end."),
    p("mailbox", mailbox()),
    t("receive {v, N} -> 10 div N end."),
    p("mailbox", mailbox()),
    flush(),
    send_all([{v, 1}]),
    t("receive {v, N} when N > 0 -> throw({thrown, N}) end."),
    p("mailbox", mailbox()),
    ok.

in_funs() ->
    {value, F, _} = erl_eval:exprs(parse("fun(Tag) -> receive {Tag, V} -> V after 0 -> none end end."),
                                   []),
    send_all([{a, 1}, {b, 2}, {a, 3}]),
    p("fun from compiled b", F(b)),
    p("fun from compiled a", F(a)),
    p("fun from compiled c", F(c)),
    p("mailbox", mailbox()),
    p("lists:map", lists:map(F, [a, a])),
    {value, G, _} = erl_eval:exprs(parse("fun() -> receive M -> M end end."), []),
    Self = self(),
    Pid = spawn(fun() -> Self ! {child, G()} end),
    Pid ! hello,
    p("in another process", receive {child, X} -> X after 1000 -> timeout end),
    ok.

server() ->
    S = "Loop = fun L(0) -> done; "
        "           L(N) -> receive "
        "                       {req, From, X} -> From ! {reply, self(), X * 2}, L(N - 1); "
        "                       {stop, From} -> From ! {stopped, self(), N}, stopped "
        "                   end "
        "        end.",
    {value, Loop, _} = erl_eval:exprs(parse(S), []),
    Self = self(),
    Server = spawn(fun() -> Self ! {server_done, self(), Loop(5)} end),
    [Server ! {req, self(), I} || I <- [1, 2, 3, 4, 5]],
    Replies = [receive {reply, Server, V} -> V after 2000 -> timeout end || _ <- [1, 2, 3, 4, 5]],
    p("server replies", Replies),
    p("server result", receive {server_done, Server, R} -> R after 2000 -> timeout end),
    Server2 = spawn(fun() -> Self ! {server_done, self(), Loop(100)} end),
    Server2 ! {req, self(), 21},
    Server2 ! {stop, self()},
    p("server2 reply", receive {reply, Server2, V2} -> V2 after 2000 -> timeout end),
    p("server2 stop", receive {stopped, Server2, N} -> N after 2000 -> timeout end),
    p("server2 result", receive {server_done, Server2, R2} -> R2 after 2000 -> timeout end),
    %% the client side interpreted too
    Client = "Srv = spawn(fun() -> Loop(3) end), "
             "[Srv ! {req, self(), I} || I <- [10, 20, 30]], "
             "[receive {reply, Srv, V} -> V after 2000 -> timeout end || _ <- [1, 2, 3]].",
    p("interpreted client", ev(Client, [{'Loop', Loop}])),
    ok.
