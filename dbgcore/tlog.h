/* tlog.h: trace log files in the format of OTP's dbg file trace port
 * (dbg:trace_port(file, ...), read by dbg:trace_client(file, ...)): records
 * <<0, Size:32/big, term_to_binary(TraceMessage)>> and <<1, Dropped:32/big>>,
 * in one file or in a wrap set of files Name ++ Seq ++ Suffix.
 * Ownership: the writer borrows terms (it encodes them during the call) and
 * owns its file and its two bounded buffers; the reader owns its files and
 * buffers and builds terms on a heap the caller passes. Nothing here runs
 * the GC or keeps a pointer into a heap. docs/internals/trace-logs.md. */
#ifndef DBGCORE_TLOG_H
#define DBGCORE_TLOG_H

#include <stddef.h>
#include <stdint.h>

#include "vm/vm.h"

/* The record tags of the format. */
#define TLOG_OP_TERM 0
#define TLOG_OP_DROP 1
/* Bytes in front of every record: the tag and the 32-bit size or count. */
#define TLOG_HEADER_BYTES 5
/* The writer's buffer, as OTP's driver (BUFSIZ * 8): a record is written
 * to the file when the buffer is full, at tlog_writer_flush, at a rotation
 * and at tlog_writer_close. */
#define TLOG_BUFFER_BYTES 65536
/* dbg's defaults for {Name, wrap, Suffix} and {Name, wrap, Suffix, Size}. */
#define TLOG_WRAP_DEFAULT_SIZE (128u * 1024u)
#define TLOG_WRAP_DEFAULT_COUNT 8u

typedef enum tlog_result {
    TLOG_OK = 0,
    TLOG_EOF,           /* reader: no record left */
    TLOG_BADARG,        /* an argument out of range (empty name, count 0) */
    TLOG_IO,            /* open, read, write, close or unlink failed (errno) */
    TLOG_TRUNCATED,     /* reader: the file ends inside a record */
    TLOG_BAD_TAG,       /* reader: a record's first byte is neither 0 nor 1 */
    TLOG_BAD_TERM,      /* reader: a term record's bytes are no external term */
    TLOG_WRAP_SET,      /* reader: the files of a wrap set are not one
                           rotation (OTP: inconsistent_wrap_file_trace_set) */
    TLOG_NOT_ENCODABLE, /* writer: the term has no external form */
    TLOG_TOO_LARGE,     /* writer: an encoded term of 2^32 bytes or more */
    TLOG_FAILED         /* writer: an earlier I/O error (reported once, as
                           TLOG_IO) stopped the writer; nothing was written */
} tlog_result;

/* What went wrong and where. `offset` is the byte offset, in `file_index`'s
 * file (0 for a plain file), of the record at fault (TLOG_TRUNCATED,
 * TLOG_BAD_TAG) or of the bad byte inside its term (TLOG_BAD_TERM). `msg`
 * is one line naming the file, e.g.
 * "t.trc: offset 134: truncated record: size 63, 12 bytes left". */
typedef struct tlog_error {
    tlog_result code;
    int sys_errno; /* TLOG_IO: errno; 0 otherwise */
    uint64_t offset;
    size_t file_index;
    char msg[512];
} tlog_error;

/* "TLOG_TRUNCATED", ... for messages and tests. */
const char *tlog_result_name(tlog_result r);

/* write(2) of all n bytes, again after EINTR and short writes; -1 with
 * errno set on failure (ENOSPC when write made no progress). For the
 * writer here and the shell's text logs. */
int tlog_write_all(int fd, const void *p, size_t n);

/* ---- writing ---------------------------------------------------------------
 * Thread contract: every tlog_writer_* call but _close may run on any number
 * of threads at once (the schedulers of many traced processes). Records go
 * to the file in the order their calls took the writer's lock, so the
 * events of one process, appended by the thread running it, stay in order.
 * A term is encoded outside the lock; the lock covers a copy into the
 * buffer. A full buffer is written by the writer's own thread (started at
 * the first one) while appends fill the other; flush, rotation and close
 * wait for it, and a write of it that fails is reported by the first of
 * them or the next hand-off. Memory is bounded: two TLOG_BUFFER_BYTES
 * buffers; a larger record is written straight through.
 * Errors: the first failed write, rotation or flush returns TLOG_IO once,
 * with *err filled; the writer then stops, and every later record is
 * counted as lost and answered TLOG_FAILED without filling *err, so that a
 * caller prints one line per failure. `err` may be NULL everywhere. */
