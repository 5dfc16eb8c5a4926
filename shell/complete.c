/* complete.c: tab completion (complete.h). complete_line reads the text
 * before the cursor as exec.c and erl's edlin_expand would (a command and
 * its arguments by the command table's specs, or an Erlang expression) and
 * gathers the candidates of the word being typed; the VM-backed sources
 * ask shell/lib/dbgsh_complete.erl; the glue gives the result to libedit's
 * readline emulation. docs/internals/completion.md. */
#include "shell/complete.h"

#include <dirent.h>
#include <editline/readline.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "shell/sessions.h"
#include "vm/vm.h"

#define MAX_ARGS 64          /* words after a command, as exec.c's MAX_WORDS */
#define MAX_CANDIDATES 20000 /* beyond this many (a huge directory), the rest are left out */
#define MAX_SOURCE_ITEMS 100000

/* ---- strings and results ------------------------------------------------ */

void complete_strs_add(complete_strs *l, const char *s, size_t len)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        l->v = l->v ? alloc_resize(ALLOC_TEMP, l->v, l->cap * sizeof *l->v, cap * sizeof *l->v)
                    : alloc_new(ALLOC_TEMP, cap * sizeof *l->v);
        l->cap = cap;
    }
    l->v[l->n++] = alloc_strndup(ALLOC_TEMP, s, len);
}

void complete_strs_free(complete_strs *l)
{
    for (size_t i = 0; i < l->n; i++)
        alloc_strfree(ALLOC_TEMP, l->v[i]);
    if (l->v)
        alloc_free(ALLOC_TEMP, l->v, l->cap * sizeof *l->v);
    memset(l, 0, sizeof *l);
}

void complete_result_free(complete_result *r)
{
    for (size_t i = 0; i < r->n; i++) {
        alloc_strfree(ALLOC_TEMP, r->c[i].word);
        alloc_strfree(ALLOC_TEMP, r->c[i].shown);
    }
    if (r->c)
        alloc_free(ALLOC_TEMP, r->c, r->cap * sizeof *r->c);
    alloc_strfree(ALLOC_TEMP, r->insert);
    memset(r, 0, sizeof *r);
}

/* Adds a candidate: word[0..wlen) shown as shown[0..slen) (shown NULL:
 * as the word). */
static void add_cand(complete_result *r, const char *word, size_t wlen, const char *shown, size_t slen,
                     const char *suffix)
{
    if (r->n == MAX_CANDIDATES)
        return;
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        r->c = r->c ? alloc_resize(ALLOC_TEMP, r->c, r->cap * sizeof *r->c, cap * sizeof *r->c)
                    : alloc_new(ALLOC_TEMP, cap * sizeof *r->c);
        r->cap = cap;
    }
    complete_cand *c = &r->c[r->n++];
    c->word = alloc_strndup(ALLOC_TEMP, word, wlen);
    c->shown = shown ? alloc_strndup(ALLOC_TEMP, shown, slen) : alloc_strndup(ALLOC_TEMP, word, wlen);
    c->suffix = suffix;
}

