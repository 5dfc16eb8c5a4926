/* test_port.c: tests of vm/port.c and vm/bif_port.c. The C API on a table
 * of test ports (open, close, numbering, erlang:ports/0 order, a full
 * table, commands racing closes on several threads), then the BIFs in a
 * running VM: port_info/1,2, port_close/1, port_command/2,3,
 * port_control/3, port_connect/2, and ports closing when linked processes
 * exit. The test driver ("collector") keeps what it is sent; the module
 * porttest (BIFs registered below) opens such ports from Erlang. Expected
 * values of the BIFs are OTP 25's, run on a {spawn, "cat"} port (and a
 * dbg:trace_port(file, F) port for control: [0]), save what a driver of
 * ours decides (its name, what it echoes, its failure). */
#include <errno.h>
#include <unistd.h>

#include "tests/lib/vmrun.h"
#include "vm/port.h"

/* ---- the test driver ----------------------------------------------------------- */

/* What one port was sent: copies of the terms, newest first. */
typedef struct collector {
    heap_t heap;
    term_t msgs;
    size_t count;
} collector;

static _Atomic int closes;           /* driver closes so far */
static _Atomic uint64_t closed_msgs; /* messages the closed ports had received */

/* Bytes of an iolist or binary (the tests' data nests a few levels only);
 * 1 for any other term. */
static size_t count_bytes(term_t t)
{
    term_t stack[64];
    size_t n = 0, bytes = 0;
    for (;;) {
        if (term_is_list(t)) {
            term_t h = list_head(t);
            if (n < 64)
                stack[n++] = list_tail(t);
            t = h;
            continue;
        }
        if (term_is_small(t)) {
            bytes++;
        } else if (term_is_bitstring(t)) {
            bin_view v;
            bin_view_of(t, &v);
            bytes += v.size;
        } else if (!term_is_nil(t)) {
            return 1;
        }
        if (n == 0)
            return bytes;
        t = stack[--n];
    }
}

/* Whether msg is the atom or the binary `text`. */
static bool is_word(term_t msg, const char *text)
{
    if (term_is_atom(msg))
        return msg == atom_from_cstr(text);
    if (!term_is_bitstring(msg))
        return false;
    bin_view v;
    bin_view_of(msg, &v);
    return v.bitoffset == 0 && v.bitsize == 0 && v.size == strlen(text) && memcmp(v.bytes, text, v.size) == 0;
}

/* Fails on "fail" as a write to a full disk does (errno ENOSPC), and on
 * "fail_silently" without an errno. */
static bool collect_output(void *state, term_t msg, size_t *written)
{
    collector *c = state;
    if (is_word(msg, "fail")) {
        errno = ENOSPC;
        return false;
    }
    if (is_word(msg, "fail_silently"))
        return false;
    c->msgs = term_cons(&c->heap, copy_term(&c->heap, msg), c->msgs);
    c->count++;
    *written += count_bytes(msg);
    return true;
}

/* 'f': [0], as trace_file_drv's flush; 'm': the messages so far, oldest
 * first; 'e': the data back as a binary; anything else: refused. */
static bool collect_control(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h,
                            term_t *reply)
{
    collector *c = state;
    if (op == 'f') {
        *reply = term_cons(h, term_small(0), NIL);
    } else if (op == 'm') {
        term_t l = NIL;
        for (term_t m = c->msgs; m != NIL; m = list_tail(m))
            l = term_cons(h, copy_term(h, list_head(m)), l);
        *reply = l;
    } else if (op == 'e') {
        *reply = bin_new(h, data, len);
    } else {
        return false;
    }
    return true;
}

static void collect_close(void *state)
{
    collector *c = state;
    atomic_fetch_add(&closes, 1);
    atomic_fetch_add(&closed_msgs, c->count);
    heap_destroy(&c->heap);
    free(c);
}

static const port_driver collector_drv = {
    .name = "collector", .output = collect_output, .control = collect_control, .close = collect_close,
};
static const port_driver plain_drv = {
    .name = "plain", .output = collect_output, .control = NULL, .close = collect_close,
};

