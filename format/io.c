/* io.c: the C half of io (vm/lib/io.erl) and of io_lib (vm/lib/io_lib.erl)
 * over this layer's formatter, registered into the VM's BIF table
 * (vm/bif.h), and the VM's crash reports. Output for the `user` io server
 * goes to vm_write's VM_STDOUT, standard_error to VM_STDERR; other io
 * servers are processes that io.erl sends io requests. io_lib's results
 * are built here as the deep lists OTP 25 returns, but for ~p layouts
 * that do not fit on one line, which io_lib.erl builds. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"
#include "format/write.h"
#include "vm/vm.h"

/* Field widths above this are refused (badarg), as fwrite.c does. */
#define FIELD_MAX (1 << 26)

/* Per-thread buffers: each scheduler formats into its own. tbuf: what io
 * writes; lbuf: the text of one leaf or directive; fbuf: an io_lib format
 * string as UTF-8. */
static _Thread_local fmt_buf tbuf, lbuf, fbuf;

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
    /* looked up once, by whichever scheduler thread comes first */
    static _Atomic(const bif_entry *) to_bin_entry;
    const bif_entry *to_bin = atomic_load_explicit(&to_bin_entry, memory_order_acquire);
    if (!to_bin) {
        to_bin = bif_lookup(atom_from_cstr("unicode"), atom_from_cstr("characters_to_binary"), 1);
        atomic_store_explicit(&to_bin_entry, to_bin, memory_order_release);
    }
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

/* io:format's text into tbuf; false (badarg recorded) on bad input. */
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

/* ---- lists on the process heap ---------------------------------------------------
 * Results are built with heap_alloc, which never runs the GC: a cell may
 * be left with a hole (a slot) that a later step fills. */

static term_t cons(process *p, term_t h, term_t t)
{
    term_t *c = heap_alloc(&p->heap, 2);
    c[0] = h;
    c[1] = t;
    return term_list(c);
}

/* The n bytes of ASCII text s as a list of chars in front of `tail`. */
static term_t ascii_onto(process *p, const char *s, size_t n, term_t tail)
{
    if (n == 0)
        return tail;
    term_t *c = heap_alloc(&p->heap, 2 * n);
    for (size_t i = 0; i < n; i++) {
        c[2 * i] = term_small((unsigned char)s[i]);
        c[2 * i + 1] = i + 1 < n ? term_list(c + 2 * i + 2) : tail;
    }
    return term_list(c);
}

static term_t ascii(process *p, const char *s) { return ascii_onto(p, s, strlen(s), NIL); }

/* The UTF-8 text s[0..n) as a list of code points in front of `tail`;
 * *last (if not NULL) gets its last cell, NULL when the text is empty. */
static term_t utf8_onto(process *p, const char *s, size_t n, term_t tail, term_t **last)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += (u[i] & 0xc0) != 0x80;
    if (last)
        *last = NULL;
    if (count == 0)
        return tail;
    term_t *c = heap_alloc(&p->heap, 2 * count);
    size_t k = 0;
    for (size_t i = 0; i < n && k < count; k++) {
        size_t len;
        uint32_t cp = unicode_decode_utf8(u + i, n - i, &len);
        i += len ? len : 1;
        c[2 * k] = term_small(cp);
        c[2 * k + 1] = term_list(c + 2 * k + 2);
    }
    c[2 * k - 1] = tail;
    if (last)
        *last = c + 2 * k - 2;
    return term_list(c);
}

static term_t buf_chars(process *p, const fmt_buf *b) { return utf8_onto(p, b->data, b->len, NIL, NULL); }

/* integer_to_list(v) for a small v. */
static term_t int_chars(process *p, int64_t v)
{
    char d[32];
    return ascii_onto(p, d, (size_t)(fmt_put_i64(d, v) - d), NIL);
}

/* Appends the chars of UTF-8 text s[0..n). */
static void lb_add_utf8(process *p, list_builder *l, const char *s, size_t n)
{
    term_t *last;
    term_t chars = utf8_onto(p, s, n, NIL, &last);
    if (!last)
        return;
    *l->tail = chars;
    l->tail = &last[1];
    l->last = last;
}

/* io_lib_format:chars(C, N): N copies of term c as OTP nests them (a
 * half shared twice, the odd one in front). Depth log2(N). */
static term_t dup_chars(process *p, term_t c, int64_t n)
{
    switch (n) {
    case 0:
        return NIL;
    case 1:
        return cons(p, c, NIL);
    case 2:
        return cons(p, c, cons(p, c, NIL));
    case 3:
        return cons(p, c, cons(p, c, cons(p, c, NIL)));
    }
    term_t half = dup_chars(p, c, n >> 1);
    term_t s = cons(p, half, half);
    return n & 1 ? cons(p, c, s) : s;
}

/* io_lib_format:adjust/3. */
static term_t adjust(process *p, term_t data, term_t pad, bool left)
{
    if (term_is_nil(pad))
        return data;
    return left ? cons(p, data, pad) : cons(p, pad, data);
}

/* ---- a stack of holes to fill ------------------------------------------------------
 * Jobs: a term to write at a depth into a slot. The walks that only read
 * a term push the tails still to visit, with no slot. */

typedef struct job {
    term_t t;
    int64_t d;
    term_t *slot;
} job;

static _Thread_local struct {
    job *v;
    size_t n, cap;
} jobs;

static void push_job(term_t t, int64_t d, term_t *slot)
{
    if (jobs.n == jobs.cap) {
        size_t cap = jobs.cap ? 2 * jobs.cap : 256;
        jobs.v = alloc_resize(ALLOC_FMT_BUFFER, jobs.v, jobs.cap * sizeof(job), cap * sizeof(job));
        jobs.cap = cap;
    }
    jobs.v[jobs.n++] = (job){t, d, slot};
}

/* ---- io_lib:write/2's deep list ---------------------------------------------------
 * io_lib:write1/3 builds [$[, [E1 | [$,, E2 | ...]], $]] for lists,
 * [${, [E1 | [$,, E2 | ...]], $}] for tuples, [$#, ${, [[K, " => ", V] |
 * [$,, ...]], $}] for maps, [$<, $<, ["1", $,, "2"], $>, $>] for
 * binaries, and flat text for every leaf and for "...", "[...]", "{...}",
 * "|...", ",...". Containers are opened here with holes for their
 * elements, filled from the job stack: no recursion on the term. */

/* io_lib's depth arithmetic: d < 0 is unlimited and stays so. */
static int64_t dec(int64_t d) { return d < 0 ? d : d - 1; }

/* Appends the text of an atomic term (atom, number, pid, port, ref, fun)
 * as ~w writes it. */
