#!/usr/bin/env bash
# tests/diff/parse/run.sh BUILD [DBGSH]: the differential test of the front
# end (vm/parse.c, vm/epp.c) against erl. driver.c prints the forms our
# epp_parse_file gives for every file, erlside.escript what epp:parse_file/2
# gives with compile's options (one erl for all files); both print each
# form with ~w and each error's message. Files: corpus/*.erl (every
# construct and every error kind) and every .erl under stdlib's and
# kernel's src. Last line "parse: N passed, N failed"; non-zero exit on any
# difference. PARSE_KEEP=1 keeps the work directory, PARSE_SHOW (default
# 10) limits the differences shown.
set -eu

build=${1:?usage: tests/diff/parse/run.sh BUILD_DIR [DBGSH]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
[ -d "$build" ] && build=$(cd "$build" && pwd)
show=${PARSE_SHOW:-10}

fail() {
    echo "parse: $1"
    echo "parse: 0 passed, 1 failed"
    exit 1
}

command -v erl >/dev/null 2>&1 && command -v escript >/dev/null 2>&1 ||
    fail "erl/escript not found: install Erlang/OTP (apt-get install erlang-base)"
[ -f "$build/libvm.a" ] && [ -f "$build/libformat.a" ] ||
    fail "$build/libvm.a or libformat.a is missing: build them first"
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}abort_on_error=1:print_stacktrace=1"

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-parse.XXXXXX")
if [ "${PARSE_KEEP:-0}" = 1 ]; then
    echo "parse: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# The driver, linked as the Makefile links tests/diff/termgen. Until the
# Makefile lists parse and epp in VM_SRCS, their sources are compiled here.
cflags="-std=c11 -D_GNU_SOURCE -O1 -g -I$root -DDBGSH_DEBUG=1"
if nm "$build/libvm.a" 2>/dev/null | grep -q '__asan_\|__ubsan_'; then
    cflags="$cflags -fsanitize=address,undefined -fno-omit-frame-pointer"
elif nm "$build/libvm.a" 2>/dev/null | grep -q '__tsan_'; then
    cflags="$cflags -fsanitize=thread"
fi
srcs="$here/driver.c"
ar t "$build/libvm.a" | grep -qx 'parse.o' || srcs="$srcs $root/vm/parse.c"
ar t "$build/libvm.a" | grep -qx 'epp.o' || srcs="$srcs $root/vm/epp.c"
# shellcheck disable=SC2086
cc $cflags -o "$work/driver" $srcs "$build/libformat.a" "$build/libvm.a" \
    $(pkg-config --cflags --libs gmp libpcre2-8 libedit) -lpthread -lm ||
    fail "cannot build the driver"

otp=$(erl -noshell -eval 'io:format("~s", [code:root_dir()]), halt().')
lib=$otp/lib
incs=()
for d in "$lib"/stdlib-*/include "$lib"/kernel-*/include; do incs+=(-I "$d"); done
cd "$here"
files=(corpus/*.erl "$lib"/stdlib-*/src/*.erl "$lib"/kernel-*/src/*.erl)

drc=0
"$work/driver" -e -L "$lib" "${incs[@]}" "${files[@]}" >"$work/ours" 2>"$work/ours.err" || drc=$?
erc=0
escript "$here/erlside.escript" -e "${incs[@]}" "${files[@]}" >"$work/erl" 2>"$work/erl.err" || erc=$?
[ "$erc" -eq 0 ] || { cat "$work/erl.err"; fail "erlside.escript failed (status $erc)"; }
if [ "$drc" -ne 0 ]; then
    tail -n 20 "$work/ours.err"
    echo "parse: the driver failed (status $drc)"
fi

# Compare file by file: the blocks after "== FILE".
awk -v show="$show" -v nfiles="${#files[@]}" '
    function flush_block(which) {
        if (cur != "") { text[which, cur] = buf; seen[cur] = 1 }
        buf = ""; cur = ""
    }
    FILENAME != last { flush_block(which); which = (++nf == 1) ? "ours" : "erl"; last = FILENAME }
    /^== / { flush_block(which); cur = substr($0, 4); order[++n] = cur; next }
    { buf = buf $0 "\n" }
    END {
        flush_block(which)
        passed = 0; failed = 0; shown = 0
        for (f in seen) {
            if (((("ours", f) in text) && (("erl", f) in text)) && text["ours", f] == text["erl", f]) { passed++; continue }
            failed++
            if (shown++ >= show) continue
            print "parse: differs: " f
            a = text["ours", f]; b = text["erl", f]
            na = split(a, la, "\n"); nb = split(b, lb, "\n")
            for (i = 1; i <= na || i <= nb; i++)
                if (la[i] != lb[i]) {
                    print "  ours: " substr(la[i], 1, 300)
                    print "  erl:  " substr(lb[i], 1, 300)
                    break
                }
        }
        missing = nfiles - passed - failed
        if (missing > 0) failed += missing
        print "parse: " nfiles " files, forms and error messages compared with epp:parse_file/2"
        print "parse: " passed " passed, " failed " failed"
        exit failed > 0
    }' "$work/ours" "$work/erl" && [ "$drc" -eq 0 ]
