%% file: OTP 25's file module for the dbgsh VM: the working directory,
%% whole files, directories, links, file information, consult/1,
%% format_error/1 and open files (open, read, read_line, write, position,
%% close, io:format to them), with OTP's results and error tuples.  Names
%% are flattened here as OTP's file does; the operations are the C BIFs
%% prim_file:* (vm/bif_file.c), which answer as OTP's prim_file does.
-module(file).

-export([close/1, consult/1, copy/2, copy/3, del_dir/1, del_dir_r/1, delete/1, delete/2,
         format_error/1, get_cwd/0, get_cwd/1, list_dir/1, list_dir_all/1, make_dir/1,
         make_link/2, make_symlink/2, native_name_encoding/0, open/2, position/2,
         read/2, read_file/1, read_file_info/1, read_file_info/2, read_line/1,
         read_link/1, read_link_all/1, read_link_info/1, read_link_info/2, rename/2,
         set_cwd/1, write/2, write_file/2, write_file/3]).

%% #file_info{} is the tuple {file_info, Size, Type, Access, Atime, Mtime,
%% Ctime, Mode, Links, MajorDevice, MinorDevice, Inode, Uid, Gid}.

native_name_encoding() -> utf8.

%% ---------------------------------------------------------------------
%% Names

%% A name flattened to a binary or a list of integers (atoms stand for
%% their text, an atom may end a list), or {error, badarg}.
file_name(Name) when is_binary(Name) -> Name;
file_name(Name) ->
    try flat_name(Name)
    catch throw:badarg -> {error, badarg}
    end.

flat_name([C | T]) when is_integer(C) -> [C | flat_name(T)];
flat_name([H | T]) -> flat_name(H) ++ flat_name(T);
flat_name([]) -> [];
flat_name(A) when is_atom(A) -> atom_to_list(A);
flat_name(_) -> throw(badarg).

%% Fun applied to the flat names, or the first name's {error, badarg}.
with_name(Name, Fun) ->
    case file_name(Name) of
        {error, _} = Error -> Error;
        N -> Fun(N)
    end.

with_names(Name1, Name2, Fun) ->
    with_name(Name1, fun(N1) -> with_name(Name2, fun(N2) -> Fun(N1, N2) end) end).

%% ---------------------------------------------------------------------
%% The working directory

get_cwd() -> prim_file:get_cwd().

%% Drives are a Windows matter: a drive letter has no directory here.
get_cwd(Drive) -> with_name(Drive, fun drive_cwd/1).

drive_cwd([L, $:]) when L >= $a, L =< $z; L >= $A, L =< $Z -> {error, enotsup};
drive_cwd([_ | _]) -> {error, einval};
drive_cwd(_) -> {error, badarg}.

set_cwd(Dir) -> with_name(Dir, fun prim_file:set_cwd/1).

%% ---------------------------------------------------------------------
%% Names in directories

make_dir(Name) -> with_name(Name, fun prim_file:make_dir/1).

del_dir(Name) -> with_name(Name, fun prim_file:del_dir/1).

delete(Name) -> with_name(Name, fun prim_file:delete/1).

%% OTP looks for raw in Opts (lists:member/2 raises badarg on an improper
%% list); raw or not, the file is deleted the same way.
delete(Name, Opts) when is_list(Opts) ->
    with_name(Name, fun(N) -> lists:member(raw, Opts), prim_file:delete(N) end).

rename(From, To) -> with_names(From, To, fun prim_file:rename/2).

make_link(Existing, New) -> with_names(Existing, New, fun prim_file:make_link/2).

make_symlink(Existing, New) -> with_names(Existing, New, fun prim_file:make_symlink/2).

list_dir(Name) -> with_name(Name, fun prim_file:list_dir/1).

list_dir_all(Name) -> with_name(Name, fun prim_file:list_dir_all/1).

%% rm -rf: a directory's entries first, then the directory.
del_dir_r(Name) ->
    case read_link_info(Name) of
        {ok, Info} when element(3, Info) =:= directory ->
            case list_dir_all(Name) of
                {ok, Names} -> [del_dir_r(filename:join(Name, N)) || N <- Names];
                {error, _} -> ok
            end,
            del_dir(Name);
        {ok, _} ->
            delete(Name);
        {error, _} = Error ->
            Error
    end.

%% ---------------------------------------------------------------------
%% Links and file information

read_link(Name) -> with_name(Name, fun prim_file:read_link/1).

read_link_all(Name) -> with_name(Name, fun prim_file:read_link_all/1).

read_file_info(Name) -> with_name(Name, fun(N) -> prim_file:read_file_info(N, []) end).

read_file_info(Name, Opts) when is_list(Opts) ->
    with_name(Name, fun(N) -> lists:member(raw, Opts), prim_file:read_file_info(N, Opts) end).

