/* ports.c: the ThreadSanitizer test of vm/port.c. Writer threads send to
 * ports (port_command, the trace hot path) and ask port_alive, a control
 * thread runs port_control and lists erlang:ports(), while a closer thread
 * closes ports and opens new ones in their place (reusing the closed
 * ports' structs). A missing lock or ordering shows up as a race report, a
 * driver called after its close as a heap-use-after-free under ASan; the
 * counts check that every command that succeeded reached a driver and
 * every driver was closed exactly once. Prints "ports: N passed, N
 * failed" last; exits non-zero on a failure. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "vm/vm.h"

#define TALLY_NAME "ports"
#include "tests/lib/tally.h"

#define PORTS 8
#define WRITERS 3
#define COMMANDS 20000
#define REOPENS 1500

/* ---- a driver that counts ------------------------------------------------------- */

typedef struct counter {
    uint64_t messages; /* plain: only ever touched under the port's lock */
    uint64_t sum;
} counter;

static _Atomic uint64_t closed_messages, closed_sum;
static _Atomic int closes, opens;

static bool count_output(void *state, term_t msg, size_t *written)
{
    counter *c = state;
    c->messages++;
    c->sum += (uint64_t)small_value(msg);
    *written += 8;
    return true;
}

static bool count_control(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply)
{
    counter *c = state;
    *reply = term_uint64(h, c->messages);
    return op == 'n';
}

static void count_close(void *state)
{
    counter *c = state;
    atomic_fetch_add(&closed_messages, c->messages);
    atomic_fetch_add(&closed_sum, c->sum);
    atomic_fetch_add(&closes, 1);
    alloc_free(ALLOC_TEMP, c, sizeof *c);
}

static const port_driver counter_drv = {
    .name = "counter", .output = count_output, .control = count_control, .close = count_close,
};

/* ---- the threads ------------------------------------------------------------------ */

static _Atomic term_t ports[PORTS];
static _Atomic uint64_t sent, sent_sum;
static _Atomic bool done;

static uint64_t next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

static void *writer(void *arg)
{
    uint64_t seed = (uintptr_t)arg, ok = 0, sum = 0;
    for (int i = 0; i < COMMANDS; i++) {
        term_t p = atomic_load(&ports[next_random(&seed) % PORTS]);
        int64_t v = (int64_t)(next_random(&seed) % 1000);
        if (port_command(p, term_small(v))) {
            ok++;
            sum += (uint64_t)v;
        }
        if ((i & 63) == 0)
            (void)port_alive(p);
    }
    atomic_fetch_add(&sent, ok);
    atomic_fetch_add(&sent_sum, sum);
    return NULL;
}

static void *controller(void *arg)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    uint64_t seed = 99;
    while (!atomic_load(&done)) {
        term_t reply;
        (void)port_control(atomic_load(&ports[next_random(&seed) % PORTS]), 'n', NULL, 0, &h, &reply);
        port_view v;
        (void)port_view_of(atomic_load(&ports[next_random(&seed) % PORTS]), &h, &v);
        (void)port_all(&h);
        heap_reset(&h);
    }
    heap_destroy(&h);
    return NULL;
}

static void *closer(void *arg)
{
    process *owner = arg;
    uint64_t seed = 7;
    for (int i = 0; i < REOPENS; i++) {
        unsigned k = (unsigned)(next_random(&seed) % PORTS);
        port_close(atomic_load(&ports[k]));
        counter *c = alloc_zeroed(ALLOC_TEMP, sizeof *c);
        atomic_store(&ports[k], port_open(&counter_drv, c, owner));
        atomic_fetch_add(&opens, 1);
        /* the owner's links to closed ports: keep the newest only */
        while (owner->links && owner->links->next) {
            proc_link *l = owner->links->next;
            owner->links->next = l->next;
            alloc_free(ALLOC_LINK, l, sizeof *l);
        }
    }
    return NULL;
}

int main(void)
{
    atom_table_init();
    proc_table_init(NULL);
    /* Owns the ports: only its pid and link list are used; exit signals to
     * it find no process and are dropped. */
    process *owner = alloc_zeroed(ALLOC_TEMP, sizeof *owner);
    owner->pid = term_local_pid(100, 0);
    for (int i = 0; i < PORTS; i++) {
        atomic_store(&ports[i], port_open(&counter_drv, alloc_zeroed(ALLOC_TEMP, sizeof(counter)), owner));
        atomic_fetch_add(&opens, 1);
    }

    pthread_t w[WRITERS], c, k;
    for (uintptr_t i = 0; i < WRITERS; i++)
        pthread_create(&w[i], NULL, writer, (void *)(i + 1));
    pthread_create(&c, NULL, controller, NULL);
    pthread_create(&k, NULL, closer, owner);
    for (int i = 0; i < WRITERS; i++)
        pthread_join(w[i], NULL);
    pthread_join(k, NULL);
    atomic_store(&done, true);
    pthread_join(c, NULL);

    int still_open = 0;
    for (int i = 0; i < PORTS; i++)
        still_open += port_close(atomic_load(&ports[i]));
    check(still_open == PORTS, "the last ports were open until the end");
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    check(port_all(&h) == NIL, "no port left open");
    heap_destroy(&h);
    check(atomic_load(&closes) == atomic_load(&opens), "every driver closed exactly once");
    check(atomic_load(&closed_messages) == atomic_load(&sent), "every successful command reached a driver");
    check(atomic_load(&closed_sum) == atomic_load(&sent_sum), "the drivers got the terms sent");
    check(atomic_load(&sent) > 0, "some commands succeeded");

    while (owner->links) {
        proc_link *l = owner->links;
        owner->links = l->next;
        alloc_free(ALLOC_LINK, l, sizeof *l);
    }
    alloc_free(ALLOC_TEMP, owner, sizeof *owner);
    return tally_report();
}
