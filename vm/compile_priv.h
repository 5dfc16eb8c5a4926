/* compile_priv.h: what the parts of the compiler share (compile.c,
 * compile_lower.c, compile_gen.c, compile_pat.c, compile_bin.c,
 * compile_asm.c): the intermediate representation the lowering pass builds
 * from OTP's abstract format, and the code buffer the generator fills.
 * Nothing outside vm/compile*.c includes it. Ownership: every IR node lives
 * in the compilation's arena and dies with it; literal terms live on the
 * module's literal heap from the moment they are made. */
#ifndef VM_COMPILE_PRIV_H
#define VM_COMPILE_PRIV_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "code.h"
#include "compile.h"
#include "lint.h"

/* Deepest expression nesting the compiler accepts (see compile.h). */
#define CC_MAX_DEPTH COMPILE_MAX_DEPTH

/* ---- atoms the compiler names (interned once) ---------------------------- */

#define CC_ATOMS(X) \
    X(var, "var") \
    X(integer, "integer") \
    X(float_, "float") \
    X(string, "string") \
    X(char_, "char") \
    X(atom, "atom") \
    X(cons, "cons") \
    X(nil, "nil") \
    X(tuple, "tuple") \
    X(map, "map") \
    X(map_field_assoc, "map_field_assoc") \
    X(map_field_exact, "map_field_exact") \
    X(bin, "bin") \
    X(bin_element, "bin_element") \
    X(op, "op") \
    X(match, "match") \
    X(call, "call") \
    X(remote, "remote") \
    X(case_, "case") \
    X(if_, "if") \
    X(receive_, "receive") \
    X(try_, "try") \
    X(catch_, "catch") \
    X(fun_, "fun") \
    X(named_fun, "named_fun") \
    X(block, "block") \
    X(lc, "lc") \
    X(bc, "bc") \
    X(generate, "generate") \
    X(b_generate, "b_generate") \
    X(record, "record") \
    X(record_field, "record_field") \
    X(record_index, "record_index") \
    X(typed_record_field, "typed_record_field") \
    X(clause, "clause") \
    X(clauses, "clauses") \
    X(function, "function") \
    X(attribute, "attribute") \
    X(eof, "eof") \
    X(error, "error") \
    X(warning, "warning") \
    X(default_, "default") \
    X(big, "big") \
    X(little, "little") \
    X(native, "native") \
    X(signed_, "signed") \
    X(unsigned_, "unsigned") \
    X(binary, "binary") \
    X(bits, "bits") \
    X(bitstring, "bitstring") \
    X(bytes, "bytes") \
    X(utf8, "utf8") \
    X(utf16, "utf16") \
    X(utf32, "utf32") \
    X(unit, "unit") \
    X(andalso, "andalso") \
    X(orelse, "orelse") \
    X(not_, "not") \
    X(and_, "and") \
    X(or_, "or") \
    X(xor_, "xor") \
    X(export, "export") \
    X(import, "import") \
    X(compile, "compile") \
    X(module, "module") \
    X(file, "file") \
    X(export_all, "export_all") \
    X(no_auto_import, "no_auto_import") \
    X(record_info, "record_info") \
    X(fields, "fields") \
    X(size, "size") \
    X(vsn, "vsn") \
    X(get_module_info, "get_module_info") \
    X(module_info, "module_info") \
    X(bad_generator, "bad_generator") \
    X(bad_filter, "bad_filter") \
    X(underscore, "_") \
    X(true_, "true") \
    X(false_, "false") \
    X(undefined, "undefined") \
    X(erlang, "erlang") \
    X(maps, "maps") \
    X(get, "get") \
    X(is_key, "is_key") \
    X(map_get, "map_get") \
    X(is_map_key, "is_map_key") \
    X(map_size, "map_size") \
    X(plus, "+") \
    X(minus, "-") \
    X(times, "*") \
    X(slash, "/") \
    X(div_, "div") \
    X(rem_, "rem") \
    X(band, "band") \
    X(bor, "bor") \
    X(bxor, "bxor") \
    X(bsl, "bsl") \
    X(bsr, "bsr") \
    X(bnot, "bnot") \
    X(eqeq, "==") \
    X(ne, "/=") \
    X(le, "=<") \
    X(lt, "<") \
    X(ge, ">=") \
    X(gt, ">") \
    X(eq_exact, "=:=") \
    X(ne_exact, "=/=") \
    X(plusplus, "++") \
    X(minusminus, "--") \
    X(bang, "!") \
    X(is_record, "is_record") \
    X(apply, "apply") \
    X(make_fun, "make_fun") \
    X(version, "version") \
    X(options, "options") \
    X(source, "source") \
    X(badarg, "badarg") \
    X(all, "all") \
    X(type, "type") \
    X(opaque, "opaque") \
    X(spec, "spec") \
    X(callback, "callback") \
    X(export_type, "export_type") \
    X(on_load, "on_load") \
    X(optional_callbacks, "optional_callbacks") \
    X(shell_default, "shell_default") \
    X(is_integer, "is_integer") \
    X(is_float, "is_float") \
    X(is_number, "is_number") \
    X(is_atom, "is_atom") \
    X(is_boolean, "is_boolean") \
    X(is_pid, "is_pid") \
    X(is_reference, "is_reference") \
    X(is_port, "is_port") \
    X(is_list, "is_list") \
    X(is_tuple, "is_tuple") \
    X(is_binary, "is_binary") \
    X(is_bitstring, "is_bitstring") \
    X(is_map, "is_map") \
    X(is_function, "is_function") \
    X(number, "number") \
    X(list, "list") \
    X(pid, "pid") \
    X(port, "port") \
    X(reference, "reference") \
    X(function_, "function") \
    X(element, "element") \
    X(exprs, "exprs")

