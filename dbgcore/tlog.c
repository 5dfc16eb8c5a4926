/* tlog.c: dbg's trace-port file format. A buffered, thread-safe writer
 * (plain files and wrap sets, with OTP's driver's naming and rotation) and
 * a reader that walks the records of a file or a wrap set in OTP's order,
 * checking every size against what the file holds. */
#include "dbgcore/tlog.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Records up to this size are encoded on the C stack. */
#define STACK_RECORD_BYTES 1024

const char *tlog_result_name(tlog_result r)
{
    static const char *const names[] = {
        "TLOG_OK",        "TLOG_EOF",       "TLOG_BADARG",
        "TLOG_IO",        "TLOG_TRUNCATED", "TLOG_BAD_TAG",
        "TLOG_BAD_TERM",  "TLOG_WRAP_SET",  "TLOG_NOT_ENCODABLE",
        "TLOG_TOO_LARGE", "TLOG_FAILED",
    };
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "TLOG_?";
}

/* Fills *err (if any): code, errno, where, and "FILE: offset N: text" (the
 * parts that are known). Returns `code`. */
__attribute__((format(printf, 7, 8))) static tlog_result set_error(tlog_error *err, tlog_result code,
                                                                   int sys_errno, const char *file,
                                                                   uint64_t offset, size_t file_index,
                                                                   const char *fmt, ...)
{
    if (!err)
        return code;
    err->code = code;
    err->sys_errno = sys_errno;
    err->offset = offset;
    err->file_index = file_index;
    size_t n = 0;
    int k;
    if (file) {
        k = snprintf(err->msg, sizeof err->msg, "%s: ", file);
        n = k < 0 ? 0 : (size_t)k < sizeof err->msg ? (size_t)k : sizeof err->msg - 1;
    }
    if (code == TLOG_TRUNCATED || code == TLOG_BAD_TAG || code == TLOG_BAD_TERM) {
        k = snprintf(err->msg + n, sizeof err->msg - n, "offset %llu: ", (unsigned long long)offset);
        n += k < 0 ? 0 : (size_t)k < sizeof err->msg - n ? (size_t)k : sizeof err->msg - n - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg + n, sizeof err->msg - n, fmt, ap);
    va_end(ap);
    return code;
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int tlog_write_all(int fd, const void *bytes, size_t n)
{
    const uint8_t *p = bytes;
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0) {
            errno = ENOSPC;
            return -1;
        }
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* read(2) up to n bytes; the count read (short only at end of file), or -1
 * with errno. */
static ssize_t read_full(int fd, uint8_t *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, p + got, n - got);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return (ssize_t)got;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ======================================================================
 * Wrap sets: the files of one name and suffix, in OTP's reading order
 * ====================================================================== */

typedef struct wrap_file {
    uint64_t seq; /* the digits between name and suffix (saturating) */
    char *path;
} wrap_file;

typedef struct wrap_list {
    wrap_file *files;
    size_t n, cap;
} wrap_list;

static void free_wrap_list(wrap_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        alloc_strfree(ALLOC_TRACE_BUF, l->files[i].path);
    if (l->files)
        alloc_free(ALLOC_TRACE_BUF, l->files, l->cap * sizeof *l->files);
    memset(l, 0, sizeof *l);
}

static int compare_wrap_files(const void *a, const void *b)
{
    const wrap_file *x = a, *y = b;
    if (x->seq != y->seq)
        return x->seq < y->seq ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* Every file of `name`'s directory whose name is basename(name) ++ Digits
 * ++ suffix (one digit at least), sorted by the number, as dbg's
 * wrap_presort and lists:sort. A directory that cannot be listed holds no
 * file (as dbg). */
static void list_wrap_files(const char *name, const char *suffix, wrap_list *out)
{
    memset(out, 0, sizeof *out);
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    size_t prefix_len = slash ? (size_t)(slash - name) + 1 : 0; /* the directory, with its slash */
    char *dir = alloc_new(ALLOC_TRACE_BUF, prefix_len + 2);
    memcpy(dir, slash ? name : ".", slash ? prefix_len : 1);
    dir[slash ? prefix_len : 1] = '\0';
    DIR *d = opendir(dir);
    alloc_free(ALLOC_TRACE_BUF, dir, prefix_len + 2);
    if (!d)
        return;
    size_t base_len = strlen(base), suffix_len = strlen(suffix);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *f = e->d_name;
        size_t len = strlen(f);
        if (len <= base_len + suffix_len || memcmp(f, base, base_len) != 0 ||
            memcmp(f + len - suffix_len, suffix, suffix_len) != 0)
            continue;
        uint64_t seq = 0;
        bool digits = true;
        for (size_t i = base_len; i < len - suffix_len; i++) {
            if (f[i] < '0' || f[i] > '9') {
                digits = false;
                break;
            }
            unsigned dgt = (unsigned)(f[i] - '0');
            seq = seq > (UINT64_MAX - dgt) / 10 ? UINT64_MAX : seq * 10 + dgt;
        }
        if (!digits)
            continue;
        if (out->n == out->cap) {
            size_t cap = out->cap ? out->cap * 2 : 16;
            out->files = alloc_resize(ALLOC_TRACE_BUF, out->files, out->cap * sizeof *out->files,
                                      cap * sizeof *out->files);
            out->cap = cap;
        }
        char *path = alloc_new(ALLOC_TRACE_BUF, prefix_len + len + 1);
        memcpy(path, name, prefix_len);
        memcpy(path + prefix_len, f, len + 1);
        out->files[out->n].seq = seq;
        out->files[out->n].path = path;
        out->n++;
    }
    closedir(d);
    if (out->n > 1)
        qsort(out->files, out->n, sizeof *out->files, compare_wrap_files);
}

uint32_t tlog_wrap_count(const char *name, const char *suffix, size_t *nfiles)
{
    wrap_list l;
    list_wrap_files(name, suffix, &l);
    uint64_t max = 0;
    bool zero = false;
    for (size_t i = 0; i < l.n; i++) {
        zero |= l.files[i].seq == 0;
        max = l.files[i].seq > max ? l.files[i].seq : max;
    }
    *nfiles = l.n;
    /* 0..K-1 (not wrapped yet), or a set that wrapped: it ends at its count */
    uint64_t count = zero && max + 1 == l.n ? l.n : max;
    free_wrap_list(&l);
    return count < 1 ? 1 : count > UINT32_MAX ? UINT32_MAX : (uint32_t)count;
}

/* True when files[from..n) count up by one and the last is `count`. */
static bool runs_up_to(const wrap_file *f, size_t from, size_t n, uint64_t count)
{
    for (size_t i = from; i + 1 < n; i++)
        if (f[i].seq + 1 != f[i + 1].seq || f[i + 1].seq > count)
            return false;
    return f[n - 1].seq == count;
}

/* OTP's wrap_sortfix: the sorted files of a rotation over the names 0..count
 * leave a gap of one name; the oldest file is the one after the gap. Writes
 * the reading order into order[] (indices into l->files); false when the
 * files cannot come from one rotation. */
static bool order_wrap_files(const wrap_list *l, uint64_t count, size_t *order)
{
    const wrap_file *f = l->files;
    size_t n = l->n;
    if (n == 0)
        return true;
    size_t start; /* index of the oldest file */
    if (f[0].seq == 0) {
        start = 0;
        for (size_t i = 0; i + 1 < n; i++) {
            if (f[i].seq + 1 == f[i + 1].seq && f[i + 1].seq < count)
                continue;
            if (f[i].seq + 2 == f[i + 1].seq && f[i + 1].seq <= count) {
                if (!runs_up_to(f, i + 1, n, count))
                    return false;
                start = i + 1;
                break;
            }
            return false;
        }
        /* no gap: every file after the first is below count */
    } else if (f[0].seq == 1) {
        if (!runs_up_to(f, 0, n, count))
            return false;
        start = 0;
    } else {
        return false;
    }
    for (size_t k = 0; k < n; k++)
        order[k] = (start + k) % n;
    return true;
}

/* ======================================================================
 * The writer
 * ====================================================================== */

struct tlog_writer {
    spinlock lock;   /* over everything below but `failed` and `lost`:
                        held for a copy, rarely for a write */
    bool serialized;     /* the caller serializes every call: no locking */
    int fd;              /* -1 after a failed rotation */
    uint8_t *buf;        /* TLOG_BUFFER_BYTES */
    size_t pos;          /* bytes buffered */
    uint64_t len;        /* bytes of records in the current file */
    char *path;          /* the current file's name */
    size_t path_cap;
    /* wrap sets */
    bool wrap;
    char *name, *suffix;
    uint32_t size, count, time_ms;
    uint32_t cur, del;  /* sequence numbers of the current and oldest file */
    uint32_t countdown; /* rotations left before the oldest is deleted */
    uint64_t deadline;  /* time rotation: now_ns() of the next one */
    char *del_path;     /* scratch for the name of the file to delete */
    ext_heads *heads;   /* serialized writers: the heads of recent messages
                           (vm/ext.h), from the first append on */
    /* write-behind: a full buffer is written to the file by the writer's
     * own thread (started at the first full buffer) while appends fill
     * `spare`; io_* are under io_lock, the rest of the writer's fields are
     * the appenders' alone */
    uint8_t *spare; /* TLOG_BUFFER_BYTES, with the thread */
    bool io_started, io_quit;
    bool io_none; /* no thread could be made: the appenders write */
    pthread_t io_thread;
    pthread_mutex_t io_lock;
    pthread_cond_t io_work, io_done;
    const uint8_t *io_buf; /* the buffer in flight, io_len bytes (0: none) */
    size_t io_len;
    int io_fd;
    int io_errno; /* the failure of the last write in flight, 0 if none */
    /* outcome */
    _Atomic bool failed;
    _Atomic uint64_t lost;
    tlog_error error; /* the first I/O error */
    tlog_stats stats;
};

/* The writer's lock (vm/spinlock.h: the holder may be writing 64 KiB to
 * the file, so a waiter yields its CPU after a few spins); a serialized
 * writer takes none. */
static void lock_writer(tlog_writer *w)
{
    if (!w->serialized)
        spinlock_lock(&w->lock);
}

static void unlock_writer(tlog_writer *w)
{
    if (!w->serialized)
        spinlock_unlock(&w->lock);
}

void tlog_writer_serialized(tlog_writer *w) { w->serialized = true; }

static tlog_writer *new_writer(void)
{
    tlog_writer *w = alloc_zeroed(ALLOC_TRACE_BUF, sizeof *w);
    spinlock_init(&w->lock);
    w->fd = -1;
    w->buf = alloc_new(ALLOC_TRACE_BUF, TLOG_BUFFER_BYTES);
    atomic_init(&w->failed, false);
    atomic_init(&w->lost, 0);
    return w;
}

static void free_writer(tlog_writer *w)
{
    alloc_free(ALLOC_TRACE_BUF, w->buf, TLOG_BUFFER_BYTES);
    if (w->heads)
        alloc_free(ALLOC_TRACE_BUF, w->heads, sizeof *w->heads);
    if (w->path)
        alloc_free(ALLOC_TRACE_BUF, w->path, w->path_cap);
    if (w->del_path)
        alloc_free(ALLOC_TRACE_BUF, w->del_path, w->path_cap);
    alloc_strfree(ALLOC_TRACE_BUF, w->name);
    alloc_strfree(ALLOC_TRACE_BUF, w->suffix);
    alloc_free(ALLOC_TRACE_BUF, w, sizeof *w);
}

static int create_file(const char *path)
{
    int fd;
    do
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    while (fd < 0 && errno == EINTR);
    return fd;
}

/* Name ++ Seq ++ Suffix into out (path_cap bytes). */
static void make_wrap_name(const tlog_writer *w, uint32_t seq, char *out)
{
    snprintf(out, w->path_cap, "%s%u%s", w->name, (unsigned)seq, w->suffix);
}

/* The writer stops at its first I/O error: keep it, report it once. */
static tlog_result fail_locked(tlog_writer *w, const char *what, int e, tlog_error *err)
{
    set_error(&w->error, TLOG_IO, e, w->path, 0, 0, "%s failed: %s", what, strerror(e));
    atomic_store_explicit(&w->failed, true, memory_order_relaxed);
    w->pos = 0;
    if (err)
        *err = w->error;
    return TLOG_IO;
}

/* The writer's thread: writes each buffer handed to it, in order. */
static void *write_behind(void *arg)
{
    tlog_writer *w = arg;
    pthread_mutex_lock(&w->io_lock);
    for (;;) {
        while (w->io_len == 0 && !w->io_quit)
            pthread_cond_wait(&w->io_work, &w->io_lock);
        if (w->io_len == 0)
            break;
        const uint8_t *buf = w->io_buf;
        size_t len = w->io_len;
        int fd = w->io_fd;
        pthread_mutex_unlock(&w->io_lock);
        int e = tlog_write_all(fd, buf, len) < 0 ? errno : 0;
        pthread_mutex_lock(&w->io_lock);
        w->io_errno = e;
        w->io_len = 0;
        pthread_cond_signal(&w->io_done);
    }
    pthread_mutex_unlock(&w->io_lock);
    return NULL;
}

/* Waits until no buffer is in flight; the failure of the last one is the
 * writer's first error (fail_locked), reported here. */
static tlog_result drain_locked(tlog_writer *w, tlog_error *err)
{
    if (!w->io_started)
        return TLOG_OK;
    pthread_mutex_lock(&w->io_lock);
    while (w->io_len != 0)
        pthread_cond_wait(&w->io_done, &w->io_lock);
    int e = w->io_errno;
    w->io_errno = 0;
    pthread_mutex_unlock(&w->io_lock);
    return e ? fail_locked(w, "write", e, err) : TLOG_OK;
}

/* Every buffered byte in the file before it returns. */
static tlog_result flush_locked(tlog_writer *w, tlog_error *err)
{
    tlog_result r = drain_locked(w, err);
    if (r != TLOG_OK || w->pos == 0)
        return r;
    if (tlog_write_all(w->fd, w->buf, w->pos) < 0)
        return fail_locked(w, "write", errno, err);
    w->pos = 0;
    return TLOG_OK;
}

/* The writer's thread, started with its spare buffer; false when no
 * thread can be made (the writer then writes its buffers itself). */
static bool start_write_behind(tlog_writer *w)
{
    pthread_mutex_init(&w->io_lock, NULL);
    pthread_cond_init(&w->io_work, NULL);
    pthread_cond_init(&w->io_done, NULL);
    if (vm_thread_start(&w->io_thread, write_behind, w) != 0) {
        w->io_none = true; /* not tried again at every full buffer */
        pthread_cond_destroy(&w->io_done);
        pthread_cond_destroy(&w->io_work);
        pthread_mutex_destroy(&w->io_lock);
        return false;
    }
    w->spare = alloc_new(ALLOC_TRACE_BUF, TLOG_BUFFER_BYTES);
    w->io_started = true;
    return true;
}

/* The buffer is full: it goes to the file, on the writer's thread while
 * the appends go on into the spare (after the previous buffer is out: at
 * most one in flight, so the bytes keep their order and memory its
 * bound). */
static tlog_result hand_off_locked(tlog_writer *w, tlog_error *err)
{
    tlog_result r = drain_locked(w, err);
    if (r != TLOG_OK || w->pos == 0)
        return r;
    if (!w->io_started && (w->io_none || !start_write_behind(w)))
        return flush_locked(w, err);
    pthread_mutex_lock(&w->io_lock);
    w->io_buf = w->buf;
    w->io_len = w->pos;
    w->io_fd = w->fd;
    pthread_cond_signal(&w->io_work);
    pthread_mutex_unlock(&w->io_lock);
    uint8_t *b = w->buf;
    w->buf = w->spare;
    w->spare = b;
    w->pos = 0;
    return TLOG_OK;
}

/* Stops the writer's thread (nothing in flight: after flush_locked). */
static void stop_write_behind(tlog_writer *w)
{
    if (!w->io_started)
        return;
    pthread_mutex_lock(&w->io_lock);
    w->io_quit = true;
    pthread_cond_signal(&w->io_work);
    pthread_mutex_unlock(&w->io_lock);
    pthread_join(w->io_thread, NULL);
    pthread_cond_destroy(&w->io_done);
    pthread_cond_destroy(&w->io_work);
    pthread_mutex_destroy(&w->io_lock);
    alloc_free(ALLOC_TRACE_BUF, w->spare, TLOG_BUFFER_BYTES);
    w->io_started = false;
}

/* OTP's driver's wrap: flush and close the current file; once `count`
 * files exist, delete the oldest; open the next name (after Count comes
 * 0). */
static tlog_result rotate_locked(tlog_writer *w, tlog_error *err)
{
    tlog_result r = flush_locked(w, err);
    if (r != TLOG_OK)
        return r;
    if (close(w->fd) < 0 && errno != EINTR) {
        w->fd = -1;
        return fail_locked(w, "close", errno, err);
    }
    w->fd = -1;
    w->len = 0;
    if (w->countdown > 0)
        w->countdown--;
    if (w->countdown == 0) {
        make_wrap_name(w, w->del, w->del_path);
        unlink(w->del_path); /* as OTP: a file already gone is fine */
        w->del = w->del >= w->count ? 0 : w->del + 1;
    }
    w->cur = w->cur >= w->count ? 0 : w->cur + 1;
    make_wrap_name(w, w->cur, w->path);
    w->fd = create_file(w->path);
    if (w->fd < 0)
        return fail_locked(w, "open", errno, err);
    w->stats.files++;
    return TLOG_OK;
}

/* Appends one whole record (header filled) under the lock. */
static tlog_result put_record(tlog_writer *w, const uint8_t *rec, size_t n, bool drop, tlog_error *err)
{
    tlog_result r = TLOG_OK;
    lock_writer(w);
    if (atomic_load_explicit(&w->failed, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&w->lost, 1, memory_order_relaxed);
        r = TLOG_FAILED;
        goto cleanup;
    }
    if (w->wrap && w->time_ms && now_ns() >= w->deadline) {
        if ((r = rotate_locked(w, err)) != TLOG_OK)
            goto cleanup;
        w->deadline = now_ns() + (uint64_t)w->time_ms * 1000000u;
    }
    if (n > TLOG_BUFFER_BYTES - w->pos &&
        (r = n >= TLOG_BUFFER_BYTES ? flush_locked(w, err) : hand_off_locked(w, err)) != TLOG_OK)
        goto cleanup;
    if (n >= TLOG_BUFFER_BYTES) {
        if (tlog_write_all(w->fd, rec, n) < 0) {
            r = fail_locked(w, "write", errno, err);
            goto cleanup;
        }
    } else {
        memcpy(w->buf + w->pos, rec, n);
        w->pos += n;
    }
    w->len += n;
    w->stats.bytes += n;
    if (drop)
        w->stats.drops++;
    else
        w->stats.records++;
    if (w->wrap && w->time_ms == 0 && w->len >= w->size)
        r = rotate_locked(w, err);
cleanup:
    unlock_writer(w);
    return r;
}

tlog_result tlog_writer_open(tlog_writer **out, const char *path, tlog_error *err)
{
    if (!path || !*path)
        return set_error(err, TLOG_BADARG, 0, NULL, 0, 0, "empty file name");
    int fd = create_file(path);
    if (fd < 0) {
        int e = errno;
        return set_error(err, TLOG_IO, e, path, 0, 0, "cannot create: %s", strerror(e));
    }
    tlog_writer *w = new_writer();
    w->fd = fd;
    w->path = alloc_strdup(ALLOC_TRACE_BUF, path);
    w->path_cap = strlen(path) + 1;
    w->stats.files = 1;
    *out = w;
    return TLOG_OK;
}

void tlog_delete_wrap_set(const char *name, const char *suffix)
{
    wrap_list old;
    list_wrap_files(name, suffix, &old);
    for (size_t i = 0; i < old.n; i++)
        unlink(old.files[i].path);
    free_wrap_list(&old);
}

tlog_result tlog_writer_open_wrap(tlog_writer **out, const char *name, const char *suffix,
                                  const tlog_wrap *wrap, tlog_error *err)
{
    if (!name || !*name)
        return set_error(err, TLOG_BADARG, 0, NULL, 0, 0, "empty file name");
    if (!suffix)
        suffix = "";
    if (wrap->count < 1)
        return set_error(err, TLOG_BADARG, 0, name, 0, 0, "wrap count must be 1 or more");
    /* dbg deletes the files of an earlier set before opening the port */
    tlog_delete_wrap_set(name, suffix);

    tlog_writer *w = new_writer();
    w->wrap = true;
    w->name = alloc_strdup(ALLOC_TRACE_BUF, name);
    w->suffix = alloc_strdup(ALLOC_TRACE_BUF, suffix);
    w->size = wrap->size;
    w->count = wrap->count;
    w->time_ms = wrap->time_ms;
    w->countdown = wrap->count;
    w->path_cap = strlen(name) + strlen(suffix) + 11; /* up to 10 digits */
    w->path = alloc_new(ALLOC_TRACE_BUF, w->path_cap);
    w->del_path = alloc_new(ALLOC_TRACE_BUF, w->path_cap);
    make_wrap_name(w, 0, w->path);
    w->fd = create_file(w->path);
    if (w->fd < 0) {
        int e = errno;
        set_error(err, TLOG_IO, e, w->path, 0, 0, "cannot create: %s", strerror(e));
        free_writer(w);
        return TLOG_IO;
    }
    w->stats.files = 1;
    if (w->time_ms)
        w->deadline = now_ns() + (uint64_t)w->time_ms * 1000000u;
    *out = w;
    return TLOG_OK;
}

tlog_result tlog_writer_append(tlog_writer *w, term_t msg, tlog_error *err)
{
    size_t bytes;
    return tlog_writer_append_counted(w, msg, &bytes, err);
}

tlog_result tlog_writer_append_counted(tlog_writer *w, term_t msg, size_t *bytes, tlog_error *err)
{
    *bytes = 0;
    if (atomic_load_explicit(&w->failed, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&w->lost, 1, memory_order_relaxed);
        return TLOG_FAILED;
    }
    uint8_t stack[STACK_RECORD_BYTES];
    size_t n;
    if (w->serialized) {
        /* no lock to take: a record goes straight into the buffer when a
         * whole stack record fits there (so nothing is flushed that
         * put_record would not flush), with the message's head cached */
        if (!w->heads)
            w->heads = alloc_zeroed(ALLOC_TRACE_BUF, sizeof *w->heads);
        bool in_place = !(w->wrap && w->time_ms) && TLOG_BUFFER_BYTES - w->pos >= STACK_RECORD_BYTES;
        uint8_t *rec = in_place ? w->buf + w->pos : stack;
        n = ext_encode_headed(w->heads, msg, rec + TLOG_HEADER_BYTES, STACK_RECORD_BYTES - TLOG_HEADER_BYTES);
        if (n && in_place) {
            rec[0] = TLOG_OP_TERM;
            put_be32(rec + 1, (uint32_t)n);
            n += TLOG_HEADER_BYTES;
            w->pos += n;
            w->len += n;
            w->stats.bytes += n;
            w->stats.records++;
            *bytes = n;
            if (w->wrap && w->len >= w->size)
                return rotate_locked(w, err);
            return TLOG_OK;
        }
    } else {
        n = ext_encode_bounded(msg, stack + TLOG_HEADER_BYTES, sizeof stack - TLOG_HEADER_BYTES);
    }
    if (n) {
        stack[0] = TLOG_OP_TERM;
        put_be32(stack + 1, (uint32_t)n);
        *bytes = TLOG_HEADER_BYTES + n;
        return put_record(w, stack, TLOG_HEADER_BYTES + n, false, err);
    }
    ext_error xe;
    if (ext_size(msg, &n, &xe) != EXT_OK)
        return set_error(err, TLOG_NOT_ENCODABLE, 0, NULL, 0, 0, "%s", xe.msg);
    if (n > UINT32_MAX)
        return set_error(err, TLOG_TOO_LARGE, 0, NULL, 0, 0, "encoded term of %zu bytes (at most 2^32-1)", n);
    size_t total = TLOG_HEADER_BYTES + n;
    uint8_t *rec = total <= sizeof stack ? stack : alloc_new(ALLOC_TEMP, total);
    ext_encode(msg, rec + TLOG_HEADER_BYTES);
    rec[0] = TLOG_OP_TERM;
    put_be32(rec + 1, (uint32_t)n);
    tlog_result r = put_record(w, rec, total, false, err);
    if (rec != stack)
        alloc_free(ALLOC_TEMP, rec, total);
    *bytes = total;
    return r;
}

tlog_result tlog_writer_append_etf(tlog_writer *w, const uint8_t *etf, size_t len, tlog_error *err)
{
    if (len < 2 || etf[0] != EXT_VERSION)
        return set_error(err, TLOG_BADARG, 0, NULL, 0, 0,
                         "not term_to_binary bytes (version byte 131 first)");
    if (len > UINT32_MAX)
        return set_error(err, TLOG_TOO_LARGE, 0, NULL, 0, 0, "encoded term of %zu bytes (at most 2^32-1)",
                         len);
    if (len <= STACK_RECORD_BYTES - TLOG_HEADER_BYTES) {
        uint8_t rec[STACK_RECORD_BYTES];
        rec[0] = TLOG_OP_TERM;
        put_be32(rec + 1, (uint32_t)len);
        memcpy(rec + TLOG_HEADER_BYTES, etf, len);
        return put_record(w, rec, TLOG_HEADER_BYTES + len, false, err);
    }
    size_t total = TLOG_HEADER_BYTES + len;
    uint8_t *rec = alloc_new(ALLOC_TEMP, total);
    rec[0] = TLOG_OP_TERM;
    put_be32(rec + 1, (uint32_t)len);
    memcpy(rec + TLOG_HEADER_BYTES, etf, len);
    tlog_result r = put_record(w, rec, total, false, err);
    alloc_free(ALLOC_TEMP, rec, total);
    return r;
}

tlog_result tlog_writer_drop(tlog_writer *w, uint64_t dropped, tlog_error *err)
{
    while (dropped > 0) {
        uint32_t n = dropped > UINT32_MAX ? UINT32_MAX : (uint32_t)dropped;
        uint8_t rec[TLOG_HEADER_BYTES];
        rec[0] = TLOG_OP_DROP;
        put_be32(rec + 1, n);
        tlog_result r = put_record(w, rec, sizeof rec, true, err);
        if (r != TLOG_OK)
            return r;
        dropped -= n;
    }
    return TLOG_OK;
}

tlog_result tlog_writer_flush(tlog_writer *w, tlog_error *err)
{
    lock_writer(w);
    tlog_result r =
        atomic_load_explicit(&w->failed, memory_order_relaxed) ? TLOG_FAILED : flush_locked(w, err);
    unlock_writer(w);
    return r;
}

tlog_result tlog_writer_tick(tlog_writer *w, tlog_error *err)
{
    if (!w->wrap || w->time_ms == 0)
        return TLOG_OK;
    tlog_result r = TLOG_OK;
    lock_writer(w);
    if (atomic_load_explicit(&w->failed, memory_order_relaxed)) {
        r = TLOG_FAILED;
    } else if (now_ns() >= w->deadline) {
        r = rotate_locked(w, err);
        w->deadline = now_ns() + (uint64_t)w->time_ms * 1000000u;
    }
    unlock_writer(w);
    return r;
}

void tlog_writer_stats(tlog_writer *w, tlog_stats *out)
{
    lock_writer(w);
    *out = w->stats;
    unlock_writer(w);
    out->lost = atomic_load_explicit(&w->lost, memory_order_relaxed);
}

tlog_result tlog_writer_error(tlog_writer *w, tlog_error *err)
{
    lock_writer(w);
    tlog_result r = atomic_load_explicit(&w->failed, memory_order_relaxed) ? TLOG_IO : TLOG_OK;
    if (r != TLOG_OK && err)
        *err = w->error;
    unlock_writer(w);
    return r;
}

tlog_result tlog_writer_close(tlog_writer *w, tlog_error *err)
{
    tlog_result r = TLOG_OK;
    if (!atomic_load_explicit(&w->failed, memory_order_relaxed))
        flush_locked(w, NULL);
    else
        drain_locked(w, NULL); /* a buffer may still be in flight */
    stop_write_behind(w);
    if (w->fd >= 0 && close(w->fd) < 0 && errno != EINTR &&
        !atomic_load_explicit(&w->failed, memory_order_relaxed))
        fail_locked(w, "close", errno, NULL);
    w->fd = -1;
    if (atomic_load_explicit(&w->failed, memory_order_relaxed)) {
        r = TLOG_IO;
        if (err)
            *err = w->error;
    }
    free_writer(w);
    return r;
}

/* ======================================================================
 * The reader
 * ====================================================================== */

#define READ_BUFFER_BYTES 65536

struct tlog_reader {
    char **files;
    size_t nfiles, cur; /* cur: the file open (or next to open) */
    int fd;             /* -1 when no file is open */
    uint8_t *buf;       /* READ_BUFFER_BYTES; bytes [start, end) are the file's
                           bytes from offset `base` on */
    size_t start, end;
    uint64_t base;
    bool at_eof;  /* read(2) said end of file */
    uint8_t *big; /* a record larger than buf */
    size_t big_cap;
    tlog_result sticky; /* an error, repeated by every later call */
    tlog_error sticky_err;
};

static tlog_reader *new_reader(size_t nfiles)
{
    tlog_reader *r = alloc_zeroed(ALLOC_TRACE_BUF, sizeof *r);
    r->files = alloc_zeroed(ALLOC_TRACE_BUF, (nfiles ? nfiles : 1) * sizeof *r->files);
    r->nfiles = nfiles;
    r->fd = -1;
    r->buf = alloc_new(ALLOC_TRACE_BUF, READ_BUFFER_BYTES);
    return r;
}

void tlog_reader_free(tlog_reader *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
    for (size_t i = 0; i < r->nfiles; i++)
        alloc_strfree(ALLOC_TRACE_BUF, r->files[i]);
    alloc_free(ALLOC_TRACE_BUF, r->files, (r->nfiles ? r->nfiles : 1) * sizeof *r->files);
    alloc_free(ALLOC_TRACE_BUF, r->buf, READ_BUFFER_BYTES);
    if (r->big)
        alloc_free(ALLOC_TRACE_BUF, r->big, r->big_cap);
    alloc_free(ALLOC_TRACE_BUF, r, sizeof *r);
}

static tlog_result open_file(tlog_reader *r, tlog_error *err)
{
    const char *path = r->files[r->cur];
    int fd;
    do
        fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        int e = errno;
        return set_error(err, TLOG_IO, e, path, 0, r->cur, "cannot open: %s", strerror(e));
    }
    r->fd = fd;
    r->start = r->end = 0;
    r->base = 0;
    r->at_eof = false;
    return TLOG_OK;
}

