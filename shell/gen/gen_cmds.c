/* gen_cmds.c: writes the files generated from the shell's tables
 * (shell/commands.def, shell/options.def, read through shell/cmd.h) to
 * standard output: `gen_cmds md` docs/commands.md, `gen_cmds bash|zsh|fish`
 * the completions of dbgsh's command-line options in completions/, and
 * `gen_cmds man < docs/dbgsh.1` the man page with its COMMANDS section
 * written again from the table. Run by
 * the Makefile whenever a table changes; docs/internals/commands.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/cmd.h"

#define MD_GENERATED_BY "Generated from shell/commands.def by shell/gen/gen_cmds.c"
#define GENERATED_BY "Generated from shell/options.def by shell/gen/gen_cmds.c"

/* ---- docs/commands.md ----------------------------------------------------- */

/* Prose with Markdown's active characters escaped. */
static void put_escaped(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (strchr("\\`*_[]<>|#", s[i]))
            fputc('\\', f);
        fputc(s[i], f);
    }
}

/* A one-line summary as a sentence: capital first letter, full stop. */
static void put_sentence(FILE *f, const char *s)
{
    size_t n = strlen(s);
    if (n == 0)
        return;
    fputc(s[0] >= 'a' && s[0] <= 'z' ? s[0] - 'a' + 'A' : s[0], f);
    put_escaped(f, s + 1, n - 1);
    fputs(".\n", f);
}

/* A help text: prose escaped, runs of example lines (four spaces) fenced. */
static void put_help(FILE *f, const char *help)
{
    bool in_code = false;
    for (const char *p = help; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool code = n >= 4 && memcmp(p, "    ", 4) == 0;
        if (code && !in_code)
            fputs("```\n", f);
        if (!code && in_code)
            fputs("```\n", f);
        in_code = code;
        if (code)
            fprintf(f, "%.*s\n", (int)(n - 4), p + 4);
        else {
            put_escaped(f, p, n);
            fputc('\n', f);
        }
        p += n + (e ? 1 : 0);
    }
    if (in_code)
        fputs("```\n", f);
}

/* GitHub's anchor of a heading made of lower-case words. */
static void put_anchor(FILE *f, const char *title)
{
    for (const char *p = title; *p; p++) {
        if (*p == ' ')
            fputc('-', f);
        else if (*p >= 'A' && *p <= 'Z')
            fputc(*p - 'A' + 'a', f);
        else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_')
            fputc(*p, f);
    }
}

/* Does some argument position of c take kind k? */
static bool takes_kind(const shell_cmd *c, cmd_kind k)
{
    cmd_arg a;
    for (size_t pos = 0; pos < 16 && cmd_arg_at(c, pos, &a); pos++)
        if (a.kind == k)
            return true;
    return false;
}

/* The space-separated words of list as `a`, `b`. */
static void put_words(FILE *f, const char *list)
{
    const char *sep = "";
    for (const char *p = list; *p;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (n)
            fprintf(f, "%s`%.*s`", sep, (int)n, p);
        sep = ", ";
        p += n;
    }
}

/* One command or subcommand: usage, aliases, help, links to its words. */
static void put_entry(FILE *f, const shell_cmd *c, const char *hashes)
{
    if (c->parent)
        fprintf(f, "%s %s %s\n\n", hashes, c->parent->name, c->name);
    else
        fprintf(f, "%s %s\n\n", hashes, c->name);
    fprintf(f, "```\n%s\n```\n\n", c->usage);
    if (*c->aliases) {
        fputs("Also typed as ", f);
        put_words(f, c->aliases);
        fputs(".\n\n", f);
    }
    put_help(f, c->help);
    const char *sep = "\nFixed words: ";
    for (int k = 0; k < CMD_KIND__COUNT; k++) {
        size_t n;
        if (cmd_words((cmd_kind)k, &n) && takes_kind(c, (cmd_kind)k)) {
            const char *title = cmd_kind_get((cmd_kind)k)->title;
            fprintf(f, "%s[%s](#", sep, title);
            put_anchor(f, title);
            fputc(')', f);
            sep = ", ";
        }
    }
    if (sep[0] == ',')
        fputs(".\n", f);
    fputc('\n', f);
}

