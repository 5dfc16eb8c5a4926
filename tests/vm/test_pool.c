/* test_pool.c: tests of vm/pool.c: objects are distinct, reused after a
 * put, laid out in slabs, the slabs counted under the pool's type and
 * given back when the last object is; several threads at once; chains
 * of objects taken and given back at once. */
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

typedef struct link_obj {
    struct link_obj *link; /* the pool's link while free or chained */
    size_t mark;
    char pad[40];
} link_obj;

/* pool_get_chain and pool_put_chain: whole chains across slabs, no object
 * handed out twice, what went back first out, the slabs freed with the
 * last object. */
Test(pool, chains_are_whole_and_go_back)
{
    pool p = POOL_INIT(ALLOC_TEMP, sizeof(link_obj), 16);
    alloc_stat s0, s1, s2;
    alloc_get_stat(ALLOC_TEMP, &s0);
    /* 40 objects over 3 slabs of 16; one more still fits the third */
    link_obj *first = pool_get_chain(&p, 40), *last = NULL;
    size_t n = 0;
    for (link_obj *o = first; o; o = o->link) {
        o->mark = n++;
        last = o;
    }
    cr_expect_eq(n, 40, "a chain of %zu", n);
    link_obj *one = pool_get(&p);
    one->mark = 1000;
    for (link_obj *o = first; o; o = o->link)
        cr_expect(o != one, "an object handed out twice");
    n = 0;
    for (link_obj *o = first; o; o = o->link)
        cr_expect_eq(o->mark, n++, "an object changed under its owner");
    alloc_get_stat(ALLOC_TEMP, &s1);
    cr_expect_eq(s1.blocks - s0.blocks, 3, "%llu slabs for 41 objects of 16 to a slab",
                 (unsigned long long)(s1.blocks - s0.blocks));
    /* the chain back: the single object keeps the slabs */
    pool_put_chain(&p, first, last, 40);
    alloc_get_stat(ALLOC_TEMP, &s2);
    cr_expect_eq(s2.blocks, s1.blocks);
    /* what went back is what comes out next */
    link_obj *again = pool_get_chain(&p, 2);
    cr_expect(again == first, "the chain put back is not the first out");
    size_t k = 0;
    for (link_obj *o = again; o; o = o->link)
        k++;
    cr_expect_eq(k, 2);
    pool_put_chain(&p, again, again->link, 2);
    pool_put(&p, one); /* the last one out: the slabs go */
    alloc_get_stat(ALLOC_TEMP, &s2);
    cr_expect_eq(s2.blocks, s0.blocks, "slabs left: %llu", (unsigned long long)(s2.blocks - s0.blocks));
    cr_expect_eq(s2.size, s0.size);
}
