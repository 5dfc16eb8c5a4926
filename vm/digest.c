/* digest.c: the hash functions of OTP's crypto module (MD4, RIPEMD-160,
 * SHA-1, SHA-2, SHA-3, BLAKE2b/s; MD5 is vm/md5.c's), HMAC and PBKDF2
 * over them, and Poly1305, for vm/bif_crypto.c. Each is written from its
 * specification: RFC 1320, the RIPEMD-160 paper, FIPS 180-4, FIPS 202,
 * RFC 7693, RFC 2104, RFC 8018 and RFC 8439. */
#include "digest.h"

#include <string.h>

#include "byteorder.h"

/* crypto:hash_info/1's facts, in digest_alg's order. */
static const digest_info infos[DIGEST_COUNT] = {
    [DIGEST_MD4] = {"md4", 16, 64, 257},
    [DIGEST_MD5] = {"md5", 16, 64, 4},
    [DIGEST_RIPEMD160] = {"ripemd160", 20, 64, 117},
    [DIGEST_SHA1] = {"sha", 20, 64, 64},
    [DIGEST_SHA224] = {"sha224", 28, 64, 675},
    [DIGEST_SHA256] = {"sha256", 32, 64, 672},
    [DIGEST_SHA384] = {"sha384", 48, 128, 673},
    [DIGEST_SHA512] = {"sha512", 64, 128, 674},
    [DIGEST_SHA3_224] = {"sha3_224", 28, 144, 1096},
    [DIGEST_SHA3_256] = {"sha3_256", 32, 136, 1097},
    [DIGEST_SHA3_384] = {"sha3_384", 48, 104, 1098},
    [DIGEST_SHA3_512] = {"sha3_512", 64, 72, 1099},
    [DIGEST_BLAKE2B] = {"blake2b", 64, 128, 1056},
    [DIGEST_BLAKE2S] = {"blake2s", 32, 64, 1057},
};

/* ---- words --------------------------------------------------------------- */

static inline uint32_t rol32(uint32_t v, unsigned n) { return (v << n) | (v >> ((32 - n) & 31)); }
static inline uint32_t ror32(uint32_t v, unsigned n) { return (v >> n) | (v << ((32 - n) & 31)); }
static inline uint64_t rol64(uint64_t v, unsigned n) { return (v << n) | (v >> ((64 - n) & 63)); }
static inline uint64_t ror64(uint64_t v, unsigned n) { return (v >> n) | (v << ((64 - n) & 63)); }

/* ---- MD4 (RFC 1320) ------------------------------------------------------ */

/* clang-format off */
static const uint8_t md4_order[48] = {
     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,
     0,  4,  8, 12,  1,  5,  9, 13,  2,  6, 10, 14,  3,  7, 11, 15,
     0,  8,  4, 12,  2, 10,  6, 14,  1,  9,  5, 13,  3, 11,  7, 15,
};
static const uint8_t md4_shifts[12] = {3, 7, 11, 19, 3, 5, 9, 13, 3, 9, 11, 15};
/* clang-format on */

static void compress_md4(uint32_t s[8], const uint8_t *p, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, p += 64) {
        uint32_t m[16], a = s[0], b = s[1], c = s[2], d = s[3];
        for (int i = 0; i < 16; i++)
            m[i] = load_le32(p + 4 * i);
        for (int i = 0; i < 48; i++) {
            uint32_t f;
            if (i < 16)
                f = (b & c) | (~b & d);
            else if (i < 32)
                f = ((b & c) | (b & d) | (c & d)) + 0x5a827999;
            else
                f = (b ^ c ^ d) + 0x6ed9eba1;
            uint32_t x = rol32(a + f + m[md4_order[i]], md4_shifts[(i / 16) * 4 + i % 4]);
            a = d, d = c, c = b, b = x;
        }
        s[0] += a, s[1] += b, s[2] += c, s[3] += d;
    }
}

/* ---- RIPEMD-160 ---------------------------------------------------------- */

/* The message word and rotation of each step, left line then right,
 * a round a row. */
