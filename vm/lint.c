/* lint.c: erl_lint's default checks on abstract-format terms, with OTP
 * 25's texts and locations and erlc's ordering (lint.h); and erl_internal's
 * tables of guard BIFs, auto-imported BIFs and operators. */
#include "lint.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "copy.h"

/* ---- diagnostics --------------------------------------------------------------- */

/* The strings of a diagnostic are copies the list owns. */
void lint_diags_add(lint_diags *d, const char *file, uint32_t line, uint32_t col, bool warning, const char *text)
{
    if (d->n == d->cap) {
        size_t nc = d->cap ? d->cap * 2 : 16;
        d->v = alloc_resize(ALLOC_SYSTEM, d->v, d->cap * sizeof *d->v, nc * sizeof *d->v);
        d->cap = nc;
    }
    d->v[d->n++] = (lint_diag){alloc_strdup(ALLOC_SYSTEM, file ? file : "nofile"), line, col, warning,
                               alloc_strdup(ALLOC_SYSTEM, text)};
}

void lint_diags_free(lint_diags *d)
{
    for (size_t i = 0; i < d->n; i++) {
        alloc_strfree(ALLOC_SYSTEM, d->v[i].file);
        alloc_strfree(ALLOC_SYSTEM, d->v[i].text);
    }
    alloc_free(ALLOC_SYSTEM, d->v, d->cap * sizeof *d->v);
    d->v = NULL;
    d->n = d->cap = 0;
}

size_t lint_diag_format(const lint_diag *d, char *buf, size_t cap)
{
    const char *w = d->warning ? "Warning: " : "";
    int n;
    if (d->line == 0)
        n = snprintf(buf, cap, "%s: %s%s", d->file, w, d->text);
    else if (d->col == 0)
        n = snprintf(buf, cap, "%s:%u: %s%s", d->file, d->line, w, d->text);
    else
        n = snprintf(buf, cap, "%s:%u:%u: %s%s", d->file, d->line, d->col, w, d->text);
    return n < 0 ? 0 : (size_t)n;
}

size_t lint_errors(const lint_diags *d)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++)
        n += !d->v[i].warning;
    return n;
}

/* ---- erl_internal ------------------------------------------------------------------ */

typedef struct fa {
    const char *name;
    unsigned arity;
} fa;

static const fa guard_bifs[] = {
    {"abs", 1},     {"binary_part", 2}, {"binary_part", 3}, {"bit_size", 1}, {"byte_size", 1},   {"ceil", 1},
    {"element", 2}, {"float", 1},       {"floor", 1},       {"hd", 1},       {"is_map_key", 2},  {"length", 1},
    {"map_size", 1}, {"map_get", 2},    {"node", 0},        {"node", 1},     {"round", 1},       {"self", 0},
    {"size", 1},    {"tl", 1},          {"trunc", 1},       {"tuple_size", 1},
};

static const fa type_tests[] = {
    {"is_atom", 1},     {"is_binary", 1}, {"is_bitstring", 1}, {"is_boolean", 1},   {"is_float", 1},
    {"is_function", 1}, {"is_function", 2}, {"is_integer", 1}, {"is_list", 1},      {"is_map", 1},
    {"is_number", 1},   {"is_pid", 1},    {"is_port", 1},      {"is_record", 2},    {"is_record", 3},
    {"is_reference", 1}, {"is_tuple", 1},
};

static const fa old_type_tests[] = {
    {"integer", 1}, {"float", 1},  {"number", 1},    {"atom", 1},     {"list", 1},    {"tuple", 1},
    {"pid", 1},     {"port", 1},   {"reference", 1}, {"binary", 1},   {"record", 2},  {"function", 1},
};

static const fa auto_bifs[] = {
    {"abs", 1}, {"alias", 0}, {"alias", 1}, {"apply", 2}, {"apply", 3}, {"atom_to_binary", 1},
    {"atom_to_binary", 2}, {"atom_to_list", 1}, {"binary_part", 2}, {"binary_part", 3}, {"binary_to_atom", 1},
    {"binary_to_atom", 2}, {"binary_to_existing_atom", 1}, {"binary_to_existing_atom", 2},
    {"binary_to_integer", 1}, {"binary_to_integer", 2}, {"binary_to_float", 1}, {"binary_to_list", 1},
    {"binary_to_list", 3}, {"binary_to_term", 1}, {"binary_to_term", 2}, {"bitsize", 1}, {"bit_size", 1},
    {"bitstring_to_list", 1}, {"byte_size", 1}, {"ceil", 1}, {"check_old_code", 1}, {"check_process_code", 2},
    {"check_process_code", 3}, {"date", 0}, {"delete_module", 1}, {"demonitor", 1}, {"demonitor", 2},
    {"disconnect_node", 1}, {"element", 2}, {"erase", 0}, {"erase", 1}, {"error", 1}, {"error", 2},
    {"error", 3}, {"exit", 1}, {"exit", 2}, {"float", 1}, {"float_to_list", 1}, {"float_to_list", 2},
    {"float_to_binary", 1}, {"float_to_binary", 2}, {"floor", 1}, {"garbage_collect", 0},
    {"garbage_collect", 1}, {"garbage_collect", 2}, {"get", 0}, {"get", 1}, {"get_keys", 0}, {"get_keys", 1},
    {"group_leader", 0}, {"group_leader", 2}, {"halt", 0}, {"halt", 1}, {"halt", 2}, {"hd", 1},
    {"integer_to_binary", 1}, {"integer_to_binary", 2}, {"integer_to_list", 1}, {"integer_to_list", 2},
    {"iolist_size", 1}, {"iolist_to_binary", 1}, {"is_alive", 0}, {"is_process_alive", 1}, {"is_atom", 1},
    {"is_boolean", 1}, {"is_binary", 1}, {"is_bitstring", 1}, {"is_float", 1}, {"is_function", 1},
    {"is_function", 2}, {"is_integer", 1}, {"is_list", 1}, {"is_map", 1}, {"is_map_key", 2},
    {"is_number", 1}, {"is_pid", 1}, {"is_port", 1}, {"is_reference", 1}, {"is_tuple", 1}, {"is_record", 2},
    {"is_record", 3}, {"length", 1}, {"link", 1}, {"list_to_atom", 1}, {"list_to_binary", 1},
    {"list_to_bitstring", 1}, {"list_to_existing_atom", 1}, {"list_to_float", 1}, {"list_to_integer", 1},
    {"list_to_integer", 2}, {"list_to_pid", 1}, {"list_to_port", 1}, {"list_to_ref", 1},
    {"list_to_tuple", 1}, {"load_module", 2}, {"make_ref", 0}, {"map_size", 1}, {"map_get", 2}, {"max", 2},
    {"min", 2}, {"module_loaded", 1}, {"monitor", 2}, {"monitor", 3}, {"monitor_node", 2}, {"node", 0},
    {"node", 1}, {"nodes", 0}, {"nodes", 1}, {"nodes", 2}, {"now", 0}, {"open_port", 2}, {"pid_to_list", 1},
    {"port_to_list", 1}, {"port_close", 1}, {"port_command", 2}, {"port_command", 3}, {"port_connect", 2},
    {"port_control", 3}, {"pre_loaded", 0}, {"process_flag", 2}, {"process_flag", 3}, {"process_info", 1},
    {"process_info", 2}, {"processes", 0}, {"purge_module", 1}, {"put", 2}, {"ref_to_list", 1},
    {"register", 2}, {"registered", 0}, {"round", 1}, {"self", 0}, {"setelement", 3}, {"size", 1},
    {"spawn", 1}, {"spawn", 2}, {"spawn", 3}, {"spawn", 4}, {"spawn_link", 1}, {"spawn_link", 2},
    {"spawn_link", 3}, {"spawn_link", 4}, {"spawn_request", 1}, {"spawn_request", 2}, {"spawn_request", 3},
    {"spawn_request", 4}, {"spawn_request", 5}, {"spawn_request_abandon", 1}, {"spawn_monitor", 1},
    {"spawn_monitor", 2}, {"spawn_monitor", 3}, {"spawn_monitor", 4}, {"spawn_opt", 2}, {"spawn_opt", 3},
    {"spawn_opt", 4}, {"spawn_opt", 5}, {"split_binary", 2}, {"statistics", 1}, {"term_to_binary", 1},
    {"term_to_binary", 2}, {"term_to_iovec", 1}, {"term_to_iovec", 2}, {"throw", 1}, {"time", 0}, {"tl", 1},
    {"trunc", 1}, {"tuple_size", 1}, {"tuple_to_list", 1}, {"unalias", 1}, {"unlink", 1}, {"unregister", 1},
    {"whereis", 1},
};

/* erl_internal:old_bif/2: auto-imported before R14 (a local function of the
 * same name and arity is then an error, not a warning). */
static const fa old_bifs[] = {
    {"abs", 1}, {"apply", 2}, {"apply", 3}, {"atom_to_list", 1}, {"binary_to_list", 1}, {"binary_to_list", 3},
    {"binary_to_term", 1}, {"bitsize", 1}, {"bit_size", 1}, {"bitstring_to_list", 1}, {"byte_size", 1},
    {"check_process_code", 2}, {"date", 0}, {"delete_module", 1}, {"disconnect_node", 1}, {"element", 2},
    {"erase", 0}, {"erase", 1}, {"exit", 1}, {"exit", 2}, {"float", 1}, {"float_to_list", 1},
    {"garbage_collect", 0}, {"garbage_collect", 1}, {"get", 0}, {"get", 1}, {"get_keys", 1},
    {"group_leader", 0}, {"group_leader", 2}, {"halt", 0}, {"halt", 1}, {"hd", 1}, {"integer_to_list", 1},
    {"iolist_size", 1}, {"iolist_to_binary", 1}, {"is_alive", 0}, {"is_process_alive", 1}, {"is_atom", 1},
    {"is_boolean", 1}, {"is_binary", 1}, {"is_bitstring", 1}, {"is_float", 1}, {"is_function", 1},
    {"is_function", 2}, {"is_integer", 1}, {"is_list", 1}, {"is_number", 1}, {"is_pid", 1}, {"is_port", 1},
    {"is_reference", 1}, {"is_tuple", 1}, {"is_record", 2}, {"is_record", 3}, {"length", 1}, {"link", 1},
    {"list_to_atom", 1}, {"list_to_binary", 1}, {"list_to_bitstring", 1}, {"list_to_existing_atom", 1},
    {"list_to_float", 1}, {"list_to_integer", 1}, {"list_to_pid", 1}, {"list_to_tuple", 1},
    {"load_module", 2}, {"make_ref", 0}, {"monitor_node", 2}, {"node", 0}, {"node", 1}, {"nodes", 0},
    {"nodes", 1}, {"now", 0}, {"open_port", 2}, {"pid_to_list", 1}, {"port_close", 1}, {"port_command", 2},
    {"port_connect", 2}, {"port_control", 3}, {"pre_loaded", 0}, {"process_flag", 2}, {"process_flag", 3},
    {"process_info", 1}, {"process_info", 2}, {"processes", 0}, {"purge_module", 1}, {"put", 2},
    {"register", 2}, {"registered", 0}, {"round", 1}, {"self", 0}, {"setelement", 3}, {"size", 1},
    {"spawn", 1}, {"spawn", 2}, {"spawn", 3}, {"spawn", 4}, {"spawn_link", 1}, {"spawn_link", 2},
    {"spawn_link", 3}, {"spawn_link", 4}, {"spawn_opt", 2}, {"spawn_opt", 3}, {"spawn_opt", 4},
    {"spawn_opt", 5}, {"split_binary", 2}, {"statistics", 1}, {"term_to_binary", 1}, {"term_to_binary", 2},
    {"throw", 1}, {"time", 0}, {"tl", 1}, {"trunc", 1}, {"tuple_to_list", 1}, {"unlink", 1},
    {"unregister", 1}, {"whereis", 1},
};

static const char *const arith_ops1[] = {"+", "-", "bnot"};
static const char *const arith_ops2[] = {"+", "-", "*", "/", "div", "rem", "band", "bor", "bxor", "bsl", "bsr"};
static const char *const bool_ops2[] = {"and", "or", "xor"};
static const char *const comp_ops2[] = {"==", "/=", "=<", "<", ">=", ">", "=:=", "=/="};

/* The tables as sets of (atom, arity), built once. */
typedef struct fa_set {
    term_t *atoms;
    unsigned *arities;
    size_t n;
} fa_set;

static fa_set set_guard, set_type, set_old_type, set_auto, set_old_bif, set_ops;
static pthread_once_t sets_once = PTHREAD_ONCE_INIT;

static void build_set(fa_set *s, const fa *t, size_t n)
{
    /* built once, kept for the life of the program */
    s->atoms = alloc_new(ALLOC_SYSTEM, n * sizeof *s->atoms);
    s->arities = alloc_new(ALLOC_SYSTEM, n * sizeof *s->arities);
    for (size_t i = 0; i < n; i++) {
        s->atoms[i] = atom_from_cstr(t[i].name);
        s->arities[i] = t[i].arity;
    }
    s->n = n;
}

static void build_sets(void)
{
    build_set(&set_guard, guard_bifs, sizeof guard_bifs / sizeof *guard_bifs);
    build_set(&set_type, type_tests, sizeof type_tests / sizeof *type_tests);
    build_set(&set_old_type, old_type_tests, sizeof old_type_tests / sizeof *old_type_tests);
    build_set(&set_auto, auto_bifs, sizeof auto_bifs / sizeof *auto_bifs);
    build_set(&set_old_bif, old_bifs, sizeof old_bifs / sizeof *old_bifs);
    fa ops[32];
    size_t n = 0;
    for (size_t i = 0; i < 3; i++)
        ops[n++] = (fa){arith_ops1[i], 1};
    ops[n++] = (fa){"not", 1};
    for (size_t i = 0; i < sizeof arith_ops2 / sizeof *arith_ops2; i++)
        ops[n++] = (fa){arith_ops2[i], 2};
    for (size_t i = 0; i < 3; i++)
        ops[n++] = (fa){bool_ops2[i], 2};
    for (size_t i = 0; i < 8; i++)
        ops[n++] = (fa){comp_ops2[i], 2};
    build_set(&set_ops, ops, n);
}

static bool in_set(fa_set *s, term_t name, unsigned arity)
{
    pthread_once(&sets_once, build_sets);
    for (size_t i = 0; i < s->n; i++)
        if (s->atoms[i] == name && s->arities[i] == arity)
            return true;
    return false;
}

bool lint_is_guard_bif(term_t name, unsigned arity)
{
    return in_set(&set_guard, name, arity) || in_set(&set_type, name, arity);
}
bool lint_is_auto_bif(term_t name, unsigned arity) { return in_set(&set_auto, name, arity); }
bool lint_is_type_test(term_t name, unsigned arity)
{
    return in_set(&set_type, name, arity) || in_set(&set_old_type, name, arity);
}
bool lint_is_guard_op(term_t op, unsigned arity) { return in_set(&set_ops, op, arity); }
static bool is_old_bif(term_t name, unsigned arity) { return in_set(&set_old_bif, name, arity); }
static bool is_old_type_test(term_t name, unsigned arity) { return in_set(&set_old_type, name, arity); }

/* ---- the checker's state --------------------------------------------------------------
 * A port of erl_lint's model: a variable table (vt) maps each variable to
 * its state (bound, unsafe in / exported from a construct, stacktrace),
 * its usage, and the locations that bound it; tables are immutable values
 * combined by update/merge the way erl_lint's orddicts are. Tables live in
 * an arena that is emptied after each form. */

#include "bignum.h"
#include "cmp.h"
#include "heap.h"
#include "lex.h"
#include "tstack.h"

#define LINT_MAX_DEPTH 1000

typedef struct lpos {
    uint32_t line, col;
} lpos;

enum { VS_BOUND, VS_UNSAFE, VS_EXPORT, VS_STACKTRACE };

typedef struct vent {
    term_t name;
    uint8_t state, used;
    term_t tag; /* unsafe/export: {Tag, Where} */
    lpos where;
    uint32_t na;
    lpos *annos; /* sorted, distinct */
} vent;

typedef struct vt {
    uint32_t n;
    vent *v; /* sorted by name */
} vt;

static const vt VT0 = {0, NULL};

typedef struct larena_block {
    struct larena_block *next;
    size_t size;
    char mem[];
} larena_block;

typedef struct larena {
    larena_block *blocks;
    char *top, *limit;
} larena;

typedef struct msg {
    const char *file;
    lpos pos;
    bool none; /* no location */
    term_t desc;
    char *text;
} msg;

typedef struct rec_def {
    term_t name;
    const char *file;
    lpos pos;
    term_t fields; /* normalised: [{record_field, Af, {atom, Aa, F}, V}] */
    bool used;
} rec_def;

typedef struct fa_ent {
    term_t f;
    unsigned a;
} fa_ent;

typedef struct call_ent { /* a local call, for "undefined" and reachability */
    term_t f;
    unsigned a;
    const char *file;
    lpos pos;
    term_t from_f;
    unsigned from_a;
    bool from_export; /* the export attribute's "call" */
} call_ent;

typedef struct type_ent {
    term_t name;
    unsigned arity;
    const char *file;
    lpos pos;
    bool exported;
} type_ent;

typedef struct lst {
    larena ar;  /* per form */
    larena per; /* whole module */
    heap_t heap;
    const char *file;
    term_t module;
    int state; /* 0 start, 1 attribute, 2 function */
    unsigned depth;
    bool too_deep;

    fa_ent *exports;
    size_t nexports, exports_cap;
    struct {
        fa_ent fa;
        term_t m;
    } *imports;
    size_t nimports, imports_cap;
    term_t compile; /* flattened compile options (list) */
    bool export_all, no_auto_all;
    fa_ent *no_auto;
    size_t nno_auto, no_auto_cap;
    fa_ent *locals;
    size_t nlocals, locals_cap;
    fa_ent *defined;
    size_t ndefined, defined_cap;
    rec_def *records;
    size_t nrecords, records_cap;
    call_ent *calls;
    size_t ncalls, calls_cap;
    type_ent *types;
    size_t ntypes, types_cap;
    struct {
        fa_ent fa;
        const char *file;
        lpos pos;
    } *used_types, *specs;
    size_t nused_types, used_types_cap, nspecs, specs_cap;
    fa_ent *on_load;
    size_t non_load, on_load_cap;
    const char *on_load_file;
    lpos on_load_pos;

    term_t func_f;
    unsigned func_a;
    bool recdef_top;
    int gexpr_context; /* 0 guard, 1 bin_seg_size, 2 map_key */
    bool (*local_cb)(void *ctx, term_t f, unsigned a); /* lint_is_guard_test */
    void *local_ctx;
    vt *bvt;           /* binary-pattern variables, or NULL */

    msg *errors, *warnings;
    size_t nerrors, errors_cap, nwarnings, warnings_cap;
} lst;

/* ---- memory ---- */

static void *la_alloc(larena *a, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    if ((size_t)(a->limit - a->top) < size) {
        size_t bs = size > 16384 ? size : 65536;
        larena_block *b = alloc_new(ALLOC_TEMP, sizeof *b + bs);
        b->size = bs;
        b->next = a->blocks;
        a->blocks = b;
        a->top = b->mem;
        a->limit = b->mem + bs;
    }
    void *p = a->top;
    a->top += size;
    return p;
}

static void la_free(larena *a)
{
    for (larena_block *b = a->blocks; b;) {
        larena_block *n = b->next;
        alloc_free(ALLOC_TEMP, b, sizeof *b + b->size);
        b = n;
    }
    a->blocks = NULL;
    a->top = a->limit = NULL;
}

#define GROW(st, arr, n, cap)                                                                               \
    do {                                                                                                    \
        if ((n) == (cap)) {                                                                                 \
            size_t nc_ = (cap) ? (cap) * 2 : 16;                                                            \
            (arr) = alloc_resize(ALLOC_TEMP, (arr), (cap) * sizeof *(arr), nc_ * sizeof *(arr));            \
            (cap) = nc_;                                                                                    \
        }                                                                                                   \
    } while (0)

/* ---- atoms ---- */

#define LA(X)                                                                                               \
    X(var, "var") X(integer, "integer") X(float_, "float") X(string, "string") X(char_, "char")            \
    X(atom, "atom") X(cons, "cons") X(nil, "nil") X(tuple, "tuple") X(map, "map")                          \
    X(map_field_assoc, "map_field_assoc") X(map_field_exact, "map_field_exact") X(bin, "bin")               \
    X(bin_element, "bin_element") X(op, "op") X(match, "match") X(call, "call") X(remote, "remote")        \
    X(case_, "case") X(if_, "if") X(receive_, "receive") X(try_, "try") X(catch_, "catch") X(fun_, "fun")   \
    X(named_fun, "named_fun") X(block, "block") X(lc, "lc") X(bc, "bc") X(generate, "generate")            \
    X(b_generate, "b_generate") X(record, "record") X(record_field, "record_field")                        \
    X(record_index, "record_index") X(typed_record_field, "typed_record_field") X(clause, "clause")        \
    X(clauses, "clauses") X(function, "function") X(attribute, "attribute") X(eof, "eof") X(error, "error") \
    X(warning, "warning") X(default_, "default") X(module, "module") X(export, "export")                   \
    X(import, "import") X(compile, "compile") X(file, "file") X(export_all, "export_all")                  \
    X(no_auto_import, "no_auto_import") X(record_info, "record_info") X(fields, "fields") X(size, "size")   \
    X(underscore, "_") X(erlang, "erlang") X(is_record, "is_record") X(andalso, "andalso")                 \
    X(orelse, "orelse") X(plusplus, "++") X(unit, "unit") X(all, "all") X(binary, "binary")                \
    X(bytes, "bytes") X(bitstring, "bitstring") X(bits, "bits") X(utf8, "utf8") X(utf16, "utf16")          \
    X(utf32, "utf32") X(signed_, "signed") X(unsigned_, "unsigned") X(big, "big") X(little, "little")      \
    X(native, "native") X(type, "type") X(opaque, "opaque") X(spec, "spec") X(callback, "callback")        \
    X(export_type, "export_type") X(on_load, "on_load") X(dialyzer, "dialyzer") X(behaviour, "behaviour")  \
    X(behavior, "behavior") X(optional_callbacks, "optional_callbacks") X(user_type, "user_type")          \
    X(remote_type, "remote_type") X(ann_type, "ann_type") X(location, "location")                          \
    X(nowarn_unused_function, "nowarn_unused_function") X(nowarn_unused_vars, "nowarn_unused_vars")       \
    X(nowarn_unused_record, "nowarn_unused_record") X(nowarn_unused_type, "nowarn_unused_type")            \
    X(nowarn_shadow_vars, "nowarn_shadow_vars") X(warn_export_vars, "warn_export_vars")                    \
    X(nowarn_export_all, "nowarn_export_all") X(clause_, "clause") X(unbound_var, "unbound_var")           \
    X(unsafe_var, "unsafe_var") X(exported_var, "exported_var") X(unused_var, "unused_var")                \
    X(shadowed_var, "shadowed_var") X(undefined_function, "undefined_function")                            \
    X(redefine_function, "redefine_function") X(unused_function, "unused_function")                        \
    X(undefined_record, "undefined_record") X(redefine_record, "redefine_record")                          \
    X(redefine_field, "redefine_field") X(undefined_field, "undefined_field") X(unused_record, "unused_record") \
    X(illegal_pattern, "illegal_pattern") X(illegal_guard_expr, "illegal_guard_expr")                      \
    X(illegal_guard_local_call, "illegal_guard_local_call") X(illegal_expr, "illegal_expr")                \
    X(illegal_bitsize, "illegal_bitsize") X(illegal_bitsize_local_call, "illegal_bitsize_local_call")     \
    X(illegal_map_construction, "illegal_map_construction") X(illegal_bin_pattern, "illegal_bin_pattern")  \
    X(illegal_record_info, "illegal_record_info") X(bad_multi_field_init, "bad_multi_field_init")          \
    X(field_name_is_variable, "field_name_is_variable") X(wildcard_in_update, "wildcard_in_update")        \
    X(variable_in_record_def, "variable_in_record_def") X(stacktrace_guard, "stacktrace_guard")            \
    X(stacktrace_bound, "stacktrace_bound") X(match_underscore_var, "match_underscore_var")                \
    X(match_underscore_var_pat, "match_underscore_var_pat") X(undefined_bittype, "undefined_bittype")      \
    X(bittype_mismatch, "bittype_mismatch") X(bittype_unit, "bittype_unit")                                \
    X(unsized_binary_not_at_end, "unsized_binary_not_at_end") X(typed_literal_string, "typed_literal_string") \
    X(utf_bittype_size_or_unit, "utf_bittype_size_or_unit") X(bad_bitsize, "bad_bitsize")                  \
    X(non_integer_bitsize, "non_integer_bitsize")                                                          \
    X(unsized_binary_in_bin_gen_pattern, "unsized_binary_in_bin_gen_pattern")                             \
    X(undefined_module, "undefined_module") X(redefine_module, "redefine_module")                          \
    X(attribute_, "attribute") X(duplicated_export, "duplicated_export") X(redefine_import, "redefine_import") \
    X(define_import, "define_import") X(call_to_redefined_bif, "call_to_redefined_bif")                    \
    X(call_to_redefined_old_bif, "call_to_redefined_old_bif") X(too_many_arguments, "too_many_arguments")  \
    X(bad_nowarn_unused_function, "bad_nowarn_unused_function") X(bad_on_load, "bad_on_load")             \
    X(multiple_on_loads, "multiple_on_loads") X(bad_on_load_arity, "bad_on_load_arity")                    \
    X(undefined_on_load, "undefined_on_load") X(spec_fun_undefined, "spec_fun_undefined")                  \
    X(undefined_type, "undefined_type") X(unused_type, "unused_type") X(redefine_type, "redefine_type")    \
    X(obsolete_guard, "obsolete_guard") X(invalid_call, "invalid_call") X(invalid_record, "invalid_record") \
    X(too_deep, "too_deeply_nested") X(shell_default, "shell_default") X(named_fun_s, "named fun")         \
    X(generate_s, "generate") X(fun_s, "fun") X(maybe_, "maybe") X(nofile, "nofile") X(include, "include")

