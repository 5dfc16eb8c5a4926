-module(otp_sup_init).
-export([main/0]).
-export([init/1, worker/1, loop/1, register_name/2, unregister_name/1, whereis_name/1,
         send/2]).

%% Starting a supervisor: every kind of init/1 result, map and tuple flags,
%% names (local and via), the children started in order, and what a child
%% that does not start makes of the supervisor's start.

init(Arg) ->
    case Arg of
        {flags, Flags, Specs} -> {ok, {Flags, Specs}};
        ignore -> ignore;
        bad -> {ok, what};
        crash -> erlang:error(crashed_in_init);
        throw -> throw(ignore)
    end.

%% A child: the test process hears of each start.
worker({Log, Name}) ->
    Log ! {started, Name},
    {ok, spawn_link(?MODULE, loop, [Name])};
worker({Log, Name, register}) ->
    Log ! {started, Name},
    Pid = spawn_link(?MODULE, loop, [Name]),
    register(otp_sup_init_first, Pid),
    {ok, Pid};
worker({Log, Name, Result}) ->
    Log ! {tried, Name},
    Result.

loop(Name) ->
    receive
        stop -> ok;
        _ -> loop(Name)
    end.

%% A via registry over local names, for {via, ?MODULE, Name}.
reg(Name) -> list_to_atom("otp_sup_init_via_" ++ atom_to_list(Name)).

register_name(Name, Pid) ->
    try register(reg(Name), Pid) of
        true -> yes
    catch error:_ -> no
    end.

unregister_name(Name) -> unregister(reg(Name)).

whereis_name(Name) ->
    case whereis(reg(Name)) of
        undefined -> undefined;
        Pid -> Pid
    end.

send(Name, Msg) -> reg(Name) ! Msg.

spec(Id) -> #{id => Id, start => {?MODULE, worker, [{self(), Id}]}}.

start(Flags, Specs) -> supervisor:start_link(?MODULE, {flags, Flags, Specs}).

log() ->
    receive
        {What, Name} -> [{What, Name} | log()]
    after 0 -> []
    end.

shape({error, {R, Stack}}) when is_list(Stack) -> {error, {R, stack}};
shape(X) -> X.

