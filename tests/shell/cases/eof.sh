# a last term without its full stop is an error at end of input
printf '{a, b}.\n{c' | "$DBGSH"
