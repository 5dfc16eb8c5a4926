/* test_proc.c: tests of vm/proc.c: spawning, mailboxes (order, selective
 * receive, timeouts), links and exit propagation, trap_exit, monitors,
 * registered names, the process dictionary, heaps that grow and are
 * collected, and the C API (lookup, delivery from outside, references).
 * The Erlang module below runs in a VM with one scheduler
 * (tests/lib/vmrun.h); expected values are what OTP 25 returned for each
 * function, run in a fresh process. */
#include "tests/lib/vmrun.h"

static const char src_tp[] =
    "-module(tp).\n"
    "-export([t_order/0, t_selective/0, t_after/0, t_link_crash/0, t_trap_exit/0,\n"
    "         t_link_normal/0, t_kill/0, t_link_noproc/0, t_unlink/0, t_monitor/0,\n"
    "         t_monitor_noproc/0, t_monitor_after_kill/0, t_demonitor/0, t_monitor_name/0, t_register/0,\n"
    "         t_dict/0, t_big_heap/1, t_big_message/0, t_exit_signals/0, t_signal_order/0,\n"
    "         t_spawn_undef/0, t_alive/0, wait/0, crash/1, sender/2, t_many/1, t_deep/1,\n"
    "         t_gc_garbage/0, t_trap_kill/0, t_forged_alias/0, mailbox/0,\n"
    "         t_many_monitors/1]).\n"
    "\n"
    "wait() -> receive stop -> ok end.\n"
    "crash(R) -> exit(R).\n"
    "sender(To, N) -> [To ! {self(), I} || I <- lists:seq(1, N)], ok.\n"
    "\n"
    "t_order() ->\n"
    "    Self = self(),\n"
    "    P = spawn(tp, sender, [Self, 5]),\n"
    "    [receive {P, I} -> I end || _ <- lists:seq(1, 5)].\n"
    "\n"
    "t_selective() ->\n"
    "    [self() ! I || I <- [1, 2, 3, 4, 5]],\n"
    "    Three = receive 3 -> three end,\n"
    "    Even = receive X when X rem 2 =:= 0 -> X end,\n"
    "    Rest = [receive Y -> Y end || _ <- [a, b, c]],\n"
    "    Empty = receive Z -> Z after 0 -> empty end,\n"
    "    {Three, Even, Rest, Empty}.\n"
    "\n"
    "t_after() ->\n"
    "    T0 = erlang:monotonic_time(millisecond),\n"
    "    R = receive never -> no after 30 -> timeout end,\n"
    "    T1 = erlang:monotonic_time(millisecond),\n"
    "    self() ! late,\n"
    "    R2 = receive late -> got after 1000 -> timeout end,\n"
    "    {R, T1 - T0 >= 30, R2, receive after 0 -> zero end}.\n"
    "\n"
    "t_link_crash() ->\n"
    "    {Middle, Ref} = spawn_monitor(fun() ->\n"
    "        spawn_link(tp, crash, [boom]),\n"
    "        receive after infinity -> ok end\n"
    "    end),\n"
    "    receive {'DOWN', Ref, process, Middle, Why} -> Why end.\n"
    "\n"
    "t_trap_exit() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = spawn_link(tp, crash, [boom]),\n"
    "    R1 = receive {'EXIT', P, W} -> W end,\n"
    "    Q = spawn_link(tp, crash, [normal]),\n"
    "    R2 = receive {'EXIT', Q, W2} -> W2 end,\n"
    "    {R1, R2, process_flag(trap_exit, false)}.\n"
    "\n"
    "t_link_normal() ->\n"
    "    {Middle, Ref} = spawn_monitor(fun() ->\n"
    "        spawn_link(tp, crash, [normal]),\n"
    "        receive after 50 -> exit(survived) end\n"
    "    end),\n"
    "    receive {'DOWN', Ref, process, Middle, Why} -> Why end.\n"
    "\n"
    "t_kill() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = spawn_link(tp, wait, []),\n"
    "    exit(P, kill),\n"
    "    R1 = receive {'EXIT', P, W} -> W end,\n"
    "    Q = spawn_link(fun() -> process_flag(trap_exit, true), receive after infinity -> ok end end),\n"
    "    exit(Q, kill),\n"
    "    R2 = receive {'EXIT', Q, W2} -> W2 end,\n"
    "    Z = spawn_link(tp, wait, []),\n"
    "    exit(Z, normal),\n"
    "    Z ! stop,\n"
    "    R3 = receive {'EXIT', Z, W3} -> W3 end,\n"
    "    {R1, R2, R3}.\n"
    "\n"
    "t_trap_kill() ->\n"
    "    Self = self(),\n"
    "    P = spawn(fun() -> process_flag(trap_exit, true), Self ! ready,\n"
    "                       receive M -> Self ! {got, M} end end),\n"
    "    receive ready -> ok end,\n"
    "    exit(P, foo),\n"
    "    R1 = receive {got, M} -> M end,\n"
    "    {R1 =:= {'EXIT', Self, foo}}.\n"
    "\n"
    "t_link_noproc() ->\n"
    "    P = spawn(fun() -> ok end),\n"
    "    Ref = monitor(process, P),\n"
    "    receive {'DOWN', Ref, _, _, _} -> ok end,\n"
    "    R1 = try link(P) catch C:R -> {C, R} end,\n"
    "    process_flag(trap_exit, true),\n"
    "    R2 = link(P),\n"
    "    R3 = receive {'EXIT', P, W} -> W after 100 -> none end,\n"
    "    {R1, R2, R3}.\n"
    "\n"
    "t_unlink() ->\n"
    "    {Middle, Ref} = spawn_monitor(fun() ->\n"
    "        P = spawn_link(fun() -> receive go -> exit(boom) end end),\n"
    "        unlink(P),\n"
    "        P ! go,\n"
    "        receive after 50 -> exit(survived) end\n"
    "    end),\n"
    "    receive {'DOWN', Ref, process, Middle, Why} -> Why end.\n"
    "\n"
    "t_monitor() ->\n"
    "    P = spawn(tp, wait, []),\n"
    "    Ref = monitor(process, P),\n"
    "    P ! stop,\n"
    "    receive {'DOWN', Ref, process, P2, Why} -> {P2 =:= P, Why} end.\n"
    "\n"
    "t_monitor_after_kill() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = spawn(fun() -> receive _ -> ok end end),\n"
    "    exit(P, kill), Ref = monitor(process, P), link(P), P ! hello,\n"
    "    D = receive {'DOWN', Ref, process, P, R} -> R after 2000 -> no_down end,\n"
    "    E = receive {'EXIT', P, X} -> X after 2000 -> no_exit end,\n"
    "    {D =/= no_down, E =/= no_exit}.\n"
    "t_monitor_noproc() ->\n"
    "    P = spawn(fun() -> ok end),\n"
    "    R0 = monitor(process, P),\n"
    "    receive {'DOWN', R0, _, _, _} -> ok end,\n"
    "    Ref = monitor(process, P),\n"
    "    receive {'DOWN', Ref, process, P2, Why} -> {P2 =:= P, Why} end.\n"
    "\n"
    "mailbox() -> receive {tell, To} -> To ! process_info(self(), messages) end.\n"
    "\n"
    "%% A reference in the alias range naming W's slot, that is no alias of W's:\n"
    "%% the send reaches W's queue and W drops it; a real alias of W's works.\n"
    "t_forged_alias() ->\n"
    "    W = spawn(fun() -> A = alias(), receive {give, To} -> To ! {alias, A} end, mailbox() end),\n"
    "    W ! {give, self()},\n"
    "    A = receive {alias, X} -> X end,\n"
    "    [_, Num, _] = string:lexemes(pid_to_list(W), \"<.>\"),\n"
    "    Slot = list_to_integer(Num) rem (1 bsl 18),\n"
    "    Forged = list_to_ref(\"#Ref<0.\" ++ integer_to_list(1073741824 + Slot) ++ \".1.2>\"),\n"
    "    Forged ! forged, make_ref() ! plain, A ! real,\n"
    "    W ! {tell, self()},\n"
    "    receive {messages, M} -> M end.\n"
    "\n"
    "%% N monitors and N aliases, half demonitored or unaliased in a shuffled\n"
    "%% order, the rest ended by 'DOWN' messages: the index of references\n"
    "%% finds each, whatever was removed around it.\n"
    "t_many_monitors(N) ->\n"
    "    Ps = [spawn(tp, wait, []) || _ <- lists:seq(1, N)],\n"
    "    Ms = [{monitor(process, P), P} || P <- Ps],\n"
    "    As = [alias() || _ <- Ps],\n"
    "    Shuffled = [X || {_, X} <- lists:sort([{erlang:phash2(M), {M, P}} || {M, P} <- Ms])],\n"
    "    {Gone, Kept} = lists:split(N div 2, Shuffled),\n"
    "    Demon = length([x || {M, _} <- Gone, demonitor(M, [info])]),\n"
    "    {Unal, _} = lists:split(N div 2, lists:reverse(As)),\n"
    "    Unaliased = length([x || A <- Unal, unalias(A)]),\n"
    "    [A ! {via, A} || A <- As],\n"
    "    Via = length([receive {via, A} -> A end || A <- As -- Unal]),\n"
    "    [P ! stop || P <- Ps],\n"
    "    Downs = length([receive {'DOWN', M, process, P, normal} -> M end || {M, P} <- Kept]),\n"
    "    receive after 20 -> ok end,\n"
    "    {messages, Left} = process_info(self(), messages),\n"
    "    {Demon, Unaliased, Via, Downs, Left, element(2, process_info(self(), monitors))}.\n"
    "\n"
    "t_demonitor() ->\n"
    "    P = spawn(tp, wait, []),\n"
    "    Ref = monitor(process, P),\n"
    "    R1 = demonitor(Ref),\n"
    "    P ! stop,\n"
    "    R2 = receive {'DOWN', Ref, _, _, _} -> down after 50 -> none end,\n"
    "    Q = spawn(fun() -> ok end),\n"
    "    Ref2 = monitor(process, Q),\n"
    "    receive after 20 -> ok end,\n"
    "    R3 = demonitor(Ref2, [flush]),\n"
    "    R4 = receive {'DOWN', Ref2, _, _, _} -> down after 0 -> none end,\n"
    "    {R1, R2, R3, R4}.\n"
    "\n"
    "t_monitor_name() ->\n"
    "    P = spawn(tp, wait, []),\n"
    "    register(tp_named, P),\n"
    "    Ref = monitor(process, tp_named),\n"
    "    P ! stop,\n"
    "    R1 = receive {'DOWN', Ref, process, Who, Why} -> {Who, Why} end,\n"
    "    Ref2 = monitor(process, tp_nobody),\n"
    "    R2 = receive {'DOWN', Ref2, process, Who2, Why2} -> {Who2, Why2} end,\n"
    "    {R1, R2}.\n"
    "\n"
    "t_register() ->\n"
    "    P = spawn(tp, wait, []),\n"
    "    R1 = register(tp_reg, P),\n"
    "    R2 = whereis(tp_reg) =:= P,\n"
    "    R3 = try register(tp_reg, self()) catch C:R -> {C, R} end,\n"
    "    R4 = try register(tp_other, P) catch C2:R5 -> {C2, R5} end,\n"
    "    R6 = lists:member(tp_reg, registered()),\n"
    "    tp_reg ! stop,\n"
    "    Ref = monitor(process, P),\n"
    "    receive {'DOWN', Ref, _, _, _} -> ok end,\n"
    "    R7 = whereis(tp_reg),\n"
    "    R8 = try tp_reg ! x catch C3:R9 -> {C3, R9} end,\n"
    "    R10 = try unregister(tp_reg) catch C4:R11 -> {C4, R11} end,\n"
    "    R12 = register(tp_me, self()),\n"
    "    R13 = unregister(tp_me),\n"
    "    R14 = {tp_nobody, node()} ! hello,\n"
    "    {R1, R2, R3, R4, R6, R7, R8, R10, R12, R13, R14}.\n"
    "\n"
    "t_dict() ->\n"
    "    A = put(k, 1),\n"
    "    B = put(k, 2),\n"
    "    C = get(k),\n"
    "    D = get(missing),\n"
    "    put(j, 3),\n"
    "    E = lists:sort(get_keys()),\n"
    "    F = get_keys(2),\n"
    "    G = erase(k),\n"
    "    H = erase(k),\n"
    "    I = lists:sort(get()),\n"
    "    J = erase(),\n"
    "    K = get(),\n"
    "    {A, B, C, D, E, F, G, H, I, J, K}.\n"
    "\n"
    "t_big_heap(N) ->\n"
    "    L = lists:seq(1, N),\n"
    "    T = [{I, integer_to_list(I), <<I:32>>} || I <- L],\n"
    "    put(big, T),\n"
    "    garbage_collect(),\n"
    "    L2 = [I || {I, _, _} <- get(big)],\n"
    "    S = lists:sum([list_to_integer(Str) || {_, Str, _} <- T]),\n"
    "    B = lists:sum([X || {_, _, <<X:32>>} <- T]),\n"
    "    {lists:sum(L2), S, B, length(T)}.\n"
    "\n"
    "t_big_message() ->\n"
    "    Self = self(),\n"
    "    Big = [{I, [I, I]} || I <- lists:seq(1, 20000)],\n"
    "    P = spawn(fun() -> receive {From, M} -> From ! {self(), lists:reverse(M)} end end),\n"
    "    P ! {Self, Big},\n"
    "    receive {P, R} -> {length(R), hd(R), lists:last(R)} end.\n"
    "\n"
    "t_exit_signals() ->\n"
    "    P = spawn(tp, wait, []),\n"
    "    R = monitor(process, P),\n"
    "    exit(P, normal),\n"
    "    A = is_process_alive(P),\n"
    "    exit(P, custom),\n"
    "    B = receive {'DOWN', R, _, _, W} -> W end,\n"
    "    {A, B, is_process_alive(P)}.\n"
    "\n"
    "t_signal_order() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    Self = self(),\n"
    "    P = spawn(fun() -> link(Self), Self ! first, Self ! second, exit(done) end),\n"
    "    [receive M -> strip(M, P) end || _ <- [1, 2, 3]].\n"
    "strip({'EXIT', P, R}, P) -> {'EXIT', R};\n"
    "strip(M, _) -> M.\n"
    "\n"
    "t_spawn_undef() ->\n"
    "    {P, Ref} = spawn_monitor(tp_nomodule, nofun, [1]),\n"
    "    receive {'DOWN', Ref, process, P, Why} -> Why end.\n"
    "\n"
    "t_alive() ->\n"
    "    P = spawn(tp, wait, []),\n"
    "    A = is_process_alive(P),\n"
    "    R = monitor(process, P),\n"
    "    P ! stop,\n"
    "    receive {'DOWN', R, _, _, _} -> ok end,\n"
    "    {A, is_process_alive(P), is_process_alive(self())}.\n"
    "\n"
    "t_many(N) ->\n"
    "    Self = self(),\n"
    "    Ps = [spawn(fun() -> Self ! {self(), I * I} end) || I <- lists:seq(1, N)],\n"
    "    lists:sum([receive {P, V} -> V end || P <- Ps]).\n"
    "\n"
    "t_deep(N) -> deep(N).\n"
    "deep(0) -> 0;\n"
    "deep(N) -> 1 + deep(N - 1).\n"
    "\n"
    "t_gc_garbage() ->\n"
    "    Keep = lists:seq(1, 500),\n"
    "    garbage(200, Keep).\n"
    "garbage(0, Keep) -> lists:sum(Keep);\n"
    "garbage(N, Keep) ->\n"
    "    _ = [{X, X} || X <- lists:seq(1, 300)],\n"
    "    garbage(N - 1, Keep).\n";