struct cc_atoms {
#define X(name, text) term_t name;
    CC_ATOMS(X)
#undef X
};
extern struct cc_atoms cca;
void cc_atoms_init(void);

/* ---- arena ---------------------------------------------------------------- */

typedef struct arena_block arena_block;
typedef struct arena {
    arena_block *blocks;
    char *top, *limit;
} arena;
void *cc_alloc(arena *a, size_t size); /* zeroed, 8-byte aligned */
void cc_arena_free(arena *a);

/* ---- the intermediate representation -------------------------------------
 * Expressions, patterns and guards after lowering: records expanded, strings
 * and constant subterms folded into literals, calls resolved (local,
 * BIF, remote), funs and comprehensions lifted into functions of their own.
 * Variables are numbered per function clause (IR_VAR.i); a pattern
 * occurrence that binds carries IRF_BIND, any other occurrence compares
 * (in patterns) or reads (in expressions). IR_ARG reads argument register
 * i of the function directly (captured free variables of a lifted fun or
 * comprehension function, which sit after its explicit arguments). */
typedef enum ir_kind {
    IR_LIT,       /* a: the literal term (on the literal heap) */
    IR_VAR,       /* i: variable number; IRF_BIND in patterns */
    IR_ARG,       /* i: argument register */
    IR_WILD,      /* `_` in a pattern */
    IR_LIST,      /* k[0..n-1) elements, k[n-1] the tail; n >= 2 */
    IR_TUPLE,     /* k[0..n) */
    IR_MAP,       /* expression: k[0] the map updated or NULL; k[1..n) IR_PAIRs */
    IR_MAPPAT,    /* pattern: k[0..n) IR_PAIRs (key expression, value pattern) */
    IR_PAIR,      /* k[0] key, k[1] value; IRF_EXACT for := */
    IR_BIN,       /* k[0..n) IR_SEGs */
    IR_SEG,       /* k[0] value, k[1] size or NULL (default); i: BS_* kind;
                   * j: unit (0: the type's default); flags: IRF_SIGNED,
                   * IRF_LITTLE, IRF_NATIVE, IRF_ALL (size is `all`);
                   * in patterns, a: the segment's bits when its value and
                   * size are literal (matched as a string), else 0;
                   * in expressions, seg: its number in the source binary
                   * (BS_SEGNO_SHIFT) */
    IR_OP,        /* a: the operator atom; k[0..n), n = 1 or 2 */
    IR_ANDALSO,   /* k[0], k[1] */
    IR_ORELSE,    /* k[0], k[1] */
    IR_MATCH,     /* k[0] pattern = k[1] expression */
    IR_CALL,      /* i: function index; k[0..n) arguments; j: 1 for the call
                   * of a binary comprehension's first generator (OTP
                   * makes its list before the generator's letrec) */
    IR_BIF,       /* erlang:a/n: k[0..n) arguments */
    IR_RCALL,     /* k[0] module, k[1] function, k[2..n) arguments */
    IR_FCALL,     /* k[0] the fun, k[1..n) arguments */
    IR_SELF_FUN,  /* i: lambda index; the running lambda's own fun (named funs) */
    IR_MAKE_FUN,  /* i: lambda index; k[0..n) the captured values; j: 1 when
                   * OTP makes no fun here (the value is unused, or only
                   * called: OTP calls the function instead); the lambda
                   * table notices, nothing else */
    IR_CASE,      /* k[0] the subject; cl[0..ncl) */
    IR_IF,        /* cl[0..ncl) */
    IR_RECEIVE,   /* cl[0..ncl); k[0] the after timeout or NULL, b[0..nb) its body */
    IR_TRY,       /* k[0..n) body; cl[0..ncl) of clauses (IRF_OF), cl2[0..ncl2)
                   * catch clauses (patterns: class, reason, stacktrace);
                   * b[0..nb) after body (IRF_AFTER); j: 1 when OTP would
                   * lift the after body into a function of its own (a
                   * large one; only the numbering of funs notices) */
    IR_CATCH,     /* k[0] */
    IR_BLOCK,     /* k[0..n) */
    IR_REC_GET,   /* k[0] record; a: its name, i: tuple size, j: element index (0-based) */
    IR_REC_SET,   /* k[0] record; a, i as IR_REC_GET; k[1..n) IR_PAIRs, pair.i =
                   * element index, pair.k[1] the value; the values are
                   * evaluated before the record (as OTP does) */
    IR_IS_RECORD, /* k[0]; a: name, i: tuple size */
    IR_GSEQ,      /* guard sequence G1; G2: k[0..n) IR_GCONJ */
    IR_GCONJ,     /* guard G: k[0..n) tests, all must be true */
} ir_kind;

