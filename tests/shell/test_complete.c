/* test_complete.c: tests of shell/complete.c's complete_line, the shell's
 * tab completion, with fake sources of modules, exports and sessions (no
 * VM): the first word, command arguments by kind (subcommands, choices,
 * options, fixed words, mfa, sessions, files), Erlang expressions, and
 * edge cases (empty line, cursor mid-line, quoted words, unknown and
 * ambiguous commands, too many arguments). The expression cases give what
 * erl 25's edlin_expand:expand/1 gives for the same text over the same
 * exports (run in erl: the expected insertions and lists below). Last,
 * the real sources (complete_vm_source) on a running VM: modules of the
 * embedded library and of the current directory that are not loaded. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format/format.h"
#include "shell/complete.h"
#include "vm/vm.h"

/* ---- fake sources ---- */

/* lists:module_info(exports) in erl 25, sorted */
static const char *const lists_exports[] = {
    "all/2",         "any/2",         "append/1",     "append/2",    "concat/1",    "delete/2",
    "droplast/1",    "dropwhile/2",   "duplicate/2",  "enumerate/1", "enumerate/2", "filter/2",
    "filtermap/2",   "flatlength/1",  "flatmap/2",    "flatten/1",   "flatten/2",   "foldl/3",
    "foldr/3",       "foreach/2",     "join/2",       "keydelete/3", "keyfind/3",   "keymap/3",
    "keymember/3",   "keymerge/3",    "keyreplace/4", "keysearch/3", "keysort/2",   "keystore/4",
    "keytake/3",     "last/1",        "map/2",        "mapfoldl/3",  "mapfoldr/3",  "max/1",
    "member/2",      "merge/1",       "merge/2",      "merge/3",     "merge3/3",    "min/1",
    "module_info/0", "module_info/1", "nth/2",        "nthtail/2",   "partition/2", "prefix/2",
    "reverse/1",     "reverse/2",     "rkeymerge/3",  "rmerge/2",    "rmerge/3",    "rmerge3/3",
    "rukeymerge/3",  "rumerge/2",     "rumerge/3",    "rumerge3/3",  "search/2",    "seq/2",
    "seq/3",         "sort/1",        "sort/2",       "split/2",     "splitwith/2", "sublist/2",
    "sublist/3",     "subtract/2",    "suffix/2",     "sum/1",       "takewhile/2", "ukeymerge/3",
    "ukeysort/2",    "umerge/1",      "umerge/2",     "umerge/3",    "umerge3/3",   "uniq/1",
    "uniq/2",        "unzip/1",       "unzip3/1",     "usort/1",     "usort/2",     "zf/2",
    "zip/2",         "zip3/3",        "zipwith/3",    "zipwith3/4",  NULL};
/* erlang's, in erl 25: the names starting with n or s */
static const char *const erlang_exports[] = {"nif_error/1",
                                             "nif_error/2",
                                             "node/0",
                                             "node/1",
                                             "nodes/0",
                                             "nodes/1",
                                             "nodes/2",
                                             "'not'/1",
                                             "now/0",
                                             "self/0",
                                             "send/2",
                                             "send/3",
                                             "send_after/3",
                                             "send_after/4",
                                             "send_nosuspend/2",
                                             "send_nosuspend/3",
                                             "seq_trace/2",
                                             "seq_trace_info/1",
                                             "seq_trace_print/1",
                                             "seq_trace_print/2",
                                             "set_cookie/1",
                                             "set_cookie/2",
                                             "set_cpu_topology/1",
                                             "setelement/3",
                                             "setnode/2",
                                             "setnode/3",
                                             "size/1",
                                             "spawn/1",
                                             "spawn/2",
                                             "spawn/3",
                                             "spawn/4",
                                             "spawn_link/1",
                                             "spawn_link/2",
                                             "spawn_link/3",
                                             "spawn_link/4",
                                             "spawn_monitor/1",
                                             "spawn_monitor/2",
                                             "spawn_monitor/3",
                                             "spawn_monitor/4",
                                             "spawn_opt/2",
                                             "spawn_opt/3",
                                             "spawn_opt/4",
                                             "spawn_opt/5",
                                             "spawn_request/1",
                                             "spawn_request/2",
                                             "spawn_request/3",
                                             "spawn_request/4",
                                             "spawn_request/5",
                                             "spawn_request_abandon/1",
                                             "split_binary/2",
                                             "start_timer/3",
                                             "start_timer/4",
                                             "statistics/1",
                                             "subtract/2",
                                             "suspend_process/1",
                                             "suspend_process/2",
                                             "system_flag/2",
                                             "system_info/1",
                                             "system_monitor/0",
                                             "system_monitor/1",
                                             "system_monitor/2",
                                             "system_profile/0",
                                             "system_profile/2",
                                             "system_time/0",
                                             "system_time/1",
                                             NULL};