static void gen_md(FILE *f)
{
    size_t n;
    const shell_cmd *t = cmd_table(&n);
    fputs("# dbgsh commands\n\n", f);
    fputs("<!-- " MD_GENERATED_BY "; do not edit: edit the table and run make. -->\n\n", f);
    fputs("Commands are typed at the dbgsh prompt without a final dot; anything\n"
          "else is an Erlang expression, evaluated as in erl's shell. `help` lists\n"
          "the commands and `help COMMAND` describes one, from the same table as\n"
          "this page.\n\n"
          "A command may be shortened to any unique prefix of two letters or more\n"
          "(`sess` for `session`), a subcommand to any unique prefix (`session l`;\n"
          "not after `log`, whose argument may be a file name).\n",
          f);
    for (size_t i = 0; i < n; i++)
        if (*t[i].aliases) {
            put_words(f, t[i].aliases);
            fprintf(f, " stand%s for `%s`.\n", strchr(t[i].aliases, ' ') ? "" : "s", t[i].name);
        }
    fputc('\n', f);
    fputs("| Command | What it does |\n|---------|--------------|\n", f);
    for (int g = 0; g < CMD_GROUP__COUNT; g++) {
        fprintf(f, "| **%s** | |\n", cmd_group_title((cmd_group)g));
        for (size_t i = 0; i < n; i++)
            if ((int)t[i].group == g) {
                fprintf(f, "| [%s](#%s) | ", t[i].name, t[i].name);
                put_escaped(f, t[i].summary, strlen(t[i].summary));
                fputs(" |\n", f);
            }
    }
    fputs("\nThe [words of arguments](#words-of-arguments) (trace flags, process items,\n"
          "match spec aliases) are listed at the end.\n\n",
          f);
    for (int g = 0; g < CMD_GROUP__COUNT; g++) {
        fprintf(f, "## %s\n\n", cmd_group_title((cmd_group)g));
        for (size_t i = 0; i < n; i++) {
            if ((int)t[i].group != g)
                continue;
            size_t ns;
            const shell_cmd *s = cmd_subs(&t[i], &ns);
            put_entry(f, &t[i], "###");
            for (size_t j = 0; j < ns; j++)
                put_entry(f, &s[j], "####");
        }
    }
    fputs("## Words of arguments\n\n"
          "The fixed words some arguments take; tab completion offers them.\n",
          f);
    for (int k = 0; k < CMD_KIND__COUNT; k++) {
        size_t nw;
        const cmd_word *w = cmd_words((cmd_kind)k, &nw);
        if (!w)
            continue;
        const cmd_kind_info *ki = cmd_kind_get((cmd_kind)k);
        fprintf(f, "\n### %s\n\n", ki->title);
        put_sentence(f, ki->meaning);
        fputs("\n| Word | Meaning |\n|------|---------|\n", f);
        for (size_t i = 0; i < nw; i++) {
            fprintf(f, "| `%s` | ", w[i].word);
            put_escaped(f, w[i].meaning, strlen(w[i].meaning));
            fputs(" |\n", f);
        }
    }
}

/* ---- the COMMANDS section of docs/dbgsh.1 ----------------------------------------- */

#define MAN_BEGIN ".\\\" BEGIN COMMANDS: generated from shell/commands.def by shell/gen/gen_cmds.c"
#define MAN_END ".\\\" END COMMANDS"

/* Text for roff: backslashes doubled, minus signs as \-, and a line
 * that would start with a dot or quote guarded. */
static void put_roff(FILE *f, const char *s, size_t n)
{
    if (n && (s[0] == '.' || s[0] == '\''))
        fputs("\\&", f);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\')
            fputs("\\e", f);
        else if (s[i] == '-')
            fputs("\\-", f);
        else
            fputc(s[i], f);
    }
}

static void put_man_entry(FILE *f, const shell_cmd *c)
{
    fputs(".TP\n.B ", f);
    put_roff(f, c->usage, strlen(c->usage));
    fputc('\n', f);
    size_t n = strlen(c->summary);
    fputc(c->summary[0] >= 'a' && c->summary[0] <= 'z' ? c->summary[0] - 'a' + 'A' : c->summary[0], f);
    put_roff(f, c->summary + 1, n - 1);
    fputs(".\n", f);
}

/* The commands by group, each with its usage and summary (help CMD and
 * docs/commands.md have the rest). */
static void gen_man_commands(FILE *f)
{
    size_t n;
    const shell_cmd *t = cmd_table(&n);
    for (int g = 0; g < CMD_GROUP__COUNT; g++) {
        fputs(".SS ", f);
        const char *title = cmd_group_title((cmd_group)g);
        put_roff(f, title, strlen(title));
        fputc('\n', f);
        for (size_t i = 0; i < n; i++) {
            if ((int)t[i].group != g)
                continue;
            size_t ns;
            const shell_cmd *s = cmd_subs(&t[i], &ns);
            put_man_entry(f, &t[i]);
            for (size_t j = 0; j < ns; j++)
                put_man_entry(f, &s[j]);
        }
    }
}

