%% The trace engine's stress test (issue #4): four traced workers call f/1
%% (remote calls), g/1 (local calls) and k/1 (remote, raises when X rem 7
%% is 0) without pause while this process sets, replaces and clears their
%% patterns Count times; a tracer process checks every event against the
%% schedule of settings. What it checks: docs/internals/stress.md.
-module(trace_patterns).
-export([main/0, main/1, main/2, main/3, f/1, g/1, k/1]).

-define(WORKERS, 4).
-define(BARRIER_EVERY, 100).    % trace_delivered + barrier every N changes
-define(CLEARALL_EVERY, 1000).  % clear every pattern of the module
-define(PING_EVERY, 64).        % a worker waits for the tracer every N rounds
-define(FINAL_CALLS, 700).      % rounds per worker in each final phase
-define(EXAMPLES, 2).           % failures printed per class
-define(BYSTANDER_NAP, 64).     % the bystander sleeps 1 ms every N rounds

%% The traced functions. f and k are called remotely, g locally, so a
%% global pattern on g must never report a call.
f(X) -> 3 * X + 1.
g(X) -> X * X.
k(X) when X rem 7 =:= 0 -> erlang:error({bad, X});
k(X) -> X - 1.

value(f, X) -> 3 * X + 1;
value(g, X) -> X * X;
value(k, X) -> X - 1.

raises(k, X) -> X rem 7 =:= 0;
raises(_, _) -> false.

main() -> main(10000).
main(Count) -> main(Count, 1).
main(Count, Seed) -> main(Count, Seed, false).

