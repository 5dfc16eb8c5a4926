/* test_bif_file.c: tests of vm/bif_file.c, prim_file's operations on
 * names and open files, against OTP 25. Each test works in a scratch
 * directory of its own holding the same files as the one erl ran in:
 *
 *   f        "hello\n"            d/a, d/b  empty files
 *   l  -> f   dl -> nowhere        rl -> "\377" (not UTF-8)
 *   raw/\377  (a name that is not UTF-8)   u/\303\244 ("ä", holding "ä")
 *
 * The rows are calls of OTP's prim_file in that directory, in order (some
 * change it), and erl's replies printed with ~w. File information is
 * checked against stat(2) of the same file, the open-file sequences
 * against what OTP's prim_file answered to the same calls. */
#include "tests/lib/terms.h"

#define BIF_DEF "vm/bif_file.def"
#define BIF_SUITE bif_file
#define BIF_ROWS_EQ term_eq_exact
#include "tests/lib/bif_rows.h"

#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "vm/atom.h"
#include "vm/binary.h"
#include "vm/cmp.h"

/* ---- the scratch directory --------------------------------------------------- */

static char scratch[64];

static void put_file(const char *name, const char *text)
{
    int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    cr_assert(fd >= 0, "cannot create %s", name);
    cr_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
}

/* The bare process of bif_rows.h, in a new scratch directory holding the
 * fixture. */
static void enter_scratch(void)
{
    setup();
    p.pid = term_local_pid(1, 0);
    strcpy(scratch, "/tmp/test_bif_file.XXXXXX");
    cr_assert(mkdtemp(scratch) != NULL);
    cr_assert(chdir(scratch) == 0);
    put_file("f", "hello\n");
    cr_assert(mkdir("d", 0777) == 0);
    put_file("d/a", "");
    put_file("d/b", "");
    cr_assert(symlink("f", "l") == 0);
    cr_assert(symlink("nowhere", "dl") == 0);
    cr_assert(symlink("\377", "rl") == 0);
    cr_assert(mkdir("raw", 0777) == 0);
    put_file("raw/\377", "");
    cr_assert(mkdir("u", 0777) == 0);
    put_file("u/\303\244", "\303\244");
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    return remove(path);
}

static void leave_scratch(void)
{
    if (chdir("/") == 0)
        nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    teardown();
}

#define SCRATCH_TEST(name) Test(bif_file, name, .init = enter_scratch, .fini = leave_scratch)

/* ---- rows ---------------------------------------------------------------------- */

