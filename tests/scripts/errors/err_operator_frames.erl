-module(err_operator_frames).
-export([main/0, id/1]).

%% Which failing operators report an erlang:Op frame in compiled code (OTP
%% 25's JIT inlines some without one), BIFs called in tail position keeping
%% their caller's frame, apply/3's frame, and unary minus failing as '-'/1.

id(X) -> X.

top(F) ->
    try F(a) of
        V -> {value, V}
    catch
        error:R:S ->
            [{M, Fn, A, _} | Rest] = S,
            Caller = case Rest of
                         [{CM, CF, _, _} | _] -> {CM, CF};
                         [] -> none
                     end,
            {R, M, Fn, args(A), Caller}
    end.

args(A) when is_list(A) -> A;
args(N) -> N.

tail_atl(X) -> atom_to_list(X).
tail_remote(X) -> erlang:integer_to_list(X).
tail_error(X) -> erlang:error({bad, X}).
tail_reverse(X) -> lists:reverse(X, []).

main() ->
    Cases = [{'X + 1', fun(X) -> id(X + 1) end}, {'1 + X', fun(X) -> id(1 + X) end},
             {'X + Y', fun(X) -> Y = id(2), id(X + Y) end}, {'X - 1', fun(X) -> id(X - 1) end},
             {'1 - X', fun(X) -> id(1 - X) end}, {'X * 2', fun(X) -> id(X * 2) end},
             {'X * 1.0', fun(X) -> id(X * 1.0) end}, {'1.5 - X', fun(X) -> id(1.5 - X) end},
             {'X / 2', fun(X) -> id(X / 2) end}, {'X / Y', fun(X) -> Y = id(2), id(X / Y) end},
             {'X div 2', fun(X) -> id(X div 2) end}, {'X rem 2', fun(X) -> id(X rem 2) end},
             {'-X', fun(X) -> id(-X) end}, {'+X', fun(X) -> id(+X) end}, {'bnot X', fun(X) -> id(bnot X) end},
             {'X bsl 1', fun(X) -> id(X bsl 1) end},
             {'apply(X, f, [])', fun(X) -> apply(X, f, []) end},
             {'apply(m, X, [1])', fun(X) -> id(apply(m, X, [1])) end},
             {'apply(lists, reverse, X)', fun(X) -> id(apply(lists, reverse, X)) end},
             {'tail atom_to_list', fun(_) -> tail_atl(1) end},
             {'tail erlang:integer_to_list', fun(X) -> tail_remote(X) end},
             {'tail erlang:error', fun(X) -> tail_error(X) end},
             {'tail lists:reverse/2', fun(X) -> tail_reverse(X) end}],
    [io:format("~s: ~p~n", [N, top(F)]) || {N, F} <- Cases],
    %% -(0.0) is left out: OTP gives -0.0 or 0.0 as its type inference goes
    %% (docs/differences-from-erlang.md)
    io:format("~p~n", [[0 - id(0.0), -id(3), -id(-2.5), -id(1 bsl 70), -id(-(1 bsl 70))]]),
    ok.