static void put_leaf(fmt_buf *b, term_t t, bool unicode)
{
    if (term_is_atom(t))
        fmt_put_atom(b, t, unicode);
    else if (term_is_float(t))
        fmt_put_float(b, float_value(t));
    else if (term_is_integer(t))
        fmt_put_integer(b, t, 10);
    else
        fmt_put_identity(b, t);
}

static term_t leaf_text(process *p, term_t t, bool unicode)
{
    fmt_buf_reset(&lbuf);
    put_leaf(&lbuf, t, unicode);
    return buf_chars(p, &lbuf);
}

/* Fills *slot with write1(t, d) now when it is a word leaf, else later. */
static void fill_write(process *p, term_t t, int64_t d, bool unicode, term_t *slot)
{
    if (d != 0 && term_is_small(t))
        *slot = int_chars(p, small_value(t));
    else if (d != 0 && term_is_atom(t))
        *slot = leaf_text(p, t, unicode);
    else
        push_job(t, d, slot);
}

/* [Open, Inner, Close] */
static term_t bracket(process *p, char open, term_t inner, char close)
{
    return cons(p, term_small(open), cons(p, inner, cons(p, term_small(close), NIL)));
}

/* A cell [Sep, E | Rest] whose E is filled later: returns it; *elem is
 * the slot of E, *rest the slot of Rest. */
static term_t sep_cell(process *p, char sep, term_t **elem, term_t **rest)
{
    term_t *c = heap_alloc(&p->heap, 4);
    c[0] = term_small(sep);
    c[1] = term_list(c + 2);
    *elem = &c[2];
    *rest = &c[3];
    return term_list(c);
}

static term_t write_list(process *p, term_t t, int64_t d, bool unicode)
{
    int64_t dt = dec(d);
    term_t *in = heap_alloc(&p->heap, 2);
    fill_write(p, list_head(t), dt, unicode, &in[0]);
    term_t *slot = &in[1], rest = list_tail(t), *elem;
    for (;;) {
        if (term_is_nil(rest)) {
            *slot = NIL;
            break;
        }
        if (dt == 1) {
            *slot = ascii(p, "|...");
            break;
        }
        if (!term_is_list(rest)) {
            term_t *end;
            *slot = sep_cell(p, '|', &elem, &end);
            *end = NIL;
            fill_write(p, rest, dec(dt), unicode, elem);
            break;
        }
        *slot = sep_cell(p, ',', &elem, &slot);
        fill_write(p, list_head(rest), dec(dt), unicode, elem);
        rest = list_tail(rest);
        dt = dec(dt);
    }
    return bracket(p, '[', term_list(in), ']');
}

static term_t write_tuple(process *p, term_t t, int64_t d, bool unicode)
{
    uint64_t n = tuple_arity(t);
    const term_t *e = tuple_elems(t);
    int64_t dt = dec(d);
    term_t *in = heap_alloc(&p->heap, 2);
    fill_write(p, e[0], dt, unicode, &in[0]);
    term_t *slot = &in[1], *elem;
    for (uint64_t i = 1; i < n; i++) {
        if (dt == 1) {
            *slot = ascii(p, ",...");
            return bracket(p, '{', term_list(in), '}');
        }
        *slot = sep_cell(p, ',', &elem, &slot);
        fill_write(p, e[i], dec(dt), unicode, elem);
        dt = dec(dt);
    }
    *slot = NIL;
    return bracket(p, '{', term_list(in), '}');
}

/* [K, " => ", V] with K and V filled later. */
static term_t write_pair(process *p, term_t k, term_t v, int64_t d, bool unicode, term_t arrow)
{
    term_t *c = heap_alloc(&p->heap, 6);
    c[1] = term_list(c + 2);
    c[2] = arrow;
    c[3] = term_list(c + 4);
    c[5] = NIL;
    fill_write(p, k, d, unicode, &c[0]);
    fill_write(p, v, d, unicode, &c[4]);
    return term_list(c);
}

/* Every key and value at depth d - 1; the pairs count down from it, and
 * at 1 the rest is ",..." even when no pair is left (io_lib:write_map). */
static term_t write_map(process *p, term_t t, int64_t d, bool unicode)
{
    int64_t d0 = dec(d);
    term_t arrow = ascii(p, " => "), k, v, *elem;
    map_iter it;
    map_iter_init_fold(&it, t);
    map_iter_next(&it, &k, &v);
    term_t *in = heap_alloc(&p->heap, 2);
    in[0] = write_pair(p, k, v, d0, unicode, arrow);
    term_t *slot = &in[1];
    for (int64_t dd = d0;; dd = dec(dd)) {
        if (dd == 1) {
            *slot = ascii(p, ",...");
            break;
        }
        if (!map_iter_next(&it, &k, &v)) {
            *slot = NIL;
            break;
        }
        *slot = sep_cell(p, ',', &elem, &slot);
        *elem = write_pair(p, k, v, d0, unicode, arrow);
    }
    return cons(p, term_small('#'), bracket(p, '{', term_list(in), '}'));
}

/* io_lib:write_binary/2: [$<, $<, Body, $>, $>], Body the byte values as
 * strings between $, chars, "..." when the depth runs out, and for
 * trailing bits "Value", $:, "Bits". */
static term_t write_bits(process *p, term_t t, int64_t d)
{
    bin_view v;
    bin_view_of(t, &v);
    list_builder body;
    lb_init(&body, &p->heap);
    int64_t dd = d;
    for (uint64_t i = 0; i < v.size; i++, dd = dec(dd)) {
        if (dd == 1) {
            lb_add(&body, ascii(p, "..."));
            goto done;
        }
        lb_add(&body, int_chars(p, bin_byte_at(&v, i)));
        if (i + 1 == v.size && v.bitsize == 0)
            goto done;
        lb_add(&body, term_small(','));
    }
    if (v.bitsize) {
        if (dd == 1) {
            lb_add(&body, ascii(p, "..."));
        } else {
            lb_add(&body, int_chars(p, bin_tail_bits(&v) >> (8 - v.bitsize)));
            lb_add(&body, term_small(':'));
            lb_add(&body, int_chars(p, v.bitsize));
        }
    }
done:
    return ascii_onto(p, "<<", 2, cons(p, body.head, ascii(p, ">>")));
}

