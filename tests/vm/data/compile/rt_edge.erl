-module(rt_edge).
-export([main/0, ident/2]).
-record(d, {f = fun(X) -> X * 2 end, l = [1, 2], n}).

main() -> [norm(catch F()) || F <- tests()].
norm({'EXIT', {R, S}}) when is_list(S) -> {'EXIT', R};
norm(X) -> X.

tests() ->
    [
     fun() -> [try 10 div X catch error:badarith -> inf end || X <- [1, 0, 2]] end,
     fun() -> [(fun() -> receive after 0 -> Y end end)() || Y <- [a, b]] end,
     fun() -> << <<B/bits>> || <<B:3/bits>> <= <<255, 1:1>> >> end,
     fun() -> << <<X:8, Y:8>> || <<X>> <= <<1, 2>>, Y <- [7, 8] >> end,
     fun() -> deep_catch() end,
     fun() -> D = #d{}, {(D#d.f)(4), D#d.l, D#d.n} end,
     fun() -> L = [a, b], apply(rt_edge, ident, L) end,
     fun() -> M = rt_edge, F = ident, M:F(1, 2) end,
     fun() -> aliasing({1, 2}) end,
     fun() -> or_guard([]) end,
     fun() -> or_guard([5]) end,
     fun() -> semi_guard([]) end,
     fun() -> semi_guard(a) end,
     fun() -> [Z || {Z} <- [{1}, {2}]] end,
     fun() -> lists:foldl(fun(X, Acc) -> X + Acc end, 0, [1, 2, 3]) end,
     fun() -> guard_bifs({a, b, c}, <<1, 2, 3>>, #{k => v}) end,
     fun() -> guard_bifs(x, y, z) end,
     fun() -> compare_values(1, 1.0) end,
     fun() -> string_match("prefix-rest") end,
     fun() -> nested_case_vars(1) end,
     fun() -> nested_case_vars(2) end,
     fun() -> fun_in_guard_pos(fun() -> ok end) end,
     fun() -> multi_match(3) end,
     fun() -> float_seg(<<1.5:32/float>>) end,
     fun() -> catch list_to_atom(42) end,
     fun() -> tuple_ops({1, 2, 3}) end,
     fun() -> element(2, {a, b}) end,
     fun() -> catch element(5, {a, b}) end,
     fun() -> case_fall(c) end,
     fun() -> catch case_fall(z) end,
     fun() -> try_nested(fun() -> throw(x) end) end,
     fun() -> try_nested(fun() -> erlang:error(y) end) end,
     fun() -> try_nested(fun() -> exit(z) end) end,
     fun() -> try_nested(fun() -> ok end) end,
     fun() -> rec_in_guard(#d{n = 5}) end,
     fun() -> rec_in_guard(#d{n = a}) end,
     fun() -> bin_size_expr(<<2, 1, 2, 3, 4>>) end,
     fun() -> map_pattern_var(a, #{a => 1, b => 2}) end,
     fun() -> letrec_sum(lists:seq(1, 100)) end,
     fun() -> send_self_many(100) end
    ].

ident(A, B) -> {A, B}.

deep_catch() ->
    F = fun() -> throw(deep) end,
    G = fun() -> [F()] end,
    catch G().

aliasing(X) -> {A, _} = {_, B} = X, {A, B}.

or_guard(X) when hd(X) > 1 orelse true -> yes;
or_guard(_) -> no.

semi_guard(X) when hd(X) > 1; is_atom(X) -> yes;
semi_guard(_) -> no.

guard_bifs(T, B, M) when tuple_size(T) =:= 3, byte_size(B) > 2, map_size(M) =:= 1,
                         element(1, T) =:= a, is_map_key(k, M), map_get(k, M) =:= v,
                         binary_part(B, 0, 1) =:= <<1>> -> all;
guard_bifs(_, _, _) -> some.

compare_values(A, B) -> {A == B, A =:= B, A < B, A >= B, [A] == [B]}.

string_match("prefix-" ++ R) -> R.

nested_case_vars(X) ->
    case X of
        1 -> A = one, B = 1;
        2 -> A = two, B = 2
    end,
    {A, B}.

fun_in_guard_pos(F) when is_function(F, 0) -> F();
fun_in_guard_pos(_) -> nf.

multi_match(N) -> X = Y = Z = N * 2, X + Y + Z.

float_seg(<<F:32/float>>) -> F.

tuple_ops(T) -> {tuple_size(T), setelement(2, T, x), erlang:append_element(T, 4)}.

case_fall(X) -> case X of a -> 1; b -> 2; c -> 3 end.

try_nested(F) ->
    try
        try F() of V -> {inner_ok, V} catch throw:T -> {inner_throw, T} end
    catch
        error:E -> {outer_error, E};
        C:R -> {outer, C, R}
    end.

rec_in_guard(R) when R#d.n > 3 -> big;
rec_in_guard(_) -> notbig.

bin_size_expr(<<N, X:(N * 8), Rest/binary>>) -> {X, Rest}.

map_pattern_var(K, M0) -> #{K := V} = M = M0, {V, maps:size(M)}.

letrec_sum(L) -> sum(L, 0).
sum([], A) -> A;
sum([H | T], A) -> sum(T, A + H).

send_self_many(N) ->
    [self() ! I || I <- lists:seq(1, N)],
    collect(N, 0).
collect(0, Acc) -> Acc;
collect(N, Acc) -> receive I -> collect(N - 1, Acc + I) end.
