# Applications from sources: App.app.src found in a code path directory's
# src/ (its modules filled in from the .erl files beside it, which load
# from demo/src, on the path too), io of the
# application's processes through its master, -config, the report of a
# temporary application's end on standard output (date masked) after the
# crash report of its master, as erl prints them (the master's sizes and
# counts are this VM's: masked), and a
# bad -config file (erl's lines, status 1).
mask() {
    sed -E 's/[0-9]{1,2}-[A-Z][a-z]{2}-[0-9]{4}::[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}/DATE/;
            s/(heap_size|stack_size|reductions): [0-9]+/\1: N/'
}
mkdir -p demo/src
cat >demo/src/demo.app.src <<'APP'
{application, demo, [{description, "a demo"}, {vsn, "0.1.0"}, {modules, []},
                     {applications, [kernel, stdlib]}, {mod, {demo_app, []}},
                     {env, [{greeting, "hello"}]}]}.
APP
cat >demo/src/demo_app.erl <<'ERL'
-module(demo_app).
-export([start/2, stop/1, init/1]).
start(normal, []) ->
    {ok, G} = application:get_env(greeting),
    io:format("~s from ~p~n", [G, application:get_application()]),
    supervisor:start_link({local, demo_sup}, ?MODULE, []).
stop(_) -> ok.
init([]) -> {ok, {#{}, []}}.
ERL
echo '[{demo, [{greeting, "configured"}]}].' >demo.config
"$DBGSH" -S 1 -pa demo -pa demo/src -e 'io:format("~p~n", [application:ensure_all_started(demo)]),
    io:format("~p~n", [application:get_key(demo, modules)]),
    io:format("~p~n", [application:get_application(demo_app)]),
    io:format("~p~n", [[A || {A, _, _} <- application:which_applications()]]),
    exit(whereis(demo_sup), kill), timer:sleep(200)' 2>/dev/null | mask
"$DBGSH" -S 1 -pa demo/src -config demo -e 'application:start(demo)'
echo '[{demo, [{greeting, "x"}]}' >bad.config
"$DBGSH" -S 1 -config bad.config -e 'io:format("not here~n")'