enum {
    IRF_BIND = 1u << 0,
    IRF_EXACT = 1u << 1,
    IRF_SIGNED = 1u << 2,
    IRF_LITTLE = 1u << 3,
    IRF_NATIVE = 1u << 4,
    IRF_ALL = 1u << 5,
    IRF_OF = 1u << 6,
    IRF_AFTER = 1u << 7,
};

typedef struct ir ir;
typedef struct ir_clause {
    ir **pats;
    uint32_t npats;
    ir *guard; /* IR_GSEQ or NULL */
    ir **body;
    uint32_t nbody;
    uint32_t line;
    uint32_t nvars; /* function clauses: variables numbered 0..nvars */
} ir_clause;

struct ir {
    uint8_t kind;
    uint8_t flags;
    uint32_t line;
    uint32_t n, nb, ncl, ncl2;
    uint32_t i, j;
    uint32_t seg; /* IR_SEG only */
    term_t a;
    ir **k, **b;
    ir_clause *cl, *cl2;
};

/* ---- functions, lambdas, records ------------------------------------------ */

/* What a function is: one of the module's own, or lifted out of one (a
 * fun, a list or binary comprehension's generator). Lifted functions are
 * named as OTP 25 names them, which takes two numbers: N, the order in
 * which v3_core meets funs, `fun f/A`, generators and large `after`
 * blocks in a module function (cc_lower numbers them), and M, the order in
 * which v3_kernel meets the letrecs (generators and named funs that call
 * themselves) in evaluation order (the generator numbers them):
 * '-f/1-fun-N-', '-f/1-lc$^N/1-M-', '-f/1-lbc$^N/2-M-', '-f/1-Name/A-M-'. */
typedef enum cc_kind { CC_TOP, CC_FUN, CC_LC, CC_BC } cc_kind;

/* What OTP's optimiser does with a fun (we make and call them all the
 * same; only where OTP's code and tables have them changes): keeps it;
 * drops it, its value unused (`fun ... end, ...`, `_ = fun ...`, a
 * variable never read), with the funs inside; or inlines it, applied
 * where it is made to simple arguments (`(fun (X) -> ... end)(A)`,
 * `F = fun ..., F(A)` with F read nowhere else). */
typedef enum cc_fate { CC_KEEP, CC_DROPPED, CC_INLINED } cc_fate;

typedef struct cc_func {
    term_t name;        /* lifted functions: set by the generator */
    unsigned arity;     /* of the code: for lifted funs, fun arity + free */
    unsigned hdr_arity; /* what the header reports (a fun's own arity) */
    bool exported;
    int lambda; /* lambda index, or -1 */
    uint32_t line;
    ir_clause *cl;
    uint32_t ncl;
    uint32_t header_label, entry_label; /* set by the generator */
    /* lifted functions: */
    uint8_t kind;       /* cc_kind */
    uint32_t owner;     /* the module function it was lifted out of */
    uint32_t core_n;    /* N above */
    term_t self_name;   /* a named fun whose body uses its name: the name;
                         * else THE_NON_VALUE */
    uint8_t fate;       /* cc_fate (funs) */
} cc_func;

