/* copy.h: deep copies of terms from anywhere (a process heap, a literal
 * area, a message) onto a heap, for messages and spawn arguments.
 * copy_* borrow the source term and never run the GC. */
#ifndef VM_COPY_H
#define VM_COPY_H

#include <stddef.h>

#include "heap.h"
#include "term.h"

/* Words copy_term(to, t) allocates for `t`. Like OTP's size_object, every
 * reference to a subterm counts, so a term that shares a subterm n times
 * costs n copies of it. Walks with an explicit stack (allocated through
 * vm/alloc.h for deep or wide terms). */
size_t copy_size(term_t t);

/* A deep copy of `t` on `to`, in one allocation of copy_size(t) words: every
 * boxed object and cons cell is copied, wherever it lives (so the copy
 * never points into the source's heap and outlives it), sharing inside `t`
 * is not kept. Refc binaries are not copied: the copy gets a new handle on
 * `to`'s off-heap list, sharing the bytes by reference count. A sub binary
 * becomes a sub binary of the copy of its original. Immediates are
 * returned as they are. No C recursion. */
term_t copy_term(heap_t *to, term_t t);

#endif
