/* hash.c: erlang:phash2 and ERTS' internal term hash, value for value as
 * OTP 25 computes them. Both feed 32-bit words through Bob Jenkins' 96-bit
 * mix (his 1996 "lookup2" hash), with a per-type constant, and walk terms
 * with an explicit stack of pending terms and marker words. */
#include "hash.h"

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "byteorder.h"
#include "binary.h"
#include "map.h"

/* The golden ratio, and its multiples k * GOLDEN mod 2^32 for k = 2..22:
 * each term type mixes its words with its own constant. */
#define GOLDEN 0x9e3779b9u
#define K2 0x3c6ef372u
#define K3 0xdaa66d2bu
#define K4 0x78dde6e4u
#define K5 0x1715609du
#define K6 0xb54cda56u
#define K7 0x5384540fu
#define K8 0xf1bbcdc8u
#define K9 0x8ff34781u
#define K10 0x2e2ac13au
#define K11 0xcc623af3u
#define K12 0x6a99b4acu
#define K13 0x08d12e65u
#define K14 0xa708a81eu
#define K15 0x454021d7u
#define K16 0xe3779b90u
#define K17 0x81af1549u
#define K18 0x1fe68f02u
#define K19 0xbe1e08bbu
#define K20 0x5c558274u
#define K21 0xfa8cfc2du
#define K22 0x98c475e6u

/* The internal hash starts from salt ^ this prime, so that it differs from
 * phash2 on equal input. */
#define INTERNAL_SEED 3432918353u
/* phash2 of [] at the start of a term, and the tag value it mixes in
 * otherwise (OTP's NIL_DEF). */
#define PHASH2_NIL_FIRST 3468870702u
#define NIL_TAG 2u

/* Marker words on the walk stack. They are header words, which are never
 * term values, so they cannot be mistaken for pending terms. */
#define MARK_MAP_TAIL header_make(1, HDR_REF) /* phash2: end of a map */
#define MARK_MAP_PAIR header_make(2, HDR_REF) /* phash2: end of one pair */
#define MARK_CDR header_make(3, HDR_REF)      /* internal: a non-list tail next */

static inline void mix_abc(uint32_t *pa, uint32_t *pb, uint32_t *pc)
{
    uint32_t a = *pa, b = *pb, c = *pc;
    a -= b, a -= c, a ^= c >> 13;
    b -= c, b -= a, b ^= a << 8;
    c -= a, c -= b, c ^= b >> 13;
    a -= b, a -= c, a ^= c >> 12;
    b -= c, b -= a, b ^= a << 16;
    c -= a, c -= b, c ^= b >> 5;
    a -= b, a -= c, a ^= c >> 3;
    b -= c, b -= a, b ^= a << 10;
    c -= a, c -= b, c ^= b >> 15;
    *pa = a, *pb = b, *pc = c;
}

static inline uint32_t mix(uint32_t a, uint32_t b, uint32_t c)
{
    mix_abc(&a, &b, &c);
    return c;
}

/* Mixes two words into h, offset by the type constant k. */
static inline uint32_t mix2(uint32_t h, uint32_t x, uint32_t y, uint32_t k) { return mix(k + x, k + y, h); }
static inline uint32_t mix1(uint32_t h, uint32_t x, uint32_t k) { return mix2(h, x, 0, k); }

/* Lightweight mixing of a constant (internal hash: cons structure). */
static inline uint32_t mix_const(uint32_t h, uint32_t k)
{
    h ^= k;
    return (h << 17) ^ (h >> 15);
}

/* lookup2's hash() of `len` bytes, `init` the previous hash value. Only the
 * low 32 bits of the length enter the mix (as in OTP). */
