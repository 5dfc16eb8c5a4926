%% io_lib: the Erlang half of OTP 25's io_lib for the dbgsh VM: format/2,3
%% and write/2,3 over the C BIFs of format/io.c (which build their deep
%% lists), print/1,4 and the layout of ~p (io_lib_pretty's, down to the
%% nesting of its result), character list predicates, quoting of atoms,
%% strings and characters. write/1 is a C BIF of the VM.
-module(io_lib).

-export([format/2, format/3, fwrite/2, fwrite/3, write/2, write/3, print/1,
         print/4]).
-export([scan_format/2, unscan_format/1, build_text/1, build_text/2]).
-export([limit_term/2]).
-export([char_list/1, chars_length/1, deep_char_list/1,
         deep_latin1_char_list/1, deep_unicode_char_list/1, indentation/2,
         latin1_char_list/1, nl/0, printable_latin1_list/1,
         printable_list/1, printable_unicode_list/1, quote_atom/2,
         write_atom/1, write_atom_as_latin1/1, write_char/1,
         write_char_as_latin1/1, write_latin1_char/1, write_latin1_string/1,
         write_latin1_string/2, write_string/1, write_string/2,
         write_string_as_latin1/1, write_string_as_latin1/2,
         write_unicode_char/1, write_unicode_string/1]).

%% ---------------------------------------------------------------------
%% format, write, print

format(Format, Args) ->
    try
        case dbgsh_out:io_lib_format(Format, Args) of
            {Parts} -> [pretty_part(P) || P <- Parts];
            Chars -> Chars
        end
    catch
        _:_ -> erlang:error(badarg, [Format, Args])
    end.

%% With {chars_limit, N}, N >= 0, the directives that print terms (~w ~W
%% ~p ~P ~s) share what the format's other text leaves of N, each in its
%% turn getting an equal part of what is left (io_lib_format's rule); the
%% C half leaves each as a '$limited' element. A negative limit is none.
format(Format, Args, Options) ->
    try limited_format(Format, Args, option(chars_limit, Options, -1))
    catch
        _:_ -> erlang:error(badarg, [Format, Args])
    end.

limited_format(Format, Args, Limit) when is_integer(Limit), Limit < 0 ->
    format(Format, Args);
limited_format(Format, Args, Limit) ->
    Parts = dbgsh_out:io_lib_format_limited(Format, Args),
    case count_parts(Parts, 0, 0, 0) of
        {_, 0, _} -> Parts;
        {Ps, N, Other} -> share(Parts, Ps, N, tsub(Limit, Other), 0)
    end.

%% {the ~p and ~P directives, all limited directives, the width of the rest}
count_parts([{'$limited', C, _, _, _, _, _, _, _} | Parts], Ps, N, Other)
  when C =:= $p; C =:= $P ->
    count_parts(Parts, Ps + 1, N + 1, Other);
count_parts([{'$limited', _, _, _, _, _, _, _, _} | Parts], Ps, N, Other) ->
    count_parts(Parts, Ps, N + 1, Other);
count_parts([C | Parts], Ps, N, Other) when is_integer(C) ->
    count_parts(Parts, Ps, N, Other + 1);
count_parts([S | Parts], Ps, N, Other) ->
    count_parts(Parts, Ps, N, Other + chars_length(S));
count_parts([], Ps, N, Other) -> {Ps, N, Other}.

%% Left: the chars the directives still share; I: the column, counted
%% while a ~p or ~P is to come (it starts there).
share([{'$limited', C, As, F, Adj, P, Pad, Enc, Str} | Parts], Ps, N, Left, I) ->
    S = limited(C, As, F, Adj, P, Pad, Enc, Str, Left div N, I),
    Ps1 = case C of
              $p -> Ps - 1;
              $P -> Ps - 1;
              _ -> Ps
          end,
    Left1 = tsub(Left, chars_length(S)),
    case Ps1 > 0 of
        true -> [S | share(Parts, Ps1, N - 1, Left1, indentation(S, I))];
        false -> [S | share(Parts, Ps1, N - 1, Left1, I)]
    end;
share([$\n | Parts], Ps, N, Left, _) -> [$\n | share(Parts, Ps, N, Left, 0)];
share([$\t | Parts], Ps, N, Left, I) -> [$\t | share(Parts, Ps, N, Left, ((I + 8) div 8) * 8)];
share([C | Parts], Ps, N, Left, I) -> [C | share(Parts, Ps, N, Left, I + 1)];
share([], _, _, _, _) -> [].

%% One directive within CL chars (F and P are none or integers, as
%% io_lib_format keeps them).
limited($s, [A], F, Adj, P, Pad, Enc, _, CL, _) ->
    field_string(limited_chars(A, F, CL, Enc), limit_field(F, CL), Adj, P, Pad, Enc);
limited($w, [A], F, Adj, P, Pad, Enc, _, CL, _) ->
    field_term(write(A, [{depth, -1}, {encoding, Enc}, {chars_limit, CL}]), F, Adj, P, Pad);
limited($W, [A, D], F, Adj, P, Pad, Enc, _, CL, _) when is_integer(D) ->
    field_term(write(A, [{depth, D}, {encoding, Enc}, {chars_limit, CL}]), F, Adj, P, Pad);
limited($p, [A], F, Adj, P, Pad, Enc, Str, CL, I) ->
    limited_pretty(A, -1, F, Adj, P, Pad, Enc, Str, CL, I);
limited($P, [A, D], F, Adj, P, Pad, Enc, Str, CL, I) when is_integer(D) ->
    limited_pretty(A, D, F, Adj, P, Pad, Enc, Str, CL, I).

%% ~p: the width is the line length (80 by default), the precision the
%% starting column (by default the column it starts at); no left adjust.
limited_pretty(T, D, none, Adj, P, Pad, Enc, Str, CL, I) ->
    limited_pretty(T, D, 80, Adj, P, Pad, Enc, Str, CL, I);
limited_pretty(T, D, F, Adj, none, Pad, Enc, Str, CL, I) ->
    limited_pretty(T, D, F, Adj, I + 1, Pad, Enc, Str, CL, I);
limited_pretty(T, D, F, right, P, _, Enc, Str, CL, _) ->
    pretty(T, P, F, D, Enc, Str, CL).

limit_field(F, CL) when CL < 0; F =:= none -> F;
limit_field(F, CL) -> max(3, min(F, CL)).

%% ~s's argument as chars: cut to CL chars, the last three of them "...",
%% unless the field is no wider than CL.
limited_chars(A, F, CL, latin1) when CL < 0; CL >= F -> latin1_chars(A);
limited_chars(A, _, CL, latin1) -> cut_latin1(A, tsub(CL, 3), [], more);
limited_chars(A, F, CL, unicode) when CL < 0; CL >= F -> unicode_chars(A);
limited_chars(A, _, CL, unicode) -> cut_unicode(A, tsub(CL, 3), more).

latin1_chars([C | Cs]) when is_integer(C), C >= 0, C =< 255 -> [C | latin1_chars(Cs)];
latin1_chars([I | Cs]) -> [latin1_chars(I) | latin1_chars(Cs)];
latin1_chars([]) -> [];
latin1_chars(B) when is_binary(B) -> binary_to_list(B).

unicode_chars([C | Cs]) when is_integer(C), C >= 0 -> [C | unicode_chars(Cs)];
unicode_chars([I | Cs]) -> [unicode_chars(I) | unicode_chars(Cs)];
unicode_chars([]) -> [];
unicode_chars(B) when is_binary(B) ->
    case catch unicode:characters_to_list(B) of
        L when is_list(L) -> L;
        _ -> binary_to_list(B)
    end.

%% The first N chars of latin1 chardata Cs (Up: the tails of the lists it
%% is in). At N = 0 in mode more, four more chars are looked at: all four
%% there means the text goes on, written "...", else they are the end.
cut_latin1(Cs, 0, Up, more) ->
    L = cut_latin1(Cs, 4, Up, last),
    case iolist_size(L) < 4 of
        true -> L;
        false -> "..."
    end;
cut_latin1(_, 0, _, last) -> [];
cut_latin1([C | Cs], N, Up, Mode) when is_integer(C), C >= 0, C =< 255 ->
    [C | cut_latin1(Cs, N - 1, Up, Mode)];
cut_latin1([I | Cs], N, Up, Mode) -> cut_latin1(I, N, [Cs | Up], Mode);
cut_latin1([], _, [], _) -> [];
cut_latin1([], N, [Cs | Up], Mode) -> cut_latin1(Cs, N, Up, Mode);
cut_latin1(B, N, Up, Mode) when is_binary(B), byte_size(B) > N ->
    {B1, B2} = split_binary(B, N),
    [binary_to_list(B1) | cut_latin1(B2, 0, Up, Mode)];
cut_latin1(B, N, Up, Mode) when is_binary(B) ->
    [binary_to_list(B) | cut_latin1([], N - byte_size(B), Up, Mode)].

%% The same for unicode chardata, by grapheme clusters; a byte that is no
%% UTF-8 counts as a latin1 char.
cut_unicode(Cs, 0, more) ->
    L = cut_unicode(Cs, 4, last),
    case string:length(L) < 4 of
        true -> L;
        false -> "..."
    end;
cut_unicode(_, 0, last) -> [];
cut_unicode(Cs, N, Mode) ->
    case string:next_grapheme(Cs) of
        {error, <<C, Rest/binary>>} -> [C | cut_unicode(Rest, N - 1, Mode)];
        {error, [C | Rest]} -> [C | cut_unicode(Rest, N - 1, Mode)];
        [] -> [];
        [G | Rest] -> [G | cut_unicode(Rest, N - 1, Mode)]
    end.

%% io_lib_format's field for ~s: F the width, P the precision.
field_string(S, none, _, none, _, _) -> S;
field_string(S, F, Adj, none, Pad, Enc) -> field_fit(S, F, Adj, chars_length(S), Pad, Enc);
field_string(S, none, _, P, Pad, Enc) -> field_fit(S, P, left, chars_length(S), Pad, Enc);
field_string(S, F, Adj, P, Pad, Enc) when F > P ->
    N = chars_length(S),
    if
        N > P -> adjust(truncate(S, P, Enc), pad(Pad, F - P), Adj);
        N < P -> adjust([S | pad(Pad, P - N)], pad(Pad, F - P), Adj);
        true -> adjust(S, pad(Pad, F - P), Adj)
    end;
field_string(S, F, Adj, F, Pad, Enc) -> field_fit(S, F, Adj, chars_length(S), Pad, Enc).

field_fit(S, F, _, N, _, Enc) when N > F -> truncate(S, F, Enc);
field_fit(S, F, Adj, N, Pad, _) when N < F -> adjust(S, pad(Pad, F - N), Adj);
field_fit(S, _, _, _, _, _) -> S.

truncate(S, N, latin1) -> lists:sublist(lists:flatten(S), N);
truncate(S, N, unicode) -> string:slice(S, 0, N).

%% io_lib_format's field for ~w: text wider than its precision (or its
%% field) is as many '*'.
field_term(T, none, _, none, _) -> T;
field_term(T, none, Adj, P, Pad) -> field_term(T, P, Adj, P, Pad);
field_term(T, F, Adj, P0, Pad) ->
    L = chars_length(T),
    P = min(L, case P0 of
                   none -> F;
                   _ -> min(P0, F)
               end),
    if
        L > P -> adjust(pad($*, P), pad(Pad, F - P), Adj);
        true -> adjust(T, pad(Pad, F - L), Adj)
    end.

