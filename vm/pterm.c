/* pterm.c: persistent terms: the entries (each a literal area holding
 * {Key, Value}), the table readers search without a lock (an immutable
 * hash table that every update replaces, the old one freed after thread
 * progress), and the release of a replaced or erased entry (a literal
 * area collection over every process). docs/internals/persistent-terms.md
 * has the design. */
#include "pterm.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "alloc.h"
#include "cmp.h"
#include "copy.h"
#include "hash.h"
#include "progress.h"
#include "sched.h"

/* ---- entries ---------------------------------------------------------------- */

/* One entry: {Key, Value} copied by copy_term into mem[] (so its words
 * can be walked and point nowhere outside mem but at off-heap data), the
 * handles of that data on `offheap`. Immutable once made; ALLOC_LITERAL,
 * as OTP allocates its literal areas. */
typedef struct pterm_entry {
    uint32_t hash;  /* the key's hash_internal */
    uint64_t epoch; /* of the first table that held it */
    size_t words;   /* of mem */
    offheap_hdr *offheap;
    term_t pair; /* {Key, Value}, in mem */
    term_t mem[];
} pterm_entry;

static size_t entry_bytes(const pterm_entry *e) { return sizeof *e + e->words * sizeof(term_t); }
static term_t entry_key(const pterm_entry *e) { return tuple_get(e->pair, 0); }
static term_t entry_value(const pterm_entry *e) { return tuple_get(e->pair, 1); }

static pterm_entry *entry_new(term_t key, term_t value, uint32_t hash)
{
    size_t words = 3 + copy_size(key) + copy_size(value);
    pterm_entry *e = alloc_new(ALLOC_LITERAL, sizeof *e + words * sizeof(term_t));
    heap_t h = {.top = e->mem, .limit = e->mem + words, .type = ALLOC_LITERAL};
    /* the tuple first, then what it holds: the block is walkable */
    term_t *t = heap_alloc(&h, 3);
    t[0] = header_make(2, HDR_TUPLE);
    t[1] = copy_term(&h, key);
    t[2] = copy_term(&h, value);
    ASSERT(h.top == h.limit && h.blocks == NULL);
    e->hash = hash;
    e->words = words;
    e->offheap = h.offheap;
    e->pair = term_boxed(t);
    return e;
}

/* A progress_fn: frees an entry no process refers to any more. */
static void entry_free(void *arg)
{
    pterm_entry *e = arg;
    for (offheap_hdr *o = e->offheap, *next; o; o = next) {
        next = o->next;
        heap_release_offheap_obj(o);
    }
    alloc_free(ALLOC_LITERAL, e, entry_bytes(e));
}

/* ---- the table ---------------------------------------------------------------- */

/* Open addressing, linear probing, at most half full, so a probe always
 * ends at an empty slot. Never changed once published. */
typedef struct pterm_table {
    size_t cap; /* slots: a power of two */
    size_t count;
    uint64_t epoch; /* tables are numbered from 1 as they are made */
    uint64_t bytes; /* the table's and its entries': info/0's memory */
    pterm_entry *slots[];
} pterm_table;

#define TABLE_MIN_CAP 8

static size_t table_bytes(size_t cap) { return sizeof(pterm_table) + cap * sizeof(pterm_entry *); }

/* The current table (NULL while empty): readers load it with acquire, and
 * may use it until their next safe point. Updates are made under
 * update_lock. */
static _Atomic(pterm_table *) current;
static pthread_mutex_t update_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t last_epoch; /* under update_lock */

static pterm_entry *find(const pterm_table *t, term_t key, uint32_t hash)
{
    if (!t)
        return NULL;
    size_t mask = t->cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        pterm_entry *e = t->slots[i];
        if (!e || (e->hash == hash && term_eq_exact(entry_key(e), key)))
            return e;
    }
}

static void insert(pterm_table *t, pterm_entry *e)
{
    size_t mask = t->cap - 1, i = e->hash & mask;
    while (t->slots[i])
        i = (i + 1) & mask;
    t->slots[i] = e;
    t->count++;
    t->bytes += entry_bytes(e);
}

/* A new table: old's entries but `drop`, plus `add` (either may be NULL);
 * NULL when that leaves none. Under update_lock. */