/* Lambda indices (the module's lambda table, NEW_FUN_EXT's Index) are
 * OTP's: in the order the code makes the funs, the code laid out as OTP
 * does (the module's functions, then lifted ones in reverse order of
 * lifting). `index` is set by the generator, which also puts the table in
 * that order before assembly. */
typedef struct cc_lambda {
    term_t name;
    unsigned arity, num_free; /* arity: of the lifted function */
    uint32_t func;            /* function index */
    uint32_t index;           /* position in the lambda table */
} cc_lambda;

typedef struct cc_record {
    term_t name;
    uint32_t nfields;
    term_t *fields;   /* field names */
    term_t *defaults; /* abstract expression, or THE_NON_VALUE */
} cc_record;

/* ---- the code buffer ------------------------------------------------------ */

typedef struct cc_fixup {
    uint32_t pos, label;
} cc_fixup;

typedef struct cc_code {
    code_t *w;
    size_t n, cap;
    uint32_t *labels; /* label -> offset, UINT32_MAX while unbound */
    uint32_t nlabels, labels_cap;
    cc_fixup *fix;
    size_t nfix, fix_cap;
    code_line *lines;
    size_t nlines, lines_cap;
} cc_code;

/* ---- the compilation --------------------------------------------------------- */

typedef struct cc_state {
    arena ar;
    heap_t *lit; /* the module's literal heap */
    module_code *mc;
    term_t module;
    const char *file;
    lint_diags *diags;
    jmp_buf fail; /* internal errors: cc_fail longjmps here (this module only) */
    char errmsg[256];
    uint32_t errline;

    cc_func *funcs;
    uint32_t nfuncs, funcs_cap;
    uint32_t ntop; /* functions 0..ntop are the module's own (callable by name) */
    cc_lambda *lambdas;
    uint32_t nlambdas, lambdas_cap;
    cc_record *records;
    uint32_t nrecords, records_cap;
    struct {
        term_t f, m;
        unsigned a;
    } *imports;
    uint32_t nimports, imports_cap;
    bool export_all, no_auto_all;
    struct {
        term_t f;
        unsigned a;
    } *no_auto;
    uint32_t nno_auto, no_auto_cap;
    term_t shell_local; /* compile_exprs: module for unknown local calls */

    uint32_t synth; /* counter of synthetic variable names */
    cc_code code;
} cc_state;

/* Internal error (malformed forms, limits): records the message and
 * unwinds to the compilation's entry point. */
