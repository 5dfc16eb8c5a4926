#!/usr/bin/env bash
# tests/dbgcore/tracer/regen.sh: writes mt.out from real erl, with the
# reference NIF otp/erl_msg_tracer.c (needs gcc and erl_nif.h: Debian's
# erlang-dev). Only to change the expected output; run.sh uses it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inc=$(erl -noshell -eval 'io:format("~s/usr/include", [code:root_dir()]), halt().')
gcc -O1 -fPIC -shared -I"$inc" -o "$tmp/erl_msg_tracer.so" "$here/otp/erl_msg_tracer.c"
erlc -o "$tmp" "$here/mt.erl" "$here/otp/erl_msg_tracer.erl"
(cd "$tmp" && erl -noshell +S 1 -pa . -eval "ok = erl_msg_tracer:load(\"$tmp\"), mt:main(), halt().") >"$here/mt.out"
echo "tracer: wrote mt.out"
