/* term.h: the representation of Erlang terms as 64-bit tagged words.
 * Everything that reads or builds a term goes through the predicates and
 * accessors here. Ownership: a term_t is a value; boxed and list terms point
 * into a heap_t (vm/heap.h), which owns the memory they point to. */
#ifndef VM_TERM_H
#define VM_TERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "config.h"

/*
 * Tag scheme (x = payload bit).  The low two bits are the primary tag.
 *
 *   63                                               6 5 4 3 2 1 0
 *  +--------------------------------------------------+-+-+-+-+-+-+
 *  | pointer to a header word (8-byte aligned)            |   1 0 |  BOXED
 *  | pointer to a cons cell [head, tail]                  |   0 1 |  LIST
 *  | arity / size / subtag-specific payload   | subtag  |   0 0 |  HEADER
 *  +------------------------------------------+---------+-------+
 *  Immediates (primary 11):
 *  | signed 60-bit integer                            | 1 1 | 1 1 |  SMALL
 *  | serial (28 bits)        | number (32 bits)       | 0 0 | 1 1 |  PID
 *  | port number (60 bits)                            | 0 1 | 1 1 |  PORT
 *  | atom index (58 bits)                       | 0 0 | 1 0 | 1 1 |  ATOM
 *  | catch label (58 bits), VM stacks only      | 0 1 | 1 0 | 1 1 |  CATCH
 *  | 0                                          | 1 1 | 1 0 | 1 1 |  NIL
 *
 * A HEADER word starts every boxed object; bits 5..2 are the subtag, bits
 * 63..6 the number of words that follow the header (the object's arity).
 * Header words never appear as values, only at the start of heap objects.
 *
 *   subtag  object            words after the header
 *   0000    tuple             the elements
 *   0001    (reserved: match state of the VM)
 *   0010    positive bignum   limbs, least significant first (mp_limb_t)
 *   0011    negative bignum   limbs of the magnitude
 *   0100    reference         see ref_obj below
 *   0101    fun (closure)     see fun_obj below, then the free variables
 *   0110    float             one IEEE double
 *   0111    export fun        see export_obj below
 *   1000    refc binary       see refc_bin_obj: handle to off-heap bytes
 *   1001    heap binary       byte size, then the bytes (padded to words)
 *   1010    sub binary        see sub_bin_obj: a slice/bitstring of another
 *   1011    magic reference   see magic_ref_obj: a reference that holds a
 *                             count on a vm_magic (off-heap)
 *   1100    external pid      see ext_id_obj
 *   1101    external port     see ext_id_obj
 *   1110    external ref      see ext_id_obj
 *   1111    map               see vm/map.h (small sorted form, hash trie)
 *
 * Integers are SMALL when they fit 60 bits, bignums otherwise; a bignum
 * never holds a value that fits a SMALL and never has a zero top limb.
 * Binaries: byte-aligned binaries are heap or refc binaries; a bitstring
 * (bit size not a multiple of 8) and any slice is a sub binary.
 */

typedef uint64_t term_t;
typedef struct heap heap_t; /* vm/heap.h */

/* Never a valid term (a tuple header word): "no value", used for errors. */
#define THE_NON_VALUE ((term_t)0)

/* Primary tags */
#define TAG_PRIMARY_MASK   0x3u
#define TAG_PRIMARY_HEADER 0x0u
#define TAG_PRIMARY_LIST   0x1u
#define TAG_PRIMARY_BOXED  0x2u
#define TAG_PRIMARY_IMMED1 0x3u

/* Immediate-1 tags (4 bits) */
#define TAG_IMMED1_MASK   0xFu
#define TAG_IMMED1_PID    0x3u
#define TAG_IMMED1_PORT   0x7u
#define TAG_IMMED1_IMMED2 0xBu
#define TAG_IMMED1_SMALL  0xFu
#define TAG_IMMED1_SIZE   4

/* Immediate-2 tags (6 bits) */
#define TAG_IMMED2_MASK  0x3Fu
#define TAG_IMMED2_ATOM  0x0Bu
#define TAG_IMMED2_CATCH 0x1Bu
#define TAG_IMMED2_NIL   0x3Bu
#define TAG_IMMED2_SIZE  6

