%% fun2ms/1 outside the shell: a compiled fun is badarg, a non-fun is
%% function_clause.
-module(s43_fun2ms).
-export([main/0]).
main() ->
    dbgt:show(catch dbg:fun2ms(fun([A]) when A > 1 -> A end)),
    dbgt:show(catch dbg:fun2ms(fun(_) -> ok end)),
    dbgt:show(catch dbg:fun2ms(fun tm:g/1)),
    dbgt:show(catch dbg:fun2ms(not_a_fun)).
