#!/usr/bin/env bash
# tests/diff/traceline/run.sh BUILD [DBGSH]: the differential test of dbg's
# trace line layout (format/traceline.c) against erl. erlside.escript
# writes varied trace messages as ETF and what real dbg:dhandler/2 writes
# for each (Modifier "" and "t"); dbgsh -e formats the same messages with
# dbgsh_trace:format_line/2; erlside.escript compares byte for byte.
# Last line "traceline: N passed, N failed"; non-zero exit on a difference.
# Environment: TRACELINE_MSGS (default 3000), TRACELINE_SEED (default 1),
# TRACELINE_KEEP=1 keeps the work directory.
set -eu

build=${1:?usage: tests/diff/traceline/run.sh BUILD_DIR [DBGSH]}
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
nmsgs=${TRACELINE_MSGS:-3000}
seed=${TRACELINE_SEED:-1}

fail() {
    echo "traceline: $1"
    echo "traceline: 0 passed, 1 failed"
    exit 1
}

[ -x "$dbgsh" ] || fail "$dbgsh is missing: build it first"
command -v erl >/dev/null 2>&1 && command -v escript >/dev/null 2>&1 ||
    fail "erl/escript not found: install Erlang/OTP (apt-get install erlang-base erlang-runtime-tools)"
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}abort_on_error=1:print_stacktrace=1"

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-traceline.XXXXXX")
if [ "${TRACELINE_KEEP:-0}" = 1 ]; then
    echo "traceline: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

escript "$here/erlside.escript" gen "$work" "$nmsgs" "$seed" ||
    fail "erlside.escript gen failed"

# Our side: every message with both modifiers; a raised error is kept as
# {error, Reason}, as erlside.escript keeps dbg's.
cd "$work"
drc=0
"$dbgsh" -e 'try dbgsh_trace:format_line(end_of_trace, "") catch error:undef -> halt(3) end,
    {ok, B} = file:read_file("msgs.etf"),
    F = fun(M, Mod) -> try dbgsh_trace:format_line(M, Mod) catch error:E -> {error, E} end end,
    ok = file:write_file("ours.etf", term_to_binary([[F(M, Mod) || Mod <- ["", "t"]] || M <- binary_to_term(B)])).' \
    >"$work/ours.log" 2>&1 || drc=$?
[ "$drc" -ne 3 ] ||
    fail "$dbgsh has no dbgsh_trace:format_line/2: fmt_traceline_bifs (format/traceline.h) is not registered"
if [ ! -f "$work/ours.etf" ]; then
    tail -n 20 "$work/ours.log"
    fail "dbgsh -e stopped (status $drc) before writing its results"
fi

escript "$here/erlside.escript" cmp "$work"
