#!/usr/bin/env bash
# tests/dbgcore/tracer/run.sh BUILD DBGSH: the built-in message tracer
# module (docs/examples/erl_msg_tracer.c) against OTP's NIF of the same
# example: mt.erl run in dbgsh must print mt.out (from regen.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dbgsh=${2:?usage: run.sh BUILD DBGSH}
case $dbgsh in /*) ;; *) dbgsh=$(pwd)/$dbgsh ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/mt.erl" "$tmp/"
(cd "$tmp" && timeout -k 5 60 "$dbgsh" -S 1 -pa . -e 'mt:main()' >out 2>err)
if diff -u --label mt.out --label "mt (dbgsh)" "$here/mt.out" "$tmp/out"; then
    echo "tracer: 1 passed, 0 failed"
else
    cat "$tmp/err"
    echo "tracer: 0 passed, 1 failed"
    exit 1
fi
