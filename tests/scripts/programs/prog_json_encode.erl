-module(prog_json_encode).
-export([main/0]).

enc(null) -> <<"null">>;
enc(true) -> <<"true">>;
enc(false) -> <<"false">>;
enc(N) when is_integer(N) -> integer_to_binary(N);
enc(F) when is_float(F) -> float_to_binary(F, [short]);
enc(A) when is_atom(A) -> str(atom_to_binary(A, utf8));
enc(B) when is_binary(B) -> str(B);
enc(L) when is_list(L) -> [<<"[">>, join([enc(X) || X <- L]), <<"]">>];
enc(M) when is_map(M) ->
    Pairs = [[str(key(K)), <<":">>, enc(V)] || {K, V} <- lists:sort(maps:to_list(M))],
    [<<"{">>, join(Pairs), <<"}">>].

key(K) when is_atom(K) -> atom_to_binary(K, utf8);
key(K) when is_binary(K) -> K.

str(B) -> [$", [esc(C) || <<C>> <= B], $"].

esc($") -> <<"\\\"">>;
esc($\\) -> <<"\\\\">>;
esc($\n) -> <<"\\n">>;
esc(C) when C < 32 -> io_lib:format("\\u~4.16.0B", [C]);
esc(C) -> C.

join([]) -> [];
join([H | T]) -> [H | [[$,, X] || X <- T]].

main() ->
    Doc = #{name => <<"dbgsh">>, version => 1, ratio => 0.75, tags => [vm, <<"debugger">>],
            nested => #{empty_list => [], empty_map => #{}, flag => true, nothing => null},
            text => <<"line1\nquote\" back\\ tab\t">>},
    io:format("~s~n", [iolist_to_binary(enc(Doc))]),
    io:format("~s~n", [iolist_to_binary(enc([1, -2, 3.5, 1.0e20, false]))]),
    ok.