/* write1(t, d) of one node: leaves whole, containers opened. */
static term_t write_node(process *p, term_t t, int64_t d, bool unicode)
{
    if (d == 0)
        return ascii(p, "...");
    if (term_is_small(t))
        return int_chars(p, small_value(t));
    if (term_is_nil(t))
        return ascii(p, "[]");
    if (term_is_list(t))
        return d == 1 ? ascii(p, "[...]") : write_list(p, t, d, unicode);
    if (term_is_tuple(t)) {
        if (tuple_arity(t) == 0)
            return ascii(p, "{}");
        return d == 1 ? ascii(p, "{...}") : write_tuple(p, t, d, unicode);
    }
    if (term_is_map(t))
        return d == 1 || map_size(t) == 0 ? ascii(p, "#{}") : write_map(p, t, d, unicode);
    if (term_is_bitstring(t))
        return write_bits(p, t, d);
    return leaf_text(p, t, unicode);
}

/* io_lib:write1(T, D, Encoding): the deep list. */
static term_t write_deep(process *p, term_t t, int64_t d, bool unicode)
{
    term_t out;
    size_t base = jobs.n;
    push_job(t, d, &out);
    while (jobs.n > base) {
        job j = jobs.v[--jobs.n];
        *j.slot = write_node(p, j.t, j.d, unicode);
    }
    return out;
}

/* A depth argument as io_lib uses it: negative ones and those beyond any
 * term's nesting (bignums, above INT32_MAX) are unlimited. */
static int64_t depth_of(term_t d)
{
    if (term_is_small(d) && small_value(d) >= 0 && small_value(d) <= INT32_MAX)
        return small_value(d);
    return -1;
}

/* io_lib:write/1 */
static term_t io_lib_write_1(process *p, const term_t *a) { return write_deep(p, a[0], -1, false); }

/* dbgsh_out:io_lib_write(Term, Depth, Unicode): io_lib:write1/3 for
 * io_lib.erl; Depth an integer, Unicode a boolean. */
static term_t dbgsh_out_io_lib_write_3(process *p, const term_t *a)
{
    if (!term_is_integer(a[1]) || (a[2] != ATOM_true && a[2] != ATOM_false))
        return BIF_BADARG(p);
    return write_deep(p, a[0], depth_of(a[1]), a[2] == ATOM_true);
}

/* dbgsh_out:shell_pp(Term, Column): Term as erl's shell prints values in
 * rp/1, b/0 and h/0 (its pp/3): ~tp from Column, the records the shell
 * knows as #name{...}; a UTF-8 binary. */
static term_t dbgsh_out_shell_pp_2(process *p, const term_t *a)
{
    if (!term_is_small(a[1]) || small_value(a[1]) < 1 || small_value(a[1]) > 1000)
        return BIF_BADARG(p);
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.unicode = true;
    o.column = (int)small_value(a[1]);
    o.records = vm_eval_record_fields;
    fmt_buf_reset(&tbuf);
    fmt_pretty(&tbuf, a[0], &o);
    return bin_new(&p->heap, (const uint8_t *)tbuf.data, tbuf.len);
}

/* ---- ~s ---------------------------------------------------------------------------- */

/* A binary's chars: UTF-8 decoded when `unicode` and valid, else bytes. */
static bool bin_chars(process *p, term_t b, bool unicode, term_t *out)
{
    bin_view v;
    bin_view_of(b, &v);
    if (v.bitsize)
        return false;
    if (unicode && fmt_valid_utf8(&v, SIZE_MAX)) {
        list_builder l;
        lb_init(&l, &p->heap);
        for (uint64_t i = 0; i < v.size;) {
            uint8_t u[4];
            size_t n = 0;
            for (; n < 4 && i + n < v.size; n++)
                u[n] = bin_byte_at(&v, i + n);
            size_t len;
            uint32_t cp = unicode_decode_utf8(u, n, &len);
            lb_add(&l, term_small(cp));
            i += len ? len : 1;
        }
        *out = l.head;
        return true;
    }
    term_t *c = v.size ? heap_alloc(&p->heap, 2 * v.size) : NULL;
    for (uint64_t i = 0; i < v.size; i++) {
        c[2 * i] = term_small(bin_byte_at(&v, i));
        c[2 * i + 1] = i + 1 < v.size ? term_list(c + 2 * i + 2) : NIL;
    }
    *out = v.size ? term_list(c) : NIL;
    return true;
}

/* io_lib_format:iolist_to_chars/1 (latin1) or cdata_to_chars/1 (unicode)
 * of a ~s argument that is not an atom: the same nesting, binaries as
 * flat char lists. False when t is not such data. */
static bool chardata_deep(process *p, term_t t, bool unicode, term_t *out)
{
    size_t base = jobs.n;
    push_job(t, 0, out);
    while (jobs.n > base) {
        job j = jobs.v[--jobs.n];
        term_t x = j.t, *slot = j.slot;
        while (term_is_list(x)) {
            term_t h = list_head(x), *c = heap_alloc(&p->heap, 2);
            if ((term_is_small(h) && small_value(h) >= 0 && (unicode || small_value(h) <= 255)) ||
                (unicode && term_is_big(h) && !big_is_negative(h)))
                c[0] = h;
            else if (term_is_list(h) || term_is_nil(h) || term_is_bitstring(h))
                push_job(h, 0, &c[0]);
            else
                goto fail;
            *slot = term_list(c);
            slot = &c[1];
            x = list_tail(x);
        }
        if (term_is_nil(x))
            *slot = NIL;
        else if (!term_is_bitstring(x) || !bin_chars(p, x, unicode, slot))
            goto fail;
    }
    return true;
fail:
    jobs.n = base;
    return false;
}

/* The deep list of chars s (as chardata_deep makes them) as UTF-8 in b;
 * false when a char is no Unicode scalar value, whose width cannot be
 * measured. */
static bool deep_utf8(fmt_buf *b, term_t s)
{
    size_t base = jobs.n;
    term_t x = s;
    for (;;) {
        while (term_is_list(x)) {
            term_t h = list_head(x);
            x = list_tail(x);
            if (term_is_small(h)) {
                int64_t c = small_value(h);
                if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
                    goto fail;
                fmt_buf_put_cp(b, (uint32_t)c);
            } else if (term_is_list(h)) {
                push_job(x, 0, NULL);
                x = h;
            } else if (!term_is_nil(h)) {
                goto fail;
            }
        }
        if (!term_is_nil(x))
            goto fail;
        if (jobs.n == base)
            return true;
        x = jobs.v[--jobs.n].t;
    }
fail:
    jobs.n = base;
    return false;
}

/* ---- io_lib:format ---------------------------------------------------------------------
 * OTP's io_lib_format builds a list of the format's chars, each ~w ~W ~p
 * ~P and ~s (of anything but an atom) as one element holding that
 * directive's deep list, and the text of every other directive flattened
 * in among the chars. Here the small directives are formatted one by one
 * by fmt_format; a ~p whose layout takes more than one line is left to
 * io_lib.erl as a {'$pretty', ...} element. With chars_limit the big
 * directives share a budget that only the whole list knows, so each is
 * left to io_lib.erl as a {'$limited', ...} element (see limited_directive). */

