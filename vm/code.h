/* code.h: loaded code. A module version is one array of threaded code
 * (instructions of vm/opcodes.def), a literal heap, and tables of its
 * functions, lambdas and lines. Remote calls go through export entries,
 * one per {Module, Function, Arity} ever named, which never move or die.
 * Ownership: the code server (code.c) owns modules and export entries;
 * processes hold pointers into current and old code only (and, through
 * funs, into retired code, which is never freed). */
#ifndef VM_CODE_H
#define VM_CODE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bif.h"
#include "heap.h"
#include "proc.h"
#include "term.h"

typedef enum opcode {
#define X(name, operands, meaning) OP_##name,
#include "opcodes.def"
#undef X
    OP_COUNT
} opcode;

/* Whether op is a function's entry instruction: enter, or one of its
 * forms (opcodes.def), whose operands are enter's, N and A. */
static inline bool code_is_enter(opcode op)
{
    switch (op) {
    case OP_enter: case OP_enter_nc: case OP_enter_is_lt_ri: case OP_enter_is_ge_ri:
    case OP_enter_is_eq_exact_ri: case OP_enter_is_ne_exact_ri: case OP_enter_is_nonempty_list:
    case OP_enter_is_nil: case OP_enter_test_arity: case OP_enter_is_tagged_tuple:
        return true;
    default:
        return false;
    }
}

/* Operand kinds of each opcode ("TTIIII", ...) and names, for the loader
 * and the disassembler. */
extern const char *const code_op_names[OP_COUNT];
extern const char *const code_op_operands[OP_COUNT];

/* Register operands in S position: index << 3, the register's byte offset
 * in the register window (the interpreter adds it without scaling), a word
 * whose low two bits are 00, which no term has. */
static inline code_t code_reg(unsigned idx) { return (code_t)idx << 3; }
static inline bool code_is_reg(code_t w) { return (w & 3) == 0; }
static inline uint64_t code_reg_index(code_t w) { return w >> 3; }

/* OTP's JIT reports a failing arithmetic operator without an erlang:'+'
 * frame when it inlines it: +, - and * with a literal float operand on
 * either side (float arithmetic: X * 1.0, 1.5 - X); + with a literal small
 * integer on either side (X + 1, 1 + X); - with a non-negative one second
 * (X - 1, but not 1 - X nor X - (-1)); never * with an integer (X * 2 has
 * its frame). True when an add, sub or mul with sources a and b is such a
 * case: its failure is a plain badarith, the same whichever of them
 * fails. */
typedef enum code_arith { CODE_ADD, CODE_SUB, CODE_MUL } code_arith;
static inline bool code_arith_inlined(code_arith op, code_t a, code_t b)
{
    bool fa = !code_is_reg(a) && term_is_float((term_t)a), fb = !code_is_reg(b) && term_is_float((term_t)b);
    if (fa || fb)
        return true;
    bool sb = !code_is_reg(b) && term_is_small((term_t)b);
    return (op == CODE_ADD && sb) || (op == CODE_SUB && sb && small_value((term_t)b) >= 0) ||
           (op == CODE_ADD && !code_is_reg(a) && term_is_small((term_t)a));
}

/* Segment kinds and flags of the bs_* instructions. */
enum { BS_INTEGER, BS_FLOAT, BS_BINARY, BS_UTF8, BS_UTF16, BS_UTF32 };
enum { BS_SIGNED = 1, BS_LITTLE = 2, BS_NATIVE = 4 };
/* bs_create's flags word holds, above BS_SEGNO_SHIFT, the segment's number
 * in the source binary (1-based; a string's characters share one, a
 * comprehension's accumulator is segment 1), which a failure reports. */
enum { BS_SEGNO_SHIFT = 8 };

/*
 * A function header, FUNC_HEADER_WORDS words before the function's entry:
 *
 *   [OP_func_info][module][name][arity][line][bp][lambda]  [entry: OP_enter N A] ...
 *
 * (the entry: enter or one of its forms, code_is_enter)
 *
 * `bp` is the breakpoint slot (NULL, or the trace engine's breakpoint
 * record). Tracing a function overwrites the entry word with a breakpoint
 * instruction; the record keeps the original (DESIGN.md mechanism 1).
 */
