/* bits.c: the bit syntax at run time. Construction computes the size of
 * every segment first, then writes them through a bit cursor; matching
 * reads through a match context, a sub binary private to the matching
 * function whose start moves forward as segments are taken. */
#include "bits.h"

#include <math.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "bif.h"
#include "binary.h"
#include "float.h"
#include "map.h"
#include "unicode.h"

bool bits_is_binary(term_t b)
{
    bin_view v;
    bin_view_of(b, &v);
    return v.bitsize == 0;
}

/* ---- reading and writing bits ------------------------------------------ */

static inline unsigned get_bit(const uint8_t *bytes, uint64_t pos)
{
    return (bytes[pos >> 3] >> (7 - (pos & 7))) & 1u;
}

static inline void put_bit(uint8_t *bytes, uint64_t pos, unsigned bit)
{
    uint8_t m = (uint8_t)(0x80u >> (pos & 7));
    if (bit)
        bytes[pos >> 3] |= m;
    else
        bytes[pos >> 3] &= (uint8_t)~m;
}

/* Copies n bits from src at bit sp to dst at bit dp. */
static void copy_bits(uint8_t *dst, uint64_t dp, const uint8_t *src, uint64_t sp, uint64_t n)
{
    if ((dp & 7) == 0 && (sp & 7) == 0) {
        memcpy(dst + dp / 8, src + sp / 8, n / 8);
        dp += n / 8 * 8, sp += n / 8 * 8, n %= 8;
    }
    for (uint64_t i = 0; i < n; i++)
        put_bit(dst, dp + i, get_bit(src, sp + i));
}

/* The bytes of an integer in two's complement, big endian, `nbytes` long
 * (sign extended or truncated as the bit syntax does). */
static void int_bytes(term_t v, uint8_t *out, size_t nbytes)
{
    if (term_is_small(v)) {
        int64_t x = small_value(v);
        for (size_t i = 0; i < nbytes; i++)
            out[nbytes - 1 - i] = i < 8 ? (uint8_t)((uint64_t)x >> (8 * i)) : (x < 0 ? 0xFF : 0);
        return;
    }
    /* bignum: magnitude limbs, then negate for negative numbers */
    term_t *p = boxed_ptr(v);
    bool neg = header_subtag(*p) == HDR_NEG_BIG;
    uint64_t nl = header_arity(*p);
    const uint64_t *limbs = (const uint64_t *)(p + 1);
    unsigned carry = 1;
    for (size_t i = 0; i < nbytes; i++) {
        uint64_t li = i / 8;
        uint8_t b = li < nl ? (uint8_t)(limbs[li] >> (8 * (i % 8))) : 0;
        if (neg) {
            unsigned t = (uint8_t)~b + carry;
            b = (uint8_t)t;
            carry = t >> 8;
        }
        out[nbytes - 1 - i] = b;
    }
}

/* ---- construction ------------------------------------------------------ */

typedef struct seg {
    unsigned kind, flags;
    uint64_t bits;
    term_t value;
} seg;

static bool little(unsigned flags)
{
    if (flags & BS_NATIVE) {
        const uint16_t one = 1;
        return *(const uint8_t *)&one == 1;
    }
    return flags & BS_LITTLE;
}

static unsigned utf_len(unsigned kind, uint32_t cp)
{
    if (kind == BS_UTF8)
        return cp < 0x80 ? 8 : cp < 0x800 ? 16 : cp < 0x10000 ? 24 : 32;
    if (kind == BS_UTF16)
        return cp < 0x10000 ? 16 : 32;
    return 32;
}

static bool valid_cp(term_t v)
{
    if (!term_is_small(v))
        return false;
    return unicode_is_scalar(small_value(v));
}

/* The size in bits of bitstring t, read off its header; UINT64_MAX when t
 * is no bitstring. */
static inline uint64_t bit_size_of(term_t t)
{
    if (!term_is_boxed(t))
        return UINT64_MAX;
    const term_t *bp = boxed_ptr(t);
    switch (header_subtag(*bp)) {
    case HDR_SUB_BIN: {
        const sub_bin_obj *sb = (const sub_bin_obj *)(const void *)bp;
        return sb->size * 8 + sb->bitsize;
    }
    case HDR_REFC_BIN:
        return ((const refc_bin_obj *)(const void *)bp)->size * 8;
    case HDR_HEAP_BIN:
        return ((const heap_bin_obj *)(const void *)bp)->size * 8;
    default:
        return UINT64_MAX;
    }
}

