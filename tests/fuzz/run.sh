#!/usr/bin/env bash
# tests/fuzz/run.sh BUILD DBGSH: replays the fuzz corpus (tests/fuzz/corpus/T,
# seeds and every input that once found a bug) through each fuzz target
# BUILD/tests/fuzz/T built with tests/fuzz/replay.c. One input per run, so
# that a failure names its input. Last line: "fuzz: N passed, N failed".
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0
for dir in "$here"/corpus/*/; do
    target=$(basename "$dir")
    bin=$build/tests/fuzz/$target
    if [ ! -x "$bin" ]; then
        echo "fuzz: $bin is missing"
        failed=$((failed + 1))
        continue
    fi
    for input in "$dir"*; do
        if out=$("$bin" "$input" 2>&1); then
            passed=$((passed + 1))
        else
            echo "fuzz: FAIL $target ${input#"$here"/}"
            printf '%s\n' "$out" | tail -n 20
            failed=$((failed + 1))
        fi
    done
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
