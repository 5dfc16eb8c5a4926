/* ms.c: the match specification compiler: checks a spec as OTP 25's
 * erl_db_util does (same errors, same order, same texts) and lays it out
 * as one flat program (ms_priv.h). Every walk over the spec uses an
 * explicit stack; expressions nested past MS_DEPTH_LIMIT are refused as
 * OTP refuses them. Also the trace control word. */
#include "ms_priv.h"

#include "format/format.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ---- tables --------------------------------------------------------------------- */

const uint8_t ms_op_operands[MS_OP_COUNT] = {
#define X(name, nops, meaning) nops,
#define G(op, name, arity) 0,
    MS_OPS
#undef X
#undef G
};

const char *const ms_op_names[MS_OP_COUNT] = {
#define X(name, nops, meaning) #name,
#define G(op, name, arity) #op,
    MS_OPS
#undef X
#undef G
};

bif_fn ms_guard_bifs[MS_OP_COUNT];

/* Where a function may be called: OTP's DBIF_{TABLE,TRACE}_{GUARD,BODY}. */
enum {
    W_TABLE_GUARD = 1u << 0,
    W_TABLE_BODY = 1u << 1,
    W_TRACE_GUARD = 1u << 2,
    W_TRACE_BODY = 1u << 3,
    W_ALL = 0xF,
};

typedef struct guard_fn {
    const char *name;
    unsigned arity;
    enum ms_op op;
    unsigned where;
} guard_fn;

static const guard_fn guard_fns[] = {
#define G(op, name, arity) {name, arity, MS_OP_##op, W_ALL},
    MS_GUARD_OPS
#undef G
    {"get_tcw", 0, MS_OP_GET_TCW, W_TRACE_GUARD | W_TRACE_BODY},
    {"set_tcw", 1, MS_OP_SET_TCW, W_TRACE_BODY},
};
#define NGUARD_FNS (sizeof guard_fns / sizeof guard_fns[0])

static term_t guard_fn_atoms[NGUARD_FNS];

/* The special forms, which the compiler handles one by one. */
#define SPECIAL_FORMS                                                                                        \
    S(const)                                                                                                 \
    S(and) S(or) S(andalso) S(andthen) S(orelse) S(self) S(message) S(is_seq_trace) S(set_seq_token)         \
        S(get_seq_token) S(return_trace) S(exception_trace) S(display) S(process_dump) S(enable_trace)       \
            S(disable_trace) S(trace) S(caller) S(caller_line) S(silent)

enum special {
#define S(n) SP_##n,
    SPECIAL_FORMS
#undef S
        SP_COUNT
};
static const char *const special_names[SP_COUNT] = {
#define S(n) #n,
    SPECIAL_FORMS
#undef S
};
static term_t special_atoms[SP_COUNT];
static term_t atom_dollar_underscore, atom_dollar_dollar, atom_underscore, atom_error;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_tables(void)
{
    for (size_t i = 0; i < NGUARD_FNS; i++) {
        term_t a = atom_from_cstr(guard_fns[i].name);
        guard_fn_atoms[i] = a;
        const bif_entry *b = bif_lookup(ATOM_erlang, a, guard_fns[i].arity);
        if (b && guard_fns[i].op < MS_OP_COUNT)
            ms_guard_bifs[guard_fns[i].op] = b->fn;
    }
    for (int i = 0; i < SP_COUNT; i++)
        special_atoms[i] = atom_from_cstr(special_names[i]);
    atom_dollar_underscore = atom_from_cstr("$_");
    atom_dollar_dollar = atom_from_cstr("$$");
    atom_underscore = atom_from_cstr("_");
    atom_error = atom_from_cstr("error");
}

void ms_init(void) { pthread_once(&init_once, init_tables); }

/* ---- the trace control word ------------------------------------------------------- */

static _Atomic uint32_t trace_control_word;

uint32_t ms_tcw_get(void) { return atomic_load_explicit(&trace_control_word, memory_order_acquire); }
uint32_t ms_tcw_set(uint32_t tcw)
{
    return atomic_exchange_explicit(&trace_control_word, tcw, memory_order_acq_rel);
}

/* ---- match variables ------------------------------------------------------------- */

/* The number of a match variable '$N', or -1. As OTP 25's db_is_variable:
 * no leading zero but '$0', and N computed in a 32-bit int that wraps, so
 * '$4294967297' is '$1' and '$2147483648' is no variable. */
static int32_t variable_number(term_t t)
{
    if (!term_is_atom(t))
        return -1;
    size_t n;
    const char *s = atom_text(t, &n);
    if (n < 2 || s[0] != '$')
        return -1;
    if (s[1] == '0')
        return n == 2 ? 0 : -1;
    uint32_t v = 0;
    for (size_t i = 1; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10u + (uint32_t)(s[i] - '0');
    }
    return (int32_t)v;
}

/* One clause's variables: number -> slot, open addressing. */
typedef struct var_entry {
    int32_t num; /* -1: empty */
    uint32_t slot;
    bool read; /* used in a guard or the body */
} var_entry;

typedef struct var_map {
    var_entry *e;
    uint32_t cap, n;
} var_map;

static void vars_clear(var_map *m)
{
    for (uint32_t i = 0; i < m->cap; i++)
        m->e[i].num = -1;
    m->n = 0;
}

static var_entry *vars_find(const var_map *m, int32_t num)
{
    if (!m->cap)
        return NULL;
    for (uint32_t i = ((uint32_t)num * 2654435761u) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->e[i].num == num)
            return &m->e[i];
        if (m->e[i].num < 0)
            return NULL;
    }
}

static var_entry *vars_add(var_map *m, int32_t num)
{
    if ((m->n + 1) * 2 > m->cap) {
        var_map old = *m;
        m->cap = old.cap ? old.cap * 2 : 16;
        m->e = alloc_new(ALLOC_TEMP, m->cap * sizeof *m->e);
        vars_clear(m);
        for (uint32_t i = 0; i < old.cap; i++)
            if (old.e[i].num >= 0)
                *vars_add(m, old.e[i].num) = old.e[i];
        m->n = old.n;
        if (old.e)
            alloc_free(ALLOC_TEMP, old.e, old.cap * sizeof *old.e);
    }
    uint32_t i = ((uint32_t)num * 2654435761u) & (m->cap - 1);
    while (m->e[i].num >= 0)
        i = (i + 1) & (m->cap - 1);
    m->e[i] = (var_entry){num, m->n++, false};
    return &m->e[i];
}

/* ---- compiler state ----------------------------------------------------------------- */

/* OTP numbers a clause's variables directly while they stay below 25; a
 * head variable of 25 or more makes it compact every variable of the
 * spec to 0, 1, 2... in number order and compile again, which shows in
 * its error texts (the spec's terms are printed renamed). */
#define COMPACT_AT 25

/* OTP's error texts are formatted into 100 bytes: at most 99 characters. */
#define ERR_TEXT 100

typedef struct cerror {
    char text[ERR_TEXT];
    size_t len;
    bool nesting;
} cerror;

/* Compile flags: OTP's DCOMP_CALL_TRACE and DCOMP_ALLOW_TRACE_OPS. */
enum { CF_TRACE = 1, CF_CALL = 2, CF_OPS = 4 };

/* An expression being compiled (see compile_expr). */
enum fkind { F_EXPR, F_LIST, F_ARRAY, F_MAP, F_CALL, F_LOGIC };
enum fend { E_OP, E_ANDOR, E_MESSAGE, E_SILENT, E_TUPLE, E_NONE };

