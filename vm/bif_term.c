/* bif_term.c: BIFs on lists, tuples and maps, the type tests, and
 * erlang:phash/2 and phash2/1,2, with OTP 25's results and exceptions
 * (including the function_clause and {badmap, M} of the functions OTP
 * writes in Erlang). The table of them is vm/bif_term.def. Every walk over
 * a list or term is iterative; results are built on the caller's heap. */
#include <stdatomic.h>
#include <stdlib.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "binary.h"
#include "cmp.h"
#include "hash.h"
#include "heap.h"
#include "map.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_term.def"
#undef BIF

/* The largest tuple erlang:make_tuple/2 builds (OTP's limit). */
#define MAX_TUPLE_ARITY ((UINT64_C(1) << 24) - 1)

/* An atom not in atoms.def (atom_cached). */
static _Atomic term_t atom_value_slot;
#define ATOM_VALUE atom_cached(&atom_value_slot, "value")

static inline term_t make_bool(bool b) { return b ? ATOM_true : ATOM_false; }

static term_t raise_badmap(process *p, term_t m)
{
    return BIF_ERROR(p, term_tuple2(&p->heap, ATOM_badmap, m));
}

static term_t raise_badkey(process *p, term_t k)
{
    return BIF_ERROR(p, term_tuple2(&p->heap, ATOM_badkey, k));
}

/* A positive index that fits a SMALL, as element/2 and keyfind/3 take. */
static bool get_index(term_t t, uint64_t *out)
{
    if (!term_is_small(t) || small_value(t) < 1)
        return false;
    *out = (uint64_t)small_value(t);
    return true;
}

/* Copies the first n cells of `list` (n <= its length) onto h, ending the
 * copy with `tail`. */
static term_t copy_list_prefix(heap_t *h, term_t list, size_t n, term_t tail)
{
    if (n == 0)
        return tail;
    term_t *cells = heap_alloc(h, 2 * n);
    for (size_t i = 0; i < n; i++, list = list_tail(list)) {
        cells[2 * i] = list_head(list);
        cells[2 * i + 1] = i + 1 < n ? term_list(cells + 2 * i + 2) : tail;
    }
    return term_list(cells);
}

/* ---- lists and tuples ------------------------------------------------------- */

/* length(List): badarg unless a proper list. */
term_t bif_term_length_1(process *p, const term_t *args)
{
    int64_t n = list_length(args[0]);
    if (n < 0)
        return BIF_BADARG(p);
    return term_int64(&p->heap, n);
}

term_t bif_term_hd_1(process *p, const term_t *args)
{
    if (!term_is_list(args[0]))
        return BIF_BADARG(p);
    return list_head(args[0]);
}

term_t bif_term_tl_1(process *p, const term_t *args)
{
    if (!term_is_list(args[0]))
        return BIF_BADARG(p);
    return list_tail(args[0]);
}

term_t bif_term_element_2(process *p, const term_t *args)
{
    uint64_t i;
    if (!get_index(args[0], &i) || !term_is_tuple(args[1]) || i > tuple_arity(args[1]))
        return BIF_BADARG(p);
    return tuple_get(args[1], i - 1);
}

term_t bif_term_setelement_3(process *p, const term_t *args)
{
    uint64_t i;
    if (!get_index(args[0], &i) || !term_is_tuple(args[1]) || i > tuple_arity(args[1]))
        return BIF_BADARG(p);
    term_t t = term_tuple(&p->heap, tuple_arity(args[1]), tuple_elems(args[1]));
    tuple_elems(t)[i - 1] = args[2];
    return t;
}

term_t bif_term_tuple_size_1(process *p, const term_t *args)
{
    if (!term_is_tuple(args[0]))
        return BIF_BADARG(p);
    return term_small((int64_t)tuple_arity(args[0]));
}

/* size/1: a tuple's arity or a bitstring's whole bytes. */
term_t bif_term_size_1(process *p, const term_t *args)
{
    if (term_is_tuple(args[0]))
        return term_small((int64_t)tuple_arity(args[0]));
    if (term_is_bitstring(args[0])) {
        bin_view v;
        bin_view_of(args[0], &v);
        return term_int64(&p->heap, (int64_t)v.size);
    }
    return BIF_BADARG(p);
}

