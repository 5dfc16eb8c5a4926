-module(bin_little_odd_sizes).
-export([main/0]).

%% Little-endian integer segments whose size is no whole number of bytes:
%% the low bytes first, then the top bits (<<16#ABC:12/little>> is
%% <<16#BC, 16#A:4>>), built and matched, signed and unsigned, at byte
%% and odd offsets, with sizes known at compile time and not.

p(X) -> io:format("~w~n", [X]).

main() ->
    p(<<16#ABC:12/little>>),
    p(<<16#ABCDE:20/little>>),
    p(<<16#ABC:12/little, 1:4>>),
    p(<<(-2):12/little-signed>>),
    <<X:12/little>> = <<16#BC, 16#A:4>>,
    p(X),
    <<1:3, Z:13/little, _/bits>> = <<1:3, 16#1ABC:13/little>>,
    p(Z),
    N = 12,
    V = 16#ABC,
    p(<<V:N/little>>),
    Big = 1 bsl 70 + 5,
    B = <<Big:75/little>>,
    p(B),
    <<W:75/little>> = B,
    p(W =:= Big),
    p([K || K <- lists:seq(1, 70),
            begin <<Q:K/little-signed>> = <<(-1):K/little-signed>>, Q =/= -1 end]),
    p([{K, Q} || K <- lists:seq(2, 40, 3),
                 begin <<Q:K/little>> = <<(K * 7919):K/little>>, true end]),
    p([<<(K * 7919):K/little>> || K <- lists:seq(2, 40, 3)]).