/* The bits of a segment of `size` units of `unit` bits into *bits. Any
 * size but a non-negative integer is BS_FAIL_SIZE; one whose bits do not
 * fit in 63 bits, a bignum included, is BS_FAIL_LIMIT (OTP's compiled code
 * says system_limit there, before it looks at the value). */
static bs_fail_reason seg_bits(term_t size, unsigned unit, uint64_t *bits)
{
    if (term_is_small(size)) {
        int64_t v = small_value(size);
        if (v < 0)
            return BS_FAIL_SIZE;
        if (__builtin_mul_overflow((uint64_t)v, (uint64_t)unit, bits) || *bits > (uint64_t)INT64_MAX)
            return BS_FAIL_LIMIT;
        return BS_FAIL_NONE;
    }
    if (term_is_big(size))
        return big_is_negative(size) ? BS_FAIL_SIZE : BS_FAIL_LIMIT;
    return BS_FAIL_SIZE;
}

/* Sizes one segment; otherwise why not, in the order OTP checks: the
 * size, then the value against the size. */
static bs_fail_reason size_segment(seg *s, unsigned unit, term_t size)
{
    term_t v = s->value;
    bs_fail_reason r;
    switch (s->kind) {
    case BS_INTEGER:
        if ((r = seg_bits(size, unit, &s->bits)) != BS_FAIL_NONE)
            return r;
        return term_is_integer(v) ? BS_FAIL_NONE : BS_FAIL_TYPE;
    case BS_FLOAT: {
        if ((r = seg_bits(size, unit, &s->bits)) != BS_FAIL_NONE)
            return r;
        if (s->bits != 64 && s->bits != 32 && s->bits != 16)
            return BS_FAIL_INVALID;
        if (term_is_float(v))
            return BS_FAIL_NONE;
        if (!term_is_integer(v))
            return BS_FAIL_TYPE;
        double d;
        return int_to_double(v, &d) ? BS_FAIL_NONE : BS_FAIL_NO_FLOAT;
    }
    case BS_BINARY: {
        if (size != ATOM_all && (r = seg_bits(size, unit, &s->bits)) != BS_FAIL_NONE)
            return r;
        uint64_t have = bit_size_of(v);
        if (have == UINT64_MAX)
            return BS_FAIL_TYPE;
        if (size == ATOM_all) {
            if (have % unit != 0)
                return BS_FAIL_UNIT;
            s->bits = have;
            return BS_FAIL_NONE;
        }
        return s->bits <= have ? BS_FAIL_NONE : BS_FAIL_SHORT;
    }
    default:
        if (!valid_cp(v))
            return BS_FAIL_TYPE;
        s->bits = utf_len(s->kind, (uint32_t)small_value(v));
        return BS_FAIL_NONE;
    }
}

static void reverse_bytes(uint8_t *b, uint64_t n)
{
    for (uint64_t i = 0; i < n / 2; i++) {
        uint8_t t = b[i];
        b[i] = b[n - 1 - i];
        b[n - 1 - i] = t;
    }
}

static void write_integer(uint8_t *out, uint64_t pos, const seg *s)
{
    if (term_is_small(s->value) && (pos & 7) == 0 && (s->bits & 7) == 0 && s->bits <= 64) {
        /* whole bytes of a SMALL at a byte boundary: stored directly */
        uint64_t x = (uint64_t)small_value(s->value);
        unsigned n = (unsigned)(s->bits / 8);
        uint8_t *o = out + pos / 8;
        bool le = little(s->flags);
        if (n == 1) {
            o[0] = (uint8_t)x;
        } else if (n == 4 && !le) {
            uint32_t v = __builtin_bswap32((uint32_t)x);
            memcpy(o, &v, 4);
        } else if (le) {
            for (unsigned i = 0; i < n; i++)
                o[i] = (uint8_t)(x >> (8 * i));
        } else {
            for (unsigned i = 0; i < n; i++)
                o[n - 1 - i] = (uint8_t)(x >> (8 * i));
        }
        return;
    }
    uint64_t nbytes = (s->bits + 7) / 8;
    uint8_t stackbuf[16];
    uint8_t *buf = nbytes <= sizeof stackbuf ? stackbuf : alloc_new(ALLOC_TEMP, nbytes);
    int_bytes(s->value, buf, nbytes);
    if (little(s->flags)) {
        /* the low bytes first, then the top s->bits % 8 bits (OTP:
         * <<16#ABC:12/little>> is <<16#BC, 16#A:4>>): the bytes reversed,
         * the last one's bits moved to its top */
        reverse_bytes(buf, nbytes);
        unsigned r = (unsigned)(s->bits % 8);
        if (r)
            buf[nbytes - 1] = (uint8_t)(buf[nbytes - 1] << (8 - r));
        copy_bits(out, pos, buf, 0, s->bits);
    } else {
        /* the low s->bits bits of the big-endian number */
        copy_bits(out, pos, buf, nbytes * 8 - s->bits, s->bits);
    }
    if (buf != stackbuf)
        alloc_free(ALLOC_TEMP, buf, nbytes);
}