/* A tuple of n copies of `fill`; false when n is not 0..MAX_TUPLE_ARITY. */
static bool make_filled_tuple(process *p, term_t n, term_t fill, term_t *out)
{
    if (!term_is_small(n) || small_value(n) < 0 || (uint64_t)small_value(n) > MAX_TUPLE_ARITY)
        return false;
    uint64_t arity = (uint64_t)small_value(n);
    *out = term_tuple(&p->heap, arity, NULL);
    term_t *e = tuple_elems(*out);
    for (uint64_t i = 0; i < arity; i++)
        e[i] = fill;
    return true;
}

term_t bif_term_make_tuple_2(process *p, const term_t *args)
{
    term_t t;
    if (!make_filled_tuple(p, args[0], args[1], &t))
        return BIF_BADARG(p);
    return t;
}

/* erlang:make_tuple(N, Default, [{Pos, Value}]): later pairs win. */
term_t bif_term_make_tuple_3(process *p, const term_t *args)
{
    term_t t;
    if (!make_filled_tuple(p, args[0], args[1], &t))
        return BIF_BADARG(p);
    uint64_t arity = tuple_arity(t);
    term_t l = args[2];
    for (; term_is_list(l); l = list_tail(l)) {
        term_t pair = list_head(l);
        uint64_t i;
        if (!term_is_tuple(pair) || tuple_arity(pair) != 2 || !get_index(tuple_get(pair, 0), &i) || i > arity)
            return BIF_BADARG(p);
        tuple_elems(t)[i - 1] = tuple_get(pair, 1);
    }
    if (!term_is_nil(l))
        return BIF_BADARG(p);
    return t;
}

/* erlang:insert_element(Index, Tuple, Value), also the engine of
 * append_element/2. */
static term_t insert_at(process *p, term_t tuple, uint64_t i, term_t value)
{
    uint64_t n = tuple_arity(tuple);
    term_t t = term_tuple(&p->heap, n + 1, NULL);
    term_t *dst = tuple_elems(t), *src = tuple_elems(tuple);
    memcpy(dst, src, (i - 1) * sizeof(term_t));
    dst[i - 1] = value;
    memcpy(dst + i, src + i - 1, (n - (i - 1)) * sizeof(term_t));
    return t;
}

/* erlang:append_element/2: badarg at the largest arity, as OTP. */
term_t bif_term_append_element_2(process *p, const term_t *args)
{
    if (!term_is_tuple(args[0]) || tuple_arity(args[0]) >= MAX_TUPLE_ARITY)
        return BIF_BADARG(p);
    return insert_at(p, args[0], tuple_arity(args[0]) + 1, args[1]);
}

/* erlang:insert_element/3: OTP checks no arity limit here. */
term_t bif_term_insert_element_3(process *p, const term_t *args)
{
    uint64_t i;
    if (!get_index(args[0], &i) || !term_is_tuple(args[1]) || i > tuple_arity(args[1]) + 1)
        return BIF_BADARG(p);
    return insert_at(p, args[1], i, args[2]);
}

term_t bif_term_delete_element_2(process *p, const term_t *args)
{
    uint64_t i;
    if (!get_index(args[0], &i) || !term_is_tuple(args[1]) || i > tuple_arity(args[1]))
        return BIF_BADARG(p);
    uint64_t n = tuple_arity(args[1]);
    term_t t = term_tuple(&p->heap, n - 1, NULL);
    term_t *dst = tuple_elems(t), *src = tuple_elems(args[1]);
    memcpy(dst, src, (i - 1) * sizeof(term_t));
    memcpy(dst + i - 1, src + i, (n - i) * sizeof(term_t));
    return t;
}

/* A ++ B: A must be a proper list; B is anything. */
term_t bif_term_append_2(process *p, const term_t *args)
{
    int64_t n = list_length(args[0]);
    if (n < 0)
        return BIF_BADARG(p);
    return copy_list_prefix(&p->heap, args[0], (size_t)n, args[1]);
}

/* ---- A -- B ---------------------------------------------------------------------
 * Each element of B removes the first element of A that is =:= to it. B's
 * elements become a sorted multiset (distinct values with counts) searched
 * once per element of A, so the cost is O((|A| + |B|) log |B|). */

typedef struct counted {
    term_t term;
    uint64_t count;
} counted;

static int compare_counted(const void *a, const void *b)
{
    return term_cmp_exact(((const counted *)a)->term, ((const counted *)b)->term);
}

