/* test_pterm.c: tests of vm/pterm.c, the storage of persistent terms and
 * the release of replaced and erased entries, in a VM with schedulers
 * (tests/lib/vmrun.h): a read is no copy, memory is counted and every
 * byte comes back (entries, tables, the binaries and atomics arrays a
 * value holds) once nothing refers to an entry, a holder keeps what it
 * uses (sharing included) and nothing more, and many processes updating
 * and reading at once. What erl prints for the API is checked by the
 * script tests (tests/scripts/bifs/bif_pterm_*). */
#include "tests/lib/vmrun.h"
#include "vm/pterm.h"

static const char src_tpt[] =
    "-module(tpt).\n"
    "-export([put/2, put_seq/2, erase/1, no_copy/0, fill/1, erase_all/1, hold/3, holder/3, hold_until/2,\n"
    "         with_offheap/0, churn_all/1, parked/1, spin/1]).\n"
    "\n"
    "put(K, V) -> persistent_term:put(K, V).\n"
    "put_seq(K, N) -> persistent_term:put(K, {lists:seq(1, N)}).\n"
    "erase(K) -> persistent_term:erase(K).\n"
    "\n"
    "words() -> element(2, process_info(self(), total_heap_size)).\n"
    "\n"
    "%% a hundred reads of a 100,000-element list do not grow the heap\n"
    "no_copy() ->\n"
    "    persistent_term:put(big, lists:seq(1, 100000)),\n"
    "    erlang:garbage_collect(),\n"
    "    W0 = words(),\n"
    "    Ls = [persistent_term:get(big) || _ <- lists:seq(1, 100)],\n"
    "    W1 = words(),\n"
    "    {W1 - W0 < 2000, length(Ls), length(hd(Ls))}.\n"
    "\n"
    "fill(N) ->\n"
    "    [persistent_term:put({k, I}, {I, lists:seq(1, I), integer_to_binary(I)}) || I <- lists:seq(1, N)],\n"
    "    maps:get(memory, persistent_term:info()).\n"
    "erase_all(N) -> [persistent_term:erase({k, I}) || I <- lists:seq(1, N)], ok.\n"
    "\n"
    "%% A holder of V = {[1..N]} (Times references to it) while V's entry is\n"
    "%% erased: {how much its heap grew, whether it still has V, its pid};\n"
    "%% it waits for stop before it ends.\n"
    "hold(K, N, Times) ->\n"
    "    V = {lists:seq(1, N)},\n"
    "    persistent_term:put(K, V),\n"
    "    Self = self(),\n"
    "    H = spawn(tpt, holder, [Self, K, Times]),\n"
    "    receive {holding, H} -> ok end,\n"
    "    true = persistent_term:erase(K),\n"
    "    H ! check,\n"
    "    receive {grew, H, Words, Hash} -> {Words, Hash =:= erlang:phash2(V), H} end.\n"
    "holder(Parent, K, Times) ->\n"
    "    Vs = [persistent_term:get(K) || _ <- lists:seq(1, Times)],\n"
    "    erlang:garbage_collect(),\n"
    "    W0 = words(),\n"
    "    Parent ! {holding, self()},\n"
    "    receive check -> ok end,\n"
    "    [V] = lists:usort(Vs),\n"
    "    Parent ! {grew, self(), words() - W0, erlang:phash2(V)},\n"
    "    receive stop -> ok end.\n"
    "\n"
    "%% a process that holds K's value until told to stop; its pid\n"
    "hold_until(K, Then) ->\n"
    "    Self = self(),\n"
    "    H = spawn(fun() -> V = persistent_term:get(K), Self ! {holding, self()}, receive stop -> erlang:phash2(V) end end),\n"
    "    receive {holding, H} -> ok end,\n"
    "    Then =:= erase andalso persistent_term:erase(K),\n"
    "    H.\n"
    "\n"
    "%% X holds each value while it asks a busy process for its memory, so\n"
    "%% that it is often parked in process_info/2 when the value is erased\n"
    "spin(N) -> spin(N + 1).\n"
    "parked(Rounds) ->\n"
    "    Y = spawn(tpt, spin, [0]),\n"
    "    Self = self(),\n"
    "    X = spawn(fun() -> asker(Self, Y, []) end),\n"
    "    [begin\n"
    "         persistent_term:put(p, {I, lists:seq(1, 100)}),\n"
    "         X ! {take, self()},\n"
    "         receive taken -> ok end,\n"
    "         persistent_term:erase(p)\n"
    "     end || I <- lists:seq(1, Rounds)],\n"
    "    X ! {done, self()},\n"
    "    R = receive {held, Vs} -> lists:all(fun({_, L}) -> L =:= lists:seq(1, 100) end, Vs) andalso length(Vs) end,\n"
    "    exit(Y, kill),\n"
    "    R.\n"
    "asker(Parent, Y, Vs) ->\n"
    "    receive\n"
    "        {take, From} -> V = persistent_term:get(p), From ! taken, asker(Parent, Y, [V | Vs]);\n"
    "        {done, From} -> From ! {held, Vs}\n"
    "    after 0 -> _ = process_info(Y, memory), asker(Parent, Y, Vs)\n"
    "    end.\n"
    "\n"
    "with_offheap() ->\n"
    "    A = atomics:new(1000, []),\n"
    "    atomics:put(A, 1, 42),\n"
    "    persistent_term:put(offheap, {binary:copy(<<1>>, 1000000), A}).\n"
    "\n"
    "%% N rounds of puts, reads and erases of its own key and shared ones\n"
    "%% (which others may have erased again), keeping everything read;\n"
    "%% whether every value read was whole\n"
    "churn(W, N) ->\n"
    "    Got = [begin\n"
    "               persistent_term:put({own, W}, {W, I, lists:seq(1, I rem 50)}),\n"
    "               persistent_term:put({shared, I rem 3}, {W, I, lists:seq(1, I rem 50)}),\n"
    "               A = persistent_term:get({own, W}),\n"
    "               B = persistent_term:get({shared, I rem 3}, {0, 0, []}),\n"
    "               I rem 4 =:= 0 andalso persistent_term:erase({own, W}),\n"
    "               I rem 7 =:= 0 andalso persistent_term:erase({shared, I rem 3}),\n"
    "               [A, B]\n"
    "           end || I <- lists:seq(1, N)],\n"
    "    lists:all(fun({_, I, L}) -> L =:= lists:seq(1, I rem 50) end, lists:append(Got)).\n"
    "churn_all(Ws) ->\n"
    "    Self = self(),\n"
    "    Ps = [spawn(fun() -> Self ! {self(), churn(W, 100)} end) || W <- lists:seq(1, Ws)],\n"
    "    R = [receive {P, Ok} -> Ok end || P <- Ps],\n"
    "    [persistent_term:erase({own, W}) || W <- lists:seq(1, Ws)],\n"
    "    [persistent_term:erase({shared, S}) || S <- [0, 1, 2]],\n"
    "    {lists:all(fun(X) -> X end, R), maps:get(count, persistent_term:info())}.\n";

