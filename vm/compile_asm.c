/* compile_asm.c: the compiler's memory (arena, growable arrays), its code
 * buffer with labels and the line table, and the final assembly of a
 * module_code: labels resolved to absolute addresses in the final array,
 * function and lambda tables, and the module's MD5. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "compile_priv.h"
#include "ext.h"
#include "md5.h"

/* ---- arena ---------------------------------------------------------------- */

struct arena_block {
    arena_block *next;
    size_t size;
    char mem[];
};

#define ARENA_BLOCK (64 * 1024)

void *cc_alloc(arena *a, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    if ((size_t)(a->limit - a->top) < size) {
        size_t bs = size > ARENA_BLOCK / 4 ? size : ARENA_BLOCK;
        arena_block *b = alloc_new(ALLOC_TEMP, sizeof *b + bs);
        b->size = bs;
        b->next = a->blocks;
        a->blocks = b;
        a->top = b->mem;
        a->limit = b->mem + bs;
    }
    void *p = a->top;
    a->top += size;
    memset(p, 0, size);
    return p;
}

void cc_arena_free(arena *a)
{
    arena_block *b = a->blocks;
    while (b) {
        arena_block *next = b->next;
        alloc_free(ALLOC_TEMP, b, sizeof *b + b->size);
        b = next;
    }
    a->blocks = NULL;
    a->top = a->limit = NULL;
}

void *cc_grow(void *p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    uint32_t n = *cap ? *cap : 8;
    while (n < need)
        n *= 2;
    void *q = alloc_resize(ALLOC_TEMP, p, (size_t)*cap * elem, (size_t)n * elem);
    *cap = n;
    return q;
}

void cc_fail(cc_state *cs, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cs->errmsg, sizeof cs->errmsg, fmt, ap);
    va_end(ap);
    cs->errline = line;
    longjmp(cs->fail, 1);
}

/* ---- code buffer ------------------------------------------------------------ */

void cc_emit(cc_state *cs, code_t w)
{
    cc_code *c = &cs->code;
    if (c->n == c->cap) {
        size_t nc = c->cap ? c->cap * 2 : 1024;
        c->w = alloc_resize(ALLOC_TEMP, c->w, c->cap * sizeof *c->w, nc * sizeof *c->w);
        c->cap = nc;
    }
    c->w[c->n++] = w;
}

uint32_t cc_new_label(cc_state *cs)
{
    cc_code *c = &cs->code;
    c->labels = cc_grow(c->labels, &c->labels_cap, c->nlabels + 1, sizeof *c->labels);
    c->labels[c->nlabels] = UINT32_MAX;
    return c->nlabels++;
}

void cc_bind_label(cc_state *cs, uint32_t label) { cs->code.labels[label] = (uint32_t)cs->code.n; }

void cc_emit_label_ref(cc_state *cs, uint32_t label)
{
    cc_code *c = &cs->code;
    if (c->nfix == c->fix_cap) {
        size_t nc = c->fix_cap ? c->fix_cap * 2 : 256;
        c->fix = alloc_resize(ALLOC_TEMP, c->fix, c->fix_cap * sizeof *c->fix, nc * sizeof *c->fix);
        c->fix_cap = nc;
    }
    c->fix[c->nfix++] = (cc_fixup){(uint32_t)c->n, label};
    cc_emit(cs, 0);
}

void cc_set_line(cc_state *cs, uint32_t line)
{
    cc_code *c = &cs->code;
    if (line == 0)
        return;
    if (c->nlines && c->lines[c->nlines - 1].line == line)
        return;
    if (c->nlines && c->lines[c->nlines - 1].offset == c->n) {
        c->lines[c->nlines - 1].line = line;
        return;
    }
    if (c->nlines == c->lines_cap) {
        size_t nc = c->lines_cap ? c->lines_cap * 2 : 256;
        c->lines = alloc_resize(ALLOC_TEMP, c->lines, c->lines_cap * sizeof *c->lines, nc * sizeof *c->lines);
        c->lines_cap = nc;
    }
    c->lines[c->nlines++] = (code_line){(uint32_t)c->n, line};
}

