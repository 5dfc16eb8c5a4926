/* test_buf.c: tests of format/buf.c, the output buffer and scratch areas. */
#include <criterion/criterion.h>

#include "format/format.h"

Test(buf, grows_and_stays_terminated)
{
    fmt_buf b;
    fmt_buf_init(&b);
    for (int i = 0; i < 10000; i++)
        fmt_buf_putc(&b, (char)('a' + i % 26));
    cr_assert_eq(b.len, 10000);
    cr_assert_eq(b.data[10000], '\0');
    cr_assert_eq(b.data[27], 'b');
    fmt_buf_put(&b, "xyz", 3);
    cr_assert_str_eq(b.data + 10000, "xyz");
    fmt_buf_free(&b);
}

Test(buf, utf8_code_points)
{
    fmt_buf b;
    fmt_buf_init(&b);
    uint32_t cps[] = {0x41, 0xE9, 0x43F, 0x20AC, 0x1F600};
    for (size_t i = 0; i < 5; i++)
        fmt_buf_put_cp(&b, cps[i]);
    cr_assert_str_eq(b.data, "A\xc3\xa9\xd0\xbf\xe2\x82\xac\xf0\x9f\x98\x80");
    fmt_buf_free(&b);
}

Test(buf, reset_keeps_memory_so_reuse_does_not_allocate)
{
    fmt_buf b;
    fmt_buf_init(&b);
    fmt_buf_reserve(&b, 5000);
    fmt_scratch(&b, 0, 4096);
    fmt_scratch(&b, 1, 4096);
    alloc_stat before, after;
    alloc_get_stat(ALLOC_FMT_BUFFER, &before);
    for (int round = 0; round < 100; round++) {
        fmt_buf_reset(&b);
        cr_assert_eq(b.len, 0);
        cr_assert_str_eq(b.data, "");
        for (int i = 0; i < 4000; i++)
            fmt_buf_putc(&b, 'x');
        fmt_scratch(&b, 0, 4000);
        fmt_scratch(&b, 1, 100);
    }
    alloc_get_stat(ALLOC_FMT_BUFFER, &after);
    cr_assert_eq(after.blocks, before.blocks);
    cr_assert_eq(after.size, before.size);
    fmt_buf_free(&b);
}

Test(buf, scratch_areas_are_separate_and_grow)
{
    fmt_buf b;
    fmt_buf_init(&b);
    char *s0 = fmt_scratch(&b, 0, 16), *s1 = fmt_scratch(&b, 1, 16);
    cr_assert_neq(s0, s1);
    memset(s0, 'a', 16);
    memset(s1, 'b', 16);
    char *g = fmt_scratch(&b, 0, 1 << 20); /* grows, keeps the contents */
    cr_assert_eq(g[15], 'a');
    cr_assert_eq(((char *)fmt_scratch(&b, 1, 8))[0], 'b');
    fmt_buf_free(&b);
    cr_assert_null(b.data);
}
