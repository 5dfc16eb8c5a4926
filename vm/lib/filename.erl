%% filename: file name manipulation, OTP 25's API, results and exceptions
%% on a Unix host with UTF-8 file names.  Names are deep lists of chars and
%% atoms, atoms or binaries (binary in, binary out).  absname/1 asks
%% file:get_cwd/0; basedir/2,3 read the environment (os:getenv/1).
-module(filename).

-export([absname/1, absname/2, absname_join/2, append/2, basedir/2, basedir/3,
         basename/1, basename/2, dirname/1, extension/1, flatten/1, join/1, join/2, nativename/1,
         pathtype/1, rootname/1, rootname/2, split/1, validate/1]).

%% ---------------------------------------------------------------------
%% Flattening and conversion

flatten(Bin) when is_binary(Bin) -> Bin;
flatten(L) -> flat(L, []).

%% Atoms anywhere stand for their text; a non-list tail is flattened too.
flat([H | T], Tail) when is_list(H) -> flat(H, flat(T, Tail));
flat([H | T], Tail) when is_atom(H) -> atom_to_list(H) ++ flat(T, Tail);
flat([H | T], Tail) -> [H | flat(T, Tail)];
flat([], Tail) -> Tail;
flat(A, Tail) when is_atom(A) -> atom_to_list(A) ++ flatten(Tail).

%% A string name as a UTF-8 binary.
to_binary(Name) ->
    case unicode:characters_to_binary(flatten(Name), unicode, utf8) of
        {error, _, _} -> erlang:error(badarg);
        Bin when is_binary(Bin) -> Bin
    end.

%% ---------------------------------------------------------------------
%% pathtype, join

pathtype(A) when is_atom(A) -> pathtype(atom_to_list(A));
pathtype(Name) when is_list(Name) or is_binary(Name) -> kind(Name).

kind(<<$/, _/binary>>) -> absolute;
kind([$/ | _]) -> absolute;
kind([L | T]) when is_list(L) -> kind(L ++ T);
kind([A | T]) when is_atom(A) -> kind(atom_to_list(A) ++ T);
kind(_) -> relative.

join([A, B | Rest]) -> join([join(A, B) | Rest]);
join([Name]) when is_list(Name) -> norm(Name, [], []);
join([Name]) when is_binary(Name) -> norm_bin(Name, <<>>, []);
join([Name]) when is_atom(Name) -> join([atom_to_list(Name)]).

join(A, B) when is_list(A), is_list(B) ->
    case pathtype(B) of
        relative -> norm(A, B, []);
        _ -> norm(B, [], [])
    end;
join(A, B) when is_binary(A), is_list(B) -> join(A, to_binary(B));
join(A, B) when is_list(A), is_binary(B) -> join(to_binary(A), B);
join(A, B) when is_binary(A), is_binary(B) ->
    case pathtype(B) of
        relative -> norm_bin(A, B, []);
        _ -> norm_bin(B, <<>>, [])
    end;
join(A, B) when is_atom(A) -> join(atom_to_list(A), B);
join(A, B) when is_atom(B) -> join(A, atom_to_list(B)).

%% Copies Name then Next into Acc (reversed), with one / between them,
%% no repeated / and no "/." left before a /.
norm([$/ | T], Next, [$., $/ | Acc]) -> norm(T, Next, [$/ | Acc]);
norm([$/ | T], Next, [$/ | Acc]) -> norm(T, Next, [$/ | Acc]);
norm([], [], Acc) -> finish(Acc);
norm([], Next, [$/ | _] = Acc) -> norm(Next, [], Acc);
norm([], Next, [$., $/ | Acc]) -> norm(Next, [], [$/ | Acc]);
norm([], Next, Acc) -> norm(Next, [], [$/ | Acc]);
norm([[_ | _] = L | T], Next, Acc) -> norm(L ++ T, Next, Acc);
norm([[] | T], Next, Acc) -> norm(T, Next, Acc);
norm([C | T], Next, Acc) when is_integer(C) -> norm(T, Next, [C | Acc]);
norm([A | T], Next, Acc) when is_atom(A) -> norm(atom_to_list(A) ++ T, Next, Acc).

