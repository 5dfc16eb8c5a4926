/* fwrite.c: io_lib:format/2 as OTP 25's io_lib_format writes it: every ~
 * directive with width, precision, pad char, `*` arguments and the t/l
 * modifiers; ~p starts at the column the text before it ends at. What
 * io_lib:format rejects with badarg gets FMT_BADARG here. */
#include "format/write.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Field widths and precisions above this are refused (badarg) instead of
 * padding out gigabytes: OTP would try, and fail for lack of memory. */
#define FIELD_MAX (1 << 26)

typedef struct spec {
    int64_t width; /* -1: none, else >= 0 */
    bool left;
    bool has_prec;
    int64_t prec; /* may be negative (from `.*`): most directives refuse it */
    uint32_t pad;
    bool pad_ok;  /* false: a `.*` pad argument that is not a char */
    bool unicode; /* t */
    bool strings; /* no l */
} spec;

typedef struct fstate {
    fmt_buf *b;
    const char *fmt;
    size_t len, pos;
    term_t args;
    int argn;       /* arguments taken so far */
    size_t start;   /* b->len when the call began */
    size_t scanned; /* output up to here is counted in col */
    int64_t col;    /* io_lib_format's indentation at `scanned` */
    size_t at;      /* offset of the directive being expanded */
    fmt_error *err;
} fstate;

static fmt_result fail(fstate *s, int arg, const char *fmt, ...)
{
    if (s->err) {
        va_list ap;
        s->err->offset = s->at;
        s->err->arg = arg;
        va_start(ap, fmt);
        vsnprintf(s->err->message, sizeof s->err->message, fmt, ap);
        va_end(ap);
    }
    return FMT_BADARG;
}

static bool is_char(int64_t c) { return c >= 0 && c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF); }

/* ---- arguments ------------------------------------------------------------- */

static bool take_arg(fstate *s, term_t *out)
{
    if (!term_is_list(s->args))
        return false;
    *out = list_head(s->args);
    s->args = list_tail(s->args);
    s->argn++;
    return true;
}

/* Small integer value of t clamped into [-FIELD_MAX-1, FIELD_MAX+1]. */
static int64_t clamp_int(term_t t)
{
    if (term_is_small(t)) {
        int64_t v = small_value(t);
        return v > FIELD_MAX ? FIELD_MAX + 1 : v < -FIELD_MAX ? -FIELD_MAX - 1 : v;
    }
    return big_is_negative(t) ? -FIELD_MAX - 1 : FIELD_MAX + 1;
}

/* ---- output helpers ----------------------------------------------------------- */

static void put_repeat(fmt_buf *b, uint32_t cp, int64_t n)
{
    char u[4];
    size_t k;
    if (cp < 0x80) {
        char *p = fmt_buf_reserve(b, (size_t)n);
        memset(p, (int)cp, (size_t)n);
        b->len += (size_t)n;
        b->data[b->len] = '\0';
        return;
    }
    size_t at = b->len;
    fmt_buf_put_cp(b, cp);
    k = b->len - at;
    memcpy(u, b->data + at, k);
    char *p = fmt_buf_reserve(b, k * (size_t)(n > 0 ? n - 1 : 0));
    for (int64_t i = 1; i < n; i++, p += k)
        memcpy(p, u, k);
    b->len = at + k * (size_t)(n > 0 ? n : 0);
    b->data[b->len] = '\0';
}

/* io_lib_format:adjust/3 for text already at b->data[from..len): n pad
 * chars after it (left) or before it (right). */
static void adjust(fmt_buf *b, size_t from, uint32_t pad, int64_t n, bool left)
{
    if (n <= 0)
        return;
    size_t end = b->len;
    put_repeat(b, pad, n);
    if (!left) {
        size_t padlen = b->len - end, textlen = end - from;
        char *tmp = fmt_buf_reserve(b, padlen); /* room past the end for the pad bytes */
        memcpy(tmp, b->data + end, padlen);
        memmove(b->data + from + padlen, b->data + from, textlen);
        memcpy(b->data + from, tmp, padlen);
        b->data[b->len] = '\0';
    }
}

/* Truncates the output to `at` bytes. */
static void cut(fmt_buf *b, size_t at)
{
    b->len = at;
    b->data[at] = '\0';
}