static collector *new_collector(void)
{
    collector *c = calloc(1, sizeof *c);
    heap_init(&c->heap, ALLOC_TEMP);
    c->msgs = NIL;
    return c;
}

/* ---- the C API, without schedulers ------------------------------------------------ */

/* A process to own ports: only its pid and link list are used (exit
 * signals to it find no process in the table and are dropped). */
static process *new_owner(uint32_t number)
{
    process *p = calloc(1, sizeof *p);
    p->pid = term_local_pid(number, 0);
    return p;
}

static void free_owner(process *p)
{
    while (p->links) {
        proc_link *l = p->links;
        p->links = l->next;
        alloc_free(ALLOC_LINK, l, sizeof *l);
    }
    free(p);
}

static size_t count_port_links(const process *p)
{
    size_t n = 0;
    for (const proc_link *l = p->links; l; l = l->next)
        n += l->kind == LINK && term_is_local_port(l->other);
    return n;
}

/* A deadlock must fail the test, not hang the suite (Criterion's .timeout
 * leaks in its runner, which fails the ASan build: see test_progress.c). */
static void setup_c(void)
{
    alarm(120);
    atom_table_init();
    proc_table_init(NULL);
}

TestSuite(port, .init = setup_c);

Test(port, open_close)
{
    process *owner = new_owner(100);
    term_t p = port_open(&collector_drv, new_collector(), owner);
    cr_assert(term_is_local_port(p));
    cr_expect_eq(port_number(p), PORT_FIRST_NUMBER, "the first port is #Port<0.%u>", PORT_FIRST_NUMBER);
    cr_expect(port_alive(p));
    cr_expect_eq(count_port_links(owner), 1, "the owner is linked to its port");

    cr_expect(port_command(p, atom_from_cstr("hello")));
    cr_expect(port_close(p));
    cr_expect_eq(atomic_load(&closes), 1);
    cr_expect_eq(atomic_load(&closed_msgs), 1);
    cr_expect(!port_alive(p));

    /* Everything fails on a closed port, and the driver is not called. */
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t reply = NIL;
    cr_expect(!port_close(p));
    cr_expect(!port_command(p, atom_from_cstr("late")));
    cr_expect(!port_control(p, 'f', NULL, 0, &h, &reply));
    port_view v;
    cr_expect(!port_view_of(p, &h, &v));
    cr_expect_eq(atomic_load(&closes), 1, "the driver's close runs once");
    heap_destroy(&h);
    free_owner(owner);
}

Test(port, not_ports)
{
    process *owner = new_owner(100);
    term_t p = port_open(&collector_drv, new_collector(), owner);
    term_t others[] = {owner->pid, atom_from_cstr("p"), term_small(5), term_local_port(0),
                       term_local_port(port_number(p) + PORT_TABLE_SIZE)};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        cr_expect(!port_alive(others[i]), "term %zu", i);
        cr_expect(!port_command(others[i], NIL), "term %zu", i);
        cr_expect(!port_close(others[i]), "term %zu", i);
    }
    cr_expect(port_alive(p));
    port_close(p);
    free_owner(owner);
}

