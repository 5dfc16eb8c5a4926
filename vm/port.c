/* port.c: the port table and the life of a port: open, command, control,
 * connect, close, and what happens when a linked process exits. Lookups
 * take no global lock: a port's number picks its table slot, and port
 * structs are type-stable (recycled, never freed while the VM runs), so a
 * reader that loaded a stale pointer still reads a valid struct and sees
 * by its number that the port it wanted is gone. The protocol and why it
 * is correct: docs/internals/ports.md. */
#include "port.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "spinlock.h"
#include "trace.h"

/* Memory of this module, accounted as one type until alloc_types.def has
 * a PORT type of its own. */
#define PORT_ALLOC ALLOC_PORT
#define PORT_TABLE_ALLOC ALLOC_PROC_TABLE

typedef struct port port;

/* One port; type-stable: once allocated, a struct stays a port struct (on
 * the free list when unused) for the rest of the run. */
struct port {
    spinlock lock; /* serializes every driver call; guards the fields below */
    /* N of #Port<0.N> while the port is open; 0 while the struct is free or
     * once the port began closing. Written under `lock`; read without it
     * by port_alive and the fast reject of a lookup. */
    _Atomic uint64_t number;
    const port_driver *drv;
    void *state;
    term_t connected;
    term_t *links; /* linked pids, in the order linked */
    uint32_t nlinks, links_cap;
    uint64_t output; /* bytes the driver reported writing */
    /* The trace engine's state (port_trace_with) and the TF_* bits the
     * trace points test; both NULL/0 while the port is untraced. */
    void *trace;
    uint32_t trace_flags;
    port *next_free; /* on the free list (under table_lock) */
};

typedef _Atomic(port *) port_slot;

/* The table: PORT_TABLE_SIZE slots, slot number % PORT_TABLE_SIZE holding
 * the open port of that number. Allocated on the first open, never freed.
 * Slots are written under table_lock (a port enters at open, leaves when
 * it has closed) and read with acquire loads by anyone. */
static _Atomic(port_slot *) table;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_number = PORT_FIRST_NUMBER; /* under table_lock */
static uint32_t nopen;                           /* slots in use; under table_lock */
static port *free_ports;                         /* closed structs to reuse; under table_lock */

_Atomic uint32_t port_new_trace_flags;

/* ---- lookup -------------------------------------------------------------- */

/* The struct that holds (or held) port t, with its number in *n; NULL when
 * t is not a local port or its slot holds no port of that number. Without
 * the port's lock the answer may be stale at once. */
static port *find_port(term_t t, uint64_t *n)
{
    if (!term_is_local_port(t))
        return NULL;
    uint64_t num = port_number(t);
    port_slot *tab = atomic_load_explicit(&table, memory_order_acquire);
    if (!tab || num == 0)
        return NULL;
    port *s = atomic_load_explicit(&tab[num % PORT_TABLE_SIZE], memory_order_acquire);
    if (!s || atomic_load_explicit(&s->number, memory_order_acquire) != num)
        return NULL;
    *n = num;
    return s;
}

/* The open port t, locked; NULL (nothing locked) when it is not open. */
static port *lock_port(term_t t, uint64_t *n)
{
    port *s = find_port(t, n);
    if (!s)
        return NULL;
    spinlock_lock(&s->lock);
    /* Closed, or closed and reused for another port, since find_port. */
    if (atomic_load_explicit(&s->number, memory_order_relaxed) != *n) {
        spinlock_unlock(&s->lock);
        return NULL;
    }
    return s;
}

/* ---- links (under the port's lock) ---------------------------------------- */

static bool has_link(const port *s, term_t pid)
{
    for (uint32_t i = 0; i < s->nlinks; i++)
        if (s->links[i] == pid)
            return true;
    return false;
}

static void add_link(port *s, term_t pid)
{
    if (has_link(s, pid))
        return;
    if (s->nlinks == s->links_cap) {
        uint32_t cap = s->links_cap ? s->links_cap * 2 : 2;
        s->links =
            alloc_resize(PORT_ALLOC, s->links, s->links_cap * sizeof *s->links, cap * sizeof *s->links);
        s->links_cap = cap;
    }
    s->links[s->nlinks++] = pid;
}

static void remove_link(port *s, term_t pid)
{
    for (uint32_t i = 0; i < s->nlinks; i++)
        if (s->links[i] == pid) {
            memmove(&s->links[i], &s->links[i + 1], (s->nlinks - i - 1) * sizeof *s->links);
            s->nlinks--;
            return;
        }
}

/* ---- trace points (no port locked) -------------------------------------------- */

