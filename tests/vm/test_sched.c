/* test_sched.c: tests of vm/sched.c: scheduler threads and their run
 * queues (work spreads over several threads, with stealing), time slices
 * (round robin, deterministic with one scheduler), timers (receive
 * timeouts, send_after, firing in deadline order), and idle schedulers
 * that sleep without spinning and wake for work. The Erlang module below
 * runs through tests/lib/vmrun.h; expected orders are what OTP 25 returned
 * with +S 1 and +S 4 for each function run in a fresh process. Thread
 * progress itself is tested by tests/vm/test_progress.c and
 * tests/tsan/progress.c. */
#include "tests/lib/vmrun.h"

static const char src_ts[] =
    "-module(ts).\n"
    "-export([t_send_after/0, t_sleepers/0, t_round_robin/0, t_interleave/0, t_busy/2,\n"
    "         sleeper/2, worker/2, spinner/3, wait_ms/1]).\n"
    "\n"
    "t_send_after() ->\n"
    "    erlang:send_after(30, self(), c),\n"
    "    erlang:send_after(10, self(), a),\n"
    "    erlang:send_after(20, self(), b),\n"
    "    erlang:start_timer(5, self(), first),\n"
    "    T = erlang:send_after(15, self(), cancelled),\n"
    "    Left = erlang:cancel_timer(T),\n"
    "    R = [receive M -> tag(M) end || _ <- [1, 2, 3, 4]],\n"
    "    {R, is_integer(Left), receive X -> X after 30 -> none end}.\n"
    "tag({timeout, Ref, M}) when is_reference(Ref) -> {timeout, M};\n"
    "tag(M) -> M.\n"
    "\n"
    "sleeper(Coll, Ms) -> receive after Ms -> Coll ! Ms end.\n"
    "t_sleepers() ->\n"
    "    [spawn(ts, sleeper, [self(), Ms]) || Ms <- [40, 10, 50, 30, 20]],\n"
    "    [receive M -> M end || _ <- [1, 2, 3, 4, 5]].\n"
    "\n"
    "worker(Coll, Id) -> [begin Coll ! {Id, I}, erlang:yield() end || I <- [1, 2, 3]], ok.\n"
    "t_round_robin() ->\n"
    "    [spawn(ts, worker, [self(), Id]) || Id <- [1, 2, 3]],\n"
    "    [receive M -> M end || _ <- lists:seq(1, 9)].\n"
    "\n"
    "spin(0) -> ok;\n"
    "spin(N) -> spin(N - 1).\n"
    "spinner(Coll, Id, K) -> [begin spin(3000), Coll ! {Id, I} end || I <- lists:seq(1, K)], ok.\n"
    "t_interleave() ->\n"
    "    [spawn(ts, spinner, [self(), Id, 6]) || Id <- [1, 2, 3]],\n"
    "    [receive M -> M end || _ <- lists:seq(1, 18)].\n"
    "\n"
    "t_busy(N, Work) ->\n"
    "    Self = self(),\n"
    "    [spawn(fun() -> spin(Work), Self ! {done, I * 2} end) || I <- lists:seq(1, N)],\n"
    "    lists:sum([receive {done, V} -> V end || _ <- lists:seq(1, N)]).\n"
    "\n"
    "wait_ms(Ms) -> receive after Ms -> ok end.\n";

/* Each test starts the VM with the scheduler count it needs. */
static void boot(unsigned n)
{
    start_vm(n);
    cr_assert(load_text("ts.erl", src_ts));
}
static void teardown(void) { stop_vm(); }
TestSuite(sched, .fini = teardown);

