#!/usr/bin/env bash
# tests/dbgcore/sessions/run.sh BUILD DBGSH: each NAME.erl here, run in
# dbgsh as NAME:main(), must print NAME.out (see each .erl for where its
# .out comes from: OTP 25 has no trace module).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dbgsh=${2:?usage: run.sh BUILD DBGSH}
case $dbgsh in /*) ;; *) dbgsh=$(pwd)/$dbgsh ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for src in "$here"/*.erl; do
    name=$(basename "$src" .erl)
    cp "$src" "$tmp/"
    (cd "$tmp" && timeout -k 5 60 "$dbgsh" -S 2 -pa . -e "$name:main()" 2>&1 |
         sed -E 's/#Ref<[0-9.]+>/#Ref<R>/g; s/<0\.[0-9]+\.0>/<P>/g' >"$name.got")
    if diff -u --label "$name.out" --label "$name (dbgsh)" "$here/$name.out" "$tmp/$name.got"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
    fi
done
echo "sessions: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
