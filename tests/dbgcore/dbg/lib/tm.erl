%% tm: the module the dbg scenarios trace.
-module(tm).
-export([f/2, g/1, h/1, crash/1, catcher/1, deep/1, nontail/1, spawner/1,
         linker/1, sender/2, echo/0, reg/1, big/1, nested/1]).

f(A, B) -> g(A) + B.

g(X) -> X * 2.

%% k/1 is local: only tpl traces it.
h(X) -> k(X) + 1.

k(X) -> X * 10.

crash(X) ->
    1 = X,
    ok.

catcher(X) ->
    try crash(X) of
        V -> {ok, V}
    catch
        error:R -> {caught, R}
    end.

deep(0) -> done;
deep(N) -> deep(N - 1).

nontail(0) -> 0;
nontail(N) -> 1 + nontail(N - 1).

%% A child computes g(N) and sends it back.
spawner(N) ->
    Parent = self(),
    spawn(fun() -> Parent ! {child, tm:g(N)} end),
    receive {child, R} -> R end.

%% A linked child computes g(N), answers and ends.
linker(N) ->
    Parent = self(),
    process_flag(trap_exit, true),
    C = spawn_link(fun() -> Parent ! {child, tm:g(N)} end),
    R = receive {child, V} -> V end,
    receive {'EXIT', C, _} -> ok end,
    process_flag(trap_exit, false),
    R.

sender(To, Msg) ->
    To ! Msg,
    sent.

%% Answers {echo, X} to {From, X}.
echo() ->
    receive
        {From, X} -> From ! {echo, X}, echo();
        stop -> ok
    end.

reg(Name) ->
    register(Name, self()),
    unregister(Name),
    ok.

big(N) -> lists:seq(1, N).

nested(N) -> {N, [N, {N}], "text", <<"bin">>}.
