-module(guard_type_tests).
-export([main/0]).

id(X) -> X.

-record(r, {a}).

types(X) ->
    [T || {T, true} <- [{atom, is_atom(X)}, {binary, is_binary(X)}, {bitstring, is_bitstring(X)},
                        {boolean, is_boolean(X)}, {float, is_float(X)}, {function, is_function(X)},
                        {integer, is_integer(X)}, {list, is_list(X)}, {map, is_map(X)},
                        {number, is_number(X)}, {pid, is_pid(X)}, {port, is_port(X)},
                        {reference, is_reference(X)}, {tuple, is_tuple(X)}]].

g(X) when is_atom(X) -> atom;
g(X) when is_binary(X) -> binary;
g(X) when is_bitstring(X) -> bitstring;
g(X) when is_float(X) -> float;
g(X) when is_integer(X) -> integer;
g(X) when is_function(X, 2) -> fun2;
g(X) when is_function(X) -> function;
g(X) when is_list(X) -> list;
g(X) when is_map(X) -> map;
g(X) when is_pid(X) -> pid;
g(X) when is_port(X) -> port;
g(X) when is_reference(X) -> reference;
g(X) when is_record(X, r) -> record_r;
g(X) when is_record(X, r, 2) -> never;
g(X) when is_tuple(X) -> tuple.

main() ->
    Vals = [foo, true, <<1>>, <<1:3>>, 1.5, 7, fun(A, B) -> A + B end, fun id/1,
            [1], [], #{}, self(), make_ref(), #r{a = 1}, {r}, {}],
    lists:foreach(fun(V) -> io:format("~w ~w~n", [g(id(V)), types(id(V))]) end, Vals),
    io:format("~w~n", [[is_function(id(fun id/1), N) || N <- [0, 1, 2]]]),
    io:format("~w~n", [[is_record(id(#r{}), r), is_record(id({r, 1}), r, 2), is_record(id({r, 1}), r, 3),
                        is_record(id({s, 1}), r)]]),
    ok.
