%% stdlib/include/assert.hrl through -include_lib: every macro passing and
%% failing, with and without a comment; the error terms (stack traces left
%% out) are OTP's.
-module(mac_assert_hrl).
-export([main/0]).
-include_lib("stdlib/include/assert.hrl").

t(F) ->
    try F() of
        V -> io:format("ok ~p~n", [V])
    catch
        C:{Kind, Info} when is_list(Info) ->
            io:format("~p: ~p~n", [C, {Kind, [strip(I) || I <- Info]}]);
        C:R ->
            io:format("~p: ~p~n", [C, R])
    end.

strip({unexpected_exception, {C, T, S}}) when is_list(S) -> {unexpected_exception, {C, T}};
strip(I) -> I.

main() ->
    X = id(3),
    t(fun() -> ?assert(X > 2) end),
    t(fun() -> ?assert(X > 4) end),
    t(fun() -> ?assert(X + 1, "a comment") end),
    t(fun() -> ?assertNot(X > 2) end),
    t(fun() -> ?assertNot(X > 4) end),
    t(fun() -> ?assertNot(foo, [x, y]) end),
    t(fun() -> ?assertMatch({a, _}, {a, X}) end),
    t(fun() -> ?assertMatch({b, _}, {a, X}) end),
    t(fun() -> ?assertMatch({b, _}, {a, X}, "c") end),
    t(fun() -> ?assertMatch([_ | _] when X > 5, [X]) end),
    t(fun() -> ?assertMatch(<<"ab", _/binary>>, <<"abc">>) end),
    t(fun() -> ?assertNotMatch({a, _}, {a, X}) end),
    t(fun() -> ?assertNotMatch({b, _}, {a, X}) end),
    t(fun() -> ?assertNotMatch({b, _}, {b, X}, <<"bin comment">>) end),
    t(fun() -> ?assertEqual(3, X) end),
    t(fun() -> ?assertEqual(id(4), X) end),
    t(fun() -> ?assertEqual(id(4), X * 2, {my, comment}) end),
    t(fun() -> ?assertEqual(3.0, X) end),
    t(fun() -> ?assertNotEqual(3, X) end),
    t(fun() -> ?assertNotEqual(3, X, "cmt") end),
    t(fun() -> ?assertNotEqual(id(4), X) end),
    t(fun() -> ?assertError(badarith, X / id(0)) end),
    t(fun() -> ?assertError(badarg, X / id(0)) end),
    t(fun() -> ?assertError(badarith, X) end),
    t(fun() -> ?assertError(badarith, X, "why") end),
    t(fun() -> ?assertExit(normal, exit(normal)) end),
    t(fun() -> ?assertExit(normal, exit(abnormal), 'cmt') end),
    t(fun() -> ?assertThrow({a, _}, throw({a, 1})) end),
    t(fun() -> ?assertThrow({a, _}, throw({b, 1}), "x") end),
    t(fun() -> ?assertException(error, {badmatch, _}, 1 = id(X)) end),
    t(fun() -> ?assertException(_, _, throw(anything)) end),
    t(fun() -> ?assertNotException(error, badarith, X / id(0)) end),
    t(fun() -> ?assertNotException(error, badarith, X / id(0), "c") end),
    t(fun() -> ?assertNotException(error, badarith, X / 1) end),
    t(fun() -> ?assertNotException(throw, badarith, error(x)) end),
    %% a variable bound inside an assertion stays inside it
    t(fun() -> ?assertEqual(ok, begin Y = ok, Y end), Y = 2, Y end).

id(X) -> X.