static void write_float(uint8_t *out, uint64_t pos, const seg *s)
{
    double d;
    if (term_is_float(s->value))
        d = float_value(s->value);
    else
        int_to_double(s->value, &d);
    uint8_t buf[8];
    unsigned n = (unsigned)(s->bits / 8);
    if (n == 8) {
        uint64_t u;
        memcpy(&u, &d, 8);
        for (int i = 0; i < 8; i++)
            buf[i] = (uint8_t)(u >> (56 - 8 * i));
    } else if (n == 4) {
        uint32_t u = float_single_bits(d);
        for (int i = 0; i < 4; i++)
            buf[i] = (uint8_t)(u >> (24 - 8 * i));
    } else {
        uint16_t u = float_half_bits(d);
        buf[0] = (uint8_t)(u >> 8), buf[1] = (uint8_t)u;
    }
    if (little(s->flags))
        reverse_bytes(buf, n);
    copy_bits(out, pos, buf, 0, s->bits);
}

static void write_utf(uint8_t *out, uint64_t pos, const seg *s)
{
    uint32_t cp = (uint32_t)small_value(s->value);
    uint8_t buf[4];
    unsigned n = 0;
    if (s->kind == BS_UTF8) {
        n = (unsigned)unicode_encode_utf8(cp, (char *)buf);
    } else if (s->kind == BS_UTF16) {
        uint16_t u[2];
        unsigned k = 1;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            u[0] = (uint16_t)(0xD800 + (cp >> 10));
            u[1] = (uint16_t)(0xDC00 + (cp & 0x3FF));
            k = 2;
        } else {
            u[0] = (uint16_t)cp;
        }
        for (unsigned i = 0; i < k; i++) {
            if (little(s->flags))
                buf[n++] = (uint8_t)u[i], buf[n++] = (uint8_t)(u[i] >> 8);
            else
                buf[n++] = (uint8_t)(u[i] >> 8), buf[n++] = (uint8_t)u[i];
        }
    } else {
        for (int i = 0; i < 4; i++)
            buf[i] = (uint8_t)(cp >> (24 - 8 * i));
        if (little(s->flags))
            for (int i = 0; i < 2; i++) {
                uint8_t t = buf[i];
                buf[i] = buf[3 - i];
                buf[3 - i] = t;
            }
        n = 4;
    }
    copy_bits(out, pos, buf, 0, (uint64_t)n * 8);
}

/* Writes segments segs[from..n) into out from bit `pos` on. */
static void write_segments(uint8_t *out, uint64_t pos, const seg *segs, uint64_t from, uint64_t n)
{
    for (uint64_t i = from; i < n; i++) {
        const seg *s = &segs[i];
        switch (s->kind) {
        case BS_INTEGER:
            write_integer(out, pos, s);
            break;
        case BS_FLOAT:
            write_float(out, pos, s);
            break;
        case BS_BINARY: {
            bin_view bv;
            bin_view_of(s->value, &bv);
            copy_bits(out, pos, bv.bytes, bv.bitoffset, s->bits);
            break;
        }
        default:
            write_utf(out, pos, s);
        }
        pos += s->bits;
    }
}

