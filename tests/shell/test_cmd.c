/* test_cmd.c: tests of shell/cmd.c, the command table of
 * shell/commands.def and the option table of shell/options.def: the rules
 * every entry follows, lookup by name, alias and prefix, argument specs,
 * and the text of help, help CMD and --help. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shell/cmd.h"

/* ---- helpers ---- */

/* Runs stmt with FILE *out open on a string var: what stmt printed,
 * NUL-terminated; free() it. */
#define CAPTURE(var, stmt)                                                                                   \
    char *var = NULL;                                                                                        \
    do {                                                                                                     \
        size_t var##_len;                                                                                    \
        FILE *out = open_memstream(&var, &var##_len);                                                        \
        cr_assert_not_null(out);                                                                             \
        stmt;                                                                                                \
        fclose(out);                                                                                         \
    } while (0)

static const shell_cmd *lookup_ok(const shell_cmd *parent, const char *word)
{
    const shell_cmd *c = (const shell_cmd *)1;
    cmd_result r = cmd_lookup(parent, word, strlen(word), &c);
    cr_assert_eq(r, CMD_OK, "lookup of '%s' gave %d", word, (int)r);
    cr_assert_not_null(c);
    return c;
}

static cmd_result lookup_fails(const shell_cmd *parent, const char *word)
{
    const shell_cmd *c = (const shell_cmd *)1;
    cmd_result r = cmd_lookup(parent, word, strlen(word), &c);
    cr_assert_neq(r, CMD_OK, "lookup of '%s' succeeded", word);
    cr_assert_null(c);
    return r;
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Every command, then every subcommand, by id. */
static size_t all_entries(const shell_cmd **out)
{
    size_t n = 0;
    for (int id = 0; id < CMD__COUNT; id++)
        if (cmd_get((cmd_id)id))
            out[n++] = cmd_get((cmd_id)id);
    return n;
}

/* Is kind name s[0..len) one of commands.def's KINDs? */
static bool is_kind_name(const char *s, size_t len)
{
    for (int k = 0; k < CMD_KIND__COUNT; k++) {
        const char *name = cmd_kind_get((cmd_kind)k)->name;
        if (strlen(name) == len && memcmp(name, s, len) == 0)
            return true;
    }
    return false;
}

/* ---- the table follows the rules of commands.def ---- */

Test(help, the_commands_of_issue_5_are_all_there)
{
    static const char *const names[] = {"tp",     "tpl",  "ctp", "ctpl",   "ctpg", "tpe",  "ctpe",    "p",
                                        "i",      "ltp",  "dtp", "wtp",    "rtp",  "stop", "session", "view",
                                        "filter", "grep", "log", "source", "save", "mem",  "set",     "help",
                                        "quit"};
    size_t n;
    const shell_cmd *t = cmd_table(&n);
    cr_assert_eq(n, sizeof names / sizeof *names);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(t[i].id, (cmd_id)i);
        cr_assert_eq(cmd_get((cmd_id)i), &t[i]);
        cr_assert_null(t[i].parent);
        cr_assert_eq(cmd_find(t[i].name), &t[i]);
        cr_assert_not_null(cmd_find(names[i]), "%s", names[i]);
        cr_assert_str_eq(cmd_find(names[i])->name, names[i]);
    }
    static const char *const session_subs[] = {"new", "use", "list", "pause", "resume", "destroy"};
    const shell_cmd *s = cmd_find("session");
    size_t ns;
    const shell_cmd *sub = cmd_subs(s, &ns);
    cr_assert_eq(ns, 6);
    for (size_t i = 0; i < ns; i++) {
        cr_assert_str_eq(sub[i].name, session_subs[i]);
        cr_assert_eq(sub[i].parent, s);
    }
    static const char *const filter_subs[] = {"add", "list", "del", "clear"};
    sub = cmd_subs(cmd_find("filter"), &ns);
    cr_assert_eq(ns, 4);
    for (size_t i = 0; i < ns; i++)
        cr_assert_str_eq(sub[i].name, filter_subs[i]);
    sub = cmd_subs(cmd_find("log"), &ns);
    cr_assert_eq(ns, 1);
    cr_assert_str_eq(sub[0].name, "off");
    cr_assert_null(cmd_subs(cmd_find("tp"), &ns));
    cr_assert_eq(ns, 0);
    cr_assert_eq(cmd_get(CMD_session_new), &cmd_subs(s, &ns)[0]);
    cr_assert_eq(cmd_get(CMD_set_on_error)->id, CMD_set_on_error);
    cr_assert_str_eq(cmd_get(CMD_set_on_error)->name, "on-error");
    cr_assert_null(cmd_get(CMD__NCOMMANDS));
    cr_assert_null(cmd_get(CMD__COUNT));
}

Test(help, every_entry_has_usage_summary_and_help)
{
    const shell_cmd *e[CMD__COUNT];
    size_t n = all_entries(e);
    cr_assert_eq(n, CMD__COUNT - 1);
    for (size_t i = 0; i < n; i++) {
        const shell_cmd *c = e[i];
        char name[64];
        if (c->parent)
            snprintf(name, sizeof name, "%s %s", c->parent->name, c->name);
        else
            snprintf(name, sizeof name, "%s", c->name);
        size_t nl = strlen(name);
        /* usage starts with the words typed */
        cr_assert(strncmp(c->usage, name, nl) == 0 && (c->usage[nl] == ' ' || c->usage[nl] == '\0'),
                  "usage of %s: %s", name, c->usage);
        /* summary: one line, lower case, no full stop, at most 60 columns */
        size_t sl = strlen(c->summary);
        cr_assert(sl > 0 && sl <= 60, "summary of %s", name);
        cr_assert(c->summary[0] >= 'a' && c->summary[0] <= 'z', "summary of %s", name);
        cr_assert_neq(c->summary[sl - 1], '.', "summary of %s", name);
        cr_assert_null(strchr(c->summary, '\n'), "summary of %s", name);
        /* help: lines of at most 74 columns ending in \n, no tabs or
         * trailing blanks, examples after an empty line or an example */
        size_t hl = strlen(c->help);
        cr_assert(hl > 20, "help of %s", name);
        cr_assert_eq(c->help[hl - 1], '\n', "help of %s", name);
        cr_assert_null(strchr(c->help, '\t'), "help of %s", name);
        bool prev_blank = true, prev_example = false;
        for (const char *p = c->help; *p;) {
            const char *end = strchr(p, '\n');
            size_t len = (size_t)(end - p);
            cr_assert(len <= 74, "help of %s: line too long: %.*s", name, (int)len, p);
            cr_assert(len == 0 || p[len - 1] != ' ', "help of %s: trailing blank", name);
            bool example = len >= 4 && memcmp(p, "    ", 4) == 0;
            if (example)
                cr_assert(prev_blank || prev_example, "help of %s: example not after an empty line: %.*s",
                          name, (int)len, p);
            cr_assert(example || len == 0 || p[0] != ' ', "help of %s: indented prose", name);
            prev_blank = len == 0;
            prev_example = example;
            p = end + 1;
        }
        cr_assert(!prev_blank, "help of %s ends in an empty line", name);
    }
}

Test(help, names_and_aliases_are_unique)
{
    const shell_cmd *e[CMD__COUNT];
    size_t n = all_entries(e);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            if (e[i]->parent != e[j]->parent)
                continue;
            cr_assert_str_neq(e[i]->name, e[j]->name);
        }
    /* an alias names its command and no other */
    size_t nc;
    const shell_cmd *t = cmd_table(&nc);
    for (size_t i = 0; i < nc; i++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", t[i].aliases);
        for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
            cr_assert_eq(lookup_ok(NULL, w), &t[i], "alias %s", w);
            for (size_t j = 0; j < nc; j++)
                cr_assert_str_neq(t[j].name, w);
        }
    }
}