tlog_result tlog_reader_open(tlog_reader **out, const char *path, tlog_error *err)
{
    if (!path || !*path)
        return set_error(err, TLOG_BADARG, 0, NULL, 0, 0, "empty file name");
    tlog_reader *r = new_reader(1);
    r->files[0] = alloc_strdup(ALLOC_TRACE_BUF, path);
    tlog_result res = open_file(r, err);
    if (res != TLOG_OK) {
        tlog_reader_free(r);
        return res;
    }
    *out = r;
    return TLOG_OK;
}

tlog_result tlog_reader_open_wrap(tlog_reader **out, const char *name, const char *suffix, uint32_t count,
                                  tlog_error *err)
{
    if (!name || !*name)
        return set_error(err, TLOG_BADARG, 0, NULL, 0, 0, "empty file name");
    if (count < 1)
        return set_error(err, TLOG_BADARG, 0, name, 0, 0, "wrap count must be 1 or more");
    if (!suffix)
        suffix = "";
    wrap_list l;
    list_wrap_files(name, suffix, &l);
    size_t *order = alloc_new(ALLOC_TRACE_BUF, (l.n ? l.n : 1) * sizeof *order);
    tlog_result res = TLOG_OK;
    if (!order_wrap_files(&l, count, order)) {
        char seqs[200];
        size_t k = 0;
        for (size_t i = 0; i < l.n && k + 24 < sizeof seqs; i++) {
            int m = snprintf(seqs + k, sizeof seqs - k, "%s%llu", i ? " " : "",
                             (unsigned long long)l.files[i].seq);
            k += m > 0 ? (size_t)m : 0;
        }
        res = set_error(err, TLOG_WRAP_SET, 0, name, 0, 0,
                        "inconsistent wrap file trace set: files numbered %s%s for a count of %u", seqs,
                        k + 24 >= sizeof seqs ? " ..." : "", (unsigned)count);
    } else {
        tlog_reader *r = new_reader(l.n);
        for (size_t i = 0; i < l.n; i++) {
            r->files[i] = l.files[order[i]].path;
            l.files[order[i]].path = NULL;
        }
        *out = r;
    }
    alloc_free(ALLOC_TRACE_BUF, order, (l.n ? l.n : 1) * sizeof *order);
    free_wrap_list(&l);
    return res;
}

