-module(bin_int_bytes).

%% Integer segments of whole bytes at byte boundaries (the fast paths of
%% bits.c), big, little and native, signed and not, built and matched.
-export([main/0]).
main() ->
    Vals = [0, 1, -1, 127, 128, -128, 255, 256, -129, 65535, -65536, 16#123456789ABCDE, -16#123456789ABCDE,
            16#7FFFFFFFFFFFFFF, -16#800000000000000, 1 bsl 62, -(1 bsl 62), 1 bsl 70],
    [begin
         B1 = <<V:S/big>>, B2 = <<V:S/little>>, B3 = <<V:S/native>>, B4 = <<V:S/signed>>,
         <<U1:S/big>> = B1, <<U2:S/little>> = B2, <<U3:S/native>> = B3,
         <<I1:S/signed-big>> = B1, <<I2:S/signed-little>> = B2, <<I3:S/signed-native>> = B3,
         <<X:3, Y:S/signed, Z:5>> = <<1:3, B4/binary, 0:5>>,
         io:format("~w ~w ~w ~w ~w ~w ~w ~w ~w ~w ~w ~w ~w~n", [V, S, B1, B2, B4, U1, U2, U3, I1, I2, I3, {X, Y, Z}, B3 =:= B2])
     end || V <- Vals, S <- [8, 16, 24, 32, 40, 48, 56, 64, 72]],
    ok.