norm_bin(<<$/, T/binary>>, Next, [$., $/ | Acc]) -> norm_bin(T, Next, [$/ | Acc]);
norm_bin(<<$/, T/binary>>, Next, [$/ | Acc]) -> norm_bin(T, Next, [$/ | Acc]);
norm_bin(<<>>, <<>>, Acc) -> list_to_binary(finish(Acc));
norm_bin(<<>>, Next, [$/ | _] = Acc) -> norm_bin(Next, <<>>, Acc);
norm_bin(<<>>, Next, [$., $/ | Acc]) -> norm_bin(Next, <<>>, [$/ | Acc]);
norm_bin(<<>>, Next, Acc) -> norm_bin(Next, <<>>, [$/ | Acc]);
norm_bin(<<C, T/binary>>, Next, Acc) -> norm_bin(T, Next, [C | Acc]).

%% A trailing / goes, unless the name is just "/".
finish([$/]) -> [$/];
finish([$/ | Rev]) -> lists:reverse(Rev);
finish(Rev) -> lists:reverse(Rev).

nativename(Name) -> join([Name]).

append(Dir, Name) when is_binary(Dir), is_binary(Name) -> <<Dir/binary, $/, Name/binary>>;
append(Dir, Name) when is_binary(Dir) -> append(Dir, to_binary(Name));
append(Dir, Name) when is_binary(Name) -> append(to_binary(Dir), Name);
append(Dir, Name) -> Dir ++ [$/ | Name].

absname(Name) ->
    {ok, Cwd} = file:get_cwd(),
    absname(Name, Cwd).

absname(Name, Base) when is_binary(Name), is_list(Base) -> absname(Name, to_binary(Base));
absname(Name, Base) when is_list(Name), is_binary(Base) -> absname(to_binary(Name), Base);
absname(Name, Base) ->
    case pathtype(Name) of
        relative -> absname_join(Base, Name);
        absolute -> join([flatten(Name)])
    end.

absname_join(Base, Name) -> join(Base, flatten(Name)).

%% ---------------------------------------------------------------------
%% basename, dirname, extension, rootname

basename(Name) when is_binary(Name) ->
    case [P || P <- binary:split(Name, [<<"/">>], [global]), P =/= <<>>] of
        [] -> <<>>;
        Parts -> lists:last(Parts)
    end;
basename(Name) ->
    L = flatten(Name),
    base(L, L).

%% Tail is what follows the last / seen; a single trailing / is dropped.
base([$/], Tail) ->
    [_ | T] = lists:reverse(Tail),
    lists:reverse(T);
base([$/ | T], _) -> base(T, T);
base([C | T], Tail) when is_integer(C) -> base(T, Tail);
base([], Tail) -> Tail.

basename(Name, Ext) when is_binary(Name), is_list(Ext) -> basename(Name, to_binary(Ext));
basename(Name, Ext) when is_list(Name), is_binary(Ext) -> basename(to_binary(Name), Ext);
basename(Name, Ext) when is_binary(Name), is_binary(Ext) ->
    Base = basename(Name),
    Keep = byte_size(Base) - byte_size(Ext),
    Skip = byte_size(Name) - Keep - byte_size(Ext),
    case Name of
        _ when Keep < 0 -> Base;
        <<_:Skip/binary, Part:Keep/binary, Ext/binary>> -> Part;
        _ -> Base
    end;
basename(Name, Ext) -> base_ext(flatten(Name), flatten(Ext), []).

base_ext(Ext, Ext, Rev) -> lists:reverse(Rev);
base_ext([$/], Ext, Rev) -> base_ext([], Ext, Rev);
base_ext([$/ | T], Ext, _) -> base_ext(T, Ext, []);
base_ext([C | T], Ext, Rev) when is_integer(C) -> base_ext(T, Ext, [C | Rev]);
base_ext([], _, Rev) -> lists:reverse(Rev).

dirname(Name) when is_binary(Name) ->
    [_ | RevDirs] = lists:reverse(binary:split(Name, [<<"/">>], [global])),
    case lists:reverse(drop_empty(RevDirs)) of
        [] -> <<".">>;
        Dirs -> dir_join(Dirs, <<>>)
    end;
dirname(Name) -> dir(flatten(Name), [], []).

%% Empty parts at the end go, but one is always left.
drop_empty([<<>>, X | T]) -> drop_empty([X | T]);
drop_empty(L) -> L.

%% Joins with /; an empty part (a leading or doubled /) adds one more /.
dir_join([<<>> | T], Acc) -> dir_join_rest(T, <<Acc/binary, "/">>);
dir_join(Parts, Acc) -> dir_join_rest(Parts, Acc).

