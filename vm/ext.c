/* ext.c: the External Term Format, byte-exact with OTP 25.
 * Encoding is one walker run twice: a size pass that only counts, then a
 * write pass. Decoding allocates each container whole and fills its slots
 * from a stack of pending containers (kept per thread), with a per-thread
 * atom cache. Stacks are ALLOC_TEMP memory; no walker recurses in C. */
#include "ext.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "heap.h"
#include "map.h"

/*
 * How our objects map onto ETF fields (each checked against OTP 25's erl):
 *
 * Local pid: NEW_PID_EXT node 'nonode@nohost', ID = pid_number, Serial =
 *   pid_serial, Creation 0. OTP accepts a local pid only with ID <= 0x7fff
 *   and Serial <= 0x1fff.
 * Port: NEW_PORT_EXT, or V4_PORT_EXT when the number is above 0x0fffffff
 *   (what OTP 25 writes for external ports). OTP accepts local numbers up
 *   to 0x0fffffff.
 * Local ref (ref_obj): ids[i] is the i-th ID word of NEWER_REFERENCE_EXT,
 *   ids[0] first. OTP prints the words last first: ids {A, B, C} print as
 *   #Ref<0.C.B.A> (a ref decoded from ID words 1,2,3 prints #Ref<0.3.2.1>).
 *   ids[0] holds at most 18 bits. A decoded local ref always has 3 ids:
 *   OTP pads shorter ones with zero words (ID word 7 alone prints
 *   #Ref<0.0.0.7> and re-encodes with three words), and rejects 4 or 5.
 * External pid/port/ref (ext_id_obj): node, creation, and ids {ID, Serial}
 *   for a pid, {low 32 bits, high 32 bits} of the number for a port (nids
 *   2 for both), the ID words in ETF order for a ref (nids 1..5). A
 *   pid/port/ref of 'nonode@nohost' with a creation other than 0 is
 *   external, as in OTP.
 * Fun (fun_obj): Arity = arity (the fun's own, free variables not counted),
 *   Uniq = uniq, Index = index, NumFree = num_free, Module = module,
 *   OldIndex = old_index, OldUniq = old_uniq (both written as signed
 *   32-bit integers; OTP 25 makes OldIndex == Index for every fun it
 *   creates and reads both back as the low 32 bits of a small integer),
 *   Pid = creator,
 *   FreeVars = env. The Size field is ignored on input, as OTP does.
 * Export fun: Arity is written as any integer (SMALL_INTEGER_EXT up to 255,
 *   INTEGER_EXT above) and read back as the low 32 bits of a non-negative
 *   small integer, as OTP.
 */

enum ext_tag {
    DIST_HEADER = 68,
    NEW_FLOAT_EXT = 70,
    ATOM_INTERNAL_REF2 = 73, /* ERTS-internal: an index into OTP's atom table */
    ATOM_INTERNAL_REF3 = 75,
    BIT_BINARY_EXT = 77,
    COMPRESSED = 80,
    ATOM_CACHE_REF = 82,
    NEW_PID_EXT = 88,
    NEW_PORT_EXT = 89,
    NEWER_REFERENCE_EXT = 90,
    SMALL_INTEGER_EXT = 97,
    INTEGER_EXT = 98,
    FLOAT_EXT = 99,
    ATOM_EXT = 100,
    REFERENCE_EXT = 101,
    PORT_EXT = 102,
    PID_EXT = 103,
    SMALL_TUPLE_EXT = 104,
    LARGE_TUPLE_EXT = 105,
    NIL_EXT = 106,
    STRING_EXT = 107,
    LIST_EXT = 108,
    BINARY_EXT = 109,
    SMALL_BIG_EXT = 110,
    LARGE_BIG_EXT = 111,
    NEW_FUN_EXT = 112,
    EXPORT_EXT = 113,
    NEW_REFERENCE_EXT = 114,
    SMALL_ATOM_EXT = 115,
    MAP_EXT = 116,
    FUN_EXT = 117,
    ATOM_UTF8_EXT = 118,
    SMALL_ATOM_UTF8_EXT = 119,
    V4_PORT_EXT = 120,
    LOCAL_EXT = 121,
};

/* OTP 25's limits on decoded values. */
#define LOCAL_PID_NUMBER_MAX 0x7fffu
#define LOCAL_PID_SERIAL_MAX 0x1fffu
#define LOCAL_PORT_MAX 0x0fffffffu
#define NEW_PORT_EXT_MAX 0x0fffffffu /* OTP 25 writes larger numbers as V4_PORT_EXT */
#define LOCAL_REF_IDS 3
#define REF_WORD0_MAX 0x3ffffu                       /* first ID word of a local or old-format ref */
#define OLD_CREATION_MAX 3                           /* 1-byte creation of PID/PORT/(NEW_)REFERENCE_EXT */
#define BIG_MAX_BYTES ((size_t)((1u << 19) - 1) * 8) /* OTP's bignum size limit */
#define STRING_EXT_MAX 0xffffu
#define FLOAT_EXT_BYTES 31
#define NO_PATCH SIZE_MAX

static const char *const tag_names[256] = {
    [DIST_HEADER] = "DIST_HEADER",
    [NEW_FLOAT_EXT] = "NEW_FLOAT_EXT",
    [ATOM_INTERNAL_REF2] = "ATOM_INTERNAL_REF2",
    [ATOM_INTERNAL_REF3] = "ATOM_INTERNAL_REF3",
    [BIT_BINARY_EXT] = "BIT_BINARY_EXT",
    [COMPRESSED] = "COMPRESSED",
    [ATOM_CACHE_REF] = "ATOM_CACHE_REF",
    [NEW_PID_EXT] = "NEW_PID_EXT",
    [NEW_PORT_EXT] = "NEW_PORT_EXT",
    [NEWER_REFERENCE_EXT] = "NEWER_REFERENCE_EXT",
    [SMALL_INTEGER_EXT] = "SMALL_INTEGER_EXT",
    [INTEGER_EXT] = "INTEGER_EXT",
    [FLOAT_EXT] = "FLOAT_EXT",
    [ATOM_EXT] = "ATOM_EXT",
    [REFERENCE_EXT] = "REFERENCE_EXT",
    [PORT_EXT] = "PORT_EXT",
    [PID_EXT] = "PID_EXT",
    [SMALL_TUPLE_EXT] = "SMALL_TUPLE_EXT",
    [LARGE_TUPLE_EXT] = "LARGE_TUPLE_EXT",
    [NIL_EXT] = "NIL_EXT",
    [STRING_EXT] = "STRING_EXT",
    [LIST_EXT] = "LIST_EXT",
    [BINARY_EXT] = "BINARY_EXT",
    [SMALL_BIG_EXT] = "SMALL_BIG_EXT",
    [LARGE_BIG_EXT] = "LARGE_BIG_EXT",
    [NEW_FUN_EXT] = "NEW_FUN_EXT",
    [EXPORT_EXT] = "EXPORT_EXT",
    [NEW_REFERENCE_EXT] = "NEW_REFERENCE_EXT",
    [SMALL_ATOM_EXT] = "SMALL_ATOM_EXT",
    [MAP_EXT] = "MAP_EXT",
    [FUN_EXT] = "FUN_EXT",
    [ATOM_UTF8_EXT] = "ATOM_UTF8_EXT",
    [SMALL_ATOM_UTF8_EXT] = "SMALL_ATOM_UTF8_EXT",
    [V4_PORT_EXT] = "V4_PORT_EXT",
    [LOCAL_EXT] = "LOCAL_EXT",
};

static const char *tag_name(unsigned tag)
{
    return tag < 256 && tag_names[tag] ? tag_names[tag] : "an unknown tag";
}

const char *ext_result_name(ext_result r)
{
    static const char *const names[] = {
        [EXT_OK] = "EXT_OK",
        [EXT_TRUNCATED] = "EXT_TRUNCATED",
        [EXT_BAD_VERSION] = "EXT_BAD_VERSION",
        [EXT_BAD_TAG] = "EXT_BAD_TAG",
        [EXT_BAD_VALUE] = "EXT_BAD_VALUE",
        [EXT_UNSUPPORTED] = "EXT_UNSUPPORTED",
        [EXT_SYSTEM_LIMIT] = "EXT_SYSTEM_LIMIT",
        [EXT_NOT_ENCODABLE] = "EXT_NOT_ENCODABLE",
    };
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "EXT_?";
}

/* Fills *err (if any) with `code`, `offset` and "offset N: <fmt>". */
__attribute__((format(printf, 4, 5))) static ext_result set_error(ext_error *err, ext_result code,
                                                                  size_t offset, const char *fmt, ...)
{
    if (!err)
        return code;
    err->code = code;
    err->offset = offset;
    int n = snprintf(err->msg, sizeof err->msg, "offset %zu: ", offset);
    if (n < 0 || (size_t)n >= sizeof err->msg)
        return code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
    va_end(ap);
    return code;
}

/* ======================================================================
 * Encoding
 * ====================================================================== */

/* Output cursor; with out == NULL it only counts. `minor` is
 * term_to_binary's minor_version: 0 writes floats as FLOAT_EXT text, 2
 * every atom as UTF-8, 1 (the default) neither. */
typedef struct writer {
    uint8_t *out;
    size_t pos;
    int minor;
} writer;

static void put8(writer *w, unsigned v)
{
    if (w->out)
        w->out[w->pos] = (uint8_t)v;
    w->pos++;
}

static void put16(writer *w, unsigned v)
{
    put8(w, (v >> 8) & 0xFF);
    put8(w, v & 0xFF);
}

static void put32(writer *w, uint32_t v)
{
    put16(w, v >> 16);
    put16(w, v & 0xFFFF);
}

static void put64(writer *w, uint64_t v)
{
    put32(w, (uint32_t)(v >> 32));
    put32(w, (uint32_t)v);
}

static void put_bytes(writer *w, const void *p, size_t n)
{
    if (w->out && n)
        memcpy(w->out + w->pos, p, n);
    w->pos += n;
}

/* Latin-1 atoms as ATOM_EXT (OTP 25 does not use SMALL_ATOM_EXT), others
 * (every atom with minor version 2) as SMALL_ATOM_UTF8_EXT, or
 * ATOM_UTF8_EXT past 255 bytes. */
