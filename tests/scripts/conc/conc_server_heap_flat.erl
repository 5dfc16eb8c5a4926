-module(conc_server_heap_flat).
-export([main/0]).

%% A receive-loop server makes a call or two per message and then sleeps:
%% it must still collect, so its heap stays small however many messages
%% it handles (the VM collects at a wait when the heap wants it).

echo() ->
    receive
        {ping, From, X} -> From ! {pong, X}, echo();
        {after_wait, From} -> From ! waited, receive after 1 -> echo() end;
        stop -> ok
    end.

rounds(_, 0) -> ok;
rounds(P, N) ->
    P ! {ping, self(), lists:seq(1, 10)},
    receive {pong, _} -> ok end,
    rounds(P, N - 1).

main() ->
    P = spawn(fun echo/0),
    rounds(P, 20000),
    {total_heap_size, H} = process_info(P, total_heap_size),
    io:format("echo server heap under 2000 words after 20000 messages: ~p~n", [H < 2000]),
    P ! {after_wait, self()},
    receive waited -> ok end,
    rounds(P, 20000),
    {total_heap_size, H2} = process_info(P, total_heap_size),
    io:format("and after a receive with a timeout: ~p~n", [H2 < 2000]),
    P ! stop,
    ok.
