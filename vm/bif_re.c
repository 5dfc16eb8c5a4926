/* bif_re.c: OTP's re module, its built-in half: version/0, compile/1,2,
 * run/2,3 and inspect/2, over PCRE2 (8-bit code units). split/2,3 and
 * replace/3,4 are Erlang code over run/3 (vm/lib/re.erl), as in OTP.
 *
 * A compiled pattern is OTP's {re_pattern, Groups, Unicode, UseCRLF, Bin},
 * but Bin is ours: what the pattern is compiled from (a header with the
 * PCRE2 compile options, the newline and \R conventions, then the
 * pattern's bytes), not PCRE's compiled code. So it survives
 * term_to_binary, and run/3's {newline, NL} and bsr_* options, which PCRE2
 * takes only at compile time, compile the same pattern again with them.
 * Each scheduler thread keeps the code it compiled last in a small cache
 * keyed by those bytes, so a pattern used in a loop, compiled or not, is
 * compiled once. docs/internals/re.md. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <pthread.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bif_re.h"
#include "binary.h"
#include "hash.h"
#include "proc.h"
#include "term.h"
#include "unicode.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_re.def"
#undef BIF

/* ---- the key: what a pattern is compiled from --------------------------- */

/* The header of a key, then the pattern's bytes. `newline` and `bsr` are
 * PCRE2_NEWLINE_* and PCRE2_BSR_* values, 0 for PCRE2's defaults. */
#define KEY_MAGIC "\x01re2"
#define KEY_HEAD 10 /* magic 4, compile options 4 (little-endian), newline, bsr */

typedef struct re_key {
    uint32_t options; /* PCRE2 compile options */
    uint8_t newline, bsr;
} re_key;

static void put_head(uint8_t *out, const re_key *k)
{
    memcpy(out, KEY_MAGIC, 4);
    for (int i = 0; i < 4; i++)
        out[4 + i] = (uint8_t)(k->options >> (8 * i));
    out[8] = k->newline;
    out[9] = k->bsr;
}

/* The compile options OTP's compile/2 knows, so a forged key with others
 * (PCRE2_NO_UTF_CHECK, PCRE2_MATCH_INVALID_UTF, ...) is refused. */
#define KNOWN_OPTIONS                                                                                        \
    (PCRE2_UTF | PCRE2_ANCHORED | PCRE2_CASELESS | PCRE2_DOLLAR_ENDONLY | PCRE2_DOTALL | PCRE2_EXTENDED |    \
     PCRE2_FIRSTLINE | PCRE2_MULTILINE | PCRE2_NO_AUTO_CAPTURE | PCRE2_DUPNAMES | PCRE2_UNGREEDY |           \
     PCRE2_NO_START_OPTIMIZE | PCRE2_UCP | PCRE2_NEVER_UTF)

static bool get_head(const uint8_t *s, size_t n, re_key *k)
{
    if (n < KEY_HEAD || memcmp(s, KEY_MAGIC, 4) != 0)
        return false;
    k->options = (uint32_t)s[4] | (uint32_t)s[5] << 8 | (uint32_t)s[6] << 16 | (uint32_t)s[7] << 24;
    k->newline = s[8];
    k->bsr = s[9];
    return !(k->options & ~KNOWN_OPTIONS) && k->newline <= PCRE2_NEWLINE_NUL && k->bsr <= PCRE2_BSR_ANYCRLF;
}

/* ---- PCRE2's memory, counted as re_heap ------------------------------------ */

/* PCRE2's free gets no size: blocks that carry theirs. */
static void *allocate_block(PCRE2_SIZE size, void *data) { return alloc_sized_new(ALLOC_RE, size); }
static void free_block(void *p, void *data) { alloc_sized_free(ALLOC_RE, p); }

/* ---- character tables: ISO 8859-1, as OTP's PCRE -------------------------- */

/* OTP builds PCRE with tables made in a Latin-1 locale, so below 256 \w,
 * [[:alpha:]], caseless matching and the rest know the Latin-1 letters
 * (ISO 8859-1: upper A-Z, C0-D6, D8-DE; lower a-z, AA, B5, BA, DF-F6,
 * F8-FF). These are the classes of each byte, from which the tables are
 * made as pcre2_maketables makes them from <ctype.h>. */
static bool l1_upper(unsigned c) { return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7); }
static bool l1_lower(unsigned c)
{
    return (c >= 'a' && c <= 'z') || c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xDF && c != 0xF7);
}
static bool l1_digit(unsigned c) { return c >= '0' && c <= '9'; }
static bool l1_space(unsigned c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool l1_xdigit(unsigned c) { return l1_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }
static bool l1_cntrl(unsigned c) { return c < 0x20 || (c >= 0x7F && c < 0xA0); }
static bool l1_print(unsigned c) { return !l1_cntrl(c); }
static bool l1_graph(unsigned c) { return l1_print(c) && c != ' '; }
static bool l1_punct(unsigned c) { return l1_graph(c) && !l1_upper(c) && !l1_lower(c) && !l1_digit(c); }
static unsigned l1_tolower(unsigned c) { return l1_upper(c) ? c + 0x20 : c; }
/* The other case; the lower letters without one in Latin-1 (AA, B5, BA,
 * DF, FF) are their own. */
static unsigned l1_flip(unsigned c)
{
    if (l1_upper(c))
        return c + 0x20;
    if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7))
        return c - 0x20;
    return c;
}

