/* vmrun.h: the harness of the VM runtime tests (interp, proc, sched, code):
 * boots the VM's pieces as vm_start does, but with an exit hook that keeps
 * every process's end (reason, result, reductions) for the test; compiles
 * modules from source text; spawns calls and waits for them to end; shows
 * terms in failure messages. One test at a time per OS process (Criterion
 * forks each test), so the state below is per test. */
#ifndef TESTS_LIB_VMRUN_H
#define TESTS_LIB_VMRUN_H

#include <criterion/criterion.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/lib/clock.h"
#include "vm/code.h"
#include "vm/compile.h"
#include "vm/copy.h"
#include "vm/epp.h"
#include "vm/lint.h"
#include "vm/proc.h"
#include "vm/sched.h"
#include "vm/vm.h"

/* How a process ended, its terms copied to the harness's heap. */
typedef struct proc_end {
    term_t pid;
    term_t reason;  /* exit reason */
    term_t result;  /* what the initial call returned (NIL when it did not) */
    proc_class cls; /* the class of the exception that ended it, if one did */
    uint64_t reds;  /* reductions it ran */
    int sched;      /* the scheduler it ended on */
} proc_end;

#define VMRUN_MAX_ENDS 4096

static struct vmrun {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    heap_t heap; /* ends' terms; appended to under lock */
    proc_end ends[VMRUN_MAX_ENDS];
    size_t nends;
    bool started;
} vr = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};

/* The exit hook: runs on the scheduler thread of the process that ends. */
static inline void keep_end(process *p)
{
    pthread_mutex_lock(&vr.lock);
    if (vr.nends < VMRUN_MAX_ENDS) {
        proc_end *e = &vr.ends[vr.nends];
        e->pid = p->pid;
        e->reason = copy_term(&vr.heap, p->exit_reason);
        e->result = copy_term(&vr.heap, p->result);
        e->cls = p->exit_class;
        e->reds = p->reds_total;
        e->sched = sched_current();
        vr.nends++;
    }
    pthread_cond_broadcast(&vr.changed);
    pthread_mutex_unlock(&vr.lock);
}

static inline bool load_from_source(term_t module)
{
    term_t why;
    return vm_load_module(module, &why);
}

/* Starts the VM with n schedulers (atoms, the process table with the
 * harness's exit hook, the code server loading from vm/lib, schedulers). */
static inline void start_vm(unsigned n)
{
    heap_init(&vr.heap, ALLOC_TEMP);
    vr.nends = 0;
    atom_table_init();
    proc_table_init(keep_end);
    code_init(load_from_source);
    sched_start(n);
    vr.started = true;
}

/* Stops the schedulers (processes still alive stay in the table) and
 * frees the ends' terms. */
static inline void stop_vm(void)
{
    if (vr.started) {
        sched_stop();
        heap_destroy(&vr.heap);
    }
    vr.started = false;
}

/* Compiles the module in `text` as if read from `file` and loads it;
 * false (diagnostics on stderr) when it does not compile. */
static inline bool load_text(const char *file, const char *text)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t forms;
    bool ok = epp_parse_string(&h, file, text, strlen(text), NULL, &forms) == EPP_OK;
    module_code *mc = NULL;
    if (ok) {
        lint_diags d = {0};
        compile_opts opts = {.file = file};
        ok = compile_forms(forms, &opts, &mc, &d) == COMPILE_OK;
        for (size_t i = 0; i < d.n; i++) {
            char line[512];
            lint_diag_format(&d.v[i], line, sizeof line);
            fprintf(stderr, "%s\n", line);
        }
        lint_diags_free(&d);
    }
    heap_destroy(&h);
    if (ok)
        code_load(mc);
    return ok;
}

/* An Erlang term read from text, on heap h. */
static inline term_t read_on(heap_t *h, const char *text)
{
    term_t t;
    read_error err;
    if (read_term_nodot(h, text, strlen(text), &t, &err) != READ_OK)
        cr_assert_fail("cannot read %s: %s", text, err.msg);
    return t;
}

