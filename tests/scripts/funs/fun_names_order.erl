-module(fun_names_order).
-export([main/0, g/3, clauses/1]).

%% How OTP 25's compiler names and numbers funs: the N of '-f/1-fun-N-'
%% follows v3_core (lists, tuples, arguments, operands and record fields
%% right to left, a fun after its body, comprehensions after their
%% qualifiers), the lambda index the order of the code, the M of
%% '-f/1-lc$^N/1-M-' the kernel pass's walk. Each fun prints as its name
%% and index; at the end the names of the module's functions, in order.

-record(r, {a, b = fun() -> default end, c}).

g(A, B, C) -> [A, B, C].

id(X) -> X.

p(F) when is_function(F) ->
    {name, N} = erlang:fun_info(F, name),
    {index, I} = erlang:fun_info(F, index),
    {type, T} = erlang:fun_info(F, type),
    io:format("~p ~p ~p~n", [N, I, T]);
p(L) when is_list(L) -> lists:foreach(fun p/1, L);
p(T) when is_tuple(T) -> p(tuple_to_list(T));
p(_) -> ok.

main() ->
    calls(),
    data(),
    records(),
    comprehensions(),
    control(),
    named(),
    p(clauses([])), p(clauses([a])), p(clauses(x)), p(clauses({t})), p(clauses(1)),
    optimised(),
    big_after(),
    %% (dbgsh keeps functions for the funs OTP drops or inlines, and does
    %% not make one of a big after body)
    Names = [F || {F, _} <- module_info(functions),
                  not lists:prefix("-optimised/0-", atom_to_list(F)),
                  not lists:prefix("-big_after/0-after", atom_to_list(F))],
    io:format("~p~n", [Names]).

calls() ->
    p(g(fun() -> 1 end, fun() -> 2 end, fun() -> 3 end)),
    p(?MODULE:g(fun() -> 1 end, fun() -> 2 end, fun() -> 3 end)),
    p((id(fun(A, B, C) -> [A, B, C] end))(fun() -> 1 end, fun() -> 2 end, id(fun() -> 3 end))),
    p(erlang:element(1, {fun() -> e end})),
    p(id([fun() -> l end]) -- id([fun() -> r end])),
    p(id([fun() -> l end]) ++ id([fun() -> r end])).

data() ->
    p([fun() -> h1 end | [fun() -> h2 end, fun() -> h3 end | id([fun() -> t end])]]),
    p({fun() -> t1 end, {fun() -> t2 end, fun() -> t3 end}}),
    M = #{k1 => fun() -> v1 end, k2 => fun() -> v2 end},
    p([maps:get(k1, M), maps:get(k2, M)]),
    M2 = (id(M))#{k3 => fun() -> v3 end},
    p(maps:get(k3, M2)),
    Sz = id(8),
    B = <<(erlang:phash2(fun() -> b1 end)):8, (erlang:phash2(fun() -> b2 end)):Sz>>,
    io:format("~p~n", [byte_size(B)]).

records() ->
    p(#r{a = fun() -> a end, c = fun() -> c end}),
    R = id(#r{}),
    p(R#r{c = fun() -> c2 end, a = fun() -> a2 end}),
    p(R#r.b).

comprehensions() ->
    p([F || F <- [fun() -> a end, fun() -> b end]]),
    p([{X, fun() -> X end} || X <- [1, 2], X > 1]),
    p([fun() -> {X, Y} end || X <- [1], Y <- [fun() -> y end]]),
    p([X || X <- [fun() -> 1 end], (id(fun() -> true end))()]),
    p([fun() -> x end || _ <- [1]] ++ [fun() -> more end]),
    p([[fun() -> i end || _ <- [1]] || _ <- [2]]),
    p([X || X <- [Y || Y <- [fun() -> inner end]]]),
    p({[X || X <- [fun() -> e1 end]], [X || X <- [fun() -> e2 end]]}),
    B = << <<(erlang:phash2(fun() -> b end)):8>> || _ <- [1, 2] >>,
    io:format("~p~n", [byte_size(B)]),
    p(<< <<(erlang:phash2(F)):8>> || F <- [fun() -> z end] >>).

control() ->
    p(case id(a) of
          a -> fun() -> case_a end;
          _ -> [fun() -> case_1 end, fun() -> case_2 end]
      end),
    p(if is_atom(a) -> {fun() -> if1 end, fun() -> if2 end}; true -> ok end),
    self() ! fun() -> msg end,
    p(receive
          F when is_function(F) -> {F, fun() -> got end}
      after (id(fun() -> 100 end))() -> fun() -> timeout end
      end),
    p(receive x -> x after 0 -> [fun() -> t1 end, fun() -> t2 end] end),
    p(try id(fun() -> body end) of
          F2 -> {F2, fun() -> of1 end}
      catch
          _:_ -> fun() -> catch1 end
      after
          id(fun() -> after1 end)
      end),
    p(try throw(fun() -> thrown end) catch throw:F3 -> {F3, fun() -> caught end} end),
    p(catch id(fun() -> caught2 end)).

named() ->
    F = fun Fact(0) -> 1; Fact(N) -> N * Fact(N - 1) end,
    H = fun Self() -> Self end,
    U = fun Unused() -> u end,
    L = fun Loop(0) -> fun() -> done end; Loop(N) -> Loop(N - 1) end,
    p([F, H, H(), U, L, L(3)]),
    p([fun g/3, fun id/1, fun g/3, fun length/1, fun erlang:abs/1, fun() -> after_refs end]),
    io:format("~p~n", [F(5)]).

clauses([]) -> [Y || Y <- [fun() -> nil end]];
clauses([H | _]) -> [{H, Y} || Y <- [fun() -> cons end]];
clauses(a) -> [Y || Y <- [fun() -> atom end]];
clauses({T}) -> [{T, Y} || Y <- [fun() -> tuple end]];
clauses(_) -> [Y || Y <- [fun() -> other end]].

%% funs OTP's optimiser removes (no lambda) still take their numbers
optimised() ->
    _ = fun() -> dropped end,
    Unused = fun() -> unused end,
    V = (fun(X) -> X + 1 end)(1),
    W = fun(X) -> X * 2 end,
    io:format("~p~n", [{V, W(3)}]),
    Called = fun(X) -> X - 1 end,
    io:format("~p~n", [{Called(id(1)), Called(id(2))}]),
    p(fun() -> kept end),
    Unused.

%% an after body of 20 expressions or more is a function to OTP: it
%% takes a number too
big_after() ->
    try p(fun() -> in_try end)
    after
        id(1), id(2), id(3), id(4), id(5), id(6), id(7), id(8), id(9), id(10),
        id(11), id(12), id(13), id(14), id(15), id(16), id(17), id(18), id(19), id(20)
    end,
    p(fun() -> after_try end).
