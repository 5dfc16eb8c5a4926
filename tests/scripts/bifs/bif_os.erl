-module(bif_os).
-export([main/0]).

%% The os functions over the OS process: environment variables (deep
%% character lists, UTF-8 on the C side, what OTP refuses and how it says
%% so), getpid, type, perf_counter and system_time units.

e(F) ->
    try F()
    catch C:R:S ->
        [{M, Fn, A, L} | _] = S,
        {C, R, {M, Fn, A}, proplists:get_value(error_info, L)}
    end.

main() ->
    true = os:putenv("DBGSH_T_FOO", [98, 228, 114]),
    Names = ["DBGSH_T_FOO", "DBGSH_T_NOPE", <<"DBGSH_T_FOO">>, foo, ["DBGSH_T_", "FOO"], "",
             "A=B", [$F | x], [-1], [0]],
    io:format("~w~n", [[e(fun() -> os:getenv(X) end) || X <- Names]]),
    Puts = [{"DBGSH_T_X1", "1"}, {"DBGSH_T_X2", ""}, {"", "x"}, {"A=B", "1"},
            {"DBGSH_T_X3", <<"1">>}, {"DBGSH_T_X4", 1}, {"DBGSH_T_X5", [233, 8364, [$a]]},
            {x, "1"}, {"DBGSH_T_X6", [0]}, {"DBGSH_T_X7", "a=b"}],
    io:format("~p~n", [[e(fun() -> os:putenv(K, V) end) || {K, V} <- Puts]]),
    io:format("~w~n", [[os:getenv("DBGSH_T_X1"), os:getenv("DBGSH_T_X2"), os:getenv("DBGSH_T_X5"),
                        os:getenv("DBGSH_T_X7"), os:getenv("DBGSH_T_X1", def),
                        os:getenv("DBGSH_T_NOPE", def)]]),
    io:format("~w~n", [[e(fun() -> os:unsetenv("DBGSH_T_X1") end), os:getenv("DBGSH_T_X1"),
                        e(fun() -> os:unsetenv("") end), e(fun() -> os:unsetenv(x) end),
                        e(fun() -> os:unsetenv("A=B") end), e(fun() -> os:getenv(x, def) end)]]),
    io:format("~w~n", [[os:type(), is_list(os:getpid()), list_to_integer(os:getpid()) > 0,
                        lists:member("DBGSH_T_X7=a=b", os:getenv()),
                        lists:member("DBGSH_T_FOO=b" ++ [228] ++ "r", os:getenv())]]),
    T0 = os:perf_counter(),
    T1 = os:perf_counter(nanosecond),
    T2 = os:perf_counter(1000),
    io:format("~w~n", [[is_integer(T0), T1 >= T0, is_integer(T2),
                        e(fun() -> os:perf_counter(x) end), e(fun() -> os:system_time(x) end)]]),
    ok.
