/* parse.h: the Erlang parser (erl_parse of OTP 25, `maybe` aside): tokens
 * in, OTP's abstract format out, with erl_parse's error descriptors; the
 * shell's text entry points; error descriptors rendered as erlc prints them.
 * Ownership: terms go on the caller's heap_t (no GC); token lists own their
 * texts; every function borrows its arguments. docs/internals/parser.md. */
#ifndef VM_PARSE_H
#define VM_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lex.h"
#include "term.h"

/* Deepest nesting of brackets, clauses and prefix operators the parser
 * follows (it recurses on nesting, about 300 bytes of C stack a level);
 * deeper input is the error {Loc, erl_parse, "nesting too deep"} at the
 * token that goes too deep. Operator chains and lists are no nesting. */
#ifndef PARSE_MAX_DEPTH
#define PARSE_MAX_DEPTH 1000
#endif

/* ---- tokens ----------------------------------------------------------------
 * A token as erl_scan returns it ({Category, Anno} or {Category, Anno,
 * Value}), with the annotation forms erl_parse can meet. */

typedef enum parse_anno_kind {
    PARSE_ANNO_LOC,       /* {Line,Col} */
    PARSE_ANNO_LINE,      /* Line (col is 0) */
    PARSE_ANNO_GENERATED, /* [{generated,true},{location,{Line,Col}}] (epp's -file) */
    PARSE_ANNO_TEXT       /* [{text,Text},{location,{Line,Col}}]: epp keeps the
                             text of the quoted atoms 'maybe' and 'else' */
} parse_anno_kind;

#define PARSE_TOK_BIG 0x1u /* LEX_INTEGER: value in text (digits in `base`) */
#define PARSE_TOK_NEG 0x2u /* LEX_INTEGER: negative (epp's -D values only) */

typedef struct parse_token {
    uint8_t kind;  /* lex_kind; LEX_EOF stands for erl_parse's '$end' */
    uint8_t anno;  /* parse_anno_kind */
    uint8_t flags; /* PARSE_TOK_* */
    uint8_t base;  /* PARSE_TOK_BIG: base of the digits */
    uint32_t line, col;
    /* Text in the token list's arena: a string's characters (UTF-8), a big
     * integer's digits, or, for PARSE_ANNO_TEXT, the token's source text. */
    uint32_t off, len;
    union {
        term_t atom;  /* LEX_ATOM, LEX_VAR */
        int64_t i;    /* LEX_INTEGER without PARSE_TOK_BIG */
        double f;     /* LEX_FLOAT */
        uint32_t ch;  /* LEX_CHAR, LEX_OTHER */
    } v;
} parse_token;

/* A growable token array and the arena its texts live in. Texts are
 * addressed by offset, so tokens stay valid as the list grows. */
typedef struct parse_toks {
    parse_token *v;
    size_t n, cap;
    char *text;
    size_t tlen, tcap;
} parse_toks;

void parse_toks_init(parse_toks *tk);
void parse_toks_destroy(parse_toks *tk);
/* Appends `n` bytes to the arena; returns their offset. */
uint32_t parse_toks_add_text(parse_toks *tk, const char *s, size_t n);
/* Appends a token whose text offsets already refer to tk's arena. */
void parse_toks_push(parse_toks *tk, const parse_token *t);
/* Appends a token from the scanner: atoms and variables are interned (an
 * atom that cannot be interned is a false return), texts copied. `src` is
 * the text the scanner reads (for PARSE_ANNO_TEXT tokens); `keep_text`
 * asks for epp's text annotation on the quoted atoms 'maybe' and 'else'. */
bool parse_toks_push_lex(parse_toks *tk, const lex_token *lt, const char *src, bool keep_text);

/* ---- parsing token lists ------------------------------------------------- */

typedef enum parse_result {
    PARSE_OK = 0,
    PARSE_EOF,  /* parse_exprs_next: nothing but white space left */
    PARSE_ERROR /* *out is an ErrorInfo {Location, Module, Descriptor} */
} parse_result;

/* erl_parse:parse_form/1 of toks[0..n) (the dot included); `text` is the
 * arena their offsets refer to (parse_toks.text). *out is the form, or on
 * PARSE_ERROR the ErrorInfo {Loc, erl_parse, Desc} (to wrap as {error,
 * Info}). Where erl_parse itself crashes (-import(m)., a spec of `(...)`
 * arity), this returns a "bad ... declaration" error instead. Allocates
 * only on `h` (and scratch memory it frees); never runs a GC. */
parse_result parse_form(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out);

/* erl_parse:parse_exprs/1, as parse_form: *out is the list of
 * expressions. More clauses of the invisible f/0 (`a; f() -> b.`), where
 * erl_parse crashes, give "bad expression list" at location 0. */
parse_result parse_exprs(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out);

/* erl_parse:parse_term/1, as parse_form: *out is the term ("bad term"
 * when the tokens are an expression but no literal). */
parse_result parse_term(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out);

/* ---- parsing text: erl_scan then erl_parse ------------------------------- */

/* erl_scan:string(Text, {1,1}) then erl_parse:parse_exprs/1: the whole
 * text is one dot-terminated sequence of expressions. With `add_dot`, a
 * missing final dot is supplied (at line 1), as `erl -eval` does. Scan
 * errors give {Loc, erl_scan, Desc}. Borrows the text; terms on `h`. */
parse_result parse_exprs_string(heap_t *h, const char *text, size_t len, bool add_dot, term_t *out);

/* Consecutive dot-terminated expression sequences, as the shell reads
 * them (erl_scan:tokens/3 then parse_exprs/1). Borrows the text. */
typedef struct parse_stream {
    lex_state ls;
} parse_stream;

void parse_stream_init(parse_stream *ps, const char *text, size_t len);
void parse_stream_destroy(parse_stream *ps);
/* The next sequence: PARSE_OK (*out: the expressions), PARSE_EOF, or
 * PARSE_ERROR (*out: the ErrorInfo; reading resumes after the dot, or
 * after the bad token for a scan error). */
parse_result parse_exprs_next(parse_stream *ps, heap_t *h, term_t *out);

/* ---- errors -------------------------------------------------------------- */

/* erl_scan's ErrorInfo {{Line,Col}, erl_scan, Desc} for the error the
 * scanner `ls` just reported (valid until its next lex_next). */
term_t parse_scan_error(heap_t *h, const lex_state *ls);

/* The location term of an annotation as erl_anno:location/1 gives it. */
term_t parse_anno_location(term_t anno);

/* Writes the message erlc prints for an error or warning (without the
 * "File:Line:Col: " prefix): Module:format_error(Desc) for erl_parse,
 * erl_scan, epp and erl_features. Accepts {Loc, Module, Desc}, {error, Info} and
 * {warning, Info}; any other term is written with ~w. Writes at most
 * cap-1 bytes and a NUL; returns the message's full length (snprintf-
 * style). Terms inside descriptors (-error(Term)) are written on one
 * line, as ~tp writes terms that fit a line. */
size_t parse_format_error(term_t info, char *buf, size_t cap);

/* ---- terms from abstract literals ------------------------------------- */

/* erl_parse:normalise/1: the term an abstract literal stands for; false
 * when it is none. Bit syntax literals are evaluated as erl_parse does. */
bool parse_normalise(heap_t *h, term_t abs, term_t *out);

#endif
