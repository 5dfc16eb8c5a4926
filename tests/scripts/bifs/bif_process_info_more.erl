-module(bif_process_info_more).
-export([main/0]).

%% process_info items past the common ones: message_queue_data (with
%% process_flag and spawn_opt), parent, catchlevel, trace (OTP's word of
%% trace flags), binary, garbage_collection_info's keys, last_calls and
%% sequential_trace_token.
main() ->
    Self = self(),
    io:format("mqd ~p~n", [process_info(Self, message_queue_data)]),
    io:format("flag ~p ~p ~p~n", [process_flag(message_queue_data, off_heap),
                                  process_info(Self, message_queue_data),
                                  process_flag(message_queue_data, on_heap)]),
    io:format("bad flag ~p~n", [catch_error(fun() -> process_flag(message_queue_data, maybe) end)]),
    Off = spawn_opt(fun() -> receive stop -> ok end end, [{message_queue_data, off_heap}]),
    On = spawn_opt(fun() -> receive stop -> ok end end, [{message_queue_data, on_heap}]),
    io:format("spawn_opt ~p ~p~n", [process_info(Off, message_queue_data), process_info(On, message_queue_data)]),
    io:format("list ~p~n", [[K || {K, _} <- process_info(Off, [message_queue_data, parent, trace, last_calls])]]),
    %% parent: the spawner, also for a grandchild
    Child = spawn(fun() ->
                          G = spawn(fun() -> receive stop -> ok end end),
                          Self ! {grandchild, G, process_info(G, parent) =:= {parent, self()}},
                          receive stop -> G ! stop end
                  end),
    receive {grandchild, _G, GOk} -> io:format("grandchild parent ok ~p~n", [GOk]) end,
    io:format("child parent is me ~p~n", [process_info(Child, parent) =:= {parent, Self}]),
    %% catchlevel: catches and trys active in the stack, counted from
    %% main's (the harness may run main inside one)
    Base = level(),
    io:format("in catch ~p~n", [(catch level()) - Base]),
    io:format("in try ~p~n", [try level() catch _:_ -> error end - Base]),
    io:format("nested ~p~n", [(catch (try level() after ok end)) - Base]),
    io:format("after ~p~n", [level() - Base]),
    %% trace: OTP's word of the flags
    [begin
         erlang:trace(On, true, Fs),
         {trace, W} = process_info(On, trace),
         erlang:trace(On, false, Fs),
         io:format("trace ~w ~.16b~n", [Fs, W])
     end || Fs <- [[send], ['receive'], [procs], [call], [call, arity], [return_to, call],
                   [running], [exiting], [garbage_collection], [set_on_spawn],
                   [set_on_first_spawn], [set_on_link], [set_on_first_link], [silent],
                   [timestamp], [monotonic_timestamp], [strict_monotonic_timestamp],
                   [send, 'receive', call, procs]]],
    io:format("untraced ~p~n", [process_info(On, trace)]),
    %% binary: a refc binary the process holds, then none
    Bin = spawn(fun() ->
                        B = binary:copy(<<7>>, 200),
                        {binary, L} = process_info(self(), binary),
                        Self ! {bins, [{S, R} || {_, S, R} <- L], byte_size(B)},
                        receive stop -> ok end
                end),
    receive {bins, L, _} -> io:format("binary ~p~n", [L]) end,
    Empty = spawn(fun() -> receive stop -> ok end end),
    io:format("no binary ~p~n", [process_info(Empty, binary)]),
    {garbage_collection_info, Gc} = process_info(Empty, garbage_collection_info),
    io:format("gc info ~p~n", [[K || {K, V} <- Gc, is_integer(V), V >= 0]]),
    io:format("last_calls ~p~n", [process_info(Empty, last_calls)]),
    io:format("seq token ~p~n", [process_info(Empty, sequential_trace_token)]),
    [P ! stop || P <- [Off, On, Child, Bin, Empty]],
    ok.

level() ->
    {catchlevel, N} = process_info(self(), catchlevel),
    N.

catch_error(F) ->
    try F() catch error:R -> {error, R} end.
