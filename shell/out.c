/* out.c: one lock for everything the shell prints, and printing above the
 * line being typed: while libedit has the prompt up, other threads queue
 * their text and wake the editing thread (a pipe), which clears the input
 * line, writes the text and has libedit redraw prompt and line. */
#include "shell/out.h"

#include <editline/readline.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vm/vm.h"

static struct {
    pthread_mutex_t lock;
    pthread_cond_t drained; /* the queue was printed */
    FILE *out, *err;
    bool interactive;
    bool at_prompt;  /* readline is up: queue, do not write */
    alloc_buf queue; /* text waiting for the editing thread; err text is
                        queued too (a terminal shows both in order) */
    int wake[2];     /* the pipe out_getc polls */
    volatile sig_atomic_t *interrupted;
    out_color color;
    bool tty[2]; /* out, err are terminals */
    bool no_color; /* NO_COLOR or TERM=dumb */
} O = {.lock = PTHREAD_MUTEX_INITIALIZER, .drained = PTHREAD_COND_INITIALIZER, .wake = {-1, -1}};

static void vm_output(vm_stream stream, const char *s, size_t n) { out_write(stream == VM_STDERR, s, n); }

void out_init(FILE *out, FILE *err, bool interactive)
{
    O.out = out;
    O.err = err;
    O.interactive = interactive;
    O.tty[0] = isatty(fileno(out));
    O.tty[1] = isatty(fileno(err));
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
    O.no_color = (no_color && *no_color) || (term && !strcmp(term, "dumb"));
    if (interactive && pipe(O.wake) == 0) {
        fcntl(O.wake[0], F_SETFL, O_NONBLOCK);
        fcntl(O.wake[1], F_SETFL, O_NONBLOCK);
        fcntl(O.wake[0], F_SETFD, FD_CLOEXEC);
        fcntl(O.wake[1], F_SETFD, FD_CLOEXEC);
    }
    vm_set_output(vm_output);
}

void out_set_interrupt_flag(volatile sig_atomic_t *flag) { O.interrupted = flag; }

void out_set_color(out_color when) { O.color = when; }
out_color out_get_color(void) { return O.color; }

bool out_colored(bool to_err)
{
    return O.color == OUT_COLOR_ALWAYS || (O.color == OUT_COLOR_AUTO && O.tty[to_err] && !O.no_color);
}

void out_write(bool to_err, const char *s, size_t n)
{
    if (!n)
        return;
    pthread_mutex_lock(&O.lock);
    while (O.at_prompt && O.queue.n + n > OUT_QUEUE_MAX && O.queue.n)
        pthread_cond_wait(&O.drained, &O.lock);
    if (O.at_prompt) {
        bool was_empty = O.queue.n == 0;
        alloc_buf_put(&O.queue, s, n);
        if (was_empty && O.wake[1] >= 0) {
            ssize_t w = write(O.wake[1], "x", 1);
            (void)w; /* a full pipe has a wake-up in it already */
        }
    } else {
        FILE *f = to_err ? O.err : O.out;
        if (to_err)
            fflush(O.out); /* what came before shows before */
        fwrite(s, 1, n, f);
        if (to_err || O.interactive)
            fflush(f);
    }
    pthread_mutex_unlock(&O.lock);
}

void out_printf(bool to_err, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        out_write(to_err, small, (size_t)n);
        return;
    }
    char *big = alloc_new(ALLOC_TEMP, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_write(to_err, big, (size_t)n);
    alloc_free(ALLOC_TEMP, big, (size_t)n + 1);
}

FILE *out_capture_open(out_capture *c)
{
    c->text = NULL;
    c->len = 0;
    return c->f = open_memstream(&c->text, &c->len);
}

void out_capture_close(out_capture *c, bool to_err)
{
    if (!c->f)
        return;
    fclose(c->f);
    out_write(to_err, c->text, c->len);
    free(c->text);
    c->f = NULL;
}