/* io_lib_format:term/5 on the text at [from, len): fit it to width F and
 * precision P, with '*'s when it is too long. */
static fmt_result apply_term(fstate *s, size_t from, const spec *sp, int64_t F, int64_t P)
{
    fmt_buf *b = s->b;
    if (F < 0 && P < 0)
        return FMT_OK;
    if (F < 0)
        F = P;
    int64_t L = (int64_t)fmt_text_width(b->data + from, b->len - from);
    int64_t lim = P < 0 ? F : (P < F ? P : F);
    if (lim > L)
        lim = L;
    if (L > lim) {
        if (F - lim > 0 && !sp->pad_ok)
            return fail(s, 0, "pad character is not a character");
        cut(b, from);
        put_repeat(b, '*', lim);
        adjust(b, from, sp->pad, F - lim, sp->left);
    } else {
        if (F - L > 0 && !sp->pad_ok)
            return fail(s, 0, "pad character is not a character");
        adjust(b, from, sp->pad, F - L, sp->left);
    }
    return FMT_OK;
}

/* ---- ~s ----------------------------------------------------------------------- */

/* Appends the chars of a ~s argument: an atom, or a possibly deep list of
 * chars and binaries with a binary or [] as tails (iolist_to_chars /
 * cdata_to_chars). unicode: any char; binaries are UTF-8, or latin1 when
 * they are not valid UTF-8. Else chars 0..255 and binaries as latin1. */
static bool put_chardata(fstate *s, term_t t, bool unicode)
{
    fmt_buf *b = s->b;
    if (term_is_atom(t)) {
        if (!unicode && !atom_is_latin1(t))
            return false;
        size_t n;
        const char *txt = atom_text(t, &n);
        fmt_buf_put(b, txt, n);
        return true;
    }
    /* Explicit stack of list tails still to visit (scratch area 1). */
    size_t depth = 0;
    for (;;) {
        if (term_is_list(t)) {
            term_t h = list_head(t);
            t = list_tail(t);
            if (term_is_small(h)) {
                int64_t c = small_value(h);
                if (unicode ? !is_char(c) : (c < 0 || c > 255))
                    return false;
                fmt_buf_put_cp(b, (uint32_t)c);
                continue;
            }
            if (term_is_list(h) || term_is_nil(h) || term_is_bitstring(h)) {
                term_t *st = fmt_scratch(b, 1, (depth + 1) * sizeof(term_t));
                st[depth++] = t;
                t = h;
                continue;
            }
            return false;
        }
        if (term_is_bitstring(t)) {
            bin_view v;
            bin_view_of(t, &v);
            if (v.bitsize)
                return false;
            if (unicode && fmt_valid_utf8(&v, SIZE_MAX)) {
                for (uint64_t i = 0; i < v.size; i++)
                    fmt_buf_putc(b, (char)bin_byte_at(&v, i));
            } else {
                for (uint64_t i = 0; i < v.size; i++)
                    fmt_buf_put_cp(b, bin_byte_at(&v, i));
            }
        } else if (!term_is_nil(t)) {
            return false;
        }
        if (depth == 0)
            return true;
        t = ((term_t *)b->scratch[1].p)[--depth];
    }
}

/* io_lib_format:string/6 on the chars at [from, len). */
static fmt_result apply_string(fstate *s, size_t from, const spec *sp)
{
    fmt_buf *b = s->b;
    int64_t F = sp->width, P = sp->has_prec ? sp->prec : -1;
    if (sp->has_prec && sp->prec < 0)
        return fail(s, s->argn, "~s: negative precision");
    if (F < 0 && P < 0)
        return FMT_OK;
    int64_t N = (int64_t)fmt_text_width(b->data + from, b->len - from);
    bool left = sp->left;
    if (F < 0)
        F = P, left = true;
    else if (P >= 0 && F < P)
        return fail(s, s->argn, "~s: field width %lld is less than precision %lld", (long long)F,
                    (long long)P);
    if (P < 0 || F == P) { /* string_field(S, F, ...) */
        if (N > F)
            cut(b, from + fmt_text_prefix(b->data + from, b->len - from, (size_t)F, sp->unicode));
        else if (N < F) {
            if (!sp->pad_ok)
                return fail(s, 0, "pad character is not a character");
            adjust(b, from, sp->pad, F - N, left);
        }
        return FMT_OK;
    }
    if (!sp->pad_ok)
        return fail(s, 0, "pad character is not a character");
    if (N > P)
        cut(b, from + fmt_text_prefix(b->data + from, b->len - from, (size_t)P, sp->unicode));
    else if (N < P)
        put_repeat(b, sp->pad, P - N);
    adjust(b, from, sp->pad, F - P, left);
    return FMT_OK;
}

