%% EUnit on a module of tests written as users write them: eunit.hrl's
%% macros, its parse transform (the _test and _test_ functions exported,
%% test/0 added), and eunit:test/1,2's report, printed here with the lines
%% of stack traces left out (erlc inlines the funs of assertion macros,
%% dbgsh keeps them, so the frames are named differently: see
%% docs/differences-from-erlang.md) and the times of verbose reports.
-module(prog_eunit).
-include_lib("eunit/include/eunit.hrl").
-export([main/0]).

add(A, B) -> A + B.

add_test() -> ?assertEqual(3, add(1, 2)).
add_wrong_test() -> ?assertEqual(4, add(1, 2)).
match_test() -> ?assertMatch({ok, _}, {ok, 1}).
nomatch_test() -> ?assertMatch({ok, _}, {error, 1}).
error_test() -> ?assertError(badarith, add(1, a)).
exit_test() -> ?assertExit(boom, add(1, 2)).
throw_test() -> ?assertThrow(t, throw(t)).
not_test() -> ?assertNot(add(1, 1) =:= 3).
output_test() -> io:format("some ~p~n", [output]), ?assert(false).
exception_test() -> lists:nth(5, [a]).
cmd_test() -> ?assertCmdOutput("hi\n", "echo hi"), ?assertCmdStatus(2, "exit 2").

generator_test_() ->
    [?_assert(true),
     ?_assertEqual(2, add(1, 1)),
     {"named", ?_assertNotEqual(2, add(1, 1))},
     ?_assertException(throw, x, throw(x)),
     ?_test(begin X = add(2, 2), ?assert(X > 3) end)].

setup_test_() ->
    {setup,
     fun () -> spawn(fun () -> receive stop -> ok end end) end,
     fun (Pid) -> Pid ! stop end,
     fun (Pid) -> [?_assert(is_process_alive(Pid)), ?_assertEqual(nopid, Pid)] end}.

foreach_test_() ->
    {foreach, fun () -> 10 end, fun (_) -> ok end,
     [fun (N) -> ?_assertEqual(10, N) end, fun (N) -> ?_assert(N > 100) end]}.

nested_test_() ->
    {"outer", [{"inner", ?_assert(true)}, {inorder, [?_assert(true), ?_assert(true)]},
               {inparallel, [?_assert(true), ?_assertEqual(a, b)]}]}.

debug_macros_test() ->
    X = ?LET(A, 3, A * 2),
    6 = X,
    yes = ?IF(X > 5, yes, no),
    true = ?MATCHES({_, _}, {1, 2}),
    true = ?UNDER_EUNIT,
    io:format("captured"),
    "captured" = ?capturedOutput.

main() ->
    Exports = lists:sort(?MODULE:module_info(exports)),
    io:format("exports: ~p~n", [Exports]),
    io:format("TEST ~p EUNIT ~p~n", [?TEST, ?EUNIT]),
    run(fun () -> test() end),
    run(fun () -> eunit:test(?MODULE, [verbose]) end),
    run(fun () -> eunit:test([{?MODULE, add_test}, {?MODULE, setup_test_}]) end),
    run(fun () -> eunit:test({generator, ?MODULE, generator_test_}) end),
    run(fun () -> eunit:test({?MODULE, nosuch_test}) end),
    run(fun () -> eunit:test(no_such_module_here) end),
    run(fun () -> eunit:test({"top", [fun add_test/0, {timeout, 0.05, fun () -> receive after 500 -> ok end end}]}) end).

%% Fun() with its output kept and printed without stack frames or times.
run(Fun) ->
    Cap = spawn(fun () -> capture([]) end),
    Old = group_leader(),
    group_leader(Cap, self()),
    R = Fun(),
    group_leader(Old, self()),
    Cap ! {done, self()},
    Text = receive {Cap, T} -> T end,
    [io:format("~ts~n", [re:replace(L, "\\[[0-9.]+ s\\] ok$", "ok", [{return, list}, unicode])])
     || L <- string:split(Text, "\n", all),
        not lists:prefix("in function ", L), not lists:prefix("in call from ", L),
        not lists:prefix("**in function ", L),
        re:run(L, "^\\s*\\[done in [0-9.]+ s\\]$") =:= nomatch],
    io:format("=> ~p~n", [R]).

capture(Buf) ->
    receive
        {io_request, From, ReplyAs, {put_chars, unicode, Chars}} ->
            From ! {io_reply, ReplyAs, ok},
            capture([Chars | Buf]);
        {io_request, From, ReplyAs, {put_chars, unicode, M, F, As}} ->
            From ! {io_reply, ReplyAs, ok},
            capture([apply(M, F, As) | Buf]);
        {io_request, From, ReplyAs, _} ->
            From ! {io_reply, ReplyAs, {error, request}},
            capture(Buf);
        {done, Pid} ->
            Pid ! {self(), unicode:characters_to_list(lists:reverse(Buf))}
    end.
