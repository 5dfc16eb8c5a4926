-module(try_of_after).
-export([main/0]).

id(X) -> X.

log(X) -> put(log, [X | get(log)]).

t(X) ->
    try id(X) of
        1 -> log(of_one), one;
        2 -> log(of_two), throw(from_of);
        N when is_integer(N) -> log(of_int), N
    catch
        throw:T -> log({caught, T}), {thrown, T}
    after
        log({after_run, X})
    end.

main() ->
    put(log, []),
    R1 = t(1),
    R2 = (catch t(2)),
    R3 = t(3),
    R4 = try t(atom) catch error:E -> {outer, E} end,
    io:format("~p~n", [[R1, R2, R3, R4]]),
    io:format("~p~n", [lists:reverse(get(log))]),
    %% after runs on a normal return and its value is ignored
    R5 = try 10 after 20 end,
    io:format("~p~n", [R5]),
    %% after runs when the exception escapes
    put(log, []),
    R6 = (catch try throw(esc) after log(after_escape) end),
    io:format("~p ~p~n", [R6, get(log)]),
    ok.