/* One directive, as io_lib_format:collect_cseq/2 reads it. */
typedef struct dspec {
    int64_t width; /* -1: none */
    bool left;
    bool has_prec;
    int64_t prec;
    term_t pad; /* any term after .* */
    bool unicode, strings;
    char cc;
    term_t a, a2; /* its arguments (THE_NON_VALUE when it takes fewer) */
} dspec;

/* An integer argument clamped into [-FIELD_MAX - 1, FIELD_MAX + 1]. */
static int64_t clamp_field(term_t t)
{
    if (term_is_small(t)) {
        int64_t v = small_value(t);
        return v > FIELD_MAX ? FIELD_MAX + 1 : v < -FIELD_MAX ? -FIELD_MAX - 1 : v;
    }
    return big_is_negative(t) ? -FIELD_MAX - 1 : FIELD_MAX + 1;
}

/* field_value: digits, or `*` taking an integer argument. False on a `*`
 * whose argument is no integer. */
static bool read_field(const char *f, size_t len, size_t *pos, term_t *args, int64_t *v, bool *has)
{
    *has = false;
    if (*pos < len && f[*pos] == '*') {
        if (!term_is_list(*args) || !term_is_integer(list_head(*args)))
            return false;
        *v = clamp_field(list_head(*args));
        *args = list_tail(*args);
        (*pos)++;
        *has = true;
        return true;
    }
    int64_t x = 0;
    while (*pos < len && f[*pos] >= '0' && f[*pos] <= '9') {
        x = x * 10 + (f[(*pos)++] - '0');
        if (x > FIELD_MAX)
            x = FIELD_MAX + 1;
        *has = true;
    }
    *v = x;
    return true;
}

/* Reads the directive after the '~' at f[*pos - 1], taking its arguments
 * from *args; false when io_lib:format would raise badarg for it. */
static bool read_directive(const char *f, size_t len, size_t *pos, term_t *args, dspec *sp)
{
    *sp = (dspec){.width = -1, .pad = term_small(' '), .strings = true, .a = THE_NON_VALUE, .a2 = THE_NON_VALUE};
    int64_t v;
    bool has;
    bool minus = *pos < len && f[*pos] == '-';
    if (minus)
        (*pos)++;
    if (!read_field(f, len, pos, args, &v, &has) || (minus && !has))
        return false;
    if (has) {
        if (minus)
            v = -v;
        sp->left = v < 0;
        sp->width = v < 0 ? -v : v;
    }
    if (*pos < len && f[*pos] == '.') {
        (*pos)++;
        if (!read_field(f, len, pos, args, &v, &has))
            return false;
        sp->has_prec = has;
        sp->prec = v;
    }
    if (*pos + 1 < len && f[*pos] == '.') {
        if (f[*pos + 1] == '*' && term_is_list(*args)) {
            sp->pad = list_head(*args);
            *args = list_tail(*args);
            *pos += 2;
        } else {
            uint32_t cp;
            size_t n = unicode_decode_utf8_strict((const unsigned char *)f + *pos + 1, len - *pos - 1, &cp);
            if (n == 0)
                return false;
            sp->pad = term_small(cp);
            *pos += 1 + n;
        }
    }
    if (sp->width > FIELD_MAX || (sp->has_prec && sp->prec > FIELD_MAX))
        return false;
    for (; *pos < len && (f[*pos] == 't' || f[*pos] == 'l'); (*pos)++) {
        if (f[*pos] == 't')
            sp->unicode = true;
        else
            sp->strings = false;
    }
    if (*pos >= len)
        return false;
    sp->cc = f[(*pos)++];
    int nargs = fmt_control_args(sp->cc);
    if (nargs < 0)
        return false;
    for (int i = 0; i < nargs; i++) {
        if (!term_is_list(*args))
            return false;
        *(i ? &sp->a2 : &sp->a) = list_head(*args);
        *args = list_tail(*args);
    }
    return true;
}

/* True when the format may hold a directive whose result is an element
 * of its own (~w ~W ~p ~P ~s): the control chars, found without the
 * arguments. */
static bool has_big_directive(const char *f, size_t len)
{
    for (size_t pos = 0; pos < len;) {
        const char *t = memchr(f + pos, '~', len - pos);
        if (!t)
            return false;
        pos = (size_t)(t - f) + 1;
        if (pos < len && f[pos] == '-')
            pos++;
        while (pos < len && (f[pos] == '*' || (f[pos] >= '0' && f[pos] <= '9')))
            pos++;
        if (pos < len && f[pos] == '.')
            for (pos++; pos < len && (f[pos] == '*' || (f[pos] >= '0' && f[pos] <= '9'));)
                pos++;
        if (pos + 1 < len && f[pos] == '.') {
            pos += 2;
            while (pos < len && ((unsigned char)f[pos] & 0xC0) == 0x80)
                pos++;
        }
        while (pos < len && (f[pos] == 't' || f[pos] == 'l'))
            pos++;
        if (pos < len && f[pos] != '\0' && strchr("wWpPs", f[pos]))
            return true;
        pos++;
    }
    return false;
}

/* Marks a list element of the format that is no char: such elements pass
 * into the result as they are. 0xFF never occurs in UTF-8. */
#define OPAQUE_BYTE 0xFF

static bool is_format_char(term_t c)
{
    if (!term_is_small(c))
        return false;
    int64_t v = small_value(c);
    return v >= 0 && v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF);
}

/* True for a list element of a format that is no char but that
 * io_lib_format can measure (io_lib:chars_length/1 in count_small/1):
 * an integer, a binary, a possibly deep list of chars and binaries. */
static bool is_opaque_ok(term_t c)
{
    if (term_is_integer(c))
        return true;
    size_t base = jobs.n;
    push_job(c, 0, NULL);
    while (jobs.n > base) {
        term_t x = jobs.v[--jobs.n].t;
        for (; term_is_list(x); x = list_tail(x))
            if (!is_format_char(list_head(x)))
                push_job(list_head(x), 0, NULL);
        if (term_is_bitstring(x)) {
            bin_view v;
            bin_view_of(x, &v);
            if (v.bitsize)
                goto fail;
        } else if (!term_is_nil(x)) {
            goto fail;
        }
    }
    return true;
fail:
    jobs.n = base;
    return false;
}

/* The format (a list, binary or atom) as UTF-8 in fbuf; a binary's bytes
 * are latin1 chars (binary_to_list). *opaque tells whether OPAQUE_BYTEs
 * were written. False when it is no format. */