typedef struct xframe {
    term_t t;      /* the expression */
    uint32_t cost; /* its nesting cost */
    uint8_t kind, state, end;
    bool flag;        /* F_LIST: the head was constant; F_ARRAY: all constant so far;
                         F_MAP: the values were all constant */
    uint16_t op;      /* F_CALL, F_LOGIC: the op to emit */
    uint32_t i, n;    /* children done / count */
    uint32_t textpos; /* F_ARRAY: where the elements' code starts; F_MAP: the keys' */
    uint32_t chain;   /* F_LOGIC: last jump operand to patch (+1; 0 = none) */
    uint32_t w;       /* cost added for each child */
    const term_t *elems;
    term_t keys, vals; /* F_MAP: its keys and values, as tuples */
} xframe;

/* A step of building a constant (const_term). */
typedef struct cwork {
    term_t *dst; /* the word to fill */
    term_t src;  /* the constant expression that goes there */
    bool map;    /* instead: make the map of `keys` and `vals` into *dst */
    term_t keys, vals;
} cwork;

typedef struct cc {
    unsigned flags;
    bool table, guard;
    ms_prog *prog;
    /* output */
    uint32_t *code;
    uint32_t ncode, capcode;
    term_t *lits;
    uint32_t nlits, caplits;
    uint32_t mdepth, mdepth_need, nslots;
    /* variable compaction (OTP's match_compact, see compact_vars) */
    bool compacted, restart;
    int32_t *orig; /* compacted variable i was '$orig[i]' */
    uint32_t norig, origcap;
    /* the clause being compiled */
    var_map vars;
    uint32_t array_bind_at; /* ARRAY_BIND's code index, or 0 */
    bool clause_failed;
    /* errors, in the order OTP reports them */
    cerror *errs;
    uint32_t nerrs, caperrs;
    bool want_text;
    /* expression frames */
    xframe *fs;
    uint32_t nfs, capfs;
    /* constant building */
    cwork *work;
    uint32_t nwork, capwork;
} cc;

static void *grow(void *p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    uint32_t ncap = *cap ? *cap : 16;
    while (ncap < need)
        ncap *= 2;
    void *q = alloc_resize(ALLOC_TEMP, p, (size_t)*cap * elem, (size_t)ncap * elem);
    *cap = ncap;
    return q;
}

static uint32_t emit(cc *c, uint32_t w)
{
    c->code = grow(c->code, &c->capcode, c->ncode + 1, sizeof *c->code);
    c->code[c->ncode] = w;
    return c->ncode++;
}

static void emit2(cc *c, uint32_t a, uint32_t b)
{
    emit(c, a);
    emit(c, b);
}

static uint32_t add_lit(cc *c, term_t t)
{
    c->lits = grow(c->lits, &c->caplits, c->nlits + 1, sizeof *c->lits);
    c->lits[c->nlits] = t;
    return c->nlits++;
}

/* ---- errors ---------------------------------------------------------------------- */

static cerror *err_new(cc *c, bool nesting)
{
    c->clause_failed = true;
    c->errs = grow(c->errs, &c->caperrs, c->nerrs + 1, sizeof *c->errs);
    cerror *e = &c->errs[c->nerrs++];
    e->len = 0;
    e->text[0] = '\0';
    e->nesting = nesting;
    return e;
}

static void err_puts(cc *c, cerror *e, const char *s)
{
    if (!c->want_text)
        return;
    size_t n = strlen(s);
    if (n > ERR_TEXT - 1 - e->len)
        n = ERR_TEXT - 1 - e->len;
    memcpy(e->text + e->len, s, n);
    e->len += n;
    e->text[e->len] = '\0';
}

static void err_term(cc *c, cerror *e, term_t t)
{
    if (c->want_text)
        e->len += fmt_erts_chars(e->text + e->len, ERR_TEXT - e->len, t);
}

static void error0(cc *c, const char *s) { err_puts(c, err_new(c, false), s); }

/* "<before>%T<after>" */
static void error_t(cc *c, const char *before, term_t t, const char *after)
{
    cerror *e = err_new(c, false);
    err_puts(c, e, before);
    err_term(c, e, t);
    err_puts(c, e, after);
}

/* "Special form '<name><what>" */
static void error_form(cc *c, const char *name, const char *what)
{
    cerror *e = err_new(c, false);
    err_puts(c, e, "Special form '");
    err_puts(c, e, name);
    err_puts(c, e, what);
}

static void error_form_t(cc *c, const char *name, const char *what, term_t t)
{
    cerror *e = err_new(c, false);
    err_puts(c, e, "Special form '");
    err_puts(c, e, name);
    err_puts(c, e, what);
    err_term(c, e, t);
    err_puts(c, e, ".");
}

/* "Function %T/%d <what>" */
static void error_fn(cc *c, term_t name, unsigned arity, const char *what)
{
    cerror *e = err_new(c, false);
    char num[16];
    snprintf(num, sizeof num, "/%u ", arity);
    err_puts(c, e, "Function ");
    err_term(c, e, name);
    err_puts(c, e, num);
    err_puts(c, e, what);
}

/* ---- constants ----------------------------------------------------------------------- */

/* Whether the constant expression t builds a term other than itself: a
 * tuple ({{...}} or {const, X}) or a map somewhere in its lists (OTP's
 * my_copy_struct rebuilds those; anything else is the term as given). */
static bool const_needs_build(cc *c, term_t t)
{
    c->nwork = 0;
    for (;;) {
        while (term_is_list(t)) {
            c->work = grow(c->work, &c->capwork, c->nwork + 1, sizeof *c->work);
            c->work[c->nwork++] = (cwork){.src = list_tail(t)};
            t = list_head(t);
        }
        if (term_is_tuple(t) || term_is_map(t))
            return true;
        if (!c->nwork)
            return false;
        t = c->work[--c->nwork].src;
    }
}

/* The term a constant expression stands for, on the program's heap: lists
 * rebuilt, {{E...}} as {E...}, {const, X} as X, maps with their keys and
 * values built, anything else shared. Explicit stack: each work item fills
 * one word of a term under construction, or finishes a map once its keys
 * and values are filled. */
static term_t rebuild(cc *c, term_t t, bool rename);

static term_t const_term(cc *c, term_t t)
{
    if (term_is_immed(t) || !const_needs_build(c, t))
        return t;
    return rebuild(c, t, false);
}

/* The variable that replaces '$N' after compaction ('$' and N's rank). */
static term_t renamed_var(cc *c, int32_t num)
{
    uint32_t lo = 0, hi = c->norig;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (c->orig[mid] < num)
            lo = mid + 1;
        else
            hi = mid;
    }
    char name[16];
    snprintf(name, sizeof name, "$%u", lo);
    return atom_from_cstr(name);
}

/* const_term's construction (rename false), or a copy of the spec with its
 * variables compacted (rename true: every tuple and map rebuilt, every
 * '$N' replaced by renamed_var). */