Test(port, command_and_control)
{
    process *owner = new_owner(100);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t p = port_open(&collector_drv, new_collector(), owner);
    term_t msg = term_tuple2(&h, atom_from_cstr("trace"), term_string(&h, "abc", 3));
    cr_expect(port_command(p, msg));
    cr_expect(port_command(p, term_string(&h, "xy", 2)));

    term_t reply = NIL;
    cr_assert(port_control(p, 'm', NULL, 0, &h, &reply));
    cr_expect_eq(list_length(reply), 2);
    cr_expect(term_eq_exact(list_head(reply), msg), "the driver got the term as given: %s",
              show(list_head(reply)));
    cr_assert(port_control(p, 'f', NULL, 0, &h, &reply));
    cr_expect(term_eq_exact(reply, term_cons(&h, term_small(0), NIL)), "flush: %s", show(reply));
    cr_assert(port_control(p, 'e', (const uint8_t *)"hi", 2, &h, &reply));
    cr_expect(term_eq_exact(reply, bin_new(&h, (const uint8_t *)"hi", 2)));
    cr_expect(!port_control(p, 'z', NULL, 0, &h, &reply), "an op the driver refuses");
    cr_expect(port_alive(p), "a refused control leaves the port open");

    port_view v;
    cr_assert(port_view_of(p, &h, &v));
    cr_expect(term_eq_exact(v.name, term_string(&h, "collector", 9)));
    cr_expect(term_eq_exact(v.links, term_cons(&h, owner->pid, NIL)));
    cr_expect_eq(v.connected, owner->pid);
    cr_expect_eq(v.number, port_number(p));
    cr_expect_eq(v.input, 0);
    cr_expect_eq(v.output, 1 + 2, "bytes the driver reported: 1 for the tuple, 2 for \"xy\"");

    term_t q = port_open(&plain_drv, new_collector(), owner);
    cr_expect(!port_control(q, 'f', NULL, 0, &h, &reply), "no control function: badarg");
    port_close(p);
    port_close(q);
    heap_destroy(&h);
    free_owner(owner);
}

Test(port, output_failure_closes)
{
    process *owner = new_owner(100);
    term_t p = port_open(&collector_drv, new_collector(), owner);
    cr_expect(!port_command(p, atom_from_cstr("fail")));
    cr_expect(!port_alive(p), "a failed output closes the port");
    cr_expect_eq(atomic_load(&closes), 1);
    term_t q = port_open(&collector_drv, new_collector(), owner);
    cr_expect(!port_command(q, atom_from_cstr("fail_silently")));
    cr_expect(!port_alive(q));
    cr_expect_eq(atomic_load(&closes), 2);
    free_owner(owner);
}

Test(port, numbers_grow_and_ports_lists_oldest_first)
{
    process *owner = new_owner(100);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    cr_expect_eq(port_all(&h), NIL);
    term_t a = port_open(&collector_drv, new_collector(), owner);
    term_t b = port_open(&collector_drv, new_collector(), owner);
    term_t c = port_open(&collector_drv, new_collector(), owner);
    cr_expect_eq(port_number(b), port_number(a) + 1);
    cr_expect_eq(port_number(c), port_number(b) + 1);
    port_close(b);
    term_t d = port_open(&collector_drv, new_collector(), owner);
    cr_expect_eq(port_number(d), port_number(c) + 1, "a closed port's number is not reused");
    term_t want[] = {a, c, d};
    term_t all = port_all(&h);
    cr_expect(term_eq_exact(all, term_list_from(&h, want, 3, NIL)), "ports: %s", show(all));
    port_close(a);
    port_close(c);
    port_close(d);
    cr_expect_eq(port_all(&h), NIL);
    heap_destroy(&h);
    free_owner(owner);
}

/* PORT_TABLE_SIZE ports fill the table: one more is system_limit (and its
 * state closed); a freed slot is taken by the next number that maps to it. */
Test(port, full_table)
{
    enum { OWNERS = 256 };
    process *owners[OWNERS];
    for (int i = 0; i < OWNERS; i++)
        owners[i] = new_owner(100 + (uint32_t)i);
    for (uint32_t i = 0; i < PORT_TABLE_SIZE; i++) {
        term_t p = port_open(&collector_drv, new_collector(), owners[i % OWNERS]);
        cr_assert_eq(port_number(p), PORT_FIRST_NUMBER + i);
    }
    cr_expect_eq(port_open(&collector_drv, new_collector(), owners[0]), THE_NON_VALUE);
    cr_expect_eq(atomic_load(&closes), 1, "the refused port's state was closed");

    uint64_t freed = 100; /* slot 100 */
    cr_assert(port_close(term_local_port(freed)));
    term_t p = port_open(&collector_drv, new_collector(), owners[0]);
    cr_expect_eq(port_number(p), PORT_TABLE_SIZE + freed, "the number skips to slot %llu",
                 (unsigned long long)freed);

    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t all = port_all(&h);
    cr_expect_eq(list_length(all), PORT_TABLE_SIZE);
    uint64_t last = 0;
    bool sorted = true;
    for (term_t l = all; l != NIL; l = list_tail(l)) {
        sorted &= port_number(list_head(l)) > last;
        last = port_number(list_head(l));
    }
    cr_expect(sorted && last == PORT_TABLE_SIZE + freed);
    for (term_t l = all; l != NIL; l = list_tail(l))
        port_close(list_head(l));
    cr_expect_eq(port_all(&h), NIL);
    heap_destroy(&h);
    for (int i = 0; i < OWNERS; i++)
        free_owner(owners[i]);
}

