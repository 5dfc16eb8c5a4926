/* bif_re.h: what vm/bif_re.c (the re module's BIFs) shows beyond its
 * BIFs: the character tables its patterns are compiled with. */
#ifndef VM_BIF_RE_H
#define VM_BIF_RE_H

#include <stdbool.h>
#include <stdint.h>

/* The size of PCRE2's character tables (pcre2_maketables). */
#define RE_TABLES_LENGTH 1088

/* PCRE2's character tables for ISO 8859-1 (`latin1`, OTP's: the letters
 * C0-FF and AA, B5, BA are letters with their cases) or for ASCII alone
 * (PCRE2's own tables in the C locale). */
void re_make_tables(uint8_t out[RE_TABLES_LENGTH], bool latin1);

#endif
