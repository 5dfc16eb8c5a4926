/* bif_file.c: the C half of the file module (vm/lib/file.erl), as OTP 25's
 * prim_file: the operations on flat names (cwd, whole files, directories,
 * links, file information) with prim_file's results, and the open files
 * under file's io servers (open, read, write, position, close). Declared
 * in vm/bif_file.def. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "binary.h"
#include "unicode.h"
#include "vm.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_file.def"
#undef BIF

/* ---- errors --------------------------------------------------------------------
 * errno as OTP names it: the lower-case E-name, "unknown" for the rest. */

static const struct errno_name {
    int code;
    const char *name;
} errno_names[] = {
    {EACCES, "eacces"},
    {EAGAIN, "eagain"},
    {EBADF, "ebadf"},
    {EBUSY, "ebusy"},
    {EDEADLK, "edeadlk"},
    {EDQUOT, "edquot"},
    {EEXIST, "eexist"},
    {EFAULT, "efault"},
    {EFBIG, "efbig"},
    {EINTR, "eintr"},
    {EINVAL, "einval"},
    {EIO, "eio"},
    {EISDIR, "eisdir"},
    {ELOOP, "eloop"},
    {EMFILE, "emfile"},
    {EMLINK, "emlink"},
    {ENAMETOOLONG, "enametoolong"},
    {ENFILE, "enfile"},
    {ENODEV, "enodev"},
    {ENOENT, "enoent"},
    {ENOMEM, "enomem"},
    {ENOSPC, "enospc"},
    {ENOSYS, "enosys"},
    {ENOTBLK, "enotblk"},
    {ENOTDIR, "enotdir"},
    {ENOTEMPTY, "enotempty"},
    {EOPNOTSUPP, "eopnotsupp"},
    {ENXIO, "enxio"},
    {EOVERFLOW, "eoverflow"},
    {EPERM, "eperm"},
    {EPIPE, "epipe"},
    {EROFS, "erofs"},
    {ESPIPE, "espipe"},
    {ESTALE, "estale"},
    {ETXTBSY, "etxtbsy"},
    {EXDEV, "exdev"},
    {ENOTTY, "enotty"},
};

term_t vm_errno_atom(int code)
{
    for (size_t i = 0; i < sizeof errno_names / sizeof errno_names[0]; i++)
        if (errno_names[i].code == code)
            return atom_from_cstr(errno_names[i].name);
    return atom_from_cstr("unknown");
}

/* {error, Reason} */
static term_t make_error(process *p, term_t reason) { return term_tuple2(&p->heap, ATOM_error, reason); }
static term_t make_errno_error(process *p, int code) { return make_error(p, vm_errno_atom(code)); }
/* {ok, Value} */
static term_t make_ok(process *p, term_t value) { return term_tuple2(&p->heap, ATOM_ok, value); }

/* ---- names ---------------------------------------------------------------------
 * A name arrives flat, as file:file_name/1 leaves it: a binary (its bytes
 * are the name) or a list of code points (written as UTF-8). NUL and code
 * points that are not characters are badarg, as prim_file's name encoding
 * has them. */

typedef struct path_buf {
    char *s; /* NUL-terminated */
    size_t len, cap;
    char local[256];
} path_buf;

static void init_path(path_buf *b)
{
    b->s = b->local;
    b->len = 0;
    b->cap = sizeof b->local;
}

static void free_path(path_buf *b)
{
    if (b->s != b->local)
        alloc_free(ALLOC_TEMP, b->s, b->cap);
}

/* Room for n more bytes and the NUL. */
static char *reserve_path(path_buf *b, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap;
        while (b->len + n + 1 > nc)
            nc *= 2;
        char *ns = alloc_new(ALLOC_TEMP, nc);
        memcpy(ns, b->s, b->len);
        free_path(b);
        b->s = ns;
        b->cap = nc;
    }
    return b->s + b->len;
}