/* ---- ~c ~~ ~n ------------------------------------------------------------------ */

/* io_lib_format:char/5. */
static fmt_result put_char_field(fstate *s, uint32_t c, const spec *sp)
{
    int64_t F = sp->width, P = sp->has_prec ? sp->prec : -1;
    if (sp->has_prec && sp->prec < 0)
        return fail(s, s->argn, "negative precision");
    if (F < 0 && P < 0) {
        fmt_buf_put_cp(s->b, c);
    } else if (P < 0) {
        put_repeat(s->b, c, F);
    } else if (F < 0) {
        put_repeat(s->b, c, P);
    } else if (F >= P) {
        if (F > P && !sp->pad_ok)
            return fail(s, 0, "pad character is not a character");
        size_t from = s->b->len;
        put_repeat(s->b, c, P);
        adjust(s->b, from, sp->pad, F - P, sp->left);
    } else {
        return fail(s, s->argn, "field width %lld is less than precision %lld", (long long)F, (long long)P);
    }
    return FMT_OK;
}

/* ---- integers ---------------------------------------------------------------------- */

/* The digits of |i| in base, upper case unless `lower`. */
static void put_digits(fmt_buf *b, term_t i, unsigned base, bool lower)
{
    size_t at = b->len;
    fmt_put_integer(b, i, base);
    if (b->data[at] == '-') { /* drop the sign fmt_put_integer wrote */
        memmove(b->data + at, b->data + at + 1, b->len - at - 1);
        cut(b, b->len - 1);
    }
    if (lower)
        for (size_t k = at; k < b->len; k++)
            if (b->data[k] >= 'A' && b->data[k] <= 'Z')
                b->data[k] = (char)(b->data[k] - 'A' + 'a');
}

/* Appends a ~x prefix: an atom's text, or a deep list of chars
 * (io_lib:deep_char_list: no binaries, no FFFE/FFFF). */
static bool put_prefix(fstate *s, term_t p)
{
    fmt_buf *b = s->b;
    if (term_is_atom(p)) {
        size_t n;
        const char *txt = atom_text(p, &n);
        fmt_buf_put(b, txt, n);
        return true;
    }
    size_t depth = 0;
    term_t t = p;
    for (;;) {
        if (term_is_list(t)) {
            term_t h = list_head(t);
            t = list_tail(t);
            if (term_is_small(h)) {
                int64_t c = small_value(h);
                if (!is_char(c) || c == 0xFFFE || c == 0xFFFF)
                    return false;
                fmt_buf_put_cp(b, (uint32_t)c);
            } else if (term_is_list(h) || term_is_nil(h)) {
                term_t *st = fmt_scratch(b, 1, (depth + 1) * sizeof(term_t));
                st[depth++] = t;
                t = h;
            } else {
                return false;
            }
            continue;
        }
        if (!term_is_nil(t))
            return false;
        if (depth == 0)
            return true;
        t = ((term_t *)b->scratch[1].p)[--depth];
    }
}

/* ---- floats: ~e ~f ~g ------------------------------------------------------------------- */

/* float_data/1: the 21 significant digits of float_to_list(F) ("%.20e")
 * and the exponent + 1. */
static int float_digits(double d, char digits[21])
{
    char buf[40];
    snprintf(buf, sizeof buf, "%.20e", fabs(d));
    int n = 0;
    const char *p = buf;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9' && n < 21)
            digits[n++] = *p;
    while (n < 21)
        digits[n++] = '0';
    return (*p == 'e' ? atoi(p + 1) : 0) + 1;
}

/* float_man/3: `whole` digits, '.', `dec` digits of the digit string that
 * has `lead` zeros, then the 21 digits, then zeros; rounded half up on the
 * next digit. Returns true on a carry out of the first digit (the digits
 * written are then all zero). */