static term_t rebuild(cc *c, term_t t, bool rename)
{
    heap_t *h = &c->prog->heap;
    term_t root;
    c->nwork = 0;
    cwork it = {.dst = &root, .src = t};
    for (;;) {
        t = it.src;
        if (it.map) { /* keys and values are built */
            *it.dst = map_from_pairs(h, tuple_elems(it.keys), tuple_elems(it.vals), tuple_arity(it.keys));
        } else if (term_is_list(t)) {
            term_t *cell = heap_alloc(h, 2);
            *it.dst = term_list(cell);
            c->work = grow(c->work, &c->capwork, c->nwork + 1, sizeof *c->work);
            c->work[c->nwork++] = (cwork){.dst = &cell[1], .src = list_tail(t)};
            it = (cwork){.dst = &cell[0], .src = list_head(t)};
            continue;
        } else if (term_is_tuple(t)) {
            const term_t *p = tuple_elems(t);
            if (rename) {
                uint64_t n = tuple_arity(t);
                term_t tup = term_tuple(h, n, NULL);
                *it.dst = tup;
                c->work = grow(c->work, &c->capwork, c->nwork + (uint32_t)n, sizeof *c->work);
                for (uint64_t i = n; i-- > 0;)
                    c->work[c->nwork++] = (cwork){.dst = &tuple_elems(tup)[i], .src = p[i]};
            } else if (tuple_arity(t) == 2 && p[0] == special_atoms[SP_const]) {
                *it.dst = p[1];
            } else {
                ASSERT(tuple_arity(t) == 1 && term_is_tuple(p[0]));
                term_t inner = p[0];
                uint64_t n = tuple_arity(inner);
                term_t tup = term_tuple(h, n, NULL);
                *it.dst = tup;
                c->work = grow(c->work, &c->capwork, c->nwork + (uint32_t)n, sizeof *c->work);
                for (uint64_t i = n; i-- > 0;)
                    c->work[c->nwork++] = (cwork){.dst = &tuple_elems(tup)[i], .src = tuple_elems(inner)[i]};
            }
        } else if (term_is_map(t)) {
            uint64_t n = map_size(t);
            term_t ks = term_tuple(h, n, NULL), vs = term_tuple(h, n, NULL);
            map_sorted_pairs(t, tuple_elems(ks), tuple_elems(vs));
            c->work = grow(c->work, &c->capwork, c->nwork + 1 + 2 * (uint32_t)n, sizeof *c->work);
            c->work[c->nwork++] = (cwork){.dst = it.dst, .map = true, .keys = ks, .vals = vs};
            for (uint64_t i = n; i-- > 0;) {
                c->work[c->nwork++] = (cwork){.dst = &tuple_elems(vs)[i], .src = tuple_elems(vs)[i]};
                c->work[c->nwork++] = (cwork){.dst = &tuple_elems(ks)[i], .src = tuple_elems(ks)[i]};
            }
        } else if (rename && variable_number(t) >= 0) {
            *it.dst = renamed_var(c, variable_number(t));
        } else {
            *it.dst = t;
        }
        if (!c->nwork)
            return root;
        it = c->work[--c->nwork];
    }
}

static void emit_const(cc *c, term_t t) { emit2(c, MS_OP_PUSHC, add_lit(c, const_term(c, t))); }

/* Inserts PUSHC of elems[from..to] (downwards) at code index `at`. */
static void insert_consts(cc *c, uint32_t at, const term_t *elems, uint32_t from_hi, uint32_t to_lo)
{
    uint32_t count = from_hi - to_lo + 1;
    uint32_t words = 2 * count;
    uint32_t tail = c->ncode - at;
    c->code = grow(c->code, &c->capcode, c->ncode + words, sizeof *c->code);
    memmove(c->code + at + words, c->code + at, tail * sizeof *c->code);
    uint32_t k = at;
    for (uint32_t i = from_hi + 1; i-- > to_lo;) {
        c->code[k++] = MS_OP_PUSHC;
        c->code[k++] = add_lit(c, const_term(c, elems[i]));
    }
    c->ncode += words;
}

/* ---- expressions ----------------------------------------------------------------------- */

static xframe *push_frame(cc *c, uint8_t kind, term_t t, uint32_t cost)
{
    c->fs = grow(c->fs, &c->capfs, c->nfs + 1, sizeof *c->fs);
    xframe *f = &c->fs[c->nfs++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->t = t;
    f->cost = cost;
    return f;
}

/* Checks a trace-only special form as OTP's check_trace does: dialect,
 * the trace event's permissions, guard context. */
static bool check_trace(cc *c, const char *name, unsigned need, bool in_guard_ok)
{
    if (!(c->flags & CF_TRACE)) {
        error_form(c, name, "' used in wrong dialect.");
        return false;
    }
    if ((c->flags & need) != need) {
        error_form(c, name, "' not allow for this trace event.");
        return false;
    }
    if (c->guard && !in_guard_ok) {
        error_form(c, name, "' called in guard context.");
        return false;
    }
    return true;
}

/* message, return_trace, exception_trace, display: dialect and guard only. */
static bool check_body_form(cc *c, const char *name)
{
    if (!(c->flags & CF_TRACE)) {
        error_form(c, name, "' used in wrong dialect.");
        return false;
    }
    if (c->guard) {
        error_form(c, name, "' called in guard context.");
        return false;
    }
    return true;
}

/* A call with its arguments compiled last to first, then `end`. */
static void push_call(cc *c, term_t t, uint32_t cost, uint8_t end, uint16_t op)
{
    xframe *f = push_frame(c, F_CALL, t, cost);
    f->elems = tuple_elems(t);
    f->n = (uint32_t)tuple_arity(t) - 1;
    f->i = f->n + 1; /* next argument: i - 1, down to 1 */
    f->end = end;
    f->op = op;
}

/* A call tuple {Name, Args...} whose name is an atom but no variable. Sets
 * *constant, or pushes a frame; adds the error OTP adds otherwise. */
static void compile_call(cc *c, term_t t, uint32_t cost, bool *constant)
{
    const term_t *p = tuple_elems(t);
    unsigned a = (unsigned)tuple_arity(t); /* OTP's arity: name included */
    term_t name = p[0];
    *constant = false;
    int sp = -1;
    for (int i = 0; i < SP_COUNT; i++)
        if (special_atoms[i] == name) {
            sp = i;
            break;
        }
    switch (sp) {
    case SP_const:
        if (a != 2)
            error_t(c, "Special form 'const' called with more than one argument in ", t, ".");
        else
            *constant = true;
        return;
    case SP_and:
    case SP_or:
        if (a < 2) {
            error_form_t(c, special_names[sp], "' called without arguments in ", t);
            return;
        }
        push_call(c, t, cost, E_ANDOR, sp == SP_and ? MS_OP_AND : MS_OP_OR);
        return;
    case SP_andalso:
    case SP_andthen:
    case SP_orelse: {
        if (a < 2) {
            error_form_t(c, sp == SP_orelse ? "orelse" : "andalso", "' called without arguments in ", t);
            return;
        }
        xframe *f = push_frame(c, F_LOGIC, t, cost);
        f->elems = p;
        f->n = a - 1;
        f->i = 0;
        f->op = sp == SP_orelse ? MS_OP_ORELSE : MS_OP_ANDALSO;
        return;
    }
    case SP_self:
        if (a != 1) {
            error_form_t(c, "self", "' called with arguments in ", t);
            return;
        }
        emit(c, MS_OP_SELF);
        return;
    case SP_message:
    case SP_display:
        if (!check_body_form(c, special_names[sp]))
            return;
        if (a != 2) {
            error_form_t(c, special_names[sp], "' called with wrong number of arguments in ", t);
            return;
        }
        push_call(c, t, cost, sp == SP_message ? E_MESSAGE : E_OP, MS_OP_DISPLAY);
        return;
    case SP_return_trace:
    case SP_exception_trace:
        if (!check_body_form(c, special_names[sp]))
            return;
        if (a != 1) {
            error_form_t(c, special_names[sp], "' called with arguments in ", t);
            return;
        }
        emit(c, sp == SP_return_trace ? MS_OP_RETURN_TRACE : MS_OP_EXCEPTION_TRACE);
        return;
    case SP_is_seq_trace:
    case SP_get_seq_token:
    case SP_process_dump:
    case SP_caller:
    case SP_caller_line: {
        unsigned need = (sp == SP_caller || sp == SP_caller_line) ? (CF_CALL | CF_OPS) : CF_OPS;
        if (!check_trace(c, special_names[sp], need, sp == SP_is_seq_trace))
            return;
        if (a != 1) {
            error_form_t(c, special_names[sp], "' called with arguments in ", t);
            return;
        }
        static const uint8_t ops[SP_COUNT] = {
            [SP_is_seq_trace] = MS_OP_IS_SEQ_TRACE, [SP_get_seq_token] = MS_OP_GET_SEQ_TOKEN,
            [SP_process_dump] = MS_OP_PROCESS_DUMP, [SP_caller] = MS_OP_CALLER,
            [SP_caller_line] = MS_OP_CALLER_LINE,
        };
        emit(c, ops[sp]);
        return;
    }
    case SP_set_seq_token:
        /* OTP names it set_seq_trace in these two errors */
        if (!check_trace(c, "set_seq_trace", CF_OPS, false))
            return;
        if (a != 3) {
            error_form_t(c, "set_seq_token", "' called with wrong number of arguments in ", t);
            return;
        }
        push_call(c, t, cost, E_OP, MS_OP_SET_SEQ_TOKEN);
        return;
    case SP_enable_trace:
    case SP_disable_trace:
    case SP_trace: {
        if (!check_trace(c, special_names[sp], CF_OPS, false))
            return;
        bool en = sp == SP_enable_trace;
        uint16_t op;
        if (sp == SP_trace && (a == 3 || a == 4))
            op = a == 3 ? MS_OP_TRACE2 : MS_OP_TRACE3;
        else if (sp != SP_trace && (a == 2 || a == 3))
            op = a == 2 ? (en ? MS_OP_ENABLE_TRACE : MS_OP_DISABLE_TRACE)
                        : (en ? MS_OP_ENABLE_TRACE2 : MS_OP_DISABLE_TRACE2);
        else {
            error_form_t(c, special_names[sp], "' called with wrong number of arguments in ", t);
            return;
        }
        push_call(c, t, cost, E_OP, op);
        return;
    }
    case SP_silent:
        if (!check_trace(c, "silent", CF_OPS, false))
            return;
        if (a != 2) {
            error_form_t(c, "silent", "' called with wrong number of arguments in ", t);
            return;
        }
        push_call(c, t, cost, E_SILENT, MS_OP_SILENT);
        return;
    default:
        break;
    }
    const guard_fn *g = NULL;
    for (size_t i = 0; i < NGUARD_FNS; i++)
        if (guard_fn_atoms[i] == name && guard_fns[i].arity == a - 1) {
            g = &guard_fns[i];
            break;
        }
    if (!g) {
        error_fn(c, name, a - 1, "does_not_exist.");
        return;
    }
    unsigned here = (c->flags & CF_TRACE) ? (c->guard ? W_TRACE_GUARD : W_TRACE_BODY)
                                          : (c->guard ? W_TABLE_GUARD : W_TABLE_BODY);
    if (!(g->where & here)) {
        error_fn(c, name, a - 1, "cannot be called in this context.");
        return;
    }
    if (a == 1) {
        emit(c, g->op);
        return;
    }
    push_call(c, t, cost, E_OP, (uint16_t)g->op);
}

static void use_var(cc *c, var_entry *v)
{
    v->read = true;
    emit2(c, MS_OP_PUSHV, v->slot);
}

static int cmp_var_num(const void *a, const void *b)
{
    int32_t x = (*(const var_entry *const *)a)->num, y = (*(const var_entry *const *)b)->num;
    return x < y ? -1 : x > y;
}

/* '$$': the bound variables in number order. */
static void emit_all_bindings(cc *c)
{
    var_entry **vs = alloc_new(ALLOC_TEMP, (c->vars.n + 1) * sizeof *vs);
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->vars.cap; i++)
        if (c->vars.e[i].num >= 0)
            vs[n++] = &c->vars.e[i];
    qsort(vs, n, sizeof *vs, cmp_var_num);
    emit2(c, MS_OP_PUSH_ALL, n);
    for (uint32_t i = 0; i < n; i++) {
        vs[i]->read = true;
        emit(c, vs[i]->slot);
    }
    alloc_free(ALLOC_TEMP, vs, (c->vars.n + 1) * sizeof *vs);
}

