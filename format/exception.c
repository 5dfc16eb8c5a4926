/* exception.c: the text OTP 25's shell prints for an exception that ends an
 * evaluation (shell:report_exception over erl_error:format_exception/7):
 * the class line with the reason explained, the stack trace with files and
 * lines, "called as" lines, error_info explanations of BIF arguments; and
 * the dbgsh_out:format_exception BIFs over it. */
#include "format/format.h"
#include "format/write.h"

#include <limits.h>

/* Atoms not in atoms.def (atom_cached). */
static _Atomic term_t slot_reason, slot_general, slot_format_error, slot_notalive, slot_shell,
    slot_shell_undef, slot_argument_limit, slot_unbound, slot_rs_bad_return, slot_rs_disallowed,
    slot_rs_started, slot_rs_stopped, slot_calling_self, slot_a2345, slot_b2345, slot_latin1, slot_unicode,
    slot_utf8, slot_safe, slot_badopt, slot_registered_name, slot_line_length, slot_encoding,
    slot_printable_range, slot_trim, slot_interpreted, slot_error_map, slot_tag, slot_depth, slot_none,
    slot_override_segment, slot_stdlib_errors, slot_math, slot_scope, slot_kernel_errors, slot_os, slot_ets,
    slot_re, slot_crypto, slot_arg_num;
#define ATOM_REASON atom_cached(&slot_reason, "reason")
#define ATOM_GENERAL atom_cached(&slot_general, "general")
#define ATOM_FORMAT_ERROR atom_cached(&slot_format_error, "format_error")
#define ATOM_NOTALIVE atom_cached(&slot_notalive, "notalive")
#define ATOM_SHELL atom_cached(&slot_shell, "shell")
#define ATOM_SHELL_UNDEF atom_cached(&slot_shell_undef, "shell_undef")
#define ATOM_ARGUMENT_LIMIT atom_cached(&slot_argument_limit, "argument_limit")
#define ATOM_UNBOUND atom_cached(&slot_unbound, "unbound")
#define ATOM_RS_BAD_RETURN atom_cached(&slot_rs_bad_return, "restricted_shell_bad_return")
#define ATOM_RS_DISALLOWED atom_cached(&slot_rs_disallowed, "restricted_shell_disallowed")
#define ATOM_RS_STARTED atom_cached(&slot_rs_started, "restricted_shell_started")
#define ATOM_RS_STOPPED atom_cached(&slot_rs_stopped, "restricted_shell_stopped")
#define ATOM_CALLING_SELF atom_cached(&slot_calling_self, "calling_self")
#define ATOM_A2345 atom_cached(&slot_a2345, "a2345")
#define ATOM_B2345 atom_cached(&slot_b2345, "b2345")
#define ATOM_LATIN1 atom_cached(&slot_latin1, "latin1")
#define ATOM_UNICODE atom_cached(&slot_unicode, "unicode")
#define ATOM_UTF8 atom_cached(&slot_utf8, "utf8")
#define ATOM_SAFE atom_cached(&slot_safe, "safe")
#define ATOM_BADOPT atom_cached(&slot_badopt, "badopt")
#define ATOM_REGISTERED_NAME atom_cached(&slot_registered_name, "registered_name")
#define ATOM_LINE_LENGTH atom_cached(&slot_line_length, "line_length")
#define ATOM_ENCODING atom_cached(&slot_encoding, "encoding")
#define ATOM_PRINTABLE_RANGE atom_cached(&slot_printable_range, "printable_range")
#define ATOM_TRIM atom_cached(&slot_trim, "trim")
#define ATOM_INTERPRETED atom_cached(&slot_interpreted, "interpreted")
#define ATOM_ERROR_MAP atom_cached(&slot_error_map, "error_map")
#define ATOM_TAG atom_cached(&slot_tag, "tag")
#define ATOM_DEPTH atom_cached(&slot_depth, "depth")
#define ATOM_NONE atom_cached(&slot_none, "none")
#define ATOM_OVERRIDE_SEGMENT atom_cached(&slot_override_segment, "override_segment_position")
#define ATOM_STDLIB_ERRORS atom_cached(&slot_stdlib_errors, "erl_stdlib_errors")
#define ATOM_CRYPTO atom_cached(&slot_crypto, "crypto")
#define ATOM_ERL_FUNCTION_ARG_NUM atom_cached(&slot_arg_num, "erl_function_arg_num")
#define ATOM_MATH atom_cached(&slot_math, "math")
#define ATOM_ETS atom_cached(&slot_ets, "ets")
#define ATOM_RE atom_cached(&slot_re, "re")
#define ATOM_SCOPE atom_cached(&slot_scope, "scope")

/* In the explainers of a function's errors: whether the function (text
 * `name` of `len` bytes, called with `n` arguments) is s/ar. */
#define IS(s, ar) (n == (ar) && strlen(s) == len && memcmp(s, name, len) == 0)

void fmt_exception_opts_init(fmt_exception_opts *o)
{
    memset(o, 0, sizeof *o);
    o->tag = "** ";
    o->line_length = FMT_LINE_LENGTH;
    o->depth = 30;
    o->unicode = true;
    o->interpreted = NIL;
    o->error_map = THE_NON_VALUE;
}

/* ---- the context: output, options and trial renderings ------------------------ */

typedef struct ectx {
    fmt_buf *b;
    const fmt_exception_opts *o;
    int s0;      /* erl_error's S: the tag's width (I - 1), the indentation */
    bool mangle; /* in latin1, argument texts of the reason's explanation
                    go through erl_error's "~s" of UTF-8 bytes (below) */
    fmt_buf tmp; /* error texts split into lines */
    fmt_buf gen; /* a derived general text (format_bs_fail) */
    char arg_text[128]; /* a derived argument text copied from a term (crypto's) */
} ectx;

static void put_cstr(ectx *c, const char *s) { fmt_buf_put(c->b, s, strlen(s)); }

static void put_spaces(ectx *c, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        fmt_buf_putc(c->b, ' ');
}

/* Drops the text after `mark` (a trial rendering). */
static void cut_to(ectx *c, size_t mark)
{
    c->b->len = mark;
    if (c->b->data)
        c->b->data[mark] = '\0';
}

static int64_t count_nl(const ectx *c, size_t from)
{
    int64_t n = 0;
    for (size_t i = from; i < c->b->len; i++)
        n += c->b->data[i] == '\n';
    return n;
}

/* string:length/1 of the text after `from` (io_lib:chars_length). */
static int64_t width_from(const ectx *c, size_t from)
{
    return (int64_t)fmt_text_width(c->b->data + from, c->b->len - from);
}

/* The shell's pp/3: io_lib_pretty:print(T, [{column, Col}, {line_length,
 * Columns}, {depth, 30}, {line_max_chars, 60}, {encoding, Enc}]). But
 * fmt_pretty has no line_max_chars yet: it lays out as with -1, which
 * gives the same text while line_length - column < 60 (at most 80 columns
 * with the shell's tag: docs/internals/exceptions.md). */
static void put_pp(ectx *c, term_t t, int64_t col)
{
    fmt_pretty_opts po;
    fmt_pretty_opts_init(&po);
    po.column = col > INT_MAX ? INT_MAX : col < 1 ? 1 : (int)col;
    po.line_length = c->o->line_length;
    po.depth = c->o->depth;
    po.unicode = c->o->unicode;
    po.unicode_range = c->o->unicode_range;
    fmt_pretty(c->b, t, &po);
}

/* The newlines put_pp would write, without keeping its text. */
static int64_t pp_lines(ectx *c, term_t t, int64_t col)
{
    size_t mark = c->b->len;
    put_pp(c, t, col);
    int64_t n = count_nl(c, mark);
    cut_to(c, mark);
    return n;
}

/* ~ts of a chardata term (an atom, a binary of UTF-8, a deep list of code
 * points and binaries); false, with nothing written, when it is none. The
 * walk keeps its own stack of list tails, at most CHARDATA_DEPTH deep. */
#define CHARDATA_DEPTH 64
static bool put_chardata(fmt_buf *b, term_t t)
{
    size_t mark = b->len;
    if (term_is_atom(t)) {
        size_t n;
        const char *s = atom_text(t, &n);
        fmt_buf_put(b, s, n);
        return true;
    }
    term_t stack[CHARDATA_DEPTH];
    size_t sp = 0;
    term_t cur = t;
    for (;;) {
        if (term_is_nil(cur)) {
            if (sp == 0)
                return true;
            cur = stack[--sp];
            continue;
        }
        term_t x;
        if (term_is_list(cur)) {
            x = list_head(cur);
            cur = list_tail(cur);
        } else if (term_is_bitstring(cur)) { /* the term, or a list's tail */
            x = cur;
            cur = NIL;
        } else {
            goto fail;
        }
        if (term_is_small(x) && small_value(x) >= 0 && small_value(x) <= 0x10FFFF) {
            fmt_buf_put_cp(b, (uint32_t)small_value(x));
        } else if (term_is_bitstring(x)) {
            bin_view v;
            bin_view_of(x, &v);
            if (v.bitsize)
                goto fail;
            char *p = fmt_buf_reserve(b, v.size);
            for (uint64_t i = 0; i < v.size; i++)
                p[i] = (char)bin_byte_at(&v, i);
            b->len += v.size;
            b->data[b->len] = '\0';
        } else if (term_is_cons_or_nil(x)) {
            if (sp == CHARDATA_DEPTH)
                goto fail;
            stack[sp++] = cur;
            cur = x;
        } else {
            goto fail;
        }
    }
fail:
    b->len = mark;
    if (b->data)
        b->data[mark] = '\0';
    return false;
}

/* ---- names: erl_internal's tables ---------------------------------------------- */

/* erl_internal:bif(M, F, A): auto-imported BIFs, which erl_error names
 * without their module (the compiler's table, lint_is_auto_bif). */
static bool is_auto_bif(term_t m, term_t f, int64_t a)
{
    return m == ATOM_erlang && term_is_atom(f) && a >= 0 && a <= 255 && lint_is_auto_bif(f, (unsigned)a);
}

/* erl_internal:op_type(F, A) succeeds: an operator of that arity. */
static bool is_op_name(term_t f, int64_t a)
{
    static const char *const ops1[] = {"+", "-", "bnot", "not"};
    static const char *const ops2[] = {"*",   "/",   "+",   "-",   "div", "rem", "band", "bor", "bxor",
                                       "bsl", "bsr", "and", "or",  "xor", "==",  "/=",   "=<",  "<",
                                       ">=",  ">",   "=:=", "=/=", "++",  "--",  "!"};
    if (!term_is_atom(f))
        return false;
    if (a == 1) {
        for (size_t i = 0; i < sizeof ops1 / sizeof ops1[0]; i++)
            if (atom_is_named(f, ops1[i]))
                return true;
    } else if (a == 2) {
        for (size_t i = 0; i < sizeof ops2 / sizeof ops2[0]; i++)
            if (atom_is_named(f, ops2[i]))
                return true;
    }
    return false;
}

/* erl_error:is_op({M, F}, A). */
static bool is_op(term_t m, term_t f, int64_t a) { return m == ATOM_erlang && is_op_name(f, a); }

/* ---- small term helpers ---------------------------------------------------------- */

/* {Tag, X} with atom Tag: X, else THE_NON_VALUE. */
static term_t tagged2(term_t t, term_t tag)
{
    if (term_is_tuple(t) && tuple_arity(t) == 2 && tuple_get(t, 0) == tag)
        return tuple_get(t, 1);
    return THE_NON_VALUE;
}

/* proplists:get_value(Key, List): the value of the first element that is
 * Key (true) or a tuple led by Key (its second element when it is a pair,
 * else undefined); THE_NON_VALUE when there is none. */
static term_t prop_value(term_t l, term_t key)
{
    for (; term_is_list(l); l = list_tail(l)) {
        term_t p = list_head(l);
        if (p == key)
            return ATOM_true;
        if (term_is_tuple(p) && tuple_arity(p) >= 1 && tuple_get(p, 0) == key)
            return tuple_arity(p) == 2 ? tuple_get(p, 1) : ATOM_undefined;
    }
    return THE_NON_VALUE;
}

/* n_args(A): A when an integer, the length of a list. */
static int64_t n_args(term_t a)
{
    if (term_is_small(a))
        return small_value(a);
    int64_t n = list_length(a);
    return n < 0 ? 0 : n;
}

/* A 2-tuple or cons cell built in caller-owned words (never on a heap):
 * only read by the formatters while the words live. */
static term_t make_tuple2(term_t w[3], term_t a, term_t b)
{
    w[0] = header_make(2, HDR_TUPLE);
    w[1] = a;
    w[2] = b;
    return term_boxed(w);
}
static term_t make_cons(term_t w[2], term_t h, term_t t)
{
    w[0] = h;
    w[1] = t;
    return term_list(w);
}

/* ---- mfa_to_string, format_fun -------------------------------------------------- */

/* to_string(A, Enc): the atom as io_lib:write_atom(_as_latin1) writes it. */
static void put_atom_enc(ectx *c, term_t a) { fmt_put_atom(c->b, a, c->o->unicode); }

static void put_mfa(ectx *c, term_t m, term_t f, int64_t a);

