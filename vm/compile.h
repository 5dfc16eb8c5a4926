/* compile.h: the compiler from OTP's abstract format (the forms
 * epp:parse_file/2 returns, as terms) to the VM's register bytecode
 * (vm/opcodes.def), producing a module_code (vm/code.h) for code_load.
 * Every module is checked by vm/lint.c first; a module with errors is not
 * produced. Ownership: the forms are borrowed; the module_code returned
 * belongs to the caller (hand it to code_load, or free it with
 * compile_module_free); diagnostics are appended to the caller's list.
 * Nothing here runs a GC or touches a process. Thread-safe (one
 * compilation per call; the only shared state is the atom table and the
 * export table, both thread-safe). Design: docs/internals/compiler.md. */
#ifndef VM_COMPILE_H
#define VM_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

#include "code.h"
#include "lint.h"
#include "term.h"

/* Expressions nested deeper than this are refused with the error "too
 * deeply nested" (the compiler's passes recurse on expression depth; lists
 * do not count: their tails are walked in loops). */
#define COMPILE_MAX_DEPTH 1000

typedef enum compile_result {
    COMPILE_OK = 0,
    COMPILE_ERROR, /* diagnostics say why (lint errors, internal limits) */
} compile_result;

typedef struct compile_opts {
    /* The source file as diagnostics and module_info(compile) name it;
     * NULL: the first -file attribute of the forms, else "nofile". */
    const char *file;
    /* Treat warnings as errors (erlc's -Werror): the module is not made. */
    bool warnings_as_errors;
    /* Leave out warnings (errors are still reported). */
    bool no_warnings;
} compile_opts;

/* Compiles a module: `forms` is the list epp:parse_file(File,
 * [{location,{1,1}}]) returns in {ok, Forms} (annotations {Line,Col} or
 * Line). On success *out is a new module_code and COMPILE_OK is returned;
 * warnings, if any, are appended to `diags`. On failure *out is NULL,
 * errors (and warnings, as erlc prints both) are appended to `diags`.
 * `opts` may be NULL. Calls code_export_get for every remote call. */
compile_result compile_forms(term_t forms, const compile_opts *opts, module_code **out, lint_diags *diags);

/* The shell's and `dbgsh -e`'s entry: compiles the expression sequence
 * `exprs` (what erl_parse:parse_exprs/1 returns) into a module named
 * `module` holding one exported function `function`/nbound. Its arguments
 * are the values of the variables bound[0..nbound) (atoms 'X', ...), in
 * that order; it returns {Value, Bindings}: the value of the last
 * expression and [{Name, Value}] for every variable bound after the
 * sequence (the old ones included), sorted by name as erl_eval's
 * bindings are. A call to an unknown local function f(...) becomes
 * shell_local:f(...) (as the shell sends it to shell_default /
 * user_default); shell_local may be THE_NON_VALUE for shell_default.
 * Diagnostics as erl_lint:exprs/2 gives them, with file "nofile".
 * Same ownership and result as compile_forms. */
compile_result compile_exprs(term_t exprs, const term_t *bound, size_t nbound, term_t module, term_t function,
                             term_t shell_local, module_code **out, lint_diags *diags);

/* Frees a module_code made by this compiler that was not given to
 * code_load (the code server frees loaded ones). */
void compile_module_free(module_code *mc);

#endif
