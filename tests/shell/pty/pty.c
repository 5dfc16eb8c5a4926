/* pty.c: the pseudo-terminal harness of the interactive shell's transcript
 * tests. It starts dbgsh on a pty (forkpty) with a fresh temporary HOME,
 * types what a transcript (tests/shell/pty/cases/NAME.txt) says and checks
 * what the terminal model of screen.c shows, so that echo, redraws and
 * libedit's escape sequences do not get in the way. Format and semantics:
 * docs/internals/pty-tests.md.
 *
 *   pty [-v] CASE.txt DBGSH     exit 0 passed, 1 failed, 2 bad usage or case
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <pty.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tests/lib/clock.h"
#include "tests/shell/pty/screen.h"

#define DEFAULT_TIMEOUT_MS 5000 /* per waiting step; PTY_TIMEOUT_MS overrides */
#define CASE_LIMIT_FACTOR 12    /* a whole case gets this many default timeouts */
#define DEFAULT_COLS 80
#define DEFAULT_LINES 24
#define MAX_ARGS 32
#define MAX_ENV 32
#define RAW_SHOWN 1500 /* raw bytes shown after a failure, at most */
#define STEPS_SHOWN 15 /* steps shown before the failing one, at most */
#define SETTLE_MS 60   /* input-line and absent look at a terminal quiet this long */
#define POLL_MS 20     /* waiting steps look again at least this often */

/* ---- small helpers ------------------------------------------------------- */

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(screen_xrealloc(NULL, n), s, n);
}

static long now_ms(void) { return (long)read_clock_ms(); }

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

/* Appends bytes as a C string would show them: \r, \n, \e, \xHH. */
static void add_escaped(screen_buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        char tmp[8];
        if (ch == '\r')
            screen_buf_adds(b, "\\r");
        else if (ch == '\n')
            screen_buf_adds(b, "\\n");
        else if (ch == '\t')
            screen_buf_adds(b, "\\t");
        else if (ch == 0x1b)
            screen_buf_adds(b, "\\e");
        else if (ch == '\\')
            screen_buf_adds(b, "\\\\");
        else if (ch < 0x20 || ch == 0x7f) {
            snprintf(tmp, sizeof tmp, "\\x%02x", ch);
            screen_buf_adds(b, tmp);
        } else
            screen_buf_addc(b, (char)ch);
    }
}

/* ---- views: the screen's text after a position, for matching ------------ */

typedef struct pos {
    int r, c;
} pos;

typedef struct view {
    screen_buf text; /* rows joined with '\n', the first from column c0 */
    size_t *off;     /* off[i]: where row r0+i starts in text */
    int n, r0, c0;
} view;

static void view_make(view *v, const screen *s, pos from)
{
    v->text.len = 0;
    screen_buf_add(&v->text, "", 0);
    v->r0 = from.r;
    v->c0 = from.c;
    v->n = s->nrows > from.r ? s->nrows - from.r : 1;
    v->off = screen_xrealloc(v->off, (size_t)v->n * sizeof *v->off);
    for (int i = 0; i < v->n; i++) {
        if (i > 0)
            screen_buf_addc(&v->text, '\n');
        v->off[i] = v->text.len;
        screen_render_row(s, from.r + i, i == 0 ? from.c : 0, &v->text);
    }
}

/* The screen position of byte offset `at` of the view's text. */
static pos view_pos(const view *v, size_t at)
{
    int i = 0;
    while (i + 1 < v->n && v->off[i + 1] <= at)
        i++;
    int c = i == 0 ? v->c0 : 0;
    for (size_t k = v->off[i]; k < at; k++)
        if (((unsigned char)v->text.s[k] & 0xc0) != 0x80)
            c++;
    return (pos){v->r0 + i, c};
}

/* ---- transcripts ----------------------------------------------------------- */

typedef enum step_kind {
    S_SEND,
    S_KEY,
    S_EXPECT,
    S_LINE,
    S_INPUT_LINE,
    S_PROMPT,
    S_READY,
    S_ABSENT,
    S_RAW_HAS,    /* the run's raw bytes hold the text (escape sequences and all) */
    S_RAW_ABSENT, /* they do not */
    S_TIMEOUT,
    S_SLEEP,
    S_EXIT,
    S_START,
    S_RESTART,
    S_ENV,
    S_FILE,
    S_SIZE,
} step_kind;

typedef struct step {
    step_kind kind;
    int lineno;
    char *src;      /* the transcript line, for reports */
    screen_buf arg; /* decoded text: what to send, expect or compare */
    bool is_re;     /* arg is a regular expression (re compiled) */
    regex_t re;
    long num, num2;
    char *name;  /* S_FILE: the file name; S_ENV: NAME=VALUE */
    char **keys; /* S_KEY: key names; S_START: arguments */
    int nkeys;
} step;

typedef struct transcript {
    const char *path;
    step *steps;
    int n;
} transcript;

