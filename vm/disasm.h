/* disasm.h: reading a module's code back: a readable listing of every
 * function (instructions decoded from the operand kinds of
 * vm/opcodes.def), and a structural check of the code the compiler made
 * (labels, registers, call areas, headers, literals). Used by the tests,
 * by `dbgsh --disasm`, and for debugging. Borrows the module; allocates
 * nothing that outlives a call. */
#ifndef VM_DISASM_H
#define VM_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "code.h"

/* How to read an instruction word: NULL for code as the compiler makes it
 * (opcode numbers), interp_word_op for loaded code (handler addresses). */
typedef opcode (*disasm_decode_fn)(code_t word);

/* Prints every function of m: a line per function ("function fib/1
 * (exported) line 4", or "lambda 0 '-f/0-fun-0-'/1 free 1"), then a line
 * per instruction: its offset, name and operands (rN registers, @N code
 * offsets, literals as ~w writes them, shortened when long, M:F/A export
 * entries, BIF names). */
void disasm_module(FILE *out, const module_code *m, disasm_decode_fn decode);

/* Prints the instruction at word offset `pos`; returns the offset of the
 * next one (0 when the word there is no instruction). */
size_t disasm_instr(FILE *out, const module_code *m, size_t pos, disasm_decode_fn decode);

/* Whether function f of m (an element of m->funcs) calls itself in tail
 * position: a local tail call to its own entry, or a remote one to its own
 * export entry. Walks the function's instructions after its entry (which a
 * breakpoint may have overwritten) up to the next function or lambda. */
bool disasm_calls_self_in_tail(const module_code *m, const code_func *f, disasm_decode_fn decode);

/* Checks the module's structure: every instruction decodes, every label
 * is an instruction of the module (or 0 where a fail operand allows it),
 * every register and call area is inside the frame size of the enclosing
 * function's enter, every function and lambda header is well formed,
 * make_fun captures what its lambda says, literals live on the module's
 * literal heap, the line table is sorted. False with a one-line reason
 * in err (at most cap bytes) on the first problem. */
bool disasm_verify(const module_code *m, disasm_decode_fn decode, char *err, size_t cap);

#endif
