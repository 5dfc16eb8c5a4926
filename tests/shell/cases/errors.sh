# malformed input: one line each, the shell goes on, exit status 1
printf '%s\n' '{1,.' 'ok.' '[lists:seq, 1].' '<<1:2/foo>>.' "'unterminated." 'fine.' | "$DBGSH"
echo "status $?"
# backtrace_depth holds for error/1 and throw/1 too (OTP 25 keeps 5 to 9
# frames for them whatever the depth): 20 frames of a 200-deep mutual
# recursion, then 3
cat >bt.erl <<'ERL'
-module(bt).
-export([run/0]).
e(0) -> error(boom);
e(N) -> [f(N - 1)].
f(N) -> [e(N)].
t(0) -> throw(x);
t(N) -> [u(N - 1)].
u(N) -> [t(N)].
run() ->
    [begin
         erlang:system_flag(backtrace_depth, D),
         {D, length(try e(100) catch error:_:S -> S end), length(try t(100) catch throw:_:T -> T end)}
     end || D <- [20, 3, 8]].
ERL
"$DBGSH" -S 1 bt.erl -e 'io:format("~p~n", [bt:run()])'