/* PCRE2's table layout (pcre2_maketables.c, pcre2_internal.h): lower
 * case, case flip, ten class bitmaps, then a type byte per char. */
enum {
    CBIT_SPACE = 0,
    CBIT_XDIGIT = 32,
    CBIT_DIGIT = 64,
    CBIT_UPPER = 96,
    CBIT_LOWER = 128,
    CBIT_WORD = 160,
    CBIT_GRAPH = 192,
    CBIT_PRINT = 224,
    CBIT_PUNCT = 256,
    CBIT_CNTRL = 288,
    CBIT_LENGTH = 320
};
enum {
    CTYPE_SPACE = 0x01,
    CTYPE_LETTER = 0x02,
    CTYPE_LCLETTER = 0x04,
    CTYPE_DIGIT = 0x08,
    CTYPE_WORD = 0x10
};

void re_make_tables(uint8_t out[RE_TABLES_LENGTH], bool latin1)
{
    uint8_t *lower = out, *flip = out + 256, *cbits = out + 512, *ctypes = out + 512 + CBIT_LENGTH;
    memset(cbits, 0, CBIT_LENGTH);
    for (unsigned c = 0; c < 256; c++) {
        bool known = latin1 || c < 128; /* else in no class, with no case */
        lower[c] = (uint8_t)(known ? l1_tolower(c) : c);
        flip[c] = (uint8_t)(known ? l1_flip(c) : c);
        bool upper = known && l1_upper(c), lc = known && l1_lower(c), digit = known && l1_digit(c);
        bool alpha = upper || lc, word = alpha || digit || c == '_', space = known && l1_space(c);
        const struct {
            int at;
            bool in;
        } maps[] = {{CBIT_DIGIT, digit},
                    {CBIT_UPPER, upper},
                    {CBIT_LOWER, lc},
                    {CBIT_WORD, word},
                    {CBIT_SPACE, space},
                    {CBIT_XDIGIT, known && l1_xdigit(c)},
                    {CBIT_GRAPH, known && l1_graph(c)},
                    {CBIT_PRINT, known && l1_print(c)},
                    {CBIT_PUNCT, known && l1_punct(c)},
                    {CBIT_CNTRL, known && l1_cntrl(c)}};
        for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
            if (maps[i].in)
                cbits[maps[i].at + c / 8] |= (uint8_t)(1u << (c & 7));
        ctypes[c] =
            (uint8_t)((space ? CTYPE_SPACE : 0) | (alpha ? CTYPE_LETTER : 0) | (lc ? CTYPE_LCLETTER : 0) |
                      (digit ? CTYPE_DIGIT : 0) | (word ? CTYPE_WORD : 0));
    }
}

static pcre2_general_context *gctx;
static uint8_t latin1_tables[RE_TABLES_LENGTH];
static pthread_once_t gctx_once = PTHREAD_ONCE_INIT;
static void make_gctx(void)
{
    gctx = pcre2_general_context_create(allocate_block, free_block, NULL);
    re_make_tables(latin1_tables, true);
}

/* ---- the per-thread cache of compiled code --------------------------------- */

#define CACHE_SIZE 8
#define CACHE_KEY_MAX 4096 /* longer keys are compiled on every call */

typedef struct compiled {
    pcre2_code *code; /* NULL: an empty slot */
    pcre2_match_data *md;
    uint8_t *key;
    size_t len;
    uint32_t hash; /* hash_bytes of the key */
    uint32_t groups;
    bool kept; /* in the cache, else the caller frees it */
} compiled;

typedef struct re_cache {
    compiled slot[CACHE_SIZE];
    unsigned next; /* the slot to reuse next, round robin */
    bool registered;
} re_cache;

static _Thread_local re_cache cache;
static pthread_key_t cache_key;
static bool cache_key_made;
static pthread_once_t cache_key_once = PTHREAD_ONCE_INIT;

static void free_compiled(compiled *c)
{
    pcre2_match_data_free(c->md);
    pcre2_code_free(c->code);
    alloc_free(ALLOC_RE, c->key, c->len);
    *c = (compiled){0};
}

static void free_cache(void *arg)
{
    re_cache *rc = arg;
    for (unsigned i = 0; i < CACHE_SIZE; i++)
        if (rc->slot[i].code)
            free_compiled(&rc->slot[i]);
}

static void make_cache_key(void) { cache_key_made = pthread_key_create(&cache_key, free_cache) == 0; }

/* Done with c: freed unless the cache keeps it. */
static void release(compiled *c)
{
    if (!c->kept)
        free_compiled(c);
}

/* Why a compile failed: PCRE2's error code and the offset it names. */
typedef struct compile_error {
    int code;
    PCRE2_SIZE offset;
} compile_error;

/* PCRE2 10.42 makes the start bitmap of a UTF-8 pattern from the wrong
 * class map for characters 128-255 (set_type_bits in pcre2_study.c reads
 * the space map whatever the class), so with Latin-1 tables "\\w|x" would
 * never start a match at an "é" that "\\w" matches. Letting every such
 * character start one (their lead bytes C2 and C3) only widens a filter:
 * the match itself decides. */
static void widen_start_bitmap(pcre2_code *code)
{
    const uint8_t *bitmap = NULL;
    pcre2_pattern_info(code, PCRE2_INFO_FIRSTBITMAP, &bitmap);
    if (!bitmap)
        return;
    uint8_t *w = (uint8_t *)(uintptr_t)bitmap; /* in the block PCRE2 allocated through us */
    w[0xC2 / 8] |= (uint8_t)(1u << (0xC2 & 7));
    w[0xC3 / 8] |= (uint8_t)(1u << (0xC3 & 7));
}

