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
         request/1, request/2, columns/0, columns/1, printable_range/0,
         setopts/1, setopts/2, getopts/0, getopts/1, rows/0, rows/1,
         requests/1, requests/2]).

%% The options of the user io server and standard_error, bits of
%% dbgsh_in:opts/0,2 (the VM keeps them: these devices have no process).
-define(USER_BINARY, 1).
-define(USER_UNICODE, 2).
-define(ERROR_UNICODE, 4).

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

%% The device's options, and setting them: a file's are its io server's;
%% the user io server takes binary (list) and encoding, standard_error
%% encoding, as OTP's.
getopts() -> getopts(default_input()).
getopts(Io) -> request(Io, getopts).

setopts(Opts) -> setopts(default_input(), Opts).
setopts(Io, Opts) -> request(Io, {setopts, Opts}).

%% The device's size in columns or rows, when it has one (a terminal's
%% io server of the program's own); the user io server's is unknown, as
%% erl's when standard output is no terminal.
columns() -> columns(default_output()).
columns(Io) -> geometry(Io, columns).

rows() -> rows(default_output()).
rows(Io) -> geometry(Io, rows).

geometry(Io, What) ->
    case request(Io, {get_geometry, What}) of
        N when is_integer(N), N > 0 -> {ok, N};
        _ -> {error, enotsup}
    end.

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

%% Requests done as one: nested {requests, Rs} flattened and io's own
%% short forms ({write, T}, {format, F, A}, {fwrite, F, A}, nl, {fread,
%% Prompt, Format}) made io requests, as OTP's io does; the last reply.
requests(Requests) -> requests(default_output(), Requests).
requests(Io, Requests) -> request(Io, {requests, io_requests(Requests, [])}).

io_requests([{requests, Inner} | Rs], Tail) -> io_requests(Inner, io_requests(Rs, Tail));
io_requests([R | Rs], Tail) -> [io_request(R) | io_requests(Rs, Tail)];
io_requests([], Tail) -> Tail.

io_request({write, Term}) -> {put_chars, unicode, io_lib, write, [Term]};
io_request({format, Format, Args}) -> {put_chars, unicode, io_lib, format, [Format, Args]};
io_request({fwrite, Format, Args}) -> {put_chars, unicode, io_lib, fwrite, [Format, Args]};
io_request(nl) -> {put_chars, unicode, io_lib:nl()};
io_request({fread, Prompt, Format}) -> {get_until, unicode, Prompt, io_lib, fread, [Format]};
io_request({put_chars, Enc, Chars} = Request) when is_list(Chars) ->
    case catch unicode:characters_to_binary(Chars, Enc) of
        Binary when is_binary(Binary) -> {put_chars, Enc, Binary};
        _ -> Request
    end;
io_request(Request) -> Request.

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
%% reads it in a thread and sends it here), its bytes latin1 or UTF-8
%% characters as the device's encoding says, a string or a binary as its
%% binary option says.
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
vm_device_request(Dev, {get_line, Enc, Prompt}) ->
    vm_get(Dev, Prompt, line, Enc);
vm_device_request(Dev, {get_line, Prompt}) ->
    vm_get(Dev, Prompt, line, latin1);
vm_device_request(Dev, {get_chars, Enc, Prompt, N}) when is_integer(N), N >= 0 ->
    vm_get(Dev, Prompt, N, Enc);
vm_device_request(Dev, {get_chars, Prompt, N}) when is_integer(N), N >= 0 ->
    vm_get(Dev, Prompt, N, latin1);
vm_device_request(Dev, {get_until, Enc, Prompt, M, F, Args}) ->
    vm_get_until(Dev, Prompt, M, F, Args, Enc);
vm_device_request(Dev, {get_until, Prompt, M, F, Args}) ->
    vm_get_until(Dev, Prompt, M, F, Args, latin1);
vm_device_request(_, {get_geometry, _}) ->
    {error, enotsup};
vm_device_request(_, getopts) ->
    {Binary, In} = user_opts(),
    [{binary, Binary}, {encoding, In}];
