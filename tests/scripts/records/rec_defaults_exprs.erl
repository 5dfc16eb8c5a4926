-module(rec_defaults_exprs).
-export([main/0]).

-record(cfg, {name = default_name(), size = 10 * 10, list = lists:seq(1, 3), nested = #{k => v},
              untyped, typed = 1 :: integer()}).
-record(all, {a, b, c, d}).

default_name() -> "generated".

id(X) -> X.

main() ->
    io:format("~p~n", [#cfg{}]),
    io:format("~p~n", [#cfg{size = 1}]),
    %% _ = V sets every field not given explicitly
    io:format("~p~n", [#all{_ = x}]),
    io:format("~p~n", [#all{b = 2, _ = id(z)}]),
    C = #cfg{name = "n"},
    #cfg{name = N, size = S} = C,
    io:format("~p ~p~n", [N, S]),
    ok.
