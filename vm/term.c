/* term.c: building terms on a heap. */
#include "term.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "bignum.h"
#include "heap.h"
#include "unicode.h"

#if DBGSH_DEBUG
void term_assert_fail(const char *expr, const char *file, int line)
{
    fprintf(stderr, "dbgsh: assertion failed: %s (%s:%d)\n", expr, file, line);
    abort();
}
#endif

term_t term_tuple(heap_t *h, uint64_t arity, const term_t *elems)
{
    term_t *p = heap_alloc(h, 1 + arity);
    p[0] = header_make(arity, HDR_TUPLE);
    if (elems && arity)
        memcpy(p + 1, elems, arity * sizeof(term_t));
    return term_boxed(p);
}

term_t term_tuple2(heap_t *h, term_t a, term_t b)
{
    term_t e[2] = {a, b};
    return term_tuple(h, 2, e);
}

term_t term_tuple3(heap_t *h, term_t a, term_t b, term_t c)
{
    term_t e[3] = {a, b, c};
    return term_tuple(h, 3, e);
}

term_t term_cons(heap_t *h, term_t head, term_t tail)
{
    term_t *p = heap_alloc(h, 2);
    p[0] = head;
    p[1] = tail;
    return term_list(p);
}

term_t term_list_from(heap_t *h, const term_t *elems, size_t n, term_t tail)
{
    if (n == 0)
        return tail;
    term_t *p = heap_alloc(h, 2 * n);
    for (size_t i = 0; i < n; i++) {
        p[2 * i] = elems[i];
        p[2 * i + 1] = i + 1 < n ? term_list(p + 2 * i + 2) : tail;
    }
    return term_list(p);
}

term_t term_string(heap_t *h, const char *s, size_t len)
{
    if (len == 0)
        return NIL;
    term_t *p = heap_alloc(h, 2 * len);
    for (size_t i = 0; i < len; i++) {
        p[2 * i] = term_small((unsigned char)s[i]);
        p[2 * i + 1] = i + 1 < len ? term_list(p + 2 * i + 2) : NIL;
    }
    return term_list(p);
}

term_t term_utf8_string(heap_t *h, const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0, k; i < n; i += k) {
        unicode_decode_utf8((const unsigned char *)s + i, n - i, &k);
        count++;
    }
    if (count == 0)
        return NIL;
    term_t *cells = heap_alloc(h, 2 * count);
    size_t j = 0;
    for (size_t i = 0, k; i < n; i += k, j++) {
        uint32_t c = unicode_decode_utf8((const unsigned char *)s + i, n - i, &k);
        cells[2 * j] = term_small(c);
        cells[2 * j + 1] = j + 1 < count ? term_list(&cells[2 * j + 2]) : NIL;
    }
    return term_list(cells);
}

term_t term_float(heap_t *h, double d)
{
    term_t *p = heap_alloc(h, FLOAT_WORDS);
    p[0] = header_make(FLOAT_WORDS - 1, HDR_FLOAT);
    memcpy(p + 1, &d, sizeof d);
    return term_boxed(p);
}

term_t term_int64(heap_t *h, int64_t v)
{
    if (small_fits(v))
        return term_small(v);
    return big_from_int64(h, v);
}

term_t term_uint64(heap_t *h, uint64_t v)
{
    if (v <= (uint64_t)SMALL_MAX)
        return term_small((int64_t)v);
    return big_from_uint64(h, v, false);
}

term_t term_ref(heap_t *h, const uint32_t *ids, unsigned nids)
{
    ASSERT(nids >= 1 && nids <= REF_MAX_IDS);
    term_t *p = heap_alloc(h, REF_WORDS);
    ref_obj *r = (ref_obj *)(void *)p;
    memset(r, 0, sizeof *r);
    r->header = header_make(REF_WORDS - 1, HDR_REF);
    r->nids = nids;
    memcpy(r->ids, ids, nids * sizeof(uint32_t));
    return term_boxed(p);
}

term_t term_magic_ref(heap_t *h, const uint32_t ids[3], vm_magic *m)
{
    term_t *p = heap_alloc(h, MAGIC_REF_WORDS);
    magic_ref_obj *r = (magic_ref_obj *)(void *)p;
    memset(r, 0, sizeof *r);
    r->header = header_make(MAGIC_REF_WORDS - 1, HDR_MAGIC_REF);
    r->magic = m;
    r->ref.header = header_make(REF_WORDS - 1, HDR_REF);
    r->ref.nids = 3;
    memcpy(r->ref.ids, ids, 3 * sizeof(uint32_t));
    heap_hold_offheap_obj(h, (offheap_hdr *)(void *)r);
    return term_boxed(p);
}

void magic_release(vm_magic *m)
{
    if (atomic_fetch_sub_explicit(&m->refc, 1, memory_order_acq_rel) == 1)
        m->destroy(m);
}

term_t term_export(heap_t *h, term_t module, term_t function, unsigned arity)
{
    term_t *p = heap_alloc(h, EXPORT_WORDS);
    export_obj *e = (export_obj *)(void *)p;
    e->header = header_make(EXPORT_WORDS - 1, HDR_EXPORT);
    e->module = module;
    e->function = function;
    e->arity = arity;
    e->entry = NULL;
    return term_boxed(p);
}

term_t term_fun(heap_t *h, term_t module, unsigned arity, uint64_t index, uint64_t old_uniq,
                const uint8_t uniq[16], term_t creator, unsigned num_free, const term_t *env)
{
    term_t *p = heap_alloc(h, FUN_WORDS + num_free);
    fun_obj *f = (fun_obj *)(void *)p;
    f->header = header_make(FUN_WORDS - 1 + num_free, HDR_FUN);
    f->module = module;
    f->arity = arity;
    f->index = index;
    f->old_index = index;
    f->old_uniq = old_uniq;
    if (uniq)
        memcpy(f->uniq, uniq, 16);
    else
        memset(f->uniq, 0, 16);
    f->creator = creator;
    f->num_free = num_free;
    f->lambda = NULL;
    if (env && num_free)
        memcpy(f->env, env, num_free * sizeof(term_t));
    return term_boxed(p);
}

term_t term_ext_id(heap_t *h, unsigned subtag, term_t node, uint32_t creation, const uint32_t *ids,
                   unsigned nids)
{
    ASSERT(nids >= 1 && nids <= REF_MAX_IDS);
    term_t *p = heap_alloc(h, EXT_ID_WORDS);
    ext_id_obj *x = (ext_id_obj *)(void *)p;
    memset(x, 0, sizeof *x);
    x->header = header_make(EXT_ID_WORDS - 1, subtag);
    x->node = node;
    x->creation = creation;
    x->nids = nids;
    memcpy(x->ids, ids, nids * sizeof(uint32_t));
    return term_boxed(p);
}

int64_t list_length(term_t t)
{
    int64_t n = 0;
    while (term_is_list(t)) {
        n++;
        t = list_tail(t);
    }
    return term_is_nil(t) ? n : -1;
}

bool term_is_byte_list(term_t t)
{
    while (term_is_list(t)) {
        term_t hd = list_head(t);
        if (!term_is_small(hd) || (uint64_t)small_value(hd) > 255)
            return false;
        t = list_tail(t);
    }
    return term_is_nil(t);
}