static bool has_prefix(const char *s, size_t n, const char *prefix, size_t len)
{
    return n >= len && memcmp(s, prefix, len) == 0;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The length of the name in "name/arity" (the arity all digits), or of
 * the whole string when it is no such thing. */
static size_t name_length(const char *s, size_t n)
{
    const char *slash = strrchr(s, '/');
    if (!slash || !is_digit(slash[1]))
        return n;
    for (const char *p = slash + 1; *p; p++)
        if (!is_digit(*p))
            return n;
    return (size_t)(slash - s);
}

/* By what is shown, "name/arity" by name and then arity as a number (as
 * erl sorts {Name, Arity}), then by word, then by suffix. */
static int compare_cands(const void *a, const void *b)
{
    const complete_cand *x = a, *y = b;
    size_t xn = strlen(x->shown), yn = strlen(y->shown);
    size_t xl = name_length(x->shown, xn), yl = name_length(y->shown, yn);
    int c = memcmp(x->shown, y->shown, xl < yl ? xl : yl);
    if (c)
        return c;
    if (xl != yl)
        return xl < yl ? -1 : 1;
    if (xl < xn && yl < yn) {
        unsigned long ax = strtoul(x->shown + xl + 1, NULL, 10), ay = strtoul(y->shown + yl + 1, NULL, 10);
        if (ax != ay)
            return ax < ay ? -1 : 1;
    }
    if ((c = strcmp(x->shown, y->shown)) != 0 || (c = strcmp(x->word, y->word)) != 0)
        return c;
    return strcmp(x->suffix, y->suffix); /* a command before a module of its name */
}

/* Sorts, drops duplicates and works out what TAB inserts; typed[0..len)
 * is the word as it stands in the line. */
static void finish(complete_result *r, const char *typed, size_t len)
{
    if (!r->n)
        return;
    qsort(r->c, r->n, sizeof *r->c, compare_cands);
    size_t k = 1;
    for (size_t i = 1; i < r->n; i++) {
        if (!strcmp(r->c[i].word, r->c[k - 1].word) && !strcmp(r->c[i].shown, r->c[k - 1].shown)) {
            alloc_strfree(ALLOC_TEMP, r->c[i].word);
            alloc_strfree(ALLOC_TEMP, r->c[i].shown);
            continue;
        }
        r->c[k++] = r->c[i];
    }
    r->n = k;
    const char *first = r->c[0].word;
    size_t lcp = strlen(first);
    for (size_t i = 1; i < r->n; i++) {
        size_t j = 0;
        while (j < lcp && r->c[i].word[j] == first[j])
            j++;
        lcp = j;
    }
    bool same = true;
    for (size_t i = 1; i < r->n && same; i++)
        same = r->c[i].word[lcp] == '\0' && first[lcp] == '\0';
    if (same) {
        size_t sl = strlen(r->c[0].suffix);
        r->insert = alloc_new(ALLOC_TEMP, lcp + sl + 1);
        memcpy(r->insert, first, lcp);
        memcpy(r->insert + lcp, r->c[0].suffix, sl + 1);
        r->unique = true;
        return;
    }
    if (lcp > len && memcmp(first, typed, len) == 0)
        r->insert = alloc_strndup(ALLOC_TEMP, first, lcp);
}

/* ---- what the line holds ----------------------------------------------------- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

/* edlin's word characters: letters (Latin-1 ones too: any byte of a
 * multibyte UTF-8 character), digits, _. */
static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' ||
           (unsigned char)c >= 0x80;
}

/* Where the Erlang word that ends at `end` starts, as edlin:over_word
 * finds it: after an odd number of quotes, from the last one (an atom
 * being typed); right after a quote, the whole quoted atom; otherwise the
 * run of word characters. */
static size_t expr_word_start(const char *line, size_t end)
{
    size_t quotes = 0, last = 0;
    for (size_t i = 0; i < end; i++)
        if (line[i] == '\'') {
            quotes++;
            last = i;
        }
    if (quotes % 2)
        return last;
    if (end > 0 && line[end - 1] == '\'') {
        size_t i = end - 1;
        while (i > 0 && line[i - 1] != '\'')
            i--;
        return i > 0 ? i - 1 : 0;
    }
    while (end > 0 && is_word_char(line[end - 1]))
        end--;
    return end;
}

/* Whether word[0..n) could start a command as exec_is_command reads the
 * first word: ? alone, or a lower-case letter and then letters, digits
 * and _. Empty counts (any command may follow). */
static bool is_command_prefix(const char *w, size_t n)
{
    if (n == 1 && w[0] == '?')
        return true;
    if (n && !is_lower(w[0]))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!is_word_char(w[i]) || (unsigned char)w[i] >= 0x80)
            return false;
    return true;
}

/* ---- candidates by kind -------------------------------------------------------- */

