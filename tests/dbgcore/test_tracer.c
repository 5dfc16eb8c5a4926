/* test_tracer.c: dbgcore/tracer.c's tracer modules in a running VM: how
 * often a module's enabled and trace callbacks run per event. The
 * expected logs are OTP 25's, from a counting NIF tracer module running
 * the same module (tct below) on erl, with its trace_status calls left
 * out (OTP asks trace_status at each call breakpoint and message; dbgsh
 * asks it only when flags change, see docs/differences-from-erlang.md):
 * enabled once per event before any work (a match spec that sends no
 * message still asked it), never for return_from, return_to and
 * exception_from, and trace once per event delivered. */
#include "tests/lib/engine_run.h"

TestSuite(tracer, .init = engine_watchdog);

/* ---- a tracer module logging its calls ------------------------------------------ */

#define MAX_LOG 256
static char calls[MAX_LOG][40]; /* "e:call", "t:return_from", ... */
static size_t ncalls;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void log_call(const char *kind, term_t tag)
{
    size_t len;
    const char *name = atom_text(tag, &len);
    pthread_mutex_lock(&log_lock);
    if (ncalls < MAX_LOG)
        snprintf(calls[ncalls++], sizeof calls[0], "%s:%.*s", kind, (int)len, name);
    pthread_mutex_unlock(&log_lock);
}

/* The state says the answer: trace or discard. trace_status is not
 * logged (see above) and always answers trace. */
static tracer_answer ct_enabled(term_t tag, term_t state, term_t tracee)
{
    (void)tracee;
    if (tag == atom_from_cstr("trace_status"))
        return TRACER_TRACE;
    log_call("e", tag);
    return state == atom_from_cstr("discard") ? TRACER_DISCARD : TRACER_TRACE;
}

static void ct_trace(term_t tag, term_t state, term_t tracee, term_t msg, term_t opts)
{
    (void)state, (void)tracee, (void)msg, (void)opts;
    log_call("t", tag);
}

static const tracer_module ct_module = {.name = "ct", .enabled = ct_enabled, .trace = ct_trace};

/* ---- the program: OTP's oracle ran the same steps -------------------------------------- */

