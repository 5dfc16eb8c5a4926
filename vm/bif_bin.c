/* bif_bin.c: BIFs on binaries and character data: erlang's binary BIFs
 * and iolists, a subset of the binary module (searching, splitting,
 * replacing), unicode:characters_to_list/binary (latin1, UTF-8, UTF-16 and
 * UTF-32, in and out) and unicode_util:gc/1 and cp/1, with OTP 25's
 * results, including the exact shape of the rest that an {error, ...} or
 * {incomplete, ...} result carries. The table of them is vm/bif_bin.def
 * (cp/1's line is in vm/bif_misc.def). Walks over iolists and chardata
 * keep explicit stacks. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "binary.h"
#include "cmp.h"
#include "heap.h"
#include "tstack.h"
#include "unicode.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_bin.def"
#undef BIF

/* Atoms not in atoms.def (atom_cached). */
static _Atomic term_t slot_nomatch, slot_global, slot_trim, slot_trim_all, slot_scope, slot_insert_replaced,
    slot_incomplete, slot_unicode, slot_latin1;
#define ATOM_NOMATCH atom_cached(&slot_nomatch, "nomatch")
#define ATOM_GLOBAL atom_cached(&slot_global, "global")
#define ATOM_TRIM atom_cached(&slot_trim, "trim")
#define ATOM_TRIM_ALL atom_cached(&slot_trim_all, "trim_all")
#define ATOM_SCOPE atom_cached(&slot_scope, "scope")
#define ATOM_INSERT_REPLACED atom_cached(&slot_insert_replaced, "insert_replaced")
#define ATOM_INCOMPLETE atom_cached(&slot_incomplete, "incomplete")
#define ATOM_UNICODE atom_cached(&slot_unicode, "unicode")
#define ATOM_LATIN1 atom_cached(&slot_latin1, "latin1")

/* A bitstring's bytes as one contiguous array: borrowed when the view is
 * byte-aligned, else a copy (ALLOC_TEMP) that release_bytes frees. */
typedef struct byte_span {
    const uint8_t *p;
    size_t n;
    uint8_t *owned;
} byte_span;

static void get_bytes(const bin_view *v, byte_span *s)
{
    s->n = v->size;
    s->owned = NULL;
    if (v->bitoffset == 0 || v->size == 0) {
        s->p = v->bytes;
        return;
    }
    s->owned = alloc_new(ALLOC_TEMP, v->size);
    for (uint64_t i = 0; i < v->size; i++)
        s->owned[i] = bin_byte_at(v, i);
    s->p = s->owned;
}

static void release_bytes(byte_span *s)
{
    if (s->owned)
        alloc_free(ALLOC_TEMP, s->owned, s->n);
    s->owned = NULL;
}

/* The byte slice [start, start + len) of bitstring b. */
static term_t sub_bytes(heap_t *h, term_t b, uint64_t start, uint64_t len)
{
    return bin_sub(h, b, start * 8, len * 8);
}

/* The first n cells of `list` (n <= its length) copied, ending in `tail`. */
static term_t copy_list(heap_t *h, term_t list, size_t n, term_t tail)
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

static inline bool is_byte(term_t t)
{
    return term_is_small(t) && small_value(t) >= 0 && small_value(t) <= 255;
}

/* A growable byte buffer (ALLOC_TEMP). */
typedef struct byte_buf {
    uint8_t *p;
    size_t n, cap;
} byte_buf;

static void reserve_buf(byte_buf *b, size_t more)
{
    if (b->n + more <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + more)
        cap *= 2;
    b->p = alloc_resize(ALLOC_TEMP, b->p, b->cap, cap);
    b->cap = cap;
}

static void put_buf(byte_buf *b, const uint8_t *s, size_t n)
{
    reserve_buf(b, n);
    if (n)
        memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void free_buf(byte_buf *b)
{
    if (b->p)
        alloc_free(ALLOC_TEMP, b->p, b->cap);
    b->p = NULL, b->n = b->cap = 0;
}

/* ---- erlang: sizes, parts, splits ------------------------------------------- */

term_t bif_bin_byte_size_1(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(args[0], &v);
    return term_int64(&p->heap, (int64_t)(v.size + (v.bitsize != 0)));
}

term_t bif_bin_bit_size_1(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(args[0], &v);
    return term_int64(&p->heap, (int64_t)bin_bit_size(&v));
}

/* The slice {Start, Len} of a bitstring's whole bytes (Len may be
 * negative: the Len bytes before Start), as binary_part/2,3 and
 * binary:part/2,3 take it; THE_NON_VALUE when out of range. */
static term_t get_part(process *p, term_t b, term_t start, term_t len)
{
    if (!term_is_bitstring(b) || !term_is_small(start) || !term_is_small(len))
        return THE_NON_VALUE;
    bin_view v;
    bin_view_of(b, &v);
    int64_t s = small_value(start), l = small_value(len), size = (int64_t)v.size;
    if (l < 0)
        s += l, l = -l;
    if (s < 0 || s > size || l > size - s)
        return THE_NON_VALUE;
    return sub_bytes(&p->heap, b, (uint64_t)s, (uint64_t)l);
}

static term_t get_part_tuple(process *p, term_t b, term_t pos_len)
{
    if (!term_is_tuple(pos_len) || tuple_arity(pos_len) != 2)
        return THE_NON_VALUE;
    return get_part(p, b, tuple_get(pos_len, 0), tuple_get(pos_len, 1));
}

/* erlang:binary_part/2,3 and binary:part/2,3 */
term_t bif_bin_erlang_binary_part_2(process *p, const term_t *args)
{
    term_t r = get_part_tuple(p, args[0], args[1]);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

term_t bif_bin_erlang_binary_part_3(process *p, const term_t *args)
{
    term_t r = get_part(p, args[0], args[1], args[2]);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

term_t bif_bin_binary_part_2(process *p, const term_t *args) { return bif_bin_erlang_binary_part_2(p, args); }
term_t bif_bin_binary_part_3(process *p, const term_t *args) { return bif_bin_erlang_binary_part_3(p, args); }

/* split_binary(Bin, Pos): {Before, After}; After keeps the trailing bits. */
term_t bif_bin_split_binary_2(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]) || !term_is_small(args[1]))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(args[0], &v);
    int64_t pos = small_value(args[1]);
    if (pos < 0 || (uint64_t)pos > v.size)
        return BIF_BADARG(p);
    uint64_t at = (uint64_t)pos * 8;
    term_t a = bin_sub(&p->heap, args[0], 0, at);
    term_t b = bin_sub(&p->heap, args[0], at, bin_bit_size(&v) - at);
    return term_tuple2(&p->heap, a, b);
}

/* The bytes of a view as a list, ending with `tail`. */
static term_t list_bytes(heap_t *h, const bin_view *v, uint64_t from, uint64_t to, term_t tail)
{
    if (from == to)
        return tail;
    term_t *cells = heap_alloc(h, 2 * (size_t)(to - from));
    for (uint64_t i = from; i < to; i++) {
        size_t c = 2 * (size_t)(i - from);
        cells[c] = term_small(bin_byte_at(v, i));
        cells[c + 1] = i + 1 < to ? term_list(cells + c + 2) : tail;
    }
    return term_list(cells);
}

term_t bif_bin_binary_to_list_1(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v))
        return BIF_BADARG(p);
    return list_bytes(&p->heap, &v, 0, v.size, NIL);
}

/* binary_to_list(Bin, Start, Stop): bytes Start..Stop, 1-based, of the
 * whole bytes of a bitstring. */
term_t bif_bin_binary_to_list_3(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]) || !term_is_small(args[1]) || !term_is_small(args[2]))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(args[0], &v);
    int64_t start = small_value(args[1]), stop = small_value(args[2]);
    if (start < 1 || start > stop || (uint64_t)stop > v.size)
        return BIF_BADARG(p);
    return list_bytes(&p->heap, &v, (uint64_t)start - 1, (uint64_t)stop, NIL);
}

/* The bytes, then a bitstring of the trailing bits if there are any. */
term_t bif_bin_bitstring_to_list_1(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(args[0], &v);
    term_t tail = NIL;
    if (v.bitsize) {
        term_t bits = bin_sub(&p->heap, args[0], v.size * 8, v.bitsize);
        tail = term_cons(&p->heap, bits, NIL);
    }
    return list_bytes(&p->heap, &v, 0, v.size, tail);
}

/* ---- iolists -------------------------------------------------------------------
 * One walk serves every iolist BIF: it visits bytes and bitstrings in
 * order, first only counting bits, then writing them. Anything but a byte,
 * a bitstring (a binary unless bits are allowed) or a nested list, and a
 * tail other than [] or a bitstring, fails the walk (badarg). */

typedef struct io_sink {
    uint8_t *out; /* NULL: count only; else zeroed, large enough */
    uint64_t bits;
} io_sink;

/* Writes the high n bits (1..8) of `value` at the sink's position. */
static void put_bits(io_sink *s, uint8_t value, unsigned n)
{
    uint64_t i = s->bits / 8;
    unsigned off = s->bits % 8;
    s->out[i] |= (uint8_t)(value >> off);
    if (off + n > 8)
        s->out[i + 1] |= (uint8_t)(value << (8 - off));
    s->bits += n;
}

static void sink_bitstring(io_sink *s, const bin_view *v)
{
    if (!s->out) {
        s->bits += bin_bit_size(v);
        return;
    }
    if (s->bits % 8 == 0 && v->bitoffset == 0) {
        memcpy(s->out + s->bits / 8, v->bytes, v->size);
        s->bits += v->size * 8;
    } else {
        for (uint64_t i = 0; i < v->size; i++)
            put_bits(s, bin_byte_at(v, i), 8);
    }
    if (v->bitsize)
        put_bits(s, bin_tail_bits(v), v->bitsize);
}

