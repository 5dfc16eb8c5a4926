# merge_sessions: the events of several sessions print merged in the order
# they arrived, live and in `view`. Two processes play ping-pong, ping's
# sends traced by session main and pong's by session web: each send
# causes the next, so the true order is known (ping 1, pong 1, ping 2,
# ...). A single process calling two functions traced by different
# sessions gives the same alternation from one process. Then 3000 rounds
# (several batches of each ring, the live thread racing the drain) are
# checked line by line. Pids are masked.
cat > pp.erl <<'ERL'
-module(pp).
-export([start/0, go/1, ab/1, a/1, b/1]).
start() ->
    Ping = spawn(fun() -> ping() end),
    Pong = spawn(fun() -> pong() end),
    register(ping, Ping),
    register(pong, Pong),
    ok.
go(N) ->
    ping ! {go, N, self()},
    receive done -> ok end.
ping() ->
    receive {go, N, From} -> rounds(1, N), From ! done, ping() end.
rounds(I, N) when I > N -> ok;
rounds(I, N) ->
    pong ! {ping, I},
    receive {pong, I} -> rounds(I + 1, N) end.
pong() ->
    receive {ping, I} -> ping ! {pong, I}, pong() end.
ab(0) -> ok;
ab(N) -> a(N), b(N), ab(N - 1).
a(X) -> X.
b(X) -> X.
ERL
mask() { sed -E 's/<0\.[0-9]+\.0>/<P>/g'; }
"$DBGSH" -pa . <<'IN' | mask
pp:start().
p ping s
session new web
p pong s
pp:go(4).
view main web
view
session use main
view web main main
tpl pp:a
p all c
session use web
tpl pp:b
p all c
pp:ab(3).
view main web
IN
echo "exit $?"
# 3000 rounds: 6000 lines, alternating ping, pong, with rising numbers
"$DBGSH" -pa . <<'IN' >big.txt
pp:start().
p ping s
session new web
p pong s
pp:go(3000).
view web main
IN
echo "exit $?"
check() {
    awk -v what="$1" '
        /^\[(main|web)\] / {
            n++
            want = (n % 2 == 1) ? "[main]" : "[web]"
            tag = (n % 2 == 1) ? "{ping," : "{pong,"
            k = int((n + 1) / 2)
            if ($1 != want || index($0, tag k "}") == 0) { print what ": line " n " out of order: " $0; bad = 1; exit }
        }
        n == 6000 { exit }
        END { if (!bad) print what ": " n " lines in order" }'
}
# the live lines come between the values of pp:start and pp:go (ok and
# ok), the view's after them
awk '/^ok$/ { oks++; next } oks == 1' big.txt | check live
awk '/^ok$/ { oks++; next } oks == 2' big.txt | check view
