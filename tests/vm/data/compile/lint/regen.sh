#!/bin/sh
# Regenerates X.etf (forms, via ../forms.escript) and X.expected (what
# OTP's `erlc +brief` prints) for every X.erl here. Run from anywhere.
cd "$(dirname "$0")" || exit 1
for f in *.erl; do
    erlc +brief -o "${TMPDIR:-/tmp}" "$f" > "${f%.erl}.expected" 2>&1
    rm -f "${TMPDIR:-/tmp}/${f%.erl}.beam"
done
escript ../forms.escript . *.erl
