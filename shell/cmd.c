/* cmd.c: the command table of shell/commands.def and the option table of
 * shell/options.def, built by the preprocessor; lookup of commands by name,
 * alias and prefix; argument specs; the text of `help`, `help CMD` and
 * `dbgsh --help`. Depends on nothing but the C library, so that the
 * generator of docs and completions (shell/gen/gen_cmds.c) links it alone. */
#include "shell/cmd.h"

#include <stdint.h>
#include <string.h>

/* ---- the tables ---------------------------------------------------------- */

static const cmd_kind_info kinds[CMD_KIND__COUNT] = {
#define KIND(name, rest, title, meaning) {#name, rest, title, meaning},
#include "shell/commands.def"
};

static const char *const group_titles[CMD_GROUP__COUNT] = {
#define GROUP(name, title) title,
#include "shell/commands.def"
};

static const shell_cmd commands[CMD__NCOMMANDS] = {
#define CMD(name, group, aliases, usage, summary, args, opts, help)                                          \
    {CMD_##name, CMD_GROUP_##group, NULL, #name, aliases, usage, summary, args, opts, help},
#include "shell/commands.def"
};

/* Subcommands: subs[id - CMD__NCOMMANDS - 1] has id id. */
static const shell_cmd subs[CMD__COUNT - CMD__NCOMMANDS - 1] = {
#define SUB(parent, name, word, aliases, usage, summary, args, opts, help)                                   \
    {CMD_##parent##_##name,                                                                                  \
     CMD_GROUP__COUNT,                                                                                       \
     &commands[CMD_##parent],                                                                                \
     word,                                                                                                   \
     aliases,                                                                                                \
     usage,                                                                                                  \
     summary,                                                                                                \
     args,                                                                                                   \
     opts,                                                                                                   \
     help},
#include "shell/commands.def"
};
#define NSUBS (sizeof subs / sizeof subs[0])

static const cmd_word words[] = {
#define WORD(kind, word, meaning) {CMD_KIND_##kind, word, meaning},
#include "shell/commands.def"
};
#define NWORDS (sizeof words / sizeof words[0])

static const cli_opt options[CLI__COUNT] = {
#define OPT(name, short_name, long_name, args, kinds, flags, summary, help)                                  \
    {CLI_##name, short_name, long_name, args, kinds, flags, summary, help},
#include "shell/options.def"
#undef OPT
};

const shell_cmd *cmd_table(size_t *n)
{
    *n = CMD__NCOMMANDS;
    return commands;
}

const shell_cmd *cmd_subs(const shell_cmd *c, size_t *n)
{
    size_t i = 0, k;
    while (i < NSUBS && subs[i].parent != c)
        i++;
    for (k = i; k < NSUBS && subs[k].parent == c; k++)
        ;
    *n = k - i;
    return k > i ? &subs[i] : NULL;
}

const shell_cmd *cmd_get(cmd_id id)
{
    if ((size_t)id < CMD__NCOMMANDS)
        return &commands[id];
    if (id > CMD__NCOMMANDS && id < CMD__COUNT)
        return &subs[id - CMD__NCOMMANDS - 1];
    return NULL;
}

const cmd_kind_info *cmd_kind_get(cmd_kind k) { return &kinds[k < CMD_KIND__COUNT ? k : CMD_KIND_word]; }

const char *cmd_group_title(cmd_group g) { return g < CMD_GROUP__COUNT ? group_titles[g] : ""; }

const cmd_word *cmd_words(cmd_kind k, size_t *n)
{
    size_t i = 0, j;
    while (i < NWORDS && words[i].kind != k)
        i++;
    for (j = i; j < NWORDS && words[j].kind == k; j++)
        ;
    *n = j - i;
    return j > i ? &words[i] : NULL;
}

const cli_opt *cmd_cli_options(size_t *n)
{
    *n = CLI__COUNT;
    return options;
}

/* ---- lookup ---------------------------------------------------------------- */

/* The entries a lookup under parent chooses from. */
static const shell_cmd *choose_from(const shell_cmd *parent, size_t *n)
{
    if (!parent) {
        *n = CMD__NCOMMANDS;
        return commands;
    }
    return cmd_subs(parent, n);
}

/* Is w[0..len) one of the space-separated words of list? */
static bool list_has(const char *list, const char *w, size_t len)
{
    for (const char *p = list; *p;) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        if ((size_t)(e - p) == len && len && memcmp(p, w, len) == 0)
            return true;
        p = e;
    }
    return false;
}

static bool starts_with(const char *name, const char *prefix, size_t len)
{
    return strlen(name) >= len && memcmp(name, prefix, len) == 0;
}

/* Do the subcommands of parent match by prefix (rule 3 of cmd_lookup)? */
static bool prefix_allowed(const shell_cmd *parent, size_t len)
{
    cmd_arg a;
    if (!parent)
        return len >= 2;
    return len >= 1 && cmd_arg_at(parent, 0, &a) && a.kind == CMD_KIND_subcommand;
}

cmd_result cmd_lookup(const shell_cmd *parent, const char *word, size_t len, const shell_cmd **out)
{
    size_t n, hits = 0;
    const shell_cmd *t = choose_from(parent, &n), *hit = NULL;
    *out = NULL;
    if (len == 0)
        return CMD_UNKNOWN;
    for (size_t i = 0; i < n; i++)
        if (strlen(t[i].name) == len && memcmp(t[i].name, word, len) == 0) {
            *out = &t[i];
            return CMD_OK;
        }
    for (size_t i = 0; i < n; i++)
        if (list_has(t[i].aliases, word, len)) {
            *out = &t[i];
            return CMD_OK;
        }
    if (!prefix_allowed(parent, len))
        return CMD_UNKNOWN;
    for (size_t i = 0; i < n; i++)
        if (starts_with(t[i].name, word, len)) {
            hits++;
            hit = &t[i];
        }
    if (hits > 1)
        return CMD_AMBIGUOUS;
    if (hits == 0)
        return CMD_UNKNOWN;
    *out = hit;
    return CMD_OK;
}

const shell_cmd *cmd_find(const char *name)
{
    const shell_cmd *c;
    return cmd_lookup(NULL, name, strlen(name), &c) == CMD_OK ? c : NULL;
}

size_t cmd_complete(const shell_cmd *parent, const char *prefix, size_t len, const shell_cmd **out,
                    size_t max)
{
    size_t n, hits = 0;
    const shell_cmd *t = choose_from(parent, &n);
    for (size_t i = 0; i < n; i++)
        if (starts_with(t[i].name, prefix, len)) {
            if (hits < max)
                out[hits] = &t[i];
            hits++;
        }
    return hits;
}

/* Prints the names of the entries under parent that start with w. */
static void print_candidates(FILE *f, const shell_cmd *parent, const char *w, size_t len)
{
    size_t n;
    const shell_cmd *t = choose_from(parent, &n);
    const char *sep = "";
    for (size_t i = 0; i < n; i++)
        if (starts_with(t[i].name, w, len)) {
            fprintf(f, "%s%s", sep, t[i].name);
            sep = ", ";
        }
}

void cmd_lookup_error(FILE *f, const shell_cmd *parent, const char *word, size_t len, cmd_result r)
{
    int l = (int)(len > 200 ? 200 : len);
    size_t nsubs;
    if (r == CMD_OK)
        return;
    if (!parent && r == CMD_AMBIGUOUS) {
        fprintf(f, "ambiguous command '%.*s': ", l, word);
        print_candidates(f, NULL, word, len);
        fputc('\n', f);
    } else if (!parent) {
        fprintf(f, "unknown command '%.*s' (help lists the commands)\n", l, word);
    } else if (!cmd_subs(parent, &nsubs)) {
        fprintf(f, "%s has no subcommand '%.*s'\n", parent->name, l, word);
    } else if (r == CMD_AMBIGUOUS) {
        fprintf(f, "ambiguous subcommand '%.*s' of %s: ", l, word, parent->name);
        print_candidates(f, parent, word, len);
        fputc('\n', f);
    } else {
        fprintf(f, "unknown subcommand '%.*s' of %s (help %s lists them)\n", l, word, parent->name,
                parent->name);
    }
}

/* ---- argument specs ----------------------------------------------------------- */

/* Parses the spec token at *p into *a and moves *p past it; false at the
 * end of the spec. An unknown kind name reads as word (the unit tests
 * reject it). */
static bool next_arg(const char **p, cmd_arg *a)
{
    const char *s = *p, *e;
    while (*s == ' ')
        s++;
    if (!*s)
        return false;
    for (e = s; *e && *e != ' '; e++)
        ;
    *p = e;
    size_t len = (size_t)(e - s);
    memset(a, 0, sizeof *a);
    a->kind = CMD_KIND_word;
    if (len >= 2 && s[0] == '[' && s[len - 1] == ']') {
        a->optional = true;
        s++;
        len -= 2;
    }
    if (len > 3 && memcmp(s + len - 3, "...", 3) == 0) {
        a->repeats = true;
        len -= 3;
    }
    if (memchr(s, '|', len)) {
        a->kind = CMD_KIND_choice;
        a->choices = s;
        a->choices_len = len;
    } else {
        for (size_t k = 0; k < CMD_KIND__COUNT; k++)
            if (strlen(kinds[k].name) == len && memcmp(kinds[k].name, s, len) == 0)
                a->kind = (cmd_kind)k;
    }
    a->rest = kinds[a->kind].rest;
    return true;
}

bool cmd_arg_at(const shell_cmd *c, size_t pos, cmd_arg *out)
{
    const char *p = c->args;
    cmd_arg a;
    size_t i = 0;
    bool any = false;
    while (next_arg(&p, &a)) {
        any = true;
        *out = a;
        if (i++ == pos)
            return true;
    }
    if (any && out->repeats) {
        out->optional = true; /* past the first of a repeated argument */
        return true;
    }
    return false;
}

void cmd_arity(const shell_cmd *c, size_t *min, size_t *max)
{
    const char *p = c->args;
    cmd_arg a;
    *min = *max = 0;
    while (next_arg(&p, &a)) {
        if (!a.optional)
            (*min)++;
        (*max)++;
        if (a.repeats)
            *max = SIZE_MAX;
    }
}

bool cmd_opt_find(const shell_cmd *c, const char *word, size_t len, bool *takes_value)
{
    for (const char *p = c->opts; *p;) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        size_t n = (size_t)(e - p);
        bool value = n > 0 && p[n - 1] == '=';
        if (value)
            n--;
        if (n && n == len && memcmp(p, word, len) == 0) {
            *takes_value = value;
            return true;
        }
        p = e;
    }
    return false;
}

/* ---- help ------------------------------------------------------------------------ */

static void print_list(FILE *out)
{
    int width = 0;
    for (size_t i = 0; i < CMD__NCOMMANDS; i++)
        if ((int)strlen(commands[i].name) > width)
            width = (int)strlen(commands[i].name);
    fputs("Commands, typed without a final dot (anything else is an Erlang expression):\n", out);
    for (size_t g = 0; g < CMD_GROUP__COUNT; g++) {
        fprintf(out, "\n%s\n", group_titles[g]);
        for (size_t i = 0; i < CMD__NCOMMANDS; i++)
            if (commands[i].group == g)
                fprintf(out, "  %-*s  %s\n", width, commands[i].name, commands[i].summary);
    }
    fputs("\nhelp COMMAND describes one command. A command may be shortened to a\n"
          "unique prefix of two letters or more.\n",
          out);
}

/* Does the args spec take an argument of kind k? */
static bool spec_takes(const char *spec, cmd_kind k)
{
    cmd_arg a;
    while (next_arg(&spec, &a))
        if (a.kind == k)
            return true;
    return false;
}

/* Does c or one of its subcommands take an argument of kind k? */
static bool takes_kind(const shell_cmd *c, cmd_kind k)
{
    size_t n;
    const shell_cmd *t = cmd_subs(c, &n);
    bool yes = spec_takes(c->args, k);
    for (size_t i = 0; i < n && !yes; i++)
        yes = spec_takes(t[i].args, k);
    return yes;
}

static void print_words(FILE *out, cmd_kind k)
{
    size_t n;
    const cmd_word *w = cmd_words(k, &n);
    int width = 0; /* the longest word of at most 18 bytes; longer ones overflow */
    for (size_t i = 0; i < n; i++)
        if ((int)strlen(w[i].word) > width && strlen(w[i].word) <= 18)
            width = (int)strlen(w[i].word);
    fprintf(out, "\n%s:\n", kinds[k].title);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "  %-*s  %s\n", width, w[i].word, w[i].meaning);
}

