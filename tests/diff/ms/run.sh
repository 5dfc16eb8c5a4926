#!/usr/bin/env bash
# tests/diff/ms/run.sh BUILD DBGSH: the differential test of match
# specifications. ms_gen.erl writes MS_CASES (default 3000) generated specs
# and inputs (seed MS_SEED, default 1); ms_runner.erl runs every one through
# erlang:match_spec_test/3 in erl and in dbgsh, one line per case; the
# lines are compared one by one, and what {display, T} printed is compared
# as a whole (sorted). Last line: "ms: N passed, N failed"; exits non-zero
# on a difference. MS_SHOW: differences shown (default 5); MS_KEEP=1 keeps
# the work directory.
set -u

build=${1:?usage: tests/diff/ms/run.sh BUILD_DIR DBGSH}
dbgsh=${2:?usage: tests/diff/ms/run.sh BUILD_DIR DBGSH}
here=$(cd "$(dirname "$0")" && pwd)
ncases=${MS_CASES:-3000}
seed=${MS_SEED:-1}
show=${MS_SHOW:-5}

fail() {
    echo "ms: $1"
    echo "ms: 0 passed, 1 failed"
    exit 1
}

command -v erl >/dev/null 2>&1 && command -v erlc >/dev/null 2>&1 ||
    fail "erl/erlc not found: install Erlang/OTP (apt-get install erlang-base)"
[ -x "$dbgsh" ] || fail "$dbgsh is missing: build it first"
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-ms.XXXXXX")
if [ "${MS_KEEP:-0}" = 1 ]; then
    echo "ms: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

erlc -o "$work" "$here/ms_gen.erl" "$here/ms_runner.erl" || fail "erlc failed"
erl -noshell -pa "$work" -eval "
    ms_gen:main([\"$work/cases.bin\", $ncases, $seed]),
    ms_runner:main(\"$work/cases.bin\", \"$work/erl.out\"),
    halt()." >"$work/erl.display" 2>"$work/erl.err" || fail "erl side failed: $(head -c 300 "$work/erl.err")"
[ -f "$work/erl.out" ] || fail "erl side wrote no results"
"$dbgsh" "$here/ms_runner.erl" -e "ms_runner:main(\"$work/cases.bin\", \"$work/dbgsh.out\")." \
    >"$work/dbgsh.display" 2>"$work/dbgsh.err"
[ -f "$work/dbgsh.out" ] || fail "dbgsh side wrote no results: $(head -c 300 "$work/dbgsh.err")"

# Line by line, and the display output as a whole (its lines end in \r\n
# on both sides).
awk -v show="$show" '
    NR == FNR { erl[FNR] = $0; n = FNR; next }
    { ours[FNR] = $0; m = FNR }
    END {
        if (m > n) n = m
        for (i = 1; i <= n; i++) {
            if (erl[i] == ours[i]) { passed++; continue }
            failed++
            if (failed <= show) {
                printf "ms: case %d differs\n  erl:   %.400s\n  dbgsh: %.400s\n", i, erl[i], ours[i]
            }
        }
        printf "%d %d\n", passed, failed > "/dev/stderr"
    }' "$work/erl.out" "$work/dbgsh.out" 2>"$work/counts"
read -r passed failed <"$work/counts"
sort <"$work/erl.display" >"$work/erl.display.sorted"
sort "$work/dbgsh.display" >"$work/dbgsh.display.sorted"
if cmp -s "$work/erl.display.sorted" "$work/dbgsh.display.sorted"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "ms: what {display, T} printed differs:"
    diff "$work/erl.display.sorted" "$work/dbgsh.display.sorted" | head -n "$((show * 2))"
fi
echo "ms: $ncases generated match specs through erlang:match_spec_test/3: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
