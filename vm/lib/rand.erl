%% rand: pseudo random numbers, the interface and algorithms of OTP 25's
%% rand (stdlib-4.2), written for dbgsh.  Every algorithm gives the same
%% numbers as OTP's for the same seed, and a state has OTP's shape: a
%% pair of a handler map (type, bits or max, next, and for some of them
%% uniform, uniform_n and jump) and the algorithm's own state.  The state
%% of the calling process lives in its dictionary under rand_seed.
%%
%% The xorshift/xoroshiro generators of the 58-bit family (exsss, exsp,
%% exrop, exro928ss) keep every step within 58 bits (plus one for a sum),
%% so their arithmetic stays on small integers; only the 64-bit ones
%% (exs64, exs1024, splitmix64) and wide ranges need bignums.
-module(rand).

-export([seed/1, seed/2, seed_s/1, seed_s/2, export_seed/0, export_seed_s/1,
         uniform/0, uniform/1, uniform_s/1, uniform_s/2,
         uniform_real/0, uniform_real_s/1, bytes/1, bytes_s/2,
         jump/0, jump/1, normal/0, normal/2, normal_s/1, normal_s/3]).
-export([exsp_next/1, exsp_jump/1, splitmix64_next/1,
         mwc59/1, mwc59_value32/1, mwc59_value/1, mwc59_float/1,
         mwc59_seed/0, mwc59_seed/1]).
-export([exro928_jump_2pow512/1, exro928_jump_2pow20/1, exro928_seed/1,
         exro928_next/1, exro928_next_state/1, format_jumpconst58/1, seed58/2]).
-export([make_float/3, float2str/1, bc64/1]).

-define(DICT_KEY, rand_seed).

%% Low N bits of X; X shifted left by N inside a W-bit word; X rotated
%% left by N inside a W-bit word (X below 2^W).
-define(LOW(X, N), ((X) band ((1 bsl (N)) - 1))).
-define(SHL(W, X, N), (?LOW(X, (W) - (N)) bsl (N))).
-define(ROTL(W, X, N), (?SHL(W, X, N) bor ((X) bsr ((W) - (N))))).

%% 2^-53: a 53-bit integer times this is a float in [0.0, 1.0).
-define(EPS53, 1.1102230246251565e-16).

%% ---------------------------------------------------------------------
%% Seeding and the process dictionary

seed(What) ->
    remember(seed_s(What)).

seed(Alg, Seed) ->
    remember(seed_s(Alg, Seed)).

seed_s({Handler, _} = State) when is_map(Handler) ->
    State;
seed_s({Alg, AlgState}) when is_atom(Alg) ->
    {handler(Alg), AlgState};
seed_s(Alg) ->
    seed_s(Alg, fresh_seed()).

seed_s(default, Seed) ->
    seed_s(exsss, Seed);
seed_s(Alg, Seed) ->
    Handler = handler(Alg),
    {Handler, alg_seed(Alg, Seed)}.

export_seed() ->
    case get(?DICT_KEY) of
        {#{type := Alg}, AlgState} -> {Alg, AlgState};
        _ -> undefined
    end.

export_seed_s({#{type := Alg}, AlgState}) ->
    {Alg, AlgState}.

remember(State) ->
    put(?DICT_KEY, State),
    State.

current() ->
    case get(?DICT_KEY) of
        undefined -> seed(exsss);
        State -> State
    end.

%% Different in every process and every call.
fresh_seed() ->
    {erlang:phash2([{node(), self()}]), erlang:system_time(), erlang:unique_integer()}.

%% The handler map of each algorithm.
handler(exsss) ->
    #{type => exsss, bits => 58, next => fun exsss_next/1,
      uniform => fun exsss_float/1, uniform_n => fun exsss_range/2,
      jump => fun xs_jump_state/1};
handler(exro928ss) ->
    #{type => exro928ss, bits => 58, next => fun exro928ss_next/1,
      uniform => fun exro928ss_float/1, uniform_n => fun exro928ss_range/2,
      jump => fun exro928_jump_state/1};
handler(exrop) ->
    #{type => exrop, bits => 58, weak_low_bits => 1, next => fun exrop_next/1,
      uniform => fun exrop_float/1, uniform_n => fun exrop_range/2,
      jump => fun exrop_jump_state/1};
handler(exs1024s) ->
    #{type => exs1024s, bits => 64, weak_low_bits => 3, next => fun exs1024_next/1,
      jump => fun exs1024_jump_state/1};
handler(exsp) ->
    #{type => exsp, bits => 58, weak_low_bits => 1, next => fun exsp_next/1,
      uniform => fun exsp_float/1, uniform_n => fun exsp_range/2,
      jump => fun xs_jump_state/1};
handler(exs64) ->
    #{type => exs64, max => (1 bsl 64) - 1, next => fun exs64_next/1};
handler(exsplus) ->
    #{type => exsplus, max => (1 bsl 58) - 1, next => fun exsp_next/1,
      jump => fun xs_jump_state/1};
handler(exs1024) ->
    #{type => exs1024, max => (1 bsl 64) - 1, next => fun exs1024_next/1,
      jump => fun exs1024_jump_state/1};
handler(dummy) ->
    #{type => dummy, bits => 58, next => fun dummy_next/1,
      uniform => fun dummy_float/1, uniform_n => fun dummy_range/2}.

alg_seed(exsss, Seed) -> exsss_seed(Seed);
alg_seed(exro928ss, Seed) -> exro928_seed(Seed);
alg_seed(exrop, Seed) -> exrop_seed(Seed);
alg_seed(exs1024s, Seed) -> exs1024_seed(Seed);
alg_seed(exsp, Seed) -> exsplus_seed(Seed);
alg_seed(exs64, Seed) -> exs64_seed(Seed);
alg_seed(exsplus, Seed) -> exsplus_seed(Seed);
alg_seed(exs1024, Seed) -> exs1024_seed(Seed);
alg_seed(dummy, Seed) -> dummy_seed(Seed).

%% ---------------------------------------------------------------------
%% Uniform integers and floats

uniform() ->
    {X, State} = uniform_s(current()),
    remember(State),
    X.

uniform(N) ->
    {X, State} = uniform_s(N, current()),
    remember(State),
    X.

