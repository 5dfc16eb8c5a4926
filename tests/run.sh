#!/usr/bin/env bash
# tests/run.sh BUILD DBGSH: runs every test suite of `make test` and prints
# one closing line "tests: N passed, N failed". Exits non-zero on failure.
set -u
# No suite may hold the run up for ever: one that hangs is stopped after
# SUITE_TIMEOUT seconds and counts as failed (CI's own limit would end the
# whole run and say nothing of which suite hung).
suite_timeout=${SUITE_TIMEOUT:-1500}
# Standard input is /dev/null for every suite: with none open (CI's), the
# pipe of a $(...) would take fd 0, and a program reading its input (erl's
# user io server) would read its own output back.
exec </dev/null
build=$1
dbgsh=$2
passed=0
failed=0
suites_failed=()

# Criterion unit tests: one binary per layer, mirroring the source tree.
for bin in "$build"/tests/test_vm "$build"/tests/test_format "$build"/tests/test_dbgcore "$build"/tests/test_shell; do
    name=$(basename "$bin")
    out=$(timeout -k 10 "$suite_timeout" "$bin" --jobs 2 2>&1)
    rc=$?
    [ "$rc" -eq 124 ] && out="$out
$name: FAIL: stopped after $suite_timeout s"
    printf '%s\n' "$out" | grep -E '^\[(FAIL|----)\]|Synthesis' | sed "s/^/$name: /"
    syn=$(printf '%s\n' "$out" | grep -E 'Synthesis' | tail -n 1)
    p=$(printf '%s' "$syn" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
    f=$(printf '%s' "$syn" | sed -n 's/.*Failing: \([0-9]*\).*/\1/p')
    c=$(printf '%s' "$syn" | sed -n 's/.*Crashing: \([0-9]*\).*/\1/p')
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0} + ${c:-0}))
    if [ "$rc" -ne 0 ] || [ -z "$syn" ]; then
        suites_failed+=("$name")
        [ -z "$syn" ] && failed=$((failed + 1))
    fi
done

# Other suites: each prints "NAME: N passed, N failed" as its last line.
for suite in "$build"/tests/threads "$build"/tests/progress "$build"/tests/ports "$build"/tests/tracebufs tests/diff/run.sh tests/diff/parse/run.sh tests/diff/ms/run.sh tests/diff/tlog/run.sh tests/diff/traceline/run.sh tests/diff/exceptions/run.sh tests/diff/ms_transform/run.sh tests/dbgcore/dbg/dbgsh.sh tests/dbgcore/tracer/run.sh tests/dbgcore/sessions/run.sh tests/dbgcore/tipport/run.sh tests/shell/run.sh tests/shell/log_erl.sh tests/shell/pty/run.sh tests/shell/format/run.sh tests/lib_erl/run.sh tests/vm/instrument/run.sh tests/fuzz/run.sh tests/scripts/run.sh tests/stress/run.sh; do
    [ -x "$suite" ] || continue
    out=$(timeout -k 10 "$suite_timeout" "$suite" "$build" "$dbgsh" 2>&1)
    rc=$?
    [ "$rc" -eq 124 ] && out="$out
$suite: FAIL: stopped after $suite_timeout s"
    # a failing suite's FAIL lines first, each with the indented lines
    # that continue it (lib_erl's OTP: and ours: terms): its tail may not
    # hold them
    [ "$rc" -ne 0 ] && printf '%s\n' "$out" |
        awk '/(^|[^A-Za-z])FAIL/ { keep = 1; print; next } keep && /^[ \t]/ { print; next } { keep = 0 }' |
        head -n 80 | cut -c1-2000
    printf '%s\n' "$out" | tail -n 15
    last=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(printf '%s' "$last" | sed -n 's/.* \([0-9]*\) passed.*/\1/p')
    f=$(printf '%s' "$last" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
    if [ "$rc" -ne 0 ]; then
        suites_failed+=("$suite")
        [ -z "$last" ] && failed=$((failed + 1))
    fi
done

if [ ${#suites_failed[@]} -ne 0 ]; then
    echo "failing suites: ${suites_failed[*]}"
fi
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ ${#suites_failed[@]} -eq 0 ]
