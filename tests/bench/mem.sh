#!/usr/bin/env bash
# tests/bench/mem.sh DBGSH [REPS]: what memory accounting costs (vm/alloc.h).
# Runs the VM workloads of tests/bench/vm.sh (vm/bench_vm.erl) on dbgsh -S 1
# three ways in the same run: `+Mis false` (counters off), the default
# (counters on) and `+Mim true` (allocation map). One VM per workload, mode
# and repetition (so no workload inherits another's heap); for each workload
# and repetition the three modes run back to back in a rotated order, so that
# noise on the machine and order effects fall on every mode alike.
# In its VM a workload runs once to warm up, then again and again until it
# has used MEM_BENCH_MS (default 300) ms of CPU; its figure is the CPU ms per
# run (statistics(runtime): preemption by other programs does not inflate it
# as it does wall time; MEM_BENCH_CLOCK=wall takes wall time instead).
# A workload's figure in a mode is the minimum over REPS (default 5) VMs.
# Prints the three figures, on/off (target: at most 1.02) and map/off, their
# geometric means, and the spread of the off VMs ((median - min) / min), the
# resolution of a ratio. A benchmark, not a test: it never fails on speed; it
# fails when a VM fails or runs in another mode than asked.
set -eu
dbgsh=${1:?usage: tests/bench/mem.sh DBGSH [REPS]}
reps=${2:-5}
target=${MEM_BENCH_MS:-300}
clock=${MEM_BENCH_CLOCK:-cpu}
case $reps$target in *[!0-9]*) echo "usage: tests/bench/mem.sh DBGSH [REPS] (REPS, MEM_BENCH_MS: counts)" >&2; exit 2 ;; esac
[ "$reps" -gt 0 ] || { echo "bench: REPS must be at least 1" >&2; exit 2; }
case $clock in cpu | wall) ;; *) echo "bench: MEM_BENCH_CLOCK is cpu or wall, not '$clock'" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-membench.XXXXXX")
trap 'rm -rf "$work"' EXIT
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac

# bench_vm's workloads, reached through workloads/0 (exported in the copy
# when the original does not export it).
sed '/^-export(\[main\/0\])\.$/s//-export([main\/0, workloads\/0])./' \
    "$here/vm/bench_vm.erl" >"$work/bench_vm.erl"
if ! grep -q '^-export(.*workloads/0' "$work/bench_vm.erl"; then
    echo "bench: $here/vm/bench_vm.erl exports neither main/0 alone nor workloads/0" >&2
    exit 1
fi
cat >"$work/bench_mem.erl" <<'ERL'
%% bench_mem: tests/bench/mem.sh's driver. count() prints "workloads N";
%% main(Ms, I) prints the allocation modes, then for bench_vm's I-th
%% workload "result NAME RUNS WALL_MS CPU_MS", both per run, over runs after
%% a warm-up run until Ms ms of CPU are used.
-module(bench_mem).
-export([count/0, main/2]).

count() ->
    io:format("workloads ~b~n", [length(bench_vm:workloads())]).

main(Ms, I) ->
    case catch dbgsh_alloc:modes() of
        {S, M} -> io:format("modes ~p ~p~n", [S, M]);
        _ -> io:format("modes ? ?~n")
    end,
    {Name, F} = lists:nth(I, bench_vm:workloads()),
    F(),
    T0 = erlang:monotonic_time(),
    {C0, _} = statistics(runtime),
    N = repeat(F, C0 + Ms, 0),
    {C1, _} = statistics(runtime),
    T1 = erlang:monotonic_time(),
    Us = erlang:convert_time_unit(T1 - T0, native, microsecond),
    io:format("result ~s ~b ~.4f ~.4f~n", [Name, N, Us / 1000 / N, (C1 - C0) / N]).

repeat(F, Until, N) ->
    F(),
    {C, _} = statistics(runtime),
    if C >= Until -> N + 1;
       true -> repeat(F, Until, N + 1)
    end.
ERL

