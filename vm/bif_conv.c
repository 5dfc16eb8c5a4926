/* bif_conv.c: the conversion BIFs of module erlang: atoms, integers and
 * floats to and from text, tuples and lists, the external term format, and
 * the text of pids, ports, refs and funs, with OTP 25's results and
 * exceptions. Results are built on &p->heap; nothing here runs the GC. */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "binary.h"
#include "ext.h"
#include "float.h"
#include "heap.h"
#include "unicode.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_conv.def"
#undef BIF

/* Atoms these BIFs take as options, interned once. */
static term_t am_latin1, am_unicode, am_decimals, am_scientific, am_compact, am_short, am_compressed,
    am_minor_version, am_deterministic, am_safe, am_used;
static pthread_once_t atoms_once = PTHREAD_ONCE_INIT;

static void intern_atoms(void)
{
    am_latin1 = atom_from_cstr("latin1");
    am_unicode = atom_from_cstr("unicode");
    am_decimals = atom_from_cstr("decimals");
    am_scientific = atom_from_cstr("scientific");
    am_compact = atom_from_cstr("compact");
    am_short = atom_from_cstr("short");
    am_compressed = atom_from_cstr("compressed");
    am_minor_version = atom_from_cstr("minor_version");
    am_deterministic = atom_from_cstr("deterministic");
    am_safe = atom_from_cstr("safe");
    am_used = atom_from_cstr("used");
}

static void need_atoms(void) { pthread_once(&atoms_once, intern_atoms); }

static term_t raise_system_limit(process *p) { return bif_raise(p, CLASS_ERROR, ATOM_system_limit); }

/* ---- reading arguments ----------------------------------------------------------- */

/* OTP's intlist_to_buf: a proper list of at most `cap` integers 0..255
 * into buf. Returns the count, or -1. */
static int64_t copy_byte_list(term_t l, char *buf, size_t cap)
{
    size_t n = 0;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (n == cap || !term_is_small(c) || small_value(c) < 0 || small_value(c) > 255)
            return -1;
        buf[n++] = (char)small_value(c);
    }
    return term_is_nil(l) ? (int64_t)n : -1;
}

/* A proper list of integers 0..255 as NUL-terminated bytes in ALLOC_TEMP
 * memory (free *n + 1 bytes), or NULL. */
static char *list_bytes(term_t l, size_t *n)
{
    int64_t len = list_length(l);
    if (len < 0)
        return NULL;
    char *buf = alloc_new(ALLOC_TEMP, (size_t)len + 1);
    if (copy_byte_list(l, buf, (size_t)len) < 0) {
        alloc_free(ALLOC_TEMP, buf, (size_t)len + 1);
        return NULL;
    }
    buf[len] = '\0';
    *n = (size_t)len;
    return buf;
}

/* A binary's bytes (not a bitstring's): the bytes in place when aligned,
 * else a NUL-terminated ALLOC_TEMP copy in *copy (free size + 1 bytes).
 * NULL if `b` is not a binary. */
typedef struct bin_bytes {
    const uint8_t *bytes;
    size_t size;
    uint8_t *copy;
} bin_bytes;

static bool get_binary(term_t b, bin_bytes *out)
{
    if (!term_is_bitstring(b))
        return false;
    bin_view v;
    bin_view_of(b, &v);
    if (v.bitsize != 0)
        return false;
    out->size = (size_t)v.size;
    out->copy = NULL;
    if (v.bitoffset == 0) {
        out->bytes = v.bytes;
        return true;
    }
    out->copy = alloc_new(ALLOC_TEMP, out->size + 1);
    bin_copy_bits(&v, out->copy);
    out->copy[out->size] = 0;
    out->bytes = out->copy;
    return true;
}

static void release_binary(bin_bytes *b)
{
    if (b->copy)
        alloc_free(ALLOC_TEMP, b->copy, b->size + 1);
}

/* The same bytes NUL-terminated, always copied (free size + 1 bytes). */
static char *binary_cstring(const bin_bytes *b)
{
    char *s = alloc_new(ALLOC_TEMP, b->size + 1);
    memcpy(s, b->bytes, b->size);
    s[b->size] = '\0';
    return s;
}

/* A base argument: a small integer 2..36. */
static bool get_base(term_t t, unsigned *base)
{
    if (!term_is_small(t) || small_value(t) < 2 || small_value(t) > 36)
        return false;
    *base = (unsigned)small_value(t);
    return true;
}

/* ---- atoms ------------------------------------------------------------------------ */

term_t bif_conv_atom_to_list_1(process *p, const term_t *args)
{
    term_t a = args[0];
    if (!term_is_atom(a))
        return BIF_BADARG(p);
    size_t len;
    const unsigned char *s = (const unsigned char *)atom_text(a, &len);
    term_t chars[ATOM_MAX_CHARS];
    size_t n = 0;
    for (size_t i = 0, k; i < len && n < ATOM_MAX_CHARS; i += k)
        chars[n++] = term_small(unicode_decode_utf8(s + i, len - i, &k));
    return term_list_from(&p->heap, chars, n, NIL);
}