static counted *find_counted(counted *set, size_t n, term_t t)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = term_cmp_exact(t, set[mid].term);
        if (c == 0)
            return &set[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

term_t bif_term_subtract_2(process *p, const term_t *args)
{
    term_t a = args[0], b = args[1];
    int64_t na = list_length(a), nb = list_length(b);
    if (na < 0 || nb < 0)
        return BIF_BADARG(p);
    if (na == 0 || nb == 0)
        return a;

    size_t bytes = (size_t)nb * sizeof(counted);
    counted *set = alloc_new(ALLOC_TEMP, bytes);
    size_t n = 0;
    for (term_t l = b; term_is_list(l); l = list_tail(l))
        set[n++] = (counted){list_head(l), 1};
    qsort(set, n, sizeof *set, compare_counted);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++) {
        if (distinct > 0 && term_cmp_exact(set[distinct - 1].term, set[i].term) == 0)
            set[distinct - 1].count++;
        else
            set[distinct++] = set[i];
    }

    /* Keep the elements of A not removed, in order. */
    term_t *kept = alloc_new(ALLOC_TEMP, (size_t)na * sizeof(term_t));
    size_t nkept = 0;
    for (term_t l = a; term_is_list(l); l = list_tail(l)) {
        counted *c = find_counted(set, distinct, list_head(l));
        if (c && c->count > 0)
            c->count--;
        else
            kept[nkept++] = list_head(l);
    }
    term_t r = term_list_from(&p->heap, kept, nkept, NIL);
    alloc_free(ALLOC_TEMP, kept, (size_t)na * sizeof(term_t));
    alloc_free(ALLOC_TEMP, set, bytes);
    return r;
}

/* ---- type tests ------------------------------------------------------------------ */

term_t bif_term_is_atom_1(process *p, const term_t *args) { return make_bool(term_is_atom(args[0])); }

term_t bif_term_is_binary_1(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]))
        return ATOM_false;
    bin_view v;
    bin_view_of(args[0], &v);
    return make_bool(v.bitsize == 0);
}

term_t bif_term_is_bitstring_1(process *p, const term_t *args)
{
    return make_bool(term_is_bitstring(args[0]));
}

term_t bif_term_is_boolean_1(process *p, const term_t *args)
{
    return make_bool(args[0] == ATOM_true || args[0] == ATOM_false);
}

term_t bif_term_is_float_1(process *p, const term_t *args) { return make_bool(term_is_float(args[0])); }

term_t bif_term_is_function_1(process *p, const term_t *args) { return make_bool(term_is_any_fun(args[0])); }

/* is_function(F, Arity): badarg unless Arity is a non-negative integer. */
term_t bif_term_is_function_2(process *p, const term_t *args)
{
    term_t a = args[1];
    if (term_is_small(a)) {
        if (small_value(a) < 0)
            return BIF_BADARG(p);
    } else if (!term_is_big(a) || big_is_negative(a)) {
        return BIF_BADARG(p);
    }
    if (!term_is_small(a))
        return ATOM_false; /* no fun takes that many arguments */
    uint64_t arity = (uint64_t)small_value(a);
    if (term_is_fun(args[0]))
        return make_bool(fun_object(args[0])->arity == arity);
    if (term_is_export(args[0]))
        return make_bool(export_object(args[0])->arity == arity);
    return ATOM_false;
}

term_t bif_term_is_integer_1(process *p, const term_t *args) { return make_bool(term_is_integer(args[0])); }

term_t bif_term_is_list_1(process *p, const term_t *args) { return make_bool(term_is_cons_or_nil(args[0])); }

term_t bif_term_is_map_1(process *p, const term_t *args) { return make_bool(term_is_map(args[0])); }

term_t bif_term_is_number_1(process *p, const term_t *args) { return make_bool(term_is_number(args[0])); }

term_t bif_term_is_pid_1(process *p, const term_t *args) { return make_bool(term_is_pid(args[0])); }

term_t bif_term_is_port_1(process *p, const term_t *args) { return make_bool(term_is_port(args[0])); }

term_t bif_term_is_reference_1(process *p, const term_t *args) { return make_bool(term_is_ref(args[0])); }

term_t bif_term_is_tuple_1(process *p, const term_t *args) { return make_bool(term_is_tuple(args[0])); }

/* erlang:is_record(Term, Tag): badarg unless Tag is an atom. */
term_t bif_term_is_record_2(process *p, const term_t *args)
{
    if (!term_is_atom(args[1]))
        return BIF_BADARG(p);
    term_t t = args[0];
    return make_bool(term_is_tuple(t) && tuple_arity(t) >= 1 && tuple_get(t, 0) == args[1]);
}

