/* bif_arith.c: erlang's arithmetic, bitwise, comparison and boolean
 * operators, abs/float/trunc/round/ceil/floor/max/min and the math module,
 * with OTP 25's results and exceptions in every case (the interpreter
 * inlines only small integers). Builds on &p->heap; never runs the GC. */
#include <math.h>
#include <stdlib.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "cmp.h"
#include "heap.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_arith.def"
#undef BIF

/* OTP's largest bignum: 2^19 - 1 limbs of 64 bits (BIG_ARITY_MAX). An
 * integer result with a larger magnitude is a system_limit error, checked
 * against erl: 1 bsl 33554367 is fine, 1 bsl 33554368 is not. */
#define BIG_MAX_LIMBS 524287u
#define BIG_MAX_BITS ((uint64_t)BIG_MAX_LIMBS * 64u)

static term_t raise_badarith(process *p) { return bif_raise(p, CLASS_ERROR, ATOM_badarith); }
static term_t raise_system_limit(process *p) { return bif_raise(p, CLASS_ERROR, ATOM_system_limit); }
static term_t make_bool(bool b) { return b ? ATOM_true : ATOM_false; }

/* ---- numbers ---------------------------------------------------------------- */

/* A number as a double, the way OTP converts integers (vm/bignum.h:
 * int_to_double). False for a bignum too large for a double. */
static bool get_double(term_t t, double *out)
{
    if (term_is_float(t)) {
        *out = float_value(t);
        return true;
    }
    if (term_is_small(t)) {
        *out = (double)small_value(t);
        return true;
    }
    return int_to_double(t, out);
}

/* A float result: badarith unless finite, as OTP checks every float op. */
static term_t make_float(process *p, double d)
{
    if (!isfinite(d))
        return raise_badarith(p);
    return term_float(&p->heap, d);
}

/* An integer result: system_limit if it outgrew OTP's largest bignum. */
static term_t checked_int(process *p, term_t r)
{
    if (term_is_big(r) && big_limb_count(r) > BIG_MAX_LIMBS)
        return raise_system_limit(p);
    return r;
}

/* Both operands as doubles for a mixed or float operation: false (and
 * badarith raised) if either is not a number or does not convert. */
static bool get_doubles(process *p, const term_t *args, double *a, double *b)
{
    if (!term_is_number(args[0]) || !term_is_number(args[1]) || !get_double(args[0], a) ||
        !get_double(args[1], b)) {
        raise_badarith(p);
        return false;
    }
    return true;
}

term_t bif_arith_plus_1(process *p, const term_t *args)
{
    return term_is_number(args[0]) ? args[0] : raise_badarith(p);
}

term_t bif_arith_minus_1(process *p, const term_t *args)
{
    term_t a = args[0];
    if (term_is_integer(a))
        return int_neg(&p->heap, a); /* the magnitude never grows */
    if (term_is_float(a))
        return term_float(&p->heap, -float_value(a));
    return raise_badarith(p);
}

term_t bif_arith_plus_2(process *p, const term_t *args)
{
    if (term_is_integer(args[0]) && term_is_integer(args[1]))
        return checked_int(p, int_add(&p->heap, args[0], args[1]));
    double a, b;
    if (!get_doubles(p, args, &a, &b))
        return THE_NON_VALUE;
    return make_float(p, a + b);
}

term_t bif_arith_minus_2(process *p, const term_t *args)
{
    if (term_is_integer(args[0]) && term_is_integer(args[1]))
        return checked_int(p, int_sub(&p->heap, args[0], args[1]));
    double a, b;
    if (!get_doubles(p, args, &a, &b))
        return THE_NON_VALUE;
    return make_float(p, a - b);
}

static size_t limbs_of(term_t t) { return term_is_big(t) ? big_limb_count(t) : 1; }

term_t bif_arith_times_2(process *p, const term_t *args)
{
    term_t x = args[0], y = args[1];
    if (term_is_integer(x) && term_is_integer(y)) {
        /* A product of m and n limbs has at least m + n - 1 of them. */
        bool zero = x == term_small(0) || y == term_small(0);
        if (!zero && limbs_of(x) + limbs_of(y) - 1 > BIG_MAX_LIMBS)
            return raise_system_limit(p);
        return checked_int(p, int_mul(&p->heap, x, y));
    }
    double a, b;
    if (!get_doubles(p, args, &a, &b))
        return THE_NON_VALUE;
    return make_float(p, a * b);
}