static void add_commands(complete_result *r, const shell_cmd *parent, const char *prefix, size_t len)
{
    const shell_cmd *found[64];
    size_t n = cmd_complete(parent, prefix, len, found, sizeof found / sizeof *found);
    for (size_t i = 0; i < n && i < sizeof found / sizeof *found; i++)
        add_cand(r, found[i]->name, strlen(found[i]->name), NULL, 0, " ");
}

static void add_words(complete_result *r, cmd_kind k, const char *prefix, size_t len)
{
    size_t n;
    const cmd_word *w = cmd_words(k, &n);
    for (size_t i = 0; i < n; i++)
        if (has_prefix(w[i].word, strlen(w[i].word), prefix, len))
            add_cand(r, w[i].word, strlen(w[i].word), NULL, 0, " ");
}

static void add_choices(complete_result *r, const cmd_arg *a, const char *prefix, size_t len)
{
    for (const char *c = a->choices, *end = a->choices + a->choices_len; c < end;) {
        const char *bar = memchr(c, '|', (size_t)(end - c));
        size_t n = bar ? (size_t)(bar - c) : (size_t)(end - c);
        if (has_prefix(c, n, prefix, len))
            add_cand(r, c, n, NULL, 0, " ");
        c += n + 1;
    }
}

/* The options of c that start with prefix, those already given (used,
 * the words before) left out; "--rotate=" offered as "--rotate". */
static void add_options(complete_result *r, const shell_cmd *c, const char *prefix, size_t len,
                        const char *const *used, const size_t *used_len, size_t nused)
{
    for (const char *o = c->opts; *o;) {
        while (*o == ' ')
            o++;
        size_t n = strcspn(o, " ");
        size_t name = n && o[n - 1] == '=' ? n - 1 : n;
        bool given = false;
        for (size_t i = 0; i < nused; i++)
            given |= used_len[i] == name && memcmp(used[i], o, name) == 0;
        if (name && !given && has_prefix(o, name, prefix, len))
            add_cand(r, o, name, NULL, 0, " ");
        o += n;
    }
}

/* Modules starting with prefix; suffix after each (":" in an expression),
 * or for mfa arguments (mfa true) nothing, and ":" after the word typed
 * when it is a module already (TAB walks on to its functions). */
static void add_modules(complete_result *r, const complete_source *src, const char *prefix, size_t len,
                        const char *suffix, bool mfa)
{
    if (!src || !src->modules)
        return;
    complete_strs l = {0};
    src->modules(src->ctx, prefix, len, &l);
    for (size_t i = 0; i < l.n; i++) {
        size_t n = strlen(l.v[i]);
        if (!has_prefix(l.v[i], n, prefix, len))
            continue;
        add_cand(r, l.v[i], n, NULL, 0, mfa ? (n == len ? ":" : "") : suffix);
    }
    complete_strs_free(&l);
}

/* The exports of module[0..mlen) whose name starts with prefix[0..len).
 * In an expression (mfa false) each completes to its name and "(" ("()"
 * when it is the only match and takes no argument), as erl. In an mfa
 * argument the name alone, then "/" once it is typed whole, and after a
 * "/" the name/arity itself. */
static void add_functions(complete_result *r, const complete_source *src, const char *module, size_t mlen,
                          const char *prefix, size_t len, bool mfa)
{
    if (!src || !src->exports)
        return;
    complete_strs l = {0};
    src->exports(src->ctx, module, mlen, &l);
    const char *slash = mfa ? memchr(prefix, '/', len) : NULL;
    for (size_t i = 0; i < l.n; i++) {
        const char *fa = l.v[i], *sep = strrchr(fa, '/');
        if (!sep)
            continue;
        size_t name = (size_t)(sep - fa), whole = strlen(fa);
        if (slash) {
            size_t typed_name = (size_t)(slash - prefix);
            if (name == typed_name && has_prefix(fa, whole, prefix, len))
                add_cand(r, fa, whole, NULL, 0, " ");
        } else if (has_prefix(fa, name, prefix, len)) {
            const char *suffix = mfa ? (name == len ? "/" : "") : "(";
            add_cand(r, fa, name, fa, whole, suffix);
        }
    }
    if (!mfa && r->n == 1 && !strcmp(strrchr(r->c[0].shown, '/'), "/0"))
        r->c[0].suffix = "()";
    complete_strs_free(&l);
}

