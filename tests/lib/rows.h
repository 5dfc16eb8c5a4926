/* rows.h: the table rows of the scanner and reader tests: an input text
 * of len bytes and what erl made of it, as the erl script in each test
 * file's header prints it; put_esc writes text the way those scripts
 * escape it. */
#ifndef TESTS_ROWS_H
#define TESTS_ROWS_H

#include <stdio.h>

typedef struct row {
    const char *src;
    size_t len;
    const char *want;
} row;

/* Printable ASCII as is, other bytes and ' \ as \xHH. */
static inline void put_esc(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c <= 0x7E && c != '\'' && c != '\\')
            fputc(c, f);
        else
            fprintf(f, "\\x%02X", c);
    }
}

#endif
