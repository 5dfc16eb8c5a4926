/* bif_misc.c: the rest of erlang's BIFs (unique integers, reductions, MD5,
 * external_size, fun_info, memory) and the C parts of library
 * modules the Erlang code in vm/lib calls: erts_internal:map_next/3 (the
 * walk under maps:next/1) and unicode_util's case mapping and normal forms.
 * Declared in vm/bif_misc.def; OTP 25's results and badargs. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "byteorder.h"
#include "md5.h"
#include "bignum.h"
#include "binary.h"
#include "code.h"
#include "ext.h"
#include "heap.h"
#include "map.h"
#include "sched.h"
#include "tstack.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_bin.def" /* unicode_util:gc/1, under the normal forms */
#include "bif_misc.def"
#undef BIF

/* ---- atoms not in atoms.def, interned on first use ------------------------------ */

/* The slots of the atoms AM(name) stands for (name: the atom's text). */
static _Atomic term_t slot_iterator, slot_none, slot_monotonic, slot_minor_version, slot_pid, slot_new_index,
    slot_new_uniq, slot_index, slot_uniq, slot_name, slot_arity, slot_env, slot_local, slot_external,
    slot_refc;
#define AM(name) atom_cached(&slot_##name, #name)

/* ---- erts_internal:map_next/3 -----------------------------------------------------
 * The walk under maps:next/1 (third argument `iterator`) and OTP's
 * maps:to_list/1 (third argument a list, the accumulator). A small map
 * gives all its pairs at once, whatever the path: {K1, V1, {K2, V2, ...
 * none}} or [{K1, V1}, ... | Acc]. A large map is walked from the leaf the
 * path names, children lowest slot first (map_iter_init_fold's order), a
 * batch of pairs as the reductions left allow (at most MAP_SMALL_LIMIT on
 * the first call), ending in [Path | Map] (iterator) or consed in front as
 * [Path, Map | Pairs] (list) when pairs remain. The list form conses each
 * pair on the front, so it comes out in maps:to_list/1 order. Path is
 * OTP's: 4 bits per trie level, the root's child index lowest; past its
 * last level the walk takes child 0 down to a leaf. */

#define PATH_BITS 4
#define PATH_LEVELS_PER_LIMB 16 /* 64-bit limbs */
#define PATH_MAX_LIMBS ((MAP_ITER_DEPTH + PATH_LEVELS_PER_LIMB - 1) / PATH_LEVELS_PER_LIMB)

/* A path argument as limbs (at most PATH_MAX_LIMBS are read: deeper
 * levels follow child 0 anyway). A negative SMALL reads as OTP's
 * unsigned_val does; a negative bignum or a non-integer is no path. */
static bool get_path(term_t t, uint64_t *limbs, size_t *n)
{
    if (term_is_small(t)) {
        limbs[0] = (uint64_t)small_value(t) & ((UINT64_C(1) << SMALL_BITS) - 1);
        *n = 1;
        return true;
    }
    if (!term_is_big(t) || big_is_negative(t))
        return false;
    size_t k = big_limb_count(t);
    if (k > PATH_MAX_LIMBS)
        k = PATH_MAX_LIMBS;
    memcpy(limbs, big_limbs(t), k * sizeof *limbs);
    *n = k;
    return true;
}

static unsigned get_path_elem(const uint64_t *limbs, size_t n, unsigned level)
{
    size_t w = level / PATH_LEVELS_PER_LIMB;
    if (w >= n)
        return 0;
    return (unsigned)(limbs[w] >> (PATH_BITS * (level % PATH_LEVELS_PER_LIMB))) & 0xFu;
}

/* Builds the result of one step: pairs go into a chain of {K, V, Next}
 * tuples (iterator) or are consed onto `acc` (list). */
typedef struct pair_sink {
    heap_t *h;
    bool iterator;
    term_t first; /* iterator: the first tuple */
    term_t *hole; /* iterator: the Next slot of the last tuple */
    term_t acc;   /* list */
} pair_sink;

static void put_pair(pair_sink *s, term_t leaf)
{
    term_t k = list_head(leaf), v = list_tail(leaf);
    if (s->iterator) {
        term_t t = term_tuple3(s->h, k, v, NIL);
        if (s->hole)
            *s->hole = t;
        else
            s->first = t;
        s->hole = &tuple_elems(t)[2];
    } else {
        s->acc = term_cons(s->h, term_tuple2(s->h, k, v), s->acc);
    }
}

/* One step over a large map; THE_NON_VALUE when the path names no child. */
static term_t step_trie(process *p, term_t map, const uint64_t *limbs, size_t nlimbs, bool first_call,
                        bool iterator, term_t acc)
{
    struct {
        const term_t *kids;
        unsigned count, next; /* next: the child after the one being walked */
    } st[MAP_ITER_DEPTH];
    unsigned depth = 0;
    pair_sink s = {&p->heap, iterator, NIL, NULL, acc};
    uint64_t size = map_size(map);
    int64_t budget = p->reds / 4;
    if (budget < 1)
        budget = 1;
    uint64_t elems = (uint64_t)budget < size ? (uint64_t)budget : size;
    if (first_call && elems > MAP_SMALL_LIMIT)
        elems = MAP_SMALL_LIMIT;
    uint64_t want = elems;

    /* Down the path to the leaf it names. */
    const term_t *node = boxed_ptr(map);
    for (unsigned level = 0;; level++) {
        unsigned count, e = get_path_elem(limbs, nlimbs, level);
        const term_t *kids = map_node_children(node, &count);
        if (e >= count || depth == MAP_ITER_DEPTH)
            return THE_NON_VALUE;
        st[depth].kids = kids, st[depth].count = count, st[depth].next = e + 1;
        depth++;
        if (term_is_list(kids[e])) {
            put_pair(&s, kids[e]);
            elems--;
            break;
        }
        node = boxed_ptr(kids[e]);
    }
    /* On in walk order until the batch is full or the map ends. */
    while (elems > 0 && depth > 0) {
        unsigned *next = &st[depth - 1].next;
        const term_t *kids = st[depth - 1].kids;
        if (*next >= st[depth - 1].count) {
            depth--;
            continue;
        }
        term_t child = kids[(*next)++];
        if (term_is_list(child)) {
            put_pair(&s, child);
            elems--;
        } else if (depth < MAP_ITER_DEPTH) {
            st[depth].kids = map_node_children(boxed_ptr(child), &st[depth].count);
            st[depth].next = 0;
            depth++;
        }
    }
    p->reds -= (int32_t)(4 * (want - elems));
    /* Where the next step starts: the next unwalked child of the deepest
     * node that has one. */
    while (depth > 0 && st[depth - 1].next >= st[depth - 1].count)
        depth--;
    term_t path = THE_NON_VALUE;
    if (depth > 0) {
        uint64_t out[PATH_MAX_LIMBS] = {0};
        for (unsigned i = 0; i < depth; i++) {
            uint64_t e = i + 1 < depth ? st[i].next - 1 : st[i].next;
            out[i / PATH_LEVELS_PER_LIMB] |= e << (PATH_BITS * (i % PATH_LEVELS_PER_LIMB));
        }
        path = big_from_limbs(&p->heap, false, (const mp_limb_t *)out, PATH_MAX_LIMBS);
    }
    if (iterator) {
        *s.hole = path == THE_NON_VALUE ? AM(none) : term_cons(&p->heap, path, map);
        return s.first;
    }
    if (path == THE_NON_VALUE)
        return s.acc;
    return term_cons(&p->heap, path, term_cons(&p->heap, map, s.acc));
}