static struct {
#define X(n, s) term_t n;
    LA(X)
#undef X
} la;

static pthread_once_t la_once = PTHREAD_ONCE_INIT;
static term_t wf_maybe_match, wf_else; /* atoms the well-formedness check needs */
static void la_init(void)
{
#define X(n, s) la.n = atom_from_cstr(s);
    LA(X)
    wf_maybe_match = atom_from_cstr("maybe_match");
    wf_else = atom_from_cstr("else");
#undef X
}

/* ---- term helpers ---- */

static bool is_t(term_t t, term_t tag, unsigned n)
{
    return term_is_tuple(t) && tuple_arity(t) == n && tuple_get(t, 0) == tag;
}
static term_t el(term_t t, unsigned i) { return tuple_get(t, i); }
static bool is_node(term_t t) { return term_is_tuple(t) && tuple_arity(t) >= 2; }

/* ---- well-formedness ---- */

/* The walks below take their input as erl_parse makes it: they do not
 * check a node's arity or the kinds of its parts again at every step.
 * Expressions from elsewhere (erl_eval's callers build them) are checked
 * first, by shape only, against OTP 25's abstract format of expressions,
 * patterns, guards and clauses (a pattern has an expression's shape): a
 * worklist of (term, what it must be), so that no depth of term can
 * overflow the C stack. Annotations may be anything. */
enum wf_kind {
    WF_EXPR,
    WF_EXPRS,
    WF_CLAUSES,
    WF_CATCH,
    WF_GUARD,
    WF_QUALS,
    WF_FIELDS,
    WF_BIN,
    WF_RECFIELDS,
    WF_TSL
};

/* Pushes each element of proper list l as kind k; false if l is none. */
static bool wf_push_list(tstack *w, term_t l, enum wf_kind k)
{
    if (list_length(l) < 0)
        return false;
    for (; term_is_list(l); l = list_tail(l)) {
        tstack_push(w, list_head(l));
        tstack_push(w, term_small(k));
    }
    return true;
}

static void wf_push(tstack *w, term_t t, enum wf_kind k)
{
    tstack_push(w, t);
    tstack_push(w, term_small(k));
}

/* One expression node: its arity, its atoms and numbers, its parts
 * pushed. */
static bool wf_node(tstack *w, term_t e)
{
    if (!is_node(e) || !term_is_atom(el(e, 0)))
        return false;
    term_t tag = el(e, 0);
    unsigned n = tuple_arity(e);
    if (tag == la.var || tag == la.atom)
        return n == 3 && term_is_atom(el(e, 2));
    if (tag == la.integer || tag == la.char_)
        return n == 3 && term_is_integer(el(e, 2));
    if (tag == la.float_)
        return n == 3 && term_is_float(el(e, 2));
    if (tag == la.string) {
        if (n != 3 || list_length(el(e, 2)) < 0)
            return false;
        for (term_t l = el(e, 2); term_is_list(l); l = list_tail(l))
            if (!term_is_integer(list_head(l)))
                return false;
        return true;
    }
    if (tag == la.nil)
        return n == 2;
    if (tag == la.cons || tag == la.match || tag == la.remote || tag == wf_maybe_match) {
        if (n != 4)
            return false;
        wf_push(w, el(e, 2), WF_EXPR);
        wf_push(w, el(e, 3), WF_EXPR);
        return true;
    }
    if (tag == la.tuple || tag == la.block)
        return n == 3 && wf_push_list(w, el(e, 2), WF_EXPRS);
    if (tag == la.catch_) {
        if (n != 3)
            return false;
        wf_push(w, el(e, 2), WF_EXPR);
        return true;
    }
    if (tag == la.map) {
        if (n != 3 && n != 4)
            return false;
        if (n == 4)
            wf_push(w, el(e, 2), WF_EXPR);
        return wf_push_list(w, el(e, n - 1), WF_FIELDS);
    }
    if (tag == la.bin)
        return n == 3 && wf_push_list(w, el(e, 2), WF_BIN);
    if (tag == la.case_) {
        if (n != 4)
            return false;
        wf_push(w, el(e, 2), WF_EXPR);
        return wf_push_list(w, el(e, 3), WF_CLAUSES);
    }
    if (tag == la.if_)
        return n == 3 && wf_push_list(w, el(e, 2), WF_CLAUSES);
    if (tag == la.receive_) {
        if (n != 3 && n != 5)
            return false;
        if (n == 5) {
            wf_push(w, el(e, 3), WF_EXPR);
            if (!wf_push_list(w, el(e, 4), WF_EXPRS))
                return false;
        }
        return wf_push_list(w, el(e, 2), WF_CLAUSES);
    }
    if (tag == la.try_)
        return n == 6 && wf_push_list(w, el(e, 2), WF_EXPRS) && wf_push_list(w, el(e, 3), WF_CLAUSES) &&
               wf_push_list(w, el(e, 4), WF_CATCH) && wf_push_list(w, el(e, 5), WF_EXPRS);
    if (tag == la.maybe_) {
        if (n != 3 && n != 4)
            return false;
        if (n == 4) {
            term_t x = el(e, 3);
            if (!is_t(x, wf_else, 3) || !wf_push_list(w, el(x, 2), WF_CLAUSES))
                return false;
        }
        return wf_push_list(w, el(e, 2), WF_EXPRS);
    }
    if (tag == la.fun_) {
        if (n != 3 || !is_node(el(e, 2)))
            return false;
        term_t f = el(e, 2);
        if (is_t(f, la.clauses, 2))
            return wf_push_list(w, el(f, 1), WF_CLAUSES);
        if (is_t(f, la.function, 3))
            return term_is_atom(el(f, 1)) && term_is_integer(el(f, 2));
        if (is_t(f, la.function, 4)) {
            for (unsigned i = 1; i < 4; i++)
                wf_push(w, el(f, i), WF_EXPR);
            return true;
        }
        return false;
    }
    if (tag == la.named_fun)
        return n == 4 && term_is_atom(el(e, 2)) && wf_push_list(w, el(e, 3), WF_CLAUSES);
    if (tag == la.call || tag == la.lc || tag == la.bc) {
        if (n != 4)
            return false;
        wf_push(w, el(e, 2), WF_EXPR);
        return wf_push_list(w, el(e, 3), tag == la.call ? WF_EXPRS : WF_QUALS);
    }
    if (tag == la.op) {
        if ((n != 4 && n != 5) || !term_is_atom(el(e, 2)))
            return false;
        for (unsigned i = 3; i < n; i++)
            wf_push(w, el(e, i), WF_EXPR);
        return true;
    }
    if (tag == la.record) {
        if (n != 4 && n != 5)
            return false;
        if (n == 5)
            wf_push(w, el(e, 2), WF_EXPR);
        return term_is_atom(el(e, n - 2)) && wf_push_list(w, el(e, n - 1), WF_RECFIELDS);
    }
    if (tag == la.record_field) {
        if (n != 5 || !term_is_atom(el(e, 3)))
            return false;
        wf_push(w, el(e, 2), WF_EXPR);
        wf_push(w, el(e, 4), WF_EXPR);
        return true;
    }
    if (tag == la.record_index) {
        if (n != 4)
            return false;
        wf_push(w, el(e, 3), WF_EXPR);
        return term_is_atom(el(e, 2));
    }
    return false;
}

/* One item of kind k (anything but an expression). */
static bool wf_item(tstack *w, term_t t, enum wf_kind k)
{
    switch (k) {
    case WF_EXPR:
        return wf_node(w, t);
    case WF_EXPRS:
        return wf_node(w, t);
    case WF_CLAUSES:
        /* {clause, A, Patterns, Guard, Body} */
        if (!is_t(t, la.clause, 5))
            return false;
        return wf_push_list(w, el(t, 2), WF_EXPRS) && wf_push_list(w, el(t, 3), WF_GUARD) &&
               wf_push_list(w, el(t, 4), WF_EXPRS);
    case WF_CATCH:
        /* {clause, A, [{tuple, A, [Class, Reason, Stack]}], Guard, Body} */
        if (!is_t(t, la.clause, 5) || list_length(el(t, 2)) != 1 || !is_t(list_head(el(t, 2)), la.tuple, 3) ||
            list_length(el(list_head(el(t, 2)), 2)) != 3)
            return false;
        return wf_item(w, t, WF_CLAUSES);
    case WF_GUARD:
        /* a conjunction (a list of tests), or a test of a flat guard */
        return term_is_list(t) || term_is_nil(t) ? wf_push_list(w, t, WF_EXPRS) : wf_node(w, t);
    case WF_QUALS:
        if (is_node(t) && (el(t, 0) == la.generate || el(t, 0) == la.b_generate)) {
            if (tuple_arity(t) != 4)
                return false;
            wf_push(w, el(t, 2), WF_EXPR);
            wf_push(w, el(t, 3), WF_EXPR);
            return true;
        }
        return wf_node(w, t);
    case WF_FIELDS:
        if (!is_node(t) || tuple_arity(t) != 4 ||
            (el(t, 0) != la.map_field_assoc && el(t, 0) != la.map_field_exact))
            return false;
        wf_push(w, el(t, 2), WF_EXPR);
        wf_push(w, el(t, 3), WF_EXPR);
        return true;
    case WF_BIN:
        /* {bin_element, A, Value, Size | default, [Type] | default} */
        if (!is_t(t, la.bin_element, 5))
            return false;
        wf_push(w, el(t, 2), WF_EXPR);
        if (el(t, 3) != la.default_)
            wf_push(w, el(t, 3), WF_EXPR);
        return el(t, 4) == la.default_ || wf_push_list(w, el(t, 4), WF_TSL);
    case WF_RECFIELDS:
        /* {record_field, A, {atom | var, ...}, Value} */
        if (!is_t(t, la.record_field, 4))
            return false;
        wf_push(w, el(t, 2), WF_EXPR);
        wf_push(w, el(t, 3), WF_EXPR);
        return true;
    case WF_TSL:
        return term_is_atom(t) || (term_is_tuple(t) && tuple_arity(t) == 2 && term_is_atom(el(t, 0)) &&
                                   term_is_integer(el(t, 1)));
    }
    return false;
}

static bool wf_check(term_t t, enum wf_kind k)
{
    pthread_once(&la_once, la_init);
    tstack w = {0};
    bool ok = k == WF_EXPRS ? wf_push_list(&w, t, WF_EXPR) : (wf_push(&w, t, k), true);
    term_t kind, item;
    while (ok && tstack_pop(&w, &kind) && tstack_pop(&w, &item))
        ok = wf_item(&w, item, (enum wf_kind)small_value(kind));
    tstack_free(&w);
    return ok;
}

bool lint_well_formed_exprs(term_t exprs) { return wf_check(exprs, WF_EXPRS); }
bool lint_well_formed_expr(term_t expr) { return wf_check(expr, WF_EXPR); }

static lpos loc_of(term_t loc)
{
    if (term_is_small(loc))
        return (lpos){(uint32_t)small_value(loc), 0};
    if (term_is_tuple(loc) && tuple_arity(loc) == 2 && term_is_small(el(loc, 0)) && term_is_small(el(loc, 1)))
        return (lpos){(uint32_t)small_value(el(loc, 0)), (uint32_t)small_value(el(loc, 1))};
    return (lpos){0, 0};
}

static lpos anno_pos(term_t anno)
{
    if (term_is_list(anno)) {
        for (term_t l = anno; term_is_list(l); l = list_tail(l)) {
            term_t e = list_head(l);
            if (term_is_tuple(e) && tuple_arity(e) == 2 && el(e, 0) == la.location)
                return loc_of(el(e, 1));
        }
        return (lpos){0, 0};
    }
    return loc_of(anno);
}

/* The location of a node {Tag, Anno, ...}. */
static lpos pos_of(term_t t) { return is_node(t) ? anno_pos(el(t, 1)) : (lpos){0, 0}; }

static int pos_cmp(lpos a, lpos b)
{
    /* term order: an integer location sorts before any {Line, Col} */
    bool ta = a.col != 0, tb = b.col != 0;
    if (ta != tb)
        return ta ? 1 : -1;
    if (a.line != b.line)
        return a.line < b.line ? -1 : 1;
    if (a.col != b.col)
        return a.col < b.col ? -1 : 1;
    return 0;
}

static const char *atxt(term_t a)
{
    size_t n;
    return atom_text(a, &n);
}

static bool starts_underscore(term_t v)
{
    size_t n;
    const char *s = atom_text(v, &n);
    return n > 0 && s[0] == '_';
}

/* ---- text: io_lib's ~w for atoms, and the messages ---- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 128;
        while (nc < b->n + n + 1)
            nc *= 2;
        b->s = alloc_resize(ALLOC_TEMP, b->s, b->cap, nc);
        b->cap = nc;
    }
    if (n)
        memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}
static void sb_str(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }
static void sb_fmt(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_fmt(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    sb_put(b, tmp, n < 0 ? 0 : (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* An atom as ~w (wide = false) or ~tw writes it. */
static void sb_atom(sbuf *b, term_t a, bool wide)
{
    size_t n;
    const char *s = atom_text(a, &n);
    bool quote = !lex_atom_is_plain(s, n);
    if (!quote) {
        sb_put(b, s, n);
        return;
    }
    sb_str(b, "'");
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c;
        int len = 1;
        if (c >= 0xC0) {
            len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            cp = c & (0x3F >> (len - 1));
            for (int k = 1; k < len && i + k < n; k++)
                cp = cp << 6 | ((unsigned char)s[i + k] & 0x3F);
        }
        if (cp == '\'' || cp == '\\') {
            char e[3] = {'\\', (char)cp, 0};
            sb_str(b, e);
        } else if (cp == '\n')
            sb_str(b, "\\n");
        else if (cp == '\t')
            sb_str(b, "\\t");
        else if (cp == '\r')
            sb_str(b, "\\r");
        else if (cp == '\f')
            sb_str(b, "\\f");
        else if (cp == '\b')
            sb_str(b, "\\b");
        else if (cp == 0x1B)
            sb_str(b, "\\e");
        else if (cp == 0x0B)
            sb_str(b, "\\v");
        else if (cp == 0x7F)
            sb_str(b, "\\d");
        else if (cp < 32)
            sb_fmt(b, "\\^%c", (char)(cp + 64));
        else if (cp > 255 && !wide)
            sb_fmt(b, "\\x{%X}", cp);
        else
            sb_put(b, s + i, (size_t)len);
        i += (size_t)len;
    }
    sb_str(b, "'");
}

/* ---- adding errors and warnings ---- */

static void add_msg(lst *st, bool warning, const char *file, lpos pos, bool none, term_t desc, sbuf *text)
{
    msg m = {file, pos, none, desc, alloc_strdup(ALLOC_SYSTEM, text->s ? text->s : "")};
    alloc_free(ALLOC_TEMP, text->s, text->cap);
    if (warning) {
        GROW(st, st->warnings, st->nwarnings, st->warnings_cap);
        st->warnings[st->nwarnings++] = m;
    } else {
        GROW(st, st->errors, st->nerrors, st->errors_cap);
        st->errors[st->nerrors++] = m;
    }
    text->s = NULL;
    text->n = text->cap = 0;
}

/* Drops the messages added since there were ne errors and nw warnings. */
static void truncate_msgs(lst *st, size_t ne, size_t nw)
{
    while (st->nerrors > ne)
        alloc_strfree(ALLOC_SYSTEM, st->errors[--st->nerrors].text);
    while (st->nwarnings > nw)
        alloc_strfree(ALLOC_SYSTEM, st->warnings[--st->nwarnings].text);
}

static term_t T2(lst *st, term_t a, term_t b) { return term_tuple2(&st->heap, a, b); }
static term_t T3(lst *st, term_t a, term_t b, term_t c) { return term_tuple3(&st->heap, a, b, c); }
static term_t FA(lst *st, term_t f, unsigned a) { return T2(st, f, term_small(a)); }

/* {Tag, Var} errors and warnings about variables */
static void var_msg(lst *st, bool warning, lpos pos, term_t tag, term_t v, const char *fmt_before,
                    const char *fmt_after)
{
    sbuf b = {0};
    sb_str(&b, fmt_before);
    sb_atom(&b, v, false);
    sb_str(&b, fmt_after);
    add_msg(st, warning, st->file, pos, false, T2(st, tag, v), &b);
}

static void fa_msg(lst *st, bool warning, const char *file, lpos pos, term_t tag, term_t f, unsigned a,
                   const char *before, const char *after)
{
    sbuf b = {0};
    sb_str(&b, before);
    sb_atom(&b, f, true);
    sb_fmt(&b, "/%u%s", a, after);
    add_msg(st, warning, file, pos, false, T2(st, tag, FA(st, f, a)), &b);
}

static void simple_msg(lst *st, bool warning, lpos pos, term_t tag, const char *text)
{
    sbuf b = {0};
    sb_str(&b, text);
    add_msg(st, warning, st->file, pos, false, tag, &b);
}

static void where_text(sbuf *b, lpos w)
{
    if (w.col)
        sb_fmt(b, "(line %u, column %u)", w.line, w.col);
    else
        sb_fmt(b, "(line %u)", w.line);
}

static term_t where_term(lst *st, term_t tag, lpos w)
{
    term_t loc = w.col ? T2(st, term_small(w.line), term_small(w.col)) : term_small(w.line);
    return T2(st, tag, loc);
}

static void unsafe_msg(lst *st, lpos pos, term_t v, term_t tag, lpos w, bool exported)
{
    sbuf b = {0};
    sb_str(&b, "variable ");
    sb_atom(&b, v, false);
    sb_str(&b, exported ? " exported from " : " unsafe in ");
    sb_atom(&b, tag, false);
    sb_str(&b, " ");
    where_text(&b, w);
    add_msg(st, exported, st->file, pos, false,
            T3(st, exported ? la.exported_var : la.unsafe_var, v, where_term(st, tag, w)), &b);
}

/* ---- variable tables ---------------------------------------------------------------- */

static vent *vt_find(vt t, term_t name)
{
    uint32_t lo = 0, hi = t.n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (t.v[mid].name == name)
            return &t.v[mid];
        if (t.v[mid].name < name)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static lpos *annos_union(lst *st, const lpos *a, uint32_t na, const lpos *b, uint32_t nb, uint32_t *n)
{
    lpos *r = la_alloc(&st->ar, (na + nb + 1) * sizeof *r);
    uint32_t i = 0, j = 0, k = 0;
    while (i < na || j < nb) {
        int c = i >= na ? 1 : j >= nb ? -1 : pos_cmp(a[i], b[j]);
        if (c < 0)
            r[k++] = a[i++];
        else if (c > 0)
            r[k++] = b[j++];
        else
            r[k++] = a[i++], j++;
    }
    *n = k;
    return r;
}

static vt vt_alloc(lst *st, uint32_t n)
{
    vt r = {0, la_alloc(&st->ar, (n + 1) * sizeof(vent))};
    return r;
}

static vt vt_single(lst *st, term_t name, uint8_t state, uint8_t used, lpos at)
{
    vt r = vt_alloc(st, 1);
    vent *e = &r.v[r.n++];
    memset(e, 0, sizeof *e);
    e->name = name;
    e->state = state;
    e->used = used;
    e->na = 1;
    e->annos = la_alloc(&st->ar, sizeof *e->annos);
    e->annos[0] = at;
    return r;
}

static vent merge_states(vent a, const vent *b)
{
    /* merge_state(S1, S2): unsafe wins, then the non-bound one */
    if (a.state == VS_UNSAFE)
        return a;
    if (b->state == VS_UNSAFE || a.state == VS_BOUND) {
        a.state = b->state;
        a.tag = b->tag;
        a.where = b->where;
    }
    return a;
}

enum { MERGE_UPDATE, MERGE_MERGE };

/* orddict:merge of two tables with erl_lint's combining functions:
 * update: state from the first; merge: merge_state. */
static vt vt_combine(lst *st, vt a, vt b, int how)
{
    vt r = vt_alloc(st, a.n + b.n);
    uint32_t i = 0, j = 0;
    while (i < a.n || j < b.n) {
        if (j >= b.n || (i < a.n && a.v[i].name < b.v[j].name))
            r.v[r.n++] = a.v[i++];
        else if (i >= a.n || b.v[j].name < a.v[i].name)
            r.v[r.n++] = b.v[j++];
        else {
            vent e = how == MERGE_UPDATE ? a.v[i] : merge_states(a.v[i], &b.v[j]);
            e.used = a.v[i].used || b.v[j].used;
            e.annos = annos_union(st, a.v[i].annos, a.v[i].na, b.v[j].annos, b.v[j].na, &e.na);
            r.v[r.n++] = e;
            i++, j++;
        }
    }
    return r;
}

static vt vtupdate(lst *st, vt u, vt t) { return vt_combine(st, u, t, MERGE_UPDATE); }
static vt vtmerge(lst *st, vt a, vt b) { return vt_combine(st, a, b, MERGE_MERGE); }

/* Entries of `n` whose names are (not) in `o`. */
static vt vt_filter(lst *st, vt n, vt o, bool keep_old)
{
    vt r = vt_alloc(st, n.n);
    for (uint32_t i = 0; i < n.n; i++)
        if ((vt_find(o, n.v[i].name) != NULL) == keep_old)
            r.v[r.n++] = n.v[i];
    return r;
}
static vt vtnew(lst *st, vt n, vt o) { return vt_filter(st, n, o, false); }
static vt vtold(lst *st, vt n, vt o) { return vt_filter(st, n, o, true); }

static vt vt_no_unsafe(lst *st, vt t)
{
    vt r = vt_alloc(st, t.n);
    for (uint32_t i = 0; i < t.n; i++)
        if (t.v[i].state != VS_UNSAFE)
            r.v[r.n++] = t.v[i];
    return r;
}

static vt vt_no_unused(lst *st, vt t)
{
    vt r = vt_alloc(st, t.n);
    for (uint32_t i = 0; i < t.n; i++)
        if (t.v[i].used)
            r.v[r.n++] = t.v[i];
    return r;
}

/* vtunsafe({Tag, Anno}, Uvt, Vt): the new variables of u, unsafe. */
static vt vtunsafe(lst *st, term_t tag, lpos where, vt u, vt t)
{
    vt r = vtnew(st, u, t);
    for (uint32_t i = 0; i < r.n; i++) {
        r.v[i].state = VS_UNSAFE;
        r.v[i].tag = tag;
        r.v[i].where = where;
    }
    return r;
}

static void warn_underscore_match(lst *st, term_t v, lpos pos);

/* vtmerge_pat: as vtmerge, but a variable in both that was unused in one
 * is used by the match itself; matching an underscore variable twice in
 * one pattern warns at each of its locations. */
static vt vtmerge_pat(lst *st, vt a, vt b)
{
    vt r = vt_alloc(st, a.n + b.n);
    uint32_t i = 0, j = 0;
    while (i < a.n || j < b.n) {
        if (j >= b.n || (i < a.n && a.v[i].name < b.v[j].name))
            r.v[r.n++] = a.v[i++];
        else if (i >= a.n || b.v[j].name < a.v[i].name)
            r.v[r.n++] = b.v[j++];
        else {
            vent e = merge_states(a.v[i], &b.v[j]);
            e.annos = annos_union(st, a.v[i].annos, a.v[i].na, b.v[j].annos, b.v[j].na, &e.na);
            bool ua = a.v[i].used, ub = b.v[j].used;
            const lpos *mas = NULL;
            uint32_t nmas = 0;
            if (!ua && !ub)
                mas = e.annos, nmas = e.na;
            else if (!ua)
                mas = a.v[i].annos, nmas = a.v[i].na;
            else if (!ub)
                mas = b.v[j].annos, nmas = b.v[j].na;
            if (mas && starts_underscore(e.name))
                for (uint32_t k = 0; k < nmas; k++)
                    var_msg(st, true, mas[k], la.match_underscore_var_pat, e.name, "variable ",
                            " is bound multiple times in this pattern. If you mean to ignore this value, use '_' "
                            "or a different underscore-prefixed name");
            e.used = 1;
            r.v[r.n++] = e;
            i++, j++;
        }
    }
    return r;
}

static void warn_underscore_match(lst *st, term_t v, lpos pos)
{
    if (starts_underscore(v))
        var_msg(st, true, pos, la.match_underscore_var, v, "variable ",
                " is already bound. If you mean to ignore this value, use '_' or a different underscore-prefixed "
                "name");
}

/* ---- unused and shadowed variables ---- */

static vt unused_vars(lst *st, vt t, vt old)
{
    vt u = vt_alloc(st, t.n);
    for (uint32_t i = 0; i < t.n; i++)
        if (!t.v[i].used && !starts_underscore(t.v[i].name))
            u.v[u.n++] = t.v[i];
    return vtnew(st, u, old);
}

static vt warn_unused_vars(lst *st, vt u, vt t)
{
    if (u.n == 0)
        return t;
    for (uint32_t i = 0; i < u.n; i++)
        for (uint32_t k = 0; k < u.v[i].na; k++)
            var_msg(st, true, u.v[i].annos[k], la.unused_var, u.v[i].name, "variable ", " is unused");
    vt uu = vt_alloc(st, u.n);
    for (uint32_t i = 0; i < u.n; i++) {
        uu.v[uu.n] = u.v[i];
        uu.v[uu.n++].used = 1;
    }
    return vtmerge(st, t, uu);
}

static vt check_unused_vars(lst *st, vt t, vt old) { return warn_unused_vars(st, unused_vars(st, t, old), t); }

static vt check_old_unused_vars(lst *st, vt t, vt old)
{
    return warn_unused_vars(st, unused_vars(st, vtold(st, t, old), VT0), t);
}

static void shadow_vars(lst *st, vt t, vt t0, term_t in)
{
    vt s = vtold(st, t, vt_no_unsafe(st, t0));
    for (uint32_t i = 0; i < s.n; i++) {
        if (s.v[i].na == 0)
            continue;
        sbuf b = {0};
        sb_str(&b, "variable ");
        sb_atom(&b, s.v[i].name, false);
        sb_str(&b, " shadowed in ");
        sb_atom(&b, in, false);
        add_msg(st, true, st->file, s.v[i].annos[0], false, T3(st, la.shadowed_var, s.v[i].name, in), &b);
    }
}

/* ---- module facts ------------------------------------------------------------------- */

static bool fa_in(const fa_ent *v, size_t n, term_t f, unsigned a)
{
    for (size_t i = 0; i < n; i++)
        if (v[i].f == f && v[i].a == a)
            return true;
    return false;
}

static void fa_add(fa_ent **v, size_t *n, size_t *cap, term_t f, unsigned a)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        *v = alloc_resize(ALLOC_TEMP, *v, *cap * sizeof **v, nc * sizeof **v);
        *cap = nc;
    }
    (*v)[(*n)++] = (fa_ent){f, a};
}