/* The elements of a tuple, compiled last to first, each at `cost`; when
 * they are not all constant their values end on the stack (the first on
 * top), then MKTUPLE for E_TUPLE. Its constness comes back as an
 * expression's does. */
static void push_array(cc *c, term_t tuple, uint32_t cost, uint8_t end)
{
    xframe *f = push_frame(c, F_ARRAY, tuple, cost);
    f->elems = tuple_elems(tuple);
    f->n = (uint32_t)tuple_arity(tuple);
    f->i = f->n;
    f->flag = true;
    f->end = end;
    f->textpos = c->ncode;
}

/* First visit of an expression: checks its nesting, emits what needs no
 * children, or pushes the frame that compiles them. */
static void start_expr(cc *c, term_t t, uint32_t cost, bool *constant)
{
    *constant = false;
    if (cost > MS_DEPTH_LIMIT) {
        cerror *e = err_new(c, true);
        err_puts(c, e, "Excessive nesting; system limit reached near: ");
        err_term(c, e, t);
        return;
    }
    if (term_is_list(t)) {
        xframe *f = push_frame(c, F_LIST, t, cost);
        f->w = MS_DEPTH_LIST;
        return;
    }
    if (term_is_tuple(t)) {
        uint64_t a = tuple_arity(t);
        const term_t *p = tuple_elems(t);
        if (a == 1 && term_is_tuple(p[0])) {
            push_array(c, p[0], cost + MS_DEPTH_TUPLE, E_TUPLE);
            return;
        }
        if (a >= 1 && term_is_atom(p[0]) && variable_number(p[0]) < 0) {
            compile_call(c, t, cost, constant);
            return;
        }
        error_t(c, "", t, " is neither a function call, nor a tuple (tuples are written {{ ... }}).");
        return;
    }
    if (term_is_map(t)) {
        uint64_t n = map_size(t);
        xframe *f = push_frame(c, F_MAP, t, cost);
        f->keys = term_tuple(&c->prog->heap, n, NULL);
        f->vals = term_tuple(&c->prog->heap, n, NULL);
        map_sorted_pairs(t, tuple_elems(f->keys), tuple_elems(f->vals));
        f->n = (uint32_t)n;
        return;
    }
    if (term_is_atom(t)) {
        int32_t num = variable_number(t);
        if (num >= 0) {
            var_entry *v = vars_find(&c->vars, num);
            if (!v) {
                cerror *e = err_new(c, false);
                char buf[48];
                snprintf(buf, sizeof buf, "Variable $%d is unbound.",
                         c->compacted && (uint32_t)num < c->norig ? c->orig[num] : num);
                err_puts(c, e, buf);
                return;
            }
            use_var(c, v);
            return;
        }
        if (t == atom_dollar_underscore) {
            emit(c, c->table ? MS_OP_PUSH_OBJ : MS_OP_PUSH_ARGS);
            return;
        }
        if (t == atom_dollar_dollar) {
            emit_all_bindings(c);
            return;
        }
    }
    *constant = true;
}

/* Compiles one guard or body expression. Returns whether it is constant
 * (nothing emitted; the caller pushes const_term of it), as OTP's dmc_expr.
 * Errors are added and compiling goes on, so that every error is listed. */