static void parse_error(const char *path, int lineno, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "pty: %s:%d: ", path, lineno);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static int hex_digit(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Decodes \r \n \t \e \s \\ \xHH. */
static void decode(const char *path, int lineno, const char *s, screen_buf *out)
{
    out->len = 0;
    screen_buf_add(out, "", 0);
    for (; *s; s++) {
        if (*s != '\\') {
            screen_buf_addc(out, *s);
            continue;
        }
        s++;
        switch (*s) {
        case 'r':
            screen_buf_addc(out, '\r');
            break;
        case 'n':
            screen_buf_addc(out, '\n');
            break;
        case 't':
            screen_buf_addc(out, '\t');
            break;
        case 'e':
            screen_buf_addc(out, 0x1b);
            break;
        case 's':
            screen_buf_addc(out, ' ');
            break;
        case '\\':
            screen_buf_addc(out, '\\');
            break;
        case 'x':
            if (hex_digit(s[1]) < 0 || hex_digit(s[2]) < 0)
                parse_error(path, lineno, "\\x wants two hex digits");
            screen_buf_addc(out, (char)(hex_digit(s[1]) * 16 + hex_digit(s[2])));
            s += 2;
            break;
        default:
            parse_error(path, lineno, "unknown escape '\\%c' (known: \\r \\n \\t \\e \\s \\\\ \\xHH)",
                        *s ? *s : '0');
        }
    }
}

static long parse_number(const char *path, int lineno, const char *s)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (!*s || *end || errno || n < 0)
        parse_error(path, lineno, "'%s' is not a number", s);
    return n;
}

/* The bytes of a key name, given the terminal's cursor-key mode; NULL if
 * the name is unknown. */
static const char *key_bytes(const char *name, bool app_cursor, char tmp[4])
{
    static const struct {
        const char *name, *bytes, *app;
    } keys[] = {
        {"TAB", "\t", NULL},          {"Enter", "\r", NULL},        {"Esc", "\x1b", NULL},
        {"Space", " ", NULL},         {"Backspace", "\x7f", NULL},  {"Delete", "\x1b[3~", NULL},
        {"Up", "\x1b[A", "\x1bOA"},   {"Down", "\x1b[B", "\x1bOB"}, {"Right", "\x1b[C", "\x1bOC"},
        {"Left", "\x1b[D", "\x1bOD"}, {"Home", "\x1b[H", "\x1bOH"}, {"End", "\x1b[F", "\x1bOF"},
    };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(name, keys[i].name))
            return app_cursor && keys[i].app ? keys[i].app : keys[i].bytes;
    if (name[0] == 'C' && name[1] == '-' && name[2] && !name[3]) {
        char ch = name[2];
        if (ch >= 'a' && ch <= 'z')
            ch = (char)(ch - 'a' + 'A');
        if (ch == '?')
            tmp[0] = 0x7f;
        else if (ch >= '@' && ch <= '_')
            tmp[0] = (char)(ch - '@');
        else
            return NULL;
        tmp[1] = '\0';
        return tmp;
    }
    if (name[0] == 'M' && name[1] == '-' && name[2] && !name[3]) {
        tmp[0] = 0x1b, tmp[1] = name[2], tmp[2] = '\0';
        return tmp;
    }
    return NULL;
}

/* Splits s at spaces into a new array of new strings. */
static char **split_words(const char *s, int *n)
{
    char **v = NULL;
    *n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *e = s;
        while (*e && *e != ' ')
            e++;
        v = screen_xrealloc(v, (size_t)(*n + 1) * sizeof *v);
        v[*n] = screen_xrealloc(NULL, (size_t)(e - s) + 1);
        memcpy(v[*n], s, (size_t)(e - s));
        v[*n][e - s] = '\0';
        (*n)++;
        s = e;
    }
    return v;
}

static void compile_re(const char *path, int lineno, step *st, const char *re)
{
    int rc = regcomp(&st->re, re, REG_EXTENDED | REG_NEWLINE);
    if (rc) {
        char msg[256];
        regerror(rc, &st->re, msg, sizeof msg);
        parse_error(path, lineno, "bad regular expression /%s/: %s", re, msg);
    }
    st->is_re = true;
}

/* A text argument: /RE/ is a regular expression (with `whole`, one that
 * must match a whole row), anything else literal text with escapes. */
static void text_or_re(const char *path, int lineno, step *st, const char *rest, bool whole)
{
    size_t n = strlen(rest);
    if (n >= 2 && rest[0] == '/' && rest[n - 1] == '/') {
        screen_buf re = {0};
        screen_buf_adds(&re, whole ? "^(" : "");
        screen_buf_add(&re, rest + 1, n - 2);
        screen_buf_adds(&re, whole ? ")$" : "");
        compile_re(path, lineno, st, re.s);
        screen_buf_adds(&st->arg, rest);
        free(re.s);
        return;
    }
    decode(path, lineno, rest, &st->arg);
}