#define FUNC_HEADER_WORDS 7
enum { FH_OP, FH_MODULE, FH_NAME, FH_ARITY, FH_LINE, FH_BP, FH_LAMBDA };
/* The entry's words, `OP_enter N A` (its forms have the same operands):
 * the function's next instruction, where tail_call_in jumps, starts
 * CODE_ENTER_WORDS words after the entry. */
#define CODE_ENTER_WORDS 3
static inline const code_t *code_header_of(const code_t *entry) { return entry - FUNC_HEADER_WORDS; }

/* An export entry: the target of remote calls to M:F/A. `addr` is the
 * current code of the function, or `stub` when there is none (stub then
 * holds OP_call_undef E) or the function is a BIF (OP_bif_stub B, with a
 * header before it so the BIF can be reported like a function). */
struct export_entry {
    term_t module, name;
    unsigned arity;
    _Atomic(const code_t *) addr;
    code_t header[FUNC_HEADER_WORDS];
    code_t stub[2];
    const bif_entry *bif; /* non-NULL for BIFs */
    void *bp;             /* global trace patterns (#4) */
};

typedef struct code_func {
    term_t name;
    unsigned arity;
    bool exported;
    uint32_t header; /* offset of the header in the code array */
    export_entry *export; /* an exported function's entry, set by code_load */
} code_func;

/* A fun body: lambda number `index` of its module (NEW_FUN_EXT Index). */
typedef struct code_lambda {
    term_t name; /* '-f/1-fun-0-' as OTP names it */
    unsigned arity;    /* of the lifted function: the fun's arity + num_free */
    unsigned num_free;
    uint32_t header;   /* offset of the lifted function's header */
    uint32_t old_uniq;
    /* filled in by the loader: */
    uint64_t index;
    term_t module;
    const code_t *entry;
    uint8_t uniq[16];
} code_lambda;

/* Lines: the line of the code from `offset` on, sorted by offset. */
typedef struct code_line {
    uint32_t offset;
    uint32_t line;
} code_line;

/* A module version as the compiler makes it and the loader installs it. */
typedef struct module_code {
    term_t name;
    char *file; /* source path as given */
    code_t *code;
    size_t ncode;
    heap_t literals; /* the code's literal terms */
    code_func *funcs;
    size_t nfuncs;
    code_lambda *lambdas;
    size_t nlambdas;
    code_line *lines;
    size_t nlines;
    term_t attributes; /* on `literals`: [{Name, Value}] for module_info */
    term_t compile_info;
    uint8_t md5[16];
} module_code;

/* A new, empty module_code (name, attributes and compile_info NIL) on
 * ALLOC_MODULE, its literals on ALLOC_LITERAL. */
module_code *code_module_new(void);
/* Gives mc tables for nfuncs functions, nlambdas funs and nlines lines
 * (zeroed), and sets the counts; code_module_free frees them. */
void code_module_tables(module_code *mc, size_t nfuncs, size_t nlambdas, size_t nlines);
/* Frees mc and everything it owns; NULL is nothing. */
void code_module_free(module_code *mc);

/* ---- the code server (code.c) ---------------------------------------- */

/* Sets up the export table with an entry for every BIF. `autoload` is
 * called (on the calling scheduler thread, with no code lock held) for a
 * call to a module that is not loaded; it loads the module (code_load) or
 * fails. */
typedef bool (*code_autoload_fn)(term_t module);
void code_init(code_autoload_fn autoload);
/* The one export entry of M:F/A, made on first use; never freed. */
export_entry *code_export_get(term_t module, term_t name, unsigned arity);
/* The code modification permission (OTP's code_write_permission): held
 * by code loading and by the trace engine while it stages breakpoints, so
 * one of them at a time changes code, and a breakpoint sequence sees the
 * same code throughout. Held across thread-progress waits; a scheduler
 * waiting for it counts as asleep (progress_mutex_lock). Not recursive. */
