/* repl.c: reads complete inputs (up to a full stop, over as many lines as
 * it takes), evaluates each as erl's shell does (vm_eval_shell: variables
 * kept from input to input) and prints the value with ~p at column 1, or
 * the exception or error as erl's shell reports it. */
#include "shell/repl.h"

#include <editline/readline.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "vm/vm.h"

#define PROMPT_MAX 64

typedef struct input {
    char *text; /* pending text: lines typed so far, not yet a whole input */
    size_t len, cap;
    size_t scanned; /* text[0..scanned) is whole tokens with no full stop */
} input;

static void input_append(input *in, const char *s, size_t n)
{
    if (in->len + n + 2 > in->cap) {
        size_t cap = in->cap ? in->cap : 256;
        while (cap < in->len + n + 2)
            cap *= 2;
        in->text = alloc_resize(ALLOC_SYSTEM, in->text, in->cap, cap);
        in->cap = cap;
    }
    memcpy(in->text + in->len, s, n);
    in->len += n;
    in->text[in->len] = '\0';
}

static void input_drop(input *in, size_t n)
{
    memmove(in->text, in->text + n, in->len - n);
    in->len -= n;
    in->text[in->len] = '\0';
    in->scanned = 0;
}

static bool is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
            return false;
    return true;
}

/* The length of the first complete input in the pending text (through its
 * full stop), or 0 when more text is needed: no full stop yet, or inside an
 * unterminated string, quoted atom or character. Scan errors elsewhere do
 * not end the input: as in erl's shell they are reported at the full stop.
 * Scanning resumes after the whole tokens seen last time, so a long input
 * typed line by line is scanned once, not once per line. */
static size_t complete_length(input *in)
{
    lex_state ls;
    lex_token tok;
    size_t result = 0, from = in->scanned;
    lex_init(&ls, in->text + from, in->len - from, 1, 1, 0);
    for (;;) {
        if (!lex_next(&ls, &tok)) {
            lex_error_kind k = ls.error.kind;
            if (k == LEX_ERR_STRING || k == LEX_ERR_QATOM || k == LEX_ERR_CHAR)
                break; /* unterminated: wait for more lines */
            continue;
        }
        if (tok.kind == LEX_EOF)
            break;
        if (tok.kind == LEX_DOT) {
            result = from + tok.offset + tok.nbytes;
            break;
        }
        /* A token touching the end may go on in the next line's text. */
        if (tok.offset + tok.nbytes < in->len - from)
            in->scanned = from + tok.offset + tok.nbytes;
    }
    lex_destroy(&ls);
    return result;
}

/* Shell-level inputs that are not terms. */
static bool is_quit(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t' || *s == '\n'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    static const char *const quits[] = {"q().", "halt().", "quit", "init:stop()."};
    for (size_t i = 0; i < sizeof quits / sizeof *quits; i++)
        if (strlen(quits[i]) == n && memcmp(quits[i], s, n) == 0)
            return true;
    return false;
}

/* The shell's variables: the bindings after the last input, on a heap of
 * their own (a new one per input, so that memory stays what they hold). */
typedef struct shell_vars {
    heap_t heap;
    term_t bindings;
} shell_vars;

/* Prints an exception as erl's shell reports it, without the frames of
 * the shell's own evaluator and input module. */
static void print_exception(fmt_buf *b, const vm_eval_result *r, FILE *out)
{
    static _Atomic term_t a_shell;
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    o.trim[0] = atom_cached(&a_shell, "dbgsh_shell");
    o.trim[1] = r->module;
    o.interpreted = r->module;
    fmt_buf_reset(b);
    if (fmt_exception(b, r->cls, r->reason, r->stack, &o) == FMT_OK)
        fwrite(b->data, 1, b->len, out);
}

/* Evaluates and prints one complete input; false if it was malformed or
 * raised. *counted says whether erl's shell would move its prompt number
 * on: after a value, an exception or a lint error, not after a syntax
 * error. */