static uint32_t mix_block(const uint8_t *k, uint64_t len, uint32_t init)
{
    uint32_t a = GOLDEN, b = GOLDEN, c = init;
    uint64_t left = len;
    while (left >= 12) {
        a += load_le32(k), b += load_le32(k + 4), c += load_le32(k + 8);
        mix_abc(&a, &b, &c);
        k += 12, left -= 12;
    }
    c += (uint32_t)len;
    switch (left) { /* every case falls through */
    case 11:
        c += (uint32_t)k[10] << 24; /* fall through */
    case 10:
        c += (uint32_t)k[9] << 16; /* fall through */
    case 9:
        c += (uint32_t)k[8] << 8; /* fall through */
    case 8:
        b += (uint32_t)k[7] << 24; /* fall through */
    case 7:
        b += (uint32_t)k[6] << 16; /* fall through */
    case 6:
        b += (uint32_t)k[5] << 8; /* fall through */
    case 5:
        b += k[4]; /* fall through */
    case 4:
        a += (uint32_t)k[3] << 24; /* fall through */
    case 3:
        a += (uint32_t)k[2] << 16; /* fall through */
    case 2:
        a += (uint32_t)k[1] << 8; /* fall through */
    case 1:
        a += k[0]; /* fall through */
    default:
        break;
    }
    return mix(a, b, c);
}

/* A bitstring: its whole bytes through mix_block from `init`, then the
 * trailing bits, if any, with their count. `len32` truncates the byte count
 * to 32 bits first (phash2 does, the internal hash does not). */
static uint32_t mix_bits(term_t t, uint32_t init, bool len32)
{
    bin_view v;
    bin_view_of(t, &v);
    uint64_t size = len32 ? (uint32_t)v.size : v.size;
    if (size == 0 && v.bitsize == 0)
        return init;
    uint32_t h;
    if (v.bitoffset == 0) {
        h = mix_block(v.bytes, size, init);
    } else {
        size_t n = (size_t)v.size + 1;
        uint8_t *buf = alloc_new(ALLOC_TEMP, n);
        bin_copy_bits(&v, buf);
        h = mix_block(buf, size, init);
        alloc_free(ALLOC_TEMP, buf, n);
    }
    if (v.bitsize > 0)
        h = mix2(h, v.bitsize, (uint32_t)(bin_tail_bits(&v) >> (8 - v.bitsize)), K15);
    return h;
}

/* A bignum's limbs, least significant first, each as two 32-bit halves. */
static uint32_t mix_big_limbs(uint32_t h, const mp_limb_t *limbs, size_t n, bool negative)
{
    uint32_t k = negative ? K10 : K11;
    for (size_t i = 0; i < n; i++) {
        uint64_t d = limbs[i];
        h = mix2(h, (uint32_t)d, (uint32_t)(d >> 32), k);
    }
    return h;
}

/* phash2's integers: 28-bit values as signed words (negative ones mixed
 * twice), wider ones as a bignum of their magnitude. */
static uint32_t mix_phash2_small(uint32_t h, int64_t v)
{
    if (v >= -(INT64_C(1) << 27) && v < (INT64_C(1) << 27)) {
        int32_t y = (int32_t)v;
        if (y < 0)
            h = mix1(h, (uint32_t)-y, GOLDEN);
        return mix1(h, (uint32_t)y, GOLDEN);
    }
    mp_limb_t mag = v < 0 ? (mp_limb_t)0 - (mp_limb_t)v : (mp_limb_t)v;
    return mix_big_limbs(h, &mag, 1, v < 0);
}

/* The two 32-bit halves of a double's bits; 0.0 and -0.0 hash alike. */
static void split_float(term_t t, uint32_t *lo, uint32_t *hi)
{
    double d = float_value(t);
    if (d == 0.0)
        d = 0.0;
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    *lo = (uint32_t)bits, *hi = (uint32_t)(bits >> 32);
}

/* OTP's atom hash value (hashpjw over the name bytes). Its two-byte UTF-8
 * sequences led by C2/C3 count as one latin1 character, so an atom hashes
 * alike whatever encoding its name was created from. */