/* OTP's binary append: <<B/binary, Rest...>>, B taken whole, a whole number
 * of bytes in all. The result is a sub binary over a refc binary whose
 * block has room to grow (twice its size, at least 256 bytes, as OTP); the
 * refc binary's handle is reached through such sub binaries only. When B
 * is one of them, starts its block and ends where the block's used bytes
 * end, and the block has room, Rest is written in place after it (claimed
 * by a compare-and-swap on the block's `end`) and the result is one more
 * sub binary over the same handle, whose size grows with it (OTP's
 * ProcBin does the same): B itself is unchanged, it still sees only its
 * own bytes. Otherwise the bytes go to a new block. So a loop appending
 * to its accumulator copies each byte O(1) times and makes one heap
 * object per append, with no off-heap handle, reference count or binary
 * volume of its own. */
static term_t append(process *p, const seg *segs, uint64_t n, uint64_t total)
{
    size_t have = segs[0].bits / 8, size = total / 8;
    term_t b = segs[0].value, orig;
    if (term_is_boxed_with(b, HDR_SUB_BIN)) {
        const sub_bin_obj *sb = (const sub_bin_obj *)(const void *)boxed_ptr(b);
        orig = sb->orig;
        if (sb->offset == 0 && sb->bitoffset == 0 && sb->bitsize == 0 && term_is_boxed_with(orig, HDR_REFC_BIN)) {
            refc_bin_obj *rb = (refc_bin_obj *)(void *)boxed_ptr(orig);
            binary_t *val = rb->val;
            size_t end = have;
            if (rb->bytes == val->bytes && size <= val->size &&
                atomic_compare_exchange_strong_explicit(&val->end, &end, size, memory_order_acq_rel,
                                                        memory_order_relaxed)) {
                write_segments(val->bytes, have * 8, segs, 1, n);
                if (rb->size < size) {
                    p->heap.offheap_bytes += size - rb->size; /* until the next collection recounts */
                    rb->size = size;
                }
                return bin_sub(&p->heap, orig, 0, (uint64_t)size * 8);
            }
        }
    }
    uint8_t *out;
    orig = bin_alloc_appendable(&p->heap, size, size * 2 > 256 ? size * 2 : 256, &out);
    if (orig == THE_NON_VALUE)
        return orig;
    write_segments(out, 0, segs, 0, n);
    return bin_sub(&p->heap, orig, 0, (uint64_t)size * 8);
}

term_t bits_create(process *p, const term_t *R, const code_t *ops, uint64_t n, bs_fail *fail)
{
#define SRC(w) (code_is_reg(w) ? R[code_reg_index(w)] : (term_t)(w))
    seg local[16];
    seg *segs = n <= 16 ? local : alloc_new(ALLOC_TEMP, n * sizeof *segs);
    uint64_t total = 0;
    term_t result = THE_NON_VALUE;
    for (uint64_t i = 0; i < n; i++) {
        const code_t *o = ops + 5 * i;
        seg *s = &segs[i];
        s->kind = (unsigned)o[0];
        s->flags = (unsigned)o[1];
        s->value = SRC(o[4]);
        bs_fail_reason r = size_segment(s, (unsigned)o[2], SRC(o[3]));
        if (r == BS_FAIL_NONE &&
            (__builtin_add_overflow(total, s->bits, &total) || total > (uint64_t)INT64_MAX))
            r = BS_FAIL_LIMIT; /* far past what OTP could allocate too */
        if (r != BS_FAIL_NONE) {
            fail->segment = s->flags >> BS_SEGNO_SHIFT;
            fail->kind = s->kind;
            fail->reason = r;
            fail->value = r == BS_FAIL_SIZE || r == BS_FAIL_LIMIT ? SRC(o[3]) : s->value;
            fail->bits = s->bits;
            goto cleanup;
        }
    }
    if (n >= 2 && segs[0].kind == BS_BINARY && SRC(ops[3]) == ATOM_all && total % 8 == 0 &&
        segs[0].bits % 8 == 0) {
        result = append(p, segs, n, total);
    } else {
        uint64_t nbytes = (total + 7) / 8;
        uint8_t *out;
        term_t whole = bin_alloc(&p->heap, nbytes, &out);
        if (whole != THE_NON_VALUE) {
            if (nbytes)
                out[nbytes - 1] = 0;
            write_segments(out, 0, segs, 0, n);
            result = total % 8 ? bin_sub(&p->heap, whole, 0, total) : whole;
        }
    }
    if (result == THE_NON_VALUE) {
        /* More bytes than the machine has: system_limit, as a size past
         * what OTP could allocate, blaming the largest segment. */
        uint64_t big = 0;
        for (uint64_t i = 1; i < n; i++)
            if (segs[i].bits > segs[big].bits)
                big = i;
        fail->segment = segs[big].flags >> BS_SEGNO_SHIFT;
        fail->kind = segs[big].kind;
        fail->reason = BS_FAIL_LIMIT;
        fail->value = SRC(ops[5 * big + 3]);
        fail->bits = segs[big].bits;
    }
cleanup:
    if (segs != local)
        alloc_free(ALLOC_TEMP, segs, n * sizeof *segs);
    return result;
#undef SRC
}