static const call_row name_rows[] = {
    {"prim_file:read_file/1", "[[102]]", "{ok,<<104,101,108,108,111,10>>}"},
    {"prim_file:read_file/1", "[<<102>>]", "{ok,<<104,101,108,108,111,10>>}"},
    {"prim_file:read_file/1", "[[110,111,110,101,120,105,115,116]]", "{error,enoent}"},
    {"prim_file:read_file/1", "[[100]]", "{error,eisdir}"},
    {"prim_file:read_file/1", "[[102,47,120]]", "{error,enotdir}"},
    {"prim_file:read_file/1", "[[55296]]", "{error,badarg}"},
    {"prim_file:read_file/1", "[[1114112]]", "{error,badarg}"},
    {"prim_file:read_file/1", "[[-1]]", "{error,badarg}"},
    {"prim_file:read_file/1", "[[97,0,98]]", "{error,badarg}"},
    {"prim_file:read_file/1", "[<<97,0>>]", "{error,badarg}"},
    {"prim_file:read_file/1", "[[a]]", "{error,badarg}"},
    {"prim_file:read_file/1", "[[102|a]]", "{error,badarg}"},
    {"prim_file:read_file/1", "[a]", "{error,badarg}"},
    {"prim_file:read_file/1", "[<<1:3>>]", "{error,enoent}"},
    {"prim_file:read_file/1", "[[]]", "{error,enoent}"},
    {"prim_file:read_file/1", "[[117,47,228]]", "{ok,<<195,164>>}"},
    {"prim_file:read_file/1", "[<<117,47,195,164>>]", "{ok,<<195,164>>}"},
    {"prim_file:read_file/1", "[<<117,47,228>>]", "{error,enoent}"},
    {"prim_file:read_file/1", "[<<114,97,119,47,255>>]", "{ok,<<>>}"},
    {"prim_file:list_dir/1", "[[114,97,119]]", "{ok,[]}"},
    {"prim_file:list_dir_all/1", "[[114,97,119]]", "{ok,[<<255>>]}"},
    {"prim_file:list_dir/1", "[[117]]", "{ok,[[228]]}"},
    {"prim_file:list_dir_all/1", "[<<117>>]", "{ok,[[228]]}"},
    {"prim_file:list_dir/1", "[[110,111,110,101,120,105,115,116]]", "{error,enoent}"},
    {"prim_file:list_dir/1", "[[102]]", "{error,enotdir}"},
    {"prim_file:list_dir_all/1", "[1]", "{error,badarg}"},
    {"prim_file:list_dir/1", "[[]]", "{error,enoent}"},
    {"prim_file:make_dir/1", "[[110,100]]", "ok"},
    {"prim_file:make_dir/1", "[[110,100]]", "{error,eexist}"},
    {"prim_file:del_dir/1", "[[110,100]]", "ok"},
    {"prim_file:del_dir/1", "[[110,100]]", "{error,enoent}"},
    {"prim_file:make_dir/1", "[[120,47,121]]", "{error,enoent}"},
    {"prim_file:make_dir/1", "[[228,256]]", "ok"},
    {"prim_file:del_dir/1", "[[228,256]]", "ok"},
    {"prim_file:del_dir/1", "[[100]]", "{error,eexist}"},
    {"prim_file:del_dir/1", "[[102]]", "{error,enotdir}"},
    {"prim_file:del_dir/1", "[[46]]", "{error,einval}"},
    {"prim_file:make_dir/1", "[{a}]", "{error,badarg}"},
    {"prim_file:delete/1", "[[100]]", "{error,eperm}"},
    {"prim_file:delete/1", "[[110,111,110,101,120,105,115,116]]", "{error,enoent}"},
    {"prim_file:delete/1", "[[100,47,98]]", "ok"},
    {"prim_file:delete/1", "[[100,47,98]]", "{error,enoent}"},
    {"prim_file:delete/1", "[<<0>>]", "{error,badarg}"},
    {"prim_file:rename/2", "[[102],[100]]", "{error,eisdir}"},
    {"prim_file:rename/2", "[[100],[102]]", "{error,enotdir}"},
    {"prim_file:rename/2", "[[100],[100,47,120]]", "{error,einval}"},
    {"prim_file:rename/2", "[[110,111,110,101,120,105,115,116],[122]]", "{error,enoent}"},
    {"prim_file:rename/2", "[[100,47,97],[100,47,99]]", "ok"},
    {"prim_file:rename/2", "[[100,47,99],[100,47,97]]", "ok"},
    {"prim_file:rename/2", "[[102],1]", "{error,badarg}"},
    {"prim_file:rename/2", "[1,[102]]", "{error,badarg}"},
    {"prim_file:make_dir/1", "[[101]]", "ok"},
    {"prim_file:rename/2", "[[101],[100]]", "{error,eexist}"},
    {"prim_file:rename/2", "[[100],[101]]", "ok"},
    {"prim_file:rename/2", "[[101],[100]]", "ok"},
    {"prim_file:read_link/1", "[[108]]", "{ok,[102]}"},
    {"prim_file:read_link/1", "[[102]]", "{error,einval}"},
    {"prim_file:read_link/1", "[[100,108]]", "{ok,[110,111,119,104,101,114,101]}"},
    {"prim_file:read_link/1", "[<<100,108>>]", "{ok,[110,111,119,104,101,114,101]}"},
    {"prim_file:read_link/1", "[[114,108]]", "{error,einval}"},
    {"prim_file:read_link_all/1", "[[114,108]]", "{ok,<<255>>}"},
    {"prim_file:read_link_all/1", "[[108]]", "{ok,[102]}"},
    {"prim_file:read_link/1", "[[110,111,110,101,120,105,115,116]]", "{error,enoent}"},
    {"prim_file:read_link/1", "[[0]]", "{error,badarg}"},
    {"prim_file:read_file_info/2", "[[110,111,110,101,120,105,115,116],[{time,bad}]]", "{error,enoent}"},
    {"prim_file:read_file_info/2", "[[102],[{time,bad}]]", "{error,badarg}"},
    {"prim_file:read_file_info/2", "[[102],[time]]", "{error,badarg}"},
    {"prim_file:read_file_info/2", "[[102],[{time,bad,x},{time,bad}]]", "{error,badarg}"},
    {"prim_file:read_link_info/2", "[[110,111,110,101,120,105,115,116],[]]", "{error,enoent}"},
    {"prim_file:read_file_info/2", "[[100,108],[]]", "{error,enoent}"},
    {"prim_file:read_link_info/2", "[[102,47,120],[]]", "{error,enotdir}"},
    {"prim_file:read_file_info/2", "[[0],[]]", "{error,badarg}"},
    {"prim_file:set_cwd/1", "[<<255>>]", "{error,no_translation}"},
    {"prim_file:set_cwd/1", "[[110,111,110,101,120,105,115,116]]", "{error,enoent}"},
    {"prim_file:set_cwd/1", "[[102]]", "{error,enotdir}"},
    {"prim_file:set_cwd/1", "[[1.0]]", "{error,badarg}"},
    {"prim_file:make_symlink/2", "[[102],[108,50]]", "ok"},
    {"prim_file:make_symlink/2", "[[102],[108,50]]", "{error,eexist}"},
    {"prim_file:read_link/1", "[[108,50]]", "{ok,[102]}"},
    {"prim_file:make_link/2", "[[100],[104]]", "{error,eperm}"},
    {"prim_file:make_link/2", "[[102],[104]]", "ok"},
    {"prim_file:make_link/2", "[[102],[104]]", "{error,eexist}"},
    {"prim_file:read_file/1", "[[104]]", "{ok,<<104,101,108,108,111,10>>}"},
    {"prim_file:make_link/2", "[[110,111,110,101,120,105,115,116],[104,50]]", "{error,enoent}"},
    {"prim_file:make_symlink/2", "[1,[120]]", "{error,badarg}"},
};

