/* lex.c: the Erlang scanner, token for token what OTP 25's erl_scan
 * produces from the same characters with {Line,Col} locations, including
 * its error descriptors, their locations and where scanning resumes.
 * Also the token texts erl_parse's "syntax error before: ..." shows. */
#include "lex.h"

#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "bignum.h"
#include "float.h"
#include "heap.h"
#include "unicode.h"

#define CP_EOF 0xFFFFFFFFu
#define CP_BAD 0xFFFFFFFEu /* a byte that starts no valid UTF-8 sequence */

/* ---- characters ------------------------------------------------------------ */

/* erl_scan's ?UNICODE: what may appear in a string, atom, char or comment. */
static bool is_unicode(uint32_t c)
{
    return c < 0xD800 || (c > 0xDFFF && c < 0xFFFE) || (c > 0xFFFF && c <= 0x10FFFF);
}

/* ?WHITE_SPACE: 0..32 and 128..160 (the newline is handled apart). */
static bool is_white(uint32_t c) { return c <= ' ' || (c >= 0x80 && c <= 0xA0); }
static bool is_digit(uint32_t c) { return c >= '0' && c <= '9'; }
static bool is_lower_start(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7);
}
static bool is_upper_start(uint32_t c)
{
    return (c >= 'A' && c <= 'Z') || c == '_' || (c >= 0xC0 && c <= 0xDE && c != 0xD7);
}
static bool is_name_char(uint32_t c)
{
    return is_lower_start(c) || is_upper_start(c) || is_digit(c) || c == '@';
}
static bool is_octal(uint32_t c) { return c >= '0' && c <= '7'; }

static int hex_value(uint32_t c)
{
    if (c >= '0' && c <= '9')
        return (int)(c - '0');
    if (c >= 'a' && c <= 'f')
        return (int)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F')
        return (int)(c - 'A' + 10);
    return -1;
}

/* ?BASED_DIGIT(C, B) */
static int based_digit(uint32_t c, unsigned base)
{
    int v = -1;
    if (c >= '0' && c <= '9')
        v = (int)(c - '0');
    else if (c >= 'A' && c <= 'Z')
        v = (int)(c - 'A' + 10);
    else if (c >= 'a' && c <= 'z')
        v = (int)(c - 'a' + 10);
    return v >= 0 && (unsigned)v < base ? v : -1;
}

/* Decodes the character at byte `pos`: CP_EOF at the end, CP_BAD (1 byte)
 * for an invalid or overlong sequence. Surrogates and code points above
 * 0x10FFFF decode to their value: erl_scan rejects them itself. */
static uint32_t decode_at(const char *src, size_t len, size_t pos, size_t *n)
{
    if (pos >= len) {
        *n = 0;
        return CP_EOF;
    }
    const unsigned char *s = (const unsigned char *)src + pos;
    unsigned char b = s[0];
    size_t k;
    uint32_t c;
    *n = 1;
    if (b < 0x80)
        return b;
    if (b >= 0xC2 && b <= 0xDF)
        k = 2, c = b & 0x1F;
    else if (b >= 0xE0 && b <= 0xEF)
        k = 3, c = b & 0x0F;
    else if (b >= 0xF0 && b <= 0xF7)
        k = 4, c = b & 0x07;
    else
        return CP_BAD;
    if (pos + k > len)
        return CP_BAD;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return CP_BAD;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if ((k == 3 && c < 0x800) || (k == 4 && c < 0x10000))
        return CP_BAD;
    *n = k;
    return c;
}


/* ---- the C locale, for strtod and printf of floats -------------------------- */

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void) { c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0); }

static locale_t enter_c_locale(void)
{
    pthread_once(&c_locale_once, make_c_locale);
    return c_locale ? uselocale(c_locale) : (locale_t)0;
}

static void leave_c_locale(locale_t old)
{
    if (old)
        uselocale(old);
}

/* ---- state ----------------------------------------------------------------- */