static bool compile_expr(cc *c, term_t top)
{
    bool k; /* the constness of the expression just finished */
    uint32_t base = c->nfs;
    start_expr(c, top, 0, &k);
    while (c->nfs > base) {
        xframe *f = &c->fs[c->nfs - 1];
        bool ck;
        switch (f->kind) {
        case F_LIST:
            if (f->state == 0) {
                f->state = 1;
                start_expr(c, list_head(f->t), f->cost + f->w, &ck);
                k = ck;
                break;
            }
            if (f->state == 1) {
                f->flag = k;
                f->state = 2;
                start_expr(c, list_tail(f->t), f->cost + f->w, &ck);
                k = ck;
                break;
            }
            {
                term_t t = f->t;
                bool c1 = f->flag, c2 = k;
                c->nfs--;
                if (c1 && c2) {
                    k = true;
                    break;
                }
                if (!c1) {
                    if (c2)
                        emit_const(c, list_tail(t));
                    emit(c, MS_OP_CONS_A);
                } else {
                    emit_const(c, list_head(t));
                    emit(c, MS_OP_CONS_B);
                }
                k = false;
            }
            break;
        case F_ARRAY:
            if (f->state == 1) { /* an element finished: f->i is its index */
                if (!k && f->flag) {
                    f->flag = false;
                    if (f->i < f->n - 1)
                        insert_consts(c, f->textpos, f->elems, f->n - 1, f->i + 1);
                } else if (k && !f->flag) {
                    emit_const(c, f->elems[f->i]);
                }
            }
            if (f->i > 0) {
                f->i--;
                f->state = 1;
                start_expr(c, f->elems[f->i], f->cost, &ck);
                k = ck;
                break;
            }
            {
                bool all = f->flag;
                uint32_t n = f->n;
                uint8_t end = f->end;
                c->nfs--;
                if (!all && end == E_TUPLE)
                    emit2(c, MS_OP_MKTUPLE, n);
                k = all;
            }
            break;
        case F_MAP:
            /* OTP 25's order: the values, last to first, then the keys;
             * when only the keys are not constant, their code is thrown
             * away and compiled again after the values' constants (so
             * their errors are listed twice). */
            switch (f->state) {
            case 0:
                f->state = 1;
                push_array(c, f->vals, f->cost + MS_DEPTH_MAP, E_NONE);
                break;
            case 1:
                f->flag = k;
                f->state = 2;
                f->textpos = c->ncode;
                push_array(c, f->keys, f->cost + MS_DEPTH_MAP_KEY, E_NONE);
                break;
            case 2:
                if (f->flag && k) { /* all constant: the map itself */
                    c->nfs--;
                    k = true;
                    break;
                }
                if (f->flag) {
                    c->ncode = f->textpos;
                    for (uint32_t i = f->n; i-- > 0;)
                        emit_const(c, tuple_elems(f->vals)[i]);
                    f->state = 3;
                    push_array(c, f->keys, f->cost + MS_DEPTH_MAP_KEY, E_NONE);
                    break;
                }
                /* fall through */
            default: {
                uint32_t n = f->n;
                term_t keys = f->keys;
                c->nfs--;
                if (k) { /* constant keys under computed values */
                    term_t kt = term_tuple(&c->prog->heap, n, NULL);
                    for (uint32_t i = 0; i < n; i++)
                        tuple_elems(kt)[i] = const_term(c, tuple_elems(keys)[i]);
                    emit2(c, MS_OP_PUSHC, add_lit(c, kt));
                } else {
                    emit2(c, MS_OP_MKTUPLE, n);
                }
                emit2(c, MS_OP_MKMAP, n);
                k = false;
                break;
            }
            }
            break;
        case F_CALL:
            if (f->i <= f->n) { /* argument f->i finished */
                if (k)
                    emit_const(c, f->elems[f->i]);
            }
            if (f->i > 1) {
                f->i--;
                start_expr(c, f->elems[f->i], f->cost + MS_DEPTH_LIST, &ck);
                k = ck;
                break;
            }
            {
                uint32_t n = f->n;
                uint8_t end = f->end;
                uint16_t op = f->op;
                c->nfs--;
                switch (end) {
                case E_ANDOR:
                    emit2(c, op, n);
                    break;
                case E_MESSAGE:
                    emit(c, MS_OP_RETURN);
                    emit2(c, MS_OP_PUSHC, add_lit(c, ATOM_true));
                    break;
                case E_SILENT:
                    emit(c, MS_OP_SILENT);
                    emit2(c, MS_OP_PUSHC, add_lit(c, ATOM_true));
                    break;
                default:
                    emit(c, op);
                    break;
                }
                k = false;
            }
            break;
        case F_LOGIC:
            if (f->i > 0) { /* argument f->i finished */
                if (k)
                    emit_const(c, f->elems[f->i]);
                emit(c, f->i == f->n ? MS_OP_JUMP : f->op);
                f->chain = emit(c, f->chain) + 1; /* links the operands to patch */
            }
            if (f->i < f->n) {
                f->i++;
                start_expr(c, f->elems[f->i], f->cost + MS_DEPTH_LIST, &ck);
                k = ck;
                break;
            }
            {
                uint32_t chain = f->chain;
                bool orelse = f->op == MS_OP_ORELSE;
                c->nfs--;
                emit2(c, MS_OP_PUSHC, add_lit(c, orelse ? ATOM_false : ATOM_true));
                while (chain) {
                    uint32_t at = chain - 1;
                    chain = c->code[at];
                    c->code[at] = c->ncode - (at + 1);
                }
                k = false;
            }
            break;
        }
    }
    return k;
}

static bool is_comparison(uint32_t op)
{
    switch (op) {
    case MS_OP_GT:
    case MS_OP_GE:
    case MS_OP_LT:
    case MS_OP_LE:
    case MS_OP_EXACT_EQ:
    case MS_OP_EXACT_NE:
    case MS_OP_EQ_EQ:
    case MS_OP_NE:
        return true;
    default:
        return false;
    }
}

/* A guard test whose code from `start` is two pushes and a comparison
 * becomes one TEST (ms_priv.h); the pushes put the second argument first,
 * so the first is on top. True when it did. */
static bool fuse_test(cc *c, uint32_t start)
{
    uint32_t *w = c->code + start;
    if (c->ncode - start != 5 || !is_comparison(w[4]))
        return false;
    if ((w[0] != MS_OP_PUSHC && w[0] != MS_OP_PUSHV) || (w[2] != MS_OP_PUSHC && w[2] != MS_OP_PUSHV))
        return false;
    uint32_t second = w[0] == MS_OP_PUSHV ? MS_OPERAND_VAR(w[1]) : MS_OPERAND_LIT(w[1]);
    uint32_t first = w[2] == MS_OP_PUSHV ? MS_OPERAND_VAR(w[3]) : MS_OPERAND_LIT(w[3]);
    uint32_t cmp = w[4];
    w[0] = MS_OP_TEST;
    w[1] = cmp;
    w[2] = first;
    w[3] = second;
    c->ncode = start + 4;
    return true;
}

/* A guard or body list: OTP's compile_guard_expr. */
static void compile_exprs(cc *c, term_t l)
{
    if (l == NIL)
        return;
    if (!term_is_list(l)) {
        error0(c, "Match expression is not a list.");
        return;
    }
    if (!c->guard)
        emit(c, MS_OP_CATCH);
    uint32_t last_op = 0;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t t = list_head(l);
        uint32_t start = c->ncode;
        if (compile_expr(c, t))
            emit_const(c, t);
        if (c->guard && fuse_test(c, start))
            continue;
        last_op = emit(c, c->guard ? MS_OP_TRUE : MS_OP_WASTE);
    }
    if (l != NIL) {
        error0(c, "Match expression is not a proper list.");
        return;
    }
    if (!c->guard && c->table)
        c->code[last_op] = MS_OP_RETURN;
}

/* ---- heads ---------------------------------------------------------------------------- */