/* string's, in erl 25: the names starting with l */
static const char *const string_exports[] = {
    "left/2",      "left/3", "len/1", "length/1", "lexemes/2", "list_to_float/1", "list_to_integer/1",
    "lowercase/1", NULL};

/* 'Elixir.Foo' made with compile:forms in erl: one function, go/0. */
static const char *const elixir_exports[] = {"go/0", "module_info/0", "module_info/1", NULL};

/* Module names as ~tw writes them, sorted as dbgsh_complete:modules/1 gives them. */
static const char *const fake_modules[] = {"'Elixir.Foo'", "erlang", "gb_sets", "gb_trees", "io",
                                           "io_lib",       "lists",  "string",  NULL};

static const char *const fake_sessions[] = {"main", "http", "http2", NULL};

static struct {
    int modules, exports, sessions; /* calls */
} calls;

static void add_all(complete_strs *out, const char *const *v, const char *prefix, size_t len)
{
    for (size_t i = 0; v[i]; i++)
        if (strlen(v[i]) >= len && memcmp(v[i], prefix, len) == 0)
            complete_strs_add(out, v[i], strlen(v[i]));
}

static void fake_modules_fn(void *ctx, const char *prefix, size_t len, complete_strs *out)
{
    (void)ctx;
    calls.modules++;
    add_all(out, fake_modules, prefix, len);
}

/* The module text as erl_scan reads it: lists or 'lists'. */
static bool names(const char *text, size_t len, const char *module)
{
    size_t n = strlen(module);
    if (len == n && memcmp(text, module, n) == 0)
        return true;
    return module[0] != '\'' && len == n + 2 && text[0] == '\'' && text[len - 1] == '\'' &&
           memcmp(text + 1, module, n) == 0;
}

static void fake_exports_fn(void *ctx, const char *module, size_t len, complete_strs *out)
{
    (void)ctx;
    calls.exports++;
    const char *const *v = names(module, len, "lists")          ? lists_exports
                           : names(module, len, "erlang")       ? erlang_exports
                           : names(module, len, "string")       ? string_exports
                           : names(module, len, "'Elixir.Foo'") ? elixir_exports
                                                                : NULL;
    if (v)
        add_all(out, v, "", 0);
}

static void fake_sessions_fn(void *ctx, complete_strs *out)
{
    (void)ctx;
    calls.sessions++;
    add_all(out, fake_sessions, "", 0);
}

static const complete_source fake = {NULL, fake_modules_fn, fake_exports_fn, fake_sessions_fn};

/* ---- helpers ---- */

static complete_result R;
static char tmpdir[64];

static void setup(void) { memset(&calls, 0, sizeof calls); }

static void teardown(void)
{
    complete_result_free(&R);
    if (tmpdir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
        cr_assert_eq(system(cmd), 0);
        tmpdir[0] = '\0';
    }
}

TestSuite(complete, .init = setup, .fini = teardown);

/* Completes line with the cursor at `cursor` (-1: the end). */
static void run_at(const char *line, long cursor, bool continuation)
{
    complete_result_free(&R);
    size_t len = strlen(line);
    complete_line(line, len, cursor < 0 ? len : (size_t)cursor, continuation, &fake, &R);
}

static void run(const char *line) { run_at(line, -1, false); }

/* The candidates as shown, space-separated. */
static char *shown(void)
{
    static char buf[8192];
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < R.n && at < sizeof buf; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " " : "", R.c[i].shown);
    return buf;
}