/* The code compiled from key s[0..n) (a valid head), from this thread's
 * cache or compiled now into *scratch. False with *err when PCRE2 refuses
 * the pattern (err->code 0: no memory). */
static bool get_compiled(const uint8_t *s, size_t n, compiled *scratch, compiled **out, compile_error *err)
{
    uint32_t h = hash_bytes(s, n);
    for (unsigned i = 0; i < CACHE_SIZE; i++) {
        compiled *c = &cache.slot[i];
        if (c->code && c->hash == h && c->len == n && memcmp(c->key, s, n) == 0) {
            *out = c;
            return true;
        }
    }
    pthread_once(&gctx_once, make_gctx);
    re_key k;
    get_head(s, n, &k);
    pcre2_compile_context *cctx = pcre2_compile_context_create(gctx);
    *err = (compile_error){0, 0};
    if (!cctx)
        return false;
    pcre2_set_character_tables(cctx, latin1_tables);
    if (k.newline)
        pcre2_set_newline(cctx, k.newline);
    if (k.bsr)
        pcre2_set_bsr(cctx, k.bsr);
    pcre2_code *code = pcre2_compile(s + KEY_HEAD, n - KEY_HEAD, k.options, &err->code, &err->offset, cctx);
    pcre2_compile_context_free(cctx);
    if (!code)
        return false;
    if ((k.options & (PCRE2_UTF | PCRE2_UCP)) == PCRE2_UTF)
        widen_start_bitmap(code);
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* without JIT, pcre2_match interprets */
    compiled c = {.code = code, .len = n, .hash = h};
    c.md = pcre2_match_data_create_from_pattern(code, gctx);
    c.key = alloc_try_new(ALLOC_RE, n);
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &c.groups);
    if (!c.md || !c.key) {
        pcre2_match_data_free(c.md);
        pcre2_code_free(code);
        alloc_free(ALLOC_RE, c.key, c.key ? n : 0);
        err->code = 0;
        return false;
    }
    memcpy(c.key, s, n);
    if (!cache.registered) {
        pthread_once(&cache_key_once, make_cache_key);
        cache.registered = cache_key_made && pthread_setspecific(cache_key, &cache) == 0;
    }
    if (cache.registered && n <= CACHE_KEY_MAX) {
        compiled *slot = &cache.slot[cache.next];
        cache.next = (cache.next + 1) % CACHE_SIZE;
        if (slot->code)
            free_compiled(slot);
        c.kept = true;
        *slot = c;
        *out = slot;
    } else {
        *scratch = c;
        *out = scratch;
    }
    return true;
}

/* ---- options --------------------------------------------------------------- */

/* What an option may be given to: compile/2, run/3 with a pattern to
 * compile, run/3 with a compiled one. */
enum { IN_COMPILE = 1u, IN_RUN_TEXT = 2u, IN_RUN_MP = 4u };
#define IN_ANY (IN_COMPILE | IN_RUN_TEXT | IN_RUN_MP)
#define IN_RUN (IN_RUN_TEXT | IN_RUN_MP)

typedef enum capture_kind {
    CAP_ALL,
    CAP_ALL_BUT_FIRST,
    CAP_FIRST,
    CAP_NONE,
    CAP_ALL_NAMES,
    CAP_LIST
} capture_kind;
typedef enum capture_type { TYPE_INDEX, TYPE_LIST, TYPE_BINARY } capture_type;

typedef struct re_opts {
    re_key key;
    uint32_t match; /* PCRE2 match options */
    bool global, report;
    uint64_t offset;
    uint32_t match_limit, depth_limit; /* 0: PCRE2's default */
    capture_kind cap;
    term_t cap_list; /* CAP_LIST: the list given */
    capture_type type;
} re_opts;

typedef struct flag_opt {
    const char *name;
    uint32_t compile, match; /* what it sets at compile time, at match time */
    unsigned in;
} flag_opt;

/* anchored is a compile option to compile/2 and a match option to run/3
 * (the same for a pattern compiled for the one run). */
static const flag_opt FLAGS[] = {
    {"unicode", PCRE2_UTF, 0, IN_COMPILE | IN_RUN_TEXT},
    {"anchored", PCRE2_ANCHORED, PCRE2_ANCHORED, IN_ANY},
    {"caseless", PCRE2_CASELESS, 0, IN_COMPILE | IN_RUN_TEXT},
    {"dollar_endonly", PCRE2_DOLLAR_ENDONLY, 0, IN_COMPILE | IN_RUN_TEXT},
    {"dotall", PCRE2_DOTALL, 0, IN_COMPILE | IN_RUN_TEXT},
    {"extended", PCRE2_EXTENDED, 0, IN_COMPILE | IN_RUN_TEXT},
    {"firstline", PCRE2_FIRSTLINE, 0, IN_COMPILE | IN_RUN_TEXT},
    {"multiline", PCRE2_MULTILINE, 0, IN_COMPILE | IN_RUN_TEXT},
    {"no_auto_capture", PCRE2_NO_AUTO_CAPTURE, 0, IN_COMPILE | IN_RUN_TEXT},
    {"dupnames", PCRE2_DUPNAMES, 0, IN_COMPILE | IN_RUN_TEXT},
    {"ungreedy", PCRE2_UNGREEDY, 0, IN_COMPILE | IN_RUN_TEXT},
    {"no_start_optimize", PCRE2_NO_START_OPTIMIZE, 0, IN_COMPILE | IN_RUN_TEXT},
    {"ucp", PCRE2_UCP, 0, IN_COMPILE | IN_RUN_TEXT},
    {"never_utf", PCRE2_NEVER_UTF, 0, IN_COMPILE | IN_RUN_TEXT},
    {"notbol", 0, PCRE2_NOTBOL, IN_RUN},
    {"noteol", 0, PCRE2_NOTEOL, IN_RUN},
    {"notempty", 0, PCRE2_NOTEMPTY, IN_RUN},
    {"notempty_atstart", 0, PCRE2_NOTEMPTY_ATSTART, IN_RUN},
};

