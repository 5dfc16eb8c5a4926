/* repl.c: reads the shell's input: a line that starts with a command's
 * name is a command (exec.c), run at once; anything else is Erlang,
 * gathered up to a full stop over as many lines as it takes, evaluated as
 * erl's shell does (vm_eval_shell: variables kept from input to input) and
 * printed with ~p at column 1, or the exception or error as erl's shell
 * reports it. Before a result is printed, the trace events the input made
 * are (sessions_drain). Scripts run through the same loop. */
#include "shell/repl.h"

#include <ctype.h>
#include <editline/readline.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "shell/complete.h"
#include "shell/exec.h"
#include "shell/out.h"
#include "shell/sessions.h"
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
        in->text = alloc_resize(ALLOC_SHELL, in->text, in->cap, cap);
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

/* The loop's state, one for the shell: scripts run with the same
 * variables and prompt number as the lines typed. */
static struct {
    shell_vars vars;
    fmt_buf b;
    unsigned number;
    repl_stats *st;
    exec_env env;
    unsigned depth; /* scripts running inside scripts */
} R;

#define SCRIPT_DEPTH_MAX 16

/* Prints an exception as erl's shell reports it. */
static void print_exception(const vm_eval_result *r)
{
    fmt_buf_reset(&R.b);
    if (exec_format_exception(&R.b, r))
        out_write(false, R.b.data, R.b.len);
}

/* Tells how many trace events the filters hid since the last time. */
static void say_hidden(void)
{
    uint64_t n = sessions_take_hidden();
    if (n)
        out_printf(false, "(%llu trace event%s hidden by filters)\n", (unsigned long long)n, n == 1 ? "" : "s");
}

/* Evaluates and prints one complete input; false if it was malformed or
 * raised. *counted says whether erl's shell would move its prompt number
 * on: after a value, an exception or a lint error, not after a syntax
 * error. The trace events the input made print before its outcome. */
