-module(bif_term_binary).
-export([main/0]).

id(X) -> X.

main() ->
    Terms = [id(Term) || Term <- [{deep, [1, 2.5, "s", <<"b">>, #{m => {t}}]}, -123456789012345678901234567890,
                                   'atom with space', [], <<0:7>>, {}]],
    lists:foreach(fun(T) ->
                          B = term_to_binary(T),
                          io:format("~p ~p ~p~n", [T =:= binary_to_term(B), byte_size(B), erlang:md5(B)])
                  end, Terms),
    Pid = self(),
    Ref = make_ref(),
    Fun = fun(X) -> X + 1 end,
    io:format("~p~n", [binary_to_term(term_to_binary(Pid)) =:= Pid]),
    io:format("~p~n", [binary_to_term(term_to_binary(Ref)) =:= Ref]),
    io:format("~p~n", [(binary_to_term(term_to_binary(Fun)))(41)]),
    io:format("~p~n", [binary_to_term(term_to_binary(fun lists:sum/1)) =:= fun lists:sum/1]),
    io:format("~p~n", [binary_to_term(<<131, 104, 2, 97, 1, 107, 0, 2, 104, 105>>)]),
    io:format("~p~n", [binary_to_term(term_to_binary(id(x), [{minor_version, 2}]))]),
    io:format("~p~n", [binary_to_term(id(<<131, 97, 5, 99, 100>>), [used])]),
    ok.
