%% erlang:trace_pattern/2,3: how many functions a pattern matches for
%% local and global kinds, wildcards, and its badarg cases.
-module(trace_pattern_args).
-export([main/0, a/0, b/1, b/2]).

a() -> fun() -> ok end.
b(X) -> X.
b(X, Y) -> {X, Y}.
c() -> ok.

main() ->
    c(),
    show(catch erlang:trace_pattern({?MODULE, '_', '_'}, true, [local])),
    show(catch erlang:trace_pattern({?MODULE, '_', '_'}, true, [global])),
    show(catch erlang:trace_pattern({?MODULE, b, '_'}, true, [])),
    show(catch erlang:trace_pattern({?MODULE, b, 1}, true)),
    show(catch erlang:trace_pattern({?MODULE, c, 0}, true, [global])),
    show(catch erlang:trace_pattern({?MODULE, c, 0}, true, [local])),
    show(erlang:trace_info({?MODULE, b, 1}, traced)),
    show(erlang:trace_info({?MODULE, c, 0}, traced)),
    show(erlang:trace_info({?MODULE, nope, 0}, traced)),
    show(erlang:trace_info({?MODULE, b, 1}, match_spec)),
    show(catch erlang:trace_pattern({?MODULE, '_', '_'}, false, [local])),
    show(erlang:trace_info({?MODULE, b, 1}, traced)),
    show(catch erlang:trace_pattern({?MODULE, '_', 1}, true, [local])),
    show(catch erlang:trace_pattern({'_', b, '_'}, true, [local])),
    show(catch erlang:trace_pattern({?MODULE, b, 256}, true, [local])),
    show(catch erlang:trace_pattern({?MODULE, b}, true, [local])),
    show(catch erlang:trace_pattern({?MODULE, b, 1}, true, [local, global])),
    show(catch erlang:trace_pattern({?MODULE, b, 1}, true, [bogus])),
    show(catch erlang:trace_pattern({?MODULE, b, 1}, maybe, [])),
    show(catch erlang:trace_pattern({nomodule, '_', '_'}, true, [local])),
    show(catch erlang:trace_pattern({lists, reverse, 2}, true, [global])),
    show(erlang:trace_info({lists, reverse, 2}, traced)),
    show(catch erlang:trace_pattern({lists, reverse, 2}, false, [global])),
    show(catch erlang:trace_info({?MODULE, b}, traced)),
    ok.

show({'EXIT', {Reason, _}}) -> io:format("error ~p~n", [Reason]);
show(X) -> io:format("~p~n", [X]).