void lex_init(lex_state *ls, const char *src, size_t len, uint32_t line, uint32_t col, unsigned opts)
{
    ls->src = src;
    ls->len = len;
    ls->pos = 0;
    ls->line = line;
    ls->col = col;
    ls->opts = opts;
    ls->buf_cap = 64;
    ls->buf = alloc_new(ALLOC_TEMP, ls->buf_cap + 1);
    ls->buf_len = 0;
    ls->buf[0] = '\0';
    ls->error.kind = LEX_ERR_NONE;
    ls->error.msg[0] = '\0';
}

void lex_destroy(lex_state *ls)
{
    alloc_free(ALLOC_TEMP, ls->buf, ls->buf_cap + 1);
    ls->buf = NULL;
    ls->buf_cap = ls->buf_len = 0;
}

static void buf_reserve(lex_state *ls, size_t more)
{
    if (ls->buf_len + more <= ls->buf_cap)
        return;
    size_t cap = ls->buf_cap;
    while (cap < ls->buf_len + more)
        cap *= 2;
    ls->buf = alloc_resize(ALLOC_TEMP, ls->buf, ls->buf_cap + 1, cap + 1);
    ls->buf_cap = cap;
}

static void buf_byte(lex_state *ls, char b)
{
    buf_reserve(ls, 1);
    ls->buf[ls->buf_len++] = b;
    ls->buf[ls->buf_len] = '\0';
}

static void buf_char(lex_state *ls, uint32_t c)
{
    buf_reserve(ls, 4);
    ls->buf_len += unicode_encode_utf8(c, ls->buf + ls->buf_len);
    ls->buf[ls->buf_len] = '\0';
}

static uint32_t peek(const lex_state *ls, size_t *n) { return decode_at(ls->src, ls->len, ls->pos, n); }

/* The byte `ahead` bytes on, or -1 past the end (ASCII look-ahead). */
static int byte_at(const lex_state *ls, size_t ahead)
{
    return ls->pos + ahead < ls->len ? (unsigned char)ls->src[ls->pos + ahead] : -1;
}

/* Consumes one character of `n` bytes on the current line. */
static void advance(lex_state *ls, size_t n)
{
    ls->pos += n;
    ls->col++;
}

static void advance_newline(lex_state *ls)
{
    ls->pos++;
    ls->line++;
    ls->col = 1;
}

/* ---- bounded text output ------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t cap, len;
    bool cut;
} sbuf;

static void sb_init(sbuf *sb, char *p, size_t cap)
{
    sb->p = p, sb->cap = cap, sb->len = 0, sb->cut = false;
    if (cap)
        p[0] = '\0';
}

static void sb_put(sbuf *sb, const char *s, size_t n)
{
    if (sb->cap == 0)
        return;
    if (sb->len + n + 1 > sb->cap) {
        n = sb->cap - 1 - sb->len;
        sb->cut = true;
    }
    memcpy(sb->p + sb->len, s, n);
    sb->len += n;
    sb->p[sb->len] = '\0';
}

static void sb_str(sbuf *sb, const char *s) { sb_put(sb, s, strlen(s)); }
static void sb_char(sbuf *sb, char c) { sb_put(sb, &c, 1); }

/* Ends a cut text with "..." on a character boundary; returns the length. */
static size_t sb_finish(sbuf *sb)
{
    if (sb->cut && sb->cap >= 4) {
        size_t at = sb->cap - 4 < sb->len ? sb->cap - 4 : sb->len;
        while (at > 0 && ((unsigned char)sb->p[at] & 0xC0) == 0x80)
            at--;
        memcpy(sb->p + at, "...", 4);
        sb->len = at + 3;
    }
    return sb->len;
}

