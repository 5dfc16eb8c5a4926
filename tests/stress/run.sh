#!/usr/bin/env bash
# tests/stress/run.sh [BUILD] DBGSH [COUNT [SEED]]: the trace engine's stress
# test (trace_patterns.erl, docs/internals/stress.md) on DBGSH with COUNT
# pattern changes (default 10000). Prints one line, "stress: 1 passed,
# 0 failed (...)", with the failures above it when there are any; exits
# non-zero on failure. BUILD (a directory) is accepted and ignored, so that
# tests/run.sh can call it as it calls every suite.
# Environment: STRESS_SCHEDULERS (default 4), STRESS_TIMEOUT seconds
# (default 600), STRESS_COUNT (when COUNT is not given), STRESS_BUSY=1 (the
# untraced bystander never sleeps: every scheduler always busy; slower).
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ge 2 ] && [ -d "$1" ]; then
    shift
fi
dbgsh=${1:?usage: run.sh [BUILD] DBGSH [COUNT [SEED]]}
case $dbgsh in
    */*) ;;
    *) dbgsh=./$dbgsh ;;  # the Makefile's DBGSH is `dbgsh` for BUILD=build
esac
count=${2:-${STRESS_COUNT:-10000}}
seed=${3:-1}
scheds=${STRESS_SCHEDULERS:-4}
limit=${STRESS_TIMEOUT:-600}
busy=false
[ "${STRESS_BUSY:-0}" = 1 ] && busy=true
case $count$seed in
    *[!0-9]*) echo "run.sh: COUNT and SEED are positive integers" >&2; exit 2 ;;
esac

start=$(date +%s.%N)
out=$(timeout -k 10 "$limit" "$dbgsh" -S "$scheds" -pa "$here" \
      -e "trace_patterns:main($count, $seed, $busy)" 2>&1)
rc=$?
secs=$(echo "$start $(date +%s.%N)" | awk '{printf "%.1f", $2 - $1}')
summary=$(printf '%s\n' "$out" | grep '^trace_patterns: ' | tail -n 1)

# a sanitizer's report fails the run even when it let the program finish
sanitizer=$(printf '%s\n' "$out" | grep -cE '^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: |.*: runtime error: )')
if [ "$rc" -eq 0 ] && [ "$sanitizer" -eq 0 ] && printf '%s' "$summary" | grep -q '^trace_patterns: ok:'; then
    echo "stress: 1 passed, 0 failed (${summary#trace_patterns: ok: }; ${secs} s in all, -S $scheds$([ $busy = true ] && echo ", busy"))"
    exit 0
fi
lines=$(printf '%s\n' "$out" | wc -l)
if [ "$lines" -le 100 ]; then
    printf '%s\n' "$out"
else
    printf '%s\n' "$out" | head -n 80
    echo "... ($((lines - 100)) lines left out)"
    printf '%s\n' "$out" | tail -n 20
fi
case $rc in
    124|137) why="timed out after ${limit} s" ;;
    0) if [ "$sanitizer" -ne 0 ]; then why="$sanitizer sanitizer reports"; else why="no summary line"; fi ;;
    *) why="exit status $rc" ;;
esac
echo "stress: 0 passed, 1 failed ($why; count $count, seed $seed, -S $scheds, ${secs} s;" \
     "rerun: STRESS_SCHEDULERS=$scheds STRESS_BUSY=${STRESS_BUSY:-0} $0 $dbgsh $count $seed)"
exit 1