/* The name `name` into b; false when it is no name (b is still to free). */
static bool get_path(term_t name, path_buf *b, bool *is_binary)
{
    init_path(b);
    *is_binary = term_is_bitstring(name);
    if (*is_binary) {
        /* The whole bytes of a bitstring, as prim_file takes them. */
        bin_view v;
        bin_view_of(name, &v);
        char *d = reserve_path(b, v.size);
        for (uint64_t i = 0; i < v.size; i++) {
            d[i] = (char)bin_byte_at(&v, i);
            if (d[i] == 0)
                return false;
        }
        b->len += v.size;
        b->s[b->len] = 0;
        return true;
    }
    term_t l = name;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!term_is_small(c))
            return false;
        int64_t cp = small_value(c);
        if (cp <= 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        b->len += unicode_encode_utf8((uint32_t)cp, reserve_path(b, 4));
    }
    b->s[b->len] = 0;
    return term_is_nil(l);
}

char *vm_file_name(term_t name)
{
    path_buf b;
    bool bin;
    bool ok = get_path(name, &b, &bin);
    char *s = NULL;
    if (ok)
        s = alloc_strndup(ALLOC_TEMP, b.s, b.len);
    free_path(&b);
    return s;
}

void vm_file_name_free(char *s) { alloc_strfree(ALLOC_TEMP, s); }

/* A native name as a term: the list of its characters when it is UTF-8,
 * else (when raw_ok) the binary of its bytes, else THE_NON_VALUE. */
static term_t make_name(process *p, const char *s, size_t n, bool raw_ok)
{
    if (!unicode_is_utf8(s, n))
        return raw_ok ? bin_new(&p->heap, (const uint8_t *)s, n) : THE_NON_VALUE;
    /* Characters are decoded backwards: the list is built from its end. */
    term_t l = NIL;
    size_t end = n;
    while (end > 0) {
        size_t start = end - 1;
        while (start > 0 && ((unsigned char)s[start] & 0xC0) == 0x80)
            start--;
        uint32_t cp;
        unicode_decode_utf8_strict((const unsigned char *)s + start, end - start, &cp);
        l = term_cons(&p->heap, term_small(cp), l);
        end = start;
    }
    return l;
}

/* ---- a growable byte buffer (ALLOC_TEMP) ------------------------------------------ */

typedef struct byte_buf {
    char *data;
    size_t len, cap;
} byte_buf;

static void grow_bytes(byte_buf *b, size_t need)
{
    if (b->len + need <= b->cap)
        return;
    size_t nc = b->cap ? b->cap : 4096;
    while (b->len + need > nc)
        nc *= 2;
    b->data = alloc_resize(ALLOC_TEMP, b->data, b->cap, nc);
    b->cap = nc;
}

static void free_bytes(byte_buf *b)
{
    if (b->data)
        alloc_free(ALLOC_TEMP, b->data, b->cap);
}

/* ---- modes ---------------------------------------------------------------------
 * The open flags of a mode list as prim_file:open/2 reads it: read, write,
 * append, exclusive, sync, directory; anything else (binary, raw,
 * delayed_write, {encoding, E}, ...) is ignored. False when modes is not
 * a proper list. */

typedef struct open_mode {
    bool read, write, append, exclusive, sync, directory;
} open_mode;

static bool get_modes(term_t modes, open_mode *m)
{
    memset(m, 0, sizeof *m);
    term_t l = modes;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        if (!term_is_atom(x))
            continue;
        size_t n;
        const char *s = atom_text(x, &n);
        if (n == 4 && memcmp(s, "read", 4) == 0)
            m->read = true;
        else if (n == 5 && memcmp(s, "write", 5) == 0)
            m->write = true;
        else if (n == 6 && memcmp(s, "append", 6) == 0)
            m->append = m->write = true;
        else if (n == 9 && memcmp(s, "exclusive", 9) == 0)
            m->exclusive = m->write = true;
        else if (n == 4 && memcmp(s, "sync", 4) == 0)
            m->sync = true;
        else if (n == 9 && memcmp(s, "directory", 9) == 0)
            m->directory = true;
    }
    return term_is_nil(l);
}