/* io_lib's string_char/4 for unicode_as_unicode; quote < 0 escapes none. */
static void put_string_char(sbuf *sb, uint32_t c, int quote)
{
    char tmp[8];
    if (quote >= 0 && c == (uint32_t)quote) {
        sb_char(sb, '\\');
        sb_char(sb, (char)c);
    } else if (c == '\\') {
        sb_str(sb, "\\\\");
    } else if ((c >= ' ' && c <= '~') || c >= 0xA0) {
        sb_put(sb, tmp, unicode_encode_utf8(c, tmp));
    } else {
        static const char named[][3] = {{'\n', 'n'}, {'\r', 'r'}, {'\t', 't'}, {'\v', 'v'},
                                        {'\b', 'b'}, {'\f', 'f'}, {27, 'e'},   {127, 'd'}};
        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
            if ((unsigned char)named[i][0] == c) {
                sb_char(sb, '\\');
                sb_char(sb, named[i][1]);
                return;
            }
        }
        tmp[0] = '\\';
        tmp[1] = (char)('0' + ((c >> 6) & 7));
        tmp[2] = (char)('0' + ((c >> 3) & 7));
        tmp[3] = (char)('0' + (c & 7));
        sb_put(sb, tmp, 4);
    }
}

/* io_lib:write_string(S, Quote) of UTF-8 text. */
static void put_quoted(sbuf *sb, const char *s, size_t n, char quote)
{
    sb_char(sb, quote);
    for (size_t i = 0, k; i < n; i += k) {
        uint32_t c = decode_at(s, n, i, &k);
        put_string_char(sb, c == CP_BAD ? (unsigned char)s[i] : c, quote);
    }
    sb_char(sb, quote);
}

/* io_lib:write_atom/1: quoted unless a lower-case name that is no keyword. */
static void put_atom(sbuf *sb, const char *s, size_t n)
{
    if (lex_atom_is_plain(s, n))
        sb_put(sb, s, n);
    else
        put_quoted(sb, s, n, '\'');
}

/* float_to_list(F, [short]): the shortest digits that read back as `d`,
 * laid out as OTP 25 does (fixed notation for exponents near zero). */
static void put_float(sbuf *sb, double d)
{
    char out[FLOAT_SHORT_MAX];
    sb_put(sb, out, float_to_short_chars(d, out));
}

/* Bytes of the first `clusters` grapheme clusters of UTF-8 text, as
 * string:slice/3 cuts erl_scan's error heads. */
static size_t head_bytes(const char *s, size_t n, unsigned clusters)
{
    size_t i = 0;
    for (unsigned count = 0; i < n && count < clusters; count++)
        i = unicode_cluster_end((const unsigned char *)s, n, i);
    return i;
}

/* ---- errors ---------------------------------------------------------------- */

/* Records an error at (line, col) ending at the current location, which
 * is also where erl_scan resumes (the callers see to that); returns false. */
static bool fail_at(lex_state *ls, lex_error_kind kind, uint32_t line, uint32_t col)
{
    lex_error *e = &ls->error;
    e->kind = kind;
    e->line = line;
    e->col = col;
    e->end_line = ls->line;
    e->end_col = ls->col;
    sbuf sb;
    sb_init(&sb, e->msg, sizeof e->msg);
    if (kind == LEX_ERR_STRING || kind == LEX_ERR_QATOM) {
        char quote = kind == LEX_ERR_STRING ? '"' : '\'';
        sb_str(&sb, kind == LEX_ERR_STRING ? "unterminated string starting with "
                                           : "unterminated atom starting with ");
        put_quoted(&sb, ls->buf, head_bytes(ls->buf, ls->buf_len, 16), quote);
    } else if (kind == LEX_ERR_BASE) {
        sb_str(&sb, "illegal base '");
        sb_str(&sb, ls->buf); /* the base's digits, left there by scan_number */
        sb_char(&sb, '\'');
    } else {
        static const char *const texts[] = {
            [LEX_ERR_CHAR] = "unterminated character",     [LEX_ERR_ILLEGAL_CHARACTER] = "illegal character",
            [LEX_ERR_ILLEGAL_ATOM] = "illegal atom",       [LEX_ERR_ILLEGAL_VAR] = "illegal var",
            [LEX_ERR_ILLEGAL_INTEGER] = "illegal integer", [LEX_ERR_ILLEGAL_FLOAT] = "illegal float",
        };
        sb_str(&sb, texts[kind]);
    }
    sb_finish(&sb);
    return false;
}