term_t bif_arith_divide_2(process *p, const term_t *args)
{
    double a, b;
    if (!get_doubles(p, args, &a, &b))
        return THE_NON_VALUE;
    if (b == 0.0)
        return raise_badarith(p);
    return make_float(p, a / b);
}

term_t bif_arith_div_2(process *p, const term_t *args)
{
    if (!term_is_integer(args[0]) || !term_is_integer(args[1]) || args[1] == term_small(0))
        return raise_badarith(p);
    return int_div(&p->heap, args[0], args[1]);
}

term_t bif_arith_rem_2(process *p, const term_t *args)
{
    if (!term_is_integer(args[0]) || !term_is_integer(args[1]) || args[1] == term_small(0))
        return raise_badarith(p);
    return int_rem(&p->heap, args[0], args[1]);
}

/* ---- bitwise operations -------------------------------------------------------- */

/* An integer term as sign and magnitude limbs; SMALLs use `one`. */
typedef struct int_view {
    bool neg;
    size_t n; /* limbs, 0 for zero */
    const mp_limb_t *l;
    mp_limb_t one;
} int_view;

static void view_int(term_t t, int_view *v)
{
    if (term_is_small(t)) {
        int64_t s = small_value(t);
        v->neg = s < 0;
        v->one = s < 0 ? (mp_limb_t)0 - (mp_limb_t)s : (mp_limb_t)s;
        v->l = &v->one;
        v->n = s != 0;
    } else {
        v->neg = big_is_negative(t);
        v->n = big_limb_count(t);
        v->l = big_limbs(t);
    }
}

/* Scratch limbs: on the stack when few, else ALLOC_TEMP. */
typedef struct limb_buf {
    mp_limb_t local[8];
    mp_limb_t *l;
    size_t cap;
} limb_buf;

static mp_limb_t *get_limbs(limb_buf *b, size_t n)
{
    b->cap = n;
    b->l = n <= 8 ? b->local : alloc_new(ALLOC_TEMP, n * sizeof(mp_limb_t));
    return b->l;
}

static void release_limbs(limb_buf *b)
{
    if (b->l != b->local)
        alloc_free(ALLOC_TEMP, b->l, b->cap * sizeof(mp_limb_t));
}

/* v as an n-limb two's complement number (n > v->n) at out. */
static void write_twos(const int_view *v, mp_limb_t *out, size_t n)
{
    if (v->n)
        mpn_copyi(out, v->l, (mp_size_t)v->n);
    mpn_zero(out + v->n, (mp_size_t)(n - v->n));
    if (v->neg)
        mpn_neg(out, out, (mp_size_t)n);
}

enum bitop { OP_AND, OP_OR, OP_XOR };

/* band, bor, bxor with two's complement semantics on any integers. */
static term_t bitwise(process *p, const term_t *args, enum bitop op)
{
    term_t x = args[0], y = args[1];
    if (!term_is_integer(x) || !term_is_integer(y))
        return raise_badarith(p);
    if (term_is_small(x) && term_is_small(y)) {
        int64_t a = small_value(x), b = small_value(y);
        return term_small(op == OP_AND ? (a & b) : op == OP_OR ? (a | b) : (a ^ b));
    }
    int_view a, b;
    view_int(x, &a);
    view_int(y, &b);
    size_t n = (a.n > b.n ? a.n : b.n) + 1; /* room for the sign bit */
    limb_buf ba, bb;
    mp_limb_t *la = get_limbs(&ba, n), *lb = get_limbs(&bb, n);
    write_twos(&a, la, n);
    write_twos(&b, lb, n);
    switch (op) {
    case OP_AND:
        mpn_and_n(la, la, lb, (mp_size_t)n);
        break;
    case OP_OR:
        mpn_ior_n(la, la, lb, (mp_size_t)n);
        break;
    case OP_XOR:
        mpn_xor_n(la, la, lb, (mp_size_t)n);
        break;
    }
    bool neg = la[n - 1] >> (GMP_NUMB_BITS - 1);
    if (neg)
        mpn_neg(la, la, (mp_size_t)n);
    /* No size check: OTP 25 has none here, so (2^33554368 - 1) bxor -1
     * gives -2^33554368 although bnot of the same number is system_limit. */
    term_t r = big_from_limbs(&p->heap, neg, la, n);
    release_limbs(&ba);
    release_limbs(&bb);
    return r;
}

