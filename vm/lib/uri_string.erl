%% uri_string: OTP 25's uri_string module: URI references (RFC 3986)
%% parsed into maps, recomposed, normalized and resolved; percent-encoded
%% bytes transcoded; HTML 5 form queries composed and dissected; quote and
%% unquote. Results, error tuples and exceptions are OTP's for binaries,
%% chardata and odd terms alike; the IP address checks OTP asks of inet are
%% done here, with inet's rules and failures.
-module(uri_string).

-export([allowed_characters/0, compose_query/1, compose_query/2, dissect_query/1,
         normalize/1, normalize/2, percent_decode/1, parse/1, recompose/1,
         resolve/2, resolve/3, transcode/2, quote/1, quote/2, unquote/1]).
%% Two character classes OTP 25 exports too.
-export([is_host/1, is_path/1]).

%% Every error result is thrown inside the module as {error, Reason, Term}
%% and caught at the API edge, as in OTP; other exceptions pass through.
-define(FAIL(Reason, Term), throw({error, Reason, Term})).

%% ---------------------------------------------------------------------
%% Parsing: a left-to-right scan of the UTF-8 text, one state function
%% per part of the grammar, each keeping the binary where its component
%% started and the bytes it has taken (every character a component may
%% hold is ASCII). A character a state does not take is
%% {error, invalid_uri, [Char]}; text that is not UTF-8 where a state
%% reads it fails with function_clause. A reference is first read as an
%% absolute URI and, if that fails anywhere, as a relative one; an
%% authority is first read with a userinfo part and, if that fails, as a
%% host. (OTP also tries an IPv4 host before a reg-name; both take the
%% same text the same way, so only the reg-name reading is made here.)

parse(URI) when is_binary(URI) ->
    try reference(URI)
    catch throw:{error, _, _} = Error -> Error
    end;
parse(URI) when is_list(URI) ->
    try maps:map(fun field_to_list/2, reference(unicode:characters_to_binary(URI)))
    catch throw:{error, _, _} = Error -> Error
    end.

field_to_list(_, V) when is_binary(V) -> unicode:characters_to_list(V);
field_to_list(_, V) -> V.

reference(<<>>) ->
    #{path => <<>>};
reference(URI) ->
    case scheme_length(URI) of
        none ->
            relative(URI);
        N ->
            try absolute(URI, N)
            catch throw:{error, _, _} -> relative(URI)
            end
    end.