/* Longest UTF-8 text of an atom. */
#define ATOM_MAX_BYTES (ATOM_MAX_CHARS * 4)

typedef enum text_result { TEXT_OK, TEXT_BADARG, TEXT_SYSTEM_LIMIT } text_result;

/* A list of code points as UTF-8, walked as OTP 25 walks it: the 256th
 * cell is system_limit whatever it holds; before that, an element that is
 * not a code point (a surrogate, negative, above 0x10FFFF, not an integer)
 * or an improper tail is badarg. */
static text_result list_to_utf8(term_t l, char *buf, size_t *n)
{
    size_t chars = 0, k = 0;
    for (; term_is_list(l); l = list_tail(l)) {
        if (chars++ == ATOM_MAX_CHARS)
            return TEXT_SYSTEM_LIMIT;
        term_t c = list_head(l);
        if (!term_is_small(c))
            return TEXT_BADARG;
        int64_t cp = small_value(c);
        if (!unicode_is_scalar(cp))
            return TEXT_BADARG;
        k += unicode_encode_utf8((uint32_t)cp, buf + k);
    }
    if (!term_is_nil(l))
        return TEXT_BADARG;
    *n = k;
    return TEXT_OK;
}

/* An atom_result of atom_intern as an exception. */
static term_t raise_atom_error(process *p, atom_result r)
{
    return r == ATOM_TABLE_FULL || r == ATOM_TOO_LONG ? raise_system_limit(p) : BIF_BADARG(p);
}

term_t bif_conv_list_to_atom_1(process *p, const term_t *args)
{
    char buf[ATOM_MAX_BYTES];
    size_t n;
    switch (list_to_utf8(args[0], buf, &n)) {
    case TEXT_BADARG:
        return BIF_BADARG(p);
    case TEXT_SYSTEM_LIMIT:
        return raise_system_limit(p);
    case TEXT_OK:
        break;
    }
    term_t a;
    atom_result r = atom_intern(buf, n, &a);
    return r == ATOM_OK ? a : raise_atom_error(p, r);
}

term_t bif_conv_list_to_existing_atom_1(process *p, const term_t *args)
{
    char buf[ATOM_MAX_BYTES];
    size_t n;
    term_t a;
    if (list_to_utf8(args[0], buf, &n) != TEXT_OK || atom_lookup(buf, n, &a) != ATOM_OK)
        return BIF_BADARG(p);
    return a;
}

/* An encoding argument: latin1, or utf8/unicode. */
static bool get_encoding(term_t enc, bool *latin1)
{
    need_atoms();
    if (enc == am_latin1)
        *latin1 = true;
    else if (enc == ATOM_utf8 || enc == am_unicode)
        *latin1 = false;
    else
        return false;
    return true;
}

static term_t atom_to_binary(process *p, term_t a, term_t enc)
{
    bool latin1;
    if (!term_is_atom(a) || !get_encoding(enc, &latin1))
        return BIF_BADARG(p);
    size_t len;
    const unsigned char *s = (const unsigned char *)atom_text(a, &len);
    if (!latin1)
        return bin_new(&p->heap, s, len);
    if (!atom_is_latin1(a))
        return BIF_BADARG(p);
    uint8_t buf[ATOM_MAX_CHARS];
    size_t n = 0;
    for (size_t i = 0, k; i < len; i += k)
        buf[n++] = (uint8_t)unicode_decode_utf8(s + i, len - i, &k);
    return bin_new(&p->heap, buf, n);
}

term_t bif_conv_atom_to_binary_1(process *p, const term_t *args)
{
    return atom_to_binary(p, args[0], ATOM_utf8);
}
term_t bif_conv_atom_to_binary_2(process *p, const term_t *args)
{
    return atom_to_binary(p, args[0], args[1]);
}

/* UTF-8 atom text checked as OTP 25 checks it: more than ATOM_MAX_BYTES
 * bytes is system_limit; then, char by char, a 256th char is system_limit
 * and an invalid sequence before it badarg. */
static text_result check_utf8_atom(const uint8_t *s, size_t n)
{
    if (n > ATOM_MAX_BYTES)
        return TEXT_SYSTEM_LIMIT;
    size_t chars = 0;
    for (size_t i = 0, k; i < n; i += k) {
        if (chars++ == ATOM_MAX_CHARS)
            return TEXT_SYSTEM_LIMIT;
        uint32_t cp;
        k = unicode_decode_utf8_strict(s + i, n - i, &cp);
        if (k == 0)
            return TEXT_BADARG;
    }
    return TEXT_OK;
}