/* erl_error:format_fun/2. */
static void put_fun(ectx *c, term_t fun)
{
    if (term_is_export(fun)) {
        const export_obj *e = export_object(fun);
        put_mfa(c, e->module, e->function, (int64_t)e->arity);
        return;
    }
    const fun_obj *f = fun_object(fun);
    term_t name = code_fun_name(f);
    if (term_is_nil(name)) {
        fmt_write(c->b, fun, -1, false);
    } else if (f->module == c->o->interpreted) {
        char s[64];
        snprintf(s, sizeof s, "interpreted function with arity %llu", (unsigned long long)f->arity);
        put_cstr(c, s);
    } else {
        put_mfa(c, f->module, name, (int64_t)f->arity);
    }
}

/* mf_to_string({M, F}, A, Enc). */
static void put_mf(ectx *c, term_t m, term_t f, int64_t a)
{
    if (is_auto_bif(m, f, a)) {
        fmt_put_atom(c->b, f, false);
    } else if (is_op(m, f, a)) {
        if (atom_is_named(f, "/"))
            fmt_put_atom(c->b, f, false);
        else
            put_chardata(c->b, f);
    } else {
        fmt_write(c->b, m, -1, false);
        fmt_buf_putc(c->b, ':');
        if (term_is_atom(f))
            put_atom_enc(c, f);
        else
            fmt_write(c->b, f, -1, false);
    }
}

/* mf_to_string(ForMForFun, A, Enc) for what a call names: {M, F}, a fun,
 * or an atom F. */
static void put_callee(ectx *c, term_t x, int64_t a)
{
    if (term_is_tuple(x) && tuple_arity(x) == 2)
        put_mf(c, tuple_get(x, 0), tuple_get(x, 1), a);
    else if (term_is_any_fun(x))
        put_fun(c, x);
    else if (term_is_atom(x))
        put_atom_enc(c, x);
    else
        fmt_write(c->b, x, -1, false);
}

/* mfa_to_string(M, F, A, Enc): "m:f/2", "element/2", "'/'/2", "+/2". */
static void put_mfa(ectx *c, term_t m, term_t f, int64_t a)
{
    char s[24];
    put_mf(c, m, f, a);
    snprintf(s, sizeof s, "/%lld", (long long)a);
    put_cstr(c, s);
}

/* mfa_to_string(M, F, n_args(A), Enc) for a frame's arity or arguments A
 * (an arity may be a bignum: no BIF or operator has one). */
static void put_mfa_of(ectx *c, term_t m, term_t f, term_t a)
{
    if (!term_is_big(a)) {
        put_mfa(c, m, f, n_args(a));
        return;
    }
    put_mf(c, m, f, -1);
    fmt_buf_putc(c->b, '/');
    fmt_write(c->b, a, -1, false);
}

/* location(L): "(File, line N)" when L has both, else nothing. */
static void put_location(ectx *c, term_t l)
{
    term_t file = prop_value(l, ATOM_file), line = prop_value(l, ATOM_line);
    if (file == THE_NON_VALUE || line == THE_NON_VALUE || file == ATOM_undefined || line == ATOM_undefined)
        return;
    fmt_buf_putc(c->b, '(');
    if (!put_chardata(c->b, file))
        fmt_write(c->b, file, -1, c->o->unicode);
    put_cstr(c, ", line ");
    fmt_write(c->b, line, -1, false);
    fmt_buf_putc(c->b, ')');
}

/* ---- calls: format_call, format_op, pp_arguments ---------------------------------- */

/* erl_error's brackets_to_parens turns the arguments' text into UTF-8
 * bytes; in latin1 the explanation of the reason takes them with "~s",
 * each byte as a char: every char above 127 after `from` becomes the
 * chars of its UTF-8 bytes ("é" becomes "Ã©"), as erl's text has it. */
static void mangle_from(ectx *c, size_t from)
{
    size_t end = c->b->len, n = end - from;
    fmt_buf_reset(&c->tmp);
    fmt_buf_put(&c->tmp, c->b->data + from, n);
    cut_to(c, from);
    const unsigned char *s = (const unsigned char *)c->tmp.data;
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            fmt_buf_putc(c->b, (char)s[i++]);
            continue;
        }
        size_t used;
        uint32_t cp = unicode_decode_utf8(s + i, n - i, &used);
        char u[4];
        size_t k = unicode_encode_utf8(cp, u);
        for (size_t j = 0; j < k; j++)
            fmt_buf_put_cp(c->b, (unsigned char)u[j]);
        i += used;
    }
}

/* pp_arguments(PF, As, I, Enc): the arguments in parentheses, printed as
 * a list starting at column I + 1; a printable argument list is printed
 * as integers, not as a string. */
static void put_arguments(ectx *c, term_t as, int64_t col)
{
    size_t mark = c->b->len;
    bool range = c->o->unicode && c->o->unicode_range;
    if (term_is_list(as) && fmt_printable_list(as, range, NULL)) {
        char digits[24];
        int nd = snprintf(digits, sizeof digits, "%lld", (long long)small_value(list_head(as)));
        term_t a;
        atom_intern("aaaaaaaaaaaaaaaaaaaaaaa", (size_t)nd, &a);
        term_t w[2];
        put_pp(c, make_cons(w, a, list_tail(as)), col + 1);
        /* "[aaa,..." becomes "[104,...": the same width */
        memcpy(c->b->data + mark + 1, digits, (size_t)nd);
    } else {
        put_pp(c, as, col + 1);
    }
    if (c->b->len - mark >= 2 && c->b->data[mark] == '[' && c->b->data[c->b->len - 1] == ']') {
        c->b->data[mark] = '(';
        c->b->data[c->b->len - 1] = ')';
    }
    if (c->mangle)
        mangle_from(c, mark);
}

static int64_t arguments_lines(ectx *c, term_t as, int64_t col)
{
    size_t mark = c->b->len;
    put_arguments(c, as, col);
    int64_t n = count_nl(c, mark);
    cut_to(c, mark);
    return n;
}

/* The prefix format_call's lines continue after: its text and width. */
typedef struct pre {
    const char *text; /* NULL: `spaces` spaces */
    int64_t spaces;
} pre;

static void put_pre(ectx *c, const pre *p)
{
    if (p->text)
        put_cstr(c, p->text);
    else
        put_spaces(c, p->spaces);
}
static int64_t pre_width(const pre *p) { return p->text ? (int64_t)strlen(p->text) : p->spaces; }

/* format_op(ErrStr, Pre, Op, As, PF, Enc): "called as 1 / 0", or the
 * operands on lines of their own when they take several lines. */
static void put_op(ectx *c, const char *errstr, const pre *p, term_t op, term_t as)
{
    size_t oplen;
    const char *ops = atom_text(op, &oplen);
    int64_t base = (int64_t)strlen(errstr) + pre_width(p);
    term_t a1 = list_head(as);
    if (term_is_nil(list_tail(as))) {
        fmt_buf_put(c->b, ops, oplen);
        fmt_buf_putc(c->b, ' ');
        put_pp(c, a1, base + (int64_t)oplen + 1 + 1);
        return;
    }
    term_t a2 = list_head(list_tail(as));
    size_t s1 = c->b->len;
    put_pp(c, a1, base + 1);
    bool split = count_nl(c, s1) > 0;
    if (!split) {
        int64_t w1 = width_from(c, s1);
        int64_t n2 = pp_lines(c, a2, base + 1);
        int64_t n22 = pp_lines(c, a2, base + (int64_t)oplen + 2 + w1 + 1);
        split = n2 < n22;
        if (!split) {
            fmt_buf_putc(c->b, ' ');
            fmt_buf_put(c->b, ops, oplen);
            fmt_buf_putc(c->b, ' ');
            put_pp(c, a2, base + (int64_t)oplen + 2 + w1 + 1);
            return;
        }
    }
    fmt_buf_putc(c->b, '\n');
    put_spaces(c, base);
    fmt_buf_put(c->b, ops, oplen);
    fmt_buf_putc(c->b, '\n');
    put_spaces(c, base);
    put_pp(c, a2, base + 1);
}

/* format_call(ErrStr, Pre1, ForMForFun, As, PF, Enc): ErrStr, then the
 * call as callee(Args), or the operator expression; when the arguments
 * take fewer lines from the start of a new line (or a two-atom list would
 * not fit after the name), the call goes on a new line after Pre1. The
 * text before the call's start is Pre1 and ErrStr. */
static void put_call(ectx *c, const char *errstr, const pre *p, term_t callee, term_t as)
{
    int64_t arity = list_length(as);
    put_cstr(c, errstr);
    if (term_is_tuple(callee) && tuple_arity(callee) == 2 &&
        is_op(tuple_get(callee, 0), tuple_get(callee, 1), arity)) {
        put_op(c, errstr, p, tuple_get(callee, 1), as);
        return;
    }
    size_t mfs = c->b->len;
    put_callee(c, callee, arity);
    size_t mfs_end = c->b->len;
    int64_t wmfs = width_from(c, mfs);
    int64_t wpre = pre_width(p), werr = (int64_t)strlen(errstr);
    int64_t i1 = wpre + werr + wmfs, i2 = wpre + wmfs;
    int64_t n1 = arguments_lines(c, as, i1);
    int64_t n2 = i1 == i2 ? n1 : arguments_lines(c, as, i2);
    term_t w1[2], w2[2];
    term_t probe = make_cons(w1, ATOM_A2345, make_cons(w2, ATOM_B2345, NIL));
    bool is_long = arguments_lines(c, probe, i1) > 0;
    if (!is_long && !(n2 < n1)) {
        put_arguments(c, as, i1);
        return;
    }
    /* "\n", Pre1, MFs, S2: move the name after a new line */
    size_t n = mfs_end - mfs;
    fmt_buf_reset(&c->tmp);
    fmt_buf_put(&c->tmp, c->b->data + mfs, n);
    cut_to(c, mfs);
    fmt_buf_putc(c->b, '\n');
    put_pre(c, p);
    fmt_buf_put(c->b, c->tmp.data, n);
    put_arguments(c, as, i2);
}

/* ---- explanations of the reason ---------------------------------------------------- */

static const char *exited(term_t cls)
{
    return cls == ATOM_error  ? "exception error: "
           : cls == ATOM_exit ? "exception exit: "
                              : "exception throw: ";
}
static int64_t exited_size(term_t cls) { return (int64_t)strlen(exited(cls)); }

/* format_value(V, ErrStr, Class, PF, S): ErrStr, then V after it, or on a
 * line of its own when that takes fewer lines. */
static void put_value(ectx *c, term_t v, const char *errstr, term_t cls)
{
    int64_t pre1 = exited_size(cls);
    put_cstr(c, errstr);
    int64_t col1 = pre1 + c->s0 + (int64_t)strlen(errstr) + 1, col2 = c->s0 + 1 + pre1;
    int64_t n1 = pp_lines(c, v, col1);
    if (n1 > 1 && pp_lines(c, v, col2) < n1) {
        fmt_buf_putc(c->b, '\n');
        put_spaces(c, c->s0 + pre1);
        put_pp(c, v, col2);
        return;
    }
    put_pp(c, v, col1);
}

/* argss(N). */
static void put_argss(ectx *c, int64_t n)
{
    if (n == 0) {
        put_cstr(c, "no arguments");
    } else if (n == 1) {
        put_cstr(c, "one argument");
    } else if (n == 2) {
        put_cstr(c, "two arguments");
    } else {
        char s[32];
        snprintf(s, sizeof s, "%lld arguments", (long long)n);
        put_cstr(c, s);
    }
}

/* What analyze_exception sets apart from the stack for the explanation. */
typedef enum t1_kind { T1_NONE, T1_SHELL, T1_FRAME } t1_kind;

/* explain_reason(Term, Class, Trace1, PF, S, Enc): for the reasons OTP
 * explains in words, the words; otherwise the term. */