static void add_sessions(complete_result *r, const complete_source *src, const char *prefix, size_t len)
{
    if (!src || !src->sessions)
        return;
    complete_strs l = {0};
    src->sessions(src->ctx, &l);
    for (size_t i = 0; i < l.n; i++)
        if (has_prefix(l.v[i], strlen(l.v[i]), prefix, len))
            add_cand(r, l.v[i], strlen(l.v[i]), NULL, 0, " ");
    complete_strs_free(&l);
}

/* A file name as a command word: as it is, or in double quotes (\" and \\
 * escaped, the closing quote left for the suffix) when it holds a blank,
 * starts with a quote, or the word typed was quoted. */
static void put_file_word(alloc_buf *b, const char *path, size_t n, bool quote)
{
    for (size_t i = 0; i < n && !quote; i++)
        quote = is_blank(path[i]);
    quote |= n && path[0] == '"';
    if (quote)
        alloc_buf_put(b, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        if (quote && (path[i] == '"' || path[i] == '\\'))
            alloc_buf_put(b, "\\", 1);
        alloc_buf_put(b, path + i, 1);
    }
}

/* The entries of the directory part of prefix[0..len) (the current
 * directory when it has no /) whose names start with the rest; dot files
 * only for a rest that starts with a dot. Directories show and complete
 * with a trailing /, files with a blank (a closing quote first when
 * quoted). dirs_only: directories alone. */
static void add_files(complete_result *r, const char *prefix, size_t len, bool quoted, bool dirs_only)
{
    const char *slash = NULL;
    for (size_t i = 0; i < len; i++)
        if (prefix[i] == '/')
            slash = prefix + i;
    size_t dlen = slash ? (size_t)(slash - prefix) + 1 : 0;
    const char *base = prefix + dlen;
    size_t blen = len - dlen;
    if (memchr(prefix, '\0', len))
        return;
    char *dir = alloc_strndup(ALLOC_TEMP, dlen ? prefix : ".", dlen ? dlen : 1);
    DIR *d = opendir(dir);
    if (!d) {
        alloc_strfree(ALLOC_TEMP, dir);
        return;
    }
    alloc_buf path = {0}, word = {0};
    struct dirent *e;
    while ((e = readdir(d)) != NULL && r->n < MAX_CANDIDATES) {
        const char *name = e->d_name;
        size_t n = strlen(name);
        if (!strcmp(name, ".") || !strcmp(name, ".."))
            continue;
        if (name[0] == '.' && !(blen && base[0] == '.'))
            continue;
        if (!has_prefix(name, n, base, blen))
            continue;
        path.n = 0;
        alloc_buf_put(&path, prefix, dlen);
        alloc_buf_put(&path, name, n);
        alloc_buf_put(&path, "", 1);
        struct stat st;
        bool is_dir = stat(path.p, &st) == 0 && S_ISDIR(st.st_mode);
        if (dirs_only && !is_dir)
            continue;
        word.n = 0;
        put_file_word(&word, path.p, path.n - 1, quoted);
        bool in_quotes = word.n && word.p[0] == '"';
        alloc_buf shown = {0};
        alloc_buf_put(&shown, name, n);
        if (is_dir)
            alloc_buf_put(&shown, "/", 1);
        add_cand(r, word.p, word.n, shown.p, shown.n, is_dir ? "/" : in_quotes ? "\" " : " ");
        alloc_buf_free(&shown);
    }
    closedir(d);
    alloc_buf_free(&path);
    alloc_buf_free(&word);
    alloc_strfree(ALLOC_TEMP, dir);
}