/* binary_to_atom and binary_to_existing_atom. */
static term_t binary_to_atom(process *p, term_t bin, term_t enc, bool must_exist)
{
    bool latin1;
    bin_bytes b;
    if (!get_encoding(enc, &latin1) || !get_binary(bin, &b))
        return BIF_BADARG(p);
    term_t a = THE_NON_VALUE;
    text_result tr = TEXT_OK;
    atom_result r = ATOM_OK;
    if (latin1) {
        if (b.size > ATOM_MAX_CHARS) {
            tr = TEXT_SYSTEM_LIMIT;
        } else if (must_exist) {
            char buf[ATOM_MAX_BYTES];
            size_t n = 0;
            for (size_t i = 0; i < b.size; i++)
                n += unicode_encode_utf8(b.bytes[i], buf + n);
            r = atom_lookup(buf, n, &a);
        } else {
            r = atom_intern_latin1((const char *)b.bytes, b.size, &a);
        }
    } else {
        tr = check_utf8_atom(b.bytes, b.size);
        if (tr == TEXT_OK)
            r = must_exist ? atom_lookup((const char *)b.bytes, b.size, &a)
                           : atom_intern((const char *)b.bytes, b.size, &a);
    }
    release_binary(&b);
    if (tr == TEXT_OK && r == ATOM_OK)
        return a;
    if (must_exist || tr == TEXT_BADARG)
        return BIF_BADARG(p);
    return tr == TEXT_SYSTEM_LIMIT ? raise_system_limit(p) : raise_atom_error(p, r);
}

term_t bif_conv_binary_to_atom_1(process *p, const term_t *args)
{
    return binary_to_atom(p, args[0], ATOM_utf8, false);
}
term_t bif_conv_binary_to_atom_2(process *p, const term_t *args)
{
    return binary_to_atom(p, args[0], args[1], false);
}
term_t bif_conv_binary_to_existing_atom_1(process *p, const term_t *args)
{
    return binary_to_atom(p, args[0], ATOM_utf8, true);
}
term_t bif_conv_binary_to_existing_atom_2(process *p, const term_t *args)
{
    return binary_to_atom(p, args[0], args[1], true);
}

/* ---- integers ------------------------------------------------------------------------ */

/* OTP's largest bignum (see bif_arith.c): 2^19 - 1 limbs. */
#define BIG_MAX_LIMBS 524287u

/* integer_to_list and integer_to_binary. */
static term_t integer_to_text(process *p, term_t i, term_t base_arg, bool binary)
{
    unsigned base = 10;
    if (!term_is_integer(i) || (base_arg != THE_NON_VALUE && !get_base(base_arg, &base)))
        return BIF_BADARG(p);
    char small_buf[72];
    size_t cap = int_chars_bound(i, base);
    char *buf = cap <= sizeof small_buf ? small_buf : alloc_new(ALLOC_TEMP, cap);
    size_t n = int_to_chars(i, base, buf);
    term_t r = binary ? bin_new(&p->heap, (const uint8_t *)buf, n) : term_string(&p->heap, buf, n);
    if (buf != small_buf)
        alloc_free(ALLOC_TEMP, buf, cap);
    return r;
}

term_t bif_conv_integer_to_list_1(process *p, const term_t *args)
{
    return integer_to_text(p, args[0], THE_NON_VALUE, false);
}
term_t bif_conv_integer_to_list_2(process *p, const term_t *args)
{
    return integer_to_text(p, args[0], args[1], false);
}
term_t bif_conv_integer_to_binary_1(process *p, const term_t *args)
{
    return integer_to_text(p, args[0], THE_NON_VALUE, true);
}
term_t bif_conv_integer_to_binary_2(process *p, const term_t *args)
{
    return integer_to_text(p, args[0], args[1], true);
}

/* An optional sign, then one or more digits of `base`, nothing else. */
static term_t parse_integer(process *p, const char *s, size_t n, unsigned base)
{
    bool neg = false;
    if (n > 0 && (s[0] == '+' || s[0] == '-')) {
        neg = s[0] == '-';
        s++, n--;
    }
    term_t r;
    if (!int_from_digits(&p->heap, s, n, base, neg, &r))
        return BIF_BADARG(p);
    if (term_is_big(r) && big_limb_count(r) > BIG_MAX_LIMBS)
        return raise_system_limit(p);
    return r;
}

static term_t list_to_integer(process *p, term_t l, term_t base_arg)
{
    unsigned base = 10;
    if (base_arg != THE_NON_VALUE && !get_base(base_arg, &base))
        return BIF_BADARG(p);
    size_t n;
    char *s = list_bytes(l, &n);
    if (!s)
        return BIF_BADARG(p);
    term_t r = parse_integer(p, s, n, base);
    alloc_free(ALLOC_TEMP, s, n + 1);
    return r;
}

static term_t binary_to_integer(process *p, term_t b, term_t base_arg)
{
    unsigned base = 10;
    bin_bytes bb;
    if ((base_arg != THE_NON_VALUE && !get_base(base_arg, &base)) || !get_binary(b, &bb))
        return BIF_BADARG(p);
    term_t r = parse_integer(p, (const char *)bb.bytes, bb.size, base);
    release_binary(&bb);
    return r;
}

