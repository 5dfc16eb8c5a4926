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

/* ---- MD5 (RFC 1321) ------------------------------------------------------------ */

typedef struct md5_ctx {
    uint32_t s[4];
    uint64_t len;
    uint8_t buf[64];
} md5_ctx;

static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
static const uint8_t md5_r[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                  5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

static void md5_block(md5_ctx *c, const uint8_t *p)
{
    uint32_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    uint32_t a = c->s[0], b = c->s[1], cc = c->s[2], d = c->s[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16)
            f = (b & cc) | (~b & d), g = i;
        else if (i < 32)
            f = (d & b) | (~d & cc), g = (5 * i + 1) % 16;
        else if (i < 48)
            f = b ^ cc ^ d, g = (3 * i + 5) % 16;
        else
            f = cc ^ (b | ~d), g = (7 * i) % 16;
        uint32_t t = d;
        d = cc;
        cc = b;
        uint32_t x = a + f + md5_k[i] + m[g];
        b = b + ((x << md5_r[i]) | (x >> (32 - md5_r[i])));
        a = t;
    }
    c->s[0] += a, c->s[1] += b, c->s[2] += cc, c->s[3] += d;
}

static void md5_init(md5_ctx *c)
{
    c->s[0] = 0x67452301, c->s[1] = 0xefcdab89, c->s[2] = 0x98badcfe, c->s[3] = 0x10325476;
    c->len = 0;
}

static void md5_update(md5_ctx *c, const void *data, size_t n)
{
    const uint8_t *p = data;
    size_t have = (size_t)(c->len % 64);
    c->len += n;
    while (n) {
        size_t take = 64 - have < n ? 64 - have : n;
        memcpy(c->buf + have, p, take);
        have += take, p += take, n -= take;
        if (have == 64) {
            md5_block(c, c->buf);
            have = 0;
        }
    }
}

static void md5_final(md5_ctx *c, uint8_t out[16])
{
    uint64_t bits = c->len * 8;
    uint8_t pad = 0x80;
    md5_update(c, &pad, 1);
    uint8_t zero = 0;
    while (c->len % 64 != 56)
        md5_update(c, &zero, 1);
    uint8_t lb[8];
    for (int i = 0; i < 8; i++)
        lb[i] = (uint8_t)(bits >> (8 * i));
    md5_update(c, lb, 8);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            out[4 * i + j] = (uint8_t)(c->s[i] >> (8 * j));
}

void cc_md5(const uint8_t *data, size_t len, uint8_t out[16])
{
    md5_ctx c;
    md5_init(&c);
    md5_update(&c, data, len);
    md5_final(&c, out);
}

/* Hashes one literal word position-independently: immediates as they are
 * (atoms by text, since atom indices differ between runs), boxed terms by
 * their external format. */
static void md5_term(md5_ctx *c, term_t t)
{
    if (term_is_atom(t)) {
        size_t len;
        const char *s = atom_text(t, &len);
        md5_update(c, "A", 1);
        md5_update(c, s, len + 1);
        return;
    }
    if (term_is_immed(t)) {
        md5_update(c, &t, sizeof t);
        return;
    }
    size_t n;
    if (ext_size(t, &n, NULL) != EXT_OK) {
        md5_update(c, "?", 1);
        return;
    }
    uint8_t *buf = alloc_new(ALLOC_TEMP, n);
    ext_encode(t, buf);
    md5_update(c, buf, n);
    alloc_free(ALLOC_TEMP, buf, n);
}

/* ---- assembly -------------------------------------------------------------------- */

size_t cc_walk_instr(const code_t *w, size_t i, void (*fn)(void *ctx, char kind, size_t pos), void *ctx)
{
    opcode op = (opcode)w[i];
    const char *k = code_op_operands[op];
    size_t pos = i + 1;
    for (; *k && *k != '*'; k++)
        fn(ctx, *k, pos++);
    if (*k == '*') {
        uint64_t n = w[pos - 1];
        for (uint64_t r = 0; r < n; r++)
            for (const char *g = k + 1; *g; g++)
                fn(ctx, *g, pos++);
    }
    return pos;
}

typedef struct md5_walk {
    md5_ctx *h;
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
        md5_update(mw->h, &off, sizeof off);
    } else if (kind == 'T' || (kind == 'S' && !code_is_reg(word))) {
        md5_term(mw->h, (term_t)word);
    } else if (kind == 'E') {
        const export_entry *e = (const export_entry *)word;
        md5_term(mw->h, e->module);
        md5_term(mw->h, e->name);
        md5_update(mw->h, &e->arity, sizeof e->arity);
    } else if (kind == 'B') {
        const bif_entry *b = (const bif_entry *)word;
        md5_update(mw->h, b->name, strlen(b->name) + 1);
        md5_update(mw->h, &b->arity, sizeof b->arity);
    } else {
        md5_update(mw->h, &word, sizeof word);
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
    md5_ctx h;
    md5_init(&h);
    md5_term(&h, cs->module);
    md5_walk mw = {&h, c, 0};
    for (size_t i = 0; i < c->n;)
        i = cc_walk_instr(c->w, i, md5_operand, &mw);
    md5_final(&h, mc->md5);

    for (size_t i = 0; i < c->nfix; i++) {
        uint32_t off = c->labels[c->fix[i].label];
        if (off == UINT32_MAX)
            cc_fail(cs, 0, "internal: unbound label %u", c->fix[i].label);
        mc->code[c->fix[i].pos] = (code_t)(mc->code + off);
    }

    /* malloc'ed: code.c frees these tables with free() */
    mc->funcs = calloc(cs->nfuncs ? cs->nfuncs : 1, sizeof *mc->funcs);
    mc->lambdas = calloc(cs->nlambdas ? cs->nlambdas : 1, sizeof *mc->lambdas);
    mc->lines = malloc((c->nlines ? c->nlines : 1) * sizeof *mc->lines);
    if (!mc->funcs || !mc->lambdas || !mc->lines)
        cc_fail(cs, 0, "out of memory");
    size_t nf = 0;
    for (uint32_t i = 0; i < cs->nfuncs; i++) {
        const cc_func *f = &cs->funcs[i];
        mc->funcs[nf++] = (code_func){f->name, f->arity, f->exported, c->labels[f->header_label]};
    }
    mc->nfuncs = nf;
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
    mc->nlambdas = cs->nlambdas;
    if (c->nlines)
        memcpy(mc->lines, c->lines, c->nlines * sizeof *mc->lines);
    mc->nlines = c->nlines;
}