static void put_atom(writer *w, term_t a)
{
    size_t len;
    const char *s = atom_text(a, &len);
    if (w->minor >= 2 || !atom_is_latin1(a)) {
        if (len <= 255) {
            put8(w, SMALL_ATOM_UTF8_EXT);
            put8(w, (unsigned)len);
        } else {
            put8(w, ATOM_UTF8_EXT);
            put16(w, (unsigned)len);
        }
        put_bytes(w, s, len);
        return;
    }
    size_t chars = atom_chars(a);
    put8(w, ATOM_EXT);
    put16(w, (unsigned)chars);
    if (!w->out) {
        w->pos += chars;
        return;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            w->out[w->pos++] = c;
        } else { /* a 2-byte sequence: the text is latin1 */
            w->out[w->pos++] = (uint8_t)(((c & 0x1Fu) << 6) | ((unsigned char)s[i + 1] & 0x3Fu));
            i++;
        }
    }
}

/* An integer that fits int64_t, in the smallest of OTP's integer forms. */
static void put_int64(writer *w, int64_t v)
{
    if (v >= 0 && v <= 255) {
        put8(w, SMALL_INTEGER_EXT);
        put8(w, (unsigned)v);
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
        put8(w, INTEGER_EXT);
        put32(w, (uint32_t)(int32_t)v);
    } else {
        uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        unsigned n = 0;
        for (uint64_t m = mag; m; m >>= 8)
            n++;
        put8(w, SMALL_BIG_EXT);
        put8(w, n);
        put8(w, v < 0);
        for (unsigned i = 0; i < n; i++)
            put8(w, (unsigned)(mag >> (8 * i)) & 0xFF);
    }
}

static void put_big(writer *w, term_t t)
{
    size_t nl = big_limb_count(t);
    const mp_limb_t *l = big_limbs(t);
    size_t top = 0;
    for (mp_limb_t m = l[nl - 1]; m; m >>= 8)
        top++;
    size_t n = (nl - 1) * sizeof(mp_limb_t) + top;
    if (n <= 255) {
        put8(w, SMALL_BIG_EXT);
        put8(w, (unsigned)n);
    } else {
        put8(w, LARGE_BIG_EXT);
        put32(w, (uint32_t)n);
    }
    put8(w, big_is_negative(t));
    if (!w->out) {
        w->pos += n;
        return;
    }
    for (size_t i = 0; i < n; i++)
        w->out[w->pos++] = (uint8_t)(l[i / sizeof(mp_limb_t)] >> (8 * (i % sizeof(mp_limb_t))));
}

static void put_pid(writer *w, term_t node, uint32_t id, uint32_t serial, uint32_t creation)
{
    put8(w, NEW_PID_EXT);
    put_atom(w, node);
    put32(w, id);
    put32(w, serial);
    put32(w, creation);
}

static void put_port(writer *w, term_t node, uint64_t id, uint32_t creation)
{
    if (id <= NEW_PORT_EXT_MAX) {
        put8(w, NEW_PORT_EXT);
        put_atom(w, node);
        put32(w, (uint32_t)id);
    } else {
        put8(w, V4_PORT_EXT);
        put_atom(w, node);
        put64(w, id);
    }
    put32(w, creation);
}

static void put_ref(writer *w, term_t node, uint32_t creation, const uint32_t *ids, size_t nids)
{
    put8(w, NEWER_REFERENCE_EXT);
    put16(w, (unsigned)nids);
    put_atom(w, node);
    put32(w, creation);
    for (size_t i = 0; i < nids; i++)
        put32(w, ids[i]);
}

/* Any pid, local or external. */
static void put_any_pid(writer *w, term_t p)
{
    if (term_is_local_pid(p)) {
        put_pid(w, ATOM_nonode_at_nohost, pid_number(p), pid_serial(p), EXT_LOCAL_CREATION);
    } else {
        ext_id_obj *x = ext_id_object(p);
        put_pid(w, x->node, x->ids[0], x->ids[1], (uint32_t)x->creation);
    }
}

/* NEW_FLOAT_EXT's IEEE bytes, or with minor version 0 FLOAT_EXT: the
 * text of "%.20e" NUL-padded to 31 bytes, as OTP writes it. */
static void put_float(writer *w, double d)
{
    if (w->minor == 0) {
        char text[FLOAT_EXT_BYTES + 1] = {0}; /* "-d.<20 digits>e+ddd" is 27 */
        snprintf(text, sizeof text, "%.20e", d);
        put8(w, FLOAT_EXT);
        put_bytes(w, text, FLOAT_EXT_BYTES);
        return;
    }
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    put8(w, NEW_FLOAT_EXT);
    put64(w, bits);
}

/* Pending work of the encoder: the items of one container still to write.
 * EF_SEQ hands out elems[0..n); EF_LIST the heads of `cell` and then the
 * tail (n = heads + 1); EF_FLATMAP key 0, value 0, key 1, ... */
enum { EF_SEQ, EF_LIST, EF_FLATMAP };
typedef struct eframe {
    unsigned kind;
    const term_t *elems; /* SEQ: the items; FLATMAP: the keys */
    const term_t *vals;  /* FLATMAP: the values */
    term_t cell;         /* LIST: the rest of the list */
    uint64_t i, n;       /* items handed out, items in all */
    term_t *owned;       /* scratch buffer freed with the frame, or NULL */
    size_t owned_words;
    size_t patch_at; /* NEW_FUN_EXT Size field filled when done, or NO_PATCH */
} eframe;

typedef struct encoder {
    writer w;
    eframe *stack;
    size_t sp, cap;
    ext_error *err;
} encoder;

static ext_result enc_fail(encoder *e, const char *what)
{
    if (e->err) {
        e->err->code = EXT_NOT_ENCODABLE;
        e->err->offset = 0;
        snprintf(e->err->msg, sizeof e->err->msg, "cannot encode %s", what);
    }
    return EXT_NOT_ENCODABLE;
}

