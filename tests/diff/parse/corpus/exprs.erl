%% exprs.erl: every expression form of erl_parse (valid).
-module(exprs).
-export([f/0]).
-record(r, {a = 1, b, c = [] :: list()}).

lit() -> {1, 1.5, $a, $\n, "str", "con" "cat" "enated", 'q a', a, X = 16#ff, 2#101, 36#zz, 1_000, 1.0e10, 0.1}.
ops(A, B) -> {A + B * 2 - 3 / 4, A div B rem 3, A band B bor 1 bxor 2, A bsl 1 bsr 2, - A, + A,
              bnot A, not A, A and B or A xor B, A andalso B orelse A, A == B, A /= B, A =< B, A < B,
              A >= B, A > B, A =:= B, A =/= B, A ++ B -- A, A ! B, (A = B) = A, A - - B, - - - A}.
prec(A, B, C) -> {A + B * C, (A + B) * C, A ++ B ++ C, A -- B -- C, A = B = C, A ! B ! C,
                  A orelse B andalso C, A andalso B orelse C, not A == B, - A * B, A - B - C, A / B / C,
                  catch A + B, A + catch B, - catch A, A = catch B}.
lists(A, B) -> {[], [A], [A, B], [A | B], [A, B | A], [[]], "a" ++ [A]}.
lcs(L, B) -> {[X || X <- L], [X + Y || X <- L, Y <- L, X > Y], [X || <<X>> <= B],
             << <<X>> || X <- L >>, << <<X:8>> || <<X:4>> <= B, X > 1 >>, [{X, Y} || {X, _} <- L, Y <- [1], true]}.
bins(A, B) -> {<<>>, <<A>>, <<A:8>>, <<A/binary>>, <<A:8/integer-unsigned-big>>, <<A:4/unit:8>>,
               <<"abc">>, <<"abc"/utf8>>, <<A:B/bits, (A + 1):16, -1:8, +A, (f()):3>>, <<A/utf8, B/utf16-little>>,
               <<$a, 1.5/float, 2.0:32/float-little>>}.
maps(M, K) -> {#{}, #{a => 1}, #{K => M, "s" => 2}, M#{a => 2}, M#{a := 3, b => 4}, (M#{a => 1})#{b := 2},
               #{a => 1}#{b => 2}, M#{}}.
recs(R) -> {#r{}, #r{a = 1, b = 2}, R#r.a, R#r{a = 3}, #r.b, R#r.a#r.b, (R#r{})#r.c, R#r{b = 1}#r{c = 2},
            #r{_ = x}, #r{a = 1}#r.a}.
calls(M, F) -> {f(), f(1, 2), M:F(), M:f(1), m:F(2), (fun f/0)(), apply(M, F, []), (M):(F)(), erlang:'+'(1, 2)}.
funs() -> {fun f/0, fun m:f/1, fun M:F/A, fun (X) -> X end, fun (X) when X > 0 -> X; (_) -> 0 end,
           fun F(0) -> 0; F(N) -> F(N - 1) end, fun () -> ok end, fun m:'f'/0, fun M:f/1}.
blocks(X) -> begin X, X + 1 end.
ifs(X) -> if X > 0 -> pos; X < 0, X > -10; X == -20 -> neg; true -> zero end.
cases(X) -> case X of {a, Y} when Y > 0 -> Y; [_ | T] -> T; _ -> none end.
recvs() -> {receive a -> 1; {b, X} when X -> X end, receive after 10 -> t end,
            receive a -> 1 after 0 -> 2 end}.
trys(X) ->
    {try X of 1 -> a; _ -> b catch throw:T -> T; error:E:S -> {E, S}; C:R when R > 0 -> C; Z -> Z end,
     try X after ok end, try X catch _ -> 1 after ok end, try X of Y -> Y after z end,
     try X, X catch exit:_ -> e end, catch X}.
seq() -> a, b, c.
guards(X) when is_integer(X), X > 0; is_float(X) -> X;
guards(X) when X =:= a orelse X =:= b -> X;
guards(_) -> no.
strs() -> {"", "a\"b", "\x{400}", "tab\tnl\n", 'atom with space', '\'q\''}.
chars() -> {$\s, $\\, $', $", $\x41, $\101, $\^A, $\e}.
nested() -> [[[{[{a}]}]]].
f() -> ?MODULE.