term_t bif_conv_list_to_integer_1(process *p, const term_t *args)
{
    return list_to_integer(p, args[0], THE_NON_VALUE);
}
term_t bif_conv_list_to_integer_2(process *p, const term_t *args)
{
    return list_to_integer(p, args[0], args[1]);
}
term_t bif_conv_binary_to_integer_1(process *p, const term_t *args)
{
    return binary_to_integer(p, args[0], THE_NON_VALUE);
}
term_t bif_conv_binary_to_integer_2(process *p, const term_t *args)
{
    return binary_to_integer(p, args[0], args[1]);
}

/* ---- floats ---------------------------------------------------------------------------- */

/* OTP formats floats into a 256-byte buffer; a longer text is badarg. */
#define FLOAT_TEXT_MAX 256

/* snprintf's radix character follows the locale; OTP always writes '.'. */
static void fix_radix(char *s)
{
    char *c = strchr(s, ',');
    if (c)
        *c = '.';
}

/* OTP's find_first_trailing_zero: drops trailing zeros but keeps one after
 * the point. Applied to "%.0f" text it drops an integer's zeros too
 * (float_to_list(1.0e20, [{decimals,0},compact]) is "1" in OTP 25). */
static size_t strip_zeros(const char *s, size_t n)
{
    while (n > 0 && s[n - 1] == '0')
        n--;
    if (n > 0 && s[n - 1] == '.')
        n++;
    return n;
}

/* {decimals, D}: OTP 25's sys_double_to_chars_fast. Values up to 2^53 with
 * D < 19 are rounded by hand, half away from zero on the double that
 * (frac * 10^D) gives; others go through "%.*f". Returns the length, or -1
 * if the text would not fit OTP's buffer. */
static int format_fixed(double f, int decimals, bool compact, char *buf)
{
    static const double pow10v[19] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8, 1e9,
                                      1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
    bool neg = signbit(f);
    double af = fabs(f);
    if (af > 9007199254740992.0 || decimals >= 19) {
        int len = snprintf(buf, FLOAT_TEXT_MAX, "%.*f", decimals, f);
        if (len < 0 || len >= FLOAT_TEXT_MAX)
            return -1;
        fix_radix(buf);
        size_t n = compact ? strip_zeros(buf, (size_t)len) : (size_t)len;
        buf[n] = '\0';
        return (int)n;
    }
    char tmp[48];
    int k = 0; /* tmp is written backwards from its end */
    uint64_t int_part;
    int d = decimals;
    if (d) {
        double int_f = floor(af);
        double frac_f = round((af - int_f) * pow10v[d]);
        int_part = (uint64_t)int_f;
        uint64_t frac = (uint64_t)frac_f;
        if (frac_f >= pow10v[d]) { /* the rounding carried into the integer part */
            int_part++;
            frac = 0;
        }
        for (; d > 0; d--) {
            tmp[sizeof tmp - 1 - k++] = (char)('0' + frac % 10);
            frac /= 10;
        }
        tmp[sizeof tmp - 1 - k++] = '.';
    } else {
        int_part = (uint64_t)llround(af);
    }
    do {
        tmp[sizeof tmp - 1 - k++] = (char)('0' + int_part % 10);
        int_part /= 10;
    } while (int_part);
    if (neg)
        tmp[sizeof tmp - 1 - k++] = '-';
    size_t n = (size_t)k;
    memcpy(buf, tmp + sizeof tmp - k, n);
    if (compact && decimals)
        n = strip_zeros(buf, n);
    buf[n] = '\0';
    return (int)n;
}

/* {scientific, D} and the default (D = 20): "%.*e". */
static int format_scientific(double f, int decimals, char *buf)
{
    int len = snprintf(buf, FLOAT_TEXT_MAX, "%.*e", decimals, f);
    if (len < 0 || len >= FLOAT_TEXT_MAX)
        return -1;
    fix_radix(buf);
    return len;
}

/* float_to_list/float_to_binary: the text of float `x` under option list
 * `opts` into buf (FLOAT_TEXT_MAX bytes); -1 for badarg. Options are read
 * as OTP reads them: the last format option wins, compact applies to
 * {decimals, D} only. */
static int float_text(term_t x, term_t opts, char *buf)
{
    enum { FMT_LEGACY, FMT_SHORT, FMT_FIXED, FMT_SCIENTIFIC } fmt = FMT_LEGACY;
    int decimals = 20;
    bool compact = false;
    if (!term_is_float(x))
        return -1;
    need_atoms();
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if (o == am_compact) {
            compact = true;
        } else if (o == am_short) {
            fmt = FMT_SHORT;
        } else if (term_is_tuple(o) && tuple_arity(o) == 2 && term_is_small(tuple_get(o, 1)) &&
                   (tuple_get(o, 0) == am_decimals || tuple_get(o, 0) == am_scientific)) {
            /* OTP keeps the count in a C int: {decimals, 1 bsl 40} is 0 */
            decimals = (int)(int32_t)(uint32_t)small_value(tuple_get(o, 1));
            fmt = tuple_get(o, 0) == am_decimals ? FMT_FIXED : FMT_SCIENTIFIC;
        } else {
            return -1;
        }
    }
    if (!term_is_nil(opts))
        return -1;
    double f = float_value(x);
    /* A count past FLOAT_TEXT_MAX cannot fit OTP's buffer. A negative count
     * is badarg for decimals; for scientific it reaches printf, which takes
     * it as no precision at all (6 digits). */
    if (fmt != FMT_SHORT && decimals > FLOAT_TEXT_MAX)
        return -1;
    switch (fmt) {
    case FMT_SHORT:
        return (int)float_to_short_chars(f, buf);
    case FMT_FIXED:
        return decimals < 0 ? -1 : format_fixed(f, decimals, compact, buf);
    default:
        return format_scientific(f, decimals, buf);
    }
}

