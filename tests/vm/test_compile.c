/* test_compile.c: tests of vm/compile*.c and vm/disasm.c. The abstract
 * forms come from OTP 25's own epp (tests/vm/data/compile/forms.escript
 * wrote each X.etf from X.erl), so these tests do not depend on our
 * parser. Checked: the structure of small functions' code (fib, receive,
 * try, binary matching), that every module of the corpus compiles and
 * passes disasm_verify, the shell's expression compilation, depth limits,
 * allocation balance, and (when escript is installed) that every stdlib
 * module compiles and verifies. tests/vm/data/compile/regen.sh rewrites
 * the .etf files. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vm/atom.h"
#include "vm/code.h"
#include "vm/compile.h"
#include "vm/disasm.h"
#include "vm/ext.h"
#include "vm/heap.h"

/* ---- stand-ins for code.c and bif.c when they are not linked -------------------------
 * Weak: the real ones win when the build links them. */

__attribute__((weak)) void code_init(code_autoload_fn autoload) { (void)autoload; }

__attribute__((weak)) const char *const code_op_names[OP_COUNT] = {
#define X(name, operands, meaning) #name,
#include "vm/opcodes.def"
#undef X
};
__attribute__((weak)) const char *const code_op_operands[OP_COUNT] = {
#define X(name, operands, meaning) operands,
#include "vm/opcodes.def"
#undef X
};

__attribute__((weak)) export_entry *code_export_get(term_t module, term_t name, unsigned arity)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static export_entry *table[4096];
    static size_t n;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < n; i++)
        if (table[i]->module == module && table[i]->name == name && table[i]->arity == arity) {
            pthread_mutex_unlock(&lock);
            return table[i];
        }
    export_entry *e = calloc(1, sizeof *e);
    e->module = module;
    e->name = name;
    e->arity = arity;
    if (n < 4096)
        table[n++] = e;
    pthread_mutex_unlock(&lock);
    return e;
}

/* The guard BIFs and operators of erlang, without implementations. */
static const char *const stub_bifs[] = {
    "abs/1", "binary_part/2", "binary_part/3", "bit_size/1", "byte_size/1", "ceil/1", "element/2", "float/1",
    "floor/1", "hd/1", "is_map_key/2", "length/1", "map_size/1", "map_get/2", "node/0", "node/1", "round/1",
    "self/0", "size/1", "tl/1", "trunc/1", "tuple_size/1", "is_atom/1", "is_binary/1", "is_bitstring/1",
    "is_boolean/1", "is_float/1", "is_function/1", "is_function/2", "is_integer/1", "is_list/1", "is_map/1",
    "is_number/1", "is_pid/1", "is_port/1", "is_record/2", "is_record/3", "is_reference/1", "is_tuple/1",
    "+/1", "-/1", "bnot/1", "not/1", "+/2", "-/2", "*/2", "//2", "div/2", "rem/2", "band/2", "bor/2",
    "bxor/2", "bsl/2", "bsr/2", "and/2", "or/2", "xor/2", "==/2", "/=/2", "=</2", "</2", ">=/2", ">/2",
    "=:=/2", "=/=/2"};
#define NSTUB (sizeof stub_bifs / sizeof *stub_bifs)

static bif_entry stub_entries[NSTUB];
static term_t stub_names[NSTUB];
static char stub_text[NSTUB][16];

static void stub_init(void)
{
    for (size_t i = 0; i < NSTUB; i++) {
        const char *s = stub_bifs[i];
        const char *slash = strrchr(s, '/');
        snprintf(stub_text[i], sizeof stub_text[i], "%.*s", (int)(slash - s), s);
        stub_names[i] = atom_from_cstr(stub_text[i]);
        stub_entries[i] = (bif_entry){"erlang", stub_text[i], (unsigned)atoi(slash + 1), NULL, BIF_GUARD};
    }
}

__attribute__((weak)) const bif_entry *bif_lookup(term_t module, term_t name, unsigned arity)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, stub_init);
    if (module != atom_from_cstr("erlang"))
        return NULL;
    for (size_t i = 0; i < NSTUB; i++)
        if (stub_names[i] == name && stub_entries[i].arity == arity)
            return &stub_entries[i];
    return NULL;
}

/* ---- helpers ---------------------------------------------------------------------------- */

static heap_t h;

