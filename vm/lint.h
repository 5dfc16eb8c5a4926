/* lint.h: the checks erl_lint makes before compilation (the subset OTP 25
 * enables by default), on OTP's abstract format as terms, with OTP 25's
 * texts and locations, so that a caller prints exactly what
 * `erlc +brief` prints ("foo.erl:3:5: variable 'X' is unbound",
 * "foo.erl:6:5: Warning: variable 'Y' is unused"), in erlc's order. Also
 * the language facts of erl_internal (guard BIFs, auto-imported BIFs, type
 * tests) that the compiler shares. Ownership: forms are borrowed;
 * diagnostics are malloc'ed strings owned by the lint_diags list. Nothing
 * here runs a GC or touches a process. */
#ifndef VM_LINT_H
#define VM_LINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"
#include "term.h"

/* One diagnostic. col is 0 when the location is a bare line; line is 0
 * when there is none (erlc then prints "file: text"). */
typedef struct lint_diag {
    char *file;
    uint32_t line, col;
    bool warning;
    char *text; /* e.g. "variable 'X' is unbound" */
} lint_diag;

/* Diagnostics in the order erlc prints them: every error (sorted by file,
 * location, then erl_lint's error term), then every warning (sorted by
 * file, location, then text). */
typedef struct lint_diags {
    lint_diag *v;
    size_t n, cap;
} lint_diags;

void lint_diags_free(lint_diags *d);
/* Appends a diagnostic (copies file and text). */
void lint_diags_add(lint_diags *d, const char *file, uint32_t line, uint32_t col, bool warning, const char *text);
/* The line erlc +brief prints for d, without the newline: "f.erl:3:5:
 * text", "f.erl:3:5: Warning: text" (or "f.erl:3: ..." without a column).
 * Writes at most cap-1 bytes and a NUL; returns the full length. */
size_t lint_diag_format(const lint_diag *d, char *buf, size_t cap);
size_t lint_errors(const lint_diags *d);

/* Checks a module's forms (epp:parse_file/2's list, {error,...} and
 * {warning,...} forms included, which are reported as they stand).
 * `file` names the source when the forms carry no -file attribute (NULL:
 * "nofile"). Appends diagnostics to `out`; returns true when there is no
 * error. */
bool lint_module(term_t forms, const char *file, lint_diags *out);

/* erl_lint:exprs/2: checks an expression sequence with the variables
 * bound[0..nbound) already bound (file "nofile"). */
bool lint_exprs(term_t exprs, const term_t *bound, size_t nbound, lint_diags *out);
/* The same check as erl_eval's check_command makes it: the first error
 * found (erl_lint's order, not erlc's) as {Location, erl_lint,
 * Description} built on h (Location {Line, Column} or Line), or
 * THE_NON_VALUE when there is none. */
term_t lint_exprs_error(term_t exprs, const term_t *bound, size_t nbound, heap_t *h);
/* Whether exprs (a list) or expr has the shape of OTP's abstract format
 * for expressions (patterns, guards and clauses inside included): the
 * checks above and lint_is_guard_test take only such terms. */
bool lint_well_formed_exprs(term_t exprs);
bool lint_well_formed_expr(term_t expr);

/* ---- erl_internal ---- */

/* erl_internal:guard_bif/2: callable in guards (type tests included). */
bool lint_is_guard_bif(term_t name, unsigned arity);
/* erl_internal:bif/2: auto-imported, callable without erlang: */
bool lint_is_auto_bif(term_t name, unsigned arity);
/* erl_internal:type_test/2 (new and old style). */
bool lint_is_type_test(term_t name, unsigned arity);
/* erl_internal:op_type/2 is arith, bool or comp (allowed in guards). */
bool lint_is_guard_op(term_t op, unsigned arity);
/* erl_lint:is_guard_test/1 for a list-comprehension filter: true when the
 * filter is a guard test given that no local function named like a guard
 * BIF exists (is_local says whether Name/Arity is a local or imported
 * function; may be NULL). */
bool lint_is_guard_test(term_t expr, bool (*is_local)(void *ctx, term_t name, unsigned arity), void *ctx);

#endif