static const struct {
    const char *name;
    uint8_t value;
} NEWLINES[] = {
    {"cr", PCRE2_NEWLINE_CR},   {"lf", PCRE2_NEWLINE_LF},           {"crlf", PCRE2_NEWLINE_CRLF},
    {"any", PCRE2_NEWLINE_ANY}, {"anycrlf", PCRE2_NEWLINE_ANYCRLF},
};

static const char *const CAPTURE_KINDS[] = {
    [CAP_ALL] = "all",   [CAP_ALL_BUT_FIRST] = "all_but_first", [CAP_FIRST] = "first",
    [CAP_NONE] = "none", [CAP_ALL_NAMES] = "all_names",
};
static const char *const CAPTURE_TYPES[] = {
    [TYPE_INDEX] = "index", [TYPE_LIST] = "list", [TYPE_BINARY] = "binary"};

static _Atomic term_t slot_nomatch, slot_re_pattern;
#define ATOM_NOMATCH atom_cached(&slot_nomatch, "nomatch")
#define ATOM_RE_PATTERN atom_cached(&slot_re_pattern, "re_pattern")

/* The index of atom t in names[0..n), or -1. */
static int atom_index_in(term_t t, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (atom_is_named(t, names[i]))
            return i;
    return -1;
}

/* A non-negative integer that fits in 32 bits (a match limit), or false. */
static bool get_u32(term_t t, uint32_t *out)
{
    if (!term_is_small(t) || small_value(t) < 0 || small_value(t) > (int64_t)UINT32_MAX)
        return false;
    *out = (uint32_t)small_value(t);
    return true;
}

/* A capture value spec's list: group numbers, and names as atoms and
 * strings. */
static bool capture_list_ok(term_t l)
{
    for (; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        if ((!term_is_small(x) || small_value(x) < 0) && !term_is_atom(x) && !term_is_cons_or_nil(x))
            return false;
    }
    return term_is_nil(l);
}

typedef enum opt_result { OPT_OK, OPT_BADOPT, OPT_BADARG } opt_result;

/* One option tuple: {newline, NL}, {offset, N}, {capture, Spec[, Type]},
 * {match_limit, N}, {match_limit_recursion, N}. */
static opt_result parse_tuple(term_t t, unsigned in, re_opts *o)
{
    uint64_t n = tuple_arity(t);
    term_t *e = tuple_elems(t);
    if (n == 2 && atom_is_named(e[0], "newline")) {
        for (size_t i = 0; i < sizeof NEWLINES / sizeof NEWLINES[0]; i++)
            if (atom_is_named(e[1], NEWLINES[i].name)) {
                o->key.newline = NEWLINES[i].value;
                return OPT_OK;
            }
        return OPT_BADARG;
    }
    if (!(in & IN_RUN))
        return OPT_BADOPT;
    if (n == 2 && atom_is_named(e[0], "offset")) {
        if (!term_is_small(e[1]) || small_value(e[1]) < 0)
            return OPT_BADARG;
        o->offset = (uint64_t)small_value(e[1]);
        return OPT_OK;
    }
    if ((n == 2 || n == 3) && atom_is_named(e[0], "capture")) {
        int k = atom_index_in(e[1], CAPTURE_KINDS, CAP_LIST);
        if (k < 0 && !capture_list_ok(e[1]))
            return OPT_BADARG;
        o->cap = k >= 0 ? (capture_kind)k : term_is_nil(e[1]) ? CAP_NONE : CAP_LIST; /* [] asks for nothing */
        o->cap_list = e[1];
        if (n == 3) {
            int ty = atom_index_in(e[2], CAPTURE_TYPES, 3);
            if (ty < 0)
                return OPT_BADARG;
            o->type = (capture_type)ty;
        } else {
            o->type = TYPE_INDEX;
        }
        return OPT_OK;
    }
    if (n == 2 && atom_is_named(e[0], "match_limit"))
        return get_u32(e[1], &o->match_limit) ? OPT_OK : OPT_BADARG;
    if (n == 2 && atom_is_named(e[0], "match_limit_recursion"))
        return get_u32(e[1], &o->depth_limit) ? OPT_OK : OPT_BADARG;
    return OPT_BADOPT;
}

