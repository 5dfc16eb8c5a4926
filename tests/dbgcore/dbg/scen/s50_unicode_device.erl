%% The default handler on a device whose encoding is Unicode prints with
%% ~tp: the device here is an io server that says so and keeps the text,
%% shown afterwards with non-ASCII code points escaped.
-module(s50_unicode_device).
-export([main/0]).
main() ->
    Dev = spawn(fun() -> device([]) end),
    dbgt:show(dbg:tracer(process, {fun dbg:dhandler/2, Dev})),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c])),
    dbgt:show(dbg:tpl(tm, nested, [{'_', [], [{return_trace}]}])),
    _ = dbgt:ask(W, tm, nested, [[1024, 97]]),
    _ = dbgt:ask(W, tm, nested, [list_to_atom([1024, 97])]),
    _ = dbgt:ask(W, tm, nested, [[252]]),
    dbgt:stop(),
    Dev ! {dump, self()},
    receive {text, Text} -> io:format("~s", [escape(Text)]) end.

%% Code points above 127 as <U+hex>, so that the output is ASCII.
escape(Text) ->
    [if C > 127 -> io_lib:format("<U+~.16b>", [C]); true -> C end || C <- Text].

device(Acc) ->
    receive
        {io_request, From, Ref, getopts} ->
            From ! {io_reply, Ref, [{binary, false}, {encoding, unicode}]},
            device(Acc);
        {io_request, From, Ref, {put_chars, unicode, M, F, A}} ->
            From ! {io_reply, Ref, ok},
            device([unicode:characters_to_list(apply(M, F, A)) | Acc]);
        {io_request, From, Ref, {put_chars, unicode, Chars}} ->
            From ! {io_reply, Ref, ok},
            device([unicode:characters_to_list(Chars) | Acc]);
        {io_request, From, Ref, _} ->
            From ! {io_reply, Ref, {error, request}},
            device(Acc);
        {dump, To} ->
            To ! {text, lists:append(lists:reverse(Acc))}
    end.