/* ---- Erlang expressions -------------------------------------------------------- */

/* As edlin_expand:expand/1: the word before the cursor; after "Mod:"
 * (blanks allowed around the colon) the functions of Mod, otherwise the
 * modules it starts (nothing for an empty word). */
static void complete_expr(complete_result *r, const char *line, size_t cursor, const complete_source *src)
{
    size_t ws = expr_word_start(line, cursor), j = ws;
    r->start = ws;
    while (j > 0 && (line[j - 1] == ' ' || line[j - 1] == '\t'))
        j--;
    if (j > 0 && line[j - 1] == ':') {
        size_t me = j - 1;
        while (me > 0 && (line[me - 1] == ' ' || line[me - 1] == '\t'))
            me--;
        size_t ms = expr_word_start(line, me);
        if (ms == me)
            return;
        r->kind = COMPLETE_FUNCTION;
        add_functions(r, src, line + ms, me - ms, line + ws, cursor - ws, false);
        return;
    }
    if (ws == cursor)
        return;
    /* variables, numbers: no module is written so (quoted ones start with ') */
    if (!is_lower(line[ws]) && line[ws] != '\'' && (unsigned char)line[ws] < 0x80)
        return;
    r->kind = COMPLETE_MODULE;
    add_modules(r, src, line + ws, cursor - ws, ":", false);
}

/* ---- command arguments --------------------------------------------------------- */

/* A word after the command, split as exec.c splits them. */
typedef struct arg_word {
    size_t at;   /* where it starts in the line (its quote, if quoted) */
    size_t text; /* its text (quotes and escapes removed) in the buffer */
    size_t n;    /* its length */
    bool quoted;
} arg_word;

typedef struct arg_words {
    arg_word w[MAX_ARGS + 1];
    size_t n;
    char *buf; /* the texts */
    size_t cap;
} arg_words;

/* Splits line[from..cursor) into words; the last one is the word being
 * completed (empty, at the cursor, after a blank). False for too many. */
static bool split_args(const char *line, size_t from, size_t cursor, arg_words *a)
{
    size_t used = 0, i = from;
    a->n = 0;
    a->cap = cursor - from + 1;
    a->buf = alloc_new(ALLOC_TEMP, a->cap);
    for (;;) {
        while (i < cursor && is_blank(line[i]))
            i++;
        if (a->n == MAX_ARGS + 1)
            return false;
        arg_word *w = &a->w[a->n++];
        w->at = i;
        w->text = used;
        w->quoted = i < cursor && line[i] == '"';
        if (w->quoted) {
            i++;
            while (i < cursor && line[i] != '"') {
                if (line[i] == '\\' && i + 1 < cursor && (line[i + 1] == '"' || line[i + 1] == '\\'))
                    i++;
                a->buf[used++] = line[i++];
            }
            if (i < cursor)
                i++; /* the closing quote */
        } else {
            while (i < cursor && !is_blank(line[i]))
                a->buf[used++] = line[i++];
        }
        w->n = used - w->text;
        if (i == cursor)
            return true;
    }
}

static const char *arg_text(const arg_words *a, size_t i) { return a->buf + a->w[i].text; }