static void parse_step(const char *path, int lineno, char *line, step *st)
{
    char *sp = strchr(line, ' ');
    const char *rest = sp ? sp + 1 : "";
    if (sp)
        *sp = '\0';
    const char *kw = line;
    memset(st, 0, sizeof *st);
    st->lineno = lineno;
    bool need_arg = true;
    if (!strcmp(kw, "send")) {
        st->kind = S_SEND;
        decode(path, lineno, rest, &st->arg);
    } else if (!strcmp(kw, "key")) {
        st->kind = S_KEY;
        st->keys = split_words(rest, &st->nkeys);
        char tmp[4];
        for (int i = 0; i < st->nkeys; i++)
            if (!key_bytes(st->keys[i], false, tmp))
                parse_error(path, lineno,
                            "unknown key '%s' (known: C-a..C-z, M-x, TAB, Enter, Esc, Space, Backspace, "
                            "Delete, Up, Down, Left, Right, Home, End)",
                            st->keys[i]);
    } else if (!strcmp(kw, "expect")) {
        st->kind = S_EXPECT;
        text_or_re(path, lineno, st, rest, false);
    } else if (!strcmp(kw, "absent")) {
        st->kind = S_ABSENT;
        text_or_re(path, lineno, st, rest, false);
    } else if (!strcmp(kw, "raw-has") || !strcmp(kw, "raw-absent")) {
        st->kind = kw[4] == 'h' ? S_RAW_HAS : S_RAW_ABSENT;
        decode(path, lineno, rest, &st->arg);
    } else if (!strcmp(kw, "line")) {
        st->kind = S_LINE;
        text_or_re(path, lineno, st, rest, true);
        need_arg = false; /* an empty line is a fine thing to expect */
    } else if (!strcmp(kw, "input-line")) {
        st->kind = S_INPUT_LINE;
        text_or_re(path, lineno, st, rest, true);
        need_arg = false;
    } else if (!strcmp(kw, "expect-prompt")) {
        st->kind = S_PROMPT;
        need_arg = false;
        char re[128];
        if (*rest)
            parse_number(path, lineno, rest);
        snprintf(re, sizeof re, "^\\([A-Za-z0-9_]+\\)%s> ", *rest ? rest : "[0-9]+");
        compile_re(path, lineno, st, re);
        screen_buf_adds(&st->arg, *rest ? rest : "any number");
    } else if (!strcmp(kw, "expect-ready")) {
        st->kind = S_READY;
        need_arg = false;
        if (*rest)
            parse_error(path, lineno, "expect-ready takes no argument");
    } else if (!strcmp(kw, "timeout")) {
        st->kind = S_TIMEOUT;
        st->num = parse_number(path, lineno, rest);
    } else if (!strcmp(kw, "sleep")) {
        st->kind = S_SLEEP;
        st->num = parse_number(path, lineno, rest);
    } else if (!strcmp(kw, "exit-status")) {
        st->kind = S_EXIT;
        st->num = parse_number(path, lineno, rest);
    } else if (!strcmp(kw, "start")) {
        st->kind = S_START;
        st->keys = split_words(rest, &st->nkeys);
        need_arg = false;
    } else if (!strcmp(kw, "restart")) {
        st->kind = S_RESTART;
        need_arg = false;
        if (*rest)
            parse_error(path, lineno, "restart takes no argument (start ARGS starts with new ones)");
    } else if (!strcmp(kw, "env")) {
        st->kind = S_ENV;
        if (!strchr(rest, '=') || rest[0] == '=')
            parse_error(path, lineno, "env wants NAME=VALUE");
        st->name = xstrdup(rest);
    } else if (!strcmp(kw, "file")) {
        st->kind = S_FILE;
        const char *t = strchr(rest, ' ');
        size_t n = t ? (size_t)(t - rest) : strlen(rest);
        st->name = screen_xrealloc(NULL, n + 1);
        memcpy(st->name, rest, n);
        st->name[n] = '\0';
        if (!n || strchr(st->name, '/') || !strcmp(st->name, "..") || !strcmp(st->name, "."))
            parse_error(path, lineno, "file wants a plain NAME, then the TEXT");
        decode(path, lineno, t ? t + 1 : "", &st->arg);
    } else if (!strcmp(kw, "size")) {
        st->kind = S_SIZE;
        int n;
        char **w = split_words(rest, &n);
        if (n != 2)
            parse_error(path, lineno, "size wants COLUMNS ROWS");
        st->num = parse_number(path, lineno, w[0]);
        st->num2 = parse_number(path, lineno, w[1]);
        if (st->num < 10 || st->num2 < 2 || st->num > 1000 || st->num2 > 1000)
            parse_error(path, lineno, "size: from 10x2 to 1000x1000");
        for (int i = 0; i < n; i++)
            free(w[i]);
        free(w);
    } else {
        parse_error(path, lineno,
                    "unknown step '%s' (known: send, key, expect, expect-prompt, expect-ready, line, "
                    "input-line, absent, raw-has, raw-absent, "
                    "sleep, timeout, exit-status, start, restart, env, file, size)",
                    kw);
    }
    if (need_arg && !*rest && st->kind != S_FILE)
        parse_error(path, lineno, "'%s' wants an argument", kw);
    if (sp)
        *sp = ' ';
    st->src = xstrdup(line);
}

