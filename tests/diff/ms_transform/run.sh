#!/usr/bin/env bash
# tests/diff/ms_transform/run.sh BUILD [DBGSH]: the differential test of
# vm/lib/ms_transform.erl against OTP's. ms_driver.erl runs every case of
# cases.txt (fun texts through transform_from_shell/3, forms through
# parse_transform/2, codes through format_error/1) and writes one block per
# case: the case, the result as ~p writes it, the error texts. dbgsh's
# blocks are compared one by one with expected.txt (erl's, committed) and,
# when erl is installed, with live erl's, which must also still be
# expected.txt. Last line "ms_transform: N passed, N failed"; non-zero exit
# on a difference. Environment: MS_TRANSFORM_SHOW (differences shown,
# default 5), MS_TRANSFORM_KEEP=1 keeps the work directory,
# MS_TRANSFORM_REGEN=1 writes expected.txt again from erl and stops.
set -u

build=${1:?usage: tests/diff/ms_transform/run.sh BUILD_DIR [DBGSH]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
if [ $# -ge 2 ]; then
    dbgsh=$2
elif [ -x "$build/dbgsh" ]; then
    dbgsh=$build/dbgsh
else
    dbgsh=$root/dbgsh
fi
case "$dbgsh" in /*) ;; *) dbgsh=$(pwd)/$dbgsh ;; esac
show=${MS_TRANSFORM_SHOW:-5}

fail() {
    echo "ms_transform: $1"
    echo "ms_transform: 0 passed, 1 failed"
    exit 1
}

unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}abort_on_error=1:print_stacktrace=1"

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-ms_transform.XXXXXX")
if [ "${MS_TRANSFORM_KEEP:-0}" = 1 ]; then
    echo "ms_transform: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# erl's side, when erl is here.
have_erl=0
if command -v erl >/dev/null 2>&1 && command -v erlc >/dev/null 2>&1; then
    have_erl=1
    erlc -o "$work" "$here/ms_driver.erl" >"$work/erlc.log" 2>&1 ||
        fail "erlc ms_driver.erl failed: $(head -c 300 "$work/erlc.log")"
    erl -noshell -pa "$work" -eval "
        ms_driver:main(\"$here/cases.txt\", \"$work/erl.txt\"),
        halt()." >"$work/erl.log" 2>&1
    [ -f "$work/erl.txt" ] || fail "erl side wrote no results: $(head -c 300 "$work/erl.log")"
fi
if [ "${MS_TRANSFORM_REGEN:-0}" = 1 ]; then
    [ "$have_erl" = 1 ] || fail "MS_TRANSFORM_REGEN=1 needs erl"
    cp "$work/erl.txt" "$here/expected.txt"
    echo "ms_transform: wrote $here/expected.txt"
    exit 0
fi

[ -x "$dbgsh" ] || fail "$dbgsh is missing: build it first"
[ -f "$here/expected.txt" ] || fail "expected.txt is missing: MS_TRANSFORM_REGEN=1 $0 $build"
"$dbgsh" "$here/ms_driver.erl" -e "ms_driver:main(\"$here/cases.txt\", \"$work/dbgsh.txt\")." \
    >"$work/dbgsh.log" 2>&1
[ -f "$work/dbgsh.txt" ] || fail "dbgsh side wrote no results: $(tail -c 600 "$work/dbgsh.log")"

# Block by block: case i of dbgsh against case i of expected.txt and of
# erl's output (an empty file when erl is missing: not compared).
[ "$have_erl" = 1 ] || : >"$work/erl.txt"
awk -v show="$show" -v have_erl="$have_erl" '
    function add(f, line) { if (line ~ /^== /) n[f]++; blk[f, n[f]] = blk[f, n[f]] line "\n" }
    FILENAME == ARGV[1] { add(1, $0); next }
    FILENAME == ARGV[2] { add(2, $0); next }
    { add(3, $0) }
    END {
        m = n[1] > n[3] ? n[1] : n[3]
        if (have_erl && n[2] > m) m = n[2]
        for (i = 1; i <= m; i++) {
            bad = blk[3, i] != blk[1, i]
            if (have_erl && blk[3, i] != blk[2, i]) bad = 1
            if (!bad) { passed++; continue }
            failed++
            if (failed <= show) {
                printf "ms_transform: case %d differs\n-- expected.txt:\n%s", i, blk[1, i]
                if (have_erl && blk[2, i] != blk[1, i]) printf "-- erl:\n%s", blk[2, i]
                printf "-- dbgsh:\n%s", blk[3, i]
            }
        }
        if (have_erl) {
            stale = 0
            for (i = 1; i <= m; i++) if (blk[1, i] != blk[2, i]) stale++
            if (stale) {
                failed++
                printf "ms_transform: expected.txt differs from this erl in %d cases (MS_TRANSFORM_REGEN=1 writes it again)\n", stale
            } else passed++
        }
        printf "%d %d %d\n", passed, failed, m > "/dev/stderr"
    }' "$here/expected.txt" "$work/erl.txt" "$work/dbgsh.txt" 2>"$work/counts"
read -r passed failed ncases <"$work/counts"
what="against expected.txt"
[ "$have_erl" = 1 ] && what="against expected.txt and erl"
echo "ms_transform: $ncases cases through ms_transform $what: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