static bool walk_iolist(term_t t, bool allow_bits, io_sink *s)
{
    tstack st;
    tstack_init(&st);
    bool ok = true;
    for (;;) {
        if (term_is_list(t)) {
            term_t h = list_head(t);
            t = list_tail(t);
            if (is_byte(h)) {
                if (s->out)
                    put_bits(s, (uint8_t)small_value(h), 8);
                else
                    s->bits += 8;
            } else if (term_is_bitstring(h)) {
                bin_view v;
                bin_view_of(h, &v);
                if (v.bitsize && !allow_bits) {
                    ok = false;
                    break;
                }
                sink_bitstring(s, &v);
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
            bin_view v;
            bin_view_of(t, &v);
            if (v.bitsize && !allow_bits) {
                ok = false;
                break;
            }
            sink_bitstring(s, &v);
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

bool bin_iodata(term_t t, uint8_t *out, size_t *n)
{
    if (out)
        memset(out, 0, *n); /* the sink ORs bits in */
    io_sink s = {out, 0};
    if (!walk_iolist(t, false, &s))
        return false;
    *n = (size_t)(s.bits / 8);
    return true;
}

/* The iolist (or, with allow_bits, bitstring list) t as one bitstring on
 * h; THE_NON_VALUE with *why the reason when t is none (badarg) or its
 * bytes cannot be had (system_limit: a list may hold one binary many
 * times). */
static term_t flatten_iolist(heap_t *h, term_t t, bool allow_bits, term_t *why)
{
    io_sink s = {NULL, 0};
    *why = ATOM_badarg;
    if (!walk_iolist(t, allow_bits, &s))
        return THE_NON_VALUE;
    uint64_t nbits = s.bits;
    uint8_t *out;
    term_t b = bin_alloc(h, (size_t)((nbits + 7) / 8), &out);
    *why = ATOM_system_limit;
    if (b == THE_NON_VALUE)
        return b;
    memset(out, 0, (size_t)((nbits + 7) / 8));
    s = (io_sink){out, 0};
    walk_iolist(t, allow_bits, &s);
    return nbits % 8 ? bin_sub(h, b, 0, nbits) : b;
}

term_t bin_of_iodata(heap_t *h, term_t t)
{
    term_t why;
    return flatten_iolist(h, t, false, &why);
}

/* list_to_binary(IoList): a list, not a binary, at the top. */
term_t bif_bin_list_to_binary_1(process *p, const term_t *args)
{
    if (!term_is_cons_or_nil(args[0]))
        return BIF_BADARG(p);
    term_t why, r = flatten_iolist(&p->heap, args[0], false, &why);
    return r == THE_NON_VALUE ? BIF_ERROR(p, why) : r;
}

/* iolist_to_binary(IoListOrBinary): a binary comes back as it is. */
term_t bif_bin_iolist_to_binary_1(process *p, const term_t *args)
{
    bin_view v;
    if (term_is_bitstring(args[0]))
        return bin_view_bytes(args[0], &v) ? args[0] : BIF_BADARG(p);
    return bif_bin_list_to_binary_1(p, args);
}

term_t bif_bin_iolist_size_1(process *p, const term_t *args)
{
    io_sink s = {NULL, 0};
    bin_view v;
    if (term_is_bitstring(args[0]) && !bin_view_bytes(args[0], &v))
        return BIF_BADARG(p);
    if (!walk_iolist(args[0], false, &s))
        return BIF_BADARG(p);
    return term_uint64(&p->heap, s.bits / 8);
}

/* list_to_bitstring(BitstringList) */
term_t bif_bin_list_to_bitstring_1(process *p, const term_t *args)
{
    if (!term_is_cons_or_nil(args[0]))
        return BIF_BADARG(p);
    term_t why, r = flatten_iolist(&p->heap, args[0], true, &why);
    return r == THE_NON_VALUE ? BIF_ERROR(p, why) : r;
}

/* ---- binary module: bytes, copies, lists, integers ---------------------------- */

term_t bif_bin_binary_at_2(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v) || !term_is_small(args[1]) || small_value(args[1]) < 0 ||
        (uint64_t)small_value(args[1]) >= v.size)
        return BIF_BADARG(p);
    return term_small(bin_byte_at(&v, (uint64_t)small_value(args[1])));
}

term_t bif_bin_binary_first_1(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v) || v.size == 0)
        return BIF_BADARG(p);
    return term_small(bin_byte_at(&v, 0));
}

term_t bif_bin_binary_last_1(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v) || v.size == 0)
        return BIF_BADARG(p);
    return term_small(bin_byte_at(&v, v.size - 1));
}

/* binary:copy(Bin, N): N copies of Bin, in a new binary. */
term_t bif_bin_binary_copy_2(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v) || !term_is_small(args[1]) || small_value(args[1]) < 0)
        return BIF_BADARG(p);
    uint64_t n = (uint64_t)small_value(args[1]);
    if (v.size && n > SIZE_MAX / 2 / v.size)
        return BIF_ERROR(p, ATOM_system_limit);
    byte_span s;
    get_bytes(&v, &s);
    uint8_t *out;
    term_t b = bin_alloc(&p->heap, (size_t)(v.size * n), &out);
    if (b == THE_NON_VALUE)
        n = 0; /* more than the machine has */
    for (uint64_t i = 0; i < n; i++, out += s.n)
        memcpy(out, s.p, s.n);
    release_bytes(&s);
    return b == THE_NON_VALUE ? BIF_ERROR(p, ATOM_system_limit) : b;
}

term_t bif_bin_binary_copy_1(process *p, const term_t *args)
{
    term_t a[2] = {args[0], term_small(1)};
    return bif_bin_binary_copy_2(p, a);
}

term_t bif_bin_binary_bin_to_list_1(process *p, const term_t *args)
{
    return bif_bin_binary_to_list_1(p, args);
}

/* binary:bin_to_list(Bin, Pos, Len): Len bytes from Pos (or the -Len before
 * it); Bin must be a binary and Pos, Len integers. */
term_t bif_bin_binary_bin_to_list_3(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v) || !term_is_integer(args[1]) || !term_is_integer(args[2]))
        return BIF_BADARG(p);
    if (!term_is_small(args[1]) || !term_is_small(args[2]))
        return BIF_BADARG(p);
    int64_t pos = small_value(args[1]), len = small_value(args[2]), size = (int64_t)v.size;
    if (len < 0)
        pos += len, len = -len;
    if (pos < 0 || pos > size || len > size - pos)
        return BIF_BADARG(p);
    return list_bytes(&p->heap, &v, (uint64_t)pos, (uint64_t)(pos + len), NIL);
}

/* binary:bin_to_list(Bin, {Pos, Len}) */
term_t bif_bin_binary_bin_to_list_2(process *p, const term_t *args)
{
    if (!term_is_tuple(args[1]) || tuple_arity(args[1]) != 2)
        return BIF_BADARG(p);
    term_t a[3] = {args[0], tuple_get(args[1], 0), tuple_get(args[1], 1)};
    return bif_bin_binary_bin_to_list_3(p, a);
}

term_t bif_bin_binary_list_to_bin_1(process *p, const term_t *args)
{
    return bif_bin_list_to_binary_1(p, args);
}

/* big (true) or little; false for anything else. */
static bool get_endianness(term_t t, bool *big)
{
    if (t != ATOM_big && t != ATOM_little)
        return false;
    *big = t == ATOM_big;
    return true;
}

static term_t decode_unsigned(process *p, term_t bin, bool big)
{
    bin_view v;
    if (!bin_view_bytes(bin, &v))
        return BIF_BADARG(p);
    size_t nlimbs = (size_t)(v.size + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t);
    if (nlimbs == 0)
        return term_small(0);
    mp_limb_t *limbs = alloc_zeroed(ALLOC_TEMP, nlimbs * sizeof *limbs);
    for (uint64_t i = 0; i < v.size; i++) {
        uint64_t k = big ? v.size - 1 - i : i; /* significance of byte i */
        limbs[k / sizeof(mp_limb_t)] |= (mp_limb_t)bin_byte_at(&v, i) << (8 * (k % sizeof(mp_limb_t)));
    }
    term_t r = big_from_limbs(&p->heap, false, limbs, nlimbs);
    alloc_free(ALLOC_TEMP, limbs, nlimbs * sizeof *limbs);
    return r;
}

term_t bif_bin_binary_decode_unsigned_1(process *p, const term_t *args)
{
    return decode_unsigned(p, args[0], true);
}

term_t bif_bin_binary_decode_unsigned_2(process *p, const term_t *args)
{
    bool big;
    if (!get_endianness(args[1], &big))
        return BIF_BADARG(p);
    return decode_unsigned(p, args[0], big);
}

/* Byte k (0: least significant) of a magnitude in limbs. */
static inline uint8_t get_limb_byte(const mp_limb_t *limbs, size_t k)
{
    return (uint8_t)(limbs[k / sizeof(mp_limb_t)] >> (8 * (k % sizeof(mp_limb_t))));
}

/* The fewest bytes that hold a non-negative integer (one for zero). */
static term_t encode_unsigned(process *p, term_t n, bool big)
{
    mp_limb_t one;
    const mp_limb_t *limbs;
    size_t nlimbs;
    if (term_is_small(n)) {
        if (small_value(n) < 0)
            return BIF_BADARG(p);
        one = (mp_limb_t)small_value(n);
        limbs = &one, nlimbs = 1;
    } else if (term_is_big(n) && !big_is_negative(n)) {
        limbs = big_limbs(n), nlimbs = big_limb_count(n);
    } else {
        return BIF_BADARG(p);
    }
    size_t nbytes = nlimbs * sizeof(mp_limb_t);
    while (nbytes > 1 && get_limb_byte(limbs, nbytes - 1) == 0)
        nbytes--;
    uint8_t *out;
    term_t b = bin_alloc(&p->heap, nbytes, &out);
    if (b == THE_NON_VALUE)
        return BIF_ERROR(p, ATOM_system_limit);
    for (size_t k = 0; k < nbytes; k++)
        out[big ? nbytes - 1 - k : k] = get_limb_byte(limbs, k);
    return b;
}

term_t bif_bin_binary_encode_unsigned_1(process *p, const term_t *args)
{
    return encode_unsigned(p, args[0], true);
}

term_t bif_bin_binary_encode_unsigned_2(process *p, const term_t *args)
{
    bool big;
    if (!get_endianness(args[1], &big))
        return BIF_BADARG(p);
    return encode_unsigned(p, args[0], big);
}

/* binary:longest_common_prefix/suffix(Binaries): the bytes all of a
 * non-empty proper list of binaries share at their start (or end). */
static term_t longest_common(process *p, term_t l, bool suffix)
{
    if (!term_is_list(l))
        return BIF_BADARG(p);
    bin_view first;
    if (!bin_view_bytes(list_head(l), &first))
        return BIF_BADARG(p);
    uint64_t common = first.size;
    for (l = list_tail(l); term_is_list(l); l = list_tail(l)) {
        bin_view v;
        if (!bin_view_bytes(list_head(l), &v))
            return BIF_BADARG(p);
        uint64_t i = 0;
        while (i < common && i < v.size &&
               (suffix ? bin_byte_at(&v, v.size - 1 - i) == bin_byte_at(&first, first.size - 1 - i)
                       : bin_byte_at(&v, i) == bin_byte_at(&first, i)))
            i++;
        common = i;
    }
    if (!term_is_nil(l))
        return BIF_BADARG(p);
    return term_uint64(&p->heap, common);
}

term_t bif_bin_binary_longest_common_prefix_1(process *p, const term_t *args)
{
    return longest_common(p, args[0], false);
}

term_t bif_bin_binary_longest_common_suffix_1(process *p, const term_t *args)
{
    return longest_common(p, args[0], true);
}

