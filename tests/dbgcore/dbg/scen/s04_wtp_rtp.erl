%% wtp/1 writes saved and built-in specs; rtp/1 reads them back, merging
%% with what is saved (equal specs keep their numbers).
-module(s04_wtp_rtp).
-export([main/0]).
main() ->
    dbgt:show(dbg:tp(tm, f, [{[1, '_'], [], []}])),
    dbgt:show(dbg:tp(tm, g, [{['$1'], [{'>', '$1', 3}], [{message, "big"}]}])),
    dbgt:show(dbg:tp(tm, h, [{['_'], [], [{return_trace}]}])),
    dbgt:show(dbg:wtp("saved.ms")),
    dbgt:print_file("saved.ms"),
    dbgt:show(dbg:dtp(1)),
    dbgt:show(dbg:tp(tm, g, [{[9], [], []}])),
    dbgt:show(dbg:rtp("saved.ms")),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:dtp()),
    dbgt:show(dbg:rtp("saved.ms")),
    dbgt:show(dbg:ltp()),
    dbgt:stop(),
    dbgt:show(dbg:rtp("saved.ms")),
    dbgt:show(dbg:ltp()),
    dbgt:stop().
