#!/usr/bin/env bash
# tests/bench/format.sh DBGSH: the offline formatting benchmark of `make
# bench` (issue 5, benchmarks (a) and (b)). Real erl's dbg:trace_port writes
# a file of 1,000,000 trace events (two traced processes, one with
# timestamps: calls with mixed arguments, some wrapping over several lines,
# returns, sends, receives). Then, in the same run:
#   (a) erl's dbg:trace_client(file, F) with the default handler, stdout
#       redirected to a file, against dbgsh --format F >file;
#   (b) the same through a regex: erl's text filtered by a Perl event
#       filter (what a user of erl would do), against dbgsh --format F
#       --grep RE.
# The texts must be identical (checked byte for byte). Prints events/s by
# wall clock (erl: inside the VM, from the trace_client call to the
# client's exit; dbgsh: the whole process, median of 3 runs) and by CPU time
# (user + system of the whole process), and the ratios. A benchmark, not a
# test: it never fails on speed, only when the texts differ.
# Environment: BENCH_EVENTS (default 1000000, rounded down to a multiple of
# 8), BENCH_RE (the regex of (b)), BENCH_KEEP=1 keeps the work directory.
set -eu
dbgsh=${1:?usage: tests/bench/format.sh DBGSH}
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac
events=$((${BENCH_EVENTS:-1000000} / 8 * 8))
re=${BENCH_RE:-'call bench_format:f\([0-9]+,(\{record|#\{key)'}
target=20
if ! command -v erl >/dev/null 2>&1 || ! command -v erlc >/dev/null 2>&1; then
    echo "bench: erl/erlc not found: install Erlang/OTP (apt-get install erlang-base erlang-runtime-tools)" >&2
    exit 1
fi
[ "$events" -ge 8 ] || { echo "bench: BENCH_EVENTS must be 8 or more" >&2; exit 1; }
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-fmtbench.XXXXXX")
if [ "${BENCH_KEEP:-0}" = 1 ]; then echo "bench: keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
cd "$work"

cat >bench_format.erl <<'EOF'
-module(bench_format).
-export([gen/2, client/1, f/2]).

%% Events: two workers, each 1 receive (go) + 4 per round (call, return,
%% send, receive) + 3 at the end (call, return, send): Events/2 = 4N + 4.
gen(File, Events) ->
    N = (Events div 2 - 4) div 4,
    Self = self(),
    Echo = spawn(fun echo/0),
    [W1, W2] = Ws = [spawn(fun() -> receive go -> loop(Self, Echo, 1, N) end end) || _ <- [1, 2]],
    {ok, _} = dbg:tracer(port, dbg:trace_port(file, File)),
    {ok, _} = dbg:p(W1, [call, send, 'receive']),
    {ok, _} = dbg:p(W2, [call, send, 'receive', timestamp]),
    {ok, _} = dbg:tpl(?MODULE, f, 2, [{'_', [], [{return_trace}]}]),
    [W ! go || W <- Ws],
    [receive {done, W} -> ok end || W <- Ws],
    dbg:flush_trace_port(),
    dbg:stop_clear().

loop(Parent, _Echo, I, N) when I > N ->
    bench_format:f(done, last),
    Parent ! {done, self()};
loop(Parent, Echo, I, N) ->
    bench_format:f(I, arg(I)),
    Echo ! {self(), I},
    receive {reply, I} -> ok end,
    loop(Parent, Echo, I + 1, N).

echo() -> receive {From, I} -> From ! {reply, I}, echo() end.

f(I, _X) -> {ok, I}.

arg(I) ->
    case I rem 8 of
        0 -> I;
        1 -> atom_value;
        2 -> "hello world";
        3 -> {I, [a, b, c], <<"bin">>};
        4 -> [1.5, I * 1000000007];
        5 -> #{key => I, other => "val"};
        6 -> self();
        7 -> {record, lists:seq(1, 12), "some longer string text here", {nested, I, 'another atom'}}
    end.

client(File) ->
    T0 = erlang:monotonic_time(microsecond),
    P = dbg:trace_client(file, File),
    R = monitor(process, P),
    receive {'DOWN', R, _, _, normal} -> ok end,
    T1 = erlang:monotonic_time(microsecond),
    io:format(standard_error, "wall ~.6f~n", [(T1 - T0) / 1.0e6]).
EOF
erlc bench_format.erl

