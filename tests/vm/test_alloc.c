/* test_alloc.c: tests of vm/alloc.c: per-type accounting, memory status by
 * kind with its "since last" periods, counts from many threads, and the
 * allocation map. */
#include <criterion/criterion.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
    /* past the fold quantum: the maximum sees it */
    p = alloc_resize(ALLOC_SYSTEM, p, 100, 300000);
    alloc_free(ALLOC_SYSTEM, p, 300000);
    alloc_free(ALLOC_SYSTEM, q, 50);
    alloc_get_stat(ALLOC_SYSTEM, &s2);
    cr_assert_eq(s2.size, s0.size);
    cr_assert_eq(s2.blocks, s0.blocks);
    cr_assert_geq(s2.max_size, s0.size + 300000);
}

Test(alloc, names_and_classes)
{
    cr_assert_str_eq(alloc_type_name(ALLOC_BINARY), "binary");
    cr_assert_str_eq(alloc_type_name(ALLOC_EXPORT), "export_entry");
    cr_assert_str_eq(alloc_type_class(ALLOC_BINARY), "binary_data");
    cr_assert_str_eq(alloc_type_class(ALLOC_ATOM_TEXT), "atom_data");
    cr_assert_str_eq(alloc_type_class(ALLOC_HEAP), "process_data");
    cr_assert_str_eq(alloc_type_class(ALLOC_LITERAL), "code_data");
    cr_assert_str_eq(alloc_type_allocator(ALLOC_HEAP), "eheap_alloc");
    cr_assert_str_eq(alloc_type_allocator(ALLOC_BINARY), "binary_alloc");
    /* every type has a distinct name */
    for (int a = 0; a < ALLOC_TYPE_COUNT; a++)
        for (int b = a + 1; b < ALLOC_TYPE_COUNT; b++)
            cr_assert_str_neq(alloc_type_name((alloc_type)a), alloc_type_name((alloc_type)b));
}

static const alloc_status_row *find_row(const alloc_status_row *rows, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(rows[i].name, name))
            return &rows[i];
    cr_assert_fail("no row %s", name);
    return NULL;
}

Test(alloc, every_kind_sums_to_the_total)
{
    alloc_status_row rows[ALLOC_TYPE_COUNT], total;
    void *keep = alloc_new(ALLOC_TIMER, 1000);
    cr_assert_eq(alloc_status(ALLOC_STATUS_TOTAL, &total), 1);
    cr_assert_str_eq(total.name, "total");
    size_t counts[] = {1, ALLOC_ALLOCATOR_COUNT, ALLOC_CLASS_COUNT, ALLOC_TYPE_COUNT};
    for (int k = ALLOC_STATUS_ALLOCATORS; k < ALLOC_STATUS_KINDS; k++) {
        size_t n = alloc_status((alloc_status_kind)k, rows);
        cr_assert_eq(n, counts[k]);
        uint64_t size = 0, blocks = 0;
        for (size_t i = 0; i < n; i++) {
            size += rows[i].sizes.cur;
            blocks += rows[i].blocks.cur;
            cr_assert_leq(rows[i].sizes.cur, rows[i].sizes.max_since);
            cr_assert_leq(rows[i].sizes.max_since, rows[i].sizes.max_ever);
        }
        cr_assert_eq(size, total.sizes.cur, "kind %d", k);
        cr_assert_eq(blocks, total.blocks.cur, "kind %d", k);
    }
    alloc_status(ALLOC_STATUS_CLASSES, rows);
    cr_assert_geq(find_row(rows, ALLOC_CLASS_COUNT, "system_data")->sizes.cur, 1000);
    alloc_free(ALLOC_TIMER, keep, 1000);
}

/* A block above the fold quantum (64 KiB) is folded at once, so the
 * maxima see it exactly. */
#define BIG (100 * 1024)

