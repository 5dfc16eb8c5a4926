%% erl_parse: the Erlang half of OTP 25's erl_parse for the dbgsh VM:
%% parse_form/1, parse_exprs/1 and parse_term/1 over the C BIFs
%% erts_internal:parse_form/1, parse_exprs/1 and parse_term/1 (vm/bif_scan.c),
%% which leave to this half a token the C parser cannot take, and
%% format_error/1.
-module(erl_parse).

-export([parse_form/1, parse_exprs/1, parse_term/1, format_error/1]).

parse_form(Tokens) -> reply(erts_internal:parse_form(Tokens)).

parse_exprs(Tokens) -> reply(erts_internal:parse_exprs(Tokens)).

parse_term(Tokens) -> reply(erts_internal:parse_term(Tokens)).

%% The parser stopped at a token it cannot take: a syntax error there, or
%% the crash of erl_parse's yecc parser on no token at all; or expressions
%% ran into more function clauses, where erl_parse crashes.
reply({bad_token, Location, Token}) ->
    {error, {Location, erl_parse, ["syntax error before: ", token_string(Token)]}};
reply({bad_element, Element}) ->
    element(2, Element);
reply({bad_tail, _Tail}) ->
    erlang:error(function_clause);
reply({bad_clauses, Function}) ->
    erlang:error({case_clause, {ok, Function}});
reply(Result) ->
    Result.

%% The token's text when its annotation keeps one, else as yecc shows it.
token_string(Token) ->
    try anno_text(element(2, Token)) of
        undefined -> yecc_string(Token);
        Text -> Text
    catch
        _:_ -> yecc_string(Token)
    end.

anno_text(Line) when is_integer(Line), Line >= 0 -> undefined;
anno_text({Line, Col}) when is_integer(Line), Line >= 0, is_integer(Col), Col >= 1 -> undefined;
anno_text(Anno) ->
    case lists:keyfind(text, 1, Anno) of
        {text, Text} -> Text;
        false -> undefined
    end.

yecc_string(Token) ->
    try value_string(Token)
    catch _:_ -> io_lib:format("~tp", [Token])
    end.

value_string({atom, _, A}) -> io_lib:write_atom(A);
value_string({integer, _, N}) -> io_lib:write(N);
value_string({float, _, F}) -> io_lib:write(F);
value_string({char, _, C}) -> io_lib:write_char(C);
value_string({var, _, V}) -> io_lib:format("~s", [V]);
value_string({string, _, S}) -> io_lib:write_string(S);
value_string({reserved_symbol, _, A}) -> io_lib:write(A);
value_string({_, _, Value}) -> io_lib:format("~tp", [Value]);
value_string({dot, _}) -> "'.'";
value_string({'$end', _}) -> [];
value_string({Other, _}) when is_atom(Other) -> io_lib:write_atom(Other);
value_string(Other) -> io_lib:format("~tp", [Other]).

format_error(Message) ->
    case io_lib:deep_char_list(Message) of
        true -> Message;
        false -> io_lib:write(Message)
    end.