/* erlang:is_record(Term, Tag, Size): badarg unless Tag is an atom and Size
 * a SMALL integer. */
term_t bif_term_is_record_3(process *p, const term_t *args)
{
    if (!term_is_atom(args[1]) || !term_is_small(args[2]))
        return BIF_BADARG(p);
    term_t t = args[0], n = args[2];
    return make_bool(term_is_tuple(t) && small_value(n) >= 1 && tuple_arity(t) == (uint64_t)small_value(n) &&
                     tuple_get(t, 0) == args[1]);
}

/* ---- maps in guards ---------------------------------------------------------- */

term_t bif_term_map_size_1(process *p, const term_t *args)
{
    if (!term_is_map(args[0]))
        return raise_badmap(p, args[0]);
    return term_int64(&p->heap, (int64_t)map_size(args[0]));
}

term_t bif_term_map_get_2(process *p, const term_t *args)
{
    term_t v;
    if (!term_is_map(args[1]))
        return raise_badmap(p, args[1]);
    if (!map_get(args[1], args[0], &v))
        return raise_badkey(p, args[0]);
    return v;
}

term_t bif_term_is_map_key_2(process *p, const term_t *args)
{
    term_t v;
    if (!term_is_map(args[1]))
        return raise_badmap(p, args[1]);
    return make_bool(map_get(args[1], args[0], &v));
}

/* ---- erlang:phash/2 -----------------------------------------------------------------
 * OTP's old portable hash (make_hash in erts/emulator/beam/utils.c): each
 * type folds its bytes into a 32-bit value with its own primes. Maps fold
 * in the full 32-bit phash2 of the whole map. */

#define PRIME1 268440163u
#define PRIME2 268439161u
#define PRIME3 268435459u
#define PRIME4 268436141u
#define PRIME5 268438633u
#define PRIME6 268437017u
#define PRIME8 268437511u
#define PRIME9 268439627u
#define PRIME10 268440479u
#define PRIME11 268440577u
#define PRIME12 268440581u
#define PRIME13 268440593u
#define PRIME14 268440611u

/* OTP's atom hash value: hashpjw over the UTF-8 name, a C2/C3-led pair
 * counting as its latin1 character (as vm/hash.c computes it). */
static uint32_t get_atom_hvalue(term_t a)
{
    size_t len;
    const uint8_t *s = (const uint8_t *)atom_text(a, &len);
    uint32_t h = 0;
    while (len--) {
        uint8_t v = *s++;
        if (len && (v & 0xFE) == 0xC2 && (*s & 0xC0) == 0x80) {
            v = (uint8_t)((v << 6) | (*s & 0x3F));
            s++, len--;
        }
        h = (h << 4) + v;
        uint32_t g = h & 0xf0000000u;
        if (g) {
            h ^= g >> 24;
            h ^= g;
        }
    }
    return h;
}

/* The four bytes of x, low first, each folded with `prime`. */
static uint32_t fold_u32(uint32_t h, uint32_t x, uint32_t prime)
{
    h = h * prime + (x & 0xFF);
    h = h * prime + ((x >> 8) & 0xFF);
    h = h * prime + ((x >> 16) & 0xFF);
    return h * prime + (x >> 24);
}

static uint32_t fold_bitstring(uint32_t h, term_t b)
{
    bin_view v;
    bin_view_of(b, &v);
    for (uint64_t i = 0; i < v.size; i++)
        h = h * PRIME1 + bin_byte_at(&v, i);
    if (v.bitsize)
        h = (h * PRIME1 + (uint32_t)(bin_tail_bits(&v) >> (8 - v.bitsize))) * PRIME12 + v.bitsize;
    return h * PRIME4 + (uint32_t)v.size;
}

static uint32_t fold_big(uint32_t h, term_t t)
{
    const mp_limb_t *limbs = big_limbs(t);
    size_t n = big_limb_count(t);
    for (size_t i = 0; i < n; i++) {
        uint64_t d = limbs[i];
        unsigned bytes = (i + 1 < n || (d >> 32)) ? 8 : 4;
        for (unsigned j = 0; j < bytes; j++, d >>= 8)
            h = h * PRIME2 + (uint32_t)(d & 0xFF);
    }
    return h * (big_is_negative(t) ? PRIME4 : PRIME3);
}

static uint32_t fold_float(uint32_t h, term_t t)
{
    double d = float_value(t);
    if (d == 0.0)
        d = 0.0; /* -0.0 hashes as 0.0 */
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return h * PRIME6 + ((uint32_t)bits ^ (uint32_t)(bits >> 32));
}

