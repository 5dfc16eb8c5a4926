/* otp/erl_msg_tracer.c: the reference for tests/dbgcore/tracer: OTP's
 * erl_tracer documentation's message tracer as a NIF, built only when the
 * expected output is regenerated on real erl (regen.sh; needs erl_nif.h
 * from erlang-dev). dbgsh's own version is docs/examples/erl_msg_tracer.c. */
#include <erl_nif.h>

static ERL_NIF_TERM enabled(ErlNifEnv *env, int argc, const ERL_NIF_TERM argv[])
{
    ErlNifPid to;
    (void)argc;
    ERL_NIF_TERM status = enif_make_atom(env, "trace_status");
    if (!enif_get_local_pid(env, argv[1], &to) || !enif_is_process_alive(env, &to))
        return enif_make_atom(env, enif_is_identical(status, argv[0]) ? "remove" : "discard");
    if (enif_is_identical(argv[1], argv[2]))
        return enif_make_atom(env, "discard");
    if (enif_is_identical(enif_make_atom(env, "send"), argv[0]) || enif_is_identical(status, argv[0]))
        return enif_make_atom(env, "trace");
    return enif_make_atom(env, "discard");
}

static ERL_NIF_TERM trace(ErlNifEnv *env, int argc, const ERL_NIF_TERM argv[])
{
    ErlNifPid to;
    ERL_NIF_TERM recipient;
    (void)argc;
    if (enif_get_local_pid(env, argv[1], &to) &&
        enif_get_map_value(env, argv[4], enif_make_atom(env, "extra"), &recipient))
        enif_send(env, &to, NULL, enif_make_tuple3(env, enif_make_atom(env, "trace"), argv[2], recipient));
    return enif_make_atom(env, "ok");
}

static ErlNifFunc funcs[] = {{"enabled", 3, enabled, 0}, {"trace", 5, trace, 0}};
ERL_NIF_INIT(erl_msg_tracer, funcs, NULL, NULL, NULL, NULL)
