#!/usr/bin/env bash
# tests/diff/exceptions/run.sh BUILD [DBGSH]: the differential test of the
# exception text erl's shell prints (format/exception.c) against erl.
# Last line "exceptions: N passed, N failed"; non-zero exit on a difference.
# Environment: EXCEPTIONS_KEEP=1 keeps the work directory.
#
# Design. The corpus has two halves:
#  - raised cases: exc_cases.erl, compiled by erlc and by dbgsh from the
#    same copy in the work directory (so files and lines agree), has one
#    function clause per exception. Both sides call the common wrapper
#    exc_cases:run(Name), which catches the exception and cuts the stack
#    trace at the wrapper's own frame: what is left is the frames of
#    exc_cases and of the library functions it called, with nothing of
#    how each side evaluates the call (erl_eval, init, dbgsh_eval);
#  - given cases: erlside.escript makes up {Class, Reason, Stack} terms
#    the raised ones cannot reach (shell and erl_eval reasons, operator
#    frames, odd locations, error_info maps of other modules, terms that
#    wrap, stacks that are no stack traces).
# erl's text for each case is shell:report_exception/4's: "** " and
# erl_error:format_exception/7 with the shell's trim fun and pp/3, in
# three variants (latin1 at 80 columns, as erl's shell with piped input;
# unicode at 80 and at 40 columns, as in a terminal). dbgsh formats each
# case with dbgsh_out:format_exception/4 in the same variants:
#  - fmt: erl's exception term (ETF) through our formatter, for every
#    case: this must be byte for byte erl's text (pids, refs, ports and
#    fun texts normalised);
#  - e2e: for a raised case, the exception dbgsh raises itself: also the
#    line numbers of library files (whose sources differ) are normalised.
#    A case whose exception differs because of the VM (a missing frame,
#    another reason) is listed in vm_known.txt with why; its e2e results
#    are then reported, not counted.
# When the first frame's error_info names a module other than
# erl_erts_errors (whose explanations format/exception.c derives itself),
# erlside.escript calls that module's format_error in erl and hands dbgsh
# the map (the error_map option), as the shell would have it.
set -eu

build=${1:?usage: tests/diff/exceptions/run.sh BUILD_DIR [DBGSH]}
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

fail() {
    echo "exceptions: $1"
    echo "exceptions: 0 passed, 1 failed"
    exit 1
}

[ -x "$dbgsh" ] || fail "$dbgsh is missing: build it first"
command -v erl >/dev/null 2>&1 && command -v escript >/dev/null 2>&1 && command -v erlc >/dev/null 2>&1 ||
    fail "erl/erlc/escript not found: install Erlang/OTP (apt-get install erlang-base erlang-tools)"
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}abort_on_error=1:print_stacktrace=1"

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-exceptions.XXXXXX")
if [ "${EXCEPTIONS_KEEP:-0}" = 1 ]; then
    echo "exceptions: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

cp "$here/exc_cases.erl" "$here/dbgside.erl" "$here/vm_known.txt" "$work/"
cd "$work"
erlc -W0 exc_cases.erl >"$work/erlc.log" 2>&1 || { cat "$work/erlc.log"; fail "erlc exc_cases.erl failed"; }
escript "$here/erlside.escript" gen "$work" || fail "erlside.escript gen failed"

drc=0
"$dbgsh" exc_cases.erl dbgside.erl -e \
    'try dbgsh_out:format_exception(error, badarg, []) catch error:undef -> halt(3) end,
     dbgside:main(".").' >"$work/ours.log" 2>&1 || drc=$?
[ "$drc" -ne 3 ] ||
    fail "$dbgsh has no dbgsh_out:format_exception/3: fmt_exception_register (format/format.h) is not called"
if [ ! -f "$work/ours.etf" ]; then
    tail -n 20 "$work/ours.log"
    fail "dbgsh -e stopped (status $drc) before writing its results"
fi

escript "$here/erlside.escript" cmp "$work"
