/* write.h: the text of term leaves as io_lib writes them, shared by ~w
 * (write.c), ~p (pretty.c) and io_lib:format (fwrite.c). Internal to
 * format/. */

/* Every function borrows its terms and appends UTF-8 to a fmt_buf; none
 * allocates except through the buffer, none keeps state. fmt_write
 * (format.h) keeps its walk stack in scratch area 1: a caller must not
 * hold pointers into that area across a call to it.
 * "Unicode" below means the t modifier (~tw, ~tp); "unicode_range" means
 * io:printable_range() =:= unicode (erl +pc unicode), which is what decides
 * whether code points above 255 can make a list or binary printable. */
#ifndef FORMAT_WRITE_H
#define FORMAT_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "format/format.h"

/* FMT_INLINE: for the small helpers of the formatters' hot paths, which
 * must inline into their callers whatever the compiler's size estimates
 * say (keeping a cursor or layout state in registers depends on it). */
/* FMT_NOINLINE: for the per-kind functions a frameless dispatch jumps to
 * (write.c's write_nested, pretty.c's flat_fast), which must stay out of
 * it so that a leaf does not pay for a container's saved registers. */
#ifdef __GNUC__
#define FMT_INLINE inline __attribute__((always_inline))
#define FMT_NOINLINE __attribute__((noinline))
#else
#define FMT_INLINE inline
#define FMT_NOINLINE
#endif

/* ---- atoms ---------------------------------------------------------------- */

/* True when io_lib:write_atom quotes the atom: reserved words ('case',
 * 'fun', ...), a first char outside a-z and ß-ÿ (minus ÷), a later char
 * that is not a name char (a-z A-Z 0-9 _ @ ß-ÿ À-Þ, minus ÷ ×), or ''.
 * Constant time: the atom table's ATOM_QUOTED flag. */
bool fmt_atom_needs_quotes(term_t atom);
/* The atom, quoted when fmt_atom_needs_quotes says so. unicode=false is
 * io_lib:write_atom_as_latin1 (~w, ~p): chars above 255 inside quotes as
 * \x{HEX}; unicode=true is io_lib:write_atom (~tw, ~tp): kept as is. */
void fmt_put_atom(fmt_buf *b, term_t atom, bool unicode);

/* ---- numbers -------------------------------------------------------------- */

/* Integer term (SMALL or bignum) in base 2..36, upper-case digits, as
 * integer_to_list/2: "-" sign, no base prefix. */
void fmt_put_integer(fmt_buf *b, term_t i, unsigned base);
/* A float as ~w and ~p print it (io_lib_format:fwrite_g): fmt_float_short. */
void fmt_put_float(fmt_buf *b, double d);

/* ---- pids, ports, refs, funs ------------------------------------------------ */

/* t is a pid, port, reference, fun or export fun (local or external):
 * <0.1.0>, #Port<0.1>, #Ref<0.1.2.3>, #Fun<m.1.2>, fun m:f/1, exactly as
 * io_lib:write prints them (see write.c for external node numbering). */
void fmt_put_identity(fmt_buf *b, term_t t);

/* ---- strings ---------------------------------------------------------------- */

/* io_lib's printable_char: \n \r \t \v \b \f \e, 32..126, 160..255, and
 * when unicode_range also 256..0x10FFFF minus surrogates, FFFE, FFFF. */
bool fmt_printable_char(uint32_t c, bool unicode_range);
/* io_lib:printable_list/1 (printable_latin1_list when !unicode_range,
 * printable_unicode_list otherwise): a proper flat list of printable chars.
 * True for []. On true, *chars (if not NULL) is the list's length.
 * Iterates along tails; stops at the first element that fails. */
bool fmt_printable_list(term_t l, bool unicode_range, size_t *chars);
/* One char as io_lib:write_string escapes it inside quotes `quote` ('"' or
 * '\''): \" \\ \n \r \t \v \b \f \e \d, other controls below 160 as 3-digit
 * octal \NNN, 160..255 as is; above 255 as is when unicode, else \x{HEX}. */
void fmt_put_string_char(fmt_buf *b, uint32_t c, uint32_t quote, bool unicode);
/* fmt_put_string_char of a printable latin1 char (8..13, 27, 32..126,
 * 160..255) inside "..." at p, which has room for its two bytes at most;
 * returns the end. */
char *fmt_put_latin1_char(char *p, uint32_t c);
/* "..." holding the first `max` elements of list l (all if l is shorter;
 * SIZE_MAX for all), each escaped by fmt_put_string_char with quote '"'.
 * The caller has checked that those elements are integer chars (e.g. with
 * fmt_printable_list); stops at the first element that is not. */
void fmt_put_string(fmt_buf *b, term_t l, size_t max, bool unicode);

/* ---- binaries --------------------------------------------------------------- */

