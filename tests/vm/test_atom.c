/* test_atom.c: tests of vm/atom.c. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>

#include "vm/vm.h"

TestSuite(atom, .init = atom_table_init);

Test(atom, builtins_have_fixed_indices)
{
    size_t n;
    const char *s = atom_text(ATOM_true, &n);
    cr_assert_eq(n, 4);
    cr_assert(memcmp(s, "true", 4) == 0);
    cr_assert_eq(atom_from_cstr("false"), ATOM_false);
    cr_assert_eq(atom_from_cstr("nonode@nohost"), ATOM_nonode_at_nohost);
}

Test(atom, is_named_compares_whole_names)
{
    cr_assert(atom_is_named(ATOM_true, "true"));
    cr_assert(!atom_is_named(ATOM_true, "tru"));
    cr_assert(!atom_is_named(ATOM_true, "truex"));
    cr_assert(atom_is_named(atom_from_cstr(""), ""));
    cr_assert(!atom_is_named(term_small(1), "1"));
    cr_assert(!atom_is_named(NIL, "[]"));
}

Test(atom, interning_is_idempotent)
{
    term_t a, b;
    size_t before = atom_count();
    cr_assert_geq(before, AI_BUILTIN_COUNT);
    cr_assert_eq(atom_intern("hello", 5, &a), ATOM_OK);
    cr_assert_eq(atom_intern("hello", 5, &b), ATOM_OK);
    cr_assert_eq(a, b);
    cr_assert_eq(atom_count(), before + 1); /* once, however often interned */
    cr_assert_eq(atom_lookup("hello", 5, &b), ATOM_OK);
    cr_assert_eq(a, b);
    cr_assert_eq(atom_lookup("never-made-xyz", 14, &b), ATOM_NOT_FOUND);
    cr_assert_eq(atom_intern("", 0, &a), ATOM_OK);
    cr_assert_eq(atom_chars(a), 0);
}

Test(atom, latin1_and_utf8_agree)
{
    term_t a, b;
    cr_assert_eq(atom_intern_latin1("\xe5ngstr\xf6m", 8, &a), ATOM_OK);
    cr_assert_eq(atom_intern("\xc3\xa5ngstr\xc3\xb6m", 10, &b), ATOM_OK);
    cr_assert_eq(a, b);
    cr_assert_eq(atom_chars(a), 8);
    cr_assert(atom_is_latin1(a));
    cr_assert_eq(atom_intern("\xe2\x82\xac", 3, &a), ATOM_OK); /* euro sign */
    cr_assert(!atom_is_latin1(a));
    cr_assert_eq(atom_chars(a), 1);
}

Test(atom, write_flags)
{
    /* whether io_lib:write_atom quotes the atom (erl), and what its text
     * holds: ' \\ C0 and C1 controls take escapes; wide is above 255 */
    static const struct {
        const char *utf8;
        unsigned flags;
    } rows[] = {
        {"ok", 0},
        {"\xC3\xA9t\xC3\xA9", 0},                         /* été */
        {"", ATOM_QUOTED},
        {"case", ATOM_QUOTED},
        {"Quoted Atom", ATOM_QUOTED},
        {"it's", ATOM_QUOTED | ATOM_ESCAPES},
        {"a\\b", ATOM_QUOTED | ATOM_ESCAPES},
        {"a\nb", ATOM_QUOTED | ATOM_ESCAPES},
        {"a\x7F", ATOM_QUOTED | ATOM_ESCAPES},
        {"a\xC2\x85", ATOM_QUOTED | ATOM_ESCAPES},          /* U+0085 */
        {"a\xC2\xA0", ATOM_QUOTED},                         /* U+00A0 */
        {"a\xE2\x82\xAC", ATOM_QUOTED | ATOM_WIDE},        /* a€ */
        {"\xE2\x82\xAC'", ATOM_QUOTED | ATOM_ESCAPES | ATOM_WIDE},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        size_t n;
        unsigned flags;
        term_t a = atom_from_cstr(rows[i].utf8);
        const char *s = atom_text_flags(a, &n, &flags);
        cr_expect_eq(flags, rows[i].flags, "row %zu: flags %#x", i, flags);
        cr_expect_eq(n, strlen(rows[i].utf8));
        cr_expect(memcmp(s, rows[i].utf8, n) == 0);
        cr_expect_eq(!(flags & ATOM_WIDE), atom_is_latin1(a));
    }
}

Test(atom, rejects_bad_text)
{
    term_t a;
    char longname[300];
    memset(longname, 'x', sizeof longname);
    cr_assert_eq(atom_intern(longname, 255, &a), ATOM_OK);
    cr_assert_eq(atom_intern(longname, 256, &a), ATOM_TOO_LONG);
    cr_assert_eq(atom_intern_latin1(longname, 256, &a), ATOM_TOO_LONG);
    cr_assert_eq(atom_intern("\xff", 1, &a), ATOM_BAD_UTF8);
    cr_assert_eq(atom_intern("\xc3", 1, &a), ATOM_BAD_UTF8);
    cr_assert_eq(atom_intern("\xc0\x80", 2, &a), ATOM_BAD_UTF8);     /* overlong */
    cr_assert_eq(atom_intern("\xed\xa0\x80", 3, &a), ATOM_BAD_UTF8); /* surrogate */
}

static void *intern_many(void *arg)
{
    term_t *out = arg;
    char name[32];
    for (int i = 0; i < 2000; i++) {
        int n = snprintf(name, sizeof name, "thr_atom_%d", i);
        if (atom_intern(name, (size_t)n, &out[i]) != ATOM_OK)
            out[i] = THE_NON_VALUE;
    }
    return NULL;
}

Test(atom, threads_agree_on_atoms)
{
    static term_t res[4][2000];
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, intern_many, res[i]);
    for (int i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < 2000; i++) {
        cr_assert_neq(res[0][i], THE_NON_VALUE);
        for (int t = 1; t < 4; t++)
            cr_assert_eq(res[t][i], res[0][i]);
        size_t n;
        char want[32];
        snprintf(want, sizeof want, "thr_atom_%d", i);
        const char *s = atom_text(res[0][i], &n);
        cr_assert(n == strlen(want) && memcmp(s, want, n) == 0);
    }
}

Test(atom, memory_is_accounted)
{
    alloc_stat before, after;
    alloc_get_stat(ALLOC_ATOM_TEXT, &before);
    term_t a;
    atom_intern("an_atom_only_this_test_makes", 28, &a);
    alloc_get_stat(ALLOC_ATOM_TEXT, &after);
    cr_assert_geq(after.size, before.size + 28);
}
