/* tlog.c: the fuzz target of the trace-log reader, what `dbgsh --format`
 * does with a file (dbgcore/tlog.c, then format/traceline.c and
 * format/tracejson.c on each message, as shell/offline.c does; see
 * docs/internals/fuzzing.md). The input is the file, held in memory
 * (memfd) and opened by name. Records are read to the end or to an error,
 * which must say where, inside the file; every record moves on; a message
 * dbg's handler fails on leaves the text as it was. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "tests/fuzz/fuzz.h"

static void fail(const char *what, const char *detail) { fuzz_fail("tlog", what, detail); }

/* What shell/offline.c writes for one message: dbg's line, or the JSON
 * object, or the quoted message when dbg's handler fails on it. */
static void format_message(fmt_buf *b, term_t msg)
{
    fmt_trace_opts latin1 = {.unicode = false};
    fmt_trace_opts unicode = {.unicode = true, .unicode_range = true, .iso_clock = true, .json_session = "s"};
    fmt_buf_reset(b);
    fmt_buf_put(b, "kept", 4);
    if (fmt_trace_line(b, msg, &latin1) != FMT_TRACE_OK) {
        if (b->len != 4)
            fail("fmt_trace_line", "a failure changed the text");
        fmt_write(b, msg, 12, true);
    }
    fmt_utf8_to_latin1(b->data, b->len);
    fmt_buf_reset(b);
    fmt_trace_json(b, msg, &unicode);
}

static void read_records(tlog_reader *rd, heap_t *h, size_t size)
{
    fmt_buf b;
    fmt_buf_init(&b);
    tlog_record rec;
    tlog_error err;
    tlog_result res;
    uint64_t last = 0;
    size_t n = 0;
    while ((res = tlog_reader_next(rd, h, &rec, &err)) == TLOG_OK) {
        if ((n++ > 0 && rec.offset <= last) || rec.offset + TLOG_HEADER_BYTES > size)
            fail("a record", "not after the one before it, inside the file");
        last = rec.offset;
        if (rec.kind == TLOG_TERM)
            format_message(&b, rec.term);
    }
    if (res != TLOG_EOF && (err.code != res || err.offset > size || err.msg[0] == '\0'))
        fail("an error that does not say what and where", err.msg);
    fmt_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    int fd = memfd_create("fuzz.trc", 0);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size)
        fail("memfd", "cannot hold the input");
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    tlog_reader *rd;
    tlog_error err;
    if (tlog_reader_open(&rd, path, &err) != TLOG_OK)
        fail("tlog_reader_open", err.msg);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    read_records(rd, &h, size);
    tlog_reader_free(rd);
    heap_destroy(&h);
    close(fd);
    return 0;
}
