#!/usr/bin/env bash
# tests/bench/trace.sh DBGSH: the trace benchmarks of `make bench` (issue 4).
# Runs tests/bench/trace/bench_trace.erl on dbgsh (-S 1) and on erl (+S 1,
# compiled with erlc) in the same run, over the same generated modules, and
# prints one table: row, erl, dbgsh, erl/dbgsh (above 1: dbgsh is faster or
# smaller), target, met. docs/internals/bench-trace.md says what each row
# measures. A benchmark, not a test: it never fails on speed.
# Environment: TRACE_BENCH_ROWS="1g 1l 2 3 4 5 6 6s" picks rows (3, 4 and 6s
# print several: 3a-3c, 4a-4c, 6s and 6q; 6 prints 6 and 6all).
set -eu
dbgsh=${1:?usage: tests/bench/trace.sh DBGSH}
here=$(cd "$(dirname "$0")" && pwd)
rows=${TRACE_BENCH_ROWS:-1g 1l 2 3 4 5 6 6s 7}
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-tracebench.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac
if ! command -v erl >/dev/null 2>&1 || ! command -v erlc >/dev/null 2>&1; then
    echo "bench: erl/erlc not found: install Erlang/OTP (apt-get install erlang-base)" >&2
    exit 1
fi

# Row 6's modules: bench_tp_01..29, 998 functions each (plus module_info/0,1).
mkdir -p "$work/gen" "$work/ebin"
for m in $(seq -w 1 29); do
    awk -v m="$m" 'BEGIN {
        n = 998
        printf "-module(bench_tp_%s).\n-export([", m
        for (i = 1; i <= n; i++) printf "%sf%d/1", (i > 1 ? "," : ""), i
        printf "]).\n"
        for (i = 1; i <= n; i++) printf "f%d(X) -> X + %d.\n", i, i
    }' >"$work/gen/bench_tp_$m.erl"
done
erlc -o "$work/ebin" "$here/trace/bench_trace.erl" "$work"/gen/bench_tp_*.erl

# Row 5 on erl: the erl_tracer example as a NIF (needs erl_nif.h, erlang-dev).
otp=$here/../dbgcore/tracer/otp
erlroot=$(erl -noshell -eval 'io:format("~s", [code:root_dir()]), halt().')
if [ -f "$erlroot/usr/include/erl_nif.h" ] &&
    ${CC:-cc} -O2 -shared -fPIC -I"$erlroot/usr/include" -o "$work/erl_msg_tracer.so" \
        "$otp/erl_msg_tracer.c" 2>"$work/nif.log"; then
    erlc -o "$work/ebin" "$otp/erl_msg_tracer.erl"
else
    echo "bench: row 5 skipped on erl: no $erlroot/usr/include/erl_nif.h or the NIF did not build (install erlang-dev)"
    rm -f "$work/erl_msg_tracer.so"
fi

# One VM per row and side, so that a crash costs one row: run SIDE ROW.
run() {
    local side=$1 row=$2 s=1 rc=0
    [ "$row" = 6s ] && s=2  # a second scheduler for the process watching for pauses
    if [ "$side" = erl ]; then
        (cd "$work" && erl -noshell +S $s -pa "$work/ebin" \
            -eval "bench_trace:main(erl, \"$work\", ['$row']), halt().") \
            >>"$work/erl.txt" 2>"$work/err.txt" || rc=$?
    else
        (cd "$work" && "$dbgsh" -S $s -pa "$here/trace" -pa "$work/gen" \
            -e "bench_trace:main(dbgsh, \"$work\", ['$row'])") \
            >>"$work/ours.txt" 2>"$work/err.txt" || rc=$?
    fi
    if [ $rc -ne 0 ]; then
        echo "fail $row exit $rc: $(tr '\n' ' ' <"$work/err.txt" | cut -c1-300)" >>"$work/$side.fail"
    fi
}
: >"$work/erl.txt"
: >"$work/ours.txt"
for row in $rows; do
    run erl "$row"
    run dbgsh "$row"
done
[ -f "$work/erl.fail" ] && cat "$work/erl.fail" >>"$work/erl.txt"
[ -f "$work/dbgsh.fail" ] && cat "$work/dbgsh.fail" >>"$work/ours.txt"

