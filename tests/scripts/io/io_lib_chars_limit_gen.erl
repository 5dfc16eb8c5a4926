-module(io_lib_chars_limit_gen).
-export([main/0]).

%% io_lib:format/3 with chars_limit on generated terms and formats (a
%% fixed seed, the program's own generator, so erl and dbgsh see the same
%% inputs): every case prints its limit, its format, the text (non-ASCII
%% escaped) and erlang:phash2 of the deep list, which tells its nesting.

main() ->
    put(seed, 20261123),
    cases(1, 420).

cases(I, N) when I > N -> ok;
cases(I, N) ->
    {Format, Args} = directives(1 + rnd(3)),
    Limit = pick([0, 1, 2, 3, 4, 5, 8, 12, 20, 30, 45, 60, 80, 100, 130, rnd(200)]),
    R = try io_lib:format(Format, Args, [{chars_limit, Limit}])
        catch error:E -> {error, E}
        end,
    case R of
        {error, Why} -> io:format("~b ~b ~w error ~w~n", [I, Limit, Format, Why]);
        _ -> io:format("~b ~b ~w ~s ~b~n", [I, Limit, Format, ascii(lists:flatten(R)), erlang:phash2(R)])
    end,
    cases(I + 1, N).

%% A format of N directives with text between them, and its arguments.
directives(0) -> {"", []};
directives(N) ->
    {F1, A1} = directive(),
    {F2, A2} = directives(N - 1),
    Sep = pick(["", " ", "-", "\n", "\t", "ab: "]),
    {F1 ++ Sep ++ F2, A1 ++ A2}.

directive() ->
    T = term(3),
    case rnd(12) of
        0 -> {"~p", [T]};
        1 -> {"~w", [T]};
        2 -> {"~P", [T, pick([-1, 1, 2, 3, 5, 9])]};
        3 -> {"~W", [T, pick([-1, 1, 2, 3, 5, 9])]};
        4 -> {"~tp", [T]};
        5 -> {"~lp", [T]};
        6 -> {pick(["~s", "~ts", "~10s", "~-12s", "~.5s", "~8.4s", "~30ts"]), [chardata(2)]};
        7 -> {pick(["~40p", "~20p", "~.10p", "~30.5p"]), [T]};
        8 -> {pick(["~12w", "~-15w", "~.6w"]), [T]};
        9 -> small();
        10 -> {"~s", [pick([abc, 'quoted atom', ''])]};
        _ -> {"~p", [[term(2) || _ <- lists:seq(1, rnd(8))]]}
    end.

%% A directive that prints no term, and its arguments.
small() ->
    case rnd(7) of
        0 -> {"~b", [rnd(1000)]};
        1 -> {"~c", [$a + rnd(26)]};
        2 -> {"~n", []};
        3 -> {"~~", []};
        4 -> {"~e", [1.5]};
        5 -> {"~10.4.*w", [pick([$., $x]), term(2)]};
        _ -> {"~i", [abc]}
    end.

term(0) -> leaf();
term(D) ->
    case rnd(10) of
        0 -> [term(D - 1) || _ <- lists:seq(1, rnd(6))];
        1 -> list_to_tuple([term(D - 1) || _ <- lists:seq(1, rnd(5))]);
        2 -> list_to_tuple([pick([rec, point, state, x]) | [term(D - 1) || _ <- lists:seq(1, 1 + rnd(4))]]);
        3 -> maps:from_list([{leaf(), term(D - 1)} || _ <- lists:seq(1, rnd(5))]);
        4 -> [term(D - 1) | term(D - 1)];
        5 -> lists:seq(1, rnd(40));
        _ -> leaf()
    end.

leaf() ->
    case rnd(14) of
        0 -> rnd(100000) - 500;
        1 -> pick([1.5, -0.25, 3.0e10, 1.0e-5, 123.456]);
        2 -> pick([ok, 'Quoted', 'a b', error, undefined, '']);
        3 -> string();
        4 -> list_to_binary(string_of(rnd(30), fun() -> $a + rnd(26) end));
        5 -> list_to_binary([rnd(256) || _ <- lists:seq(1, rnd(25))]);
        6 -> unicode:characters_to_binary(string_of(1 + rnd(12), fun() -> pick([$a, 228, 960, 8364]) end));
        7 -> <<(rnd(1000)):(1 + rnd(20))>>;
        8 -> 1 bsl (64 + rnd(40));
        9 -> [];
        10 -> {};
        11 -> #{};
        12 -> string_of(rnd(10), fun() -> pick([$a, 0, 7, 300, 255]) end);
        _ -> string_of(1 + rnd(60), fun() -> $a + rnd(26) end)
    end.

string() -> string_of(rnd(25), fun() -> pick([$a, $b, $\s, $\n, $", 233, $z]) end).

string_of(N, F) -> [F() || _ <- lists:seq(1, N)].

chardata(0) -> string();
chardata(D) ->
    case rnd(5) of
        0 -> [chardata(D - 1), chardata(D - 1)];
        1 -> list_to_binary(string());
        2 -> [string() | list_to_binary(string())];
        3 -> string_of(rnd(30), fun() -> pick([$a, $e, 769, 960, $\s]) end);
        _ -> string()
    end.

pick(L) -> lists:nth(1 + rnd(length(L)), L).

%% 0 .. N - 1, from a linear congruential generator.
rnd(N) ->
    S = (get(seed) * 1103515245 + 12345) band 16#7FFFFFFF,
    put(seed, S),
    (S bsr 8) rem N.

%% (~ts may leave binaries from string:slice/3 in the text.)
ascii([B | Cs]) when is_binary(B) -> "<" ++ ascii(binary_to_list(B)) ++ ">" ++ ascii(Cs);
ascii([C | Cs]) when C >= 32, C < 127, C =/= $\\ -> [C | ascii(Cs)];
ascii([C | Cs]) -> "\\" ++ integer_to_list(C) ++ ";" ++ ascii(Cs);
ascii([]) -> [].
