#!/usr/bin/env bash
# tests/diff/run.sh BUILD [DBGSH]: the differential test of term text and
# ETF against erl. termgen writes fixed-seed terms as ETF plus our text for
# each format; erl formats the same terms; termgen compares. Last line:
# "diff: ...: N passed, N failed"; exits non-zero on any difference.
# Environment: DIFF_TERMS (default 2000), DIFF_SEED, DIFF_SHOW (differences
# shown per format, default 1), DIFF_KEEP=1 keeps the work directory.
set -eu

build=${1:?usage: tests/diff/run.sh BUILD_DIR [DBGSH]}
here=$(cd "$(dirname "$0")" && pwd)
termgen=$build/tests/termgen
nterms=${DIFF_TERMS:-2000}

fail() {
    echo "diff: $1"
    echo "diff: 0 passed, 1 failed"
    exit 1
}

[ -x "$termgen" ] || fail "$termgen is missing: build it with make $termgen"
command -v erl >/dev/null 2>&1 && command -v escript >/dev/null 2>&1 ||
    fail "erl/escript not found: install Erlang/OTP (apt-get install erlang-base)"
# erl flags from the environment could change io_lib's output.
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
# Under the sanitizers, abort on an error so termgen's SIGABRT handler can
# name the term and format it was at.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}abort_on_error=1:print_stacktrace=1"

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-diff.XXXXXX")
if [ "${DIFF_KEEP:-0}" = 1 ]; then
    echo "diff: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# termgen exits 1 when a round trip failed but its files are complete.
rc=0
"$termgen" gen "$work" "$nterms" || rc=$?
if [ ! -f "$work/gen.count" ]; then
    fail "termgen gen stopped (status $rc) before writing its results"
fi
erc=0
escript "$here/erlside.escript" "$work" >"$work/erl.stdout" || erc=$?
grep -a '^diff: ' "$work/erl.stdout" || true
[ -f "$work/erl.count" ] || fail "erlside.escript stopped (status $erc) before writing its results"
crc=0
"$termgen" cmp "$work" || crc=$?
[ -f "$work/cmp.count" ] || fail "termgen cmp stopped (status $crc) before writing its results"

passed=0
failed=0
for f in gen erl cmp; do
    read -r p q <"$work/$f.count"
    passed=$((passed + p))
    failed=$((failed + q))
done
ncases=$("$termgen" cases)
echo "diff: $nterms terms x $ncases formats, ETF and text round trips: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$erc" -eq 0 ] && [ "$crc" -eq 0 ]
