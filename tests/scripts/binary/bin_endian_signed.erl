-module(bin_endian_signed).
-export([main/0]).

id(X) -> X.

main() ->
    Vals = [0, 1, -1, 127, -128, 255, 32767, -32768, 65535, 16#7FFFFFFF, -16#80000000],
    lists:foreach(
      fun(V0) ->
              V = id(V0),
              B16 = <<V:16/big-signed>>, L16 = <<V:16/little-signed>>,
              B32 = <<V:32/big-unsigned>>,
              <<U16:16/unsigned>> = B16, <<S16:16/signed>> = B16,
              <<LS:16/little-signed>> = L16, <<LU:16/little>> = L16,
              <<U32:32>> = B32, <<S32:32/signed>> = B32,
              io:format("~w: ~w ~w ~w ~w ~w ~w ~w~n", [V, B16, L16, U16, S16, LS, LU, {U32, S32}])
      end, Vals),
    io:format("~w~n", [<<(id(1)):16/native>> =:= <<1:16/little>> orelse <<1:16/native>> =:= <<1:16/big>>]),
    ok.
