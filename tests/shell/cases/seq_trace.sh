# seq_trace with dbg's tracer as the system sequential tracer: dbg prints
# the print, send and receive events as erl's dbg does ("SeqTrace [Label]:
# ..."), and a match spec's {set_seq_token, ...} in a traced call sets the
# token for real. Every line comes from dbg's tracer process, so their
# order is the events'. Compared with erl by hand: the same lines with erl's
# pids, where erl also traces io:format's io_request and io_reply
# (dbgsh's io to the user writes directly: docs/differences-from-erlang.md).
cat >st.erl <<'ERL'
-module(st).
-export([main/0, start/1]).
main() ->
    dbg:tracer(), {ok, T} = dbg:get_tracer(), seq_trace:set_system_tracer(T),
    E = spawn(fun echo/0),
    seq_trace:set_token(label, 17), seq_trace:set_token(print, true),
    seq_trace:set_token(send, true), seq_trace:set_token('receive', true),
    seq_trace:print(hello),
    E ! {self(), hi}, receive {re, _} -> ok end,
    seq_trace:set_token([]),
    dbg:p(self(), c),
    dbg:tpl(st, start, [{'_', [], [{set_seq_token, label, 5}, {set_seq_token, send, true},
                                   {message, {is_seq_trace}}]}]),
    start(E),
    receive {re, _} -> ok end,
    seq_trace:set_token(print, true),
    seq_trace:print(label_set_by_the_match_spec),
    seq_trace:set_token([]),
    timer:sleep(100).
start(E) -> E ! {self(), again}.
echo() -> receive {F, M} -> F ! {re, M}, echo() end.
ERL
"$DBGSH" st.erl -e 'st:main()'
