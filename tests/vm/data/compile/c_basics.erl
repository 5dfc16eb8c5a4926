-module(c_basics).
-export([match/1, cases/2, ifs/1, tuples/1, lists/1, strings/0, literals/0, ops/2,
         bools/2, nested/1, append/2, shadow/1, block/1, send/2, exported/1]).

match(X) ->
    {A, B} = X,
    [C | D] = B,
    {ok, A, C, D}.

cases(X, Y) ->
    R = case X of
            {a, Z} when Z > Y -> Z;
            {b, Z} -> Z * 2;
            [H | _] when is_integer(H), H >= 0; is_float(H) -> H;
            _ -> none
        end,
    {R, X}.

ifs(X) ->
    if X > 10 -> big;
       X > 5, X < 8 -> medium;
       true -> small
    end.

tuples(T) when tuple_size(T) =:= 3 -> element(2, T);
tuples({_, _} = T) -> setelement(1, T, x);
tuples(_) -> erlang:error(badarg).

lists(L) -> {length(L), hd(L), tl(L), [X * 2 || X <- L], lists:reverse(L), L ++ [1], L -- [2]}.

strings() -> {"abc", [$a, $b | "cd"], "", $\n}.

literals() -> {1, -1, 1.5, -2.5e10, 123456789012345678901234567890, atom, 'quoted atom', [], {},
               {1, [2, {3}]}, #{a => 1, b => [2]}, <<1, 2, 3>>, <<"bin">>, fun lists:map/2}.

ops(A, B) ->
    {A + B, A - B, A * B, A / B, A div B, A rem B, A band B, A bor B, A bxor B, A bsl 2, A bsr 1,
     bnot A, -A, +A, A == B, A /= B, A < B, A =< B, A > B, A >= B, A =:= B, A =/= B}.

bools(A, B) -> {A and B, A or B, A xor B, not A, A andalso B, A orelse B}.

nested(X) ->
    case X of
        {ok, V} ->
            case V of
                [] -> empty;
                [_ | _] = L -> {list, length(L)};
                _ -> if is_atom(V) -> atom; true -> other end
            end;
        error -> error
    end.

append(A, B) -> A ++ B.

shadow(X) -> F = fun(X1) -> X1 + X end, F(1).

block(X) -> Y = begin Z = X + 1, Z * 2 end, Y.

send(P, M) -> P ! M, ok.

exported(X) ->
    case X of
        1 -> Y = one;
        _ -> Y = other
    end,
    {X, Y}.
