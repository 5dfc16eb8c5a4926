/* bif_sys.c: the BIFs of the system around processes: the node (always
 * nonode@nohost), time and time units, timers that send messages, system
 * information and statistics, halting, module information and the code
 * server's functions. Declared in vm/bif_sys.def. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "binary.h"
#include "code.h"
#include "config.h"
#include "copy.h"
#include "ets.h"
#include "port.h"
#include "proc.h"
#include "sched.h"
#include "seqtrace.h"
#include "timer.h"
#include "trace.h"
#include "tstack.h"
#include "unicode.h"
#include "vm.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_sys.def"
#undef BIF

/* ---- nodes -------------------------------------------------------------- */

term_t bif_sys_node_0(process *p, const term_t *args) { return ATOM_nonode_at_nohost; }

term_t bif_sys_node_1(process *p, const term_t *args)
{
    term_t t = args[0];
    if (term_is_local_pid(t) || term_is_port(t) || term_is_local_ref(t))
        return ATOM_nonode_at_nohost;
    if (term_is_pid(t) || term_is_ref(t))
        return ext_id_object(t)->node;
    return BIF_BADARG(p);
}

term_t bif_sys_nodes_0(process *p, const term_t *args) { return NIL; }
term_t bif_sys_is_alive_0(process *p, const term_t *args) { return ATOM_false; }

/* ---- time --------------------------------------------------------------- */

/* Parts per second of a time unit term; 0 when it is not one. The native
 * unit is the nanosecond, as OTP's on Linux. */
static int64_t unit_hz(term_t u)
{
    if (u == ATOM_second || u == atom_from_cstr("seconds"))
        return 1;
    if (u == ATOM_millisecond || u == atom_from_cstr("milli_seconds"))
        return 1000;
    if (u == ATOM_microsecond || u == atom_from_cstr("micro_seconds"))
        return 1000000;
    if (u == ATOM_nanosecond || u == atom_from_cstr("nano_seconds") || u == atom_from_cstr("native") ||
        u == ATOM_perf_counter)
        return 1000000000;
    if (term_is_small(u) && small_value(u) > 0)
        return small_value(u);
    return 0;
}

/* t (in from_hz units) in to_hz units, rounded down as OTP does. */
static int64_t convert(int64_t t, int64_t from_hz, int64_t to_hz)
{
    __int128 x = (__int128)t * to_hz;
    __int128 q = x / from_hz;
    if (x % from_hz != 0 && x < 0)
        q--;
    return (int64_t)q;
}

static int64_t system_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

term_t bif_sys_monotonic_time_0(process *p, const term_t *args)
{
    return term_int64(&p->heap, (int64_t)timer_now_ns());
}

term_t bif_sys_monotonic_time_1(process *p, const term_t *args)
{
    int64_t hz = unit_hz(args[0]);
    if (!hz)
        return BIF_BADARG(p);
    return term_int64(&p->heap, convert((int64_t)timer_now_ns(), 1000000000, hz));
}

term_t bif_sys_system_time_0(process *p, const term_t *args) { return term_int64(&p->heap, system_ns()); }

term_t bif_sys_system_time_1(process *p, const term_t *args)
{
    int64_t hz = unit_hz(args[0]);
    if (!hz)
        return BIF_BADARG(p);
    return term_int64(&p->heap, convert(system_ns(), 1000000000, hz));
}

/* os:perf_counter/0,1: the monotonic clock in its native unit, the
 * nanosecond (OTP's perf_counter unit on Linux). */
term_t bif_sys_perf_counter_0(process *p, const term_t *args) { return bif_sys_monotonic_time_0(p, args); }
term_t bif_sys_perf_counter_1(process *p, const term_t *args) { return bif_sys_monotonic_time_1(p, args); }

term_t bif_sys_time_offset_0(process *p, const term_t *args)
{
    return term_int64(&p->heap, system_ns() - (int64_t)timer_now_ns());
}

term_t bif_sys_convert_time_unit_3(process *p, const term_t *args)
{
    int64_t from = unit_hz(args[1]), to = unit_hz(args[2]);
    if (!term_is_small(args[0]) || !from || !to)
        return BIF_BADARG(p);
    return term_int64(&p->heap, convert(small_value(args[0]), from, to));
}

term_t bif_sys_timestamp_0(process *p, const term_t *args)
{
    int64_t us = system_ns() / 1000;
    return term_tuple3(&p->heap, term_small(us / 1000000000000), term_small(us / 1000000 % 1000000),
                       term_small(us % 1000000));
}

static term_t date_tuple(heap_t *h, const struct tm *tm)
{
    return term_tuple3(h, term_small(tm->tm_year + 1900), term_small(tm->tm_mon + 1), term_small(tm->tm_mday));
}

static term_t time_tuple(heap_t *h, const struct tm *tm)
{
    return term_tuple3(h, term_small(tm->tm_hour), term_small(tm->tm_min), term_small(tm->tm_sec));
}

static void now_tm(struct tm *tm, bool local)
{
    time_t t = time(NULL);
    if (local)
        localtime_r(&t, tm);
    else
        gmtime_r(&t, tm);
}

term_t bif_sys_time_0(process *p, const term_t *args)
{
    struct tm tm;
    now_tm(&tm, true);
    return time_tuple(&p->heap, &tm);
}

term_t bif_sys_date_0(process *p, const term_t *args)
{
    struct tm tm;
    now_tm(&tm, true);
    return date_tuple(&p->heap, &tm);
}

term_t bif_sys_localtime_0(process *p, const term_t *args)
{
    struct tm tm;
    now_tm(&tm, true);
    return term_tuple2(&p->heap, date_tuple(&p->heap, &tm), time_tuple(&p->heap, &tm));
}

term_t bif_sys_universaltime_0(process *p, const term_t *args)
{
    struct tm tm;
    now_tm(&tm, false);
    return term_tuple2(&p->heap, date_tuple(&p->heap, &tm), time_tuple(&p->heap, &tm));
}

/* ---- the OS process: environment, pid, kind -----------------------------------
 * Names and values are character lists, deep ones too, in the native
 * encoding (UTF-8) on the C side, as OTP's. The C environment is shared by
 * every thread, so its functions run under env_lock. */

static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;
extern char **environ;

/* The characters of deep list t as a UTF-8 C string (ALLOC_TEMP, free with
 * alloc_strfree); NULL when t is no list of characters, holds a NUL, or
 * (for a name) an '='. */
static char *env_text(term_t t, bool name)
{
    if (!term_is_cons_or_nil(t))
        return NULL;
    tstack st;
    tstack_init(&st);
    size_t len = 0, cap = 64;
    char *s = alloc_new(ALLOC_TEMP, cap);
    bool ok = true;
    for (;;) {
        if (term_is_list(t)) {
            term_t c = list_head(t);
            t = list_tail(t);
            if (term_is_cons_or_nil(c)) {
                tstack_push(&st, t);
                t = c;
                continue;
            }
            int64_t cp = term_is_small(c) ? small_value(c) : -1;
            if (!unicode_is_scalar(cp) || cp == 0 || (name && cp == '=')) {
                ok = false;
                break;
            }
            if (len + 5 > cap) {
                s = alloc_resize(ALLOC_TEMP, s, cap, cap * 2);
                cap *= 2;
            }
            len += unicode_encode_utf8((uint32_t)cp, s + len);
        } else if (!term_is_nil(t) || !tstack_pop(&st, &t)) {
            ok = term_is_nil(t);
            break;
        }
    }
    tstack_free(&st);
    char *out = ok ? alloc_strndup(ALLOC_TEMP, s, len) : NULL;
    alloc_free(ALLOC_TEMP, s, cap);
    return out;
}

/* os:getenv() -> ["Name=Value", ...] */
term_t bif_sys_os_getenv_0(process *p, const term_t *args)
{
    term_t l = NIL;
    pthread_mutex_lock(&env_lock);
    size_t n = 0;
    while (environ[n])
        n++;
    for (size_t i = n; i-- > 0;)
        l = term_cons(&p->heap, term_utf8_string(&p->heap, environ[i], strlen(environ[i])), l);
    pthread_mutex_unlock(&env_lock);
    return l;
}