/* The first id word of a pid, port or reference from another node. */
static uint32_t get_ext_id0(term_t t) { return ext_id_object(t)->ids[0]; }

/* Work items of the make_hash walk: a term to hash, the tail of a list
 * whose head was just hashed, the end of a non-list tail, the end of a
 * tuple of some arity. */
enum { WALK_TERM, WALK_CDR, WALK_CDR_END, WALK_TUPLE_END };
typedef struct walk_item {
    unsigned op;
    term_t t; /* the term, or the arity of WALK_TUPLE_END */
} walk_item;

typedef struct walk_stack {
    walk_item *items;
    size_t n, cap;
    walk_item local[32];
} walk_stack;

static void push_item(walk_stack *s, unsigned op, term_t t)
{
    if (s->n == s->cap) {
        size_t cap = s->cap * 2;
        walk_item *items = alloc_new(ALLOC_TEMP, cap * sizeof *items);
        memcpy(items, s->items, s->n * sizeof *items);
        if (s->items != s->local)
            alloc_free(ALLOC_TEMP, s->items, s->cap * sizeof *items);
        s->items = items, s->cap = cap;
    }
    s->items[s->n++] = (walk_item){op, t};
}

static uint32_t compute_phash(term_t root)
{
    walk_stack s = {.items = s.local, .n = 0, .cap = sizeof s.local / sizeof s.local[0]};
    uint32_t h = 0;
    push_item(&s, WALK_TERM, root);
    while (s.n > 0) {
        walk_item it = s.items[--s.n];
        term_t t = it.t;
        switch (it.op) {
        case WALK_TUPLE_END:
            h = h * PRIME9 + (uint32_t)t;
            continue;
        case WALK_CDR_END:
            h *= PRIME8;
            continue;
        case WALK_CDR:
            if (!term_is_list(t)) {
                push_item(&s, WALK_CDR_END, 0);
                push_item(&s, WALK_TERM, t);
                continue;
            }
            break; /* a list cell: hash it below */
        default:
            break;
        }
        if (term_is_list(t)) {
            /* Byte elements fold in directly; anything else is hashed
             * before the rest of the list. */
            for (;;) {
                term_t hd = list_head(t);
                if (!term_is_small(hd) || small_value(hd) < 0 || small_value(hd) > 255) {
                    push_item(&s, WALK_CDR, list_tail(t));
                    push_item(&s, WALK_TERM, hd);
                    break;
                }
                h = h * PRIME2 + (uint32_t)small_value(hd);
                t = list_tail(t);
                if (!term_is_list(t)) {
                    push_item(&s, WALK_CDR_END, 0);
                    push_item(&s, WALK_TERM, t);
                    break;
                }
            }
        } else if (term_is_nil(t)) {
            h = h * PRIME3 + 1;
        } else if (term_is_atom(t)) {
            h = h * PRIME1 + get_atom_hvalue(t);
        } else if (term_is_small(t)) {
            int64_t v = small_value(t);
            uint64_t mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
            h = fold_u32(h, (uint32_t)mag, PRIME2);
            if (mag >> 32)
                h = fold_u32(h, (uint32_t)(mag >> 32), PRIME2);
            h *= v < 0 ? PRIME4 : PRIME3;
        } else if (term_is_local_pid(t)) {
            h = fold_u32(h, pid_number(t), PRIME5) * PRIME6;
        } else if (term_is_local_port(t)) {
            h = fold_u32(h, (uint32_t)port_number(t), PRIME9) * PRIME10;
        } else {
            switch (term_boxed_subtag(t)) {
            case HDR_TUPLE: {
                uint64_t n = tuple_arity(t);
                push_item(&s, WALK_TUPLE_END, n);
                for (uint64_t i = n; i-- > 0;)
                    push_item(&s, WALK_TERM, tuple_get(t, i));
                break;
            }
            case HDR_POS_BIG:
            case HDR_NEG_BIG:
                h = fold_big(h, t);
                break;
            case HDR_FLOAT:
                h = fold_float(h, t);
                break;
            case HDR_REF:
            case HDR_MAGIC_REF:
                h = fold_u32(h, ref_object(t)->ids[0], PRIME9) * PRIME10;
                break;
            case HDR_EXT_REF:
            case HDR_EXT_PORT:
                h = fold_u32(h, get_ext_id0(t), PRIME9) * PRIME10;
                break;
            case HDR_EXT_PID:
                h = fold_u32(h, get_ext_id0(t), PRIME5) * PRIME6;
                break;
            case HDR_EXPORT: {
                export_obj *e = export_object(t);
                h = h * PRIME11 + (uint32_t)e->arity;
                h = h * PRIME1 + get_atom_hvalue(e->module);
                h = h * PRIME1 + get_atom_hvalue(e->function);
                break;
            }
            case HDR_FUN: {
                fun_obj *f = fun_object(t);
                h = h * PRIME10 + (uint32_t)f->num_free;
                h = h * PRIME1 + get_atom_hvalue(f->module);
                h = h * PRIME2 + (uint32_t)f->index;
                h = h * PRIME2 + (uint32_t)f->old_uniq;
                for (uint64_t i = f->num_free; i-- > 0;)
                    push_item(&s, WALK_TERM, f->env[i]);
                break;
            }
            case HDR_MAP:
                h = h * PRIME13 + PRIME14 + hash_phash2_range(t, UINT64_C(1) << 32);
                break;
            default: /* bitstrings */
                h = fold_bitstring(h, t);
                break;
            }
        }
    }
    if (s.items != s.local)
        alloc_free(ALLOC_TEMP, s.items, s.cap * sizeof *s.items);
    return h;
}