static void print_cmd(FILE *out, const shell_cmd *c)
{
    size_t n;
    const shell_cmd *t = cmd_subs(c, &n);
    fprintf(out, "usage: %s\n", c->usage);
    if (*c->aliases)
        fprintf(out, "aliases: %s\n", c->aliases);
    fprintf(out, "\n%s", c->help);
    if (n) {
        int width = 0;
        for (size_t i = 0; i < n; i++)
            if ((int)strlen(t[i].usage) > width)
                width = (int)strlen(t[i].usage);
        fputs("\nSubcommands:\n", out);
        for (size_t i = 0; i < n; i++)
            fprintf(out, "  %-*s  %s\n", width, t[i].usage, t[i].summary);
    }
    for (size_t k = 0; k < CMD_KIND__COUNT; k++) {
        size_t nw;
        if (cmd_words((cmd_kind)k, &nw) && takes_kind(c, (cmd_kind)k))
            print_words(out, (cmd_kind)k);
    }
}

/* What a help argument names: a command, a subcommand, or why neither. */
typedef struct help_target {
    cmd_result r;
    const shell_cmd *found;  /* CMD_OK; NULL: the list */
    const shell_cmd *parent; /* failure: the lookup that failed */
    const char *word;        /* failure: the word */
    size_t len;
    bool extra; /* failure: a word after the subcommand */
} help_target;

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

