-module(prog_tokenizer).
-export([main/0]).

tokens([]) -> [];
tokens([C | Rest]) when C =:= $\s; C =:= $\n; C =:= $\t -> tokens(Rest);
tokens([C | _] = S) when C >= $0, C =< $9 ->
    {Num, Rest} = lists:splitwith(fun(X) -> X >= $0 andalso X =< $9 end, S),
    [{int, list_to_integer(Num)} | tokens(Rest)];
tokens([C | _] = S) when C >= $a, C =< $z ->
    {Word, Rest} = lists:splitwith(fun(X) -> (X >= $a andalso X =< $z) orelse X =:= $_ end, S),
    [keyword_or_ident(Word) | tokens(Rest)];
tokens([$", Rest0]) -> [{error, unterminated} | tokens(Rest0)];
tokens([$" | Rest0]) ->
    {Str, [$" | Rest]} = lists:splitwith(fun(X) -> X =/= $" end, Rest0),
    [{string, Str} | tokens(Rest)];
tokens([$-, $> | Rest]) -> [arrow | tokens(Rest)];
tokens([$=, $= | Rest]) -> [eq | tokens(Rest)];
tokens([C | Rest]) -> [{punct, [C]} | tokens(Rest)].

keyword_or_ident(W) ->
    case lists:member(W, ["if", "then", "else", "let", "in"]) of
        true -> {kw, list_to_atom(W)};
        false -> {ident, W}
    end.

main() ->
    Src = "let x_1 = 42 in\n  if x_1 == 42 then \"yes\" else f(x_1, 7) -> done;",
    Toks = tokens(Src),
    [io:format("~p~n", [T]) || T <- Toks],
    io:format("~p tokens~n", [length(Toks)]),
    ok.