static void setup(void)
{
    atom_table_init();
    code_init(NULL);
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(compile, .init = setup, .fini = teardown);

static const char *data_dir(void)
{
    static char dir[512];
    const char *f = __FILE__;
    const char *slash = strrchr(f, '/');
    snprintf(dir, sizeof dir, "%.*s/data/compile", slash ? (int)(slash - f) : 1, slash ? f : ".");
    return dir;
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *buf = malloc((size_t)n + 1);
    if (fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        fclose(fp);
        free(buf);
        return NULL;
    }
    fclose(fp);
    *len = (size_t)n;
    return buf;
}

/* The forms of X.etf ({ok, Forms} as epp returned them). */
static term_t load_forms_from(const char *path)
{
    size_t len;
    uint8_t *buf = read_file(path, &len);
    cr_assert(buf, "cannot read %s", path);
    term_t t;
    ext_error err;
    cr_assert_eq(ext_binary_to_term(&h, buf, len, &t, NULL, &err), EXT_OK, "%s: %s", path, err.msg);
    free(buf);
    cr_assert(term_is_tuple(t) && tuple_arity(t) == 2, "%s: not {ok, Forms}", path);
    return tuple_get(t, 1);
}

static term_t load_forms(const char *name)
{
    char path[768];
    snprintf(path, sizeof path, "%s/%s.etf", data_dir(), name);
    return load_forms_from(path);
}

static void print_diags(const lint_diags *d)
{
    char line[1024];
    for (size_t i = 0; i < d->n; i++) {
        lint_diag_format(&d->v[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
}

/* Compiles X.etf, checks the result, returns it (caller frees). */
static module_code *compile_ok(const char *name)
{
    term_t forms = load_forms(name);
    module_code *m = NULL;
    lint_diags d = {0};
    compile_result r = compile_forms(forms, NULL, &m, &d);
    if (r != COMPILE_OK)
        print_diags(&d);
    cr_assert_eq(r, COMPILE_OK, "%s does not compile", name);
    lint_diags_free(&d);
    char err[256];
    bool ok = disasm_verify(m, NULL, err, sizeof err);
    if (!ok)
        disasm_module(stderr, m, NULL);
    cr_assert(ok, "%s: %s", name, err);
    return m;
}

/* The listing of function name/arity of m, as a malloc'ed string. */
static char *listing(const module_code *m, const char *name, unsigned arity)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    term_t a = atom_from_cstr(name);
    size_t start = SIZE_MAX, end = m->ncode;
    for (size_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].name == a && m->funcs[i].arity == arity)
            start = m->funcs[i].header;
    cr_assert(start != SIZE_MAX, "no function %s/%u", name, arity);
    for (size_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].header > start && m->funcs[i].header < end)
            end = m->funcs[i].header;
    for (size_t i = 0; i < m->nlambdas; i++)
        if (m->lambdas[i].header > start && m->lambdas[i].header < end)
            end = m->lambdas[i].header;
    for (size_t pos = start; pos < end;) {
        size_t next = disasm_instr(out, m, pos, NULL);
        if (!next)
            break;
        pos = next;
    }
    fclose(out);
    return buf;
}

/* Number of instructions named op in a listing. */
static int count_op(const char *list, const char *op)
{
    int n = 0;
    char pat[64];
    snprintf(pat, sizeof pat, "  %s ", op);
    size_t pl = strlen(pat);
    for (const char *p = list; (p = strstr(p, pat)); p += pl)
        n++;
    snprintf(pat, sizeof pat, "  %s\n", op);
    pl = strlen(pat);
    for (const char *p = list; (p = strstr(p, pat)); p += pl)
        n++;
    return n;
}

/* ---- fib: the hot path the benchmark runs ------------------------------------------------ */

Test(compile, fib_is_tight)
{
    module_code *m = compile_ok("fib");
    char *l = listing(m, "fib", 1);
    /* literal clauses dispatch through one select_val */
    cr_expect_eq(count_op(l, "select_val"), 1, "%s", l);
    /* two direct local calls, arithmetic inline */
    cr_expect_eq(count_op(l, "call"), 2, "%s", l);
    /* in their specialised forms, fused with what follows them: N - 1 on
     * a register (as N + -1) with the call taking it, F1 + F2 with the
     * return */
    cr_expect_eq(count_op(l, "add_ri_call"), 2, "%s", l);
    cr_expect_eq(count_op(l, "add_rr_return"), 1, "%s", l);
    cr_expect_eq(count_op(l, "return_r"), 1, "%s", l);
    cr_expect_eq(count_op(l, "move") + count_op(l, "move_r"), 0, "no redundant moves:\n%s", l);
    cr_expect_eq(count_op(l, "call_ext"), 0, "%s", l);
    cr_expect_eq(count_op(l, "bif2"), 0, "%s", l);
    free(l);
    l = listing(m, "len", 2);
    /* the recursive call is a tail call into its own frame, skipping enter
     * (its arguments computed in place: tail_call_in0) */
    cr_expect_eq(count_op(l, "tail_call_in") + count_op(l, "tail_call_in0"), 1, "%s", l);
    cr_expect_eq(count_op(l, "call"), 0, "%s", l);
    free(l);
    compile_module_free(m);
}

/* ---- entries that need not clear, superinstructions ------------------------------------- */

/* The first instruction of a listing (its function's entry). */
static char *entry_op(const char *l)
{
    const char *e = strstr(l, "\n");
    cr_assert(e, "%s", l);
    char name[64];
    cr_assert_eq(sscanf(e + 1, " %*u %63s", name), 1, "%s", l);
    return strdup(name);
}

/* code.h: CODE_ENTER_WORDS is the length of enter and of each of its forms. */
Test(compile, entry_words)
{
    for (int op = 0; op < OP_COUNT; op++)
        if (code_is_enter((opcode)op))
            cr_expect_eq(1 + strlen(code_op_operands[op]), CODE_ENTER_WORDS, "%s", code_op_names[op]);
}

/* compile_asm.c: mark_enter_nc. A function whose code writes each of its
 * registers past the arguments before a collection can scan it starts
 * with enter_nc (or a superinstruction that begins with it); one with a
 * register a call or a wait may see unwritten keeps enter. */
Test(compile, enter_nc)
{
    module_code *m = compile_ok("superinstr");
    static const struct {
        const char *name;
        unsigned arity;
        const char *entry;
    } cases[] = {
        {"fib", 1, "enter_is_ge_ri"},       {"loop", 2, "enter_is_ne_exact_ri"},
        {"sum", 1, "enter_is_nil"},         {"neg", 1, "enter_nc"},
        {"keeps", 1, "enter_nc"},           {"bound", 1, "enter"},
        {"recv", 1, "enter"},               {"guarded", 1, "enter_is_ge_ri"},
        {"lst", 1, "enter_is_nonempty_list"}, {"tagged", 1, "enter_is_tagged_tuple"},
        {"id", 1, "enter_nc"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *l = listing(m, cases[i].name, cases[i].arity);
        char *e = entry_op(l);
        cr_expect_str_eq(e, cases[i].entry, "%s/%u:\n%s", cases[i].name, cases[i].arity, l);
        free(e);
        free(l);
    }
    /* keeps/1: the first call's result lands where the second call's
     * window starts (compile_gen.c: call_window), not below it */
    char *l = listing(m, "keeps", 1);
    cr_expect(strstr(l, "call @") && strstr(l, " 1 r1\n"), "%s", l);
    free(l);
    /* a wait names the frame size it scans */
    l = listing(m, "recv", 1);
    cr_expect(strstr(l, "  wait @") && strstr(l, " 4\n"), "%s", l);
    free(l);
    compile_module_free(m);
}

/* compile_gen.c: put_base_case_last. A recursion's base case, first in
 * the source, goes last in the code, behind its negated test; a first
 * clause that is no base case (no recursion after it, or its own) stays. */
Test(compile, base_case_last)
{
    module_code *m = compile_ok("superinstr");
    char *l = listing(m, "loop", 2);
    /* the entry, the negated test, the recursive clause, the base case */
    const char *t = strstr(l, "  is_ne_exact_ri @");
    cr_assert(t, "%s", l);
    unsigned at, base;
    cr_assert_eq(sscanf(t, " %*s @%u", &base), 1, "%s", l);
    const char *ret = strstr(l, "  return_r r1\n");
    cr_assert(ret && ret > strstr(l, "tail_call_in0 @"), "the base case is last:\n%s", l);
    /* the test jumps to the base case */
    const char *line = ret;
    while (line > l && line[-1] != '\n')
        line--;
    cr_assert_eq(sscanf(line, " %u", &at), 1, "%s", l);
    cr_expect_eq(at, base, "%s", l);
    free(l);
    /* fib's guard N < 2 becomes N >= 2 */
    l = listing(m, "fib", 1);
    cr_expect(strstr(l, "  is_ge_ri @"), "%s", l);
    free(l);
    /* guarded/1 does not recurse: in source order */
    l = listing(m, "guarded", 1);
    cr_expect(strstr(l, "  is_ge_ri @") && strstr(l, "return big\n") < strstr(l, "return small\n"), "%s", l);
    free(l);
    compile_module_free(m);
}

/* compile_asm.c: fuse_pairs. Each pair's second instruction stays in
 * place after it. */
Test(compile, superinstructions)
{
    module_code *m = compile_ok("superinstr");
    char *l = listing(m, "loop", 2);
    /* N - 1 and Acc + 1 before the in-place self tail call: the first
     * addition runs all three, the second the last two */
    cr_expect_eq(count_op(l, "add_ri_add_ri_tail_call_in0"), 1, "%s", l);
    cr_expect_eq(count_op(l, "add_ri_tail_call_in0"), 1, "%s", l);
    cr_expect_eq(count_op(l, "tail_call_in0"), 1, "%s", l);
    cr_expect(strstr(l, "add_ri_add_ri_tail_call_in0 raise r0 r0 -1\n"), "%s", l);
    free(l);
    l = listing(m, "sum", 1);
    cr_expect_eq(count_op(l, "add_rr_return"), 1, "%s", l);
    free(l);
    /* X - (-1) is no addition: no add_ri, no pair with the return */
    l = listing(m, "neg", 1);
    cr_expect(strstr(l, "  sub_ri raise r1 r0 -1\n"), "%s", l);
    cr_expect_eq(count_op(l, "add_ri"), 0, "%s", l);
    free(l);
    compile_module_free(m);
}

/* A tail call's arguments computed straight into R[0..a) (compile_asm.c:
 * coalesce_tail_args): the call then names window 0 and moves nothing,
 * and is a tail_call_in0. Where that would read an overwritten register,
 * keep a term alive in the window, or cross a label, the call keeps its
 * window. */
static bool tail_call_in_place(const char *l)
{
    unsigned at, b, a;
    const char *t = strstr(l, "  tail_call_in0 @");
    if (t) {
        cr_assert_eq(sscanf(t, "  tail_call_in0 @%u %u %u", &at, &b, &a), 3, "%s", l);
        cr_assert_eq(b, 0, "tail_call_in0 with a window:\n%s", l);
        cr_assert_null(strstr(l, "  tail_call_in @"), "%s", l);
        return true;
    }
    t = strstr(l, "  tail_call_in @");
    cr_assert(t, "no tail_call_in:\n%s", l);
    cr_assert_eq(sscanf(t, "  tail_call_in @%u %u %u", &at, &b, &a), 3, "%s", l);
    cr_assert_neq(b, 0, "a tail_call_in with window 0 is a tail_call_in0:\n%s", l);
    return false;
}

Test(compile, tail_args_in_place)
{
    module_code *m = compile_ok("tailargs");
    static const struct {
        const char *name;
        unsigned arity;
        bool in_place;
        int moves; /* in place: the moves left (walk's T goes to R[0]) */
    } cases[] = {
        {"count", 2, true, 0}, {"walk", 3, true, 0},  {"swap", 3, false, 0},  {"calls", 2, false, 0},
        {"twice", 2, false, 0}, {"down", 3, true, 0}, {"steps", 4, true, 0}, {"quads", 3, true, 0},
        {"twofail", 3, false, 0}, {"long", 2, false, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *l = listing(m, cases[i].name, cases[i].arity);
        cr_expect_eq(tail_call_in_place(l), cases[i].in_place, "%s/%u:\n%s", cases[i].name, cases[i].arity, l);
        if (cases[i].in_place) {
            /* a move that did nothing (walk's T to R[0], steps' Step)
             * sits after the call, never run */
            char *run = strdup(l);
            for (char *t = strstr(run, "  tail_call_in0 @"); t; t = NULL)
                *t = '\0';
            cr_expect_eq(count_op(run, "move") + count_op(run, "move_r"), cases[i].moves,
                         "%s/%u: the arguments are written where the callee wants them:\n%s", cases[i].name,
                         cases[i].arity, l);
            free(run);
        }
        free(l);
    }
    /* both tail calls of quads/3 */
    char *l = listing(m, "quads", 3);
    cr_expect_eq(count_op(l, "tail_call_in0"), 2, "%s", l);
    free(l);
    compile_module_free(m);
}

/* A specialised form on operands of another kind is caught by the checker. */
/* The offset of the instruction after the one at pos. */
static size_t next_instr(const module_code *m, size_t pos)
{
    FILE *null = fopen("/dev/null", "w");
    size_t next = disasm_instr(null, m, pos, NULL);
    fclose(null);
    return next ? next : m->ncode;
}

Test(compile, verify_rejects_a_wrong_specialised_form)
{
    module_code *m = compile_ok("fib");
    char err[256];
    cr_assert(disasm_verify(m, NULL, err, sizeof err), "%s", err);
    size_t at = SIZE_MAX;
    for (size_t i = 0; i < m->ncode && at == SIZE_MAX; i = next_instr(m, i))
        if (m->code[i] == (code_t)OP_is_lt_ir)
            at = i;
    cr_assert_neq(at, SIZE_MAX, "fib has an is_lt_ir");
    m->code[at] = (code_t)OP_is_lt_rr; /* its first source is a literal */
    cr_expect_not(disasm_verify(m, NULL, err, sizeof err));
    cr_expect(strstr(err, "is_lt_rr") != NULL, "%s", err);
    m->code[at] = (code_t)OP_is_lt_ir;
    compile_module_free(m);
}

/* A superinstruction not followed by the instruction it runs is caught. */
Test(compile, verify_rejects_a_broken_pair)
{
    module_code *m = compile_ok("fib");
    char err[256];
    size_t at = SIZE_MAX;
    for (size_t i = 0; i < m->ncode && at == SIZE_MAX; i = next_instr(m, i))
        if (m->code[i] == (code_t)OP_add_rr_return)
            at = i;
    cr_assert_neq(at, SIZE_MAX, "fib has an add_rr_return");
    /* the return after it returns another register than its result */
    size_t ret = at + 5;
    cr_assert_eq(m->code[ret], (code_t)OP_return_r);
    code_t src = m->code[ret + 1];
    m->code[ret + 1] = code_reg(0);
    cr_expect_not(disasm_verify(m, NULL, err, sizeof err));
    cr_expect(strstr(err, "add_rr_return not followed by its return_r") != NULL, "%s", err);
    m->code[ret + 1] = src;
    /* another instruction after it */
    m->code[ret] = (code_t)OP_return;
    cr_expect_not(disasm_verify(m, NULL, err, sizeof err));
    m->code[ret] = (code_t)OP_return_r;
    cr_expect(disasm_verify(m, NULL, err, sizeof err), "%s", err);
    compile_module_free(m);
}

/* ---- the corpus: every construct compiles to verified code ------------------------------- */

/* c_*: one construct family each; rt_*: programs calling them, whose
 * rt_*.out is what erl printed for io:format("~w~n", [M:main()]) (for a
 * run-time differential test once the interpreter runs them). */
static const char *const corpus[] = {"fib",    "c_basics", "c_recv",    "c_try",   "c_bin",  "c_funs", "c_rec",
                                     "c_maps", "c_guards", "c_misc",    "rt_corpus", "rt_more", "rt_edge"};

Test(compile, corpus_compiles_and_verifies)
{
    for (size_t i = 0; i < sizeof corpus / sizeof *corpus; i++) {
        module_code *m = compile_ok(corpus[i]);
        compile_module_free(m);
    }
}

/* ---- structure of the constructs ----------------------------------------------------------- */

Test(compile, receive_shape)
{
    module_code *m = compile_ok("c_recv");
    char *l = listing(m, "wait", 1);
    /* loop_rec, a pattern per clause, remove_message on a match,
     * loop_rec_end on no match, then wait_timeout and timeout */
    cr_expect_eq(count_op(l, "loop_rec"), 1, "%s", l);
    cr_expect_eq(count_op(l, "remove_message"), 2, "%s", l);
    cr_expect_eq(count_op(l, "loop_rec_end"), 1, "%s", l);
    cr_expect_eq(count_op(l, "wait_timeout"), 1, "%s", l);
    cr_expect_eq(count_op(l, "timeout"), 1, "%s", l);
    cr_expect_eq(count_op(l, "wait"), 0, "%s", l);
    const char *lr = strstr(l, "loop_rec "), *rm = strstr(l, "remove_message"), *wt = strstr(l, "wait_timeout");
    cr_expect(lr && rm && wt && lr < rm && rm < wt, "order: %s", l);
    free(l);
    l = listing(m, "loop", 1);
    /* no timeout: a plain wait; the loop itself is a tail call */
    cr_expect_eq(count_op(l, "wait"), 1, "%s", l);
    cr_expect_eq(count_op(l, "wait_timeout"), 0, "%s", l);
    cr_expect_eq(count_op(l, "tail_call") + count_op(l, "tail_call_in"), 2, "%s", l);
    cr_expect_eq(count_op(l, "send"), 1, "%s", l);
    free(l);
    l = listing(m, "after_only", 1);
    /* receive after T: skips every message, then waits */
    cr_expect_eq(count_op(l, "loop_rec"), 1, "%s", l);
    cr_expect_eq(count_op(l, "loop_rec_end"), 1, "%s", l);
    cr_expect_eq(count_op(l, "remove_message"), 0, "%s", l);
    cr_expect_eq(count_op(l, "wait_timeout"), 1, "%s", l);
    free(l);
    compile_module_free(m);
}

Test(compile, try_shape)
{
    module_code *m = compile_ok("c_try");
    char *l = listing(m, "t1", 1);
    /* try_ ... try_end around the body only, then the of clauses, a
     * try_case_end when none matches, and try_case at the handler with a
     * raise when no catch clause matches */
    cr_expect_eq(count_op(l, "try_"), 1, "%s", l);
    cr_expect_eq(count_op(l, "try_end"), 1, "%s", l);
    cr_expect_eq(count_op(l, "try_case"), 1, "%s", l);
    cr_expect_eq(count_op(l, "try_case_end"), 1, "%s", l);
    cr_expect_eq(count_op(l, "raise"), 1, "%s", l);
    cr_expect_eq(count_op(l, "call_fun"), 1, "the body call is not a tail call: %s", l);
    cr_expect_eq(count_op(l, "tail_call_fun"), 0, "%s", l);
    free(l);
    l = listing(m, "t2", 1);
    /* after: the after body twice (normal exit and exception), the
     * exception re-raised */
    cr_expect_eq(count_op(l, "try_"), 1, "%s", l);
    cr_expect_eq(count_op(l, "call_ext"), 2, "io:format in both paths: %s", l);
    cr_expect_eq(count_op(l, "raise"), 1, "%s", l);
    free(l);
    l = listing(m, "c1", 1);
    cr_expect_eq(count_op(l, "try_"), 1, "%s", l);
    cr_expect_eq(count_op(l, "catch_value"), 1, "%s", l);
    cr_expect_eq(count_op(l, "tail_call_fun"), 0, "%s", l);
    free(l);
    compile_module_free(m);
}

Test(compile, binary_match_shape)
{
    module_code *m = compile_ok("c_bin");
    char *l = listing(m, "parse", 1);
    /* <<Len:16, Data:Len/binary, Rest/binary>>: a match context, two
     * gets, the rest as the tail; <<0, _/binary>>: a string match */
    cr_expect_eq(count_op(l, "bs_start_match"), 3, "%s", l);
    cr_expect_eq(count_op(l, "bs_get"), 2, "%s", l);
    cr_expect_eq(count_op(l, "bs_get_tail"), 1, "%s", l);
    cr_expect_eq(count_op(l, "bs_match_string"), 1, "%s", l);
    cr_expect_eq(count_op(l, "bs_test_tail"), 1, "<<>> ends with a tail test: %s", l);
    cr_expect(strstr(l, "bs_get @") && strstr(l, " binary 0 8 r"), "Data:Len/binary reads the size: %s", l);
    free(l);
    l = listing(m, "build", 3);
    cr_expect_eq(count_op(l, "bs_create"), 1, "one instruction builds it: %s", l);
    /* each segment carries its number in the source for a failure's
     * error_info: "x" is one segment */
    cr_expect(strstr(l, "[#1 integer 0 1 8 r0, #2 integer 2 1 16 r1, #3 binary 0 8 all r2,") &&
                  strstr(l, "#6 integer 0 1 8 120, #7 integer 1 1 32 r3]"),
              "%s", l);
    free(l);
    l = listing(m, "-bc/1-lbc$^0/2-0-", 2);
    cr_expect(strstr(l, "[#1 binary 0 1 all r1, #2 integer 0 1 8 r2]"), "the accumulator is segment 1: %s",
              l);
    free(l);
    l = listing(m, "strs", 1);
    cr_expect_eq(count_op(l, "bs_match_string"), 2, "%s", l);
    free(l);
    compile_module_free(m);
}

Test(compile, records_and_maps)
{
    module_code *m = compile_ok("c_rec");
    char *l = listing(m, "get", 1);
    /* R#point.x: a tagged tuple test that raises badrecord, then the element */
    cr_expect_eq(count_op(l, "is_tagged_tuple"), 1, "%s", l);
    cr_expect_eq(count_op(l, "badrecord"), 1, "%s", l);
    cr_expect_eq(count_op(l, "get_tuple_element"), 1, "%s", l);
    free(l);
    l = listing(m, "new", 0);
    /* #point{x = 1}: a literal {point,1,0,undefined} */
    cr_expect(strstr(l, "return {point,1,0,undefined}"), "%s", l);
    free(l);
    l = listing(m, "info", 0);
    cr_expect(strstr(l, "return {[x,y,z],4}"), "%s", l);
    free(l);
    compile_module_free(m);
    m = compile_ok("c_maps");
    l = listing(m, "get", 1);
    cr_expect_eq(count_op(l, "get_map_elements"), 1, "%s", l);
    cr_expect_eq(count_op(l, "is_map"), 1, "#{} is a map test: %s", l);
    free(l);
    l = listing(m, "upd2", 2);
    cr_expect_eq(count_op(l, "put_map_exact"), 1, "%s", l);
    cr_expect_eq(count_op(l, "put_map_assoc"), 1, "%s", l);
    free(l);
    compile_module_free(m);
}

Test(compile, funs_and_lambdas)
{
    module_code *m = compile_ok("c_funs");
    /* adder/1's fun: a lambda of arity 1 + 1 free variable */
    bool found = false;
    for (size_t i = 0; i < m->nlambdas; i++) {
        size_t len;
        const char *name = atom_text(m->lambdas[i].name, &len);
        if (!strcmp(name, "-adder/1-fun-0-")) {
            found = true;
            cr_expect_eq(m->lambdas[i].arity, 2);
            cr_expect_eq(m->lambdas[i].num_free, 1);
            /* its header reports the fun's own arity */
            cr_expect_eq(m->code[m->lambdas[i].header + FH_ARITY], 1);
            cr_expect_eq(m->code[m->lambdas[i].header + FH_LAMBDA], i);
        }
    }
    cr_expect(found, "no lambda '-adder/1-fun-0-'");
    char *l = listing(m, "adder", 1);
    cr_expect(strstr(l, "make_fun r") && strstr(l, " 1 [r0]"), "captures N: %s", l);
    free(l);
    l = listing(m, "remote", 0);
    cr_expect(strstr(l, "return fun erlang:abs/1"), "fun M:F/A is a literal: %s", l);
    free(l);
    l = listing(m, "apply2", 2);
    /* apply(F, A) with an unknown list: apply_fun_list; apply(F, [1]): call_fun */
    cr_expect_eq(count_op(l, "apply_fun_list"), 1, "%s", l);
    cr_expect_eq(count_op(l, "call_fun"), 1, "%s", l);
    free(l);
    l = listing(m, "apply3", 3);
    cr_expect_eq(count_op(l, "apply_list"), 1, "apply(M, F, A): %s", l);
    cr_expect_eq(count_op(l, "apply"), 2, "M:F(..) and apply(M, F, [1, 2]): %s", l);
    free(l);
    /* a comprehension is a lifted function named as OTP names it */
    found = false;
    for (size_t i = 0; i < m->nfuncs; i++) {
        size_t len;
        if (!strncmp(atom_text(m->funcs[i].name, &len), "-lc/2-lc$^", 10))
            found = true;
    }
    cr_expect(found, "no '-lc/2-lc$^N/1-0-' function");
    compile_module_free(m);
}

/* ---- OTP's names and numbers of funs ------------------------------------------------
 * Expected values from erlc 25 on the same sources: the lambda table
 * (beam_lib's "FunT" chunk, by index) and the lifted functions in the
 * order of the module's code (beam_disasm), which module_info(functions)
 * follows. */

static const char *const rt_edge_lambdas[] = {
    "-tests/0-fun-55-", "-tests/0-fun-53-", "-tests/0-fun-50-", "-tests/0-fun-48-", "-tests/0-fun-45-",
    "-tests/0-fun-44-", "-tests/0-fun-42-", "-tests/0-fun-41-", "-tests/0-fun-40-", "-tests/0-fun-39-",
    "-tests/0-fun-38-", "-tests/0-fun-37-", "-tests/0-fun-36-", "-tests/0-fun-35-", "-tests/0-fun-33-",
    "-tests/0-fun-31-", "-tests/0-fun-30-", "-tests/0-fun-29-", "-tests/0-fun-28-", "-tests/0-fun-27-",
    "-tests/0-fun-26-", "-tests/0-fun-25-", "-tests/0-fun-23-", "-tests/0-fun-22-", "-tests/0-fun-21-",
    "-tests/0-fun-20-", "-tests/0-fun-19-", "-tests/0-fun-18-", "-tests/0-fun-17-", "-tests/0-fun-16-",
    "-tests/0-fun-15-", "-tests/0-fun-13-", "-tests/0-fun-11-", "-tests/0-fun-9-", "-tests/0-fun-7-",
    "-tests/0-fun-5-", "-tests/0-fun-3-", "-tests/0-fun-2-", "-tests/0-fun-1-", "-tests/0-fun-0-",
    "-deep_catch/0-fun-0-", "-tests/0-fun-4-", "-tests/0-fun-6-", "-tests/0-fun-8-", "-tests/0-fun-10-",
    "-tests/0-fun-12-", "-tests/0-fun-14-", "-tests/0-fun-24-", "-tests/0-fun-32-",
};

static const char *const rt_edge_lifted[] = {
    "-send_self_many/1-lc$^0/1-0-", "-deep_catch/0-fun-1-", "-deep_catch/0-fun-0-", "-tests/0-fun-0-",
    "-tests/0-fun-1-", "-tests/0-fun-2-", "-tests/0-fun-3-", "-tests/0-fun-5-", "-tests/0-fun-4-",
    "-tests/0-fun-7-", "-tests/0-fun-6-", "-tests/0-fun-9-", "-tests/0-fun-8-", "-tests/0-fun-11-",
    "-tests/0-fun-10-", "-tests/0-fun-13-", "-tests/0-fun-12-", "-tests/0-fun-15-", "-tests/0-fun-14-",
    "-tests/0-fun-16-", "-tests/0-fun-17-", "-tests/0-fun-18-", "-tests/0-fun-19-", "-tests/0-fun-20-",
    "-tests/0-fun-21-", "-tests/0-fun-22-", "-tests/0-fun-23-", "-tests/0-fun-25-", "-tests/0-fun-24-",
    "-tests/0-fun-26-", "-tests/0-fun-27-", "-tests/0-fun-28-", "-tests/0-fun-29-", "-tests/0-fun-30-",
    "-tests/0-fun-31-", "-tests/0-fun-33-", "-tests/0-fun-32-", "-tests/0-fun-35-", "-tests/0-lc$^34/1-5-",
    "-tests/0-fun-36-", "-tests/0-fun-37-", "-tests/0-fun-38-", "-tests/0-fun-39-", "-tests/0-fun-40-",
    "-tests/0-fun-41-", "-tests/0-fun-42-", "-tests/0-fun-44-", "-tests/0-fun-45-", "-tests/0-fun-48-",
    "-tests/0-lbc$^46/2-3-", "-tests/0-lbc$^47/2-4-", "-tests/0-fun-50-", "-tests/0-lbc$^49/2-2-",
    "-tests/0-fun-53-", "-tests/0-lc$^51/1-1-", "-tests/0-fun-55-", "-tests/0-lc$^54/1-0-",
    "-main/0-lc$^0/1-0-",
};

/* The names of lambdas 0..n of m are `expected`. */
static void expect_lambdas(const module_code *m, const char *const *expected, size_t n)
{
    cr_assert_geq(m->nlambdas, n);
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *name = atom_text(m->lambdas[i].name, &len);
        cr_expect_str_eq(name, expected[i], "lambda %zu", i);
    }
}

Test(compile, lambda_table_as_otp)
{
    /* funs in lists and argument lists are numbered right to left, a fun
     * inside another before it; indices follow the code */
    module_code *m = compile_ok("rt_edge");
    expect_lambdas(m, rt_edge_lambdas, sizeof rt_edge_lambdas / sizeof *rt_edge_lambdas);
    compile_module_free(m);
    /* fun double/1 is a lambda of double/1 itself; named funs and
     * comprehensions take no lambda where nothing uses them as values */
    static const char *const c_funs_lambdas[] = {"-adder/1-fun-0-", "-compose/2-fun-0-", "double",
                                                 "-gen_fun/2-fun-0-"};
    m = compile_ok("c_funs");
    expect_lambdas(m, c_funs_lambdas, 4);
    compile_module_free(m);
}

/* The lifted functions of m that are in expected[0..n) come in that
 * order, and all of them are there (OTP's optimiser removes a few funs
 * that we keep). */
static void expect_lifted(const module_code *m, const char *const *expected, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < m->nfuncs; i++) {
        size_t len;
        const char *name = atom_text(m->funcs[i].name, &len);
        bool known = false;
        for (size_t j = 0; j < n; j++)
            known |= !strcmp(name, expected[j]);
        if (!known)
            continue;
        cr_expect(k < n && !strcmp(name, expected[k]), "lifted function %zu: %s, expected %s", k, name,
                  k < n ? expected[k] : "none");
        k++;
    }
    cr_expect_eq(k, n);
}

Test(compile, lifted_functions_in_otp_order)
{
    /* the module's functions, then the lifted ones, the last lifted
     * first; generators named '-f/1-lc$^N/1-M-' (M: the kernel pass's
     * count) */
    module_code *m = compile_ok("rt_edge");
    expect_lifted(m, rt_edge_lifted, sizeof rt_edge_lifted / sizeof *rt_edge_lifted);
    compile_module_free(m);
    static const char *const c_funs_lifted[] = {
        "-deep_lc/3-lc$^0/1-0-", "-deep_lc/3-lc$^1/1-1-", "-deep_lc/3-lc$^2/1-2-", "-map_lc/1-lc$^0/1-0-",
        "-filters/1-lc$^0/1-0-", "-gen_fun/2-fun-0-",     "-bcs/1-lbc$^0/2-0-",    "-lc2/1-lc$^0/1-0-",
        "-lc/2-lc$^0/1-0-",      "-lc/2-lc$^1/1-1-",      "-compose/2-fun-0-",     "-fact/1-Fact/1-0-",
        "-adder/1-fun-0-"};
    m = compile_ok("c_funs");
    expect_lifted(m, c_funs_lifted, sizeof c_funs_lifted / sizeof *c_funs_lifted);
    /* and nothing but what OTP inlines comes after them */
    size_t len;
    cr_expect_str_eq(atom_text(m->funcs[m->nfuncs - 1].name, &len), "-nested_funs/1-fun-0-");
    compile_module_free(m);
}

Test(compile, lambda_uniq_fields)
{
    /* only the numbering moved: every lambda's uniq is the module's MD5,
     * old_uniq its first word, and its function's header names its index */
    module_code *m = compile_ok("rt_edge");
    uint32_t old = (uint32_t)(m->md5[0] | m->md5[1] << 8 | m->md5[2] << 16 | (uint32_t)m->md5[3] << 24);
    for (size_t i = 0; i < m->nlambdas; i++) {
        const code_lambda *l = &m->lambdas[i];
        cr_expect_eq(l->old_uniq, old);
        cr_expect(!memcmp(l->uniq, m->md5, sizeof l->uniq));
        size_t len;
        if (atom_text(l->name, &len)[0] == '-')
            cr_expect_eq(m->code[l->header + FH_LAMBDA], i, "lambda %zu", i);
    }
    compile_module_free(m);
}

Test(compile, module_info_and_attributes)
{
    module_code *m = compile_ok("c_misc");
    /* export_all exports the module's functions; module_info/0,1 exist */
    int exported = 0, minfo = 0;
    for (size_t i = 0; i < m->nfuncs; i++) {
        exported += m->funcs[i].exported;
        if (m->funcs[i].name == atom_from_cstr("module_info")) {
            minfo++;
            cr_expect(m->funcs[i].exported);
        }
    }
    cr_expect_eq(minfo, 2);
    cr_expect_geq(exported, 15);
    char *l = listing(m, "module_info", 1);
    /* a BIF in tail position is a body call and a return, as OTP's loader
     * makes it */
    cr_expect(strstr(l, "call_ext erlang:get_module_info/2") && !strstr(l, "tail_call_ext"), "%s", l);
    cr_expect_eq(count_op(l, "return_r"), 1, "%s", l);
    free(l);
    /* -vsn("1.0"), -author(me): [{vsn,"1.0"},{author,[me]}] as erl gives
     * (a list value stays, others are wrapped); no md5 vsn; on_load,
     * compile, import are not attributes */
    term_t a = m->attributes;
    cr_assert_eq(list_length(a), 2);
    term_t v = list_head(a);
    cr_expect_eq(tuple_get(v, 0), atom_from_cstr("vsn"));
    cr_expect(term_is_list(tuple_get(v, 1)) && list_head(tuple_get(v, 1)) == term_small('1'));
    term_t au = list_head(list_tail(a));
    cr_expect_eq(tuple_get(au, 0), atom_from_cstr("author"));
    cr_expect_eq(list_head(tuple_get(au, 1)), atom_from_cstr("me"));
    compile_module_free(m);
    /* without -vsn: {vsn, [MD5 as an integer]} */
    m = compile_ok("fib");
    cr_assert_eq(list_length(m->attributes), 1);
    v = list_head(m->attributes);
    cr_expect_eq(tuple_get(v, 0), atom_from_cstr("vsn"));
    cr_expect(term_is_integer(list_head(tuple_get(v, 1))));
    cr_expect_eq(list_length(m->compile_info), 3);
    compile_module_free(m);
}

Test(compile, line_table)
{
    module_code *m = compile_ok("fib");
    /* every call of fib/1 is on line 6; the line table maps each call's
     * offset to it */
    term_t fib = atom_from_cstr("fib");
    size_t hdr = SIZE_MAX;
    for (size_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].name == fib && m->funcs[i].arity == 1)
            hdr = m->funcs[i].header;
    cr_assert(hdr != SIZE_MAX);
    int calls = 0;
    FILE *null = fopen("/dev/null", "w");
    for (size_t pos = hdr; pos < m->ncode;) {
        if (m->code[pos] == OP_call) {
            uint32_t line = 0;
            for (size_t k = 0; k < m->nlines && m->lines[k].offset <= pos; k++)
                line = m->lines[k].line;
            cr_expect_eq(line, 6, "call at %zu on line %u", pos, line);
            calls++;
        }
        if (m->code[pos] == OP_func_info && pos != hdr)
            break;
        size_t next = disasm_instr(null, m, pos, NULL);
        if (!next)
            break;
        pos = next;
    }
    fclose(null);
    cr_expect_eq(calls, 2);
    /* the header's line operand */
    cr_expect_eq(m->code[hdr + FH_LINE], 4);
    compile_module_free(m);
}

