/* disasm.c: module listings and the structural check of compiled code,
 * both walking instructions by the operand kinds of vm/opcodes.def
 * (disasm.h). */
#include "disasm.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "float.h"
#include "heap.h"
#include "lex.h"
#include "map.h"

static opcode decode_word(disasm_decode_fn decode, code_t w)
{
    if (decode)
        return decode(w);
    return w < OP_COUNT ? (opcode)w : OP_COUNT;
}

/* ---- literals, ~w style, bounded ------------------------------------------------ */

#define LIT_DEPTH 8
#define LIT_ITEMS 24

static void put_atom(FILE *out, term_t a)
{
    size_t n;
    const char *s = atom_text(a, &n);
    if (lex_atom_is_plain(s, n)) {
        fwrite(s, 1, n, out);
        return;
    }
    fputc('\'', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\'' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 32)
            fprintf(out, "\\%03o", c);
        else
            fputc(c, out);
    }
    fputc('\'', out);
}

static void put_term(FILE *out, term_t t, int depth)
{
    if (depth > LIT_DEPTH) {
        fputs("...", out);
        return;
    }
    if (term_is_atom(t)) {
        put_atom(out, t);
    } else if (term_is_small(t)) {
        fprintf(out, "%lld", (long long)small_value(t));
    } else if (term_is_nil(t)) {
        fputs("[]", out);
    } else if (term_is_list(t)) {
        fputc('[', out);
        int n = 0;
        for (; term_is_list(t); t = list_tail(t), n++) {
            if (n)
                fputc(',', out);
            if (n == LIT_ITEMS) {
                fputs("...", out);
                t = NIL;
                break;
            }
            put_term(out, list_head(t), depth + 1);
        }
        if (!term_is_nil(t)) {
            fputc('|', out);
            put_term(out, t, depth + 1);
        }
        fputc(']', out);
    } else if (term_is_tuple(t)) {
        fputc('{', out);
        uint64_t n = tuple_arity(t);
        for (uint64_t i = 0; i < n; i++) {
            if (i)
                fputc(',', out);
            if (i == LIT_ITEMS) {
                fputs("...", out);
                break;
            }
            put_term(out, tuple_get(t, i), depth + 1);
        }
        fputc('}', out);
    } else if (term_is_float(t)) {
        char buf[FLOAT_SHORT_MAX];
        float_to_short_chars(float_value(t), buf);
        fputs(buf, out);
    } else if (term_is_big(t)) {
        size_t n = int_chars_bound(t, 10);
        char *buf = alloc_new(ALLOC_TEMP, n + 1);
        size_t k = int_to_chars(t, 10, buf);
        fwrite(buf, 1, k, out);
        alloc_free(ALLOC_TEMP, buf, n + 1);
    } else if (term_is_bitstring(t)) {
        bin_view v;
        bin_view_of(t, &v);
        fputs("<<", out);
        for (uint64_t i = 0; i < v.size; i++) {
            if (i)
                fputc(',', out);
            if (i == LIT_ITEMS) {
                fputs("...", out);
                break;
            }
            fprintf(out, "%u", bin_byte_at(&v, i));
        }
        if (v.bitsize)
            fprintf(out, "%s%u:%u", v.size ? "," : "", bin_tail_bits(&v) >> (8 - v.bitsize), v.bitsize);
        fputs(">>", out);
    } else if (term_is_map(t)) {
        fputs("#{", out);
        map_iter it;
        map_iter_init(&it, t);
        term_t k, v;
        int n = 0;
        while (map_iter_next(&it, &k, &v)) {
            if (n)
                fputc(',', out);
            if (n++ == LIT_ITEMS) {
                fputs("...", out);
                break;
            }
            put_term(out, k, depth + 1);
            fputs(" => ", out);
            put_term(out, v, depth + 1);
        }
        fputc('}', out);
    } else if (term_is_export(t)) {
        export_obj *e = export_object(t);
        fputs("fun ", out);
        put_atom(out, e->module);
        fputc(':', out);
        put_atom(out, e->function);
        fprintf(out, "/%llu", (unsigned long long)e->arity);
    } else {
        fputs("#term", out);
    }
}