/* The facts of an operation `op` asked by `caller`, for its events. */
static trace_port_run run_of(trace_port_op op, term_t caller)
{
    return (trace_port_run){
        .op = op, .caller = caller, .linked = NIL, .data = THE_NON_VALUE, .reply = THE_NON_VALUE};
}

/* The facts of a port_command of msg: data is a command; a trace message
 * (a tuple) is OTP's nameless task. */
static trace_port_run command_run(term_t caller, term_t msg, bool iovec)
{
    trace_port_run run = run_of(term_is_tuple(msg) ? TRACE_PORT_SIGNAL : TRACE_PORT_COMMAND, caller);
    run.data = msg;
    run.iovec = iovec;
    return run;
}

/* A port's trace points: the port ran run->op; `tf` its trace flags
 * under the lock, `want` the flags whose events the operation has. */
static void trace_ran(term_t t, uint32_t tf, uint32_t want, const trace_port_run *run)
{
    if (tf & want)
        trace_hooks.port_ran(t, run);
}

/* The driver's name as an atom (latin1, cut at 255 characters) for the
 * open event: 'trace_file_drv n /tmp/f' as OTP names the port. */
static term_t driver_atom(const port_driver *drv)
{
    const char *name = drv->name ? drv->name : "";
    size_t len = strlen(name);
    term_t a;
    if (atom_intern_latin1(name, len > 255 ? 255 : len, &a) != ATOM_OK)
        return ATOM_undefined;
    return a;
}

/* ---- opening and closing ----------------------------------------------------- */

/* The table, allocated on first use. Under table_lock. */
static port_slot *ensure_table(void)
{
    port_slot *tab = atomic_load_explicit(&table, memory_order_relaxed);
    if (!tab) {
        tab = alloc_zeroed(PORT_TABLE_ALLOC, PORT_TABLE_SIZE * sizeof *tab);
        atomic_store_explicit(&table, tab, memory_order_release);
    }
    return tab;
}

/* A struct for a new port: a recycled one or a fresh one. Under table_lock. */
static port *take_struct(void)
{
    port *s = free_ports;
    if (s) {
        free_ports = s->next_free;
        s->next_free = NULL;
        return s;
    }
    s = alloc_zeroed(PORT_ALLOC, sizeof *s);
    spinlock_init(&s->lock);
    return s;
}

term_t port_open(const port_driver *drv, void *state, process *owner)
{
    /* the driver struct may die with the port: its name is read now */
    bool announce = owner && atomic_load_explicit(&port_new_trace_flags, memory_order_relaxed);
    term_t driver = announce ? driver_atom(drv) : NIL;
    pthread_mutex_lock(&table_lock);
    port_slot *tab = ensure_table();
    if (nopen == PORT_TABLE_SIZE) {
        pthread_mutex_unlock(&table_lock);
        drv->close(state);
        return THE_NON_VALUE;
    }
    /* The next number whose slot is free; a free slot exists, so at most
     * PORT_TABLE_SIZE steps. */
    uint64_t n = next_number;
    while (atomic_load_explicit(&tab[n % PORT_TABLE_SIZE], memory_order_relaxed))
        n++;
    next_number = n + 1;
    nopen++;
    port *s = take_struct();
    term_t t = term_local_port(n);
    /* The owner's side of the link first: once the port is in the table,
     * another thread may close it and send the owner its exit signal,
     * which must find the link to remove. */
    if (owner)
        proc_add_link(owner, LINK, t, NIL, NULL);
    /* A stale reader of an earlier port in this struct may hold the lock
     * for a moment; it sees the new number only once everything is set. */
    spinlock_lock(&s->lock);
    s->drv = drv;
    s->state = state;
    s->connected = owner ? owner->pid : ATOM_undefined;
    s->output = 0;
    s->trace = NULL;
    s->trace_flags = 0;
    if (owner)
        add_link(s, owner->pid);
    atomic_store_explicit(&s->number, n, memory_order_release);
    spinlock_unlock(&s->lock);
    atomic_store_explicit(&tab[n % PORT_TABLE_SIZE], s, memory_order_release);
    pthread_mutex_unlock(&table_lock);
    if (announce)
        trace_hooks.port_open(t, owner, driver);
    return t;
}

/* The exit reason of a port whose output failed with errno `code`: the
 * code's POSIX name in lower case (ENOSPC -> enospc), as OTP's
 * driver_failure_posix; einval when there is no code. */
static term_t failure_reason(int code)
{
    const char *name = code ? strerrorname_np(code) : NULL;
    if (!name)
        return atom_from_cstr("einval");
    char low[32];
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[i] = 0;
    return atom_from_cstr(low);
}