/* An error that ends at the end of the input, where scanning resumes. */
static bool fail_to_end(lex_state *ls, lex_error_kind kind, uint32_t line, uint32_t col)
{
    fail_at(ls, kind, line, col);
    ls->pos = ls->len;
    return false;
}

/* ---- tokens ---------------------------------------------------------------- */

/* clang-format off */
static const char *const kind_names[LEX_KIND_COUNT] = {
    [LEX_EOF] = "$end",        [LEX_ATOM] = "atom",   [LEX_VAR] = "var",
    [LEX_INTEGER] = "integer", [LEX_FLOAT] = "float", [LEX_CHAR] = "char",
    [LEX_STRING] = "string",   [LEX_DOT] = "dot",     [LEX_COMMENT] = "comment",
    [LEX_OTHER] = "",
#define X(name, text) [LEX_##name] = text,
    LEX_PUNCTS(X)
#undef X
#define X(name, text) [LEX_KW_##name] = text,
    LEX_KEYWORDS(X)
#undef X
};
/* clang-format on */

const char *lex_kind_name(lex_kind kind) { return (unsigned)kind < LEX_KIND_COUNT ? kind_names[kind] : ""; }

lex_kind lex_reserved_word(const char *text, size_t len)
{
    static const struct {
        const char *text;
        lex_kind kind;
    } words[] = {
#define X(name, text) {text, LEX_KW_##name},
        LEX_KEYWORDS(X)
#undef X
    };
    if (len < 2 || len > 7)
        return LEX_ATOM;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].text) == len && memcmp(words[i].text, text, len) == 0)
            return words[i].kind;
    return LEX_ATOM;
}

bool lex_atom_is_plain(const char *text, size_t len)
{
    if (len == 0 || lex_reserved_word(text, len) != LEX_ATOM)
        return false;
    for (size_t i = 0, k; i < len; i += k) {
        uint32_t c = decode_at(text, len, i, &k);
        if (!(i == 0 ? is_lower_start(c) : is_name_char(c)))
            return false;
    }
    return true;
}

static bool finish(lex_state *ls, lex_token *t, lex_kind kind)
{
    t->kind = kind;
    t->end_line = ls->line;
    t->end_col = ls->col;
    t->nbytes = ls->pos - t->offset;
    t->text = ls->buf;
    t->len = ls->buf_len;
    return true;
}

/* Skips white space; returns false at a bad character in a comment.
 * Stops at a comment when comments are tokens. */
static bool skip_white(lex_state *ls)
{
    for (;;) {
        size_t n;
        uint32_t c = peek(ls, &n);
        if (c == '\n') {
            advance_newline(ls);
        } else if (c != CP_EOF && is_white(c)) {
            advance(ls, n);
        } else if (c == '%' && !(ls->opts & LEX_OPT_COMMENTS)) {
            uint32_t line = ls->line, col = ls->col;
            advance(ls, 1);
            while ((c = peek(ls, &n)) != CP_EOF && c != '\n') {
                advance(ls, n);
                if (!is_unicode(c))
                    return fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, line, col);
            }
        } else {
            return true;
        }
    }
}

static bool scan_comment(lex_state *ls, lex_token *t)
{
    size_t n;
    uint32_t c;
    while ((c = peek(ls, &n)) != CP_EOF && c != '\n') {
        advance(ls, n);
        if (!is_unicode(c))
            return fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, t->line, t->col);
        buf_char(ls, c);
    }
    return finish(ls, t, LEX_COMMENT);
}

static bool scan_name(lex_state *ls, lex_token *t, bool var)
{
    size_t n, chars = 0;
    uint32_t c;
    while ((c = peek(ls, &n)) != CP_EOF && is_name_char(c)) {
        buf_char(ls, c);
        advance(ls, n);
        chars++;
    }
    if (chars > ATOM_MAX_CHARS)
        return fail_at(ls, var ? LEX_ERR_ILLEGAL_VAR : LEX_ERR_ILLEGAL_ATOM, t->line, t->col);
    return finish(ls, t, var ? LEX_VAR : lex_reserved_word(ls->buf, ls->buf_len));
}