term_t bif_misc_erts_internal_map_next_3(process *p, const term_t *args)
{
    term_t path = args[0], map = args[1], how = args[2];
    if (!term_is_map(map))
        return BIF_BADARG(p);
    bool iterator = how == AM(iterator);
    if (!iterator && !term_is_cons_or_nil(how))
        return BIF_BADARG(p);
    if (map_is_flat(map)) {
        uint64_t n = flatmap_size(map);
        if (!term_is_small(path) || (small_value(path) & ((INT64_C(1) << SMALL_BITS) - 1)) > (int64_t)n)
            return BIF_BADARG(p);
        const term_t *ks = tuple_elems(flatmap_keys(map)), *vs = flatmap_values(map);
        term_t r = iterator ? AM(none) : how;
        for (uint64_t i = n; i-- > 0;)
            r = iterator ? term_tuple3(&p->heap, ks[i], vs[i], r)
                         : term_cons(&p->heap, term_tuple2(&p->heap, ks[i], vs[i]), r);
        return r;
    }
    uint64_t limbs[PATH_MAX_LIMBS];
    size_t n;
    if (!get_path(path, limbs, &n))
        return BIF_BADARG(p);
    term_t r = step_trie(p, map, limbs, n, path == term_small(0), iterator, how);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

/* ---- erlang:unique_integer/0,1 -----------------------------------------------------
 * Two VM-wide counters: one for unique and one for monotonic integers.
 * Without `positive` the integers start at the smallest SMALL, as OTP's
 * do (-576460752303423488 on a 64-bit VM); with it, at 1. */

static _Atomic uint64_t unique_count, monotonic_count;

static term_t make_unique(process *p, bool positive, bool monotonic)
{
    uint64_t n = atomic_fetch_add_explicit(monotonic ? &monotonic_count : &unique_count, 1,
                                           monotonic ? memory_order_seq_cst : memory_order_relaxed);
    if (positive)
        return term_uint64(&p->heap, n + 1);
    return int_add(&p->heap, term_small(SMALL_MIN), term_uint64(&p->heap, n));
}

/* OTP's BIF table as erlang:is_builtin/3 sees it (generated). */
static const struct otp_bif {
    const char *module, *name;
    unsigned arity;
} otp_bifs[] = {
#define OTP_BIF(m, f, a) {m, f, a},
#include "otp_bifs.def"
#undef OTP_BIF
};

bool bif_is_otp_builtin(term_t module, term_t name, unsigned arity)
{
    for (size_t i = 0; i < sizeof otp_bifs / sizeof otp_bifs[0]; i++)
        if (otp_bifs[i].arity == arity && atom_is_named(name, otp_bifs[i].name) &&
            atom_is_named(module, otp_bifs[i].module))
            return true;
    return false;
}

/* erlang:is_builtin/3: OTP's answer (is M:F/A in its BIF table), whether
 * or not this VM implements M:F/A in C. */
term_t bif_misc_is_builtin_3(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]) || !term_is_atom(args[1]) || !term_is_small(args[2]))
        return BIF_BADARG(p);
    if (small_value(args[2]) < 0 || small_value(args[2]) > 255)
        return ATOM_false;
    return bif_is_otp_builtin(args[0], args[1], (unsigned)small_value(args[2])) ? ATOM_true : ATOM_false;
}

term_t bif_misc_unique_integer_0(process *p, const term_t *args)
{
    (void)args;
    return make_unique(p, false, false);
}

term_t bif_misc_unique_integer_1(process *p, const term_t *args)
{
    bool positive = false, monotonic = false;
    term_t l = args[0];
    for (; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (o == ATOM_positive)
            positive = true;
        else if (o == AM(monotonic))
            monotonic = true;
        else
            return BIF_BADARG(p);
    }
    if (!term_is_nil(l))
        return BIF_BADARG(p);
    return make_unique(p, positive, monotonic);
}

/* ---- erlang:bump_reductions/1 ------------------------------------------------------ */


term_t bif_misc_bump_reductions_1(process *p, const term_t *args)
{
    if (!term_is_small(args[0]) || small_value(args[0]) < 0)
        return BIF_BADARG(p);
    int64_t n = small_value(args[0]);
    p->reds -= (int32_t)(n > SCHED_SLICE_REDS ? SCHED_SLICE_REDS : n);
    return ATOM_true;
}

/* ---- erlang:md5/1, md5_init/0, md5_update/2, md5_final/1 ---------------------------
 * MD5 (RFC 1321). A context is OTP's 88-byte binary: the four state words,
 * the message length in bits as two words (low first), all little-endian,
 * then the 64-byte block buffer; contexts pass between this VM and erl. */

#define MD5_CTX_BYTES 88

static void save_md5(const md5_state *c, uint8_t out[MD5_CTX_BYTES])
{
    for (int i = 0; i < 4; i++)
        store_le32(out + 4 * i, c->s[i]);
    store_le32(out + 16, (uint32_t)c->bits);
    store_le32(out + 20, (uint32_t)(c->bits >> 32));
    memcpy(out + 24, c->buf, 64);
}