static void setup(void)
{
    start_vm(1);
    cr_assert(load_text("tp.erl", src_tp));
}
static void teardown(void) { stop_vm(); }
TestSuite(proc, .init = setup, .fini = teardown);

/* ---- spawning ---------------------------------------------------------------------- */

Test(proc, spawn_undef) { expect_call("tp", "t_spawn_undef", "[]", "{undef,[{tp_nomodule,nofun,[1],[]}]}"); }

Test(proc, alive) { expect_call("tp", "t_alive", "[]", "{true,false,true}"); }

/* 200 processes, each sending one result back. */
Test(proc, many) { expect_call("tp", "t_many", "[200]", "2686700"); }

/* proc_spawn returns the new process's pid even when the process has
 * already run to its end and been freed: a caller off the schedulers (as
 * vm_eval is) does not hold back thread progress. */
Test(proc, spawn_pid_from_outside)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t args = read_on(&h, "[1]");
    for (int i = 0; i < 200; i++) {
        term_t pid = proc_spawn(NULL, atom_from_cstr("erlang"), atom_from_cstr("abs"), args, 0, NULL, NULL);
        cr_assert(term_is_local_pid(pid), "spawn %d returned %s, not a pid", i, show(pid));
        const proc_end *e = wait_end(pid, 2000);
        cr_assert(e != NULL, "spawn %d returned %s, which never ended", i, show(pid));
        cr_assert(e->result == term_small(1));
    }
    heap_destroy(&h);
}