static size_t word_length(const char *s)
{
    size_t n = 0;
    while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '\n' && s[n] != '\r')
        n++;
    return n;
}

static help_target resolve(const char *cmd)
{
    help_target t = {CMD_OK, NULL, NULL, NULL, 0, false};
    const char *s = skip_blanks(cmd ? cmd : "");
    const shell_cmd *c = NULL;
    for (int i = 0; *s; i++) {
        size_t len = word_length(s);
        if (i == 2) {
            t = (help_target){CMD_UNKNOWN, NULL, c, s, len, true};
            return t;
        }
        const shell_cmd *next;
        cmd_result r = cmd_lookup(c, s, len, &next);
        if (r != CMD_OK) {
            t = (help_target){r, NULL, c, s, len, false};
            return t;
        }
        c = next;
        s = skip_blanks(s + len);
    }
    t.found = c;
    return t;
}

cmd_result cmd_help(FILE *out, const char *cmd)
{
    help_target t = resolve(cmd);
    if (t.r != CMD_OK)
        return t.r;
    if (t.found)
        print_cmd(out, t.found);
    else
        print_list(out);
    return CMD_OK;
}

void cmd_help_error(FILE *err, const char *cmd)
{
    help_target t = resolve(cmd);
    if (t.r == CMD_OK)
        return;
    if (t.extra)
        fprintf(err, "help takes a command and a subcommand, not '%.*s' after them\n", (int)t.len, t.word);
    else
        cmd_lookup_error(err, t.parent, t.word, t.len, t.r);
}

