#!/usr/bin/env bash
# tests/dbgcore/dbg/dbgsh.sh BUILD DBGSH: the dbg scenarios through dbgsh,
# as make test runs them: every scenario but those named in `pending` (one
# name a line, # comments: what the engine cannot do yet; the issue note
# says why). Prints how many are pending; last line from run.sh
# ("dbg: N passed, N failed").
set -u
here=$(cd "$(dirname "$0")" && pwd)
dbgsh=${2:?usage: dbgsh.sh BUILD DBGSH}
case $dbgsh in
    /*) ;;
    *) dbgsh=$(pwd)/$dbgsh ;;
esac
pending=$(grep -v '^#' "$here/pending" | grep -v '^$' | paste -sd'|')
names=$(cd "$here/scen" && ls *.erl | sed 's/\.erl$//' | grep -vxE "${pending:-^$}" | paste -sd'|')
echo "dbg: pending on dbgsh: $(grep -cv '^#\|^$' "$here/pending")"
exec "$here/run.sh" --dbgsh "$dbgsh" -j 2 "^($names)\$"
