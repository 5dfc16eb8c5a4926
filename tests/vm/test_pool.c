/* test_pool.c: tests of vm/pool.c: objects are distinct, reused after a
 * put, laid out in slabs, the slabs counted under the pool's type and
 * given back when the last object is; several threads at once. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>

#include "vm/pool.h"

typedef struct obj {
    uint64_t words[13]; /* 104 bytes: a breakpoint record's size */
} obj;

Test(pool, distinct_objects_then_slabs_given_back)
{
    static pool p = POOL_INIT(ALLOC_TEMP, sizeof(obj), 64);
    alloc_stat s0, s1, s2;
    alloc_get_stat(ALLOC_TEMP, &s0);
    enum { N = 1000 }; /* 16 slabs */
    static obj *v[N];
    for (size_t i = 0; i < N; i++) {
        v[i] = pool_get(&p);
        memset(v[i], (int)(i & 0xff), sizeof *v[i]); /* the whole object is ours */
    }
    for (size_t i = 0; i < N; i++) {
        for (size_t w = 0; w < 13; w++)
            cr_assert_eq(v[i]->words[w] & 0xff, i & 0xff, "object %zu was written by another", i);
        /* objects do not overlap: a slab's are a stride apart */
        if (i > 0 && (char *)v[i] > (char *)v[i - 1])
            cr_assert_geq((size_t)((char *)v[i] - (char *)v[i - 1]), sizeof(obj));
    }
    alloc_get_stat(ALLOC_TEMP, &s1);
    cr_assert_eq(s1.blocks, s0.blocks + 16, "one block per slab, not per object");
    cr_assert_geq(s1.size, s0.size + N * sizeof(obj));
    cr_assert_eq(p.live, (size_t)N);
    for (size_t i = 0; i < N; i++)
        pool_put(&p, v[i]);
    alloc_get_stat(ALLOC_TEMP, &s2);
    cr_assert_eq(s2.blocks, s0.blocks, "the slabs went back with the last object");
    cr_assert_eq(s2.size, s0.size);
    cr_assert_null(p.slabs);
}

Test(pool, a_put_object_is_the_next_get)
{
    static pool p = POOL_INIT(ALLOC_TEMP, sizeof(obj), 8);
    obj *keep = pool_get(&p); /* holds the slab */
    obj *a = pool_get(&p);
    pool_put(&p, a);
    cr_assert_eq(pool_get(&p), a);
    pool_put(&p, a);
    pool_put(&p, keep);
}

Test(pool, small_objects_hold_the_link)
{
    static pool p = POOL_INIT(ALLOC_TEMP, 1, 4);
    char *a = pool_get(&p), *b = pool_get(&p);
    cr_assert_neq(a, b);
    cr_assert_geq(b > a ? (size_t)(b - a) : (size_t)(a - b), sizeof(void *));
    pool_put(&p, a);
    pool_put(&p, b);
}

static pool shared = POOL_INIT(ALLOC_TEMP, sizeof(obj), 32);

static void *churn(void *arg)
{
    uint64_t tag = (uint64_t)(uintptr_t)arg;
    obj *mine[50];
    for (int round = 0; round < 2000; round++) {
        for (int i = 0; i < 50; i++) {
            mine[i] = pool_get(&shared);
            mine[i]->words[0] = tag;
            mine[i]->words[12] = tag;
        }
        for (int i = 0; i < 50; i++) {
            if (mine[i]->words[0] != tag || mine[i]->words[12] != tag)
                return (void *)1; /* another thread had it too */
            pool_put(&shared, mine[i]);
        }
    }
    return NULL;
}

Test(pool, threads_never_share_an_object)
{
    pthread_t t[4];
    for (uintptr_t i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, churn, (void *)(i + 1));
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        cr_assert_null(r);
    }
    cr_assert_eq(shared.live, 0u);
}