/* Decimal digits with '_' between two digits; returns the digits read. */
static size_t scan_digits(lex_state *ls)
{
    size_t count = 0;
    for (;;) {
        int b = byte_at(ls, 0);
        if (b >= '0' && b <= '9') {
            buf_byte(ls, (char)b);
            advance(ls, 1);
            count++;
        } else if (b == '_' && count > 0 && is_digit((uint32_t)byte_at(ls, 1))) {
            advance(ls, 1);
        } else {
            return count;
        }
    }
}

static bool scan_based(lex_state *ls, lex_token *t, unsigned base)
{
    size_t count = 0;
    ls->buf_len = 0;
    ls->buf[0] = '\0';
    for (;;) {
        int b = byte_at(ls, 0);
        if (b >= 0 && based_digit((uint32_t)b, base) >= 0) {
            buf_byte(ls, (char)b);
            advance(ls, 1);
            count++;
        } else if (b == '_' && count > 0 && byte_at(ls, 1) >= 0 &&
                   based_digit((uint32_t)byte_at(ls, 1), base) >= 0) {
            advance(ls, 1);
        } else {
            break;
        }
    }
    if (count == 0)
        return fail_at(ls, LEX_ERR_ILLEGAL_INTEGER, t->line, t->col);
    t->base = base;
    return finish(ls, t, LEX_INTEGER);
}

/* After "digits.digit": the fraction, an optional exponent, the value. */
static bool scan_fraction(lex_state *ls, lex_token *t)
{
    buf_byte(ls, '.');
    advance(ls, 1);
    scan_digits(ls);
    int b = byte_at(ls, 0);
    if (b == 'e' || b == 'E') {
        buf_byte(ls, (char)b);
        advance(ls, 1);
        b = byte_at(ls, 0);
        if (b == '+' || b == '-') {
            buf_byte(ls, (char)b);
            advance(ls, 1);
        }
        if (scan_digits(ls) == 0)
            return fail_at(ls, LEX_ERR_ILLEGAL_FLOAT, t->line, t->col);
    }
    locale_t old = enter_c_locale();
    double d = strtod(ls->buf, NULL);
    leave_c_locale(old);
    if (isinf(d))
        return fail_at(ls, LEX_ERR_ILLEGAL_FLOAT, t->line, t->col);
    t->fval = d;
    return finish(ls, t, LEX_FLOAT);
}

static bool scan_number(lex_state *ls, lex_token *t)
{
    scan_digits(ls);
    int b = byte_at(ls, 0);
    if (b == '.' && is_digit((uint32_t)byte_at(ls, 1)))
        return scan_fraction(ls, t);
    if (b == '#') {
        const char *d = ls->buf;
        size_t n = ls->buf_len;
        while (n > 1 && *d == '0')
            d++, n--;
        unsigned base = n <= 2 ? (unsigned)atoi(d) : 0;
        if (base < 2 || base > 36) {
            memmove(ls->buf, d, n + 1);
            ls->buf_len = n;
            return fail_at(ls, LEX_ERR_BASE, t->line, t->col); /* resumes at '#' */
        }
        advance(ls, 1);
        return scan_based(ls, t, base);
    }
    t->base = 10;
    return finish(ls, t, LEX_INTEGER);
}

typedef enum esc_result { ESC_OK, ESC_ERROR, ESC_EOF } esc_result;

/* erl_scan's escape_char/1: \n \r \t \v \b \f \e \s \d; others stand for
 * themselves. */
static uint32_t escape_char(uint32_t c)
{
    static const char from[] = "nrtvbfesd", to[] = "\n\r\t\v\b\f\033 \177";
    const char *at = c < 0x80 ? strchr(from, (int)c) : NULL;
    return at && c ? (unsigned char)to[at - from] : c;
}

/* The escape after a backslash (already consumed), as erl_scan's
 * scan_escape/2: consumes what erl_scan consumes, so that the current
 * location is where its errors end. */