term_t bits_create_error(process *p, const bs_fail *f)
{
    static const term_t types[] = {ATOM_integer, ATOM_float_, ATOM_binary, ATOM_utf8, ATOM_utf16, ATOM_utf32};
    static const term_t errors[] = {
        [BS_FAIL_TYPE] = ATOM_type,   [BS_FAIL_SIZE] = ATOM_size,       [BS_FAIL_UNIT] = ATOM_unit,
        [BS_FAIL_SHORT] = ATOM_short, [BS_FAIL_INVALID] = ATOM_invalid, [BS_FAIL_NO_FLOAT] = ATOM_no_float,
        [BS_FAIL_LIMIT] = ATOM_size,
    };
    heap_t *h = &p->heap;
    term_t value = f->reason == BS_FAIL_INVALID ? term_uint64(h, f->bits) : f->value;
    term_t cause[4] = {term_small(f->segment), types[f->kind], errors[f->reason], value};
    term_t keys[3] = {ATOM_cause, ATOM_function, ATOM_module};
    term_t vals[3] = {term_tuple(h, 4, cause), ATOM_format_bs_fail, ATOM_erl_erts_errors};
    term_t info = map_from_pairs(h, keys, vals, 3);
    return bif_raise_info(p, CLASS_ERROR, f->reason == BS_FAIL_LIMIT ? ATOM_system_limit : ATOM_badarg, info);
}

/* ---- matching ----------------------------------------------------------- */

/* Moves the context's start forward by k bits (k <= bits_left). */
static void advance(term_t ctx, uint64_t k)
{
    sub_bin_obj *s = bits_ctx(ctx);
    uint64_t start = s->offset * 8 + s->bitoffset + k;
    uint64_t left = s->size * 8 + s->bitsize - k;
    s->offset = start / 8;
    s->bitoffset = (uint8_t)(start % 8);
    s->size = left / 8;
    s->bitsize = (uint8_t)(left % 8);
}

term_t bits_start_match(process *p, term_t b)
{
    uint64_t n = bit_size_of(b), start = 0;
    if (n == UINT64_MAX)
        return THE_NON_VALUE;
    term_t orig = b;
    if (term_is_boxed_with(b, HDR_SUB_BIN)) {
        const sub_bin_obj *sb = (const sub_bin_obj *)(const void *)boxed_ptr(b);
        orig = sb->orig;
        start = sb->offset * 8 + sb->bitoffset;
    }
    term_t *w = heap_alloc(&p->heap, SUB_BIN_WORDS);
    sub_bin_obj *s = (sub_bin_obj *)(void *)w;
    memset(s, 0, sizeof *s);
    s->header = header_make(SUB_BIN_WORDS - 1, HDR_SUB_BIN);
    s->orig = orig;
    s->offset = start / 8;
    s->bitoffset = (uint8_t)(start % 8);
    s->size = n / 8;
    s->bitsize = (uint8_t)(n % 8);
    return term_boxed(w);
}

/* Size in bits of a segment to match, or false when it cannot be. */
static bool match_bits(term_t ctx, unsigned unit, term_t size, uint64_t *bits)
{
    if (size == ATOM_all) {
        *bits = bits_left(ctx);
        return *bits % unit == 0;
    }
    if (!term_is_small(size) || small_value(size) < 0)
        return false;
    *bits = (uint64_t)small_value(size) * unit;
    return *bits <= bits_left(ctx);
}

