-module(bin_t2b_options).
-export([main/0]).

%% term_to_binary/2's options byte for byte (minor versions 0, 1 and 2,
%% compression levels, the last option of a kind counting), external_size
%% with minor version 0, and binary_to_term of compressed terms: `used`,
%% trailing bytes, and the inputs OTP refuses. The digests are of the
%% bytes, so any difference from erl's encoding (zlib's stream included)
%% shows.

id(X) -> X.

terms() ->
    [abc, 'é', list_to_atom([1000]), 1.5, -0.0, 1.0e300, 0.1, 5.0e-324, -1.7976931348623157e308,
     {abc, 1.5, [], "é", <<1, 2>>}, lists:seq(1, 300), [{x, 0.5} || _ <- lists:seq(1, 50)],
     #{a => 1.25, 'b€' => [x]}, lists:duplicate(200, $a), list_to_atom(lists:duplicate(255, $a)),
     list_to_atom(lists:duplicate(100, 1000)), fun lists:map/2, 12345678901234567890,
     {<<0:8000>>, lists:duplicate(20, {record, 1.0, "text"})}].

opts() ->
    [[], [{minor_version, 0}], [{minor_version, 1}], [{minor_version, 2}], [compressed],
     [{compressed, 1}], [{compressed, 9}], [{compressed, 0}], [compressed, {minor_version, 0}],
     [{minor_version, 2}, {compressed, 3}], [deterministic, compressed, {compressed, 0}],
     [{compressed, 0}, compressed]].

number(L) -> lists:zip(lists:seq(1, length(L)), L).

err(F) ->
    try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    [begin
         B = term_to_binary(id(T), O),
         <<131, Tag, _/binary>> = B,
         {T2, Used} = binary_to_term(<<B/binary, 9, 9>>, [used]),
         io:format("~w ~w ~w ~w ~w ~w~n",
                   [I, J, Tag, byte_size(B), erlang:md5(B), {T2 =:= T, Used =:= byte_size(B)}])
     end || {I, T} <- number(terms()), {J, O} <- number(opts())],
    [io:format("size ~w ~w ~w~n", [I, erlang:external_size(T), erlang:external_size(T, [{minor_version, 0}])])
     || {I, T} <- number(terms())],
    [io:format("~w ~p~n", [O, err(fun() -> term_to_binary(a, id(O)) end)])
     || O <- [[{minor_version, 3}], [{compressed, 10}], [{compressed, -1}], [compressed | x], [foo],
              {compressed}, [{minor_version, 1.0}]]],
    Z = zlib:compress(<<97, 1>>),
    Z3 = zlib:compress(<<97, 1, 0>>),
    C = term_to_binary(lists:seq(1, 300), [compressed]),
    <<_:6/binary, CZ/binary>> = C,
    Inputs = [{"exact", <<131, 80, 2:32, Z/binary>>},
              {"a byte after the term, inside", <<131, 80, 3:32, Z3/binary>>},
              {"size one too large", <<131, 80, 3:32, Z/binary>>},
              {"size one too small", <<131, 80, 1:32, Z/binary>>},
              {"size 0", <<131, 80, 0:32, (zlib:compress(<<>>))/binary>>},
              {"stream cut short", <<131, 80, 741:32, (binary:part(CZ, 0, 10))/binary>>},
              {"no stream", <<131, 80, 2:32>>},
              {"no size", <<131, 80, 0, 2>>},
              {"not zlib", <<131, 80, 2:32, 1, 2, 3, 4, 5, 6>>},
              {"compressed inside", <<131, 80, (byte_size(Z) + 5):32,
                                      (zlib:compress(<<80, 2:32, Z/binary>>))/binary>>},
              {"compressed in a tuple", <<131, 104, 1, 80, 2:32, Z/binary>>},
              {"bytes after the stream", <<C/binary, 1, 2, 3>>}],
    [io:format("~s: ~p~n", [What, err(fun() -> binary_to_term(id(Bin)) end)]) || {What, Bin} <- Inputs],
    [io:format("~s, used: ~p~n", [What, err(fun() -> element(2, binary_to_term(id(Bin), [used])) end)])
     || {What, Bin} <- Inputs],
    ok.
