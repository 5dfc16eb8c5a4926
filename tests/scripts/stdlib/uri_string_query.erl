-module(uri_string_query).
-export([main/0]).

%% uri_string's form queries (compose_query, dissect_query), transcode,
%% percent_decode, quote, unquote and allowed_characters, with good and
%% bad input: encodings, character references, broken percent-encoding,
%% text that is not UTF-8, improper lists.
main() ->
    Lists = [[{"foo bar", "1"}, {"city", [246, $r, $e, $b, $r, $o]}],
             [{<<"foo bar">>, <<"1">>}, {<<"city">>, <<246/utf8, "rebro">>}],
             [{"a", true}, {<<"b">>, true}], [{"euro", [8364]}, {"x", "*-._~!"}],
             [{<<"a">>, <<1:4>>}], [{a, "b"}], [{"a", "b"} | x], [a], [], [{true, "b"}],
             [{<<"a", 255>>, "b"}], [{[16#D800], "b"}]],
    [io:format("compose ~s ~s -> ~s~n", [show(L), show(O), show(run(fun() -> uri_string:compose_query(L, O) end))])
     || L <- Lists, O <- [[{encoding, utf8}], [{encoding, latin1}], [{encoding, unicode}],
                          [{encoding, foo}], [x]]],
    [io:format("compose ~s -> ~s~n", [show(L), show(run(fun() -> uri_string:compose_query(L) end))])
     || L <- Lists],
    Queries = ["foo+bar=1&city=%C3%B6rebro", <<"foo+bar=1&city=%26%2339321%3B&x">>, <<"a=%zz">>,
               "a=&#12", "&#12=a", "a&", "&", "=", "a=b=c", <<"a=%FF">>, <<"k&#1;=v">>,
               <<"a=&#99999999;">>, <<"&#65;&#x;=1">>, [$a, $= | x], <<>>, [], a, <<1:4>>,
               <<"a=", 255>>, "a=b&c=%4", "q=%E9%E9"],
    [io:format("dissect ~s -> ~s~n", [show(Q), show(run(fun() -> uri_string:dissect_query(Q) end))])
     || Q <- Queries],
    Encs = [[], [{in_encoding, latin1}], [{out_encoding, latin1}], [{in_encoding, utf8}, {out_encoding, utf16}],
            [{in_encoding, foo}], x],
    Texts = [<<"%E9%20a">>, "a%C3%A9b%", "%C3%A9%zz", <<"%FF">>, "100%", [<<"%41">>, "b", [$c]],
             [$a | x], <<>>, [], "%", "x%4", [8364, $%, $4, $1], a],
    [io:format("transcode ~s ~s -> ~s~n", [show(T), show(E), show(run(fun() -> uri_string:transcode(T, E) end))])
     || T <- Texts, E <- Encs],
    Pct = [#{host => "a%20b", port => 8, path => <<"%41">>}, #{path => <<"%zz">>, query => "%zy"},
           #{fragment => "%FF"}, #{fragment => <<"%FF">>}, #{path => 42}, #{scheme => "%41", foo => "%42"},
           <<"%41%42%43">>, "%41%zz", <<"%zz">>, "%C3%A9", "%E9", x],
    [io:format("percent_decode ~s -> ~s~n", [show(P), show(run(fun() -> uri_string:percent_decode(P) end))])
     || P <- Pct],
    Quote = ["foo bar/baz", <<"foo bar/", 233/utf8>>, "~-._", [233], <<"a", 255>>, [$a | x], a, [16#D800]],
    [io:format("quote ~s -> ~s ~s ~s~n",
               [show(Q), show(run(fun() -> uri_string:quote(Q) end)),
                show(run(fun() -> uri_string:quote(Q, "/ ") end)),
                show(run(fun() -> uri_string:quote(Q, [233]) end))])
     || Q <- Quote],
    [io:format("unquote ~s -> ~s~n", [show(U), show(run(fun() -> uri_string:unquote(U) end))])
     || U <- ["foo%20bar%C3%A9", <<"%FF">>, "%FF", "%zz", <<"%2">>, [<<"%41">> | "b"], a]],
    [io:format("~p ~s~n", [K, V]) || {K, V} <- uri_string:allowed_characters()],
    io:format("is_host ~s~nis_path ~s~n", [[C || C <- lists:seq(0, 127), uri_string:is_host(C)],
                                          [C || C <- lists:seq(0, 127), uri_string:is_path(C)]]),
    ok.

run(F) ->
    try F() catch C:E -> {C, E} end.

%% ~p when that is plain ASCII, else ~w.
show(T) ->
    S = lists:flatten(io_lib:format("~p", [T])),
    case lists:all(fun(C) -> C >= 32 andalso C < 127 orelse C =:= $\n end, S) of
        true -> S;
        false -> lists:flatten(io_lib:format("~w", [T]))
    end.
