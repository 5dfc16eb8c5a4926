/* md5.c: MD5 (RFC 1321), for module checksums (vm/compile_asm.c) and
 * erlang:md5/1 and its context BIFs (vm/bif_misc.c). */
#include "md5.h"

#include <string.h>

#include "byteorder.h"

static const uint32_t md5_sines[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
static const uint8_t md5_shifts[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

static void compress_block(md5_state *c, const uint8_t *block)
{
    uint32_t m[16], a = c->s[0], b = c->s[1], cc = c->s[2], d = c->s[3];
    for (int i = 0; i < 16; i++)
        m[i] = load_le32(block + 4 * i);
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16)
            f = (b & cc) | (~b & d), g = i;
        else if (i < 32)
            f = (d & b) | (~d & cc), g = (5 * i + 1) % 16;
        else if (i < 48)
            f = b ^ cc ^ d, g = (3 * i + 5) % 16;
        else
            f = cc ^ (b | ~d), g = (7 * i) % 16;
        uint32_t x = a + f + md5_sines[i] + m[g];
        unsigned r = md5_shifts[(i / 16) * 4 + i % 4];
        a = d, d = cc, cc = b;
        b = b + ((x << r) | (x >> (32 - r)));
    }
    c->s[0] += a, c->s[1] += b, c->s[2] += cc, c->s[3] += d;
}

void md5_start(md5_state *c)
{
    memset(c, 0, sizeof *c);
    c->s[0] = 0x67452301, c->s[1] = 0xefcdab89, c->s[2] = 0x98badcfe, c->s[3] = 0x10325476;
}

void md5_feed(md5_state *c, const void *bytes, size_t n)
{
    const uint8_t *data = bytes;
    size_t have = (size_t)(c->bits / 8 % 64);
    c->bits += (uint64_t)n * 8;
    while (n > 0) {
        size_t take = 64 - have < n ? 64 - have : n;
        memcpy(c->buf + have, data, take);
        have += take, data += take, n -= take;
        if (have == 64) {
            compress_block(c, c->buf);
            have = 0;
        }
    }
}

void md5_finish(md5_state *c, uint8_t out[16])
{
    uint64_t bits = c->bits;
    uint8_t pad[72] = {0x80};
    size_t have = (size_t)(bits / 8 % 64);
    size_t npad = have < 56 ? 56 - have : 120 - have;
    for (int i = 0; i < 8; i++)
        pad[npad + (size_t)i] = (uint8_t)(bits >> (8 * i));
    md5_feed(c, pad, npad + 8);
    for (int i = 0; i < 4; i++)
        store_le32(out + 4 * i, c->s[i]);
}

