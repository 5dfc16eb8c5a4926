#!/usr/bin/env bash
# tests/bench/trace/ir.sh DBGSH: instructions per trace event, counted by
# valgrind's callgrind (repeatable while other programs load the machine,
# which moves trace.sh's ns). For each kind of tracer (file: rows 4 of
# trace.sh, a file trace port; collector: row 7; guard: row 2, a match
# spec whose guard fails, so no event; discard: row 5, a tracer module
# answering discard) runs trace_ir.erl's loop
# with 100,000 and 300,000 traced calls; the difference of the totals over
# 200,000 is the instructions per event, loop included; "none" is the loop
# alone (no pattern, nothing traced), to subtract. Needs valgrind.
# Environment: TRACE_IR_KINDS="file collector guard discard none" picks kinds; a
# callgrind file is kept per kind and size under $TRACE_IR_OUT (default: a
# temporary directory, removed) for callgrind_annotate.
set -eu
dbgsh=${1:?usage: tests/bench/trace/ir.sh DBGSH}
here=$(cd "$(dirname "$0")" && pwd)
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac
if ! command -v valgrind >/dev/null 2>&1; then
    echo "ir: valgrind not found (apt-get install valgrind)" >&2
    exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-traceir.XXXXXX")
trap 'rm -rf "$work"' EXIT
out=${TRACE_IR_OUT:-$work}
mkdir -p "$out"
for kind in ${TRACE_IR_KINDS:-file collector guard discard none}; do
    for n in 100000 300000; do
        (cd "$work" && valgrind --tool=callgrind \
            --callgrind-out-file="$out/cg.$kind.$n.out" \
            "$dbgsh" -S 1 -pa "$here" -e "trace_ir:run($kind, $n)") >"$work/log" 2>&1 ||
            { echo "ir: $kind $n failed:" >&2; tail -5 "$work/log" >&2; exit 1; }
    done
    a=$(awk '/^totals:/ {print $2}' "$out/cg.$kind.100000.out")
    b=$(awk '/^totals:/ {print $2}' "$out/cg.$kind.300000.out")
    echo "ir: $kind: $(( (b - a) / 200000 )) instructions per call"
done
