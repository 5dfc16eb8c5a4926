/* vm.h: the public header of the VM layer; the layers above include only
 * this. It gathers the term layer's public modules. */
#ifndef VM_VM_H
#define VM_VM_H

#include <pthread.h>
#include <stdio.h>

#include "vm/alloc.h"
#include "vm/atom.h"
#include "vm/bignum.h"
#include "vm/binary.h"
#include "vm/cmp.h"
#include "vm/ext.h"
#include "vm/float.h"
#include "vm/hash.h"
#include "vm/lex.h"
#include "vm/heap.h"
#include "vm/map.h"
#include "vm/read.h"
#include "vm/term.h"
#include "vm/tstack.h"
#include "vm/unicode.h"

/* What the layers above need of processes and BIFs: io BIFs in format/,
 * trace BIFs in dbgcore/ (registered with bif_register before vm_start). */
#include "vm/bif.h"
#include "vm/proc.h"

/* What is wrong with a regular expression, and what atomics:info/1 says
 * of an atomics or counters reference, for the shell's explanations of
 * their badargs (format/exception.c). */
#include "vm/bif_atomics.h"
#include "vm/bif_re.h"

/* What the trace engine (dbgcore/) needs besides: loaded code and export
 * entries, the VM's trace points and breakpoints, thread progress,
 * claiming processes, copying terms between heaps, short spinlocks, pools
 * of one size, sequential trace tokens. */
#include "vm/code.h"
#include "vm/copy.h"
#include "vm/ets.h"
#include "vm/pool.h"
#include "vm/port.h"
#include "vm/progress.h"
#include "vm/sched.h"
#include "vm/seqtrace.h"
#include "vm/spinlock.h"
#include "vm/trace.h"

/* ---- the VM as a whole (vm/vm.c) --------------------------------------- */

/* Output of the VM: what io writes to the user io server and to
 * standard_error. By default stdout and stderr (buffered; flushed at
 * halt); the shell installs a function that prints above its input line.
 * vm_write may be called from any thread; the function runs under a lock. */
typedef enum vm_stream { VM_STDOUT, VM_STDERR } vm_stream;
typedef void (*vm_output_fn)(vm_stream stream, const char *s, size_t n);
void vm_set_output(vm_output_fn fn);
void vm_write(vm_stream stream, const char *s, size_t n);
/* Writes out what vm_write has buffered for stdout (before the VM reads
 * standard input after a prompt). */
void vm_flush(void);

/* Called when vm_eval's process dies of anything but normal, with the
 * exit reason (on the dying process's heap, valid during the call). Runs
 * on a scheduler thread. Other processes' crashes are logger events
 * (vm/report.h). */
typedef void (*vm_crash_fn)(term_t reason);
void vm_set_crash_report(vm_crash_fn fn);
/* Turns the logging of the emulator's own reports on or off (off at the
 * start): a process's crash, one over its max_heap_size (vm/report.h). */
void vm_log_reports(bool on);
/* The text of process_info(Q, backtrace) and erlang:process_display(Q,
 * backtrace): a binary on h describing q's frames (proc_backtrace_walk),
 * made by the layer that prints terms. q is the caller's own or claimed.
 * Without one, process_info answers an empty binary. */
typedef term_t (*vm_backtrace_fn)(heap_t *h, const process *q);
void vm_set_backtrace(vm_backtrace_fn fn);

/* The code path: a call to a module that is not loaded loads Mod.erl from
 * the embedded libraries, else from the first directory of the code path
 * that has it. The path starts as the -pa directories, then "." (the
 * current directory, whose files load as "Mod.erl"). All of these may be
 * called from any thread; they take the loader's lock.
 * vm_add_path adds a -pa directory (before vm_start): after the others
 * given, before "." (a directory given again moves; -pa . moves "."
 * forward, and its files are then named "./Mod.erl"). */
void vm_add_path(const char *dir);
/* erlc's -I DIR and -D NAME[=VALUE] for every source file compiled from
 * then on (library modules excepted): an include directory after "." and
 * the file's own, a predefined macro (`value` the text of a term, NULL for
 * true; a name given twice fails the compilation, as in epp). */
