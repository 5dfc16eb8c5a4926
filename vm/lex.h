/* lex.h: the Erlang scanner, one token at a time, as OTP's erl_scan with
 * {Line,Col} locations (every character, a tab included, is one column).
 * The term reader uses it now and the compiler's parser later.
 * Ownership: the scanner borrows the source text; a token's value text lives
 * in the scanner's buffer and is valid until the next lex_next call. */
#ifndef VM_LEX_H
#define VM_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* clang-format off */

/* Punctuation: X(NAME, "text") defines LEX_NAME, whose erl_scan category
 * is the atom 'text'. */
#define LEX_PUNCTS(X)                                                                    \
    X(LPAREN, "(") X(RPAREN, ")") X(COMMA, ",") X(LBRACE, "{") X(RBRACE, "}")            \
    X(LBRACKET, "[") X(RBRACKET, "]") X(SEMI, ";") X(PERIOD, ".") X(DOTDOT, "..")        \
    X(ELLIPSIS, "...") X(COLON, ":") X(COLONCOLON, "::") X(COLONEQ, ":=") X(MATCH, "=")  \
    X(EQ, "==") X(EXACT_EQ, "=:=") X(EXACT_NE, "=/=") X(LE, "=<") X(ASSOC, "=>")         \
    X(LT, "<") X(LARROW, "<-") X(LDARROW, "<=") X(LTLT, "<<") X(GT, ">") X(GE, ">=")     \
    X(GTGT, ">>") X(PLUS, "+") X(PLUSPLUS, "++") X(MINUS, "-") X(MINUSMINUS, "--")       \
    X(RARROW, "->") X(STAR, "*") X(SLASH, "/") X(NE, "/=") X(BAR, "|") X(BARBAR, "||")   \
    X(HASH, "#") X(QUESTION, "?") X(QMATCH, "?=") X(BANG, "!")

/* The reserved words of erl_scan:f_reserved_word/1 (OTP 25, no features
 * enabled: `maybe` and `else` are plain atoms). LEX_KW_NAME. */
#define LEX_KEYWORDS(X)                                                                  \
    X(AFTER, "after") X(AND, "and") X(ANDALSO, "andalso") X(BAND, "band")                \
    X(BEGIN, "begin") X(BNOT, "bnot") X(BOR, "bor") X(BSL, "bsl") X(BSR, "bsr")          \
    X(BXOR, "bxor") X(CASE, "case") X(CATCH, "catch") X(COND, "cond") X(DIV, "div")      \
    X(END, "end") X(FUN, "fun") X(IF, "if") X(LET, "let") X(NOT, "not") X(OF, "of")      \
    X(OR, "or") X(ORELSE, "orelse") X(RECEIVE, "receive") X(REM, "rem") X(TRY, "try")    \
    X(WHEN, "when") X(XOR, "xor")

typedef enum lex_kind {
    LEX_EOF,     /* end of input; no value */
    LEX_ATOM,    /* text: the name, UTF-8, quotes and escapes removed */
    LEX_VAR,     /* text: the name */
    LEX_INTEGER, /* text: the digits in `base`, separators and "B#" removed */
    LEX_FLOAT,   /* fval; text: the literal without digit separators */
    LEX_CHAR,    /* ch: the code point */
    LEX_STRING,  /* text: the characters, UTF-8, escapes expanded */
    LEX_DOT,     /* the full stop: '.' then white space, '%' or the end */
    LEX_COMMENT, /* text: from '%' to the end of the line (LEX_OPT_COMMENTS) */
    LEX_OTHER,   /* ch: any other character below 256 (@ \ ^ ` ~ & DEL ¡ × ...) */
#define X(name, text) LEX_##name,
    LEX_PUNCTS(X)
#undef X
#define X(name, text) LEX_KW_##name,
    LEX_KEYWORDS(X)
#undef X
    LEX_KIND_COUNT
} lex_kind;

/* clang-format on */

