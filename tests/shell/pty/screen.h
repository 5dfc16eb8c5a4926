/* screen.h: the terminal model of the pty harness (pty.c): what an
 * xterm would show for the bytes a program writes, kept as rows of code
 * points with scrollback, so that transcripts compare what a person sees
 * rather than the escape sequences that drew it. Plus the growable text
 * buffer both files use. Everything here owns its memory; out of memory
 * ends the process (exit 2). */
#ifndef TESTS_SHELL_PTY_SCREEN_H
#define TESTS_SHELL_PTY_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A NUL-terminated growable text; {0} is an empty one, free(s) frees it. */
typedef struct screen_buf {
    char *s;
    size_t len, cap;
} screen_buf;

/* realloc that never returns NULL. */
void *screen_xrealloc(void *p, size_t n);

/* Append n bytes, a character or a C string. */
void screen_buf_add(screen_buf *b, const void *p, size_t n);
void screen_buf_addc(screen_buf *b, char c);
void screen_buf_adds(screen_buf *b, const char *s);

typedef struct screen_row {
    uint32_t *cell; /* code points; 0 for a cell never written or erased */
    int len, cap;   /* len: one past the last non-zero cell; cells past it are 0 */
} screen_row;

/* Rows are kept forever (row 0 is the first line the program wrote); the
 * visible screen is rows top..top+lines-1, where absolute cursor
 * addressing lands. Wide characters count as one column. */
typedef struct screen {
    screen_row *rows;
    int nrows, caprows;
    int cols, lines, top;
    int r, c;        /* the cursor: absolute row, column */
    bool wrap_next;  /* the last column was written: the next character wraps */
    bool app_cursor; /* DECCKM: arrow keys send ESC O x instead of ESC [ x */
    int saved_r, saved_c;
    int state; /* the escape-sequence parser */
    int param[16], nparam;
    char priv;   /* '?' etc. after CSI */
    uint32_t cp; /* UTF-8 decoding */
    int need;
} screen;

/* An empty screen of cols x lines; screen_free releases it (and leaves it
 * zeroed). */
void screen_init(screen *s, int cols, int lines);
void screen_free(screen *s);

/* Feeds bytes the program wrote: printable UTF-8, CR, LF, BS, TAB, the CSI
 * sequences line editors use (cursor moves, erase in line and display,
 * insert/delete/erase characters), ESC 7/8; colours, titles and modes
 * other than DECCKM are read and ignored. Sequences may be split across
 * calls. */
void screen_feed(screen *s, const unsigned char *p, size_t n);

/* Appends row r from column `from` as UTF-8 (unwritten cells inside the
 * row show as spaces; a row that does not exist appends nothing). */
void screen_render_row(const screen *s, int r, int from, screen_buf *b);

/* Replaces b's text with row r without trailing blanks. */
void screen_row_text(const screen *s, int r, screen_buf *b);

#endif
