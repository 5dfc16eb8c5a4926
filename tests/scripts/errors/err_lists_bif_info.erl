-module(err_lists_bif_info).
-export([main/0]).

%% The error_info item on the frame of a failing lists BIF: OTP 25 gives
%% the C BIFs of lists (reverse/2, member/2, keyfind/3, keymember/3,
%% keysearch/3) erl_stdlib_errors' map; lists:reverse/1 is Erlang code in
%% OTP, so its function_clause frame has none.

info(F) ->
    try F() of
        V -> {value, V}
    catch
        error:R:S ->
            [{M, Fn, A, Loc} | _] = S,
            {R, M, Fn, length(A), proplists:get_value(error_info, Loc, none)}
    end.

main() ->
    Calls = [fun() -> lists:reverse([1, 2 | x], []) end,
             fun() -> lists:member(a, [b | c]) end,
             fun() -> lists:keyfind(a, 0, []) end,
             fun() -> lists:keymember(a, 1, x) end,
             fun() -> lists:keysearch(a, -1, []) end,
             fun() -> lists:reverse([1 | x]) end,
             fun() -> lists:reverse(x) end],
    [io:format("~p~n", [info(F)]) || F <- Calls],
    ok.