/* ~w's form of a binary or bitstring, io_lib:write_binary(B, Depth):
 * <<1,2,3>>, <<1,2:3>>, <<>>, with depth: <<1,2,...>> (depth < 0:
 * unlimited). Never a string form. */
void fmt_put_bitstring(fmt_buf *b, term_t bin, int depth);
/* fmt_put_bitstring for a view of a bitstring (a slice of one). */
void fmt_put_bits_view(fmt_buf *b, const bin_view *v, int depth);
/* io_lib_pretty's valid_utf8(Bin, N): true when the first n chars of v's
 * bytes decode as UTF-8, or the bytes end validly before n chars. */
bool fmt_valid_utf8(const bin_view *v, size_t n);
/* Decodes up to n UTF-8 chars from the start of v's bytes while they are
 * printable (fmt_printable_char(c, unicode_range)); returns the count of
 * such chars and sets *bytes to the bytes they take. The caller has checked
 * fmt_valid_utf8 for n. */
size_t fmt_printable_utf8(const bin_view *v, size_t n, bool unicode_range, size_t *bytes);
/* "..." holding the first nbytes bytes of v, decoded as UTF-8 when utf8
 * (nbytes must end on a char boundary), else one char per byte; escaped by
 * fmt_put_string_char(…, '"', true) as io_lib:write_string/2 does. */
void fmt_put_bin_string(fmt_buf *b, const bin_view *v, size_t nbytes, bool utf8);

/* ---- text width ------------------------------------------------------------- */

/* io_lib:chars_length/1 of n bytes of UTF-8 text: the code points when
 * all are below 256, else string:length/1's grapheme clusters, cut exactly
 * as OTP 25's unicode_util:gc/1 cuts them (Unicode 14; classes in
 * grapheme.def). */
size_t fmt_text_width(const char *s, size_t n);
/* True when none of the n bytes at s is above 127. */
bool fmt_is_ascii(const char *s, size_t n);
/* Bytes taken by the first `count` characters of n bytes of UTF-8 text
 * (all of it if shorter): code points, or grapheme clusters as
 * string:slice/3 counts them when `graphemes`. */
size_t fmt_text_prefix(const char *s, size_t n, size_t count, bool graphemes);

/* ---- writing at a cursor (write.c, pretty.c) ---------------------------
 * The hot printers write through a cursor into b's text and make room once
 * per token with fmt_need (n bytes and the NUL after them); b->len lags
 * behind the cursor until the printer ends the text. By value: two
 * pointers in registers. */
typedef struct fmt_cursor {
    char *p;   /* where the next byte goes */
    char *lim; /* b->data + b->cap */
} fmt_cursor;

/* Room made with one fmt_need for a token: the longest text of a small
 * integer (with fmt_put_i64's scratch bytes), a float (fmt_float_short may
 * use all of FLOAT_SHORT_MAX) or a punctuation run. */
#define TOKEN_ROOM 32
_Static_assert(TOKEN_ROOM >= FLOAT_SHORT_MAX, "a float takes FLOAT_SHORT_MAX bytes");

/* fmt_need's slow path: grows b, keeping the text up to p. */
fmt_cursor fmt_cursor_grow(fmt_buf *b, char *p, size_t n);
static FMT_INLINE fmt_cursor fmt_need(fmt_buf *b, fmt_cursor c, size_t n)
{
    return n < (size_t)(c.lim - c.p) ? c : fmt_cursor_grow(b, c.p, n);
}
/* ---- decimal digits ----
 * Integers of every length come in random order (trace arguments, the
 * benchmark's terms), so a branch on the number of digits is mispredicted
 * about as often as it is taken. Above 999 the digits come from 64-bit
 * words instead (SWAR: the eight digits of a number below 10^8 computed
 * together, two multiplications per halving), stored whole with the
 * leading zeros shifted out: no branch depends on the length. */

/* The digit words are vm/float.h's (float_digits8, float_store_digits,
 * FLOAT_ZEROS), which the float layout shares. */

/* Number of decimal digits of v < 10^8: log10 from the bit length
 * (1233 / 4096 ~ log10(2)), corrected by one comparison; no branch, so the
 * cursor, which moves by this, need not wait for the digits (a chain of
 * multiplications) to be known. */
