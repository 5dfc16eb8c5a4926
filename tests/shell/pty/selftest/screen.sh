#!/bin/sh
# screen.sh: writes the escape sequences line editors use, for
# screen.txt, the self-test of pty.c's terminal model (each expected screen
# checked once against tmux's capture-pane on the same bytes).
printf 'hello world\rHELLO\r\n'
printf 'abcdef\r\033[3C\033[K\r\n'
printf '12345678\033[4G\033[K\r\n'
printf 'abc\b\bX\r\n'
printf 'abcdef\033[3DZ\033[1CY\r\n'
printf 'abcdef\r\033[2P\r\n'
printf 'abcdef\r\033[2@XY\r\n'
printf 'abcdef\r\033[2Xz\r\n'
printf '%080d' 0
printf '\r\n'
printf '%080dbbbbb\r\n' 1
printf 'row1\r\nrow2\033[A\rROW\r\n\r\n'
printf '(main)1> foo(\r\033[Ktrace line\r\n(main)1> foo(\r\n'
printf '\033]0;title\007\033[1;31mred\033[0m plain\r\n'
printf 'caf\303\251 \342\202\254\r\n'
printf 'x\303\251\010\010y\r\n'
printf 'abc\0337def\0338X\r\n'
printf 'keep\r\nerase me\r\nme too, a longer row\033[A\r\033[J'
printf 'new\r\n'
printf 'tab\tX\r\n'
printf 'END\r\n'
