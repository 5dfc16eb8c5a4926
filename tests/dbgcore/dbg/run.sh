#!/usr/bin/env bash
# tests/dbgcore/dbg/run.sh [BUILD DBGSH] [--dbgsh DBGSH] [--update] [-j N]
# [FILTER]: the dbg scenarios. Each scen/NAME.erl (module NAME, main/0) is a
# sequence of dbg calls on workers running lib/tm.erl; scen/NAME.out is OTP
# 25's output for it, normalised (pids, refs, funs, ports numbered by first
# appearance, timestamps blanked, i/0's padding after a pid made one space).
#
#   run.sh            on erl: each scenario runs once with OTP's dbg and once
#                     with dbgcore/lib/dbg.erl compiled as dbz (as long a
#                     name as dbg, so that ~p wraps lines alike; the
#                     scenario's dbg: calls renamed, shim/dbgsh_trace.erl
#                     standing in for the engine's format_line/open_port);
#                     both outputs must equal NAME.out.
#   --dbgsh DBGSH     runs the scenarios unchanged in `DBGSH -S 1 -e` instead
#                     of the renamed copy, against NAME.out.
#   --update          rewrites every NAME.out from OTP's dbg.
#   FILTER            an extended regex over scenario names.
#   BUILD DBGSH       (a build directory and an executable, as tests/run.sh
#                     passes them to every suite) are accepted and ignored.
# Last line: "dbg: N passed, N failed"; exits non-zero on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
dbgsh=
update=0
jobs=${DBG_JOBS:-4}
filter=
if [ $# -ge 2 ] && [ -d "$1" ] && [ -f "$2" ] && [ -x "$2" ]; then
    shift 2
fi
while [ $# -gt 0 ]; do
    case $1 in
        --dbgsh) dbgsh=$2; shift 2 ;;
        --update) update=1; shift ;;
        -j) jobs=$2; shift 2 ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
        *) filter=$1; shift ;;
    esac
done
if [ -n "$dbgsh" ]; then
    case $dbgsh in
        /*) ;;
        *) dbgsh=$(cd "$(dirname "$dbgsh")" && pwd)/$(basename "$dbgsh") ;;
    esac
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/otp" "$tmp/ours/src" "$tmp/res" "$tmp/w"

names=()
for f in "$here"/scen/*.erl; do
    n=$(basename "$f" .erl)
    if [ -z "$filter" ] || printf '%s\n' "$n" | grep -Eq -- "$filter"; then
        names+=("$n")
    fi
done

need_erl=1
[ -n "$dbgsh" ] && [ "$update" = 0 ] && need_erl=0
if [ "$need_erl" = 1 ]; then
    if ! command -v erlc >/dev/null 2>&1; then
        echo "dbg: erlc not found (needs Erlang/OTP 25)" >&2
        echo "dbg: 0 passed, 1 failed"
        exit 1
    fi
    # OTP's side: the scenarios as they are.
    erlc -o "$tmp/otp" "$here"/lib/*.erl "$here"/scen/*.erl || {
        echo "dbg: 0 passed, 1 failed"; exit 1; }
    # Our side: dbg.erl as dbz, every dbg: call renamed to it.
    sed 's/^-module(dbg)\./-module(dbz)./' "$root/dbgcore/lib/dbg.erl" >"$tmp/ours/src/dbz.erl"
    for f in "$here"/lib/*.erl "$here"/scen/*.erl; do
        sed 's/\bdbg:/dbz:/g' "$f" >"$tmp/ours/src/$(basename "$f")"
    done
    erlc -o "$tmp/ours" "$tmp"/ours/src/*.erl "$here/shim/dbgsh_trace.erl" || {
        echo "dbg: 0 passed, 1 failed"; exit 1; }
fi

normalise() {
    sed -E -e 's/\bdbz\b/dbg/g' -e 's/\(Timestamp: [^)]*\)/(Timestamp: TS)/g' \
        -e 's/^(<[0-9]+\.[0-9]+\.[0-9]+>) +/\1 /' "$1" |
        perl "$root/tests/scripts/normalise.pl"
}

# run_side NAME SIDE: runs one scenario on one side (otp, ours or dbgsh) in
# a fresh directory, logger's output on standard error (dbg.config);
# leaves the normalised stdout in $tmp/w/NAME.SIDE.
run_side() {
    local name=$1 side=$2 work=$tmp/w/$1.$2.d
    mkdir -p "$work"
    case $side in
        otp) (cd "$work" && timeout -k 5 60 erl +S 1 -noshell -config "$here/dbg.config" -pa "$tmp/otp" \
                  -eval "$name:main(), halt()." >stdout 2>stderr </dev/null) ;;
        ours) (cd "$work" && timeout -k 5 60 erl +S 1 -noshell -config "$here/dbg.config" -pa "$tmp/ours" \
                  -eval "dbgsh_trace:start(), $name:main(), halt()." >stdout 2>stderr </dev/null) ;;
        dbgsh) (cd "$work" && timeout -k 5 60 "$dbgsh" -S 1 -config "$here/dbg.config" -pa "$here/scen" \
                  -pa "$here/lib" -e "$name:main()" >stdout 2>stderr </dev/null) ;;
    esac
    echo $? >"$work/status"
    normalise "$work/stdout" >"$tmp/w/$name.$side"
}

# check NAME: runs a scenario and leaves $tmp/res/NAME.pass or .fail.
check() {
    local name=$1 want=$here/scen/$1.out report=$tmp/res/$1.report side
    : >"$report"
    if [ "$update" = 1 ]; then
        run_side "$name" otp
        cp "$tmp/w/$name.otp" "$want"
        touch "$tmp/res/$name.pass"
        return
    fi
    if [ ! -f "$want" ]; then
        echo "dbg: FAIL $name: no scen/$name.out (run.sh --update)" >>"$report"
    fi
    if [ -n "$dbgsh" ]; then
        set -- dbgsh
    else
        set -- otp ours
    fi
    for side in "$@"; do
        run_side "$name" "$side"
        if [ -f "$want" ] && ! diff -u --label "$name.out" --label "$name ($side)" \
                "$want" "$tmp/w/$name.$side" >"$tmp/w/$name.$side.diff"; then
            echo "dbg: FAIL $name: $side output differs" >>"$report"
            head -n 40 "$tmp/w/$name.$side.diff" >>"$report"
            [ "$(wc -l <"$tmp/w/$name.$side.diff")" -gt 40 ] && echo "... (diff truncated)" >>"$report"
        fi
    done
    if [ -s "$report" ]; then
        touch "$tmp/res/$name.fail"
    else
        touch "$tmp/res/$name.pass"
    fi
}

running=0
for name in "${names[@]}"; do
    check "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

passed=0
failed=0
for name in "${names[@]}"; do
    if [ -f "$tmp/res/$name.pass" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        cat "$tmp/res/$name.report"
    fi
done
[ "$update" = 1 ] && echo "dbg: wrote ${#names[@]} expected outputs"
echo "dbg: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