Test(alloc, max_since_last_starts_again_at_each_read)
{
    alloc_status_row rows[ALLOC_TYPE_COUNT];
    alloc_status(ALLOC_STATUS_TYPES, rows);
    const alloc_status_row *t = find_row(rows, ALLOC_TYPE_COUNT, "timer");
    uint64_t base = t->sizes.cur;
    void *p = alloc_new(ALLOC_TIMER, BIG);
    alloc_free(ALLOC_TIMER, p, BIG);
    alloc_status(ALLOC_STATUS_TYPES, rows);
    t = find_row(rows, ALLOC_TYPE_COUNT, "timer");
    cr_assert_eq(t->sizes.cur, base);
    cr_assert_eq(t->sizes.max_since, base + BIG);
    cr_assert_geq(t->sizes.max_ever, base + BIG);
    alloc_status(ALLOC_STATUS_TYPES, rows);
    t = find_row(rows, ALLOC_TYPE_COUNT, "timer");
    cr_assert_eq(t->sizes.max_since, base, "the new period starts at what is held");
    cr_assert_geq(t->sizes.max_ever, base + BIG);
    /* a read of another kind does not end this kind's period */
    p = alloc_new(ALLOC_TIMER, 2 * BIG);
    alloc_free(ALLOC_TIMER, p, 2 * BIG);
    alloc_status(ALLOC_STATUS_CLASSES, rows);
    alloc_status(ALLOC_STATUS_TYPES, rows);
    cr_assert_eq(find_row(rows, ALLOC_TYPE_COUNT, "timer")->sizes.max_since, base + 2 * BIG);
}

/* Small blocks stay in the thread's own count until 64 of a type (or 64
 * KiB) have come or gone, but the current figures always include them. */
Test(alloc, small_blocks_count_at_once)
{
    alloc_status_row rows[ALLOC_TYPE_COUNT];
    alloc_status(ALLOC_STATUS_TYPES, rows);
    uint64_t base = find_row(rows, ALLOC_TYPE_COUNT, "link")->blocks.cur;
    void *p[10];
    for (int i = 0; i < 10; i++)
        p[i] = alloc_new(ALLOC_LINK, 40);
    alloc_status(ALLOC_STATUS_TYPES, rows);
    cr_assert_eq(find_row(rows, ALLOC_TYPE_COUNT, "link")->blocks.cur, base + 10);
    cr_assert_eq(find_row(rows, ALLOC_TYPE_COUNT, "link")->sizes.max_since,
                 find_row(rows, ALLOC_TYPE_COUNT, "link")->sizes.cur);
    for (int i = 0; i < 10; i++)
        alloc_free(ALLOC_LINK, p[i], 40);
    alloc_status(ALLOC_STATUS_TYPES, rows);
    cr_assert_eq(find_row(rows, ALLOC_TYPE_COUNT, "link")->blocks.cur, base);
}

/* Above the quantum: folded at once. */
Test(alloc, large_blocks_fold_at_once)
{
    alloc_status_row rows[ALLOC_TYPE_COUNT];
    alloc_status(ALLOC_STATUS_CLASSES, rows);
    uint64_t base = find_row(rows, ALLOC_CLASS_COUNT, "binary_data")->sizes.cur;
    void *p = alloc_new(ALLOC_BINARY, 8 << 20);
    alloc_status(ALLOC_STATUS_CLASSES, rows);
    cr_assert_eq(find_row(rows, ALLOC_CLASS_COUNT, "binary_data")->sizes.cur, base + (8 << 20));
    alloc_free(ALLOC_BINARY, p, 8 << 20);
    alloc_status(ALLOC_STATUS_CLASSES, rows);
    cr_assert_eq(find_row(rows, ALLOC_CLASS_COUNT, "binary_data")->sizes.max_since, base + (8 << 20));
}

enum { THREADS = 4, ROUNDS = 20000 };

static void *churn(void *arg)
{
    void **kept = arg;
    void *live[16] = {0};
    for (int i = 0; i < ROUNDS; i++) {
        int k = i % 16;
        if (live[k])
            alloc_free(ALLOC_MESSAGE, live[k], 64);
        live[k] = alloc_new(ALLOC_MESSAGE, 64);
    }
    for (int k = 0; k < 16; k++)
        alloc_free(ALLOC_MESSAGE, live[k], 64);
    /* one block outlives the thread; main frees it */
    *kept = alloc_new(ALLOC_MESSAGE, 100);
    return NULL;
}

Test(alloc, counts_from_many_threads_add_up)
{
    alloc_stat s0, s1, s2;
    alloc_get_stat(ALLOC_MESSAGE, &s0);
    pthread_t t[THREADS];
    void *kept[THREADS];
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, churn, &kept[i]);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    alloc_get_stat(ALLOC_MESSAGE, &s1);
    cr_assert_eq(s1.size, s0.size + THREADS * 100);
    cr_assert_eq(s1.blocks, s0.blocks + THREADS);
    for (int i = 0; i < THREADS; i++)
        alloc_free(ALLOC_MESSAGE, kept[i], 100);
    alloc_get_stat(ALLOC_MESSAGE, &s2);
    cr_assert_eq(s2.size, s0.size);
    cr_assert_eq(s2.blocks, s0.blocks);
}

/* Criterion runs each test in a process of its own, which has allocated
 * nothing yet: the map can be turned on. */
