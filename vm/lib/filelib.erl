%% filelib: OTP 25's file utilities: wildcards, the questions programs ask
%% of a name (is_dir, is_file, is_regular, file_size, last_modified),
%% directories made on demand (ensure_dir, ensure_path), folds over a
%% tree's files, finding a module's source, and safe relative paths.
%%
%% A wildcard is matched one name of the path at a time: `?` one
%% character, `*` any characters (names starting with a dot too), `**` as a
%% whole name any number of directories, `[a-z]` one of a set, `{a,b}` one
%% of several alternatives, a backslash escapes the next character. The
%% leading names with no pattern in them are joined into the directory the
%% search starts from, so "lib/kernel/ebin/*.beam" lists one directory; a
%% pattern with no wildcard at all only asks whether the name exists.
%% Matches come back sorted, relative to Cwd when the pattern is.
%%
%% The functions that take a module (wildcard/2,3, is_dir/2, ...) ask it
%% read_file_info/1, read_link_info/1 and list_dir/1; erl_prim_loader, the
%% boot loader in OTP, reads the file system here, as it does on a node
%% not booted over the network.
%%
%% compile_wildcard/1, OTP's debugging aid that shows its internal form of
%% a pattern, is not provided.
-module(filelib).
-export([wildcard/1, wildcard/2, wildcard/3, is_dir/1, is_dir/2, is_file/1, is_file/2,
         is_regular/1, is_regular/2, file_size/1, file_size/2, last_modified/1,
         last_modified/2, fold_files/5, fold_files/6, ensure_dir/1, ensure_path/1,
         find_file/2, find_file/3, find_source/1, find_source/2, find_source/3,
         safe_relative_path/2]).

-include_lib("kernel/include/file.hrl").

%% ---------------------------------------------------------------------
%% Questions about a name

is_dir(Name) -> is_dir(Name, file).

is_dir(Name, Mod) when is_atom(Mod) -> type(Name, Mod) =:= directory.

is_file(Name) -> is_file(Name, file).

is_file(Name, Mod) when is_atom(Mod) ->
    case type(Name, Mod) of
        regular -> true;
        directory -> true;
        _ -> false
    end.

is_regular(Name) -> is_regular(Name, file).

is_regular(Name, Mod) when is_atom(Mod) -> type(Name, Mod) =:= regular.

file_size(Name) -> file_size(Name, file).

