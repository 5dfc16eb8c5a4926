/* bif_zlib.c: OTP's zlib module, its one-shot functions: compress/1 and
 * uncompress/1 (the zlib format), zip/1 and unzip/1 (raw deflate),
 * gzip/1 and gunzip/1 (gzip, any number of members). Compression takes
 * zlib's defaults as OTP does (level 6, a 32 KiB window, memLevel 8), so
 * with the same zlib the bytes are OTP's. Data is iodata (a bitstring that
 * is no binary is badarg); input that does not inflate, or does not end
 * where a stream ends, is data_error. The stream API (zlib:open/1, ...)
 * is not here. */
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

/* The bytes of iodata t in a scratch block (ALLOC_TEMP, `*n` bytes,
 * freed with alloc_free); *why says why not (badarg, system_limit). */
static uint8_t *iodata_bytes(term_t t, size_t *n, term_t *why)
{
    *why = ATOM_badarg;
    if (!bin_iodata(t, NULL, n))
        return NULL;
    *why = ATOM_system_limit;
    uint8_t *b = alloc_try_new(ALLOC_TEMP, *n);
    if (b)
        bin_iodata(t, b, n);
    return b;
}

/* Feeds zlib at most UINT_MAX bytes at a time. */
static void refill(z_stream *zs, const uint8_t **in, size_t *left)
{
    if (zs->avail_in == 0 && *left) {
        uInt k = *left > UINT_MAX ? UINT_MAX : (uInt)*left;
        zs->next_in = (Bytef *)(uintptr_t)*in;
        zs->avail_in = k;
        *in += k;
        *left -= k;
    }
}

/* A scratch output block (ALLOC_TEMP) that doubles, zlib writing at
 * zs->next_out; false when it cannot. */
typedef struct outbuf {
    uint8_t *p;
    size_t len, cap;
} outbuf;

static bool grow(outbuf *o, z_stream *zs)
{
    o->len = (size_t)(zs->next_out - o->p);
    size_t cap = o->cap ? o->cap * 2 : 4096;
    uint8_t *p = cap > o->cap ? alloc_try_new(ALLOC_TEMP, cap) : NULL;
    if (!p)
        return false;
    if (o->len)
        memcpy(p, o->p, o->len);
    alloc_free(ALLOC_TEMP, o->p, o->cap);
    o->p = p;
    o->cap = cap;
    zs->next_out = p + o->len;
    zs->avail_out = cap - o->len > UINT_MAX ? UINT_MAX : (uInt)(cap - o->len);
    return true;
}

static term_t deflate_with(process *p, term_t data, int wbits)
{
    term_t why;
    size_t n;
    uint8_t *in = iodata_bytes(data, &n, &why);
    if (!in)
        return BIF_ERROR(p, why);
    z_stream zs = {0};
    if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, wbits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        alloc_free(ALLOC_TEMP, in, n);
        return BIF_ERROR(p, ATOM_system_limit);
    }
    outbuf o = {0};
    const uint8_t *next = in;
    size_t left = n;
    int r = Z_OK;
    while (r != Z_STREAM_END) {
        refill(&zs, &next, &left);
        if (zs.avail_out == 0 && !grow(&o, &zs))
            break;
        r = deflate(&zs, left ? Z_NO_FLUSH : Z_FINISH);
    }
    deflateEnd(&zs);
    alloc_free(ALLOC_TEMP, in, n);
    term_t res = r == Z_STREAM_END ? bin_new(&p->heap, o.p, (size_t)(zs.next_out - o.p)) : THE_NON_VALUE;
    alloc_free(ALLOC_TEMP, o.p, o.cap);
    return res == THE_NON_VALUE ? BIF_ERROR(p, ATOM_system_limit) : res;
}

/* `members`: after a stream's end, more input is another stream (gzip's
 * members); otherwise what follows the first stream is ignored, as OTP. */
static term_t inflate_with(process *p, term_t data, int wbits, size_t min, bool members)
{
    term_t why;
    size_t n;
    uint8_t *in = iodata_bytes(data, &n, &why);
    if (!in)
        return BIF_ERROR(p, why);
    z_stream zs = {0};
    if (n < min || inflateInit2(&zs, wbits) != Z_OK) {
        alloc_free(ALLOC_TEMP, in, n);
        return BIF_ERROR(p, n < min ? ATOM_data_error : ATOM_system_limit);
    }
    outbuf o = {0};
    const uint8_t *next = in;
    size_t left = n;
    term_t fail = THE_NON_VALUE;
    for (;;) {
        refill(&zs, &next, &left);
        if (zs.avail_out == 0 && !grow(&o, &zs)) {
            fail = ATOM_system_limit;
            break;
        }
        int r = inflate(&zs, Z_NO_FLUSH);
        if (r == Z_STREAM_END) {
            refill(&zs, &next, &left);
            if (!members || zs.avail_in == 0)
                break;
            inflateReset(&zs);
        } else if (r == Z_BUF_ERROR && zs.avail_out > 0) { /* no input left mid-stream */
            fail = ATOM_data_error;
            break;
        } else if (r != Z_OK && r != Z_BUF_ERROR) {
            fail = r == Z_MEM_ERROR ? ATOM_system_limit : ATOM_data_error;
            break;
        }
    }
    inflateEnd(&zs);
    alloc_free(ALLOC_TEMP, in, n);
    term_t res = fail == THE_NON_VALUE ? bin_new(&p->heap, o.p, (size_t)(zs.next_out - o.p)) : THE_NON_VALUE;
    alloc_free(ALLOC_TEMP, o.p, o.cap);
    return res == THE_NON_VALUE ? BIF_ERROR(p, fail) : res;
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