/* The value of variable `name`, or `dflt` when it is not set. */
static term_t getenv_or(process *p, term_t name, term_t dflt)
{
    char *k = env_text(name, true);
    if (!k)
        return BIF_BADARG(p);
    pthread_mutex_lock(&env_lock);
    const char *v = *k ? getenv(k) : NULL;
    term_t r = v ? term_utf8_string(&p->heap, v, strlen(v)) : dflt;
    pthread_mutex_unlock(&env_lock);
    alloc_strfree(ALLOC_TEMP, k);
    return r;
}

term_t bif_sys_os_getenv_1(process *p, const term_t *args) { return getenv_or(p, args[0], ATOM_false); }
term_t bif_sys_os_getenv_2(process *p, const term_t *args) { return getenv_or(p, args[0], args[1]); }

term_t bif_sys_os_putenv_2(process *p, const term_t *args)
{
    char *k = env_text(args[0], true), *v = k ? env_text(args[1], false) : NULL;
    int r = -1;
    if (v) {
        pthread_mutex_lock(&env_lock);
        r = *k ? setenv(k, v, 1) : 0; /* OTP: an empty name is let be */
        pthread_mutex_unlock(&env_lock);
    }
    alloc_strfree(ALLOC_TEMP, k);
    alloc_strfree(ALLOC_TEMP, v);
    return r == 0 ? ATOM_true : BIF_BADARG(p);
}

term_t bif_sys_os_unsetenv_1(process *p, const term_t *args)
{
    char *k = env_text(args[0], true);
    if (!k)
        return BIF_BADARG(p);
    pthread_mutex_lock(&env_lock);
    if (*k)
        unsetenv(k);
    pthread_mutex_unlock(&env_lock);
    alloc_strfree(ALLOC_TEMP, k);
    return ATOM_true;
}

/* os:getpid() -> the OS process id as a string */
term_t bif_sys_os_getpid_0(process *p, const term_t *args)
{
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%ld", (long)getpid());
    return term_string(&p->heap, buf, (size_t)n);
}

term_t bif_sys_os_type_0(process *p, const term_t *args)
{
    return term_tuple2(&p->heap, atom_from_cstr("unix"), atom_from_cstr("linux"));
}

/* ---- os:cmd ----------------------------------------------------------------
 * dbgsh_os:cmd_start(Script, Max) runs `/bin/sh -c Script` in a thread of
 * its own, the shell's standard output and error into a pipe and its
 * input from /dev/null, and returns a reference at once; the thread reads
 * the output up to the first EOT byte (os.erl's script ends by echoing
 * one, as OTP's, so a command that leaves a job in the background does
 * not hold it up) or Max bytes, closes the pipe, waits for the shell and
 * sends the caller {dbgsh_os_cmd, Ref, Bytes}. A caller that has ended
 * meanwhile gets nothing. No scheduler waits for the command. */

/* Whom a thread that works for a process answers, and with what
 * reference (the BIF returned it). */
typedef struct reply_to {
    term_t pid;
    uint32_t ref[3];
} reply_to;

/* A reply_to for p: a fresh reference. */
static void reply_init(reply_to *to, const process *p)
{
    to->pid = p->pid;
    proc_new_ref(to->ref);
}

/* Sends to->pid {Tag, Ref, Bytes} (n bytes), or {Tag, Ref, eof} when bytes
 * is NULL; a process that has ended gets nothing. From any thread. */
static void send_reply(const reply_to *to, const char *tag, const uint8_t *bytes, size_t n)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t what = bytes ? bin_new(&h, bytes, n) : atom_from_cstr("eof");
    proc_deliver(to->pid, to->pid, term_tuple3(&h, atom_from_cstr(tag), term_ref(&h, to->ref, 3), what));
    heap_destroy(&h);
}

typedef struct cmd_job {
    reply_to to;
    uint64_t max; /* UINT64_MAX: no limit */
    char *script;
    size_t script_len;
} cmd_job;

#define CMD_EOT 4
#define CMD_CHUNK 4096

extern char **environ;

/* The shell's output up to EOT or job->max bytes, in a buffer on
 * ALLOC_TEMP of *cap bytes; *n of them are the output. */
static uint8_t *read_output(int fd, const cmd_job *job, size_t *n, size_t *cap)
{
    *n = 0;
    *cap = CMD_CHUNK;
    uint8_t *buf = alloc_new(ALLOC_TEMP, *cap);
    for (;;) {
        if (*cap - *n < CMD_CHUNK) {
            buf = alloc_resize(ALLOC_TEMP, buf, *cap, *cap * 2);
            *cap *= 2;
        }
        ssize_t got = read(fd, buf + *n, CMD_CHUNK);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        uint8_t *eot = memchr(buf + *n, CMD_EOT, (size_t)got);
        size_t end = eot ? (size_t)(eot - buf) : *n + (size_t)got;
        if (eot || end >= job->max) {
            *n = end < job->max ? end : (size_t)job->max;
            return buf;
        }
        *n = end;
    }
    if (*n > job->max)
        *n = (size_t)job->max;
    return buf;
}

static void *cmd_thread(void *arg)
{
    cmd_job *job = arg;
    size_t n = 0, cap = 0;
    uint8_t *out = NULL;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) == 0) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
        posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
        /* none of the VM's files (logs, sockets) for the command, as OTP's
         * port program closes them */
        posix_spawn_file_actions_addclosefrom_np(&fa, 3);
        /* the command's signals as a fresh process has them: this thread
         * blocks them all (vm_thread_start), which a child inherits */
        posix_spawnattr_t sa;
        sigset_t none, all;
        sigemptyset(&none);
        sigfillset(&all);
        posix_spawnattr_init(&sa);
        posix_spawnattr_setflags(&sa, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        posix_spawnattr_setsigmask(&sa, &none);
        posix_spawnattr_setsigdefault(&sa, &all);
        char *argv[] = {"/bin/sh", "-c", job->script, NULL};
        pid_t child;
        pthread_mutex_lock(&env_lock); /* putenv may not change environ meanwhile */
        int err = posix_spawn(&child, "/bin/sh", &fa, &sa, argv, environ);
        pthread_mutex_unlock(&env_lock);
        posix_spawnattr_destroy(&sa);
        posix_spawn_file_actions_destroy(&fa);
        close(fds[1]);
        if (err == 0) {
            out = read_output(fds[0], job, &n, &cap);
            close(fds[0]);
            while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
                ;
        } else {
            close(fds[0]);
        }
    }
    send_reply(&job->to, "dbgsh_os_cmd", out ? out : (const uint8_t *)"", n);
    if (out)
        alloc_free(ALLOC_TEMP, out, cap);
    alloc_free(ALLOC_TEMP, job->script, job->script_len + 1);
    alloc_free(ALLOC_TEMP, job, sizeof *job);
    return NULL;
}

/* Runs fn(arg) in a detached thread that takes no signals (the VM's
 * other threads'); false when no thread can be had. */
static bool run_detached(void *(*fn)(void *), void *arg)
{
    pthread_t t;
    if (vm_thread_start(&t, fn, arg) != 0)
        return false;
    pthread_detach(t);
    return true;
}

term_t bif_sys_os_cmd_start_2(process *p, const term_t *args)
{
    term_t max = args[1];
    bin_view v;
    if (!bin_view_bytes(args[0], &v) ||
        !(max == ATOM_infinity || (term_is_small(max) && small_value(max) >= 0)))
        return BIF_BADARG(p);
    char *script = alloc_new(ALLOC_TEMP, v.size + 1);
    bin_copy_bits(&v, (uint8_t *)script);
    script[v.size] = '\0';
    if (memchr(script, 0, v.size)) { /* no NUL in an argument */
        alloc_free(ALLOC_TEMP, script, v.size + 1);
        return BIF_BADARG(p);
    }
    cmd_job *job = alloc_new(ALLOC_TEMP, sizeof *job);
    reply_init(&job->to, p);
    job->max = max == ATOM_infinity ? UINT64_MAX : (uint64_t)small_value(max);
    job->script_len = v.size;
    job->script = script;
    /* the reference before the thread starts: the job is the thread's
     * from then on, and may be freed before run_detached returns */
    term_t ref = term_ref(&p->heap, job->to.ref, 3);
    if (!run_detached(cmd_thread, job)) {
        alloc_free(ALLOC_TEMP, job->script, job->script_len + 1);
        alloc_free(ALLOC_TEMP, job, sizeof *job);
        return BIF_ERROR(p, ATOM_system_limit);
    }
    return ref;
}

