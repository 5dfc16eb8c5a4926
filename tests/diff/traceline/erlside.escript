#!/usr/bin/env escript
%%! +pc latin1
%% erlside.escript: the erl side of the trace line differential test.
%%   gen DIR N SEED  writes N varied trace messages (every tag, every
%%                   timestamp form, seq_trace, drop, unknown and malformed
%%                   ones) to DIR/msgs.etf as term_to_binary of a list, and
%%                   what real dbg:dhandler/2 writes for each, with Modifier
%%                   "" and "t", to DIR/erl.etf.
%%   cmp DIR         compares DIR/ours.etf (dbgsh's results, same shape)
%%                   with DIR/erl.etf byte for byte; where they differ,
%%                   again after numbering pids, ports and refs by first
%%                   appearance. Last line "traceline: N passed, N failed".
%% A result is the text (UTF-8 binary) or {error, Reason} when dhandler
%% raises. +pc latin1 above is erl's default, made explicit.
-mode(compile).

-define(SHOW, 8).

main(["gen", Dir, N, Seed]) ->
    S = list_to_integer(Seed),
    rand:seed(exsss, {S, S * 7 + 1, S * 13 + 2}),
    Msgs = [message(I) || I <- lists:seq(1, list_to_integer(N))],
    ok = file:write_file(filename:join(Dir, "msgs.etf"), term_to_binary(Msgs)),
    Io = spawn_link(fun() -> collector([]) end),
    Results = [[dhandler(M, Mod, Io) || Mod <- ["", "t"]] || M <- Msgs],
    ok = file:write_file(filename:join(Dir, "erl.etf"), term_to_binary(Results)),
    halt(0);
main(["cmp", Dir]) ->
    {ok, Mb} = file:read_file(filename:join(Dir, "msgs.etf")),
    {ok, Eb} = file:read_file(filename:join(Dir, "erl.etf")),
    Msgs = binary_to_term(Mb),
    Erl = binary_to_term(Eb),
    Ours = case file:read_file(filename:join(Dir, "ours.etf")) of
               {ok, Ob} -> binary_to_term(Ob);
               _ -> [[missing, missing] || _ <- Msgs]
           end,
    {P, F, Norm} = compare(Msgs, Erl, Ours, 0, 0, 0),
    io:format("traceline: ~b messages x 2 modifiers compared with dbg:dhandler/2 "
              "(~b equal only after numbering pids/ports/refs)~n", [length(Msgs), Norm]),
    io:format("traceline: ~b passed, ~b failed~n", [P, F]),
    halt(case F of 0 -> 0; _ -> 1 end);
main(_) ->
    io:format(standard_error, "usage: erlside.escript gen DIR N SEED | cmp DIR~n", []),
    halt(2).

%% ---- what real dbg writes ------------------------------------------------------

dhandler(Msg, Mod, Io) ->
    R = try dbg:dhandler(Msg, {Io, Mod}) of
            _ -> ok
        catch
            error:Reason -> {error, Reason}
        end,
    Io ! {take, self()},
    Text = receive {text, T} -> T end,
    case R of
        ok -> Text;
        _ when Text =:= <<>> -> R;
        _ -> {R, Text}
    end.

%% A minimal io server: keeps what it is asked to write, as UTF-8.
collector(Acc) ->
    receive
        {io_request, From, ReplyAs, Req} ->
            {Reply, Acc1} = request(Req, Acc),
            From ! {io_reply, ReplyAs, Reply},
            collector(Acc1);
        {take, From} ->
            From ! {text, unicode:characters_to_binary(lists:reverse(Acc))},
            collector([])
    end.

request({put_chars, _Enc, Chars}, Acc) -> {ok, [Chars | Acc]};
request({put_chars, _Enc, M, F, A}, Acc) ->
    try apply(M, F, A) of
        Chars -> {ok, [Chars | Acc]}
    catch
        _:_ -> {{error, F}, Acc}
    end;
request(getopts, Acc) -> {[{encoding, unicode}], Acc};
request(_, Acc) -> {{error, request}, Acc}.

%% ---- comparing --------------------------------------------------------------------

compare([M | Ms], [E | Es], [O | Os], P, F, N) ->
    {P1, F1, N1} = compare_one(M, lists:zip(["\"\"", "\"t\""], E), O, P, F, N),
    compare(Ms, Es, Os, P1, F1, N1);
compare([], [], [], P, F, N) ->
    {P, F, N};
compare(Ms, _, _, P, F, N) ->
    io:format("traceline: ours.etf has a different number of results (~b left)~n", [length(Ms)]),
    {P, F + 2 * length(Ms), N}.

compare_one(_M, [], [], P, F, N) ->
    {P, F, N};
compare_one(M, [{Mod, E} | Es], [O | Os], P, F, N) ->
    Et = text(E),
    Ot = text(O),
    if
        Et =:= Ot ->
            compare_one(M, Es, Os, P + 1, F, N);
        true ->
            case normalise(Et) =:= normalise(Ot) of
                true ->
                    compare_one(M, Es, Os, P + 1, F, N + 1);
                false ->
                    show(F, "traceline: differs (Modifier ~s): ~W~n--- erl:~n~ts~n--- ours:~n~ts~n",
                         [Mod, M, 12, clip(Et), clip(Ot)]),
                    compare_one(M, Es, Os, P, F + 1, N)
            end
    end.

text(B) when is_binary(B) -> B;
text(missing) -> <<"<no result from dbgsh>">>;
text(Other) -> iolist_to_binary(io_lib:format("<raised ~w>", [Other])).

%% Pids, ports and refs numbered by first appearance: nodes other than the
%% local one have different numbers in erl and dbgsh.
normalise(B) ->
    {ok, Re} = re:compile("#Port<[0-9.]+>|#Ref<[0-9.]+>|<[0-9]+\\.[0-9]+\\.[0-9]+>"),
    case re:run(B, Re, [global, {capture, first, binary}]) of
        nomatch ->
            B;
        {match, Ms} ->
            Ids = number(lists:append(Ms), #{}, 0),
            iolist_to_binary(substitute(B, Re, Ids))
    end.

number([X | Xs], Ids, K) ->
    case Ids of
        #{X := _} -> number(Xs, Ids, K);
        _ -> number(Xs, Ids#{X => K + 1}, K + 1)
    end;
number([], Ids, _) ->
    Ids.

substitute(B, Re, Ids) ->
    case re:run(B, Re, [{capture, first, index}]) of
        nomatch ->
            [B];
        {match, [{At, Len}]} ->
            X = binary_part(B, At, Len),
            Rest = binary_part(B, At + Len, byte_size(B) - At - Len),
            [binary_part(B, 0, At), "<#", integer_to_list(maps:get(X, Ids)), ">" | substitute(Rest, Re, Ids)]
    end.

%% At most 20 lines of a text in a report.
clip(B) ->
    case binary:split(B, <<"\n">>, [global]) of
        Ls when length(Ls) > 20 ->
            iolist_to_binary([lists:join("\n", lists:sublist(Ls, 20)), "\n..."]);
        _ -> B
    end.

show(Shown, Fmt, Args) when Shown < ?SHOW -> io:format(Fmt, Args);
show(_, _, _) -> ok.

%% ---- messages ------------------------------------------------------------------------

pick(L) -> lists:nth(rand:uniform(length(L)), L).
chance(P) -> rand:uniform() < P.

%% One message: mostly trace and trace_ts messages of every tag, some
%% seq_trace, drop, malformed and non-messages.
message(_I) ->
    case rand:uniform(100) of
        R when R =< 50 -> trace_msg();
        R when R =< 82 -> with_ts(trace_msg());
        R when R =< 89 -> seq_trace();
        R when R =< 91 -> {drop, pick([0, 1, 17, 123456789012345678901234567890, -1, foo])};
        R when R =< 95 -> external();
        _ -> odd()
    end.

with_ts(Msg) ->
    [trace | Rest] = tuple_to_list(Msg),
    list_to_tuple([trace_ts | Rest] ++ [timestamp()]).

timestamp() ->
    case rand:uniform(5) of
        1 -> {1600 + rand:uniform(200), rand:uniform(999999), rand:uniform(999999)}; % timestamp
        2 -> {0, rand:uniform(100), rand:uniform(999999)};                         % cpu_timestamp
        3 -> -576460752303423488 + rand:uniform(1 bsl 40);                       % monotonic
        4 -> {-576460752303423488 + rand:uniform(1 bsl 40), rand:uniform(1000) - 500}; % strict
        5 -> rand:uniform(1 bsl 50)
    end.

from() ->
    case rand:uniform(20) of
        1 -> hd(erlang:ports());
        2 -> pick([self(), list_to_pid("<0.12345.6>")]);
        _ -> pid()
    end.

pid() -> list_to_pid("<0." ++ integer_to_list(rand:uniform(5000)) ++ ".0>").

trace_msg() ->
    P = from(),
    case rand:uniform(34) of
        1 -> {trace, P, call, mfa_args()};
        2 -> {trace, P, call, mfa_args()};
        3 -> {trace, P, call, mfa_args()};
        4 -> {trace, P, call, mfa_arity()};
        5 -> {trace, P, call, mfa_args(), term(3)};
        6 -> {trace, P, call, pick([mfa_args(), mfa_arity(), term(2)]), {message, term(2)}};
        7 -> {trace, P, call, term(2)};
        8 -> {trace, P, return_from, mfa_arity(), term(4)};
        9 -> {trace, P, return_from, mfa_arity(), term(3)};
        10 -> {trace, P, exception_from, mfa_arity(), {pick([error, exit, throw]), term(3)}};
        11 -> {trace, P, return_to, pick([mfa_arity(), mfa_arity(), undefined, term(1)])};
        12 -> {trace, P, send, term(3), pick([pid(), atom(), {atom(), atom()}])};
        13 -> {trace, P, send_to_non_existing_process, term(3), pid()};
        14 -> {trace, P, 'receive', term(3)};
        15 -> {trace, P, 'receive', pick([{dbg, ok}, {dbg, ok}, {dbg, nok}, {dbg, ok, x}])};
        16 -> {trace, P, spawn, pid(), mfa_args()};
        17 -> {trace, P, spawned, pid(), mfa_args()};
        18 -> {trace, P, exit, term(3)};
        19 -> {trace, P, pick([link, unlink, getting_linked, getting_unlinked]), pick([pid(), hd(erlang:ports())])};
        20 -> {trace, P, pick([register, unregister]), atom()};
        21 -> {trace, P, pick([in, out, in_exiting, out_exiting, out_exited]), pick([mfa_arity(), 0])};
        22 -> {trace, P, pick([gc_minor_start, gc_major_start, gc_minor_end, gc_major_end,
                              gc_start, gc_end]), gc_info()};
        23 -> {trace, P, return, mfa_arity()};
        24 -> {trace, P, return, mfa_arity(), term(2)};
        25 -> {trace, P, spawn, pid()};
        26 -> {trace, P, spawn, pid(), mfa_args(), extra};
        27 -> {trace, hd(erlang:ports()), pick([open, closed, getting_linked]), pick([pid(), atom()]),
               pick([some_driver, normal])};
        28 -> {trace, P, pick([call, return_to]), mfa_args()};
        29 -> list_to_tuple([trace, P, atom() | [term(2) || _ <- lists:seq(1, rand:uniform(4))]]);
        30 -> {trace, P, call, big_args()};
        31 -> {trace, P, 'receive', big_term()};
        32 -> {trace, P, return_from, mfa_arity(), big_term()};
        33 -> {trace, P, send, big_term(), pid()};
        34 -> {trace, P, call, big_args(), big_term()}
    end.

mfa_args() -> {module(), fname(), args()}.
mfa_arity() -> {module(), fname(), rand:uniform(6) - 1}.
module() -> pick([m, lists, gen_server, 'Elixir.Foo', 'my mod', erlang, list_to_atom([1049, 1072])]).
fname() -> pick([f, foo, handle_call, 'fun', '-anon/1-fun-0-', 'Hello', list_to_atom("caf\x{e9}"),
                 list_to_atom([8364, $x]), init]).

args() ->
    L = [term(3) || _ <- lists:seq(1, rand:uniform(7) - 1)],
    case chance(0.08) of
        true -> L ++ term(1);   % an improper argument list
        false -> L
    end.

%% Arguments long enough to wrap, each laid out on its own.
big_args() ->
    {module(), fname(), [big_term() || _ <- lists:seq(1, rand:uniform(4))]}.

big_term() ->
    case rand:uniform(8) of
        1 -> lists:seq(1, 10 + rand:uniform(60));
        2 -> string(40 + rand:uniform(120));
        3 -> list_to_tuple([term(2) || _ <- lists:seq(1, 3 + rand:uniform(12))]);
        4 -> [term(3) || _ <- lists:seq(1, 4 + rand:uniform(10))];
        5 -> maps:from_list([{atom(), term(2)} || _ <- lists:seq(1, 3 + rand:uniform(12))]);
        6 -> str_bin(string(30 + rand:uniform(150)));
        7 -> deep(4 + rand:uniform(10));
        8 -> {record, term(2), big_list()}
    end.

big_list() -> [{rand:uniform(1000), atom()} || _ <- lists:seq(1, 5 + rand:uniform(20))].

deep(0) -> term(1);
deep(N) ->
    D = deep(N - 1),
    pick([[D], {D}, {x, D, y}, #{k => D}, [D, D]]).

gc_info() ->
    [{K, rand:uniform(100000)} || K <- [old_heap_block_size, heap_block_size, mbuf_size, recent_size,
                                         stack_size, old_heap_size, heap_size, bin_vheap_size,
                                         bin_vheap_block_size, bin_old_vheap_size,
                                         bin_old_vheap_block_size], chance(0.8)].

term(0) -> leaf();
term(D) ->
    case rand:uniform(14) of
        R when R =< 5 -> leaf();
        6 -> list_to_tuple([term(D - 1) || _ <- lists:seq(1, rand:uniform(5) - 1)]);
        7 -> [term(D - 1) || _ <- lists:seq(1, rand:uniform(6) - 1)];
        8 -> maps:from_list([{term(D - 1), term(D - 1)} || _ <- lists:seq(1, rand:uniform(4) - 1)]);
        9 -> string(rand:uniform(30));
        10 -> binary();
        11 -> [term(D - 1) | term(D - 1)];
        12 -> {atom(), term(D - 1)};
        13 -> [{atom(), term(D - 1)} || _ <- lists:seq(1, rand:uniform(4))];
        14 -> big_term()
    end.

leaf() ->
    case rand:uniform(14) of
        1 -> rand:uniform(100) - 50;
        2 -> rand:uniform(1 bsl 70) - (1 bsl 69);
        3 -> pick([0.0, 1.5, -3.25, 1.0e300, 0.1, 2.0e-10, math:pi(), 123456789.0]);
        4 -> atom();
        5 -> atom();
        6 -> pid();
        7 -> make_ref();
        8 -> hd(erlang:ports());
        9 -> pick([fun lists:map/2, fun erlang:self/0, fun(X) -> X end, fun() -> ok end]);
        10 -> [];
        11 -> <<>>;
        12 -> string(rand:uniform(8));
        13 -> rand:uniform(255);
        14 -> {}
    end.

atom() ->
    pick([ok, error, undefined, true, hello, 'hello world', 'Caps', '', 'case', 'a\nb', 'x@y', '_u',
          'ä', list_to_atom([8364]), list_to_atom("tab\there"), 'quote\'s', 'a.b', '\\']).

string(N) ->
    Alphabet = case rand:uniform(6) of
                   1 -> "abcdefghijklmnopqrstuvwxyz ";
                   2 -> "abc \n\t\"\\'xyz";
                   3 -> "h\x{e9}ll\x{f6} w\x{f8}rld";
                   4 -> [$a, $b, 8364, 1049, $c];
                   5 -> [$a, 0, 1, 7, 27, 127, 200, $z];
                   6 -> "0123456789 ,.;:[]{}"
               end,
    [pick(Alphabet) || _ <- lists:seq(1, N)].

binary() ->
    case rand:uniform(6) of
        1 -> str_bin(string(rand:uniform(20)));
        2 -> unicode:characters_to_binary([pick([$a, 8364, 233, 1049, $z]) || _ <- lists:seq(1, rand:uniform(10))]);
        3 -> crypto_free_bytes(rand:uniform(12));
        4 -> <<(rand:uniform(255)):(rand:uniform(7))>>;
        5 -> <<"abc", (rand:uniform(7)):3>>;
        6 -> list_to_binary(lists:seq(1, rand:uniform(40)))
    end.

%% A string as a binary: UTF-8, or one byte per char when it can be.
str_bin(S) ->
    case lists:all(fun(C) -> C < 256 end, S) andalso chance(0.5) of
        true -> list_to_binary(S);
        false -> unicode:characters_to_binary(S)
    end.

crypto_free_bytes(N) -> list_to_binary([rand:uniform(256) - 1 || _ <- lists:seq(1, N)]).

seq_trace() ->
    Info = case rand:uniform(6) of
               1 -> {send, {rand:uniform(9), rand:uniform(9)}, pid(), pid(), term(3)};
               2 -> {'receive', {rand:uniform(9), rand:uniform(9)}, pid(), pid(), term(3)};
               3 -> {print, {rand:uniform(9), rand:uniform(9)}, pid(), ignored, term(3)};
               4 -> {send, 1, pid(), pid(), big_term()};
               5 -> {print, 1, 2};
               6 -> term(2)
           end,
    Label = pick([0, 17, label, {a, b}, big_term()]),
    case rand:uniform(10) of
        R when R =< 5 -> {seq_trace, Label, Info};
        R when R =< 9 -> {seq_trace, Label, Info, timestamp()};
        _ -> {seq_trace, Label, Info, timestamp(), extra}
    end.

%% External pids, ports and refs: their node numbers differ between erl
%% and dbgsh, so only in lines too short to wrap.
external() ->
    Node = pick(['foo@bar', 'n@host']),
    Pid = binary_to_term(<<131, 88, 100, (byte_size(atom_to_binary(Node))):16,
                           (atom_to_binary(Node))/binary, 0:32, 5:32, 0:32, 1:32>>),
    Port = binary_to_term(<<131, 89, 100, (byte_size(atom_to_binary(Node))):16,
                            (atom_to_binary(Node))/binary, 7:32, 1:32>>),
    case rand:uniform(4) of
        1 -> {trace, Pid, call, {m, f, [Pid, Port]}};
        2 -> {trace, pid(), send, {hello, Port}, Pid};
        3 -> {trace_ts, Pid, 'receive', ok, {1, 2, 3}};
        4 -> {trace, Port, closed, normal}
    end.

odd() ->
    P = pid(),
    pick([end_of_trace, {trace, P}, {trace, P, send}, {trace, P, send, hello},
          {trace, P, 'receive'}, {trace, P, call}, {trace, P, return_from, {m, f, 1}},
          {trace, P, return_to}, {trace, P, exit}, {trace, P, gc_minor_start},
          {trace_ts, P, exit, {1, 2, 3}}, {trace_ts, P, 'receive', {1, 2, 3}},
          {trace_ts, P, send, hello, {1, 2, 3}}, {trace_ts, P, call, {1, 2, 3}},
          {trace_ts, P, return_from, {m, f, 1}, 5}, {trace_ts, P, spawn, 1, 2, 3},
          {trace_ts, P, x}, {drop, 1, 2}, {drop}, {seq_trace, x}, {seq_trace}, {}, 42, "trace",
          [trace, P, call], #{trace => P}, {trace_ts}, {trace, P, {not_an_atom}, 1}]).