void cc_md5(const uint8_t *data, size_t len, uint8_t out[16])
{
    md5_state c;
    md5_start(&c);
    md5_feed(&c, data, len);
    md5_finish(&c, out);
}

/* Hashes one literal word position-independently: immediates as they are
 * (atoms by text, since atom indices differ between runs), boxed terms by
 * their external format. */
static void md5_term(md5_state *c, term_t t)
{
    if (term_is_atom(t)) {
        size_t len;
        const char *s = atom_text(t, &len);
        md5_feed(c, "A", 1);
        md5_feed(c, s, len + 1);
        return;
    }
    if (term_is_immed(t)) {
        md5_feed(c, &t, sizeof t);
        return;
    }
    size_t n;
    if (ext_size(t, &n, NULL) != EXT_OK) {
        md5_feed(c, "?", 1);
        return;
    }
    uint8_t *buf = alloc_new(ALLOC_TEMP, n);
    ext_encode(t, buf);
    md5_feed(c, buf, n);
    alloc_free(ALLOC_TEMP, buf, n);
}

/* ---- assembly -------------------------------------------------------------------- */

size_t cc_walk_instr(const code_t *w, size_t i, void (*fn)(void *ctx, char kind, size_t pos), void *ctx)
{
    opcode op = (opcode)w[i];
    const char *k = code_op_operands[op];
    size_t pos = i + 1;
    for (; *k && *k != '*'; k++, pos++)
        if (fn)
            fn(ctx, *k, pos);
    if (*k == '*') {
        uint64_t n = w[pos - 1];
        for (uint64_t r = 0; r < n; r++)
            for (const char *g = k + 1; *g; g++, pos++)
                if (fn)
                    fn(ctx, *g, pos);
    }
    return pos;
}

typedef struct md5_walk {
    md5_state *h;
    const cc_code *c;
    size_t fi; /* next fixup to look at */
} md5_walk;

static void md5_operand(void *ctx, char kind, size_t pos)
{
    md5_walk *mw = ctx;
    const cc_code *c = mw->c;
    code_t word = c->w[pos];
    while (mw->fi < c->nfix && c->fix[mw->fi].pos < pos)
        mw->fi++;
    if (kind == 'L' && mw->fi < c->nfix && c->fix[mw->fi].pos == pos) {
        uint32_t off = c->labels[c->fix[mw->fi].label];
        md5_feed(mw->h, &off, sizeof off);
    } else if (kind == 'T' || (kind == 'S' && !code_is_reg(word))) {
        md5_term(mw->h, (term_t)word);
    } else if (kind == 'E') {
        const export_entry *e = (const export_entry *)word;
        md5_term(mw->h, e->module);
        md5_term(mw->h, e->name);
        md5_feed(mw->h, &e->arity, sizeof e->arity);
    } else if (kind == 'B') {
        const bif_entry *b = (const bif_entry *)word;
        md5_feed(mw->h, b->name, strlen(b->name) + 1);
        md5_feed(mw->h, &b->arity, sizeof b->arity);
    } else {
        md5_feed(mw->h, &word, sizeof word);
    }
}

/* ---- tail-call arguments computed in place ----------------------------------------
 * A tail call's arguments are computed into a call window R[b..b+a) and
 * moved to R[0..a) by the call. When the instructions just before it are
 * plain register operations that compute the window and read nothing of
 * R[0..a) once they would have overwritten it, they can write R[0..a)
 * directly and the call moves nothing: `loop(N - 1, Acc + 1)` becomes
 * sub r0 r0 1; add r1 r1 1; tail_call_in @loop 0 2. No other path may
 * enter the rewritten run but at its first instruction (no label on the
 * others), and an instruction with a fail label is never part of it (the
 * code at the label may want the old R[0..a)). The window's registers are
 * then no longer written by the loop, and a self tail call skips the enter
 * that would clear them: so the rewrite is made only in a function that
 * writes them nowhere else and makes no body calls (whose frames lie above
 * their base), else a term left there would stay live for the collector
 * for the whole loop. */