/* ---- standard input ---------------------------------------------------------
 * dbgsh_in:request(line | N) reads a line (its newline included) or N
 * bytes of standard input for the user io server's get_line and
 * get_chars (vm/lib/io.erl, which has written the prompt), in a thread of
 * its own, and sends the caller {dbgsh_in, Ref, Bytes | eof}; it returns
 * Ref at once, so no scheduler waits for input. Reads go one at a time
 * through stdin's FILE, which the shell's script reader shares: a program
 * run by a script on standard input reads the script's next lines, as
 * erl's does. */

typedef struct in_job {
    reply_to to;
    uint64_t n; /* 0: a line */
} in_job;

/* in_lock orders the reads; it also guards the text given back
 * (dbgsh_in:unread/1: what a get_until request read past the end of its
 * answer), which the next reads take first. */
static pthread_mutex_t in_lock = PTHREAD_MUTEX_INITIALIZER;
static char *in_back;
static size_t in_back_len;

/* Takes up to n bytes (a line, to its newline, for n == 0) of the text
 * given back into *data (malloc'ed, *cap bytes); how many it took, and in
 * *whole whether they answer the request (a whole line, or n bytes). */
static size_t take_back(uint64_t n, char **data, size_t *cap, bool *whole)
{
    size_t k = in_back_len;
    const char *nl = n == 0 ? memchr(in_back, '\n', in_back_len) : NULL;
    if (nl)
        k = (size_t)(nl - in_back) + 1;
    else if (n > 0 && n < k)
        k = (size_t)n;
    *cap = k + 1;
    *data = malloc(*cap);
    if (!*data) {
        *whole = false; /* read on: the text given back stays */
        return 0;
    }
    *whole = nl || (n > 0 && k == n);
    memcpy(*data, in_back, k);
    memmove(in_back, in_back + k, in_back_len - k);
    in_back_len -= k;
    return k;
}

/* Reads a line or n bytes from stdin, appended to the `have` bytes in
 * *data; the count in all, or -1 at the end of input with none. */
static ssize_t read_more(uint64_t n, char **data, size_t *cap, size_t have)
{
    ssize_t got;
    if (n == 0) {
        char *line = NULL;
        size_t lcap = 0;
        got = getline(&line, &lcap, stdin);
        if (got > 0) {
            char *all = realloc(*data, have + (size_t)got + 1);
            if (all) {
                memcpy(all + have, line, (size_t)got);
                *data = all;
                *cap = have + (size_t)got + 1;
            } else {
                got = 0;
            }
        }
        free(line);
    } else {
        size_t want = (size_t)n - have;
        char *all = realloc(*data, (size_t)n);
        if (!all)
            return have ? (ssize_t)have : -1;
        *data = all;
        *cap = (size_t)n;
        got = (ssize_t)fread(all + have, 1, want, stdin);
    }
    if (got <= 0) {
        clearerr(stdin); /* end of input now; a terminal may give more later */
        return have ? (ssize_t)have : -1;
    }
    return (ssize_t)have + got;
}

static void *in_thread(void *arg)
{
    in_job *job = arg;
    vm_flush(); /* the prompt first */
    pthread_mutex_lock(&in_lock);
    char *data = NULL;
    size_t cap = 0, have = 0;
    bool whole = false;
    if (in_back_len)
        have = take_back(job->n, &data, &cap, &whole);
    ssize_t got = whole ? (ssize_t)have : read_more(job->n, &data, &cap, have);
    pthread_mutex_unlock(&in_lock);
    send_reply(&job->to, "dbgsh_in", got < 0 ? NULL : (const uint8_t *)data, got < 0 ? 0 : (size_t)got);
    free(data);
    alloc_free(ALLOC_TEMP, job, sizeof *job);
    return NULL;
}

/* dbgsh_in:unread(Binary): Binary goes before what standard input has
 * still to give. */
term_t bif_sys_in_unread_1(process *p, const term_t *args)
{
    bin_view v;
    if (!bin_view_bytes(args[0], &v))
        return BIF_BADARG(p);
    pthread_mutex_lock(&in_lock);
    char *back = realloc(in_back, in_back_len + v.size + 1);
    if (back) {
        memmove(back + v.size, back, in_back_len);
        bin_copy_bits(&v, (uint8_t *)back);
        in_back = back;
        in_back_len += v.size;
    }
    pthread_mutex_unlock(&in_lock);
    return back ? ATOM_ok : BIF_ERROR(p, ATOM_system_limit);
}

/* The options of io:setopts/1,2 on the user io server and standard_error
 * (vm/lib/io.erl parses them and applies them to what it reads), as
 * bits: binary input and UTF-8 standard input for user, UTF-8 for
 * standard_error. The VM writes UTF-8 whatever they say. */
static _Atomic uint64_t io_opts;

/* dbgsh_in:opts(): the bits. */
term_t bif_sys_in_opts_0(process *p, const term_t *args)
{
    (void)p;
    (void)args;
    return term_small((int64_t)atomic_load(&io_opts));
}

/* dbgsh_in:opts(Mask, Bits): the bits under Mask become those of Bits. */
term_t bif_sys_in_opts_2(process *p, const term_t *args)
{
    if (!term_is_small(args[0]) || !term_is_small(args[1]) || small_value(args[0]) < 0 ||
        small_value(args[1]) < 0)
        return BIF_BADARG(p);
    uint64_t mask = (uint64_t)small_value(args[0]), bits = (uint64_t)small_value(args[1]) & mask;
    uint64_t old = atomic_load(&io_opts);
    while (!atomic_compare_exchange_weak(&io_opts, &old, (old & ~mask) | bits))
        ;
    return ATOM_ok;
}

term_t bif_sys_in_request_1(process *p, const term_t *args)
{
    term_t what = args[0];
    if (what != atom_from_cstr("line") && !(term_is_small(what) && small_value(what) > 0))
        return BIF_BADARG(p);
    in_job *job = alloc_new(ALLOC_TEMP, sizeof *job);
    reply_init(&job->to, p);
    job->n = term_is_small(what) ? (uint64_t)small_value(what) : 0;
    term_t ref = term_ref(&p->heap, job->to.ref, 3); /* as os:cmd's */
    if (!run_detached(in_thread, job)) {
        alloc_free(ALLOC_TEMP, job, sizeof *job);
        return BIF_ERROR(p, ATOM_system_limit);
    }
    return ref;
}

/* ---- timers that send messages --------------------------------------------
 * A timer is a record in a global table (hashed by its reference, so
 * cancel_timer and read_timer find it from any thread in O(1), and a
 * fired timer leaves in O(1) however many are armed) and an entry in the
 * timer queue of the scheduler that started it. Whoever moves the state
 * from ARMED first wins: the timer thread (FIRED, sends the message) or
 * cancel_timer (CANCELLED, and it asks the scheduler to drop the queue
 * entry at once). fire_timer runs once either way, when the entry comes
 * due or is dropped, and frees the record. */

enum { TM_ARMED, TM_FIRED, TM_CANCELLED };

typedef struct msg_timer {
    struct msg_timer *next, **prevp; /* its bucket's chain */
    uint32_t ref[3];
    term_t dest; /* a pid or a registered name */
    heap_t frag; /* the message */
    term_t msg;
    uint64_t deadline;
    _Atomic uint64_t handle; /* its scheduler queue entry (sched_timer_call) */
    _Atomic int state;
} msg_timer;

#define TIMER_BUCKETS 4096u
static pthread_mutex_t timers_lock = PTHREAD_MUTEX_INITIALIZER;
static msg_timer *timers[TIMER_BUCKETS];

static msg_timer **bucket_of(const uint32_t ref[3])
{
    return &timers[(ref[0] ^ ref[1] * 2654435761u ^ ref[2] * 40503u) % TIMER_BUCKETS];
}