dir_join_rest([], Acc) -> Acc;
dir_join_rest([P], Acc) -> <<Acc/binary, P/binary>>;
dir_join_rest([P | T], Acc) -> dir_join(T, <<Acc/binary, P/binary, "/">>).

%% Dir: the directory part so far (reversed); File: the component being
%% read (reversed), starting with the / before it.
dir([$/ | T], Dir, File) -> dir(T, File ++ Dir, [$/]);
dir([C | T], Dir, File) when is_integer(C) -> dir(T, Dir, [C | File]);
dir([], [], File) ->
    case lists:reverse(File) of
        [$/ | _] -> [$/];
        _ -> "."
    end;
dir([], [$/ | Dir], File) -> dir([], Dir, File);
dir([], Dir, _) -> lists:reverse(Dir).

extension(Name) when is_binary(Name) ->
    case binary:matches(Name, [<<".">>]) of
        [] -> <<>>;
        Dots ->
            case lists:last(Dots) of
                {0, _} -> <<>>;
                {Pos, _} ->
                    <<_:(Pos - 1)/binary, Part/binary>> = Name,
                    case binary:match(Part, [<<"/">>]) of
                        nomatch ->
                            <<_:Pos/binary, Ext/binary>> = Name,
                            Ext;
                        _ -> <<>>
                    end
            end
    end;
extension(Name) -> ext([$/ | flatten(Name)], []).

%% Ext: the text from the last dot of the current component, if any; a
%% dot right after a / starts no extension.
ext([$. | T] = Ext, _) -> ext(T, Ext);
ext([$/, $. | T], _) -> ext(T, []);
ext([C | T], []) when is_integer(C) -> ext(T, []);
ext([$/ | T], _) -> ext(T, []);
ext([C | T], Ext) when is_integer(C) -> ext(T, Ext);
ext([], Ext) -> Ext.

rootname(Name) when is_binary(Name) -> list_to_binary(rootname(binary_to_list(Name)));
rootname(Name) -> root(flatten(Name), [], []).

%% Root: the name so far without its pending extension Ext (both
%% reversed).
root([$/ | T], Root, Ext) -> root(T, [$/] ++ Ext ++ Root, []);
root([$. | T], [$/ | _] = Root, []) -> root(T, [$. | Root], []);
root([$. | T], Root, Ext) -> root(T, Ext ++ Root, ".");
root([C | T], Root, []) when is_integer(C) -> root(T, [C | Root], []);
root([C | T], Root, Ext) when is_integer(C) -> root(T, Root, [C | Ext]);
root([], Root, _) -> lists:reverse(Root).

rootname(Name, Ext) when is_binary(Name), is_binary(Ext) ->
    list_to_binary(rootname(binary_to_list(Name), binary_to_list(Ext)));
rootname(Name, Ext) when is_binary(Name) -> rootname(Name, to_binary(Ext));
rootname(Name, Ext) when is_binary(Ext) -> rootname(to_binary(Name), Ext);
rootname(Name, Ext) -> root_ext(flatten(Name), flatten(Ext), []).

root_ext(Ext, Ext, [$/ | _] = Rev) -> lists:reverse(Rev, Ext);
root_ext(Ext, Ext, Rev) -> lists:reverse(Rev);
root_ext([], _, Rev) -> lists:reverse(Rev);
root_ext([C | T], Ext, Rev) when is_integer(C) -> root_ext(T, Ext, [C | Rev]).

%% ---------------------------------------------------------------------
%% split, validate

split(Name) when is_binary(Name) ->
    Parts = case binary:split(Name, [<<"/">>], [global]) of
                [<<>> | Rest] when Rest =/= [] -> [<<"/">> | Rest];
                Ps -> Ps
            end,
    [P || P <- Parts, P =/= <<>>];
split(Name) ->
    case flatten(Name) of
        [$/ | T] -> split(T, [], [[$/]]);
        L -> split(L, [], [])
    end.

split([$/ | T], [], Parts) -> split(T, [], Parts);
split([$/ | T], Comp, Parts) -> split(T, [], [lists:reverse(Comp) | Parts]);
split([C | T], Comp, Parts) when is_integer(C) -> split(T, [C | Comp], Parts);
split([], [], Parts) -> lists:reverse(Parts);
split([], Comp, Parts) -> lists:reverse([lists:reverse(Comp) | Parts]).

%% true for a non-empty name of valid characters (no NUL, no surrogates).
validate(Name) when is_binary(Name) ->
    try valid_bytes(Name, 0) > 0
    catch _:_ -> false
    end;
