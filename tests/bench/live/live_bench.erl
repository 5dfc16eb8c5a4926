%% live_bench: the traced loop of tests/bench/live.sh, the same source on
%% dbgsh and on erl: loop(N) calls ?MODULE:f(I) for I = 1..N (a remote
%% call, so a global pattern on f/1 sees every one).
-module(live_bench).
-export([loop/1, f/1]).

loop(N) -> loop(1, N).

loop(I, N) when I > N -> ok;
loop(I, N) ->
    ?MODULE:f(I),
    loop(I + 1, N).

f(X) -> X.
