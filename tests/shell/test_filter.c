/* test_filter.c: tests of shell/filter.c, the shell's trace-line filters:
 * include, exclude, caseless, global and per-session filters, ^ and $ at
 * every line, numbering and deletion, /REGEX/ parsing and its errors,
 * invalid UTF-8 text, counts, grep's single regex, no allocation once warm,
 * and matching in one thread while another adds and deletes filters.
 * Which regex matches which text was checked with real erl's re module
 * (re:run(Text, Re, [unicode, multiline | caseless])). */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "shell/filter.h"
#include "vm/vm.h"

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

/* Adds a filter that must compile. */
static void add(filter_set *fs, int session, bool global, bool exclude, bool caseless, const char *arg)
{
    filter_error err = {0};
    filter_result r = filter_add(fs, session, global, exclude, caseless, arg, strlen(arg), &err);
    cr_assert_eq(r, FILTER_OK, "filter_add(%s): %s", arg, err.msg);
}

static bool pass(filter_set *fs, int session, const char *text)
{
    return filter_pass(fs, session, text, strlen(text));
}

/* Whether the single regex arg matches text (through a filter_re). */
static bool re_matches(const char *arg, bool caseless, const char *text, size_t len)
{
    filter_error err = {0};
    filter_re *re = filter_re_compile(arg, strlen(arg), caseless, &err);
    cr_assert_not_null(re, "filter_re_compile(%s): %s", arg, err.msg);
    bool m = filter_re_match(re, text, len);
    filter_re_free(re);
    return m;
}

static bool re_matches_s(const char *arg, const char *text)
{
    return re_matches(arg, false, text, strlen(text));
}

/* The error of an argument that must not compile. */
static filter_result add_fails(filter_set *fs, const char *arg, filter_error *err)
{
    memset(err, 0, sizeof *err);
    size_t before = filter_count(fs, 1);
    filter_result r = filter_add(fs, 1, false, false, false, arg, strlen(arg), err);
    cr_assert_neq(r, FILTER_OK, "filter_add(%s) succeeded", arg);
    cr_assert_eq(filter_count(fs, 1), before, "a failed add changed the set");
    cr_assert_null(strchr(err->msg, '\n'), "error of %s is not one line: %s", arg, err->msg);
    return r;
}

static const char CALL[] = "(<0.90.0>) call lists:seq(1,10)\n";
static const char RET[] = "(<0.90.0>) returned from lists:seq/2 -> [1,2,3,4,5,6,7,8,9,10]\n";
static const char IO[] = "(<0.91.0>) << {io_reply,#Ref<0.1.2.3>,ok}\n";
/* dbg's ~p wraps a long argument list over lines. */
static const char WRAPPED[] = "(<0.90.0>) call m:f([1,\n        2])\n";

/* ---- include, exclude, caseless ---- */

Test(filter, no_filter_shows_everything)
{
    filter_set *fs = filter_set_new();
    cr_assert(pass(fs, 1, CALL));
    cr_assert(pass(fs, 1, ""));
    cr_assert(filter_pass(fs, 1, NULL, 0));
    cr_assert_eq(filter_count(fs, 1), 0);
    cr_assert_eq(filter_hidden(fs, 1), 0);
    filter_set_free(fs);
}

Test(filter, include_shows_only_matches)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/call lists:/");
    cr_assert(pass(fs, 1, CALL));
    cr_assert_not(pass(fs, 1, RET));
    cr_assert_not(pass(fs, 1, IO));
    filter_set_free(fs);
}

Test(filter, any_include_is_enough)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/call lists:/");
    add(fs, 1, false, false, false, "/io_reply/");
    cr_assert(pass(fs, 1, CALL));
    cr_assert(pass(fs, 1, IO));
    cr_assert_not(pass(fs, 1, RET));
    filter_set_free(fs);
}

Test(filter, exclude_hides_matches)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, true, false, "/io_reply/");
    cr_assert(pass(fs, 1, CALL));
    cr_assert(pass(fs, 1, RET));
    cr_assert_not(pass(fs, 1, IO));
    filter_set_free(fs);
}

Test(filter, exclude_wins_over_include)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/lists:seq/");
    add(fs, 1, false, true, false, "/returned from/");
    cr_assert(pass(fs, 1, CALL));
    cr_assert_not(pass(fs, 1, RET)); /* matches both */
    cr_assert_not(pass(fs, 1, IO));  /* matches neither */
    filter_set_free(fs);
}