static void setup(void)
{
    start_vm(4);
    cr_assert(load_text("tpt.erl", src_tpt));
}
static void teardown(void) { stop_vm(); }
TestSuite(pterm, .init = setup, .fini = teardown, .timeout = 60);

static uint64_t bytes_of(alloc_type t)
{
    alloc_stat s;
    alloc_get_stat(t, &s);
    return s.size;
}

/* What the persistent terms take: their entries (literal; no module is
 * loaded meanwhile) and tables. */
static uint64_t pterm_bytes(void) { return bytes_of(ALLOC_LITERAL) + bytes_of(ALLOC_PTERM); }
static uint64_t binary_bytes(void) { return bytes_of(ALLOC_BINARY); }

/* Waits (10 s at most) until bytes() is `want`: entries and old tables are
 * freed after thread progress, which schedulers make when they run (2 s
 * was once too little in make test, with other suites running beside). */
static bool settles(uint64_t (*bytes)(void), uint64_t want)
{
    for (int i = 0; i < 1000 && bytes() != want; i++) {
        run_text("erlang", "garbage_collect", "[]");
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
    }
    return bytes() == want;
}

static term_t call(const char *f, const char *args)
{
    const proc_end *e = run_text("tpt", f, args);
    cr_assert_eq(e->reason, ATOM_normal, "tpt:%s%s: %s", f, args, show(e->reason));
    return e->result;
}

static uint64_t table_bytes(void) { return bytes_of(ALLOC_PTERM); }

/* bytes() once it has not changed for 20 readings in a row (collecting
 * and waiting 10 ms between them; 10 s at most): the entries and tables
 * released are freed by then. */
static uint64_t steady(uint64_t (*bytes)(void))
{
    uint64_t last = bytes();
    for (int i = 0, same = 0; i < 1000 && same < 20; i++) {
        run_text("erlang", "garbage_collect", "[]");
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
        uint64_t now = bytes();
        same = now == last ? same + 1 : 0;
        last = now;
    }
    return last;
}

/* Loads what the calls below use (so that no module's literals come
 * later) and returns the bytes persistent terms take with none stored:
 * no table, and the entries whose release is under way freed. (It took
 * the literal bytes when the release began as the figure to wait for,
 * which an entry still to be freed then made wrong: a flake.) */
static uint64_t warm_up(void)
{
    call("fill", "[3]");
    call("erase_all", "[3]");
    call("hold", "[w, 1, 2]");
    cr_assert(settles(table_bytes, 0), "%llu bytes of tables left", (unsigned long long)table_bytes());
    return steady(pterm_bytes);
}

static void stop(term_t pid)
{
    proc_deliver(pid, pid, atom_from_cstr("stop"));
    cr_assert(wait_end(pid, 5000) != NULL);
}

