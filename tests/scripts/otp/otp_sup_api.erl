-module(otp_sup_api).
-export([main/0]).
-export([init/1, worker/2, loop/0]).

%% Every result of the API on a supervisor with static children:
%% start_child, restart_child, delete_child, terminate_child,
%% get_childspec, which_children, count_children, check_childspecs, calls
%% to supervisors that are not there, and a message the supervisor does
%% not expect, and code_change/3 (called directly: Mod:init/1 again).

init({flags, Flags, Specs}) -> {ok, {Flags, Specs}};
init({return, Value}) -> Value;
init(Specs) -> {ok, {#{}, Specs}}.

%% Runs in the supervisor: How says what to answer.
worker(Log, How) ->
    Log ! {start, How},
    case How of
        ok -> {ok, spawn_link(?MODULE, loop, [])};
        {info, I} -> {ok, spawn_link(?MODULE, loop, []), I};
        crash -> erlang:error(crashed);
        {value, V} -> V
    end.

loop() ->
    receive
        _ -> loop()
    end.

spec(Id, How) -> spec(Id, How, permanent).

spec(Id, How, Restart) ->
    #{id => Id, start => {?MODULE, worker, [self(), How]}, restart => Restart}.

log() ->
    receive
        {start, How} -> [How | log()]
    after 0 -> []
    end.

%% A child record in an error shows as its id; a stack as `stack`.
shape({error, {Reason, Child}}) when is_tuple(Child), element(1, Child) =:= child ->
    {error, {shape(Reason), {child, element(3, Child)}}};
shape({'EXIT', {R, Stack}}) when is_list(Stack) -> {'EXIT', {R, stack}};
shape({ok, P}) when is_pid(P) -> {ok, pid};
shape({ok, P, I}) when is_pid(P) -> {ok, pid, I};
shape(X) -> X.

children(Sup) -> [{Id, kind(P), T, M} || {Id, P, T, M} <- supervisor:which_children(Sup)].

kind(P) when is_pid(P) -> pid;
kind(P) -> P.

main() ->
    process_flag(trap_exit, true),
    {ok, S} = supervisor:start_link(?MODULE, [spec(a, ok)]),
    log(),
    io:format("start_child:~n"),
    [io:format("  ~p: ~p~n", [Id, shape(supervisor:start_child(S, Spec))])
     || {Id, Spec} <- [{b, spec(b, ok)}, {b_again, spec(b, ok)}, {a_again, spec(a, crash)},
                       {c, spec(c, {info, extra})},
                       {d, spec(d, {value, ignore})},
                       {e, spec(e, {value, ignore}, temporary)},
                       {d_again, spec(d, ok)},
                       {f, spec(f, {value, {error, nope}})},
                       {g, spec(g, {value, what})},
                       {h, spec(h, {value, {ok, not_a_pid}})},
                       {i, spec(i, crash)},
                       {j, spec(j, {value, {error, nope}}, temporary)},
                       {tuple, {tuple, {?MODULE, worker, [self(), ok]}, transient, brutal_kill,
                                worker, dynamic}},
                       {bad, x}, {no_id, #{start => {m, f, []}}},
                       {bad_mfa, #{id => k, start => m}},
                       {bad_shutdown, #{id => k, start => {m, f, []}, shutdown => soon}},
                       {missing_module, #{id => k, start => {no_such_module, f, []}}}]],
    io:format("  starts: ~p~n", [log()]),
    io:format("which_children: ~p~n", [children(S)]),
    io:format("count_children: ~p~n", [supervisor:count_children(S)]),
    io:format("get_childspec:~n"),
    [io:format("  ~p: ~p~n", [Id, supervisor:get_childspec(S, Id)])
     || Id <- [tuple, e, nobody]],
    {ok, #{start := {_, _, [_, ok]}}} = supervisor:get_childspec(S, a),
    {a, A, _, _} = lists:keyfind(a, 1, supervisor:which_children(S)),
    io:format("  by pid: ~p~n", [supervisor:get_childspec(S, A)]),
    io:format("restart_child:~n"),
    [io:format("  ~p: ~p~n", [Id, shape(supervisor:restart_child(S, Id))])
     || Id <- [a, nobody, d]],
    io:format("terminate_child:~n"),
    [io:format("  ~p: ~p~n", [Id, supervisor:terminate_child(S, Id)])
     || Id <- [b, b, nobody, tuple]],
    io:format("  by pid: ~p~n", [supervisor:terminate_child(S, A)]),
    io:format("  children: ~p~n", [children(S)]),
    io:format("restart_child again:~n"),
    [io:format("  ~p: ~p~n", [Id, shape(supervisor:restart_child(S, Id))])
     || Id <- [b, c, tuple]],
    io:format("  starts: ~p~n", [log()]),
    io:format("delete_child:~n"),
    ok = supervisor:terminate_child(S, c),
    [io:format("  ~p: ~p~n", [Id, supervisor:delete_child(S, Id)])
     || Id <- [a, c, c, nobody, tuple]],
    io:format("  children: ~p~n", [children(S)]),
    io:format("  start again: ~p ~p~n", [shape(supervisor:start_child(S, spec(c, ok))), log()]),
    io:format("count_children: ~p~n", [supervisor:count_children(S)]),
    io:format("get_callback_module: ~p~n", [supervisor:get_callback_module(S)]),
    S ! unexpected,
    io:format("after an unexpected message: ~p~n", [length(supervisor:which_children(S))]),
    io:format("check_childspecs:~n"),
    [io:format("  ~p~n", [supervisor:check_childspecs(Specs)])
     || Specs <- [[], [spec(a, ok), spec(b, ok)], [spec(a, ok), spec(a, ok)], x, [x],
                  [{a, {m, f, []}, permanent, 5000, worker, [m]}],
                  [{a, {m, f, []}, permanent, infinity, supervisor, dynamic}]]],
    %% code_change/3 runs init/1 again with the supervisor's arguments
    %% (replaced here, the state is a plain tuple)
    State = sys:get_state(S),
    Shown = fun({ok, St}) ->
                    {Ids, Db} = element(4, St),
                    {ok, element(3, St), element(6, St),
                     [{Id, kind(element(2, maps:get(Id, Db)))} || Id <- Ids]};
               (Other) -> Other
            end,
    io:format("code_change:~n"),
    [io:format("  ~p~n", [Shown(supervisor:code_change(old, setelement(12, State, Args), extra))])
     || Args <- [element(12, State), [spec(z, ok), spec(a, ok)],
                 {flags, {one_for_all, 3, 10}, [spec(b, ok)]},
                 {flags, #{strategy => simple_one_for_one}, [spec(b, ok)]},
                 {flags, {one_for_one, 1}, []}, {flags, #{intensity => x}, []},
                 [x], [spec(b, ok), spec(b, ok)], {return, ignore}, {return, what}]],
    io:format("  nothing started: ~p~n", [log()]),
    %% supervisors that are not there
    Ref = monitor(process, S),
    unlink(S),
    exit(S, shutdown),
    receive {'DOWN', Ref, process, S, _} -> ok end,
    io:format("dead supervisor: ~p~n", [(catch supervisor:which_children(S)) =:=
                                        {'EXIT', {noproc, {gen_server, call, [S, which_children, infinity]}}}]),
    io:format("no such name: ~p~n", [catch supervisor:count_children(otp_sup_api_nobody)]),
    io:format("no such name: ~p~n", [catch supervisor:start_child(otp_sup_api_nobody, [])]),
    ok.