SCRATCH_TEST(names) { check_rows(name_rows, sizeof name_rows / sizeof name_rows[0]); }

/* ---- the working directory ----------------------------------------------------- */

static term_t arg(const char *text) { return read_text(text); }

/* {ok, Name} where Name is the string s. */
static void expect_ok_string(term_t r, const char *s)
{
    cr_assert(r != THE_NON_VALUE && term_is_tuple(r) && tuple_arity(r) == 2 && tuple_get(r, 0) == ATOM_ok,
              "want {ok, \"%s\"}, got %s", s, show(r));
    cr_expect(term_eq_exact(tuple_get(r, 1), tb_string(&p.heap, s)), "want \"%s\", got %s", s,
              show(tuple_get(r, 1)));
}

SCRATCH_TEST(cwd)
{
    char buf[512];
    cr_assert(getcwd(buf, sizeof buf) != NULL);
    expect_ok_string(call("prim_file:get_cwd/0", NULL), buf);
    term_t a[1] = {arg("\"d\"")};
    cr_expect_eq(call("prim_file:set_cwd/1", a), ATOM_ok);
    strcat(buf, "/d");
    expect_ok_string(call("prim_file:get_cwd/0", NULL), buf);
    a[0] = arg("<<\"..\">>");
    cr_expect_eq(call("prim_file:set_cwd/1", a), ATOM_ok);
    /* A directory named in UTF-8 comes back as its characters. */
    cr_assert(mkdir("\303\274", 0777) == 0);
    a[0] = arg("[252]");
    cr_expect_eq(call("prim_file:set_cwd/1", a), ATOM_ok);
    term_t r = call("prim_file:get_cwd/0", NULL);
    cr_assert(term_is_tuple(r) && tuple_get(r, 0) == ATOM_ok);
    term_t last = NIL, before = NIL;
    for (term_t l = tuple_get(r, 1); term_is_list(l); l = list_tail(l)) {
        before = last;
        last = list_head(l);
    }
    cr_expect_eq(before, term_small('/'));
    cr_expect_eq(last, term_small(252));
}

/* ---- file information ------------------------------------------------------------ */

/* {{Y,Mo,D},{H,Mi,S}} of struct tm. */
static term_t datetime(const struct tm *tm)
{
    heap_t *h = &p.heap;
    return term_tuple2(
        h,
        term_tuple3(h, term_small(tm->tm_year + 1900), term_small(tm->tm_mon + 1), term_small(tm->tm_mday)),
        term_tuple3(h, term_small(tm->tm_hour), term_small(tm->tm_min), term_small(tm->tm_sec)));
}