/* clang-format off */
static const uint8_t rmd_word[2][80] = {
    {
         0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,
         7,  4, 13,  1, 10,  6, 15,  3, 12,  0,  9,  5,  2, 14, 11,  8,
         3, 10, 14,  4,  9, 15,  8,  1,  2,  7,  0,  6, 13, 11,  5, 12,
         1,  9, 11, 10,  0,  8, 12,  4, 13,  3,  7, 15, 14,  5,  6,  2,
         4,  0,  5,  9,  7, 12,  2, 10, 14,  1,  3,  8, 11,  6, 15, 13,
    },
    {
         5, 14,  7,  0,  9,  2, 11,  4, 13,  6, 15,  8,  1, 10,  3, 12,
         6, 11,  3,  7,  0, 13,  5, 10, 14, 15,  8, 12,  4,  9,  1,  2,
        15,  5,  1,  3,  7, 14,  6,  9, 11,  8, 12,  2, 10,  0,  4, 13,
         8,  6,  4,  1,  3, 11, 15,  0,  5, 12,  2, 13,  9,  7, 10, 14,
        12, 15, 10,  4,  1,  5,  8,  7,  6,  2, 13, 14,  0,  3,  9, 11,
    },
};
static const uint8_t rmd_rot[2][80] = {
    {
        11, 14, 15, 12,  5,  8,  7,  9, 11, 13, 14, 15,  6,  7,  9,  8,
         7,  6,  8, 13, 11,  9,  7, 15,  7, 12, 15,  9, 11,  7, 13, 12,
        11, 13,  6,  7, 14,  9, 13, 15, 14,  8, 13,  6,  5, 12,  7,  5,
        11, 12, 14, 15, 14, 15,  9,  8,  9, 14,  5,  6,  8,  6,  5, 12,
         9, 15,  5, 11,  6,  8, 13, 12,  5, 12, 13, 14, 11,  8,  5,  6,
    },
    {
         8,  9,  9, 11, 13, 15, 15,  5,  7,  7,  8, 11, 14, 14, 12,  6,
         9, 13, 15,  7, 12,  8,  9, 11,  7,  7, 12,  7,  6, 15, 13, 11,
         9,  7, 15, 11,  8,  6,  6, 14, 12, 13,  5, 14, 13, 13,  7,  5,
        15,  5,  8, 11, 14, 14,  6, 14,  6,  9, 12,  9, 12,  5, 15,  8,
         8,  5, 12,  9, 12,  5, 14,  6,  8, 13,  6,  5, 15, 13, 11, 11,
    },
};
/* clang-format on */
/* floor(2^30 sqrt(2, 3, 5, 7)) on the left, cube roots on the right. */
static const uint32_t rmd_k[2][5] = {{0, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e},
                                     {0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0}};

/* The boolean function of round r (0..4); the right line runs them backwards. */
static inline uint32_t rmd_f(int r, uint32_t x, uint32_t y, uint32_t z)
{
    switch (r) {
    case 0:
        return x ^ y ^ z;
    case 1:
        return (x & y) | (~x & z);
    case 2:
        return (x | ~y) ^ z;
    case 3:
        return (x & z) | (y & ~z);
    default:
        return x ^ (y | ~z);
    }
}

static void compress_ripemd160(uint32_t s[8], const uint8_t *p, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, p += 64) {
        uint32_t m[16];
        for (int i = 0; i < 16; i++)
            m[i] = load_le32(p + 4 * i);
        uint32_t al = s[0], bl = s[1], cl = s[2], dl = s[3], el = s[4];
        uint32_t ar = al, br = bl, cr = cl, dr = dl, er = el;
        for (int r = 0; r < 5; r++) {
            for (int j = 16 * r; j < 16 * r + 16; j++) {
                uint32_t t =
                    rol32(al + rmd_f(r, bl, cl, dl) + m[rmd_word[0][j]] + rmd_k[0][r], rmd_rot[0][j]) + el;
                al = el, el = dl, dl = rol32(cl, 10), cl = bl, bl = t;
                t = rol32(ar + rmd_f(4 - r, br, cr, dr) + m[rmd_word[1][j]] + rmd_k[1][r], rmd_rot[1][j]) +
                    er;
                ar = er, er = dr, dr = rol32(cr, 10), cr = br, br = t;
            }
        }
        uint32_t t = s[1] + cl + dr;
        s[1] = s[2] + dl + er, s[2] = s[3] + el + ar, s[3] = s[4] + al + br, s[4] = s[0] + bl + cr;
        s[0] = t;
    }
}

/* ---- SHA-1 and SHA-224/256 (FIPS 180-4) ---------------------------------- */