static esc_result scan_escape(lex_state *ls, uint32_t *val)
{
    size_t n;
    uint32_t c = peek(ls, &n);
    if (c == CP_EOF)
        return ESC_EOF;
    if (is_octal(c)) {
        uint32_t v = 0;
        for (int i = 0; i < 3 && is_octal((uint32_t)byte_at(ls, 0)); i++) {
            v = v * 8 + (uint32_t)(byte_at(ls, 0) - '0');
            advance(ls, 1);
        }
        *val = v;
        return ESC_OK;
    }
    if (c == 'x') {
        advance(ls, 1);
        int b = byte_at(ls, 0);
        if (b == '{') {
            advance(ls, 1);
            uint32_t v = 0;
            size_t digits = 0;
            while (hex_value((uint32_t)byte_at(ls, 0)) >= 0) {
                if (v <= 0x10FFFF)
                    v = v * 16 + (uint32_t)hex_value((uint32_t)byte_at(ls, 0));
                advance(ls, 1);
                digits++;
            }
            b = byte_at(ls, 0);
            if (b < 0)
                return ESC_EOF;
            if (b != '}')
                return ESC_ERROR;
            advance(ls, 1);
            if (digits == 0 || !is_unicode(v))
                return ESC_ERROR;
            *val = v;
            return ESC_OK;
        }
        if (b < 0)
            return ESC_EOF;
        if (hex_value((uint32_t)b) >= 0 && byte_at(ls, 1) >= 0 && hex_value((uint32_t)byte_at(ls, 1)) >= 0) {
            *val = (uint32_t)(hex_value((uint32_t)b) * 16 + hex_value((uint32_t)byte_at(ls, 1)));
            advance(ls, 1);
            advance(ls, 1);
            return ESC_OK;
        }
        return ESC_ERROR;
    }
    if (c == '^') {
        advance(ls, 1);
        c = peek(ls, &n);
        if (c == CP_EOF)
            return ESC_EOF;
        if (c == '\n') {
            advance_newline(ls);
            *val = '\n';
            return ESC_OK;
        }
        advance(ls, n);
        if (c == CP_BAD)
            return ESC_ERROR;
        *val = c & 31;
        return ESC_OK;
    }
    if (c == '\n') {
        advance_newline(ls);
        *val = '\n';
        return ESC_OK;
    }
    advance(ls, n);
    if (!is_unicode(c))
        return ESC_ERROR;
    *val = escape_char(c);
    return ESC_OK;
}

static bool scan_char(lex_state *ls, lex_token *t)
{
    size_t n;
    advance(ls, 1); /* $ */
    uint32_t c = peek(ls, &n);
    if (c == CP_EOF)
        return fail_to_end(ls, LEX_ERR_CHAR, t->line, t->col);
    if (c == '\\') {
        advance(ls, 1);
        switch (scan_escape(ls, &c)) {
        case ESC_OK:
            break;
        case ESC_ERROR:
            return fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, t->line, t->col);
        case ESC_EOF:
            return fail_to_end(ls, LEX_ERR_CHAR, t->line, t->col);
        }
    } else if (c == '\n') {
        advance_newline(ls);
    } else if (is_unicode(c)) {
        advance(ls, n);
    } else {
        /* erl_scan ends this error just after the '$' and resumes at the end */
        fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, t->line, t->col);
        ls->error.end_line = t->line;
        ls->error.end_col = t->col + 1;
        ls->pos = ls->len;
        return false;
    }
    t->ch = c;
    buf_char(ls, c);
    return finish(ls, t, LEX_CHAR);
}

