%% io_lib: the Erlang half of OTP 25's io_lib for the dbgsh VM: format/2,3
%% and write/2,3 over the C BIFs of format/io.c (which build their deep
%% lists), print/1,4 and the layout of ~p (io_lib_pretty's, down to the
%% nesting of its result), character list predicates, quoting of atoms,
%% strings and characters. write/1 is a C BIF of the VM.
-module(io_lib).

-export([format/2, format/3, fwrite/2, fwrite/3, write/2, write/3, print/1,
         print/4]).
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

%% chars_limit is not supported: the text is never cut.
format(Format, Args, Options) when is_list(Options) ->
    try format(Format, Args)
    catch
        error:badarg -> erlang:error(badarg, [Format, Args])
    end.

fwrite(Format, Args) -> format(Format, Args).

fwrite(Format, Args, Options) -> format(Format, Args, Options).

%% The C half leaves each ~p of a container as
%% {'$pretty', Term, Column, LineLength, Depth, Encoding, Strings}.
pretty_part({'$pretty', T, Col, Ll, D, Enc, Str}) -> pretty(T, Col, Ll, D, Enc, Str);
pretty_part(C) -> C.

write(Term, Options) when is_list(Options) ->
    Depth = option(depth, Options, -1),
    Unicode = option(encoding, Options, utf8) =/= latin1,
    case Depth =:= 0 orelse option(chars_limit, Options, -1) =:= 0 of
        true -> "...";
        false when is_integer(Depth) -> dbgsh_out:io_lib_write(Term, Depth, Unicode);
        false -> write_odd_depth(Term)
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

pretty(_, _, _, 0, _, _) -> "...";
pretty(T, Col, Ll, D, Enc, Str) when Col =< 0 -> pretty(T, 1, Ll, D, Enc, Str);
pretty(A, _, _, _, Enc, _) when is_atom(A) -> atom_chars(A, Enc);
pretty(T, Col, Ll, D, Enc, Str) when is_tuple(T); is_list(T); is_map(T);
                                     is_bitstring(T) ->
    {_, Len} = Node = measure(T, D, Enc, Str),
    if
        Ll =:= 0; Len < Ll - Col -> one_line(Node);
        true ->
            TInd = tag_indent(Node, Col, Ll, Len),
            lay(Node, Col, Ll, Len, TInd, indent(Col), 0, 0)
    end;
pretty(T, _, _, _, _, _) -> io_lib:write(T).

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
    Printable = Str andalso bit_size(B) rem 8 =:= 0 andalso printable_bin(B, D - 1, Enc),
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
%% false for UTF-8 text that is not ASCII.
printable_bin(B, D, Enc) ->
    Size = byte_size(B),
    Len = if
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

printable_bytes(B, Len, D) ->
    case printable_prefix(B, 0, Len) of
        Len when Len =:= byte_size(B) -> {true, binary_to_list(B)};
        Len -> {true, true, binary_to_list(B, 1, Len)};
        N when D > 0, N >= D -> {true, true, binary_to_list(B, 1, N)};
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
