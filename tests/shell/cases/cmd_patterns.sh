# trace pattern commands: tp, tpl, ctp*, tpe, ctpe, ltp, dtp, wtp, rtp, p,
# i and stop, with their replies and the events they make (printed before
# the value of the input that made them)
cat > m1.erl <<'ERL'
-module(m1).
-export([loop/1, f/1, go/0, ping/1]).
loop(0) -> done;
loop(N) -> loop(N - 1).
f(X) -> X * 2.
go() -> f(3), loop(2), f(4).
ping(P) -> P ! ping, receive pong -> ok after 100 -> timeout end.
ERL
"$DBGSH" -pa . <<'IN'
tp m1:f
p all c
m1:f(1).
tp -v m1 x
m1:f(2).
tpl m1:loop/1 return
m1:go().
tp m1:f [{['$1'],[{'>','$1',10}],[{message,big}]}]
m1:f(3).
m1:f(30).
ltp
dtp 1
ltp
i
ctpl m1
ctpg -v m1:f
i
tpl m1:f/1 2
m1:f(5).
ctp
p all clear
m1:f(6).
tp m1:f fun([X]) when X > 100 -> return_trace(), message(X div 100) end
p all c
m1:f(7).
m1:f(700).
p all clear
dbg:fun2ms(fun([A, B]) when A > B -> return_trace() end).
Y = 5, dbg:fun2ms(fun([A]) when A > Y -> {A, Y} end).
wtp specs.txt
dtp
rtp specs.txt
ltp
stop
i
IN
echo "exit $?"
