/* timer.c: a scheduler's timers: binary min-heap on (deadline, id) with an
 * id -> heap position hash index (linear probing, backward-shift deletion,
 * no tombstones). Every heap move rewrites the moved timer's index slot.
 * The heap doubles when full, the index past 3/4 full; both halve below a
 * quarter full, so memory stays within a constant factor of live timers. */
#include "timer.h"

#include <time.h>

#include "alloc.h"

/* Memory of this module, accounted as one type (see alloc_types.def). */
#define TIMER_ALLOC ALLOC_TIMER

#define HEAP_MIN_CAP 16
#define INDEX_MIN_CAP 32

/* ---- index: id -> heap position ------------------------------------------------ */

static size_t hash_id(timer_id id, size_t cap)
{
    /* Fibonacci hashing; ids are consecutive, so mixing matters. */
    uint64_t h = id * UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

/* The slot holding id, or the empty slot where it would go. */
static size_t find_slot(const timer_slot *index, size_t cap, timer_id id)
{
    size_t i = hash_id(id, cap);
    while (index[i].id != id && index[i].id != TIMER_NONE)
        i = (i + 1) & (cap - 1);
    return i;
}

static void rebuild_index(timer_queue *t, size_t cap)
{
    if (t->index)
        alloc_free(TIMER_ALLOC, t->index, t->index_cap * sizeof(timer_slot));
    t->index = alloc_zeroed(TIMER_ALLOC, cap * sizeof(timer_slot));
    t->index_cap = cap;
    for (size_t p = 0; p < t->count; p++) {
        size_t i = find_slot(t->index, cap, t->heap[p].id);
        t->index[i].id = t->heap[p].id;
        t->index[i].pos = p;
    }
}

static void set_pos(timer_queue *t, timer_id id, size_t pos)
{
    t->index[find_slot(t->index, t->index_cap, id)].pos = pos;
}

/* Removes id's slot and shifts later slots of its probe run back. */
static void delete_slot(timer_queue *t, timer_id id)
{
    size_t mask = t->index_cap - 1;
    size_t hole = find_slot(t->index, t->index_cap, id);
    size_t i = hole;
    for (;;) {
        i = (i + 1) & mask;
        if (t->index[i].id == TIMER_NONE)
            break;
        size_t home = hash_id(t->index[i].id, t->index_cap);
        /* Slot i may move to the hole unless its home lies in (hole, i]. */
        bool stays = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
        if (!stays) {
            t->index[hole] = t->index[i];
            hole = i;
        }
    }
    t->index[hole].id = TIMER_NONE;
}

/* ---- heap ---------------------------------------------------------------------- */

static bool is_earlier(const timer_info *a, const timer_info *b)
{
    return a->deadline < b->deadline || (a->deadline == b->deadline && a->id < b->id);
}

static void place(timer_queue *t, size_t pos, const timer_info *e)
{
    t->heap[pos] = *e;
    set_pos(t, e->id, pos);
}

static void sift_up(timer_queue *t, size_t pos, timer_info e)
{
    while (pos > 0) {
        size_t parent = (pos - 1) / 2;
        if (!is_earlier(&e, &t->heap[parent]))
            break;
        place(t, pos, &t->heap[parent]);
        pos = parent;
    }
    place(t, pos, &e);
}

static void sift_down(timer_queue *t, size_t pos, timer_info e)
{
    for (;;) {
        size_t child = 2 * pos + 1;
        if (child >= t->count)
            break;
        if (child + 1 < t->count && is_earlier(&t->heap[child + 1], &t->heap[child]))
            child++;
        if (!is_earlier(&t->heap[child], &e))
            break;
        place(t, pos, &t->heap[child]);
        pos = child;
    }
    place(t, pos, &e);
}

static void resize_heap(timer_queue *t, size_t cap)
{
    t->heap = alloc_resize(TIMER_ALLOC, t->heap, t->cap * sizeof(timer_info), cap * sizeof(timer_info));
    t->cap = cap;
}

/* Halves the arrays when they are mostly empty; frees them when empty. */
static void shrink(timer_queue *t)
{
    if (t->count == 0) {
        timer_destroy(t);
        timer_id next = t->next_id;
        timer_init(t);
        t->next_id = next;
        return;
    }
    if (t->cap > HEAP_MIN_CAP && t->count < t->cap / 4)
        resize_heap(t, t->cap / 2);
    if (t->index_cap > INDEX_MIN_CAP && t->count < t->index_cap / 4)
        rebuild_index(t, t->index_cap / 2);
}

/* Takes the timer at heap position pos out, copying it to *out. */
static void remove_at(timer_queue *t, size_t pos, timer_info *out)
{
    *out = t->heap[pos];
    delete_slot(t, out->id);
    timer_info last = t->heap[--t->count];
    if (pos < t->count) {
        if (pos > 0 && is_earlier(&last, &t->heap[(pos - 1) / 2]))
            sift_up(t, pos, last);
        else
            sift_down(t, pos, last);
    }
    shrink(t);
}

/* ---- API ------------------------------------------------------------------------- */

void timer_init(timer_queue *t)
{
    t->heap = NULL;
    t->count = t->cap = 0;
    t->index = NULL;
    t->index_cap = 0;
    t->next_id = 1;
}

void timer_destroy(timer_queue *t)
{
    if (t->heap)
        alloc_free(TIMER_ALLOC, t->heap, t->cap * sizeof(timer_info));
    if (t->index)
        alloc_free(TIMER_ALLOC, t->index, t->index_cap * sizeof(timer_slot));
    t->heap = NULL;
    t->index = NULL;
    t->count = t->cap = t->index_cap = 0;
}

timer_id timer_insert(timer_queue *t, uint64_t deadline_ns, uint64_t key, uint64_t seq)
{
    if (t->count == t->cap)
        resize_heap(t, t->cap ? 2 * t->cap : HEAP_MIN_CAP);
    /* Keep the index at most 3/4 full. */
    if (4 * (t->count + 1) > 3 * t->index_cap)
        rebuild_index(t, t->index_cap ? 2 * t->index_cap : INDEX_MIN_CAP);
    timer_info e = {.deadline = deadline_ns, .id = t->next_id++, .key = key, .seq = seq};
    size_t i = find_slot(t->index, t->index_cap, e.id);
    t->index[i].id = e.id;
    sift_up(t, t->count++, e);
    return e.id;
}

bool timer_lookup(const timer_queue *t, timer_id id, timer_info *out)
{
    if (id == TIMER_NONE || t->count == 0)
        return false;
    const timer_slot *s = &t->index[find_slot(t->index, t->index_cap, id)];
    if (s->id != id)
        return false;
    *out = t->heap[s->pos];
    return true;
}

bool timer_cancel(timer_queue *t, timer_id id, timer_info *out)
{
    if (id == TIMER_NONE || t->count == 0)
        return false;
    const timer_slot *s = &t->index[find_slot(t->index, t->index_cap, id)];
    if (s->id != id)
        return false;
    timer_info gone;
    remove_at(t, s->pos, &gone);
    if (out)
        *out = gone;
    return true;
}

uint64_t timer_next_deadline(const timer_queue *t) { return t->count ? t->heap[0].deadline : TIMER_NEVER; }

size_t timer_count(const timer_queue *t) { return t->count; }

size_t timer_memory(const timer_queue *t)
{
    return t->cap * sizeof(timer_info) + t->index_cap * sizeof(timer_slot);
}

size_t timer_expire(timer_queue *t, uint64_t now_ns, timer_fire_fn *fire, void *arg)
{
    size_t fired = 0;
    while (t->count && t->heap[0].deadline <= now_ns) {
        timer_info e;
        remove_at(t, 0, &e);
        fire(arg, &e);
        fired++;
    }
    return fired;
}

uint64_t timer_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}