static const uint8_t *ctx_bytes(term_t ctx, uint64_t *bitpos)
{
    sub_bin_obj *s = bits_ctx(ctx);
    *bitpos = s->offset * 8 + s->bitoffset;
    /* a context's orig is a heap or refc binary */
    const term_t *o = boxed_ptr(s->orig);
    if (header_subtag(*o) == HDR_REFC_BIN)
        return ((const refc_bin_obj *)(const void *)o)->bytes;
    return ((const heap_bin_obj *)(const void *)o)->bytes;
}

static term_t get_integer(process *p, const uint8_t *src, uint64_t pos, uint64_t bits, unsigned flags)
{
    if ((pos & 7) == 0 && (bits & 7) == 0 && bits - 1 < 56) {
        /* up to 7 whole bytes at a byte boundary: always a SMALL */
        return bits_small_from_bytes(src + pos / 8, (unsigned)(bits / 8), little(flags), flags & BS_SIGNED);
    }
    uint64_t nbytes = (bits + 7) / 8;
    uint8_t stackbuf[16];
    uint8_t *buf = nbytes <= sizeof stackbuf ? stackbuf : alloc_new(ALLOC_TEMP, nbytes + 8);
    memset(buf, 0, nbytes);
    if (little(flags)) {
        /* the low bytes first, then the top bits % 8 bits: moved to the
         * bottom of the last byte, then the bytes reversed into a
         * right-aligned big-endian number */
        copy_bits(buf, 0, src, pos, bits);
        unsigned r = (unsigned)(bits % 8);
        if (r)
            buf[nbytes - 1] = (uint8_t)(buf[nbytes - 1] >> (8 - r));
        reverse_bytes(buf, nbytes);
    } else {
        /* right-align the bits in big-endian bytes */
        copy_bits(buf, nbytes * 8 - bits, src, pos, bits);
    }
    /* the sign bit is the top bit of the right-aligned number */
    bool neg = (flags & BS_SIGNED) && bits > 0 && ((buf[0] >> ((bits - 1) % 8)) & 1);
    term_t r;
    if (bits <= 63 || (bits == 64 && !neg && !(buf[0] & 0x80))) {
        uint64_t u = 0;
        for (uint64_t i = 0; i < nbytes; i++)
            u = u << 8 | buf[i];
        if (neg && bits < 64)
            u |= ~UINT64_C(0) << bits;
        r = neg ? term_int64(&p->heap, (int64_t)u) : term_uint64(&p->heap, u);
    } else {
        /* big: magnitude in limbs */
        uint64_t nl = (nbytes + 7) / 8;
        uint64_t *limbs = alloc_zeroed(ALLOC_TEMP, nl * 8);
        for (uint64_t i = 0; i < nbytes; i++)
            limbs[i / 8] |= (uint64_t)buf[nbytes - 1 - i] << (8 * (i % 8));
        if (neg) {
            /* sign-extend the top partial limb, then negate */
            uint64_t topbits = bits % 64;
            if (topbits)
                limbs[nl - 1] |= ~UINT64_C(0) << topbits;
            unsigned carry = 1;
            for (uint64_t i = 0; i < nl; i++) {
                uint64_t x = ~limbs[i] + carry;
                carry = carry && x == 0;
                limbs[i] = x;
            }
        }
        while (nl > 0 && limbs[nl - 1] == 0)
            nl--;
        r = nl ? big_from_limbs(&p->heap, neg, (const mp_limb_t *)limbs, nl) : term_small(0);
        alloc_free(ALLOC_TEMP, limbs, ((nbytes + 7) / 8) * 8);
    }
    if (buf != stackbuf)
        alloc_free(ALLOC_TEMP, buf, nbytes + 8);
    return r;
}