static void link_timer(msg_timer *t)
{
    pthread_mutex_lock(&timers_lock);
    msg_timer **b = bucket_of(t->ref);
    t->next = *b;
    t->prevp = b;
    if (*b)
        (*b)->prevp = &t->next;
    *b = t;
    pthread_mutex_unlock(&timers_lock);
}

static void unlink_timer(msg_timer *t)
{
    pthread_mutex_lock(&timers_lock);
    *t->prevp = t->next;
    if (t->next)
        t->next->prevp = t->prevp;
    pthread_mutex_unlock(&timers_lock);
}

static void fire_timer(void *arg)
{
    msg_timer *t = arg;
    int armed = TM_ARMED;
    if (atomic_compare_exchange_strong(&t->state, &armed, TM_FIRED)) {
        term_t to = term_is_atom(t->dest) ? proc_whereis(t->dest) : t->dest;
        if (to != NIL)
            proc_deliver(to, NIL, t->msg);
    }
    unlink_timer(t);
    heap_destroy(&t->frag);
    alloc_free(ALLOC_TIMER, t, sizeof *t);
}

/* erlang:send_after / start_timer; `wrap`: start_timer's {timeout, Ref,
 * Msg}. Options ({abs, Bool}) are checked; abs is honoured. */
static term_t start_timer(process *p, term_t time, term_t dest, term_t msg, term_t opts, bool wrap)
{
    bool abs = false;
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || tuple_get(o, 0) != atom_from_cstr("abs") ||
            (tuple_get(o, 1) != ATOM_true && tuple_get(o, 1) != ATOM_false))
            return BIF_BADARG(p);
        abs = tuple_get(o, 1) == ATOM_true;
    }
    if (opts != NIL || !term_is_small(time) || (!term_is_local_pid(dest) && !term_is_atom(dest)))
        return BIF_BADARG(p);
    int64_t ms = small_value(time);
    uint64_t now = timer_now_ns();
    if (abs)
        ms -= (int64_t)(now / 1000000);
    if (ms < 0) {
        if (!abs)
            return BIF_BADARG(p);
        ms = 0;
    }
    msg_timer *t = alloc_zeroed(ALLOC_TIMER, sizeof *t);
    proc_new_ref(t->ref);
    t->dest = dest;
    heap_init(&t->frag, ALLOC_HEAP_FRAG);
    term_t ref = term_ref(&p->heap, t->ref, 3);
    term_t m = wrap ? term_tuple3(&p->heap, ATOM_timeout, ref, msg) : msg;
    t->msg = copy_term(&t->frag, m);
    t->deadline = now + (uint64_t)ms * 1000000;
    atomic_store(&t->state, TM_ARMED);
    /* queued first: it cannot fire before this BIF returns (it fires on
     * this thread), and whoever finds it linked finds its handle set */
    atomic_store(&t->handle, sched_timer_call((uint64_t)ms, fire_timer, t));
    link_timer(t);
    return ref;
}

term_t bif_sys_send_after_3(process *p, const term_t *args)
{
    return start_timer(p, args[0], args[1], args[2], NIL, false);
}
term_t bif_sys_send_after_4(process *p, const term_t *args)
{
    return start_timer(p, args[0], args[1], args[2], args[3], false);
}
term_t bif_sys_start_timer_3(process *p, const term_t *args)
{
    return start_timer(p, args[0], args[1], args[2], NIL, true);
}
term_t bif_sys_start_timer_4(process *p, const term_t *args)
{
    return start_timer(p, args[0], args[1], args[2], args[3], true);
}

/* Milliseconds left on the timer of `ref`, cancelling it when `cancel`;
 * false when there is no such armed timer. */
static term_t timer_left(process *p, term_t ref, bool cancel)
{
    if (!term_is_ref(ref))
        return BIF_BADARG(p);
    if (!term_is_local_ref(ref) || ref_object(ref)->nids != 3)
        return ATOM_false;
    const uint32_t *ids = ref_object(ref)->ids;
    term_t result = ATOM_false;
    uint64_t cancelled = 0;
    pthread_mutex_lock(&timers_lock);
    for (msg_timer *t = *bucket_of(ids); t; t = t->next) {
        if (memcmp(t->ref, ids, sizeof t->ref) != 0)
            continue;
        int armed = TM_ARMED;
        bool live = cancel ? atomic_compare_exchange_strong(&t->state, &armed, TM_CANCELLED)
                           : atomic_load(&t->state) == TM_ARMED;
        if (live) {
            uint64_t now = timer_now_ns();
            uint64_t left = t->deadline > now ? (t->deadline - now) / 1000000 : 0;
            result = term_small((int64_t)left);
            if (cancel)
                cancelled = atomic_load(&t->handle);
        }
        break;
    }
    pthread_mutex_unlock(&timers_lock);
    /* The queue entry goes now, not at its deadline, taking the record and
     * its message with it (fire_timer sees it cancelled). Outside the lock:
     * fire_timer takes it. */
    if (cancelled)
        sched_timer_cancel(cancelled);
    return result;
}

term_t bif_sys_cancel_timer_1(process *p, const term_t *args) { return timer_left(p, args[0], true); }

/* cancel_timer(Ref, Options): {async, Bool} and {info, Bool}; async only
 * changes how the answer comes: with info it is sent as
 * {cancel_timer, Ref, Result}. */
term_t bif_sys_cancel_timer_2(process *p, const term_t *args)
{
    bool async = false, info = true;
    term_t opts = args[1];
    for (; term_is_list(opts); opts = list_tail(opts)) {
        term_t o = list_head(opts);
        if (!term_is_tuple(o) || tuple_arity(o) != 2 ||
            (tuple_get(o, 1) != ATOM_true && tuple_get(o, 1) != ATOM_false))
            return BIF_BADARG(p);
        bool v = tuple_get(o, 1) == ATOM_true;
        if (tuple_get(o, 0) == atom_from_cstr("async"))
            async = v;
        else if (tuple_get(o, 0) == atom_from_cstr("info"))
            info = v;
        else
            return BIF_BADARG(p);
    }
    if (opts != NIL)
        return BIF_BADARG(p);
    term_t r = timer_left(p, args[0], true);
    if (r == THE_NON_VALUE)
        return r;
    if (!async)
        return info ? r : ATOM_ok;
    if (info)
        proc_deliver(p->pid, p->pid, term_tuple3(&p->heap, atom_from_cstr("cancel_timer"), args[0], r));
    return ATOM_ok;
}

term_t bif_sys_read_timer_1(process *p, const term_t *args) { return timer_left(p, args[0], false); }

/* ---- the system ------------------------------------------------------------ */

/* The kernel's release, {Major, Minor, Release}, from uname's release text
 * ("6.18.44-x" is {6,18,44}), 0 for numbers it lacks, as OTP's. */
static term_t os_version(heap_t *h)
{
    struct utsname u;
    int64_t v[3] = {0, 0, 0};
    if (uname(&u) == 0) {
        const char *s = u.release;
        for (int i = 0; i < 3 && *s >= '0' && *s <= '9'; i++) {
            while (*s >= '0' && *s <= '9' && v[i] < INT32_MAX / 10)
                v[i] = v[i] * 10 + (*s++ - '0');
            while (*s >= '0' && *s <= '9')
                s++;
            if (*s != '.')
                break;
            s++;
        }
    }
    return term_tuple3(h, term_small(v[0]), term_small(v[1]), term_small(v[2]));
}

/* system_info/1's answers that are one atom, for what dbgsh's emulator is
 * and is not (docs/differences-from-erlang.md): an interpreter, no kernel
 * poll, no time warp, no dynamic trace probes. */
static const struct {
    const char *key, *value;
} ATOM_INFO[] = {
    {"emu_flavor", "emu"},
    {"emu_type", DBGSH_DEBUG ? "debug" : "opt"},
    {"build_type", DBGSH_DEBUG ? "debug" : "opt"},
    {"debug_compiled", DBGSH_DEBUG ? "true" : "false"},
    {"heap_type", "private"},
    {"kernel_poll", "false"},
    {"multi_scheduling", "enabled"},
    {"time_warp_mode", "no_time_warp"},
    {"tolerant_timeofday", "enabled"},
    {"time_correction", "true"},
    {"scheduler_bind_type", "unbound"},
    {"cpu_topology", "undefined"},
    {"dynamic_trace", "none"},
    {"dynamic_trace_probes", "false"},
    {"port_parallelism", "false"},
};

