/* test_porttrace.c: tests of dbgcore/tev_port.c with vm/port.c's trace
 * points, without schedulers: the events a traced port reports (to a C
 * tracer module that records them), ports born traced (new_ports), a port
 * whose owner exits, two ports tracing each other, the trace state's
 * lifetime, and commands racing closes and flag changes on several
 * threads. The event shapes are OTP 25's (a dbg:trace_port(file, F) port
 * traced with ports and running_ports; tests/scripts/trace/trace_ports). */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"
#include "dbgcore/engine.h"

/* ---- a tracer module recording events ------------------------------------------- */

#define MAX_EVENTS (1 << 20)
typedef struct event {
    term_t tag, tracee, msg; /* msg: a small or an atom (what port events carry) or a pid */
    int kind;                /* the tracer kind whose callback got it */
} event;
static event events[MAX_EVENTS];
static size_t nevents;
static size_t nall; /* events seen, recorded or not */
static pthread_mutex_t events_lock = PTHREAD_MUTEX_INITIALIZER;

static void record(int kind, term_t tag, term_t tracee, term_t msg)
{
    pthread_mutex_lock(&events_lock);
    if (nevents < MAX_EVENTS)
        events[nevents++] = (event){tag, tracee, term_is_immed(msg) ? msg : NIL, kind};
    nall++;
    pthread_mutex_unlock(&events_lock);
}

static tracer_answer rec_enabled(term_t tag, term_t state, term_t tracee) { return TRACER_TRACE; }
static void rec_trace(term_t tag, term_t state, term_t tracee, term_t msg, term_t opts)
{
    record(-1, tag, tracee, msg);
}
static void rec_ports(term_t tag, term_t state, term_t tracee, term_t msg, term_t opts)
{
    record(TRACER_KIND_PORTS, tag, tracee, msg);
}
static void rec_running_ports(term_t tag, term_t state, term_t tracee, term_t msg, term_t opts)
{
    record(TRACER_KIND_RUNNING_PORTS, tag, tracee, msg);
}

static const tracer_module rec_module = {
    .name = "pt_rec",
    .enabled = rec_enabled,
    .trace = rec_trace,
    .trace_kind = {[TRACER_KIND_PORTS] = rec_ports, [TRACER_KIND_RUNNING_PORTS] = rec_running_ports},
};

/* ---- a test driver: counts what it is sent ---------------------------------------- */

typedef struct counter {
    _Atomic unsigned data, tuples;
} counter;
static _Atomic unsigned closes;

static bool count_output(void *state, term_t msg, size_t *written)
{
    counter *c = state;
    if (term_is_tuple(msg))
        c->tuples++;
    else
        c->data++;
    *written += 1;
    return true;
}

static bool count_control(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply)
{
    if (op != 'f')
        return false;
    *reply = term_cons(h, term_small(0), NIL);
    return true;
}

static void count_close(void *state)
{
    closes++;
    free(state);
}

static const port_driver count_drv = {
    .name = "count_drv", .output = count_output, .control = count_control, .close = count_close,
};

static term_t open_counter(process *owner, counter **out)
{
    counter *c = calloc(1, sizeof *c);
    if (out)
        *out = c;
    return port_open(&count_drv, c, owner);
}

/* ---- harness ------------------------------------------------------------------------ */

static heap_t h;
static term_t rec; /* the tracer {pt_rec, []} */
static process *caller;

/* A process for the API's caller and ports' owners: only its pid and
 * link list are used (signals to it find no process and are dropped). */
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

static void setup(void)
{
    alarm(120); /* a deadlock fails the test */
    atom_table_init();
    proc_table_init(NULL);
    dbgcore_init();
    tracer_module_register(&rec_module);
    heap_init(&h, ALLOC_TEMP);
    term_t flag = term_tuple3(&h, atom_from_cstr("tracer"), atom_from_cstr("pt_rec"), NIL);
    cr_assert_eq(tracer_read(flag, &rec), TRACER_OK);
    caller = new_owner(900);
    nevents = nall = 0;
}

static void teardown(void)
{
    free_owner(caller);
    heap_destroy(&h);
}

/* Whether event i is {Tag, Port, Msg} with Tag and Msg given as text (Msg
 * "0" the integer 0; "self" the pid of `caller`). */
