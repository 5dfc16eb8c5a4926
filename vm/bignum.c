/* bignum.c: integer arithmetic over SMALLs and heap bignums with GMP's mpn. */
#include "bignum.h"

#include <math.h>
#include <stdlib.h>

#include "alloc.h"
#include "heap.h"

/* An integer term seen as sign and magnitude; SMALLs use `one`. */
typedef struct ival {
    bool neg;
    size_t n; /* limbs, 0 for zero */
    const mp_limb_t *l;
    mp_limb_t one;
} ival;

static void load(term_t t, ival *v)
{
    if (term_is_small(t)) {
        int64_t s = small_value(t);
        v->neg = s < 0;
        v->one = s < 0 ? (mp_limb_t)0 - (mp_limb_t)s : (mp_limb_t)s;
        v->l = &v->one;
        v->n = s != 0;
    } else {
        ASSERT(term_is_big(t));
        v->neg = big_is_negative(t);
        v->n = big_limb_count(t);
        v->l = big_limbs(t);
    }
}

term_t big_from_limbs(heap_t *h, bool negative, const mp_limb_t *limbs, size_t n)
{
    while (n > 0 && limbs[n - 1] == 0)
        n--;
    if (n == 0)
        return term_small(0);
    if (n == 1) {
        if (!negative && limbs[0] <= (mp_limb_t)SMALL_MAX)
            return term_small((int64_t)limbs[0]);
        if (negative && limbs[0] <= (mp_limb_t)SMALL_MAX + 1)
            return term_small(-(int64_t)(limbs[0] - 1) - 1);
    }
    term_t *p = heap_alloc(h, 1 + n);
    p[0] = header_make(n, negative ? HDR_NEG_BIG : HDR_POS_BIG);
    if (n <= 2) /* most results: no call */
        for (size_t i = 0; i < n; i++)
            p[1 + i] = limbs[i];
    else
        memcpy(p + 1, limbs, n * sizeof(mp_limb_t));
    return term_boxed(p);
}

term_t big_from_uint64(heap_t *h, uint64_t v, bool negative)
{
    mp_limb_t l = v;
    return big_from_limbs(h, negative, &l, 1);
}

term_t big_from_int64(heap_t *h, int64_t v)
{
    return big_from_uint64(h, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, v < 0);
}

bool int_to_int64(term_t t, int64_t *out)
{
    ival v;
    load(t, &v);
    if (v.n > 1)
        return false;
    mp_limb_t m = v.n ? v.l[0] : 0;
    if (!v.neg) {
        if (m > (mp_limb_t)INT64_MAX)
            return false;
        *out = (int64_t)m;
    } else {
        if (m > (mp_limb_t)INT64_MAX + 1)
            return false;
        *out = m == (mp_limb_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)m;
    }
    return true;
}

bool int_to_double(term_t t, double *out)
{
    ival v;
    load(t, &v);
    double d = 0.0;
    for (size_t i = v.n; i-- > 0;)
        d = d * 18446744073709551616.0 + (double)v.l[i];
    if (!isfinite(d))
        return false;
    *out = v.neg ? -d : d;
    return true;
}

/* Magnitude of trunc(d) as limbs in `l` (room for 17), returns the count. */
static size_t limbs_of_double(double d, mp_limb_t *l)
{
    d = trunc(fabs(d));
    if (d < 18446744073709551616.0) {
        l[0] = (mp_limb_t)d;
        return l[0] != 0;
    }
    int e;
    double m = frexp(d, &e);                  /* d = m * 2^e, 0.5 <= m < 1 */
    uint64_t mant = (uint64_t)ldexp(m, 53);   /* exact: 53 significant bits */
    int shift = e - 53;                       /* > 0 here */
    size_t word = (size_t)shift / 64, bit = (size_t)shift % 64;
    size_t n = word + 2;
    memset(l, 0, n * sizeof *l);
    l[word] = (mp_limb_t)mant << bit;
    if (bit)
        l[word + 1] = (mp_limb_t)(mant >> (64 - bit));
    while (n > 0 && l[n - 1] == 0)
        n--;
    return n;
}

term_t int_from_double(heap_t *h, double d)
{
    mp_limb_t l[18];
    size_t n = limbs_of_double(d, l);
    return big_from_limbs(h, d < 0, l, n);
}

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