/* Header subtags (bits 5..0 of a header word, primary tag 00) */
#define HDR_SUBTAG_MASK 0x3Fu
#define HDR_TUPLE       (0x0u << 2)
#define HDR_POS_BIG     (0x2u << 2)
#define HDR_NEG_BIG     (0x3u << 2)
#define HDR_REF         (0x4u << 2)
#define HDR_FUN         (0x5u << 2)
#define HDR_FLOAT       (0x6u << 2)
#define HDR_EXPORT      (0x7u << 2)
#define HDR_REFC_BIN    (0x8u << 2)
#define HDR_HEAP_BIN    (0x9u << 2)
#define HDR_SUB_BIN     (0xAu << 2)
#define HDR_MAGIC_REF   (0xBu << 2)
#define HDR_EXT_PID     (0xCu << 2)
#define HDR_EXT_PORT    (0xDu << 2)
#define HDR_EXT_REF     (0xEu << 2)
#define HDR_MAP         (0xFu << 2)
#define HDR_ARITY_SHIFT 6

#define NIL ((term_t)TAG_IMMED2_NIL)

#define SMALL_BITS 60
#define SMALL_MAX  ((int64_t)((UINT64_C(1) << (SMALL_BITS - 1)) - 1))
#define SMALL_MIN  (-SMALL_MAX - 1)

#if DBGSH_DEBUG
void term_assert_fail(const char *expr, const char *file, int line);
#define ASSERT(c) ((c) ? (void)0 : term_assert_fail(#c, __FILE__, __LINE__))
#else
#define ASSERT(c) ((void)0)
#endif

/* ---- primary predicates ------------------------------------------------ */

static inline unsigned term_primary(term_t t) { return (unsigned)(t & TAG_PRIMARY_MASK); }
static inline bool term_is_list(term_t t) { return term_primary(t) == TAG_PRIMARY_LIST; }
static inline bool term_is_boxed(term_t t) { return term_primary(t) == TAG_PRIMARY_BOXED; }
static inline bool term_is_immed(term_t t) { return term_primary(t) == TAG_PRIMARY_IMMED1; }
static inline bool term_is_header(term_t t) { return term_primary(t) == TAG_PRIMARY_HEADER; }

/* ---- immediates -------------------------------------------------------- */

/* The small tag is all ones, so adding one carries out of it: one
 * instruction fewer than masking and comparing. */
_Static_assert(TAG_IMMED1_SMALL == TAG_IMMED1_MASK, "term_is_small adds one to carry out of the tag");
static inline bool term_is_small(term_t t) { return ((t + 1) & TAG_IMMED1_MASK) == 0; }
static inline bool term_is_atom(term_t t) { return (t & TAG_IMMED2_MASK) == TAG_IMMED2_ATOM; }
static inline bool term_is_nil(term_t t) { return t == NIL; }
static inline bool term_is_local_pid(term_t t) { return (t & TAG_IMMED1_MASK) == TAG_IMMED1_PID; }
static inline bool term_is_local_port(term_t t) { return (t & TAG_IMMED1_MASK) == TAG_IMMED1_PORT; }
static inline bool term_is_catch(term_t t) { return (t & TAG_IMMED2_MASK) == TAG_IMMED2_CATCH; }

static inline bool small_fits(int64_t v) { return v >= SMALL_MIN && v <= SMALL_MAX; }
static inline term_t term_small(int64_t v)
{
    ASSERT(small_fits(v));
    return ((uint64_t)v << TAG_IMMED1_SIZE) | TAG_IMMED1_SMALL;
}
static inline int64_t small_value(term_t t)
{
    ASSERT(term_is_small(t));
    return (int64_t)t >> TAG_IMMED1_SIZE; /* arithmetic shift: gcc/clang */
}

static inline term_t term_atom_from_index(uint64_t idx) { return (idx << TAG_IMMED2_SIZE) | TAG_IMMED2_ATOM; }
static inline uint64_t atom_index(term_t t)
{
    ASSERT(term_is_atom(t));
    return t >> TAG_IMMED2_SIZE;
}