static bool load_format(term_t f, bool *opaque)
{
    *opaque = false;
    fmt_buf_reset(&fbuf);
    if (term_is_atom(f)) {
        size_t n;
        const char *s = atom_text(f, &n);
        fmt_buf_put(&fbuf, s, n);
        return true;
    }
    if (term_is_bitstring(f)) {
        bin_view v;
        bin_view_of(f, &v);
        if (v.bitsize)
            return false;
        for (uint64_t i = 0; i < v.size; i++)
            fmt_buf_put_cp(&fbuf, bin_byte_at(&v, i));
        return true;
    }
    for (; term_is_list(f); f = list_tail(f)) {
        term_t c = list_head(f);
        if (is_format_char(c)) {
            fmt_buf_put_cp(&fbuf, (uint32_t)small_value(c));
        } else if (is_opaque_ok(c)) {
            fmt_buf_putc(&fbuf, (char)OPAQUE_BYTE);
            *opaque = true;
        } else {
            return false;
        }
    }
    return term_is_nil(f);
}

/* The next element of format list *fl that is no char. */
static term_t next_opaque(term_t *fl)
{
    while (is_format_char(list_head(*fl)))
        *fl = list_tail(*fl);
    term_t c = list_head(*fl);
    *fl = list_tail(*fl);
    return c;
}

/* Cells of the result that hold a directive's element, in order: the
 * indentation before a ~p walks into them (io_lib_format:indentation/2),
 * where every other element counts as one column. */
static _Thread_local struct {
    const term_t **v;
    size_t n, cap;
} bigs;

static void push_big(const term_t *cell)
{
    if (bigs.n == bigs.cap) {
        size_t cap = bigs.cap ? 2 * bigs.cap : 64;
        bigs.v = alloc_resize(ALLOC_FMT_BUFFER, bigs.v, bigs.cap * sizeof *bigs.v, cap * sizeof *bigs.v);
        bigs.cap = cap;
    }
    bigs.v[bigs.n++] = cell;
}

/* The walk over one format. */
typedef struct fwalk {
    process *p;
    list_builder out;
    size_t bigs_base;   /* this call's cells in `bigs` start here */
    size_t bigs_seen;   /* ... and those counted in col end here */
    const term_t *seen; /* the last cell counted in col, NULL for none */
    int64_t col;
    bool pretty;  /* a '$pretty' element is left for io_lib.erl */
    bool limited; /* every big directive is left as a '$limited' element */
} fwalk;

static void column_char(int64_t *col, int64_t c)
{
    if (c == '\n')
        *col = 0;
    else if (c == '\t')
        *col = (*col + 8) / 8 * 8;
    else
        (*col)++;
}

static void column_text(int64_t *col, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            column_char(col, (unsigned char)s[i]);
}

/* The options a ~p directive's element carries, as fmt_pretty takes them. */
static void pretty_opts_of(const term_t *e, fmt_pretty_opts *o)
{
    fmt_pretty_opts_init(o);
    o->column = (int)small_value(e[2]);
    o->line_length = (int)small_value(e[3]);
    o->depth = (int)small_value(e[4]);
    o->unicode = e[5] == atom_from_cstr("unicode");
    o->strings = e[6] == ATOM_true;
}

/* indentation(S, col) of a directive's element: a deep list of chars, or
 * a '$pretty' element (measured on fmt_pretty's text of it). False when
 * OTP's indentation/2 fails on it (a ~w pad that is no char). */
static bool column_element(term_t s, int64_t *col)
{
    if (term_is_tuple(s)) {
        fmt_pretty_opts o;
        pretty_opts_of(tuple_elems(s), &o);
        fmt_buf_reset(&lbuf);
        fmt_pretty(&lbuf, tuple_elems(s)[1], &o);
        column_text(col, lbuf.data, lbuf.len);
        return true;
    }
    size_t base = jobs.n;
    term_t x = s;
    for (;;) {
        while (term_is_list(x)) {
            term_t h = list_head(x);
            x = list_tail(x);
            if (term_is_integer(h)) {
                column_char(col, term_is_small(h) ? small_value(h) : -1);
            } else if (term_is_list(h) || term_is_nil(h)) {
                push_job(x, 0, NULL);
                x = h;
            } else {
                jobs.n = base;
                return false;
            }
        }
        if (jobs.n == base)
            return true;
        x = jobs.v[--jobs.n].t;
    }
}

/* io_lib_format's indentation of the result so far. */
static bool column_now(fwalk *w, int64_t *col)
{
    term_t next = w->seen ? w->seen[1] : w->out.head;
    while (!term_is_nil(next)) {
        const term_t *c = list_ptr(next);
        if (w->bigs_seen < bigs.n && bigs.v[w->bigs_seen] == c) {
            w->bigs_seen++;
            if (!column_element(c[0], &w->col))
                return false;
        } else {
            column_char(&w->col, term_is_small(c[0]) ? small_value(c[0]) : -1);
        }
        w->seen = c;
        next = c[1];
    }
    *col = w->col;
    return true;
}

static void add_big(fwalk *w, term_t x)
{
    lb_add(&w->out, x);
    push_big(w->out.last);
}

/* io_lib_format:term/5: ~w's text t, of width L, in its field. */
static bool pad_term(process *p, term_t t, int64_t L, const dspec *sp, term_t *out)
{
    int64_t F = sp->width, P = sp->has_prec ? sp->prec : -1;
    if (sp->has_prec && P < 0)
        return false;
    if (F < 0 && P < 0) {
        *out = t;
        return true;
    }
    if (F < 0)
        F = P;
    int64_t lim = P < 0 ? F : (P < F ? P : F);
    if (lim > L)
        lim = L;
    if (L > lim)
        *out = adjust(p, dup_chars(p, term_small('*'), lim), dup_chars(p, sp->pad, F - lim), sp->left);
    else
        *out = adjust(p, t, dup_chars(p, sp->pad, F - L), sp->left);
    return true;
}

