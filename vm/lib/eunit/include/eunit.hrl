%% eunit/include/eunit.hrl: EUnit's macros, as OTP's header defines them.
%%
%% Including it turns testing on unless NOTEST is defined (TEST undoes
%% NOTEST): TEST and EUNIT are defined, assertions are on (assert.hrl with
%% ASSERT), and the module's zero-arity functions whose names end in
%% "_test", "_test_" or "_exported_" are exported, with a test/0 that runs
%% eunit:test(?MODULE) (the eunit_autoexport parse transform, applied by
%% dbgsh's compiler). With NOTEST, the parse transform eunit_striptests
%% removes those functions instead. EUNIT_NOAUTO turns both off.
%%
%% The ?_Name macros make test objects: {?LINE, fun () -> ... end}. The
%% debug macros (?debugMsg, ?debugFmt, ?debugVal, ?debugTime, ?debugHere)
%% write to the user device, past EUnit's capture of a test's output;
%% NODEBUG makes them do nothing.
-ifndef(EUNIT_HRL).
-define(EUNIT_HRL, true).

-ifdef(TEST).
-undef(NOTEST).
-endif.

-ifdef(DEBUG).
-undef(NODEBUG).
-endif.

-ifdef(NOTEST).
-undef(EUNIT).
-else.
-ifndef(ASSERT).
-define(ASSERT, true).
-endif.
-ifndef(TEST).
-define(TEST, true).
-endif.
-ifndef(EUNIT).
-define(EUNIT, true).
-endif.
-endif.

-include_lib("stdlib/include/assert.hrl").

-ifndef(EUNIT_NOAUTO).
-ifdef(NOTEST).
-compile({parse_transform, eunit_striptests}).
-else.
-compile({parse_transform, eunit_autoexport}).
-endif.
-endif.

%% Small helpers: a let, an if, and a pattern test as expressions.
-ifndef(LET).
-define(LET(X, Y, Z), begin ((fun (X) -> (Z) end)(Y)) end).
-endif.
-ifndef(IF).
-define(IF(B, T, F), begin (case (B) of true -> (T); false -> (F) end) end).
-endif.
-ifndef(MATCHES).
-define(MATCHES(G, E), begin (case (E) of G -> true; _ -> false end) end).
-endif.

%% True when the caller runs as an EUnit test: its group leader is one of
%% EUnit's processes capturing output.
-ifndef(UNDER_EUNIT).
-define(UNDER_EUNIT,
        (?MATCHES({current_function, {eunit, _, _}},
                  erlang:process_info(erlang:group_leader(), current_function)))).
-endif.

%% The output the running test has written so far, or "" outside EUnit.
-ifndef(capturedOutput).
-define(capturedOutput,
        begin
        ((fun () ->
            case ?UNDER_EUNIT of
                true ->
                    erlang:group_leader() ! {get_output, self()},
                    receive {output, X__Out} -> X__Out after 100 -> "" end;
                false -> ""
            end
          end)())
        end).
-endif.

%% Test objects.
-define(_test(Expr), {?LINE, fun () -> (Expr) end}).
-define(_assert(BoolExpr), ?_test(?assert(BoolExpr))).
-define(_assertNot(BoolExpr), ?_assert(not (BoolExpr))).
-define(_assertMatch(Guard, Expr), ?_test(?assertMatch(Guard, Expr))).
-define(_assertNotMatch(Guard, Expr), ?_test(?assertNotMatch(Guard, Expr))).
-define(_assertEqual(Expect, Expr), ?_test(?assertEqual(Expect, Expr))).
-define(_assertNotEqual(Unexpected, Expr), ?_test(?assertNotEqual(Unexpected, Expr))).
-define(_assertException(Class, Term, Expr), ?_test(?assertException(Class, Term, Expr))).
-define(_assertError(Term, Expr), ?_assertException(error, Term, Expr)).
-define(_assertExit(Term, Expr), ?_assertException(exit, Term, Expr)).
-define(_assertThrow(Term, Expr), ?_assertException(throw, Term, Expr)).
-define(_assertNotException(Class, Term, Expr), ?_test(?assertNotException(Class, Term, Expr))).

%% Shell commands: eunit_lib:command/1 gives {Status, Output}.
-define(_cmd_(Cmd), (eunit_lib:command(Cmd))).
-define(cmdStatus(N, Cmd),
        begin
        ((fun () ->
            case ?_cmd_(Cmd) of
                {(N), X__Out} -> X__Out;
                {X__N, _} ->
                    erlang:error({command_failed,
                                  [{module, ?MODULE}, {line, ?LINE}, {command, (Cmd)},
                                   {expected_status, (N)}, {status, X__N}]})
            end
          end)())
        end).
-define(_cmdStatus(N, Cmd), ?_test(?cmdStatus(N, Cmd))).
-define(cmd(Cmd), ?cmdStatus(0, Cmd)).
-define(_cmd(Cmd), ?_test(?cmd(Cmd))).

-ifdef(NOASSERT).
-define(assertCmdStatus(N, Cmd), ok).
-define(assertCmdOutput(T, Cmd), ok).
-else.
-define(assertCmdStatus(N, Cmd),
        begin
        ((fun () ->
            case ?_cmd_(Cmd) of
                {(N), _} -> ok;
                {X__N, _} ->
                    erlang:error({assertCmd_failed,
                                  [{module, ?MODULE}, {line, ?LINE}, {command, (Cmd)},
                                   {expected_status, (N)}, {status, X__N}]})
            end
          end)())
        end).
-define(assertCmdOutput(T, Cmd),
        begin
        ((fun () ->
            case ?_cmd_(Cmd) of
                {_, (T)} -> ok;
                {_, X__T} ->
                    erlang:error({assertCmdOutput_failed,
                                  [{module, ?MODULE}, {line, ?LINE}, {command, (Cmd)},
                                   {expected_output, (T)}, {output, X__T}]})
            end
          end)())
        end).
-endif.
-define(assertCmd(Cmd), ?assertCmdStatus(0, Cmd)).
-define(_assertCmdStatus(N, Cmd), ?_test(?assertCmdStatus(N, Cmd))).
-define(_assertCmd(Cmd), ?_test(?assertCmd(Cmd))).
-define(_assertCmdOutput(T, Cmd), ?_test(?assertCmdOutput(T, Cmd))).

%% Debugging output, to the user device: "File:Line:Pid: Text".
-ifdef(NODEBUG).
-define(debugMsg(S), ok).
-define(debugHere, ok).
-define(debugFmt(S, As), ok).
-define(debugVal(E, D), (E)).
-define(debugVal(E), (E)).
-define(debugValAll(E), (E)).
-define(debugTime(S, E), (E)).
-else.
-define(debugMsg(S),
        begin
            io:fwrite(user, <<"~ts:~w:~w: ~ts\n">>, [?FILE, ?LINE, self(), S]),
            ok
        end).
-define(debugHere, (?debugMsg("<-"))).
-define(debugFmt(S, As), (?debugMsg(io_lib:format((S), (As))))).
-ifndef(EUNIT_DEBUG_VAL_DEPTH).
-define(EUNIT_DEBUG_VAL_DEPTH, 15).
-endif.
-define(debugVal(E, D),
        begin
        ((fun (X__V) ->
            ?debugFmt(<<"~ts = ~tP">>, [(??E), X__V, D]),
            X__V
          end)(E))
        end).
-define(debugVal(E), ?debugVal(E, ?EUNIT_DEBUG_VAL_DEPTH)).
-define(debugTime(S, E),
        begin
        ((fun () ->
            {X__T0, _} = statistics(wall_clock),
            X__V = (E),
            {X__T1, _} = statistics(wall_clock),
            ?debugFmt(<<"~ts: ~.3f s">>, [(S), (X__T1 - X__T0) / 1000]),
            X__V
          end)())
        end).
-endif.

-endif.