static bool eval_one(const char *s, size_t n, unsigned number, shell_vars *vars, fmt_buf *b, FILE *out, FILE *err,
                     repl_stats *st, bool *counted)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    vm_eval_result r;
    bool ok = false;
    *counted = false;
    switch (vm_eval_shell(s, n, number, vars->bindings, &h, &r)) {
    case VM_OUT_ERROR:
        fprintf(err, "%s\n", r.msg);
        st->errors++;
        *counted = r.parsed;
        break;
    case VM_OUT_EXCEPTION:
        print_exception(b, &r, out);
        *counted = true;
        break;
    case VM_OUT_VALUE: {
        fmt_pretty_opts o;
        fmt_pretty_opts_init(&o);
        o.unicode = true;
        fmt_buf_reset(b);
        fmt_pretty(b, r.value, &o);
        fwrite(b->data, 1, b->len, out);
        fputc('\n', out);
        /* the new bindings replace the old, on a fresh heap */
        heap_t nh;
        heap_init(&nh, ALLOC_HEAP);
        term_t nb = copy_term(&nh, r.bindings);
        heap_destroy(&vars->heap);
        vars->heap = nh;
        vars->bindings = nb;
        st->terms++;
        ok = *counted = true;
        break;
    }
    }
    fflush(out);
    fflush(err);
    heap_destroy(&h);
    return ok;
}

/* A line of a script, NUL bytes and all: its length in *len. */
static char *read_line_plain(FILE *in, size_t *len)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, in);
    if (n < 0) {
        free(line);
        return NULL;
    }
    *len = (size_t)n;
    return line;
}

/* ~/.dbgsh_history into buf; false without a usable $HOME. */
static bool history_path(char *buf, size_t cap)
{
    const char *home = getenv("HOME");
    if (!home || !*home)
        return false;
    int n = snprintf(buf, cap, "%s/.dbgsh_history", home);
    return n > 0 && (size_t)n < cap;
}

/* Ctrl-C while an input runs: the input stops (its evaluator is killed)
 * and the shell goes on, as erl's job control does for `i`. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
    vm_eval_interrupt();
}

void repl_run(FILE *in, FILE *out, FILE *err, bool interactive, repl_stats *st)
{
    shell_vars vars;
    fmt_buf b;
    input pending = {0};
    unsigned number = 1;
    char hist[4096];
    bool has_hist = false;
    memset(st, 0, sizeof *st);
    heap_init(&vars.heap, ALLOC_HEAP);
    vars.bindings = NIL;
    fmt_buf_init(&b);
    if (interactive) {
        rl_instream = in;
        rl_outstream = out;
        rl_catch_signals = 0; /* Ctrl-C is ours (on_interrupt) */
        using_history();
        has_hist = history_path(hist, sizeof hist);
        if (has_hist)
            read_history(hist);
        fprintf(out, "dbgsh %s (type q(). or Ctrl-D to quit)\n", DBGSH_VERSION);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_interrupt;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
    }
    for (bool quit = false; !quit;) {
        char prompt[PROMPT_MAX];
        char *line;
        size_t len = 0;
        if (interactive) {
            snprintf(prompt, sizeof prompt, "(main)%u> ", number);
            /* a Ctrl-C from here on is for the line or the input it ends */
            interrupted = 0;
            vm_eval_interrupt_reset();
            line = readline(pending.len && !is_blank(pending.text, pending.len) ? "" : prompt);
            if (line && *line)
                add_history(line);
            if (line)
                len = strlen(line);
        } else {
            line = read_line_plain(in, &len);
        }
        if (!line && interactive && interrupted) {
            /* Ctrl-C at the prompt: the unfinished input goes, the shell
             * stays (libedit's readline returns no line for it) */
            interrupted = 0;
            vm_eval_interrupt_reset();
            pending.len = pending.scanned = 0;
            fputc('\n', out);
            continue;
        }
        if (!line) {
            /* End of input: a last input without a full stop is an error,
             * reported as the parser sees it. */
            bool counted;
            if (!is_blank(pending.text, pending.len) && !is_quit(pending.text, pending.len))
                eval_one(pending.text, pending.len, number, &vars, &b, out, err, st, &counted);
            break;
        }
        input_append(&pending, line, len);
        if (interactive)
            input_append(&pending, "\n", 1);
        free(line);
        size_t n;
        while ((n = complete_length(&pending)) > 0) {
            if (is_quit(pending.text, n)) {
                quit = true;
                break;
            }
            bool counted;
            eval_one(pending.text, n, number, &vars, &b, out, err, st, &counted);
            if (counted)
                number++;
            input_drop(&pending, n);
        }
        if (!quit && is_blank(pending.text, pending.len))
            pending.len = pending.scanned = 0;
        if (!quit && pending.len && is_quit(pending.text, pending.len))
            quit = true;
    }
    if (interactive && has_hist) {
        write_history(hist);
    }
    alloc_free(ALLOC_SYSTEM, pending.text, pending.cap);
    fmt_buf_free(&b);
    heap_destroy(&vars.heap);
}
