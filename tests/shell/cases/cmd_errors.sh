# bad input to every command: one line on standard error each, the shell
# goes on (piped input continues after a failure) and exits 1
"$DBGSH" <<'IN'
ct
tp
tp lists:
tp lists:seq/x
tp lists:seq [{
tp lists:seq 42
tp lists:seq [{'_',[],[{bogus}]}]
tp lists:seq foo
tp -q lists:seq
tp lists:seq x extra words are the match spec
tp lists:seq fun(a) -> ok end
tp lists:seq fun([A]) -> A
tpe sideways x
ctpe both
dtp 99
dtp x
rtp /no/such/file
wtp /no/such/dir/file
p nosuchname c
p all bogusflag
p <0.99999.0> c
i nosuchsession
session use nosuch
session new 9bad
session new main
session destroy main
session frobnicate
session pause nosuch
filter add nosuch
filter add /a(/
filter del 7
filter del x
grep /[/
log /no/such/dir/x.log
log x.log --rotate 1X
log off
source /no/such/script
set clock sometimes
set on-error maybe
set ring 0
set bogus 1
view nosuch
tpx lists
1 + 1.
IN
echo "exit $?"
