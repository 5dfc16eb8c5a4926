/* atom.c: a lock-free-read atom table.
 * Entries live in segments that never move; the index -> entry map is a
 * fixed array of segment pointers published with release stores, so readers
 * need no lock. Interning looks up and inserts in a chained hash table
 * under one mutex. */
#include "atom.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"
#include "hash.h"
#include "lex.h"
#include "unicode.h"

#define SEG_BITS ATOM_SEG_BITS
#define SEG_SIZE ATOM_SEG_SIZE
#define SEG_COUNT ((ATOM_TABLE_LIMIT + SEG_SIZE - 1) / SEG_SIZE)

/* atom_entry and the segment table are in atom.h, for its inline read path. */
_Atomic(atom_entry *) atom_segments[SEG_COUNT];
static _Atomic size_t count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atom_entry **buckets;
static size_t nbuckets;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* Counts code points; returns false if `s` is not valid UTF-8. */
static bool count_utf8(const char *s, size_t n, uint32_t *chars, bool *latin1)
{
    uint32_t c = 0;
    bool l1 = true;
    for (size_t i = 0, k; i < n; i += k, c++) {
        uint32_t cp;
        k = unicode_decode_utf8_strict((const unsigned char *)s + i, n - i, &cp);
        if (k == 0)
            return false;
        l1 &= cp <= 255;
    }
    *chars = c;
    *latin1 = l1;
    return true;
}

/* The ATOM_* flags of valid UTF-8 text. Escapes: the ASCII ones, and the
 * C1 controls 128..159, encoded C2 80..C2 9F. */
static uint8_t write_flags(const char *s, size_t n, bool latin1)
{
    uint8_t f = (lex_atom_is_plain(s, n) ? 0 : ATOM_QUOTED) | (latin1 ? 0 : ATOM_WIDE);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < ' ' || c == '\\' || c == '\'' || c == 127 || (c == 0xC2 && (unsigned char)s[i + 1] < 0xA0))
            f |= ATOM_ESCAPES;
    }
    return f;
}

/* The entry of index idx, writable: for intern_locked only; readers use
 * atom_entry_of (atom.h). */
static atom_entry *entry_at(size_t idx)
{
    atom_entry *seg = atomic_load_explicit(&atom_segments[idx >> SEG_BITS], memory_order_acquire);
    return &seg[idx & (SEG_SIZE - 1)];
}

static void grow_buckets(void)
{
    size_t n = nbuckets ? nbuckets * 2 : 4096;
    atom_entry **nb = alloc_zeroed(ALLOC_ATOM_TABLE, n * sizeof *nb);
    for (size_t i = 0; i < nbuckets; i++) {
        for (atom_entry *e = buckets[i], *next; e; e = next) {
            next = e->chain;
            e->chain = nb[e->hash & (n - 1)];
            nb[e->hash & (n - 1)] = e;
        }
    }
    alloc_free(ALLOC_ATOM_TABLE, buckets, nbuckets * sizeof *buckets);
    buckets = nb;
    nbuckets = n;
}

static atom_entry *find_locked(const char *s, size_t n, uint32_t h)
{
    for (atom_entry *e = buckets[h & (nbuckets - 1)]; e; e = e->chain)
        if (e->hash == h && e->len == n && memcmp(e->text, s, n) == 0)
            return e;
    return NULL;
}