static bool put_mantissa(fmt_buf *b, const char digits[21], int64_t lead, int64_t whole, int64_t dec)
{
    size_t at = b->len;
    char *p = fmt_buf_reserve(b, (size_t)(whole + dec + 1));
    int64_t k = 0;
    for (int64_t i = 0; i < whole + dec; i++, k++) {
        if (i == whole)
            *p++ = '.';
        *p++ = (k >= lead && k - lead < 21) ? digits[k - lead] : '0';
    }
    if (dec == 0)
        *p++ = '.';
    b->len = at + (size_t)(p - (b->data + at));
    b->data[b->len] = '\0';
    char next = (k >= lead && k - lead < 21) ? digits[k - lead] : '0';
    if (next < '5')
        return false;
    for (size_t i = b->len; i-- > at;) {
        if (b->data[i] == '.')
            continue;
        if (b->data[i] != '9') {
            b->data[i]++;
            return false;
        }
        b->data[i] = '0';
    }
    return true;
}

static void put_sign(fmt_buf *b, double d)
{
    if (signbit(d))
        fmt_buf_putc(b, '-');
}

/* float_e/3 with P >= 2 significant digits. */
static void put_float_e(fmt_buf *b, double d, int64_t P)
{
    char digits[21];
    int E = float_digits(d, digits);
    put_sign(b, d);
    size_t at = b->len;
    if (put_mantissa(b, digits, 0, 1, P - 1))
        b->data[at] = '1';
    else
        E--;
    char tmp[16];
    int n = snprintf(tmp, sizeof tmp, E >= 0 ? "e+%d" : "e%d", E);
    fmt_buf_put(b, tmp, (size_t)n);
}

/* float_f/3 with P >= 1 decimals. */
static void put_float_f(fmt_buf *b, double d, int64_t P)
{
    char digits[21];
    int E = float_digits(d, digits);
    int64_t lead = 0;
    put_sign(b, d);
    if (E <= 0)
        lead = -E + 1, E = 1;
    size_t at = b->len;
    if (put_mantissa(b, digits, lead, E, P)) {
        fmt_buf_putc(b, ' ');
        memmove(b->data + at + 1, b->data + at, b->len - at - 1);
        b->data[at] = '1';
    }
}

static fmt_result put_float_directive(fstate *s, char cc, double d, const spec *sp)
{
    fmt_buf *b = s->b;
    int64_t P = sp->has_prec ? sp->prec : 6;
    if (cc == 'g') {
        if (P < 1)
            return fail(s, s->argn, "~g: precision must be at least 1");
        double a = fabs(d);
        int E = a < 1e-1 ? -2 : a < 1e0 ? -1 : a < 1e1 ? 0 : a < 1e2 ? 1 : a < 1e3 ? 2 : a < 1e4 ? 3 : 99;
        if ((P <= 1 && E == -1) || (E != 99 && P - 1 > E && E >= -1))
            cc = 'f', P = P - 1 - E;
        else
            cc = 'e', P = P <= 1 ? 2 : P;
    }
    if (cc == 'e' && P < 2)
        return fail(s, s->argn, "~e: precision must be at least 2");
    if (cc == 'f' && P < 1)
        return fail(s, s->argn, "~f: precision must be at least 1");
    size_t from = b->len;
    if (cc == 'e')
        put_float_e(b, d, P);
    else
        put_float_f(b, d, P);
    if (sp->width >= 0)
        return apply_term(s, from, sp, sp->width, sp->width);
    return FMT_OK;
}

/* ---- the directive loop --------------------------------------------------------------------- */

/* io_lib_format's indentation of the output so far: chars since the last
 * newline, tabs to the next multiple of 8. */
static int64_t current_column(fstate *s)
{
    const unsigned char *d = (const unsigned char *)s->b->data;
    for (size_t i = s->scanned; i < s->b->len; i++) {
        if (d[i] == '\n')
            s->col = 0;
        else if (d[i] == '\t')
            s->col = (s->col + 8) / 8 * 8;
        else if ((d[i] & 0xC0) != 0x80)
            s->col++;
    }
    s->scanned = s->b->len;
    return s->col;
}

/* field_value/2 of a width or precision: digits, or `*` taking an integer
 * argument; false when there is none. `star_bad` is set when `*` met a
 * non-integer argument (OTP then takes '*' as the control char). */