/* ---- mailboxes --------------------------------------------------------------------- */

Test(proc, mailbox_order) { expect_call("tp", "t_order", "[]", "[1,2,3,4,5]"); }

Test(proc, selective_receive) { expect_call("tp", "t_selective", "[]", "{three,2,[1,4,5],empty}"); }

Test(proc, receive_after) { expect_call("tp", "t_after", "[]", "{timeout,true,got,zero}"); }

/* A message sent between a link and an exit arrives between them. */
Test(proc, signal_order) { expect_call("tp", "t_signal_order", "[]", "[first,second,{'EXIT',done}]"); }

/* A message from outside the VM (proc_deliver, any thread) wakes a
 * process waiting in receive. */
Test(proc, deliver_from_outside)
{
    term_t pid = spawn_text("tp", "wait", "[]");
    const proc_end *e = wait_end(pid, 50);
    cr_assert(e == NULL, "wait/0 ended before it got stop");
    proc_deliver(pid, proc_user_pid(), atom_from_cstr("other"));
    proc_deliver(pid, proc_user_pid(), atom_from_cstr("stop"));
    e = wait_end(pid, 5000);
    cr_assert(e != NULL, "stop did not wake wait/0");
    expect_result(e, "ok");
}

/* ---- links and exits ---------------------------------------------------------------- */