static opt_result parse_opts(term_t l, unsigned in, re_opts *o)
{
    *o = (re_opts){.cap = CAP_ALL, .type = TYPE_INDEX};
    for (; term_is_list(l); l = list_tail(l)) {
        term_t t = list_head(l);
        if (term_is_tuple(t)) {
            opt_result r = parse_tuple(t, in, o);
            if (r != OPT_OK)
                return r;
            continue;
        }
        if (atom_is_named(t, "bsr_anycrlf") || atom_is_named(t, "bsr_unicode")) {
            o->key.bsr = atom_is_named(t, "bsr_anycrlf") ? PCRE2_BSR_ANYCRLF : PCRE2_BSR_UNICODE;
            continue;
        }
        if ((in & IN_RUN) && atom_is_named(t, "global")) {
            o->global = true;
            continue;
        }
        if ((in & IN_RUN) && atom_is_named(t, "report_errors")) {
            o->report = true;
            continue;
        }
        size_t i = 0;
        while (i < sizeof FLAGS / sizeof FLAGS[0] && !atom_is_named(t, FLAGS[i].name))
            i++;
        if (i == sizeof FLAGS / sizeof FLAGS[0] || !(FLAGS[i].in & in))
            return OPT_BADOPT;
        if (in & IN_COMPILE)
            o->key.options |= FLAGS[i].compile;
        else if (FLAGS[i].match)
            o->match |= FLAGS[i].match;
        else
            o->key.options |= FLAGS[i].compile;
    }
    return term_is_nil(l) ? OPT_OK : OPT_BADOPT;
}

static term_t opt_error(process *p, opt_result r)
{
    if (r == OPT_BADOPT)
        return bif_badarg_cause(p, ATOM_badopt, atom_from_cstr("erl_stdlib_errors"));
    return BIF_BADARG(p);
}

/* ---- subjects and patterns as bytes ---------------------------------------- */

/* Text as a whole-byte binary term: `t` itself when it is one, else its
 * bytes made into one on heap h: unicode chardata as UTF-8 (`utf8`), or
 * iodata. THE_NON_VALUE when it is neither. */
static term_t text_binary(heap_t *h, term_t t, bool utf8)
{
    if (term_is_bitstring(t)) {
        bin_view v;
        bin_view_of(t, &v);
        if (v.bitsize)
            return THE_NON_VALUE;
        if (v.bitoffset == 0)
            return t;
        return bin_of_iodata(h, term_cons(h, t, NIL));
    }
    return utf8 ? bin_of_chardata(h, t) : bin_of_iodata(h, t);
}

/* Whether t is {re_pattern, Groups, Unicode, UseCRLF, Bin}; *bin gets Bin. */
static bool is_compiled(term_t t, term_t *bin)
{
    if (!term_is_tuple(t) || tuple_arity(t) != 5 || tuple_get(t, 0) != ATOM_RE_PATTERN)
        return false;
    *bin = tuple_get(t, 4);
    if (!term_is_bitstring(*bin))
        return false;
    bin_view v;
    bin_view_of(*bin, &v);
    re_key k;
    return v.bitsize == 0 && v.bitoffset == 0 && get_head(v.bytes, v.size, &k);
}

/* The key of pattern text `re` compiled with k, made on heap h (as a
 * binary, for the compiled pattern); THE_NON_VALUE when `re` is no text. */
static term_t make_key(heap_t *h, term_t re, const re_key *k)
{
    term_t text = text_binary(h, re, k->options & PCRE2_UTF);
    if (text == THE_NON_VALUE)
        return THE_NON_VALUE;
    bin_view v;
    bin_view_of(text, &v);
    uint8_t *out;
    term_t key = bin_alloc(h, KEY_HEAD + v.size, &out);
    if (key == THE_NON_VALUE)
        return key;
    put_head(out, k);
    memcpy(out + KEY_HEAD, v.bytes, v.size);
    return key;
}

/* What PCRE2 said about a pattern it refused: {Text, Offset}. */
static term_t error_tuple(process *p, const compile_error *e)
{
    PCRE2_UCHAR msg[256];
    int n = pcre2_get_error_message(e->code, msg, sizeof msg);
    if (n < 0)
        n = 0;
    return term_tuple2(&p->heap, term_string(&p->heap, (const char *)msg, (size_t)n),
                       term_small((int64_t)e->offset));
}

/* ---- version/0, compile/1,2, inspect/2 ---------------------------------- */

term_t bif_re_version_0(process *p, const term_t *args)
{
    (void)args;
    char v[64];
    int n = pcre2_config(PCRE2_CONFIG_VERSION, v);
    return bin_new(&p->heap, (const uint8_t *)v, n > 1 ? (size_t)n - 1 : 0);
}

/* Whether code uses CRLF as a newline for global's stepping over an empty
 * match (OTP's UseCRLF): its newline is CRLF, ANY or ANYCRLF. */
static bool uses_crlf(const pcre2_code *code)
{
    uint32_t nl = 0;
    pcre2_pattern_info(code, PCRE2_INFO_NEWLINE, &nl);
    return nl == PCRE2_NEWLINE_CRLF || nl == PCRE2_NEWLINE_ANY || nl == PCRE2_NEWLINE_ANYCRLF;
}

/* compile(Regexp, Options): {ok, MP} or {error, {Text, Offset}}. */
static term_t compile_re(process *p, term_t re, term_t opts)
{
    re_opts o;
    opt_result r = parse_opts(opts, IN_COMPILE, &o);
    if (r != OPT_OK)
        return opt_error(p, r);
    term_t key = make_key(&p->heap, re, &o.key);
    if (key == THE_NON_VALUE)
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(key, &v);
    compiled scratch, *c;
    compile_error e;
    if (!get_compiled(v.bytes, v.size, &scratch, &c, &e)) {
        if (e.code == 0)
            return BIF_ERROR(p, ATOM_system_limit);
        return term_tuple2(&p->heap, ATOM_error, error_tuple(p, &e));
    }
    term_t mp[5] = {ATOM_RE_PATTERN, term_small(c->groups), term_small((o.key.options & PCRE2_UTF) != 0),
                    term_small(uses_crlf(c->code)), key};
    release(c);
    return term_tuple2(&p->heap, ATOM_ok, term_tuple(&p->heap, 5, mp));
}