#define EXPECT(kind_, start_, insert_, shown_)                                                               \
    do {                                                                                                     \
        cr_assert_eq(R.kind, kind_, "kind %d, not %d", (int)R.kind, (int)(kind_));                           \
        cr_assert_eq(R.start, (size_t)(start_), "start %zu, not %zu", R.start, (size_t)(start_));            \
        const char *want_ = (insert_);                                                                       \
        if (want_)                                                                                           \
            cr_assert(R.insert && !strcmp(R.insert, want_), "insert \"%s\", not \"%s\"",                     \
                      R.insert ? R.insert : "(none)", want_);                                                \
        else                                                                                                 \
            cr_assert_null(R.insert, "insert \"%s\", not none", R.insert);                                   \
        cr_assert_str_eq(shown(), shown_);                                                                   \
    } while (0)

#define ALL_COMMANDS                                                                                         \
    "ctp ctpe ctpg ctpl dtp filter grep help i log ltp mem p quit rtp save session set source stop tp tpe tpl "  \
    "view wtp"

/* ---- the first word ---- */

Test(complete, empty_line_lists_every_command)
{
    run("");
    EXPECT(COMPLETE_COMMAND, 0, NULL, ALL_COMMANDS);
    cr_assert_eq(calls.modules, 0); /* erl offers no module for an empty word */
    run("   ");
    EXPECT(COMPLETE_COMMAND, 3, NULL, ALL_COMMANDS);
}

Test(complete, command_prefix)
{
    run("ses");
    EXPECT(COMPLETE_COMMAND, 0, "session ", "session");
    cr_assert(R.unique);
    run("  ses");
    EXPECT(COMPLETE_COMMAND, 2, "session ", "session");
    run("ct");
    EXPECT(COMPLETE_COMMAND, 0, "ctp", "ctp ctpe ctpg ctpl");
    cr_assert(!R.unique);
    run("tp");
    EXPECT(COMPLETE_COMMAND, 0, NULL, "tp tpe tpl");
    run("q");
    EXPECT(COMPLETE_COMMAND, 0, "quit ", "quit");
}

Test(complete, first_word_offers_modules_too)
{
    /* an expression may start with a module: erl completes lis to lists: */
    run("lis");
    EXPECT(COMPLETE_COMMAND, 0, "lists:", "lists");
    run("st");
    EXPECT(COMPLETE_COMMAND, 0, NULL, "stop string");
    cr_assert_str_eq(R.c[0].suffix, " ");
    cr_assert_str_eq(R.c[1].suffix, ":");
    run("gb_");
    EXPECT(COMPLETE_COMMAND, 0, NULL, "gb_sets gb_trees"); /* erl: {yes, [], [gb_sets, gb_trees]} */
    run("io");
    EXPECT(COMPLETE_COMMAND, 0, NULL, "io io_lib");
    run("zz");
    EXPECT(COMPLETE_COMMAND, 0, NULL, "");
}

Test(complete, cursor_mid_line)
{
    /* only the text before the cursor counts */
    run_at("ses lists", 3, false);
    EXPECT(COMPLETE_COMMAND, 0, "session ", "session");
    run_at("tp lists x", 6, false);
    EXPECT(COMPLETE_MODULE, 3, "lists", "lists");
    run_at("session use ma rest", 14, false);
    EXPECT(COMPLETE_SESSION, 12, "main ", "main");
    run_at("lists:seq(1, 2)", 8, false);
    EXPECT(COMPLETE_FUNCTION, 6, NULL, "search/2 seq/2 seq/3");
}

/* ---- Erlang expressions (expected: erl 25's edlin_expand) ---- */

