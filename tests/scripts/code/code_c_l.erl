-module(code_c_l).
-export([main/0]).

%% c:c/1,2 compiles a module's source and loads it (purging the old
%% version first); c:l/1 loads it again. A module with errors is not loaded
%% and c returns error; a missing one is {error, non_existing}. (dbgsh has
%% no .beam files: l/1 loads the source again, where OTP loads the .beam c
%% wrote, so the source is left as c compiled it before l/1.)

write(Body) ->
    ok = file:write_file("code_c_l_mod.erl",
                         ["-module(code_c_l_mod).\n-export([v/0]).\n", Body]).

%% Runs F with a group leader that drops output (c prints compile errors
%% to the group leader in OTP, to standard error in dbgsh).
quietly(F) ->
    Sink = spawn(fun Loop() ->
                         receive
                             {io_request, From, Ref, _} -> From ! {io_reply, Ref, ok}, Loop();
                             stop -> ok
                         end
                 end),
    Old = group_leader(),
    group_leader(Sink, self()),
    R = F(),
    group_leader(Old, self()),
    Sink ! stop,
    R.

main() ->
    write("v() -> 1.\n"),
    io:format("~p~n", [c:c(code_c_l_mod)]),
    io:format("~p~n", [code_c_l_mod:v()]),
    write("v() -> 2.\n"),
    io:format("~p~n", [c:c("code_c_l_mod.erl")]),
    io:format("~p~n", [code_c_l_mod:v()]),
    io:format("~p~n", [c:l(code_c_l_mod)]),
    io:format("~p~n", [code_c_l_mod:v()]),
    write("v() -> 4.\n"),
    io:format("~p~n", [c:c("code_c_l_mod", [])]),
    io:format("~p~n", [code_c_l_mod:v()]),
    write("v() -> X.\n"),
    io:format("~p~n", [quietly(fun() -> c:c(code_c_l_mod) end)]),
    io:format("~p~n", [code_c_l_mod:v()]),
    io:format("~p~n", [c:c(code_c_l_no_such_module)]),
    io:format("~p~n", [c:l(code_c_l_no_such_module)]),
    ok = file:delete("code_c_l_mod.erl"),
    _ = file:delete("code_c_l_mod.beam"),
    ok.