/* open(2)'s flags for m: read and write together keep the contents,
 * write alone truncates unless appending. */
static int open_flags(const open_mode *m)
{
    int flags = O_CLOEXEC;
    if (m->read && m->write)
        flags |= O_RDWR | O_CREAT;
    else if (m->write)
        flags |= O_WRONLY | O_CREAT | (m->append ? 0 : O_TRUNC);
    else
        flags |= O_RDONLY;
    if (m->append)
        flags |= O_APPEND;
    if (m->exclusive)
        flags |= O_EXCL;
    if (m->sync)
        flags |= O_SYNC;
    if (m->directory)
        flags |= O_DIRECTORY;
    return flags;
}

/* Writes all n bytes; 0 or an errno. */
static int write_all(int fd, const uint8_t *data, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, data, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        data += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Writes the binary bin to fd; 0 or an errno. */
static int write_binary(int fd, term_t bin)
{
    bin_view v;
    bin_view_of(bin, &v);
    if (v.bitoffset == 0)
        return write_all(fd, v.bytes, v.size);
    uint8_t chunk[4096];
    for (uint64_t at = 0; at < v.size;) {
        size_t k = v.size - at < sizeof chunk ? (size_t)(v.size - at) : sizeof chunk;
        for (size_t i = 0; i < k; i++)
            chunk[i] = bin_byte_at(&v, at + i);
        int err = write_all(fd, chunk, k);
        if (err)
            return err;
        at += k;
    }
    return 0;
}

/* Reads fd to its end into b; 0 or an errno. */
static int read_all(int fd, byte_buf *b)
{
    for (;;) {
        grow_bytes(b, 65536);
        ssize_t k = read(fd, b->data + b->len, b->cap - b->len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (k == 0)
            return 0;
        b->len += (size_t)k;
    }
}

/* ---- prim_file: whole files --------------------------------------------------- */

/* prim_file:read_file(Name) -> {ok, Binary} | {error, Reason} */
term_t bif_file_read_file_1(process *p, const term_t *args)
{
    path_buf path;
    bool is_bin;
    term_t r;
    if (!get_path(args[0], &path, &is_bin)) {
        r = make_error(p, ATOM_badarg);
        goto cleanup;
    }
    int fd = open(path.s, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        r = make_errno_error(p, errno);
        goto cleanup;
    }
    byte_buf b = {0};
    int err = read_all(fd, &b);
    close(fd);
    r = err ? make_errno_error(p, err) : make_ok(p, bin_new(&p->heap, (const uint8_t *)b.data, b.len));
    free_bytes(&b);
cleanup:
    free_path(&path);
    return r;
}

/* ---- prim_file: the working directory ----------------------------------------- */

/* prim_file:get_cwd() -> {ok, Dir} | {error, Reason} */
term_t bif_file_get_cwd_0(process *p, const term_t *args)
{
    byte_buf b = {0};
    term_t r;
    for (;;) {
        grow_bytes(&b, b.cap ? b.cap : 1024);
        if (getcwd(b.data, b.cap)) {
            r = make_ok(p, make_name(p, b.data, strlen(b.data), true));
            break;
        }
        if (errno != ERANGE) {
            r = make_errno_error(p, errno);
            break;
        }
    }
    free_bytes(&b);
    return r;
}

/* prim_file:set_cwd(Dir) -> ok | {error, Reason}: a binary name must be
 * UTF-8 (no_translation otherwise). */
term_t bif_file_set_cwd_1(process *p, const term_t *args)
{
    path_buf path;
    bool is_bin;
    term_t r;
    if (!get_path(args[0], &path, &is_bin))
        r = make_error(p, ATOM_badarg);
    else if (is_bin && !unicode_is_utf8(path.s, path.len))
        r = make_error(p, atom_from_cstr("no_translation"));
    else
        r = chdir(path.s) == 0 ? ATOM_ok : make_errno_error(p, errno);
    free_path(&path);
    return r;
}

/* ---- prim_file: names ------------------------------------------------------------
 * One system call on one or two names. OTP's answers differ from Linux's
 * in two places: a non-empty directory (rmdir, rename) is eexist, and
 * unlink of a directory is eperm. */

typedef int (*path_op)(const char *a, const char *b);

static term_t do_path_op(process *p, term_t a, term_t b, path_op op)
{
    path_buf pa, pb;
    bool is_bin;
    bool ok_a = get_path(a, &pa, &is_bin);
    bool ok_b = b == THE_NON_VALUE ? (init_path(&pb), true) : get_path(b, &pb, &is_bin);
    term_t r;
    if (!ok_a || !ok_b) {
        r = make_error(p, ATOM_badarg);
    } else if (op(pa.s, pb.s) == 0) {
        r = ATOM_ok;
    } else {
        int err = errno;
        r = make_errno_error(p, err == ENOTEMPTY ? EEXIST : err);
    }
    free_path(&pa);
    free_path(&pb);
    return r;
}

static int op_mkdir(const char *a, const char *b) { return mkdir(a, 0777); }
static int op_rmdir(const char *a, const char *b) { return rmdir(a); }
static int op_rename(const char *a, const char *b) { return rename(a, b); }
static int op_link(const char *a, const char *b) { return link(a, b); }
static int op_symlink(const char *a, const char *b) { return symlink(a, b); }
static int op_unlink(const char *a, const char *b)
{
    int rc = unlink(a);
    if (rc != 0 && errno == EISDIR)
        errno = EPERM;
    return rc;
}

/* prim_file:make_dir(Dir), del_dir(Dir), delete(File), rename(From, To),
 * make_link(Existing, New), make_symlink(Existing, New) -> ok | {error, R} */
term_t bif_file_make_dir_1(process *p, const term_t *args)
{
    return do_path_op(p, args[0], THE_NON_VALUE, op_mkdir);
}
term_t bif_file_del_dir_1(process *p, const term_t *args)
{
    return do_path_op(p, args[0], THE_NON_VALUE, op_rmdir);
}
term_t bif_file_delete_1(process *p, const term_t *args)
{
    return do_path_op(p, args[0], THE_NON_VALUE, op_unlink);
}
term_t bif_file_rename_2(process *p, const term_t *args)
{
    return do_path_op(p, args[0], args[1], op_rename);
}
term_t bif_file_make_link_2(process *p, const term_t *args)
{
    return do_path_op(p, args[0], args[1], op_link);
}
term_t bif_file_make_symlink_2(process *p, const term_t *args)
{
    return do_path_op(p, args[0], args[1], op_symlink);
}

/* ---- prim_file: directories ------------------------------------------------------ */

/* The entries of directory args[0] but . and .., in readdir's order; names
 * that are not UTF-8 are skipped, or kept as binaries when raw_ok. */
static term_t list_dir(process *p, term_t name, bool raw_ok)
{
    path_buf path;
    bool is_bin;
    term_t r;
    if (!get_path(name, &path, &is_bin)) {
        r = make_error(p, ATOM_badarg);
        goto cleanup;
    }
    DIR *d = opendir(path.s);
    if (!d) {
        r = make_errno_error(p, errno);
        goto cleanup;
    }
    /* The names are consed onto a reversed list, then turned around. */
    term_t rev = NIL;
    size_t n = 0;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        term_t t = make_name(p, e->d_name, strlen(e->d_name), raw_ok);
        if (t != THE_NON_VALUE) {
            rev = term_cons(&p->heap, t, rev);
            n++;
        }
    }
    int err = errno;
    closedir(d);
    if (err) {
        r = make_errno_error(p, err);
        goto cleanup;
    }
    term_t l = NIL;
    for (; n > 0; n--, rev = list_tail(rev))
        l = term_cons(&p->heap, list_head(rev), l);
    r = make_ok(p, l);
cleanup:
    free_path(&path);
    return r;
}

/* prim_file:list_dir(Dir) and list_dir_all(Dir) -> {ok, Names} | {error, R} */
term_t bif_file_list_dir_1(process *p, const term_t *args) { return list_dir(p, args[0], false); }
term_t bif_file_list_dir_all_1(process *p, const term_t *args) { return list_dir(p, args[0], true); }

/* ---- prim_file: links -------------------------------------------------------------- */

/* The target of link args[0]: a list, or when it is not UTF-8 a binary
 * (raw_ok) or einval. */
static term_t read_link(process *p, term_t name, bool raw_ok)
{
    path_buf path;
    bool is_bin;
    term_t r;
    if (!get_path(name, &path, &is_bin)) {
        r = make_error(p, ATOM_badarg);
        goto cleanup;
    }
    byte_buf b = {0};
    for (;;) {
        grow_bytes(&b, b.cap ? b.cap : 256);
        ssize_t k = readlink(path.s, b.data, b.cap);
        if (k < 0) {
            r = make_errno_error(p, errno);
            break;
        }
        if ((size_t)k < b.cap) {
            term_t t = make_name(p, b.data, (size_t)k, raw_ok);
            r = t == THE_NON_VALUE ? make_errno_error(p, EINVAL) : make_ok(p, t);
            break;
        }
    }
    free_bytes(&b);
cleanup:
    free_path(&path);
    return r;
}

/* prim_file:read_link(Name) and read_link_all(Name) -> {ok, Target} | {error, R} */
term_t bif_file_read_link_1(process *p, const term_t *args) { return read_link(p, args[0], false); }
term_t bif_file_read_link_all_1(process *p, const term_t *args) { return read_link(p, args[0], true); }

/* ---- prim_file: file information ------------------------------------------------- */

enum time_type { TIME_LOCAL, TIME_UNIVERSAL, TIME_POSIX };

/* The {time, Type} of an option list (local when absent, as proplists
 * reads it: the first `time` or {time, _} decides); false when it names no
 * time type. */
static bool get_time_type(term_t opts, enum time_type *tt, bool *proper)
{
    *tt = TIME_LOCAL;
    *proper = true;
    term_t l = opts;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        term_t v;
        if (x == atom_from_cstr("time"))
            return false;
        if (!term_is_tuple(x) || tuple_arity(x) != 2 || tuple_get(x, 0) != atom_from_cstr("time"))
            continue;
        v = tuple_get(x, 1);
        if (v == atom_from_cstr("local"))
            *tt = TIME_LOCAL;
        else if (v == atom_from_cstr("universal"))
            *tt = TIME_UNIVERSAL;
        else if (v == atom_from_cstr("posix"))
            *tt = TIME_POSIX;
        else
            return false;
        return true;
    }
    *proper = term_is_nil(l);
    return true;
}