static void transcript_read(transcript *t, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "pty: cannot open %s: %s\n", path, strerror(errno));
        exit(2);
    }
    t->path = path;
    t->steps = NULL;
    t->n = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '#')
            continue;
        t->steps = screen_xrealloc(t->steps, (size_t)(t->n + 1) * sizeof *t->steps);
        parse_step(path, lineno, (char *)p, &t->steps[t->n++]);
    }
    free(line);
    fclose(f);
}

static void transcript_free(transcript *t)
{
    for (int i = 0; i < t->n; i++) {
        step *st = &t->steps[i];
        free(st->src);
        free(st->arg.s);
        free(st->name);
        if (st->is_re)
            regfree(&st->re);
        for (int k = 0; k < st->nkeys; k++)
            free(st->keys[k]);
        free(st->keys);
    }
    free(t->steps);
}

/* ---- the child ------------------------------------------------------------- */

typedef struct run {
    const char *dbgsh;
    char home[256];
    char *args[MAX_ARGS];
    int nargs;
    char *env[MAX_ENV];
    int nenv;
    int cols, lines;
    pid_t pid; /* 0: none running */
    int master;
    bool started, eof, exited;
    int status; /* wait status once exited */
    screen scr;
    screen_buf raw;  /* every byte of the current run, as read */
    size_t raw_mark; /* raw.len at the last match */
    pos mp;          /* the match point: where the next search starts */
    long timeout, case_deadline;
    long last_io;     /* when we last wrote or read the terminal */
    bool prompt_seen; /* expect-prompt saw the prompt, not yet the editor */
    bool verbose;
    view v;
    screen_buf tmp;
} run;

static pid_t running_child; /* for the signal handler */

