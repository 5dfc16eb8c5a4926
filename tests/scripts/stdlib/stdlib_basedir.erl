-module(stdlib_basedir).
-export([main/0]).

%% filename:basedir/2,3 end to end, over os:getenv/1: each type on each
%% os, with the XDG variables set, empty and unset, and APPDATA for
%% windows. The variables are set here, so the output is the same on any
%% machine.

types() -> [user_cache, user_config, user_data, user_log, site_config, site_data].

show(What) ->
    [io:format("~s ~w ~p~n", [What, T, filename:basedir(T, "app", O)])
     || T <- types(), O <- [#{}, #{os => darwin, version => "1"},
                            #{os => windows, author => "me", version => "2"}]].

main() ->
    Vars = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_DIRS",
            "XDG_CONFIG_DIRS", "APPDATA", "LOCALAPPDATA"],
    %% regen.sh runs every program in one erl node: leave its environment
    %% as it was
    Saved = [{V, os:getenv(V)} || V <- ["HOME" | Vars]],
    true = os:putenv("HOME", "/home/u"),
    [true = os:unsetenv(V) || V <- Vars],
    show("unset"),
    [true = os:putenv(V, "") || V <- Vars],
    show("empty"),
    [true = os:putenv(V, "/x/" ++ string:lowercase(V)) || V <- Vars],
    true = os:putenv("XDG_CONFIG_DIRS", "/c1:/c2::/c3"),
    show("set"),
    io:format("~p~n", [filename:basedir(user_data, <<"bin">>, #{version => <<"v">>})]),
    io:format("~p~n", [[try filename:basedir(T, A) catch C:R -> {C, R} end
                        || {T, A} <- [{other, "a"}, {"user_data", "a"}, {user_data, 1}]]]),
    [true = case Val of false -> os:unsetenv(V); _ -> os:putenv(V, Val) end || {V, Val} <- Saved],
    ok.