/* Seconds since the epoch as {{Y,Mo,D},{H,Mi,S}} (local or universal) or
 * as the integer (posix). */
static term_t make_time(process *p, time_t t, enum time_type tt)
{
    if (tt == TIME_POSIX)
        return term_int64(&p->heap, (int64_t)t);
    struct tm tm;
    if (tt == TIME_LOCAL)
        localtime_r(&t, &tm);
    else
        gmtime_r(&t, &tm);
    heap_t *h = &p->heap;
    return term_tuple2(
        h, term_tuple3(h, term_small(tm.tm_year + 1900), term_small(tm.tm_mon + 1), term_small(tm.tm_mday)),
        term_tuple3(h, term_small(tm.tm_hour), term_small(tm.tm_min), term_small(tm.tm_sec)));
}

static term_t file_type(mode_t m)
{
    if (S_ISREG(m))
        return atom_from_cstr("regular");
    if (S_ISDIR(m))
        return atom_from_cstr("directory");
    if (S_ISLNK(m))
        return atom_from_cstr("symlink");
    if (S_ISCHR(m) || S_ISBLK(m))
        return atom_from_cstr("device");
    return atom_from_cstr("other");
}

/* What access(2) grants the VM: read, write, read_write or none. */
static term_t file_access(const char *path)
{
    bool r = access(path, R_OK) == 0, w = access(path, W_OK) == 0;
    return atom_from_cstr(r && w ? "read_write" : r ? "read" : w ? "write" : "none");
}

