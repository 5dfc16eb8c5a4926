%% rtp/1 and wtp/1 errors: a missing file, terms that are not match specs
%% (nothing is saved then), an unwritable file.
-module(s05_rtp_errors).
-export([main/0]).
main() ->
    dbgt:show(dbg:rtp("no_such_file.ms")),
    ok = file:write_file("bad1.ms", "[{'_',[],[]}].\n[{a,b}].\n"),
    dbgt:show(dbg:rtp("bad1.ms")),
    ok = file:write_file("bad2.ms", "foo.\n"),
    dbgt:show(dbg:rtp("bad2.ms")),
    ok = file:write_file("empty.ms", ""),
    dbgt:show(dbg:rtp("empty.ms")),
    ok = file:write_file("nil.ms", "[].\n[{'_',[],[]}].\n[{'_',[],[]}].\n"),
    dbgt:show(dbg:rtp("nil.ms")),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:wtp("no_such_dir/x.ms")),
    dbgt:stop().
