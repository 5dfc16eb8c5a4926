%% logger_filters: OTP 25's ready-made filters for logger's primary and
%% handler filter lists: by domain, by level, progress reports, remote
%% group leaders. On a match a filter answers by its action (log: the
%% event as it is, stop: stop); otherwise ignore, which leaves the event
%% to the next filter or to filter_default.
-module(logger_filters).

-export([domain/2, level/2, progress/2, remote_gl/2]).

%% Extra: {Action, Compare, MatchDomain}. Compare is super (the event's
%% domain is a prefix of MatchDomain), sub (MatchDomain is a prefix of the
%% event's domain), equal, not_equal (also true of an event without a
%% domain), or undefined (the event has no domain).
domain(#{meta := Meta} = Event, {Action, Compare, MatchDomain} = Extra) ->
    case is_action(Action) andalso is_list(MatchDomain)
        andalso lists:member(Compare, [super, sub, equal, not_equal, undefined]) of
        true -> answer(domain_matches(Compare, maps:find(domain, Meta), MatchDomain),
                       Action, Event);
        false -> erlang:error(badarg, [Event, Extra])
    end;
domain(Event, Extra) ->
    erlang:error(badarg, [Event, Extra]).

domain_matches(super, {ok, Domain}, Match) -> is_list(Domain) andalso lists:prefix(Domain, Match);
domain_matches(sub, {ok, Domain}, Match) -> is_list(Domain) andalso lists:prefix(Match, Domain);
domain_matches(equal, {ok, Domain}, Match) -> Domain =:= Match;
domain_matches(not_equal, {ok, Domain}, Match) -> Domain =/= Match;
domain_matches(Compare, error, _) -> Compare =:= not_equal orelse Compare =:= undefined;
domain_matches(_, {ok, _}, _) -> false.

%% Extra: {Action, Operator, MatchLevel}; the event's level (as
%% logger:compare_levels/2 orders levels) Operator MatchLevel.
level(#{level := Level} = Event, {Action, Op, MatchLevel} = Extra) ->
    case is_action(Action) andalso lists:member(Op, [neq, eq, lt, gt, lteq, gteq])
        andalso lists:member(MatchLevel, [emergency, alert, critical, error, warning,
                                          notice, info, debug]) of
        true -> answer(lists:member(Op, operators(logger:compare_levels(Level, MatchLevel))),
                       Action, Event);
        false -> erlang:error(badarg, [Event, Extra])
    end;
level(Event, Extra) ->
    erlang:error(badarg, [Event, Extra]).

%% The operators that hold for an outcome of compare_levels.
operators(eq) -> [eq, lteq, gteq];
operators(lt) -> [lt, lteq, neq];
operators(gt) -> [gt, gteq, neq].

%% Progress reports: a report map labelled {_, progress}.
progress(Event, Action) ->
    case is_action(Action) of
        true ->
            IsProgress = case Event of
                             #{msg := {report, #{label := {_, progress}}}} -> true;
                             _ -> false
                         end,
            answer(IsProgress, Action, Event);
        false ->
            erlang:error(badarg, [Event, Action])
    end.

%% Events whose group leader lives on another node.
remote_gl(Event, Action) ->
    case is_action(Action) of
        true ->
            IsRemote = case Event of
                           #{meta := #{gl := GL}} when node(GL) =/= node() -> true;
                           _ -> false
                       end,
            answer(IsRemote, Action, Event);
        false ->
            erlang:error(badarg, [Event, Action])
    end.

is_action(Action) -> Action == log orelse Action == stop.

answer(true, log, Event) -> Event;
answer(true, stop, _) -> stop;
answer(false, _, _) -> ignore.
