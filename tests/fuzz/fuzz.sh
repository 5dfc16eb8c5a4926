#!/usr/bin/env bash
# tests/fuzz/fuzz.sh BUILD SECONDS TARGET...: make fuzz's runner. Runs each
# libFuzzer target BUILD/tests/fuzz/TARGET for SECONDS on one core, from the
# committed seeds (tests/fuzz/corpus/TARGET) and the work corpus it grows in
# BUILD/corpus/TARGET, with TARGET.dict when there is one. A failing input
# is saved as BUILD/crashes/TARGET-crash-<sha1> (docs/internals/fuzzing.md
# says how to add it to the corpus). The whole log of a run goes to
# BUILD/TARGET.log; one summary line per target, then exits non-zero when
# any target failed.
set -u
build=$1
seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
failed=()
mkdir -p "$build/crashes"
for target in "$@"; do
    mkdir -p "$build/corpus/$target"
    dict=()
    [ -f "$here/$target.dict" ] && dict=(-dict="$here/$target.dict")
    echo "fuzz: $target for ${seconds}s"
    "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$build/crashes/$target-" "${dict[@]}" \
        "$build/corpus/$target" "$here/corpus/$target" >"$build/$target.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$target.log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$build/$target.log")
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$build/$target.log" | tail -n 1)
    echo "fuzz: $target: ${runs:-?} runs, ${speed:-?}/s, $cov"
    if [ "$rc" -ne 0 ]; then
        grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz |.*runtime error|artifact_prefix|Test unit written)' \
            "$build/$target.log" | head -n 8
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzz: failing targets: ${failed[*]} (logs: $build/TARGET.log)"
    exit 1
fi
