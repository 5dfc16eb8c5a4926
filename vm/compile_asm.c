/* compile_asm.c: the compiler's memory (arena, growable arrays), its code
 * buffer with labels and the line table, and the final assembly of a
 * module_code: labels resolved to absolute addresses in the final array,
 * the passes over the code (tail-call arguments in place, entries that
 * need not clear, specialised forms, superinstructions), function and
 * lambda tables, and the module's MD5. */
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

void cc_add_line(cc_code *c, uint32_t offset, uint32_t line)
{
    if (c->nlines == c->lines_cap) {
        size_t nc = c->lines_cap ? c->lines_cap * 2 : 256;
        c->lines = alloc_resize(ALLOC_TEMP, c->lines, c->lines_cap * sizeof *c->lines, nc * sizeof *c->lines);
        c->lines_cap = nc;
    }
    c->lines[c->nlines++] = (code_line){offset, line};
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
    cc_add_line(c, (uint32_t)c->n, line);
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
 * for the whole loop.
 * When the run in its own order reads some R[j] after overwriting it
 * (`f(X - 1, [X | Acc])`: the first argument is written before the
 * second reads X), its instructions are put in another order that keeps
 * every dependency (reads after the writes they read, writes after the
 * reads and writes they replace, each R[j] written after its last read,
 * and the instructions that may fail in their order, so the same
 * exception is raised first; operators that fail with a plain badarith,
 * all alike, may change places), unless a line entry falls inside the run
 * (a raising instruction would move to another line). */

#define TAIL_WINDOW_MAX 16 /* instructions looked at before a tail call */
/* The words of the longest run and call that try_tail_call rewrites: it
 * passes over longer ones (a put_tuple can be any length), so what it
 * calls on a run (reorder_run, drop_self_moves) copies at most these. */
#define TAIL_REGION_MAX (TAIL_WINDOW_MAX * 24 + 4)

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

typedef struct find_operand {
    size_t pos;
    bool is_r;
} find_operand;

static void note_r(void *ctx, char kind, size_t pos)
{
    find_operand *f = ctx;
    if (pos == f->pos && kind == 'R')
        f->is_r = true;
}

/* Whether the word at `pos` is an R operand of the instruction at `at`. */
static bool is_r_operand(const code_t *w, size_t at, size_t pos)
{
    find_operand f = {pos, false};
    cc_walk_instr(w, at, note_r, &f);
    return f.is_r;
}

/* Registers a plain instruction reads (S operands) and writes (R). */
#define RUN_READS_MAX 16
typedef struct run_regs {
    const code_t *w;
    code_t reads[RUN_READS_MAX], writes[4];
    int nreads, nwrites;
    bool ok;
} run_regs;

static void collect_regs(void *ctx, char kind, size_t pos)
{
    run_regs *r = ctx;
    code_t v = r->w[pos];
    if (kind == 'S' && code_is_reg(v)) {
        if (r->nreads == RUN_READS_MAX)
            r->ok = false;
        else
            r->reads[r->nreads++] = code_reg_index(v);
    } else if (kind == 'R') {
        if (r->nwrites == 4)
            r->ok = false;
        else
            r->writes[r->nwrites++] = v;
    }
}

/* Fills rr[0..n) with the registers of the run's instructions at
 * starts[0..n); false when one has more than run_regs holds. */
static bool collect_run_regs(const code_t *w, const size_t *starts, size_t n, run_regs *rr)
{
    for (size_t k = 0; k < n; k++) {
        rr[k] = (run_regs){w, {0}, {0}, 0, 0, true};
        cc_walk_instr(w, starts[k], collect_regs, &rr[k]);
        if (!rr[k].ok)
            return false;
    }
    return true;
}

static bool regs_has(const code_t *regs, int n, code_t r)
{
    for (int i = 0; i < n; i++)
        if (regs[i] == r)
            return true;
    return false;
}

static bool regs_meet(const code_t *x, int nx, const code_t *y, int ny)
{
    for (int i = 0; i < nx; i++)
        if (regs_has(y, ny, x[i]))
            return true;
    return false;
}

/* How the instruction at i may fail: 0 never; 1 with a plain badarith,
 * the same for every such instruction (an operator OTP inlines: no frame
 * of its own); 2 otherwise. */
static int raise_kind(const code_t *w, size_t i)
{
    switch ((opcode)w[i]) {
    case OP_add:
        return code_arith_inlined(CODE_ADD, w[i + 3], w[i + 4]) ? 1 : 2;
    case OP_sub:
        return code_arith_inlined(CODE_SUB, w[i + 3], w[i + 4]) ? 1 : 2;
    case OP_mul:
        return code_arith_inlined(CODE_MUL, w[i + 3], w[i + 4]) ? 1 : 2;
    case OP_neg:
    case OP_bif1:
    case OP_bif2:
        return 2;
    default:
        return 0;
    }
}

/* Whether two instructions of a run must keep their order for the same
 * exception to be raised first: both may fail, differently. */
static bool raise_order(const code_t *w, size_t i, size_t j)
{
    int x = raise_kind(w, i), y = raise_kind(w, j);
    return x && y && (x == 2 || y == 2);
}

/* Puts the run of n plain instructions at starts[0..n) (contiguous,
 * ending at `end`) in an order where the tail call at `end` can take its
 * window in place (see above), rewriting the code and starts[]; false,
 * with nothing changed, when no order keeps the dependencies. */
static bool reorder_run(code_t *w, size_t *starts, size_t n, size_t end)
{
    code_t b = w[end + 2], a = w[end + 3];
    run_regs rr[TAIL_WINDOW_MAX];
    if (!collect_run_regs(w, starts, n, rr))
        return false;
    /* before[j] has bit k when instruction k must come before j */
    uint32_t before[TAIL_WINDOW_MAX] = {0};
    for (size_t j = 0; j < n; j++)
        for (size_t k = 0; k < n; k++) {
            if (k == j)
                continue;
            const run_regs *x = &rr[k], *y = &rr[j];
            bool order = false;
            if (k < j) /* the original order of conflicting accesses */
                order = regs_meet(x->writes, x->nwrites, y->reads, y->nreads) ||
                        regs_meet(x->reads, x->nreads, y->writes, y->nwrites) ||
                        regs_meet(x->writes, x->nwrites, y->writes, y->nwrites) ||
                        raise_order(w, starts[k], starts[j]);
            /* j writes R[b+m], which becomes R[m]: every reader of R[m] first */
            for (int d = 0; d < y->nwrites && !order; d++)
                if (y->writes[d] >= b && y->writes[d] < b + a)
                    order = regs_has(x->reads, x->nreads, y->writes[d] - b);
            if (order)
                before[j] |= UINT32_C(1) << k;
        }
    size_t order[TAIL_WINDOW_MAX];
    uint32_t done = 0;
    for (size_t m = 0; m < n; m++) {
        size_t pick = n;
        for (size_t j = 0; j < n && pick == n; j++)
            if (!(done >> j & 1) && (before[j] & ~done) == 0)
                pick = j;
        if (pick == n)
            return false; /* a cycle */
        order[m] = pick;
        done |= UINT32_C(1) << pick;
    }
    code_t buf[TAIL_REGION_MAX];
    size_t from = starts[0], len = end - from, at = 0;
    ASSERT(end + 4 - from <= TAIL_REGION_MAX); /* the run and its call */
    size_t nstarts[TAIL_WINDOW_MAX];
    for (size_t m = 0; m < n; m++) {
        size_t k = order[m], ks = starts[k], ke = k + 1 < n ? starts[k + 1] : end;
        nstarts[m] = from + at;
        memcpy(buf + at, w + ks, (ke - ks) * sizeof *w);
        at += ke - ks;
    }
    memcpy(w + from, buf, len * sizeof *w);
    memcpy(starts, nstarts, n * sizeof *starts);
    return true;
}

/* A run's `move W T` whose T only carries a value from the one run
 * instruction that wrote it (`[H | T]` taken apart, T passed on) to the
 * window register W: that instruction writes W itself and the move
 * becomes `move W W`, which drop_self_moves takes out once the run is
 * rewritten. Only when nothing else in the run reads T or writes W, and
 * nothing between the two reads W. T is dead after the run: a tail call
 * follows it. */
static void forward_temps(code_t *w, const size_t *starts, size_t n, size_t call)
{
    code_t b = w[call + 2], a = w[call + 3];
    run_regs rr[TAIL_WINDOW_MAX];
    if (!collect_run_regs(w, starts, n, rr))
        return;
    for (size_t m = 0; m < n; m++) {
        size_t mv = starts[m];
        if ((opcode)w[mv] != OP_move || !code_is_reg(w[mv + 2]))
            continue;
        code_t W = w[mv + 1], T = code_reg_index(w[mv + 2]);
        if (W < b || W >= b + a || T == W || T < a || (T >= b && T < b + a))
            continue;
        size_t x = n; /* the writer of T */
        bool ok = true;
        for (size_t k = 0; k < n && ok; k++) {
            if (k == m)
                continue;
            if (regs_has(rr[k].writes, rr[k].nwrites, T)) {
                if (x != n || k > m)
                    ok = false;
                x = k;
            }
            if (regs_has(rr[k].reads, rr[k].nreads, T) || regs_has(rr[k].writes, rr[k].nwrites, W))
                ok = false;
        }
        if (!ok || x == n || regs_has(rr[x].writes, rr[x].nwrites, W))
            continue;
        for (size_t k = x + 1; k < m && ok; k++)
            if (regs_has(rr[k].reads, rr[k].nreads, W))
                ok = false;
        if (!ok)
            continue;
        /* the writer's R operand that names T */
        size_t pos = starts[x] + 1, end = x + 1 < n ? starts[x + 1] : call;
        for (int d = 0; d < rr[x].nwrites; d++)
            if (rr[x].writes[d] == T)
                rr[x].writes[d] = W;
        for (; pos < end; pos++)
            if (w[pos] == T && is_r_operand(w, starts[x], pos))
                w[pos] = W;
        w[mv + 2] = code_reg((unsigned)W);
        rr[m].reads[0] = W;
    }
}

enum { MARK_LABEL = 1, MARK_LINE = 2 }; /* what starts at a code position */

/* Whether a line entry starts inside (from, to). */
static bool lines_inside(const uint8_t *marks, size_t from, size_t to)
{
    for (size_t p = from + 1; p < to; p++)
        if (marks[p] & MARK_LINE)
            return true;
    return false;
}

static bool is_self_move(const code_t *w, size_t i)
{
    return (opcode)w[i] == OP_move && code_is_reg(w[i + 2]) && code_reg_index(w[i + 2]) == w[i + 1];
}

/* After the rewrite, a move of an argument to itself (`loop(N - 1,
 * Step)`: Step stays in R[1]) does nothing: such moves go after the tail
 * call at `call`, where they are never run, the other instructions and
 * the call moving up to close the gap; the order of what runs does not
 * change; line entries move with their instructions. Not when a label
 * starts inside the words that move, nor a line entry at a dropped move
 * (it would land where the next instruction's is). moved[k]
 * receives where run instruction k (k == n: the call) starts now; a
 * dropped move's entry is where the instruction after it starts. Returns
 * whether anything moved. */
static bool drop_self_moves(code_t *w, const size_t *starts, size_t n, size_t call, const uint8_t *marks,
                            size_t *moved)
{
    size_t from = starts[0], end = call + 4; /* tail_call and tail_call_ext: 4 words */
    size_t nself = 0;
    for (size_t k = 0; k < n; k++)
        nself += is_self_move(w, starts[k]);
    ASSERT(end - from <= TAIL_REGION_MAX);
    if (nself == 0)
        return false;
    for (size_t p = from + 1; p < end; p++)
        if (marks[p] & MARK_LABEL)
            return false;
    for (size_t k = 0; k < n; k++)
        if (is_self_move(w, starts[k]) && (marks[starts[k]] & MARK_LINE))
            return false; /* its line entry would land on another's */
    code_t buf[TAIL_REGION_MAX];
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        size_t ks = starts[k], ke = k + 1 < n ? starts[k + 1] : call;
        moved[k] = from + at;
        if (!is_self_move(w, ks)) {
            memcpy(buf + at, w + ks, (ke - ks) * sizeof *w);
            at += ke - ks;
        }
    }
    moved[n] = from + at;
    memcpy(buf + at, w + call, 4 * sizeof *w);
    at += 4;
    for (size_t k = 0; k < n; k++)
        if (is_self_move(w, starts[k])) {
            memcpy(buf + at, w + starts[k], 3 * sizeof *w);
            at += 3;
        }
    memcpy(w + from, buf, at * sizeof *w);
    return true;
}

