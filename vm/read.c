/* read.c: the term reader. All tokens first (erl_scan:string/2 reports a
 * scan error before erl_parse sees anything), then a pushdown parser over
 * the token array with an explicit frame stack that builds the term as it
 * goes. Erlang that is no literal term (calls, variables, operators...) is
 * followed by a bracket-matching skimmer to the full stop, so that a later
 * syntax error still wins over "bad term", as in erl_parse:parse_term/1. */
#include "read.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "float.h"
#include "heap.h"
#include "lex.h"
#include "map.h"
#include "unicode.h"

/* ---- growable arrays ---------------------------------------------------- */

/* Makes room for one more element of `size` bytes in *v (count *n, room
 * *cap); returns false when `limit` elements are reached. */
static bool grow(void **v, size_t *cap, size_t n, size_t size, size_t limit)
{
    if (n < *cap)
        return true;
    if (n >= limit)
        return false;
    size_t ncap = *cap ? *cap * 2 : 16;
    if (ncap > limit)
        ncap = limit;
    *v = alloc_resize(ALLOC_TEMP, *v, *cap * size, ncap * size);
    *cap = ncap;
    return true;
}

/* ---- tokens ---------------------------------------------------------------- */

typedef struct rtok {
    lex_kind kind;
    uint32_t line, col;
    uint32_t ch;
    unsigned base;
    double fval;
    size_t off, len; /* value text in the token list's arena */
} rtok;

typedef struct toks {
    rtok *v;
    size_t n, cap;
    char *text;
    size_t tlen, tcap;
} toks;

static void toks_free(toks *tk)
{
    alloc_free(ALLOC_TEMP, tk->v, tk->cap * sizeof *tk->v);
    alloc_free(ALLOC_TEMP, tk->text, tk->tcap);
}

static void toks_push(toks *tk, const lex_token *t)
{
    grow((void **)&tk->v, &tk->cap, tk->n, sizeof *tk->v, SIZE_MAX / sizeof *tk->v);
    if (tk->tlen + t->len + 1 > tk->tcap) {
        size_t ncap = tk->tcap ? tk->tcap : 256;
        while (ncap < tk->tlen + t->len + 1)
            ncap *= 2;
        tk->text = alloc_resize(ALLOC_TEMP, tk->text, tk->tcap, ncap);
        tk->tcap = ncap;
    }
    rtok *r = &tk->v[tk->n++];
    r->kind = t->kind;
    r->line = t->line;
    r->col = t->col;
    r->ch = t->ch;
    r->base = t->base;
    r->fval = t->fval;
    r->off = tk->tlen;
    r->len = t->len;
    memcpy(tk->text + tk->tlen, t->text, t->len);
    tk->tlen += t->len;
    tk->text[tk->tlen++] = '\0';
}

/* Ends the list with an end-of-input token where erl_parse puts '$end':
 * at the last token, or at location 0 when there is none. */
static void toks_end(toks *tk)
{
    lex_token t = {.kind = LEX_EOF, .text = ""};
    if (tk->n) {
        t.line = tk->v[tk->n - 1].line;
        t.col = tk->v[tk->n - 1].col;
    }
    toks_push(tk, &t);
}

static const char *tok_text(const toks *tk, const rtok *r) { return tk->text + r->off; }

static void set_error(read_error *err, read_error_kind kind, uint32_t line, uint32_t col, const char *msg)
{
    err->kind = kind;
    err->line = err->end_line = line;
    err->col = err->end_col = col;
    size_t n = strlen(msg);
    if (n >= sizeof err->msg)
        n = sizeof err->msg - 1;
    memcpy(err->msg, msg, n);
    err->msg[n] = '\0';
}

static void set_scan_error(read_error *err, const lex_error *le)
{
    set_error(err, READ_ERR_SCAN, le->line, le->col, le->msg);
    err->end_line = le->end_line;
    err->end_col = le->end_col;
}

/* ---- the parser's state ------------------------------------------------------ */

typedef enum frame_kind { F_TOP, F_PAREN, F_LIST, F_TUPLE, F_MAP, F_BIN, F_UNARY, F_FUN } frame_kind;

typedef enum frame_state {
    S_VAL,       /* a value: expression, tuple element, map value */
    S_AFTER,     /* after a value */
    S_FIRST,     /* after an opening bracket: a value or the closing one */
    S_TAILVAL,   /* list: after '|' */
    S_TAILAFTER, /* list: after the tail */
    S_KEY,       /* map: a key after ',' */
    S_KEYAFTER,  /* map: '=>' */
    S_VALAFTER,  /* map: after a value */
    S_SEGVAL,    /* binary: a segment's value (prefix_op expr_max | expr_max) */
    S_SEGAFTER,  /* binary: ':', '/', ',' or '>>' */
    S_SIZE,      /* binary: the size (expr_max) */
    S_SIZEAFTER, /* binary: '/', ',' or '>>' */
    S_TYPE,      /* binary: a type atom */
    S_TYPEAFTER, /* binary: '-', ':', ',' or '>>' */
    S_UNIT,      /* binary: the integer after 'unit:' */
    S_UNITAFTER, /* binary: '-', ',' or '>>' */
    S_FUN_MOD,   /* fun M:F/A, after 'fun' */
    S_FUN_COLON,
    S_FUN_NAME,
    S_FUN_SLASH,
    S_FUN_ARITY
} frame_state;

/* What may start a value: any expression, a binary segment's value, or
 * erl_parse's expr_max (a size, the operand of a segment's prefix op). */
typedef enum value_ctx { CTX_EXPR, CTX_BITEXPR, CTX_EXPRMAX } value_ctx;

/* What a finished value was written as: normalise/1 negates only number
 * literals, and eval_bits treats a string literal segment apart. */
typedef enum value_kind { V_OTHER, V_NUMBER, V_STRING } value_kind;

typedef struct frame {
    uint8_t kind, state, ctx;
    uint8_t vkind;  /* F_PAREN: kind of the value inside */
    uint8_t neg;    /* F_UNARY: '-' rather than '+' */
    uint32_t count; /* F_LIST: elements so far */
    size_t base;    /* value stack height at the push; F_FUN: 'fun' token */
} frame;

/* Bit types as erl_bits records them; 0 is undefined. */
enum { BT_INTEGER = 1, BT_FLOAT, BT_BINARY, BT_UTF8, BT_UTF16, BT_UTF32 };
enum { BS_UNSIGNED = 1, BS_SIGNED };
enum { BE_BIG = 1, BE_LITTLE, BE_NATIVE };

typedef struct binstate {
    uint8_t *bits; /* the binary so far, high bits first, unused bits 0 */
    size_t cap;
    uint64_t nbits;
    uint32_t nseg; /* segments finished */
    term_t val;    /* the current segment's value, size */
    term_t size;
    uint8_t vkind;
    bool prefixed; /* value written with a prefix op */
    bool has_size, has_types, bad_type;
    uint8_t type, sign, endian;
    uint16_t unit;
    size_t type_tok; /* the type atom waiting for ':' Unit */
} binstate;

typedef struct parser {
    heap_t *h;
    const toks *tk;
    size_t i;     /* next token */
    size_t first; /* first token of the expression */
    frame *fr;
    size_t nfr, frcap;
    term_t *vals;
    size_t nvals, vcap;
    binstate *bins;
    size_t nbins, bcap;
    bool bad;         /* Erlang so far, but no literal term */
    size_t after_map; /* token after the '}' that closed the last map */
    size_t e2;        /* first token after a top-level ',' (SIZE_MAX: none) */
    term_t result;
    read_error *err;
} parser;

typedef enum step { STEP_ON, STEP_DONE, STEP_ERROR } step;

static const rtok *cur(const parser *p) { return &p->tk->v[p->i]; }
static const rtok *tok_at(const parser *p, size_t i) { return &p->tk->v[i < p->tk->n ? i : p->tk->n - 1]; }
static frame *top(parser *p) { return &p->fr[p->nfr - 1]; }