static void put_reason(ectx *c, term_t term, term_t cls, t1_kind k, term_t t1)
{
    if (k == T1_SHELL) { /* function_clause of a shell command {F, A} */
        put_cstr(c, "no function clause matching call to ");
        fmt_write(c->b, tuple_get(t1, 0), -1, false);
        fmt_buf_putc(c->b, '/');
        fmt_write(c->b, tuple_get(t1, 1), -1, false);
        return;
    }
    if (k == T1_FRAME) {
        term_t m = tuple_get(t1, 0), f = tuple_get(t1, 1), a = tuple_get(t1, 2);
        if (term == ATOM_function_clause) {
            pre p = {NULL, c->s0 + exited_size(cls)};
            term_t w[3];
            c->mangle = !c->o->unicode;
            put_call(c, "no function clause matching ", &p, make_tuple2(w, m, f), a);
            c->mangle = false;
            fmt_buf_putc(c->b, ' ');
            put_location(c, tuple_get(t1, 3));
        } else { /* undef */
            put_cstr(c, "undefined function ");
            put_mfa_of(c, m, f, a);
        }
        return;
    }
    if (cls == ATOM_error) {
        if (term == ATOM_badarg)
            return put_cstr(c, "bad argument");
        if (term == ATOM_badarith)
            return put_cstr(c, "an error occurred when evaluating an arithmetic expression");
        if (term == ATOM_if_clause)
            return put_cstr(c, "no true branch found when evaluating an if expression");
        if (term == ATOM_noproc)
            return put_cstr(c, "no such process or port");
        if (term == ATOM_NOTALIVE)
            return put_cstr(c, "the node cannot be part of a distributed system");
        if (term == ATOM_system_limit)
            return put_cstr(c, "a system limit has been reached");
        if (term == ATOM_timeout_value)
            return put_cstr(c, "bad receive timeout value");
        if (term_is_tuple(term) && tuple_arity(term) == 2) {
            term_t tag = tuple_get(term, 0), v = tuple_get(term, 1);
            static const struct {
                const char *tag, *text;
            } values[] = {
                {"badarg", "bad argument: "},
                {"badkey", "bad key: "},
                {"badmap", "bad map: "},
                {"badfun", "bad function "},
                {"badmatch", "no match of right hand side value "},
                {"case_clause", "no case clause matching "},
                {"try_clause", "no try clause matching "},
                {"bad_filter", "bad filter "},
                {"bad_generator", "bad generator "},
            };
            for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
                if (term_is_atom(tag) && atom_is_named(tag, values[i].tag))
                    return put_value(c, v, values[i].text, cls);
            if (tag == ATOM_badarity && term_is_tuple(v) && tuple_arity(v) == 2 &&
                term_is_any_fun(tuple_get(v, 0)) && list_length(tuple_get(v, 1)) >= 0) {
                put_fun(c, tuple_get(v, 0));
                put_cstr(c, " called with ");
                put_argss(c, list_length(tuple_get(v, 1)));
                return;
            }
            if (tag == ATOM_ARGUMENT_LIMIT)
                return put_cstr(c, "limit of number of arguments to interpreted function exceeded");
            if (tag == ATOM_UNBOUND) {
                put_cstr(c, "variable ");
                fmt_write(c->b, v, -1, false);
                put_cstr(c, " is unbound");
                return;
            }
        }
        if (term_is_tuple(term) && tuple_arity(term) == 4 && tuple_get(term, 0) == ATOM_SHELL_UNDEF &&
            term_is_atom(tuple_get(term, 1)) &&
            (term_is_small(tuple_get(term, 2)) || list_length(tuple_get(term, 2)) >= 0)) {
            char s[32];
            put_cstr(c, "undefined shell command ");
            put_atom_enc(c, tuple_get(term, 1));
            snprintf(s, sizeof s, "/%lld", (long long)n_args(tuple_get(term, 2)));
            put_cstr(c, s);
            return;
        }
    } else if (cls == ATOM_exit) {
        if (term == ATOM_RS_STARTED)
            return put_cstr(c, "restricted shell starts now");
        if (term == ATOM_RS_STOPPED)
            return put_cstr(c, "restricted shell stopped");
        if (term == ATOM_CALLING_SELF)
            return put_cstr(c, "the current process attempted to call itself");
        term_t v = tagged2(term, ATOM_RS_BAD_RETURN);
        if (v != THE_NON_VALUE)
            return put_value(c, v, "restricted shell module returned bad value ", cls);
        v = tagged2(term, ATOM_RS_DISALLOWED);
        if (v != THE_NON_VALUE && term_is_tuple(v) && tuple_arity(v) == 2 &&
            list_length(tuple_get(v, 1)) >= 0) {
            pre p = {NULL, c->s0 + exited_size(cls)};
            c->mangle = !c->o->unicode;
            put_call(c, "restricted shell does not allow ", &p, tuple_get(v, 0), tuple_get(v, 1));
            c->mangle = false;
            return;
        }
    }
    put_pp(c, term, c->s0 + 1 + exited_size(cls));
}

/* ---- error_info: the explanations of a BIF's arguments ------------------------------ */

/* What Module:format_error(Reason, Stack) returned, or what this file
 * derives for erl_erts_errors: texts per argument (1-based), a general
 * text, and a replacement for the reason's explanation. */
#define EMAP_ARGS 8
typedef struct emap {
    term_t map;                     /* a map given by the caller, or THE_NON_VALUE */
    const char *arg[EMAP_ARGS + 1]; /* derived texts; [0] unused */
    const char *reason;             /* derived: the reason's explanation, or NULL */
    const fmt_buf *general;         /* derived: the general text, or NULL */
} emap;

static bool emap_has(const emap *e, term_t key, int argnum)
{
    term_t v;
    if (e->map != THE_NON_VALUE)
        return map_get(e->map, key, &v);
    if (key == ATOM_GENERAL)
        return e->general != NULL;
    if (key == ATOM_REASON)
        return e->reason != NULL;
    return argnum >= 1 && argnum <= EMAP_ARGS && e->arg[argnum];
}

/* The text of entry `key` (argument `argnum`) into b. */
static void put_emap(fmt_buf *b, const emap *e, term_t key, int argnum)
{
    term_t v;
    if (e->map != THE_NON_VALUE) {
        if (map_get(e->map, key, &v) && !put_chardata(b, v))
            fmt_write(b, v, -1, true);
        return;
    }
    if (key == ATOM_GENERAL)
        fmt_buf_put(b, e->general->data, e->general->len);
    else if (key == ATOM_REASON)
        fmt_buf_put(b, e->reason, strlen(e->reason));
    else
        fmt_buf_put(b, e->arg[argnum], strlen(e->arg[argnum]));
}

/* erl_erts_errors' expand_error/1 texts. */
#define NOT_ATOM "not an atom"
#define NOT_BINARY "not a binary"
#define NOT_BITSTRING "not a bitstring"
#define NOT_CONS "not a nonempty list"
#define NOT_FLOAT "not a float"
#define NOT_FUN "not a fun"
#define NOT_INTEGER "not an integer"
#define NOT_IODATA "not an iodata term"
#define NOT_IOLIST "not an iolist term"
#define NOT_LIST "not a list"
#define NOT_PROPER_LIST "not a proper list"
#define NOT_MAP "not a map"
#define NOT_NUMBER "not a number"
#define NOT_PID "not a pid"
#define NOT_REF "not a reference"
#define NOT_STRING "not a list of characters"
#define NOT_TUPLE "not a tuple"
#define RANGE "out of range"
#define BAD_BASE "not an integer in the range 2 through 36"
#define BAD_ENCODE "not one of the atoms: latin1, utf8, or unicode"
#define BAD_EXT_TERM "invalid external representation of a term"
#define BAD_OPTION "invalid option in list"
#define BAD_UNICODE "invalid UTF8 encoding"
#define BAD_DESTINATION "invalid destination"
#define DEAD_PROCESS "the pid does not refer to an existing process"
#define NON_EXISTING_ATOM "not an already existing atom"
#define NOT_TEXT_INTEGER "not a textual representation of an integer"
#define NOT_TEXT_FLOAT "not a textual representation of a float"

/* must_be_list(L, Error): Error for a proper list, not_proper_list for
 * an improper one, not_list for anything else. */
static const char *must_be_list(term_t l, const char *error)
{
    if (!term_is_cons_or_nil(l))
        return NOT_LIST;
    return list_length(l) < 0 ? NOT_PROPER_LIST : error;
}
static bool is_binary(term_t b)
{
    if (!term_is_bitstring(b))
        return false;
    bin_view v;
    bin_view_of(b, &v);
    return v.bitsize == 0;
}
static const char *must_be_binary(term_t b, const char *error) { return is_binary(b) ? error : NOT_BINARY; }
/* unicode:characters_to_list(Bin, unicode) is a list: valid UTF-8. */
static bool is_utf8(term_t b)
{
    bin_view v;
    bin_view_of(b, &v);
    uint8_t buf[4];
    for (uint64_t i = 0; i < v.size;) {
        size_t k = 0;
        for (; k < 4 && i + k < v.size; k++)
            buf[k] = bin_byte_at(&v, i + k);
        uint32_t cp;
        size_t used = unicode_decode_utf8_strict(buf, k, &cp);
        if (!used)
            return false;
        i += used;
    }
    return true;
}
/* must_be_int(N, Min, Max): lo/hi are bounds for small integers; a
 * bignum is out of any bound but infinity (hi_inf). */
static const char *must_be_int(term_t n, int64_t lo, int64_t hi, bool hi_inf)
{
    if (!term_is_integer(n))
        return NOT_INTEGER;
    if (term_is_big(n))
        return term_boxed_subtag(n) == HDR_POS_BIG && hi_inf ? NULL : RANGE;
    int64_t v = small_value(n);
    return v < lo || (!hi_inf && v > hi) ? RANGE : NULL;
}
static const char *must_be_base(term_t n)
{
    return term_is_small(n) && small_value(n) >= 2 && small_value(n) <= 36 ? NULL : BAD_BASE;
}
/* maybe_option_list_error(Options, PreviousError). */
static const char *option_list_error(term_t opts, const char *prev)
{
    const char *e = must_be_list(opts, NULL);
    return !prev && !e ? BAD_OPTION : e;
}

/* A function whose explanation is one fixed text for one argument. */
typedef struct fixed_text {
    const char *name;
    unsigned arity, arg;
    const char *text;
} fixed_text;

/* The row of `rows` for function name/arity into err; false for none. */
static bool put_fixed(const fixed_text *rows, size_t nrows, const char *name, size_t len, unsigned arity,
                      const char **err)
{
    for (size_t i = 0; i < nrows; i++)
        if (rows[i].arity == arity && strlen(rows[i].name) == len && memcmp(rows[i].name, name, len) == 0) {
            err[rows[i].arg] = rows[i].text;
            return true;
        }
    return false;
}

/* map_get/2 and maps:get/2: the key is missing, or the map is none. */
static void map_get_errors(term_t map, const char **err)
{
    if (term_is_map(map))
        err[1] = "not present in map";
    else
        err[2] = NOT_MAP;
}

static const char *s_iodata(term_t t);

/* A checksum of erlang:crc32/adler32 (must_be_adler32/1). */
static const char *must_be_checksum(term_t n) { return must_be_int(n, 0, UINT32_MAX, false); }

/* The checks of erl_erts_errors:format_erlang_error/3 for the BIFs this
 * file knows; false for any other (no explanation). err[1..] gets the
 * argument texts (NULL: none). */