static void expect_event(size_t i, const char *tag, term_t port, const char *msg)
{
    cr_assert_lt(i, nevents, "only %zu events, wanted %s at %zu", nevents, tag, i);
    term_t want = !strcmp(msg, "0")      ? term_small(0)
                  : !strcmp(msg, "self") ? caller->pid
                                         : atom_from_cstr(msg);
    cr_expect_eq(events[i].tag, atom_from_cstr(tag), "event %zu: tag %s?", i, tag);
    cr_expect_eq(events[i].tracee, port, "event %zu: tracee", i);
    cr_expect_eq(events[i].msg, want, "event %zu (%s): %s?", i, tag, msg);
    bool running = !strcmp(tag, "in") || !strcmp(tag, "out");
    cr_expect_eq(events[i].kind, running ? TRACER_KIND_RUNNING_PORTS : TRACER_KIND_PORTS, "event %zu: kind",
                 i);
}

/* The port's trace state as port_trace_with shows it. */
typedef struct seen {
    void *trace;
    uint32_t flags;
} seen;
static void look(void **trace, uint32_t *flags, void *arg)
{
    seen *s = arg;
    s->trace = *trace;
    s->flags = *flags;
}

TestSuite(porttrace, .init = setup, .fini = teardown);

/* ---- tests ------------------------------------------------------------------------------ */

Test(porttrace, events_of_a_traced_port)
{
    term_t port = open_counter(NULL, NULL);
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_PORTS | TF_RUNNING_PORTS, rec), 1);
    seen s;
    cr_assert(port_trace_with(port, look, &s));
    cr_expect_eq(s.flags, TF_PORTS | TF_RUNNING_PORTS);
    cr_assert(port_command(port, bin_new(&h, (const uint8_t *)"abc", 3)));
    term_t reply;
    cr_assert(port_control(port, 'f', NULL, 0, &h, &reply));
    cr_assert(!port_control(port, 'z', NULL, 0, &h, &reply)); /* refused: in/out all the same */
    port_view v;
    cr_assert(port_view_of(port, &h, &v));
    cr_assert(port_close(port));
    const char *want[][2] = {{"in", "command"}, {"out", "command"},  {"in", "control"}, {"out", "control"},
                             {"in", "control"}, {"out", "control"},  {"in", "info"},    {"out", "info"},
                             {"in", "close"},   {"closed", "normal"}};
    size_t n = sizeof want / sizeof want[0];
    for (size_t i = 0; i < n; i++)
        expect_event(i, want[i][0], port, want[i][1]);
    cr_expect_eq(nevents, n);
    cr_expect(!port_trace_with(port, look, &s));
}

Test(porttrace, only_the_flags_set)
{
    term_t port = open_counter(NULL, NULL);
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_PORTS | TF_CALL, rec), 1);
    seen s;
    cr_assert(port_trace_with(port, look, &s));
    cr_expect_eq(s.flags, TF_PORTS | TF_CALL); /* a port keeps every flag given */
    cr_assert(port_command(port, term_cons(&h, term_small(1), NIL)));
    cr_expect_eq(nevents, 0); /* no running_ports */
    cr_assert_eq(tev_port_trace(caller, 0, port, false, TF_PORTS | TF_CALL, THE_NON_VALUE), 1);
    cr_assert(port_trace_with(port, look, &s));
    cr_expect_null(s.trace, "no entry left: the state is freed");
    cr_expect_eq(s.flags, 0);
    cr_assert(port_close(port));
    cr_expect_eq(nevents, 0);
}

/* Event i is `tag` (an atom's text) to the tracer module's send or
 * receive kind (its generic trace: the rec module has no kind callback
 * for them). */
static void expect_tag(size_t i, const char *tag)
{
    cr_assert_lt(i, nevents, "only %zu events, wanted %s at %zu", nevents, tag, i);
    cr_expect_eq(events[i].tag, atom_from_cstr(tag), "event %zu: tag %s?", i, tag);
    cr_expect_eq(events[i].kind, -1, "event %zu: kind", i);
}

/* send and 'receive' of a port (OTP 25's, tests/scripts/trace/
 * trace_port_msgs.erl has the messages): a process's command, control,
 * connect and close are received, a control's answer and a connect are
 * sent; the runtime's own calls (no caller) report nothing but a trace
 * message, which comes from no process; port_info reports neither. */