/* binary:encode_hex(Bin): two upper-case hex digits a byte (OTP 25). */
term_t bif_bin_binary_encode_hex_1(process *p, const term_t *args)
{
    static const char digits[] = "0123456789ABCDEF";
    bin_view v;
    if (!bin_view_bytes(args[0], &v))
        return BIF_BADARG(p);
    uint8_t *out;
    term_t r = bin_alloc(&p->heap, 2 * v.size, &out);
    if (r == THE_NON_VALUE)
        return BIF_ERROR(p, ATOM_system_limit);
    for (uint64_t i = 0; i < v.size; i++) {
        uint8_t b = bin_byte_at(&v, i);
        out[2 * i] = (uint8_t)digits[b >> 4];
        out[2 * i + 1] = (uint8_t)digits[b & 15];
    }
    return r;
}

static int hex_value(uint8_t c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20; /* either case */
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* binary:decode_hex(Hex): an even number of hex digits, either case. */
term_t bif_bin_binary_decode_hex_1(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v) || v.size % 2)
        return BIF_BADARG(p);
    for (uint64_t i = 0; i < v.size; i++)
        if (hex_value(bin_byte_at(&v, i)) < 0)
            return BIF_BADARG(p);
    uint8_t *out;
    term_t r = bin_alloc(&p->heap, v.size / 2, &out);
    if (r == THE_NON_VALUE)
        return BIF_ERROR(p, ATOM_system_limit);
    for (uint64_t i = 0; i < v.size / 2; i++)
        out[i] = (uint8_t)(hex_value(bin_byte_at(&v, 2 * i)) << 4 | hex_value(bin_byte_at(&v, 2 * i + 1)));
    return r;
}

/* binary:referenced_byte_size(Bits): the bytes of the binary a sub binary
 * refers to (itself for a heap or refc binary); any bitstring. */
term_t bif_bin_binary_referenced_byte_size_1(process *p, const term_t *args)
{
    term_t b = args[0];
    if (!term_is_bitstring(b))
        return BIF_BADARG(p);
    if (term_is_boxed_with(b, HDR_SUB_BIN))
        b = ((const sub_bin_obj *)(const void *)boxed_ptr(b))->orig;
    uint64_t size;
    whole_bin_bytes(boxed_ptr(b), &size);
    return term_uint64(&p->heap, size);
}

/* ---- binary module: searching -------------------------------------------------
 * binary:match/matches/split/replace find the leftmost match, the longest
 * of the patterns that match there, and for all matches go on after it (no
 * overlaps), as OTP's Aho-Corasick and Boyer-Moore searches answer. */

typedef struct pattern_set {
    size_t n;
    byte_span *pats;
    bool first[256]; /* some pattern starts with this byte */
} pattern_set;

static void free_patterns(pattern_set *ps)
{
    for (size_t i = 0; i < ps->n; i++)
        release_bytes(&ps->pats[i]);
    if (ps->pats)
        alloc_free(ALLOC_TEMP, ps->pats, ps->n * sizeof *ps->pats);
    ps->pats = NULL, ps->n = 0;
}

/* binary:compile_pattern/1's result: {bm, Ref} for one pattern, {ac, Ref}
 * for several, as OTP's, where Ref is a magic reference (vm/term.h) to
 * this record of the patterns' bytes. The searches take the bytes from it
 * in place (OTP builds its Boyer-Moore or Aho-Corasick tables here; ours
 * are cheap to build per call, so the record only saves the checks and
 * the copies of the list). */
typedef struct compiled_pattern {
    vm_magic m;
    size_t n, size;       /* patterns; the record's bytes */
    const uint8_t **pats; /* into `data`, after the lengths */
    size_t *lens;
    uint8_t data[];
} compiled_pattern;

/* The last count went: nothing but the block to free. */
static void compiled_pattern_free(vm_magic *m)
{
    compiled_pattern *cp = (compiled_pattern *)(void *)m;
    alloc_free(ALLOC_BINARY, cp, cp->size);
}

/* The record of a compiled pattern t, or NULL when t is none. */
static const compiled_pattern *compiled_of(term_t t)
{
    if (!term_is_tuple(t) || tuple_arity(t) != 2 ||
        (tuple_get(t, 0) != atom_from_cstr("bm") && tuple_get(t, 0) != atom_from_cstr("ac")) ||
        !term_is_boxed_with(tuple_get(t, 1), HDR_MAGIC_REF))
        return NULL;
    vm_magic *m = magic_ref_object(tuple_get(t, 1))->magic;
    return m->destroy == compiled_pattern_free ? (const compiled_pattern *)(const void *)m : NULL;
}

/* A pattern: a non-empty binary, a non-empty proper list of them, or a
 * compiled pattern. */
static bool get_patterns(term_t t, pattern_set *ps)
{
    memset(ps, 0, sizeof *ps);
    const compiled_pattern *cp = compiled_of(t);
    if (cp) {
        ps->pats = alloc_zeroed(ALLOC_TEMP, cp->n * sizeof *ps->pats);
        ps->n = cp->n;
        for (size_t i = 0; i < cp->n; i++) {
            ps->pats[i] = (byte_span){cp->pats[i], cp->lens[i], NULL};
            ps->first[cp->pats[i][0]] = true;
        }
        return true;
    }
    int64_t n = term_is_bitstring(t) ? 1 : list_length(t);
    if (n <= 0)
        return false;
    ps->pats = alloc_zeroed(ALLOC_TEMP, (size_t)n * sizeof *ps->pats);
    ps->n = (size_t)n;
    for (size_t i = 0; i < ps->n; i++) {
        term_t b = term_is_bitstring(t) ? t : list_head(t);
        bin_view v;
        if (!bin_view_bytes(b, &v) || v.size == 0) {
            free_patterns(ps);
            return false;
        }
        get_bytes(&v, &ps->pats[i]);
        ps->first[ps->pats[i].p[0]] = true;
        if (!term_is_bitstring(t))
            t = list_tail(t);
    }
    return true;
}

/* binary:compile_pattern(Pattern): the patterns checked and copied once
 * into a compiled_pattern. */
term_t bif_bin_binary_compile_pattern_1(process *p, const term_t *args)
{
    pattern_set ps;
    if (compiled_of(args[0]) || !get_patterns(args[0], &ps))
        return BIF_BADARG(p);
    size_t bytes = 0;
    for (size_t i = 0; i < ps.n; i++)
        bytes += ps.pats[i].n;
    size_t size = sizeof(compiled_pattern) + ps.n * (sizeof(size_t) + sizeof(uint8_t *)) + bytes;
    compiled_pattern *cp = alloc_new(ALLOC_BINARY, size);
    atomic_init(&cp->m.refc, 0);
    cp->m.destroy = compiled_pattern_free;
    cp->n = ps.n;
    cp->size = size;
    cp->pats = (const uint8_t **)(void *)cp->data;
    cp->lens = (size_t *)(void *)(cp->data + ps.n * sizeof(uint8_t *));
    uint8_t *at = cp->data + ps.n * (sizeof(size_t) + sizeof(uint8_t *));
    for (size_t i = 0; i < ps.n; i++) {
        memcpy(at, ps.pats[i].p, ps.pats[i].n);
        cp->pats[i] = at;
        cp->lens[i] = ps.pats[i].n;
        at += ps.pats[i].n;
    }
    free_patterns(&ps);
    uint32_t ids[3];
    proc_new_ref(ids);
    term_t ref = term_magic_ref(&p->heap, ids, &cp->m);
    return term_tuple2(&p->heap, atom_from_cstr(cp->n == 1 ? "bm" : "ac"), ref);
}

/* The leftmost-longest match in s[from, to): *pos and *len. */
static bool find_match(const byte_span *s, size_t from, size_t to, const pattern_set *ps, size_t *pos,
                       size_t *len)
{
    if (ps->n == 1) {
        const byte_span *pat = &ps->pats[0];
        if (from >= to || pat->n > to - from)
            return false;
        const uint8_t *hit = memmem(s->p + from, to - from, pat->p, pat->n);
        if (!hit)
            return false;
        *pos = (size_t)(hit - s->p);
        *len = pat->n;
        return true;
    }
    for (size_t i = from; i < to; i++) {
        if (!ps->first[s->p[i]])
            continue;
        size_t best = 0;
        for (size_t k = 0; k < ps->n; k++) {
            const byte_span *pat = &ps->pats[k];
            if (pat->n > best && pat->n <= to - i && memcmp(s->p + i, pat->p, pat->n) == 0)
                best = pat->n;
        }
        if (best) {
            *pos = i, *len = best;
            return true;
        }
    }
    return false;
}

enum { OPT_GLOBAL = 1, OPT_TRIM = 2, OPT_TRIM_ALL = 4 };

/* Options of match/matches (allowed = 0) or split (allowed = OPT_*):
 * {scope, {Start, Len}} (the last one wins) and the allowed atoms. The
 * list's tail is not checked, as in OTP. */
static bool get_search_opts(term_t opts, unsigned allowed, size_t size, size_t *from, size_t *to,
                            unsigned *flags)
{
    *from = 0, *to = size, *flags = 0;
    if (!term_is_cons_or_nil(opts))
        return false;
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if ((allowed & OPT_GLOBAL) && o == ATOM_GLOBAL) {
            *flags |= OPT_GLOBAL;
        } else if ((allowed & OPT_TRIM) && o == ATOM_TRIM) {
            *flags |= OPT_TRIM;
        } else if ((allowed & OPT_TRIM_ALL) && o == ATOM_TRIM_ALL) {
            *flags |= OPT_TRIM_ALL;
        } else if (term_is_tuple(o) && tuple_arity(o) == 2 && tuple_get(o, 0) == ATOM_SCOPE) {
            term_t sc = tuple_get(o, 1);
            if (!term_is_tuple(sc) || tuple_arity(sc) != 2 || !term_is_small(tuple_get(sc, 0)) ||
                !term_is_small(tuple_get(sc, 1)))
                return false;
            int64_t s = small_value(tuple_get(sc, 0)), l = small_value(tuple_get(sc, 1));
            if (l < 0)
                s += l, l = -l;
            if (s < 0 || (uint64_t)s > size || (uint64_t)l > size - (uint64_t)s)
                return false;
            *from = (size_t)s, *to = (size_t)(s + l);
        } else {
            return false;
        }
    }
    return true;
}

/* A search's subject, patterns and scope, from BIF arguments. */
typedef struct search {
    term_t subject;
    byte_span s;
    pattern_set ps;
    size_t from, to;
    unsigned flags;
} search;

static bool start_search(search *se, term_t subject, term_t pattern, term_t opts, unsigned allowed)
{
    bin_view v;
    if (!bin_view_bytes(subject, &v))
        return false;
    if (!get_search_opts(opts, allowed, v.size, &se->from, &se->to, &se->flags))
        return false;
    if (!get_patterns(pattern, &se->ps))
        return false;
    se->subject = subject;
    get_bytes(&v, &se->s);
    return true;
}

static void end_search(search *se)
{
    release_bytes(&se->s);
    free_patterns(&se->ps);
}

/* The matches (all, or the first when !global) as (pos, len) pairs in
 * *pairs, an ALLOC_TEMP array of *cap entries grown as needed; returns how
 * many. */
