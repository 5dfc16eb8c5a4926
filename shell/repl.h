/* repl.h: the read-print loop of the shell. Today it reads Erlang terms and
 * prints them as the Erlang shell prints values; issue #5 grows it into the
 * dbg command shell. */
#ifndef SHELL_REPL_H
#define SHELL_REPL_H

#include <stdbool.h>
#include <stdio.h>

typedef struct repl_stats {
    unsigned terms;  /* terms read and printed */
    unsigned errors; /* malformed inputs reported */
} repl_stats;

/* Runs the loop on `in` until end of input or q(). With `interactive`,
 * reads through libedit with a prompt and history (~/.dbgsh_history);
 * otherwise reads plain lines without prompts. Output goes to `out`,
 * errors to `err`. */
void repl_run(FILE *in, FILE *out, FILE *err, bool interactive, repl_stats *stats);

#endif
