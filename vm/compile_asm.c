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
                to = OP_tail_call_in;
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