Test(filter, caseless)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/CALL/");
    cr_assert_not(pass(fs, 1, CALL));
    add(fs, 2, false, false, true, "/CALL/");
    cr_assert(pass(fs, 2, CALL));
    /* erl: re:run("café é", "É", [unicode, caseless]) matches, without
     * caseless it does not. */
    cr_assert(re_matches("/É/", true, "café é", strlen("café é")));
    cr_assert_not(re_matches("/É/", false, "café é", strlen("café é")));
    filter_set_free(fs);
}

/* ---- sessions ---- */

Test(filter, session_filters_stay_in_their_session)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, true, false, "/lists/");
    cr_assert_not(pass(fs, 1, CALL));
    cr_assert(pass(fs, 2, CALL));
    cr_assert_eq(filter_count(fs, 1), 1);
    cr_assert_eq(filter_count(fs, 2), 0);
    filter_set_free(fs);
}

Test(filter, global_filters_apply_everywhere)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, true, true, false, "/io_reply/");
    add(fs, 2, false, false, false, "/returned/");
    for (int s = 1; s <= 3; s++)
        cr_assert_not(pass(fs, s, IO), "session %d", s);
    cr_assert(pass(fs, 1, CALL));
    cr_assert_not(pass(fs, 2, CALL)); /* session 2's include */
    cr_assert(pass(fs, 2, RET));
    cr_assert(pass(fs, 3, CALL));
    cr_assert_eq(filter_count(fs, 1), 1);
    cr_assert_eq(filter_count(fs, 2), 2);
    cr_assert_eq(filter_count(fs, 7), 1);
    filter_set_free(fs);
}

Test(filter, forget_session)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, true, false, "/lists/");
    add(fs, 1, true, true, false, "/io_reply/");
    add(fs, 2, false, true, false, "/returned/");
    cr_assert_not(pass(fs, 1, CALL));
    filter_forget_session(fs, 1);
    cr_assert_eq(filter_count(fs, 1), 1); /* the global one */
    cr_assert_eq(filter_count(fs, 2), 2);
    cr_assert(pass(fs, 1, CALL));
    cr_assert_not(pass(fs, 1, IO));
    filter_stats st;
    filter_stats_get(fs, 1, &st); /* counts started again */
    cr_assert_eq(st.shown, 1);
    cr_assert_eq(st.hidden, 1);
    filter_set_free(fs);
}

/* ---- lines ---- */

Test(filter, caret_and_dollar_at_every_line)
{
    /* erl, re:run(E, Re, [unicode, multiline]) on WRAPPED: */
    const char *E = WRAPPED;
    cr_assert(re_matches_s("/^\\s+2\\]\\)$/", E));            /* match */
    cr_assert(re_matches_s("/^\\(<0\\.90\\.0>\\) call/", E)); /* match */
    cr_assert(re_matches_s("/\\[1,$/", E));                   /* match (without multiline: nomatch) */
    cr_assert_not(re_matches_s("/call.*2/", E));              /* nomatch: . stops at a newline */
    cr_assert_not(re_matches_s("/^2/", E));                   /* nomatch */
    cr_assert_not(re_matches_s("/^$/", E)); /* nomatch: no empty line, even after the last \n */

    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/^\\s+2\\]\\)$/");
    cr_assert(pass(fs, 1, WRAPPED));
    cr_assert_not(pass(fs, 1, CALL));
    filter_set_free(fs);
}

Test(filter, invalid_utf8_text)
{
    /* erl (bytes, no unicode): re:run(<<255,254," call foo">>, "call foo")
     * matches. Invalid UTF-8 must neither fail nor hide the valid parts. */
    static const char bad[] = "\xff\xfe call foo \xc3 d\xc3\xa9";
    size_t n = sizeof bad - 1;
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/call foo/");
    cr_assert(filter_pass(fs, 1, bad, n));
    add(fs, 2, false, false, true, "/DÉ$/");
    cr_assert(filter_pass(fs, 2, bad, n));
    add(fs, 3, false, true, false, "/^/"); /* excludes every event, bad or not */
    cr_assert_not(filter_pass(fs, 3, bad, n));
    add(fs, 4, false, false, false, "/zzz/");
    cr_assert_not(filter_pass(fs, 4, bad, n));
    cr_assert(re_matches("/foo/", false, bad, n));
    cr_assert_not(re_matches("/^\\x{ff}/", false, bad, n)); /* a bad byte is not U+00FF */
    filter_set_free(fs);
}

