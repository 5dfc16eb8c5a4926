/* compile.c: the compiler's entry points: lint, then lowering
 * (compile_lower.c), code generation (compile_gen.c, compile_pat.c,
 * compile_bin.c) and assembly (compile_asm.c) into a module_code, with its
 * attributes and compile information for module_info/1. */
#include "compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "compile_priv.h"
#include "config.h"
#include "heap.h"

void compile_module_free(module_code *mc) { code_module_free(mc); }

static void state_free(cc_state *cs)
{
    cc_arena_free(&cs->ar);
    alloc_free(ALLOC_TEMP, cs->funcs, cs->funcs_cap * sizeof *cs->funcs);
    alloc_free(ALLOC_TEMP, cs->lambdas, cs->lambdas_cap * sizeof *cs->lambdas);
    alloc_free(ALLOC_TEMP, cs->records, cs->records_cap * sizeof *cs->records);
    alloc_free(ALLOC_TEMP, cs->imports, cs->imports_cap * sizeof *cs->imports);
    alloc_free(ALLOC_TEMP, cs->no_auto, cs->no_auto_cap * sizeof *cs->no_auto);
    alloc_free(ALLOC_TEMP, cs->code.w, cs->code.cap * sizeof *cs->code.w);
    alloc_free(ALLOC_TEMP, cs->code.labels, cs->code.labels_cap * sizeof *cs->code.labels);
    alloc_free(ALLOC_TEMP, cs->code.fix, cs->code.fix_cap * sizeof *cs->code.fix);
    alloc_free(ALLOC_TEMP, cs->code.lines, cs->code.lines_cap * sizeof *cs->code.lines);
}

/* The source file named by the first -file attribute, as a C string
 * (free with alloc_strfree(ALLOC_TEMP, ...)), or NULL. */
static char *file_of(term_t forms)
{
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (cc_is(f, cca.attribute, 4) && tuple_get(f, 2) == cca.file) {
            term_t v = tuple_get(f, 3);
            if (!term_is_tuple(v) || tuple_arity(v) != 2)
                return NULL;
            term_t s = tuple_get(v, 0);
            int64_t n = list_length(s);
            if (n < 0)
                return NULL;
            /* characters as UTF-8 */
            char *buf = alloc_new(ALLOC_TEMP, (size_t)n * 4 + 1);
            size_t k = 0;
            for (; term_is_list(s); s = list_tail(s)) {
                term_t c = list_head(s);
                int64_t ch = term_is_small(c) ? small_value(c) : '?';
                if (ch < 0x80)
                    buf[k++] = (char)ch;
                else if (ch < 0x800) {
                    buf[k++] = (char)(0xC0 | ch >> 6);
                    buf[k++] = (char)(0x80 | (ch & 0x3F));
                } else if (ch < 0x10000) {
                    buf[k++] = (char)(0xE0 | ch >> 12);
                    buf[k++] = (char)(0x80 | ((ch >> 6) & 0x3F));
                    buf[k++] = (char)(0x80 | (ch & 0x3F));
                } else {
                    buf[k++] = (char)(0xF0 | ch >> 18);
                    buf[k++] = (char)(0x80 | ((ch >> 12) & 0x3F));
                    buf[k++] = (char)(0x80 | ((ch >> 6) & 0x3F));
                    buf[k++] = (char)(0x80 | (ch & 0x3F));
                }
            }
            buf[k] = '\0';
            char *r = alloc_new(ALLOC_TEMP, k + 1);
            memcpy(r, buf, k + 1);
            alloc_free(ALLOC_TEMP, buf, (size_t)n * 4 + 1);
            return r;
        }
    }
    return NULL;
}

static bool skipped_attribute(term_t name)
{
    return name == cca.module || name == cca.export || name == cca.import || name == cca.compile ||
           name == cca.file || name == cca.record || name == cca.type || name == cca.opaque ||
           name == cca.spec || name == cca.callback || name == cca.export_type ||
           name == cca.optional_callbacks || name == cca.on_load;
}

/* module_info(attributes): [{Name, [Value...]}] in source order, values
 * that are not lists wrapped in one, {vsn, [MD5 as an integer]} first
 * when the module has no -vsn. */
static void make_attributes(cc_state *cs, term_t forms)
{
    heap_t *h = cs->lit;
    size_t n = 0;
    bool has_vsn = false;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (cc_is(f, cca.attribute, 4) && !skipped_attribute(tuple_get(f, 2))) {
            n++;
            if (tuple_get(f, 2) == cca.vsn)
                has_vsn = true;
        }
    }
    term_t *items = alloc_new(ALLOC_TEMP, (n + 2) * sizeof *items);
    size_t k = 0;
    if (!has_vsn) {
        mp_limb_t limbs[16 / sizeof(mp_limb_t)];
        for (size_t i = 0; i < 16 / sizeof(mp_limb_t); i++) {
            mp_limb_t v = 0;
            for (size_t j = 0; j < sizeof(mp_limb_t); j++)
                v |= (mp_limb_t)cs->mc->md5[15 - (i * sizeof(mp_limb_t) + j)] << (8 * j);
            limbs[i] = v;
        }
        term_t num = big_from_limbs(h, false, limbs, 16 / sizeof(mp_limb_t));
        items[k++] = term_tuple2(h, cca.vsn, term_cons(h, num, NIL));
    }
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (cc_is(f, cca.attribute, 4) && !skipped_attribute(tuple_get(f, 2))) {
            term_t v = cc_lit_copy(cs, tuple_get(f, 3));
            if (!term_is_list(v) && v != NIL)
                v = term_cons(h, v, NIL);
            items[k++] = term_tuple2(h, tuple_get(f, 2), v);
        }
    }
    cs->mc->attributes = term_list_from(h, items, k, NIL);
    alloc_free(ALLOC_TEMP, items, (n + 2) * sizeof *items);
}

