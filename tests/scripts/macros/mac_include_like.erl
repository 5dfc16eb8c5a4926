-module(mac_include_like).
-export([main/0]).

%% Macros that expand to other macros, to patterns and to guards.
-define(OK(V), {ok, V}).
-define(ERR(R), {error, R}).
-define(IS_SMALL(X), (is_integer(X) andalso X >= 0 andalso X < 10)).
-define(WRAP(X), ?OK(?OK(X))).
-define(DOUBLE(X), X * 2).
-define(QUAD(X), ?DOUBLE(?DOUBLE(X))).

id(X) -> X.

check(?OK(V)) when ?IS_SMALL(V) -> small_ok;
check(?OK(_)) -> ok;
check(?ERR(R)) -> {failed, R}.

main() ->
    io:format("~p~n", [[check(id(X)) || X <- [{ok, 3}, {ok, 30}, {error, why}]]]),
    io:format("~p~n", [?WRAP(inner)]),
    io:format("~p~n", [?QUAD(id(5))]),
    io:format("~p~n", [?DOUBLE(1 + 1)]),
    ok.