static bool derive_erlang(term_t f, const term_t *a, unsigned n, term_t cause, const char **err)
{
    size_t len;
    const char *name = atom_text(f, &len);
    /* BIFs whose explanation is one fixed text for one argument */
    static const fixed_text fixed[] = {
        /* clang-format off */
        {"abs", 1, 1, NOT_NUMBER},           {"adler32", 1, 1, NOT_IODATA},
        {"append", 2, 1, NOT_LIST},          {"crc32", 1, 1, NOT_IODATA},
        {"atom_to_binary", 1, 1, NOT_ATOM},  {"atom_to_list", 1, 1, NOT_ATOM},
        {"append_element", 2, 1, NOT_TUPLE}, {"bit_size", 1, 1, NOT_BITSTRING},
        {"binary_to_list", 1, 1, NOT_BINARY}, {"bitstring_to_list", 1, 1, NOT_BITSTRING},
        {"byte_size", 1, 1, NOT_BITSTRING},  {"ceil", 1, 1, NOT_NUMBER},
        {"demonitor", 1, 1, NOT_REF},        {"exit", 2, 1, NOT_PID},
        {"float", 1, 1, NOT_NUMBER},         {"float_to_binary", 1, 1, NOT_FLOAT},
        {"float_to_list", 1, 1, NOT_FLOAT},  {"floor", 1, 1, NOT_NUMBER},
        {"fun_to_list", 1, 1, NOT_FUN},      {"hd", 1, 1, NOT_CONS},
        {"integer_to_binary", 1, 1, NOT_INTEGER}, {"integer_to_list", 1, 1, NOT_INTEGER},
        {"iolist_size", 1, 1, NOT_IODATA},   {"iolist_to_binary", 1, 1, NOT_IODATA},
        {"iolist_to_iovec", 1, 1, NOT_IODATA}, {"is_map_key", 2, 2, NOT_MAP},
        {"is_process_alive", 1, 1, NOT_PID}, {"is_record", 2, 1, NOT_ATOM},
        {"length", 1, 1, NOT_LIST},          {"list_to_binary", 1, 1, NOT_IOLIST},
        {"list_to_bitstring", 1, 1, "not a bitstring list"}, {"list_to_tuple", 1, 1, NOT_LIST},
        {"make_tuple", 2, 1, RANGE},         {"map_size", 1, 1, NOT_MAP},
        {"node", 1, 1, NOT_PID},             {"pid_to_list", 1, 1, NOT_PID},
        {"ref_to_list", 1, 1, NOT_REF},      {"round", 1, 1, NOT_NUMBER},
        {"send", 2, 1, BAD_DESTINATION},     {"size", 1, 1, "not tuple or binary"},
        {"spawn", 1, 1, NOT_FUN},            {"spawn_link", 1, 1, NOT_FUN},
        {"tuple_size", 1, 1, NOT_TUPLE},     {"tl", 1, 1, NOT_CONS},
        {"trunc", 1, 1, NOT_NUMBER},         {"tuple_to_list", 1, 1, NOT_TUPLE},
        {"unlink", 1, 1, NOT_PID},           {"unregister", 1, 1, NOT_PID},
        {"whereis", 1, 1, NOT_ATOM},
        /* clang-format on */
    };
    if (put_fixed(fixed, sizeof fixed / sizeof fixed[0], name, len, n, err))
        return true;
    if (IS("adler32", 2) || IS("crc32", 2)) {
        err[1] = must_be_checksum(a[0]), err[2] = s_iodata(a[1]);
        return true;
    }
    if (IS("adler32_combine", 3) || IS("crc32_combine", 3)) {
        err[1] = must_be_checksum(a[0]), err[2] = must_be_checksum(a[1]);
        err[3] = must_be_int(a[2], 0, 0, true); /* must_be_size/1 */
        return true;
    }
    if (IS("element", 2) || IS("delete_element", 2) || IS("setelement", 3) || IS("insert_element", 3)) {
        /* Index =< 0; Index > tuple_size(Tuple): the second guard fails
         * (no range error) when Tuple is no tuple */
        term_t ix = a[0], t = a[1];
        bool pos = term_is_small(ix) ? small_value(ix) > 0 : term_boxed_subtag(ix) == HDR_POS_BIG;
        if (!term_is_integer(ix))
            err[1] = NOT_INTEGER;
        else if (!pos ||
                 (term_is_tuple(t) && (term_is_big(ix) || (uint64_t)small_value(ix) > tuple_arity(t))))
            err[1] = RANGE;
        err[2] = term_is_tuple(t) ? NULL : NOT_TUPLE;
        return true;
    }
    if (IS("atom_to_binary", 2)) {
        term_t enc = a[1];
        err[1] = !term_is_atom(a[0])  ? NOT_ATOM
                 : enc == ATOM_LATIN1 ? "contains a character not expressible in latin1"
                                      : NULL;
        err[2] = enc == ATOM_LATIN1 || enc == ATOM_UNICODE || enc == ATOM_UTF8
                     ? NULL
                     : "is an invalid encoding option";
        return true;
    }
    if (IS("integer_to_list", 2) || IS("integer_to_binary", 2)) {
        err[1] = term_is_integer(a[0]) ? NULL : NOT_INTEGER;
        err[2] = must_be_base(a[1]);
        return true;
    }
    if (IS("list_to_atom", 1)) {
        err[1] = must_be_list(a[0], NOT_STRING);
        return true;
    }
    if (IS("list_to_existing_atom", 1)) {
        /* is_flat_char_list: a proper list of code points <<H/utf8>> takes */
        term_t l = a[0];
        for (; term_is_list(l); l = list_tail(l)) {
            term_t h = list_head(l);
            if (!term_is_small(h) || small_value(h) < 0 || small_value(h) > 0x10FFFF ||
                (small_value(h) >= 0xD800 && small_value(h) <= 0xDFFF))
                break;
        }
        err[1] = term_is_nil(l) ? NON_EXISTING_ATOM : must_be_list(a[0], NOT_STRING);
        return true;
    }
    if (IS("list_to_integer", 1) || IS("list_to_float", 1)) {
        /* list_to_something: not_list unless length/1 succeeds */
        err[1] = term_is_cons_or_nil(a[0]) && list_length(a[0]) >= 0
                     ? (name[8] == 'i' ? NOT_TEXT_INTEGER : NOT_TEXT_FLOAT)
                     : NOT_LIST;
        return true;
    }
    if (IS("list_to_integer", 2)) {
        const char *b = must_be_base(a[1]);
        err[1] = must_be_list(a[0], b ? NULL : NOT_TEXT_INTEGER);
        err[2] = b;
        return true;
    }
    if (IS("binary_to_integer", 1)) {
        err[1] = must_be_binary(a[0], NOT_TEXT_INTEGER);
        return true;
    }
    if (IS("binary_to_float", 1)) {
        err[1] = must_be_binary(a[0], NOT_TEXT_FLOAT);
        return true;
    }
    if (IS("binary_to_integer", 2)) {
        const char *b = must_be_base(a[1]);
        err[1] = must_be_binary(a[0], b ? NULL : NOT_TEXT_INTEGER);
        err[2] = b;
        return true;
    }
    if (IS("binary_to_atom", 1) || IS("binary_to_atom", 2) || IS("binary_to_existing_atom", 1) ||
        IS("binary_to_existing_atom", 2)) {
        /* do_binary_to_atom(Bin, Enc, DefaultError) */
        term_t enc = n == 1 ? ATOM_UTF8 : a[1];
        const char *dflt = name[10] == 'e' ? NON_EXISTING_ATOM : NULL;
        if (enc == ATOM_LATIN1) {
            err[1] = must_be_binary(a[0], dflt);
        } else if (enc == ATOM_UNICODE || enc == ATOM_UTF8) {
            err[1] = !is_binary(a[0]) ? NOT_BINARY : is_utf8(a[0]) ? NON_EXISTING_ATOM : BAD_UNICODE;
        } else {
            err[1] = must_be_binary(a[0], NULL);
            err[2] = BAD_ENCODE;
        }
        return true;
    }
    if (IS("binary_to_term", 1)) {
        err[1] = must_be_binary(a[0], BAD_EXT_TERM);
        return true;
    }
    if (IS("binary_to_term", 2)) {
        const char *a1 = must_be_binary(a[0], NULL);
        const char *a2 = cause == ATOM_BADOPT ? must_be_list(a[1], BAD_OPTION) : NULL;
        if (a1 || a2) {
            err[1] = a1;
            err[2] = a2;
            return true;
        }
        /* lists:member(safe, Options): Options is a proper list here */
        bool safe = false;
        for (term_t l = a[1]; term_is_list(l); l = list_tail(l))
            safe = safe || list_head(l) == ATOM_SAFE;
        err[1] = safe ? "invalid or unsafe external representation of a term" : BAD_EXT_TERM;
        return true;
    }
    if (IS("map_get", 2)) {
        map_get_errors(a[1], err);
        return true;
    }
    if (IS("subtract", 2)) {
        err[1] = must_be_list(a[0], NULL);
        err[2] = must_be_list(a[1], NULL);
        return true;
    }
    if (IS("float_to_list", 2) || IS("float_to_binary", 2)) {
        err[1] = term_is_float(a[0]) ? NULL : NOT_FLOAT;
        err[2] = option_list_error(a[1], err[1]);
        return true;
    }
    if (IS("split_binary", 2)) {
        err[1] = must_be_binary(a[0], NULL);
        err[2] = must_be_int(a[1], 0, 0, true);
        if (!err[1] && !err[2]) {
            bin_view v;
            bin_view_of(a[0], &v);
            if (term_is_big(a[1]) || (uint64_t)small_value(a[1]) > v.size)
                err[2] = RANGE;
        }
        return true;
    }
    if (IS("is_function", 2)) {
        err[2] = term_is_integer(a[1]) ? RANGE : NOT_INTEGER;
        return true;
    }
    if (IS("link", 1)) {
        err[1] = term_is_pid(a[0]) ? DEAD_PROCESS : NOT_PID;
        return true;
    }
    if (IS("group_leader", 2)) {
        err[1] = term_is_pid(a[0]) ? NULL : NOT_PID;
        err[2] = term_is_pid(a[1]) ? NULL : NOT_PID;
        return true;
    }
    if (IS("apply", 3) || IS("spawn", 3) || IS("spawn_link", 3) || IS("spawn_opt", 4)) {
        err[1] = term_is_atom(a[0]) ? NULL : NOT_ATOM;
        err[2] = term_is_atom(a[1]) ? NULL : NOT_ATOM;
        err[3] = must_be_list(a[2], NULL);
        if (n == 4 && cause == ATOM_BADOPT)
            err[4] = must_be_list(a[3], "invalid spawn option");
        return true;
    }
    if (IS("spawn_opt", 2)) {
        err[1] = term_is_fun(a[0]) || term_is_export(a[0]) ? NULL : NOT_FUN;
        err[2] = cause == ATOM_BADOPT ? must_be_list(a[1], "invalid spawn option") : NULL;
        return true;
    }
    if (IS("process_flag", 2) || IS("system_flag", 2)) {
        bool of_process = name[1] == 'r';
        if (cause == ATOM_BADOPT)
            err[1] = of_process ? "invalid process flag" : "invalid system flag";
        else
            err[2] =
                of_process ? "invalid value for this process flag" : "invalid value for this system flag";
        return true;
    }
    if (IS("system_info", 1)) {
        err[1] = "invalid system info item";
        return true;
    }
    if (IS("register", 2)) {
        if (cause == ATOM_REGISTERED_NAME) {
            err[2] = "this process or port already has a name";
            return true;
        }
        if (cause == ATOM_NOTALIVE) {
            err[2] = DEAD_PROCESS;
            return true;
        }
        err[1] = a[0] == ATOM_undefined ? "'undefined' is not a valid name"
                 : term_is_atom(a[0])   ? NULL
                                        : NOT_ATOM;
        /* external pids and ports are on other nodes: not local */
        err[2] = term_is_local_pid(a[1]) || term_is_local_port(a[1]) ? NULL
                 : term_is_pid(a[1])                                 ? "not a local pid"
                 : term_is_port(a[1])                                ? "not a local port"
                                                                     : "not a pid or port";
        if (!err[1] && !err[2])
            err[1] = "name is in use";
        return true;
    }
    return false;
}

/* The arguments of frame {M, F, As, Info} into a[0..*n) and the cause of
 * its error_info (none without one); false when As is an arity, or more
 * arguments than any function explained here takes. */
static bool frame_args(term_t frame, term_t *a, unsigned *n, term_t *cause)
{
    term_t as = tuple_get(frame, 2), v;
    *n = 0;
    for (; term_is_list(as) && *n < EMAP_ARGS; as = list_tail(as))
        a[(*n)++] = list_head(as);
    if (!term_is_nil(as))
        return false;
    term_t info = prop_value(tuple_get(frame, 3), ATOM_error_info);
    *cause = ATOM_NONE;
    if (info != THE_NON_VALUE && term_is_map(info) && map_get(info, ATOM_cause, &v))
        *cause = v;
    return true;
}

/* must_be_int(N, Min, Max) for the bounds of an atomics array:
 * -2^63..2^63-1 signed, 0..2^64-1 unsigned (bignums from 2^59 on here). */
static const char *must_be_word(term_t n, bool is_signed)
{
    int64_t v;
    if (!term_is_integer(n))
        return NOT_INTEGER;
    if (int_to_int64(n, &v))
        return is_signed || v >= 0 ? NULL : RANGE;
    bool u64 = term_is_big(n) && !big_is_negative(n) && big_limb_count(n) * sizeof(mp_limb_t) <= 8;
    return !is_signed && u64 ? NULL : RANGE;
}

/* must_be_int(Index, 1, Size). */
static const char *must_be_index(term_t n, uint64_t size)
{
    int64_t v;
    if (!term_is_integer(n))
        return NOT_INTEGER;
    return int_to_int64(n, &v) && v >= 1 && (uint64_t)v <= size ? NULL : RANGE;
}

/* The texts of format_atomics_error/4 and format_counters_error/4: new/2's
 * by the reason, the others (do_atomics_operation/1,
 * do_counters_operation/1) by what atomics:info/1 or counters:info/1 says
 * of the reference, so the array must still be alive. */
static void derive_atomics(bool counters, term_t f, const term_t *a, unsigned n, term_t reason, term_t cause,
                           const char **err)
{
    size_t len;
    const char *name = atom_text(f, &len);
    if (IS("new", 2)) {
        if (reason == ATOM_system_limit) {
            err[1] = counters ? "counters array size reached a system limit"
                              : "atomics array size reached a system limit";
            err[2] = must_be_list(a[1], NULL);
        } else if (reason == ATOM_badarg) {
            err[1] = must_be_int(a[0], 1, 0, true);
            err[2] = cause == ATOM_BADOPT ? must_be_list(a[1], BAD_OPTION) : NULL;
        }
        return;
    }
    if (IS("info", 1)) {
        err[1] = "invalid atomics reference"; /* bad_counters_ref's text too */
        return;
    }
    bool op = IS("get", 2) || IS("add", 3) || IS("put", 3) || IS("sub", 3) ||
              (!counters &&
               (IS("add_get", 3) || IS("sub_get", 3) || IS("exchange", 3) || IS("compare_exchange", 4)));
    if (!op)
        return;
    atomics_desc d;
    bool live = counters ? atomics_describe_counters(a[0], &d) : atomics_describe(a[0], &d);
    if (!live) {
        err[1] = "invalid atomics reference"; /* bad_counters_ref's text too */
        err[2] = must_be_int(a[1], 1, 0, true);
        for (unsigned i = 2; i < n; i++)
            err[i + 1] = term_is_integer(a[i]) ? NULL : NOT_INTEGER;
    } else if (!counters) {
        err[2] = must_be_index(a[1], d.size);
        for (unsigned i = 2; i < n; i++)
            err[i + 1] = must_be_word(a[i], d.is_signed);
    } else {
        /* get is [Ref, Index, 0]: no failure to explain past the index */
        err[2] = must_be_index(a[1], d.size);
        if (!err[2] && n == 3)
            err[3] = term_is_integer(a[2]) ? RANGE : NOT_INTEGER;
    }
}

/* erl_erts_errors:format_error(Reason, [{M, F, As, Info} | _]) for M =
 * erlang and the BIFs above, atomics, counters and persistent_term;
 * nothing for the rest. */
