/* cmd.h: the shell's commands (shell/commands.def) and command-line options
 * (shell/options.def) as data: lookup of a command by name, alias or
 * prefix, the argument kinds of each position for completion, and the
 * text of `help`, `help CMD` and `dbgsh --help`. Everything here is static
 * constant data: nothing allocates, every pointer returned lives forever.
 * docs/internals/commands.md tells how the table and its generators work. */
#ifndef SHELL_CMD_H
#define SHELL_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Argument kinds (KIND records): CMD_KIND_word, CMD_KIND_mfa, ... */
typedef enum cmd_kind {
#define KIND(name, rest, title, meaning) CMD_KIND_##name,
#include "shell/commands.def"
    CMD_KIND__COUNT
} cmd_kind;

/* Headings of `help` (GROUP records): CMD_GROUP_patterns, ... */
typedef enum cmd_group {
#define GROUP(name, title) CMD_GROUP_##name,
#include "shell/commands.def"
    CMD_GROUP__COUNT
} cmd_group;

/* Commands, then subcommands: CMD_tp, ..., CMD__NCOMMANDS (no entry),
 * CMD_session_new, ..., CMD__COUNT. A command's id is its index in
 * cmd_table(); a dispatch table indexed by cmd_id is built the same way
 * (`#define CMD(name, ...) [CMD_##name] = run_##name,`). */
typedef enum cmd_id {
#define CMD(name, ...) CMD_##name,
#include "shell/commands.def"
    CMD__NCOMMANDS,
#define SUB(parent, name, ...) CMD_##parent##_##name,
#include "shell/commands.def"
    CMD__COUNT
} cmd_id;

/* One command or subcommand; the fields are those of commands.def. */
typedef struct shell_cmd {
    cmd_id id;
    cmd_group group;                /* CMD_GROUP__COUNT for a subcommand */
    const struct shell_cmd *parent; /* NULL for a command */
    const char *name;               /* the word typed: "tp", "on-error" */
    const char *aliases;            /* words accepted exactly, space-separated */
    const char *usage;              /* "tp [-v] MOD[:FUN[/ARITY]] [MATCHSPEC]" */
    const char *summary;            /* one line, no final full stop */
    const char *args;               /* argument kinds by position: "mfa [matchspec]" */
    const char *opts;               /* options: "-v -i", "--rotate=" takes a value */
    const char *help;               /* lines ending in \n */
} shell_cmd;

typedef struct cmd_kind_info {
    const char *name;    /* as written in args: "mfa" */
    bool rest;           /* the argument is the rest of the line */
    const char *title;   /* heading of its word table: "Trace flags" */
    const char *meaning; /* one line */
} cmd_kind_info;

/* A fixed word of a kind: a trace flag, a process item, a match spec alias. */
typedef struct cmd_word {
    cmd_kind kind;
    const char *word;
    const char *meaning;
} cmd_word;

/* One argument position of a command (see cmd_arg_at). */
typedef struct cmd_arg {
    cmd_kind kind;
    const char *choices; /* CMD_KIND_choice: "iso|raw", choices_len bytes (not NUL-ended) */
    size_t choices_len;
    bool optional; /* the position may be left empty (and every later one) */
    bool repeats;  /* the last position: it stands for every later one too */
    bool rest;     /* the argument is the rest of the line, spaces and all */
} cmd_arg;

typedef enum cmd_result {
    CMD_OK,
    CMD_UNKNOWN,  /* no command, alias or prefix matches */
    CMD_AMBIGUOUS /* a prefix of several commands (cmd_complete lists them) */
} cmd_result;

/* ---- the table -------------------------------------------------------- */

/* Every command, in commands.def order (cmd_table()[CMD_x].id == CMD_x);
 * *n their count (CMD__NCOMMANDS). */
const shell_cmd *cmd_table(size_t *n);
/* The subcommands of c, contiguous, in commands.def order; *n their count
 * (0, and NULL returned, when c has none). */
const shell_cmd *cmd_subs(const shell_cmd *c, size_t *n);
/* The entry of a command or subcommand id; NULL for CMD__NCOMMANDS or out
 * of range. */
const shell_cmd *cmd_get(cmd_id id);
/* The description of a kind; the heading of a group. */
const cmd_kind_info *cmd_kind_get(cmd_kind k);
const char *cmd_group_title(cmd_group g);
/* The fixed words of kind k (completion candidates), contiguous; *n their
 * count (0, and NULL returned, when k has none). */
const cmd_word *cmd_words(cmd_kind k, size_t *n);

/* ---- lookup ------------------------------------------------------------ */

