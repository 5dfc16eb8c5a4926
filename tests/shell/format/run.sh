#!/usr/bin/env bash
# tests/shell/format/run.sh BUILD DBGSH: `dbgsh --format` against real erl.
# fmtcase.erl writes trace port files with erl's dbg:trace_port (plain files
# and wrap sets), hand-made records of every layout of dbg's default
# handler, and cut or corrupted copies; dbgsh writes two with its own trace
# port. erl's dbg:trace_client(file, F) with the default handler prints each
# (stdout captured to a file); dbgsh --format must print the same bytes, and
# for a broken file the same readable part, then one error line naming the
# byte offset, exit 1. --grep/-v are checked against erl's text filtered by
# a Perl event filter; -o and bad usage too. DIFF_KEEP=1 keeps the work
# directory. Last line: "format: N passed, N failed".
set -u

dbgsh=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0

fail_all() {
    echo "format: $1"
    echo "format: 0 passed, 1 failed"
    exit 1
}

[ -x "$dbgsh" ] || fail_all "$dbgsh is missing"
command -v erl >/dev/null 2>&1 || fail_all "erl not found: install Erlang/OTP (apt-get install erlang-base erlang-runtime-tools)"
unset ERL_FLAGS ERL_AFLAGS ERL_ZFLAGS

work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-format.XXXXXX")
if [ "${DIFF_KEEP:-0}" = 1 ]; then
    echo "format: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi
cd "$work" || fail_all "cannot enter $work"

# ---- the inputs -----------------------------------------------------------------

erlc -o "$work" "$here/fmtcase.erl" || fail_all "erlc fmtcase.erl failed"
erl -noshell -pa "$work" -eval 'ok = fmtcase:gen("d"), halt().' || fail_all "erl could not write the trace files"
timeout 120 "$dbgsh" -pa "$here" -e 'fmtcase:ours("d")' || fail_all "dbgsh could not write its trace files"

# name | trace_client's second argument (an Erlang term)
specs='real|"d/real.trc"
mono|"d/mono.trc"
crafted|"d/crafted.trc"
w|{"d/w", wrap, ".trc", 0, 3}
u|{"d/u", wrap, ".log", 0, 8}
ours|"d/ours.trc"
ow|{"d/ow", wrap, ".trc", 0, 3}
badarg|"d/badarg.trc"
caseclause|"d/caseclause.trc"
cut_header|"d/cut_header.trc"
cut_term|"d/cut_term.trc"
cut_empty_term|"d/cut_empty_term.trc"
bad_tag|"d/bad_tag.trc"
bad_term|"d/bad_term.trc"
x|{"d/x", wrap, ".trc", 0, 3}
y|{"d/y", wrap, ".trc", 0, 3}'

list=$(printf '%s\n' "$specs" | awk -F'|' '{ printf "%s{\"%s\", %s}", (NR > 1 ? ", " : ""), $1, $2 }')
erl -noshell -pa "$work" -eval "fmtcase:clients([$list]), halt()." >erl_all.txt 2>erl_all.err ||
    fail_all "erl's trace_client run failed"
# One file per case: erl/NAME.txt, the bytes after the "=== NAME" line.
mkdir -p erl
perl -e 'my $f; while (<STDIN>) { if (/^=== (\S+)$/) { close $f if $f; open $f, ">", "erl/$1.txt" or die; next }
         print $f $_ if $f } close $f if $f' <erl_all.txt
for n in $(printf '%s\n' "$specs" | cut -d'|' -f1); do
    [ -f "erl/$n.txt" ] || fail_all "erl printed nothing for $n"
done

# ---- helpers ------------------------------------------------------------------------

# ours NAME ARGS...: runs dbgsh, stdout to ours/NAME.out, stderr to
# ours/NAME.err, exit status to ours/NAME.rc.
mkdir -p ours
ours() {
    local name=$1
    shift
    "$dbgsh" "$@" >"ours/$name.out" 2>"ours/$name.err"
    echo $? >"ours/$name.rc"
}

fail() {
    echo "format: FAIL $1: $2"
    failed=$((failed + 1))
}

# check NAME EXPECTED_STDOUT_FILE RC [STDERR_REGEX]: stdout byte for byte,
# the exit status, and stderr: empty, or exactly one line matching.
check() {
    local name=$1 expect=$2 rc=$3 errre=${4:-}
    local got_rc
    got_rc=$(cat "ours/$name.rc")
    if ! cmp -s "ours/$name.out" "$expect"; then
        fail "$name" "stdout differs from $expect (dbgsh <, erl >):"
        diff "ours/$name.out" "$expect" | head -n 10
        return
    fi
    if [ "$got_rc" != "$rc" ]; then
        fail "$name" "exit status $got_rc, expected $rc; stderr: $(head -c 300 "ours/$name.err")"
        return
    fi
    if [ -z "$errre" ]; then
        if [ -s "ours/$name.err" ]; then
            fail "$name" "unexpected stderr: $(head -c 300 "ours/$name.err")"
            return
        fi
    elif [ "$(wc -l <"ours/$name.err")" -ne 1 ] || ! grep -qE -- "$errre" "ours/$name.err"; then
        fail "$name" "stderr is not one line matching /$errre/: $(head -c 300 "ours/$name.err")"
        return
    fi
    passed=$((passed + 1))
}