static void compress_sha1(uint32_t s[8], const uint8_t *p, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, p += 64) {
        uint32_t w[80], a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];
        for (int i = 0; i < 16; i++)
            w[i] = load_be32(p + 4 * i);
        for (int i = 16; i < 80; i++)
            w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        for (int i = 0; i < 20; i++) {
            uint32_t t = rol32(a, 5) + ((b & c) | (~b & d)) + e + 0x5a827999 + w[i];
            e = d, d = c, c = rol32(b, 30), b = a, a = t;
        }
        for (int i = 20; i < 40; i++) {
            uint32_t t = rol32(a, 5) + (b ^ c ^ d) + e + 0x6ed9eba1 + w[i];
            e = d, d = c, c = rol32(b, 30), b = a, a = t;
        }
        for (int i = 40; i < 60; i++) {
            uint32_t t = rol32(a, 5) + ((b & c) | (b & d) | (c & d)) + e + 0x8f1bbcdc + w[i];
            e = d, d = c, c = rol32(b, 30), b = a, a = t;
        }
        for (int i = 60; i < 80; i++) {
            uint32_t t = rol32(a, 5) + (b ^ c ^ d) + e + 0xca62c1d6 + w[i];
            e = d, d = c, c = rol32(b, 30), b = a, a = t;
        }
        s[0] += a, s[1] += b, s[2] += c, s[3] += d, s[4] += e;
    }
}

/* The first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes. */
static const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

/* SHA-256's initial words (square roots of the first 8 primes), also
 * BLAKE2s's IV; SHA-224's (the 9th to 16th primes, second 32 bits). */
static const uint32_t sha256_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint32_t sha224_iv[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};

static void compress_sha256(uint32_t s[8], const uint8_t *p, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, p += 64) {
        uint32_t w[64];
        for (int i = 0; i < 16; i++)
            w[i] = load_be32(p + 4 * i);
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        for (int i = 0; i < 64; i++) {
            uint32_t t1 =
                h + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) + sha256_k[i] + w[i];
            uint32_t t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
        }
        s[0] += a, s[1] += b, s[2] += c, s[3] += d, s[4] += e, s[5] += f, s[6] += g, s[7] += h;
    }
}

/* ---- SHA-384/512 (FIPS 180-4) -------------------------------------------- */

/* The first 64 bits of the fractional parts of the cube roots of the
 * first 80 primes. */
static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817};

/* SHA-512's initial words (square roots of the first 8 primes), also
 * BLAKE2b's IV; SHA-384's (the 9th to 16th primes). */
static const uint64_t sha512_iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                      0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                      0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
static const uint64_t sha384_iv[8] = {0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17,
                                      0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,
                                      0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};

static void compress_sha512(uint64_t s[8], const uint8_t *p, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, p += 128) {
        uint64_t w[80];
        for (int i = 0; i < 16; i++)
            w[i] = load_be64(p + 8 * i);
        for (int i = 16; i < 80; i++) {
            uint64_t s0 = ror64(w[i - 15], 1) ^ ror64(w[i - 15], 8) ^ (w[i - 15] >> 7);
            uint64_t s1 = ror64(w[i - 2], 19) ^ ror64(w[i - 2], 61) ^ (w[i - 2] >> 6);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        for (int i = 0; i < 80; i++) {
            uint64_t t1 =
                h + (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41)) + ((e & f) ^ (~e & g)) + sha512_k[i] + w[i];
            uint64_t t2 = (ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
        }
        s[0] += a, s[1] += b, s[2] += c, s[3] += d, s[4] += e, s[5] += f, s[6] += g, s[7] += h;
    }
}

/* ---- the Merkle-Damgard digests: buffering and padding ------------------- */

static void compress32(digest_alg alg, uint32_t s[8], const uint8_t *p, size_t nblocks)
{
    switch (alg) {
    case DIGEST_MD4:
        compress_md4(s, p, nblocks);
        break;
    case DIGEST_RIPEMD160:
        compress_ripemd160(s, p, nblocks);
        break;
    case DIGEST_SHA1:
        compress_sha1(s, p, nblocks);
        break;
    default: /* SHA-224 and SHA-256 */
        compress_sha256(s, p, nblocks);
        break;
    }
}

static void feed32(digest_alg alg, digest32 *c, const uint8_t *p, size_t n)
{
    size_t have = (size_t)(c->bytes % 64);
    c->bytes += n;
    if (have > 0) {
        size_t take = 64 - have < n ? 64 - have : n;
        memcpy(c->buf + have, p, take);
        p += take, n -= take;
        if (have + take < 64)
            return;
        compress32(alg, c->s, c->buf, 1);
    }
    compress32(alg, c->s, p, n / 64);
    memcpy(c->buf, p + n / 64 * 64, n % 64);
}