/* Work items of the head compiler. */
enum { H_PAT, H_POP, H_KEY };
typedef struct hitem {
    term_t t;
    uint8_t what;
    bool tail;     /* H_PAT: nothing follows it at its level */
    uint32_t a, b; /* H_KEY: map slot, value slot */
} hitem;

typedef struct hstack {
    hitem *v;
    uint32_t n, cap;
} hstack;

static void hpush(hstack *s, uint8_t what, term_t t, bool tail, uint32_t a, uint32_t b)
{
    s->v = grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
    s->v[s->n++] = (hitem){t, what, tail, a, b};
}

static void mdepth_adjust(cc *c, int d)
{
    c->mdepth += d;
    if (c->mdepth > c->mdepth_need)
        c->mdepth_need = c->mdepth;
}

/* Compiles patterns: the items on s (the last pushed first). False when
 * the compilation must start again (a variable to compact, see
 * compact_vars). The head's map keys were checked by bad_map_key. */
static bool compile_patterns(cc *c, hstack *s)
{
    while (s->n) {
        hitem it = s->v[--s->n];
        if (it.what == H_POP) {
            emit(c, MS_OP_POP);
            c->mdepth--;
            continue;
        }
        if (it.what == H_KEY) {
            emit(c, MS_OP_KEY);
            emit(c, add_lit(c, it.t));
            emit2(c, it.a, it.b);
            continue;
        }
        term_t t = it.t;
        if (term_is_atom(t)) {
            int32_t num = variable_number(t);
            if (num >= 0) {
                var_entry *v = vars_find(&c->vars, num);
                if (v) {
                    emit2(c, MS_OP_CMP, v->slot);
                } else if (num >= COMPACT_AT && !c->compacted) {
                    c->restart = true;
                    return false;
                } else {
                    emit2(c, MS_OP_BIND, vars_add(&c->vars, num)->slot);
                }
            } else if (t == atom_underscore) {
                emit(c, MS_OP_SKIP);
            } else {
                emit2(c, MS_OP_EQ, add_lit(c, t));
            }
        } else if (term_is_tuple(t)) {
            uint32_t n = (uint32_t)tuple_arity(t);
            emit2(c, it.tail ? MS_OP_TUPLE : MS_OP_PUSH_TUPLE, n);
            if (!it.tail) {
                mdepth_adjust(c, 1);
                hpush(s, H_POP, 0, false, 0, 0);
            }
            for (uint32_t i = n; i-- > 0;)
                hpush(s, H_PAT, tuple_elems(t)[i], i == n - 1, 0, 0);
        } else if (term_is_list(t)) {
            emit(c, it.tail ? MS_OP_LIST : MS_OP_PUSH_LIST);
            if (!it.tail) {
                mdepth_adjust(c, 1);
                hpush(s, H_POP, 0, false, 0, 0);
            }
            hpush(s, H_PAT, list_tail(t), true, 0, 0);
            hpush(s, H_PAT, list_head(t), false, 0, 0);
        } else if (term_is_map(t)) {
            uint64_t n = map_size(t);
            term_t keys = term_tuple(&c->prog->heap, n, NULL);
            term_t vals = term_tuple(&c->prog->heap, n, NULL);
            map_sorted_pairs(t, tuple_elems(keys), tuple_elems(vals));
            uint32_t mslot = c->nslots++;
            emit(c, it.tail ? MS_OP_MAP : MS_OP_PUSH_MAP);
            emit2(c, (uint32_t)n, mslot);
            if (!it.tail) {
                mdepth_adjust(c, 1);
                hpush(s, H_POP, 0, false, 0, 0);
            }
            for (uint64_t i = n; i-- > 0;) {
                hpush(s, H_PAT, tuple_elems(vals)[i], true, 0, 0);
                hpush(s, H_KEY, tuple_elems(keys)[i], false, mslot, c->nslots++);
            }
        } else if (term_is_immed(t)) {
            emit2(c, MS_OP_EQ, add_lit(c, t));
        } else {
            emit2(c, MS_OP_EQ_TERM, add_lit(c, t));
        }
    }
    return true;
}

/* The first map key of a head that is a variable or '_' in the order OTP
 * checks them (0: none, 1: a variable, 2: '_'). OTP walks a head one
 * structure at a time: it goes through a tuple's elements, a list's cells
 * (its tail in line) and a map's pairs, and leaves each nested tuple, list
 * or map for later, taking up the last one left first; a map's keys are
 * checked when it is taken up. */
static int bad_map_key(cc *c, term_t head)
{
    c->nwork = 0;
    term_t t = head;
    for (;;) {
        while (term_is_list(t)) { /* a list's cells, its tail in line */
            term_t e = list_head(t);
            if (term_is_list(e) || term_is_tuple(e) || term_is_map(e)) {
                c->work = grow(c->work, &c->capwork, c->nwork + 1, sizeof *c->work);
                c->work[c->nwork++] = (cwork){.src = e};
            }
            t = list_tail(t);
        }
        const term_t *elems = NULL;
        uint64_t n = 0;
        if (term_is_tuple(t)) {
            elems = tuple_elems(t);
            n = tuple_arity(t);
        } else if (term_is_map(t)) {
            n = map_size(t);
            term_t ks = term_tuple(&c->prog->heap, n, NULL), vs = term_tuple(&c->prog->heap, n, NULL);
            map_sorted_pairs(t, tuple_elems(ks), tuple_elems(vs));
            for (uint64_t i = 0; i < n; i++) {
                term_t k = tuple_elems(ks)[i];
                if (variable_number(k) >= 0)
                    return 1;
                if (k == atom_underscore)
                    return 2;
            }
            elems = tuple_elems(vs);
        }
        for (uint64_t i = 0; i < n; i++)
            if (term_is_list(elems[i]) || term_is_tuple(elems[i]) || term_is_map(elems[i])) {
                c->work = grow(c->work, &c->capwork, c->nwork + 1, sizeof *c->work);
                c->work[c->nwork++] = (cwork){.src = elems[i]};
            }
        if (!c->nwork)
            return 0;
        t = c->work[--c->nwork].src;
    }
}

/* The head of a clause. False after an error that ends the compilation. */
static bool compile_head(cc *c, term_t head)
{
    hstack s = {0};
    bool ok = true;
    c->mdepth = 0;
    int bad = bad_map_key(c, head);
    if (bad) {
        error0(c, bad == 1 ? "Variable found in map key." : "Underscore found in map key.");
        return false;
    }
    if (c->table) {
        hpush(&s, H_PAT, head, true, 0, 0);
        ok = compile_patterns(c, &s);
    } else if (term_is_list(head) || head == NIL || term_is_tuple(head)) {
        /* the argument list, matched as the elements of a tuple */
        uint32_t n = 0;
        if (term_is_tuple(head)) {
            n = (uint32_t)tuple_arity(head);
            for (uint32_t i = n; i-- > 0;)
                hpush(&s, H_PAT, tuple_elems(head)[i], i == n - 1, 0, 0);
        } else {
            for (term_t l = head; term_is_list(l); l = list_tail(l))
                n++;
            /* the first argument on top, the last one a tail */
            s.v = grow(s.v, &s.cap, n, sizeof *s.v);
            s.n = n;
            uint32_t j = 0;
            for (term_t l = head; term_is_list(l); l = list_tail(l), j++)
                s.v[n - 1 - j] = (hitem){list_head(l), H_PAT, j == n - 1, 0, 0};
        }
        emit2(c, MS_OP_ARRAY, n);
        ok = compile_patterns(c, &s);
    } else if (variable_number(head) >= 0) {
        if (variable_number(head) >= COMPACT_AT && !c->compacted) {
            c->restart = true;
            return false;
        }
        c->array_bind_at = emit(c, MS_OP_ARRAY_BIND);
        emit(c, vars_add(&c->vars, variable_number(head))->slot);
    } else if (head == atom_underscore) {
        /* any arguments */
    } else {
        if (term_is_map(head)) { /* its key errors come first */
            hpush(&s, H_PAT, head, true, 0, 0);
            ok = compile_patterns(c, &s);
        }
        if (ok)
            error0(c, "Match head is invalid in this context.");
        ok = false;
    }
    if (s.v)
        alloc_free(ALLOC_TEMP, s.v, s.cap * sizeof *s.v);
    return ok;
}

