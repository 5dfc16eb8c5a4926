-module(c_bin).
-export([parse/1, build/3, sizes/1, utf/1, floats/1, rest/1, strs/1, little/1, bc/1, bgen/1, skip/1,
         signed/1, units/1, nested/1]).

parse(<<Len:16, Data:Len/binary, Rest/binary>>) -> {Data, Rest};
parse(<<0, _/binary>>) -> zero;
parse(<<>>) -> empty.

build(A, B, C) -> <<A:8, B:16/little, C/binary, 1:1, 0:7, "x", (A + 1):32/signed-big>>.

sizes(<<N:8, X:N, Y:(N * 2)/bits>>) -> {X, Y}.

utf(<<C/utf8, R/binary>>) -> {C, R, <<C/utf16>>, <<C/utf32-little>>}.

floats(<<F:64/float, G:32/float-little>>) -> {F, G, <<F/float, G:32/float>>}.

rest(B) -> <<_:4, R/bitstring>> = B, R.

strs(<<"GET ", Path/binary>>) -> {get, Path};
strs(<<"POST", _/binary>>) -> post.

little(<<X:24/little-unsigned, Y:8/signed>>) -> {X, Y}.

bc(L) -> << <<X:8>> || X <- L, X > 0 >>.

bgen(B) -> [X || <<X:8>> <= B] ++ [Y || <<1:8, Y:8>> <= B].

skip(<<_:8, _:16, X:8>>) -> X.

signed(<<X:8/signed, Y:16/signed-little, Z/integer-signed>>) -> {X, Y, Z}.

units(<<X:3/unit:8, Y:2/binary-unit:4>>) -> {X, Y}.

nested({<<A, B>>, [<<C>>]}) -> A + B + C.