static bool is_local(lst *st, term_t f, unsigned a)
{
    if (st->local_cb && st->local_cb(st->local_ctx, f, a))
        return true;
    return fa_in(st->locals, st->nlocals, f, a);
}

static term_t imported(lst *st, term_t f, unsigned a)
{
    for (size_t i = 0; i < st->nimports; i++)
        if (st->imports[i].fa.f == f && st->imports[i].fa.a == a)
            return st->imports[i].m;
    return THE_NON_VALUE;
}

static bool auto_suppressed(lst *st, term_t f, unsigned a)
{
    return st->no_auto_all || fa_in(st->no_auto, st->nno_auto, f, a);
}

/* no_guard_bif_clash/2 */
static bool no_guard_bif_clash(lst *st, term_t f, unsigned a)
{
    term_t im = imported(st, f, a);
    bool from_erlang = im == la.erlang;
    return !is_local(st, f, a) && (im == THE_NON_VALUE || from_erlang) && (!auto_suppressed(st, f, a) || from_erlang);
}

static rec_def *find_rec(lst *st, term_t name)
{
    for (size_t i = 0; i < st->nrecords; i++)
        if (st->records[i].name == name)
            return &st->records[i];
    return NULL;
}

static bool compile_opt(lst *st, term_t opt)
{
    for (term_t l = st->compile; term_is_list(l); l = list_tail(l))
        if (list_head(l) == opt)
            return true;
    return false;
}

/* call_function/4: a local call for undefined/unused checks. */
static void call_function(lst *st, lpos pos, term_t f, unsigned a, bool report)
{
    GROW(st, st->calls, st->ncalls, st->calls_cap);
    st->calls[st->ncalls++] = (call_ent){f, a, st->file, pos, st->func_f, st->func_a, false};
    if (!report)
        st->calls[st->ncalls - 1].file = NULL; /* usage only (record defaults) */
}

static void used_record(lst *st, term_t name)
{
    rec_def *r = find_rec(st, name);
    if (r)
        r->used = true;
}

/* ---- constant evaluation (erl_eval:partial_eval) ---- */

typedef enum { CV_NONE, CV_INT, CV_FLOAT, CV_ATOM } cv_kind;

static cv_kind const_eval(lst *st, term_t e, term_t *out, unsigned depth)
{
    if (depth > LINT_MAX_DEPTH || !is_node(e))
        return CV_NONE;
    term_t tag = el(e, 0);
    if ((tag == la.integer || tag == la.char_) && tuple_arity(e) == 3) {
        *out = el(e, 2);
        return term_is_integer(*out) ? CV_INT : CV_NONE;
    }
    if (tag == la.float_ && tuple_arity(e) == 3) {
        *out = el(e, 2);
        return CV_FLOAT;
    }
    if (tag == la.atom && tuple_arity(e) == 3) {
        *out = el(e, 2);
        return CV_ATOM;
    }
    if (tag != la.op)
        return CV_NONE;
    heap_t *h = &st->heap;
    term_t op = el(e, 2);
    const char *o = term_is_atom(op) ? atxt(op) : "";
    if (tuple_arity(e) == 4) {
        term_t a;
        cv_kind k = const_eval(st, el(e, 3), &a, depth + 1);
        if (k == CV_INT) {
            if (!strcmp(o, "-")) {
                *out = int_neg(h, a);
                return CV_INT;
            }
            if (!strcmp(o, "+")) {
                *out = a;
                return CV_INT;
            }
            if (!strcmp(o, "bnot") && term_is_small(a)) {
                *out = term_small(~small_value(a));
                return CV_INT;
            }
        } else if (k == CV_FLOAT) {
            if (!strcmp(o, "-")) {
                *out = term_float(h, -float_value(a));
                return CV_FLOAT;
            }
            if (!strcmp(o, "+")) {
                *out = a;
                return CV_FLOAT;
            }
        }
        return CV_NONE;
    }
    if (tuple_arity(e) != 5)
        return CV_NONE;
    term_t a, b;
    cv_kind ka = const_eval(st, el(e, 3), &a, depth + 1), kb = const_eval(st, el(e, 4), &b, depth + 1);
    if (ka == CV_INT && kb == CV_INT) {
        bool bz = term_is_small(b) && small_value(b) == 0;
        if (!strcmp(o, "+"))
            *out = int_add(h, a, b);
        else if (!strcmp(o, "-"))
            *out = int_sub(h, a, b);
        else if (!strcmp(o, "*"))
            *out = int_mul(h, a, b);
        else if (!strcmp(o, "div") && !bz)
            *out = int_div(h, a, b);
        else if (!strcmp(o, "rem") && !bz)
            *out = int_rem(h, a, b);
        else if (term_is_small(a) && term_is_small(b)) {
            int64_t x = small_value(a), y = small_value(b);
            if (!strcmp(o, "band"))
                *out = term_small(x & y);
            else if (!strcmp(o, "bor"))
                *out = term_small(x | y);
            else if (!strcmp(o, "bxor"))
                *out = term_small(x ^ y);
            else if (!strcmp(o, "bsl") && y >= 0 && y < 58 && x >= 0 && x < (INT64_C(1) << (58 - y)))
                *out = term_small(x << y);
            else if (!strcmp(o, "bsr") && y >= 0 && y < 64)
                *out = term_small(x >> y);
            else if (!strcmp(o, "/") && y != 0) {
                *out = term_float(h, (double)x / (double)y);
                return CV_FLOAT;
            } else
                return CV_NONE;
        } else
            return CV_NONE;
        return CV_INT;
    }
    if ((ka == CV_INT || ka == CV_FLOAT) && (kb == CV_INT || kb == CV_FLOAT)) {
        double x, y;
        if (ka == CV_INT ? !int_to_double(a, &x) : (x = float_value(a), false))
            return CV_NONE;
        if (kb == CV_INT ? !int_to_double(b, &y) : (y = float_value(b), false))
            return CV_NONE;
        double r;
        if (!strcmp(o, "+"))
            r = x + y;
        else if (!strcmp(o, "-"))
            r = x - y;
        else if (!strcmp(o, "*"))
            r = x * y;
        else if (!strcmp(o, "/") && y != 0)
            r = x / y;
        else
            return CV_NONE;
        *out = term_float(h, r);
        return CV_FLOAT;
    }
    return CV_NONE;
}

static bool is_pattern_expr_1(term_t e, unsigned depth)
{
    if (depth > LINT_MAX_DEPTH || !is_node(e))
        return false;
    term_t tag = el(e, 0);
    if (tag == la.char_ || tag == la.integer || tag == la.float_ || tag == la.atom || tag == la.nil)
        return true;
    if (tag == la.tuple && tuple_arity(e) == 3) {
        for (term_t l = el(e, 2); term_is_list(l); l = list_tail(l))
            if (!is_pattern_expr_1(list_head(l), depth + 1))
                return false;
        return true;
    }
    if (tag == la.cons && tuple_arity(e) == 4)
        return is_pattern_expr_1(el(e, 2), depth + 1) && is_pattern_expr_1(el(e, 3), depth + 1);
    if (tag == la.op && tuple_arity(e) == 4)
        return lint_is_guard_op(el(e, 2), 1) && el(e, 2) != atom_from_cstr("not") &&
               is_pattern_expr_1(el(e, 3), depth + 1);
    if (tag == la.op && tuple_arity(e) == 5) {
        term_t op = el(e, 2);
        const char *o = term_is_atom(op) ? atxt(op) : "";
        static const char *const arith[] = {"+", "-", "*", "/", "div", "rem", "band", "bor", "bxor", "bsl", "bsr"};
        bool ok = false;
        for (size_t i = 0; i < sizeof arith / sizeof *arith; i++)
            ok |= !strcmp(o, arith[i]);
        return ok && is_pattern_expr_1(el(e, 3), depth + 1) && is_pattern_expr_1(el(e, 4), depth + 1);
    }
    return false;
}

static bool is_pattern_expr(lst *st, term_t e)
{
    term_t v;
    return is_pattern_expr_1(e, 0) && const_eval(st, e, &v, 0) != CV_NONE;
}


/* ---- deprecated and removed functions (otp_internal:obsolete/3 of OTP 25) -----
 * Generated from OTP 25's otp_internal.erl: module, function (NULL: any),
 * arity (-1: any), removed?, and the message around "M:F/A". */
typedef struct obsolete_fn {
    const char *module, *function;
    int arity;
    bool removed;
    const char *before, *after;
} obsolete_fn;

static const obsolete_fn obsolete_fns[] = {
    {"auth", "cookie", 0, false, "", " is deprecated; use erlang:get_cookie/0 instead"},
    {"auth", "cookie", 1, false, "", " is deprecated; use erlang:set_cookie/2 instead"},
    {"auth", "is_auth", 1, false, "", " is deprecated; use net_adm:ping/1 instead"},
    {"calendar", "local_time_to_universal_time", 1, false, "", " is deprecated; use calendar:local_time_to_universal_time_dst/1 instead"},
    {"code", "is_module_native", 1, false, "", " is deprecated and will be removed in OTP 26; HiPE has been removed"},
    {"code", "rehash", 0, false, "", " is deprecated and will be removed in OTP 26; the code path cache feature has been removed"},
    {"crypto", "crypto_dyn_iv_init", 3, false, "", " is deprecated and will be removed in OTP 27; see the documentation for details"},
    {"crypto", "crypto_dyn_iv_update", 3, false, "", " is deprecated and will be removed in OTP 27; see the documentation for details"},
    {"crypto", "rand_uniform", 2, false, "", " is deprecated; use rand:uniform/1 instead"},
    {"disk_log", "accessible_logs", 0, false, "", " is deprecated and will be removed in OTP 26; use disk_log:all/0 instead"},
    {"disk_log", "lclose", 1, false, "", " is deprecated and will be removed in OTP 26; use disk_log:close/1 instead"},
    {"disk_log", "lclose", 2, false, "", " is deprecated and will be removed in OTP 26; use disk_log:close/1 instead"},
    {"erlang", "now", 0, false, "", " is deprecated; see the \"Time and Time Correction in Erlang\" chapter of the ERTS User's Guide for more information"},
    {"erlang", "phash", 2, false, "", " is deprecated; use erlang:phash2/2 instead"},
    {"ftp", "start_service", 1, false, "", " is deprecated and will be removed in OTP 26; use ftp:open/2 instead"},
    {"ftp", "stop_service", 1, false, "", " is deprecated and will be removed in OTP 26; use ftp:close/1 instead"},
    {"http_uri", "decode", 1, false, "", " is deprecated and will be removed in OTP 26; use uri_string:unquote function instead"},
    {"http_uri", "encode", 1, false, "", " is deprecated and will be removed in OTP 26; use uri_string:quote function instead"},
    {"httpd", "parse_query", 1, false, "", " is deprecated; use uri_string:dissect_query/1 instead"},
    {"httpd_util", "decode_hex", 1, false, "", " is deprecated and will be removed in OTP 26; use uri_string:unquote function instead"},
    {"httpd_util", "encode_hex", 1, false, "", " is deprecated and will be removed in OTP 26; use uri_string:quote function instead"},
    {"httpd_util", "flatlength", 1, false, "", " is deprecated and will be removed in OTP 26; use erlang:iolist_size/1 instead"},
    {"httpd_util", "hexlist_to_integer", 1, false, "", " is deprecated and will be removed in OTP 26; use erlang:list_to_integer/2 with base 16 instead"},
    {"httpd_util", "integer_to_hexlist", 1, false, "", " is deprecated and will be removed in OTP 26; use erlang:integer_to_list/2 with base 16 instead"},
    {"httpd_util", "strip", 1, false, "", " is deprecated and will be removed in OTP 26; use string:trim/1 instead"},
    {"httpd_util", "suffix", 1, false, "", " is deprecated and will be removed in OTP 26; use filename:extension/1 and string:trim/2 instead"},
    {"net", "broadcast", 3, false, "", " is deprecated; use rpc:eval_everywhere/3 instead"},
    {"net", "call", 4, false, "", " is deprecated; use rpc:call/4 instead"},
    {"net", "cast", 4, false, "", " is deprecated; use rpc:cast/4 instead"},
    {"net", "ping", 1, false, "", " is deprecated; use net_adm:ping/1 instead"},
    {"net", "sleep", 1, false, "", " is deprecated; use 'receive after T -> ok end' instead"},
    {"queue", "lait", 1, false, "", " is deprecated; use queue:liat/1 instead"},
    {"sys", "get_debug", 3, false, "", " is deprecated; incorrectly documented and only for internal use. Can often be replaced with sys:get_log/1"},
    {"zlib", "adler32", 2, false, "", " is deprecated and will be removed in OTP 27; use erlang:adler32/1 instead"},
    {"zlib", "adler32", 3, false, "", " is deprecated and will be removed in OTP 27; use erlang:adler32/2 instead"},
    {"zlib", "adler32_combine", 4, false, "", " is deprecated and will be removed in OTP 27; use erlang:adler_combine/3 instead"},
    {"zlib", "crc32", 1, false, "", " is deprecated and will be removed in OTP 27; use erlang:crc32/1 on the uncompressed data instead"},
    {"zlib", "crc32", 2, false, "", " is deprecated and will be removed in OTP 27; use erlang:crc32/1 instead"},
    {"zlib", "crc32", 3, false, "", " is deprecated and will be removed in OTP 27; use erlang:crc32/2 instead"},
    {"zlib", "crc32_combine", 4, false, "", " is deprecated and will be removed in OTP 27; use erlang:crc32_combine/3 instead"},
    {"zlib", "getBufSize", 1, false, "", " is deprecated and will be removed in OTP 27; this function will be removed in a future release"},
    {"zlib", "inflateChunk", 1, false, "", " is deprecated and will be removed in OTP 27; use safeInflate/2 instead"},
    {"zlib", "inflateChunk", 2, false, "", " is deprecated and will be removed in OTP 27; use safeInflate/2 instead"},
    {"zlib", "setBufSize", 2, false, "", " is deprecated and will be removed in OTP 27; this function will be removed in a future release"},
    {"core_lib", "get_anno", 1, true, "", " is removed; use cerl:get_ann/1 instead"},
    {"core_lib", "is_literal", 1, true, "", " is removed; use cerl:is_literal/1 instead"},
    {"core_lib", "is_literal_list", 1, true, "", " is removed; use cerl:is_literal_list/1 instead"},
    {"core_lib", "literal_value", 1, true, "", " is removed; use cerl:concrete/1 instead"},
    {"core_lib", "set_anno", 2, true, "", " is removed; use cerl:set_ann/2 instead"},
    {"crypto", "block_decrypt", 3, true, "", " is removed; use crypto:crypto_one_time/4 or crypto:crypto_init/3 + crypto:crypto_update/2 + crypto:crypto_final/1 instead"},
    {"crypto", "block_decrypt", 4, true, "", " is removed; use crypto:crypto_one_time/5, crypto:crypto_one_time_aead/6,7 or crypto:crypto_(dyn_iv)?_init + crypto:crypto_(dyn_iv)?_update + crypto:crypto_final instead"},
    {"crypto", "block_encrypt", 3, true, "", " is removed; use crypto:crypto_one_time/4 or crypto:crypto_init/3 + crypto:crypto_update/2 + crypto:crypto_final/1 instead"},
    {"crypto", "block_encrypt", 4, true, "", " is removed; use crypto:crypto_one_time/5, crypto:crypto_one_time_aead/6,7 or crypto:crypto_(dyn_iv)?_init + crypto:crypto_(dyn_iv)?_update + crypto:crypto_final instead"},
    {"crypto", "cmac", 3, true, "", " is removed; use crypto:mac/4 instead"},
    {"crypto", "cmac", 4, true, "", " is removed; use crypto:macN/5 instead"},
    {"crypto", "hmac", 3, true, "", " is removed; use crypto:mac/4 instead"},
    {"crypto", "hmac", 4, true, "", " is removed; use crypto:macN/5 instead"},
    {"crypto", "hmac_final", 1, true, "", " is removed; use crypto:mac_final/1 instead"},
    {"crypto", "hmac_final_n", 2, true, "", " is removed; use crypto:mac_finalN/2 instead"},
    {"crypto", "hmac_init", 2, true, "", " is removed; use crypto:mac_init/3 instead"},
    {"crypto", "hmac_update", 2, true, "", " is removed; use crypto:mac_update/2 instead"},
    {"crypto", "poly1305", 2, true, "", " is removed; use crypto:mac/3 instead"},
    {"crypto", "stream_decrypt", 2, true, "", " is removed; use crypto:crypto_update/2 instead"},
    {"crypto", "stream_encrypt", 2, true, "", " is removed; use crypto:crypto_update/2 instead"},
    {"erl_lint", "modify_line", 2, true, "", " is removed; use erl_parse:map_anno/2 instead"},
    {"erl_parse", "get_attribute", 2, true, "", " is removed; erl_anno:{column,line,location,text}/1 instead"},
    {"erl_parse", "get_attributes", 1, true, "", " is removed; erl_anno:{column,line,location,text}/1 instead"},
    {"erl_parse", "set_line", 2, true, "", " is removed; use erl_anno:set_line/2"},
    {"erl_scan", "set_attribute", 3, true, "", " is removed; use erl_anno:set_line/2 instead"},
    {"erlang", "get_stacktrace", 0, true, "", " is removed; use the new try/catch syntax for retrieving the stack backtrace"},
    {"erlang", "hash", 2, true, "", " is removed; use erlang:phash2/2 instead"},
    {"filename", "safe_relative_path", 1, true, "", " is removed; use filelib:safe_relative_path/2 instead"},
    {"http_uri", "parse", 1, true, "", " is removed; use uri_string functions instead"},
    {"http_uri", "parse", 2, true, "", " is removed; use uri_string functions instead"},
    {"http_uri", "scheme_defaults", 0, true, "", " is removed; use uri_string functions instead"},
    {"httpd_conf", "check_enum", 2, true, "", " is removed; use lists:member/2 instead"},
    {"httpd_conf", "clean", 1, true, "", " is removed; use string:strip/1 instead or possibly the re module"},
    {"httpd_conf", "custom_clean", 3, true, "", " is removed; use string:strip/1 instead or possibly the re module"},
    {"httpd_conf", "is_directory", 1, true, "", " is removed; use filelib:is_dir/1 instead"},
    {"httpd_conf", "is_file", 1, true, "", " is removed; use filelib:is_file/1 instead"},
    {"httpd_conf", "make_integer", 1, true, "", " is removed; use erlang:list_to_integer/1 instead"},
    {"net", "relay", 1, true, "", " is removed; use fun Relay(Pid) -> receive X -> Pid ! X end, Relay(Pid) instead"},
    {"public_key", "ssh_decode", 2, true, "", " is removed; use ssh_file:decode/2 instead"},
    {"public_key", "ssh_encode", 2, true, "", " is removed; use ssh_file:encode/2 instead"},
    {"public_key", "ssh_hostkey_fingerprint", 1, true, "", " is removed; use ssh:hostkey_fingerprint/1 instead"},
    {"public_key", "ssh_hostkey_fingerprint", 2, true, "", " is removed; use ssh:hostkey_fingerprint/2 instead"},
    {"rpc", "safe_multi_server_call", 2, true, "", " is removed; use rpc:multi_server_call/2 instead"},
    {"rpc", "safe_multi_server_call", 3, true, "", " is removed; use rpc:multi_server_call/3 instead"},
    {"ssl", "cipher_suites", 0, true, "", " is removed; use cipher_suites/2,3 instead"},
    {"ssl", "cipher_suites", 1, true, "", " is removed; use cipher_suites/2,3 instead"},
    {"ssl", "connection_info", 1, true, "", " is removed; use ssl:connection_information/[1,2] instead"},
    {"ssl", "negotiated_next_protocol", 1, true, "", " is removed; use ssl:negotiated_protocol/1 instead"},
    {"auth", "node_cookie", -1, false, "", " is deprecated; use erlang:set_cookie/2 and net_adm:ping/1 instead"},
    {"asn1ct", "decode", -1, true, "", " is removed; use Mod:decode/2 instead"},
    {"asn1ct", "encode", -1, true, "", " is removed; use Mod:encode/2 instead"},
    {"crypto", "next_iv", -1, true, "", " is removed; see the 'New and Old API' chapter of the CRYPTO User's guide"},
    {"crypto", "stream_init", -1, true, "", " is removed; use crypto:crypto_init/3 + crypto:crypto_update/2 + crypto:crypto_final/1 or crypto:crypto_one_time/4 instead"},
    {"erl_scan", "attributes_info", -1, true, "", " is removed; use erl_anno:{column,line,location,text}/1 instead"},
    {"erl_scan", "token_info", -1, true, "", " is removed; use erl_scan:{category,column,line,location,symbol,text}/1 instead"},
    {"filename", "find_src", -1, true, "", " is removed; use filelib:find_source/1,3 instead"},
    {"ssl", "ssl_accept", -1, true, "", " is removed; use ssl_handshake/1,2,3 instead"},
    {"ct_slave", NULL, -1, false, "", " is deprecated and will be removed in OTP 27; use ?CT_PEER(), or the 'peer' module instead"},
    {"erts_alloc_config", NULL, -1, false, "", " is deprecated and will be removed in OTP 26; this module will be removed in OTP 26.0. See the documentation for details"},
    {"gen_fsm", NULL, -1, false, "", " is deprecated; use the 'gen_statem' module instead"},
    {"random", NULL, -1, false, "", " is deprecated; use the 'rand' module instead"},
    {"slave", NULL, -1, false, "", " is deprecated and will be removed in OTP 27; use the 'peer' module instead"},
    {"os_mon_mib", NULL, -1, true, "", " is removed; this module was removed in OTP 22.0"},
    {"pg2", NULL, -1, true, "", " is removed; this module was removed in OTP 24. Use 'pg' instead"},
};

static bool mfa_matches(term_t x, term_t m, term_t f, unsigned a)
{
    if (x == m)
        return true;
    return term_is_tuple(x) && tuple_arity(x) == 3 && tuple_get(x, 0) == m && tuple_get(x, 1) == f &&
           term_is_small(tuple_get(x, 2)) && (unsigned)small_value(tuple_get(x, 2)) == a;
}