static pterm_table *table_with(const pterm_table *old, const pterm_entry *drop, pterm_entry *add)
{
    size_t count = (old ? old->count : 0) - (drop != NULL) + (add != NULL);
    if (count == 0)
        return NULL;
    size_t cap = TABLE_MIN_CAP;
    while (cap < 2 * count)
        cap *= 2;
    pterm_table *t = alloc_zeroed(ALLOC_PTERM, table_bytes(cap));
    t->cap = cap;
    t->bytes = table_bytes(cap);
    t->epoch = ++last_epoch;
    if (add)
        add->epoch = t->epoch;
    for (size_t i = 0; old && i < old->cap; i++)
        if (old->slots[i] && old->slots[i] != drop)
            insert(t, old->slots[i]);
    if (add)
        insert(t, add);
    return t;
}

/* A progress_fn: frees a table no reader can hold any more (not its
 * entries). */
static void table_free(void *arg)
{
    pterm_table *t = arg;
    alloc_free(ALLOC_PTERM, t, table_bytes(t->cap));
}

/* Publishes t in place of old, which is freed after thread progress. */
static void publish_locked(pterm_table *old, pterm_table *t)
{
    atomic_store_explicit(&current, t, memory_order_release);
    if (old)
        progress_defer(table_free, old);
}

/* The current table, for `reader`, which may keep what it finds there. */
static const pterm_table *read_table(process *reader)
{
    const pterm_table *t = atomic_load_explicit(&current, memory_order_acquire);
    if (t && reader)
        reader->pterm_epoch = t->epoch;
    return t;
}

bool pterm_get(process *reader, term_t key, term_t *value)
{
    const pterm_entry *e = find(read_table(reader), key, hash_internal(key, 0));
    if (!e)
        return false;
    *value = entry_value(e);
    return true;
}

term_t pterm_all(process *reader, heap_t *h)
{
    const pterm_table *t = read_table(reader);
    term_t l = NIL;
    for (size_t i = 0; t && i < t->cap; i++)
        if (t->slots[i])
            l = term_cons(h, t->slots[i]->pair, l);
    return l;
}

void pterm_info(uint64_t *count, uint64_t *bytes)
{
    const pterm_table *t = atomic_load_explicit(&current, memory_order_acquire);
    *count = t ? t->count : 0;
    *bytes = t ? t->bytes : 0;
}

/* ---- releasing an entry -------------------------------------------------------- */

/* The entries being released now, each with the process releasing it.
 * While a releaser is parked in release() (waiting to claim a process, or
 * for thread progress) it holds no term of its own heap, so another
 * release may collect it there, as it collects a process between time
 * slices. Any other parked process is in a BIF that may hold terms of its
 * heap in C variables: when it uses the entry, it is marked PS_LITERALS
 * and copies what it uses itself when its next time slice starts
 * (pterm_copy_released), unless the release finds it unparked first. A
 * mutex: pterm_copy_released collects while it holds it. */
typedef struct releaser {
    term_t pid;
    const pterm_entry *e;
    struct releaser *next;
} releaser;

static pthread_mutex_t releasers_lock = PTHREAD_MUTEX_INITIALIZER;
static releaser *releasers;

static void add_releaser(releaser *r)
{
    pthread_mutex_lock(&releasers_lock);
    r->next = releasers;
    releasers = r;
    pthread_mutex_unlock(&releasers_lock);
}

static void remove_releaser(releaser *r)
{
    pthread_mutex_lock(&releasers_lock);
    releaser **pp = &releasers;
    while (*pp != r)
        pp = &(*pp)->next;
    *pp = r->next;
    pthread_mutex_unlock(&releasers_lock);
}

static bool is_releaser(term_t pid)
{
    pthread_mutex_lock(&releasers_lock);
    const releaser *r = releasers;
    while (r && r->pid != pid)
        r = r->next;
    pthread_mutex_unlock(&releasers_lock);
    return r != NULL;
}

void pterm_copy_released(process *p)
{
    atomic_fetch_and_explicit(&p->state, ~(uint32_t)PS_LITERALS, memory_order_relaxed);
    pthread_mutex_lock(&releasers_lock);
    for (const releaser *r = releasers; r; r = r->next)
        proc_copy_literal_area(p, r->e->mem, r->e->words, r->e->offheap);
    pthread_mutex_unlock(&releasers_lock);
}