/* A context binary (exactly MD5_CTX_BYTES whole bytes) into *c. */
static bool load_md5(term_t t, md5_state *c)
{
    if (!term_is_bitstring(t))
        return false;
    bin_view v;
    bin_view_of(t, &v);
    if (v.bitsize || v.size != MD5_CTX_BYTES)
        return false;
    uint8_t b[MD5_CTX_BYTES];
    for (size_t i = 0; i < MD5_CTX_BYTES; i++)
        b[i] = bin_byte_at(&v, i);
    for (int i = 0; i < 4; i++)
        c->s[i] = load_le32(b + 4 * i);
    c->bits = load_le32(b + 16) | (uint64_t)load_le32(b + 20) << 32;
    memcpy(c->buf, b + 24, 64);
    return true;
}

/* Feeds the bytes of a binary (whole bytes only). */
static bool feed_binary(md5_state *c, term_t b)
{
    bin_view v;
    bin_view_of(b, &v);
    if (v.bitsize)
        return false;
    if (v.bitoffset == 0) {
        md5_feed(c, v.bytes, v.size);
        return true;
    }
    for (uint64_t i = 0; i < v.size; i++) {
        uint8_t x = bin_byte_at(&v, i);
        md5_feed(c, &x, 1);
    }
    return true;
}

/* Feeds iodata (a binary, or a deep list of bytes and binaries with a
 * binary or [] as any tail); false, with c part fed, when t is not iodata. */
static bool feed_iodata(md5_state *c, term_t t)
{
    tstack st;
    tstack_init(&st);
    bool ok = true;
    for (;;) {
        if (term_is_list(t)) {
            term_t h = list_head(t);
            t = list_tail(t);
            if (term_is_small(h) && small_value(h) >= 0 && small_value(h) <= 255) {
                uint8_t x = (uint8_t)small_value(h);
                md5_feed(c, &x, 1);
            } else if (term_is_bitstring(h)) {
                if (!(ok = feed_binary(c, h)))
                    break;
            } else if (term_is_list(h)) {
                tstack_push(&st, t);
                t = h;
            } else if (!term_is_nil(h)) {
                ok = false;
                break;
            }
            continue;
        }
        if (term_is_bitstring(t)) {
            if (!(ok = feed_binary(c, t)))
                break;
        } else if (!term_is_nil(t)) {
            ok = false;
            break;
        }
        if (!tstack_pop(&st, &t))
            break;
    }
    tstack_free(&st);
    return ok;
}

term_t bif_misc_md5_1(process *p, const term_t *args)
{
    md5_state c;
    uint8_t digest[16];
    md5_start(&c);
    if (!feed_iodata(&c, args[0]))
        return BIF_BADARG(p);
    md5_finish(&c, digest);
    return bin_new(&p->heap, digest, sizeof digest);
}

term_t bif_misc_md5_init_0(process *p, const term_t *args)
{
    (void)args;
    md5_state c;
    uint8_t b[MD5_CTX_BYTES];
    md5_start(&c);
    save_md5(&c, b);
    return bin_new(&p->heap, b, sizeof b);
}

term_t bif_misc_md5_update_2(process *p, const term_t *args)
{
    md5_state c;
    uint8_t b[MD5_CTX_BYTES];
    if (!load_md5(args[0], &c) || !feed_iodata(&c, args[1]))
        return BIF_BADARG(p);
    save_md5(&c, b);
    return bin_new(&p->heap, b, sizeof b);
}

term_t bif_misc_md5_final_1(process *p, const term_t *args)
{
    md5_state c;
    uint8_t digest[16];
    if (!load_md5(args[0], &c))
        return BIF_BADARG(p);
    md5_finish(&c, digest);
    return bin_new(&p->heap, digest, sizeof digest);
}

/* ---- erlang:external_size/1,2 ------------------------------------------------------
 * term_to_binary's size, uncompressed (vm/ext.h; minor version 1, OTP 25's
 * default, unless told 0). */

static term_t get_external_size(process *p, term_t t, bool minor0)
{
    size_t n;
    if (ext_size_minor(t, minor0 ? 0 : 1, &n, NULL) != EXT_OK)
        return BIF_BADARG(p);
    return term_uint64(&p->heap, n);
}

term_t bif_misc_external_size_1(process *p, const term_t *args)
{
    return get_external_size(p, args[0], false);
}

/* Options: a proper list of {minor_version, 0 | 1}; as OTP, a 0 anywhere
 * counts (a later 1 does not undo it). */
term_t bif_misc_external_size_2(process *p, const term_t *args)
{
    bool minor0 = false;
    term_t l = args[1];
    for (; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || tuple_get(o, 0) != AM(minor_version))
            return BIF_BADARG(p);
        term_t v = tuple_get(o, 1);
        if (v != term_small(0) && v != term_small(1))
            return BIF_BADARG(p);
        minor0 |= v == term_small(0);
    }
    if (!term_is_nil(l))
        return BIF_BADARG(p);
    return get_external_size(p, args[0], minor0);
}

/* ---- erlang:fun_info/1,2, fun_info_mfa/1 ------------------------------- */

/* The value of item `what` of fun `f`; THE_NON_VALUE for an unknown item. */
static term_t get_fun_item(heap_t *h, term_t f, term_t what)
{
    bool local = term_is_fun(f);
    if (what == AM(arity))
        return term_small(local ? (int64_t)fun_object(f)->arity : (int64_t)export_object(f)->arity);
    if (what == ATOM_module)
        return local ? fun_object(f)->module : export_object(f)->module;
    if (what == AM(name))
        return local ? code_fun_name(fun_object(f)) : export_object(f)->function;
    if (what == ATOM_type)
        return local ? AM(local) : AM(external);
    if (what == AM(env)) {
        if (!local)
            return NIL;
        const fun_obj *fo = fun_object(f);
        return term_list_from(h, fo->env, fo->num_free, NIL);
    }
    bool pid = what == AM(pid), new_index = what == AM(new_index), new_uniq = what == AM(new_uniq),
         index = what == AM(index), uniq = what == AM(uniq), refc = what == AM(refc);
    if (!(pid || new_index || new_uniq || index || uniq || refc))
        return THE_NON_VALUE;
    if (!local)
        return ATOM_undefined;
    const fun_obj *fo = fun_object(f);
    if (pid)
        return fo->creator;
    if (new_index)
        return term_uint64(h, fo->index);
    if (new_uniq)
        return bin_new(h, fo->uniq, sizeof fo->uniq);
    if (index)
        return term_uint64(h, fo->old_index);
    if (uniq)
        return term_uint64(h, fo->old_uniq);
    return term_small(2); /* refc: OTP counts references to the fun entry */
}