/* Does a compile option `tag` (alone, or {tag, MFAs}) cover M:F/A? */
static bool mfa_listed(term_t opts, term_t tag, term_t m, term_t f, unsigned a)
{
    for (term_t l = opts; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (o == tag)
            return true;
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || tuple_get(o, 0) != tag)
            continue;
        term_t items = tuple_get(o, 1);
        if (!term_is_list(items)) {
            if (mfa_matches(items, m, f, a))
                return true;
            continue;
        }
        for (term_t q = items; term_is_list(q); q = list_tail(q))
            if (mfa_matches(list_head(q), m, f, a))
                return true;
    }
    return false;
}

/* deprecated_function/5: a warning for a call of a deprecated or removed
 * function. */
static void deprecated_function(lst *st, lpos pos, term_t m, term_t f, unsigned a)
{
    const char *ms = atxt(m), *fs = atxt(f);
    for (size_t i = 0; i < sizeof obsolete_fns / sizeof *obsolete_fns; i++) {
        const obsolete_fn *o = &obsolete_fns[i];
        if (strcmp(o->module, ms) || (o->function && strcmp(o->function, fs)) || (o->arity >= 0 && (unsigned)o->arity != a))
            continue;
        if (o->removed ? mfa_listed(st->compile, atom_from_cstr("nowarn_removed"), m, f, a)
                       : mfa_listed(st->compile, atom_from_cstr("nowarn_deprecated_function"), m, f, a))
            return;
        sbuf b = {0};
        sb_fmt(&b, "%s%s:%s/%u%s", o->before, ms, fs, a, o->after);
        term_t mfa = T3(st, m, f, term_small(a));
        add_msg(st, true, st->file, pos, false, T2(st, atom_from_cstr(o->removed ? "removed" : "deprecated"), mfa), &b);
        return;
    }
}

/* ---- forward declarations ---- */

static vt expr(lst *st, term_t e, vt t);
static vt exprs(lst *st, term_t es, vt t);
static vt expr_list(lst *st, term_t es, vt t);
static vt gexpr(lst *st, term_t e, vt t);
static vt gexpr_list(lst *st, term_t es, vt t);
static vt pattern(lst *st, term_t p, vt t, vt old, vt *new_out);
static vt guard(lst *st, term_t g, vt t);
static vt guard_test(lst *st, term_t g, vt t);

static bool enter(lst *st, term_t e)
{
    if (++st->depth > LINT_MAX_DEPTH) {
        st->depth--;
        if (!st->too_deep) {
            st->too_deep = true;
            simple_msg(st, false, pos_of(e), la.too_deep, "too deeply nested");
        }
        return false;
    }
    return true;
}
static void leave(lst *st) { st->depth--; }

/* ---- variables ---------------------------------------------------------------------- */

/* pat_var/5 */
static vt pat_var(lst *st, term_t v, lpos pos, vt old, vt new, vt *new_out)
{
    vent *e = vt_find(new, v);
    if (e && e->state == VS_BOUND) {
        warn_underscore_match(st, v, pos);
        vt r = vt_single(st, v, VS_BOUND, 1, pos);
        r.v[0].annos = e->annos;
        r.v[0].na = e->na;
        *new_out = r;
        return VT0;
    }
    *new_out = VT0;
    e = vt_find(old, v);
    if (e && (e->state == VS_BOUND || e->state == VS_UNSAFE || e->state == VS_EXPORT)) {
        if (e->state == VS_UNSAFE)
            unsafe_msg(st, pos, v, e->tag, e->where, false);
        else {
            warn_underscore_match(st, v, pos);
            if (e->state == VS_EXPORT)
                unsafe_msg(st, pos, v, e->tag, e->where, true);
        }
        vt r = vt_single(st, v, VS_BOUND, 1, pos);
        r.v[0].annos = e->annos;
        r.v[0].na = e->na;
        return r;
    }
    if (!e && st->recdef_top)
        var_msg(st, false, pos, la.variable_in_record_def, v, "variable ", " in record definition");
    *new_out = vt_single(st, v, VS_BOUND, 0, pos);
    return VT0;
}

/* pat_binsize_var/5 */
static vt pat_binsize_var(lst *st, term_t v, lpos pos, vt t, vt new, vt *new_out)
{
    vent *e = vt_find(new, v);
    *new_out = VT0;
    if (e && e->state == VS_BOUND) {
        vt r = vt_single(st, v, VS_BOUND, 1, pos);
        r.v[0].annos = e->annos;
        r.v[0].na = e->na;
        *new_out = r;
        return VT0;
    }
    e = vt_find(t, v);
    vt r = vt_single(st, v, VS_BOUND, 1, pos);
    if (e && (e->state == VS_BOUND || e->state == VS_UNSAFE || e->state == VS_EXPORT)) {
        r.v[0].annos = e->annos;
        r.v[0].na = e->na;
        if (e->state == VS_UNSAFE)
            unsafe_msg(st, pos, v, e->tag, e->where, false);
        return r;
    }
    var_msg(st, false, pos, la.unbound_var, v, "variable ", " is unbound");
    return r;
}

/* expr_var/4 */
static vt expr_var(lst *st, term_t v, lpos pos, vt t)
{
    if (st->bvt) {
        vt nb;
        vt r = pat_binsize_var(st, v, pos, t, *st->bvt, &nb);
        vt *m = la_alloc(&st->ar, sizeof *m);
        *m = vtmerge(st, *st->bvt, nb);
        st->bvt = m;
        return r;
    }
    vent *e = vt_find(t, v);
    vt r = vt_single(st, v, VS_BOUND, 1, pos);
    if (!e) {
        var_msg(st, false, pos, la.unbound_var, v, "variable ", " is unbound");
        return r;
    }
    r.v[0].annos = e->annos;
    r.v[0].na = e->na;
    if (e->state == VS_UNSAFE)
        unsafe_msg(st, pos, v, e->tag, e->where, false);
    else if (e->state == VS_EXPORT) {
        /* export_vars is off by default: the variable stays exported */
        r.v[0].state = VS_EXPORT;
        r.v[0].tag = e->tag;
        r.v[0].where = e->where;
    } else if (e->state == VS_STACKTRACE)
        var_msg(st, false, pos, la.stacktrace_guard, v, "stacktrace variable ", " must not be used in a guard");
    return r;
}

/* ---- bit syntax types (erl_bits:set_bit_type/2) ---- */

enum { BT_UNDEF = 0, BT_INTEGER, BT_FLOAT, BT_BINARY, BT_UTF8, BT_UTF16, BT_UTF32 };
typedef struct bittype {
    int type;
    int64_t unit; /* 0: undefined */
    term_t sign, endian; /* THE_NON_VALUE: undefined */
} bittype;

/* Sizes as erl_lint tracks them. */
typedef enum { SZ_DEFAULT, SZ_ALL, SZ_UNKNOWN, SZ_UNDEFINED, SZ_INT } sz_kind;
typedef struct bsize {
    sz_kind kind;
    int64_t n;
} bsize;

static const char *const bt_names[] = {"", "integer", "float", "binary", "utf8", "utf16", "utf32"};

/* The bittype error as lint reports it; false when set_bit_type fails. */
static bool set_bit_type(lst *st, lpos pos, bsize *size, term_t tsl, bittype *out)
{
    bittype bt = {BT_UNDEF, 0, THE_NON_VALUE, THE_NON_VALUE};
    if (tsl != la.default_) {
        for (term_t l = tsl; term_is_list(l); l = list_tail(l)) {
            term_t x = list_head(l);
            bittype nb = {BT_UNDEF, 0, THE_NON_VALUE, THE_NON_VALUE};
            if (x == la.integer)
                nb.type = BT_INTEGER;
            else if (x == la.float_)
                nb.type = BT_FLOAT;
            else if (x == la.binary)
                nb.type = BT_BINARY;
            else if (x == la.bytes)
                nb.type = BT_BINARY, nb.unit = 8;
            else if (x == la.bitstring || x == la.bits)
                nb.type = BT_BINARY, nb.unit = 1;
            else if (x == la.utf8)
                nb.type = BT_UTF8;
            else if (x == la.utf16)
                nb.type = BT_UTF16;
            else if (x == la.utf32)
                nb.type = BT_UTF32;
            else if (x == la.big || x == la.little || x == la.native)
                nb.endian = x;
            else if (x == la.signed_ || x == la.unsigned_)
                nb.sign = x;
            else if (is_t(x, la.unit, 2) && term_is_small(el(x, 1)) && small_value(el(x, 1)) > 0 &&
                     small_value(el(x, 1)) <= 256)
                nb.unit = small_value(el(x, 1));
            else {
                sbuf b = {0};
                sb_str(&b, "bit type ");
                if (term_is_atom(x))
                    sb_atom(&b, x, true);
                else if (is_t(x, la.unit, 2) && term_is_small(el(x, 1)))
                    sb_fmt(&b, "{unit,%lld}", (long long)small_value(el(x, 1)));
                else
                    sb_str(&b, "?");
                sb_str(&b, " undefined");
                add_msg(st, false, st->file, pos, false, T2(st, la.undefined_bittype, x), &b);
                return false;
            }
            /* merge_field(New, Old, What) */
            const char *what = NULL;
            term_t new_v = NIL, old_v = NIL; /* the error term's New and Old */
            sbuf b = {0};
            if (nb.endian != THE_NON_VALUE && bt.endian != THE_NON_VALUE && nb.endian != bt.endian) {
                what = "endianness";
                new_v = nb.endian, old_v = bt.endian;
                sb_fmt(&b, "conflict in %s specification for bit field: '%s' and '%s'", what, atxt(nb.endian),
                       atxt(bt.endian));
            } else if (nb.sign != THE_NON_VALUE && bt.sign != THE_NON_VALUE && nb.sign != bt.sign) {
                what = "sign";
                new_v = nb.sign, old_v = bt.sign;
                sb_fmt(&b, "conflict in %s specification for bit field: '%s' and '%s'", what, atxt(nb.sign),
                       atxt(bt.sign));
            } else if (nb.type && bt.type && nb.type != bt.type) {
                what = "type";
                new_v = atom_from_cstr(bt_names[nb.type]), old_v = atom_from_cstr(bt_names[bt.type]);
                sb_fmt(&b, "conflict in %s specification for bit field: '%s' and '%s'", what, bt_names[nb.type],
                       bt_names[bt.type]);
            } else if (nb.unit && bt.unit && nb.unit != bt.unit) {
                what = "unit";
                new_v = term_small(nb.unit), old_v = term_small(bt.unit);
                sb_fmt(&b, "conflict in %s specification for bit field: '%lld' and '%lld'", what,
                       (long long)nb.unit, (long long)bt.unit);
            }
            if (what) {
                term_t d = term_tuple(&st->heap, 4, NULL);
                tuple_elems(d)[0] = la.bittype_mismatch;
                tuple_elems(d)[1] = new_v;
                tuple_elems(d)[2] = old_v;
                tuple_elems(d)[3] = term_string(&st->heap, what, strlen(what));
                add_msg(st, false, st->file, pos, false, d, &b);
                return false;
            }
            if (nb.type)
                bt.type = nb.type;
            if (nb.unit)
                bt.unit = nb.unit;
            if (nb.sign != THE_NON_VALUE)
                bt.sign = nb.sign;
            if (nb.endian != THE_NON_VALUE)
                bt.endian = nb.endian;
        }
    }
    if (bt.type == BT_UNDEF)
        bt.type = BT_INTEGER;
    bool utf = bt.type == BT_UTF8 || bt.type == BT_UTF16 || bt.type == BT_UTF32;
    if (size->kind == SZ_DEFAULT) {
        if (bt.type == BT_BINARY)
            size->kind = SZ_ALL;
        else if (bt.type == BT_INTEGER || bt.type == BT_FLOAT) {
            if (bt.unit) {
                simple_msg(st, false, pos, la.bittype_unit,
                           "a bit unit size must not be specified unless a size is specified too");
                return false;
            }
            size->kind = SZ_INT;
            size->n = bt.type == BT_INTEGER ? 8 : 64;
            bt.unit = 1;
        } else
            size->kind = SZ_UNDEFINED;
    }
    if (!bt.unit && (bt.type == BT_BINARY))
        bt.unit = 8;
    if (!bt.unit && (bt.type == BT_INTEGER || bt.type == BT_FLOAT))
        bt.unit = 1;
    if (utf && (size->kind != SZ_UNDEFINED || bt.unit)) {
        simple_msg(st, false, pos, la.utf_bittype_size_or_unit,
                   "neither size nor unit must be given for segments of type utf8/utf16/utf32");
        return false;
    }
    *out = bt;
    return true;
}

/* bit_type/4 + bit_size_check/4: returns the segment's total bits when
 * known (size->kind SZ_INT), reports what lint reports. */
static bsize bit_type_check(lst *st, lpos pos, bsize size, term_t tsl)
{
    bittype bt;
    if (!set_bit_type(st, pos, &size, tsl, &bt)) {
        /* a default integer segment of 8 bits */
        return (bsize){SZ_INT, 8};
    }
    if (size.kind == SZ_UNKNOWN || size.kind == SZ_UNDEFINED)
        return size;
    if (size.kind == SZ_ALL) {
        if (bt.type == BT_BINARY)
            return size;
        simple_msg(st, false, pos, la.illegal_bitsize, "illegal bit size");
        return (bsize){SZ_UNKNOWN, 0};
    }
    int64_t sz = bt.unit * size.n;
    if (bt.type == BT_FLOAT && sz != 16 && sz != 32 && sz != 64) {
        sbuf b = {0};
        sb_str(&b, "bad float bit size");
        add_msg(st, true, st->file, pos, false, T2(st, la.bad_bitsize, term_string(&st->heap, "float", 5)), &b);
    }
    return (bsize){SZ_INT, sz};
}

/* ---- patterns ----------------------------------------------------------------------- */

static vt pattern_list(lst *st, term_t ps, vt t, vt old, vt *new_out)
{
    vt acc = VT0, accnew = VT0;
    for (term_t l = ps; term_is_list(l); l = list_tail(l)) {
        vt pn;
        vt pv = pattern(st, list_head(l), t, old, &pn);
        acc = vtmerge_pat(st, pv, acc);
        accnew = vtmerge_pat(st, accnew, pn);
    }
    *new_out = accnew;
    return acc;
}

static bool find_field(term_t fields, term_t f, term_t *val)
{
    for (term_t l = fields; term_is_list(l); l = list_tail(l)) {
        term_t fd = list_head(l);
        if (el(el(fd, 2), 2) == f) {
            if (val)
                *val = el(fd, 3);
            return true;
        }
    }
    return false;
}

/* init_fields/3: the fields of the definition not given in inits. */
static term_t default_inits(lst *st, term_t inits, term_t dfs)
{
    term_t r = NIL;
    for (term_t l = dfs; term_is_list(l); l = list_tail(l)) {
        term_t fd = list_head(l);
        term_t f = el(el(fd, 2), 2);
        bool given = false;
        for (term_t i = inits; term_is_list(i); i = list_tail(i)) {
            term_t x = list_head(i);
            if (is_t(el(x, 2), la.atom, 3) && el(el(x, 2), 2) == f)
                given = true;
        }
        if (!given)
            r = term_cons(&st->heap, fd, r);
    }
    return r;
}

static lpos wildcard_field(term_t fs, bool *found)
{
    for (term_t l = fs; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_t(el(f, 2), la.var, 3) && el(el(f, 2), 2) == la.underscore) {
            *found = true;
            return pos_of(el(f, 2));
        }
    }
    *found = false;
    return (lpos){0, 0};
}

static void undefined_field(lst *st, lpos pos, term_t name, term_t f)
{
    sbuf b = {0};
    sb_str(&b, "field ");
    sb_atom(&b, f, true);
    sb_str(&b, " undefined in record ");
    sb_atom(&b, name, true);
    add_msg(st, false, st->file, pos, false, T3(st, la.undefined_field, name, f), &b);
}

static void redefine_field(lst *st, lpos pos, term_t name, term_t f)
{
    sbuf b = {0};
    sb_str(&b, "field ");
    sb_atom(&b, f, true);
    sb_str(&b, " already defined in record ");
    sb_atom(&b, name, true);
    add_msg(st, false, st->file, pos, false, T3(st, la.redefine_field, name, f), &b);
}

static void undefined_record(lst *st, lpos pos, term_t name)
{
    sbuf b = {0};
    sb_str(&b, "record ");
    sb_atom(&b, name, true);
    sb_str(&b, " undefined");
    add_msg(st, false, st->file, pos, false, T2(st, la.undefined_record, name), &b);
}

/* check_fields with a pattern or expression checker. kind 0: expr, 1:
 * gexpr, 2: pattern (then new vars go to *new_out). */
static vt check_fields(lst *st, term_t fs, term_t name, term_t dfs, vt t, int kind, vt old, vt *new_out)
{
    vt acc = VT0, accnew = VT0;
    term_t seen[512];
    size_t nseen = 0;
    for (term_t l = fs; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        term_t fn = el(f, 2);
        lpos af = pos_of(f), aa = pos_of(fn);
        term_t fname = el(fn, 2);
        bool dup = false;
        for (size_t i = 0; i < nseen; i++)
            dup |= seen[i] == fname;
        vt r = VT0, rn = VT0;
        bool reset = true; /* erl_lint: a field with an error drops the new variables so far */
        if (is_t(fn, la.atom, 3)) {
            if (dup) {
                redefine_field(st, af, name, fname);
            } else {
                if (nseen < 512)
                    seen[nseen++] = fname;
                if (find_field(dfs, fname, NULL)) {
                    reset = false;
                    if (kind == 0)
                        r = expr(st, el(f, 3), t);
                    else if (kind == 1)
                        r = gexpr(st, el(f, 3), t);
                    else
                        r = pattern(st, el(f, 3), t, old, &rn);
                } else
                    undefined_field(st, aa, name, fname);
            }
        } else if (fname == la.underscore) {
            if (dup)
                simple_msg(st, false, aa, la.bad_multi_field_init, "'_' initializes no omitted fields");
            else {
                if (nseen < 512)
                    seen[nseen++] = fname;
                reset = false;
                if (kind == 0)
                    r = expr(st, el(f, 3), t);
                else if (kind == 1)
                    r = gexpr(st, el(f, 3), t);
                else
                    r = pattern(st, el(f, 3), t, old, &rn);
            }
        } else {
            sbuf b = {0};
            sb_str(&b, "field ");
            sb_atom(&b, fname, true);
            sb_str(&b, " is not an atom or _ in record ");
            sb_atom(&b, name, true);
            add_msg(st, false, st->file, aa, false, T3(st, la.field_name_is_variable, name, fname), &b);
            r = t;
        }
        acc = vtmerge_pat(st, acc, r);
        accnew = reset ? VT0 : vtmerge_pat(st, accnew, rn);
    }
    if (new_out)
        *new_out = accnew;
    return acc;
}

static void reject_invalid_alias(lst *st, term_t p1, term_t p2, vt t, unsigned depth);

static void reject_alias_list(lst *st, term_t a, term_t b, vt t, unsigned depth)
{
    for (; term_is_list(a) && term_is_list(b); a = list_tail(a), b = list_tail(b))
        reject_invalid_alias(st, list_head(a), list_head(b), t, depth + 1);
}

static void reject_map_keys(lst *st, term_t ps, vt t)
{
    for (term_t l = ps; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_t(f, la.map_field_exact, 4) && is_t(el(f, 2), la.var, 3)) {
            vent *e = vt_find(t, el(el(f, 2), 2));
            if (!e || e->state != VS_BOUND)
                var_msg(st, false, pos_of(el(f, 2)), la.unbound_var, el(el(f, 2), 2), "variable ", " is unbound");
        }
    }
}

/* reject_invalid_alias/4: binary patterns cannot be aliased. */
static void reject_invalid_alias(lst *st, term_t p1, term_t p2, vt t, unsigned depth)
{
    if (depth > LINT_MAX_DEPTH || !is_node(p1) || !is_node(p2))
        return;
    term_t t1 = el(p1, 0), t2 = el(p2, 0);
    if (t1 == la.bin && t2 == la.bin)
        simple_msg(st, false, pos_of(p1), la.illegal_bin_pattern,
                   "binary patterns cannot be matched in parallel using '='");
    else if (t1 == la.map && t2 == la.map && tuple_arity(p1) == 3 && tuple_arity(p2) == 3) {
        reject_map_keys(st, el(p1, 2), t);
        reject_map_keys(st, el(p2, 2), t);
    } else if (t1 == la.cons && t2 == la.cons) {
        reject_invalid_alias(st, el(p1, 2), el(p2, 2), t, depth + 1);
        reject_invalid_alias(st, el(p1, 3), el(p2, 3), t, depth + 1);
    } else if (t1 == la.tuple && t2 == la.tuple)
        reject_alias_list(st, el(p1, 2), el(p2, 2), t, depth);
    else if (t1 == la.record && t2 == la.record && tuple_arity(p1) == 4 && tuple_arity(p2) == 4) {
        rec_def *r1 = find_rec(st, el(p1, 2)), *r2 = find_rec(st, el(p2, 2));
        if (!r1 || !r2)
            return;
        /* fields paired by position in the definitions */
        for (term_t a = el(p1, 3); term_is_list(a); a = list_tail(a)) {
            term_t fa_ = list_head(a);
            if (!is_t(el(fa_, 2), la.atom, 3))
                continue;
            int ia = 0, idx_a = -1;
            for (term_t d = r1->fields; term_is_list(d); d = list_tail(d), ia++)
                if (el(el(list_head(d), 2), 2) == el(el(fa_, 2), 2))
                    idx_a = ia;
            for (term_t b = el(p2, 3); term_is_list(b); b = list_tail(b)) {
                term_t fb = list_head(b);
                if (!is_t(el(fb, 2), la.atom, 3))
                    continue;
                int ib = 0, idx_b = -1;
                for (term_t d = r2->fields; term_is_list(d); d = list_tail(d), ib++)
                    if (el(el(list_head(d), 2), 2) == el(el(fb, 2), 2))
                        idx_b = ib;
                if (idx_a >= 0 && idx_a == idx_b)
                    reject_invalid_alias(st, el(fa_, 3), el(fb, 3), t, depth + 1);
            }
        }
    } else if (t1 == la.match && tuple_arity(p1) == 4) {
        reject_invalid_alias(st, el(p1, 2), p2, t, depth + 1);
        reject_invalid_alias(st, el(p1, 3), p2, t, depth + 1);
    } else if (t2 == la.match && tuple_arity(p2) == 4)
        reject_invalid_alias(st, p2, p1, t, depth + 1);
}

static void reject_invalid_alias_expr(lst *st, term_t p, term_t e, vt t)
{
    while ((is_t(p, la.bin, 3) || is_t(p, la.map, 3) || is_t(p, la.match, 4)) && is_t(e, la.match, 4)) {
        reject_invalid_alias(st, p, el(e, 2), t, 0);
        e = el(e, 3);
    }
}

static bool good_string_size_type(term_t size, term_t tsl)
{
    if (size != la.default_)
        return false;
    if (tsl == la.default_)
        return true;
    for (term_t l = tsl; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        if (x == la.utf8 || x == la.utf16 || x == la.utf32)
            return true;
    }
    return false;
}

static bool is_bit_size_illegal(term_t e, cv_kind k)
{
    if (k == CV_ATOM || k == CV_FLOAT)
        return true;
    if (!is_node(e))
        return false;
    term_t tag = el(e, 0);
    return tag == la.atom || tag == la.bin || tag == la.cons || tag == la.float_ || tag == la.map ||
           tag == la.nil || tag == la.tuple;
}

static vt pattern_bin(lst *st, term_t es, vt t, vt old, vt *new_out)
{
    vt esvt = VT0, esnew = VT0;
    bsize prev = {SZ_INT, 0};
    lpos prev_pos = {0, 0};
    for (term_t l = es; term_is_list(l); l = list_tail(l)) {
        term_t be = list_head(l);
        if (!is_t(be, la.bin_element, 5))
            continue;
        lpos pos = pos_of(be);
        term_t e = el(be, 2), sz0 = el(be, 3), ts = el(be, 4);
        if (is_t(e, la.string, 3) && !good_string_size_type(sz0, ts)) {
            simple_msg(st, false, pos, la.typed_literal_string,
                       "a literal string in a binary pattern must not have a type or a size");
            continue;
        }
        /* pat_bit_expr */
        vt pevt = VT0, penew = VT0;
        if (is_t(e, la.var, 3)) {
            if (el(e, 2) != la.underscore)
                pevt = pat_var(st, el(e, 2), pos_of(e), old, esnew, &penew);
        } else if (is_t(e, la.string, 3)) {
        } else if (is_t(e, la.bin, 3) || !is_pattern_expr(st, e))
            simple_msg(st, false, pos_of(e), la.illegal_pattern, "illegal pattern");
        /* pat_bit_size */
        vt szvt = VT0, sznew = VT0;
        bsize size = {SZ_DEFAULT, 0};
        if (sz0 != la.default_) {
            if (is_t(sz0, la.var, 3)) {
                szvt = pat_binsize_var(st, el(sz0, 2), pos_of(sz0), t, esnew, &sznew);
                size.kind = SZ_UNKNOWN;
            } else {
                term_t v;
                cv_kind k = const_eval(st, sz0, &v, 0);
                if (k == CV_INT && term_is_small(v))
                    size = (bsize){SZ_INT, small_value(v)};
                else {
                    vt *saved = st->bvt;
                    int sctx = st->gexpr_context;
                    vt *b = la_alloc(&st->ar, sizeof *b);
                    *b = esnew;
                    st->bvt = b;
                    st->gexpr_context = 1;
                    szvt = gexpr(st, sz0, t);
                    sznew = *st->bvt;
                    st->bvt = saved;
                    st->gexpr_context = sctx;
                    if (is_bit_size_illegal(sz0, k))
                        simple_msg(st, true, pos_of(sz0), la.non_integer_bitsize,
                                   "a size expression in a pattern evaluates to a non-integer value; this pattern "
                                   "cannot possibly match");
                    size.kind = SZ_UNKNOWN;
                }
            }
        }
        size = bit_type_check(st, pos, size, ts);
        if (is_t(e, la.string, 3) && size.kind == SZ_ALL)
            size = (bsize){SZ_INT, 8 * (int64_t)list_length(el(e, 2))};
        if (prev.kind == SZ_ALL)
            simple_msg(st, false, prev_pos, la.unsized_binary_not_at_end,
                       "a binary field without size is only allowed at the end of a binary pattern");
        prev = size;
        prev_pos = pos;
        esvt = vtmerge(st, szvt, vtmerge(st, pevt, esvt));
        esnew = vtmerge(st, sznew, vtmerge(st, esnew, penew));
    }
    *new_out = esnew;
    return esvt;
}

