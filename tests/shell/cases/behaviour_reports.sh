# The behaviours' reports are logger events that erl's default handler
# prints on standard output: a supervisor's progress (the level set to
# info) and child_terminated reports and an unexpected message, a
# gen_event handler's crash and a message it has no handle_info/2 for, a
# gen_statem's end with the crash report after it. Dates, pids, refs, the
# VM's sizes and counts, and the lines of the behaviours' own frames
# (which are this VM's functions) are masked.
cat >brp.erl <<'ERL'
-module(brp).
-behaviour(supervisor).
-export([main/0, init/1, worker/0]).
-export([callback_mode/0, idle/3]).
-export([handle_event/2, handle_call/2]).
init([]) -> {ok, {#{intensity => 1, period => 5}, [#{id => w, start => {?MODULE, worker, []}}]}};
init(handler) -> {ok, st};
init(data) -> {ok, idle, data}.
worker() -> {ok, spawn_link(fun() -> receive die -> exit(boom) end end)}.
callback_mode() -> state_functions.
idle({call, _}, crash, _) -> erlang:error(bad).
handle_event(boom, _) -> exit(kaboom).
handle_call(_, S) -> {ok, ok, S}.
main() ->
    logger:set_primary_config(level, info),
    {ok, S} = supervisor:start_link({local, brp_sup}, ?MODULE, []),
    [{w, P, _, _}] = supervisor:which_children(S),
    Mon = erlang:monitor(process, P),
    P ! die,
    receive {'DOWN', Mon, _, _, _} -> ok end,
    brp_sup ! hello,
    _ = supervisor:which_children(brp_sup),
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, handler),
    gen_event:sync_notify(M, boom),
    ok = gen_event:add_handler(M, ?MODULE, handler),
    M ! info,
    _ = gen_event:which_handlers(M),
    {ok, Sm} = gen_statem:start(?MODULE, data, []),
    catch gen_statem:call(Sm, crash),
    ok.
ERL
"$DBGSH" -S 1 brp.erl -e 'brp:main()' 2>&1 |
    sed -E 's/<0\.[0-9]+\.0>/<PID>/g; s/#Ref<[0-9.]+>/#Ref<REF>/g;
            s/[0-9]{1,2}-[A-Z][a-z]{2}-[0-9]{4}::[0-9:.]{15}/DATE/;
            s/(heap_size|stack_size|reductions): [0-9]+/\1: N/;
            s/("(gen|gen_statem|proc_lib)\.erl"\},\{line,)[0-9]+/\1N/g;
            s/((gen|gen_statem|proc_lib)\.erl, line )[0-9]+/\1N/g'
