# v/1: the value of an earlier input by number, or relative (v(-1) the one
# before); erl's shell refuses an input naming one it does not keep
# ("* N: command not found", to stderr here, the prompt number unchanged)
printf '%s\n' '1 + 1.' 'X = 10.' 'v(1) + v(-1).' 'v(99).' '[v(2), v(-2)].' '[v(0)].' 'v(3) * 2.' | "$DBGSH"
