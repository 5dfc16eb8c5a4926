#!/usr/bin/env bash
# tests/shell/log_erl.sh BUILD [DBGSH]: the shell's binary logs read by real
# erl. BUILD/tests/test_shell (built with tests/shell/test_log.c) writes, in
# its suite log_erl, a binary log and a text log of the same events
# (plain.bin, plain.txt) and two rotated binary logs (w8_0.., count 8, and
# w4_0.., count 4, each wrapped past its count) with the text logs of all
# their events (w8_.txt, w4_.txt). Then:
#   - erl's dbg:trace_client(file, "plain.bin") prints exactly plain.txt;
#   - dbg:trace_client(file, {"w8_", wrap, ""}) (dbg's default count, 8)
#     and {"w4_", wrap, "", 200, 4} read the sets: their text is the end of
#     the text log of all the events;
#   - dbgsh --format prints what erl prints, for the three.
# Skips (exit 0) when erl is missing. Last line "log_erl: N passed, N
# failed". LOG_ERL_KEEP=1 keeps the work directory.
set -u

build=${1:?usage: tests/shell/log_erl.sh BUILD_DIR [DBGSH]}
build=$(cd "$build" && pwd)
dbgsh=${2:-$build/dbgsh}
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac
tests=$build/tests/test_shell
passed=0
failed=0

if ! command -v erl >/dev/null 2>&1; then
    echo "log_erl: skipped: erl not found (apt-get install erlang-base erlang-runtime-tools)"
    exit 0
fi
if [ ! -x "$tests" ] || ! "$tests" --list 2>/dev/null | grep -q '^log_erl:'; then
    echo "log_erl: FAIL $tests is missing or has no suite log_erl (tests/shell/test_log.c)"
    echo "log_erl: 0 passed, 1 failed"
    exit 1
fi
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-log-erl.XXXXXX")
if [ "${LOG_ERL_KEEP:-0}" = 1 ]; then
    echo "log_erl: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

ok() { passed=$((passed + 1)); }
fail() {
    echo "log_erl: FAIL $1"
    failed=$((failed + 1))
}

# same NAME A B: the files are equal and not empty
same() {
    if [ ! -s "$2" ]; then
        fail "$1: $2 is empty"
    elif cmp -s "$2" "$3"; then
        ok
    else
        fail "$1: $2 and $3 differ:"
        diff "$2" "$3" | head -c 2000 | head -n 10
    fi
}

# Reads SPEC (an Erlang term) with dbg:trace_client(file, SPEC) into OUT;
# fails unless the client ends normally.
erl_read() {
    local spec=$1 out=$2
    (cd "$work" && erl -noshell -eval "
        P = dbg:trace_client(file, $spec),
        R = erlang:monitor(process, P),
        receive {'DOWN', R, _, _, Why} -> ok end,
        case Why of
            normal -> init:stop();
            _ -> io:format(standard_error, \"trace_client: ~p~n\", [Why]), init:stop(1)
        end." >"$out" 2>"$out.err")
}

if ! (cd "$work" && SHELL_LOG_ERL_DIR=$work "$tests" --filter 'log_erl/*' >"$work/test.out" 2>&1); then
    fail "test_shell --filter 'log_erl/*' failed:"
    head -n 20 "$work/test.out"
    echo "log_erl: $passed passed, $failed failed"
    exit 1
fi

# plain.bin: erl prints the text log
if erl_read '"plain.bin"' "$work/erl_plain.txt"; then
    same "erl on plain.bin vs the text log" "$work/erl_plain.txt" "$work/plain.txt"
else
    fail "erl on plain.bin: $(cat "$work/erl_plain.txt.err")"
fi

# wrap sets: erl's text is the end of the text log of every event
for set in 'w8_ {"w8_", wrap, ""}' 'w4_ {"w4_", wrap, "", 200, 4}'; do
    name=${set%% *}
    spec=${set#* }
    out=$work/erl_$name.txt
    if ! erl_read "$spec" "$out"; then
        fail "erl on $spec: $(cat "$out.err")"
        continue
    fi
    bytes=$(wc -c <"$out")
    if [ "$bytes" -gt 0 ] && [ "$(wc -l <"$out")" -lt "$(wc -l <"$work/$name.txt")" ] &&
        tail -c "$bytes" "$work/$name.txt" | cmp -s - "$out"; then
        ok
    else
        fail "erl on $spec: not the last events of $name.txt ($bytes bytes)"
        head -n 5 "$out"
    fi
done

# dbgsh --format prints what erl prints
if [ -x "$dbgsh" ]; then
    "$dbgsh" --format "$work/plain.bin" >"$work/ours_plain.txt" 2>&1
    same "dbgsh --format plain.bin vs erl" "$work/ours_plain.txt" "$work/erl_plain.txt"
    for name in w8_ w4_; do
        [ -s "$work/erl_$name.txt" ] || continue
        "$dbgsh" --format --wrap "$work/$name" "" >"$work/ours_$name.txt" 2>&1
        same "dbgsh --format --wrap $name '' vs erl" "$work/ours_$name.txt" "$work/erl_$name.txt"
    done
else
    echo "log_erl: $dbgsh not built: dbgsh --format not compared"
fi

echo "log_erl: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