Test(porttrace, send_and_receive)
{
    term_t port = open_counter(NULL, NULL);
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_SEND | TF_RECEIVE, rec), 1);
    term_t reply;
    cr_assert(port_command_from(port, caller->pid, bin_new(&h, (const uint8_t *)"abc", 3)));
    cr_assert(port_control_from(port, caller->pid, 'f', NULL, 0, &h, &reply));
    cr_assert(!port_control_from(port, caller->pid, 'z', NULL, 0, &h, &reply)); /* refused: received only */
    port_view v;
    cr_assert(port_view_of(port, &h, &v));
    cr_assert(port_command(port, bin_new(&h, (const uint8_t *)"abc", 3)));
    cr_assert(port_control(port, 'f', NULL, 0, &h, &reply));
    cr_assert(port_command(port, term_tuple2(&h, atom_from_cstr("trace"), term_small(1))));
    cr_assert(port_close_from(port, caller->pid));
    const char *want[] = {"receive", "receive", "send", "receive", "receive", "receive"};
    size_t n = sizeof want / sizeof want[0];
    for (size_t i = 0; i < n; i++)
        expect_tag(i, want[i]);
    cr_expect_eq(nevents, n);
}

Test(porttrace, badargs)
{
    term_t port = open_counter(NULL, NULL);
    cr_expect_eq(tev_port_trace(caller, 0, port, true, TF_PORTS | TF_CPU_TIMESTAMP, rec), -1);
    cr_expect_eq(tev_port_trace(caller, 0, term_local_port(1000000), true, TF_PORTS, rec), -1);
    /* traced by another tracer: badarg when turning on, even without one */
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_PORTS, rec), 1);
    cr_expect_eq(tev_port_trace(caller, 0, port, true, TF_RUNNING_PORTS, THE_NON_VALUE), -1);
    cr_expect_eq(tev_port_trace(caller, 0, port, true, TF_RUNNING_PORTS, caller->pid), -1);
    cr_expect_eq(tev_port_trace(caller, 0, port, false, TF_PORTS, THE_NON_VALUE), 1);
    /* cpu_timestamp: badarg but for all */
    cr_expect_eq(tev_port_trace(caller, 0, EA.existing_ports, true, TF_PORTS | TF_CPU_TIMESTAMP, rec), -1);
    cr_expect_eq(tev_port_trace(caller, 0, EA.new_ports, true, TF_PORTS | TF_CPU_TIMESTAMP, rec), -1);
    cr_expect_eq(tev_port_trace(caller, 0, ATOM_all, true, TF_PORTS | TF_CPU_TIMESTAMP, rec), 1);
    cr_expect_eq(tev_port_trace(caller, 0, ATOM_all, false, TF_PORTS, rec), 1);
    /* no port concerned */
    cr_expect_eq(tev_port_trace(caller, 0, caller->pid, true, TF_PORTS, rec), 0);
    cr_expect_eq(tev_port_trace(caller, 0, EA.processes, true, TF_PORTS, rec), 0);
    cr_assert(port_close(port));
}

Test(porttrace, existing_ports_need_a_port_flag)
{
    term_t a = open_counter(NULL, NULL), b = open_counter(NULL, NULL);
    cr_expect_eq(tev_port_trace(caller, 0, EA.existing_ports, true, TF_PROCS | TF_CALL, rec), 0);
    cr_expect_eq(tev_port_trace(caller, 0, EA.existing, true, TF_SEND | TF_PROCS, rec), 2);
    seen s;
    cr_assert(port_trace_with(b, look, &s));
    cr_expect_eq(s.flags, TF_SEND | TF_PROCS);
    cr_expect_eq(tev_port_trace(caller, 0, EA.ports, false, TF_SEND | TF_PROCS, THE_NON_VALUE), 2);
    cr_assert(port_trace_with(b, look, &s));
    cr_expect_eq(s.flags, 0);
    port_close(a);
    port_close(b);
}

