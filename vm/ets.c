/* ets.c: ets tables (vm/ets.h) and the ets BIFs (vm/ets.def), with OTP 25's
 * results and badargs. docs/internals/ets.md describes the mechanism. */
#include "ets.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "cmp.h"
#include "copy.h"
#include "hash.h"
#include "sched.h"
#include "timer.h"
#include "tstack.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "ets.def"
#undef BIF

/* ---- atoms ------------------------------------------------------------------------- */

static _Atomic term_t slot_set, slot_ordered_set, slot_bag, slot_duplicate_bag, slot_public, slot_protected,
    slot_private, slot_named_table, slot_keypos, slot_heir, slot_none, slot_write_concurrency,
    slot_read_concurrency, slot_decentralized_counters, slot_compressed, slot_auto, slot_id, slot_owner,
    slot_protection, slot_node, slot_fixed, slot_safe_fixed, slot_safe_fixed_monotonic_time,
    slot_end_of_table, slot_ets_transfer, slot_ets_cont, slot_name;
#define AM(name) atom_cached(&slot_##name, #name)
#define AM_END_OF_TABLE atom_cached(&slot_end_of_table, "$end_of_table")
#define AM_ETS_TRANSFER atom_cached(&slot_ets_transfer, "ETS-TRANSFER")
#define AM_ETS_CONT atom_cached(&slot_ets_cont, "$ets_select")

/* ---- errors ------------------------------------------------------------------------ */

/* Why an ets BIF failed, as OTP's error_info `cause` says it (what
 * erl_stdlib_errors explains): E_NONE, no cause (the arguments say it);
 * the table argument: E_TYPE, neither an atom nor a table identifier; E_ID,
 * no such table; E_ACCESS, not allowed to this process; E_TABLE_TYPE, not
 * for this kind of table; the others: E_BADKEY, no object of the key;
 * E_KEYPOS, a position that is the key's; E_POSITION, a position past the
 * object; E_OWNER, the process owns the table already; E_NOT_OWNER, it does
 * not; E_ALREADY_EXISTS, a table of the name exists. */
typedef enum ets_cause {
    E_NONE,
    E_TYPE,
    E_ID,
    E_ACCESS,
    E_TABLE_TYPE,
    E_BADKEY,
    E_KEYPOS,
    E_POSITION,
    E_OWNER,
    E_NOT_OWNER,
    E_ALREADY_EXISTS,
} ets_cause;

/* badarg with OTP's error_info for cause c: #{cause => C, module =>
 * erl_stdlib_errors}, or the module alone for E_NONE. */
static term_t ets_badarg(process *p, ets_cause c)
{
    static const char *const names[] = {
        [E_TYPE] = "type",           [E_ID] = "id",
        [E_ACCESS] = "access",       [E_TABLE_TYPE] = "table_type",
        [E_BADKEY] = "badkey",       [E_KEYPOS] = "keypos",
        [E_POSITION] = "position",   [E_OWNER] = "owner",
        [E_NOT_OWNER] = "not_owner", [E_ALREADY_EXISTS] = "already_exists",
    };
    if (c == E_NONE)
        return BIF_BADARG(p);
    return bif_badarg_cause(p, atom_from_cstr(names[c]), atom_from_cstr("erl_stdlib_errors"));
}

/* ---- objects ----------------------------------------------------------------------- */

typedef enum tab_type { T_SET, T_ORDERED_SET, T_BAG, T_DUPLICATE_BAG } tab_type;
typedef enum tab_access { A_PRIVATE, A_PROTECTED, A_PUBLIC } tab_access;

/* A stored term: a copy in mem[] of its own (copy_term into a heap that is
 * this block), holding its refc binaries and magic references by count
 * through `offheap`. Hash tables chain objects by `link[0]` in key groups
 * (a bag's objects of one key next to each other, in insertion order);
 * ordered_set is an AVL tree over link[0] (left) and link[1] (right). */
typedef struct ets_obj ets_obj;
struct ets_obj {
    ets_obj *link[2];
    term_t key;     /* the term's key element (in mem[]); a search reads only these first words */
    uint32_t hash;  /* hash tables: the key's */
    int32_t height; /* ordered_set: the AVL height of this subtree */
    term_t term;
    offheap_hdr *offheap;
    size_t words; /* of mem */
    term_t mem[];
};

/* A copy of t; keypos names its key element (0: t is no table object,
 * such as the heir's data). */
static ets_obj *obj_new(term_t t, unsigned keypos)
{
    size_t words = copy_size(t);
    ets_obj *o = alloc_new(ALLOC_ETS, sizeof *o + words * sizeof(term_t));
    heap_t h = {.top = o->mem, .limit = o->mem + words, .type = ALLOC_ETS};
    o->term = copy_term(&h, t);
    o->key = keypos ? tuple_get(o->term, keypos - 1) : THE_NON_VALUE;
    ASSERT(h.top == h.limit && h.blocks == NULL);
    o->offheap = h.offheap;
    o->words = words;
    o->link[0] = o->link[1] = NULL;
    o->hash = 0;
    o->height = 1;
    return o;
}

static void obj_free(ets_obj *o)
{
    for (offheap_hdr *h = o->offheap, *next; h; h = next) {
        next = h->next;
        heap_release_offheap_obj(h);
    }
    alloc_free(ALLOC_ETS, o, sizeof *o + o->words * sizeof(term_t));
}

/* Words an object takes, as ets:info(T, memory) counts them. */
static size_t obj_words(const ets_obj *o) { return sizeof *o / sizeof(term_t) + o->words; }

/* ---- tables ------------------------------------------------------------------------ */

typedef struct ets_table ets_table;
struct ets_table {
    vm_magic m; /* the registry's count while the table lives, one per tid */
    pthread_rwlock_t lock;
    uint32_t ids[3]; /* the tid's */
    term_t name;
    tab_type type;
    tab_access access;
    unsigned keypos;
    bool named, dead;
    bool read_conc, write_conc, compressed, decentralized;
    term_t owner;       /* changed under the registry's lock and the table's */
    term_t heir;        /* a pid, or none */
    ets_obj *heir_data; /* with heir: the data, as an object */
    size_t size, words; /* objects, and the words of all of them */
    ets_obj **buckets;  /* hash tables */
    size_t nbuckets;
    ets_obj *root; /* ordered_set */
    /* safe_fixtable: who fixed the table how many times; a fixed hash
     * table neither grows nor shrinks, so its order holds */
    struct fixer {
        term_t pid;
        uint64_t n;
    } * fixers;
    size_t nfixers;
    int64_t fixed_ns, fixed_mono; /* when the first fixer came: system and monotonic time */
    ets_table *next, *prev;       /* the registry's list of live tables */
    ets_table *name_next;         /* the registry's chain of a name bucket */
};

#define MIN_BUCKETS 16u
#define NAME_BUCKETS 256u
/* Words of a table's own record, counted in its memory as OTP counts its
 * table structure. */
#define TABLE_WORDS (sizeof(ets_table) / sizeof(term_t))

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static ets_table *reg_all;
static ets_table *reg_names[NAME_BUCKETS];
static const ets_ms_engine *ms_engine;

void ets_set_ms_engine(const ets_ms_engine *e) { ms_engine = e; }

static void table_destroy(vm_magic *m)
{
    ets_table *tb = (ets_table *)(void *)m;
    pthread_rwlock_destroy(&tb->lock);
    alloc_free(ALLOC_ETS, tb, sizeof *tb);
}

static bool is_hash(const ets_table *tb) { return tb->type != T_ORDERED_SET; }

/* Whether two keys are one key of tb: =:= in a hash table, == in an
 * ordered_set. */
static bool keys_equal(const ets_table *tb, term_t a, term_t b)
{
    return is_hash(tb) ? term_eq_exact(a, b) : term_cmp(a, b) == 0;
}
static term_t key_of(const ets_table *tb, const ets_obj *o)
{
    ASSERT(o->key == tuple_get(o->term, tb->keypos - 1));
    (void)tb;
    return o->key;
}

static uint32_t key_hash(term_t k)
{
    if (term_is_immed(k)) { /* equal immediates are equal words */
        uint64_t x = k * 0x9E3779B97F4A7C15u;
        return (uint32_t)(x >> 32);
    }
    return hash_internal(k, 0);
}

static size_t table_words(const ets_table *tb) { return TABLE_WORDS + tb->nbuckets + tb->words; }

/* ---- hash tables: set, bag, duplicate_bag --------------------------------------------- */

static ets_obj **bucket_of(const ets_table *tb, uint32_t hash)
{
    return &tb->buckets[hash & (tb->nbuckets - 1)];
}

/* Objects deleted from a fixed hash table stay in place, marked dead
 * (height -1), so a walk that stands on one goes on from it; every read
 * passes over them, and the last unfix frees them (hash_sweep). */
static bool live(const ets_obj *o) { return o->height >= 0; }

static bool same_key(const ets_table *tb, const ets_obj *o, term_t key, uint32_t hash)
{
    return o->hash == hash && term_eq_exact(key_of(tb, o), key);
}

/* The link to the first object of key's group (dead ones included), or
 * the end of its chain. */
static ets_obj **hash_group(const ets_table *tb, term_t key, uint32_t hash)
{
    ets_obj **l = bucket_of(tb, hash);
    for (; *l; l = &(*l)->link[0])
        if (same_key(tb, *l, key, hash))
            return l;
    return l;
}

/* The first live object of key, or NULL. */
static ets_obj *hash_live(const ets_table *tb, term_t key, uint32_t hash)
{
    for (ets_obj *o = *hash_group(tb, key, hash); o && same_key(tb, o, key, hash); o = o->link[0])
        if (live(o))
            return o;
    return NULL;
}

static void hash_resize(ets_table *tb, size_t n)
{
    ets_obj **old = tb->buckets;
    size_t oldn = tb->nbuckets;
    tb->buckets = alloc_zeroed(ALLOC_ETS, n * sizeof *tb->buckets);
    tb->nbuckets = n;
    /* chains keep their order, so a bag's key groups stay together */
    ets_obj **tails = alloc_new(ALLOC_TEMP, n * sizeof *tails);
    for (size_t i = 0; i < n; i++)
        tails[i] = NULL;
    for (size_t i = 0; i < oldn; i++) {
        for (ets_obj *o = old[i], *next; o; o = next) {
            next = o->link[0];
            o->link[0] = NULL;
            size_t b = o->hash & (n - 1);
            if (tails[b])
                tails[b]->link[0] = o;
            else
                tb->buckets[b] = o;
            tails[b] = o;
        }
    }
    alloc_free(ALLOC_TEMP, tails, n * sizeof *tails);
    alloc_free(ALLOC_ETS, old, oldn * sizeof *old);
}

/* After inserts and deletes: at most one object a bucket on average, at
 * least one in eight, MIN_BUCKETS at least; a fixed table keeps its size
 * until the last unfix. */