static term_t want_time(time_t t, const char *type)
{
    struct tm tm;
    if (strcmp(type, "posix") == 0)
        return term_int64(&p.heap, (int64_t)t);
    if (strcmp(type, "universal") == 0)
        gmtime_r(&t, &tm);
    else
        localtime_r(&t, &tm);
    return datetime(&tm);
}

/* Calls fn(name, opts) and checks {ok, #file_info{}} field by field
 * against stat(2) (follow) or lstat(2); type and access as erl gave them
 * for the fixture (as root and as the owner alike). */
static void check_info(const char *fn, const char *name, bool follow, const char *opts, const char *type,
                       const char *want_type, const char *want_access)
{
    struct stat st;
    cr_assert((follow ? stat(name, &st) : lstat(name, &st)) == 0);
    char text[64];
    snprintf(text, sizeof text, "\"%s\"", name);
    term_t a[2] = {arg(text), arg(opts)};
    term_t r = call(fn, a);
    cr_assert(r != THE_NON_VALUE && term_is_tuple(r) && tuple_get(r, 0) == ATOM_ok, "%s(%s, %s): %s", fn,
              name, opts, show(r));
    term_t fi = tuple_get(r, 1);
    cr_assert(term_is_tuple(fi) && tuple_arity(fi) == 14);
    heap_t *h = &p.heap;
    term_t want[14] = {
        atom_from_cstr("file_info"),  term_int64(h, st.st_size),    atom_from_cstr(want_type),
        atom_from_cstr(want_access),  want_time(st.st_atime, type), want_time(st.st_mtime, type),
        want_time(st.st_ctime, type), term_uint64(h, st.st_mode),   term_uint64(h, st.st_nlink),
        term_uint64(h, st.st_dev),    term_uint64(h, st.st_rdev),   term_uint64(h, st.st_ino),
        term_uint64(h, st.st_uid),    term_uint64(h, st.st_gid),
    };
    for (unsigned i = 0; i < 14; i++)
        cr_expect(term_eq_exact(tuple_get(fi, i), want[i]), "%s(%s, %s): field %u is %s, want %s", fn, name,
                  opts, i, show(tuple_get(fi, i)), show(want[i]));
}

SCRATCH_TEST(file_info)
{
    static const char *const types[][2] = {
        {"[]", "local"},
        {"[{time, local}]", "local"},
        {"[{time, universal}]", "universal"},
        {"[{time, posix}]", "posix"},
        {"[raw, {time, posix}, {time, local}]", "posix"},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        const char *o = types[i][0], *t = types[i][1];
        check_info("prim_file:read_file_info/2", "f", true, o, t, "regular", "read_write");
        check_info("prim_file:read_file_info/2", "d", true, o, t, "directory", "read_write");
        check_info("prim_file:read_file_info/2", "l", true, o, t, "regular", "read_write");
        check_info("prim_file:read_link_info/2", "l", false, o, t, "symlink", "read_write");
        check_info("prim_file:read_link_info/2", "dl", false, o, t, "symlink", "none");
        check_info("prim_file:read_link_info/2", "f", false, o, t, "regular", "read_write");
    }
    struct stat st;
    if (stat("/dev/null", &st) == 0)
        check_info("prim_file:read_file_info/2", "/dev/null", true, "[]", "local", "device", "read_write");
}

/* A file's times set with utimes, read back in each time type. */
SCRATCH_TEST(file_info_times)
{
    struct timespec ts[2] = {{.tv_sec = 1000000000}, {.tv_sec = 86400 * 365}};
    cr_assert(utimensat(AT_FDCWD, "f", ts, 0) == 0);
    term_t a[2] = {arg("\"f\""), arg("[{time, universal}]")};
    term_t r = call("prim_file:read_file_info/2", a);
    cr_assert(term_is_tuple(r) && tuple_get(r, 0) == ATOM_ok);
    /* calendar:system_time_to_universal_time(1000000000, second) and
     * (31536000, second) in erl */
    cr_expect(term_eq_exact(tuple_get(tuple_get(r, 1), 4), arg("{{2001,9,9},{1,46,40}}")));
    cr_expect(term_eq_exact(tuple_get(tuple_get(r, 1), 5), arg("{{1971,1,1},{0,0,0}}")));
    a[1] = arg("[{time, posix}]");
    r = call("prim_file:read_file_info/2", a);
    cr_expect(term_eq_exact(tuple_get(tuple_get(r, 1), 4), term_small(1000000000)));
    cr_expect(term_eq_exact(tuple_get(tuple_get(r, 1), 5), term_small(31536000)));
}