Test(help, argument_specs_are_well_formed)
{
    const shell_cmd *e[CMD__COUNT];
    size_t n = all_entries(e);
    for (size_t i = 0; i < n; i++) {
        const char *p = e[i]->args;
        bool optional_seen = false, repeat_seen = false;
        size_t pos = 0;
        while (*p) {
            cr_assert_neq(*p, ' ', "args of %s: double blank", e[i]->name);
            size_t len = strcspn(p, " ");
            const char *s = p;
            cr_assert_not(repeat_seen, "args of %s: a repeated argument is not last", e[i]->name);
            bool optional = len >= 2 && s[0] == '[' && s[len - 1] == ']';
            if (optional)
                s++, len -= 2;
            cr_assert(optional || !optional_seen, "args of %s: required after optional", e[i]->name);
            optional_seen |= optional;
            if (len > 3 && memcmp(s + len - 3, "...", 3) == 0)
                len -= 3, repeat_seen = true;
            cr_assert(memchr(s, '|', len) || is_kind_name(s, len), "args of %s: unknown kind '%.*s'",
                      e[i]->name, (int)len, s);
            cmd_arg a;
            cr_assert(cmd_arg_at(e[i], pos, &a));
            cr_assert_eq(a.optional, optional);
            cr_assert_eq(a.repeats, repeat_seen);
            if (a.kind == CMD_KIND_choice)
                cr_assert(a.choices == s && a.choices_len == len);
            else
                cr_assert(strlen(cmd_kind_get(a.kind)->name) == len &&
                          !memcmp(cmd_kind_get(a.kind)->name, s, len));
            /* a rest-of-line argument is last */
            if (a.rest)
                cr_assert_eq(s[len + (optional ? 1 : 0) + (repeat_seen ? 3 : 0)], '\0', "%s", e[i]->name);
            p += (size_t)(s - p) + len + (repeat_seen ? 3 : 0) + (optional ? 1 : 0);
            if (*p == ' ')
                p++;
            pos++;
        }
        cmd_arg a;
        cr_assert_eq(cmd_arg_at(e[i], pos, &a), repeat_seen, "%s", e[i]->name);
        /* a command has a subcommand argument iff it has subcommands;
         * only a first argument may be one */
        size_t ns;
        bool has_subs = cmd_subs(e[i], &ns) != NULL;
        bool sub_arg = cmd_arg_at(e[i], 0, &a) && a.kind == CMD_KIND_subcommand;
        if (!e[i]->parent && strcmp(e[i]->name, "help") && strcmp(e[i]->name, "log"))
            cr_assert_eq(has_subs, sub_arg, "%s", e[i]->name);
    }
}

