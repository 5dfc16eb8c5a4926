-module(rec_nested_update).
-export([main/0]).

-record(addr, {street = "", city = ""}).
-record(user, {name, addr = #addr{}, roles = []}).

id(X) -> X.

set_city(U = #user{addr = A}, City) -> U#user{addr = A#addr{city = City}}.

main() ->
    U = #user{name = "u1", addr = #addr{street = "Main"}},
    U2 = set_city(U, "Springfield"),
    io:format("~p~n", [U2]),
    io:format("~p~n", [U2#user.addr#addr.city]),
    io:format("~p~n", [(U2#user.addr)#addr.street]),
    U3 = U2#user{roles = [admin | U2#user.roles]},
    io:format("~p~n", [U3#user.roles]),
    Users = [#user{name = integer_to_list(I), roles = lists:duplicate(I, r)} || I <- lists:seq(1, 3)],
    io:format("~p~n", [[{N, length(R)} || #user{name = N, roles = R} <- id(Users)]]),
    Sorted = lists:keysort(#user.name, [#user{name = "b"}, #user{name = "a"}]),
    io:format("~p~n", [[N || #user{name = N} <- Sorted]]),
    io:format("~p~n", [lists:keyfind("a", #user.name, Sorted) =/= false]),
    ok.