validate(Name) when is_list(Name); is_atom(Name) ->
    try valid_chars(Name, 0) > 0
    catch _:_ -> false
    end.

valid_bytes(<<>>, N) -> N;
valid_bytes(<<0, _/binary>>, _) -> throw(invalid);
valid_bytes(<<_, T/binary>>, N) -> valid_bytes(T, N + 1).

valid_chars([], N) -> N;
valid_chars(C, N) when is_integer(C) ->
    if
        C < 1; C >= 16#110000; C >= 16#D800, C =< 16#DFFF -> throw(invalid);
        true -> N + 1
    end;
valid_chars(A, N) when is_atom(A) -> valid_chars(atom_to_list(A), N);
valid_chars([H | T], N) -> valid_chars(T, valid_chars(H, N)).

%% ---------------------------------------------------------------------
%% basedir: where an application keeps its files, by the XDG base
%% directory specification on Linux, and OTP's rules for the `os` option's
%% darwin and windows (author and version join the name).

basedir(Type, App) when is_atom(Type), is_list(App); is_atom(Type), is_binary(App) ->
    basedir(Type, App, #{}).

basedir(Type, App, Opts) when is_atom(Type), is_map(Opts), is_list(App);
                              is_atom(Type), is_map(Opts), is_binary(App) ->
    Os = case Opts of
             #{os := O} when O =:= linux; O =:= darwin; O =:= windows -> O;
             #{} -> linux
         end,
    Name = case {Os, Opts} of
               {windows, #{author := Au, version := V}} -> join([Au, App, V]);
               {windows, #{author := Au}} -> join([Au, App]);
               {_, #{version := V}} -> join([App, V]);
               _ -> App
           end,
    Base = base_of(Os, Type),
    case {Type, Os} of
        {user_log, linux} -> join([Base, Name, "log"]);
        {user_log, windows} -> join([Base, Name, "Logs"]);
        {user_cache, windows} -> join([Base, Name, "Cache"]);
        {site_config, _} -> [join(B, Name) || B <- Base];
        {site_data, _} -> [join(B, Name) || B <- Base];
        _ -> join(Base, Name)
    end.

base_of(_, Type) when Type =/= user_data, Type =/= user_config, Type =/= user_cache,
                      Type =/= user_log, Type =/= site_data, Type =/= site_config ->
    error({case_clause, Type});
base_of(linux, user_data) -> env_or_home("XDG_DATA_HOME", ".local/share");
base_of(linux, user_config) -> env_or_home("XDG_CONFIG_HOME", ".config");
base_of(linux, user_cache) -> env_or_home("XDG_CACHE_HOME", ".cache");
base_of(linux, user_log) -> env_or_home("XDG_CACHE_HOME", ".cache");
base_of(linux, site_data) -> string:lexemes(env_or("XDG_DATA_DIRS", "/usr/local/share/:/usr/share/"), ":");
base_of(linux, site_config) -> string:lexemes(env_or("XDG_CONFIG_DIRS", "/etc/xdg"), ":");
base_of(darwin, user_data) -> home("Library/Application Support");
base_of(darwin, user_config) -> home("Library/Application Support");
base_of(darwin, user_cache) -> home("Library/Caches");
base_of(darwin, user_log) -> home("Library/Logs");
base_of(darwin, site_data) -> ["/Library/Application Support"];
base_of(darwin, site_config) -> ["/Library/Application Support"];
base_of(windows, Type) ->
    %% APPDATA roams (user_config); LOCALAPPDATA, when set, is the rest.
    %% Without APPDATA (MSYS, say): Roaming and Local under the home.
    case env_or("APPDATA", none) of
        none when Type =:= user_config -> home("Roaming");
        none when Type =:= site_data; Type =:= site_config -> [];
        none when Type =:= user_data; Type =:= user_cache; Type =:= user_log -> home("Local");
        AppData when Type =:= user_config -> AppData;
        _ when Type =:= site_data; Type =:= site_config -> [];
        AppData when Type =:= user_data; Type =:= user_cache; Type =:= user_log ->
            env_or("LOCALAPPDATA", AppData)
    end.

%% The variable's value, or Default when it is unset or empty.
env_or(Var, Default) ->
    case os:getenv(Var) of
        false -> Default;
        [] -> Default;
        Value -> Value
    end.

env_or_home(Var, Dir) -> env_or(Var, home(Dir)).

home(Dir) ->
    case os:getenv("HOME") of
        false -> join("/", Dir);
        Home -> join(Home, Dir)
    end.