static void make_compile_info(cc_state *cs)
{
    heap_t *h = cs->lit;
    const char *ver = DBGSH_VERSION;
    term_t items[3];
    items[0] = term_tuple2(h, cca.version, term_string(h, ver, strlen(ver)));
    items[1] = term_tuple2(h, cca.options, NIL);
    /* the source name as a list of characters (UTF-8 decoded) */
    const char *f = cs->file;
    size_t len = strlen(f);
    term_t chars = NIL;
    term_t *cs_ = alloc_new(ALLOC_TEMP, (len + 1) * sizeof *cs_);
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)f[i];
        uint32_t cp;
        int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
        cp = extra == 0 ? c : extra == 1 ? c & 0x1F : extra == 2 ? c & 0x0F : c & 0x07;
        i++;
        for (int e = 0; e < extra && i < len; e++, i++)
            cp = cp << 6 | ((unsigned char)f[i] & 0x3F);
        cs_[n++] = term_small(cp);
    }
    chars = term_list_from(h, cs_, n, NIL);
    alloc_free(ALLOC_TEMP, cs_, (len + 1) * sizeof *cs_);
    items[2] = term_tuple2(h, cca.source, chars);
    cs->mc->compile_info = term_list_from(h, items, 3, NIL);
}

/* Copies the diagnostics of `from` to `to`, warnings only when wanted. */
static void move_diags(lint_diags *to, lint_diags *from, bool warnings)
{
    for (size_t i = 0; i < from->n; i++) {
        lint_diag *d = &from->v[i];
        if (d->warning && !warnings)
            continue;
        lint_diags_add(to, d->file, d->line, d->col, d->warning, d->text);
    }
    lint_diags_free(from);
}

static compile_result run(cc_state *cs, term_t forms, term_t exprs, const term_t *bound, size_t nbound,
                          term_t fname, module_code **out)
{
    if (setjmp(cs->fail)) {
        lint_diags_add(cs->diags, cs->file, cs->errline, 0, false, cs->errmsg);
        compile_module_free(cs->mc);
        cs->mc = NULL;
        state_free(cs);
        return COMPILE_ERROR;
    }
    if (exprs != THE_NON_VALUE)
        cc_lower_exprs(cs, exprs, bound, nbound, fname);
    else
        cc_lower_module(cs, forms);
    cs->mc->name = cs->module;
    cc_gen_module(cs);
    cc_assemble(cs);
    if (exprs != THE_NON_VALUE)
        cs->mc->attributes = NIL;
    else
        make_attributes(cs, forms);
    make_compile_info(cs);
    cs->mc->file = alloc_strdup(ALLOC_MODULE, cs->file);
    *out = cs->mc;
    state_free(cs);
    return COMPILE_OK;
}

compile_result compile_forms(term_t forms, const compile_opts *opts, module_code **out, lint_diags *diags)
{
    compile_opts none = {0};
    if (!opts)
        opts = &none;
    *out = NULL;
    cc_atoms_init();
    char *ffile = file_of(forms);
    const char *file = opts->file ? opts->file : ffile ? ffile : "nofile";
    lint_diags ld = {0};
    bool ok = lint_module(forms, file, &ld);
    bool has_warnings = false;
    for (size_t i = 0; i < ld.n; i++)
        has_warnings |= ld.v[i].warning;
    if (opts->warnings_as_errors && has_warnings)
        ok = false;
    move_diags(diags, &ld, !opts->no_warnings);
    if (!ok) {
        alloc_strfree(ALLOC_TEMP, ffile);
        return COMPILE_ERROR;
    }
    cc_state *cs = alloc_zeroed(ALLOC_TEMP, sizeof *cs);
    cs->mc = code_module_new();
    cs->lit = &cs->mc->literals;
    cs->file = file;
    cs->diags = diags;
    cs->module = THE_NON_VALUE;
    cs->shell_local = THE_NON_VALUE;
    compile_result r = run(cs, forms, THE_NON_VALUE, NULL, 0, THE_NON_VALUE, out);
    alloc_free(ALLOC_TEMP, cs, sizeof *cs);
    alloc_strfree(ALLOC_TEMP, ffile);
    return r;
}

compile_result compile_exprs(term_t exprs, const term_t *bound, size_t nbound, term_t module, term_t function,
                             term_t shell_local, module_code **out, lint_diags *diags)
{
    *out = NULL;
    cc_atoms_init();
    lint_diags ld = {0};
    bool ok = lint_exprs(exprs, bound, nbound, &ld);
    move_diags(diags, &ld, true);
    if (!ok)
        return COMPILE_ERROR;
    cc_state *cs = alloc_zeroed(ALLOC_TEMP, sizeof *cs);
    cs->mc = code_module_new();
    cs->lit = &cs->mc->literals;
    cs->file = "nofile";
    cs->diags = diags;
    cs->module = module;
    cs->shell_local = shell_local != THE_NON_VALUE ? shell_local : cca.shell_default;
    compile_result r = run(cs, NIL, exprs, bound, nbound, function, out);
    alloc_free(ALLOC_TEMP, cs, sizeof *cs);
    return r;
}
