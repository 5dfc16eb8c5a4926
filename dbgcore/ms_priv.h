/* ms_priv.h: the compiled match program, shared by the compiler (ms.c),
 * the runner (ms_run.c) and match_spec_test (ms_text.c): its layout, its
 * instruction set and the guard functions. Not part of the engine's
 * interface: the rest of dbgcore sees only ms.h. */
#ifndef DBGCORE_MS_PRIV_H
#define DBGCORE_MS_PRIV_H

#include "ms.h"

/*
 * A program is one array of 32-bit code words: every clause's head
 * matcher, guards and body in order, each clause but the last starting
 * with TRY (where to go when it fails), each ending with HALT. Terms the
 * code needs (constants, map keys) are operands by index into `lits`,
 * which live on the program's heap with the copied spec.
 *
 * The runner's registers: `ep` walks the matched term (a pointer to the
 * word holding the next term to match: an argument, a tuple element, a
 * cons cell's head or tail, a map slot), a match stack of saved `ep`s, a
 * variable array, a slot array (the map values being matched), and an
 * evaluation stack for guards and bodies whose top is the first argument
 * of the next call.
 *
 * X(name, operands, meaning). Operands: n a count, v a variable slot, s a
 * map slot, k a literal index, l a code index (absolute for TRY, relative
 * to the word after the operand for jumps).
 *
 * TEST is the one fused op: a guard test comparing two variables or
 * literals (`{'<', '$1', 0}`, the most usual guard) in one op instead of
 * two pushes, the comparison and TRUE.
 */
#define MS_OPS                                                                                               \
    X(TRY, 1, "l: when this clause fails, restart at l with the next clause")                                \
    X(HALT, 0, "the clause matched")                                                                         \
    X(ANY, 1, "v: nothing (a '$N' head whose variable is never read)")                                       \
    X(ARRAY, 1, "n: the call has n arguments; ep = the arguments")                                           \
    X(ARRAY_BIND, 1, "v: var v = the argument list")                                                         \
    X(TUPLE, 1, "n: *ep is an n-tuple; ep = its elements")                                                   \
    X(PUSH_TUPLE, 1, "n: as TUPLE, saving ep + 1 first")                                                     \
    X(LIST, 0, "*ep is a cons; ep = the cell (head, then tail)")                                             \
    X(PUSH_LIST, 0, "as LIST, saving ep + 1 first")                                                          \
    X(MAP, 2, "n s: *ep is a map of at least n keys; slot s = it")                                           \
    X(PUSH_MAP, 2, "n s: as MAP, saving ep + 1 first")                                                       \
    X(KEY, 3, "k s t: slot t = map slot s's value of key k (or fail); ep = &slot t")                         \
    X(POP, 0, "ep = the last saved ep")                                                                      \
    X(BIND, 1, "v: var v = *ep++")                                                                           \
    X(CMP, 1, "v: *ep++ =:= var v")                                                                          \
    X(EQ, 1, "k: *ep++ is the immediate k")                                                                  \
    X(EQ_TERM, 1, "k: *ep++ =:= the boxed k (floats bit for bit)")                                           \
    X(SKIP, 0, "ep++ ('_')")                                                                                 \
    X(CATCH, 0, "the body starts: a failing call gives 'EXIT'")                                              \
    X(PUSHC, 1, "k: push k")                                                                                 \
    X(PUSHV, 1, "v: push var v")                                                                             \
    X(PUSH_ARGS, 0, "push the argument list ('$_' when tracing)")                                            \
    X(PUSH_OBJ, 0, "push the matched object ('$_', table)")                                                  \
    X(PUSH_ALL, 1, "n, v1..vn: push [var v1, ..., var vn] ('$$')")                                           \
    X(CONS_A, 0, "[H | T] from H below T")                                                                   \
    X(CONS_B, 0, "[H | T] from T below H")                                                                   \
    X(MKTUPLE, 1, "n: a tuple of the top n, the top first")                                                  \
    X(MKMAP, 1, "n: a map of the top's keys (a tuple) and the n values below it, first first")               \
    X(TRUE, 0, "guard test: pop; fail unless true")                                                          \
    X(TEST, 3, "c a b: guard test: fail unless comparison c (a guard op) holds for a and b (MS_OPERAND)")    \
    X(WASTE, 0, "pop")                                                                                       \
    X(RETURN, 0, "pop into the result ({message, _}; the table body's value)")                               \
    X(AND, 1, "n: 'and' of the top n (strict)")                                                              \
    X(OR, 1, "n: 'or' of the top n (strict)")                                                                \
    X(ANDALSO, 1, "l: pop; false: push it, jump; true: go on; else fail/'EXIT' and jump")                    \
    X(ORELSE, 1, "l: pop; true: push it, jump; false: go on; else fail/'EXIT' and jump")                     \
    X(JUMP, 1, "l: jump")                                                                                    \
    X(SELF, 0, "push self()")                                                                                \
    X(CALLER, 0, "push the caller's {M, F, A} or undefined")                                                 \
    X(CALLER_LINE, 0, "push the caller's {M, F, A, {File, Line}} or undefined")                              \
    X(RETURN_TRACE, 0, "set return_trace; push true")                                                        \
    X(EXCEPTION_TRACE, 0, "set exception_trace; push true")                                                  \
    X(SILENT, 0, "pop; true/false set/clear silent")                                                         \
    X(DISPLAY, 0, "display the top; replace it with true")                                                   \
    X(PROCESS_DUMP, 0, "push the process dump binary")                                                       \
    X(IS_SEQ_TRACE, 0, "push whether a sequential trace token is set")                                       \
    X(GET_SEQ_TOKEN, 0, "push the sequential trace token or []")                                             \
    X(SET_SEQ_TOKEN, 0, "key, value: set_seq_token")                                                         \
    X(ENABLE_TRACE, 0, "flag: enable it on self")                                                            \
    X(DISABLE_TRACE, 0, "flag: disable it on self")                                                          \
    X(ENABLE_TRACE2, 0, "target, flag: enable on target")                                                    \
    X(DISABLE_TRACE2, 0, "target, flag: disable on target")                                                  \
    X(TRACE2, 0, "disable, enable: trace flags of self")                                                     \
    X(TRACE3, 0, "target, disable, enable: trace flags of target")                                           \
    X(GET_TCW, 0, "push the trace control word")                                                             \
    X(SET_TCW, 0, "set the trace control word; the old one")                                                 \
    MS_GUARD_OPS

