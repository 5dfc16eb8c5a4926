/* alloc.h: the VM's one allocation choke point. Every allocation names its
 * type (alloc_types.def) so memory is accounted per type; issue #6 builds
 * instrument's status and maps on these counters. Ownership: the caller owns
 * what it allocates and frees it with the same type and size.
 * Out of memory is fatal: alloc_* print "dbgsh: out of memory" and exit(70). */
#ifndef VM_ALLOC_H
#define VM_ALLOC_H

#include <stddef.h>
#include <stdint.h>

typedef enum alloc_type {
#define X(name, allocator, class) ALLOC_##name,
#include "alloc_types.def"
#undef X
    ALLOC_TYPE_COUNT
} alloc_type;

typedef struct alloc_stat {
    uint64_t size;   /* bytes currently allocated */
    uint64_t blocks; /* blocks currently allocated */
    uint64_t max_size;
} alloc_stat;

void *alloc_new(alloc_type type, size_t size);
void *alloc_zeroed(alloc_type type, size_t size);
void *alloc_resize(alloc_type type, void *p, size_t old_size, size_t new_size);
void alloc_free(alloc_type type, void *p, size_t size);

/* A growable byte buffer on ALLOC_TEMP, for text C code builds: start it
 * zeroed ({0}), append with alloc_buf_put, release with alloc_buf_free
 * (which leaves it zeroed again). `p` is NULL while nothing was put. */
typedef struct alloc_buf {
    char *p;
    size_t n, cap;
} alloc_buf;
void alloc_buf_put(alloc_buf *b, const void *s, size_t n);
void alloc_buf_free(alloc_buf *b);

/* A C string of `type` holding s[0..n) up to its first NUL, if any (so
 * that its size is always strlen + 1); free it with alloc_strfree and the
 * same type. */
char *alloc_strndup(alloc_type type, const char *s, size_t n);
/* alloc_strndup of the whole of s. */
char *alloc_strdup(alloc_type type, const char *s);
/* Frees a string made by alloc_strndup; NULL is nothing. */
void alloc_strfree(alloc_type type, char *s);

/* Current figures for one type; safe from any thread. */
void alloc_get_stat(alloc_type type, alloc_stat *out);
const char *alloc_type_name(alloc_type type);
const char *alloc_type_class(alloc_type type);

#endif