static void on_signal(int sig)
{
    if (running_child > 0)
        kill(running_child, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Reads what is there, waiting at most ms; records an exit. */
static void pump(run *r, long ms)
{
    if (ms < 0)
        ms = 0;
    if (r->pid && !r->eof) {
        struct pollfd pfd = {r->master, POLLIN, 0};
        int rc = poll(&pfd, 1, (int)ms);
        if (rc > 0) {
            unsigned char chunk[4096];
            ssize_t n = read(r->master, chunk, sizeof chunk);
            if (n > 0) {
                r->last_io = now_ms();
                screen_buf_add(&r->raw, chunk, (size_t)n);
                screen_feed(&r->scr, chunk, (size_t)n);
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                r->eof = true; /* EIO: every holder of the slave is gone */
            }
        }
    } else if (ms > 0) {
        sleep_ms(ms < 10 ? ms : 10);
    }
    if (r->pid && !r->exited) {
        int st;
        if (waitpid(r->pid, &st, WNOHANG) == r->pid) {
            r->exited = true;
            r->status = st;
            running_child = 0;
        }
    }
}

/* Output still to come: the child runs, or its last bytes are unread. */
static bool more_to_come(const run *r) { return r->pid && !(r->exited && r->eof); }

static void set_env(const char *kv)
{
    const char *eq = strchr(kv, '=');
    char name[128];
    size_t n = (size_t)(eq - kv) < sizeof name - 1 ? (size_t)(eq - kv) : sizeof name - 1;
    memcpy(name, kv, n);
    name[n] = '\0';
    setenv(name, eq + 1, 1);
}

static bool start_child(run *r, screen_buf *why)
{
    struct winsize ws = {(unsigned short)r->lines, (unsigned short)r->cols, 0, 0};
    char *argv[MAX_ARGS + 2];
    argv[0] = (char *)r->dbgsh;
    for (int i = 0; i < r->nargs; i++)
        argv[i + 1] = r->args[i];
    argv[r->nargs + 1] = NULL;
    screen_free(&r->scr);
    screen_init(&r->scr, r->cols, r->lines);
    r->raw.len = r->raw_mark = 0;
    r->mp = (pos){0, 0};
    r->eof = r->exited = false;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = forkpty(&r->master, NULL, NULL, &ws);
    if (pid < 0) {
        screen_buf_adds(why, "forkpty failed: ");
        screen_buf_adds(why, strerror(errno));
        return false;
    }
    if (pid == 0) {
        setenv("HOME", r->home, 1);
        setenv("TERM", "xterm", 1);
        setenv("LC_ALL", "C.UTF-8", 1);
        static const char *const drop[] = {"COLUMNS", "LINES", "NO_COLOR", "EDITRC",
                                           "INPUTRC", "LANG",  "LANGUAGE"};
        for (size_t i = 0; i < sizeof drop / sizeof *drop; i++)
            unsetenv(drop[i]);
        for (int i = 0; i < r->nenv; i++)
            set_env(r->env[i]);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        if (chdir(r->home) < 0)
            _exit(126);
        execv(r->dbgsh, argv);
        fprintf(stderr, "pty: cannot run %s: %s\n", r->dbgsh, strerror(errno));
        _exit(127);
    }
    r->pid = pid;
    running_child = pid;
    r->started = true;
    fcntl(r->master, F_SETFD, FD_CLOEXEC);
    return true;
}

/* Ends a child still running: hang up its terminal, then kill it. */
static void stop_child(run *r)
{
    if (!r->pid)
        return;
    close(r->master);
    r->master = -1;
    if (!r->exited) {
        long until = now_ms() + 300;
        int st;
        while (now_ms() < until && waitpid(r->pid, &st, WNOHANG) == 0)
            sleep_ms(5);
        if (waitpid(r->pid, &st, WNOHANG) == 0) {
            kill(r->pid, SIGKILL);
            waitpid(r->pid, &st, 0);
        }
    }
    r->pid = 0;
    running_child = 0;
}

static void print_screen(run *r, int from, const char *indent);

static void print_status(const run *r)
{
    if (!r->exited)
        printf("  dbgsh is still running\n");
    else if (WIFSIGNALED(r->status))
        printf("  dbgsh was killed by signal %d\n", WTERMSIG(r->status));
    else
        printf("  dbgsh exited with status %d\n", WEXITSTATUS(r->status));
}

/* -v: the whole screen and raw output of a run. */
static void print_run(run *r, const char *which)
{
    printf("screen of %s:\n", which);
    print_screen(r, 0, "  ");
    screen_buf esc = {0};
    add_escaped(&esc, r->raw.s ? r->raw.s : "", r->raw.len);
    printf("raw output of %s:\n  \"%s\"\n", which, esc.s ? esc.s : "");
    free(esc.s);
    print_status(r);
}

/* ---- running steps ------------------------------------------------------------ */

static bool write_all(run *r, const char *s, size_t n, screen_buf *why)
{
    if (!r->pid || r->exited) {
        screen_buf_adds(why, "dbgsh is not running");
        return false;
    }
    while (n > 0) {
        ssize_t w = write(r->master, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EAGAIN) {
            pump(r, 5);
            continue;
        }
        if (w < 0) {
            screen_buf_adds(why, "write to the terminal failed: ");
            screen_buf_adds(why, strerror(errno));
            return false;
        }
        s += w;
        n -= (size_t)w;
    }
    r->last_io = now_ms();
    return true;
}

/* Searches the view for a step's text or regex; sets *start and *end. */
static bool search(const step *st, const view *v, size_t *start, size_t *end)
{
    if (st->is_re) {
        regmatch_t m;
        if (regexec(&st->re, v->text.s, 1, &m, v->c0 > 0 ? REG_NOTBOL : 0) != 0)
            return false;
        *start = (size_t)m.rm_so;
        *end = (size_t)m.rm_eo;
        return true;
    }
    const char *hit = memmem(v->text.s, v->text.len, st->arg.s, st->arg.len);
    if (!hit)
        return false;
    *start = (size_t)(hit - v->text.s);
    *end = *start + st->arg.len;
    return true;
}

static void trim_right(screen_buf *b)
{
    while (b->len > 0 && (b->s[b->len - 1] == ' ' || b->s[b->len - 1] == '\t'))
        b->s[--b->len] = '\0';
}

/* Whether the line editor has the terminal: canonical mode is off (the
 * master shares the slave's termios). libedit draws its prompt before it
 * switches modes; what arrives before the switch is echoed twice, once by
 * the kernel and once by libedit, so a prompt counts once the switch is
 * made, as a person would only start typing then. */
static bool editor_reading(const run *r)
{
    struct termios tio;
    return r->pid && tcgetattr(r->master, &tio) == 0 && !(tio.c_lflag & ICANON);
}

/* Whether the row in r->tmp is what a line or input-line step wants. */
static bool row_is(const run *r, const step *st, const screen_buf *want)
{
    if (st->is_re)
        return regexec(&st->re, r->tmp.s, 0, NULL, 0) == 0;
    return r->tmp.len == want->len && !memcmp(r->tmp.s, want->s, want->len);
}

/* One check of a waiting step against the screen as it is. */
static bool check_step(run *r, const step *st)
{
    size_t a, e;
    switch (st->kind) {
    case S_EXPECT:
    case S_PROMPT:
        view_make(&r->v, &r->scr, r->mp);
        if (!search(st, &r->v, &a, &e))
            return false;
        if (st->kind == S_PROMPT && !editor_reading(r)) {
            r->prompt_seen = true;
            return false;
        }
        r->mp = view_pos(&r->v, e);
        return true;
    case S_LINE: {
        /* whole rows after the match point that the cursor has left (or
         * all of them once dbgsh can write no more) */
        int first = r->mp.c == 0 ? r->mp.r : r->mp.r + 1;
        int last = more_to_come(r) ? r->scr.r - 1 : r->scr.nrows - 1;
        screen_buf want = {0};
        screen_buf_add(&want, st->arg.s, st->arg.len);
        trim_right(&want);
        bool found = false;
        for (int i = first; i <= last && !found; i++) {
            screen_row_text(&r->scr, i, &r->tmp);
            if (row_is(r, st, &want)) {
                r->mp = (pos){i + 1, 0};
                found = true;
            }
        }
        free(want.s);
        return found;
    }
    case S_INPUT_LINE: {
        /* a line being edited is judged once dbgsh has stopped redrawing
         * it, not on what it showed before our last key */
        if (more_to_come(r) && now_ms() - r->last_io < SETTLE_MS)
            return false;
        screen_buf want = {0};
        screen_buf_add(&want, st->arg.s, st->arg.len);
        trim_right(&want);
        screen_row_text(&r->scr, r->scr.r, &r->tmp);
        bool ok = row_is(r, st, &want);
        free(want.s);
        return ok;
    }
    case S_EXIT:
        return r->exited;
    case S_READY:
        return now_ms() - r->last_io >= SETTLE_MS && editor_reading(r);
    case S_ABSENT: /* settled: judged by run_step */
    case S_RAW_ABSENT:
        return !more_to_come(r) || now_ms() - r->last_io >= SETTLE_MS;
    case S_RAW_HAS:
        return r->raw.len && memmem(r->raw.s, r->raw.len, st->arg.s, st->arg.len) != NULL;
    default:
        return true;
    }
}

static const char *kind_noun(const step *st)
{
    switch (st->kind) {
    case S_EXPECT:
        return st->is_re ? "a match of the regex" : "the text";
    case S_PROMPT:
        return "the prompt";
    case S_LINE:
        return st->is_re ? "a whole line matching the regex" : "a whole line equal to the text";
    case S_INPUT_LINE:
        return st->is_re ? "the cursor's line matching the regex" : "the cursor's line equal to the text";
    case S_EXIT:
        return "dbgsh exiting";
    case S_ABSENT:
    case S_RAW_ABSENT:
        return "a quiet terminal";
    case S_RAW_HAS:
        return "the bytes in the run's raw output";
    case S_READY:
        return "the line editor reading a quiet terminal";
    default:
        return "it";
    }
}

/* Waits until a step holds; false with the reason in why. */
static bool wait_step(run *r, const step *st, screen_buf *why)
{
    long start = now_ms(), deadline = start + r->timeout;
    r->prompt_seen = false;
    if (deadline > r->case_deadline)
        deadline = r->case_deadline;
    for (;;) {
        if (check_step(r, st))
            return true;
        long now = now_ms();
        if (!more_to_come(r)) {
            /* the end of dbgsh's output: nothing can change any more */
            if (st->kind == S_PROMPT && r->prompt_seen)
                screen_buf_adds(why, "the prompt showed but the line editor never took the terminal; ");
            if (r->exited && st->kind != S_EXIT)
                screen_buf_adds(why, "dbgsh exited before it showed ");
            else
                screen_buf_adds(why, "dbgsh is not running; no sign of ");
            screen_buf_adds(why, kind_noun(st));
            return false;
        }
        if (now >= deadline) {
            char tmp[128];
            snprintf(tmp, sizeof tmp, "no sign of %s within %ld ms%s", kind_noun(st), now - start,
                     deadline == r->case_deadline ? " (the case's time limit)" : "");
            if (st->kind == S_PROMPT && r->prompt_seen)
                screen_buf_adds(
                    why, "the prompt showed but the terminal stayed in canonical mode (the line editor "
                         "is not reading); ");
            screen_buf_adds(why, tmp);
            return false;
        }
        pump(r, deadline - now < POLL_MS ? deadline - now : POLL_MS);
    }
}

static bool write_file(run *r, const step *st, screen_buf *why)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", r->home, st->name);
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(st->arg.s, 1, st->arg.len, f) == st->arg.len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok) {
        screen_buf_adds(why, "cannot write ");
        screen_buf_adds(why, path);
        return false;
    }
    return true;
}

