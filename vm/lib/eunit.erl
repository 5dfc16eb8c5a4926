%% eunit: runs EUnit tests and reports them as OTP's EUnit does on a
%% terminal (eunit_tty): the failures with their exception and output, the
%% counts at the end, each test and group with verbose.
%%
%% How a run goes (docs/internals/eunit.md):
%% - Tests are read lazily, as OTP's eunit_data reads them: a deep list of
%%   test representations (a fun, {M, F}, {module, M}, a generator, {setup,
%%   ...}, {foreach, ...}, {timeout, ...}, {inparallel, ...}, {spawn, ...},
%%   {"description", T}, ...), a generator run when the iteration reaches
%%   it. Every item has an id, the list of its positions from the top.
%% - A task is a child process that runs a group of items, watched by an
%%   insulator process that is its group leader: the insulator kills the
%%   child at a test's timeout and reports a child that dies. The top
%%   group, a {spawn, T} group, each item of an inparallel group and the
%%   tests of a setup (which runs in a process of its own) are tasks.
%% - Each test runs with a fresh group leader that keeps its output, which
%%   the report shows only when the test fails.
%% - Events (a group or test begins or ends, or is cancelled) go to the
%%   caller of test/2, which prints them; an inparallel group passes its
%%   items' events on in the items' order, so the text does not depend on
%%   timing.
-module(eunit).

-export([start/0, stop/0, test/1, test/2]).

-record(test, {f, desc, timeout, location, line = 0}).
-record(group, {desc, order, timeout, context, spawn, tests}).
-record(context, {setup, cleanup, process = local}).

%% Where a task sends its events (sink), its group's id, the order of its
%% items, its insulator.
-record(ctx, {ref, sink, id = [], order = inorder, insulator, options = []}).

%% The printer's state: eunit_tty's options and counts, and the items
%% begun and not yet ended, innermost first: {Id, group, Desc} or {Id,
%% test, Data}.
-record(tty, {verbose = false, depth = 20, quiet = false, indent = 0, open = [],
              pass = 0, fail = 0, skip = 0, cancel = 0}).

-define(TEST_TIMEOUT, 5000).
-define(TICKS_PER_SECOND, 1000).

%% EUnit here has no server to start: tests run in processes of their own
%% for each call of test/1,2.
start() -> ok.

stop() -> ok.

test(Tests) ->
    test(Tests, []).