static eframe *push_eframe(encoder *e, unsigned kind, uint64_t n)
{
    if (e->sp == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 32;
        e->stack = alloc_resize(ALLOC_TEMP, e->stack, e->cap * sizeof *e->stack, cap * sizeof *e->stack);
        e->cap = cap;
    }
    eframe *f = &e->stack[e->sp++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->n = n;
    f->patch_at = NO_PATCH;
    return f;
}

static void pop_eframe(encoder *e)
{
    eframe *f = &e->stack[--e->sp];
    if (f->owned)
        alloc_free(ALLOC_TEMP, f->owned, f->owned_words * sizeof(term_t));
}

static term_t next_item(eframe *f)
{
    uint64_t i = f->i++;
    switch (f->kind) {
    case EF_SEQ:
        return f->elems[i];
    case EF_LIST:
        if (i + 1 < f->n) {
            term_t hd = list_head(f->cell);
            f->cell = list_tail(f->cell);
            return hd;
        }
        return f->cell;
    default:
        return (i & 1) ? f->vals[i / 2] : f->elems[i / 2];
    }
}

/* Fills the Size field of a NEW_FUN_EXT: bytes from the field to here. */
static ext_result patch_size(encoder *e, size_t at)
{
    size_t size = e->w.pos - at;
    if (size > UINT32_MAX)
        return enc_fail(e, "a fun whose free variables take more than 4 GB");
    if (e->w.out) {
        writer pw = {e->w.out, at, e->w.minor};
        put32(&pw, (uint32_t)size);
    }
    return EXT_OK;
}

/* STRING_EXT for a proper list of at most 65535 bytes, else LIST_EXT. */
static ext_result encode_list(encoder *e, term_t t)
{
    uint64_t n = 0;
    bool bytes = true;
    term_t c = t;
    for (; term_is_list(c); c = list_tail(c)) {
        term_t hd = list_head(c);
        if (bytes && !(term_is_small(hd) && (uint64_t)small_value(hd) <= 255))
            bytes = false;
        n++;
    }
    if (term_is_nil(c) && bytes && n <= STRING_EXT_MAX) {
        put8(&e->w, STRING_EXT);
        put16(&e->w, (unsigned)n);
        if (!e->w.out)
            e->w.pos += n;
        else
            for (c = t; term_is_list(c); c = list_tail(c))
                put8(&e->w, (unsigned)small_value(list_head(c)));
        return EXT_OK;
    }
    if (n > UINT32_MAX)
        return enc_fail(e, "a list longer than 2^32-1 elements");
    put8(&e->w, LIST_EXT);
    put32(&e->w, (uint32_t)n);
    eframe *f = push_eframe(e, EF_LIST, n + 1);
    f->cell = t;
    return EXT_OK;
}

static ext_result encode_map(encoder *e, term_t m)
{
    uint64_t n = map_size(m);
    if (n > UINT32_MAX)
        return enc_fail(e, "a map of more than 2^32-1 pairs");
    put8(&e->w, MAP_EXT);
    put32(&e->w, (uint32_t)n);
    if (n == 0)
        return EXT_OK;
    if (map_is_flat(m)) {
        eframe *f = push_eframe(e, EF_FLATMAP, 2 * n);
        f->elems = tuple_elems(flatmap_keys(m));
        f->vals = flatmap_values(m);
        return EXT_OK;
    }
    /* A hash map: its pairs in iteration order, flattened once. */
    term_t *buf = alloc_new(ALLOC_TEMP, 2 * n * sizeof(term_t));
    map_iter it;
    map_iter_init(&it, m);
    for (uint64_t i = 0; i < n; i++) {
        bool more = map_iter_next(&it, &buf[2 * i], &buf[2 * i + 1]);
        ASSERT(more);
        (void)more;
    }
    eframe *f = push_eframe(e, EF_SEQ, 2 * n);
    f->elems = buf;
    f->owned = buf;
    f->owned_words = 2 * n;
    return EXT_OK;
}

static ext_result encode_fun(encoder *e, term_t t)
{
    fun_obj *f = fun_object(t);
    if (f->arity > 255)
        return enc_fail(e, "a fun of arity above 255");
    if (!term_is_pid(f->creator))
        return enc_fail(e, "a fun whose creator is not a pid");
    if (f->num_free > UINT32_MAX)
        return enc_fail(e, "a fun with more than 2^32-1 free variables");
    writer *w = &e->w;
    put8(w, NEW_FUN_EXT);
    size_t at = w->pos;
    put32(w, 0); /* Size, patched below */
    put8(w, (unsigned)f->arity);
    put_bytes(w, f->uniq, 16);
    put32(w, (uint32_t)f->index);
    put32(w, (uint32_t)f->num_free);
    put_atom(w, f->module);
    put_int64(w, (int32_t)(uint32_t)f->old_index);
    put_int64(w, (int32_t)(uint32_t)f->old_uniq);
    put_any_pid(w, f->creator);
    if (f->num_free == 0)
        return patch_size(e, at);
    eframe *fr = push_eframe(e, EF_SEQ, f->num_free);
    fr->elems = f->env;
    fr->patch_at = at;
    return EXT_OK;
}

static ext_result encode_bitstring(encoder *e, term_t t)
{
    bin_view v;
    bin_view_of(t, &v);
    writer *w = &e->w;
    if (v.size >= UINT32_MAX)
        return enc_fail(e, "a binary of 4 GB or more");
    if (v.bitsize == 0) {
        put8(w, BINARY_EXT);
        put32(w, (uint32_t)v.size);
    } else {
        put8(w, BIT_BINARY_EXT);
        put32(w, (uint32_t)v.size + 1);
        put8(w, v.bitsize);
    }
    if (!w->out)
        w->pos += v.size;
    else if (v.bitoffset == 0)
        put_bytes(w, v.bytes, v.size);
    else
        for (uint64_t i = 0; i < v.size; i++)
            put8(w, bin_byte_at(&v, i));
    if (v.bitsize)
        put8(w, bin_tail_bits(&v));
    return EXT_OK;
}

/* Writes the tag and fixed part of `t`; a container pushes a frame for its
 * items. */
static ext_result encode_one(encoder *e, term_t t)
{
    writer *w = &e->w;
    switch (term_primary(t)) {
    case TAG_PRIMARY_IMMED1:
        if (term_is_small(t)) {
            put_int64(w, small_value(t));
        } else if (term_is_atom(t)) {
            put_atom(w, t);
        } else if (term_is_nil(t)) {
            put8(w, NIL_EXT);
        } else if (term_is_local_pid(t)) {
            put_any_pid(w, t);
        } else if (term_is_local_port(t)) {
            put_port(w, ATOM_nonode_at_nohost, port_number(t), EXT_LOCAL_CREATION);
        } else {
            return enc_fail(e, "a catch label (not a term)");
        }
        return EXT_OK;
    case TAG_PRIMARY_LIST:
        return encode_list(e, t);
    case TAG_PRIMARY_BOXED:
        break;
    default:
        return enc_fail(e, "a header word (not a term)");
    }
    switch (header_subtag(*boxed_ptr(t))) {
    case HDR_TUPLE: {
        uint64_t arity = tuple_arity(t);
        if (arity <= 255) {
            put8(w, SMALL_TUPLE_EXT);
            put8(w, (unsigned)arity);
        } else if (arity <= UINT32_MAX) {
            put8(w, LARGE_TUPLE_EXT);
            put32(w, (uint32_t)arity);
        } else {
            return enc_fail(e, "a tuple of more than 2^32-1 elements");
        }
        if (arity) {
            eframe *f = push_eframe(e, EF_SEQ, arity);
            f->elems = tuple_elems(t);
        }
        return EXT_OK;
    }
    case HDR_POS_BIG:
    case HDR_NEG_BIG:
        put_big(w, t);
        return EXT_OK;
    case HDR_FLOAT:
        put_float(w, float_value(t));
        return EXT_OK;
    case HDR_REF:
    case HDR_MAGIC_REF: { /* a plain reference to the outside, as OTP */
        ref_obj *r = ref_object(t);
        put_ref(w, ATOM_nonode_at_nohost, EXT_LOCAL_CREATION, r->ids, (size_t)r->nids);
        return EXT_OK;
    }
    case HDR_FUN:
        return encode_fun(e, t);
    case HDR_EXPORT: {
        export_obj *x = export_object(t);
        put8(w, EXPORT_EXT);
        put_atom(w, x->module);
        put_atom(w, x->function);
        put_int64(w, (int64_t)x->arity);
        return EXT_OK;
    }
    case HDR_REFC_BIN:
    case HDR_HEAP_BIN:
    case HDR_SUB_BIN:
        return encode_bitstring(e, t);
    case HDR_EXT_PID:
        put_any_pid(w, t);
        return EXT_OK;
    case HDR_EXT_PORT: {
        ext_id_obj *x = ext_id_object(t);
        put_port(w, x->node, x->ids[0] | (uint64_t)x->ids[1] << 32, (uint32_t)x->creation);
        return EXT_OK;
    }
    case HDR_EXT_REF: {
        ext_id_obj *x = ext_id_object(t);
        put_ref(w, x->node, (uint32_t)x->creation, x->ids, (size_t)x->nids);
        return EXT_OK;
    }
    case HDR_MAP:
        return encode_map(e, t);
    default:
        return enc_fail(e, "a VM-internal object");
    }
}

/* One full walk: with e->w.out == NULL it only counts. */
static ext_result run_encoder(encoder *e, term_t t)
{
    ext_result r = EXT_OK;
    put8(&e->w, EXT_VERSION);
    term_t cur = t;
    for (;;) {
        r = encode_one(e, cur);
        if (r != EXT_OK)
            goto cleanup;
        for (;;) {
            if (e->sp == 0)
                goto cleanup;
            eframe *f = &e->stack[e->sp - 1];
            if (f->i < f->n) {
                cur = next_item(f);
                /* A frame with nothing left to do goes before its last
                 * item is written, so list tails and last elements nest
                 * without growing the stack. */
                if (f->i == f->n && f->patch_at == NO_PATCH)
                    pop_eframe(e);
                break;
            }
            if (f->patch_at != NO_PATCH && (r = patch_size(e, f->patch_at)) != EXT_OK)
                goto cleanup;
            pop_eframe(e);
        }
    }
cleanup:
    while (e->sp)
        pop_eframe(e);
    alloc_free(ALLOC_TEMP, e->stack, e->cap * sizeof *e->stack);
    e->stack = NULL;
    e->cap = 0;
    return r;
}

ext_result ext_size_minor(term_t t, int minor, size_t *size, ext_error *err)
{
    encoder e = {.w = {NULL, 0, minor}, .err = err};
    ext_result r = run_encoder(&e, t);
    if (r == EXT_OK)
        *size = e.w.pos;
    return r;
}

ext_result ext_size(term_t t, size_t *size, ext_error *err) { return ext_size_minor(t, 1, size, err); }

static size_t encode_minor(term_t t, int minor, uint8_t *out)
{
    encoder e = {.w = {out, 0, minor}};
    ext_result r = run_encoder(&e, t);
    ASSERT(r == EXT_OK);
    (void)r;
    return e.w.pos;
}

size_t ext_encode(term_t t, uint8_t *out) { return encode_minor(t, 1, out); }

/* ---- encoding in one pass: ext_encode_bounded ----------------------------- */

/* The shapes of trace messages, byte for byte as the writer above encodes
 * them, without its two walks and scratch allocations. Anything else
 * (bignums, binaries, maps, funs, refs, ports, latin1 atoms that are not
 * ASCII, nesting past BOUNDED_MAX_DEPTH, more than the buffer) makes it
 * give up. */
#define BOUNDED_MAX_DEPTH 8

/* v big-endian at p[0..4). */
static void bounded_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}


/* ATOM_EXT for an ASCII atom, SMALL_ATOM_UTF8_EXT for one with a
 * character above 255. The text is read and copied in whole
 * ATOM_TEXT_BLOCKs (vm/atom.h allows it), so `end` must leave room for the
 * last block; bytes copied past the text are overwritten by what follows. */
static bool put_atom_bounded(uint8_t **pp, const uint8_t *end, term_t a)
{
    size_t len;
    unsigned flags;
    const char *s = atom_text_flags(a, &len, &flags);
    uint8_t *p = *pp;
    size_t head = (flags & ATOM_WIDE) ? 2 : 3;
    size_t blocks = (len + ATOM_TEXT_BLOCK - 1) / ATOM_TEXT_BLOCK * ATOM_TEXT_BLOCK;
    if ((size_t)(end - p) < head + blocks)
        return false;
    if (flags & ATOM_WIDE) {
        if (len > 255)
            return false;
        p[0] = SMALL_ATOM_UTF8_EXT;
        p[1] = (uint8_t)len;
    } else {
        for (size_t i = 0; i < blocks; i += 8) { /* zeros follow the text */
            uint64_t x;
            memcpy(&x, s + i, 8);
            if (x & UINT64_C(0x8080808080808080))
                return false; /* latin1 beyond ASCII: ext converts it */
        }
        p[0] = ATOM_EXT;
        p[1] = (uint8_t)(len >> 8);
        p[2] = (uint8_t)len;
    }
    for (size_t i = 0; i < blocks; i += ATOM_TEXT_BLOCK)
        memcpy(p + head + i, s + i, ATOM_TEXT_BLOCK);
    *pp = p + head + len;
    return true;
}

/* NEW_PID_EXT of a local pid. */
static bool put_pid_bounded(uint8_t **pp, const uint8_t *end, term_t t)
{
    uint8_t *p = *pp;
    if (p == end)
        return false;
    *p++ = NEW_PID_EXT;
    if (!put_atom_bounded(&p, end, ATOM_nonode_at_nohost) || (size_t)(end - p) < 12)
        return false;
    bounded_be32(p, pid_number(t));
    bounded_be32(p + 4, pid_serial(t));
    bounded_be32(p + 8, EXT_LOCAL_CREATION);
    *pp = p + 12;
    return true;
}

/* An atom or a local pid (false for other immediates): put_immed_bounded's
 * out-of-line part, so that its inline part saves no registers. */
static __attribute__((noinline)) bool put_named_bounded(uint8_t **pp, const uint8_t *end, term_t t)
{
    if (term_is_atom(t))
        return put_atom_bounded(pp, end, t);
    if (term_is_local_pid(t))
        return put_pid_bounded(pp, end, t);
    return false;
}

/* An immediate: small integers that fit 32 bits, atoms, nil, local pids
 * (false for the others, and when out of room). Inline and small: most
 * elements of a trace message are immediates. */
static inline bool put_immed_bounded(uint8_t **pp, const uint8_t *end, term_t t)
{
    uint8_t *p = *pp;
    size_t room = (size_t)(end - p);
    if (term_is_small(t)) {
        int64_t v = small_value(t);
        if (v >= 0 && v <= 255) {
            if (room < 2)
                return false;
            p[0] = SMALL_INTEGER_EXT;
            p[1] = (uint8_t)v;
            *pp = p + 2;
            return true;
        }
        if (v < INT32_MIN || v > INT32_MAX || room < 5)
            return false;
        p[0] = INTEGER_EXT;
        bounded_be32(p + 1, (uint32_t)(int32_t)v);
        *pp = p + 5;
        return true;
    }
    if (term_is_nil(t)) {
        if (room < 1)
            return false;
        *p = NIL_EXT;
        *pp = p + 1;
        return true;
    }
    return put_named_bounded(pp, end, t);
}

static bool put_bounded(uint8_t **pp, const uint8_t *end, term_t t, unsigned depth);

