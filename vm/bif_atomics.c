/* bif_atomics.c: OTP's atomics and counters modules. An array is a
 * vm_magic of 64-bit atomic words behind a magic reference, freed when
 * the last term that refers to it goes (vm/term.h). Words wrap around
 * modulo 2^64 and read as signed or unsigned as the array was made;
 * every operation is one atomic instruction (sequentially consistent, as
 * OTP's). counters:new/2 makes {atomics, Ref} (an atomics array, signed)
 * or {write_concurrency, Ref}, here the same array under another kind (OTP
 * keeps a copy per scheduler: docs/differences-from-erlang.md). Errors are
 * OTP's, with erl_erts_errors' error_info (vm/code.c); where OTP's Erlang
 * code computes -Decr first, sub/3 raises badarith for a non-number. */
#include <stdatomic.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bif_atomics.h"
#include "bignum.h"
#include "map.h"
#include "proc.h"
#include "term.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_atomics.def"
#undef BIF

/* ---- arrays ------------------------------------------------------------------ */

typedef enum array_kind { SIGNED, UNSIGNED, WRITE_CONCURRENCY } array_kind;

typedef struct atomics_array {
    vm_magic m;
    array_kind kind;
    uint64_t size; /* words */
    size_t bytes;  /* of the whole record: info/1's memory */
    _Atomic uint64_t v[];
} atomics_array;

/* OTP's bound: a size above it is system_limit (erts' UWORD_MAX / 8). */
#define ATOMICS_MAX_SIZE ((UINT64_C(1) << 61) - 1)

/* The last count went: nothing but the block to free, on whatever thread
 * let it go (no lock, no process: vm/term.h). */
static void array_free(vm_magic *m)
{
    atomics_array *a = (atomics_array *)(void *)m;
    alloc_free(ALLOC_BINARY, a, a->bytes);
}

/* The array of a magic reference t, or NULL when t is none. */
static atomics_array *array_of(term_t t)
{
    if (!term_is_boxed_with(t, HDR_MAGIC_REF))
        return NULL;
    vm_magic *m = magic_ref_object(t)->magic;
    return m->destroy == array_free ? (atomics_array *)(void *)m : NULL;
}

/* The array of an atomics reference (either sign), or NULL. */
static atomics_array *atomics_of(term_t t)
{
    atomics_array *a = array_of(t);
    return a && a->kind != WRITE_CONCURRENCY ? a : NULL;
}

/* The array of a counters reference, {atomics, Ref} or
 * {write_concurrency, Ref}, or NULL. */
static atomics_array *counters_of(term_t t)
{
    if (!term_is_tuple(t) || tuple_arity(t) != 2)
        return NULL;
    atomics_array *a = array_of(tuple_get(t, 1));
    if (!a)
        return NULL;
    term_t tag = tuple_get(t, 0);
    if (a->kind == WRITE_CONCURRENCY)
        return atom_is_named(tag, "write_concurrency") ? a : NULL;
    return atom_is_named(tag, "atomics") ? a : NULL;
}

bool atomics_describe(term_t ref, atomics_desc *out)
{
    const atomics_array *a = atomics_of(ref);
    if (a)
        *out = (atomics_desc){a->size, a->kind == SIGNED};
    return a != NULL;
}

bool atomics_describe_counters(term_t ref, atomics_desc *out)
{
    const atomics_array *a = counters_of(ref);
    if (a)
        *out = (atomics_desc){a->size, true};
    return a != NULL;
}

/* How new_array went. */
typedef enum new_result { NEW_OK, NEW_BADARG, NEW_LIMIT } new_result;

/* A new array of `size` words (an integer term), zeroed, behind a magic
 * reference on p's heap in *ref. */
static new_result new_array(process *p, term_t size, array_kind kind, term_t *ref)
{
    if (!term_is_integer(size) || (term_is_small(size) && small_value(size) <= 0) ||
        (term_is_big(size) && big_is_negative(size)))
        return NEW_BADARG;
    if (term_is_big(size) || (uint64_t)small_value(size) > ATOMICS_MAX_SIZE)
        return NEW_LIMIT;
    uint64_t n = (uint64_t)small_value(size);
    size_t bytes = sizeof(atomics_array) + n * sizeof(uint64_t);
    /* a size the machine cannot hold fails the caller, not the VM */
    atomics_array *a = alloc_try_new(ALLOC_BINARY, bytes);
    if (!a)
        return NEW_LIMIT;
    atomic_init(&a->m.refc, 0);
    a->m.destroy = array_free;
    a->kind = kind;
    a->size = n;
    a->bytes = bytes;
    for (uint64_t i = 0; i < n; i++)
        atomic_init(&a->v[i], 0);
    uint32_t ids[3];
    proc_new_ref(ids);
    *ref = term_magic_ref(&p->heap, ids, &a->m);
    return NEW_OK;
}

/* ---- values --------------------------------------------------------------------- */