static inline term_t term_catch(uint64_t label) { return (label << TAG_IMMED2_SIZE) | TAG_IMMED2_CATCH; }
static inline uint64_t catch_label(term_t t) { return t >> TAG_IMMED2_SIZE; }

/* A local pid <0.Number.Serial>: number 32 bits, serial 28 bits. */
#define PID_NUMBER_BITS 32
#define PID_SERIAL_BITS 28
static inline term_t term_local_pid(uint32_t number, uint32_t serial)
{
    ASSERT(serial < (1u << PID_SERIAL_BITS));
    return ((uint64_t)serial << (TAG_IMMED1_SIZE + PID_NUMBER_BITS)) |
           ((uint64_t)number << TAG_IMMED1_SIZE) | TAG_IMMED1_PID;
}
static inline uint32_t pid_number(term_t t)
{
    ASSERT(term_is_local_pid(t));
    return (uint32_t)(t >> TAG_IMMED1_SIZE);
}
static inline uint32_t pid_serial(term_t t)
{
    ASSERT(term_is_local_pid(t));
    return (uint32_t)(t >> (TAG_IMMED1_SIZE + PID_NUMBER_BITS));
}

/* A local port #Port<0.Number>, number up to 60 bits. */
static inline term_t term_local_port(uint64_t number) { return (number << TAG_IMMED1_SIZE) | TAG_IMMED1_PORT; }
static inline uint64_t port_number(term_t t)
{
    ASSERT(term_is_local_port(t));
    return t >> TAG_IMMED1_SIZE;
}

/* ---- pointers ---------------------------------------------------------- */

static inline term_t *list_ptr(term_t t)
{
    ASSERT(term_is_list(t));
    return (term_t *)(uintptr_t)(t - TAG_PRIMARY_LIST);
}
static inline term_t term_list(const term_t *cell) { return (term_t)(uintptr_t)cell + TAG_PRIMARY_LIST; }
static inline term_t list_head(term_t t) { return list_ptr(t)[0]; }
static inline term_t list_tail(term_t t) { return list_ptr(t)[1]; }

static inline term_t *boxed_ptr(term_t t)
{
    ASSERT(term_is_boxed(t));
    return (term_t *)(uintptr_t)(t - TAG_PRIMARY_BOXED);
}
static inline term_t term_boxed(const term_t *hdr) { return (term_t)(uintptr_t)hdr + TAG_PRIMARY_BOXED; }

static inline term_t header_make(uint64_t arity, unsigned subtag) { return (arity << HDR_ARITY_SHIFT) | subtag; }
static inline unsigned header_subtag(term_t h) { return (unsigned)(h & HDR_SUBTAG_MASK); }
static inline uint64_t header_arity(term_t h) { return h >> HDR_ARITY_SHIFT; }

/* The header subtag of a boxed term, or -1 for non-boxed terms. */
static inline int term_boxed_subtag(term_t t)
{
    return term_is_boxed(t) ? (int)header_subtag(*boxed_ptr(t)) : -1;
}
static inline bool term_is_boxed_with(term_t t, unsigned subtag)
{
    return term_is_boxed(t) && header_subtag(*boxed_ptr(t)) == subtag;
}

/* ---- boxed predicates -------------------------------------------------- */