Test(complete, expression_functions)
{
    run("lists:se"); /* {yes,[],[{"search",2},{"seq",2},{"seq",3}]} */
    EXPECT(COMPLETE_FUNCTION, 6, NULL, "search/2 seq/2 seq/3");
    run("lists:seq"); /* {yes,"(",[]} */
    EXPECT(COMPLETE_FUNCTION, 6, "seq(", "seq/2 seq/3");
    cr_assert(R.unique);
    run("lists:rev"); /* {yes,"erse(",[]} */
    EXPECT(COMPLETE_FUNCTION, 6, "reverse(", "reverse/1 reverse/2");
    run("lists:module_"); /* {yes,"info(",[]} */
    EXPECT(COMPLETE_FUNCTION, 6, "module_info(", "module_info/0 module_info/1");
    run("erlang:self"); /* {yes,"()",[]} */
    EXPECT(COMPLETE_FUNCTION, 7, "self()", "self/0");
    run("erlang:nod"); /* {yes,"e",[]} */
    EXPECT(COMPLETE_FUNCTION, 7, "node", "node/0 node/1 nodes/0 nodes/1 nodes/2");
    cr_assert(!R.unique);
    run("erlang:no"); /* {yes,[],[node/0,node/1,nodes/0,nodes/1,nodes/2,now/0]} */
    EXPECT(COMPLETE_FUNCTION, 7, NULL, "node/0 node/1 nodes/0 nodes/1 nodes/2 now/0");
    run("erlang:'no"); /* {yes,"t'(",[]} */
    EXPECT(COMPLETE_FUNCTION, 7, "'not'(", "'not'/1");
    run("string:len"); /* {yes,[],[{"len",1},{"length",1}]} */
    EXPECT(COMPLETE_FUNCTION, 7, NULL, "len/1 length/1");
    run("lists:fla"); /* {yes,"t",[]} */
    EXPECT(COMPLETE_FUNCTION, 6, "flat", "flatlength/1 flatmap/2 flatten/1 flatten/2");
    run("lists:ke"); /* {yes,"y",[]} */
    cr_assert_str_eq(R.insert, "key");
    cr_assert_eq(R.n, 10);
}

Test(complete, expression_all_exports_after_colon)
{
    run("'Elixir.Foo':"); /* {no,[],[{"go",0},{"module_info",0},{"module_info",1}]} */
    EXPECT(COMPLETE_FUNCTION, 13, NULL, "go/0 module_info/0 module_info/1");
    run("'Elixir.Foo':g"); /* {yes,"o()",[]} */
    EXPECT(COMPLETE_FUNCTION, 13, "go()", "go/0");
    run("lists:");
    cr_assert_eq(R.n, 88); /* {no,[],[...]}: all 88 */
    cr_assert_null(R.insert);
}

Test(complete, expression_context)
{
    run("lists : se"); /* blanks around the colon: as lists:se */
    EXPECT(COMPLETE_FUNCTION, 8, NULL, "search/2 seq/2 seq/3");
    run("'lists':se");
    EXPECT(COMPLETE_FUNCTION, 8, NULL, "search/2 seq/2 seq/3");
    run("foo(lis"); /* {yes,"ts:",[]} */
    EXPECT(COMPLETE_MODULE, 4, "lists:", "lists");
    run("X = lis");
    EXPECT(COMPLETE_MODULE, 4, "lists:", "lists");
    run("io:format(\"~p\", [lists:fla");
    EXPECT(COMPLETE_FUNCTION, 23, "flat", "flatlength/1 flatmap/2 flatten/1 flatten/2");
    run("X = lists:seq(1, 2), lists:ma");
    EXPECT(COMPLETE_FUNCTION, 27, NULL, "map/2 mapfoldl/3 mapfoldr/3 max/1");
    run("'Eli"); /* {yes,"xir.Foo':",[]} */
    EXPECT(COMPLETE_MODULE, 0, "'Elixir.Foo':", "'Elixir.Foo'");
    run("X = 'Eli");
    EXPECT(COMPLETE_MODULE, 4, "'Elixir.Foo':", "'Elixir.Foo'");
    run("case lis"); /* not a command: Erlang */
    EXPECT(COMPLETE_MODULE, 5, "lists:", "lists");
}

Test(complete, expression_nothing)
{
    const char *nothing[] = {"xx:y",     "lists:'se",  "X = Ma", "X = 4",
                             "lists:\"", "lists:seq(", "X = ",   "f(X) "};
    for (size_t i = 0; i < sizeof nothing / sizeof *nothing; i++) {
        run(nothing[i]);
        cr_assert_eq(R.n, 0, "%s: %zu candidates", nothing[i], R.n);
        cr_assert_null(R.insert, "%s", nothing[i]);
    }
    calls.exports = 0;
    run("xx:y");
    cr_assert_eq(R.kind, COMPLETE_FUNCTION);
    cr_assert_eq(calls.exports, 1);
}

