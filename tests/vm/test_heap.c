/* test_heap.c: tests of vm/heap.c. */
#include <criterion/criterion.h>

#include "vm/vm.h"

Test(heap, allocations_are_aligned_and_distinct)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    term_t *a = heap_alloc(&h, 3), *b = heap_alloc(&h, 5);
    cr_assert_eq((uintptr_t)a % 8, 0);
    cr_assert(b >= a + 3 || b + 5 <= a);
    cr_assert_eq(heap_used_words(&h), 8);
    heap_destroy(&h);
}

Test(heap, grows_past_one_block)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    term_t l = NIL;
    for (int i = 0; i < 100000; i++)
        l = term_cons(&h, term_small(i), l);
    cr_assert_eq(list_length(l), 100000);
    cr_assert_eq(small_value(list_head(l)), 99999);
    term_t *big = heap_alloc(&h, 5 * HEAP_BLOCK_MAX_WORDS / 4);
    big[5 * HEAP_BLOCK_MAX_WORDS / 4 - 1] = NIL;
    heap_destroy(&h);
}

Test(heap, reset_keeps_one_block_and_stops_allocating)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    alloc_stat before, after;
    for (int round = 0; round < 3; round++) {
        if (round == 2)
            alloc_get_stat(ALLOC_HEAP, &before);
        for (int i = 0; i < 5000; i++)
            heap_alloc(&h, 1);
        heap_reset(&h);
    }
    alloc_get_stat(ALLOC_HEAP, &after);
    /* The third round fits the kept block: no new blocks were allocated. */
    cr_assert_eq(after.blocks, before.blocks);
    heap_destroy(&h);
}

Test(heap, reset_releases_refc_binaries)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    atom_table_init();
    alloc_stat before, mid, after;
    alloc_get_stat(ALLOC_BINARY, &before);
    uint8_t bytes[1000] = {0};
    bin_new(&h, bytes, sizeof bytes);
    alloc_get_stat(ALLOC_BINARY, &mid);
    cr_assert_geq(mid.size, before.size + 1000);
    heap_reset(&h);
    alloc_get_stat(ALLOC_BINARY, &after);
    cr_assert_eq(after.size, before.size);
    heap_destroy(&h);
}

Test(heap, resize_block_keeps_its_words)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    term_t *w = heap_alloc(&h, 100);
    for (int i = 0; i < 100; i++)
        w[i] = term_small(i);
    size_t words = h.blocks->words;
    cr_assert_gt(words, 100);
    alloc_stat before, after;
    alloc_get_stat(ALLOC_HEAP, &before);
    /* shrink to what is used: the words stay (moved by the delta if at all) */
    ptrdiff_t d = heap_resize_block(&h, 100);
    alloc_get_stat(ALLOC_HEAP, &after);
    cr_assert_eq(before.size - after.size, (words - 100) * sizeof(term_t));
    term_t *nw = (term_t *)(void *)((char *)w + d);
    cr_assert_eq(h.blocks->words, 100);
    cr_assert_eq(h.blocks->next, NULL);
    cr_assert_eq(h.top, nw + 100);
    cr_assert_eq(h.limit, h.top);
    for (int i = 0; i < 100; i++)
        cr_assert_eq(nw[i], term_small(i));
    /* grow: room for more in the same block */
    d = heap_resize_block(&h, 5000);
    nw = (term_t *)(void *)((char *)nw + d);
    cr_assert_eq(h.top, nw + 100);
    cr_assert_eq((size_t)(h.limit - h.top), 4900);
    heap_alloc(&h, 4900);
    cr_assert_eq(h.blocks->next, NULL);
    cr_assert_eq(heap_used_words(&h), 5000);
    for (int i = 0; i < 100; i++)
        cr_assert_eq(nw[i], term_small(i));
    heap_destroy(&h);
}
