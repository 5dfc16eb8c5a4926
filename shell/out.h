/* out.h: the shell's terminal output. Every thread that prints (the shell
 * itself, the live trace output, io from Erlang processes) goes through
 * here, so that lines never interleave and, while the user types at the
 * prompt, text appears above the input line and the line is redrawn
 * intact. docs/internals/shell.md, "Live output". */
#ifndef SHELL_OUT_H
#define SHELL_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>

/* Sets the two streams and whether out is a terminal the REPL edits on
 * (libedit). Installs the VM's output function (vm_set_output) so that io
 * from Erlang processes comes here too. Call once, before vm_start. */
void out_init(FILE *out, FILE *err, bool interactive);
/* Writes s[0..n) to out (to_err false) or err, from any thread. While the
 * prompt is up (out_prompt_begin .. _end) the text is queued and the
 * editing thread is woken to print it above the input line; at most
 * OUT_QUEUE_MAX bytes wait, a writer beyond that waits for them to go. */
void out_write(bool to_err, const char *s, size_t n);
/* printf to out or err through out_write. */
void out_printf(bool to_err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text a function writes to a FILE (cmd_help, filter_list, ...), gathered
 * and then printed through out_write: open, write to the FILE returned
 * (NULL when no memory: print nothing), close. */
typedef struct out_capture {
    FILE *f;
    char *text;
    size_t len;
} out_capture;
FILE *out_capture_open(out_capture *c);
/* Prints what was written (to err or out) and frees it. */
void out_capture_close(out_capture *c, bool to_err);
/* When printed text gets colour (SGR escapes). AUTO: a stream that is a
 * terminal, TERM not "dumb", NO_COLOR unset or empty (no-color.org). */
typedef enum out_color { OUT_COLOR_AUTO, OUT_COLOR_ALWAYS, OUT_COLOR_NEVER } out_color;
void out_set_color(out_color when);
out_color out_get_color(void);
/* Whether text for out (to_err false) or err is coloured now. */
bool out_colored(bool to_err);
/* Flushes both streams (under the output lock). */
void out_flush(void);

/* The REPL brackets readline with these: from begin to end, other threads'
 * output is queued for out_getc to print. */
void out_prompt_begin(void);
void out_prompt_end(void);
/* libedit's character reader while the prompt is up (rl_getc_function):
 * waits for a key or for queued output, which it prints above the input
 * line (clearing the line, writing, redrawing prompt and text). Returns
 * the byte read, or EOF at end of input or when a signal (Ctrl-C)
 * interrupted the wait and *interrupted is set. */
int out_getc(FILE *in);
/* The flag out_getc checks after a signal: the REPL's Ctrl-C flag. */
void out_set_interrupt_flag(volatile sig_atomic_t *flag);

#define OUT_QUEUE_MAX (1u << 20)

#endif
