-module(conc_register_many).
-export([main/0]).

%% 20,000 registered names: whereis, unregister of every third, exits of
%% every fifth process, re-registering, and registered/0 stay consistent.

name(I) -> list_to_atom("conc_register_many_" ++ integer_to_list(I)).

main() ->
    N = 20000,
    Ps = [begin
              P = spawn(fun() -> receive stop -> ok end end),
              true = register(name(I), P),
              {I, P}
          end || I <- lists:seq(1, N)],
    io:format("~p~n", [lists:all(fun({I, P}) -> whereis(name(I)) =:= P end, Ps)]),
    [true = unregister(name(I)) || {I, _} <- Ps, I rem 3 =:= 0],
    Stopped = [begin
                   Ref = monitor(process, P),
                   P ! stop,
                   receive {'DOWN', Ref, process, P, _} -> I end
               end || {I, P} <- Ps, I rem 5 =:= 0],
    Left = [I || {I, _} <- Ps, I rem 3 =/= 0, I rem 5 =/= 0],
    io:format("~p ~p~n", [length(Stopped), length(Left)]),
    io:format("~p~n", [lists:all(fun(I) -> is_pid(whereis(name(I))) end, Left)]),
    io:format("~p~n", [lists:all(fun({I, _}) -> whereis(name(I)) =:= undefined end,
                                 [X || {I, _} = X <- Ps, I rem 3 =:= 0 orelse I rem 5 =:= 0])]),
    mine(length),
    Again = [begin true = register(name(I), self()), unregister(name(I)) end || I <- Stopped],
    io:format("~p~n", [lists:all(fun(X) -> X end, Again)]),
    [P ! stop || {I, P} <- Ps, I rem 5 =/= 0],
    ok.

mine(length) ->
    Mine = [R || R <- registered(), lists:prefix("conc_register_many_", atom_to_list(R))],
    io:format("~p~n", [length(Mine)]).