/* An integer whose magnitude fits 64 bits: the magnitude and the sign. */
static bool int_word(term_t t, uint64_t *mag, bool *neg)
{
    if (term_is_small(t)) {
        int64_t v = small_value(t);
        *neg = v < 0;
        *mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
        return true;
    }
    if (!term_is_big(t) || big_limb_count(t) * sizeof(mp_limb_t) > sizeof(uint64_t))
        return false;
    *mag = (uint64_t)big_limbs(t)[0];
    *neg = big_is_negative(t);
    return true;
}

/* A value the array can hold (-2^63..2^63-1 signed, 0..2^64-1 unsigned),
 * as its word. */
static bool get_value(const atomics_array *a, term_t t, uint64_t *w)
{
    uint64_t mag;
    bool neg;
    if (!int_word(t, &mag, &neg))
        return false;
    if (a->kind == UNSIGNED ? neg : (neg ? mag > UINT64_C(1) << 63 : mag >= UINT64_C(1) << 63))
        return false;
    *w = neg ? -mag : mag;
    return true;
}

/* An increment: any integer from -2^63 to 2^64-1, whatever the array's
 * sign, as OTP takes it; modulo 2^64. */
static bool get_incr(term_t t, uint64_t *w)
{
    uint64_t mag;
    bool neg;
    if (!int_word(t, &mag, &neg) || (neg && mag > UINT64_C(1) << 63))
        return false;
    *w = neg ? -mag : mag;
    return true;
}

/* A decrement D, taken as the increment -D (-2^64+1 to 2^63). */
static bool get_decr(term_t t, uint64_t *w)
{
    uint64_t mag;
    bool neg;
    if (!int_word(t, &mag, &neg) || (!neg && mag > UINT64_C(1) << 63))
        return false;
    *w = neg ? mag : -mag;
    return true;
}

/* Word w of a as an integer term. */
static term_t word_term(process *p, const atomics_array *a, uint64_t w)
{
    return a->kind == UNSIGNED ? term_uint64(&p->heap, w) : term_int64(&p->heap, (int64_t)w);
}

/* The word at 1-based index ix of a, or NULL when ix is none of them. */
static _Atomic uint64_t *slot(atomics_array *a, term_t ix)
{
    if (!term_is_small(ix) || small_value(ix) < 1 || (uint64_t)small_value(ix) > a->size)
        return NULL;
    return &a->v[small_value(ix) - 1];
}

/* #{size, max, min, memory} of an atomics array (counters of kind
 * write_concurrency: #{size, memory}). */
static term_t info_map(process *p, const atomics_array *a)
{
    heap_t *h = &p->heap;
    term_t k[4], v[4];
    size_t n = 0;
    k[n] = atom_from_cstr("size"), v[n++] = term_uint64(h, a->size);
    k[n] = atom_from_cstr("memory"), v[n++] = term_uint64(h, a->bytes);
    if (a->kind != WRITE_CONCURRENCY) {
        bool s = a->kind == SIGNED;
        k[n] = atom_from_cstr("max"), v[n++] = s ? term_int64(h, INT64_MAX) : term_uint64(h, UINT64_MAX);
        k[n] = atom_from_cstr("min"), v[n++] = s ? term_int64(h, INT64_MIN) : term_small(0);
    }
    return map_from_pairs(h, k, v, n);
}

/* ---- atomics ---------------------------------------------------------------------- */

/* The encoded options of atomics:new/2: a proper list of {signed, Bool},
 * the last one winning; false for anything else. */
static bool get_signed_opts(term_t opts, bool *is_signed)
{
    *is_signed = true;
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || !atom_is_named(tuple_get(o, 0), "signed") ||
            (tuple_get(o, 1) != ATOM_true && tuple_get(o, 1) != ATOM_false))
            return false;
        *is_signed = tuple_get(o, 1) == ATOM_true;
    }
    return opts == NIL;
}

/* atomics:new(Arity, Opts): options first (badopt), then the size. */
term_t bif_atomics_new_2(process *p, const term_t *args)
{
    bool is_signed;
    if (!get_signed_opts(args[1], &is_signed))
        return bif_badopt(p);
    term_t ref;
    switch (new_array(p, args[0], is_signed ? SIGNED : UNSIGNED, &ref)) {
    case NEW_OK:
        return ref;
    case NEW_LIMIT:
        return BIF_ERROR(p, ATOM_system_limit);
    default:
        return BIF_BADARG(p);
    }
}

term_t bif_atomics_put_3(process *p, const term_t *args)
{
    atomics_array *a = atomics_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    uint64_t v;
    if (!w || !get_value(a, args[2], &v))
        return BIF_BADARG(p);
    atomic_store(w, v);
    return ATOM_ok;
}

term_t bif_atomics_get_2(process *p, const term_t *args)
{
    atomics_array *a = atomics_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    return w ? word_term(p, a, atomic_load(w)) : BIF_BADARG(p);
}

/* add, add_get, sub, sub_get: the word at the index plus incr; the new
 * value when `get`. */