Test(proc, link_crash_propagates) { expect_call("tp", "t_link_crash", "[]", "boom"); }

Test(proc, link_normal_does_not) { expect_call("tp", "t_link_normal", "[]", "survived"); }

Test(proc, trap_exit)
{
    expect_call("tp", "t_trap_exit", "[]", "{boom,normal,true}");
    expect_call("tp", "t_trap_kill", "[]", "{true}");
}

/* kill kills even a process trapping exits; linked processes get killed. */
Test(proc, kill) { expect_call("tp", "t_kill", "[]", "{killed,killed,normal}"); }

Test(proc, exit_signals) { expect_call("tp", "t_exit_signals", "[]", "{true,custom,false}"); }

Test(proc, link_noproc) { expect_call("tp", "t_link_noproc", "[]", "{{error,noproc},true,noproc}"); }

Test(proc, unlink) { expect_call("tp", "t_unlink", "[]", "survived"); }

/* ---- monitors ---------------------------------------------------------------------- */

Test(proc, monitor)
{
    expect_call("tp", "t_monitor", "[]", "{true,normal}");
    expect_call("tp", "t_monitor_noproc", "[]", "{true,noproc}");
}

/* A monitor and a link that reach a process in the same batch of signals
 * as the kill before them (it has not run since) still get their 'DOWN'
 * and exit signal: the signals after the one that ends it are not lost
 * (they were, and the caller waited for ever). With one scheduler the new
 * process has not run when they are sent. */