/* Copies the man page from `in` to `out` with what lies between the
 * BEGIN and END COMMANDS lines written anew; false (and a message) when
 * the markers are missing. */
static bool gen_man(FILE *in, FILE *out)
{
    char line[4096];
    bool inside = false, seen = false;
    while (fgets(line, sizeof line, in)) {
        if (!strncmp(line, MAN_BEGIN, strlen(MAN_BEGIN))) {
            fputs(line, out);
            gen_man_commands(out);
            inside = seen = true;
            continue;
        }
        if (inside && !strncmp(line, MAN_END, strlen(MAN_END)))
            inside = false;
        if (!inside)
            fputs(line, out);
    }
    if (!seen || inside) {
        fprintf(stderr, "gen_cmds: the man page lacks the %s lines\n", seen ? "END COMMANDS" : "BEGIN COMMANDS");
        return false;
    }
    return true;
}

/* ---- completions -------------------------------------------------------------- */

/* The kind of value number i (0-based) of o: "" when it has no such value. */
static const char *value_kind(const cli_opt *o, size_t i, char *buf, size_t cap)
{
    const char *p = o->kinds;
    for (size_t k = 0;; k++) {
        while (*p == ' ')
            p++;
        if (!*p)
            return "";
        size_t n = strcspn(p, " ");
        if (k == i) {
            snprintf(buf, cap, "%.*s", (int)n, p);
            return buf;
        }
        p += n;
    }
}

static size_t value_count(const cli_opt *o)
{
    char buf[32];
    size_t n = 0;
    while (*value_kind(o, n, buf, sizeof buf))
        n++;
    return n;
}

/* The metavariable of value number i of o. */
static const char *value_name(const cli_opt *o, size_t i, char *buf, size_t cap)
{
    const char *p = o->args;
    for (size_t k = 0;; k++) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (k == i || !*p) {
            snprintf(buf, cap, "%.*s", (int)n, p);
            return buf;
        }
        p += n;
    }
}

static void gen_bash(FILE *f)
{
    size_t n, most = 0;
    const cli_opt *o = cmd_cli_options(&n);
    char kb[32];
    fputs("# bash completion for dbgsh: its command-line options.\n"
          "# " GENERATED_BY "; do not edit.\n\n"
          "_dbgsh_modules() {\n"
          "    local f\n"
          "    for f in *.erl; do\n"
          "        [ -e \"$f\" ] && printf '%s\\n' \"${f%.erl}\"\n"
          "    done\n"
          "}\n\n"
          "_dbgsh() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} kind=\n"
          "    COMPREPLY=()\n"
          "    # a value of the option K words back (K = 1, 2, ...)\n",
          f);
    for (size_t i = 0; i < n; i++)
        if (value_count(&o[i]) > most)
            most = value_count(&o[i]);
    for (size_t k = 1; k <= most; k++) {
        fprintf(f, "    if [ -z \"$kind\" ] && [ \"$COMP_CWORD\" -ge %zu ]; then\n", k);
        fprintf(f, "        case ${COMP_WORDS[COMP_CWORD-%zu]} in\n", k);
        for (size_t i = 0; i < n; i++) {
            if (value_count(&o[i]) < k)
                continue;
            fputs("        ", f);
            if (o[i].short_name)
                fputs(o[i].short_name, f);
            if (o[i].short_name && o[i].long_name)
                fputc('|', f);
            if (o[i].long_name)
                fputs(o[i].long_name, f);
            fprintf(f, ") kind=%s ;;\n", value_kind(&o[i], k - 1, kb, sizeof kb));
        }
        fputs("        esac\n    fi\n", f);
    }
    fputs("    case $kind in\n"
          "    dir) mapfile -t COMPREPLY < <(compgen -d -- \"$cur\"); return 0 ;;\n"
          "    file) mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return 0 ;;\n"
          "    module) mapfile -t COMPREPLY < <(compgen -W \"$(_dbgsh_modules)\" -- \"$cur\"); return 0 ;;\n"
          "    ?*) return 0 ;;\n"
          "    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        mapfile -t COMPREPLY < <(compgen -W \"",
          f);
    const char *sep = "";
    for (size_t i = 0; i < n; i++) {
        if (o[i].short_name)
            fprintf(f, "%s%s", sep, o[i].short_name), sep = " ";
        if (o[i].long_name)
            fprintf(f, "%s%s", sep, o[i].long_name), sep = " ";
    }
    fputs("\" -- \"$cur\")\n"
          "        return 0\n"
          "    fi\n"
          "    # FILE.erl modules to load, or trace files with --format\n"
          "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
          "}\n"
          "complete -o filenames -F _dbgsh dbgsh\n",
          f);
}