static size_t find_all(search *se, bool global, size_t **pairs, size_t *cap)
{
    size_t n = 0, at = se->from, pos, len;
    while (find_match(&se->s, at, se->to, &se->ps, &pos, &len)) {
        if (2 * (n + 1) > *cap) {
            size_t ncap = *cap ? 2 * *cap : 16;
            *pairs = alloc_resize(ALLOC_TEMP, *pairs, *cap * sizeof **pairs, ncap * sizeof **pairs);
            *cap = ncap;
        }
        (*pairs)[2 * n] = pos, (*pairs)[2 * n + 1] = len;
        n++;
        at = pos + len;
        if (!global)
            break;
    }
    return n;
}

static term_t pos_len(heap_t *h, size_t pos, size_t len)
{
    return term_tuple2(h, term_uint64(h, pos), term_uint64(h, len));
}

/* binary:match/2,3 and binary:matches/2,3 */
static term_t match_bif(process *p, term_t subject, term_t pattern, term_t opts, bool all)
{
    search se;
    if (!start_search(&se, subject, pattern, opts, 0))
        return BIF_BADARG(p);
    size_t *pairs = NULL, cap = 0;
    size_t n = find_all(&se, all, &pairs, &cap);
    term_t r;
    if (!all) {
        r = n ? pos_len(&p->heap, pairs[0], pairs[1]) : ATOM_NOMATCH;
    } else {
        r = NIL;
        for (size_t i = n; i-- > 0;)
            r = term_cons(&p->heap, pos_len(&p->heap, pairs[2 * i], pairs[2 * i + 1]), r);
    }
    if (pairs)
        alloc_free(ALLOC_TEMP, pairs, cap * sizeof *pairs);
    end_search(&se);
    return r;
}

term_t bif_bin_binary_match_2(process *p, const term_t *args)
{
    return match_bif(p, args[0], args[1], NIL, false);
}
term_t bif_bin_binary_match_3(process *p, const term_t *args)
{
    return match_bif(p, args[0], args[1], args[2], false);
}
term_t bif_bin_binary_matches_2(process *p, const term_t *args)
{
    return match_bif(p, args[0], args[1], NIL, true);
}
term_t bif_bin_binary_matches_3(process *p, const term_t *args)
{
    return match_bif(p, args[0], args[1], args[2], true);
}

/* binary:split/2,3: the parts between matches (the scope only limits
 * where matches are looked for); trim drops the empty parts at the end,
 * trim_all every empty part. */
static term_t split_bif(process *p, term_t subject, term_t pattern, term_t opts)
{
    search se;
    if (!start_search(&se, subject, pattern, opts, OPT_GLOBAL | OPT_TRIM | OPT_TRIM_ALL))
        return BIF_BADARG(p);
    size_t *pairs = NULL, cap = 0;
    size_t n = find_all(&se, se.flags & OPT_GLOBAL, &pairs, &cap);
    /* Part i runs from the end of match i-1 to the start of match i. */
    size_t nparts = n + 1;
    size_t *starts = alloc_new(ALLOC_TEMP, 2 * nparts * sizeof *starts);
    for (size_t i = 0; i < nparts; i++) {
        starts[2 * i] = i == 0 ? 0 : pairs[2 * (i - 1)] + pairs[2 * (i - 1) + 1];
        starts[2 * i + 1] = i < n ? pairs[2 * i] : se.s.n;
    }
    size_t last = nparts;
    if (se.flags & (OPT_TRIM | OPT_TRIM_ALL))
        while (last > 0 && starts[2 * (last - 1)] == starts[2 * (last - 1) + 1])
            last--;
    term_t r = NIL;
    for (size_t i = last; i-- > 0;) {
        size_t a = starts[2 * i], b = starts[2 * i + 1];
        if (a == b && (se.flags & OPT_TRIM_ALL))
            continue;
        r = term_cons(&p->heap, sub_bytes(&p->heap, subject, a, b - a), r);
    }
    alloc_free(ALLOC_TEMP, starts, 2 * nparts * sizeof *starts);
    if (pairs)
        alloc_free(ALLOC_TEMP, pairs, cap * sizeof *pairs);
    end_search(&se);
    return r;
}

term_t bif_bin_binary_split_2(process *p, const term_t *args) { return split_bif(p, args[0], args[1], NIL); }
term_t bif_bin_binary_split_3(process *p, const term_t *args)
{
    return split_bif(p, args[0], args[1], args[2]);
}

/* binary:replace/3,4 (OTP writes it in Erlang; every failure is badarg).
 * Options: global, {scope, {Start, Len}}, {insert_replaced, Pos | [Pos]}
 * (where the matched part goes into each copy of the replacement); the
 * option list must be proper. */