Test(complete, continuation_line_is_erlang)
{
    /* a line that goes on with an unfinished input is no command */
    run_at("tp lis", -1, true);
    EXPECT(COMPLETE_MODULE, 3, "lists:", "lists");
    run_at("ses", -1, true);
    EXPECT(COMPLETE_MODULE, 0, NULL, "");
}

/* ---- command arguments ---- */

Test(complete, mfa_modules_then_functions)
{
    run("tp lis");
    EXPECT(COMPLETE_MODULE, 3, "lists", "lists");
    run("tp lists"); /* typed whole: TAB goes on to the colon */
    EXPECT(COMPLETE_MODULE, 3, "lists:", "lists");
    run("tp gb");
    EXPECT(COMPLETE_MODULE, 3, "gb_", "gb_sets gb_trees");
    run("tp lists:se");
    EXPECT(COMPLETE_FUNCTION, 9, NULL, "search/2 seq/2 seq/3");
    run("tp lists:seq");
    EXPECT(COMPLETE_FUNCTION, 9, "seq/", "seq/2 seq/3");
    run("tp lists:rev");
    EXPECT(COMPLETE_FUNCTION, 9, "reverse", "reverse/1 reverse/2");
    run("tp lists:seq/");
    EXPECT(COMPLETE_FUNCTION, 9, NULL, "seq/2 seq/3");
    run("tp lists:seq/3");
    EXPECT(COMPLETE_FUNCTION, 9, "seq/3 ", "seq/3");
    run("ctpl -v lists:sp");
    EXPECT(COMPLETE_FUNCTION, 14, "split", "split/2 splitwith/2");
    run("tp nosuch:f");
    EXPECT(COMPLETE_FUNCTION, 10, NULL, "");
}

Test(complete, options)
{
    run("tp -");
    EXPECT(COMPLETE_OPTION, 3, "-v ", "-v");
    run("tp -v -"); /* given already */
    EXPECT(COMPLETE_OPTION, 6, NULL, "");
    run("log x --");
    EXPECT(COMPLETE_OPTION, 6, NULL, "--binary --rotate");
    run("log x --r");
    EXPECT(COMPLETE_OPTION, 6, "--rotate ", "--rotate");
    run("log x --rotate 1M --");
    EXPECT(COMPLETE_OPTION, 18, "--binary ", "--binary");
    run("log x --rotate ");
    EXPECT(COMPLETE_NONE, 15, NULL, ""); /* its value */
    run("log x --rotate=");
    EXPECT(COMPLETE_NONE, 6, NULL, "");
    run("filter add -");
    EXPECT(COMPLETE_OPTION, 11, NULL, "-g -i -v");
    run("p -");
    EXPECT(COMPLETE_OPTION, 2, NULL, ""); /* p takes none */
}

Test(complete, fixed_words)
{
    run("p all ti");
    EXPECT(COMPLETE_WORD, 6, "timestamp ", "timestamp");
    cr_assert_eq(R.word_kind, CMD_KIND_flag);
    run("p all c sos ");
    cr_assert_eq(R.kind, COMPLETE_WORD);
    cr_assert_eq(R.n, 31); /* every flag, the position repeats */
    run("p ");
    EXPECT(COMPLETE_WORD, 2, NULL,
           "all existing existing_ports existing_processes new new_ports new_processes ports processes");
    cr_assert_eq(R.word_kind, CMD_KIND_item);
    run("p new_p");
    EXPECT(COMPLETE_WORD, 2, NULL, "new_ports new_processes"); /* no longer than typed */
    run("tp lists:seq ");
    EXPECT(COMPLETE_WORD, 13, NULL,
           "c caller caller_exception_trace caller_trace cx exception_trace return x");
    cr_assert_eq(R.word_kind, CMD_KIND_matchspec);
    run("tp lists:seq r");
    EXPECT(COMPLETE_WORD, 13, "return ", "return");
    run("tp lists:seq [{'_', ");
    EXPECT(COMPLETE_NONE, 20, NULL, ""); /* inside the match spec: the rest of the line */
    run("tpe send ");
    cr_assert_eq(R.word_kind, CMD_KIND_matchspec);
    cr_assert_eq(calls.modules + calls.exports + calls.sessions, 0);
}

