%% erl_scan: the Erlang half of OTP 25's erl_scan for the dbgsh VM:
%% string/1,2,3 (options, and the reserved_word_fun and text_fun options
%% applied to the tokens), format_error/1 and the token accessors. The
%% scanning itself is the C BIF erts_internal:scan_string/4 (vm/bif_scan.c).
%% tokens/3,4 scan up to the end of a form (a dot) as the text comes:
%% the continuation keeps the text so far, and only once a dot ends it is
%% the text scanned, by string/3.
-module(erl_scan).

-export([string/1, string/2, string/3, tokens/3, tokens/4,
         continuation_location/1, format_error/1, reserved_word/1,
         f_reserved_word/1, category/1, symbol/1, column/1, end_location/1,
         line/1, location/1, text/1]).

%% Option bits of erts_internal:scan_string/4.
-define(COMMENTS, 1).
-define(WHITE, 2).
-define(TEXT, 4).

string(String) -> string(String, 1, []).

string(String, StartLocation) -> string(String, StartLocation, []).

string(String, Line, Options) when is_list(String), is_integer(Line) ->
    scan(String, Line, 0, options(Options));
string(String, {Line, Column}, Options)
  when is_list(String), is_integer(Line), is_integer(Column), Column >= 1 ->
    scan(String, Line, Column, options(Options)).

%% Column 0: locations are lines.
scan(String, Line, Column, {Flags, none, none}) ->
    erts_internal:scan_string(String, Line, Column, Flags);
scan(String, Line, Column, {Flags, ResWord, TextFun}) ->
    %% The funs are applied to tokens scanned with their texts, which tell
    %% quoted atoms from names.
    case erts_internal:scan_string(String, Line, Column, Flags bor ?TEXT) of
        {ok, Tokens, End} ->
            Keep = Flags band ?TEXT =/= 0,
            {ok, [retoken(T, ResWord, TextFun, Column, Keep) || T <- Tokens], End};
        Error ->
            Error
    end.

%% ---- tokens/3,4 --------------------------------------------------------
%% The continuation: the text so far and where it starts.
-record(erl_scan_cont, {text = [], location, options}).

tokens(Cont, CharSpec, StartLocation) -> tokens(Cont, CharSpec, StartLocation, []).

tokens([], CharSpec, StartLocation, Options) ->
    _ = options(Options), % bad options fail now, as OTP's
    tokens(#erl_scan_cont{location = StartLocation, options = Options},
           CharSpec, StartLocation, Options);