# The events of erl's text that --grep RE keeps: an event is a line that
# does not start with a space and the continuation lines after it.
cat >grep_events.pl <<'EOF'
use Encode qw(decode_utf8);
my $rx = decode_utf8($ARGV[0]); $rx = qr/$rx/m;
binmode STDIN, ":encoding(latin1)"; binmode STDOUT, ":encoding(latin1)";
my $ev;
sub flush_event { return unless defined $ev; my $t = $ev; chomp $t; print $ev if $t =~ $rx; undef $ev }
while (<STDIN>) { if (/^ /) { $ev .= $_ } else { flush_event(); $ev = $_ } }
flush_event();
EOF

TIMEFORMAT='%R %U %S'
{ time erl -noshell -pa "$work" -eval "bench_format:gen(\"big.trc\", $events), halt()." ; } 2>gen.time
bytes=$(wc -c <big.trc)
echo "bench: $events events written by erl's dbg:trace_port ($bytes bytes) in $(cut -d' ' -f1 gen.time) s"

# (a) erl: the VM's own wall clock, and the CPU of the whole OS process.
{ time erl -noshell -pa "$work" -eval 'bench_format:client("big.trc"), halt().' >erl.txt 2>erl.err ; } 2>erl.time
erl_wall=$(sed -n 's/^wall //p' erl.err)
[ -n "$erl_wall" ] || { echo "bench: erl's trace_client failed:" >&2; cat erl.err >&2; exit 1; }
erl_cpu=$(awk '{ print $2 + $3 }' erl.time)
# (b) erl's text through the event filter, timed on its own
{ time perl grep_events.pl "$re" <erl.txt >erl_grep.txt ; } 2>perl.time
perl_wall=$(awk '{ print $1 }' perl.time)
perl_cpu=$(awk '{ print $2 + $3 }' perl.time)

# dbgsh: 3 runs of each, the median of wall and of CPU.
run_ours() { # OUT ARGS...
    local out=$1
    shift
    for k in 1 2 3; do
        { time "$dbgsh" --format big.trc "$@" >"$out" ; } 2>>"$out.time"
    done
}
run_ours ours.txt
run_ours ours_grep.txt --grep "$re"
median() { awk -v f="$2" '{ print (f == 1 ? $1 : $2 + $3) }' "$1" | sort -g | sed -n 2p; }

same_a=identical; cmp -s ours.txt erl.txt || same_a=DIFFERENT
same_b=identical; cmp -s ours_grep.txt erl_grep.txt || same_b=DIFFERENT
kept=$(perl -ne '$n++ unless /^ /; END { print $n + 0 }' erl_grep.txt)

awk -v ev="$events" -v target="$target" -v kept="$kept" -v re="$re" \
    -v ew="$erl_wall" -v ec="$erl_cpu" -v pw="$perl_wall" -v pc="$perl_cpu" \
    -v ow="$(median ours.txt.time 1)" -v oc="$(median ours.txt.time 2)" \
    -v gw="$(median ours_grep.txt.time 1)" -v gc="$(median ours_grep.txt.time 2)" \
    -v sa="$same_a" -v sb="$same_b" '
    function rate(s) { return ev / (s < 0.001 ? 0.001 : s) }
    function row(name, e_w, e_c, o_w, o_c, same) {
        rw = rate(o_w) / rate(e_w); rc = rate(o_c) / rate(e_c)
        printf "%-22s %11.0f %11.0f %11.0f %11.0f %7.1fx %7.1fx  %s%s\n", name, rate(e_w), rate(e_c),
               rate(o_w), rate(o_c), rw, rc, same, rw < target ? "  BELOW TARGET" : ""
        if (rw < target) below = 1
    }
    BEGIN {
        printf "%-22s %23s %23s %17s\n", "", "erl trace_client ev/s", "dbgsh --format ev/s", "dbgsh/erl"
        printf "%-22s %11s %11s %11s %11s %8s %8s  %s\n", "", "wall", "CPU", "wall", "CPU", "wall", "CPU", "text"
        row("(a) every event", ew, ec, ow, oc, sa)
        row("(b) --grep RE", ew + pw, ec + pc, gw, gc, sb)
        printf "(b): RE = %s, %d events kept; erl side = trace_client + perl filter\n", re, kept
        printf "bench: %s the %dx target (wall clock)\n", below ? "BELOW" : "at or above", target
    }'
[ "$same_a" = identical ] && [ "$same_b" = identical ]
