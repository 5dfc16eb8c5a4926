%% scripts_harness: runs many script-test programs in one erl node.
%% Each program's main/0 runs in a fresh process whose group leader is a
%% capturing I/O server; its output (bytes, as a -noshell erl would write
%% them to stdout) goes to OUTDIR/NAME.raw and its fate to OUTDIR/NAME.result.
%% Used by regen.sh and run.sh --erl; not itself a test program.
-module(scripts_harness).
-export([main/1]).

%% erl -noshell -run scripts_harness main OUTDIR TIMEOUT_MS NAME...
main([OutDir, TimeoutStr | Names]) ->
    Timeout = list_to_integer(TimeoutStr),
    Bad = lists:foldl(fun(Name, Acc) ->
                              Acc + run_one(OutDir, list_to_atom(Name), Timeout)
                      end, 0, Names),
    halt(case Bad of 0 -> 0; _ -> 1 end).

run_one(OutDir, Mod, Timeout) ->
    Cap = spawn(fun() -> capture([]) end),
    Parent = self(),
    {Runner, MRef} =
        spawn_monitor(fun() ->
                              group_leader(Cap, self()),
                              receive go -> ok end,
                              R = try Mod:main() of
                                      _ -> ok
                                  catch C:E:St ->
                                          {crash, C, E, St}
                                  end,
                              Parent ! {self(), R}
                      end),
    Runner ! go,
    Result = receive
                 {Runner, R} ->
                     receive {'DOWN', MRef, _, _, _} -> ok end,
                     R;
                 {'DOWN', MRef, _, _, normal} ->
                     ok;
                 {'DOWN', MRef, _, _, Why} ->
                     {crash, exit, Why, []}
             after Timeout ->
                     exit(Runner, kill),
                     receive {'DOWN', MRef, _, _, _} -> ok end,
                     timeout
             end,
    Cap ! {get, self()},
    Bytes = receive {Cap, B} -> B end,
    kill_leftovers(Cap),
    exit(Cap, kill),
    Base = filename:join(OutDir, atom_to_list(Mod)),
    ok = file:write_file(Base ++ ".raw", Bytes),
    {Text, Bad} = case Result of
                      ok -> {"ok\n", 0};
                      timeout -> {"timeout\n", 1};
                      {crash, C, E, St} ->
                          {io_lib:format("crash ~p:~p~n~p~n", [C, E, St]), 1}
                  end,
    ok = file:write_file(Base ++ ".result", Text),
    Bad.

%% Every process still alive whose group leader is this program's capture
%% was started by the program: kill it so that names and timers do not leak
%% into the next program. System processes (timer server, ...) are spared.
kill_leftovers(Cap) ->
    Left = [P || P <- processes(),
                 P =/= self(),
                 process_info(P, group_leader) =:= {group_leader, Cap}],
    lists:foreach(fun(P) ->
                          MRef = erlang:monitor(process, P),
                          exit(P, kill),
                          receive {'DOWN', MRef, _, _, _} -> ok end
                  end, Left).

%% A minimal I/O server: output requests are collected, input gives eof.
%% Characters are turned into bytes the way a -noshell erl's standard_io
%% (encoding latin1) writes them: 0..255 as one byte, above as \x{HEX}.
capture(Acc) ->
    receive
        {io_request, From, ReplyAs, Req} ->
            {Reply, Acc1} = request(Req, Acc),
            From ! {io_reply, ReplyAs, Reply},
            capture(Acc1);
        {get, From} ->
            From ! {self(), list_to_binary(lists:reverse(Acc))},
            capture(Acc);
        _ ->
            capture(Acc)
    end.

request({put_chars, Enc, Chars}, Acc) ->
    put_chars(Enc, fun() -> Chars end, Acc);
request({put_chars, Enc, M, F, A}, Acc) ->
    put_chars(Enc, fun() -> apply(M, F, A) end, Acc);
request({put_chars, Chars}, Acc) ->
    put_chars(latin1, fun() -> Chars end, Acc);
request({put_chars, M, F, A}, Acc) ->
    put_chars(latin1, fun() -> apply(M, F, A) end, Acc);
request({requests, Reqs}, Acc) ->
    lists:foldl(fun(R, {ok, A}) -> request(R, A);
                   (_, Err) -> Err
                end, {ok, Acc}, Reqs);
request(getopts, Acc) ->
    {[{binary, false}, {encoding, latin1}], Acc};
request({setopts, _}, Acc) ->
    {{error, enotsup}, Acc};
request({get_geometry, _}, Acc) ->
    {{error, enotsup}, Acc};
request({get_chars, _, _}, Acc) -> {eof, Acc};
request({get_chars, _, _, _}, Acc) -> {eof, Acc};
request({get_line, _}, Acc) -> {eof, Acc};
request({get_line, _, _}, Acc) -> {eof, Acc};
request({get_until, _, _, _}, Acc) -> {eof, Acc};
request({get_until, _, _, _, _, _}, Acc) -> {eof, Acc};
request(_, Acc) ->
    {{error, request}, Acc}.

put_chars(Enc, Make, Acc) ->
    try
        Chars = Make(),
        List = case Enc of
                   latin1 when is_binary(Chars) -> binary_to_list(Chars);
                   latin1 -> binary_to_list(iolist_to_binary(Chars));
                   unicode ->
                       case unicode:characters_to_list(Chars, unicode) of
                           L when is_list(L) -> L;
                           _ -> throw(no_translation)
                       end
               end,
        {ok, [to_bytes(List) | Acc]}
    catch _:_ ->
            {{error, put_chars}, Acc}
    end.

to_bytes(List) ->
    [if C < 256 -> C;
        true -> io_lib:format("\\x{~.16B}", [C])
     end || C <- List].