static term_t get_utf(term_t ctx, unsigned kind, unsigned flags, uint64_t *used)
{
    uint64_t pos;
    const uint8_t *src = ctx_bytes(ctx, &pos);
    uint64_t left = bits_left(ctx);
    uint8_t b[4];
    unsigned avail = (unsigned)(left / 8 < 4 ? left / 8 : 4);
    copy_bits(b, 0, src, pos, (uint64_t)avail * 8);
    uint32_t cp;
    if (kind == BS_UTF8) {
        if (avail == 0)
            return THE_NON_VALUE;
        unsigned n = b[0] < 0x80 ? 1 : (b[0] & 0xE0) == 0xC0 ? 2 : (b[0] & 0xF0) == 0xE0 ? 3 : (b[0] & 0xF8) == 0xF0 ? 4 : 0;
        if (!n || n > avail)
            return THE_NON_VALUE;
        size_t got = unicode_decode_utf8_strict(b, n, &cp);
        if (got != n)
            return THE_NON_VALUE;
        *used = (uint64_t)n * 8;
    } else if (kind == BS_UTF16) {
        if (avail < 2)
            return THE_NON_VALUE;
        uint16_t u0 = little(flags) ? (uint16_t)(b[0] | b[1] << 8) : (uint16_t)(b[0] << 8 | b[1]);
        if (u0 >= 0xD800 && u0 <= 0xDBFF) {
            if (avail < 4)
                return THE_NON_VALUE;
            uint16_t u1 = little(flags) ? (uint16_t)(b[2] | b[3] << 8) : (uint16_t)(b[2] << 8 | b[3]);
            if (u1 < 0xDC00 || u1 > 0xDFFF)
                return THE_NON_VALUE;
            cp = 0x10000 + ((uint32_t)(u0 - 0xD800) << 10) + (u1 - 0xDC00);
            *used = 32;
        } else if (u0 >= 0xDC00 && u0 <= 0xDFFF) {
            return THE_NON_VALUE;
        } else {
            cp = u0;
            *used = 16;
        }
    } else {
        if (avail < 4)
            return THE_NON_VALUE;
        cp = little(flags) ? (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24
                           : (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return THE_NON_VALUE;
        *used = 32;
    }
    return term_small(cp);
}

term_t bits_get(process *p, term_t ctx, unsigned kind, unsigned flags, unsigned unit, term_t size)
{
    uint64_t bits, pos;
    term_t r;
    if (kind == BS_UTF8 || kind == BS_UTF16 || kind == BS_UTF32) {
        r = get_utf(ctx, kind, flags, &bits);
        if (r != THE_NON_VALUE)
            advance(ctx, bits);
        return r;
    }
    if (!match_bits(ctx, unit, size, &bits))
        return THE_NON_VALUE;
    const uint8_t *src = ctx_bytes(ctx, &pos);
    switch (kind) {
    case BS_INTEGER:
        r = get_integer(p, src, pos, bits, flags);
        break;
    case BS_FLOAT: {
        uint8_t b[8];
        if (bits != 64 && bits != 32 && bits != 16)
            return THE_NON_VALUE;
        copy_bits(b, 0, src, pos, bits);
        unsigned n = (unsigned)(bits / 8);
        if (little(flags))
            reverse_bytes(b, n);
        double d;
        if (n == 8) {
            uint64_t u = 0;
            for (int i = 0; i < 8; i++)
                u = u << 8 | b[i];
            memcpy(&d, &u, 8);
        } else if (n == 4) {
            uint32_t u = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
            float f;
            memcpy(&f, &u, 4);
            d = f;
        } else {
            d = float_from_half_bits((uint16_t)(b[0] << 8 | b[1]));
        }
        if (!isfinite(d))
            return THE_NON_VALUE;
        r = term_float(&p->heap, d);
        break;
    }
    default: {
        sub_bin_obj *s = bits_ctx(ctx);
        r = bin_sub(&p->heap, s->orig, pos, bits);
        break;
    }
    }
    advance(ctx, bits);
    return r;
}

bool bits_skip(term_t ctx, unsigned unit, term_t size)
{
    uint64_t bits;
    if (!match_bits(ctx, unit, size, &bits))
        return false;
    advance(ctx, bits);
    return true;
}

bool bits_match_string(term_t ctx, uint64_t nbits, term_t lit)
{
    if (nbits > bits_left(ctx))
        return false;
    uint64_t pos;
    const uint8_t *src = ctx_bytes(ctx, &pos);
    bin_view v;
    bin_view_of(lit, &v);
    for (uint64_t i = 0; i < nbits; i++)
        if (get_bit(src, pos + i) != get_bit(v.bytes, v.bitoffset + i))
            return false;
    advance(ctx, nbits);
    return true;
}

term_t bits_get_tail(process *p, term_t ctx)
{
    sub_bin_obj *s = bits_ctx(ctx);
    uint64_t pos = s->offset * 8 + s->bitoffset;
    return bin_sub(&p->heap, s->orig, pos, bits_left(ctx));
}
