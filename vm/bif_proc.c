/* bif_proc.c: the BIFs of processes: spawning, links and monitors, exit
 * signals, exceptions, registered names, the process dictionary and
 * process_info. The work is in vm/proc.c; these check arguments the way
 * OTP does and shape the results. Declared in vm/bif_proc.def. */
#include <stdatomic.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "binary.h"
#include "cmp.h"
#include "code.h"
#include "copy.h"
#include "gc.h"
#include "interp.h"
#include "proc.h"
#include "sched.h"
#include "seqtrace.h"
#include "trace.h"
#include "vm.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_proc.def"
#undef BIF

/* ---- identity and spawning ------------------------------------------- */

term_t bif_proc_self_0(process *p, const term_t *args) { return p->pid; }

static bool is_fun0(term_t f)
{
    if (term_is_fun(f))
        return fun_object(f)->arity == 0;
    return term_is_export(f) && export_object(f)->arity == 0;
}

/* monitor/3's options, and spawn_opt's {monitor, Options}: the alias the
 * monitor's reference is (ALIAS_NONE: none) and the tag of its 'DOWN'
 * message (THE_NON_VALUE: 'DOWN'). */
typedef struct monitor_opts {
    alias_mode alias;
    term_t tag;
} monitor_opts;

static const monitor_opts no_monitor_opts = {ALIAS_NONE, THE_NON_VALUE};

/* Reads a list of {alias, Mode} and {tag, Tag} (a later one wins) into
 * *mo; false for anything else. */
static bool monitor_options(term_t l, monitor_opts *mo)
{
    *mo = no_monitor_opts;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (!term_is_tuple(o) || tuple_arity(o) != 2)
            return false;
        term_t k = tuple_get(o, 0), v = tuple_get(o, 1);
        if (k == ATOM_tag)
            mo->tag = v;
        else if (k == ATOM_alias && v == ATOM_explicit_unalias)
            mo->alias = ALIAS_EXPLICIT;
        else if (k == ATOM_alias && v == ATOM_demonitor)
            mo->alias = ALIAS_DEMONITOR;
        else if (k == ATOM_alias && v == ATOM_reply_demonitor)
            mo->alias = ALIAS_REPLY_DEMONITOR;
        else
            return false;
    }
    return l == NIL;
}

/* Ids for a monitor of p's with options mo: an alias's when it is one. */
static void monitor_ref(process *p, const monitor_opts *mo, uint32_t ids[3])
{
    if (mo->alias != ALIAS_NONE)
        proc_new_alias_ref(p, ids);
    else
        proc_new_ref(ids);
}

/* The result of a spawn: the pid, or {Pid, Ref} for a monitor (ref: its
 * ids, mo its options); system_limit when the process table was full. */
static term_t spawned(process *p, term_t pid, unsigned opts, const uint32_t ref[3], const monitor_opts *mo)
{
    if (pid == THE_NON_VALUE)
        return BIF_ERROR(p, ATOM_system_limit);
    if (!(opts & SPAWN_MONITOR))
        return pid;
    if (mo->alias != ALIAS_NONE || mo->tag != THE_NON_VALUE)
        proc_set_monitor_opts(proc_find_monitor(p, ref), mo->alias, mo->tag);
    return term_tuple2(&p->heap, pid, term_ref(&p->heap, ref, 3));
}

/* Reductions a spawn costs, as OTP 25 counts them: spawn/3 and its
 * variants are one BIF call; spawn/1 and its variants an Erlang function
 * that calls one. A loop that spawns then starts as many processes per
 * time slice as erl's does (and they fit proc.c's cache of shells). */
#define SPAWN_MFA_REDS 1
#define SPAWN_FUN_REDS 3

/* Spawns M:F(Args) with `opts`, the options po (NULL: the defaults) and
 * the monitor's mo. */
static term_t spawn_mfa(process *p, term_t m, term_t f, term_t a, unsigned opts, const proc_opts *po,
                        const monitor_opts *mo)
{
    if (!term_is_atom(m) || !term_is_atom(f) || list_length(a) < 0)
        return BIF_BADARG(p);
    p->reds -= SPAWN_MFA_REDS;
    uint32_t ref[3];
    if (opts & SPAWN_MONITOR)
        monitor_ref(p, mo, ref);
    return spawned(p, proc_spawn(p, m, f, a, opts, po, ref), opts, ref, mo);
}

/* A fun of arity 0 runs as erlang:apply(Fun, []), OTP's initial call. */
static term_t spawn_fun(process *p, term_t fun, unsigned opts, const proc_opts *po, const monitor_opts *mo)
{
    if (!is_fun0(fun))
        return BIF_BADARG(p);
    p->reds -= SPAWN_FUN_REDS;
    uint32_t ref[3];
    if (opts & SPAWN_MONITOR)
        monitor_ref(p, mo, ref);
    return spawned(p, proc_spawn_fun(p, fun, opts, po, ref), opts, ref, mo);
}

term_t bif_proc_spawn_1(process *p, const term_t *args)
{
    return spawn_fun(p, args[0], 0, NULL, &no_monitor_opts);
}
term_t bif_proc_spawn_3(process *p, const term_t *args)
{
    return spawn_mfa(p, args[0], args[1], args[2], 0, NULL, &no_monitor_opts);
}
term_t bif_proc_spawn_link_1(process *p, const term_t *args)
{
    return spawn_fun(p, args[0], SPAWN_LINK, NULL, &no_monitor_opts);
}
term_t bif_proc_spawn_link_3(process *p, const term_t *args)
{
    return spawn_mfa(p, args[0], args[1], args[2], SPAWN_LINK, NULL, &no_monitor_opts);
}
term_t bif_proc_spawn_monitor_1(process *p, const term_t *args)
{
    return spawn_fun(p, args[0], SPAWN_MONITOR, NULL, &no_monitor_opts);
}
term_t bif_proc_spawn_monitor_3(process *p, const term_t *args)
{
    return spawn_mfa(p, args[0], args[1], args[2], SPAWN_MONITOR, NULL, &no_monitor_opts);
}

/* ---- the collector's options ------------------------------------------ */

bool bif_size_value(term_t v, uint64_t *out)
{
    if (!term_is_small(v) || small_value(v) < 0 || (uint64_t)small_value(v) > GC_MAX_HEAP_LIMIT)
        return false;
    *out = (uint64_t)small_value(v);
    return true;
}

/* fullsweep_after's value: OTP keeps it in 16 bits, so larger values
 * wrap around (70000 is 4464) in a process. */