/* The zsh _arguments action that completes a value of kind k. */
static const char *zsh_action(const char *k)
{
    if (!strcmp(k, "file"))
        return "_files";
    if (!strcmp(k, "dir"))
        return "_files -/";
    if (!strcmp(k, "module"))
        return "_dbgsh_modules";
    return " ";
}

static void gen_zsh(FILE *f)
{
    size_t n;
    const cli_opt *o = cmd_cli_options(&n);
    char kb[32], vb[32];
    fputs("#compdef dbgsh\n"
          "# zsh completion for dbgsh: its command-line options.\n"
          "# " GENERATED_BY "; do not edit.\n\n"
          "(( $+functions[_dbgsh_modules] )) ||\n"
          "_dbgsh_modules() {\n"
          "    local -a mods\n"
          "    mods=( *.erl(N:r) )\n"
          "    _wanted modules expl module compadd -a mods\n"
          "}\n\n"
          "_arguments \\\n",
          f);
    for (size_t i = 0; i < n; i++) {
        const cli_opt *p = &o[i];
        fputs("    ", f);
        if (p->flags & CLI_EXITS)
            fputs("'(- *)'", f);
        else if (p->short_name && p->long_name)
            fprintf(f, "'(%s %s)'", p->short_name, p->long_name);
        if (p->flags & CLI_MANY)
            fputs("'*'", f);
        if (p->short_name && p->long_name)
            fprintf(f, "{%s,%s}", p->short_name, p->long_name);
        else
            fputs(p->short_name ? p->short_name : p->long_name, f);
        fprintf(f, "'[%s]", p->summary);
        for (size_t v = 0, nv = value_count(p); v < nv; v++)
            fprintf(f, ":%s:%s", value_name(p, v, vb, sizeof vb),
                    zsh_action(value_kind(p, v, kb, sizeof kb)));
        fputs("' \\\n", f);
    }
    fputs("    '*:file:_files'\n", f);
}

static void gen_fish(FILE *f)
{
    size_t n;
    const cli_opt *o = cmd_cli_options(&n);
    char kb[32];
    fputs("# fish completion for dbgsh: its command-line options.\n"
          "# " GENERATED_BY "; do not edit.\n\n"
          "function __dbgsh_modules\n"
          "    for f in *.erl\n"
          "        string replace -r '[.]erl$' '' -- $f\n"
          "    end\n"
          "end\n\n",
          f);
    for (size_t i = 0; i < n; i++) {
        const cli_opt *p = &o[i];
        if (p->short_name && p->short_name[0] == '+') {
            /* fish has no +options: offer the word itself */
            fprintf(f, "complete -c dbgsh -f -a '%s' -d '%s'\n", p->short_name, p->summary);
            continue;
        }
        fputs("complete -c dbgsh", f);
        if (p->short_name)
            fprintf(f, " %s %s", strlen(p->short_name) == 2 ? "-s" : "-o", p->short_name + 1);
        if (p->long_name)
            fprintf(f, " -l %s", p->long_name + 2);
        if (value_count(p)) {
            const char *k = value_kind(p, 0, kb, sizeof kb);
            if (!strcmp(k, "file"))
                fputs(" -r -F", f);
            else if (!strcmp(k, "dir"))
                fputs(" -x -a '(__fish_complete_directories)'", f);
            else if (!strcmp(k, "module"))
                fputs(" -x -a '(__dbgsh_modules)'", f);
            else
                fputs(" -x", f);
        }
        fprintf(f, " -d '%s'\n", p->summary);
    }
}

int main(int argc, char **argv)
{
    const char *what = argc == 2 ? argv[1] : "";
    if (!strcmp(what, "md"))
        gen_md(stdout);
    else if (!strcmp(what, "bash"))
        gen_bash(stdout);
    else if (!strcmp(what, "zsh"))
        gen_zsh(stdout);
    else if (!strcmp(what, "fish"))
        gen_fish(stdout);
    else if (!strcmp(what, "man") && argc == 2) {
        if (!gen_man(stdin, stdout))
            return 1;
    } else {
        fprintf(stderr, "usage: gen_cmds md|bash|zsh|fish > FILE; gen_cmds man < PAGE > FILE\n");
        return 2;
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