static inline bool term_is_tuple(term_t t) { return term_is_boxed_with(t, HDR_TUPLE); }
static inline bool term_is_float(term_t t) { return term_is_boxed_with(t, HDR_FLOAT); }
static inline bool term_is_big(term_t t)
{
    int s = term_boxed_subtag(t);
    return s == HDR_POS_BIG || s == HDR_NEG_BIG;
}
static inline bool term_is_integer(term_t t) { return term_is_small(t) || term_is_big(t); }
static inline bool term_is_number(term_t t) { return term_is_integer(t) || term_is_float(t); }
static inline bool term_is_fun(term_t t) { return term_is_boxed_with(t, HDR_FUN); }
static inline bool term_is_export(term_t t) { return term_is_boxed_with(t, HDR_EXPORT); }
static inline bool term_is_any_fun(term_t t) { return term_is_fun(t) || term_is_export(t); }
static inline bool term_is_map(term_t t) { return term_is_boxed_with(t, HDR_MAP); }
static inline bool term_is_bitstring(term_t t)
{
    int s = term_boxed_subtag(t);
    return s == HDR_REFC_BIN || s == HDR_HEAP_BIN || s == HDR_SUB_BIN;
}
/* A reference of this node: plain or magic (ref_object reads either). */
static inline bool term_is_local_ref(term_t t)
{
    int s = term_boxed_subtag(t);
    return s == HDR_REF || s == HDR_MAGIC_REF;
}
static inline bool term_is_ref(term_t t) { return term_is_local_ref(t) || term_is_boxed_with(t, HDR_EXT_REF); }
static inline bool term_is_pid(term_t t) { return term_is_local_pid(t) || term_is_boxed_with(t, HDR_EXT_PID); }
static inline bool term_is_port(term_t t) { return term_is_local_port(t) || term_is_boxed_with(t, HDR_EXT_PORT); }
static inline bool term_is_cons_or_nil(term_t t) { return term_is_list(t) || term_is_nil(t); }

/* ---- tuples ------------------------------------------------------------ */

static inline uint64_t tuple_arity(term_t t)
{
    ASSERT(term_is_tuple(t));
    return header_arity(*boxed_ptr(t));
}
/* Elements are 0-based here; Erlang's element/2 is 1-based. */
static inline term_t *tuple_elems(term_t t)
{
    ASSERT(term_is_tuple(t));
    return boxed_ptr(t) + 1;
}
static inline term_t tuple_get(term_t t, uint64_t i)
{
    ASSERT(i < tuple_arity(t));
    return tuple_elems(t)[i];
}

/* ---- floats ------------------------------------------------------------ */

#define FLOAT_WORDS 2
static inline double float_value(term_t t)
{
    double d;
    ASSERT(term_is_float(t));
    memcpy(&d, boxed_ptr(t) + 1, sizeof d);
    return d;
}

/* ---- references -------------------------------------------------------- */

/* A local reference #Ref<0.W2.W1.W0>: up to 5 32-bit id words (3 for an
 * ordinary ref, OTP's pid-refs have 5), packed into words after the header.
 * Word 1 holds the count; ids follow, two per word. */
#define REF_MAX_IDS 5
typedef struct ref_obj {
    term_t header;
    uint64_t nids;
    uint32_t ids[REF_MAX_IDS + 1]; /* +1 pads to whole words */
} ref_obj;
#define REF_WORDS (sizeof(ref_obj) / sizeof(term_t))

/* Off-heap data whose life a count of references decides: OTP's magic
 * binaries. Whoever makes one sets refc to 1 for itself and `destroy`;
 * term_magic_ref takes a count for the reference it builds, each copy of
 * that reference (copy_term) one more, and a collection or a heap's end
 * that drops a copy gives its count back (magic_release). When the last
 * count goes, destroy(m) runs on the thread that let it go, possibly
 * inside a collection or while a process is freed: it must take no lock
 * the VM may hold there and must not touch any process; the usual answer
 * is to queue m for work at a safe point. */
typedef struct vm_magic vm_magic;
struct vm_magic {
    _Atomic uint64_t refc;
    void (*destroy)(vm_magic *m);
};

/* A magic reference: a plain reference (the ids users see, compare and
 * encode) that also holds a count on `magic`, on its heap's off-heap list
 * (`next`, as a refc binary's handle). ref_object() finds the embedded
 * reference, so code that reads ids does not care which kind it has. */
typedef struct magic_ref_obj {
    term_t header;
    struct offheap_hdr *next;
    vm_magic *magic;
    ref_obj ref;
} magic_ref_obj;
#define MAGIC_REF_WORDS (sizeof(magic_ref_obj) / sizeof(term_t))

