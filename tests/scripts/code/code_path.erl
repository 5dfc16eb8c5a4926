-module(code_path).
-export([main/0]).

%% The code path: code:get_path/0, add_path/1, add_patha/1, add_pathz/1
%% and del_path/1 (by directory and by name), and what which/1 and
%% all_available/0 say. The directories differ between dbgsh and erl
%% (.erl files against .beam files, the feature folder against erl's
%% ebin), so only what both share is printed; the path is left as found.

count(D) -> length([P || P <- code:get_path(), P =:= D]).

base(File) when is_list(File) -> filename:rootname(filename:basename(File));
base(Other) -> Other.

error_of(F) ->
    try F() catch error:R -> {error, R} end.

is_string(S) -> is_list(S) andalso lists:all(fun is_integer/1, S).

main() ->
    P0 = code:get_path(),
    io:format("~p~n", [{lists:all(fun is_string/1, P0), lists:member(".", P0)}]),
    ok = file:make_dir("code_path_dir"),
    ok = file:write_file("code_path_dir/code_path_file", "x"),
    {ok, Cwd} = file:get_cwd(),
    D = filename:join(Cwd, "code_path_dir"),
    io:format("~p~n", [code:add_path(D ++ "/")]),
    io:format("~p~n", [{lists:last(code:get_path()) =:= D, count(D)}]),
    io:format("~p~n", [{code:add_pathz(D), count(D), lists:last(code:get_path()) =:= D}]),
    io:format("~p~n", [{code:add_patha(D), count(D), hd(code:get_path()) =:= D}]),
    io:format("~p~n", [{code:del_path(D), count(D)}]),
    io:format("~p~n", [code:del_path(D)]),
    io:format("~p~n", [{code:add_path(D ++ "//"), count(D)}]),
    io:format("~p~n", [{code:del_path(code_path_dir), count(D)}]),
    io:format("~p~n", [{code:add_patha(D), code:del_path("code_path_dir"), count(D)}]),
    io:format("~p~n", [code:add_path(D ++ "/code_path_file")]),
    io:format("~p~n", [code:add_path(D ++ "/none")]),
    io:format("~p~n", [code:add_pathz("")]),
    io:format("~p~n", [code:del_path([$x | y])]),
    io:format("~p~n", [error_of(fun() -> code:add_path(code_path_dir) end)]),
    io:format("~p~n", [error_of(fun() -> code:add_patha(<<"/">>) end)]),
    io:format("~p~n", [error_of(fun() -> code:del_path(1) end)]),
    io:format("~p~n", [code:get_path() =:= P0]),
    ok = file:delete("code_path_dir/code_path_file"),
    ok = file:del_dir("code_path_dir"),
    %% which/1
    io:format("~p~n", [[base(code:which(M)) || M <- [code_path, lists, erlang, code_path_no_such_module]]]),
    io:format("~p~n", [error_of(fun() -> code:which("lists") end)]),
    %% all_available/0: sorted by name, one entry per name
    A = code:all_available(),
    Names = [N || {N, _, _} <- A],
    io:format("~p~n", [{Names =:= lists:usort(Names),
                        lists:all(fun({N, F, L}) -> is_string(N) andalso (is_string(F) orelse is_atom(F))
                                                        andalso is_boolean(L) end, A)}]),
    [{"code_path", Self, true}] = [E || {"code_path", _, _} = E <- A],
    io:format("~p~n", [{base(Self), Self =:= code:which(code_path)}]),
    io:format("~p~n", [[E || {"erlang", _, _} = E <- A]]),
    [{"lists", L, _}] = [E || {"lists", _, _} = E <- A],
    io:format("~p~n", [{base(L), L =:= code:which(lists)}]),
    ok.
