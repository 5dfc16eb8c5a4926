-module(ctl_catch).
-export([main/0]).

id(X) -> X.

tag({'EXIT', {Reason, [_ | _]}}) -> {'EXIT', Reason};
tag(Other) -> Other.

main() ->
    io:format("~p~n", [catch id(1) + 1]),
    io:format("~p~n", [catch throw(thrown)]),
    io:format("~p~n", [catch exit(exited)]),
    io:format("~p~n", [catch exit({complex, [1, 2]})]),
    io:format("~p~n", [tag(catch error(oops))]),
    io:format("~p~n", [tag(catch id(1) / id(0))]),
    io:format("~p~n", [tag(catch atom_to_list(id(123)))]),
    io:format("~p~n", [tag(catch (fun() -> {a} = id({b}) end)())]),
    X = (catch 42),
    io:format("~p~n", [X]),
    io:format("~p~n", [catch throw({'EXIT', fake})]),
    io:format("~p~n", [[catch (case id(I) of 1 -> throw(one); 2 -> exit(two); _ -> three end) || I <- [1, 2, 3]]]),
    ok.
