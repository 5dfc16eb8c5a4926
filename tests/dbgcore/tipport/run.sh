#!/usr/bin/env bash
# tests/dbgcore/tipport/run.sh BUILD DBGSH: the ip trace port
# (dbg:trace_port(ip, ...)) read by real erl's dbg:trace_client(ip, ...).
# Each case runs tipport.erl as the traced node, once in erl (OTP's
# trace_ip_drv) and once in dbgsh, each read by tipport_client.erl in erl;
# the client's and the server's outputs, pids numbered by first
# appearance, must be the same. drop1 (QueueSize 1) runs in dbgsh only:
# OTP 25's driver may crash the node for queue sizes below 7 (it clears
# only QueueSize + 1 bytes of its ring of pointers), so its
# expected output, drop1.out, is derived from the driver's rule (see
# docs/internals/trace-logs.md, "The ip trace port"). Last line:
# "tipport: N passed, N failed"; exit 1 on a failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
dbgsh=${2:?usage: run.sh BUILD DBGSH}
case $dbgsh in /*) ;; *) dbgsh=$(pwd)/$dbgsh ;; esac
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "keeping $tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
mkdir -p "$tmp/ebin"
if ! erlc -o "$tmp/ebin" "$here/tipport.erl" "$here/tipport_client.erl"; then
    echo "tipport: 0 passed, 1 failed"
    exit 1
fi
pass=0 fail=0

# Pids become <P1>, <P2>, ... in order of first appearance.
norm() {
    perl -pe 'BEGIN { our %m; our $n = 0 } s/<\d+\.\d+\.\d+>/$m{$&} \/\/= "<P" . ++$n . ">"/ge' "$1"
}

# run_case NAME SERVER EXPR FORM: the server (erl or dbgsh) evaluates EXPR
# in $tmp/NAME.SERVER, the client reads with FORM (int | host); leaves
# NAME.SERVER.out: the client's lines, then "--- server", the server's.
run_case() {
    local name=$1 server=$2 expr=$3 form=$4 d="$tmp/$1.$2"
    mkdir -p "$d"
    cp "$here/tipport.erl" "$d/"
    (
        cd "$d" || exit 1
        if [ "$server" = erl ]; then
            timeout -k 5 60 erl -noshell -pa "$tmp/ebin" -eval "$expr, halt()." >server.txt 2>&1 &
        else
            timeout -k 5 60 "$dbgsh" -S 2 -pa . -e "$expr" >server.txt 2>&1 &
        fi
        spid=$!
        timeout -k 5 60 erl -noshell -pa "$tmp/ebin" \
            -eval "tipport_client:main([\"$d\", \"$form\"])." >client.txt 2>&1
        wait $spid
    )
    { cat "$d/client.txt"; echo "--- server"; cat "$d/server.txt"; } >"$d/raw"
    norm "$d/raw" >"$tmp/$name.$server.out"
}

check() {
    local name=$1 expected=$2 got=$3
    if diff -u --label "$name (expected)" --label "$name (dbgsh)" "$expected" "$got"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
    fi
}

# Differential: erl's own ip trace port gives the expected output.
for c in "calls:tipport:main(calls):int" "drop8:tipport:main(drop, 8):host" \
         "stress:tipport:main(stress):count"; do
    IFS=: read -r name mod expr form <<<"$c"
    expr="$mod:$expr"
    run_case "$name" erl "$expr" "$form"
    run_case "$name" dbgsh "$expr" "$form"
    check "$name" "$tmp/$name.erl.out" "$tmp/$name.dbgsh.out"
done

# QueueSize 1: the marker waits, the 10 calls of the burst are one drop.
run_case drop1 dbgsh "tipport:main(drop, 1)" int
check drop1 "$here/drop1.out" "$tmp/drop1.dbgsh.out"

echo "tipport: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
