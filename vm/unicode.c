/* unicode.c: UTF-8 decoding and grapheme clusters exactly as OTP 25 counts
 * them (unicode_util:gc/1, behind string:length/1 and string:slice/3), for
 * the scanner's error texts and the formatters' widths. The character
 * classes are generated from OTP's unicode_util.erl into grapheme.def by
 * tests/tools/gen_grapheme.escript. */
#include "unicode.h"

/* Decodes one code point of UTF-8 at s[0..n), n >= 1; sets *len to the
 * bytes it takes. A bad byte decodes as itself, one byte long. */
uint32_t unicode_decode_utf8(const unsigned char *s, size_t n, size_t *len)
{
    uint32_t c = s[0];
    if (c < 0x80 || n < 2) {
        *len = 1;
        return c;
    }
    if (c >= 0xC2 && c < 0xE0 && (s[1] & 0xC0) == 0x80) {
        *len = 2;
        return ((c & 0x1F) << 6) | (s[1] & 0x3F);
    }
    if (c >= 0xE0 && c < 0xF0 && n >= 3 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) {
        *len = 3;
        return ((c & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
    if (c >= 0xF0 && c < 0xF5 && n >= 4 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80 &&
        (s[3] & 0xC0) == 0x80) {
        *len = 4;
        return ((c & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) | ((uint32_t)(s[2] & 0x3F) << 6) |
               (s[3] & 0x3F);
    }
    *len = 1;
    return c;
}


size_t unicode_decode_utf8_strict(const unsigned char *s, size_t n, uint32_t *cp)
{
    uint32_t c = s[0];
    size_t need;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c < 0xE0)
        need = 2, c &= 0x1F;
    else if (c >= 0xE0 && c < 0xF0)
        need = 3, c &= 0x0F;
    else if (c >= 0xF0 && c < 0xF5)
        need = 4, c &= 0x07;
    else
        return 0;
    if (n < need)
        return 0;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if ((need == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) || (need == 4 && (c < 0x10000 || c > 0x10FFFF)))
        return 0;
    *cp = c;
    return need;
}

bool unicode_is_utf8(const char *s, size_t n)
{
    uint32_t cp;
    for (size_t i = 0; i < n;) {
        size_t k = unicode_decode_utf8_strict((const unsigned char *)s + i, n - i, &cp);
        if (k == 0)
            return false;
        i += k;
    }
    return true;
}

/* Grapheme clusters as OTP 25's unicode_util:gc/1 cuts them (which is what
 * string:length/1 and string:slice/3 count). The classes come from
 * grapheme.def, generated from OTP's own unicode_util.erl; the walk below
 * follows gc/1's state machine, which is Unicode 14's UAX #29 with one
 * difference: after Extended_Pictographic Extend* ZWJ, anything but another
 * pictographic ends the cluster (UAX #29 would still join an Extend). */

/* How a cluster that starts with a code point goes on (gc_1's clauses). */
enum { GS_OTHER, GS_CR, GS_CONTROL, GS_PREPEND, GS_L, GS_V, GS_T, GS_LV, GS_LVT, GS_RI, GS_PICT };
#define GS_MASK 0x0F
/* What a code point is after the first of a cluster. */
#define GB_EXTEND 0x10  /* Extend or SpacingMark (is_extend/1: true) */
#define GB_ZWJ 0x20     /* U+200D (is_extend/1: zwj) */
#define GB_PICT 0x40    /* Extended_Pictographic (is_ext_pict/1) */
#define GB_CONTROL 0x80 /* Control, CR, LF (is_control/1): ends a Prepend */

#define GRAPHEME_PAGE(index)
static const uint32_t GRAPHEME_FROM[] = {
#define GRAPHEME(from, start, flags) from,
#include "grapheme.def"
#undef GRAPHEME
};

static const uint8_t GRAPHEME_CLASS[] = {
#define GRAPHEME(from, start, flags) (uint8_t)((start) | (flags)),
#include "grapheme.def"
#undef GRAPHEME
};
#undef GRAPHEME_PAGE

#define GRAPHEME(from, start, flags)
static const uint16_t GRAPHEME_PAGE_AT[] = {
#define GRAPHEME_PAGE(index) index,
#include "grapheme.def"
#undef GRAPHEME_PAGE
};
#undef GRAPHEME

#define NGRAPHEME (sizeof GRAPHEME_FROM / sizeof GRAPHEME_FROM[0])
#define NGRAPHEME_PAGES (sizeof GRAPHEME_PAGE_AT / sizeof GRAPHEME_PAGE_AT[0])

/* c's class: GS_* | GB_* bits, by binary search of the ranges of c's
 * 4 KiB page (a bad decode above 10FFFF gets the last range's). */
static unsigned grapheme_class(uint32_t c)
{
    size_t page = c >> 12;
    if (page >= NGRAPHEME_PAGES)
        return GRAPHEME_CLASS[NGRAPHEME - 1];
    size_t lo = GRAPHEME_PAGE_AT[page];
    size_t hi = page + 1 < NGRAPHEME_PAGES ? GRAPHEME_PAGE_AT[page + 1] + 1u : NGRAPHEME;
    while (hi - lo > 1) { /* GRAPHEME_FROM[lo] <= c < GRAPHEME_FROM[hi] */
        size_t mid = lo + (hi - lo) / 2;
        if (GRAPHEME_FROM[mid] <= c)
            lo = mid;
        else
            hi = mid;
    }
    return GRAPHEME_CLASS[lo];
}

/* The class of the code point at byte i of s[0..n) (0 at the end: a
 * class that joins nothing); its byte length in *len. */
static unsigned class_at(const unsigned char *s, size_t n, size_t i, size_t *len)
{
    if (i >= n) {
        *len = 0;
        return GS_OTHER;
    }
    return grapheme_class(unicode_decode_utf8(s + i, n - i, len));
}

/* Index just past code points from byte i on whose class has any of the
 * `bits`. */
static size_t skip_class(const unsigned char *s, size_t n, size_t i, unsigned bits)
{
    size_t len;
    while (i < n && (class_at(s, n, i, &len) & bits))
        i += len;
    return i;
}

/* Index just past the Hangul syllable block going on at byte i, in
 * `state` GS_L (after L: L, V, LV or LVT may follow), GS_V (after V or
 * LV: V or T) or GS_T (after T or LVT: T). */
static size_t hangul_end(const unsigned char *s, size_t n, size_t i, unsigned state)
{
    size_t len;
    for (;; i += len) {
        unsigned gs = class_at(s, n, i, &len) & GS_MASK;
        if (state == GS_L && (gs == GS_V || gs == GS_LV))
            state = GS_V;
        else if (state == GS_L && gs == GS_LVT)
            state = GS_T;
        else if (state != GS_L && gs == GS_T)
            state = GS_T;
        else if (gs != state) /* L after L, V after V go on; at the end gs is 0 */
            return i;
    }
}

size_t unicode_cluster_end(const unsigned char *s, size_t n, size_t i)
{
    size_t len, nlen;
    unsigned cls = class_at(s, n, i, &len);
    i += len;
    while ((cls & GS_MASK) == GS_PREPEND) { /* joins the cluster after it */
        unsigned next = class_at(s, n, i, &nlen);
        if (nlen == 0 || (next & GB_CONTROL))
            return i;
        cls = next;
        i += nlen;
    }
    switch (cls & GS_MASK) {
    case GS_CR:
        return i < n && s[i] == '\n' ? i + 1 : i;
    case GS_CONTROL:
        return i;
    case GS_L:
        i = hangul_end(s, n, i, GS_L);
        break;
    case GS_V:
    case GS_LV:
        i = hangul_end(s, n, i, GS_V);
        break;
    case GS_T:
    case GS_LVT:
        i = hangul_end(s, n, i, GS_T);
        break;
    case GS_RI: /* pairs */
        if ((class_at(s, n, i, &nlen) & GS_MASK) == GS_RI)
            i += nlen;
        break;
    case GS_PICT: /* Pict (Extend* ZWJ Pict)*, or ... ZWJ then a break */
        for (;;) {
            i = skip_class(s, n, i, GB_EXTEND);
            if (!(class_at(s, n, i, &nlen) & GB_ZWJ))
                return i;
            i += nlen;
            if (!(class_at(s, n, i, &nlen) & GB_PICT))
                return i;
            i += nlen;
        }
    default:
        break;
    }
    return skip_class(s, n, i, GB_EXTEND | GB_ZWJ);
}

/* Grapheme clusters in s[0..n) (a pair of ASCII bytes other than CR LF
 * never joins: counted without a table look-up). */
size_t unicode_count_clusters(const unsigned char *s, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; chars++) {
        if (s[i] < 0x80 && s[i] != '\r' && (i + 1 == n || s[i + 1] < 0x80))
            i++;
        else
            i = unicode_cluster_end(s, n, i);
    }
    return chars;
}