typedef struct tlog_writer tlog_writer;

/* A wrap set (dbg:trace_port(file, {Name, wrap, Suffix, Size, Count}) and
 * {Name, wrap, Suffix, {time, Ms}, Count}). Files are Name ++ Seq ++ Suffix
 * with Seq "0", "1", ..., Count, then "0" again: Count + 1 names, at most
 * Count files at once (the oldest is deleted as a new one is opened).
 * time_ms == 0: a file is closed and the next opened after the record that
 * brings it to `size` bytes or more (size 0: after every record).
 * time_ms > 0: every time_ms milliseconds instead, whatever the size (see
 * tlog_writer_tick). */
typedef struct tlog_wrap {
    uint32_t size;
    uint32_t count;   /* 1 .. 2^32-1 */
    uint32_t time_ms; /* 0, or 1 .. 2^32-1 */
} tlog_wrap;

typedef struct tlog_stats {
    uint64_t records; /* term records written to the buffer */
    uint64_t drops;   /* drop records written */
    uint64_t bytes;   /* bytes of records, headers included, all files */
    uint64_t lost;    /* records refused after the writer failed */
    uint64_t files;   /* files opened: 1 + rotations */
} tlog_stats;

/* Creates (or truncates) the file at `path` and returns a writer on it in
 * *out. TLOG_IO when the file cannot be created. */
tlog_result tlog_writer_open(tlog_writer **out, const char *path, tlog_error *err);

/* Deletes every file Name ++ Digits ++ Suffix (one digit at least) of
 * Name's directory: an earlier wrap set, as dbg does before it opens a
 * wrap set's port. A directory that cannot be listed holds none. */
void tlog_delete_wrap_set(const char *name, const char *suffix);

/* Starts a wrap set: deletes every file of an earlier set with the same
 * name and suffix (Name ++ Digits ++ Suffix in Name's directory, as dbg
 * does before opening the port), then creates Name ++ "0" ++ Suffix.
 * TLOG_BADARG for an empty name or count 0; TLOG_IO when a file cannot be
 * created. */
tlog_result tlog_writer_open_wrap(tlog_writer **out, const char *name, const char *suffix,
                                  const tlog_wrap *wrap, tlog_error *err);

/* Appends one term record: term_to_binary(msg) as OTP 25 encodes it. The
 * term is read during the call only. TLOG_NOT_ENCODABLE / TLOG_TOO_LARGE
 * leave the writer as it was; TLOG_IO / TLOG_FAILED as above. */
tlog_result tlog_writer_append(tlog_writer *w, term_t msg, tlog_error *err);
/* tlog_writer_append, telling in *bytes the record's size, header
 * included (0 when nothing was appended). */
tlog_result tlog_writer_append_counted(tlog_writer *w, term_t msg, size_t *bytes, tlog_error *err);

/* Appends one term record whose bytes are already encoded: `etf` holds
 * term_to_binary's result (version byte 131 first), `len` bytes, borrowed.
 * The bytes are not decoded: the caller vouches for them. TLOG_BADARG when
 * len < 2 or the first byte is not 131; TLOG_TOO_LARGE past 2^32-1. */
tlog_result tlog_writer_append_etf(tlog_writer *w, const uint8_t *etf, size_t len, tlog_error *err);

/* Records that `dropped` messages were lost: <<1, Dropped:32>> records
 * (several when dropped >= 2^32; none when 0). */
tlog_result tlog_writer_drop(tlog_writer *w, uint64_t dropped, tlog_error *err);

/* Writes the buffered records to the file (dbg:flush_trace_port/0). */
tlog_result tlog_writer_flush(tlog_writer *w, tlog_error *err);

/* For a time-rotated wrap set: rotates when the period has passed. An
 * append checks the clock too, so a caller needs _tick only to rotate while
 * no event comes (OTP's driver rotates on a timer, so that a quiet period
 * leaves empty files); calling it every period or more often gives OTP's
 * rotation. Does nothing for other writers. */