term_t bif_misc_fun_info_2(process *p, const term_t *args)
{
    if (!term_is_any_fun(args[0]) || !term_is_atom(args[1]))
        return BIF_BADARG(p);
    term_t v = get_fun_item(&p->heap, args[0], args[1]);
    return v == THE_NON_VALUE ? BIF_BADARG(p) : term_tuple2(&p->heap, args[1], v);
}

/* [{pid, _}, {module, _}, ...] in OTP's order; external funs have five. */
term_t bif_misc_fun_info_1(process *p, const term_t *args)
{
    term_t f = args[0];
    if (!term_is_any_fun(f))
        return BIF_BADARG(p);
    term_t items[10];
    unsigned n = 0;
    if (term_is_fun(f)) {
        items[n++] = AM(pid);
        items[n++] = ATOM_module;
        items[n++] = AM(new_index);
        items[n++] = AM(new_uniq);
        items[n++] = AM(index);
        items[n++] = AM(uniq);
    } else {
        items[n++] = ATOM_module;
    }
    items[n++] = AM(name);
    items[n++] = AM(arity);
    items[n++] = AM(env);
    items[n++] = ATOM_type;
    term_t r = NIL;
    while (n-- > 0)
        r = term_cons(&p->heap, term_tuple2(&p->heap, items[n], get_fun_item(&p->heap, f, items[n])), r);
    return r;
}

term_t bif_misc_fun_info_mfa_1(process *p, const term_t *args)
{
    term_t f = args[0];
    if (!term_is_any_fun(f))
        return BIF_BADARG(p);
    heap_t *h = &p->heap;
    return term_tuple3(h, get_fun_item(h, f, ATOM_module), get_fun_item(h, f, AM(name)),
                       get_fun_item(h, f, AM(arity)));
}

/* ---- erlang:memory/0,1 -------------------------------------------------------------
 * From the typed counters of vm/alloc.h, by class: process_data is
 * `processes`, atom_data `atom` (the table's own buckets are not `used`),
 * binary_data `binary`, code_data `code`; `system` is everything that is
 * not `processes`; `ets` the tables of vm/ets.c (ALLOC_ETS), part of
 * `system` as in OTP. total = processes + system. */

enum {
    MEM_TOTAL,
    MEM_PROCESSES,
    MEM_PROCESSES_USED,
    MEM_SYSTEM,
    MEM_ATOM,
    MEM_ATOM_USED,
    MEM_BINARY,
    MEM_CODE,
    MEM_ETS,
    MEM_KINDS
};

static void get_memory(uint64_t out[MEM_KINDS])
{
    memset(out, 0, MEM_KINDS * sizeof *out);
    for (int t = 0; t < ALLOC_TYPE_COUNT; t++) {
        alloc_stat s;
        alloc_get_stat((alloc_type)t, &s);
        const char *cls = alloc_type_class((alloc_type)t);
        if (strcmp(cls, "process_data") == 0) {
            out[MEM_PROCESSES] += s.size;
            continue;
        }
        out[MEM_SYSTEM] += s.size;
        if (t == ALLOC_ETS) {
            out[MEM_ETS] += s.size;
        } else if (strcmp(cls, "atom_data") == 0) {
            out[MEM_ATOM] += s.size;
            if (t != ALLOC_ATOM_TABLE)
                out[MEM_ATOM_USED] += s.size;
        } else if (strcmp(cls, "binary_data") == 0) {
            out[MEM_BINARY] += s.size;
        } else if (strcmp(cls, "code_data") == 0) {
            out[MEM_CODE] += s.size;
        }
    }
    out[MEM_PROCESSES_USED] = out[MEM_PROCESSES];
    out[MEM_TOTAL] = out[MEM_PROCESSES] + out[MEM_SYSTEM];
}

static term_t get_memory_atom(int kind)
{
    switch (kind) {
    case MEM_TOTAL:
        return ATOM_total;
    case MEM_PROCESSES:
        return ATOM_processes;
    case MEM_PROCESSES_USED:
        return ATOM_processes_used;
    case MEM_SYSTEM:
        return ATOM_system;
    case MEM_ATOM:
        return ATOM_atom;
    case MEM_ATOM_USED:
        return ATOM_atom_used;
    case MEM_BINARY:
        return ATOM_binary;
    case MEM_CODE:
        return ATOM_code;
    default:
        return ATOM_ets;
    }
}

static int get_memory_kind(term_t a)
{
    for (int k = 0; k < MEM_KINDS; k++)
        if (get_memory_atom(k) == a)
            return k;
    return -1;
}

term_t bif_misc_memory_0(process *p, const term_t *args)
{
    (void)args;
    if (!alloc_status_enabled()) /* +Mis false: as OTP with allocators off */
        return BIF_ERROR(p, atom_from_cstr("notsup"));
    uint64_t m[MEM_KINDS];
    get_memory(m);
    term_t r = NIL;
    for (int k = MEM_KINDS; k-- > 0;)
        r = term_cons(&p->heap, term_tuple2(&p->heap, get_memory_atom(k), term_uint64(&p->heap, m[k])), r);
    return r;
}

/* An atom, or a list of them ([{Type, Size}] in the list's order). OTP's
 * memory/1 is Erlang code: a list with a bad tail ends in function_clause,
 * a bad type anywhere in badarg. */
