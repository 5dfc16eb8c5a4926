/* atom.h: the atom table, shared by every thread.
 * Interning takes a lock; reading an atom's text never does (entries are
 * published once and never move or die). Text is UTF-8; the table accounts
 * its memory under ALLOC_ATOM_*. */
#ifndef VM_ATOM_H
#define VM_ATOM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "term.h"

enum atom_builtin_index {
#define X(cname, text) AI_##cname,
#include "atoms.def"
#undef X
    AI_BUILTIN_COUNT
};
#define X(cname, text) static const term_t ATOM_##cname = ((uint64_t)AI_##cname << TAG_IMMED2_SIZE) | TAG_IMMED2_ATOM;
#include "atoms.def"
#undef X

typedef enum atom_result {
    ATOM_OK = 0,
    ATOM_TOO_LONG,   /* more than ATOM_MAX_CHARS characters */
    ATOM_BAD_UTF8,   /* text is not valid UTF-8 */
    ATOM_TABLE_FULL, /* ATOM_TABLE_LIMIT reached: system_limit */
    ATOM_NOT_FOUND   /* atom_lookup only */
} atom_result;

/* Must run once before any other atom_* call (idempotent, thread-safe). */
void atom_table_init(void);

/* The atom with UTF-8 text `utf8`, created if new. */
atom_result atom_intern(const char *utf8, size_t len, term_t *out);
/* Same, from latin1 bytes (each byte one character). */
atom_result atom_intern_latin1(const char *latin1, size_t len, term_t *out);
/* The existing atom with this text, or ATOM_NOT_FOUND. */
atom_result atom_lookup(const char *utf8, size_t len, term_t *out);
/* Convenience for C string literals; aborts on failure (programmer error). */
term_t atom_from_cstr(const char *s);
/* atom_cached's first call for a slot: interns name and keeps it there. */
term_t atom_cache_fill(_Atomic term_t *slot, const char *name);
/* The atom `name` (a C string literal), interned on the first call and
 * kept in *slot (a static that starts 0): for atoms a C file needs that
 * are not in atoms.def. Any thread; inline, for hot paths (a tracer
 * module's enabled). */
static inline term_t atom_cached(_Atomic term_t *slot, const char *name)
{
    term_t a = atomic_load_explicit(slot, memory_order_relaxed);
    return a ? a : atom_cache_fill(slot, name);
}

/* UTF-8 text of an atom, its byte length in *len. A NUL follows it, and
 * the text may be read in whole blocks of ATOM_TEXT_BLOCK bytes up to the
 * end of the block holding that NUL (zeros after it), so that a copy of a
 * short name is one fixed-size move. */
#define ATOM_TEXT_BLOCK 16
const char *atom_text(term_t atom, size_t *len);
/* Number of characters (code points) in the atom's name. */
size_t atom_chars(term_t atom);
/* True when every character is below 256. */
bool atom_is_latin1(term_t atom);
/* True when t is an atom whose name is the NUL-terminated `name`. */
bool atom_is_named(term_t t, const char *name);

/* How io_lib writes the atom (~w, ~p), fixed when it is interned. */
#define ATOM_QUOTED 0x1u  /* written in quotes: lex_atom_is_plain is false */
#define ATOM_ESCAPES 0x2u /* in quotes, some char takes a backslash escape:
                           * ' \ and controls (below 32, 127..159) */
#define ATOM_WIDE 0x4u    /* some char is above 255 (not atom_is_latin1) */
/* The atom's text as atom_text gives it, its ATOM_* flags in *flags.
 * Inline (below): the formatters call it for every atom they write. */
static inline const char *atom_text_flags(term_t atom, size_t *len, unsigned *flags);
/* atom_text_flags, and the atom's characters (atom_chars) in *chars: ~p's
 * width of an atom without escapes. */
static inline const char *atom_text_chars(term_t atom, size_t *len, size_t *chars, unsigned *flags);
/* Atoms in the table. */
size_t atom_count(void);

/* ---- the read path, inline -------------------------------------------------
 * Internals of atom.c, exposed only so that atom_text_flags needs no call:
 * read them through the functions above, never write them. Atom index i
 * lives at atom_segments[i >> ATOM_SEG_BITS][i & (ATOM_SEG_SIZE - 1)].
 * Invariants: a segment pointer is stored once (release), before the count
 * that covers its first entry, and never changes; an entry's fields are
 * filled before that count is published and never change afterwards; so a
 * reader holding a valid atom term needs no lock, only an acquire load of
 * the segment pointer. */
#define ATOM_SEG_BITS 12
#define ATOM_SEG_SIZE (1u << ATOM_SEG_BITS)

typedef struct atom_entry {
    struct atom_entry *chain; /* hash chain, under atom.c's lock */
    uint32_t hash;
    uint32_t index;
    uint32_t len;   /* bytes */
    uint32_t chars; /* code points */
    bool latin1;
    uint8_t flags; /* ATOM_QUOTED, ATOM_ESCAPES, ATOM_WIDE */
    char *text;    /* NUL-terminated, zero-filled to a whole ATOM_TEXT_BLOCK */
} atom_entry;

extern _Atomic(atom_entry *) atom_segments[];

static inline const atom_entry *atom_entry_of(term_t atom)
{
    uint64_t i = atom_index(atom);
    atom_entry *seg = atomic_load_explicit(&atom_segments[i >> ATOM_SEG_BITS], memory_order_acquire);
    return &seg[i & (ATOM_SEG_SIZE - 1)];
}

static inline const char *atom_text_chars(term_t atom, size_t *len, size_t *chars, unsigned *flags)
{
    const atom_entry *e = atom_entry_of(atom);
    *len = e->len;
    *chars = e->chars;
    *flags = e->flags;
    return e->text;
}

static inline const char *atom_text_flags(term_t atom, size_t *len, unsigned *flags)
{
    size_t chars;
    return atom_text_chars(atom, len, &chars, flags);
}

#endif