file_size(Name, Mod) when is_atom(Mod) -> info_field(Name, Mod, #file_info.size).

%% The local time of the last change, or 0 when there is no such file.
last_modified(Name) -> last_modified(Name, file).

last_modified(Name, Mod) when is_atom(Mod) -> info_field(Name, Mod, #file_info.mtime).

%% A field of Name's file information, links followed, or 0.
info_field(Name, Mod, Field) ->
    case file_info(Name, Mod) of
        {ok, Info} -> element(Field, Info);
        _ -> 0
    end.

%% The type of what Name names, links followed, or none.
type(Name, Mod) ->
    case file_info(Name, Mod) of
        {ok, #file_info{type = Type}} -> Type;
        _ -> none
    end.

%% The file system through file, or through the module given.
file_info(Name, Mod) when Mod =:= file; Mod =:= erl_prim_loader -> file:read_file_info(Name);
file_info(Name, Mod) -> apply(Mod, read_file_info, [Name]).

link_info(Name, Mod) when Mod =:= file; Mod =:= erl_prim_loader -> file:read_link_info(Name);
link_info(Name, Mod) -> apply(Mod, read_link_info, [Name]).

list_dir(Dir, Mod) when Mod =:= file; Mod =:= erl_prim_loader -> file:list_dir(Dir);
list_dir(Dir, Mod) -> apply(Mod, list_dir, [Dir]).

%% ---------------------------------------------------------------------
%% Making directories

%% Makes the directories above Name, so that Name can be made.
ensure_dir("/") -> ok;
ensure_dir(Name) -> ensure_path(filename:dirname(Name)).

%% Makes Path and every directory above it that is missing. Another
%% process making one of them at the same time is no error.
ensure_path("/") -> ok;
ensure_path(Path) ->
    case is_dir(Path) of
        true ->
            ok;
        false ->
            case filename:dirname(Path) of
                Path ->
                    {error, einval};
                Parent ->
                    _ = ensure_path(Parent),
                    case file:make_dir(Path) of
                        {error, eexist} = Exists ->
                            case is_dir(Path) of
                                true -> ok;
                                false -> Exists
                            end;
                        Made ->
                            Made
                    end
            end
    end.

%% ---------------------------------------------------------------------
%% Folding over files

%% Fun over the regular files under Dir whose names (the last part)
%% RegExp matches, into subdirectories when Recursive; in the order the
%% directories list them. A directory that cannot be listed has none.
fold_files(Dir, RegExp, Recursive, Fun, Acc) ->
    fold_files(Dir, RegExp, Recursive, Fun, Acc, file).

fold_files(Dir, RegExp, Recursive, Fun, Acc, Mod) when is_atom(Mod) ->
    {ok, Re} = re:compile(RegExp, [unicode]),
    fold_dir(Dir, {Re, RegExp}, Recursive, Fun, Acc, Mod).

fold_dir(Dir, Res, Recursive, Fun, Acc, Mod) ->
    case list_dir(Dir, Mod) of
        {ok, Names} -> fold_names(Names, Dir, Res, Recursive, Fun, Acc, Mod);
        {error, _} -> Acc
    end.

fold_names([Name | Names], Dir, Res, Recursive, Fun, Acc0, Mod) ->
    Full = filename:join(Dir, Name),
    Acc = case type(Full, Mod) of
              regular ->
                  case name_matches(Name, Res) of
                      true -> Fun(Full, Acc0);
                      false -> Acc0
                  end;
              directory when Recursive ->
                  fold_dir(Full, Res, Recursive, Fun, Acc0, Mod);
              _ ->
                  Acc0
          end,
    fold_names(Names, Dir, Res, Recursive, Fun, Acc, Mod);
fold_names([], _, _, _, _, Acc, _) ->
    Acc.

%% A name that is no text in the file name encoding comes as a binary: it
%% is matched with the expression as given, not the unicode one.
name_matches(Name, {Re, RegExp}) ->
    Pattern = case is_binary(Name) of
                  true -> RegExp;
                  false -> Re
              end,
    try re:run(Name, Pattern, [{capture, none}]) of
        match -> true;
        nomatch -> false
    catch
        error:_ -> false
    end.

%% ---------------------------------------------------------------------
%% Wildcards

wildcard(Pattern) when is_list(Pattern) -> glob(Pattern, ".", file).

wildcard(Pattern, Cwd) when is_list(Pattern), is_list(Cwd) -> glob(Pattern, Cwd, file);
wildcard(Pattern, Mod) when is_list(Pattern), is_atom(Mod) -> glob(Pattern, ".", Mod).

wildcard(Pattern, Cwd, Mod) when is_list(Pattern), is_list(Cwd), is_atom(Mod) ->
    glob(Pattern, Cwd, Mod).

%% A pattern that names no directory to start from ("") is a badmatch, as
%% in OTP.
glob(Pattern, Cwd, Mod) ->
    [First | Rest] = names(escapes(Pattern)),
    Parts = [compile_name(Name) || Name <- [First | Rest]],
    {Start, Skip, Walk} = start(First, Parts, Cwd),
    Found = case Walk of
                [] -> [Start || exists(Start, Mod)];
                _ -> walk(Start, Walk, [], Mod)
            end,
    lists:sort([lists:nthtail(Skip, F) || F <- Found]).

%% The pattern's characters, an escaped one as {esc, C}. A backslash
%% before a slash, or at the end, stands for nothing: the slash still
%% divides names.
escapes([$\\, $/ | Cs]) -> [gone, $/ | escapes(Cs)];
escapes([$\\]) -> [gone];
escapes([$\\, C | Cs]) -> [{esc, C} | escapes(Cs)];
escapes([C | Cs]) -> [C | escapes(Cs)];
escapes([]) -> [].

%% The names of the path, as filename:split/1 makes them: the root "/"
%% first when there is one; empty names (from "//" or a trailing "/")
%% dropped.
names([$/ | Cs]) -> ["/" | names(Cs, [], [])];
names(Cs) -> names(Cs, [], []).

names([$/ | Cs], Name, Acc) -> names(Cs, [], add_name(Name, Acc));
names([C | Cs], Name, Acc) -> names(Cs, [C | Name], Acc);
names([], Name, Acc) -> lists:reverse(add_name(Name, Acc)).

add_name([], Acc) -> Acc;
add_name(Name, Acc) -> [lists:reverse(Name) | Acc].

%% Where the search starts: {Start, Skip, Parts}. The leading names with
%% no wildcard are joined to the working directory (or to the root of an
%% absolute pattern) so that they are not listed; Skip is the length of
%% the prefix that the matches lose again, which a relative pattern's
%% matches do not have.
start("/", [_ | Parts], _Cwd) ->
    literal_prefix(Parts, "/", 0);
start(_, [Part | More] = Parts, Cwd) when is_list(Part) ->
    Base = dir_prefix(Cwd),
    case is_literal(Part) of
        true ->
            Name = filename:join([Part]),
            Joined = filename:join(Base, Name),
            literal_prefix(More, Joined, length(Joined) - length(Name));
        false ->
            in_base(Base, Parts)
    end;
start(_, Parts, Cwd) ->
    in_base(dir_prefix(Cwd), Parts).

%% The search starts in Base itself; a match's name is what follows Base
%% and the separator joining it.
in_base(Base, Parts) ->
    {Base, length(filename:join(Base, "x")) - 1, Parts}.

literal_prefix([Part | More] = Parts, Dir, Skip) ->
    case is_list(Part) andalso is_literal(Part) of
        true -> literal_prefix(More, filename:join(Dir, Part), Skip);
        false -> {Dir, Skip, Parts}
    end;
literal_prefix([], Dir, Skip) ->
    {Dir, Skip, []}.

is_literal(Part) -> lists:all(fun erlang:is_integer/1, Part).

%% Dir as a prefix that a name can follow: with a slash at its end unless
%% it is empty.
dir_prefix(Dir) ->
    [$x | Rev] = lists:reverse(filename:join(Dir, "x")),
    lists:reverse(Rev).

exists(Name, Mod) ->
    case link_info(Name, Mod) of
        {ok, _} -> true;
        _ -> false
    end.

%% The paths below Dir that the parts match, added to Acc.
walk(Dir, [], Acc, _Mod) ->
    [Dir | Acc];
walk(Dir, [double_star | Parts], Acc, Mod) ->
    deep(Dir, Parts, Acc, Mod);
walk(Dir, [".." | Parts], Acc, Mod) ->
    case is_dir(Dir, Mod) of
        true -> walk(filename:join(Dir, ".."), Parts, Acc, Mod);
        false -> Acc
    end;
walk(Dir, [Part | Parts], Acc, Mod) ->
    case list_dir(Dir, Mod) of
        {ok, Names} ->
            Prefix = dir_prefix(Dir),
            lists:foldl(fun(Name, A) -> walk(Prefix ++ Name, Parts, A, Mod) end, Acc,
                        [Name || Name <- Names, matches(Part, Name)]);
        _ ->
            Acc
    end.

%% "**": every path below Dir, at any depth (Dir itself not), is either
%% the match (nothing follows the "**") or where the next part is tried.
deep(Dir, Parts, Acc, Mod) ->
    case list_dir(Dir, Mod) of
        {ok, Names} -> lists:foldl(fun(Name, A) -> deep(Dir, Name, Parts, A, Mod) end, Acc, Names);
        _ -> Acc
    end.

deep(Dir, Name, Parts, Acc0, Mod) ->
    Path = filename:join(Dir, Name),
    Acc = deep(Path, Parts, Acc0, Mod),
    case Parts of
        [] ->
            [Path | Acc];
        [Part | More] ->
            case matches(Part, Name) of
                true -> walk(Path, More, Acc, Mod);
                false -> Acc
            end
    end.

%% ---- a name of the pattern, compiled
%% A name is double_star ("**" alone) or a list of items: characters,
%% any ("?"), star ("*"), {set, Members} ("[...]", a member C or {Lo, Hi}),
%% {alt, Alternatives} ("{a,b}", each alternative a list of items).
%% Unclosed braces are {badpattern, missing_delimiter}; an unclosed "["
%% is a character.

compile_name(Name) ->
    case [C || C <- Name, C =/= gone] of
        "**" ->
            double_star;
        Cs ->
            {Items, eos, []} = items(Cs, 0, []),
            Items
    end.

%% Items up to the end, or inside braces (Depth > 0) up to a "," or "}".
items([$? | Cs], Depth, Acc) -> items(Cs, Depth, [any | Acc]);
items([$* | Cs], Depth, [star | _] = Acc) -> items(Cs, Depth, Acc);
items([$* | Cs], Depth, Acc) -> items(Cs, Depth, [star | Acc]);
items([$[ | Cs], Depth, Acc) ->
    case set(Cs) of
        {ok, Set, Rest} -> items(Rest, Depth, [Set | Acc]);
        error -> items(Cs, Depth, [$[ | Acc])
    end;
items([${ | Cs], Depth, Acc) ->
    {Alts, Rest} = alternatives(Cs, Depth + 1, []),
    items(Rest, Depth, [{alt, Alts} | Acc]);
items([$, | Cs], Depth, Acc) when Depth > 0 -> {lists:reverse(Acc), comma, Cs};
items([$} | Cs], Depth, Acc) when Depth > 0 -> {lists:reverse(Acc), close, Cs};
items([{esc, C} | Cs], Depth, Acc) -> items(Cs, Depth, [C | Acc]);
items([C | Cs], Depth, Acc) -> items(Cs, Depth, [C | Acc]);
items([], 0, Acc) -> {lists:reverse(Acc), eos, []};
items([], _, _) -> erlang:error({badpattern, missing_delimiter}).

alternatives(Cs, Depth, Acc) ->
    case items(Cs, Depth, []) of
        {Alt, comma, Rest} -> alternatives(Rest, Depth, [Alt | Acc]);
        {Alt, close, Rest} -> {lists:reverse([Alt | Acc]), Rest}
    end.

%% "[...]" after its "[": a "]" first is a member; "a-z" is a range when
%% a =< z; an escaped character is a member, never a range's end.
set([$] | Cs]) -> set(Cs, [$]]);
set(Cs) -> set(Cs, []).

set([Lo, $-, Hi | Cs], Acc) when is_integer(Lo), is_integer(Hi), Lo =< Hi ->
    set(Cs, [{Lo, Hi} | Acc]);
set([$] | Cs], Acc) -> {ok, {set, Acc}, Cs};
set([{esc, C} | Cs], Acc) -> set(Cs, [C | Acc]);
set([C | Cs], Acc) -> set(Cs, [C | Acc]);
set([], _) -> error.

matches(double_star, _Name) -> true;
matches(Items, Name) -> match(Items, Name).

match([C | Items], [C | Cs]) when is_integer(C) -> match(Items, Cs);
match([any | Items], [_ | Cs]) -> match(Items, Cs);
match([star], _) -> true;
match([star | Items], Cs) -> match_star(Items, Cs);
match([{set, Set} | Items], [C | Cs]) -> in_set(C, Set) andalso match(Items, Cs);
match([{alt, Alts} | Items], Cs) -> lists:any(fun(Alt) -> match(Alt ++ Items, Cs) end, Alts);
match([], []) -> true;
match(_, _) -> false.

match_star(Items, [_ | More] = Cs) -> match(Items, Cs) orelse match_star(Items, More);
match_star(Items, []) -> match(Items, []).

in_set(C, [{Lo, Hi} | _]) when C >= Lo, C =< Hi -> true;
in_set(C, [C | _]) -> true;
in_set(C, [_ | Set]) -> in_set(C, Set);
in_set(_, []) -> false.

%% ---------------------------------------------------------------------
%% Finding files by rules

%% A rule {From, To}: when Dir ends in From, the file is looked for in Dir
%% with From replaced by To (a wildcard: "src/*" is any subdirectory of
%% src). Without rules, the kernel's source_search_rules or the defaults.
find_file(Filename, Dir) -> find_file(Filename, Dir, []).

find_file(Filename, Dir, []) -> find_file(Filename, Dir, search_rules());
find_file(Filename, Dir, Rules) -> try_dirs([R || {_, _} = R <- Rules], Filename, Dir).

%% The source of an object file: a rule {ObjExt, SrcExt, DirRules} whose
%% ObjExt is the file's extension gives the source's name, looked for in
%% the object's own directory first, then by DirRules.
find_source(Path) -> find_source(filename:basename(Path), filename:dirname(Path)).

find_source(Filename, Dir) -> find_source(Filename, Dir, []).

find_source(Filename, Dir, []) -> find_source(Filename, Dir, search_rules());
find_source(Filename, Dir, Rules) ->
    Ext = filename:extension(Filename),
    try_sources([R || {_, _, _} = R <- Rules], filename:rootname(Filename, Ext), Dir, Ext).

try_sources([{Ext, Src, DirRules} | Rules], Root, Dir, Ext) when is_list(Src), is_list(DirRules) ->
    Local = {"", ""},
    case try_dirs([Local | [R || R <- DirRules, R =/= Local]], Root ++ Src, Dir) of
        {ok, _} = Found -> Found;
        _ -> try_sources(Rules, Root, Dir, Ext)
    end;
try_sources([_ | Rules], Root, Dir, Ext) ->
    try_sources(Rules, Root, Dir, Ext);
try_sources([], _, _, _) ->
    {error, not_found}.

try_dirs([{From, To} | Rules], Filename, Dir) when is_list(From), is_list(To) ->
    case lists:suffix(From, Dir) of
        true ->
            Src = filename:join(lists:sublist(Dir, length(Dir) - length(From)) ++ To, Filename),
            case is_regular(Src) of
                true ->
                    {ok, Src};
                false ->
                    case lists:dropwhile(fun(F) -> not is_regular(F) end, wildcard(Src)) of
                        [F | _] -> {ok, F};
                        [] -> try_dirs(Rules, Filename, Dir)
                    end
            end;
        false ->
            try_dirs(Rules, Filename, Dir)
    end;
try_dirs([], _, _) ->
    {error, not_found}.

search_rules() ->
    case application:get_env(kernel, source_search_rules) of
        {ok, Rules} when is_list(Rules), Rules =/= [] -> Rules;
        {ok, []} -> default_rules();
        undefined -> default_rules()
    end.

%% OTP 25's defaults: rules by extension, then the directory rules.
default_rules() ->
    Erl = [{"ebin", "src"}, {"ebin", "esrc"}, {"ebin", "src/*"}, {"ebin", "esrc/*"}],
    C = [{"priv", "c_src"}, {"priv", "src"}, {"bin", "c_src"}, {"bin", "src"}, {"", "src"}],
    [{".beam", ".erl", Erl}, {".erl", ".yrl", []}, {"", ".src", Erl}, {".so", ".c", C},
     {".o", ".c", C}, {"", ".c", C}, {"", ".in", Erl ++ C},
     {".beam", ".asn1", [{"ebin", "src"}, {"ebin", "asn1"}]}, {"", ""}] ++ Erl.

%% ---------------------------------------------------------------------
%% Safe relative paths

%% Path made relative to Cwd with no ".." that leaves it, following
%% symbolic links under Cwd (a link that leaves it, or a loop of links, is
%% unsafe); unsafe for an absolute path.
safe_relative_path(Path, Cwd) ->
    case filename:pathtype(Path) of
        relative -> safe_names(filename:split(Path), Cwd, [], "");
        _ -> unsafe
    end.

safe_names([Name | Names], Cwd, Seen, Acc) ->
    case normalise(join(Acc, Name)) of
        unsafe ->
            unsafe;
        Safe ->
            case file:read_link(join(Cwd, Safe)) of
                {ok, Link} ->
                    case lists:member(Link, Seen) of
                        true ->
                            unsafe;
                        false ->
                            case safe_names(filename:split(Link), Cwd, [Link | Seen], Acc) of
                                unsafe -> unsafe;
                                Followed -> safe_names(Names, Cwd, [], Followed)
                            end
                    end;
                {error, _} ->
                    safe_names(Names, Cwd, Seen, Safe)
            end
    end;
safe_names([], _, _, Acc) ->
    Acc.

join([], Name) -> Name;
join(Dir, Name) -> filename:join(Dir, Name).

%% A relative path with its "." names dropped and each ".." taking the name
%% before it away; unsafe when a ".." has none to take, or for an absolute
%% path. Nothing left is [].
normalise(Path) ->
    case filename:pathtype(Path) of
        relative -> normalise(filename:split(Path), []);
        _ -> unsafe
    end.

normalise([Dot | Names], Acc) when Dot =:= "."; Dot =:= <<".">> -> normalise(Names, Acc);
normalise([Up | Names], Acc) when Up =:= ".."; Up =:= <<"..">> ->
    case Acc of
        [_ | Above] -> normalise(Names, Above);
        [] -> unsafe
    end;
normalise([Name | Names], Acc) -> normalise(Names, [Name | Acc]);
normalise([], []) -> [];
normalise([], Acc) -> filename:join(lists:reverse(Acc)).