bool int_from_digits(heap_t *h, const char *digits, size_t n, unsigned base, bool negative, term_t *out)
{
    if (n == 0 || base < 2 || base > 36)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((unsigned)digit_value(digits[i]) >= base)
            return false;
    while (n > 1 && digits[0] == '0')
        digits++, n--;
    if (n <= 12) { /* 36^12 < 2^63 */
        int64_t v = 0;
        for (size_t i = 0; i < n; i++)
            v = v * (int64_t)base + digit_value(digits[i]);
        *out = term_int64(h, negative ? -v : v);
        return true;
    }
    unsigned char *dv = alloc_new(ALLOC_TEMP, n);
    for (size_t i = 0; i < n; i++)
        dv[i] = (unsigned char)digit_value(digits[i]);
    size_t cap = n / 8 + 2; /* at most 6 bits per digit < 8 */
    mp_limb_t *l = alloc_new(ALLOC_TEMP, cap * sizeof *l);
    mp_size_t ln = mpn_set_str(l, dv, n, (int)base);
    *out = big_from_limbs(h, negative, l, (size_t)ln);
    alloc_free(ALLOC_TEMP, l, cap * sizeof *l);
    alloc_free(ALLOC_TEMP, dv, n);
    return true;
}

size_t int_chars_bound(term_t t, unsigned base)
{
    ival v;
    load(t, &v);
    if (v.n == 0)
        return 1;
    return mpn_sizeinbase(v.l, (mp_size_t)v.n, (int)base) + 2;
}

size_t int_to_chars(term_t t, unsigned base, char *buf)
{
    static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    ival v;
    load(t, &v);
    size_t k = 0;
    if (v.n == 0) {
        buf[0] = '0';
        return 1;
    }
    if (v.neg)
        buf[k++] = '-';
    if (v.n == 1) {
        char tmp[64];
        size_t m = 0;
        mp_limb_t x = v.l[0];
        while (x) {
            tmp[m++] = digits[x % base];
            x /= base;
        }
        while (m)
            buf[k++] = tmp[--m];
        return k;
    }
    mp_limb_t *copy = alloc_new(ALLOC_TEMP, (v.n + 1) * sizeof *copy);
    memcpy(copy, v.l, v.n * sizeof *copy);
    unsigned char *out = (unsigned char *)buf + k;
    size_t m = mpn_get_str(out, (int)base, copy, (mp_size_t)v.n);
    alloc_free(ALLOC_TEMP, copy, (v.n + 1) * sizeof *copy);
    size_t skip = 0;
    while (skip + 1 < m && out[skip] == 0)
        skip++;
    for (size_t i = skip; i < m; i++)
        buf[k++] = digits[out[i]];
    return k;
}

static int cmp_mag(const ival *a, const ival *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    return a->n ? mpn_cmp(a->l, b->l, (mp_size_t)a->n) : 0;
}

int int_cmp(term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b)) {
        int64_t x = small_value(a), y = small_value(b);
        return (x > y) - (x < y);
    }
    ival x, y;
    load(a, &x);
    load(b, &y);
    if (x.neg != y.neg)
        return x.neg ? -1 : 1;
    int c = cmp_mag(&x, &y);
    return x.neg ? -c : c;
}

/* Magnitudes of at most two limbs are done in 128-bit arithmetic, without
 * GMP's calls and scratch space: the common bignums of hashing and random
 * number code (a product of two SMALLs, its sum with one, its remainder). */
_Static_assert(sizeof(mp_limb_t) == 8, "two limbs make an unsigned __int128");
typedef unsigned __int128 u128;

static inline u128 mag128(const ival *v)
{
    u128 m = v->n > 0 ? v->l[0] : 0;
    if (v->n > 1)
        m |= (u128)v->l[1] << 64;
    return m;
}

static term_t from_mag128(heap_t *h, bool neg, u128 m)
{
    mp_limb_t l[2] = {(mp_limb_t)m, (mp_limb_t)(m >> 64)};
    return big_from_limbs(h, neg, l, 2);
}

/* Scratch limbs for a result of `n` limbs: on the stack when small. */
typedef struct scratch {
    mp_limb_t local[8];
    mp_limb_t *l;
    size_t cap;
} scratch;

static mp_limb_t *scratch_get(scratch *s, size_t n)
{
    s->cap = n;
    s->l = n <= 8 ? s->local : alloc_new(ALLOC_TEMP, n * sizeof(mp_limb_t));
    return s->l;
}

static void scratch_done(scratch *s)
{
    if (s->l != s->local)
        alloc_free(ALLOC_TEMP, s->l, s->cap * sizeof(mp_limb_t));
}

/* a + (negate_b ? -b : b) on sign-magnitude values. */
static term_t add_signed(heap_t *h, const ival *a, const ival *b, bool negate_b)
{
    bool bneg = b->neg != negate_b;
    if (b->n == 0)
        return big_from_limbs(h, a->neg, a->l, a->n);
    if (a->n == 0)
        return big_from_limbs(h, bneg, b->l, b->n);
    if (a->n == 1 && b->n == 1) {
        u128 x = a->l[0], y = b->l[0];
        if (a->neg == bneg)
            return from_mag128(h, a->neg, x + y);
        return x >= y ? from_mag128(h, a->neg, x - y) : from_mag128(h, bneg, y - x);
    }
    scratch s;
    term_t r;
    if (a->neg == bneg) {
        const ival *big = a->n >= b->n ? a : b, *small = a->n >= b->n ? b : a;
        mp_limb_t *l = scratch_get(&s, big->n + 1);
        l[big->n] = mpn_add(l, big->l, (mp_size_t)big->n, small->l, (mp_size_t)small->n);
        r = big_from_limbs(h, a->neg, l, big->n + 1);
    } else {
        int c = cmp_mag(a, b);
        if (c == 0)
            return term_small(0);
        const ival *big = c > 0 ? a : b, *small = c > 0 ? b : a;
        bool neg = c > 0 ? a->neg : bneg;
        mp_limb_t *l = scratch_get(&s, big->n);
        mpn_sub(l, big->l, (mp_size_t)big->n, small->l, (mp_size_t)small->n);
        r = big_from_limbs(h, neg, l, big->n);
    }
    scratch_done(&s);
    return r;
}

