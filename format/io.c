/* io.c: the C half of io (vm/lib/io.erl) and the io_lib BIFs
 * (io_lib:format, io_lib:write, erlang:display, ...) over this layer's
 * formatter, registered into the VM's BIF table (vm/bif.h), and the VM's
 * crash reports. Output for the `user` io server goes to vm_write's
 * VM_STDOUT, standard_error to VM_STDERR; other io servers are processes
 * that io.erl sends io requests. */
#include <string.h>

#include "format/format.h"
#include "vm/vm.h"

/* Per-thread buffer: each scheduler formats into its own. */
static _Thread_local fmt_buf tbuf;

/* Where output to device `dev` goes when p writes it: a stream of the
 * VM, or DEV_REQUEST when the device is an io server process that must
 * get an io request (vm/lib/io.erl sends it), or DEV_BAD. */
enum { DEV_STREAM, DEV_REQUEST, DEV_BAD };
static int device_of(process *p, term_t dev, vm_stream *out)
{
    *out = VM_STDOUT;
    if (dev == atom_from_cstr("standard_error")) {
        *out = VM_STDERR;
        return DEV_STREAM;
    }
    if (dev == atom_from_cstr("standard_io"))
        dev = p->group_leader;
    if (dev == atom_from_cstr("user") || dev == proc_user_pid())
        return DEV_STREAM;
    return term_is_pid(dev) || term_is_atom(dev) ? DEV_REQUEST : DEV_BAD;
}

/* The bytes of chardata `t` (unicode:characters_to_binary) appended to b
 * as UTF-8; false when t is not chardata. */
static bool put_chardata(process *p, fmt_buf *b, term_t t)
{
    static const bif_entry *to_bin;
    if (!to_bin)
        to_bin = bif_lookup(atom_from_cstr("unicode"), atom_from_cstr("characters_to_binary"), 1);
    term_t bin = to_bin->fn(p, &t);
    if (bin == THE_NON_VALUE || !term_is_bitstring(bin))
        return false;
    bin_view v;
    bin_view_of(bin, &v);
    char *dst = fmt_buf_reserve(b, v.size);
    for (size_t i = 0; i < v.size; i++)
        dst[i] = (char)bin_byte_at(&v, i);
    b->len += v.size;
    return true;
}

/* The format argument (a string, binary or atom) as UTF-8 in `fb`. */
static bool format_text(process *p, fmt_buf *fb, term_t f)
{
    if (term_is_atom(f)) {
        size_t n;
        const char *s = atom_text(f, &n);
        fmt_buf_put(fb, s, n);
        return true;
    }
    return put_chardata(p, fb, f);
}

/* io_lib:format into tbuf; false (badarg recorded) on bad input. */
static bool format_into(process *p, term_t format, term_t args)
{
    fmt_buf fb;
    fmt_buf_init(&fb);
    bool ok = format_text(p, &fb, format) && list_length(args) >= 0;
    fmt_error err;
    if (ok)
        ok = fmt_format(&tbuf, fb.data ? fb.data : "", fb.len, args, &err) == FMT_OK;
    fmt_buf_free(&fb);
    return ok;
}

/* Writes what `fill` puts in tbuf to device `dev`: ok after writing to a
 * VM stream; `request` when dev is an io server process (io.erl then sends
 * it the request); badarg for a bad device or what fill refuses. */
static term_t write_to_device(process *p, term_t dev, bool (*fill)(process *, const term_t *), const term_t *a)
{
    vm_stream s;
    int d = device_of(p, dev, &s);
    if (d == DEV_REQUEST)
        return atom_from_cstr("request");
    fmt_buf_reset(&tbuf);
    if (d == DEV_BAD || !fill(p, a))
        return BIF_BADARG(p);
    vm_write(s, tbuf.data, tbuf.len);
    return ATOM_ok;
}

static bool fill_format(process *p, const term_t *a) { return format_into(p, a[1], a[2]); }
static bool fill_chars(process *p, const term_t *a) { return put_chardata(p, &tbuf, a[1]); }

