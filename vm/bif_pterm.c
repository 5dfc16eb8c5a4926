/* bif_pterm.c: OTP's persistent_term module over vm/pterm.c: put/2,
 * get/0,1,2, erase/1 and info/0. get returns the stored value itself, not
 * a copy; put and erase return once no process uses a value they replaced
 * or removed (vm/pterm.h). */
#include "atom.h"
#include "bif.h"
#include "map.h"
#include "proc.h"
#include "pterm.h"
#include "term.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_pterm.def"
#undef BIF

/* persistent_term:put(Key, Value) -> ok. */
term_t bif_pterm_put_2(process *p, const term_t *args)
{
    pterm_put(p, args[0], args[1]);
    return ATOM_ok;
}

/* persistent_term:get() -> [{Key, Value}]. */
term_t bif_pterm_get_0(process *p, const term_t *args)
{
    (void)args;
    return pterm_all(p, &p->heap);
}

/* persistent_term:get(Key) -> Value; badarg when there is none. */
term_t bif_pterm_get_1(process *p, const term_t *args)
{
    term_t v;
    return pterm_get(p, args[0], &v) ? v : BIF_BADARG(p);
}

/* persistent_term:get(Key, Default) -> Value | Default. */
term_t bif_pterm_get_2(process *p, const term_t *args)
{
    term_t v;
    return pterm_get(p, args[0], &v) ? v : args[1];
}

/* persistent_term:erase(Key) -> boolean(). */
term_t bif_pterm_erase_1(process *p, const term_t *args)
{
    return pterm_erase(p, args[0]) ? ATOM_true : ATOM_false;
}

/* persistent_term:info() -> #{count := Count, memory := Bytes}. */
term_t bif_pterm_info_0(process *p, const term_t *args)
{
    (void)args;
    uint64_t count, bytes;
    pterm_info(&count, &bytes);
    term_t k[2] = {atom_from_cstr("count"), atom_from_cstr("memory")};
    term_t v[2] = {term_uint64(&p->heap, count), term_uint64(&p->heap, bytes)};
    return map_from_pairs(&p->heap, k, v, 2);
}
