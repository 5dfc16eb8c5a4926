/* termgen.c: the C side of the differential test against erl.
 * `termgen gen DIR [N]` builds N fixed-seed terms covering every term type,
 * writes them as ETF for erl, writes our text for each format case, and
 * checks the ETF and text round trips; `termgen cmp DIR` compares our text
 * with erl's record by record. tests/diff/run.sh drives both. */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/format.h"
#include "tests/lib/rng.h"

#define DEFAULT_TERMS 2000
#define DEFAULT_SEED UINT64_C(0x5eed2025d1ff7e57)
#define MAX_DEPTH 40            /* deepest nesting the generator builds */
#define SHOW_DIFFS 5            /* round-trip failures printed in full */
#define SHOW_PER_CASE 1         /* text differences printed per format case */
#define COVERAGE_MIN_TERMS 1000 /* fewer terms than this: coverage not checked */
#define SHOW_CHARS 1500         /* longest text printed per difference */

/* ---- format cases: one table drives our side and erl's ------------------- */

typedef enum { CASE_PRETTY, CASE_WRITE, CASE_FORMAT, CASE_DISPLAY } case_kind;

/* A format case. erl formats io_lib:format(erl_format, Args) where Args is
 * [Prefix, T] when prefix is set, [T, depth] when depth >= 0 and
 * erl_format takes a depth (~P, ~W), else [T]; in an erl started with
 * +pc unicode when unicode_range, else in one with erl's default +pc
 * latin1. We format it through fmt_pretty / fmt_write (CASE_PRETTY,
 * CASE_WRITE) or fmt_format with the same format string and arguments
 * (CASE_FORMAT, which has no unicode_range). CASE_DISPLAY is the
 * emulator's text instead: erl's erts_debug:display(T) (erlang:display/1's
 * text, returned), ours fmt_erts. */
typedef struct format_case {
    const char *name;
    case_kind kind;
    const char *erl_format;
    int depth;
    bool unicode;
    bool unicode_range;
    const char *prefix;
} format_case;

/* CASES[CASE_P] is ~p and CASES[CASE_W] is ~w: the text round trip reads
 * those back, and messages show a term through erl's ~w. */
enum { CASE_P = 0, CASE_W = 1 };
static const format_case CASES[] = {
    {"~p", CASE_PRETTY, "~p", -1, false, false, NULL},
    {"~w", CASE_WRITE, "~w", -1, false, false, NULL},
    {"~P depth 1", CASE_PRETTY, "~P", 1, false, false, NULL},
    {"~P depth 3", CASE_PRETTY, "~P", 3, false, false, NULL},
    {"~P depth 5", CASE_PRETTY, "~P", 5, false, false, NULL},
    {"~P depth 10", CASE_PRETTY, "~P", 10, false, false, NULL},
    {"~W depth 2", CASE_WRITE, "~W", 2, false, false, NULL},
    {"~W depth 4", CASE_WRITE, "~W", 4, false, false, NULL},
    {"~tp", CASE_PRETTY, "~tp", -1, true, false, NULL},
    {"~tw", CASE_WRITE, "~tw", -1, true, false, NULL},
    {"~s~p column 10", CASE_FORMAT, "~s~p", -1, false, false, "prefix:  "},
    {"~s~p column 38", CASE_FORMAT, "~s~p", -1, false, false, "a much longer prefix, 37 characters: "},
    {"~s~p column 71", CASE_FORMAT, "~s~p", -1, false, false,
     "a prefix of seventy characters leaves just ten columns for the terms: "},
    {"~s~tp after newline", CASE_FORMAT, "~s~tp", -1, false, false, "key:\n      "},
    {"~50p", CASE_FORMAT, "~50p", -1, false, false, NULL},
    {"~tP depth 6", CASE_FORMAT, "~tP", 6, true, false, NULL},
    {"~tp unicode range", CASE_PRETTY, "~tp", -1, true, true, NULL},
    {"~tP depth 4 unicode range", CASE_PRETTY, "~tP", 4, true, true, NULL},
    {"erlang:display", CASE_DISPLAY, "", -1, false, false, NULL},
};
#define NCASES (sizeof CASES / sizeof CASES[0])


/* ---- the generator ------------------------------------------------------- */

typedef struct gen {
    rng r;
    heap_t *h;
    long budget; /* composite elements left for the current term */
} gen;

static term_t make_any(gen *g, int depth);

/* clang-format off */
static const int64_t INT_EDGES[] = {
    0, 1, -1, 2, -2, 9, 10, 255, 256, -255, -256, 65535, 65536,
    (1 << 27) - 1, 1 << 27, -(1 << 27), -(1 << 27) - 1,
    INT32_MAX, (int64_t)INT32_MAX + 1, INT32_MIN, (int64_t)INT32_MIN - 1,
    UINT32_MAX, (int64_t)UINT32_MAX + 1, -(int64_t)UINT32_MAX - 1,
    SMALL_MAX, SMALL_MIN, SMALL_MAX - 1, SMALL_MIN + 1,
    INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
    1000000000000, -999999999999999999,
};
/* clang-format on */

/* Integers near every boundary (27, 32, 60 and 64 bits) and random ones of
 * random bit length; also 2^63..2^64 (bignums of one limb). */
static term_t make_integer(gen *g)
{
    rng *r = &g->r;
    switch (random_below(r, 6)) {
    case 0:
    case 1:
        return term_int64(g->h, INT_EDGES[random_below(r, sizeof INT_EDGES / sizeof INT_EDGES[0])]);
    case 2: { /* just past SMALL and int64 edges */
        static const uint64_t u[] = {(uint64_t)SMALL_MAX + 1, (uint64_t)SMALL_MAX + 2,
                                     (uint64_t)INT64_MAX + 1, UINT64_MAX, UINT64_MAX - 1};
        return big_from_uint64(g->h, u[random_below(r, 5)], random_percent(r, 50));
    }
    default: {
        unsigned bits = 1 + (unsigned)random_below(r, 63);
        int64_t v = (int64_t)(next_random(r) >> (64 - bits));
        return term_int64(g->h, random_percent(r, 40) ? -v : v);
    }
    }
}

/* Bignums from 2 limbs to 40 limbs (about 770 decimal digits), with random
 * limbs, powers of two and runs of all-ones limbs. */
static term_t make_bignum(gen *g)
{
    rng *r = &g->r;
    mp_limb_t limbs[40];
    size_t n = random_percent(r, 70) ? 2 + random_below(r, 3) : 5 + random_below(r, 36);
    unsigned shape = (unsigned)random_below(r, 4);
    for (size_t i = 0; i < n; i++)
        limbs[i] = shape == 0 ? 0 : shape == 1 ? ~(mp_limb_t)0 : (mp_limb_t)next_random(r);
    if (limbs[n - 1] == 0)
        limbs[n - 1] = (mp_limb_t)1 << random_below(r, 64);
    return big_from_limbs(g->h, random_percent(r, 50), limbs, n);
}