# grep_events RE INVERT <erl-text: erl's text filtered as --grep RE [-v]
# is specified: an event is a line that does not start with a space plus
# the continuation lines after it; it is kept when RE (UTF-8, /m) matches
# its text (the latin1 bytes read as code points) without the last newline.
grep_events() {
    perl -e '
        use Encode qw(decode_utf8);
        my $rx = decode_utf8($ARGV[0]); $rx = qr/$rx/m; my $inv = $ARGV[1];
        binmode STDIN, ":encoding(latin1)"; binmode STDOUT, ":encoding(latin1)";
        my $ev;
        sub flush_event { return unless defined $ev; my $t = $ev; chomp $t;
                          print $ev if (($t =~ $rx) ? 1 : 0) != $inv; undef $ev }
        while (<STDIN>) { if (/^ /) { $ev .= $_ } else { flush_event(); $ev = $_ } }
        flush_event();' "$1" "$2"
}

off() { cat "d/$1.offset"; }

# ---- whole files: the same bytes as trace_client -------------------------------------

for n in real mono crafted ours; do
    ours "$n" --format "d/$n.trc"
    check "$n" "erl/$n.txt" 0
done
ours w --format --wrap d/w .trc
check w erl/w.txt 0
ours u --format --wrap d/u .log
check u erl/u.txt 0
ours ow --format --wrap d/ow .trc
check ow erl/ow.txt 0

# the inputs in order, plain files and wrap sets mixed; options anywhere
cat erl/real.txt erl/w.txt erl/crafted.txt >expect_multi.txt
ours multi d/real.trc --wrap d/w .trc --format d/crafted.trc
check multi expect_multi.txt 0

# ---- broken files: the readable part, one line with the offset, exit 1 -------------------

for n in cut_header cut_term cut_empty_term bad_tag; do
    ours "$n" --format "d/$n.trc"
    check "$n" "erl/$n.txt" 1 "^dbgsh: d/$n\\.trc: offset $(off "$n"): "
done
ours bad_term --format d/bad_term.trc
check bad_term erl/bad_term.txt 1 "^dbgsh: d/bad_term\\.trc: offset [0-9]+: bad term in the record at offset $(off bad_term) "
ours badarg --format d/badarg.trc
check badarg erl/badarg.txt 1 "^dbgsh: d/badarg\\.trc: offset $(off badarg): .*badarg"
ours caseclause --format d/caseclause.trc
check caseclause erl/caseclause.txt 1 "^dbgsh: d/caseclause\\.trc: offset $(off caseclause): .*case_clause"
ours x --format --wrap d/x .trc
check x erl/x.txt 1 "^dbgsh: d/x[0-9]+\\.trc: offset [0-9]+: truncated record"
ours y --format --wrap d/y .trc
check y erl/y.txt 1 "^dbgsh: d/y: inconsistent wrap file trace set"

# a broken input does not stop the next one
cat erl/cut_term.txt erl/crafted.txt >expect_after_broken.txt
ours after_broken --format d/cut_term.trc d/crafted.trc
check after_broken expect_after_broken.txt 1 "^dbgsh: d/cut_term\\.trc: offset $(off cut_term): truncated record"

# ---- --grep and -v ----------------------------------------------------------------------------

g=0
grep_case() { # INPUT-NAME RC ERR-REGEX RE INVERT ARGS...
    local n=$1 rc=$2 errre=$3 re=$4 inv=$5
    shift 5
    g=$((g + 1))
    grep_events "$re" "$inv" <"erl/$n.txt" >"expect_grep$g.txt"
    if [ "$inv" = 1 ]; then ours "grep$g" --format "$@" --grep "$re" -v; else ours "grep$g" --format "$@" --grep "$re"; fi
    check "grep$g" "expect_grep$g.txt" "$rc" "$errre"
}
grep_case real 0 '' 'returned from' 0 d/real.trc
grep_case real 0 '' '^\(<0\.[0-9]+\.0>\) call' 1 d/real.trc
grep_case crafted 0 '' '29,30' 0 d/crafted.trc                 # a continuation line keeps its event
grep_case crafted 0 '' '^ +\[1,2' 1 d/crafted.trc
grep_case crafted 0 '' 'é' 0 d/crafted.trc                     # UTF-8 pattern, latin1 output
grep_case crafted 0 '' '(?i)seqtrace \[[0-9]\]:' 0 d/crafted.trc
grep_case crafted 0 '' 'Dropped|Timestamp: \{1,2,3\}$' 0 d/crafted.trc
grep_case w 0 '' 'Timestamp' 1 --wrap d/w .trc
grep_case real 0 '' 'no such text anywhere' 0 d/real.trc
grep_case cut_term 1 '^dbgsh: d/cut_term\.trc: offset [0-9]+: truncated record' ' call ' 0 d/cut_term.trc

