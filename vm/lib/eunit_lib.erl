%% eunit_lib: the helpers of EUnit that tests and eunit.hrl's macros call:
%% the text of exceptions, stack traces and EUnit's errors as OTP's EUnit
%% prints them, deep lists of tests, and shell commands for ?cmd and
%% ?assertCmd.
-module(eunit_lib).

-export([dlist_next/1, uniq/1, is_string/1, is_not_test/1, command/1, command/2, command/3,
         format_exception/1, format_exception/2, format_exit_term/1, format_stacktrace/1,
         format_error/1, format_error/2]).

-define(DEFAULT_DEPTH, 20).

%% ---------------------------------------------------------------------
%% Deep lists of tests

%% The next element of a deep list as [X | Rest], [] at its end; a
%% non-empty string is one element, not a list of characters.
dlist_next([X | Rest] = All) when is_list(X) ->
    case nonempty_string(X) of
        true -> All;
        false -> dlist_next(X, Rest)
    end;
dlist_next([_ | _] = L) ->
    case nonempty_string(L) of
        true -> [L];
        false -> L
    end;
dlist_next([]) ->
    [];
dlist_next(X) ->
    [X].

dlist_next([X], Rest) when is_list(X) ->
    case nonempty_string(X) of
        true -> [X | Rest];
        false -> dlist_next(X, Rest)
    end;
dlist_next([X], Rest) ->
    [X | Rest];
dlist_next([X | Xs], Rest) when is_list(X) ->
    case nonempty_string(X) of
        true -> [X, Xs | Rest];
        false -> dlist_next(X, [Xs | Rest])
    end;
dlist_next([X | Xs], Rest) ->
    [X, Xs | Rest];
dlist_next([], Rest) ->
    dlist_next(Rest).

nonempty_string([]) -> false;
nonempty_string(L) -> is_string(L).

%% A list of Unicode code points.
is_string([C | Cs]) when is_integer(C), C >= 0, C =< 16#10ffff -> is_string(Cs);
is_string([]) -> true;
is_string(_) -> false.

%% Runs of equal neighbours taken as one.
uniq([X, X | Xs]) -> uniq([X | Xs]);
uniq([X | Xs]) -> [X | uniq(Xs)];
uniq([]) -> [].

%% Values a generator returns by mistake (ok, {error, _}, a number, ...):
%% not tests, so that the mistake is reported as such.
is_not_test(T) ->
    case T of
        ok -> true;
        error -> true;
        true -> true;
        false -> true;
        undefined -> true;
        {ok, _} -> true;
        {error, _} -> true;
        {'EXIT', _} -> true;
        N when is_number(N) -> true;
        [N | _] when is_number(N) -> true;
        X when is_binary(X); is_pid(X); is_port(X); is_reference(X) -> true;
        _ -> false
    end.

%% ---------------------------------------------------------------------
%% Shell commands

%% {Status, Output} of Cmd run as OTP's open_port({spawn, Cmd}) runs it
%% (the shell's exec: the first word a program, which the command
%% becomes), standard error with standard output, in Dir when not "", with the environment variables Env
%% ({Name, Value}, Value false to unset) set; "\r\n" and "\r" in the
%% output read as "\n".
command(Cmd) ->
    command(Cmd, "").

command(Cmd, Dir) ->
    command(Cmd, Dir, []).

command(Cmd, Dir, Env) ->
    CD = case Dir of
             "" -> "";
             _ -> "cd " ++ shell_quote(Dir) ++ " && "
         end,
    Vars = [case V of
                false -> "unset " ++ N ++ "; ";
                _ -> "export " ++ N ++ "=" ++ shell_quote(V) ++ "; "
            end || {N, V} <- Env],
    Out = os:cmd(lists:append(Vars) ++ CD ++ "sh -c " ++ shell_quote("exec " ++ Cmd) ++ " 2>&1; printf '\\n%d' $?"),
    {Text, Status} = split_status(lists:reverse(Out), []),
    {Status, newlines(Text)}.

%% Output ends "\n<status>", which command/3 added.
split_status([$\n | Rest], Digits) ->
    {lists:reverse(Rest), list_to_integer(Digits)};
split_status([D | Rest], Digits) ->
    split_status(Rest, [D | Digits]).

newlines([$\r, $\n | Cs]) -> [$\n | newlines(Cs)];
newlines([$\r | Cs]) -> [$\n | newlines(Cs)];
newlines([C | Cs]) -> [C | newlines(Cs)];
newlines([]) -> [].