/* ---- the shell's expressions ------------------------------------------------------------- */

Test(compile, exprs_return_value_and_bindings)
{
    term_t exprs = load_forms("e_shell");
    term_t bound[1] = {atom_from_cstr("X")};
    module_code *m = NULL;
    lint_diags d = {0};
    compile_result r =
        compile_exprs(exprs, bound, 1, atom_from_cstr("shell_x"), atom_from_cstr("eval"), THE_NON_VALUE, &m, &d);
    if (r != COMPILE_OK)
        print_diags(&d);
    cr_assert_eq(r, COMPILE_OK);
    lint_diags_free(&d);
    char err[256];
    cr_assert(disasm_verify(m, NULL, err, sizeof err), "%s", err);
    cr_expect_eq(m->name, atom_from_cstr("shell_x"));
    cr_assert_geq(m->nfuncs, 1);
    cr_expect_eq(m->funcs[0].name, atom_from_cstr("eval"));
    cr_expect_eq(m->funcs[0].arity, 1);
    cr_expect(m->funcs[0].exported);
    char *l = listing(m, "eval", 1);
    /* {Value, [{'F',F},{'X',X},{'Y',Y},{'Z',Z}]}: the bindings in name order */
    const char *f = strstr(l, "['F', "), *x = strstr(l, "['X', "), *y = strstr(l, "['Y', "),
               *z = strstr(l, "['Z', ");
    cr_expect(f && x && y && z && f < x && x < y && y < z, "%s", l);
    cr_expect_eq(count_op(l, "return") + count_op(l, "return_r"), 1, "%s", l);
    free(l);
    compile_module_free(m);
}