/* ---- dbgsh --help ----------------------------------------------------------------- */

#define USAGE_COLUMN 18 /* where the options' text starts */

void cmd_usage(FILE *out)
{
    fputs("usage: dbgsh [OPTIONS] [FILE.erl ...] [SCRIPT.dbg [ARG...]]\n"
          "       dbgsh [OPTIONS] [FILE.erl ...] -x SCRIPT [ARG...]\n"
          "       dbgsh --format [FILE | --wrap NAME SUFFIX]... [--grep RE [-v]] [-o OUT]\n"
          "\n"
          "A native debugger for Erlang programs. Loads the given modules, then\n"
          "evaluates -e expressions, runs a script, or runs a shell that takes\n"
          "dbg's commands (tp, p, ...; help lists them) and Erlang expressions\n"
          "(each ended by a full stop) as erl's shell does. When standard input\n"
          "is not a terminal it is read as a script.\n"
          "\n"
          "options:\n",
          out);
    for (size_t i = 0; i < CLI__COUNT; i++) {
        const cli_opt *o = &options[i];
        char label[64];
        snprintf(label, sizeof label, "%s%s%s%s%s", o->short_name ? o->short_name : "",
                 o->short_name && o->long_name ? ", " : "", o->long_name ? o->long_name : "",
                 *o->args ? " " : "", o->args);
        int pad = USAGE_COLUMN - 2 - (int)strlen(label);
        fprintf(out, "  %s%*s", label, pad >= 1 ? pad : 2, "");
        for (const char *p = o->help; *p;) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (p != o->help)
                fprintf(out, "%*s", USAGE_COLUMN, "");
            fprintf(out, "%.*s\n", (int)n, p);
            p += n + (e ? 1 : 0);
        }
    }
}