vm_device_request(_, {setopts, Opts}) when is_list(Opts) ->
    vm_setopts(user, Opts);
vm_device_request(_, Request) ->
    {error, {request, Request}}.

%% standard_error takes output only, as OTP's.
standard_error_request(getopts) ->
    [{encoding, encoding(dbgsh_in:opts() band ?ERROR_UNICODE)}];
standard_error_request({setopts, Opts}) when is_list(Opts) ->
    vm_setopts(standard_error, Opts);
standard_error_request(Request) when is_tuple(Request), tuple_size(Request) > 1,
                                     (element(1, Request) =:= get_line orelse
                                      element(1, Request) =:= get_chars orelse
                                      element(1, Request) =:= get_until) ->
    {error, {request, Request}};
standard_error_request(Request) ->
    vm_device_request(standard_error, Request).

%% io:setopts on the user io server or standard_error, as OTP's: latin1
%% and unicode stand for {encoding, _}, list for {binary, false}; binary
%% is the user io server's only; any other option is enotsup, and then
%% none is set.
vm_setopts(Dev, Opts0) ->
    Expand = fun(latin1) -> {encoding, latin1};
                (unicode) -> {encoding, unicode};
                (Opt) -> Opt
             end,
    case catch proplists:unfold(
                 proplists:substitute_negations([{list, binary}], lists:map(Expand, Opts0))) of
        Opts when is_list(Opts) ->
            case lists:all(fun(Opt) -> valid_opt(Dev, Opt) end, Opts) of
                true -> set_opts(Dev, Opts);
                false -> {error, enotsup}
            end;
        _ ->
            {error, enotsup}
    end.

valid_opt(user, {binary, _}) -> true;
valid_opt(_, {encoding, Enc}) -> Enc =:= latin1 orelse Enc =:= unicode orelse Enc =:= utf8;
valid_opt(_, _) -> false.

%% The first value of each option counts; {binary, Other} changes nothing.
%% All of them are set at once.
set_opts(Dev, Opts) ->
    Unicode = case Dev of
                  user -> ?USER_UNICODE;
                  standard_error -> ?ERROR_UNICODE
              end,
    {EncMask, EncBits} = case proplists:get_value(encoding, Opts) of
                             undefined -> {0, 0};
                             latin1 -> {Unicode, 0};
                             _ -> {Unicode, Unicode}
                         end,
    {BinMask, BinBits} = case proplists:get_value(binary, Opts) of
                             true -> {?USER_BINARY, ?USER_BINARY};
                             false -> {?USER_BINARY, 0};
                             _ -> {0, 0}
                         end,
    dbgsh_in:opts(EncMask bor BinMask, EncBits bor BinBits).

encoding(0) -> latin1;
encoding(_) -> unicode.

%% The user io server's options as a request reads them, once: whether it
%% answers binaries, and standard input's encoding.
user_opts() ->
    Bits = dbgsh_in:opts(),
    {Bits band ?USER_BINARY =/= 0, encoding(Bits band ?USER_UNICODE)}.

vm_get(Dev, Prompt, What, Enc) ->
    ok = vm_put_chars(Dev, unicode, prompt(Prompt)),
    {_, In} = Opts = user_opts(),
    case What of
        0 -> cast(<<>>, Enc, Opts);
        _ -> cast(stdin(What, In), Enc, Opts)
    end.

%% Bytes of standard input as the request's encoding Enc and the user io
%% server's options want them, as OTP's user io server casts them: read
%% as latin1 or UTF-8 characters by the device's encoding, a string, or
%% in binary mode a binary in Enc. Bytes that make no such characters go
%% back for the next read, and the answer is {error, {no_translation,
%% In, Enc}}.
cast(eof, _Enc, _Opts) ->
    eof;
cast(Bytes, Enc, {Binary, In}) ->
    Out = case Binary of
              false -> in_latin1(unicode:characters_to_list(Bytes, In), Enc);
              true -> unicode:characters_to_binary(Bytes, In, Enc)
          end,
    case is_list(Out) orelse is_binary(Out) of
        true ->
            Out;
        false ->
            ok = dbgsh_in:unread(Bytes),
            {error, {no_translation, In, Enc}}
    end.