/* Spawns Module:Function(Args...) from outside any process (args: the
 * text of the argument list); its pid. */
static inline term_t spawn_text(const char *module, const char *function, const char *args)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t a = read_on(&h, args);
    /* Holding vr.lock keeps the new process from finishing its exit (the
     * hook waits for the lock) until proc_spawn has returned. */
    pthread_mutex_lock(&vr.lock);
    term_t pid = proc_spawn(NULL, atom_from_cstr(module), atom_from_cstr(function), a, 0, NULL, NULL);
    pthread_mutex_unlock(&vr.lock);
    heap_destroy(&h);
    cr_assert(pid != THE_NON_VALUE, "spawn failed");
    return pid;
}

/* The end of process pid, waiting for it at most ms milliseconds; NULL if
 * it has not ended by then. */
static inline const proc_end *wait_end(term_t pid, unsigned ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000;
    if (until.tv_nsec >= 1000000000) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000;
    }
    const proc_end *found = NULL;
    pthread_mutex_lock(&vr.lock);
    for (;;) {
        for (size_t i = 0; i < vr.nends && !found; i++)
            if (vr.ends[i].pid == pid)
                found = &vr.ends[i];
        if (found || pthread_cond_timedwait(&vr.changed, &vr.lock, &until) == ETIMEDOUT)
            break;
    }
    if (!found) /* one last look after the timeout */
        for (size_t i = 0; i < vr.nends && !found; i++)
            if (vr.ends[i].pid == pid)
                found = &vr.ends[i];
    pthread_mutex_unlock(&vr.lock);
    return found;
}

/* Waits (at most ms milliseconds) until pid has left the process table,
 * which it does just after the exit hook ran; false if it has not. */