uniform_s({#{uniform := Float}, _} = State) ->
    Float(State);
uniform_s({#{bits := Bits, next := Next} = H, R0}) ->
    {V, R1} = Next(R0),
    {(V bsr (Bits - 53)) * ?EPS53, {H, R1}};
uniform_s({#{max := Max, next := Next} = H, R0}) ->
    {V, R1} = Next(R0),
    {V / (Max + 1), {H, R1}}.

uniform_s(N, {#{uniform_n := Range}, _} = State) when is_integer(N), N >= 1 ->
    Range(N, State);
uniform_s(N, {#{bits := Bits, next := Next} = H, R0}) when is_integer(N), N >= 1 ->
    {V, R1} = Next(R0),
    pick(N, V, (1 bsl Bits) - N, H, R1, fun uniform_s/2);
uniform_s(N, {#{max := Max, next := Next} = H, R0}) when is_integer(N), N >= 1 ->
    {V, R1} = Next(R0),
    if
        N =< Max -> {V rem N + 1, {H, R1}};
        true -> {trunc(V / (Max + 1) * N) + 1, {H, R1}}
    end.

%% 1..N from the word V.  Spare is 2^Bits - N: negative when one word is
%% not enough.  A V from the incomplete top part of the word's range is
%% thrown away and Again(N, State) draws anew.
pick(N, V, Spare, H, R, Again) ->
    if
        Spare < 0 -> pick_wide(N, H, R, V);
        V < N -> {V + 1, {H, R}};
        true ->
            I = V rem N,
            if
                V - I =< Spare -> {I + 1, {H, R}};
                true -> Again(N, {H, R})
            end
    end.

%% A range wider than a word: words are joined (dropping each one's weak
%% low bits) until there are enough bits, two more than the range's
%% unless it is a power of two.
pick_wide(N, #{next := Next, bits := Bits} = H, R, V) ->
    Weak = maps:get(weak_low_bits, H, 0),
    Step = Bits - Weak,
    Keep = bnot ((1 bsl Weak) - 1),
    N1 = N - 1,
    case N band N1 of
        0 ->
            {W, R1, _} = join_words(N bsr Bits, Next, R, V, Keep, Step, Bits),
            {(W band N1) + 1, {H, R1}};
        _ ->
            {W, R1, Width} = join_words(N bsr (Bits - 2), Next, R, V, Keep, Step, Bits),
            I = W rem N,
            if
                W - I =< (1 bsl Width) - N -> {I + 1, {H, R1}};
                true ->
                    {V2, R2} = Next(R1),
                    pick_wide(N, H, R2, V2)
            end
    end.

join_words(Left, _Next, R, W, _Keep, _Step, Width) when Left =< 1 ->
    {W, R, Width};
join_words(Left, Next, R0, W, Keep, Step, Width) ->
    {V, R1} = Next(R0),
    join_words(Left bsr Step, Next, R1, ((W band Keep) bsl Step) bor V, Keep, Step,
               Width + Step).

%% Floats in (0.0, 1.0) using every bit of the mantissa, however small
%% the value: 56 bits at a time are taken from the generator while the
%% leading bits are zero.
uniform_real() ->
    {X, State} = uniform_real_s(current()),
    remember(State),
    X.

uniform_real_s({#{bits := Bits, next := Next} = H, R0}) ->
    {V, R1} = Next(R0),
    real_first(V bsr (Bits - 56), H, Next, R1, Bits);
uniform_real_s({#{max := _, next := Next} = H, R0}) ->
    {V, R1} = Next(R0),
    real_first(?LOW(V, 56), H, Next, R1, 56).

real_first(M, H, Next, R, Bits) ->
    if
        M >= 1 bsl 55 -> {(M bsr 3) * math:pow(2.0, -53), {H, R}};
        M >= 1 bsl 54 -> {(M bsr 2) * math:pow(2.0, -54), {H, R}};
        M >= 1 bsl 53 -> {(M bsr 1) * math:pow(2.0, -55), {H, R}};
        M >= 1 bsl 52 -> {M * math:pow(2.0, -56), {H, R}};
        true ->
            {V, R1} = Next(R),
            real_more(H, M, -56, R1, V, Bits)
    end.

%% M holds the bits so far (below 2^52), Exp the exponent of its lowest
%% bit; V is the next word.
real_more(H, M, -1064, R, V, Bits) ->
    Need = 53 - bitlen(M, 1 bsl 51, 52),
    {((M bsl Need) bor (V bsr (Bits - Need))) * math:pow(2.0, -1064 - Need), {H, R}};
real_more(H, M, Exp, R, V, Bits) ->
    if
        M >= 1 bsl 51 ->
            {((M bsl 1) bor (V bsr (Bits - 1))) * math:pow(2.0, Exp - 1), {H, R}};
        M >= 1 bsl 50 ->
            {((M bsl 2) bor (V bsr (Bits - 2))) * math:pow(2.0, Exp - 2), {H, R}};
        M >= 1 bsl 49 ->
            {((M bsl 3) bor (V bsr (Bits - 3))) * math:pow(2.0, Exp - 3), {H, R}};
        M == 0 ->
            M1 = V bsr (Bits - 56),
            if
                M1 >= 1 bsl 55 -> {(M1 bsr 3) * math:pow(2.0, Exp - 53), {H, R}};
                M1 >= 1 bsl 54 -> {(M1 bsr 2) * math:pow(2.0, Exp - 54), {H, R}};
                M1 >= 1 bsl 53 -> {(M1 bsr 1) * math:pow(2.0, Exp - 55), {H, R}};
                M1 >= 1 bsl 52 -> {M1 * math:pow(2.0, Exp - 56), {H, R}};
                Exp =:= -1008 ->
                    if
                        M1 >= 1 bsl 42 -> real_next(H, M1, Exp - 56, R);
                        true -> uniform_real_s({H, R})
                    end;
                true -> real_next(H, M1, Exp - 56, R)
            end;
        true ->
            Need = 53 - bitlen(M, 1 bsl 48, 49),
            {((M bsl Need) bor (V bsr (Bits - Need))) * math:pow(2.0, Exp - Need), {H, R}}
    end.

real_next(#{bits := Bits, next := Next} = H, M, Exp, R0) ->
    {V, R1} = Next(R0),
    real_more(H, M, Exp, R1, V, Bits);
real_next(#{max := _, next := Next} = H, M, Exp, R0) ->
    {V, R1} = Next(R0),
    real_more(H, M, Exp, R1, ?LOW(V, 56), 56).

%% The number of bits of V, for V below 2^N; Top is 2^(N-1).
bitlen(V, Top, N) when Top =< V -> N;
bitlen(V, Top, N) -> bitlen(V, Top bsr 1, N - 1).

bc64(V) -> bitlen(V, 1 bsl 63, 64).

%% ---------------------------------------------------------------------
%% Bytes

bytes(N) ->
    {Bin, State} = bytes_s(N, current()),
    remember(State),
    Bin.

bytes_s(N, {#{bits := Bits, next := Next} = H, R}) when is_integer(N), N >= 0 ->
    bytes_from(N, H, Next, R, Bits, maps:get(weak_low_bits, H, 0));
bytes_s(N, {#{max := Max, next := Next} = H, R})
  when is_integer(N), N >= 0, Max >= (1 bsl 58) - 1 ->
    bytes_from(N, H, Next, R, 58, 2).

%% Each word gives its top whole bytes above its weak low bits.
bytes_from(N, H, Next, R, Bits, Weak) ->
    PerWord = (Bits - Weak) bsr 3,
    Width = PerWord bsl 3,
    bytes_loop(N, H, Next, R, <<>>, PerWord, Width, Bits - Width).

bytes_loop(N, H, Next, R0, Acc, PerWord, Width, Drop) when N > PerWord * 4 ->
    {V1, R1} = Next(R0),
    {V2, R2} = Next(R1),
    {V3, R3} = Next(R2),
    {V4, R4} = Next(R3),
    Acc1 = <<Acc/binary, (V1 bsr Drop):Width, (V2 bsr Drop):Width,
             (V3 bsr Drop):Width, (V4 bsr Drop):Width>>,
    bytes_loop(N - PerWord * 4, H, Next, R4, Acc1, PerWord, Width, Drop);
bytes_loop(N, H, Next, R0, Acc, PerWord, Width, Drop) when N > PerWord ->
    {V, R1} = Next(R0),
    bytes_loop(N - PerWord, H, Next, R1, <<Acc/binary, (V bsr Drop):Width>>,
               PerWord, Width, Drop);
bytes_loop(N, H, Next, R0, Acc, _PerWord, Width, _Drop) ->
    {V, R1} = Next(R0),
    Size = N bsl 3,
    {<<Acc/binary, (V bsr (Width - Size)):Size>>, {H, R1}}.

%% ---------------------------------------------------------------------
%% Jumps

jump() ->
    remember(jump(current())).

jump({#{jump := Jump}, _} = State) ->
    Jump(State);
jump({#{}, _}) ->
    erlang:error(not_implemented).

%% ---------------------------------------------------------------------
%% Normal distribution: the ziggurat method with 256 blocks; the tables
%% below are OTP's (kiwi: the bound and width of each block; f: the
%% density at each block's edge).

-define(ZIG_R, 3.6541528853610087963519472518).

normal() ->
    {X, State} = normal_s(current()),
    remember(State),
    X.

normal(Mean, Variance) ->
    Mean + (math:sqrt(Variance) * normal()).

normal_s(State0) ->
    {Sign, R, State} = sign_and_51(State0),
    Block = R band 255,
    {K, W} = element(Block + 1, zig_kw()),
    X = R * W,
    if
        R < K, Sign =:= 0 -> {X, State};
        R < K -> {-X, State};
        Sign =:= 0 -> zig_edge(Block, Sign, X, State);
        true -> zig_edge(Block, Sign, -X, State)
    end.

normal_s(Mean, Variance, State0) when Variance > 0 ->
    {X, State} = normal_s(State0),
    {Mean + (math:sqrt(Variance) * X), State}.

%% A sign bit and 51 more bits from one word.
sign_and_51({#{bits := Bits, next := Next} = H, S0}) ->
    {V, S1} = Next(S0),
    {(1 bsl (Bits - 52)) band V, V bsr (Bits - 51), {H, S1}};
sign_and_51({#{next := Next} = H, S0}) ->
    {V, S1} = Next(S0),
    {(1 bsl 51) band V, ?LOW(V, 51), {H, S1}}.

%% Block 0: the tail beyond R; other blocks: the part outside the
%% rectangle under the curve.
zig_edge(0, Sign, X0, State0) ->
    {U0, S1} = uniform_s(State0),
    X = -(1 / ?ZIG_R) * math:log(U0),
    {U1, S2} = uniform_s(S1),
    Y = -math:log(U1),
    if
        Y + Y > X * X, Sign =:= 0 -> {?ZIG_R + X, S2};
        Y + Y > X * X -> {-?ZIG_R - X, S2};
        true -> zig_edge(0, Sign, X0, S2)
    end;
zig_edge(Block, _Sign, X, State0) ->
    F = zig_f(),
    F1 = element(Block + 1, F),
    {U, S1} = uniform_s(State0),
    case (element(Block, F) - F1) * U + F1 < math:exp(-0.5 * X * X) of
        true -> {X, S1};
        false -> normal_s(S1)
    end.

%% ---------------------------------------------------------------------
%% exsss, exsp and exsplus: xorshift116 (two 58-bit words, the state an
%% improper list), scrambled by ** or by +.

exsss_seed(L) when is_list(L) ->
    [S0, S1] = seed_nz(2, L, 58, false),
    [S0 | S1];
exsss_seed(X) when is_integer(X) ->
    [S0, S1] = seed58(2, X),
    [S0 | S1];
exsss_seed({A1, A2, A3}) ->
    {_, X0} = seed58(A1),
    {S0, X1} = seed58(A2 bxor X0),
    {S1, _} = seed58(A3 bxor X1),
    [S0 | S1].

exsplus_seed(L) when is_list(L) ->
    [S0, S1] = seed_nz(2, L, 58, false),
    [S0 | S1];
exsplus_seed(X) when is_integer(X) ->
    [S0, S1] = seed58(2, X),
    [S0 | S1];
exsplus_seed({A1, A2, A3}) ->
    {_, R1} = exsp_next([?LOW(A1 * 4294967197 + 1, 58) | ?LOW(A2 * 4294967231 + 1, 58)]),
    {_, R2} = exsp_next([?LOW(A3 * 4294967279 + 1, 58) | tl(R1)]),
    R2.

exsss_next([S1 | S0]) ->
    A = ?LOW(S0, 58),
    B = ?LOW(S1, 58) bxor ?SHL(58, S1, 24),
    {starstar(A), [A | B bxor A bxor (B bsr 11) bxor (A bsr 41)]}.

exsp_next([S1 | S0]) ->
    A = ?LOW(S0, 58),
    B = ?LOW(S1, 58) bxor ?SHL(58, S1, 24),
    New = B bxor A bxor (B bsr 11) bxor (A bsr 41),
    {?LOW(A + New, 58), [A | New]}.

%% x * 5, rotated left by 7, times 9 (all mod 2^58).
starstar(X) ->
    X5 = X + ?SHL(58, X, 2),
    Rot = ?SHL(58, X5, 7) bor ?LOW(X5 bsr 51, 7),
    ?LOW(Rot + ?SHL(58, Rot, 3), 58).

exsss_float({H, R0}) ->
    {V, R1} = exsss_next(R0),
    {(V bsr 5) * ?EPS53, {H, R1}}.

exsp_float({H, R0}) ->
    {V, R1} = exsp_next(R0),
    {(V bsr 5) * ?EPS53, {H, R1}}.

exsss_range(N, {H, R0}) ->
    {V, R1} = exsss_next(R0),
    pick(N, V, (1 bsl 58) - N, H, R1, fun exsss_range/2).

exsp_range(N, {H, R0}) ->
    {V, R1} = exsp_next(R0),
    pick(N, V, (1 bsl 58) - N, H, R1, fun exsp_range/2).

xs_jump_state({H, S}) ->
    {H, exsp_jump(S)}.

%% 2^64 steps ahead: the jump polynomial's 116 bits in two 58-bit words.
exsp_jump(S) ->
    {S1, Acc1} = xs_jump(S, [0 | 0], 16#02f8ea6bc32c797, 58),
    {_, Acc2} = xs_jump(S1, Acc1, 16#345d2a0f85f788c, 58),
    Acc2.

xs_jump(S, Acc, _J, 0) ->
    {S, Acc};
xs_jump(S, [A0 | A1] = Acc, J, N) ->
    {_, Next} = exsp_next(S),
    case J band 1 of
        1 ->
            [S0 | S1] = S,
            xs_jump(Next, [A0 bxor S0 | A1 bxor S1], J bsr 1, N - 1);
        0 ->
            xs_jump(Next, Acc, J bsr 1, N - 1)
    end.

%% ---------------------------------------------------------------------
%% exs64: xorshift64*.

exs64_seed(L) when is_list(L) ->
    [R] = seed_nz(1, L, 64, false),
    R;
exs64_seed(A) when is_integer(A) ->
    [R] = seed64(1, A),
    R;
exs64_seed({A1, A2, A3}) ->
    {V1, _} = exs64_next(?LOW(A1, 32) * 4294967197 + 1),
    {V2, _} = exs64_next(?LOW(A2, 32) * 4294967231 + 1),
    {V3, _} = exs64_next(?LOW(A3, 32) * 4294967279 + 1),
    (V1 * V2 * V3) rem ((1 bsl 64) - 2) + 1.

exs64_next(R) ->
    R1 = R bxor (R bsr 12),
    R2 = R1 bxor ?SHL(64, R1, 25),
    R3 = R2 bxor (R2 bsr 27),
    {?LOW(R3 * 2685821657736338717, 64), R3}.

%% ---------------------------------------------------------------------
%% exs1024 and exs1024s: xorshift1024*, sixteen 64-bit words kept as a
%% ring {Ahead, BehindReversed}.

exs1024_seed(L) when is_list(L) ->
    {seed_nz(16, L, 64, false), []};
exs1024_seed(X) when is_integer(X) ->
    {seed64(16, X), []};
exs1024_seed({A1, A2, A3}) ->
    B1 = ?LOW((?LOW(A1, 21) + 1) * 2097131, 21),
    B2 = ?LOW((?LOW(A2, 21) + 1) * 2097133, 21),
    B3 = ?LOW((?LOW(A3, 21) + 1) * 2097143, 21),
    {exs64_words(16, (B1 bsl 43) bor (B2 bsl 22) bor (B3 bsl 1) bor 1, []), []}.

exs64_words(0, _R, Acc) ->
    Acc;
exs64_words(N, R, Acc) ->
    {X, R1} = exs64_next(R),
    exs64_words(N - 1, R1, [X | Acc]).

exs1024_next({[S0, S1 | Rest], Behind}) ->
    T1 = S1 bxor ?SHL(64, S1, 31),
    T2 = T1 bxor (T1 bsr 11),
    New = S0 bxor (S0 bsr 30) bxor T2,
    {?LOW(New * 1181783497276652981, 64), {[New | Rest], [S0 | Behind]}};
exs1024_next({[Last], Behind}) ->
    exs1024_next({[Last | lists:reverse(Behind)], []}).

%% 2^512 steps ahead; the polynomial's 1024 bits, 58 to a word, the first
%% word apart.
exs1024_jump_state({H, {Ahead, Behind}}) ->
    Acc = exs1024_jump({Ahead, Behind}, lists:duplicate(16, 0), exs1024_poly(),
                       16#00242f96eca9c41d, 58, 1024),
    {L1, L2} = lists:split(16 - length(Behind), Acc),
    {H, {L1, lists:reverse(L2)}}.

exs1024_poly() ->
    [16#0196e1ddbe5a1561, 16#0239f070b5837a3c, 16#03f393cc68796cd2,
     16#0248316f404489af, 16#039a30088bffbac2, 16#02fea70dc2d9891f,
     16#032ae0d9644caec4, 16#0313aac17d8efa43, 16#02f132e055642626,
     16#01ee975283d71c93, 16#00552321b06f5501, 16#00c41d10a1e6a569,
     16#019158ecf8aa1e44, 16#004e9fc949d0b5fc, 16#0363da172811fdda,
     16#030e38c3b99181f2, 16#0000000a118038fc].

exs1024_jump(_S, Acc, _Words, _J, _N, 0) ->
    Acc;
exs1024_jump(S, Acc, [J | Words], _, 0, Total) ->
    exs1024_jump(S, Acc, Words, J, 58, Total);
exs1024_jump({Ahead, Behind} = S, Acc, Words, J, N, Total) ->
    {_, Next} = exs1024_next(S),
    Acc1 = case J band 1 of
               1 -> xor_lists(Acc, Ahead ++ lists:reverse(Behind));
               0 -> Acc
           end,
    exs1024_jump(Next, Acc1, Words, J bsr 1, N - 1, Total - 1).

xor_lists([A | As], [B | Bs]) -> [A bxor B | xor_lists(As, Bs)];
xor_lists([], []) -> [].

%% ---------------------------------------------------------------------
%% exrop: xoroshiro116+.

exrop_seed(L) when is_list(L) ->
    [S0, S1] = seed_nz(2, L, 58, false),
    [S0 | S1];
exrop_seed(X) when is_integer(X) ->
    [S0, S1] = seed58(2, X),
    [S0 | S1];
exrop_seed({A1, A2, A3}) ->
    [_ | S1] = exrop_step(?LOW(A1 * 4294967197 + 1, 58), ?LOW(A2 * 4294967231 + 1, 58)),
    exrop_step(?LOW(A3 * 4294967279 + 1, 58), S1).

exrop_step(S0, S1) ->
    X = S1 bxor S0,
    [?ROTL(58, S0, 24) bxor X bxor ?SHL(58, X, 2) | ?ROTL(58, X, 35)].

exrop_next([S0 | S1]) ->
    {?LOW(S0 + S1, 58), exrop_step(S0, S1)}.

exrop_float({H, R0}) ->
    {V, R1} = exrop_next(R0),
    {(V bsr 5) * ?EPS53, {H, R1}}.

exrop_range(N, {H, R0}) ->
    {V, R1} = exrop_next(R0),
    pick(N, V, (1 bsl 58) - N, H, R1, fun exrop_range/2).

%% 2^64 steps ahead.  The polynomial's 116 bits: the low 58 with a stop
%% bit above them, then the rest (whose own top bit ends the walk).
exrop_jump_state({H, S}) ->
    Poly = 16#9863200f83fcd4a11293241fcb12a,
    {H, exrop_jump(S, 0, 0, ?LOW(Poly, 58) bor (1 bsl 58), [Poly bsr 58])}.

exrop_jump(_S, A0, A1, 0, []) ->
    [A0 | A1];
exrop_jump(S, A0, A1, 1, [J | Js]) ->
    exrop_jump(S, A0, A1, J, Js);
exrop_jump([S0 | S1], A0, A1, J, Js) ->
    Next = exrop_step(S0, S1),
    case J band 1 of
        1 -> exrop_jump(Next, A0 bxor S0, A1 bxor S1, J bsr 1, Js);
        0 -> exrop_jump(Next, A0, A1, J bsr 1, Js)
    end.

%% ---------------------------------------------------------------------
%% exro928ss: xoroshiro928**, sixteen 58-bit words as a ring
%% {Ahead, BehindReversed}.

exro928_seed(L) when is_list(L) ->
    {seed_nz(16, L, 58, false), []};
exro928_seed(X) when is_integer(X) ->
    {seed58(16, X), []};
exro928_seed({A1, A2, A3}) ->
    {S0, X0} = seed58(A1),
    {S1, X1} = seed58(A2 bxor X0),
    {S2, X2} = seed58(A3 bxor X1),
    {[S0, S1, S2 | seed58(13, X2)], []}.

exro928ss_next({[S15, S0 | Rest], Behind}) ->
    {starstar(S0), exro928_step(Rest, Behind, S15, S0)};
exro928ss_next({[S15], Behind}) ->
    exro928ss_next({[S15 | lists:reverse(Behind)], []}).

exro928_next({[S15, S0 | Rest], Behind}) ->
    {{S15, S0}, exro928_step(Rest, Behind, S15, S0)};
exro928_next({[S15], Behind}) ->
    exro928_next({[S15 | lists:reverse(Behind)], []}).

exro928_next_state({[S15, S0 | Rest], Behind}) ->
    exro928_step(Rest, Behind, S15, S0);
exro928_next_state({[S15], Behind}) ->
    [S0 | Rest] = lists:reverse(Behind),
    exro928_step(Rest, [], S15, S0).

exro928_step(Rest, Behind, S15, S0) ->
    A = ?LOW(S0, 58),
    Q = ?LOW(S15, 58) bxor A,
    {[?ROTL(58, Q, 45) | Rest], [?ROTL(58, A, 44) bxor Q bxor ?SHL(58, Q, 9) | Behind]}.

exro928ss_float({H, R0}) ->
    {V, R1} = exro928ss_next(R0),
    {(V bsr 5) * ?EPS53, {H, R1}}.

exro928ss_range(N, {H, R0}) ->
    {V, R1} = exro928ss_next(R0),
    pick(N, V, (1 bsl 58) - N, H, R1, fun exro928ss_range/2).

exro928_jump_state({H, SR}) ->
    {H, exro928_jump_2pow512(SR)}.

%% Jumps by a polynomial given as 58-bit words, each with a stop bit
%% above its 58 bits.
exro928_jump_2pow512(SR) ->
    poly_jump(SR, [16#4085302F77130CA, 16#54E07F7F4524091, 16#5E1D7D6813D2BA0,
                   16#4687ACEF8644287, 16#4567FD9F0B83FE5, 16#43E6D27EA06C024,
                   16#641E015AC26D5D2, 16#6CD61377663B92F, 16#70A0657E19F00D4,
                   16#43C0BDDE15CF3C3, 16#745A3A8A3CEF3CC, 16#58A8CF308C8E0C6,
                   16#7B7C4CC049C536E, 16#431801F9DB3AF2C, 16#41A1504ACD83F24,
                   16#6C41DCF2F867D7F]).

exro928_jump_2pow20(SR) ->
    poly_jump(SR, [16#5B966A3DAF905E6, 16#601E9589C33DE2F, 16#74A806C17E9E644,
                   16#59AFEB4F1DF6A43, 16#46D8E75664A4268, 16#42E2C246BDA670C,
                   16#4531FB8EBC73C70, 16#537F702069EFC52, 16#4B6DC4D3AF15F8A,
                   16#5A4189F0050263D, 16#46DF2EB1FEAF0FB, 16#77AC696A43CB9AC,
                   16#4C5878C3549BD5B, 16#7CCF20BCF522920, 16#415FEFCC78FF45E,
                   16#72CF460728C2FAF]).

poly_jump({Ahead, Behind} = SR, Words) ->
    poly_words(SR, Words, lists:duplicate(length(Ahead) + length(Behind), 0)).

poly_words(_SR, [], Acc) ->
    {Acc, []};
poly_words(SR, [J | Js], Acc) ->
    poly_bits(SR, Js, Acc, J).

poly_bits(SR, Js, Acc, 1) ->
    poly_words(SR, Js, Acc);
poly_bits({Ahead, Behind} = SR, Js, Acc, J) when J =/= 0 ->
    Next = exro928_next_state(SR),
    case J band 1 of
        0 -> poly_bits(Next, Js, Acc, J bsr 1);
        1 -> poly_bits(Next, Js, xor_ring(Acc, Ahead, Behind), J bsr 1)
    end.

%% Acc xor the ring's words in order (Behind is reversed).
xor_ring([], [], undefined) ->
    [];
xor_ring(Acc, [], Behind) ->
    xor_ring(Acc, lists:reverse(Behind), undefined);
xor_ring([A | Acc], [S | Ahead], Behind) ->
    [A bxor S | xor_ring(Acc, Ahead, Behind)].

%% ---------------------------------------------------------------------
%% dummy: OTP's undocumented do-nothing algorithm (for measuring).

dummy_seed(L) when is_list(L) ->
    case L of
        [] -> erlang:error(zero_seed);
        [X] when is_integer(X) -> ?LOW(X, 58);
        [X | _] when is_integer(X) -> erlang:error(too_many_seed_integers);
        [_ | _] -> erlang:error(non_integer_seed)
    end;
dummy_seed(X) when is_integer(X) ->
    {Z, _} = splitmix64_next(X),
    ?LOW(Z, 58);
dummy_seed({A1, A2, A3}) ->
    {_, X1} = splitmix64_next(A1),
    {_, X2} = splitmix64_next(A2 bxor X1),
    {Z, _} = splitmix64_next(A3 bxor X2),
    ?LOW(Z, 58).

dummy_next(R) ->
    {R, R bxor ((1 bsl 58) - 1)}.

dummy_float({H, R}) ->
    {0.5, {H, R bxor ((1 bsl 58) - 1)}}.

dummy_range(_N, {H, R}) ->
    {1, {H, R bxor ((1 bsl 58) - 1)}}.

%% ---------------------------------------------------------------------
%% mwc59: multiply with carry, the state one integer (callers keep it).

-define(MWC_A, 16#7fa6502).

mwc59(CX0) ->
    CX = ?LOW(CX0, 59),
    ?MWC_A * ?LOW(CX, 32) + (CX bsr 32).

mwc59_value32(CX0) ->
    CX = ?LOW(CX0, 32),
    CX bxor ?SHL(32, CX, 8).

mwc59_value(CX0) ->
    CX = ?LOW(CX0, 59),
    CX1 = CX bxor ?SHL(59, CX, 4),
    CX1 bxor ?SHL(59, CX1, 27).

mwc59_float(CX0) ->
    CX = ?LOW(CX0, 53),
    CX1 = CX bxor ?SHL(53, CX, 4),
    CX2 = CX1 bxor ?SHL(53, CX1, 27),
    CX2 * ?EPS53.

mwc59_seed() ->
    {A1, A2, A3} = fresh_seed(),
    (mix58(A1) bxor mix58(A2) bxor mix58(A3)) + 1.

mwc59_seed(S) when is_integer(S), 0 =< S, S =< (1 bsl 58) - 1 ->
    mix58(S) + 1.

mix58(X) ->
    X0 = ?LOW(X, 58),
    X1 = ?LOW((X0 bxor (X0 bsr 29)) * 16#351afd7ed558ccd, 58),
    X2 = ?LOW((X1 bxor (X1 bsr 29)) * 16#0ceb9fe1a85ec53, 58),
    X2 bxor (X2 bsr 29).

%% ---------------------------------------------------------------------
%% Seed words: SplitMix64 from an integer, or a list of integers taken as
%% they are (not all zero).

splitmix64_next(X0) ->
    X = ?LOW(X0 + 16#9e3779b97f4a7c15, 64),
    Z0 = ?LOW((X bxor (X bsr 30)) * 16#bf58476d1ce4e5b9, 64),
    Z1 = ?LOW((Z0 bxor (Z0 bsr 27)) * 16#94d049bb133111eb, 64),
    {Z1 bxor (Z1 bsr 31), X}.

%% N nonzero 58-bit words from splitmix64 (exported, as OTP's is).
seed58(N, X) -> seed_words(N, X, 58).

seed58(X) -> seed_word(X, 58).

%% N nonzero 64-bit words.
seed64(N, X) -> seed_words(N, X, 64).

seed_words(0, _X, _Bits) ->
    [];
seed_words(N, X, Bits) ->
    {Z, X1} = seed_word(X, Bits),
    [Z | seed_words(N - 1, X1, Bits)].

%% The next splitmix64 output's low Bits bits that are not all zero.
seed_word(X0, Bits) ->
    {Z, X} = splitmix64_next(X0),
    case ?LOW(Z, Bits) of
        0 -> seed_word(X, Bits);
        W -> {W, X}
    end.

%% N words of Bits bits from the list, padded with zeros; NonZero says
%% whether a nonzero word has been seen.
seed_nz(_N, [], _Bits, false) ->
    erlang:error(zero_seed);
seed_nz(0, [_ | _], _Bits, _NonZero) ->
    erlang:error(too_many_seed_integers);
seed_nz(0, [], _Bits, _NonZero) ->
    [];
seed_nz(N, [], Bits, true) ->
    [0 | seed_nz(N - 1, [], Bits, true)];
seed_nz(N, [S | Ss], Bits, NonZero) ->
    if
        is_integer(S) ->
            W = ?LOW(S, Bits),
            [W | seed_nz(N - 1, Ss, Bits, NonZero orelse W =/= 0)];
        true ->
            erlang:error(non_integer_seed)
    end.

%% ---------------------------------------------------------------------
%% OTP's helpers for its own development, exported there too.

%% Prints the 0x... words of a C jump constant as 58-bit words with stop
%% bits, least significant first.
format_jumpconst58(String) ->
    {match, Found} = re:run(String, "0x([a-zA-Z0-9]+)",
                            [{newline, any}, {capture, all_but_first, binary}, global]),
    J = lists:foldl(fun([Hex], Acc) -> (Acc bsl 64) bor binary_to_integer(Hex, 16) end,
                    0, lists:reverse(Found)),
    print_words58(J).

print_words58(0) ->
    ok;
print_words58(J) ->
    io:format("16#~s,~n", [integer_to_list(?LOW(J, 58) bor (1 bsl 58), 16)]),
    print_words58(J bsr 58).

make_float(S, E, M) ->
    <<F/float>> = <<S:1, E:11, M:52>>,
    F.

float2str(N) ->
    <<S:1, E:11, M:52>> = <<(float(N))/float>>,
    Sign = case S of 1 -> $-; 0 -> $+ end,
    Lead = case E of 0 -> $0; _ -> $1 end,
    lists:flatten(io_lib:format("~c~c.~13.16.0bE~b", [Sign, Lead, M, E - 1023])).

%% ---------------------------------------------------------------------
%% The ziggurat's tables.

zig_kw() ->
    {{2104047571236786,1.736725412160263e-15}, {0,9.558660351455634e-17},
     {1693657211986787,1.2708704834810623e-16}, {1919380038271141,1.4909740962495474e-16},
     {2015384402196343,1.6658733631586268e-16}, {2068365869448128,1.8136120810119029e-16},
     {2101878624052573,1.9429720153135588e-16}, {2124958784102998,2.0589500628482093e-16},
     {2141808670795147,2.1646860576895422e-16}, {2154644611568301,2.2622940392218116e-16},
     {2164744887587275,2.353271891404589e-16}, {2172897953696594,2.438723455742877e-16},
     {2179616279372365,2.5194879829274225e-16}, {2185247251868649,2.5962199772528103e-16},
     {2190034623107822,2.6694407473648285e-16}, {2194154434521197,2.7395729685142446e-16},
     {2197736978774660,2.8069646002484804e-16}, {2200880740891961,2.871905890411393e-16},
     {2203661538010620,2.9346417484728883e-16}, {2206138681109102,2.9953809336782113e-16},
     {2208359231806599,3.054303000719244e-16}, {2210361007258210,3.111563633892157e-16},
     {2212174742388539,3.1672988018581815e-16}, {2213825672704646,3.2216280350549905e-16},
     {2215334711002614,3.274657040793975e-16}, {2216719334487595,3.326479811684171e-16},
     {2217994262139172,3.377180341735323e-16}, {2219171977965032,3.4268340353119356e-16},
     {2220263139538712,3.475508873172976e-16}, {2221276900117330,3.523266384600203e-16},
     {2222221164932930,3.5701624633953494e-16}, {2223102796829069,3.616248057159834e-16},
     {2223927782546658,3.661569752965354e-16}, {2224701368170060,3.7061702777236077e-16},
     {2225428170204312,3.75008892787478e-16}, {2226112267248242,3.7933619401549554e-16},
     {2226757276105256,3.836022812967728e-16}, {2227366415328399,3.8781025861250247e-16},
     {2227942558554684,3.919630085325768e-16}, {2228488279492521,3.9606321366256378e-16},
     {2229005890047222,4.001133755254669e-16}, {2229497472775193,4.041158312414333e-16},
     {2229964908627060,4.080727683096045e-16}, {2230409900758597,4.119862377480744e-16},
     {2230833995044585,4.1585816580828064e-16}, {2231238597816133,4.1969036444740733e-16},
     {2231624991250191,4.234845407152071e-16}, {2231994346765928,4.272423051889976e-16},
     {2232347736722750,4.309651795716294e-16}, {2232686144665934,4.346546035512876e-16},
     {2233010474325959,4.383119410085457e-16}, {2233321557544881,4.4193848564470665e-16},
     {2233620161276071,4.455354660957914e-16}, {2233906993781271,4.491040505882875e-16},
     {2234182710130335,4.52645351185714e-16}, {2234447917093496,4.561604276690038e-16},
     {2234703177503020,4.596502910884941e-16}, {2234949014150181,4.631159070208165e-16},
     {2235185913274316,4.665581985600875e-16}, {2235414327692884,4.699780490694195e-16},
     {2235634679614920,4.733763047158324e-16}, {2235847363174595,4.767537768090853e-16},
     {2236052746716837,4.8011124396270155e-16}, {2236251174862869,4.834494540935008e-16},
     {2236442970379967,4.867691262742209e-16}, {2236628435876762,4.900709524522994e-16},
     {2236807855342765,4.933555990465414e-16}, {2236981495548562,4.966237084322178e-16},
     {2237149607321147,4.998759003240909e-16}, {2237312426707209,5.031127730659319e-16},
     {2237470176035652,5.0633490483427195e-16}, {2237623064889403,5.095428547633892e-16},
     {2237771290995388,5.127371639978797e-16}, {2237915041040597,5.159183566785736e-16},
     {2238054491421305,5.190869408670343e-16}, {2238189808931712,5.222434094134042e-16},
     {2238321151397660,5.253882407719454e-16}, {2238448668260432,5.285218997682382e-16},
     {2238572501115169,5.316448383216618e-16}, {2238692784207942,5.34757496126473e-16},
     {2238809644895133,5.378603012945235e-16}, {2238923204068402,5.409536709623993e-16},
     {2239033576548190,5.440380118655467e-16}, {2239140871448443,5.471137208817361e-16},
     {2239245192514958,5.501811855460336e-16}, {2239346638439541,5.532407845392784e-16},
     {2239445303151952,5.56292888151909e-16}, {2239541276091442,5.593378587248462e-16},
     {2239634642459498,5.623760510690043e-16}, {2239725483455293,5.65407812864896e-16},
     {2239813876495186,5.684334850436814e-16}, {2239899895417494,5.714534021509204e-16},
     {2239983610673676,5.744678926941961e-16}, {2240065089506935,5.774772794756965e-16},
     {2240144396119183,5.804818799107686e-16}, {2240221591827230,5.834820063333892e-16},
     {2240296735208969,5.864779662894365e-16}, {2240369882240293,5.894700628185872e-16},
     {2240441086423386,5.924585947256134e-16}, {2240510398907004,5.95443856841806e-16},
     {2240577868599305,5.984261402772028e-16}, {2240643542273726,6.014057326642664e-16},
     {2240707464668391,6.043829183936125e-16}, {2240769678579486,6.073579788423606e-16},
     {2240830224948980,6.103311925956439e-16}, {2240889142947082,6.133028356617911e-16},
     {2240946470049769,6.162731816816596e-16}, {2241002242111691,6.192425021325847e-16},
     {2241056493434746,6.222110665273788e-16}, {2241109256832602,6.251791426088e-16},
     {2241160563691400,6.281469965398895e-16}, {2241210444026879,6.311148930905604e-16},
     {2241258926538122,6.34083095820806e-16}, {2241306038658137,6.370518672608815e-16},
     {2241351806601435,6.400214690888025e-16}, {2241396255408788,6.429921623054896e-16},
     {2241439408989313,6.459642074078832e-16}, {2241481290160038,6.489378645603397e-16},
     {2241521920683062,6.519133937646159e-16}, {2241561321300462,6.548910550287415e-16},
     {2241599511767028,6.578711085350741e-16}, {2241636510880960,6.608538148078259e-16},
     {2241672336512612,6.638394348803506e-16}, {2241707005631362,6.668282304624746e-16},
     {2241740534330713,6.698204641081558e-16}, {2241772937851689,6.728163993837531e-16},
     {2241804230604585,6.758163010371901e-16}, {2241834426189161,6.78820435168298e-16},
     {2241863537413311,6.818290694006254e-16}, {2241891576310281,6.848424730550038e-16},
     {2241918554154466,6.878609173251664e-16}, {2241944481475843,6.908846754557169e-16},
     {2241969368073071,6.939140229227569e-16}, {2241993223025298,6.969492376174829e-16},
     {2242016054702685,6.999906000330764e-16}, {2242037870775710,7.030383934552151e-16},
     {2242058678223225,7.060929041565482e-16}, {2242078483339331,7.091544215954873e-16},
     {2242097291739040,7.122232386196779e-16}, {2242115108362774,7.152996516745303e-16},
     {2242131937479672,7.183839610172063e-16}, {2242147782689725,7.214764709364707e-16},
     {2242162646924736,7.245774899788387e-16}, {2242176532448092,7.276873311814693e-16},
     {2242189440853337,7.308063123122743e-16}, {2242201373061537,7.339347561177405e-16},
     {2242212329317416,7.370729905789831e-16}, {2242222309184237,7.4022134917658e-16},
     {2242231311537397,7.433801711647648e-16}, {2242239334556717,7.465498018555889e-16},
     {2242246375717369,7.497305929136979e-16}, {2242252431779415,7.529229026624058e-16},
     {2242257498775893,7.561270964017922e-16}, {2242261571999416,7.5934354673958895e-16},
     {2242264645987196,7.625726339356756e-16}, {2242266714504453,7.658147462610487e-16},
     {2242267770526109,7.690702803721919e-16}, {2242267806216711,7.723396417018299e-16},
     {2242266812908462,7.756232448671174e-16}, {2242264781077289,7.789215140963852e-16},
     {2242261700316818,7.822348836756411e-16}, {2242257559310145,7.855637984161084e-16},
     {2242252345799276,7.889087141441755e-16}, {2242246046552082,7.922700982152271e-16},
     {2242238647326615,7.956484300529366e-16}, {2242230132832625,7.99044201715713e-16},
     {2242220486690076,8.024579184921259e-16}, {2242209691384458,8.058900995272657e-16},
     {2242197728218684,8.093412784821501e-16}, {2242184577261310,8.128120042284501e-16},
     {2242170217290819,8.163028415809877e-16}, {2242154625735679,8.198143720706533e-16},
     {2242137778609839,8.23347194760605e-16}, {2242119650443327,8.26901927108847e-16},
     {2242100214207556,8.304792058805374e-16}, {2242079441234906,8.340796881136629e-16},
     {2242057301132135,8.377040521420222e-16}, {2242033761687079,8.413529986798028e-16},
     {2242008788768107,8.450272519724097e-16}, {2241982346215682,8.487275610186155e-16},
     {2241954395725356,8.524547008695596e-16}, {2241924896721443,8.562094740106233e-16},
     {2241893806220517,8.599927118327665e-16}, {2241861078683830,8.638052762005259e-16},
     {2241826665857598,8.676480611245582e-16}, {2241790516600041,8.715219945473698e-16},
     {2241752576693881,8.754280402517175e-16}, {2241712788642916,8.793671999021043e-16},
     {2241671091451078,8.833405152308408e-16}, {2241627420382235,8.873490703813135e-16},
     {2241581706698773,8.913939944224086e-16}, {2241533877376767,8.954764640495068e-16},
     {2241483854795281,8.9959770648911e-16}, {2241431556397035,9.037590026260118e-16},
     {2241376894317345,9.079616903740068e-16}, {2241319774977817,9.122071683134846e-16},
     {2241260098640860,9.164968996219135e-16}, {2241197758920538,9.208324163262308e-16},
     {2241132642244704,9.252153239095693e-16}, {2241064627262652,9.296473063086417e-16},
     {2240993584191742,9.341301313425265e-16}, {2240919374095536,9.38665656618666e-16},
     {2240841848084890,9.432558359676707e-16}, {2240760846432232,9.479027264651738e-16},
     {2240676197587784,9.526084961066279e-16}, {2240587717084782,9.57375432209745e-16},
     {2240495206318753,9.622059506294838e-16}, {2240398451183567,9.671026058823054e-16},
     {2240297220544165,9.720681022901626e-16}, {2240191264522612,9.771053062707209e-16},
     {2240080312570155,9.822172599190541e-16}, {2239964071293331,9.874071960480671e-16},
     {2239842221996530,9.926785548807976e-16}, {2239714417896699,9.980350026183645e-16},
     {2239580280957725,1.003480452143618e-15}, {2239439398282193,1.0090190861637457e-15},
     {2239291317986196,1.0146553831467086e-15}, {2239135544468203,1.0203941464683124e-15},
     {2238971532964979,1.0262405372613567e-15}, {2238798683265269,1.0322001115486456e-15},
     {2238616332424351,1.03827886235154e-15}, {2238423746288095,1.044483267600047e-15},
     {2238220109591890,1.0508203448355195e-15}, {2238004514345216,1.057297713900989e-15},
     {2237775946143212,1.06392366906768e-15}, {2237533267957822,1.0707072623632994e-15},
     {2237275200846753,1.0776584002668106e-15}, {2237000300869952,1.0847879564403425e-15},
     {2236706931309099,1.0921079038149563e-15}, {2236393229029147,1.0996314701785628e-15},
     {2236057063479501,1.1073733224935752e-15}, {2235695986373246,1.1153497865853155e-15},
     {2235307169458859,1.1235791107110833e-15}, {2234887326941578,1.1320817840164846e-15},
     {2234432617919447,1.140880924258278e-15}, {2233938522519765,1.1500027537839792e-15},
     {2233399683022677,1.159477189144919e-15}, {2232809697779198,1.169338578691096e-15},
     {2232160850599817,1.17962663529558e-15}, {2231443750584641,1.190387629928289e-15},
     {2230646845562170,1.2016759392543819e-15}, {2229755753817986,1.2135560818666897e-15},
     {2228752329126533,1.2261054417450561e-15}, {2227613325162504,1.2394179789163251e-15},
     {2226308442121174,1.2536093926602567e-15}, {2224797391720399,1.268824481425501e-15},
     {2223025347823832,1.2852479319096109e-15}, {2220915633329809,1.3031206634689985e-15},
     {2218357446087030,1.3227655770195326e-15}, {2215184158448668,1.3446300925011171e-15},
     {2211132412537369,1.3693606835128518e-15}, {2205758503851065,1.397943667277524e-15},
     {2198248265654987,1.4319989869661328e-15}, {2186916352102141,1.4744848603597596e-15},
     {2167562552481814,1.5317872741611144e-15}, {2125549880839716,1.6227698675312968e-15}}.

zig_f() ->
    {1.0, 0.9771017012676708, 0.959879091800106, 0.9451989534422991,
     0.9320600759592299, 0.9199915050393465, 0.9087264400521303, 0.898095921898343,
     0.8879846607558328, 0.8783096558089168, 0.8690086880368565, 0.8600336211963311,
     0.8513462584586775, 0.8429156531122037, 0.834716292986883, 0.8267268339462209,
     0.8189291916037019, 0.8113078743126557, 0.8038494831709638, 0.7965423304229584,
     0.789376143566024, 0.782341832654802, 0.7754313049811866, 0.7686373157984857,
     0.7619533468367948, 0.7553735065070957, 0.7488924472191564, 0.7425052963401506,
     0.7362075981268621, 0.7299952645614757, 0.7238645334686297, 0.7178119326307215,
     0.711834248878248, 0.7059285013327538, 0.7000919181365112, 0.6943219161261163,
     0.6886160830046714, 0.6829721616449943, 0.6773880362187731, 0.6718617198970817,
     0.6663913439087498, 0.6609751477766628, 0.6556114705796969, 0.6502987431108164,
     0.645035480820822, 0.6398202774530561, 0.6346517992876233, 0.6295287799248362,
     0.6244500155470261, 0.619414360605834, 0.6144207238889134, 0.6094680649257731,
     0.6045553906974673, 0.5996817526191248, 0.5948462437679869, 0.5900479963328255,
     0.5852861792633709, 0.5805599961007903, 0.5758686829723532, 0.5712115067352527,
     0.5665877632561639, 0.5619967758145239, 0.5574378936187655, 0.5529104904258318,
     0.5484139632552654, 0.5439477311900258, 0.5395112342569516, 0.5351039323804572,
     0.5307253044036615, 0.526374847171684, 0.5220520746723214, 0.5177565172297559,
     0.5134877207473265, 0.5092452459957476, 0.5050286679434679, 0.5008375751261483,
     0.4966715690524893, 0.49253026364386815, 0.4884132847054576, 0.4843202694266829,
     0.4802508659090464, 0.4762047327195055, 0.47218153846772976, 0.4681809614056932,
     0.4642026890481739, 0.4602464178128425, 0.4563118526787161, 0.45239870686184824,
     0.44850670150720273, 0.4446355653957391, 0.44078503466580377, 0.43695485254798533,
     0.4331447691126521, 0.42935454102944126, 0.4255839313380218, 0.42183270922949573,
     0.41810064983784795, 0.4143875340408909, 0.410693148270188, 0.40701728432947315,
     0.4033597392211143, 0.399720314980197, 0.39609881851583223, 0.3924950614593154,
     0.38890886001878855, 0.38534003484007706, 0.38178841087339344, 0.37825381724561896,
     0.37473608713789086, 0.3712350576682392, 0.36775056977903225, 0.3642824681290037,
     0.36083060098964775, 0.3573948201457802, 0.35397498080007656, 0.3505709414814059,
     0.3471825639567935, 0.34380971314685055, 0.34045225704452164, 0.3371100666370059,
     0.33378301583071823, 0.3304709813791634, 0.3271738428136013, 0.32389148237639104,
     0.3206237849569053, 0.3173706380299135, 0.31413193159633707, 0.31090755812628634,
     0.3076974125042919, 0.3045013919766498, 0.3013193961008029, 0.2981513266966853,
     0.29499708779996164, 0.291856585617095, 0.2887297284821827, 0.2856164268155016,
     0.2825165930837074, 0.2794301417616377, 0.2763569892956681, 0.2732970540685769,
     0.2702502563658752, 0.26721651834356114, 0.2641957639972608, 0.2611879191327208,
     0.2581929113376189, 0.2552106699546617, 0.2522411260559419, 0.24928421241852824,
     0.24633986350126363, 0.24340801542275012, 0.2404886059405004, 0.23758157443123795,
     0.2346868618723299, 0.23180441082433859, 0.22893416541468023, 0.2260760713223802,
     0.22323007576391746, 0.22039612748015194, 0.21757417672433113, 0.21476417525117358,
     0.21196607630703015, 0.209179834621125, 0.20640540639788071, 0.20364274931033485,
     0.20089182249465656, 0.1981525865457751, 0.19542500351413428, 0.19270903690358912,
     0.19000465167046496, 0.18731181422380025, 0.18463049242679927, 0.18196065559952254,
     0.17930227452284767, 0.176655321443735, 0.17401977008183875, 0.17139559563750595,
     0.1687827748012115, 0.16618128576448205, 0.1635911082323657, 0.16101222343751107,
     0.1584446141559243, 0.1558882647244792, 0.15334316106026283, 0.15080929068184568,
     0.14828664273257453, 0.14577520800599403, 0.1432749789735134, 0.1407859498144447,
     0.1383081164485507, 0.13584147657125373, 0.13338602969166913, 0.1309417771736443,
     0.12850872227999952, 0.12608687022018586, 0.12367622820159654, 0.12127680548479021,
     0.11888861344290998, 0.1165116656256108, 0.11414597782783835, 0.111791568163838,
     0.10944845714681163, 0.10711666777468364, 0.1047962256224869, 0.10248715894193508,
     0.10018949876880981, 0.09790327903886228, 0.09562853671300882, 0.09336531191269086,
     0.09111364806637363, 0.08887359206827579, 0.08664519445055796, 0.08442850957035337,
     0.08222359581320286, 0.08003051581466306, 0.07784933670209604, 0.07568013035892707,
     0.07352297371398127, 0.07137794905889037, 0.06924514439700677, 0.0671246538277885,
     0.06501657797124284, 0.06292102443775811, 0.060838108349539864, 0.05876795292093376,
     0.0567106901062029, 0.054666461324888914, 0.052635418276792176, 0.05061772386094776,
     0.04861355321586852, 0.04662309490193037, 0.04464655225129444, 0.04268414491647443,
     0.04073611065594093, 0.03880270740452611, 0.036884215688567284, 0.034980941461716084,
     0.03309321945857852, 0.031221417191920245, 0.029365939758133314, 0.027527235669603082,
     0.025705804008548896, 0.023902203305795882, 0.022117062707308864, 0.020351096230044517,
     0.018605121275724643, 0.016880083152543166, 0.015177088307935325, 0.01349745060173988,
     0.011842757857907888, 0.010214971439701471, 0.008616582769398732, 0.007050875471373227,
     0.005522403299250997, 0.0040379725933630305, 0.0026090727461021627, 0.0012602859304985975}.

