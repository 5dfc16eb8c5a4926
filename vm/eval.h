/* eval.h: what the VM's process-end note tells the shell's evaluator
 * (vm/eval.c; its public face is in vm.h). */
#ifndef VM_EVAL_H
#define VM_EVAL_H

#include "proc.h"

/* Called for every process end (vm.c): the evaluator's end without a
 * reply is its input's outcome, an exit. */
void eval_note_exit(process *p);

/* Rewrites, in place, each dbg:fun2ms(fun ... end) and ets:fun2ms(fun ... end)
 * of an input's parse tree (on h, which the caller owns) into the call of
 * ms_transform:transform_from_shell/3 that erl's shell makes through the fun
 * (vm/eval.c says how); returns the tree. What it adds goes on h. With
 * `recs` a list of a module's -record attributes, not THE_NON_VALUE, the
 * tree is that module's forms, and each call becomes one of
 * dbgsh_ms:fun2ms/4, ms_transform's parse transform applied when it runs. */
term_t eval_rewrite_fun2ms(heap_t *h, term_t exprs, term_t recs);

#endif
