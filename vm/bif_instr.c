/* bif_instr.c: the accounting of vm/alloc.h as Erlang terms, in the shapes
 * of OTP's instrument module (R9C to OTP 20): memory status by total,
 * allocator, class and type, and the allocation map with its header. The
 * rest of instrument is Erlang, in vm/lib/instrument.erl. */
#include <stdlib.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "heap.h"
#include "proc.h"
#include "term.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_instr.def"
#undef BIF

/* The version of the map's header term, {instr_hdr, Version, HeaderSize,
 * Types}: Types is a tuple of {Type, Allocator, Class}, element N for
 * type number N. */
#define INSTR_HDR_VERSION 1

static term_t figure(heap_t *h, const char *what, const alloc_figure *f)
{
    term_t e[4] = {atom_from_cstr(what), term_uint64(h, f->cur), term_uint64(h, f->max_since),
                   term_uint64(h, f->max_ever)};
    return term_tuple(h, 4, e);
}

/* dbgsh_alloc:status(Kind): [{About, [{sizes, C, MaxSince, MaxEver},
 * {blocks, ...}]}] for Kind total | allocators | classes | types, and a new
 * "since last" period for Kind; false when the counters are off. */
term_t bif_instr_status_1(process *p, const term_t *args)
{
    static const char *const kinds[ALLOC_STATUS_KINDS] = {"total", "allocators", "classes", "types"};
    int kind = -1;
    for (int k = 0; k < ALLOC_STATUS_KINDS; k++)
        if (args[0] == atom_from_cstr(kinds[k]))
            kind = k;
    if (kind < 0)
        return BIF_BADARG(p);
    if (!alloc_status_enabled())
        return ATOM_false;
    alloc_status_row rows[ALLOC_TYPE_COUNT];
    size_t n = alloc_status((alloc_status_kind)kind, rows);
    heap_t *h = &p->heap;
    term_t list = NIL;
    for (size_t i = n; i-- > 0;) {
        term_t info = term_cons(h, figure(h, "sizes", &rows[i].sizes),
                                term_cons(h, figure(h, "blocks", &rows[i].blocks), NIL));
        list = term_cons(h, term_tuple2(h, atom_from_cstr(rows[i].name), info), list);
    }
    return list;
}

/* {{Type, Allocator, Class}, ...}: element N for type number N. */
static term_t type_table(heap_t *h)
{
    term_t types[ALLOC_TYPE_COUNT];
    for (int t = 0; t < ALLOC_TYPE_COUNT; t++)
        types[t] = term_tuple3(h, atom_from_cstr(alloc_type_name((alloc_type)t)),
                               atom_from_cstr(alloc_type_allocator((alloc_type)t)),
                               atom_from_cstr(alloc_type_class((alloc_type)t)));
    return term_tuple(h, ALLOC_TYPE_COUNT, types);
}

static term_t header(heap_t *h)
{
    term_t e[4] = {atom_from_cstr("instr_hdr"), term_small(INSTR_HDR_VERSION), term_small(ALLOC_MAP_HEADER_SIZE),
                   type_table(h)};
    return term_tuple(h, 4, e);
}

/* dbgsh_alloc:types(): the type table of map headers, map mode or not. */
term_t bif_instr_types_0(process *p, const term_t *args)
{
    (void)args;
    return type_table(&p->heap);
}

/* {X, Y, Z} of the pid <X.Y.Z> that allocated a block, or undefined. */
static term_t pid_desc(heap_t *h, uint64_t owner)
{
    term_t pid = (term_t)owner;
    if (!owner || !term_is_local_pid(pid))
        return ATOM_undefined;
    return term_tuple3(h, term_small(0), term_small(pid_number(pid)), term_small(pid_serial(pid)));
}

/* dbgsh_alloc:map(): {Header, [{TypeNo, Address, Size, PidDesc}]}, every
 * live block (in no order), or false when map mode is off. */
term_t bif_instr_map_0(process *p, const term_t *args)
{
    (void)args;
    alloc_map_block *v;
    size_t n = alloc_map_snapshot(&v);
    if (!v)
        return ATOM_false;
    heap_t *h = &p->heap;
    term_t list = NIL;
    for (size_t i = n; i-- > 0;) {
        term_t e[4] = {term_small((int64_t)v[i].type + 1), term_uint64(h, v[i].addr), term_uint64(h, v[i].size),
                       pid_desc(h, v[i].owner)};
        list = term_cons(h, term_tuple(h, 4, e), list);
    }
    alloc_map_release(v);
    return term_tuple2(h, header(h), list);
}

/* dbgsh_alloc:modes(): {Status, Map}, the booleans of +Mis and +Mim. */
term_t bif_instr_modes_0(process *p, const term_t *args)
{
    (void)args;
    return term_tuple2(&p->heap, alloc_status_enabled() ? ATOM_true : ATOM_false,
                       alloc_map_enabled() ? ATOM_true : ATOM_false);
}