static bool fullsweep_value(term_t v, uint32_t *out)
{
    uint64_t n;
    if (!bif_size_value(v, &n))
        return false;
    *out = (uint32_t)(n & 0xffff);
    return true;
}

bool bif_max_heap_value(term_t v, const gc_max_heap *defaults, uint64_t min_heap_words, gc_max_heap *out)
{
    *out = *defaults;
    if (term_is_map(v)) {
        term_t size, kill, log;
        if (!map_get(v, ATOM_size, &size))
            return false;
        if (map_get(v, ATOM_kill, &kill)) {
            if (kill != ATOM_true && kill != ATOM_false)
                return false;
            out->kill = kill == ATOM_true;
        }
        if (map_get(v, ATOM_error_logger, &log)) {
            if (log != ATOM_true && log != ATOM_false)
                return false;
            out->log = log == ATOM_true;
        }
        v = size;
    }
    return bif_size_value(v, &out->words) && (out->words == 0 || out->words >= min_heap_words);
}

term_t bif_max_heap_term(heap_t *h, const gc_max_heap *m)
{
    term_t keys[3] = {ATOM_error_logger, ATOM_kill, ATOM_size};
    term_t vals[3] = {m->log ? ATOM_true : ATOM_false, m->kill ? ATOM_true : ATOM_false,
                      term_uint64(h, m->words)};
    return map_from_pairs(h, keys, vals, 3);
}

/* The options of a spawn_opt: link and monitor ({monitor, Options} too,
 * its options to *mo) set bits in *opts; min_heap_size,
 * fullsweep_after, max_heap_size and priority go to *po. All are checked
 * as OTP checks them (a max_heap_size under the min_heap_size given
 * anywhere in the list is bad), message_queue_data too, which is kept
 * for process_info but has no effect (messages always arrive off the heap
 * here). False for a bad option or list: badarg with cause badopt. */
static bool spawn_options(term_t l, unsigned *opts, proc_opts *po, monitor_opts *mo)
{
    *opts = 0;
    *mo = no_monitor_opts;
    proc_default_opts(po);
    term_t max_heap = THE_NON_VALUE;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (o == ATOM_link) {
            *opts |= SPAWN_LINK;
            continue;
        }
        if (o == ATOM_monitor) {
            *opts |= SPAWN_MONITOR;
            continue;
        }
        if (!term_is_tuple(o) || tuple_arity(o) != 2)
            return false;
        term_t k = tuple_get(o, 0), v = tuple_get(o, 1);
        bool ok;
        if (k == ATOM_monitor) {
            ok = monitor_options(v, mo);
            *opts |= SPAWN_MONITOR;
        } else if (k == ATOM_priority) {
            ok = v == ATOM_low || v == ATOM_normal || v == ATOM_high || v == ATOM_max;
            po->priority = v;
        } else if (k == ATOM_min_heap_size) {
            ok = bif_size_value(v, &po->gc.min_heap_words);
        } else if (k == ATOM_min_bin_vheap_size) {
            /* checked, but OTP 25's spawn_opt leaves the process the
             * system's (process_info shows it so) */
            uint64_t ignored;
            ok = bif_size_value(v, &ignored);
        } else if (k == ATOM_fullsweep_after) {
            ok = fullsweep_value(v, &po->gc.fullsweep_after);
        } else if (k == ATOM_max_heap_size) {
            max_heap = v; /* checked against the final min_heap_size */
            ok = true;
        } else if (k == ATOM_message_queue_data) {
            ok = v == ATOM_on_heap || v == ATOM_off_heap;
            po->mq_off_heap = v == ATOM_off_heap;
        } else {
            ok = false;
        }
        if (!ok)
            return false;
    }
    if (l != NIL)
        return false;
    if (max_heap == THE_NON_VALUE)
        return true;
    gc_max_heap system = po->gc.max_heap;
    return bif_max_heap_value(max_heap, &system, gc_min_heap_size(po->gc.min_heap_words), &po->gc.max_heap);
}

term_t bif_proc_spawn_opt_2(process *p, const term_t *args)
{
    unsigned opts;
    proc_opts po;
    monitor_opts mo;
    if (!spawn_options(args[1], &opts, &po, &mo))
        return bif_badopt(p);
    return spawn_fun(p, args[0], opts, &po, &mo);
}

term_t bif_proc_spawn_opt_4(process *p, const term_t *args)
{
    unsigned opts;
    proc_opts po;
    monitor_opts mo;
    if (!spawn_options(args[3], &opts, &po, &mo))
        return bif_badopt(p);
    return spawn_mfa(p, args[0], args[1], args[2], opts, &po, &mo);
}

term_t bif_proc_make_ref_0(process *p, const term_t *args)
{
    uint32_t ref[3];
    proc_new_ref(ref);
    return term_ref(&p->heap, ref, 3);
}

term_t bif_proc_is_process_alive_1(process *p, const term_t *args)
{
    if (!term_is_local_pid(args[0]))
        return BIF_BADARG(p);
    process *q = args[0] == p->pid ? p : proc_lookup(args[0]);
    return q && !(atomic_load(&q->state) & PS_EXITING) ? ATOM_true : ATOM_false;
}

term_t bif_proc_processes_0(process *p, const term_t *args) { return proc_all_pids(&p->heap); }

term_t bif_proc_yield_0(process *p, const term_t *args) { return bif_trap(p, ATOM_true, TRAP_YIELD); }

/* ---- links, monitors, exit signals --------------------------------------- */

/* After an exit signal p sent itself, as if it came from outside
 * (trap_exit turns it into a message): ends the slice, so that the signal
 * is handled before p runs on (OTP handles signals to self before the BIF
 * returns), and the BIF returns `result`. */
static term_t signalled_self(process *p, term_t result) { return bif_trap(p, result, TRAP_YIELD); }

term_t bif_proc_link_1(process *p, const term_t *args)
{
    term_t other = args[0];
    if (!term_is_local_pid(other))
        return BIF_BADARG(p);
    if (other == p->pid)
        return ATOM_true;
    proc_add_link(p, LINK, other, NIL, NULL);
    if (!proc_signal(other, SIG_LINK, p->pid, NIL, NULL, NIL)) {
        /* OTP: linking to a process that is gone fails with noproc, or,
         * when the caller traps exits, sends it {'EXIT', Other, noproc} */
        proc_remove_link(p, LINK, other, NULL);
        if (!(atomic_load(&p->state) & PS_TRAP_EXIT))
            return BIF_ERROR(p, ATOM_noproc);
        /* OTP's noproc leaves p's seq_trace token alone */
        proc_signal(p->pid, SIG_EXIT, other, ATOM_noproc, NULL, NIL);
        return signalled_self(p, ATOM_true);
    }
    if (p->trace_flags & TF_PROCS)
        trace_hooks.link(p, other, TRACE_LINK);
    return ATOM_true;
}

