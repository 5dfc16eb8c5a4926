%% io: the io module over the io protocol. Output to the `user` io server
%% (the group leader processes start with) and to standard_error is written
%% directly by the C BIFs dbgsh_out:format/3 and dbgsh_out:put_chars/2 (format/io.c);
%% any other device is a process that gets OTP's io requests
%% ({io_request, From, ReplyAs, Request}) and answers {io_reply, ReplyAs, Reply}.
%% request/2 to the user io server (a relay such as an application master
%% passes requests on to it) is answered here, since it has no process.
-module(io).
-export([format/1, format/2, format/3, fwrite/1, fwrite/2, fwrite/3,
         put_chars/1, put_chars/2, nl/0, nl/1, write/1, write/2,
         get_line/1, get_line/2, get_chars/2, get_chars/3,
         read/1, read/2, read/3, read/4,
         scan_erl_exprs/1, scan_erl_exprs/2, scan_erl_exprs/3, scan_erl_exprs/4,
         scan_erl_form/1, scan_erl_form/2, scan_erl_form/3, scan_erl_form/4,
         parse_erl_exprs/1, parse_erl_exprs/2, parse_erl_exprs/3, parse_erl_exprs/4,
         parse_erl_form/1, parse_erl_form/2, parse_erl_form/3, parse_erl_form/4,
         request/1, request/2, columns/0, columns/1, printable_range/0]).

format(Format) -> format(default_output(), Format, []).
format(Format, Args) -> format(default_output(), Format, Args).
format(Io, Format, Args) ->
    case dbgsh_out:format(Io, Format, Args) of
        ok -> ok;
        request -> o_request(Io, {put_chars, unicode, io_lib, format, [Format, Args]}, [Io, Format, Args])
    end.

fwrite(Format) -> format(Format).
fwrite(Format, Args) -> format(Format, Args).
fwrite(Io, Format, Args) -> format(Io, Format, Args).

put_chars(Chars) -> put_chars(default_output(), Chars).
put_chars(Io, Chars) ->
    case dbgsh_out:put_chars(Io, Chars) of
        ok -> ok;
        request -> o_request(Io, {put_chars, unicode, Chars}, [Io, Chars])
    end.

nl() -> nl(default_output()).
nl(Io) -> put_chars(Io, "\n").

write(Term) -> write(default_output(), Term).
write(Io, Term) -> put_chars(Io, io_lib:write(Term)).

%% A line (its newline included), or N characters, of the device: a string
%% (a binary from a device in binary mode), eof at the end of the input,
%% or {error, Reason}. The prompt is written first.
get_line(Prompt) -> get_line(default_input(), Prompt).
get_line(Io, Prompt) -> request(Io, {get_line, unicode, Prompt}).

get_chars(Prompt, N) -> get_chars(default_input(), Prompt, N).
get_chars(Io, Prompt, N) -> request(Io, {get_chars, unicode, Prompt, N}).

%% A term, tokens or forms read up to a dot, by the device's get_until
%% request with erl_scan:tokens, then parsed, as OTP's io.
read(Prompt) -> read(default_input(), Prompt).
read(Io, Prompt) ->
    case request(Io, {get_until, unicode, Prompt, erl_scan, tokens, [1]}) of
        {ok, Tokens, _End} -> erl_parse:parse_term(Tokens);
        {error, Error, _End} -> {error, Error};
        {eof, _End} -> eof;
        Other -> Other
    end.
read(Io, Prompt, Location) -> read(Io, Prompt, Location, []).
read(Io, Prompt, Location, Options) ->
    case tokens(Io, Prompt, Location, Options) of
        {ok, Tokens, End} ->
            case erl_parse:parse_term(Tokens) of
                {ok, Term} -> {ok, Term, End};
                {error, Error} -> {error, Error, End}
            end;
        Other ->
            Other
    end.

scan_erl_exprs(Prompt) -> scan_erl_exprs(default_input(), Prompt, 1).
scan_erl_exprs(Io, Prompt) -> scan_erl_exprs(Io, Prompt, 1).
scan_erl_exprs(Io, Prompt, Location) -> tokens(Io, Prompt, Location, []).
scan_erl_exprs(Io, Prompt, Location, Options) -> tokens(Io, Prompt, Location, Options).