static vt pattern_1(lst *st, term_t p, vt t, vt old, vt *new_out)
{
    *new_out = VT0;
    if (!is_node(p))
        return VT0;
    term_t tag = el(p, 0);
    lpos pos = pos_of(p);
    if (tag == la.var) {
        if (el(p, 2) == la.underscore)
            return VT0;
        return pat_var(st, el(p, 2), pos, old, VT0, new_out);
    }
    if (tag == la.char_ || tag == la.integer || tag == la.float_ || tag == la.atom || tag == la.string ||
        (tag == la.nil && tuple_arity(p) == 2))
        return VT0;
    if (tag == la.cons) {
        vt acc = VT0, accnew = VT0;
        term_t c = p;
        for (; is_t(c, la.cons, 4); c = el(c, 3)) {
            vt hn;
            vt hv = pattern(st, el(c, 2), t, old, &hn);
            acc = vtmerge_pat(st, hv, acc);
            accnew = vtmerge_pat(st, hn, accnew);
        }
        vt tn;
        vt tv = pattern(st, c, t, old, &tn);
        *new_out = vtmerge_pat(st, accnew, tn);
        return vtmerge_pat(st, acc, tv);
    }
    if (tag == la.tuple)
        return pattern_list(st, el(p, 2), t, old, new_out);
    if (tag == la.map && tuple_arity(p) == 3) {
        vt psvt = VT0, psnew = VT0;
        for (term_t l = el(p, 2); term_is_list(l); l = list_tail(l)) {
            term_t f = list_head(l);
            if (is_t(f, la.map_field_assoc, 4)) {
                simple_msg(st, false, pos_of(f), la.illegal_pattern, "illegal pattern");
                continue;
            }
            if (!is_t(f, la.map_field_exact, 4))
                continue;
            st->gexpr_context = 2;
            vt kvt = gexpr(st, el(f, 2), t);
            vt vnew;
            vt vvt = pattern(st, el(f, 3), t, old, &vnew);
            vt vt1 = vtmerge_pat(st, kvt, vvt);
            psvt = vtmerge_pat(st, vt1, psvt);
            psnew = vtmerge_pat(st, psnew, vnew);
        }
        *new_out = psnew;
        return psvt;
    }
    if (tag == la.record_index && tuple_arity(p) == 4) {
        rec_def *r = find_rec(st, el(p, 2));
        if (!r) {
            undefined_record(st, pos, el(p, 2));
            return VT0;
        }
        r->used = true;
        term_t f = el(p, 3);
        if (is_t(f, la.atom, 3) && !find_field(r->fields, el(f, 2), NULL))
            undefined_field(st, pos_of(f), el(p, 2), el(f, 2));
        return VT0;
    }
    if (tag == la.record && tuple_arity(p) == 4) {
        rec_def *r = find_rec(st, el(p, 2));
        if (!r) {
            undefined_record(st, pos, el(p, 2));
            return VT0;
        }
        r->used = true;
        term_t pfs = el(p, 3);
        if (default_inits(st, pfs, r->fields) == NIL) {
            bool found;
            lpos wp = wildcard_field(pfs, &found);
            if (found)
                simple_msg(st, false, wp, la.bad_multi_field_init, "'_' initializes no omitted fields");
        }
        return check_fields(st, pfs, el(p, 2), r->fields, t, 2, old, new_out);
    }
    if (tag == la.bin)
        return pattern_bin(st, el(p, 2), t, old, new_out);
    if (tag == la.op && tuple_arity(p) == 5 && el(p, 2) == la.plusplus) {
        term_t left = el(p, 3);
        for (;;) {
            if (is_t(left, la.nil, 2) || is_t(left, la.string, 3))
                return pattern(st, el(p, 4), t, old, new_out);
            if (is_t(left, la.cons, 4) && (is_t(el(left, 2), la.char_, 3) || is_t(el(left, 2), la.integer, 3))) {
                pos = pos_of(left);
                left = el(left, 3);
                continue;
            }
            break;
        }
        if (left != el(p, 3)) {
            simple_msg(st, false, pos, la.illegal_pattern, "illegal pattern");
            return VT0;
        }
    }
    if (tag == la.match && tuple_arity(p) == 4) {
        vt ln, rn;
        vt lv = pattern(st, el(p, 2), t, old, &ln);
        vt rv = pattern(st, el(p, 3), t, old, &rn);
        reject_invalid_alias(st, el(p, 2), el(p, 3), t, 0);
        vt v1 = vtmerge_pat(st, lv, rv);
        *new_out = vtmerge_pat(st, ln, rn);
        return v1;
    }
    if (!is_pattern_expr(st, p))
        simple_msg(st, false, pos, la.illegal_pattern, "illegal pattern");
    return VT0;
}

static vt pattern(lst *st, term_t p, vt t, vt old, vt *new_out)
{
    if (!enter(st, p)) {
        *new_out = VT0;
        return VT0;
    }
    vt r = pattern_1(st, p, t, old, new_out);
    leave(st);
    return r;
}

/* head/4: every pattern against the same tables. */
static vt head(lst *st, term_t ps, vt t, vt old, vt *new_out) { return pattern_list(st, ps, t, old, new_out); }

/* ---- guards ------------------------------------------------------------------------- */

static void illegal_guard(lst *st, lpos pos)
{
    if (st->gexpr_context == 1)
        simple_msg(st, false, pos, la.illegal_bitsize, "illegal bit size");
    else
        simple_msg(st, false, pos, la.illegal_guard_expr, "illegal guard expression");
}

static void illegal_guard_local_call(lst *st, lpos pos, term_t f, unsigned a)
{
    if (st->gexpr_context == 1)
        fa_msg(st, false, st->file, pos, la.illegal_bitsize_local_call, f, a, "call to local/imported function ",
               " is illegal in a size expression for a binary segment");
    else
        fa_msg(st, false, st->file, pos, la.illegal_guard_local_call, f, a, "call to local/imported function ",
               " is illegal in guard");
}

static vt gexpr_list(lst *st, term_t es, vt t)
{
    vt acc = VT0;
    for (term_t l = es; term_is_list(l); l = list_tail(l))
        acc = vtmerge(st, gexpr(st, list_head(l), t), acc);
    return acc;
}

static vt map_fields(lst *st, term_t fs, vt t, bool guard)
{
    /* map_fields/4: right fold, each field sees t */
    size_t n = 0;
    for (term_t l = fs; term_is_list(l); l = list_tail(l))
        n++;
    vt *each = la_alloc(&st->ar, (n + 1) * sizeof *each);
    size_t i = 0;
    for (term_t l = fs; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        vt r = VT0;
        if (is_t(f, la.map_field_assoc, 4) || is_t(f, la.map_field_exact, 4)) {
            term_t kv = term_cons(&st->heap, el(f, 2), term_cons(&st->heap, el(f, 3), NIL));
            r = guard ? gexpr_list(st, kv, t) : expr_list(st, kv, t);
        }
        each[i++] = r;
    }
    vt acc = VT0;
    while (i-- > 0)
        acc = vtupdate(st, each[i], acc);
    return acc;
}

static void check_assoc_fields(lst *st, term_t fs)
{
    for (term_t l = fs; term_is_list(l); l = list_tail(l))
        if (is_t(list_head(l), la.map_field_exact, 4))
            simple_msg(st, false, pos_of(list_head(l)), la.illegal_map_construction,
                       "only association operators '=>' are allowed in map construction");
}

static vt check_record(lst *st, lpos pos, term_t name, rec_def **out)
{
    rec_def *r = find_rec(st, name);
    if (!r) {
        undefined_record(st, pos, name);
        *out = NULL;
        return VT0;
    }
    r->used = true;
    *out = r;
    return VT0;
}

static void record_field_check(lst *st, term_t field, term_t name, rec_def *r)
{
    if (is_t(field, la.atom, 3) && !find_field(r->fields, el(field, 2), NULL))
        undefined_field(st, pos_of(field), name, el(field, 2));
}

/* init_fields/6 (kind 0) and ginit_fields/6 (kind 1): defaults checked
 * for usage only (guards also keep their errors). */
static vt init_fields(lst *st, term_t inits, lpos pos, term_t name, rec_def *r, vt t, int kind)
{
    (void)pos;
    vt v1 = check_fields(st, inits, name, r->fields, t, kind, VT0, NULL);
    term_t defs = default_inits(st, inits, r->fields);
    size_t ne = st->nerrors, nw = st->nwarnings, nc = st->ncalls;
    check_fields(st, defs, name, r->fields, v1, kind, VT0, NULL);
    truncate_msgs(st, kind == 0 ? ne : st->nerrors, nw);
    for (size_t i = nc; i < st->ncalls; i++)
        st->calls[i].file = NULL; /* usage only */
    return v1;
}

static vt gexpr_1(lst *st, term_t e, vt t)
{
    if (!is_node(e))
        return VT0;
    term_t tag = el(e, 0);
    lpos pos = pos_of(e);
    if (tag == la.var)
        return expr_var(st, el(e, 2), pos, t);
    if (tag == la.char_ || tag == la.integer || tag == la.float_ || tag == la.atom || tag == la.string ||
        (tag == la.nil && tuple_arity(e) == 2))
        return VT0;
    if (tag == la.cons) {
        vt acc = VT0;
        term_t c = e;
        for (; is_t(c, la.cons, 4); c = el(c, 3))
            acc = vtmerge(st, gexpr(st, el(c, 2), t), acc);
        return vtmerge(st, gexpr(st, c, t), acc);
    }
    if (tag == la.tuple)
        return gexpr_list(st, el(e, 2), t);
    if (tag == la.map && tuple_arity(e) == 3) {
        check_assoc_fields(st, el(e, 2));
        return map_fields(st, el(e, 2), t, true);
    }
    if (tag == la.map && tuple_arity(e) == 4) {
        vt s = gexpr(st, el(e, 2), t);
        vt f = map_fields(st, el(e, 3), t, true);
        return vtmerge(st, s, f);
    }
    if (tag == la.record_index && tuple_arity(e) == 4) {
        rec_def *r;
        check_record(st, pos, el(e, 2), &r);
        if (r)
            record_field_check(st, el(e, 3), el(e, 2), r);
        return VT0;
    }
    if (tag == la.record_field && tuple_arity(e) == 5) {
        vt rv = gexpr(st, el(e, 2), t);
        rec_def *r;
        check_record(st, pos, el(e, 3), &r);
        if (r)
            record_field_check(st, el(e, 4), el(e, 3), r);
        return rv;
    }
    if (tag == la.record && tuple_arity(e) == 4) {
        rec_def *r;
        check_record(st, pos, el(e, 2), &r);
        if (!r)
            return VT0;
        return init_fields(st, el(e, 3), pos, el(e, 2), r, t, 1);
    }
    if (tag == la.bin) {
        vt acc = VT0;
        for (term_t l = el(e, 2); term_is_list(l); l = list_tail(l)) {
            term_t be = list_head(l);
            if (!is_t(be, la.bin_element, 5))
                continue;
            vt v1 = gexpr(st, el(be, 2), t);
            bsize size = {SZ_DEFAULT, 0};
            vt v2 = VT0;
            term_t sz = el(be, 3);
            if (sz != la.default_) {
                if (is_t(sz, la.atom, 3) && el(sz, 2) == la.all)
                    size.kind = SZ_ALL;
                else {
                    term_t v;
                    if (const_eval(st, sz, &v, 0) == CV_INT && term_is_small(v))
                        size = (bsize){SZ_INT, small_value(v)};
                    else {
                        v2 = gexpr(st, sz, t);
                        size.kind = SZ_UNKNOWN;
                    }
                }
            }
            bit_type_check(st, pos_of(be), size, el(be, 4));
            acc = vtmerge(st, v2, vtmerge(st, v1, acc));
        }
        return acc;
    }
    if (tag == la.call && tuple_arity(e) == 4) {
        term_t fn = el(e, 2), args = el(e, 3);
        unsigned a = (unsigned)list_length(args);
        if (is_t(fn, la.atom, 3) && el(fn, 2) == la.is_record) {
            if (a == 2 && is_t(list_head(list_tail(args)), la.atom, 3)) {
                vt rv = gexpr(st, list_head(args), t);
                term_t rn = list_head(list_tail(args));
                if (find_rec(st, el(rn, 2)))
                    used_record(st, el(rn, 2));
                else
                    undefined_record(st, pos_of(rn), el(rn, 2));
                return rv;
            }
            if (a == 2) {
                vt v = gexpr_list(st, args, t);
                illegal_guard(st, pos);
                return v;
            }
            if (a == 3) {
                term_t rn = list_head(list_tail(args)), sz = list_head(list_tail(list_tail(args)));
                if (is_t(rn, la.atom, 3) && is_t(sz, la.integer, 3)) {
                    vt v = gexpr(st, list_head(args), t);
                    if (!no_guard_bif_clash(st, la.is_record, 3))
                        illegal_guard_local_call(st, pos, la.is_record, 3);
                    return v;
                }
                vt v = gexpr_list(st, args, t);
                illegal_guard(st, pos);
                return v;
            }
        }
        if (is_t(fn, la.remote, 4) && is_t(el(fn, 2), la.atom, 3) && el(el(fn, 2), 2) == la.erlang &&
            is_t(el(fn, 3), la.atom, 3) && el(el(fn, 3), 2) == la.is_record && (a == 2 || a == 3)) {
            term_t call = term_tuple(&st->heap, 4, NULL);
            tuple_elems(call)[0] = la.call;
            tuple_elems(call)[1] = el(e, 1);
            tuple_elems(call)[2] = el(fn, 3);
            tuple_elems(call)[3] = args;
            return gexpr(st, call, t);
        }
        if (is_t(fn, la.atom, 3)) {
            term_t f = el(fn, 2);
            vt v = gexpr_list(st, args, t);
            if (lint_is_guard_bif(f, a) && no_guard_bif_clash(st, f, a))
                return v;
            if (is_local(st, f, a) || imported(st, f, a) != THE_NON_VALUE)
                illegal_guard_local_call(st, pos, f, a);
            else
                illegal_guard(st, pos);
            return v;
        }
        if (is_t(fn, la.remote, 4) && is_t(el(fn, 2), la.atom, 3) && el(el(fn, 2), 2) == la.erlang &&
            is_t(el(fn, 3), la.atom, 3)) {
            term_t f = el(el(fn, 3), 2);
            vt v = gexpr_list(st, args, t);
            if (!(lint_is_guard_bif(f, a) || lint_is_guard_op(f, a)))
                illegal_guard(st, pos);
            return v;
        }
    }
    if (tag == la.op && tuple_arity(e) == 4) {
        vt v = gexpr(st, el(e, 3), t);
        if (!lint_is_guard_op(el(e, 2), 1))
            illegal_guard(st, pos);
        return v;
    }
    if (tag == la.op && tuple_arity(e) == 5) {
        term_t op = el(e, 2);
        vt v = vtmerge(st, gexpr(st, el(e, 4), t), gexpr(st, el(e, 3), t));
        if (op != la.andalso && op != la.orelse && !lint_is_guard_op(op, 2))
            illegal_guard(st, pos);
        return v;
    }
    illegal_guard(st, pos);
    return VT0;
}

static vt gexpr(lst *st, term_t e, vt t)
{
    if (!enter(st, e))
        return VT0;
    vt r = gexpr_1(st, e, t);
    leave(st);
    return r;
}

static vt guard_test(lst *st, term_t g, vt t)
{
    /* obsolete_guard/2 */
    if (is_t(g, la.call, 4) && is_t(el(g, 2), la.atom, 3)) {
        term_t f = el(el(g, 2), 2);
        unsigned a = (unsigned)list_length(el(g, 3));
        if (!is_old_type_test(f, a))
            deprecated_function(st, pos_of(g), la.erlang, f, a);
        if (is_old_type_test(f, a)) {
            sbuf b = {0};
            size_t n;
            const char *s = atom_text(f, &n);
            sb_fmt(&b, "%s/%u obsolete (use is_%s/%u)", s, a, s, a);
            add_msg(st, true, st->file, pos_of(el(g, 2)), false, T2(st, la.obsolete_guard, FA(st, f, a)), &b);
        }
    }
    /* guard_test2/3 */
    if (is_t(g, la.call, 4) && is_t(el(g, 2), la.atom, 3)) {
        term_t f = el(el(g, 2), 2), args = el(g, 3);
        unsigned a = (unsigned)list_length(args);
        if (f == la.record && a == 2) {
            term_t call = term_tuple(&st->heap, 4, NULL);
            tuple_elems(call)[0] = la.call;
            tuple_elems(call)[1] = el(g, 1);
            tuple_elems(call)[2] = T3(st, la.atom, el(el(g, 2), 1), la.is_record);
            tuple_elems(call)[3] = args;
            return gexpr(st, call, t);
        }
        size_t ne = st->nerrors, nw = st->nwarnings, nc = st->ncalls;
        vt v = gexpr_list(st, args, t);
        if (lint_is_type_test(f, a) && f != la.is_record && a != 2) {
            if (!no_guard_bif_clash(st, f, a))
                illegal_guard_local_call(st, pos_of(g), f, a);
            return v;
        }
        /* erl_lint checks the whole call again from the state before */
        truncate_msgs(st, ne, nw);
        st->ncalls = nc;
    }
    return gexpr(st, g, t);
}

/* guard/3: a guard sequence (list of lists) or one conjunction. */
static vt guard_tests(lst *st, term_t gs, vt t)
{
    /* left to right, each test seeing the bindings so far: result as
     * vtupdate(G1, vtupdate(G2, ...)) */
    vt acc = VT0;
    bool first = true;
    for (term_t l = gs; term_is_list(l); l = list_tail(l)) {
        vt g = guard_test(st, list_head(l), t);
        t = vtupdate(st, g, t);
        acc = first ? g : vtupdate(st, acc, g);
        first = false;
    }
    return acc;
}

static vt guard(lst *st, term_t g, vt t)
{
    if (term_is_list(g) && term_is_list(list_head(g))) {
        vt acc = VT0;
        bool first = true;
        for (term_t l = g; term_is_list(l); l = list_tail(l)) {
            term_t conj = list_head(l);
            if (!term_is_list(conj) && conj != NIL) {
                vt r = guard_tests(st, l, t);
                return first ? r : vtupdate(st, acc, r);
            }
            vt r = guard_tests(st, conj, t);
            t = vtupdate(st, r, t);
            acc = first ? r : vtupdate(st, acc, r);
            first = false;
        }
        return acc;
    }
    return guard_tests(st, g, t);
}

/* ---- expressions -------------------------------------------------------------------- */

static vt exprs(lst *st, term_t es, vt t)
{
    vt acc = VT0;
    bool first = true;
    for (term_t l = es; term_is_list(l); l = list_tail(l)) {
        vt e = expr(st, list_head(l), t);
        t = vtupdate(st, e, t);
        acc = first ? e : vtupdate(st, acc, e);
        first = false;
    }
    return acc;
}

static vt expr_list(lst *st, term_t es, vt t)
{
    vt acc = VT0;
    for (term_t l = es; term_is_list(l); l = list_tail(l))
        acc = vtmerge_pat(st, expr(st, list_head(l), t), acc);
    return acc;
}

/* icrt_export/4 */
static vt icrt_export(lst *st, vt *vts, uint32_t nv, vt t, term_t tag, lpos where)
{
    /* every name of the clauses, sorted */
    uint32_t total = 0;
    for (uint32_t i = 0; i < nv; i++)
        total += vts[i].n;
    term_t *names = la_alloc(&st->ar, (total + 1) * sizeof *names);
    uint32_t nn = 0;
    for (uint32_t i = 0; i < nv; i++)
        for (uint32_t j = 0; j < vts[i].n; j++)
            names[nn++] = vts[i].v[j].name;
    for (uint32_t i = 1; i < nn; i++) /* insertion sort: tables are small */
        for (uint32_t j = i; j > 0 && names[j - 1] > names[j]; j--) {
            term_t x = names[j];
            names[j] = names[j - 1];
            names[j - 1] = x;
        }
    vt r = vt_alloc(st, nn);
    for (uint32_t i = 0; i < nn; i++) {
        if (i && names[i] == names[i - 1])
            continue;
        term_t v = names[i];
        vent *old = vt_find(t, v);
        vent *ents[nv + 1];
        uint32_t ne = 0;
        for (uint32_t c = 0; c < nv; c++) {
            vent *e = vt_find(vts[c], v);
            if (e)
                ents[ne++] = e;
        }
        vent res;
        memset(&res, 0, sizeof res);
        res.name = v;
        if (old) {
            bool any_bound = false, any_export = false;
            for (uint32_t k = 0; k < ne; k++) {
                any_bound |= ents[k]->state == VS_BOUND || ents[k]->state == VS_STACKTRACE;
                any_export |= ents[k]->state == VS_EXPORT;
            }
            res.annos = old->annos;
            res.na = old->na;
            res.used = 1;
            if (!any_bound && any_export && old->state == VS_EXPORT) {
                res.state = VS_EXPORT;
                res.tag = old->tag;
                res.where = old->where;
                /* the first unsafe entry in term order wins */
                vent *best = NULL;
                for (uint32_t k = 0; k < ne; k++) {
                    vent *e = ents[k];
                    if (e->state != VS_UNSAFE)
                        continue;
                    if (!best) {
                        best = e;
                        continue;
                    }
                    int c = strcmp(atxt(e->tag), atxt(best->tag));
                    if (c < 0 || (c == 0 && pos_cmp(e->where, best->where) < 0))
                        best = e;
                }
                if (best) {
                    res.state = VS_UNSAFE;
                    res.tag = best->tag;
                    res.where = best->where;
                }
            } else
                res.state = VS_BOUND;
        } else {
            res.state = VS_EXPORT;
            res.tag = tag;
            res.where = where;
            int nunsafe = 0;
            vent *one = NULL;
            lpos *as = NULL;
            uint32_t nas = 0;
            for (uint32_t k = 0; k < ne; k++) {
                if (ents[k]->state == VS_UNSAFE) {
                    nunsafe++;
                    one = ents[k];
                }
                if (!ents[k]->used)
                    as = annos_union(st, as, nas, ents[k]->annos, ents[k]->na, &nas);
            }
            if (nunsafe == 1) {
                res.state = VS_UNSAFE;
                res.tag = one->tag;
                res.where = one->where;
            } else if (nunsafe > 1)
                res.state = VS_UNSAFE;
            if (ne != nv) {
                res.state = VS_UNSAFE;
                res.tag = tag;
                res.where = where;
            }
            res.annos = as;
            res.na = nas;
            res.used = nas == 0;
        }
        r.v[r.n++] = res;
    }
    return r;
}

static vt icrt_clause(lst *st, term_t c, vt t)
{
    if (!is_t(c, la.clause, 5))
        return VT0;
    vt hnew;
    vt hvt = head(st, el(c, 2), t, t, &hnew);
    vt vt1 = vtupdate(st, hvt, hnew);
    vt gvt = guard(st, el(c, 3), vtupdate(st, vt1, t));
    vt vt2 = vtupdate(st, gvt, vt1);
    vt bvt = exprs(st, el(c, 4), vtupdate(st, vt2, t));
    return vtupdate(st, bvt, vt2);
}

/* icrt_clauses/3: one table per clause, into out (n entries). */
static vt *icrt_clauses_each(lst *st, term_t cs, vt t, uint32_t extra, uint32_t *n)
{
    uint32_t cnt = 0;
    for (term_t l = cs; term_is_list(l); l = list_tail(l))
        cnt++;
    vt *r = la_alloc(&st->ar, (cnt + extra + 1) * sizeof *r);
    uint32_t i = extra;
    for (term_t l = cs; term_is_list(l); l = list_tail(l))
        r[i++] = icrt_clause(st, list_head(l), t);
    *n = cnt;
    return r;
}

