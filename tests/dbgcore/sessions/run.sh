#!/usr/bin/env bash
# tests/dbgcore/sessions/run.sh BUILD DBGSH: sessions.erl in dbgsh must
# print sessions.out (see sessions.erl for where that comes from).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dbgsh=${2:?usage: run.sh BUILD DBGSH}
case $dbgsh in /*) ;; *) dbgsh=$(pwd)/$dbgsh ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/sessions.erl" "$tmp/"
(cd "$tmp" && timeout -k 5 60 "$dbgsh" -S 2 -pa . -e 'sessions:main()' 2>&1 |
     sed -E 's/#Ref<[0-9.]+>/#Ref<R>/g; s/<0\.[0-9]+\.0>/<P>/g' >out)
if diff -u --label sessions.out --label "sessions (dbgsh)" "$here/sessions.out" "$tmp/out"; then
    echo "sessions: 1 passed, 0 failed"
else
    echo "sessions: 0 passed, 1 failed"
    exit 1
fi
