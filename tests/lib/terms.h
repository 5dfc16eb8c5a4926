/* terms.h: short term builders for the unit tests, on a heap the test
 * owns. Each test file binds them to its heap with one-letter macros
 * (#define T(...) tb_tuple(&h, __VA_ARGS__)), so tables of terms read
 * like the Erlang they stand for. */
#ifndef TESTS_TERMS_H
#define TESTS_TERMS_H

#include <stdarg.h>
#include <string.h>

#include "vm/vm.h"

static inline term_t tb_string(heap_t *h, const char *s) { return term_string(h, s, strlen(s)); }
static inline term_t tb_binary(heap_t *h, const char *s) { return bin_new(h, (const uint8_t *)s, strlen(s)); }

/* The n (<= 32) terms of a builder's variable arguments, into e. */
static inline void tb_args(term_t *e, int n, va_list ap)
{
    for (int i = 0; i < n; i++)
        e[i] = va_arg(ap, term_t);
}

/* [E1, ..., En | Tail], n <= 32; tb_list: [E1, ..., En]. */
static inline term_t tb_ilist(heap_t *h, term_t tail, int n, ...)
{
    term_t e[32];
    va_list ap;
    va_start(ap, n);
    tb_args(e, n, ap);
    va_end(ap);
    return term_list_from(h, e, (size_t)n, tail);
}
#define tb_list(h, ...) tb_ilist((h), NIL, __VA_ARGS__)

/* {E1, ..., En}, n <= 32. */
static inline term_t tb_tuple(heap_t *h, int n, ...)
{
    term_t e[32];
    va_list ap;
    va_start(ap, n);
    tb_args(e, n, ap);
    va_end(ap);
    return term_tuple(h, (uint64_t)n, e);
}

/* #{K1 => V1, ..., Kn => Vn} from n pairs given as k1, v1, ..., n <= 32. */
static inline term_t tb_map(heap_t *h, int n, ...)
{
    term_t k[32], v[32];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        k[i] = va_arg(ap, term_t);
        v[i] = va_arg(ap, term_t);
    }
    va_end(ap);
    return map_from_pairs(h, k, v, (size_t)n);
}

/* #Ref<0.a.b.c>: id word 0 is the last one printed. */
static inline term_t tb_ref(heap_t *h, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t ids[3] = {c, b, a};
    return term_ref(h, ids, 3);
}

#endif