#define TAIL_WINDOW_MAX 16 /* instructions looked at before a tail call */

/* Instructions that only read their S operands and write their R operands
 * (raising, never jumping, on failure). */
static bool is_plain_op(const code_t *w, size_t i)
{
    switch ((opcode)w[i]) {
    case OP_move:
    case OP_put_list:
    case OP_get_list:
    case OP_get_hd:
    case OP_get_tl:
    case OP_get_tuple_element:
    case OP_put_tuple:
        return true;
    case OP_add:
    case OP_sub:
    case OP_mul:
    case OP_neg:
        return w[i + 1] == 0;
    case OP_bif1:
    case OP_bif2:
        return w[i + 2] == 0;
    default:
        return false;
    }
}

typedef struct window_check {
    const code_t *w;
    code_t b, a;
    uint64_t written;   /* j: R[b+j] written in the run so far (R[j] once rewritten) */
    bool ok, apply;     /* apply: rewrite the operands, else only check */
    code_t *wr;         /* writable code when applying */
    size_t dsts[4];     /* R operands of the current instruction, written after its reads */
    int ndst;
} window_check;

static void check_operand(void *ctx, char kind, size_t pos)
{
    window_check *c = ctx;
    code_t v = c->w[pos];
    if (kind == 'S' && code_is_reg(v)) {
        uint64_t r = code_reg_index(v);
        if (r >= c->b && r < c->b + c->a) {
            if (!(c->written >> (r - c->b) & 1))
                c->ok = false; /* reads a window register the run did not write */
            else if (c->apply)
                c->wr[pos] = code_reg((unsigned)(r - c->b));
        } else if (r < c->a && (c->written >> r & 1)) {
            c->ok = false; /* reads R[r] after the run overwrote it */
        }
    } else if (kind == 'R') {
        if (v < c->a || c->ndst == 4)
            c->ok = false;
        else
            c->dsts[c->ndst++] = pos;
    }
}

/* Whether an instruction outside the run may leave a term in R[lo..hi):
 * a body call (its callee's frame lies above its base), or a register
 * operand near the range (try_case and raise name R and use R+1, R+2). */
typedef struct dirty_check {
    const code_t *w;
    code_t lo, hi;
    code_t span; /* registers an R operand names: 1, or 3 for try_case and raise */
    bool dirty;
} dirty_check;

static void note_dirty(void *ctx, char kind, size_t pos)
{
    dirty_check *d = ctx;
    if (kind == 'R' && d->w[pos] + d->span > d->lo && d->w[pos] < d->hi)
        d->dirty = true;
}

static bool window_stays_clean(const code_t *w, size_t from, size_t to, const size_t *run, size_t nrun,
                               code_t lo, code_t hi)
{
    dirty_check d = {w, lo, hi, 1, false};
    size_t k = 0;
    for (size_t i = from; i < to && !d.dirty; i = cc_walk_instr(w, i, NULL, NULL)) {
        if (k < nrun && run[k] == i) {
            k++;
            continue;
        }
        switch ((opcode)w[i]) {
        case OP_call:
        case OP_call_ext:
        case OP_call_fun:
        case OP_apply:
        case OP_apply_list:
        case OP_apply_fun_list:
            return false;
        default:
            d.span = (opcode)w[i] == OP_try_case || (opcode)w[i] == OP_raise ? 3 : 1;
            cc_walk_instr(w, i, note_dirty, &d);
        }
    }
    return !d.dirty;
}

/* Whether the run of plain instructions at starts[0..n) computes the whole
 * window of the tail call at `call` in place; with `apply`, rewrites it. */