static bool run_step(run *r, const step *st, screen_buf *why)
{
    bool needs_child = st->kind == S_SEND || st->kind == S_KEY || st->kind == S_EXPECT ||
                       st->kind == S_LINE || st->kind == S_INPUT_LINE || st->kind == S_PROMPT ||
                       st->kind == S_ABSENT || st->kind == S_RAW_HAS || st->kind == S_RAW_ABSENT ||
                       st->kind == S_READY || st->kind == S_EXIT ||
                       st->kind == S_SLEEP;
    if (needs_child && !r->started && !start_child(r, why))
        return false;
    switch (st->kind) {
    case S_SEND:
        pump(r, 0);
        return write_all(r, st->arg.s, st->arg.len, why);
    case S_KEY:
        for (int i = 0; i < st->nkeys; i++) {
            char tmp[4];
            pump(r, 0); /* the cursor-key mode may have changed */
            const char *b = key_bytes(st->keys[i], r->scr.app_cursor, tmp);
            if (!write_all(r, b, strlen(b), why))
                return false;
        }
        return true;
    case S_EXPECT:
    case S_PROMPT:
    case S_LINE:
    case S_INPUT_LINE:
    case S_READY:
    case S_EXIT: {
        if (!wait_step(r, st, why))
            return false;
        if (st->kind != S_INPUT_LINE && st->kind != S_EXIT && st->kind != S_READY)
            r->raw_mark = r->raw.len;
        if (st->kind == S_EXIT && (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != st->num)) {
            char tmp[128];
            if (WIFSIGNALED(r->status))
                snprintf(tmp, sizeof tmp, "dbgsh was killed by signal %d", WTERMSIG(r->status));
            else
                snprintf(tmp, sizeof tmp, "dbgsh exited with status %d", WEXITSTATUS(r->status));
            screen_buf_adds(why, tmp);
            return false;
        }
        return true;
    }
    case S_ABSENT: {
        size_t a, e;
        if (!wait_step(r, st, why))
            return false;
        view_make(&r->v, &r->scr, r->mp);
        if (search(st, &r->v, &a, &e)) {
            pos p = view_pos(&r->v, a);
            char tmp[128];
            snprintf(tmp, sizeof tmp, "the text is there, at row %d column %d", p.r, p.c);
            screen_buf_adds(why, tmp);
            return false;
        }
        return true;
    }
    case S_RAW_HAS:
        return wait_step(r, st, why);
    case S_RAW_ABSENT: {
        if (!wait_step(r, st, why))
            return false;
        const char *at = r->raw.len ? memmem(r->raw.s, r->raw.len, st->arg.s, st->arg.len) : NULL;
        if (at) {
            char tmp[128];
            snprintf(tmp, sizeof tmp, "the bytes are there, at offset %zu of the run's raw output",
                     (size_t)(at - r->raw.s));
            screen_buf_adds(why, tmp);
            return false;
        }
        return true;
    }
    case S_SLEEP: {
        long until = now_ms() + st->num;
        for (long now = now_ms(); now < until; now = now_ms())
            pump(r, until - now);
        return true;
    }
    case S_TIMEOUT:
        r->timeout = st->num;
        return true;
    case S_START:
    case S_RESTART:
        if (r->pid) {
            if (!wait_step(r, &(step){.kind = S_EXIT}, why)) {
                screen_buf_adds(why, " (end it first: key C-d, then exit-status 0)");
                return false;
            }
            stop_child(r);
        }
        if (r->verbose && r->started)
            print_run(r, "the run that ended");
        if (st->kind == S_START) {
            for (int i = 0; i < r->nargs; i++)
                free(r->args[i]);
            r->nargs = 0;
            for (int i = 0; i < st->nkeys && i < MAX_ARGS; i++)
                r->args[r->nargs++] = xstrdup(st->keys[i]);
        }
        return start_child(r, why);
    case S_ENV:
        if (r->nenv == MAX_ENV) {
            screen_buf_adds(why, "too many env steps");
            return false;
        }
        r->env[r->nenv++] = st->name;
        return true;
    case S_FILE:
        return write_file(r, st, why);
    case S_SIZE:
        r->cols = (int)st->num;
        r->lines = (int)st->num2;
        if (r->pid && !r->exited) {
            struct winsize ws = {(unsigned short)r->lines, (unsigned short)r->cols, 0, 0};
            ioctl(r->master, TIOCSWINSZ, &ws); /* the kernel sends SIGWINCH */
            r->scr.cols = r->cols;
            r->scr.lines = r->lines;
        }
        return true;
    }
    return true;
}