adjust(Data, [], _) -> Data;
adjust(Data, Pad, left) -> [Data | Pad];
adjust(Data, Pad, right) -> [Pad | Data].

%% N copies of C, halves shared, an odd one in front.
pad(_, 0) -> [];
pad(C, 1) -> [C];
pad(C, 2) -> [C, C];
pad(C, 3) -> [C, C, C];
pad(C, N) when N band 1 =:= 0 ->
    S = pad(C, N bsr 1),
    [S | S];
pad(C, N) ->
    S = pad(C, N bsr 1),
    [C, S | S].

%% T less E, never below 0; a negative T (no limit) stays.
tsub(T, _) when T < 0 -> T;
tsub(T, E) when T >= E -> T - E;
tsub(_, _) -> 0.

fwrite(Format, Args) -> format(Format, Args).

fwrite(Format, Args, Options) -> format(Format, Args, Options).

%% The C half leaves each ~p of a container as
%% {'$pretty', Term, Column, LineLength, Depth, Encoding, Strings}.
pretty_part({'$pretty', T, Col, Ll, D, Enc, Str}) -> pretty(T, Col, Ll, D, Enc, Str);
pretty_part(C) -> C.

write(Term, Options) when is_list(Options) ->
    Depth = option(depth, Options, -1),
    Enc = option(encoding, Options, utf8),
    Limit = option(chars_limit, Options, -1),
    if
        Depth =:= 0; Limit =:= 0 -> "...";
        Limit < 0, is_integer(Depth) -> dbgsh_out:io_lib_write(Term, Depth, Enc =/= latin1);
        Limit < 0 -> write_odd_depth(Term);
        Limit > 0 -> one_line(strip(within(Term, Depth, Limit, Enc, false)))
    end;
write(Term, Depth) ->
    write(Term, [{depth, Depth}, {encoding, latin1}]).

write(Term, Depth, true) -> print(Term, 1, 80, Depth);
write(Term, Depth, false) -> write(Term, Depth).

%% io_lib:write1/3 with a depth that is no integer: arithmetic on it for
%% lists and tuples, no clause for maps and binaries.
write_odd_depth(Term) when is_map(Term); is_bitstring(Term) ->
    erlang:error(function_clause);
write_odd_depth(Term) when is_list(Term), Term =/= [];
                           is_tuple(Term), Term =/= {} ->
    erlang:error(badarith);
write_odd_depth(Term) -> io_lib:write(Term).

option(Key, Options, Default) ->
    case lists:keyfind(Key, 1, Options) of
        {Key, Value} -> Value;
        _ -> Default
    end.

print(Term) -> pretty(Term, 1, 80, -1, latin1, true).

print(Term, Column, LineLength, Depth) ->
    pretty(Term, Column, LineLength, Depth, latin1, true).

%% ---------------------------------------------------------------------
%% Formats as lists: scan_format/2 splits a format into its text (one
%% element per element of the format) and one map per directive, each
%% holding the arguments it takes; unscan_format/1 turns such a list back
%% into a format and its arguments; build_text/1,2 formats one. A format
%% that does not fit its arguments is badarg, as in OTP.

scan_format(Format, Args) ->
    try scan(format_list(Format), Args)
    catch _:_ -> erlang:error(badarg, [Format, Args])
    end.

format_list(Format) when is_atom(Format) -> atom_to_list(Format);
format_list(Format) when is_binary(Format) -> binary_to_list(Format);
format_list(Format) -> Format.

scan([$~ | Fmt0], Args0) ->
    {Directive, Fmt, Args} = directive(Fmt0, Args0),
    [Directive | scan(Fmt, Args)];
scan([C | Fmt], Args) ->
    [C | scan(Fmt, Args)];
scan([], []) ->
    [].

%% ~[Width][.Precision][.Pad][t][l]Control, each number a * that takes an
%% integer argument or digits; a minus before the width adjusts left (so
%% does a * that takes a negative number).
directive(Fmt0, Args0) ->
    {Width, Adjust, Fmt1, Args1} = case Fmt0 of
                                       [$- | Rest] ->
                                           {N, F, A} = field_value(Rest, Args0),
                                           field_width(-N, F, A);
                                       _ ->
                                           {N, F, A} = field_value(Fmt0, Args0),
                                           field_width(N, F, A)
                                   end,
    {Precision, Fmt2, Args2} = case Fmt1 of
                                   [$. | Fmt1a] -> field_value(Fmt1a, Args1);
                                   _ -> {none, Fmt1, Args1}
                               end,
    {Pad, Fmt3, Args3} = case {Fmt2, Args2} of
                             {[$., $* | Fmt2a], [P | Args2a]} -> {P, Fmt2a, Args2a};
                             {[$., P | Fmt2a], _} -> {P, Fmt2a, Args2};
                             _ -> {$\s, Fmt2, Args2}
                         end,
    {Encoding, Strings, Fmt4} = modifiers(Fmt3, latin1, true),
    {Control, As, Fmt, Args} = control(Fmt4, Args3),
    {#{control_char => Control, args => As, width => Width, adjust => Adjust,
       precision => Precision, pad_char => Pad, encoding => Encoding, strings => Strings},
     Fmt, Args}.

field_value([$* | Fmt], [N | Args]) when is_integer(N) ->
    {N, Fmt, Args};
field_value([D | _] = Fmt, Args) when is_integer(D), D >= $0, D =< $9 ->
    digits(Fmt, Args, 0);
field_value(Fmt, Args) ->
    {none, Fmt, Args}.

digits([D | Fmt], Args, N) when is_integer(D), D >= $0, D =< $9 ->
    digits(Fmt, Args, N * 10 + D - $0);
digits(Fmt, Args, N) ->
    {N, Fmt, Args}.

%% (none, no width, is right adjusted: an atom is greater than any number)
field_width(N, Fmt, Args) when N < 0 -> {-N, left, Fmt, Args};
field_width(N, Fmt, Args) -> {N, right, Fmt, Args}.

modifiers([$t | Fmt], _Encoding, Strings) -> modifiers(Fmt, unicode, Strings);
modifiers([$l | Fmt], Encoding, _Strings) -> modifiers(Fmt, Encoding, false);
modifiers(Fmt, Encoding, Strings) -> {Encoding, Strings, Fmt}.