term_t bif_arith_band_2(process *p, const term_t *args) { return bitwise(p, args, OP_AND); }
term_t bif_arith_bor_2(process *p, const term_t *args) { return bitwise(p, args, OP_OR); }
term_t bif_arith_bxor_2(process *p, const term_t *args) { return bitwise(p, args, OP_XOR); }

term_t bif_arith_bnot_1(process *p, const term_t *args)
{
    term_t x = args[0];
    if (term_is_small(x))
        return term_small(~small_value(x));
    if (!term_is_integer(x))
        return raise_badarith(p);
    /* bnot X = -X - 1 */
    return checked_int(p, int_sub(&p->heap, int_neg(&p->heap, x), term_small(1)));
}

/* x * 2^n, n > 0; x != 0. */
static term_t shift_left(process *p, const int_view *v, uint64_t n)
{
    mp_limb_t top = v->l[v->n - 1];
    uint64_t bits = (uint64_t)(v->n - 1) * GMP_NUMB_BITS + (uint64_t)(GMP_NUMB_BITS - __builtin_clzll(top));
    if (n > BIG_MAX_BITS || bits + n > BIG_MAX_BITS)
        return raise_system_limit(p);
    size_t words = (size_t)(n / GMP_NUMB_BITS);
    unsigned sh = (unsigned)(n % GMP_NUMB_BITS);
    size_t rn = v->n + words + 1;
    limb_buf b;
    mp_limb_t *r = get_limbs(&b, rn);
    mpn_zero(r, (mp_size_t)words);
    if (sh)
        r[rn - 1] = mpn_lshift(r + words, v->l, (mp_size_t)v->n, sh);
    else {
        mpn_copyi(r + words, v->l, (mp_size_t)v->n);
        r[rn - 1] = 0;
    }
    term_t res = big_from_limbs(&p->heap, v->neg, r, rn);
    release_limbs(&b);
    return res;
}

/* floor(x / 2^n), n > 0; x != 0. A negative x shifts as two's complement:
 * -(((|x| - 1) >> n) + 1). */
static term_t shift_right(process *p, const int_view *v, uint64_t n)
{
    if (n >= (uint64_t)v->n * GMP_NUMB_BITS)
        return term_small(v->neg ? -1 : 0);
    size_t words = (size_t)(n / GMP_NUMB_BITS);
    unsigned sh = (unsigned)(n % GMP_NUMB_BITS);
    size_t rn = v->n - words;
    limb_buf bt, br;
    mp_limb_t *t = get_limbs(&bt, v->n), *r = get_limbs(&br, rn + 1);
    mpn_copyi(t, v->l, (mp_size_t)v->n);
    if (v->neg)
        mpn_sub_1(t, t, (mp_size_t)v->n, 1);
    if (sh)
        mpn_rshift(r, t + words, (mp_size_t)rn, sh);
    else
        mpn_copyi(r, t + words, (mp_size_t)rn);
    r[rn] = 0;
    if (v->neg)
        mpn_add_1(r, r, (mp_size_t)(rn + 1), 1);
    term_t res = big_from_limbs(&p->heap, v->neg, r, rn + 1);
    release_limbs(&bt);
    release_limbs(&br);
    return res;
}

/* x bsl s (left = true) or x bsr s. */
static term_t shift(process *p, term_t x, term_t s, bool left)
{
    if (!term_is_integer(x) || !term_is_integer(s))
        return raise_badarith(p);
    if (x == term_small(0))
        return x;
    int_view v;
    view_int(x, &v);
    bool shift_neg = term_is_small(s) ? small_value(s) < 0 : big_is_negative(s);
    if (shift_neg)
        left = !left;
    if (term_is_big(s)) /* a shift of 2^59 bits or more */
        return left ? raise_system_limit(p) : term_small(v.neg ? -1 : 0);
    int64_t k = small_value(s);
    uint64_t n = k < 0 ? (uint64_t)0 - (uint64_t)k : (uint64_t)k;
    if (n == 0)
        return x;
    return left ? shift_left(p, &v, n) : shift_right(p, &v, n);
}

