/* cmp.h: Erlang's total term order and its two equalities.
 * Order: number < atom < reference < fun < port < pid < tuple < map < nil
 * < list < bitstring. Walks terms with an explicit stack (no C recursion
 * on term depth); allocates only for very deep terms and large maps. */
#ifndef VM_CMP_H
#define VM_CMP_H

#include <stdbool.h>

#include "term.h"

/* term_cmp past its small-integer case: any two terms. */
int term_cmp_walk(term_t a, term_t b);
/* <0, 0, >0 as a < b, a == b, b < a in Erlang's term order (1 == 1.0).
 * Two small integers (the commonest case: ordered_set keys, guards,
 * sorts) are compared here, without the call: same tag, so their words
 * order as their values. */
static inline int term_cmp(term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b))
        return ((int64_t)a > (int64_t)b) - ((int64_t)a < (int64_t)b);
    return term_cmp_walk(a, b);
}
/* Map-key order: exact, so every integer sorts before every float. */
int term_cmp_exact(term_t a, term_t b);
/* Erlang's == */
bool term_eq(term_t a, term_t b);
/* Erlang's =:= */
bool term_eq_exact(term_t a, term_t b);

#endif