static inline ref_obj *ref_object(term_t t)
{
    ASSERT(term_is_local_ref(t));
    term_t *p = boxed_ptr(t);
    return header_subtag(*p) == HDR_MAGIC_REF ? &((magic_ref_obj *)(void *)p)->ref : (ref_obj *)(void *)p;
}

static inline magic_ref_obj *magic_ref_object(term_t t)
{
    ASSERT(term_is_boxed_with(t, HDR_MAGIC_REF));
    return (magic_ref_obj *)(void *)boxed_ptr(t);
}

/* ---- external pids, ports, refs (from another node, via ETF) ------------ */

/* Node name and creation, then the ids: pid {number, serial}, port {number
 * (low 32), number (high 32)}, ref {id words...}. */
typedef struct ext_id_obj {
    term_t header;
    term_t node;       /* atom */
    uint64_t creation; /* 32 bits used */
    uint64_t nids;
    uint32_t ids[REF_MAX_IDS + 1];
} ext_id_obj;
#define EXT_ID_WORDS (sizeof(ext_id_obj) / sizeof(term_t))

static inline ext_id_obj *ext_id_object(term_t t)
{
    ASSERT(term_is_boxed_with(t, HDR_EXT_PID) || term_is_boxed_with(t, HDR_EXT_PORT) || term_is_boxed_with(t, HDR_EXT_REF));
    return (ext_id_obj *)(void *)boxed_ptr(t);
}

/* ---- funs -------------------------------------------------------------- */

/* A closure. `code` is the VM's entry for the fun's body (NULL when the fun
 * came from binary_to_term and its module is not loaded). The free variables
 * follow the struct, num_free words. */
typedef struct fun_obj {
    term_t header;
    term_t module;    /* atom */
    uint64_t arity;   /* arity of the fun as called (without free vars) */
    uint64_t index;     /* Index of NEW_FUN_EXT: the fun's number in its module */
    uint64_t old_index; /* OldIndex: equal to index for funs OTP creates */
    uint64_t old_uniq;
    uint8_t uniq[16]; /* md5 of the module's code, as in NEW_FUN_EXT */
    term_t creator;   /* pid */
    uint64_t num_free;
    /* The code_lambda (vm/code.h) of the version that made the fun, or
     * NULL (decoded from ETF): found in the current version at the first
     * call, and again when that version's code is purged (its entry then
     * reads NULL). Raw: never a term. */
    const struct code_lambda *lambda;
    term_t env[];
} fun_obj;
#define FUN_WORDS (sizeof(fun_obj) / sizeof(term_t))

static inline fun_obj *fun_object(term_t t)
{
    ASSERT(term_is_fun(t));
    return (fun_obj *)(void *)boxed_ptr(t);
}

/* An export fun: fun M:F/A. `entry` is the VM's export entry (NULL until
 * the VM resolves it). */
typedef struct export_obj {
    term_t header;
    term_t module;
    term_t function;
    uint64_t arity;
    void *entry;
} export_obj;
#define EXPORT_WORDS (sizeof(export_obj) / sizeof(term_t))

static inline export_obj *export_object(term_t t)
{
    ASSERT(term_is_export(t));
    return (export_obj *)(void *)boxed_ptr(t);
}

/* ---- binaries ---------------------------------------------------------- */

/* Off-heap bytes shared by refc binaries, freed when refc reaches zero.
 * `size` bytes are allocated; the first `end` of them belong to some
 * binary term. A binary append (<<B/binary, ...>>, vm/bits.c) whose B ends
 * at `end` claims the bytes after it in place by moving `end` (an atomic
 * compare-and-swap, so two appends to the same B never share bytes). */
typedef struct binary_t {
    _Atomic uint64_t refc;
    size_t size;
    _Atomic size_t end;
    uint8_t bytes[];
} binary_t;

/* A heap's handle on off-heap data; handles form a list so the heap can
 * release them (see heap.h). */
typedef struct offheap_hdr {
    term_t header;
    struct offheap_hdr *next;
} offheap_hdr;

