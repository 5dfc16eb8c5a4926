/* bits.h: the bit syntax at run time: building bitstrings segment by
 * segment (bs_create) and matching them through match contexts (private
 * sub binaries whose offset advances). Results go on the process heap;
 * nothing here runs the GC. */
#ifndef VM_BITS_H
#define VM_BITS_H

#include <stdbool.h>
#include <stdint.h>

#include "code.h"
#include "proc.h"

/* True when the bitstring b is a binary (whole bytes). */
bool bits_is_binary(term_t b);
/* Builds the n segments described at seg (5 operand words each, see
 * opcodes.def) reading register operands from R; THE_NON_VALUE with badarg
 * recorded on p when a segment's value or size is bad. */
term_t bits_create(process *p, const term_t *R, const code_t *seg, uint64_t n);
term_t bits_start_match(process *p, term_t b);
term_t bits_get(process *p, term_t ctx, unsigned kind, unsigned flags, unsigned unit, term_t size);
bool bits_skip(term_t ctx, unsigned unit, term_t size);
bool bits_match_string(term_t ctx, uint64_t nbits, term_t bits);
uint64_t bits_left(term_t ctx);
term_t bits_get_tail(process *p, term_t ctx);

#endif
