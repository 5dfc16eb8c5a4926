/* test_seqtrace.c: tests of vm/seqtrace.c: the token's serial as sends,
 * receives and prints move it (OTP's curr_cnt/prev_cnt rules), the token
 * passed on by messages and cleared by one sent without it, spawn, reset,
 * and the events handed to trace_hooks.seq_trace (recorded here in place
 * of the trace engine). Expected values are what OTP 25 gives for the
 * same calls (tests/scripts/trace/trace_seq_*.erl compare with erl). */
#include <string.h>

#include "tests/lib/vmrun.h"
#include "vm/seqtrace.h"
#include "vm/trace.h"

static const char src_st[] =
    "-module(st).\n"
    "-export([t_pass/0, t_clear/0, t_print/0, t_spawn/0, t_reset/0, t_link_exit/0,\n"
    "         t_exit_2/0, t_down/0, echo/0]).\n"
    "echo() -> receive {F, M} -> F ! {re, M}, echo() end.\n"
    "tok() -> {Fl, L, S, _, Last} = seq_trace:get_token(), {Fl, L, S, Last}.\n"
    "t_pass() ->\n"
    "    E = spawn(st, echo, []),\n"
    "    seq_trace:set_token(label, 9), seq_trace:set_token(send, true),\n"
    "    seq_trace:set_token('receive', true),\n"
    "    E ! {self(), a}, receive {re, a} -> ok end, A = tok(),\n"
    "    E ! {self(), b}, receive {re, b} -> ok end, B = tok(),\n"
    "    seq_trace:set_token([]), exit(E, kill), {A, B}.\n"
    "t_clear() ->\n"
    "    seq_trace:set_token(label, 1),\n"
    "    self() ! with,\n"
    "    seq_trace:set_token([]), self() ! without, seq_trace:set_token(label, 2),\n"
    "    receive with -> ok end, A = seq_trace:get_token(label),\n"
    "    receive without -> ok end, {A, seq_trace:get_token()}.\n"
    "t_print() ->\n"
    "    seq_trace:set_token(label, p), seq_trace:set_token(print, true),\n"
    "    R = [seq_trace:print(one), erlang:seq_trace_print(p, two), erlang:seq_trace_print(q, no)],\n"
    "    T = tok(), seq_trace:set_token([]), {R, T}.\n"
    "t_spawn() ->\n"
    "    S = self(), seq_trace:set_token(label, kid),\n"
    "    spawn(fun() -> S ! {kid, seq_trace:get_token(label)} end),\n"
    "    seq_trace:set_token([]), receive {kid, L} -> L end.\n"
    "t_reset() ->\n"
    "    seq_trace:set_token(label, r), self() ! m, seq_trace:reset_trace(),\n"
    "    A = seq_trace:get_token(), receive m -> ok end,\n"
    "    seq_trace:set_token(label, s), {A, tok()}.\n"
    "t_link_exit() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = spawn_link(fun() -> receive go -> exit(boom) end end),\n"
    "    seq_trace:set_token(label, x), seq_trace:set_token(send, true),\n"
    "    seq_trace:set_token('receive', true),\n"
    "    P ! go, receive {'EXIT', P, boom} -> ok end,\n"
    "    {Fl, L, S, From, Last} = seq_trace:get_token(), seq_trace:set_token([]),\n"
    "    {Fl, L, S, From =:= P, Last}.\n"
    "t_exit_2() ->\n"
    "    process_flag(trap_exit, true), seq_trace:set_token(label, y),\n"
    "    exit(self(), me), receive {'EXIT', _, me} -> seq_trace:get_token() end.\n"
    "t_down() ->\n"
    "    P = spawn(fun() -> ok end), M = monitor(process, P), seq_trace:set_token(label, z),\n"
    "    receive {'DOWN', M, _, _, _} -> ok end, L = seq_trace:get_token(label),\n"
    "    seq_trace:set_token([]), L.\n";

/* The events the hook got: their text, one per line. */
static char events[4096];
static size_t nevents;

static void record(process *p, term_t label, term_t info, uint32_t flags)
{
    size_t n = strlen(events);
    snprintf(events + n, sizeof events - n, "%s %s\n", show(label), show(info));
    nevents++;
}

static void setup(void)
{
    start_vm(1);
    cr_assert(load_text("st.erl", src_st));
    events[0] = '\0';
    nevents = 0;
    trace_hooks.seq_trace = record;
}
static void teardown(void)
{
    stop_vm();
    trace_hooks.seq_trace = NULL;
}
TestSuite(seqtrace, .init = setup, .fini = teardown);

/* Send: LastSerial := prev, Serial := ++curr; receive: prev := Serial,
 * curr := max(curr, Serial). The echo's sends name it, the main
 * process's receives take its token. */
Test(seqtrace, token_passes_and_serials_move)
{
    expect_call("st", "t_pass", "[]", "{{3,9,2,1},{3,9,4,3}}");
    cr_assert_eq(nevents, 8, "events:\n%s", events);
    cr_assert(strstr(events, "9 {send,{0,1},") == events, "events:\n%s", events);
    cr_assert(strstr(events, "9 {receive,{3,4},") != NULL, "events:\n%s", events);
}

/* A message sent with a token hands it over; one sent without clears the
 * receiver's, whatever it had. */
Test(seqtrace, tokenless_message_clears)
{
    expect_call("st", "t_clear", "[]", "{{label,1},[]}");
    cr_assert_eq(nevents, 0, "flags were off, yet:\n%s", events);
}

/* print/1 and print/2 with the token's label report and advance the
 * serial; another label does neither. */
Test(seqtrace, print)
{
    expect_call("st", "t_print", "[]", "{[ok,true,false],{4,p,2,0}}");
    cr_assert_eq(nevents, 2, "events:\n%s", events);
    cr_assert(strstr(events, "p {print,{0,1},") == events, "events:\n%s", events);
    cr_assert(strstr(events, "p {print,{0,2},") != NULL, "events:\n%s", events);
}

Test(seqtrace, spawn_passes_the_token) { expect_call("st", "t_spawn", "[]", "{label,kid}"); }

/* A process with a token that ends passes it with its link's exit signal:
 * its serial moves and a send is reported; the trapping process takes it
 * over with the 'EXIT' message (a receive). */
Test(seqtrace, link_exit_carries_the_token)
{
    expect_call("st", "t_link_exit", "[]", "{3,x,2,true,1}");
    cr_assert_eq(nevents, 4, "events:\n%s", events);
    cr_assert(strstr(events, "x {send,{1,2},") != NULL, "events:\n%s", events);
    cr_assert(strstr(events, "{EXIT,") != NULL, "events:\n%s", events);
    cr_assert(strstr(events, "x {receive,{1,2},") != NULL, "events:\n%s", events);
}

/* exit/2's signal carries no token: its message clears the receiver's. A
 * 'DOWN' leaves it alone. */
Test(seqtrace, exit_2_clears_down_leaves)
{
    expect_call("st", "t_exit_2", "[]", "[]");
    expect_call("st", "t_down", "[]", "{label,z}");
}

/* reset_seq_trace clears tokens, counters and the token of a message on
 * its way (receiving it then clears, as a message without one). */
Test(seqtrace, reset)
{
    expect_call("st", "t_reset", "[]", "{[],{0,s,0,0}}");
}
