-module(guard_records_misc).
-export([main/0]).

-record(person, {name, age = 0}).
-record(pet, {name, kind}).

id(X) -> X.

who(P) when is_record(P, person), P#person.age >= 18 -> adult;
who(P) when is_record(P, person) -> minor;
who(#pet{kind = dog}) -> dog;
who(P) when P#pet.kind =:= cat -> cat;
who(_) -> unknown.

main() ->
    Xs = [#person{name = "a", age = 30}, #person{name = "b", age = 3}, #person{name = "c"},
          #pet{name = "d", kind = dog}, #pet{name = "e", kind = cat}, #pet{name = "f"}, {other}],
    io:format("~w~n", [[who(id(X)) || X <- Xs]]),
    %% guards on tuple_size/element combinations
    G = fun(T) when tuple_size(T) > 1, element(1, T) =:= person -> yes; (_) -> no end,
    io:format("~w~n", [[G(id(X)) || X <- Xs]]),
    ok.
