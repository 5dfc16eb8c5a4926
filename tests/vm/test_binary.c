/* test_binary.c: tests of vm/binary.c. */
#include <criterion/criterion.h>

#include "vm/vm.h"

static heap_t h;
static void setup(void) { heap_init(&h, ALLOC_HEAP); }
static void teardown(void) { heap_destroy(&h); }
TestSuite(binary, .init = setup, .fini = teardown);

Test(binary, heap_and_refc)
{
    uint8_t bytes[200];
    for (int i = 0; i < 200; i++)
        bytes[i] = (uint8_t)i;
    term_t small = bin_new(&h, bytes, HEAP_BIN_LIMIT);
    term_t large = bin_new(&h, bytes, 200);
    cr_assert(term_is_boxed_with(small, HDR_HEAP_BIN));
    cr_assert(term_is_boxed_with(large, HDR_REFC_BIN));
    bin_view v;
    bin_view_of(large, &v);
    cr_assert_eq(v.size, 200);
    cr_assert_eq(bin_bit_size(&v), 1600);
    cr_assert(memcmp(v.bytes, bytes, 200) == 0);
    bin_view_of(small, &v);
    cr_assert_eq(v.size, HEAP_BIN_LIMIT);
    cr_assert_eq(v.bytes[63], 63);
}

Test(binary, bitstrings_and_slices)
{
    uint8_t bytes[3] = {0xAB, 0xCD, 0xE0};
    term_t b = bin_new_bits(&h, bytes, 19); /* <<16#AB,16#CD,7:3>> */
    cr_assert(term_is_bitstring(b));
    bin_view v;
    bin_view_of(b, &v);
    cr_assert_eq(v.size, 2);
    cr_assert_eq(v.bitsize, 3);
    cr_assert_eq(bin_tail_bits(&v), 0xE0);

    term_t s = bin_sub(&h, b, 4, 12); /* bits 4..15: 0xBCD */
    bin_view_of(s, &v);
    cr_assert_eq(v.size, 1);
    cr_assert_eq(v.bitsize, 4);
    cr_assert_eq(bin_byte_at(&v, 0), 0xBC);
    cr_assert_eq(bin_tail_bits(&v), 0xD0);
    uint8_t out[2];
    bin_copy_bits(&v, out);
    cr_assert_eq(out[0], 0xBC);
    cr_assert_eq(out[1], 0xD0);

    term_t s2 = bin_sub(&h, s, 4, 8); /* a slice of a slice: 0xCD */
    bin_view_of(s2, &v);
    cr_assert_eq(v.size, 1);
    cr_assert_eq(v.bitsize, 0);
    cr_assert_eq(bin_byte_at(&v, 0), 0xCD);
}

Test(binary, empty)
{
    term_t b = bin_new(&h, NULL, 0);
    bin_view v;
    bin_view_of(b, &v);
    cr_assert_eq(bin_bit_size(&v), 0);
}

/* A binary the machine cannot hold is THE_NON_VALUE (the caller raises
 * system_limit), with nothing allocated; an appendable one whose room to
 * grow cannot be had gets a block of its own size instead. */
Test(binary, more_than_the_machine)
{
    alloc_stat s0, s1;
    alloc_get_stat(ALLOC_BINARY, &s0);
    uint8_t *out = NULL;
    cr_assert_eq(bin_alloc(&h, (size_t)1 << 50, &out), THE_NON_VALUE);
    cr_assert_eq(bin_alloc(&h, SIZE_MAX, &out), THE_NON_VALUE);
    cr_assert_eq(bin_alloc_appendable(&h, SIZE_MAX - 8, SIZE_MAX - 8, &out), THE_NON_VALUE);
    alloc_get_stat(ALLOC_BINARY, &s1);
    cr_assert_eq(s1.blocks, s0.blocks);
    term_t b = bin_alloc_appendable(&h, 1000, (size_t)1 << 50, &out);
    cr_assert(term_is_boxed_with(b, HDR_REFC_BIN));
    memset(out, 7, 1000);
    const refc_bin_obj *rb = (const refc_bin_obj *)(const void *)boxed_ptr(b);
    cr_assert_eq(rb->val->size, 1000);
    bin_view v;
    bin_view_of(b, &v);
    cr_assert_eq(v.size, 1000);
    cr_assert_eq(v.bytes[999], 7);
}