typedef struct lex_token {
    lex_kind kind;
    uint32_t line, col;         /* where the token starts, 1-based */
    uint32_t end_line, end_col; /* just after its last character */
    size_t offset, nbytes;      /* its source bytes */
    const char *text;           /* value text (see lex_kind); NUL-terminated, */
    size_t len;                 /* but strings may contain NUL: use len */
    unsigned base;              /* LEX_INTEGER: 2..36 */
    uint32_t ch;                /* LEX_CHAR, LEX_OTHER */
    double fval;                /* LEX_FLOAT */
} lex_token;

/* erl_scan's error descriptors. */
typedef enum lex_error_kind {
    LEX_ERR_NONE,
    LEX_ERR_STRING,            /* {string,$",Head}: unterminated string */
    LEX_ERR_QATOM,             /* {string,$',Head}: unterminated quoted atom */
    LEX_ERR_CHAR,              /* char: unterminated character ($ at the end) */
    LEX_ERR_ILLEGAL_CHARACTER, /* {illegal,character} */
    LEX_ERR_ILLEGAL_ATOM,      /* {illegal,atom}: more than 255 characters */
    LEX_ERR_ILLEGAL_VAR,       /* {illegal,var} */
    LEX_ERR_ILLEGAL_INTEGER,   /* {illegal,integer}: "16#" without digits */
    LEX_ERR_ILLEGAL_FLOAT,     /* {illegal,float}: "1.0e", "1.0e999" */
    LEX_ERR_BASE               /* {base,B}: base outside 2..36 */
} lex_error_kind;

#define LEX_MSG_MAX 512

typedef struct lex_error {
    lex_error_kind kind;
    uint32_t line, col;         /* erl_scan's ErrorLocation */
    uint32_t end_line, end_col; /* erl_scan's EndLocation */
    char msg[LEX_MSG_MAX];      /* erl_scan:format_error/1's text */
} lex_error;

/* Options */
#define LEX_OPT_COMMENTS 0x1u /* return comments as LEX_COMMENT tokens */

typedef struct lex_state {
    const char *src;
    size_t len, pos;
    uint32_t line, col; /* location of src[pos] */
    unsigned opts;
    char *buf; /* value text of the last token */
    size_t buf_len, buf_cap;
    lex_error error; /* set when lex_next returns false */
} lex_state;

/* Scans `len` bytes of UTF-8 text, the first at (line, col). Invalid UTF-8
 * reads as an illegal character. */
void lex_init(lex_state *ls, const char *src, size_t len, uint32_t line, uint32_t col, unsigned opts);
void lex_destroy(lex_state *ls);

/* The next token into *tok (LEX_EOF at the end, again and again). False on
 * a scan error, described in ls->error; scanning may go on after it, from
 * where erl_scan would go on (after the bad character or token, or at the
 * end for an unterminated string, atom or character). */
bool lex_next(lex_state *ls, lex_token *tok);

/* erl_scan's category name of a kind: "atom", "integer", "(", "end"... and
 * "" for LEX_OTHER (its category is the character itself). */
const char *lex_kind_name(lex_kind kind);

/* The keyword kind of a reserved word, or LEX_ATOM for any other name. */
lex_kind lex_reserved_word(const char *text, size_t len);
/* True when UTF-8 text `text` scans back as the same atom without quotes:
 * a lower-case start (a-z, ß-ÿ but ÷), then name chars (letters of both
 * cases, digits, _ and @, latin1 letters included), and no reserved word.
 * Exactly when io_lib:write_atom/1 leaves the atom unquoted. */
bool lex_atom_is_plain(const char *text, size_t len);

/* The token as erl_parse's error message shows it after "syntax error
 * before: " (yecctoken2string/1 for a token scanned without the text
 * option): 'end', '(', 255 for 16#ff, "ab", $\n, ... and "" at LEX_EOF.
 * Writes at most cap-1 bytes and a NUL (long texts are cut, ending
 * "..."); returns the length written. */
size_t lex_token_text(const lex_token *tok, char *buf, size_t cap);

#endif