static term_t replace_bif(process *p, term_t subject, term_t pattern, term_t repl, term_t opts)
{
    bin_view rv;
    if (!bin_view_bytes(repl, &rv) || list_length(opts) < 0)
        return BIF_BADARG(p);
    term_t search_opts = NIL, insert = NIL;
    bool global = false;
    for (term_t l = opts; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (o == ATOM_GLOBAL) {
            global = true;
        } else if (term_is_tuple(o) && tuple_arity(o) == 2 && tuple_get(o, 0) == ATOM_SCOPE) {
            search_opts = term_cons(&p->heap, o, NIL);
        } else if (term_is_tuple(o) && tuple_arity(o) == 2 && tuple_get(o, 0) == ATOM_INSERT_REPLACED) {
            insert = tuple_get(o, 1);
        } else {
            return BIF_BADARG(p);
        }
    }
    /* Insert positions, sorted; each within the replacement. */
    int64_t ninsert = term_is_small(insert) ? 1 : list_length(insert);
    if (ninsert < 0 || (!term_is_small(insert) && !term_is_cons_or_nil(insert)))
        return BIF_BADARG(p);
    uint64_t *at = alloc_new(ALLOC_TEMP, (size_t)(ninsert + 1) * sizeof *at);
    term_t r = THE_NON_VALUE;
    for (int64_t i = 0; i < ninsert; i++) {
        term_t x = term_is_small(insert) ? insert : list_head(insert);
        if (!term_is_small(x) || small_value(x) < 0 || (uint64_t)small_value(x) > rv.size)
            goto cleanup;
        at[i] = (uint64_t)small_value(x);
        for (int64_t j = i; j > 0 && at[j - 1] > at[j]; j--) {
            uint64_t t = at[j];
            at[j] = at[j - 1], at[j - 1] = t;
        }
        if (!term_is_small(insert))
            insert = list_tail(insert);
    }

    search se;
    if (!start_search(&se, subject, pattern, search_opts, 0))
        goto cleanup;
    size_t *pairs = NULL, cap = 0;
    size_t n = find_all(&se, global, &pairs, &cap);
    byte_span rs;
    get_bytes(&rv, &rs);
    byte_buf out = {0};
    size_t done = 0;
    for (size_t i = 0; i < n; i++) {
        size_t pos = pairs[2 * i], len = pairs[2 * i + 1];
        put_buf(&out, se.s.p + done, pos - done);
        uint64_t prev = 0;
        for (int64_t k = 0; k < ninsert; k++) {
            put_buf(&out, rs.p + prev, at[k] - prev);
            put_buf(&out, se.s.p + pos, len);
            prev = at[k];
        }
        put_buf(&out, rs.p + prev, rs.n - prev);
        done = pos + len;
    }
    put_buf(&out, se.s.p + done, se.s.n - done);
    r = bin_new(&p->heap, out.p, out.n);
    free_buf(&out);
    release_bytes(&rs);
    if (pairs)
        alloc_free(ALLOC_TEMP, pairs, cap * sizeof *pairs);
    end_search(&se);
cleanup:
    alloc_free(ALLOC_TEMP, at, (size_t)(ninsert + 1) * sizeof *at);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

term_t bif_bin_binary_replace_3(process *p, const term_t *args)
{
    return replace_bif(p, args[0], args[1], args[2], NIL);
}

term_t bif_bin_binary_replace_4(process *p, const term_t *args)
{
    return replace_bif(p, args[0], args[1], args[2], args[3]);
}

/* ---- unicode: chardata to UTF-8 -------------------------------------------------
 * unicode:characters_to_binary/2 and characters_to_list/2 as OTP's C code
 * computes them: a first walk rejects what is not chardata (badarg), a
 * second converts until the first bad character and builds the rest of the
 * input from there. A UTF-8 sequence cut between binaries waits in
 * `left`; an integer while bytes wait there is an error. The rest of an
 * error is the list cell or binary slice where conversion stopped, consed
 * onto the tails of the lists it was nested in. */

typedef struct u8conv {
    heap_t *h;
    bool latin1;     /* the input encoding: latin1 (bytes are characters) or UTF-8 */
    byte_buf out;    /* UTF-8 converted so far */
    uint8_t left[4]; /* a sequence cut off at the end of a binary */
    int nleft;
    bool err;
} u8conv;

/* Bytes of the sequence a lead byte starts, or 0 for a bad lead byte. */
static int get_seq_len(uint8_t c)
{
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 0;
}

static inline bool is_cont(uint8_t c) { return (c & 0xC0) == 0x80; }

/* Whether s[0..len) (len = get_seq_len(s[0]) >= 2) is valid UTF-8: no
 * overlong form, surrogate or code point above 10FFFF. */
static bool is_valid_seq(const uint8_t *s, int len)
{
    switch (len) {
    case 2:
        return is_cont(s[1]) && s[0] >= 0xC2;
    case 3:
        return is_cont(s[1]) && is_cont(s[2]) && !(s[0] == 0xE0 && s[1] < 0xA0) &&
               !((s[0] & 0xF) == 0xD && (s[1] & 0x20));
    default:
        return is_cont(s[1]) && is_cont(s[2]) && is_cont(s[3]) && !(s[0] == 0xF0 && s[1] < 0x90) &&
               (s[0] & 0x7) <= 4 && !((s[0] & 0x7) == 4 && (s[1] & 0x3F) > 0xF);
    }
}

/* Whether the n bytes cut off at the end of the input could start a
 * sequence (then the result is {incomplete, ...}, else {error, ...}). */
static bool is_prefix_ok(const uint8_t *s, size_t n)
{
    if ((s[0] & 0xE0) == 0xC0)
        return true;
    if ((s[0] & 0xF0) == 0xE0)
        return n < 2 || (n < 3 && is_cont(s[1]));
    if ((s[0] & 0xF8) == 0xF0)
        return n < 2 || (n < 3 && is_cont(s[1])) || (n < 4 && is_cont(s[1]) && is_cont(s[2]));
    return false;
}

/* Converts the UTF-8 bytes s[0..n); returns n, or the offset where a bad
 * sequence starts (0 too when the sequence waiting in `left` turns out
 * bad: then `left` is left as it was). */
static size_t convert_utf8(u8conv *c, const uint8_t *s, size_t n)
{
    size_t i = 0;
    if (c->nleft) {
        int need = get_seq_len(c->left[0]);
        size_t from = (size_t)(need - c->nleft);
        if (n < from) {
            memcpy(c->left + c->nleft, s, n);
            c->nleft += (int)n;
            return n;
        }
        uint8_t seq[4];
        memcpy(seq, c->left, (size_t)c->nleft);
        memcpy(seq + c->nleft, s, from);
        if (!is_valid_seq(seq, need))
            return 0;
        put_buf(&c->out, seq, (size_t)need);
        c->nleft = 0;
        i = from;
    }
    while (i < n) {
        int len = get_seq_len(s[i]);
        if (len == 0)
            return i;
        if (len > 1) {
            if (n - i < (size_t)len) {
                memcpy(c->left, s + i, n - i);
                c->nleft = (int)(n - i);
                return n;
            }
            if (!is_valid_seq(s + i, len))
                return i;
        }
        put_buf(&c->out, s + i, (size_t)len);
        i += (size_t)len;
    }
    return n;
}

/* Converts a binary; NIL, or on error the binary's rest from the bad
 * sequence on. */
static term_t convert_binary(u8conv *c, term_t b)
{
    bin_view v;
    bin_view_of(b, &v);
    byte_span s;
    get_bytes(&v, &s);
    term_t rest = NIL;
    if (c->latin1) {
        for (size_t i = 0; i < s.n; i++) {
            uint8_t x = s.p[i];
            uint8_t enc[2] = {(uint8_t)(0xC0 | (x >> 6)), (uint8_t)(0x80 | (x & 0x3F))};
            if (x < 0x80)
                put_buf(&c->out, &x, 1);
            else
                put_buf(&c->out, enc, 2);
        }
    } else {
        size_t at = convert_utf8(c, s.p, s.n);
        if (at < s.n) {
            c->err = true;
            rest = sub_bytes(c->h, b, at, s.n - at);
        }
    }
    release_bytes(&s);
    return rest;
}

/* Converts one integer; false when it is no character (of latin1, when
 * that is the input encoding). */
static bool convert_char(u8conv *c, term_t t)
{
    if (!term_is_small(t))
        return false;
    uint64_t x = (uint64_t)small_value(t); /* negative: huge */
    if ((c->latin1 && x > 255) || (x >= 0xD800 && x <= 0xDFFF) || x > 0x10FFFF)
        return false;
    char enc[4];
    put_buf(&c->out, (const uint8_t *)enc, unicode_encode_utf8((uint32_t)x, enc));
    return true;
}

/* OTP's utf8_need as a check: true when t is chardata (integers, binaries,
 * nested lists, binary tails; no bitstrings). Like OTP it looks no further
 * than the first bignum element: conversion stops there with an error. */
static bool is_chardata(term_t t)
{
    if (term_is_nil(t))
        return true;
    if (term_is_bitstring(t)) {
        bin_view v;
        return bin_view_bytes(t, &v);
    }
    if (!term_is_list(t))
        return false;
    tstack st;
    tstack_init(&st);
    bool ok = true;
    for (;;) {
        if (term_is_list(t)) {
            term_t h = list_head(t);
            bin_view v;
            t = list_tail(t);
            if (term_is_list(h)) {
                tstack_push(&st, t);
                t = h;
            } else if (term_is_big(h)) {
                break;
            } else if (!term_is_small(h) && !term_is_nil(h) && !bin_view_bytes(h, &v)) {
                ok = false;
                break;
            }
            continue;
        }
        bin_view v;
        if (!term_is_nil(t) && !bin_view_bytes(t, &v)) {
            ok = false;
            break;
        }
        if (!tstack_pop(&st, &t))
            break;
    }
    tstack_free(&st);
    return ok;
}

/* Converts chardata t (already checked by is_chardata); returns NIL, or on
 * error (c->err) the rest of the input. */
static term_t convert_chardata(u8conv *c, term_t t)
{
    if (term_is_nil(t))
        return NIL;
    if (term_is_bitstring(t))
        return convert_binary(c, t);
    tstack st;
    tstack_init(&st);
    term_t at = t; /* where conversion stands: a list cell, or a tail */
    bool more = true;
    while (more) {
        while (term_is_list(at)) {
            term_t h = list_head(at);
            if (term_is_integer(h)) {
                if (c->nleft || !convert_char(c, h)) {
                    c->err = true;
                    goto done;
                }
            } else if (term_is_list(h)) {
                tstack_push(&st, list_tail(at));
                at = h;
                continue;
            } else if (term_is_bitstring(h)) {
                term_t rest = convert_binary(c, h);
                if (c->err) {
                    at = term_cons(c->h, rest, list_tail(at));
                    goto done;
                }
            } else if (!term_is_nil(h)) {
                c->err = true;
                goto done;
            }
            at = list_tail(at);
        }
        if (term_is_bitstring(at)) {
            at = convert_binary(c, at);
            if (c->err)
                goto done;
        } else if (!term_is_nil(at)) {
            c->err = true;
            goto done;
        }
        more = tstack_pop(&st, &at);
    }
    at = NIL;
done:
    while (tstack_pop(&st, &t))
        at = term_cons(c->h, at, t);
    tstack_free(&st);
    return at;
}

/* The result of a conversion: `converted` alone, or {error, Converted,
 * Rest} / {incomplete, Converted, Rest} (a sequence waiting in `left` at
 * the end: incomplete if it can still be completed, else error). */
static term_t finish_conversion(u8conv *c, term_t converted, term_t rest)
{
    heap_t *h = c->h;
    if (c->err) {
        if (c->nleft > 0) {
            term_t lb = bin_new(h, c->left, (size_t)c->nleft);
            rest = term_cons(h, lb, term_cons(h, rest, NIL));
        }
        return term_tuple3(h, ATOM_error, converted, rest);
    }
    if (c->nleft > 0) {
        term_t lb = bin_new(h, c->left, (size_t)c->nleft);
        return term_tuple3(h, is_prefix_ok(c->left, (size_t)c->nleft) ? ATOM_INCOMPLETE : ATOM_error,
                           converted, lb);
    }
    return converted;
}

/* The code points of valid UTF-8 s[0..n) as a list. */
static term_t list_utf8(heap_t *h, const uint8_t *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += !is_cont(s[i]);
    if (count == 0)
        return NIL;
    term_t *cells = heap_alloc(h, 2 * count);
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        size_t len;
        uint32_t cp = unicode_decode_utf8(s + i, n - i, &len);
        cells[2 * k] = term_small(cp);
        cells[2 * k + 1] = k + 1 < count ? term_list(cells + 2 * k + 2) : NIL;
        k++, i += len;
    }
    return term_list(cells);
}

/* unicode:characters_to_binary(Data, In) with In latin1 or UTF-8 (for
 * Data as input, output UTF-8), on h; THE_NON_VALUE for badarg. */
static term_t chars_to_utf8(heap_t *h, term_t data, bool latin1)
{
    term_t subject = data;
    if (term_is_list(data) && term_is_bitstring(list_head(data)) && term_is_nil(list_tail(data)))
        subject = list_head(data);
    if (!is_chardata(subject))
        return THE_NON_VALUE;
    bin_view v;
    if (term_is_bitstring(subject)) {
        bin_view_of(subject, &v);
        byte_span s;
        get_bytes(&v, &s);
        bool as_is = true;
        if (latin1) {
            for (size_t i = 0; i < s.n && as_is; i++)
                as_is = s.p[i] < 0x80;
        } else {
            for (size_t i = 0; i < s.n && as_is;) {
                uint32_t cp;
                size_t len = unicode_decode_utf8_strict(s.p + i, s.n - i, &cp);
                as_is = len > 0;
                i += len;
            }
        }
        release_bytes(&s);
        if (as_is)
            return subject;
    }
    u8conv c = {.h = h, .latin1 = latin1};
    term_t rest = convert_chardata(&c, subject);
    term_t bin = bin_new(h, c.out.p, c.out.n);
    free_buf(&c.out);
    return finish_conversion(&c, bin, rest);
}

term_t bin_of_chardata(heap_t *h, term_t data)
{
    term_t r = chars_to_utf8(h, data, false);
    return term_is_tuple(r) ? THE_NON_VALUE : r;
}

/* unicode:characters_to_list(Data, In): a UTF-8 binary is decoded on its
 * own; the rest as for binaries. THE_NON_VALUE for badarg. */
static term_t chars_to_list(process *p, term_t data, bool latin1)
{
    heap_t *h = &p->heap;
    if (term_is_bitstring(data) && !latin1) {
        bin_view v;
        bin_view_of(data, &v);
        if (v.bitsize)
            return THE_NON_VALUE;
        byte_span s;
        get_bytes(&v, &s);
        size_t i = 0;
        bool incomplete = false;
        while (i < s.n) {
            int len = get_seq_len(s.p[i]);
            if (len == 0)
                break;
            if (len > 1 && s.n - i < (size_t)len) {
                incomplete = true;
                break;
            }
            if (len > 1 && !is_valid_seq(s.p + i, len))
                break;
            i += (size_t)len;
        }
        term_t list = list_utf8(h, s.p, i), r = list;
        if (i < s.n) {
            term_t rest = sub_bytes(h, data, i, s.n - i);
            bool ok = incomplete && is_prefix_ok(s.p + i, s.n - i);
            r = term_tuple3(h, ok ? ATOM_INCOMPLETE : ATOM_error, list, rest);
        }
        release_bytes(&s);
        return r;
    }
    if (!is_chardata(data))
        return THE_NON_VALUE;
    u8conv c = {.h = h, .latin1 = latin1};
    term_t rest = convert_chardata(&c, data);
    term_t list = list_utf8(h, c.out.p, c.out.n);
    free_buf(&c.out);
    return finish_conversion(&c, list, rest);
}

/* The encodings unicode's functions take: latin1, unicode or utf8, utf16
 * and utf32 (big-endian unless {utfN, little}). */
typedef enum encoding { ENC_LATIN1, ENC_UTF8, ENC_UTF16BE, ENC_UTF16LE, ENC_UTF32BE, ENC_UTF32LE } encoding;

static _Atomic term_t slot_utf16, slot_utf32;
#define ATOM_UTF16 atom_cached(&slot_utf16, "utf16")
#define ATOM_UTF32 atom_cached(&slot_utf32, "utf32")

/* false when t names no encoding. */
static bool get_encoding(term_t t, encoding *enc)
{
    bool little = false;
    if (term_is_tuple(t) && tuple_arity(t) == 2) {
        term_t e = tuple_get(t, 1);
        if (e != ATOM_big && e != ATOM_little)
            return false;
        little = e == ATOM_little;
        t = tuple_get(t, 0);
        if (t != ATOM_UTF16 && t != ATOM_UTF32)
            return false;
    }
    if (t == ATOM_LATIN1)
        *enc = ENC_LATIN1;
    else if (t == ATOM_UNICODE || t == ATOM_utf8)
        *enc = ENC_UTF8;
    else if (t == ATOM_UTF16)
        *enc = little ? ENC_UTF16LE : ENC_UTF16BE;
    else if (t == ATOM_UTF32)
        *enc = little ? ENC_UTF32LE : ENC_UTF32BE;
    else
        return false;
    return true;
}