/* Fills r for the argument at position pos of e, being typed as cur. */
static void complete_position(complete_result *r, const shell_cmd *e, size_t pos, const cmd_arg *spec,
                              const arg_words *a, const size_t *positional, const complete_source *src)
{
    const arg_word *cur = &a->w[a->n - 1];
    const char *p = arg_text(a, a->n - 1);
    size_t len = cur->n;
    if (cur->quoted && spec->kind != CMD_KIND_file && spec->kind != CMD_KIND_dir)
        return;
    switch (spec->kind) {
    case CMD_KIND_choice:
        r->kind = COMPLETE_CHOICE;
        add_choices(r, spec, p, len);
        break;
    case CMD_KIND_command:
        r->kind = COMPLETE_COMMAND;
        add_commands(r, NULL, p, len);
        break;
    case CMD_KIND_subcommand: {
        const shell_cmd *parent = e;
        if (pos > 0) { /* help COMMAND SUBCOMMAND */
            size_t k = positional[pos - 1];
            if (cmd_lookup(NULL, arg_text(a, k), a->w[k].n, &parent) != CMD_OK)
                return;
        }
        r->kind = COMPLETE_SUBCOMMAND;
        add_commands(r, parent, p, len);
        break;
    }
    case CMD_KIND_flag:
    case CMD_KIND_item:
    case CMD_KIND_matchspec:
        r->kind = COMPLETE_WORD;
        r->word_kind = spec->kind;
        add_words(r, spec->kind, p, len);
        break;
    case CMD_KIND_module:
        r->kind = COMPLETE_MODULE;
        add_modules(r, src, p, len, " ", false);
        break;
    case CMD_KIND_mfa: {
        const char *colon = memchr(p, ':', len);
        if (!colon) {
            r->kind = COMPLETE_MODULE;
            add_modules(r, src, p, len, "", true);
        } else {
            size_t m = (size_t)(colon - p);
            r->kind = COMPLETE_FUNCTION;
            r->start = cur->at + m + 1;
            add_functions(r, src, p, m, colon + 1, len - m - 1, true);
        }
        break;
    }
    case CMD_KIND_session:
        r->kind = COMPLETE_SESSION;
        add_sessions(r, src, p, len);
        break;
    case CMD_KIND_file:
    case CMD_KIND_dir:
        r->kind = COMPLETE_FILE;
        add_files(r, p, len, cur->quoted, spec->kind == CMD_KIND_dir);
        break;
    default: /* word, number, regex: nothing to offer */
        break;
    }
}

/* The arguments of command c, whose name ends at `from`. */
static void complete_args(complete_result *r, const shell_cmd *c, const char *line, size_t from,
                          size_t cursor, const complete_source *src)
{
    arg_words a;
    if (!split_args(line, from, cursor, &a)) {
        alloc_free(ALLOC_TEMP, a.buf, a.cap);
        return;
    }
    const arg_word *cur = &a.w[a.n - 1];
    const char *cur_text = arg_text(&a, a.n - 1);
    r->start = cur->at;
    const shell_cmd *e = c;
    size_t first = 0, nsubs;
    cmd_arg spec;
    if (cmd_subs(c, &nsubs) && cmd_arg_at(c, 0, &spec)) {
        if (a.n == 1) {
            /* subcommands, and what else the first position takes (log FILE | log off) */
            if (!cur->quoted) {
                r->kind = COMPLETE_SUBCOMMAND;
                add_commands(r, c, cur_text, cur->n);
            }
            if (spec.kind != CMD_KIND_subcommand) {
                size_t none = 0;
                complete_position(r, c, 0, &spec, &a, &none, src);
            }
            goto done;
        }
        const shell_cmd *sub;
        if (cmd_lookup(c, arg_text(&a, 0), a.w[0].n, &sub) == CMD_OK && !a.w[0].quoted) {
            e = sub;
            first = 1;
        } else if (spec.kind == CMD_KIND_subcommand) {
            goto done;
        }
    }
    /* the words before the one being typed: options (and their values), positionals */
    size_t positional[MAX_ARGS + 1], pos = 0, nused = 0;
    const char *used[MAX_ARGS];
    size_t used_len[MAX_ARGS];
    bool want_value = false;
    for (size_t i = first; i + 1 < a.n; i++) {
        const char *t = arg_text(&a, i);
        size_t n = a.w[i].n;
        if (want_value) {
            want_value = false;
            continue;
        }
        bool rest = cmd_arg_at(e, pos, &spec) && spec.rest;
        if (!a.w[i].quoted && n > 1 && t[0] == '-') {
            const char *eq = memchr(t, '=', n);
            size_t name = eq ? (size_t)(eq - t) : n;
            bool takes_value;
            if (cmd_opt_find(e, t, name, &takes_value)) {
                want_value = takes_value && !eq;
                used[nused] = t;
                used_len[nused++] = name;
                continue;
            }
            if (!rest)
                goto done; /* an unknown option: the command would fail */
        }
        if (rest)
            goto done; /* inside a rest-of-line argument (a match spec, a regex) */
        positional[pos++] = i;
    }
    if (want_value)
        goto done; /* an option's value: --rotate SIZE */
    if (!cur->quoted && cur->n && cur_text[0] == '-') {
        if (!memchr(cur_text, '=', cur->n)) {
            r->kind = COMPLETE_OPTION;
            add_options(r, e, cur_text, cur->n, used, used_len, nused);
        }
        goto done;
    }
    if (cmd_arg_at(e, pos, &spec))
        complete_position(r, e, pos, &spec, &a, positional, src);
done:
    alloc_free(ALLOC_TEMP, a.buf, a.cap);
}