/* A hash range: 1 .. 2^32, as phash/2 and phash2/2 take it. */
static bool get_range(term_t t, uint64_t *range)
{
    if (!term_is_small(t) || small_value(t) < 1 || small_value(t) > (INT64_C(1) << 32))
        return false;
    *range = (uint64_t)small_value(t);
    return true;
}

/* erlang:phash(Term, Range): 1 .. Range. */
term_t bif_term_phash_2(process *p, const term_t *args)
{
    uint64_t range;
    if (!get_range(args[1], &range))
        return BIF_BADARG(p);
    uint32_t h = compute_phash(args[0]);
    uint64_t r;
    if (range == (UINT64_C(1) << 32))
        r = (uint32_t)(h + 1) == 0 ? 1 : (uint32_t)(h + 1);
    else
        r = 1 + h % range;
    return term_int64(&p->heap, (int64_t)r);
}

term_t bif_term_phash2_1(process *p, const term_t *args) { return term_small(hash_phash2(args[0])); }

term_t bif_term_phash2_2(process *p, const term_t *args)
{
    uint64_t range;
    if (!get_range(args[1], &range))
        return BIF_BADARG(p);
    return term_int64(&p->heap, hash_phash2_range(args[0], range));
}

/* ---- lists module -------------------------------------------------------------------- */

/* lists:reverse(List, Tail): badarg unless List is a proper list. One
 * walk, a cell allocated per element (an improper list leaves the cells
 * made so far as garbage): measuring the list first would walk it twice,
 * and each step of a walk waits for the load of the step before. */
static term_t reverse_onto(process *p, term_t list, term_t tail)
{
    for (; term_is_list(list); list = list_tail(list)) {
        term_t *cell = heap_alloc(&p->heap, 2);
        cell[0] = list_head(list);
        cell[1] = tail;
        tail = term_list(cell);
    }
    return term_is_nil(list) ? tail : BIF_BADARG(p);
}

/* lists:reverse/1 is Erlang code in OTP: its clauses take [], [_] and
 * [_, _ | _], anything else is a function_clause; the rest goes through
 * reverse/2. */
term_t bif_term_lists_reverse_1(process *p, const term_t *args)
{
    term_t l = args[0];
    if (term_is_nil(l))
        return l;
    if (!term_is_list(l))
        return BIF_ERROR(p, ATOM_function_clause);
    term_t t = list_tail(l);
    if (term_is_nil(t))
        return l;
    if (!term_is_list(t))
        return BIF_ERROR(p, ATOM_function_clause);
    term_t two = term_cons(&p->heap, list_head(t), term_cons(&p->heap, list_head(l), NIL));
    return reverse_onto(p, list_tail(t), two);
}

term_t bif_term_lists_reverse_2(process *p, const term_t *args) { return reverse_onto(p, args[0], args[1]); }

/* lists:member(Elem, List): =:=; badarg on reaching an improper tail. */
term_t bif_term_lists_member_2(process *p, const term_t *args)
{
    term_t l = args[1];
    for (; term_is_list(l); l = list_tail(l))
        if (term_eq_exact(list_head(l), args[0]))
            return ATOM_true;
    if (!term_is_nil(l))
        return BIF_BADARG(p);
    return ATOM_false;
}