/* Closes the locked open port s (number n) with `reason`, and unlocks it:
 * the number goes first (port_alive and new lookups fail from here on),
 * then the driver's close, then the slot (under table_lock, so the number
 * can no longer be found and the struct joins the free list), then the
 * trace events of the close (in for run->op, 'receive', closed) when the
 * port was traced, and last the exit signals to the linked processes. */
static void close_locked(port *s, uint64_t n, term_t reason, trace_port_run *run)
{
    run->iovec = s->drv->iovec;
    void *trace = s->trace;
    s->trace = NULL;
    s->trace_flags = 0;
    atomic_store_explicit(&s->number, 0, memory_order_release);
    s->drv->close(s->state);
    s->drv = NULL;
    s->state = NULL;
    term_t *links = s->links;
    uint32_t nlinks = s->nlinks, cap = s->links_cap;
    s->links = NULL;
    s->nlinks = s->links_cap = 0;
    s->connected = NIL;
    spinlock_unlock(&s->lock);

    pthread_mutex_lock(&table_lock);
    port_slot *tab = atomic_load_explicit(&table, memory_order_relaxed);
    atomic_store_explicit(&tab[n % PORT_TABLE_SIZE], NULL, memory_order_release);
    nopen--;
    s->next_free = free_ports;
    free_ports = s;
    pthread_mutex_unlock(&table_lock);

    term_t self = term_local_port(n);
    if (trace)
        trace_hooks.port_closed(self, trace, run, reason);

    /* through a link: the receiver drops its link to the port, and traps
     * the signal or dies of it */
    for (uint32_t i = 0; i < nlinks; i++)
        proc_exit_signal(links[i], self, reason, true);
    if (links)
        alloc_free(PORT_ALLOC, links, cap * sizeof *links);
}

bool port_close(term_t t) { return port_close_from(t, NIL); }

bool port_close_from(term_t t, term_t caller)
{
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    trace_port_run run = run_of(TRACE_PORT_CLOSE, caller);
    close_locked(s, n, ATOM_normal, &run);
    return true;
}

void port_owner_exited(process *p, term_t reason)
{
    for (proc_link *l = p->links; l; l = l->next) {
        if (l->kind != LINK || !term_is_local_port(l->other))
            continue;
        uint64_t n;
        port *s = lock_port(l->other, &n);
        if (!s)
            continue; /* closed meanwhile: its exit signal died with p */
        /* the exit signal: OTP's port runs a task with no name (in 0),
         * and drops the link without a getting_unlinked event */
        remove_link(s, p->pid);
        trace_port_run run = run_of(TRACE_PORT_SIGNAL, p->pid);
        if (s->connected == p->pid || reason != ATOM_normal) {
            close_locked(s, n, reason, &run);
            continue;
        }
        uint32_t tf = s->trace_flags;
        run.iovec = s->drv->iovec;
        spinlock_unlock(&s->lock);
        trace_ran(l->other, tf, TF_RUNNING_PORTS | TF_RECEIVE, &run);
    }
}

/* ---- using a port ------------------------------------------------------------ */

bool port_command(term_t t, term_t msg) { return port_command_from(t, NIL, msg); }

bool port_command_from(term_t t, term_t caller, term_t msg)
{
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    size_t written = 0;
    errno = 0;
    bool ok = s->drv->output(s->state, msg, &written);
    s->output += written;
    if (ok) {
        /* every event to a trace port comes this way: the facts for the
         * port's own events are made only when it has some */
        uint32_t tf = s->trace_flags;
        bool iovec = s->drv->iovec;
        spinlock_unlock(&s->lock);
        if (tf & (TF_RUNNING_PORTS | TF_RECEIVE)) {
            trace_port_run run = command_run(caller, msg, iovec);
            trace_hooks.port_ran(t, &run);
        }
        return true;
    }
    int code = errno;
    trace_port_run run = command_run(caller, msg, s->drv->iovec);
    close_locked(s, n, failure_reason(code), &run);
    return false;
}

bool port_alive(term_t t)
{
    uint64_t n;
    return find_port(t, &n) != NULL;
}

bool port_control(term_t t, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply)
{
    return port_control_from(t, NIL, op, data, len, h, reply);
}

bool port_control_from(term_t t, term_t caller, unsigned op, const uint8_t *data, size_t len, heap_t *h,
                       term_t *reply)
{
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    bool ok = s->drv->control && s->drv->control(s->state, op, data, len, h, reply);
    uint32_t tf = s->trace_flags;
    spinlock_unlock(&s->lock);
    trace_port_run run = run_of(TRACE_PORT_CONTROL, caller);
    run.ctl_op = op;
    run.ctl_bytes = data;
    run.ctl_len = len;
    run.reply = ok ? *reply : THE_NON_VALUE;
    /* a refused control ran all the same */
    trace_ran(t, tf, TF_RUNNING_PORTS | TF_RECEIVE | TF_SEND, &run);
    return ok;
}