read_link_info(Name) -> with_name(Name, fun(N) -> prim_file:read_link_info(N, []) end).

read_link_info(Name, Opts) when is_list(Opts) ->
    with_name(Name, fun(N) -> lists:member(raw, Opts), prim_file:read_link_info(N, Opts) end).

%% ---------------------------------------------------------------------
%% Whole files

read_file(Name) -> with_name(Name, fun prim_file:read_file/1).

write_file(Name, Data) ->
    case make_binary(Data) of
        {error, _} = Error -> with_name(Name, fun(_) -> Error end);
        Bin -> with_name(Name, fun(N) -> write_whole(N, Bin, [binary, write]) end)
    end.

%% As OTP: the file is opened with [binary, write | Modes] and the data
%% written.  Without raw the data is a binary of latin1 characters, written
%% in the file's encoding; with raw it is written as it is.
write_file(Name, Data, Modes) when is_list(Modes) ->
    case lists:member(raw, Modes) of
        true ->
            try iolist_size(Data) of
                _ -> write_modes(Name, erlang:iolist_to_binary(Data), [binary, write | Modes])
            catch
                error:Reason -> {error, Reason}
            end;
        false ->
            case make_binary(Data) of
                {error, _} = Error -> Error;
                Bin -> write_modes(Name, Bin, [binary, write | Modes])
            end
    end.

write_modes(Name, Bin, Modes) ->
    case {lists:member(raw, Modes), lists:member(ram, Modes)} of
        {false, false} ->
            with_name(Name, fun(N) ->
                                    case encoding(Modes, latin1) of
                                        {error, _} = Error -> Error;
                                        latin1 -> write_whole(N, Bin, Modes);
                                        Enc -> write_whole(N, recode(Bin, Enc), Modes)
                                    end
                            end);
        {true, false} ->
            with_name(Name, fun(N) -> write_whole(N, Bin, Modes) end);
        {false, true} ->
            %% A file in memory, gone once written.
            try iolist_size(Name) of
                _ -> ok
            catch
                error:_ -> {error, badarg}
            end;
        {true, true} ->
            erlang:error(badarg, [Name, Modes])
    end.

%% Compressed files are not written here.
write_whole(N, Bin, Modes) ->
    case compressed(Modes) of
        true ->
            {error, enotsup};
        false ->
            case prim_file:open(N, Modes) of
                {ok, Fd} ->
                    Result = prim_file:write(Fd, Bin),
                    _ = prim_file:close(Fd),
                    Result;
                {error, _} = Error ->
                    Error
            end
    end.

%% Latin1 characters in a binary as encoding Enc.
recode(Bin, Enc) -> unicode:characters_to_binary(Bin, latin1, Enc).

compressed(Modes) -> lists:member(compressed, Modes) orelse lists:member(compressed_one, Modes).

%% The file's character encoding: the last latin1, unicode or {encoding,
%% E} of the modes, or {error, badarg} for an encoding that is none.
encoding([latin1 | Ms], _) -> encoding(Ms, latin1);
encoding([unicode | Ms], _) -> encoding(Ms, unicode);
encoding([{encoding, E} | Ms], _) ->
    case valid_encoding(E) of
        false -> {error, badarg};
        Enc -> encoding(Ms, Enc)
    end;
encoding([_ | Ms], Enc) -> encoding(Ms, Enc);
encoding([], Enc) -> Enc.

valid_encoding(latin1) -> latin1;
valid_encoding(utf8) -> unicode;
valid_encoding(unicode) -> unicode;
valid_encoding(utf16) -> {utf16, big};
valid_encoding(utf32) -> {utf32, big};
valid_encoding({utf16, E} = Enc) when E =:= big; E =:= little -> Enc;
valid_encoding({utf32, E} = Enc) when E =:= big; E =:= little -> Enc;
valid_encoding(_) -> false.

make_binary(Bin) when is_binary(Bin) -> Bin;
make_binary(Data) ->
    try erlang:iolist_to_binary(Data)
    catch error:Reason -> {error, Reason}
    end.

%% ---------------------------------------------------------------------
%% Copying

copy(Source, Dest) -> copy(Source, Dest, infinity).

