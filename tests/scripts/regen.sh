#!/usr/bin/env bash
# tests/scripts/regen.sh [--out DIR] [FILTER]: runs every script-test
# program on real erl and writes its normalised stdout beside it as
# FEATURE/NAME.out (and FEATURE/NAME.status for halt_* programs). With
# --out DIR the files go under DIR/FEATURE/ instead (run.sh --erl uses that).
# FILTER is an extended regex matched against "FEATURE/NAME".
# All programs are compiled with erlc into a temp dir and run in ONE erl
# node by scripts_harness.erl, each in a fresh process with a capturing
# group leader and a per-program timeout (SCRIPTS_TIMEOUT seconds, 60 by
# default); halt_* programs stop their node, so each gets its own.
# FEATURE/App.app.src files (the applications programs start) are copied
# into the node's ebin directory as App.app.
# Exits non-zero if a program crashed, timed out or printed non-ASCII.
set -u
here=$(cd "$(dirname "$0")" && pwd)
dest=$here
filter=
while [ $# -gt 0 ]; do
    case $1 in
        --out) dest=$2; shift 2 ;;
        -*) echo "regen.sh: unknown option $1" >&2; exit 2 ;;
        *) filter=$1; shift ;;
    esac
done
limit=${SCRIPTS_TIMEOUT:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/ebin" "$tmp/raw"

# The programs: FEATURE/NAME.erl, names unique across features.
progs=()
while IFS= read -r rel; do
    if [ -z "$filter" ] || printf '%s\n' "$rel" | grep -Eq -- "$filter"; then
        progs+=("$rel")
    fi
done < <(cd "$here" && find . -mindepth 2 -maxdepth 2 -name '*.erl' | sed 's|^\./||; s|\.erl$||' | sort)
if [ ${#progs[@]} -eq 0 ]; then
    echo "regen: no program matches" >&2
    exit 2
fi
dups=$(printf '%s\n' "${progs[@]}" | sed 's|.*/||' | sort | uniq -d)
if [ -n "$dups" ]; then
    echo "regen: module names used twice: $dups" >&2
    exit 2
fi
# A program named like an OTP module would shadow it (-pa comes first).
otp=$(erl -noshell -eval 'io:format("~s~n", [code:root_dir()]), halt().')
clash=$(printf '%s\n' "${progs[@]}" | sed 's|.*/||' | sort |
        comm -12 - <(find "$otp"/lib/*/ebin -name '*.beam' | sed 's|.*/||; s/\.beam$//' | sort))
if [ -n "$clash" ]; then
    echo "regen: program names clash with OTP modules: $clash" >&2
    exit 2
fi

srcs=()
for rel in "${progs[@]}"; do srcs+=("$here/$rel.erl"); done
if ! erlc -o "$tmp/ebin" "$here/scripts_harness.erl" "${srcs[@]}" >"$tmp/erlc.log" 2>&1; then
    grep -v 'Warning:' "$tmp/erlc.log" | grep -B2 -A2 -i 'error\|: ' | head -n 60 >&2
    echo "regen: compilation failed" >&2
    exit 1
fi

# Application specs: FEATURE/App.app.src, which dbgsh reads from its -pa
# directory; erl reads App.app from an ebin directory of its code path.
for src in "$here"/*/*.app.src; do
    [ -f "$src" ] && cp "$src" "$tmp/ebin/$(basename "$src" .src)"
done

plain=()
halts=()
for rel in "${progs[@]}"; do
    name=${rel##*/}
    case $name in
        halt_*) halts+=("$name") ;;
        *) plain+=("$name") ;;
    esac
done

if [ ${#plain[@]} -gt 0 ]; then
    (cd "$tmp" && erl -noshell -config "$here/scripts.config" -pa "$tmp/ebin" -run scripts_harness main "$tmp/raw" \
        "$((limit * 1000))" "${plain[@]}" >"$tmp/node.log" 2>&1)
fi
for name in "${halts[@]}"; do
    (cd "$tmp" && timeout -k 5 "$limit" erl -noshell -config "$here/scripts.config" -pa "$tmp/ebin" \
        -eval "{P, R} = spawn_monitor(fun() -> $name:main() end),
               receive {'DOWN', R, process, P, _} -> halt() end." \
        >"$tmp/raw/$name.raw" 2>>"$tmp/node.log"
     echo $? >"$tmp/raw/$name.status"
     echo ok >"$tmp/raw/$name.result")
done

bad=0
for rel in "${progs[@]}"; do
    name=${rel##*/}
    feature=${rel%/*}
    mkdir -p "$dest/$feature"
    if [ ! -f "$tmp/raw/$name.result" ]; then
        echo "regen: $rel: no result (did the node die?)" >&2
        bad=$((bad + 1))
        continue
    fi
    perl "$here/normalise.pl" "$tmp/raw/$name.raw" >"$dest/$feature/$name.out"
    if [ -f "$tmp/raw/$name.status" ]; then
        cp "$tmp/raw/$name.status" "$dest/$feature/$name.status"
    fi
    res=$(head -n 1 "$tmp/raw/$name.result")
    if [ "$res" != ok ]; then
        echo "regen: $rel: $(head -c 2000 "$tmp/raw/$name.result")" >&2
        bad=$((bad + 1))
    elif LC_ALL=C grep -q '[^[:print:][:space:]]' "$dest/$feature/$name.out"; then
        echo "regen: $rel: output is not plain ASCII" >&2
        bad=$((bad + 1))
    elif grep -Eq 'scripts_harness|\{file,' "$dest/$feature/$name.out"; then
        echo "regen: $rel: output shows a stack trace (harness frames or file names)" >&2
        bad=$((bad + 1))
    fi
done
if [ "$bad" -ne 0 ] && [ -s "$tmp/node.log" ]; then
    echo "regen: erl node log (tail):" >&2
    tail -n 20 "$tmp/node.log" >&2
fi
echo "regen: ${#progs[@]} programs, $bad bad"
[ "$bad" -eq 0 ]