%% Runs Tests; ok when all passed, error otherwise. Options: verbose,
%% {print_depth, N} (20), no_tty.
test(Tests, Options) ->
    Tty = #tty{verbose = proplists:get_bool(verbose, Options),
               depth = proplists:get_value(print_depth, Options, 20),
               quiet = proplists:get_bool(no_tty, Options)},
    Ref = make_ref(),
    Sink = self(),
    Ctx = #ctx{ref = Ref, sink = Sink, options = Options},
    spawn(fun () ->
                  Insulator = start_task(fun (C) -> run_group(#group{tests = Tests}, C) end, Ctx),
                  wait_task(Insulator, Ref),
                  Sink ! {Ref, finished}
          end),
    Tty#tty.verbose andalso put_text(Tty, "======================== EUnit ========================\n", []),
    report(listen(Ref, Tty)).

%% ---------------------------------------------------------------------
%% Tasks

%% Starts Body(Ctx) in a child process under a new insulator, linked to
%% the caller, which is sent {done, Ref, Insulator} when the task is over.
start_task(Body, Ctx) ->
    Parent = self(),
    spawn_link(fun () -> insulator(Body, Ctx, Parent) end).

insulator(Body, Ctx0, Parent) ->
    process_flag(trap_exit, true),
    Ctx = Ctx0#ctx{insulator = self()},
    Child = spawn_link(fun () ->
                               group_leader(Ctx#ctx.insulator, self()),
                               child(Body, Ctx)
                       end),
    insulate(Child, Parent, Ctx).

child(Body, Ctx) ->
    try Body(Ctx)
    catch
        throw:{eunit_abort, Cause} ->
            Ctx#ctx.insulator ! {abort, self(), Ctx#ctx.id, Cause},
            exit(aborted)
    end.

%% The insulator: the child's group leader (output outside a test is
%% dropped), its watchdog, and what reports it when it dies.
insulate(Child, Parent, Ctx) ->
    receive
        {abort, Child, Id, Cause} ->
            cancelled(Id, {abort, Cause}, Ctx),
            task_done(Parent, Ctx);
        {timeout, Child, Id} ->
            Why = case process_info(Child, current_stacktrace) of
                      {current_stacktrace, Stack} -> {timeout, #{stacktrace => Stack}};
                      _ -> timeout
                  end,
            cancelled(Id, Why, Ctx),
            exit(Child, kill),
            task_done(Parent, Ctx);
        {'EXIT', Child, normal} ->
            task_done(Parent, Ctx);
        {'EXIT', Child, Reason} ->
            cancelled(Ctx#ctx.id, {exit, Reason}, Ctx),
            task_done(Parent, Ctx);
        {'EXIT', Parent, _} ->
            exit(Child, kill),
            task_done(Parent, Ctx);
        {io_request, From, ReplyAs, Request} ->
            _ = io_request(From, ReplyAs, Request, []),
            insulate(Child, Parent, Ctx);
        {get_output, From} ->
            From ! {output, ""},
            insulate(Child, Parent, Ctx);
        _ ->
            insulate(Child, Parent, Ctx)
    end.

task_done(Parent, Ctx) ->
    Parent ! {done, Ctx#ctx.ref, self()},
    unlink(Parent),
    exit(normal).

%% Item Id was cancelled; the task's own group too, when Id is inside it.
cancelled(Id, Cause, #ctx{id = Id} = Ctx) ->
    event(Id, {cancel, Cause}, Ctx);
cancelled(Id, Cause, Ctx) ->
    event(Id, {cancel, Cause}, Ctx),
    event(Ctx#ctx.id, {cancel, {blame, Id}}, Ctx).

event(Id, Event, #ctx{ref = Ref, sink = Sink}) ->
    Sink ! {Ref, Id, Event},
    ok.

wait_task(Pid, Ref) ->
    receive
        {done, Ref, Pid} -> ok
    end.

abort(Cause) ->
    throw({eunit_abort, Cause}).

%% ---------------------------------------------------------------------
%% Groups and tests

run_group(#group{} = G, Ctx) ->
    Id = Ctx#ctx.id,
    event(Id, {begin_group, G#group.desc}, Ctx),
    Enter = fun (Tests) -> timed(G#group.timeout, infinity, fun () -> items(Tests, Ctx) end, Ctx) end,
    try in_context(G, Enter) of
        {_Count, Time} -> event(Id, {end_group, Time}, Ctx)
    catch
        throw:{context_error, Why, Exception} ->
            event(Id, {cancel, {abort, {Why, Exception}}}, Ctx)
    end,
    ok.

in_context(#group{context = undefined, tests = Tests}, Enter) ->
    Enter(Tests);
in_context(#group{context = #context{setup = S, cleanup = C, process = P}, tests = I}, Enter) ->
    Body = case P of
               local -> Enter;
               spawn -> fun (Tests) -> Enter({spawn, Tests}) end
           end,
    setup_and_run(S, C, I, Body).

%% Setup, then the tests Instantiate makes of its result, then Cleanup,
%% whatever happened; a failure in one of the three is a context error.
setup_and_run(Setup, Cleanup, Instantiate, Body) ->
    R = try Setup()
        catch C1:T1:S1 -> context_error(setup_failed, C1, T1, S1)
        end,
    Tests = try Instantiate(R)
            catch C2:T2:S2 -> context_error(instantiation_failed, C2, T2, S2)
            end,
    case eunit_lib:is_not_test(Tests) of
        true ->
            {_, Stack} = process_info(self(), current_stacktrace),
            context_error({bad_instantiator, {fun_mfa(Instantiate), Tests}}, error, badarg, Stack);
        false ->
            ok
    end,
    try Body(Tests)
    after
        try Cleanup(R)
        catch C3:T3:S3 -> context_error(cleanup_failed, C3, T3, S3)
        end
    end.

context_error(Why, Class, Term, Stack) ->
    throw({context_error, Why, {Class, Term, prune(Stack)}}).

%% The items of a group, in order or in parallel; their number.
items(Tests, Ctx) ->
    case Ctx#ctx.order of
        inorder -> in_order(iter(Tests, Ctx), 0, Ctx);
        {inparallel, N} -> in_parallel(iter(Tests, Ctx), N, Ctx)
    end.

in_order(It, N, Ctx) ->
    case next_item(It) of
        {Item, It1} ->
            item(Item, Ctx#ctx{id = iter_id(It1)}),
            in_order(It1, N + 1, Ctx);
        none ->
            N
    end.

%% Each item a task of its own, at most Max at once (0: all). A task
%% sends its events under a reference of its own, so that they can be
%% passed on task by task, in the items' order, whatever order they come
%% in.
in_parallel(It, Max, Ctx) ->
    in_parallel(It, Max, Max, [], 0, Ctx).

in_parallel(It, Max, Left, Batch, N, Ctx) when Left =< 0, Max > 0 ->
    relay(lists:reverse(Batch), Ctx),
    in_parallel(It, Max, Max, [], N, Ctx);
in_parallel(It, Max, Left, Batch, N, Ctx) ->
    case next_item(It) of
        {Item, It1} ->
            Ref = make_ref(),
            Task = Ctx#ctx{ref = Ref, sink = self(), id = iter_id(It1)},
            Pid = start_task(fun (C) -> item(Item, C) end, Task),
            in_parallel(It1, Max, Left - 1, [{Ref, Pid} | Batch], N + 1, Ctx);
        none ->
            relay(lists:reverse(Batch), Ctx),
            N
    end.

relay([], _Ctx) ->
    ok;
relay([{Ref, Pid} | Rest] = Tasks, Ctx) ->
    receive
        {Ref, Id, Event} ->
            event(Id, Event, Ctx),
            relay(Tasks, Ctx);
        {done, Ref, Pid} ->
            relay(Rest, Ctx)
    end.

item(#test{} = T, Ctx) ->
    run_test(T, Ctx);
item(#group{} = G, Ctx) ->
    Ctx1 = case G#group.order of
               undefined -> Ctx;
               Order -> Ctx#ctx{order = Order}
           end,
    case G#group.spawn of
        undefined ->
            run_group(G, Ctx1);
        local ->
            Pid = start_task(fun (C) -> run_group(G, C) end, Ctx1),
            wait_task(Pid, Ctx#ctx.ref)
    end.

run_test(T, Ctx) ->
    Id = Ctx#ctx.id,
    Data = [{desc, T#test.desc}, {source, T#test.location}, {line, T#test.line}],
    event(Id, {begin_test, Data}, Ctx),
    Old = group_leader(),
    Capture = spawn_link(fun () -> capture([]) end),
    %% A first exchange, so that the test finds its group leader running in
    %% this module (eunit.hrl's ?UNDER_EUNIT looks at its current function).
    Capture ! {get_output, self()},
    receive {output, _} -> ok end,
    group_leader(Capture, self()),
    {Status, Time} = timed(T#test.timeout, ?TEST_TIMEOUT, fun () -> test_status(T#test.f) end, Ctx),
    group_leader(Old, self()),
    Capture ! {stop, self()},
    Output = receive {Capture, Out} -> Out end,
    unlink(Capture),
    event(Id, {end_test, Status, Time, Output}, Ctx).

test_status(F) ->
    try run_testfun(F) of
        {ok, _} -> ok;
        {error, _} = Failed -> Failed
    catch
        throw:Why -> {skipped, Why}
    end.

run_testfun(F) ->
    try F() of
        Value -> {ok, Value}
    catch
        throw:{eunit_internal, Why} -> throw(Why);
        Class:Reason:Stack -> {error, {Class, Reason, prune(Stack)}}
    end.

%% The frames of the test's own code: EUnit's frames below it left out.
prune([{M, _, _, _} | _]) when M =:= eunit; M =:= eunit_lib -> [];
prune([{M, _, _} | _]) when M =:= eunit; M =:= eunit_lib -> [];
prune([Frame | Rest]) -> [Frame | prune(Rest)];
prune([]) -> [].

%% F() under a timeout in ms (undefined: Default), and the wall-clock ms
%% it took; at the timeout the insulator kills the process.
timed(undefined, Default, F, Ctx) ->
    timed(Default, Default, F, Ctx);
timed(infinity, _, F, _Ctx) ->
    {T0, _} = statistics(wall_clock),
    Value = F(),
    {T1, _} = statistics(wall_clock),
    {Value, T1 - T0};
timed(Time, _, F, Ctx) ->
    Timer = erlang:send_after(min(max(Time, 0), 16#FFFFffff), Ctx#ctx.insulator,
                              {timeout, self(), Ctx#ctx.id}),
    {T0, _} = statistics(wall_clock),
    try F() of
        Value ->
            {T1, _} = statistics(wall_clock),
            {Value, T1 - T0}
    after
        erlang:cancel_timer(Timer)
    end.

%% A test's group leader: keeps what the test writes, gives it back (a
%% deep list of characters and binaries) when the test is over, answers
%% input requests with eof.
capture(Buf) ->
    receive
        {io_request, From, ReplyAs, Request} ->
            capture(io_request(From, ReplyAs, Request, Buf));
        {get_output, From} ->
            From ! {output, lists:flatten(lists:reverse(Buf))},
            capture(Buf);
        {stop, Runner} ->
            Runner ! {self(), lists:reverse(Buf)},
            capture_after(Buf);
        _ ->
            capture(Buf)
    end.

%% After the test: requests from processes it left behind, answered and
%% dropped, until none comes for a while.
capture_after(Buf) ->
    receive
        {io_request, From, ReplyAs, Request} ->
            _ = io_request(From, ReplyAs, Request, Buf),
            capture_after(Buf);
        _ ->
            capture_after(Buf)
    after 100 ->
        ok
    end.

io_request(From, ReplyAs, Request, Buf) ->
    {Reply, Buf1} = io_reply(Request, Buf),
    From ! {io_reply, ReplyAs, Reply},
    Buf1.

io_reply({put_chars, Chars}, Buf) ->
    {ok, [Chars | Buf]};
io_reply({put_chars, _Encoding, Chars}, Buf) ->
    {ok, [Chars | Buf]};
io_reply({put_chars, M, F, As}, Buf) ->
    try apply(M, F, As) of
        Chars -> {ok, [Chars | Buf]}
    catch
        C:T:S -> {{error, {C, T, S}}, Buf}
    end;
io_reply({put_chars, _Encoding, M, F, As}, Buf) ->
    io_reply({put_chars, M, F, As}, Buf);
io_reply({requests, Requests}, Buf) ->
    lists:foldl(fun (R, {ok, B}) -> io_reply(R, B);
                    (_, Failed) -> Failed
                end, {ok, Buf}, Requests);
io_reply({setopts, _}, Buf) ->
    {ok, Buf};
io_reply(getopts, Buf) ->
    {{error, enotsup}, Buf};
io_reply({get_geometry, _}, Buf) ->
    {{error, enotsup}, Buf};
io_reply(Request, Buf) when is_tuple(Request), element(1, Request) =:= get_chars;
                            is_tuple(Request), element(1, Request) =:= get_line;
                            is_tuple(Request), element(1, Request) =:= get_until ->
    {eof, Buf};
io_reply(_, Buf) ->
    {{error, request}, Buf}.

%% ---------------------------------------------------------------------
%% Reading tests (OTP's eunit_data): an iterator over a deep list of test
%% representations, each parsed into a #test{} or a #group{} when reached.

iter(Tests, Ctx) ->
    {Tests, Ctx#ctx.id, 0, Ctx#ctx.options}.

iter_id({_, Group, Pos, _}) ->
    Group ++ [Pos].

next_item({Tests, Group, Pos, Options}) ->
    try next(Tests, Options) of
        {Item, Rest} -> {Item, {Rest, Group, Pos + 1, Options}};
        none -> none
    catch
        throw:Why -> abort(Why)
    end.

next(Tests, Options) ->
    case eunit_lib:dlist_next(Tests) of
        [T | Rest] ->
            case parse(T, Options) of
                {data, T1} -> next([T1 | Rest], Options);
                Item -> {Item, Rest}
            end;
        [] ->
            none
    end.

parse({foreach, S, Fs}, Options) when is_function(S), is_list(Fs) ->
    parse({foreach, S, fun ok/1, Fs}, Options);
parse({foreach, S, C, Fs}, Options) when is_function(S), is_function(C), is_list(Fs) ->
    parse({foreach, spawn, S, C, Fs}, Options);
parse({foreach, P, S, Fs}, Options) when is_function(S), is_list(Fs) ->
    parse({foreach, P, S, fun ok/1, Fs}, Options);
parse({foreach, P, S, C, Fs} = T, _Options) when is_function(S), is_function(C), is_list(Fs) ->
    arity(S, 0, T),
    arity(C, 1, T),
    case Fs of
        [F | Fs1] -> {data, [{setup, P, S, C, F}, {foreach, P, S, C, Fs1}]};
        [] -> {data, []}
    end;
parse({foreachx, S, Ps}, Options) when is_function(S), is_list(Ps) ->
    parse({foreachx, S, fun ok/2, Ps}, Options);
parse({foreachx, S, C, Ps}, Options) when is_function(S), is_function(C), is_list(Ps) ->
    parse({foreachx, spawn, S, C, Ps}, Options);
parse({foreachx, P, S, Ps}, Options) when is_function(S), is_list(Ps) ->
    parse({foreachx, P, S, fun ok/2, Ps}, Options);
parse({foreachx, P, S1, C1, Ps} = T, _Options) when is_function(S1), is_function(C1), is_list(Ps) ->
    arity(S1, 1, T),
    arity(C1, 2, T),
    case Ps of
        [{X, F1} | Ps1] when is_function(F1) ->
            arity(F1, 2, T),
            {data, [{setup, P, fun () -> S1(X) end, fun (R) -> C1(X, R) end, fun (R) -> F1(X, R) end},
                    {foreachx, P, S1, C1, Ps1}]};
        [_ | _] -> bad_test(T);
        [] -> {data, []}
    end;
parse({generator, F}, Options) when is_function(F) ->
    parse({generator, F, fun_mfa(F)}, Options);
parse({generator, F, {M, N, A}} = T, _Options) when is_function(F), is_atom(M), is_atom(N), is_integer(A) ->
    arity(F, 0, T),
    case run_testfun(F) of
        {ok, T1} ->
            eunit_lib:is_not_test(T1) andalso throw({bad_generator, {{M, N, A}, T1}}),
            {data, T1};
        {error, Exception} ->
            throw({generator_failed, {{M, N, A}, Exception}})
    end;
parse({generator, M, F}, Options) when is_atom(M), is_atom(F) ->
    parse({generator, mf_wrapper(M, F), {M, F, 0}}, Options);
parse({inorder, T}, Options) ->
    group(#group{tests = T, order = inorder}, Options);
parse({inparallel, T}, Options) ->
    parse({inparallel, 0, T}, Options);
parse({inparallel, N, T}, Options) when is_integer(N), N >= 0 ->
    group(#group{tests = T, order = {inparallel, N}}, Options);
parse({timeout, N, T}, Options) when is_number(N), N >= 0 ->
    group(#group{tests = T, timeout = round(N * ?TICKS_PER_SECOND)}, Options);
parse({spawn, T}, Options) ->
    group(#group{tests = T, spawn = local}, Options);
parse({setup, S, I}, Options) when is_function(S); is_list(S) ->
    parse({setup, spawn, S, I}, Options);
parse({setup, S, C, I}, Options) when is_function(S), is_function(C) ->
    parse({setup, spawn, S, C, I}, Options);
parse({setup, P, S, I}, Options) when is_function(S) ->
    parse({setup, P, S, fun ok/1, I}, Options);
parse({setup, P, L, I} = T, Options) when is_list(L) ->
    setup_list(L, T),
    {S, C} = multi_setup(L),
    parse({setup, P, S, C, I}, Options);
parse({setup, P, S, C, I} = T, Options) when is_function(S), is_function(C), is_function(I) ->
    arity(S, 0, T),
    arity(C, 1, T),
    case erlang:fun_info(I, arity) of
        {arity, 0} ->
            parse({setup, S, C, fun (_) -> I end}, Options);
        _ ->
            arity(I, 1, T),
            lists:member(P, [local, spawn]) orelse bad_test(T),
            group(#group{tests = I, context = #context{setup = S, cleanup = C, process = P}}, Options)
    end;
parse({setup, P, S, C, {with, As}}, Options) when is_list(As) ->
    parse({setup, P, S, C, fun (X) -> {with, X, As} end}, Options);
parse({setup, P, S, C, T}, Options) when is_function(S), is_function(C) ->
    parse({setup, P, S, C, fun (_) -> T end}, Options);
parse({module, M}, Options) when is_atom(M) ->
    {data, {"module '" ++ atom_to_list(M) ++ "'", module_tests(M, Options)}};
parse({application, A, Info} = T, _Options) when is_atom(A) ->
    case proplists:get_value(modules, Info) of
        Ms when is_list(Ms) ->
            lists:all(fun erlang:is_atom/1, Ms) orelse bad_test(T),
            {data, {"application '" ++ atom_to_list(A) ++ "'", Ms}};
        _ ->
            bad_test(T)
    end;
parse({application, A}, Options) when is_atom(A) ->
    _ = application:load(A),
    case application:get_key(A, modules) of
        {ok, Ms} -> parse({application, A, [{modules, Ms}]}, Options);
        undefined -> throw({application_not_found, A})
    end;
parse({with, X, As} = T, _Options) when is_list(As) ->
    case As of
        [A | As1] ->
            arity(A, 1, T),
            {data, [{fun_mfa(A), fun () -> A(X) end}, {with, X, As1}]};
        [] ->
            {data, []}
    end;
parse({S, T1} = T, Options) when is_list(S) ->
    eunit_lib:is_string(S) orelse bad_test(T),
    group(#group{tests = T1, desc = unicode:characters_to_binary(S)}, Options);
parse({S, T1}, Options) when is_binary(S) ->
    group(#group{tests = T1, desc = S}, Options);
parse(T, Options) when is_tuple(T), tuple_size(T) > 2, is_list(element(1, T)) orelse is_binary(element(1, T)) ->
    [S | Es] = tuple_to_list(T),
    parse({S, list_to_tuple(Es)}, Options);
parse(M, Options) when is_atom(M) ->
    parse({module, M}, Options);
parse(T, _Options) ->
    simple(T).

simple({L, F}) when is_integer(L), L >= 0 ->
    (simple(F))#test{line = L};
simple({{M, N, A} = Loc, F}) when is_atom(M), is_atom(N), is_integer(A) ->
    (simple(F))#test{location = Loc};
simple(F) when is_function(F) ->
    arity(F, 0, F),
    #test{f = F, location = fun_mfa(F)};
simple({test, M, F}) when is_atom(M), is_atom(F) ->
    #test{f = mf_wrapper(M, F), location = {M, F, 0}};
simple({M, F}) when is_atom(M), is_atom(F) ->
    simple({test, M, F});
simple(T) ->
    bad_test(T).

fun_mfa(F) ->
    {module, M} = erlang:fun_info(F, module),
    {name, N} = erlang:fun_info(F, name),
    {arity, A} = erlang:fun_info(F, arity),
    {M, N, A}.

arity(F, N, _T) when is_function(F, N) -> ok;
arity(_, _, T) -> bad_test(T).

bad_test(T) ->
    throw({bad_test, T}).

setup_list([{Tag, S, C} | Es], T) when is_atom(Tag), is_function(S), is_function(C) ->
    arity(S, 0, T),
    arity(C, 1, T),
    setup_list(Es, T);
setup_list([{Tag, S} | Es], T) when is_atom(Tag), is_function(S) ->
    arity(S, 0, T),
    setup_list(Es, T);
setup_list([], _T) ->
    ok;
setup_list(_, T) ->
    bad_test(T).

%% The setups of a list in turn, their cleanups in reverse; a setup that
%% fails cleans up those before it.
multi_setup(List) ->
    {SetupAll, CleanupAll} = multi_setup(List, fun ok/1),
    {fun () -> lists:reverse(SetupAll([])) end,
     fun (Rs) -> CleanupAll(lists:reverse(Rs)) end}.

multi_setup([{Tag, S, C} | Es], CleanupPrev) ->
    Cleanup = fun ([R | Rs]) ->
                      try C(R)
                      catch Class:Term:Trace -> throw({Tag, {Class, Term, Trace}})
                      end,
                      CleanupPrev(Rs)
              end,
    {SetupRest, CleanupAll} = multi_setup(Es, Cleanup),
    {fun (Rs) ->
             R = try S()
                 catch
                     Class:Term:Trace ->
                         CleanupPrev(Rs),
                         throw({Tag, {Class, Term, Trace}})
                 end,
             SetupRest([R | Rs])
     end,
     CleanupAll};
multi_setup([{Tag, S} | Es], CleanupPrev) ->
    multi_setup([{Tag, S, fun ok/1} | Es], CleanupPrev);
multi_setup([], CleanupAll) ->
    {fun (Rs) -> Rs end, CleanupAll}.

ok(_) -> ok.
ok(_, _) -> ok.

%% M:F() as a test: a missing module or function is a skipped test.
mf_wrapper(M, F) ->
    fun () ->
            try apply(M, F, [])
            catch
                error:undef:Stack ->
                    case {code:ensure_loaded(M), erlang:function_exported(M, F, 0)} of
                        {{error, _}, _} -> throw({eunit_internal, {module_not_found, M}});
                        {_, false} -> throw({eunit_internal, {no_such_function, {M, F, 0}}});
                        _ -> erlang:raise(error, undef, Stack)
                    end
            end
    end.

%% The tests of module M: its functions Name_test/0 and generators
%% Name_test_/0 in the order of its exports, then, when M's name does not
%% end in "_tests", the tests of module M_tests if there is one.
module_tests(M, Options) ->
    Exports = try apply(M, module_info, [exports])
              catch error:undef -> throw({module_not_found, M})
              end,
    Tests = lists:foldr(fun ({F, 0}, Acc) ->
                                Name = atom_to_list(F),
                                case {lists:suffix("_test", Name), lists:suffix("_test_", Name)} of
                                    {true, _} -> [{test, M, F} | Acc];
                                    {_, true} -> [{generator, M, F} | Acc];
                                    _ -> Acc
                                end;
                            (_, Acc) ->
                                Acc
                        end, [], Exports),
    Name = atom_to_list(M),
    All = case lists:suffix("_tests", Name) orelse proplists:get_bool(exact_execution, Options) of
              true ->
                  Tests;
              false ->
                  Other = list_to_atom(Name ++ "_tests"),
                  try module_tests(Other, Options) of
                      More -> Tests ++ [{"module '" ++ Name ++ "_tests'", More}]
                  catch
                      throw:{module_not_found, Other} -> Tests
                  end
          end,
    case lists:member({eunit_wrapper_, 1}, Exports) of
        false -> All;
        true -> {generator, fun () -> apply(M, eunit_wrapper_, [All]) end}
    end.

%% A group of one item is that item, with the group's description and
%% timeout, when the two do not clash (OTP's rule, so that a described
%% test prints as one test with its description).
group(#group{context = #context{}} = G, _Options) ->
    G;
group(#group{tests = T0, desc = Desc, order = Order, context = Context, spawn = Spawn,
             timeout = Timeout} = G, Options) ->
    {T1, Ts} = lookahead(T0, Options),
    {T2, _} = lookahead(Ts, Options),
    case T1 of
        #test{desc = Desc1, timeout = Timeout1}
          when T2 =:= none, Spawn =:= undefined, Context =:= undefined,
               Desc =:= undefined orelse Desc1 =:= undefined,
               Timeout =:= undefined orelse Timeout1 =:= undefined ->
            T1#test{desc = join(Desc, Desc1), timeout = join(Timeout, Timeout1)};
        #test{timeout = undefined}
          when T2 =:= none, Timeout =/= undefined, Context =:= undefined ->
            G#group{tests = {timeout, Timeout div ?TICKS_PER_SECOND, T0}, timeout = undefined};
        #group{desc = Desc1, order = Order1, context = Context1, spawn = Spawn1, timeout = Timeout1}
          when T2 =:= none,
               Desc =:= undefined orelse Desc1 =:= undefined,
               Order =:= undefined orelse Order1 =:= undefined,
               Context =:= undefined orelse Context1 =:= undefined,
               Spawn =:= undefined orelse Spawn1 =:= undefined,
               Timeout =:= undefined orelse Timeout1 =:= undefined ->
            group(T1#group{desc = join(Desc, Desc1), order = join(Order, Order1),
                           context = join(Context, Context1), spawn = join(Spawn, Spawn1),
                           timeout = join(Timeout, Timeout1)}, Options);
        #group{order = Order1, timeout = Timeout1} when T2 =:= none ->
            push_order(Order, Order1, push_timeout(Timeout, Timeout1, G));
        _ ->
            G
    end.

lookahead(T, Options) ->
    case next(T, Options) of
        {T1, Ts} -> {T1, Ts};
        none -> {none, []}
    end.

join(undefined, X) -> X;
join(X, undefined) -> X.

push_timeout(Timeout, undefined, #group{context = undefined} = G) when Timeout =/= undefined ->
    G#group{tests = {timeout, Timeout div ?TICKS_PER_SECOND, G#group.tests}, timeout = undefined};
push_timeout(_, _, G) ->
    G.

push_order(inorder, undefined, G) ->
    G#group{tests = {inorder, G#group.tests}, order = undefined};
push_order({inparallel, N}, undefined, G) ->
    G#group{tests = {inparallel, N, G#group.tests}, order = undefined};
push_order(_, _, G) ->
    G.

%% ---------------------------------------------------------------------
%% The report (OTP's eunit_tty)

listen(Ref, Tty) ->
    receive
        {Ref, Id, Event} -> listen(Ref, handle(Id, Event, Tty));
        {Ref, finished} -> Tty
    end.

handle(Id, {begin_group, Desc}, #tty{indent = I} = Tty) ->
    Tty1 = Tty#tty{open = [{Id, group, Desc} | Tty#tty.open]},
    case described(Desc) andalso Tty#tty.verbose of
        true ->
            indent(Tty, I),
            put_text(Tty, "~ts\n", [Desc]),
            Tty1#tty{indent = I + 1};
        false ->
            Tty1
    end;
handle(Id, {end_group, Time}, #tty{indent = I, open = [{Id, group, Desc} | Open]} = Tty) ->
    case described(Desc) andalso Tty#tty.verbose of
        true ->
            Time > 0 andalso begin indent(Tty, I), put_text(Tty, "[done in ~.3f s]\n", [Time / 1000]) end,
            Tty#tty{indent = I - 1, open = Open};
        false ->
            Tty#tty{open = Open}
    end;
handle(Id, {begin_test, Data}, Tty) ->
    Tty#tty.verbose andalso test_begin(Tty, Data),
    Tty#tty{open = [{Id, test, Data} | Tty#tty.open]};
handle(Id, {end_test, Status, Time, Output}, #tty{open = [{Id, test, Data} | Open]} = Tty) ->
    Tty1 = Tty#tty{open = Open},
    case Status of
        ok ->
            Tty#tty.verbose andalso
                put_text(Tty, "~tsok\n", [if Time > 0 -> io_lib:fwrite("[~.3f s] ", [Time / 1000]);
                                             true -> ""
                                          end]),
            Tty1#tty{pass = Tty#tty.pass + 1};
        {error, Exception} ->
            Tty#tty.verbose orelse test_begin(Tty, Data),
            put_text(Tty, "*failed*\n~ts", [eunit_lib:format_exception(Exception, Tty#tty.depth)]),
            %% The output as OTP's EUnit prints it: in full, between
            %% <<" and ">>, even when empty.
            put_text(Tty, "  output:<<\"~ts\">>\n\n", [Output]),
            Tty1#tty{fail = Tty#tty.fail + 1};
        {skipped, Why} ->
            Tty#tty.verbose orelse test_begin(Tty, Data),
            put_text(Tty, "*did not run*\n::~ts\n", [skipped(Why)]),
            Tty1#tty{skip = Tty#tty.skip + 1}
    end;
handle(Id, {cancel, Reason}, Tty) ->
    %% Items inside the cancelled one end with it, innermost first.
    {Inner, Rest} = lists:splitwith(fun ({Open, _, _}) -> Open =/= Id end, Tty#tty.open),
    Tty1 = lists:foldl(fun (Item, T) -> cancel(Item, undefined, T) end,
                       Tty#tty{open = Rest}, Inner),
    case Rest of
        [{Id, _, _} = Item | Outer] -> cancel(Item, Reason, Tty1#tty{open = Outer});
        _ -> cancel({Id, group, undefined}, Reason, Tty1)
    end;
handle(_Id, _End, Tty) ->
    %% An end that is not the innermost open item's: only a test that sends
    %% EUnit's own messages could make one; the report goes on.
    Tty.

cancel({_, test, Data}, Reason, Tty) ->
    Tty#tty.verbose orelse test_begin(Tty, Data),
    put_text(Tty, cancel_text(Reason, Tty#tty.depth), []),
    Tty#tty{cancel = Tty#tty.cancel + 1};
cancel({_, group, _}, undefined, #tty{indent = I} = Tty) ->
    Tty#tty{indent = I - 1, cancel = Tty#tty.cancel + 1};
cancel({_, group, Desc}, Reason, #tty{indent = I} = Tty) ->
    case described(Desc) andalso Tty#tty.verbose of
        true -> ok;
        false -> indent(Tty, I), put_text(Tty, "~ts\n", [Desc])
    end,
    case Reason of
        {blame, _} -> ok;
        _ -> indent(Tty, I), put_text(Tty, cancel_text(Reason, Tty#tty.depth), [])
    end,
    Tty#tty{indent = I - 1, cancel = Tty#tty.cancel + 1}.

described(Desc) ->
    Desc =/= undefined andalso Desc =/= "" andalso Desc =/= <<>>.

cancel_text(undefined, _) ->
    "*skipped*\n";
cancel_text(timeout, _) ->
    "*timed out*\n";
cancel_text({timeout, #{stacktrace := Stack}}, _) ->
    ["*timed out*\n", eunit_lib:format_stacktrace(prune(Stack))];
cancel_text({startup, Reason}, Depth) ->
    io_lib:fwrite("*could not start test process*\n::~tP\n\n", [Reason, Depth]);
cancel_text({blame, _}, _) ->
    "*cancelled because of subtask*\n";
cancel_text({exit, Reason}, Depth) ->
    io_lib:fwrite("*unexpected termination of test process*\n::~tP\n\n", [Reason, Depth]);
cancel_text({abort, Reason}, Depth) ->
    eunit_lib:format_error(Reason, Depth).

skipped({module_not_found, M}) ->
    io_lib:fwrite("missing module: ~w", [M]);
skipped({no_such_function, {M, F, A}}) ->
    io_lib:fwrite("no such function: ~w:~tw/~w", [M, F, A]).

%% "Module:Line: Name (Desc)..." as much of it as is known.
test_begin(Tty, Data) ->
    Desc = proplists:get_value(desc, Data),
    Line = proplists:get_value(line, Data, 0),
    indent(Tty, Tty#tty.indent),
    L = if Line =:= 0 -> ""; true -> io_lib:fwrite("~w:", [Line]) end,
    D = case described(Desc) of
            true -> io_lib:fwrite(" (~ts)", [Desc]);
            false -> ""
        end,
    case proplists:get_value(source, Data) of
        {M, N, _} -> put_text(Tty, "~ts:~ts ~ts~ts...", [M, L, N, D]);
        _ -> put_text(Tty, "~ts~ts...", [L, D])
    end.

indent(Tty, N) when is_integer(N), N >= 1 ->
    put_text(Tty, lists:duplicate(N * 2, $\s), []);
indent(_, _) ->
    ok.

put_text(#tty{quiet = true}, _, _) -> ok;
put_text(_, Format, Args) -> io:fwrite(Format, Args).

report(#tty{pass = Pass, fail = 0, skip = 0, cancel = 0} = Tty) ->
    if Pass =:= 0 ->
           put_text(Tty, "  There were no tests to run.\n", []);
       true ->
           Tty#tty.verbose andalso bar(Tty),
           if Pass =:= 1 -> put_text(Tty, "  Test passed.\n", []);
              Pass =:= 2 -> put_text(Tty, "  2 tests passed.\n", []);
              true -> put_text(Tty, "  All ~w tests passed.\n", [Pass])
           end
    end,
    ok;
report(#tty{} = Tty) ->
    bar(Tty),
    put_text(Tty, "  Failed: ~w.  Skipped: ~w.  Passed: ~w.\n", [Tty#tty.fail, Tty#tty.skip, Tty#tty.pass]),
    Tty#tty.cancel =/= 0 andalso put_text(Tty, "One or more tests were cancelled.\n", []),
    error.

bar(Tty) ->
    put_text(Tty, "=======================================================\n", []).