static void derive_erts(term_t reason, term_t frame, emap *e)
{
    term_t args[EMAP_ARGS], cause, m = tuple_get(frame, 0), f = tuple_get(frame, 1);
    unsigned n;
    if (!frame_args(frame, args, &n, &cause))
        return;
    if (m == ATOM_erlang && reason != ATOM_system_limit)
        derive_erlang(f, args, n, cause, e->arg);
    else if (atom_is_named(m, "atomics") || atom_is_named(m, "counters"))
        derive_atomics(atom_is_named(m, "counters"), f, args, n, reason, cause, e->arg);
    else if (atom_is_named(m, "persistent_term") && atom_is_named(f, "get") && n == 1)
        e->arg[1] = "no persistent term stored with this key";
}

/* ---- erl_stdlib_errors:format_error/2 ---------------------------------------------- */

/* erl_stdlib_errors' expand_error/1 texts not among erl_erts_errors' above. */
#define S_BAD_BINARY_LIST "not a flat list of binaries"
#define S_BAD_CHAR_DATA "not valid character data (an iodata term)"
#define S_BAD_PATTERN "not a valid pattern"
#define S_BAD_ENCODING "not a valid encoding"
#define S_BAD_ENDIANNESS "must be 'big' or 'little'"
#define S_BAD_ITERATOR "not a valid iterator"
#define S_BAD_OPTIONS "invalid options"
#define S_BITSTRING "is a bitstring (expected a binary)"
#define S_DOMAIN_ERROR "is outside the domain for this function"
#define S_EMPTY_BINARY "a zero-sized binary is not allowed"
#define S_NOT_MAP_OR_ITERATOR "not a map or an iterator"

static uint64_t byte_size_of(term_t b)
{
    bin_view v;
    bin_view_of(b, &v);
    return v.size + (v.bitsize != 0);
}

/* must_be_binary/1: NULL for a binary. */
static const char *s_binary(term_t b)
{
    return is_binary(b) ? NULL : term_is_bitstring(b) ? S_BITSTRING : NOT_BINARY;
}
/* must_be_fun(F, Arity). */
static const char *s_fun(term_t f, unsigned arity)
{
    static const char *const texts[] = {NULL, "not a fun that takes one argument",
                                        "not a fun that takes two arguments",
                                        "not a fun that takes three arguments"};
    if (term_is_fun(f) && fun_object(f)->arity == arity)
        return NULL;
    if (term_is_export(f) && export_object(f)->arity == arity)
        return NULL;
    return texts[arity];
}
static const char *s_map(term_t m) { return term_is_map(m) ? NULL : NOT_MAP; }
static const char *s_integer(term_t n) { return term_is_integer(n) ? NULL : NOT_INTEGER; }
static const char *s_number(term_t n) { return term_is_number(n) ? NULL : NOT_NUMBER; }
/* must_be_position/1: an integer, not negative. */
static const char *s_position(term_t n) { return must_be_int(n, 0, 0, true); }
/* must_be_map_or_iter/1: a map, or what maps:next/1 takes: {K, V, I},
 * none, or [Path | Map]. */
static const char *s_map_or_iter(term_t m)
{
    if (term_is_map(m) || m == ATOM_NONE || (term_is_tuple(m) && tuple_arity(m) == 3))
        return NULL;
    if (term_is_list(m) && term_is_integer(list_head(m)) && term_is_map(list_tail(m)))
        return NULL;
    return S_NOT_MAP_OR_ITERATOR;
}
/* must_be_pattern/1: what binary:match(<<"a">>, P) takes, a binary of at
 * least a byte or a proper list of such binaries, at least one. */
static const char *s_pattern(term_t p)
{
    if (is_binary(p))
        return byte_size_of(p) == 0 ? S_BAD_PATTERN : NULL;
    if (!term_is_list(p))
        return S_BAD_PATTERN;
    for (; term_is_list(p); p = list_tail(p))
        if (!is_binary(list_head(p)) || byte_size_of(list_head(p)) == 0)
            return S_BAD_PATTERN;
    return term_is_nil(p) ? NULL : S_BAD_PATTERN;
}
/* unicode_encoding/1: an encoding unicode:characters_to_binary/2 takes. */
static const char *s_encoding(term_t enc)
{
    if (term_is_atom(enc)) {
        size_t n;
        const char *t = atom_text(enc, &n);
        static const char *const ok[] = {"latin1", "unicode", "utf8", "utf16", "utf32"};
        for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
            if (strlen(ok[i]) == n && memcmp(ok[i], t, n) == 0)
                return NULL;
    } else if (term_is_tuple(enc) && tuple_arity(enc) == 2 &&
               (tuple_get(enc, 1) == ATOM_big || tuple_get(enc, 1) == ATOM_little)) {
        size_t n;
        const char *t = term_is_atom(tuple_get(enc, 0)) ? atom_text(tuple_get(enc, 0), &n) : NULL;
        if (t && n == 5 && (memcmp(t, "utf16", 5) == 0 || memcmp(t, "utf32", 5) == 0))
            return NULL;
    }
    return S_BAD_ENCODING;
}
/* unicode_char_data/1: whether unicode:characters_to_binary(Chars) gives a
 * binary: a binary of whole UTF-8 characters, or a list of code points
 * (not surrogates), such binaries and such lists, ending in [] or a
 * binary. An explicit stack: the depth is the caller's. */
static const char *s_char_data(term_t t)
{
    tstack st = {0};
    const char *err = NULL;
    tstack_push(&st, t);
    while (!err && tstack_pop(&st, &t)) {
        if (term_is_bitstring(t)) {
            if (!is_binary(t) || !is_utf8(t))
                err = S_BAD_CHAR_DATA;
        } else if (term_is_list(t)) {
            term_t h = list_head(t);
            tstack_push(&st, list_tail(t));
            if (term_is_small(h)) {
                if (!unicode_is_scalar(small_value(h)))
                    err = S_BAD_CHAR_DATA;
            } else if (term_is_list(h) || term_is_bitstring(h) || term_is_nil(h)) {
                tstack_push(&st, h);
            } else {
                err = S_BAD_CHAR_DATA;
            }
        } else if (!term_is_nil(t)) {
            err = S_BAD_CHAR_DATA;
        }
    }
    tstack_free(&st);
    return err;
}

/* format_binary_error(part, [Subject, Pos, Len], _) into err[1..3];
 * true when OTP's list has two entries (Pos past the end), not three. */
static bool s_binary_part(term_t subject, term_t pos, term_t len, const char **err)
{
    err[1] = s_binary(subject);
    err[2] = s_position(pos);
    err[3] = s_integer(len);
    if (err[1] || err[2] || err[3])
        return false;
    bool past = term_is_big(pos) || (uint64_t)small_value(pos) > byte_size_of(subject);
    err[past ? 2 : 3] = RANGE;
    return past;
}

static bool derive_binary(const char *name, size_t len, const term_t *a, unsigned n, term_t cause,
                          const char **err)
{
    if (IS("at", 2)) {
        err[1] = s_binary(a[0]), err[2] = s_position(a[1]);
    } else if (IS("bin_to_list", 1) || IS("copy", 1) || IS("decode_unsigned", 1) || IS("encode_hex", 1) ||
               IS("referenced_byte_size", 1)) {
        err[1] = s_binary(a[0]);
    } else if (IS("compile_pattern", 1)) {
        err[1] = S_BAD_PATTERN;
    } else if (IS("copy", 2)) {
        err[1] = s_binary(a[0]), err[2] = must_be_int(a[1], 0, 0, true);
    } else if (IS("decode_unsigned", 2)) {
        err[1] = s_binary(a[0]);
        err[2] = a[1] == ATOM_big || a[1] == ATOM_little ? NULL : S_BAD_ENDIANNESS;
    } else if (IS("encode_unsigned", 1) || IS("encode_unsigned", 2)) {
        err[1] = must_be_int(a[0], 0, 0, true);
        if (n == 2)
            err[2] = a[1] == ATOM_big || a[1] == ATOM_little ? NULL : S_BAD_ENDIANNESS;
    } else if (IS("decode_hex", 1)) {
        err[1] = is_binary(a[0]) && byte_size_of(a[0]) % 2 == 1 ? "must contain an even number of bytes"
                                                                : s_binary(a[0]);
    } else if (IS("first", 1) || IS("last", 1)) {
        err[1] = is_binary(a[0]) && byte_size_of(a[0]) == 0 ? S_EMPTY_BINARY : s_binary(a[0]);
    } else if (IS("list_to_bin", 1)) {
        err[1] = NOT_IODATA;
    } else if (IS("longest_common_prefix", 1) || IS("longest_common_suffix", 1)) {
        err[1] = S_BAD_BINARY_LIST;
    } else if (IS("match", 2) || IS("matches", 2) || IS("split", 2)) {
        err[1] = s_binary(a[0]), err[2] = s_pattern(a[1]);
    } else if (IS("match", 3) || IS("matches", 3)) {
        err[1] = s_binary(a[0]), err[2] = s_pattern(a[1]);
        if (!err[1] && !err[2]) {
            term_t o = a[2], sc;
            bool scope = term_is_list(o) && term_is_nil(list_tail(o)) && term_is_tuple(sc = list_head(o)) &&
                         tuple_arity(sc) == 2 && tuple_get(sc, 0) == ATOM_SCOPE &&
                         term_is_tuple(tuple_get(sc, 1)) && tuple_arity(tuple_get(sc, 1)) == 2 &&
                         term_is_integer(tuple_get(tuple_get(sc, 1), 0)) &&
                         term_is_integer(tuple_get(tuple_get(sc, 1), 1));
            err[3] = scope ? "specified part is not wholly inside binary" : S_BAD_OPTIONS;
        }
    } else if (IS("split", 3)) {
        err[1] = s_binary(a[0]), err[2] = s_pattern(a[1]);
        if (!err[1] && !err[2])
            err[3] = S_BAD_OPTIONS;
    } else if (IS("part", 3) || IS("bin_to_list", 3)) {
        s_binary_part(a[0], a[1], a[2], err);
    } else if (IS("part", 2) || IS("bin_to_list", 2)) {
        term_t pl = a[1];
        if (term_is_tuple(pl) && tuple_arity(pl) == 2 && term_is_integer(tuple_get(pl, 0)) &&
            term_is_integer(tuple_get(pl, 1))) {
            /* OTP's part/2 clause expects three entries: with two it
             * fails, and erl_error prints nothing */
            if (s_binary_part(a[0], tuple_get(pl, 0), tuple_get(pl, 1), err))
                return false;
            err[2] = err[2] || err[3] ? RANGE : NULL;
            err[3] = NULL;
        } else {
            err[1] = s_binary(a[0]), err[2] = "not a valid {Pos,Length} tuple";
        }
    } else if (IS("replace", 3) || IS("replace", 4)) {
        err[1] = s_binary(a[0]), err[2] = s_pattern(a[1]), err[3] = s_binary(a[2]);
        if (n == 4 && (cause == ATOM_BADOPT || (!err[1] && !err[2] && !err[3])))
            err[4] = S_BAD_OPTIONS;
    } else {
        return false;
    }
    return true;
}

static bool derive_lists(const char *name, size_t len, const term_t *a, unsigned n, const char **err)
{
    if (IS("keyfind", 3) || IS("keymember", 3) || IS("keysearch", 3)) {
        err[2] = must_be_int(a[1], 1, 0, true);
        err[3] = must_be_list(a[2], NULL);
    } else if (IS("member", 2)) {
        err[2] = must_be_list(a[1], NULL);
    } else if (IS("reverse", 2)) {
        err[1] = must_be_list(a[0], NULL);
    } else if (IS("seq", 3)) {
        err[1] = s_integer(a[0]), err[2] = s_integer(a[1]), err[3] = s_integer(a[2]);
        if (err[1] || err[2] || err[3])
            return true;
        if (!term_is_small(a[0]) || !term_is_small(a[1]) || !term_is_small(a[2]))
            return false; /* OTP's arithmetic on bignums: not done here */
        int64_t first = small_value(a[0]), last = small_value(a[1]), inc = small_value(a[2]);
        if (inc <= 0 && first - inc <= last)
            err[3] = "not a positive increment";
        else if (inc >= 0 && first - inc >= last)
            err[3] = "not a negative increment";
        else
            return false; /* no clause of OTP's: no explanation */
    } else {
        return false;
    }
    return true;
}