Test(proc, monitor_after_kill) { expect_call("tp", "t_monitor_after_kill", "[]", "{true,true}"); }

Test(proc, demonitor) { expect_call("tp", "t_demonitor", "[]", "{true,none,true,none}"); }

Test(proc, monitor_by_name)
{
    expect_call("tp", "t_monitor_name", "[]",
                "{{{tp_named,nonode@nohost},normal},{{tp_nobody,nonode@nohost},noproc}}");
}

/* ---- names and the dictionary -------------------------------------------------------- */

Test(proc, registered_names)
{
    expect_call(
        "tp", "t_register", "[]",
        "{true,true,{error,badarg},{error,badarg},true,undefined,{error,badarg},{error,badarg},true,true,"
        "hello}");
}

/* The C side of the name table, on a process that waits. */
Test(proc, names_c_api)
{
    term_t name = atom_from_cstr("tp_c_name");
    term_t pid = spawn_text("tp", "wait", "[]");
    cr_assert(wait_end(pid, 20) == NULL);
    cr_expect(proc_whereis(name) == NIL);
    process *p = proc_lookup(pid);
    cr_assert(p != NULL && p->pid == pid);
    cr_expect(proc_register(p, name));
    cr_expect(!proc_register(p, atom_from_cstr("tp_second")), "a process has one name");
    cr_expect(proc_whereis(name) == pid);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    bool listed = false;
    for (term_t l = proc_registered(&h); l != NIL; l = list_tail(l))
        listed |= list_head(l) == name;
    cr_expect(listed, "registered() lists the name");
    heap_destroy(&h);
    /* the name goes with the process */
    proc_deliver(pid, proc_user_pid(), atom_from_cstr("stop"));
    cr_assert(wait_end(pid, 5000) != NULL);
    cr_expect(proc_whereis(name) == NIL, "the name outlived its process");
    cr_expect(!proc_unregister(name));
    cr_expect(wait_gone(pid, 1000), "an ended process is still found");
}

