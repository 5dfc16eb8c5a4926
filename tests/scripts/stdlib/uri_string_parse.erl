-module(uri_string_parse).
-export([main/0]).

%% uri_string's parse, recompose, normalize and resolve on references
%% of every shape RFC 3986 allows, the examples of its section 5.4, and
%% text that is not a URI or not UTF-8; as binaries and as strings.
main() ->
    Refs = ["foo://user:pw@example.com:8042/over/there?name=ferret#nose",
            "urn:example:animal:ferret:nose", "mailto:fred@example.com", "news:comp.lang.erlang",
            "http://[::1]:8080/p", "http://[fe80::1%25eth0]/", "http://[::ffff:1.2.3.4]",
            "//[::1]abc:80", "//u@", "//", "//u@:80", "a:", "//h:", "?", "#", "a/b:c",
            "HTTP://www.Example.COM:80/%7ea/./b/../c?%61#%62", "/a b", "a:b c", "//[::1",
            "//[1::2::3]", "//1.2.3/x", "http://u@h/p#bad x", "http://1.2.3.4:0/", "x:/?#",
            "http://h/p?q?r/#f/?", "//h:99999999999999999999", "ftp://h:21/", "../a/./b",
            "tel:+1-816-555-1212", "http://%41%zz/", "http://a/%E9"],
    [begin
         io:format("~s~n", [R]),
         io:format("  ~s~n", [show(uri_string:parse(R))]),
         io:format("  ~s~n", [show(uri_string:parse(list_to_binary(R)))]),
         io:format("  ~s~n", [show(run(fun() -> uri_string:recompose(uri_string:parse(R)) end))]),
         io:format("  ~s~n", [show(uri_string:normalize(R))]),
         io:format("  ~s~n", [show(uri_string:normalize(list_to_binary(R), [return_map]))])
     end || R <- Refs],
    %% Not UTF-8 where the parser reads it, or not text at all.
    [io:format("bad ~w -> ~s~n", [X, show(run(fun() -> uri_string:parse(X) end))])
     || X <- [<<"a", 255>>, <<"a b", 255>>, <<"http://", 16#ED, 16#A0, 16#80>>, <<"//h/", 16#C3>>,
              [16#D800], [$a | b], atom, 42, <<1:4>>, ["ht", <<"tp://h">>, [$/]]]],
    %% Maps to text: encodings, hosts that are IPv6 addresses (scopes
    %% too), odd values.
    Maps = [#{scheme => "http", host => <<"h">>, path => "/p"},
            #{scheme => <<"http">>, host => "h", path => <<"p">>, query => "q", fragment => <<"f">>},
            #{host => "::1", port => undefined, path => ""},
            #{host => <<"fe80::1%eth0">>, path => <<>>}, #{host => "1::1%eth0", path => ""},
            #{host => "::ffff:1.2.3.4", path => ""}, #{host => "a b", userinfo => "x y", path => "/"},
            #{path => "a b", query => "x y", fragment => [233]}, #{query => "x y", path => <<>>},
            #{fragment => "x y", path => <<>>}, #{scheme => "1a", path => <<>>},
            #{scheme => "a b", path => <<>>}, #{scheme => [], path => <<>>},
            #{scheme => [$a | x], path => <<>>}, #{path => <<>>, foo => 1},
            #{port => 80, path => <<>>}, #{host => "h", port => a, path => ""},
            #{host => [$a | x], path => ""}, #{host => <<255>>, path => <<>>},
            #{host => "h", path => [<<"a">>, "b"]}, #{}, x],
    [io:format("recompose ~s -> ~s~n", [show(M), show(run(fun() -> uri_string:recompose(M) end))])
     || M <- Maps],
    [io:format("normalize ~s -> ~s~n", [show(M), show(run(fun() -> uri_string:normalize(M) end))])
     || M <- Maps],
    %% RFC 3986 section 5.4: normal and abnormal examples.
    Base = "http://a/b/c/d;p?q",
    Examples = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x",
                "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
                "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g",
                "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x",
                "g#s/./x", "g#s/../x", "http:g"],
    [io:format("resolve ~s -> ~s ~s~n",
               [E, show(uri_string:resolve(E, Base)),
                show(uri_string:resolve(list_to_binary(E), list_to_binary(Base), [return_map]))])
     || E <- Examples],
    [io:format("resolve ~s ~s -> ~s~n", [show(R), show(B), show(run(fun() -> uri_string:resolve(R, B) end))])
     || {R, B} <- [{"g", "//h/p"}, {"g", #{path => "/p"}}, {"g", "a b"}, {#{path => "g"}, "http://h"},
                   {"g", <<"http://h">>}, {<<"">>, <<"http://h/p?q#f">>}, {"g", x},
                   {#{path => [960]}, "http://h/"}, {"#f", "http://h/p?q"}]],
    io:format("resolve opts ~s~n", [show(run(fun() -> uri_string:resolve("a", "http://h", [foo]) end))]),
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