Test(compile, exprs_local_calls_go_to_the_shell_module)
{
    term_t exprs = load_forms("e_local");
    module_code *m = NULL;
    lint_diags d = {0};
    cr_assert_eq(compile_exprs(exprs, NULL, 0, atom_from_cstr("shell_y"), atom_from_cstr("eval"),
                               atom_from_cstr("user_default"), &m, &d),
                 COMPILE_OK);
    lint_diags_free(&d);
    char *l = listing(m, "eval", 0);
    cr_expect(strstr(l, "call_ext user_default:foo/1"), "%s", l);
    cr_expect(strstr(l, "call_ext lists:reverse/1"), "%s", l);
    free(l);
    compile_module_free(m);
}

/* Builds the abstract form of f() -> {{{...{ok}...}}} nested n deep (and
 * a list of n elements beside it), on h. */
static term_t nested_module(int depth, int list_len)
{
    term_t line = term_small(1);
    term_t e = term_tuple3(&h, atom_from_cstr("atom"), line, atom_from_cstr("ok"));
    for (int i = 0; i < depth; i++)
        e = term_tuple3(&h, atom_from_cstr("tuple"), line, term_cons(&h, e, NIL));
    term_t l = term_tuple2(&h, atom_from_cstr("nil"), line);
    for (int i = 0; i < list_len; i++) {
        term_t v = term_tuple3(&h, atom_from_cstr("var"), line, atom_from_cstr("X"));
        term_t c = term_tuple(&h, 4, NULL);
        tuple_elems(c)[0] = atom_from_cstr("cons");
        tuple_elems(c)[1] = line;
        tuple_elems(c)[2] = v;
        tuple_elems(c)[3] = l;
        l = c;
    }
    term_t body = term_cons(&h, term_tuple3(&h, atom_from_cstr("tuple"), line, term_cons(&h, e, term_cons(&h, l, NIL))), NIL);
    term_t pat = term_cons(&h, term_tuple3(&h, atom_from_cstr("var"), line, atom_from_cstr("X")), NIL);
    term_t cl = term_tuple(&h, 5, NULL);
    tuple_elems(cl)[0] = atom_from_cstr("clause");
    tuple_elems(cl)[1] = line;
    tuple_elems(cl)[2] = pat;
    tuple_elems(cl)[3] = NIL;
    tuple_elems(cl)[4] = body;
    term_t fn = term_tuple(&h, 5, NULL);
    tuple_elems(fn)[0] = atom_from_cstr("function");
    tuple_elems(fn)[1] = line;
    tuple_elems(fn)[2] = atom_from_cstr("f");
    tuple_elems(fn)[3] = term_small(1);
    tuple_elems(fn)[4] = term_cons(&h, cl, NIL);
    term_t exp = term_tuple(&h, 4, NULL);
    tuple_elems(exp)[0] = atom_from_cstr("attribute");
    tuple_elems(exp)[1] = line;
    tuple_elems(exp)[2] = atom_from_cstr("export");
    tuple_elems(exp)[3] = term_cons(&h, term_tuple2(&h, atom_from_cstr("f"), term_small(1)), NIL);
    term_t mod = term_tuple(&h, 4, NULL);
    tuple_elems(mod)[0] = atom_from_cstr("attribute");
    tuple_elems(mod)[1] = line;
    tuple_elems(mod)[2] = atom_from_cstr("module");
    tuple_elems(mod)[3] = atom_from_cstr("deep");
    term_t eof = term_tuple2(&h, atom_from_cstr("eof"), term_small(2));
    return term_cons(&h, mod, term_cons(&h, exp, term_cons(&h, fn, term_cons(&h, eof, NIL))));
}