static void hash_grown(ets_table *tb)
{
    size_t n = tb->nbuckets;
    while (tb->size > n)
        n *= 2;
    if (n != tb->nbuckets && !tb->nfixers)
        hash_resize(tb, n);
}

static void hash_shrunk(ets_table *tb)
{
    size_t n = tb->nbuckets;
    while (n > MIN_BUCKETS && tb->size < n / 8)
        n /= 2;
    if (n != tb->nbuckets && !tb->nfixers)
        hash_resize(tb, n);
}

/* Deletes the live object *l: unlinks and frees it, or marks it dead in
 * a fixed table. Returns the link to what follows it. */
static ets_obj **hash_unlink(ets_table *tb, ets_obj **l)
{
    ets_obj *o = *l;
    tb->size--;
    if (tb->nfixers) {
        o->height = -1;
        return &o->link[0];
    }
    *l = o->link[0];
    tb->words -= obj_words(o);
    obj_free(o);
    return l;
}

/* Frees the dead objects of a table nobody fixes any more. */
static void hash_sweep(ets_table *tb)
{
    for (size_t i = 0; i < tb->nbuckets; i++) {
        for (ets_obj **l = &tb->buckets[i]; *l;) {
            ets_obj *o = *l;
            if (live(o)) {
                l = &o->link[0];
                continue;
            }
            *l = o->link[0];
            tb->words -= obj_words(o);
            obj_free(o);
        }
    }
}

/* The link to o in its chain. */
static ets_obj **hash_link_of(const ets_table *tb, const ets_obj *o)
{
    ets_obj **l = bucket_of(tb, o->hash);
    while (*l != o)
        l = &(*l)->link[0];
    return l;
}

/* Puts o, of the same key, in the place of *l, and frees the old one. */
static void hash_replace(ets_table *tb, ets_obj **l, ets_obj *o)
{
    ets_obj *old = *l;
    o->hash = old->hash;
    o->link[0] = old->link[0];
    *l = o;
    tb->words += obj_words(o) - obj_words(old);
    obj_free(old);
}

/* Puts o in, as ets:insert/2 does for the table's type. */
static void hash_put(ets_table *tb, ets_obj *o)
{
    term_t key = key_of(tb, o);
    o->hash = key_hash(key);
    ets_obj **l = hash_group(tb, key, o->hash);
    /* a set's live object of the key is replaced in place; else o goes
     * after the last object of the key's group (a bag keeps one copy) */
    for (; *l && same_key(tb, *l, key, o->hash); l = &(*l)->link[0]) {
        if (!live(*l))
            continue;
        if (tb->type == T_SET) {
            hash_replace(tb, l, o);
            return;
        }
        if (tb->type == T_BAG && term_eq_exact((*l)->term, o->term)) {
            obj_free(o);
            return;
        }
    }
    o->link[0] = *l;
    *l = o;
    tb->size++;
    tb->words += obj_words(o);
    hash_grown(tb);
}

/* ---- ordered_set: an AVL tree ------------------------------------------------------------ */

static int32_t height(const ets_obj *o) { return o ? o->height : 0; }

static void fix_height(ets_obj *o)
{
    int32_t l = height(o->link[0]), r = height(o->link[1]);
    o->height = 1 + (l > r ? l : r);
}

/* Rotates the subtree at o so that its child on side `dir` becomes its
 * root (dir 0: a right rotation). */
static ets_obj *rotate(ets_obj *o, int dir)
{
    ets_obj *c = o->link[dir];
    o->link[dir] = c->link[!dir];
    c->link[!dir] = o;
    fix_height(o);
    fix_height(c);
    return c;
}

static ets_obj *balance(ets_obj *o)
{
    fix_height(o);
    int32_t d = height(o->link[0]) - height(o->link[1]);
    if (d > 1 || d < -1) {
        int dir = d > 1 ? 0 : 1;
        ets_obj *c = o->link[dir];
        if (height(c->link[!dir]) > height(c->link[dir]))
            o->link[dir] = rotate(c, !dir);
        return rotate(o, dir);
    }
    return o;
}

typedef struct tree_op {
    ets_table *tb;
    term_t key;
    ets_obj *obj;     /* insert: the new object */
    ets_obj *removed; /* what an insert replaced or a delete unlinked */
    bool settled;     /* insert: a subtree below kept its height, so no subtree above changes */
} tree_op;

static ets_obj *tree_insert(tree_op *op, ets_obj *o)
{
    if (!o)
        return op->obj;
    int c = term_cmp(op->key, key_of(op->tb, o));
    if (c == 0) {
        ets_obj *n = op->obj;
        n->link[0] = o->link[0];
        n->link[1] = o->link[1];
        n->height = o->height;
        op->removed = o;
        op->settled = true;
        return n;
    }
    o->link[c > 0] = tree_insert(op, o->link[c > 0]);
    if (op->settled)
        return o;
    int32_t before = o->height;
    o = balance(o);
    op->settled = o->height == before;
    return o;
}

/* Unlinks the smallest object of the subtree o into op->removed. */
static ets_obj *tree_unlink_min(tree_op *op, ets_obj *o)
{
    if (!o->link[0]) {
        op->removed = o;
        return o->link[1];
    }
    o->link[0] = tree_unlink_min(op, o->link[0]);
    return balance(o);
}

static ets_obj *tree_delete(tree_op *op, ets_obj *o)
{
    if (!o)
        return NULL;
    int c = term_cmp(op->key, key_of(op->tb, o));
    if (c != 0) {
        o->link[c > 0] = tree_delete(op, o->link[c > 0]);
        return balance(o);
    }
    op->removed = o;
    if (!o->link[0] || !o->link[1])
        return o->link[0] ? o->link[0] : o->link[1];
    tree_op min = {.tb = op->tb};
    ets_obj *right = tree_unlink_min(&min, o->link[1]);
    ets_obj *m = min.removed;
    m->link[0] = o->link[0];
    m->link[1] = right;
    return balance(m);
}

static ets_obj *tree_find(const ets_table *tb, term_t key)
{
    ets_obj *o = tb->root;
    while (o) {
        int c = term_cmp(key, key_of(tb, o));
        if (c == 0)
            return o;
        o = o->link[c > 0];
    }
    return NULL;
}

/* The object after key (dir 1) or before it (dir 0), key in the table or
 * not; NULL at the end. */
static ets_obj *tree_step(const ets_table *tb, term_t key, int dir)
{
    ets_obj *o = tb->root, *best = NULL;
    while (o) {
        int c = term_cmp(key, key_of(tb, o));
        if (dir ? c < 0 : c > 0) {
            best = o;
            o = o->link[!dir];
        } else {
            o = o->link[dir];
        }
    }
    return best;
}

/* The first (dir 0: smallest) or last object. */
static ets_obj *tree_end(const ets_table *tb, int dir)
{
    ets_obj *o = tb->root;
    while (o && o->link[dir])
        o = o->link[dir];
    return o;
}

static void tree_put(ets_table *tb, ets_obj *o)
{
    tree_op op = {.tb = tb, .key = key_of(tb, o), .obj = o};
    tb->root = tree_insert(&op, tb->root);
    tb->words += obj_words(o);
    if (op.removed) {
        tb->words -= obj_words(op.removed);
        obj_free(op.removed);
    } else {
        tb->size++;
    }
}

/* Deletes the object of key; whether there was one. */
static bool tree_remove(ets_table *tb, term_t key)
{
    tree_op op = {.tb = tb, .key = key};
    tb->root = tree_delete(&op, tb->root);
    if (!op.removed)
        return false;
    tb->size--;
    tb->words -= obj_words(op.removed);
    obj_free(op.removed);
    return true;
}

static void tree_free(ets_obj *o)
{
    while (o) { /* the right spine in a loop, the left by recursion: depth is the tree's */
        tree_free(o->link[0]);
        ets_obj *r = o->link[1];
        obj_free(o);
        o = r;
    }
}

/* ---- either kind ------------------------------------------------------------------------ */

static void table_put(ets_table *tb, term_t t)
{
    ets_obj *o = obj_new(t, tb->keypos);
    if (is_hash(tb))
        hash_put(tb, o);
    else
        tree_put(tb, o);
}

/* Deletes every object of key; whether there was one. */
static bool table_remove(ets_table *tb, term_t key)
{
    if (!is_hash(tb))
        return tree_remove(tb, key);
    uint32_t h = key_hash(key);
    ets_obj **l = hash_group(tb, key, h);
    bool any = false;
    while (*l && same_key(tb, *l, key, h)) {
        if (!live(*l)) {
            l = &(*l)->link[0];
            continue;
        }
        l = hash_unlink(tb, l);
        any = true;
    }
    if (any)
        hash_shrunk(tb);
    return any;
}

/* Deletes every object (in a fixed hash table: marks them dead). */
static void table_clear(ets_table *tb)
{
    if (is_hash(tb) && tb->nfixers) {
        for (size_t i = 0; i < tb->nbuckets; i++)
            for (ets_obj *o = tb->buckets[i]; o; o = o->link[0])
                o->height = -1;
        tb->size = 0;
        return;
    }
    if (is_hash(tb)) {
        for (size_t i = 0; i < tb->nbuckets; i++) {
            for (ets_obj *o = tb->buckets[i], *next; o; o = next) {
                next = o->link[0];
                obj_free(o);
            }
            tb->buckets[i] = NULL;
        }
        if (tb->nbuckets > MIN_BUCKETS) {
            alloc_free(ALLOC_ETS, tb->buckets, tb->nbuckets * sizeof *tb->buckets);
            tb->buckets = alloc_zeroed(ALLOC_ETS, MIN_BUCKETS * sizeof *tb->buckets);
            tb->nbuckets = MIN_BUCKETS;
        }
    } else {
        tree_free(tb->root);
        tb->root = NULL;
    }
    tb->size = 0;
    tb->words = 0;
}

/* Calls fn on each object of key (none, one, or a bag's group in order);
 * fn returns false to stop. */
typedef bool obj_fn(ets_obj *o, void *arg);

static void each_of_key(const ets_table *tb, term_t key, obj_fn *fn, void *arg)
{
    if (!is_hash(tb)) {
        ets_obj *o = tree_find(tb, key);
        if (o)
            fn(o, arg);
        return;
    }
    uint32_t h = key_hash(key);
    for (ets_obj *o = *hash_group(tb, key, h); o && same_key(tb, o, key, h); o = o->link[0])
        if (live(o) && !fn(o, arg))
            return;
}

/* ---- the registry ----------------------------------------------------------------------- */

static ets_table **name_bucket(term_t name) { return &reg_names[(name >> 6) % NAME_BUCKETS]; }

/* Under reg_lock. */
static ets_table *named(term_t name)
{
    for (ets_table *tb = *name_bucket(name); tb; tb = tb->name_next)
        if (tb->name == name)
            return tb;
    return NULL;
}