term_t bif_arith_bsl_2(process *p, const term_t *args) { return shift(p, args[0], args[1], true); }
term_t bif_arith_bsr_2(process *p, const term_t *args) { return shift(p, args[0], args[1], false); }

/* ---- comparisons and booleans ---------------------------------------------------- */

term_t bif_arith_eq_2(process *p, const term_t *args) { return make_bool(term_eq(args[0], args[1])); }
term_t bif_arith_ne_2(process *p, const term_t *args) { return make_bool(!term_eq(args[0], args[1])); }
term_t bif_arith_exact_eq_2(process *p, const term_t *args)
{
    return make_bool(term_eq_exact(args[0], args[1]));
}
term_t bif_arith_exact_ne_2(process *p, const term_t *args)
{
    return make_bool(!term_eq_exact(args[0], args[1]));
}
term_t bif_arith_lt_2(process *p, const term_t *args) { return make_bool(term_cmp(args[0], args[1]) < 0); }
term_t bif_arith_gt_2(process *p, const term_t *args) { return make_bool(term_cmp(args[0], args[1]) > 0); }
term_t bif_arith_le_2(process *p, const term_t *args) { return make_bool(term_cmp(args[0], args[1]) <= 0); }
term_t bif_arith_ge_2(process *p, const term_t *args) { return make_bool(term_cmp(args[0], args[1]) >= 0); }

static bool is_bool(term_t t) { return t == ATOM_true || t == ATOM_false; }

term_t bif_arith_not_1(process *p, const term_t *args)
{
    if (!is_bool(args[0]))
        return BIF_BADARG(p);
    return make_bool(args[0] == ATOM_false);
}

term_t bif_arith_and_2(process *p, const term_t *args)
{
    if (!is_bool(args[0]) || !is_bool(args[1]))
        return BIF_BADARG(p);
    return make_bool(args[0] == ATOM_true && args[1] == ATOM_true);
}

term_t bif_arith_or_2(process *p, const term_t *args)
{
    if (!is_bool(args[0]) || !is_bool(args[1]))
        return BIF_BADARG(p);
    return make_bool(args[0] == ATOM_true || args[1] == ATOM_true);
}

term_t bif_arith_xor_2(process *p, const term_t *args)
{
    if (!is_bool(args[0]) || !is_bool(args[1]))
        return BIF_BADARG(p);
    return make_bool(args[0] != args[1]);
}

/* ---- number BIFs (badarg, not badarith, on a bad argument) ------------------------- */

term_t bif_arith_abs_1(process *p, const term_t *args)
{
    term_t x = args[0];
    if (term_is_small(x))
        return term_int64(&p->heap, llabs(small_value(x)));
    if (term_is_big(x))
        return big_is_negative(x) ? int_neg(&p->heap, x) : x;
    if (term_is_float(x)) { /* abs(-0.0) is -0.0 in OTP 25: no fabs */
        double d = float_value(x);
        return d < 0 ? term_float(&p->heap, -d) : x;
    }
    return BIF_BADARG(p);
}

term_t bif_arith_float_1(process *p, const term_t *args)
{
    term_t x = args[0];
    double d;
    if (term_is_float(x))
        return x;
    if (!term_is_integer(x) || !get_double(x, &d))
        return BIF_BADARG(p);
    return term_float(&p->heap, d);
}

/* trunc, round, ceil, floor: integers unchanged, floats through `fn`. */
static term_t to_integer(process *p, term_t x, double (*fn)(double))
{
    if (term_is_integer(x))
        return x;
    if (!term_is_float(x))
        return BIF_BADARG(p);
    return int_from_double(&p->heap, fn(float_value(x)));
}

term_t bif_arith_trunc_1(process *p, const term_t *args) { return to_integer(p, args[0], trunc); }
/* C's round() goes half away from zero, as OTP's round/1 does. */
term_t bif_arith_round_1(process *p, const term_t *args) { return to_integer(p, args[0], round); }
term_t bif_arith_ceil_1(process *p, const term_t *args) { return to_integer(p, args[0], ceil); }
term_t bif_arith_floor_1(process *p, const term_t *args) { return to_integer(p, args[0], floor); }