/* An element of a container at depth `depth`. */
static inline bool put_item_bounded(uint8_t **pp, const uint8_t *end, term_t t, unsigned depth)
{
    return term_is_immed(t) ? put_immed_bounded(pp, end, t) : put_bounded(pp, end, t, depth);
}

static bool put_bounded(uint8_t **pp, const uint8_t *end, term_t t, unsigned depth)
{
    if (term_is_immed(t))
        return put_immed_bounded(pp, end, t);
    uint8_t *p = *pp;
    size_t room = (size_t)(end - p);
    if (depth >= BOUNDED_MAX_DEPTH)
        return false;
    if (term_is_list(t)) {
        size_t n = 0;
        bool bytes = true;
        term_t c = t, first = list_head(t);
        if (!(term_is_small(first) && (uint64_t)small_value(first) <= 255)) {
            /* no STRING_EXT: LIST_EXT in one pass, its length after */
            if (room < 5)
                return false;
            p[0] = LIST_EXT;
            uint8_t *len_at = p + 1;
            p += 5;
            for (; term_is_list(c); c = list_tail(c), n++)
                if (!put_item_bounded(&p, end, list_head(c), depth + 1))
                    return false;
            if (!put_item_bounded(&p, end, c, depth + 1))
                return false;
            bounded_be32(len_at, (uint32_t)n);
            *pp = p;
            return true;
        }
        for (; term_is_list(c); c = list_tail(c)) {
            term_t hd = list_head(c);
            if (bytes && !(term_is_small(hd) && (uint64_t)small_value(hd) <= 255))
                bytes = false;
            if (++n > room)
                return false; /* every element takes a byte at least */
        }
        if (term_is_nil(c) && bytes && n <= 65535) {
            if (room < 3 + n)
                return false;
            p[0] = STRING_EXT;
            p[1] = (uint8_t)(n >> 8);
            p[2] = (uint8_t)n;
            p += 3;
            for (c = t; term_is_list(c); c = list_tail(c))
                *p++ = (uint8_t)small_value(list_head(c));
            *pp = p;
            return true;
        }
        if (room < 5)
            return false;
        p[0] = LIST_EXT;
        bounded_be32(p + 1, (uint32_t)n);
        p += 5;
        for (c = t; term_is_list(c); c = list_tail(c))
            if (!put_item_bounded(&p, end, list_head(c), depth + 1))
                return false;
        if (!put_item_bounded(&p, end, c, depth + 1))
            return false;
        *pp = p;
        return true;
    }
    if (!term_is_boxed(t))
        return false;
    switch (header_subtag(*boxed_ptr(t))) {
    case HDR_TUPLE: {
        uint64_t arity = tuple_arity(t);
        if (arity > 255 || room < 2)
            return false;
        p[0] = SMALL_TUPLE_EXT;
        p[1] = (uint8_t)arity;
        p += 2;
        const term_t *el = tuple_elems(t);
        for (uint64_t i = 0; i < arity; i++)
            if (!put_item_bounded(&p, end, el[i], depth + 1))
                return false;
        *pp = p;
        return true;
    }
    case HDR_FLOAT: {
        if (room < 9)
            return false;
        double d = float_value(t);
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        p[0] = NEW_FLOAT_EXT;
        bounded_be32(p + 1, (uint32_t)(bits >> 32));
        bounded_be32(p + 5, (uint32_t)bits);
        *pp = p + 9;
        return true;
    }
    default:
        return false;
    }
}

size_t ext_encode_bounded(term_t t, uint8_t *out, size_t cap)
{
    if (cap < 1)
        return 0;
    out[0] = EXT_VERSION;
    uint8_t *p = out + 1;
    if (!put_bounded(&p, out + cap, t, 0))
        return 0;
    return (size_t)(p - out);
}

/* ---- encoding with cached heads: ext_encode_headed ------------------------ */

_Static_assert(EXT_HEAD_LEAD == 3 && EXT_HEAD_WORDS == 6, "head_of is written for a lead of 3");

static inline uint64_t rotl64(uint64_t x, unsigned r) { return x << r | x >> (64 - r); }

/* A tuple of at most 255 elements (SMALL_TUPLE_EXT), or NULL. */
static const term_t *small_tuple(term_t t, uint64_t *arity)
{
    if (!term_is_boxed(t) || header_subtag(*boxed_ptr(t)) != HDR_TUPLE)
        return NULL;
    *arity = tuple_arity(t);
    return *arity <= 255 ? tuple_elems(t) : NULL;
}

/* The head of t (ext.h) into key[] (outer lead, inner lead; 0, which is
 * no term, after a lead that is shorter) and its shape into *shape: the
 * arities, the leads' lengths, whether there is an inner tuple, and bit
 * 28 (never 0, the empty slot's). False when t is no tuple of at most 255
 * elements. Straight-line for EXT_HEAD_LEAD 3. */
static inline bool head_of(term_t t, term_t *key, uint32_t *shape)
{
    uint64_t arity, inner_arity = 0;
    const term_t *el = small_tuple(t, &arity);
    if (!el)
        return false;
    unsigned k = 0, j = 0;
    key[0] = key[1] = key[2] = key[3] = key[4] = key[5] = 0;
    if (arity > 0 && term_is_immed(el[0])) {
        key[k++] = el[0];
        if (arity > 1 && term_is_immed(el[1])) {
            key[k++] = el[1];
            if (arity > 2 && term_is_immed(el[2]))
                key[k++] = el[2];
        }
    }
    const term_t *in = k < arity ? small_tuple(el[k], &inner_arity) : NULL;
    if (in && inner_arity > 0 && term_is_immed(in[0])) {
        key[3 + j++] = in[0];
        if (inner_arity > 1 && term_is_immed(in[1])) {
            key[3 + j++] = in[1];
            if (inner_arity > 2 && term_is_immed(in[2]))
                key[3 + j++] = in[2];
        }
    }
    *shape =
        (uint32_t)arity | (uint32_t)inner_arity << 8 | k << 16 | j << 20 | (in ? 1u : 0u) << 24 | 1u << 28;
    return true;
}

/* Encodes the head of t (shape and key from head_of) into hd->bytes:
 * false when an item has no bounded encoding (a port, a big integer, a
 * latin1 atom beyond ASCII) or the bytes do not fit. */
static bool fill_head(ext_head *hd, term_t t, uint32_t shape)
{
    unsigned k = (shape >> 16) & 0xf, j = (shape >> 20) & 0xf;
    const term_t *el = tuple_elems(t);
    uint8_t *p = hd->bytes, *end = hd->bytes + EXT_HEAD_BYTES;
    p[0] = EXT_VERSION;
    p[1] = SMALL_TUPLE_EXT;
    p[2] = (uint8_t)shape;
    p += 3;
    for (unsigned i = 0; i < k; i++)
        if (!put_bounded(&p, end, el[i], 1))
            return false;
    if ((shape >> 24) & 1) {
        if (end - p < 2)
            return false;
        p[0] = SMALL_TUPLE_EXT;
        p[1] = (uint8_t)(shape >> 8);
        p += 2;
        const term_t *in = tuple_elems(el[k]);
        for (unsigned i = 0; i < j; i++)
            if (!put_bounded(&p, end, in[i], 2))
                return false;
    }
    hd->len = (uint16_t)(p - hd->bytes);
    return true;
}

size_t ext_encode_headed(ext_heads *heads, term_t t, uint8_t *out, size_t cap)
{
    term_t key[EXT_HEAD_WORDS];
    uint32_t shape;
    if (!head_of(t, key, &shape))
        return ext_encode_bounded(t, out, cap);
    /* the words in parallel, then one multiply: its top bits pick the slot */
    uint64_t mix = shape ^ key[0] ^ rotl64(key[1], 9) ^ rotl64(key[2], 19) ^ rotl64(key[3], 29) ^
                   rotl64(key[4], 41) ^ rotl64(key[5], 53);
    ext_head *hd = &heads->slot[(mix * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - EXT_HEAD_SLOTS_LOG2)];
    uint64_t diff = (hd->key[0] ^ key[0]) | (hd->key[1] ^ key[1]) | (hd->key[2] ^ key[2]) |
                    (hd->key[3] ^ key[3]) | (hd->key[4] ^ key[4]) | (hd->key[5] ^ key[5]);
    if (diff || hd->shape != shape) {
        hd->shape = 0; /* empty until filled */
        if (!fill_head(hd, t, shape))
            return ext_encode_bounded(t, out, cap);
        memcpy(hd->key, key, sizeof key);
        hd->shape = shape;
    }
    if (cap < hd->len)
        return 0;
    memcpy(out, hd->bytes, hd->len);
    uint8_t *p = out + hd->len, *end = out + cap;
    /* the rest: the inner tuple's other elements, then the outer's */
    const term_t *el = tuple_elems(t);
    uint64_t arity = shape & 0xff;
    unsigned k = (shape >> 16) & 0xf;
    if ((shape >> 24) & 1) {
        const term_t *in = tuple_elems(el[k]);
        for (uint64_t i = (shape >> 20) & 0xf; i < ((shape >> 8) & 0xff); i++)
            if (!put_item_bounded(&p, end, in[i], 2))
                return 0;
        k++;
    }
    for (uint64_t i = k; i < arity; i++)
        if (!put_item_bounded(&p, end, el[i], 1))
            return 0;
    return (size_t)(p - out);
}

/* The n bytes of a term (version byte first) compressed as OTP does it:
 * 131, COMPRESSED, the size without the version byte (32 bits), then
 * zlib's stream of those bytes at `level` (compress2: the same bytes as
 * OTP with the same zlib). THE_NON_VALUE when that would be longer than
 * the n bytes themselves (OTP keeps them then) or no memory is left. */
static term_t compressed(heap_t *h, const uint8_t *bytes, size_t n, int level)
{
    uLongf zlen = n > 6 ? n - 6 : 0;
    uint8_t *z = zlen ? alloc_try_new(ALLOC_TEMP, zlen) : NULL, *out;
    term_t bin = THE_NON_VALUE;
    if (z && compress2(z, &zlen, bytes + 1, n - 1, level) == Z_OK &&
        (bin = bin_alloc(h, 6 + zlen, &out)) != THE_NON_VALUE) {
        out[0] = EXT_VERSION;
        out[1] = COMPRESSED;
        bounded_be32(out + 2, (uint32_t)(n - 1));
        memcpy(out + 6, z, zlen);
    }
    alloc_free(ALLOC_TEMP, z, n > 6 ? n - 6 : 0);
    return bin;
}

