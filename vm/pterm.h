/* pterm.h: persistent terms (OTP's persistent_term): one table of
 * Key => Value for the whole VM. Each entry is a literal area of its own,
 * {Key, Value} copied into one block, and readers take the value where it
 * is, without a copy, as they take a module's literals. Replacing or
 * erasing an entry copies what processes still use of the old area onto
 * their heaps before the area is freed (OTP's literal area collection).
 * Ownership: the table owns its entries; pterm_get's value is borrowed
 * from the table and may be kept anywhere in the caller's process (its
 * heap, registers, dictionary): nothing else may keep it (a copy is
 * always fine). The design is in docs/internals/persistent-terms.md. */
#ifndef VM_PTERM_H
#define VM_PTERM_H

#include <stdbool.h>
#include <stdint.h>

#include "heap.h"
#include "proc.h"
#include "term.h"

/* The value stored for key in *value; false when there is none. Lock
 * free, O(1) (a hash, a probe, a key comparison); never allocates. On a
 * scheduler thread, for `reader`, the process that keeps the value (it is
 * noted that it read the table); NULL for a caller that keeps nothing. */
bool pterm_get(process *reader, term_t key, term_t *value);

/* [{Key, Value}] for every entry, on h: the list's cells on h, the tuples
 * the table's own (persistent_term:get/0); reader as for pterm_get. */
term_t pterm_all(process *reader, heap_t *h);

/* How many entries there are, and the bytes the table and its entries
 * take (persistent_term:info/0). */
void pterm_info(uint64_t *count, uint64_t *bytes);

/* Stores a copy of {key, value}. Nothing happens when the stored value for
 * key is exactly equal (=:=) to value. Replacing an entry releases the old
 * one (pterm_erase says how). `caller` is the calling process, in a BIF
 * called through bif_stub (its state saved); the call may collect its heap
 * and must be the BIF's last use of any term. */
void pterm_put(process *caller, term_t key, term_t value);

/* Removes key's entry; false when there was none. Before it returns, every
 * process that still uses the entry (`caller` included) has copied what it
 * uses onto its heap (vm/proc.h, proc_copy_literal_area), waiting for
 * processes that run meanwhile; the entry's memory is freed after thread
 * progress. Same conditions on `caller` as pterm_put. */
bool pterm_erase(process *caller, term_t key);

/* Called by p's scheduler when a time slice of p starts with PS_LITERALS
 * set (vm/proc.h): p copies what it uses of every entry being released. */
void pterm_copy_released(process *p);

#endif
