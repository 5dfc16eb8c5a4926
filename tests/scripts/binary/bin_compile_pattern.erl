-module(bin_compile_pattern).
-export([main/0]).

%% binary:compile_pattern/1: {bm, Ref} for one pattern, {ac, Ref} for
%% several, taken by match/2,3, matches/2,3, split/2,3 and replace/3,4 as
%% the patterns themselves; sent in a message and used there; refused
%% where OTP refuses it.

e(F) -> try F() catch C:R -> {C, R} end.

shape({T, R}) when is_reference(R) -> T;
shape(X) -> {other, X}.

main() ->
    Subject = <<"the cat sat on the mat with a hat">>,
    Pats = [<<"at">>, [<<"at">>], [<<"the">>, <<"at">>, <<"t">>], [<<"a">>, <<"ab">>, <<"abc">>],
            [<<"cat">>, <<"c">>]],
    [begin
         CP = binary:compile_pattern(P),
         io:format("~p ~p~n", [P, shape(CP)]),
         io:format("  ~p~n", [[binary:match(Subject, CP) =:= binary:match(Subject, P),
                               binary:matches(Subject, CP) =:= binary:matches(Subject, P),
                               binary:split(Subject, CP, [global]) =:= binary:split(Subject, P, [global]),
                               binary:replace(Subject, CP, <<"#">>, [global]) =:= binary:replace(Subject, P, <<"#">>, [global]),
                               binary:match(Subject, CP, [{scope, {4, 10}}]) =:= binary:match(Subject, P, [{scope, {4, 10}}])]]),
         io:format("  ~p~n", [binary:matches(Subject, CP)])
     end || P <- Pats],
    CP = binary:compile_pattern([<<"o">>, <<"th">>]),
    Self = self(),
    spawn(fun() -> receive {cp, C} -> Self ! {res, binary:split(Subject, C, [global, trim_all])} end end) ! {cp, CP},
    receive {res, R} -> io:format("~p~n", [R]) end,
    io:format("~p~n", [[e(fun() -> binary:compile_pattern(X) end) || X <- [[], <<>>, [<<"a">>, <<>>], <<1:3>>, a, [<<"a">> | <<"b">>]]]]),
    io:format("~p~n", [[e(fun() -> binary:match(<<"x">>, X) end) || X <- [{bm, make_ref()}, {ac, make_ref()}, {bm, x}, {xx, element(2, CP)}]]]),
    io:format("~p~n", [e(fun() -> binary:compile_pattern(CP) end)]),
    ok.