ext_result ext_term_to_binary(heap_t *h, term_t t, const ext_options *o, term_t *out, ext_error *err)
{
    int minor = o ? o->minor : 1;
    size_t n;
    ext_result r = ext_size_minor(t, minor, &n, err);
    if (r != EXT_OK)
        return r;
    if (o && o->compressed > 0 && n - 1 > UINT32_MAX) /* the header's size field */
        return set_error(err, EXT_SYSTEM_LIMIT, 0, "a compressed term of %zu bytes: more than 4 GiB", n);
    uint8_t *bytes;
    term_t bin = bin_alloc(h, n, &bytes);
    if (bin == THE_NON_VALUE) /* shared subterms: far more bytes than the term's words */
        return set_error(err, EXT_SYSTEM_LIMIT, 0,
                         "term_to_binary of %zu bytes: more than this machine's memory", n);
    size_t written = encode_minor(t, minor, bytes);
    ASSERT(written == n);
    (void)written;
    term_t z = o && o->compressed > 0 ? compressed(h, bytes, n, o->compressed) : THE_NON_VALUE;
    *out = z != THE_NON_VALUE ? z : bin;
    return EXT_OK;
}

/* ======================================================================
 * Decoding
 * ====================================================================== */

/* A container being filled: its slots are handed out one by one as the
 * terms that go in them are decoded. DF_SEQ: base[0..n). DF_LIST: the
 * heads base[0], base[2], ... then the tail slot base[2n - 3] (n = heads +
 * 1). DF_MAP: key 0, value 0, key 1, ... into keys/vals; the map is built
 * once all are in, and written to *result. */
enum { DF_SEQ, DF_LIST, DF_MAP };
typedef struct dframe {
    unsigned kind;
    term_t *base;   /* MAP: the keys (and the scratch buffer to free) */
    term_t *vals;   /* MAP */
    term_t *result; /* MAP */
    uint64_t i, n;  /* slots handed out, slots in all */
    size_t at;      /* MAP: offset of its tag, for errors */
} dframe;

typedef struct decoder {
    heap_t *h;
    const uint8_t *in;
    size_t len, pos;
    size_t base;   /* added to offsets in messages */
    size_t tag_at; /* offset of the term being decoded */
    ext_error *err;
    dframe *stack;
    size_t sp, cap;
    uint64_t pending; /* slots of all frames not handed out yet */
} decoder;

__attribute__((format(printf, 3, 4))) static ext_result fail(decoder *d, ext_result code, const char *fmt,
                                                             ...)
{
    if (!d->err)
        return code;
    char text[sizeof d->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return set_error(d->err, code, d->base + d->tag_at, "%s", text);
}

static ext_result truncated(decoder *d, unsigned tag)
{
    return fail(d, EXT_TRUNCATED, "truncated %s", tag_name(tag));
}

static size_t left(const decoder *d) { return d->len - d->pos; }

static unsigned get8(decoder *d) { return d->in[d->pos++]; }

static unsigned get16(decoder *d)
{
    unsigned v = (unsigned)d->in[d->pos] << 8 | d->in[d->pos + 1];
    d->pos += 2;
    return v;
}

static uint32_t get32(decoder *d)
{
    const uint8_t *p = d->in + d->pos;
    d->pos += 4;
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t get64(decoder *d)
{
    uint64_t hi = get32(d);
    return hi << 32 | get32(d);
}

/* Reserves `slots` slots for a container about to be allocated. Every
 * slot needs at least one more byte of input, so a length field that claims
 * more than the input holds fails here, before anything is allocated; this
 * keeps all allocation proportional to the input's length. `count` and
 * `what` describe the length field in the message. */
static ext_result claim(decoder *d, unsigned tag, uint64_t slots, uint64_t count, const char *what)
{
    uint64_t avail = left(d) >= d->pending ? left(d) - d->pending : 0;
    if (slots > avail)
        return fail(d, EXT_TRUNCATED, "truncated %s (%" PRIu64 " %s, %zu bytes left)", tag_name(tag), count,
                    what, left(d));
    return EXT_OK;
}

static ext_result push_dframe(decoder *d, unsigned kind, term_t *base, uint64_t n, dframe **out)
{
    if (d->sp >= TERM_MAX_DEPTH)
        return fail(d, EXT_SYSTEM_LIMIT, "nesting deeper than %d", TERM_MAX_DEPTH);
    if (d->sp == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 32;
        d->stack = alloc_resize(ALLOC_TEMP, d->stack, d->cap * sizeof *d->stack, cap * sizeof *d->stack);
        d->cap = cap;
    }
    dframe *f = &d->stack[d->sp++];
    /* field by field: a memset here stores across i and n, which
     * run_decoder then loads at once, and the loads stall */
    f->kind = kind;
    f->base = base;
    f->vals = NULL;
    f->result = NULL;
    f->i = 0;
    f->n = n;
    f->at = 0;
    d->pending += n;
    if (out)
        *out = f;
    return EXT_OK;
}

static void free_map_buffer(dframe *f) { alloc_free(ALLOC_TEMP, f->base, f->n * sizeof(term_t)); }

static term_t *next_slot(decoder *d, dframe *f)
{
    uint64_t i = f->i++;
    d->pending--;
    switch (f->kind) {
    case DF_SEQ:
        return f->base + i;
    case DF_LIST:
        return i + 1 < f->n ? f->base + 2 * i : f->base + 2 * (f->n - 1) - 1;
    default:
        return (i & 1) ? f->vals + i / 2 : f->base + i / 2;
    }
}

/* ---- leaves ------------------------------------------------------------ */

static ext_result intern_failed(decoder *d, unsigned tag, atom_result ar)
{
    switch (ar) {
    case ATOM_TOO_LONG:
        return fail(d, EXT_BAD_VALUE, "%s longer than %d characters", tag_name(tag), ATOM_MAX_CHARS);
    case ATOM_BAD_UTF8:
        return fail(d, EXT_BAD_VALUE, "%s is not valid UTF-8", tag_name(tag));
    case ATOM_TABLE_FULL:
        return fail(d, EXT_SYSTEM_LIMIT, "atom table full (%d atoms)", ATOM_TABLE_LIMIT);
    default:
        return fail(d, EXT_BAD_VALUE, "%s: cannot make the atom", tag_name(tag));
    }
}

/* The atom cache: the atoms this thread decoded last, so that the names a
 * trace message repeats (trace, call, the node, modules, functions) skip
 * the atom table's lock and its UTF-8 checks. Direct-mapped by a hash of
 * the input bytes. What the input bytes mean is fixed by them and one bit,
 * `as_is`: UTF-8 input, and latin1 input that is all ASCII, is its own
 * text; other latin1 input is one character per byte. A slot keeps the
 * atom, the full hash and, for a name of up to CACHED_TEXT bytes, a copy
 * of the input and its bit; a hit needs the same bytes and bit, or for a
 * longer name the atom's own text (atom.h: read without a lock, never
 * changes) equal to the input's, so a hit is the very atom atom_intern
 * would give, and a collision only costs a miss. Atoms never leave the
 * table, so a slot never goes bad; only atoms that exist are put in
 * (binary_to_term's `safe` counts atoms: a hit makes none). */
#define ATOM_CACHE_BITS 9
#define ATOM_CACHE_SIZE (1u << ATOM_CACHE_BITS)
#define ATOM_CACHE_MAX_BYTES (ATOM_MAX_CHARS * 4) /* longer input is no atom */
#define CACHED_TEXT 30

typedef struct cached_atom {
    uint64_t hash;
    term_t atom; /* 0: empty */
    uint8_t len; /* bytes in text, or UINT8_MAX: the name is longer */
    bool as_is;  /* how text reads (above) */
    uint8_t text[CACHED_TEXT];
} cached_atom; /* 48 bytes */

static _Thread_local cached_atom atom_cache[ATOM_CACHE_SIZE];

/* The bytes s[0..n), n <= 8, in one word: some of them twice when n is
 * not 1, 2, 4 or 8, never a byte outside them (the input may end there). */
static inline uint64_t load_short(const uint8_t *s, size_t n)
{
    uint32_t lo, hi;
    if (n >= 4) {
        memcpy(&lo, s, 4);
        memcpy(&hi, s + n - 4, 4);
        return (uint64_t)hi << 32 | lo;
    }
    return n ? (uint64_t)s[0] | (uint64_t)s[n / 2] << 8 | (uint64_t)s[n - 1] << 16 : 0;
}

/* A hash of s[0..n); *ascii: no byte above 127. Words are read whole, the
 * last one overlapping the one before it. */
static uint64_t hash_name(const uint8_t *s, size_t n, bool *ascii)
{
    const uint64_t k = 0x9E3779B97F4A7C15u;
    uint64_t h = (n + 1) * k, any, w;
    if (n <= 8) {
        any = w = load_short(s, n);
    } else {
        any = 0;
        for (size_t i = 0; i + 8 < n; i += 8) {
            memcpy(&w, s + i, 8);
            any |= w;
            h = (h ^ w) * k;
            h ^= h >> 31;
        }
        memcpy(&w, s + n - 8, 8);
        any |= w;
    }
    h = (h ^ w) * k;
    *ascii = (any & UINT64_C(0x8080808080808080)) == 0;
    return h ^ h >> 29;
}

/* memcmp(a, b, n) == 0, without a call for the short names most atoms
 * have. */
static bool same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    if (n > 16)
        return memcmp(a, b, n) == 0;
    if (n > 8) {
        uint64_t x, y, u, v;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        memcpy(&u, a + n - 8, 8);
        memcpy(&v, b + n - 8, 8);
        return ((x ^ y) | (u ^ v)) == 0;
    }
    return load_short(a, n) == load_short(b, n);
}

/* True when UTF-8 text[0..tlen) is latin1 s[0..n), one char per byte. */
static bool text_is_latin1(const uint8_t *text, size_t tlen, const uint8_t *s, size_t n)
{
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        if (c < 0x80) {
            if (j >= tlen || text[j] != c)
                return false;
            j++;
        } else {
            if (j + 2 > tlen || text[j] != (0xC0u | c >> 6) || text[j + 1] != (0x80u | (c & 0x3Fu)))
                return false;
            j += 2;
        }
    }
    return j == tlen;
}

/* The cached atom whose name is the input s[0..n), read as `as_is` says. */
static bool find_cached_atom(const uint8_t *s, size_t n, bool as_is, uint64_t hash, term_t *out)
{
    const cached_atom *c = &atom_cache[hash >> (64 - ATOM_CACHE_BITS)];
    if (c->hash != hash || c->atom == 0)
        return false;
    bool same;
    if (n <= CACHED_TEXT) {
        same = c->len == n && c->as_is == as_is && same_bytes(c->text, s, n);
    } else {
        size_t tlen;
        unsigned flags;
        const uint8_t *text = (const uint8_t *)atom_text_flags(c->atom, &tlen, &flags);
        same = as_is ? tlen == n && memcmp(text, s, n) == 0 : text_is_latin1(text, tlen, s, n);
    }
    if (same)
        *out = c->atom;
    return same;
}