echo "bench: trace workloads, erl +S 1 and dbgsh -S 1 (rows 6s, 6q: 2 schedulers); ns rows are the"
echo "bench: median over runs of (traced - untraced loop of the same calls); load average $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
    BEGIN {
        n = split("1g 1l 2 3a 3b 3c 4a 4b 4c 5 6 6all 6s 6q 7a 7b", order, " ")
        what["1g"] = "global pattern, untraced caller"; unit["1g"] = "ns/call"; target["1g"] = 2
        what["1l"] = "local pattern, untraced caller";  unit["1l"] = "ns/call"; target["1l"] = 2
        what["2"] = "match spec guard fails, traced";   unit["2"] = "ns/call";  target["2"] = 30
        what["3a"] = "process tracer waits: traced loop"; unit["3a"] = "ns/event"; target["3a"] = "-"
        what["3b"] = "process tracer waits: all received"; unit["3b"] = "ns/event"; target["3b"] = "-"
        what["3c"] = "process tracer counts: all received"; unit["3c"] = "ns/event"; target["3c"] = "-"
        what["4a"] = "file port: traced loop";          unit["4a"] = "ns/event"; target["4a"] = 100
        what["4b"] = "file port: all in the file";      unit["4b"] = "ns/event"; target["4b"] = 100
        what["4c"] = "file port: file size";            unit["4c"] = "B/event";  target["4c"] = "erl"
        what["5"] = "tracer module answers discard";    unit["5"] = "ns/call";  target["5"] = 20
        what["6"] = "local pattern, 29,000 fns, 29 calls"; unit["6"] = "ms";    target["6"] = 2
        what["6all"] = "local pattern, {_,_,_}, 1 call"; unit["6all"] = "ms";  target["6all"] = 2
        what["6s"] = "6 and 6all: longest gap of a spinner (S 2)"; unit["6s"] = "ms"; target["6s"] = "pause"
        what["6q"] = "the same with nothing set";       unit["6q"] = "ms";     target["6q"] = "-"
        what["7a"] = "collector (erl: dropping process): loop"; unit["7a"] = "ns/event"; target["7a"] = 100
        what["7b"] = "collector (erl: dropping process): all in"; unit["7b"] = "ns/event"; target["7b"] = 100
    }
    FILENAME ~ /erl.txt$/ { side = 1 }
    FILENAME ~ /ours.txt$/ { side = 2 }
    $1 == "info" || $1 == "skip" || $1 == "fail" { sub(/^info /, ""); notes[++nn] = (side == 1 ? "erl:   " : "dbgsh: ") $0; next }
    $1 != "result" { next }
    side == 1 { erl[$2] = $3 }
    side == 2 { ours[$2] = $3 }
    END {
        printf "%-4s %-38s %-8s %10s %10s %9s %8s %5s\n", "row", "what", "unit", "erl", "dbgsh", "erl/dbgsh", "target", "met"
        for (i = 1; i <= n; i++) {
            k = order[i]
            if (!(k in erl) && !(k in ours)) continue
            e = (k in erl) ? sprintf("%.2f", erl[k]) : "-"
            o = (k in ours) ? sprintf("%.2f", ours[k]) : "-"
            r = ((k in erl) && (k in ours) && ours[k] > 0.05 && erl[k] > 0.05) ? sprintf("%.2f", erl[k] / ours[k]) : "-"
            t = target[k]
            if (!(k in ours)) met = "?"
            else if (t == "erl") met = (k in erl) ? (ours[k] <= erl[k] ? "yes" : "NO") : "?"
            else if (t == "-") met = ""
            else if (t == "pause") met = (ours[k] <= 1 || ours[k] <= 2 * ours["6q"]) ? "yes" : "NO"
            else met = (ours[k] <= t ? "yes" : "NO")
            ts = (t == "erl") ? "<= erl" : (t == "pause") ? "<= 2x 6q" : (t == "-") ? "" : "<= " t
            printf "%-4s %-38s %-8s %10s %10s %9s %8s %5s\n", k, what[k], unit[k], e, o, r, ts, met
        }
        for (i = 1; i <= nn; i++) print "  " notes[i]
    }' "$work/erl.txt" "$work/ours.txt"