Test(complete, choices)
{
    run("ctpe ");
    EXPECT(COMPLETE_CHOICE, 5, NULL, "receive send");
    run("ctpe s");
    EXPECT(COMPLETE_CHOICE, 5, "send ", "send");
    run("set clock ");
    EXPECT(COMPLETE_CHOICE, 10, NULL, "iso raw");
    run("set on-error c");
    EXPECT(COMPLETE_CHOICE, 13, "continue ", "continue");
    run("set color ");
    EXPECT(COMPLETE_CHOICE, 10, NULL, "always auto never");
}

Test(complete, subcommands)
{
    run("session ");
    EXPECT(COMPLETE_SUBCOMMAND, 8, NULL, "destroy list new pause resume use");
    run("session d");
    EXPECT(COMPLETE_SUBCOMMAND, 8, "destroy ", "destroy");
    run("set on");
    EXPECT(COMPLETE_SUBCOMMAND, 4, "on-error ", "on-error");
    run("filter ");
    EXPECT(COMPLETE_SUBCOMMAND, 7, NULL, "add clear del list");
    run("session x ");
    EXPECT(COMPLETE_NONE, 10, NULL, ""); /* no such subcommand */
    run("session new ");
    EXPECT(COMPLETE_NONE, 12, NULL, ""); /* a new name */
    run("help ");
    EXPECT(COMPLETE_COMMAND, 5, NULL, ALL_COMMANDS);
    run("help sess ");
    EXPECT(COMPLETE_SUBCOMMAND, 10, NULL, "destroy list new pause resume use");
    run("help session n");
    EXPECT(COMPLETE_SUBCOMMAND, 13, "new ", "new");
    run("help tp ");
    EXPECT(COMPLETE_SUBCOMMAND, 8, NULL, "");
}

Test(complete, sessions)
{
    run("session use m");
    EXPECT(COMPLETE_SESSION, 12, "main ", "main");
    run("session use ");
    EXPECT(COMPLETE_SESSION, 12, NULL, "http http2 main");
    run("session destroy ht");
    EXPECT(COMPLETE_SESSION, 16, "http", "http http2");
    run("view main h");
    EXPECT(COMPLETE_SESSION, 10, "http", "http http2");
    run("i ");
    EXPECT(COMPLETE_SESSION, 2, NULL, "http http2 main");
    cr_assert_eq(calls.sessions, 5);
}

Test(complete, nothing_past_the_last_argument)
{
    const char *full[] = {"ltp ",
                          "dtp 2 ",
                          "quit x",
                          "i main ",
                          "session use main ",
                          "tp lists:seq x y",
                          "ctp lists ",
                          "set clock iso ",
                          "help session new "};
    for (size_t i = 0; i < sizeof full / sizeof *full; i++) {
        run(full[i]);
        cr_assert_eq(R.kind, COMPLETE_NONE, "%s: kind %d", full[i], (int)R.kind);
        cr_assert_eq(R.n, 0, "%s", full[i]);
    }
    run("dtp ");
    EXPECT(COMPLETE_NONE, 4, NULL, ""); /* a number */
    run("grep ");
    EXPECT(COMPLETE_NONE, 5, NULL, ""); /* a regex */
}

Test(complete, unknown_and_ambiguous_commands)
{
    run("ct lis"); /* ambiguous: the command fails, nothing to offer */
    EXPECT(COMPLETE_NONE, 6, NULL, "");
    run("xyz ");
    EXPECT(COMPLETE_NONE, 4, NULL, "");
    run("xyz lis"); /* unknown: Erlang, as erl would */
    EXPECT(COMPLETE_MODULE, 4, "lists:", "lists");
    run("TP lis"); /* a variable: commands are lower case */
    EXPECT(COMPLETE_MODULE, 3, "lists:", "lists");
}

