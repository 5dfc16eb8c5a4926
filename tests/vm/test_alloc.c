/* test_alloc.c: tests of vm/alloc.c accounting. */
#include <criterion/criterion.h>

#include "vm/vm.h"

Test(alloc, accounts_size_blocks_and_max)
{
    alloc_stat s0, s1, s2;
    alloc_get_stat(ALLOC_SYSTEM, &s0);
    void *p = alloc_new(ALLOC_SYSTEM, 100);
    void *q = alloc_zeroed(ALLOC_SYSTEM, 50);
    alloc_get_stat(ALLOC_SYSTEM, &s1);
    cr_assert_eq(s1.size, s0.size + 150);
    cr_assert_eq(s1.blocks, s0.blocks + 2);
    p = alloc_resize(ALLOC_SYSTEM, p, 100, 300);
    alloc_free(ALLOC_SYSTEM, p, 300);
    alloc_free(ALLOC_SYSTEM, q, 50);
    alloc_get_stat(ALLOC_SYSTEM, &s2);
    cr_assert_eq(s2.size, s0.size);
    cr_assert_eq(s2.blocks, s0.blocks);
    cr_assert_geq(s2.max_size, s0.size + 350);
}

Test(alloc, names_and_classes)
{
    cr_assert_str_eq(alloc_type_name(ALLOC_BINARY), "BINARY");
    cr_assert_str_eq(alloc_type_class(ALLOC_BINARY), "binary_data");
    cr_assert_str_eq(alloc_type_class(ALLOC_ATOM_TEXT), "atom_data");
    cr_assert_str_eq(alloc_type_class(ALLOC_HEAP), "process_data");
}
