#!/usr/bin/env bash
# tests/diff/tlog/run.sh BUILD [DBGSH]: the trace log differential test.
# (a) dbgsh's writer (tlogtool write) writes a file and a wrap set; real
#     erl's dbg:trace_client reads them; the terms must be what was written.
# (b) real erl's dbg:trace_port writes a file and a wrap set; our reader
#     (tlogtool read) must find the terms dbg:trace_client finds.
# (c) erl's file cut or corrupted: both readers give the same records, then
#     both an error.
# (d) with DBGSH: a program that traces to a file trace port and halts,
#     on both: halt/1 writes the port's buffer out first (both files read
#     the same), halt/2 with {flush, false} does not (both files empty).
# Terms are compared as ~w text, pids numbered by first appearance.
# Needs BUILD/tests/tlogtool (see tlogtool.c). Last line:
# "tlog: N passed, N failed". DIFF_KEEP=1 keeps the work directory.
set -u

build=${1:?usage: tests/diff/tlog/run.sh BUILD_DIR [DBGSH]}
here=$(cd "$(dirname "$0")" && pwd)
tool=$build/tests/tlogtool
passed=0
failed=0

fail_all() {
    echo "tlog: $1"
    echo "tlog: 0 passed, 1 failed"
    exit 1
}

[ -x "$tool" ] || fail_all "$tool is missing: build it with make $tool"
command -v escript >/dev/null 2>&1 || fail_all "erl/escript not found: install Erlang/OTP (apt-get install erlang-base)"
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-tlog.XXXXXX")
if [ "${DIFF_KEEP:-0}" = 1 ]; then
    echo "tlog: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# Pids <A.B.C> become <P1>, <P2>, ... in order of first appearance.
normalise() {
    perl -pe 'BEGIN { our %seen; our $n = 0 } s{<(\d+\.\d+\.\d+)>}{"<P" . ($seen{$1} //= ++$n) . ">"}ge' "$1"
}

# compare NAME OURS ERLS
compare() {
    local name=$1
    if [ ! -s "$2" ] && [ ! -s "$3" ]; then
        echo "tlog: FAIL $name: both sides are empty"
        failed=$((failed + 1))
        return
    fi
    if ! normalise "$2" >"$work/$name.ours.norm" || ! normalise "$3" >"$work/$name.erl.norm"; then
        echo "tlog: FAIL $name: cannot normalise the pids"
        failed=$((failed + 1))
        return
    fi
    if diff "$work/$name.ours.norm" "$work/$name.erl.norm" >"$work/$name.diff"; then
        passed=$((passed + 1))
    else
        echo "tlog: FAIL $name: dbgsh (<) and erl (>) differ:"
        head -c 2000 "$work/$name.diff" | head -n 10
        failed=$((failed + 1))
    fi
}

# (a) ours -> erl
if "$tool" write "$work" 2>"$work/write.err"; then
    passed=$((passed + 1))
    escript "$here/erlside.escript" read "$work/ours.trc" "$work/erl_of_ours.txt" ||
        echo "tlog: erlside read failed"
    compare ours_file "$work/ours.txt" "$work/erl_of_ours.txt"
    escript "$here/erlside.escript" read-wrap "$work/ow/w" .trc 3 "$work/erl_of_ours_wrap.txt" ||
        echo "tlog: erlside read-wrap failed"
    compare ours_wrap "$work/ours_wrap.txt" "$work/erl_of_ours_wrap.txt"
else
    echo "tlog: FAIL tlogtool write: $(cat "$work/write.err")"
    failed=$((failed + 1))
fi

