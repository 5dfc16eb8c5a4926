/* code.c: the code server: the export table, the module table with current
 * and old versions, purging (which kills the processes still running old
 * code, as OTP's code server does), the loader that turns compiled code
 * into threaded code, and address-to-function lookup for stack traces.
 * Writers take code_lock; running code reads export entries' addresses
 * atomically and never locks. */
#include "code.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "interp.h"
#include "trace.h"
#include "map.h"
#include "progress.h"
#include "sched.h"

static pthread_mutex_t code_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t mod_lock = PTHREAD_MUTEX_INITIALIZER;

void code_mod_lock(void) { progress_mutex_lock(&mod_lock); }
void code_mod_unlock(void) { pthread_mutex_unlock(&mod_lock); }
static code_autoload_fn autoload_fn;

/* ---- export table: open addressing over pointers, grown under lock ---- */

static _Atomic(export_entry **) exports;
static size_t exports_cap, exports_n;

/* The table index of m:f/a: the words mixed so that the low bits the
 * table uses depend on every bit of the atoms' indexes (atoms made one
 * after another, as generated functions are, must not cluster). */
static size_t hash_mfa(term_t m, term_t f, unsigned a)
{
    uint64_t h = m * 0x9E3779B97F4A7C15u;
    h ^= (f * 0xC2B2AE3D27D4EB4Fu) >> 17 | (f * 0xC2B2AE3D27D4EB4Fu) << 47;
    h ^= (uint64_t)a * 0x165667B19E3779F9u;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDu;
    h ^= h >> 33;
    return (size_t)h;
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

/* Versions that left the module table but are never freed, because code
 * may still run in them: funs of a module point into its code, a process
 * killed inside a BIF finishes its slice, and a purge by no process does
 * not look. code_find does not search them (their frames are left out of
 * stack traces). Under code_lock. */
static module_code **retired;
static size_t nretired, retired_cap;
/* The literals of purged versions whose code was freed: a process may
 * still hold a literal term (nothing copies literals out of a purged
 * module, as OTP's literal area collector does), so they stay. */
static heap_t retired_literals;
static bool retired_literals_ready;

static module_slot *find_module(term_t name)
{
    for (size_t i = 0; i < nmodules; i++)
        if (modules[i].name == name)
            return &modules[i];
    return NULL;
}

/* erlang:apply/2, erlang:apply/3 and erlang:hibernate/3 as code, so that
 * they can be called through export entries (funs of them, spawn's
 * initial call) like any function. apply tail-calls through the
 * interpreter's apply instructions; hibernate drops the stack and
 * collects (`hibernate`), sleeps until a message is there without
 * receiving it (`wait` to the next instruction, its frame the three
 * arguments), then tail-calls M:F(A...) on an empty stack. They live in a
 * module `erlang` of their own, which holds no BIFs. */
static void load_erlang_module(void)
{
    enum { BODY_MAX = 7 };
    static const struct {
        const char *name;
        unsigned arity;
        unsigned nbody;
        code_t body[BODY_MAX]; /* the code after enter */
        int label_at, label_to; /* body[label_at] is the address of body[label_to]; -1: none */
    } fns[] = {
        {"apply", 2, 2, {OP_tail_apply_fun_list, 0}, -1, -1},
        {"apply", 3, 2, {OP_tail_apply_list, 0}, -1, -1},
        {"hibernate", 3, 7, {OP_hibernate, 0, OP_wait, 0, 3, OP_tail_apply_list, 0}, 3, 5},
    };
    module_code *mc = code_module_new();
    size_t n = sizeof fns / sizeof fns[0];
    mc->name = ATOM_erlang;
    mc->ncode = 0;
    for (size_t i = 0; i < n; i++)
        mc->ncode += FUNC_HEADER_WORDS + CODE_ENTER_WORDS + fns[i].nbody;
    mc->code = alloc_zeroed(ALLOC_CODE, mc->ncode * sizeof(code_t));
    code_module_tables(mc, n, 0, 0);
    code_t *c = mc->code;
    for (size_t i = 0; i < n; i++) {
        term_t name = atom_from_cstr(fns[i].name);
        mc->funcs[i] = (code_func){name, fns[i].arity, true, (uint32_t)(c - mc->code), NULL};
        c[FH_OP] = OP_func_info;
        c[FH_MODULE] = ATOM_erlang;
        c[FH_NAME] = name;
        c[FH_ARITY] = fns[i].arity;
        c[FH_LAMBDA] = ~(code_t)0;
        c += FUNC_HEADER_WORDS;
        c[0] = OP_enter, c[1] = fns[i].arity + 1, c[2] = fns[i].arity;
        c += CODE_ENTER_WORDS;
        memcpy(c, fns[i].body, fns[i].nbody * sizeof(code_t));
        if (fns[i].label_at >= 0)
            c[fns[i].label_at] = (code_t)(c + fns[i].label_to);
        c += fns[i].nbody;
    }
    code_load(mc);
}

void code_init(code_autoload_fn autoload)
{
    autoload_fn = autoload;
    interp_init();
    trace_init();
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
    load_erlang_module();
}

/* The largest frame (enter's register count) of any code loaded. */
static _Atomic uint32_t max_frame;

uint32_t code_max_frame(void) { return atomic_load_explicit(&max_frame, memory_order_relaxed); }

static void note_frame(uint32_t n)
{
    uint32_t cur = atomic_load_explicit(&max_frame, memory_order_relaxed);
    while (n > cur &&
           !atomic_compare_exchange_weak_explicit(&max_frame, &cur, n, memory_order_relaxed, memory_order_relaxed)) {
    }
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
        if (code_is_enter(op))
            note_frame((uint32_t)c[i + 1]);
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

module_code *code_module_new(void)
{
    module_code *mc = alloc_zeroed(ALLOC_MODULE, sizeof *mc);
    heap_init(&mc->literals, ALLOC_LITERAL);
    mc->name = NIL;
    mc->attributes = NIL;
    mc->compile_info = NIL;
    return mc;
}

/* Tables are never empty blocks, so that their sizes follow the counts. */
static size_t table_bytes(size_t n, size_t each) { return (n ? n : 1) * each; }

void code_module_tables(module_code *mc, size_t nfuncs, size_t nlambdas, size_t nlines)
{
    mc->funcs = alloc_zeroed(ALLOC_MODULE, table_bytes(nfuncs, sizeof *mc->funcs));
    mc->lambdas = alloc_zeroed(ALLOC_MODULE, table_bytes(nlambdas, sizeof *mc->lambdas));
    mc->lines = alloc_zeroed(ALLOC_MODULE, table_bytes(nlines, sizeof *mc->lines));
    mc->nfuncs = nfuncs;
    mc->nlambdas = nlambdas;
    mc->nlines = nlines;
}

void code_module_free(module_code *mc)
{
    if (!mc)
        return;
    heap_destroy(&mc->literals); /* empty when it was retired */
    if (mc->code)
        alloc_free(ALLOC_CODE, mc->code, mc->ncode * sizeof(code_t));
    if (mc->funcs) {
        alloc_free(ALLOC_MODULE, mc->funcs, table_bytes(mc->nfuncs, sizeof *mc->funcs));
        alloc_free(ALLOC_MODULE, mc->lambdas, table_bytes(mc->nlambdas, sizeof *mc->lambdas));
        alloc_free(ALLOC_MODULE, mc->lines, table_bytes(mc->nlines, sizeof *mc->lines));
    }
    alloc_strfree(ALLOC_MODULE, mc->file);
    alloc_free(ALLOC_MODULE, mc, sizeof *mc);
}

static void free_retired(void *arg) { code_module_free(arg); }

/* Takes mc (out of the module table already) away for good: its literals
 * join retired_literals and the rest is freed after thread progress, or,
 * when code may still run in it (`keep`, or funs of it), it is kept. */
static void retire_locked(module_code *mc, bool keep)
{
    /* its funs are purged with it: a call finds the current version's fun
     * or fails with badfun (interp.c, call_fun) */
    for (size_t i = 0; i < mc->nlambdas; i++)
        __atomic_store_n(&mc->lambdas[i].entry, NULL, __ATOMIC_RELEASE);
    if (keep || mc->nlambdas > 0) {
        if (nretired == retired_cap) {
            size_t n = retired_cap ? 2 * retired_cap : 16;
            retired = retired ? alloc_resize(ALLOC_MODULE, retired, retired_cap * sizeof *retired,
                                             n * sizeof *retired)
                              : alloc_new(ALLOC_MODULE, n * sizeof *retired);
            retired_cap = n;
        }
        retired[nretired++] = mc;
        return;
    }
    if (!retired_literals_ready) {
        heap_init(&retired_literals, ALLOC_LITERAL);
        retired_literals_ready = true;
    }
    heap_absorb(&retired_literals, &mc->literals);
    /* A scheduler may still be between reading an address in mc and its
     * next safe point (a process it ran there was killed meanwhile). */
    progress_defer(free_retired, mc);
}

/* An export entry of a function whose code changes: a stub the trace
 * engine made for a global pattern (vm/trace.h) goes back to call_undef,
 * so nothing leads to the old code through it; the engine drops its
 * record in its `loaded` hook. */
static void reset_stub_locked(export_entry *e)
{
    if (e->bif || trace_read_word(&e->stub[0]) == interp_op_word(OP_call_undef))
        return;
    trace_patch_word(&e->stub[1], (code_t)e);
    trace_patch_word(&e->stub[0], interp_op_word(OP_call_undef));
}

void code_load(module_code *mc)
{
    thread_code(mc);
    code_mod_lock();
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(mc->name);
    if (!s) {
        if (nmodules == modules_cap) {
            size_t n = modules_cap ? modules_cap * 2 : 64;
            modules = modules ? alloc_resize(ALLOC_MODULE, modules, modules_cap * sizeof *modules, n * sizeof *modules)
                              : alloc_new(ALLOC_MODULE, n * sizeof *modules);
            modules_cap = n;
        }
        s = &modules[nmodules++];
        *s = (module_slot){mc->name, NULL, NULL};
    }
    module_code *prev = s->current;
    if (prev) {
        /* With no purge before it, an old version still there is kept
         * (not killed, not freed): see code.h. */
        if (s->old)
            retire_locked(s->old, true);
        s->old = prev;
    }
    s->current = mc;
    /* Exports of the old version that the new one lacks become undefined. */
    if (prev) {
        for (size_t i = 0; i < prev->nfuncs; i++) {
            code_func *f = &prev->funcs[i];
            if (f->exported) {
                export_entry *e = get_locked(mc->name, f->name, f->arity, false);
                if (e && !e->bif) {
                    reset_stub_locked(e);
                    atomic_store_explicit(&e->addr, e->stub, memory_order_release);
                }
            }
        }
    }
    for (size_t i = 0; i < mc->nfuncs; i++) {
        code_func *f = &mc->funcs[i];
        if (!f->exported)
            continue;
        export_entry *e = get_locked(mc->name, f->name, f->arity, true);
        f->export = e;
        if (e->bif)
            continue; /* a BIF cannot be redefined */
        reset_stub_locked(e);
        atomic_store_explicit(&e->addr, mc->code + f->header + FUNC_HEADER_WORDS, memory_order_release);
    }
    pthread_mutex_unlock(&code_lock);
    trace_hooks.loaded(mc);
    code_mod_unlock();
}

term_t code_fun_name(const fun_obj *f)
{
    if (f->lambda)
        return f->lambda->name;
    const module_code *mc = code_module(f->module);
    if (mc)
        for (size_t i = 0; i < mc->nlambdas; i++)
            if (mc->lambdas[i].index == f->index)
                return mc->lambdas[i].name;
    return NIL;
}

const module_code *code_module(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    const module_code *mc = s ? s->current : NULL;
    pthread_mutex_unlock(&code_lock);
    return mc;
}

bool code_delete(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    bool done = s && s->current && !s->old;
    if (done) {
        module_code *mc = s->current;
        for (size_t i = 0; i < mc->nfuncs; i++) {
            export_entry *e = mc->funcs[i].exported ? get_locked(module, mc->funcs[i].name, mc->funcs[i].arity, false)
                                                    : NULL;
            if (e && !e->bif)
                atomic_store_explicit(&e->addr, e->stub, memory_order_release);
        }
        s->old = mc;
        s->current = NULL;
    }
    pthread_mutex_unlock(&code_lock);
    return done;
}

bool code_has_old(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    bool old = s && s->old;
    pthread_mutex_unlock(&code_lock);
    return old;
}

/* Whether process q (its state saved: claimed, or the caller) executes code
 * of mc: its pc, or a continuation of its call frames, lies in it. As OTP's
 * check_process_code since ERTS 9, funs of mc that q only holds do not
 * count. */
static bool runs_in(const process *q, const module_code *mc)
{
    const code_t *lo = mc->code, *hi = mc->code + mc->ncode;
    if (q->pc >= lo && q->pc < hi)
        return true;
    for (uint32_t i = 0; i < q->nframes; i++)
        if (q->frames[i].pc >= lo && q->frames[i].pc < hi)
            return true;
    return false;
}

/* The old version of module, or NULL. It stays allocated until the calling
 * scheduler passes a safe point, even if it is purged meanwhile (frees
 * wait for thread progress). */
static const module_code *old_version(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    const module_code *old = s ? s->old : NULL;
    pthread_mutex_unlock(&code_lock);
    return old;
}

bool code_check_process(process *caller, term_t pid, term_t module)
{
    const module_code *old = old_version(module);
    if (!old)
        return false;
    if (pid == caller->pid)
        return runs_in(caller, old);
    process *q = proc_lookup(pid);
    if (!q || sched_claim(caller, q) == SCHED_CLAIM_GONE)
        return false;
    bool runs = runs_in(q, old);
    sched_release(q);
    return runs;
}

code_purge_result code_purge_from(process *caller, term_t module, bool soft, bool *caller_dies)
{
    *caller_dies = false;
    module_code *old = (module_code *)old_version(module);
    if (!old)
        return CODE_PURGE_NONE;
    /* Every process that exists now; one created later cannot enter `old`
     * but through a fun (and then `old` is kept). No lock is held while
     * the processes are claimed one after the other. */
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    bool killed = false, lingers = false, keep = false;
    for (term_t l = proc_all_pids(&h); l != NIL && !lingers; l = list_tail(l)) {
        term_t pid = list_head(l);
        if (pid == caller->pid) {
            if (runs_in(caller, old)) {
                lingers = soft;
                *caller_dies = !soft;
            }
            continue;
        }
        process *q = proc_lookup(pid);
        if (!q || sched_claim(caller, q) == SCHED_CLAIM_GONE)
            continue;
        if (runs_in(q, old)) {
            if (soft) {
                lingers = true;
            } else {
                /* a parked process runs on until its BIF returns */
                keep |= (atomic_load(&q->state) & SCHED_PARKED) != 0;
                sched_kill(caller, q);
                killed = true;
            }
        }
        sched_release(q);
    }
    heap_destroy(&h);
    if (lingers)
        return CODE_PURGE_LINGERS;
    if (*caller_dies) {
        proc_signal(caller->pid, SIG_EXIT, caller->pid, ATOM_kill, NULL, NIL);
        killed = keep = true;
    }
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module); /* the table may have moved */
    if (s && s->old == old) {             /* else another purge or a load took it */
        s->old = NULL;
        retire_locked(old, keep);
    }
    pthread_mutex_unlock(&code_lock);
    return killed ? CODE_PURGE_KILLED : CODE_PURGE_DONE;
}

bool code_purge(term_t module)
{
    pthread_mutex_lock(&code_lock);
    module_slot *s = find_module(module);
    module_code *old = s ? s->old : NULL;
    if (old) {
        s->old = NULL;
        retire_locked(old, true);
    }
    pthread_mutex_unlock(&code_lock);
    return old != NULL;
}

const module_code *code_module_loaded(term_t module)
{
    const module_code *mc = code_module(module);
    if (!mc && autoload_fn) {
        autoload_fn(module);
        mc = code_module(module);
    }
    return mc;
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

/* ---- stack traces ------------------------------------------------------ */

/* erlang:system_flag(backtrace_depth, _), OTP's default until set. */
static _Atomic unsigned backtrace_depth = 8;

unsigned proc_set_backtrace_depth(uint64_t n)
{
    unsigned d = n > PROC_BACKTRACE_MAX ? PROC_BACKTRACE_MAX : (unsigned)n;
    return atomic_exchange_explicit(&backtrace_depth, d, memory_order_relaxed);
}

/* [{file, File}, {line, Line} | tail] for a code location (the line left
 * out when unknown). */
static term_t location_of(heap_t *h, const code_location *loc, uint32_t line, term_t tail)
{
    term_t l = tail;
    if (line)
        l = term_cons(h, term_tuple2(h, ATOM_line, term_small(line)), l);
    const char *file = loc->module->file;
    if (file)
        l = term_cons(h, term_tuple2(h, ATOM_file, term_string(h, file, strlen(file))), l);
    return l;
}

/* [{error_info, Info}]: the location item OTP gives an error's frame. */
static term_t error_info_item(heap_t *h, term_t info)
{
    return term_cons(h, term_tuple2(h, ATOM_error_info, info), NIL);
}

static term_t frame_term(heap_t *h, term_t m, term_t f, term_t arity_or_args, term_t location)
{
    term_t t[4] = {m, f, arity_or_args, location};
    return term_tuple(h, 4, t);
}

/* The frame of the function around `pc` (for a continuation: the call
 * before it), with `args` in place of the arity unless THE_NON_VALUE, the
 * function's own line when `own_line`, and {error_info, info} after the
 * file and line unless info is THE_NON_VALUE; THE_NON_VALUE when pc is in
 * no module (export stubs, trace instructions). */
static term_t code_frame(heap_t *h, const code_t *pc, term_t args, bool own_line, term_t info)
{
    code_location loc;
    if (!code_find(pc, &loc))
        return THE_NON_VALUE;
    const code_t *hd = loc.header;
    term_t a = args != THE_NON_VALUE ? args : term_small((int64_t)hd[FH_ARITY]);
    uint32_t line = own_line ? (uint32_t)hd[FH_LINE] : loc.line;
    term_t tail = info == THE_NON_VALUE ? NIL : error_info_item(h, info);
    return frame_term(h, (term_t)hd[FH_MODULE], (term_t)hd[FH_NAME], a, location_of(h, &loc, line, tail));
}

static term_t args_list(heap_t *h, const term_t *args, unsigned n)
{
    term_t l = NIL;
    for (unsigned i = n; i-- > 0;)
        l = term_cons(h, args[i], l);
    return l;
}

/* Whether OTP 25 gives b's errors erl_stdlib_errors' error_info: the BIFs
 * of binary, unicode, maps, math, ets, re and lists, but lists:reverse/1, Erlang
 * code in OTP (its function_clause has no error_info). */
static bool stdlib_errors(const bif_entry *b)
{
    if (!strcmp(b->module, "binary") || !strcmp(b->module, "unicode") || !strcmp(b->module, "maps") ||
        !strcmp(b->module, "math") || !strcmp(b->module, "ets") || !strcmp(b->module, "re"))
        return true;
    return !strcmp(b->module, "lists") && !(b->arity == 1 && !strcmp(b->name, "reverse"));
}

/* Whether OTP 25 gives b's errors erl_erts_errors' error_info: the BIFs
 * of erlang, persistent_term, atomics and counters. */
static bool erts_errors(const bif_entry *b)
{
    return !strcmp(b->module, "erlang") || !strcmp(b->module, "persistent_term") ||
           !strcmp(b->module, "atomics") || !strcmp(b->module, "counters");
}

/* The error_info location item OTP 25 gives BIFs of these modules. */
static term_t bif_location(heap_t *h, const bif_entry *b)
{
    const char *errors = erts_errors(b)             ? "erl_erts_errors"
                         : stdlib_errors(b)         ? "erl_stdlib_errors"
                         : !strcmp(b->module, "os") ? "erl_kernel_errors"
                                                    : NULL;
    if (!errors)
        return NIL;
    term_t k = ATOM_module, v = atom_from_cstr(errors);
    return error_info_item(h, map_from_pairs(h, &k, &v, 1));
}

/* frames[0..n) followed by the frames of p's callers, innermost first, up
 * to `depth` in all, as a list on h. The first frame of code among the
 * callers takes first_args in place of its arity and info after its
 * location, unless THE_NON_VALUE. As OTP's, a continuation equal to the
 * one before it is recorded once (body recursion shows as one frame). */
static term_t caller_frames(heap_t *h, const process *p, term_t *frames, unsigned n, unsigned depth,
                            term_t first_args, term_t info)
{
    const code_t *prev = NULL;
    for (uint32_t i = p->nframes; i-- > 0 && n < depth;) {
        if (p->frames[i].pc == prev)
            continue;
        prev = p->frames[i].pc;
        term_t f = code_frame(h, prev - 1, first_args, false, info);
        if (f == THE_NON_VALUE)
            continue;
        frames[n++] = f;
        first_args = THE_NON_VALUE;
        info = THE_NON_VALUE;
    }
    term_t l = NIL;
    while (n > 0)
        l = term_cons(h, frames[--n], l);
    return l;
}

term_t proc_stacktrace(process *p, const code_t *pc, const term_t *args, unsigned nargs, const bif_entry *bif,
                       const export_entry *undef)
{
    heap_t *h = &p->heap;
    term_t frames[PROC_BACKTRACE_MAX];
    unsigned n = 0, depth = atomic_load_explicit(&backtrace_depth, memory_order_relaxed);
    if (depth == 0)
        depth = 1; /* the frame that raised, as OTP */
    /* arguments that replace the arity of the first code frame */
    term_t first_args = THE_NON_VALUE;
    bool function_clause = false;
    /* error_info for the first frame: a BIF's own (a cause), else the
     * first frame of code (error/3, bs_create) */
    term_t info = p->finfo;
    p->finfo = THE_NON_VALUE;
    if (bif && (bif->flags & BIF_RAISE)) {
        /* error/2,3: the arguments given stand for the caller's */
        if (!strcmp(bif->name, "error") && bif->arity >= 2 && (term_is_list(args[1]) || args[1] == NIL))
            first_args = args[1];
    } else if (bif) {
        term_t m = atom_from_cstr(bif->module), f = atom_from_cstr(bif->name);
        term_t location = info != THE_NON_VALUE ? error_info_item(h, info) : bif_location(h, bif);
        frames[n++] = frame_term(h, m, f, args_list(h, args, nargs), location);
        info = THE_NON_VALUE;
    } else if (undef) {
        frames[n++] = frame_term(h, undef->module, undef->name, args_list(h, args, nargs), NIL);
    } else if (args) {
        first_args = args_list(h, args, nargs);
        function_clause = true; /* reported with the function's own line */
    }
    if (n > 0)
        info = THE_NON_VALUE;
    if (pc && n < depth) {
        term_t f = code_frame(h, pc, first_args, function_clause, info);
        if (f != THE_NON_VALUE) {
            frames[n++] = f;
            first_args = THE_NON_VALUE;
            info = THE_NON_VALUE;
        }
    }
    return caller_frames(h, p, frames, n, depth, first_args, info);
}

/* The function header around code address pc, or NULL. */
static const code_t *header_at(const code_t *pc)
{
    code_location loc;
    return pc && code_find(pc, &loc) ? loc.header : NULL;
}

void proc_backtrace_walk(const process *q, bool (*fn)(void *ctx, const proc_bt_frame *f), void *ctx)
{
    /* A frame's registers run from its base up to its callee's base; the
     * running frame's up to stack_top. */
    const term_t *top = q->stack + q->stack_top, *regs = q->stack + q->base;
    proc_bt_frame f = {NULL, q->pc, header_at(q->pc), regs, top > regs ? (uint32_t)(top - regs) : 0};
    if (!fn(ctx, &f))
        return;
    const code_t *prev = NULL; /* the latest caller's continuation */
    for (uint32_t i = q->nframes; i-- > 0;) {
        const call_frame *cf = &q->frames[i];
        if (trace_is_trace_frame(cf)) {
            /* return_trace's frame (vm/trace.c) shares its caller's
             * registers, which the caller's own frame shows: it has none,
             * nor a function */
            f.header = NULL;
            f.nregs = 0;
            prev = NULL;
        } else {
            top = regs;
            regs = cf->regs;
            if (cf->pc != prev)                   /* body recursion: one lookup for its frames */
                f.header = header_at(cf->pc - 1); /* the call before the continuation */
            prev = cf->pc;
            f.nregs = top > regs ? (uint32_t)(top - regs) : 0;
        }
        f.at = cf;
        f.pc = cf->pc;
        f.regs = regs;
        if (!fn(ctx, &f))
            return;
    }
}

term_t proc_current_stacktrace(heap_t *h, const process *q)
{
    term_t frames[PROC_BACKTRACE_MAX];
    unsigned n = 0, depth = atomic_load_explicit(&backtrace_depth, memory_order_relaxed);
    /* the code of load_erlang_module (erlang:hibernate/3 asleep) is no
     * frame, as OTP's instructions are none */
    term_t f = q->pc ? code_frame(h, q->pc, THE_NON_VALUE, false, THE_NON_VALUE) : THE_NON_VALUE;
    if (f != THE_NON_VALUE && n < depth && tuple_get(f, 0) != ATOM_erlang)
        frames[n++] = f;
    return caller_frames(h, q, frames, n, depth, THE_NON_VALUE, THE_NON_VALUE);
}
