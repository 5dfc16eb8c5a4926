-module(filelib_ops).
-export([main/0]).

%% filelib: wildcards over a small tree (sets, alternatives, "**", escapes,
%% links, a pattern with no wildcard, a bad pattern), the questions about a
%% name, ensure_dir/ensure_path, fold_files, find_file/find_source and
%% safe_relative_path.

-define(D, "filelib_ops.tmp").

p(Label, X) -> io:format("~s: ~p~n", [Label, X]).

c(F) ->
    try F() of
        V -> V
    catch
        C:R -> {C, R}
    end.

in(P) -> filename:join(?D, P).

main() ->
    _ = file:del_dir_r(?D),
    [ok = file:make_dir(in(Dir)) || Dir <- ["", "sub", "sub/deep", "src", "ebin", "empty"]],
    [ok = file:write_file(in(F), F) || F <- ["a.erl", "b.erl", "c.txt", ".hidden", "x,y", "q?",
                                             "sub/d.erl", "sub/deep/f.erl", "sub/deep/g.hrl",
                                             "src/h.erl", "ebin/h.beam"]],
    ok = file:make_symlink("sub", in("link")),
    ok = file:make_symlink("nowhere", in("dangling")),

    [p("wildcard " ++ P, c(fun() -> filelib:wildcard(P, ?D) end))
     || P <- ["*", "*.erl", "?.erl", "[a-b].erl", "[!a].erl", "{a,c}.*", "*.{erl,txt}",
              "**/*.erl", "sub/**", "*/*.erl", "link/*", "sub/deep/../*.erl", "x,y", "q\\?",
              "q?", "a.erl", "dangling", "missing", "missing/*", "empty/*", "{a", "[a"]],
    p("absolute", filelib:wildcard(in("s*/d*")) =:= [in("sub/d.erl"), in("sub/deep")]),
    p("from the cwd", filelib:wildcard(?D ++ "/*.txt")),
    p("not a string", c(fun() -> filelib:wildcard(<<"*">>) end)),

    [p(atom_to_list(F) ++ " " ++ N, filelib:F(in(N)))
     || F <- [is_dir, is_file, is_regular, file_size], N <- ["a.erl", "sub", "link", "dangling",
                                                            "missing"]],
    p("last_modified", is_tuple(filelib:last_modified(in("a.erl")))),
    p("last_modified missing", filelib:last_modified(in("missing"))),

    p("ensure_dir", filelib:ensure_dir(in("new/deeper/file"))),
    p("made", [filelib:is_dir(in("new/deeper")), filelib:is_dir(in("new/deeper/file"))]),
    p("ensure_path", filelib:ensure_path(in("new/deeper/file"))),
    p("made", filelib:is_dir(in("new/deeper/file"))),
    p("below a file", filelib:ensure_dir(in("a.erl/x/y"))),
    p("root", filelib:ensure_dir("/")),

    Fold = fun(Re, Rec) -> lists:sort(filelib:fold_files(?D, Re, Rec, fun(F, A) -> [F | A] end, [])) end,
    p("fold .erl", Fold("\\.erl$", true)),
    p("fold .erl here", Fold("\\.erl$", false)),
    %% (the message is PCRE's, which differs between versions)
    p("fold bad", case c(fun() -> Fold("(", true) end) of
                      {error, {badmatch, {error, {_Message, At}}}} -> {badmatch, At};
                      Other -> Other
                  end),

    p("find_file", filelib:find_file("h.erl", in("ebin"))),
    p("find_source", filelib:find_source(in("ebin/h.beam"))),
    p("find_source beside", filelib:find_source(in("sub/d.beam"))),
    p("find_source none", filelib:find_source(in("empty/z.beam"))),
    p("find_source rules", filelib:find_source("d.beam", in("ebin"), [{".beam", ".erl", [{"ebin", "sub"}]}])),

    [p("safe " ++ P, filelib:safe_relative_path(P, ?D))
     || P <- ["a/b", "a/../b", "../a", ".", "/abs", "link/d.erl", "link/../a"]],
    ok = file:del_dir_r(?D).