/* ---- /REGEX/ parsing ---- */

Test(filter, slash_escapes)
{
    cr_assert(re_matches_s("/a\\/b/", "x a/b y"));   /* \/ is a slash */
    cr_assert_not(re_matches_s("/a\\/b/", "a\\/b")); /* ...not a backslash and a slash */
    cr_assert(re_matches_s("/^\\d+$/", "42"));       /* other backslashes are PCRE2's */
    cr_assert_not(re_matches_s("/^\\d+$/", "d42"));
    /* erl: re:run("a\\b", "a\\\\") matches: /a\\/ is a, backslash. */
    cr_assert(re_matches_s("/a\\\\/", "a\\b"));
    cr_assert_not(re_matches_s("/a\\\\/", "ab"));
    cr_assert(re_matches_s("/\\//", "/"));
    cr_assert(re_matches_s("  /call/ \t", CALL)); /* blanks around are ignored */
}

Test(filter, empty_regex_matches_everything)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "//");
    cr_assert(pass(fs, 1, CALL));
    cr_assert(pass(fs, 1, ""));
    cr_assert(filter_pass(fs, 1, NULL, 0));
    add(fs, 2, false, true, false, "//");
    cr_assert_not(pass(fs, 2, CALL));
    cr_assert_not(pass(fs, 2, ""));
    filter_set_free(fs);
}

Test(filter, not_slashed)
{
    filter_set *fs = filter_set_new();
    filter_error err;
    cr_assert_eq(add_fails(fs, "abc", &err), FILTER_NOT_SLASHED);
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got 'abc'");
    cr_assert_eq(err.at, 0);
    cr_assert_eq(add_fails(fs, "", &err), FILTER_NOT_SLASHED);
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got nothing");
    cr_assert_eq(add_fails(fs, "   ", &err), FILTER_NOT_SLASHED);
    cr_assert_eq(add_fails(fs, "/", &err), FILTER_NOT_SLASHED);
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got '/'");
    cr_assert_eq(add_fails(fs, "/abc", &err), FILTER_NOT_SLASHED);
    cr_assert_eq(err.at, 4);
    cr_assert_eq(add_fails(fs, "/abc\\/", &err), FILTER_NOT_SLASHED); /* the last slash is escaped */
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got '/abc\\/'");
    cr_assert_eq(add_fails(fs, "/foo/i", &err), FILTER_NOT_SLASHED);
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got '/foo/i'");
    cr_assert_eq(add_fails(fs, "abc/", &err), FILTER_NOT_SLASHED);
    /* Control bytes are shown escaped, long text cut. */
    cr_assert_eq(add_fails(fs, "a\x01\x1b[0m", &err), FILTER_NOT_SLASHED);
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got 'a\\x01\\x1B[0m'");
    char longer[200];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    cr_assert_eq(add_fails(fs, longer, &err), FILTER_NOT_SLASHED);
    cr_assert_lt(strlen(err.msg), 150);
    cr_assert_not_null(strstr(err.msg, "xxx...'"), "%s", err.msg);
    /* filter_re takes the same arguments. */
    cr_assert_null(filter_re_compile("abc", 3, false, &err));
    cr_assert_str_eq(err.msg, "expected /REGEX/ (a regex between slashes), got 'abc'");
    filter_set_free(fs);
}

