/* read.h: Erlang term text to terms, exactly what erl_scan:string/2 with
 * {1,1} followed by erl_parse:parse_term/1 accepts and builds: atoms,
 * numbers, chars, strings (adjacent ones joined), lists, tuples, maps with
 * =>, binaries with every segment form, fun M:F/A, unary +/- on numbers.
 * Ownership: terms are built on the caller's heap; on an error the heap may
 * hold unreachable partial terms. Never runs a GC; nesting is bounded by
 * TERM_MAX_DEPTH and walked with explicit stacks. */
#ifndef VM_READ_H
#define VM_READ_H

#include <stddef.h>
#include <stdint.h>

#include "term.h"

typedef enum read_result {
    READ_OK,
    READ_EOF, /* read_next only: nothing but white space and comments left */
    READ_ERROR
} read_result;

typedef enum read_error_kind {
    READ_ERR_SCAN,     /* erl_scan's errors: "unterminated string ...", ... */
    READ_ERR_SYNTAX,   /* erl_parse's "syntax error before: ..." */
    READ_ERR_BAD_TERM, /* erl_parse's "bad term": Erlang, but not a literal */
    READ_ERR_LIMIT     /* "system_limit": too deep, atom table full */
} read_error_kind;

#define READ_MSG_MAX 512

/* Where and what, as erl reports it: {error, {{Line,Col}, Module, Text}}.
 * Line and column are 0 where erl_parse says location 0 (no tokens at
 * all). Scan errors also carry erl_scan's end location. */
typedef struct read_error {
    read_error_kind kind;
    uint32_t line, col;
    uint32_t end_line, end_col;
    char msg[READ_MSG_MAX];
} read_error;

/* One term and its full stop, then only white space and comments: as
 * erl_parse:parse_term(Tokens) of erl_scan:string(Text, {1,1}). */
read_result read_term(heap_t *h, const char *text, size_t len, term_t *out, read_error *err);

/* The same with the full stop optional (command arguments): a missing one
 * is taken to stand at the end of the text. */
read_result read_term_nodot(heap_t *h, const char *text, size_t len, term_t *out, read_error *err);

/* Consecutive dot-terminated terms from one text, as file:consult/1 reads
 * them. Borrows the text. */
typedef struct read_stream {
    const char *text;
    size_t len, pos;
    uint32_t line, col; /* location of text[pos] */
} read_stream;

void read_stream_init(read_stream *rs, const char *text, size_t len);

/* The next term: READ_OK, READ_EOF at the end, or READ_ERROR. Resumes as
 * io:read/2 does: after the full stop, or after a scan error just where
 * erl_scan:tokens/3 stopped (after the bad character or token). */
read_result read_next(read_stream *rs, heap_t *h, term_t *out, read_error *err);

#endif