term_t bif_misc_memory_1(process *p, const term_t *args)
{
    uint64_t m[MEM_KINDS];
    term_t t = args[0];
    if (term_is_atom(t)) {
        int k = get_memory_kind(t);
        if (k < 0)
            return BIF_BADARG(p);
        if (!alloc_status_enabled())
            return BIF_ERROR(p, atom_from_cstr("notsup"));
        get_memory(m);
        return term_uint64(&p->heap, m[k]);
    }
    if (!term_is_cons_or_nil(t))
        return BIF_BADARG(p);
    int64_t n = 0;
    term_t l = t;
    for (; term_is_list(l); l = list_tail(l), n++)
        if (get_memory_kind(list_head(l)) < 0)
            return BIF_BADARG(p);
    if (!term_is_nil(l))
        return BIF_ERROR(p, ATOM_function_clause);
    if (!alloc_status_enabled())
        return BIF_ERROR(p, atom_from_cstr("notsup"));
    get_memory(m);
    term_t *cells = n ? heap_alloc(&p->heap, 2 * (size_t)n) : NULL;
    int64_t i = 0;
    for (l = t; term_is_list(l); l = list_tail(l), i++) {
        term_t a = list_head(l);
        cells[2 * i] = term_tuple2(&p->heap, a, term_uint64(&p->heap, m[get_memory_kind(a)]));
        cells[2 * i + 1] = i + 1 < n ? term_list(cells + 2 * i + 2) : NIL;
    }
    return n ? term_list(cells) : NIL;
}

/* ---- unicode_util: the data ---------------------------------------------------------
 * vm/unicode_util.def, generated from OTP's own unicode_util.erl (see its
 * header for how). Case mapping: runs of code points over records of four
 * deltas (upper, lower, title, fold) or sequences; normal forms: combining
 * classes, full canonical and compatibility decompositions, and the pairs
 * that compose. */

#define UC_CASE_REC(du, dl, dt, df, seqs)
#define UC_CASE_RUN(first, last, even, odd)
#define UC_CASE_POOL(...)
#define UC_CCC(first, last, ccc)
#define UC_COMPAT_TAG(name)
#define UC_CANON(first, last, off, len)
#define UC_COMPAT(first, last, tag, off, len)
#define UC_DECOMP_POOL(...)
#define UC_COMPOSE(a, b, c)
#define UC_SEQ(off, len) ((off) << 8 | (len))

typedef struct case_rec {
    int32_t d[4]; /* upper, lower, title, fold: a delta, or UC_SEQ */
    uint8_t seqs; /* bit i: d[i] is a UC_SEQ */
} case_rec;
static const case_rec case_recs[] = {
#undef UC_CASE_REC
#define UC_CASE_REC(du, dl, dt, df, seqs) {{du, dl, dt, df}, seqs},
#include "unicode_util.def"
#undef UC_CASE_REC
#define UC_CASE_REC(du, dl, dt, df, seqs)
};

typedef struct case_run {
    uint32_t first, last;
    uint16_t even, odd; /* case_recs indices */
} case_run;
static const case_run case_runs[] = {
#undef UC_CASE_RUN
#define UC_CASE_RUN(first, last, even, odd) {first, last, even, odd},
#include "unicode_util.def"
#undef UC_CASE_RUN
#define UC_CASE_RUN(first, last, even, odd)
};

static const uint32_t case_pool[] = {
#undef UC_CASE_POOL
#define UC_CASE_POOL(...) __VA_ARGS__,
#include "unicode_util.def"
#undef UC_CASE_POOL
#define UC_CASE_POOL(...)
};

typedef struct ccc_run {
    uint32_t first, last;
    uint8_t ccc;
} ccc_run;
static const ccc_run ccc_runs[] = {
#undef UC_CCC
#define UC_CCC(first, last, ccc) {first, last, ccc},
#include "unicode_util.def"
#undef UC_CCC
#define UC_CCC(first, last, ccc)
};

static const char *const compat_tags[] = {
    "",
#undef UC_COMPAT_TAG
#define UC_COMPAT_TAG(name) name,
#include "unicode_util.def"
#undef UC_COMPAT_TAG
#define UC_COMPAT_TAG(name)
};

/* A decomposition: `len` code points of decomp_pool from `off`; a run
 * (last > first, len 1) maps first + i to decomp_pool[off] + i. */
typedef struct decomp {
    uint32_t first, last, off;
    uint16_t len, tag; /* tag: compat_tags index, 0 for canonical */
} decomp;
static const decomp canon_tab[] = {
#undef UC_CANON
#define UC_CANON(first, last, off, len) {first, last, off, len, 0},
#include "unicode_util.def"
#undef UC_CANON
#define UC_CANON(first, last, off, len)
};
static const decomp compat_tab[] = {
#undef UC_COMPAT
#define UC_COMPAT(first, last, tag, off, len) {first, last, off, len, tag},
#include "unicode_util.def"
#undef UC_COMPAT
#define UC_COMPAT(first, last, tag, off, len)
};

static const uint32_t decomp_pool[] = {
#undef UC_DECOMP_POOL
#define UC_DECOMP_POOL(...) __VA_ARGS__,
#include "unicode_util.def"
#undef UC_DECOMP_POOL
#define UC_DECOMP_POOL(...)
};

typedef struct compose_pair {
    uint32_t a, b, c;
} compose_pair;
static const compose_pair compose_pairs[] = {
#undef UC_COMPOSE
#define UC_COMPOSE(a, b, c) {a, b, c},
#include "unicode_util.def"
};

#undef UC_CASE_REC
#undef UC_CASE_RUN
#undef UC_CASE_POOL
#undef UC_CCC
#undef UC_COMPAT_TAG
#undef UC_CANON
#undef UC_COMPAT
#undef UC_DECOMP_POOL
#undef UC_COMPOSE
#undef UC_SEQ

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* The code point a term is, or -1 (bignums, negatives, atoms...): those
 * map to themselves and have class 0, as OTP's default clauses say. */
static int64_t get_code_point(term_t t)
{
    if (!term_is_small(t) || small_value(t) < 0 || small_value(t) > 0x10FFFF)
        return -1;
    return small_value(t);
}