/* ---- commands racing closes ------------------------------------------------------ */

#define RACE_PORTS 8
#define RACE_WRITERS 4
#define RACE_COMMANDS 40000
#define RACE_REOPENS 2000

static _Atomic term_t race_ports[RACE_PORTS];
static _Atomic uint64_t race_delivered;
static _Atomic bool race_done;
static _Atomic int race_opens;

static void *race_writer(void *arg)
{
    uint64_t seed = (uintptr_t)arg * 0x9E3779B97F4A7C15u + 1;
    uint64_t ok = 0;
    term_t msg = term_small((int64_t)(uintptr_t)arg);
    for (int i = 0; i < RACE_COMMANDS; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        term_t p = atomic_load(&race_ports[(seed >> 33) % RACE_PORTS]);
        ok += port_command(p, msg);
        if ((i & 255) == 0)
            (void)port_alive(p);
    }
    atomic_fetch_add(&race_delivered, ok);
    return NULL;
}

/* Closes a port and opens another in its place, again and again, while
 * the writers send; the new ports reuse the closed ones' structs. */
static void *race_closer(void *arg)
{
    process *owner = arg;
    uint64_t seed = 7;
    for (int i = 0; i < RACE_REOPENS && !atomic_load(&race_done); i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        unsigned k = (unsigned)((seed >> 33) % RACE_PORTS);
        port_close(atomic_load(&race_ports[k]));
        atomic_store(&race_ports[k], port_open(&collector_drv, new_collector(), owner));
        atomic_fetch_add(&race_opens, 1);
        /* drop the owner's stale links so its list stays short */
        while (owner->links && owner->links->next) {
            proc_link *l = owner->links->next;
            owner->links->next = l->next;
            alloc_free(ALLOC_LINK, l, sizeof *l);
        }
    }
    return NULL;
}

Test(port, commands_race_closes)
{
    process *owner = new_owner(100);
    for (int i = 0; i < RACE_PORTS; i++)
        atomic_store(&race_ports[i], port_open(&collector_drv, new_collector(), owner));
    atomic_store(&race_opens, RACE_PORTS);
    pthread_t w[RACE_WRITERS], c;
    for (uintptr_t i = 0; i < RACE_WRITERS; i++)
        pthread_create(&w[i], NULL, race_writer, (void *)(i + 1));
    pthread_create(&c, NULL, race_closer, owner);
    for (int i = 0; i < RACE_WRITERS; i++)
        pthread_join(w[i], NULL);
    atomic_store(&race_done, true);
    pthread_join(c, NULL);
    for (int i = 0; i < RACE_PORTS; i++)
        cr_expect(port_close(atomic_load(&race_ports[i])));
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    cr_expect_eq(port_all(&h), NIL);
    heap_destroy(&h);
    /* Every command that returned true reached a driver, and every driver
     * was closed exactly once. */
    cr_expect_eq(atomic_load(&closed_msgs), atomic_load(&race_delivered));
    cr_expect_eq(atomic_load(&closes), atomic_load(&race_opens));
    cr_expect(atomic_load(&race_delivered) > 0);
    free_owner(owner);
}

/* ---- the BIFs, in a running VM ----------------------------------------------------- */

static term_t bif_porttest_open_0(process *p, const term_t *args)
{
    term_t t = port_open(&collector_drv, new_collector(), p);
    return t == THE_NON_VALUE ? BIF_ERROR(p, ATOM_system_limit) : t;
}

