#!/bin/sh
# Regenerates the forms (X.etf) of the compiler's test corpus from X.erl
# and X.exprs with OTP's own epp/erl_parse (forms.escript), then the lint
# expectations (lint/regen.sh). Needs erl installed; run from anywhere.
cd "$(dirname "$0")" || exit 1
escript forms.escript . *.erl *.exprs || exit 1
exec ./lint/regen.sh
