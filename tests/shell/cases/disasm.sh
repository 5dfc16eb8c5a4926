# --disasm MOD: the VM code of a module, in its specialised forms; a module
# that cannot be loaded is one error and status 1.
cat >fib.erl <<'ERL'
-module(fib).
-export([fib/1]).
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).
ERL
"$DBGSH" --disasm fib fib.erl | sed -n '1,14p'
echo "status: ${PIPESTATUS[0]}"
"$DBGSH" --disasm no_such_module; echo "status $?"
"$DBGSH" --disasm; echo "status $?"