%% The control character and the arguments it takes.
control([C | Fmt], [A, B | Args]) when C =:= $W; C =:= $P; C =:= $x; C =:= $X ->
    {C, [A, B], Fmt, Args};
control([C | Fmt], [A | Args])
  when C =:= $w; C =:= $p; C =:= $s; C =:= $e; C =:= $f; C =:= $g; C =:= $b; C =:= $B;
       C =:= $+; C =:= $#; C =:= $c; C =:= $i ->
    {C, [A], Fmt, Args};
control([C | Fmt], Args) when C =:= $~ orelse C =:= $n, is_list(Args) ->
    {C, [], Fmt, Args}.

unscan_format(FormatList) ->
    {unscan_text(FormatList), unscan_args(FormatList)}.

unscan_text([#{control_char := C, width := Width, adjust := Adjust, precision := Precision,
               pad_char := Pad, encoding := Encoding, strings := Strings} | Rest]) ->
    [$~] ++ width_text(Width, Adjust) ++ precision_text(Precision, Pad) ++ pad_text(Pad)
        ++ encoding_text(Encoding) ++ strings_text(Strings) ++ [C | unscan_text(Rest)];
unscan_text([C | Rest]) ->
    [C | unscan_text(Rest)];
unscan_text([]) ->
    [].