static uint32_t compute_atom_hvalue(term_t a)
{
    size_t len;
    const uint8_t *p = (const uint8_t *)atom_text(a, &len);
    uint32_t h = 0;
    while (len--) {
        uint8_t v = *p++;
        if (len && (v & 0xFE) == 0xC2 && (*p & 0xC0) == 0x80) {
            v = (uint8_t)((v << 6) | (*p & 0x3F));
            p++, len--;
        }
        h = (h << 4) + v;
        uint32_t g = h & 0xf0000000u;
        if (g) {
            h ^= g >> 24;
            h ^= g;
        }
    }
    return h;
}

/* The first `n` id words of a ref, zero beyond its own count. */
static void get_ref_ids(term_t t, uint32_t *ids, unsigned n)
{
    const uint32_t *src;
    uint64_t nids;
    if (term_is_local_ref(t)) {
        src = ref_object(t)->ids, nids = ref_object(t)->nids;
    } else {
        src = ext_id_object(t)->ids, nids = ext_id_object(t)->nids;
    }
    for (unsigned i = 0; i < n; i++)
        ids[i] = i < nids ? src[i] : 0;
}

/* ---- the walk stack ------------------------------------------------------ */

#define STACK_LOCAL 64

typedef struct wstack {
    term_t *items;
    size_t n, cap;
    term_t local[STACK_LOCAL];
} wstack;

static void init_stack(wstack *s)
{
    s->items = s->local;
    s->n = 0;
    s->cap = STACK_LOCAL;
}

static void grow_stack(wstack *s)
{
    size_t cap = s->cap * 2;
    if (s->items == s->local) {
        s->items = alloc_new(ALLOC_TEMP, cap * sizeof(term_t));
        memcpy(s->items, s->local, s->n * sizeof(term_t));
    } else {
        s->items = alloc_resize(ALLOC_TEMP, s->items, s->cap * sizeof(term_t), cap * sizeof(term_t));
    }
    s->cap = cap;
}

static inline void push(wstack *s, term_t w)
{
    if (s->n == s->cap)
        grow_stack(s);
    s->items[s->n++] = w;
}

static inline term_t pop(wstack *s) { return s->items[--s->n]; }

static void free_stack(wstack *s)
{
    if (s->items != s->local)
        alloc_free(ALLOC_TEMP, s->items, s->cap * sizeof(term_t));
}

/* Pushes every pair of map `m` so that they pop in map_iter order (which
 * is the order OTP's internal hash visits them), key before value; with
 * `pairs_marked` (phash2) each pair is followed by a MARK_MAP_PAIR. The
 * iterator runs forwards only, so the pairs are pushed as they come and the
 * groups reversed in place afterwards. */
static void push_map_entries(wstack *s, term_t m, bool pairs_marked)
{
    map_iter it;
    term_t k, v;
    size_t base = s->n, group = pairs_marked ? 3 : 2;
    map_iter_init(&it, m);
    while (map_iter_next(&it, &k, &v)) {
        if (pairs_marked)
            push(s, MARK_MAP_PAIR);
        push(s, v);
        push(s, k);
    }
    size_t count = (s->n - base) / group;
    for (size_t i = 0; i < count / 2; i++) {
        term_t *a = s->items + base + i * group, *b = s->items + base + (count - 1 - i) * group;
        for (size_t j = 0; j < group; j++) {
            term_t tmp = a[j];
            a[j] = b[j];
            b[j] = tmp;
        }
    }
}

/* ---- phash2 ---------------------------------------------------------------- */

/* OTP's make_hash2. Maps hash each pair from zero and xor the results, so
 * a map's hash does not depend on its iteration order. */