term_t bif_re_compile_1(process *p, const term_t *args) { return compile_re(p, args[0], NIL); }
term_t bif_re_compile_2(process *p, const term_t *args) { return compile_re(p, args[0], args[1]); }

/* The name table: `count` entries of `size` bytes, each the group number
 * (two bytes, big-endian) and the NUL-terminated name, sorted by name. */
typedef struct name_table {
    const uint8_t *t;
    uint32_t count, size;
} name_table;

static void get_names(const pcre2_code *code, name_table *nt)
{
    PCRE2_SPTR t = NULL;
    pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &nt->count);
    pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &nt->size);
    pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &t);
    nt->t = t;
}

static const char *entry_name(const name_table *nt, uint32_t i)
{
    return (const char *)nt->t + i * nt->size + 2;
}
static uint32_t entry_group(const name_table *nt, uint32_t i)
{
    return (uint32_t)nt->t[i * nt->size] << 8 | nt->t[i * nt->size + 1];
}

/* inspect(MP, namelist): {namelist, Names}, each name once, in order. */
term_t bif_re_inspect_2(process *p, const term_t *args)
{
    term_t bin;
    if (!is_compiled(args[0], &bin) || !atom_is_named(args[1], "namelist"))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(bin, &v);
    compiled scratch, *c;
    compile_error e;
    if (!get_compiled(v.bytes, v.size, &scratch, &c, &e))
        return BIF_BADARG(p);
    name_table nt;
    get_names(c->code, &nt);
    term_t names = NIL;
    for (uint32_t i = nt.count; i-- > 0;) {
        const char *s = entry_name(&nt, i);
        if (i > 0 && strcmp(s, entry_name(&nt, i - 1)) == 0)
            continue;
        names = term_cons(&p->heap, bin_new(&p->heap, (const uint8_t *)s, strlen(s)), names);
    }
    release(c);
    return term_tuple2(&p->heap, atom_from_cstr("namelist"), names);
}

/* ---- run/2,3 --------------------------------------------------------------- */

/* One run: the code, the subject's bytes, and what to give back. */
typedef struct runner {
    process *p;
    const re_opts *o;
    compiled *c;
    term_t subject; /* the subject as a binary term, for binary captures */
    const uint8_t *s;
    size_t n;
    bool utf8, crlf;
    pcre2_match_context *mctx;
    int32_t *groups; /* the groups to give back, -1: one that cannot be set */
    size_t ngroups;
} runner;

/* The group a name in a capture list stands for in this match: of groups
 * sharing the name (dupnames), the first that is set; -1 for no name of
 * the pattern. */
static int32_t named_group(const runner *r, const char *name, size_t len, int rc)
{
    name_table nt;
    get_names(r->c->code, &nt);
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->c->md);
    int32_t found = -1;
    for (uint32_t i = 0; i < nt.count; i++) {
        const char *s = entry_name(&nt, i);
        if (strlen(s) != len || memcmp(s, name, len) != 0)
            continue;
        uint32_t g = entry_group(&nt, i);
        if (found < 0)
            found = (int32_t)g;
        if ((int)g < rc && ov[2 * g] != PCRE2_UNSET)
            return (int32_t)g;
    }
    return found;
}

/* The number a capture list's item names in this match: an integer, or a
 * name as an atom or a string. */
static int32_t item_group(const runner *r, term_t x, int rc)
{
    if (term_is_small(x))
        return small_value(x) >= 0 && small_value(x) <= INT32_MAX ? (int32_t)small_value(x) : -1;
    if (term_is_atom(x)) {
        size_t len;
        const char *s = atom_text(x, &len);
        return named_group(r, s, len, rc);
    }
    char name[64]; /* PCRE2 names are at most 32 code units */
    size_t len = 0;
    for (; term_is_list(x); x = list_tail(x)) {
        term_t ch = list_head(x);
        if (!term_is_small(ch) || len == sizeof name)
            return -1;
        int64_t cp = small_value(ch);
        if (cp < 0 || cp > 0x10FFFF)
            return -1;
        char enc[4];
        size_t k = unicode_encode_utf8((uint32_t)cp, enc);
        if (len + k > sizeof name)
            return -1;
        memcpy(name + len, enc, k);
        len += k;
    }
    return named_group(r, name, len, rc);
}

/* The groups this match gives back, in r->groups (rc: pcre2_match's, one
 * more than the highest group set). */
static void pick_groups(runner *r, int rc)
{
    r->ngroups = 0;
    switch (r->o->cap) {
    case CAP_ALL:
    case CAP_ALL_BUT_FIRST:
        for (int g = r->o->cap == CAP_ALL ? 0 : 1; g < rc; g++)
            r->groups[r->ngroups++] = g;
        break;
    case CAP_FIRST:
        r->groups[r->ngroups++] = 0;
        break;
    case CAP_NONE:
        break;
    case CAP_ALL_NAMES: {
        name_table nt;
        get_names(r->c->code, &nt);
        for (uint32_t i = 0; i < nt.count; i++) {
            const char *s = entry_name(&nt, i);
            if (i == 0 || strcmp(s, entry_name(&nt, i - 1)) != 0)
                r->groups[r->ngroups++] = named_group(r, s, strlen(s), rc);
        }
        break;
    }
    case CAP_LIST:
        for (term_t l = r->o->cap_list; term_is_list(l); l = list_tail(l))
            r->groups[r->ngroups++] = item_group(r, list_head(l), rc);
        break;
    }
}

