-module(code_purge_fun).
-export([main/0]).

%% A fun runs the code of the version that made it while that version is
%% loaded (current or old). Once it is purged, the fun runs the current
%% version's fun if that is the same fun (same code: OTP finds funs by
%% module, index and uniq), and fails with badfun if the code changed.

write(V) ->
    ok = file:write_file("code_pf_mod.erl",
                         ["-module(code_pf_mod).\n-export([mk/0]).\n",
                          "mk() -> fun(X) -> {", integer_to_list(V), ", X} end.\n"]).

call(F, X) ->
    try F(X) catch error:{badfun, G} when G =:= F -> badfun end.

main() ->
    write(1),
    {ok, code_pf_mod} = c:c(code_pf_mod),
    F1 = code_pf_mod:mk(),
    io:format("v1 current: ~p~n", [call(F1, a)]),
    write(2),
    {ok, code_pf_mod} = c:c(code_pf_mod),
    F2 = code_pf_mod:mk(),
    io:format("v1 old: ~p ~p~n", [call(F1, b), call(F2, b)]),
    %% the same source again: c purges v1 first, v2 becomes old
    {ok, code_pf_mod} = c:c(code_pf_mod),
    io:format("v1 purged: ~p ~p~n", [call(F1, c), call(F2, c)]),
    io:format("purge: ~p~n", [code:purge(code_pf_mod)]),
    io:format("v2 purged, same fun current: ~p~n", [call(F2, d)]),
    %% a fun of another process's heap, sent after the purge
    Self = self(),
    spawn(fun() -> Self ! {f, F1, F2} end),
    receive {f, G1, G2} -> io:format("copies: ~p ~p~n", [call(G1, e), call(G2, e)]) end,
    ok = file:delete("code_pf_mod.erl"),
    _ = file:delete("code_pf_mod.beam"),
    ok.