static term_t float_to_text(process *p, term_t x, term_t opts, bool binary)
{
    char buf[FLOAT_TEXT_MAX];
    int n = float_text(x, opts, buf);
    if (n <= 0)
        return BIF_BADARG(p);
    return binary ? bin_new(&p->heap, (const uint8_t *)buf, (size_t)n)
                  : term_string(&p->heap, buf, (size_t)n);
}

term_t bif_conv_float_to_list_1(process *p, const term_t *args)
{
    return float_to_text(p, args[0], NIL, false);
}
term_t bif_conv_float_to_list_2(process *p, const term_t *args)
{
    return float_to_text(p, args[0], args[1], false);
}
term_t bif_conv_float_to_binary_1(process *p, const term_t *args)
{
    return float_to_text(p, args[0], NIL, true);
}
term_t bif_conv_float_to_binary_2(process *p, const term_t *args)
{
    return float_to_text(p, args[0], args[1], true);
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* OTP's sys_chars_to_double on C string s (the text ends at its first NUL,
 * as in OTP): [+-]digits[.,]digits([eE][+-]digits)?, then strtod; an
 * overflow is an error, an underflow to zero or a denormal is not. */
static bool chars_to_double(char *s, double *out)
{
    char *c = s;
    if (*c == '+' || *c == '-')
        c++;
    if (!is_digit(*c))
        return false;
    while (is_digit(*c))
        c++;
    if (*c != '.' && *c != ',')
        return false;
    char *dot = c++;
    if (!is_digit(*c))
        return false;
    while (is_digit(*c))
        c++;
    if (*c == 'e' || *c == 'E') {
        c++;
        if (*c == '+' || *c == '-')
            c++;
        if (!is_digit(*c))
            return false;
        while (is_digit(*c))
            c++;
    }
    if (*c)
        return false;
    /* strtod's radix character follows the locale: try both. */
    for (int attempt = 0; attempt < 2; attempt++) {
        *dot = attempt == 0 ? '.' : ',';
        char *end;
        double v = strtod(s, &end);
        if (end == c) {
            if (!isfinite(v))
                return false;
            *out = v;
            return true;
        }
    }
    return false;
}

term_t bif_conv_list_to_float_1(process *p, const term_t *args)
{
    size_t n;
    char *s = list_bytes(args[0], &n);
    if (!s)
        return BIF_BADARG(p);
    double d;
    bool ok = chars_to_double(s, &d);
    alloc_free(ALLOC_TEMP, s, n + 1);
    return ok ? term_float(&p->heap, d) : BIF_BADARG(p);
}

term_t bif_conv_binary_to_float_1(process *p, const term_t *args)
{
    bin_bytes b;
    if (!get_binary(args[0], &b))
        return BIF_BADARG(p);
    bool ok = false;
    double d;
    if (b.size > 0) {
        char *s = binary_cstring(&b);
        ok = chars_to_double(s, &d);
        alloc_free(ALLOC_TEMP, s, b.size + 1);
    }
    release_binary(&b);
    return ok ? term_float(&p->heap, d) : BIF_BADARG(p);
}

/* ---- tuples ---------------------------------------------------------------------------- */

/* OTP's largest tuple (ERTS_MAX_TUPLE_SIZE). */
#define TUPLE_MAX_ARITY ((UINT64_C(1) << 24) - 1)

term_t bif_conv_tuple_to_list_1(process *p, const term_t *args)
{
    if (!term_is_tuple(args[0]))
        return BIF_BADARG(p);
    return term_list_from(&p->heap, tuple_elems(args[0]), (size_t)tuple_arity(args[0]), NIL);
}

term_t bif_conv_list_to_tuple_1(process *p, const term_t *args)
{
    int64_t n = list_length(args[0]);
    if (n < 0 || (uint64_t)n > TUPLE_MAX_ARITY)
        return BIF_BADARG(p);
    term_t t = term_tuple(&p->heap, (uint64_t)n, NULL);
    term_t *e = tuple_elems(t);
    for (term_t l = args[0]; term_is_list(l); l = list_tail(l))
        *e++ = list_head(l);
    return t;
}

/* ---- the external term format -------------------------------------------------------------- */

