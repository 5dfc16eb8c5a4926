#!/usr/bin/env bash
# tests/shell/run.sh BUILD DBGSH: transcript tests of the command line and
# the shell. Each tests/shell/cases/NAME.sh is run with DBGSH set; its
# stdout, stderr (prefixed "! ") and exit code ("exit: N") must equal
# NAME.out exactly; a case still running after SHELL_CASE_TIMEOUT seconds
# (300) is stopped and fails. Prints "shell: N passed, N failed".
set -u
dbgsh=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for case in "$here"/cases/*.sh; do
    name=$(basename "$case" .sh)
    (
        cd "$tmp" || exit 1
        DBGSH=$dbgsh HOME=$tmp timeout -k 5 "${SHELL_CASE_TIMEOUT:-300}" bash "$case" >"$tmp/stdout" 2>"$tmp/stderr"
        echo "exit: $?" >"$tmp/rc"
    )
    { cat "$tmp/stdout"; sed 's/^/! /' "$tmp/stderr"; cat "$tmp/rc"; } >"$tmp/actual"
    if diff -u "$here/cases/$name.out" "$tmp/actual" >"$tmp/diff"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "shell: FAIL $name"
        head -n 40 "$tmp/diff"
    fi
done
echo "shell: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