/* The captured groups of this match as the list the options ask for. */
static term_t captured(runner *r, int rc)
{
    heap_t *h = &r->p->heap;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->c->md);
    pick_groups(r, rc);
    term_t l = NIL;
    for (size_t i = r->ngroups; i-- > 0;) {
        int32_t g = r->groups[i];
        bool set = g >= 0 && g < rc && ov[2 * g] != PCRE2_UNSET;
        size_t a = set ? ov[2 * g] : 0, len = set ? ov[2 * g + 1] - a : 0;
        term_t v;
        switch (r->o->type) {
        case TYPE_INDEX:
            v = term_tuple2(h, term_small(set ? (int64_t)a : -1), term_small((int64_t)len));
            break;
        case TYPE_BINARY:
            v = bin_sub(h, r->subject, 8 * (uint64_t)a, 8 * (uint64_t)len);
            break;
        default:
            v = r->utf8 ? term_utf8_string(h, (const char *)r->s + a, len)
                        : term_string(h, (const char *)r->s + a, len);
        }
        l = term_cons(h, v, l);
    }
    return l;
}

/* pcre2_match at `at` with match options `extra` added; a JIT stack
 * that runs out is retried by the interpreter. */
static int match_at(runner *r, size_t at, uint32_t extra)
{
    uint32_t opts = r->o->match | extra;
    if (r->o->match_limit || r->o->depth_limit || r->o->report)
        opts |= PCRE2_NO_JIT; /* the interpreter counts the limits as OTP's PCRE does */
    int rc = pcre2_match(r->c->code, r->s, r->n, at, opts, r->c->md, r->mctx);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
        rc = pcre2_match(r->c->code, r->s, r->n, at, opts | PCRE2_NO_JIT, r->c->md, r->mctx);
    return rc;
}

/* Past the character at `at` after an empty match that could not be
 * followed by a non-empty one there: CR LF is one step when the pattern's
 * newline knows it, a UTF-8 character is all its bytes. */
static size_t step(const runner *r, size_t at)
{
    size_t next = at + 1;
    if (r->crlf && r->s[at] == '\r' && next < r->n && r->s[next] == '\n')
        return next + 1;
    if (r->utf8)
        while (next < r->n && (r->s[next] & 0xC0) == 0x80)
            next++;
    return next;
}

typedef enum run_status { RUN_MATCH, RUN_NOMATCH, RUN_BADARG, RUN_MATCH_LIMIT, RUN_DEPTH_LIMIT } run_status;

static run_status status_of(int rc)
{
    switch (rc) {
    case PCRE2_ERROR_NOMATCH:
        return RUN_NOMATCH;
    case PCRE2_ERROR_MATCHLIMIT:
        return RUN_MATCH_LIMIT;
    case PCRE2_ERROR_DEPTHLIMIT:
    case PCRE2_ERROR_HEAPLIMIT:
    case PCRE2_ERROR_NOMEMORY:
        return RUN_DEPTH_LIMIT;
    default:
        return RUN_BADARG; /* bad UTF-8, an offset inside a character */
    }
}

/* Every match (only the first without `global`), as Perl's /g steps: after
 * an empty match the next try is anchored there and must not be empty,
 * and when that fails the search moves one character on. *out gets the
 * list of captures (one list per match with `global`). */
static run_status run_all(runner *r, term_t *out)
{
    heap_t *h = &r->p->heap;
    list_builder b;
    lb_init(&b, h);
    size_t at = r->o->offset;
    uint32_t extra = 0;
    bool any = false;
    for (;;) {
        int rc = match_at(r, at, extra);
        if (rc == PCRE2_ERROR_NOMATCH && extra && at < r->n) {
            at = step(r, at);
            extra = 0;
            continue;
        }
        if (rc == PCRE2_ERROR_NOMATCH)
            break;
        if (rc < 0)
            return status_of(rc);
        any = true;
        term_t caps = r->o->cap == CAP_NONE ? NIL : captured(r, rc);
        if (!r->o->global) {
            *out = caps;
            return RUN_MATCH;
        }
        lb_add(&b, caps);
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->c->md);
        extra = ov[0] == ov[1] ? PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED : 0;
        if (ov[1] > at || extra)
            at = ov[1];
        else
            at = step(r, at); /* \K can end a match before its start */
        if (at > r->n)
            break;
    }
    *out = b.head;
    return any ? RUN_MATCH : RUN_NOMATCH;
}

/* The most groups a capture spec can give back for a match. */
static size_t max_groups(const re_opts *o, const compiled *c)
{
    if (o->cap != CAP_LIST)
        return (size_t)c->groups + 1;
    size_t n = 0;
    for (term_t l = o->cap_list; term_is_list(l); l = list_tail(l))
        n++;
    return n;
}