/* ---- unicode: the general conversion ---------------------------------------------
 * characters_to_binary(Data, In, Out) for every pair but latin1/UTF-8 to
 * UTF-8 is Erlang code in OTP (unicode's ml_map/3): it walks the list
 * recursively, feeds binaries of up to 8192 bytes to a decoder of In and
 * an encoder of Out, and keeps a cut-off character as {Incomplete,
 * Missing} until later bytes complete it. The walk below follows it step
 * by step, building the same list cells it builds, so that the rest of an
 * error has OTP's shape. Integers up to the limit (255 when In or Out is
 * latin1, else 10FFFF) are encoded alone; a negative one is badarg for
 * latin1 output (list_to_binary/1) and an error for the others. */

typedef struct mlconv {
    heap_t *h;
    encoding in, out;
    byte_buf buf; /* output converted so far */
    bool inc;     /* a cut-off character waits: */
    term_t inc_bin;
    uint64_t missing;
} mlconv;

enum { ML_OK, ML_ERROR, ML_INCOMPLETE, ML_BADARG };

/* Bytes still missing after the cut-off character s[0..n) (unicode's
 * cbv/2, quirks included), or 0 when it cannot start a character. */
static unsigned get_missing(encoding enc, const uint8_t *s, size_t n)
{
    switch (enc) {
    case ENC_UTF8: {
        unsigned need = (unsigned)get_seq_len(s[0]);
        if (need < 2 || n >= need)
            return 0;
        for (size_t i = 1; i < n; i++)
            if (!is_cont(s[i]))
                return 0;
        return need - (unsigned)n;
    }
    case ENC_UTF16BE:
        if (n == 1)
            return s[0] <= 215 || s[0] >= 224 ? 1 : (s[0] >> 2) == 54 ? 3 : 0;
        if ((s[0] >> 2) != 54)
            return 0;
        return n == 2 ? 2 : n == 3 && (s[2] >> 2) == 55 ? 1 : 0;
    case ENC_UTF16LE:
        if (n == 1)
            return 1;
        if ((s[1] >> 2) != 54)
            return 0;
        return n == 2 ? 2 : n == 3 ? 1 : 0;
    case ENC_UTF32BE:
        if (n >= 4 || s[0] != 0)
            return 0;
        if (n == 1)
            return 3;
        if (s[1] > 16)
            return 0;
        return n == 2 ? 2 : s[1] > 0 || s[2] <= 215 || s[2] >= 224 ? 1 : 0;
    case ENC_UTF32LE:
        if (n >= 4)
            return 0;
        if (n < 3)
            return 4 - (unsigned)n;
        if (s[2] == 0 && s[1] == 255 && (s[0] == 254 || s[0] == 255))
            return 0;
        return s[2] <= 16 && (s[2] > 0 || s[1] <= 215 || s[1] >= 224) ? 1 : 0;
    default:
        return 0;
    }
}

/* Decodes one character of s[0..n) (n >= 1) in `enc`: its length, or 0
 * when the bytes are no (complete) character, as the bit syntax's
 * utf8/utf16/utf32 segments decide. */
static size_t decode_char(encoding enc, const uint8_t *s, size_t n, uint32_t *cp)
{
    switch (enc) {
    case ENC_LATIN1:
        *cp = s[0];
        return 1;
    case ENC_UTF8:
        return unicode_decode_utf8_strict(s, n, cp);
    case ENC_UTF16BE:
    case ENC_UTF16LE: {
        bool le = enc == ENC_UTF16LE;
        if (n < 2)
            return 0;
        uint32_t u = le ? (uint32_t)(s[1] << 8 | s[0]) : (uint32_t)(s[0] << 8 | s[1]);
        if (u < 0xD800 || u > 0xDFFF) {
            *cp = u;
            return 2;
        }
        if (u > 0xDBFF || n < 4)
            return 0;
        uint32_t w = le ? (uint32_t)(s[3] << 8 | s[2]) : (uint32_t)(s[2] << 8 | s[3]);
        if (w < 0xDC00 || w > 0xDFFF)
            return 0;
        *cp = 0x10000 + ((u - 0xD800) << 10) + (w - 0xDC00);
        return 4;
    }
    default: {
        if (n < 4)
            return 0;
        uint32_t u = enc == ENC_UTF32LE
                         ? (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24
                         : (uint32_t)s[3] | (uint32_t)s[2] << 8 | (uint32_t)s[1] << 16 | (uint32_t)s[0] << 24;
        if (u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF))
            return 0;
        *cp = u;
        return 4;
    }
    }
}

