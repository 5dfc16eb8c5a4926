/* bif_crypto.c: the C half of OTP's crypto module (vm/lib/crypto.erl), as
 * BIFs named as OTP's NIFs: digests, MACs, PBKDF2, random bytes, exor and
 * hash_equals over vm/digest.c. Their failures are OTP 25's, down to the
 * {badarg, {File, Line}, Text} reasons its NIFs raise (the file and line of
 * OTP's C source, which code may match on), checked in the NIFs' order.
 *
 * A hash state is a magic reference to a copy of a digest context, never
 * changed: hash_update makes a new one, so an old state stays usable, as
 * OTP's do. A MAC state is a magic reference to a context that
 * mac_update changes in place (returning the same reference), as OTP's
 * are; its lock makes two processes updating one state safe (OTP's are
 * not), and mac_final reads a copy, so a state can be finalised again
 * (OTP's cannot: docs/differences-from-erlang.md). */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "binary.h"
#include "digest.h"
#include "map.h"
#include "proc.h"
#include "sched.h"
#include "spinlock.h"
#include "term.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_crypto.def"
#undef BIF

/* One reduction for this many bytes digested (OTP's NIFs run dirty or
 * in chunks above 20,000 bytes; here the cost is charged instead). */
#define BYTES_PER_RED 64

static void charge(process *p, uint64_t bytes)
{
    uint64_t r = bytes / BYTES_PER_RED;
    p->reds -= (int32_t)(r > SCHED_SLICE_REDS ? SCHED_SLICE_REDS : r);
}

/* OTP's NIF failure {Kind, #{c_file_name => File, c_file_line_num =>
 * Line, c_function_arg_num => Arg}, Text}: Kind badarg or notsup, File
 * and Line where OTP's C source raises it, Arg the failing argument
 * (0-based). crypto.erl's nif_call raises it again as OTP's Erlang code
 * does: {Kind, {File, Line}, Text}, with Arg + 1 in its error_info. */
static term_t nif_error(process *p, const char *kind, const char *file, int line, int arg, const char *text)
{
    heap_t *h = &p->heap;
    term_t keys[3] = {atom_from_cstr("c_file_name"), atom_from_cstr("c_file_line_num"),
                      atom_from_cstr("c_function_arg_num")};
    term_t vals[3] = {term_string(h, file, strlen(file)), term_small(line), term_small(arg)};
    term_t where = map_from_pairs(h, keys, vals, 3);
    return BIF_ERROR(p, term_tuple3(h, atom_from_cstr(kind), where, term_string(h, text, strlen(text))));
}

/* ---- bytes ---------------------------------------------------------------------- */

/* The bytes of t: a binary as it is (its bytes copied to a new binary on
 * p's heap when they do not start on a byte boundary), other iodata
 * flattened onto p's heap. False when t is no iodata. */
static bool bytes_of(process *p, term_t t, bin_view *v)
{
    if (!bin_view_bytes(t, v)) {
        if (term_is_bitstring(t))
            return false;
        t = bin_of_iodata(&p->heap, t);
        if (t == THE_NON_VALUE)
            return false;
        bin_view_of(t, v);
    }
    if (v->bitoffset) {
        uint8_t *out;
        term_t b = bin_alloc(&p->heap, v->size, &out);
        if (b == THE_NON_VALUE)
            return false;
        bin_copy_bits(v, out);
        bin_view_of(b, v);
    }
    return true;
}

/* The bytes of t only when it is a binary (OTP's enif_inspect_binary). */
static bool binary_of(process *p, term_t t, bin_view *v)
{
    return term_is_bitstring(t) && bin_view_bytes(t, v) && bytes_of(p, t, v);
}

/* ---- algorithms ------------------------------------------------------------------- */

static bool digest_of(term_t t, digest_alg *alg)
{
    if (!term_is_atom(t))
        return false;
    size_t n;
    const char *s = atom_text(t, &n);
    return digest_lookup(s, n, alg);
}

/* ---- states ------------------------------------------------------------------------ */

typedef enum state_kind { HASH_STATE, HMAC_STATE, POLY1305_STATE } state_kind;

typedef struct crypto_state {
    vm_magic m;
    state_kind kind;
    spinlock lock; /* MAC states: mac_update and mac_final */
    union {
        digest_ctx hash;
        hmac_ctx hmac;
        poly1305_ctx poly;
    } u;
} crypto_state;

static void state_free(vm_magic *m) { alloc_free(ALLOC_BINARY, m, sizeof(crypto_state)); }

/* A new state of `kind` (its context for the caller to fill) behind a
 * magic reference on p's heap in *ref. */
