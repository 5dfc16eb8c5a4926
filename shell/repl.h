/* repl.h: the read-print loop of the shell: commands (shell/exec.h) and
 * Erlang expressions, typed at a libedit prompt or read from a script. */
#ifndef SHELL_REPL_H
#define SHELL_REPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct repl_stats {
    unsigned terms;  /* values printed */
    unsigned errors; /* inputs and commands that failed */
} repl_stats;

/* The interactive shell on the terminal `in`/`out`: a libedit prompt
 * "(SESSION)N> " with history (~/.dbgsh_history), until Ctrl-D, q(). or
 * quit. Output goes through shell/out.h (out_init first). */
void repl_run(FILE *in, FILE *out, repl_stats *stats);
/* Runs a script read from `in` (a file, or standard input when it is not
 * a terminal) as if typed, without prompts: `%` and `#` comment lines,
 * $1..$9 in command lines replaced by args. `name` is the file's name
 * for messages (NULL: none). A failing line stops it when on-error is
 * stop. False when a line failed. */
bool repl_run_script(FILE *in, const char *name, const char *const *args, size_t nargs, repl_stats *stats);

#endif
