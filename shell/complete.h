/* complete.h: tab completion at the shell's prompt. complete_line decides,
 * from the text before the cursor alone, what the word being typed is (a
 * command, a subcommand, an option, a fixed word, a module, Mod:fun, a
 * session, a file) and lists its candidates; complete_install hands that
 * to libedit. docs/internals/completion.md.
 * Ownership: a complete_result owns its strings (ALLOC_TEMP); the sources
 * add copies of what they find; nothing keeps a pointer into the line. */
#ifndef SHELL_COMPLETE_H
#define SHELL_COMPLETE_H

#include <stdbool.h>
#include <stddef.h>

#include "shell/cmd.h"

/* What the word being completed is. */
typedef enum complete_kind {
    COMPLETE_NONE,       /* nothing to offer (a number, a regex, too many arguments, ...) */
    COMPLETE_COMMAND,    /* the first word: command names, and modules as an expression may start so */
    COMPLETE_SUBCOMMAND, /* a subcommand, or help's second word */
    COMPLETE_CHOICE,     /* one of the words of an a|b position */
    COMPLETE_OPTION,     /* -v, --rotate: a word starting with - where the command takes options */
    COMPLETE_WORD,     /* a fixed word of a kind (complete_result.word_kind): flag, item, match spec alias */
    COMPLETE_MODULE,   /* a module name: an mfa argument, or an Erlang expression */
    COMPLETE_FUNCTION, /* the function after Mod: (shown as name/arity) */
    COMPLETE_SESSION,  /* a session name */
    COMPLETE_FILE      /* a file or directory name (directories only for the dir kind) */
} complete_kind;

/* A growable list of strings, for the sources to fill. */
typedef struct complete_strs {
    char **v;
    size_t n, cap;
} complete_strs;
/* Adds a copy of s[0..len) (NUL-terminated in the list). */
void complete_strs_add(complete_strs *l, const char *s, size_t len);
void complete_strs_free(complete_strs *l);

/* Where the candidates that need the VM or the session table come from.
 * Each adds to *out and may add nothing; the tests pass fakes,
 * complete_vm_source() the real ones. */
typedef struct complete_source {
    void *ctx;
    /* Module names, as ~tw writes the atom ('Elixir.Foo' quoted), that
     * start with prefix[0..len): loaded ones and those a call could load. */
    void (*modules)(void *ctx, const char *prefix, size_t len, complete_strs *out);
    /* The exported functions of the module written module[0..len) (an atom
     * as typed, quotes and all) as "name/arity", name as ~tw writes it,
     * sorted by name then arity; none when it is no module. */
    void (*exports)(void *ctx, const char *module, size_t len, complete_strs *out);
    /* The names of the sessions. */
    void (*sessions)(void *ctx, complete_strs *out);
} complete_source;

/* One candidate. */
typedef struct complete_cand {
    char *word;         /* replaces line[start..cursor): "lists", "seq", "\"my file" */
    char *shown;        /* what a listing shows: the word, "seq/2", "dir/" */
    const char *suffix; /* static: what follows word when it is the only one: " ", ":", "(", "()", "/", "" */
} complete_cand;

typedef struct complete_result {
    complete_kind kind;
    cmd_kind word_kind; /* COMPLETE_WORD: whose fixed words (CMD_KIND_flag, ...) */
    size_t start;       /* the word being completed is line[start..cursor) */
    complete_cand *c;   /* sorted by what is shown (arities by number), no duplicates */
    size_t n, cap;
    /* What TAB puts in place of line[start..cursor): the one word (every
     * candidate has the same word) with its suffix; else the candidates'
     * longest common prefix when it extends the word typed; else NULL. */
    char *insert;
    bool unique; /* insert is the one word and its suffix */
} complete_result;

/* Completes the word that ends at `cursor` in line[0..len) (bytes; text
 * after the cursor plays no part). `continuation`: the line continues an
 * unfinished Erlang input, so it is no command. src may be NULL (no
 * modules, functions or sessions). Fills *out, which the caller releases
 * with complete_result_free: the kind of word (COMPLETE_NONE where
 * nothing is offered) and the candidates, maybe none, that start with
 * what is typed. Reads directories for file names; calls src
 * (which may run Erlang code); never fails. */
void complete_line(const char *line, size_t len, size_t cursor, bool continuation, const complete_source *src,
                   complete_result *out);
void complete_result_free(complete_result *r);

/* The sources backed by the VM (shell/lib/dbgsh_complete.erl through
 * vm_eval_command, untraced) and the session table (sessions.h). Static;
 * call only from the shell's thread, with the VM and sessions started. */
const complete_source *complete_vm_source(void);

/* Makes TAB at libedit's prompt complete with complete_line over src
 * (kept, not copied): the one candidate, or the longest common prefix; a
 * second TAB lists the candidates. Call after rl_instream is set, before
 * the first readline. */
void complete_install(const complete_source *src);
/* Tells completion whether the next line read continues an unfinished
 * Erlang input (no command then). The REPL calls it before each readline. */
void complete_set_continuation(bool continuation);

#endif