void vm_add_include_dir(const char *dir);
void vm_define_macro(const char *name, const char *value);
/* -config FILE (before vm_start, any number of times, kept in order):
 * the configuration files application_controller reads when it starts
 * (vm/lib/application_controller.erl); vm_config_files gives them as
 * [File] strings of code points, on h. The VM only keeps the names. */
void vm_add_config_file(const char *file);
term_t vm_config_files(heap_t *h);
/* code:get_path/0: the code path, [Dir] as strings of code points, on h. */
term_t vm_code_path(heap_t *h);
/* code:add_patha/1 (first) and add_pathz/1: puts a copy of dir, which the
 * caller has checked and normalised, first (moving it there when it is
 * already in the path) or last (unless it is already in the path). */
void vm_code_path_add(const char *dir, bool first);
/* code:del_path/1: removes the first directory of the path that
 * match(dir, arg) accepts; false when none does. match is called under
 * the loader's lock and must not call into the VM. */
bool vm_code_path_delete(bool (*match)(const char *dir, const void *arg), const void *arg);
/* An Erlang library module compiled into the binary: its file name
 * ("dbg.erl") and source text. vm/lib's modules are built in; a layer above
 * adds its own table (dbgcore's dbg, ...) before vm_start. The tables must
 * outlive the VM; at most a handful. A module is looked up in the tables in
 * the order added, before the code path. */
typedef struct vm_lib_file {
    const char *name;
    const char *text;
    size_t len;
} vm_lib_file;
void vm_add_library(const vm_lib_file *files, size_t n);
/* The name of the i-th file of the embedded libraries ("lists.erl"),
 * counted over the tables in lookup order; NULL past the last. */
const char *vm_library_file(size_t i);
/* A file name term as the file module takes it (a binary, or a flat list
 * of code points written as UTF-8) as a NUL-terminated string allocated
 * with ALLOC_TEMP (free with vm_file_name_free); NULL when it is no file
 * name (NUL inside, not a character, not flat). */
char *vm_file_name(term_t name);
void vm_file_name_free(char *s);
/* errno `code` as the file module names it (enoent, eacces, ...;
 * unknown for a code it has no name for). */
term_t vm_errno_atom(int code);
/* erl_internal:bif/2: whether erlang:Name/Arity is auto-imported (called
 * without its module), the compiler's table (vm/lint.c). */
bool lint_is_auto_bif(term_t name, unsigned arity);

/* ---- the shell's evaluator (vm/eval.c) ---- */

typedef enum vm_outcome { VM_OUT_VALUE, VM_OUT_EXCEPTION, VM_OUT_ERROR } vm_outcome;
typedef struct vm_eval_result {
    vm_outcome kind;
    term_t value;             /* VM_OUT_VALUE: the last expression's value */
    term_t bindings;          /* the bindings after the input: [{Name, Value}] */
    term_t cls, reason, stack; /* VM_OUT_EXCEPTION: error | exit | throw, the
                                  reason and the stack trace ([] for an exit
                                  signal that ended the evaluator) */
    term_t module;            /* the module the input was compiled into (its
                                 frames and funs are the shell's own) */
    char msg[1024];           /* VM_OUT_ERROR: the lines erl's shell prints
                                 ("* 1:5: syntax error before: ')'") */
    bool parsed;              /* VM_OUT_ERROR: the input parsed (the errors
                                 are erl_lint's: erl's shell then moves its
                                 prompt number on) */
} vm_eval_result;
/* Evaluates `text`, one dot-terminated expression sequence, as erl's shell:
 * with the variables of `bindings` ([{Name, Value}], sorted) bound, in the
 * shell's evaluator process (started at first use and again after an
 * exception or exit ended it), calls of unknown local functions going to
 * shell_default. `number` is the input's prompt number: its value is
 * kept for v/1 (the last 20, as erl's shell; 0 keeps nothing). The
 * evaluator runs vm/lib/dbgsh_shell.erl; the shell supplies shell_default
 * (shell/lib, vm_add_library). Blocks until the input is done or
 * vm_eval_interrupt kills it (an exit `killed`). Results are copied to h. The shell's thread, not
 * a scheduler's; one input at a time. */