static term_t add(process *p, const term_t *args, uint64_t incr, bool get)
{
    atomics_array *a = atomics_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    if (!w)
        return BIF_BADARG(p);
    uint64_t v = atomic_fetch_add(w, incr) + incr;
    return get ? word_term(p, a, v) : ATOM_ok;
}

term_t bif_atomics_add_3(process *p, const term_t *args)
{
    uint64_t incr;
    return get_incr(args[2], &incr) ? add(p, args, incr, false) : BIF_BADARG(p);
}

term_t bif_atomics_add_get_3(process *p, const term_t *args)
{
    uint64_t incr;
    return get_incr(args[2], &incr) ? add(p, args, incr, true) : BIF_BADARG(p);
}

term_t bif_atomics_sub_3(process *p, const term_t *args)
{
    uint64_t incr;
    if (!term_is_number(args[2]))
        return BIF_ERROR(p, ATOM_badarith);
    return get_decr(args[2], &incr) ? add(p, args, incr, false) : BIF_BADARG(p);
}

term_t bif_atomics_sub_get_3(process *p, const term_t *args)
{
    uint64_t incr;
    if (!term_is_number(args[2]))
        return BIF_ERROR(p, ATOM_badarith);
    return get_decr(args[2], &incr) ? add(p, args, incr, true) : BIF_BADARG(p);
}

term_t bif_atomics_exchange_3(process *p, const term_t *args)
{
    atomics_array *a = atomics_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    uint64_t v;
    if (!w || !get_value(a, args[2], &v))
        return BIF_BADARG(p);
    return word_term(p, a, atomic_exchange(w, v));
}

/* compare_exchange(Ref, Ix, Expected, Desired): ok when the word was
 * Expected (now Desired), else what it was. */
term_t bif_atomics_compare_exchange_4(process *p, const term_t *args)
{
    atomics_array *a = atomics_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    uint64_t expected, desired;
    if (!w || !get_value(a, args[2], &expected) || !get_value(a, args[3], &desired))
        return BIF_BADARG(p);
    if (atomic_compare_exchange_strong(w, &expected, desired))
        return ATOM_ok;
    return word_term(p, a, expected);
}

term_t bif_atomics_info_1(process *p, const term_t *args)
{
    const atomics_array *a = atomics_of(args[0]);
    return a ? info_map(p, a) : BIF_BADARG(p);
}

/* ---- counters ------------------------------------------------------------------- */

/* counters:new(Size, Opts): [] or [atomics] make {atomics, Ref}, an
 * atomics array; [write_concurrency] {write_concurrency, Ref}; any other
 * options are badopt, checked before the size. */
term_t bif_counters_new_2(process *p, const term_t *args)
{
    term_t opts = args[1], tag = atom_from_cstr("atomics");
    array_kind kind = SIGNED;
    if (opts != NIL) {
        if (!term_is_list(opts) || list_tail(opts) != NIL)
            return bif_badopt(p);
        if (atom_is_named(list_head(opts), "write_concurrency"))
            kind = WRITE_CONCURRENCY, tag = list_head(opts);
        else if (list_head(opts) != tag)
            return bif_badopt(p);
    }
    term_t ref;
    switch (new_array(p, args[0], kind, &ref)) {
    case NEW_OK:
        return term_tuple2(&p->heap, tag, ref);
    case NEW_LIMIT:
        return BIF_ERROR(p, ATOM_system_limit);
    default:
        return BIF_BADARG(p);
    }
}

term_t bif_counters_get_2(process *p, const term_t *args)
{
    atomics_array *a = counters_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    return w ? word_term(p, a, atomic_load(w)) : BIF_BADARG(p);
}

/* add and sub: plus incr; sub's -Decr fails first for a non-number. */
static term_t counters_add(process *p, const term_t *args, bool ok, uint64_t incr)
{
    atomics_array *a = counters_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    if (!w || !ok)
        return BIF_BADARG(p);
    atomic_fetch_add(w, incr);
    return ATOM_ok;
}

term_t bif_counters_add_3(process *p, const term_t *args)
{
    uint64_t incr = 0;
    bool ok = get_incr(args[2], &incr);
    return counters_add(p, args, ok, incr);
}

term_t bif_counters_sub_3(process *p, const term_t *args)
{
    uint64_t incr = 0;
    if (!term_is_number(args[2]))
        return BIF_ERROR(p, ATOM_badarith);
    bool ok = get_decr(args[2], &incr);
    return counters_add(p, args, ok, incr);
}

/* put: a value the array holds (signed, but for an unsigned atomics
 * array inside {atomics, Ref}). */
term_t bif_counters_put_3(process *p, const term_t *args)
{
    atomics_array *a = counters_of(args[0]);
    _Atomic uint64_t *w = a ? slot(a, args[1]) : NULL;
    uint64_t v;
    if (!w || !get_value(a, args[2], &v))
        return BIF_BADARG(p);
    atomic_store(w, v);
    return ATOM_ok;
}

term_t bif_counters_info_1(process *p, const term_t *args)
{
    const atomics_array *a = counters_of(args[0]);
    return a ? info_map(p, a) : BIF_BADARG(p);
}