Test(complete, quoted_words)
{
    run("p \"al");
    EXPECT(COMPLETE_NONE, 2, NULL, "");
    run("session use \"ma");
    EXPECT(COMPLETE_NONE, 12, NULL, "");
    run("source \"a b\" ");
    EXPECT(COMPLETE_NONE, 13, NULL, ""); /* its ARGs are words */
}

Test(complete, too_many_words)
{
    char line[512] = "source f";
    for (int i = 0; i < 70; i++)
        strcat(line, " a");
    strcat(line, " ");
    run(line);
    EXPECT(COMPLETE_NONE, strlen(line), NULL, "");
}

/* ---- files ---- */

static void make_files(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_complete.XXXXXX");
    cr_assert_not_null(mkdtemp(tmpdir));
    const char *files[] = {"alpha.txt", "beta file.txt", ".hidden", "q\"uote", "zeta"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", tmpdir, files[i]);
        FILE *f = fopen(path, "w");
        cr_assert_not_null(f);
        fclose(f);
    }
    char path[256];
    snprintf(path, sizeof path, "%s/alpine", tmpdir);
    cr_assert_eq(mkdir(path, 0700), 0);
}

/* line = cmd + " " + tmpdir + "/" + rest, completed. */
static void run_file(const char *cmd, const char *quote, const char *rest, char *want, size_t cap,
                     const char *want_rest)
{
    char line[512];
    snprintf(line, sizeof line, "%s %s%s/%s", cmd, quote, tmpdir, rest);
    run(line);
    if (want)
        snprintf(want, cap, "%s%s/%s", quote, tmpdir, want_rest);
}

Test(complete, files)
{
    make_files();
    char want[512];
    size_t at = strlen("log ");
    run_file("log", "", "al", want, sizeof want, "alp");
    EXPECT(COMPLETE_FILE, at, want, "alpha.txt alpine/");
    run_file("log", "", "alph", want, sizeof want, "alpha.txt ");
    EXPECT(COMPLETE_FILE, at, want, "alpha.txt");
    run_file("save", "", "alpi", want, sizeof want, "alpine/");
    EXPECT(COMPLETE_FILE, strlen("save "), want, "alpine/");
    run_file("log", "", "", NULL, 0, NULL);
    EXPECT(COMPLETE_FILE, at, NULL, "alpha.txt alpine/ beta file.txt q\"uote zeta");
    run_file("wtp", "", ".", want, sizeof want, ".hidden ");
    EXPECT(COMPLETE_FILE, strlen("wtp "), want, ".hidden");
    run_file("rtp", "", "zz", NULL, 0, NULL);
    EXPECT(COMPLETE_FILE, strlen("rtp "), NULL, "");
    run_file("source", "", "alpine/", NULL, 0, NULL);
    EXPECT(COMPLETE_FILE, strlen("source "), NULL, "");
}

Test(complete, file_names_that_need_quotes)
{
    make_files();
    char want[512];
    /* a blank in the name: the word becomes a quoted one, closed after it */
    run_file("log", "", "be", want, sizeof want, "beta file.txt\" ");
    memmove(want + 1, want, strlen(want) + 1);
    want[0] = '"';
    EXPECT(COMPLETE_FILE, 4, want, "beta file.txt");
    /* typed in quotes: the word starts at the quote */
    run_file("log", "\"", "beta f", want, sizeof want, "beta file.txt\" ");
    EXPECT(COMPLETE_FILE, 4, want, "beta file.txt");
    run_file("log", "\"", "q", want, sizeof want, "q\\\"uote\" ");
    EXPECT(COMPLETE_FILE, 4, want, "q\"uote");
    run_file("log", "\"", "al", want, sizeof want, "alp");
    EXPECT(COMPLETE_FILE, 4, want, "alpha.txt alpine/");
    /* unquoted, a quote inside the name is no quote */
    run_file("log", "", "q", want, sizeof want, "q\"uote ");
    EXPECT(COMPLETE_FILE, 4, want, "q\"uote");
}

