#!/usr/bin/env bash
# tests/scripts/run.sh BUILD DBGSH [--erl] [-j N] [FILTER]: script tests.
# Runs every program FEATURE/NAME.erl as `DBGSH -S 1 -pa FEATURE -e
# 'NAME:main()'`, normalises its stdout (normalise.pl) and compares it with
# FEATURE/NAME.out, and its exit status with FEATURE/NAME.status (0 when
# there is none). With --erl the same programs are also run on real erl
# (regen.sh --out into a temp dir) and erl's outputs must equal the .out
# files too (the differential check; each such program counts as one more
# test, "erl:NAME"). FILTER is an extended regex over "FEATURE/NAME"; -j N
# runs N programs at once (default: SCRIPTS_JOBS, or 2). Timeout per program:
# SCRIPTS_TIMEOUT seconds (60).
# SCRIPTS_SCHEDULERS sets -S (default 1; the output must not depend on it).
# SCRIPTS_SKIP names a file of programs not to run in this build
# ("FEATURE/NAME  why", e.g. gcstress-skip: output that counts collections),
# each reported as skipped with its reason.
# Prints a unified diff (truncated) for each failure and, last,
# "scripts: N passed, N failed"; exits non-zero on failure.
set -u
if [ $# -lt 2 ]; then
    echo "usage: run.sh BUILD DBGSH [--erl] [-j N] [FILTER]" >&2
    exit 2
fi
build=$1
dbgsh=$2
shift 2
: "$build"    # BUILD is accepted for symmetry with the other suites (unused)
case $dbgsh in
    /*) ;;
    */*) dbgsh=$(cd "$(dirname "$dbgsh")" && pwd)/$(basename "$dbgsh") ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
with_erl=0
jobs=${SCRIPTS_JOBS:-2}
filter=
while [ $# -gt 0 ]; do
    case $1 in
        --erl) with_erl=1; shift ;;
        -j) jobs=$2; shift 2 ;;
        -j*) jobs=${1#-j}; shift ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
        *) filter=$1; shift ;;
    esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/res"

progs=()
skipped=0
while IFS= read -r rel; do
    if [ -z "$filter" ] || printf '%s\n' "$rel" | grep -Eq -- "$filter"; then
        if [ -n "${SCRIPTS_SKIP:-}" ] && grep -q "^$rel[[:space:]]" "$SCRIPTS_SKIP"; then
            echo "scripts: skipped $rel: $(grep "^$rel[[:space:]]" "$SCRIPTS_SKIP" | sed 's/^[^[:space:]]*[[:space:]]*//')"
            skipped=$((skipped + 1))
            continue
        fi
        progs+=("$rel")
    fi
done < <(cd "$here" && find . -mindepth 2 -maxdepth 2 -name '*.erl' | sed 's|^\./||; s|\.erl$||' | sort)

# run_one FEATURE/NAME: runs one program on DBGSH; leaves $tmp/res/NAME.pass
# or $tmp/res/NAME.fail (holding the report to print).
run_one() {
    local rel=$1 name feature dir work rc want
    name=${rel##*/}
    feature=${rel%/*}
    dir=$here/$feature
    work=$tmp/w/$name
    mkdir -p "$work"
    (cd "$work" && timeout -k 5 "${SCRIPTS_TIMEOUT:-60}" "$dbgsh" -S "${SCRIPTS_SCHEDULERS:-1}" -config "$here/scripts.config" -pa "$dir" \
        -e "$name:main()" >stdout 2>stderr </dev/null)
    rc=$?
    perl "$here/normalise.pl" "$work/stdout" >"$work/actual"
    want=0
    [ -f "$dir/$name.status" ] && want=$(cat "$dir/$name.status")
    {
        if [ ! -f "$dir/$name.out" ]; then
            echo "scripts: FAIL $rel: no $feature/$name.out (run regen.sh)"
        elif ! diff -u --label "$rel.out" --label "$rel (dbgsh)" \
                "$dir/$name.out" "$work/actual" >"$work/diff"; then
            echo "scripts: FAIL $rel: output differs"
            head -n 40 "$work/diff"
            [ "$(wc -l <"$work/diff")" -gt 40 ] && echo "... (diff truncated)"
        fi
        if [ "$rc" != "$want" ]; then
            if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
                echo "scripts: FAIL $rel: timed out (status $rc)"
            else
                echo "scripts: FAIL $rel: exit status $rc, expected $want"
            fi
        fi
    } >"$work/report"
    if [ -s "$work/report" ]; then
        if [ -s "$work/stderr" ]; then
            echo "stderr (head):"
            head -n 8 "$work/stderr"
        fi >>"$work/report"
        mv "$work/report" "$tmp/res/$name.fail"
    else
        : >"$tmp/res/$name.pass"
    fi
    rm -rf "$work"
}
export -f run_one
export here tmp dbgsh

if [ ${#progs[@]} -gt 0 ]; then
    # shellcheck disable=SC2016 # $1 is expanded by the inner bash
    printf '%s\n' "${progs[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$1"' _ {}
fi

# tests/scripts/pending lists programs that need VM work still to be done
# ("FEATURE/NAME  why"): their failures are reported as pending, not
# failed, and one that passes is reported so that it leaves the list.
is_pending() {
    [ -f "$here/pending" ] && grep -q "^$1[[:space:]]" "$here/pending"
}
passed=0
failed=0
pending=0
for rel in "${progs[@]}"; do
    name=${rel##*/}
    if [ -f "$tmp/res/$name.pass" ]; then
        passed=$((passed + 1))
        is_pending "$rel" && echo "scripts: $rel passes now: remove it from tests/scripts/pending"
    elif is_pending "$rel"; then
        pending=$((pending + 1))
        echo "scripts: pending $rel: $(grep "^$rel[[:space:]]" "$here/pending" | sed 's/^[^[:space:]]*[[:space:]]*//')"
    else
        failed=$((failed + 1))
        if [ -f "$tmp/res/$name.fail" ]; then
            cat "$tmp/res/$name.fail"
        else
            echo "scripts: FAIL $rel: not run"
        fi
    fi
done

# The differential check: real erl must still print what the .out files say.
if [ "$with_erl" -eq 1 ] && [ ${#progs[@]} -gt 0 ]; then
    "$here/regen.sh" --out "$tmp/erl" ${filter:+"$filter"} >"$tmp/regen.log" 2>&1
    regen_rc=$?
    for rel in "${progs[@]}"; do
        name=${rel##*/}
        ok=1
        if ! diff -u --label "$rel.out" --label "$rel (erl)" \
                "$here/$rel.out" "$tmp/erl/$rel.out" >"$tmp/erl.diff" 2>&1; then
            echo "scripts: FAIL erl:$rel: erl's output differs from $rel.out"
            head -n 40 "$tmp/erl.diff"
            ok=0
        fi
        if [ -f "$here/$rel.status" ] || [ -f "$tmp/erl/$rel.status" ]; then
            if ! cmp -s "$here/$rel.status" "$tmp/erl/$rel.status"; then
                echo "scripts: FAIL erl:$rel: erl's exit status differs from $rel.status"
                ok=0
            fi
        fi
        if [ "$ok" -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    done
    if [ "$regen_rc" -ne 0 ]; then
        echo "scripts: regen.sh on erl reported problems:"
        tail -n 20 "$tmp/regen.log"
        [ "$failed" -eq 0 ] && failed=1
    fi
fi

[ "$skipped" -gt 0 ] && echo "scripts: $skipped skipped (SCRIPTS_SKIP)"
echo "scripts: $passed passed, $failed failed, $pending pending"
[ "$failed" -eq 0 ]