term_t bif_sys_system_info_1(process *p, const term_t *args)
{
    heap_t *h = &p->heap;
    term_t what = args[0];
    for (size_t i = 0; i < sizeof ATOM_INFO / sizeof ATOM_INFO[0]; i++)
        if (what == atom_from_cstr(ATOM_INFO[i].key))
            return atom_from_cstr(ATOM_INFO[i].value);
    if (what == atom_from_cstr("os_type"))
        return bif_sys_os_type_0(p, args);
    if (what == atom_from_cstr("os_version"))
        return os_version(h);
    if (what == atom_from_cstr("system_version")) {
        char text[96];
        int n = snprintf(text, sizeof text, "Erlang/OTP 25 [erts-13.0] [dbgsh] [64-bit] [smp:%u:%u]\n",
                         sched_count(), sched_count());
        return term_string(h, text, (size_t)n);
    }
    if (what == atom_from_cstr("scheduler_id"))
        return term_small(sched_current() + 1);
    if (what == atom_from_cstr("port_count"))
        return term_small((int64_t)port_count());
    if (what == atom_from_cstr("port_limit"))
        return term_small(PORT_TABLE_SIZE);
    if (what == atom_from_cstr("ets_count"))
        return term_small((int64_t)ets_count());
    if (what == atom_from_cstr("ets_limit")) /* none here: erl's default */
        return term_small(8192);
    if (what == atom_from_cstr("dirty_cpu_schedulers") ||
        what == atom_from_cstr("dirty_cpu_schedulers_online") ||
        what == atom_from_cstr("dirty_io_schedulers"))
        return term_small(0);
    if (what == atom_from_cstr("compat_rel"))
        return term_small(25);
    if (what == atom_from_cstr("creation") || what == atom_from_cstr("trace_control_word"))
        return term_small(0);
    if (what == atom_from_cstr("c_compiler_used"))
        return term_tuple2(h, atom_from_cstr("gnuc"),
                           term_tuple3(h, term_small(__GNUC__), term_small(__GNUC_MINOR__),
                                       term_small(__GNUC_PATCHLEVEL__)));
    if (what == ATOM_schedulers || what == ATOM_schedulers_online)
        return term_small(sched_count());
    if (what == ATOM_process_count)
        return term_small(proc_count());
    if (what == ATOM_process_limit)
        return term_small(PROC_TABLE_SIZE);
    if (what == ATOM_atom_count)
        return term_small((int64_t)atom_count());
    if (what == ATOM_atom_limit)
        return term_small(1048576);
    if (what == ATOM_otp_release)
        return term_string(h, "25", 2);
    if (what == ATOM_version)
        return term_string(h, "13.0", 4);
    if (what == ATOM_wordsize)
        return term_small(sizeof(term_t));
    if (what == ATOM_system_architecture)
        return term_string(h, "x86_64-pc-linux-gnu", 19);
    if (what == atom_from_cstr("machine"))
        return term_string(h, "BEAM", 4);
    if (what == atom_from_cstr("logical_processors") || what == atom_from_cstr("logical_processors_online"))
        return term_small(sched_count());
    if (what == atom_from_cstr("thread_pool_size"))
        return term_small(0);
    if (what == atom_from_cstr("smp_support") || what == atom_from_cstr("threads"))
        return ATOM_true;
    if (what == atom_from_cstr("sequential_tracer") && trace_hooks.seq_tracer)
        return term_tuple2(h, what, trace_hooks.seq_tracer(h, THE_NON_VALUE));
    gc_opts o;
    gc_system_opts(&o);
    if (what == ATOM_min_heap_size)
        return term_tuple2(h, what, term_small((int64_t)o.min_heap_words));
    if (what == ATOM_min_bin_vheap_size)
        return term_tuple2(h, what, term_small((int64_t)o.min_vheap_words));
    if (what == ATOM_fullsweep_after)
        return term_tuple2(h, what, term_small(o.fullsweep_after));
    if (what == ATOM_max_heap_size)
        return bif_max_heap_term(h, &o.max_heap);
    return BIF_BADARG(p);
}

/* erlang:system_flag/2 for the options new processes start with (it
 * returns the old value, as system_info gives it, without the tuple, and
 * the processes spawned after it have the new one) and backtrace_depth.
 * Other flags are badarg with cause badopt
 * (docs/differences-from-erlang.md). */
term_t bif_sys_system_flag_2(process *p, const term_t *args)
{
    term_t flag = args[0], v = args[1], old;
    gc_opts o;
    gc_system_opts(&o);
    bool ok;
    if (flag == ATOM_min_heap_size) {
        old = term_small((int64_t)o.min_heap_words);
        ok = bif_size_value(v, &o.min_heap_words);
    } else if (flag == ATOM_min_bin_vheap_size) {
        old = term_small((int64_t)o.min_vheap_words);
        ok = bif_size_value(v, &o.min_vheap_words);
    } else if (flag == ATOM_fullsweep_after) {
        /* a process keeps it in 16 bits; the system's stops at the top */
        uint64_t n = 0;
        old = term_small(o.fullsweep_after);
        ok = bif_size_value(v, &n);
        o.fullsweep_after = n > 0xffff ? 0xffff : (uint32_t)n;
    } else if (flag == ATOM_max_heap_size) {
        gc_max_heap defaults = o.max_heap;
        old = bif_max_heap_term(&p->heap, &o.max_heap);
        ok = bif_max_heap_value(v, &defaults, o.min_heap_words, &o.max_heap);
    } else if (flag == atom_from_cstr("sequential_tracer") && trace_hooks.seq_tracer) {
        old = trace_hooks.seq_tracer(&p->heap, v);
        return old == THE_NON_VALUE ? BIF_BADARG(p) : old;
    } else if (flag == atom_from_cstr("reset_seq_trace")) {
        seq_reset_all(); /* whatever the value, as OTP */
        return ATOM_true;
    } else if (flag == atom_from_cstr("backtrace_depth")) {
        /* any small non-negative integer; OTP keeps at most 64 */
        if (!term_is_small(v) || small_value(v) < 0)
            return BIF_BADARG(p);
        return term_small(proc_set_backtrace_depth((uint64_t)small_value(v)));
    } else {
        return bif_badopt(p);
    }
    if (!ok)
        return BIF_BADARG(p);
    gc_set_system_opts(&o);
    return old;
}

term_t bif_sys_statistics_1(process *p, const term_t *args)
{
    heap_t *h = &p->heap;
    term_t what = args[0];
    if (what == ATOM_runtime || what == ATOM_wall_clock) {
        /* {Total ms, ms since the last call}; the "last call" is per VM */
        static _Atomic int64_t last_runtime, last_wall;
        int64_t ms;
        if (what == ATOM_runtime) {
            struct timespec ts;
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
            ms = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
        } else {
            ms = (int64_t)(timer_now_ns() / 1000000);
        }
        _Atomic int64_t *last = what == ATOM_runtime ? &last_runtime : &last_wall;
        int64_t before = atomic_exchange(last, ms);
        return term_tuple2(h, term_small(ms), term_small(before ? ms - before : ms));
    }
    if (what == ATOM_reductions) {
        uint64_t r = p->reds_total + (uint64_t)(SCHED_SLICE_REDS - (p->reds > 0 ? p->reds : 0));
        return term_tuple2(h, term_uint64(h, r), term_small(0));
    }
    if (what == ATOM_run_queue)
        return term_small(0);
    if (what == ATOM_context_switches)
        return term_tuple2(h, term_small(0), term_small(0));
    if (what == ATOM_garbage_collection)
        return term_tuple3(h, term_small((int64_t)p->gc.minor_count), term_small(0), term_small(0));
    return BIF_BADARG(p);
}

term_t bif_sys_halt_0(process *p, const term_t *args) { vm_halt(0); }

/* A proper list of Unicode code points (halt/1's string), written to
 * standard error as UTF-8 with a newline; false (nothing written) for
 * anything else. */