void code_mod_lock(void);
void code_mod_unlock(void);

/* Installs `mc` as the current version of its module; the previous current
 * version, if any, becomes old. Takes ownership of mc. Translates opcode
 * numbers into instruction words. Any thread. An old version still there
 * when a current one becomes old is retired without a purge: kept for
 * good, not freed, the processes in it left running (OTP's loader refuses
 * instead: code:load_file checks code_has_old first and answers
 * not_purged; a shell's c/l purge first, as OTP's c module does). */
void code_load(module_code *mc);
/* The current version of a module, or NULL. */
const module_code *code_module(term_t module);
/* The name OTP gives a local fun's body ('-main/0-fun-0-', as
 * erlang:fun_info(F, name)): from the function header before its code,
 * else from its module's lambda table; [] when the module is not loaded. */
term_t code_fun_name(const fun_obj *f);
/* Loads the module of e if it is not loaded; e's address when that made it
 * callable, else NULL (undef). */
const code_t *code_ensure_loaded(const export_entry *e);
/* The current version of `module`, loaded first through the autoload
 * hook when it is not loaded; NULL when it cannot be. Any thread. */
const module_code *code_module_loaded(term_t module);
/* Makes the current version of a module old (its exports undefined);
 * false when it has no current version or still has an old one. */
bool code_delete(term_t module);
/* Whether the module has an old version. */
bool code_has_old(term_t module);

/* What code_purge_from did. */
typedef enum code_purge_result {
    CODE_PURGE_NONE,    /* the module had no old version */
    CODE_PURGE_DONE,    /* purged; no process ran the old version */
    CODE_PURGE_KILLED,  /* purged after killing the processes that ran it */
    CODE_PURGE_LINGERS, /* soft: processes run the old version; nothing done */
} code_purge_result;
/* Removes the old version of a module, as code:purge/1 (soft false) and
 * code:soft_purge/1 (soft true). A process executes the old version when
 * its current instruction or a return address of its stack lies in it
 * (funs of it that a process holds do not count, as in OTP). A purge kills
 * each such process (exit reason `killed`; from then on it counts as dead,
 * its links and monitors are told when its scheduler runs its exit); a
 * soft purge does nothing when there is one. When the caller itself runs
 * the old version it is sent a kill signal and *caller_dies is set: the
 * BIF must end the slice (TRAP_YIELD) so the signal is handled at once.
 * The code is freed after thread progress (a version with funs is kept,
 * and literals always are: a process may still hold one). Called by a
 * process's BIF, on its scheduler thread: waits for processes that run on
 * other schedulers (sched_claim); takes no lock while it waits. */
code_purge_result code_purge_from(process *caller, term_t module, bool soft, bool *caller_dies);
/* Purges the old version of a module for a caller that is no process (the
 * shell, tests): processes are not examined, so the version is only taken
 * out of the module table and kept in memory (a process may still run it).
 * False when the module had no old version. Any thread. */
bool code_purge(term_t module);
/* erlang:check_process_code(Pid, Module): whether process pid executes
 * the old version of module, as code_purge_from judges; false when pid
 * is dead or the module has no old version. Same context as
 * code_purge_from. */
bool code_check_process(process *caller, term_t pid, term_t module);
/* Every loaded module's name, as a list on h. */
term_t code_all_loaded(heap_t *h);

/* Where a code address is: module, function header, line. */
typedef struct code_location {
    const module_code *module;
    const code_t *header; /* the function's header words */
    uint32_t line;        /* 0 when unknown */
} code_location;
bool code_find(const code_t *pc, code_location *out);

/* The largest register count (`enter N`) of any function loaded so far:
 * how far above the running frame's stack_top a caller's registers can
 * reach (proc_gc clears that many after a collection). */
uint32_t code_max_frame(void);

/* The closure `fun` of make_fun: reads lambda data the loader resolved. */

#endif