/* Appends character cp (a valid one; below 256 for latin1) in `enc`. */
static void put_char(byte_buf *b, encoding enc, uint32_t cp)
{
    uint8_t e[4];
    size_t n = 0;
    switch (enc) {
    case ENC_LATIN1:
        e[n++] = (uint8_t)cp;
        break;
    case ENC_UTF8:
        n = unicode_encode_utf8(cp, (char *)e);
        break;
    case ENC_UTF16BE:
    case ENC_UTF16LE: {
        uint16_t u[2];
        size_t k = 0;
        if (cp < 0x10000) {
            u[k++] = (uint16_t)cp;
        } else {
            u[k++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            u[k++] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        }
        for (size_t i = 0; i < k; i++) {
            e[n++] = (uint8_t)(enc == ENC_UTF16LE ? u[i] : u[i] >> 8);
            e[n++] = (uint8_t)(enc == ENC_UTF16LE ? u[i] >> 8 : u[i]);
        }
        break;
    }
    default:
        for (int i = 0; i < 4; i++)
            e[n++] = (uint8_t)(enc == ENC_UTF32LE ? cp >> (8 * i) : cp >> (24 - 8 * i));
        break;
    }
    put_buf(b, e, n);
}

/* Converts one binary (unicode's do_i_* / do_i_*_chk, then o_trans); on
 * ML_ERROR / ML_INCOMPLETE *rest is the binary from the character that
 * stopped it. ML_BADARG: OTP's utf32 latin1-checking decoders fail with
 * case_clause on a cut-off character after a decoded one. */
static int convert_part(mlconv *c, term_t b, term_t *rest)
{
    bin_view v;
    bin_view_of(b, &v);
    byte_span s;
    get_bytes(&v, &s);
    int r = ML_OK;
    size_t i = 0;
    while (i < s.n) {
        uint32_t cp;
        size_t len = decode_char(c->in, s.p + i, s.n - i, &cp);
        if (len == 0 || (c->out == ENC_LATIN1 && cp > 255)) {
            unsigned missing = len == 0 ? get_missing(c->in, s.p + i, s.n - i) : 0;
            r = missing ? ML_INCOMPLETE : ML_ERROR;
            if (missing && i > 0 && c->out == ENC_LATIN1 && (c->in == ENC_UTF32BE || c->in == ENC_UTF32LE))
                r = ML_BADARG;
            c->missing = missing;
            *rest = sub_bytes(c->h, b, i, s.n - i);
            break;
        }
        put_char(&c->buf, c->out, cp);
        i += len;
    }
    release_bytes(&s);
    return r;
}

/* <<A/binary, B/binary>> of the bytes of an incomplete character and the
 * few that continue it (a binary on the heap: this never fails). */
static term_t join_binaries(heap_t *h, term_t a, term_t b)
{
    term_t l = term_cons(h, a, term_cons(h, b, NIL));
    term_t why, r = flatten_iolist(h, l, false, &why);
    ASSERT(r != THE_NON_VALUE);
    return r;
}

/* Converts integer `part` alone: ML_OK, ML_ERROR, or ML_BADARG (a
 * negative integer for latin1 output). */
static int convert_int(mlconv *c, term_t part)
{
    int64_t limit = c->in == ENC_LATIN1 || c->out == ENC_LATIN1 ? 255 : 0x10FFFF;
    if (term_is_big(part))
        return big_is_negative(part) && c->out == ENC_LATIN1 ? ML_BADARG : ML_ERROR;
    int64_t x = small_value(part);
    if (x > limit)
        return ML_ERROR;
    if (x < 0)
        return c->out == ENC_LATIN1 ? ML_BADARG : ML_ERROR;
    if (c->out != ENC_LATIN1 && x >= 0xD800 && x <= 0xDFFF)
        return ML_ERROR;
    put_char(&c->buf, c->out, (uint32_t)x);
    return ML_OK;
}

#define ML_CHUNK 8192

/* Data in `in` to `out`: the binary, {error, Converted, Rest} or
 * {incomplete, Converted, Rest}; THE_NON_VALUE when OTP fails (badarg).
 * With `as_list`, Converted (UTF-8 output) is turned into a list, as
 * characters_to_list/2 does. */
static term_t convert_ml(process *p, term_t data, encoding in, encoding out, bool as_list)
{
    heap_t *h = &p->heap;
    mlconv c = {.h = h, .in = in, .out = out};
    tstack st;
    tstack_init(&st);
    term_t x = data, rest = NIL, result = THE_NON_VALUE;
    bool failed = false, errored = false;
    for (;;) {
        if (term_is_list(x)) {
            term_t part = list_head(x), t = list_tail(x);
            if (term_is_integer(part)) {
                if (c.inc) {
                    rest = term_cons(h, c.inc_bin, x);
                    errored = true;
                    break;
                }
                int k = convert_int(&c, part);
                if (k == ML_BADARG) {
                    failed = true;
                    break;
                }
                if (k == ML_ERROR) {
                    rest = term_cons(h, term_cons(h, part, NIL), t);
                    errored = true;
                    break;
                }
                x = t;
                continue;
            }
            bin_view v;
            if (term_is_bitstring(part) && bin_view_bytes(part, &v)) {
                if (c.inc) {
                    if (v.size >= c.missing) {
                        term_t fill = sub_bytes(h, part, 0, c.missing);
                        term_t trailing = sub_bytes(h, part, c.missing, v.size - c.missing);
                        term_t joined = join_binaries(h, c.inc_bin, fill);
                        x = term_cons(h, joined, term_cons(h, trailing, t));
                        c.inc = false;
                    } else {
                        c.inc_bin = join_binaries(h, c.inc_bin, part);
                        c.missing -= v.size;
                        x = t;
                    }
                    continue;
                }
                if (v.size > ML_CHUNK) {
                    term_t a = sub_bytes(h, part, 0, ML_CHUNK),
                           b = sub_bytes(h, part, ML_CHUNK, v.size - ML_CHUNK);
                    x = term_cons(h, a, term_cons(h, b, t));
                    continue;
                }
                term_t r;
                switch (convert_part(&c, part, &r)) {
                case ML_INCOMPLETE:
                    c.inc = true, c.inc_bin = r;
                    break;
                case ML_ERROR:
                    rest = term_cons(h, r, t);
                    errored = true;
                    break;
                case ML_BADARG:
                    failed = true;
                    break;
                default:
                    break;
                }
                if (errored || failed)
                    break;
                x = t;
                continue;
            }
            if (term_is_cons_or_nil(part)) {
                tstack_push(&st, t);
                x = part;
                continue;
            }
            failed = true;
            break;
        }
        bin_view v;
        if (term_is_bitstring(x) && bin_view_bytes(x, &v)) {
            if (c.inc) {
                if (v.size >= c.missing) {
                    x = term_cons(h, c.inc_bin, term_cons(h, x, NIL));
                    c.inc = false;
                    continue;
                }
                c.inc_bin = join_binaries(h, c.inc_bin, x);
                c.missing -= v.size;
            } else if (v.size > ML_CHUNK) {
                term_t a = sub_bytes(h, x, 0, ML_CHUNK), b = sub_bytes(h, x, ML_CHUNK, v.size - ML_CHUNK);
                x = term_cons(h, a, term_cons(h, b, NIL));
                continue;
            } else {
                term_t r;
                int k = convert_part(&c, x, &r);
                if (k == ML_BADARG) {
                    failed = true;
                    break;
                }
                if (k == ML_ERROR) {
                    rest = r;
                    errored = true;
                    break;
                }
                if (k == ML_INCOMPLETE)
                    c.inc = true, c.inc_bin = r;
            }
        } else if (!term_is_nil(x)) {
            failed = true;
            break;
        }
        /* This level is done: go on with the tail of the list it was in. */
        if (!tstack_pop(&st, &x))
            break;
    }
    if (!failed) {
        term_t t;
        if (errored)
            while (tstack_pop(&st, &t))
                rest = term_cons(h, rest, t);
        term_t conv = as_list ? list_utf8(h, c.buf.p, c.buf.n) : bin_new(h, c.buf.p, c.buf.n);
        if (errored)
            result = term_tuple3(h, ATOM_error, conv, rest);
        else if (c.inc)
            result = term_tuple3(h, ATOM_INCOMPLETE, conv, c.inc_bin);
        else
            result = conv;
    }
    tstack_free(&st);
    free_buf(&c.buf);
    return result;
}

/* ---- unicode BIFs ---------------------------------------------------------------- */

/* Whether a binary's bytes are all below 128 (unicode:bin_is_7bit/1). */
static bool is_7bit(term_t t)
{
    bin_view v;
    if (!term_is_bitstring(t) || !bin_view_bytes(t, &v))
        return false;
    for (uint64_t i = 0; i < v.size; i++)
        if (bin_byte_at(&v, i) >= 0x80)
            return false;
    return true;
}

/* Data in `in` to `out` as characters_to_binary/3 does it; THE_NON_VALUE
 * for badarg. */
static term_t convert_chars(process *p, term_t data, encoding in, encoding out)
{
    bin_view v;
    if (in == ENC_LATIN1 && out == ENC_LATIN1 && term_is_bitstring(data) && bin_view_bytes(data, &v))
        return data;
    if (((in == ENC_LATIN1 && out == ENC_UTF8) || (in == ENC_UTF8 && out == ENC_LATIN1)) && is_7bit(data))
        return data;
    if (out == ENC_UTF8 && in <= ENC_UTF8)
        return chars_to_utf8(&p->heap, data, in == ENC_LATIN1);
    return convert_ml(p, data, in, out, false);
}

/* unicode:characters_to_binary(Data, In): UTF-8 out. */
term_t bif_bin_unicode_characters_to_binary_2(process *p, const term_t *args)
{
    encoding in;
    if (!get_encoding(args[1], &in))
        return BIF_BADARG(p);
    term_t r = in <= ENC_UTF8 ? chars_to_utf8(&p->heap, args[0], in == ENC_LATIN1)
                              : convert_ml(p, args[0], in, ENC_UTF8, false);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

term_t bif_bin_unicode_characters_to_binary_1(process *p, const term_t *args)
{
    term_t a[2] = {args[0], ATOM_UNICODE};
    return bif_bin_unicode_characters_to_binary_2(p, a);
}

/* unicode:characters_to_binary(Data, In, Out) */
term_t bif_bin_unicode_characters_to_binary_3(process *p, const term_t *args)
{
    encoding in, out;
    if (!get_encoding(args[1], &in) || !get_encoding(args[2], &out))
        return BIF_BADARG(p);
    term_t r = convert_chars(p, args[0], in, out);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

/* unicode:characters_to_list(Data, In): latin1 and UTF-8 directly, the
 * others through UTF-8 as OTP's do_characters_to_list/2. */
term_t bif_bin_unicode_characters_to_list_2(process *p, const term_t *args)
{
    encoding in;
    if (!get_encoding(args[1], &in))
        return BIF_BADARG(p);
    term_t r = in <= ENC_UTF8 ? chars_to_list(p, args[0], in == ENC_LATIN1)
                              : convert_ml(p, args[0], in, ENC_UTF8, true);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

term_t bif_bin_unicode_characters_to_list_1(process *p, const term_t *args)
{
    term_t a[2] = {args[0], ATOM_UNICODE};
    return bif_bin_unicode_characters_to_list_2(p, a);
}

/* ---- unicode_util:gc/1 ------------------------------------------------------------
 * One grapheme cluster off the front of chardata, shaped as OTP's Erlang
 * code shapes it: [CP | Rest] for a cluster of one code point, [[CP, ...] |
 * Rest] for more, Rest being the input after the cluster as OTP's cp/1 left
 * it (the input's own tail after a single code point). cp/1, which takes
 * the next code point off deep chardata, is followed exactly, since its
 * results become the Rest; where the cluster ends comes from
 * unicode_cluster_end. Invalid UTF-8 after a cluster and bad chardata give
 * OTP's odd shapes and function_clause (see gc_cluster). */

enum { CP_LIST, CP_EMPTY, CP_ERROR, CP_FCLAUSE, CP_BINARY_FOUND };

/* unicode_util's cpl_cont/2, cpl_cont2/2, cpl_cont3/2 (one = false) and
 * cpl_1_cont/1, cpl_1_cont2/1, cpl_1_cont3/1 (one = true, t the argument,
 * r unused): up to three integers brought to the front of t, then r. */
static term_t walk_cont(heap_t *h, int n, bool one, term_t t, term_t r)
{
    term_t heads[3], tail;
    int nh = 0;
    for (;;) {
        if (term_is_list(t)) {
            term_t hd = list_head(t), tl = list_tail(t);
            if (term_is_integer(hd)) {
                if (n == 3) {
                    if (one) {
                        tail = t;
                    } else {
                        heads[nh++] = hd;
                        tail = term_is_nil(tl) ? r : term_cons(h, tl, r);
                    }
                    break;
                }
                heads[nh++] = hd, n++, t = tl;
            } else if (term_is_nil(tl)) {
                t = hd;
            } else {
                r = one ? tl : term_cons(h, tl, r);
                one = false, t = hd;
            }
            continue;
        }
        if (!one && term_is_nil(t)) {
            one = true, t = r;
            continue;
        }
        tail = one ? t : term_cons(h, t, r);
        break;
    }
    while (nh > 0)
        tail = term_cons(h, heads[--nh], tail);
    return tail;
}

/* unicode_util:cp/1 (no_bin: cp_no_bin/1, where anything but a list is
 * binary_found). CP_LIST: *out is a list with an integer head; CP_ERROR:
 * *out is the R of {error, R}. */
static int take_cp(heap_t *h, term_t t, bool no_bin, term_t *out)
{
    term_t r = NIL;
    bool in_cpl = false; /* cpl(t, r) rather than cp(t) */
    for (;;) {
        if (term_is_list(t)) {
            term_t hd = list_head(t), tl = list_tail(t);
            if (term_is_integer(hd)) {
                if (!in_cpl)
                    *out = t;
                else if (term_is_nil(tl))
                    *out = term_cons(h, hd, walk_cont(h, 1, true, r, NIL));
                else
                    *out = term_cons(h, hd, walk_cont(h, 1, false, tl, r));
                return CP_LIST;
            }
            if (!term_is_nil(tl)) {
                r = in_cpl ? term_cons(h, tl, r) : tl;
                in_cpl = true;
            }
            t = hd;
            continue;
        }
        bin_view v;
        if (term_is_nil(t) || (term_is_bitstring(t) && !no_bin && bin_view_bytes(t, &v) && v.size == 0)) {
            if (!in_cpl)
                return CP_EMPTY;
            t = r, r = NIL, in_cpl = false;
            continue;
        }
        if (no_bin)
            return CP_BINARY_FOUND;
        if (!term_is_bitstring(t) || !bin_view_bytes(t, &v))
            return CP_FCLAUSE;
        uint8_t first[4];
        size_t k = v.size < 4 ? (size_t)v.size : 4, len;
        for (size_t i = 0; i < k; i++)
            first[i] = bin_byte_at(&v, i);
        uint32_t cp;
        len = unicode_decode_utf8_strict(first, k, &cp);
        if (len == 0) {
            *out = in_cpl ? term_cons(h, t, r) : t;
            return CP_ERROR;
        }
        term_t rest = sub_bytes(h, t, len, v.size - len);
        *out = term_cons(h, term_small(cp), in_cpl ? term_cons(h, rest, r) : rest);
        return CP_LIST;
    }
}

/* A number below 256: what gc/1 and gc_1/1 take for a latin1 character. */
static inline bool is_below_256(term_t t) { return term_is_number(t) && term_cmp(t, term_small(256)) < 0; }

/* How gc_1/1 treats a cluster's first code point. */
enum { GK_CR, GK_CONTROL, GK_PREPEND, GK_PICT, GK_LATIN, GK_OTHER };

/* Whether code point cp (at most 10FFFF) and the n code points at `next`
 * make one cluster. */
static bool joins(uint32_t cp, const uint32_t *next, size_t n)
{
    char buf[16];
    size_t len = unicode_encode_utf8(cp, buf);
    for (size_t i = 0; i < n; i++)
        len += unicode_encode_utf8(next[i], buf + len);
    return unicode_cluster_end((const unsigned char *)buf, len, 0) == len;
}

/* The gc_1 clause a first code point takes; code points above 255 are
 * told apart by what they join: a control joins nothing, a prepend the
 * letter after it, a pictographic ZWJ and another pictographic. */
static int classify(term_t t)
{
    if (!term_is_small(t))
        return is_below_256(t) ? GK_LATIN : GK_OTHER;
    int64_t v = small_value(t);
    if (v == '\r')
        return GK_CR;
    if (v < 256) {
        if ((v >= 0 && v < 32) || (v >= 127 && v < 160) || v == 173)
            return GK_CONTROL;
        return v == 169 || v == 174 ? GK_PICT : GK_LATIN;
    }
    if (v > 0x10FFFF)
        return GK_OTHER;
    static const uint32_t mark[1] = {0x301}, letter[1] = {'a'}, zwj_pict[2] = {0x200D, 0x1F600};
    uint32_t cp = (uint32_t)v;
    if (!joins(cp, mark, 1))
        return GK_CONTROL;
    if (joins(cp, letter, 1))
        return GK_PREPEND;
    return joins(cp, zwj_pict, 2) ? GK_PICT : GK_OTHER;
}

/* The code points of a cluster being found, with the rest after each (the
 * first's is the raw input tail, later ones as cp/1 left them), and their
 * UTF-8 for unicode_cluster_end (anything that is no code point stands in
 * as a letter). */
typedef struct gc_walk {
    heap_t *h;
    term_t *cps, *tails;
    size_t *ends; /* UTF-8 offset after each code point */
    size_t n, cap;
    byte_buf utf8;
    int stop;       /* CP_LIST while more may follow, else how cp/1 ended */
    term_t stopped; /* CP_ERROR: the rest of {error, Rest} */
} gc_walk;

static void add_cp(gc_walk *w, term_t cp, term_t tail)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 8;
        w->cps = alloc_resize(ALLOC_TEMP, w->cps, w->cap * sizeof(term_t), cap * sizeof(term_t));
        w->tails = alloc_resize(ALLOC_TEMP, w->tails, w->cap * sizeof(term_t), cap * sizeof(term_t));
        w->ends = alloc_resize(ALLOC_TEMP, w->ends, w->cap * sizeof(size_t), cap * sizeof(size_t));
        w->cap = cap;
    }
    char enc[4];
    uint32_t c = 'A';
    if (term_is_small(cp) && small_value(cp) >= 0 && small_value(cp) <= 0x10FFFF)
        c = (uint32_t)small_value(cp);
    put_buf(&w->utf8, (const uint8_t *)enc, unicode_encode_utf8(c, enc));
    w->cps[w->n] = cp, w->tails[w->n] = tail, w->ends[w->n] = w->utf8.n;
    w->n++;
}

static void free_walk(gc_walk *w)
{
    if (w->cap) {
        alloc_free(ALLOC_TEMP, w->cps, w->cap * sizeof(term_t));
        alloc_free(ALLOC_TEMP, w->tails, w->cap * sizeof(term_t));
        alloc_free(ALLOC_TEMP, w->ends, w->cap * sizeof(size_t));
    }
    free_buf(&w->utf8);
}

/* Code points in the cluster that starts the walk: read ahead in growing
 * batches until unicode_cluster_end stops short of the last one read, or
 * the input ends (w->stop says how). */
static size_t find_cluster(gc_walk *w)
{
    size_t batch = 2;
    for (;;) {
        while (w->n < batch && w->stop == CP_LIST) {
            term_t next;
            w->stop = take_cp(w->h, w->tails[w->n - 1], false, &next);
            if (w->stop == CP_LIST)
                add_cp(w, list_head(next), list_tail(next));
            else if (w->stop == CP_ERROR)
                w->stopped = next;
        }
        size_t end = unicode_cluster_end(w->utf8.p, w->utf8.n, 0);
        if (end < w->utf8.n) {
            size_t k = 0;
            while (w->ends[k] != end)
                k++;
            w->stop = CP_LIST; /* what stopped reading lies beyond the cluster */
            return k + 1;
        }
        if (w->stop != CP_LIST)
            return w->n;
        batch *= 2;
    }
}

/* [Elems... | tail] of the walk's first k code points. */
static term_t list_cps(gc_walk *w, size_t k, term_t tail) { return term_list_from(w->h, w->cps, k, tail); }

/* gc_1/1 on x = [CP | R] for every clause but a prepend; THE_NON_VALUE with
 * *fclause for function_clause (or badarg, *fclause false). After the
 * cluster: invalid UTF-8 gives [Cluster | Rest] for one code point and
 * [Cluster, Rest] for more (gc_extend), or for a pictographic cluster
 * [Cluster | Tail] ++ [Rest] (gc_ext_pict: badarg when Tail is a binary);
 * bad chardata is a function_clause. */
static term_t gc_cluster(heap_t *h, term_t x, int kind, bool *fclause)
{
    term_t cp0 = list_head(x), r0 = list_tail(x);
    if (kind == GK_CONTROL)
        return x;
    if (kind == GK_CR) {
        term_t next;
        int k = take_cp(h, r0, false, &next);
        if (k == CP_FCLAUSE) {
            *fclause = true;
            return THE_NON_VALUE;
        }
        if (k == CP_LIST && list_head(next) == term_small('\n'))
            return term_cons(h, term_list_from(h, (term_t[]){cp0, term_small('\n')}, 2, NIL),
                             list_tail(next));
        return x;
    }
    if (kind == GK_LATIN && term_is_list(r0) && is_below_256(list_head(r0)))
        return x;
    gc_walk w = {.h = h, .stop = CP_LIST};
    add_cp(&w, cp0, r0);
    size_t k = find_cluster(&w);
    term_t r = THE_NON_VALUE;
    if (w.stop == CP_FCLAUSE) {
        *fclause = true;
    } else if (w.stop != CP_ERROR) {
        r = k == 1 ? x : term_cons(h, list_cps(&w, k, NIL), w.tails[k - 1]);
    } else if (kind != GK_PICT) {
        r = k == 1 ? term_cons(h, cp0, w.stopped) : list_cps(&w, k, NIL);
        if (k > 1)
            r = term_cons(h, r, term_cons(h, w.stopped, NIL));
    } else {
        term_t tail = w.tails[k - 1];
        int64_t n = list_length(tail);
        if (n < 0) {
            *fclause = false; /* ++ on an improper list */
        } else {
            term_t head = k == 1 ? cp0 : list_cps(&w, k, NIL);
            r = term_cons(h, head, copy_list(h, tail, (size_t)n, term_cons(h, w.stopped, NIL)));
        }
    }
    free_walk(&w);
    return r;
}

/* gc_1/1 on x = [CP | R], prepends included: a prepend joins the cluster
 * after it unless a control (or nothing, or invalid UTF-8) follows. Runs of
 * prepends are collected first, then wrapped around what follows from the
 * innermost out, as gc_prepend/2's recursion does. */
static term_t gc_one(heap_t *h, term_t x, bool *fclause)
{
    int kind = classify(list_head(x));
    if (kind != GK_PREPEND)
        return gc_cluster(h, x, kind, fclause);
    tstack pre;
    tstack_init(&pre);
    term_t r = THE_NON_VALUE;
    for (;;) {
        term_t cp0 = list_head(x), r00 = list_tail(x), next;
        tstack_push(&pre, cp0);
        int k = take_cp(h, r00, false, &next);
        if (k == CP_FCLAUSE) {
            *fclause = true;
            break;
        }
        if (k == CP_EMPTY || k == CP_ERROR) {
            tstack_pop(&pre, &cp0);
            r = term_cons(h, cp0, k == CP_EMPTY ? NIL : next);
            break;
        }
        int next_kind = classify(list_head(next));
        if (next_kind == GK_CONTROL || next_kind == GK_CR) {
            tstack_pop(&pre, &cp0);
            r = term_cons(h, cp0, r00);
            break;
        }
        if (next_kind != GK_PREPEND) {
            r = gc_cluster(h, next, next_kind, fclause);
            break;
        }
        x = next;
    }
    term_t p;
    while (r != THE_NON_VALUE && tstack_pop(&pre, &p)) {
        term_t gc = list_head(r);
        term_t cluster =
            term_is_list(gc) ? term_cons(h, p, gc) : term_list_from(h, (term_t[]){p, gc}, 2, NIL);
        r = term_cons(h, cluster, list_tail(r));
    }
    tstack_free(&pre);
    return r;
}

/* unicode_util:gc(Chardata): [], [Cluster | Rest], {error, Rest} for
 * invalid UTF-8 at the front; function_clause for what is no chardata. */
term_t bif_bin_unicode_util_gc_1(process *p, const term_t *args)
{
    heap_t *h = &p->heap;
    term_t x = args[0], next, r = THE_NON_VALUE;
    bool fclause = false;
    for (;;) {
        if (term_is_nil(x))
            return NIL;
        if (term_is_list(x)) {
            term_t hd = list_head(x), tl = list_tail(x);
            if (term_is_integer(hd) && term_is_nil(tl))
                return x;
            if (hd == term_small('\r')) {
                int k = take_cp(h, tl, false, &next);
                if (k == CP_FCLAUSE) {
                    fclause = true;
                    break;
                }
                if (k == CP_LIST && list_head(next) == term_small('\n'))
                    return term_cons(h, term_list_from(h, (term_t[]){hd, term_small('\n')}, 2, NIL),
                                     list_tail(next));
                if (k == CP_ERROR)
                    next = term_tuple2(h, ATOM_error, next);
                return term_cons(h, hd, k == CP_EMPTY ? NIL : next);
            }
            if (is_below_256(hd)) {
                if (term_is_list(tl) && is_below_256(list_head(tl)))
                    return x;
                int k = take_cp(h, tl, true, &next);
                if (k == CP_LIST && is_below_256(list_head(next)))
                    return term_cons(h, hd, next);
                if (k != CP_BINARY_FOUND)
                    x = term_cons(h, hd, k == CP_EMPTY ? NIL : next);
                r = gc_one(h, x, &fclause);
                break;
            }
            if (term_is_integer(hd)) {
                r = gc_one(h, x, &fclause);
                break;
            }
        } else if (term_is_bitstring(x)) {
            bin_view v;
            if (bin_view_bytes(x, &v) && v.size == 0)
                return NIL;
            int k = take_cp(h, x, false, &next);
            if (k == CP_LIST) {
                term_t cp1 = list_head(next), rest = list_tail(next), cp2;
                if (cp1 != term_small('\r') && is_below_256(cp1)) {
                    if (take_cp(h, rest, false, &cp2) == CP_LIST && is_below_256(list_head(cp2)))
                        return next;
                }
                r = gc_one(h, next, &fclause);
                break;
            }
        }
        /* Anything else: cp/1 first, then gc/1 on what it gives. */
        int k = take_cp(h, x, false, &next);
        if (k == CP_ERROR)
            return term_tuple2(h, ATOM_error, next);
        if (k == CP_FCLAUSE) {
            fclause = true;
            break;
        }
        if (k == CP_EMPTY)
            return NIL;
        x = next;
    }
    if (r != THE_NON_VALUE)
        return r;
    return BIF_ERROR(p, fclause ? ATOM_function_clause : ATOM_badarg);
}

/* unicode_util:cp(Chardata): [CP | Rest] as OTP's cp/1 shapes Rest, [], or
 * {error, Rest} for invalid UTF-8 at the front; function_clause for what
 * is no chardata. */
term_t bif_bin_unicode_util_cp_1(process *p, const term_t *args)
{
    term_t next;
    switch (take_cp(&p->heap, args[0], false, &next)) {
    case CP_LIST:
        return next;
    case CP_EMPTY:
        return NIL;
    case CP_ERROR:
        return term_tuple2(&p->heap, ATOM_error, next);
    default:
        return BIF_ERROR(p, ATOM_function_clause);
    }
}