static bool write_halt_string(term_t s)
{
    size_t n = 0;
    term_t l = s;
    for (; term_is_list(l); l = list_tail(l), n++) {
        term_t c = list_head(l);
        if (!term_is_small(c) || !unicode_is_scalar(small_value(c)))
            return false;
    }
    if (!term_is_nil(l))
        return false;
    char *text = alloc_new(ALLOC_TEMP, 4 * n + 1);
    size_t len = 0;
    for (l = s; term_is_list(l); l = list_tail(l))
        len += unicode_encode_utf8((uint32_t)small_value(list_head(l)), text + len);
    text[len++] = '\n';
    vm_write(VM_STDERR, text, len);
    alloc_free(ALLOC_TEMP, text, 4 * n + 1);
    return true;
}

/* halt(Status) and halt(Status, Options): a non-negative integer (its low
 * byte is the exit status, as the OS takes it; ports flushed first unless
 * Options has {flush, false}), abort, or a string of any characters:
 * printed on standard error as UTF-8, status 1 (erl writes a crash dump
 * too; we do not). OTP flushes ports for an integer status only. */
static term_t halt_with(process *p, term_t s, bool flush)
{
    if (term_is_integer(s) && !(term_is_small(s) ? small_value(s) < 0 : big_is_negative(s))) {
        int status = (int)((term_is_small(s) ? (uint64_t)small_value(s) : (uint64_t)big_limbs(s)[0]) & 0xff);
        if (flush)
            vm_halt(status);
        vm_halt_now(status);
    }
    if (s == atom_from_cstr("abort"))
        vm_halt_now(134);
    if (write_halt_string(s))
        vm_halt_now(1);
    return BIF_BADARG(p);
}

term_t bif_sys_halt_1(process *p, const term_t *args) { return halt_with(p, args[0], true); }

term_t bif_sys_halt_2(process *p, const term_t *args)
{
    if (list_length(args[1]) < 0)
        return BIF_BADARG(p);
    bool flush = true;
    for (term_t l = args[1]; l != NIL; l = list_tail(l)) {
        term_t o = list_head(l); /* {flush, true | false}, the only option (OTP 25) */
        if (!term_is_tuple(o) || tuple_arity(o) != 2 || tuple_get(o, 0) != atom_from_cstr("flush") ||
            (tuple_get(o, 1) != ATOM_true && tuple_get(o, 1) != ATOM_false))
            return BIF_BADARG(p);
        flush = tuple_get(o, 1) == ATOM_true;
    }
    return halt_with(p, args[0], flush);
}

/* ---- modules ----------------------------------------------------------------- */

static term_t func_list(heap_t *h, const module_code *mc, bool exported_only)
{
    term_t l = NIL;
    for (size_t i = mc->nfuncs; i-- > 0;) {
        const code_func *f = &mc->funcs[i];
        if (exported_only && !f->exported)
            continue;
        l = term_cons(h, term_tuple2(h, f->name, term_small(f->arity)), l);
    }
    return l;
}

/* module_info(Item) of a loaded module; THE_NON_VALUE for a bad item. */
static term_t module_info_item(heap_t *h, const module_code *mc, term_t item)
{
    if (item == ATOM_module)
        return mc->name;
    if (item == ATOM_exports)
        return func_list(h, mc, true);
    if (item == ATOM_functions)
        return func_list(h, mc, false);
    if (item == ATOM_attributes)
        return copy_term(h, mc->attributes);
    if (item == ATOM_compile)
        return copy_term(h, mc->compile_info);
    if (item == ATOM_md5)
        return bin_new(h, mc->md5, sizeof mc->md5);
    if (item == atom_from_cstr("nifs"))
        return NIL;
    if (item == atom_from_cstr("native"))
        return ATOM_false;
    return THE_NON_VALUE;
}

term_t bif_sys_get_module_info_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_BADARG(p);
    const module_code *mc = code_module(args[0]);
    if (!mc)
        return BIF_BADARG(p);
    term_t items[5] = {ATOM_module, ATOM_exports, ATOM_attributes, ATOM_compile, ATOM_md5};
    term_t out[5];
    for (int i = 0; i < 5; i++)
        out[i] = term_tuple2(&p->heap, items[i], module_info_item(&p->heap, mc, items[i]));
    return term_list_from(&p->heap, out, 5, NIL);
}

term_t bif_sys_get_module_info_2(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]) || !term_is_atom(args[1]))
        return BIF_BADARG(p);
    const module_code *mc = code_module(args[0]);
    term_t v = mc ? module_info_item(&p->heap, mc, args[1]) : THE_NON_VALUE;
    return v == THE_NON_VALUE ? BIF_BADARG(p) : v;
}

/* erlang:make_fun(M, F, A): fun M:F/A (an export fun; its entry is looked
 * up when it is called). */
term_t bif_sys_make_fun_3(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]) || !term_is_atom(args[1]) || !term_is_small(args[2]) || small_value(args[2]) < 0 ||
        small_value(args[2]) > 255)
        return BIF_BADARG(p);
    return term_export(&p->heap, args[0], args[1], (unsigned)small_value(args[2]));
}

/* The library modules an OTP 25 node has loaded once it has booted (erl
 * -noshell): dbgsh loads its own copies on first use instead, so asking
 * whether one is loaded, or exports a function, loads it first and gets
 * OTP's answer. */
static const module_code *boot_module(term_t m)
{
    static const char *const boot[] = {"erl_parse", "file",     "filename",  "gb_sets", "gb_trees",
                                       "lists",     "maps",     "orddict",   "proplists", "queue"};
    const module_code *mc = code_module(m);
    if (mc)
        return mc;
    size_t len;
    const char *name = atom_text(m, &len);
    for (size_t i = 0; i < sizeof boot / sizeof boot[0]; i++)
        if (strlen(boot[i]) == len && !memcmp(boot[i], name, len)) {
            term_t why;
            vm_load_module(m, &why);
            return code_module(m);
        }
    return NULL;
}

term_t bif_sys_function_exported_3(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]) || !term_is_atom(args[1]) || !term_is_small(args[2]) || small_value(args[2]) < 0)
        return BIF_BADARG(p);
    /* as OTP's: a BIF counts whether its module is loaded or not */
    if (small_value(args[2]) <= 255 && bif_lookup(args[0], args[1], (unsigned)small_value(args[2])))
        return ATOM_true;
    const module_code *mc = boot_module(args[0]);
    if (!mc)
        return ATOM_false;
    for (size_t i = 0; i < mc->nfuncs; i++)
        if (mc->funcs[i].exported && mc->funcs[i].name == args[1] &&
            mc->funcs[i].arity == (unsigned)small_value(args[2]))
            return ATOM_true;
    return ATOM_false;
}

term_t bif_sys_module_loaded_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_BADARG(p);
    return boot_module(args[0]) ? ATOM_true : ATOM_false;
}

term_t bif_sys_pre_loaded_0(process *p, const term_t *args) { return term_cons(&p->heap, ATOM_erlang, NIL); }
term_t bif_sys_all_loaded_0(process *p, const term_t *args) { return code_all_loaded(&p->heap); }

/* Where code:is_loaded/1 and code:all_loaded/0 say a module came from:
 * its source path, or preloaded. */
static term_t loaded_from(heap_t *h, const module_code *mc)
{
    return mc && mc->file ? term_utf8_string(h, mc->file, strlen(mc->file)) : atom_from_cstr("preloaded");
}

term_t bif_sys_code_all_loaded_0(process *p, const term_t *args)
{
    term_t l = NIL;
    for (term_t m = code_all_loaded(&p->heap); m != NIL; m = list_tail(m)) {
        term_t where = loaded_from(&p->heap, code_module(list_head(m)));
        l = term_cons(&p->heap, term_tuple2(&p->heap, list_head(m), where), l);
    }
    return l;
}

/* {module, M} after loading M's source from the code path, or {error, Why}. */
static term_t load(process *p, term_t m)
{
    term_t why;
    if (!vm_load_module(m, &why))
        return term_tuple2(&p->heap, ATOM_error, why);
    return term_tuple2(&p->heap, ATOM_module, m);
}