/* The guard functions callable anywhere (OTP 25's guard_tab without
 * get_tcw and set_tcw, which are trace-only ops above): G(op, name,
 * arity). Their arguments are on the evaluation stack, the first on top;
 * the result replaces them. */
#define MS_GUARD_OPS                                                                                         \
    G(IS_ATOM, "is_atom", 1)                                                                                 \
    G(IS_FLOAT, "is_float", 1)                                                                               \
    G(IS_INTEGER, "is_integer", 1)                                                                           \
    G(IS_LIST, "is_list", 1)                                                                                 \
    G(IS_NUMBER, "is_number", 1)                                                                             \
    G(IS_PID, "is_pid", 1)                                                                                   \
    G(IS_PORT, "is_port", 1)                                                                                 \
    G(IS_REFERENCE, "is_reference", 1)                                                                       \
    G(IS_TUPLE, "is_tuple", 1)                                                                               \
    G(IS_MAP, "is_map", 1)                                                                                   \
    G(IS_MAP_KEY, "is_map_key", 2)                                                                           \
    G(IS_BINARY, "is_binary", 1)                                                                             \
    G(IS_FUNCTION, "is_function", 1)                                                                         \
    G(IS_RECORD, "is_record", 3)                                                                             \
    G(ABS, "abs", 1)                                                                                         \
    G(ELEMENT, "element", 2)                                                                                 \
    G(HD, "hd", 1)                                                                                           \
    G(LENGTH, "length", 1)                                                                                   \
    G(MAP_GET, "map_get", 2)                                                                                 \
    G(MAP_SIZE, "map_size", 1)                                                                               \
    G(NODE1, "node", 1)                                                                                      \
    G(NODE0, "node", 0)                                                                                      \
    G(ROUND, "round", 1)                                                                                     \
    G(SIZE, "size", 1)                                                                                       \
    G(BIT_SIZE, "bit_size", 1)                                                                               \
    G(BYTE_SIZE, "byte_size", 1)                                                                             \
    G(BINARY_PART2, "binary_part", 2)                                                                        \
    G(BINARY_PART3, "binary_part", 3)                                                                        \
    G(TL, "tl", 1)                                                                                           \
    G(TRUNC, "trunc", 1)                                                                                     \
    G(FLOAT, "float", 1)                                                                                     \
    G(PLUS1, "+", 1)                                                                                         \
    G(MINUS1, "-", 1)                                                                                        \
    G(PLUS, "+", 2)                                                                                          \
    G(MINUS, "-", 2)                                                                                         \
    G(TIMES, "*", 2)                                                                                         \
    G(DIVIDE, "/", 2)                                                                                        \
    G(DIV, "div", 2)                                                                                         \
    G(REM, "rem", 2)                                                                                         \
    G(BAND, "band", 2)                                                                                       \
    G(BOR, "bor", 2)                                                                                         \
    G(BXOR, "bxor", 2)                                                                                       \
    G(BNOT, "bnot", 1)                                                                                       \
    G(BSL, "bsl", 2)                                                                                         \
    G(BSR, "bsr", 2)                                                                                         \
    G(GT, ">", 2)                                                                                            \
    G(GE, ">=", 2)                                                                                           \
    G(LT, "<", 2)                                                                                            \
    G(LE, "=<", 2)                                                                                           \
    G(EXACT_EQ, "=:=", 2)                                                                                    \
    G(EQ_EQ, "==", 2)                                                                                        \
    G(EXACT_NE, "=/=", 2)                                                                                    \
    G(NE, "/=", 2)                                                                                           \
    G(NOT, "not", 1)                                                                                         \
    G(XOR, "xor", 2)