static void name_unlink(ets_table *tb)
{
    for (ets_table **l = name_bucket(tb->name); *l; l = &(*l)->name_next)
        if (*l == tb) {
            *l = tb->name_next;
            return;
        }
}

static ets_table *magic_table(term_t t)
{
    if (!term_is_boxed_with(t, HDR_MAGIC_REF))
        return NULL;
    vm_magic *m = magic_ref_object(t)->magic;
    return m->destroy == table_destroy ? (ets_table *)(void *)m : NULL;
}

/* The height of subtree o after checking it (see ets_tree_check), or -1;
 * its keys must lie above *lo when lo is set, and *lo becomes its last. */
static int32_t tree_check(const ets_table *tb, const ets_obj *o, const term_t **lo)
{
    if (!o)
        return 0;
    int32_t l = tree_check(tb, o->link[0], lo);
    if (l < 0 || o->key != tuple_get(o->term, tb->keypos - 1) || (*lo && term_cmp(**lo, o->key) >= 0))
        return -1;
    *lo = &o->key;
    int32_t r = tree_check(tb, o->link[1], lo);
    int32_t h = 1 + (l > r ? l : r);
    return r < 0 || l - r > 1 || r - l > 1 || o->height != h ? -1 : h;
}

int ets_tree_check(term_t tid)
{
    ets_table *tb = magic_table(tid);
    if (!tb || is_hash(tb))
        return -1;
    pthread_rwlock_rdlock(&tb->lock);
    const term_t *lo = NULL;
    int32_t h = tree_check(tb, tb->root, &lo);
    pthread_rwlock_unlock(&tb->lock);
    return h;
}

/* A table the caller may use: its lock taken, and a count on it when it
 * was found by name (the tid term holds one otherwise). */
typedef struct tab {
    ets_table *tb;
    bool counted;
    ets_cause cause; /* why tab_open failed */
} tab;

static void tab_close(tab *t)
{
    pthread_rwlock_unlock(&t->tb->lock);
    if (t->counted)
        magic_release(&t->tb->m);
}

typedef enum access_need { NEED_READ, NEED_WRITE, NEED_INFO } access_need;

/* How tab_open locks: TAB_WRLOCK takes the writer's lock even to read
 * (give_away, setopts); TAB_REG_HELD: the caller holds reg_lock (delete,
 * rename, give_away, which change the registry). */
enum { TAB_WRLOCK = 1, TAB_REG_HELD = 2 };

/* Opens the table `id` names for p: false when there is none, or p may not
 * read (NEED_READ) or write (NEED_WRITE) it (t->cause says which). NEED_INFO checks no access
 * (info, and give_away and setopts, which check the owner themselves). */
static bool tab_open(process *p, term_t id, access_need need, unsigned how, tab *t)
{
    t->counted = false;
    t->cause = E_ID;
    t->tb = magic_table(id);
    if (!t->tb) {
        if (!term_is_atom(id)) {
            t->cause = E_TYPE;
            return false;
        }
        if (!(how & TAB_REG_HELD))
            pthread_mutex_lock(&reg_lock);
        t->tb = named(id);
        if (t->tb) {
            atomic_fetch_add_explicit(&t->tb->m.refc, 1, memory_order_relaxed);
            t->counted = true;
        }
        if (!(how & TAB_REG_HELD))
            pthread_mutex_unlock(&reg_lock);
        if (!t->tb)
            return false;
    }
    if ((how & TAB_WRLOCK) || need == NEED_WRITE)
        pthread_rwlock_wrlock(&t->tb->lock);
    else
        pthread_rwlock_rdlock(&t->tb->lock);
    ets_table *tb = t->tb;
    bool ok = !tb->dead;
    if (ok && need != NEED_INFO && tb->access != A_PUBLIC && tb->owner != p->pid) {
        ok = need == NEED_READ && tb->access == A_PROTECTED;
        t->cause = E_ACCESS;
    }
    if (!ok)
        tab_close(t);
    return ok;
}

/* The badarg of a failed tab_open, with its cause. */
static term_t tab_badarg(process *p, const tab *t) { return ets_badarg(p, t->cause); }

/* badarg for an argument other than the table, found before the table
 * was opened: OTP looks at the table first, so a table that cannot be
 * opened gives its cause, else there is none. */
static term_t arg_badarg(process *p, term_t id, access_need need)
{
    tab t;
    if (!tab_open(p, id, need, 0, &t))
        return tab_badarg(p, &t);
    tab_close(&t);
    return BIF_BADARG(p);
}

/* The tid (a magic reference to the table) on h. */
static term_t tid_term(heap_t *h, ets_table *tb) { return term_magic_ref(h, tb->ids, &tb->m); }

/* What the ets functions return for a table: its name when named. */
static term_t table_id(heap_t *h, ets_table *tb) { return tb->named ? tb->name : tid_term(h, tb); }

static bool claim_owner(term_t pid);
static void unclaim_owner(term_t pid);

/* Resizes tb's array of fixers to n entries (0: none). */
static void fixers_resize(ets_table *tb, size_t n)
{
    size_t old = tb->nfixers * sizeof *tb->fixers;
    if (n == 0) {
        alloc_free(ALLOC_ETS, tb->fixers, old);
        tb->fixers = NULL;
    } else {
        tb->fixers = alloc_resize(ALLOC_ETS, tb->fixers, old, n * sizeof *tb->fixers);
    }
    tb->nfixers = n;
}

/* Deletes tb: its objects now, its record when the last tid goes. The
 * caller holds reg_lock and the table's writer lock. */
static void table_delete_locked(ets_table *tb)
{
    tb->dead = true;
    for (size_t i = 0; i < tb->nfixers; i++)
        unclaim_owner(tb->fixers[i].pid);
    fixers_resize(tb, 0);
    table_clear(tb);
    if (tb->buckets)
        alloc_free(ALLOC_ETS, tb->buckets, tb->nbuckets * sizeof *tb->buckets);
    tb->buckets = NULL;
    tb->nbuckets = 0;
    if (tb->heir_data)
        obj_free(tb->heir_data);
    tb->heir_data = NULL;
    if (tb->named)
        name_unlink(tb);
    if (tb->prev)
        tb->prev->next = tb->next;
    else
        reg_all = tb->next;
    if (tb->next)
        tb->next->prev = tb->prev;
    tb->next = tb->prev = NULL;
}

/* ---- ets:new/2 ------------------------------------------------------------------------- */

static bool bool_option(term_t t, term_t name, bool *out)
{
    if (!term_is_tuple(t) || tuple_arity(t) != 2 || tuple_get(t, 0) != name)
        return false;
    term_t v = tuple_get(t, 1);
    if (v != ATOM_true && v != ATOM_false)
        return false;
    *out = v == ATOM_true;
    return true;
}

/* {heir, Pid, Data} or {heir, none}. */
static bool heir_option(term_t opt, term_t *heir, term_t *data)
{
    if (!term_is_tuple(opt) || tuple_get(opt, 0) != AM(heir))
        return false;
    if (tuple_arity(opt) == 2 && tuple_get(opt, 1) == AM(none)) {
        *heir = AM(none);
        *data = THE_NON_VALUE;
        return true;
    }
    if (tuple_arity(opt) != 3 || !term_is_local_pid(tuple_get(opt, 1)))
        return false;
    *heir = tuple_get(opt, 1);
    *data = tuple_get(opt, 2);
    return true;
}

static void install_heir(ets_table *tb, term_t heir, term_t data)
{
    if (tb->heir_data)
        obj_free(tb->heir_data);
    tb->heir = heir;
    tb->heir_data = data == THE_NON_VALUE ? NULL : obj_new(data, 0);
}

term_t bif_ets_new_2(process *p, const term_t *args)
{
    term_t name = args[0];
    if (!term_is_atom(name))
        return BIF_BADARG(p);
    tab_type type = T_SET;
    tab_access access = A_PROTECTED;
    bool is_named = false, rc = false, wc = false, comp = false, dc = false;
    unsigned keypos = 1;
    term_t heir = AM(none), heir_data = THE_NON_VALUE;
    term_t l = args[1];
    for (; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (o == AM(set))
            type = T_SET;
        else if (o == AM(ordered_set))
            type = T_ORDERED_SET;
        else if (o == AM(bag))
            type = T_BAG;
        else if (o == AM(duplicate_bag))
            type = T_DUPLICATE_BAG;
        else if (o == AM(public))
            access = A_PUBLIC;
        else if (o == AM(protected))
            access = A_PROTECTED;
        else if (o == AM(private))
            access = A_PRIVATE;
        else if (o == AM(named_table))
            is_named = true;
        else if (o == AM(compressed))
            comp = true;
        else if (term_is_tuple(o) && tuple_arity(o) == 2 && tuple_get(o, 0) == AM(keypos)) {
            term_t k = tuple_get(o, 1);
            if (!term_is_small(k) || small_value(k) < 1 || small_value(k) > 0xFFFFFF)
                return BIF_BADARG(p);
            keypos = (unsigned)small_value(k);
        } else if (term_is_tuple(o) && tuple_arity(o) == 2 && tuple_get(o, 0) == AM(write_concurrency) &&
                   tuple_get(o, 1) == AM(auto)) {
            wc = true;
        } else if (!bool_option(o, AM(read_concurrency), &rc) &&
                   !bool_option(o, AM(write_concurrency), &wc) &&
                   !bool_option(o, AM(decentralized_counters), &dc) && !heir_option(o, &heir, &heir_data)) {
            return BIF_BADARG(p);
        }
    }
    if (!term_is_nil(l))
        return BIF_BADARG(p);

    pthread_mutex_lock(&reg_lock);
    if (is_named && named(name)) {
        pthread_mutex_unlock(&reg_lock);
        return ets_badarg(p, E_ALREADY_EXISTS);
    }
    ets_table *tb = alloc_zeroed(ALLOC_ETS, sizeof *tb);
    atomic_init(&tb->m.refc, 1); /* the registry's */
    tb->m.destroy = table_destroy;
    pthread_rwlock_init(&tb->lock, NULL);
    proc_new_ref(tb->ids);
    tb->name = name;
    tb->type = type;
    tb->access = access;
    tb->keypos = keypos;
    tb->named = is_named;
    tb->read_conc = rc;
    tb->write_conc = wc;
    tb->compressed = comp;
    /* OTP turns decentralized counters on with write_concurrency for
     * ordered_set, and leaves them off otherwise unless asked */
    tb->decentralized = dc || (wc && type == T_ORDERED_SET);
    tb->owner = p->pid;
    install_heir(tb, heir, heir_data);
    if (is_hash(tb)) {
        tb->nbuckets = MIN_BUCKETS;
        tb->buckets = alloc_zeroed(ALLOC_ETS, MIN_BUCKETS * sizeof *tb->buckets);
    }
    if (is_named) {
        ets_table **b = name_bucket(name);
        tb->name_next = *b;
        *b = tb;
    }
    tb->next = reg_all;
    if (reg_all)
        reg_all->prev = tb;
    reg_all = tb;
    atomic_fetch_add_explicit(&p->ets_tables, 1, memory_order_relaxed);
    pthread_mutex_unlock(&reg_lock);
    return table_id(&p->heap, tb);
}

