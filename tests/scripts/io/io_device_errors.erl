-module(io_device_errors).
-export([main/0]).

%% What io raises when the device replies {error, Reason} or is gone.

reply_once(Reply) ->
    spawn(fun() -> receive {io_request, F, R, _} -> F ! {io_reply, R, Reply} end end).

reason(F) -> try F() of V -> {value, V} catch error:R -> R end.

main() ->
    A = reply_once({error, {no_translation, unicode, latin1}}),
    io:format("~p~n", [reason(fun() -> io:format(A, "x", []) end)]),
    {Dead, Ref} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', Ref, process, Dead, _} -> ok end,
    io:format("~p~n", [reason(fun() -> io:format(Dead, "x", []) end)]),
    B = reply_once({error, foo}),
    io:format("~p~n", [reason(fun() -> io:put_chars(B, "x") end)]),
    C = reply_once(ok),
    io:format("~p~n", [reason(fun() -> io:nl(C) end)]),
    io:format("~p~n", [reason(fun() -> io:format(no_such_registered_device, "x", []) end)]),
    ok.