term_t int_add(heap_t *h, term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b))
        return term_int64(h, small_value(a) + small_value(b));
    ival x, y;
    load(a, &x);
    load(b, &y);
    return add_signed(h, &x, &y, false);
}

term_t int_sub(heap_t *h, term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b))
        return term_int64(h, small_value(a) - small_value(b));
    ival x, y;
    load(a, &x);
    load(b, &y);
    return add_signed(h, &x, &y, true);
}

term_t int_neg(heap_t *h, term_t a)
{
    if (term_is_small(a))
        return term_int64(h, -small_value(a));
    ival x;
    load(a, &x);
    return big_from_limbs(h, !x.neg, x.l, x.n);
}

term_t int_mul(heap_t *h, term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b)) {
        __int128 p = (__int128)small_value(a) * small_value(b);
        if (p >= SMALL_MIN && p <= SMALL_MAX)
            return term_small((int64_t)p);
    }
    ival x, y;
    load(a, &x);
    load(b, &y);
    if (x.n == 0 || y.n == 0)
        return term_small(0);
    if (x.n == 1 && y.n == 1)
        return from_mag128(h, x.neg != y.neg, (u128)x.l[0] * y.l[0]);
    const ival *big = x.n >= y.n ? &x : &y, *small = x.n >= y.n ? &y : &x;
    scratch s;
    mp_limb_t *l = scratch_get(&s, x.n + y.n);
    mpn_mul(l, big->l, (mp_size_t)big->n, small->l, (mp_size_t)small->n);
    term_t r = big_from_limbs(h, x.neg != y.neg, l, x.n + y.n);
    scratch_done(&s);
    return r;
}

static term_t divrem(heap_t *h, term_t a, term_t b, bool want_rem)
{
    ival x, y;
    load(a, &x);
    load(b, &y);
    ASSERT(y.n > 0);
    if (cmp_mag(&x, &y) < 0)
        return want_rem ? a : term_small(0);
    if (x.n == 1) { /* then y.n == 1 too */
        uint64_t n = x.l[0], d = y.l[0];
        return want_rem ? from_mag128(h, x.neg, n % d) : from_mag128(h, x.neg != y.neg, n / d);
    }
    if (x.n <= 2) {
        u128 n = mag128(&x), d = mag128(&y);
        return want_rem ? from_mag128(h, x.neg, n % d) : from_mag128(h, x.neg != y.neg, n / d);
    }
    scratch sq, sr;
    mp_limb_t *q = scratch_get(&sq, x.n - y.n + 1);
    mp_limb_t *r = scratch_get(&sr, y.n);
    mpn_tdiv_qr(q, r, 0, x.l, (mp_size_t)x.n, y.l, (mp_size_t)y.n);
    term_t res = want_rem ? big_from_limbs(h, x.neg, r, y.n)
                          : big_from_limbs(h, x.neg != y.neg, q, x.n - y.n + 1);
    scratch_done(&sq);
    scratch_done(&sr);
    return res;
}

term_t int_div(heap_t *h, term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b))
        return term_int64(h, small_value(a) / small_value(b));
    return divrem(h, a, b, false);
}

term_t int_rem(heap_t *h, term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b))
        return term_small(small_value(a) % small_value(b));
    return divrem(h, a, b, true);
}

int int_cmp_float(term_t i, double f)
{
    if (term_is_small(i)) {
        int64_t v = small_value(i);
        if (v > -(INT64_C(1) << 53) && v < (INT64_C(1) << 53)) {
            double d = (double)v;
            return (d > f) - (d < f);
        }
    }
    /* Exact: compare with trunc(f), then let the fraction decide. */
    term_t tmp[1 + 18];
    mp_limb_t l[18];
    size_t n = limbs_of_double(f, l);
    term_t t;
    if (n == 0) {
        t = term_small(0);
    } else {
        tmp[0] = header_make(n, f < 0 ? HDR_NEG_BIG : HDR_POS_BIG);
        memcpy(tmp + 1, l, n * sizeof *l);
        t = term_boxed(tmp);
    }
    int c = int_cmp(i, t);
    if (c != 0)
        return c;
    double frac = f - trunc(f);
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}
