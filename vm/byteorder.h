/* byteorder.h: 32- and 64-bit words read from and written to bytes in a
 * given order, whatever the machine's (digests, checksums, hashes). */
#ifndef VM_BYTEORDER_H
#define VM_BYTEORDER_H

#include <stdint.h>

static inline uint32_t load_le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
static inline uint32_t load_be32(const uint8_t *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | (uint32_t)b[3];
}
static inline uint64_t load_le64(const uint8_t *b) { return load_le32(b) | (uint64_t)load_le32(b + 4) << 32; }
static inline uint64_t load_be64(const uint8_t *b) { return (uint64_t)load_be32(b) << 32 | load_be32(b + 4); }
static inline void store_le32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)v, b[1] = (uint8_t)(v >> 8), b[2] = (uint8_t)(v >> 16), b[3] = (uint8_t)(v >> 24);
}
static inline void store_be32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16), b[2] = (uint8_t)(v >> 8), b[3] = (uint8_t)v;
}
static inline void store_le64(uint8_t *b, uint64_t v)
{
    store_le32(b, (uint32_t)v);
    store_le32(b + 4, (uint32_t)(v >> 32));
}
static inline void store_be64(uint8_t *b, uint64_t v)
{
    store_be32(b, (uint32_t)(v >> 32));
    store_be32(b + 4, (uint32_t)v);
}

#endif