static term_t bif_porttest_open_plain_0(process *p, const term_t *args)
{
    return port_open(&plain_drv, new_collector(), p);
}

static term_t bif_porttest_closes_0(process *p, const term_t *args)
{
    return term_small(atomic_load(&closes));
}

static const bif_entry porttest_bifs[] = {
    {"porttest", "open", 0, bif_porttest_open_0, 0},
    {"porttest", "open_plain", 0, bif_porttest_open_plain_0, 0},
    {"porttest", "closes", 0, bif_porttest_closes_0, 0},
};

static const char src_pt[] =
    "-module(pt).\n"
    "-export([t_info/0, t_closed/0, t_badargs/0, t_command/0, t_control/0, t_ports/0,\n"
    "         t_trap_close/0, t_owner_normal/0, t_owner_connect/0, t_owner_crash/0,\n"
    "         t_owner_killed/0, t_fail/0, t_connect/0]).\n"
    "\n"
    "t(F) -> try F() catch C:R -> {C, R} end.\n"
    "wait() -> receive stop -> ok end.\n"
    "down(Pid) -> Ref = monitor(process, Pid), receive {'DOWN', Ref, _, _, _} -> ok end.\n"
    "opener(To) -> To ! {port, porttest:open()}, receive go -> ok; {exit, R} -> exit(R) end.\n"
    "spawn_opener() -> S = self(), Pid = spawn(fun() -> opener(S) end), receive {port, P} -> {Pid, P} end.\n"
    "\n"
    "t_info() ->\n"
    "    P = porttest:open(),\n"
    "    S = self(),\n"
    "    Info = erlang:port_info(P),\n"
    "    {[K || {K, _} <- Info], lists:keyfind(links, 1, Info) =:= {links, [S]},\n"
    "     lists:keyfind(connected, 1, Info) =:= {connected, S},\n"
    "     lists:keyfind(name, 1, Info), erlang:port_info(P, id), lists:keyfind(os_pid, 1, Info),\n"
    "     [erlang:port_info(P, I) || I <- [input, output, os_pid, queue_size, locking,\n"
    "                                      registered_name, parallelism, monitors, monitored_by]],\n"
    "     erlang:port_info(P, links) =:= {links, [S]}, erlang:port_info(P, connected) =:= {connected, S},\n"
    "     element(1, erlang:port_info(P, memory)),\n"
    "     [t(fun() -> erlang:port_info(P, I) end) || I <- [bogus, 1, \"x\"]]}.\n"
    "\n"
    "t_closed() ->\n"
    "    P = porttest:open(),\n"
    "    true = port_close(P),\n"
    "    [erlang:port_info(P), erlang:port_info(P, name), erlang:port_info(P, bogus),\n"
    "     erlang:port_info(P, 1), t(fun() -> port_close(P) end),\n"
    "     t(fun() -> port_command(P, \"x\") end), t(fun() -> port_command(P, \"x\", [force]) end),\n"
    "     t(fun() -> port_command(P, \"x\", [bad]) end), t(fun() -> port_control(P, $f, \"\") end),\n"
    "     t(fun() -> port_control(P, -1, bad) end), t(fun() -> port_connect(P, self()) end),\n"
    "     porttest:closes()].\n"
    "\n"
    "t_badargs() ->\n"
    "    P = porttest:open(),\n"
    "    Ext = binary_to_term(<<131,89,100,0,8,\"a@b.com1\",0,0,0,1,0,0,0,0>>),\n"
    "    [t(fun() -> erlang:port_info(self()) end), erlang:port_info(nosuch),\n"
    "     erlang:port_info(nosuch, bogus), t(fun() -> erlang:port_info(1) end),\n"
    "     t(fun() -> erlang:port_info(1, name) end), t(fun() -> erlang:port_info(self(), name) end),\n"
    "     t(fun() -> erlang:port_info(Ext) end), t(fun() -> erlang:port_info(Ext, name) end),\n"
    "     t(fun() -> port_close(nosuch) end), t(fun() -> port_close(self()) end),\n"
    "     t(fun() -> port_close(Ext) end), t(fun() -> port_command(nosuch, \"x\") end),\n"
    "     t(fun() -> port_command(self(), \"x\") end), t(fun() -> port_command(Ext, \"x\") end),\n"
    "     t(fun() -> port_control(nosuch, 1, \"x\") end), t(fun() -> port_control(self(), $f, \"\") end),\n"
    "     t(fun() -> port_control(Ext, 1, \"\") end), t(fun() -> port_connect(nosuch, self()) end),\n"
    "     t(fun() -> port_connect(self(), self()) end), t(fun() -> port_connect(P, foo) end),\n"
    "     t(fun() -> port_connect(P, P) end), t(fun() -> port_connect(Ext, self()) end),\n"
    "     erlang:port_info(P, connected) =:= {connected, self()}].\n"
    "\n"
    "t_command() ->\n"
    "    P = porttest:open(),\n"
    "    R = [t(fun() -> port_command(P, D) end)\n"
    "         || D <- [<<\"abc\">>, [1, 2, <<\"x\">>], [$a | <<\"b\">>], foo, [256],\n"
    "                  <<1:3>>, [<<1:3>>], [$a | $b], [a], [1 | 2]]],\n"
    "    R3 = [t(fun() -> port_command(P, \"x\", O) end) || O <- [[], [force], [nosuspend], [bad], bad,\n"
    "                                                       [nosuspend | bad], [nosuspend, force]]],\n"
    "    R4 = [t(fun() -> port_command(P, foo, [force]) end), t(fun() -> port_command(P, foo, [bad]) end)],\n"
    "    {R, R3, R4, erlang:port_info(P, output), erlang:port_info(P, input), port_control(P, $m, [])}.\n"
    "\n"
    "t_control() ->\n"
    "    P = porttest:open(),\n"
    "    <<_:3, Unaligned:2/binary, _:5>> = <<0:3, \"xy\", 0:5>>,\n"
    "    F = [t(fun() -> port_control(P, $f, D) end)\n"
    "         || D <- [\"\", <<>>, [<<\"a\">>, \"b\" | <<\"c\">>], <<1:3>>, [<<1:3>>],\n"
    "                  [1 | <<1:3>>], [<<\"ab\">> | <<1:3>>], [256], [-1], \"abc\", [[[]]],\n"
    "                  [<<>> | <<>>], [a], {}, 1.0, [1 | 2], 5]],\n"
    "    Ops = [t(fun() -> port_control(P, Op, \"\") end)\n"
    "           || Op <- [-1, 1 bsl 32, (1 bsl 32) - 1, 1.0, $z]],\n"
    "    E = [port_control(P, $e, D)\n"
    "         || D <- [[<<\"ab\">>, $c | <<\"d\">>], <<1:3>>, [<<\"ab\">> | <<1:3>>],\n"
    "                  Unaligned, [Unaligned, Unaligned]]],\n"
    "    Plain = porttest:open_plain(),\n"
    "    {F, Ops, E, t(fun() -> port_control(Plain, $f, \"\") end)}.\n"
    "\n"
    "t_ports() ->\n"
    "    Before = erlang:ports(),\n"
    "    A = porttest:open(), B = porttest:open(), C = porttest:open(),\n"
    "    port_close(B),\n"
    "    {Before, erlang:ports() =:= [A, C], erlang:port_to_list(A), erlang:port_info(A, id),\n"
    "     erlang:port_info(C, id)}.\n"
    "\n"
    "t_trap_close() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = porttest:open(),\n"
    "    L1 = process_info(self(), links) =:= {links, [P]},\n"
    "    true = port_close(P),\n"
    "    R = receive {'EXIT', P, Why} -> Why after 1000 -> timeout end,\n"
    "    {L1, R, process_info(self(), links), porttest:closes()}.\n"
    "\n"
    "t_owner_normal() ->\n"
    "    {A, P} = spawn_opener(),\n"
    "    C1 = erlang:port_info(P, connected) =:= {connected, A},\n"
    "    A ! go, down(A),\n"
    "    {C1, erlang:port_info(P), porttest:closes()}.\n"
    "\n"
    "t_owner_connect() ->\n"
    "    B = spawn(fun wait/0),\n"
    "    {A, P} = spawn_opener(),\n"
    "    true = port_connect(P, B),\n"
    "    L1 = erlang:port_info(P, links) =:= {links, [A, B]},\n"
    "    A ! go, down(A),\n"
    "    Alive = erlang:port_info(P, links) =:= {links, [B]},\n"
    "    B ! stop, down(B),\n"
    "    {L1, Alive, erlang:port_info(P), porttest:closes()}.\n"
    "\n"
    "t_owner_crash() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    {A, P} = spawn_opener(),\n"
    "    true = port_connect(P, self()),\n"
    "    L = erlang:port_info(P, links) =:= {links, [A, self()]},\n"
    "    A ! {exit, boom}, down(A),\n"
    "    R = receive {'EXIT', P, Why} -> Why after 1000 -> timeout end,\n"
    "    {L, R, erlang:port_info(P), process_info(self(), links)}.\n"
    "\n"
    "t_owner_killed() ->\n"
    "    {A, P} = spawn_opener(),\n"
    "    Ref = monitor(process, A),\n"
    "    exit(A, kill),\n"
    "    receive {'DOWN', Ref, _, _, killed} -> ok end,\n"
    "    {erlang:port_info(P), porttest:closes()}.\n"
    "\n"
    "t_fail() ->\n"
    "    process_flag(trap_exit, true),\n"
    "    P = porttest:open(),\n"
    "    Q = porttest:open(),\n"
    "    R1 = port_command(P, <<\"fail\">>),\n"
    "    E1 = receive {'EXIT', P, W1} -> W1 after 1000 -> timeout end,\n"
    "    R2 = port_command(Q, <<\"fail_silently\">>),\n"
    "    E2 = receive {'EXIT', Q, W2} -> W2 after 1000 -> timeout end,\n"
    "    {R1, E1, R2, E2, erlang:port_info(P), t(fun() -> port_command(P, <<\"ok\">>) end),\n"
    "     process_info(self(), links), porttest:closes()}.\n"
    "\n"
    "t_connect() ->\n"
    "    S = self(),\n"
    "    P = porttest:open(),\n"
    "    Q = spawn(fun wait/0),\n"
    "    R1 = port_connect(P, Q),\n"
    "    L1 = erlang:port_info(P, links) =:= {links, [S, Q]},\n"
    "    C1 = erlang:port_info(P, connected) =:= {connected, Q},\n"
    "    QL = process_info(Q, links) =:= {links, [P]},\n"
    "    R2 = port_connect(P, S),\n"
    "    L2 = erlang:port_info(P, links) =:= {links, [S, Q]},\n"
    "    C2 = erlang:port_info(P, connected) =:= {connected, S},\n"
    "    Dead = spawn(fun() -> ok end), down(Dead),\n"
    "    {R1, L1, C1, QL, R2, L2, C2, t(fun() -> port_connect(P, Dead) end)}.\n";