/* {file_info, Size, Type, Access, Atime, Mtime, Ctime, Mode, Links,
 *  MajorDevice, MinorDevice, Inode, Uid, Gid} */
static term_t make_file_info(process *p, const struct stat *st, const char *path, enum time_type tt)
{
    heap_t *h = &p->heap;
    term_t e[14] = {
        atom_from_cstr("file_info"),
        term_int64(h, (int64_t)st->st_size),
        file_type(st->st_mode),
        file_access(path),
        make_time(p, st->st_atime, tt),
        make_time(p, st->st_mtime, tt),
        make_time(p, st->st_ctime, tt),
        term_uint64(h, (uint64_t)st->st_mode),
        term_uint64(h, (uint64_t)st->st_nlink),
        term_uint64(h, (uint64_t)st->st_dev),
        term_uint64(h, (uint64_t)st->st_rdev),
        term_uint64(h, (uint64_t)st->st_ino),
        term_uint64(h, (uint64_t)st->st_uid),
        term_uint64(h, (uint64_t)st->st_gid),
    };
    return term_tuple(h, 14, e);
}

static term_t read_info(process *p, const term_t *args, bool follow)
{
    bool proper;
    enum time_type tt;
    bool ok_time = get_time_type(args[1], &tt, &proper);
    if (!proper)
        return BIF_BADARG(p);
    path_buf path;
    bool is_bin;
    term_t r;
    if (!get_path(args[0], &path, &is_bin)) {
        r = make_error(p, ATOM_badarg);
        goto cleanup;
    }
    /* A bad time type shows only once the file is found. */
    struct stat st;
    if ((follow ? stat(path.s, &st) : lstat(path.s, &st)) != 0)
        r = make_errno_error(p, errno);
    else if (!ok_time)
        r = make_error(p, ATOM_badarg);
    else
        r = make_ok(p, make_file_info(p, &st, path.s, tt));
cleanup:
    free_path(&path);
    return r;
}