SCRATCH_TEST(file_info_bad_options)
{
    /* Not a proper list: OTP's prim_file crashes (function_clause);
     * file:read_file_info/2 never passes one. Here: badarg. */
    term_t a[2] = {arg("\"f\""), arg("[a | b]")};
    expect_error("prim_file:read_file_info/2", a, ATOM_badarg);
    a[1] = arg("a");
    expect_error("prim_file:read_link_info/2", a, ATOM_badarg);
}

/* ---- whole files --------------------------------------------------------------------- */

SCRATCH_TEST(large_file)
{
    /* Larger than one read and than a heap binary. */
    size_t n = 300000;
    char *text = malloc(n + 1);
    for (size_t i = 0; i < n; i++)
        text[i] = (char)('a' + i % 26);
    text[n] = 0;
    put_file("big", text);
    term_t a[2] = {arg("\"big\"")};
    term_t r = call("prim_file:read_file/1", a);
    cr_assert(term_is_tuple(r) && tuple_get(r, 0) == ATOM_ok);
    bin_view v;
    bin_view_of(tuple_get(r, 1), &v);
    cr_assert_eq(v.size, n);
    bool same = true;
    for (size_t i = 0; i < n; i++)
        same = same && bin_byte_at(&v, i) == (uint8_t)text[i];
    cr_expect(same);
    free(text);
}

/* ---- open files ------------------------------------------------------------------------ */

/* Calls mfa on args written as erl text, with $H standing for the handle. */
static term_t call_h(const char *mfa, term_t handle, const char *rest)
{
    term_t a[2] = {handle, rest ? arg(rest) : NIL};
    return call(mfa, a);
}

static term_t open_file(const char *name, const char *modes)
{
    term_t a[2] = {arg(name), arg(modes)};
    term_t r = call("prim_file:open/2", a);
    cr_assert(r != THE_NON_VALUE && term_is_tuple(r) && tuple_get(r, 0) == ATOM_ok, "open(%s, %s): %s", name,
              modes, show(r));
    return tuple_get(r, 1);
}

/* Each reply is what OTP's prim_file answered to the same call. */
SCRATCH_TEST(open_read)
{
    term_t h = open_file("\"f\"", "[read]");
    expect_term(call_h("prim_file:read/2", h, "2"), "{ok,<<104,101>>}");
    expect_term(call_h("prim_file:position/2", h, "cur"), "{ok,2}");
    expect_term(call_h("prim_file:read/2", h, "100"), "{ok,<<108,108,111,10>>}");
    expect_term(call_h("prim_file:read/2", h, "1"), "eof");
    expect_term(call_h("prim_file:read/2", h, "0"), "{ok,<<>>}");
    expect_term(call_h("prim_file:write/2", h, "<<\"x\">>"), "{error,ebadf}");
    expect_term(call_h("prim_file:position/2", h, "{bof, -1}"), "{error,einval}");
    expect_term(call_h("prim_file:position/2", h, "foo"), "{error,badarg}");
    expect_term(call_h("prim_file:position/2", h, "{eof, -2}"), "{ok,4}");
    expect_term(call_h("prim_file:read/2", h, "9"), "{ok,<<111,10>>}");
    expect_term(call_h("prim_file:position/2", h, "1"), "{ok,1}");
    expect_term(call_h("prim_file:read/2", h, "-1"), "{error,badarg}");
    expect_term(call_h("prim_file:position/2", h, "bof"), "{ok,0}");
    expect_term(call_h("prim_file:position/2", h, "eof"), "{ok,6}");

    /* Another process may not use the file. */
    term_t owner = p.pid;
    p.pid = term_local_pid(2, 0);
    term_t not_owner = atom_from_cstr("not_on_controlling_process");
    term_t a[2] = {h, term_small(1)};
    expect_error("prim_file:read/2", a, not_owner);
    a[1] = arg("<<\"x\">>");
    expect_error("prim_file:write/2", a, not_owner);
    a[1] = term_small(0);
    expect_error("prim_file:position/2", a, not_owner);
    expect_error("prim_file:close/1", a, not_owner);
    p.pid = owner;

    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    expect_term(call_h("prim_file:close/1", h, NULL), "{error,einval}");
    expect_term(call_h("prim_file:read/2", h, "1"), "{error,einval}");
    expect_term(call_h("prim_file:write/2", h, "<<>>"), "{error,einval}");
    expect_term(call_h("prim_file:position/2", h, "0"), "{error,einval}");

    /* A file opened in the closed file's slot is not the old handle's. */
    term_t h2 = open_file("\"f\"", "[]");
    expect_term(call_h("prim_file:read/2", h, "1"), "{error,einval}");
    expect_term(call_h("prim_file:read/2", h2, "3"), "{ok,<<104,101,108>>}");
    expect_term(call_h("prim_file:close/1", h2, NULL), "ok");
}

