-module(pat_binary_heads).
-export([main/0]).

id(X) -> X.

parse(<<"GET ", Path/binary>>) -> {get, Path};
parse(<<"POST ", Path/binary>>) -> {post, Path};
parse(<<Len:8, Payload:Len/binary, Rest/binary>>) -> {lp, Payload, Rest};
parse(Other) -> {raw, Other}.

main() ->
    Ins = [<<"GET /index">>, <<"POST /form">>, <<3, "abcde">>, <<5, "ab">>, <<>>],
    lists:foreach(fun(B) -> io:format("~p~n", [parse(id(B))]) end, Ins),
    ok.
