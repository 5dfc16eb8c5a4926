/* ext.h: the External Term Format, as OTP 25's term_to_binary/1 and
 * binary_to_term/1,2 have it. Encoding is byte-for-byte OTP 25's (never
 * compressed); decoding accepts what OTP 25 accepts and rejects what it
 * rejects, with an error that says what and where. Ownership: encoding
 * borrows the term; decoding copies everything out of the input into new
 * terms on the caller's heap and interns atoms. Nothing here runs a GC, and
 * every term walk uses an explicit stack (no C recursion on term depth). */
#ifndef VM_EXT_H
#define VM_EXT_H

#include <stddef.h>
#include <stdint.h>

#include "term.h"

/* The version byte that starts every term_to_binary result. */
#define EXT_VERSION 131

/* The node our local pids, ports and refs belong to ('nonode@nohost',
 * creation 0, as a non-distributed OTP node). A decoded pid, port or ref of
 * that node and creation becomes local; any other becomes HDR_EXT_*. */
#define EXT_LOCAL_CREATION 0

typedef enum ext_result {
    EXT_OK = 0,
    EXT_TRUNCATED,    /* input ends inside a term, or a length field claims
                         more than the input holds */
    EXT_BAD_VERSION,  /* first byte is not 131 (ext_binary_to_term) */
    EXT_BAD_TAG,      /* a tag byte that is no term */
    EXT_BAD_VALUE,    /* a field OTP rejects: atom too long, bad UTF-8, bit
                         count, NaN/inf, duplicate map key, id range, ... */
    EXT_UNSUPPORTED,  /* valid ETF we do not decode: compressed (80), atom
                         cache refs (82), dist headers (68), LOCAL_EXT
                         (121), old FUN_EXT (117), ERTS-internal atom
                         indices (73, 75) */
    EXT_SYSTEM_LIMIT, /* nesting deeper than TERM_MAX_DEPTH; atom table full;
                         encoding: more bytes than memory */
    EXT_NOT_ENCODABLE /* encoding: the term has no external form */
} ext_result;

/* Where and why. `offset` counts bytes from the start of the input given to
 * the decoder (for ext_binary_to_term, the version byte is offset 0) and
 * points at the tag of the term at fault; `msg` is one line, e.g.
 * "offset 17: truncated LIST_EXT (3 elements and a tail, 2 bytes left)". */
typedef struct ext_error {
    ext_result code;
    size_t offset;
    char msg[128];
} ext_error;

/* ---- encoding: term_to_binary ------------------------------------------ */

/* The exact number of bytes of term_to_binary(t), version byte included,
 * into *size. EXT_NOT_ENCODABLE for a term with no external form (a catch
 * label, a fun whose creator is not a pid, a list or binary longer than the
 * format's 32-bit lengths). `err` may be NULL. Allocates only scratch
 * memory (ALLOC_TEMP). */
ext_result ext_size(term_t t, size_t *size, ext_error *err);
/* The same for term_to_binary(t, [{minor_version, minor}]) (0, 1 or 2):
 * minor version 0 writes floats as FLOAT_EXT's 31 bytes of text, 2 every
 * atom as UTF-8 (ATOM_UTF8_EXT, SMALL_ATOM_UTF8_EXT). */
ext_result ext_size_minor(term_t t, int minor, size_t *size, ext_error *err);

/* Writes term_to_binary(t) to `out`, which holds ext_size(t) bytes (the
 * caller ran ext_size first and it succeeded); returns the bytes written.
 * Pair order of a map is its maps:to_list/1 order (map_iter), as OTP. */
size_t ext_encode(term_t t, uint8_t *out);

/* term_to_binary(t) into out[0..cap) in one pass with no allocation, for
 * the shapes of trace messages (small integers, floats, atoms, local pids,
 * nil, lists, strings, small tuples, nesting to depth 8): the bytes
 * written, the same bytes ext_encode writes, or 0 when t has another shape
 * or does not fit (then use ext_size and ext_encode). Never fails
 * otherwise; any thread. */
size_t ext_encode_bounded(term_t t, uint8_t *out, size_t cap);

/* Trace messages to one tracer repeat their leading elements: every call
 * of one function by one process has the same bytes up to its arguments,
 * {trace, Pid, call, {M, F, ...}. A tuple's head is its header, its first
 * elements while they are immediates (at most EXT_HEAD_LEAD), and, when the
 * element after those is a tuple, that tuple's header and its first
 * immediates (at most EXT_HEAD_LEAD): {trace, Pid, call, {M, F, then the
 * arguments; {trace, Pid, return_from, {M, F, A}, then the value. An
 * ext_heads keeps the encoded heads of recent messages (direct-mapped on
 * the head's words), so that encoding a message whose head is there
 * copies the head's bytes and encodes only the rest. Zeroed memory is an
 * empty cache; the caller owns it. */