Test(porttrace, born_traced)
{
    process *owner = new_owner(901);
    cr_expect_eq(tev_port_trace(caller, 0, EA.new_ports, true, TF_PORTS | TF_RUNNING_PORTS | TF_CALL, rec),
                 0);
    cr_expect_eq(atomic_load(&port_new_trace_flags), TF_PORTS | TF_RUNNING_PORTS);
    term_t runtime = open_counter(NULL, NULL); /* the runtime's own ports are not */
    term_t port = open_counter(owner, NULL);
    seen s;
    cr_assert(port_trace_with(port, look, &s));
    cr_expect_eq(s.flags, TF_PORTS | TF_RUNNING_PORTS);
    cr_assert(port_trace_with(runtime, look, &s));
    cr_expect_eq(s.flags, 0);
    /* {trace, Port, open, Owner, count_drv}: the module gets Owner as msg */
    cr_assert_geq(nevents, 4);
    cr_expect_eq(events[0].tag, atom_from_cstr("open"));
    cr_expect_eq(events[0].msg, owner->pid);
    expect_event(1, "in", port, "open");
    expect_event(2, "out", port, "open");
    cr_expect_eq(events[3].tag, EA.getting_linked);
    cr_expect_eq(events[3].msg, owner->pid);
    /* its owner exits: an exit signal (in 0), then closed with the reason */
    port_owner_exited(owner, atom_from_cstr("boom"));
    expect_event(4, "in", port, "0");
    expect_event(5, "closed", port, "boom");
    cr_expect_eq(nevents, 6);
    /* turning off without a tracer leaves no settings (OTP 25) */
    cr_expect_eq(tev_port_trace(caller, 0, EA.new_ports, false, TF_RUNNING_PORTS, THE_NON_VALUE), 0);
    cr_expect_eq(atomic_load(&port_new_trace_flags), 0);
    port_close(runtime);
    free_owner(owner);
}

Test(porttrace, linked_process_exits_normally)
{
    process *owner = new_owner(902), *other = new_owner(903);
    term_t port = open_counter(owner, NULL);
    /* other is linked without being connected: as port_connect would,
     * then back (the link stays) */
    proc_add_link(other, LINK, port, NIL, NULL);
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_PORTS | TF_RUNNING_PORTS, rec), 1);
    port_owner_exited(other, ATOM_normal);
    expect_event(0, "in", port, "0");
    expect_event(1, "out", port, "0");
    cr_expect_eq(nevents, 2); /* no getting_unlinked (OTP 25) */
    cr_expect(port_alive(port));
    port_owner_exited(owner, ATOM_normal); /* the connected one: closes */
    expect_event(2, "in", port, "0");
    expect_event(3, "closed", port, "normal");
    free_owner(owner);
    free_owner(other);
}

Test(porttrace, ports_tracing_each_other)
{
    counter *ca, *cb;
    term_t a = open_counter(NULL, &ca), b = open_counter(NULL, &cb);
    cr_assert_eq(tev_port_trace(caller, 0, a, true, TF_RUNNING_PORTS, b), 1);
    cr_assert_eq(tev_port_trace(caller, 0, b, true, TF_RUNNING_PORTS, a), 1);
    cr_assert(port_command(a, term_cons(&h, term_small(1), NIL)));
    /* a's in and out went to b; b's own in and out for them are dropped,
     * or they would come back to a, and so on */
    cr_expect_eq(ca->data, 1);
    cr_expect_eq(ca->tuples, 0);
    cr_expect_eq(cb->tuples, 2);
    cr_assert(port_command(b, term_cons(&h, term_small(1), NIL)));
    cr_expect_eq(ca->tuples, 2);
    cr_expect_eq(cb->tuples, 2);
    /* a port tracing itself gets none of its own events */
    cr_assert_eq(tev_port_trace(caller, 0, a, false, TF_RUNNING_PORTS, THE_NON_VALUE), 1);
    cr_assert_eq(tev_port_trace(caller, 0, a, true, TF_RUNNING_PORTS, a), 1);
    cr_assert(port_command(a, term_cons(&h, term_small(1), NIL)));
    cr_expect_eq(ca->tuples, 2);
    port_close(a);
    port_close(b);
}

Test(porttrace, tracer_gone_clears_the_flags)
{
    term_t tracer = open_counter(NULL, NULL), port = open_counter(NULL, NULL);
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_RUNNING_PORTS, tracer), 1);
    cr_assert(port_close(tracer));
    cr_assert(port_command(port, term_cons(&h, term_small(1), NIL)));
    seen s;
    cr_assert(port_trace_with(port, look, &s));
    cr_expect_eq(s.flags, 0);
    cr_expect_null(s.trace);
    /* a tracer that is gone is refused at once: the port stays untraced */
    cr_assert_eq(tev_port_trace(caller, 0, port, true, TF_RUNNING_PORTS, tracer), 1);
    cr_assert(port_trace_with(port, look, &s));
    cr_expect_eq(s.flags, 0);
    port_close(port);
}