%% Each end is an open file (a pid), a name, or {Name, Modes}. Count is
%% the most bytes to copy; any atom is no limit (OTP compares it with
%% integers, which sort first). Two names copy bytes as they are
%% (prim_file, as OTP's file server does); an open file at either end is
%% read or written through its io server, in its own mode.
copy(Source, Dest, Count) when is_integer(Count), Count >= 0; is_atom(Count) ->
    copy_ends(copy_end(Source), copy_end(Dest), Count);
copy(_, _, _) ->
    {error, badarg}.

copy_end(File) when is_pid(File) -> {open, File};
copy_end({Name, Modes}) when is_list(Modes) -> {name, file_name(Name), Modes};
copy_end(Name) -> {name, file_name(Name), []}.

copy_ends({open, From}, {open, To}, Count) ->
    copy_loop(fun(N) -> read(From, N) end, fun(Data) -> write(To, Data) end, Count, 0);
copy_ends({name, {error, _} = Error, _}, _, _) ->
    Error;
copy_ends(_, {name, {error, _} = Error, _}, _) ->
    Error;
copy_ends({name, From, Modes}, {open, _} = To, Count) ->
    case open(From, [read | Modes]) of
        {ok, Fd} ->
            Result = copy_ends({open, Fd}, To, Count),
            _ = close(Fd),
            Result;
        {error, _} = Error ->
            Error
    end;
copy_ends({open, _} = From, {name, To, Modes}, Count) ->
    case open(To, [write | Modes]) of
        {ok, Fd} ->
            case copy_ends(From, {open, Fd}, Count) of
                {ok, _} = Copied ->
                    case close(Fd) of
                        ok -> Copied;
                        Error -> Error
                    end;
                Error ->
                    _ = close(Fd),
                    Error
            end;
        {error, _} = Error ->
            Error
    end;
copy_ends({name, From, FromModes}, {name, To, ToModes}, Count) ->
    case prim_file:open(From, [read, binary | FromModes]) of
        {ok, In} ->
            Result = case prim_file:open(To, [write, binary | ToModes]) of
                         {ok, Out} ->
                             Copied = copy_loop(fun(N) -> prim_file:read(In, N) end,
                                                fun(Data) -> prim_file:write(Out, Data) end,
                                                Count, 0),
                             _ = prim_file:close(Out),
                             Copied;
                         {error, _} = Error ->
                             Error
                     end,
            _ = prim_file:close(In),
            Result;
        {error, _} = Error ->
            Error
    end.

%% Chunks of at most 64 KiB until Count bytes or the end of the input.
copy_loop(_, _, Count, Copied) when Count =< 0 ->
    {ok, Copied};
copy_loop(Read, Write, Count, Copied) ->
    N = case is_integer(Count) andalso Count < 65536 of
            true -> Count;
            false -> 65536
        end,
    case Read(N) of
        {ok, Data} ->
            M = case is_binary(Data) of
                    true -> byte_size(Data);
                    false -> length(Data)
                end,
            case Write(Data) of
                ok when M < N -> {ok, Copied + M};
                ok when is_integer(Count) -> copy_loop(Read, Write, Count - M, Copied + M);
                ok -> copy_loop(Read, Write, Count, Copied + M);
                {error, _} = Error -> Error
            end;
        eof ->
            {ok, Copied};
        {error, _} = Error ->
            Error
    end.

%% ---------------------------------------------------------------------
%% Open files: an io server process per file, speaking the io protocol
%% ({io_request, From, ReplyAs, Request} -> {io_reply, ReplyAs, Reply})
%% and file's requests ({file_request, From, Ref, Request} -> {file_reply,
%% Ref, Reply}).  It reads ahead into a buffer of the file's bytes, and
%% stops after an error of the file or of a translation (later requests
%% then get {error, terminated}), or when the process that opened the file
%% exits.  raw files are io servers too.

-record(fs, {fd,          % prim_file's handle
             owner,       % the monitor on the process that opened it
             buf = <<>>,  % bytes read ahead, in the file's encoding
             binary,      % true: data comes as binaries, else as lists
             enc}).       % latin1 | unicode | {utf16 | utf32, big | little}

-define(CHUNK, 8192).

open(Name, Modes) when is_list(Modes) ->
    case {lists:member(raw, Modes), lists:member(ram, Modes)} of
        {true, true} -> erlang:error(badarg, [Name, Modes]);
        {false, true} -> {error, enotsup};
        {Raw, false} -> with_name(Name, fun(N) -> open_server(N, Modes, Raw) end)
    end;
open(Name, Mode) ->
    case mode_list(Mode) of
        {error, _} = Error -> Error;
        Modes -> open(Name, Modes)
    end.

mode_list(read) -> [read];
mode_list(write) -> [write];
mode_list(read_write) -> [read, write];
mode_list({binary, Mode}) when is_atom(Mode) -> [binary | mode_list(Mode)];
mode_list({character, Mode}) when is_atom(Mode) -> mode_list(Mode);
mode_list(_) -> {error, badarg}.

open_server(N, Modes, Raw) ->
    Enc = case Raw of
              true -> latin1;
              false -> encoding(Modes, latin1)
          end,
    case {Enc, compressed(Modes)} of
        {{error, _} = Error, _} -> Error;
        {_, true} -> {error, enotsup};
        _ -> start_server(N, Modes, Enc)
    end.