/* A tail call whose run can be rewritten, kept aside until every tail call
 * of the function is known: its window must stay clean (see above) of
 * everything but the runs that are rewritten too. */
typedef struct tail_cand {
    size_t fstart, fend; /* its function */
    size_t from, call;   /* the run [from, call), the call at `call` */
    code_t lo, hi;       /* the window R[lo..hi) */
    code_t arity;
    code_t *words; /* the rewritten [from, call + 4) */
    /* line entries inside the run that move with their instruction when
     * self-moves are dropped: entry line_at[i] to offset line_to[i] */
    size_t line_at[TAIL_WINDOW_MAX + 1];
    uint32_t line_to[TAIL_WINDOW_MAX + 1];
    size_t nlines;
    bool alive;
} tail_cand;

/* Whether candidate c's window stays clean if the live candidates of its
 * function, fc[0..nfc) (c among them), are rewritten: no body call in the
 * function, and no instruction writes the window but the runs of live
 * candidates with the same window (a rewritten run with another window
 * still writes its temporaries, as now, and its arguments R[0..arity)). */
static bool cand_clean(const code_t *w, const tail_cand *fc, size_t nfc, const tail_cand *c)
{
    for (size_t j = 0; j < nfc; j++)
        if (fc[j].alive && (fc[j].lo != c->lo || fc[j].hi != c->hi) && fc[j].arity > c->lo)
            return false;
    dirty_check d = {w, c->lo, c->hi, 1, false};
    size_t j = 0; /* the function's candidates are in code order */
    for (size_t i = c->fstart; i < c->fend && !d.dirty; i = cc_walk_instr(w, i, NULL, NULL)) {
        while (j < nfc && i >= fc[j].call)
            j++;
        if (j < nfc && fc[j].alive && fc[j].lo == c->lo && fc[j].hi == c->hi && i >= fc[j].from)
            continue;
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

/* The index of the line entry at code offset `off` (there is one). */
static size_t line_entry_at(const code_line *lines, size_t nlines, size_t off)
{
    size_t lo = 0, hi = nlines;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (lines[mid].offset < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    ASSERT(lo < nlines && lines[lo].offset == off);
    return lo;
}

/* The rewrite of the tail call at `call` with the run starts[0..n): the
 * longest run that fits, from the earliest start, in another order if
 * need be. Fills *c (words allocated) and returns true, leaving the code
 * as it was; false when no run fits. */
static bool try_tail_call(code_t *w, size_t *starts, size_t n, size_t call, const uint8_t *marks,
                          const code_line *lines, size_t nlines, tail_cand *c)
{
    for (size_t k = 0; k < n; k++) {
        code_t saved[TAIL_REGION_MAX];
        size_t from = starts[k], len = call + 4 - from, keep[TAIL_WINDOW_MAX];
        if (len > TAIL_REGION_MAX)
            continue;
        memcpy(saved, w + from, len * sizeof *w);
        memcpy(keep, starts + k, (n - k) * sizeof *starts);
        code_t b = w[call + 2], a = w[call + 3];
        forward_temps(w, starts + k, n - k, call);
        bool fits = run_fits(w, starts + k, n - k, call, false) ||
                    (!lines_inside(marks, starts[k], call) && reorder_run(w, starts + k, n - k, call) &&
                     run_fits(w, starts + k, n - k, call, false));
        if (fits) {
            run_fits(w, starts + k, n - k, call, true);
            w[call + 2] = 0;
            size_t moved[TAIL_WINDOW_MAX + 1];
            c->nlines = 0;
            if (drop_self_moves(w, starts + k, n - k, call, marks, moved)) {
                for (size_t j = k + 1; j <= n; j++) {
                    size_t old = j < n ? starts[j] : call;
                    if (marks[old] & MARK_LINE) {
                        c->line_at[c->nlines] = line_entry_at(lines, nlines, old);
                        c->line_to[c->nlines++] = (uint32_t)moved[j - k];
                    }
                }
            }
            c->from = from, c->call = call, c->lo = b, c->hi = b + a, c->arity = a;
            c->words = alloc_new(ALLOC_TEMP, len * sizeof *w);
            memcpy(c->words, w + from, len * sizeof *w);
            c->alive = true;
        }
        memcpy(w + from, saved, len * sizeof *w);
        memcpy(starts + k, keep, (n - k) * sizeof *starts);
        if (fits)
            return true;
    }
    return false;
}

static void coalesce_tail_args(code_t *w, size_t n, const uint8_t *marks, code_line *lines, size_t nlines)
{
    size_t starts[TAIL_WINDOW_MAX], nrun = 0, fstart = 0, fend = 0;
    tail_cand *cs = NULL;
    size_t ncs = 0;
    uint32_t cap = 0;
    for (size_t i = 0; i < n; i = cc_walk_instr(w, i, NULL, NULL)) {
        opcode op = (opcode)w[i];
        if (op == OP_func_info)
            fstart = i, fend = function_end(w, i, n);
        bool tail = op == OP_tail_call || op == OP_tail_call_ext;
        if (tail && !(marks[i] & MARK_LABEL) && w[i + 2] != 0 && w[i + 3] > 0 && w[i + 3] <= 64 &&
            w[i + 2] >= w[i + 3] && nrun) {
            cs = cc_grow(cs, &cap, (uint32_t)ncs + 1, sizeof *cs);
            cs[ncs].fstart = fstart, cs[ncs].fend = fend;
            if (try_tail_call(w, starts, nrun, i, marks, lines, nlines, &cs[ncs]))
                ncs++;
        }
        if (is_plain_op(w, i)) {
            if (marks[i] & MARK_LABEL)
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
    /* per function, drop the candidates whose window would not stay
     * clean, until the rest agree */
    for (size_t f0 = 0, f1; f0 < ncs; f0 = f1) {
        for (f1 = f0 + 1; f1 < ncs && cs[f1].fstart == cs[f0].fstart;)
            f1++;
        for (bool changed = true; changed;) {
            changed = false;
            for (size_t j = f0; j < f1; j++)
                if (cs[j].alive && !cand_clean(w, cs + f0, f1 - f0, &cs[j]))
                    cs[j].alive = false, changed = true;
        }
    }
    for (size_t j = 0; j < ncs; j++) {
        size_t len = cs[j].call + 4 - cs[j].from;
        if (cs[j].alive) {
            memcpy(w + cs[j].from, cs[j].words, len * sizeof *w);
            for (size_t l = 0; l < cs[j].nlines; l++)
                lines[cs[j].line_at[l]].offset = cs[j].line_to[l];
        }
        alloc_free(ALLOC_TEMP, cs[j].words, len * sizeof *w);
    }
    if (cs)
        alloc_free(ALLOC_TEMP, cs, cap * sizeof *cs);
}

/* ---- entries that need not clear their registers -----------------------------------
 * enter clears R[A..N) so that a collection, which scans the registers of
 * every frame up to the running one's end, never follows a stale word (one
 * an earlier frame left there, pointing into a heap block freed since). A
 * function needs no clearing when its code writes each of those registers
 * before anything can scan it: mark_enter_nc makes its entry an enter_nc,
 * which clears only when it collects or yields itself. What scans a frame
 * at R while its function runs: a body call with window b scans R[0..b)
 * (the callee's frame, and the frames above it, start at R + b; the
 * arguments R[b..) are the callee's); wait and wait_timeout scan R[0..N).
 * A forward analysis finds the registers written on every path to each
 * instruction; a call forgets R[b..N) (the callee may leave anything
 * there), then writes its result. The function keeps enter when a scan may
 * see a register not written, when its code reads one (it would read the
 * [] that enter stores), when it has an exception handler (try_: the
 * handler is reached with registers written on some paths only) or an
 * instruction the analysis does not know, or more than 64 registers past
 * its arguments. */

/* One instruction's effect on the registers written (bit k: R[a + k]):
 * the ones it needs written (it reads them, or a collection may scan them
 * while it runs), the ones it keeps (a call forgets those above its
 * window) and the ones it writes as it goes on; its local jump targets
 * (L operands: fail labels, which it reaches before it writes) are the
 * analysis' labels[lab .. lab + nlab). */
typedef struct nc_instr {
    size_t pos;
    uint64_t need, keep, gen;
    uint32_t lab, nlab;
    bool fall; /* goes on to the next instruction */
} nc_instr;

typedef struct nc_walk {
    const code_t *w;
    code_t a, n; /* the function's arity and frame size */
    nc_instr *cur;
    size_t *labels; /* positions of L operands */
    uint32_t nlabels, labels_cap;
    enum { NC_R_WRITTEN, NC_R_READ, NC_R_OWN } rmode; /* what the R operands are */
} nc_walk;

/* The bits of R[lo..hi) among the registers tracked (R[a..n)). */
static uint64_t nc_bits(const nc_walk *c, code_t lo, code_t hi)
{
    if (lo < c->a)
        lo = c->a;
    if (hi > c->n)
        hi = c->n;
    if (hi <= lo)
        return 0;
    uint64_t upto = hi - c->a >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << (hi - c->a)) - 1;
    return upto & ~((UINT64_C(1) << (lo - c->a)) - 1);
}

static void nc_operand(void *ctx, char kind, size_t pos)
{
    nc_walk *c = ctx;
    code_t v = c->w[pos];
    if (kind == 'S' && code_is_reg(v)) {
        c->cur->need |= nc_bits(c, code_reg_index(v), code_reg_index(v) + 1);
    } else if (kind == 'R' && c->rmode == NC_R_WRITTEN) {
        c->cur->gen |= nc_bits(c, v, v + 1);
    } else if (kind == 'R' && c->rmode == NC_R_READ) {
        c->cur->need |= nc_bits(c, v, v + 1);
    } else if (kind == 'L' && v != 0) {
        c->labels = cc_grow(c->labels, &c->labels_cap, c->nlabels + 1, sizeof *c->labels);
        c->labels[c->nlabels++] = pos;
        c->cur->nlab++;
    }
}

/* Fills *e for the instruction at i; false when the analysis does not know
 * it (an exception handler, ...): the function keeps enter. */
static bool nc_effect(nc_walk *c, size_t i, nc_instr *e)
{
    const code_t *w = c->w;
    opcode op = (opcode)w[i];
    *e = (nc_instr){i, 0, ~UINT64_C(0), 0, c->nlabels, 0, true};
    c->cur = e;
    c->rmode = NC_R_WRITTEN;
    bool walk = true; /* its S, R and L operands as their kinds say */
    switch (op) {
    case OP_call:
    case OP_call_ext: {
        code_t b = w[i + 2];
        code_t a = op == OP_call ? ((const code_t *)w[i + 1])[2] : ((const export_entry *)w[i + 1])->arity;
        e->need = nc_bits(c, 0, b + a); /* the scan while it runs, and the arguments */
        e->keep = nc_bits(c, 0, b);
        e->gen = nc_bits(c, w[i + 3], w[i + 3] + 1);
        walk = false; /* (call's L is the callee) */
        break;
    }
    case OP_call_fun:
    case OP_apply:
        e->need = nc_bits(c, 0, w[i + 1] + w[i + 2] + (op == OP_apply ? 2 : 1));
        e->keep = nc_bits(c, 0, w[i + 1]);
        e->gen = nc_bits(c, w[i + 3], w[i + 3] + 1);
        walk = false;
        break;
    case OP_apply_list:
    case OP_apply_fun_list:
        e->need = nc_bits(c, 0, w[i + 1] + (op == OP_apply_list ? 3 : 2));
        e->keep = nc_bits(c, 0, w[i + 1]);
        e->gen = nc_bits(c, w[i + 2], w[i + 2] + 1);
        walk = false;
        break;
    case OP_tail_call:
    case OP_tail_call_ext:
        e->need = nc_bits(c, w[i + 2], w[i + 2] + w[i + 3]);
        e->fall = walk = false;
        break;
    case OP_tail_call_fun:
    case OP_tail_apply:
        e->need = nc_bits(c, w[i + 1], w[i + 1] + w[i + 2] + (op == OP_tail_apply ? 2 : 1));
        e->fall = walk = false;
        break;
    case OP_tail_apply_list:
    case OP_tail_apply_fun_list:
        e->need = nc_bits(c, w[i + 1], w[i + 1] + (op == OP_tail_apply_list ? 3 : 2));
        e->fall = walk = false;
        break;
    case OP_wait:
    case OP_wait_timeout:
        e->need = nc_bits(c, 0, c->n);
        e->fall = op == OP_wait_timeout;
        break;
    case OP_return: case OP_badmatch: case OP_case_end: case OP_try_case_end: case OP_badrecord:
    case OP_if_end: case OP_jump: case OP_select_val: case OP_select_arity: case OP_loop_rec_end:
        e->fall = false;
        break;
    case OP_raise:
        e->need = nc_bits(c, w[i + 1], w[i + 1] + 3);
        e->fall = walk = false;
        break;
    /* the bit syntax's context operands are R operands that are read */
    case OP_bs_get: /* R1 read, R2 written */
        e->need = nc_bits(c, w[i + 2], w[i + 2] + 1);
        e->gen = nc_bits(c, w[i + 3], w[i + 3] + 1);
        c->rmode = NC_R_OWN;
        break;
    case OP_bs_get_tail: /* R1 written, R2 read */
        e->need = nc_bits(c, w[i + 2], w[i + 2] + 1);
        e->gen = nc_bits(c, w[i + 1], w[i + 1] + 1);
        walk = false;
        break;
    case OP_bs_skip: case OP_bs_match_string: case OP_bs_test_tail: case OP_bs_test_unit:
        c->rmode = NC_R_READ;
        break;
    case OP_move: case OP_put_list: case OP_put_tuple: case OP_get_list: case OP_get_hd: case OP_get_tl:
    case OP_get_tuple_element: case OP_make_fun: case OP_send: case OP_put_map_assoc: case OP_put_map_exact:
    case OP_new_map: case OP_bif0: case OP_bif1: case OP_bif2: case OP_bif3: case OP_add: case OP_sub:
    case OP_mul: case OP_neg: case OP_bs_create: case OP_bs_start_match: case OP_get_map_elements:
    case OP_loop_rec: case OP_remove_message: case OP_timeout:
    case OP_is_integer: case OP_is_float: case OP_is_number: case OP_is_atom: case OP_is_boolean:
    case OP_is_pid: case OP_is_ref: case OP_is_port: case OP_is_nil: case OP_is_list:
    case OP_is_nonempty_list: case OP_is_tuple: case OP_is_binary: case OP_is_bitstring: case OP_is_map:
    case OP_is_function: case OP_is_function2: case OP_test_arity: case OP_is_tagged_tuple:
    case OP_is_eq_exact: case OP_is_ne_exact: case OP_is_eq: case OP_is_ne: case OP_is_lt: case OP_is_ge:
        break;
    default: /* try_ and its kin, or one this analysis does not know */
        return false;
    }
    if (walk)
        cc_walk_instr(w, i, nc_operand, c);
    return true;
}

/* Whether the function whose entry is at `entry` (enter N A) and whose
 * code ends at `end` writes every register of R[A..N) before anything
 * scans it (see above). */
static bool writes_before_scans(const code_t *w, size_t entry, size_t end)
{
    code_t n = w[entry + 1], a = w[entry + 2];
    if (n == a)
        return true;
    if (n - a > 64)
        return false;
    size_t first = entry + CODE_ENTER_WORDS;
    if (first >= end)
        return true;
    /* the instructions' effects, in code order (at most a word each); in[k]:
     * the registers written on every path to instruction k seen so far */
    size_t cap = end - first, bytes = cap * (sizeof(nc_instr) + sizeof(uint64_t) + 1);
    char *mem = alloc_new(ALLOC_TEMP, bytes);
    nc_instr *ins = (nc_instr *)mem;
    uint64_t *in = (uint64_t *)(ins + cap);
    uint8_t *reached = (uint8_t *)(in + cap);
    nc_walk c = {w, a, n, NULL, NULL, 0, 0, NC_R_WRITTEN};
    bool ok = true;
    size_t k = 0, ninstr = 0;
    for (size_t i = first; i < end && ok; i = cc_walk_instr(w, i, NULL, NULL))
        ok = nc_effect(&c, i, &ins[ninstr++]);
    memset(reached, 0, ninstr);
    in[0] = 0, reached[0] = 1;
    /* the index of the instruction at code position t (a jump target) */
#define NC_INDEX(t, out)                                                                             \
    do {                                                                                             \
        size_t lo_ = 0, hi_ = ninstr;                                                                \
        while (lo_ < hi_) {                                                                          \
            size_t mid_ = lo_ + (hi_ - lo_) / 2;                                                     \
            if (ins[mid_].pos < (t))                                                                 \
                lo_ = mid_ + 1;                                                                      \
            else                                                                                     \
                hi_ = mid_;                                                                          \
        }                                                                                            \
        (out) = lo_ < ninstr && ins[lo_].pos == (t) ? lo_ : SIZE_MAX;                                \
    } while (0)
    /* passes in code order until none changes an instruction before the
     * one it comes from (a loop's back edge): forward edges take effect
     * in the same pass */
    for (bool changed = true; changed && ok;) {
        changed = false;
        for (k = 0; k < ninstr && ok; k++) {
            if (!reached[k])
                continue;
            const nc_instr *e = &ins[k];
            for (uint32_t l = 0; l <= e->nlab && ok; l++) {
                size_t j;
                uint64_t s;
                if (l == e->nlab) { /* the next instruction */
                    if (!e->fall)
                        break;
                    if (k + 1 == ninstr)
                        break; /* a call that does not return (erlang:error/1) ends the code */
                    j = k + 1, s = (in[k] & e->keep) | e->gen;
                } else {
                    size_t t = (size_t)((const code_t *)w[c.labels[e->lab + l]] - w);
                    if (t == entry - FUNC_HEADER_WORDS)
                        continue; /* the header: function_clause */
                    NC_INDEX(t, j);
                    if (j == SIZE_MAX) {
                        ok = false; /* leaves the function: not known */
                        break;
                    }
                    s = in[k];
                }
                if (!reached[j] || (in[j] & s) != in[j]) {
                    in[j] = reached[j] ? in[j] & s : s;
                    reached[j] = 1;
                    changed |= j <= k;
                }
            }
        }
    }
#undef NC_INDEX
    for (k = 0; k < ninstr && ok; k++)
        if (reached[k] && (in[k] & ins[k].need) != ins[k].need)
            ok = false;
    alloc_free(ALLOC_TEMP, mem, bytes);
    if (c.labels)
        alloc_free(ALLOC_TEMP, c.labels, (size_t)c.labels_cap * sizeof *c.labels);
    return ok;
}

/* Makes enter_nc the entry of every function that needs no clearing
 * (lifted lambdas too: the code is the functions one after the other,
 * each from its header to the next). */
static void mark_enter_nc(code_t *w, size_t n)
{
    for (size_t h = 0, end; h < n; h = end) {
        ASSERT((opcode)w[h] == OP_func_info);
        size_t entry = h + FUNC_HEADER_WORDS;
        end = function_end(w, h, n);
        if (entry < end && (opcode)w[entry] == OP_enter && writes_before_scans(w, entry, end))
            w[entry] = (code_t)OP_enter_nc;
    }
}

static bool is_small_lit(code_t w) { return !code_is_reg(w) && term_is_small((term_t)w); }
static bool is_immed_lit(code_t w) { return !code_is_reg(w) && term_is_immed((term_t)w); }

/* Rewrites instructions whose operand kinds are known into the specialised
 * forms of opcodes.def (same operands, cheaper handlers). */
static void specialise(code_t *w, size_t n)
{
    code_t frame = 0; /* frame size of the function being walked */
    bool nc = false;  /* its entry is an enter_nc */
    for (size_t i = 0; i < n; i = cc_walk_instr(w, i, NULL, NULL)) {
        opcode op = (opcode)w[i], to = op;
        switch (op) {
        case OP_enter:
        case OP_enter_nc:
            frame = w[i + 1];
            nc = op == OP_enter_nc;
            break;
        case OP_tail_call: {
            /* Skipping the callee's enter leaves the caller's registers
             * past the arguments in its frame: terms written by the caller,
             * or cleared by its enter; a caller with enter_nc may not have
             * written them all, which an enter_nc callee does not mind */
            const code_t *t = (const code_t *)w[i + 1]; /* labels are resolved */
            if ((t[0] == (code_t)OP_enter_nc || (t[0] == (code_t)OP_enter && !nc)) && t[1] <= frame) {
                to = w[i + 2] == 0 ? OP_tail_call_in0 : OP_tail_call_in;
                w[i + 1] = (code_t)(t + CODE_ENTER_WORDS); /* the instruction after the enter */
            }
            break;
        }
        case OP_wait:
            w[i + 2] = frame;
            break;
        case OP_wait_timeout:
            w[i + 3] = frame;
            break;
        case OP_add:
        case OP_sub:
            if (code_is_reg(w[i + 3]) && code_is_reg(w[i + 4]))
                to = op == OP_add ? OP_add_rr : OP_sub_rr;
            else if (code_is_reg(w[i + 3]) && is_small_lit(w[i + 4])) {
                /* X - K is X + -K for K >= 0, as OTP computes it (its
                 * failure has no operator frame, code_arith_inlined, and
                 * -0.0 - 0 is 0.0, as -0.0 + 0): add's superinstructions
                 * then serve it. Not K < 0: X - (-1) fails with an
                 * erlang:'-' frame. */
                int64_t k = small_value((term_t)w[i + 4]);
                to = OP_add_ri;
                if (op == OP_sub && k >= 0)
                    w[i + 4] = (code_t)term_small(-k);
                else if (op == OP_sub)
                    to = OP_sub_ri;
                w[i + 4] -= TAG_IMMED1_SMALL; /* stored untagged (opcodes.def) */
            }
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

/* ---- superinstructions -------------------------------------------------------------
 * The last pass, over specialised code: an instruction followed by one it
 * pairs with (opcodes.def: superinstructions) gets the pair's word, the
 * second keeping its own. The rules: a function's enter_nc followed by a
 * test that often opens a function; add_ri followed by a call or a
 * tail_call_in0 (a result often is an argument), and two add_ri before a
 * tail_call_in0 (a loop's counters: the first pairs with the pair the
 * second makes); add_rr, add_ri or sub_rr followed by a return_r of its
 * result. A pair's handler does the work of the instructions after the
 * first itself, all of it: the words they keep matter only to a jump to
 * them. */

/* The pair that a followed by b makes, or OP_COUNT. */
static opcode pair_of(opcode a, opcode b)
{
    if (a == OP_enter_nc) {
        switch (b) {
        case OP_is_lt_ri: return OP_enter_is_lt_ri;
        case OP_is_ge_ri: return OP_enter_is_ge_ri;
        case OP_is_eq_exact_ri: return OP_enter_is_eq_exact_ri;
        case OP_is_ne_exact_ri: return OP_enter_is_ne_exact_ri;
        case OP_is_nonempty_list: return OP_enter_is_nonempty_list;
        case OP_is_nil: return OP_enter_is_nil;
        case OP_test_arity: return OP_enter_test_arity;
        case OP_is_tagged_tuple: return OP_enter_is_tagged_tuple;
        default: return OP_COUNT;
        }
    }
    if (b == OP_call)
        return a == OP_add_ri ? OP_add_ri_call : OP_COUNT;
    if (b == OP_tail_call_in0)
        return a == OP_add_ri ? OP_add_ri_tail_call_in0 : OP_COUNT;
    if (b == OP_return_r) {
        switch (a) {
        case OP_add_rr: return OP_add_rr_return;
        case OP_add_ri: return OP_add_ri_return;
        case OP_sub_rr: return OP_sub_rr_return;
        default: return OP_COUNT;
        }
    }
    return OP_COUNT;
}

static void fuse_pairs(code_t *w, size_t n)
{
    for (size_t i = 0, j; i < n; i = j) {
        j = cc_walk_instr(w, i, NULL, NULL);
        if (j >= n)
            break;
        opcode f = pair_of((opcode)w[i], (opcode)w[j]);
        /* two additions before an in-place tail call (a loop's counters):
         * the first pairs with the pair the second makes */
        if ((opcode)w[i] == OP_add_ri && (opcode)w[j] == OP_add_ri) {
            size_t k = cc_walk_instr(w, j, NULL, NULL);
            if (k < n && (opcode)w[k] == OP_tail_call_in0)
                f = OP_add_ri_add_ri_tail_call_in0;
        }
        if (f == OP_COUNT)
            continue;
        /* a return pair returns the result it computes */
        if ((opcode)w[j] == OP_return_r && w[j + 1] != code_reg((unsigned)w[i + 2]))
            continue;
        w[i] = (code_t)f;
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
    uint8_t *marks = alloc_new(ALLOC_TEMP, c->n + 1);
    memset(marks, 0, c->n + 1);
    for (uint32_t l = 0; l < c->nlabels; l++)
        if (c->labels[l] != UINT32_MAX)
            marks[c->labels[l]] |= MARK_LABEL;
    for (size_t l = 0; l < c->nlines; l++)
        if (c->lines[l].offset <= c->n)
            marks[c->lines[l].offset] |= MARK_LINE;
    coalesce_tail_args(mc->code, mc->ncode, marks, c->lines, c->nlines);
    alloc_free(ALLOC_TEMP, marks, c->n + 1);
    mark_enter_nc(mc->code, mc->ncode);
    specialise(mc->code, mc->ncode);
    fuse_pairs(mc->code, mc->ncode);

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