/* ---- listing ---------------------------------------------------------------------- */

static const char *const bs_kinds[] = {"integer", "float", "binary", "utf8", "utf16", "utf32"};

static size_t label_offset(const module_code *m, code_t w)
{
    return (size_t)((const code_t *)w - m->code);
}

static void put_operand(FILE *out, const module_code *m, char kind, code_t w)
{
    switch (kind) {
    case 'R':
        fprintf(out, "r%llu", (unsigned long long)w);
        break;
    case 'S':
        if (code_is_reg(w))
            fprintf(out, "r%llu", (unsigned long long)code_reg_index(w));
        else
            put_term(out, (term_t)w, 0);
        break;
    case 'T':
        put_term(out, (term_t)w, 0);
        break;
    case 'L':
        if (w == 0)
            fputs("raise", out);
        else
            fprintf(out, "@%zu", label_offset(m, w));
        break;
    case 'I':
        if (w == (code_t)~(uint64_t)0)
            fputc('-', out);
        else
            fprintf(out, "%llu", (unsigned long long)w);
        break;
    case 'E': {
        const export_entry *e = (const export_entry *)w;
        if (!e) {
            fputs("?", out);
            break;
        }
        put_atom(out, e->module);
        fputc(':', out);
        put_atom(out, e->name);
        fprintf(out, "/%u", e->arity);
        break;
    }
    case 'B': {
        const bif_entry *b = (const bif_entry *)w;
        if (!b) {
            fputs("?", out);
            break;
        }
        fprintf(out, "%s:", b->module);
        put_atom(out, atom_from_cstr(b->name));
        fprintf(out, "/%u", b->arity);
        break;
    }
    default:
        fprintf(out, "?%llu", (unsigned long long)w);
    }
}

/* make_fun's lambda operand: an index into m->lambdas as the compiler
 * writes it, a pointer to the entry once loaded (code.c); the index
 * either way, or m->nlambdas when it is neither. */
static uint64_t lambda_index(const module_code *m, code_t w)
{
    if (w < m->nlambdas)
        return w;
    const code_lambda *l = (const code_lambda *)w;
    if (m->nlambdas && l >= m->lambdas && l < m->lambdas + m->nlambdas)
        return (uint64_t)(l - m->lambdas);
    return m->nlambdas;
}

/* add_ri, sub_ri and their superinstructions: their literal, the fourth
 * operand, is stored untagged (v << 4: compile_asm.c, specialise). */
static bool untagged_literal(opcode op)
{
    switch (op) {
    case OP_add_ri: case OP_sub_ri: case OP_add_ri_call: case OP_add_ri_tail_call_in0:
    case OP_add_ri_add_ri_tail_call_in0: case OP_add_ri_return:
        return true;
    default:
        return false;
    }
}

