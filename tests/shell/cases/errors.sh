# malformed input: one line each, the shell goes on, exit status 1
printf '%s\n' '{1,.' 'ok.' '[lists:seq, 1].' '<<1:2/foo>>.' "'unterminated." 'fine.' | "$DBGSH"