/* MD4 and RIPEMD-160 are little-endian (length and digest), SHA big. */
static void finish32(digest_alg alg, digest32 *c, uint8_t *out)
{
    bool le = alg == DIGEST_MD4 || alg == DIGEST_RIPEMD160;
    size_t have = (size_t)(c->bytes % 64);
    c->buf[have++] = 0x80;
    if (have > 56) {
        memset(c->buf + have, 0, 64 - have);
        compress32(alg, c->s, c->buf, 1);
        have = 0;
    }
    memset(c->buf + have, 0, 56 - have);
    if (le)
        store_le64(c->buf + 56, c->bytes * 8);
    else
        store_be64(c->buf + 56, c->bytes * 8);
    compress32(alg, c->s, c->buf, 1);
    for (unsigned i = 0; i < infos[alg].size / 4; i++) {
        if (le)
            store_le32(out + 4 * i, c->s[i]);
        else
            store_be32(out + 4 * i, c->s[i]);
    }
}

static void feed64(digest64 *c, const uint8_t *p, size_t n)
{
    size_t have = (size_t)(c->bytes % 128);
    c->bytes += n;
    if (have > 0) {
        size_t take = 128 - have < n ? 128 - have : n;
        memcpy(c->buf + have, p, take);
        p += take, n -= take;
        if (have + take < 128)
            return;
        compress_sha512(c->s, c->buf, 1);
    }
    compress_sha512(c->s, p, n / 128);
    memcpy(c->buf, p + n / 128 * 128, n % 128);
}

static void finish64(digest_alg alg, digest64 *c, uint8_t *out)
{
    size_t have = (size_t)(c->bytes % 128);
    c->buf[have++] = 0x80;
    if (have > 112) {
        memset(c->buf + have, 0, 128 - have);
        compress_sha512(c->s, c->buf, 1);
        have = 0;
    }
    memset(c->buf + have, 0, 120 - have); /* the length's high half too */
    store_be64(c->buf + 112, c->bytes >> 61);
    store_be64(c->buf + 120, c->bytes << 3);
    compress_sha512(c->s, c->buf, 1);
    for (unsigned i = 0; i < infos[alg].size / 8; i++)
        store_be64(out + 8 * i, c->s[i]);
}

/* ---- SHA-3 (FIPS 202) ---------------------------------------------------- */

/* Lanes are a[x + 5y]. The round constants come from the LFSR rc(t); the
 * rotations (rho) are (t+1)(t+2)/2 along the walk (x, y) -> (y, 2x+3y). */
static const uint64_t keccak_rc[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000, 0x000000000000808b,
    0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008a, 0x0000000000000088,
    0x0000000080008009, 0x000000008000000a, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
    0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};
static const uint8_t keccak_rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                       25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};
/* pi: lane x + 5y moves to y + 5((2x + 3y) mod 5). */
static const uint8_t keccak_pi[25] = {0,  10, 20, 5, 15, 16, 1,  11, 21, 6, 7,  17, 2,
                                      12, 22, 23, 8, 18, 3,  13, 14, 24, 9, 19, 4};

static void keccak_f1600(uint64_t a[25])
{
    for (int round = 0; round < 24; round++) {
        uint64_t c[5], b[25];
        for (int x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rol64(c[(x + 1) % 5], 1);
            a[x] ^= d, a[x + 5] ^= d, a[x + 10] ^= d, a[x + 15] ^= d, a[x + 20] ^= d;
        }
        for (int i = 0; i < 25; i++)
            b[keccak_pi[i]] = rol64(a[i], keccak_rho[i]);
        for (int y = 0; y < 25; y += 5) {
            a[y + 0] = b[y + 0] ^ (~b[y + 1] & b[y + 2]);
            a[y + 1] = b[y + 1] ^ (~b[y + 2] & b[y + 3]);
            a[y + 2] = b[y + 2] ^ (~b[y + 3] & b[y + 4]);
            a[y + 3] = b[y + 3] ^ (~b[y + 4] & b[y + 0]);
            a[y + 4] = b[y + 4] ^ (~b[y + 0] & b[y + 1]);
        }
        a[0] ^= keccak_rc[round];
    }
}

/* Absorbs n bytes at a rate of `rate` bytes (a multiple of 8). */
static void feed_sha3(digest_sha3 *c, unsigned rate, const uint8_t *p, size_t n)
{
    while (c->at > 0 && n > 0) {
        c->a[c->at / 8] ^= (uint64_t)*p++ << (8 * (c->at % 8));
        n--;
        if (++c->at == rate) {
            keccak_f1600(c->a);
            c->at = 0;
        }
    }
    for (; n >= rate; p += rate, n -= rate) {
        for (unsigned i = 0; i < rate / 8; i++)
            c->a[i] ^= load_le64(p + 8 * i);
        keccak_f1600(c->a);
    }
    for (; n > 0; n--, c->at++)
        c->a[c->at / 8] ^= (uint64_t)*p++ << (8 * (c->at % 8));
}