void out_flush(void)
{
    pthread_mutex_lock(&O.lock);
    fflush(O.out);
    fflush(O.err);
    pthread_mutex_unlock(&O.lock);
}

/* Prints the queued text above the input line (editing thread, prompt up). */
static void print_queued(void)
{
    pthread_mutex_lock(&O.lock);
    if (O.queue.n) {
        /* the cursor is on the input line: clear it, write, redraw */
        fputs("\r\033[K", O.out);
        fwrite(O.queue.p, 1, O.queue.n, O.out);
        if (O.queue.p[O.queue.n - 1] != '\n')
            fputc('\n', O.out);
        fflush(O.out);
        O.queue.n = 0;
        pthread_cond_broadcast(&O.drained);
        pthread_mutex_unlock(&O.lock);
        rl_forced_update_display();
        return;
    }
    pthread_mutex_unlock(&O.lock);
}

void out_prompt_begin(void)
{
    pthread_mutex_lock(&O.lock);
    fflush(O.out);
    fflush(O.err);
    O.at_prompt = true;
    pthread_mutex_unlock(&O.lock);
}

void out_prompt_end(void)
{
    pthread_mutex_lock(&O.lock);
    O.at_prompt = false;
    if (O.queue.n) {
        fwrite(O.queue.p, 1, O.queue.n, O.out);
        fflush(O.out);
        O.queue.n = 0;
    }
    pthread_cond_broadcast(&O.drained);
    pthread_mutex_unlock(&O.lock);
}

/* A byte read past a malformed UTF-8 sequence, for the next out_getc
 * (-1: none). Only the thread reading the terminal touches it. */
static int pending_byte = -1;

/* The character whose UTF-8 encoding starts with byte `lead`: reads its
 * continuation bytes from fd. libedit's readline takes what
 * rl_getc_function returns as one wide character, so a multibyte
 * character must come back whole. A malformed sequence gives its lead byte
 * alone; a byte that broke it is kept for the next call, so nothing typed
 * is lost. */
static int read_rest_of_char(int fd, unsigned char lead)
{
    if (lead < 0xC2 || lead > 0xF4)
        return lead;
    int more = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
    int cp = lead & (0x3F >> more);
    for (int i = 0; i < more; i++) {
        unsigned char c;
        ssize_t n;
        do
            n = read(fd, &c, 1);
        while (n < 0 && errno == EINTR);
        if (n != 1)
            return lead;
        if ((c & 0xC0) != 0x80) {
            pending_byte = c;
            return lead;
        }
        cp = cp << 6 | (c & 0x3F);
    }
    return cp;
}

int out_getc(FILE *in)
{
    int fd = fileno(in);
    bool utf8 = MB_CUR_MAX > 1; /* main set LC_CTYPE from the environment */
    if (pending_byte >= 0) {
        int c = pending_byte;
        pending_byte = -1;
        return utf8 ? read_rest_of_char(fd, (unsigned char)c) : c;
    }
    for (;;) {
        print_queued();
        struct pollfd fds[2] = {{.fd = fd, .events = POLLIN}, {.fd = O.wake[0], .events = POLLIN}};
        int r = poll(fds, O.wake[0] >= 0 ? 2 : 1, -1);
        if (r < 0) {
            if (errno == EINTR && !(O.interrupted && *O.interrupted))
                continue;
            return EOF;
        }
        if (O.wake[0] >= 0 && (fds[1].revents & POLLIN)) {
            char drain[64];
            while (read(O.wake[0], drain, sizeof drain) > 0)
                ;
            continue;
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            unsigned char c;
            ssize_t n = read(fd, &c, 1);
            if (n == 1)
                return utf8 ? read_rest_of_char(fd, c) : c;
            if (n < 0 && errno == EINTR && !(O.interrupted && *O.interrupted))
                continue;
            return EOF;
        }
    }
}
