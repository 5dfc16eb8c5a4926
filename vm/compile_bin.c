/* compile_bin.c: the code generator's bit syntax: building bitstrings
 * (bs_create, one instruction for all segments) and matching them through
 * a match context (bs_start_match, then bs_get / bs_skip /
 * bs_match_string per segment, bs_test_tail or bs_get_tail at the end). */
#include "binary.h"
#include "compile_priv.h"

static code_t reg(uint32_t r) { return code_reg(r); }

static unsigned seg_flags(const ir *s)
{
    unsigned f = 0;
    if (s->flags & IRF_SIGNED)
        f |= BS_SIGNED;
    if (s->flags & IRF_LITTLE)
        f |= BS_LITTLE;
    if (s->flags & IRF_NATIVE)
        f |= BS_NATIVE;
    return f;
}

/* The size operand of a segment: all, [] for utf segments, or the size
 * expression's value. */
static code_t seg_size(gen *g, ir *s, uint32_t fail)
{
    if (s->flags & IRF_ALL)
        return cc_lit(cca.all);
    if (!s->k[1])
        return cc_lit(NIL);
    return cg_val(g, s->k[1], NO_DST, fail);
}

code_t cg_bin_build(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    code_t *sizes = cc_alloc(&g->cs->ar, (2 * e->n + 1) * sizeof *sizes);
    code_t *vals = sizes + e->n;
    for (uint32_t i = 0; i < e->n; i++) {
        ir *s = e->k[i];
        vals[i] = cg_val(g, s->k[0], NO_DST, fail);
        sizes[i] = seg_size(g, s, fail);
    }
    uint32_t d = dst >= 0 ? (uint32_t)dst : save;
    cc_set_line(g->cs, e->line);
    cg_op(g, OP_bs_create);
    cg_L(g, fail);
    cg_R(g, d);
    cg_I(g, e->n);
    for (uint32_t i = 0; i < e->n; i++) {
        ir *s = e->k[i];
        cg_I(g, s->i);
        cg_I(g, seg_flags(s) | (code_t)s->seg << BS_SEGNO_SHIFT);
        cg_I(g, s->j);
        cg_S(g, sizes[i]);
        cg_S(g, vals[i]);
    }
    g->top = dst >= 0 ? save : d + 1;
    cg_use(g, d);
    return reg(d);
}

void cg_bin_match(gen *g, ir *p, code_t src, uint32_t fail)
{
    uint32_t save = g->top;
    uint32_t ctx = cg_temp(g);
    cg_op(g, OP_bs_start_match);
    cg_L(g, fail);
    cg_R(g, ctx);
    cg_S(g, src);
    bool rest_taken = false;
    for (uint32_t i = 0; i < p->n; i++) {
        ir *s = p->k[i];
        ir *v = s->k[0];
        uint32_t ssave = g->top;
        bool bind = v->kind == IR_VAR && (v->flags & IRF_BIND);
        if (s->a != THE_NON_VALUE) {
            /* consecutive literal segments: one string of bits */
            uint32_t j = i;
            uint64_t bits = 0;
            while (j < p->n && p->k[j]->a != THE_NON_VALUE) {
                bin_view bv;
                bin_view_of(p->k[j]->a, &bv);
                bits += bin_bit_size(&bv);
                j++;
            }
            term_t str = s->a;
            if (j > i + 1) {
                uint8_t *buf = cc_alloc(&g->cs->ar, bits / 8 + 2);
                uint64_t pos = 0;
                for (uint32_t q = i; q < j; q++) {
                    bin_view bv;
                    bin_view_of(p->k[q]->a, &bv);
                    uint64_t nb = bin_bit_size(&bv);
                    uint8_t *tmp = cc_alloc(&g->cs->ar, bv.size + 1);
                    bin_copy_bits(&bv, tmp);
                    for (uint64_t b = 0; b < nb; b++, pos++)
                        if (tmp[b / 8] & (0x80 >> (b % 8)))
                            buf[pos / 8] |= (uint8_t)(0x80 >> (pos % 8));
                }
                str = bin_new_bits(g->cs->lit, buf, bits);
            }
            cg_op(g, OP_bs_match_string);
            cg_L(g, fail);
            cg_R(g, ctx);
            cg_I(g, bits);
            cg_T(g, str);
            i = j - 1;
        } else if (s->flags & IRF_ALL) {
            if (s->j > 1) {
                cg_op(g, OP_bs_test_unit);
                cg_L(g, fail);
                cg_R(g, ctx);
                cg_I(g, s->j);
            }
            if (v->kind != IR_WILD) {
                uint32_t r = bind ? g->varreg[v->i] : cg_temp(g);
                cg_op(g, OP_bs_get_tail);
                cg_R(g, r);
                cg_R(g, ctx);
                if (!bind)
                    cg_match(g, v, reg(r), fail);
            }
            rest_taken = true;
        } else {
            code_t size = seg_size(g, s, fail);
            if (v->kind == IR_WILD && s->k[1]) {
                cg_op(g, OP_bs_skip);
                cg_L(g, fail);
                cg_R(g, ctx);
                cg_I(g, s->j);
                cg_S(g, size);
            } else {
                uint32_t r = bind ? g->varreg[v->i] : cg_temp(g);
                cg_op(g, OP_bs_get);
                cg_L(g, fail);
                cg_R(g, ctx);
                cg_R(g, r);
                cg_I(g, s->i);
                cg_I(g, seg_flags(s));
                cg_I(g, s->j);
                cg_S(g, size);
                if (!bind && v->kind != IR_WILD)
                    cg_match(g, v, reg(r), fail);
            }
        }
        g->top = ssave;
    }
    if (!rest_taken) {
        cg_op(g, OP_bs_test_tail);
        cg_L(g, fail);
        cg_R(g, ctx);
        cg_I(g, 0);
    }
    g->top = save;
}
