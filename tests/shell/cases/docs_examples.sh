# the examples of README.md and docs/user-guide.md, as they are written there
printf '%s\n' '{ok, [1,2,3], "text", #{key => <<"bin">>}, 16#ff, $a}.' '{1,.' 'q().' | "$DBGSH"
printf '%s\n' "[{node, 'nonode@nohost'}, {vsn, \"0.1.0\"}, {limbs, 1 bsl 64}]." | "$DBGSH"
printf '%s\n' "[{node, 'nonode@nohost'}, {vsn, \"0.1.0\"}, {big, 18446744073709551616}]." | "$DBGSH"
printf '{a, "b", <<1,2>>}.\n' | "$DBGSH"
# the worked session of docs/user-guide.md, with docs/examples/counter.erl
printf '%s\n' 'tp counter:add' 'tp counter:get x' 'p all c' 'P = counter:start().' \
    'counter:add(P, 2), counter:get(P).' 'filter add -v /returned/' 'counter:get(P).' 'grep /-> 2/' \
    'set json on' 'counter:add(P, 1).' |
    "$DBGSH" -pa "$(cd "$(dirname "$0")/../../.." && pwd)/docs/examples"
# the script of the user guide's "Scripts" section
ex="$(cd "$(dirname "$0")/../../.." && pwd)/docs/examples"
printf '%s\n' '#!/usr/bin/env dbgsh' '# trace one function of module $1 with its return values' 'tp $1:$2 x' \
    'p all c' 'counter:add(counter:start(), 5).' >calls.dbg
"$DBGSH" -pa "$ex" calls.dbg counter add
# the user guide's standard input in UTF-8
printf 'caf\303\251\n' | "$DBGSH" -e 'io:setopts([unicode]), io:format("~w~n", [io:get_line("")]).'