static bool field_value(fstate *s, int64_t *v, bool *star_bad)
{
    if (s->pos < s->len && s->fmt[s->pos] == '*') {
        term_t a;
        if (term_is_list(s->args) && term_is_integer(list_head(s->args))) {
            take_arg(s, &a);
            s->pos++;
            *v = clamp_int(a);
            return true;
        }
        *star_bad = true;
        return false;
    }
    if (s->pos < s->len && s->fmt[s->pos] >= '0' && s->fmt[s->pos] <= '9') {
        int64_t x = 0;
        while (s->pos < s->len && s->fmt[s->pos] >= '0' && s->fmt[s->pos] <= '9') {
            x = x * 10 + (s->fmt[s->pos++] - '0');
            if (x > FIELD_MAX)
                x = FIELD_MAX + 1;
        }
        *v = x;
        return true;
    }
    return false;
}

/* A bare ~p (from column `column`) or ~w of term a. */
static void put_bare_term(fmt_buf *b, char cc, term_t a, int column)
{
    if (cc == 'w') {
        fmt_write(b, a, -1, false);
        return;
    }
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.column = column;
    fmt_pretty(b, a, &o);
}

/* The bare ~p, ~w and ~n, the directives of most format strings (no
 * width, precision, pad char or modifier): what directive() does for them
 * with its spec at the defaults, without parsing one. `cc` is at s->pos. */
static fmt_result bare_directive(fstate *s, char cc)
{
    fmt_buf *b = s->b;
    term_t a;
    s->pos++;
    if (cc == 'n') {
        fmt_buf_putc(b, '\n');
        return FMT_OK;
    }
    if (!take_arg(s, &a))
        return fail(s, 0, "~%c: missing argument %d", cc, s->argn + 1);
    put_bare_term(b, cc, a, cc == 'p' ? (int)current_column(s) + 1 : 1);
    return FMT_OK;
}