static void setup_vm(void)
{
    bif_register(porttest_bifs, sizeof porttest_bifs / sizeof porttest_bifs[0]);
    start_vm(1);
    cr_assert(load_text("pt.erl", src_pt), "pt.erl does not compile");
}

static void teardown_vm(void) { stop_vm(); }

TestSuite(port_bif, .init = setup_vm, .fini = teardown_vm);

/* OTP: [{name,"cat"},{links,[Self]},{id,40},{connected,Self},{input,0},
 * {output,0},{os_pid,OsPid}] for the first port, #Port<0.5>. */
Test(port_bif, info)
{
    expect_call("pt", "t_info", "[]",
                "{[name,links,id,connected,input,output,os_pid], true, true, {name,\"collector\"}, {id,40},"
                " {os_pid,undefined},"
                " [{input,0},{output,0},{os_pid,undefined},{queue_size,0},{locking,port_level},[],"
                "  {parallelism,false},{monitors,[]},{monitored_by,[]}],"
                " true, true, memory,"
                " [{error,badarg},{error,badarg},{error,badarg}]}");
}

Test(port_bif, closed)
{
    expect_call("pt", "t_closed", "[]",
                "[undefined, undefined, undefined, undefined, {error,badarg}, {error,badarg}, {error,badarg},"
                " {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg}, 1]");
}

