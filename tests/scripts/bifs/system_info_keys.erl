-module(system_info_keys).
-export([main/0]).

%% erlang:system_info/1 on the keys programs read about the system: the
%% answers that do not depend on the emulator's build or the run are the
%% same as erl's (os_type, os_version against the kernel, os:version/0,
%% compat_rel, port_limit); the rest are checked for their type and how
%% they move (a new table is one more in ets_count). An unknown key is
%% badarg.
t(L, V) -> io:format("~p: ~p~n", [L, V]).
main() ->
    t(os_type, erlang:system_info(os_type)),
    t(os_type_is_os, erlang:system_info(os_type) =:= os:type()),
    {Maj, Min, Rel} = erlang:system_info(os_version),
    t(os_version_ints, is_integer(Maj) andalso is_integer(Min) andalso is_integer(Rel)),
    t(os_version_is_os, erlang:system_info(os_version) =:= os:version()),
    Release = binary_to_list(element(2, file:read_file("/proc/sys/kernel/osrelease"))),
    t(os_version_prefix, lists:prefix(lists:flatten(io_lib:format("~b.~b.~b", [Maj, Min, Rel])), Release)),
    t(compat_rel, erlang:system_info(compat_rel)),
    t(port_limit, erlang:system_info(port_limit)),
    Ets0 = erlang:system_info(ets_count),
    T = ets:new(t, []),
    t(ets_count_moves, erlang:system_info(ets_count) - Ets0),
    ets:delete(T),
    t(ets_count_back, erlang:system_info(ets_count) - Ets0),
    t(ets_limit, is_integer(erlang:system_info(ets_limit))),
    t(port_count, is_integer(erlang:system_info(port_count))),
    Id = erlang:system_info(scheduler_id),
    t(scheduler_id, Id >= 1 andalso Id =< erlang:system_info(schedulers)),
    t(system_version, lists:prefix("Erlang/OTP 25 [erts-", erlang:system_info(system_version))),
    t(system_version_nl, lists:last(erlang:system_info(system_version))),
    t(emu_flavor, lists:member(erlang:system_info(emu_flavor), [emu, jit])),
    t(dirty, is_integer(erlang:system_info(dirty_cpu_schedulers))),
    t(c_compiler_used, element(1, erlang:system_info(c_compiler_used))),
    t(heap_type, erlang:system_info(heap_type)),
    t(time_warp_mode, erlang:system_info(time_warp_mode)),
    t(multi_scheduling, erlang:system_info(multi_scheduling)),
    t(creation, is_integer(erlang:system_info(creation))),
    t(bad, try erlang:system_info(no_such_key) catch error:R -> R end),
    ok.