/* ---- owners ---------------------------------------------------------------------------- */

/* Counts a table for pid, which is to own it: false (nothing counted) when
 * pid is no live process or is exiting. The count comes before the state
 * is read, and an exiting process sets PS_EXITING before it reads its
 * count (ets_proc_exit), so a table is never given to a process that has
 * already looked for its tables. */
static bool claim_owner(term_t pid)
{
    process *o = term_is_local_pid(pid) ? proc_lookup(pid) : NULL;
    if (!o)
        return false;
    atomic_fetch_add(&o->ets_tables, 1);
    if (atomic_load(&o->state) & PS_EXITING) {
        atomic_fetch_sub(&o->ets_tables, 1);
        return false;
    }
    return true;
}

static void unclaim_owner(term_t pid)
{
    process *o = proc_lookup(pid);
    if (o)
        atomic_fetch_sub(&o->ets_tables, 1);
}

/* {'ETS-TRANSFER', Tab, From, Data} to `to`. */
static void send_transfer(ets_table *tb, term_t to, term_t from, term_t data)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t msg[4] = {AM_ETS_TRANSFER, table_id(&h, tb), from, data};
    proc_deliver(to, from, term_tuple(&h, 4, msg));
    heap_destroy(&h);
}

/* Takes n of pid's fixes off tb (all: UINT64_MAX); the table may grow or
 * shrink again once nobody fixes it. Under the table's writer lock. */
static void unfix(ets_table *tb, term_t pid, uint64_t n)
{
    for (size_t i = 0; i < tb->nfixers; i++) {
        if (tb->fixers[i].pid != pid)
            continue;
        if (tb->fixers[i].n > n) {
            tb->fixers[i].n -= n;
            return;
        }
        unclaim_owner(pid);
        tb->fixers[i] = tb->fixers[tb->nfixers - 1];
        fixers_resize(tb, tb->nfixers - 1);
        if (!tb->nfixers && is_hash(tb)) {
            hash_sweep(tb);
            hash_grown(tb);
            hash_shrunk(tb);
        }
        return;
    }
}

void ets_proc_exit(process *p)
{
    if (atomic_load(&p->ets_tables) == 0)
        return;
    pthread_mutex_lock(&reg_lock);
    for (ets_table *tb = reg_all, *next; tb; tb = next) {
        next = tb->next;
        if (tb->owner != p->pid)
            continue;
        pthread_rwlock_wrlock(&tb->lock);
        if (tb->heir != AM(none) && tb->heir != p->pid && claim_owner(tb->heir)) {
            tb->owner = tb->heir;
            term_t data = tb->heir_data ? tb->heir_data->term : NIL;
            send_transfer(tb, tb->heir, p->pid, data);
            pthread_rwlock_unlock(&tb->lock);
            continue;
        }
        table_delete_locked(tb);
        pthread_rwlock_unlock(&tb->lock);
        magic_release(&tb->m);
    }
    /* the fixes it still held on others' tables */
    for (ets_table *tb = reg_all; tb; tb = tb->next) {
        if (!tb->nfixers)
            continue;
        pthread_rwlock_wrlock(&tb->lock);
        unfix(tb, p->pid, UINT64_MAX);
        pthread_rwlock_unlock(&tb->lock);
    }
    atomic_store(&p->ets_tables, 0);
    pthread_mutex_unlock(&reg_lock);
}

/* ---- building results ------------------------------------------------------------------- */

static bool add_copy(ets_obj *o, void *arg)
{
    list_builder *b = arg;
    lb_add(b, copy_term(b->h, o->term));
    return true;
}

static bool valid_object(const ets_table *tb, term_t t)
{
    return term_is_tuple(t) && tuple_arity(t) >= tb->keypos;
}

/* ---- delete, insert, lookup ------------------------------------------------------------------ */

term_t bif_ets_delete_1(process *p, const term_t *args)
{
    tab t;
    /* the registry's lock first, as always */
    pthread_mutex_lock(&reg_lock);
    if (!tab_open(p, args[0], NEED_WRITE, TAB_REG_HELD, &t)) {
        pthread_mutex_unlock(&reg_lock);
        return tab_badarg(p, &t);
    }
    term_t owner = t.tb->owner;
    table_delete_locked(t.tb);
    pthread_mutex_unlock(&reg_lock);
    unclaim_owner(owner);
    tab_close(&t);
    magic_release(&t.tb->m);
    return ATOM_true;
}

term_t bif_ets_delete_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    table_remove(t.tb, args[1]);
    tab_close(&t);
    return ATOM_true;
}

term_t bif_ets_delete_all_objects_1(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    table_clear(t.tb);
    tab_close(&t);
    return ATOM_true;
}

/* Deletes the objects =:= obj (every copy in a duplicate_bag). */
term_t bif_ets_delete_object_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    ets_table *tb = t.tb;
    term_t obj = args[1];
    if (!valid_object(tb, obj)) {
        tab_close(&t);
        return BIF_BADARG(p);
    }
    term_t key = tuple_get(obj, tb->keypos - 1);
    if (!is_hash(tb)) {
        ets_obj *o = tree_find(tb, key);
        if (o && term_eq_exact(o->term, obj))
            tree_remove(tb, key);
    } else {
        uint32_t h = key_hash(key);
        ets_obj **l = hash_group(tb, key, h);
        while (*l && same_key(tb, *l, key, h)) {
            if (live(*l) && term_eq_exact((*l)->term, obj))
                l = hash_unlink(tb, l);
            else
                l = &(*l)->link[0];
        }
        hash_shrunk(tb);
    }
    tab_close(&t);
    return ATOM_true;
}

/* An object or a proper list of them, every one valid. */
static bool valid_objects(const ets_table *tb, term_t t)
{
    if (term_is_tuple(t))
        return valid_object(tb, t);
    for (; term_is_list(t); t = list_tail(t))
        if (!valid_object(tb, list_head(t)))
            return false;
    return term_is_nil(t);
}

/* Inserts an object or a list of them. A bag takes a list from its end,
 * as OTP's does: insert(Bag, [{k,1},{k,2}]) leaves {k,2} before {k,1}. */
static void put_objects(ets_table *tb, term_t t)
{
    if (term_is_tuple(t)) {
        table_put(tb, t);
        return;
    }
    if (tb->type != T_BAG) {
        for (; term_is_list(t); t = list_tail(t))
            table_put(tb, list_head(t));
        return;
    }
    tstack objs;
    tstack_init(&objs);
    for (; term_is_list(t); t = list_tail(t))
        tstack_push(&objs, list_head(t));
    for (term_t o; tstack_pop(&objs, &o);)
        table_put(tb, o);
    tstack_free(&objs);
}

term_t bif_ets_insert_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    bool ok = valid_objects(t.tb, args[1]);
    if (ok)
        put_objects(t.tb, args[1]);
    tab_close(&t);
    return ok ? ATOM_true : BIF_BADARG(p);
}

static bool has_key(const ets_table *tb, term_t key)
{
    if (!is_hash(tb))
        return tree_find(tb, key) != NULL;
    return hash_live(tb, key, key_hash(key)) != NULL;
}

/* Inserts only when no key of the objects is in the table. */
term_t bif_ets_insert_new_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    ets_table *tb = t.tb;
    term_t objs = args[1];
    if (!valid_objects(tb, objs)) {
        tab_close(&t);
        return BIF_BADARG(p);
    }
    bool fresh = true;
    if (term_is_tuple(objs))
        fresh = !has_key(tb, tuple_get(objs, tb->keypos - 1));
    for (term_t l = objs; fresh && term_is_list(l); l = list_tail(l))
        fresh = !has_key(tb, tuple_get(list_head(l), tb->keypos - 1));
    if (fresh)
        put_objects(tb, objs);
    tab_close(&t);
    return fresh ? ATOM_true : ATOM_false;
}

term_t bif_ets_lookup_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    list_builder b;
    lb_init(&b, &p->heap);
    each_of_key(t.tb, args[1], add_copy, &b);
    tab_close(&t);
    return b.head;
}

term_t bif_ets_member_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    bool in = has_key(t.tb, args[1]);
    tab_close(&t);
    return in ? ATOM_true : ATOM_false;
}

typedef struct element_walk {
    list_builder b;
    uint64_t pos;
    bool bad;
} element_walk;

static bool add_element(ets_obj *o, void *arg)
{
    element_walk *w = arg;
    if (tuple_arity(o->term) < w->pos) {
        w->bad = true;
        return false;
    }
    lb_add(&w->b, copy_term(w->b.h, tuple_get(o->term, w->pos - 1)));
    return true;
}

/* The Pos-th element of the object of key (a set's), or a list of them
 * (a bag's); badarg when there is none or an object is too short. */