Test(filter, bad_regex_names_the_offset)
{
    /* Offsets from erl: re:compile("a(") gives {error,{"missing )",2}},
     * re:compile("[z-a]") {error,{"range out of order in character
     * class",3}}, re:compile("a/b(") {error,{"missing )",4}}. */
    filter_set *fs = filter_set_new();
    filter_error err;
    cr_assert_eq(add_fails(fs, "/a(/", &err), FILTER_BAD_REGEX);
    cr_assert_str_eq(err.msg, "bad regex /a(/: missing closing parenthesis at offset 2");
    cr_assert_eq(err.at, 3);
    cr_assert_eq(add_fails(fs, " /[z-a]/", &err), FILTER_BAD_REGEX);
    cr_assert_str_eq(err.msg, "bad regex /[z-a]/: range out of order in character class at offset 3");
    cr_assert_eq(err.at, 5);
    /* Offsets count the regex as typed: \/ is two bytes there. */
    cr_assert_eq(add_fails(fs, "/a\\/b(/", &err), FILTER_BAD_REGEX);
    cr_assert_str_eq(err.msg, "bad regex /a\\/b(/: missing closing parenthesis at offset 5");
    cr_assert_eq(err.at, 6);
    /* A slash inside must be escaped. */
    cr_assert_eq(add_fails(fs, "/a/b/", &err), FILTER_BAD_REGEX);
    cr_assert_str_eq(err.msg, "bad regex /a/b/: unescaped / at offset 1 (write \\/ for a slash)");
    cr_assert_eq(err.at, 2);
    /* Invalid UTF-8 in the regex itself. */
    cr_assert_eq(add_fails(fs, "/a\xff/", &err), FILTER_BAD_REGEX);
    const char *utf = "bad regex /a\\xFF/: UTF-8 error";
    cr_assert(strncmp(err.msg, utf, strlen(utf)) == 0, "%s", err.msg);
    cr_assert_null(filter_re_compile("/a(/", 4, false, &err));
    cr_assert_str_eq(err.msg, "bad regex /a(/: missing closing parenthesis at offset 2");
    filter_set_free(fs);
}

/* ---- numbering and deletion ---- */

static void note_filter(void *ctx, const filter_info *f)
{
    char *out = ctx;
    char line[100];
    snprintf(line, sizeof line, "%zu:%s%s%s%.*s;", f->number, f->global ? "g" : "", f->exclude ? "v" : "",
             f->caseless ? "i" : "", (int)f->len, f->text);
    strcat(out, line);
}

static char *each_of(filter_set *fs, int session, char *buf)
{
    buf[0] = '\0';
    filter_each(fs, session, note_filter, buf);
    return buf;
}

Test(filter, numbering_and_deletion)
{
    filter_set *fs = filter_set_new();
    char buf[1000];
    add(fs, 1, false, false, false, "/a/");
    add(fs, 2, false, false, false, "/b/");
    add(fs, 1, true, true, true, " /g/ ");
    add(fs, 1, false, true, false, "/c/");
    cr_assert_str_eq(each_of(fs, 1, buf), "1:/a/;2:gvi/g/;3:v/c/;");
    cr_assert_str_eq(each_of(fs, 2, buf), "1:/b/;2:gvi/g/;");
    cr_assert_str_eq(each_of(fs, 3, buf), "1:gvi/g/;");
    cr_assert_not(filter_del(fs, 1, 0));
    cr_assert_not(filter_del(fs, 1, 4));
    cr_assert_eq(filter_count(fs, 1), 3);
    cr_assert(filter_del(fs, 1, 2)); /* the global one, for every session */
    cr_assert_str_eq(each_of(fs, 1, buf), "1:/a/;2:v/c/;");
    cr_assert_str_eq(each_of(fs, 2, buf), "1:/b/;");
    cr_assert(filter_del(fs, 1, 1));
    cr_assert_str_eq(each_of(fs, 1, buf), "1:v/c/;");
    cr_assert(filter_del(fs, 2, 1));
    cr_assert_str_eq(each_of(fs, 2, buf), "");
    cr_assert_str_eq(each_of(fs, 1, buf), "1:v/c/;");
    filter_set_free(fs);
}

Test(filter, clear_takes_own_and_global)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/a/");
    add(fs, 2, false, false, false, "/b/");
    add(fs, 2, true, false, false, "/g/");
    add(fs, 1, false, false, false, "/c/");
    cr_assert_eq(filter_clear(fs, 1), 3);
    cr_assert_eq(filter_count(fs, 1), 0);
    cr_assert_eq(filter_count(fs, 2), 1);
    cr_assert_eq(filter_clear(fs, 1), 0);
    cr_assert(pass(fs, 1, CALL));
    filter_set_free(fs);
}

/* ---- counts and the list ---- */