static term_t run_re(process *p, term_t subject, term_t re, term_t opts)
{
    term_t bin;
    bool mp = is_compiled(re, &bin);
    if (!mp && term_is_tuple(re))
        return BIF_BADARG(p);
    re_opts o;
    opt_result res = parse_opts(opts, mp ? IN_RUN_MP : IN_RUN_TEXT, &o);
    if (res != OPT_OK)
        return opt_error(p, res);
    bin_view v;
    if (mp) {
        /* the compiled key with the run's newline and \R options */
        bin_view_of(bin, &v);
        re_key k;
        get_head(v.bytes, v.size, &k);
        if (o.key.newline || o.key.bsr) {
            o.key.options = k.options;
            o.key.newline = o.key.newline ? o.key.newline : k.newline;
            o.key.bsr = o.key.bsr ? o.key.bsr : k.bsr;
            uint8_t *out;
            bin = bin_alloc(&p->heap, v.size, &out);
            if (bin == THE_NON_VALUE)
                return BIF_ERROR(p, ATOM_system_limit);
            memcpy(out, v.bytes, v.size);
            put_head(out, &o.key);
        } else {
            o.key = k;
        }
    } else {
        bin = make_key(&p->heap, re, &o.key);
        if (bin == THE_NON_VALUE)
            return BIF_BADARG(p);
    }
    bool utf8 = o.key.options & PCRE2_UTF;
    term_t sbin = text_binary(&p->heap, subject, utf8);
    if (sbin == THE_NON_VALUE)
        return BIF_BADARG(p);
    bin_view_of(bin, &v);
    compiled scratch, *c;
    compile_error e;
    if (!get_compiled(v.bytes, v.size, &scratch, &c, &e)) {
        if (e.code == 0)
            return BIF_ERROR(p, ATOM_system_limit);
        if (!o.report)
            return BIF_BADARG(p);
        term_t why = term_tuple2(&p->heap, ATOM_compile, error_tuple(p, &e));
        return term_tuple2(&p->heap, ATOM_error, why);
    }
    bin_view sv;
    bin_view_of(sbin, &sv);
    runner r = {.p = p,
                .o = &o,
                .c = c,
                .subject = sbin,
                .s = sv.bytes,
                .n = sv.size,
                .utf8 = utf8,
                .crlf = uses_crlf(c->code)};
    if (o.offset > r.n) { /* global finds nothing there; OTP 25 dies without it */
        release(c);
        return o.global ? ATOM_NOMATCH : BIF_BADARG(p);
    }
    if (o.cap == CAP_ALL_NAMES) {
        name_table nt;
        get_names(c->code, &nt);
        if (nt.count == 0)
            o.cap = CAP_NONE; /* no names: nothing to give back, as [] */
    }
    r.mctx = pcre2_match_context_create(gctx);
    size_t ng = max_groups(&o, c);
    r.groups = alloc_try_new(ALLOC_TEMP, ng * sizeof *r.groups);
    if (!r.mctx || (ng && !r.groups)) {
        pcre2_match_context_free(r.mctx);
        alloc_free(ALLOC_TEMP, r.groups, r.groups ? ng * sizeof *r.groups : 0);
        release(c);
        return BIF_ERROR(p, ATOM_system_limit);
    }
    if (o.match_limit)
        pcre2_set_match_limit(r.mctx, o.match_limit);
    if (o.depth_limit)
        pcre2_set_depth_limit(r.mctx, o.depth_limit);
    term_t caps = NIL;
    run_status st = run_all(&r, &caps);
    pcre2_match_context_free(r.mctx);
    alloc_free(ALLOC_TEMP, r.groups, ng * sizeof *r.groups);
    release(c);
    switch (st) {
    case RUN_MATCH:
        return o.cap == CAP_NONE ? ATOM_match : term_tuple2(&p->heap, ATOM_match, caps);
    case RUN_NOMATCH:
        return ATOM_NOMATCH;
    case RUN_BADARG:
        return BIF_BADARG(p);
    default:
        if (!o.report)
            return ATOM_NOMATCH;
        return term_tuple2(&p->heap, ATOM_error,
                           atom_from_cstr(st == RUN_MATCH_LIMIT ? "match_limit" : "match_limit_recursion"));
    }
}

term_t bif_re_run_2(process *p, const term_t *args) { return run_re(p, args[0], args[1], NIL); }
term_t bif_re_run_3(process *p, const term_t *args) { return run_re(p, args[0], args[1], args[2]); }

/* ---- what a bad pattern is, for the shell's explanation of a badarg ------ */

/* Whether the pattern a key binary holds compiles; *e says why not. */
static bool key_compiles(term_t key, compile_error *e)
{
    bin_view v;
    bin_view_of(key, &v);
    compiled scratch, *c;
    if (!get_compiled(v.bytes, v.size, &scratch, &c, e))
        return false;
    release(c);
    return true;
}

re_check re_check_pattern(term_t re, char *msg, size_t cap, size_t *offset)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    re_key k = {0, 0, 0};
    term_t key = make_key(&h, re, &k);
    re_check r = RE_NOT_TEXT;
    compile_error e;
    if (key != THE_NON_VALUE) {
        if (key_compiles(key, &e)) {
            r = RE_OK;
        } else if (e.code != 0) {
            int n = pcre2_get_error_message(e.code, (PCRE2_UCHAR *)msg, cap);
            if (n < 0 && n != PCRE2_ERROR_NOMEMORY && cap) /* NOMEMORY: cut to fit */
                msg[0] = '\0';
            *offset = e.offset;
            r = RE_BAD;
        }
    }
    heap_destroy(&h);
    return r;
}

bool re_is_compiled(term_t t)
{
    term_t bin;
    compile_error e;
    return is_compiled(t, &bin) && key_compiles(bin, &e);
}
