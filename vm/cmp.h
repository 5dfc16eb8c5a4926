/* cmp.h: Erlang's total term order and its two equalities.
 * Order: number < atom < reference < fun < port < pid < tuple < map < nil
 * < list < bitstring. Walks terms with an explicit stack (no C recursion
 * on term depth); allocates only for very deep terms and large maps. */
#ifndef VM_CMP_H
#define VM_CMP_H

#include <stdbool.h>

#include "term.h"

/* <0, 0, >0 as a < b, a == b, b < a in Erlang's term order (1 == 1.0). */
int term_cmp(term_t a, term_t b);
/* Map-key order: exact, so every integer sorts before every float. */
int term_cmp_exact(term_t a, term_t b);
/* Erlang's == */
bool term_eq(term_t a, term_t b);
/* Erlang's =:= */
bool term_eq_exact(term_t a, term_t b);

#endif