static bool run_fits(code_t *w, const size_t *starts, size_t n, size_t call, bool apply)
{
    window_check c = {w, w[call + 2], w[call + 3], 0, true, apply, w, {0}, 0};
    for (size_t k = 0; k < n && c.ok; k++) {
        c.ndst = 0;
        cc_walk_instr(w, starts[k], check_operand, &c);
        for (int d = 0; d < c.ndst && c.ok; d++) {
            code_t r = w[c.dsts[d]];
            if (r >= c.b && r < c.b + c.a) {
                c.written |= UINT64_C(1) << (r - c.b);
                if (apply)
                    w[c.dsts[d]] = r - c.b;
            }
        }
    }
    return c.ok && c.written == (c.a == 64 ? ~UINT64_C(0) : (UINT64_C(1) << c.a) - 1);
}

/* The end of the function whose code starts at `from`: the next
 * function's header, or n. */
static size_t function_end(const code_t *w, size_t from, size_t n)
{
    size_t i = cc_walk_instr(w, from, NULL, NULL);
    while (i < n && (opcode)w[i] != OP_func_info)
        i = cc_walk_instr(w, i, NULL, NULL);
    return i;
}

static void coalesce_tail_args(code_t *w, size_t n, const uint8_t *is_label)
{
    size_t starts[TAIL_WINDOW_MAX], nrun = 0, fstart = 0, fend = 0;
    for (size_t i = 0; i < n; i = cc_walk_instr(w, i, NULL, NULL)) {
        opcode op = (opcode)w[i];
        if (op == OP_func_info)
            fstart = i, fend = function_end(w, i, n);
        bool tail = op == OP_tail_call || op == OP_tail_call_ext;
        if (tail && !is_label[i] && w[i + 2] != 0 && w[i + 3] > 0 && w[i + 3] <= 64 &&
            w[i + 2] >= w[i + 3]) {
            /* the longest run that fits, from the earliest start */
            for (size_t k = 0; k < nrun; k++)
                if (run_fits(w, starts + k, nrun - k, i, false) &&
                    window_stays_clean(w, fstart, fend, starts + k, nrun - k, w[i + 2], w[i + 2] + w[i + 3])) {
                    run_fits(w, starts + k, nrun - k, i, true);
                    w[i + 2] = 0;
                    break;
                }
        }
        if (is_plain_op(w, i)) {
            if (is_label[i])
                nrun = 0; /* a run may start at a label, not go through one */
            if (nrun == TAIL_WINDOW_MAX) {
                memmove(starts, starts + 1, (TAIL_WINDOW_MAX - 1) * sizeof *starts);
                nrun--;
            }
            starts[nrun++] = i;
        } else {
            nrun = 0;
        }
    }
}

static bool is_small_lit(code_t w) { return !code_is_reg(w) && term_is_small((term_t)w); }
static bool is_immed_lit(code_t w) { return !code_is_reg(w) && term_is_immed((term_t)w); }

/* Rewrites instructions whose operand kinds are known into the specialised
 * forms of opcodes.def (same operands, cheaper handlers). */