/* dbgsh_out:format(Io, Format, Args) and dbgsh_out:put_chars(Io, Chars). */
static term_t dbgsh_out_format_3(process *p, const term_t *a) { return write_to_device(p, a[0], fill_format, a); }
static term_t dbgsh_out_put_chars_2(process *p, const term_t *a) { return write_to_device(p, a[0], fill_chars, a); }

/* The UTF-8 in tbuf as a list of code points, as io_lib returns text. */
static term_t chars_of_buf(process *p)
{
    const unsigned char *s = (const unsigned char *)tbuf.data;
    size_t n = tbuf.len, count = 0;
    for (size_t i = 0; i < n; i++)
        count += (s[i] & 0xc0) != 0x80;
    term_t *cells = count ? heap_alloc(&p->heap, 2 * count) : NULL;
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        size_t len;
        uint32_t cp = unicode_decode_utf8(s + i, n - i, &len);
        i += len ? len : 1;
        cells[2 * k] = term_small(cp);
        cells[2 * k + 1] = k + 1 < count ? term_list(cells + 2 * k + 2) : NIL;
        k++;
    }
    return count ? term_list(cells) : NIL;
}

static term_t io_lib_format_2(process *p, const term_t *a)
{
    fmt_buf_reset(&tbuf);
    if (!format_into(p, a[0], a[1]))
        return BIF_BADARG(p);
    return chars_of_buf(p);
}

static term_t io_lib_write_1(process *p, const term_t *a)
{
    fmt_buf_reset(&tbuf);
    fmt_write(&tbuf, a[0], -1, false);
    return chars_of_buf(p);
}

static term_t io_lib_write_2(process *p, const term_t *a)
{
    if (!term_is_small(a[1]))
        return BIF_BADARG(p);
    fmt_buf_reset(&tbuf);
    fmt_write(&tbuf, a[0], (int)small_value(a[1]), false);
    return chars_of_buf(p);
}

static term_t io_lib_print_1(process *p, const term_t *a)
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    fmt_buf_reset(&tbuf);
    fmt_pretty(&tbuf, a[0], &o);
    return chars_of_buf(p);
}

/* erlang:display/1: the term as ~w on standard output, and a newline. */
static term_t erlang_display_1(process *p, const term_t *a)
{
    fmt_buf_reset(&tbuf);
    fmt_write(&tbuf, a[0], -1, false);
    fmt_buf_putc(&tbuf, '\n');
    vm_write(VM_STDOUT, tbuf.data, tbuf.len);
    return ATOM_true;
}

static const bif_entry io_bifs[] = {
    {"dbgsh_out", "format", 3, dbgsh_out_format_3, 0},
    {"dbgsh_out", "put_chars", 2, dbgsh_out_put_chars_2, 0},
    {"io_lib", "format", 2, io_lib_format_2, 0},
    {"io_lib", "fwrite", 2, io_lib_format_2, 0},
    {"io_lib", "write", 1, io_lib_write_1, 0},
    {"io_lib", "write", 2, io_lib_write_2, 0},
    {"io_lib", "print", 1, io_lib_print_1, 0},
    {"erlang", "display", 1, erlang_display_1, 0},
};

/* The error logger's report for a process that died of an uncaught error,
 * and `dbgsh -e`'s for its process, on standard error. */
static void crash_report(term_t pid, term_t reason)
{
    fmt_buf b;
    fmt_buf_init(&b);
    if (pid == THE_NON_VALUE) {
        fmt_buf_put(&b, "dbgsh: -e process exited: ", 26);
    } else {
        fmt_buf_put(&b, "=ERROR REPORT==== Error in process ", 35);
        fmt_write(&b, pid, -1, false);
        fmt_buf_put(&b, " with exit value:\n", 18);
    }
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    fmt_pretty(&b, reason, &o);
    fmt_buf_putc(&b, '\n');
    vm_write(VM_STDERR, b.data, b.len);
    fmt_buf_free(&b);
}

void fmt_io_register(void)
{
    bif_register(io_bifs, sizeof io_bifs / sizeof io_bifs[0]);
    vm_set_crash_report(crash_report);
}