Test(filter, counts)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/lists/");   /* 1 include */
    add(fs, 1, false, true, false, "/returned/"); /* 2 exclude */
    add(fs, 1, true, true, false, "/seq/");       /* 3 exclude, global */
    cr_assert(pass(fs, 1, CALL) == false);        /* "seq": hidden by 3 */
    cr_assert_not(pass(fs, 1, RET));              /* both excludes: the first, 2, takes it */
    cr_assert_not(pass(fs, 1, IO));               /* no include matched */
    cr_assert_not(pass(fs, 1, IO));
    cr_assert(pass(fs, 1, "(<0.90.0>) call lists:reverse([])\n"));
    cr_assert_not(pass(fs, 2, CALL)); /* the global exclude counts for session 2 too */
    cr_assert(pass(fs, 2, IO));
    filter_stats st;
    filter_stats_get(fs, 1, &st);
    cr_assert_eq(st.shown, 1);
    cr_assert_eq(st.hidden, 4);
    cr_assert_eq(st.hidden_no_include, 2);
    cr_assert_eq(filter_hidden(fs, 1), 4);
    filter_stats_get(fs, 2, &st);
    cr_assert_eq(st.shown, 1);
    cr_assert_eq(st.hidden, 1);
    cr_assert_eq(st.hidden_no_include, 0);
    filter_stats_get(fs, 9, &st);
    cr_assert_eq(st.shown + st.hidden + st.hidden_no_include, 0);
    /* filter_check decides alike but counts nothing. */
    cr_assert_not(filter_check(fs, 1, RET, strlen(RET)));
    cr_assert(filter_check(fs, 1, "lists", 5));
    cr_assert_eq(filter_hidden(fs, 1), 4);

    CAPTURE(text, filter_list(fs, 1, out));
    cr_assert_str_eq(text, "  #  kind     scope    hid  regex\n"
                           "  1  include  session    -  /lists/\n"
                           "  2  exclude  session    1  /returned/\n"
                           "  3  exclude  global     2  /seq/\n"
                           "events: 1 shown, 4 hidden (2 because no include filter matched)\n");
    free(text);
    filter_set_free(fs);
}

Test(filter, list_layout)
{
    filter_set *fs = filter_set_new();
    CAPTURE(none, filter_list(fs, 1, out));
    cr_assert_str_eq(none, "no filters\n");
    free(none);
    add(fs, 1, false, true, true, "/heartbeat/");
    for (int i = 0; i < 12345; i++)
        pass(fs, 1, "heartbeat");
    for (int i = 0; i < 9; i++)
        add(fs, 1, true, false, false, "/x/");
    CAPTURE(text, filter_list(fs, 1, out));
    cr_assert_str_eq(text, "   #  kind     scope      hid  regex\n"
                           "   1  exclude  session  12345  -i /heartbeat/\n"
                           "   2  include  global       -  /x/\n"
                           "   3  include  global       -  /x/\n"
                           "   4  include  global       -  /x/\n"
                           "   5  include  global       -  /x/\n"
                           "   6  include  global       -  /x/\n"
                           "   7  include  global       -  /x/\n"
                           "   8  include  global       -  /x/\n"
                           "   9  include  global       -  /x/\n"
                           "  10  include  global       -  /x/\n"
                           "events: 0 shown, 12345 hidden\n");
    free(text);
    filter_clear(fs, 1);
    CAPTURE(after, filter_list(fs, 1, out));
    cr_assert_str_eq(after, "no filters\nevents: 0 shown, 12345 hidden\n");
    free(after);
    filter_set_free(fs);
}

/* filter_each's callback may call back into the set (no lock held). */
static void delete_first(void *ctx, const filter_info *f) { filter_del(ctx, 1, 1); }

Test(filter, each_runs_unlocked)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/a/");
    add(fs, 1, false, false, false, "/b/");
    filter_each(fs, 1, delete_first, fs);
    cr_assert_eq(filter_count(fs, 1), 0);
    filter_set_free(fs);
}

