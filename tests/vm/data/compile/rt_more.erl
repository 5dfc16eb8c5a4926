-module(rt_more).
-export([main/0]).
-record(r, {a = 1, b = [], c}).

main() -> [norm(catch F()) || F <- tests()].
norm({'EXIT', {R, S}}) when is_list(S) -> {'EXIT', R};
norm(X) -> X.

tests() ->
    [
     fun() -> try_order() end,
     fun() -> nested_catch() end,
     fun() -> try throw(a) of X -> {no, X} catch throw:Y -> {caught, Y} end end,
     fun() -> try 1 of 1 -> erlang:error(in_of) catch error:E -> {wrong, E} end end,
     fun() -> try ok of 2 -> x catch _:_ -> y end end,
     fun() -> try erlang:error(e) catch exit:_ -> x end end,
     fun() -> (catch throw(t)) end,
     fun() -> (catch exit(e)) end,
     fun() -> element(1, catch erlang:error(r)) end,
     fun() -> [X + Y || X <- [1, 2, 3], X > 1, Y <- [10, 20], Y div 10 =/= X] end,
     fun() -> [X || X <- [1, a, 2], is_integer(X)] end,
     fun() -> [X || X <- [1, 2, 3], pred(X)] end,
     fun() -> catch [X || X <- [1, 2], nonbool(X)] end,
     fun() -> catch [X || X <- notalist] end,
     fun() -> << <<X:4>> || <<X:4>> <= <<16#abcd:16>> >> end,
     fun() -> << <<Y>> || X <- [1, 2], Y <- [X, X * 10] >> end,
     fun() -> [{A, B} || {A, B} <- [{1, 2}, x, {3, 4}]] end,
     fun() -> [Z || <<Z:8>> <= <<1, 2, 3>>, Z =/= 2] end,
     fun() -> rec_ops() end,
     fun() -> catch (#r{})#r{a = 2, c = 3} end,
     fun() -> guard_rec(#r{a = 5}) end,
     fun() -> guard_rec(foo) end,
     fun() -> guard_map(#{a => 1}) end,
     fun() -> guard_map(not_a_map) end,
     fun() -> bin_types() end,
     fun() -> bin_match(<<3:8, "abc", 1.0:64/float, -5:16/signed-little, 200, 0:3, 7:5>>) end,
     fun() -> catch bin_build(x) end,
     fun() -> apply_dyn(rt_more, helper, [1, 2]) end,
     fun() -> apply_dyn2(fun helper/2, [3, 4]) end,
     fun() -> (fun ?MODULE:helper/2)(5, 6) end,
     fun() -> mod_call(rt_more) end,
     fun() -> closures() end,
     fun() -> named() end,
     fun() -> andalso_chain(1, 2, 3) end,
     fun() -> catch andalso_chain(a, b, c) end,
     fun() -> deep(10) end,
     fun() -> strs("hello world") end,
     fun() -> list_pats([1, 2, 3, 4]) end,
     fun() -> list_pats([1]) end,
     fun() -> tuple_pats({a, {b, c}, [d]}) end,
     fun() -> receive_order() end,
     fun() -> if_nested(3) end,
     fun() -> catch if_nested(x) end,
     fun() -> case_in_args(2) end,
     fun() -> map_ops() end,
     fun() -> float_ops() end,
     fun() -> big_ops() end,
     fun() -> lists:sort([c, a, b]) end,
     fun() -> catch match_fail() end,
     fun() -> fun_clause_fail() end,
     fun() -> send_recv() end,
     fun() -> after_in_loop(3, []) end,
     fun() -> bool_guards(true, false) end,
     fun() -> bool_guards(1, 2) end,
     fun() -> not_guard(5) end,
     fun() -> xor_guard(true, false) end,
     fun() -> tail_in_try(3) end,
     fun() -> many_args(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) end,
     fun() -> selectors(three) end,
     fun() -> [selectors(X) || X <- [1, 2, one, two, 3.0, "s"]] end
    ].

helper(A, B) -> {helper, A, B}.
apply_dyn(M, F, A) -> {apply(M, F, A), M:F(9, 9)}.
apply_dyn2(F, A) -> apply(F, A).
mod_call(M) -> M:helper(x, y).

try_order() ->
    put_log([]),
    R = try
            log(body), throw(boom)
        catch
            throw:boom -> log(caught), caught
        after
            log(after1)
        end,
    R2 = try log(body2), ok after log(after2) end,
    R3 = (catch try erlang:error(x) after log(after3) end),
    {R, R2, element(1, R3), lists:reverse(get_log())}.

put_log(L) -> put(log, L).
get_log() -> get(log).
log(X) -> put(log, [X | get(log)]).

nested_catch() ->
    try
        try throw(inner) catch throw:inner -> throw(outer) end
    catch throw:outer -> outer_caught
    end.

pred(X) -> X rem 2 =:= 1.
nonbool(_) -> maybe.

rec_ops() ->
    R = #r{c = 3},
    R2 = R#r{b = [1]},
    {R, R2, R2#r.b, #r.c, is_record(R, r), is_record(x, r), R#r{}}.

guard_rec(X) when X#r.a > 3 -> big;
guard_rec(_) -> other.

guard_map(M) when M#{b => 2} =:= #{a => 1, b => 2} -> upd;
guard_map(_) -> other.

bin_types() ->
    X = 1000, F = 2.5,
    {<<X:16>>, <<X:16/little>>, <<X:12, 5:4>>, <<F/float>>, <<F:32/float>>, <<"é"/utf8>>, <<$a/utf16>>,
     <<1:1, 0:1, 1:1>>, <<(<<1, 2>>)/binary, (<<3:3>>)/bits>>, <<-1:8/signed>>, byte_size(<<1, 2, 3>>),
     bit_size(<<1:5>>)}.

bin_match(<<N:8, S:N/binary, F:64/float, I:16/signed-little, B, Z:3, W:5>>) -> {N, S, F, I, B, Z, W}.

bin_build(X) -> <<X:8>>.

closures() ->
    A = 1,
    F = fun(B) -> G = fun(C) -> A + B + C end, G end,
    H = F(10),
    {H(100), (F(20))(200)}.

named() ->
    Fib = fun Fib(0) -> 0; Fib(1) -> 1; Fib(N) -> Fib(N - 1) + Fib(N - 2) end,
    Self = fun Me(x) -> Me; Me(y) -> y end,
    {Fib(15), is_function(Self(x)), Self(y)}.

andalso_chain(A, B, C) -> is_integer(A) andalso is_integer(B) andalso (C > A orelse C < B).

deep(0) -> [];
deep(N) -> [N | deep(N - 1)].

strs("hello " ++ Rest) -> {hello, Rest};
strs(_) -> other.

list_pats([A, B | T]) -> {A, B, T};
list_pats([A]) -> {one, A}.

tuple_pats({A, {B, C} = T, [D]}) -> {A, B, C, D, T}.

receive_order() ->
    self() ! {x, 1}, self() ! {y, 2}, self() ! {x, 3},
    A = receive {y, V} -> V end,
    B = receive {x, V2} -> V2 end,
    C = receive {x, V3} -> V3 after 0 -> none end,
    D = receive M -> M after 0 -> empty end,
    {A, B, C, D}.

if_nested(X) when is_integer(X) ->
    if X > 2 -> if X > 5 -> big; true -> mid end;
       true -> small end.

case_in_args(X) -> {case X of 1 -> one; 2 -> two end, [case X of _ -> X * 2 end]}.

map_ops() ->
    M = #{a => 1, "b" => [2], {c} => 3.0},
    #{a := A, {c} := C} = M,
    M2 = M#{a := 10, d => 4},
    {A, C, maps:get("b", M), M2, map_size(M2), case catch M#{zz := 1} of {'EXIT', {R, _}} -> R end}.

float_ops() -> {1.5 + 2, 3 * 0.5, 7 / 2, -0.0, 1.0e300 * 10.0 > 1, trunc_test(2.7)}.
trunc_test(X) when X > 2 -> gt2;
trunc_test(_) -> le2.

big_ops() -> {16#FFFFFFFFFFFFFFFF + 1, 1 bsl 70, (1 bsl 70) div 3, -(1 bsl 65), 123456789 * 987654321987}.

match_fail() -> {a, B} = {b, 1}, B.

fun_clause_fail() -> catch lists_nth(0, []).
lists_nth(1, [H | _]) -> H;
lists_nth(N, [_ | T]) when N > 1 -> lists_nth(N - 1, T).

send_recv() ->
    P = self(),
    P ! {hello, 1},
    receive {hello, X} -> X end.

after_in_loop(0, Acc) -> lists:reverse(Acc);
after_in_loop(N, Acc) -> R = receive after 0 -> N end, after_in_loop(N - 1, [R | Acc]).

bool_guards(A, B) when A and not B -> a_not_b;
bool_guards(A, B) when A or B -> or_;
bool_guards(_, _) -> neither.

not_guard(X) when not (X > 3) -> small;
not_guard(X) when not is_atom(X), X =/= 0 -> notatom.

xor_guard(A, B) when A xor B -> xor_true;
xor_guard(_, _) -> xor_false.

tail_in_try(0) -> done;
tail_in_try(N) -> try tail_in_try(N - 1) of R -> R catch _ -> err end.

many_args(A, B, C, D, E, F, G, H, I, J) -> A + B + C + D + E + F + G + H + I + J.

selectors(1) -> int1;
selectors(one) -> atom_one;
selectors(2) -> int2;
selectors(two) -> atom_two;
selectors(X) when is_float(X) -> float;
selectors(X) -> {other, X}.
