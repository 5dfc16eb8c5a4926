/* bif_zlib.c: OTP's zlib module, its one-shot functions: compress/1 and
 * uncompress/1 (the zlib format), zip/1 and unzip/1 (raw deflate),
 * gzip/1 and gunzip/1 (gzip, any number of members). Compression takes
 * zlib's defaults as OTP does (level 6, a 32 KiB window, memLevel 8), so
 * with the same zlib the bytes are OTP's. Data is iodata (a bitstring that
 * is no binary is badarg); input that does not inflate, or does not end
 * where a stream ends, is data_error. The stream API (zlib:open/1, ...)
 * is not here. Also erlang:crc32/1,2, adler32/1,2 and their _combine/3,
 * zlib's checksums: a checksum or length outside 0..2^32-1 is badarg, as
 * in OTP. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "binary.h"
#include "proc.h"
#include "term.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_zlib.def"
#undef BIF

/* zlib's windowBits for each format. */
#define WBITS_ZLIB MAX_WBITS
#define WBITS_RAW (-MAX_WBITS)
#define WBITS_GZIP (16 + MAX_WBITS)

/* One call's work: the input's bytes in a scratch block, zlib's stream,
 * and the output, a scratch block that doubles as zlib fills it (all
 * ALLOC_TEMP). zlib is fed and given at most UINT_MAX bytes at a time. */
typedef struct zrun {
    z_stream zs;
    uint8_t *in;
    size_t n, left; /* the input's bytes; those not yet given to zlib */
    uint8_t *out;
    size_t cap;
} zrun;

/* The bytes of iodata `data` into z->in; false with *why badarg (no
 * iodata) or system_limit (no memory for them). */
static bool start(zrun *z, term_t data, term_t *why)
{
    memset(z, 0, sizeof *z);
    *why = ATOM_badarg;
    if (!bin_iodata(data, NULL, &z->n))
        return false;
    *why = ATOM_system_limit;
    if (!(z->in = alloc_try_new(ALLOC_TEMP, z->n)))
        return false;
    bin_iodata(data, z->in, &z->n);
    z->left = z->n;
    return true;
}

/* Gives zlib the next input once it has used what it had; makes room for
 * its output when it has none (false when there is no memory for it). */
static bool feed(zrun *z)
{
    z_stream *zs = &z->zs;
    if (zs->avail_in == 0 && z->left) {
        uInt k = z->left > UINT_MAX ? UINT_MAX : (uInt)z->left;
        zs->next_in = z->in + (z->n - z->left);
        zs->avail_in = k;
        z->left -= k;
    }
    if (zs->avail_out)
        return true;
    size_t len = z->out ? (size_t)(zs->next_out - z->out) : 0, cap = z->cap ? z->cap * 2 : 4096;
    uint8_t *p = cap > z->cap ? alloc_try_new(ALLOC_TEMP, cap) : NULL;
    if (!p)
        return false;
    if (len)
        memcpy(p, z->out, len);
    alloc_free(ALLOC_TEMP, z->out, z->cap);
    z->out = p;
    z->cap = cap;
    zs->next_out = p + len;
    zs->avail_out = cap - len > UINT_MAX ? UINT_MAX : (uInt)(cap - len);
    return true;
}

/* The output as a binary, or `fail` raised (THE_NON_VALUE: success); frees
 * the blocks. */
static term_t finish(process *p, zrun *z, term_t fail)
{
    term_t res = fail == THE_NON_VALUE ? bin_new(&p->heap, z->out, (size_t)(z->zs.next_out - z->out)) : fail;
    alloc_free(ALLOC_TEMP, z->in, z->n);
    alloc_free(ALLOC_TEMP, z->out, z->cap);
    return fail == THE_NON_VALUE ? res : BIF_ERROR(p, fail);
}

