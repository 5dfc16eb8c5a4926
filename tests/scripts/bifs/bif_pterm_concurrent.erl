-module(bif_pterm_concurrent).
-export([main/0]).

%% Several processes at once put, read, replace and erase persistent
%% terms, their own keys and shared ones, while holding what they read:
%% every read gives a whole value that some put stored, values held
%% across other processes' erases stay whole, and at the end each key has
%% the value of its last put.

key(K) -> {?MODULE, K}.

val(W, I) -> {W, I, lists:seq(1, 20 + I rem 7), integer_to_binary(W * 1000 + I)}.

valid({W, I, L, B}) -> L =:= lists:seq(1, 20 + I rem 7) andalso B =:= integer_to_binary(W * 1000 + I);
valid(_) -> false.

worker(Parent, W, N) ->
    Own = key({own, W}),
    Held = lists:foldl(
             fun(I, Acc) ->
                     persistent_term:put(Own, val(W, I)),
                     persistent_term:put(key(shared), val(W, I)),
                     Mine = persistent_term:get(Own),
                     Shared = persistent_term:get(key(shared)),
                     case I rem 5 of
                         0 -> persistent_term:erase(Own);
                         _ -> ok
                     end,
                     [Mine, Shared | Acc]
             end, [], lists:seq(1, N)),
    Parent ! {self(), lists:all(fun valid/1, Held), length(Held),
              persistent_term:get(Own, erased)}.

reader(Parent, N) ->
    Seen = [persistent_term:get(key(shared), none) || _ <- lists:seq(1, N)],
    Parent ! {self(), lists:all(fun(V) -> V =:= none orelse valid(V) end, Seen)}.

main() ->
    Self = self(),
    N = 200,
    Ws = [spawn(fun() -> worker(Self, W, N) end) || W <- lists:seq(1, 6)],
    Rs = [spawn(fun() -> reader(Self, 5000) end) || _ <- lists:seq(1, 3)],
    io:format("~p~n", [[receive {W, Ok, Len, Last} -> {Ok, Len, Last} end || W <- Ws]]),
    io:format("~p~n", [[receive {R, Ok} -> Ok end || R <- Rs]]),
    io:format("~p~n", [valid(persistent_term:get(key(shared)))]),
    io:format("~p~n", [[persistent_term:get(key({own, W}), erased) || W <- lists:seq(1, 6)]]),
    [persistent_term:erase(key({own, W})) || W <- lists:seq(1, 6)],
    persistent_term:erase(key(shared)),
    io:format("~p~n", [[K || {{?MODULE, _} = K, _} <- persistent_term:get()]]),
    ok.