/* prim_file:read_file_info(Name, Opts) and read_link_info(Name, Opts) ->
 * {ok, #file_info{}} | {error, Reason}. Opts: {time, local | universal |
 * posix}; another time is {error, badarg}; an improper list is badarg
 * raised. */
term_t bif_file_read_file_info_2(process *p, const term_t *args) { return read_info(p, args, true); }
term_t bif_file_read_link_info_2(process *p, const term_t *args) { return read_info(p, args, false); }

/* ---- prim_file: open files -----------------------------------------------------
 * A file opened by prim_file:open/2 is a slot in one table, named by the
 * handle {file_descriptor, prim_file, {Slot, Serial}}: the serial tells a
 * closed slot's old handles from the file opened in it next. Only the
 * process that opened a file may use it (the others get OTP's error
 * not_on_controlling_process); a file is closed by close/1 only, not when
 * its owner exits. */

typedef struct open_file {
    int fd; /* -1: a free slot */
    uint32_t serial;
    term_t owner;
} open_file;

static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static open_file *files;
static size_t nfiles;

/* A slot for fd owned by owner; its handle's slot and serial. */
static void add_file(int fd, term_t owner, size_t *slot, uint32_t *serial)
{
    pthread_mutex_lock(&files_lock);
    size_t i = 0;
    while (i < nfiles && files[i].fd >= 0)
        i++;
    if (i == nfiles) {
        size_t nn = nfiles ? nfiles * 2 : 16;
        files = alloc_resize(ALLOC_SYSTEM, files, nfiles * sizeof *files, nn * sizeof *files);
        for (size_t k = nfiles; k < nn; k++)
            files[k] = (open_file){.fd = -1, .serial = 0, .owner = NIL};
        nfiles = nn;
    }
    files[i].fd = fd;
    files[i].serial++;
    files[i].owner = owner;
    *slot = i;
    *serial = files[i].serial;
    pthread_mutex_unlock(&files_lock);
}

