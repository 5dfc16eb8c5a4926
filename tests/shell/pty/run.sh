#!/usr/bin/env bash
# tests/shell/pty/run.sh BUILD DBGSH [NAME...]: transcript tests of the
# interactive shell. Runs every cases/NAME.txt (or the NAMEs given) through
# BUILD/tests/pty, which drives DBGSH on a pseudo-terminal with a fresh HOME
# (docs/internals/pty-tests.md); without NAMEs, selftest/screen.txt first. Prints each failure's report and
# "pty: N passed, N failed" last; exits non-zero on a failure.
set -u
build=$1
dbgsh=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
shift 2
here=$(cd "$(dirname "$0")" && pwd)
harness=$(cd "$build" 2>/dev/null && pwd)/tests/pty
if [ ! -x "$harness" ]; then
    echo "pty: the harness $harness is not built (make BUILD=$build $harness)"
    echo "pty: 0 passed, 1 failed"
    exit 1
fi
if [ $# -gt 0 ]; then
    cases=()
    for name in "$@"; do cases+=("$here/cases/$name.txt"); done
else
    cases=("$here"/cases/*.txt)
fi
passed=0
failed=0
# First the harness's own terminal model, on canned escape sequences.
if [ $# -eq 0 ]; then
    if out=$(cd "$here/selftest" && "$harness" screen.txt ./screen.sh 2>&1); then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'pty: the terminal model fails its self-test:\n%s\n' "$out"
    fi
fi
for case in "${cases[@]}"; do
    name=$(basename "$case" .txt)
    if out=$(cd "$here" && "$harness" "cases/$name.txt" "$dbgsh" 2>&1); then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf '%s\n' "$out"
    fi
done
echo "pty: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