size_t tlog_reader_file_count(const tlog_reader *r) { return r->nfiles; }

const char *tlog_reader_file_name(const tlog_reader *r, size_t i)
{
    return i < r->nfiles ? r->files[i] : NULL;
}

/* Tries to have `need` (<= READ_BUFFER_BYTES) bytes in the buffer; fewer
 * only at the end of the file. -1 with errno on a read error. */
static int fill(tlog_reader *r, size_t need)
{
    if (r->end - r->start >= need || r->at_eof)
        return 0;
    if (READ_BUFFER_BYTES - r->start < need) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    while (r->end - r->start < need) {
        ssize_t k = read(r->fd, r->buf + r->end, READ_BUFFER_BYTES - r->end);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0) {
            r->at_eof = true;
            break;
        }
        r->end += (size_t)k;
    }
    return 0;
}

static void consume(tlog_reader *r, size_t n)
{
    r->start += n;
    r->base += n;
}

static tlog_result stick(tlog_reader *r, tlog_result res, tlog_error *err)
{
    r->sticky = res;
    r->sticky_err = *err;
    return res;
}

/* A record too big for the buffer: its term bytes into r->big, checking
 * first that the file holds them. */
static tlog_result read_big(tlog_reader *r, uint32_t size, uint64_t rec_off, const uint8_t **data,
                            tlog_error *err)
{
    const char *path = r->files[r->cur];
    size_t have = r->end - r->start - TLOG_HEADER_BYTES;
    struct stat st;
    uint64_t rest = 0;
    if (fstat(r->fd, &st) == 0 && (uint64_t)st.st_size > r->base + (r->end - r->start))
        rest = (uint64_t)st.st_size - (r->base + (r->end - r->start));
    if ((uint64_t)have + rest < size)
        return set_error(err, TLOG_TRUNCATED, 0, path, rec_off, r->cur,
                         "truncated record: size %u, %llu bytes left", (unsigned)size,
                         (unsigned long long)(have + rest));
    if (r->big_cap < size) {
        if (r->big)
            alloc_free(ALLOC_TRACE_BUF, r->big, r->big_cap);
        r->big = alloc_new(ALLOC_TRACE_BUF, size);
        r->big_cap = size;
    }
    memcpy(r->big, r->buf + r->start + TLOG_HEADER_BYTES, have);
    consume(r, have + TLOG_HEADER_BYTES);
    r->start = r->end = 0;
    ssize_t k = read_full(r->fd, r->big + have, size - have);
    if (k < 0) {
        int e = errno;
        return set_error(err, TLOG_IO, e, path, r->base, r->cur, "read failed: %s", strerror(e));
    }
    r->base += (uint64_t)k;
    if ((size_t)k < size - have) {
        r->at_eof = true;
        return set_error(err, TLOG_TRUNCATED, 0, path, rec_off, r->cur,
                         "truncated record: size %u, %llu bytes left", (unsigned)size,
                         (unsigned long long)(have + (size_t)k));
    }
    *data = r->big;
    return TLOG_OK;
}

