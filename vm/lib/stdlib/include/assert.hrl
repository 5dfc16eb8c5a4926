%% stdlib/include/assert.hrl: OTP's assertion macros, with the error terms
%% OTP's raise. A failed assertion is erlang:error({Kind, Info}), Info
%% starting [{module, M}, {line, L}], then {comment, C} when the macro was
%% given a comment, then what Kind reports. Each body runs in a fun of its
%% own, so that its variables (X__ names) stay its own.
%%
%% With NOASSERT defined (or NODEBUG without DEBUG) every assertion is the
%% atom ok and evaluates nothing; ASSERT turns them back on.
-ifndef(ASSERT_HRL).
-define(ASSERT_HRL, true).

-ifdef(NODEBUG).
-ifndef(DEBUG).
-ifndef(NOASSERT).
-define(NOASSERT, true).
-endif.
-endif.
-endif.

-ifdef(ASSERT).
-undef(NOASSERT).
-endif.

-ifdef(NOASSERT).
-define(assert(BoolExpr), ok).
-define(assert(BoolExpr, Comment), ok).
-define(assertNot(BoolExpr), ok).
-define(assertNot(BoolExpr, Comment), ok).
-define(assertMatch(Guard, Expr), ok).
-define(assertMatch(Guard, Expr, Comment), ok).
-define(assertNotMatch(Guard, Expr), ok).
-define(assertNotMatch(Guard, Expr, Comment), ok).
-define(assertEqual(Expect, Expr), ok).
-define(assertEqual(Expect, Expr, Comment), ok).
-define(assertNotEqual(Unexpected, Expr), ok).
-define(assertNotEqual(Unexpected, Expr, Comment), ok).
-define(assertException(Class, Term, Expr), ok).
-define(assertException(Class, Term, Expr, Comment), ok).
-define(assertNotException(Class, Term, Expr), ok).
-define(assertNotException(Class, Term, Expr, Comment), ok).
-else.

%% The failure: Kind, the place, Comment ([] or [{comment, C}]), then Info.
-define(ASSERT_FAIL__(Kind, Comment, Info),
        erlang:error({Kind, [{module, ?MODULE}, {line, ?LINE} | Comment ++ Info]})).

%% BoolExpr must be Want (true or false). Want is not a literal in the case,
%% so that the compiler cannot tell that a clause never matches.
-define(ASSERT_BOOL__(Want, BoolExpr, Comment),
        begin
        ((fun () ->
            X__W = Want =:= is_process_alive(self()),
            case (BoolExpr) of
                X__W -> ok;
                X__V ->
                    ?ASSERT_FAIL__(assert, Comment,
                                   [{expression, (??BoolExpr)},
                                    {expected, X__W},
                                    case not X__W of
                                        X__V -> {value, X__V};
                                        _ -> {not_boolean, X__V}
                                    end])
            end
          end)())
        end).
-define(assert(BoolExpr), ?ASSERT_BOOL__(true, BoolExpr, [])).
-define(assert(BoolExpr, Comment), ?ASSERT_BOOL__(true, BoolExpr, [{comment, (Comment)}])).
-define(assertNot(BoolExpr), ?ASSERT_BOOL__(false, BoolExpr, [])).
-define(assertNot(BoolExpr, Comment), ?ASSERT_BOOL__(false, BoolExpr, [{comment, (Comment)}])).

%% Expr's value must match (or must not match) the pattern Guard.
-define(ASSERT_MATCH__(Guard, Expr, Comment),
        begin
        ((fun () ->
            case (Expr) of
                Guard -> ok;
                X__V ->
                    ?ASSERT_FAIL__(assertMatch, Comment,
                                   [{expression, (??Expr)}, {pattern, (??Guard)}, {value, X__V}])
            end
          end)())
        end).
-define(ASSERT_NOT_MATCH__(Guard, Expr, Comment),
        begin
        ((fun () ->
            X__V = (Expr),
            case X__V of
                Guard ->
                    ?ASSERT_FAIL__(assertNotMatch, Comment,
                                   [{expression, (??Expr)}, {pattern, (??Guard)}, {value, X__V}]);
                _ -> ok
            end
          end)())
        end).
-define(assertMatch(Guard, Expr), ?ASSERT_MATCH__(Guard, Expr, [])).
-define(assertMatch(Guard, Expr, Comment), ?ASSERT_MATCH__(Guard, Expr, [{comment, (Comment)}])).
-define(assertNotMatch(Guard, Expr), ?ASSERT_NOT_MATCH__(Guard, Expr, [])).
-define(assertNotMatch(Guard, Expr, Comment), ?ASSERT_NOT_MATCH__(Guard, Expr, [{comment, (Comment)}])).