start_server(N, Modes, Enc) ->
    Owner = self(),
    Ref = make_ref(),
    Binary = lists:member(binary, Modes),
    Pid = spawn(fun() -> server_init(Owner, Ref, N, Modes, Binary, Enc) end),
    Mon = erlang:monitor(process, Pid),
    receive
        {Ref, ok} ->
            erlang:demonitor(Mon, [flush]),
            {ok, Pid};
        {Ref, {error, _} = Error} ->
            erlang:demonitor(Mon, [flush]),
            Error;
        {'DOWN', Mon, _, _, Reason} ->
            {error, Reason}
    end.

server_init(Owner, Ref, N, Modes, Binary, Enc) ->
    case prim_file:open(N, Modes) of
        {ok, Fd} ->
            Mon = erlang:monitor(process, Owner),
            Owner ! {Ref, ok},
            server_loop(#fs{fd = Fd, owner = Mon, binary = Binary, enc = Enc});
        {error, _} = Error ->
            Owner ! {Ref, Error}
    end.

server_loop(#fs{owner = Mon} = S) ->
    receive
        {io_request, From, ReplyAs, Request} when is_pid(From) ->
            {Reply, Next} = io_request(Request, S),
            From ! {io_reply, ReplyAs, Reply},
            server_next(Next);
        {file_request, From, Ref, Request} when is_pid(From) ->
            {Reply, Next} = file_request(Request, S),
            From ! {file_reply, Ref, Reply},
            server_next(Next);
        {'DOWN', Mon, _, _, _} ->
            _ = prim_file:close(S#fs.fd),
            ok;
        _ ->
            server_loop(S)
    end.

server_next(closed) -> ok;
server_next({stop, S}) -> _ = prim_file:close(S#fs.fd), ok;
server_next(S) -> server_loop(S).

%% {Reply, State | {stop, State}}
io_request({put_chars, Enc, Chars}, S) ->
    put_chars(Enc, Chars, S);
io_request({put_chars, Enc, Mod, Fun, Args}, S) ->
    try erlang:apply(Mod, Fun, Args) of
        Chars -> put_chars(Enc, Chars, S)
    catch
        _:_ -> {{error, Fun}, S}
    end;
io_request({get_chars, Enc, _Prompt, N}, S) when is_integer(N), N >= 0 ->
    get_chars(Enc, N, S);
io_request({get_line, Enc, _Prompt}, S) ->
    get_line(Enc, S);
io_request({get_until, Enc, _Prompt, M, F, Args}, S) ->
    get_until(Enc, M, F, Args, [], S);
io_request({get_until, _Prompt, M, F, Args}, S) ->
    get_until(latin1, M, F, Args, [], S);
io_request({setopts, Opts}, S) when is_list(Opts) ->
    setopts(Opts, S);
io_request(getopts, #fs{binary = B, enc = E} = S) ->
    {[{binary, B}, {encoding, E}], S};
io_request({requests, Requests}, S) when is_list(Requests) ->
    requests(Requests, S);
io_request(Request, S) ->
    {{error, {request, Request}}, S}.

%% One after another until an error; the last one's reply.
requests([R], S) -> io_request(R, S);
requests([R | Rs], S) ->
    case io_request(R, S) of
        {{error, _}, _} = Done -> Done;
        {_, {stop, _}} = Done -> Done;
        {_, Next} -> requests(Rs, Next)
    end;
requests([], S) -> {ok, S}.

file_request(close, S) ->
    {prim_file:close(S#fs.fd), closed};
file_request({position, At}, #fs{fd = Fd, buf = Buf} = S) ->
    Back = byte_size(Buf),
    Where = case At of
                cur -> {cur, -Back};
                {cur, Off} when is_integer(Off) -> {cur, Off - Back};
                _ -> At
            end,
    case prim_file:position(Fd, Where) of
        {ok, _} = Reply -> {Reply, S#fs{buf = <<>>}};
        Error -> {Error, S}
    end;
file_request(Request, S) ->
    {{error, {request, Request}}, S}.

setopts([binary | Os], S) -> setopts(Os, S#fs{binary = true});
setopts([list | Os], S) -> setopts(Os, S#fs{binary = false});
setopts([{binary, B} | Os], S) when is_boolean(B) -> setopts(Os, S#fs{binary = B});
setopts([{encoding, E} | Os], S) ->
    case valid_encoding(E) of
        false -> {{error, badarg}, S};
        Enc -> setopts(Os, S#fs{enc = Enc})
    end;
setopts([], S) -> {ok, S};
setopts(_, S) -> {{error, enotsup}, S}.

%% Chars in the request's encoding as the file's bytes, written where the
%% reading has got to (the read-ahead is given back first).
put_chars(ReqEnc, Chars, #fs{fd = Fd, buf = Buf, enc = Enc} = S) ->
    case encode(ReqEnc, Chars, Enc) of
        {error, _} = Error ->
            {Error, {stop, S}};
        Bin ->
            Back = case Buf of
                       <<>> -> {ok, 0};
                       _ -> prim_file:position(Fd, {cur, -byte_size(Buf)})
                   end,
            case Back of
                {ok, _} ->
                    case prim_file:write(Fd, Bin) of
                        ok -> {ok, S#fs{buf = <<>>}};
                        Error -> {Error, {stop, S}}
                    end;
                Error ->
                    {Error, {stop, S}}
            end
    end.

encode(latin1, Chars, latin1) ->
    try erlang:iolist_to_binary(Chars)
    catch error:_ -> {error, badarg}
    end;
encode(ReqEnc, Chars, Enc) ->
    From = case ReqEnc of
               latin1 -> latin1;
               _ -> unicode
           end,
    case catch unicode:characters_to_binary(Chars, From, Enc) of
        Bin when is_binary(Bin) -> Bin;
        {error, _, _} when Enc =:= latin1 -> {error, {no_translation, unicode, latin1}};
        _ -> {error, badarg}
    end.

%% N characters, fewer at the end of the file, eof when none are left.
get_chars(_, 0, S) ->
    {data([], S), S};
get_chars(ReqEnc, N, #fs{enc = latin1} = S0) ->
    case fill(S0, fun(B) -> byte_size(B) >= N end) of
        {ok, #fs{buf = <<>>} = S} ->
            {eof, S};
        {ok, #fs{buf = Buf} = S} ->
            {Bytes, Rest} = split_binary(Buf, min(N, byte_size(Buf))),
            reply_chars(ReqEnc, binary_to_list(Bytes), S#fs{buf = Rest});
        {error, _} = Error ->
            {Error, {stop, S0}}
    end;
get_chars(ReqEnc, N, #fs{enc = Enc} = S0) ->
    case fill(S0, fun(B) -> length(decode(B, Enc)) >= N end) of
        {ok, #fs{buf = <<>>} = S} ->
            {eof, S};
        {ok, #fs{buf = Buf} = S} ->
            Chars = decode(Buf, Enc),
            {Take, Rest} = lists:split(min(N, length(Chars)), Chars),
            reply_chars(ReqEnc, Take, S#fs{buf = rest_bytes(Buf, Rest, Enc)});
        {error, _} = Error ->
            {Error, {stop, S0}}
    end.

%% A line with its newline ("\r\n" becomes "\n"); the last line of a
%% file may have none; eof when nothing is left.  In latin1 and UTF-8 a
%% newline is the byte 10, so the line is split off the buffer's bytes.
get_line(ReqEnc, #fs{enc = Enc} = S0) ->
    case fill(S0, fun(B) -> has_newline(B, Enc) end) of
        {ok, #fs{buf = <<>>} = S} ->
            {eof, S};
        {ok, #fs{buf = Buf} = S} when Enc =:= latin1; Enc =:= unicode ->
            {Line, Rest} = case binary:match(Buf, <<"\n">>) of
                               nomatch ->
                                   {Buf, <<>>};
                               {Pos, 1} ->
                                   <<L:Pos/binary, $\n, R/binary>> = Buf,
                                   {<<(strip_cr(L))/binary, $\n>>, R}
                           end,
            reply_chars(ReqEnc, decode(Line, Enc), S#fs{buf = Rest});
        {ok, #fs{buf = Buf} = S} ->
            {Line, Rest} = split_line(decode(Buf, Enc), []),
            reply_chars(ReqEnc, Line, S#fs{buf = rest_bytes(Buf, Rest, Enc)});
        {error, _} = Error ->
            {Error, {stop, S0}}
    end.

%% What is read of the file, as characters, to M:F until it is done (as
%% OTP's io server, a read at a time); what it leaves goes back before the
%% rest of the file.
get_until(ReqEnc, M, F, Args, Cont, #fs{enc = Enc} = S0) ->
    case fill(S0, fun(B) -> decode(B, Enc) =/= [] end) of
        {error, _} = Error ->
            {Error, {stop, S0}};
        {ok, #fs{buf = Buf} = S1} ->
            {Chars, S} = case decode(Buf, Enc) of
                             [] -> {eof, S1#fs{buf = <<>>}};
                             Cs -> {Cs, S1#fs{buf = rest_bytes(Buf, [], Enc)}}
                         end,
            case catch apply(M, F, [Cont, Chars | Args]) of
                {done, Result, Rest} -> {Result, unget(Rest, S)};
                {more, Cont1} when Chars =/= eof -> get_until(ReqEnc, M, F, Args, Cont1, S);
                _ -> {{error, {get_until, {M, F, Args}}}, S}
            end
    end.

unget([_ | _] = Chars, #fs{buf = Buf, enc = Enc} = S) ->
    case encode(unicode, Chars, Enc) of
        Bytes when is_binary(Bytes) -> S#fs{buf = <<Bytes/binary, Buf/binary>>};
        _ -> S
    end;
unget(_, S) ->
    S.

has_newline(B, Enc) when Enc =:= latin1; Enc =:= unicode -> binary:match(B, <<"\n">>) =/= nomatch;
has_newline(B, Enc) -> lists:member($\n, decode(B, Enc)).

strip_cr(L) when byte_size(L) > 0 ->
    case binary:last(L) of
        $\r -> binary:part(L, 0, byte_size(L) - 1);
        _ -> L
    end;
strip_cr(L) -> L.

split_line([$\r, $\n | Cs], Acc) -> {lists:reverse(Acc, "\n"), Cs};
split_line([$\n | Cs], Acc) -> {lists:reverse(Acc, "\n"), Cs};
split_line([C | Cs], Acc) -> split_line(Cs, [C | Acc]);
split_line([], Acc) -> {lists:reverse(Acc), []}.

%% Reads chunks into the buffer until Enough(Buffer) or the end.
fill(#fs{fd = Fd, buf = Buf} = S, Enough) ->
    case Enough(Buf) of
        true ->
            {ok, S};
        false ->
            case prim_file:read(Fd, ?CHUNK) of
                {ok, More} -> fill(S#fs{buf = <<Buf/binary, More/binary>>}, Enough);
                eof -> {ok, S};
                {error, _} = Error -> Error
            end
    end.

%% The characters of the buffer's complete encoded characters.
decode(Buf, latin1) -> binary_to_list(Buf);
decode(Buf, Enc) ->
    case unicode:characters_to_list(Buf, Enc) of
        Chars when is_list(Chars) -> Chars;
        {_, Chars, _} -> Chars
    end.

%% The bytes of the buffer after its characters but Rest.
rest_bytes(Buf, Rest, latin1) -> binary:part(Buf, byte_size(Buf), -length(Rest));
rest_bytes(Buf, Rest, Enc) ->
    Tail = case unicode:characters_to_list(Buf, Enc) of
               Chars when is_list(Chars) -> <<>>;
               {_, _, T} -> T
           end,
    <<(unicode:characters_to_binary(Rest, unicode, Enc))/binary, Tail/binary>>.

%% Characters read, as the request's encoding and the data mode want
%% them; a latin1 request takes only latin1 characters.
reply_chars(latin1, Chars, S) ->
    case lists:all(fun(C) -> C =< 255 end, Chars) of
        true -> {data(Chars, S), S};
        false -> {{error, {no_translation, unicode, latin1}}, {stop, S}}
    end;
reply_chars(_, Chars, #fs{binary = true} = S) ->
    {unicode:characters_to_binary(Chars), S};
reply_chars(_, Chars, S) ->
    {Chars, S}.

data(Chars, #fs{binary = true}) -> list_to_binary(Chars);
data(Chars, _) -> Chars.

%% Waits for the reply of a file request, {error, terminated} when the
%% server is gone.
file_call(Pid, Request) ->
    Ref = erlang:monitor(process, Pid),
    Pid ! {file_request, self(), Ref, Request},
    receive
        {file_reply, Ref, Reply} ->
            erlang:demonitor(Ref, [flush]),
            Reply;
        {'DOWN', Ref, _, _, _} ->
            {error, terminated}
    end.

close(File) when is_pid(File) ->
    case file_call(File, close) of
        {error, terminated} -> ok;
        Reply -> Reply
    end;
close(_) -> {error, badarg}.

position(File, At) when is_pid(File) -> file_call(File, {position, At});
position(_, _) -> {error, badarg}.

read(File, N) when is_pid(File) orelse is_atom(File), is_integer(N), N >= 0 ->
    case io:request(File, {get_chars, latin1, '', N}) of
        Data when is_list(Data); is_binary(Data) -> {ok, Data};
        Other -> Other
    end;
read(_, _) -> {error, badarg}.

read_line(File) when is_pid(File); is_atom(File) ->
    case io:request(File, {get_line, latin1, ''}) of
        Data when is_list(Data); is_binary(Data) -> {ok, Data};
        Other -> Other
    end;
read_line(_) -> {error, badarg}.

write(File, Data) when is_pid(File); is_atom(File) ->
    case make_binary(Data) of
        {error, _} = Error -> Error;
        Bin -> io:request(File, {put_chars, latin1, Bin})
    end;
write(_, _) -> {error, badarg}.

%% ---------------------------------------------------------------------
%% consult/1: the terms of a file, each ended by a full stop, as io:read/3
%% reads them one after another from the file opened for reading.  The
%% text is UTF-8 unless a "coding:" comment in the first two lines says
%% latin-1.  Errors are {error, {Line, Module, Reason}} of the first term
%% that fails; bytes that are not UTF-8 fail as file_io_server's
%% invalid_unicode where the reading reaches them.

consult(Name) ->
    case read_file(Name) of
        {ok, Bin} -> consult_text(Bin);
        {error, _} = Error -> Error
    end.

consult_text(Bin) ->
    case source_encoding(Bin) of
        latin1 ->
            terms(binary_to_list(Bin), true);
        _ ->
            case unicode:characters_to_list(Bin, utf8) of
                Chars when is_list(Chars) -> terms(Chars, true);
                {_, Good, _} -> terms(Good, false)
            end
    end.

%% Complete: the text ends where the file does (else undecodable bytes
%% follow it, and the reading stops there).
terms(Chars, Complete) ->
    case erl_scan:string(Chars, {1, 1}) of
        {ok, Tokens, _} ->
            {Forms, Rest} = forms(Tokens, Chars, Complete),
            case parse_forms(Forms, []) of
                {error, _} = Error -> Error;
                {ok, Terms} when Complete, Rest =:= [] -> {ok, Terms};
                %% Tokens after the last full stop: erl_parse's error.
                {ok, _} when Complete -> erl_parse:parse_term([line_token(T) || T <- Rest]);
                {ok, _} -> invalid_unicode(Chars)
            end;
        {error, {{Line, Col}, erl_scan, Desc}, _} ->
            %% The terms before the one that does not scan come first.
            Before = prefix(Chars, Line, Col),
            Done = case erl_scan:string(Before, {1, 1}) of
                       {ok, Tokens, _} -> parse_forms(element(1, forms(Tokens, Before, true)), []);
                       {error, _, _} -> {ok, []}
                   end,
            case Done of
                {error, _} = Error -> Error;
                {ok, _} ->
                    case Complete orelse not awaits_more(Desc) of
                        true -> {error, {Line, erl_scan, Desc}};
                        false -> invalid_unicode(Chars)
                    end
            end
    end.

%% An unterminated string, quoted atom or character: more text was
%% awaited where the undecodable bytes are.
awaits_more({string, _, _}) -> true;
awaits_more(char) -> true;
awaits_more(_) -> false.

%% {Forms, Rest}: the token lists each ended by a full stop, and the
%% tokens after the last one.  A full stop at the very end of text that
%% undecodable bytes follow is not known to be one.
forms(Tokens, Chars, Complete) ->
    Open = not Complete andalso lists:last([$\s | Chars]) =:= $.,
    split_forms(Tokens, Open, [], []).

split_forms([{dot, _} = Dot], true, Form, Forms) ->
    {lists:reverse(Forms), lists:reverse(Form, [Dot])};
split_forms([{dot, _} = Dot | Ts], Open, Form, Forms) ->
    split_forms(Ts, Open, [], [lists:reverse(Form, [Dot]) | Forms]);
split_forms([T | Ts], Open, Form, Forms) ->
    split_forms(Ts, Open, [T | Form], Forms);
split_forms([], _, Form, Forms) ->
    {lists:reverse(Forms), lists:reverse(Form)}.

parse_forms([Form | Forms], Acc) ->
    case erl_parse:parse_term([line_token(T) || T <- Form]) of
        {ok, Term} -> parse_forms(Forms, [Term | Acc]);
        {error, _} = Error -> Error
    end;
parse_forms([], Acc) ->
    {ok, lists:reverse(Acc)}.

line_token(T) ->
    {Line, _} = element(2, T),
    setelement(2, T, Line).

invalid_unicode(Chars) ->
    {error, {1 + length([C || C <- Chars, C =:= $\n]), file_io_server, invalid_unicode}}.

%% The characters before line Line, column Col (every character is one
%% column, a newline starts the next line at column 1).
prefix(Chars, Line, Col) -> prefix(Chars, 1, 1, Line, Col, []).

prefix(_, L, C, L, C, Acc) -> lists:reverse(Acc);
prefix([$\n | Cs], L, _, Line, Col, Acc) -> prefix(Cs, L + 1, 1, Line, Col, [$\n | Acc]);
prefix([Ch | Cs], L, C, Line, Col, Acc) -> prefix(Cs, L, C + 1, Line, Col, [Ch | Acc]);
prefix([], _, _, _, _, Acc) -> lists:reverse(Acc).

%% The encoding a "coding: Enc" (or "coding=Enc") comment names in the
%% first two lines of the first 512 bytes, as epp reads it: latin1 for
%% latin-1..., utf8 for utf-8..., else none.
source_encoding(Bin) ->
    Limited = byte_size(Bin) >= 512,
    Head = binary:part(Bin, 0, min(byte_size(Bin), 512)),
    try find_comment(Head, 0, Limited)
    catch throw:none -> none
    end.

find_comment(_, 2, _) -> throw(none);
find_comment(<<$\n, B/binary>>, N, L) -> find_comment(B, N + 1, L);
find_comment(<<$%, B/binary>>, N, L) -> find_coding(B, N, L);
find_comment(<<_, B/binary>>, N, L) -> find_comment(B, N, L);
find_comment(<<>>, _, _) -> throw(none).

find_coding(<<"coding", B/binary>>, N, L) -> coding_sep(B, N, L);
find_coding(<<$\n, B/binary>>, N, L) -> find_comment(B, N + 1, L);
find_coding(<<_, B/binary>>, N, L) -> find_coding(B, N, L);
find_coding(<<>>, _, _) -> throw(none).

coding_sep(<<$\s, B/binary>>, N, L) -> coding_sep(B, N, L);
coding_sep(<<C, B/binary>>, _, L) when C =:= $:; C =:= $= -> coding_name(skip_spaces(B), L, [], []);
coding_sep(B, N, L) -> find_coding(B, N, L).

skip_spaces(<<$\s, B/binary>>) -> skip_spaces(B);
skip_spaces(B) -> B.

%% Letters and digits in parts separated by "-".
coding_name(<<C, B/binary>>, L, Part, Parts)
  when C >= $a, C =< $z; C >= $A, C =< $Z; C >= $0, C =< $9 ->
    coding_name(B, L, [C | Part], Parts);
coding_name(<<$-, B/binary>>, L, Part, Parts) -> coding_name(B, L, [], [Part | Parts]);
coding_name(<<>>, true, _, _) -> throw(none);
coding_name(_, _, Part, Parts) ->
    case [string:lowercase(lists:reverse(P)) || P <- lists:reverse([Part | Parts])] of
        ["latin", "1" | _] -> latin1;
        ["utf", "8" | _] -> utf8;
        _ -> none
    end.

%% ---------------------------------------------------------------------
%% Error texts

format_error({_Line, file, undefined_script}) ->
    "no value returned from script";
format_error({Line, file, {Class, Reason, Stacktrace}}) ->
    io_lib:format("~w: evaluation failed with reason ~w:~w and stacktrace ~w",
                  [Line, Class, Reason, Stacktrace]);
format_error({Line, file, {Reason, Stacktrace}}) ->
    io_lib:format("~w: evaluation failed with reason ~w and stacktrace ~w",
                  [Line, Reason, Stacktrace]);
format_error({Line, file_io_server, Reason}) ->
    io_lib:format("~w: ~ts", [Line, io_server_error(Reason)]);
format_error({Line, Mod, Reason}) ->
    io_lib:format("~w: ~ts", [Line, erlang:apply(Mod, format_error, [Reason])]);
format_error(badarg) -> "bad argument";
format_error(system_limit) -> "a system limit was hit, probably not enough ports";
format_error(terminated) -> "the file server process is terminated";
format_error(Reason) -> posix_message(Reason).

io_server_error(invalid_unicode) -> "cannot translate from UTF-8";
io_server_error(Reason) -> posix_message(Reason).

%% erl_posix_msg's text of the errors files and directories give.
posix_message(Reason) ->
    case lists:keyfind(Reason, 1, posix_messages()) of
        {_, Text} -> Text;
        false -> "unknown POSIX error"
    end.

posix_messages() ->
    [{e2big, "argument list too long"}, {eacces, "permission denied"},
     {eagain, "resource temporarily unavailable"}, {ebadf, "bad file number"},
     {ebusy, "file busy"}, {edeadlk, "resource deadlock avoided"},
     {edquot, "disk quota exceeded"}, {eexist, "file already exists"},
     {efault, "bad address in system call argument"}, {efbig, "file too large"},
     {eintr, "interrupted system call"}, {einval, "invalid argument"}, {eio, "I/O error"},
     {eisdir, "illegal operation on a directory"},
     {eloop, "too many levels of symbolic links"}, {emfile, "too many open files"},
     {emlink, "too many links"}, {enametoolong, "file name too long"},
     {enfile, "file table overflow"}, {enodev, "no such device"},
     {enoent, "no such file or directory"}, {enomem, "not enough memory"},
     {enospc, "no space left on device"}, {enosys, "function not implemented"},
     {enotblk, "block device required"}, {enotdir, "not a directory"},
     {enotempty, "directory not empty"}, {enotsup, "operation not supported"},
     {enotty, "inappropriate device for ioctl"}, {enxio, "no such device or address"},
     {eopnotsupp, "operation not supported on socket"},
     {eoverflow, "offset too large for file system"}, {eperm, "not owner"},
     {epipe, "broken pipe"}, {erofs, "read-only file system"}, {espipe, "invalid seek"},
     {estale, "stale remote file handle"}, {etxtbsy, "text file or pseudo-device busy"},
     {exdev, "cross-domain link"}].