static vt icrt_clauses(lst *st, term_t cs, term_t tag, lpos where, vt t)
{
    uint32_t n;
    vt *each = icrt_clauses_each(st, cs, t, 0, &n);
    return icrt_export(st, each, n, t, tag, where);
}

static vt catch_clause(lst *st, term_t c, vt t)
{
    if (!is_t(c, la.clause, 5))
        return VT0;
    term_t h = el(c, 2);
    vt hnew;
    vt hvt = head(st, h, t, t, &hnew);
    vt vt1 = vtupdate(st, hvt, hnew);
    vt gvt0 = vtupdate(st, vt1, t);
    /* taint_stack_var */
    term_t pat = list_head(h);
    if (is_t(pat, la.tuple, 3) && list_length(el(pat, 2)) == 3) {
        term_t stack = list_head(list_tail(list_tail(el(pat, 2))));
        if (is_t(stack, la.var, 3) && el(stack, 2) != la.underscore) {
            term_t v = el(stack, 2);
            vent *e = vt_find(gvt0, v);
            if (e && e->used)
                var_msg(st, false, pos_of(stack), la.stacktrace_bound, v, "stacktrace variable ",
                        " must not be previously bound");
            gvt0 = vtupdate(st, vt_single(st, v, VS_STACKTRACE, 0, pos_of(stack)), gvt0);
        }
    }
    vt gvt = guard(st, el(c, 3), gvt0);
    vt vt2 = vtupdate(st, gvt, vt1);
    vt bvt = exprs(st, el(c, 4), vtupdate(st, vt2, t));
    return vtupdate(st, bvt, vt2);
}

static vt fun_clauses(lst *st, term_t cs, vt t)
{
    bool old_rd = st->recdef_top;
    st->recdef_top = false;
    vt bvt = VT0;
    for (term_t l = cs; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!is_t(c, la.clause, 5))
            continue;
        vt hnew;
        vt hvt = head(st, el(c, 2), t, VT0, &hnew);
        vt vt1 = vtupdate(st, hvt, t);
        shadow_vars(st, hnew, t, la.fun_s);
        vt vt2 = vtupdate(st, vtnew(st, vt1, hnew), hnew);
        vt gvt = guard(st, el(c, 3), vt2);
        vt vt3 = vtupdate(st, gvt, vt2);
        vt bv = exprs(st, el(c, 4), vt3);
        vt cvt = vtupdate(st, bv, vt3);
        check_unused_vars(st, cvt, t);
        vt svt = vtold(st, vt1, hnew);
        check_old_unused_vars(st, cvt, svt);
        vt vt4 = vtmerge(st, svt, vtnew(st, cvt, svt));
        bvt = vtmerge(st, vtold(st, vt4, t), bvt);
    }
    st->recdef_top = old_rd;
    return vt_no_unsafe(st, vt_no_unused(st, vtold(st, bvt, t)));
}

static bool is_gexpr(lst *st, term_t e, unsigned depth);

static bool is_gexpr_list(lst *st, term_t es, unsigned depth)
{
    for (term_t l = es; term_is_list(l); l = list_tail(l))
        if (!is_gexpr(st, list_head(l), depth + 1))
            return false;
    return true;
}

/* erl_lint:is_gexpr/2 with local functions overriding guard BIFs. */
static bool is_gexpr(lst *st, term_t e, unsigned depth)
{
    if (depth > LINT_MAX_DEPTH || !is_node(e))
        return false;
    term_t tag = el(e, 0);
    if (tag == la.var || tag == la.char_ || tag == la.integer || tag == la.float_ || tag == la.atom ||
        tag == la.string || (tag == la.nil && tuple_arity(e) == 2))
        return true;
    if (tag == la.cons && tuple_arity(e) == 4)
        return is_gexpr(st, el(e, 2), depth + 1) && is_gexpr(st, el(e, 3), depth + 1);
    if (tag == la.tuple)
        return is_gexpr_list(st, el(e, 2), depth);
    if (tag == la.map) {
        if (tuple_arity(e) == 4 && !is_gexpr(st, el(e, 2), depth + 1))
            return false;
        for (term_t l = el(e, tuple_arity(e) - 1); term_is_list(l); l = list_tail(l)) {
            term_t f = list_head(l);
            if (!(is_t(f, la.map_field_assoc, 4) || is_t(f, la.map_field_exact, 4)) ||
                !is_gexpr(st, el(f, 2), depth + 1) || !is_gexpr(st, el(f, 3), depth + 1))
                return false;
        }
        return true;
    }
    if (tag == la.record_index && tuple_arity(e) == 4)
        return is_gexpr(st, el(e, 3), depth + 1);
    if (tag == la.record_field && tuple_arity(e) == 5)
        return is_gexpr(st, el(e, 2), depth + 1) && is_gexpr(st, el(e, 4), depth + 1);
    if (tag == la.record && tuple_arity(e) == 4) {
        rec_def *r = find_rec(st, el(e, 2));
        term_t all = el(e, 3);
        if (r)
            for (term_t d = default_inits(st, el(e, 3), r->fields); term_is_list(d); d = list_tail(d))
                all = term_cons(&st->heap, list_head(d), all);
        for (term_t l = all; term_is_list(l); l = list_tail(l)) {
            term_t f = list_head(l);
            if (!is_t(f, la.record_field, 4) || !is_gexpr(st, el(f, 3), depth + 1))
                return false;
        }
        return true;
    }
    if (tag == la.bin) {
        for (term_t l = el(e, 2); term_is_list(l); l = list_tail(l)) {
            term_t be = list_head(l);
            if (!is_t(be, la.bin_element, 5) || !is_gexpr(st, el(be, 2), depth + 1) ||
                (el(be, 3) != la.default_ && !is_gexpr(st, el(be, 3), depth + 1)))
                return false;
        }
        return true;
    }
    if (tag == la.call && tuple_arity(e) == 4) {
        term_t fn = el(e, 2), args = el(e, 3);
        unsigned a = (unsigned)list_length(args);
        if (is_t(fn, la.atom, 3)) {
            term_t f = el(fn, 2);
            bool overridden = is_local(st, f, a) || imported(st, f, a) != THE_NON_VALUE;
            return !overridden && lint_is_guard_bif(f, a) && is_gexpr_list(st, args, depth);
        }
        if (is_t(fn, la.remote, 4) && is_t(el(fn, 2), la.atom, 3) && el(el(fn, 2), 2) == la.erlang &&
            is_t(el(fn, 3), la.atom, 3)) {
            term_t f = el(el(fn, 3), 2);
            return (lint_is_guard_bif(f, a) || lint_is_guard_op(f, a)) && is_gexpr_list(st, args, depth);
        }
        return false;
    }
    if (tag == la.op && tuple_arity(e) == 4)
        return lint_is_guard_op(el(e, 2), 1) && is_gexpr(st, el(e, 3), depth + 1);
    if (tag == la.op && tuple_arity(e) == 5) {
        term_t op = el(e, 2);
        if (op != la.andalso && op != la.orelse && !lint_is_guard_op(op, 2))
            return false;
        return is_gexpr(st, el(e, 3), depth + 1) && is_gexpr(st, el(e, 4), depth + 1);
    }
    return false;
}

/* is_guard_test2/2 */
static bool is_guard_test2(lst *st, term_t e)
{
    if (is_t(e, la.call, 4) && is_t(el(e, 2), la.atom, 3)) {
        term_t f = el(el(e, 2), 2), args = el(e, 3);
        unsigned a = (unsigned)list_length(args);
        if (f == la.record && a == 2)
            return is_gexpr_list(st, args, 0);
        if (is_local(st, f, a) || imported(st, f, a) != THE_NON_VALUE)
            return false;
        if (lint_is_type_test(f, a))
            return is_gexpr_list(st, args, 0);
        return is_gexpr(st, e, 0);
    }
    return is_gexpr(st, e, 0);
}

static vt handle_comprehension(lst *st, term_t e, term_t qs, vt t0)
{
    bool old_rd = st->recdef_top;
    st->recdef_top = false;
    vt t = t0, uvt = VT0;
    for (term_t l = qs; term_is_list(l); l = list_tail(l)) {
        term_t q = list_head(l);
        if (is_t(q, la.generate, 4) || is_t(q, la.b_generate, 4)) {
            term_t p = el(q, 2), ge = el(q, 3);
            if (is_t(q, la.b_generate, 4) && is_t(p, la.bin, 3) && term_is_list(el(p, 2))) {
                term_t last = el(p, 2);
                while (term_is_list(list_tail(last)))
                    last = list_tail(last);
                term_t be = list_head(last);
                if (is_t(be, la.bin_element, 5) && el(be, 3) == la.default_ && term_is_list(el(be, 4))) {
                    bool bad = false;
                    for (term_t f = el(be, 4); term_is_list(f); f = list_tail(f)) {
                        term_t x = list_head(f);
                        bad |= x == la.binary || x == la.bytes || x == la.bits || x == la.bitstring;
                    }
                    if (bad)
                        simple_msg(st, false, pos_of(be), la.unsized_binary_in_bin_gen_pattern,
                                   "binary fields without size are not allowed in patterns of bit string "
                                   "generators");
                }
            }
            /* handle_generator/5 */
            vt evt = expr(st, ge, t);
            vt vt1 = vtupdate(st, vtold(st, evt, t), t);
            check_unused_vars(st, evt, t);
            vt pnew;
            vt pvt = pattern(st, p, vt1, VT0, &pnew);
            vt vt2 = vtupdate(st, pvt, vt1);
            shadow_vars(st, pnew, vt1, la.generate_s);
            vt svt = vtold(st, vt2, pnew);
            check_old_unused_vars(st, svt, uvt);
            uvt = vtupdate(st, vtnew(st, svt, uvt), uvt);
            t = vtupdate(st, vtnew(st, vt2, pnew), pnew);
        } else {
            vt fvt = is_guard_test2(st, q) ? guard_test(st, q, t) : expr(st, q, t);
            t = vtupdate(st, fvt, t);
        }
    }
    st->recdef_top = old_rd;
    vt evt = expr(st, e, t);
    vt vt2 = vtupdate(st, evt, t);
    check_old_unused_vars(st, vt2, uvt);
    check_unused_vars(st, uvt, t0);
    check_unused_vars(st, vt2, t0);
    vt vt3 = vtmerge(st, vtnew(st, vt2, uvt), uvt);
    vt vt4 = vtold(st, vt3, t0);
    return vt_no_unsafe(st, vt_no_unused(st, vt4));
}

static bool is_valid_record(term_t r)
{
    if (!is_node(r))
        return true;
    term_t t = el(r, 0);
    return !(t == la.char_ || t == la.integer || t == la.float_ || t == la.atom || t == la.string || t == la.cons ||
             t == la.nil || t == la.lc || t == la.record_index || t == la.fun_ || t == la.named_fun);
}

static bool is_valid_call(term_t c)
{
    if (!is_node(c))
        return true;
    term_t t = el(c, 0);
    if (t == la.tuple)
        return list_length(el(c, 2)) == 2;
    return !(t == la.char_ || t == la.integer || t == la.float_ || t == la.string || t == la.cons || t == la.nil ||
             t == la.lc || t == la.record_index);
}

static void check_call_clash(lst *st, lpos pos, term_t f, unsigned a)
{
    sbuf b = {0};
    bool old = is_old_bif(f, a);
    sb_fmt(&b, "ambiguous call of overridden %sauto-imported BIF ", old ? "pre R14 " : "");
    sb_atom(&b, f, false);
    sb_fmt(&b, "/%u\n - use erlang:", a);
    sb_atom(&b, f, false);
    sb_fmt(&b, "/%u or \"-compile({no_auto_import,[", a);
    sb_atom(&b, f, false);
    sb_fmt(&b, "/%u]}).\" to resolve name clash", a);
    add_msg(st, !old, st->file, pos, false,
            T2(st, old ? la.call_to_redefined_old_bif : la.call_to_redefined_bif, FA(st, f, a)), &b);
}

static vt expr_call(lst *st, term_t e, vt t)
{
    lpos pos = pos_of(e);
    term_t fn = el(e, 2), args = el(e, 3);
    unsigned a = (unsigned)list_length(args);
    if (is_t(fn, la.atom, 3) && el(fn, 2) == la.is_record && a == 2 &&
        is_t(list_head(list_tail(args)), la.atom, 3)) {
        vt rv = expr(st, list_head(args), t);
        term_t rn = list_head(list_tail(args));
        if (find_rec(st, el(rn, 2)))
            used_record(st, el(rn, 2));
        else
            undefined_record(st, pos_of(rn), el(rn, 2));
        return rv;
    }
    if (is_t(fn, la.remote, 4)) {
        term_t m = el(fn, 2), f = el(fn, 3);
        if (is_t(m, la.atom, 3) && is_t(f, la.atom, 3)) {
            if (!(el(m, 2) == la.erlang && el(f, 2) == la.is_record && a == 2))
                deprecated_function(st, pos, el(m, 2), el(f, 2), a);
            if (el(m, 2) == la.erlang && el(f, 2) == la.is_record && a == 2) {
                term_t call = term_tuple(&st->heap, 4, NULL);
                tuple_elems(call)[0] = la.call;
                tuple_elems(call)[1] = el(e, 1);
                tuple_elems(call)[2] = f;
                tuple_elems(call)[3] = args;
                return expr(st, call, t);
            }
            return expr_list(st, args, t);
        }
        return expr_list(st, term_cons(&st->heap, m, term_cons(&st->heap, f, args)), t);
    }
    if (is_t(fn, la.atom, 3)) {
        term_t f = el(fn, 2);
        vt asvt = expr_list(st, args, t);
        bool local = is_local(st, f, a), autobif = lint_is_auto_bif(f, a), suppressed = auto_suppressed(st, f, a);
        term_t im = imported(st, f, a);
        if (!local && im == THE_NON_VALUE && autobif && !suppressed) {
            deprecated_function(st, pos, la.erlang, f, a);
            return asvt;
        }
        if (im != THE_NON_VALUE) {
            deprecated_function(st, pos, im, f, a);
            return asvt;
        }
        if (f == la.record_info && a == 2) {
            term_t what = list_head(args), rn = list_head(list_tail(args));
            if (is_t(what, la.atom, 3) && is_t(rn, la.atom, 3)) {
                if (el(what, 2) == la.fields || el(what, 2) == la.size) {
                    if (find_rec(st, el(rn, 2)))
                        used_record(st, el(rn, 2));
                    else
                        undefined_record(st, pos_of(fn), el(rn, 2));
                } else
                    simple_msg(st, false, pos_of(what), la.illegal_record_info, "illegal record info");
            } else
                simple_msg(st, false, pos, la.illegal_record_info, "illegal record info");
            return asvt;
        }
        if (!suppressed && autobif)
            check_call_clash(st, pos, f, a);
        if (!(f == st->func_f && a == st->func_a))
            call_function(st, pos, f, a, true);
        return asvt;
    }
    if (!is_valid_call(fn))
        simple_msg(st, true, pos, la.invalid_call, "invalid function call");
    return expr_list(st, term_cons(&st->heap, fn, args), t);
}

static vt expr_1(lst *st, term_t e, vt t)
{
    if (!is_node(e))
        return VT0;
    term_t tag = el(e, 0);
    lpos pos = pos_of(e);
    if (tag == la.var)
        return expr_var(st, el(e, 2), pos, t);
    if (tag == la.char_ || tag == la.integer || tag == la.float_ || tag == la.atom || tag == la.string ||
        (tag == la.nil && tuple_arity(e) == 2))
        return VT0;
    if (tag == la.cons) {
        vt acc = VT0;
        term_t c = e;
        for (; is_t(c, la.cons, 4); c = el(c, 3))
            acc = vtmerge_pat(st, expr(st, el(c, 2), t), acc);
        return vtmerge_pat(st, expr(st, c, t), acc);
    }
    if (tag == la.lc || tag == la.bc)
        return handle_comprehension(st, el(e, 2), el(e, 3), t);
    if (tag == la.tuple)
        return expr_list(st, el(e, 2), t);
    if (tag == la.map && tuple_arity(e) == 3) {
        check_assoc_fields(st, el(e, 2));
        return map_fields(st, el(e, 2), t, false);
    }
    if (tag == la.map && tuple_arity(e) == 4) {
        vt s = expr(st, el(e, 2), t);
        vt f = map_fields(st, el(e, 3), t, false);
        return vtupdate(st, s, f);
    }
    if (tag == la.record_index && tuple_arity(e) == 4) {
        rec_def *r;
        check_record(st, pos, el(e, 2), &r);
        if (r)
            record_field_check(st, el(e, 3), el(e, 2), r);
        return VT0;
    }
    if (tag == la.record && tuple_arity(e) == 4) {
        rec_def *r;
        check_record(st, pos, el(e, 2), &r);
        if (!r)
            return VT0;
        return init_fields(st, el(e, 3), pos, el(e, 2), r, t, 0);
    }
    if (tag == la.record_field && tuple_arity(e) == 5) {
        if (!is_valid_record(el(e, 2)))
            simple_msg(st, true, pos, la.invalid_record, "invalid record expression");
        vt rv = expr(st, el(e, 2), t);
        rec_def *r;
        check_record(st, pos, el(e, 3), &r);
        if (r)
            record_field_check(st, el(e, 4), el(e, 3), r);
        return rv;
    }
    if (tag == la.record && tuple_arity(e) == 5) {
        if (!is_valid_record(el(e, 2)))
            simple_msg(st, true, pos, la.invalid_record, "invalid record expression");
        vt rv = expr(st, el(e, 2), t);
        rec_def *r;
        check_record(st, pos, el(e, 3), &r);
        vt us = r ? check_fields(st, el(e, 4), el(e, 3), r->fields, t, 0, VT0, NULL) : VT0;
        bool found;
        lpos wp = wildcard_field(el(e, 4), &found);
        if (found) {
            sbuf b = {0};
            sb_str(&b, "meaningless use of _ in update of record ");
            sb_atom(&b, el(e, 3), true);
            add_msg(st, false, st->file, wp, false, T2(st, la.wildcard_in_update, el(e, 3)), &b);
            return VT0;
        }
        return vtmerge(st, rv, us);
    }
    if (tag == la.bin) {
        vt acc = VT0;
        for (term_t l = el(e, 2); term_is_list(l); l = list_tail(l)) {
            term_t be = list_head(l);
            if (!is_t(be, la.bin_element, 5))
                continue;
            vt v1 = expr(st, el(be, 2), t);
            bsize size = {SZ_DEFAULT, 0};
            vt v2 = VT0;
            term_t sz = el(be, 3);
            if (sz != la.default_) {
                if (is_t(sz, la.atom, 3) && el(sz, 2) == la.all)
                    size.kind = SZ_ALL;
                else {
                    term_t v;
                    if (is_gexpr(st, sz, 0) && const_eval(st, sz, &v, 0) == CV_INT && term_is_small(v))
                        size = (bsize){SZ_INT, small_value(v)};
                    else {
                        v2 = expr(st, sz, t);
                        size.kind = SZ_UNKNOWN;
                    }
                }
            }
            bit_type_check(st, pos_of(be), size, el(be, 4));
            acc = vtmerge(st, v2, vtmerge(st, v1, acc));
        }
        return acc;
    }
    if (tag == la.block)
        return exprs(st, el(e, 2), t);
    if (tag == la.if_)
        return icrt_clauses(st, el(e, 2), la.if_, pos, t);
    if (tag == la.case_) {
        vt evt = expr(st, el(e, 2), t);
        vt cvt = icrt_clauses(st, el(e, 3), la.case_, pos, vtupdate(st, evt, t));
        return vtmerge(st, evt, cvt);
    }
    if (tag == la.receive_ && tuple_arity(e) == 3)
        return icrt_clauses(st, el(e, 2), la.receive_, pos, t);
    if (tag == la.receive_ && tuple_arity(e) == 5) {
        vt tvt = expr(st, el(e, 3), t);
        vt tevt = exprs(st, el(e, 4), t);
        uint32_t n;
        vt *each = icrt_clauses_each(st, el(e, 2), t, 1, &n);
        each[0] = tevt;
        vt rvt = icrt_export(st, each, n + 1, t, la.receive_, pos);
        return vtmerge(st, rvt, vtmerge(st, tevt, tvt));
    }
    if (tag == la.fun_) {
        term_t body = el(e, 2);
        if (is_t(body, la.clauses, 2))
            return fun_clauses(st, el(body, 1), t);
        if (is_t(body, la.function, 3)) {
            term_t f = el(body, 1);
            unsigned a = term_is_small(el(body, 2)) ? (unsigned)small_value(el(body, 2)) : 0;
            if (f == la.record_info && a == 2) {
                simple_msg(st, false, pos, la.illegal_record_info, "illegal record info");
                return VT0;
            }
            if (!is_local(st, f, a) && lint_is_auto_bif(f, a) && !auto_suppressed(st, f, a))
                return VT0;
            call_function(st, pos, f, a, true);
            return VT0;
        }
        if (is_t(body, la.function, 4)) {
            term_t l = term_cons(&st->heap, el(body, 1),
                                 term_cons(&st->heap, el(body, 2), term_cons(&st->heap, el(body, 3), NIL)));
            return expr_list(st, l, t);
        }
        return VT0;
    }
    if (tag == la.named_fun && tuple_arity(e) == 4) {
        term_t name = el(e, 2);
        if (name == la.underscore)
            return fun_clauses(st, el(e, 3), t);
        vt nvt0 = vt_single(st, name, VS_BOUND, 0, pos);
        shadow_vars(st, nvt0, t, la.named_fun_s);
        vt nvt1 = vtupdate(st, vtnew(st, t, nvt0), nvt0);
        vt csvt = fun_clauses(st, el(e, 3), nvt1);
        check_unused_vars(st, vtupdate(st, csvt, nvt0), VT0);
        return vtold(st, csvt, t);
    }
    if (tag == la.call && tuple_arity(e) == 4)
        return expr_call(st, e, t);
    if (tag == la.try_ && tuple_arity(e) == 6) {
        vt evt0 = exprs(st, el(e, 2), t);
        vt uvt = vtunsafe(st, la.try_, pos, evt0, t);
        vt vt_in = vtupdate(st, evt0, t);
        uint32_t ns, nc = 0;
        vt *scs = icrt_clauses_each(st, el(e, 3), vt_in, 0, &ns);
        for (term_t l = el(e, 4); term_is_list(l); l = list_tail(l))
            nc++;
        vt *all = la_alloc(&st->ar, (ns + nc + 1) * sizeof *all);
        if (ns)
            memcpy(all, scs, ns * sizeof *all);
        vt cvt_in = vtupdate(st, uvt, vt_in);
        uint32_t i = ns;
        for (term_t l = el(e, 4); term_is_list(l); l = list_tail(l))
            all[i++] = catch_clause(st, list_head(l), cvt_in);
        vt sccs = icrt_export(st, all, ns + nc, vt_in, la.try_, pos);
        vt evt1 = vtupdate(st, uvt, evt0);
        vt rvt1 = vtupdate(st, vtunsafe(st, la.try_, pos, sccs, t), sccs);
        vt evt2 = vtmerge(st, evt1, rvt1);
        vt avt0 = exprs(st, el(e, 5), vtupdate(st, evt2, t));
        vt avt1 = vtupdate(st, vtunsafe(st, la.try_, pos, avt0, t), avt0);
        return vtmerge(st, evt2, avt1);
    }
    if (tag == la.catch_) {
        vt evt = expr(st, el(e, 2), t);
        return vtupdate(st, vtunsafe(st, la.catch_, pos, evt, t), evt);
    }
    if (tag == la.match && tuple_arity(e) == 4) {
        vt evt = expr(st, el(e, 3), t);
        vt pnew;
        vt pvt = pattern(st, el(e, 2), vtupdate(st, evt, t), vtupdate(st, evt, t), &pnew);
        reject_invalid_alias_expr(st, el(e, 2), el(e, 3), t);
        return vtupdate(st, pnew, vtmerge(st, evt, pvt));
    }
    if (tag == la.op && tuple_arity(e) == 4)
        return expr(st, el(e, 3), t);
    if (tag == la.op && tuple_arity(e) == 5) {
        term_t op = el(e, 2);
        if (op == la.andalso || op == la.orelse) {
            vt evt1 = expr(st, el(e, 3), t);
            vt vt1 = vtupdate(st, evt1, t);
            vt evt2 = expr(st, el(e, 4), vt1);
            vt evt3 = vtupdate(st, vtunsafe(st, op, pos, evt2, vt1), evt2);
            return vtmerge(st, evt1, evt3);
        }
        vt acc = vtmerge_pat(st, expr(st, el(e, 3), t), VT0);
        return vtmerge_pat(st, expr(st, el(e, 4), t), acc);
    }
    if (tag == la.remote) {
        simple_msg(st, false, pos_of(el(e, 2)), la.illegal_expr, "illegal expression");
        return VT0;
    }
    return VT0;
}