SCRATCH_TEST(open_errors)
{
    static const call_row rows[] = {
        {"prim_file:open/2", "[\"f\", [write, exclusive]]", "{error,eexist}"},
        {"prim_file:open/2", "[\"f\", [read, directory]]", "{error,enotdir}"},
        {"prim_file:open/2", "[\"d\", [read]]", "{error,eisdir}"},
        {"prim_file:open/2", "[\"d\", [write]]", "{error,eisdir}"},
        {"prim_file:open/2", "[\"d\", []]", "{error,eisdir}"},
        {"prim_file:open/2", "[\"nonexist\", [read]]", "{error,enoent}"},
        {"prim_file:open/2", "[\"x/y\", [write]]", "{error,enoent}"},
        {"prim_file:open/2", "[[0], [read]]", "{error,badarg}"},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
    /* Handles that are none (OTP's prim_file crashes on them). */
    term_t a[2] = {arg("{file_descriptor, prim_file, x}"), term_small(1)};
    expect_error("prim_file:read/2", a, ATOM_badarg);
    a[0] = arg("{file_descriptor, prim_file, {-1, 0}}");
    expect_term(call("prim_file:read/2", a), "{error,einval}");
    a[0] = arg("foo");
    expect_error("prim_file:close/1", a, ATOM_badarg);
}

SCRATCH_TEST(open_write)
{
    term_t h = open_file("\"g\"", "[write]");
    expect_term(call_h("prim_file:write/2", h, "<<\"abc\">>"), "ok");
    expect_term(call_h("prim_file:write/2", h, "<<\"de\">>"), "ok");
    expect_term(call_h("prim_file:position/2", h, "cur"), "{ok,5}");
    expect_term(call_h("prim_file:read/2", h, "1"), "{error,ebadf}");
    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    term_t a[1] = {arg("\"g\"")};
    expect_term(call("prim_file:read_file/1", a), "{ok,<<97,98,99,100,101>>}");

    h = open_file("\"g\"", "[append]");
    expect_term(call_h("prim_file:write/2", h, "<<\"Z\">>"), "ok");
    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    expect_term(call("prim_file:read_file/1", a), "{ok,<<97,98,99,100,101,90>>}");

    h = open_file("\"g\"", "[read, write]");
    expect_term(call_h("prim_file:read/2", h, "2"), "{ok,<<97,98>>}");
    expect_term(call_h("prim_file:write/2", h, "<<\"Q\">>"), "ok");
    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    expect_term(call("prim_file:read_file/1", a), "{ok,<<97,98,81,100,101,90>>}");

    h = open_file("\"g\"", "[write]");
    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    expect_term(call("prim_file:read_file/1", a), "{ok,<<>>}");

    h = open_file("\"new\"", "[write, exclusive]");
    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    a[0] = arg("\"new\"");
    expect_term(call("prim_file:read_file/1", a), "{ok,<<>>}");

    /* A sub-binary at a bit offset is written as its bytes (ours: the
     * Erlang half never passes one, but the BIF takes it). */
    h = open_file("\"g\"", "[write]");
    term_t whole = arg("<<0, 97, 98, 99>>");
    term_t a2[2] = {h, bin_sub(&p.heap, whole, 4, 16)};
    expect_term(call("prim_file:write/2", a2), "ok");
    term_t a3[2] = {h, arg("\"abc\"")};
    expect_error("prim_file:write/2", a3, ATOM_badarg);
    expect_term(call_h("prim_file:close/1", h, NULL), "ok");
    a[0] = arg("\"g\"");
    expect_term(call("prim_file:read_file/1", a), "{ok,<<6,22>>}");
}
