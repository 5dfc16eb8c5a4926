-module(otp_sup_bridge).
-behaviour(supervisor).
-export([main/0, init/1, terminate/2]).

%% supervisor_bridge: a plain process (not a behaviour) under a
%% supervisor through a bridge: started, restarted when it crashes, ended
%% by the bridge's terminate/2 when the supervisor stops it; a bridge that
%% is named, that ignores, that fails; the bridge's answers to calls and
%% its state. This module is the supervisor's callback module and the
%% bridge's: init/1 tells them apart by its argument.

init(sup) ->
    {ok, {#{strategy => one_for_one, intensity => 5},
          [#{id => bridge, start => {supervisor_bridge, start_link, [?MODULE, {plain, 1}]}}]}};
init({plain, N}) ->
    Pid = spawn(fun() -> plain(N) end),
    {ok, Pid, {state_of, Pid}};
init(ignore) ->
    ignore;
init(fail) ->
    {error, no_way};
init(bad) ->
    not_a_result.

terminate(Reason, {state_of, Pid}) ->
    whereis(otp_sup_bridge_main) ! {bridge_terminate, Reason},
    exit(Pid, kill).

plain(N) ->
    receive
        {get, From} -> From ! {plain, N}, plain(N);
        crash -> exit(crashed)
    end.

main() ->
    register(otp_sup_bridge_main, self()),
    {ok, Sup} = supervisor:start_link(?MODULE, sup),
    [{bridge, B1, worker, [supervisor_bridge]}] = supervisor:which_children(Sup),
    p(bridge_children, gen_server:call(B1, which_children)),
    p(bridge_other_call, gen_server:call(B1, anything)),
    p(bridge_cast, gen_server:cast(B1, anything)),
    {state, Mod, Plain1, ChildState, Name} = sys:get_state(B1),
    p(bridge_state, {Mod, is_pid(Plain1), element(1, ChildState), Name =:= {B1, ?MODULE}}),
    p(plain_answers, ask(Plain1)),
    p(linked, lists:member(Plain1, element(2, process_info(B1, links)))),
    %% the plain process crashes: its bridge ends with the same reason, the
    %% supervisor starts a new bridge and plain process
    Mon = monitor(process, B1),
    Plain1 ! crash,
    receive {'DOWN', Mon, process, B1, Why} -> p(bridge_ended, Why) end,
    B2 = restarted(Sup, B1, 100),
    p(new_bridge, B2 =/= B1),
    {state, _, Plain2, _, _} = sys:get_state(B2),
    p(new_plain_answers, ask(Plain2)),
    %% the supervisor stops the bridge: terminate/2 ends the plain process
    Mon2 = monitor(process, Plain2),
    p(terminate_child, supervisor:terminate_child(Sup, bridge)),
    receive {bridge_terminate, R} -> p(bridge_terminate, R) end,
    receive {'DOWN', Mon2, process, Plain2, Why2} -> p(plain_ended, Why2) end,
    %% named, ignore, error, a bad result
    {ok, Named} = supervisor_bridge:start_link({local, otp_sup_bridge_named}, ?MODULE, {plain, 2}),
    p(named, whereis(otp_sup_bridge_named) =:= Named),
    p(named_again, element(1, supervisor_bridge:start_link({local, otp_sup_bridge_named},
                                                         ?MODULE, {plain, 3}))),
    p(named_state_name, element(5, sys:get_state(Named))),
    process_flag(trap_exit, true),
    p(ignore, supervisor_bridge:start_link(?MODULE, ignore)),
    p(fail, supervisor_bridge:start_link(?MODULE, fail)),
    p(bad, element(1, catch supervisor_bridge:start_link(?MODULE, bad))),
    flush_exits(),
    %% stopping the bridge ends the plain process through terminate/2
    p(stop_named, gen_server:stop(Named)),
    receive {bridge_terminate, R3} -> p(bridge_terminate, R3) end,
    unlink(Sup),
    p(stop_sup, gen_server:stop(Sup)),
    ok.

%% The bridge's pid once the supervisor has started a new one for Old (it
%% may have the 'EXIT' of Old after the caller has its 'DOWN').
restarted(Sup, Old, Tries) ->
    case supervisor:which_children(Sup) of
        [{bridge, New, worker, _}] when is_pid(New), New =/= Old -> New;
        _ when Tries > 0 -> timer:sleep(10), restarted(Sup, Old, Tries - 1)
    end.

ask(P) ->
    P ! {get, self()},
    receive {plain, N} -> N after 1000 -> no_answer end.

flush_exits() ->
    receive {'EXIT', _, _} -> flush_exits() after 0 -> ok end.

p(Label, Term) -> io:format("~p: ~p~n", [Label, Term]).