size_t disasm_instr(FILE *out, const module_code *m, size_t pos, disasm_decode_fn decode)
{
    if (pos >= m->ncode)
        return 0;
    const code_t *c = m->code;
    opcode op = decode_word(decode, c[pos]);
    if (op >= OP_COUNT) {
        fprintf(out, "  %6zu  ?? %#llx\n", pos, (unsigned long long)c[pos]);
        return 0;
    }
    fprintf(out, "  %6zu  %s", pos, code_op_names[op]);
    const char *k = code_op_operands[op];
    size_t p = pos + 1;
    bool bin = op == OP_bs_create;
    for (; *k && *k != '*'; k++, p++) {
        if (p >= m->ncode)
            return 0;
        fputc(' ', out);
        /* bs_get: kind and flags by name */
        if (op == OP_bs_get && p == pos + 4 && c[p] < 6)
            fputs(bs_kinds[c[p]], out);
        else if (op == OP_make_fun && p == pos + 2)
            fprintf(out, "%llu", (unsigned long long)lambda_index(m, c[p]));
        else if (untagged_literal(op) && p == pos + 4)
            fprintf(out, "%lld", (long long)((int64_t)c[p] >> 4));
        else
            put_operand(out, m, *k, c[p]);
    }
    if (*k == '*') {
        uint64_t n = c[p - 1];
        const char *g = k + 1;
        size_t glen = strlen(g);
        if (p + n * glen > m->ncode)
            return 0;
        fputs(" [", out);
        for (uint64_t r = 0; r < n; r++) {
            if (r)
                fputs(", ", out);
            for (size_t q = 0; q < glen; q++, p++) {
                if (q)
                    fputc(' ', out);
                if (bin && q == 0) /* the segment's number in the source, then its kind */
                    fprintf(out, "#%llu ", (unsigned long long)(c[p + 1] >> BS_SEGNO_SHIFT));
                if (bin && q == 0 && c[p] < 6)
                    fputs(bs_kinds[c[p]], out);
                else if (bin && q == 1)
                    fprintf(out, "%llu", (unsigned long long)(c[p] & ((1u << BS_SEGNO_SHIFT) - 1)));
                else
                    put_operand(out, m, g[q], c[p]);
            }
        }
        fputc(']', out);
    }
    fputc('\n', out);
    return p;
}

void disasm_module(FILE *out, const module_code *m, disasm_decode_fn decode)
{
    fputs("module ", out);
    put_term(out, m->name, 0);
    fprintf(out, " (%zu words, %zu functions, %zu lambdas)\n", m->ncode, m->nfuncs, m->nlambdas);
    for (size_t pos = 0; pos < m->ncode;) {
        for (size_t i = 0; i < m->nfuncs; i++)
            if (m->funcs[i].header == pos) {
                fputs("\nfunction ", out);
                put_atom(out, m->funcs[i].name);
                fprintf(out, "/%u%s line %llu\n", m->funcs[i].arity, m->funcs[i].exported ? " (exported)" : "",
                        (unsigned long long)m->code[pos + FH_LINE]);
            }
        for (size_t i = 0; i < m->nlambdas; i++)
            if (m->lambdas[i].header == pos)
                fprintf(out, "lambda %zu, arity %u, free %u\n", i, m->lambdas[i].arity, m->lambdas[i].num_free);
        size_t next = disasm_instr(out, m, pos, decode);
        if (!next)
            break;
        pos = next;
    }
}

/* The offset of the instruction after the one at pos, as disasm_instr
 * walks; 0 when the word there is no instruction. */
static size_t next_instr(const module_code *m, size_t pos, disasm_decode_fn decode)
{
    opcode op = decode_word(decode, m->code[pos]);
    if (op >= OP_COUNT)
        return 0;
    const char *k = code_op_operands[op];
    size_t p = pos + 1;
    for (; *k && *k != '*'; k++, p++)
        if (p >= m->ncode)
            return 0;
    if (*k == '*')
        p += (size_t)m->code[p - 1] * strlen(k + 1);
    return p <= m->ncode ? p : 0;
}

bool disasm_calls_self_in_tail(const module_code *m, const code_func *f, disasm_decode_fn decode)
{
    size_t entry = f->header + FUNC_HEADER_WORDS, end = m->ncode;
    for (size_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].header > f->header && m->funcs[i].header < end)
            end = m->funcs[i].header;
    for (size_t i = 0; i < m->nlambdas; i++)
        if (m->lambdas[i].header > f->header && m->lambdas[i].header < end)
            end = m->lambdas[i].header;
    const code_t *self = m->code + entry;
    /* the entry is `enter N A`, or a breakpoint over it: skip its words */
    for (size_t pos = entry + CODE_ENTER_WORDS; pos < end;) {
        const code_t *c = m->code + pos;
        opcode op = decode_word(decode, c[0]);
        /* (tail_call_in's label is the instruction after the enter) */
        if (op == OP_tail_call && (const code_t *)c[1] == self)
            return true;
        if ((op == OP_tail_call_in || op == OP_tail_call_in0) &&
            (const code_t *)c[1] == self + CODE_ENTER_WORDS)
            return true;
        if (op == OP_tail_call_ext) {
            const export_entry *e = (const export_entry *)c[1];
            if (e && e->module == m->name && e->name == f->name && e->arity == f->arity)
                return true;
        }
        size_t next = next_instr(m, pos, decode);
        if (!next)
            return false;
        pos = next;
    }
    return false;
}