Test(complete, log_offers_its_subcommand_and_files)
{
    make_files();
    char cwd[4096];
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    cr_assert_eq(chdir(tmpdir), 0);
    run("log ");
    cr_assert_str_eq(shown(), "alpha.txt alpine/ beta file.txt off q\"uote zeta");
    run("log o");
    EXPECT(COMPLETE_FILE, 4, "off ", "off");
    run("log z");
    EXPECT(COMPLETE_FILE, 4, "zeta ", "zeta");
    run("log off ");
    EXPECT(COMPLETE_NONE, 8, NULL, "");
    cr_assert_eq(chdir(cwd), 0);
}

Test(complete, no_sources)
{
    complete_result_free(&R);
    complete_line("tp lis", 6, 6, false, NULL, &R);
    EXPECT(COMPLETE_MODULE, 3, NULL, "");
    complete_result_free(&R);
    complete_line("session use m", 13, 13, false, NULL, &R);
    EXPECT(COMPLETE_SESSION, 12, NULL, "");
}

/* ---- the sources backed by the VM ---- */

/* The shell's Erlang modules (dbgsh_complete, ...), as shell/main.c adds them. */
extern const vm_lib_file shell_embedded_lib[];
extern const size_t shell_embedded_lib_n;

/* A VM as dbgsh starts it (one scheduler), its current directory a new
 * one holding cvm_local.erl. Criterion runs each test in its own process,
 * which ends with the VM still running. */
static void setup_vm(void)
{
    setup();
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_complete.XXXXXX");
    cr_assert_not_null(mkdtemp(tmpdir));
    cr_assert_eq(chdir(tmpdir), 0);
    FILE *f = fopen("cvm_local.erl", "w");
    cr_assert_not_null(f);
    fputs("-module(cvm_local).\n-export([go/0, go/1]).\ngo() -> ok.\ngo(_) -> ok.\n", f);
    fclose(f);
    atom_table_init();
    fmt_io_register();
    vm_add_library(shell_embedded_lib, shell_embedded_lib_n);
    vm_start(1);
}

TestSuite(complete_vm, .init = setup_vm, .fini = teardown);

static void run_vm(const char *line)
{
    complete_result_free(&R);
    complete_line(line, strlen(line), strlen(line), false, complete_vm_source(), &R);
}

static bool is_loaded(const char *module) { return code_module(atom_from_cstr(module)) != NULL; }

/* Modules nobody has called yet complete (code:all_available/0), as erl
 * completes them: "arr" -> "array:", "gb_t" -> "gb_trees:". */
Test(complete_vm, modules_not_loaded)
{
    cr_assert(!is_loaded("array") && !is_loaded("gb_trees") && !is_loaded("cvm_local"));
    run_vm("arr");
    EXPECT(COMPLETE_COMMAND, 0, "array:", "array");
    run_vm("gb_t");
    EXPECT(COMPLETE_COMMAND, 0, "gb_trees:", "gb_trees");
    run_vm("X = gb_");
    EXPECT(COMPLETE_MODULE, 4, NULL, "gb_sets gb_trees"); /* erl: {yes, [], [gb_sets, gb_trees]} */
    run_vm("tp cvm_l");
    EXPECT(COMPLETE_MODULE, 3, "cvm_local", "cvm_local");
    cr_expect(!is_loaded("array") && !is_loaded("cvm_local"), "listing names loads nothing");
}

/* The exports of a module that is not loaded yet: asking for them loads
 * it (our modules are compiled from source; erl reads the .beam). */
Test(complete_vm, exports_of_modules_not_loaded)
{
    cr_assert(!is_loaded("array") && !is_loaded("queue"));
    run_vm("array:ne");
    EXPECT(COMPLETE_FUNCTION, 6, "new(", "new/0 new/1 new/2");
    run_vm("queue:is_");
    EXPECT(COMPLETE_FUNCTION, 6, NULL, "is_empty/1 is_queue/1");
    run_vm("tp cvm_local:");
    EXPECT(COMPLETE_FUNCTION, 13, NULL, "go/0 go/1 module_info/0 module_info/1");
    cr_expect(is_loaded("array") && is_loaded("cvm_local"));
}
