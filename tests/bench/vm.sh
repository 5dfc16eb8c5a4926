#!/usr/bin/env bash
# tests/bench/vm.sh DBGSH: the VM benchmarks of `make bench`. Runs
# tests/bench/vm/bench_vm.erl on dbgsh (-S 1) and on erl (+S 1, compiled with
# erlc) in the same run; each prints "result NAME MS" per workload (the
# second of two runs). Prints both times and erl/dbgsh (above 1: dbgsh is
# faster). A benchmark, not a test: it never fails on speed.
set -eu
dbgsh=${1:?usage: tests/bench/vm.sh DBGSH}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-vmbench.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac

erlc -o "$work" "$here/vm/bench_vm.erl"
(cd "$work" && "$dbgsh" -S 1 -pa "$here/vm" -e 'bench_vm:main()') >"$work/ours.txt"
erl -noshell +S 1 -pa "$work" -eval 'bench_vm:main(), halt().' >"$work/erl.txt"

echo "bench: VM workloads, one scheduler each, wall ms of the second run"
awk '
    FNR == 1 { side++ }
    $1 != "result" { next }
    side == 1 { order[++n] = $2; ours[$2] = $3 }
    side == 2 { erl[$2] = $3 }
    END {
        printf "%-24s %12s %12s %10s\n", "workload", "dbgsh ms", "erl ms", "erl/dbgsh"
        for (i = 1; i <= n; i++) {
            k = order[i]; o = ours[k] < 0.001 ? 0.001 : ours[k]
            printf "%-24s %12.3f %12.3f %10.2f\n", k, ours[k], erl[k], erl[k] / o
        }
    }' "$work/ours.txt" "$work/erl.txt"