static const char tct_text[] =
    "-module(tct).\n"
    "-export([start/0, step/1, f/1, g/1, h/1]).\n"
    "f(X) -> g(X) + 1.\n"
    "g(X) -> X * 2.\n"
    "h(X) -> error({bad, X}).\n"
    "worker() ->\n"
    "    receive\n"
    "        {go, From, exc} -> catch ?MODULE:h(1), From ! done, worker();\n"
    "        {go, From, _} -> ?MODULE:f(1), From ! done, worker();\n"
    "        stop -> ok\n"
    "    end.\n"
    "go(What) ->\n"
    "    tct_worker ! {go, self(), What},\n"
    "    receive done -> ok end,\n"
    "    timer:sleep(50).\n"
    "start() ->\n"
    "    P = spawn(fun worker/0),\n"
    "    register(tct_worker, P),\n"
    "    1 = erlang:trace(P, true, [call, {tracer, ct, trace}]),\n"
    "    ok.\n"
    "step(global_true) ->\n"
    "    erlang:trace_pattern({tct, f, 1}, true, [global]), go(call);\n"
    "step(global_rt) ->\n"
    "    erlang:trace_pattern({tct, f, 1}, [{'_', [], [{return_trace}]}], [global]), go(call);\n"
    "step(ms_false) ->\n"
    "    erlang:trace_pattern({tct, f, 1}, [{['_'], [], [{message, false}]}], [global]), go(call);\n"
    "step(exception) ->\n"
    "    erlang:trace_pattern({tct, h, 1}, [{'_', [], [{exception_trace}]}], [global]), go(exc);\n"
    "step(local_return_to) ->\n"
    "    erlang:trace_pattern({tct, '_', '_'}, false, [global]),\n"
    "    erlang:trace_pattern({tct, f, 1}, true, [local]),\n"
    "    erlang:trace_pattern({tct, g, 1}, true, [local]),\n"
    "    erlang:trace(whereis(tct_worker), true, [return_to, {tracer, ct, trace}]),\n"
    "    go(call);\n"
    "step(send_recv) ->\n"
    "    erlang:trace_pattern({tct, '_', '_'}, false, [local]),\n"
    "    P = whereis(tct_worker),\n"
    "    erlang:trace(P, false, [call, return_to]),\n"
    "    erlang:trace(P, true, [send, 'receive', {tracer, ct, trace}]),\n"
    "    go(call);\n"
    "step(discard_rt) ->\n"
    "    P = whereis(tct_worker),\n"
    "    erlang:trace(P, false, [send, 'receive']),\n"
    "    erlang:trace(P, true, [call, {tracer, ct, discard}]),\n"
    "    erlang:trace_pattern({tct, f, 1}, [{'_', [], [{return_trace}]}], [global]),\n"
    "    go(call);\n"
    "step(meta) ->\n"
    "    erlang:trace_pattern({tct, f, 1}, false, [global]),\n"
    "    erlang:trace(whereis(tct_worker), false, [call]),\n"
    "    erlang:trace_pattern({tct, f, 1}, [{'_', [], [{return_trace}]}], [{meta, ct, trace}]),\n"
    "    erlang:trace_pattern({tct, g, 1}, [{'_', [], [{return_trace}]}], [{meta, ct, trace}]),\n"
    "    go(call);\n"
    "step(meta_exc) ->\n"
    "    erlang:trace_pattern({tct, h, 1}, [{'_', [], [{exception_trace}]}], [{meta, ct, trace}]),\n"
    "    go(exc);\n"
    "step(procs) ->\n"
    "    erlang:trace_pattern({tct, '_', '_'}, false, [meta]),\n"
    "    P = whereis(tct_worker),\n"
    "    erlang:trace(P, true, [procs, {tracer, ct, trace}]),\n"
    "    P ! stop,\n"
    "    timer:sleep(50).\n";

/* Runs tct:Function(Args) to its end, normally. */
static void run(const char *function, const char *args)
{
    const proc_end *e = wait_end(spawn_text("tct", function, args), 20000);
    cr_assert(e, "tct:%s%s did not end", function, args);
    cr_assert(e->reason == ATOM_normal, "tct:%s%s exited: %s", function, args, show(e->reason));
}

/* The log since the last call, "e:call t:call ..."; then it is emptied. */
static void expect_log(const char *step, const char *want)
{
    char got[MAX_LOG * 40] = "";
    pthread_mutex_lock(&log_lock);
    for (size_t i = 0; i < ncalls; i++) {
        if (i)
            strcat(got, " ");
        strcat(got, calls[i]);
    }
    ncalls = 0;
    pthread_mutex_unlock(&log_lock);
    cr_expect_str_eq(got, want, "%s: got \"%s\", want \"%s\"", step, got, want);
}

Test(tracer, enabled_once_per_event_as_otp)
{
    engine_start_vm(1, &ct_module);
    cr_assert(load_text("tct.erl", tct_text), "tct does not compile");
    run("start", "[]");
    expect_log("start", "");
    /* OTP 25 (the counting NIF), step by step */
    static const char *steps[][2] = {
        {"global_true", "e:call t:call"},
        {"global_rt", "e:call t:call t:return_from"},
        {"ms_false", "e:call"},
        {"exception", "e:call t:call t:exception_from"},
        {"local_return_to", "e:call t:call e:call t:call t:return_to t:return_to"},
        {"send_recv", "e:receive t:receive e:send t:send"},
        {"discard_rt", "e:call"},
        {"meta", "e:call t:call e:call t:call t:return_from t:return_from"},
        {"meta_exc", "e:call t:call t:exception_from"},
        {"procs", "e:exit t:exit e:unregister t:unregister"},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        char args[64];
        snprintf(args, sizeof args, "[%s]", steps[i][0]);
        run("step", args);
        expect_log(steps[i][0], steps[i][1]);
    }
    stop_vm();
}
