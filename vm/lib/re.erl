%% re: the parts of OTP 25's re module that are Erlang code there, with
%% its API and results: split/2,3 and replace/3,4, down to the shape of
%% their iodata. version/0, compile/1,2, run/2,3 and inspect/2 are built
%% in (vm/bif_re.c); these functions call them as re:run/3 and
%% re:compile/2, and leave global matching (empty matches included) to
%% re:run/3's global option.
-module(re).

-export([split/2, split/3, replace/3, replace/4]).

-define(BADARG(Args), error(badarg, Args, [{error_info, #{module => erl_stdlib_errors}}])).
-define(BADOPT(Args), error(badarg, Args, [{error_info, #{module => erl_stdlib_errors,
                                                          cause => badopt}}])).

%% ---------------------------------------------------------------------
%% split

split(Subject, RE) ->
    try split(Subject, RE, [])
    catch error:_ -> ?BADARG([Subject, RE])
    end.

split(Subject, RE, Options) ->
    try
        {Opts, Return, Limit, Trim, Group} = split_options(Options),
        Unicode = is_unicode(RE, Options),
        Bin = flat(Subject, Unicode),
        {MP, NumSub, RunOpts} = split_pattern(RE, Opts),
        %% no match: the subject whole, even empty and trimmed
        Parts = case re:run(Bin, MP, RunOpts ++ [global]) of
                    nomatch when Group -> [[Bin]];
                    nomatch -> [Bin];
                    {match, Ms} ->
                        Cut = cut(Bin, 0, Ms, NumSub, Limit, Group),
                        trim(Trim, Group, Cut)
                end,
        case Group of
            true -> [split_return(Return, Unicode, P) || P <- Parts];
            false -> split_return(Return, Unicode, Parts)
        end
    catch
        throw:badopt -> ?BADOPT([Subject, RE, Options]);
        throw:badre -> ?BADARG([Subject, RE, Options]);
        error:badarg -> ?BADARG([Subject, RE, Options])
    end.

%% Takes split's own options out of the list: {RunAndCompileOptions,
%% Return, Limit, Trim, Group}, where Limit is how many cuts may be made
%% (-1: any number). trim and {parts, N} each set both Limit and Trim, so
%% the last of them counts ([{parts, 2}, trim] is trim alone).
split_options(Opts) -> split_options(Opts, [], iodata, -1, false, false).

split_options([], Acc, Return, Limit, Trim, Group) ->
    {lists:reverse(Acc), Return, Limit, Trim, Group};
split_options([O | T], Acc, Return, Limit, Trim, Group) ->
    case O of
        trim -> split_options(T, Acc, Return, -1, true, Group);
        {parts, 0} -> split_options(T, Acc, Return, -1, true, Group);
        {parts, infinity} -> split_options(T, Acc, Return, -1, false, Group);
        {parts, N} when is_integer(N), N > 0 -> split_options(T, Acc, Return, N - 1, false, Group);
        {parts, _} -> throw(badopt);
        global -> throw(badopt);
        group -> split_options(T, Acc, Return, Limit, Trim, true);
        _ ->
            case return_option(O) of
                false -> split_options(T, [O | Acc], Return, Limit, Trim, Group);
                R -> split_options(T, Acc, R, Limit, Trim, Group)
            end
    end;
split_options(_, _, _, _, _, _) ->
    throw(badopt).

%% A compiled pattern is run with all the options; a pattern to compile is
%% compiled with the options that are not run-time only, and run with
%% those that are not compile-time only.
split_pattern({re_pattern, NumSub, _, _, _} = MP, Opts) ->
    {MP, NumSub, Opts};
split_pattern(RE, Opts) when not is_tuple(RE) ->
    case re:compile(RE, [O || O <- Opts, not run_option(O)]) of
        {ok, {re_pattern, NumSub, _, _, _} = MP} ->
            {MP, NumSub, [O || O <- Opts, not compile_option(O)]};
        {error, _} ->
            throw(badre)
    end;
split_pattern(_, _) ->
    throw(badre).

%% The pieces of Bin from Pos on, cut at each match of Ms (re:run's global
%% index lists) with the groups of that match after the piece before it.
%% An empty match right where the last one ended, with no group holding
%% anything, makes no cut. Once Limit cuts are made the rest is one piece.
cut(Bin, Pos, _, _, 0, Group) ->
    piece(Group, [rest(Bin, Pos)]);
cut(Bin, Pos, [], _, _, Group) ->
    piece(Group, [rest(Bin, Pos)]);
cut(Bin, Pos, _, _, _, Group) when byte_size(Bin) =< Pos ->
    piece(Group, [<<>>]);
cut(Bin, Pos, [[{Pos, 0} | Subs] | Ms], NumSub, Limit, Group) ->
    case lists:all(fun({_, L}) -> L =:= 0 end, Subs) of
        true -> cut(Bin, Pos, Ms, NumSub, Limit, Group);
        false -> cut_here(Bin, Pos, Pos, 0, Subs, Ms, NumSub, Limit, Group)
    end;
cut(Bin, Pos, [[{At, Len} | Subs] | Ms], NumSub, Limit, Group) ->
    cut_here(Bin, Pos, At, Len, Subs, Ms, NumSub, Limit, Group).

cut_here(Bin, Pos, At, Len, Subs, Ms, NumSub, Limit, Group) ->
    Size = At - Pos,
    <<_:Pos/binary, Before:Size/binary, _/binary>> = Bin,
    Groups = [group_part(Bin, S) || S <- pad(Subs, NumSub)],
    Rest = cut(Bin, At + Len, Ms, NumSub, Limit - 1, Group),
    case Group of
        true -> [[Before | Groups] | Rest];
        false -> [Before | Groups ++ Rest]
    end.

piece(true, Part) -> [Part];
piece(false, Part) -> Part.

rest(Bin, Pos) ->
    <<_:Pos/binary, Rest/binary>> = Bin,
    Rest.

%% re:run's capture of all groups leaves out the unset ones at the end:
%% they are empty pieces here.
pad(_, 0) -> [];
pad([], N) -> [{0, 0} | pad([], N - 1)];
pad([S | Subs], N) -> [S | pad(Subs, N - 1)].

group_part(_, {-1, 0}) -> <<>>;
group_part(Bin, {At, Len}) -> binary_part(Bin, At, Len).

%% trim drops the empty pieces at the end (with group, the groups whose
%% pieces are all empty).
trim(false, _, Parts) ->
    Parts;
trim(true, false, Parts) ->
    lists:reverse(drop_empty(lists:reverse(Parts)));
trim(true, true, Groups) ->
    lists:reverse(drop_empty_groups(lists:reverse(Groups))).

drop_empty([<<>> | T]) -> drop_empty(T);
drop_empty(L) -> L.

drop_empty_groups([G | T] = L) ->
    case drop_empty(lists:reverse(G)) of
        [] -> drop_empty_groups(T);
        _ -> L
    end;
drop_empty_groups([]) ->
    [].

split_return(list, true, Parts) -> [unicode:characters_to_list(P, unicode) || P <- Parts];
split_return(list, false, Parts) -> [binary_to_list(P) || P <- Parts];
split_return(_, _, Parts) -> Parts.

%% ---------------------------------------------------------------------
%% replace

replace(Subject, RE, Replacement) ->
    try replace(Subject, RE, Replacement, [])
    catch error:_ -> ?BADARG([Subject, RE, Replacement])
    end.

replace(Subject, RE, Replacement, Options) ->
    try
        {RunOpts, Return} = replace_options(Options, [], iodata),
        Unicode = is_unicode(RE, Options),
        Bin = flat(Subject, Unicode),
        Repl = flat(Replacement, Unicode),
        Out = case re:run(Bin, RE, RunOpts) of
                  nomatch -> Subject;
                  {match, [M | _] = Ms} when is_list(M) -> substitute(Bin, Repl, Ms);
                  {match, M} -> substitute(Bin, Repl, [M])
              end,
        replace_return(Return, Unicode, Out)
    catch
        throw:badopt -> ?BADOPT([Subject, RE, Replacement, Options]);
        error:badarg -> ?BADARG([Subject, RE, Replacement, Options])
    end.

replace_options([], Acc, Return) ->
    {lists:reverse(Acc), Return};
replace_options([O | T], Acc, Return) ->
    case return_option(O) of
        false -> replace_options(T, [O | Acc], Return);
        R -> replace_options(T, Acc, R)
    end;
replace_options(_, _, _) ->
    throw(badopt).

%% The result: the parts of Bin between the matches Ms, each match
%% replaced by the template Repl with its groups filled in.
substitute(Bin, Repl, Ms) ->
    splice(Bin, Bin, 0, template(Repl), Ms).

splice(_, <<>>, _, _, []) ->
    [];
splice(_, Rest, _, _, []) ->
    Rest;
splice(Bin, Rest, Pos, Tmpl, [[{At, _} | _] | _] = Ms) when At > Pos ->
    Size = At - Pos,
    <<Before:Size/binary, After/binary>> = Rest,
    [Before | splice(Bin, After, At, Tmpl, Ms)];
splice(Bin, Rest, Pos, Tmpl, [[{Pos, Len} | _] = M | Ms]) ->
    <<_:Len/binary, After/binary>> = Rest,
    [fill(Bin, Tmpl, M) | splice(Bin, After, Pos + Len, Tmpl, Ms)].

%% A template that is one literal is used as it is; otherwise a list of
%% its literals and the groups' text (empty for an unset group or one the
%% pattern does not have).
fill(_, [Lit], _) when is_binary(Lit) ->
    Lit;
fill(Bin, Tmpl, M) ->
    Groups = list_to_tuple(M),
    [if is_integer(P), P >= tuple_size(Groups) -> <<>>;
        is_integer(P) ->
             case element(P + 1, Groups) of
                 {At, _} when At < 0 -> <<>>;
                 {At, Len} -> binary_part(Bin, At, Len)
             end;
        true -> P
     end || P <- Tmpl].

%% The replacement as a list of group numbers (& is 0, \N, \gN, \g{N})
%% and binaries, each literal run one binary. A backslash before anything
%% else (0 too) stands for that byte; one at the end for itself.
template(<<>>) ->
    [];
template(<<"\\g{", Rest/binary>>) when Rest =/= <<>> ->
    {Ds, <<$}, After/binary>>} = digits(Rest),
    [list_to_integer(Ds) | template(After)];