static uint64_t read_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void sleep_ms(unsigned ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* ---- threads ----------------------------------------------------------------------- */

Test(sched, count_and_current)
{
    boot(3);
    cr_expect(sched_count() == 3);
    cr_expect(sched_current() == -1, "the test's thread is no scheduler");
    const proc_end *e = run_text("ts", "wait_ms", "[0]");
    cr_expect(e->sched >= 0 && e->sched < 3, "a process ends on a scheduler thread (%d)", e->sched);
}

Test(sched, count_clamped)
{
    boot(SCHED_MAX + 10);
    cr_expect(sched_count() == SCHED_MAX);
    expect_call("ts", "t_busy", "[10, 1000]", "110");
}

/* 40 busy processes spawned by one process on one run queue: the idle
 * schedulers steal, so they end on more than one thread, and the sum is
 * right (erl: 1640). */
Test(sched, work_spreads)
{
    boot(4);
    size_t first = count_ends();
    expect_call("ts", "t_busy", "[40, 200000]", "1640");
    bool seen[SCHED_MAX] = {false};
    unsigned threads = 0;
    pthread_mutex_lock(&vr.lock);
    for (size_t i = first; i < vr.nends; i++)
        if (vr.ends[i].sched >= 0 && !seen[vr.ends[i].sched]) {
            seen[vr.ends[i].sched] = true;
            threads++;
        }
    pthread_mutex_unlock(&vr.lock);
    cr_expect(threads >= 2, "41 processes ended on %u scheduler(s)", threads);
}

/* ---- time slices --------------------------------------------------------------------- */

/* yield/0 sends a process to the back of its run queue: erl +S 1 and
 * +S 4 give this order. */
Test(sched, round_robin)
{
    boot(1);
    expect_call("ts", "t_round_robin", "[]", "[{1,1},{2,1},{3,1},{1,2},{2,2},{3,2},{1,3},{2,3},{3,3}]");
}

/* With one scheduler a run is deterministic: three busy processes that
 * are preempted mid-way give the same interleaving every time. Each
 * worker's own messages stay in order, and the slices interleave them
 * (worker 1 does not run to its end first). */
Test(sched, deterministic_with_one)
{
    boot(1);
    const proc_end *e = run_text("ts", "t_interleave", "[]");
    cr_assert(e->reason == ATOM_normal, "t_interleave: %s", show(e->reason));
    term_t first = e->result;
    cr_assert(list_length(first) == 18);
    int next[4] = {0, 1, 1, 1};
    int pos = 0, first_other = -1;
    for (term_t l = first; l != NIL; l = list_tail(l), pos++) {
        term_t m = list_head(l);
        int id = (int)small_value(tuple_get(m, 0)), i = (int)small_value(tuple_get(m, 1));
        cr_expect(i == next[id], "worker %d's message %d came as its %dth", id, i, next[id]);
        next[id] = i + 1;
        if (id != 1 && first_other < 0)
            first_other = pos;
    }
    cr_expect(first_other >= 0 && first_other < 6, "worker 1 ran %d steps before the others", first_other);
    for (int run = 0; run < 3; run++) {
        e = run_text("ts", "t_interleave", "[]");
        cr_expect(term_eq_exact(e->result, first), "run %d: %s, first run: %s", run + 2, show(e->result),
                  show(first));
    }
}

/* ---- timers ------------------------------------------------------------------------ */

Test(sched, send_after_order)
{
    boot(1);
    expect_call("ts", "t_send_after", "[]", "{[{timeout,first},a,b,c],true,none}");
}

/* Receive timers of five processes fire in deadline order, whatever the
 * order they were started in, with one scheduler and with several. */
Test(sched, timers_fire_in_order)
{
    boot(1);
    expect_call("ts", "t_sleepers", "[]", "[10,20,30,40,50]");
}

Test(sched, timers_fire_in_order_several)
{
    boot(3);
    expect_call("ts", "t_sleepers", "[]", "[10,20,30,40,50]");
    expect_call("ts", "t_send_after", "[]", "{[{timeout,first},a,b,c],true,none}");
}

/* A receive timeout of 60 ms ends the wait no sooner, and not much later. */
Test(sched, receive_timeout_duration)
{
    boot(2);
    uint64_t t0 = read_clock_ms();
    const proc_end *e = run_text("ts", "wait_ms", "[60]");
    uint64_t took = read_clock_ms() - t0;
    expect_result(e, "ok");
    cr_expect(took >= 60 && took < 1000, "receive after 60 took %llu ms", (unsigned long long)took);
}

/* ---- idle ------------------------------------------------------------------------ */

/* Schedulers with nothing to do sleep: 300 ms of idling costs little CPU. */
Test(sched, idle_sleeps)
{
    boot(4);
    expect_call("ts", "wait_ms", "[0]", "ok");
    uint64_t c0 = read_cpu_ms(), t0 = read_clock_ms();
    sleep_ms(300);
    uint64_t cpu = read_cpu_ms() - c0, wall = read_clock_ms() - t0;
    cr_expect(cpu < wall / 4, "idle schedulers used %llu ms of CPU in %llu ms", (unsigned long long)cpu,
              (unsigned long long)wall);
}

/* A sleeping scheduler wakes at once for a signal from outside: the
 * median of nine wake-ups is far below the 10 ms an idle scheduler sleeps
 * between looks for work to steal. */
static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

Test(sched, wakes_for_work)
{
    boot(2);
    uint64_t took[9];
    for (int i = 0; i < 9; i++) {
        term_t w = spawn_text("ts", "wait_ms", "[infinity]");
        sleep_ms(25); /* every scheduler is asleep by now */
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        cr_assert(proc_signal(w, SIG_EXIT, proc_user_pid(), atom_from_cstr("go_away"), NULL, NIL));
        const proc_end *e = wait_end(w, 5000);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        cr_assert(e != NULL, "the exit signal did not wake the process");
        expect_reason(e, "go_away");
        took[i] = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000 + (uint64_t)(t1.tv_nsec - t0.tv_nsec) / 1000;
    }
    qsort(took, 9, sizeof took[0], compare_u64);
    cr_expect(took[4] < 3000, "median wake-up %llu us (fastest %llu, slowest %llu)",
              (unsigned long long)took[4], (unsigned long long)took[0], (unsigned long long)took[8]);
}