/* term_to_binary's options, as OTP 25 reads them: compressed (level 6),
 * {compressed, 0..9}, {minor_version, 0..2}, deterministic (our encoding
 * always is); the last of each kind counts. */
static bool check_t2b_options(term_t opts, ext_options *o)
{
    need_atoms();
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t x = list_head(opts);
        if (x == am_compressed) {
            o->compressed = 6;
            continue;
        }
        if (x == am_deterministic)
            continue;
        if (!term_is_tuple(x) || tuple_arity(x) != 2 || !term_is_small(tuple_get(x, 1)))
            return false;
        int64_t v = small_value(tuple_get(x, 1));
        if (tuple_get(x, 0) == am_minor_version && v >= 0 && v <= 2)
            o->minor = (int)v;
        else if (tuple_get(x, 0) == am_compressed && v >= 0 && v <= 9)
            o->compressed = (int)v;
        else
            return false;
    }
    return term_is_nil(opts);
}

static term_t term_to_binary(process *p, term_t t, const ext_options *o)
{
    term_t out;
    ext_result r = ext_term_to_binary(&p->heap, t, o, &out, NULL);
    if (r == EXT_SYSTEM_LIMIT)
        return raise_system_limit(p);
    return r == EXT_OK ? out : BIF_BADARG(p);
}

term_t bif_conv_term_to_binary_1(process *p, const term_t *args) { return term_to_binary(p, args[0], NULL); }

term_t bif_conv_term_to_binary_2(process *p, const term_t *args)
{
    ext_options o = {.minor = 1, .compressed = 0};
    if (!check_t2b_options(args[1], &o))
        return BIF_BADARG(p);
    return term_to_binary(p, args[0], &o);
}

/* binary_to_term with OTP 25's options: safe (no new atoms) and used
 * ({Term, BytesUsed}). `safe` is checked by the atom count, so an atom
 * another thread creates meanwhile fails a safe decode, and the atoms of a
 * rejected input stay in the table: vm/ext.c has no lookup-only mode yet. */
static term_t binary_to_term(process *p, term_t bin, bool safe, bool used)
{
    bin_bytes b;
    if (!get_binary(bin, &b))
        return BIF_BADARG(p);
    size_t atoms_before = safe ? atom_count() : 0;
    term_t t;
    size_t n;
    ext_result r = ext_binary_to_term(&p->heap, b.bytes, b.size, &t, &n, NULL);
    release_binary(&b);
    if (r == EXT_OK && safe && atom_count() != atoms_before)
        return BIF_BADARG(p);
    if (r == EXT_SYSTEM_LIMIT)
        return raise_system_limit(p);
    if (r != EXT_OK)
        return BIF_BADARG(p);
    return used ? term_tuple2(&p->heap, t, term_int64(&p->heap, (int64_t)n)) : t;
}

term_t bif_conv_binary_to_term_1(process *p, const term_t *args)
{
    return binary_to_term(p, args[0], false, false);
}

term_t bif_conv_binary_to_term_2(process *p, const term_t *args)
{
    bool safe = false, used = false;
    term_t opts = args[1];
    need_atoms();
    for (; term_is_list(opts); opts = list_tail(opts)) {
        if (list_head(opts) == am_safe)
            safe = true;
        else if (list_head(opts) == am_used)
            used = true;
        else
            return BIF_BADARG(p);
    }
    if (!term_is_nil(opts))
        return BIF_BADARG(p);
    return binary_to_term(p, args[0], safe, used);
}

/* ---- pids, ports, refs, funs as text ---------------------------------------------------------- */

static void put_cstr(alloc_buf *t, const char *s) { alloc_buf_put(t, s, strlen(s)); }

static void put_u64(alloc_buf *t, uint64_t v)
{
    char buf[24];
    alloc_buf_put(t, buf, (size_t)snprintf(buf, sizeof buf, "%" PRIu64, v));
}

/* The text as a list of chars; frees the buffer. */
static term_t text_to_list(process *p, alloc_buf *t)
{
    term_t l = term_string(&p->heap, t->p, t->n);
    alloc_buf_free(t);
    return l;
}

/* The node number OTP prints for another node's pid, port or ref is the
 * node's channel in its distribution table; we print the node atom's
 * index + 1, as format/write.c does, so ~w and pid_to_list/1 agree. */
static uint64_t node_channel(term_t node) { return atom_index(node) + 1; }

/* ref ids, last first: ".W2.W1.W0" */
static void put_ids(alloc_buf *t, const uint32_t *ids, uint64_t nids)
{
    for (uint64_t i = nids < REF_MAX_IDS ? nids : REF_MAX_IDS; i-- > 0;) {
        alloc_buf_put(t, ".", 1);
        put_u64(t, ids[i]);
    }
}

/* An atom as the emulator's printer writes it in fun_to_list: its UTF-8
 * bytes one char each, in quotes unless the first char is a latin1
 * lower-case letter and the rest latin1 letters, digits or '_'. */