template(<<"\\g", Rest/binary>>) when Rest =/= <<>> ->
    {Ds, After} = digits(Rest),
    [list_to_integer(Ds) | template(After)];
template(<<$\\, D, _/binary>> = T) when D >= $1, D =< $9 ->
    <<_, Rest/binary>> = T,
    {Ds, After} = digits(Rest),
    [list_to_integer(Ds) | template(After)];
template(<<$\\, C, Rest/binary>>) ->
    literal(C, template(Rest));
template(<<$&, Rest/binary>>) ->
    [0 | template(Rest)];
template(<<C, Rest/binary>>) ->
    literal(C, template(Rest)).

literal(C, [Lit | T]) when is_binary(Lit) -> [<<C, Lit/binary>> | T];
literal(C, T) -> [<<C>> | T].

digits(<<D, Rest/binary>>) when D >= $0, D =< $9 ->
    {Ds, After} = digits(Rest),
    {[D | Ds], After};
digits(Bin) ->
    {[], Bin}.

replace_return(iodata, _, Out) -> Out;
replace_return(binary, false, Out) -> iolist_to_binary(Out);
replace_return(binary, true, Out) -> unicode:characters_to_binary(Out, unicode);
replace_return(list, false, Out) -> binary_to_list(iolist_to_binary(Out));
replace_return(list, true, Out) -> unicode:characters_to_list(Out, unicode).