/* On a tie both return their first argument, as OTP: max(1, 1.0) is 1. */
term_t bif_arith_max_2(process *p, const term_t *args)
{
    return term_cmp(args[0], args[1]) < 0 ? args[1] : args[0];
}

term_t bif_arith_min_2(process *p, const term_t *args)
{
    return term_cmp(args[0], args[1]) > 0 ? args[1] : args[0];
}

/* ---- math ------------------------------------------------------------------------------ */

/* A math argument: badarg if not a number, badarith if an integer too big
 * for a double (math:sin(1 bsl 2000) is badarith in OTP 25). */
static bool get_math_arg(process *p, term_t t, double *d)
{
    if (!term_is_number(t)) {
        BIF_BADARG(p);
        return false;
    }
    if (!get_double(t, d)) {
        raise_badarith(p);
        return false;
    }
    return true;
}

/* fn(x); a NaN or infinite result is badarith. */
static term_t math1(process *p, term_t x, double (*fn)(double))
{
    double d;
    if (!get_math_arg(p, x, &d))
        return THE_NON_VALUE;
    return make_float(p, fn(d));
}

static term_t math2(process *p, const term_t *args, double (*fn)(double, double))
{
    double a, b;
    if (!get_math_arg(p, args[0], &a) || !get_math_arg(p, args[1], &b))
        return THE_NON_VALUE;
    return make_float(p, fn(a, b));
}

term_t bif_arith_math_pi_0(process *p, const term_t *args) { return term_float(&p->heap, M_PI); }
term_t bif_arith_math_sin_1(process *p, const term_t *args) { return math1(p, args[0], sin); }
term_t bif_arith_math_cos_1(process *p, const term_t *args) { return math1(p, args[0], cos); }
term_t bif_arith_math_tan_1(process *p, const term_t *args) { return math1(p, args[0], tan); }
term_t bif_arith_math_asin_1(process *p, const term_t *args) { return math1(p, args[0], asin); }
term_t bif_arith_math_acos_1(process *p, const term_t *args) { return math1(p, args[0], acos); }
term_t bif_arith_math_atan_1(process *p, const term_t *args) { return math1(p, args[0], atan); }
term_t bif_arith_math_atan2_2(process *p, const term_t *args) { return math2(p, args, atan2); }
term_t bif_arith_math_sinh_1(process *p, const term_t *args) { return math1(p, args[0], sinh); }
term_t bif_arith_math_cosh_1(process *p, const term_t *args) { return math1(p, args[0], cosh); }
term_t bif_arith_math_tanh_1(process *p, const term_t *args) { return math1(p, args[0], tanh); }
term_t bif_arith_math_asinh_1(process *p, const term_t *args) { return math1(p, args[0], asinh); }
term_t bif_arith_math_acosh_1(process *p, const term_t *args) { return math1(p, args[0], acosh); }
term_t bif_arith_math_atanh_1(process *p, const term_t *args) { return math1(p, args[0], atanh); }
term_t bif_arith_math_exp_1(process *p, const term_t *args) { return math1(p, args[0], exp); }
term_t bif_arith_math_log_1(process *p, const term_t *args) { return math1(p, args[0], log); }
term_t bif_arith_math_log2_1(process *p, const term_t *args) { return math1(p, args[0], log2); }
term_t bif_arith_math_log10_1(process *p, const term_t *args) { return math1(p, args[0], log10); }
term_t bif_arith_math_pow_2(process *p, const term_t *args) { return math2(p, args, pow); }
term_t bif_arith_math_sqrt_1(process *p, const term_t *args) { return math1(p, args[0], sqrt); }
term_t bif_arith_math_fmod_2(process *p, const term_t *args) { return math2(p, args, fmod); }
term_t bif_arith_math_ceil_1(process *p, const term_t *args) { return math1(p, args[0], ceil); }
term_t bif_arith_math_floor_1(process *p, const term_t *args) { return math1(p, args[0], floor); }
term_t bif_arith_math_erf_1(process *p, const term_t *args) { return math1(p, args[0], erf); }
term_t bif_arith_math_erfc_1(process *p, const term_t *args) { return math1(p, args[0], erfc); }
