#!/usr/bin/env bash
# tests/bench/live.sh DBGSH [N]: benchmark (c) of issue 5, live output of
# `make bench`: a traced loop of N calls (default 1,000,000) shown through a
# filter that keeps 1 event in 10, on dbgsh and on erl in the same run.
#   dbgsh: a script (piped to dbgsh -S 1) sets `set ring N`, makes a session
#     of its own (so that its lines carry a [bench] prefix to strip, as a
#     second session's do),
#     `filter add /RE/`, `tp live_bench:f`, `p all c`, runs
#     live_bench:loop(N) in the shell's evaluator and times it from the
#     start of the loop until the shell has printed the last event (the
#     next input's clock reading: the shell drains every event before it
#     prints an input's value). Standard output goes to a file. Run twice:
#     events to standard output, and also to `log FILE` (closed, so on disk,
#     before the clock stops). The first run then times `view` over what the
#     ring kept.
#   erl: tests/bench/live/live_erl.erl, dbg:tracer(process, {Fun, State})
#     whose handler formats each event as dbg's default handler does,
#     matches the same regex (precompiled) and writes the matching lines to
#     a raw file; timed from the start of the loop until the handler has
#     taken the N-th event and closed the file. With +S 1 and +S 2.
# Each row is the median (by total time) of LIVE_BENCH_RUNS runs (3), each
# in a fresh VM. The ring keeps at most 64 MiB (about 870,000 of these
# events) whatever `set ring` says: a dbgsh run whose ring dropped events
# (the loop got that far ahead of the printing) is run again, at most
# LIVE_BENCH_RETRIES times (2), and said so under the table. The lines
# shown by every run without drops must be those erl wrote (pids masked,
# same order): a difference exits 1. A benchmark: it never fails on speed.
set -eu
dbgsh=${1:?usage: tests/bench/live.sh DBGSH [N]}
n=${2:-1000000}
runs=${LIVE_BENCH_RUNS:-3}
retries=${LIVE_BENCH_RETRIES:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-livebench.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac
case $n in '' | *[!0-9]*) echo "bench: N must be a number of calls, not '$n'" >&2; exit 2 ;; esac
if ! command -v erl >/dev/null 2>&1 || ! command -v erlc >/dev/null 2>&1; then
    echo "bench: erl/erlc not found: install Erlang/OTP (apt-get install erlang-base)" >&2
    exit 1
fi
to=""
command -v timeout >/dev/null 2>&1 && to="timeout 900"

# Calls f(I), I = 1..N; the filter keeps those whose I ends in 7.
re='live_bench:f\(\d*7\)'
expect=$(((n + 3) / 10))
ring=$n
[ "$ring" -lt 1 ] && ring=1
[ "$ring" -gt 16777216 ] && ring=16777216

mkdir -p "$work/ebin"
erlc -o "$work/ebin" "$here/live/live_bench.erl" "$here/live/live_erl.erl"

# The dbgsh script of one run: KIND is live or log.
script() {
    local kind=$1 out=$2
    {
        echo "set ring $ring"
        echo "session new bench"
        echo "session use bench"
        echo "filter add /$re/"
        [ "$kind" = log ] && echo "log \"$out.log\""
        echo "code:ensure_loaded(live_bench)."
        echo "tp live_bench:f"
        echo "p all c"
        echo "T0 = erlang:monotonic_time(microsecond), live_bench:loop($n), T1 = erlang:monotonic_time(microsecond), ok."
        [ "$kind" = log ] && echo "log off"
        echo 'T2 = erlang:monotonic_time(microsecond), io:format("livebench loop_us ~p total_us ~p~n", [T1 - T0, T2 - T0]).'
        if [ "$kind" = live ]; then
            echo "view"
            echo 'T3 = erlang:monotonic_time(microsecond), io:format("livebench view_us ~p~n", [T3 - T2]).'
        fi
        echo "session list"
    }
}

# The trace lines of a file, "[bench] " dropped and pids masked, one md5.
sum_lines() { sed -e 's/^\[bench\] //' -e 's/<[0-9]*\.[0-9]*\.[0-9]*>/<P>/g' "$@" | md5sum | cut -c1-32; }