static term_t deflate_with(process *p, term_t data, int wbits)
{
    zrun z;
    term_t why;
    if (!start(&z, data, &why))
        return BIF_ERROR(p, why);
    if (deflateInit2(&z.zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, wbits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return finish(p, &z, ATOM_system_limit);
    int r = Z_OK;
    while (r != Z_STREAM_END && feed(&z))
        r = deflate(&z.zs, z.left ? Z_NO_FLUSH : Z_FINISH);
    deflateEnd(&z.zs);
    return finish(p, &z, r == Z_STREAM_END ? THE_NON_VALUE : ATOM_system_limit);
}

/* `members`: after a stream's end, more input is another stream (gzip's
 * members); otherwise what follows the first stream is ignored, as OTP.
 * Fewer than `min` bytes are data_error before zlib sees them. */
static term_t inflate_with(process *p, term_t data, int wbits, size_t min, bool members)
{
    zrun z;
    term_t why;
    if (!start(&z, data, &why))
        return BIF_ERROR(p, why);
    if (z.n < min)
        return finish(p, &z, ATOM_data_error);
    if (inflateInit2(&z.zs, wbits) != Z_OK)
        return finish(p, &z, ATOM_system_limit);
    term_t fail = THE_NON_VALUE;
    for (;;) {
        if (!feed(&z)) {
            fail = ATOM_system_limit;
            break;
        }
        int r = inflate(&z.zs, Z_NO_FLUSH);
        if (r == Z_STREAM_END) {
            if (!members || (z.zs.avail_in == 0 && z.left == 0))
                break;
            inflateReset(&z.zs);
        } else if (r == Z_BUF_ERROR && z.zs.avail_out > 0) { /* no input left mid-stream */
            fail = ATOM_data_error;
            break;
        } else if (r != Z_OK && r != Z_BUF_ERROR) {
            fail = r == Z_MEM_ERROR ? ATOM_system_limit : ATOM_data_error;
            break;
        }
    }
    inflateEnd(&z.zs);
    return finish(p, &z, fail);
}

term_t bif_zlib_compress_1(process *p, const term_t *args) { return deflate_with(p, args[0], WBITS_ZLIB); }
term_t bif_zlib_zip_1(process *p, const term_t *args) { return deflate_with(p, args[0], WBITS_RAW); }
term_t bif_zlib_gzip_1(process *p, const term_t *args) { return deflate_with(p, args[0], WBITS_GZIP); }

/* OTP's uncompress/1 refuses fewer than 8 bytes (a zlib stream's header
 * and check value) before it looks at them. */
term_t bif_zlib_uncompress_1(process *p, const term_t *args)
{
    return inflate_with(p, args[0], WBITS_ZLIB, 8, false);
}
term_t bif_zlib_unzip_1(process *p, const term_t *args)
{
    return inflate_with(p, args[0], WBITS_RAW, 0, false);
}
term_t bif_zlib_gunzip_1(process *p, const term_t *args)
{
    return inflate_with(p, args[0], WBITS_GZIP, 0, true);
}

/* ---- erlang:crc32 and erlang:adler32 ----------------------------------------- */

typedef uLong (*sum_fn)(uLong sum, const Bytef *buf, uInt len);

/* A checksum, a combine's length: an integer in 0..2^32-1. */
static bool get_u32(term_t t, uLong *out)
{
    if (!term_is_small(t) || small_value(t) < 0 || small_value(t) > (int64_t)UINT32_MAX)
        return false;
    *out = (uLong)small_value(t);
    return true;
}

/* sum(Sum, Data) over iodata, fed to zlib at most UINT_MAX bytes at a time. */
static term_t checksum(process *p, sum_fn sum, term_t init, term_t data)
{
    uLong acc;
    zrun z;
    term_t why;
    if (!get_u32(init, &acc))
        return BIF_ERROR(p, ATOM_badarg);
    if (!start(&z, data, &why))
        return BIF_ERROR(p, why);
    for (size_t at = 0; at < z.n;) {
        uInt k = z.n - at > UINT_MAX ? UINT_MAX : (uInt)(z.n - at);
        acc = sum(acc, z.in + at, k);
        at += k;
    }
    alloc_free(ALLOC_TEMP, z.in, z.n);
    return term_small((int64_t)acc);
}

typedef uLong (*combine_fn)(uLong first, uLong second, z_off_t len);

static term_t combine(process *p, combine_fn fn, const term_t *args)
{
    uLong first, second, len;
    if (!get_u32(args[0], &first) || !get_u32(args[1], &second) || !get_u32(args[2], &len))
        return BIF_ERROR(p, ATOM_badarg);
    return term_small((int64_t)fn(first, second, (z_off_t)len));
}

term_t bif_zlib_crc32_1(process *p, const term_t *args) { return checksum(p, crc32, term_small(0), args[0]); }
term_t bif_zlib_crc32_2(process *p, const term_t *args) { return checksum(p, crc32, args[0], args[1]); }
term_t bif_zlib_crc32_combine_3(process *p, const term_t *args) { return combine(p, crc32_combine, args); }
term_t bif_zlib_adler32_1(process *p, const term_t *args)
{
    return checksum(p, adler32, term_small(1), args[0]);
}
term_t bif_zlib_adler32_2(process *p, const term_t *args) { return checksum(p, adler32, args[0], args[1]); }
/* With no second part OTP gives the first checksum as it is; zlib's
 * arithmetic would not (adler32_combine(0, 0, 0) is 65520 there). */
static uLong adler32_combine_otp(uLong first, uLong second, z_off_t len)
{
    return len == 0 ? first : adler32_combine(first, second, len);
}

term_t bif_zlib_adler32_combine_3(process *p, const term_t *args)
{
    return combine(p, adler32_combine_otp, args);
}
