# a NUL byte is white space to erl_scan: nothing after it on the line is lost
printf 'a.\0b.\nc.\n' | "$DBGSH"
