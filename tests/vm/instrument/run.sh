#!/usr/bin/env bash
# tests/vm/instrument/run.sh BUILD DBGSH: instrument from Erlang
# (instr_test.erl) in the three memory modes: counters on (the default),
# the allocation map (+Mim true) and counters off (+Mis false). Each mode's
# tests must pass, and the program instr_test computes must give the same
# checksum in all three (the map never changes what a program computes).
# Then every script test (tests/scripts) runs again with +Mim true: the same
# output as erl, and every block freed with the type and size it was
# allocated with (map mode checks that). Last line: "instrument: N passed,
# N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
dbgsh=${2:?usage: run.sh BUILD DBGSH}
case $dbgsh in /*) ;; *) dbgsh=$(pwd)/$dbgsh ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/instr_test.erl" "$tmp/"
passed=0 failed=0
sums=
for mode in status map off; do
    case $mode in
        status) flags=() ;;
        map) flags=(+Mim true) ;;
        off) flags=(+Mis false) ;;
    esac
    out=$(cd "$tmp" && timeout -k 5 120 "$dbgsh" "${flags[@]}" -S 2 -pa . -e "instr_test:main($mode)" 2>&1)
    printf '%s\n' "$out" | grep -v '^ok \|^checksum ' | sed "s/^/[$mode] /"
    last=$(printf '%s\n' "$out" | grep -E '^instr_test: [0-9]+ passed' | tail -n 1)
    p=$(printf '%s' "$last" | sed -n 's/.* \([0-9]*\) passed.*/\1/p')
    f=$(printf '%s' "$last" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-1}))
    sums="$sums $(printf '%s\n' "$out" | sed -n 's/^checksum //p' | sort -u | tr '\n' ' ')"
done
if [ "$(printf '%s\n' $sums | sort -u | wc -l)" -eq 1 ] && [ "$(printf '%s\n' $sums | wc -l)" -ge 3 ]; then
    passed=$((passed + 1))
else
    echo "checksums differ between modes:$sums"
    failed=$((failed + 1))
fi
printf '#!/bin/sh\nexec "%s" +Mim true "$@"\n' "$dbgsh" >"$tmp/dbgsh-map"
chmod +x "$tmp/dbgsh-map"
scripts=$("$here/../../scripts/run.sh" "$1" "$tmp/dbgsh-map" 2>&1)
printf '%s\n' "$scripts" | grep -v '^scripts: [0-9]* passed' | sed 's/^/[scripts +Mim true] /' | tail -n 40
last=$(printf '%s\n' "$scripts" | grep -E '^scripts: [0-9]+ passed' | tail -n 1)
p=$(printf '%s' "$last" | sed -n 's/.* \([0-9]*\) passed.*/\1/p')
f=$(printf '%s' "$last" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-1}))
echo "instrument: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