/* A string or quoted atom; the opening quote is at the current location. */
static bool scan_quoted(lex_state *ls, lex_token *t, char quote)
{
    lex_error_kind unterminated = quote == '"' ? LEX_ERR_STRING : LEX_ERR_QATOM;
    size_t n, chars = 0;
    advance(ls, 1);
    for (;;) {
        uint32_t c = peek(ls, &n);
        if (c == CP_EOF)
            return fail_to_end(ls, unterminated, t->line, t->col);
        if (c == (uint32_t)quote) {
            advance(ls, 1);
            break;
        }
        if (c == '\n') {
            advance_newline(ls);
        } else if (c == '\\') {
            uint32_t line = ls->line, col = ls->col;
            advance(ls, 1);
            esc_result r = scan_escape(ls, &c);
            if (r == ESC_ERROR)
                return fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, line, col);
            if (r == ESC_EOF)
                return fail_to_end(ls, unterminated, t->line, t->col);
        } else if (is_unicode(c)) {
            advance(ls, n);
        } else {
            uint32_t line = ls->line, col = ls->col;
            advance(ls, n);
            return fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, line, col);
        }
        buf_char(ls, c);
        chars++;
    }
    if (quote == '"')
        return finish(ls, t, LEX_STRING);
    if (chars > ATOM_MAX_CHARS)
        return fail_at(ls, LEX_ERR_ILLEGAL_ATOM, t->line, t->col);
    return finish(ls, t, LEX_ATOM);
}

/* '.', '..', '...' or the full stop, which swallows one white space. */
static bool scan_dot(lex_state *ls, lex_token *t)
{
    size_t n;
    if (byte_at(ls, 1) == '.') {
        bool three = byte_at(ls, 2) == '.';
        for (int i = three ? 3 : 2; i > 0; i--)
            advance(ls, 1);
        return finish(ls, t, three ? LEX_ELLIPSIS : LEX_DOTDOT);
    }
    advance(ls, 1);
    uint32_t c = peek(ls, &n);
    if (c == CP_EOF || c == '%')
        return finish(ls, t, LEX_DOT);
    if (c == '\n' || is_white(c)) {
        finish(ls, t, LEX_DOT);
        if (c == '\n')
            advance_newline(ls);
        else
            advance(ls, n);
        return true;
    }
    return finish(ls, t, LEX_PERIOD);
}

/* Operators and punctuation; `c` is the ASCII character at the cursor. */
static bool scan_punct(lex_state *ls, lex_token *t, int c)
{
    static const struct {
        const char *text;
        lex_kind kind;
    } multi[] = {
        {"=:=", LEX_EXACT_EQ}, {"=/=", LEX_EXACT_NE},  {"?=", LEX_QMATCH},   {"<<", LEX_LTLT},
        {"<-", LEX_LARROW},    {"<=", LEX_LDARROW},    {">>", LEX_GTGT},     {">=", LEX_GE},
        {"->", LEX_RARROW},    {"--", LEX_MINUSMINUS}, {"++", LEX_PLUSPLUS}, {"=<", LEX_LE},
        {"=>", LEX_ASSOC},     {"==", LEX_EQ},         {"/=", LEX_NE},       {"||", LEX_BARBAR},
        {":=", LEX_COLONEQ},   {"::", LEX_COLONCOLON},
    };
    for (size_t i = 0; i < sizeof multi / sizeof multi[0]; i++) {
        const char *m = multi[i].text;
        size_t k = strlen(m);
        if (m[0] != c)
            continue;
        size_t j = 1;
        while (j < k && byte_at(ls, j) == m[j])
            j++;
        if (j == k) {
            for (j = 0; j < k; j++)
                advance(ls, 1);
            return finish(ls, t, multi[i].kind);
        }
    }
    lex_kind kind;
    switch (c) {
    case '(':
        kind = LEX_LPAREN;
        break;
    case ')':
        kind = LEX_RPAREN;
        break;
    case ',':
        kind = LEX_COMMA;
        break;
    case '{':
        kind = LEX_LBRACE;
        break;
    case '}':
        kind = LEX_RBRACE;
        break;
    case '[':
        kind = LEX_LBRACKET;
        break;
    case ']':
        kind = LEX_RBRACKET;
        break;
    case ';':
        kind = LEX_SEMI;
        break;
    case ':':
        kind = LEX_COLON;
        break;
    case '=':
        kind = LEX_MATCH;
        break;
    case '<':
        kind = LEX_LT;
        break;
    case '>':
        kind = LEX_GT;
        break;
    case '+':
        kind = LEX_PLUS;
        break;
    case '-':
        kind = LEX_MINUS;
        break;
    case '*':
        kind = LEX_STAR;
        break;
    case '/':
        kind = LEX_SLASH;
        break;
    case '|':
        kind = LEX_BAR;
        break;
    case '#':
        kind = LEX_HASH;
        break;
    case '?':
        kind = LEX_QUESTION;
        break;
    case '!':
        kind = LEX_BANG;
        break;
    default:
        t->ch = (uint32_t)c;
        buf_char(ls, (uint32_t)c);
        kind = LEX_OTHER;
        break;
    }
    advance(ls, 1);
    return finish(ls, t, kind);
}

