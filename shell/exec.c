/* exec.c: runs the shell's commands (exec.h). A line is split into words,
 * its command looked up in the table of shell/commands.def, its options
 * and arguments checked against the entry (so every command fails the
 * same way on bad input: one line, "CMD: what is wrong"), then the
 * command's run_ function carries it out. The trace commands go to
 * shell/lib/dbgsh_cmd.erl through the evaluator; the rest live here. */
#include "shell/exec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "shell/cmd.h"
#include "shell/filter.h"
#include "shell/log.h"
#include "shell/out.h"
#include "shell/sessions.h"
#include "vm/vm.h"

#define MAX_WORDS 64
#define MAX_OPTS 8

/* A word of the command line: its text (quotes removed) and where it
 * started in the line (for rest-of-line arguments). */
typedef struct word {
    const char *s;
    size_t n;
    size_t at;
} word;

/* One command being run. */
typedef struct call {
    const shell_cmd *cmd;
    const char *line;
    size_t len;
    word args[MAX_WORDS];
    size_t nargs;
    struct {
        const char *name; /* "-v", "--rotate" */
        const char *value;
        size_t value_len;
    } opts[MAX_OPTS];
    char opt_names[MAX_OPTS][32];
    size_t nopts;
    exec_env *env;
    char *unquoted; /* the text of quoted words: at most the line's length */
    size_t unquoted_n, unquoted_cap;
} call;

static exec_on_error on_error = EXEC_ON_ERROR_STOP;
exec_on_error exec_get_on_error(void) { return on_error; }
void exec_set_on_error(exec_on_error e) { on_error = e; }

/* ---- errors ------------------------------------------------------------------ */

/* The command's full name for messages: "tp", "session new". */
static void put_cmd_name(char *buf, size_t cap, const shell_cmd *c)
{
    if (c->parent)
        snprintf(buf, cap, "%s %s", c->parent->name, c->name);
    else
        snprintf(buf, cap, "%s", c->name);
}