static vt expr(lst *st, term_t e, vt t)
{
    if (!enter(st, e))
        return VT0;
    vt r = expr_1(st, e, t);
    leave(st);
    return r;
}

/* ---- types (enough for "undefined" and "unused" types) ---------------------------- */

static const char *const builtin_types[] = {
    "any/0", "arity/0", "atom/0", "binary/0", "binary/2", "bitstring/0", "bool/0", "boolean/0", "byte/0",
    "char/0", "dynamic/0", "float/0", "function/0", "identifier/0", "integer/0", "iodata/0", "iolist/0",
    "list/0", "list/1", "map/0", "maybe_improper_list/0", "maybe_improper_list/2", "mfa/0", "module/0",
    "neg_integer/0", "nil/0", "no_return/0", "node/0", "non_neg_integer/0", "none/0", "nonempty_binary/0",
    "nonempty_bitstring/0", "nonempty_improper_list/2", "nonempty_list/0", "nonempty_list/1",
    "nonempty_maybe_improper_list/0", "nonempty_maybe_improper_list/2", "nonempty_string/0", "number/0",
    "pid/0", "port/0", "pos_integer/0", "reference/0", "string/0", "term/0", "timeout/0", "tuple/0",
    "fun/0", "range/2", "record/1", "tuple/1", "fun/2", "union/1", "product/1", "bounded_fun/2",
    "constraint/2", "map_field_assoc/2", "map_field_exact/2"};

static bool is_builtin_type(term_t name, unsigned arity)
{
    char buf[300];
    snprintf(buf, sizeof buf, "%s/%u", atxt(name), arity);
    for (size_t i = 0; i < sizeof builtin_types / sizeof *builtin_types; i++)
        if (!strcmp(buf, builtin_types[i]))
            return true;
    return false;
}

typedef struct type_use {
    term_t name;
    unsigned arity;
    const char *file;
    lpos pos;
    int from_kind; /* 0: a root (export, record, spec, callback); 1: a type */
    term_t from_name;
    unsigned from_arity;
} type_use;

static void collect_types(lst *st, term_t t, int from_kind, term_t fn, unsigned fna, unsigned depth,
                          type_use **uses, size_t *nuses, size_t *cap)
{
    if (depth > LINT_MAX_DEPTH)
        return;
    if (term_is_list(t)) {
        for (; term_is_list(t); t = list_tail(t))
            collect_types(st, list_head(t), from_kind, fn, fna, depth + 1, uses, nuses, cap);
        return;
    }
    if (!term_is_tuple(t))
        return;
    if (is_t(t, la.user_type, 4) && term_is_atom(el(t, 2))) {
        GROW(st, *uses, *nuses, *cap);
        (*uses)[(*nuses)++] =
            (type_use){el(t, 2), (unsigned)list_length(el(t, 3)), st->file, pos_of(t), from_kind, fn, fna};
    } else if (is_t(t, la.type, 4) && el(t, 2) == la.record && term_is_list(el(t, 3)) &&
               is_t(list_head(el(t, 3)), la.atom, 3))
        used_record(st, el(list_head(el(t, 3)), 2));
    else if (is_t(t, la.remote_type, 3) && term_is_list(el(t, 2)) && list_length(el(t, 2)) == 3) {
        term_t m = list_head(el(t, 2)), n = list_head(list_tail(el(t, 2)));
        term_t args = list_head(list_tail(list_tail(el(t, 2))));
        if (is_t(m, la.atom, 3) && el(m, 2) == st->module && is_t(n, la.atom, 3)) {
            GROW(st, *uses, *nuses, *cap);
            (*uses)[(*nuses)++] =
                (type_use){el(n, 2), (unsigned)list_length(args), st->file, pos_of(t), from_kind, fn, fna};
        }
    }
    uint64_t ar = tuple_arity(t);
    for (uint64_t i = 0; i < ar; i++) {
        term_t x = tuple_get(t, i);
        if (term_is_tuple(x) || term_is_list(x))
            collect_types(st, x, from_kind, fn, fna, depth + 1, uses, nuses, cap);
    }
}

/* ---- forms -------------------------------------------------------------------------- */

typedef struct behaviour_use {
    term_t name;
    const char *file;
    lpos pos;
} behaviour_use;

typedef struct lint_mod {
    behaviour_use *behaviours;
    size_t nbehaviours, behaviours_cap;
    type_use *uses;
    size_t nuses, uses_cap;
    bool warn_unused_vars, warn_shadow_vars, warn_unused_function, warn_unused_record, warn_unused_type,
        warn_export_all, warn_obsolete_guard, warn_underscore_match, warn_bif_clash, warn_export_vars;
    term_t first_file_name; /* the first -file attribute's file, as a C string pointer key */
    const char *first_file;
    term_t nowarn_unused; /* list of {F,A} */
    bool have_module;
} lint_mod;

static char *str_of_list(lst *st, term_t s)
{
    int64_t n = list_length(s);
    if (n < 0)
        n = 0;
    char *buf = la_alloc(&st->per, (size_t)n * 4 + 1);
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
    return buf;
}

/* record_def/4 */
static void record_def(lst *st, term_t attr, term_t name, term_t fs0)
{
    lpos pos = pos_of(attr);
    if (find_rec(st, name)) {
        sbuf b = {0};
        sb_str(&b, "record ");
        sb_atom(&b, name, true);
        sb_str(&b, " already defined");
        add_msg(st, false, st->file, pos, false, T2(st, la.redefine_record, name), &b);
        return;
    }
    /* normalise: every field gets a default; type information dropped */
    heap_t *h = &st->heap;
    term_t acc = NIL;
    for (term_t l = fs0; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_t(f, la.typed_record_field, 3))
            f = el(f, 1);
        if (!is_t(f, la.record_field, 3) && !is_t(f, la.record_field, 4))
            continue;
        term_t fname = el(f, 2);
        term_t v = tuple_arity(f) == 4 ? el(f, 3) : T3(st, la.atom, el(f, 1), atom_from_cstr("undefined"));
        if (find_field(acc, el(fname, 2), NULL)) {
            redefine_field(st, pos_of(f), name, el(fname, 2));
            continue;
        }
        size_t ne = st->nerrors;
        bool rd = st->recdef_top;
        st->recdef_top = true;
        size_t nc = st->ncalls;
        expr(st, v, VT0);
        (void)nc;
        st->recdef_top = rd;
        if (st->nerrors != ne)
            v = T3(st, la.atom, el(fname, 1), atom_from_cstr("undefined"));
        term_t nf = term_tuple(h, 4, NULL);
        tuple_elems(nf)[0] = la.record_field;
        tuple_elems(nf)[1] = el(f, 1);
        tuple_elems(nf)[2] = fname;
        tuple_elems(nf)[3] = v;
        acc = term_cons(h, nf, acc);
    }
    GROW(st, st->records, st->nrecords, st->records_cap);
    st->records[st->nrecords++] = (rec_def){name, st->file, pos, acc, false};
}

static void function_clauses(lst *st, term_t cs)
{
    for (term_t l = cs; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!is_t(c, la.clause, 5))
            continue;
        vt hnew;
        vt hvt = head(st, el(c, 2), VT0, VT0, &hnew);
        vt vt1 = vtupdate(st, hvt, vtupdate(st, hnew, VT0));
        vt gvt = guard(st, el(c, 3), vt1);
        vt vt2 = vtupdate(st, gvt, vt1);
        vt bvt = exprs(st, el(c, 4), vt2);
        vt upd = vtupdate(st, bvt, vt2);
        check_unused_vars(st, upd, VT0);
    }
}

static void function_form(lst *st, term_t f)
{
    lpos pos = pos_of(f);
    term_t name = el(f, 2);
    unsigned arity = (unsigned)small_value(el(f, 3));
    st->func_f = name;
    st->func_a = arity;
    if (fa_in(st->defined, st->ndefined, name, arity))
        fa_msg(st, false, st->file, pos, la.redefine_function, name, arity, "function ", " already defined");
    else {
        if (arity > 255) {
            sbuf b = {0};
            sb_fmt(&b, "too many arguments (%u) - maximum allowed is 255", arity);
            add_msg(st, false, st->file, pos, false, T2(st, la.too_many_arguments, term_small(arity)), &b);
        }
        fa_add(&st->defined, &st->ndefined, &st->defined_cap, name, arity);
        if (imported(st, name, arity) != THE_NON_VALUE)
            fa_msg(st, false, st->file, pos, atom_from_cstr("define_import"), name, arity,
                   "defining imported function ", "");
    }
    function_clauses(st, el(f, 4));
}

static void export_attr(lst *st, term_t a, term_t es)
{
    lpos pos = pos_of(a);
    for (term_t l = es; term_is_list(l); l = list_tail(l)) {
        term_t fa_ = list_head(l);
        if (!term_is_tuple(fa_) || tuple_arity(fa_) != 2 || !term_is_small(el(fa_, 1)))
            continue;
        term_t f = el(fa_, 0);
        unsigned ar = (unsigned)small_value(el(fa_, 1));
        if (fa_in(st->exports, st->nexports, f, ar))
            fa_msg(st, true, st->file, pos, la.duplicated_export, f, ar, "function ", " already exported");
        fa_add(&st->exports, &st->nexports, &st->exports_cap, f, ar);
        GROW(st, st->calls, st->ncalls, st->calls_cap);
        st->calls[st->ncalls++] = (call_ent){f, ar, st->file, pos, THE_NON_VALUE, 0, true};
    }
}

static void import_attr(lst *st, lint_mod *lm, term_t a, term_t v)
{
    lpos pos = pos_of(a);
    if (!term_is_tuple(v) || tuple_arity(v) != 2)
        return;
    term_t mod = el(v, 0);
    fa_ent fs[256];
    size_t n = 0;
    for (term_t l = el(v, 1); term_is_list(l) && n < 256; l = list_tail(l)) {
        term_t fa_ = list_head(l);
        if (!term_is_tuple(fa_) || tuple_arity(fa_) != 2 || !term_is_small(el(fa_, 1)))
            continue;
        fa_ent x = {el(fa_, 0), (unsigned)small_value(el(fa_, 1))};
        if (!fa_in(fs, n, x.f, x.a))
            fs[n++] = x;
    }
    bool err = false;
    for (size_t i = 0; i < n; i++) {
        term_t f = fs[i].f;
        unsigned ar = fs[i].a;
        term_t prev = imported(st, f, ar);
        if (prev != THE_NON_VALUE) {
            sbuf b = {0};
            sb_str(&b, "function ");
            sb_atom(&b, f, true);
            sb_fmt(&b, "/%u already imported from ", ar);
            sb_atom(&b, prev, false);
            add_msg(st, false, st->file, pos, false, T2(st, la.redefine_import, T2(st, FA(st, f, ar), prev)), &b);
            err = true;
        } else if (lint_is_auto_bif(f, ar) && lm->warn_bif_clash && !auto_suppressed(st, f, ar)) {
            bool old = is_old_bif(f, ar);
            sbuf b = {0};
            sb_fmt(&b, "import directive overrides %sauto-imported BIF ", old ? "pre R14 " : "");
            sb_atom(&b, f, false);
            sb_fmt(&b, "/%u\n - use \"-compile({no_auto_import,[", ar);
            sb_atom(&b, f, false);
            sb_fmt(&b, "/%u]}).\" to resolve name clash", ar);
            add_msg(st, !old, st->file, pos, false,
                    T2(st, atom_from_cstr(old ? "redefine_old_bif_import" : "redefine_bif_import"), FA(st, f, ar)),
                    &b);
        }
    }
    if (err)
        return;
    for (size_t i = 0; i < n; i++) {
        GROW(st, st->imports, st->nimports, st->imports_cap);
        st->imports[st->nimports].fa = fs[i];
        st->imports[st->nimports++].m = mod;
    }
}

static void type_attr(lst *st, lint_mod *lm, term_t a, term_t v)
{
    /* {Name, Type, Args} */
    if (!term_is_tuple(v) || tuple_arity(v) != 3 || !term_is_atom(el(v, 0)))
        return;
    term_t name = el(v, 0);
    unsigned ar = (unsigned)list_length(el(v, 2));
    lpos pos = pos_of(a);
    if (is_builtin_type(name, ar) && !compile_opt(st, atom_from_cstr("no_auto_import_types"))) {
        sbuf b = {0};
        sb_str(&b, "type ");
        sb_atom(&b, name, false);
        sb_str(&b, "(");
        for (unsigned i = 0; i < ar; i++)
            sb_str(&b, i ? ",_" : "_");
        sb_str(&b, ") is a builtin type; it cannot be redefined");
        add_msg(st, false, st->file, pos, false, T2(st, atom_from_cstr("builtin_type"), FA(st, name, ar)), &b);
        return;
    }
    for (size_t i = 0; i < st->ntypes; i++)
        if (st->types[i].name == name && st->types[i].arity == ar) {
            sbuf b = {0};
            sb_str(&b, "type ");
            sb_atom(&b, name, true);
            sb_str(&b, "(");
            for (unsigned k = 0; k < ar; k++)
                sb_str(&b, k ? ",_" : "_");
            sb_str(&b, ") already defined");
            add_msg(st, false, st->file, pos, false, T2(st, la.redefine_type, FA(st, name, ar)), &b);
            return;
        }
    GROW(st, st->types, st->ntypes, st->types_cap);
    st->types[st->ntypes++] = (type_ent){name, ar, st->file, pos, false};
    collect_types(st, el(v, 1), 1, name, ar, 0, &lm->uses, &lm->nuses, &lm->uses_cap);
    collect_types(st, el(v, 2), 1, name, ar, 0, &lm->uses, &lm->nuses, &lm->uses_cap);
}

static void attribute_form(lst *st, lint_mod *lm, term_t f)
{
    term_t what = el(f, 2), v = el(f, 3);
    lpos pos = pos_of(f);
    if (what == la.module) {
        if (lm->have_module)
            simple_msg(st, false, pos, la.redefine_module, "redefining module");
        return;
    }
    if (what == la.export) {
        export_attr(st, f, v);
        return;
    }
    if (what == la.import) {
        import_attr(st, lm, f, v);
        return;
    }
    if (what == la.export_type) {
        for (term_t l = v; term_is_list(l); l = list_tail(l)) {
            term_t ta = list_head(l);
            if (term_is_tuple(ta) && tuple_arity(ta) == 2 && term_is_small(el(ta, 1))) {
                GROW(st, lm->uses, lm->nuses, lm->uses_cap);
                lm->uses[lm->nuses++] =
                    (type_use){el(ta, 0), (unsigned)small_value(el(ta, 1)), st->file, pos, 0, THE_NON_VALUE, 0};
            }
        }
        return;
    }
    if (what == la.record && term_is_tuple(v) && tuple_arity(v) == 2) {
        record_def(st, f, el(v, 0), el(v, 1));
        for (term_t l = el(v, 1); term_is_list(l); l = list_tail(l))
            if (is_t(list_head(l), la.typed_record_field, 3))
                collect_types(st, el(list_head(l), 2), 0, THE_NON_VALUE, 0, 0, &lm->uses, &lm->nuses, &lm->uses_cap);
        return;
    }
    if (what == la.type || what == la.opaque) {
        type_attr(st, lm, f, v);
        return;
    }
    if ((what == la.spec || what == la.callback) && term_is_tuple(v) && tuple_arity(v) == 2) {
        term_t fa_ = el(v, 0);
        if (what == la.spec && term_is_tuple(fa_) &&
            (tuple_arity(fa_) == 2 || (tuple_arity(fa_) == 3 && el(fa_, 0) == st->module))) {
            unsigned n = tuple_arity(fa_);
            GROW(st, st->specs, st->nspecs, st->specs_cap);
            st->specs[st->nspecs].fa = (fa_ent){el(fa_, n - 2), (unsigned)small_value(el(fa_, n - 1))};
            st->specs[st->nspecs].file = st->file;
            st->specs[st->nspecs++].pos = pos;
        }
        collect_types(st, el(v, 1), 0, THE_NON_VALUE, 0, 0, &lm->uses, &lm->nuses, &lm->uses_cap);
        return;
    }
    if ((what == la.behaviour || what == la.behavior) && term_is_atom(v)) {
        GROW(st, lm->behaviours, lm->nbehaviours, lm->behaviours_cap);
        lm->behaviours[lm->nbehaviours++] = (behaviour_use){v, st->file, pos};
        return;
    }
    if (what == la.on_load) {
        if (term_is_tuple(v) && tuple_arity(v) == 2 && term_is_atom(el(v, 0)) && term_is_small(el(v, 1))) {
            fa_add(&st->on_load, &st->non_load, &st->on_load_cap, el(v, 0), (unsigned)small_value(el(v, 1)));
            st->on_load_file = st->file;
            st->on_load_pos = pos;
            if (st->non_load == 1 && small_value(el(v, 1)) != 0)
                fa_msg(st, false, st->file, pos, la.bad_on_load_arity, el(v, 0), (unsigned)small_value(el(v, 1)),
                       "function ", " has wrong arity (must be 0)");
            else if (st->non_load > 1)
                simple_msg(st, false, pos, la.multiple_on_loads, "more than one on_load attribute");
        }
        return;
    }
}

static void form(lst *st, lint_mod *lm, term_t f)
{
    if (!is_node(f))
        return;
    term_t tag = el(f, 0);
    if ((tag == la.error || tag == la.warning) && tuple_arity(f) == 2) {
        /* {error, {Loc, Mod, Desc}} from the scanner, epp or the parser */
        term_t e = el(f, 1);
        sbuf b = {0};
        lpos pos = {0, 0};
        bool none = true;
        if (term_is_tuple(e) && tuple_arity(e) == 3) {
            if (el(e, 0) != atom_from_cstr("none")) {
                pos = loc_of(el(e, 0));
                none = false;
            }
            term_t d = el(e, 2);
            if (term_is_list(d) || d == NIL) {
                /* an iolist of characters and strings */
                term_t stack[64];
                int sp = 0;
                stack[sp++] = d;
                while (sp) {
                    term_t x = stack[--sp];
                    while (term_is_list(x)) {
                        term_t hd = list_head(x);
                        if (term_is_small(hd)) {
                            char u[5];
                            int64_t c = small_value(hd);
                            int n = 0;
                            if (c < 0x80)
                                u[n++] = (char)c;
                            else if (c < 0x800)
                                u[n++] = (char)(0xC0 | c >> 6), u[n++] = (char)(0x80 | (c & 0x3F));
                            else
                                u[n++] = (char)(0xE0 | c >> 12), u[n++] = (char)(0x80 | ((c >> 6) & 0x3F)),
                                u[n++] = (char)(0x80 | (c & 0x3F));
                            sb_put(&b, u, (size_t)n);
                        } else if ((term_is_list(hd) || hd == NIL) && sp < 62) {
                            stack[sp++] = list_tail(x);
                            stack[sp++] = hd;
                            break;
                        } else if (term_is_atom(hd))
                            sb_atom(&b, hd, true);
                        x = list_tail(x);
                    }
                }
            } else if (term_is_tuple(d) && tuple_arity(d) == 3 && el(d, 0) == la.include &&
                       (term_is_list(el(d, 2)))) {
                sb_fmt(&b, "can't find include %s \"%s\"", atxt(el(d, 1)), str_of_list(st, el(d, 2)));
            } else if (term_is_tuple(d) && tuple_arity(d) == 3 && el(d, 0) == atom_from_cstr("undefined")) {
                sb_str(&b, "undefined macro '");
                sb_str(&b, atxt(el(d, 1)));
                if (term_is_small(el(d, 2)))
                    sb_fmt(&b, "/%lld", (long long)small_value(el(d, 2)));
                sb_str(&b, "'");
            } else
                sb_str(&b, "error");
        } else
            sb_str(&b, "error");
        msg m = {st->file, pos, none, e, alloc_strdup(ALLOC_SYSTEM, b.s ? b.s : "")};
        alloc_free(ALLOC_TEMP, b.s, b.cap);
        m.desc = T2(st, atom_from_cstr("$prio"), e);
        if (tag == la.error) {
            GROW(st, st->errors, st->nerrors, st->errors_cap);
            st->errors[st->nerrors++] = m;
        } else {
            GROW(st, st->warnings, st->nwarnings, st->warnings_cap);
            st->warnings[st->nwarnings++] = m;
        }
        return;
    }
    if (tag == la.attribute && tuple_arity(f) == 4 && el(f, 2) == la.file) {
        term_t v = el(f, 3);
        if (term_is_tuple(v) && tuple_arity(v) == 2)
            st->file = str_of_list(st, el(v, 0));
        return;
    }
    if (tag == la.attribute && tuple_arity(f) == 4 && el(f, 2) == la.compile)
        return;
    if (st->state == 0) {
        st->state = 1;
        if (tag == la.attribute && tuple_arity(f) == 4 && el(f, 2) == la.module) {
            lm->have_module = true;
            st->module = el(f, 3);
            return;
        }
        lpos pos = tag == la.eof ? loc_of(el(f, 1)) : pos_of(f);
        simple_msg(st, false, pos, la.undefined_module, "no module definition");
    }
    if (tag == la.attribute && tuple_arity(f) == 4) {
        term_t what = el(f, 2);
        if (st->state == 2 && what != la.record && what != la.type && what != la.opaque && what != la.spec &&
            what != la.dialyzer) {
            sbuf b = {0};
            sb_str(&b, "attribute ");
            sb_atom(&b, what, true);
            sb_str(&b, " after function definitions");
            add_msg(st, false, st->file, pos_of(f), false, T2(st, la.attribute_, what), &b);
            return;
        }
        attribute_form(st, lm, f);
        return;
    }
    if (tag == la.function && tuple_arity(f) == 5) {
        st->state = 2;
        function_form(st, f);
        return;
    }
}

/* ---- after the forms ------------------------------------------------------------- */

/* The callbacks of OTP 25's own behaviours (behaviour_info/1): required,
 * then optional. Other behaviours are not checked: their modules are not
 * known when a module is compiled. */
static const struct {
    const char *name, *required, *optional;
} known_behaviours[] = {
    {"gen_server", "handle_call/3 handle_cast/2 init/1",
     "code_change/3 format_status/1 format_status/2 handle_continue/2 handle_info/2 terminate/2"},
    {"gen_statem", "callback_mode/0 init/1",
     "code_change/4 format_status/1 format_status/2 handle_event/4 state_name/3 terminate/3"},
    {"gen_event", "handle_call/2 handle_event/2 init/1",
     "code_change/3 format_status/1 format_status/2 handle_info/2 terminate/2"},
    {"gen_fsm", "handle_event/3 handle_sync_event/4 init/1", "code_change/4 format_status/2 handle_info/3 terminate/3"},
    {"supervisor", "init/1", ""},
    {"supervisor_bridge", "init/1 terminate/2", ""},
    {"application", "start/2 stop/1", ""},
};

/* Calls fn for each "name/arity" of a callback list. */
static void each_callback(const char *p, void (*fn)(void *ctx, term_t f, unsigned a), void *ctx)
{
    while (*p) {
        const char *slash = strchr(p, '/');
        term_t f;
        if (!slash || atom_intern(p, (size_t)(slash - p), &f) != ATOM_OK)
            return;
        char *end;
        unsigned a = (unsigned)strtoul(slash + 1, &end, 10);
        p = end;
        while (*p == ' ')
            p++;
        fn(ctx, f, a);
    }
}

typedef struct cb_ctx {
    lst *st;
    behaviour_use *b;
    size_t bi;
    bool optional;
    struct {
        fa_ent fa;
        size_t behaviour; /* index of the first behaviour needing it */
    } seen[64];
    size_t nseen;
} cb_ctx;

static bool exported_fa(lst *st, term_t f, unsigned a)
{
    return st->export_all ? fa_in(st->defined, st->ndefined, f, a) : fa_in(st->exports, st->nexports, f, a);
}

static void missing_callback(void *ctx, term_t f, unsigned a)
{
    cb_ctx *c = ctx;
    if (exported_fa(c->st, f, a))
        return;
    sbuf t = {0};
    sb_str(&t, "undefined callback function ");
    sb_atom(&t, f, true);
    sb_fmt(&t, "/%u (behaviour '", a);
    sb_atom(&t, c->b->name, false);
    sb_str(&t, "')");
    term_t d = T3(c->st, atom_from_cstr("undefined_behaviour_func"), FA(c->st, f, a), c->b->name);
    add_msg(c->st, true, c->b->file, c->b->pos, false, d, &t);
}

/* behaviour_conflicting/2: a callback two behaviours need is reported at
 * every behaviour after the first (in location order) that needs it. */