Test(compile, deep_nesting_is_refused_not_a_crash)
{
    module_code *m = NULL;
    lint_diags d = {0};
    /* within the limit: compiles (the nested tuple is one literal) */
    cr_expect_eq(compile_forms(nested_module(COMPILE_MAX_DEPTH - 10, 10), NULL, &m, &d), COMPILE_OK);
    compile_module_free(m);
    lint_diags_free(&d);
    /* far beyond it: an error, "too deeply nested", and no module */
    cr_assert_eq(compile_forms(nested_module(200000, 0), NULL, &m, &d), COMPILE_ERROR);
    cr_expect_null(m);
    cr_assert_geq(d.n, 1);
    cr_expect_str_eq(d.v[0].text, "too deeply nested");
    lint_diags_free(&d);
}

Test(compile, long_lists_do_not_recurse)
{
    /* [X, X, ..., X] 200000 long: lists are walked in loops everywhere */
    module_code *m = NULL;
    lint_diags d = {0};
    cr_assert_eq(compile_forms(nested_module(1, 200000), NULL, &m, &d), COMPILE_OK);
    char err[256];
    cr_expect(disasm_verify(m, NULL, err, sizeof err), "%s", err);
    compile_module_free(m);
    lint_diags_free(&d);
}

Test(compile, errors_make_no_module)
{
    term_t forms = load_forms_from(
        ({
            static char p[768];
            snprintf(p, sizeof p, "%s/lint/l_vars.etf", data_dir());
            p;
        }));
    module_code *m = (module_code *)1;
    lint_diags d = {0};
    cr_expect_eq(compile_forms(forms, NULL, &m, &d), COMPILE_ERROR);
    cr_expect_null(m);
    cr_expect_gt(lint_errors(&d), 0);
    lint_diags_free(&d);
    /* warnings as errors */
    forms = load_forms_from(({
        static char p[768];
        snprintf(p, sizeof p, "%s/lint/l_export_all.etf", data_dir());
        p;
    }));
    compile_opts o = {.warnings_as_errors = true};
    cr_expect_eq(compile_forms(forms, &o, &m, &d), COMPILE_ERROR);
    lint_diags_free(&d);
    cr_expect_eq(compile_forms(forms, NULL, &m, &d), COMPILE_OK);
    compile_module_free(m);
    lint_diags_free(&d);
}