static void cache_atom(const uint8_t *s, size_t n, bool as_is, uint64_t hash, term_t atom)
{
    cached_atom *c = &atom_cache[hash >> (64 - ATOM_CACHE_BITS)];
    c->hash = hash;
    c->atom = atom;
    c->as_is = as_is;
    c->len = n <= CACHED_TEXT ? (uint8_t)n : UINT8_MAX;
    if (n <= CACHED_TEXT)
        memcpy(c->text, s, n);
}

/* ATOM_EXT, SMALL_ATOM_EXT (latin1), ATOM_UTF8_EXT, SMALL_ATOM_UTF8_EXT;
 * the tag is read. */
static ext_result decode_atom(decoder *d, unsigned tag, term_t *out)
{
    bool small = tag == SMALL_ATOM_EXT || tag == SMALL_ATOM_UTF8_EXT;
    if (left(d) < (small ? 1u : 2u))
        return truncated(d, tag);
    size_t n = small ? get8(d) : get16(d);
    if (left(d) < n)
        return truncated(d, tag);
    const uint8_t *s = d->in + d->pos;
    bool latin1 = tag == ATOM_EXT || tag == SMALL_ATOM_EXT, ascii = false;
    bool cacheable = n <= ATOM_CACHE_MAX_BYTES;
    uint64_t hash = cacheable ? hash_name(s, n, &ascii) : 0;
    bool as_is = !latin1 || ascii;
    if (cacheable && find_cached_atom(s, n, as_is, hash, out)) {
        d->pos += n;
        return EXT_OK;
    }
    atom_result ar;
    if (latin1)
        ar = atom_intern_latin1((const char *)s, n, out);
    else
        ar = atom_intern((const char *)s, n, out);
    if (ar != ATOM_OK)
        return intern_failed(d, tag, ar);
    if (cacheable)
        cache_atom(s, n, as_is, hash, *out);
    d->pos += n;
    return EXT_OK;
}

/* SMALL_INTEGER_EXT, INTEGER_EXT, SMALL_BIG_EXT, LARGE_BIG_EXT. */
static ext_result decode_integer(decoder *d, unsigned tag, term_t *out)
{
    if (tag == SMALL_INTEGER_EXT) {
        if (left(d) < 1)
            return truncated(d, tag);
        *out = term_small(get8(d));
        return EXT_OK;
    }
    if (tag == INTEGER_EXT) {
        if (left(d) < 4)
            return truncated(d, tag);
        *out = term_small((int32_t)get32(d));
        return EXT_OK;
    }
    bool small = tag == SMALL_BIG_EXT;
    if (left(d) < (small ? 2u : 5u))
        return truncated(d, tag);
    size_t n = small ? get8(d) : get32(d);
    bool negative = get8(d) != 0; /* OTP: any non-zero sign byte */
    if (n > BIG_MAX_BYTES)
        return fail(d, EXT_BAD_VALUE, "%s of %zu bytes (at most %zu)", tag_name(tag), n, BIG_MAX_BYTES);
    if (left(d) < n)
        return truncated(d, tag);
    size_t nl = (n + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t);
    mp_limb_t stack_limbs[(255 + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t)];
    mp_limb_t *limbs = nl <= sizeof stack_limbs / sizeof *stack_limbs
                           ? stack_limbs
                           : alloc_new(ALLOC_TEMP, nl * sizeof(mp_limb_t));
    memset(limbs, 0, nl * sizeof(mp_limb_t));
    for (size_t i = 0; i < n; i++)
        limbs[i / sizeof(mp_limb_t)] |= (mp_limb_t)d->in[d->pos + i] << (8 * (i % sizeof(mp_limb_t)));
    d->pos += n;
    *out = big_from_limbs(d->h, negative, limbs, nl);
    if (limbs != stack_limbs)
        alloc_free(ALLOC_TEMP, limbs, nl * sizeof(mp_limb_t));
    return EXT_OK;
}

/* FLOAT_EXT's text: OTP's syntax [+-]digits[.,]digits([eE][+-]digits)?,
 * ending at the first NUL of the 31-byte field (or at its end). */
static bool parse_float_text(const uint8_t *field, double *out)
{
    char buf[FLOAT_EXT_BYTES + 1];
    size_t n = 0;
    while (n < FLOAT_EXT_BYTES && field[n])
        n++;
    memcpy(buf, field, n);
    buf[n] = '\0';
    size_t i = 0, dot;
#define DIGITS()                                                                                             \
    do {                                                                                                     \
        if (i >= n || buf[i] < '0' || buf[i] > '9')                                                          \
            return false;                                                                                    \
        while (i < n && buf[i] >= '0' && buf[i] <= '9')                                                      \
            i++;                                                                                             \
    } while (0)
    if (i < n && (buf[i] == '+' || buf[i] == '-'))
        i++;
    DIGITS();
    if (i >= n || (buf[i] != '.' && buf[i] != ','))
        return false;
    dot = i++;
    DIGITS();
    if (i < n && (buf[i] == 'e' || buf[i] == 'E')) {
        i++;
        if (i < n && (buf[i] == '+' || buf[i] == '-'))
            i++;
        DIGITS();
    }
#undef DIGITS
    if (i != n)
        return false;
    /* strtod's radix character follows the locale: try both. */
    for (int attempt = 0; attempt < 2; attempt++) {
        buf[dot] = attempt == 0 ? '.' : ',';
        char *end;
        double v = strtod(buf, &end);
        if (end == buf + n) {
            if (!isfinite(v))
                return false; /* overflow; underflow to 0 or a denormal is fine */
            *out = v;
            return true;
        }
    }
    return false;
}

static ext_result decode_float(decoder *d, unsigned tag, term_t *out)
{
    double v;
    if (tag == NEW_FLOAT_EXT) {
        if (left(d) < 8)
            return truncated(d, tag);
        uint64_t bits = get64(d);
        memcpy(&v, &bits, sizeof v);
        if (!isfinite(v))
            return fail(d, EXT_BAD_VALUE, "NEW_FLOAT_EXT is not a finite number");
    } else {
        if (left(d) < FLOAT_EXT_BYTES)
            return truncated(d, tag);
        if (!parse_float_text(d->in + d->pos, &v))
            return fail(d, EXT_BAD_VALUE, "FLOAT_EXT text is not a float");
        d->pos += FLOAT_EXT_BYTES;
    }
    *out = term_float(d->h, v);
    return EXT_OK;
}

/* Reads a term that must be an atom: a node name, a module, a function. */
static ext_result expect_atom(decoder *d, const char *what, term_t *out)
{
    size_t outer = d->tag_at;
    d->tag_at = d->pos;
    if (left(d) < 1)
        return fail(d, EXT_TRUNCATED, "missing %s (an atom)", what);
    unsigned tag = get8(d);
    if (tag != ATOM_EXT && tag != SMALL_ATOM_EXT && tag != ATOM_UTF8_EXT && tag != SMALL_ATOM_UTF8_EXT)
        return fail(d,
                    tag == ATOM_CACHE_REF || tag == ATOM_INTERNAL_REF2 || tag == ATOM_INTERNAL_REF3
                        ? EXT_UNSUPPORTED
                        : EXT_BAD_VALUE,
                    "%s must be an atom, found %s (tag %u)", what, tag_name(tag), tag);
    ext_result r = decode_atom(d, tag, out);
    if (r == EXT_OK)
        d->tag_at = outer;
    return r;
}

/* Reads a term that must be a small integer (as OTP wants OldIndex,
 * OldUniq and an export's Arity), any of the four integer encodings. */
static ext_result expect_small(decoder *d, const char *what, int64_t *out)
{
    size_t outer = d->tag_at;
    d->tag_at = d->pos;
    if (left(d) < 1)
        return fail(d, EXT_TRUNCATED, "missing %s (an integer)", what);
    unsigned tag = get8(d);
    if (tag != SMALL_INTEGER_EXT && tag != INTEGER_EXT && tag != SMALL_BIG_EXT && tag != LARGE_BIG_EXT)
        return fail(d, EXT_BAD_VALUE, "%s must be an integer, found %s (tag %u)", what, tag_name(tag), tag);
    term_t t;
    ext_result r = decode_integer(d, tag, &t);
    if (r != EXT_OK)
        return r;
    if (!term_is_small(t))
        return fail(d, EXT_BAD_VALUE, "%s out of range (must fit %d bits)", what, SMALL_BITS);
    *out = small_value(t);
    d->tag_at = outer;
    return EXT_OK;
}

/* PID_EXT, NEW_PID_EXT; the tag is read. */
static ext_result decode_pid(decoder *d, unsigned tag, term_t *out)
{
    term_t node;
    ext_result r = expect_atom(d, "node", &node);
    if (r != EXT_OK)
        return r;
    bool old = tag == PID_EXT;
    if (left(d) < (old ? 9u : 12u))
        return truncated(d, tag);
    uint32_t id = get32(d), serial = get32(d);
    uint32_t creation = old ? get8(d) : get32(d);
    if (old && creation > OLD_CREATION_MAX)
        return fail(d, EXT_BAD_VALUE, "PID_EXT creation %u above %d", creation, OLD_CREATION_MAX);
    if (node == ATOM_nonode_at_nohost && creation == EXT_LOCAL_CREATION) {
        if (id > LOCAL_PID_NUMBER_MAX || serial > LOCAL_PID_SERIAL_MAX)
            return fail(d, EXT_BAD_VALUE, "local pid <0.%u.%u> out of range (0..%u, 0..%u)", id, serial,
                        LOCAL_PID_NUMBER_MAX, LOCAL_PID_SERIAL_MAX);
        *out = term_local_pid(id, serial);
        return EXT_OK;
    }
    uint32_t ids[2] = {id, serial};
    *out = term_ext_id(d->h, HDR_EXT_PID, node, creation, ids, 2);
    return EXT_OK;
}

/* Reads a term that must be a pid (a fun's creator). */
static ext_result expect_pid(decoder *d, const char *what, term_t *out)
{
    size_t outer = d->tag_at;
    d->tag_at = d->pos;
    if (left(d) < 1)
        return fail(d, EXT_TRUNCATED, "missing %s (a pid)", what);
    unsigned tag = get8(d);
    if (tag != PID_EXT && tag != NEW_PID_EXT)
        return fail(d, EXT_BAD_VALUE, "%s must be a pid, found %s (tag %u)", what, tag_name(tag), tag);
    ext_result r = decode_pid(d, tag, out);
    if (r == EXT_OK)
        d->tag_at = outer;
    return r;
}