term_t bif_ets_lookup_element_3(process *p, const term_t *args)
{
    if (!term_is_small(args[2]) || small_value(args[2]) < 1)
        return arg_badarg(p, args[0], NEED_READ);
    tab t;
    if (!tab_open(p, args[0], NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    element_walk w = {.pos = (uint64_t)small_value(args[2])};
    lb_init(&w.b, &p->heap);
    each_of_key(t.tb, args[1], add_element, &w);
    bool bag = t.tb->type == T_BAG || t.tb->type == T_DUPLICATE_BAG;
    tab_close(&t);
    if (w.b.head == NIL && !w.bad)
        return ets_badarg(p, E_BADKEY);
    if (w.bad || w.b.head == NIL)
        return BIF_BADARG(p);
    return bag ? w.b.head : list_head(w.b.head);
}

/* Deletes and returns the objects of key. */
term_t bif_ets_take_2(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    list_builder b;
    lb_init(&b, &p->heap);
    each_of_key(t.tb, args[1], add_copy, &b);
    if (b.head != NIL)
        table_remove(t.tb, args[1]);
    tab_close(&t);
    return b.head;
}

/* ---- traversal ------------------------------------------------------------------------------ */

/* The first live object from o on along its chain, then from bucket i
 * on; NULL at the end. */
static ets_obj *hash_next_live(const ets_table *tb, ets_obj *o, size_t i)
{
    for (;;) {
        for (; o; o = o->link[0])
            if (live(o))
                return o;
        if (i >= tb->nbuckets)
            return NULL;
        o = tb->buckets[i++];
    }
}

static term_t key_or_end(process *p, const ets_table *tb, const ets_obj *o)
{
    return o ? copy_term(&p->heap, key_of(tb, o)) : AM_END_OF_TABLE;
}

/* first/1 (dir 0) and last/1 (dir 1): a hash table has one order. */
static term_t table_end(process *p, term_t id, int dir)
{
    tab t;
    if (!tab_open(p, id, NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    const ets_table *tb = t.tb;
    term_t r = key_or_end(p, tb, is_hash(tb) ? hash_next_live(tb, NULL, 0) : tree_end(tb, dir));
    tab_close(&t);
    return r;
}

/* next/2 (dir 1) and prev/2 (dir 0). A hash table steps past key's
 * group; a key it does not have is badarg, as OTP's, but a fixed table
 * still has the keys deleted since it was fixed (dead objects). */
static term_t table_step(process *p, term_t id, term_t key, int dir)
{
    tab t;
    if (!tab_open(p, id, NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    const ets_table *tb = t.tb;
    if (!is_hash(tb)) {
        term_t r = key_or_end(p, tb, tree_step(tb, key, dir));
        tab_close(&t);
        return r;
    }
    uint32_t h = key_hash(key);
    ets_obj *o = *hash_group(tb, key, h);
    if (!o) {
        tab_close(&t);
        return BIF_BADARG(p);
    }
    while (o && same_key(tb, o, key, h))
        o = o->link[0];
    term_t r = key_or_end(p, tb, hash_next_live(tb, o, (h & (tb->nbuckets - 1)) + 1));
    tab_close(&t);
    return r;
}

term_t bif_ets_first_1(process *p, const term_t *args) { return table_end(p, args[0], 0); }
term_t bif_ets_last_1(process *p, const term_t *args) { return table_end(p, args[0], 1); }
term_t bif_ets_next_2(process *p, const term_t *args) { return table_step(p, args[0], args[1], 1); }
term_t bif_ets_prev_2(process *p, const term_t *args) { return table_step(p, args[0], args[1], 0); }

/* Calls fn on every object, in the table's order (reverse: an
 * ordered_set's backwards), until it returns false. */
static bool tree_each(ets_obj *o, int reverse, obj_fn *fn, void *arg)
{
    while (o) {
        if (!tree_each(o->link[reverse], reverse, fn, arg) || !fn(o, arg))
            return false;
        o = o->link[!reverse];
    }
    return true;
}

static void table_each(const ets_table *tb, bool reverse, obj_fn *fn, void *arg)
{
    if (!is_hash(tb)) {
        tree_each(tb->root, reverse, fn, arg);
        return;
    }
    for (size_t i = 0; i < tb->nbuckets; i++)
        for (ets_obj *o = tb->buckets[i]; o; o = o->link[0])
            if (live(o) && !fn(o, arg))
                return;
}

term_t bif_ets_tab2list_1(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    list_builder b;
    lb_init(&b, &p->heap);
    table_each(t.tb, false, add_copy, &b);
    tab_close(&t);
    return b.head;
}

/* ---- the registry's functions ---------------------------------------------------------------- */

term_t bif_ets_all_0(process *p, const term_t *args)
{
    (void)args;
    list_builder b;
    lb_init(&b, &p->heap);
    pthread_mutex_lock(&reg_lock);
    for (ets_table *tb = reg_all; tb; tb = tb->next)
        lb_add(&b, table_id(&p->heap, tb));
    pthread_mutex_unlock(&reg_lock);
    return b.head;
}

size_t ets_count(void)
{
    size_t n = 0;
    pthread_mutex_lock(&reg_lock);
    for (ets_table *tb = reg_all; tb; tb = tb->next)
        n++;
    pthread_mutex_unlock(&reg_lock);
    return n;
}

term_t bif_ets_whereis_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_BADARG(p);
    term_t r = ATOM_undefined;
    pthread_mutex_lock(&reg_lock);
    ets_table *tb = named(args[0]);
    if (tb)
        r = tid_term(&p->heap, tb);
    pthread_mutex_unlock(&reg_lock);
    return r;
}

term_t bif_ets_rename_2(process *p, const term_t *args)
{
    term_t name = args[1];
    if (!term_is_atom(name))
        return BIF_BADARG(p);
    tab t;
    pthread_mutex_lock(&reg_lock);
    if (!tab_open(p, args[0], NEED_WRITE, TAB_REG_HELD, &t)) {
        pthread_mutex_unlock(&reg_lock);
        return tab_badarg(p, &t);
    }
    ets_table *tb = t.tb;
    bool ok = true;
    if (tb->named) {
        ets_table *other = named(name);
        ok = !other || other == tb;
        if (ok && !other) {
            name_unlink(tb);
            tb->name = name;
            ets_table **bk = name_bucket(name);
            tb->name_next = *bk;
            *bk = tb;
        }
    } else {
        tb->name = name;
    }
    term_t r = ok ? table_id(&p->heap, tb) : THE_NON_VALUE;
    pthread_mutex_unlock(&reg_lock);
    tab_close(&t);
    return ok ? r : BIF_BADARG(p);
}

/* ---- info ----------------------------------------------------------------------------------- */

static term_t type_atom(const ets_table *tb)
{
    switch (tb->type) {
    case T_SET:
        return AM(set);
    case T_ORDERED_SET:
        return AM(ordered_set);
    case T_BAG:
        return AM(bag);
    default:
        return AM(duplicate_bag);
    }
}

static term_t access_atom(const ets_table *tb)
{
    return tb->access == A_PUBLIC ? AM(public) : tb->access == A_PROTECTED ? AM(protected) : AM(private);
}

static term_t bool_atom(bool b) { return b ? ATOM_true : ATOM_false; }

/* The items of info/1, in OTP 25's order. */
static const char *const info_items[] = {
    "id",
    "decentralized_counters",
    "read_concurrency",
    "write_concurrency",
    "compressed",
    "memory",
    "owner",
    "heir",
    "name",
    "size",
    "node",
    "named_table",
    "type",
    "keypos",
    "protection",
};
#define N_INFO_ITEMS (sizeof info_items / sizeof info_items[0])

/* info/2's value of item, THE_NON_VALUE for an item OTP does not know. */
static term_t info_item(heap_t *h, ets_table *tb, term_t item)
{
    if (item == AM(id))
        return tid_term(h, tb);
    if (item == AM(decentralized_counters))
        return bool_atom(tb->decentralized);
    if (item == AM(read_concurrency))
        return bool_atom(tb->read_conc);
    if (item == AM(write_concurrency))
        return bool_atom(tb->write_conc);
    if (item == AM(compressed))
        return bool_atom(tb->compressed);
    if (item == ATOM_memory)
        return term_uint64(h, table_words(tb));
    if (item == AM(owner))
        return tb->owner;
    if (item == AM(heir))
        return tb->heir;
    if (item == AM(name))
        return tb->name;
    if (item == ATOM_size)
        return term_uint64(h, tb->size);
    if (item == AM(node))
        return ATOM_nonode_at_nohost;
    if (item == AM(named_table))
        return bool_atom(tb->named);
    if (item == ATOM_type)
        return type_atom(tb);
    if (item == AM(keypos))
        return term_small(tb->keypos);
    if (item == AM(protection))
        return access_atom(tb);
    if (item == AM(fixed))
        return bool_atom(tb->nfixers);
    if (item == AM(safe_fixed) || item == AM(safe_fixed_monotonic_time)) {
        if (!tb->nfixers)
            return ATOM_false;
        list_builder b;
        lb_init(&b, h);
        for (size_t i = 0; i < tb->nfixers; i++)
            lb_add(&b, term_tuple2(h, tb->fixers[i].pid, term_uint64(h, tb->fixers[i].n)));
        term_t when;
        if (item == AM(safe_fixed)) {
            int64_t us = tb->fixed_ns / 1000;
            when = term_tuple3(h, term_small(us / 1000000000000), term_small(us / 1000000 % 1000000),
                               term_small(us % 1000000));
        } else {
            when = term_int64(h, tb->fixed_mono);
        }
        return term_tuple2(h, when, b.head);
    }
    return THE_NON_VALUE;
}

term_t bif_ets_info_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]) && !term_is_ref(args[0]))
        return BIF_BADARG(p);
    tab t;
    if (!tab_open(p, args[0], NEED_INFO, 0, &t))
        return ATOM_undefined;
    list_builder b;
    lb_init(&b, &p->heap);
    for (size_t i = 0; i < N_INFO_ITEMS; i++) {
        term_t k = atom_from_cstr(info_items[i]);
        lb_add(&b, term_tuple2(&p->heap, k, info_item(&p->heap, t.tb, k)));
    }
    tab_close(&t);
    return b.head;
}

term_t bif_ets_info_2(process *p, const term_t *args)
{
    if ((!term_is_atom(args[0]) && !term_is_ref(args[0])) || !term_is_atom(args[1]))
        return BIF_BADARG(p);
    tab t;
    if (!tab_open(p, args[0], NEED_INFO, 0, &t))
        return ATOM_undefined;
    term_t r = info_item(&p->heap, t.tb, args[1]);
    tab_close(&t);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

/* ---- owners and heirs -------------------------------------------------------------------------- */

term_t bif_ets_give_away_3(process *p, const term_t *args)
{
    term_t to = args[1];
    tab t;
    pthread_mutex_lock(&reg_lock);
    if (!tab_open(p, args[0], NEED_INFO, TAB_WRLOCK | TAB_REG_HELD, &t)) {
        pthread_mutex_unlock(&reg_lock);
        return tab_badarg(p, &t);
    }
    /* OTP's order: the table, the new owner (a live process), then who
     * owns the table */
    ets_table *tb = t.tb;
    ets_cause why = E_NONE;
    bool ok = false;
    if (!term_is_local_pid(to) || (to != p->pid && !claim_owner(to))) {
        /* no pid, or a dead process: no cause */
    } else if (tb->owner != p->pid) {
        why = E_NOT_OWNER;
        if (to != p->pid)
            unclaim_owner(to);
    } else if (to == p->pid) {
        why = E_OWNER;
    } else {
        ok = true;
    }
    if (ok) {
        tb->owner = to;
        atomic_fetch_sub(&p->ets_tables, 1);
        send_transfer(tb, to, p->pid, args[2]);
    }
    pthread_mutex_unlock(&reg_lock);
    tab_close(&t);
    return ok ? ATOM_true : ets_badarg(p, why);
}

term_t bif_ets_setopts_2(process *p, const term_t *args)
{
    term_t opts = args[1], heir = THE_NON_VALUE, data = THE_NON_VALUE;
    if (term_is_tuple(opts) ? !heir_option(opts, &heir, &data) : list_length(opts) < 0)
        return arg_badarg(p, args[0], NEED_WRITE);
    for (term_t l = opts; term_is_list(l); l = list_tail(l))
        if (!heir_option(list_head(l), &heir, &data))
            return arg_badarg(p, args[0], NEED_WRITE);
    /* as OTP's: write access first (its cause), then only the owner,
     * without a cause */
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    bool ok = t.tb->owner == p->pid;
    if (ok && heir != THE_NON_VALUE)
        install_heir(t.tb, heir, data);
    tab_close(&t);
    return ok ? ATOM_true : BIF_BADARG(p);
}

/* safe_fixtable(Tab, true) counts a fix of p's, false takes one off;
 * a process's fixes go with it (ets_proc_exit). */
term_t bif_ets_safe_fixtable_2(process *p, const term_t *args)
{
    if (args[1] != ATOM_true && args[1] != ATOM_false)
        return arg_badarg(p, args[0], NEED_READ);
    tab t;
    if (!tab_open(p, args[0], NEED_READ, TAB_WRLOCK, &t))
        return tab_badarg(p, &t);
    ets_table *tb = t.tb;
    if (args[1] == ATOM_false) {
        unfix(tb, p->pid, 1);
        tab_close(&t);
        return ATOM_true;
    }
    size_t i = 0;
    while (i < tb->nfixers && tb->fixers[i].pid != p->pid)
        i++;
    if (i == tb->nfixers) {
        if (!tb->nfixers) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            tb->fixed_ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
            tb->fixed_mono = (int64_t)timer_now_ns();
        }
        fixers_resize(tb, i + 1);
        tb->fixers[i] = (struct fixer){p->pid, 0};
        atomic_fetch_add(&p->ets_tables, 1);
    }
    tb->fixers[i].n++;
    tab_close(&t);
    return ATOM_true;
}

/* ---- match specifications -------------------------------------------------------------------- */

/* A compiled match specification, as a magic reference
 * (ets:match_spec_compile/1, select continuations). */
typedef struct ets_ms {
    vm_magic m;
    void *prog;
} ets_ms;

static void ms_destroy(vm_magic *m)
{
    ets_ms *ms = (ets_ms *)(void *)m;
    if (ms->prog)
        ms_engine->free(ms->prog);
    alloc_free(ALLOC_MATCH_SPEC, ms, sizeof *ms);
}

static ets_ms *ms_of(term_t t)
{
    if (!term_is_boxed_with(t, HDR_MAGIC_REF))
        return NULL;
    vm_magic *m = magic_ref_object(t)->magic;
    return m->destroy == ms_destroy ? (ets_ms *)(void *)m : NULL;
}

/* A new compiled spec with no count yet (term_magic_ref takes the first),
 * or NULL for a bad spec. [] is a spec that matches nothing (prog NULL),
 * as select/2 takes it; match_spec_compile/1 refuses it. */
static ets_ms *ms_new(term_t spec)
{
    term_t reason;
    void *prog = NULL;
    if (spec != NIL && !(ms_engine && (prog = ms_engine->compile(spec, &reason))))
        return NULL;
    ets_ms *ms = alloc_new(ALLOC_MATCH_SPEC, sizeof *ms);
    atomic_init(&ms->m.refc, 0);
    ms->m.destroy = ms_destroy;
    ms->prog = prog;
    return ms;
}

static term_t ms_ref(heap_t *h, ets_ms *ms)
{
    uint32_t ids[3];
    proc_new_ref(ids);
    return term_magic_ref(h, ids, &ms->m);
}

/* The spec [{Pattern, [], [Body]}] that ets:match/2 (body '$$'),
 * match_object/2 ('$_') and match_delete/2 (true) run. */
static term_t pattern_spec(heap_t *h, term_t pattern, term_t body)
{
    term_t clause[3] = {pattern, NIL, term_cons(h, body, NIL)};
    return term_cons(h, term_tuple(h, 3, clause), NIL);
}

/* Whether t is a match variable: '_' or '$N' (an atom of '$' and digits). */
static bool ms_var(term_t t)
{
    if (!term_is_atom(t))
        return false;
    size_t n;
    const char *s = atom_text(t, &n);
    if (n == 1 && s[0] == '_')
        return true;
    if (n < 2 || s[0] != '$')
        return false;
    for (size_t i = 1; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

/* Whether t has no variable, nested at most `depth` deep. */
static bool ground(term_t t, unsigned depth)
{
    if (depth == 0)
        return false;
    if (term_is_atom(t))
        return !ms_var(t);
    if (term_is_tuple(t)) {
        for (uint64_t i = 0; i < tuple_arity(t); i++)
            if (!ground(tuple_get(t, i), depth - 1))
                return false;
        return true;
    }
    if (term_is_list(t)) {
        for (; term_is_list(t); t = list_tail(t))
            if (!ground(list_head(t), depth - 1))
                return false;
        return ground(t, depth - 1);
    }
    return !term_is_map(t); /* a map pattern matches larger maps */
}

#define MAX_BOUND_KEYS 16
#define GROUND_DEPTH 32

/* The keys a spec can match, when every clause's head binds the key to a
 * constant: the select then looks them up instead of scanning. -1 when
 * some clause can match any key. Keys equal in the table's sense count
 * once. */
static int bound_keys(const ets_table *tb, term_t spec, term_t keys[MAX_BOUND_KEYS])
{
    int n = 0;
    for (; term_is_list(spec); spec = list_tail(spec)) {
        term_t c = list_head(spec);
        if (!term_is_tuple(c) || tuple_arity(c) != 3)
            return -1;
        term_t head = tuple_get(c, 0);
        if (!term_is_tuple(head) || tuple_arity(head) < tb->keypos)
            return -1;
        term_t k = tuple_get(head, tb->keypos - 1);
        if (!ground(k, GROUND_DEPTH))
            return -1;
        bool seen = false;
        for (int i = 0; i < n && !seen; i++)
            seen = keys_equal(tb, keys[i], k);
        if (seen)
            continue;
        if (n == MAX_BOUND_KEYS)
            return -1;
        keys[n++] = k;
    }
    return n;
}

/* ---- select and its relatives -------------------------------------------------------------------- */

typedef enum scan_kind { SC_LIST, SC_COUNT, SC_DELETE, SC_REPLACE } scan_kind;

/* One pass of a match specification over a table. */
typedef struct scan {
    process *p;
    const ets_table *tb;
    const void *prog;
    scan_kind kind;
    heap_t scratch; /* each run's terms; SC_REPLACE keeps the new objects */
    list_builder out; /* SC_LIST: the results, copied to p */
    uint64_t found; /* results (SC_LIST), trues (the others) */
    uint64_t limit; /* SC_LIST in chunks: the chunk's size; else 0 */
    ets_obj *last;  /* the last object run on */
    /* SC_DELETE, SC_REPLACE: the objects to act on, each followed by
     * its new term (SC_REPLACE) or true */
    tstack hits;
    bool bad; /* SC_REPLACE: a result that is no object of the same key */
} scan;

static void scan_hit(scan *s, ets_obj *o, term_t repl)
{
    tstack_push(&s->hits, (term_t)(uintptr_t)o);
    tstack_push(&s->hits, repl);
}

/* The i-th object scan_hit kept, and its new term. */
static ets_obj *hit_obj(const scan *s, size_t i) { return (ets_obj *)(uintptr_t)s->hits.items[2 * i]; }
static term_t hit_repl(const scan *s, size_t i) { return s->hits.items[2 * i + 1]; }
static size_t nhits(const scan *s) { return s->hits.n / 2; }

static bool scan_obj(ets_obj *o, void *arg)
{
    scan *s = arg;
    s->last = o;
    term_t r;
    if (!s->prog || !ms_engine->run(s->prog, &s->scratch, s->p->pid, o->term, &r)) {
        if (s->kind != SC_REPLACE)
            heap_reset(&s->scratch);
        return true;
    }
    switch (s->kind) {
    case SC_LIST:
        lb_add(&s->out, copy_term(&s->p->heap, r));
        s->found++;
        break;
    case SC_COUNT:
        s->found += r == ATOM_true;
        break;
    case SC_DELETE:
        if (r == ATOM_true)
            scan_hit(s, o, r);
        break;
    case SC_REPLACE: {
        const ets_table *tb = s->tb;
        if (!valid_object(tb, r) || !keys_equal(tb, key_of(tb, o), tuple_get(r, tb->keypos - 1))) {
            s->bad = true;
            return false;
        }
        scan_hit(s, o, r);
        return true;
    }
    }
    if (s->kind != SC_REPLACE)
        heap_reset(&s->scratch);
    return !s->limit || s->found < s->limit;
}

static void scan_init(scan *s, process *p, const ets_table *tb, const void *prog, scan_kind kind)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->tb = tb;
    s->prog = prog;
    s->kind = kind;
    heap_init(&s->scratch, ALLOC_TEMP);
    lb_init(&s->out, &p->heap);
    tstack_init(&s->hits);
}

static void scan_done(scan *s)
{
    heap_destroy(&s->scratch);
    tstack_free(&s->hits);
}

/* A key against a partly bound key pattern, in term order: below (< 0)
 * or above (> 0) every key the pattern can match, or 0 when it may match.
 * The keys that may match lie together in an ordered_set: the pattern
 * decides the order up to its first variable (or map), past which
 * anything is 0 (*open set). */
static int pb_cmp(term_t key, term_t pat, bool *open, unsigned depth)
{
    if (depth == 0 || ms_var(pat) || term_is_map(pat)) {
        *open = true;
        return 0;
    }
    if (term_is_tuple(pat) && term_is_tuple(key) && tuple_arity(pat) == tuple_arity(key)) {
        for (uint64_t i = 0; i < tuple_arity(pat); i++) {
            int c = pb_cmp(tuple_get(key, i), tuple_get(pat, i), open, depth - 1);
            if (c || *open)
                return c;
        }
        return 0;
    }
    if (term_is_list(pat) && term_is_list(key)) {
        int c = pb_cmp(list_head(key), list_head(pat), open, depth - 1);
        if (c || *open)
            return c;
        return pb_cmp(list_tail(key), list_tail(pat), open, depth - 1);
    }
    /* a ground pattern, or one whose type or size already decides */
    return term_cmp(key, pat);
}

/* The objects of an ordered_set whose keys pb_cmp puts at 0 against pat,
 * in order or reversed: the subtrees wholly below or above are never
 * entered. False when fn stopped. */
static bool tree_each_range(const ets_table *tb, ets_obj *o, term_t pat, int reverse, obj_fn *fn, void *arg)
{
    while (o) {
        bool open = false;
        int c = pb_cmp(key_of(tb, o), pat, &open, GROUND_DEPTH);
        if (c != 0) {
            o = o->link[c < 0];
            continue;
        }
        if (!tree_each_range(tb, o->link[reverse], pat, reverse, fn, arg) || !fn(o, arg))
            return false;
        o = o->link[!reverse];
    }
    return true;
}

/* The key pattern of an ordered_set spec of one clause whose key is
 * partly bound (neither a variable nor ground), or THE_NON_VALUE. */
static term_t range_pattern(const ets_table *tb, term_t spec)
{
    if (is_hash(tb) || !term_is_list(spec) || list_tail(spec) != NIL)
        return THE_NON_VALUE;
    term_t c = list_head(spec);
    if (!term_is_tuple(c) || tuple_arity(c) != 3)
        return THE_NON_VALUE;
    term_t head = tuple_get(c, 0);
    if (!term_is_tuple(head) || tuple_arity(head) < tb->keypos)
        return THE_NON_VALUE;
    term_t k = tuple_get(head, tb->keypos - 1);
    return ms_var(k) || term_is_map(k) ? THE_NON_VALUE : k;
}

/* The whole table, only the objects of the keys the spec binds, or in an
 * ordered_set only the range of keys a partly bound key can match. */
static void scan_all(scan *s, term_t spec, bool reverse)
{
    term_t keys[MAX_BOUND_KEYS];
    int n = spec == THE_NON_VALUE ? -1 : bound_keys(s->tb, spec, keys);
    if (n >= 0) {
        for (int i = 0; i < n; i++)
            each_of_key(s->tb, keys[i], scan_obj, s);
        return;
    }
    term_t pat = spec == THE_NON_VALUE ? THE_NON_VALUE : range_pattern(s->tb, spec);
    if (pat != THE_NON_VALUE)
        tree_each_range(s->tb, s->tb->root, pat, reverse, scan_obj, s);
    else
        table_each(s->tb, reverse, scan_obj, s);
}

/* A hash table from bucket b on, the first `skip` objects of b left out;
 * stops when the chunk is full and sets *b and *skip to where the next
 * one starts. Whether it stopped before the end. */
static bool scan_hash_from(scan *s, size_t *b, size_t *skip)
{
    const ets_table *tb = s->tb;
    for (size_t i = *b; i < tb->nbuckets; i++) {
        size_t k = 0;
        for (ets_obj *o = tb->buckets[i]; o; o = o->link[0], k++) {
            if ((i == *b && k < *skip) || !live(o))
                continue;
            if (!scan_obj(o, s)) {
                *b = i;
                *skip = k + 1;
                return true;
            }
        }
    }
    return false;
}

/* An ordered_set after key `after` (THE_NON_VALUE: from the start), in
 * order or reversed; false when fn stopped it. */
static bool tree_each_after(const ets_table *tb, ets_obj *o, term_t after, int reverse, obj_fn *fn, void *arg)
{
    if (after == THE_NON_VALUE)
        return tree_each(o, reverse, fn, arg);
    while (o) {
        int c = term_cmp(key_of(tb, o), after);
        if (reverse ? c < 0 : c > 0) {
            if (!tree_each_after(tb, o->link[reverse], after, reverse, fn, arg) || !fn(o, arg))
                return false;
            return tree_each(o->link[!reverse], reverse, fn, arg);
        }
        o = o->link[!reverse];
    }
    return true;
}

/* A spec, as a term or a compiled one. */
static ets_ms *spec_of(term_t spec, bool *fresh)
{
    ets_ms *ms = ms_of(spec);
    *fresh = ms == NULL;
    return ms ? ms : ms_new(spec);
}

static void spec_done(ets_ms *ms, bool fresh)
{
    if (fresh) {
        atomic_fetch_add(&ms->m.refc, 1);
        magic_release(&ms->m);
    }
}

/* select/2, select_reverse/2, match/2, match_object/2. */
static term_t select_list(process *p, term_t id, term_t spec, bool reverse)
{
    bool fresh;
    ets_ms *ms = spec_of(spec, &fresh);
    if (!ms)
        return arg_badarg(p, id, NEED_READ);
    tab t;
    if (!tab_open(p, id, NEED_READ, 0, &t)) {
        spec_done(ms, fresh);
        return tab_badarg(p, &t);
    }
    scan s;
    scan_init(&s, p, t.tb, ms->prog, SC_LIST);
    scan_all(&s, fresh ? spec : THE_NON_VALUE, reverse && !is_hash(t.tb));
    tab_close(&t);
    scan_done(&s);
    spec_done(ms, fresh);
    return s.out.head;
}

/* A chunk of at most `limit` results from where `pos` says ([] at the
 * start; {Bucket, Skip} or {Key} after), as select/3 and select/1 return
 * it: {Results, Continuation}, {Results, '$end_of_table'} at the end, or
 * '$end_of_table' when the chunk is empty there. The continuation is
 * {'$ets_select', Tid, CompiledSpec, Limit, Reverse, Pos}. */
static term_t select_chunk(process *p, term_t id, ets_ms *ms, term_t ms_term, uint64_t limit, bool reverse,
                           term_t pos)
{
    tab t;
    if (!tab_open(p, id, NEED_READ, 0, &t))
        return tab_badarg(p, &t);
    const ets_table *tb = t.tb;
    scan s;
    scan_init(&s, p, tb, ms->prog, SC_LIST);
    s.limit = limit;
    bool more;
    term_t next;
    if (is_hash(tb)) {
        size_t b = 0, skip = 0;
        if (term_is_tuple(pos)) {
            b = (size_t)small_value(tuple_get(pos, 0));
            skip = (size_t)small_value(tuple_get(pos, 1));
        }
        more = scan_hash_from(&s, &b, &skip);
        next = more ? term_tuple2(&p->heap, term_small((int64_t)b), term_small((int64_t)skip)) : NIL;
    } else {
        term_t after = term_is_tuple(pos) ? tuple_get(pos, 0) : THE_NON_VALUE;
        more = !tree_each_after(tb, tb->root, after, reverse, scan_obj, &s);
        next = more ? term_tuple(&p->heap, 1, (term_t[]){copy_term(&p->heap, key_of(tb, s.last))}) : NIL;
    }
    term_t tid = table_id(&p->heap, t.tb);
    tab_close(&t);
    scan_done(&s);
    if (!more)
        return s.found ? term_tuple2(&p->heap, s.out.head, AM_END_OF_TABLE) : AM_END_OF_TABLE;
    term_t cont[6] = {AM_ETS_CONT, tid, ms_term, term_small((int64_t)limit), bool_atom(reverse), next};
    return term_tuple2(&p->heap, s.out.head, term_tuple(&p->heap, 6, cont));
}

static term_t select_first_chunk(process *p, term_t id, term_t spec, term_t limit, bool reverse)
{
    if (!term_is_small(limit) || small_value(limit) < 1)
        return arg_badarg(p, id, NEED_READ);
    bool fresh;
    ets_ms *ms = spec_of(spec, &fresh);
    if (!ms)
        return arg_badarg(p, id, NEED_READ);
    term_t ref = fresh ? ms_ref(&p->heap, ms) : spec;
    return select_chunk(p, id, ms, ref, (uint64_t)small_value(limit), reverse, NIL);
}

/* select/1, select_reverse/1, match/1, match_object/1. */
static term_t select_continue(process *p, term_t cont)
{
    if (cont == AM_END_OF_TABLE)
        return AM_END_OF_TABLE;
    if (!term_is_tuple(cont) || tuple_arity(cont) != 6 || tuple_get(cont, 0) != AM_ETS_CONT)
        return BIF_BADARG(p);
    term_t ref = tuple_get(cont, 2), limit = tuple_get(cont, 3), rev = tuple_get(cont, 4),
           pos = tuple_get(cont, 5);
    ets_ms *ms = ms_of(ref);
    bool hash_pos = term_is_tuple(pos) && tuple_arity(pos) == 2 && term_is_small(tuple_get(pos, 0)) &&
                    small_value(tuple_get(pos, 0)) >= 0 && term_is_small(tuple_get(pos, 1)) &&
                    small_value(tuple_get(pos, 1)) >= 0;
    bool key_pos = term_is_tuple(pos) && tuple_arity(pos) == 1;
    if (!ms || !term_is_small(limit) || small_value(limit) < 1 || (rev != ATOM_true && rev != ATOM_false) ||
        !(hash_pos || key_pos))
        return BIF_BADARG(p);
    return select_chunk(p, tuple_get(cont, 1), ms, ref, (uint64_t)small_value(limit), rev == ATOM_true, pos);
}

term_t bif_ets_select_2(process *p, const term_t *args) { return select_list(p, args[0], args[1], false); }
term_t bif_ets_select_reverse_2(process *p, const term_t *args)
{
    return select_list(p, args[0], args[1], true);
}
term_t bif_ets_select_3(process *p, const term_t *args)
{
    return select_first_chunk(p, args[0], args[1], args[2], false);
}
term_t bif_ets_select_reverse_3(process *p, const term_t *args)
{
    return select_first_chunk(p, args[0], args[1], args[2], true);
}
term_t bif_ets_select_1(process *p, const term_t *args) { return select_continue(p, args[0]); }
term_t bif_ets_select_reverse_1(process *p, const term_t *args) { return select_continue(p, args[0]); }
term_t bif_ets_match_1(process *p, const term_t *args) { return select_continue(p, args[0]); }
term_t bif_ets_match_object_1(process *p, const term_t *args) { return select_continue(p, args[0]); }

term_t bif_ets_match_2(process *p, const term_t *args)
{
    return select_list(p, args[0], pattern_spec(&p->heap, args[1], atom_from_cstr("$$")), false);
}
term_t bif_ets_match_3(process *p, const term_t *args)
{
    return select_first_chunk(p, args[0], pattern_spec(&p->heap, args[1], atom_from_cstr("$$")), args[2],
                              false);
}
term_t bif_ets_match_object_2(process *p, const term_t *args)
{
    return select_list(p, args[0], pattern_spec(&p->heap, args[1], atom_from_cstr("$_")), false);
}
term_t bif_ets_match_object_3(process *p, const term_t *args)
{
    return select_first_chunk(p, args[0], pattern_spec(&p->heap, args[1], atom_from_cstr("$_")), args[2],
                              false);
}

/* select_count/2, select_delete/2, select_replace/2: the number of
 * objects whose result was true (or that were replaced). */
static term_t select_act(process *p, term_t id, term_t spec, scan_kind kind)
{
    bool fresh;
    access_need need = kind == SC_COUNT ? NEED_READ : NEED_WRITE;
    ets_ms *ms = spec_of(spec, &fresh);
    if (!ms)
        return arg_badarg(p, id, need);
    tab t;
    if (!tab_open(p, id, need, 0, &t)) {
        spec_done(ms, fresh);
        return tab_badarg(p, &t);
    }
    ets_table *tb = t.tb;
    if (kind == SC_REPLACE && tb->type == T_BAG) {
        tab_close(&t);
        spec_done(ms, fresh);
        return ets_badarg(p, E_TABLE_TYPE);
    }
    scan s;
    scan_init(&s, p, tb, ms->prog, kind);
    scan_all(&s, fresh ? spec : THE_NON_VALUE, false);
    if (kind == SC_DELETE || (kind == SC_REPLACE && !s.bad)) {
        /* a replacement has the same key: it takes its old one's place */
        for (size_t i = 0; i < nhits(&s); i++) {
            ets_obj *o = hit_obj(&s, i);
            if (!is_hash(tb) && kind == SC_DELETE)
                tree_remove(tb, key_of(tb, o));
            else if (!is_hash(tb))
                table_put(tb, hit_repl(&s, i));
            else if (kind == SC_DELETE)
                hash_unlink(tb, hash_link_of(tb, o));
            else
                hash_replace(tb, hash_link_of(tb, o), obj_new(hit_repl(&s, i), tb->keypos));
        }
        if (kind == SC_DELETE && is_hash(tb))
            hash_shrunk(tb);
        s.found = nhits(&s);
    }
    tab_close(&t);
    scan_done(&s);
    spec_done(ms, fresh);
    if (s.bad)
        return BIF_BADARG(p);
    return term_uint64(&p->heap, s.found);
}

term_t bif_ets_select_count_2(process *p, const term_t *args)
{
    return select_act(p, args[0], args[1], SC_COUNT);
}
term_t bif_ets_select_delete_2(process *p, const term_t *args)
{
    return select_act(p, args[0], args[1], SC_DELETE);
}
term_t bif_ets_select_replace_2(process *p, const term_t *args)
{
    return select_act(p, args[0], args[1], SC_REPLACE);
}

term_t bif_ets_match_delete_2(process *p, const term_t *args)
{
    term_t r = select_act(p, args[0], pattern_spec(&p->heap, args[1], ATOM_true), SC_DELETE);
    return r == THE_NON_VALUE ? r : ATOM_true;
}

bool ets_is_match_spec(term_t t)
{
    bool fresh;
    ets_ms *ms = spec_of(t, &fresh);
    if (!ms)
        return false;
    spec_done(ms, fresh);
    return true;
}

term_t bif_ets_match_spec_compile_1(process *p, const term_t *args)
{
    ets_ms *ms = args[0] == NIL ? NULL : ms_new(args[0]);
    return ms ? ms_ref(&p->heap, ms) : BIF_BADARG(p);
}

term_t bif_ets_is_compiled_ms_1(process *p, const term_t *args)
{
    (void)p;
    return bool_atom(ms_of(args[0]) != NULL);
}

/* ets:match_spec_run_r(List, CompiledSpec, Acc): the results of the
 * objects that match, reversed onto Acc (match_spec_run/2 reverses). */
term_t bif_ets_match_spec_run_r_3(process *p, const term_t *args)
{
    ets_ms *ms = ms_of(args[1]);
    if (!ms || list_length(args[0]) < 0)
        return BIF_BADARG(p);
    heap_t scratch;
    heap_init(&scratch, ALLOC_TEMP);
    term_t acc = args[2];
    for (term_t l = args[0]; ms->prog && term_is_list(l); l = list_tail(l)) {
        term_t r;
        if (ms_engine->run(ms->prog, &scratch, p->pid, list_head(l), &r))
            acc = term_cons(&p->heap, copy_term(&p->heap, r), acc);
        heap_reset(&scratch);
    }
    heap_destroy(&scratch);
    return acc;
}

/* ---- update_counter, update_element ---------------------------------------------------------- */

/* The object of key in a set or ordered_set, or NULL. */
static ets_obj *find_one(const ets_table *tb, term_t key)
{
    if (!is_hash(tb))
        return tree_find(tb, key);
    return hash_live(tb, key, key_hash(key));
}

/* The elements of an object, or of the default object with key put in,
 * in an array the update changes: `local` when they fit
 * (ELEMENTS_LOCAL), else on h; *n gets the arity. */
#define ELEMENTS_LOCAL 16
static term_t *elements_of(heap_t *h, term_t *local, const ets_table *tb, term_t obj, term_t key, uint64_t *n)
{
    *n = tuple_arity(obj);
    term_t *el = *n <= ELEMENTS_LOCAL ? local : heap_alloc(h, *n);
    for (uint64_t i = 0; i < *n; i++)
        el[i] = tuple_get(obj, i);
    if (key != THE_NON_VALUE)
        el[tb->keypos - 1] = key;
    return el;
}

/* Puts the updated elements el[0..n) of o's object into the table: in
 * the stored object itself when each change replaces an immediate with
 * an immediate (a small counter, an atom), as OTP updates in place, else
 * as a new object in o's place. Under the table's writer lock. */
static void put_updated(ets_table *tb, ets_obj *o, heap_t *scratch, const term_t *el, uint64_t n)
{
    term_t *old = o ? tuple_elems(o->term) : NULL;
    bool in_place = o != NULL;
    for (uint64_t i = 0; in_place && i < n; i++)
        in_place = el[i] == old[i] || (term_is_immed(el[i]) && term_is_immed(old[i]));
    if (!in_place) {
        table_put(tb, term_tuple(scratch, n, el));
        return;
    }
    for (uint64_t i = 0; i < n; i++)
        old[i] = el[i];
}

/* One counter update of update_counter/3,4 on el[0..n): Incr, {Pos,
 * Incr} or {Pos, Incr, Threshold, SetValue}; the new value, or
 * THE_NON_VALUE for a bad operation, with its cause in *why. */
static term_t count_one(heap_t *h, const ets_table *tb, term_t *el, uint64_t n, term_t op, ets_cause *why)
{
    term_t pos = term_small(tb->keypos + 1), incr = op, thr = THE_NON_VALUE, set = THE_NON_VALUE;
    if (term_is_tuple(op) && (tuple_arity(op) == 2 || tuple_arity(op) == 4)) {
        pos = tuple_get(op, 0);
        incr = tuple_get(op, 1);
        if (tuple_arity(op) == 4) {
            thr = tuple_get(op, 2);
            set = tuple_get(op, 3);
            if (!term_is_integer(thr) || !term_is_integer(set))
                return THE_NON_VALUE;
        }
    }
    if (!term_is_small(pos) || !term_is_integer(incr))
        return THE_NON_VALUE;
    if ((uint64_t)small_value(pos) == tb->keypos) {
        *why = E_KEYPOS;
        return THE_NON_VALUE;
    }
    if (small_value(pos) < 1 || (uint64_t)small_value(pos) > n) {
        *why = E_POSITION;
        return THE_NON_VALUE;
    }
    term_t *field = &el[small_value(pos) - 1];
    if (!term_is_integer(*field))
        return THE_NON_VALUE;
    term_t v = int_add(h, *field, incr);
    if (thr != THE_NON_VALUE) {
        bool up = int_cmp(incr, term_small(0)) >= 0;
        if (up ? int_cmp(v, thr) > 0 : int_cmp(v, thr) < 0)
            v = set;
    }
    *field = v;
    return v;
}

static term_t update_counter(process *p, const term_t *args, term_t dflt)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    ets_table *tb = t.tb;
    ets_obj *o = tb->type == T_SET || tb->type == T_ORDERED_SET ? find_one(tb, args[1]) : NULL;
    bool ok = o || (dflt != THE_NON_VALUE && valid_object(tb, dflt));
    ets_cause why = o || dflt != THE_NON_VALUE ? E_NONE : E_BADKEY;
    if (tb->type == T_BAG || tb->type == T_DUPLICATE_BAG) {
        ok = false;
        why = E_TABLE_TYPE;
    }
    term_t result = NIL;
    /* the new object is built on scratch: it points into the old one,
     * which table_put frees once it has copied the new */
    heap_t scratch;
    heap_init(&scratch, ALLOC_TEMP);
    if (ok) {
        uint64_t n;
        term_t local[ELEMENTS_LOCAL];
        term_t *el = elements_of(&scratch, local, tb, o ? o->term : dflt, o ? THE_NON_VALUE : args[1], &n);
        term_t ops = args[2];
        if (term_is_list(ops) || term_is_nil(ops)) {
            list_builder b;
            lb_init(&b, &p->heap);
            for (; ok && term_is_list(ops); ops = list_tail(ops)) {
                term_t v = count_one(&p->heap, tb, el, n, list_head(ops), &why);
                ok = v != THE_NON_VALUE;
                if (ok)
                    lb_add(&b, v);
            }
            ok = ok && term_is_nil(ops);
            result = b.head;
        } else {
            result = count_one(&p->heap, tb, el, n, ops, &why);
            ok = result != THE_NON_VALUE;
        }
        if (ok)
            put_updated(tb, o, &scratch, el, n);
    }
    tab_close(&t);
    heap_destroy(&scratch);
    return ok ? result : ets_badarg(p, why);
}

term_t bif_ets_update_counter_3(process *p, const term_t *args)
{
    return update_counter(p, args, THE_NON_VALUE);
}
term_t bif_ets_update_counter_4(process *p, const term_t *args) { return update_counter(p, args, args[3]); }

/* One {Pos, Value} of update_element/3 on el[0..n); false for a bad
 * one, *why E_KEYPOS when Pos is the key's. */
static bool set_element(const ets_table *tb, term_t *el, uint64_t n, term_t op, ets_cause *why)
{
    if (!term_is_tuple(op) || tuple_arity(op) != 2)
        return false;
    term_t pos = tuple_get(op, 0);
    if (term_is_small(pos) && (uint64_t)small_value(pos) == tb->keypos)
        *why = E_KEYPOS;
    if (!term_is_small(pos) || small_value(pos) < 1 || (uint64_t)small_value(pos) > n ||
        (uint64_t)small_value(pos) == tb->keypos)
        return false;
    el[small_value(pos) - 1] = tuple_get(op, 1);
    return true;
}

/* update_element(Tab, Key, {Pos, Value} | [{Pos, Value}]): false when
 * there is no object of key. */
term_t bif_ets_update_element_3(process *p, const term_t *args)
{
    tab t;
    if (!tab_open(p, args[0], NEED_WRITE, 0, &t))
        return tab_badarg(p, &t);
    ets_table *tb = t.tb;
    bool ok = tb->type == T_SET || tb->type == T_ORDERED_SET;
    ets_obj *o = ok ? find_one(tb, args[1]) : NULL;
    term_t ops = args[2];
    ok = ok && (term_is_tuple(ops) || term_is_cons_or_nil(ops));
    heap_t scratch;
    heap_init(&scratch, ALLOC_TEMP);
    ets_cause why = E_NONE;
    if (ok && o) {
        uint64_t n;
        term_t local[ELEMENTS_LOCAL];
        term_t *el = elements_of(&scratch, local, tb, o->term, THE_NON_VALUE, &n);
        if (term_is_tuple(ops))
            ok = set_element(tb, el, n, ops, &why);
        for (; ok && term_is_list(ops); ops = list_tail(ops))
            ok = set_element(tb, el, n, list_head(ops), &why);
        ok = ok && (term_is_tuple(ops) || term_is_nil(ops));
        if (ok)
            put_updated(tb, o, &scratch, el, n);
    }
    tab_close(&t);
    heap_destroy(&scratch);
    if (!ok)
        return ets_badarg(p, why);
    return o ? ATOM_true : ATOM_false;
}