static atom_result intern_locked(const char *s, size_t n, uint32_t chars, bool latin1, term_t *out)
{
    uint32_t h = hash_bytes(s, n);
    atom_entry *e = find_locked(s, n, h);
    if (e) {
        *out = term_atom_from_index(e->index);
        return ATOM_OK;
    }
    size_t idx = atomic_load_explicit(&count, memory_order_relaxed);
    if (idx >= ATOM_TABLE_LIMIT)
        return ATOM_TABLE_FULL;
    if ((idx & (SEG_SIZE - 1)) == 0)
        atomic_store_explicit(&atom_segments[idx >> SEG_BITS],
                              alloc_zeroed(ALLOC_ATOM_ENTRY, SEG_SIZE * sizeof(atom_entry)),
                              memory_order_release);
    if (idx + 1 > nbuckets)
        grow_buckets();
    e = entry_at(idx);
    /* zero-filled up to the end of the block holding the NUL (atom.h) */
    e->text = alloc_zeroed(ALLOC_ATOM_TEXT, (n + ATOM_TEXT_BLOCK) & ~(size_t)(ATOM_TEXT_BLOCK - 1));
    memcpy(e->text, s, n);
    e->len = (uint32_t)n;
    e->chars = chars;
    e->latin1 = latin1;
    e->flags = write_flags(e->text, n, latin1);
    e->hash = h;
    e->index = (uint32_t)idx;
    e->chain = buckets[h & (nbuckets - 1)];
    buckets[h & (nbuckets - 1)] = e;
    atomic_store_explicit(&count, idx + 1, memory_order_release);
    *out = term_atom_from_index(idx);
    return ATOM_OK;
}

static void init_table(void)
{
    pthread_mutex_lock(&lock);
    grow_buckets();
    static const char *const names[] = {
#define X(cname, text) text,
#include "atoms.def"
#undef X
    };
    for (size_t i = 0; i < AI_BUILTIN_COUNT; i++) {
        term_t a;
        size_t n = strlen(names[i]);
        if (intern_locked(names[i], n, (uint32_t)n, true, &a) != ATOM_OK || atom_index(a) != i)
            abort();
    }
    pthread_mutex_unlock(&lock);
}

void atom_table_init(void) { pthread_once(&init_once, init_table); }

atom_result atom_intern(const char *utf8, size_t len, term_t *out)
{
    uint32_t chars;
    bool latin1;
    atom_table_init();
    if (!count_utf8(utf8, len, &chars, &latin1))
        return ATOM_BAD_UTF8;
    if (chars > ATOM_MAX_CHARS)
        return ATOM_TOO_LONG;
    pthread_mutex_lock(&lock);
    atom_result r = intern_locked(utf8, len, chars, latin1, out);
    pthread_mutex_unlock(&lock);
    return r;
}

atom_result atom_intern_latin1(const char *latin1, size_t len, term_t *out)
{
    if (len > ATOM_MAX_CHARS)
        return ATOM_TOO_LONG;
    char buf[ATOM_MAX_CHARS * 2];
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        n += unicode_encode_utf8((unsigned char)latin1[i], buf + n);
    }
    return atom_intern(buf, n, out);
}

atom_result atom_lookup(const char *utf8, size_t len, term_t *out)
{
    atom_table_init();
    pthread_mutex_lock(&lock);
    atom_entry *e = find_locked(utf8, len, hash_bytes(utf8, len));
    if (e)
        *out = term_atom_from_index(e->index);
    pthread_mutex_unlock(&lock);
    return e ? ATOM_OK : ATOM_NOT_FOUND;
}

term_t atom_from_cstr(const char *s)
{
    term_t a;
    if (atom_intern(s, strlen(s), &a) != ATOM_OK) {
        fprintf(stderr, "dbgsh: bad built-in atom '%s'\n", s);
        abort();
    }
    return a;
}

term_t atom_cache_fill(_Atomic term_t *slot, const char *name)
{
    term_t a = atom_from_cstr(name);
    atomic_store_explicit(slot, a, memory_order_relaxed);
    return a;
}

const char *atom_text(term_t atom, size_t *len)
{
    const atom_entry *e = atom_entry_of(atom);
    *len = e->len;
    return e->text;
}

size_t atom_chars(term_t atom) { return atom_entry_of(atom)->chars; }
bool atom_is_latin1(term_t atom) { return atom_entry_of(atom)->latin1; }

bool atom_is_named(term_t t, const char *name)
{
    if (!term_is_atom(t))
        return false;
    const atom_entry *e = atom_entry_of(t);
    return strlen(name) == e->len && memcmp(e->text, name, e->len) == 0;
}
size_t atom_count(void) { return atomic_load_explicit(&count, memory_order_acquire); }
