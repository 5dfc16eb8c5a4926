-module(bin_append_shared).
-export([main/0]).

%% Binary appends (<<B/binary, ...>>) may grow B's bytes in place; B and
%% every other binary made from it must keep seeing only their own bytes,
%% whoever appends to it, in whatever order, from whichever process.

build(0, B) -> B;
build(N, B) -> build(N - 1, <<B/binary, N:32, (N band 255):8>>).

main() ->
    B = build(100000, <<>>),
    io:format("~p ~p~n", [byte_size(B), erlang:md5(B)]),
    B0 = <<1, 2, 3>>,
    B1 = <<B0/binary, 4>>,
    B2 = <<B0/binary, 5>>,
    B3 = <<B1/binary, 6>>,
    B4 = <<B1/binary, 7>>,
    io:format("~p~n", [[B0, B1, B2, B3, B4]]),
    Big = binary:copy(<<"x">>, 300),
    C1 = <<Big/binary, "a">>,
    C2 = <<Big/binary, "b">>,
    C3 = <<C1/binary, "c">>,
    C4 = <<C1/binary, "d">>,
    io:format("~p~n", [[binary:part(X, 299, byte_size(X) - 299) || X <- [Big, C1, C2, C3, C4]]]),
    P = self(),
    [spawn(fun() -> P ! {I, <<C1/binary, I:8, I:16>>} end) || I <- lists:seq(1, 50)],
    R = [receive {I, X} -> binary:part(X, 300, 4) end || I <- lists:seq(1, 50)],
    io:format("~p~n", [R]),
    io:format("~p~n", [C1]),
    S = <<C3/binary, 1:3>>,
    io:format("~p ~p~n", [bit_size(S), <<S/bitstring, 0:5>>]),
    U = <<C4/binary, "é"/utf8, 1.5/float, (-1):16/little>>,
    io:format("~p~n", [binary:part(U, 300, byte_size(U) - 300)]),
    ok.