tlog_result tlog_writer_tick(tlog_writer *w, tlog_error *err);

/* Tells the writer that its caller serializes every call on it (a trace
 * port's calls all run under the port's lock): it takes no lock of its
 * own from then on, and tlog_writer_append encodes a record straight into
 * the buffer, with the heads of recent messages cached (vm/ext.h's
 * ext_encode_headed; ~19 KiB, from the first append on). The file's bytes
 * and the moments they are written are those of a locking writer. */
void tlog_writer_serialized(tlog_writer *w);
/* Figures so far; any thread. */
void tlog_writer_stats(tlog_writer *w, tlog_stats *out);

/* The writer's first I/O error into *err, TLOG_OK if none. Any thread. */
tlog_result tlog_writer_error(tlog_writer *w, tlog_error *err);

/* Flushes, closes the file and frees the writer. Call once, when no other
 * call on `w` runs or can start. Returns the first error the writer had
 * (TLOG_IO, again, if it failed earlier) or TLOG_OK; frees `w` either way. */
tlog_result tlog_writer_close(tlog_writer *w, tlog_error *err);

/* ---- reading ---------------------------------------------------------------
 * One thread at a time per reader. A reader never reads outside a record
 * and never allocates more than the file holds; a truncated or corrupt
 * file gives an error naming the file and byte offset. After an error,
 * every later tlog_reader_next returns the same error. */
typedef struct tlog_reader tlog_reader;

typedef enum tlog_kind { TLOG_TERM, TLOG_DROP } tlog_kind;

typedef struct tlog_record {
    tlog_kind kind;
    term_t term;        /* TLOG_TERM, heap given: the trace message, on it */
    uint32_t dropped;   /* TLOG_DROP: the count */
    const uint8_t *etf; /* TLOG_TERM: term_to_binary bytes (version byte
                           first), owned by the reader, valid until the next
                           call on it */
    size_t etf_len;
    uint64_t offset;   /* where the record starts in its file */
    size_t file_index; /* its file, in the order read (0 for a plain file) */
} tlog_record;

/* Opens one file (dbg:trace_client(file, Path)). TLOG_IO if it cannot be
 * opened. */
tlog_result tlog_reader_open(tlog_reader **out, const char *path, tlog_error *err);

/* Opens a wrap set (dbg:trace_client(file, {Name, wrap, Suffix, _, Count})):
 * the files Name ++ Digits ++ Suffix of Name's directory, oldest first, in
 * OTP's order (sorted by Seq, then cut at the gap). No file: a reader with
 * no record. TLOG_WRAP_SET when the files present cannot come from one
 * rotation of `count` (OTP exits with inconsistent_wrap_file_trace_set);
 * TLOG_BADARG for count 0 or an empty name. */
tlog_result tlog_reader_open_wrap(tlog_reader **out, const char *name, const char *suffix, uint32_t count,
                                  tlog_error *err);
/* The count to read the wrap set `name`, `suffix` with when it is not
 * known: dbg:trace_client needs the Count a set was written with only to
 * check it, and the files of one rotation sort into one order whatever
 * the count. Files 0..K-1 read with any count of K or more; any other
 * consistent set ends at its count, the highest number present. *nfiles
 * gets how many files the set has (0: none). */
uint32_t tlog_wrap_count(const char *name, const char *suffix, size_t *nfiles);

/* The next record into *rec (untouched unless TLOG_OK): TLOG_OK, TLOG_EOF
 * after the last one, or an error. With h != NULL a term record is decoded
 * onto h (binary_to_term as OTP 25: bytes after the term inside the record
 * are ignored, as dbg:trace_client does); with h == NULL it is not decoded
 * (rec->term is THE_NON_VALUE) and a bad term goes unnoticed: a fast path
 * for callers that decode later. Never runs a GC. On error h may hold
 * garbage (valid terms). */
tlog_result tlog_reader_next(tlog_reader *r, heap_t *h, tlog_record *rec, tlog_error *err);

/* The files of the reader in reading order, for messages. */
size_t tlog_reader_file_count(const tlog_reader *r);
const char *tlog_reader_file_name(const tlog_reader *r, size_t i);

/* Closes the files and frees the reader. NULL is fine. */
void tlog_reader_free(tlog_reader *r);

#endif
