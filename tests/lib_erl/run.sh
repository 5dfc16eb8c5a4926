#!/usr/bin/env bash
# tests/lib_erl/run.sh: checks the VM's Erlang standard library (vm/lib/*.erl)
# against real OTP.  Each module is compiled under a dbgsh_ name inside erl
# and every exported function is called on the same inputs as OTP's own
# module; prints "lib_erl: N passed, N failed" and exits non-zero on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if ! command -v erlc >/dev/null 2>&1; then
    echo "lib_erl: erlc not found (needs Erlang/OTP 25)" >&2
    echo "lib_erl: 0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
erlc -o "$tmp" "$here/lib_rename.erl" "$here/lib_test.erl" || {
    echo "lib_erl: 0 passed, 1 failed"
    exit 1
}
LIB_ERL_TMP="$tmp" ERL_CRASH_DUMP="$tmp/erl_crash.dump" erl -noshell -pa "$tmp" -eval "lib_test:main([\"$root/vm/lib\"])"