static uint32_t compute_phash2(term_t t)
{
    wstack s;
    init_stack(&s);
    uint32_t h = 0, xor_pairs = 0;
    for (;;) {
        switch (term_primary(t)) {
        case TAG_PRIMARY_LIST: {
            uint32_t sh = 0;
            int c = 0;
            while (term_is_list(t)) {
                term_t hd = list_head(t);
                if (!term_is_small(hd) || (uint64_t)small_value(hd) > 255)
                    break;
                sh = (sh << 8) + (uint32_t)small_value(hd);
                if (c == 3) {
                    h = mix1(h, sh, K4);
                    c = 0, sh = 0;
                } else {
                    c++;
                }
                t = list_tail(t);
            }
            if (c > 0)
                h = mix1(h, sh, K4);
            if (term_is_list(t)) { /* a cell whose head is not a byte */
                push(&s, list_tail(t));
                t = list_head(t);
            }
            continue; /* hash the head, or the tail that ended the run */
        }
        case TAG_PRIMARY_IMMED1:
            if (term_is_small(t)) {
                h = mix_phash2_small(h, small_value(t));
            } else if (term_is_atom(t)) {
                h = h == 0 ? compute_atom_hvalue(t) : mix1(h, compute_atom_hvalue(t), K3);
            } else if (term_is_nil(t)) {
                h = h == 0 ? PHASH2_NIL_FIRST : mix1(h, NIL_TAG, K2);
            } else if (term_is_local_pid(t)) {
                h = mix1(h, pid_number(t), K5);
            } else {
                uint64_t n = port_number(t);
                h = mix2(h, (uint32_t)n, (uint32_t)(n >> 32), K6);
            }
            break;
        default:
            switch (header_subtag(*boxed_ptr(t))) {
            case HDR_TUPLE: {
                uint64_t n = tuple_arity(t);
                h = mix1(h, (uint32_t)n, K9);
                if (n == 0)
                    break;
                const term_t *e = tuple_elems(t);
                for (uint64_t i = n - 1; i > 0; i--)
                    push(&s, e[i]);
                t = e[0];
                continue;
            }
            case HDR_MAP: {
                uint64_t n = map_size(t);
                h = mix1(h, (uint32_t)n, K16);
                if (n == 0)
                    break;
                push(&s, xor_pairs);
                push(&s, h);
                push(&s, MARK_MAP_TAIL);
                h = 0, xor_pairs = 0;
                push_map_entries(&s, t, true);
                break;
            }
            case HDR_EXPORT: {
                export_obj *e = export_object(t);
                h = mix2(h, (uint32_t)e->arity, compute_atom_hvalue(e->module), GOLDEN);
                h = mix1(h, compute_atom_hvalue(e->function), K14);
                break;
            }
            case HDR_FUN: {
                fun_obj *f = fun_object(t);
                h = mix2(h, (uint32_t)f->num_free, compute_atom_hvalue(f->module), GOLDEN);
                h = mix2(h, (uint32_t)f->index, (uint32_t)f->old_uniq, GOLDEN);
                if (f->num_free == 0)
                    break;
                for (uint64_t i = f->num_free - 1; i > 0; i--)
                    push(&s, f->env[i]);
                t = f->env[0];
                continue;
            }
            case HDR_REFC_BIN:
            case HDR_HEAP_BIN:
            case HDR_SUB_BIN:
                h = mix_bits(t, K13 + h, true);
                break;
            case HDR_POS_BIG:
            case HDR_NEG_BIG:
                h = mix_big_limbs(h, big_limbs(t), big_limb_count(t), big_is_negative(t));
                break;
            case HDR_REF:
            case HDR_MAGIC_REF:
            case HDR_EXT_REF: {
                uint32_t id;
                get_ref_ids(t, &id, 1);
                h = mix1(h, id, K7);
                break;
            }
            case HDR_EXT_PID:
                h = mix1(h, ext_id_object(t)->ids[0], K5);
                break;
            case HDR_EXT_PORT: {
                ext_id_obj *x = ext_id_object(t);
                h = mix2(h, x->ids[0], x->nids > 1 ? x->ids[1] : 0, K6);
                break;
            }
            case HDR_FLOAT: {
                uint32_t lo, hi;
                split_float(t, &lo, &hi);
                h = mix2(h, hi, lo, K12);
                break;
            }
            default:
                ASSERT(!"phash2: not a term");
                break;
            }
            break;
        }
        /* The term is done: resume the next pending one. */
        for (;;) {
            if (s.n == 0) {
                free_stack(&s);
                return h;
            }
            t = pop(&s);
            if (t == MARK_MAP_TAIL) {
                uint32_t pairs = xor_pairs;
                h = (uint32_t)pop(&s);
                h = mix1(h, pairs, K19);
                xor_pairs = (uint32_t)pop(&s);
            } else if (t == MARK_MAP_PAIR) {
                xor_pairs ^= h;
                h = 0;
            } else {
                break;
            }
        }
    }
}