static bool derive_maps(const char *name, size_t len, const term_t *a, unsigned n, const char **err)
{
    /* one fixed text each: the argument that is no map, or no iterator */
    static const fixed_text map_arg[] = {
        /* clang-format off */
        {"find", 2, 2, NOT_MAP},   {"get", 3, 2, NOT_MAP},     {"is_key", 2, 2, NOT_MAP},
        {"iterator", 1, 1, NOT_MAP}, {"keys", 1, 1, NOT_MAP},  {"put", 3, 3, NOT_MAP},
        {"remove", 2, 2, NOT_MAP}, {"size", 1, 1, NOT_MAP},    {"take", 2, 2, NOT_MAP},
        {"to_list", 1, 1, NOT_MAP}, {"update", 3, 3, NOT_MAP}, {"values", 1, 1, NOT_MAP},
        {"next", 1, 1, S_BAD_ITERATOR},
        /* clang-format on */
    };
    if (put_fixed(map_arg, sizeof map_arg / sizeof map_arg[0], name, len, n, err))
        return true;
    if (IS("get", 2)) {
        map_get_errors(a[1], err);
    } else if (IS("filter", 2) || IS("filtermap", 2) || IS("foreach", 2) || IS("map", 2)) {
        err[1] = s_fun(a[0], 2), err[2] = s_map_or_iter(a[1]);
    } else if (IS("fold", 3)) {
        err[1] = s_fun(a[0], 3), err[3] = s_map_or_iter(a[2]);
    } else if (IS("from_keys", 2) || IS("from_list", 1)) {
        err[1] = must_be_list(a[0], NULL);
    } else if (IS("groups_from_list", 2)) {
        err[1] = s_fun(a[0], 1), err[2] = must_be_list(a[1], NULL);
    } else if (IS("groups_from_list", 3)) {
        err[1] = s_fun(a[0], 1), err[2] = s_fun(a[1], 1), err[3] = must_be_list(a[2], NULL);
    } else if (IS("intersect", 2) || IS("merge", 2)) {
        err[1] = s_map(a[0]), err[2] = s_map(a[1]);
    } else if (IS("intersect_with", 3) || IS("merge_with", 3)) {
        err[1] = s_fun(a[0], 3), err[2] = s_map(a[1]), err[3] = s_map(a[2]);
    } else if (IS("update_with", 3)) {
        err[2] = s_fun(a[1], 1), err[3] = s_map(a[2]);
    } else if (IS("update_with", 4)) {
        err[2] = s_fun(a[1], 1), err[4] = s_map(a[3]);
    } else if (IS("with", 2) || IS("without", 2)) {
        err[1] = must_be_list(a[0], NULL), err[2] = s_map(a[1]);
    } else {
        return false;
    }
    return true;
}

static bool derive_math(const char *name, size_t len, const term_t *a, unsigned n, const char **err)
{
    static const char *const domain[] = {"acos", "acosh", "asin", "atanh", "log", "log2", "log10", "sqrt"};
    for (size_t i = 0; i < sizeof domain / sizeof domain[0]; i++)
        if (IS(domain[i], 1)) {
            err[1] = term_is_number(a[0]) ? S_DOMAIN_ERROR : NOT_NUMBER;
            return true;
        }
    if (n == 1) {
        err[1] = s_number(a[0]);
    } else if (n == 2) {
        err[1] = s_number(a[0]), err[2] = s_number(a[1]);
        if (IS("fmod", 2) && !err[1] && !err[2]) {
            bool zero = term_is_small(a[1])   ? small_value(a[1]) == 0
                        : term_is_float(a[1]) ? float_value(a[1]) == 0.0
                                              : false;
            err[2] = zero ? S_DOMAIN_ERROR : NULL;
        }
    } else {
        return false;
    }
    return true;
}

static bool derive_unicode(const char *name, size_t len, const term_t *a, unsigned n, const char **err)
{
    if (IS("characters_to_binary", 1) || IS("characters_to_list", 1)) {
        err[1] = S_BAD_CHAR_DATA;
    } else if (IS("characters_to_binary", 2) || IS("characters_to_list", 2) ||
               IS("characters_to_binary", 3) || IS("characters_to_list", 3)) {
        err[1] = s_char_data(a[0]);
        for (unsigned i = 1; i < n; i++)
            err[i + 1] = s_encoding(a[i]);
    } else if (IS("characters_to_nfc_binary", 1) || IS("characters_to_nfc_list", 1) ||
               IS("characters_to_nfd_binary", 1) || IS("characters_to_nfd_list", 1) ||
               IS("characters_to_nfkc_binary", 1) || IS("characters_to_nfkc_list", 1) ||
               IS("characters_to_nfkd_binary", 1) || IS("characters_to_nfkd_list", 1)) {
        err[1] = S_BAD_CHAR_DATA;
    } else {
        return false;
    }
    return true;
}

/* ---- ets (erl_stdlib_errors:format_ets_error/3) ---- */

#define S_BAD_KEY "not a key that exists in the table"
#define S_BAD_MATCHSPEC "not a valid match specification"
#define S_BAD_TABLE_NAME "invalid table name (must be an atom)"
#define S_EMPTY_TUPLE "is an empty tuple"
#define S_NAME_EXISTS "table name already exists"
#define S_SAME_AS_KEYPOS "the position is the same as the key position"
#define S_UPDATE_OP_RANGE "the position in the update operation is out of range"
#define S_BAD_UPDATE_OP "not a valid update operation"
#define S_COUNTER_NOT_INT "the value in the given position, in the object, is not an integer"

/* format_cause/2: what the cause says of the table argument (a[0]), or
 * NULL for a cause about another argument. */
static const char *ets_tab_cause(term_t tab, term_t cause)
{
    size_t len;
    const char *c = term_is_atom(cause) ? atom_text(cause, &len) : "";
    if (!strcmp(c, "type"))
        return term_is_ref(tab) ? "not a valid table identifier" : "not an atom or a table identifier";
    if (!strcmp(c, "id"))
        return "the table identifier does not refer to an existing ETS table";
    if (!strcmp(c, "access"))
        return "the table identifier refers to an ETS table with insufficient access rights";
    if (!strcmp(c, "table_type"))
        return "the table identifier refers to an ETS table of a type not supported by this operation";
    return NULL;
}

/* format_tuple/1: an object must be a tuple of at least one element. */
static const char *s_object(term_t t)
{
    if (term_is_tuple(t))
        return tuple_arity(t) > 0 ? NULL : S_EMPTY_TUPLE;
    return NOT_TUPLE;
}

/* format_objects/2's test of insert's second argument. */
static const char *s_objects(term_t t)
{
    if (term_is_tuple(t))
        return tuple_arity(t) > 0 ? NULL : S_EMPTY_TUPLE;
    if (!term_is_cons_or_nil(t))
        return NOT_TUPLE;
    for (; term_is_list(t); t = list_tail(t))
        if (!term_is_tuple(list_head(t)) || tuple_arity(list_head(t)) == 0)
            return "not a non-empty tuple or a list of non-empty tuples";
    return term_is_nil(t) ? NULL : "not a non-empty tuple or a list of non-empty tuples";
}

/* format_non_negative_integer/1 (which wants 1 or more). */
static const char *s_count(term_t n)
{
    if (!term_is_integer(n))
        return NOT_INTEGER;
    return term_is_small(n) && small_value(n) < 1 ? RANGE : NULL;
}

static bool is_update_op(term_t op)
{
    if (term_is_integer(op))
        return true;
    if (!term_is_tuple(op) || (tuple_arity(op) != 2 && tuple_arity(op) != 4))
        return false;
    for (uint64_t i = 0; i < tuple_arity(op); i++)
        if (!term_is_integer(tuple_get(op, i)))
            return false;
    return true;
}

/* is_update_op_top/1, and is_element_spec_top/1 (elements: {Pos, _} with
 * Pos a positive integer): one operation, or a list of them. */
static bool all_ops(term_t op, bool element)
{
    if (!term_is_cons_or_nil(op)) {
        if (!element)
            return is_update_op(op);
        return term_is_tuple(op) && tuple_arity(op) == 2 && term_is_integer(tuple_get(op, 0)) &&
               !(term_is_small(tuple_get(op, 0)) && small_value(tuple_get(op, 0)) < 1) &&
               term_boxed_subtag(tuple_get(op, 0)) != HDR_NEG_BIG;
    }
    for (; term_is_list(op); op = list_tail(op))
        if (!all_ops(list_head(op), element) || term_is_cons_or_nil(list_head(op)))
            return false;
    return term_is_nil(op);
}

static const char *s_update_op(term_t op) { return all_ops(op, false) ? NULL : S_BAD_UPDATE_OP; }

/* erl_stdlib_errors' texts for ets:Name/n over a[0..n) with the error's
 * cause; false for a function it says nothing of. */
static bool derive_ets(const char *name, size_t len, const term_t *a, unsigned n, term_t cause,
                       const char **err)
{
    const char *tab = n ? ets_tab_cause(a[0], cause) : NULL;
    /* format_default(Default, ...): the table's cause, else Default for
     * the second argument */
    const char *dflt = NULL;
    if (IS("info", 2))
        dflt = "not a valid info item";
    else if (IS("next", 2) || IS("prev", 2))
        dflt = S_BAD_KEY;
    else if (IS("safe_fixtable", 2))
        dflt = "not a boolean value";
    else if (IS("select", 2) || IS("select_count", 2) || IS("select_delete", 2) ||
             IS("internal_select_delete", 2) || IS("select_replace", 2) || IS("select_reverse", 2))
        dflt = S_BAD_MATCHSPEC;
    else if (IS("setopts", 2))
        dflt = S_BAD_OPTIONS;
    else if (IS("slot", 2))
        dflt = RANGE;
    if (dflt) {
        err[1] = tab;
        err[2] = tab ? NULL : dflt;
        return true;
    }
    if (n == 1 && (IS("match", 1) || IS("match_object", 1) || IS("select", 1) || IS("select_reverse", 1))) {
        err[1] = "invalid continuation";
    } else if (IS("match_spec_compile", 1)) {
        err[1] = S_BAD_MATCHSPEC;
    } else if (IS("whereis", 1)) {
        err[1] = S_BAD_TABLE_NAME;
    } else if (IS("delete_object", 2)) {
        err[1] = tab, err[2] = s_object(a[1]);
    } else if (IS("insert", 2) || IS("insert_new", 2)) {
        err[1] = tab, err[2] = s_objects(a[1]);
    } else if (IS("give_away", 3)) {
        err[1] = tab;
        if (atom_is_named(cause, "owner"))
            err[2] = "the process is already the owner of the table";
        else if (atom_is_named(cause, "not_owner"))
            err[2] = "the current process is not the owner";
        else if (!term_is_pid(a[1]))
            err[2] = NOT_PID;
        else if (!tab)
            err[2] = "the pid refers to a terminated process";
    } else if (IS("lookup_element", 3)) {
        const char *pos = s_count(a[2]);
        err[1] = tab;
        if (atom_is_named(cause, "badkey"))
            err[2] = S_BAD_KEY, err[3] = pos;
        else if (!tab && !pos)
            err[3] = "position is greater than the size of the object";
        else
            err[3] = pos;
    } else if (IS("match", 3) || IS("match_object", 3)) {
        err[1] = tab, err[3] = s_count(a[2]);
    } else if (IS("select", 3) || IS("select_count", 3) || IS("select_reverse", 3)) {
        err[1] = tab, err[2] = ets_is_match_spec(a[1]) ? NULL : S_BAD_MATCHSPEC, err[3] = s_count(a[2]);
    } else if (IS("new", 2)) {
        const char *nm = term_is_atom(a[0]) ? NULL : NOT_ATOM, *opts = must_be_list(a[1], NULL);
        if (nm || opts)
            err[1] = nm, err[2] = opts;
        else if (atom_is_named(cause, "already_exists"))
            err[1] = S_NAME_EXISTS;
        else
            err[2] = S_BAD_OPTIONS;
    } else if (IS("rename", 2)) {
        err[1] = tab, err[2] = term_is_atom(a[1]) ? NULL : S_BAD_TABLE_NAME;
        if (!err[1] && !err[2])
            err[2] = S_NAME_EXISTS;
    } else if (IS("update_counter", 3)) {
        err[1] = tab;
        if (atom_is_named(cause, "badkey"))
            err[2] = S_BAD_KEY, err[3] = s_update_op(a[2]);
        else if (atom_is_named(cause, "keypos"))
            err[3] = S_SAME_AS_KEYPOS;
        else if (atom_is_named(cause, "position"))
            err[3] = S_UPDATE_OP_RANGE;
        else if (atom_is_named(cause, "none"))
            err[3] = all_ops(a[2], false) ? S_COUNTER_NOT_INT : S_BAD_UPDATE_OP;
        else
            err[3] = s_update_op(a[2]);
    } else if (IS("update_counter", 4)) {
        if (tab) {
            err[1] = tab;
            return true;
        }
        const char *dt = s_object(a[3]);
        if (atom_is_named(cause, "badkey"))
            err[2] = S_BAD_KEY, err[3] = s_update_op(a[2]), err[4] = dt;
        else if (atom_is_named(cause, "keypos"))
            err[3] = S_SAME_AS_KEYPOS, err[4] = dt;
        else if (atom_is_named(cause, "position"))
            err[3] = S_UPDATE_OP_RANGE;
        else if (!s_update_op(a[2]) && !dt)
            err[3] = S_COUNTER_NOT_INT;
        else
            err[3] = s_update_op(a[2]), err[4] = dt;
    } else if (IS("update_element", 3)) {
        err[1] = tab;
        if (atom_is_named(cause, "keypos"))
            err[3] = S_SAME_AS_KEYPOS;
        else if (!all_ops(a[2], true))
            err[3] = "is not a valid element specification";
        else if (!tab)
            err[3] = RANGE;
    } else {
        err[1] = tab;
    }
    return true;
}

/* ---- re (erl_stdlib_errors:format_re_error/3) ---- */

#define S_NOT_REGEXP "neither an iodata term nor a compiled regular expression"
#define S_NOT_COMPILED_REGEXP "not a compiled regular expression"

/* The text of a pattern PCRE2 refused (the explanation's lifetime). */
static _Thread_local char bad_regexp_text[320];

/* must_be_iodata/1. */
static const char *s_iodata(term_t t)
{
    size_t n;
    return bin_iodata(t, NULL, &n) ? NULL : NOT_IODATA;
}

/* What re:compile(Re) makes of Re; for RE_BAD, *text is PCRE2's
 * complaint and where (erl_stdlib_errors' {bad_regexp, {Reason, Column}}). */
