/* exec.h: the shell's commands (shell/commands.def) carried out: a command
 * line split into words, checked against the command table, and run: the
 * trace commands through shell/lib/dbgsh_cmd.erl in the shell's evaluator
 * (the same dbg and trace calls an expression makes), sessions, views,
 * filters, logs, scripts and settings here. docs/internals/shell.md. */
#ifndef SHELL_EXEC_H
#define SHELL_EXEC_H

#include <stdbool.h>
#include <stddef.h>

/* What a command may ask of the REPL around it. */
typedef struct exec_env {
    bool quit; /* set by quit */
    /* Runs a script (source FILE ARG...): the REPL reads it as typed
     * input with $1..$9 standing for args; false when it failed. */
    bool (*source)(const char *path, const char *const *args, size_t nargs);
} exec_env;

/* Whether line[0..n) (one line, no newline needed) is a command: its first
 * word names one (cmd_lookup) and is followed by a blank or the end of the
 * line. Anything else is Erlang. */
bool exec_is_command(const char *line, size_t n);

/* Runs the command line line[0..n); false after printing one error line
 * ("tp: ...") on standard error. */
bool exec_run(const char *line, size_t n, exec_env *env);

/* Appends to b an exception an input raised (r from vm_eval_shell or
 * vm_eval_command), as erl's shell reports it, without the frames of the
 * shell's own evaluator and input module; false when it cannot be
 * printed. */
struct fmt_buf;
struct vm_eval_result;
bool exec_format_exception(struct fmt_buf *b, const struct vm_eval_result *r);

/* Shell-wide settings the REPL reads. */
typedef enum exec_on_error { EXEC_ON_ERROR_STOP, EXEC_ON_ERROR_CONTINUE } exec_on_error;
exec_on_error exec_get_on_error(void);
void exec_set_on_error(exec_on_error e);

#endif