static fmt_result directive(fstate *s)
{
    fmt_buf *b = s->b;
    if (s->pos < s->len) {
        char cc = s->fmt[s->pos];
        if (cc == 'p' || cc == 'w' || cc == 'n')
            return bare_directive(s, cc);
    }
    spec sp = {.width = -1, .prec = -1, .pad = ' ', .pad_ok = true, .strings = true};
    bool star_bad = false;
    int64_t v;

    /* field width: [-](digits | *) */
    bool minus = s->pos < s->len && s->fmt[s->pos] == '-';
    if (minus)
        s->pos++;
    bool has = field_value(s, &v, &star_bad);
    if (minus && !has && !star_bad)
        return fail(s, 0, "'-' must be followed by a field width");
    if (has) {
        if (minus)
            v = -v;
        sp.left = v < 0;
        sp.width = v < 0 ? -v : v;
    }
    /* precision: .(digits | *) */
    if (!star_bad && s->pos < s->len && s->fmt[s->pos] == '.') {
        s->pos++;
        if (field_value(s, &v, &star_bad))
            sp.has_prec = true, sp.prec = v;
    }
    /* pad char: .C or .* */
    if (!star_bad && s->pos + 1 < s->len && s->fmt[s->pos] == '.') {
        if (s->fmt[s->pos + 1] == '*' && term_is_list(s->args)) {
            term_t a;
            take_arg(s, &a);
            s->pos += 2;
            sp.pad_ok = term_is_small(a) && is_char(small_value(a));
            sp.pad = sp.pad_ok ? (uint32_t)small_value(a) : ' ';
        } else {
            uint32_t cp;
            size_t n = unicode_decode_utf8_strict((const unsigned char *)s->fmt + s->pos + 1,
                                                  s->len - s->pos - 1, &cp);
            if (n == 0)
                return fail(s, 0, "format is not valid UTF-8 at byte %zu", s->pos + 1);
            sp.pad = cp;
            s->pos += 1 + n;
        }
    }
    if (sp.width > FIELD_MAX || sp.prec > FIELD_MAX)
        return fail(s, 0, "field width or precision larger than %d", FIELD_MAX);
    /* modifiers */
    while (!star_bad && s->pos < s->len && (s->fmt[s->pos] == 't' || s->fmt[s->pos] == 'l')) {
        if (s->fmt[s->pos] == 't')
            sp.unicode = true;
        else
            sp.strings = false;
        s->pos++;
    }
    if (star_bad)
        return fail(s, s->argn + 1, "'*': argument %d is not an integer", s->argn + 1);
    if (s->pos >= s->len)
        return fail(s, 0, "format ends inside a ~ directive");
    char cc = s->fmt[s->pos++];

    /* arguments of the control char */
    term_t a = THE_NON_VALUE, a2 = THE_NON_VALUE;
    int nargs = fmt_control_args(cc);
    if (nargs < 0) {
        if ((unsigned char)cc >= 0x20 && (unsigned char)cc < 0x7F)
            return fail(s, 0, "unknown control ~%c", cc);
        return fail(s, 0, "unknown control character (byte %u)", (unsigned char)cc);
    }
    if (nargs >= 1 && !take_arg(s, &a))
        return fail(s, 0, "~%c: missing argument %d", cc, s->argn + 1);
    if (nargs >= 2 && !take_arg(s, &a2))
        return fail(s, 0, "~%c: missing argument %d", cc, s->argn + 1);
    int an = nargs == 2 ? s->argn - 1 : s->argn; /* number of `a` */
    size_t from = b->len;

    switch (cc) {
    case 'w':
    case 'W':
        if (cc == 'W' && !term_is_integer(a2))
            return fail(s, s->argn, "~W: depth (argument %d) is not an integer", s->argn);
        if (sp.has_prec && sp.prec < 0)
            return fail(s, an, "~%c: negative precision", cc);
        fmt_write(b, a, cc == 'W' ? (int)(clamp_int(a2) < 0 ? -1 : clamp_int(a2)) : -1, sp.unicode);
        return apply_term(s, from, &sp, sp.width, sp.has_prec ? sp.prec : -1);
    case 'p':
    case 'P': {
        if (cc == 'P' && !term_is_integer(a2))
            return fail(s, s->argn, "~P: depth (argument %d) is not an integer", s->argn);
        if (sp.left)
            return fail(s, an, "~%c: left adjustment is not allowed", cc);
        fmt_pretty_opts o;
        fmt_pretty_opts_init(&o);
        o.line_length = sp.width >= 0 ? (int)sp.width : FMT_LINE_LENGTH;
        o.column = sp.has_prec ? (int)sp.prec : (int)current_column(s) + 1;
        o.depth = cc == 'P' ? (int)(clamp_int(a2) < 0 ? -1 : clamp_int(a2)) : -1;
        o.unicode = sp.unicode;
        o.strings = sp.strings;
        fmt_pretty(b, a, &o);
        return FMT_OK;
    }
    case 's':
        if (!put_chardata(s, a, sp.unicode)) {
            cut(b, from);
            return fail(s, an, "~%ss: argument %d is not %s", sp.unicode ? "t" : "", an,
                        sp.unicode ? "chardata (a list of chars, binaries or an atom)"
                                   : "a latin1 string (a list of chars 0..255, binaries or an atom)");
        }
        return apply_string(s, from, &sp);
    case 'e':
    case 'f':
    case 'g':
        if (!term_is_float(a))
            return fail(s, an, "~%c: argument %d is not a float", cc, an);
        return put_float_directive(s, cc, float_value(a), &sp);
    case 'b':
    case 'B':
    case 'x':
    case 'X':
    case '+':
    case '#': {
        if (!term_is_integer(a))
            return fail(s, an, "~%c: argument %d is not an integer", cc, an);
        if (sp.has_prec && (sp.prec < 2 || sp.prec > 36))
            return fail(s, an, "~%c: base (precision) must be 2..36", cc);
        unsigned base = sp.has_prec ? (unsigned)sp.prec : 10;
        bool lower = cc == 'b' || cc == 'x' || cc == '+';
        bool neg = term_is_small(a) ? small_value(a) < 0 : big_is_negative(a);
        if (neg)
            fmt_buf_putc(b, '-');
        if (cc == 'x' || cc == 'X') {
            if (!put_prefix(s, a2)) {
                cut(b, from);
                return fail(s, s->argn, "~%c: prefix (argument %d) is not an atom or a list of chars", cc,
                            s->argn);
            }
        } else if (cc == '+' || cc == '#') {
            char pre[8];
            fmt_buf_put(b, pre, (size_t)snprintf(pre, sizeof pre, "%u#", base));
        }
        put_digits(b, a, base, lower);
        return apply_term(s, from, &sp, sp.width, -1);
    }
    case 'c': {
        if (!term_is_integer(a))
            return fail(s, an, "~c: argument %d is not an integer", an);
        int64_t c;
        if (term_is_small(a)) {
            c = small_value(a);
        } else { /* a bignum: only its low byte can matter (band 255) */
            uint64_t low = (uint64_t)big_limbs(a)[0];
            c = sp.unicode ? -1 : (int64_t)((big_is_negative(a) ? 0 - low : low) & 255);
        }
        if (!sp.unicode)
            c &= 255;
        /* io_lib:format returns a ~tc that is no char inside its result;
         * we cannot write it as UTF-8, so it is an error when written. */
        int64_t copies = sp.has_prec ? sp.prec : sp.width >= 0 ? sp.width : 1;
        if (!is_char(c) && copies > 0)
            return fail(s, an, "~tc: argument %d is not a character", an);
        return put_char_field(s, is_char(c) ? (uint32_t)c : 0, &sp);
    }
    case '~':
        return put_char_field(s, '~', &sp);
    case 'n':
        if (sp.left)
            return fail(s, 0, "~n: left adjustment is not allowed");
        put_repeat(b, '\n', sp.width < 0 ? 1 : sp.width);
        return FMT_OK;
    case 'i':
        return FMT_OK;
    }
    return FMT_OK;
}