term_t bif_proc_unlink_1(process *p, const term_t *args)
{
    term_t other = args[0];
    if (!term_is_local_pid(other))
        return BIF_BADARG(p);
    if (proc_remove_link(p, LINK, other, NULL))
        proc_signal(other, SIG_UNLINK, p->pid, NIL, NULL, NIL);
    if (p->trace_flags & TF_PROCS) /* as OTP's: linked or not */
        trace_hooks.link(p, other, TRACE_UNLINK);
    return ATOM_true;
}

/* {Tag, Ref, process, Item, noproc} sent to p at once: monitoring what
 * does not exist (Tag 'DOWN' unless mo gives one). */
static void down_now(process *p, term_t ref, term_t item, const monitor_opts *mo)
{
    term_t tag = mo->tag != THE_NON_VALUE ? mo->tag : ATOM_DOWN;
    term_t t[5] = {tag, ref, ATOM_process, item, ATOM_noproc};
    proc_deliver(p->pid, p->pid, term_tuple(&p->heap, 5, t));
}

static term_t monitor(process *p, term_t type, term_t item, term_t opts)
{
    if (type != ATOM_process)
        return BIF_BADARG(p);
    term_t pid, name = NIL;
    if (term_is_local_pid(item)) {
        pid = item;
    } else if (term_is_atom(item)) {
        name = item;
        pid = proc_whereis(item);
    } else if (term_is_tuple(item) && tuple_arity(item) == 2 && term_is_atom(tuple_get(item, 0)) &&
               tuple_get(item, 1) == ATOM_nonode_at_nohost) {
        name = tuple_get(item, 0);
        pid = proc_whereis(name);
    } else {
        return BIF_BADARG(p);
    }
    monitor_opts mo;
    if (!monitor_options(opts, &mo))
        return bif_badopt(p);
    uint32_t ids[3];
    monitor_ref(p, &mo, ids);
    term_t ref = term_ref(&p->heap, ids, 3);
    if (pid == p->pid)
        return ref; /* monitoring oneself does nothing, and makes no alias */
    term_t reported = name != NIL ? term_tuple2(&p->heap, name, ATOM_nonode_at_nohost) : item;
    proc_link *l = NULL;
    if (pid != NIL) {
        l = proc_add_link(p, MONITOR_OUT, pid, name, ids);
        if (!proc_signal(pid, SIG_MONITOR, p->pid, NIL, ids, name)) {
            proc_remove_link(p, MONITOR_OUT, pid, ids);
            l = NULL;
        }
    }
    if (l) {
        proc_set_monitor_opts(l, mo.alias, mo.tag);
        return ref;
    }
    /* Gone already: the 'DOWN' comes now, and the monitor is over before
     * it was made; only an alias that outlives its monitor stays. */
    down_now(p, ref, reported, &mo);
    if (mo.alias == ALIAS_EXPLICIT)
        proc_add_link(p, ALIAS, NIL, NIL, ids)->alias = ALIAS_EXPLICIT;
    return ref;
}

term_t bif_proc_monitor_2(process *p, const term_t *args) { return monitor(p, args[0], args[1], NIL); }
term_t bif_proc_monitor_3(process *p, const term_t *args) { return monitor(p, args[0], args[1], args[2]); }

/* A monitor's message {_, Ref, _, _, _}, already a message (a 'DOWN'
 * still on its way is a SIG_DOWN, which no longer finds its monitor). */
static bool is_down_of(const message *m, term_t ref)
{
    term_t t = m->term;
    return m->kind == MSG_MESSAGE && term_is_tuple(t) && tuple_arity(t) == 5 &&
           term_eq_exact(tuple_get(t, 1), ref);
}

/* Removes the monitor's message {_, Ref, _, _, _} from p's messages,
 * received or incoming (one that down_now sent is incoming). The
 * incoming queue is not handled here (a signal in it may end p, which a
 * BIF cannot do): a message of the monitor in it moves to the end of
 * the message queue, and is dropped from there. */
static void flush_down(process *p, term_t ref)
{
    spinlock_lock(&p->inq_lock);
    for (message **ip = &p->inq; *ip;) {
        message *m = *ip;
        if (!is_down_of(m, ref)) {
            ip = &m->next;
            continue;
        }
        *ip = m->next;
        if (p->inq_tail == &m->next)
            p->inq_tail = ip;
        m->next = NULL;
        *p->msgq_tail = m;
        p->msgq_tail = &m->next;
        p->msgq_len++;
    }
    spinlock_unlock(&p->inq_lock);
    for (message **mp = &p->msgq; *mp;) {
        if (is_down_of(*mp, ref)) {
            proc_drop_message(p, mp);
            continue;
        }
        mp = &(*mp)->next;
    }
}

/* The ids of a reference made here with three words (monitors' and
 * aliases'), or NULL. */
static const uint32_t *ref_ids3(term_t ref)
{
    if (!term_is_local_ref(ref) || ref_object(ref)->nids != 3)
        return NULL;
    return ref_object(ref)->ids;
}

static term_t demonitor(process *p, term_t ref, term_t opts)
{
    if (!term_is_local_ref(ref))
        return BIF_BADARG(p);
    bool flush = false, info = false;
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if (o == ATOM_flush)
            flush = true;
        else if (o == ATOM_info)
            info = true;
        else
            return BIF_BADARG(p);
    }
    if (opts != NIL)
        return BIF_BADARG(p);
    const uint32_t *ids = ref_ids3(ref);
    proc_link *l = ids ? proc_find_monitor(p, ids) : NULL;
    if (l) {
        proc_signal(l->other, SIG_DEMONITOR, p->pid, NIL, ids, NIL);
        proc_drop_monitor(p, l);
    }
    if (flush)
        flush_down(p, ref);
    return !info || l ? ATOM_true : ATOM_false;
}

term_t bif_proc_demonitor_1(process *p, const term_t *args) { return demonitor(p, args[0], NIL); }
term_t bif_proc_demonitor_2(process *p, const term_t *args) { return demonitor(p, args[0], args[1]); }

/* ---- aliases ------------------------------------------------------------- */