scan_erl_form(Prompt) -> scan_erl_form(default_input(), Prompt, 1).
scan_erl_form(Io, Prompt) -> scan_erl_form(Io, Prompt, 1).
scan_erl_form(Io, Prompt, Location) -> tokens(Io, Prompt, Location, []).
scan_erl_form(Io, Prompt, Location, Options) -> tokens(Io, Prompt, Location, Options).

parse_erl_exprs(Prompt) -> parse_erl_exprs(default_input(), Prompt, 1).
parse_erl_exprs(Io, Prompt) -> parse_erl_exprs(Io, Prompt, 1).
parse_erl_exprs(Io, Prompt, Location) -> parse_erl_exprs(Io, Prompt, Location, []).
parse_erl_exprs(Io, Prompt, Location, Options) ->
    parsed(tokens(Io, Prompt, Location, Options), fun erl_parse:parse_exprs/1).

parse_erl_form(Prompt) -> parse_erl_form(default_input(), Prompt, 1).
parse_erl_form(Io, Prompt) -> parse_erl_form(Io, Prompt, 1).
parse_erl_form(Io, Prompt, Location) -> parse_erl_form(Io, Prompt, Location, []).
parse_erl_form(Io, Prompt, Location, Options) ->
    parsed(tokens(Io, Prompt, Location, Options), fun erl_parse:parse_form/1).

tokens(Io, Prompt, Location, Options) ->
    request(Io, {get_until, unicode, Prompt, erl_scan, tokens, [Location, Options]}).

parsed({ok, Tokens, End}, Parse) ->
    case Parse(Tokens) of
        {ok, Parsed} -> {ok, Parsed, End};
        {error, Error} -> {error, Error, End}
    end;
parsed(Other, _) ->
    Other.

columns() -> columns(default_output()).
columns(_Io) -> {error, enotsup}.

printable_range() -> latin1.

default_output() -> group_leader().
default_input() -> group_leader().

o_request(Io, Request, ErrorArgs) ->
    case request(Io, Request) of
        {error, Reason} -> erlang:error(conv_reason(Reason), ErrorArgs);
        Reply -> Reply
    end.

%% The exception a device's {error, Reason} reply raises, as OTP's io.
conv_reason(terminated) -> terminated;
conv_reason(calling_self) -> calling_self;
conv_reason({no_translation, _, _}) -> no_translation;
conv_reason(_) -> badarg.

%% Sends an io request to the device and waits for its reply.
request(Request) -> request(default_output(), Request).

request(standard_io, Request) -> request(group_leader(), Request);
request(user, Request) -> vm_device_request(user, Request);
request(standard_error, Request) -> standard_error_request(Request);
request(Io, Request) when is_atom(Io) ->
    case whereis(Io) of
        undefined -> {error, arguments};
        Pid -> request(Pid, Request)
    end;
request(Pid, Request) when is_pid(Pid) ->
    case dbgsh_out:put_chars(Pid, <<>>) of
        ok -> vm_device_request(Pid, Request);
        request -> server_request(Pid, Request)
    end;
request(_, _) ->
    {error, arguments}.

server_request(Pid, Request) ->
    Mref = erlang:monitor(process, Pid),
    Pid ! {io_request, self(), Mref, Request},
    receive
        {io_reply, Mref, Reply} ->
            erlang:demonitor(Mref, [flush]),
            Reply;
        {'DOWN', Mref, _, _, _} ->
            {error, terminated}
    end.

%% A request to the user io server, which the VM writes itself (no
%% process to send it to): answered here, as that io server would answer
%% it. Input comes from standard input through the VM (dbgsh_in:request/1
%% reads it in a thread and sends it here), its bytes as latin1
%% characters, as the device's encoding says.
vm_device_request(Dev, {put_chars, Enc, Chars}) ->
    vm_put_chars(Dev, Enc, Chars);
vm_device_request(Dev, {put_chars, Enc, M, F, A}) ->
    try apply(M, F, A) of
        Chars -> vm_put_chars(Dev, Enc, Chars)
    catch
        _:_ -> {error, F}
    end;
vm_device_request(Dev, {put_chars, Chars}) ->
    vm_put_chars(Dev, latin1, Chars);
vm_device_request(Dev, {put_chars, M, F, A}) ->
    vm_device_request(Dev, {put_chars, latin1, M, F, A});