/* ---- verification ---------------------------------------------------------------------- */

typedef struct vctx {
    const module_code *m;
    disasm_decode_fn decode;
    char *err;
    size_t cap;
    uint8_t *starts; /* instruction starts */
} vctx;

static bool fail(vctx *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(vctx *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (v->cap)
        vsnprintf(v->err, v->cap, fmt, ap);
    va_end(ap);
    return false;
}

/* Does the term live on the literal heap (or is immediate)? Checks the
 * top object only; literal subterms are built together. */
static bool on_literal_heap(const module_code *m, term_t t)
{
    if (term_is_immed(t))
        return true;
    if (!term_is_boxed(t) && !term_is_list(t))
        return false;
    const term_t *p = term_is_list(t) ? list_ptr(t) : boxed_ptr(t);
    for (heap_block *b = m->literals.blocks; b; b = b->next) {
        size_t used = heap_block_used(&m->literals, b);
        if (p >= b->mem && p < b->mem + used)
            return true;
    }
    return false;
}

static size_t enter_n(const module_code *m, size_t entry, disasm_decode_fn decode, unsigned *arity)
{
    if (entry + CODE_ENTER_WORDS > m->ncode || !code_is_enter(decode_word(decode, m->code[entry])))
        return 0;
    *arity = (unsigned)m->code[entry + 2];
    return (size_t)m->code[entry + 1];
}

/* Does a specialised form (opcodes.def) have the operand kinds its name
 * promises? 'r' a register, 'i' a small integer ('e' for the equality
 * tests: any immediate; 'u' an untagged one, v << 4). Other instructions:
 * true. */
static bool specialised_ok(opcode op, const code_t *c)
{
    const char *kinds;
    size_t first; /* operand index of the first source */
    switch (op) {
    case OP_add_rr: case OP_sub_rr: case OP_add_rr_return: case OP_sub_rr_return:
        kinds = "rr", first = 3;
        break;
    case OP_is_lt_rr: case OP_is_ge_rr: kinds = "rr", first = 2; break;
    case OP_is_lt_ri: case OP_is_ge_ri: kinds = "ri", first = 2; break;
    case OP_is_lt_ir: case OP_is_ge_ir: kinds = "ir", first = 2; break;
    case OP_is_eq_exact_ri: case OP_is_ne_exact_ri: kinds = "re", first = 2; break;
    case OP_move_r: kinds = "r", first = 2; break;
    case OP_return_r: kinds = "r", first = 1; break;
    default:
        if (!untagged_literal(op))
            return true;
        kinds = "ru", first = 3; /* add_ri, sub_ri and their superinstructions */
        break;
    }
    for (size_t i = 0; kinds[i]; i++) {
        code_t w = c[first + i];
        bool ok = kinds[i] == 'r'   ? code_is_reg(w)
                  : kinds[i] == 'i' ? !code_is_reg(w) && term_is_small((term_t)w)
                  : kinds[i] == 'u' ? (w & TAG_IMMED1_MASK) == 0
                                    : !code_is_reg(w) && term_is_immed((term_t)w);
        if (!ok)
            return false;
    }
    return true;
}

/* The instruction a superinstruction's second word must be (opcodes.def),
 * or OP_COUNT for other instructions. */
static opcode pair_second(opcode op)
{
    switch (op) {
    case OP_enter_is_lt_ri: return OP_is_lt_ri;
    case OP_enter_is_ge_ri: return OP_is_ge_ri;
    case OP_enter_is_eq_exact_ri: return OP_is_eq_exact_ri;
    case OP_enter_is_ne_exact_ri: return OP_is_ne_exact_ri;
    case OP_enter_is_nonempty_list: return OP_is_nonempty_list;
    case OP_enter_is_nil: return OP_is_nil;
    case OP_enter_test_arity: return OP_test_arity;
    case OP_enter_is_tagged_tuple: return OP_is_tagged_tuple;
    case OP_add_ri_call: return OP_call;
    case OP_add_ri_tail_call_in0: return OP_tail_call_in0;
    case OP_add_ri_add_ri_tail_call_in0: return OP_add_ri_tail_call_in0;
    case OP_add_rr_return: case OP_add_ri_return: case OP_sub_rr_return: return OP_return_r;
    default: return OP_COUNT;
    }
}

/* Can this operand (the first of its instruction) be 0, meaning raise? */
static bool fail_may_raise(opcode op)
{
    switch (op) {
    case OP_bif0: case OP_bif1: case OP_bif2: case OP_bif3:
    case OP_add: case OP_add_rr: case OP_add_ri:
    case OP_sub: case OP_sub_rr: case OP_sub_ri:
    case OP_mul: case OP_neg: case OP_bs_create:
    case OP_add_ri_call: case OP_add_ri_tail_call_in0: case OP_add_ri_add_ri_tail_call_in0:
    case OP_add_rr_return: case OP_add_ri_return: case OP_sub_rr_return:
        return true;
    default:
        return false;
    }
}

bool disasm_verify(const module_code *m, disasm_decode_fn decode, char *err, size_t cap)
{
    vctx v = {m, decode, err, cap, NULL};
    if (cap)
        err[0] = '\0';
    if (!m->code || !m->ncode)
        return fail(&v, "no code");
    v.starts = alloc_zeroed(ALLOC_TEMP, m->ncode + 1);
    bool ok = true;
    /* pass 1: instruction starts */
    for (size_t pos = 0; pos < m->ncode;) {
        opcode op = decode_word(decode, m->code[pos]);
        if (op >= OP_COUNT) {
            ok = fail(&v, "@%zu: not an instruction", pos);
            goto done;
        }
        v.starts[pos] = 1;
        const char *k = code_op_operands[op];
        size_t p = pos + 1;
        for (; *k && *k != '*'; k++)
            p++;
        if (*k == '*') {
            if (p - 1 >= m->ncode) {
                ok = fail(&v, "@%zu: truncated", pos);
                goto done;
            }
            uint64_t n = m->code[p - 1];
            if (n > m->ncode) {
                ok = fail(&v, "@%zu: bad count", pos);
                goto done;
            }
            p += n * strlen(k + 1);
        }
        if (p > m->ncode) {
            ok = fail(&v, "@%zu: truncated", pos);
            goto done;
        }
        pos = p;
    }
    /* headers */
    for (size_t i = 0; i < m->nfuncs; i++) {
        const code_func *f = &m->funcs[i];
        size_t h = f->header;
        if (h + FUNC_HEADER_WORDS + CODE_ENTER_WORDS > m->ncode || !v.starts[h] ||
            decode_word(decode, m->code[h]) != OP_func_info) {
            ok = fail(&v, "function %zu: bad header", i);
            goto done;
        }
        if ((term_t)m->code[h + FH_MODULE] != m->name || (term_t)m->code[h + FH_NAME] != f->name) {
            ok = fail(&v, "function %zu: header names another function", i);
            goto done;
        }
        unsigned a;
        size_t n = enter_n(m, h + FUNC_HEADER_WORDS, decode, &a);
        if (a != f->arity || n < a) {
            ok = fail(&v, "function %zu: enter %zu %u does not fit arity %u", i, n, a, f->arity);
            goto done;
        }
        uint64_t lam = m->code[h + FH_LAMBDA];
        if (lam != ~(uint64_t)0 && (lam >= m->nlambdas || m->lambdas[lam].header != h)) {
            ok = fail(&v, "function %zu: bad lambda index", i);
            goto done;
        }
        if (lam == ~(uint64_t)0 && m->code[h + FH_ARITY] != f->arity) {
            ok = fail(&v, "function %zu: header arity", i);
            goto done;
        }
    }
    for (size_t i = 0; i < m->nlambdas; i++) {
        const code_lambda *l = &m->lambdas[i];
        size_t h = l->header;
        unsigned a;
        if (h + FUNC_HEADER_WORDS + CODE_ENTER_WORDS > m->ncode ||
            decode_word(decode, m->code[h]) != OP_func_info || enter_n(m, h + FUNC_HEADER_WORDS, decode, &a) < a ||
            a != l->arity || l->num_free > l->arity) {
            ok = fail(&v, "lambda %zu: bad header", i);
            goto done;
        }
    }
    for (size_t i = 1; i < m->nlines; i++)
        if (m->lines[i].offset < m->lines[i - 1].offset || m->lines[i].offset >= m->ncode) {
            ok = fail(&v, "line table not sorted at %zu", i);
            goto done;
        }
    /* pass 2: operands, within the frame of the current function */
    size_t fsize = 0;
    for (size_t pos = 0; pos < m->ncode;) {
        opcode op = decode_word(decode, m->code[pos]);
        const code_t *c = m->code + pos;
        if (code_is_enter(op))
            fsize = (size_t)c[1];
        if (op == OP_func_info) {
            if (!on_literal_heap(m, (term_t)c[1]) || !term_is_atom((term_t)c[1]) || !term_is_atom((term_t)c[2])) {
                ok = fail(&v, "@%zu: func_info names", pos);
                goto done;
            }
            pos += FUNC_HEADER_WORDS;
            continue;
        }
        const char *k = code_op_operands[op];
        size_t p = pos + 1;
        const char *kinds = k;
        uint64_t reps = 0;
        size_t nfixed = 0;
        while (kinds[nfixed] && kinds[nfixed] != '*')
            nfixed++;
        if (kinds[nfixed] == '*')
            reps = m->code[pos + nfixed];
        size_t glen = kinds[nfixed] == '*' ? strlen(kinds + nfixed + 1) : 0;
        size_t total = nfixed + reps * glen;
        for (size_t i = 0; i < total; i++, p++) {
            char kind = i < nfixed ? kinds[i] : kinds[nfixed + 1 + (i - nfixed) % glen];
            code_t w = m->code[p];
            switch (kind) {
            case 'R':
                if (w >= fsize) {
                    ok = fail(&v, "@%zu: register r%llu outside the frame of %zu", pos, (unsigned long long)w,
                              fsize);
                    goto done;
                }
                break;
            case 'S':
                if (i == 3 && untagged_literal(op))
                    break; /* checked by specialised_ok */
                if (code_is_reg(w)) {
                    if (code_reg_index(w) >= fsize) {
                        ok = fail(&v, "@%zu: register r%llu outside the frame of %zu", pos,
                                  (unsigned long long)code_reg_index(w), fsize);
                        goto done;
                    }
                } else if (!on_literal_heap(m, (term_t)w)) {
                    ok = fail(&v, "@%zu: literal not on the literal heap", pos);
                    goto done;
                }
                break;
            case 'T':
                if (!on_literal_heap(m, (term_t)w)) {
                    ok = fail(&v, "@%zu: literal not on the literal heap", pos);
                    goto done;
                }
                break;
            case 'L': {
                if (w == 0) {
                    if (!(i == 0 && fail_may_raise(op)) && !(i == 1 && op == OP_bif0) &&
                        !((op == OP_bif1 || op == OP_bif2 || op == OP_bif3) && i == 1)) {
                        ok = fail(&v, "@%zu: label 0 where a jump is needed", pos);
                        goto done;
                    }
                    break;
                }
                const code_t *t = (const code_t *)w;
                if (t < m->code || t >= m->code + m->ncode || !v.starts[t - m->code]) {
                    ok = fail(&v, "@%zu: label outside the code", pos);
                    goto done;
                }
                break;
            }
            case 'E':
            case 'B':
                if (!w) {
                    ok = fail(&v, "@%zu: null entry", pos);
                    goto done;
                }
                break;
            default:
                break;
            }
        }
        if (!specialised_ok(op, c)) {
            ok = fail(&v, "@%zu: %s on operands of another kind", pos, code_op_names[op]);
            goto done;
        }
        /* a superinstruction: followed by the instruction it runs (a
         * return pair: returning the first's result) */
        opcode second = pair_second(op);
        if (second != OP_COUNT && (p >= m->ncode || decode_word(decode, m->code[p]) != second ||
                                   (second == OP_return_r && m->code[p + 1] != code_reg((unsigned)c[2])))) {
            ok = fail(&v, "@%zu: %s not followed by its %s", pos, code_op_names[op], code_op_names[second]);
            goto done;
        }
        /* call areas */
        uint64_t need = 0;
        switch (op) {
        case OP_call: {
            unsigned a = 0;
            const code_t *t = (const code_t *)c[1];
            if (t < m->code || t >= m->code + m->ncode || !code_is_enter(decode_word(decode, *t))) {
                ok = fail(&v, "@%zu: call target is no function entry", pos);
                goto done;
            }
            enter_n(m, (size_t)(t - m->code), decode, &a);
            need = c[2] + a;
            break;
        }
        case OP_call_ext:
            need = c[2] + ((const export_entry *)c[1])->arity;
            break;
        case OP_tail_call_in:
        case OP_tail_call_in0: {
            /* it skips the callee's enter, its label the instruction after
             * it: the callee's frame must fit in ours */
            const code_t *t = (const code_t *)c[1] - CODE_ENTER_WORDS;
            if (t < m->code || t >= m->code + m->ncode || !code_is_enter(decode_word(decode, *t)) ||
                (size_t)t[1] > fsize) {
                ok = fail(&v, "@%zu: %s target is no entry of a frame within %zu", pos, code_op_names[op],
                          fsize);
                goto done;
            }
            if (op == OP_tail_call_in0 && c[2] != 0) {
                ok = fail(&v, "@%zu: tail_call_in0 with window %llu", pos, (unsigned long long)c[2]);
                goto done;
            }
            need = c[2] + c[3];
            break;
        }
        case OP_tail_call:
        case OP_tail_call_ext:
            need = c[2] + c[3];
            break;
        case OP_call_fun:
        case OP_tail_call_fun:
            need = c[1] + c[2] + 1;
            break;
        case OP_apply:
        case OP_tail_apply:
            need = c[1] + c[2] + 2;
            break;
        case OP_apply_list:
        case OP_tail_apply_list:
            need = c[1] + 3;
            break;
        case OP_apply_fun_list:
        case OP_tail_apply_fun_list:
            need = c[1] + 2;
            break;
        case OP_try_case:
        case OP_raise:
            need = c[1] + 3;
            break;
        case OP_make_fun: {
            uint64_t li = lambda_index(m, c[2]);
            if (li >= m->nlambdas || m->lambdas[li].num_free != c[3]) {
                ok = fail(&v, "@%zu: make_fun captures do not fit lambda %llu", pos, (unsigned long long)li);
                goto done;
            }
            break;
        }
        case OP_bif0:
        case OP_bif1:
        case OP_bif2:
        case OP_bif3:
            if (((const bif_entry *)c[1])->arity != (unsigned)(op - OP_bif0)) {
                ok = fail(&v, "@%zu: BIF arity", pos);
                goto done;
            }
            break;
        default:
            break;
        }
        if (need > fsize) {
            ok = fail(&v, "@%zu: call area up to %llu outside the frame of %zu", pos, (unsigned long long)need,
                      fsize);
            goto done;
        }
        pos = p;
    }
done:
    alloc_free(ALLOC_TEMP, v.starts, m->ncode + 1);
    return ok;
}