/* SHA-3's domain bits 01 and the pad10*1 rule make 0x06 ... 0x80. */
static void finish_sha3(digest_sha3 *c, unsigned rate, unsigned size, uint8_t *out)
{
    c->a[c->at / 8] ^= (uint64_t)0x06 << (8 * (c->at % 8));
    c->a[(rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((rate - 1) % 8));
    keccak_f1600(c->a);
    for (unsigned i = 0; i < size; i++)
        out[i] = (uint8_t)(c->a[i / 8] >> (8 * (i % 8)));
}

/* ---- BLAKE2b and BLAKE2s (RFC 7693) -------------------------------------- */

static const uint8_t blake2_sigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

static inline void mix64(uint64_t v[16], int a, int b, int c, int d, uint64_t x, uint64_t y)
{
    v[a] += v[b] + x, v[d] = ror64(v[d] ^ v[a], 32);
    v[c] += v[d], v[b] = ror64(v[b] ^ v[c], 24);
    v[a] += v[b] + y, v[d] = ror64(v[d] ^ v[a], 16);
    v[c] += v[d], v[b] = ror64(v[b] ^ v[c], 63);
}

static inline void mix32(uint32_t v[16], int a, int b, int c, int d, uint32_t x, uint32_t y)
{
    v[a] += v[b] + x, v[d] = ror32(v[d] ^ v[a], 16);
    v[c] += v[d], v[b] = ror32(v[b] ^ v[c], 12);
    v[a] += v[b] + y, v[d] = ror32(v[d] ^ v[a], 8);
    v[c] += v[d], v[b] = ror32(v[b] ^ v[c], 7);
}

/* Counts `bytes` more into t, then compresses one block. */
static void compress_blake2b(digest_blake2 *c, const uint8_t *p, uint64_t bytes, bool last)
{
    uint64_t m[16], v[16];
    c->t[0] += bytes;
    c->t[1] += c->t[0] < bytes;
    for (int i = 0; i < 16; i++)
        m[i] = load_le64(p + 8 * i);
    for (int i = 0; i < 8; i++)
        v[i] = c->h[i], v[i + 8] = sha512_iv[i];
    v[12] ^= c->t[0], v[13] ^= c->t[1];
    if (last)
        v[14] = ~v[14];
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = blake2_sigma[r % 10];
        mix64(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        mix64(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        mix64(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        mix64(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        mix64(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        mix64(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        mix64(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        mix64(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++)
        c->h[i] ^= v[i] ^ v[i + 8];
}

/* BLAKE2s keeps its words in the low halves of h and its 64-bit counter
 * in t[0]. */
static void compress_blake2s(digest_blake2 *c, const uint8_t *p, uint64_t bytes, bool last)
{
    uint32_t m[16], v[16];
    c->t[0] += bytes;
    for (int i = 0; i < 16; i++)
        m[i] = load_le32(p + 4 * i);
    for (int i = 0; i < 8; i++)
        v[i] = (uint32_t)c->h[i], v[i + 8] = sha256_iv[i];
    v[12] ^= (uint32_t)c->t[0], v[13] ^= (uint32_t)(c->t[0] >> 32);
    if (last)
        v[14] = ~v[14];
    for (int r = 0; r < 10; r++) {
        const uint8_t *s = blake2_sigma[r];
        mix32(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        mix32(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        mix32(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        mix32(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        mix32(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        mix32(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        mix32(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        mix32(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++)
        c->h[i] = (uint32_t)c->h[i] ^ v[i] ^ v[i + 8];
}

/* The parameter block of an unkeyed digest of `size` bytes: fanout and
 * depth 1, XORed into the IV's first word. */
static void start_blake2(digest_blake2 *c, bool big, unsigned size)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < 8; i++)
        c->h[i] = big ? sha512_iv[i] : sha256_iv[i];
    c->h[0] ^= 0x01010000 | size;
}

/* The last block is compressed with the final flag, so a full buffer is
 * compressed only once more bytes follow it. */
static void feed_blake2(digest_blake2 *c, bool big, const uint8_t *p, size_t n)
{
    size_t bs = big ? 128 : 64;
    if (c->n + n <= bs) {
        memcpy(c->buf + c->n, p, n);
        c->n += (uint32_t)n;
        return;
    }
    if (c->n > 0) {
        size_t take = bs - c->n;
        memcpy(c->buf + c->n, p, take);
        p += take, n -= take;
        if (big)
            compress_blake2b(c, c->buf, bs, false);
        else
            compress_blake2s(c, c->buf, bs, false);
    }
    for (; n > bs; p += bs, n -= bs) {
        if (big)
            compress_blake2b(c, p, bs, false);
        else
            compress_blake2s(c, p, bs, false);
    }
    memcpy(c->buf, p, n);
    c->n = (uint32_t)n;
}

static void finish_blake2(digest_blake2 *c, bool big, uint8_t *out)
{
    size_t bs = big ? 128 : 64;
    memset(c->buf + c->n, 0, bs - c->n);
    if (big) {
        compress_blake2b(c, c->buf, c->n, true);
        for (int i = 0; i < 8; i++)
            store_le64(out + 8 * i, c->h[i]);
    } else {
        compress_blake2s(c, c->buf, c->n, true);
        for (int i = 0; i < 8; i++)
            store_le32(out + 4 * i, (uint32_t)c->h[i]);
    }
}

/* ---- the interface ------------------------------------------------------- */

const digest_info *digest_info_of(digest_alg alg) { return &infos[alg]; }

bool digest_lookup(const char *name, size_t n, digest_alg *alg)
{
    for (int i = 0; i < DIGEST_COUNT; i++) {
        if (strlen(infos[i].name) == n && memcmp(infos[i].name, name, n) == 0) {
            *alg = (digest_alg)i;
            return true;
        }
    }
    return false;
}

void digest_start(digest_ctx *c, digest_alg alg)
{
    memset(c, 0, sizeof *c);
    c->alg = alg;
    switch (alg) {
    case DIGEST_MD5:
        md5_start(&c->u.md5);
        break;
    case DIGEST_MD4:
    case DIGEST_RIPEMD160:
    case DIGEST_SHA1:
        /* MD4's words, which RIPEMD-160 and SHA-1 extend with a fifth. */
        c->u.w32.s[0] = 0x67452301, c->u.w32.s[1] = 0xefcdab89;
        c->u.w32.s[2] = 0x98badcfe, c->u.w32.s[3] = 0x10325476, c->u.w32.s[4] = 0xc3d2e1f0;
        break;
    case DIGEST_SHA224:
        memcpy(c->u.w32.s, sha224_iv, sizeof sha224_iv);
        break;
    case DIGEST_SHA256:
        memcpy(c->u.w32.s, sha256_iv, sizeof sha256_iv);
        break;
    case DIGEST_SHA384:
        memcpy(c->u.w64.s, sha384_iv, sizeof sha384_iv);
        break;
    case DIGEST_SHA512:
        memcpy(c->u.w64.s, sha512_iv, sizeof sha512_iv);
        break;
    case DIGEST_SHA3_224:
    case DIGEST_SHA3_256:
    case DIGEST_SHA3_384:
    case DIGEST_SHA3_512:
        break; /* the zero state */
    case DIGEST_BLAKE2B:
    case DIGEST_BLAKE2S:
        start_blake2(&c->u.blake2, alg == DIGEST_BLAKE2B, infos[alg].size);
        break;
    case DIGEST_COUNT:
        break;
    }
}

void digest_feed(digest_ctx *c, const void *data, size_t n)
{
    const uint8_t *p = data;
    if (n == 0)
        return;
    switch (c->alg) {
    case DIGEST_MD5:
        md5_feed(&c->u.md5, p, n);
        break;
    case DIGEST_MD4:
    case DIGEST_RIPEMD160:
    case DIGEST_SHA1:
    case DIGEST_SHA224:
    case DIGEST_SHA256:
        feed32(c->alg, &c->u.w32, p, n);
        break;
    case DIGEST_SHA384:
    case DIGEST_SHA512:
        feed64(&c->u.w64, p, n);
        break;
    case DIGEST_SHA3_224:
    case DIGEST_SHA3_256:
    case DIGEST_SHA3_384:
    case DIGEST_SHA3_512:
        feed_sha3(&c->u.sha3, infos[c->alg].block, p, n);
        break;
    case DIGEST_BLAKE2B:
    case DIGEST_BLAKE2S:
        feed_blake2(&c->u.blake2, c->alg == DIGEST_BLAKE2B, p, n);
        break;
    case DIGEST_COUNT:
        break;
    }
}

void digest_finish(digest_ctx *c, uint8_t *out)
{
    switch (c->alg) {
    case DIGEST_MD5:
        md5_finish(&c->u.md5, out);
        break;
    case DIGEST_MD4:
    case DIGEST_RIPEMD160:
    case DIGEST_SHA1:
    case DIGEST_SHA224:
    case DIGEST_SHA256:
        finish32(c->alg, &c->u.w32, out);
        break;
    case DIGEST_SHA384:
    case DIGEST_SHA512:
        finish64(c->alg, &c->u.w64, out);
        break;
    case DIGEST_SHA3_224:
    case DIGEST_SHA3_256:
    case DIGEST_SHA3_384:
    case DIGEST_SHA3_512:
        finish_sha3(&c->u.sha3, infos[c->alg].block, infos[c->alg].size, out);
        break;
    case DIGEST_BLAKE2B:
    case DIGEST_BLAKE2S:
        finish_blake2(&c->u.blake2, c->alg == DIGEST_BLAKE2B, out);
        break;
    case DIGEST_COUNT:
        break;
    }
}

void digest_bytes(digest_alg alg, const void *data, size_t n, uint8_t *out)
{
    digest_ctx c;
    digest_start(&c, alg);
    digest_feed(&c, data, n);
    digest_finish(&c, out);
}

/* ---- HMAC (RFC 2104) and PBKDF2 (RFC 8018) ------------------------------- */

/* H(K ^ opad || H(K ^ ipad || m)), K the key (or its digest) padded to the
 * block: both pads are absorbed here, so a copy of c is a keyed start. */
void hmac_start(hmac_ctx *c, digest_alg alg, const uint8_t *key, size_t keylen)
{
    unsigned block = infos[alg].block;
    uint8_t k[DIGEST_MAX_BLOCK] = {0}, pad[DIGEST_MAX_BLOCK];
    if (keylen > block)
        digest_bytes(alg, key, keylen, k);
    else if (keylen > 0)
        memcpy(k, key, keylen);
    for (unsigned i = 0; i < block; i++)
        pad[i] = k[i] ^ 0x36;
    digest_start(&c->inner, alg);
    digest_feed(&c->inner, pad, block);
    for (unsigned i = 0; i < block; i++)
        pad[i] = k[i] ^ 0x5c;
    digest_start(&c->outer, alg);
    digest_feed(&c->outer, pad, block);
}

void hmac_feed(hmac_ctx *c, const void *data, size_t n) { digest_feed(&c->inner, data, n); }

void hmac_finish(hmac_ctx *c, uint8_t *out)
{
    uint8_t inner[DIGEST_MAX_SIZE];
    digest_finish(&c->inner, inner);
    digest_feed(&c->outer, inner, infos[c->inner.alg].size);
    digest_finish(&c->outer, out);
}

/* Block i of the key is U1 ^ ... ^ Uiter, U1 = PRF(P, S || INT(i)) and
 * Uj = PRF(P, Uj-1); the keyed HMAC is started once and copied. */
void pbkdf2_hmac(digest_alg alg, const uint8_t *pass, size_t passlen, const uint8_t *salt, size_t saltlen,
                 uint64_t iter, uint8_t *out, size_t outlen)
{
    size_t hlen = infos[alg].size;
    hmac_ctx keyed, c;
    hmac_start(&keyed, alg, pass, passlen);
    for (uint32_t i = 1; outlen > 0; i++) {
        uint8_t u[DIGEST_MAX_SIZE], t[DIGEST_MAX_SIZE], index[4];
        store_be32(index, i);
        c = keyed;
        hmac_feed(&c, salt, saltlen);
        hmac_feed(&c, index, 4);
        hmac_finish(&c, u);
        memcpy(t, u, hlen);
        for (uint64_t j = 1; j < iter; j++) {
            c = keyed;
            hmac_feed(&c, u, hlen);
            hmac_finish(&c, u);
            for (size_t k = 0; k < hlen; k++)
                t[k] ^= u[k];
        }
        size_t take = hlen < outlen ? hlen : outlen;
        memcpy(out, t, take);
        out += take, outlen -= take;
    }
}

/* ---- Poly1305 (RFC 8439) ------------------------------------------------- */

/* h and r are numbers mod 2^130 - 5 in limbs of 44, 44 and 42 bits; a limb
 * product fits in 128 bits. A product's part at 2^132 and above comes
 * back as 4 * 5 = 20 times itself at 2^2 below 2^130 (2^130 = 5). */
#define LIMB44 (((uint64_t)1 << 44) - 1)
#define LIMB42 (((uint64_t)1 << 42) - 1)

/* Adds each 16-byte block (with its 2^128 bit when `hibit`) to h and
 * multiplies h by r. */
static void poly1305_blocks(poly1305_ctx *c, const uint8_t *p, size_t nblocks, uint64_t hibit)
{
    typedef unsigned __int128 u128;
    uint64_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2];
    uint64_t s1 = r1 * 20, s2 = r2 * 20;
    uint64_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2];
    for (; nblocks > 0; nblocks--, p += 16) {
        uint64_t t0 = load_le64(p), t1 = load_le64(p + 8);
        h0 += t0 & LIMB44;
        h1 += ((t0 >> 44) | (t1 << 20)) & LIMB44;
        h2 += (t1 >> 24) | (hibit << 40);
        u128 d0 = (u128)h0 * r0 + (u128)h1 * s2 + (u128)h2 * s1;
        u128 d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)h2 * s2;
        u128 d2 = (u128)h0 * r2 + (u128)h1 * r1 + (u128)h2 * r0;
        d1 += (uint64_t)(d0 >> 44);
        d2 += (uint64_t)(d1 >> 44);
        h0 = (uint64_t)d0 & LIMB44, h1 = (uint64_t)d1 & LIMB44, h2 = (uint64_t)d2 & LIMB42;
        h0 += (uint64_t)(d2 >> 42) * 5;
        h1 += h0 >> 44;
        h0 &= LIMB44;
    }
    c->h[0] = h0, c->h[1] = h1, c->h[2] = h2;
}

void poly1305_start(poly1305_ctx *c, const uint8_t key[32])
{
    uint64_t t0 = load_le64(key), t1 = load_le64(key + 8);
    memset(c, 0, sizeof *c);
    /* r with the clamp 0x0ffffffc0ffffffc0ffffffc0fffffff. */
    c->r[0] = t0 & 0xffc0fffffff;
    c->r[1] = ((t0 >> 44) | (t1 << 20)) & 0xfffffc0ffff;
    c->r[2] = (t1 >> 24) & 0x00ffffffc0f;
    c->pad[0] = load_le64(key + 16), c->pad[1] = load_le64(key + 24);
}

void poly1305_feed(poly1305_ctx *c, const void *data, size_t n)
{
    const uint8_t *p = data;
    if (n == 0)
        return;
    if (c->n > 0) {
        size_t take = 16 - c->n < n ? 16 - c->n : n;
        memcpy(c->buf + c->n, p, take);
        c->n += take, p += take, n -= take;
        if (c->n < 16)
            return;
        poly1305_blocks(c, c->buf, 1, 1);
        c->n = 0;
    }
    poly1305_blocks(c, p, n / 16, 1);
    memcpy(c->buf, p + n / 16 * 16, n % 16);
    c->n = n % 16;
}

/* The tag is (h mod 2^130 - 5) + s mod 2^128. */
void poly1305_finish(poly1305_ctx *c, uint8_t out[16])
{
    if (c->n > 0) {
        /* A short last block carries its 1 byte itself, no 2^128 bit. */
        c->buf[c->n] = 1;
        memset(c->buf + c->n + 1, 0, 16 - c->n - 1);
        poly1305_blocks(c, c->buf, 1, 0);
    }
    uint64_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2];
    /* Carry fully twice: h < 2^130 + a little, then h < 2^130. */
    for (int i = 0; i < 2; i++) {
        h2 += h1 >> 44, h1 &= LIMB44;
        h0 += (h2 >> 42) * 5, h2 &= LIMB42;
        h1 += h0 >> 44, h0 &= LIMB44;
    }
    h2 += h1 >> 44, h1 &= LIMB44;
    /* g = h + 5 - 2^130; h >= 2^130 - 5 when g does not go negative. */
    uint64_t g0 = h0 + 5;
    uint64_t g1 = h1 + (g0 >> 44);
    uint64_t g2 = h2 + (g1 >> 44) - ((uint64_t)1 << 42);
    g0 &= LIMB44, g1 &= LIMB44;
    uint64_t use_g = (g2 >> 63) - 1; /* all ones when g2 >= 0 */
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);
    h2 = (h2 & ~use_g) | (g2 & use_g);
    uint64_t t0 = h0 | (h1 << 44), t1 = (h1 >> 20) | (h2 << 24);
    uint64_t lo = t0 + c->pad[0];
    uint64_t hi = t1 + c->pad[1] + (lo < t0);
    store_le64(out, lo);
    store_le64(out + 8, hi);
}
