-module(stdlib_file_names).
-export([main/0]).

%% Whole files, directories, renames, links and the error tuples of file's
%% functions on names, in a scratch directory of its own.

-define(D, "stdlib_file_names.tmp").

p(Label, X) -> io:format("~s: ~w~n", [Label, X]).

c(F) ->
    try F() of
        V -> V
    catch
        C:R -> {C, R}
    end.

main() ->
    _ = del_tree(?D),
    p("make_dir", file:make_dir(?D)),
    p("make_dir again", file:make_dir(?D)),
    F = ?D ++ "/f.txt",
    p("write_file", file:write_file(F, "hello\n")),
    p("read_file", file:read_file(F)),
    p("read_file binary name", file:read_file(list_to_binary(F))),
    p("read_file deep name", file:read_file([?D, [$/, "f"], '.txt'])),
    p("read_file atom tail", file:read_file([?D ++ "/f." | txt])),
    p("write iolist", file:write_file(F, [$a, [<<"bc">>, ["d" | <<"e">>]]])),
    p("read back", file:read_file(F)),
    p("write atom", file:write_file(F, abc)),
    p("write 256", file:write_file(F, [256])),
    p("unchanged", file:read_file(F)),
    p("read missing", file:read_file(?D ++ "/missing")),
    p("read dir", file:read_file(?D)),
    p("read below file", file:read_file(F ++ "/x")),
    p("read empty name", file:read_file("")),
    [p("read bad name", file:read_file(N))
     || N <- [1, {a}, [1.5], [<<"a">>], [$a | <<"b">>], "a\0b", <<"a", 0>>, [16#D800], [16#110000], [-1]]],
    p("write bad name", file:write_file(1, <<>>)),
    p("write missing dir", file:write_file(?D ++ "/no/x", <<>>)),
    p("write dir", file:write_file(?D, <<>>)),

    %% directories
    Sub = ?D ++ "/sub",
    p("make sub", file:make_dir(Sub)),
    p("make nested missing", file:make_dir(?D ++ "/a/b")),
    p("make below file", file:make_dir(F ++ "/x")),
    ok = file:write_file(Sub ++ "/1", <<"1">>),
    ok = file:write_file(Sub ++ "/2", <<"22">>),
    p("list_dir", sorted(file:list_dir(?D))),
    p("list_dir sub", sorted(file:list_dir(Sub))),
    p("list_dir binary", sorted(file:list_dir(list_to_binary(Sub)))),
    p("list_dir_all", sorted(file:list_dir_all(Sub))),
    p("list_dir file", file:list_dir(F)),
    p("list_dir missing", file:list_dir(?D ++ "/missing")),
    p("list_dir bad", file:list_dir(1)),
    p("del_dir non-empty", file:del_dir(Sub)),
    p("del_dir file", file:del_dir(F)),
    p("del_dir missing", file:del_dir(?D ++ "/missing")),
    p("delete dir", file:delete(Sub)),
    p("delete missing", file:delete(?D ++ "/missing")),
    p("delete 1", file:delete(Sub ++ "/1")),
    p("delete 1 again", file:delete(Sub ++ "/1")),
    p("delete raw", file:delete(Sub ++ "/2", [raw])),
    p("del_dir empty", file:del_dir(Sub)),
    p("del_dir again", file:del_dir(Sub)),

    %% renames
    G = ?D ++ "/g.txt",
    p("rename", file:rename(F, G)),
    p("old gone", file:read_file(F)),
    p("new there", file:read_file(G)),
    p("rename missing", file:rename(F, G)),
    ok = file:make_dir(Sub),
    p("rename file over dir", file:rename(G, Sub)),
    p("rename dir over file", file:rename(Sub, G)),
    p("rename dir into itself", file:rename(Sub, Sub ++ "/x")),
    ok = file:write_file(Sub ++ "/x", <<>>),
    ok = file:make_dir(?D ++ "/empty"),
    p("rename over non-empty dir", file:rename(?D ++ "/empty", Sub)),
    p("rename over empty dir", file:rename(Sub, ?D ++ "/empty")),
    p("after", sorted(file:list_dir(?D))),
    p("rename bad", file:rename(G, 1)),
    p("rename bad first", file:rename(1, "x")),

    %% links
    L = ?D ++ "/link",
    p("make_symlink", file:make_symlink("g.txt", L)),
    p("make_symlink again", file:make_symlink("g.txt", L)),
    p("read_link", file:read_link(L)),
    p("read_link_all", file:read_link_all(L)),
    p("read_link binary", file:read_link(list_to_binary(L))),
    p("read_link file", file:read_link(G)),
    p("read_link missing", file:read_link(?D ++ "/missing")),
    p("read through link", file:read_file(L)),
    p("dangling", file:make_symlink("nowhere", ?D ++ "/dangling")),
    p("read_link dangling", file:read_link(?D ++ "/dangling")),
    p("read dangling", file:read_file(?D ++ "/dangling")),
    p("make_link", file:make_link(G, ?D ++ "/hard")),
    p("make_link again", file:make_link(G, ?D ++ "/hard")),
    p("read hard", file:read_file(?D ++ "/hard")),
    p("make_link dir", file:make_link(?D ++ "/empty", ?D ++ "/hard2")),
    p("make_link bad", file:make_link(1, ?D ++ "/hard2")),

    %% unicode names: lists of characters are written as UTF-8
    U = ?D ++ "/u",
    ok = file:make_dir(U),
    p("write unicode", file:write_file(U ++ [$/, 16#E4, 16#3B1], <<"x">>)),
    p("list unicode", file:list_dir(U)),
    p("read as utf-8 binary", file:read_file(<<(list_to_binary(U))/binary, "/", 16#C3, 16#A4, 16#CE, 16#B1>>)),
    p("latin1 binary is another name", file:read_file(<<(list_to_binary(U))/binary, "/", 16#E4>>)),
    p("raw byte name", file:write_file(<<(list_to_binary(U))/binary, "/", 255>>, <<"y">>)),
    p("list_dir skips it", file:list_dir(U)),
    p("list_dir_all keeps it", sorted(file:list_dir_all(U))),
    p("del_dir_r", file:del_dir_r(U)),
    p("gone", file:list_dir(U)),

    %% get_cwd/set_cwd
    {ok, Cwd} = file:get_cwd(),
    p("cwd is absolute", filename:pathtype(Cwd)),
    p("set_cwd", file:set_cwd(?D)),
    {ok, Inner} = file:get_cwd(),
    p("inner", filename:basename(Inner)),
    p("absname", filename:absname("x") =:= filename:join(Inner, "x")),
    p("absname binary", filename:absname(<<"y">>) =:= list_to_binary(filename:join(Inner, "y"))),
    p("absname absolute", filename:absname("/a/./b")),
    p("relative read", file:read_file("g.txt")),
    p("set_cwd back", file:set_cwd(Cwd)),
    p("back", file:get_cwd() =:= {ok, Cwd}),
    p("set_cwd missing", file:set_cwd(?D ++ "/missing")),
    p("set_cwd file", file:set_cwd(G)),
    p("set_cwd not utf-8", file:set_cwd(<<255>>)),
    p("set_cwd bad", file:set_cwd(1)),
    p("get_cwd drive", [file:get_cwd(D) || D <- ["c:", "C:", "cc", "", <<"c:">>, 1]]),
    p("native_name_encoding", file:native_name_encoding()),

    %% clauses
    p("delete/2 no list", c(fun() -> file:delete(G, raw) end)),
    p("del_dir_r missing", file:del_dir_r(?D ++ "/missing")),
    p("del_dir_r", file:del_dir_r(?D)),
    p("all gone", file:list_dir(?D)),
    ok.

sorted({ok, L}) -> {ok, lists:sort(L)};
sorted(Other) -> Other.

del_tree(D) -> file:del_dir_r(D).