/* ---- clauses and the whole spec ----------------------------------------------------------- */

/* Checks the spec's shape as OTP's lint does before compiling: a proper
 * list of 3-tuples, trace heads that are lists proper. */
static bool check_shape(cc *c, term_t spec)
{
    if (!term_is_list(spec)) {
        error0(c, "Match programs are not in a list.");
        return false;
    }
    term_t l = spec;
    while (term_is_list(l))
        l = list_tail(l);
    if (l != NIL) {
        error0(c, "Match programs are not in a proper list.");
        return false;
    }
    for (l = spec; term_is_list(l); l = list_tail(l)) {
        term_t t = list_head(l);
        if (!term_is_tuple(t) || tuple_arity(t) != 3) {
            error0(c, "Match program part is not a tuple of arity 3.");
            return false;
        }
        term_t head = tuple_elems(t)[0];
        if (!c->table && term_is_list(head)) {
            term_t h = head;
            while (term_is_list(h))
                h = list_tail(h);
            if (h != NIL) {
                error_t(c, "Match expression part ", head, " is not a proper list.");
                return false;
            }
        }
    }
    return true;
}

static bool compile_clause(cc *c, term_t clause, bool last)
{
    const term_t *p = tuple_elems(clause);
    vars_clear(&c->vars);
    c->clause_failed = false;
    c->array_bind_at = 0;
    uint32_t try_at = 0;
    if (!last) {
        emit(c, MS_OP_TRY);
        try_at = emit(c, 0);
    }
    if (!compile_head(c, p[0]))
        return false;
    c->guard = true;
    compile_exprs(c, p[1]);
    c->guard = false;
    if (c->table && !term_is_list(p[2])) {
        error0(c, "Body clause does not return anything.");
        return false;
    }
    compile_exprs(c, p[2]);
    if (c->clause_failed)
        return false;
    emit(c, MS_OP_HALT);
    if (!last)
        c->code[try_at] = c->ncode;
    if (c->array_bind_at) {
        uint32_t slot = c->code[c->array_bind_at + 1];
        bool read = false;
        for (uint32_t i = 0; i < c->vars.cap; i++)
            if (c->vars.e[i].num >= 0 && c->vars.e[i].slot == slot)
                read = c->vars.e[i].read;
        if (!read)
            c->code[c->array_bind_at] = MS_OP_ANY;
    }
    if (c->vars.n > c->prog->nvars)
        c->prog->nvars = c->vars.n;
    return true;
}

/* What an op does to the evaluation stack's depth, read in code order
 * (a JUMP counts -1 against the PUSHC it jumps over). */
static int stack_effect(const uint32_t *code, uint32_t pc)
{
    switch (code[pc]) {
    case MS_OP_PUSHC:
    case MS_OP_PUSHV:
    case MS_OP_PUSH_ARGS:
    case MS_OP_PUSH_OBJ:
    case MS_OP_PUSH_ALL:
    case MS_OP_SELF:
    case MS_OP_CALLER:
    case MS_OP_CALLER_LINE:
    case MS_OP_RETURN_TRACE:
    case MS_OP_EXCEPTION_TRACE:
    case MS_OP_PROCESS_DUMP:
    case MS_OP_IS_SEQ_TRACE:
    case MS_OP_GET_SEQ_TOKEN:
    case MS_OP_GET_TCW:
    case MS_OP_NODE0:
        return 1;
    case MS_OP_CONS_A:
    case MS_OP_CONS_B:
    case MS_OP_TRUE:
    case MS_OP_WASTE:
    case MS_OP_RETURN:
    case MS_OP_ANDALSO:
    case MS_OP_ORELSE:
    case MS_OP_JUMP:
    case MS_OP_SILENT:
    case MS_OP_SET_SEQ_TOKEN:
    case MS_OP_ENABLE_TRACE2:
    case MS_OP_DISABLE_TRACE2:
    case MS_OP_TRACE2:
        return -1;
    case MS_OP_TRACE3:
        return -2;
    case MS_OP_MKTUPLE:
    case MS_OP_AND:
    case MS_OP_OR:
        return 1 - (int)code[pc + 1];
    case MS_OP_MKMAP:
        return -(int)code[pc + 1];
    default:
        break;
    }
    for (size_t i = 0; i < NGUARD_FNS; i++)
        if (guard_fns[i].op == code[pc])
            return 1 - (int)guard_fns[i].arity;
    return 0;
}

/* The ops that only read, compare and move terms; every other op may build
 * a term on the run's heap (or call something that may). */
static const uint8_t pure_ops[] = {MS_OP_TRY,         MS_OP_HALT,         MS_OP_ANY,
                                   MS_OP_ARRAY,       MS_OP_TUPLE,        MS_OP_PUSH_TUPLE,
                                   MS_OP_LIST,        MS_OP_PUSH_LIST,    MS_OP_MAP,
                                   MS_OP_PUSH_MAP,    MS_OP_KEY,          MS_OP_POP,
                                   MS_OP_BIND,        MS_OP_CMP,          MS_OP_EQ,
                                   MS_OP_EQ_TERM,     MS_OP_SKIP,         MS_OP_CATCH,
                                   MS_OP_PUSHC,       MS_OP_PUSHV,        MS_OP_PUSH_OBJ,
                                   MS_OP_TRUE,        MS_OP_TEST,         MS_OP_WASTE,
                                   MS_OP_RETURN,      MS_OP_AND,          MS_OP_OR,
                                   MS_OP_ANDALSO,     MS_OP_ORELSE,       MS_OP_JUMP,
                                   MS_OP_SELF,        MS_OP_RETURN_TRACE, MS_OP_EXCEPTION_TRACE,
                                   MS_OP_SILENT,      MS_OP_IS_ATOM,      MS_OP_IS_FLOAT,
                                   MS_OP_IS_INTEGER,  MS_OP_IS_LIST,      MS_OP_IS_NUMBER,
                                   MS_OP_IS_PID,      MS_OP_IS_PORT,      MS_OP_IS_REFERENCE,
                                   MS_OP_IS_TUPLE,    MS_OP_IS_MAP,       MS_OP_IS_BINARY,
                                   MS_OP_IS_FUNCTION, MS_OP_HD,           MS_OP_TL,
                                   MS_OP_ELEMENT,     MS_OP_MAP_GET,      MS_OP_IS_MAP_KEY,
                                   MS_OP_NOT,         MS_OP_XOR,          MS_OP_GT,
                                   MS_OP_GE,          MS_OP_LT,           MS_OP_LE,
                                   MS_OP_EXACT_EQ,    MS_OP_EXACT_NE,     MS_OP_EQ_EQ,
                                   MS_OP_NE};

static bool op_builds(uint32_t op) { return !memchr(pure_ops, (int)op, sizeof pure_ops); }

/* Walks the finished code: the evaluation stack the program needs (its
 * deepest point in code order) and whether it builds. */