static re_check compile_check(term_t re, const char **text)
{
    char msg[256];
    size_t at = 0;
    re_check r = re_check_pattern(re, msg, sizeof msg, &at);
    if (r == RE_BAD) {
        snprintf(bad_regexp_text, sizeof bad_regexp_text,
                 "could not parse regular expression\n%s on character %zu", msg, at);
        *text = bad_regexp_text;
    }
    return r;
}

/* The explanation for re:compile/2's pattern: `raised` when compile/1
 * raises on it. */
static const char *s_compile(term_t re, const char *raised)
{
    const char *text = NULL;
    re_check r = compile_check(re, &text);
    return r == RE_OK ? NULL : r == RE_BAD ? text : raised;
}

/* must_be_regexp/1: pattern text that compiles, or a compiled pattern. */
static const char *s_regexp(term_t re)
{
    const char *text = NULL;
    switch (compile_check(re, &text)) {
    case RE_OK:
        return NULL;
    case RE_BAD:
        return text;
    default:
        return re_is_compiled(re) ? NULL : S_NOT_REGEXP;
    }
}

static bool derive_re(const char *name, size_t len, const term_t *a, unsigned n, term_t cause,
                      const char **err)
{
    bool badopt = cause == ATOM_BADOPT;
    if (IS("compile", 1)) {
        err[1] = NOT_IODATA;
    } else if (IS("compile", 2)) {
        err[1] = s_compile(a[0], NOT_IODATA);
        err[2] = badopt ? S_BAD_OPTIONS : NULL;
    } else if (IS("inspect", 2)) {
        bool compiled = re_is_compiled(a[0]);
        err[1] = compiled ? NULL : S_NOT_COMPILED_REGEXP;
        err[2] = compiled || !term_is_atom(a[1]) ? "not a valid item" : NULL;
    } else if (IS("run", 2) || IS("run", 3) || IS("split", 2) || IS("split", 3)) {
        err[1] = s_iodata(a[0]), err[2] = s_regexp(a[1]);
        if (n == 3 && badopt)
            err[3] = S_BAD_OPTIONS;
    } else if (IS("replace", 3) || IS("replace", 4)) {
        err[1] = s_iodata(a[0]), err[2] = s_regexp(a[1]), err[3] = s_iodata(a[2]);
        if (n == 4 && badopt)
            err[4] = S_BAD_OPTIONS;
    } else {
        return false;
    }
    return true;
}

/* erl_stdlib_errors:format_error(Reason, [{M, F, As, Info} | _]) for the
 * modules dbgsh has (binary, ets, lists, maps, math, re, unicode); nothing
 * for the rest, as OTP's gives nothing for a module it does not know. */
static void derive_stdlib(term_t frame, emap *e)
{
    term_t m = tuple_get(frame, 0), f = tuple_get(frame, 1), a[EMAP_ARGS], cause;
    unsigned n;
    if (!frame_args(frame, a, &n, &cause))
        return;
    size_t len;
    const char *name = atom_text(f, &len);
    bool known = m == ATOM_binary    ? derive_binary(name, len, a, n, cause, e->arg)
                 : m == ATOM_lists   ? derive_lists(name, len, a, n, e->arg)
                 : m == ATOM_maps    ? derive_maps(name, len, a, n, e->arg)
                 : m == ATOM_MATH    ? derive_math(name, len, a, n, e->arg)
                 : m == ATOM_UNICODE ? derive_unicode(name, len, a, n, e->arg)
                 : m == ATOM_ETS     ? derive_ets(name, len, a, n, cause, e->arg)
                 : m == ATOM_RE      ? derive_re(name, len, a, n, cause, e->arg)
                                     : false;
    if (!known)
        memset(e->arg, 0, sizeof e->arg);
}

/* ---- erl_kernel_errors:format_error/2 ---------------------------------------------- */

#define ATOM_KERNEL_ERRORS atom_cached(&slot_kernel_errors, "erl_kernel_errors")
#define ATOM_OS atom_cached(&slot_os, "os")

/* must_be_env_var_name/1 (name) or must_be_env_var_value/1: what is wrong
 * with t as an environment variable's name or value, after OTP's checks in
 * their order (flattening, integers, Unicode, NUL, '='); NULL when
 * nothing. */
static const char *s_env_chars(term_t t, bool name)
{
    if (!term_is_cons_or_nil(t))
        return NOT_LIST;
    bool improper = false, nonint = false, invalid = false, zero = false, eq = false;
    tstack st = {0};
    tstack_push(&st, t);
    while (tstack_pop(&st, &t)) {
        if (term_is_nil(t))
            continue;
        if (!term_is_list(t)) {
            improper = true;
            continue;
        }
        term_t h = list_head(t);
        tstack_push(&st, list_tail(t));
        if (term_is_cons_or_nil(h)) {
            tstack_push(&st, h);
        } else if (!term_is_integer(h)) {
            nonint = true;
        } else {
            int64_t c = term_is_small(h) ? small_value(h) : -1;
            invalid |= !unicode_is_scalar(c);
            zero |= c == 0;
            eq |= c == '=';
        }
    }
    tstack_free(&st);
    return improper     ? NOT_PROPER_LIST
           : nonint     ? NOT_STRING
           : invalid    ? "invalid characters"
           : zero       ? "\"\\0\" characters is not allowed in environment variable names or values"
           : name && eq ? "\"=\" characters is not allowed in environment variable names"
                        : NULL;
}

/* erl_kernel_errors:format_error(Reason, [{os, F, As, Info} | _]): OTP's
 * texts for the os functions dbgsh has; nothing for others. */
static void derive_kernel(term_t frame, emap *e)
{
    term_t a[EMAP_ARGS], cause;
    unsigned n;
    memset(e->arg, 0, sizeof e->arg);
    if (tuple_get(frame, 0) != ATOM_OS || !frame_args(frame, a, &n, &cause))
        return;
    size_t len;
    const char *name = atom_text(tuple_get(frame, 1), &len);
    const char **err = e->arg;
    if (IS("getenv", 1) || IS("getenv", 2) || IS("unsetenv", 1))
        err[1] = s_env_chars(a[0], true);
    else if (IS("putenv", 2))
        err[1] = s_env_chars(a[0], true), err[2] = s_env_chars(a[1], false);
    else if (IS("system_time", 1) || IS("perf_counter", 1))
        err[1] = "invalid time unit";
}

/* io_lib:format("~p", [V]) (column 1, or `col`; ~P at `depth` unless it
 * is -1), as erl_erts_errors' texts write values. */
static void put_plain_pp(fmt_buf *b, term_t v, int col, int depth)
{
    fmt_pretty_opts po;
    fmt_pretty_opts_init(&po);
    po.column = col;
    po.depth = depth;
    fmt_pretty(b, v, &po);
}

/* erl_erts_errors:possibly_truncated/1, format_bs_fail's printer of a
 * value: an integer of 48 characters or more as its first and last 12
 * around "...", a bitstring of 16 bytes or more as ~w of its first 8 bytes
 * and its last two (the last one's bits) around "...,", anything else as
 * ~P at depth 20. */
static void put_truncated(fmt_buf *b, term_t v)
{
    if (term_is_integer(v)) {
        size_t mark = b->len;
        fmt_write(b, v, -1, false);
        size_t n = b->len - mark;
        if (n >= 48) {
            memcpy(b->data + mark + 12, "...", 3);
            memmove(b->data + mark + 15, b->data + mark + n - 12, 12);
            b->len = mark + 27;
            b->data[b->len] = '\0';
        }
        return;
    }
    if (!term_is_bitstring(v)) {
        put_plain_pp(b, v, 1, 20);
        return;
    }
    bin_view bv;
    bin_view_of(v, &bv);
    uint64_t size = bv.size + (bv.bitsize != 0); /* byte_size/1 */
    if (size < 16) {
        put_plain_pp(b, v, 1, -1);
        return;
    }
    /* OTP's: ~w of the first 8 bytes without its ">>", "...,", ~w of the
     * rest from byte size - 2 on without its "<<" */
    bin_view head = {bv.bytes, 8, bv.bitoffset, 0};
    bin_view tail = {bv.bytes + (size - 2), bv.size - (size - 2), bv.bitoffset, bv.bitsize};
    fmt_put_bits_view(b, &head, -1);
    b->len -= 2;
    fmt_buf_put(b, "...,", 4);
    size_t mark = b->len;
    fmt_put_bits_view(b, &tail, -1);
    memmove(b->data + mark, b->data + mark + 2, b->len - mark - 2);
    b->len -= 2;
    b->data[b->len] = '\0';
}

/* erl_erts_errors:format_bs_fail(Reason, [{_, _, _, Info} | _]) for the
 * error_info map `info`: the general text "segment N of type 'T': ..."
 * into c->gen and the reason "construction of binary failed"; nothing
 * where OTP's would fail (and erl_error ignore it). A pretty_printer fun
 * in the map is not called: possibly_truncated prints the value. */
static void derive_bs_fail(ectx *c, term_t reason, term_t info, emap *e)
{
    term_t cause, segment, v;
    if (!map_get(info, ATOM_cause, &cause) || !term_is_tuple(cause) || tuple_arity(cause) != 4)
        return;
    segment = tuple_get(cause, 0);
    if (map_get(info, ATOM_OVERRIDE_SEGMENT, &v))
        segment = v;
    term_t type = tuple_get(cause, 1), error = tuple_get(cause, 2), value = tuple_get(cause, 3);
    if (!term_is_atom(type))
        return;
    fmt_buf *b = &c->gen;
    fmt_buf_reset(b);
    fmt_buf_put(b, "segment ", 8);
    put_plain_pp(b, segment, 9, -1);
    size_t tlen;
    const char *tname = atom_text(type, &tlen);
    fmt_buf_put(b, " of type '", 10);
    fmt_buf_put(b, tname, tlen);
    fmt_buf_put(b, "': ", 3);
    size_t start = b->len; /* do_format_bs_fail's own io_lib:format starts here */
#define PUT(s) fmt_buf_put(b, s, sizeof s - 1)
    if (reason == ATOM_system_limit) {
        if (type == ATOM_binary && error == ATOM_binary && value == ATOM_size) {
            PUT("the size of the binary/bitstring is too large (exceeding 2147483647 bits)");
        } else if (error == ATOM_size) {
            PUT("the size ");
            put_plain_pp(b, value, 10, -1);
            PUT(" is too large");
        } else {
            return;
        }
    } else if (reason != ATOM_badarg) {
        return;
    } else if (type == ATOM_float_ && error == ATOM_invalid) {
        PUT("expected one of the supported sizes 16, 32, or 64 but got: ");
        put_plain_pp(b, value, (int)(b->len - start) + 1, -1);
    } else if (type == ATOM_float_ && error == ATOM_no_float) {
        PUT("the value ");
        put_truncated(b, value);
        PUT(" is outside the range expressible as a float");
    } else if (type == ATOM_binary && error == ATOM_unit) {
        PUT("the size of the value ");
        put_truncated(b, value);
        PUT(" is not a multiple of the unit for the segment");
    } else if (error == ATOM_short) {
        PUT("the value ");
        put_truncated(b, value);
        PUT(" is shorter than the size of the segment");
    } else if (error == ATOM_size) {
        PUT("expected a non-negative integer as size but got: ");
        put_truncated(b, value);
    } else if (error == ATOM_type) {
        if (type == ATOM_binary) {
            PUT("expected a binary");
        } else if (type == ATOM_float_) {
            PUT("expected a float or an integer");
        } else if (type == ATOM_integer) {
            PUT("expected an integer");
        } else {
            PUT("expected a non-negative integer encodable as ");
            fmt_buf_put(b, tname, tlen);
        }
        PUT(" but got: ");
        put_truncated(b, value);
    } else {
        return;
    }
#undef PUT
    e->general = b;
    e->reason = "construction of binary failed";
}

/* crypto:format_error/2 (vm/lib/crypto.erl) on what its nif_call raised,
 * {Kind, {File, Line}, Text} with erl_function_arg_num in error_info:
 * Text for that argument and "(Found in the internal file File at line
 * Line)" as the general text, or both as the general text when the
 * argument is undefined. */
static void derive_crypto(ectx *c, term_t reason, term_t info, emap *e)
{
    term_t n;
    if (!map_get(info, ATOM_ERL_FUNCTION_ARG_NUM, &n) || !term_is_tuple(reason) || tuple_arity(reason) != 3)
        return;
    term_t kind = tuple_get(reason, 0), where = tuple_get(reason, 1), text = tuple_get(reason, 2);
    if ((kind != ATOM_badarg && !atom_is_named(kind, "notsup")) || !term_is_tuple(where) ||
        tuple_arity(where) != 2 || !term_is_small(tuple_get(where, 1)))
        return;
    bool to_arg = term_is_small(n) && small_value(n) >= 1 && small_value(n) <= EMAP_ARGS;
    fmt_buf *b = &c->gen;
    fmt_buf_reset(b);
    if (!put_chardata(b, text))
        return;
    if (to_arg) {
        size_t len = b->len < sizeof c->arg_text - 1 ? b->len : sizeof c->arg_text - 1;
        memcpy(c->arg_text, b->data, len);
        c->arg_text[len] = '\0';
        e->arg[small_value(n)] = c->arg_text;
        fmt_buf_reset(b);
    } else {
        fmt_buf_putc(b, ' ');
    }
    static const char found[] = "(Found in the internal file ", at[] = " at line ";
    fmt_buf_put(b, found, sizeof found - 1);
    if (!put_chardata(b, tuple_get(where, 0)))
        return;
    fmt_buf_put(b, at, sizeof at - 1);
    fmt_write(b, tuple_get(where, 1), -1, false);
    fmt_buf_putc(b, ')');
    e->general = b;
}