/* ---- the line ---------------------------------------------------------------------- */

void complete_line(const char *line, size_t len, size_t cursor, bool continuation, const complete_source *src,
                   complete_result *out)
{
    memset(out, 0, sizeof *out);
    out->kind = COMPLETE_NONE;
    out->word_kind = CMD_KIND_word;
    if (cursor > len)
        cursor = len;
    out->start = cursor;
    if (continuation) {
        complete_expr(out, line, cursor, src);
    } else {
        size_t i = 0;
        while (i < cursor && is_blank(line[i]))
            i++;
        size_t w0 = i;
        while (i < cursor && !is_blank(line[i]))
            i++;
        const shell_cmd *c;
        if (i == cursor && is_command_prefix(line + w0, i - w0)) {
            /* the first word: a command, or the module an expression starts with */
            out->kind = COMPLETE_COMMAND;
            out->start = w0;
            add_commands(out, NULL, line + w0, i - w0);
            if (i > w0 && line[w0] != '?')
                add_modules(out, src, line + w0, i - w0, ":", false);
        } else if (i == cursor) {
            complete_expr(out, line, cursor, src);
        } else if (is_command_prefix(line + w0, i - w0) && i > w0) {
            cmd_result cr = cmd_lookup(NULL, line + w0, i - w0, &c);
            if (cr == CMD_OK)
                complete_args(out, c, line, i, cursor, src);
            else if (cr == CMD_UNKNOWN)
                complete_expr(out, line, cursor, src);
            /* ambiguous: exec.c reports it; nothing to offer */
        } else {
            complete_expr(out, line, cursor, src);
        }
    }
    finish(out, line + out->start, cursor - out->start);
}

/* ---- the sources backed by the VM and the sessions ------------------------------------ */

/* Evaluates text (a call of dbgsh_complete with A bound to the binary
 * arg[0..len)) as the shell's commands are (untraced) and adds the
 * binaries of the list it returns. Anything else adds nothing. */
static void call_strings(const char *text, const char *arg, size_t len, complete_strs *out)
{
    heap_t h, rh;
    heap_init(&h, ALLOC_HEAP);
    heap_init(&rh, ALLOC_HEAP);
    term_t b =
        term_cons(&h, term_tuple2(&h, atom_from_cstr("A"), bin_new(&h, (const uint8_t *)arg, len)), NIL);
    vm_eval_result r;
    if (vm_eval_command(text, strlen(text), b, &rh, &r) == VM_OUT_VALUE) {
        size_t k = 0;
        for (term_t l = r.value; term_is_list(l) && k < MAX_SOURCE_ITEMS; l = list_tail(l), k++) {
            term_t s = list_head(l);
            if (!term_is_bitstring(s))
                continue;
            bin_view v;
            bin_view_of(s, &v);
            if (!v.bitoffset && !v.bitsize)
                complete_strs_add(out, (const char *)v.bytes, (size_t)v.size);
        }
    }
    heap_destroy(&rh);
    heap_destroy(&h);
}