Test(alloc, map_mode_lists_every_block)
{
    cr_assert(alloc_configure(true, true));
    cr_assert(alloc_map_enabled());
    cr_assert_not(alloc_configure(true, false), "modes are chosen once");
    alloc_set_owner(term_local_pid(42, 3));
    char *a = alloc_new(ALLOC_SYSTEM, 10);
    alloc_set_owner(0);
    char *b = alloc_zeroed(ALLOC_TIMER, 20);
    for (int i = 0; i < 20; i++)
        cr_assert_eq(b[i], 0);
    cr_assert_eq((uintptr_t)a % 16, 0);
    a = alloc_resize(ALLOC_SYSTEM, a, 10, 5000);
    memset(a, 'x', 5000);
    alloc_map_block *v;
    size_t n = alloc_map_snapshot(&v);
    bool seen_a = false, seen_b = false;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += v[i].size;
        if (v[i].addr == (uintptr_t)a) {
            seen_a = true;
            cr_assert_eq(v[i].size, 5000);
            cr_assert_eq(v[i].type, ALLOC_SYSTEM);
            cr_assert_eq(v[i].owner, term_local_pid(42, 3), "a resized block keeps its owner");
        }
        if (v[i].addr == (uintptr_t)b) {
            seen_b = true;
            cr_assert_eq(v[i].size, 20);
            cr_assert_eq(v[i].owner, 0);
        }
    }
    alloc_map_release(v);
    cr_assert(seen_a && seen_b);
    alloc_status_row total;
    alloc_status(ALLOC_STATUS_TOTAL, &total);
    cr_assert_eq(sum, total.sizes.cur, "the map and the counters agree");
    cr_assert_eq(n, total.blocks.cur);
    alloc_free(ALLOC_SYSTEM, a, 5000);
    alloc_free(ALLOC_TIMER, b, 20);
    cr_assert_eq(alloc_map_snapshot(&v), n - 2);
    alloc_map_release(v);
}

/* A block the size of a grown young heap comes from malloc's arena after
 * alloc_configure, not from a mapping of its own (ALLOC_MMAP_THRESHOLD):
 * glibc's default would map it, since this process has freed no mapped
 * block to learn from. Sanitizer builds replace malloc, which then maps
 * nothing through glibc either way. */
Test(alloc, configure_keeps_young_heap_sized_blocks_in_the_arena)
{
#if defined(__GLIBC__) && ALLOC_MMAP_THRESHOLD > 0
    cr_assert(alloc_configure(true, false));
    struct mallinfo2 before = mallinfo2();
    size_t size = 372736; /* lists:seq(1, 10000)'s young heap */
    cr_assert_lt(size, ALLOC_MMAP_THRESHOLD);
    void *p = alloc_new(ALLOC_HEAP, size);
    memset(p, 1, size);
    struct mallinfo2 during = mallinfo2();
    alloc_free(ALLOC_HEAP, p, size);
    cr_assert_eq(during.hblks, before.hblks, "the block was mapped on its own");
#endif
}

Test(alloc, map_mode_catches_a_wrong_size, .signal = SIGABRT)
{
    cr_assert(alloc_configure(true, true));
    void *p = alloc_new(ALLOC_TEMP, 32);
    alloc_free(ALLOC_TEMP, p, 33);
}

Test(alloc, counters_off)
{
    cr_assert(alloc_configure(false, false));
    cr_assert_not(alloc_status_enabled());
    alloc_status_row rows[ALLOC_TYPE_COUNT];
    cr_assert_eq(alloc_status(ALLOC_STATUS_TYPES, rows), 0);
    void *p = alloc_new(ALLOC_SYSTEM, 100);
    alloc_stat s;
    alloc_get_stat(ALLOC_SYSTEM, &s);
    cr_assert_eq(s.size, 0);
    alloc_free(ALLOC_SYSTEM, p, 100);
    alloc_map_block *v;
    cr_assert_eq(alloc_map_snapshot(&v), 0);
    cr_assert_null(v);
}

/* alloc_try_new refuses, and counts nothing, where alloc_new would end
 * dbgsh: a block larger than the machine's memory is never asked of the C
 * allocator (which could promise it, or abort in a sanitizer build). */