enum file_lookup { FILE_OK, FILE_BADARG, FILE_CLOSED, FILE_NOT_OWNER };

/* The fd of handle h for process p; with `take`, the slot is freed (the
 * caller closes the fd). */
static enum file_lookup find_file(process *p, term_t h, bool take, int *fd)
{
    if (!term_is_tuple(h) || tuple_arity(h) != 3 || tuple_get(h, 0) != atom_from_cstr("file_descriptor") ||
        tuple_get(h, 1) != atom_from_cstr("prim_file"))
        return FILE_BADARG;
    term_t id = tuple_get(h, 2);
    if (!term_is_tuple(id) || tuple_arity(id) != 2 || !term_is_small(tuple_get(id, 0)) ||
        !term_is_small(tuple_get(id, 1)))
        return FILE_BADARG;
    int64_t slot = small_value(tuple_get(id, 0)), serial = small_value(tuple_get(id, 1));
    enum file_lookup r = FILE_CLOSED;
    pthread_mutex_lock(&files_lock);
    if (slot >= 0 && (uint64_t)slot < nfiles && files[slot].fd >= 0 && files[slot].serial == serial) {
        if (files[slot].owner != p->pid) {
            r = FILE_NOT_OWNER;
        } else {
            r = FILE_OK;
            *fd = files[slot].fd;
            if (take)
                files[slot].fd = -1;
        }
    }
    pthread_mutex_unlock(&files_lock);
    return r;
}

/* The error term of a failed lookup: {error, einval} for a closed file;
 * raised not_on_controlling_process for another process's file (as OTP);
 * raised badarg for a handle that is none. */
static term_t lookup_error(process *p, enum file_lookup r)
{
    if (r == FILE_BADARG)
        return BIF_BADARG(p);
    if (r == FILE_NOT_OWNER)
        return BIF_ERROR(p, atom_from_cstr("not_on_controlling_process"));
    return make_errno_error(p, EINVAL);
}

/* prim_file:open(Name, Modes) -> {ok, Handle} | {error, Reason}. Modes as
 * get_modes reads them; with neither read nor write the file is opened
 * for reading. A directory is eisdir without the directory mode. */
term_t bif_file_open_2(process *p, const term_t *args)
{
    path_buf path;
    bool is_bin;
    open_mode m;
    term_t r;
    if (!get_path(args[0], &path, &is_bin) || !get_modes(args[1], &m)) {
        r = make_error(p, ATOM_badarg);
        goto cleanup;
    }
    int fd = open(path.s, open_flags(&m), 0666);
    if (fd < 0) {
        r = make_errno_error(p, errno);
        goto cleanup;
    }
    /* A directory opens only with the directory mode, as OTP's prim_file
     * has it (open(2) would take one for reading). */
    struct stat st;
    if (!m.directory && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        r = make_errno_error(p, EISDIR);
        goto cleanup;
    }
    size_t slot;
    uint32_t serial;
    add_file(fd, p->pid, &slot, &serial);
    heap_t *h = &p->heap;
    term_t id = term_tuple2(h, term_small((int64_t)slot), term_small(serial));
    r = make_ok(p, term_tuple3(h, atom_from_cstr("file_descriptor"), atom_from_cstr("prim_file"), id));
cleanup:
    free_path(&path);
    return r;
}