%% A string for a latin1 request holds no char above 255.
in_latin1(Chars, latin1) when is_list(Chars) ->
    case lists:all(fun(C) -> C =< 255 end, Chars) of
        true -> Chars;
        false -> error
    end;
in_latin1(Chars, _) ->
    Chars.

%% A line of standard input (a "\r\n" at its end read as "\n", as OTP's
%% io servers read it), or N characters (bytes as latin1, whole UTF-8
%% characters as unicode: never a part of one), as bytes; eof at the end
%% of input with none.
stdin(line, _In) ->
    case read_stdin(line) of
        <<_/binary>> = Bytes when byte_size(Bytes) >= 2 ->
            case split_binary(Bytes, byte_size(Bytes) - 2) of
                {Line, <<"\r\n">>} -> <<Line/binary, "\n">>;
                _ -> Bytes
            end;
        Other ->
            Other
    end;
stdin(N, latin1) ->
    read_stdin(N);
stdin(N, unicode) ->
    utf8_chars(N, <<>>).

read_stdin(What) ->
    Ref = dbgsh_in:request(What),
    receive
        {dbgsh_in, Ref, Reply} -> Reply
    end.

%% Reads until Have holds N whole UTF-8 characters: N - C bytes when Have
%% holds C whole ones and ends on a character's end, else the bytes its
%% last character lacks, so never past the Nth character. Bytes that are
%% no UTF-8 end the reading (cast/2 answers for them).
utf8_chars(N, Have) ->
    Want = case unicode:characters_to_list(Have, unicode) of
               Chars when is_list(Chars) -> N - length(Chars);
               {incomplete, _, <<Lead, _/binary>> = Part} -> utf8_length(Lead) - byte_size(Part);
               {error, _, _} -> 0
           end,
    case Want > 0 andalso read_stdin(Want) of
        false -> Have;
        eof when Have =:= <<>> -> eof;
        eof -> Have;
        More -> utf8_chars(N, <<Have/binary, More/binary>>)
    end.

utf8_length(Lead) when Lead >= 16#F0 -> 4;
utf8_length(Lead) when Lead >= 16#E0 -> 3;
utf8_length(_) -> 2.

%% get_until on standard input: the prompt once, then lines to M:F until
%% it is done, as strings (OTP's io_lib:get_until gives M:F a binary
%% device's data as a string too, and makes a string M:F answers a
%% binary); what M:F leaves of the last line goes back for the next
%% read. At the end of the input with nothing read, eof.
vm_get_until(Dev, Prompt, M, F, Args, Enc) ->
    ok = vm_put_chars(Dev, unicode, prompt(Prompt)),
    until([], M, F, Args, Enc, user_opts()).

until(Cont, M, F, Args, Enc, {_, In} = Opts) ->
    case cast(stdin(line, In), Enc, Opts) of
        eof when Cont =:= [] -> % nothing read at all, as erl's user io server
            eof;
        {error, _} = Error ->
            Error;
        Read ->
            Chars = case is_binary(Read) of
                        true -> unicode:characters_to_list(Read, Enc);
                        false -> Read
                    end,
            case catch apply(M, F, [Cont, Chars | Args]) of
                {done, Result, Rest} ->
                    give_back(Rest, In),
                    case is_binary(Read) andalso is_list(Result) of
                        true -> unicode:characters_to_binary(Result, unicode, Enc);
                        false -> Result
                    end;
                {more, Cont1} when Chars =/= eof ->
                    until(Cont1, M, F, Args, Enc, Opts);
                _ ->
                    {error, {get_until, {M, F, Args}}}
            end
    end.

%% What a get_until function left, back to standard input as the bytes of
%% the device's encoding; text that is no chardata is dropped.
give_back(Rest, In) ->
    case catch unicode:characters_to_binary(Rest, unicode, In) of
        <<_, _/binary>> = Back -> ok = dbgsh_in:unread(Back);
        _ -> ok
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