/* bsearch comparisons: a code point against a [first, last] range. */
static int compare_range(uint32_t key, uint32_t first, uint32_t last)
{
    return key < first ? -1 : key > last ? 1 : 0;
}
static int compare_case_run(const void *key, const void *elem)
{
    const case_run *r = elem;
    return compare_range(*(const uint32_t *)key, r->first, r->last);
}
static int compare_ccc_run(const void *key, const void *elem)
{
    const ccc_run *r = elem;
    return compare_range(*(const uint32_t *)key, r->first, r->last);
}
static int compare_decomp(const void *key, const void *elem)
{
    const decomp *d = elem;
    return compare_range(*(const uint32_t *)key, d->first, d->last);
}
static int compare_pair(const void *key, const void *elem)
{
    const uint32_t *k = key;
    const compose_pair *c = elem;
    if (k[0] != c->a)
        return k[0] < c->a ? -1 : 1;
    return k[1] < c->b ? -1 : k[1] > c->b ? 1 : 0;
}

enum { CASE_UPPER, CASE_LOWER, CASE_TITLE, CASE_FOLD };

/* Field `field` of the case mapping of cp (a term): an integer, or a
 * list for a mapping to several code points (as OTP's case_table). */
static term_t map_case_of(heap_t *h, term_t cp, int field)
{
    int64_t c = get_code_point(cp);
    if (c < 0)
        return cp;
    uint32_t key = (uint32_t)c;
    const case_run *r = bsearch(&key, case_runs, NELEMS(case_runs), sizeof *r, compare_case_run);
    if (!r)
        return cp;
    const case_rec *rec = &case_recs[(key - r->first) % 2 ? r->odd : r->even];
    int32_t d = rec->d[field];
    if (!(rec->seqs & (1u << field)))
        return term_small(c + d);
    uint32_t off = (uint32_t)d >> 8, len = (uint32_t)d & 0xFFu;
    term_t l = NIL;
    while (len-- > 0)
        l = term_cons(h, term_small(case_pool[off + len]), l);
    return l;
}

static unsigned get_ccc(term_t cp)
{
    int64_t c = get_code_point(cp);
    if (c < 0)
        return 0;
    uint32_t key = (uint32_t)c;
    const ccc_run *r = bsearch(&key, ccc_runs, NELEMS(ccc_runs), sizeof *r, compare_ccc_run);
    return r ? r->ccc : 0;
}

static const decomp *find_decomp(term_t cp, bool compat)
{
    int64_t c = get_code_point(cp);
    if (c < 0)
        return NULL;
    uint32_t key = (uint32_t)c;
    return compat ? bsearch(&key, compat_tab, NELEMS(compat_tab), sizeof(decomp), compare_decomp)
                  : bsearch(&key, canon_tab, NELEMS(canon_tab), sizeof(decomp), compare_decomp);
}

static uint32_t get_decomp_cp(const decomp *d, term_t cp, unsigned i)
{
    if (d->last > d->first)
        return decomp_pool[d->off] + (uint32_t)(small_value(cp) - d->first);
    return decomp_pool[d->off + i];
}

/* ---- unicode_util: case mapping -----------------------------------------------------
 * uppercase/1 and the others take the first code point off chardata with
 * cp/1 and return [Mapped | Rest]; {error, Rest} from cp/1 becomes
 * error({badarg, Rest}); no chardata is cp/1's function_clause. */

static term_t map_first_cp(process *p, term_t str, int field)
{
    term_t r = bif_bin_unicode_util_cp_1(p, &str);
    if (r == THE_NON_VALUE || term_is_nil(r))
        return r;
    if (term_is_tuple(r))
        return BIF_ERROR(p, term_tuple2(&p->heap, ATOM_badarg, tuple_get(r, 1)));
    return term_cons(&p->heap, map_case_of(&p->heap, list_head(r), field), list_tail(r));
}

term_t bif_misc_unicode_util_uppercase_1(process *p, const term_t *args)
{
    return map_first_cp(p, args[0], CASE_UPPER);
}
term_t bif_misc_unicode_util_lowercase_1(process *p, const term_t *args)
{
    return map_first_cp(p, args[0], CASE_LOWER);
}
term_t bif_misc_unicode_util_titlecase_1(process *p, const term_t *args)
{
    return map_first_cp(p, args[0], CASE_TITLE);
}
term_t bif_misc_unicode_util_casefold_1(process *p, const term_t *args)
{
    return map_first_cp(p, args[0], CASE_FOLD);
}

/* get_case(CP): #{fold, lower, title, upper} (any term maps to itself). */
term_t bif_misc_unicode_util_get_case_1(process *p, const term_t *args)
{
    heap_t *h = &p->heap;
    term_t keys[4] = {atom_from_cstr("upper"), atom_from_cstr("lower"), atom_from_cstr("title"),
                      atom_from_cstr("fold")};
    term_t vals[4];
    for (int f = 0; f < 4; f++)
        vals[f] = map_case_of(h, args[0], f);
    return map_from_pairs(h, keys, vals, 4);
}

term_t bif_misc_unicode_util_spec_version_0(process *p, const term_t *args)
{
    (void)args;
    return term_tuple2(&p->heap, term_small(14), term_small(0));
}

/* ---- unicode_util: whitespace and lookup ---------------------------------------------- */

static const int16_t whitespace_cps[] = {9, 10, 11, 12, 13, 32, 133, 8206, 8207, 8232, 8233};

/* [[13,10], 9, 10, 11, 12, 13, 32, 133, 8206, 8207, 8232, 8233] */
term_t bif_misc_unicode_util_whitespace_0(process *p, const term_t *args)
{
    (void)args;
    heap_t *h = &p->heap;
    term_t l = NIL;
    for (size_t i = NELEMS(whitespace_cps); i-- > 0;)
        l = term_cons(h, term_small(whitespace_cps[i]), l);
    term_t crlf = term_cons(h, term_small(13), term_cons(h, term_small(10), NIL));
    return term_cons(h, crlf, l);
}

term_t bif_misc_unicode_util_is_whitespace_1(process *p, const term_t *args)
{
    (void)p;
    term_t t = args[0];
    if (term_is_small(t)) {
        for (size_t i = 0; i < NELEMS(whitespace_cps); i++)
            if (small_value(t) == whitespace_cps[i])
                return ATOM_true;
        return ATOM_false;
    }
    bool crlf = term_is_list(t) && list_head(t) == term_small(13) && term_is_list(list_tail(t)) &&
                list_head(list_tail(t)) == term_small(10) && term_is_nil(list_tail(list_tail(t)));
    return crlf ? ATOM_true : ATOM_false;
}

