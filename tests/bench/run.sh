#!/usr/bin/env bash
# tests/bench/run.sh BUILD: the formatting benchmark of `make bench`.
# fmtbench builds 1,000,000 fixed-seed terms, writes them as ETF and times
# our ~p and ~w over them; erl loads the same terms and times io_lib:format
# in the same run. The two sides take turns BENCH_ROUNDS times (default 3),
# each run timing ~p, ~w, ~p~n, ~w~n once, and each side keeps each
# format's fastest run: this machine's speed swings by a third between
# runs, and one slow phase should spoil a round, not decide a format's row.
# The same rule on both sides.
# Prints terms/s for both and the ratio per format; a ratio under the 20x
# target is reported, never an error (a benchmark, not a test).
# Environment: BENCH_TERMS changes the number of terms, BENCH_ROUNDS the
# number of rounds.
set -eu

build=${1:?usage: tests/bench/run.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
fmtbench=$build/tests/fmtbench
nterms=${BENCH_TERMS:-1000000}
target=20

if [ ! -x "$fmtbench" ]; then
    echo "bench: $fmtbench is missing: build it with make $fmtbench" >&2
    exit 1
fi
if ! command -v escript >/dev/null 2>&1; then
    echo "bench: erl/escript not found: install Erlang/OTP (apt-get install erlang-base)" >&2
    exit 1
fi
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

rounds=${BENCH_ROUNDS:-3}
case $rounds in
'' | *[!0-9]* | 0)
    echo "bench: bad BENCH_ROUNDS $rounds" >&2
    exit 2
    ;;
esac

echo "bench: $nterms terms of mixed shapes (ints, floats, atoms, strings, tuples, lists, maps,"
echo "bench: binaries, records); CPU time of the formatting loops only, one fmt_buf reused,"
echo "bench: erl with one scheduler; each side's best of $rounds rounds per format"
# The sides take turns, one run of each per round, so that both meet the
# same phases of the machine; a run times every format once, and only the
# first counts the characters.
for r in $(seq "$rounds"); do
    count=0
    [ "$r" = 1 ] && count=1
    BENCH_ROUNDS=1 BENCH_COUNT=$count "$fmtbench" "$work" "$nterms" >>"$work/ours.txt"
    BENCH_ROUNDS=1 BENCH_COUNT=$count escript "$here/erlbench.escript" "$work" >>"$work/erl.txt"
done

# result FORMAT API TERMS CPU_SECONDS CHARS, one line per format and run on
# each side; the fastest run counts, the characters are the first run's.
# Times under a millisecond (tiny BENCH_TERMS) count as one.
awk -v target="$target" '
    FNR == 1 { side++ }
    $1 != "result" { next }
    side == 1 && !($2 in ours) { order[++n] = $2; api[$2] = $3; terms = $4; ours[$2] = $5 + 0; ochars[$2] = $6 }
    side == 1 && $5 + 0 < ours[$2] { ours[$2] = $5 + 0 }
    side == 2 && !($2 in erl) { erl[$2] = $5 + 0; echars[$2] = $6 }
    side == 2 && $5 + 0 < erl[$2] { erl[$2] = $5 + 0 }
    END {
        below = 0
        for (i = 1; i <= n; i++) {
            f = order[i]
            if (!(f in erl)) { printf "%-5s erl gave no result\n", f ":"; below = 1; continue }
            os = ours[f] < 0.001 ? 0.001 : ours[f]; es = erl[f] < 0.001 ? 0.001 : erl[f]
            r = es / os
            printf "%-5s dbgsh %.2fM terms/s, erl %.3fM terms/s, ratio %.1fx", f ":", terms / os / 1e6,
                   terms / es / 1e6, r
            printf " (%s vs io_lib:format(\"%s\", [T]))%s\n", api[f], f, r < target ? "  BELOW TARGET" : ""
            if (r < target) below = 1
            if (ochars[f] != echars[f])
                printf "      note: the texts differ: dbgsh wrote %d chars, erl %d\n", ochars[f], echars[f]
        }
        if (below)
            printf "bench: BELOW the %dx target for at least one format\n", target
        else
            printf "bench: every format at least %dx erl\n", target
    }' "$work/ours.txt" "$work/erl.txt"