Test(help, argument_positions_of_known_commands)
{
    cmd_arg a;
    const shell_cmd *tp = cmd_find("tp");
    cr_assert(cmd_arg_at(tp, 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_mfa);
    cr_assert_not(a.optional);
    cr_assert_not(a.rest);
    cr_assert(cmd_arg_at(tp, 1, &a));
    cr_assert_eq(a.kind, CMD_KIND_matchspec);
    cr_assert(a.optional);
    cr_assert(a.rest);
    cr_assert_not(cmd_arg_at(tp, 2, &a));

    const shell_cmd *p = cmd_find("p");
    cr_assert(cmd_arg_at(p, 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_item);
    for (size_t pos = 1; pos < 9; pos++) {
        cr_assert(cmd_arg_at(p, pos, &a));
        cr_assert_eq(a.kind, CMD_KIND_flag);
        cr_assert(a.optional && a.repeats);
    }

    cr_assert(cmd_arg_at(cmd_find("tpe"), 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_choice);
    cr_assert_eq(a.choices_len, strlen("send|receive"));
    cr_assert(memcmp(a.choices, "send|receive", a.choices_len) == 0);

    const shell_cmd *clock = lookup_ok(cmd_find("set"), "clock");
    cr_assert(cmd_arg_at(clock, 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_choice);
    cr_assert(memcmp(a.choices, "iso|raw", a.choices_len) == 0);

    cr_assert(cmd_arg_at(lookup_ok(cmd_find("filter"), "add"), 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_regex);
    cr_assert(a.rest);
    cr_assert(cmd_arg_at(lookup_ok(cmd_find("session"), "use"), 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_session);
    cr_assert(cmd_arg_at(cmd_find("help"), 1, &a));
    cr_assert_eq(a.kind, CMD_KIND_subcommand);
    cr_assert(cmd_arg_at(cmd_find("log"), 0, &a));
    cr_assert_eq(a.kind, CMD_KIND_file);
    cr_assert_not(cmd_arg_at(cmd_find("ltp"), 0, &a));

    size_t min, max;
    cmd_arity(tp, &min, &max);
    cr_assert(min == 1 && max == 2);
    cmd_arity(cmd_find("ctp"), &min, &max);
    cr_assert(min == 0 && max == 1);
    cmd_arity(p, &min, &max);
    cr_assert(min == 1 && max == SIZE_MAX);
    cmd_arity(cmd_find("ltp"), &min, &max);
    cr_assert(min == 0 && max == 0);
    cmd_arity(cmd_find("help"), &min, &max);
    cr_assert(min == 0 && max == 2);
    cmd_arity(lookup_ok(cmd_find("session"), "new"), &min, &max);
    cr_assert(min == 1 && max == 1);
}

Test(help, options_of_commands)
{
    bool value = true;
    cr_assert(cmd_opt_find(cmd_find("tp"), "-v", 2, &value));
    cr_assert_not(value);
    cr_assert_not(cmd_opt_find(cmd_find("tp"), "-i", 2, &value));
    cr_assert_not(cmd_opt_find(cmd_find("tp"), "-", 1, &value));
    cr_assert_not(cmd_opt_find(cmd_find("ltp"), "-v", 2, &value));
    const shell_cmd *log = cmd_find("log");
    cr_assert(cmd_opt_find(log, "--rotate", 8, &value));
    cr_assert(value);
    cr_assert(cmd_opt_find(log, "--binary", 8, &value));
    cr_assert_not(value);
    cr_assert_not(cmd_opt_find(log, "--rot", 5, &value));
    const shell_cmd *add = lookup_ok(cmd_find("filter"), "add");
    cr_assert(cmd_opt_find(add, "-v", 2, &value) && cmd_opt_find(add, "-i", 2, &value) &&
              cmd_opt_find(add, "-g", 2, &value));
    /* every option is shown in the usage */
    const shell_cmd *e[CMD__COUNT];
    size_t n = all_entries(e);
    for (size_t i = 0; i < n; i++) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", e[i]->opts);
        for (char *w = strtok(buf, " ="); w; w = strtok(NULL, " ="))
            cr_assert_not_null(strstr(e[i]->usage, w), "%s: option %s", e[i]->name, w);
    }
}

/* The fixed words: one run per kind, and the flags and aliases of OTP 25's
 * dbg (dbg:transform_flags/1 and dbg:ltp/0 in erl). */
Test(help, words_are_grouped_by_kind_and_match_dbg)
{
    size_t counts[CMD_KIND__COUNT] = {0};
#define WORD(kind, word, meaning) counts[CMD_KIND_##kind]++;
#include "shell/commands.def"
    for (int k = 0; k < CMD_KIND__COUNT; k++) {
        size_t n;
        const cmd_word *w = cmd_words((cmd_kind)k, &n);
        cr_assert_eq(n, counts[k], "kind %s", cmd_kind_get((cmd_kind)k)->name);
        for (size_t i = 0; i < n; i++) {
            cr_assert_eq(w[i].kind, (cmd_kind)k);
            cr_assert_gt(strlen(w[i].meaning), 0);
        }
    }
    /* dbg:transform_flags([F]) for each shorthand, in erl */
    static const char *const shorthands[][2] = {{"s", "send"},
                                                {"r", "receive"},
                                                {"c", "call"},
                                                {"p", "procs"},
                                                {"sos", "set_on_spawn"},
                                                {"sol", "set_on_link"},
                                                {"sofs", "set_on_first_spawn"},
                                                {"sofl", "set_on_first_link"}};
    /* dbg:transform_flags([all]) ++ [silent, running]: every flag of dbg */
    static const char *const flags[] = {"send",
                                        "receive",
                                        "call",
                                        "procs",
                                        "ports",
                                        "garbage_collection",
                                        "set_on_spawn",
                                        "set_on_first_spawn",
                                        "set_on_link",
                                        "set_on_first_link",
                                        "timestamp",
                                        "monotonic_timestamp",
                                        "strict_monotonic_timestamp",
                                        "arity",
                                        "return_to",
                                        "running_procs",
                                        "running_ports",
                                        "exiting",
                                        "silent",
                                        "running"};
    size_t n;
    const cmd_word *w = cmd_words(CMD_KIND_flag, &n);
    for (size_t s = 0; s < sizeof shorthands / sizeof *shorthands; s++) {
        size_t i = 0;
        while (i < n && strcmp(w[i].word, shorthands[s][0]))
            i++;
        cr_assert_lt(i, n, "shorthand %s", shorthands[s][0]);
        cr_assert_str_eq(w[i].meaning, shorthands[s][1]);
    }
    for (size_t f = 0; f < sizeof flags / sizeof *flags; f++) {
        size_t i = 0;
        while (i < n && strcmp(w[i].word, flags[f]))
            i++;
        cr_assert_lt(i, n, "flag %s", flags[f]);
    }
    static const char *const more[] = {"m", "all", "clear"};
    for (size_t f = 0; f < 3; f++) {
        size_t i = 0;
        while (i < n && strcmp(w[i].word, more[f]))
            i++;
        cr_assert_lt(i, n, "flag %s", more[f]);
    }
    /* dbg:ltp() in erl: x, c and cx */
    w = cmd_words(CMD_KIND_matchspec, &n);
    cr_assert_geq(n, 5);
    cr_assert_str_eq(w[0].word, "x");
    cr_assert(starts(w[0].meaning, "[{'_',[],[{exception_trace}]}]"));
    cr_assert_str_eq(w[1].word, "c");
    cr_assert(starts(w[1].meaning, "[{'_',[],[{message,{caller}}]}]"));
    cr_assert_str_eq(w[2].word, "cx");
    cr_assert(starts(w[2].meaning, "[{'_',[],[{exception_trace},{message,{caller}}]}]"));
    cr_assert_str_eq(w[3].word, "return");
    cr_assert_str_eq(w[4].word, "caller");
    cr_assert_null(cmd_words(CMD_KIND_file, &n));
    cr_assert_eq(n, 0);
}

/* ---- lookup ---- */

Test(help, exact_names_win_over_prefixes)
{
    cr_assert_str_eq(lookup_ok(NULL, "tp")->name, "tp"); /* also a prefix of tpl, tpe */
    cr_assert_str_eq(lookup_ok(NULL, "ctp")->name, "ctp");
    cr_assert_str_eq(lookup_ok(NULL, "p")->name, "p");
    cr_assert_str_eq(lookup_ok(NULL, "i")->name, "i");
    cr_assert_eq(cmd_find("session")->id, CMD_session);
    /* a word is looked up by its length, not to a NUL */
    const shell_cmd *c;
    cr_assert_eq(cmd_lookup(NULL, "tpl lists", 3, &c), CMD_OK);
    cr_assert_str_eq(c->name, "tpl");
}

Test(help, unique_prefixes_and_aliases)
{
    cr_assert_str_eq(lookup_ok(NULL, "sess")->name, "session");
    cr_assert_str_eq(lookup_ok(NULL, "ses")->name, "session");
    cr_assert_str_eq(lookup_ok(NULL, "fi")->name, "filter");
    cr_assert_str_eq(lookup_ok(NULL, "gr")->name, "grep");
    cr_assert_str_eq(lookup_ok(NULL, "qu")->name, "quit");
    cr_assert_str_eq(lookup_ok(NULL, "dt")->name, "dtp");
    cr_assert_str_eq(lookup_ok(NULL, "q")->name, "quit");
    cr_assert_str_eq(lookup_ok(NULL, "exit")->name, "quit");
    cr_assert_str_eq(lookup_ok(NULL, "h")->name, "help");
    cr_assert_str_eq(lookup_ok(NULL, "?")->name, "help");
    cr_assert_eq(cmd_find("he"), cmd_find("help"));
    /* subcommands: any unique prefix */
    const shell_cmd *session = cmd_find("session"), *set = cmd_find("set");
    cr_assert_eq(lookup_ok(session, "l")->id, CMD_session_list);
    cr_assert_eq(lookup_ok(session, "d")->id, CMD_session_destroy);
    cr_assert_eq(lookup_ok(session, "new")->id, CMD_session_new);
    cr_assert_eq(lookup_ok(set, "cl")->id, CMD_set_clock);
    cr_assert_eq(lookup_ok(set, "on")->id, CMD_set_on_error);
    cr_assert_eq(lookup_ok(cmd_find("filter"), "del")->id, CMD_filter_del);
    /* log FILE | log off: exact only, so that a file is never a subcommand */
    cr_assert_eq(lookup_ok(cmd_find("log"), "off")->id, CMD_log_off);
    cr_assert_eq(lookup_fails(cmd_find("log"), "of"), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(cmd_find("log"), "o"), CMD_UNKNOWN);
}

Test(help, ambiguous_prefix_lists_its_candidates)
{
    const shell_cmd *cands[8];
    cr_assert_eq(lookup_fails(NULL, "ct"), CMD_AMBIGUOUS);
    cr_assert_null(cmd_find("ct"));
    size_t n = cmd_complete(NULL, "ct", 2, cands, 8);
    cr_assert_eq(n, 4);
    cr_assert_str_eq(cands[0]->name, "ctp");
    cr_assert_str_eq(cands[1]->name, "ctpl");
    cr_assert_str_eq(cands[2]->name, "ctpg");
    cr_assert_str_eq(cands[3]->name, "ctpe");
    cr_assert_eq(cmd_complete(NULL, "ct", 2, cands, 2), 4); /* counts past max */
    cr_assert_eq(cmd_complete(NULL, "", 0, cands, 0), CMD__NCOMMANDS);
    cr_assert_eq(cmd_complete(NULL, "zz", 2, cands, 8), 0);
    n = cmd_complete(cmd_find("set"), "c", 1, cands, 8);
    cr_assert_eq(n, 2);
    cr_assert_str_eq(cands[0]->name, "clock");
    cr_assert_str_eq(cands[1]->name, "color");
    cr_assert_eq(lookup_fails(cmd_find("set"), "c"), CMD_AMBIGUOUS);

    CAPTURE(text, cmd_lookup_error(out, NULL, "ct", 2, CMD_AMBIGUOUS));
    cr_assert_str_eq(text, "ambiguous command 'ct': ctp, ctpl, ctpg, ctpe\n");
    free(text);
    CAPTURE(text2, cmd_lookup_error(out, NULL, "se", 2, CMD_AMBIGUOUS));
    cr_assert_str_eq(text2, "ambiguous command 'se': session, set\n");
    free(text2);
    CAPTURE(text3, cmd_lookup_error(out, cmd_find("set"), "c", 1, CMD_AMBIGUOUS));
    cr_assert_str_eq(text3, "ambiguous subcommand 'c' of set: clock, color\n");
    free(text3);
}

Test(help, unknown_commands)
{
    cr_assert_eq(lookup_fails(NULL, "xyz"), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(NULL, ""), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(NULL, "TP"), CMD_UNKNOWN); /* an Erlang variable */
    cr_assert_eq(lookup_fails(NULL, "tpx"), CMD_UNKNOWN);
    /* single letters that are not names or aliases stay free for erl's
     * shell functions: f, b, v, c, l */
    cr_assert_eq(lookup_fails(NULL, "f"), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(NULL, "v"), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(NULL, "s"), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(NULL, "l"), CMD_UNKNOWN);
    cr_assert_null(cmd_find("xyz"));
    cr_assert_null(cmd_find("f"));
    cr_assert_eq(lookup_fails(cmd_find("session"), "bogus"), CMD_UNKNOWN);
    cr_assert_eq(lookup_fails(cmd_find("tp"), "x"), CMD_UNKNOWN);

    CAPTURE(text, cmd_lookup_error(out, NULL, "xyz", 3, CMD_UNKNOWN));
    cr_assert_str_eq(text, "unknown command 'xyz' (help lists the commands)\n");
    free(text);
    CAPTURE(text2, cmd_lookup_error(out, cmd_find("session"), "bogus", 5, CMD_UNKNOWN));
    cr_assert_str_eq(text2, "unknown subcommand 'bogus' of session (help session lists them)\n");
    free(text2);
    CAPTURE(text3, cmd_lookup_error(out, cmd_find("tp"), "x", 1, CMD_UNKNOWN));
    cr_assert_str_eq(text3, "tp has no subcommand 'x'\n");
    free(text3);
}

/* ---- help text ---- */

Test(help, help_lists_every_command_aligned)
{
    CAPTURE(text, cr_assert_eq(cmd_help(out, NULL), CMD_OK));
    CAPTURE(blank, cr_assert_eq(cmd_help(out, "  "), CMD_OK));
    cr_assert_str_eq(text, blank);
    cr_assert(starts(text, "Commands, typed without a final dot"));
    cr_assert_not_null(
        strstr(text, "\nTrace patterns\n  tp       set a trace pattern on global function calls\n"));
    cr_assert_not_null(strstr(text, "\n  session  create, switch and inspect trace sessions\n"));
    size_t n;
    const shell_cmd *t = cmd_table(&n);
    for (size_t i = 0; i < n; i++) {
        char line[128];
        snprintf(line, sizeof line, "\n  %-7s  %s\n", t[i].name, t[i].summary);
        cr_assert_not_null(strstr(text, line), "%s", line);
    }
    for (int g = 0; g < CMD_GROUP__COUNT; g++) {
        char head[64];
        snprintf(head, sizeof head, "\n\n%s\n", cmd_group_title((cmd_group)g));
        cr_assert_not_null(strstr(text, head));
    }
    free(text);
    free(blank);
}

Test(help, help_of_a_command)
{
    CAPTURE(text, cr_assert_eq(cmd_help(out, "tp"), CMD_OK));
    cr_assert(starts(text, "usage: tp [-v] MOD[:FUN[/ARITY]] [MATCHSPEC]\n"
                           "\n"
                           "Sets a trace pattern on the exported functions MOD, MOD:FUN or\n"),
              "%s", text);
    cr_assert_not_null(strstr(text, "\n    tp lists:seq/2 x             dbg:tp({lists,seq,2}, x)\n"));
    cr_assert_not_null(strstr(text, "\nMatch spec aliases:\n  x                "));
    cr_assert_null(strstr(text, "Trace flags:"));
    cr_assert_null(strstr(text, "aliases: "));
    /* a prefix, an alias, blanks around */
    CAPTURE(same, cr_assert_eq(cmd_help(out, " tp\n"), CMD_OK));
    cr_assert_str_eq(text, same);
    free(text);
    free(same);

    CAPTURE(p, cr_assert_eq(cmd_help(out, "p"), CMD_OK));
    cr_assert(starts(p, "usage: p ITEM [FLAG...]\n\n"));
    cr_assert_not_null(strstr(p, "\nProcess items:\n  all "));
    cr_assert_not_null(strstr(p, "\nTrace flags:\n  s                   send\n"));
    cr_assert_not_null(strstr(p, "\n  sofl                set_on_first_link\n"));
    cr_assert_not_null(strstr(p, "\n  strict_monotonic_timestamp  events carry a strictly monotonic time\n"));
    free(p);

    CAPTURE(q, cr_assert_eq(cmd_help(out, "q"), CMD_OK));
    cr_assert(starts(q, "usage: quit\naliases: q exit\n\nLeaves dbgsh"), "%s", q);
    free(q);
}

Test(help, help_of_subcommands)
{
    CAPTURE(s, cr_assert_eq(cmd_help(out, "sess"), CMD_OK));
    cr_assert(starts(s, "usage: session [SUBCOMMAND [ARG...]]\n\n"));
    cr_assert_not_null(strstr(s, "\nSubcommands:\n"
                                 "  session new NAME      create a session and make it current\n"
                                 "  session use NAME      make a session current\n"));
    free(s);
    CAPTURE(n, cr_assert_eq(cmd_help(out, "session new"), CMD_OK));
    cr_assert(starts(n, "usage: session new NAME\n\nCreates the session NAME"));
    cr_assert_null(strstr(n, "Subcommands:"));
    free(n);
    CAPTURE(c, cr_assert_eq(cmd_help(out, "set on"), CMD_OK));
    cr_assert(starts(c, "usage: set on-error stop|continue\n\n"));
    free(c);
    CAPTURE(f, cr_assert_eq(cmd_help(out, "filter"), CMD_OK));
    cr_assert_not_null(strstr(f, "  filter add [-v] [-i] [-g] /REGEX/  add an include or exclude filter\n"));
    free(f);
}

Test(help, help_of_bad_names_prints_nothing_and_says_why)
{
    static const struct {
        const char *arg;
        cmd_result r;
        const char *why;
    } cases[] = {
        {"xyz", CMD_UNKNOWN, "unknown command 'xyz' (help lists the commands)\n"},
        {"ct", CMD_AMBIGUOUS, "ambiguous command 'ct': ctp, ctpl, ctpg, ctpe\n"},
        {"tp extra", CMD_UNKNOWN, "tp has no subcommand 'extra'\n"},
        {"session bogus", CMD_UNKNOWN, "unknown subcommand 'bogus' of session (help session lists them)\n"},
        {"set c", CMD_AMBIGUOUS, "ambiguous subcommand 'c' of set: clock, color\n"},
        {"session new x", CMD_UNKNOWN, "help takes a command and a subcommand, not 'x' after them\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CAPTURE(text, cr_assert_eq(cmd_help(out, cases[i].arg), cases[i].r, "%s", cases[i].arg));
        cr_assert_str_eq(text, "");
        free(text);
        CAPTURE(why, cmd_help_error(out, cases[i].arg));
        cr_assert_str_eq(why, cases[i].why);
        free(why);
    }
    CAPTURE(none, cmd_help_error(out, "tp"));
    cr_assert_str_eq(none, "");
    free(none);
}

/* ---- command-line options ---- */

/* The whole of --help as users read it (first main.c's usage text, now
 * built from options.def): a change to an option's help shows here. */
static const char usage_text[] =
    "usage: dbgsh [OPTIONS] [FILE.erl ...] [SCRIPT.dbg [ARG...]]\n"
    "       dbgsh [OPTIONS] [FILE.erl ...] -x SCRIPT [ARG...]\n"
    "       dbgsh --format [FILE | --wrap NAME SUFFIX]... [--grep RE [-v]] [-o OUT]\n"
    "\n"
    "A native debugger for Erlang programs. Loads the given modules, then\n"
    "evaluates -e expressions, runs a script, or runs a shell that takes\n"
    "dbg's commands (tp, p, ...; help lists them) and Erlang expressions\n"
    "(each ended by a full stop) as erl's shell does. When standard input\n"
    "is not a terminal it is read as a script.\n"
    "\n"
    "options:\n"
    "  -e EXPRS        evaluate EXPRS in a new process, as erl -noshell -eval,\n"
    "                  then exit: 0 if it returned, 1 if it failed, N on halt(N)\n"
    "  -pa DIR         add DIR to the code path (modules load from DIR/Mod.erl)\n"
    "  -config FILE    read the application environment from FILE (FILE.config\n"
    "                  when FILE has no .config ending), as erl -config: a list of\n"
    "                  {App, [{Key, Value}]}; a bad file stops dbgsh with status 1\n"
    "  -I DIR          look for -include files in DIR too, after the current\n"
    "                  directory and the source's own, as erlc -I (-IDIR too)\n"
    "  -D NAME[=VALUE] predefine macro NAME (true, or the term VALUE) for every\n"
    "                  module compiled from source, as erlc -D (-DNAME too)\n"
    "  -S N            run N scheduler threads (default: one per core)\n"
    "  --disasm MOD    print the VM code of module MOD (loaded from the files\n"
    "                  given or the code path) and exit\n"
    "  -x SCRIPT       run the script SCRIPT (commands and Erlang expressions, as\n"
    "                  typed; dbgsh SCRIPT.dbg does the same) with $1..$9 the\n"
    "                  ARGs after it, then exit: 0, or 1 when a line failed\n"
    "  --color WHEN    colour trace lines by kind of event: auto (the default:\n"
    "                  on a terminal, unless NO_COLOR is set), always or never\n"
    "  --json          print each trace event as one JSON object per line instead\n"
    "                  of dbg's text (filters and --grep still match dbg's text)\n"
    "  --clock KIND    raw (the default) prints timestamps as dbg does; iso prints\n"
    "                  {MegaSecs,Secs,MicroSecs} ones as UTC, 2024-05-01T12:00:00.123456Z\n"
    "  +Mis BOOL       true (the default) counts every allocation of the VM by\n"
    "                  type, allocator and class for mem and instrument; false\n"
    "                  turns the counters off (erlang:memory/0 is then notsup)\n"
    "  +Mim BOOL       true keeps a map of every allocated block (its type, size\n"
    "                  and owning process) for mem map and instrument:memory_data/0,\n"
    "                  at 48 bytes a block\n"
    "  --mem-map       the same as +Mim true\n"
    "  +hmax WORDS     the max_heap_size of processes, in words, as erl's +hmax:\n"
    "                  a process whose heap passes it at a collection is killed\n"
    "                  and reported (0, the default: no limit)\n"
    "  +hmaxk BOOL     false only reports a process over its max_heap_size\n"
    "  +hmaxel BOOL    false kills a process over its max_heap_size quietly\n"
    "  +hms WORDS      the min_heap_size of processes, in words\n"
    "  +hmbs WORDS     the min_bin_vheap_size of processes, in words\n"
    "  --format        print the dbg trace port files given (any name) and wrap\n"
    "                  sets as dbg:trace_client(file, F) prints them, then exit:\n"
    "                  0, or 1 when one is missing, truncated or corrupt\n"
    "  --wrap NAME SUFFIX  with --format: the wrap set NAME<N>SUFFIX\n"
    "  --grep RE       with --format: only the events whose text matches the\n"
    "                  PCRE2 regex RE (^ and $ match at every line of an event)\n"
    "  -v              with --grep: only the events RE does not match\n"
    "  -o OUT          with --format: write to OUT instead of standard output\n"
    "  -h, --help      print this help and exit\n"
    "  -V, --version   print the version and exit\n";

Test(help, usage_is_main_c_usage)
{
    CAPTURE(text, cmd_usage(out));
    cr_assert_str_eq(text, usage_text);
    free(text);
}

Test(help, cli_options_are_well_formed)
{
    size_t n;
    const cli_opt *o = cmd_cli_options(&n);
    cr_assert_eq(n, CLI__COUNT);
    cr_assert_str_eq(o[CLI_pa].short_name, "-pa");
    cr_assert_str_eq(o[CLI_wrap].args, "NAME SUFFIX");
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(o[i].id, (cli_opt_id)i);
        cr_assert(o[i].short_name || o[i].long_name);
        if (o[i].short_name)
            cr_assert((o[i].short_name[0] == '-' || o[i].short_name[0] == '+') && o[i].short_name[1] != '-');
        if (o[i].long_name)
            cr_assert(!strncmp(o[i].long_name, "--", 2) && o[i].long_name[2]);
        cr_assert_gt(strlen(o[i].summary), 0);
        cr_assert_eq(strpbrk(o[i].summary, "[]:'\\"), NULL, "summary of option %zu", i);
        cr_assert_gt(strlen(o[i].help), 0);
        cr_assert_neq(o[i].help[strlen(o[i].help) - 1], '\n');
        /* one known kind per value */
        size_t nargs = 0, nkinds = 0;
        char buf[64];
        snprintf(buf, sizeof buf, "%s", o[i].args);
        for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
            nargs++;
        snprintf(buf, sizeof buf, "%s", o[i].kinds);
        for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
            cr_assert(is_kind_name(w, strlen(w)), "kind %s", w);
            nkinds++;
        }
        cr_assert_eq(nargs, nkinds, "option %zu", i);
    }
}

Test(help, help_of_every_entry_starts_with_its_usage)
{
    const shell_cmd *e[CMD__COUNT];
    size_t n = all_entries(e);
    for (size_t i = 0; i < n; i++) {
        char arg[64], head[128];
        if (e[i]->parent)
            snprintf(arg, sizeof arg, "%s %s", e[i]->parent->name, e[i]->name);
        else
            snprintf(arg, sizeof arg, "%s", e[i]->name);
        snprintf(head, sizeof head, "usage: %s\n", e[i]->usage);
        CAPTURE(text, cr_assert_eq(cmd_help(out, arg), CMD_OK, "%s", arg));
        cr_assert(starts(text, head), "%s", arg);
        cr_assert_not_null(strstr(text, e[i]->help), "%s", arg);
        free(text);
    }
}