int fmt_control_args(char cc)
{
    switch (cc) {
    case '~':
    case 'n':
        return 0;
    case 'W':
    case 'P':
    case 'x':
    case 'X':
        return 2;
    case 'w':
    case 'p':
    case 's':
    case 'e':
    case 'f':
    case 'g':
    case 'b':
    case 'B':
    case '+':
    case '#':
    case 'c':
    case 'i':
        return 1;
    default:
        return -1;
    }
}

/* "~p~n" and "~w~n" with one argument, the commonest format strings:
 * what the loop below does for them (~p from column 1, the column of the
 * call's first character), without its state. False when the format or
 * the arguments are anything else. */
static bool format_term_line(fmt_buf *b, const char *format, size_t len, term_t args)
{
    if (len != 4 || format[0] != '~' || format[2] != '~' || format[3] != 'n' ||
        (format[1] != 'p' && format[1] != 'w') || !term_is_list(args) || !term_is_nil(list_tail(args)))
        return false;
    put_bare_term(b, format[1], list_head(args), 1);
    fmt_buf_putc(b, '\n');
    return true;
}

fmt_result fmt_format(fmt_buf *b, const char *format, size_t len, term_t args, fmt_error *err)
{
    if (format_term_line(b, format, len, args))
        return FMT_OK;
    fstate s = {
        .b = b, .fmt = format, .len = len, .args = args, .start = b->len, .scanned = b->len, .err = err};
    fmt_buf_reserve(b, len);
    while (s.pos < len) {
        /* literal text up to the next '~' */
        size_t run = s.pos;
        while (s.pos < len && format[s.pos] != '~') {
            if ((unsigned char)format[s.pos] < 0x80) { /* ASCII: valid as it is */
                s.pos++;
                continue;
            }
            uint32_t cp;
            size_t n = unicode_decode_utf8_strict((const unsigned char *)format + s.pos, len - s.pos, &cp);
            if (n == 0) {
                s.at = s.pos;
                fail(&s, 0, "format is not valid UTF-8 at byte %zu", s.pos);
                cut(b, s.start);
                return FMT_BADARG;
            }
            s.pos += n;
        }
        if (s.pos > run)
            fmt_buf_put(b, format + run, s.pos - run);
        if (s.pos >= len)
            break;
        s.at = s.pos++;
        if (directive(&s) != FMT_OK) {
            cut(b, s.start);
            return FMT_BADARG;
        }
    }
    if (!term_is_nil(s.args)) {
        s.at = len;
        if (list_length(s.args) > 0)
            fail(&s, s.argn + 1, "%lld argument%s left over (from argument %d)",
                 (long long)list_length(s.args), list_length(s.args) == 1 ? "" : "s", s.argn + 1);
        else
            fail(&s, 0, "the argument list is not a proper list");
        cut(b, s.start);
        return FMT_BADARG;
    }
    return FMT_OK;
}