/* PORT_EXT, NEW_PORT_EXT, V4_PORT_EXT; the tag is read. */
static ext_result decode_port(decoder *d, unsigned tag, term_t *out)
{
    term_t node;
    ext_result r = expect_atom(d, "node", &node);
    if (r != EXT_OK)
        return r;
    size_t need = tag == PORT_EXT ? 5 : tag == NEW_PORT_EXT ? 8 : 12;
    if (left(d) < need)
        return truncated(d, tag);
    uint64_t id = tag == V4_PORT_EXT ? get64(d) : get32(d);
    uint32_t creation = tag == PORT_EXT ? get8(d) : get32(d);
    if (tag == PORT_EXT && creation > OLD_CREATION_MAX)
        return fail(d, EXT_BAD_VALUE, "PORT_EXT creation %u above %d", creation, OLD_CREATION_MAX);
    if (node == ATOM_nonode_at_nohost && creation == EXT_LOCAL_CREATION) {
        if (id > LOCAL_PORT_MAX)
            return fail(d, EXT_BAD_VALUE, "local port number %" PRIu64 " above %u", id, LOCAL_PORT_MAX);
        *out = term_local_port(id);
        return EXT_OK;
    }
    uint32_t ids[2] = {(uint32_t)id, (uint32_t)(id >> 32)};
    *out = term_ext_id(d->h, HDR_EXT_PORT, node, creation, ids, 2);
    return EXT_OK;
}

/* REFERENCE_EXT, NEW_REFERENCE_EXT, NEWER_REFERENCE_EXT; the tag is read. */
static ext_result decode_ref(decoder *d, unsigned tag, term_t *out)
{
    uint32_t ids[REF_MAX_IDS] = {0};
    size_t nids = 1;
    if (tag != REFERENCE_EXT) {
        if (left(d) < 2)
            return truncated(d, tag);
        nids = get16(d);
        if (nids == 0 || nids > REF_MAX_IDS)
            return fail(d, EXT_BAD_VALUE, "%s with %zu ID words (1..%d)", tag_name(tag), nids, REF_MAX_IDS);
    }
    term_t node;
    ext_result r = expect_atom(d, "node", &node);
    if (r != EXT_OK)
        return r;
    bool old = tag != NEWER_REFERENCE_EXT;
    if (left(d) < (old ? 1u : 4u) + 4 * nids)
        return truncated(d, tag);
    uint32_t creation;
    if (tag == REFERENCE_EXT) {
        ids[0] = get32(d);
        creation = get8(d);
    } else {
        creation = old ? get8(d) : get32(d);
        for (size_t i = 0; i < nids; i++)
            ids[i] = get32(d);
    }
    if (old && creation > OLD_CREATION_MAX)
        return fail(d, EXT_BAD_VALUE, "%s creation %u above %d", tag_name(tag), creation, OLD_CREATION_MAX);
    bool local = node == ATOM_nonode_at_nohost && creation == EXT_LOCAL_CREATION;
    if ((local || old) && ids[0] > REF_WORD0_MAX)
        return fail(d, EXT_BAD_VALUE, "%s first ID word %u above %u", tag_name(tag), ids[0], REF_WORD0_MAX);
    if (local) {
        if (nids > LOCAL_REF_IDS)
            return fail(d, EXT_BAD_VALUE, "local reference with %zu ID words (1..%d)", nids, LOCAL_REF_IDS);
        *out = term_ref(d->h, ids, LOCAL_REF_IDS);
    } else {
        *out = term_ext_id(d->h, HDR_EXT_REF, node, creation, ids, (unsigned)nids);
    }
    return EXT_OK;
}

/* ---- containers -------------------------------------------------------- */

static void fill_nil(term_t *p, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        p[i] = NIL;
}

static ext_result decode_tuple(decoder *d, unsigned tag, term_t *dst)
{
    bool small = tag == SMALL_TUPLE_EXT;
    if (left(d) < (small ? 1u : 4u))
        return truncated(d, tag);
    uint64_t arity = small ? get8(d) : get32(d);
    ext_result r = claim(d, tag, arity, arity, "elements");
    if (r != EXT_OK)
        return r;
    term_t t = term_tuple(d->h, arity, NULL);
    fill_nil(tuple_elems(t), arity);
    *dst = t;
    return arity ? push_dframe(d, DF_SEQ, tuple_elems(t), arity, NULL) : EXT_OK;
}

/* LIST_EXT with n >= 1 elements: the cells, linked, heads NIL for now. */
static ext_result decode_list(decoder *d, uint64_t n, term_t *dst)
{
    ext_result r = claim(d, LIST_EXT, n + 1, n, "elements and a tail");
    if (r != EXT_OK)
        return r;
    term_t *cells = heap_alloc(d->h, 2 * n);
    for (uint64_t i = 0; i < n; i++) {
        cells[2 * i] = NIL;
        cells[2 * i + 1] = i + 1 < n ? term_list(cells + 2 * i + 2) : NIL;
    }
    *dst = term_list(cells);
    return push_dframe(d, DF_LIST, cells, n + 1, NULL);
}

static ext_result decode_map(decoder *d, term_t *dst)
{
    if (left(d) < 4)
        return truncated(d, MAP_EXT);
    uint64_t n = get32(d);
    if (n == 0) {
        *dst = map_empty(d->h);
        return EXT_OK;
    }
    ext_result r = claim(d, MAP_EXT, 2 * n, n, "pairs");
    if (r != EXT_OK)
        return r;
    term_t *buf = alloc_new(ALLOC_TEMP, 2 * n * sizeof(term_t));
    *dst = NIL; /* the map goes here when complete */
    dframe *f;
    r = push_dframe(d, DF_MAP, buf, 2 * n, &f);
    if (r != EXT_OK) {
        alloc_free(ALLOC_TEMP, buf, 2 * n * sizeof(term_t));
        return r;
    }
    f->vals = buf + n;
    f->result = dst;
    f->at = d->tag_at;
    return EXT_OK;
}

static ext_result finish_map(decoder *d, dframe *f)
{
    uint64_t n = f->n / 2;
    term_t m = map_from_pairs(d->h, f->base, f->vals, (size_t)n);
    if (map_size(m) != n) {
        d->tag_at = f->at;
        return fail(d, EXT_BAD_VALUE, "MAP_EXT has a duplicate key");
    }
    *f->result = m;
    return EXT_OK;
}

static ext_result decode_bits(decoder *d, unsigned tag, term_t *dst)
{
    bool bits = tag == BIT_BINARY_EXT;
    if (left(d) < (bits ? 5u : 4u))
        return truncated(d, tag);
    uint64_t n = get32(d);
    unsigned last = bits ? get8(d) : 8;
    if (left(d) < n)
        return truncated(d, tag);
    if (bits && (n == 0 ? last != 0 : last < 1 || last > 8))
        return fail(d, EXT_BAD_VALUE, "BIT_BINARY_EXT of %" PRIu64 " bytes with %u bits in the last (%s)", n,
                    last, n == 0 ? "must be 0" : "1..8");
    const uint8_t *p = d->in + d->pos;
    d->pos += n;
    if (n == 0 || last == 8)
        *dst = bin_new(d->h, p, (size_t)n);
    else
        *dst = bin_new_bits(d->h, p, (n - 1) * 8 + last);
    return EXT_OK;
}

static ext_result decode_fun(decoder *d, term_t *dst)
{
    /* Size (ignored, as OTP), Arity, Uniq, Index, NumFree */
    if (left(d) < 4 + 1 + 16 + 4 + 4)
        return truncated(d, NEW_FUN_EXT);
    d->pos += 4;
    unsigned arity = get8(d);
    uint8_t uniq[16];
    memcpy(uniq, d->in + d->pos, 16);
    d->pos += 16;
    uint32_t index = get32(d), num_free = get32(d);
    term_t module, creator;
    int64_t old_index, old_uniq;
    ext_result r;
    if ((r = expect_atom(d, "NEW_FUN_EXT Module", &module)) != EXT_OK ||
        (r = expect_small(d, "NEW_FUN_EXT OldIndex", &old_index)) != EXT_OK ||
        (r = expect_small(d, "NEW_FUN_EXT OldUniq", &old_uniq)) != EXT_OK ||
        (r = expect_pid(d, "NEW_FUN_EXT Pid", &creator)) != EXT_OK ||
        (r = claim(d, NEW_FUN_EXT, num_free, num_free, "free variables")) != EXT_OK)
        return r;
    term_t f = term_fun(d->h, module, arity, index, (uint32_t)old_uniq, uniq, creator, num_free, NULL);
    fun_object(f)->old_index = (uint32_t)old_index;
    fill_nil(fun_object(f)->env, num_free);
    *dst = f;
    return num_free ? push_dframe(d, DF_SEQ, fun_object(f)->env, num_free, NULL) : EXT_OK;
}

static ext_result decode_export(decoder *d, term_t *dst)
{
    term_t module, function;
    int64_t arity;
    ext_result r;
    if ((r = expect_atom(d, "EXPORT_EXT Module", &module)) != EXT_OK ||
        (r = expect_atom(d, "EXPORT_EXT Function", &function)) != EXT_OK ||
        (r = expect_small(d, "EXPORT_EXT Arity", &arity)) != EXT_OK)
        return r;
    if (arity < 0)
        return fail(d, EXT_BAD_VALUE, "EXPORT_EXT arity %" PRId64 " is negative", arity);
    *dst = term_export(d->h, module, function, (uint32_t)arity); /* low 32 bits, as OTP */
    return EXT_OK;
}

/* Decodes the term at d->pos into *dst; a container fills *dst at once and
 * pushes a frame for its slots. */