static term_t alias(process *p, term_t opts)
{
    alias_mode mode = ALIAS_EXPLICIT;
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if (o == ATOM_explicit_unalias)
            mode = ALIAS_EXPLICIT;
        else if (o == ATOM_reply)
            mode = ALIAS_REPLY;
        else
            return BIF_BADARG(p);
    }
    if (opts != NIL)
        return BIF_BADARG(p);
    uint32_t ids[3];
    proc_new_alias_ref(p, ids);
    proc_add_link(p, ALIAS, NIL, NIL, ids)->alias = mode;
    return term_ref(&p->heap, ids, 3);
}

term_t bif_proc_alias_0(process *p, const term_t *args) { return alias(p, NIL); }
term_t bif_proc_alias_1(process *p, const term_t *args) { return alias(p, args[0]); }

term_t bif_proc_unalias_1(process *p, const term_t *args)
{
    if (!term_is_local_ref(args[0]))
        return BIF_BADARG(p);
    const uint32_t *ids = ref_ids3(args[0]);
    proc_link *l = ids ? proc_find_alias(p, ids) : NULL;
    if (!l)
        return ATOM_false;
    proc_unalias(p, l);
    return ATOM_true;
}

term_t bif_proc_exit_2(process *p, const term_t *args)
{
    term_t to = args[0], reason = args[1];
    if (!term_is_local_pid(to) && !term_is_port(to))
        return BIF_BADARG(p);
    proc_exit_signal(to, p->pid, reason, false);
    return to == p->pid ? signalled_self(p, ATOM_true) : ATOM_true;
}

term_t bif_proc_process_flag_2(process *p, const term_t *args)
{
    term_t flag = args[0], v = args[1];
    if (flag == ATOM_trap_exit) {
        if (v != ATOM_true && v != ATOM_false)
            return BIF_BADARG(p);
        uint32_t old = v == ATOM_true ? atomic_fetch_or(&p->state, PS_TRAP_EXIT)
                                      : atomic_fetch_and(&p->state, ~(uint32_t)PS_TRAP_EXIT);
        return old & PS_TRAP_EXIT ? ATOM_true : ATOM_false;
    }
    if (flag == ATOM_priority) {
        if (v != ATOM_low && v != ATOM_normal && v != ATOM_high && v != ATOM_max)
            return BIF_BADARG(p);
        term_t old = p->priority;
        p->priority = v;
        return old;
    }
    if (flag == ATOM_message_queue_data) {
        if (v != ATOM_on_heap && v != ATOM_off_heap)
            return BIF_BADARG(p);
        bool old = p->mq_off_heap;
        p->mq_off_heap = v == ATOM_off_heap;
        return old ? ATOM_off_heap : ATOM_on_heap;
    }
    if (flag == ATOM_sensitive) {
        /* its trace flags stay set and make no events until it is false */
        if (v != ATOM_true && v != ATOM_false)
            return BIF_BADARG(p);
        bool old = p->sensitive;
        p->sensitive = v == ATOM_true;
        proc_set_trace_flags(p, p->trace_flags_set);
        return old ? ATOM_true : ATOM_false;
    }
    /* the collector's options take effect at the next collection */
    gc_opts o = {p->gc.min_heap_words, p->gc.min_vheap_words, p->gc.fullsweep_after, p->gc.max_heap};
    term_t old;
    if (flag == ATOM_min_heap_size) {
        old = term_small((int64_t)o.min_heap_words);
        if (!bif_size_value(v, &o.min_heap_words))
            return BIF_BADARG(p);
    } else if (flag == ATOM_min_bin_vheap_size) {
        old = term_small((int64_t)o.min_vheap_words);
        if (!bif_size_value(v, &o.min_vheap_words))
            return BIF_BADARG(p);
    } else if (flag == ATOM_fullsweep_after) {
        old = term_small(o.fullsweep_after);
        if (!fullsweep_value(v, &o.fullsweep_after))
            return BIF_BADARG(p);
    } else if (flag == ATOM_max_heap_size) {
        gc_opts system;
        gc_system_opts(&system);
        old = bif_max_heap_term(&p->heap, &o.max_heap);
        if (!bif_max_heap_value(v, &system.max_heap, o.min_heap_words, &o.max_heap))
            return BIF_BADARG(p);
    } else {
        return bif_badopt(p);
    }
    gc_set_opts(&p->gc, &o);
    return old;
}

/* ---- exceptions ------------------------------------------------------- */

term_t bif_proc_exit_1(process *p, const term_t *args) { return bif_raise(p, CLASS_EXIT, args[0]); }
term_t bif_proc_error_1(process *p, const term_t *args) { return bif_raise(p, CLASS_ERROR, args[0]); }
term_t bif_proc_error_2(process *p, const term_t *args) { return bif_raise(p, CLASS_ERROR, args[0]); }
/* error(Reason, Args, Options): Options give the first frame an
 * error_info when they are a proper list of {error_info, Map} only (the
 * last one counts, as OTP's); any other options are ignored. */
term_t bif_proc_error_3(process *p, const term_t *args)
{
    term_t info = THE_NON_VALUE, l = args[2];
    for (; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || tuple_get(o, 0) != ATOM_error_info ||
            !term_is_map(tuple_get(o, 1)))
            break;
        info = tuple_get(o, 1);
    }
    if (!term_is_nil(l))
        info = THE_NON_VALUE;
    return bif_raise_info(p, CLASS_ERROR, args[0], info);
}
term_t bif_proc_throw_1(process *p, const term_t *args) { return bif_raise(p, CLASS_THROW, args[0]); }

/* erlang:raise(Class, Reason, Stacktrace): with a bad class or a stack
 * trace that is not a list it returns the atom badarg, as OTP's does. */
term_t bif_proc_raise_3(process *p, const term_t *args)
{
    term_t c = args[0];
    proc_class cls;
    if (c == ATOM_error)
        cls = CLASS_ERROR;
    else if (c == ATOM_exit)
        cls = CLASS_EXIT;
    else if (c == ATOM_throw)
        cls = CLASS_THROW;
    else
        return ATOM_badarg;
    if (list_length(args[2]) < 0)
        return ATOM_badarg;
    bif_raise(p, cls, args[1]);
    p->fstack = args[2];
    return THE_NON_VALUE;
}

/* ---- messages and names ------------------------------------------------ */

term_t bif_proc_send_2(process *p, const term_t *args)
{
    if (!proc_send(p, args[0], args[1]))
        return THE_NON_VALUE;
    return args[1];
}

term_t bif_proc_bang_2(process *p, const term_t *args) { return bif_proc_send_2(p, args); }