#define EXT_HEAD_LEAD 3
#define EXT_HEAD_WORDS (2 * EXT_HEAD_LEAD) /* ext.c's head_of is written for a lead of 3 */
#define EXT_HEAD_BYTES 240
#define EXT_HEAD_SLOTS_LOG2 6
typedef struct ext_head {
    term_t key[EXT_HEAD_WORDS];
    uint32_t shape; /* the tuples' arities and leads' lengths; 0: empty */
    uint16_t len;   /* of bytes */
    uint8_t bytes[EXT_HEAD_BYTES];
} ext_head;
typedef struct ext_heads {
    ext_head slot[1u << EXT_HEAD_SLOTS_LOG2];
} ext_heads;

/* term_to_binary(t) into out[0..cap) as ext_encode_bounded does, taking
 * t's head from `heads` when it is there and putting it there when not:
 * the bytes written (ext_encode's), or 0 (then use ext_size and
 * ext_encode), and 0 only where ext_encode_bounded gives 0 (it may fit
 * where ext_encode_bounded does not: a cached head's atoms are copied
 * without their text blocks' slack). One thread at a time per cache (a
 * port's driver, under the port's lock); allocates nothing. */
size_t ext_encode_headed(ext_heads *heads, term_t t, uint8_t *out, size_t cap);

/* term_to_binary/2's options: `minor` as ext_size_minor (OTP 25's
 * default is 1), `compressed` zlib's level, 0 (none) to 9 (the option
 * `compressed` alone is 6). */
typedef struct ext_options {
    int minor;
    int compressed;
} ext_options;

/* term_to_binary(t, Options) as a binary term built on `h` (via
 * bin_alloc); o NULL is term_to_binary/1. Compressed as OTP: 131,
 * COMPRESSED, the uncompressed size less the version byte (32 bits), and
 * zlib's stream, only when that is no longer than the term uncompressed
 * (with the same zlib the bytes are OTP's). On error *out is untouched;
 * EXT_SYSTEM_LIMIT when the bytes cannot be had (a term that holds one
 * large binary many times), or a compressed term's size field would
 * overflow. */
ext_result ext_term_to_binary(heap_t *h, term_t t, const ext_options *o, term_t *out, ext_error *err);

/* ---- decoding: binary_to_term ------------------------------------------ */

/* Decodes one term, with no version byte in front, from the `len` bytes at
 * `bytes`: *out is the term, *used (may be NULL) the bytes it took; bytes
 * after it are not looked at. Never reads outside [bytes, bytes + len),
 * never allocates more than a constant times `len`, and rejects nesting
 * deeper than TERM_MAX_DEPTH (EXT_SYSTEM_LIMIT). Builds on `h`; on error
 * *out is untouched and `h` may hold unreachable garbage (all of it valid
 * terms). `err` may be NULL. Any thread; each thread that decodes keeps a
 * cache of the atoms it decoded and its decoder stack (ALLOC_TEMP, at most
 * 64 KiB; freed when the thread exits) from one call to the next.
 *
 * Decoded: every tag OTP 25's binary_to_term/1 decodes (COMPRESSED, 80,
 * in ext_binary_to_term only, as a whole term), except these, rejected
 * with EXT_UNSUPPORTED:
 * ATOM_CACHE_REF (82), DIST_HEADER (68), LOCAL_EXT (121), FUN_EXT (117),
 * and ATOM_INTERNAL_REF2/3 (73, 75), which OTP 25 decodes as indices into
 * its own atom table. Other deliberate differences, all on input OTP's own
 * encoder never writes: a reference with zero ID words is rejected (OTP
 * accepts some, for local ones reading memory it never wrote); FLOAT_EXT
 * text with no NUL in its 31 bytes ends at byte 31 (OTP reads on past the
 * field); NEW_FUN_EXT's OldIndex is checked but not kept (fun_obj has one
 * index, NEW_FUN_EXT's Index, and encoding writes it as OldIndex too). */
ext_result ext_decode(heap_t *h, const uint8_t *bytes, size_t len, term_t *out, size_t *used, ext_error *err);

/* binary_to_term/2 with the `used` option: checks the version byte, then
 * decodes as ext_decode, or inflates a compressed term (131, 80, Size:32,
 * zlib's stream, which must inflate to exactly Size bytes) and decodes
 * those; *used counts the version byte too (for a compressed term, the
 * bytes to the end of its zlib stream). As OTP 25,
 * bytes after the term are ignored (binary_to_term/1 accepts them); a
 * caller that wants none compares *used with len. */
ext_result ext_binary_to_term(heap_t *h, const uint8_t *bytes, size_t len, term_t *out, size_t *used,
                              ext_error *err);

/* "EXT_TRUNCATED", ... for messages and tests. */
const char *ext_result_name(ext_result r);

#endif