shell_quote(S) ->
    "'" ++ lists:flatmap(fun ($') -> "'\\''"; (C) -> [C] end, S) ++ "'".

%% ---------------------------------------------------------------------
%% Text

format_exception(Exception) ->
    format_exception(Exception, ?DEFAULT_DEPTH).

%% {Class, Reason, Stacktrace}: the trace, then **Class:Reason.
format_exception({Class, Term, Trace}, Depth) when is_atom(Class), is_list(Trace) ->
    case is_stacktrace(Trace) of
        true ->
            io_lib:format("~ts**~w:~ts", [format_stacktrace(Trace), Class, format_term(Term, Depth)]);
        false ->
            format_term(Term, Depth)
    end;
format_exception(Term, Depth) ->
    format_term(Term, Depth).

format_term(Term, Depth) ->
    io_lib:format("~tP\n", [Term, Depth]).

%% An exit reason {Reason, Stacktrace} as the reason and the trace.
format_exit_term({Reason, [_ | _] = Trace} = Term) ->
    case is_stacktrace(Trace) of
        true -> io_lib:format("~tP~ts", [Reason, 15, format_stacktrace(Trace)]);
        false -> io_lib:format("~tP", [Term, 15])
    end;
format_exit_term(Term) ->
    io_lib:format("~tP", [Term, 15]).

is_stacktrace([]) ->
    true;
is_stacktrace([{M, F, A, L} | Fs]) when is_atom(M), is_atom(F), is_integer(A) orelse is_list(A), is_list(L) ->
    is_stacktrace(Fs);
is_stacktrace([{M, F, A} | Fs]) when is_atom(M), is_atom(F), is_integer(A) orelse is_list(A) ->
    is_stacktrace(Fs);
is_stacktrace(_) ->
    false.

%% One line a frame: "in function M:F/A (File, line L)" for the first,
%% "in call from ..." for the others; a frame with arguments shows them.
format_stacktrace(Trace) ->
    frames(Trace, "in function").

frames([{M, F, A, Loc} | Fs], Pre) when is_integer(A) ->
    [io_lib:fwrite("~ts ~w:~tw/~w~ts\n", [Pre, M, F, A, location(Loc)]) | frames(Fs, "in call from")];
frames([{M, F, As, Loc} | Fs], Pre) when is_list(As) ->
    A = length(As),
    Call = case {operator(M, F, A), As} of
               {true, [X]} -> io_lib:fwrite("~ts ~ts", [F, arg(X)]);
               {true, [X, Y]} -> io_lib:fwrite("~ts ~ts ~ts", [arg(X), F, arg(Y)]);
               _ -> io_lib:fwrite("~tw(~ts)", [F, args(As)])
           end,
    [io_lib:fwrite("~ts ~w:~tw/~w~ts\n  called as ~ts\n", [Pre, M, F, A, location(Loc), Call])
     | frames(Fs, "in call from")];
frames([{M, F, A} | Fs], Pre) ->
    frames([{M, F, A, []} | Fs], Pre);
frames([], _Pre) ->
    "".

location(Loc) ->
    case {proplists:get_value(file, Loc), proplists:get_value(line, Loc)} of
        {undefined, _} -> "";
        {_, undefined} -> "";
        {File, Line} -> io_lib:format(" (~ts, line ~w)", [File, Line])
    end.

arg(X) ->
    io_lib:format("~tP", [X, 15]).

args([X]) -> arg(X);
args([X | Xs]) -> [io_lib:format("~tP,", [X, 15]) | args(Xs)];
args([]) -> "".

%% Whether erlang:F/A is an operator (arithmetic, boolean, comparison,
%% list or send), shown as one in "called as".
operator(erlang, F, 1) ->
    lists:member(F, ['+', '-', 'bnot', 'not']);
operator(erlang, F, 2) ->
    lists:member(F, ['+', '-', '*', '/', 'div', 'rem', 'band', 'bor', 'bxor', 'bsl', 'bsr',
                     'and', 'or', 'xor', '==', '/=', '=<', '<', '>=', '>', '=:=', '=/=',
                     '++', '--', '!']);
operator(_, _, _) ->
    false.

format_error(Error) ->
    format_error(Error, ?DEFAULT_DEPTH).

%% The text of an error that stopped EUnit from running tests.
format_error({bad_test, Term}, Depth) ->
    error_msg("bad test descriptor", "~tP", [Term, Depth]);
format_error({bad_generator, {{M, F, A}, Term}}, Depth) ->
    error_msg(io_lib:format("result from generator ~w:~tw/~w is not a test", [M, F, A]),
              "~tP", [Term, Depth]);
format_error({generator_failed, {{M, F, A}, Exception}}, Depth) ->
    error_msg(io_lib:format("test generator ~w:~tw/~w failed", [M, F, A]),
              "~ts", [format_exception(Exception, Depth)]);
format_error({no_such_function, {M, F, A}}, _) when is_atom(M), is_atom(F), is_integer(A) ->
    error_msg(io_lib:format("no such function: ~w:~tw/~w", [M, F, A]), "", []);
format_error({module_not_found, M}, _) ->
    error_msg("test module not found", "~tp", [M]);
format_error({application_not_found, A}, _) when is_atom(A) ->
    error_msg("application not found", "~w", [A]);
format_error({file_read_error, {_Reason, Msg, F}}, _) ->
    error_msg("error reading file", "~ts: ~ts", [Msg, F]);
format_error({setup_failed, Exception}, Depth) ->
    error_msg("context setup failed", "~ts", [format_exception(Exception, Depth)]);
format_error({cleanup_failed, Exception}, Depth) ->
    error_msg("context cleanup failed", "~ts", [format_exception(Exception, Depth)]);
format_error({{bad_instantiator, {{M, F, A}, Term}}, _Exception}, Depth) ->
    error_msg(io_lib:format("result from instantiator ~w:~tw/~w is not a test", [M, F, A]),
              "~tP", [Term, Depth]);
format_error({instantiation_failed, Exception}, Depth) ->
    error_msg("instantiation of subtests failed", "~ts", [format_exception(Exception, Depth)]).

%% "*** Title ***", then the detail after "**" (its continuation lines
%% indented by the format as if "**" were part of them).
error_msg(Title, Fmt, Args) ->
    Detail = io_lib:format("**" ++ Fmt, Args),
    io_lib:fwrite("*** ~ts ***\n~ts\n\n", [Title, Detail]).