static ext_result decode_one(decoder *d, term_t *dst)
{
    for (;;) {
        d->tag_at = d->pos;
        if (left(d) < 1)
            return fail(d, EXT_TRUNCATED, "truncated: a term is missing");
        unsigned tag = get8(d);
        switch (tag) {
        case SMALL_INTEGER_EXT:
        case INTEGER_EXT:
        case SMALL_BIG_EXT:
        case LARGE_BIG_EXT:
            return decode_integer(d, tag, dst);
        case NEW_FLOAT_EXT:
        case FLOAT_EXT:
            return decode_float(d, tag, dst);
        case ATOM_EXT:
        case SMALL_ATOM_EXT:
        case ATOM_UTF8_EXT:
        case SMALL_ATOM_UTF8_EXT:
            return decode_atom(d, tag, dst);
        case SMALL_TUPLE_EXT:
        case LARGE_TUPLE_EXT:
            return decode_tuple(d, tag, dst);
        case NIL_EXT:
            *dst = NIL;
            return EXT_OK;
        case STRING_EXT: {
            if (left(d) < 2)
                return truncated(d, tag);
            size_t n = get16(d);
            if (left(d) < n)
                return truncated(d, tag);
            *dst = term_string(d->h, (const char *)d->in + d->pos, n);
            d->pos += n;
            return EXT_OK;
        }
        case LIST_EXT: {
            if (left(d) < 4)
                return truncated(d, tag);
            uint64_t n = get32(d);
            if (n > 0)
                return decode_list(d, n, dst);
            continue; /* no elements: the list is its tail, next */
        }
        case BINARY_EXT:
        case BIT_BINARY_EXT:
            return decode_bits(d, tag, dst);
        case MAP_EXT:
            return decode_map(d, dst);
        case PID_EXT:
        case NEW_PID_EXT:
            return decode_pid(d, tag, dst);
        case PORT_EXT:
        case NEW_PORT_EXT:
        case V4_PORT_EXT:
            return decode_port(d, tag, dst);
        case REFERENCE_EXT:
        case NEW_REFERENCE_EXT:
        case NEWER_REFERENCE_EXT:
            return decode_ref(d, tag, dst);
        case NEW_FUN_EXT:
            return decode_fun(d, dst);
        case EXPORT_EXT:
            return decode_export(d, dst);
        case COMPRESSED:
            return fail(d, EXT_BAD_VALUE,
                        "a compressed term (tag 80) inside a term: only a whole term is compressed");
        case ATOM_CACHE_REF:
        case DIST_HEADER:
            return fail(d, EXT_UNSUPPORTED, "%s (tag %u) belongs to the distribution protocol", tag_name(tag),
                        tag);
        case LOCAL_EXT:
            return fail(d, EXT_UNSUPPORTED, "LOCAL_EXT (tag 121) is not supported");
        case ATOM_INTERNAL_REF2:
        case ATOM_INTERNAL_REF3:
            /* OTP 25 decodes these as an index into its own atom table */
            return fail(d, EXT_UNSUPPORTED, "%s (tag %u) is internal to an ERTS node", tag_name(tag), tag);
        case FUN_EXT:
            return fail(d, EXT_UNSUPPORTED, "FUN_EXT (tag 117, the pre-R13 fun format) is not supported");
        default:
            return fail(d, EXT_BAD_TAG, "unknown tag %u", tag);
        }
    }
}

static ext_result run_decoder(decoder *d, term_t *result)
{
    ext_result r;
    term_t *dst = result;
    for (;;) {
        if ((r = decode_one(d, dst)) != EXT_OK)
            goto cleanup;
        for (;;) {
            if (d->sp == 0) {
                r = EXT_OK;
                goto cleanup;
            }
            dframe *f = &d->stack[d->sp - 1];
            if (f->i < f->n) {
                dst = next_slot(d, f);
                /* A filled frame goes before its last slot's term is
                 * decoded, so list tails and last elements nest without
                 * growing the stack; a map waits to be built. */
                if (f->i == f->n && f->kind != DF_MAP)
                    d->sp--;
                break;
            }
            r = finish_map(d, f);
            free_map_buffer(f);
            d->sp--;
            if (r != EXT_OK)
                goto cleanup;
        }
    }
cleanup:
    while (d->sp) {
        dframe *f = &d->stack[--d->sp];
        if (f->kind == DF_MAP)
            free_map_buffer(f);
    }
    return r;
}

/* The frame stack, kept from one decode to the next of the same thread at
 * the size it grew to, up to KEPT_STACK_MAX bytes (a deeper term's stack
 * is freed after its decode). Nothing the decoder calls decodes again, so
 * a thread has one decode at a time; `busy` still makes a nested one (a
 * future caller's) use a stack of its own. An exiting thread's stack is
 * freed by the destructor of `stack_key`. */
#define KEPT_STACK_MAX (64 * 1024)

typedef struct kept_stack {
    dframe *frames;
    size_t cap;
    bool busy;
    bool registered; /* with stack_key */
} kept_stack;

static _Thread_local kept_stack kept;
static pthread_key_t stack_key;
static bool stack_key_made; /* false: no stack is kept (no key to free it) */
static pthread_once_t stack_key_once = PTHREAD_ONCE_INIT;

static void free_kept_stack(void *arg)
{
    kept_stack *k = arg;
    alloc_free(ALLOC_TEMP, k->frames, k->cap * sizeof *k->frames);
    *k = (kept_stack){0};
}

static void make_stack_key(void) { stack_key_made = pthread_key_create(&stack_key, free_kept_stack) == 0; }

/* Keeps d's stack for this thread's next decode, or frees it. */
static void keep_stack(decoder *d)
{
    if (d->stack && !kept.registered) {
        pthread_once(&stack_key_once, make_stack_key);
        kept.registered = stack_key_made && pthread_setspecific(stack_key, &kept) == 0;
    }
    if (!kept.registered || d->cap * sizeof *d->stack > KEPT_STACK_MAX) {
        alloc_free(ALLOC_TEMP, d->stack, d->cap * sizeof *d->stack);
        d->stack = NULL;
        d->cap = 0;
    }
    kept.frames = d->stack;
    kept.cap = d->cap;
    kept.busy = false;
}

static ext_result decode_at(heap_t *h, const uint8_t *bytes, size_t len, size_t base, term_t *out,
                            size_t *used, ext_error *err)
{
    decoder d = {.h = h, .in = bytes, .len = len, .base = base, .err = err};
    bool nested = kept.busy;
    if (!nested) {
        d.stack = kept.frames;
        d.cap = kept.cap;
        kept.busy = true;
    }
    term_t t = NIL;
    ext_result r = run_decoder(&d, &t);
    if (nested)
        alloc_free(ALLOC_TEMP, d.stack, d.cap * sizeof *d.stack);
    else
        keep_stack(&d);
    if (r != EXT_OK)
        return r;
    *out = t;
    if (used)
        *used = d.pos;
    return EXT_OK;
}

ext_result ext_decode(heap_t *h, const uint8_t *bytes, size_t len, term_t *out, size_t *used, ext_error *err)
{
    return decode_at(h, bytes, len, 0, out, used, err);
}

/* A compressed term: 131, COMPRESSED, the size of the term's bytes (32
 * bits), then a zlib stream that must inflate to exactly that many. As
 * OTP, *used counts the bytes up to the stream's end, and a compressed
 * term inside is refused. Errors in the inflated term name its offsets in
 * the inflated bytes. */
static ext_result decode_compressed(heap_t *h, const uint8_t *bytes, size_t len, term_t *out, size_t *used,
                                    ext_error *err)
{
    if (len < 6)
        return set_error(err, EXT_TRUNCATED, 1, "COMPRESSED: %zu bytes left for a 4-byte size", len - 2);
    uint32_t size = (uint32_t)bytes[2] << 24 | (uint32_t)bytes[3] << 16 | (uint32_t)bytes[4] << 8 | bytes[5];
    if (size == 0)
        return set_error(err, EXT_BAD_VALUE, 2, "COMPRESSED: an uncompressed size of 0");
    /* deflate makes at most 1032 bytes of a byte of stream (a length of
     * 258 in a one-bit code, over and over): a size past that cannot come
     * from the bytes there are, and is refused before it is allocated */
    if ((uint64_t)size > (uint64_t)(len - 6) * 1032 + 64)
        return set_error(err, EXT_TRUNCATED, 6,
                         "COMPRESSED: %" PRIu32 " bytes cannot inflate from the %zu left", size, len - 6);
    uint8_t *raw = alloc_try_new(ALLOC_TEMP, size);
    if (!raw)
        return set_error(err, EXT_SYSTEM_LIMIT, 2, "COMPRESSED: %" PRIu32 " bytes: more than memory", size);
    z_stream zs = {.next_in = (Bytef *)(uintptr_t)(bytes + 6),
                   .avail_in = len - 6 > UINT_MAX ? UINT_MAX : (uInt)(len - 6),
                   .next_out = raw,
                   .avail_out = size};
    ext_result r = EXT_OK;
    int z = inflateInit(&zs);
    if (z == Z_OK) {
        z = inflate(&zs, Z_FINISH);
        inflateEnd(&zs);
    }
    if (z != Z_STREAM_END) {
        /* Z_BUF_ERROR: out of input with room left, or out of room */
        bool cut = z == Z_BUF_ERROR && zs.avail_out, over = z == Z_BUF_ERROR && !zs.avail_out;
        const char *what = cut    ? "the zlib stream ends early"
                           : over ? "more bytes than the size says"
                                  : "bad zlib data";
        r = set_error(err, cut ? EXT_TRUNCATED : EXT_BAD_VALUE, 6,
                      "COMPRESSED: %s after %lu of %" PRIu32 " bytes", what, zs.total_out, size);
    } else if (zs.total_out != size) {
        r = set_error(err, EXT_BAD_VALUE, 6, "COMPRESSED: %lu bytes where the size says %" PRIu32,
                      zs.total_out, size);
    } else if ((r = decode_at(h, raw, size, 0, out, NULL, err)) != EXT_OK) {
        if (err) { /* "in the inflated bytes, offset N: ..." */
            static const char pre[] = "in the inflated bytes, ";
            size_t k = strlen(err->msg), room = sizeof err->msg - sizeof pre;
            k = k < room ? k : room;
            memmove(err->msg + sizeof pre - 1, err->msg, k);
            memcpy(err->msg, pre, sizeof pre - 1);
            err->msg[sizeof pre - 1 + k] = '\0';
        }
    } else if (used) {
        *used = 6 + zs.total_in;
    }
    alloc_free(ALLOC_TEMP, raw, size);
    return r;
}

ext_result ext_binary_to_term(heap_t *h, const uint8_t *bytes, size_t len, term_t *out, size_t *used,
                              ext_error *err)
{
    if (len == 0)
        return set_error(err, EXT_TRUNCATED, 0, "empty input (no version byte)");
    if (bytes[0] != EXT_VERSION)
        return set_error(err, EXT_BAD_VERSION, 0, "version byte %u (expected %d)", bytes[0], EXT_VERSION);
    if (len >= 2 && bytes[1] == COMPRESSED)
        return decode_compressed(h, bytes, len, out, used, err);
    size_t n;
    ext_result r = decode_at(h, bytes + 1, len - 1, 1, out, &n, err);
    if (r == EXT_OK && used)
        *used = n + 1;
    return r;
}