term_t bif_proc_send_3(process *p, const term_t *args)
{
    if (list_length(args[2]) < 0)
        return BIF_BADARG(p);
    if (!proc_send(p, args[0], args[1]))
        return THE_NON_VALUE;
    return ATOM_ok;
}

term_t bif_proc_register_2(process *p, const term_t *args)
{
    term_t name = args[0], pid = args[1];
    if (!term_is_atom(name) || name == ATOM_undefined || !term_is_local_pid(pid))
        return BIF_BADARG(p);
    process *q = pid == p->pid ? p : proc_lookup(pid);
    if (!q || !proc_register(q, name))
        return BIF_BADARG(p);
    /* only the caller's own events: another process's trace state is
     * its own (docs/differences-from-erlang.md) */
    if (q == p && (p->trace_flags & TF_PROCS))
        trace_hooks.reg(p, name, false);
    return ATOM_true;
}

term_t bif_proc_unregister_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_BADARG(p);
    bool own = proc_whereis(args[0]) == p->pid;
    if (!proc_unregister(args[0]))
        return BIF_BADARG(p);
    if (own && (p->trace_flags & TF_PROCS))
        trace_hooks.reg(p, args[0], true);
    return ATOM_true;
}

term_t bif_proc_whereis_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_BADARG(p);
    term_t pid = proc_whereis(args[0]);
    return pid == NIL ? ATOM_undefined : pid;
}

term_t bif_proc_registered_0(process *p, const term_t *args) { return proc_registered(&p->heap); }

/* ---- a receive whose clauses are Erlang code ---------------------------------
 * erl_eval's receive (OTP's prim_eval:'receive'/2) tests each message with
 * a fun, which compiled receive clauses cannot call. These BIFs walk the
 * message queue with the save pointer the receive instructions use
 * (vm/interp.c), so that messages arriving meanwhile, tracing and the
 * timer behave as in a compiled receive: recv_next/1 gives a copy of the
 * message under the save pointer, waiting for one (TRAP_WAIT) until the
 * timeout when the queue has none left ({message, M} | timeout: the
 * receive is then over); recv_skip/0 moves past it; recv_take/0 removes
 * it, which ends the receive; recv_done/0 ends the receive without taking
 * one (the fun raised). */

term_t bif_proc_erts_internal_recv_next_1(process *p, const term_t *args)
{
    if (*p->save) {
        p->bif_retry = false;
        term_t m = copy_term(&p->heap, (*p->save)->term);
        return term_tuple2(&p->heap, ATOM_message, m);
    }
    if (!p->bif_retry) {
        /* what arrived is not in the queue until fetched: a wait of 0
         * fetches it, then this runs again */
        p->bif_retry = true;
        return bif_trap(p, term_small(0), TRAP_WAIT);
    }
    /* nothing (more) to match: as wait_timeout, only now is the timeout
     * looked at */
    int64_t ms;
    if (!proc_timeout_ms(args[0], &ms)) {
        p->bif_retry = false;
        proc_timeout_done(p);
        return bif_raise(p, CLASS_ERROR, ATOM_timeout_value);
    }
    if (ms == 0 || (atomic_load_explicit(&p->state, memory_order_relaxed) & PS_TIMEOUT)) {
        p->bif_retry = false;
        if (p->trace_flags & TF_RECEIVE)
            trace_hooks.receive(p, THE_NON_VALUE, ATOM_timeout);
        proc_timeout_done(p);
        return ATOM_timeout;
    }
    return bif_trap(p, term_small(ms), TRAP_WAIT);
}

term_t bif_proc_erts_internal_recv_skip_0(process *p, const term_t *args)
{
    (void)args;
    if (*p->save)
        p->save = &(*p->save)->next;
    return ATOM_ok;
}

term_t bif_proc_erts_internal_recv_take_0(process *p, const term_t *args)
{
    (void)args;
    if (!*p->save)
        return BIF_BADARG(p);
    proc_remove_message(p);
    return ATOM_ok;
}

term_t bif_proc_erts_internal_recv_done_0(process *p, const term_t *args)
{
    (void)args;
    proc_timeout_done(p);
    return ATOM_ok;
}

/* ---- the process dictionary: a list of {Key, Value}, newest first ------ */

/* The {Key, Value} cell of key, or NULL. */
static term_t find_key(process *p, term_t key)
{
    for (term_t l = p->dict; l != NIL; l = list_tail(l)) {
        term_t kv = list_head(l);
        if (term_eq_exact(tuple_get(kv, 0), key))
            return kv;
    }
    return THE_NON_VALUE;
}

/* p's dictionary without key's entry. */
static term_t without_key(process *p, term_t key)
{
    term_t kept[PROC_SCRATCH];
    size_t n = 0;
    term_t l = p->dict;
    for (; l != NIL; l = list_tail(l)) {
        term_t kv = list_head(l);
        if (term_eq_exact(tuple_get(kv, 0), key))
            break;
        if (n == PROC_SCRATCH)
            break;
        kept[n++] = kv;
    }
    if (l == NIL)
        return p->dict;
    if (n == PROC_SCRATCH) {
        /* a long prefix: rebuild by filtering the whole list */
        term_t out = NIL, rev = NIL;
        for (term_t k = p->dict; k != NIL; k = list_tail(k))
            if (!term_eq_exact(tuple_get(list_head(k), 0), key))
                rev = term_cons(&p->heap, list_head(k), rev);
        for (; rev != NIL; rev = list_tail(rev))
            out = term_cons(&p->heap, list_head(rev), out);
        return out;
    }
    return term_list_from(&p->heap, kept, n, list_tail(l));
}

term_t bif_proc_put_2(process *p, const term_t *args)
{
    term_t old = find_key(p, args[0]);
    term_t prev = old == THE_NON_VALUE ? ATOM_undefined : tuple_get(old, 1);
    term_t rest = old == THE_NON_VALUE ? p->dict : without_key(p, args[0]);
    p->dict = term_cons(&p->heap, term_tuple2(&p->heap, args[0], args[1]), rest);
    return prev;
}

term_t bif_proc_get_0(process *p, const term_t *args) { return p->dict; }

term_t bif_proc_get_1(process *p, const term_t *args)
{
    term_t kv = find_key(p, args[0]);
    return kv == THE_NON_VALUE ? ATOM_undefined : tuple_get(kv, 1);
}

term_t bif_proc_erase_0(process *p, const term_t *args)
{
    term_t d = p->dict;
    p->dict = NIL;
    return d;
}

term_t bif_proc_erase_1(process *p, const term_t *args)
{
    term_t kv = find_key(p, args[0]);
    if (kv == THE_NON_VALUE)
        return ATOM_undefined;
    p->dict = without_key(p, args[0]);
    return tuple_get(kv, 1);
}