/* ---- OTP's stdlib, when erl is installed ------------------------------------------------------ */

Test(compile, stdlib_modules_compile_and_verify, .timeout = 300)
{
    if (system("command -v escript >/dev/null 2>&1") != 0) {
        cr_log_warn("escript not installed: stdlib corpus skipped");
        return;
    }
    char tmp[] = "/tmp/dbgsh_compile_XXXXXX";
    cr_assert(mkdtemp(tmp));
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "escript %s/forms.escript %s $(ls -d /usr/lib/erlang/lib/stdlib-*/src | tail -n 1)/*.erl", data_dir(),
             tmp);
    if (system(cmd) != 0) {
        cr_log_warn("forms.escript failed: stdlib corpus skipped");
        return;
    }
    DIR *dir = opendir(tmp);
    cr_assert(dir);
    struct dirent *de;
    int n = 0, failed = 0;
    while ((de = readdir(dir))) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".etf"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", tmp, de->d_name);
        heap_reset(&h);
        term_t forms = load_forms_from(path);
        module_code *m = NULL;
        lint_diags d = {0};
        compile_result r = compile_forms(forms, NULL, &m, &d);
        char err[256] = "";
        if (r != COMPILE_OK || !disasm_verify(m, NULL, err, sizeof err)) {
            failed++;
            cr_log_error("%s: %s", de->d_name, r != COMPILE_OK && d.n ? d.v[0].text : err);
        }
        /* OTP compiles stdlib without a warning; so must we */
        for (size_t i = 0; i < d.n; i++)
            if (d.v[i].warning) {
                failed++;
                cr_log_error("%s: warning %s", de->d_name, d.v[i].text);
            }
        compile_module_free(m);
        lint_diags_free(&d);
        remove(path);
        n++;
    }
    closedir(dir);
    rmdir(tmp);
    cr_expect_gt(n, 50, "only %d stdlib modules", n);
    cr_expect_eq(failed, 0, "%d problems in %d stdlib modules", failed, n);
}

