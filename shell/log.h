/* log.h: the shell's trace logs (`log FILE [--binary] [--rotate SIZE[,COUNT]]`,
 * `log off`): a session's events written to a file as the text the shell
 * prints, or as dbg's trace-port records (dbgcore's tlog writer), in one file
 * or in a wrap set FILE0, FILE1, ... Ownership: a shell_log owns its files,
 * its names and one 64 KiB buffer; it borrows the bytes it is given during
 * each call. Nothing here touches a heap. docs/internals/logs.md. */
#ifndef SHELL_LOG_H
#define SHELL_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Threads: no lock inside. Every call on one shell_log must be serialised
 * by the caller (the shell writes from its output thread and closes from
 * its command thread, both under the shell's own lock). */
typedef struct shell_log shell_log;

/* The text buffer of a text log; binary logs use tlog's, of the same size. */
#define SHELL_LOG_BUFFER_BYTES 65536
/* --rotate's COUNT when none is given (dbg's default). */
#define SHELL_LOG_DEFAULT_COUNT 8u

typedef struct shell_log_opts {
    bool binary;           /* dbg's trace-port format instead of text */
    uint64_t rotate_size;  /* 0: one file; else a wrap set, files of about this
                              many bytes: 1 .. 2^32-1 (dbg's range) */
    unsigned rotate_count; /* files of a wrap set at most: 1 .. 2^32-1;
                              0 is taken as SHELL_LOG_DEFAULT_COUNT */
} shell_log_opts;

/* Parses the value of --rotate, s[0..len): "SIZE[,COUNT]", SIZE a decimal
 * number of bytes with an optional suffix k, M or G (any case; 1024-based:
 * 1M is 1048576), 1 .. 2^32-1; COUNT a decimal number 1 .. 2^32-1
 * (default 8). Sets o->rotate_size and o->rotate_count only on success.
 * False with one line (no newline) in err, e.g.
 * "log: --rotate 1X: bad size '1X': a number of bytes, with k, M or G after it". */
bool shell_log_parse_rotate(const char *s, size_t len, shell_log_opts *o, char *err, size_t errcap);

/* Creates (or truncates) the log at `path` (copied) with options *o.
 * With rotation, the files of an earlier set path<Digits> in the same
 * directory are deleted first (as dbg does) and path0 is created. Relative
 * paths are made absolute at once, so a later `cd` does not move the log.
 * NULL with one line in err when it cannot be created:
 * "log: cannot open /x/y: No such file or directory" (the file named is
 * the one that failed, path0 for a wrap set). */
shell_log *shell_log_open(const char *path, const shell_log_opts *o, char *err, size_t errcap);

/* Writes one event: a binary log its term_to_binary bytes etf[0..etf_len)
 * (version byte 131 first) as one record, a text log its text
 * text[0..text_len) as given (the lines the shell prints, ending in "\n";
 * an empty text writes nothing). The other pair may be NULL. Buffered: the
 * bytes reach the file when the buffer fills, at a rotation, at
 * shell_log_flush and at shell_log_close.
 * False when nothing was written: after an I/O error (now or earlier; the
 * log then writes nothing more, counts what it refuses as lost, and
 * shell_log_error reports the error once), or, for a binary log, for bytes
 * that are not term_to_binary output (counted as rejected; the log goes
 * on). */
bool shell_log_write(shell_log *l, const uint8_t *etf, size_t etf_len, const char *text, size_t text_len);

/* Records that n events were lost before reaching the log (ring overrun):
 * a binary log writes dbg's drop records <<1, N:32>> (several when n >=
 * 2^32), which dbg:trace_client hands to its handler as {drop, N}; a text
 * log writes what dbg's default handler prints for each of them,
 * "*** Dropped N messages.\n". Nothing for n == 0. False as
 * shell_log_write after an I/O error. */
bool shell_log_dropped(shell_log *l, uint64_t n);

/* Writes the buffered bytes to the file. False after an I/O error (now or
 * earlier), as shell_log_write. */
bool shell_log_flush(shell_log *l);

/* The log's I/O error, once: true the first time it is called after the
 * log failed, with the line in err ("log: /abs/trace.txt: write failed: No
 * space left on device", no newline); false otherwise (no error, or
 * already reported). */
bool shell_log_error(shell_log *l, char *err, size_t errcap);

/* One line, newline included, for `session list` and `save`'s comments:
 * the path as given, text or binary, the rotation and the current file,
 * events, drops and bytes so far (bytes accepted, buffered ones included;
 * record headers included for binary logs), and the error if the log
 * failed, e.g.
 * "trace.bin: binary, rotate 1048576 bytes x 4 files (now trace.bin2), 120 events, 10320 bytes"
 * "run.txt: text, 1 event, 5 dropped, 28 bytes"
 * "/dev/full: text, 1 event, 24 bytes; stopped: /dev/full: write failed:
 *  No space left on device, 2 later events not written" (one line) */
void shell_log_describe(shell_log *l, FILE *out);

/* The path as given to shell_log_open; lives as long as the log. */
const char *shell_log_path(shell_log *l);

/* The command that recreates the log, for `save`, into buf (cap bytes,
 * NUL-terminated, cut if too small): "log trace.bin --binary --rotate
 * 1048576,4". A path with blanks, quotes or backslashes is double-quoted
 * (\" and \\ inside), one starting with '-' or equal to "off" gets "./"
 * in front, so that the command line reads it back as the same file. */
void shell_log_command(shell_log *l, char *buf, size_t cap);

/* Flushes, closes the file and frees the log (always; l may be NULL).
 * True when every event given was written; false with one line in err
 * when the final flush or close failed, or when an earlier I/O error
 * stopped the log (its line again, with the count of events lost). */
bool shell_log_close(shell_log *l, char *err, size_t errcap);

#endif