tokens(#erl_scan_cont{text = Text, location = Loc, options = Opts}, eof, _, _) ->
    case scan_form(Text, Loc, Opts) of
        {{ok, [], End}, _} -> {done, {eof, End}, eof};
        {Result, _} -> {done, Result, eof}
    end;
tokens(#erl_scan_cont{text = Text0, location = Loc, options = Opts} = Cont, Chars, _, _)
  when is_list(Chars) ->
    Text = Text0 ++ Chars,
    case form_end(Text, []) of
        {Form, Rest} ->
            {Result, Left} = scan_form(Form, Loc, Opts),
            {done, Result, Left ++ Rest};
        more ->
            %% An error that more text cannot mend (it ends before the
            %% text does) is the answer now, as OTP's scanner gives it.
            case scan_form(Text, Loc, Opts) of
                {{error, _, _} = Error, [_ | _] = Left} -> {done, Error, Left};
                _ -> {more, Cont#erl_scan_cont{text = Text}}
            end
    end.

%% Where the text still to scan starts, as OTP's scanner leaves it: before
%% what more text could extend (a name or number at the end, an operator
%% that starts a longer one, white space after the last line break, a
%% comment not yet ended), else at the end (inside an open string too).
continuation_location(#erl_scan_cont{text = Text, location = Loc}) ->
    End = text_end_at(Text, Loc),
    case string(Text, Loc, [return, text]) of
        {ok, [_ | _] = Tokens, _} -> pending(lists:last(Tokens), End);
        {error, {_, _, {string, _, _}}, _} -> End;
        {error, {ErrorLoc, _, _}, _} -> ErrorLoc % a number or character begun
    end.

pending({white_space, _, Chars} = Token, _End) ->
    case string:split(Chars, "\n", trailing) of
        [_] -> location(Token);
        [Lines, _] -> text_end_at(Lines ++ "\n", location(Token))
    end;
pending({comment, _, _} = Token, _End) ->
    location(Token);
pending(Token, End) ->
    Open = case Token of
               {atom, _, _} -> hd(text(Token)) =/= $';
               {C, _, _} -> C =:= var orelse C =:= integer orelse C =:= float;
               {C, _} -> lists:member(C, ['.', '..', '=', '<', '>', '/', '-', '+', ':', '|', '?'])
           end,
    case Open andalso end_location(Token) =:= End of
        true -> location(Token);
        false -> End
    end.

text_end_at(Text, {Line, Col}) -> text_end(Text, Line, Col);
text_end_at(Text, Line) -> text_end(Text, Line).

%% {Result, Left}: the tokens of Text, or the error that ends the scan
%% and the text after the token in error (which the scanner leaves for
%% the next call).
scan_form(Text, Loc, Opts) ->
    case string(Text, Loc, Opts) of
        {ok, Tokens, _} ->
            {{ok, Tokens, text_end_at(Text, Loc)}, []};
        {error, Info, _} ->
            %% where the error ends, as a count of characters
            {error, _, {Line, Col}} = string(Text, {1, 1}),
            {Before, Left} = lists:split(offset(Text, Line, Col, 0), Text),
            {{error, Info, text_end_at(Before, Loc)}, Left}
    end.

offset(_, 1, Col, N) -> N + Col - 1;
offset([$\n | Cs], Line, Col, N) -> offset(Cs, Line - 1, Col, N + 1);
offset([_ | Cs], Line, Col, N) -> offset(Cs, Line, Col, N + 1).

%% Splits Text after its first dot ("." before white space, which it takes,
%% before a "%" or at the end of the input), or more when there is none
%% yet. Strings, quoted atoms, character literals and comments are
%% skipped, so a "." in them ends nothing; nor do ".." and "...".
form_end([$. | Cs], Acc) -> dot(Cs, [$. | Acc]);
form_end([Q | Cs], Acc) when Q =:= $"; Q =:= $' -> quoted(Cs, Q, [Q | Acc]);
form_end([$% | Cs], Acc) -> comment(Cs, [$% | Acc]);
form_end([$$, $\\, C | Cs], Acc) -> form_end(Cs, [C, $\\, $$ | Acc]);
form_end([$$, C | Cs], Acc) when C =/= $\\ -> form_end(Cs, [C, $$ | Acc]);
form_end([$$ | _], _) -> more;
form_end([C | Cs], Acc) -> form_end(Cs, [C | Acc]);
form_end([], _) -> more.

dot([], _) -> more;
dot([$. | Cs], Acc) -> dots(Cs, [$. | Acc]);
dot([$% | _] = Cs, Acc) -> {lists:reverse(Acc), Cs};
dot([C | Cs], Acc) when C >= 0, C =< $\s; C >= 16#80, C =< 16#A0 ->
    {lists:reverse(Acc, [C]), Cs};
dot(Cs, Acc) -> form_end(Cs, Acc).

%% After "..": a third "." or anything else; either way no dot.
dots([], _) -> more;
dots([$. | Cs], Acc) -> form_end(Cs, [$. | Acc]);
dots(Cs, Acc) -> form_end(Cs, Acc).

quoted([$\\, C | Cs], Q, Acc) -> quoted(Cs, Q, [C, $\\ | Acc]);
quoted([Q | Cs], Q, Acc) -> form_end(Cs, [Q | Acc]);
quoted([C | Cs], Q, Acc) when C =/= $\\ -> quoted(Cs, Q, [C | Acc]);
quoted(_, _, _) -> more.

comment([$\n | Cs], Acc) -> form_end(Cs, [$\n | Acc]);
comment([C | Cs], Acc) -> comment(Cs, [C | Acc]);
comment([], _) -> more.

%% {Flags, ReservedWordFun | none, TextFun | none}
options(Options) when is_list(Options) ->
    Opts = expand(Options),
    ResWord = case keyfind(reserved_word_fun, Opts) of
                  false -> none;
                  {reserved_word_fun, F} when is_function(F, 1) -> F;
                  _ -> erlang:error(badarg, [Options])
              end,
    Text = get_bool(text, Opts),
    TextFun = case get_value(text_fun, Opts) of
                  _ when Text -> none;
                  Fun -> Fun
              end,
    Flags = bit(get_bool(return_comments, Opts), ?COMMENTS)
        bor bit(get_bool(return_white_spaces, Opts), ?WHITE)
        bor bit(Text, ?TEXT),
    {Flags, ResWord, TextFun};
options(Option) ->
    options([Option]).

expand([return | Os]) -> [return_comments, return_white_spaces | expand(Os)];
expand([O | Os]) -> [O | expand(Os)];
expand([]) -> [].

bit(true, B) -> B;
bit(false, _) -> 0.

keyfind(Key, [T | _]) when is_tuple(T), tuple_size(T) >= 1, element(1, T) =:= Key -> T;
keyfind(Key, [_ | Ts]) -> keyfind(Key, Ts);
keyfind(_, []) -> false.

%% proplists' lookup: the first Key or {Key, ...}.
lookup(Key, [Key | _]) -> {Key, true};
lookup(Key, [T | _]) when is_tuple(T), tuple_size(T) >= 1, element(1, T) =:= Key -> T;
lookup(Key, [_ | Ts]) -> lookup(Key, Ts);
lookup(_, []) -> none.

get_bool(Key, Opts) ->
    case lookup(Key, Opts) of
        {_, true} -> true;
        _ -> false
    end.

get_value(Key, Opts) ->
    case lookup(Key, Opts) of
        {_, Value} -> Value;
        _ -> none
    end.

%% A token scanned with its text, after reserved_word_fun and text_fun.
retoken(Token, ResWord, TextFun, Column, Keep) ->
    [{text, Text}, {location, Loc}] = Anno = element(2, Token),
    T = reword(Token, Text, ResWord),
    Anno1 = if
                Keep -> Anno;
                TextFun =:= none -> Loc;
                true -> text_anno(TextFun, T, Text, Column, Anno, Loc)
            end,
    setelement(2, T, Anno1).

%% Names go through the reserved word fun (quoted atoms do not).
reword(Token, _Text, none) -> Token;
reword({atom, Anno, Name} = Token, [C | _], ResWord) when C =/= $' ->
    case ResWord(Name) of
        true -> {Name, Anno};
        false -> Token
    end;
reword({Word, Anno} = Token, _Text, ResWord) ->
    case f_reserved_word(Word) of
        true ->
            case ResWord(Word) of
                true -> Token;
                false -> {atom, Anno, Word}
            end;
        false ->
            Token
    end;
reword(Token, _Text, _ResWord) -> Token.

%% The text stays where the text fun says so. With columns, a string or
%% quoted atom without escapes is asked about twice, first as an atom.
text_anno(TextFun, Token, Text, Column, Anno, Loc) ->
    Cat = element(1, Token),
    Twice = Column =/= 0 andalso quoted(Text) andalso not lists:member($\\, Text),
    Text1 = case Twice of
                true ->
                    case TextFun(atom, Text) of
                        true -> Text;
                        false -> []
                    end;
                false ->
                    Text
            end,
    case TextFun(Cat, Text1) of
        true when Text1 =/= [] -> Anno;
        true -> Loc;
        false -> Loc
    end.

quoted([$' | _]) -> true;
quoted([$" | _]) -> true;
quoted(_) -> false.

format_error({string, Quote, Head}) ->
    Thing = case Quote of
                $' -> "atom";
                _ -> "string"
            end,
    lists:flatten(["unterminated ", Thing, " starting with ",
                   io_lib:write_string(Head, Quote)]);
format_error({illegal, Type}) ->
    lists:flatten(io_lib:fwrite("illegal ~w", [Type]));
format_error(char) ->
    "unterminated character";
format_error({base, Base}) ->
    lists:flatten(io_lib:fwrite("illegal base '~w'", [Base]));
format_error(Other) ->
    lists:flatten(io_lib:write(Other)).

%% OTP 25 with no feature enabled: the fixed reserved words only.
reserved_word(Atom) -> f_reserved_word(Atom).

f_reserved_word(W) ->
    lists:member(W, ['after', 'begin', 'case', 'try', 'cond', 'catch',
                     'andalso', 'orelse', 'end', 'fun', 'if', 'let', 'of',
                     'receive', 'when', 'bnot', 'not', 'div', 'rem', 'band',
                     'and', 'bor', 'bxor', 'bsl', 'bsr', 'or', 'xor']).

category({Category, _Anno}) -> Category;
category({Category, _Anno, _Symbol}) -> Category;
category(T) -> erlang:error(badarg, [T]).

symbol({Category, _Anno}) -> Category;
symbol({_Category, _Anno, Symbol}) -> Symbol;
symbol(T) -> erlang:error(badarg, [T]).

%% The token accessors read the annotation as erl_anno does.
column(Token) -> anno_column(element(2, Token)).

end_location(Token) -> anno_end_location(element(2, Token)).

line(Token) -> anno_line(element(2, Token)).

location(Token) -> anno_location(element(2, Token)).

text(Token) -> anno_text(element(2, Token)).

anno_location(Line) when is_integer(Line), Line >= 0 -> Line;
anno_location({Line, Col} = Loc) when is_integer(Line), Line >= 0, is_integer(Col), Col >= 1 -> Loc;
anno_location(Anno) -> anno_info(Anno, location).

anno_column({Line, Col}) when is_integer(Line), Line >= 0, is_integer(Col), Col >= 1 -> Col;
anno_column(Line) when is_integer(Line), Line >= 0 -> undefined;
anno_column(Anno) ->
    case anno_location(Anno) of
        {_, Col} -> Col;
        _ -> undefined
    end.

anno_line(Anno) ->
    case anno_location(Anno) of
        {Line, _} -> Line;
        Line -> Line
    end.

anno_text(Line) when is_integer(Line), Line >= 0 -> undefined;
anno_text({Line, Col}) when is_integer(Line), Line >= 0, is_integer(Col), Col >= 1 -> undefined;
anno_text(Anno) -> anno_info(Anno, text).

%% Where the token's text ends: undefined without the text option.
anno_end_location(Anno) ->
    case anno_text(Anno) of
        undefined ->
            undefined;
        Text ->
            case anno_location(Anno) of
                {Line, Col} -> text_end(Text, Line, Col);
                Line -> text_end(Text, Line)
            end
    end.

text_end([], Line, Col) -> {Line, Col};
text_end([$\n | Cs], Line, _) -> text_end(Cs, Line + 1, 1);
text_end([_ | Cs], Line, Col) -> text_end(Cs, Line, Col + 1).

text_end([], Line) -> Line;
text_end([$\n | Cs], Line) -> text_end(Cs, Line + 1);
text_end([_ | Cs], Line) -> text_end(Cs, Line).

anno_info(Anno, Item) ->
    try lists:keyfind(Item, 1, Anno) of
        {Item, Value} -> Value;
        false -> undefined
    catch
        _:_ -> erlang:error(badarg, [Anno])
    end.