/* io_lib_format:string/6: ~s's chars s in its field. */
static bool pad_string(process *p, term_t s, const dspec *sp, term_t *out)
{
    int64_t F = sp->width, P = sp->has_prec ? sp->prec : -1;
    if (sp->has_prec && P < 0)
        return false;
    if (F < 0 && P < 0) {
        *out = s;
        return true;
    }
    fmt_buf_reset(&lbuf);
    if (!deep_utf8(&lbuf, s))
        return false;
    int64_t N = (int64_t)fmt_text_width(lbuf.data, lbuf.len);
    bool left = sp->left;
    if (F < 0) {
        F = P, P = -1, left = true;
    } else if (P >= 0 && F < P) {
        return false;
    }
    if (P < 0 || F == P) {
        if (N > F)
            *out = utf8_onto(p, lbuf.data, fmt_text_prefix(lbuf.data, lbuf.len, (size_t)F, sp->unicode), NIL, NULL);
        else
            *out = adjust(p, s, dup_chars(p, sp->pad, F - N), left);
        return true;
    }
    term_t fill = dup_chars(p, sp->pad, F - P);
    if (N > P)
        s = utf8_onto(p, lbuf.data, fmt_text_prefix(lbuf.data, lbuf.len, (size_t)P, sp->unicode), NIL, NULL);
    else if (N < P)
        s = cons(p, s, dup_chars(p, sp->pad, P - N));
    *out = adjust(p, s, fill, left);
    return true;
}

/* ~p's one-line form (io_lib_pretty:write/1 of the measured term) of a
 * term at unlimited depth with no bitstring in it: leaves as flat text,
 * [$[, [E1 | [$,, E2 | ...]], $]] (an improper tail spliced in as
 * [$| | E]), [${, ..., $}], [$#, ${, [[K, " => ", V] | ...], $}]. False,
 * leaving garbage on the heap, when its width reaches `limit` (>= 0) or
 * it holds what this does not write (bitstrings, chars above 255, whose
 * width counts grapheme clusters). */
static bool pretty_line(process *p, term_t t, bool unicode, bool strings, int64_t limit, term_t *out)
{
    size_t base = jobs.n;
    int64_t width = 0;
    term_t arrow = THE_NON_VALUE, *elem;
    push_job(t, 0, out);
    while (jobs.n > base) {
        if (limit >= 0 && width >= limit)
            goto fail;
        job j = jobs.v[--jobs.n];
        term_t x = j.t;
        if (term_is_nil(x)) {
            *j.slot = ascii(p, "[]");
            width += 2;
        } else if (term_is_list(x)) {
            size_t n;
            if (strings && fmt_printable_list(x, false, &n)) {
                fmt_buf_reset(&lbuf);
                fmt_put_string(&lbuf, x, SIZE_MAX, unicode);
                goto leaf;
            }
            term_t *in = heap_alloc(&p->heap, 2), *slot = &in[1], rest = list_tail(x);
            push_job(list_head(x), 0, &in[0]);
            for (width += 2; term_is_list(rest); rest = list_tail(rest), width++) {
                if (limit >= 0 && width >= limit)
                    goto fail;
                *slot = sep_cell(p, ',', &elem, &slot);
                push_job(list_head(rest), 0, elem);
            }
            if (!term_is_nil(rest)) {
                term_t *c = heap_alloc(&p->heap, 2);
                c[0] = term_small('|');
                push_job(rest, 0, &c[1]);
                *slot = term_list(c);
                width++;
            } else {
                *slot = NIL;
            }
            *j.slot = bracket(p, '[', term_list(in), ']');
        } else if (term_is_tuple(x) && tuple_arity(x) > 0) {
            uint64_t n = tuple_arity(x);
            const term_t *e = tuple_elems(x);
            term_t *in = heap_alloc(&p->heap, 2), *slot = &in[1];
            push_job(e[0], 0, &in[0]);
            for (uint64_t i = 1; i < n; i++) {
                if (limit >= 0 && width + (int64_t)i >= limit)
                    goto fail;
                *slot = sep_cell(p, ',', &elem, &slot);
                push_job(e[i], 0, elem);
            }
            *slot = NIL;
            width += 1 + (int64_t)n;
            *j.slot = bracket(p, '{', term_list(in), '}');
        } else if (term_is_map(x) && map_size(x) > 0) {
            if (arrow == THE_NON_VALUE)
                arrow = ascii(p, " => ");
            map_iter it;
            term_t k, v, inner, *slot = &inner;
            map_iter_init_fold(&it, x);
            for (bool first = true; map_iter_next(&it, &k, &v); first = false, width += 5) {
                if (limit >= 0 && width >= limit)
                    goto fail;
                term_t *c = heap_alloc(&p->heap, 6);
                c[1] = term_list(c + 2);
                c[2] = arrow;
                c[3] = term_list(c + 4);
                c[5] = NIL;
                push_job(k, 0, &c[0]);
                push_job(v, 0, &c[4]);
                if (first) {
                    *slot = cons(p, term_list(c), NIL);
                    slot = &list_ptr(*slot)[1];
                } else {
                    *slot = sep_cell(p, ',', &elem, &slot);
                    *elem = term_list(c);
                }
            }
            *slot = NIL;
            width += 2;
            *j.slot = cons(p, term_small('#'), bracket(p, '{', inner, '}'));
        } else if (term_is_bitstring(x)) {
            goto fail;
        } else {
            fmt_buf_reset(&lbuf);
            if (term_is_tuple(x))
                fmt_buf_put(&lbuf, "{}", 2);
            else if (term_is_map(x))
                fmt_buf_put(&lbuf, "#{}", 3);
            else
                put_leaf(&lbuf, x, unicode);
        leaf:
            for (size_t i = 0; i < lbuf.len; i++) {
                unsigned char b = (unsigned char)lbuf.data[i];
                if (b >= 0xC4) /* leads a char above 255 */
                    goto fail;
                width += (b & 0xC0) != 0x80;
            }
            *j.slot = buf_chars(p, &lbuf);
        }
    }
    return limit < 0 || width < limit;
fail:
    jobs.n = base;
    return false;
}

/* ~p or ~P: the flat text when io_lib_pretty:print/2 gives one whatever
 * the layout (atomic terms, "...", [] {} #{} <<>>, printable lists and
 * what depth 1 cuts to {...} #{...} <<...>>), the one-line form when it
 * fits, else a '$pretty' element. */