# (b) erl -> ours
if escript "$here/erlside.escript" produce "$work" >"$work/produce.out" 2>&1; then
    escript "$here/erlside.escript" read "$work/erl.trc" "$work/erl.txt"
    "$tool" read "$work/erl.trc" >"$work/ours_of_erl.txt" 2>"$work/read.err"
    compare erl_file "$work/ours_of_erl.txt" "$work/erl.txt"
    escript "$here/erlside.escript" read-wrap "$work/ew/w" .trc 4 "$work/erl_wrap.txt"
    "$tool" read-wrap "$work/ew/w" .trc 4 >"$work/ours_of_erl_wrap.txt" 2>"$work/read.err"
    compare erl_wrap "$work/ours_of_erl_wrap.txt" "$work/erl_wrap.txt"
    nfiles=$(ls "$work/ew" | wc -l)
    if [ "$nfiles" -eq 4 ]; then
        passed=$((passed + 1))
    else
        echo "tlog: FAIL erl's wrap set has $nfiles files, 4 expected (did it rotate?)"
        failed=$((failed + 1))
    fi

    # (c) damaged copies of erl's file: cut in a header, in a term, at a
    # record boundary; a bad tag; a size past the end
    size=$(stat -c %s "$work/erl.trc")
    first=$(( $(od -An -tu1 -j1 -N4 "$work/erl.trc" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }') + 5 ))
    damage() { # NAME, then a command writing the damaged file to $work/NAME.trc
        local name=$1
        shift
        "$@" >"$work/$name.trc"
        escript "$here/erlside.escript" read "$work/$name.trc" "$work/$name.erl.txt"
        "$tool" read "$work/$name.trc" >"$work/$name.ours.txt" 2>/dev/null
        compare "$name" "$work/$name.ours.txt" "$work/$name.erl.txt"
    }
    damage cut_header head -c $((first + 3)) "$work/erl.trc"
    damage cut_term head -c $((size - 7)) "$work/erl.trc"
    damage cut_boundary head -c $((first * 1)) "$work/erl.trc"
    damage bad_tag sh -c "head -c $first '$work/erl.trc'; printf '\\007'; tail -c +$((first + 2)) '$work/erl.trc'"
    damage huge_size sh -c "head -c $first '$work/erl.trc'; printf '\\000\\377\\377\\377\\377'; tail -c +$((first + 6)) '$work/erl.trc'"
else
    echo "tlog: FAIL erl could not produce its trace files:"
    head -n 20 "$work/produce.out"
    failed=$((failed + 1))
fi

# (d) halt and the file trace port's buffer
dbgsh=${2:-}
if [ -n "$dbgsh" ]; then
    for variant in flush noflush; do
        case $variant in
            flush) stop='halt(3)' ;;
            noflush) stop='halt(3, [{flush, false}])' ;;
        esac
        for side in ours erl; do
            f=$work/halt_$variant.$side.trc
            prog="dbg:tracer(port, dbg:trace_port(file, \"$f\")), dbg:p(self(), [c]),
                  dbg:tpl(lists, seq, x), lists:seq(1, 3), lists:seq(5, 9), timer:sleep(50), $stop."
            if [ $side = ours ]; then
                "$dbgsh" -S 1 -e "$prog" >/dev/null 2>&1
            else
                erl -noshell +S 1 -eval "$prog" >/dev/null 2>&1
            fi
            echo $? >"$work/halt_$variant.$side.status"
        done
        if ! cmp -s "$work/halt_$variant.ours.status" "$work/halt_$variant.erl.status"; then
            echo "tlog: FAIL halt_$variant: exit status $(cat "$work/halt_$variant.ours.status"), erl's $(cat "$work/halt_$variant.erl.status")"
            failed=$((failed + 1))
        elif [ $variant = flush ]; then
            escript "$here/erlside.escript" read "$work/halt_flush.ours.trc" "$work/halt_flush.ours.txt"
            escript "$here/erlside.escript" read "$work/halt_flush.erl.trc" "$work/halt_flush.erl.txt"
            compare halt_flush "$work/halt_flush.ours.txt" "$work/halt_flush.erl.txt"
        elif [ -s "$work/halt_noflush.ours.trc" ] || [ -s "$work/halt_noflush.erl.trc" ]; then
            echo "tlog: FAIL halt_noflush: the files hold $(stat -c %s "$work/halt_noflush.ours.trc") bytes, erl's $(stat -c %s "$work/halt_noflush.erl.trc"); both should be empty"
            failed=$((failed + 1))
        else
            passed=$((passed + 1))
        fi
    done
fi

echo "tlog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