/* ---- memory: everything the compiler takes, it gives back ---------------------------------- */

Test(compile, allocations_balance)
{
    /* warm up the tables built once (erl_internal sets, atoms) */
    module_code *m = compile_ok("c_funs");
    compile_module_free(m);
    alloc_stat temp0, code0, sys0, mod0, lit0;
    alloc_get_stat(ALLOC_TEMP, &temp0);
    alloc_get_stat(ALLOC_CODE, &code0);
    alloc_get_stat(ALLOC_MODULE, &mod0);
    alloc_get_stat(ALLOC_LITERAL, &lit0);
    alloc_get_stat(ALLOC_SYSTEM, &sys0);
    for (size_t i = 0; i < sizeof corpus / sizeof *corpus; i++) {
        term_t forms = load_forms(corpus[i]);
        lint_diags d = {0};
        cr_assert_eq(compile_forms(forms, NULL, &m, &d), COMPILE_OK);
        compile_module_free(m);
        lint_diags_free(&d);
    }
    /* and a module with errors */
    char p[768];
    snprintf(p, sizeof p, "%s/lint/l_vars.etf", data_dir());
    term_t forms = load_forms_from(p);
    lint_diags d = {0};
    cr_assert_eq(compile_forms(forms, NULL, &m, &d), COMPILE_ERROR);
    lint_diags_free(&d);
    alloc_stat temp1, code1, sys1, mod1, lit1;
    alloc_get_stat(ALLOC_TEMP, &temp1);
    alloc_get_stat(ALLOC_CODE, &code1);
    alloc_get_stat(ALLOC_MODULE, &mod1);
    alloc_get_stat(ALLOC_LITERAL, &lit1);
    cr_expect_eq(mod1.blocks, mod0.blocks, "module blocks: %llu before, %llu after",
                 (unsigned long long)mod0.blocks, (unsigned long long)mod1.blocks);
    cr_expect_eq(lit1.size, lit0.size, "literal: %llu before, %llu after", (unsigned long long)lit0.size,
                 (unsigned long long)lit1.size);
    alloc_get_stat(ALLOC_SYSTEM, &sys1);
    cr_expect_eq(temp1.size, temp0.size, "temp: %llu before, %llu after", (unsigned long long)temp0.size,
                 (unsigned long long)temp1.size);
    cr_expect_eq(code1.size, code0.size, "code: %llu before, %llu after", (unsigned long long)code0.size,
                 (unsigned long long)code1.size);
    cr_expect_eq(sys1.size, sys0.size, "system: %llu before, %llu after", (unsigned long long)sys0.size,
                 (unsigned long long)sys1.size);
}