static bool put_pretty(fwalk *w, const dspec *sp)
{
    process *p = w->p;
    if (sp->cc == 'P' && !term_is_integer(sp->a2))
        return false;
    if (sp->left)
        return false;
    int64_t col;
    if (sp->has_prec)
        col = sp->prec;
    else if (!column_now(w, &col))
        return false;
    else
        col++;
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    o.line_length = sp->width >= 0 ? (int)sp->width : FMT_LINE_LENGTH;
    o.column = (int)col;
    o.depth = sp->cc == 'P' ? (int)depth_of(sp->a2) : -1;
    o.unicode = sp->unicode;
    o.strings = sp->strings;
    term_t t = sp->a;
    bool flat = o.depth == 0 || term_is_nil(t) ||
                !(term_is_list(t) || term_is_tuple(t) || term_is_map(t) || term_is_bitstring(t));
    if (!flat && o.depth == 1)
        flat = !term_is_list(t);
    if (!flat) {
        bool empty_bin = false;
        if (term_is_bitstring(t)) {
            bin_view v;
            bin_view_of(t, &v);
            empty_bin = v.size == 0 && v.bitsize == 0;
        }
        flat = empty_bin || (term_is_tuple(t) && tuple_arity(t) == 0) || (term_is_map(t) && map_size(t) == 0) ||
               (term_is_list(t) && o.strings && o.depth != 1 && fmt_printable_list(t, false, NULL));
    }
    if (flat) {
        fmt_buf_reset(&lbuf);
        fmt_pretty(&lbuf, t, &o);
        add_big(w, buf_chars(p, &lbuf));
        return true;
    }
    /* When it fits on the line, the one-line form (Col <= 0 counts as 1). */
    int64_t limit = o.line_length - (o.column < 1 ? 1 : o.column);
    term_t line;
    if (o.depth < 0 && (o.line_length == 0 || limit > 0) &&
        pretty_line(p, t, o.unicode, o.strings, o.line_length == 0 ? -1 : limit, &line)) {
        add_big(w, line);
        return true;
    }
    term_t e[7] = {atom_from_cstr("$pretty"),
                   t,
                   term_small(o.column),
                   term_small(o.line_length),
                   term_small(o.depth),
                   atom_from_cstr(o.unicode ? "unicode" : "latin1"),
                   o.strings ? ATOM_true : ATOM_false};
    add_big(w, term_tuple(&p->heap, 7, e));
    w->pretty = true;
    return true;
}

static term_t none_or_int(int64_t v, bool has) { return has ? term_small(v) : atom_from_cstr("none"); }

/* A big directive for io_lib.erl's chars_limit budget:
 * {'$limited', Control, Args, Width, Adjust, Precision, Pad, Encoding,
 * Strings}, io_lib_format's own fields (none for a missing width or
 * precision). */
static term_t limited_directive(process *p, const dspec *sp)
{
    term_t args = NIL;
    if (sp->a2 != THE_NON_VALUE)
        args = cons(p, sp->a2, args);
    args = cons(p, sp->a, args);
    term_t e[9] = {atom_from_cstr("$limited"),
                   term_small((unsigned char)sp->cc),
                   args,
                   none_or_int(sp->width, sp->width >= 0),
                   atom_from_cstr(sp->left ? "left" : "right"),
                   none_or_int(sp->prec, sp->has_prec),
                   sp->pad,
                   atom_from_cstr(sp->unicode ? "unicode" : "latin1"),
                   sp->strings ? ATOM_true : ATOM_false};
    return term_tuple(&p->heap, 9, e);
}

/* One directive of the walk: text the directive took (from '~'), the
 * arguments it took (from `args` up to `rest`). */
static bool put_directive(fwalk *w, const dspec *sp, const char *text, size_t n, term_t args, term_t rest)
{
    process *p = w->p;
    term_t x;
    if (w->limited && sp->cc && strchr("wWpPs", sp->cc) && !(sp->cc == 's' && term_is_atom(sp->a))) {
        lb_add(&w->out, limited_directive(p, sp));
        return true;
    }
    switch (sp->cc) {
    case 'w':
    case 'W': {
        if (sp->cc == 'W' && !term_is_integer(sp->a2))
            return false;
        int64_t d = sp->cc == 'W' ? depth_of(sp->a2) : -1;
        term_t t = write_deep(p, sp->a, d, sp->unicode);
        int64_t L = 0;
        if (sp->width >= 0 || sp->has_prec) {
            fmt_buf_reset(&lbuf);
            fmt_write(&lbuf, sp->a, (int)d, sp->unicode);
            L = (int64_t)fmt_text_width(lbuf.data, lbuf.len);
        }
        if (!pad_term(p, t, L, sp, &x))
            return false;
        add_big(w, x);
        return true;
    }
    case 'p':
    case 'P':
        return put_pretty(w, sp);
    case 's':
        if (!term_is_atom(sp->a)) {
            term_t s;
            if (!chardata_deep(p, sp->a, sp->unicode, &s) || !pad_string(p, s, sp, &x))
                return false;
            add_big(w, x);
            return true;
        }
        break;
    }
    /* A small directive: its text, formatted by fmt_format. */
    term_t taken = NIL, *slot = &taken;
    for (term_t a = args; a != rest; a = list_tail(a)) {
        *slot = cons(p, list_head(a), NIL);
        slot = &list_ptr(*slot)[1];
    }
    fmt_error err;
    fmt_buf_reset(&lbuf);
    if (fmt_format(&lbuf, text, n, taken, &err) != FMT_OK)
        return false;
    lb_add_utf8(p, &w->out, lbuf.data, lbuf.len);
    return true;
}

/* io_lib:format(Format, Args)'s list, or {List} when it holds '$pretty'
 * elements; with `limited`, the list with '$limited' elements.
 * THE_NON_VALUE (badarg raised) on bad input. */
static term_t format_deep(process *p, term_t format, term_t args, bool limited)
{
    bool opaque;
    if (!load_format(format, &opaque))
        return BIF_BADARG(p);
    const char *f = fbuf.data ? fbuf.data : "";
    size_t len = fbuf.len;
    if (!opaque && !has_big_directive(f, len)) {
        fmt_error err;
        fmt_buf_reset(&tbuf);
        if (fmt_format(&tbuf, f, len, args, &err) != FMT_OK)
            return BIF_BADARG(p);
        return buf_chars(p, &tbuf);
    }
    fwalk w = {.p = p, .bigs_base = bigs.n, .bigs_seen = bigs.n, .limited = limited};
    lb_init(&w.out, &p->heap);
    term_t fl = format;
    size_t pos = 0;
    while (pos < len) {
        if ((unsigned char)f[pos] == OPAQUE_BYTE) {
            lb_add(&w.out, next_opaque(&fl));
            pos++;
            continue;
        }
        if (f[pos] != '~') {
            size_t run = pos;
            while (pos < len && f[pos] != '~' && (unsigned char)f[pos] != OPAQUE_BYTE)
                pos++;
            lb_add_utf8(p, &w.out, f + run, pos - run);
            continue;
        }
        size_t start = pos++;
        term_t before = args;
        dspec sp;
        if (!read_directive(f, len, &pos, &args, &sp) ||
            !put_directive(&w, &sp, f + start, pos - start, before, args))
            goto badarg;
    }
    if (!term_is_nil(args))
        goto badarg;
    bigs.n = w.bigs_base;
    return w.pretty ? term_tuple(&p->heap, 1, &w.out.head) : w.out.head;
badarg:
    bigs.n = w.bigs_base;
    return BIF_BADARG(p);
}

