/* code.c: the code server: the export table, the module table with current
 * and old versions, the loader that turns compiled code into threaded code,
 * and address-to-function lookup for stack traces. Writers take code_lock;
 * running code reads export entries' addresses atomically and never locks. */
#include "code.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "interp.h"

static pthread_mutex_t code_lock = PTHREAD_MUTEX_INITIALIZER;
static code_autoload_fn autoload_fn;

/* ---- export table: open addressing over pointers, grown under lock ---- */

static _Atomic(export_entry **) exports;
static size_t exports_cap, exports_n;

static size_t hash_mfa(term_t m, term_t f, unsigned a)
{
    uint64_t h = m * 0x9E3779B97F4A7C15u ^ f * 0xC2B2AE3D27D4EB4Fu ^ (uint64_t)a * 0x165667B19E3779F9u;
    return (size_t)(h ^ (h >> 31));
}

static void insert_entry(export_entry **tab, size_t cap, export_entry *e)
{
    size_t j = hash_mfa(e->module, e->name, e->arity) & (cap - 1);
    while (tab[j])
        j = (j + 1) & (cap - 1);
    tab[j] = e;
}

static void init_stub(export_entry *e)
{
    e->header[FH_OP] = interp_op_word(OP_func_info);
    e->header[FH_MODULE] = e->module;
    e->header[FH_NAME] = e->name;
    e->header[FH_ARITY] = e->arity;
    e->header[FH_LINE] = 0;
    e->header[FH_BP] = 0;
    e->header[FH_LAMBDA] = ~(code_t)0;
    if (e->bif) {
        e->stub[0] = interp_op_word(OP_bif_stub);
        e->stub[1] = (code_t)e->bif;
    } else {
        e->stub[0] = interp_op_word(OP_call_undef);
        e->stub[1] = (code_t)e;
    }
    atomic_store_explicit(&e->addr, e->stub, memory_order_release);
}

/* Finds or (with code_lock held) makes an entry. */
static export_entry *get_locked(term_t m, term_t f, unsigned a, bool create)
{
    export_entry **tab = atomic_load(&exports);
    for (size_t j = hash_mfa(m, f, a) & (exports_cap - 1); tab[j]; j = (j + 1) & (exports_cap - 1))
        if (tab[j]->module == m && tab[j]->name == f && tab[j]->arity == a)
            return tab[j];
    if (!create)
        return NULL;
    if ((exports_n + 1) * 2 > exports_cap) {
        size_t cap = exports_cap * 2;
        export_entry **nt = alloc_zeroed(ALLOC_EXPORT, cap * sizeof *nt);
        for (size_t i = 0; i < exports_cap; i++)
            if (tab[i])
                insert_entry(nt, cap, tab[i]);
        /* Old tables are kept: a lock-free reader may still scan one. */
        atomic_store(&exports, nt);
        exports_cap = cap;
        tab = nt;
    }
    export_entry *e = alloc_zeroed(ALLOC_EXPORT, sizeof *e);
    e->module = m;
    e->name = f;
    e->arity = a;
    e->bif = bif_lookup(m, f, a);
    init_stub(e);
    insert_entry(tab, exports_cap, e);
    exports_n++;
    return e;
}

export_entry *code_export_get(term_t module, term_t name, unsigned arity)
{
    pthread_mutex_lock(&code_lock);
    export_entry *e = get_locked(module, name, arity, true);
    pthread_mutex_unlock(&code_lock);
    return e;
}

/* ---- modules ---------------------------------------------------------- */

typedef struct module_slot {
    term_t name;
    module_code *current, *old;
} module_slot;

static module_slot *modules;
static size_t nmodules, modules_cap;

static module_slot *find_module(term_t name)
{
    for (size_t i = 0; i < nmodules; i++)
        if (modules[i].name == name)
            return &modules[i];
    return NULL;
}

void code_init(code_autoload_fn autoload)
{
    autoload_fn = autoload;
    interp_init();
    pthread_mutex_lock(&code_lock);
    if (!exports) {
        exports_cap = 4096;
        atomic_store(&exports, alloc_zeroed(ALLOC_EXPORT, exports_cap * sizeof(export_entry *)));
    }
    size_t n;
    const bif_entry *b = bif_all(&n);
    for (size_t i = 0; i < n; i++)
        get_locked(atom_from_cstr(b[i].module), atom_from_cstr(b[i].name), b[i].arity, true);
    pthread_mutex_unlock(&code_lock);
}

/* Turns opcode numbers into instruction words and resolves lambda
 * operands, walking the code by the operand kinds of opcodes.def. */