/* The first tuple in `list` whose element n is == key: *found, or
 * THE_NON_VALUE for none; false on a bad N or an improper list. */
static bool search_key(term_t key, term_t n, term_t list, term_t *found)
{
    uint64_t i;
    if (!get_index(n, &i))
        return false;
    for (; term_is_list(list); list = list_tail(list)) {
        term_t t = list_head(list);
        if (term_is_tuple(t) && tuple_arity(t) >= i && term_eq(tuple_get(t, i - 1), key)) {
            *found = t;
            return true;
        }
    }
    *found = THE_NON_VALUE;
    return term_is_nil(list);
}

term_t bif_term_lists_keyfind_3(process *p, const term_t *args)
{
    term_t t;
    if (!search_key(args[0], args[1], args[2], &t))
        return BIF_BADARG(p);
    return t == THE_NON_VALUE ? ATOM_false : t;
}

term_t bif_term_lists_keymember_3(process *p, const term_t *args)
{
    term_t t;
    if (!search_key(args[0], args[1], args[2], &t))
        return BIF_BADARG(p);
    return make_bool(t != THE_NON_VALUE);
}

/* {value, Tuple} or false */
term_t bif_term_lists_keysearch_3(process *p, const term_t *args)
{
    term_t t;
    if (!search_key(args[0], args[1], args[2], &t))
        return BIF_BADARG(p);
    return t == THE_NON_VALUE ? ATOM_false : term_tuple2(&p->heap, ATOM_VALUE, t);
}

/* ---- maps module ---------------------------------------------------------------------- */

term_t bif_term_maps_get_2(process *p, const term_t *args) { return bif_term_map_get_2(p, args); }

/* maps:get(Key, Map, Default) */
term_t bif_term_maps_get_3(process *p, const term_t *args)
{
    term_t v;
    if (!term_is_map(args[1]))
        return raise_badmap(p, args[1]);
    return map_get(args[1], args[0], &v) ? v : args[2];
}

/* {ok, Value} or error */
term_t bif_term_maps_find_2(process *p, const term_t *args)
{
    term_t v;
    if (!term_is_map(args[1]))
        return raise_badmap(p, args[1]);
    if (!map_get(args[1], args[0], &v))
        return ATOM_error;
    return term_tuple2(&p->heap, ATOM_ok, v);
}

/* maps:put(Key, Value, Map) */
term_t bif_term_maps_put_3(process *p, const term_t *args)
{
    if (!term_is_map(args[2]))
        return raise_badmap(p, args[2]);
    return map_put(&p->heap, args[2], args[0], args[1]);
}

/* maps:update(Key, Value, Map): {badkey, Key} when Key is absent. */
term_t bif_term_maps_update_3(process *p, const term_t *args)
{
    term_t v;
    if (!term_is_map(args[2]))
        return raise_badmap(p, args[2]);
    if (!map_get(args[2], args[0], &v))
        return raise_badkey(p, args[0]);
    return map_put(&p->heap, args[2], args[0], args[1]);
}

term_t bif_term_maps_remove_2(process *p, const term_t *args)
{
    if (!term_is_map(args[1]))
        return raise_badmap(p, args[1]);
    return map_remove(&p->heap, args[1], args[0], NULL);
}

/* {Value, MapWithoutKey} or error */
term_t bif_term_maps_take_2(process *p, const term_t *args)
{
    term_t v;
    if (!term_is_map(args[1]))
        return raise_badmap(p, args[1]);
    term_t m = map_remove(&p->heap, args[1], args[0], &v);
    if (m == args[1])
        return ATOM_error;
    return term_tuple2(&p->heap, v, m);
}

term_t bif_term_maps_is_key_2(process *p, const term_t *args) { return bif_term_is_map_key_2(p, args); }

enum { LIST_KEYS, LIST_VALUES, LIST_PAIRS };

/* maps:keys/values/to_list in maps:to_list/1 order. */
static term_t list_map(process *p, term_t m, unsigned what)
{
    if (!term_is_map(m))
        return raise_badmap(p, m);
    uint64_t n = map_size(m);
    if (n == 0)
        return NIL;
    term_t *cells = heap_alloc(&p->heap, 2 * (size_t)n);
    map_iter it;
    map_iter_init(&it, m);
    term_t k, v;
    for (uint64_t i = 0; map_iter_next(&it, &k, &v); i++) {
        cells[2 * i] = what == LIST_KEYS ? k : what == LIST_VALUES ? v : term_tuple2(&p->heap, k, v);
        cells[2 * i + 1] = i + 1 < n ? term_list(cells + 2 * i + 2) : NIL;
    }
    return term_list(cells);
}