/* dbgsh_out:io_lib_format(Format, Args): io_lib:format/2 for io_lib.erl. */
static term_t dbgsh_out_io_lib_format_2(process *p, const term_t *a)
{
    return format_deep(p, a[0], a[1], false);
}

/* dbgsh_out:io_lib_format_limited(Format, Args): the same list with every
 * ~w ~W ~p ~P and ~s (of anything but an atom) left as a '$limited'
 * element, for io_lib:format/3's chars_limit. */
static term_t dbgsh_out_io_lib_format_limited_2(process *p, const term_t *a)
{
    return format_deep(p, a[0], a[1], true);
}

/* Writes t as the emulator prints it (format/erts.c) on standard output,
 * ended by "\r\n" as erl ends it; leaves the text and the "\r\n" in tbuf. */
static void display(term_t t)
{
    fmt_buf_reset(&tbuf);
    fmt_erts(&tbuf, t, SIZE_MAX);
    fmt_buf_put(&tbuf, "\r\n", 2);
    vm_write(VM_STDOUT, tbuf.data, tbuf.len);
}

/* erlang:display/1 */
static term_t erlang_display_1(process *p, const term_t *a)
{
    display(a[0]);
    return ATOM_true;
}

/* erts_debug:display/1: prints as erlang:display/1, and returns the text,
 * its bytes as chars, ended by "\n". */
static term_t erts_debug_display_1(process *p, const term_t *a)
{
    display(a[0]);
    tbuf.data[tbuf.len - 2] = '\n';
    return term_string(&p->heap, tbuf.data, tbuf.len - 1);
}

static const bif_entry io_bifs[] = {
    {"dbgsh_out", "format", 3, dbgsh_out_format_3, 0},
    {"dbgsh_out", "put_chars", 2, dbgsh_out_put_chars_2, 0},
    {"dbgsh_out", "io_lib_format", 2, dbgsh_out_io_lib_format_2, 0},
    {"dbgsh_out", "io_lib_format_limited", 2, dbgsh_out_io_lib_format_limited_2, 0},
    {"dbgsh_out", "io_lib_write", 3, dbgsh_out_io_lib_write_3, 0},
    {"dbgsh_out", "shell_pp", 2, dbgsh_out_shell_pp_2, 0},
    {"io_lib", "write", 1, io_lib_write_1, 0},
    {"erlang", "display", 1, erlang_display_1, 0},
    {"erts_debug", "display", 1, erts_debug_display_1, 0},
};

/* `dbgsh -e`'s report of its process's end, on standard error. */
static void eval_exit_report(term_t reason)
{
    fmt_buf b;
    fmt_buf_init(&b);
    fmt_buf_put(&b, "dbgsh: -e process exited: ", 26);
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    fmt_pretty(&b, reason, &o);
    fmt_buf_putc(&b, '\n');
    vm_write(VM_STDERR, b.data, b.len);
    fmt_buf_free(&b);
}

/* ---- process_info(Q, backtrace) ----------------------------------------------------- */

/* An address as the stack dump prints it. */
static void bt_hex(fmt_buf *b, const void *a)
{
    char s[24];
    int n = snprintf(s, sizeof s, "0x%016llx", (unsigned long long)(uintptr_t)a);
    fmt_buf_put(b, s, (size_t)n);
}

/* One frame's lines on the fmt_buf ctx: the running function's has no
 * place of its own (f->at NULL). */
static bool bt_frame(void *ctx, const proc_bt_frame *f)
{
    fmt_buf *b = ctx;
    if (!f->at) {
        fmt_buf_put(b, "Program counter: ", 17);
    } else {
        fmt_buf_putc(b, '\n');
        bt_hex(b, f->at);
        fmt_buf_put(b, " Return addr ", 13);
    }
    bt_hex(b, f->pc);
    fmt_buf_put(b, " (", 2);
    if (f->header) {
        char s[48];
        fmt_erts(b, (term_t)f->header[FH_MODULE], SIZE_MAX);
        fmt_buf_putc(b, ':');
        fmt_erts(b, (term_t)f->header[FH_NAME], SIZE_MAX);
        int n = snprintf(s, sizeof s, "/%llu + %llu)\n", (unsigned long long)f->header[FH_ARITY],
                         (unsigned long long)((uintptr_t)f->pc - (uintptr_t)f->header));
        fmt_buf_put(b, s, (size_t)n);
    } else {
        fmt_buf_put(b, "unknown function)\n", 18);
    }
    for (uint32_t i = 0; i < f->nregs; i++) {
        char s[32];
        int n = snprintf(s, sizeof s, "y(%u)     ", (unsigned)i);
        fmt_buf_put(b, s, (size_t)n);
        if (term_is_header(f->regs[i])) /* a dead register the GC marked */
            fmt_buf_put(b, "<dead>", 6);
        else
            fmt_erts(b, f->regs[i], SIZE_MAX);
        fmt_buf_putc(b, '\n');
    }
    return true;
}

/* The text of a backtrace, laid out as OTP's stack dump: the running
 * function's code address and its registers, a blank line, then for each
 * caller the address of its frame, the code address it returns to and its
 * registers, and last the frame that ends the process. Each register
 * prints as y(N) and the emulator's text of its value (erlang:display's,
 * as OTP's %T). The addresses are this VM's, of its code words and call
 * frames; a code address is placed as Module:Function/Arity +
 * the bytes from the function's header; a caller's frame is placed by
 * its call frame, the process's end by the bottom of its registers. */
static term_t backtrace_text(heap_t *h, const process *q)
{
    fmt_buf b;
    fmt_buf_init(&b);
    proc_backtrace_walk(q, bt_frame, &b);
    /* the process's end, where its first function returns: at the bottom
     * of its registers */
    fmt_buf_putc(&b, '\n');
    bt_hex(&b, q->stack);
    fmt_buf_put(&b, " Return addr ", 13);
    bt_hex(&b, NULL);
    fmt_buf_put(&b, " (<terminate process normally>)\n", 32);
    term_t bin = bin_new(h, (const uint8_t *)b.data, b.len);
    fmt_buf_free(&b);
    return bin;
}

void fmt_io_register(void)
{
    size_t ntrace;
    const bif_entry *trace_bifs = fmt_traceline_bifs(&ntrace);

    bif_register(io_bifs, sizeof io_bifs / sizeof io_bifs[0]);
    bif_register(trace_bifs, ntrace);
    fmt_exception_register();
    vm_set_crash_report(eval_exit_report);
    vm_set_backtrace(backtrace_text);
}
