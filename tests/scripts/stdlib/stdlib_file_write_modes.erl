-module(stdlib_file_write_modes).
-export([main/0]).

%% file:write_file/3's modes: append, exclusive, read (no truncation),
%% encodings, raw, ram, directory, and its errors.

-define(F, "stdlib_file_write_modes.tmp").

p(Label, X) -> io:format("~s: ~w~n", [Label, X]).

c(F) ->
    try F() of
        V -> V
    catch
        C:R -> {C, R}
    end.

t(Modes) -> t(<<"ab">>, Modes).

t(Data, Modes) ->
    ok = file:write_file(?F, "hello"),
    R = c(fun() -> file:write_file(?F, Data, Modes) end),
    io:format("~w ~w -> ~w ~w~n", [Data, Modes, R, file:read_file(?F)]).

main() ->
    [t(M) || M <- [[], [write], [read], [append], [exclusive], [binary], [raw], [raw, append],
                   [raw, read], [raw, exclusive], [foo], [{foo, 1}], [list], [sync],
                   [delayed_write], [{delayed_write, 1, 2}], [read_ahead], [{read_ahead, 5}],
                   [{encoding, latin1}], [{encoding, utf8}], [{encoding, unicode}], [unicode],
                   [unicode, latin1], [{encoding, foo}], [raw, {encoding, foo}], [ram],
                   [directory], [raw, directory], [append, exclusive], [read, exclusive],
                   foo, [a | b], [raw, ram]]],
    [t(D, M) || D <- [<<"a", 200, "b">>, [$a, 200, <<"b">>], [300], a, <<1:3>>],
                M <- [[], [raw], [{encoding, utf8}], [{encoding, utf16}],
                      [{encoding, {utf32, little}}]]],
    p("missing", file:write_file(?F ++ "/x", <<>>, [])),
    p("bad name", file:write_file(1, <<>>, [])),
    p("bad name raw", file:write_file(1, <<>>, [raw])),
    p("bad name bad data", file:write_file(1, a, [])),
    p("dir", file:write_file(".", <<>>, [append])),
    p("new file exclusive", begin ok = file:delete(?F), file:write_file(?F, "x", [exclusive]) end),
    p("contents", file:read_file(?F)),
    p("delete", file:delete(?F)),
    p("append creates", file:write_file(?F, "y", [append])),
    p("contents", file:read_file(?F)),
    p("delete", file:delete(?F)),
    ok.
