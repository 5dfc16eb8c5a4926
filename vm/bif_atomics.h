/* bif_atomics.h: what vm/bif_atomics.c (the atomics and counters modules'
 * BIFs) shows beyond its BIFs: what atomics:info/1 and counters:info/1
 * would say of a reference, for format/exception.c's explanations of
 * their badargs, which depend on the array's size and bounds. */
#ifndef VM_BIF_ATOMICS_H
#define VM_BIF_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#include "term.h"

/* An array's size and whether its values are signed (min -2^63, max
 * 2^63-1) or not (0 and 2^64-1). */
typedef struct atomics_desc {
    uint64_t size;
    bool is_signed;
} atomics_desc;

/* Whether ref is an atomics reference (atomics:new/2's, or the one inside
 * counters:new/2's {atomics, Ref}); its description in *out. Any thread:
 * ref keeps the array alive while the caller holds it. */
bool atomics_describe(term_t ref, atomics_desc *out);
/* Whether ref is a counters reference ({atomics, Ref} or
 * {write_concurrency, Ref}); its description in *out (counters are
 * signed). */
bool atomics_describe_counters(term_t ref, atomics_desc *out);

#endif
