# A flood of crashes: every crash is accounted for. dbgsh has at most
# REPORT_MAX_IN_FLIGHT (1000) of the emulator's reports under way and
# drops the rest, then logs how many it dropped as a warning ("Dropped ~w
# of the emulator's reports: ..."), so the crash reports and the counts
# of the drop notices add up to the crashes. (erl's logger proxy drops
# some of such a flood without a word: 4416 of 5000 reached a handler in
# one run, so this is checked here and not against erl.) A handler of
# this module counts them; the default handler is taken out.
cat >flood.erl <<'ERL'
-module(flood).
-export([main/0, log/2, crash/0]).
-define(CRASHES, 5000).
log(#{level := error, msg := {"Error in process " ++ _, _}}, #{config := #{to := To}}) ->
    To ! {reported, 1};
log(#{level := warning, msg := {"Dropped " ++ _, [N, 1000]}}, #{config := #{to := To}}) ->
    To ! {reported, N};
log(_, _) ->
    ok.
crash() -> erlang:error(flood).
main() ->
    ok = logger:remove_handler(default),
    ok = logger:add_handler(flood, ?MODULE, #{config => #{to => self()}}),
    [spawn(?MODULE, crash, []) || _ <- lists:seq(1, ?CRASHES)],
    io:format("crashes ~p, accounted for ~p~n", [?CRASHES, count(0)]).
%% The counts until none comes for a second (30 s at most in all).
count(N) when N >= ?CRASHES ->
    receive {reported, M} -> count(N + M) after 1000 -> N end;
count(N) ->
    receive {reported, M} -> count(N + M) after 30000 -> N end.
ERL
$DBGSH -S 1 -e 'flood:main()'
$DBGSH -S 2 -e 'flood:main()'