Test(proc, dictionary)
{
    expect_call("tp", "t_dict", "[]", "{undefined,1,2,undefined,[j,k],[k],2,undefined,[{j,3}],[{j,3}],[]}");
}

/* ---- heaps and stacks -------------------------------------------------------------- */

/* 20000 tuples of a list and a binary each, kept in the dictionary over a
 * full collection. */
Test(proc, big_heap_survives_gc)
{
    expect_call("tp", "t_big_heap", "[20000]", "{200010000,200010000,200010000,20000}");
}

/* 200 rounds of garbage around 500 live words: many minor collections. */
Test(proc, garbage_keeps_live_terms) { expect_call("tp", "t_gc_garbage", "[]", "125250"); }

Test(proc, big_message)
{
    expect_call("tp", "t_big_message", "[]", "{20000,{20000,[20000,20000]},{1,[1,1]}}");
}

/* Body recursion 100000 deep grows the register stack and the frames. */
Test(proc, deep_recursion) { expect_call("tp", "t_deep", "[100000]", "100000"); }

/* Whether a message sent to an alias arrives is the receiver's decision:
 * a reference that names a process's slot but is none of its aliases is
 * dropped there, and a real alias of the same process delivers. */
Test(proc, forged_alias_dropped) { expect_call("tp", "t_forged_alias", "[]", "[real]"); }