static void vm_modules(void *ctx, const char *prefix, size_t len, complete_strs *out)
{
    (void)ctx;
    call_strings("dbgsh_complete:modules(A).", prefix, len, out);
}

static void vm_exports(void *ctx, const char *module, size_t len, complete_strs *out)
{
    (void)ctx;
    call_strings("dbgsh_complete:exports(A).", module, len, out);
}

static void vm_sessions(void *ctx, complete_strs *out)
{
    (void)ctx;
    for (size_t i = 0; i < sessions_count(); i++) {
        shell_session *s = sessions_at(i);
        if (!s)
            break;
        complete_strs_add(out, sessions_name(s), strlen(sessions_name(s)));
    }
}

static const complete_source vm_source = {NULL, vm_modules, vm_exports, vm_sessions};

const complete_source *complete_vm_source(void) { return &vm_source; }

/* ---- libedit ------------------------------------------------------------------------ */

static const complete_source *installed;
static bool pending_input;
static char word_breaks[] = " \t\n";

void complete_set_continuation(bool continuation) { pending_input = continuation; }

/* s[0..n) in malloc'ed memory: libedit frees what completion returns with
 * free(), so these few strings bypass alloc.h. NULL when out of memory. */
static char *libc_text(const char *a, size_t an, const char *b, size_t bn)
{
    char *p = malloc(an + bn + 1);
    if (p) {
        memcpy(p, a, an);
        memcpy(p + an, b, bn);
        p[an + bn] = '\0';
    }
    return p;
}

/* libedit's matches array: [0] replaces libedit's own word, which starts
 * at `from` (it breaks words at blanks only; ours may start later, after
 * a colon, or earlier, at an opening quote); [1..] are what a listing
 * shows. One candidate: [0] alone, so that libedit takes it as complete. */
static char **build_matches(const complete_result *r, const char *line, size_t from, size_t cursor)
{
    const char *ins = r->insert ? r->insert : line + r->start;
    size_t ins_len = r->insert ? strlen(r->insert) : cursor - r->start;
    char *m0;
    if (r->start >= from) {
        m0 = libc_text(line + from, r->start - from, ins, ins_len);
    } else {
        size_t k = from - r->start;
        if (ins_len < k || memcmp(ins, line + r->start, k) != 0)
            return NULL;
        m0 = libc_text(ins + k, ins_len - k, "", 0);
    }
    size_t n = r->unique ? 0 : r->n;
    char **m = m0 ? calloc(n + 3, sizeof *m) : NULL;
    if (!m) {
        free(m0);
        return NULL;
    }
    m[0] = m0;
    for (size_t i = 0; i < n; i++)
        if (!(m[i + 1] = libc_text(r->c[i].shown, strlen(r->c[i].shown), "", 0)))
            break;
    return m;
}

/* rl_attempted_completion_function: text is libedit's word before the
 * cursor (bytes; its start and end arguments count characters). */
static char **attempt(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;      /* never libedit's file names instead */
    rl_completion_append_character = '\0'; /* the suffixes are ours */
    const char *line = rl_line_buffer ? rl_line_buffer : "";
    size_t len = strlen(line);
    size_t cursor = rl_point < 0 ? 0 : (size_t)rl_point;
    if (cursor > len)
        cursor = len;
    size_t tlen = strlen(text);
    size_t from = tlen <= cursor ? cursor - tlen : 0;
    complete_result r;
    complete_line(line, len, cursor, pending_input, installed, &r);
    char **m = r.n ? build_matches(&r, line, from, cursor) : NULL;
    complete_result_free(&r);
    return m;
}

void complete_install(const complete_source *src)
{
    installed = src;
    rl_attempted_completion_function = attempt;
    rl_basic_word_break_characters = word_breaks;
    rl_completer_word_break_characters = word_breaks;
    rl_completion_append_character = '\0';
}
