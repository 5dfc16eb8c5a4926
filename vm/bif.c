/* bif.c: the table of every BIF, gathered from the bif_*.def files, and
 * lookup by module, name and arity. */
#include "bif.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "map.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_arith.def"
#include "bif_atomics.def"
#include "bif_bin.def"
#include "bif_conv.def"
#include "bif_crypto.def"
#include "bif_eval.def"
#include "bif_file.def"
#include "bif_instr.def"
#include "bif_misc.def"
#include "bif_port.def"
#include "bif_proc.def"
#include "bif_pterm.def"
#include "bif_re.def"
#include "bif_scan.def"
#include "bif_sys.def"
#include "bif_term.def"
#include "bif_zlib.def"
#include "ets.def"
#include "seqtrace.def"
#undef BIF

static const bif_entry builtin[] = {
#define BIF(m, f, a, fn, flags) {#m, #f, a, fn, flags},
#include "bif_arith.def"
#include "bif_atomics.def"
#include "bif_bin.def"
#include "bif_conv.def"
#include "bif_crypto.def"
#include "bif_eval.def"
#include "bif_file.def"
#include "bif_instr.def"
#include "bif_misc.def"
#include "bif_port.def"
#include "bif_proc.def"
#include "bif_pterm.def"
#include "bif_re.def"
#include "bif_scan.def"
#include "bif_sys.def"
#include "bif_term.def"
#include "bif_zlib.def"
#include "ets.def"
#include "seqtrace.def"
#undef BIF
};
#define NBUILTIN (sizeof builtin / sizeof builtin[0])

/* The tables layers above register (bif_register), then every BIF in one
 * array, made when the index is built. */
#define MAX_EXTRA 8
static const bif_entry *extra[MAX_EXTRA];
static size_t extra_n[MAX_EXTRA], nextra;
static bif_entry *table;
static size_t ntable;

/* Open-addressing hash from (module, name, arity) to table index, built
 * once. */
typedef struct slot {
    term_t module, name;
    unsigned arity;
    int index; /* -1: empty */
} slot;

static slot *slots;
static size_t nslots;
static term_t *names; /* table[i]'s module and name atoms at 2i, 2i+1 */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static size_t hash_mfa(term_t m, term_t f, unsigned a)
{
    uint64_t h = m * 0x9E3779B97F4A7C15u ^ f * 0xC2B2AE3D27D4EB4Fu ^ a;
    return (size_t)(h ^ (h >> 29));
}

static term_t atom_of(const char *s)
{
    /* Names in the .def files are C identifiers or quoted operators. */
    return atom_from_cstr(s);
}

static void build_index(void)
{
    ntable = NBUILTIN;
    for (size_t i = 0; i < nextra; i++)
        ntable += extra_n[i];
    table = alloc_new(ALLOC_EXPORT, ntable * sizeof *table);
    memcpy(table, builtin, sizeof builtin);
    size_t at = NBUILTIN;
    for (size_t i = 0; i < nextra; i++) {
        memcpy(table + at, extra[i], extra_n[i] * sizeof *table);
        at += extra_n[i];
    }
    nslots = 16;
    while (nslots < ntable * 2)
        nslots *= 2;
    slots = alloc_new(ALLOC_EXPORT, nslots * sizeof *slots);
    for (size_t i = 0; i < nslots; i++)
        slots[i].index = -1;
    names = alloc_new(ALLOC_EXPORT, 2 * ntable * sizeof *names);
    for (size_t i = 0; i < ntable; i++) {
        term_t m = atom_of(table[i].module), f = atom_of(table[i].name);
        names[2 * i] = m, names[2 * i + 1] = f;
        size_t j = hash_mfa(m, f, table[i].arity) & (nslots - 1);
        while (slots[j].index >= 0)
            j = (j + 1) & (nslots - 1);
        slots[j] = (slot){m, f, table[i].arity, (int)i};
    }
}

const bif_entry *bif_lookup(term_t module, term_t name, unsigned arity)
{
    pthread_once(&once, build_index);
    size_t j = hash_mfa(module, name, arity) & (nslots - 1);
    for (; slots[j].index >= 0; j = (j + 1) & (nslots - 1)) {
        const slot *s = &slots[j];
        if (s->module == module && s->name == name && s->arity == arity)
            return &table[s->index];
    }
    return NULL;
}

const bif_entry *bif_all(size_t *n)
{
    pthread_once(&once, build_index);
    *n = ntable;
    return table;
}

void bif_atoms(size_t i, term_t *module, term_t *name)
{
    pthread_once(&once, build_index);
    *module = names[2 * i];
    *name = names[2 * i + 1];
}

void bif_register(const bif_entry *bifs, size_t n)
{
    ASSERT(!table && nextra < MAX_EXTRA);
    extra[nextra] = bifs;
    extra_n[nextra] = n;
    nextra++;
}

term_t bif_badarg_cause(process *p, term_t cause, term_t module)
{
    term_t keys[2] = {ATOM_cause, ATOM_module};
    term_t vals[2] = {cause, module};
    return bif_raise_info(p, CLASS_ERROR, ATOM_badarg, map_from_pairs(&p->heap, keys, vals, 2));
}

term_t bif_badopt(process *p) { return bif_badarg_cause(p, ATOM_badopt, ATOM_erl_erts_errors); }
