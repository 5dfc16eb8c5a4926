/* eval.h: what the VM's process-end note tells the shell's evaluator
 * (vm/eval.c; its public face is in vm.h). */
#ifndef VM_EVAL_H
#define VM_EVAL_H

#include "proc.h"

/* Called for every process end (vm.c): the evaluator's end without a
 * reply is its input's outcome, an exit. */
void eval_note_exit(process *p);

#endif