static step syntax_error(parser *p, const rtok *t)
{
    char text[READ_MSG_MAX - 32];
    lex_token lt = {.kind = t->kind,
                    .text = tok_text(p->tk, t),
                    .len = t->len,
                    .base = t->base,
                    .ch = t->ch,
                    .fval = t->fval};
    lex_token_text(&lt, text, sizeof text);
    char msg[READ_MSG_MAX];
    snprintf(msg, sizeof msg, "syntax error before: %s", text);
    set_error(p->err, READ_ERR_SYNTAX, t->line, t->col, msg);
    return STEP_ERROR;
}

static step limit_error(parser *p)
{
    set_error(p->err, READ_ERR_LIMIT, cur(p)->line, cur(p)->col, "system_limit");
    return STEP_ERROR;
}

static bool push_frame(parser *p, frame_kind kind, frame_state state, value_ctx ctx)
{
    if (!grow((void **)&p->fr, &p->frcap, p->nfr, sizeof *p->fr, TERM_MAX_DEPTH + 1)) /* + F_TOP */
        return false;
    frame *f = &p->fr[p->nfr++];
    f->kind = (uint8_t)kind;
    f->state = (uint8_t)state;
    f->ctx = (uint8_t)ctx;
    f->vkind = V_OTHER;
    f->neg = 0;
    f->count = 0;
    f->base = p->nvals;
    return true;
}

static void push_val(parser *p, term_t v)
{
    grow((void **)&p->vals, &p->vcap, p->nvals, sizeof *p->vals, SIZE_MAX / sizeof *p->vals);
    p->vals[p->nvals++] = v;
}

static binstate *top_bin(parser *p) { return &p->bins[p->nbins - 1]; }

static void reset_segment(binstate *b)
{
    b->val = b->size = NIL;
    b->vkind = V_OTHER;
    b->prefixed = b->has_size = b->has_types = b->bad_type = false;
    b->type = b->sign = b->endian = 0;
    b->unit = 0;
}

static void push_bin(parser *p)
{
    grow((void **)&p->bins, &p->bcap, p->nbins, sizeof *p->bins, SIZE_MAX / sizeof *p->bins);
    binstate *b = &p->bins[p->nbins++];
    b->bits = NULL;
    b->cap = 0;
    b->nbits = 0;
    b->nseg = 0;
    reset_segment(b);
}

static void pop_bin(parser *p)
{
    binstate *b = top_bin(p);
    alloc_free(ALLOC_TEMP, b->bits, b->cap);
    p->nbins--;
}

static void parser_destroy(parser *p)
{
    while (p->nbins)
        pop_bin(p);
    alloc_free(ALLOC_TEMP, p->fr, p->frcap * sizeof *p->fr);
    alloc_free(ALLOC_TEMP, p->vals, p->vcap * sizeof *p->vals);
    alloc_free(ALLOC_TEMP, p->bins, p->bcap * sizeof *p->bins);
}

/* ---- literal values ----------------------------------------------------------- */

/* The string of `n` adjacent string tokens from index `first`, as one list
 * of code points (erl_parse joins them). */
static term_t build_string(parser *p, size_t first, size_t n)
{
    size_t chars = 0;
    for (size_t t = first; t < first + n; t++) {
        const rtok *r = &p->tk->v[t];
        const char *s = tok_text(p->tk, r);
        for (size_t i = 0; i < r->len; i++)
            chars += ((unsigned char)s[i] & 0xC0) != 0x80;
    }
    if (chars == 0)
        return NIL;
    term_t *cells = heap_alloc(p->h, 2 * chars);
    size_t k = 0;
    for (size_t t = first; t < first + n; t++) {
        const rtok *r = &p->tk->v[t];
        const char *s = tok_text(p->tk, r);
        for (size_t i = 0, len; i < r->len; i += len) {
            /* the scanner's text: valid UTF-8 */
            cells[2 * k] = term_small(unicode_decode_utf8((const unsigned char *)s + i, r->len - i, &len));
            cells[2 * k + 1] = k + 1 < chars ? term_list(&cells[2 * k + 2]) : NIL;
            k++;
        }
    }
    return term_list(cells);
}

static bool make_atom(parser *p, const char *s, size_t n, term_t *out)
{
    if (atom_intern(s, n, out) == ATOM_OK)
        return true;
    limit_error(p);
    return false;
}

static term_t negate(parser *p, term_t v)
{
    if (term_is_float(v))
        return term_float(p->h, -float_value(v));
    return int_neg(p->h, v);
}

/* Parses a small non-negative integer token, saturating at `max` + 1. */
static uint64_t small_token_value(const parser *p, const rtok *r, uint64_t max)
{
    const char *s = tok_text(p->tk, r);
    uint64_t v = 0;
    for (size_t i = 0; i < r->len; i++) {
        int c = (unsigned char)s[i];
        int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
        v = v * r->base + (uint64_t)d;
        if (v > max)
            return max + 1;
    }
    return v;
}

/* ---- binaries ------------------------------------------------------------------ */

