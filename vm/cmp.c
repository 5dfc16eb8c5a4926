/* cmp.c: term order and equality.
 * One walker serves all four entry points: it compares pairs of terms taken
 * from an explicit stack, so term depth costs memory, never C stack. Each
 * pair carries its mode: map keys always compare exactly. */
#include "cmp.h"

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "map.h"

/* Type classes in Erlang's term order. */
enum {
    CLASS_NUMBER,
    CLASS_ATOM,
    CLASS_REF,
    CLASS_FUN,
    CLASS_PORT,
    CLASS_PID,
    CLASS_TUPLE,
    CLASS_MAP,
    CLASS_NIL,
    CLASS_LIST,
    CLASS_BITSTRING
};

static int class_of(term_t t)
{
    switch (term_primary(t)) {
    case TAG_PRIMARY_LIST:
        return CLASS_LIST;
    case TAG_PRIMARY_IMMED1:
        if (term_is_small(t))
            return CLASS_NUMBER;
        if (term_is_atom(t))
            return CLASS_ATOM;
        if (term_is_nil(t))
            return CLASS_NIL;
        if (term_is_local_pid(t))
            return CLASS_PID;
        return CLASS_PORT;
    default:
        switch (header_subtag(*boxed_ptr(t))) {
        case HDR_TUPLE:
            return CLASS_TUPLE;
        case HDR_POS_BIG:
        case HDR_NEG_BIG:
        case HDR_FLOAT:
            return CLASS_NUMBER;
        case HDR_REF:
        case HDR_MAGIC_REF:
        case HDR_EXT_REF:
            return CLASS_REF;
        case HDR_FUN:
        case HDR_EXPORT:
            return CLASS_FUN;
        case HDR_EXT_PORT:
            return CLASS_PORT;
        case HDR_EXT_PID:
            return CLASS_PID;
        case HDR_MAP:
            return CLASS_MAP;
        default:
            return CLASS_BITSTRING;
        }
    }
}

static int sign(int64_t x) { return (x > 0) - (x < 0); }
static int cmp_u64(uint64_t a, uint64_t b) { return (a > b) - (a < b); }

static int cmp_atoms(term_t a, term_t b)
{
    if (a == b)
        return 0;
    size_t la, lb;
    const char *ta = atom_text(a, &la), *tb = atom_text(b, &lb);
    int c = memcmp(ta, tb, la < lb ? la : lb);
    return c ? sign(c) : cmp_u64(la, lb);
}

static int cmp_numbers(term_t a, term_t b, bool exact)
{
    bool fa = term_is_float(a), fb = term_is_float(b);
    if (fa && fb) {
        double x = float_value(a), y = float_value(b);
        return (x > y) - (x < y);
    }
    if (!fa && !fb)
        return int_cmp(a, b);
    if (exact) /* map-key order and =:=: every integer before every float */
        return fa ? 1 : -1;
    return fa ? -int_cmp_float(b, float_value(a)) : int_cmp_float(a, float_value(b));
}

/* Node, creation and id words of a pid, port or ref, local or external. */
typedef struct ident {
    term_t node;
    uint64_t creation;
    uint64_t nids;
    uint32_t ids[REF_MAX_IDS];
} ident;

static void ident_of(term_t t, ident *id)
{
    memset(id, 0, sizeof *id);
    id->node = ATOM_nonode_at_nohost;
    if (term_is_local_pid(t)) {
        id->nids = 2, id->ids[1] = pid_serial(t), id->ids[0] = pid_number(t);
    } else if (term_is_local_port(t)) {
        uint64_t n = port_number(t);
        id->nids = 2, id->ids[1] = (uint32_t)(n >> 32), id->ids[0] = (uint32_t)n;
    } else if (term_is_local_ref(t)) {
        ref_obj *r = ref_object(t);
        id->nids = r->nids;
        memcpy(id->ids, r->ids, r->nids * sizeof(uint32_t));
    } else {
        ext_id_obj *x = ext_id_object(t);
        id->node = x->node, id->creation = x->creation, id->nids = x->nids;
        memcpy(id->ids, x->ids, x->nids * sizeof(uint32_t));
    }
}