/* ---- races ------------------------------------------------------------------------------- */

#define RACE_PORTS 8
static _Atomic term_t race_ports[RACE_PORTS];
static _Atomic bool race_stop;

static void *race_writer(void *arg)
{
    unsigned seed = (unsigned)(uintptr_t)arg;
    heap_t wh;
    heap_init(&wh, ALLOC_TEMP);
    term_t data = term_cons(&wh, term_small(7), NIL);
    /* bounded: at most 4 events a command, MAX_EVENTS in all */
    for (int n = 0; n < 40000 && !atomic_load(&race_stop); n++) {
        seed = seed * 1103515245u + 12345u;
        term_t p = atomic_load(&race_ports[(seed >> 8) % RACE_PORTS]);
        port_command(p, data);
        if ((seed >> 4) % 16 == 0) {
            term_t reply;
            port_control(p, 'f', NULL, 0, &wh, &reply);
            heap_reset(&wh);
            data = term_cons(&wh, term_small(7), NIL);
        }
    }
    heap_destroy(&wh);
    return NULL;
}

/* Sets and clears flags on the ports (the engine's side of the lock). */
static void *race_tracer(void *arg)
{
    unsigned seed = 99;
    while (!atomic_load(&race_stop)) {
        seed = seed * 1103515245u + 12345u;
        term_t p = atomic_load(&race_ports[(seed >> 8) % RACE_PORTS]);
        bool on = (seed >> 4) & 1;
        tev_port_trace(caller, 0, p, on, TF_RUNNING_PORTS | TF_PORTS, on ? rec : THE_NON_VALUE);
    }
    return NULL;
}

Test(porttrace, commands_race_closes_and_flag_changes)
{
    for (int i = 0; i < RACE_PORTS; i++)
        atomic_store(&race_ports[i], open_counter(NULL, NULL));
    pthread_t w[3], t;
    for (uintptr_t i = 0; i < 3; i++)
        pthread_create(&w[i], NULL, race_writer, (void *)(i + 1));
    pthread_create(&t, NULL, race_tracer, NULL);
    for (int round = 0; round < 2000; round++) {
        int i = round % RACE_PORTS;
        term_t old = atomic_load(&race_ports[i]);
        term_t port = open_counter(NULL, NULL);
        tev_port_trace(caller, 0, port, true, TF_RUNNING_PORTS | TF_PORTS, rec);
        atomic_store(&race_ports[i], port);
        port_close(old);
    }
    atomic_store(&race_stop, true);
    for (int i = 0; i < 3; i++)
        pthread_join(w[i], NULL);
    pthread_join(t, NULL);
    for (int i = 0; i < RACE_PORTS; i++)
        port_close(atomic_load(&race_ports[i]));
    /* every port closed once; each port's events are whole operations
     * ((in X, out X)*, then in close, closed), none after its closed */
    cr_expect_eq(atomic_load(&closes), 2000 + RACE_PORTS);
    cr_assert_lt(nall, MAX_EVENTS, "recorded %zu of %zu events", nevents, nall);
    enum { N = 2000 + RACE_PORTS };
    static term_t pending[N];
    static bool closed[N];
    size_t checked = 0;
    for (size_t i = 0; i < nevents; i++) {
        uint64_t k = port_number(events[i].tracee) - PORT_FIRST_NUMBER;
        cr_assert_lt(k, N);
        unsigned long long num = (unsigned long long)port_number(events[i].tracee);
        cr_assert(!closed[k], "an event of #Port<0.%llu> after its closed", num);
        if (events[i].tag == EA.in) {
            cr_assert(!pending[k], "#Port<0.%llu>: in twice", num);
            pending[k] = events[i].msg;
        } else if (events[i].tag == EA.out) {
            cr_assert_eq(pending[k], events[i].msg, "#Port<0.%llu>: out without its in", num);
            pending[k] = 0;
        } else {
            cr_assert_eq(events[i].tag, atom_from_cstr("closed"));
            cr_assert_eq(pending[k], atom_from_cstr("close"), "#Port<0.%llu>: closed without in close", num);
            closed[k] = true;
            checked++;
        }
    }
    cr_expect_gt(checked, 0);
}