# ---- -o ------------------------------------------------------------------------------------------

: >empty.txt
ours o_plain --format d/crafted.trc -o out1.txt
check o_plain empty.txt 0
if cmp -s out1.txt erl/crafted.txt; then passed=$((passed + 1)); else fail o_plain_file "out1.txt differs from erl/crafted.txt"; fi
grep_events 'call' 0 <erl/real.txt >expect_o_grep.txt
ours o_grep -o out2.txt --format d/real.trc --grep call
check o_grep empty.txt 0
if cmp -s out2.txt expect_o_grep.txt; then passed=$((passed + 1)); else fail o_grep_file "out2.txt differs"; fi
ours o_broken --format d/cut_term.trc -o out3.txt
check o_broken empty.txt 1 "^dbgsh: d/cut_term\\.trc: offset $(off cut_term): "
if cmp -s out3.txt erl/cut_term.txt; then passed=$((passed + 1)); else fail o_broken_file "out3.txt differs"; fi

# the error line comes after the text before it, on a shared stream
cat erl/real.txt erl/cut_term.txt >expect_order.txt
"$dbgsh" --format d/real.trc d/nope.trc d/cut_term.trc >order.txt 2>&1
rc=$?
if [ "$rc" = 1 ] && [ "$(grep -ac '^dbgsh: ' order.txt)" = 2 ] &&
    grep -av '^dbgsh: ' order.txt | cmp -s - expect_order.txt &&
    [ "$(grep -an '^dbgsh: d/nope' order.txt | cut -d: -f1)" = $(($(wc -l <erl/real.txt) + 1)) ] &&
    tail -n 1 order.txt | grep -aq "^dbgsh: d/cut_term\.trc: offset $(off cut_term): "; then
    passed=$((passed + 1))
else
    fail order "stdout and stderr interleaved wrongly (exit $rc)"
fi
# an output that cannot be written
if [ -w /dev/full ]; then
    ours full --format d/crafted.trc -o /dev/full
    check full empty.txt 1 "^dbgsh: /dev/full: write failed: No space left on device$"
fi

# ---- bad usage --------------------------------------------------------------------------------

cp d/crafted.trc keep.trc
ours o_input --format keep.trc -o keep.trc
check o_input empty.txt 2 "^dbgsh: -o keep\\.trc: is an input file$"
if cmp -s keep.trc d/crafted.trc; then passed=$((passed + 1)); else fail o_input_kept "-o overwrote its input"; fi
ours o_nodir --format d/crafted.trc -o no/such/dir/out.txt
check o_nodir empty.txt 2 "^dbgsh: -o no/such/dir/out\\.txt: cannot create: "
ours missing --format d/nope.trc
check missing empty.txt 1 "^dbgsh: d/nope\\.trc: cannot open: No such file or directory$"
ours missing_then --format d/nope.trc d/crafted.trc
check missing_then erl/crafted.txt 1 "^dbgsh: d/nope\\.trc: cannot open: "
ours wrap_none --format --wrap d/none .trc
check wrap_none empty.txt 1 "^dbgsh: d/none<N>\\.trc: no file of the wrap set$"
ours bad_regex --format d/crafted.trc --grep 'a(b'
check bad_regex empty.txt 2 "^dbgsh: --grep: bad regex at offset 3: "
ours grep_alone d/crafted.trc --grep call
check grep_alone empty.txt 2 "^dbgsh: (unknown option|option '--grep' works with --format only)"
ours o_alone -o out4.txt
check o_alone empty.txt 2 "^dbgsh: option '-o' works with --format only"
ours v_alone --format d/crafted.trc -v
check v_alone empty.txt 2 "^dbgsh: option '-v' needs --grep"
ours no_input --format
check no_input empty.txt 2 "^dbgsh: --format needs a trace file"
ours wrap_short --format --wrap d/w
check wrap_short empty.txt 2 "^dbgsh: option '--wrap' needs a NAME and a SUFFIX"
ours format_eval --format d/crafted.trc -e 'ok'
check format_eval empty.txt 2 "^dbgsh: --format takes trace files, not -e"

echo "format: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
