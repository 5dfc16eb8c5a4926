/* interp.h: the interpreter: runs one process for one time slice.
 * Called only by the scheduler thread that owns the process; may run the
 * process's GC at function entries and in receive. */
#ifndef VM_INTERP_H
#define VM_INTERP_H

#include "code.h"
#include "proc.h"

/* How a time slice ended. */
typedef enum interp_result {
    RUN_YIELD, /* out of reductions: put it back in a run queue */
    RUN_WAIT,  /* waiting in receive: a message or timeout wakes it; the
                * scheduler releases PS_RUNNING and then leaves the process
                * alone */
    RUN_EXIT,  /* finished: p->exit_reason says why */
} interp_result;

/* Fills the dispatch table; call once before loading code. */
void interp_init(void);
/* The word an instruction of opcode `op` starts with in loaded code. */
code_t interp_op_word(opcode op);
/* The opcode of a loaded instruction word (the disassembler's inverse). */
opcode interp_word_op(code_t word);
/* Runs p from p->pc until its slice ends. */
interp_result interp_run(process *p);

#endif