static bool eval_one(const char *s, size_t n, bool *counted)
{
    heap_t h;
    heap_init(&h, ALLOC_SHELL);
    vm_eval_result r;
    bool ok = false;
    *counted = false;
    vm_outcome outcome = vm_eval_shell(s, n, R.number, R.vars.bindings, &h, &r);
    sessions_drain();
    say_hidden();
    switch (outcome) {
    case VM_OUT_ERROR:
        out_printf(true, "%s\n", r.msg);
        R.st->errors++;
        *counted = r.parsed;
        break;
    case VM_OUT_EXCEPTION:
        print_exception(&r);
        R.st->errors++;
        *counted = true;
        break;
    case VM_OUT_VALUE: {
        fmt_pretty_opts o;
        fmt_pretty_opts_init(&o);
        o.unicode = true;
        o.records = vm_eval_record_fields; /* erl's shell's record_print_fun */
        fmt_buf_reset(&R.b);
        fmt_pretty(&R.b, r.value, &o);
        fmt_buf_putc(&R.b, '\n');
        out_write(false, R.b.data, R.b.len);
        /* the new bindings replace the old, on a fresh heap */
        heap_t nh;
        heap_init(&nh, ALLOC_SHELL);
        term_t nb = copy_term(&nh, r.bindings);
        heap_destroy(&R.vars.heap);
        R.vars.heap = nh;
        R.vars.bindings = nb;
        R.st->terms++;
        ok = *counted = true;
        break;
    }
    }
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

/* The lines of an input typed over several lines, for history: once the
 * input is complete they become one entry, joined by single spaces (each
 * line's outer blanks go), so Up brings back the whole input. */
typedef struct typed_input {
    alloc_buf text;
    int lines; /* history entries added for it so far */
} typed_input;

static void remember_line(typed_input *t, const char *line)
{
    add_history(line);
    if (t->lines++) {
        alloc_buf_put(&t->text, " ", 1);
        while (*line == ' ' || *line == '\t')
            line++;
    }
    size_t n = strlen(line);
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    alloc_buf_put(&t->text, line, n);
}

/* The input is complete: its lines become one history entry. */
static void join_lines(typed_input *t)
{
    if (t->lines > 1) {
        for (int i = 0; i < t->lines && history_length > 0; i++) {
            HIST_ENTRY *e = remove_history(history_length - 1);
            if (e)
                free_history_entry(e);
        }
        alloc_buf_put(&t->text, "", 1);
        add_history(t->text.p);
    }
    t->text.n = 0;
    t->lines = 0;
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

/* What a line did. */
typedef enum line_result { LINE_OK, LINE_FAILED, LINE_QUIT } line_result;

/* Takes one line (with its newline, if any) of typed or script input.
 * A line that starts a command while no Erlang input is pending runs as
 * one; otherwise the line is Erlang, and every input it completes is
 * evaluated. */
static line_result feed_line(input *pending, const char *line, size_t len)
{
    line_result result = LINE_OK;
    if (is_blank(pending->text, pending->len) && exec_is_command(line, len)) {
        pending->len = pending->scanned = 0;
        size_t n = len;
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            n--;
        R.env.quit = false;
        bool ok = exec_run(line, n, &R.env);
        if (!ok)
            R.st->errors++;
        sessions_drain();
        say_hidden();
        return R.env.quit ? LINE_QUIT : ok ? LINE_OK : LINE_FAILED;
    }
    input_append(pending, line, len);
    if (!len || line[len - 1] != '\n')
        input_append(pending, "\n", 1);
    size_t n;
    while ((n = complete_length(pending)) > 0) {
        if (is_quit(pending->text, n))
            return LINE_QUIT;
        bool counted;
        if (!eval_one(pending->text, n, &counted))
            result = LINE_FAILED;
        if (counted)
            R.number++;
        input_drop(pending, n);
    }
    if (is_blank(pending->text, pending->len))
        pending->len = pending->scanned = 0;
    if (pending->len && is_quit(pending->text, pending->len))
        return LINE_QUIT;
    return result;
}

/* The end of script or piped input: a last input without a full stop is
 * an error, reported as the parser sees it. */
static line_result feed_end(input *pending)
{
    bool counted;
    if (!is_blank(pending->text, pending->len) && !is_quit(pending->text, pending->len) &&
        !eval_one(pending->text, pending->len, &counted))
        return LINE_FAILED;
    return LINE_OK;
}

/* line[0..len) with $1..$9 replaced by args (a missing one by nothing),
 * in buf; for command lines of scripts. */
static void substitute(alloc_buf *buf, const char *line, size_t len, const char *const *args, size_t nargs)
{
    buf->n = 0;
    for (size_t i = 0; i < len; i++) {
        if (line[i] == '$' && i + 1 < len && line[i + 1] >= '1' && line[i + 1] <= '9') {
            size_t k = (size_t)(line[i + 1] - '1');
            if (k < nargs)
                alloc_buf_put(buf, args[k], strlen(args[k]));
            i++;
            continue;
        }
        alloc_buf_put(buf, line + i, 1);
    }
    alloc_buf_put(buf, "", 1);
    buf->n--;
}

/* Whether the text after a '#' opens Erlang rather than a comment: a map
 * (#{), or a record (#name{, #name.field, with name an atom, quoted or
 * not). */
static bool opens_map_or_record(const char *s, size_t len)
{
    size_t i = 0;
    if (i < len && s[i] == '{')
        return true;
    if (i < len && s[i] == '\'') {
        for (i++; i < len && s[i] != '\''; i++)
            if (s[i] == '\\')
                i++;
        if (i >= len)
            return false;
        i++;
    } else if (i < len && s[i] >= 'a' && s[i] <= 'z') {
        while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '@'))
            i++;
    } else {
        return false;
    }
    return i < len && (s[i] == '{' || s[i] == '.');
}

/* Whether a script line is a comment: % first, or # first unless a map or
 * record follows it (#{...}, #r{...}, #r.f), and only when no Erlang input
 * is pending: inside one, % is Erlang's comment and # a map or record. */
static bool is_comment(const input *pending, const char *line, size_t len)
{
    if (!is_blank(pending->text, pending->len))
        return false;
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i < len && line[i] == '%')
        return true;
    return i < len && line[i] == '#' && !opens_map_or_record(line + i + 1, len - i - 1);
}

/* Runs a script from `in` as if typed (no prompts): false if a line
 * failed, and, with on-error stop, stops there. */
