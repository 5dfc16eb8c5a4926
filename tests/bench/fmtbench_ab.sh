#!/usr/bin/env bash
# tests/bench/fmtbench_ab.sh BUILD REV [RUNS]: the formatting benchmark of
# the working tree against commit REV, for deciding a change to format/.
# Builds REV's fmtbench in a temporary worktree, then runs it and BUILD's
# fmtbench in turns, RUNS times each (default 7), each run the best of 3
# passes over 300,000 terms, and prints per format the best and the median
# run of each side in ns a term. On this kind of machine two runs of one
# binary differ by about 1%; one binary holding both versions (an A/B
# harness) showed a bias of 1 to 2% from where the code lands, which is why
# the two sides here are whole separate builds. erl takes no part.
# Environment: AB_TERMS changes the number of terms.
set -eu

build=${1:?usage: tests/bench/fmtbench_ab.sh BUILD_DIR REV [RUNS]}
rev=${2:?usage: tests/bench/fmtbench_ab.sh BUILD_DIR REV [RUNS]}
runs=${3:-7}
nterms=${AB_TERMS:-300000}
case $runs in
'' | *[!0-9]* | 0)
    echo "fmtbench_ab: bad RUNS $runs" >&2
    exit 2
    ;;
esac

root=$(git rev-parse --show-toplevel)
ours=$build/tests/fmtbench
if [ ! -x "$ours" ]; then
    echo "fmtbench_ab: $ours is missing: build it with make $ours" >&2
    exit 1
fi
commit=$(git -C "$root" rev-parse --verify --quiet "$rev^{commit}") || {
    echo "fmtbench_ab: $rev is no commit" >&2
    exit 2
}

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-fmtab.XXXXXX")
cleanup() {
    git -C "$root" worktree remove --force "$work/tree" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

git -C "$root" worktree add --detach --quiet "$work/tree" "$commit"
echo "fmtbench_ab: building $rev's fmtbench"
make -C "$work/tree" --no-print-directory -j2 build/tests/fmtbench >"$work/make.log" 2>&1 || {
    cat "$work/make.log" >&2
    echo "fmtbench_ab: $rev's fmtbench does not build" >&2
    exit 1
}
theirs=$work/tree/build/tests/fmtbench

echo "fmtbench_ab: $runs runs each, taking turns, $nterms terms"
for _ in $(seq "$runs"); do
    BENCH_ROUNDS=3 BENCH_COUNT=0 "$theirs" "$work" "$nterms" | awk -v n="$nterms" '$1 == "result" { print "A", $2, $5 * 1e9 / n }'
    BENCH_ROUNDS=3 BENCH_COUNT=0 "$ours" "$work" "$nterms" | awk -v n="$nterms" '$1 == "result" { print "B", $2, $5 * 1e9 / n }'
done >"$work/runs.txt"

for f in "~p" "~w" "~p~n" "~w~n"; do
    for side in A B; do
        awk -v s="$side" -v f="$f" '$1 == s && $2 == f { print $3 }' "$work/runs.txt" | sort -n |
            awk -v s="$side" -v f="$f" '{ a[NR] = $1 }
                END { printf "%-5s %s best %6.1f median %6.1f   ", f, s, a[1], a[int((NR + 1) / 2)] }'
    done
    echo
done
echo "fmtbench_ab: A is $rev, B is $build (ns a term; lower is faster)"
