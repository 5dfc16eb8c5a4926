%% io_lib: the Erlang half of OTP 25's io_lib for the dbgsh VM: character
%% list predicates, quoting of atoms, strings and characters, nl/0.
%% format/2,3, fwrite, print and write/1,2,3 are C BIFs of the VM.
-module(io_lib).

-export([char_list/1, chars_length/1, deep_char_list/1,
         deep_latin1_char_list/1, deep_unicode_char_list/1, indentation/2,
         latin1_char_list/1, nl/0, printable_latin1_list/1,
         printable_list/1, printable_unicode_list/1, quote_atom/2,
         write_atom/1, write_atom_as_latin1/1, write_char/1,
         write_char_as_latin1/1, write_latin1_char/1, write_latin1_string/1,
         write_latin1_string/2, write_string/1, write_string/2,
         write_string_as_latin1/1, write_string_as_latin1/2,
         write_unicode_char/1, write_unicode_string/1]).

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