Test(port_bif, badargs)
{
    expect_call("pt", "t_badargs", "[]",
                "[{error,badarg}, undefined, undefined, {error,badarg}, {error,badarg}, {error,badarg},"
                " {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg},"
                " {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg},"
                " {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg},"
                " {error,badarg}, true]");
}

/* OTP counts the bytes of the accepted data as output (3 + 3 + 2 + 1 + 1);
 * the data reaches the driver as the caller gave it (ours: OTP's drivers
 * get the bytes). */
Test(port_bif, command)
{
    expect_call("pt", "t_command", "[]",
                "{[true, true, true, {error,badarg}, {error,badarg}, {error,badarg}, {error,badarg},"
                "  {error,badarg}, {error,badarg}, {error,badarg}],"
                " [true, {error,notsup}, true, {error,badarg}, {error,badarg}, {error,badarg},"
                "  {error,notsup}],"
                " [{error,notsup}, {error,badarg}],"
                " {output,10}, {input,0},"
                " [<<\"abc\">>, [1,2,<<\"x\">>], [97|<<\"b\">>], \"x\", \"x\"]}");
}

/* [0] and the badargs are trace_file_drv's in OTP; the echoes are ours
 * (bits after the last whole byte dropped). */
Test(port_bif, control)
{
    expect_call("pt", "t_control", "[]",
                "{[[0],[0],[0],[0],[0],[0],[0],{error,badarg},{error,badarg},[0],[0],[0],"
                "  {error,badarg},{error,badarg},{error,badarg},{error,badarg},{error,badarg}],"
                " [{error,badarg},{error,badarg},{error,badarg},{error,badarg},{error,badarg}],"
                " [<<\"abcd\">>, <<>>, <<\"ab\">>, <<\"xy\">>, <<\"xyxy\">>],"
                " {error,badarg}}");
}