# One dbgsh run, attempt TRY: appends "row KIND events shown dropped
# loop_us total_us md5 [view_events view_shown view_us]" to $work/rows.txt,
# or fails when the ring dropped events and attempts are left.
run_dbgsh() {
    local kind=$1 i=$2 try=$3 out=$work/d_${1}_$2 rc=0
    script "$kind" "$out" >"$out.dbg"
    (cd "$work" && $to "$dbgsh" -S 1 -pa "$here/live" <"$out.dbg" >"$out.txt" 2>"$out.err") || rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^livebench loop_us' "$out.txt"; then
        echo "fail dbgsh $kind run $i: exit $rc: $(tr '\n' ' ' <"$out.err" | cut -c1-300)" >>"$work/notes.txt"
        return
    fi
    # live lines: the trace lines before the first livebench line; view's after it
    awk '/^livebench /{exit} /^(\[bench\] )?\(<[0-9.]*>\) /' "$out.txt" >"$out.live"
    local md5 dropped stats
    md5=$(sum_lines "$out.live")
    dropped=$(awk '/events not shown: the ring moved on/ { sub(/^(\[bench\] )?\*\* /, ""); s += $1 } END { print s + 0 }' "$out.txt")
    stats=$(awk '$1 == "*" && $2 == "bench" { print $3, $5, $9 }' "$out.txt")
    local events shown sdropped
    read -r events shown sdropped <<<"${stats:-? ? ?}"
    [ "$sdropped" != "?" ] && [ "$sdropped" -gt "$dropped" ] && dropped=$sdropped
    local lines
    lines=$(wc -l <"$out.live")
    [ "$shown" != "$lines" ] &&
        echo "dbgsh $kind run $i: session list says $shown shown, $lines trace lines printed live" >>"$work/notes.txt"
    local times
    times=$(awk '$1 == "livebench" && $2 == "loop_us" { print $3, $5 }' "$out.txt")
    local extra=""
    if [ "$kind" = live ]; then
        local vshown vhidden vus
        vshown=$(awk '/^livebench loop_us/ { on = 1; next } /^livebench view_us/ { on = 0 }
                      on && /^(\[bench\] )?\(<[0-9.]*>\) / { c++ } END { print c + 0 }' "$out.txt")
        vhidden=$(awk '/^livebench loop_us/ { on = 1; next } /^livebench view_us/ { on = 0 }
                       on && /^\([0-9]+ events? hidden by filters\)$/ { sub(/^\(/, ""); print $1 }' "$out.txt")
        vus=$(awk '$1 == "livebench" && $2 == "view_us" { print $3 }' "$out.txt")
        extra=" $((vshown + ${vhidden:-0})) $vshown ${vus:-0}"
    fi
    if [ "$kind" = log ]; then
        local lmd5 llines
        llines=$(wc -l <"$out.log")
        lmd5=$(sum_lines "$out.log")
        [ "$dropped" = 0 ] && [ "$lmd5" != "$md5" ] &&
            echo "dbgsh log run $i: the log's $llines lines differ from the $lines printed" >>"$work/notes.txt"
    fi
    rm -f "$out.log"
    if [ "$dropped" != 0 ] && [ "$try" -lt "$retries" ]; then
        echo "dbgsh $kind run $i: the ring dropped $dropped events before they were printed; ran it again" >>"$work/notes.txt"
        return 1
    fi
    echo "row dbgsh-$kind $events $shown $dropped $times $md5$extra" >>"$work/rows.txt"
}

# One erl run with S schedulers.
run_erl() {
    local s=$1 i=$2 out=$work/e_$1_$2 rc=0
    (cd "$work" && $to erl -noshell +S "$s" -pa "$work/ebin" -run live_erl main "$n" "$re" "$out.lines") \
        >"$out.txt" 2>"$out.err" || rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^result events' "$out.txt"; then
        echo "fail erl +S $s run $i: exit $rc: $(tr '\n' ' ' <"$out.err" | cut -c1-300)" >>"$work/notes.txt"
        return
    fi
    local md5
    md5=$(sum_lines "$out.lines")
    awk -v row="erl-S$s" -v md5="$md5" '$1 == "result" { print "row", row, $3, $5, 0, $7, $9, md5 }' \
        "$out.txt" >>"$work/rows.txt"
    rm -f "$out.lines"
}

: >"$work/rows.txt"
: >"$work/notes.txt"
for i in $(seq 1 "$runs"); do
    run_erl 1 "$i"
    run_erl 2 "$i"
    for kind in live log; do
        try=0
        until run_dbgsh "$kind" "$i" "$try"; do try=$((try + 1)); done
    done
done

echo "bench: live output, a traced loop of $n calls through the filter /$re/ (keeps $expect),"
echo "bench: dbgsh -S 1 (set ring $ring, a session of its own), erl +S 1 and +S 2 (dbg:tracer(process));"
echo "bench: median of $runs runs, seconds from the loop's start to the last line written; load average $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v expect="$expect" -v n="$n" '
    function median_run(k,    m, i, j, t, idx) {
        m = cnt[k]
        for (i = 1; i <= m; i++) idx[i] = i
        for (i = 1; i <= m; i++)
            for (j = i + 1; j <= m; j++)
                if (tot[k, idx[j]] < tot[k, idx[i]]) { t = idx[i]; idx[i] = idx[j]; idx[j] = t }
        return idx[int((m + 1) / 2)]
    }
    $1 != "row" { next }
    {
        k = $2; c = ++cnt[k]
        ev[k, c] = $3; sh[k, c] = $4; dr[k, c] = $5; lp[k, c] = $6; tot[k, c] = $7; md[k, c] = $8
        vev[k, c] = $9; vsh[k, c] = $10; vus[k, c] = $11
    }
    END {
        n_order = split("erl-S1 erl-S2 dbgsh-live dbgsh-log", order, " ")
        what["erl-S1"] = "erl +S 1, handler -> raw file"
        what["erl-S2"] = "erl +S 2, handler -> raw file"
        what["dbgsh-live"] = "dbgsh, live to stdout"
        what["dbgsh-log"] = "dbgsh, live to stdout + log FILE"
        best = 0
        for (i = 1; i <= 2; i++) {
            k = order[i]
            if (!(k in cnt)) continue
            r = median_run(k); pick[k] = r
            rate[k] = ev[k, r] / (tot[k, r] / 1e6)
            if (rate[k] > best) { best = rate[k]; bestk = k }
            ref = md[k, r]
        }
        printf "%-34s %9s %8s %7s %8s %8s %12s %9s\n", "side", "events", "shown", "dropped", "loop s", "total s", "events/s", "dbgsh/erl"
        for (i = 1; i <= n_order; i++) {
            k = order[i]
            if (!(k in cnt)) { printf "%-34s %9s\n", what[k], "failed"; continue }
            r = (k in pick) ? pick[k] : median_run(k)
            rt = ev[k, r] / (tot[k, r] / 1e6)
            ratio = (k ~ /^dbgsh/ && best > 0) ? sprintf("%.2f", rt / best) : "-"
            if (dr[k, r] > 0) ratio = "drops"
            printf "%-34s %9d %8d %7d %8.3f %8.3f %12.0f %9s\n", what[k], ev[k, r], sh[k, r], dr[k, r],
                   lp[k, r] / 1e6, tot[k, r] / 1e6, rt, ratio
            if (k == "dbgsh-live" && vus[k, r] > 0)
                printf "%-34s %9d %8d %7s %8s %8.3f %12.0f %9s\n", "dbgsh, view (re-print of the ring)",
                       vev[k, r], vsh[k, r], "-", "-", vus[k, r] / 1e6, vev[k, r] / (vus[k, r] / 1e6), "-"
        }
        printf "  dbgsh/erl: events/s over the faster erl row (%s); above 1: dbgsh is faster\n", bestk
        bad = 0; drops = 0
        for (k in cnt)
            for (c = 1; c <= cnt[k]; c++) {
                if (ev[k, c] != n) { printf "  %s run %d: %d events traced, expected %d\n", k, c, ev[k, c], n; bad = 1 }
                if (dr[k, c] > 0) {
                    printf "  %s run %d: %d events dropped by the ring, %d lines shown: not every event went through the filter\n",
                           k, c, dr[k, c], sh[k, c]
                    drops = 1
                    continue
                }
                if (sh[k, c] != expect) { printf "  %s run %d: %d lines shown, expected %d\n", k, c, sh[k, c], expect; bad = 1 }
                if (md[k, c] != ref) { printf "  %s run %d: the lines shown differ from erl'\''s (md5 %s, erl %s)\n", k, c, md[k, c], ref; bad = 1 }
            }
        if (!bad)
            printf "  lines: every run%s showed the same %d lines as erl (pids masked, same order)\n", drops ? " without drops" : "", expect
        exit bad
    }' "$work/rows.txt" || status=$?
sed 's/^/  /' "$work/notes.txt"
exit "${status:-0}"