/* Same node: the id words from the most significant; else node, creation. */
static int cmp_idents(term_t a, term_t b)
{
    ident x, y;
    ident_of(a, &x);
    ident_of(b, &y);
    if (x.node != y.node)
        return cmp_atoms(x.node, y.node);
    if (x.creation != y.creation)
        return cmp_u64(x.creation, y.creation);
    uint64_t n = x.nids > y.nids ? x.nids : y.nids;
    for (uint64_t i = n; i-- > 0;) {
        uint32_t p = i < x.nids ? x.ids[i] : 0, q = i < y.nids ? y.ids[i] : 0;
        if (p != q)
            return p < q ? -1 : 1;
    }
    return cmp_u64(x.nids, y.nids);
}

static int cmp_bits(term_t a, term_t b)
{
    bin_view x, y;
    bin_view_of(a, &x);
    bin_view_of(b, &y);
    uint64_t n = x.size < y.size ? x.size : y.size;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t p = bin_byte_at(&x, i), q = bin_byte_at(&y, i);
        if (p != q)
            return p < q ? -1 : 1;
    }
    /* Compare the remaining bits of the shorter one's last partial byte. */
    uint64_t bx = bin_bit_size(&x) - n * 8, by = bin_bit_size(&y) - n * 8;
    uint64_t common = bx < by ? bx : by;
    if (common > 8)
        common = 8;
    if (common) {
        uint8_t p = x.size > n ? bin_byte_at(&x, n) : bin_tail_bits(&x);
        uint8_t q = y.size > n ? bin_byte_at(&y, n) : bin_tail_bits(&y);
        uint8_t mask = (uint8_t)(0xFF00u >> common);
        if ((p & mask) != (q & mask))
            return (p & mask) < (q & mask) ? -1 : 1;
    }
    return cmp_u64(bin_bit_size(&x), bin_bit_size(&y));
}

typedef struct pair {
    term_t a, b;
    bool exact;
} pair;

typedef struct walk {
    pair *items;
    size_t len, cap;
    pair local[64];
} walk;

static void walk_push(walk *w, term_t a, term_t b, bool exact)
{
    if (w->len == w->cap) {
        size_t cap = w->cap * 2;
        if (w->items == w->local) {
            w->items = alloc_new(ALLOC_TEMP, cap * sizeof(pair));
            memcpy(w->items, w->local, w->len * sizeof(pair));
        } else {
            w->items = alloc_resize(ALLOC_TEMP, w->items, w->cap * sizeof(pair), cap * sizeof(pair));
        }
        w->cap = cap;
    }
    w->items[w->len++] = (pair){a, b, exact};
}

/* Pushes the pairs that decide the order of two maps of equal size: all
 * keys (exactly, in map-key order) before all values. */
static void push_maps(walk *w, term_t a, term_t b, bool exact)
{
    uint64_t n = map_size(a);
    if (map_is_flat(a) && map_is_flat(b)) {
        const term_t *ka = tuple_elems(flatmap_keys(a)), *kb = tuple_elems(flatmap_keys(b));
        const term_t *va = flatmap_values(a), *vb = flatmap_values(b);
        for (uint64_t i = n; i-- > 0;)
            walk_push(w, va[i], vb[i], exact);
        for (uint64_t i = n; i-- > 0;)
            walk_push(w, ka[i], kb[i], true);
        return;
    }
    size_t bytes = 4 * n * sizeof(term_t);
    term_t *buf = alloc_new(ALLOC_TEMP, bytes);
    term_t *ka = buf, *va = buf + n, *kb = buf + 2 * n, *vb = buf + 3 * n;
    map_sorted_pairs(a, ka, va);
    map_sorted_pairs(b, kb, vb);
    for (uint64_t i = n; i-- > 0;)
        walk_push(w, va[i], vb[i], exact);
    for (uint64_t i = n; i-- > 0;)
        walk_push(w, ka[i], kb[i], true);
    alloc_free(ALLOC_TEMP, buf, bytes);
}