/* [{CCC, CP}, ...] of a decomposition. */
static term_t list_tagged(heap_t *h, const decomp *d, term_t cp)
{
    term_t l = NIL;
    for (unsigned i = d->len; i-- > 0;) {
        term_t c = term_small(get_decomp_cp(d, cp, i));
        l = term_cons(h, term_tuple2(h, term_small(get_ccc(c)), c), l);
    }
    return l;
}

/* lookup(CP): #{ccc => Class, canon => [{Class, CP}], compat => [] |
 * {Tag, [{Class, CP}]}}; anything that is no code point gets class 0 and
 * no decompositions. */
term_t bif_misc_unicode_util_lookup_1(process *p, const term_t *args)
{
    heap_t *h = &p->heap;
    term_t cp = args[0];
    const decomp *canon = find_decomp(cp, false), *compat = find_decomp(cp, true);
    term_t keys[3] = {atom_from_cstr("canon"), atom_from_cstr("ccc"), atom_from_cstr("compat")};
    term_t vals[3] = {canon ? list_tagged(h, canon, cp) : NIL, term_small(get_ccc(cp)), NIL};
    if (compat)
        vals[2] = term_tuple2(h, atom_from_cstr(compat_tags[compat->tag]), list_tagged(h, compat, cp));
    return map_from_pairs(h, keys, vals, 3);
}

/* ---- unicode_util: normal forms -----------------------------------------------------
 * nfd/1 and the others take a grapheme cluster off chardata with gc/1 and
 * return [Normalised | Rest], Normalised an integer or a list. As OTP: a
 * cluster is decomposed code point by code point (Hangul syllables
 * algorithmically), reordered by combining class, and for nfc/nfkc
 * composed again (nfkc: cluster by cluster, after gc/1 on the
 * decomposition). Clusters below 128 (nfc: 256) are left as they are. */

#define HANGUL_S 0xAC00
#define HANGUL_S_LAST 0xD7A3
#define HANGUL_L 0x1100
#define HANGUL_L_LAST 0x1112
#define HANGUL_V 0x1161
#define HANGUL_V_LAST 0x1175
#define HANGUL_T 0x11A7
#define HANGUL_T_LAST 0x11C2
#define HANGUL_N 588
#define HANGUL_TCOUNT 28

/* Code points (terms) with their classes, ALLOC_TEMP beyond 32. */
typedef struct cp_buf {
    term_t *cps;
    uint8_t *ccc;
    size_t n, cap;
    term_t local_cps[32];
    uint8_t local_ccc[32];
} cp_buf;

static void init_cps(cp_buf *b)
{
    b->cps = b->local_cps;
    b->ccc = b->local_ccc;
    b->n = 0;
    b->cap = 32;
}
static void add_cp(cp_buf *b, term_t cp, unsigned ccc)
{
    if (b->n == b->cap) {
        size_t nc = b->cap * 2;
        term_t *c = alloc_new(ALLOC_TEMP, nc * sizeof *c);
        uint8_t *k = alloc_new(ALLOC_TEMP, nc);
        memcpy(c, b->cps, b->n * sizeof *c);
        memcpy(k, b->ccc, b->n);
        if (b->cps != b->local_cps) {
            alloc_free(ALLOC_TEMP, b->cps, b->cap * sizeof *c);
            alloc_free(ALLOC_TEMP, b->ccc, b->cap);
        }
        b->cps = c, b->ccc = k, b->cap = nc;
    }
    b->cps[b->n] = cp;
    b->ccc[b->n] = (uint8_t)ccc;
    b->n++;
}
static void free_cps(cp_buf *b)
{
    if (b->cps != b->local_cps) {
        alloc_free(ALLOC_TEMP, b->cps, b->cap * sizeof *b->cps);
        alloc_free(ALLOC_TEMP, b->ccc, b->cap);
    }
}

/* Appends the decomposition of one code point (OTP's decompose_1 and
 * decompose_compat_1 on an integer). */
static void add_decomposed(cp_buf *b, term_t cp, bool compat)
{
    int64_t c = get_code_point(cp);
    if (c >= HANGUL_S && c <= HANGUL_S_LAST) {
        int64_t s = c - HANGUL_S;
        add_cp(b, term_small(HANGUL_L + s / HANGUL_N), 0);
        add_cp(b, term_small(HANGUL_V + s % HANGUL_N / HANGUL_TCOUNT), 0);
        if (s % HANGUL_TCOUNT)
            add_cp(b, term_small(HANGUL_T + s % HANGUL_TCOUNT), 0);
        return;
    }
    const decomp *d = compat ? find_decomp(cp, true) : NULL;
    if (!d)
        d = find_decomp(cp, false);
    if (!d) {
        add_cp(b, cp, get_ccc(cp));
        return;
    }
    for (unsigned i = 0; i < d->len; i++) {
        term_t x = term_small(get_decomp_cp(d, cp, i));
        add_cp(b, x, get_ccc(x));
    }
}

/* OTP's canonical_order on the buffer: each run of non-zero classes
 * stably sorted by class. */
static void order_canonically(cp_buf *b)
{
    for (size_t i = 1; i < b->n; i++) {
        term_t c = b->cps[i];
        uint8_t k = b->ccc[i];
        size_t j = i;
        if (k == 0)
            continue;
        while (j > 0 && b->ccc[j - 1] > k) {
            b->cps[j] = b->cps[j - 1];
            b->ccc[j] = b->ccc[j - 1];
            j--;
        }
        b->cps[j] = c;
        b->ccc[j] = k;
    }
}

/* decompose/1 or decompose_compat/1 of a cluster (an integer or a list of
 * them) into b, in canonical order. */
static void decompose_cluster(cp_buf *b, term_t gc, bool compat)
{
    if (term_is_list(gc)) {
        for (; term_is_list(gc); gc = list_tail(gc))
            add_decomposed(b, list_head(gc), compat);
    } else {
        add_decomposed(b, gc, compat);
    }
    order_canonically(b);
}

/* One code point: the integer; several: a list. */
static term_t make_cluster(heap_t *h, const term_t *cps, size_t n)
{
    return n == 1 ? cps[0] : term_list_from(h, cps, n, NIL);
}

static bool in_range(term_t t, int64_t lo, int64_t hi)
{
    return term_is_small(t) && small_value(t) >= lo && small_value(t) <= hi;
}