static crypto_state *new_state(process *p, state_kind kind, term_t *ref)
{
    crypto_state *s = alloc_new(ALLOC_BINARY, sizeof *s);
    memset(s, 0, sizeof *s);
    atomic_init(&s->m.refc, 0);
    s->m.destroy = state_free;
    s->kind = kind;
    spinlock_init(&s->lock);
    uint32_t ids[3];
    proc_new_ref(ids);
    *ref = term_magic_ref(&p->heap, ids, &s->m);
    return s;
}

/* The state behind t when it is one of `kind` (or either MAC kind when
 * mac is true), else NULL. */
static crypto_state *state_of(term_t t, bool mac)
{
    if (!term_is_boxed_with(t, HDR_MAGIC_REF))
        return NULL;
    vm_magic *m = magic_ref_object(t)->magic;
    if (m->destroy != state_free)
        return NULL;
    crypto_state *s = (crypto_state *)(void *)m;
    return (s->kind != HASH_STATE) == mac ? s : NULL;
}

/* ---- digests -------------------------------------------------------------------- */

/* hash_nif(Type, Data): Data is a binary (crypto:hash/2 made it one). */
term_t bif_crypto_hash_nif_2(process *p, const term_t *args)
{
    digest_alg alg;
    bin_view v;
    if (!digest_of(args[0], &alg))
        return nif_error(p, "badarg", "hash.c", 108, 0, "Bad digest type");
    if (!binary_of(p, args[1], &v))
        return BIF_BADARG(p);
    uint8_t out[DIGEST_MAX_SIZE];
    digest_bytes(alg, v.bytes, v.size, out);
    charge(p, v.size);
    return bin_new(&p->heap, out, digest_info_of(alg)->size);
}

term_t bif_crypto_hash_init_nif_1(process *p, const term_t *args)
{
    digest_alg alg;
    if (!digest_of(args[0], &alg))
        return nif_error(p, "badarg", "hash.c", 142, 0, "Bad digest type");
    term_t ref;
    digest_start(&new_state(p, HASH_STATE, &ref)->u.hash, alg);
    return ref;
}

term_t bif_crypto_hash_update_nif_2(process *p, const term_t *args)
{
    const crypto_state *old = state_of(args[0], false);
    bin_view v;
    if (!old)
        return nif_error(p, "badarg", "hash.c", 171, 0, "Bad state");
    if (!binary_of(p, args[1], &v))
        return BIF_BADARG(p);
    term_t ref;
    crypto_state *s = new_state(p, HASH_STATE, &ref);
    s->u.hash = old->u.hash;
    digest_feed(&s->u.hash, v.bytes, v.size);
    charge(p, v.size);
    return ref;
}

term_t bif_crypto_hash_final_nif_1(process *p, const term_t *args)
{
    const crypto_state *s = state_of(args[0], false);
    if (!s)
        return nif_error(p, "badarg", "hash.c", 205, 0, "Bad state");
    digest_ctx c = s->u.hash;
    uint8_t out[DIGEST_MAX_SIZE];
    digest_finish(&c, out);
    return bin_new(&p->heap, out, digest_info_of(c.alg)->size);
}

/* #{block_size => B, size => S, type => NID}; badarg for no digest. */
term_t bif_crypto_hash_info_nif_1(process *p, const term_t *args)
{
    digest_alg alg;
    if (!digest_of(args[0], &alg))
        return BIF_BADARG(p);
    const digest_info *d = digest_info_of(alg);
    term_t keys[3] = {atom_from_cstr("block_size"), atom_from_cstr("size"), atom_from_cstr("type")};
    term_t vals[3] = {term_small(d->block), term_small(d->size), term_small(d->nid)};
    return map_from_pairs(&p->heap, keys, vals, 3);
}

/* ---- MACs ----------------------------------------------------------------------- */

typedef enum mac_fail { MAC_OK, MAC_UNKNOWN, MAC_NOTSUP, MAC_BAD_DIGEST, MAC_BAD_KEY_LENGTH } mac_fail;

/* Keys a MAC of Type and SubType with key k into s (whose kind it sets). */
static mac_fail mac_start(term_t type, term_t subtype, const bin_view *k, crypto_state *s)
{
    if (type == atom_from_cstr("hmac")) {
        digest_alg alg;
        if (!digest_of(subtype, &alg))
            return MAC_BAD_DIGEST;
        s->kind = HMAC_STATE;
        hmac_start(&s->u.hmac, alg, k->bytes, k->size);
        return MAC_OK;
    }
    if (type == atom_from_cstr("poly1305")) {
        if (k->size != 32)
            return MAC_BAD_KEY_LENGTH;
        s->kind = POLY1305_STATE;
        poly1305_start(&s->u.poly, k->bytes);
        return MAC_OK;
    }
    return type == atom_from_cstr("cmac") ? MAC_NOTSUP : MAC_UNKNOWN;
}