typedef struct refc_bin_obj {
    term_t header;
    struct offheap_hdr *next; /* the heap's off-heap list */
    size_t size;              /* bytes */
    binary_t *val;
    uint8_t *bytes;           /* val->bytes */
} refc_bin_obj;
#define REFC_BIN_WORDS (sizeof(refc_bin_obj) / sizeof(term_t))

typedef struct heap_bin_obj {
    term_t header;
    uint64_t size; /* bytes */
    uint8_t bytes[];
} heap_bin_obj;

/* The bytes of the heap or refc binary whose box is `box` (not a sub
 * binary), read in place, and their count in *size: the printers' fast
 * path, where bin_view_of takes every kind. */
static inline const uint8_t *whole_bin_bytes(const term_t *box, uint64_t *size)
{
    if (header_subtag(box[0]) == HDR_HEAP_BIN) {
        const heap_bin_obj *hb = (const heap_bin_obj *)(const void *)box;
        *size = hb->size;
        return hb->bytes;
    }
    const refc_bin_obj *rb = (const refc_bin_obj *)(const void *)box;
    *size = rb->size;
    return rb->bytes;
}

/* A slice of a heap or refc binary: `size` whole bytes plus `bitsize`
 * (0..7) bits, starting `offset` bytes and `bitoffset` (0..7) bits in. */
typedef struct sub_bin_obj {
    term_t header;
    uint64_t size;
    uint64_t offset;
    uint8_t bitsize;
    uint8_t bitoffset;
    uint8_t pad[6];
    term_t orig; /* a heap or refc binary */
} sub_bin_obj;
#define SUB_BIN_WORDS (sizeof(sub_bin_obj) / sizeof(term_t))

static inline uint64_t words_for_bytes(uint64_t n) { return (n + sizeof(term_t) - 1) / sizeof(term_t); }

/* ---- constructors (term.c); all allocate on `h` and never fail --------- */

/* A tuple of `arity` elements copied from `elems` (uninitialised if NULL). */
term_t term_tuple(heap_t *h, uint64_t arity, const term_t *elems);
term_t term_tuple2(heap_t *h, term_t a, term_t b);
term_t term_tuple3(heap_t *h, term_t a, term_t b, term_t c);
term_t term_cons(heap_t *h, term_t head, term_t tail);
/* [elems[0], ..., elems[n-1] | tail] */
term_t term_list_from(heap_t *h, const term_t *elems, size_t n, term_t tail);
/* A list of byte values (a latin1 string). */
term_t term_string(heap_t *h, const char *s, size_t len);
/* A list of the code points of UTF-8 text (a byte that starts no valid
 * UTF-8 reads as itself). */
term_t term_utf8_string(heap_t *h, const char *s, size_t n);
term_t term_float(heap_t *h, double d);
/* An integer term: SMALL when it fits, bignum otherwise. */
term_t term_int64(heap_t *h, int64_t v);
term_t term_uint64(heap_t *h, uint64_t v);
term_t term_ref(heap_t *h, const uint32_t *ids, unsigned nids);
/* A magic reference with the 3 id words `ids` that takes a count on m,
 * linked on h's off-heap list (given back when h lets the copy go). */
term_t term_magic_ref(heap_t *h, const uint32_t ids[3], vm_magic *m);
/* Gives back one count on m; the last one runs m->destroy(m). */
void magic_release(vm_magic *m);
term_t term_export(heap_t *h, term_t module, term_t function, unsigned arity);
/* A fun with num_free free variables copied from env (uninitialised if
 * NULL). */
term_t term_fun(heap_t *h, term_t module, unsigned arity, uint64_t index, uint64_t old_uniq,
                const uint8_t uniq[16], term_t creator, unsigned num_free, const term_t *env);
/* External pid/port/ref of another node: subtag HDR_EXT_PID/PORT/REF. */
term_t term_ext_id(heap_t *h, unsigned subtag, term_t node, uint32_t creation, const uint32_t *ids,
                   unsigned nids);

/* Length of a proper list, or -1 if `t` is not a proper list. */
int64_t list_length(term_t t);

/* True if `t` is a list of integers 0..255 (possibly empty) */
bool term_is_byte_list(term_t t);

#endif
