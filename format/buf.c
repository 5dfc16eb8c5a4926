/* buf.c: the growable output buffer and scratch areas of the formatters. */
#include "format/format.h"

#include <stdlib.h>

static void grow(fmt_buf *b, size_t need)
{
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap *= 2;
    b->data = alloc_resize(ALLOC_FMT_BUFFER, b->data, b->cap, cap);
    b->cap = cap;
}

void fmt_buf_init(fmt_buf *b) { memset(b, 0, sizeof *b); }

void fmt_buf_free(fmt_buf *b)
{
    alloc_free(ALLOC_FMT_BUFFER, b->data, b->cap);
    for (unsigned i = 0; i < sizeof b->scratch / sizeof b->scratch[0]; i++)
        alloc_free(ALLOC_FMT_BUFFER, b->scratch[i].p, b->scratch[i].cap);
    memset(b, 0, sizeof *b);
}

char *fmt_buf_grow(fmt_buf *b, size_t n)
{
    if (b->len + n + 1 > b->cap)
        grow(b, b->len + n + 1);
    return b->data + b->len;
}

void fmt_buf_put_cp(fmt_buf *b, uint32_t cp)
{
    char u[4];
    fmt_buf_put(b, u, unicode_encode_utf8(cp, u));
}

void *fmt_scratch(fmt_buf *b, unsigned i, size_t n)
{
    struct fmt_scratch *s = &b->scratch[i];
    if (s->cap < n) {
        size_t cap = s->cap ? s->cap : 1024;
        while (cap < n)
            cap *= 2;
        s->p = alloc_resize(ALLOC_FMT_BUFFER, s->p, s->cap, cap);
        s->cap = cap;
    }
    return s->p;
}