/* get_extended_error(Reason, Trace): the error map of the first frame's
 * error_info, when there is one. */
static void get_error_map(ectx *c, term_t reason, term_t trace, emap *e)
{
    memset(e, 0, sizeof *e);
    e->map = THE_NON_VALUE;
    if (!term_is_list(trace))
        return;
    term_t frame = list_head(trace), ei = THE_NON_VALUE;
    for (term_t l = tuple_get(frame, 3); term_is_list(l); l = list_tail(l)) {
        term_t p = list_head(l);
        if (term_is_tuple(p) && tuple_arity(p) >= 1 && tuple_get(p, 0) == ATOM_error_info) {
            ei = p;
            break;
        }
    }
    term_t info = ei != THE_NON_VALUE ? tagged2(ei, ATOM_error_info) : THE_NON_VALUE;
    if (info == THE_NON_VALUE || !term_is_map(info))
        return;
    if (c->o->error_map != THE_NON_VALUE) {
        if (term_is_map(c->o->error_map))
            e->map = c->o->error_map;
        return;
    }
    term_t mod = tuple_get(frame, 0), fn = ATOM_FORMAT_ERROR, v;
    if (map_get(info, ATOM_module, &v))
        mod = v;
    if (map_get(info, ATOM_function, &v))
        fn = v;
    if (mod == ATOM_erl_erts_errors && fn == ATOM_FORMAT_ERROR)
        derive_erts(reason, frame, e);
    else if (mod == ATOM_erl_erts_errors && fn == ATOM_format_bs_fail)
        derive_bs_fail(c, reason, info, e);
    else if (mod == ATOM_STDLIB_ERRORS && fn == ATOM_FORMAT_ERROR)
        derive_stdlib(frame, e);
    else if (mod == ATOM_KERNEL_ERRORS && fn == ATOM_FORMAT_ERROR)
        derive_kernel(frame, e);
    else if (mod == ATOM_CRYPTO && fn == ATOM_FORMAT_ERROR)
        derive_crypto(c, reason, info, e);
}

/* A lone \r or \n at s[i] (not one of a \r\n pair). */
static bool is_line_end(const char *s, size_t len, size_t i)
{
    if (s[i] == '\n')
        return i == 0 || s[i - 1] != '\r';
    return s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n');
}

/* The error map's general text on a line of its own, when it has one. */
static void put_general(ectx *c, const emap *e, int64_t sep)
{
    if (emap_has(e, ATOM_GENERAL, 0)) {
        fmt_buf_putc(c->b, '\n');
        put_spaces(c, sep);
        put_cstr(c, "   *** ");
        put_emap(c->b, e, ATOM_GENERAL, 0);
    }
}

/* call_format_error(ErrorMap, A, Sep): for each argument with a text,
 * "\n" Sep "   *** argument N: " and its first line, each further line
 * under the first; then the general text. `as` is the arity or the
 * argument list. */
static void put_arg_errors(ectx *c, const emap *e, term_t as, int64_t sep)
{
    int64_t n = term_is_small(as) ? small_value(as) : 0;
    term_t l = as;
    for (int argnum = 1;; argnum++) {
        if (term_is_small(as)) {
            if (argnum > n)
                break;
        } else if (term_is_list(l)) {
            l = list_tail(l);
        } else {
            break;
        }
        term_t key = term_small(argnum);
        if (!emap_has(e, key, argnum))
            continue;
        char head[40];
        int hw = snprintf(head, sizeof head, "*** argument %d: ", argnum);
        fmt_buf_reset(&c->tmp);
        put_emap(&c->tmp, e, key, argnum);
        /* string:lexemes(Err, "\r\n"): the non-empty runs between line
         * ends; "\r\n" is one grapheme, neither separator, so it stays */
        const char *s = c->tmp.data ? c->tmp.data : "";
        size_t len = c->tmp.len, i = 0;
        bool first = true;
        while (i < len || first) {
            while (i < len && is_line_end(s, len, i))
                i++;
            size_t j = i;
            while (j < len && !is_line_end(s, len, j))
                j++;
            if (j == i && !first)
                break;
            fmt_buf_putc(c->b, '\n');
            put_spaces(c, sep);
            put_cstr(c, "   ");
            if (first)
                put_cstr(c, head);
            else
                put_spaces(c, hw);
            fmt_buf_put(c->b, s + i, j - i);
            first = false;
            i = j;
        }
    }
    put_general(c, e, sep);
}

/* ---- the stack trace ------------------------------------------------------------------- */

/* is_stacktrace(Stack): a proper list of {M, F, ArityOrArgs, Info}. */
static bool is_stacktrace(term_t st)
{
    for (; term_is_list(st); st = list_tail(st)) {
        term_t fr = list_head(st);
        if (!term_is_tuple(fr) || tuple_arity(fr) != 4 || !term_is_atom(tuple_get(fr, 0)) ||
            !term_is_atom(tuple_get(fr, 1)) || !term_is_cons_or_nil(tuple_get(fr, 3)))
            return false;
        term_t a = tuple_get(fr, 2);
        if (!term_is_integer(a) && list_length(a) < 0)
            return false;
    }
    return term_is_nil(st);
}

static bool is_trimmed(const ectx *c, term_t m)
{
    for (size_t i = 0; i < FMT_EXCEPTION_TRIM_MAX; i++)
        if (c->o->trim[i] && c->o->trim[i] == m)
            return true;
    return false;
}

/* format_stacktrace1: the frames but the trimmed ones at the end, one
 * "in function"/"in call from" line each (with "called as" for a frame
 * with arguments), the error map's texts under the first. */
static void put_stack(ectx *c, term_t trace, const emap *e)
{
    size_t keep = 0, n = 0;
    for (term_t l = trace; term_is_list(l); l = list_tail(l)) {
        n++;
        if (!is_trimmed(c, tuple_get(list_head(l), 0)))
            keep = n;
    }
    int64_t sep = 2 + c->s0;
    if (keep == 0 && e) {
        /* every frame trimmed (a shell input's own): the general text,
         * which erl's shell shows under eval_bits' frame, stays */
        put_general(c, e, sep);
        return;
    }
    char called_as[64];
    snprintf(called_as, sizeof called_as, "%*s   called as ", (int)sep, "");
    size_t i = 0;
    for (term_t l = trace; i < keep; l = list_tail(l), i++) {
        term_t fr = list_head(l);
        term_t m = tuple_get(fr, 0), f = tuple_get(fr, 1), a = tuple_get(fr, 2);
        int64_t arity = n_args(a);
        fmt_buf_putc(c->b, '\n'); /* before the first frame: the "\n" between Expl and St */
        put_spaces(c, sep);
        put_cstr(c, i > 0 ? "in call from" : is_op(m, f, arity) ? "in operator " : "in function ");
        fmt_buf_putc(c->b, ' ');
        put_mfa_of(c, m, f, a);
        if (term_is_integer(a)) {
            fmt_buf_putc(c->b, ' ');
            put_location(c, tuple_get(fr, 3));
        } else {
            fmt_buf_putc(c->b, '\n');
            put_cstr(c, called_as);
            pre p = {called_as, 0};
            term_t w[3];
            put_call(c, "", &p, make_tuple2(w, m, f), a);
        }
        if (i == 0 && e)
            put_arg_errors(c, e, a, sep);
    }
}

/* ---- the whole text --------------------------------------------------------------------- */

fmt_result fmt_exception(fmt_buf *out, term_t cls, term_t reason, term_t stack,
                         const fmt_exception_opts *opts)
{
    if (cls != ATOM_error && cls != ATOM_exit && cls != ATOM_throw)
        return FMT_BADARG;
    ectx c = {.b = out, .o = opts, .s0 = (int)strlen(opts->tag)};
    fmt_buf_init(&c.tmp);
    fmt_buf_init(&c.gen);

    /* analyze_exception(Class, Reason, Stack) */
    term_t term = reason, trace = NIL, t1 = NIL, w[3];
    t1_kind k = T1_NONE;
    if (!is_stacktrace(stack)) {
        term = make_tuple2(w, reason, stack);
    } else if (cls == ATOM_error && term_is_list(stack)) {
        term_t first = list_head(stack);
        term_t a = tuple_get(first, 2);
        if (reason == ATOM_function_clause && term_is_cons_or_nil(a)) {
            k = T1_FRAME;
            t1 = first;
            trace = list_tail(stack);
        } else if (reason == ATOM_function_clause && tuple_get(first, 0) == ATOM_SHELL &&
                   term_is_integer(a) && term_is_nil(list_tail(stack))) {
            k = T1_SHELL;
            t1 = make_tuple2(w, tuple_get(first, 1), a);
        } else if (reason == ATOM_undef) {
            k = T1_FRAME;
            t1 = first;
            trace = list_tail(stack);
        } else {
            trace = stack;
        }
    } else {
        trace = stack;
    }

    emap e;
    get_error_map(&c, reason, trace, &e);

    put_cstr(&c, opts->tag);
    put_cstr(&c, exited(cls));
    if (emap_has(&e, ATOM_REASON, -1))
        put_emap(out, &e, ATOM_REASON, -1);
    else
        put_reason(&c, term, cls, k, t1);
    put_stack(&c, trace, &e);
    fmt_buf_putc(out, '\n');
    fmt_buf_free(&c.tmp);
    fmt_buf_free(&c.gen);
    return FMT_OK;
}

/* ---- the BIFs ------------------------------------------------------------------------------ */

/* Per-thread text buffer and tag: each scheduler formats into its own. */
static _Thread_local fmt_buf lbuf;
static _Thread_local char ltag[32];

/* The options of format_exception/4 from map `m` into *o; false on an
 * unknown key or a bad value. */
static bool get_options(term_t m, fmt_exception_opts *o)
{
    if (!term_is_map(m))
        return false;
    map_iter it;
    term_t k, v;
    map_iter_init(&it, m);
    while (map_iter_next(&it, &k, &v)) {
        if (k == ATOM_LINE_LENGTH && term_is_small(v) && small_value(v) >= 0 && small_value(v) <= INT_MAX) {
            o->line_length = (int)small_value(v);
        } else if (k == ATOM_DEPTH && term_is_small(v) && small_value(v) >= -1 && small_value(v) <= INT_MAX &&
                   small_value(v) != 0) {
            o->depth = (int)small_value(v);
        } else if (k == ATOM_ENCODING && (v == ATOM_LATIN1 || v == ATOM_UNICODE || v == ATOM_UTF8)) {
            o->unicode = v != ATOM_LATIN1;
        } else if (k == ATOM_PRINTABLE_RANGE && (v == ATOM_LATIN1 || v == ATOM_UNICODE)) {
            o->unicode_range = v == ATOM_UNICODE;
        } else if (k == ATOM_TRIM) {
            size_t n = 0;
            for (; term_is_list(v) && n < FMT_EXCEPTION_TRIM_MAX && term_is_atom(list_head(v));
                 v = list_tail(v))
                o->trim[n++] = list_head(v);
            if (!term_is_nil(v))
                return false;
        } else if (k == ATOM_INTERPRETED && term_is_atom(v)) {
            o->interpreted = v;
        } else if (k == ATOM_ERROR_MAP && term_is_map(v)) {
            o->error_map = v;
        } else if (k == ATOM_TAG) {
            fmt_buf_reset(&lbuf);
            if (!put_chardata(&lbuf, v) || lbuf.len >= sizeof ltag)
                return false;
            memcpy(ltag, lbuf.data, lbuf.len + 1);
            o->tag = ltag;
        } else {
            return false;
        }
    }
    return true;
}

static term_t format_exception(process *p, const term_t *a, const fmt_exception_opts *o)
{
    fmt_buf_reset(&lbuf);
    if (fmt_exception(&lbuf, a[0], a[1], a[2], o) != FMT_OK)
        return BIF_BADARG(p);
    return bin_new(&p->heap, (const uint8_t *)lbuf.data, lbuf.len);
}

/* dbgsh_out:format_exception(Class, Reason, Stack). */
static term_t dbgsh_out_format_exception_3(process *p, const term_t *a)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    return format_exception(p, a, &o);
}

/* dbgsh_out:format_exception(Class, Reason, Stack, Opts). */
static term_t dbgsh_out_format_exception_4(process *p, const term_t *a)
{
    fmt_exception_opts o;
    fmt_exception_opts_init(&o);
    if (!get_options(a[3], &o))
        return BIF_BADARG(p);
    return format_exception(p, a, &o);
}

static const bif_entry exception_bifs[] = {
    {"dbgsh_out", "format_exception", 3, dbgsh_out_format_exception_3, 0},
    {"dbgsh_out", "format_exception", 4, dbgsh_out_format_exception_4, 0},
};

void fmt_exception_register(void)
{
    bif_register(exception_bifs, sizeof exception_bifs / sizeof exception_bifs[0]);
}