/* Compares one pair shallowly; pushes the children that decide when the
 * outer shapes are equal. */
static int step(walk *w, term_t a, term_t b, bool exact)
{
    if (a == b)
        return 0;
    int ca = class_of(a), cb = class_of(b);
    if (ca != cb)
        return ca < cb ? -1 : 1;
    switch (ca) {
    case CLASS_NUMBER:
        return cmp_numbers(a, b, exact);
    case CLASS_ATOM:
        return cmp_atoms(a, b);
    case CLASS_REF:
    case CLASS_PORT:
    case CLASS_PID:
        return cmp_idents(a, b);
    case CLASS_NIL:
        return 0;
    case CLASS_BITSTRING:
        return cmp_bits(a, b);
    case CLASS_LIST:
        walk_push(w, list_tail(a), list_tail(b), exact);
        walk_push(w, list_head(a), list_head(b), exact);
        return 0;
    case CLASS_TUPLE: {
        uint64_t n = tuple_arity(a), m = tuple_arity(b);
        if (n != m)
            return n < m ? -1 : 1;
        for (uint64_t i = n; i-- > 0;)
            walk_push(w, tuple_get(a, i), tuple_get(b, i), exact);
        return 0;
    }
    case CLASS_MAP: {
        uint64_t n = map_size(a), m = map_size(b);
        if (n != m)
            return n < m ? -1 : 1;
        push_maps(w, a, b, exact);
        return 0;
    }
    default: /* CLASS_FUN: closures before export funs */
        if (term_is_export(a) != term_is_export(b))
            return term_is_export(a) ? 1 : -1;
        if (term_is_export(a)) {
            export_obj *x = export_object(a), *y = export_object(b);
            int c = cmp_atoms(x->module, y->module);
            if (!c)
                c = cmp_atoms(x->function, y->function);
            return c ? c : cmp_u64(x->arity, y->arity);
        } else {
            fun_obj *x = fun_object(a), *y = fun_object(b);
            int c = cmp_atoms(x->module, y->module);
            if (!c)
                c = cmp_u64(x->old_index, y->old_index);
            if (!c)
                c = cmp_u64(x->old_uniq, y->old_uniq);
            if (!c)
                c = cmp_u64(x->num_free, y->num_free);
            if (c)
                return c;
            for (uint64_t i = x->num_free; i-- > 0;)
                walk_push(w, x->env[i], y->env[i], exact);
            return 0;
        }
    }
}

static int compare(term_t a, term_t b, bool exact)
{
    if (term_is_small(a) && term_is_small(b)) /* the common case: no walk */
        return ((int64_t)a > (int64_t)b) - ((int64_t)a < (int64_t)b);
    walk w;
    w.items = w.local;
    w.len = 0;
    w.cap = sizeof w.local / sizeof w.local[0];
    walk_push(&w, a, b, exact);
    int c = 0;
    while (w.len && c == 0) {
        pair p = w.items[--w.len];
        c = step(&w, p.a, p.b, p.exact);
    }
    if (w.items != w.local)
        alloc_free(ALLOC_TEMP, w.items, w.cap * sizeof(pair));
    return c;
}

int term_cmp_walk(term_t a, term_t b) { return compare(a, b, false); }
int term_cmp_exact(term_t a, term_t b) { return compare(a, b, true); }
bool term_eq(term_t a, term_t b) { return a == b || compare(a, b, false) == 0; }
bool term_eq_exact(term_t a, term_t b) { return a == b || compare(a, b, true) == 0; }