static bool host_little(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

static void bits_reserve(binstate *b, uint64_t more)
{
    size_t need = (size_t)((b->nbits + more + 7) / 8) + 1;
    if (need <= b->cap)
        return;
    size_t ncap = b->cap ? b->cap : 64;
    while (ncap < need)
        ncap *= 2;
    b->bits = alloc_resize(ALLOC_TEMP, b->bits, b->cap, ncap);
    memset(b->bits + b->cap, 0, ncap - b->cap);
    b->cap = ncap;
}

/* Appends the `n` (1..8) high bits of `byte`. */
static void put_high_bits(binstate *b, uint8_t byte, unsigned n)
{
    byte &= (uint8_t)(0xFF00u >> n);
    size_t at = (size_t)(b->nbits / 8);
    unsigned shift = (unsigned)(b->nbits % 8);
    b->bits[at] |= (uint8_t)(byte >> shift);
    if (shift && shift + n > 8)
        b->bits[at + 1] = (uint8_t)(byte << (8 - shift));
    b->nbits += n;
}

/* Appends `n` bits of `src` starting `off` bits in. */
static void put_bits(binstate *b, const uint8_t *src, uint64_t off, uint64_t n)
{
    bits_reserve(b, n);
    if (off % 8 == 0 && b->nbits % 8 == 0) {
        memcpy(b->bits + b->nbits / 8, src + off / 8, (size_t)(n / 8));
        b->nbits += n / 8 * 8;
        off += n / 8 * 8;
        n %= 8;
    }
    while (n > 0) {
        unsigned take = n < 8 ? (unsigned)n : 8;
        size_t at = (size_t)(off / 8);
        unsigned shift = (unsigned)(off % 8);
        uint8_t byte = (uint8_t)(src[at] << shift);
        if (shift && shift + take > 8)
            byte |= (uint8_t)(src[at + 1] >> (8 - shift));
        put_high_bits(b, byte, take);
        off += take;
        n -= take;
    }
}

/* `k` bytes of the two's complement of integer `v`, least significant
 * first. */
static void int_le_bytes(term_t v, uint8_t *out, size_t k)
{
    if (term_is_small(v)) {
        int64_t x = small_value(v);
        for (size_t i = 0; i < k; i++)
            out[i] = i < 8 ? (uint8_t)((uint64_t)x >> (8 * i)) : (x < 0 ? 0xFF : 0);
        return;
    }
    const mp_limb_t *l = big_limbs(v);
    size_t nl = big_limb_count(v);
    for (size_t i = 0; i < k; i++) {
        size_t li = i / sizeof(mp_limb_t);
        out[i] = li < nl ? (uint8_t)(l[li] >> (8 * (i % sizeof(mp_limb_t)))) : 0;
    }
    if (big_is_negative(v)) {
        unsigned carry = 1;
        for (size_t i = 0; i < k; i++) {
            unsigned s = (uint8_t)~out[i] + carry;
            out[i] = (uint8_t)s;
            carry = s >> 8;
        }
    }
}

/* <<V:N/integer>> in either byte order: big puts the high bits first;
 * little puts whole bytes least significant first, then the N rem 8
 * highest bits. */
static void put_integer(binstate *b, term_t v, uint64_t n, bool little)
{
    size_t k = (size_t)((n + 7) / 8);
    unsigned r = (unsigned)(n % 8);
    if (k == 0)
        return;
    uint8_t *le = alloc_new(ALLOC_TEMP, k);
    int_le_bytes(v, le, k);
    bits_reserve(b, n);
    if (little) {
        for (size_t i = 0; i < n / 8; i++)
            put_high_bits(b, le[i], 8);
        if (r)
            put_high_bits(b, (uint8_t)(le[k - 1] << (8 - r)), r);
    } else {
        if (r)
            put_high_bits(b, (uint8_t)(le[k - 1] << (8 - r)), r);
        for (size_t i = r ? k - 1 : k; i-- > 0;)
            put_high_bits(b, le[i], 8);
    }
    alloc_free(ALLOC_TEMP, le, k);
}

static void put_unit_bytes(binstate *b, uint64_t x, unsigned nbytes, bool little)
{
    bits_reserve(b, 8 * (uint64_t)nbytes);
    for (unsigned i = 0; i < nbytes; i++) {
        unsigned byte = little ? i : nbytes - 1 - i;
        put_high_bits(b, (uint8_t)(x >> (8 * byte)), 8);
    }
}

/* One value of a segment whose type, size and unit are resolved (size
 * UINT64_MAX is 'all'); false where eval_bits fails. */
static bool put_value(binstate *b, term_t v, unsigned type, uint64_t size, unsigned unit, unsigned endian)
{
    bool little = endian == BE_LITTLE || (endian == BE_NATIVE && host_little());
    if (type == BT_UTF8 || type == BT_UTF16 || type == BT_UTF32) {
        if (!term_is_small(v))
            return false;
        int64_t c = small_value(v);
        if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            return false;
        if (type == BT_UTF32) {
            put_unit_bytes(b, (uint64_t)c, 4, little);
        } else if (type == BT_UTF16) {
            if (c < 0x10000) {
                put_unit_bytes(b, (uint64_t)c, 2, little);
            } else {
                put_unit_bytes(b, 0xD800 + ((uint64_t)(c - 0x10000) >> 10), 2, little);
                put_unit_bytes(b, 0xDC00 + ((uint64_t)(c - 0x10000) & 0x3FF), 2, little);
            }
        } else {
            char u[4];
            size_t n = unicode_encode_utf8((uint32_t)c, u);
            put_bits(b, (const uint8_t *)u, 0, 8 * (uint64_t)n);
        }
        return true;
    }
    if (type == BT_BINARY) {
        if (!term_is_bitstring(v))
            return false;
        bin_view view;
        bin_view_of(v, &view);
        uint64_t have = bin_bit_size(&view), n;
        if (size == UINT64_MAX) {
            if (have % unit)
                return false;
            n = have;
        } else {
            n = size * unit;
            if (n > have)
                return false;
        }
        if (b->nbits + n > READ_BIN_MAX_BITS)
            return false;
        put_bits(b, view.bytes, view.bitoffset, n);
        return true;
    }
    if (size == UINT64_MAX)
        return false;
    uint64_t n = size * unit;
    if (b->nbits + n > READ_BIN_MAX_BITS)
        return false;
    if (type == BT_FLOAT) {
        double d;
        if (term_is_float(v))
            d = float_value(v);
        else if (!term_is_integer(v) || !int_to_double(v, &d))
            return false;
        if (n == 64) {
            uint64_t u;
            memcpy(&u, &d, sizeof u);
            put_unit_bytes(b, u, 8, little);
        } else if (n == 32) {
            put_unit_bytes(b, float_single_bits(d), 4, little);
        } else if (n == 16) {
            put_unit_bytes(b, float_half_bits(d), 2, little);
        } else {
            return false;
        }
        return true;
    }
    if (!term_is_integer(v))
        return false;
    put_integer(b, v, n, little);
    return true;
}

/* eval_bits for the segment just read: resolves the type list as
 * erl_bits:set_bit_type/2 does and appends the bits. False where
 * erl_parse:parse_term/1 answers "bad term". */
static bool eval_segment(binstate *b)
{
    if (b->bad_type)
        return false;
    if (b->vkind == V_STRING && !b->has_size && !b->has_types) {
        uint8_t byte;
        for (term_t l = b->val; term_is_list(l); l = list_tail(l)) {
            byte = (uint8_t)small_value(list_head(l));
            put_bits(b, &byte, 0, 8);
        }
        return true;
    }
    unsigned type = b->type ? b->type : BT_INTEGER, unit = b->unit;
    uint64_t size = 0;
    bool utf = type == BT_UTF8 || type == BT_UTF16 || type == BT_UTF32;
    if (!b->has_size) {
        if (type == BT_BINARY) {
            size = UINT64_MAX;
        } else if (type == BT_INTEGER || type == BT_FLOAT) {
            if (unit)
                return false;
            size = type == BT_INTEGER ? 8 : 64;
            unit = 1;
        }
    } else if (utf) {
        return false;
    } else if (term_is_small(b->size) && small_value(b->size) >= 0) {
        size = (uint64_t)small_value(b->size);
    } else if (atom_is_named(b->size, "all")) {
        size = UINT64_MAX;
    } else {
        return false;
    }
    if (utf && unit)
        return false;
    if (!unit)
        unit = type == BT_BINARY ? 8 : 1;
    if (size != UINT64_MAX && size > READ_BIN_MAX_BITS / unit)
        return false;
    unsigned endian = b->endian ? b->endian : BE_BIG;
    if (b->vkind != V_STRING)
        return put_value(b, b->val, type, size, unit, endian);
    if (b->val == NIL) { /* eval_bits checks the type even for "" */
        binstate scratch = {0};
        bool ok = put_value(&scratch, term_small(0), type, size, unit, endian);
        alloc_free(ALLOC_TEMP, scratch.bits, scratch.cap);
        return ok;
    }
    for (term_t l = b->val; term_is_list(l); l = list_tail(l))
        if (!put_value(b, list_head(l), type, size, unit, endian))
            return false;
    return true;
}

/* Merges one type specifier into the segment (erl_bits:merge_bittype). */
static void add_type(binstate *b, const char *name, size_t n, bool has_unit, uint64_t unit)
{
    static const struct {
        const char *name;
        uint8_t type, unit, sign, endian;
    } specs[] = {
        {"integer", BT_INTEGER, 0, 0, 0}, {"float", BT_FLOAT, 0, 0, 0},       {"binary", BT_BINARY, 0, 0, 0},
        {"bytes", BT_BINARY, 8, 0, 0},    {"bitstring", BT_BINARY, 1, 0, 0},  {"bits", BT_BINARY, 1, 0, 0},
        {"utf8", BT_UTF8, 0, 0, 0},       {"utf16", BT_UTF16, 0, 0, 0},       {"utf32", BT_UTF32, 0, 0, 0},
        {"signed", 0, 0, BS_SIGNED, 0},   {"unsigned", 0, 0, BS_UNSIGNED, 0}, {"big", 0, 0, 0, BE_BIG},
        {"little", 0, 0, 0, BE_LITTLE},   {"native", 0, 0, 0, BE_NATIVE},
    };
    b->has_types = true;
    uint8_t type = 0, sign = 0, endian = 0;
    uint16_t u = 0;
    if (has_unit) {
        if (n != 4 || memcmp(name, "unit", 4) != 0 || unit < 1 || unit > 256) {
            b->bad_type = true;
            return;
        }
        u = (uint16_t)unit;
    } else {
        size_t i = 0, count = sizeof specs / sizeof specs[0];
        while (i < count && !(strlen(specs[i].name) == n && memcmp(specs[i].name, name, n) == 0))
            i++;
        if (i == count) {
            b->bad_type = true;
            return;
        }
        type = specs[i].type, u = specs[i].unit, sign = specs[i].sign, endian = specs[i].endian;
    }
    if ((type && b->type && type != b->type) || (u && b->unit && u != b->unit) ||
        (sign && b->sign && sign != b->sign) || (endian && b->endian && endian != b->endian)) {
        b->bad_type = true;
        return;
    }
    if (type)
        b->type = type;
    if (u)
        b->unit = u;
    if (sign)
        b->sign = sign;
    if (endian)
        b->endian = endian;
}

/* ---- the parser ------------------------------------------------------------------ */

static bool expects_value(const frame *f)
{
    switch ((frame_state)f->state) {
    case S_VAL:
    case S_FIRST:
    case S_TAILVAL:
    case S_KEY:
    case S_SEGVAL:
    case S_SIZE:
        return true;
    default:
        return false;
    }
}

static value_ctx ctx_of(const frame *f)
{
    if (f->kind == F_BIN)
        return f->state == S_SIZE ? CTX_EXPRMAX : CTX_BITEXPR;
    if (f->kind == F_UNARY)
        return (value_ctx)f->ctx;
    return CTX_EXPR;
}

/* Tokens that continue an expression after a complete one: binary
 * operators, remote calls, calls, record and map updates. */
static bool continues_expr(lex_kind k)
{
    switch (k) {
    case LEX_STAR:
    case LEX_SLASH:
    case LEX_KW_DIV:
    case LEX_KW_REM:
    case LEX_KW_BAND:
    case LEX_KW_AND:
    case LEX_PLUS:
    case LEX_MINUS:
    case LEX_KW_BOR:
    case LEX_KW_BXOR:
    case LEX_KW_BSL:
    case LEX_KW_BSR:
    case LEX_KW_OR:
    case LEX_KW_XOR:
    case LEX_PLUSPLUS:
    case LEX_MINUSMINUS:
    case LEX_EQ:
    case LEX_NE:
    case LEX_LE:
    case LEX_LT:
    case LEX_GE:
    case LEX_GT:
    case LEX_EXACT_EQ:
    case LEX_EXACT_NE:
    case LEX_KW_ANDALSO:
    case LEX_KW_ORELSE:
    case LEX_MATCH:
    case LEX_BANG:
    case LEX_COLON:
    case LEX_LPAREN:
    case LEX_HASH:
        return true;
    default:
        return false;
    }
}

static bool is_binary_op(lex_kind k)
{
    return continues_expr(k) && k != LEX_PLUS && k != LEX_MINUS && k != LEX_LPAREN && k != LEX_HASH;
}

static bool is_literal(lex_kind k)
{
    return k == LEX_ATOM || k == LEX_VAR || k == LEX_INTEGER || k == LEX_FLOAT || k == LEX_CHAR ||
           k == LEX_STRING;
}

static step deliver(parser *p, term_t v, value_kind k);

/* ---- the skimmer ------------------------------------------------------------------ */

/* An open bracket or block while skimming, and where inside it we are. */
typedef struct level {
    uint8_t c;     /* '(' expression, 'c' arguments, '[' list, '{' tuple, 'm' map,
                    * 'r' record fields, '<' binary, 'b' block (... end),
                    * 'F' function clauses after a top-level ';' (... dot) */
    uint8_t state; /* 'm': a '=>' is due; '[': LS_*; 'r': RS_*; '<': SEG_*;
                    * 'b': in a case head (before 'of': no commas) */
    uint8_t first; /* '<': in the first segment, no prefix op (|| may come) */
    bool comp;     /* a comparison is open at this level (they do not chain) */
    bool pat;      /* inside a fun head's arguments: a pattern (no M:F, no calls) */
    bool head;     /* these are a fun head's arguments: '->' or 'when' follows */
    bool remote;   /* opened right after ':' (M:F ends where this closes) */
} level;

enum { LS_FIRST, LS_MORE, LS_TAIL, LS_COMP };
enum { RS_NAME, RS_EQ, RS_VALUE };
enum {
    SEG_VAL,
    SEG_VALP,
    SEG_AFTER_VAL,
    SEG_SIZE,
    SEG_AFTER_SIZE,
    SEG_TYPE,
    SEG_AFTER_TYPE,
    SEG_UNIT,
    SEG_AFTER_UNIT,
    SEG_COMP
};

static bool push_level(level **lv, size_t *n, size_t *cap, uint8_t c, uint8_t state, uint8_t first)
{
    if (!grow((void **)lv, cap, *n, sizeof **lv, TERM_MAX_DEPTH))
        return false;
    bool pat = *n ? (*lv)[*n - 1].pat : false;
    (*lv)[*n] = (level){c, state, first, false, pat, false, false};
    (*n)++;
    return true;
}

/* The skimmer's view of the parser's open frames. */
static void inherit_levels(parser *p, level **lv, size_t *n, size_t *cap)
{
    static const uint8_t seg_of[] = {[S_FIRST] = SEG_VAL,
                                     [S_SEGVAL] = SEG_VAL,
                                     [S_SEGAFTER] = SEG_AFTER_VAL,
                                     [S_SIZE] = SEG_SIZE,
                                     [S_SIZEAFTER] = SEG_AFTER_SIZE,
                                     [S_TYPE] = SEG_TYPE,
                                     [S_TYPEAFTER] = SEG_AFTER_TYPE,
                                     [S_UNIT] = SEG_UNIT,
                                     [S_UNITAFTER] = SEG_AFTER_UNIT};
    size_t bin = 0;
    for (size_t j = 0; j < p->nfr; j++) {
        const frame *f = &p->fr[j];
        switch ((frame_kind)f->kind) {
        case F_PAREN:
            push_level(lv, n, cap, '(', 0, 0);
            break;
        case F_TUPLE:
            push_level(lv, n, cap, '{', 0, 0);
            break;
        case F_MAP:
            push_level(lv, n, cap, 'm', f->state == S_FIRST || f->state == S_KEY || f->state == S_KEYAFTER,
                       0);
            break;
        case F_LIST: {
            uint8_t st = LS_MORE;
            if (f->state == S_FIRST || (f->state == S_AFTER && f->count <= 1))
                st = LS_FIRST;
            else if (f->state == S_TAILVAL || f->state == S_TAILAFTER)
                st = LS_TAIL;
            push_level(lv, n, cap, '[', st, 0);
            break;
        }
        case F_BIN: {
            /* a segment's value or size may be open in the frames above */
            const binstate *b = &p->bins[bin++];
            bool above = j + 1 < p->nfr, prefixed = above && p->fr[j + 1].kind == F_UNARY;
            uint8_t st = seg_of[f->state];
            if (prefixed && j + 2 == p->nfr)
                st = SEG_VALP;
            else if (above)
                st = st == SEG_SIZE ? SEG_AFTER_SIZE : SEG_AFTER_VAL;
            push_level(lv, n, cap, '<', st, b->nseg == 0 && !b->prefixed && !prefixed);
            break;
        }
        default:
            break;
        }
    }
}

/* `fun` followed by its clauses (ended by 'end'), not by a name. */
static bool fun_has_clauses(const parser *p)
{
    lex_kind k1 = tok_at(p, p->i + 1)->kind;
    return k1 == LEX_LPAREN || (k1 == LEX_VAR && tok_at(p, p->i + 2)->kind == LEX_LPAREN);
}

/* fun F/A or fun M:F/A (variables allowed) at the current 'fun': leaves
 * the parser on its last token. */
static bool skip_fun_ref(parser *p)
{
    size_t i = p->i + 1;
    lex_kind k1 = tok_at(p, i)->kind;
    if (k1 == LEX_ATOM && tok_at(p, i + 1)->kind == LEX_SLASH) {
        if (tok_at(p, i + 2)->kind != LEX_INTEGER)
            return syntax_error(p, tok_at(p, i + 2)), false;
        p->i = i + 2;
        return true;
    }
    static const lex_kind want[4][2] = {
        {LEX_ATOM, LEX_VAR}, {LEX_COLON, LEX_COLON}, {LEX_ATOM, LEX_VAR}, {LEX_SLASH, LEX_SLASH}};
    for (size_t j = 0; j < 4; j++) {
        lex_kind k = tok_at(p, i + j)->kind;
        if (k != want[j][0] && k != want[j][1])
            return syntax_error(p, tok_at(p, i + j)), false;
    }
    lex_kind ka = tok_at(p, i + 4)->kind;
    if (ka != LEX_INTEGER && ka != LEX_VAR)
        return syntax_error(p, tok_at(p, i + 4)), false;
    p->i = i + 4;
    return true;
}

static bool opens_expr_max(lex_kind k)
{
    return k == LEX_LPAREN || k == LEX_LBRACKET || k == LEX_LBRACE || k == LEX_LTLT || k == LEX_KW_BEGIN ||
           k == LEX_KW_CASE || k == LEX_KW_IF || k == LEX_KW_RECEIVE || k == LEX_KW_TRY || k == LEX_KW_FUN;
}

typedef enum bin_verdict { BIN_TAKEN, BIN_GENERAL, BIN_BAD } bin_verdict;

/* A token directly inside a binary: bin_element's grammar, segment by
 * segment. BIN_GENERAL leaves brackets and '>>' to the caller. */
static bin_verdict bin_token(level *L, lex_kind k, lex_kind pk, bool *have)
{
    bool closes = k == LEX_GTGT, next_seg = k == LEX_COMMA;
    switch (L->state) {
    case SEG_VAL:
    case SEG_VALP:
    case SEG_SIZE:
        if (L->state == SEG_VAL && (k == LEX_PLUS || k == LEX_MINUS || k == LEX_KW_BNOT || k == LEX_KW_NOT)) {
            L->state = SEG_VALP;
            L->first = 0;
            return BIN_TAKEN;
        }
        if (closes && L->state == SEG_VAL && pk == LEX_LTLT)
            return BIN_GENERAL;
        if (is_literal(k) || opens_expr_max(k)) {
            L->state = L->state == SEG_SIZE ? SEG_AFTER_SIZE : SEG_AFTER_VAL;
            if (!is_literal(k))
                return BIN_GENERAL;
            *have = true;
            return BIN_TAKEN;
        }
        return BIN_BAD;
    case SEG_AFTER_VAL:
    case SEG_AFTER_SIZE:
        if (k == LEX_STRING && pk == LEX_STRING)
            return BIN_TAKEN;
        if (k == LEX_COLON && L->state == SEG_AFTER_VAL) {
            L->state = SEG_SIZE;
        } else if (k == LEX_SLASH) {
            L->state = SEG_TYPE;
        } else if (k == LEX_BARBAR && L->state == SEG_AFTER_VAL && L->first) {
            L->state = SEG_COMP;
        } else if (next_seg || closes) {
            break;
        } else {
            return BIN_BAD;
        }
        *have = false;
        return BIN_TAKEN;
    case SEG_TYPE:
    case SEG_UNIT:
        if (k != (L->state == SEG_TYPE ? LEX_ATOM : LEX_INTEGER))
            return BIN_BAD;
        L->state = L->state == SEG_TYPE ? SEG_AFTER_TYPE : SEG_AFTER_UNIT;
        *have = true;
        return BIN_TAKEN;
    case SEG_AFTER_TYPE:
    case SEG_AFTER_UNIT:
        if (k == LEX_MINUS || (k == LEX_COLON && L->state == SEG_AFTER_TYPE)) {
            L->state = k == LEX_MINUS ? SEG_TYPE : SEG_UNIT;
            *have = false;
            return BIN_TAKEN;
        }
        if (!next_seg && !closes)
            return BIN_BAD;
        break;
    default:
        return BIN_GENERAL;
    }
    if (closes)
        return BIN_GENERAL;
    L->state = SEG_VAL;
    L->first = 0;
    *have = false;
    return BIN_TAKEN;
}

/* Follows valid Erlang that is no literal term to its full stop, checking
 * brackets, blocks, list tails, map associations, record fields, binary
 * segments and where operands belong, so that most of what erl_parse
 * rejects is still a syntax error at the same token. `have`: the token
 * before the current one ended an expression. */
static step skim(parser *p, bool have)
{
    level *lv = NULL;
    size_t n = 0, cap = 0;
    step result = STEP_ERROR;
    bool pending_e2 = false, comp0 = false;
    /* Right after a call, map, record or remote (no expr_max), some
     * tokens may not follow: `after` is their index, `after_kind` which. */
    size_t after = p->after_map;
    uint8_t after_kind = 'm', hash_needs = 0;
    p->bad = true;
    inherit_levels(p, &lv, &n, &cap);
    for (;;) {
        const rtok *t = cur(p);
        lex_kind k = t->kind, pk = p->i > 0 ? tok_at(p, p->i - 1)->kind : LEX_EOF,
                 ppk = p->i > 1 ? tok_at(p, p->i - 2)->kind : LEX_EOF;
        level *L = n ? &lv[n - 1] : NULL;
        uint8_t c = L ? L->c : 0, push = 0;
        bool ok = true, pop = false, head = false;
        if (pending_e2 && k != LEX_LPAREN) {
            p->e2 = p->i;
            pending_e2 = false;
        }
        bool *comp = L ? &L->comp : &comp0;
        if ((pk == LEX_HASH && k != LEX_ATOM && k != LEX_LBRACE) ||
            (pk == LEX_ATOM && ppk == LEX_HASH && k != LEX_LBRACE && k != LEX_PERIOD) ||
            (pk == LEX_PERIOD && k != LEX_ATOM) || (hash_needs && k != hash_needs) ||
            (pk == LEX_COLON && c != 'b' && !is_literal(k) && !opens_expr_max(k)) ||
            (p->i == after && after_kind == 'h' && k != LEX_RARROW && k != LEX_KW_WHEN) ||
            (p->i == after && ((k == LEX_COLON && !(after_kind == 'x' && c == 'b')) ||
                               (k == LEX_LPAREN && after_kind != 'x') ||
                               (k == LEX_HASH && (after_kind == 'c' || after_kind == 'x'))))) {
            result = syntax_error(p, t);
            break;
        }
        hash_needs = 0;
        if (p->i == after && k == LEX_HASH)
            hash_needs = after_kind == 'm' ? LEX_LBRACE : LEX_ATOM;
        if (c == '<') {
            bin_verdict v = bin_token(L, k, pk, &have);
            if (v == BIN_BAD) {
                result = syntax_error(p, t);
                break;
            }
            if (v == BIN_TAKEN) {
                p->i++;
                continue;
            }
        } else if (c == 'r' && L->state != RS_VALUE && !(k == LEX_RBRACE && pk == LEX_LBRACE)) {
            if (k != (L->state == RS_NAME ? LEX_ATOM : LEX_MATCH) && !(L->state == RS_NAME && k == LEX_VAR)) {
                result = syntax_error(p, t);
                break;
            }
            L->state = L->state == RS_NAME ? RS_EQ : RS_VALUE;
            p->i++;
            continue;
        }
        if (is_literal(k)) {
            ok = !have || (k == LEX_STRING && pk == LEX_STRING);
            have = true;
        } else if (k == LEX_KW_FUN && !fun_has_clauses(p)) {
            if (have) {
                ok = false;
            } else if (!skip_fun_ref(p)) {
                break;
            }
            have = true;
        } else if (is_binary_op(k)) {
            bool is_comp = k == LEX_EQ || k == LEX_NE || k == LEX_LE || k == LEX_LT || k == LEX_GE ||
                           k == LEX_GT || k == LEX_EXACT_EQ || k == LEX_EXACT_NE;
            ok = have && !(is_comp && *comp) && !(k == LEX_COLON && L && L->pat);
            if (is_comp)
                *comp = true;
            else if (k == LEX_KW_ANDALSO || k == LEX_KW_ORELSE || k == LEX_MATCH || k == LEX_BANG)
                *comp = false;
            have = false;
        } else {
            switch (k) {
            case LEX_LPAREN:
                head = pk == LEX_KW_FUN || pk == LEX_SEMI || (pk == LEX_VAR && ppk == LEX_KW_FUN) ||
                       (c == 'F' && pk == LEX_ATOM && ppk == LEX_SEMI);
                ok = !(have && L && L->pat);
                push = have || head ? 'c' : '(';
                have = false;
                break;
            case LEX_LBRACKET:
            case LEX_LTLT:
                ok = !have;
                push = k == LEX_LBRACKET ? '[' : '<';
                break;
            case LEX_LBRACE:
                if (pk == LEX_HASH) {
                    push = 'm';
                } else if (pk == LEX_ATOM && ppk == LEX_HASH) {
                    push = 'r';
                } else {
                    ok = !have;
                    push = '{';
                }
                have = false;
                break;
            case LEX_RPAREN:
                ok = (c == '(' && have) || (c == 'c' && (have || pk == LEX_LPAREN));
                break;
            case LEX_RBRACKET:
                ok = c == '[' && (have || pk == LEX_LBRACKET);
                break;
            case LEX_GTGT:
                ok = c == '<' && (have || pk == LEX_LTLT);
                break;
            case LEX_RBRACE:
                ok = (c == '{' && (have || pk == LEX_LBRACE)) || (c == 'r' && (have || pk == LEX_LBRACE)) ||
                     (c == 'm' && (L->state ? pk == LEX_LBRACE : have));
                break;
            case LEX_COMMA:
                ok = have && c != '(' && !(c == '[' && L->state == LS_TAIL) && !(c == 'm' && L->state) &&
                     !(c == 'b' && L->state);
                if (c == '[' && L->state == LS_FIRST)
                    L->state = LS_MORE;
                else if (c == 'm' || c == 'r')
                    L->state = c == 'm' ? 1 : RS_NAME;
                else if (n == 0 && p->e2 == SIZE_MAX)
                    pending_e2 = true;
                have = false;
                break;
            case LEX_DOT:
                ok = have && (n == 0 || (n == 1 && c == 'F'));
                break;
            case LEX_KW_END:
                ok = have && c == 'b';
                break;
            case LEX_KW_BEGIN:
            case LEX_KW_CASE:
            case LEX_KW_IF:
            case LEX_KW_RECEIVE:
            case LEX_KW_TRY:
            case LEX_KW_FUN: /* with clauses */
                ok = !have;
                push = 'b';
                break;
            case LEX_KW_CATCH:
                ok = !have || c == 'b';
                have = false;
                break;
            case LEX_SEMI:
                if ((n == 0 || c == 'F') && have) {
                    /* erl_parse reads on a function clause "atom(...) ->"
                     * (and parse_term/1 then crashes: we say bad term) */
                    if (tok_at(p, p->i + 1)->kind != LEX_ATOM) {
                        t = tok_at(p, p->i + 1);
                        ok = false;
                    } else if (tok_at(p, p->i + 2)->kind != LEX_LPAREN) {
                        t = tok_at(p, p->i + 2);
                        ok = false;
                    } else if (n == 0) {
                        push = 'F';
                    }
                    have = false;
                    break;
                }
                /* fall through */
            case LEX_KW_OF:
            case LEX_KW_WHEN:
            case LEX_RARROW:
                ok = have && (c == 'b' || c == 'F');
                if (ok)
                    L->state = 0; /* past a case head */
                have = false;
                break;
            case LEX_KW_AFTER:
                ok = c == 'b' && (have || pk == LEX_KW_RECEIVE);
                have = false;
                break;
            case LEX_PLUS:
            case LEX_MINUS:
            case LEX_HASH:
                have = false;
                break;
            case LEX_KW_BNOT:
            case LEX_KW_NOT:
                ok = !have;
                break;
            case LEX_BAR:
                ok = have && c == '[' && (L->state == LS_FIRST || L->state == LS_MORE);
                if (ok)
                    L->state = LS_TAIL;
                have = false;
                break;
            case LEX_BARBAR:
                ok = have && c == '[' && L->state == LS_FIRST;
                if (ok)
                    L->state = LS_COMP;
                have = false;
                break;
            case LEX_LARROW:
            case LEX_LDARROW:
                ok = have && ((c == '[' && L->state == LS_COMP) || (c == '<' && L->state == SEG_COMP));
                have = false;
                break;
            case LEX_ASSOC:
            case LEX_COLONEQ:
                ok = have && c == 'm' && L->state;
                if (ok)
                    L->state = 0;
                have = false;
                break;
            case LEX_PERIOD:
                ok = pk == LEX_ATOM && ppk == LEX_HASH;
                have = false;
                break;
            default:
                ok = false;
                break;
            }
            pop = k == LEX_RPAREN || k == LEX_RBRACKET || k == LEX_RBRACE || k == LEX_GTGT || k == LEX_KW_END;
            if (pop)
                have = true;
            if (pop && L && (L->remote || L->head || c == 'm' || c == 'r' || (k == LEX_RPAREN && c == 'c'))) {
                after = p->i + 1;
                after_kind = L->remote ? 'x' : L->head ? 'h' : c;
            }
        }
        if (!ok) {
            result = syntax_error(p, t);
            break;
        }
        if (k == LEX_DOT) {
            p->i++;
            result = STEP_DONE;
            break;
        }
        if (is_literal(k) && pk == LEX_COLON) { /* M:F or #r.f ends an expr_max */
            after = p->i + 1;
            after_kind = 'x';
        } else if (k == LEX_ATOM && pk == LEX_PERIOD) {
            after = p->i + 1;
            after_kind = 'r';
        }
        if (k == LEX_COMMA || k == LEX_SEMI || k == LEX_RARROW || k == LEX_KW_OF || k == LEX_KW_WHEN ||
            k == LEX_BAR || k == LEX_BARBAR || k == LEX_LARROW || k == LEX_LDARROW || k == LEX_ASSOC ||
            k == LEX_COLONEQ || k == LEX_KW_CATCH || k == LEX_KW_AFTER)
            *comp = false;
        if (pop)
            n--;
        if (push) {
            static const uint8_t init[256] = {['['] = LS_FIRST, ['m'] = 1, ['r'] = RS_NAME, ['<'] = SEG_VAL};
            if (!push_level(&lv, &n, &cap, push, k == LEX_KW_CASE ? 1 : init[push], push == '<')) {
                result = limit_error(p);
                break;
            }
            lv[n - 1].pat |= head;
            lv[n - 1].head = head;
            lv[n - 1].remote = pk == LEX_COLON;
            have = false;
        }
        p->i++;
    }
    alloc_free(ALLOC_TEMP, lv, cap * sizeof *lv);
    return result;
}

static step open_frame(parser *p, frame_kind kind, frame_state state, value_ctx ctx)
{
    if (!push_frame(p, kind, state, ctx))
        return limit_error(p);
    if (kind == F_BIN)
        push_bin(p);
    p->i++;
    return STEP_ON;
}

static step start_value(parser *p, value_ctx ctx)
{
    const rtok *t = cur(p);
    term_t v = NIL;
    switch (t->kind) {
    case LEX_ATOM:
        if (!p->bad && !make_atom(p, tok_text(p->tk, t), t->len, &v))
            return STEP_ERROR;
        p->i++;
        return deliver(p, v, V_OTHER);
    case LEX_INTEGER:
        if (!p->bad)
            int_from_digits(p->h, tok_text(p->tk, t), t->len, t->base, false, &v);
        p->i++;
        return deliver(p, v, V_NUMBER);
    case LEX_FLOAT:
        if (!p->bad)
            v = term_float(p->h, t->fval);
        p->i++;
        return deliver(p, v, V_NUMBER);
    case LEX_CHAR:
        p->i++;
        return deliver(p, term_small(t->ch), V_NUMBER);
    case LEX_STRING: {
        size_t n = 1;
        while (tok_at(p, p->i + n)->kind == LEX_STRING)
            n++;
        if (!p->bad)
            v = build_string(p, p->i, n);
        p->i += n;
        return deliver(p, v, V_STRING);
    }
    case LEX_LBRACKET:
        return open_frame(p, F_LIST, S_FIRST, CTX_EXPR);
    case LEX_LBRACE:
        return open_frame(p, F_TUPLE, S_FIRST, CTX_EXPR);
    case LEX_LTLT:
        return open_frame(p, F_BIN, S_FIRST, CTX_EXPR);
    case LEX_LPAREN:
        return open_frame(p, F_PAREN, S_VAL, CTX_EXPR);
    case LEX_HASH: {
        const rtok *next = tok_at(p, p->i + 1);
        if (ctx != CTX_EXPR)
            return syntax_error(p, t);
        if (next->kind == LEX_LBRACE) {
            p->i++;
            return open_frame(p, F_MAP, S_FIRST, CTX_EXPR);
        }
        if (next->kind == LEX_ATOM)
            return skim(p, false); /* a record */
        return syntax_error(p, next);
    }
    case LEX_MINUS:
    case LEX_PLUS: {
        if (ctx == CTX_EXPRMAX)
            return syntax_error(p, t);
        bool neg = t->kind == LEX_MINUS;
        step s = open_frame(p, F_UNARY, S_VAL, ctx == CTX_BITEXPR ? CTX_EXPRMAX : CTX_EXPR);
        if (s == STEP_ON)
            top(p)->neg = neg;
        return s;
    }
    case LEX_KW_FUN: {
        size_t at = p->i;
        step s = open_frame(p, F_FUN, S_FUN_MOD, ctx);
        if (s == STEP_ON)
            top(p)->base = at;
        return s;
    }
    case LEX_VAR:
    case LEX_KW_BEGIN:
    case LEX_KW_CASE:
    case LEX_KW_IF:
    case LEX_KW_RECEIVE:
    case LEX_KW_TRY:
        return skim(p, false);
    case LEX_KW_BNOT:
    case LEX_KW_NOT:
        return ctx == CTX_EXPRMAX ? syntax_error(p, t) : skim(p, false);
    case LEX_KW_CATCH:
        return ctx == CTX_EXPR ? skim(p, false) : syntax_error(p, t);
    default:
        return syntax_error(p, t);
    }
}

/* A finished value goes to the frame that waits for it; a prefix op's
 * frame passes the result on. */
static step deliver(parser *p, term_t v, value_kind k)
{
    bool prefixed = false;
    for (;;) {
        frame *f = top(p);
        switch ((frame_kind)f->kind) {
        case F_UNARY:
            if (k != V_NUMBER)
                p->bad = true; /* normalise/1 negates number literals only */
            else if (f->neg && !p->bad)
                v = negate(p, v);
            k = V_OTHER;
            prefixed = true;
            p->nfr--;
            continue;
        case F_TOP:
            p->result = v;
            f->state = S_AFTER;
            return STEP_ON;
        case F_PAREN:
            push_val(p, v);
            f->vkind = (uint8_t)k;
            f->state = S_AFTER;
            return STEP_ON;
        case F_LIST:
            push_val(p, v);
            if (f->state == S_TAILVAL) {
                f->state = S_TAILAFTER;
            } else {
                f->count++;
                f->state = S_AFTER;
            }
            return STEP_ON;
        case F_TUPLE:
            push_val(p, v);
            f->state = S_AFTER;
            return STEP_ON;
        case F_MAP:
            push_val(p, v);
            f->state = f->state == S_VAL ? S_VALAFTER : S_KEYAFTER;
            return STEP_ON;
        case F_BIN: {
            binstate *b = top_bin(p);
            if (f->state == S_SIZE) {
                b->size = v;
                b->has_size = true;
                f->state = S_SIZEAFTER;
            } else {
                b->val = v;
                b->vkind = (uint8_t)k;
                b->prefixed = prefixed;
                f->state = S_SEGAFTER;
            }
            return STEP_ON;
        }
        case F_FUN:
            return STEP_ON; /* never waits for a value */
        }
    }
}

/* Closes the top frame, whose elements are on the value stack. */
static step close_collection(parser *p, bool has_tail)
{
    frame *f = top(p);
    size_t n = p->nvals - f->base;
    term_t *elems = n ? p->vals + f->base : NULL, v = NIL;
    if (!p->bad) {
        if (f->kind == F_LIST) {
            term_t tail = has_tail ? elems[--n] : NIL;
            v = term_list_from(p->h, elems, n, tail);
        } else if (f->kind == F_TUPLE) {
            v = term_tuple(p->h, n, elems);
        } else {
            size_t pairs = n / 2;
            term_t *keys = alloc_new(ALLOC_TEMP, (pairs ? pairs : 1) * 2 * sizeof *keys);
            term_t *vals = keys + pairs;
            for (size_t i = 0; i < pairs; i++) {
                keys[i] = elems[2 * i];
                vals[i] = elems[2 * i + 1];
            }
            v = map_from_pairs(p->h, keys, vals, pairs);
            alloc_free(ALLOC_TEMP, keys, (pairs ? pairs : 1) * 2 * sizeof *keys);
        }
    }
    if (f->kind == F_MAP)
        p->after_map = p->i + 1;
    p->nvals = f->base;
    p->nfr--;
    p->i++;
    return deliver(p, v, V_OTHER);
}

static step close_binary(parser *p)
{
    binstate *b = top_bin(p);
    term_t v = NIL;
    if (!p->bad)
        v = bin_new_bits(p->h, b->bits ? b->bits : (const uint8_t *)"", b->nbits);
    pop_bin(p);
    p->nfr--;
    p->i++;
    return deliver(p, v, V_OTHER);
}

/* ',' or '>>' after a segment: evaluates it. */
static step end_segment(parser *p, frame *f, const rtok *t)
{
    binstate *b = top_bin(p);
    if (t->kind != LEX_COMMA && t->kind != LEX_GTGT)
        return syntax_error(p, t);
    if (!p->bad && !eval_segment(b))
        p->bad = true;
    b->nseg++;
    reset_segment(b);
    if (t->kind == LEX_GTGT)
        return close_binary(p);
    f->state = S_SEGVAL;
    p->i++;
    return STEP_ON;
}

static void commit_type(parser *p, binstate *b, const rtok *unit)
{
    const rtok *name = &p->tk->v[b->type_tok];
    add_type(b, tok_text(p->tk, name), name->len, unit != NULL, unit ? small_token_value(p, unit, 256) : 0);
}

static step after_segment(parser *p, frame *f, const rtok *t)
{
    binstate *b = top_bin(p);
    lex_kind k = t->kind;
    switch ((frame_state)f->state) {
    case S_SEGAFTER:
        if (k == LEX_BARBAR && b->nseg == 0 && !b->prefixed)
            return skim(p, true); /* a binary comprehension */
        /* fall through */
    case S_SIZEAFTER:
        if (k == LEX_COLON && f->state == S_SEGAFTER) {
            f->state = S_SIZE;
        } else if (k == LEX_SLASH) {
            f->state = S_TYPE;
        } else {
            return end_segment(p, f, t);
        }
        p->i++;
        return STEP_ON;
    case S_TYPE:
        if (k != LEX_ATOM)
            return syntax_error(p, t);
        b->type_tok = p->i++;
        f->state = S_TYPEAFTER;
        return STEP_ON;
    case S_TYPEAFTER:
        if (k == LEX_COLON) {
            f->state = S_UNIT;
            p->i++;
            return STEP_ON;
        }
        commit_type(p, b, NULL);
        /* fall through */
    case S_UNITAFTER:
        if (k != LEX_MINUS)
            return end_segment(p, f, t);
        f->state = S_TYPE;
        p->i++;
        return STEP_ON;
    case S_UNIT:
        if (k != LEX_INTEGER)
            return syntax_error(p, t);
        commit_type(p, b, t);
        f->state = S_UNITAFTER;
        p->i++;
        return STEP_ON;
    default:
        return syntax_error(p, t);
    }
}

/* fun M:F/A with atoms and an integer is a term; any other fun goes to the
 * skimmer from the 'fun' on. */
static step fun_step(parser *p, frame *f, const rtok *t)
{
    static const lex_kind want[] = {[S_FUN_MOD] = LEX_ATOM,
                                    [S_FUN_COLON] = LEX_COLON,
                                    [S_FUN_NAME] = LEX_ATOM,
                                    [S_FUN_SLASH] = LEX_SLASH,
                                    [S_FUN_ARITY] = LEX_INTEGER};
    lex_kind k = t->kind;
    if (k != want[f->state]) {
        bool other_fun = (f->state == S_FUN_MOD && (k == LEX_VAR || k == LEX_LPAREN)) ||
                         (f->state == S_FUN_COLON && k == LEX_SLASH) ||
                         ((f->state == S_FUN_NAME || f->state == S_FUN_ARITY) && k == LEX_VAR);
        if (!other_fun)
            return syntax_error(p, t);
        p->i = f->base; /* the skimmer never comes back: values left are moot */
        p->nfr--;
        return skim(p, false);
    }
    if (k == LEX_ATOM) {
        term_t a = NIL;
        if (!p->bad && !make_atom(p, tok_text(p->tk, t), t->len, &a))
            return STEP_ERROR;
        push_val(p, a);
    }
    p->i++;
    if (f->state != S_FUN_ARITY) {
        f->state++;
        return STEP_ON;
    }
    uint64_t arity = small_token_value(p, t, 255);
    term_t fn = p->vals[--p->nvals], mod = p->vals[--p->nvals], v = NIL;
    if (arity > 255)
        p->bad = true; /* erlang:make_fun/3 fails */
    else if (!p->bad)
        v = term_export(p->h, mod, fn, (unsigned)arity);
    p->nfr--;
    return deliver(p, v, V_OTHER);
}

static step after_value(parser *p)
{
    const rtok *t = cur(p);
    frame *f = top(p);
    lex_kind k = t->kind;
    switch ((frame_kind)f->kind) {
    case F_TOP:
        if (k == LEX_DOT) {
            p->i++;
            return STEP_DONE;
        }
        if (k == LEX_COMMA || k == LEX_SEMI)
            return skim(p, true);
        break;
    case F_PAREN:
        if (k == LEX_RPAREN) {
            term_t v = p->vals[--p->nvals];
            value_kind vk = (value_kind)f->vkind;
            p->nfr--;
            p->i++;
            return deliver(p, v, vk);
        }
        break;
    case F_LIST:
        if (f->state == S_AFTER) {
            if (k == LEX_COMMA || k == LEX_BAR) {
                f->state = k == LEX_COMMA ? S_VAL : S_TAILVAL;
                p->i++;
                return STEP_ON;
            }
            if (k == LEX_RBRACKET)
                return close_collection(p, false);
            if (k == LEX_BARBAR && f->count == 1)
                return skim(p, true); /* a list comprehension */
        } else if (k == LEX_RBRACKET) {
            return close_collection(p, true);
        }
        break;
    case F_TUPLE:
        if (k == LEX_COMMA) {
            f->state = S_VAL;
            p->i++;
            return STEP_ON;
        }
        if (k == LEX_RBRACE)
            return close_collection(p, false);
        break;
    case F_MAP:
        if (f->state == S_KEYAFTER && (k == LEX_ASSOC || k == LEX_COLONEQ)) {
            if (k == LEX_COLONEQ)
                p->bad = true; /* normalise/1 takes => only */
            f->state = S_VAL;
            p->i++;
            return STEP_ON;
        }
        if (f->state == S_VALAFTER && k == LEX_COMMA) {
            f->state = S_KEY;
            p->i++;
            return STEP_ON;
        }
        if (f->state == S_VALAFTER && k == LEX_RBRACE)
            return close_collection(p, false);
        break;
    case F_BIN:
        return after_segment(p, f, t);
    case F_FUN:
        return fun_step(p, f, t);
    case F_UNARY:
        break;
    }
    if ((k == LEX_LPAREN || k == LEX_COLON) && p->i == p->after_map)
        return syntax_error(p, t); /* a map is no expr_max: no call, no M:F */
    if (continues_expr(k))
        return skim(p, true);
    return syntax_error(p, t);
}

static lex_kind closer_of(const frame *f)
{
    switch ((frame_kind)f->kind) {
    case F_LIST:
        return LEX_RBRACKET;
    case F_TUPLE:
    case F_MAP:
        return LEX_RBRACE;
    case F_BIN:
        return LEX_GTGT;
    default:
        return LEX_EOF;
    }
}

/* Parses the token list (ending in LEX_EOF) as erl_parse:parse_term/1. */
static read_result parse_tokens(heap_t *h, const toks *tk, term_t *out, read_error *err)
{
    parser p = {.h = h, .tk = tk, .e2 = SIZE_MAX, .after_map = SIZE_MAX, .err = err};
    step s = STEP_ON;
    push_frame(&p, F_TOP, S_VAL, CTX_EXPR);
    while (s == STEP_ON) {
        frame *f = top(&p);
        if (f->state == S_FIRST && cur(&p)->kind == closer_of(f))
            s = f->kind == F_BIN ? close_binary(&p) : close_collection(&p, false);
        else if (expects_value(f))
            s = start_value(&p, ctx_of(f));
        else
            s = after_value(&p);
    }
    if (s == STEP_DONE) {
        if (cur(&p)->kind != LEX_EOF) {
            s = syntax_error(&p, cur(&p));
        } else if (p.bad) {
            size_t at = p.e2 != SIZE_MAX ? p.e2 : p.first;
            while (tk->v[at].kind == LEX_LPAREN)
                at++;
            set_error(err, READ_ERR_BAD_TERM, tk->v[at].line, tk->v[at].col, "bad term");
            s = STEP_ERROR;
        } else {
            *out = p.result;
        }
    }
    parser_destroy(&p);
    return s == STEP_DONE ? READ_OK : READ_ERROR;
}

/* ---- entry points ------------------------------------------------------------------ */

static read_result read_all(heap_t *h, const char *text, size_t len, bool need_dot, term_t *out,
                            read_error *err)
{
    lex_state ls;
    lex_token t;
    toks tk = {0};
    read_result r = READ_ERROR;
    lex_init(&ls, text, len, 1, 1, 0);
    for (;;) {
        if (!lex_next(&ls, &t)) {
            set_scan_error(err, &ls.error);
            goto cleanup;
        }
        if (t.kind == LEX_EOF)
            break;
        toks_push(&tk, &t);
    }
    if (!need_dot && (tk.n == 0 || tk.v[tk.n - 1].kind != LEX_DOT)) {
        t.kind = LEX_DOT; /* t is the LEX_EOF token: where the text ends */
        t.len = 0;
        toks_push(&tk, &t);
    }
    toks_end(&tk);
    r = parse_tokens(h, &tk, out, err);
cleanup:
    toks_free(&tk);
    lex_destroy(&ls);
    return r;
}

read_result read_term(heap_t *h, const char *text, size_t len, term_t *out, read_error *err)
{
    return read_all(h, text, len, true, out, err);
}

read_result read_term_nodot(heap_t *h, const char *text, size_t len, term_t *out, read_error *err)
{
    return read_all(h, text, len, false, out, err);
}

void read_stream_init(read_stream *rs, const char *text, size_t len)
{
    rs->text = text;
    rs->len = len;
    rs->pos = 0;
    rs->line = 1;
    rs->col = 1;
}

read_result read_next(read_stream *rs, heap_t *h, term_t *out, read_error *err)
{
    lex_state ls;
    lex_token t;
    toks tk = {0};
    read_result r = READ_ERROR;
    lex_init(&ls, rs->text + rs->pos, rs->len - rs->pos, rs->line, rs->col, 0);
    for (;;) {
        if (!lex_next(&ls, &t)) {
            set_scan_error(err, &ls.error);
            goto cleanup;
        }
        if (t.kind == LEX_EOF)
            break;
        toks_push(&tk, &t);
        if (t.kind == LEX_DOT)
            break;
    }
    if (tk.n == 0) {
        r = READ_EOF;
        goto cleanup;
    }
    toks_end(&tk);
    r = parse_tokens(h, &tk, out, err);
cleanup:
    rs->pos += ls.pos;
    rs->line = ls.line;
    rs->col = ls.col;
    toks_free(&tk);
    lex_destroy(&ls);
    return r;
}
