/* bif_misc.c: the rest of erlang's BIFs and the C parts of library
 * modules the Erlang code in vm/lib calls. Declared in vm/bif_misc.def. */
#include "bif.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_misc.def"
#undef BIF