static bool run_script(FILE *in, const char *name, const char *const *args, size_t nargs, bool *quit)
{
    input pending = {0};
    alloc_buf sub = {0};
    bool ok = true;
    unsigned lineno = 0;
    for (;;) {
        size_t len;
        char *line = read_line_plain(in, &len);
        if (!line) {
            if (feed_end(&pending) == LINE_FAILED)
                ok = false;
            break;
        }
        lineno++;
        line_result r = LINE_OK;
        if (!is_comment(&pending, line, len)) {
            if (nargs && is_blank(pending.text, pending.len) && exec_is_command(line, len)) {
                substitute(&sub, line, len, args, nargs);
                r = feed_line(&pending, sub.p, sub.n);
            } else {
                r = feed_line(&pending, line, len);
            }
        }
        free(line);
        if (r == LINE_QUIT) {
            *quit = true;
            break;
        }
        if (r == LINE_FAILED) {
            ok = false;
            if (exec_get_on_error() == EXEC_ON_ERROR_STOP) {
                if (name)
                    out_printf(true, "%s:%u: stopped at this line (set on-error continue goes on)\n", name,
                               lineno);
                break;
            }
        }
    }
    alloc_buf_free(&sub);
    alloc_free(ALLOC_SHELL, pending.text, pending.cap);
    return ok;
}

/* `source FILE ARG...` */
static bool source_file(const char *path, const char *const *args, size_t nargs)
{
    if (R.depth >= SCRIPT_DEPTH_MAX) {
        out_printf(true, "source: %s: scripts nest more than %d deep\n", path, SCRIPT_DEPTH_MAX);
        return false;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        out_printf(true, "source: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    R.depth++;
    bool quit = false;
    bool ok = run_script(f, path, args, nargs, &quit);
    R.depth--;
    fclose(f);
    R.env.quit = quit;
    return ok;
}

static void repl_setup(repl_stats *st)
{
    memset(st, 0, sizeof *st);
    R.st = st;
    R.number = 1;
    heap_init(&R.vars.heap, ALLOC_SHELL);
    R.vars.bindings = NIL;
    fmt_buf_init(&R.b);
    R.env.source = source_file;
}

static void repl_teardown(void)
{
    fmt_buf_free(&R.b);
    heap_destroy(&R.vars.heap);
}

bool repl_run_script(FILE *in, const char *name, const char *const *args, size_t nargs, repl_stats *st)
{
    repl_setup(st);
    bool quit = false;
    bool ok = run_script(in, name, args, nargs, &quit);
    repl_teardown();
    return ok;
}

void repl_run(FILE *in, FILE *out, repl_stats *st)
{
    input pending = {0};
    typed_input typed = {0};
    char hist[4096];
    bool has_hist;
    repl_setup(st);
    rl_instream = in;
    rl_outstream = out;
    rl_catch_signals = 0; /* Ctrl-C is ours (on_interrupt) */
    rl_getc_function = out_getc; /* output from other threads prints above the line */
    complete_install(complete_vm_source()); /* TAB: shell/complete.c */
    out_set_interrupt_flag(&interrupted);
    using_history();
    has_hist = history_path(hist, sizeof hist);
    if (has_hist)
        read_history(hist);
    out_printf(false, "dbgsh %s (type q(). or Ctrl-D to quit, help for the commands)\n", DBGSH_VERSION);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    for (;;) {
        char prompt[PROMPT_MAX];
        snprintf(prompt, sizeof prompt, "(%s)%u> ", sessions_name(sessions_current()), R.number);
        /* a Ctrl-C from here on is for the line or the input it ends */
        interrupted = 0;
        vm_eval_interrupt_reset();
        bool continuing = pending.len && !is_blank(pending.text, pending.len);
        complete_set_continuation(continuing); /* a continued input is Erlang, never a command */
        out_prompt_begin();
        char *line = readline(continuing ? "" : prompt);
        out_prompt_end();
        if (line && *line)
            remember_line(&typed, line);
        if (!line && interrupted) {
            /* Ctrl-C at the prompt: the unfinished input goes, the shell
             * stays (libedit's readline returns no line for it) */
            interrupted = 0;
            vm_eval_interrupt_reset();
            pending.len = pending.scanned = 0;
            typed.text.n = 0;
            typed.lines = 0; /* its lines stay in history one by one */
            out_write(false, "\n", 1);
            continue;
        }
        if (!line) {
            feed_end(&pending);
            break;
        }
        line_result r = feed_line(&pending, line, strlen(line));
        free(line);
        if (!pending.len)
            join_lines(&typed);
        if (r == LINE_QUIT)
            break;
    }
    if (has_hist)
        write_history(hist);
    alloc_free(ALLOC_SHELL, pending.text, pending.cap);
    alloc_buf_free(&typed.text);
    repl_teardown();
}