term_t bif_term_maps_keys_1(process *p, const term_t *args) { return list_map(p, args[0], LIST_KEYS); }
term_t bif_term_maps_values_1(process *p, const term_t *args) { return list_map(p, args[0], LIST_VALUES); }
term_t bif_term_maps_to_list_1(process *p, const term_t *args) { return list_map(p, args[0], LIST_PAIRS); }

/* maps:from_list([{K, V}]): badarg unless a proper list of pairs. */
term_t bif_term_maps_from_list_1(process *p, const term_t *args)
{
    int64_t n = list_length(args[0]);
    if (n < 0)
        return BIF_BADARG(p);
    size_t bytes = (size_t)(n ? n : 1) * sizeof(term_t);
    term_t *ks = alloc_new(ALLOC_TEMP, bytes), *vs = alloc_new(ALLOC_TEMP, bytes);
    term_t r = THE_NON_VALUE;
    size_t i = 0;
    for (term_t l = args[0]; term_is_list(l); l = list_tail(l), i++) {
        term_t t = list_head(l);
        if (!term_is_tuple(t) || tuple_arity(t) != 2)
            goto cleanup;
        ks[i] = tuple_get(t, 0), vs[i] = tuple_get(t, 1);
    }
    r = map_from_pairs(&p->heap, ks, vs, i);
cleanup:
    alloc_free(ALLOC_TEMP, ks, bytes);
    alloc_free(ALLOC_TEMP, vs, bytes);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

/* maps:from_keys(Keys, Value) */
term_t bif_term_maps_from_keys_2(process *p, const term_t *args)
{
    int64_t n = list_length(args[0]);
    if (n < 0)
        return BIF_BADARG(p);
    size_t bytes = (size_t)(n ? n : 1) * sizeof(term_t);
    term_t *ks = alloc_new(ALLOC_TEMP, bytes), *vs = alloc_new(ALLOC_TEMP, bytes);
    size_t i = 0;
    for (term_t l = args[0]; term_is_list(l); l = list_tail(l), i++)
        ks[i] = list_head(l), vs[i] = args[1];
    term_t r = map_from_pairs(&p->heap, ks, vs, i);
    alloc_free(ALLOC_TEMP, ks, bytes);
    alloc_free(ALLOC_TEMP, vs, bytes);
    return r;
}

/* maps:merge(M1, M2): M2's pairs win (keys included). A few pairs go into
 * a large map one by one; otherwise the map is rebuilt from both. */
term_t bif_term_maps_merge_2(process *p, const term_t *args)
{
    term_t m1 = args[0], m2 = args[1];
    if (!term_is_map(m1))
        return raise_badmap(p, m1);
    if (!term_is_map(m2))
        return raise_badmap(p, m2);
    uint64_t n1 = map_size(m1), n2 = map_size(m2);
    if (n2 == 0)
        return m1;
    if (n1 == 0)
        return m2;
    map_iter it;
    term_t k, v;
    if (n1 > MAP_SMALL_LIMIT && n2 * 8 < n1) {
        term_t m = m1;
        map_iter_init(&it, m2);
        while (map_iter_next(&it, &k, &v))
            m = map_put(&p->heap, m, k, v);
        return m;
    }
    size_t bytes = (size_t)(n1 + n2) * sizeof(term_t);
    term_t *ks = alloc_new(ALLOC_TEMP, bytes), *vs = alloc_new(ALLOC_TEMP, bytes);
    size_t i = 0;
    map_iter_init(&it, m1);
    while (map_iter_next(&it, &k, &v))
        ks[i] = k, vs[i] = v, i++;
    map_iter_init(&it, m2);
    while (map_iter_next(&it, &k, &v))
        ks[i] = k, vs[i] = v, i++;
    term_t r = map_from_pairs(&p->heap, ks, vs, i);
    alloc_free(ALLOC_TEMP, ks, bytes);
    alloc_free(ALLOC_TEMP, vs, bytes);
    return r;
}

term_t bif_term_maps_new_0(process *p, const term_t *args) { return map_empty(&p->heap); }

term_t bif_term_maps_size_1(process *p, const term_t *args) { return bif_term_map_size_1(p, args); }