static void specialise(code_t *w, size_t n)
{
    code_t frame = 0; /* frame size of the function being walked */
    for (size_t i = 0; i < n; i = cc_walk_instr(w, i, NULL, NULL)) {
        opcode op = (opcode)w[i], to = op;
        switch (op) {
        case OP_enter:
            frame = w[i + 1];
            break;
        case OP_tail_call: {
            const code_t *t = (const code_t *)w[i + 1]; /* labels are resolved */
            if (t[0] == (code_t)OP_enter && t[1] <= frame)
                to = w[i + 2] == 0 ? OP_tail_call_in0 : OP_tail_call_in;
            break;
        }
        case OP_add:
        case OP_sub:
            if (code_is_reg(w[i + 3]) && code_is_reg(w[i + 4]))
                to = op == OP_add ? OP_add_rr : OP_sub_rr;
            else if (code_is_reg(w[i + 3]) && is_small_lit(w[i + 4]))
                to = op == OP_add ? OP_add_ri : OP_sub_ri;
            break;
        case OP_is_lt:
        case OP_is_ge:
            if (code_is_reg(w[i + 2]) && code_is_reg(w[i + 3]))
                to = op == OP_is_lt ? OP_is_lt_rr : OP_is_ge_rr;
            else if (code_is_reg(w[i + 2]) && is_small_lit(w[i + 3]))
                to = op == OP_is_lt ? OP_is_lt_ri : OP_is_ge_ri;
            else if (is_small_lit(w[i + 2]) && code_is_reg(w[i + 3]))
                to = op == OP_is_lt ? OP_is_lt_ir : OP_is_ge_ir;
            break;
        case OP_is_eq_exact:
        case OP_is_ne_exact:
            if (code_is_reg(w[i + 2]) && is_immed_lit(w[i + 3]))
                to = op == OP_is_eq_exact ? OP_is_eq_exact_ri : OP_is_ne_exact_ri;
            break;
        case OP_move:
            if (code_is_reg(w[i + 2]))
                to = OP_move_r;
            break;
        case OP_return:
            if (code_is_reg(w[i + 1]))
                to = OP_return_r;
            break;
        default:
            break;
        }
        w[i] = (code_t)to;
    }
}

void cc_assemble(cc_state *cs)
{
    cc_code *c = &cs->code;
    module_code *mc = cs->mc;
    mc->ncode = c->n;
    mc->code = alloc_new(ALLOC_CODE, c->n * sizeof(code_t));
    if (c->n)
        memcpy(mc->code, c->w, c->n * sizeof(code_t));

    /* The module's MD5 over the code, labels as offsets, literals by
     * content, export and BIF entries by name. */
    md5_state h;
    md5_start(&h);
    md5_term(&h, cs->module);
    md5_walk mw = {&h, c, 0};
    for (size_t i = 0; i < c->n;)
        i = cc_walk_instr(c->w, i, md5_operand, &mw);
    md5_finish(&h, mc->md5);

    for (size_t i = 0; i < c->nfix; i++) {
        uint32_t off = c->labels[c->fix[i].label];
        if (off == UINT32_MAX)
            cc_fail(cs, 0, "internal: unbound label %u", c->fix[i].label);
        mc->code[c->fix[i].pos] = (code_t)(mc->code + off);
    }
    uint8_t *is_label = alloc_new(ALLOC_TEMP, c->n + 1);
    memset(is_label, 0, c->n + 1);
    for (uint32_t l = 0; l < c->nlabels; l++)
        if (c->labels[l] != UINT32_MAX)
            is_label[c->labels[l]] = 1;
    coalesce_tail_args(mc->code, mc->ncode, is_label);
    alloc_free(ALLOC_TEMP, is_label, c->n + 1);
    specialise(mc->code, mc->ncode);

    code_module_tables(mc, cs->nfuncs, cs->nlambdas, c->nlines);
    size_t nf = 0;
    for (uint32_t i = 0; i < cs->nfuncs; i++) {
        const cc_func *f = &cs->funcs[i];
        mc->funcs[nf++] = (code_func){f->name, f->arity, f->exported, c->labels[f->header_label], NULL};
    }
    for (uint32_t i = 0; i < cs->nlambdas; i++) {
        const cc_lambda *l = &cs->lambdas[i];
        code_lambda *cl = &mc->lambdas[i];
        cl->name = l->name;
        cl->arity = l->arity;
        cl->num_free = l->num_free;
        cl->header = c->labels[cs->funcs[l->func].header_label];
        cl->old_uniq = (uint32_t)(mc->md5[0] | mc->md5[1] << 8 | mc->md5[2] << 16 | (uint32_t)mc->md5[3] << 24);
        cl->index = i;
        cl->module = cs->module;
        memcpy(cl->uniq, mc->md5, sizeof cl->uniq);
    }
    if (c->nlines)
        memcpy(mc->lines, c->lines, c->nlines * sizeof *mc->lines);
}