static FMT_INLINE unsigned fmt_count8(uint32_t v)
{
    static const uint32_t BELOW[9] = {0, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    unsigned t = (unsigned)(32 - __builtin_clz(v | 1)) * 1233 >> 12; /* 0..8 */
    return t + (v >= BELOW[t]);
}

/* v < 10^8 in decimal at p; returns the end. Writes 8 bytes: needs room
 * for them whatever the length. */
static FMT_INLINE char *fmt_put_upto8(char *p, uint32_t v)
{
    unsigned n = fmt_count8(v);
    float_store_digits(p, float_digits8(v) + FLOAT_ZEROS, 8 - n);
    return p + n;
}

/* v in decimal at p; returns the end. Needs 21 bytes of room (it may
 * write scratch bytes past the digits); fmt_put_i64 needs 22. */
char *fmt_put_u64(char *p, uint64_t v);
char *fmt_put_i64(char *p, int64_t v);
/* fmt_put_u64 for v >= 2^59, the magnitude of a bignum of one limb (18
 * to 20 digits, no length to compute past the top word's). */
char *fmt_put_u64_huge(char *p, uint64_t v);
/* Bignum t of one limb (magnitude 2^59 to 2^64 - 1, the common one:
 * 64-bit values) in decimal at p, which has TOKEN_ROOM; returns the end. */
static FMT_INLINE char *fmt_put_big1(char *p, term_t t)
{
    *p = '-';
    p += big_is_negative(t);
    return fmt_put_u64_huge(p, big_limbs(t)[0]);
}
/* The decimal text of 0..999 in c[0..2], its length in c[3]: copied as
 * four bytes, then the cursor moves by c[3]. */
typedef struct fmt_dec3 {
    char c[4];
} fmt_dec3;
extern const fmt_dec3 fmt_dec3_text[1000];
/* fmt_put_i64 inline for the integers of terms, which come with any
 * number of digits in random order: no branch on 0..999 (a table for
 * those was mispredicted in tuples and maps), the sign without a branch,
 * below 10^8 inline. Room for 22 bytes. */
static FMT_INLINE char *fmt_put_int(char *p, int64_t v)
{
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    *p = '-';
    p += v < 0;
    return u < 100000000 ? fmt_put_upto8(p, (uint32_t)u) : fmt_put_u64(p, u);
}
/* fmt_put_u64 inline for the numbers in local pids: below 1000
 * (serials, early processes) from the table, the rest up to 10^8 by
 * fmt_put_upto8. Room for 21 bytes. */
static FMT_INLINE char *fmt_put_id(char *p, uint32_t v)
{
    if (v < 1000) {
        memcpy(p, fmt_dec3_text[v].c, 4);
        return p + fmt_dec3_text[v].c[3];
    }
    return v < 100000000 ? fmt_put_upto8(p, v) : fmt_put_u64(p, v);
}
/* fmt_put_atom at a cursor; makes its own room. */
fmt_cursor fmt_put_atom_at(fmt_buf *b, fmt_cursor c, term_t atom, bool unicode);
/* The cell after `cell` in list order when its tail is a cons, else NULL
 * with *tail set to the tail. Cells are mostly laid out one after the
 * other: testing for that first lets the loads of the next cell start
 * before this tail is read (a branch the CPU predicts, not a pointer it
 * must wait for), which makes a walk along a list no longer a chain of
 * dependent loads. */
#ifdef __GNUC__
#define FMT_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define FMT_LIKELY(x) (x)
#endif
static FMT_INLINE const term_t *fmt_next_cell(const term_t *cell, term_t *tail)
{
    term_t t = cell[1];
    if (FMT_LIKELY(t == term_list(cell + 2)))
        return cell + 2;
    *tail = t;
    return term_is_list(t) ? list_ptr(t) : NULL;
}

/* Bitstring v as ~w writes it (<<1,2,3:4>>), only the first depth - 1
 * elements then "..." when depth > 0; makes its own room. */
fmt_cursor fmt_put_bits_at(fmt_buf *b, fmt_cursor c, const bin_view *v, int64_t depth);
/* The n whole bytes at by as ~w writes a binary (<<>>, <<1,2,3>>) at p,
 * which has room for FMT_BYTE_LIST_ROOM(n) bytes (",255" a byte and
 * scratch bytes past the end); returns the end. Makes no room and calls
 * nothing: a caller that has made room pays no more than the bytes.
 * *chars: every byte is a printable latin1 char (fmt_printable_char(byte,
 * false)), when ~p prints the bytes as a string instead. */
#define FMT_BYTE_LIST_ROOM(n) (4 * (n) + 16)
char *fmt_put_byte_list(char *p, const uint8_t *by, uint64_t n, bool *chars);
/* The n bytes at by, each a printable latin1 char (fmt_put_byte_list's
 * *chars), as ~p's latin1 string of a binary: <<"...">>, the plain bytes
 * as they are, the rest escaped (\n, \") or as UTF-8 (latin1 letters), as
 * fmt_put_bin_string writes them. p has room for FMT_BYTE_LIST_ROOM(n)
 * (an escape or a latin1 char is two bytes); returns the end. *wide gets
 * the bytes that are no char of their own: the text's width is its bytes
 * less *wide. */
char *fmt_put_latin1_bin(char *p, const uint8_t *by, uint64_t n, int64_t *wide);

#endif