modes=(off on map)
flags() { case $1 in off) echo "+Mis false" ;; on) echo "" ;; map) echo "+Mim true" ;; esac; }
expect() { case $1 in off) echo "false false" ;; on) echo "true false" ;; map) echo "true true" ;; esac; }

# run MODE REP WORKLOAD: one VM, its output into $work/WORKLOAD.MODE.REP.
run() {
    local mode=$1 out=$work/$3.$1.$2 rc=0 got
    # shellcheck disable=SC2046 # the flags are separate words
    (cd "$work" && timeout 600 "$dbgsh" $(flags "$mode") -S 1 -pa "$work" -e "bench_mem:main($target, $3)") \
        >"$out" 2>"$work/err" || rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^result ' "$out"; then
        echo "bench: dbgsh $(flags "$mode") -e 'bench_mem:main($target, $3)' failed (exit $rc):" >&2
        tail -n 5 "$work/err" "$out" >&2
        exit 1
    fi
    got=$(awk '$1 == "modes" { print $2, $3; exit }' "$out")
    if [ "$got" != "? ?" ] && [ "$got" != "$(expect "$mode")" ]; then
        echo "bench: dbgsh $(flags "$mode") runs with status/map $got, not $(expect "$mode")" >&2
        exit 1
    fi
}

nw=$( (cd "$work" && "$dbgsh" -S 1 -pa "$work" -e 'bench_mem:count()') | awk '$1 == "workloads" { print $2 }')
case $nw in '' | *[!0-9]*) echo "bench: dbgsh could not load bench_vm's workloads" >&2; exit 1 ;; esac
for ((r = 0; r < reps; r++)); do
    for ((w = 1; w <= nw; w++)); do
        for ((i = 0; i < 3; i++)); do
            run "${modes[(r + w + i) % 3]}" "$r" "$w"
        done
    done
done

echo "bench: memory accounting, bench_vm workloads on dbgsh -S 1: $clock ms per run, min of $reps VMs" \
    "per workload and mode (modes interleaved, ${target} ms of CPU per VM); load average $(cut -d' ' -f1-3 /proc/loadavg)"
col=5 # of "result NAME RUNS WALL_MS CPU_MS"
[ "$clock" = wall ] && col=4
for ((w = 1; w <= nw; w++)); do
    for m in "${modes[@]}"; do
        for ((r = 0; r < reps; r++)); do
            awk -v m="$m" -v col="$col" '$1 == "result" { print m, $2, $col }' "$work/$w.$m.$r"
        done
    done
done | awk '
    function sort(a, n,    i, j, t) {  # insertion sort of a[1..n]
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    }
    function pos(x) { return x < 0.0001 ? 0.0001 : x }
    {
        if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
        c = ++cnt[$1, $2]; v[$1, $2, c] = $3 + 0
    }
    END {
        printf "%-24s %10s %10s %10s %8s %8s %8s\n", "workload", "off ms", "on ms", "map ms", "on/off", "map/off", "noise"
        lon = lmap = 0; over = ""
        for (i = 1; i <= n; i++) {
            w = order[i]
            for (mi = 1; mi <= 3; mi++) {
                m = mi == 1 ? "off" : mi == 2 ? "on" : "map"
                c = cnt[m, w]
                for (j = 1; j <= c; j++) a[j] = v[m, w, j]
                sort(a, c)
                mn[m] = a[1]; med[m] = c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
            }
            ron = pos(mn["on"]) / pos(mn["off"]); rmap = pos(mn["map"]) / pos(mn["off"])
            lon += log(ron); lmap += log(rmap)
            if (ron > 1.02) over = over " " w
            printf "%-24s %10.3f %10.3f %10.3f %8.3f %8.3f %7.1f%%\n", w, mn["off"], mn["on"], mn["map"], ron, rmap,
                100 * (med["off"] - mn["off"]) / pos(mn["off"])
        }
        printf "%-24s %10s %10s %10s %8.3f %8.3f\n", "geometric mean", "", "", "", exp(lon / n), exp(lmap / n)
        print "on/off above the target (1.02):" (over == "" ? " none" : over)
        print "noise: (median - min) / min of the off VMs; a ratio nearer 1 than that is not resolved"
    }'
