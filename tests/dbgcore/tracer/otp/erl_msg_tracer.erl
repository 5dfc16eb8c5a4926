%% The NIF stub of the reference tracer module (otp/erl_msg_tracer.c),
%% loaded only on real erl.
-module(erl_msg_tracer).
-export([enabled/3, trace/5, load/1]).
load(Dir) -> erlang:load_nif(filename:join(Dir, "erl_msg_tracer"), []).
enabled(_, _, _) -> erlang:nif_error(not_loaded).
trace(_, _, _, _, _) -> erlang:nif_error(not_loaded).
