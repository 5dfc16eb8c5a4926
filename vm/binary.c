/* binary.c: heap, refc and sub binaries. */
#include "binary.h"

#include <stdatomic.h>
#include <stdint.h>

#include "alloc.h"
#include "heap.h"

/* A refc binary of n bytes in a block of `capacity`; THE_NON_VALUE when
 * the block cannot be had and `may_fail`, the end of dbgsh otherwise. */
static term_t refc_alloc(heap_t *h, size_t n, size_t capacity, uint8_t **out, bool may_fail)
{
    binary_t *val;
    if (!may_fail)
        val = alloc_new(ALLOC_BINARY, sizeof *val + capacity);
    else if (capacity > SIZE_MAX - sizeof *val ||
             !(val = alloc_try_new(ALLOC_BINARY, sizeof *val + capacity)))
        return THE_NON_VALUE;
    atomic_init(&val->refc, 0);
    val->size = capacity;
    atomic_init(&val->end, n);
    *out = val->bytes;
    return bin_share(h, val, n);
}

static term_t any_alloc(heap_t *h, size_t n, uint8_t **out, bool may_fail)
{
    if (n <= HEAP_BIN_LIMIT) {
        uint64_t words = 2 + words_for_bytes(n);
        term_t *p = heap_alloc(h, words);
        heap_bin_obj *hb = (heap_bin_obj *)(void *)p;
        hb->header = header_make(words - 1, HDR_HEAP_BIN);
        hb->size = n;
        if (n)
            p[words - 1] = 0; /* no uninitialised padding */
        *out = hb->bytes;
        return term_boxed(p);
    }
    return refc_alloc(h, n, n, out, may_fail);
}

term_t bin_alloc(heap_t *h, size_t n, uint8_t **out) { return any_alloc(h, n, out, true); }

term_t bin_alloc_appendable(heap_t *h, size_t n, size_t capacity, uint8_t **out)
{
    term_t b = refc_alloc(h, n, capacity, out, true);
    if (b == THE_NON_VALUE && capacity > n) /* the room to grow is a wish */
        b = refc_alloc(h, n, n, out, true);
    return b;
}

term_t bin_share(heap_t *h, binary_t *val, size_t n)
{
    atomic_fetch_add_explicit(&val->refc, 1, memory_order_relaxed);
    term_t *p = heap_alloc(h, REFC_BIN_WORDS);
    refc_bin_obj *rb = (refc_bin_obj *)(void *)p;
    rb->header = header_make(REFC_BIN_WORDS - 1, HDR_REFC_BIN);
    rb->size = n;
    rb->val = val;
    rb->bytes = val->bytes;
    heap_link_offheap(h, (offheap_hdr *)(void *)rb);
    return term_boxed(p);
}

term_t bin_new(heap_t *h, const uint8_t *bytes, size_t n)
{
    uint8_t *dst;
    term_t b = any_alloc(h, n, &dst, false); /* the bytes fit once already */
    if (n)
        memcpy(dst, bytes, n);
    return b;
}

term_t bin_new_bits(heap_t *h, const uint8_t *bytes, uint64_t nbits)
{
    uint64_t nbytes = (nbits + 7) / 8;
    term_t whole = bin_new(h, bytes, nbytes);
    if (nbits % 8 == 0)
        return whole;
    return bin_sub(h, whole, 0, nbits);
}

void bin_view_of(term_t b, bin_view *v)
{
    term_t *p = boxed_ptr(b);
    switch (header_subtag(*p)) {
    case HDR_HEAP_BIN: {
        heap_bin_obj *hb = (heap_bin_obj *)(void *)p;
        v->bytes = hb->bytes, v->size = hb->size, v->bitoffset = 0, v->bitsize = 0;
        return;
    }
    case HDR_REFC_BIN: {
        refc_bin_obj *rb = (refc_bin_obj *)(void *)p;
        v->bytes = rb->bytes, v->size = rb->size, v->bitoffset = 0, v->bitsize = 0;
        return;
    }
    default: {
        ASSERT(header_subtag(*p) == HDR_SUB_BIN);
        sub_bin_obj *sb = (sub_bin_obj *)(void *)p;
        bin_view orig;
        bin_view_of(sb->orig, &orig);
        v->bytes = orig.bytes + sb->offset;
        v->size = sb->size;
        v->bitoffset = sb->bitoffset;
        v->bitsize = sb->bitsize;
        return;
    }
    }
}

term_t bin_sub(heap_t *h, term_t b, uint64_t bitpos, uint64_t nbits)
{
    term_t *bp = boxed_ptr(b);
    term_t orig = b;
    uint64_t start = bitpos;
    if (header_subtag(*bp) == HDR_SUB_BIN) {
        sub_bin_obj *sb = (sub_bin_obj *)(void *)bp;
        orig = sb->orig;
        start += sb->offset * 8 + sb->bitoffset;
    }
    term_t *p = heap_alloc(h, SUB_BIN_WORDS);
    sub_bin_obj *s = (sub_bin_obj *)(void *)p;
    memset(s, 0, sizeof *s);
    s->header = header_make(SUB_BIN_WORDS - 1, HDR_SUB_BIN);
    s->size = nbits / 8;
    s->bitsize = (uint8_t)(nbits % 8);
    s->offset = start / 8;
    s->bitoffset = (uint8_t)(start % 8);
    s->orig = orig;
    return term_boxed(p);
}

uint8_t bin_tail_bits(const bin_view *v)
{
    if (v->bitsize == 0)
        return 0;
    uint64_t bit = v->size * 8 + v->bitoffset; /* absolute bit of the tail */
    uint64_t i = bit / 8;
    unsigned off = bit % 8;
    unsigned w = (unsigned)v->bytes[i] << 8;
    if (off + v->bitsize > 8)
        w |= v->bytes[i + 1];
    uint8_t x = (uint8_t)((w << off) >> 8);
    return (uint8_t)(x & (0xFF00u >> v->bitsize));
}

bool bin_view_bytes(term_t t, bin_view *v)
{
    if (!term_is_bitstring(t))
        return false;
    bin_view_of(t, v);
    return v->bitsize == 0;
}

void bin_copy_bits(const bin_view *v, uint8_t *out)
{
    if (v->bitoffset == 0)
        memcpy(out, v->bytes, v->size);
    else
        for (uint64_t i = 0; i < v->size; i++)
            out[i] = bin_byte_at(v, i);
    if (v->bitsize)
        out[v->size] = bin_tail_bits(v);
}

void bin_release(binary_t *b)
{
    if (atomic_fetch_sub_explicit(&b->refc, 1, memory_order_acq_rel) == 1)
        alloc_free(ALLOC_BINARY, b, sizeof *b + b->size);
}
