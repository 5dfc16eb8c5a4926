%% transform_flags/1, the flag expansion p/2 and c/4 use.
-module(s44_transform_flags).
-export([main/0]).
main() ->
    lists:foreach(fun(F) -> dbgt:show(dbg:transform_flags(F)) end,
                  [[], [m], [s, r], [c, call, p], [sos, sol, sofs, sofl],
                   [all], [c, all, bogus], [timestamp, arity, return_to],
                   [silent, running, exiting, garbage_collection],
                   [running_procs, running_ports, ports, procs],
                   [monotonic_timestamp, strict_monotonic_timestamp],
                   [bogus], [c, bogus, m], [c | d], foo, [{tracer, x}],
                   [clear], [cpu_timestamp], ["c"]]).