static void put_atom_erts(alloc_buf *t, term_t atom)
{
    size_t n;
    const unsigned char *s = (const unsigned char *)atom_text(atom, &n);
    bool quote = n == 0;
    for (size_t i = 0, k; i < n && !quote; i += k) {
        uint32_t c = unicode_decode_utf8(s + i, n - i, &k);
        bool lower = (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7);
        bool upper = (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7);
        quote = !(i == 0 ? lower : (lower || upper || (c >= '0' && c <= '9') || c == '_'));
    }
    if (quote)
        alloc_buf_put(t, "'", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        const char *esc = NULL;
        switch (c) {
        case '\'':
            esc = "\\'";
            break;
        case '\\':
            esc = "\\\\";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\f':
            esc = "\\f";
            break;
        case '\t':
            esc = "\\t";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\b':
            esc = "\\b";
            break;
        case '\v':
            esc = "\\v";
            break;
        }
        char tmp[8];
        if (esc) {
            put_cstr(t, esc);
        } else if (c < ' ' || (c == 0xC2 && i + 1 < n && s[i + 1] < 0xA0)) {
            /* controls, C1 controls (UTF-8 C2 80..C2 9F) as \NNN octal */
            if (c == 0xC2)
                c = s[++i];
            alloc_buf_put(t, tmp, (size_t)snprintf(tmp, sizeof tmp, "\\%03o", c));
        } else {
            tmp[0] = (char)c;
            alloc_buf_put(t, tmp, 1);
        }
    }
    if (quote)
        alloc_buf_put(t, "'", 1);
}

term_t bif_conv_pid_to_list_1(process *p, const term_t *args)
{
    term_t pid = args[0];
    alloc_buf t = {0};
    if (term_is_local_pid(pid)) {
        put_cstr(&t, "<0.");
        put_u64(&t, pid_number(pid));
        alloc_buf_put(&t, ".", 1);
        put_u64(&t, pid_serial(pid));
    } else if (term_is_boxed_with(pid, HDR_EXT_PID)) {
        const ext_id_obj *x = ext_id_object(pid);
        alloc_buf_put(&t, "<", 1);
        put_u64(&t, node_channel(x->node));
        alloc_buf_put(&t, ".", 1);
        put_u64(&t, x->ids[0]);
        alloc_buf_put(&t, ".", 1);
        put_u64(&t, x->ids[1]);
    } else {
        return BIF_BADARG(p);
    }
    alloc_buf_put(&t, ">", 1);
    return text_to_list(p, &t);
}

term_t bif_conv_port_to_list_1(process *p, const term_t *args)
{
    term_t port = args[0];
    alloc_buf t = {0};
    if (term_is_local_port(port)) {
        put_cstr(&t, "#Port<0.");
        put_u64(&t, port_number(port));
    } else if (term_is_boxed_with(port, HDR_EXT_PORT)) {
        const ext_id_obj *x = ext_id_object(port);
        put_cstr(&t, "#Port<");
        put_u64(&t, node_channel(x->node));
        alloc_buf_put(&t, ".", 1);
        put_u64(&t, (uint64_t)x->ids[0] | (x->nids > 1 ? (uint64_t)x->ids[1] << 32 : 0));
    } else {
        return BIF_BADARG(p);
    }
    alloc_buf_put(&t, ">", 1);
    return text_to_list(p, &t);
}

term_t bif_conv_ref_to_list_1(process *p, const term_t *args)
{
    term_t ref = args[0];
    alloc_buf t = {0};
    if (term_is_local_ref(ref)) {
        const ref_obj *r = ref_object(ref);
        put_cstr(&t, "#Ref<0");
        put_ids(&t, r->ids, r->nids);
    } else if (term_is_boxed_with(ref, HDR_EXT_REF)) {
        const ext_id_obj *x = ext_id_object(ref);
        put_cstr(&t, "#Ref<");
        put_u64(&t, node_channel(x->node));
        put_ids(&t, x->ids, x->nids);
    } else {
        return BIF_BADARG(p);
    }
    alloc_buf_put(&t, ">", 1);
    return text_to_list(p, &t);
}

term_t bif_conv_fun_to_list_1(process *p, const term_t *args)
{
    term_t f = args[0];
    alloc_buf t = {0};
    char num[16];
    if (term_is_fun(f)) {
        const fun_obj *fo = fun_object(f);
        size_t n;
        const char *mod = atom_text(fo->module, &n);
        put_cstr(&t, "#Fun<");
        alloc_buf_put(&t, mod, n); /* the name's bytes, unquoted */
        int k = snprintf(num, sizeof num, ".%" PRId32, (int32_t)(uint32_t)fo->old_index);
        alloc_buf_put(&t, num, (size_t)k);
        k = snprintf(num, sizeof num, ".%" PRId32, (int32_t)(uint32_t)fo->old_uniq);
        alloc_buf_put(&t, num, (size_t)k);
        alloc_buf_put(&t, ">", 1);
    } else if (term_is_export(f)) {
        const export_obj *x = export_object(f);
        put_cstr(&t, "fun ");
        put_atom_erts(&t, x->module);
        alloc_buf_put(&t, ":", 1);
        put_atom_erts(&t, x->function);
        alloc_buf_put(&t, "/", 1);
        put_u64(&t, x->arity);
    } else {
        return BIF_BADARG(p);
    }
    return text_to_list(p, &t);
}

