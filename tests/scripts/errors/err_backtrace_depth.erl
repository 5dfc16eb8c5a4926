-module(err_backtrace_depth).
-export([main/0]).

%% erlang:system_flag(backtrace_depth, N): the frames an exception keeps,
%% from a BIF, caught by try and by catch, in a process whose frames
%% alternate (a and b), so that none are merged; the old value back, 64 at
%% most, the first frame even at 0, and what is refused. Not error/1 and
%% throw/1: OTP 25 keeps a number of frames for them that depends on where
%% it runs (5 to 9 at depth 8 and above); tests/shell/cases/errors.sh has
%% ours (docs/differences-from-erlang.md).

a(0) -> atom_to_list(id(42));
a(N) -> [b(N - 1)].
b(N) -> [a(N)].
id(X) -> X.

mfa({M, F, A, _}) -> {M, F, A}.

lens() ->
    S1 = try a(100) catch error:_:S -> S end,
    {'EXIT', {_, S2}} = (catch a(100)),
    {length(S1), length(S2), mfa(hd(S1))}.

main() ->
    Old = erlang:system_flag(backtrace_depth, 8),
    io:format("~p~n", [Old]),
    [begin
         P = erlang:system_flag(backtrace_depth, D),
         io:format("~p ~p ~p~n", [D, P, lens()])
     end || D <- [0, 1, 2, 3, 8, 20, 64, 65, 1000, 1 bsl 40]],
    io:format("~p~n", [[try erlang:system_flag(backtrace_depth, X) catch C:R -> {C, R} end
                        || X <- [-1, a, 1.0, 1 bsl 70]]]),
    io:format("~p~n", [erlang:system_flag(backtrace_depth, 8)]),
    ok.