static void conflicting_callback(void *ctx, term_t f, unsigned a)
{
    cb_ctx *c = ctx;
    if (c->optional && !exported_fa(c->st, f, a))
        return;
    for (size_t i = 0; i < c->nseen; i++)
        if (c->seen[i].fa.f == f && c->seen[i].fa.a == a) {
            behaviour_use *first = c->b - c->bi + c->seen[i].behaviour;
            sbuf t = {0};
            sb_str(&t, "conflicting behaviours - callback ");
            sb_atom(&t, f, true);
            sb_fmt(&t, "/%u required by both '", a);
            sb_atom(&t, c->b->name, false);
            sb_str(&t, "' and '");
            sb_atom(&t, first->name, false);
            sb_str(&t, "' ");
            where_text(&t, first->pos);
            term_t d = T3(c->st, atom_from_cstr("conflicting_behaviours"), FA(c->st, f, a), c->b->name);
            add_msg(c->st, true, c->b->file, c->b->pos, false, d, &t);
            return;
        }
    if (c->nseen < 64)
        c->seen[c->nseen++].fa = (fa_ent){f, a}, c->seen[c->nseen - 1].behaviour = c->bi;
}

static int known_behaviour(term_t name)
{
    const char *bn = atxt(name);
    for (size_t k = 0; k < sizeof known_behaviours / sizeof *known_behaviours; k++)
        if (!strcmp(bn, known_behaviours[k].name))
            return (int)k;
    return -1;
}

static void check_behaviours(lst *st, lint_mod *lm)
{
    /* in location order, as erl_lint's relations sort them */
    behaviour_use *bs = lm->behaviours;
    for (size_t i = 1; i < lm->nbehaviours; i++)
        for (size_t j = i; j > 0 && pos_cmp(bs[j].pos, bs[j - 1].pos) < 0; j--) {
            behaviour_use t = bs[j];
            bs[j] = bs[j - 1];
            bs[j - 1] = t;
        }
    cb_ctx c;
    memset(&c, 0, sizeof c);
    c.st = st;
    for (size_t i = 0; i < lm->nbehaviours; i++) {
        int k = known_behaviour(bs[i].name);
        if (k < 0)
            continue;
        c.b = &bs[i];
        c.bi = i;
        each_callback(known_behaviours[k].required, missing_callback, &c);
        c.optional = false;
        each_callback(known_behaviours[k].required, conflicting_callback, &c);
        c.optional = true;
        each_callback(known_behaviours[k].optional, conflicting_callback, &c);
    }
}

typedef struct fn_pos {
    fa_ent fa;
    const char *file;
    lpos pos;
} fn_pos;

/* Whether a compile option {Tag, Names} (Names an atom or a list of
 * them, as {nowarn_unused_record, [r]}) names `name`. */
static bool option_names(term_t opts, term_t tag, term_t name)
{
    for (term_t l = opts; term_is_list(l); l = list_tail(l)) {
        term_t o = list_head(l);
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || tuple_get(o, 0) != tag)
            continue;
        term_t names = tuple_get(o, 1);
        if (names == name)
            return true;
        for (; term_is_list(names); names = list_tail(names))
            if (list_head(names) == name)
                return true;
    }
    return false;
}

static bool is_pseudolocal(term_t f, unsigned a)
{
    return (f == atom_from_cstr("module_info") && a <= 1) || (f == la.record_info && a == 2);
}

static void post_checks(lst *st, lint_mod *lm, fn_pos *fns, size_t nfns, term_t forms)
{
    check_behaviours(st, lm);
    /* undefined functions: every call and export of a function not defined */
    for (size_t i = 0; i < st->ncalls; i++) {
        call_ent *c = &st->calls[i];
        if (!c->file || fa_in(st->defined, st->ndefined, c->f, c->a) || is_pseudolocal(c->f, c->a))
            continue;
        bool dup = false;
        for (size_t j = 0; j < i && !dup; j++) {
            call_ent *d = &st->calls[j];
            dup = d->file && d->f == c->f && d->a == c->a && pos_cmp(d->pos, c->pos) == 0 &&
                  !strcmp(d->file, c->file);
        }
        if (!dup)
            fa_msg(st, false, c->file, c->pos, la.undefined_function, c->f, c->a, "function ", " undefined");
    }
    /* compile options naming functions */
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (!is_t(f, la.attribute, 4) || el(f, 2) != la.compile)
            continue;
        term_t opts = el(f, 3);
        term_t items = term_is_list(opts) ? opts : term_cons(&st->heap, opts, NIL);
        for (term_t o = items; term_is_list(o); o = list_tail(o)) {
            term_t x = list_head(o);
            if (!term_is_tuple(x) || tuple_arity(x) != 2 || el(x, 0) != la.nowarn_unused_function)
                continue;
            term_t fas = term_is_list(el(x, 1)) ? el(x, 1) : term_cons(&st->heap, el(x, 1), NIL);
            for (term_t q = fas; term_is_list(q); q = list_tail(q)) {
                term_t fa_ = list_head(q);
                if (!term_is_tuple(fa_) || tuple_arity(fa_) != 2 || !term_is_small(el(fa_, 1)))
                    continue;
                unsigned ar = (unsigned)small_value(el(fa_, 1));
                if (!fa_in(st->defined, st->ndefined, el(fa_, 0), ar) &&
                    imported(st, el(fa_, 0), ar) == THE_NON_VALUE)
                    fa_msg(st, false, st->file, pos_of(f), la.bad_nowarn_unused_function, el(fa_, 0), ar,
                           "function ", " undefined");
            }
        }
    }
    /* unused functions: not reachable from the exports and on_load */
    if (lm->warn_unused_function && !st->export_all) {
        size_t n = st->ndefined;
        bool *reached = alloc_zeroed(ALLOC_TEMP, n + 1);
        size_t *queue = alloc_new(ALLOC_TEMP, (n + 1) * sizeof *queue);
        size_t qh = 0, qt = 0;
        for (size_t i = 0; i < n; i++) {
            fa_ent d = st->defined[i];
            if (fa_in(st->exports, st->nexports, d.f, d.a) || fa_in(st->on_load, st->non_load, d.f, d.a)) {
                reached[i] = true;
                queue[qt++] = i;
            }
        }
        while (qh < qt) {
            fa_ent from = st->defined[queue[qh++]];
            for (size_t c = 0; c < st->ncalls; c++) {
                call_ent *ce = &st->calls[c];
                if (ce->from_export || ce->from_f != from.f || ce->from_a != from.a)
                    continue;
                for (size_t i = 0; i < n; i++)
                    if (!reached[i] && st->defined[i].f == ce->f && st->defined[i].a == ce->a) {
                        reached[i] = true;
                        queue[qt++] = i;
                    }
            }
        }
        for (size_t k = 0; k < nfns; k++) {
            fa_ent fa_ = fns[k].fa;
            size_t i = 0;
            while (i < n && !(st->defined[i].f == fa_.f && st->defined[i].a == fa_.a))
                i++;
            if (i == n || reached[i])
                continue;
            bool nowarn = false;
            for (term_t o = st->compile; term_is_list(o); o = list_tail(o)) {
                term_t x = list_head(o);
                if (term_is_tuple(x) && tuple_arity(x) == 2 && el(x, 0) == la.nowarn_unused_function) {
                    term_t fas = term_is_list(el(x, 1)) ? el(x, 1) : term_cons(&st->heap, el(x, 1), NIL);
                    for (term_t q = fas; term_is_list(q); q = list_tail(q)) {
                        term_t y = list_head(q);
                        if (term_is_tuple(y) && tuple_arity(y) == 2 && el(y, 0) == fa_.f &&
                            term_is_small(el(y, 1)) && (unsigned)small_value(el(y, 1)) == fa_.a)
                            nowarn = true;
                    }
                }
            }
            if (!nowarn)
                fa_msg(st, true, fns[k].file, fns[k].pos, la.unused_function, fa_.f, fa_.a, "function ",
                       " is unused");
        }
        alloc_free(ALLOC_TEMP, reached, n + 1);
        alloc_free(ALLOC_TEMP, queue, (n + 1) * sizeof *queue);
    }
    /* specs of functions that do not exist */
    for (size_t i = 0; i < st->nspecs; i++)
        if (!fa_in(st->defined, st->ndefined, st->specs[i].fa.f, st->specs[i].fa.a))
            fa_msg(st, false, st->specs[i].file, st->specs[i].pos, la.spec_fun_undefined, st->specs[i].fa.f,
                   st->specs[i].fa.a, "spec for undefined function ", "");
    /* types: undefined, then unused (reachability from the roots) */
    for (size_t i = 0; i < lm->nuses; i++) {
        type_use *u = &lm->uses[i];
        bool def = false;
        for (size_t k = 0; k < st->ntypes && !def; k++)
            def = st->types[k].name == u->name && st->types[k].arity == u->arity;
        if (def || is_builtin_type(u->name, u->arity))
            continue;
        sbuf b = {0};
        sb_str(&b, "type ");
        sb_atom(&b, u->name, true);
        sb_str(&b, "(");
        for (unsigned k = 0; k < u->arity; k++)
            sb_str(&b, k ? ",_" : "_");
        sb_str(&b, ") undefined");
        add_msg(st, false, u->file, u->pos, false, T2(st, la.undefined_type, FA(st, u->name, u->arity)), &b);
    }
    if (lm->warn_unused_type && lm->first_file) {
        size_t n = st->ntypes;
        bool *reached = alloc_zeroed(ALLOC_TEMP, n + 1);
        bool changed = true;
        for (size_t i = 0; i < lm->nuses; i++)
            if (lm->uses[i].from_kind == 0)
                for (size_t k = 0; k < n; k++)
                    if (st->types[k].name == lm->uses[i].name && st->types[k].arity == lm->uses[i].arity)
                        reached[k] = true;
        while (changed) {
            changed = false;
            for (size_t i = 0; i < lm->nuses; i++) {
                type_use *u = &lm->uses[i];
                if (u->from_kind != 1)
                    continue;
                bool from_reached = false;
                for (size_t k = 0; k < n; k++)
                    if (reached[k] && st->types[k].name == u->from_name && st->types[k].arity == u->from_arity)
                        from_reached = true;
                if (!from_reached)
                    continue;
                for (size_t k = 0; k < n; k++)
                    if (!reached[k] && st->types[k].name == u->name && st->types[k].arity == u->arity) {
                        reached[k] = true;
                        changed = true;
                    }
            }
        }
        for (size_t k = 0; k < n; k++) {
            type_ent *t = &st->types[k];
            if (reached[k] || strcmp(t->file, lm->first_file) != 0)
                continue;
            sbuf b = {0};
            sb_str(&b, "type ");
            sb_atom(&b, t->name, true);
            sb_str(&b, "(");
            for (unsigned q = 0; q < t->arity; q++)
                sb_str(&b, q ? ",_" : "_");
            sb_str(&b, ") is unused");
            add_msg(st, true, t->file, t->pos, false, T2(st, la.unused_type, FA(st, t->name, t->arity)), &b);
        }
        alloc_free(ALLOC_TEMP, reached, n + 1);
    }
    /* on_load */
    if (st->non_load == 1 && st->on_load[0].a == 0 &&
        !fa_in(st->defined, st->ndefined, st->on_load[0].f, st->on_load[0].a))
        fa_msg(st, false, st->on_load_file, st->on_load_pos, la.undefined_on_load, st->on_load[0].f, 0, "function ",
               " undefined");
    /* unused records of the main file */
    if (lm->warn_unused_record && lm->first_file) {
        for (size_t i = 0; i < st->nrecords; i++) {
            rec_def *r = &st->records[i];
            if (r->used || strcmp(r->file, lm->first_file) != 0 ||
                option_names(st->compile, la.nowarn_unused_record, r->name))
                continue;
            sbuf b = {0};
            sb_str(&b, "record ");
            sb_atom(&b, r->name, true);
            sb_str(&b, " is unused");
            add_msg(st, true, r->file, r->pos, false, T2(st, la.unused_record, r->name), &b);
        }
    }
}

/* ---- ordering and output ---- */

static int loc_rank(const msg *m) { return m->none ? 1 : m->pos.col ? 2 : 0; }

static int msg_pos_cmp(const msg *a, const msg *b)
{
    int ra = loc_rank(a), rb = loc_rank(b);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    if (a->none)
        return 0;
    return pos_cmp(a->pos, b->pos);
}

static bool is_prio(const msg *m)
{
    return term_is_tuple(m->desc) && tuple_arity(m->desc) == 2 && el(m->desc, 0) == atom_from_cstr("$prio");
}

static int error_cmp(const void *pa, const void *pb)
{
    const msg *a = pa, *b = pb;
    bool xa = is_prio(a), xb = is_prio(b);
    if (xa != xb)
        return xa ? -1 : 1;
    if (xa)
        return msg_pos_cmp(a, b);
    int c = strcmp(a->file, b->file);
    if (c)
        return c;
    c = msg_pos_cmp(a, b);
    if (c)
        return c;
    return term_cmp(a->desc, b->desc);
}

static int warning_cmp(const void *pa, const void *pb)
{
    const msg *a = pa, *b = pb;
    int c = strcmp(a->file, b->file);
    if (c)
        return c;
    c = msg_pos_cmp(a, b);
    if (c)
        return c;
    return strcmp(a->text, b->text);
}

/* Stable merge sort (prio errors keep their order among equal places). */
static void sort_msgs(msg *v, size_t n, int (*cmp)(const void *, const void *))
{
    if (n < 2)
        return;
    msg *tmp = alloc_new(ALLOC_TEMP, n * sizeof *tmp);
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = cmp(&v[j], &v[i]) < 0 ? v[j++] : v[i++];
            while (i < mid)
                tmp[k++] = v[i++];
            while (j < hi)
                tmp[k++] = v[j++];
        }
        memcpy(v, tmp, n * sizeof *v);
    }
    alloc_free(ALLOC_TEMP, tmp, n * sizeof *tmp);
}

static void output(lst *st, lint_diags *out, lint_mod *lm)
{
    sort_msgs(st->errors, st->nerrors, error_cmp);
    sort_msgs(st->warnings, st->nwarnings, warning_cmp);
    for (size_t i = 0; i < st->nerrors; i++) {
        msg *m = &st->errors[i];
        lint_diags_add(out, m->file, m->none ? 0 : m->pos.line, m->none ? 0 : m->pos.col, false, m->text);
    }
    for (size_t i = 0; i < st->nwarnings; i++) {
        msg *m = &st->warnings[i];
        term_t tag = term_is_tuple(m->desc) ? el(m->desc, 0) : m->desc;
        if ((tag == la.unused_var && !lm->warn_unused_vars) || (tag == la.shadowed_var && !lm->warn_shadow_vars) ||
            ((tag == la.match_underscore_var || tag == la.match_underscore_var_pat) && !lm->warn_underscore_match) ||
            (tag == la.obsolete_guard && !lm->warn_obsolete_guard) ||
            (tag == la.call_to_redefined_bif && !lm->warn_bif_clash) ||
            (tag == la.export_all && !lm->warn_export_all))
            continue;
        lint_diags_add(out, m->file, m->none ? 0 : m->pos.line, m->none ? 0 : m->pos.col, true, m->text);
    }
}

static void st_free(lst *st)
{
    for (size_t i = 0; i < st->nerrors; i++)
        alloc_strfree(ALLOC_SYSTEM, st->errors[i].text);
    for (size_t i = 0; i < st->nwarnings; i++)
        alloc_strfree(ALLOC_SYSTEM, st->warnings[i].text);
#define FREE_ARR(a, cap) alloc_free(ALLOC_TEMP, (a), (cap) * sizeof *(a))
    FREE_ARR(st->errors, st->errors_cap);
    FREE_ARR(st->warnings, st->warnings_cap);
    FREE_ARR(st->exports, st->exports_cap);
    FREE_ARR(st->imports, st->imports_cap);
    FREE_ARR(st->no_auto, st->no_auto_cap);
    FREE_ARR(st->locals, st->locals_cap);
    FREE_ARR(st->defined, st->defined_cap);
    FREE_ARR(st->records, st->records_cap);
    FREE_ARR(st->calls, st->calls_cap);
    FREE_ARR(st->types, st->types_cap);
    FREE_ARR(st->used_types, st->used_types_cap);
    FREE_ARR(st->specs, st->specs_cap);
    FREE_ARR(st->on_load, st->on_load_cap);
#undef FREE_ARR
    la_free(&st->ar);
    la_free(&st->per);
    heap_destroy(&st->heap);
}

/* The options of every -compile attribute, flattened. */
static term_t flatten_compile(lst *st, term_t forms)
{
    term_t acc = NIL;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (!is_t(f, la.attribute, 4) || el(f, 2) != la.compile)
            continue;
        term_t c = el(f, 3);
        /* lists:flatten([C]) one level deep is what options use */
        term_t stack[32];
        int sp = 0;
        stack[sp++] = c;
        while (sp) {
            term_t x = stack[--sp];
            if (term_is_list(x)) {
                term_t items[256];
                int n = 0;
                for (; term_is_list(x) && n < 256; x = list_tail(x))
                    items[n++] = list_head(x);
                for (int i = n; i-- > 0 && sp < 32;)
                    stack[sp++] = items[i];
            } else if (x != NIL)
                acc = term_cons(&st->heap, x, acc);
        }
    }
    /* keep source order */
    term_t r = NIL;
    for (; term_is_list(acc); acc = list_tail(acc))
        r = term_cons(&st->heap, list_head(acc), r);
    return r;
}

static bool bool_option(term_t opts, const char *on, const char *off, bool def)
{
    term_t a = atom_from_cstr(on), b = atom_from_cstr(off);
    for (term_t l = opts; term_is_list(l); l = list_tail(l)) {
        if (list_head(l) == a)
            def = true;
        else if (list_head(l) == b)
            def = false;
    }
    return def;
}

bool lint_module(term_t forms, const char *file, lint_diags *out)
{
    pthread_once(&la_once, la_init);
    lst stv;
    memset(&stv, 0, sizeof stv);
    lst *st = &stv;
    lint_mod lm;
    memset(&lm, 0, sizeof lm);
    heap_init(&st->heap, ALLOC_TEMP);
    st->file = file ? file : "nofile";
    st->module = THE_NON_VALUE;
    st->func_f = THE_NON_VALUE;
    st->compile = flatten_compile(st, forms);
    term_t o = st->compile;
    lm.warn_unused_vars = bool_option(o, "warn_unused_vars", "nowarn_unused_vars", true);
    lm.warn_underscore_match = bool_option(o, "warn_underscore_match", "nowarn_underscore_match", true);
    lm.warn_export_all = bool_option(o, "warn_export_all", "nowarn_export_all", true);
    lm.warn_export_vars = bool_option(o, "warn_export_vars", "nowarn_export_vars", false);
    lm.warn_shadow_vars = bool_option(o, "warn_shadow_vars", "nowarn_shadow_vars", true);
    lm.warn_unused_function = bool_option(o, "warn_unused_function", "nowarn_unused_function", true);
    lm.warn_unused_type = bool_option(o, "warn_unused_type", "nowarn_unused_type", true);
    lm.warn_bif_clash = bool_option(o, "warn_bif_clash", "nowarn_bif_clash", true);
    lm.warn_unused_record = bool_option(o, "warn_unused_record", "nowarn_unused_record", true);
    lm.warn_obsolete_guard = bool_option(o, "warn_obsolete_guard", "nowarn_obsolete_guard", true);
    st->export_all = compile_opt(st, la.export_all);
    st->no_auto_all = compile_opt(st, la.no_auto_import);
    for (term_t l = o; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        if (term_is_tuple(x) && tuple_arity(x) == 2 && el(x, 0) == la.no_auto_import)
            for (term_t q = term_is_list(el(x, 1)) ? el(x, 1) : NIL; term_is_list(q); q = list_tail(q)) {
                term_t fa_ = list_head(q);
                if (term_is_tuple(fa_) && tuple_arity(fa_) == 2 && term_is_atom(el(fa_, 0)) &&
                    term_is_small(el(fa_, 1)))
                    fa_add(&st->no_auto, &st->nno_auto, &st->no_auto_cap, el(fa_, 0),
                           (unsigned)small_value(el(fa_, 1)));
            }
    }
    /* locals, the first file, export_all warnings */
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_t(f, la.function, 5) && term_is_small(el(f, 3)))
            fa_add(&st->locals, &st->nlocals, &st->locals_cap, el(f, 2), (unsigned)small_value(el(f, 3)));
        if (is_t(f, la.attribute, 4) && el(f, 2) == la.file && !lm.first_file && term_is_tuple(el(f, 3)) &&
            tuple_arity(el(f, 3)) == 2)
            lm.first_file = str_of_list(st, el(el(f, 3), 0));
    }
    /* module_info/0,1 are exported and defined */
    fa_add(&st->exports, &st->nexports, &st->exports_cap, atom_from_cstr("module_info"), 0);
    fa_add(&st->exports, &st->nexports, &st->exports_cap, atom_from_cstr("module_info"), 1);
    /* pre_scan: export_all */
    {
        const char *file0 = st->file;
        for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
            term_t f = list_head(l);
            if (is_t(f, la.attribute, 4) && el(f, 2) == la.file && term_is_tuple(el(f, 3)) &&
                tuple_arity(el(f, 3)) == 2)
                st->file = str_of_list(st, el(el(f, 3), 0));
            if (is_t(f, la.attribute, 4) && el(f, 2) == la.compile) {
                bool has = false;
                term_t c = el(f, 3);
                if (c == la.export_all)
                    has = true;
                for (term_t q = c; term_is_list(q); q = list_tail(q))
                    has |= list_head(q) == la.export_all;
                if (has)
                    simple_msg(st, true, pos_of(f), la.export_all,
                               "export_all flag enabled - all functions will be exported");
            }
        }
        st->file = file0;
    }
    fn_pos *fns = NULL;
    size_t nfns = 0, fns_cap = 0;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (is_t(f, la.function, 5)) {
            GROW(st, fns, nfns, fns_cap);
            fns[nfns++] = (fn_pos){{el(f, 2), (unsigned)small_value(el(f, 3))}, st->file, pos_of(f)};
        }
        st->bvt = NULL;
        st->depth = 0;
        st->too_deep = false;
        form(st, &lm, f);
        if (is_t(f, la.function, 5))
            fns[nfns - 1].file = st->file;
        la_free(&st->ar);
    }
    post_checks(st, &lm, fns, nfns, forms);
    alloc_free(ALLOC_TEMP, fns, fns_cap * sizeof *fns);
    bool ok = st->nerrors == 0;
    output(st, out, &lm);
    alloc_free(ALLOC_TEMP, lm.uses, lm.uses_cap * sizeof *lm.uses);
    alloc_free(ALLOC_TEMP, lm.behaviours, lm.behaviours_cap * sizeof *lm.behaviours);
    st_free(st);
    return ok;
}

/* Checks exprs with bound[0..nbound) bound, as erl_lint:exprs/2 does;
 * the messages are left in st (sorted: errors first by location). */
static void lint_exprs_run(lst *st, lint_mod *lm, term_t exprs_, const term_t *bound, size_t nbound)
{
    pthread_once(&la_once, la_init);
    memset(st, 0, sizeof *st);
    memset(lm, 0, sizeof *lm);
    lm->warn_unused_vars = lm->warn_shadow_vars = lm->warn_underscore_match = lm->warn_bif_clash = true;
    lm->warn_obsolete_guard = true;
    heap_init(&st->heap, ALLOC_TEMP);
    st->file = "nofile";
    st->module = THE_NON_VALUE;
    st->func_f = THE_NON_VALUE;
    st->compile = NIL;
    vt t = vt_alloc(st, (uint32_t)nbound);
    for (size_t i = 0; i < nbound; i++) {
        vent e;
        memset(&e, 0, sizeof e);
        e.name = bound[i];
        e.state = VS_BOUND;
        vt one = {1, &e};
        t = vtupdate(st, t, one);
    }
    exprs(st, exprs_, t);
}

bool lint_exprs(term_t exprs_, const term_t *bound, size_t nbound, lint_diags *out)
{
    lst st;
    lint_mod lm;
    lint_exprs_run(&st, &lm, exprs_, bound, nbound);
    bool ok = st.nerrors == 0;
    output(&st, out, &lm);
    st_free(&st);
    return ok;
}

term_t lint_exprs_error(term_t exprs_, const term_t *bound, size_t nbound, heap_t *h)
{
    lst st;
    lint_mod lm;
    lint_exprs_run(&st, &lm, exprs_, bound, nbound);
    term_t r = THE_NON_VALUE;
    if (st.nerrors > 0) {
        /* the first found, as erl_lint's list has them (erlc sorts them
         * by location to print them) */
        const msg *m = &st.errors[0];
        term_t loc = m->pos.col ? term_tuple2(h, term_small(m->pos.line), term_small(m->pos.col))
                                : term_small(m->pos.line);
        r = term_tuple3(h, loc, atom_from_cstr("erl_lint"), copy_term(h, m->desc));
    }
    st_free(&st);
    return r;
}

bool lint_is_guard_test(term_t expr_, bool (*is_local_fn)(void *ctx, term_t name, unsigned arity), void *ctx)
{
    pthread_once(&la_once, la_init);
    lst stv;
    memset(&stv, 0, sizeof stv);
    heap_init(&stv.heap, ALLOC_TEMP);
    stv.local_cb = is_local_fn;
    stv.local_ctx = ctx;
    bool r = is_guard_test2(&stv, expr_);
    st_free(&stv);
    return r;
}