/* Digits at *s into *v (wrapping modulo 2^64, as OTP's Uint does); false
 * if there is none. */
static bool scan_uint(const char **s, uint64_t *v)
{
    const char *c = *s;
    if (!is_digit(*c))
        return false;
    uint64_t x = 0;
    while (is_digit(*c))
        x = 10 * x + (uint64_t)(*c++ - '0');
    *s = c;
    *v = x;
    return true;
}

/* OTP's limits for a pid of this node (ERTS_MAX_PID_NUMBER, _SERIAL). */
#define PID_MAX_NUMBER 0x7FFFu
#define PID_MAX_SERIAL 0x1FFFu

/* The text of a pid, port or ref for list_to_pid/port/ref: the byte list
 * t into buf (cap bytes with the NUL; a NUL in the list ends the text, as
 * OTP reads it); false when t is no byte list or does not fit. */
static bool id_text(term_t t, char *buf, size_t cap)
{
    int64_t n = copy_byte_list(t, buf, cap - 1);
    if (n < 0)
        return false;
    buf[n] = '\0';
    return true;
}

/* "<0.N.S>" as OTP 25 reads it: at most 64 chars (a NUL ends the text),
 * node 0 only (this node is not distributed). */
term_t bif_conv_list_to_pid_1(process *p, const term_t *args)
{
    char buf[65];
    if (!id_text(args[0], buf, sizeof buf))
        return BIF_BADARG(p);
    const char *c = buf;
    uint64_t node, num, serial;
    if (*c++ != '<' || !scan_uint(&c, &node) || *c++ != '.' || !scan_uint(&c, &num) || *c++ != '.' ||
        !scan_uint(&c, &serial) || *c++ != '>' || *c != '\0')
        return BIF_BADARG(p);
    if (node != 0 || num > PID_MAX_NUMBER || serial > PID_MAX_SERIAL)
        return BIF_BADARG(p);
    return term_local_pid((uint32_t)num, (uint32_t)serial);
}

/* The highest port number list_to_port/1 takes (OTP's on 64-bit: 28 bits). */
#define PORT_MAX_LIST_NUMBER ((UINT64_C(1) << 28) - 1)

/* "#Port<0.N>" as OTP 25 reads it: node 0, N at most 28 bits (after
 * wrapping at 64, and up to a NUL, as list_to_pid/1). A port that does
 * not exist (any more) is made all the same, as in OTP. */
term_t bif_conv_list_to_port_1(process *p, const term_t *args)
{
    char buf[65];
    if (!id_text(args[0], buf, sizeof buf))
        return BIF_BADARG(p);
    const char *c = buf;
    uint64_t node, num;
    if (strncmp(c, "#Port<", 6) != 0)
        return BIF_BADARG(p);
    c += 6;
    if (!scan_uint(&c, &node) || *c++ != '.' || !scan_uint(&c, &num) || *c++ != '>' || *c != '\0')
        return BIF_BADARG(p);
    if (node != 0 || num > PORT_MAX_LIST_NUMBER)
        return BIF_BADARG(p);
    return term_local_port(num);
}

/* Highest first id word of a local ref (OTP's MAX_REFERENCE, 18 bits). */
#define REF_MAX_WORD0 0x3FFFFu

/* "#Ref<0.A.B.C>" as OTP 25 reads it: node 0 and exactly three id words,
 * C (id word 0) at most 18 bits. OTP also rejects a B whose low bits name
 * a scheduler that does not exist; that is not checked. */
term_t bif_conv_list_to_ref_1(process *p, const term_t *args)
{
    char buf[5 + 6 * 11 + 1];
    if (!id_text(args[0], buf, sizeof buf))
        return BIF_BADARG(p);
    if (strncmp(buf, "#Ref<", 5) != 0)
        return BIF_BADARG(p);
    const char *c = buf + 5;
    uint64_t ints[1 + REF_MAX_IDS];
    size_t k = 0;
    for (;;) {
        if (k == 1 + REF_MAX_IDS || !scan_uint(&c, &ints[k]) || ints[k] > UINT32_MAX)
            return BIF_BADARG(p);
        k++;
        if (*c == '>')
            break;
        if (*c++ != '.')
            return BIF_BADARG(p);
    }
    if (c[1] != '\0' || ints[0] != 0 || k != 4 || ints[3] > REF_MAX_WORD0)
        return BIF_BADARG(p);
    uint32_t ids[3] = {(uint32_t)ints[3], (uint32_t)ints[2], (uint32_t)ints[1]};
    return term_ref(&p->heap, ids, 3);
}