static bool fail(const call *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(const call *x, const char *fmt, ...)
{
    char name[64], msg[1024];
    put_cmd_name(name, sizeof name, x->cmd);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    out_printf(true, "%s: %s\n", name, msg);
    return false;
}

static bool usage_error(const call *x, const char *what)
{
    return fail(x, "%s (usage: %s)", what, x->cmd->usage);
}

/* ---- words ---------------------------------------------------------------------- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Splits line[from..n) into words: blank-separated, "double quoted" words
 * may hold blanks (\" and \\ inside). False with *bad set on an
 * unterminated quote, false alone for too many words. */
static bool split_words(call *x, size_t from, bool *bad)
{
    const char *s = x->line;
    size_t n = x->len;
    *bad = false;
    x->unquoted_cap = n + 1;
    x->unquoted = alloc_new(ALLOC_TEMP, x->unquoted_cap);
    for (size_t i = from; i < n;) {
        while (i < n && is_blank(s[i]))
            i++;
        if (i == n)
            break;
        if (x->nargs == MAX_WORDS)
            return false;
        word *w = &x->args[x->nargs++];
        w->at = i;
        if (s[i] == '"') {
            size_t start = x->unquoted_n;
            i++;
            while (i < n && s[i] != '"') {
                if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
                    i++;
                x->unquoted[x->unquoted_n++] = s[i++];
            }
            if (i == n) {
                *bad = true;
                return false;
            }
            i++;
            w->s = x->unquoted + start;
            w->n = x->unquoted_n - start;
        } else {
            w->s = s + i;
            while (i < n && !is_blank(s[i]))
                i++;
            w->n = (size_t)(s + i - w->s);
        }
    }
    return true;
}

/* The rest of the line from word i on, blanks at the end trimmed. */
static word rest_from(const call *x, size_t i)
{
    word w = x->args[i];
    size_t end = x->len;
    while (end > w.at && is_blank(x->line[end - 1]))
        end--;
    w.s = x->line + w.at;
    w.n = end - w.at;
    return w;
}

static bool word_is(const word *w, const char *s) { return w->n == strlen(s) && memcmp(w->s, s, w->n) == 0; }

static const char *opt_value(const call *x, const char *name, size_t *len)
{
    for (size_t i = 0; i < x->nopts; i++)
        if (!strcmp(x->opts[i].name, name)) {
            *len = x->opts[i].value_len;
            return x->opts[i].value ? x->opts[i].value : "";
        }
    return NULL;
}

static bool has_opt(const call *x, const char *name)
{
    size_t len;
    return opt_value(x, name, &len) != NULL;
}

/* ---- command lookup and argument checks -------------------------------------------- */

bool exec_is_command(const char *line, size_t n)
{
    size_t i = 0;
    while (i < n && is_blank(line[i]))
        i++;
    size_t start = i;
    if (i < n && line[i] == '?')
        i++;
    else
        while (i < n && ((line[i] >= 'a' && line[i] <= 'z') || (line[i] >= 'A' && line[i] <= 'Z') ||
                         (line[i] >= '0' && line[i] <= '9') || line[i] == '_'))
            i++;
    if (i == start || (i < n && !is_blank(line[i])))
        return false;
    if (line[start] < 'a' || line[start] > 'z') {
        if (line[start] != '?')
            return false;
    }
    const shell_cmd *c;
    return cmd_lookup(NULL, line + start, i - start, &c) != CMD_UNKNOWN;
}

/* Takes the options and checks the argument count: the words left in
 * x->args are the arguments. */
static bool take_options(call *x)
{
    size_t min, max;
    cmd_arity(x->cmd, &min, &max);
    word kept[MAX_WORDS];
    size_t nkept = 0;
    for (size_t i = 0; i < x->nargs; i++) {
        word *w = &x->args[i];
        cmd_arg spec;
        bool rest = cmd_arg_at(x->cmd, nkept, &spec) && spec.rest;
        if (w->n > 1 && w->s[0] == '-' && w->s == x->line + w->at) {
            const char *eq = memchr(w->s, '=', w->n);
            size_t name_len = eq ? (size_t)(eq - w->s) : w->n;
            bool takes_value;
            if (cmd_opt_find(x->cmd, w->s, name_len, &takes_value)) {
                if (x->nopts == MAX_OPTS)
                    return usage_error(x, "too many options");
                const char *value = NULL;
                size_t value_len = 0;
                if (takes_value) {
                    if (eq) {
                        value = eq + 1;
                        value_len = w->n - name_len - 1;
                    } else if (i + 1 < x->nargs) {
                        value = x->args[i + 1].s;
                        value_len = x->args[i + 1].n;
                        i++;
                    } else {
                        return fail(x, "option %.*s needs a value (usage: %s)", (int)name_len, w->s,
                                    x->cmd->usage);
                    }
                } else if (eq) {
                    return fail(x, "option %.*s takes no value", (int)name_len, w->s);
                }
                size_t k = x->nopts++;
                snprintf(x->opt_names[k], sizeof x->opt_names[k], "%.*s", (int)name_len, w->s);
                x->opts[k].name = x->opt_names[k];
                x->opts[k].value = value;
                x->opts[k].value_len = value_len;
                continue;
            }
            if (!rest)
                return fail(x, "unknown option '%.*s' (usage: %s)", (int)w->n, w->s, x->cmd->usage);
        }
        if (rest) {
            kept[nkept++] = rest_from(x, i);
            break;
        }
        kept[nkept++] = *w;
    }
    memcpy(x->args, kept, nkept * sizeof *kept);
    x->nargs = nkept;
    for (size_t i = 0; i < x->nargs; i++) {
        cmd_arg spec;
        if (!cmd_arg_at(x->cmd, i, &spec) || spec.kind != CMD_KIND_choice)
            continue;
        bool found = false;
        for (const char *c = spec.choices, *end = spec.choices + spec.choices_len; c < end && !found;) {
            const char *bar = memchr(c, '|', (size_t)(end - c));
            size_t n = bar ? (size_t)(bar - c) : (size_t)(end - c);
            found = n == x->args[i].n && memcmp(c, x->args[i].s, n) == 0;
            c += n + 1;
        }
        if (!found)
            return fail(x, "expected %.*s, got '%.*s'", (int)spec.choices_len, spec.choices, (int)x->args[i].n,
                        x->args[i].s);
    }
    if (x->nargs < min)
        return usage_error(x, "missing argument");
    if (x->nargs > max)
        return fail(x, "unexpected '%.*s' (usage: %s)", (int)x->args[max].n, x->args[max].s, x->cmd->usage);
    return true;
}

/* ---- the Erlang half ---------------------------------------------------------------- */

static term_t words_list(heap_t *h, const word *ws, size_t n)
{
    term_t list = NIL;
    for (size_t i = n; i-- > 0;)
        list = term_cons(h, bin_new(h, (const uint8_t *)ws[i].s, ws[i].n), list);
    return list;
}

/* The bytes of a binary dbgsh_cmd returned (byte-aligned, as
 * unicode:characters_to_binary makes them); false for anything else. */
static bool binary_text(term_t t, const uint8_t **bytes, size_t *len)
{
    if (!term_is_bitstring(t))
        return false;
    bin_view v;
    bin_view_of(t, &v);
    if (v.bitoffset || v.bitsize)
        return false;
    *bytes = v.bytes;
    *len = v.size;
    return true;
}

bool exec_format_exception(fmt_buf *b, const vm_eval_result *r)
{
    static _Atomic term_t a_shell;
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    o.trim[0] = atom_cached(&a_shell, "dbgsh_shell");
    o.trim[1] = r->module;
    o.interpreted = r->module;
    return fmt_exception(b, r->cls, r->reason, r->stack, &o) == FMT_OK;
}

/* Prints an exception from dbgsh_cmd (a bug, or a badarg no check saw)
 * as erl's shell would, after the command's name. */
static void print_exception(const call *x, const vm_eval_result *r)
{
    fmt_buf b;
    fmt_buf_init(&b);
    if (exec_format_exception(&b, r)) {
        char name[64];
        put_cmd_name(name, sizeof name, x->cmd);
        out_printf(true, "%s: failed:\n", name);
        out_write(true, b.data, b.len);
    }
    fmt_buf_free(&b);
}

/* Calls dbgsh_cmd:run(What, Opts, Args, Context) for session s; prints
 * its text; a new handle it returns becomes the session's. */
static bool call_erlang(call *x, const char *what, shell_session *s)
{
    heap_t h;
    heap_init(&h, ALLOC_SHELL);
    term_t opts = NIL;
    for (size_t i = x->nopts; i-- > 0;) {
        const char *nm = x->opts[i].name;
        while (*nm == '-')
            nm++;
        opts = term_cons(&h, atom_from_cstr(nm), opts);
    }
    /* bindings sorted by name: A, C, M, O */
    term_t b = NIL;
    b = term_cons(&h, term_tuple2(&h, atom_from_cstr("O"), opts), b);
    b = term_cons(&h, term_tuple2(&h, atom_from_cstr("M"), atom_from_cstr(what)), b);
    b = term_cons(&h, term_tuple2(&h, atom_from_cstr("C"), sessions_context(s, &h)), b);
    b = term_cons(&h, term_tuple2(&h, atom_from_cstr("A"), words_list(&h, x->args, x->nargs)), b);
    static const char text[] = "dbgsh_cmd:run(M, O, A, C).";
    heap_t rh;
    heap_init(&rh, ALLOC_SHELL);
    vm_eval_result r;
    bool ok = false;
    const uint8_t *bytes;
    size_t len;
    vm_outcome out = vm_eval_command(text, sizeof text - 1, b, &rh, &r);
    sessions_drain();
    if (out == VM_OUT_ERROR) {
        fail(x, "%s", r.msg);
    } else if (out == VM_OUT_EXCEPTION) {
        print_exception(x, &r);
    } else if (term_is_tuple(r.value) && tuple_arity(r.value) >= 2 &&
               binary_text(tuple_get(r.value, 1), &bytes, &len)) {
        term_t tag = tuple_get(r.value, 0);
        if (tag == ATOM_ok) {
            out_write(false, (const char *)bytes, len);
            if (tuple_arity(r.value) == 3)
                sessions_set_handle(s, tuple_get(r.value, 2));
            ok = true;
        } else {
            fail(x, "%.*s", (int)len, (const char *)bytes);
        }
    } else {
        fail(x, "unexpected reply from dbgsh_cmd");
    }
    heap_destroy(&rh);
    heap_destroy(&h);
    return ok;
}

#define ERLANG_COMMAND(name)                                                                                         \
    static bool run_##name(call *x) { return call_erlang(x, #name, sessions_current()); }
ERLANG_COMMAND(tp)
ERLANG_COMMAND(tpl)
ERLANG_COMMAND(ctp)
ERLANG_COMMAND(ctpl)
ERLANG_COMMAND(ctpg)
ERLANG_COMMAND(tpe)
ERLANG_COMMAND(ctpe)
ERLANG_COMMAND(ltp)
ERLANG_COMMAND(dtp)
ERLANG_COMMAND(wtp)
ERLANG_COMMAND(rtp)
ERLANG_COMMAND(p)
ERLANG_COMMAND(stop)
ERLANG_COMMAND(mem)
ERLANG_COMMAND(mem_top)
ERLANG_COMMAND(mem_map)
ERLANG_COMMAND(mem_diff)
#undef ERLANG_COMMAND

/* ---- sessions ------------------------------------------------------------------------ */

static shell_session *session_arg(call *x, const word *w)
{
    shell_session *s = sessions_find(w->s, w->n);
    if (!s)
        fail(x, "no session named '%.*s' (session list shows them)", (int)(w->n > 64 ? 64 : w->n), w->s);
    return s;
}

static bool run_i(call *x)
{
    shell_session *s = x->nargs ? session_arg(x, &x->args[0]) : sessions_current();
    x->nargs = 0; /* the session goes as the context */
    return s && call_erlang(x, "i", s);
}

static bool run_session_list(call *x)
{
    for (size_t i = 0; i < sessions_count(); i++) {
        shell_session *s = sessions_at(i);
        if (!s)
            break;
        sessions_stats st;
        sessions_get_stats(s, &st);
        out_printf(false, "%c %-12s %s%llu events, %llu shown, %llu hidden, %llu dropped, %llu in the ring; ",
                   s == sessions_current() ? '*' : ' ', sessions_name(s), sessions_paused(s) ? "paused, " : "",
                   (unsigned long long)st.events, (unsigned long long)st.shown, (unsigned long long)st.hidden,
                   (unsigned long long)st.dropped, (unsigned long long)st.in_ring);
        size_t nf = filter_count(sessions_filters(), sessions_id(s));
        out_printf(false, "%zu filter%s; ", nf, nf == 1 ? "" : "s");
        shell_log *l = sessions_log(s);
        if (l)
            out_printf(false, "log %s; ", shell_log_path(l));
        if (!call_erlang(x, "session_list", s))
            return false;
        out_write(false, "\n", 1);
    }
    return true;
}

static bool run_session(call *x) { return run_session_list(x); }

static bool run_session_new(call *x)
{
    char err[256];
    shell_session *s = sessions_new(x->args[0].s, x->args[0].n, err, sizeof err);
    if (!s)
        return fail(x, "%s", err);
    if (!call_erlang(x, "session_new", s)) {
        sessions_destroy(s);
        return false;
    }
    sessions_use(s);
    return true;
}

static bool run_session_use(call *x)
{
    shell_session *s = session_arg(x, &x->args[0]);
    if (s)
        sessions_use(s);
    return s != NULL;
}

static bool pause_resume(call *x, bool pause)
{
    shell_session *s = session_arg(x, &x->args[0]);
    if (!s)
        return false;
    if (sessions_paused(s) == pause)
        return fail(x, "session %s is %s already", sessions_name(s), pause ? "paused" : "not paused");
    sessions_pause(s, pause);
    return true;
}

static bool run_session_pause(call *x) { return pause_resume(x, true); }
static bool run_session_resume(call *x) { return pause_resume(x, false); }

/* Closes s's log, saying so when its last writes failed. */
static bool close_log(call *x, shell_session *s)
{
    shell_log *old = sessions_set_log(s, NULL);
    char err[512];
    if (old && !shell_log_close(old, err, sizeof err))
        return fail(x, "%s", err);
    return true;
}

static bool run_session_destroy(call *x)
{
    shell_session *s = session_arg(x, &x->args[0]);
    if (!s)
        return false;
    if (s == sessions_at(0))
        return fail(x, "the session main cannot be destroyed (stop clears it)");
    sessions_drain();
    x->nargs = 0;
    bool ok = call_erlang(x, "session_destroy", s);
    ok = close_log(x, s) && ok;
    sessions_destroy(s);
    return ok;
}

/* ---- views and filters --------------------------------------------------------------- */

static void say_hidden(uint64_t hidden)
{
    if (hidden)
        out_printf(false, "(%llu event%s hidden by filters)\n", (unsigned long long)hidden, hidden == 1 ? "" : "s");
}

static bool run_view(call *x)
{
    shell_session *ss[MAX_WORDS];
    size_t n = 0;
    if (!x->nargs)
        ss[n++] = sessions_current();
    for (size_t i = 0; i < x->nargs; i++)
        if (!(ss[n++] = session_arg(x, &x->args[i])))
            return false;
    sessions_drain();
    uint64_t shown, hidden;
    sessions_view(ss, n, NULL, false, &shown, &hidden);
    say_hidden(hidden);
    return true;
}

static bool run_grep(call *x)
{
    filter_error err;
    filter_re *re = filter_re_compile(x->args[0].s, x->args[0].n, has_opt(x, "-i"), &err);
    if (!re)
        return fail(x, "%s", err.msg);
    shell_session *s = sessions_current();
    sessions_drain();
    uint64_t shown, hidden;
    sessions_view(&s, 1, re, has_opt(x, "-v"), &shown, &hidden);
    filter_re_free(re);
    out_printf(false, "(%llu of %llu events matched)\n", (unsigned long long)shown,
               (unsigned long long)(shown + hidden));
    return true;
}

static bool run_filter_list(call *x)
{
    (void)x;
    out_capture c;
    if (out_capture_open(&c))
        filter_list(sessions_filters(), sessions_id(sessions_current()), c.f);
    out_capture_close(&c, false);
    return true;
}

static bool run_filter(call *x) { return run_filter_list(x); }

static bool run_filter_add(call *x)
{
    filter_error err;
    shell_session *s = sessions_current();
    if (filter_add(sessions_filters(), sessions_id(s), has_opt(x, "-g"), has_opt(x, "-v"), has_opt(x, "-i"),
                   x->args[0].s, x->args[0].n, &err) != FILTER_OK)
        return fail(x, "%s", err.msg);
    return true;
}

static bool run_filter_del(call *x)
{
    char *end;
    errno = 0;
    unsigned long n = strtoul(x->args[0].s, &end, 10);
    if (end != x->args[0].s + x->args[0].n || x->args[0].s[0] == '-' || errno || n == 0)
        return fail(x, "expected a filter number (filter list shows them), got '%.*s'", (int)x->args[0].n,
                    x->args[0].s);
    if (!filter_del(sessions_filters(), sessions_id(sessions_current()), n))
        return fail(x, "no filter %lu (filter list shows them)", n);
    return true;
}

static bool run_filter_clear(call *x)
{
    (void)x;
    size_t n = filter_clear(sessions_filters(), sessions_id(sessions_current()));
    out_printf(false, "deleted %zu filter%s\n", n, n == 1 ? "" : "s");
    return true;
}

/* ---- logs ------------------------------------------------------------------------------ */

static bool run_log(call *x)
{
    shell_log_opts o = {.binary = has_opt(x, "--binary")};
    size_t len;
    const char *rotate = opt_value(x, "--rotate", &len);
    char err[512];
    if (rotate && !shell_log_parse_rotate(rotate, len, &o, err, sizeof err)) {
        out_printf(true, "%s\n", err);
        return false;
    }
    char *path = alloc_strndup(ALLOC_TEMP, x->args[0].s, x->args[0].n);
    shell_session *s = sessions_current();
    sessions_drain(); /* what came before goes where it was going */
    /* a new log over the same file: the old one writes out and goes first */
    shell_log *cur = sessions_log(s);
    if (cur && !strcmp(shell_log_path(cur), path) && !close_log(x, s)) {
        alloc_strfree(ALLOC_TEMP, path);
        return false;
    }
    shell_log *l = shell_log_open(path, &o, err, sizeof err);
    alloc_strfree(ALLOC_TEMP, path);
    if (!l) {
        out_printf(true, "%s\n", err);
        return false;
    }
    shell_log *old = sessions_set_log(s, l);
    if (old && !shell_log_close(old, err, sizeof err))
        out_printf(true, "%s\n", err);
    return true;
}

static bool run_log_off(call *x)
{
    shell_session *s = sessions_current();
    if (!sessions_log(s))
        return fail(x, "session %s has no log", sessions_name(s));
    sessions_drain();
    return close_log(x, s);
}

/* ---- scripts ------------------------------------------------------------------------------ */

static bool run_source(call *x)
{
    if (!x->env || !x->env->source)
        return fail(x, "scripts cannot be run from here");
    char *path = alloc_strndup(ALLOC_TEMP, x->args[0].s, x->args[0].n);
    char *args[9];
    size_t nargs = 0;
    for (size_t i = 1; i < x->nargs && nargs < 9; i++, nargs++)
        args[nargs] = alloc_strndup(ALLOC_TEMP, x->args[i].s, x->args[i].n);
    bool ok = x->env->source(path, (const char *const *)args, nargs);
    for (size_t i = 0; i < nargs; i++)
        alloc_strfree(ALLOC_TEMP, args[i]);
    alloc_strfree(ALLOC_TEMP, path);
    return ok;
}

typedef struct save_ctx {
    FILE *f;
} save_ctx;

static void save_filter(void *arg, const filter_info *fi)
{
    save_ctx *sc = arg;
    fprintf(sc->f, "filter add%s%s%s %.*s\n", fi->global ? " -g" : "", fi->exclude ? " -v" : "",
            fi->caseless ? " -i" : "", (int)fi->len, fi->text);
}

/* Runs dbgsh_cmd's save for s and writes its text to f. */
static bool save_session(call *x, shell_session *s, FILE *f)
{
    heap_t h, rh;
    heap_init(&h, ALLOC_SHELL);
    heap_init(&rh, ALLOC_SHELL);
    term_t b = NIL;
    b = term_cons(&h, term_tuple2(&h, atom_from_cstr("C"), sessions_context(s, &h)), b);
    static const char text[] = "dbgsh_cmd:run(save, [], [], C).";
    vm_eval_result r;
    bool ok = false;
    const uint8_t *bytes;
    size_t len;
    if (vm_eval_command(text, sizeof text - 1, b, &rh, &r) == VM_OUT_VALUE && term_is_tuple(r.value) &&
        tuple_arity(r.value) == 2 && binary_text(tuple_get(r.value, 1), &bytes, &len)) {
        fwrite(bytes, 1, len, f);
        ok = true;
    } else {
        fail(x, "cannot read the settings of session %s", sessions_name(s));
    }
    heap_destroy(&rh);
    heap_destroy(&h);
    return ok;
}

static bool run_save(call *x)
{
    char *path = alloc_strndup(ALLOC_TEMP, x->args[0].s, x->args[0].n);
    FILE *f = fopen(path, "w");
    int e = errno;
    alloc_strfree(ALLOC_TEMP, path);
    if (!f)
        return fail(x, "cannot write %.*s: %s", (int)x->args[0].n, x->args[0].s, strerror(e));
    fprintf(f, "# dbgsh %s: recreates the sessions (source this file, or dbgsh FILE)\n", DBGSH_VERSION);
    fprintf(f, "set clock %s\n", sessions_get_clock() == SESSIONS_CLOCK_ISO ? "iso" : "raw");
    bool ok = true;
    shell_session *current = sessions_current();
    for (size_t i = 0; ok && i < sessions_count(); i++) {
        shell_session *s = sessions_at(i);
        fprintf(f, "\n");
        if (i == 0)
            fprintf(f, "session use main\n");
        else
            fprintf(f, "session new %s\n", sessions_name(s));
        ok = save_session(x, s, f);
        save_ctx sc = {f};
        filter_each(sessions_filters(), sessions_id(s), save_filter, &sc);
        if (sessions_log(s)) {
            char cmd[1024];
            shell_log_command(sessions_log(s), cmd, sizeof cmd);
            fprintf(f, "%s\n", cmd);
        }
        if (sessions_paused(s))
            fprintf(f, "session pause %s\n", sessions_name(s));
    }
    fprintf(f, "\nsession use %s\n", sessions_name(current));
    if (fclose(f) != 0 && ok)
        return fail(x, "cannot write %.*s: %s", (int)x->args[0].n, x->args[0].s, strerror(errno));
    return ok;
}

/* ---- settings ----------------------------------------------------------------------------- */

static bool run_set(call *x)
{
    (void)x;
    out_printf(false, "clock     %s\n", sessions_get_clock() == SESSIONS_CLOCK_ISO ? "iso" : "raw");
    static const char *const colors[] = {[OUT_COLOR_AUTO] = "auto", [OUT_COLOR_ALWAYS] = "always",
                                         [OUT_COLOR_NEVER] = "never"};
    out_printf(false, "color     %s\n", colors[out_get_color()]);
    out_printf(false, "json      %s\n", sessions_json() ? "on" : "off");
    out_printf(false, "ring      %zu\n", sessions_ring());
    out_printf(false, "on-error  %s\n", on_error == EXEC_ON_ERROR_STOP ? "stop" : "continue");
    return true;
}

static bool run_set_clock(call *x)
{
    sessions_set_clock(word_is(&x->args[0], "iso") ? SESSIONS_CLOCK_ISO : SESSIONS_CLOCK_RAW);
    return true;
}

static bool run_set_ring(call *x)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(x->args[0].s, &end, 10);
    if (end != x->args[0].s + x->args[0].n || x->args[0].s[0] == '-' || errno || n < 1 || n > (1u << 24))
        return fail(x, "expected a number of events from 1 to %u, got '%.*s'", 1u << 24, (int)x->args[0].n,
                    x->args[0].s);
    sessions_set_ring((size_t)n);
    return true;
}

