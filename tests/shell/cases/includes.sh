# Compiling as erlc does: -include looks in the current directory, the
# source's own and the -I directories; -include_lib("App/...") finds App by
# the code path (a src or ebin directory stands for the App[-Vsn] above it),
# then the OTP headers built in; -D predefines macros; a parse transform
# other than ms_transform is one error naming it.
mkdir -p proj/myapp-1.2/src proj/myapp-1.2/include proj/other/include
echo '-define(FROM_LIB, lib).' >proj/myapp-1.2/include/m.hrl
echo '-define(FROM_I, i).' >proj/other/include/i.hrl
echo '-define(FROM_CWD, cwd).' >cwd.hrl
cat >proj/myapp-1.2/src/m.erl <<'ERL'
-module(m).
-export([main/0]).
-include_lib("myapp/include/m.hrl").
-include_lib("kernel/include/file.hrl").
-include("i.hrl").
-include("cwd.hrl").
-ifdef(TEST).
t() -> {test, ?TEST}.
-else.
t() -> no_test.
-endif.
main() -> io:format("~p ~p ~p ~p ~p ~p~n", [?FROM_LIB, ?FROM_I, ?FROM_CWD, t(), ?V, #file_info{size = 1}]).
ERL
"$DBGSH" -pa proj/myapp-1.2/src -I proj/other/include -DTEST -DV='{x,1}' -e 'm:main()'; echo "status $?"
"$DBGSH" -pa proj/myapp-1.2/src -Iproj/other/include -D V=7 -e 'm:main()'; echo "status $?"
# without -I: i.hrl is not found, and m cannot be loaded
"$DBGSH" -pa proj/myapp-1.2/src -D V=7 -e 'm:main()' 2>err.txt; echo "status $?"
head -n 1 err.txt
# -D's errors
"$DBGSH" -D '' -e ok; echo "status $?"
"$DBGSH" -pa proj/myapp-1.2/src -I proj/other/include -D 'V=[' -e 'm:main()' 2>err.txt; echo "status $?"
head -n 1 err.txt
cat >libs.erl <<'ERL'
-module(libs).
-export([main/0]).
-include_lib("stdlib/include/ms_transform.hrl").
-include_lib("stdlib/include/nope.hrl").
-include_lib("nope/include/x.hrl").
main() -> ok.
ERL
"$DBGSH" libs.erl -e ok; echo "status $?"
cat >pt.erl <<'ERL'
-module(pt).
-compile([export_all, {parse_transform, lager_transform}]).
f() -> lager:info("x").
ERL
"$DBGSH" pt.erl -e 'pt:f()'; echo "status $?"