vm_device_request(Dev, {requests, Requests}) ->
    lists:foldl(fun(R, ok) -> vm_device_request(Dev, R);
                   (_, Error) -> Error
                end, ok, Requests);
vm_device_request(Dev, {get_line, _Enc, Prompt}) ->
    vm_get(Dev, Prompt, line);
vm_device_request(Dev, {get_line, Prompt}) ->
    vm_get(Dev, Prompt, line);
vm_device_request(Dev, {get_chars, _Enc, Prompt, N}) when is_integer(N), N >= 0 ->
    vm_get(Dev, Prompt, N);
vm_device_request(Dev, {get_chars, Prompt, N}) when is_integer(N), N >= 0 ->
    vm_get(Dev, Prompt, N);
vm_device_request(Dev, {get_until, _Enc, Prompt, M, F, Args}) ->
    vm_get_until(Dev, Prompt, M, F, Args);
vm_device_request(Dev, {get_until, Prompt, M, F, Args}) ->
    vm_get_until(Dev, Prompt, M, F, Args);
vm_device_request(_, {get_geometry, _}) ->
    {error, enotsup};
vm_device_request(_, getopts) ->
    [{binary, false}, {encoding, latin1}];
vm_device_request(_, _) ->
    {error, request}.

%% standard_error takes output only, as OTP's.
standard_error_request(getopts) ->
    [{encoding, latin1}];
standard_error_request(Request) when is_tuple(Request), tuple_size(Request) > 1,
                                     (element(1, Request) =:= get_line orelse
                                      element(1, Request) =:= get_chars orelse
                                      element(1, Request) =:= get_until) ->
    {error, {request, Request}};
standard_error_request(Request) ->
    vm_device_request(standard_error, Request).

vm_get(Dev, Prompt, What) ->
    ok = vm_put_chars(Dev, unicode, prompt(Prompt)),
    case What of
        0 ->
            "";
        _ ->
            stdin(What)
    end.

%% A line or N bytes of standard input as characters, or eof.
stdin(What) ->
    Ref = dbgsh_in:request(What),
    receive
        {dbgsh_in, Ref, eof} -> eof;
        {dbgsh_in, Ref, Bytes} -> binary_to_list(Bytes)
    end.

%% get_until on standard input: the prompt once, then lines to M:F until
%% it is done; what it leaves of the last line goes back for the next
%% read. At the end of the input with nothing read, eof.
vm_get_until(Dev, Prompt, M, F, Args) ->
    ok = vm_put_chars(Dev, unicode, prompt(Prompt)),
    until([], M, F, Args).

until(Cont, M, F, Args) ->
    case stdin(line) of
        eof when Cont =:= [] -> % nothing read at all, as erl's user io server
            eof;
        Chars ->
            case catch apply(M, F, [Cont, Chars | Args]) of
                {done, Result, Rest} ->
                    case catch list_to_binary(Rest) of
                        <<_, _/binary>> = Back -> dbgsh_in:unread(Back);
                        _ -> ok
                    end,
                    Result;
                {more, Cont1} when Chars =/= eof ->
                    until(Cont1, M, F, Args);
                _ ->
                    {error, {get_until, {M, F, Args}}}
            end
    end.

%% The text of a prompt, as OTP's io servers make it: an atom's name,
%% chardata as it is, {format, Format, Args} formatted, any other term
%% written with ~tp.
prompt(Prompt) when is_atom(Prompt) -> atom_to_list(Prompt);
prompt({format, Format, Args}) -> prompt_format(Format, Args);
prompt(Prompt) when is_list(Prompt); is_binary(Prompt) ->
    case unicode:characters_to_list(Prompt) of
        Chars when is_list(Chars) -> Chars;
        _ -> prompt_format("~tp", [Prompt])
    end;
prompt(Prompt) -> prompt_format("~tp", [Prompt]).

prompt_format(Format, Args) ->
    try io_lib:format(Format, Args)
    catch _:_ -> io_lib:format("~tp", [{format, Format, Args}])
    end.

vm_put_chars(Dev, Enc, Chars) ->
    try
        Text = case Enc of
                   latin1 -> unicode:characters_to_list(Chars, latin1);
                   _ -> Chars
               end,
        dbgsh_out:put_chars(Dev, Text)
    catch
        _:_ -> {error, put_chars}
    end.