%% ---------------------------------------------------------------------
%% Shared

%% {return, R}'s R, or false for any other option; options that make no
%% sense for split and replace (they choose what re:run returns) are
%% badopt.
return_option({return, R}) when R =:= iodata; R =:= list; R =:= binary -> R;
return_option({return, _}) -> throw(badopt);
return_option(report_errors) -> throw(badopt);
return_option({capture, _}) -> throw(badopt);
return_option({capture, _, _}) -> throw(badopt);
return_option(_) -> false.

%% A compiled pattern says whether it is unicode; otherwise the options.
is_unicode({re_pattern, _, 1, _, _}, _) -> true;
is_unicode({re_pattern, _, 0, _, _}, _) -> false;
is_unicode(_, Opts) -> lists:member(unicode, Opts).

flat(Bin, _) when is_binary(Bin) -> Bin;
flat(Data, true) -> unicode:characters_to_binary(Data, unicode);
flat(Data, false) -> iolist_to_binary(Data).

compile_option(O) ->
    lists:member(O, [unicode, caseless, dotall, extended, multiline, firstline,
                     dollar_endonly, ungreedy, no_auto_capture, dupnames, ucp,
                     never_utf, no_start_optimize]).

run_option({offset, _}) -> true;
run_option({match_limit, _}) -> true;
run_option({match_limit_recursion, _}) -> true;
run_option({capture, _}) -> true;
run_option({capture, _, _}) -> true;
run_option(O) -> lists:member(O, [notempty, notempty_atstart, notbol, noteol, global]).
