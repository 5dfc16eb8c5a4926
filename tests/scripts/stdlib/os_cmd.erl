-module(os_cmd).
-export([main/0]).

%% os:cmd/1,2 as OTP 25's: the output of /bin/sh (standard output and
%% error), UTF-8 decoded when valid, else bytes; input from /dev/null; a
%% job left in the background does not hold it up; max_size; the output
%% ends at an EOT byte; atoms, deep lists and trailing NULs as commands,
%% badarg for the rest and for bad options. os:find_executable/2 over a
%% given path (terms print with ~w: strings as lists of codes).
t(L, F) -> io:format("~p: ~w~n", [L, try F() catch C:R -> {C, R} end]).
main() ->
    t(echo, fun() -> os:cmd("echo hello") end),
    t(atom, fun() -> os:cmd('echo atom') end),
    t(deep, fun() -> os:cmd(["echo ", ["de", $e], "p"]) end),
    t(stderr, fun() -> os:cmd("echo out; echo err 1>&2") end),
    t(status, fun() -> os:cmd("exit 3") end),
    t(comment, fun() -> os:cmd("echo a # comment") end),
    t(utf8, fun() -> os:cmd("printf '\\303\\251t\\303\\251'") end),
    t(latin1, fun() -> os:cmd("printf '\\351t\\351'") end),
    t(stdin, fun() -> os:cmd("cat") end),
    t(background, fun() -> os:cmd("sleep 3 & echo started") end),
    t(max, fun() -> os:cmd("echo 0123456789", #{max_size => 4}) end),
    t(max0, fun() -> os:cmd("echo 0123456789", #{max_size => 0}) end),
    t(maxinf, fun() -> os:cmd("echo x", #{max_size => infinity}) end),
    t(eot_in_output, fun() -> os:cmd("printf 'ab\\004cd'") end),
    t(trailing_nul, fun() -> os:cmd([$e, $c, $h, $o, $\s, $z, 0, 0]) end),
    t(mid_nul, fun() -> os:cmd([$e, 0, $c]) end),
    t(bad, fun() -> os:cmd(123) end),
    t(badopt, fun() -> os:cmd("echo", #{max_size => -1}) end),
    t(badopt2, fun() -> os:cmd("echo", [x]) end),
    t(binary, fun() -> os:cmd(<<"echo">>) end),
    t(big, fun() -> length(os:cmd("head -c 100000 /dev/zero | tr '\\\\0' a")) end),
    %% quick commands one after another: each caller waits for its own
    %% reply (the thread may be done before the request returns)
    %% the command starts with no signal blocked, as under erl
    t(sigblk, fun() -> os:cmd("grep SigBlk /proc/self/status") end),
    t(many, fun() -> lists:usort([os:cmd("echo x") || _ <- lists:seq(1, 300)]) end),
    t(find_none, fun() -> os:find_executable("no_such_program_x") end),
    t(find_abs, fun() -> os:find_executable("/bin/sh") end),
    t(find_path, fun() -> os:find_executable("sh", "/nonexistent:/bin") end),
    t(find_quoted, fun() -> os:find_executable("sh", "\"/bin\"") end),
    ok.