static double double_from_bits(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* Floats whose shortest text is tricky, integers as floats, the extremes,
 * and finite random bit patterns (every exponent). */
static term_t make_float(gen *g)
{
    /* clang-format off */
    static const double edges[] = {
        0.0, 1.0, -1.0, 0.1, 0.2, 0.5, 1.5, 2.5, 10.0, 100.0, 1.0e3, 1.0e-3, 1.0e-10, 1.0e10,
        0.30000000000000004, 1.0e15, 1.0e16, 1.0e17, 1.0e21, 1.0e22, 1.0e23, 1.0e100, 1.0e-100,
        123456.789, -123.456, 3.141592653589793, 2.718281828459045, 9007199254740992.0,
        9007199254740993.0, 4.35, 0.07, 1.0e-5, 1.0e-4, 1.0e-6, 123456789012345680.0,
        5.0e-324, 1.0e-323, 2.2250738585072014e-308, 2.225073858507201e-308, DBL_MAX, -DBL_MAX,
        1.7976931348623155e308, 4.9406564584124654e-324, 299792458.0, 6.02214076e23, 1.0 / 3.0,
        2.0 / 3.0, 100.0 / 7.0, 0.1 + 0.7, 1.0e-1, 12345678.9, 0.000123, 65536.0, 4294967296.0,
    };
    /* clang-format on */
    rng *r = &g->r;
    double d;
    switch (random_below(r, 5)) {
    case 0:
    case 1:
        d = edges[random_below(r, sizeof edges / sizeof edges[0])];
        if (random_percent(r, 20))
            d = -d;
        break;
    case 2:
        d = (double)random_range(r, -1000000, 1000000);
        if (random_percent(r, 30))
            d = (double)(int64_t)next_random(r);
        break;
    case 3: /* decimals with few digits: 12.34, 0.0056 */
        d = (double)random_range(r, -99999, 99999) / pow(10.0, (double)random_below(r, 8));
        break;
    default:
        do
            d = double_from_bits(next_random(r));
        while (!isfinite(d));
        break;
    }
    if (d == 0.0 && random_percent(r, 30))
        d = -0.0;
    return term_float(g->h, d);
}

/* Atom names, UTF-8: plain, reserved words, ones io_lib must quote, latin1
 * letters (ß-ÿ start a plain atom, À-Þ continue one), others above 255. */
/* clang-format off */
static const char *const ATOM_NAMES[] = {
    "ok", "error", "true", "false", "undefined", "hello_world", "aBC", "a@b", "a1_2@3", "zZ09_@",
    "nonode@nohost", "x", "Hello", "with space", "", "_under", "1abc", "a-b", "a.b", "a:b", "a'b",
    "back\\slash", "tab\there", "new\nline", "nul\001x", "del\177", "esc\033", "quote\"d", "[]", "{}",
    "=", "+", "<<", "!", "@", "case", "fun", "end", "receive", "after", "and", "andalso", "band",
    "begin", "bnot", "bor", "bsl", "bsr", "bxor", "catch", "cond", "div", "if", "let", "not", "of",
    "or", "orelse", "query", "rem", "try", "when", "xor", "maybe", "else", "spec", "record",
    "\xc3\xa5ngstr\xc3\xb6m",            /* ångström */
    "\xc3\x9f",                          /* ß */
    "\xc3\xbf",                          /* ÿ */
    "\xc3\x84rger",                      /* Ärger */
    "\xc3\xa9t\xc3\xa9",                 /* été */
    "a\xc3\xb7" "b",                     /* a÷b */
    "a\xc3\x97" "b",                     /* a×b */
    "\xc3\xb7",                          /* ÷ */
    "caf\xc3\xa9",                       /* café */
    "na\xc3\xafve_\xc3\x80\xc3\x9e",     /* naïve_ÀÞ */
    "\xc2\xa0nbsp",                      /* U+00A0 first */
    "\xc2\xbf\xc2\xa1",                  /* ¿¡ */
    "\xce\xbb",                          /* λ */
    "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", /* 日本語 */
    "a\xe2\x82\xac",                     /* a€ */
    "smile\xf0\x9f\x98\x80",             /* smile😀 */
    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82", /* Привет */
};
/* clang-format on */
#define NATOM_NAMES (sizeof ATOM_NAMES / sizeof ATOM_NAMES[0])

/* Appends code point cp as UTF-8 to s (room for 4 bytes). */
static size_t put_utf8(char *s, uint32_t cp)
{
    if (cp < 0x80) {
        s[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        s[0] = (char)(0xC0 | (cp >> 6)), s[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        s[0] = (char)(0xE0 | (cp >> 12)), s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    s[0] = (char)(0xF0 | (cp >> 18)), s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    s[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), s[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Code points of every grapheme-break class string:length/1 knows, so
 * that random neighbours make joined clusters (emoji ZWJ sequences, skin
 * tones, flags, Hangul jamo and syllables, prepends, spacing marks) and
 * near misses (U+1AFA is unassigned and joins nothing). */
static const uint32_t JOINERS[] = {
    0x200D,  0x200D,  0xFE0F, 0x1F3FB, 0x1F3FF, 0x1F1E6, 0x1F1FA, 0x1F1F8, 0x2764,  0x1F468,
    0x1F469, 0x1F466, 0x00A9, 0x203C,  0x1100,  0x1161,  0x11A8,  0xAC00,  0xAC01,  0xD7A3,
    0xA960,  0xD7B0,  0xD7CB, 0x0600,  0x0605,  0x06DD,  0x110BD, 0x0903,  0x11373, 0x1AFA,
    0x1AB0,  0x0E33,  0x0E31, 0x094D,  0xE0020, 0xE0100, 0x200B,  0x2028,  0x00AD,  0x0301,
};

/* A random code point from a small pool of scripts (never a surrogate),
 * combining marks among them (they join the char before them in
 * string:length's grapheme clusters), and JOINERS. */
static uint32_t random_unicode(rng *r)
{
    switch (random_below(r, 8)) {
    case 5:
        return (uint32_t)random_range(r, 0x410, 0x44F); /* Cyrillic */
    case 6:
        return (uint32_t)random_range(r, 0x300, 0x36F); /* combining diacritical marks */
    case 7:
        return JOINERS[random_below(r, sizeof JOINERS / sizeof JOINERS[0])];
    case 0:
        return (uint32_t)random_range(r, 0x100, 0x17F); /* Latin Extended-A */
    case 1:
        return (uint32_t)random_range(r, 0x391, 0x3C9); /* Greek */
    case 2:
        return (uint32_t)random_range(r, 0x4E00, 0x4FFF); /* CJK */
    case 3:
        return (uint32_t)random_range(r, 0x1F600, 0x1F64F); /* emoji */
    default:
        return (uint32_t)random_range(r, 0x20AC, 0x20AC + 20);
    }
}

static term_t intern(const char *s, size_t n)
{
    term_t a;
    if (atom_intern(s, n, &a) != ATOM_OK) {
        fprintf(stderr, "termgen: cannot make atom '%.*s'\n", (int)n, s);
        exit(2);
    }
    return a;
}

static term_t make_atom(gen *g)
{
    rng *r = &g->r;
    if (random_percent(r, 70)) {
        const char *s = ATOM_NAMES[random_below(r, NATOM_NAMES)];
        return intern(s, strlen(s));
    }
    /* Random names: mostly name chars, sometimes any latin1, sometimes a
     * code point above 255; now and then the longest atom (255 chars). */
    char s[255 * 4];
    size_t len = 0, n = random_percent(r, 5) ? 255 : random_below(r, 16);
    static const char alpha[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@";
    for (size_t i = 0; i < n; i++) {
        unsigned k = (unsigned)random_below(r, 100);
        uint32_t cp = k < 85   ? (uint32_t)alpha[random_below(r, sizeof alpha - 1)]
                      : k < 95 ? (uint32_t)random_range(r, 32, 255)
                               : random_unicode(r);
        if (i == 0 && k < 60)
            cp = (uint32_t)('a' + random_below(r, 26));
        len += put_utf8(s + len, cp);
    }
    return intern(s, len);
}

/* Lists of integers that io_lib may or may not print as strings. */
static term_t make_string(gen *g)
{
    rng *r = &g->r;
    size_t n = random_percent(r, 15) ? 60 + random_below(r, 200) : random_below(r, 30);
    term_t cs[260];
    unsigned kind = (unsigned)random_below(r, 8);
    for (size_t i = 0; i < n; i++) {
        int64_t c;
        switch (kind) {
        case 0:
        case 1: /* printable ascii */
            c = random_range(r, 32, 126);
            break;
        case 2: { /* with the control chars io_lib escapes or rejects */
            static const int ctl[] = {'\n', '\t', '\r', '\v', '\b', '\f', 27,  0,
                                      1,    127,  7,    31,   '"',  '\\', '\''};
            c = random_percent(r, 25) ? ctl[random_below(r, sizeof ctl / sizeof ctl[0])]
                                      : random_range(r, 32, 126);
            break;
        }
        case 3: /* latin1 */
            c = random_percent(r, 50) ? random_range(r, 160, 255) : random_range(r, 32, 126);
            break;
        case 4: /* unicode: a string only for ~tp */
            c = random_percent(r, 50) ? (int64_t)random_unicode(r) : random_range(r, 32, 126);
            break;
        case 5: /* printable but for one element */
            c = random_range(r, 'a', 'z');
            break;
        default: /* small integers: some runs happen to be printable */
            c = random_range(r, 0, 300);
            break;
        }
        cs[i] = term_small(c);
    }
    if (kind == 5 && n > 0) {
        static const int64_t odd[] = {128, 159, 256, 1000, -1, 0x10FFFF, 0x110000, 0xD800, 0xFFFE, 8, 6};
        cs[random_below(r, n)] = term_small(odd[random_below(r, sizeof odd / sizeof odd[0])]);
    }
    term_t tail = NIL;
    if (n > 0 && random_percent(r, 5))
        tail = term_small(random_range(r, 'a', 'z')); /* improper "string" */
    return term_list_from(g->h, cs, n, tail);
}

static term_t make_binary(gen *g)
{
    rng *r = &g->r;
    uint8_t bytes[600];
    size_t n = random_percent(r, 15)   ? 0
               : random_percent(r, 25) ? 65 + random_below(r, 300)
                                       : 1 + random_below(r, 40);
    unsigned kind = (unsigned)random_below(r, 5);
    size_t len = 0;
    while (len < n) {
        switch (kind) {
        case 0:
        case 1: /* printable text */
            bytes[len++] = (uint8_t)random_range(r, 32, 126);
            if (random_percent(r, 3))
                bytes[len - 1] = random_percent(r, 50) ? '\n' : '"';
            break;
        case 2: /* bytes of every value */
            bytes[len++] = (uint8_t)next_random(r);
            break;
        case 3: { /* UTF-8 text, above 255 and latin1 */
            char u[4];
            uint32_t cp = random_percent(r, 40)   ? random_unicode(r)
                          : random_percent(r, 50) ? (uint32_t)random_range(r, 160, 255)
                                                  : (uint32_t)random_range(r, 32, 126);
            size_t k = put_utf8(u, cp);
            if (len + k > n)
                goto done;
            memcpy(bytes + len, u, k);
            len += k;
            break;
        }
        default: /* latin1 text */
            bytes[len++] =
                (uint8_t)(random_percent(r, 30) ? random_range(r, 160, 255) : random_range(r, 32, 126));
            break;
        }
    }
done:
    if (kind == 3 && len > 0 && random_percent(r, 20))
        bytes[random_below(r, len)] = 0xFF; /* invalid UTF-8 */
    return bin_new(g->h, bytes, len);
}

static term_t make_bitstring(gen *g)
{
    rng *r = &g->r;
    uint8_t bytes[80];
    uint64_t nbytes = random_percent(r, 20) ? 65 + random_below(r, 10) : random_below(r, 12);
    for (size_t i = 0; i <= nbytes; i++)
        bytes[i] = random_percent(r, 50) ? (uint8_t)random_range(r, 'a', 'z') : (uint8_t)next_random(r);
    uint64_t nbits = nbytes * 8 + 1 + random_below(r, 7);
    term_t bin = bin_new_bits(g->h, bytes, nbits);
    if (nbits > 8 && random_percent(r, 30)) { /* an unaligned slice of a larger bitstring */
        uint64_t skip = 1 + random_below(r, 7);
        term_t big = bin_new_bits(g->h, bytes, nbits);
        bin = bin_sub(g->h, big, skip, nbits - skip);
    }
    return bin;
}

/* Local identities as erl -noshell numbers them: pid number < 2^15, serial
 * < 2^13; port number < 2^28; the first reference word < 2^18. */
static term_t make_pid(gen *g)
{
    rng *r = &g->r;
    return term_local_pid((uint32_t)random_below(r, random_percent(r, 50) ? 100 : 32768),
                          (uint32_t)random_below(r, random_percent(r, 70) ? 2 : 8192));
}

static term_t make_port(gen *g)
{
    rng *r = &g->r;
    return term_local_port(random_below(r, random_percent(r, 50) ? 100 : (1u << 28)));
}

static term_t make_ref(gen *g)
{
    rng *r = &g->r;
    uint32_t ids[3] = {(uint32_t)random_below(r, 1u << 18), (uint32_t)next_random(r),
                       (uint32_t)next_random(r)};
    return term_ref(g->h, ids, 3);
}

static const char *const MODULES[] = {"mod_a",      "my_server", "shell_test",
                                      "Quoted Mod", "m",         "\xc3\xa9t\xc3\xa9"};
#define NMODULES (sizeof MODULES / sizeof MODULES[0])

/* A closure of a module erl does not have (erl keeps such funs as data);
 * with and without free variables. */
static term_t make_fun(gen *g, int depth)
{
    rng *r = &g->r;
    uint8_t uniq[16];
    for (int i = 0; i < 16; i++)
        uniq[i] = (uint8_t)next_random(r);
    unsigned nfree = random_percent(r, 50) ? 0 : (unsigned)random_range(r, 1, 4);
    term_t env[4];
    for (unsigned i = 0; i < nfree; i++)
        env[i] = make_any(g, depth - 1);
    const char *m = MODULES[random_below(r, NMODULES)];
    return term_fun(g->h, intern(m, strlen(m)), (unsigned)random_below(r, 6), random_below(r, 200),
                    random_below(r, 1u << 27), uniq, make_pid(g), nfree, env);
}

static term_t make_export(gen *g)
{
    rng *r = &g->r;
    const char *m = MODULES[random_below(r, NMODULES)];
    return term_export(g->h, intern(m, strlen(m)), make_atom(g),
                       (unsigned)(random_percent(r, 90) ? random_below(r, 5) : random_below(r, 256)));
}

/* ---- composites ---------------------------------------------------------- */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "termgen: out of memory\n");
        exit(2);
    }
    return p;
}

static term_t make_leaf(gen *g)
{
    rng *r = &g->r;
    switch (random_below(r, 20)) {
    case 0:
    case 1:
    case 2:
        return make_integer(g);
    case 3:
        return make_bignum(g);
    case 4:
    case 5:
        return make_float(g);
    case 6:
    case 7:
    case 8:
    case 9:
        return make_atom(g);
    case 10:
    case 11:
    case 12:
        return make_string(g);
    case 13:
    case 14:
        return make_binary(g);
    case 15:
        return make_bitstring(g);
    case 16:
        return make_pid(g);
    case 17:
        return random_percent(r, 50) ? make_port(g) : make_ref(g);
    case 18:
        return make_export(g);
    default:
        return NIL;
    }
}

/* Takes up to n elements from the term's budget; returns how many. */
static size_t take_budget(gen *g, size_t n)
{
    if (g->budget <= 0)
        return 0;
    if ((long)n > g->budget)
        n = (size_t)g->budget;
    g->budget -= (long)n;
    return n;
}

static size_t random_length(gen *g)
{
    rng *r = &g->r;
    unsigned k = (unsigned)random_below(r, 100);
    return take_budget(g, k < 70   ? random_below(r, 6)
                          : k < 92 ? 6 + random_below(r, 20)
                                   : 26 + random_below(r, 120));
}

static term_t make_list(gen *g, int depth)
{
    rng *r = &g->r;
    size_t n = random_length(g);
    term_t *e = xmalloc(n * sizeof(term_t));
    bool same_kind = random_percent(r, 30); /* [1,2,3] or [a,b,c]: wraps as a column */
    bool ints = random_percent(r, 50);
    for (size_t i = 0; i < n; i++)
        e[i] = !same_kind ? make_any(g, depth - 1)
               : ints     ? term_small(random_range(r, -999, 99999))
                          : make_atom(g);
    term_t tail = NIL;
    if (n > 0 && random_percent(r, 10))
        tail = random_percent(r, 50) ? make_leaf(g) : make_any(g, depth - 1);
    term_t l = term_list_from(g->h, e, n, tail);
    free(e);
    return l;
}

static term_t make_tuple(gen *g, int depth)
{
    rng *r = &g->r;
    size_t n = random_length(g);
    term_t *e = xmalloc(n * sizeof(term_t));
    bool tagged = n > 0 && random_percent(r, 40); /* {atom, ...}: a record to io_lib_pretty */
    for (size_t i = 0; i < n; i++)
        e[i] = i == 0 && tagged ? make_atom(g) : make_any(g, depth - 1);
    term_t t = term_tuple(g->h, n, e);
    free(e);
    return t;
}

/* A map key: any leaf, sometimes a small tuple, list or map. */
static term_t make_key(gen *g, int depth)
{
    rng *r = &g->r;
    unsigned k = (unsigned)random_below(r, 100);
    if (k < 30)
        return term_small(random_range(r, -50, 1000));
    if (k < 40)
        return make_float(g);
    if (k < 90 || depth <= 1)
        return make_leaf(g);
    return make_any(g, depth - 1);
}

/* A key for a large map: no atom or fun anywhere in it. OTP 25 orders a
 * large map by an internal hash that takes atoms (and funs, by their
 * module) by their index in the atom table, which differs from VM to VM;
 * so the order, ~p, ~w and term_to_binary of such a map are the VM's own
 * (docs: differences from Erlang). Every other key type hashes by value. */
static term_t make_plain_key(gen *g, int depth)
{
    rng *r = &g->r;
    unsigned k = (unsigned)random_below(r, 100);
    if (k < 30)
        return term_small(random_range(r, -50, 100000));
    if (k < 40)
        return make_float(g);
    if (k < 48)
        return random_percent(r, 50) ? make_integer(g) : make_bignum(g);
    if (k < 60)
        return make_string(g);
    if (k < 70)
        return make_binary(g);
    if (k < 74)
        return make_bitstring(g);
    if (k < 80)
        return k < 76 ? make_pid(g) : k < 78 ? make_port(g) : make_ref(g);
    if (k < 84 || depth <= 1)
        return NIL;
    term_t e[3];
    size_t n = 1 + random_below(r, 3);
    for (size_t i = 0; i < n; i++)
        e[i] = make_plain_key(g, depth - 1);
    return random_percent(r, 50) ? term_tuple(g->h, n, e) : term_list_from(g->h, e, n, NIL);
}

/* Maps of every size: empty, small (the flat form, up to 32 keys), large
 * (33..200 keys, the hash trie, keys from make_plain_key); small ones keyed
 * by atoms, integers or anything. */
static term_t make_map(gen *g, int depth)
{
    rng *r = &g->r;
    unsigned k = (unsigned)random_below(r, 100);
    size_t n = take_budget(g, k < 15   ? 0
                              : k < 65 ? 1 + random_below(r, 8)
                              : k < 85 ? 9 + random_below(r, 24)
                                       : 33 + random_below(r, 168));
    term_t *ks = xmalloc(n * sizeof(term_t)), *vs = xmalloc(n * sizeof(term_t));
    unsigned keys = (unsigned)random_below(r, 4); /* 0: atoms, 1: ints, 2-3: mixed */
    for (size_t i = 0; i < n; i++) {
        if (n > MAP_SMALL_LIMIT)
            ks[i] = keys == 1 ? term_small(random_range(r, -100, 100000)) : make_plain_key(g, 3);
        else
            ks[i] = keys == 0   ? make_atom(g)
                    : keys == 1 ? term_small(random_range(r, -100, 100000))
                                : make_key(g, depth);
        vs[i] = random_percent(r, 70) ? make_leaf(g) : make_any(g, depth - 1);
    }
    term_t m = map_from_pairs(g->h, ks, vs, n);
    free(ks);
    free(vs);
    return m;
}

/* A chain of 20..40 nested containers around a leaf. */
static term_t make_deep(gen *g)
{
    rng *r = &g->r;
    int levels = (int)random_range(r, 20, MAX_DEPTH);
    term_t t = make_leaf(g);
    for (int i = 0; i < levels; i++) {
        switch (random_below(r, 6)) {
        case 0:
            t = term_tuple(g->h, 1, &t);
            break;
        case 1:
            t = term_cons(g->h, t, NIL);
            break;
        case 2:
            t = term_tuple3(g->h, make_atom(g), t, make_leaf(g));
            break;
        case 3: {
            term_t k = make_atom(g);
            t = map_from_pairs(g->h, &k, &t, 1);
            break;
        }
        case 4:
            t = term_cons(g->h, make_leaf(g), term_cons(g->h, t, NIL));
            break;
        default:
            t = term_cons(g->h, make_leaf(g), t); /* grows a list, improper if t is not one */
            break;
        }
    }
    return t;
}

/* Something like a gen_server state: a tagged tuple of mixed fields. */
static term_t make_record(gen *g, int depth)
{
    rng *r = &g->r;
    term_t e[12];
    size_t n = 3 + random_below(r, 9);
    e[0] = make_atom(g);
    for (size_t i = 1; i < n; i++) {
        switch (random_below(r, 8)) {
        case 0:
            e[i] = make_pid(g);
            break;
        case 1:
            e[i] = make_map(g, depth - 1);
            break;
        case 2:
            e[i] = make_list(g, depth - 1);
            break;
        case 3:
            e[i] = make_binary(g);
            break;
        case 4:
            e[i] = depth > 2 ? make_record(g, depth - 1) : make_leaf(g);
            break;
        case 5:
            e[i] = make_string(g);
            break;
        default:
            e[i] = make_leaf(g);
            break;
        }
    }
    return term_tuple(g->h, n, e);
}

static term_t make_any(gen *g, int depth)
{
    rng *r = &g->r;
    if (depth <= 0 || g->budget <= 0 || random_percent(r, 55))
        return make_leaf(g);
    switch (random_below(r, 10)) {
    case 0:
    case 1:
    case 2:
        return make_list(g, depth);
    case 3:
    case 4:
    case 5:
        return make_tuple(g, depth);
    case 6:
    case 7:
        return make_map(g, depth);
    case 8:
        return make_record(g, depth);
    default:
        return make_fun(g, depth);
    }
}

/* Term i: its kind is i mod 16, so every kind appears in any long run. */
static term_t make_term(gen *g, uint64_t i)
{
    g->budget = random_percent(&g->r, 10) ? 1000 : 200; /* elements of composites */
    switch (i % 16) {
    case 0:
        return make_integer(g);
    case 1:
        return make_bignum(g);
    case 2:
        return make_float(g);
    case 3:
        return make_atom(g);
    case 4:
        return make_string(g);
    case 5:
        return make_binary(g);
    case 6:
        return make_bitstring(g);
    case 7:
        switch (random_below(&g->r, 4)) {
        case 0:
            return make_pid(g);
        case 1:
            return make_port(g);
        case 2:
            return make_ref(g);
        default:
            return random_percent(&g->r, 50) ? make_fun(g, 3) : make_export(g);
        }
    case 8:
        return make_list(g, 4);
    case 9:
        return make_tuple(g, 4);
    case 10:
        return make_map(g, 3);
    case 11:
        return make_deep(g);
    case 12:
        return make_record(g, 4);
    default:
        return make_any(g, 6);
    }
}

/* ---- record files --------------------------------------------------------- */

/* Opens DIR/NAME; exits on failure. */
static FILE *open_in(const char *dir, const char *name, const char *mode)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f) {
        fprintf(stderr, "termgen: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    return f;
}

/* terms.etf, ours.out and erl.out are sequences of records
 * <<Len:32/big, Bytes:Len>>: text with any bytes in it needs no escaping,
 * and erl takes a record with one binary match. */
static void put_record(FILE *f, const void *data, size_t n)
{
    uint8_t len[4] = {(uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n};
    if (fwrite(len, 1, 4, f) != 4 || (n && fwrite(data, 1, n, f) != n)) {
        fprintf(stderr, "termgen: write failed: %s\n", strerror(errno));
        exit(2);
    }
}

typedef struct record {
    char *data;
    size_t len, cap;
} record;

/* Reads the next record into r (NUL-terminated); false at a clean end of
 * file, exits on a truncated one. */
static bool get_record(FILE *f, const char *what, record *r)
{
    uint8_t len[4];
    size_t got = fread(len, 1, 4, f);
    if (got == 0)
        return false;
    if (got != 4) {
        fprintf(stderr, "termgen: %s: truncated record\n", what);
        exit(2);
    }
    r->len = (size_t)len[0] << 24 | (size_t)len[1] << 16 | (size_t)len[2] << 8 | len[3];
    if (r->len + 1 > r->cap) {
        r->cap = r->len + 1;
        r->data = realloc(r->data, r->cap);
        if (!r->data) {
            fprintf(stderr, "termgen: out of memory\n");
            exit(2);
        }
    }
    if (r->len && fread(r->data, 1, r->len, f) != r->len) {
        fprintf(stderr, "termgen: %s: truncated record\n", what);
        exit(2);
    }
    r->data[r->len] = '\0';
    return true;
}

static void put_erl_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if (*s == '\n')
            fputs("\\n", f);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

/* cases.eterm: the case table as Erlang terms for file:consult/1, one
 * {Name, Format, Args} per case, the atom `term` standing for the term;
 * {Name, Format, Args, unicode} for a case of the unicode printable range,
 * {Name, "", [term], display} for the emulator's text. */
static void write_cases(const char *dir)
{
    FILE *f = open_in(dir, "cases.eterm", "w");
    for (size_t c = 0; c < NCASES; c++) {
        const format_case *fc = &CASES[c];
        fputc('{', f);
        put_erl_string(f, fc->name);
        fputc(',', f);
        put_erl_string(f, fc->erl_format);
        if (fc->prefix) {
            fputs(",[", f);
            put_erl_string(f, fc->prefix);
            fputs(",term]", f);
        } else if (fc->depth >= 0) {
            fprintf(f, ",[term,%d]", fc->depth);
        } else {
            fputs(",[term]", f);
        }
        fputs(fc->kind == CASE_DISPLAY ? ",display}.\n" : fc->unicode_range ? ",unicode}.\n" : "}.\n", f);
    }
    fclose(f);
}

/* ---- our side of each case ---------------------------------------------- */

/* Our text of case fc for t, into b (the arguments of fmt_format on h). */
static void format_case_text(fmt_buf *b, heap_t *h, const format_case *fc, term_t t)
{
    fmt_buf_reset(b);
    if (fc->kind == CASE_DISPLAY) {
        fmt_erts(b, t, SIZE_MAX);
        return;
    }
    if (fc->kind == CASE_WRITE) {
        fmt_write(b, t, fc->depth, fc->unicode);
        return;
    }
    if (fc->kind == CASE_PRETTY) {
        fmt_pretty_opts o;
        fmt_pretty_opts_init(&o);
        o.depth = fc->depth;
        o.unicode = fc->unicode;
        o.unicode_range = fc->unicode_range;
        fmt_pretty(b, t, &o);
        return;
    }
    term_t args;
    if (fc->prefix)
        args = term_cons(h, term_string(h, fc->prefix, strlen(fc->prefix)), term_cons(h, t, NIL));
    else if (fc->depth >= 0)
        args = term_cons(h, t, term_cons(h, term_small(fc->depth), NIL));
    else
        args = term_cons(h, t, NIL);
    fmt_error err;
    if (fmt_format(b, fc->erl_format, strlen(fc->erl_format), args, &err) != FMT_OK) {
        fmt_buf_reset(b);
        char msg[256];
        int n = snprintf(msg, sizeof msg, "<fmt_format error at %zu: %s>", err.offset, err.message);
        fmt_buf_put(b, msg, (size_t)n);
    }
}

/* ---- checks --------------------------------------------------------------- */

typedef struct tally {
    long passed, failed, shown;
} tally;

static void print_clipped(const char *label, const char *s, size_t n)
{
    printf("  %s %.*s%s\n", label, (int)(n > SHOW_CHARS ? SHOW_CHARS : n), s, n > SHOW_CHARS ? " ..." : "");
}

/* Our ~w of t, for messages. */
static const char *show_term(fmt_buf *b, term_t t)
{
    fmt_buf_reset(b);
    fmt_write(b, t, 60, true);
    return b->data;
}

/* Counts a failure and prints the first few; true when this one was
 * printed (the caller may add lines to it). */
static bool report_failure(tally *ta, fmt_buf *b, uint64_t i, const char *what, term_t t, const char *detail)
{
    ta->failed++;
    if (ta->shown++ >= SHOW_DIFFS)
        return false;
    printf("diff: term %" PRIu64 ": %s%s%s\n", i, what, detail ? ": " : "", detail ? detail : "");
    const char *s = show_term(b, t);
    print_clipped("term (~tW 60):", s, strlen(s));
    return true;
}

/* An export fun reads back when erl's text for it does: erlang:fun_to_list
 * writes the atoms' UTF-8 bytes as latin1 chars and leaves reserved words
 * unquoted (fun m:'bxor'/0 prints as fun m:bxor/0). */
static bool atom_reads_back_in_fun(term_t a)
{
    /* clang-format off */
    static const char *const reserved[] = {
        "after", "and", "andalso", "band", "begin", "bnot", "bor", "bsl", "bsr", "bxor", "case",
        "catch", "cond", "div", "end", "fun", "if", "let", "not", "of", "or", "orelse", "receive",
        "rem", "try", "when", "xor",
    };
    /* clang-format on */
    size_t len;
    const char *s = atom_text(a, &len);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strlen(reserved[i]) == len && memcmp(reserved[i], s, len) == 0)
            return false;
    return true;
}

/* What the generated terms hold, counted over every subterm, so a change
 * to the generator cannot quietly stop covering a term type. */
/* clang-format off */
#define COVERAGE(X)                                                                                \
    X(SMALL, "small int") X(BIG, "bignum") X(FLOAT, "float") X(NEG_ZERO, "-0.0") X(ATOM, "atom")    \
    X(ATOM_UNICODE, "atom > 255") X(NIL, "[]") X(STRING, "byte list") X(LIST, "list")              \
    X(IMPROPER, "improper list") X(LONG_LIST, "list >= 30") X(TUPLE0, "{}") X(TUPLE, "tuple")       \
    X(TAGGED, "tagged tuple") X(LONG_TUPLE, "tuple >= 30") X(MAP0, "#{}") X(FLAT_MAP, "small map") \
    X(HASH_MAP, "large map") X(HEAP_BIN, "heap binary") X(REFC_BIN, "refc binary")                 \
    X(BITSTRING, "bitstring") X(PID, "pid") X(PORT, "port") X(REF, "ref") X(CLOSURE, "fun")         \
    X(CLOSURE_ENV, "fun with free vars") X(EXPORT, "fun M:F/A") X(DEEP, "depth >= 20")
/* clang-format on */

/* clang-format off */
enum {
#define X(name, text) COV_##name,
    COVERAGE(X)
#undef X
    COV_COUNT
};
/* clang-format on */
static const char *const COVERAGE_NAMES[] = {
#define X(name, text) text,
    COVERAGE(X)
#undef X
};

typedef struct walk_item {
    term_t t;
    unsigned depth;
} walk_item;

typedef struct walk_stack {
    walk_item *items;
    size_t n, cap;
} walk_stack;

static void walk_push(walk_stack *w, term_t t, unsigned depth)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 256;
        w->items = realloc(w->items, w->cap * sizeof(walk_item));
        if (!w->items) {
            fprintf(stderr, "termgen: out of memory\n");
            exit(2);
        }
    }
    w->items[w->n++] = (walk_item){t, depth};
}

/* Adds t's subterms to cov; true when t has a text form that reads back:
 * no pid, port, ref or closure, export funs as atom_reads_back_in_fun
 * says. Explicit stack; a list is taken whole where it starts. */
static bool survey_term(term_t t, long *cov)
{
    walk_stack w = {0};
    bool text = true;
    walk_push(&w, t, 0);
    while (w.n > 0) {
        walk_item it = w.items[--w.n];
        t = it.t;
        if (it.depth >= 20)
            cov[COV_DEEP]++;
        if (term_is_list(t)) {
            int64_t len = 0;
            cov[COV_LIST]++;
            cov[COV_STRING] += term_is_byte_list(t);
            for (; term_is_list(t); t = list_tail(t), len++)
                walk_push(&w, list_head(t), it.depth + 1);
            cov[COV_LONG_LIST] += len >= 30;
            if (!term_is_nil(t)) {
                cov[COV_IMPROPER]++;
                walk_push(&w, t, it.depth + 1);
            }
        } else if (term_is_tuple(t)) {
            uint64_t n = tuple_arity(t);
            cov[n == 0 ? COV_TUPLE0 : COV_TUPLE]++;
            cov[COV_TAGGED] += n > 0 && term_is_atom(tuple_get(t, 0));
            cov[COV_LONG_TUPLE] += n >= 30;
            for (uint64_t k = 0; k < n; k++)
                walk_push(&w, tuple_get(t, k), it.depth + 1);
        } else if (term_is_map(t)) {
            map_iter mi;
            term_t k, v;
            cov[map_size(t) == 0 ? COV_MAP0 : map_is_flat(t) ? COV_FLAT_MAP : COV_HASH_MAP]++;
            map_iter_init(&mi, t);
            while (map_iter_next(&mi, &k, &v)) {
                walk_push(&w, k, it.depth + 1);
                walk_push(&w, v, it.depth + 1);
            }
        } else if (term_is_small(t)) {
            cov[COV_SMALL]++;
        } else if (term_is_big(t)) {
            cov[COV_BIG]++;
        } else if (term_is_float(t)) {
            cov[COV_FLOAT]++;
            cov[COV_NEG_ZERO] += float_value(t) == 0.0 && signbit(float_value(t));
        } else if (term_is_atom(t)) {
            cov[COV_ATOM]++;
            cov[COV_ATOM_UNICODE] += !atom_is_latin1(t);
        } else if (term_is_nil(t)) {
            cov[COV_NIL]++;
        } else if (term_is_bitstring(t)) {
            int sub = term_boxed_subtag(t);
            cov[sub == HDR_HEAP_BIN ? COV_HEAP_BIN : sub == HDR_REFC_BIN ? COV_REFC_BIN : COV_BITSTRING]++;
        } else if (term_is_pid(t) || term_is_port(t) || term_is_ref(t)) {
            cov[term_is_pid(t) ? COV_PID : term_is_port(t) ? COV_PORT : COV_REF]++;
            text = false;
        } else if (term_is_fun(t)) {
            fun_obj *f = fun_object(t);
            cov[f->num_free ? COV_CLOSURE_ENV : COV_CLOSURE]++;
            for (uint64_t k = 0; k < f->num_free; k++)
                walk_push(&w, f->env[k], it.depth + 1);
            text = false;
        } else if (term_is_export(t)) {
            export_obj *e = export_object(t);
            cov[COV_EXPORT]++;
            if (!atom_reads_back_in_fun(e->module) || !atom_reads_back_in_fun(e->function))
                text = false;
        }
    }
    free(w.items);
    return text;
}

/* term_to_binary(T) into *etf (malloc'd), then binary_to_term of it =:= T. */
static void check_etf(tally *ta, fmt_buf *b, heap_t *h, uint64_t i, term_t t, uint8_t **etf, size_t *len)
{
    ext_error err;
    size_t size;
    *etf = NULL;
    *len = 0;
    if (ext_size(t, &size, &err) != EXT_OK) {
        report_failure(ta, b, i, "ext_size failed", t, err.msg);
        return;
    }
    *etf = xmalloc(size);
    *len = ext_encode(t, *etf);
    if (*len != size) {
        char msg[96];
        snprintf(msg, sizeof msg, "ext_encode wrote %zu bytes, ext_size said %zu", *len, size);
        report_failure(ta, b, i, "ETF size", t, msg);
        return;
    }
    term_t back;
    size_t used;
    if (ext_binary_to_term(h, *etf, *len, &back, &used, &err) != EXT_OK) {
        report_failure(ta, b, i, "binary_to_term(term_to_binary(T)) failed", t, err.msg);
        return;
    }
    if (used != *len || !term_eq_exact(back, t)) {
        report_failure(ta, b, i, "binary_to_term(term_to_binary(T)) =/= T", t, show_term(b, back));
        return;
    }
    ta->passed++;
}

/* Text round trip: our ~w and ~p text of t, read back, =:= t. */
static void check_text(tally *ta, fmt_buf *b, heap_t *h, uint64_t i, term_t t, const format_case *fc)
{
    format_case_text(b, h, fc, t);
    char *text = xmalloc(b->len + 1);
    memcpy(text, b->data, b->len + 1);
    size_t len = b->len;
    term_t back;
    read_error err;
    if (read_term_nodot(h, text, len, &back, &err) != READ_OK) {
        char msg[READ_MSG_MAX + 64];
        snprintf(msg, sizeof msg, "%s text does not read back: %u:%u: %s", fc->name, err.line, err.col,
                 err.msg);
        if (report_failure(ta, b, i, msg, t, NULL))
            print_clipped("text:", text, len);
    } else if (!term_eq_exact(back, t)) {
        char msg[64];
        snprintf(msg, sizeof msg, "%s text reads back as another term", fc->name);
        if (report_failure(ta, b, i, msg, t, NULL)) {
            print_clipped("text:", text, len);
            const char *s = show_term(b, back);
            print_clipped("read:", s, strlen(s));
        }
    } else {
        ta->passed++;
    }
    free(text);
}

/* ---- crash context ---------------------------------------------------------- */

/* Which term and case we are at, for a one-line note if a formatter
 * crashes (an ASSERT aborts, a bad pointer faults). */
static volatile sig_atomic_t current_term = -1;
static volatile sig_atomic_t current_case = -1;

static void note_crash(int sig)
{
    char msg[160];
    int n = snprintf(msg, sizeof msg, "termgen: crashed (signal %d) at term %ld, format %s\n", sig,
                     (long)current_term,
                     current_case >= 0 ? CASES[current_case].name : "(none: generating or ETF)");
    if (n > 0)
        (void)!write(2, msg, (size_t)n);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- termgen gen DIR [N] ----------------------------------------------------- */

static int run_gen(const char *dir, uint64_t n, uint64_t seed)
{
    heap_t h;
    fmt_buf b, scratch;
    gen g = {.r = {seed}, .h = &h};
    tally etf = {0}, text = {0};
    long cov[COV_COUNT] = {0};
    write_cases(dir);
    FILE *terms = open_in(dir, "terms.etf", "wb");
    FILE *ours = open_in(dir, "ours.out", "wb");
    heap_init(&h, ALLOC_HEAP);
    fmt_buf_init(&b);
    fmt_buf_init(&scratch);
    signal(SIGSEGV, note_crash);
    signal(SIGABRT, note_crash);
    signal(SIGBUS, note_crash);
    signal(SIGFPE, note_crash);
    for (uint64_t i = 0; i < n; i++) {
        heap_reset(&h);
        current_term = (sig_atomic_t)i;
        current_case = -1;
        term_t t = make_term(&g, i);
        uint8_t *bytes;
        size_t len;
        check_etf(&etf, &scratch, &h, i, t, &bytes, &len);
        put_record(terms, bytes, len); /* empty when we could not encode */
        free(bytes);
        for (size_t c = 0; c < NCASES; c++) {
            current_case = (sig_atomic_t)c;
            format_case_text(&b, &h, &CASES[c], t);
            put_record(ours, b.data, b.len);
        }
        if (survey_term(t, cov)) {
            current_case = CASE_W;
            check_text(&text, &scratch, &h, i, t, &CASES[CASE_W]);
            current_case = CASE_P;
            check_text(&text, &scratch, &h, i, t, &CASES[CASE_P]);
        }
    }
    current_term = current_case = -1;
    if (fclose(terms) != 0 || fclose(ours) != 0) {
        fprintf(stderr, "termgen: %s: %s\n", dir, strerror(errno));
        exit(2);
    }
    printf("diff: ETF round trip binary_to_term(term_to_binary(T)) =:= T: %ld ok, %ld wrong\n", etf.passed,
           etf.failed);
    printf("diff: text round trip read(~w and ~p text) =:= T: %ld ok, %ld wrong\n", text.passed, text.failed);
    /* Coverage is a check too once there are enough terms to ask it of. */
    long covered = 0, missing = 0;
    printf("diff: coverage:");
    for (int c = 0; c < COV_COUNT; c++) {
        printf("%s %s %ld", c ? "," : "", COVERAGE_NAMES[c], cov[c]);
        if (n >= COVERAGE_MIN_TERMS)
            cov[c] ? covered++ : missing++;
    }
    printf("\n");
    for (int c = 0; c < COV_COUNT; c++)
        if (n >= COVERAGE_MIN_TERMS && !cov[c])
            printf("diff: coverage: the generator made no %s\n", COVERAGE_NAMES[c]);
    FILE *count = open_in(dir, "gen.count", "w");
    fprintf(count, "%ld %ld\n", etf.passed + text.passed + covered, etf.failed + text.failed + missing);
    fclose(count);
    fmt_buf_free(&b);
    fmt_buf_free(&scratch);
    heap_destroy(&h);
    return etf.failed + text.failed + missing ? 1 : 0;
}

/* ---- termgen cmp DIR ----------------------------------------------------------- */

/* Byte offset, line and column (1-based, in bytes) of the first difference. */
static void where_differ(const record *a, const record *b, size_t *off, size_t *line, size_t *col)
{
    size_t i = 0, l = 1, c = 1;
    while (i < a->len && i < b->len && a->data[i] == b->data[i]) {
        if (a->data[i] == '\n')
            l++, c = 1;
        else
            c++;
        i++;
    }
    *off = i, *line = l, *col = c;
}

/* The text around byte `off` (where two texts part), whole if short. */
static void print_window(const char *label, const record *r, size_t off)
{
    size_t from = off > 300 ? off - 300 : 0;
    while (from > 0 && (r->data[from] & 0xC0) == 0x80) /* not inside a UTF-8 char */
        from--;
    size_t n = r->len - from < 800 ? r->len - from : 800;
    while (from + n < r->len && (r->data[from + n] & 0xC0) == 0x80)
        n++;
    printf("  %s %s%.*s%s\n", label, from ? "..." : "", (int)n, r->data + from,
           from + n < r->len ? "..." : "");
}

static int run_cmp(const char *dir)
{
    FILE *ours = open_in(dir, "ours.out", "rb");
    FILE *erl = open_in(dir, "erl.out", "rb");
    record mine[NCASES], theirs[NCASES];
    long passed = 0, failed = 0, per_case[NCASES] = {0};
    const char *show = getenv("DIFF_SHOW");
    long show_per_case = show && *show ? strtol(show, NULL, 10) : SHOW_PER_CASE;
    uint64_t nterms = 0;
    memset(mine, 0, sizeof mine);
    memset(theirs, 0, sizeof theirs);
    for (;; nterms++) {
        size_t got_a = 0, got_b = 0;
        for (size_t c = 0; c < NCASES; c++) {
            got_a += get_record(ours, "ours.out", &mine[c]);
            got_b += get_record(erl, "erl.out", &theirs[c]);
        }
        if (got_a == 0 && got_b == 0)
            break;
        if (got_a != NCASES || got_b != NCASES) {
            printf("diff: ours.out and erl.out end at different places (term %" PRIu64 ")\n", nterms);
            failed++;
            break;
        }
        for (size_t c = 0; c < NCASES; c++) {
            if (mine[c].len == theirs[c].len && memcmp(mine[c].data, theirs[c].data, mine[c].len) == 0) {
                passed++;
                continue;
            }
            failed++;
            if (per_case[c] < show_per_case) {
                size_t off, line, col;
                where_differ(&mine[c], &theirs[c], &off, &line, &col);
                printf("diff: term %" PRIu64 ", format %s: differs at byte %zu (line %zu, column %zu)\n",
                       nterms, CASES[c].name, off, line, col);
                print_clipped("term (erl ~w):", theirs[CASE_W].data,
                              theirs[CASE_W].len < 400 ? theirs[CASE_W].len : 400);
                print_window("ours:", &mine[c], off);
                print_window("erl: ", &theirs[c], off);
            }
            per_case[c]++;
        }
    }
    for (size_t c = 0; c < NCASES; c++)
        if (per_case[c])
            printf("diff: format %s: %ld of %" PRIu64 " terms differ%s\n", CASES[c].name, per_case[c], nterms,
                   per_case[c] > show_per_case ? " (DIFF_SHOW=N shows N per format)" : "");
    printf("diff: %" PRIu64 " terms x %zu formats: %ld identical to erl, %ld differ\n", nterms, NCASES,
           passed, failed);
    FILE *count = open_in(dir, "cmp.count", "w");
    fprintf(count, "%ld %ld\n", passed, failed);
    fclose(count);
    for (size_t c = 0; c < NCASES; c++)
        free(mine[c].data), free(theirs[c].data);
    fclose(ours);
    fclose(erl);
    return failed ? 1 : 0;
}

/* ---- main ------------------------------------------------------------------------ */

static void usage(void)
{
    fprintf(stderr,
            "usage: termgen gen DIR [N]   write N terms (default %d) and our text to DIR\n"
            "       termgen cmp DIR       compare DIR/ours.out with DIR/erl.out\n"
            "       termgen cases         print the number of format cases\n"
            "DIFF_SEED=N in the environment changes the seed.\n",
            DEFAULT_TERMS);
    exit(2);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 2 && strcmp(argv[1], "cases") == 0) {
        printf("%zu\n", NCASES);
        return 0;
    }
    if (argc < 3)
        usage();
    atom_table_init();
    if (strcmp(argv[1], "gen") == 0 && argc <= 4) {
        uint64_t n = DEFAULT_TERMS, seed = DEFAULT_SEED;
        char *end;
        if (argc == 4) {
            n = strtoull(argv[3], &end, 10);
            if (*end || end == argv[3])
                usage();
        }
        const char *s = getenv("DIFF_SEED");
        if (s && *s) {
            seed = strtoull(s, &end, 0);
            if (*end)
                usage();
        }
        return run_gen(argv[2], n, seed);
    }
    if (strcmp(argv[1], "cmp") == 0 && argc == 3)
        return run_cmp(argv[2]);
    usage();
    return 2;
}