/* OTP lists its own ports too ([#Port<0.0>,#Port<0.3>,#Port<0.4>] in a
 * fresh node); ids as OTP gives for #Port<0.5> and #Port<0.7>. */
Test(port_bif, ports) { expect_call("pt", "t_ports", "[]", "{[], true, \"#Port<0.5>\", {id,40}, {id,56}}"); }

Test(port_bif, trap_close) { expect_call("pt", "t_trap_close", "[]", "{true, normal, {links,[]}, 1}"); }

Test(port_bif, owner_exits_normally) { expect_call("pt", "t_owner_normal", "[]", "{true, undefined, 1}"); }

/* A normal exit of a linked process that is not the connected one leaves
 * the port open; the connected one's closes it. */
Test(port_bif, owner_exits_after_connect)
{
    expect_call("pt", "t_owner_connect", "[]", "{true, true, undefined, 1}");
}

Test(port_bif, owner_crashes)
{
    expect_call("pt", "t_owner_crash", "[]", "{true, boom, undefined, {links,[]}}");
}

Test(port_bif, owner_killed) { expect_call("pt", "t_owner_killed", "[]", "{undefined, 1}"); }

/* Ours: a driver whose output fails with ENOSPC, and one that fails
 * without an errno; OTP's port_command is true all the same and the port
 * dies with driver_failure_posix's reason. */
Test(port_bif, driver_failure)
{
    expect_call("pt", "t_fail", "[]",
                "{true, enospc, true, einval, undefined, {error,badarg}, {links,[]}, 2}");
}

Test(port_bif, connect)
{
    expect_call("pt", "t_connect", "[]", "{true, true, true, true, true, true, true, {error,badarg}}");
}
