%% assert.hrl with NOASSERT (set here by NODEBUG without DEBUG): every
%% assertion is ok and evaluates nothing.
-module(mac_assert_off).
-export([main/0]).
-define(NODEBUG, true).
-include_lib("stdlib/include/assert.hrl").

main() ->
    io:format("~p~n", [[?assert(false), ?assert(false, "c"), ?assertNot(true),
                        ?assertMatch(a, b), ?assertNotMatch(a, a), ?assertEqual(1, 2),
                        ?assertNotEqual(1, 1), ?assertError(x, ok), ?assertExit(x, ok),
                        ?assertThrow(x, ok), ?assertException(error, x, ok),
                        ?assertNotException(error, x, error(x)),
                        ?assert(begin io:format("evaluated~n"), false end)]]),
    io:format("~p~n", [{defined, ?NOASSERT}]).
