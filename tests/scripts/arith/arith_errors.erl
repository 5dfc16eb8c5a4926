-module(arith_errors).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    Cases = [fun() -> id(1) div id(0) end,
             fun() -> id(1) rem id(0) end,
             fun() -> id(1) / id(0) end,
             fun() -> id(1.0) / id(0.0) end,
             fun() -> id(a) + 1 end,
             fun() -> id(1) + id("1") end,
             fun() -> id(1.5) div 1 end,
             fun() -> id(7) rem id(2.0) end,
             fun() -> id(1) band id(1.0) end,
             fun() -> bnot id(1.0) end,
             fun() -> id(1) bsl id(a) end,
             fun() -> -id(a) end,
             fun() -> id([]) * 2 end,
             fun() -> (id(1) bsl 1000) div id(0) end,
             fun() -> id(1.0e308) * id(10.0) end,
             fun() -> id(1) bsl (id(1) bsl 64) end],
    lists:foreach(fun(F) -> io:format("~p~n", [e(F)]) end, Cases),
    ok.