static void mac_feed(crypto_state *s, const bin_view *v)
{
    if (s->kind == HMAC_STATE)
        hmac_feed(&s->u.hmac, v->bytes, v->size);
    else
        poly1305_feed(&s->u.poly, v->bytes, v->size);
}

/* The MAC of what s has been fed, s left as it was; its size in bytes. */
static size_t mac_result(const crypto_state *s, uint8_t out[DIGEST_MAX_SIZE])
{
    if (s->kind == HMAC_STATE) {
        hmac_ctx c = s->u.hmac;
        hmac_finish(&c, out);
        return digest_info_of(c.inner.alg)->size;
    }
    poly1305_ctx c = s->u.poly;
    poly1305_finish(&c, out);
    return 16;
}

/* OTP's reason for a failed start, at the line its mac_nif or
 * mac_init_nif raises it. */
static term_t mac_error(process *p, mac_fail f, bool init)
{
    switch (f) {
    case MAC_BAD_DIGEST:
        return nif_error(p, "badarg", "mac.c", init ? 617 : 263, 1, "Bad digest algorithm for HMAC");
    case MAC_BAD_KEY_LENGTH:
        return nif_error(p, "badarg", "mac.c", init ? 589 : 235, 2, "Bad key length");
    case MAC_NOTSUP:
        return nif_error(p, "notsup", "mac.c", init ? 587 : 233, 0, "Unsupported mac algorithm");
    default:
        return nif_error(p, "badarg", "mac.c", init ? 587 : 233, 0, "Unknown mac algorithm");
    }
}

/* mac_nif(Type, SubType, Key, Data): Key is a binary (crypto:mac/4 made
 * it one); Data is checked before the algorithm, as OTP's does. */
term_t bif_crypto_mac_nif_4(process *p, const term_t *args)
{
    bin_view k, v;
    if (!binary_of(p, args[2], &k))
        return BIF_BADARG(p);
    if (!bytes_of(p, args[3], &v))
        return nif_error(p, "badarg", "mac.c", 175, 3, "Bad text");
    crypto_state s;
    mac_fail f = mac_start(args[0], args[1], &k, &s);
    if (f != MAC_OK)
        return mac_error(p, f, false);
    mac_feed(&s, &v);
    charge(p, v.size);
    uint8_t out[DIGEST_MAX_SIZE];
    return bin_new(&p->heap, out, mac_result(&s, out));
}

/* mac_init_nif(Type, SubType, Key): Key is a binary from mac_init/3, any
 * iodata from mac_init/2 (poly1305). */
term_t bif_crypto_mac_init_nif_3(process *p, const term_t *args)
{
    bin_view k;
    if (!bytes_of(p, args[2], &k))
        return nif_error(p, "badarg", "mac.c", 580, 2, "Bad key");
    crypto_state tmp;
    mac_fail f = mac_start(args[0], args[1], &k, &tmp);
    if (f != MAC_OK)
        return mac_error(p, f, true);
    term_t ref;
    crypto_state *s = new_state(p, tmp.kind, &ref);
    s->u = tmp.u;
    return ref;
}

term_t bif_crypto_mac_update_nif_2(process *p, const term_t *args)
{
    bin_view v;
    if (!bytes_of(p, args[1], &v))
        return nif_error(p, "badarg", "mac.c", 794, 1, "Bad text");
    crypto_state *s = state_of(args[0], true);
    if (!s)
        return nif_error(p, "badarg", "mac.c", 817, 0, "Bad ref");
    spinlock_lock(&s->lock);
    mac_feed(s, &v);
    spinlock_unlock(&s->lock);
    charge(p, v.size);
    return args[0];
}

term_t bif_crypto_mac_final_nif_1(process *p, const term_t *args)
{
    crypto_state *s = state_of(args[0], true);
    if (!s)
        return nif_error(p, "badarg", "mac.c", 847, 0, "Bad ref");
    uint8_t out[DIGEST_MAX_SIZE];
    spinlock_lock(&s->lock);
    size_t n = mac_result(s, out);
    spinlock_unlock(&s->lock);
    return bin_new(&p->heap, out, n);
}

/* ---- PBKDF2 ------------------------------------------------------------------------ */

/* A positive integer that fits an unsigned long (OTP's enif_get_ulong):
 * 1 when it is one, 0 when it is 0, -1 when it is no such integer. */