term_t bif_proc_get_keys_0(process *p, const term_t *args)
{
    term_t out = NIL;
    for (term_t l = p->dict; l != NIL; l = list_tail(l))
        out = term_cons(&p->heap, tuple_get(list_head(l), 0), out);
    return out;
}

term_t bif_proc_get_keys_1(process *p, const term_t *args)
{
    term_t out = NIL;
    for (term_t l = p->dict; l != NIL; l = list_tail(l))
        if (term_eq_exact(tuple_get(list_head(l), 1), args[0]))
            out = term_cons(&p->heap, tuple_get(list_head(l), 0), out);
    return out;
}

/* ---- inspection ---------------------------------------------------------- */

term_t bif_proc_group_leader_0(process *p, const term_t *args) { return p->group_leader; }

/* group_leader(GL, Pid): another process is changed under a claim (it is
 * not running meanwhile). Only local pids: a group leader is kept as an
 * immediate, outside any heap. */
term_t bif_proc_group_leader_2(process *p, const term_t *args)
{
    if (!term_is_local_pid(args[0]) || !term_is_local_pid(args[1]))
        return BIF_BADARG(p);
    if (args[1] == p->pid) {
        p->group_leader = args[0];
        return ATOM_true;
    }
    process *q = proc_lookup(args[1]);
    if (!q || sched_claim(p, q) == SCHED_CLAIM_GONE)
        return BIF_BADARG(p);
    q->group_leader = args[0];
    sched_release(q);
    return ATOM_true;
}

static term_t mfa_tuple(heap_t *h, term_t m, term_t f, term_t a) { return term_tuple3(h, m, f, a); }

/* The registered name of pid, or NIL. Read from the name table, under its
 * lock: other processes register and unregister names of any process. */
static term_t name_of(heap_t *h, term_t pid)
{
    for (term_t l = proc_registered(h); l != NIL; l = list_tail(l))
        if (proc_whereis(list_head(l)) == pid)
            return list_head(l);
    return NIL;
}

/* The pids of q's links (kind LINK) or monitors, as OTP lists them. Links
 * and monitors whose signals q has not handled yet count too: OTP's
 * process_info is a signal that q answers after those. */
static term_t link_list(heap_t *h, process *q, link_kind kind)
{
    term_t l = NIL;
    message_kind pending = kind == LINK ? SIG_LINK : kind == MONITOR_IN ? SIG_MONITOR : MSG_MESSAGE;
    if (pending != MSG_MESSAGE) {
        spinlock_lock(&q->inq_lock);
        for (const message *m = q->inq; m; m = m->next)
            if (m->kind == pending)
                l = term_cons(h, m->from, l);
        spinlock_unlock(&q->inq_lock);
    }
    for (const proc_link *k = q->links; k; k = k->next) {
        if (k->kind != kind)
            continue;
        term_t v = k->other;
        if (kind == MONITOR_OUT)
            v = k->name != NIL ? term_tuple2(h, ATOM_process, term_tuple2(h, k->name, ATOM_nonode_at_nohost))
                               : term_tuple2(h, ATOM_process, k->other);
        l = term_cons(h, v, l);
    }
    return l;
}

/* Appends a copy of t to the list whose last tail is *tail. */
static term_t *append_copy(heap_t *h, term_t *tail, term_t t)
{
    term_t *c = heap_alloc(h, 2);
    c[0] = copy_term(h, t);
    c[1] = NIL;
    *tail = term_list(c);
    return &c[1];
}

/* q's messages as OTP reports them, received and still incoming, in
 * order: as a list on h (when `list`), else only their number. Leaves q's
 * incoming queue where it is (q may be another process). */
static term_t message_info(heap_t *h, process *q, bool list)
{
    term_t out = NIL, *tail = &out;
    uint64_t n = q->msgq_len;
    if (list)
        for (const message *m = q->msgq; m; m = m->next)
            tail = append_copy(h, tail, m->term);
    spinlock_lock(&q->inq_lock);
    for (const message *m = q->inq; m; m = m->next) {
        term_t t = proc_pending_message(q, m, list ? h : NULL);
        if (t == THE_NON_VALUE)
            continue;
        n++;
        if (list)
            tail = append_copy(h, tail, t);
    }
    spinlock_unlock(&q->inq_lock);
    return list ? out : term_small((int64_t)n);
}

static term_t gc_options(heap_t *h, const process *q)
{
    term_t items[5] = {
        term_tuple2(h, ATOM_max_heap_size, bif_max_heap_term(h, &q->gc.max_heap)),
        term_tuple2(h, ATOM_min_bin_vheap_size, term_small((int64_t)q->gc.min_vheap_words)),
        term_tuple2(h, ATOM_min_heap_size, term_small((int64_t)q->gc.min_heap_words)),
        term_tuple2(h, ATOM_fullsweep_after, term_small(q->gc.fullsweep_after)),
        term_tuple2(h, ATOM_minor_gcs, term_small(q->gc.minor_since_major)),
    };
    return term_list_from(h, items, 5, NIL);
}

/* `running` for the caller itself, for a process that ran when asked, and
 * for one that a message woke in receive but that has not run since: OTP
 * has such a process answer the request itself, while it runs. */
static term_t status_of(const process *p, const process *q, sched_claim_result claim)
{
    if (p == q || claim == SCHED_CLAIM_RUNNING)
        return ATOM_running;
    uint32_t st = atomic_load(&q->state);
    if (st & PS_EXITING)
        return ATOM_exiting;
    if (st & PS_WAITING)
        return ATOM_waiting;
    opcode op = q->pc ? interp_word_op(q->pc[0]) : OP_COUNT;
    return op == OP_wait || op == OP_wait_timeout ? ATOM_running : ATOM_runnable;
}

/* The items process_info/2 knows; the first INFO_1_ITEMS, in this order,
 * are process_info/1's (after registered_name when there is one). */
static const char *const info_items[] = {
    "current_function",
    "initial_call",
    "status",
    "message_queue_len",
    "links",
    "dictionary",
    "trap_exit",
    "error_handler",
    "priority",
    "group_leader",
    "total_heap_size",
    "heap_size",
    "stack_size",
    "reductions",
    "garbage_collection",
    "suspending",
    "registered_name",
    "messages",
    "monitors",
    "monitored_by",
    "memory",
    "max_heap_size",
    "min_heap_size",
    "min_bin_vheap_size",
    "fullsweep_after",
    "current_stacktrace",
    "current_location",
    "binary",
    "catchlevel",
    "garbage_collection_info",
    "last_calls",
    "message_queue_data",
    "parent",
    "sequential_trace_token",
    "trace",
    "backtrace",
};
#define INFO_1_ITEMS 16