bool lex_next(lex_state *ls, lex_token *t)
{
    ls->buf_len = 0;
    ls->buf[0] = '\0';
    ls->error.kind = LEX_ERR_NONE;
    if (!skip_white(ls))
        return false;
    t->line = ls->line;
    t->col = ls->col;
    t->offset = ls->pos;
    t->base = 10;
    t->ch = 0;
    t->fval = 0;
    size_t n;
    uint32_t c = peek(ls, &n);
    if (c == CP_EOF)
        return finish(ls, t, LEX_EOF);
    if (c == '%')
        return scan_comment(ls, t);
    if (is_lower_start(c))
        return scan_name(ls, t, false);
    if (is_upper_start(c))
        return scan_name(ls, t, true);
    if (is_digit(c))
        return scan_number(ls, t);
    switch (c) {
    case '.':
        return scan_dot(ls, t);
    case '"':
        return scan_quoted(ls, t, '"');
    case '\'':
        return scan_quoted(ls, t, '\'');
    case '$':
        return scan_char(ls, t);
    default:
        break;
    }
    if (c < 0x80)
        return scan_punct(ls, t, (int)c);
    advance(ls, n);
    if (c <= 0xFF) {
        t->ch = c;
        buf_char(ls, c);
        return finish(ls, t, LEX_OTHER);
    }
    return fail_at(ls, LEX_ERR_ILLEGAL_CHARACTER, t->line, t->col);
}

/* ---- token texts for error messages ----------------------------------------- */

static void put_integer(sbuf *sb, const lex_token *t)
{
    const char *d = t->text;
    size_t n = t->len;
    if (t->base == 10) {
        while (n > 1 && *d == '0')
            d++, n--;
        sb_put(sb, d, n);
        return;
    }
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t v;
    if (int_from_digits(&h, d, n, t->base, false, &v)) {
        size_t cap = int_chars_bound(v, 10);
        char *s = alloc_new(ALLOC_TEMP, cap);
        sb_put(sb, s, int_to_chars(v, 10, s));
        alloc_free(ALLOC_TEMP, s, cap);
    }
    heap_destroy(&h);
}

size_t lex_token_text(const lex_token *t, char *buf, size_t cap)
{
    sbuf sb;
    char tmp[8];
    sb_init(&sb, buf, cap);
    switch (t->kind) {
    case LEX_EOF:
        break;
    case LEX_ATOM:
        put_atom(&sb, t->text, t->len);
        break;
    case LEX_VAR:
        sb_put(&sb, t->text, t->len);
        break;
    case LEX_INTEGER:
        put_integer(&sb, t);
        break;
    case LEX_FLOAT:
        put_float(&sb, t->fval);
        break;
    case LEX_CHAR:
        if (t->ch == ' ') {
            sb_str(&sb, "$\\s");
        } else {
            sb_char(&sb, '$');
            put_string_char(&sb, t->ch, -1);
        }
        break;
    case LEX_STRING:
    case LEX_COMMENT:
        put_quoted(&sb, t->text, t->len, '"');
        break;
    case LEX_DOT:
        sb_str(&sb, "'.'");
        break;
    case LEX_OTHER:
        put_atom(&sb, tmp, unicode_encode_utf8(t->ch, tmp));
        break;
    default:
        put_atom(&sb, kind_names[t->kind], strlen(kind_names[t->kind]));
        break;
    }
    return sb_finish(&sb);
}