/* compose_pair(A, B): the composite, or -1. */
static int64_t get_composite(term_t a, term_t b)
{
    int64_t x = get_code_point(a), y = get_code_point(b);
    if (x < 0 || y < 0)
        return -1;
    uint32_t key[2] = {(uint32_t)x, (uint32_t)y};
    const compose_pair *c = bsearch(key, compose_pairs, NELEMS(compose_pairs), sizeof *c, compare_pair);
    return c ? (int64_t)c->c : -1;
}

/* OTP's compose/1 on the decomposed cluster cps[0..n), n >= 1: an integer
 * or a list. Leading Hangul L jamo not followed by a V are kept (OTP
 * recurses on the rest; here a loop). */
static term_t compose_cps(heap_t *h, const term_t *cps, size_t n)
{
    size_t lead = 0;
    term_t r;
    while (n - lead >= 2 && in_range(cps[lead], HANGUL_L, HANGUL_L_LAST) &&
           !in_range(cps[lead + 1], HANGUL_V, HANGUL_V_LAST))
        lead++;
    const term_t *x = cps + lead;
    size_t m = n - lead;
    if (m >= 2 && in_range(x[0], HANGUL_L, HANGUL_L_LAST)) {
        int64_t s = HANGUL_S + (small_value(x[0]) - HANGUL_L) * HANGUL_N +
                    (small_value(x[1]) - HANGUL_V) * HANGUL_TCOUNT;
        size_t rest = 2;
        if (m > 2 && in_range(x[2], HANGUL_T, HANGUL_T_LAST))
            s += small_value(x[2]) - HANGUL_T, rest = 3;
        r = term_list_from(h, x + rest, m - rest, NIL);
        r = term_is_nil(r) ? term_small(s) : term_cons(h, term_small(s), r);
    } else if (m == 1) {
        r = x[0];
    } else if (m == 2) {
        int64_t c = get_composite(x[0], x[1]);
        r = c >= 0 ? term_small(c) : term_list_from(h, x, 2, NIL);
    } else {
        /* compose_many: accents that do not combine are kept in order */
        term_t base = x[0];
        unsigned prev = get_ccc(base);
        term_t *kept = alloc_new(ALLOC_TEMP, m * sizeof *kept);
        size_t nk = 0;
        for (size_t i = 1; i < m; i++) {
            unsigned cls = get_ccc(x[i]);
            int64_t c = prev == 0 || prev < cls ? get_composite(base, x[i]) : -1;
            if (c >= 0) {
                base = term_small(c);
            } else {
                kept[nk++] = x[i];
                prev = cls;
            }
        }
        r = nk == 0 ? base : term_cons(h, base, term_list_from(h, kept, nk, NIL));
        alloc_free(ALLOC_TEMP, kept, m * sizeof *kept);
    }
    if (lead == 0)
        return r;
    return term_list_from(h, cps, lead, term_is_list(r) ? r : term_cons(h, r, NIL));
}

/* A cluster (integer or list) as a term array in b. */
static void load_cluster(cp_buf *b, term_t gc)
{
    if (!term_is_list(gc)) {
        add_cp(b, gc, 0);
        return;
    }
    for (; term_is_list(gc); gc = list_tail(gc))
        add_cp(b, list_head(gc), 0);
}

/* OTP's compose_compat_0 on a decomposition: an integer stays; a list is
 * split into clusters with gc/1 and each composed, into one flat list. */
static term_t compose_by_clusters(process *p, cp_buf *d)
{
    heap_t *h = &p->heap;
    if (d->n == 1)
        return d->cps[0];
    cp_buf out;
    init_cps(&out);
    term_t l = term_list_from(h, d->cps, d->n, NIL);
    for (;;) {
        term_t r = bif_bin_unicode_util_gc_1(p, &l);
        if (r == THE_NON_VALUE || !term_is_list(r))
            break; /* [] at the end; integers give no errors */
        cp_buf c;
        init_cps(&c);
        load_cluster(&c, list_head(r));
        term_t x = compose_cps(h, c.cps, c.n);
        free_cps(&c);
        if (term_is_list(x))
            load_cluster(&out, x);
        else
            add_cp(&out, x, 0);
        l = list_tail(r);
    }
    term_t r = term_list_from(h, out.cps, out.n, NIL);
    free_cps(&out);
    return r;
}

enum { NORM_NFD, NORM_NFC, NORM_NFKD, NORM_NFKC };

static term_t normalise_first(process *p, term_t str, int form)
{
    heap_t *h = &p->heap;
    term_t r = bif_bin_unicode_util_gc_1(p, &str);
    if (r == THE_NON_VALUE || !term_is_list(r))
        return r; /* exception, [] or {error, Rest} */
    term_t gc = list_head(r);
    int64_t below = form == NORM_NFC ? 256 : 128;
    if (term_is_number(gc)) {
        bool small_enough = term_is_small(gc)   ? small_value(gc) < below
                            : term_is_float(gc) ? float_value(gc) < (double)below
                                                : big_is_negative(gc);
        if (small_enough)
            return r;
    }
    bool compat = form == NORM_NFKD || form == NORM_NFKC;
    cp_buf b;
    init_cps(&b);
    decompose_cluster(&b, gc, compat);
    term_t v;
    if (form == NORM_NFD || form == NORM_NFKD)
        v = make_cluster(h, b.cps, b.n);
    else if (form == NORM_NFC)
        v = compose_cps(h, b.cps, b.n);
    else
        v = compose_by_clusters(p, &b);
    free_cps(&b);
    return term_cons(h, v, list_tail(r));
}

term_t bif_misc_unicode_util_nfd_1(process *p, const term_t *args)
{
    return normalise_first(p, args[0], NORM_NFD);
}
term_t bif_misc_unicode_util_nfc_1(process *p, const term_t *args)
{
    return normalise_first(p, args[0], NORM_NFC);
}
term_t bif_misc_unicode_util_nfkd_1(process *p, const term_t *args)
{
    return normalise_first(p, args[0], NORM_NFKD);
}
term_t bif_misc_unicode_util_nfkc_1(process *p, const term_t *args)
{
    return normalise_first(p, args[0], NORM_NFKC);
}