enum ms_op {
#define X(name, nops, meaning) MS_OP_##name,
#define G(op, name, arity) MS_OP_##op,
    MS_OPS
#undef X
#undef G
        MS_OP_COUNT
};

/* TEST's operands: variable v or literal k in one word. */
#define MS_OPERAND_VAR(v) (((uint32_t)(v) << 1) | 1)
#define MS_OPERAND_LIT(k) ((uint32_t)(k) << 1)

/* Operand words after each opcode (PUSH_ALL: 1 + its count). */
extern const uint8_t ms_op_operands[MS_OP_COUNT];
extern const char *const ms_op_names[MS_OP_COUNT];

/* The C function of each guard op's VM BIF (erlang:Name/Arity), which the
 * runner calls for what it does not do inline; NULL for the others.
 * Filled by ms_init before the first program exists. */
extern bif_fn ms_guard_bifs[MS_OP_COUNT];
/* Looks the guard BIFs up (once; any thread). */
void ms_init(void);

/* Words of run state the runner keeps on the C stack (variables, slots and
 * the evaluation stack; a quarter of it for the match stack); a bigger
 * program's run allocates them. */
#define MS_LOCAL_WORDS 96

/* A compiled match specification. Immutable once ms_compile returns it. */
struct ms_prog {
    ms_kind kind;
    uint32_t ncode;
    uint32_t nlits;
    uint32_t nvars;  /* variable slots (the most any clause binds) */
    uint32_t nslots; /* map slots of the heads */
    uint32_t mdepth; /* match stack words the heads need */
    uint32_t edepth; /* evaluation stack words the guards and bodies need */
    uint32_t nwords; /* nvars + nslots + edepth + 1: the run's words */
    bool big;        /* the run's words or match stack exceed MS_LOCAL_WORDS */
    bool builds;     /* some op may build terms: the run needs a heap */
    uint32_t *code;
    term_t *lits;
    term_t source; /* the spec as given */
    heap_t heap;   /* owns source and lits */
};

/* A failed action's value, and the value of a failing call in a body. */
#define MS_FAIL_TERM ATOM_EXIT

#endif