/* ---- reports --------------------------------------------------------------------- */

static void print_screen(run *r, int from, const char *indent)
{
    int cur = r->scr.r;
    for (int i = from; i < r->scr.nrows; i++) {
        screen_row_text(&r->scr, i, &r->tmp);
        printf("%s%4d%s %s\n", indent, i, i == cur ? ">|" : " |", r->tmp.s);
    }
}

static void report_failure(run *r, const transcript *t, int failed, const screen_buf *why)
{
    const step *st = &t->steps[failed];
    printf("pty: FAIL %s:%d: %s\n", t->path, st->lineno, st->src);
    printf("  why: %s\n", why->s);
    if (st->kind == S_EXPECT || st->kind == S_LINE || st->kind == S_INPUT_LINE || st->kind == S_ABSENT) {
        screen_buf e = {0};
        if (st->is_re)
            screen_buf_add(&e, st->arg.s, st->arg.len);
        else
            add_escaped(&e, st->arg.s, st->arg.len);
        printf("  wanted: %s\"%s\"\n", st->is_re ? "regex " : "", e.s ? e.s : "");
        free(e.s);
    }
    if (st->kind == S_INPUT_LINE) {
        screen_row_text(&r->scr, r->scr.r, &r->tmp);
        screen_buf e = {0};
        add_escaped(&e, r->tmp.s, r->tmp.len);
        printf("  cursor line (row %d): \"%s\"\n", r->scr.r, e.s ? e.s : "");
        free(e.s);
    }
    printf("  steps:\n");
    int from = failed - STEPS_SHOWN > 0 ? failed - STEPS_SHOWN : 0;
    if (from > 0)
        printf("    ...\n");
    for (int i = from; i <= failed; i++)
        printf("    %s %4d  %s\n", i == failed ? "FAIL" : "ok  ", t->steps[i].lineno, t->steps[i].src);
    if (r->started) {
        int first = r->mp.r > 3 ? r->mp.r - 3 : 0;
        printf("  screen from row %d (the match point is row %d, column %d; >| marks the cursor):\n", first,
               r->mp.r, r->mp.c);
        print_screen(r, first, "    ");
        size_t from_raw = r->raw_mark;
        if (r->raw.len - from_raw > RAW_SHOWN)
            from_raw = r->raw.len - RAW_SHOWN;
        screen_buf e = {0};
        add_escaped(&e, r->raw.s + from_raw, r->raw.len - from_raw);
        printf("  raw output since the last match%s:\n    \"%s\"\n",
               from_raw > r->raw_mark ? " (its end)" : "", e.s ? e.s : "");
        free(e.s);
        print_status(r);
    }
}