tlog_result tlog_reader_next(tlog_reader *r, heap_t *h, tlog_record *rec, tlog_error *err)
{
    tlog_error local;
    if (!err)
        err = &local;
    if (r->sticky != TLOG_OK) {
        *err = r->sticky_err;
        return r->sticky;
    }
    for (;;) {
        if (r->fd < 0) {
            if (r->cur >= r->nfiles)
                return TLOG_EOF;
            tlog_result res = open_file(r, err);
            if (res != TLOG_OK)
                return stick(r, res, err);
        }
        const char *path = r->files[r->cur];
        if (fill(r, TLOG_HEADER_BYTES) < 0) {
            int e = errno;
            return stick(r, set_error(err, TLOG_IO, e, path, r->base, r->cur, "read failed: %s", strerror(e)),
                         err);
        }
        size_t avail = r->end - r->start;
        if (avail == 0) { /* end of this file: on to the next */
            close(r->fd);
            r->fd = -1;
            r->cur++;
            continue;
        }
        uint64_t rec_off = r->base;
        if (avail < TLOG_HEADER_BYTES)
            return stick(r,
                         set_error(err, TLOG_TRUNCATED, 0, path, rec_off, r->cur,
                                   "truncated record header: %zu of %d bytes", avail, TLOG_HEADER_BYTES),
                         err);
        const uint8_t *hdr = r->buf + r->start;
        unsigned op = hdr[0];
        uint32_t size = get_be32(hdr + 1);
        if (op == TLOG_OP_DROP) {
            consume(r, TLOG_HEADER_BYTES);
            rec->offset = rec_off;
            rec->file_index = r->cur;
            rec->kind = TLOG_DROP;
            rec->dropped = size;
            rec->term = THE_NON_VALUE;
            rec->etf = NULL;
            rec->etf_len = 0;
            return TLOG_OK;
        }
        if (op != TLOG_OP_TERM)
            return stick(r,
                         set_error(err, TLOG_BAD_TAG, 0, path, rec_off, r->cur,
                                   "bad record tag %u (0 for a term, 1 for a drop count)", op),
                         err);
        const uint8_t *data = NULL;
        if ((uint64_t)size + TLOG_HEADER_BYTES <= READ_BUFFER_BYTES) {
            if (fill(r, TLOG_HEADER_BYTES + (size_t)size) < 0) {
                int e = errno;
                return stick(
                    r, set_error(err, TLOG_IO, e, path, r->base, r->cur, "read failed: %s", strerror(e)),
                    err);
            }
            avail = r->end - r->start;
            if (avail < TLOG_HEADER_BYTES + (size_t)size)
                return stick(r,
                             set_error(err, TLOG_TRUNCATED, 0, path, rec_off, r->cur,
                                       "truncated record: size %u, %zu bytes left", (unsigned)size,
                                       avail - TLOG_HEADER_BYTES),
                             err);
            data = r->buf + r->start + TLOG_HEADER_BYTES;
            consume(r, TLOG_HEADER_BYTES + (size_t)size);
        } else {
            tlog_result res = read_big(r, size, rec_off, &data, err);
            if (res != TLOG_OK)
                return stick(r, res, err);
        }
        term_t t = THE_NON_VALUE;
        if (h) {
            ext_error xe;
            if (ext_binary_to_term(h, data, size, &t, NULL, &xe) != EXT_OK) {
                /* xe.msg starts "offset N: ": N relative to the term */
                const char *why = xe.msg;
                const char *colon = strstr(why, ": ");
                if (colon && strncmp(why, "offset ", 7) == 0)
                    why = colon + 2;
                return stick(r,
                             set_error(err, TLOG_BAD_TERM, 0, path, rec_off + TLOG_HEADER_BYTES + xe.offset,
                                       r->cur, "bad term in the record at offset %llu (size %u): %s",
                                       (unsigned long long)rec_off, (unsigned)size, why),
                             err);
            }
        }
        rec->kind = TLOG_TERM;
        rec->term = t;
        rec->dropped = 0;
        rec->etf = data;
        rec->etf_len = size;
        rec->offset = rec_off;
        rec->file_index = r->cur;
        return TLOG_OK;
    }
}