/* 3,000 monitors and aliases removed in a shuffled order: each is found
 * (demonitor's info, unalias, 'DOWN' messages), none is left, nothing
 * stray arrives. */
Test(proc, many_monitors_and_aliases)
{
    expect_call("tp", "t_many_monitors", "[3000]", "{1500,1500,1500,1500,[],[]}");
}

/* ---- the C API --------------------------------------------------------------------- */

/* Alias references and plain ones come from one counter: never equal,
 * and an alias's third word names its owner's slot. */
Test(proc, alias_refs_unique)
{
    enum { N = 1000 };
    static uint32_t ids[N][3];
    process *owner = alloc_zeroed(ALLOC_TEMP, sizeof *owner);
    owner->pid = term_local_pid(PROC_TABLE_SIZE + 7, 1);
    for (int i = 0; i < N; i++) {
        if (i % 2)
            proc_new_alias_ref(owner, ids[i]);
        else
            proc_new_ref(ids[i]);
    }
    for (int i = 1; i < N; i++)
        for (int j = 0; j < i; j++)
            cr_assert(memcmp(ids[i], ids[j], sizeof ids[i]) != 0, "refs %d and %d are equal", i, j);
    cr_expect(ids[1][2] == ids[3][2] && ids[1][2] != ids[0][2], "an alias's third word is its owner's slot");
    alloc_free(ALLOC_TEMP, owner, sizeof *owner);
}

Test(proc, refs_unique)
{
    enum { N = 1000 };
    static uint32_t ids[N][3];
    for (int i = 0; i < N; i++)
        proc_new_ref(ids[i]);
    for (int i = 1; i < N; i++)
        for (int j = 0; j < i; j++)
            cr_assert(memcmp(ids[i], ids[j], sizeof ids[i]) != 0, "refs %d and %d are equal", i, j);
}

Test(proc, count_and_lookup)
{
    uint32_t before = proc_count();
    term_t a = spawn_text("tp", "wait", "[]");
    term_t b = spawn_text("tp", "wait", "[]");
    cr_expect(a != b);
    cr_expect(proc_count() == before + 2, "count %u, was %u", proc_count(), before);
    cr_expect(proc_lookup(a) != NULL && proc_lookup(b) != NULL);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t all = proc_all_pids(&h);
    int seen = 0;
    term_t prev = NIL;
    bool ordered = true;
    for (term_t l = all; l != NIL; l = list_tail(l)) {
        seen += list_head(l) == a || list_head(l) == b;
        if (prev != NIL && pid_number(prev) >= pid_number(list_head(l)))
            ordered = false;
        prev = list_head(l);
    }
    heap_destroy(&h);
    cr_expect(seen == 2, "processes() lists both");
    cr_expect(ordered, "processes() is in pid order");
    proc_deliver(a, proc_user_pid(), atom_from_cstr("stop"));
    proc_deliver(b, proc_user_pid(), atom_from_cstr("stop"));
    cr_assert(wait_end(a, 5000) && wait_end(b, 5000));
    cr_assert(wait_gone(a, 1000) && wait_gone(b, 1000), "ended processes are still found");
    cr_expect(proc_count() == before, "count %u after both ended, was %u", proc_count(), before);
    /* delivering to a dead process is harmless */
    proc_deliver(a, proc_user_pid(), atom_from_cstr("late"));
    cr_expect(!proc_signal(a, SIG_EXIT, proc_user_pid(), ATOM_kill, NULL, NIL), "no signal to the dead");
}