_Noreturn void cc_fail(cc_state *cs, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Growable arrays (cc_grow: malloc-backed, aborts on OOM through alloc). */
void *cc_grow(void *p, uint32_t *cap, uint32_t need, size_t elem);

/* ---- term helpers on abstract format (compile_lower.c) ---------------------- */

/* Tuple {Tag, ...} of arity n whose first element is atom tag. */
bool cc_is(term_t t, term_t tag, unsigned n);
/* The line of an annotation (Line, {Line, Col}, or a list holding
 * {location, ...}); 0 when there is none. */
uint32_t cc_anno_line(term_t anno);
/* Number of elements of a proper list, or -1. */
int64_t cc_list_len(term_t l);

/* ---- lowering (compile_lower.c) ------------------------------------------------ */

/* Scans the forms for the module-level facts (records, imports, compile
 * options, functions) and lowers every function; adds module_info/0,1. */
void cc_lower_module(cc_state *cs, term_t forms);
/* compile_exprs: lowers `exprs` into function 0 of arity nbound. */
void cc_lower_exprs(cc_state *cs, term_t exprs, const term_t *bound, size_t nbound, term_t fname);
/* Copies a term made of data (no funs, pids, refs) onto the literal heap. */
term_t cc_lit_copy(cc_state *cs, term_t t);
/* An atom from printf-style text (cc_fail when it cannot be made). */
term_t cc_fmt_atom(cc_state *cs, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- layout (compile_layout.c) ----------------------------------------------------- */

/* Names the lifted functions and fills order[0..nfuncs) with the order
 * OTP's code has the module's functions in (see cc_func, cc_lambda). */
void cc_lay_out(cc_state *cs, uint32_t *order);
/* After code generation: leaves cs->funcs in `order` and cs->lambdas in
 * the order the code makes funs, as cc_assemble wants them. */
void cc_reorder_tables(cc_state *cs, const uint32_t *order);

/* ---- code generation (compile_gen.c, compile_pat.c, compile_bin.c) -------------- */

/* Names the lifted functions, decides the layout of the code and the
 * lambda table as OTP does (see cc_func, cc_lambda), generates every
 * function, and leaves cs->funcs and cs->lambdas in that order for
 * cc_assemble (function and lambda indices in the IR are stale after). */
void cc_gen_module(cc_state *cs);

/* Out-of-line failure code, emitted after the function's clauses. */
enum { COLD_BADMATCH, COLD_CASE_END, COLD_TRY_CASE_END, COLD_BADRECORD, COLD_IF_END, COLD_BADARG };
typedef struct cc_cold {
    uint32_t label;
    uint8_t kind;
    code_t src;
    uint32_t b; /* COLD_BADARG: a free register area for the call */
    uint32_t line;
} cc_cold;

/* The generator's state for one function. Registers: the function's
 * arguments, then one per variable of the clause, then temporaries and
 * call areas allocated stack-like from `top`; `maxreg` is the frame size
 * N so far. */
typedef struct gen {
    cc_state *cs;
    cc_func *f;
    uint32_t fi;
    uint32_t *varreg;
    uint32_t nvars;
    uint32_t top, maxreg;
    unsigned depth;
    cc_cold *cold;
    uint32_t ncold, cold_cap;
} gen;

#define NO_DST (-1)

/* compile_gen.c */
void cg_op(gen *g, opcode op);
void cg_R(gen *g, uint32_t r);
void cg_S(gen *g, code_t s);
void cg_L(gen *g, uint32_t label); /* 0: no label (raise) */
void cg_I(gen *g, uint64_t n);
void cg_T(gen *g, term_t t);
uint32_t cg_temp(gen *g);
void cg_use(gen *g, uint32_t r);
code_t cg_to(gen *g, code_t src, int dst);
/* The value of e: in register dst when dst >= 0, else wherever it is (a
 * variable's register, a literal, a new temporary). fail: 0 in bodies
 * (errors raise), a label in guards (errors jump there). */
code_t cg_val(gen *g, ir *e, int dst, uint32_t fail);
uint32_t cg_cold(gen *g, uint8_t kind, code_t src, uint32_t line);
const bif_entry *cg_bif(gen *g, term_t name, unsigned arity, bool guard, uint32_t line);

/* compile_pat.c */
void cg_match(gen *g, ir *p, code_t src, uint32_t fail);
void cg_guard(gen *g, ir *gseq, uint32_t fail);
void cg_cond(gen *g, ir *e, bool neg, uint32_t ljump, uint32_t lerr);
bool cg_is_test(gen *g, ir *e);

/* compile_bin.c */
code_t cg_bin_build(gen *g, ir *e, int dst, uint32_t fail);
void cg_bin_match(gen *g, ir *p, code_t src, uint32_t fail);

/* ---- assembly (compile_asm.c) -------------------------------------------------- */

uint32_t cc_new_label(cc_state *cs);
void cc_bind_label(cc_state *cs, uint32_t label);
void cc_emit(cc_state *cs, code_t w);
void cc_emit_label_ref(cc_state *cs, uint32_t label); /* an L operand */
/* The code emitted from here on is of source line `line` (0: the line in
 * effect stays). */
void cc_set_line(cc_state *cs, uint32_t line);
/* Appends the line entry {offset, line} as it is, for code moved after it
 * was emitted (the caller keeps the table sorted). */
void cc_add_line(cc_code *c, uint32_t offset, uint32_t line);
/* Builds mc->code etc. from the buffer: resolves labels to addresses,
 * fills funcs/lambdas/lines, computes md5. */
void cc_assemble(cc_state *cs);
void cc_md5(const uint8_t *data, size_t len, uint8_t out[16]);
/* Calls fn (when not NULL) for each operand of the instruction at w[i]
 * (its kind letter and word index); returns the index of the next
 * instruction. */
size_t cc_walk_instr(const code_t *w, size_t i, void (*fn)(void *ctx, char kind, size_t pos), void *ctx);

/* A literal operand for an S or T position: immediates as they are, boxed
 * terms must already be on the literal heap. */
static inline code_t cc_lit(term_t t) { return (code_t)t; }

#endif