term_t bif_sys_ensure_loaded_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_ERROR(p, ATOM_function_clause); /* code.erl's clauses */
    if (code_module(args[0]))
        return term_tuple2(&p->heap, ATOM_module, args[0]);
    return load(p, args[0]);
}

term_t bif_sys_is_loaded_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_ERROR(p, ATOM_function_clause); /* code.erl's clauses */
    const module_code *mc = boot_module(args[0]);
    if (!mc)
        return ATOM_false;
    return term_tuple2(&p->heap, ATOM_file, loaded_from(&p->heap, mc));
}

/* code:load_file(Module): loads the module from source, or loads it
 * again when it is loaded (the current version becomes old), from the
 * file it came from. As OTP's: {error, not_purged} while an old version
 * exists; {error, sticky_directory} for the library compiled into dbgsh
 * (OTP's stdlib lives in sticky directories); a non-atom is a
 * function_clause of code:load_file/1. */
term_t bif_sys_load_file_1(process *p, const term_t *args)
{
    term_t m = args[0];
    if (!term_is_atom(m))
        return BIF_ERROR(p, ATOM_function_clause);
    const module_code *mc = code_module(m);
    if (!mc)
        return load(p, m);
    if (code_has_old(m))
        return term_tuple2(&p->heap, ATOM_error, ATOM_not_purged);
    if (!mc->file)
        return term_tuple2(&p->heap, ATOM_error, ATOM_nofile);
    /* The embedded library's files are named without a directory and are
     * not on disk (a module from the current directory is found there). */
    char path[4096];
    snprintf(path, sizeof path, "%s", mc->file);
    if (access(path, R_OK) != 0)
        return term_tuple2(&p->heap, ATOM_error,
                           strchr(path, '/') ? ATOM_nofile : atom_from_cstr("sticky_directory"));
    if (!vm_load_file(path))
        return term_tuple2(&p->heap, ATOM_error, atom_from_cstr("badfile"));
    return term_tuple2(&p->heap, ATOM_module, m);
}

/* ---- the code path -------------------------------------------------------------- */

/* filename:join([Dir]) on Unix: "//" and "/./" become "/", a trailing "/"
 * goes (but "/" stays), a leading "./" and a final "/." stay. A new string
 * (alloc_strfree(ALLOC_TEMP, ...)). */
static char *normalised_dir(const char *dir)
{
    size_t cap = strlen(dir) + 1, n = 0;
    char *t = alloc_new(ALLOC_TEMP, cap);
    for (const char *s = dir; *s; s++) {
        if (*s == '/' && n >= 2 && t[n - 1] == '.' && t[n - 2] == '/')
            n--; /* "/./" -> "/" */
        else if (*s == '/' && n >= 1 && t[n - 1] == '/')
            continue;
        else
            t[n++] = *s;
    }
    if (n > 1 && t[n - 1] == '/')
        n--;
    char *d = alloc_strndup(ALLOC_TEMP, t, n);
    alloc_free(ALLOC_TEMP, t, cap);
    return d;
}

/* The name code_server gives a code path directory: its last component,
 * or the one before a last "ebin", up to the first '-' ("/x/app-1.0/ebin"
 * is app). The name's bytes go to name[0..*len). */
static void find_dir_name(const char *dir, const char **name, size_t *len)
{
    const char *last = NULL, *before = NULL;
    size_t last_n = 0, before_n = 0;
    if (dir[0] == '/') {
        last = dir;
        last_n = 1;
    }
    for (const char *s = dir; *s;) {
        while (*s == '/')
            s++;
        const char *e = s;
        while (*e && *e != '/')
            e++;
        if (e > s) {
            before = last, before_n = last_n;
            last = s, last_n = (size_t)(e - s);
        }
        s = e;
    }
    if (before && last_n == 4 && !memcmp(last, "ebin", 4))
        last = before, last_n = before_n;
    const char *hyphen = last ? memchr(last, '-', last_n) : NULL;
    *name = last ? last : "";
    *len = hyphen ? (size_t)(hyphen - last) : last_n;
}

/* code:del_path/1's test: the directory is the one given, or its name is. */
static bool is_dir_or_named(const char *dir, const void *arg)
{
    const char *want = arg;
    const char *name;
    size_t len;
    find_dir_name(dir, &name, &len);
    return !strcmp(dir, want) || (strlen(want) == len && !memcmp(name, want, len));
}

term_t bif_sys_get_path_0(process *p, const term_t *args) { return vm_code_path(&p->heap); }

/* dbgsh_code:config_files/0: the -config files, for application_controller. */
term_t bif_sys_config_files_0(process *p, const term_t *args) { return vm_config_files(&p->heap); }

/* code:add_path/1 and friends: true, or {error, bad_directory} for a name
 * that is no flat string or no directory. Any other term is a
 * function_clause of code.erl (OTP's code server crashes on an improper
 * list; ours says bad_directory). */
static term_t add_path(process *p, term_t dir, bool first)
{
    if (!term_is_list(dir) && !term_is_nil(dir))
        return BIF_ERROR(p, ATOM_function_clause);
    char *raw = vm_file_name(dir);
    char *d = raw ? normalised_dir(raw) : NULL;
    vm_file_name_free(raw);
    struct stat st;
    bool ok = d && stat(d, &st) == 0 && S_ISDIR(st.st_mode);
    if (ok)
        vm_code_path_add(d, first);
    alloc_strfree(ALLOC_TEMP, d);
    return ok ? ATOM_true : term_tuple2(&p->heap, ATOM_error, atom_from_cstr("bad_directory"));
}

term_t bif_sys_add_pathz_1(process *p, const term_t *args) { return add_path(p, args[0], false); }
term_t bif_sys_add_patha_1(process *p, const term_t *args) { return add_path(p, args[0], true); }

/* code:del_path(NameOrDir): true when a directory went, false when none
 * matched, {error, bad_name} for a list that is no flat string. */
term_t bif_sys_del_path_1(process *p, const term_t *args)
{
    term_t t = args[0];
    char *d;
    if (term_is_atom(t)) {
        size_t len;
        const char *text = atom_text(t, &len);
        char *raw = alloc_strndup(ALLOC_TEMP, text, len);
        d = normalised_dir(raw);
        alloc_strfree(ALLOC_TEMP, raw);
    } else if (term_is_list(t) || term_is_nil(t)) {
        char *raw = vm_file_name(t);
        if (!raw)
            return term_tuple2(&p->heap, ATOM_error, atom_from_cstr("bad_name"));
        d = normalised_dir(raw);
        vm_file_name_free(raw);
    } else {
        return BIF_ERROR(p, ATOM_function_clause);
    }
    bool gone = vm_code_path_delete(is_dir_or_named, d);
    alloc_strfree(ALLOC_TEMP, d);
    return gone ? ATOM_true : ATOM_false;
}

/* The code path's directories as C strings (ALLOC_TEMP: free_dirs). */
typedef struct dir_list {
    char **v;
    size_t n, cap;
} dir_list;

static void read_path(process *p, dir_list *out)
{
    term_t l = vm_code_path(&p->heap);
    out->cap = (size_t)list_length(l) + 1;
    out->v = alloc_new(ALLOC_TEMP, out->cap * sizeof *out->v);
    out->n = 0;
    for (; l != NIL; l = list_tail(l)) {
        char *d = vm_file_name(list_head(l));
        if (d)
            out->v[out->n++] = d;
    }
}

static void free_dirs(dir_list *dirs)
{
    for (size_t i = 0; i < dirs->n; i++)
        vm_file_name_free(dirs->v[i]);
    alloc_free(ALLOC_TEMP, dirs->v, dirs->cap * sizeof *dirs->v);
}

/* Where the code path has the source of module name[0..len): "Dir/Mod.erl"
 * as filename:append/2 joins them, or NULL. ALLOC_TEMP. */
static char *find_source(const dir_list *dirs, const char *name, size_t len)
{
    for (size_t i = 0; i < dirs->n; i++) {
        size_t n = strlen(dirs->v[i]) + len + 6;
        char *f = alloc_new(ALLOC_TEMP, n);
        snprintf(f, n, "%s/%.*s.erl", dirs->v[i], (int)len, name);
        bool found = access(f, R_OK) == 0;
        /* a string alloc_strfree can free: name may hold a NUL */
        char *s = found ? alloc_strdup(ALLOC_TEMP, f) : NULL;
        alloc_free(ALLOC_TEMP, f, n);
        if (found)
            return s;
    }
    return NULL;
}