static void measure(ms_prog *prog)
{
    const uint32_t *code = prog->code;
    int depth = 0, need = 0;
    prog->builds = false;
    for (uint32_t pc = 0; pc < prog->ncode;) {
        uint32_t op = code[pc];
        if (op == MS_OP_TRY || op == MS_OP_HALT)
            depth = 0;
        depth += stack_effect(code, pc);
        if (depth > need)
            need = depth;
        prog->builds |= op_builds(op);
        pc += 1 + ms_op_operands[op] + (op == MS_OP_PUSH_ALL ? code[pc + 1] : 0);
    }
    prog->edepth = (uint32_t)need;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? -1 : x > y;
}

/* Starts the compilation again on a copy of the spec whose variables are
 * numbered 0, 1, 2... in the order of their numbers (OTP's match_compact);
 * returns the copy. */
static term_t compact_vars(cc *c, term_t spec)
{
    uint32_t cap = 0;
    c->norig = 0;
    c->nwork = 0;
    term_t t = spec;
    for (;;) { /* every variable atom anywhere in the spec */
        if (term_is_list(t)) {
            c->work = grow(c->work, &c->capwork, c->nwork + 1, sizeof *c->work);
            c->work[c->nwork++] = (cwork){.src = list_tail(t)};
            t = list_head(t);
            continue;
        }
        if (term_is_tuple(t)) {
            uint64_t n = tuple_arity(t);
            c->work = grow(c->work, &c->capwork, c->nwork + (uint32_t)n, sizeof *c->work);
            for (uint64_t i = 0; i < n; i++)
                c->work[c->nwork++] = (cwork){.src = tuple_elems(t)[i]};
        } else if (term_is_map(t)) {
            uint64_t n = map_size(t);
            term_t ks = term_tuple(&c->prog->heap, n, NULL), vs = term_tuple(&c->prog->heap, n, NULL);
            map_sorted_pairs(t, tuple_elems(ks), tuple_elems(vs));
            c->work = grow(c->work, &c->capwork, c->nwork + 2 * (uint32_t)n, sizeof *c->work);
            for (uint64_t i = 0; i < n; i++) {
                c->work[c->nwork++] = (cwork){.src = tuple_elems(ks)[i]};
                c->work[c->nwork++] = (cwork){.src = tuple_elems(vs)[i]};
            }
        } else if (variable_number(t) >= 0) {
            c->orig = grow(c->orig, &cap, c->norig + 1, sizeof *c->orig);
            c->orig[c->norig++] = variable_number(t);
        }
        if (!c->nwork)
            break;
        t = c->work[--c->nwork].src;
    }
    qsort(c->orig, c->norig, sizeof *c->orig, cmp_i32);
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->norig; i++)
        if (n == 0 || c->orig[n - 1] != c->orig[i])
            c->orig[n++] = c->orig[i];
    c->norig = n;
    c->origcap = cap;
    /* start again */
    c->compacted = true;
    c->restart = false;
    c->ncode = 0;
    c->nlits = 0;
    c->nerrs = 0;
    c->nslots = 0;
    c->mdepth = c->mdepth_need = 0;
    c->prog->nvars = 0;
    return rebuild(c, spec, true);
}

/* The error list on h: [{error, "Text"}, ...] in the order they were met. */
static term_t error_list(cc *c, heap_t *h)
{
    term_t l = NIL;
    for (uint32_t i = c->nerrs; i-- > 0;) {
        const cerror *e = &c->errs[i];
        term_t text = term_string(h, e->text, e->len);
        l = term_cons(h, term_tuple2(h, atom_error, text), l);
    }
    return l;
}

static void cc_free(cc *c)
{
    if (c->code)
        alloc_free(ALLOC_TEMP, c->code, c->capcode * sizeof *c->code);
    if (c->lits)
        alloc_free(ALLOC_TEMP, c->lits, c->caplits * sizeof *c->lits);
    if (c->errs)
        alloc_free(ALLOC_TEMP, c->errs, c->caperrs * sizeof *c->errs);
    if (c->fs)
        alloc_free(ALLOC_TEMP, c->fs, c->capfs * sizeof *c->fs);
    if (c->work)
        alloc_free(ALLOC_TEMP, c->work, c->capwork * sizeof *c->work);
    if (c->vars.e)
        alloc_free(ALLOC_TEMP, c->vars.e, c->vars.cap * sizeof *c->vars.e);
    if (c->orig)
        alloc_free(ALLOC_TEMP, c->orig, c->origcap * sizeof *c->orig);
}

ms_prog *ms_compile(term_t spec, ms_kind kind, heap_t *h, term_t *errors, term_t *reason)
{
    ms_init();
    ms_prog *prog = alloc_zeroed(ALLOC_MATCH_SPEC, sizeof *prog);
    prog->kind = kind;
    heap_init(&prog->heap, ALLOC_MATCH_SPEC);
    prog->source = copy_term(&prog->heap, spec);

    cc c = {0};
    c.prog = prog;
    c.table = kind == MS_TABLE;
    c.want_text = errors != NULL;
    switch (kind) {
    case MS_CALL:
        c.flags = CF_TRACE | CF_CALL | CF_OPS;
        break;
    case MS_SEND:
        c.flags = CF_TRACE | CF_OPS;
        break;
    case MS_RECEIVE:
        c.flags = CF_TRACE;
        break;
    case MS_TABLE:
        c.flags = 0;
        break;
    }

    bool ok = check_shape(&c, prog->source);
    term_t clauses = prog->source;
    for (;;) {
        for (term_t l = clauses; ok && term_is_list(l); l = list_tail(l))
            ok = compile_clause(&c, list_head(l), list_tail(l) == NIL);
        if (!c.restart)
            break;
        clauses = compact_vars(&c, prog->source);
        ok = true;
    }

    if (!ok) {
        if (errors)
            *errors = error_list(&c, h);
        if (reason)
            *reason = c.nerrs && c.errs[0].nesting ? ATOM_system_limit : ATOM_badarg;
        cc_free(&c);
        ms_free(prog);
        return NULL;
    }
    prog->ncode = c.ncode;
    prog->code = alloc_new(ALLOC_MATCH_SPEC, (c.ncode + 1) * sizeof *prog->code);
    memcpy(prog->code, c.code, c.ncode * sizeof *prog->code);
    prog->nlits = c.nlits;
    prog->lits = alloc_new(ALLOC_MATCH_SPEC, (c.nlits + 1) * sizeof *prog->lits);
    if (c.nlits)
        memcpy(prog->lits, c.lits, c.nlits * sizeof *prog->lits);
    prog->nslots = c.nslots;
    prog->mdepth = c.mdepth_need;
    measure(prog);
    prog->nwords = prog->nvars + prog->nslots + prog->edepth + 1;
    prog->big = prog->nwords > MS_LOCAL_WORDS || prog->mdepth + 1 > MS_LOCAL_WORDS / 4;
    if (errors)
        *errors = NIL;
    if (reason)
        *reason = ATOM_ok;
    cc_free(&c);
    return prog;
}

void ms_free(ms_prog *prog)
{
    if (!prog)
        return;
    if (prog->code)
        alloc_free(ALLOC_MATCH_SPEC, prog->code, (prog->ncode + 1) * sizeof *prog->code);
    if (prog->lits)
        alloc_free(ALLOC_MATCH_SPEC, prog->lits, (prog->nlits + 1) * sizeof *prog->lits);
    heap_destroy(&prog->heap);
    alloc_free(ALLOC_MATCH_SPEC, prog, sizeof *prog);
}

term_t ms_source(const ms_prog *prog) { return prog->source; }
ms_kind ms_prog_kind(const ms_prog *prog) { return prog->kind; }
bool ms_prog_builds(const ms_prog *prog) { return prog->builds; }