/* ---- main ------------------------------------------------------------------------- */

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: pty [-v] CASE.txt DBGSH\n"
            "  runs a transcript against DBGSH on a pseudo-terminal with a fresh HOME;\n"
            "  -v prints each step and the final screen. PTY_TIMEOUT_MS sets the default\n"
            "  wait of a step (%d).\n",
            DEFAULT_TIMEOUT_MS);
    exit(2);
}

int main(int argc, char **argv)
{
    run r;
    memset(&r, 0, sizeof r);
    int ai = 1;
    if (ai < argc && !strcmp(argv[ai], "-v"))
        r.verbose = true, ai++;
    if (argc - ai != 2)
        usage();
    transcript t;
    transcript_read(&t, argv[ai]);
    /* absolute: dbgsh runs in its HOME */
    char *dbgsh = realpath(argv[ai + 1], NULL);
    if (!dbgsh || access(dbgsh, X_OK) != 0) {
        fprintf(stderr, "pty: cannot run %s: %s\n", argv[ai + 1], strerror(errno));
        return 2;
    }
    r.dbgsh = dbgsh;
    long dflt = DEFAULT_TIMEOUT_MS;
    const char *e = getenv("PTY_TIMEOUT_MS");
    if (e && atol(e) > 0)
        dflt = atol(e);
    r.timeout = dflt;
    r.case_deadline = now_ms() + dflt * CASE_LIMIT_FACTOR;
    r.cols = DEFAULT_COLS;
    r.lines = DEFAULT_LINES;
    r.master = -1;
    screen_init(&r.scr, r.cols, r.lines);
    const char *tmpdir = getenv("TMPDIR");
    snprintf(r.home, sizeof r.home, "%s/dbgsh-pty.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(r.home)) {
        fprintf(stderr, "pty: cannot make a temporary HOME in %s: %s\n", tmpdir ? tmpdir : "/tmp",
                strerror(errno));
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);

    int failed = -1;
    screen_buf why = {0};
    screen_buf_add(&why, "", 0);
    for (int i = 0; i < t.n; i++) {
        long t0 = now_ms();
        if (!run_step(&r, &t.steps[i], &why)) {
            failed = i;
            break;
        }
        if (r.verbose)
            printf("ok   %4d  %-50s %5ld ms\n", t.steps[i].lineno, t.steps[i].src, now_ms() - t0);
    }
    pump(&r, 0);
    if (failed >= 0)
        report_failure(&r, &t, failed, &why);
    else if (r.verbose && r.started)
        print_run(&r, "the last run");
    stop_child(&r);
    nftw(r.home, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    screen_free(&r.scr);
    for (int i = 0; i < r.nargs; i++)
        free(r.args[i]);
    free(r.raw.s);
    free(r.v.text.s);
    free(r.v.off);
    free(r.tmp.s);
    free(why.s);
    free(dbgsh);
    transcript_free(&t);
    return failed >= 0 ? 1 : 0;
}