%% Expr's value must be (or must not be) exactly Expect's.
-define(ASSERT_EQUAL__(Expect, Expr, Comment),
        begin
        ((fun () ->
            X__X = (Expect),
            case (Expr) of
                X__X -> ok;
                X__V ->
                    ?ASSERT_FAIL__(assertEqual, Comment,
                                   [{expression, (??Expr)}, {expected, X__X}, {value, X__V}])
            end
          end)())
        end).
-define(ASSERT_NOT_EQUAL__(Unexpected, Expr, Comment),
        begin
        ((fun () ->
            X__X = (Unexpected),
            case (Expr) of
                X__X -> ?ASSERT_FAIL__(assertNotEqual, Comment, [{expression, (??Expr)}, {value, X__X}]);
                _ -> ok
            end
          end)())
        end).
-define(assertEqual(Expect, Expr), ?ASSERT_EQUAL__(Expect, Expr, [])).
-define(assertEqual(Expect, Expr, Comment), ?ASSERT_EQUAL__(Expect, Expr, [{comment, (Comment)}])).
-define(assertNotEqual(Unexpected, Expr), ?ASSERT_NOT_EQUAL__(Unexpected, Expr, [])).
-define(assertNotEqual(Unexpected, Expr, Comment),
        ?ASSERT_NOT_EQUAL__(Unexpected, Expr, [{comment, (Comment)}])).

%% Expr must raise (or must not raise) Class:Term; the pattern is reported
%% as the text "{ Class , Term , [...] }".
-define(ASSERT_PATTERN__(Class, Term), {pattern, "{ " ++ (??Class) ++ " , " ++ (??Term) ++ " , [...] }"}).
-define(ASSERT_EXCEPTION__(Class, Term, Expr, Comment),
        begin
        ((fun () ->
            try (Expr) of
                X__V ->
                    ?ASSERT_FAIL__(assertException, Comment,
                                   [{expression, (??Expr)}, ?ASSERT_PATTERN__(Class, Term),
                                    {unexpected_success, X__V}])
            catch
                Class:Term -> ok;
                X__C:X__T:X__S ->
                    ?ASSERT_FAIL__(assertException, Comment,
                                   [{expression, (??Expr)}, ?ASSERT_PATTERN__(Class, Term),
                                    {unexpected_exception, {X__C, X__T, X__S}}])
            end
          end)())
        end).
-define(ASSERT_NOT_EXCEPTION__(Class, Term, Expr, Comment),
        begin
        ((fun () ->
            try (Expr) of
                _ -> ok
            catch
                X__C:X__T:X__S ->
                    case X__C of
                        Class ->
                            case X__T of
                                Term ->
                                    ?ASSERT_FAIL__(assertNotException, Comment,
                                                   [{expression, (??Expr)}, ?ASSERT_PATTERN__(Class, Term),
                                                    {unexpected_exception, {X__C, X__T, X__S}}]);
                                _ -> ok
                            end;
                        _ -> ok
                    end
            end
          end)())
        end).
-define(assertException(Class, Term, Expr), ?ASSERT_EXCEPTION__(Class, Term, Expr, [])).
-define(assertException(Class, Term, Expr, Comment),
        ?ASSERT_EXCEPTION__(Class, Term, Expr, [{comment, (Comment)}])).
-define(assertNotException(Class, Term, Expr), ?ASSERT_NOT_EXCEPTION__(Class, Term, Expr, [])).
-define(assertNotException(Class, Term, Expr, Comment),
        ?ASSERT_NOT_EXCEPTION__(Class, Term, Expr, [{comment, (Comment)}])).
-endif.

-define(assertError(Term, Expr), ?assertException(error, Term, Expr)).
-define(assertError(Term, Expr, Comment), ?assertException(error, Term, Expr, Comment)).
-define(assertExit(Term, Expr), ?assertException(exit, Term, Expr)).
-define(assertExit(Term, Expr, Comment), ?assertException(exit, Term, Expr, Comment)).
-define(assertThrow(Term, Expr), ?assertException(throw, Term, Expr)).
-define(assertThrow(Term, Expr, Comment), ?assertException(throw, Term, Expr, Comment)).

-endif.