static bool run_set_color(call *x)
{
    out_set_color(word_is(&x->args[0], "always") ? OUT_COLOR_ALWAYS
                  : word_is(&x->args[0], "never") ? OUT_COLOR_NEVER
                                                  : OUT_COLOR_AUTO);
    return true;
}

static bool run_set_json(call *x)
{
    sessions_set_json(word_is(&x->args[0], "on"));
    return true;
}

static bool run_set_on_error(call *x)
{
    on_error = word_is(&x->args[0], "continue") ? EXEC_ON_ERROR_CONTINUE : EXEC_ON_ERROR_STOP;
    return true;
}

/* ---- the shell ------------------------------------------------------------------------------ */


static bool run_help(call *x)
{
    char topic[256] = "";
    if (x->nargs)
        snprintf(topic, sizeof topic, "%.*s%s%.*s", (int)x->args[0].n, x->args[0].s, x->nargs > 1 ? " " : "",
                 x->nargs > 1 ? (int)x->args[1].n : 0, x->nargs > 1 ? x->args[1].s : "");
    out_capture c;
    if (!out_capture_open(&c))
        return false;
    cmd_result r = cmd_help(c.f, topic);
    if (r != CMD_OK)
        cmd_help_error(c.f, topic);
    out_capture_close(&c, r != CMD_OK);
    return r == CMD_OK;
}