%% The bytes before the ":" that ends a scheme, or none when the text
%% does not start with one (OTP's attempt would fail there at once).
scheme_length(<<C/utf8, Rest/binary>>) ->
    case is_alpha(C) of
        true -> scheme_length(Rest, 1);
        false -> none
    end.

scheme_length(<<$:, _/binary>>, N) ->
    N;
scheme_length(<<C/utf8, Rest/binary>>, N) ->
    case is_scheme(C) of
        true -> scheme_length(Rest, N + 1);
        false -> none
    end;
scheme_length(<<>>, _) ->
    none.

absolute(URI, N) ->
    <<Scheme:N/binary, $:, Rest/binary>> = URI,
    (with_path(hier(Rest, #{})))#{scheme => Scheme}.

%% What follows "scheme:".
hier(<<"//", Rest/binary>>, Map) -> authority(Rest, Map);
hier(<<$/, _/binary>> = Path, Map) -> path(Path, Path, 0, Map);
hier(<<$?, Rest/binary>>, Map) -> query(Rest, Rest, 0, Map);
hier(<<$#, Rest/binary>>, Map) -> fragment(Rest, Rest, 0, Map);
hier(<<C/utf8, _/binary>> = Path, Map) ->
    case is_pchar(C) of
        true -> path(Path, Path, 0, Map);
        false -> ?FAIL(invalid_uri, [C])
    end;
hier(<<>>, Map) -> Map.

%% A relative reference; its first segment may hold no ':'.
relative(<<"//", Rest/binary>>) -> with_path(authority(Rest, #{}));
relative(<<$/, _/binary>> = Path) -> path(Path, Path, 0, #{});
relative(<<$?, Rest/binary>>) -> with_path(query(Rest, Rest, 0, #{}));
relative(<<$#, Rest/binary>>) -> with_path(fragment(Rest, Rest, 0, #{}));
relative(<<C/utf8, _/binary>> = Path) ->
    case is_segment_nz_nc(C) of
        true -> first_segment(Path, Path, 0, #{});
        false -> ?FAIL(invalid_uri, [C])
    end.

with_path(#{path := _} = Map) -> Map;
with_path(Map) -> Map#{path => <<>>}.

%% When the userinfo characters run up to an "@", OTP reads userinfo
%% and a host after it; if that fails, or when they do not, a host.
authority(Auth, Map) ->
    case userinfo_length(Auth, 0) of
        none ->
            host(Auth, Map);
        N ->
            try userinfo(Auth, N, Map)
            catch throw:{error, _, _} -> host(Auth, Map)
            end
    end.

userinfo_length(<<$@, _/binary>>, N) ->
    N;
userinfo_length(<<C/utf8, Rest/binary>>, N) ->
    case is_userinfo(C) of
        true -> userinfo_length(Rest, N + 1);
        false -> none
    end;
userinfo_length(<<>>, _) ->
    none.

userinfo(Auth, N, Map) ->
    case Auth of
        <<Userinfo:N/binary, "@">> -> Map#{userinfo => Userinfo, host => <<>>};
        <<Userinfo:N/binary, $@, Rest/binary>> -> host(Rest, Map#{userinfo => Userinfo})
    end.

host(<<$[, Rest/binary>> = Host, Map) -> ip_literal(Host, Rest, [], Map);
host(Host, Map) -> reg_name(Host, Host, 0, Map).

reg_name(Host, <<C/utf8, Rest/binary>> = Bin, N, Map) ->
    case is_reg_name(C) of
        true -> reg_name(Host, Rest, N + 1, Map);
        false -> after_host(Bin, Map#{host => binary_part(Host, 0, N)})
    end;
reg_name(Host, <<>>, _, Map) ->
    Map#{host => Host}.

%% "[" IPv6 characters "]" (the address must pass inet's strict check),
%% then more IPv6 characters, which OTP takes as part of the host: the
%% host is the text without its brackets, or without "[" only when it
%% does not end in "]".
ip_literal(Host, <<$], Rest/binary>>, Acc, Map) ->
    Addr = lists:reverse(Acc),
    case is_ipv6_address(Addr) of
        true -> ip_literal_end(Host, Rest, length(Acc) + 2, Map);
        false -> ?FAIL(invalid_uri, Addr)
    end;
ip_literal(Host, <<C/utf8, Rest/binary>>, Acc, Map) ->
    case is_ipv6(C) of
        true -> ip_literal(Host, Rest, [C | Acc], Map);
        false -> ?FAIL(invalid_uri, [C])
    end;
ip_literal(_, <<>>, _, _) ->
    ?FAIL(invalid_uri, <<>>).

ip_literal_end(Host, <<C/utf8, Rest/binary>> = Bin, N, Map) when C =/= $: ->
    case is_ipv6(C) of
        true -> ip_literal_end(Host, Rest, N + 1, Map);
        false -> after_host(Bin, Map#{host => unbracket(binary_part(Host, 0, N))})
    end;
ip_literal_end(Host, Bin, N, Map) ->
    after_host(Bin, Map#{host => unbracket(binary_part(Host, 0, N))}).

unbracket(<<$[, Addr/binary>>) ->
    case binary:last(Addr) of
        $] -> binary_part(Addr, 0, byte_size(Addr) - 1);
        _ -> Addr
    end.

%% After a host: a port, a path, a query, a fragment or the end.
after_host(<<$:, Rest/binary>>, Map) -> port(Rest, Rest, 0, Map);
after_host(Rest, Map) -> after_port(Rest, Map).

port(Port, <<C/utf8, Rest/binary>>, N, Map) when C >= $0, C =< $9 ->
    port(Port, Rest, N + 1, Map);
port(Port, Bin, N, Map) ->
    Value = case N of
                0 -> undefined;
                _ -> binary_to_integer(binary_part(Port, 0, N))
            end,
    after_port(Bin, Map#{port => Value}).

after_port(<<$/, _/binary>> = Path, Map) -> path(Path, Path, 0, Map);
after_port(<<$?, Rest/binary>>, Map) -> query(Rest, Rest, 0, Map);
after_port(<<$#, Rest/binary>>, Map) -> fragment(Rest, Rest, 0, Map);
after_port(<<C/utf8, _/binary>>, _) -> ?FAIL(invalid_uri, [C]);
after_port(<<>>, Map) -> Map.

first_segment(Path, <<$/, Rest/binary>>, N, Map) ->
    path(Path, Rest, N + 1, Map);
first_segment(Path, <<C/utf8, Rest/binary>> = Bin, N, Map) ->
    case is_segment_nz_nc(C) of
        true -> first_segment(Path, Rest, N + 1, Map);
        false -> after_path(Bin, Map#{path => binary_part(Path, 0, N)})
    end;
first_segment(Path, <<>>, _, Map) ->
    Map#{path => Path}.

path(Path, <<C/utf8, Rest/binary>> = Bin, N, Map) ->
    case is_path(C) of
        true -> path(Path, Rest, N + 1, Map);
        false -> after_path(Bin, Map#{path => binary_part(Path, 0, N)})
    end;
path(Path, <<>>, _, Map) ->
    Map#{path => Path}.

after_path(<<$?, Rest/binary>>, Map) -> query(Rest, Rest, 0, Map);
after_path(<<$#, Rest/binary>>, Map) -> fragment(Rest, Rest, 0, Map);
after_path(<<C/utf8, _/binary>>, _) -> ?FAIL(invalid_uri, [C]).

query(Query, <<C/utf8, Rest/binary>> = Bin, N, Map) ->
    case is_query(C) of
        true -> query(Query, Rest, N + 1, Map);
        false -> after_query(Bin, Map#{query => binary_part(Query, 0, N)})
    end;
query(Query, <<>>, _, Map) ->
    Map#{query => Query}.

after_query(<<$#, Rest/binary>>, Map) -> fragment(Rest, Rest, 0, Map);
after_query(<<C/utf8, _/binary>>, _) -> ?FAIL(invalid_uri, [C]).

fragment(Fragment, <<C/utf8, Rest/binary>>, N, Map) ->
    case is_fragment(C) of
        true -> fragment(Fragment, Rest, N + 1, Map);
        false -> ?FAIL(invalid_uri, [C])
    end;
fragment(Fragment, <<>>, _, Map) ->
    Map#{fragment => Fragment}.

%% ---------------------------------------------------------------------
%% Recomposing: the components in order, each percent-encoded where its
%% characters are not allowed; the result is a binary or a list after the
%% type of the first component written (a list as soon as one is).

recompose(Map) ->
    case is_uri_map(Map) of
        false ->
            {error, invalid_map, Map};
        true ->
            try compose(Map)
            catch throw:{error, _, _} = Error -> Error
            end
    end.

%% A map with a path and no key outside the seven components.
is_uri_map(#{path := _} = Map) ->
    lists:all(fun(K) -> lists:member(K, [scheme, userinfo, host, port, path, query, fragment]) end,
              maps:keys(Map));
is_uri_map(#{}) ->
    false.

compose(Map) ->
    U0 = case Map of
             #{scheme := Scheme} -> append_colon(scheme_text(Scheme));
             #{} -> empty
         end,
    U1 = case Map of
             #{userinfo := Userinfo} -> join(U0, slashes(encode(Userinfo, fun is_userinfo/1)));
             #{} -> U0
         end,
    U2 = case Map of
             #{host := Host} when U1 =:= empty -> slashes(host_text(Host));
             #{host := Host} -> concat(U1, host_prefix(Map, host_text(Host)));
             #{} -> U1
         end,
    U3 = case Map of
             #{port := undefined} -> concat(U2, <<":">>);
             #{port := Port} -> concat(U2, <<$:, (integer_to_binary(Port))/binary>>);
             #{} -> U2
         end,
    U4 = case Map of
             #{path := Path} when U3 =:= empty -> encode(Path, fun is_path/1);
             #{host := _, path := Path} -> concat(U3, encode(absolute_path(Path), fun is_path/1));
             #{path := Path} -> concat(U3, encode(Path, fun is_path/1))
         end,
    U5 = case Map of
             #{query := Query} when U4 =:= empty -> encode(Query, fun is_query/1);
             #{query := Query} -> concat(U4, prefix($?, encode(Query, fun is_query/1)));
             #{} -> U4
         end,
    case Map of
        #{fragment := Fragment} -> join(U5, prefix($#, encode(Fragment, fun is_fragment/1)));
        #{} when U5 =:= empty -> "";
        #{} -> U5
    end.

join(empty, Text) -> Text;
join(URI, Text) -> concat(URI, Text).

scheme_text([]) -> ?FAIL(invalid_scheme, "");
scheme_text(<<>>) -> ?FAIL(invalid_scheme, <<>>);
scheme_text(Scheme) ->
    case all_scheme(Scheme) of
        true -> Scheme;
        false -> ?FAIL(invalid_scheme, Scheme)
    end.

all_scheme([C | Cs]) -> is_scheme(C) andalso all_scheme(Cs);
all_scheme([]) -> true;
all_scheme(<<C, Cs/binary>>) -> is_scheme(C) andalso all_scheme(Cs);
all_scheme(<<>>) -> true.

%% An IPv6 address gets its brackets back; an IPv4 address or a reg-name
%% is written as it is, anything else percent-encoded. A binary host is
%% looked at as characters (if it is not UTF-8, inet's IPv4 check fails
%% on the error tuple with function_clause, as in OTP).
host_text(Host) ->
    case host_kind(Host) of
        ipv6 when is_binary(Host) -> <<$[, Host/binary, $]>>;
        ipv6 -> [$[ | Host] ++ "]";
        other -> encode(Host, fun is_reg_name/1);
        _ -> Host
    end.

host_kind([]) ->
    other;
host_kind(Host) ->
    Chars = case is_binary(Host) of
                true -> unicode:characters_to_list(Host);
                false -> Host
            end,
    case is_ipv6_address(Chars) of
        true -> ipv6;
        false ->
            case is_ipv4_address(Chars) of
                true -> ipv4;
                false -> reg_name_kind(Chars)
            end
    end.

reg_name_kind([C | Cs]) ->
    case is_reg_name(C) of
        true -> reg_name_kind(Cs);
        false -> other
    end;
reg_name_kind([]) ->
    reg_name.

%% With a host, a path that is not empty must start with "/"; a path
%% that is neither a binary nor a string is made one first.
absolute_path(Path) when is_binary(Path) -> absolute_path1(Path);
absolute_path(Path) -> absolute_path1(unicode:characters_to_list(Path)).

absolute_path1(<<>>) -> <<>>;
absolute_path1([]) -> [];
absolute_path1(<<$/, _/binary>> = Path) -> Path;
absolute_path1([$/ | _] = Path) -> Path;
absolute_path1(Path) when is_binary(Path) -> <<$/, Path/binary>>;
absolute_path1(Path) when is_list(Path) -> [$/ | Path].

append_colon(Text) when is_binary(Text) -> <<Text/binary, $:>>;
append_colon(Text) when is_list(Text) -> Text ++ ":".

slashes(Text) when is_binary(Text) -> <<"//", Text/binary>>;
slashes(Text) when is_list(Text) -> [$/, $/ | Text].

prefix(C, Text) when is_binary(Text) -> <<C, Text/binary>>;
prefix(C, Text) when is_list(Text) -> [C | Text].

host_prefix(#{userinfo := _}, Host) -> prefix($@, Host);
host_prefix(#{}, Host) -> slashes(Host).

%% Two pieces of URI: a binary while both are binaries, else a list.
concat(A, B) when is_binary(A), is_binary(B) -> <<A/binary, B/binary>>;
concat(A, B) when is_binary(A), is_list(B) -> unicode:characters_to_list(A) ++ B;
concat(A, B) when is_list(A), is_binary(B) -> A ++ unicode:characters_to_list(B);
concat(A, B) when is_list(A) -> A ++ B.

%% ---------------------------------------------------------------------
%% Normalizing (RFC 3986 section 6.2.2 and the schemes' default ports).

normalize(URI) ->
    normalize(URI, []).

normalize(URI, Options) when is_map(URI), Options =:= [] orelse Options =:= [return_map] ->
    normalized(URI, Options);
normalize(URI, Options) when Options =:= []; Options =:= [return_map] ->
    case parse(URI) of
        Map when is_map(Map) -> normalized(Map, Options);
        Error -> Error
    end.

normalized(Map, Options) ->
    try normal_map(Map) of
        Normal when Options =:= [] -> recompose(Normal);
        Normal -> Normal
    catch throw:{error, _, _} = Error -> Error
    end.

%% Case, then percent-encoding, an undefined port, the scheme's default
%% port and empty http(s) path, and last dot segments.
normal_map(Map0) ->
    Map1 = case Map0 of
               #{scheme := Scheme} -> Map0#{scheme => to_lower(Scheme)};
               #{} -> Map0
           end,
    Map2 = case Map1 of
               #{host := Host} -> Map1#{host => to_lower(Host)};
               #{} -> Map1
           end,
    Map3 = maps:map(fun normal_field/2, Map2),
    Map4 = case Map3 of
               #{port := undefined} -> maps:remove(port, Map3);
               #{} -> Map3
           end,
    without_dot_segments(scheme_defaults(Map4)).

normal_field(K, V) when K =:= userinfo; K =:= host; K =:= path; K =:= query;
                        K =:= fragment ->
    normal_decode(V);
normal_field(_, V) ->
    V.

%% ASCII letters to lower case; a string must be UTF-8.
to_lower(Text) when is_list(Text) ->
    from_utf8(lower(to_utf8(Text), <<>>));
to_lower(Text) when is_binary(Text) ->
    lower(Text, <<>>).

lower(<<C, Rest/binary>>, Acc) when C >= $A, C =< $Z -> lower(Rest, <<Acc/binary, (C + 32)>>);
lower(<<C, Rest/binary>>, Acc) -> lower(Rest, <<Acc/binary, C>>);
lower(<<>>, Acc) -> Acc.

scheme_defaults(Map) ->
    Port = maps:get(port, Map, undefined),
    Path = maps:get(path, Map, undefined),
    case default_port(maps:get(scheme, Map, undefined)) of
        {http, Default} -> http_path(without_port(Map, Port, Default), Path);
        {_, Default} -> without_port(Map, Port, Default);
        none -> Map
    end.

default_port(S) when S =:= "http"; S =:= <<"http">> -> {http, 80};
default_port(S) when S =:= "https"; S =:= <<"https">> -> {http, 443};
default_port(S) when S =:= "ftp"; S =:= <<"ftp">> -> {other, 21};
default_port(S) when S =:= "ssh"; S =:= <<"ssh">>; S =:= "sftp"; S =:= <<"sftp">> -> {other, 22};
default_port(S) when S =:= "tftp"; S =:= <<"tftp">> -> {other, 69};
default_port(_) -> none.

without_port(Map, Default, Default) -> maps:remove(port, Map);
without_port(Map, _, _) -> Map.

http_path(Map, []) -> Map#{path => "/"};
http_path(Map, <<>>) -> Map#{path => <<"/">>};
http_path(Map, _) -> Map.

%% RFC 3986 section 5.2.4 on the path (which must be there).
without_dot_segments(Map) ->
    Map#{path => remove_dot_segments(maps:get(path, Map, undefined))}.

remove_dot_segments(Path) when is_binary(Path) ->
    dots(Path, <<>>);
remove_dot_segments(Path) when is_list(Path) ->
    from_utf8(dots(to_utf8(Path), <<>>)).

dots(<<>>, Out) -> Out;
dots(<<"../", In/binary>>, Out) -> dots(In, Out);
dots(<<"./", In/binary>>, Out) -> dots(In, Out);
dots(<<"/./", In/binary>>, Out) -> dots(<<$/, In/binary>>, Out);
dots(<<"/.">>, Out) -> dots(<<"/">>, Out);
dots(<<"/../", In/binary>>, Out) -> dots(<<$/, In/binary>>, drop_segment(Out));
dots(<<"/..">>, Out) -> dots(<<"/">>, drop_segment(Out));
dots(<<".">>, Out) -> Out;
dots(<<"..">>, Out) -> Out;
dots(<<$/, In/binary>>, Out) -> segment(In, <<Out/binary, $/>>);
dots(In, Out) -> segment(In, Out).

%% Moves the rest of a segment (up to the next "/") to the output.
segment(<<C, In/binary>>, Out) when C =/= $/ -> segment(In, <<Out/binary, C>>);
segment(In, Out) -> dots(In, Out).

%% The output without its last segment and the "/" before it.
drop_segment(Out) ->
    case binary:matches(Out, <<"/">>) of
        [] -> <<>>;
        Slashes -> {Last, _} = lists:last(Slashes), binary_part(Out, 0, Last)
    end.

%% ---------------------------------------------------------------------
%% Resolving a reference against a base URI (RFC 3986 section 5.2.2).

resolve(Ref, Base) ->
    resolve(Ref, Base, []).

resolve(Ref, Base, Options) when is_map(Ref) ->
    case resolve_map(Ref, Base) of
        Target when is_map(Target) ->
            case Options of
                [return_map] -> Target;
                [] -> recompose(Target)
            end;
        Error ->
            Error
    end;
resolve(Ref, Base, Options) ->
    case parse(Ref) of
        Map when is_map(Map) -> resolve(Map, Base, Options);
        Error -> Error
    end.

resolve_map(#{scheme := _} = Ref, _) ->
    without_dot_segments(Ref);
resolve_map(Ref, #{scheme := _} = Base) ->
    merge(Ref, Base, path_kind(Ref));
resolve_map(_, Base) when is_map(Base) ->
    {error, invalid_scheme, ""};
resolve_map(Ref, Base) ->
    case parse(Base) of
        #{scheme := _} = BaseMap -> merge(Ref, BaseMap, path_kind(Ref));
        BaseMap when is_map(BaseMap) -> {error, invalid_scheme, ""};
        Error -> Error
    end.

path_kind(Ref) ->
    case iolist_to_binary(maps:get(path, Ref, <<>>)) of
        <<>> -> empty;
        <<$/, _/bits>> -> absolute;
        _ -> relative
    end.

merge(#{host := _} = Ref, #{scheme := Scheme}, _) ->
    without_dot_segments(Ref#{scheme => Scheme});
merge(Ref, Base, empty) ->
    Keys = case Ref of
               #{query := _} -> [scheme, userinfo, host, port, path];
               #{} -> [scheme, userinfo, host, port, path, query]
           end,
    maps:merge(Ref, maps:with(Keys, Base));
merge(Ref, Base, absolute) ->
    without_dot_segments(maps:merge(Ref, maps:with([scheme, userinfo, host, port], Base)));
merge(#{path := Path} = Ref, Base, relative) ->
    without_dot_segments(maps:merge(Ref#{path => merge_paths(Path, Base)},
                                    maps:with([scheme, userinfo, host, port], Base))).

%% The reference's path after the base path's last "/" (or after "/"
%% when the base has a host and an empty path).
merge_paths(Path, #{path := BasePath} = Base) ->
    case {Base, iolist_size(BasePath)} of
        {#{host := _}, 0} when is_binary(Path) ->
            <<$/, Path/binary>>;
        {#{host := _}, 0} when is_list(Path) ->
            unicode:characters_to_list([$/, Path]);
        _ ->
            case string:split(BasePath, <<$/>>, trailing) of
                [Dir, _] when is_binary(Path) -> unicode:characters_to_binary([Dir, $/, Path]);
                [Dir, _] when is_list(Path) -> unicode:characters_to_list([Dir, $/, Path]);
                [_] -> Path
            end
    end.

%% ---------------------------------------------------------------------
%% Transcoding: each run of percent-encoded bytes is decoded, converted
%% from the input encoding to the output encoding and percent-encoded
%% again; everything else is copied.

transcode(URI, Options) when is_binary(URI) ->
    try
        In = proplists:get_value(in_encoding, Options, utf8),
        Out = proplists:get_value(out_encoding, Options, utf8),
        Chars = chars_in(URI, In),
        converted(transcode_chars(Chars, In, Out), utf8, Out)
    catch throw:{error, _, _} = Error -> Error
    end;
transcode(URI, Options) when is_list(URI) ->
    In = proplists:get_value(in_encoding, Options, utf8),
    Out = proplists:get_value(out_encoding, Options, utf8),
    Chars = flatten(URI, In),
    try transcode_chars(Chars, In, Out)
    catch throw:{error, _, _} = Error -> Error
    end.

%% OTP takes no empty text: function_clause.
transcode_chars([_ | _] = Chars, In, Out) ->
    transcode_chars(Chars, In, Out, []).

transcode_chars([$%, _, _ | _] = Chars, In, Out, Acc) ->
    pct_run(Chars, In, Out, <<>>, Acc);
transcode_chars([C | Chars], In, Out, Acc) ->
    transcode_chars(Chars, In, Out, [C | Acc]);
transcode_chars([], _, _, Acc) ->
    lists:reverse(Acc).

pct_run([$%, H1, H2 | Chars] = Pct, In, Out, Bytes, Acc) ->
    case is_hex_digit(H1) andalso is_hex_digit(H2) of
        true -> pct_run(Chars, In, Out, <<Bytes/binary, (hex_value(H1, H2))>>, Acc);
        false -> ?FAIL(invalid_percent_encoding, Pct)
    end;
pct_run(Chars, In, Out, Bytes, Acc) ->
    Pct = binary_to_list(percent_encode(converted(Bytes, In, Out), <<>>)),
    transcode_chars(Chars, In, Out, lists:reverse(Pct, Acc)).

%% A deep list of characters and binaries (in the input encoding) as a
%% flat list; an improper tail is thrown, outside any catch, as in OTP.
flatten([], _) -> [];
flatten(List, In) -> flatten(List, In, []).

flatten([H | T], In, Acc) when is_binary(H) -> flatten(T, In, lists:reverse(chars_in(H, In), Acc));
flatten([H | T], In, Acc) when is_list(H) -> flatten(H ++ T, In, Acc);
flatten([H | T], In, Acc) -> flatten(T, In, [H | Acc]);
flatten([], _, Acc) -> lists:reverse(Acc);
flatten(Tail, _, _) -> ?FAIL(invalid_input, Tail).

%% ---------------------------------------------------------------------
%% Form queries (HTML 5's application/x-www-form-urlencoded).

compose_query(List) ->
    compose_query(List, [{encoding, utf8}]).

compose_query([], _) ->
    [];
compose_query(List, Options) ->
    try compose_query(List, Options, false, <<>>)
    catch throw:{error, _, _} = Error -> Error
    end.

compose_query([{Key, true} | Rest], Options, IsList, Acc) ->
    Sep = separator(Rest),
    K = form_encode(Key, Options),
    compose_query(Rest, Options, IsList orelse is_list(Key), <<Acc/binary, K/binary, Sep/binary>>);
compose_query([{Key, Value} | Rest], Options, IsList, Acc) ->
    Sep = separator(Rest),
    K = form_encode(Key, Options),
    V = form_encode(Value, Options),
    compose_query(Rest, Options, IsList orelse is_list(Key) orelse is_list(Value),
                  <<Acc/binary, K/binary, $=, V/binary, Sep/binary>>);
compose_query([], _, true, Acc) ->
    chars_in(Acc, utf8);
compose_query([], _, false, Acc) ->
    Acc.

separator([]) -> <<>>;
separator(_) -> <<"&">>.

%% latin1 writes a character above 255 as "&#N;" and the rest as bytes;
%% utf8 (and unicode, which also takes binaries of any kind through
%% unicode:characters_to_binary/3) as UTF-8. Then HTML 5's byte
%% encoding.
form_encode(Text, [{encoding, latin1}]) when is_list(Text) ->
    form_bytes(char_refs(to_utf8(Text), <<>>), <<>>);
form_encode(Text, [{encoding, latin1}]) when is_binary(Text) ->
    form_bytes(char_refs(Text, <<>>), <<>>);
form_encode(Text, [{encoding, Enc}]) when is_list(Text), Enc =:= utf8; Enc =:= unicode ->
    form_bytes(converted(Text, utf8, Enc), <<>>);
form_encode(Text, [{encoding, Enc}]) when is_binary(Text), Enc =:= utf8 ->
    form_bytes(Text, <<>>);
form_encode(Text, [{encoding, Enc}]) when is_list(Text); is_binary(Text) ->
    ?FAIL(invalid_encoding, Enc);
form_encode(Text, _) ->
    ?FAIL(invalid_input, Text).

char_refs(<<C/utf8, Rest/binary>>, Acc) when C > 255 ->
    char_refs(Rest, <<Acc/binary, "&#", (integer_to_binary(C))/binary, $;>>);
char_refs(<<C/utf8, Rest/binary>>, Acc) ->
    char_refs(Rest, <<Acc/binary, C>>);
char_refs(<<>>, Acc) ->
    Acc.

form_bytes(<<$\s, Rest/binary>>, Acc) ->
    form_bytes(Rest, <<Acc/binary, $+>>);
form_bytes(<<C, Rest/binary>>, Acc) ->
    case is_url_char(C) of
        true -> form_bytes(Rest, <<Acc/binary, C>>);
        false -> form_bytes(Rest, percent_encode(<<C>>, Acc))
    end;
form_bytes(<<>>, Acc) ->
    Acc;
form_bytes(Rest, _) ->
    ?FAIL(invalid_input, Rest).

is_url_char(C) ->
    C =:= $* orelse C =:= $- orelse C =:= $. orelse C =:= $_ orelse is_alpha(C)
        orelse is_digit(C).

dissect_query(<<>>) ->
    [];
dissect_query([]) ->
    [];
dissect_query(Query) when is_list(Query) ->
    try query_key(converted(Query, utf8, utf8), true, [], <<>>)
    catch throw:{error, _, _} = Error -> Error
    end;
dissect_query(Query) ->
    try query_key(Query, false, [], <<>>)
    catch throw:{error, _, _} = Error -> Error
    end.

%% A key runs to "=" or "&" (but "&#" stays in it); a value to "&". A
%% key without "=" has the value true.
query_key(<<$=, Rest/binary>>, IsList, Acc, Key) ->
    query_value(Rest, IsList, Acc, Key, <<>>);
query_key(<<"&#", Rest/binary>>, IsList, Acc, Key) ->
    query_key(Rest, IsList, Acc, <<Key/binary, "&#">>);
query_key(<<$&, _/binary>> = Rest, IsList, Acc, Key) ->
    query_value(Rest, IsList, Acc, Key, true);
query_key(<<C, Rest/binary>>, IsList, Acc, Key) ->
    query_key(Rest, IsList, Acc, <<Key/binary, C>>);
query_key(<<>>, IsList, Acc, Key) ->
    query_value(<<>>, IsList, Acc, Key, true).

query_value(<<$&, Rest/binary>>, IsList, Acc, Key, Value) ->
    Pair = query_pair(IsList, Key, Value),
    query_key(Rest, IsList, [Pair | Acc], <<>>);
query_value(<<C, Rest/binary>>, IsList, Acc, Key, Value) ->
    query_value(Rest, IsList, Acc, Key, <<Value/binary, C>>);
query_value(<<>>, IsList, Acc, Key, Value) ->
    lists:reverse([query_pair(IsList, Key, Value) | Acc]).

query_pair(IsList, Key, Value) ->
    K = form_decode(IsList, Key),
    {K, form_decode(IsList, Value)}.

form_decode(_, true) -> true;
form_decode(true, Text) -> chars_in(unref(unform(Text, <<>>), <<>>), utf8);
form_decode(false, Text) -> unref(unform(Text, <<>>), <<>>).

%% "+" is a space, "%XX" a byte.
unform(<<$+, Rest/binary>>, Acc) ->
    unform(Rest, <<Acc/binary, $\s>>);
unform(<<$%, H1, H2, Rest/binary>>, Acc) ->
    case is_hex_digit(H1) andalso is_hex_digit(H2) of
        true -> unform(Rest, <<Acc/binary, (hex_value(H1, H2))>>);
        false -> ?FAIL(invalid_percent_encoding, chars_in(<<$%, H1, H2, Rest/binary>>, utf8))
    end;
unform(<<C/utf8, Rest/binary>>, Acc) ->
    unform(Rest, <<Acc/binary, C/utf8>>);
unform(<<C, _/binary>>, _) ->
    ?FAIL(invalid_character, [C]);
unform(<<>>, Acc) ->
    Acc.

%% "&#N;" is the character N; the text must be UTF-8.
unref(<<"&#", Rest/binary>>, Acc) ->
    char_ref(Rest, 0, Acc);
unref(<<C/utf8, Rest/binary>>, Acc) ->
    unref(Rest, <<Acc/binary, C/utf8>>);
unref(<<C, _/binary>>, _) ->
    ?FAIL(invalid_input, [C]);
unref(<<>>, Acc) ->
    Acc.

%% Text that ends inside a reference is function_clause, as in OTP.
char_ref(<<C/utf8, Rest/binary>>, N, Acc) when C >= $0, C =< $9 ->
    char_ref(Rest, N * 10 + (C - $0), Acc);
char_ref(<<$;, Rest/binary>>, N, Acc) ->
    unref(Rest, <<Acc/binary, N/utf8>>);
char_ref(<<C, _/binary>>, _, _) ->
    ?FAIL(invalid_input, [C]).

%% ---------------------------------------------------------------------
%% Percent-encoding.

percent_decode(URI) when is_map(URI) ->
    Decode = fun(K, V) when K =:= userinfo; K =:= host; K =:= path; K =:= query;
                            K =:= fragment ->
                     case raw_decode(V) of
                         {error, Reason, Term} -> throw({error, {invalid, {K, {Reason, Term}}}});
                         Decoded -> Decoded
                     end;
                (_, V) ->
                     V
             end,
    try maps:map(Decode, URI)
    catch throw:Error -> Error
    end;
percent_decode(URI) when is_list(URI); is_binary(URI) ->
    raw_decode(URI).

quote(Text) ->
    encode(Text, fun is_unreserved/1).

quote(Text, Safe) ->
    encode(Text, fun(C) -> is_unreserved(C) orelse lists:member(C, Safe) end).

unquote(Text) ->
    raw_decode(Text).

%% The characters Safe does not take, as "%XX" of their UTF-8 bytes. A
%% character Safe takes is written as one byte (its low 8 bits).
encode(Text, Safe) when is_list(Text) ->
    unicode:characters_to_list(encode(unicode:characters_to_binary(Text), Safe, <<>>));
encode(Text, Safe) when is_binary(Text) ->
    encode(Text, Safe, <<>>).

encode(<<C/utf8, Rest/binary>>, Safe, Acc) ->
    case Safe(C) of
        true -> encode(Rest, Safe, <<Acc/binary, C>>);
        false -> encode(Rest, Safe, percent_encode(<<C/utf8>>, Acc))
    end;
encode(<<_, _/binary>> = Rest, _, _) ->
    ?FAIL(invalid_input, Rest);
encode(<<>>, _, Acc) ->
    Acc.

percent_encode(<<B, Rest/binary>>, Acc) ->
    percent_encode(Rest, <<Acc/binary, $%, (hex_digit(B bsr 4)), (hex_digit(B band 15))>>);
percent_encode(<<>>, Acc) ->
    Acc.

hex_digit(D) when D < 10 -> $0 + D;
hex_digit(D) -> $A - 10 + D.

%% Every "%XX" as its byte; the result must be UTF-8. A string gets the
%% error as a result, a binary as an exception.
raw_decode(Text) when is_list(Text) ->
    try unicode:characters_to_list(raw_decode(unicode:characters_to_binary(Text), <<>>))
    catch throw:{error, _, _} = Error -> Error
    end;
raw_decode(Text) ->
    raw_decode(Text, <<>>).

raw_decode(<<$%, H1, H2, Rest/binary>>, Acc) ->
    case is_hex_digit(H1) andalso is_hex_digit(H2) of
        true -> raw_decode(Rest, <<Acc/binary, (hex_value(H1, H2))>>);
        false -> ?FAIL(invalid_percent_encoding, <<$%, H1, H2>>)
    end;
raw_decode(<<C, Rest/binary>>, Acc) ->
    raw_decode(Rest, <<Acc/binary, C>>);
raw_decode(<<>>, Acc) ->
    utf8_only(Acc).

%% As raw_decode/1 for normalizing: only characters RFC 3986 calls
%% unreserved are decoded; other "%XX" stay, in upper case.
normal_decode(Text) when is_list(Text) ->
    unicode:characters_to_list(normal_decode(unicode:characters_to_binary(Text), <<>>));
normal_decode(Text) ->
    normal_decode(Text, <<>>).

normal_decode(<<$%, H1, H2, Rest/binary>>, Acc) ->
    case is_hex_digit(H1) andalso is_hex_digit(H2) of
        true ->
            B = hex_value(H1, H2),
            case is_unreserved(B) of
                true -> normal_decode(Rest, <<Acc/binary, B>>);
                false -> normal_decode(Rest, <<Acc/binary, $%, (upper(H1)), (upper(H2))>>)
            end;
        false ->
            ?FAIL(invalid_percent_encoding, <<$%, H1, H2>>)
    end;
normal_decode(<<C, Rest/binary>>, Acc) ->
    normal_decode(Rest, <<Acc/binary, C>>);
normal_decode(<<>>, Acc) ->
    utf8_only(Acc).

upper(H) when H >= $a, H =< $f -> H - 32;
upper(H) -> H.

utf8_only(Bin) ->
    case unicode:characters_to_list(Bin) of
        {incomplete, _, _} -> ?FAIL(invalid_utf8, Bin);
        {error, _, _} -> ?FAIL(invalid_utf8, Bin);
        _ -> Bin
    end.

hex_value(H1, H2) -> hex_value(H1) * 16 + hex_value(H2).

hex_value(H) when H >= $0, H =< $9 -> H - $0;
hex_value(H) when H >= $A, H =< $F -> H - $A + 10;
hex_value(H) when H >= $a, H =< $f -> H - $a + 10.

%% ---------------------------------------------------------------------
%% Conversions that throw invalid_input for text that does not convert.

to_utf8(Text) -> converted(Text, utf8, utf8).

from_utf8(Bin) -> chars_in(Bin, utf8).

converted(Text, In, Out) ->
    case unicode:characters_to_binary(Text, In, Out) of
        {error, _, Rest} -> ?FAIL(invalid_input, Rest);
        {incomplete, _, Rest} -> ?FAIL(invalid_input, Rest);
        Bin -> Bin
    end.

chars_in(Bin, In) ->
    case unicode:characters_to_list(Bin, In) of
        {error, _, Rest} -> ?FAIL(invalid_input, Rest);
        {incomplete, _, Rest} -> ?FAIL(invalid_input, Rest);
        Chars -> Chars
    end.

%% ---------------------------------------------------------------------
%% Characters (RFC 3986 section 2 and appendix A). Any term may be asked
%% about: only characters are ever true.

allowed_characters() ->
    Chars = lists:seq(0, 127),
    [{Name, [C || C <- Chars, Class(C)]}
     || {Name, Class} <- [{scheme, fun is_scheme/1}, {userinfo, fun is_userinfo/1},
                          {host, fun is_host/1}, {ipv4, fun is_ipv4/1}, {ipv6, fun is_ipv6/1},
                          {regname, fun is_reg_name/1}, {path, fun is_path/1},
                          {query, fun is_query/1}, {fragment, fun is_fragment/1},
                          {reserved, fun is_reserved/1}, {unreserved, fun is_unreserved/1}]].

is_alpha(C) -> (C >= $A andalso C =< $Z) orelse (C >= $a andalso C =< $z).

is_digit(C) -> C >= $0 andalso C =< $9.

is_hex_digit(C) -> is_digit(C) orelse (C >= $a andalso C =< $f) orelse (C >= $A andalso C =< $F).

%% Letters and digits first: they are most of any URI.
-define(ALNUM(C), C >= $a, C =< $z; C >= $A, C =< $Z; C >= $0, C =< $9).

is_unreserved(C) when ?ALNUM(C) -> true;
is_unreserved(C) -> C =:= $- orelse C =:= $. orelse C =:= $_ orelse C =:= $~.

is_sub_delim(C) -> lists:member(C, "!$&'()*+,;=").

is_reserved(C) -> lists:member(C, ":/?#[]@") orelse is_sub_delim(C).

is_scheme(C) when ?ALNUM(C) -> true;
is_scheme(C) -> C =:= $+ orelse C =:= $- orelse C =:= $..

is_userinfo(C) when ?ALNUM(C) -> true;
is_userinfo(C) -> is_unreserved(C) orelse is_sub_delim(C) orelse C =:= $% orelse C =:= $:.

is_reg_name(C) when ?ALNUM(C) -> true;
is_reg_name(C) -> is_unreserved(C) orelse is_sub_delim(C) orelse C =:= $%.

is_host(C) when ?ALNUM(C) -> true;
is_host(C) -> is_unreserved(C) orelse is_sub_delim(C) orelse C =:= $:.

is_ipv4(C) -> is_digit(C) orelse C =:= $..

is_ipv6(C) -> is_hex_digit(C) orelse C =:= $: orelse C =:= $..

is_pchar(C) when ?ALNUM(C) -> true;
is_pchar(C) -> is_unreserved(C) orelse is_sub_delim(C) orelse C =:= $% orelse C =:= $:
                   orelse C =:= $@.

is_segment_nz_nc(C) when ?ALNUM(C) -> true;
is_segment_nz_nc(C) -> is_unreserved(C) orelse is_sub_delim(C) orelse C =:= $% orelse C =:= $@.

is_path(C) when ?ALNUM(C) -> true;
is_path(C) -> C =:= $/ orelse is_pchar(C).

is_query(C) when ?ALNUM(C) -> true;
is_query(C) -> C =:= $/ orelse C =:= $? orelse is_pchar(C).

is_fragment(C) -> is_query(C).

%% ---------------------------------------------------------------------
%% IP addresses, as inet's strict parsers take them (error where inet
%% raises badarg). Hosts given to recompose/1 may be any term; where inet
%% fails on one with function_clause (an improper tail it reaches, a term
%% that is not a list) so do these, having read the same elements.

%% Four decimal fields of one to three elements without a leading zero
%% (read as list_to_integer/1 reads them, so a sign is taken), each
%% below 256.
is_ipv4_address(Cs) ->
    case ipv4_fields(Cs, []) of
        [D4, D3, D2, D1] -> (D1 bor D2 bor D3 bor D4) < 256;
        _ -> false
    end.

ipv4_fields([_ | _], [_, _, _, _]) -> error;
ipv4_fields([$0], Ds) -> [0 | Ds];
ipv4_fields([$0, $. | Cs], Ds) -> ipv4_fields(Cs, [0 | Ds]);
ipv4_fields(Cs, Ds) when is_list(Cs) ->
    case ipv4_field(Cs, 3, []) of
        {D, []} when is_integer(D) -> [D | Ds];
        {D, [$., _ | _] = Rest} when is_integer(D) -> ipv4_fields(tl(Rest), [D | Ds]);
        _ -> error
    end.

%% The elements up to "." or the end (three at most) and what follows.
ipv4_field([], _, Rs) -> {ipv4_value(lists:reverse(Rs)), []};
ipv4_field([$. | _] = Cs, _, Rs) -> {ipv4_value(lists:reverse(Rs)), Cs};
ipv4_field([$0 | _], _, []) -> error;
ipv4_field([C | Cs], Room, Rs) when Room > 0 -> ipv4_field(Cs, Room - 1, [C | Rs]);
ipv4_field(Cs, _, _) when is_list(Cs) -> error.

%% A decimal number that is not negative; "+" and "-0" as
%% list_to_integer/1 reads them.
ipv4_value([$+ | Ds]) -> decimal(Ds, 0);
ipv4_value([$- | Ds]) -> case decimal(Ds, 0) of 0 -> 0; _ -> error end;
ipv4_value(Ds) -> decimal(Ds, 0).

decimal([D], V) when is_integer(D), D >= $0, D =< $9 -> 10 * V + (D - $0);
decimal([D | Ds], V) when is_integer(D), D >= $0, D =< $9 -> decimal(Ds, 10 * V + (D - $0));
decimal(_, _) -> error.

%% Eight groups of one to four hex digits, or fewer around one "::"; the
%% last 32 bits may be written as an IPv4 address; after "%" a scope
%% (digits after "0" must make at most 65535), which only a fe80:: or
%% ff02:: address may have.
is_ipv6_address(Cs) ->
    ipv6_address(Cs) =:= ok.

ipv6_address("::") -> ok;
ipv6_address([$:, $: | Cs]) -> ipv6_after(ipv6_group(Cs), [], [], 0);
ipv6_address(Cs) -> ipv6_before(ipv6_group(Cs), [], 0).

%% Groups before any "::" (A, last first; N groups so far).
ipv6_before({G, [$% | Scope]}, A, 7) -> ipv6_scope(Scope, [G | A], [], 8, []);
ipv6_before({_, []}, _, 7) -> ok;
ipv6_before({G, [$:, $:, $% | Scope]}, A, N) when N =< 6 -> ipv6_scope(Scope, [G | A], [], N + 1, []);
ipv6_before({_, "::"}, _, N) when N =< 6 -> ok;
ipv6_before({G, [$:, $: | Cs]}, A, N) when N =< 5 -> ipv6_after(ipv6_group(Cs), [G | A], [], N + 1);
ipv6_before({G, [$: | Cs]}, A, N) when N =< 6 -> ipv6_before(ipv6_group(Cs), [G | A], N + 1);
ipv6_before({G, [$. | _] = Cs}, _, 6) -> ipv6_ipv4(G, Cs);
ipv6_before(_, _, _) -> error.

%% Groups after "::" (B, last first).
ipv6_after({G, [$% | Scope]}, A, B, N) when N =< 6 -> ipv6_scope(Scope, A, [G | B], N + 1, []);
ipv6_after({_, []}, _, _, N) when N =< 6 -> ok;
ipv6_after({G, [$: | Cs]}, A, B, N) when N =< 5 -> ipv6_after(ipv6_group(Cs), A, [G | B], N + 1);
ipv6_after({G, [$. | _] = Cs}, _, _, N) when N =< 5 -> ipv6_ipv4(G, Cs);
ipv6_after(_, _, _, _) -> error.

%% One to four hex digits (the group's text) and a list after them. inet
%% takes a float between $0 and $9 too, then fails on it in
%% list_to_integer/2: it ends the group here, with the same result.
ipv6_group(Cs) -> ipv6_group(Cs, []).

ipv6_group([C | Cs], Ds) when length(Ds) < 4, is_integer(C), (C >= $0 andalso C =< $9 orelse
                                              C >= $a andalso C =< $f orelse
                                              C >= $A andalso C =< $F) ->
    ipv6_group(Cs, [C | Ds]);
ipv6_group(Cs, [_ | _] = Ds) when is_list(Cs) ->
    {lists:reverse(Ds), Cs};
ipv6_group(_, _) ->
    error.

%% The group read last starts the dotted IPv4 part.
ipv6_ipv4(G, Cs) ->
    case ipv4_fields(G ++ Cs, []) of
        [D4, D3, D2, D1] when (D1 bor D2 bor D3 bor D4) < 256 -> ok;
        _ -> error
    end.

ipv6_scope([C | Cs], A, B, N, S) ->
    ipv6_scope(Cs, A, B, N, [C | S]);
ipv6_scope([], A, B, N, S) ->
    Scope = case lists:reverse(S) of
                [$0 | Digits] -> scope_id(Digits, 0);
                _ -> ok
            end,
    Groups = [list_to_integer(G, 16) || G <- A],
    case Groups of
        _ when Scope =:= error -> error;
        [P] when N =< 7, P =:= 16#fe80; N =< 7, P =:= 16#ff02 -> ok;
        _ ->
            All = lists:reverse([list_to_integer(G, 16) || G <- B]
                                ++ lists:duplicate(8 - N, 0) ++ Groups),
            case All of
                [P, 0 | _] when P =:= 16#fe80; P =:= 16#ff02 -> ok;
                _ -> error
            end
    end.

scope_id([C | Cs], I) when C >= $0, C =< $9, 10 * I + (C - $0) =< 16#ffff ->
    scope_id(Cs, 10 * I + (C - $0));
scope_id([], _) ->
    ok;
scope_id(_, _) ->
    error.
