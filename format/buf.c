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
    for (unsigned i = 0; i < 2; i++)
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
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp, n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6)), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12)), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    }
    fmt_buf_put(b, u, n);
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
