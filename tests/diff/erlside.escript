#!/usr/bin/env escript
%%! +pc latin1
%% erlside.escript DIR: the erl side of the differential test.
%% Reads the terms termgen wrote (DIR/terms.etf) and the format cases
%% (DIR/cases.eterm), formats every term every way with io_lib:format, and
%% writes erl.out in termgen's record format; checks that term_to_binary
%% gives back exactly our ETF bytes, and writes DIR/erl.count.
%% (+pc latin1 above is erl's default, made explicit: it decides which lists
%% ~tp prints as strings. Cases marked `unicode` are formatted in a peer
%% node started with +pc unicode, over its standard_io: no distribution.
%% The case marked `display` is the emulator's text, erts_debug:display/1's
%% result: it prints the text too, so run.sh keeps only our "diff: " lines
%% of standard output.)
-mode(compile).

-define(SHOW, 5).

main([Dir]) ->
    {ok, Cases0} = file:consult(filename:join(Dir, "cases.eterm")),
    Cases = with_nodes(Cases0),
    {ok, Terms} = file:read_file(filename:join(Dir, "terms.etf")),
    {ok, Out} = file:open(filename:join(Dir, "erl.out"), [write, raw, binary, delayed_write]),
    {Ok, Bad} = each_term(Terms, 0, Cases, Out, {0, 0}),
    ok = file:close(Out),
    [peer:stop(P) || P <- lists:usort([P || {_, _, _, P} <- Cases, is_pid(P)])],
    io:format("diff: ETF bytes term_to_binary(binary_to_term(Ours)) =:= Ours: ~b ok, ~b wrong~n", [Ok, Bad]),
    ok = file:write_file(filename:join(Dir, "erl.count"), io_lib:format("~b ~b~n", [Ok, Bad])),
    halt(0);
main(_) ->
    io:format(standard_error, "usage: erlside.escript DIR~n", []),
    halt(2).

%% {Name, Format, Args, Where}: Where is `local` for erl's default printable
%% range, or the peer of range unicode.
with_nodes(Cases) ->
    Peer = case [C || {_, _, _, unicode} = C <- Cases] of
               [] -> local;
               _ -> start_unicode_peer()
           end,
    [case C of
         {N, F, A} -> {N, F, A, local};
         {N, F, A, display} -> {N, F, A, display};
         {N, F, A, unicode} -> {N, F, A, Peer}
     end || C <- Cases].

start_unicode_peer() ->
    {ok, P, _} = peer:start_link(#{connection => standard_io, args => ["+pc", "unicode"]}),
    case peer:call(P, io, printable_range, []) of
        unicode -> P;
        Other ->
            io:format("diff: the +pc unicode peer has printable range ~p~n", [Other]),
            halt(1)
    end.

each_term(<<>>, _I, _Cases, _Out, Tally) ->
    Tally;
each_term(<<Len:32, Etf:Len/binary, Rest/binary>>, I, Cases, Out, Tally) ->
    {Texts, Tally1} = term_texts(Etf, I, Cases, Tally),
    ok = file:write(Out, [[<<(byte_size(T)):32>>, T] || T <- Texts]),
    each_term(Rest, I + 1, Cases, Out, Tally1);
each_term(_, I, _Cases, _Out, _Tally) ->
    io:format("diff: terms.etf is truncated at term ~b~n", [I]),
    halt(1).

%% termgen writes an empty blob for a term it could not encode (and counts
%% that failure itself).
term_texts(<<>>, _I, Cases, Tally) ->
    {[<<"<no ETF: termgen could not encode the term>">> || _ <- Cases], Tally};
term_texts(Etf, I, Cases, {Ok, Bad}) ->
    try binary_to_term(Etf) of
        T ->
            Texts = [format(C, T) || C <- Cases],
            case term_to_binary(T) of
                Etf ->
                    {Texts, {Ok + 1, Bad}};
                Other ->
                    At = binary:longest_common_prefix([Etf, Other]),
                    show(Bad, "term ~b: term_to_binary differs from our ETF at byte ~b of ~b~n"
                         "  term: ~W~n  ours: ...~w~n  erl:  ...~w~n",
                         [I, At, byte_size(Other), T, 12, around(Etf, At), around(Other, At)]),
                    {Texts, {Ok, Bad + 1}}
            end
    catch
        error:Reason ->
            show(Bad, "term ~b: erl's binary_to_term rejects our ETF (~p)~n  ours: ~w~n",
                 [I, Reason, clip(Etf)]),
            {[<<"<erl: binary_to_term failed>">> || _ <- Cases], {Ok, Bad + 1}}
    end.

format({_Name, _Format, [term], display}, T) ->
    try
        Text = erts_debug:display(T), % ends in "\n"; bytes, not chars
        list_to_binary(lists:droplast(Text))
    catch
        Class:Reason ->
            iolist_to_binary(io_lib:format("<erl: erts_debug:display crashed: ~p:~p>", [Class, Reason]))
    end;
format({_Name, Format, Args, Where}, T) ->
    Args1 = [case A of term -> T; _ -> A end || A <- Args],
    try
        unicode:characters_to_binary(format_at(Where, Format, Args1))
    catch
        Class:Reason ->
            iolist_to_binary(io_lib:format("<erl: io_lib:format crashed: ~p:~p>", [Class, Reason]))
    end.

format_at(local, Format, Args) -> io_lib:format(Format, Args);
format_at(Peer, Format, Args) -> peer:call(Peer, io_lib, format, [Format, Args]).

show(Shown, Fmt, Args) when Shown < ?SHOW ->
    io:format("diff: " ++ Fmt, Args);
show(_, _, _) ->
    ok.

clip(B) when byte_size(B) > 400 -> <<(binary_part(B, 0, 400))/binary, "...">>;
clip(B) -> B.

%% Bytes from a little before offset At to some way after it.
around(B, At) ->
    From = max(0, At - 16),
    binary_part(B, From, min(byte_size(B) - From, 48)).