static int ulong_of(term_t t, uint64_t *out)
{
    if (!term_is_small(t) || small_value(t) < 0)
        return -1;
    *out = (uint64_t)small_value(t);
    return *out > 0;
}

/* pbkdf2_hmac_nif(Digest, Pass, Salt, Iter, KeyLen): the SHA-1 and SHA-2
 * digests only, binaries only, as OTP's. The key is made in steps of a
 * time slice's worth of iterations' cost charged at once. */
term_t bif_crypto_pbkdf2_hmac_nif_5(process *p, const term_t *args)
{
    digest_alg alg;
    bin_view pass, salt;
    uint64_t iter, len;
    if (!digest_of(args[0], &alg))
        return nif_error(p, "badarg", "pbkdf2_hmac.c", 34, 0, "Bad digest type");
    if (alg < DIGEST_SHA1 || alg > DIGEST_SHA512)
        return nif_error(p, "badarg", "pbkdf2_hmac.c", 38, 0, "Not eligible digest type");
    if (!binary_of(p, args[1], &pass))
        return nif_error(p, "badarg", "pbkdf2_hmac.c", 41, 1, "Not binary");
    if (!binary_of(p, args[2], &salt))
        return nif_error(p, "badarg", "pbkdf2_hmac.c", 44, 2, "Not binary");
    int r = ulong_of(args[3], &iter);
    if (r <= 0)
        return r < 0 ? nif_error(p, "badarg", "pbkdf2_hmac.c", 47, 3, "Not integer")
                     : nif_error(p, "badarg", "pbkdf2_hmac.c", 49, 3, "Must be > 0");
    r = ulong_of(args[4], &len);
    if (r <= 0)
        return r < 0 ? nif_error(p, "badarg", "pbkdf2_hmac.c", 52, 4, "Not integer")
                     : nif_error(p, "badarg", "pbkdf2_hmac.c", 54, 4, "Must be > 0");
    uint8_t *out;
    term_t b = bin_alloc(&p->heap, len, &out);
    if (b == THE_NON_VALUE)
        return BIF_ERROR(p, ATOM_system_limit);
    pbkdf2_hmac(alg, pass.bytes, pass.size, salt.bytes, salt.size, iter, out, len);
    charge(p, iter > UINT32_MAX || len > UINT32_MAX ? UINT64_MAX : iter * len);
    return b;
}

/* ---- the rest ---------------------------------------------------------------------- */

/* strong_rand_bytes_nif(N): N bytes of the kernel's random source
 * (getrandom(2), which blocks only until the pool is first seeded). */
term_t bif_crypto_strong_rand_bytes_nif_1(process *p, const term_t *args)
{
    if (!term_is_small(args[0]) || small_value(args[0]) < 0)
        return BIF_BADARG(p);
    size_t n = (size_t)small_value(args[0]);
    uint8_t *out;
    term_t b = bin_alloc(&p->heap, n, &out);
    if (b == THE_NON_VALUE)
        return BIF_BADARG(p);
    for (size_t got = 0; got < n;) {
        ssize_t k = getrandom(out + got, n - got, 0);
        if (k < 0 && errno != EINTR)
            return ATOM_false; /* crypto.erl raises low_entropy */
        if (k > 0)
            got += (size_t)k;
    }
    return b;
}

/* do_exor(A, B): two binaries of the same size (crypto:exor/2 made them
 * binaries). */
term_t bif_crypto_do_exor_2(process *p, const term_t *args)
{
    bin_view a, b;
    if (!binary_of(p, args[0], &a) || !binary_of(p, args[1], &b) || a.size != b.size)
        return BIF_BADARG(p);
    uint8_t *out;
    term_t r = bin_alloc(&p->heap, a.size, &out);
    if (r == THE_NON_VALUE)
        return BIF_ERROR(p, ATOM_system_limit);
    for (uint64_t i = 0; i < a.size; i++)
        out[i] = a.bytes[i] ^ b.bytes[i];
    charge(p, a.size);
    return r;
}

/* hash_equals_nif(A, B): two binaries of the same size, compared in time
 * that depends on their size only. */
term_t bif_crypto_hash_equals_nif_2(process *p, const term_t *args)
{
    bin_view a, b;
    if (!binary_of(p, args[0], &a) || !binary_of(p, args[1], &b) || a.size != b.size)
        return BIF_BADARG(p);
    uint8_t diff = 0;
    for (uint64_t i = 0; i < a.size; i++)
        diff |= a.bytes[i] ^ b.bytes[i];
    charge(p, a.size);
    return diff ? ATOM_false : ATOM_true;
}