/* Finds the command (parent NULL) or subcommand of parent that the word
 * word[0..len) names. Rules, in order:
 *   1. a name equal to the word;
 *   2. an alias equal to the word (q for quit, h and ? for help);
 *   3. a name the word is a prefix of, when exactly one is: CMD_AMBIGUOUS
 *      when several are. Commands need a prefix of two letters or more
 *      (single letters stay free for erl's shell functions typed without
 *      parentheses: f, b, v, c, l). Subcommands take any prefix, unless
 *      the parent's first argument is not a subcommand (log FILE | log
 *      off): then only rules 1 and 2 apply, so a file is never mistaken
 *      for one.
 * Matching is case-sensitive (TP is an Erlang variable). On CMD_OK *out is
 * the entry; otherwise *out is NULL. */
cmd_result cmd_lookup(const shell_cmd *parent, const char *word, size_t len, const shell_cmd **out);
/* cmd_lookup of a top-level command name: the entry, or NULL when it is
 * unknown or ambiguous. */
const shell_cmd *cmd_find(const char *name);
/* The commands (parent NULL) or subcommands of parent whose name starts
 * with prefix[0..len) (any length, 0 for all), in table order: the first
 * max of them in out[]; returns how many there are in all. For tab
 * completion and for listing the candidates of CMD_AMBIGUOUS. */
size_t cmd_complete(const shell_cmd *parent, const char *prefix, size_t len, const shell_cmd **out,
                    size_t max);
/* Prints the one-line error for a failed cmd_lookup (r is CMD_UNKNOWN or
 * CMD_AMBIGUOUS) of word[0..len) under parent, newline included:
 *   unknown command 'xyz' (help lists the commands)
 *   ambiguous command 'ct': ctp, ctpl, ctpg, ctpe */
void cmd_lookup_error(FILE *f, const shell_cmd *parent, const char *word, size_t len, cmd_result r);

/* ---- arguments and options ----------------------------------------------- */

/* The spec of argument position pos (0 = the first word after the command,
 * or after the subcommand for a subcommand's entry) into *out; false when
 * c takes no argument at pos. */
bool cmd_arg_at(const shell_cmd *c, size_t pos, cmd_arg *out);
/* How many arguments c takes: at least *min, at most *max (SIZE_MAX when
 * the last repeats). Options are not counted. */
void cmd_arity(const shell_cmd *c, size_t *min, size_t *max);
/* Whether word[0..len) is one of c's options ("-v"; "--rotate", without
 * any "=VALUE"); *takes_value tells whether a value follows. */
bool cmd_opt_find(const shell_cmd *c, const char *word, size_t len, bool *takes_value);

/* ---- help text ------------------------------------------------------------ */

/* Prints help to out. cmd NULL or blank: every command by group with its
 * summary. "CMD" or "CMD SUB" (looked up as cmd_lookup does, surrounding
 * blanks ignored): the usage, aliases, help text, subcommands and the
 * tables of fixed words its arguments take. Returns CMD_OK, or the failure
 * of the lookup and prints nothing (cmd_help_error says why). */
cmd_result cmd_help(FILE *out, const char *cmd);
/* Prints to err the one-line reason cmd_help(cmd) failed; nothing when
 * it would succeed. */
void cmd_help_error(FILE *err, const char *cmd);

/* ---- command-line options (shell/options.def) ---------------------------- */

enum { CLI_MANY = 1, CLI_EXITS = 2, CLI_FORMAT = 4 }; /* cli_opt.flags */

typedef enum cli_opt_id {
#define OPT(name, ...) CLI_##name,
#include "shell/options.def"
#undef OPT
    CLI__COUNT
} cli_opt_id;

/* One option; the fields are those of options.def. */
typedef struct cli_opt {
    cli_opt_id id;
    const char *short_name; /* "-e", "-pa"; NULL when none */
    const char *long_name;  /* "--format"; NULL when none */
    const char *args;       /* metavariables, "NAME SUFFIX"; "" */
    const char *kinds;      /* a cmd_kind name per value, "word word"; "" */
    unsigned flags;         /* CLI_MANY | CLI_EXITS | CLI_FORMAT */
    const char *summary;    /* a few words */
    const char *help;       /* --help's text, lines separated by \n */
} cli_opt;

/* Every option, in options.def order (cmd_cli_options(n)[CLI_x].id == CLI_x). */
const cli_opt *cmd_cli_options(size_t *n);
/* Prints `dbgsh --help`: the synopsis, what dbgsh does, every option. */
void cmd_usage(FILE *out);

#endif