vm_outcome vm_eval_shell(const char *text, size_t len, unsigned number, term_t bindings, heap_t *h,
                         vm_eval_result *out);
/* vm_eval_shell for the shell's own work (its commands): number 0, run by
 * a second evaluator process that the trace engine never traces (spawned
 * SPAWN_UNTRACED, as are the processes it spawns), so that the calls a
 * command makes show in no trace. Its self() is not the shell's. */
vm_outcome vm_eval_command(const char *text, size_t len, term_t bindings, heap_t *h, vm_eval_result *out);
/* Asks the input under way, or the next one if none has started yet, to
 * stop (async-signal-safe: sets a flag the waiting vm_eval_shell polls,
 * which then kills the evaluator). An input consumes the request. */
void vm_eval_interrupt(void);
/* Forgets a request no input took (the shell calls it as it prompts). */
void vm_eval_interrupt_reset(void);
/* The evaluator's pid (self() of shell inputs), or NIL when none runs. */
term_t vm_eval_pid(void);
/* The shell's record table, for printing values as erl's shell does (its
 * record_print_fun): when record `tag` is defined (rd/2, rr/1,2,3) with
 * exactly `arity` fields, writes their names (atoms) to fields[0 ..
 * arity) and returns true; else false. Any thread (takes the evaluator's
 * lock); allocates nothing. ctx is unused: the shape of format.h's
 * fmt_record_fn, so printers pass it as it is. */
bool vm_eval_record_fields(void *ctx, term_t tag, size_t arity, term_t *fields);

/* Starts the VM with n scheduler threads. */
void vm_start(unsigned schedulers);
/* Compiles and loads an .erl file; false after printing erlc's
 * diagnostics (or why it cannot be read) on standard error. */
bool vm_load_file(const char *path);
/* c:c/1: compiles and loads the .erl file at `path` (the current version,
 * if any, becomes old): the module's name, or THE_NON_VALUE after printing
 * erlc's diagnostics or why the file cannot be read (*missing then says
 * whether it could not be read). */
term_t vm_compile_file(const char *path, bool *missing);
/* Loads `module` from its source as the code server would; false with
 * *why (nofile | badfile) when that fails. Any thread. */
bool vm_load_module(term_t module, term_t *why);
/* Prints the loaded code of `module` (loading it first as a call would):
 * a line per instruction, as vm/disasm.h lists it. False with *why
 * (nofile | badfile) when it cannot be loaded. */
bool vm_disasm(FILE *out, term_t module, term_t *why);
/* Whether the loaded function module:name/arity calls itself in tail
 * position (return tracing then keeps a frame per call); false when it is
 * not loaded. Any thread. */
bool vm_tail_recursive(term_t module, term_t name, unsigned arity);
/* erl -eval: evaluates the expression text in a fresh process (not
 * trapping exits, no links, group leader `user`) and waits for it to end;
 * 0 when it returned, 1 when it crashed or did not compile (reason on
 * standard error). */
int vm_eval(const char *text, size_t len);
/* Writes out what ports buffer (port_flush_all: a file trace port's last
 * records), flushes the output and ends the OS process with `status`
 * (halt/1 with an integer). From a thread that holds no port's lock. Off
 * the schedulers it first lets the emulator's reports logged so far be
 * written (report_settle). */
_Noreturn void vm_halt(int status);
/* The same without the ports' flush (halt(abort), halt(String),
 * halt(S, [{flush, false}])). */
_Noreturn void vm_halt_now(int status);

/* Starts a helper thread of the runtime (a file trace port's writer, the
 * ip trace port's network loop) running fn(arg), with every signal
 * blocked: signals are the schedulers' and the shell's to handle.
 * pthread_create's result: 0, or the error number. */
int vm_thread_start(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