static inline bool wait_gone(term_t pid, unsigned ms)
{
    uint64_t until = read_clock_ms() + ms;
    while (proc_lookup(pid) != NULL) {
        if (read_clock_ms() > until)
            return false;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    return true;
}

/* How many processes have ended so far. */
static inline size_t count_ends(void)
{
    pthread_mutex_lock(&vr.lock);
    size_t n = vr.nends;
    pthread_mutex_unlock(&vr.lock);
    return n;
}

/* Runs Module:Function(Args...) in a fresh process and waits (5 s at most)
 * for its end. */
static inline const proc_end *run_text(const char *module, const char *function, const char *args)
{
    term_t pid = spawn_text(module, function, args);
    const proc_end *e = wait_end(pid, 5000);
    cr_assert(e != NULL, "%s:%s%s did not end within 5 s", module, function, args);
    return e;
}

/* ---- showing terms in failure messages ---------------------------------------- */

static inline void put_term(char *buf, size_t cap, size_t *n, term_t t, int depth);

static inline void put_text(char *buf, size_t cap, size_t *n, const char *s, size_t len)
{
    for (size_t i = 0; i < len && *n + 1 < cap; i++)
        buf[(*n)++] = s[i];
    buf[*n < cap ? *n : cap - 1] = 0;
}

static inline void put_fmt(char *buf, size_t cap, size_t *n, const char *fmt, long long a, long long b)
{
    char tmp[64];
    int k = snprintf(tmp, sizeof tmp, fmt, a, b);
    put_text(buf, cap, n, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

/* ~w-like, depth capped at 12 (deeper: "..."); enough for diagnostics. */
static inline void put_term(char *buf, size_t cap, size_t *n, term_t t, int depth)
{
    if (depth > 12) {
        put_text(buf, cap, n, "...", 3);
        return;
    }
    if (t == THE_NON_VALUE) {
        put_text(buf, cap, n, "THE_NON_VALUE", 13);
    } else if (term_is_small(t)) {
        put_fmt(buf, cap, n, "%lld", (long long)small_value(t), 0);
    } else if (term_is_atom(t)) {
        size_t len;
        const char *s = atom_text(t, &len);
        put_text(buf, cap, n, s, len);
    } else if (term_is_local_pid(t)) {
        put_fmt(buf, cap, n, "<0.%lld.%lld>", pid_number(t), pid_serial(t));
    } else if (t == NIL) {
        put_text(buf, cap, n, "[]", 2);
    } else if (term_is_list(t)) {
        put_text(buf, cap, n, "[", 1);
        for (;;) {
            put_term(buf, cap, n, list_head(t), depth + 1);
            t = list_tail(t);
            if (!term_is_list(t))
                break;
            put_text(buf, cap, n, ",", 1);
        }
        if (t != NIL) {
            put_text(buf, cap, n, "|", 1);
            put_term(buf, cap, n, t, depth + 1);
        }
        put_text(buf, cap, n, "]", 1);
    } else if (term_is_tuple(t)) {
        put_text(buf, cap, n, "{", 1);
        for (uint64_t i = 0; i < tuple_arity(t); i++) {
            if (i)
                put_text(buf, cap, n, ",", 1);
            put_term(buf, cap, n, tuple_get(t, i), depth + 1);
        }
        put_text(buf, cap, n, "}", 1);
    } else if (term_is_float(t)) {
        char tmp[40];
        int k = snprintf(tmp, sizeof tmp, "%.17g", float_value(t));
        put_text(buf, cap, n, tmp, (size_t)k);
    } else if (term_is_bitstring(t)) {
        bin_view v;
        bin_view_of(t, &v);
        put_text(buf, cap, n, "<<", 2);
        for (uint64_t i = 0; i < v.size && i < 64; i++)
            put_fmt(buf, cap, n, i ? ",%lld" : "%lld", bin_byte_at(&v, i), 0);
        put_text(buf, cap, n, ">>", 2);
    } else if (term_is_ref(t)) {
        put_text(buf, cap, n, "#Ref", 4);
    } else if (term_is_any_fun(t)) {
        put_text(buf, cap, n, "#Fun", 4);
    } else if (term_is_map(t)) {
        put_fmt(buf, cap, n, "#{%lld keys}", (long long)map_size(t), 0);
    } else if (term_is_big(t)) {
        put_text(buf, cap, n, "<bignum>", 8);
    } else {
        put_text(buf, cap, n, "<term>", 6);
    }
}

/* The term as text; eight buffers in turn, so one message can show
 * several terms. */
static inline const char *show(term_t t)
{
    static char bufs[8][2048];
    static unsigned next;
    char *b = bufs[next++ % 8];
    size_t n = 0;
    b[0] = 0;
    put_term(b, 2048, &n, t, 0);
    return b;
}

/* The process ended normally and returned the term `want` (Erlang text). */
static inline void expect_result(const proc_end *e, const char *want)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t w = read_on(&h, want);
    cr_expect(e->reason == ATOM_normal, "exit reason %s, want normal (result %s)", show(e->reason), want);
    cr_expect(term_eq_exact(e->result, w), "result %s, want %s", show(e->result), want);
    heap_destroy(&h);
}

/* The process ended with the reason `want` (Erlang text). */
static inline void expect_reason(const proc_end *e, const char *want)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t w = read_on(&h, want);
    cr_expect(term_eq_exact(e->reason, w), "exit reason %s, want %s", show(e->reason), want);
    heap_destroy(&h);
}

/* Runs Module:Function(Args) and expects it to return `want`. */
static inline void expect_call(const char *module, const char *function, const char *args, const char *want)
{
    const proc_end *e = run_text(module, function, args);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t w = read_on(&h, want);
    cr_expect(e->reason == ATOM_normal && term_eq_exact(e->result, w), "%s:%s%s: got %s (exit %s), want %s",
              module, function, args, show(e->result), show(e->reason), want);
    heap_destroy(&h);
}

#endif
