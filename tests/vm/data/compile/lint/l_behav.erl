-module(l_behav).
-behaviour(gen_server).
-behavior(supervisor).
-export([init/1, handle_call/3]).
init(_) -> ignore.
handle_call(_, _, S) -> {reply, ok, S}.
