%% trace_client/2,3 and trace_port/2 argument errors; clients of missing
%% or corrupt logs end without calling their handler.
-module(s48_trace_client_errors).
-export([main/0]).
main() ->
    dbgt:show(catch dbg:trace_port(bogus, x)),
    dbgt:show(catch dbg:trace_port(ip, "text")),
    dbgt:show(catch dbg:trace_client(bogus, x)),
    dbgt:show(catch dbg:trace_client(file, "x", not_a_handler)),
    dbgt:show(catch dbg:trace_client(ip, "text")),
    Self = self(),
    H = fun(end_of_trace, S) -> Self ! done, S;
           (M, S) -> Self ! {msg, M}, S
        end,
    C1 = dbg:trace_client(file, "no_such.log", {H, 0}),
    dbgt:wait_exit(C1),
    ok = file:write_file("junk.log", <<7, 0, 0, 0, 1, 0>>),
    C2 = dbg:trace_client(file, "junk.log", {H, 0}),
    dbgt:wait_exit(C2),
    ok = file:write_file("short.log", <<0, 0, 0, 0, 100, 131>>),
    C3 = dbg:trace_client(file, "short.log", {H, 0}),
    dbgt:wait_exit(C3),
    ok = file:write_file("drop.log", <<1, 0, 0, 0, 42>>),
    C4 = dbg:trace_client(file, "drop.log", {H, 0}),
    receive {msg, M4} -> dbgt:show(M4) end,
    receive done -> ok end,
    dbgt:wait_exit(C4),
    ok = file:write_file("empty.log", <<>>),
    C5 = dbg:trace_client(file, {"empty", wrap, ".log"}, {H, 0}),
    receive done -> dbgt:show(done) end,
    dbgt:wait_exit(C5),
    receive Stray -> dbgt:show({stray, Stray}) after 0 -> dbgt:show(no_stray) end,
    dbgt:stop().