/* prim_file:close(Handle) -> ok | {error, Reason} */
term_t bif_file_close_1(process *p, const term_t *args)
{
    int fd;
    enum file_lookup lr = find_file(p, args[0], true, &fd);
    if (lr != FILE_OK)
        return lookup_error(p, lr);
    return close(fd) == 0 ? ATOM_ok : make_errno_error(p, errno);
}

/* prim_file:read(Handle, Size) -> {ok, Binary} | eof | {error, Reason}:
 * up to Size bytes, fewer only at the end of the file; eof when there are
 * none left and Size > 0; {error, badarg} when Size is no size. */
term_t bif_file_read_2(process *p, const term_t *args)
{
    int fd;
    if (!term_is_small(args[1]) || small_value(args[1]) < 0)
        return make_error(p, ATOM_badarg);
    enum file_lookup lr = find_file(p, args[0], false, &fd);
    if (lr != FILE_OK)
        return lookup_error(p, lr);
    size_t want = (size_t)small_value(args[1]);
    byte_buf b = {0};
    term_t r = THE_NON_VALUE;
    while (b.len < want) {
        size_t chunk = want - b.len < 65536 ? want - b.len : 65536;
        grow_bytes(&b, chunk);
        ssize_t k = read(fd, b.data + b.len, chunk);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            r = make_errno_error(p, errno);
            break;
        }
        if (k == 0)
            break;
        b.len += (size_t)k;
    }
    if (r == THE_NON_VALUE)
        r = want > 0 && b.len == 0 ? atom_from_cstr("eof")
                                   : make_ok(p, bin_new(&p->heap, (const uint8_t *)b.data, b.len));
    free_bytes(&b);
    return r;
}

/* prim_file:write(Handle, Binary) -> ok | {error, Reason} */
term_t bif_file_write_2(process *p, const term_t *args)
{
    int fd;
    bin_view v;
    if (!bin_view_bytes(args[1], &v))
        return BIF_BADARG(p);
    enum file_lookup lr = find_file(p, args[0], false, &fd);
    if (lr != FILE_OK)
        return lookup_error(p, lr);
    int err = write_binary(fd, args[1]);
    return err ? make_errno_error(p, err) : ATOM_ok;
}

/* prim_file:position(Handle, Location) -> {ok, Position} | {error, R}.
 * Location: Offset (from bof), bof | cur | eof, or {bof | cur | eof,
 * Offset}; another term is {error, badarg}; a position before the start
 * is einval. */
term_t bif_file_position_2(process *p, const term_t *args)
{
    term_t loc = args[1], mark = loc;
    int64_t offset = 0;
    if (term_is_small(loc)) {
        mark = atom_from_cstr("bof");
        offset = small_value(loc);
    } else if (term_is_tuple(loc) && tuple_arity(loc) == 2 && term_is_small(tuple_get(loc, 1))) {
        mark = tuple_get(loc, 0);
        offset = small_value(tuple_get(loc, 1));
    }
    int whence;
    if (mark == atom_from_cstr("bof"))
        whence = SEEK_SET;
    else if (mark == atom_from_cstr("cur"))
        whence = SEEK_CUR;
    else if (mark == atom_from_cstr("eof"))
        whence = SEEK_END;
    else
        return make_error(p, ATOM_badarg);
    int fd;
    enum file_lookup lr = find_file(p, args[0], false, &fd);
    if (lr != FILE_OK)
        return lookup_error(p, lr);
    off_t at = lseek(fd, (off_t)offset, whence);
    return at < 0 ? make_errno_error(p, errno) : make_ok(p, term_int64(&p->heap, (int64_t)at));
}