%% Count pattern changes with the schedule drawn from Seed. Busy: the
%% bystander never sleeps, so every scheduler is always busy and each
%% thread-progress wait lasts until the OS has run every scheduler thread
%% (several times slower with more schedulers than cores). Prints one
%% summary line; halts with status 1 on any failure.
main(Count, Seed, Busy) when is_integer(Count), Count >= 1, is_integer(Seed), is_boolean(Busy) ->
    Sched = schedule(Count, Seed),
    Size = tuple_size(Sched),
    Self = self(),
    Tracer = spawn(fun() -> tracer_start(Sched) end),
    Workers = [spawn(fun() -> worker(Tracer) end) || _ <- lists:seq(1, ?WORKERS)],
    Nap = case Busy of true -> 0; false -> 1 end,
    Bystander = spawn(fun() -> receive go -> bystand(0, Nap) end end),
    [1 = erlang:trace(W, true, [call, {tracer, Tracer}]) || W <- Workers],
    Tracer ! {workers, Workers, Self},
    receive workers_known -> ok end,
    T0 = erlang:monotonic_time(millisecond),
    [P ! go || P <- [Bystander | Workers]],
    SetFails = set_patterns(1, Size, Sched, #{f => none, g => none, k => none}, Tracer, []),
    T1 = erlang:monotonic_time(millisecond),
    Ranges = ask_workers(Workers, stop),
    barrier(Tracer, Size),
    FinalFails = lists:append([final_round(R, Workers, Tracer) || R <- [1, 2, 3]]),
    [W ! stop || W <- Workers],
    Bystander ! stop,
    Tracer ! {report, Self},
    {Stats, TraceFails} = receive {report, S, Fs} -> {S, Fs} end,
    Fails = tally(SetFails ++ FinalFails ++ plausible(Count, Stats, Ranges), TraceFails),
    NFails = lists:sum([N || {_, N, _} <- Fails]),
    Ms = max(T1 - T0, 1),
    io:format("trace_patterns: ~s: ~w pattern changes in ~w ms (~w/s), ~w workers, "
              "~w rounds; events: ~w tagged calls, ~w untagged calls, ~w return_from, "
              "~w exception_from; ~w failures~n",
              [case Fails of [] -> "ok"; _ -> "FAILED" end, Size, Ms, Size * 1000 div Ms,
               ?WORKERS, lists:sum([X || {_, X} <- Ranges]),
               maps:get(tagged, Stats, 0), maps:get(untagged, Stats, 0),
               maps:get(return_from, Stats, 0), maps:get(exception_from, Stats, 0),
               NFails]),
    [io:format("  ~w x ~w, e.g.~n~s", [N, Class, [io_lib:format("    ~p~n", [E]) || E <- Es]])
     || {Class, N, Es} <- Fails],
    case Fails of
        [] -> ok;
        _ -> erlang:halt(1)
    end.

%% Failures by class (their first element): [{Class, Count, Examples}].
tally(Fails, Tally) ->
    lists:sort(maps:fold(fun(C, {N, Es}, Acc) -> [{C, N, lists:reverse(Es)} | Acc] end, [],
                         lists:foldl(fun add_fail/2, Tally, Fails))).

add_fail(Why, Tally) ->
    Class = element(1, Why),
    {N, Es} = maps:get(Class, Tally, {0, []}),
    Es1 = case N < ?EXAMPLES of true -> [Why | Es]; false -> Es end,
    Tally#{Class => {N + 1, Es1}}.

%% ---- the schedule ------------------------------------------------------------
%%
%% Change I (1..Count+2) is one of
%%   {set, F, Kind, Variant, N, K}  trace_pattern({?MODULE, F, 1}, Spec, [Kind])
%%   {clear, F, Kind}               trace_pattern({?MODULE, F, 1}, false, [Kind])
%%   {clearall, Kind}               trace_pattern({?MODULE, '_', '_'}, false, [Kind])
%% A set's match spec (variants 0-2) traces only calls whose argument X has
%% X rem N == K and tags its message {I, X}; variant 3 is `true`. The
%% schedule holds {Change, R}: R is the change that ended a set's setting
%% (replaced or cleared it). The last two changes clear everything, so every
%% setting ends.

schedule(Count, Seed) ->
    Live0 = #{f => none, g => none, k => none},
    {Changes, Ends} = build(1, Count, Seed, Live0, [], #{}),
    list_to_tuple([{C, maps:get(I, Ends, none)}
                   || {I, C} <- lists:zip(lists:seq(1, length(Changes)), Changes)]).

build(I, Count, _Seed, Live, Acc, Ends) when I > Count + 2 ->
    none = maps:get(f, Live), none = maps:get(g, Live), none = maps:get(k, Live),
    {lists:reverse(Acc), Ends};
build(I, Count, Seed, Live, Acc, Ends) ->
    C = change(I, Count, Seed, Live),
    {Live1, Ended} = step(I, C, Live),
    Ends1 = lists:foldl(fun(T, E) -> E#{T => I} end, Ends, Ended),
    build(I + 1, Count, Seed, Live1, [C | Acc], Ends1).

change(I, Count, _Seed, _Live) when I =:= Count + 1 -> {clearall, local};
change(I, Count, _Seed, _Live) when I =:= Count + 2 -> {clearall, global};
change(I, _Count, _Seed, _Live) when I rem ?CLEARALL_EVERY =:= 0 -> {clearall, local};
change(I, _Count, _Seed, _Live) when I rem ?CLEARALL_EVERY =:= 1, I > 1 -> {clearall, global};
change(I, _Count, Seed, Live) ->
    H = mix(I, Seed),
    F = element(H rem 3 + 1, {f, g, k}),
    H1 = H div 3,
    Kind = element((H1 div 8) rem 2 + 1, {global, local}),
    case H1 rem 8 of
        0 ->
            case maps:get(F, Live) of
                {_, LiveKind} -> {clear, F, LiveKind};
                none -> {clear, F, Kind}
            end;
        _ ->
            N = 2 + (H1 div 64) rem 4,
            {set, F, Kind, (H1 div 16) rem 4, N, (H1 div 256) rem N}
    end.

%% The live setting of each function after change I, and the sets it ended.
step(I, {set, F, Kind, _, _, _}, Live) ->
    {Live#{F => {I, Kind}}, ended(maps:get(F, Live))};
step(_I, {clear, F, Kind}, Live) ->
    case maps:get(F, Live) of
        {T, Kind} -> {Live#{F => none}, [T]};
        _ -> {Live, []}
    end;
step(_I, {clearall, Kind}, Live) ->
    maps:fold(fun(F, {T, K}, {L, E}) when K =:= Kind -> {L#{F => none}, [T | E]};
                 (_, _, Acc) -> Acc
              end, {Live, []}, Live).

ended(none) -> [];
ended({T, _}) -> [T].

%% murmur3's finaliser: a well-spread 32-bit hash of I.
mix(I, Seed) ->
    H0 = (I * 16#9E3779B1 + Seed * 16#7F4A7C15) band 16#FFFFFFFF,
    H1 = ((H0 bxor (H0 bsr 16)) * 16#85EBCA6B) band 16#FFFFFFFF,
    H2 = ((H1 bxor (H1 bsr 13)) * 16#C2B2AE35) band 16#FFFFFFFF,
    H2 bxor (H2 bsr 16).

spec(_T, 3, _N, _K) -> true;
spec(T, V, N, K) ->
    Guard = [{'==', {'rem', '$1', N}, K}],
    Msg = {message, {{T, '$1'}}},
    case V of
        0 -> [{['$1'], Guard, [Msg]}];
        1 -> [{['$1'], [{'<', '$1', 0}], [{message, negative}]},
              {['$1'], Guard, [Msg, {return_trace}]}];
        2 -> [{['$1'], Guard, [Msg, {exception_trace}]}]
    end.

%% ---- the pattern setter (this process) ---------------------------------------

set_patterns(I, Size, _Sched, _Live, _Tracer, Fails) when I > Size ->
    lists:reverse(Fails);
set_patterns(I, Size, Sched, Live, Tracer, Fails) ->
    {C, _} = element(I, Sched),
    Got = apply_change(I, C),
    {Live1, _} = step(I, C, Live),
    Fails1 = check_change(I, C, Got) ++ check_live(I, Live1, Sched) ++ Fails,
    case I rem ?BARRIER_EVERY of
        0 -> barrier(Tracer, I);
        _ -> ok
    end,
    set_patterns(I + 1, Size, Sched, Live1, Tracer, Fails1).

apply_change(I, {set, F, Kind, V, N, K}) ->
    catch erlang:trace_pattern({?MODULE, F, 1}, spec(I, V, N, K), [Kind]);
apply_change(_I, {clear, F, Kind}) ->
    catch erlang:trace_pattern({?MODULE, F, 1}, false, [Kind]);
apply_change(_I, {clearall, Kind}) ->
    catch erlang:trace_pattern({?MODULE, '_', '_'}, false, [Kind]).

check_change(_I, {clearall, _}, N) when is_integer(N), N >= 3 -> [];
check_change(_I, _, 1) -> [];
check_change(I, C, Got) -> [{setter, I, C, returned, Got}].

%% trace_info must show the setting the schedule says is live.
check_live(I, Live, Sched) ->
    lists:append([check_info(I, F, maps:get(F, Live), Sched) || F <- [f, g, k]]).

check_info(I, F, Setting, Sched) ->
    Want = case Setting of
               none -> {{traced, false}, {match_spec, false}};
               {T, Kind} ->
                   {{set, F, Kind, V, N, K}, _} = element(T, Sched),
                   Spec = case spec(T, V, N, K) of true -> []; S -> S end,
                   {{traced, Kind}, {match_spec, Spec}}
           end,
    Got = {erlang:trace_info({?MODULE, F, 1}, traced),
           erlang:trace_info({?MODULE, F, 1}, match_spec)},
    case Got of
        Want -> [];
        _ -> [{trace_info, I, F, Got, expected, Want}]
    end.

%% Once this returns, every event made before it is in the tracer's
%% mailbox ahead of {barrier, I}.
barrier(Tracer, I) ->
    Ref = erlang:trace_delivered(all),
    receive {trace_delivered, all, Ref} -> ok end,
    Tracer ! {barrier, I, self()},
    receive {barrier_done, I} -> ok end.

ask_workers(Workers, Msg) ->
    [W ! {Msg, self()} || W <- Workers],
    [receive {stopped, W, X} -> {W, X} end || W <- Workers].

%% Final phases: no change while the workers run, so counts are exact.
%%   1: f global (tagged, return_trace), g global (local calls: none),
%%      k local (true via a second clause, exception_trace)
%%   2: f local true, g local (even X, tagged), k global (return_trace)
%%   3: everything cleared: no event.
final_round(R, Workers, Tracer) ->
    Tracer ! {mode, {final, R}, self()},
    receive {mode_set, {final, R}} -> ok end,
    Got = [{MFA, catch erlang:trace_pattern(MFA, Spec, Kind)} || {MFA, Spec, Kind} <- final_settings(R)],
    Bad = [{final_setting, R, MFA, G} || {MFA, G} <- Got, not is_integer(G) orelse G < 1],
    [W ! {run, ?FINAL_CALLS, self()} || W <- Workers],
    Ranges = [receive {ran, W, X0, X1} -> {W, X0, X1} end || W <- Workers],
    barrier(Tracer, {final, R}),
    Tracer ! {round_end, R, Ranges, self()},
    receive {round_checked, R, Fails} -> Bad ++ Fails end.

final_settings(1) ->
    [{{?MODULE, f, 1}, [{['$1'], [], [{message, {{fin, '$1'}}}, {return_trace}]}], [global]},
     {{?MODULE, g, 1}, true, [global]},
     {{?MODULE, k, 1}, [{['$1'], [{'<', '$1', 0}], []}, {'_', [], [{exception_trace}]}], [local]}];
final_settings(2) ->
    [{{?MODULE, f, 1}, true, [local]},
     {{?MODULE, g, 1}, [{['$1'], [{'==', {'rem', '$1', 2}, 0}], [{message, {{fin, '$1'}}}]}], [local]},
     {{?MODULE, k, 1}, [{'_', [], [{return_trace}]}], [global]}];
final_settings(3) ->
    [{{?MODULE, '_', '_'}, false, [local]}, {{?MODULE, '_', '_'}, false, [global]}].

%% Expected events of one worker in a final round for X in [X0, X1):
%% [{{F, Type}, Count}].
final_expected(R, X0, X1) ->
    N = X1 - X0,
    Raise = length([X || X <- lists:seq(X0, X1 - 1), X rem 7 =:= 0]),
    Even = length([X || X <- lists:seq(X0, X1 - 1), X rem 2 =:= 0]),
    case R of
        1 -> [{{f, call}, N}, {{f, return_from}, N}, {{k, call}, N},
              {{k, return_from}, N - Raise}, {{k, exception_from}, Raise}];
        2 -> [{{f, call}, N}, {{g, call}, Even}, {{k, call}, N}, {{k, return_from}, N - Raise}];
        3 -> []
    end.

%% What a call event in a final round must look like: the return frame it
%% pushes, or error.
final_call(1, f, X, {tag, {fin, X}}) -> return;
final_call(1, k, _X, untagged) -> exception;
final_call(2, f, _X, untagged) -> none;
final_call(2, g, X, {tag, {fin, X}}) when X rem 2 =:= 0 -> none;
final_call(2, k, _X, untagged) -> return;
final_call(_, _, _, _) -> error.

%% ---- workers -------------------------------------------------------------------

worker(Tracer) ->
    receive go -> churn(Tracer, 0) end.

churn(Tracer, X) when X rem ?PING_EVERY =:= 0 ->
    Tracer ! {ping, self()},
    receive pong -> ok end,
    receive
        {stop, From} -> From ! {stopped, self(), X}, idle(X)
    after 0 ->
        calls(X),
        churn(Tracer, X + 1)
    end;
churn(Tracer, X) ->
    calls(X),
    churn(Tracer, X + 1).

calls(X) ->
    ?MODULE:f(X),
    g(X),
    catch ?MODULE:k(X),
    ok.

idle(X) ->
    receive
        {run, N, From} ->
            run(X, X + N),
            From ! {ran, self(), X, X + N},
            idle(X + N);
        stop -> ok
    end.

run(X, X) -> ok;
run(X, End) -> calls(X), run(X + 1, End).

%% An untraced process calling the same functions: it must cause no event.
bystand(X, Nap) ->
    receive
        stop -> ok
    after case X rem ?BYSTANDER_NAP of 0 -> Nap; _ -> 0 end ->
        calls(X),
        bystand(X + 1, Nap)
    end.

%% ---- the tracer and checker ----------------------------------------------------
%%
%% Per worker: LB, the lowest change index the worker can still observe (the
%% highest tag it reported, or a barrier it is past); the stack of return
%% frames its events announced; the last argument seen per function; and per
%% function the `true` settings it may still be under (for untagged events).

-record(w, {lb = 0, stack = [], last = #{}, trues = #{}}).
-record(st, {sched, size, mode = churn, ws = #{}, stats = #{}, counts = #{}, fails = #{}}).

tracer_start(Sched) ->
    receive {workers, Workers, From} -> From ! workers_known end,
    Trues = trues(Sched),
    Ws = maps:from_list([{W, #w{trues = Trues}} || W <- Workers]),
    loop(#st{sched = Sched, size = tuple_size(Sched), ws = Ws}).

%% Per function, the `true` settings a call can report under, in order:
%% [{T, R}] (a global one on g never reports: its calls are local).
trues(Sched) ->
    L = [{F, {T, R}} || {T, {{set, F, Kind, 3, _, _}, R}}
                             <- lists:zip(lists:seq(1, tuple_size(Sched)), tuple_to_list(Sched)),
                         not (F =:= g andalso Kind =:= global)],
    maps:from_list([{F, [TR || {F1, TR} <- L, F1 =:= F]} || F <- [f, g, k]]).

loop(St) ->
    receive
        {trace, W, call, {?MODULE, F, [X]}, Extra} -> loop(on_call(W, F, X, {tag, Extra}, St));
        {trace, W, call, {?MODULE, F, [X]}} -> loop(on_call(W, F, X, untagged, St));
        {trace, W, return_from, {?MODULE, F, 1}, V} -> loop(on_return(W, F, {value, V}, St));
        {trace, W, exception_from, {?MODULE, F, 1}, E} -> loop(on_return(W, F, {raised, E}, St));
        {ping, W} -> W ! pong, loop(St);
        {barrier, I, From} -> From ! {barrier_done, I}, loop(on_barrier(I, St));
        {mode, M, From} -> From ! {mode_set, M}, loop(St#st{mode = M, counts = #{}});
        {round_end, R, Ranges, From} ->
            Fails = round_check(R, Ranges, St),
            From ! {round_checked, R, Fails},
            loop(St#st{mode = churn, counts = #{}});
        {report, From} -> From ! {report, St#st.stats, St#st.fails};
        Other -> loop(fail({unexpected_message, Other}, St))
    end.

on_call(W, F, X, Extra, St = #st{ws = Ws}) ->
    case maps:find(W, Ws) of
        error -> fail({event_from_untraced, W, F, X, Extra}, St);
        {ok, Wst} ->
            case check_call(W, F, X, Extra, Wst, St) of
                {ok, Push, Wst1} ->
                    Wst2 = push(Push, F, X, Wst1#w{last = (Wst1#w.last)#{F => X}}),
                    count(W, F, call, stat(Extra, St#st{ws = Ws#{W => Wst2}}));
                {error, Why} ->
                    %% the return frame it may have left: accepted unchecked
                    fail({Why, W, F, X, Extra, St#st.mode, Wst#w.lb},
                         St#st{ws = Ws#{W => Wst#w{stack = [{F, X, unknown}]}}})
            end
    end.

stat({tag, _}, St) -> bump(tagged, St);
stat(untagged, St) -> bump(untagged, St).

check_call(W, F, X, Extra, Wst = #w{stack = [{F1, X1, unknown} | Rest]}, St)
  when F1 =/= F; X1 =/= X ->
    check_call(W, F, X, Extra, Wst#w{stack = Rest}, St);
check_call(_W, F, X, Extra, Wst, St) ->
    Last = maps:get(F, Wst#w.last, -1),
    Nested = case Wst#w.stack of
                 [] -> ok;
                 [{F, X, _} | _] -> ok;   % the export entry's and the function's breakpoint
                 _ -> error
             end,
    if
        not is_integer(X); X < Last -> {error, argument_went_back};
        Nested =:= error -> {error, call_before_return};
        true -> check_setting(St#st.mode, F, X, Extra, Wst, St)
    end.

check_setting(churn, F, X, {tag, {T, X}}, Wst, #st{sched = Sched, size = Size})
  when is_integer(T), T >= 1, T =< Size ->
    case element(T, Sched) of
        {{set, F, Kind, V, N, K}, R} when V < 3 ->
            if
                F =:= g, Kind =:= global -> {error, local_call_under_global_pattern};
                X rem N =/= K -> {error, guard_false};
                R =< Wst#w.lb -> {error, setting_already_ended};
                true -> {ok, element(V + 1, {none, return, exception}), Wst#w{lb = max(Wst#w.lb, T)}}
            end;
        _ -> {error, tag_of_another_setting}
    end;
check_setting(churn, F, _X, untagged, Wst = #w{lb = LB, trues = Trues}, _St) ->
    case lists:dropwhile(fun({_, R}) -> R =< LB end, maps:get(F, Trues)) of
        [{T, _} | _] = Rest -> {ok, none, Wst#w{lb = max(LB, T), trues = Trues#{F => Rest}}};
        [] -> {error, untagged_without_true_setting}
    end;
check_setting(churn, _F, _X, _Extra, _Wst, _St) ->
    {error, bad_tag};
check_setting({final, R}, F, X, Extra, Wst, _St) ->
    case final_call(R, F, X, Extra) of
        error -> {error, unexpected_final_event};
        Push -> {ok, Push, Wst}
    end.

%% The return frame a traced call leaves: return_trace reports normal
%% returns only, exception_trace both.
push(none, _F, _X, Wst) -> Wst;
push(return, F, X, Wst) ->
    case raises(F, X) of
        true -> Wst;
        false -> Wst#w{stack = [{F, X, return} | Wst#w.stack]}
    end;
push(exception, F, X, Wst) -> Wst#w{stack = [{F, X, exception} | Wst#w.stack]}.

on_return(W, F, What, St = #st{ws = Ws}) ->
    Type = case What of {value, _} -> return_from; {raised, _} -> exception_from end,
    case maps:find(W, Ws) of
        error -> fail({event_from_untraced, W, F, What}, St);
        {ok, Wst = #w{stack = [{F, _, unknown} | Rest]}} ->
            St#st{ws = Ws#{W => Wst#w{stack = Rest}}};
        {ok, Wst = #w{stack = [{F, X, Kind} | Rest]}} ->
            Ok = case What of
                     {value, V} -> (not raises(F, X)) andalso V =:= value(F, X);
                     {raised, E} -> Kind =:= exception andalso raises(F, X) andalso E =:= {error, {bad, X}}
                 end,
            St1 = St#st{ws = Ws#{W => Wst#w{stack = Rest}}},
            case Ok of
                true -> count(W, F, Type, bump(Type, St1));
                false -> fail({wrong_return, W, F, X, Kind, What}, St1)
            end;
        {ok, Wst} ->
            fail({return_without_call, W, F, What, Wst#w.stack}, St#st{ws = Ws#{W => Wst#w{stack = []}}})
    end.

%% Every event after {barrier, I} was made after change I had committed.
on_barrier(I, St = #st{ws = Ws}) when is_integer(I) ->
    St#st{ws = maps:map(fun(_, Wst) -> Wst#w{lb = max(Wst#w.lb, I)} end, Ws)};
on_barrier(_, St) -> St.

round_check(R, Ranges, #st{counts = Counts, ws = Ws}) ->
    lists:append(
      [begin
           Want = maps:from_list([{{W, F, T}, C} || {{F, T}, C} <- final_expected(R, X0, X1), C > 0]),
           Got = maps:filter(fun({W1, _, _}, _) -> W1 =:= W end, Counts),
           Stack = (maps:get(W, Ws))#w.stack,
           [{final_counts, R, W, got, lists:sort(maps:to_list(Got)), want, lists:sort(maps:to_list(Want))}
            || Got =/= Want] ++
           [{final_frames_left, R, W, Stack} || Stack =/= []]
       end || {W, X0, X1} <- Ranges]).

count(W, F, Type, St = #st{mode = {final, _}, counts = C}) ->
    Key = {W, F, Type},
    St#st{counts = C#{Key => maps:get(Key, C, 0) + 1}};
count(_, _, _, St) -> St.

bump(Key, St = #st{stats = S}) -> St#st{stats = S#{Key => maps:get(Key, S, 0) + 1}}.

fail(Why, St = #st{fails = Tally}) -> St#st{fails = add_fail(Why, Tally)}.

%% With enough changes every kind of event must have happened.
plausible(Count, _Stats, _Ranges) when Count < 1000 -> [];
plausible(_Count, Stats, Ranges) ->
    [{implausible, no_events_of_kind, K} || K <- [tagged, untagged, return_from, exception_from],
                                            maps:get(K, Stats, 0) =:= 0] ++
    [{implausible, worker_made_few_rounds, W, X} || {W, X} <- Ranges, X < 2 * ?PING_EVERY].