static bool is_info_item(term_t item)
{
    if (!term_is_atom(item))
        return false;
    for (size_t i = 0; i < sizeof info_items / sizeof info_items[0]; i++)
        if (item == atom_from_cstr(info_items[i]))
            return true;
    return false;
}

/* process_info(P, trace): p's trace flags (the union of every session's)
 * as OTP 25's word of them, its F_TRACE_* bits. */
static int64_t otp_trace_word(uint32_t flags)
{
    static const struct {
        uint32_t ours, otp;
    } bits[] = {
        {TF_TIMESTAMP, 0x1},        {TF_CPU_TIMESTAMP, 0x1},  {TF_STRICT_MONOTONIC, 0x2},
        {TF_MONOTONIC, 0x4},        {TF_SEND, 0x10},          {TF_RECEIVE, 0x20},
        {TF_SOS, 0x40},             {TF_SOFS, 0x80},          {TF_SOL, 0x100},
        {TF_SOFL, 0x200},           {TF_CALL, 0x400},         {TF_PROCS, 0x800},
        {TF_RUNNING, 0x2000},       {TF_GC, 0x4000},          {TF_ARITY, 0x8000},
        {TF_RETURN_TO, 0x10000},    {TF_SILENT, 0x20000},     {TF_RUNNING_PORTS, 0x100000},
        {TF_RUNNING_PROCS, 0x200000}, {TF_PORTS, 0x400000},   {TF_SCHEDULER_ID, 0x800000},
        {TF_EXITING, 0x1000000},
    };
    int64_t w = 0;
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        if (flags & bits[i].ours)
            w |= bits[i].otp;
    return w;
}

/* process_info(P, binary): {Id, Bytes, RefCount} for every handle q's
 * heaps hold on an off-heap binary, young generation first. */
static term_t binary_info(heap_t *h, const process *q)
{
    const heap_t *heaps[2] = {&q->heap, &q->gc.old};
    list_builder b;
    lb_init(&b, h);
    for (int i = 0; i < 2; i++)
        for (const offheap_hdr *o = heaps[i]->offheap; o; o = o->next) {
            if (header_subtag(o->header) != HDR_REFC_BIN)
                continue;
            const binary_t *v = ((const refc_bin_obj *)(const void *)o)->val;
            term_t e[3] = {term_uint64(h, (uint64_t)(uintptr_t)v), term_uint64(h, v->size),
                           term_uint64(h, atomic_load_explicit(&v->refc, memory_order_relaxed))};
            lb_add(&b, term_tuple(h, 3, e));
        }
    return b.head;
}

/* process_info(Q, backtrace) on h: the text vm_set_backtrace's function
 * makes. */
static term_t backtrace_of(heap_t *h, const process *q)
{
    return proc_backtrace_fn ? proc_backtrace_fn(h, q) : bin_new(h, (const uint8_t *)"", 0);
}

/* The value of the process_info item `item` (one of info_items) of q, on
 * p's heap; q is p or claimed by p (`claim` says how). A sensitive q shows
 * no messages and an empty dictionary, and with `with_messages` (the
 * messages asked in the same call) a queue of 0, as OTP. */
static term_t info_item(process *p, process *q, sched_claim_result claim, term_t item, bool with_messages)
{
    heap_t *h = &p->heap;
    gc_info gi;
    if (item == ATOM_registered_name)
        return name_of(h, q->pid);
    if (item == ATOM_current_function) {
        /* the function of the saved pc (for p itself: where it called
         * the BIF) */
        code_location loc;
        const code_t *hd = code_find(q->pc, &loc) ? loc.header : NULL;
        if (!hd && q->nframes > 0 && code_find(q->frames[q->nframes - 1].pc - 1, &loc))
            hd = loc.header; /* called through an export stub: the caller */
        if (!hd)
            return mfa_tuple(h, q->initial_call[0], q->initial_call[1], q->initial_call[2]);
        return mfa_tuple(h, (term_t)hd[FH_MODULE], (term_t)hd[FH_NAME], term_small((int64_t)hd[FH_ARITY]));
    }
    if (item == ATOM_initial_call)
        return mfa_tuple(h, q->initial_call[0], q->initial_call[1], q->initial_call[2]);
    if (item == atom_from_cstr("current_stacktrace"))
        return proc_current_stacktrace(h, q);
    if (item == atom_from_cstr("backtrace"))
        return backtrace_of(h, q);
    if (item == atom_from_cstr("current_location")) {
        /* the first frame of the stack trace; OTP's {M, F, A, []} when
         * there is none */
        term_t st = proc_current_stacktrace(h, q);
        if (st != NIL)
            return list_head(st);
        term_t mfa = info_item(p, q, claim, ATOM_current_function, false);
        term_t t[4] = {tuple_get(mfa, 0), tuple_get(mfa, 1), tuple_get(mfa, 2), NIL};
        return term_tuple(h, 4, t);
    }
    if (item == ATOM_status)
        return status_of(p, q, claim);
    if (q->sensitive && (item == ATOM_messages || item == ATOM_dictionary))
        return NIL;
    if (q->sensitive && with_messages && item == ATOM_message_queue_len)
        return term_small(0);
    if (item == ATOM_message_queue_len || item == ATOM_messages)
        return message_info(h, q, item == ATOM_messages);
    if (item == ATOM_links)
        return link_list(h, q, LINK);
    if (item == ATOM_monitors)
        return link_list(h, q, MONITOR_OUT);
    if (item == atom_from_cstr("monitored_by"))
        return link_list(h, q, MONITOR_IN);
    if (item == ATOM_dictionary)
        return p == q ? q->dict : copy_term(h, q->dict);
    if (item == ATOM_trap_exit)
        return atomic_load(&q->state) & PS_TRAP_EXIT ? ATOM_true : ATOM_false;
    if (item == atom_from_cstr("error_handler"))
        return atom_from_cstr("error_handler");
    if (item == ATOM_priority)
        return q->priority;
    if (item == ATOM_group_leader)
        return q->group_leader;
    if (item == ATOM_memory)
        return term_uint64(h, proc_memory(q));
    if (item == ATOM_total_heap_size || item == ATOM_heap_size || item == ATOM_stack_size) {
        gc_info_get(&q->heap, &q->gc, q->stack_top, &gi);
        if (item == ATOM_heap_size)
            return term_small((int64_t)gi.heap_block_size);
        if (item == ATOM_stack_size)
            return term_small((int64_t)q->stack_top + q->nframes);
        return term_small((int64_t)gc_info_total_heap(&gi));
    }
    if (item == ATOM_reductions) {
        uint64_t r = q->reds_total;
        if (p == q)
            r += (uint64_t)(SCHED_SLICE_REDS - (p->reds > 0 ? p->reds : 0));
        return term_uint64(h, r);
    }
    if (item == ATOM_garbage_collection)
        return gc_options(h, q);
    if (item == ATOM_max_heap_size)
        return bif_max_heap_term(h, &q->gc.max_heap);
    if (item == ATOM_min_heap_size)
        return term_small((int64_t)q->gc.min_heap_words);
    if (item == ATOM_min_bin_vheap_size)
        return term_small((int64_t)q->gc.min_vheap_words);
    if (item == ATOM_fullsweep_after)
        return term_small(q->gc.fullsweep_after);
    if (item == atom_from_cstr("garbage_collection_info")) {
        gc_info_get(&q->heap, &q->gc, q->stack_top, &gi);
        return gc_info_list(h, &gi, false);
    }
    if (item == ATOM_message_queue_data)
        return q->mq_off_heap ? ATOM_off_heap : ATOM_on_heap;
    if (item == atom_from_cstr("parent"))
        return q->parent;
    if (item == atom_from_cstr("catchlevel"))
        return term_small(q->ncatches);
    if (item == atom_from_cstr("trace"))
        return term_small(otp_trace_word(q->trace_flags_set));
    if (item == atom_from_cstr("binary"))
        return binary_info(h, q);
    if (item == atom_from_cstr("last_calls"))
        return ATOM_false; /* process_flag(save_calls, N) is not supported */
    if (item == atom_from_cstr("sequential_trace_token"))
        return seq_token_term(q, h);
    ASSERT(item == atom_from_cstr("suspending"));
    return NIL;
}