/* code:which(Module): where code:is_loaded/1 says a loaded module came
 * from; for one not loaded, where a call would load it from: the embedded
 * library's "Mod.erl" (what is_loaded says once it is loaded), else the
 * first "Dir/Mod.erl" of the code path; else non_existing. */
term_t bif_sys_which_1(process *p, const term_t *args)
{
    term_t m = args[0];
    if (!term_is_atom(m))
        return BIF_ERROR(p, ATOM_function_clause); /* code.erl's clauses */
    const module_code *mc = code_module(m);
    if (mc)
        return loaded_from(&p->heap, mc);
    size_t len;
    const char *name = atom_text(m, &len);
    if (memchr(name, '/', len) || memchr(name, 0, len))
        return atom_from_cstr("non_existing");
    for (size_t i = 0; vm_library_file(i); i++) {
        const char *f = vm_library_file(i);
        if (strlen(f) == len + 4 && !memcmp(f, name, len) && !strcmp(f + len, ".erl"))
            return term_utf8_string(&p->heap, f, len + 4);
    }
    dir_list dirs;
    read_path(p, &dirs);
    char *f = find_source(&dirs, name, len);
    term_t r = f ? term_utf8_string(&p->heap, f, strlen(f)) : atom_from_cstr("non_existing");
    alloc_strfree(ALLOC_TEMP, f);
    free_dirs(&dirs);
    return r;
}

/* One module of code:all_available/0 while it is gathered. */
typedef struct avail {
    char *name;    /* the module's name, UTF-8 (ALLOC_TEMP) */
    size_t len;
    size_t rank;   /* 0 for a loaded module, else 1 + the order found */
    term_t file;   /* what the tuple says for it */
} avail;

typedef struct avail_list {
    avail *v;
    size_t n, cap;
} avail_list;

static void add_avail(avail_list *l, const char *name, size_t len, term_t file)
{
    if (l->n == l->cap) {
        size_t more = l->cap ? 2 * l->cap : 256;
        l->v = l->v ? alloc_resize(ALLOC_TEMP, l->v, l->cap * sizeof *l->v, more * sizeof *l->v)
                    : alloc_new(ALLOC_TEMP, more * sizeof *l->v);
        l->cap = more;
    }
    l->v[l->n] = (avail){alloc_strndup(ALLOC_TEMP, name, len), len, l->n + 1, file};
    l->n++;
}

/* By name (code point order is UTF-8's byte order), a loaded module and
 * then the source found first ahead of the others of the same name. */
static int compare_avail(const void *a, const void *b)
{
    const avail *x = a, *y = b;
    int c = memcmp(x->name, y->name, x->len < y->len ? x->len : y->len);
    if (c == 0 && x->len != y->len)
        c = x->len < y->len ? -1 : 1;
    if (c == 0)
        c = x->rank < y->rank ? -1 : x->rank > y->rank;
    return c;
}

/* Adds the Mod.erl files of directory dir (unreadable: none). */
static void add_dir_sources(process *p, avail_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n <= 4 || strcmp(e->d_name + n - 4, ".erl") != 0)
            continue;
        size_t fn = strlen(dir) + n + 2;
        char *f = alloc_new(ALLOC_TEMP, fn);
        snprintf(f, fn, "%s/%s", dir, e->d_name);
        add_avail(l, e->d_name, n - 4, term_utf8_string(&p->heap, f, fn - 1));
        alloc_free(ALLOC_TEMP, f, fn);
    }
    closedir(d);
}

/* code:all_available/0: [{Name, File, Loaded}] sorted by Name (a string):
 * the loaded modules as code:all_loaded/0 says where they came from, and
 * the modules a call would load, with the file it would load: the
 * embedded library's ("lists.erl", as code:which/1 says), then the
 * Mod.erl files of the code path's directories; the first of a name
 * counts. */
term_t bif_sys_all_available_0(process *p, const term_t *args)
{
    avail_list l = {0};
    for (term_t m = code_all_loaded(&p->heap); m != NIL; m = list_tail(m)) {
        size_t len;
        const char *name = atom_text(list_head(m), &len);
        add_avail(&l, name, len, loaded_from(&p->heap, code_module(list_head(m))));
        l.v[l.n - 1].rank = 0;
    }
    for (size_t i = 0; vm_library_file(i); i++) {
        const char *f = vm_library_file(i);
        size_t n = strlen(f);
        if (n > 4 && !strcmp(f + n - 4, ".erl"))
            add_avail(&l, f, n - 4, term_utf8_string(&p->heap, f, n));
    }
    dir_list dirs;
    read_path(p, &dirs);
    for (size_t i = 0; i < dirs.n; i++)
        add_dir_sources(p, &l, dirs.v[i]);
    free_dirs(&dirs);
    if (l.n)
        qsort(l.v, l.n, sizeof *l.v, compare_avail);
    term_t out = NIL;
    for (size_t i = l.n; i-- > 0;) {
        const avail *a = &l.v[i];
        bool first = i == 0 || a->len != l.v[i - 1].len || memcmp(a->name, l.v[i - 1].name, a->len) != 0;
        if (first) {
            term_t name = term_utf8_string(&p->heap, a->name, a->len);
            term_t loaded = a->rank == 0 ? ATOM_true : ATOM_false;
            out = term_cons(&p->heap, term_tuple3(&p->heap, name, a->file, loaded), out);
        }
    }
    for (size_t i = 0; i < l.n; i++)
        alloc_strfree(ALLOC_TEMP, l.v[i].name);
    if (l.v)
        alloc_free(ALLOC_TEMP, l.v, l.cap * sizeof *l.v);
    return out;
}

/* dbgsh_code:compile_file(Path): c:c/1's C half. Path is a UTF-8 binary
 * naming an .erl file: compiles and loads it (diagnostics on standard
 * error, as erlc prints them): {ok, Module}, error when it did not
 * compile, {error, enoent} when it cannot be read. */
term_t bif_sys_compile_file_1(process *p, const term_t *args)
{
    if (!term_is_bitstring(args[0]))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(args[0], &v);
    char path[4096];
    if (v.bitsize || v.bitoffset || v.size == 0 || v.size >= sizeof path || memchr(v.bytes, 0, v.size))
        return BIF_BADARG(p);
    memcpy(path, v.bytes, v.size);
    path[v.size] = 0;
    bool missing;
    term_t m = vm_compile_file(path, &missing);
    if (m != THE_NON_VALUE)
        return term_tuple2(&p->heap, ATOM_ok, m);
    return missing ? term_tuple2(&p->heap, ATOM_error, atom_from_cstr("enoent")) : ATOM_error;
}

/* code:purge/1: true when processes running the old version were killed;
 * false otherwise (also when there was nothing to purge). */
term_t bif_sys_purge_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_ERROR(p, ATOM_function_clause);
    bool dies;
    code_purge_result r = code_purge_from(p, args[0], false, &dies);
    term_t v = r == CODE_PURGE_KILLED ? ATOM_true : ATOM_false;
    return dies ? bif_trap(p, v, TRAP_YIELD) : v;
}

/* code:soft_purge/1: false when processes still run the old version (it
 * stays); true otherwise (also when there was nothing to purge). */
term_t bif_sys_soft_purge_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_ERROR(p, ATOM_function_clause);
    bool dies;
    return code_purge_from(p, args[0], true, &dies) == CODE_PURGE_LINGERS ? ATOM_false : ATOM_true;
}

term_t bif_sys_delete_1(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]))
        return BIF_ERROR(p, ATOM_function_clause);
    return code_delete(args[0]) ? ATOM_true : ATOM_false;
}

term_t bif_sys_check_process_code_2(process *p, const term_t *args)
{
    if (!term_is_local_pid(args[0]) || !term_is_atom(args[1]))
        return BIF_BADARG(p);
    return code_check_process(p, args[0], args[1]) ? ATOM_true : ATOM_false;
}