main() ->
    process_flag(trap_exit, true),
    {ok, S1} = start(#{}, [spec(a), spec(b), spec(c)]),
    io:format("map flags: ~p~n", [log()]),
    io:format("which_children: ~p~n",
              [[{Id, is_pid(P), T, M} || {Id, P, T, M} <- supervisor:which_children(S1)]]),
    io:format("count_children: ~p~n", [supervisor:count_children(S1)]),
    io:format("initial call: ~p~n", [proc_lib:translate_initial_call(S1)]),
    {ok, S2} = start({one_for_all, 3, 10}, [spec(x)]),
    io:format("tuple flags: ~p~n", [log()]),
    io:format("flags in state: ~p~n", [lists:sublist(tuple_to_list(sys:get_state(S2)), 2, 2)]),
    io:format("no children: ~p~n", [begin {ok, S3} = start(#{}, []),
                                          supervisor:which_children(S3) end]),
    io:format("ignore: ~p~n", [supervisor:start_link(?MODULE, ignore)]),
    io:format("bad return: ~p~n", [supervisor:start_link(?MODULE, bad)]),
    io:format("thrown ignore: ~p~n", [supervisor:start_link(?MODULE, throw)]),
    io:format("init crash: ~p~n", [shape(supervisor:start_link(?MODULE, crash))]),
    io:format("bad flags:~n"),
    [io:format("  ~p~n", [start(F, [])])
     || F <- [{one_for_one, 1}, {one_for_one, 1, 5, x}, [], x, {one_for_two, 1, 5},
              {one_for_one, -1, 5}, {one_for_one, a, 5}, {one_for_one, 1, 0},
              {one_for_one, 1, 1.5}, #{strategy => x}, #{intensity => -1},
              #{period => 0}, #{auto_shutdown => sometimes}, #{strategy => x, period => 0},
              #{unknown_key => 1, strategy => one_for_all}]],
    io:format("bad child specs:~n"),
    [io:format("  ~p~n", [start(#{}, Specs)])
     || Specs <- [[x], [#{}], [#{id => a}], [#{id => a, start => {m, f}}],
                  [#{id => a, start => {m, f, [], x}}], [#{id => a, start => {"m", f, []}}],
                  [#{id => a, start => {m, f, a}}],
                  [#{id => a, start => {m, f, []}, restart => sometimes}],
                  [#{id => a, start => {m, f, []}, type => boss}],
                  [#{id => a, start => {m, f, []}, shutdown => -1}],
                  [#{id => a, start => {m, f, []}, shutdown => kill}],
                  [#{id => a, start => {m, f, []}, modules => x}],
                  [#{id => a, start => {m, f, []}, modules => [m, "n"]}],
                  [#{id => a, start => {m, f, []}, significant => maybe}],
                  [#{id => a, start => {m, f, []}, significant => true}],
                  [{a, {m, f, []}, permanent, 5000, worker}],
                  [{a, {m, f, []}, forever, 5000, worker, []}],
                  [spec(a), spec(b), spec(a)]]],
    io:format("nothing started: ~p~n", [log()]),
    io:format("simple with two specs: ~p~n",
              [start(#{strategy => simple_one_for_one}, [spec(a), spec(b)])]),
    io:format("simple with none: ~p~n", [start(#{strategy => simple_one_for_one}, [])]),
    io:format("simple bad spec: ~p~n",
              [start(#{strategy => simple_one_for_one}, [#{id => a, start => x}])]),
    %% A child that does not start: the ones before it are stopped again.
    Try = fun(Id, Result) -> #{id => Id, start => {?MODULE, worker, [{self(), Id, Result}]}} end,
    [begin
         R = start(#{}, [Try(first, register), Try(second, Result), spec(third)]),
         io:format("second child gives ~p: ~p ~p~n", [Result, shape(R), log()]),
         io:format("  first child gone: ~p~n", [whereis(otp_sup_init_first)])
     end || Result <- [{error, nope}, what, {ok, not_a_pid}, {ok, not_a_pid, info}]],
    R1 = start(#{}, [spec(first), Try(second, ignore), spec(third)]),
    io:format("permanent child ignores: ~p ~p~n", [element(1, R1), log()]),
    {ok, S4} = R1,
    io:format("  children: ~p~n", [[{I, is_pid(P)} || {I, P, _, _} <- supervisor:which_children(S4)]]),
    io:format("  count: ~p~n", [supervisor:count_children(S4)]),
    R2 = start(#{}, [spec(first), (Try(second, ignore))#{restart => temporary}, spec(third)]),
    io:format("temporary child ignores: ~p ~p~n", [element(1, R2), log()]),
    {ok, S5} = R2,
    io:format("  children: ~p~n", [[{I, is_pid(P)} || {I, P, _, _} <- supervisor:which_children(S5)]]),
    %% Names
    {ok, L} = supervisor:start_link({local, otp_sup_init_sup}, ?MODULE, {flags, #{}, []}),
    io:format("local name: ~p~n", [whereis(otp_sup_init_sup) =:= L]),
    io:format("name taken: ~p~n",
              [supervisor:start_link({local, otp_sup_init_sup}, ?MODULE, {flags, #{}, []})
               =:= {error, {already_started, L}}]),
    io:format("by name: ~p~n", [supervisor:count_children(otp_sup_init_sup)]),
    {ok, V} = supervisor:start_link({via, ?MODULE, sup}, ?MODULE, {flags, #{}, [spec(v)]}),
    io:format("via name: ~p ~p~n", [whereis_name(sup) =:= V, log()]),
    io:format("via name taken: ~p~n",
              [supervisor:start_link({via, ?MODULE, sup}, ?MODULE, {flags, #{}, []})
               =:= {error, {already_started, V}}]),
    io:format("by via name: ~p~n", [[Id || {Id, _, _, _} <- supervisor:which_children({via, ?MODULE, sup})]]),
    io:format("named ignore: ~p ~p~n",
              [supervisor:start_link({local, otp_sup_init_sup2}, ?MODULE, ignore),
               whereis(otp_sup_init_sup2)]),
    io:format("named failure: ~p ~p~n",
              [supervisor:start_link({local, otp_sup_init_sup2}, ?MODULE, bad),
               whereis(otp_sup_init_sup2)]),
    [begin unlink(P), exit(P, shutdown) end || P <- [S1, S2, S4, S5, L, V]],
    ok.
