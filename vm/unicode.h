/* unicode.h: UTF-8 and grapheme clusters as OTP 25 counts them.
 * Pure functions over byte buffers: no allocation, no global mutable
 * state, safe from any thread. */
#ifndef VM_UNICODE_H
#define VM_UNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One code point of UTF-8 at s[0..n), n >= 1; *len gets the bytes it
 * takes. A byte that does not start valid UTF-8 decodes as itself, one
 * byte long. */
uint32_t unicode_decode_utf8(const unsigned char *s, size_t n, size_t *len);

/* One code point of strictly valid UTF-8 at s[0..n), n >= 1, into *cp;
 * returns the bytes it takes, or 0 when s does not start with a valid
 * sequence (overlong forms, surrogates, above 0x10FFFF, truncated). */
size_t unicode_decode_utf8_strict(const unsigned char *s, size_t n, uint32_t *cp);

/* True when all n bytes at s are strictly valid UTF-8 (as above). */
bool unicode_is_utf8(const char *s, size_t n);

/* Whether c is a Unicode scalar value: a code point (0..0x10FFFF) that is
 * not a surrogate (0xD800..0xDFFF), what OTP takes as a character of a
 * Unicode string. */
static inline bool unicode_is_scalar(int64_t c) { return c >= 0 && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF); }

/* Code point cp (at most 0x10FFFF) as UTF-8 at out (room for 4); returns
 * the bytes written. */
static inline size_t unicode_encode_utf8(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The byte index just past the grapheme cluster that starts at byte
 * i < n of UTF-8 text s[0..n), as OTP's unicode_util:gc/1 cuts it. */
size_t unicode_cluster_end(const unsigned char *s, size_t n, size_t i);

/* Grapheme clusters in s[0..n): string:length/1 of the text. */
size_t unicode_count_clusters(const unsigned char *s, size_t n);

#endif