/* The process pid for process_info: p itself, or another live process
 * claimed by p (*claim says how; info_done releases it). NULL when there
 * is no such process. */
static process *info_target(process *p, term_t pid, sched_claim_result *claim)
{
    *claim = SCHED_CLAIM_IDLE;
    if (pid == p->pid)
        return p;
    process *q = proc_lookup(pid);
    if (q && (*claim = sched_claim(p, q)) == SCHED_CLAIM_GONE)
        q = NULL;
    return q;
}

static void info_done(process *p, process *q)
{
    if (q != p)
        sched_release(q);
}

/* process_info(Pid, Item | [Item]). Another process is read while it is
 * claimed (not running), so the answer shows it at one moment between two
 * of its time slices, as OTP's shows it at the moment it handles the
 * request. */
term_t bif_proc_process_info_2(process *p, const term_t *args)
{
    term_t pid = args[0], item = args[1];
    if (!term_is_local_pid(pid))
        return BIF_BADARG(p);
    bool many = term_is_list(item) || item == NIL;
    if (many) {
        if (list_length(item) < 0)
            return BIF_BADARG(p);
        for (term_t l = item; l != NIL; l = list_tail(l))
            if (!is_info_item(list_head(l)))
                return BIF_BADARG(p);
    } else if (!is_info_item(item)) {
        return BIF_BADARG(p);
    }
    sched_claim_result claim;
    process *q = info_target(p, pid, &claim);
    if (!q)
        return ATOM_undefined;
    term_t out = NIL;
    if (many) {
        list_builder b;
        lb_init(&b, &p->heap);
        bool with_messages = false;
        for (term_t l = item; l != NIL; l = list_tail(l))
            with_messages |= list_head(l) == ATOM_messages;
        for (term_t l = item; l != NIL; l = list_tail(l))
            lb_add(&b,
                   term_tuple2(&p->heap, list_head(l), info_item(p, q, claim, list_head(l), with_messages)));
        out = b.head;
    } else {
        term_t v = info_item(p, q, claim, item, false);
        /* OTP: [] rather than {registered_name, []} when not registered */
        out = item == ATOM_registered_name && v == NIL ? NIL : term_tuple2(&p->heap, item, v);
    }
    info_done(p, q);
    return out;
}

term_t bif_proc_process_info_1(process *p, const term_t *args)
{
    if (!term_is_local_pid(args[0]))
        return BIF_BADARG(p);
    sched_claim_result claim;
    process *q = info_target(p, args[0], &claim);
    if (!q)
        return ATOM_undefined;
    term_t out = NIL;
    for (size_t i = INFO_1_ITEMS; i-- > 0;) {
        term_t item = atom_from_cstr(info_items[i]);
        out = term_cons(&p->heap, term_tuple2(&p->heap, item, info_item(p, q, claim, item, false)), out);
    }
    term_t name = name_of(&p->heap, q->pid);
    if (name != NIL)
        out = term_cons(&p->heap, term_tuple2(&p->heap, ATOM_registered_name, name), out);
    info_done(p, q);
    return out;
}

/* erlang:process_display(Pid, backtrace): the text of process_info(Pid,
 * backtrace) on standard error, true; badarg for any other type, or a pid
 * that is no live local process (OTP's answers). */
term_t bif_proc_process_display_2(process *p, const term_t *args)
{
    if (!term_is_local_pid(args[0]) || args[1] != atom_from_cstr("backtrace"))
        return BIF_BADARG(p);
    sched_claim_result claim;
    process *q = info_target(p, args[0], &claim);
    if (!q)
        return BIF_BADARG(p);
    term_t text = backtrace_of(&p->heap, q);
    info_done(p, q);
    bin_view v;
    bin_view_of(text, &v);
    vm_write(VM_STDERR, (const char *)v.bytes, v.size);
    return ATOM_true;
}

/* garbage_collect() on p itself: the interpreter collects once the result
 * is in its register (TRAP_GC; bif_stub sets the registers to scan). */
term_t bif_proc_garbage_collect_0(process *p, const term_t *args)
{
    (void)args;
    return bif_trap(p, ATOM_true, TRAP_GC);
}

/* Another process collects at its next function entry (OTP answers true
 * at once too; the collection is asynchronous). */
term_t bif_proc_garbage_collect_1(process *p, const term_t *args)
{
    if (!term_is_local_pid(args[0]))
        return BIF_BADARG(p);
    if (args[0] == p->pid)
        return bif_trap(p, ATOM_true, TRAP_GC);
    return proc_lookup(args[0]) ? ATOM_true : ATOM_false;
}
