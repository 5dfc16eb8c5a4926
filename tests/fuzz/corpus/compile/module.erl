-module(fuzz).
-export([start/1, loop/2, fmt/1]).
-include_lib("kernel/include/file.hrl").
-define(TWICE(X), (2 * (X))).
-ifdef(NOT_DEFINED).
-define(MODE, test).
-else.
-define(MODE, prod).
-endif.
-record(state, {count = 0 :: integer(), items = [] :: list(), mode = ?MODE}).
-type item() :: {atom(), binary()}.
-spec start(integer()) -> #state{}.

start(N) when is_integer(N), N > 0 ->
    S = #state{count = ?TWICE(N)},
    loop(S, [{I, <<I:8, "x"/utf8>>} || I <- lists:seq(1, N), I rem 2 =:= 0]).

loop(#state{count = C} = S, [{K, <<B:8, _/binary>>} | T]) ->
    M = #{K => B, count => C},
    case maps:get(count, M, 0) of
        0 -> S;
        X when X > 10 -> loop(S#state{count = X - 1, items = [K | S#state.items]}, T);
        _ -> receive {stop, From} -> From ! {ok, self()} after 0 -> loop(S, T) end
    end;
loop(S, []) ->
    try fmt(S) of
        Text -> {ok, Text}
    catch
        throw:Why:Stack -> {error, Why, Stack};
        error:badarg -> error
    after
        ok
    end.

fmt(#state{items = Items}) ->
    F = fun(A, Acc) -> [io_lib:format("~p", [A]) | Acc] end,
    Bin = << <<X>> || <<X>> <= <<"abc">> >>,
    {lists:foldl(F, [], Items), Bin, ?MODULE, ?LINE, 'Q'#{}, begin 1 + 2.5 end}.
