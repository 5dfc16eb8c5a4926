/* bif_re.h: what vm/bif_re.c (the re module's BIFs) shows beyond its
 * BIFs: the character tables its patterns are compiled with, and what is
 * wrong with a pattern (for format/exception.c's explanation of re's
 * badarg). */
#ifndef VM_BIF_RE_H
#define VM_BIF_RE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term.h"

/* The size of PCRE2's character tables (pcre2_maketables). */
#define RE_TABLES_LENGTH 1088

/* PCRE2's character tables for ISO 8859-1 (`latin1`, OTP's: the letters
 * C0-FF and AA, B5, BA are letters with their cases) or for ASCII alone
 * (PCRE2's own tables in the C locale). */
void re_make_tables(uint8_t out[RE_TABLES_LENGTH], bool latin1);

/* What re:compile(Re) makes of Re: RE_OK when it compiles; RE_BAD with
 * PCRE2's message (NUL-terminated in msg, which holds cap bytes) and the
 * offset it stopped at, as {error, {Message, Offset}} says; RE_NOT_TEXT
 * when compile/1 raises badarg (Re is no iodata). Any thread. */
typedef enum re_check { RE_OK, RE_BAD, RE_NOT_TEXT } re_check;
re_check re_check_pattern(term_t re, char *msg, size_t cap, size_t *offset);
/* Whether t is a compiled pattern re:run/2 takes. */
bool re_is_compiled(term_t t);

#endif
