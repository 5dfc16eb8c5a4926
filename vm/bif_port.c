/* bif_port.c: the erlang module's port BIFs (ports/0, port_info/1,2,
 * port_close/1, port_command/2,3, port_control/3, port_connect/2) over
 * vm/port.h, with OTP 25's results and badargs. Declared in
 * vm/bif_port.def. Ports are opened from C (port_open), never here: dbgsh
 * has no open_port/2. */

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "binary.h"
#include "port.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_bin.def" /* iolist_size/1, list_to_bitstring/1: iodata checks */
#include "bif_port.def"
#undef BIF

/* ---- atoms not in atoms.def, interned on first use ------------------------------ */

static _Atomic term_t slot_name, slot_id, slot_connected, slot_input, slot_output, slot_os_pid,
    slot_queue_size, slot_locking, slot_port_level, slot_parallelism, slot_monitored_by, slot_force,
    slot_nosuspend, slot_notsup;
#define AM(name) atom_cached(&slot_##name, #name)

/* ---- arguments -------------------------------------------------------------------- */

/* OTP's {id, Index} for port number n: the port's index in OTP's default
 * port table (65536 slots, consecutive numbers spread 8 slots apart, one
 * per cache line), the same as erl prints for the same number. */
static uint64_t otp_port_index(uint64_t n)
{
    uint64_t ix = n % 65536;
    return (ix % 8192) * 8 + ix / 8192;
}

/* port_info's answer for an item of an open port, or THE_NON_VALUE when
 * `item` is none of OTP 25's items. */
static term_t info_item(process *p, term_t item, const port_view *v)
{
    heap_t *h = &p->heap;
    term_t value;
    if (item == AM(name))
        value = v->name;
    else if (item == ATOM_links)
        value = v->links;
    else if (item == AM(id))
        value = term_uint64(h, otp_port_index(v->number));
    else if (item == AM(connected))
        value = v->connected;
    else if (item == AM(input))
        value = term_uint64(h, v->input);
    else if (item == AM(output))
        value = term_uint64(h, v->output);
    else if (item == AM(os_pid))
        value = ATOM_undefined; /* every driver runs inside the VM */
    else if (item == ATOM_memory)
        value = term_uint64(h, v->memory);
    else if (item == AM(queue_size))
        value = term_small(0); /* output is written at once, never queued */
    else if (item == AM(locking))
        value = AM(port_level);
    else if (item == AM(parallelism))
        value = ATOM_false;
    else if (item == ATOM_monitors || item == AM(monitored_by))
        value = NIL; /* ports cannot be monitored here */
    else if (item == ATOM_registered_name)
        return NIL; /* ports have no names here; OTP answers [] then */
    else
        return THE_NON_VALUE;
    return term_tuple2(h, item, value);
}

/* ---- BIFs ----------------------------------------------------------------------- */

term_t bif_port_ports_0(process *p, const term_t *args) { return port_all(&p->heap); }

/* The view of port_info's first argument into *v: true then; else false
 * with *r what port_info returns: undefined for a port that is not open
 * and for an atom (no port is registered), badarg (THE_NON_VALUE, raised)
 * for anything else that is no local port. */
static bool view_port_arg(process *p, term_t t, port_view *v, term_t *r)
{
    *r = ATOM_undefined;
    if (term_is_atom(t))
        return false;
    if (!term_is_local_port(t)) {
        *r = BIF_BADARG(p);
        return false;
    }
    return port_view_of(t, &p->heap, v);
}

/* port_info(Port): every item, in OTP's order. */
term_t bif_port_port_info_1(process *p, const term_t *args)
{
    port_view v;
    term_t r;
    if (!view_port_arg(p, args[0], &v, &r))
        return r;
    const term_t order[] = {AM(name), ATOM_links, AM(id), AM(connected), AM(input), AM(output), AM(os_pid)};
    term_t items[sizeof order / sizeof order[0]];
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        items[i] = info_item(p, order[i], &v);
    return term_list_from(&p->heap, items, sizeof items / sizeof items[0], NIL);
}

/* port_info(Port, Item): undefined for a port that is not open, whatever
 * the item; badarg for an unknown item of an open port. */
term_t bif_port_port_info_2(process *p, const term_t *args)
{
    port_view v;
    term_t r;
    if (!view_port_arg(p, args[0], &v, &r))
        return r;
    r = term_is_atom(args[1]) ? info_item(p, args[1], &v) : THE_NON_VALUE;
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

term_t bif_port_port_close_1(process *p, const term_t *args)
{
    return port_close_from(args[0], p->pid) ? ATOM_true : BIF_BADARG(p);
}

/* The command itself, once options and port are checked: Data must be
 * iodata (a binary, not a bitstring, or an iolist). The term goes to the
 * driver as it is. True even when the driver fails: as in OTP, the port
 * then dies and its links get the exit signal. */
static term_t command(process *p, term_t target, term_t data)
{
    if (bif_bin_iolist_size_1(p, &data) == THE_NON_VALUE)
        return BIF_BADARG(p);
    port_command_from(target, p->pid, data);
    return ATOM_true;
}

term_t bif_port_port_command_2(process *p, const term_t *args)
{
    if (!port_alive(args[0]))
        return BIF_BADARG(p);
    return command(p, args[0], args[1]);
}

/* port_command(Port, Data, Options): Options a proper list of force and
 * nosuspend, checked first; then the port; then `force`, which our
 * drivers do not support (OTP's trace and spawn drivers neither):
 * error:notsup; then the data. Never busy: nosuspend changes nothing. */
term_t bif_port_port_command_3(process *p, const term_t *args)
{
    bool force = false;
    term_t o = args[2];
    for (; term_is_list(o); o = list_tail(o)) {
        term_t opt = list_head(o);
        if (opt == AM(force))
            force = true;
        else if (opt != AM(nosuspend))
            return BIF_BADARG(p);
    }
    if (o != NIL || !port_alive(args[0]))
        return BIF_BADARG(p);
    if (force)
        return BIF_ERROR(p, AM(notsup));
    return command(p, args[0], args[1]);
}

/* port_control(Port, Operation, Data): Operation an integer 0..2^32-1;
 * Data iodata, where OTP also takes bitstrings (bits past the last whole
 * byte are dropped). The driver's reply comes back as it is. */
term_t bif_port_port_control_3(process *p, const term_t *args)
{
    term_t op = args[1], data = args[2];
    if (!term_is_small(op) || small_value(op) < 0 || small_value(op) > (int64_t)UINT32_MAX)
        return BIF_BADARG(p);
    if (term_is_cons_or_nil(data))
        data = bif_bin_list_to_bitstring_1(p, &data);
    if (data == THE_NON_VALUE || !term_is_bitstring(data))
        return BIF_BADARG(p);
    bin_view v;
    bin_view_of(data, &v);
    const uint8_t *bytes = v.bytes;
    uint8_t *copy = NULL;
    size_t len = (size_t)v.size;
    if (v.bitoffset) { /* an unaligned sub-binary: its bits shifted into place */
        copy = alloc_new(ALLOC_TEMP, len + 1);
        bin_copy_bits(&v, copy);
        bytes = copy;
    }
    term_t reply = NIL;
    bool ok = port_control_from(args[0], p->pid, (unsigned)small_value(op), bytes, len, &p->heap, &reply);
    if (copy)
        alloc_free(ALLOC_TEMP, copy, len + 1);
    return ok ? reply : BIF_BADARG(p);
}

term_t bif_port_port_connect_2(process *p, const term_t *args)
{
    return port_connect_from(args[0], p->pid, args[1]) ? ATOM_true : BIF_BADARG(p);
}