Test(filter, no_allocation_once_warm)
{
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/call (lists|mymod):/");
    add(fs, 1, false, true, true, "/io_reply|heartbeat/");
    pass(fs, 1, CALL);
    filter_re *re = filter_re_compile("/(a+)+b/", 8, false, NULL);
    cr_assert_not_null(re);
    filter_re_match(re, CALL, strlen(CALL));
    alloc_stat sys0, tmp0, sys1, tmp1;
    alloc_get_stat(ALLOC_SHELL, &sys0);
    alloc_get_stat(ALLOC_TEMP, &tmp0);
    for (int i = 0; i < 1000; i++) {
        pass(fs, 1, CALL);
        pass(fs, 1, IO);
        pass(fs, 1, WRAPPED);
        filter_re_match(re, RET, strlen(RET));
    }
    alloc_get_stat(ALLOC_SHELL, &sys1);
    alloc_get_stat(ALLOC_TEMP, &tmp1);
    cr_assert_eq(sys1.blocks, sys0.blocks);
    cr_assert_eq(sys1.size, sys0.size);
    cr_assert_eq(tmp1.blocks, tmp0.blocks);
    filter_re_free(re);
    filter_set_free(fs);
}

Test(filter, memory_returns)
{
    alloc_stat s0, s1;
    alloc_get_stat(ALLOC_SHELL, &s0);
    filter_set *fs = filter_set_new();
    add(fs, 1, false, false, false, "/a/");
    add(fs, 1, true, true, false, "/b(c|d)+/");
    add(fs, 2, false, false, true, "/é/");
    pass(fs, 1, CALL);
    pass(fs, 2, CALL);
    filter_del(fs, 1, 1);
    filter_forget_session(fs, 2);
    filter_set_free(fs);
    alloc_get_stat(ALLOC_SHELL, &s1);
    /* The shared PCRE2 contexts made by the first filter_set_new stay. */
    filter_set *fs2 = filter_set_new();
    alloc_stat s2, s3;
    alloc_get_stat(ALLOC_SHELL, &s2);
    add(fs2, 1, false, false, false, "/x/");
    filter_set_free(fs2);
    alloc_get_stat(ALLOC_SHELL, &s3);
    cr_assert_geq(s2.size, s1.size);
    cr_assert_eq(s3.size, s1.size, "filter_set_free leaves %lld bytes", (long long)(s3.size - s1.size));
    cr_assert_eq(s3.blocks, s1.blocks);
}

/* ---- threads ---- */

static const char SECRET[] = "(<0.1.0>) call secret:f()\n";

typedef struct race {
    filter_set *fs;
    atomic_bool stop;
    atomic_long matched, wrong;
} race;

/* The output thread: "secret" is excluded by a filter that stays, so it is
 * never shown, whatever the other thread does to the include filters. */
static void *match_loop(void *arg)
{
    race *r = arg;
    long n = 0;
    while (!atomic_load(&r->stop) || n < 1000) {
        if (filter_pass(r->fs, 1, SECRET, sizeof SECRET - 1))
            atomic_fetch_add(&r->wrong, 1);
        filter_pass(r->fs, 1, CALL, sizeof CALL - 1);
        filter_pass(r->fs, 2, WRAPPED, sizeof WRAPPED - 1);
        n += 3;
    }
    atomic_store(&r->matched, n);
    return NULL;
}

Test(filter, match_while_changing, .timeout = 60)
{
    race r = {.fs = filter_set_new()};
    add(r.fs, 1, true, true, false, "/secret/");
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, match_loop, &r), 0);
    char buf[64];
    for (int i = 0; i < 2000; i++) {
        snprintf(buf, sizeof buf, "/call (lists|m%d):/", i);
        add(r.fs, 1 + i % 2, i % 3 == 0, i % 5 == 0, i % 2 == 0, buf);
        if (i % 3 == 2) {
            cr_assert(filter_del(r.fs, 1, 2)); /* never 1: the /secret/ exclude */
            filter_forget_session(r.fs, 2);
        }
        if (i % 100 == 99) {
            FILE *null = fopen("/dev/null", "w");
            filter_list(r.fs, 1, null);
            fclose(null);
            filter_hidden(r.fs, 2);
        }
    }
    atomic_store(&r.stop, true);
    pthread_join(t, NULL);
    cr_assert_eq(atomic_load(&r.wrong), 0);
    filter_stats s1, s2;
    filter_stats_get(r.fs, 1, &s1);
    filter_stats_get(r.fs, 2, &s2);
    /* Session 2's counts start again whenever it is forgotten. */
    cr_assert_eq(s1.shown + s1.hidden, 2 * atomic_load(&r.matched) / 3);
    cr_assert_leq(s2.shown + s2.hidden, atomic_load(&r.matched) / 3);
    cr_assert_eq(filter_del(r.fs, 1, 1), true);
    filter_set_free(r.fs);
}