void port_flush_all(void)
{
    port_slot *tab = atomic_load_explicit(&table, memory_order_acquire);
    if (!tab)
        return;
    for (uint32_t i = 0; i < PORT_TABLE_SIZE; i++) {
        port *s = atomic_load_explicit(&tab[i], memory_order_acquire);
        if (!s)
            continue;
        spinlock_lock(&s->lock);
        /* open (number set) and still in this slot: not closed meanwhile */
        uint64_t n = atomic_load_explicit(&s->number, memory_order_relaxed);
        if (n && n % PORT_TABLE_SIZE == i && s->drv->flush)
            s->drv->flush(s->state);
        spinlock_unlock(&s->lock);
    }
}

bool port_with_lock(term_t t, void (*fn)(void *state, void *arg), void *arg)
{
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    fn(s->state, arg);
    spinlock_unlock(&s->lock);
    return true;
}

bool port_connect(term_t t, term_t pid) { return port_connect_from(t, NIL, pid); }

bool port_connect_from(term_t t, term_t caller, term_t pid)
{
    if (!term_is_local_pid(pid))
        return false;
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    bool ok, linked = false;
    if (has_link(s, pid)) {
        process *q = proc_lookup(pid);
        ok = q && !(atomic_load_explicit(&q->state, memory_order_relaxed) & PS_EXITING);
    } else {
        /* Under the port's lock, so that an exit of pid racing with this
         * finds the link on both sides (port_owner_exited waits for the
         * lock), or the signal fails because pid is already exiting. */
        ok = linked = proc_signal(pid, SIG_LINK, t, NIL, NULL, NIL);
        if (ok)
            add_link(s, pid);
    }
    if (ok)
        s->connected = pid;
    uint32_t tf = s->trace_flags;
    spinlock_unlock(&s->lock);
    /* a dead pid is badarg before the port sees anything (OTP) */
    if (ok) {
        trace_port_run run = run_of(TRACE_PORT_CONNECT, caller);
        run.linked = linked ? pid : NIL;
        run.data = pid;
        trace_ran(t, tf, TF_RUNNING_PORTS | TF_RECEIVE | TF_SEND | (linked ? TF_PORTS : 0), &run);
    }
    return ok;
}

bool port_view_of(term_t t, heap_t *h, port_view *out)
{
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    const char *name = s->drv->name ? s->drv->name : "";
    out->name = term_string(h, name, strlen(name));
    out->links = term_list_from(h, s->links, s->nlinks, NIL);
    out->connected = s->connected;
    out->number = n;
    out->input = 0;
    out->output = s->output;
    out->memory = sizeof *s + s->links_cap * sizeof *s->links;
    uint32_t tf = s->trace_flags;
    spinlock_unlock(&s->lock);
    trace_port_run run = run_of(TRACE_PORT_INFO, NIL);
    trace_ran(t, tf, TF_RUNNING_PORTS, &run); /* every port_info call is an info task in OTP */
    return true;
}

bool port_trace_with(term_t t, port_trace_fn *fn, void *arg)
{
    uint64_t n;
    port *s = lock_port(t, &n);
    if (!s)
        return false;
    fn(&s->trace, &s->trace_flags, arg);
    spinlock_unlock(&s->lock);
    return true;
}

static int compare_numbers(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

size_t port_count(void)
{
    pthread_mutex_lock(&table_lock);
    size_t n = nopen;
    pthread_mutex_unlock(&table_lock);
    return n;
}

term_t port_all(heap_t *h)
{
    pthread_mutex_lock(&table_lock);
    port_slot *tab = atomic_load_explicit(&table, memory_order_relaxed);
    uint64_t *nums = NULL;
    size_t n = 0, cap = nopen;
    if (tab && cap) {
        nums = alloc_new(ALLOC_TEMP, cap * sizeof *nums);
        for (size_t i = 0; i < PORT_TABLE_SIZE && n < cap; i++) {
            port *s = atomic_load_explicit(&tab[i], memory_order_relaxed);
            uint64_t num = s ? atomic_load_explicit(&s->number, memory_order_relaxed) : 0;
            if (num) /* 0: closing, not listed any more */
                nums[n++] = num;
        }
    }
    pthread_mutex_unlock(&table_lock);
    if (n > 1)
        qsort(nums, n, sizeof *nums, compare_numbers);
    term_t list = NIL;
    for (size_t i = n; i-- > 0;)
        list = term_cons(h, term_local_port(nums[i]), list);
    if (nums)
        alloc_free(ALLOC_TEMP, nums, cap * sizeof *nums);
    return list;
}