static bool run_quit(call *x)
{
    if (x->env)
        x->env->quit = true;
    return true;
}

/* ---- dispatch ---------------------------------------------------------------------------------- */

typedef bool (*run_fn)(call *x);
static const run_fn runners[CMD__COUNT] = {
#define CMD(name, ...) [CMD_##name] = run_##name,
#define SUB(parent, name, ...) [CMD_##parent##_##name] = run_##parent##_##name,
#include "shell/commands.def"
};

bool exec_run(const char *line, size_t n, exec_env *env)
{
    call x = {.line = line, .len = n, .env = env};
    bool bad_quote, ok = false;
    size_t i = 0;
    while (i < n && is_blank(line[i]))
        i++;
    size_t start = i;
    while (i < n && !is_blank(line[i]))
        i++;
    cmd_result r = cmd_lookup(NULL, line + start, i - start, &x.cmd);
    if (r != CMD_OK) {
        out_capture c;
        if (out_capture_open(&c))
            cmd_lookup_error(c.f, NULL, line + start, i - start, r);
        out_capture_close(&c, true);
        return false;
    }
    if (!split_words(&x, i, &bad_quote)) {
        ok = bad_quote ? fail(&x, "a quoted word has no closing \"") : fail(&x, "too many words");
        goto done;
    }
    /* a subcommand, if the command has them and the first word names one */
    size_t nsubs;
    cmd_arg first;
    if (cmd_subs(x.cmd, &nsubs) && cmd_arg_at(x.cmd, 0, &first) && x.nargs) {
        const shell_cmd *sub;
        bool is_sub_kind = first.kind == CMD_KIND_subcommand;
        cmd_result sr = cmd_lookup(x.cmd, x.args[0].s, x.args[0].n, &sub);
        if (sr == CMD_OK) {
            x.cmd = sub;
            memmove(x.args, x.args + 1, (x.nargs - 1) * sizeof *x.args);
            x.nargs--;
        } else if (is_sub_kind) {
            out_capture c;
            if (out_capture_open(&c))
                cmd_lookup_error(c.f, x.cmd, x.args[0].s, x.args[0].n, sr);
            out_capture_close(&c, true);
            goto done;
        }
    }
    if (!take_options(&x))
        goto done;
    ok = runners[x.cmd->id](&x);
done:
    if (x.unquoted)
        alloc_free(ALLOC_TEMP, x.unquoted, x.unquoted_cap);
    return ok;
}