Test(pterm, a_read_is_the_stored_term_not_a_copy)
{
    expect_call("tpt", "no_copy", "[]", "{true,100,100000}");
    term_t a, b;
    cr_assert_not(pterm_get(NULL, ATOM_undefined, &a));
    cr_assert(pterm_get(NULL, atom_from_cstr("big"), &a) && pterm_get(NULL, atom_from_cstr("big"), &b));
    cr_assert_eq(a, b);
    cr_assert(term_is_list(a));
}

/* info/0's memory is what the entries and the table take, and erasing
 * every entry gives back every byte. */
Test(pterm, memory_is_counted_and_given_back)
{
    uint64_t base = warm_up();
    uint64_t count, bytes;
    term_t mem = call("fill", "[200]");
    pterm_info(&count, &bytes);
    cr_assert_eq(count, 200);
    cr_assert_eq((uint64_t)small_value(mem), bytes);
    /* old tables go after thread progress; then the figures agree */
    cr_assert(settles(pterm_bytes, base + bytes), "%llu bytes, want %llu + %llu",
              (unsigned long long)pterm_bytes(), (unsigned long long)base, (unsigned long long)bytes);
    call("erase_all", "[200]");
    pterm_info(&count, &bytes);
    cr_assert_eq(count, 0);
    cr_assert_eq(bytes, 0);
    cr_assert(settles(pterm_bytes, base), "%llu bytes left, want %llu", (unsigned long long)pterm_bytes(),
              (unsigned long long)base);
}

/* A process holding an erased value copies it onto its heap, whole, and
 * the entry is freed while the process lives on. */
Test(pterm, a_holder_copies_the_value_and_the_entry_goes)
{
    uint64_t base = warm_up();
    term_t r = call("hold", "[v, 20000, 1]");
    cr_assert_eq(tuple_get(r, 1), ATOM_true);
    int64_t grew = small_value(tuple_get(r, 0));
    cr_assert(grew >= 40000 && grew < 200000, "grew %lld words", (long long)grew);
    cr_assert(proc_lookup(tuple_get(r, 2)) != NULL);
    cr_assert(settles(pterm_bytes, base));
    stop(tuple_get(r, 2));
}

/* A holder with a hundred references to the value gets one copy. */
Test(pterm, a_copy_keeps_sharing)
{
    warm_up();
    term_t r = call("hold", "[v, 20000, 100]");
    cr_assert_eq(tuple_get(r, 1), ATOM_true);
    int64_t grew = small_value(tuple_get(r, 0));
    cr_assert(grew >= 40000 && grew < 200000, "grew %lld words", (long long)grew);
    stop(tuple_get(r, 2));
}

/* A value's binary and atomics array go with the entry when nobody holds
 * it; a holder keeps them until it ends. */
Test(pterm, offheap_data_of_a_value_is_released)
{
    warm_up();
    uint64_t base = binary_bytes();
    call("with_offheap", "[]");
    cr_assert_geq(binary_bytes(), base + 1000000 + 8000);
    call("erase", "[offheap]");
    cr_assert(settles(binary_bytes, base), "%llu binary bytes, want %llu", (unsigned long long)binary_bytes(),
              (unsigned long long)base);

    call("with_offheap", "[]");
    term_t h = call("hold_until", "[offheap, erase]");
    run_text("erlang", "garbage_collect", "[]");
    cr_assert_geq(binary_bytes(), base + 1000000 + 8000, "the holder's copy lost its binary");
    stop(h);
    cr_assert(settles(binary_bytes, base));
}

/* A replaced value is released as an erased one is. */
Test(pterm, replacing_releases_the_old_value)
{
    uint64_t base = warm_up();
    call("put_seq", "[r, 5000]");
    term_t h = call("hold_until", "[r, keep]");
    call("put", "[r, small]");
    term_t v;
    cr_assert(pterm_get(NULL, atom_from_cstr("r"), &v) && v == atom_from_cstr("small"));
    call("erase", "[r]");
    cr_assert(settles(pterm_bytes, base));
    stop(h);
}

/* Eight processes put, read and erase at once on four schedulers, each
 * keeping all it read; everything stays whole and every byte comes back. */
Test(pterm, concurrent_updates_and_reads)
{
    uint64_t base = warm_up();
    expect_call("tpt", "churn_all", "[8]", "{true,0}");
    cr_assert(settles(pterm_bytes, base), "%llu bytes left, want %llu", (unsigned long long)pterm_bytes(),
              (unsigned long long)base);
}

/* A holder often parked in another BIF (process_info/2 of a busy
 * process) when its value is erased: the release waits for it, and the
 * values stay whole. */
Test(pterm, a_parked_holder_is_waited_for)
{
    uint64_t base = warm_up();
    /* slow where the cores are few: each round waits for the busy
     * process's slice and for thread progress */
    const proc_end *e = wait_end(spawn_text("tpt", "parked", "[5]"), 30000);
    cr_assert(e != NULL, "tpt:parked(5) did not end within 30 s");
    expect_result(e, "5");
    cr_assert(settles(pterm_bytes, base));
}
