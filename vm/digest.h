/* digest.h: the message digests of OTP's crypto module (crypto:hash/2 and
 * its streaming form, HMAC, PBKDF2) over contexts the caller owns. A
 * context is plain data: copying it with memcpy forks the stream, which is
 * how crypto:hash_update/2 returns a new state and leaves the old one
 * usable, as OTP's does. MD5 is vm/md5.c's. */
#ifndef VM_DIGEST_H
#define VM_DIGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "md5.h"

/* In crypto:supports(hashs)'s order, reversed (OTP lists the newest first). */
typedef enum digest_alg {
    DIGEST_MD4,
    DIGEST_MD5,
    DIGEST_RIPEMD160,
    DIGEST_SHA1,
    DIGEST_SHA224,
    DIGEST_SHA256,
    DIGEST_SHA384,
    DIGEST_SHA512,
    DIGEST_SHA3_224,
    DIGEST_SHA3_256,
    DIGEST_SHA3_384,
    DIGEST_SHA3_512,
    DIGEST_BLAKE2B, /* BLAKE2b-512, unkeyed */
    DIGEST_BLAKE2S, /* BLAKE2s-256, unkeyed */
    DIGEST_COUNT
} digest_alg;

#define DIGEST_MAX_SIZE 64   /* bytes of the longest digest */
#define DIGEST_MAX_BLOCK 144 /* bytes of the longest block (SHA3-224's rate) */

/* MD4, RIPEMD-160, SHA-1 and SHA-224/256: 32-bit words, 64-byte blocks. */
typedef struct digest32 {
    uint32_t s[8];
    uint64_t bytes; /* fed so far */
    uint8_t buf[64];
} digest32;

/* SHA-384/512: 64-bit words, 128-byte blocks. */
typedef struct digest64 {
    uint64_t s[8];
    uint64_t bytes; /* fed so far (2^64 bytes is far past what a VM holds) */
    uint8_t buf[128];
} digest64;

/* SHA-3: the Keccak-f[1600] state and the bytes absorbed into the block. */
typedef struct digest_sha3 {
    uint64_t a[25];
    uint32_t at;
} digest_sha3;

/* BLAKE2b and BLAKE2s (the s form uses the low halves of h and t). */
typedef struct digest_blake2 {
    uint64_t h[8];
    uint64_t t[2];
    uint32_t n; /* bytes in buf: a full last block waits for the next feed */
    uint8_t buf[128];
} digest_blake2;

typedef struct digest_ctx {
    digest_alg alg;
    union {
        md5_state md5;
        digest32 w32;
        digest64 w64;
        digest_sha3 sha3;
        digest_blake2 blake2;
    } u;
} digest_ctx;

/* The algorithm's facts: its name in crypto (sha, sha256, ...), the bytes
 * of its digest and of its block (HMAC's; SHA-3's rate), and the OpenSSL
 * NID crypto:hash_info/1 gives as its type. */
typedef struct digest_info {
    const char *name;
    unsigned size;
    unsigned block;
    unsigned nid;
} digest_info;

const digest_info *digest_info_of(digest_alg alg);
/* The algorithm named `name` (n bytes, crypto's atom text); false when
 * there is none. */
bool digest_lookup(const char *name, size_t n, digest_alg *alg);

void digest_start(digest_ctx *c, digest_alg alg);
void digest_feed(digest_ctx *c, const void *data, size_t n);
/* Writes digest_info_of(alg)->size bytes; c is spent. */
void digest_finish(digest_ctx *c, uint8_t *out);
/* The digest of n bytes in one call. */
void digest_bytes(digest_alg alg, const void *data, size_t n, uint8_t *out);

/* HMAC (RFC 2104) over any of the digests, keyed with any number of bytes
 * (a key longer than the block is digested first). Plain data as a
 * digest_ctx: a copy forks it. */
typedef struct hmac_ctx {
    digest_ctx inner, outer;
} hmac_ctx;

void hmac_start(hmac_ctx *c, digest_alg alg, const uint8_t *key, size_t keylen);
void hmac_feed(hmac_ctx *c, const void *data, size_t n);
/* Writes the digest's size in bytes; c is spent. */
void hmac_finish(hmac_ctx *c, uint8_t *out);

/* PBKDF2 (RFC 8018) with HMAC over alg: `outlen` bytes of key from the
 * password and salt after `iter` (>= 1) iterations. */
void pbkdf2_hmac(digest_alg alg, const uint8_t *pass, size_t passlen, const uint8_t *salt, size_t saltlen,
                 uint64_t iter, uint8_t *out, size_t outlen);

/* Poly1305 (RFC 8439) one-time authenticator: a 16-byte tag of the message
 * under a 32-byte key. Plain data: a copy forks it. */
typedef struct poly1305_ctx {
    uint64_t r[3], h[3], pad[2];
    size_t n; /* bytes in buf */
    uint8_t buf[16];
} poly1305_ctx;

void poly1305_start(poly1305_ctx *c, const uint8_t key[32]);
void poly1305_feed(poly1305_ctx *c, const void *data, size_t n);
void poly1305_finish(poly1305_ctx *c, uint8_t out[16]);

#endif