/* Makes q (claimed) hold nothing of e; false when q must be asked again
 * later: it is parked in a BIF and uses e (it is marked to copy what it
 * uses itself). A process that has read no table since e was stored has
 * nothing of it: its heap is not looked at. */
static bool clear_process(process *q, const pterm_entry *e)
{
    if (q->pterm_epoch < e->epoch)
        return true;
    if ((atomic_load_explicit(&q->state, memory_order_relaxed) & SCHED_PARKED) && !is_releaser(q->pid)) {
        if (!proc_reaches(q, e->mem, e->words))
            return true;
        atomic_fetch_or_explicit(&q->state, PS_LITERALS, memory_order_relaxed);
        sched_yield_soon(q);
        return false;
    }
    proc_copy_literal_area(q, e->mem, e->words, e->offheap);
    return true;
}

/* Frees e, which no table holds any more, once no process refers to it:
 * every process that exists now is claimed in turn and copies what it
 * uses of e onto its heap (a process made later cannot reach e: spawn
 * arguments, messages and ets objects are copies, and no table leads to
 * it), the caller last; then e waits for thread progress, so that a
 * process that was exiting meanwhile (its exit reason may be in e) has
 * finished. */
static void release(process *caller, pterm_entry *e)
{
    releaser self = {caller->pid, e, NULL};
    add_releaser(&self);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t l = proc_all_pids(&h);
    size_t n = (size_t)list_length(l), cap = n ? n : 1;
    term_t *pids = alloc_new(ALLOC_TEMP, cap * sizeof *pids);
    for (size_t i = 0; i < n; i++, l = list_tail(l))
        pids[i] = list_head(l);
    heap_destroy(&h);
    while (n > 0) {
        size_t again = 0;
        for (size_t i = 0; i < n; i++) {
            if (pids[i] == caller->pid)
                continue;
            process *q = proc_lookup(pids[i]);
            if (!q || sched_claim(caller, q) == SCHED_CLAIM_GONE)
                continue;
            if (!clear_process(q, e))
                pids[again++] = pids[i];
            sched_release(q);
        }
        n = again;
        if (n > 0) {
            /* A parked process waits for a claim or for thread progress,
             * and its next time slice is after a safe point: let them
             * happen before asking again. */
            sched_park(caller);
            progress_wait(progress_later());
            sched_unpark(caller);
        }
    }
    alloc_free(ALLOC_TEMP, pids, cap * sizeof *pids);
    remove_releaser(&self);
    if (caller->pterm_epoch >= e->epoch)
        proc_copy_literal_area(caller, e->mem, e->words, e->offheap);
    progress_defer(entry_free, e);
}

/* ---- updates ------------------------------------------------------------------ */

/* Whether key is stored with a value exactly equal to value. */
static bool stored_as(const pterm_table *t, term_t key, term_t value, uint32_t hash)
{
    const pterm_entry *e = find(t, key, hash);
    return e && term_eq_exact(entry_value(e), value);
}

void pterm_put(process *caller, term_t key, term_t value)
{
    uint32_t hash = hash_internal(key, 0);
    if (stored_as(atomic_load_explicit(&current, memory_order_acquire), key, value, hash))
        return;
    pterm_entry *e = entry_new(key, value, hash); /* outside the lock: it may be large */
    pthread_mutex_lock(&update_lock);
    pterm_table *t = atomic_load_explicit(&current, memory_order_relaxed);
    if (stored_as(t, key, value, hash)) {
        pthread_mutex_unlock(&update_lock);
        entry_free(e);
        return;
    }
    pterm_entry *old = find(t, key, hash);
    publish_locked(t, table_with(t, old, e));
    pthread_mutex_unlock(&update_lock);
    if (old)
        release(caller, old);
}

bool pterm_erase(process *caller, term_t key)
{
    uint32_t hash = hash_internal(key, 0);
    pthread_mutex_lock(&update_lock);
    pterm_table *t = atomic_load_explicit(&current, memory_order_relaxed);
    pterm_entry *old = find(t, key, hash);
    if (old)
        publish_locked(t, table_with(t, old, NULL));
    pthread_mutex_unlock(&update_lock);
    if (!old)
        return false;
    release(caller, old);
    return true;
}
