#!/usr/bin/env bash
# tests/layers.sh: checks DESIGN.md's layering. A folder may include only the
# public header of a folder below it: vm/ nothing above it, format/ only
# vm/vm.h, dbgcore/ only vm/vm.h and format/format.h, shell/ only public
# headers. Prints each violation; exits non-zero if there is one.
set -u
bad=0
check() { # folder, allowed-regex-of-foreign-includes
    local dir=$1 allowed=$2
    for f in "$dir"/*.[ch]; do
        [ -e "$f" ] || continue
        grep -nE '^#include "(vm|format|dbgcore|shell)/' "$f" | while IFS= read -r line; do
            inc=$(printf '%s' "$line" | sed -E 's/.*#include "([^"]*)".*/\1/')
            case "$inc" in "$dir"/*) continue ;; esac
            if ! printf '%s' "$inc" | grep -qE "^($allowed)\$"; then
                echo "layers: $f includes $inc"
            fi
        done
    done
}
out=$( { check vm 'NONE'
         check format 'vm/vm\.h'
         check dbgcore 'vm/vm\.h|format/format\.h'
         check shell 'vm/vm\.h|format/format\.h|dbgcore/dbgcore\.h'; } )
if [ -n "$out" ]; then
    printf '%s\n' "$out"
    bad=1
fi
[ $bad -eq 0 ] && echo "layers: ok"
exit $bad