uint32_t hash_phash2(term_t t) { return compute_phash2(t) & ((UINT32_C(1) << 27) - 1); }

uint32_t hash_phash2_range(term_t t, uint64_t range)
{
    ASSERT(range >= 1 && range <= (UINT64_C(1) << 32));
    return (uint32_t)(compute_phash2(t) % range);
}

/* ---- the internal hash ------------------------------------------------------ */

/* OTP numbers a local pid <0.N.S> with data word S << 15 | N and stores,
 * above it, the data's slot in a process table of 2^18 entries (the +P
 * default), spread over 64-byte cache lines; ports likewise, with a table
 * of 2^16 (the default port limit on Linux). */
static uint64_t make_ptab_word(uint64_t data, unsigned tab_bits, unsigned tag)
{
    uint64_t n = data & ((UINT64_C(1) << tab_bits) - 1);
    unsigned line_bits = tab_bits - 3;
    uint64_t slot = ((n & ((UINT64_C(1) << line_bits) - 1)) << 3) | ((n >> line_bits) & 7);
    return slot << 32 | data << TAG_IMMED1_SIZE | tag;
}

/* The word OTP would hash for an immediate. Smalls, atoms (by index) and
 * nil are tagged as in OTP; pids and ports are rebuilt in OTP's layout
 * when OTP could hold them, else hashed with all their bits. */
static uint64_t make_otp_immed_word(term_t t)
{
    if (term_is_local_pid(t)) {
        uint32_t num = pid_number(t), ser = pid_serial(t);
        if (num < (1u << 15) && ser < (1u << 13))
            return make_ptab_word((uint64_t)ser << 15 | num, 18, TAG_IMMED1_PID);
    } else if (term_is_local_port(t)) {
        uint64_t num = port_number(t);
        if (num < (UINT64_C(1) << 28))
            return make_ptab_word(num, 16, TAG_IMMED1_PORT);
    }
    return t;
}

/* A pid, port or ref of another node: OTP mixes in the node's address; we
 * mix in the node atom and creation instead, then every id word. */
static uint32_t mix_ext_id(uint32_t h, term_t t, uint32_t k)
{
    ext_id_obj *x = ext_id_object(t);
    h = mix2(h, (uint32_t)x->node, (uint32_t)(x->node >> 32), k);
    h = mix1(h, (uint32_t)x->creation, k);
    for (uint64_t i = 0; i < x->nids; i += 2)
        h = mix2(h, x->ids[i], i + 1 < x->nids ? x->ids[i + 1] : 0, K8);
    return h;
}

