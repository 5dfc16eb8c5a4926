/* md5.h: MD5 (RFC 1321) over a context the caller owns. The state is
 * plain data (four words, the message length in bits, the pending block), so
 * erlang:md5_init/update/final can keep it in OTP's 88-byte binary. */
#ifndef VM_MD5_H
#define VM_MD5_H

#include <stddef.h>
#include <stdint.h>

typedef struct md5_state {
    uint32_t s[4];
    uint64_t bits;
    uint8_t buf[64];
} md5_state;

void md5_start(md5_state *c);
void md5_feed(md5_state *c, const void *data, size_t n);
/* Writes the digest; c is spent. */
void md5_finish(md5_state *c, uint8_t out[16]);

#endif