unscan_args([#{args := As} | Rest]) -> As ++ unscan_args(Rest);
unscan_args([_ | Rest]) -> unscan_args(Rest);
unscan_args([]) -> [].

width_text(none, _) -> "";
width_text(N, left) -> integer_to_list(-N);
width_text(N, right) -> integer_to_list(N).

%% A pad character needs the dot of the precision before its own.
precision_text(none, $\s) -> "";
precision_text(none, _Pad) -> ".";
precision_text(N, _Pad) -> [$. | integer_to_list(N)].

pad_text($\s) -> "";
pad_text(Pad) -> [$., Pad].

encoding_text(unicode) -> "t";
encoding_text(latin1) -> "".

strings_text(false) -> "l";
strings_text(true) -> "".

%% (format/2,3 called remotely, so that tests/lib_erl runs these over
%% OTP's: ours is over a C half that only dbgsh has)
build_text(FormatList) ->
    try
        {Format, Args} = unscan_format(FormatList),
        io_lib:format(Format, Args)
    catch _:_ -> erlang:error(badarg, [FormatList])
    end.

build_text(FormatList, Options) ->
    try
        {Format, Args} = unscan_format(FormatList),
        io_lib:format(Format, Args, Options)
    catch _:_ -> erlang:error(badarg, [FormatList, Options])
    end.

%% ---------------------------------------------------------------------
%% limit_term/2: Term itself when ~P with Depth would print all of it,
%% else a copy cut where ~P cuts it ('...' for what is left out), so
%% that ~p of the copy shows what ~P shows. A printable list is kept
%% whole; a map keeps Depth + 1 of its associations (in its iteration
%% order), each value cut to Depth - 1, its keys as they are.

limit_term(Term, Depth) ->
    case fits(Term, Depth) of
        true -> Term;
        false -> limit(Term, Depth)
    end.

%% Whether nothing of Term is deeper than Depth.
fits(_, 0) ->
    false;
fits([H | T] = L, D) when is_integer(D) ->
    D =/= 1 andalso (printable_list(L) orelse (fits(H, D - 1) andalso fits_tail(T, D - 1)));
fits(Map, D) when is_map(Map) ->
    fits_map(maps:iterator(Map), D);
fits({}, _D) ->
    true;
fits(T, D) when is_tuple(T) ->
    fits_elements(T, 1, D);
fits(_, _) ->
    true.

fits_tail([], _D) -> true;
fits_tail(_, 1) -> false;
fits_tail([H | T], D) -> fits(H, D - 1) andalso fits_tail(T, D - 1);
fits_tail(Tail, D) -> fits(Tail, D - 1).

fits_elements(T, I, _D) when I > tuple_size(T) -> true;
fits_elements(_T, _I, 1) -> false;
fits_elements(T, I, D) -> fits(element(I, T), D - 1) andalso fits_elements(T, I + 1, D - 1).

fits_map(_Iter, 0) ->
    false;
fits_map(Iter, D) ->
    case maps:next(Iter) of
        {K, V, Next} -> fits(K, D - 1) andalso fits(V, D - 1) andalso fits_map(Next, D - 1);
        none -> true
    end.

limit(_, 0) ->
    '...';
limit([_ | _], 1) ->
    ['...'];
limit([H | T] = L, D) ->
    case printable_list(L) of
        true -> L;
        false -> [limit(H, D - 1) | limit_tail(T, D - 1)]
    end;
limit(Map, D) when is_map(Map) ->
    limit_map(maps:iterator(Map), D + 1, D, []);
limit({}, _D) ->
    {};
limit(T, 1) when is_tuple(T) ->
    {'...'};
limit(T, D) when is_tuple(T) ->
    list_to_tuple([limit(element(1, T), D - 1) | limit_elements(T, 2, D - 1)]);
limit(Term, _D) ->
    Term.

limit_tail([], _D) -> [];
limit_tail(_, 1) -> ['...'];
limit_tail([H | T], D) -> [limit(H, D - 1) | limit_tail(T, D - 1)];
limit_tail(Tail, D) -> limit(Tail, D - 1).

limit_elements(T, I, _D) when I > tuple_size(T) -> [];
limit_elements(_T, _I, 1) -> ['...'];
limit_elements(T, I, D) -> [limit(element(I, T), D - 1) | limit_elements(T, I + 1, D - 1)].

limit_map(_Iter, 0, _D, Acc) ->
    maps:from_list(Acc);
limit_map(Iter, N, D, Acc) ->
    case maps:next(Iter) of
        {K, V, Next} -> limit_map(Next, N - 1, D, [{K, limit(V, D - 1)} | Acc]);
        none -> maps:from_list(Acc)
    end.

%% ---------------------------------------------------------------------
%% ~p: io_lib_pretty:print/2's layout and the exact nesting of its result.
%%
%% A term is first measured into a tree of {Form, Len} nodes, Len the
%% width of its one-line text. Form is the text itself for what is never
%% broken (atomic terms, strings, printable binaries, what depth cuts),
%% or {list, Items}, {tuple, Tagged, Items}, {map, Pairs},
%% {pair, Key, Value}, {bin, Text}. Items is a list of nodes that may end
%% in a node (an improper tail) or in 'dots' (depth ran out). Then the
%% tree is written on one line when it fits, else laid out: a dry run
%% (tag_indent) first picks how tagged tuples indent.

%%
%% With a chars limit CL >= 0 the tree is measured within it (within/5),
%% and laid out as any other.

pretty(T, Col, Ll, D, Enc, Str) -> pretty(T, Col, Ll, D, Enc, Str, -1).

pretty(_, _, _, 0, _, _, _) -> "...";
pretty(_, _, _, _, _, _, 0) -> "...";
pretty(T, Col, Ll, D, Enc, Str, CL) when Col =< 0 -> pretty(T, 1, Ll, D, Enc, Str, CL);
pretty(A, _, _, _, Enc, _, _) when is_atom(A) -> atom_chars(A, Enc);
pretty(T, Col, Ll, D, Enc, Str, CL) when is_tuple(T); is_list(T); is_map(T);
                                         is_bitstring(T) ->
    {_, Len} = Node = case CL < 0 of
                          true -> measure(T, D, Enc, Str);
                          false -> strip(within(T, D, CL, Enc, Str))
                      end,
    if
        Ll =:= 0; Len < Ll - Col -> one_line(Node);
        true ->
            TInd = tag_indent(Node, Col, Ll, Len),
            lay(Node, Col, Ll, Len, TInd, indent(Col), 0, 0)
    end;
pretty(T, _, _, _, _, _, _) -> io_lib:write(T).

atom_chars(A, latin1) -> write_atom_as_latin1(A);
atom_chars(A, _) -> write_atom(A).

%% -- measuring

measure([], _, _, _) -> {"[]", 2};
measure({}, _, _, _) -> {"{}", 2};
measure(M, _, _, _) when map_size(M) =:= 0 -> {"#{}", 3};
measure(A, _, Enc, _) when is_atom(A) ->
    S = atom_chars(A, Enc),
    {S, chars_length(S)};
measure(L, D, Enc, Str) when is_list(L) ->
    case Str andalso D =/= 1 andalso printable_for(L, Enc) of
        true ->
            S = quote_for(L, Enc),
            {S, chars_length(S)};
        false ->
            Items = measure_items(L, D, Enc, Str),
            {{list, Items}, items_width(Items, 2)}
    end;
measure(F, _, _, _) when is_function(F) ->
    S = io_lib:write(F),
    {S, length(S)};
measure(T, 1, _, _) when is_tuple(T) -> {"{...}", 5};
measure(T, D, Enc, Str) when is_tuple(T) ->
    Items = measure_elements(T, 1, D, Enc, Str),
    Tagged = is_atom(element(1, T)) andalso tuple_size(T) > 1,
    {{tuple, Tagged, Items}, items_width(Items, 2)};
measure(M, 1, _, _) when is_map(M) -> {"#{...}", 6};
measure(M, D, Enc, Str) when is_map(M) ->
    Pairs = measure_pairs(maps:next(maps:iterator(M)), D, D - 1, Enc, Str),
    {{map, Pairs}, items_width(Pairs, 3)};
measure(<<>>, _, _, _) -> {"<<>>", 4};
measure(B, 1, _, _) when is_bitstring(B) -> {"<<...>>", 7};
measure(B, D, Enc, Str) when is_bitstring(B) -> measure_bits(B, D, Enc, Str);
measure(T, _, _, _) ->
    S = io_lib:write(T),
    {S, chars_length(S)}.

printable_for(L, latin1) -> printable_latin1_list(L);
printable_for(L, _) -> printable_list(L).

quote_for(L, latin1) -> write_latin1_string(L, $");
quote_for(L, _) -> write_string(L, $").

measure_items([], _, _, _) -> [];
measure_items(_, 1, _, _) -> dots;
measure_items([E | Es], D, Enc, Str) ->
    [measure(E, D - 1, Enc, Str) | measure_items(Es, D - 1, Enc, Str)];
measure_items(Tail, D, Enc, Str) -> measure(Tail, D - 1, Enc, Str).

measure_elements(T, I, _, _, _) when I > tuple_size(T) -> [];
measure_elements(_, _, 1, _, _) -> dots;
measure_elements(T, I, D, Enc, Str) ->
    [measure(element(I, T), D - 1, Enc, Str) | measure_elements(T, I + 1, D - 1, Enc, Str)].

%% Every key and value at depth D0; the pairs themselves count down D.
measure_pairs(none, _, _, _, _) -> [];
measure_pairs(_, 1, _, _, _) -> dots;
measure_pairs({K, V, Iter}, D, D0, Enc, Str) ->
    {_, KLen} = KNode = measure(K, D0, Enc, Str),
    {_, VLen} = VNode = measure(V, D0, Enc, Str),
    [{{pair, KNode, VNode}, KLen + 4 + VLen} |
     measure_pairs(maps:next(Iter), D - 1, D0, Enc, Str)].

%% Width of the items in brackets that take Open chars, with a comma
%% between items.
items_width([], Open) -> Open;
items_width(dots, Open) -> Open + 3;
items_width([{_, Len} | Es], Open) -> more_width(Es, Open + Len);
items_width({_, Len}, Open) -> Open + Len.

more_width([], W) -> W;
more_width(dots, W) -> W + 4;
more_width([{_, Len} | Es], W) -> more_width(Es, W + 1 + Len);
more_width({_, Len}, W) -> W + 1 + Len.

%% A binary at depth D > 1 prints as a string when its first bytes (4 per
%% level of depth left) are printable, else byte by byte.
measure_bits(B, D, Enc, Str) ->
    Printable = Str andalso bit_size(B) rem 8 =:= 0 andalso printable_bin(B, D - 1, -1, Enc),
    case Printable of
        {true, L} ->
            S = write_string(L, $"),
            {[$<, $<, S, $>, $>], 4 + length(S)};
        {false, L} ->
            S = write_string(L, $"),
            {[$<, $<, S, "/utf8>>"], 9 + chars_length(S)};
        {true, true, Prefix} ->
            S = write_string(Prefix, $"),
            {[$<, $<, S | "...>>"], 7 + length(S)};
        {false, true, Prefix} ->
            S = write_string(Prefix, $"),
            {[$<, $<, S | "/utf8...>>"], 12 + chars_length(S)};
        false ->
            S = dbgsh_out:io_lib_write(B, D, false),
            {{bin, S}, iolist_size(S)}
    end.

%% {Latin1, Chars} when the whole binary is printable, {Latin1, true,
%% Chars} when a prefix of at least D chars is, else false. Latin1 is
%% false for UTF-8 text that is not ASCII. At most T bytes are looked at
%% when T >= 0.
printable_bin(B, D, T, Enc) ->
    Size = byte_size(B),
    Len = if
              D >= 0, T >= 0 -> min(T, min(4 * D, Size));
              D >= 0 -> min(4 * D, Size);
              true -> Size
          end,
    if
        Len =:= 0 -> false;
        Enc =:= latin1 -> printable_bytes(B, Len, D);
        true ->
            case valid_utf8(B, Len) of
                true -> printable_utf8(B, Len, D);
                false -> printable_bytes(B, Len, D)
            end
    end.

%% (A prefix of more than 20 bytes, all printable, counts only when it
%% has D bytes: OTP looks at 20 first, then at the rest.)
printable_bytes(B, Len, D) ->
    case printable_prefix(B, 0, Len) of
        Len when Len =:= byte_size(B) -> {true, binary_to_list(B)};
        Len when Len =< 20; Len >= D -> {true, true, binary_to_list(B, 1, Len)};
        N when D > 0, N >= D, N < Len -> {true, true, binary_to_list(B, 1, N)};
        _ -> false
    end.

%% How many of the bytes from I on, at most Max, are printable chars.
printable_prefix(_, Max, Max) -> Max;
printable_prefix(B, I, Max) ->
    case printable_char(binary:at(B, I)) of
        true -> printable_prefix(B, I + 1, Max);
        false -> I
    end.

printable_utf8(B, Len, D) ->
    case utf8_prefix(B, Len, []) of
        {_, <<>>, L} -> {byte_size(B) =:= length(L), L};
        {Left, Rest, L} when D > 0, Len - Left >= D ->
            {byte_size(B) - byte_size(Rest) =:= length(L), true, L};
        _ -> false
    end.

utf8_prefix(<<C/utf8, R/binary>> = B, I, L) when I > 0 ->
    case printable_char(C) of
        true -> utf8_prefix(R, I - 1, [C | L]);
        false -> {I, B, lists:reverse(L)}
    end;
utf8_prefix(B, I, L) -> {I, B, lists:reverse(L)}.

valid_utf8(<<>>, _) -> true;
valid_utf8(_, 0) -> true;
valid_utf8(<<_/utf8, R/binary>>, N) -> valid_utf8(R, N - 1);
valid_utf8(_, _) -> false.

%% io:printable_range() is latin1.
printable_char(C) when C >= $\s, C =< $~ -> true;
printable_char(C) when C >= 16#A0, C =< 16#FF -> true;
printable_char(C) -> C =:= $\n orelse C =:= $\r orelse C =:= $\t orelse C =:= $\v orelse
                         C =:= $\b orelse C =:= $\f orelse C =:= $\e.

%% -- measuring within a chars limit
%%
%% io_lib_pretty:intermediate/6: the term is measured at depth 1, then
%% deeper while it stays within T chars (doubling the depth, then halving
%% the step between the last depth within T and the first beyond it), so
%% that the limit cuts the term evenly at some depth instead of cutting
%% its tail. Nodes are {Form, Len, Dots, More} here: Dots counts the
%% "..." in the node's text, More is no_more or a fun(T, DeltaDepth) that
%% measures the node again DeltaDepth levels deeper within T. An item
%% list that depth or T cut ends in {dots, 3, 3, More}. strip/1 makes the
%% {Form, Len} nodes of measure/4.

within(Term, D, T, Enc, Str) ->
    Ctx = {Enc, Str},
    case lim(Term, 1, T, Ctx) of
        {_, Len, Dots, _} = N when Dots =:= 0; Len > T; D =:= 1 -> N;
        {_, Len, _, _} = N -> deeper(N, T, 1, 2, D, Len)
    end.

%% N measured at depth Dl is within T and cut: try Dl + 2 * Step.
deeper(N, T, Dl, Step, D, LastLen) ->
    Step2 = Step * 2,
    D1 = case D < 0 of
             true -> Dl + Step2;
             false -> min(Dl + Step2, D)
         end,
    case expand(N, T, D1 - Dl) of
        {_, _, 0, _} = N1 -> N1;
        {_, LastLen, _, _} = N1 -> N1;
        {_, Len, _, _} = N1 when Len =< T, D1 < D orelse D < 0 ->
            deeper(N1, T, D1, Step2, D, Len);
        N1 -> between(N, N1, T, Dl, D1)
    end.

%% Lower (at depth Dl) is within T, Upper (at Du) is not.
between(Lower, Upper, T, Dl, Du) when Du - Dl =:= 1 ->
    case Lower of
        {_, T, _, _} -> Lower;
        _ -> Upper
    end;
between(Lower, Upper, T, Dl, Du) ->
    D1 = (Dl + Du) div 2,
    case expand(Lower, T, D1 - Dl) of
        {_, Len, _, _} = N when Len > T -> between(Lower, N, T, Dl, D1);
        N -> between(N, Upper, T, D1, Du)
    end.

%% Term at depth D (not 0) within T chars.
lim([], _, _, _) -> {"[]", 2, 0, no_more};
lim({}, _, _, _) -> {"{}", 2, 0, no_more};
lim(M, _, _, _) when map_size(M) =:= 0 -> {"#{}", 3, 0, no_more};
lim(A, _, _, {Enc, _}) when is_atom(A) ->
    S = atom_chars(A, Enc),
    {S, chars_length(S), 0, no_more};
lim(L, D, T, {Enc, Str} = Ctx) when is_list(L) ->
    case Str andalso printable_within(L, D, T, Enc) of
        true ->
            S = quote_for(L, Enc),
            {S, chars_length(S), 0, no_more};
        {true, Prefix} ->
            %% no Dots: going deeper would not make the prefix longer
            S = quote_for(Prefix, Enc),
            {[S | "..."], 3 + chars_length(S), 0, no_more};
        false ->
            Items = lim_items(L, D, tsub(T, 2), Ctx),
            case items_len(Items, 2) of
                {Len, 0} -> {{list, Items}, Len, 0, no_more};
                {Len, Dots} -> {{list, Items}, Len, Dots, fun(T1, Dd) -> lim(L, D + Dd, T1, Ctx) end}
            end
    end;
lim(F, _, _, _) when is_function(F) ->
    S = io_lib:write(F),
    {S, iolist_size(S), 0, no_more};
lim(Tuple, 1, _, Ctx) when is_tuple(Tuple) ->
    {"{...}", 5, 3, fun(T1, Dd) -> lim(Tuple, 1 + Dd, T1, Ctx) end};
lim(Tuple, D, T, Ctx) when is_tuple(Tuple) ->
    Items = lim_elements(Tuple, 1, D, tsub(T, 2), Ctx),
    Tagged = is_atom(element(1, Tuple)) andalso tuple_size(Tuple) > 1,
    {Len, Dots} = items_len(Items, 2),
    {{tuple, Tagged, Items}, Len, Dots, no_more};
lim(M, 1, _, Ctx) when is_map(M) ->
    {"#{...}", 6, 3, fun(T1, Dd) -> lim(M, 1 + Dd, T1, Ctx) end};
lim(M, D, T, Ctx) when is_map(M) ->
    Pairs = lim_pairs(maps:next(maps:iterator(M)), D, D - 1, tsub(T, 3), Ctx),
    {Len, Dots} = items_len(Pairs, 3),
    {{map, Pairs}, Len, Dots, no_more};
lim(<<>>, _, _, _) -> {"<<>>", 4, 0, no_more};
lim(B, 1, _, Ctx) when is_bitstring(B) ->
    {"<<...>>", 7, 3, fun(T1, Dd) -> lim(B, 1 + Dd, T1, Ctx) end};
lim(B, D, T, {Enc, Str} = Ctx) when is_bitstring(B) ->
    More = fun(T1, Dd) -> lim(B, D + Dd, T1, Ctx) end,
    Printable = Str andalso bit_size(B) rem 8 =:= 0 andalso
        printable_bin(B, D - 1, tsub(T, 6), Enc),
    case Printable of
        {true, L} ->
            S = write_string(L, $"),
            {[$<, $<, S, $>, $>], 4 + length(S), 0, no_more};
        {false, L} ->
            S = write_string(L, $"),
            {[$<, $<, S, "/utf8>>"], 9 + chars_length(S), 0, no_more};
        {true, true, Prefix} ->
            S = write_string(Prefix, $"),
            {[$<, $<, S | "...>>"], 7 + length(S), 3, More};
        {false, true, Prefix} ->
            S = write_string(Prefix, $"),
            {[$<, $<, S | "/utf8...>>"], 12 + chars_length(S), 3, More};
        false ->
            case bin_within(B, D, T) of
                {S, <<>>} -> {{bin, S}, iolist_size(S), 0, no_more};
                {S, _} -> {{bin, S}, iolist_size(S), 3, More}
            end
    end;
lim(X, _, _, _) ->
    S = io_lib:write(X),
    {S, chars_length(S), 0, no_more}.

%% The items of a list, T counting down by each item and its comma.
lim_items([], _, _, _) -> [];
lim_items(L, D, T, Ctx) when D =:= 1; T =:= 0 ->
    {dots, 3, 3, fun(T1, Dd) -> lim_items(L, D + Dd, T1, Ctx) end};
lim_items([E | Es], D, T, Ctx) ->
    T1 = case Es of
             [] -> T;
             _ -> tsub(T, 1)
         end,
    {_, Len, _, _} = N = lim(E, D - 1, T1, Ctx),
    [N | lim_items(Es, D - 1, tsub(T1, Len), Ctx)];
lim_items(Tail, D, T, Ctx) -> lim(Tail, D - 1, T, Ctx).

lim_elements(Tuple, I, _, _, _) when I > tuple_size(Tuple) -> [];
lim_elements(Tuple, I, D, T, Ctx) when D =:= 1; T =:= 0 ->
    {dots, 3, 3, fun(T1, Dd) -> lim_elements(Tuple, I, D + Dd, T1, Ctx) end};
lim_elements(Tuple, I, D, T, Ctx) ->
    T1 = case I =:= tuple_size(Tuple) of
             true -> T;
             false -> tsub(T, 1)
         end,
    {_, Len, _, _} = N = lim(element(I, Tuple), D - 1, T1, Ctx),
    [N | lim_elements(Tuple, I + 1, D - 1, tsub(T1, Len), Ctx)].

%% The pairs count down D; every key and value is measured at D0, also
%% when a cut list of pairs is measured again deeper (as OTP 25 does).
lim_pairs(none, _, _, _, _) -> [];
lim_pairs(It, D, D0, T, Ctx) when D =:= 1; T =:= 0 ->
    {dots, 3, 3, fun(T1, Dd) -> lim_pairs(It, D + Dd, D0, T1, Ctx) end};
lim_pairs({K, V, It}, D, D0, T, Ctx) ->
    Next = maps:next(It),
    T1 = case Next of
             none -> T;
             _ -> tsub(T, 1)
         end,
    {_, KL, KD, _} = KN = lim(K, D0, T1, Ctx),
    {_, VL, VD, _} = VN = lim(V, D0, tsub(T1, KL + 4), Ctx),
    Len = KL + 4 + VL,
    [{{pair, KN, VN}, Len, KD + VD, no_more} | lim_pairs(Next, D - 1, D0, tsub(T1, Len), Ctx)].

%% {Len, Dots} of items in brackets that take Open chars.
items_len([], Open) -> {Open, 0};
items_len([{_, Len, Dots, _} | Es], Open) -> items_more(Es, Open + Len, Dots);
items_len({_, Len, Dots, _}, Open) -> {Open + Len, Dots}.

items_more([], W, Dots) -> {W, Dots};
items_more([{_, Len, Dots, _} | Es], W, Dots0) -> items_more(Es, W + 1 + Len, Dots0 + Dots);
items_more({_, Len, Dots, _}, W, Dots0) -> {W + 1 + Len, Dots0 + Dots}.

%% A list prints as a string at depth 2 and deeper when it is printable;
%% within T, {true, Prefix} when its first T - 2 chars are and more
%% follow.
printable_within(_, 1, _, _) -> false;
printable_within(L, _, T, latin1) ->
    N = tsub(T, 2),
    case printable_count(L, N) of
        all -> true;
        0 -> {true, lists:sublist(L, N)};
        _ -> false
    end;
printable_within(L, _, T, _) ->
    N = tsub(T, 2),
    try string:slice(L, 0, N) of
        "" -> false;
        Prefix ->
            case flat_chars(L, lists:flatlength(Prefix)) of
                false -> false;
                true ->
                    case string:equal(Prefix, L) of
                        true -> printable_list(L);
                        false -> printable_list(Prefix) andalso {true, Prefix}
                    end
            end
    catch
        _:_ -> false
    end.

%% all when L is a printable latin1 list of at most N chars, 0 when its
%% first N chars are printable and more follow, else how many of the N
%% were left at the first that is not.
printable_count([_ | _], 0) -> 0;
printable_count([C | Cs], N) when is_integer(C) ->
    case printable_char(C) of
        true -> printable_count(Cs, N - 1);
        false -> N
    end;
printable_count([], _) -> all;
printable_count(_, N) -> N.

flat_chars(_, 0) -> true;
flat_chars([C | Cs], N) when is_integer(C) -> flat_chars(Cs, N - 1);
flat_chars(_, _) -> false.

%% io_lib:write_binary/3: the bytes of B at depth D within T chars, and
%% the bits left unwritten.
bin_within(B, D, T) ->
    {Acc, Rest} = bin_bytes(B, D, tsub(T, 4), []),
    {[$<, $<, lists:reverse(Acc), $>, $>], Rest}.

bin_bytes(<<>> = B, _, _, Acc) -> {Acc, B};
bin_bytes(B, D, T, Acc) when D =:= 1; T =:= 0 -> {["..." | Acc], B};
bin_bytes(<<X:8>>, _, _, Acc) -> {[integer_to_list(X) | Acc], <<>>};
bin_bytes(<<X:8, Rest/bitstring>>, D, T, Acc) ->
    S = integer_to_list(X),
    bin_bytes(Rest, D - 1, tsub(T, length(S) + 1), [$,, S | Acc]);
bin_bytes(B, _, _, Acc) ->
    L = bit_size(B),
    <<X:L>> = B,
    {[integer_to_list(L), $:, integer_to_list(X) | Acc], <<>>}.

%% Node N measured Dd levels deeper within T: containers that do not
%% measure themselves again pass it on to their items.
expand({_, _, 0, no_more} = N, _, _) -> N;
expand({{tuple, Tagged, Items}, _, _, no_more}, T, Dd) ->
    {Items1, Len, Dots} = expand_items(Items, T, Dd, 2),
    {{tuple, Tagged, Items1}, Len, Dots, no_more};
expand({{map, Pairs}, _, _, no_more}, T, Dd) ->
    {Pairs1, Len, Dots} = expand_items(Pairs, T, Dd, 3),
    {{map, Pairs1}, Len, Dots, no_more};
expand({{pair, K, V}, _, _, no_more}, T, Dd) ->
    {_, KL, KD, _} = KN = expand(K, tsub(T, 1), Dd),
    {_, VL, VD, _} = VN = expand(V, tsub(T, KL + 4), Dd),
    {{pair, KN, VN}, KL + 4 + VL, KD + VD, no_more};
expand({_, _, _, More}, T, Dd) -> More(T, Dd).

expand_items(Items, T, Dd, Open) ->
    Items1 = expand_each(Items, tsub(T, Open), Dd),
    {Len, Dots} = items_len(Items1, Open),
    {Items1, Len, Dots}.

expand_each([], _, _) -> [];
expand_each([N | Ns], T, Dd) ->
    T1 = case Ns of
             [] -> T;
             _ -> tsub(T, 1)
         end,
    {_, Len, _, _} = N1 = expand(N, T1, Dd),
    [N1 | expand_each(Ns, tsub(T1, Len), Dd)];
expand_each({_, _, _, More}, T, Dd) -> More(T, Dd).

%% {Form, Len, Dots, More} nodes to measure/4's {Form, Len}.
strip({{list, Items}, Len, _, _}) -> {{list, strip_items(Items)}, Len};
strip({{tuple, Tagged, Items}, Len, _, _}) -> {{tuple, Tagged, strip_items(Items)}, Len};
strip({{map, Pairs}, Len, _, _}) -> {{map, strip_items(Pairs)}, Len};
strip({{pair, K, V}, Len, _, _}) -> {{pair, strip(K), strip(V)}, Len};
strip({Form, Len, _, _}) -> {Form, Len}.

strip_items([]) -> [];
strip_items({dots, _, _, _}) -> dots;
strip_items([N | Ns]) -> [strip(N) | strip_items(Ns)];
strip_items(Tail) -> strip(Tail).

%% -- one line

one_line({{list, L}, _}) -> [$[, one_line_items(L, $|), $]];
one_line({{tuple, _, L}, _}) -> [${, one_line_items(L, $,), $}];
one_line({{map, Pairs}, _}) -> [$#, ${, one_line_items(Pairs, $,), $}];
one_line({{pair, K, V}, _}) -> [one_line(K), " => ", one_line(V)];
one_line({{bin, S}, _}) -> S;
one_line({S, _}) -> S.

one_line_items(dots, _) -> "...";
one_line_items([E | Es], Sep) -> [one_line(E) | one_line_more(Es, Sep)].

one_line_more([], _) -> [];
one_line_more(dots, Sep) -> [Sep | "..."];
one_line_more([E | Es], Sep) -> [$,, one_line(E) | one_line_more(Es, Sep)];
one_line_more(E, Sep) -> [Sep | one_line(E)].

%% -- layout
%% Col: the column the node starts at; Ll: the line length; M: the
%% whole term's width; TInd: the tag indentation (-1, 4 or 1); Ind: the
%% indentation of continuation lines (a deep list of spaces); LD: the
%% closing brackets that follow on the node's last line; W: the width
%% already on the line since its indentation.

fits(Len, Col, Ll, M, LD, W) -> Len < Ll - Col - LD andalso Len + W + LD =< M.

%% An item after a comma stays on the line when it is text and fits.
fits_after({Form, Len}, Col, Ll, M, LD, W) ->
    ELen = 1 + Len,
    is_list(Form) andalso
        if
            LD =:= 0 -> ELen + 1 < Ll - Col andalso W + ELen + 1 =< M;
            true -> ELen < Ll - Col - LD andalso W + ELen + LD =< M
        end.

pair_fits_after({{pair, {KF, _}, {VF, _}}, Len}, Col, Ll, M, LD, W) ->
    is_list(KF) andalso is_list(VF) andalso fits_after({[], Len}, Col, Ll, M, LD, W).

is_text_pair({{pair, {KF, _}, {VF, _}}, _}) -> is_list(KF) andalso is_list(VF).

last_depth([_ | _], _) -> 0;
last_depth(_, LD) -> LD + 1.

lay({_, Len} = N, Col, Ll, M, TInd, Ind, LD, W) ->
    case fits(Len, Col, Ll, M, LD, W) of
        true -> one_line(N);
        false -> lay_broken(N, Col, Ll, M, TInd, Ind, LD, W)
    end.

lay_broken({{list, L}, _}, Col, Ll, M, TInd, Ind, LD, W) ->
    [$[, lay_items(L, Col + 1, Ll, M, TInd, indent(1, Ind), LD, $|, W + 1), $]];
lay_broken({{tuple, true, L}, _}, Col, Ll, M, TInd, Ind, LD, W) ->
    [${, lay_tagged(L, Col, Ll, M, TInd, Ind, LD, W + 1), $}];
lay_broken({{tuple, false, L}, _}, Col, Ll, M, TInd, Ind, LD, W) ->
    [${, lay_items(L, Col + 1, Ll, M, TInd, indent(1, Ind), LD, $,, W + 1), $}];
lay_broken({{map, Pairs}, _}, Col, Ll, M, TInd, Ind, LD, W) ->
    [$#, ${, lay_map(Pairs, Col + 2, Ll, M, TInd, indent(2, Ind), LD, W + 1), $}];
lay_broken({{bin, S}, _}, Col, Ll, M, _, Ind, LD, W) ->
    lay_bin(S, Col + 2, Ll, M, indent(2, Ind), LD, W);
lay_broken({S, _}, _, _, _, _, _, _, _) -> S.

%% A tagged tuple: the tag, then the other elements aligned after it, or
%% (when the tag is wider than TInd) on lines of their own indented TInd.
lay_tagged(dots, _, _, _, _, _, _, _) -> "...";
lay_tagged([{Tag, TLen} | L], Col, Ll, M, TInd, Ind, LD, W) ->
    TagInd = TLen + 2,
    if
        TInd > 0, TagInd > TInd ->
            [Tag | lay_more(L, Col + TInd, Col + TagInd, Ll, M, TInd, indent(TInd, Ind),
                            LD, $,, W + TLen)];
        true ->
            [Tag, $, | lay_items(L, Col + TagInd, Ll, M, TInd, indent(TagInd, Ind), LD, $,,
                                W + TLen + 1)]
    end.

lay_items(dots, _, _, _, _, _, _, _, _) -> "...";
lay_items([E | Es], Col0, Ll, M, TInd, Ind, LD, Sep, W) ->
    {ES, WE} = lay_element(E, Col0, Ll, M, TInd, Ind, last_depth(Es, LD), W),
    [ES | lay_more(Es, Col0, Col0 + WE, Ll, M, TInd, Ind, LD, Sep, W + WE)].

%% The items after the first; Col0 is where broken lines start.
lay_more([], _, _, _, _, _, _, _, _, _) -> [];
lay_more([E | Es], Col0, Col, Ll, M, TInd, Ind, LD, Sep, W) ->
    LD1 = last_depth(Es, LD),
    case fits_after(E, Col, Ll, M, LD1, W) of
        true ->
            ELen = 1 + element(2, E),
            [$,, one_line(E) | lay_more(Es, Col0, Col + ELen, Ll, M, TInd, Ind, LD, Sep, W + ELen)];
        false ->
            {ES, WE} = lay_element(E, Col0, Ll, M, TInd, Ind, LD1, 0),
            [$,, $\n, Ind, ES | lay_more(Es, Col0, Col0 + WE, Ll, M, TInd, Ind, LD, Sep, WE)]
    end;
lay_more(dots, _, _, _, _, _, _, _, Sep, _) -> [Sep | "..."];
lay_more({Form, Len} = E, Col0, Col, Ll, M, TInd, Ind, LD, Sep, W) ->
    case is_list(Form) andalso Len + 1 < Ll - Col - (LD + 1) andalso
         Len + 1 + W + (LD + 1) =< M of
        true -> [Sep | one_line(E)];
        false -> [Sep, $\n, Ind | lay(E, Col0, Ll, M, TInd, Ind, LD + 1, 0)]
    end.

%% {Chars, Width}: Width is Ll (forcing a new line after it) when the
%% element was broken or is a container.
lay_element({Form, Len} = E, Col, Ll, M, TInd, Ind, LD, W) ->
    case is_list(Form) andalso fits(Len, Col, Ll, M, LD, W) of
        true -> {one_line(E), Len};
        false -> {lay(E, Col, Ll, M, TInd, Ind, LD, W), Ll}
    end.

lay_map(dots, _, _, _, _, _, _, _) -> "...";
lay_map([P | Ps], Col, Ll, M, TInd, Ind, LD, W) ->
    {PS, PW} = lay_pair(P, Col, Ll, M, TInd, Ind, last_depth(Ps, LD), W),
    [PS | lay_pairs(Ps, Col, Col + PW, Ll, M, TInd, Ind, LD, PW)].

lay_pairs([], _, _, _, _, _, _, _, _) -> "";
lay_pairs(dots, _, _, _, _, _, _, _, _) -> ",...";
lay_pairs([P | Ps], Col0, Col, Ll, M, TInd, Ind, LD, W) ->
    LD1 = last_depth(Ps, LD),
    case pair_fits_after(P, Col, Ll, M, LD1, W) of
        true ->
            ELen = 1 + element(2, P),
            [$,, one_line(P) | lay_pairs(Ps, Col0, Col + ELen, Ll, M, TInd, Ind, LD, W + ELen)];
        false ->
            {PS, PW} = lay_pair(P, Col0, Ll, M, TInd, Ind, LD1, 0),
            [$,, $\n, Ind, PS | lay_pairs(Ps, Col0, Col0 + PW, Ll, M, TInd, Ind, LD, PW)]
    end.

lay_pair({{pair, K, V}, Len} = P, Col, Ll, M, TInd, Ind0, LD, W) ->
    case fits(Len, Col, Ll, M, LD, W) of
        true ->
            {one_line(P), case is_text_pair(P) of
                              true -> Len;
                              false -> Ll
                          end};
        false ->
            I = value_indent(TInd),
            Ind = indent(I, Ind0),
            {[lay(K, Col, Ll, M, TInd, Ind0, LD, W), " =>\n", Ind |
              lay(V, Col + I, Ll, M, TInd, Ind, LD, 0)], Ll}
    end.

value_indent(TInd) when TInd > 0 -> TInd;
value_indent(_) -> 4.

%% A binary broken into lines of at most N chars of its byte list.
lay_bin([LT, LT, S, GT, GT], Col, Ll, M, Ind, LD, W) ->
    N = max(8, min(Ll - Col, M - 4 - W) - LD),
    [LT, LT, bin_lines(S, N, N, Ind), GT, GT].

bin_lines([BS, $, | S], N, N0, Ind) ->
    Len = length(BS) + 1,
    case N - Len of
        Left when Left < 0 -> [$\n, Ind, BS, $, | bin_lines(S, N0 - Len, N0, Ind)];
        Left -> [BS, $, | bin_lines(S, Left, N0, Ind)]
    end;
bin_lines([BS1, $:, BS2] = S, N, _, Ind) when length(BS1) + length(BS2) + 1 > N ->
    [$\n, Ind, S];
bin_lines(S, N, _, Ind) ->
    case iolist_size(S) > N of
        true -> [$\n, Ind, S];
        false -> S
    end.

%% -- the tag indentation: -1 unless that indents some line beyond half
%% the line, then 4, else 1 (a dry run of lay/8 that throws no_good).

tag_indent(Node, Col, Ll, M) ->
    try dry(Node, Col, Ll, M, -1, 0, 0)
    catch
        throw:no_good ->
            try dry(Node, Col, Ll, M, 4, 0, 0)
            catch
                throw:no_good -> 1
            end
    end.

dry({_, Len} = N, Col, Ll, M, Ind, LD, W) ->
    case fits(Len, Col, Ll, M, LD, W) of
        true -> Ind;
        false -> dry_broken(N, Col, Ll, M, Ind, LD, W)
    end.

dry_broken({{list, L}, _}, Col, Ll, M, Ind, LD, W) ->
    dry_items(L, Col + 1, Ll, M, Ind, LD, W + 1);
dry_broken({{tuple, true, L}, _}, Col, Ll, M, Ind, LD, W) ->
    dry_tagged(L, Col, Ll, M, Ind, LD, W + 1);
dry_broken({{tuple, false, L}, _}, Col, Ll, M, Ind, LD, W) ->
    dry_items(L, Col + 1, Ll, M, Ind, LD, W + 1);
dry_broken({{map, Pairs}, _}, Col, Ll, M, Ind, LD, W) ->
    dry_map(Pairs, Col + 2, Ll, M, Ind, LD, W + 2);
dry_broken(_, _, _, _, Ind, _, _) -> Ind.

dry_tagged([{_, TLen} | L], Col, Ll, M, Ind, LD, W) ->
    TagInd = TLen + 2,
    TCol = Col + TagInd,
    if
        Ind > 0, TagInd > Ind ->
            Col1 = Col + Ind,
            case M + Col1 =< Ll orelse Col1 =< Ll div 2 of
                true -> dry_more(L, Col1, TCol, Ll, M, Ind, LD, W + TLen);
                false -> throw(no_good)
            end;
        M + TCol < Ll; TCol < Ll div 2 ->
            dry_items(L, TCol, Ll, M, Ind, LD, W + TLen + 1);
        true ->
            throw(no_good)
    end;
dry_tagged(_, _, _, _, Ind, _, _) -> Ind.

dry_items([E | Es], Col0, Ll, M, Ind, LD, W) ->
    WE = dry_element(E, Col0, Ll, M, Ind, last_depth(Es, LD), W),
    dry_more(Es, Col0, Col0 + WE, Ll, M, Ind, LD, W + WE);
dry_items(_, _, _, _, Ind, _, _) -> Ind.

dry_more([], _, _, _, _, Ind, _, _) -> Ind;
dry_more([E | Es], Col0, Col, Ll, M, Ind, LD, W) ->
    LD1 = last_depth(Es, LD),
    case fits_after(E, Col, Ll, M, LD1, W) of
        true ->
            ELen = 1 + element(2, E),
            dry_more(Es, Col0, Col + ELen, Ll, M, Ind, LD, W + ELen);
        false ->
            WE = dry_element(E, Col0, Ll, M, Ind, LD1, 0),
            dry_more(Es, Col0, Col0 + WE, Ll, M, Ind, LD, WE)
    end;
dry_more(dots, _, _, _, _, Ind, _, _) -> Ind;
dry_more({Form, Len} = E, _, Col, Ll, M, Ind, LD, W) ->
    case is_list(Form) andalso Len + 1 < Ll - Col - (LD + 1) andalso
         Len + 1 + W + (LD + 1) =< M of
        true -> Ind;
        false -> dry(E, Col, Ll, M, Ind, LD + 1, 0)
    end.

dry_element({Form, Len} = E, Col, Ll, M, Ind, LD, W) ->
    case is_list(Form) andalso fits(Len, Col, Ll, M, LD, W) of
        true -> Len;
        false ->
            dry(E, Col, Ll, M, Ind, LD, W),
            Ll
    end.

dry_map([P | Ps], Col, Ll, M, Ind, LD, W) ->
    PW = dry_pair(P, Col, Ll, M, Ind, last_depth(Ps, LD), W),
    dry_pairs(Ps, Col, Col + PW, Ll, M, Ind, LD, W + PW);
dry_map(_, _, _, _, Ind, _, _) -> Ind.

dry_pairs([P | Ps], Col0, Col, Ll, M, Ind, LD, W) ->
    LD1 = last_depth(Ps, LD),
    case pair_fits_after(P, Col, Ll, M, LD1, W) of
        true ->
            ELen = 1 + element(2, P),
            dry_pairs(Ps, Col0, Col + ELen, Ll, M, Ind, LD, W + ELen);
        false ->
            PW = dry_pair(P, Col0, Ll, M, Ind, LD1, 0),
            dry_pairs(Ps, Col0, Col0 + PW, Ll, M, Ind, LD, PW)
    end;
dry_pairs(_, _, _, _, _, Ind, _, _) -> Ind.

dry_pair({{pair, K, V}, Len} = P, Col, Ll, M, Ind, LD, W) ->
    case fits(Len, Col, Ll, M, LD, W) of
        true ->
            case is_text_pair(P) of
                true -> Len;
                false -> Ll
            end;
        false ->
            dry(K, Col, Ll, M, Ind, LD, W),
            dry(V, Col + value_indent(Ind), Ll, M, Ind, LD, 0),
            Ll
    end.

%% -- indentation, as nested lists of spaces

%% The indentation of column Col: Col - 1 spaces.
indent(Col) -> spaces(Col - 1).

indent(1, Ind) -> [$\s | Ind];
indent(4, Ind) ->
    S2 = [$\s, $\s],
    [S2, S2 | Ind];
indent(N, Ind) -> [spaces(N) | Ind].

%% N spaces: halves shared, an odd one in front.
spaces(0) -> [];
spaces(2) -> [$\s, $\s];
spaces(3) -> [$\s, $\s, $\s];
spaces(N) when N band 1 =:= 0 ->
    S = spaces(N bsr 1),
    [S | S];
spaces(N) ->
    S = spaces(N bsr 1),
    [$\s, S | S].

%% ---------------------------------------------------------------------
%% Predicates

%% A Unicode scalar value that is not a noncharacter FFFE/FFFF.
-define(IS_UNICODE(C), (is_integer(C) andalso
                        ((C >= 0 andalso C < 16#D800) orelse
                         (C > 16#DFFF andalso C < 16#FFFE) orelse
                         (C > 16#FFFF andalso C =< 16#10FFFF)))).

nl() -> "\n".

char_list([C | Cs]) when ?IS_UNICODE(C) -> char_list(Cs);
char_list([]) -> true;
char_list(_) -> false.

latin1_char_list([C | Cs]) when is_integer(C), C >= 0, C =< 255 -> latin1_char_list(Cs);
latin1_char_list([]) -> true;
latin1_char_list(_) -> false.

deep_char_list(L) -> deep_chars(L, [], unicode).

deep_unicode_char_list(L) -> deep_chars(L, [], unicode).

deep_latin1_char_list(L) -> deep_chars(L, [], latin1).

%% More holds the tails of the enclosing lists still to check.
deep_chars([C | Cs], More, Enc) when is_list(C) -> deep_chars(C, [Cs | More], Enc);
deep_chars([C | Cs], More, unicode) when ?IS_UNICODE(C) -> deep_chars(Cs, More, unicode);
deep_chars([C | Cs], More, latin1) when is_integer(C), C >= 0, C =< 255 ->
    deep_chars(Cs, More, latin1);
deep_chars([], [Cs | More], Enc) -> deep_chars(Cs, More, Enc);
deep_chars([], [], _) -> true;
deep_chars(_, _, _) -> false.

%% The VM runs with OTP's default printable range, latin1.
printable_list(L) -> printable_latin1_list(L).

printable_latin1_list([C | Cs]) when is_integer(C), C >= $\s, C =< $~ ->
    printable_latin1_list(Cs);
printable_latin1_list([C | Cs]) when is_integer(C), C >= 16#A0, C =< 255 ->
    printable_latin1_list(Cs);
printable_latin1_list([C | Cs]) when C =:= $\n; C =:= $\r; C =:= $\t; C =:= $\v;
                                     C =:= $\b; C =:= $\f; C =:= $\e ->
    printable_latin1_list(Cs);
printable_latin1_list([]) -> true;
printable_latin1_list(_) -> false.

printable_unicode_list([C | Cs]) when is_integer(C), C >= $\s, C =< $~ ->
    printable_unicode_list(Cs);
printable_unicode_list([C | Cs]) when ?IS_UNICODE(C), C >= 16#A0 ->
    printable_unicode_list(Cs);
printable_unicode_list([C | Cs]) when C =:= $\n; C =:= $\r; C =:= $\t; C =:= $\v;
                                      C =:= $\b; C =:= $\f; C =:= $\e ->
    printable_unicode_list(Cs);
printable_unicode_list([]) -> true;
printable_unicode_list(_) -> false.

indentation([$\n | Cs], _) -> indentation(Cs, 0);
indentation([$\t | Cs], I) -> indentation(Cs, ((I + 8) div 8) * 8);
indentation([C | Cs], I) when is_integer(C) -> indentation(Cs, I + 1);
indentation([C | Cs], I) -> indentation(Cs, indentation(C, I));
indentation([], I) -> I.

chars_length(S) ->
    try iolist_size(S)
    catch
        _:_ -> string:length(S)
    end.

%% ---------------------------------------------------------------------
%% Quoting

write_atom(A) -> atom_text(A, fun write_string/2).

write_atom_as_latin1(A) -> atom_text(A, fun write_string_as_latin1/2).

atom_text(A, Quote) ->
    Cs = atom_to_list(A),
    case quote_atom(A, Cs) of
        true -> Quote(Cs, $');
        false -> Cs
    end.

%% true when atom A, whose characters are Cs, must be written quoted.
quote_atom(A, Cs) ->
    case reserved(A) of
        true -> true;
        false ->
            case Cs of
                [C | T] when C >= $a, C =< $z -> not name_chars(T);
                [C | T] when C >= 16#DF, C =< 16#FF, C =/= 16#F7 -> not name_chars(T);
                _ -> true
            end
    end.

reserved(A) ->
    lists:member(A, ['after', 'and', 'andalso', 'band', 'begin', 'bnot', 'bor',
                     'bsl', 'bsr', 'bxor', 'case', 'catch', 'cond', 'div', 'end',
                     'fun', 'if', 'let', 'not', 'of', 'or', 'orelse', 'receive',
                     'rem', 'try', 'when', 'xor']).

name_chars([C | Cs]) ->
    case name_char(C) of
        true -> name_chars(Cs);
        false -> false
    end;
name_chars([]) -> true.

name_char(C) when C >= $a, C =< $z -> true;
name_char(C) when C >= 16#DF, C =< 16#FF, C =/= 16#F7 -> true;
name_char(C) when C >= $A, C =< $Z -> true;
name_char(C) when C >= 16#C0, C =< 16#DE, C =/= 16#D7 -> true;
name_char(C) when C >= $0, C =< $9 -> true;
name_char($_) -> true;
name_char($@) -> true;
name_char(_) -> false.

write_string(S) -> write_string(S, $").

write_string(S, Q) -> [Q | quoted(unicode, S, Q)].

write_unicode_string(S) -> write_string(S).

write_string_as_latin1(S) -> write_string_as_latin1(S, $").

write_string_as_latin1(S, Q) -> [Q | quoted(as_latin1, S, Q)].

write_latin1_string(S) -> write_latin1_string(S, $").

write_latin1_string(S, Q) -> [Q | quoted(latin1, S, Q)].

quoted(_, [], Q) -> [Q];
quoted(Enc, [C | Cs], Q) -> escape(Enc, C, Q, quoted(Enc, Cs, Q)).

%% Character C inside quotes Q, in front of Tail.
escape(_, Q, Q, Tail) -> [$\\, Q | Tail];
escape(_, $\\, _, Tail) -> [$\\, $\\ | Tail];
escape(_, C, _, Tail) when C >= $\s, C =< $~ -> [C | Tail];
escape(latin1, C, _, Tail) when C >= 16#A0, C =< 255 -> [C | Tail];
escape(unicode, C, _, Tail) when C >= 16#A0 -> [C | Tail];
escape(as_latin1, C, _, Tail) when C >= 16#A0, C =< 255 -> [C | Tail];
escape(as_latin1, C, _, Tail) when C >= 255 ->
    "\\x{" ++ erlang:integer_to_list(C, 16) ++ "}" ++ Tail;
escape(_, $\n, _, Tail) -> [$\\, $n | Tail];
escape(_, $\r, _, Tail) -> [$\\, $r | Tail];
escape(_, $\t, _, Tail) -> [$\\, $t | Tail];
escape(_, $\v, _, Tail) -> [$\\, $v | Tail];
escape(_, $\b, _, Tail) -> [$\\, $b | Tail];
escape(_, $\f, _, Tail) -> [$\\, $f | Tail];
escape(_, $\e, _, Tail) -> [$\\, $e | Tail];
escape(_, $\d, _, Tail) -> [$\\, $d | Tail];
escape(_, C, _, Tail) when C < 16#A0 ->
    [$\\, (C bsr 6) + $0, ((C bsr 3) band 7) + $0, (C band 7) + $0 | Tail].

write_char($\s) -> "$\\s";
write_char(C) when is_integer(C), C >= 0 -> [$$ | escape(unicode, C, -1, [])].

write_unicode_char(C) -> write_char(C).

write_latin1_char(C) when is_integer(C), C >= 0, C =< 255 ->
    [$$ | escape(latin1, C, -1, [])].

write_char_as_latin1(C) when is_integer(C), C >= 0 ->
    [$$ | escape(as_latin1, C, -1, [])].