Test(alloc, try_new_refuses_more_than_the_machine)
{
    alloc_stat s0, s1;
    alloc_get_stat(ALLOC_BINARY, &s0);
    cr_assert_null(alloc_try_new(ALLOC_BINARY, SIZE_MAX / 2));
    cr_assert_null(alloc_try_new(ALLOC_BINARY, (size_t)1 << 50));
    alloc_get_stat(ALLOC_BINARY, &s1);
    cr_assert_eq(s1.size, s0.size);
    cr_assert_eq(s1.blocks, s0.blocks);
    void *p = alloc_try_new(ALLOC_BINARY, 4096);
    cr_assert_not_null(p);
    memset(p, 1, 4096);
    alloc_get_stat(ALLOC_BINARY, &s1);
    cr_assert_eq(s1.size, s0.size + 4096);
    cr_assert_eq(s1.blocks, s0.blocks + 1);
    alloc_free(ALLOC_BINARY, p, 4096);
}

/* alloc_sized_new: a block that knows its size, freed without it, aligned
 * as malloc's, counted under its type with its header; impossible sizes
 * are NULL with nothing counted. */
Test(alloc, sized_blocks_free_without_their_size)
{
    alloc_stat s0, s1;
    alloc_get_stat(ALLOC_RE, &s0);
    unsigned char *a = alloc_sized_new(ALLOC_RE, 1), *b = alloc_sized_new(ALLOC_RE, 1000);
    cr_assert(a && b);
    cr_expect_eq((uintptr_t)a % _Alignof(max_align_t), 0);
    cr_expect_eq((uintptr_t)b % _Alignof(max_align_t), 0);
    memset(b, 7, 1000);
    alloc_get_stat(ALLOC_RE, &s1);
    cr_expect_eq(s1.blocks, s0.blocks + 2);
    cr_expect_geq(s1.size, s0.size + 1001);
    alloc_sized_free(ALLOC_RE, a);
    alloc_sized_free(ALLOC_RE, b);
    alloc_sized_free(ALLOC_RE, NULL);
    cr_assert_null(alloc_sized_new(ALLOC_RE, SIZE_MAX - 4));
    cr_assert_null(alloc_sized_new(ALLOC_RE, SIZE_MAX / 2));
    alloc_get_stat(ALLOC_RE, &s1);
    cr_expect_eq(s1.size, s0.size);
    cr_expect_eq(s1.blocks, s0.blocks);
}

/* Resident bytes of this process (Linux). */
static size_t resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    cr_assert_not_null(f);
    unsigned long size, resident;
    cr_assert_eq(fscanf(f, "%lu %lu", &size, &resident), 2);
    fclose(f);
    return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

/* alloc_give_back: nothing below ALLOC_TRIM_AFTER freed; past it the free
 * pages go back to the system (megabyte blocks, each pinned by a small
 * block after it so that glibc cannot give them back by itself as the top
 * of its heap shrinks), and not again within ALLOC_TRIM_INTERVAL_MS.
 * Sanitizer builds replace malloc, whose pages malloc_trim does not see:
 * there only the decisions are checked. */
Test(alloc, give_back_returns_freed_pages_once_enough_was_freed)
{
#if defined(__GLIBC__) && ALLOC_TRIM_AFTER > 0
    cr_assert(alloc_configure(true, false));
    size_t mb = (size_t)1 << 20, n = ALLOC_TRIM_AFTER / mb + 16;
    void **big = calloc(n, sizeof *big), **pin = calloc(n, sizeof *pin);
    cr_assert(big && pin);
    for (size_t i = 0; i < n; i++) {
        big[i] = alloc_new(ALLOC_HEAP, mb);
        memset(big[i], 1, mb);
        pin[i] = alloc_new(ALLOC_TEMP, 64);
    }
    alloc_free(ALLOC_HEAP, big[0], mb);
    cr_assert_not(alloc_give_back(), "trimmed after freeing 1 MB");
    for (size_t i = 1; i < n; i++)
        alloc_free(ALLOC_HEAP, big[i], mb);
    size_t held = resident_bytes();
    cr_assert(alloc_give_back(), "did not trim after freeing %zu MB", n);
    size_t after = resident_bytes();
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    cr_assert_gt(held, after + ALLOC_TRIM_AFTER, "resident %zu MB before the trim, %zu MB after", held / mb,
                 after / mb);
#else
    (void)held, (void)after;
#endif
    for (size_t i = 0; i < n; i++) {
        big[i] = alloc_new(ALLOC_HEAP, mb);
        alloc_free(ALLOC_HEAP, big[i], mb);
    }
    cr_assert_not(alloc_give_back(), "trimmed twice within ALLOC_TRIM_INTERVAL_MS");
    for (size_t i = 0; i < n; i++)
        alloc_free(ALLOC_TEMP, pin[i], 64);
    free(big);
    free(pin);
#endif
}
