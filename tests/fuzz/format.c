/* format.c: the fuzz target of format/'s io_lib:format and ~p
 * (docs/internals/fuzzing.md). The input is a format string, then
 * optionally a NUL and the text of the argument list, then optionally a NUL
 * and four bytes of fmt_pretty options. Without argument text, or when it
 * does not read, the arguments are a fixed list of every kind of term.
 * fmt_format must give its text, or FMT_BADARG leaving the buffer as it was
 * with an error inside the format string; the text is UTF-8. Then
 * fmt_pretty prints the argument list with those options. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "tests/fuzz/fuzz.h"

/* One of each kind of term a format argument can be. */
static const char FIXED_ARGS[] =
    "[foo, 'Quoted atom', -42, 123456789012345678901234567890, 3.25, \"abc\", [1,2|3], {a,\"b\",<<\"c\">>},"
    " <<1,2,3:4>>, #{k => v, 1 => [x]}, [], {}, <<\"bin\">>, [$a,1000,$\\n], fun lists:map/2, {r,1,2}]";

/* What the output of a failed call is checked against. */
#define KEPT "kept"

static void fail(const char *what, const char *detail) { fuzz_fail("format", what, detail); }

/* A record_print_fun that knows two records: #r{a, b} and #e{}. */
static bool known_records(void *ctx, term_t tag, size_t arity, term_t *fields)
{
    if (tag == atom_from_cstr("r") && arity == 2) {
        fields[0] = atom_from_cstr("a");
        fields[1] = atom_from_cstr("b");
        return true;
    }
    return tag == atom_from_cstr("e") && arity == 0;
}

static void check_format(fmt_buf *b, const char *format, size_t len, term_t args)
{
    fmt_buf_reset(b);
    fmt_buf_put(b, KEPT, strlen(KEPT));
    fmt_error err;
    memset(&err, 0, sizeof err);
    if (fmt_format(b, format, len, args, &err) == FMT_OK) {
        if (b->len < strlen(KEPT) || memcmp(b->data, KEPT, strlen(KEPT)) != 0)
            fail("fmt_format", "wrote over the text before it");
        if (!unicode_is_utf8(b->data, b->len))
            fail("fmt_format wrote text that is not UTF-8", b->data);
    } else {
        if (b->len != strlen(KEPT) || strcmp(b->data, KEPT) != 0)
            fail("fmt_format", "FMT_BADARG changed the buffer");
        if (err.message[0] == '\0' || err.offset > len || err.arg < 0)
            fail("FMT_BADARG without what and where", err.message);
    }
}

/* ~p with options from four bytes: column, line length, depth, flags. */
static void check_pretty(fmt_buf *b, term_t t, const uint8_t *opt)
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    if (opt) {
        o.column = 1 + opt[0];
        o.line_length = 1 + opt[1];
        o.depth = (int)opt[2] - 1;
        o.unicode = opt[3] & 1;
        o.unicode_range = opt[3] & 2;
        o.strings = !(opt[3] & 4);
        o.records = opt[3] & 8 ? known_records : NULL;
    }
    fmt_buf_reset(b);
    fmt_pretty(b, t, &o);
    if (!unicode_is_utf8(b->data, b->len))
        fail("fmt_pretty wrote text that is not UTF-8", b->data);
}

/* Whether s[0..n) holds a run of 6 or more digits. A field width or
 * precision that large (or one taken by `*` from such an argument) asks
 * for megabytes of padding, which takes seconds under the sanitizers and
 * says nothing new: the fuzzer reported such inputs as timeouts. */
static bool has_long_number(const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        run = s[i] >= '0' && s[i] <= '9' ? run + 1 : 0;
        if (run >= 6)
            return true;
    }
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    const char *format = (const char *)data;
    const char *end = format + size;
    const char *args_text = memchr(format, '\0', size);
    size_t format_len = args_text ? (size_t)(args_text - format) : size;
    const uint8_t *opt = NULL;
    size_t args_len = 0;
    if (args_text) {
        args_text++;
        const char *opt_text = memchr(args_text, '\0', (size_t)(end - args_text));
        args_len = (size_t)((opt_text ? opt_text : end) - args_text);
        if (opt_text && end - opt_text > 4)
            opt = (const uint8_t *)opt_text + 1;
    }
    if (has_long_number(format, format_len) ||
        (memchr(format, '*', format_len) && args_text && has_long_number(args_text, args_len)))
        return 0;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    fmt_buf b;
    fmt_buf_init(&b);
    term_t args;
    read_error rerr;
    if (!args_text || read_term_nodot(&h, args_text, args_len, &args, &rerr) != READ_OK)
        read_term_nodot(&h, FIXED_ARGS, strlen(FIXED_ARGS), &args, &rerr);
    check_format(&b, format, format_len, args);
    check_pretty(&b, args, opt);
    fmt_buf_free(&b);
    heap_destroy(&h);
    return 0;
}