static void thread_code(module_code *mc)
{
    code_t *c = mc->code;
    for (size_t i = 0; i < mc->ncode;) {
        opcode op = (opcode)c[i];
        ASSERT(op < OP_COUNT);
        c[i] = interp_op_word(op);
        const char *k = code_op_operands[op];
        size_t j = i + 1;
        for (; *k && *k != '*'; k++, j++)
            ;
        if (*k == '*') {
            size_t group = strlen(k + 1);
            j += group * c[j - 1];
        }
        if (op == OP_make_fun)
            c[i + 2] = (code_t)&mc->lambdas[c[i + 2]];
        i = j;
    }
    for (size_t i = 0; i < mc->nlambdas; i++) {
        code_lambda *l = &mc->lambdas[i];
        l->index = i;
        l->module = mc->name;
        l->entry = mc->code + l->header + FUNC_HEADER_WORDS;
        memcpy(l->uniq, mc->md5, sizeof l->uniq);
    }
}

static void free_module(module_code *mc)
{
    heap_destroy(&mc->literals);
    alloc_free(ALLOC_CODE, mc->code, mc->ncode * sizeof(code_t));
    free(mc->funcs);
    free(mc->lambdas);
    free(mc->lines);
    free(mc->file);
    alloc_free(ALLOC_CODE, mc, sizeof *mc);
}

void code_load(module_code *mc)
{
    thread_code(mc);
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(mc->name);
    if (!s) {
        if (nmodules == modules_cap) {
            size_t n = modules_cap ? modules_cap * 2 : 64;
            modules = modules ? alloc_resize(ALLOC_CODE, modules, modules_cap * sizeof *modules, n * sizeof *modules)
                              : alloc_new(ALLOC_CODE, n * sizeof *modules);
            modules_cap = n;
        }
        s = &modules[nmodules++];
        *s = (module_slot){mc->name, NULL, NULL};
    }
    if (s->old)
        free_module(s->old); /* purge: see docs/differences-from-erlang.md */
    s->old = s->current;
    s->current = mc;
    /* Exports of the old version that the new one lacks become undefined. */
    if (s->old) {
        for (size_t i = 0; i < s->old->nfuncs; i++) {
            code_func *f = &s->old->funcs[i];
            if (f->exported) {
                export_entry *e = get_locked(mc->name, f->name, f->arity, false);
                if (e && !e->bif)
                    atomic_store_explicit(&e->addr, e->stub, memory_order_release);
            }
        }
    }
    for (size_t i = 0; i < mc->nfuncs; i++) {
        code_func *f = &mc->funcs[i];
        if (!f->exported)
            continue;
        export_entry *e = get_locked(mc->name, f->name, f->arity, true);
        if (e->bif)
            continue; /* a BIF cannot be redefined */
        atomic_store_explicit(&e->addr, mc->code + f->header + FUNC_HEADER_WORDS, memory_order_release);
    }
    pthread_mutex_unlock(&code_lock);
}

const module_code *code_module(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    const module_code *mc = s ? s->current : NULL;
    pthread_mutex_unlock(&code_lock);
    return mc;
}

bool code_purge(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    bool had = s && s->old;
    if (had) {
        free_module(s->old);
        s->old = NULL;
    }
    pthread_mutex_unlock(&code_lock);
    return had;
}

const code_t *code_ensure_loaded(const export_entry *e)
{
    if (!code_module(e->module) && autoload_fn)
        autoload_fn(e->module);
    const code_t *addr = atomic_load_explicit(&e->addr, memory_order_acquire);
    return addr == e->stub && !e->bif ? NULL : addr;
}

term_t code_all_loaded(heap_t *h)
{
    pthread_mutex_lock(&code_lock);
    term_t l = NIL;
    for (size_t i = nmodules; i-- > 0;)
        if (modules[i].current)
            l = term_cons(h, modules[i].name, l);
    pthread_mutex_unlock(&code_lock);
    return l;
}

/* ---- address lookup --------------------------------------------------- */

static bool find_in(const module_code *mc, const code_t *pc, code_location *out)
{
    if (!mc || pc < mc->code || pc >= mc->code + mc->ncode)
        return false;
    size_t off = (size_t)(pc - mc->code);
    const code_func *best = NULL;
    for (size_t i = 0; i < mc->nfuncs; i++)
        if (mc->funcs[i].header <= off && (!best || mc->funcs[i].header > best->header))
            best = &mc->funcs[i];
    uint32_t best_lambda = 0;
    bool lambda = false;
    for (size_t i = 0; i < mc->nlambdas; i++)
        if (mc->lambdas[i].header <= off && (!best || mc->lambdas[i].header > best->header) &&
            (!lambda || mc->lambdas[i].header > best_lambda)) {
            best_lambda = mc->lambdas[i].header;
            lambda = true;
        }
    uint32_t h = lambda ? best_lambda : best ? best->header : 0;
    out->module = mc;
    out->header = mc->code + h;
    out->line = 0;
    for (size_t i = 0; i < mc->nlines && mc->lines[i].offset <= off; i++)
        out->line = mc->lines[i].line;
    return true;
}

bool code_find(const code_t *pc, code_location *out)
{
    bool found = false;
    pthread_mutex_lock(&code_lock);
    for (size_t i = 0; i < nmodules && !found; i++)
        found = find_in(modules[i].current, pc, out) || find_in(modules[i].old, pc, out);
    pthread_mutex_unlock(&code_lock);
    return found;
}