uint32_t hash_internal(term_t t, uint32_t salt)
{
    uint32_t h = salt ^ INTERNAL_SEED;
    wstack s;
    init_stack(&s);
    for (;;) {
        switch (term_primary(t)) {
        case TAG_PRIMARY_LIST: {
            uint32_t sh = 0, c = 0;
            while (term_is_list(t)) {
                term_t hd = list_head(t);
                if (!term_is_small(hd) || (uint64_t)small_value(hd) > 255)
                    break;
                sh = (sh << 8) + (uint32_t)small_value(hd);
                if (c == 3) {
                    h = mix1(h, sh, K4);
                    c = 0, sh = 0;
                } else {
                    c++;
                }
                t = list_tail(t);
            }
            if (c > 0)
                h = mix2(h, sh, c, K22);
            if (term_is_list(t)) {
                term_t tail = list_tail(t);
                h = mix_const(h, K17);
                push(&s, tail);
                if (!term_is_list(tail))
                    push(&s, MARK_CDR);
                t = list_head(t);
            }
            continue;
        }
        case TAG_PRIMARY_IMMED1: {
            uint64_t w = make_otp_immed_word(t);
            h = mix2(h, (uint32_t)w, (uint32_t)(w >> 32), GOLDEN);
            break;
        }
        default:
            switch (header_subtag(*boxed_ptr(t))) {
            case HDR_TUPLE: {
                uint64_t n = tuple_arity(t);
                h = mix1(h, (uint32_t)n, K9);
                if (n == 0)
                    break;
                const term_t *e = tuple_elems(t);
                for (uint64_t i = n - 1; i > 0; i--)
                    push(&s, e[i]);
                t = e[0];
                continue;
            }
            case HDR_MAP:
                /* Size, then every key and value in maps:to_list order. */
                h = mix1(h, (uint32_t)map_size(t), K16);
                push_map_entries(&s, t, false);
                break;
            case HDR_EXPORT: {
                /* OTP mixes the export entry's address; we mix its MFA. */
                export_obj *e = export_object(t);
                h = mix2(h, (uint32_t)e->module, (uint32_t)(e->module >> 32), K14);
                h = mix2(h, (uint32_t)e->function, (uint32_t)(e->function >> 32), K14);
                h = mix1(h, (uint32_t)e->arity, K14);
                break;
            }
            case HDR_FUN: {
                fun_obj *f = fun_object(t);
                h = mix2(h, (uint32_t)f->num_free, (uint32_t)f->module, K20);
                h = mix2(h, (uint32_t)f->index, (uint32_t)f->old_uniq, K21);
                if (f->num_free == 0)
                    break;
                for (uint64_t i = f->num_free - 1; i > 0; i--)
                    push(&s, f->env[i]);
                t = f->env[0];
                continue;
            }
            case HDR_REFC_BIN:
            case HDR_HEAP_BIN:
            case HDR_SUB_BIN:
                h = mix_bits(t, K13 + h, false);
                break;
            case HDR_POS_BIG:
            case HDR_NEG_BIG:
                h = mix_big_limbs(h, big_limbs(t), big_limb_count(t), big_is_negative(t));
                break;
            case HDR_REF:
            case HDR_MAGIC_REF: {
                ref_obj *r = ref_object(t);
                uint32_t id[REF_MAX_IDS];
                get_ref_ids(t, id, REF_MAX_IDS);
                h = mix1(h, id[0], K7);
                h = mix2(h, id[1], id[2], K8);
                if (r->nids != 3) { /* not OTP's ordinary ref: keep every bit */
                    h = mix2(h, id[3], id[4], K8);
                    h = mix1(h, (uint32_t)r->nids, K8);
                }
                break;
            }
            case HDR_EXT_REF:
                h = mix_ext_id(h, t, K7);
                break;
            case HDR_EXT_PID:
                h = mix_ext_id(h, t, K5);
                break;
            case HDR_EXT_PORT:
                h = mix_ext_id(h, t, K6);
                break;
            case HDR_FLOAT: {
                uint32_t lo, hi;
                split_float(t, &lo, &hi);
                h = mix2(h, lo, hi, K12);
                break;
            }
            default:
                ASSERT(!"hash_internal: not a term");
                break;
            }
            break;
        }
        for (;;) {
            if (s.n == 0) {
                free_stack(&s);
                return h;
            }
            t = pop(&s);
            if (t != MARK_CDR)
                break;
            h = mix_const(h, K18);
        }
    }
}

uint32_t hash_map_key(term_t key, unsigned chunk)
{
    uint32_t salt = chunk == 0 ? 0 : mix2(0, chunk, 1, K22);
    return hash_internal(key, salt);
}
