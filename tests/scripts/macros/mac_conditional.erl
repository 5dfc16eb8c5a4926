-module(mac_conditional).
-export([main/0]).

-define(FEATURE_A, true).
-undef(FEATURE_B).

-ifdef(FEATURE_A).
a() -> feature_a_on.
-else.
a() -> feature_a_off.
-endif.

-ifndef(FEATURE_B).
b() -> feature_b_off.
-else.
b() -> feature_b_on.
-endif.

-define(LEVEL, 3).
-if(?LEVEL > 2).
level() -> high.
-elif(?LEVEL > 1).
level() -> medium.
-else.
level() -> low.
-endif.

-ifdef(NEVER_DEFINED).
-define(VALUE, defined).
-else.
-define(VALUE, fallback).
-endif.

main() ->
    io:format("~p ~p ~p ~p~n", [a(), b(), level(), ?VALUE]),
    ok.
