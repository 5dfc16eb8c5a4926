%% ets: the parts of OTP 25's ets module that are Erlang code there, with
%% its API and results. The tables and everything that reads or writes
%% them are built in (vm/ets.c); these run over those.
-module(ets).

-export([foldl/3, foldr/3, match_spec_run/2, test_ms/2, repair_continuation/2, fun2ms/1]).

%% F over every object, in the table's order (foldr: backwards). The
%% objects are read in one go first, so F may change the table freely;
%% OTP's walk sees what F inserts ahead of it.
foldl(F, Acc, Tab) ->
    lists:foldl(F, Acc, ets:tab2list(Tab)).

foldr(F, Acc, Tab) ->
    lists:foldr(F, Acc, ets:tab2list(Tab)).

%% The results of the objects of List that CompiledSpec matches, in order.
match_spec_run(List, CompiledSpec) ->
    lists:reverse(ets:match_spec_run_r(List, CompiledSpec, [])).

%% {ok, Result} (false when no clause matches) or {error, Errors}.
test_ms(Term, Spec) ->
    case erlang:match_spec_test(Term, Spec, table) of
        {ok, Result, _Flags, _Messages} -> {ok, Result};
        {error, _} = Error -> Error
    end.

%% Continuations here hold the compiled specification by reference and
%% stay valid wherever they go on this node.
repair_continuation(Continuation, _Spec) ->
    Continuation.

%% Called at run time, fun2ms was not rewritten by the shell or by the
%% ms_transform parse transform: OTP's error.
fun2ms(ShellFun) when is_function(ShellFun) ->
    exit({badarg, {ets, fun2ms, [function, called, with, real, 'fun',
                                 should, be, transformed, with,
                                 parse_transform, 'or', called, with,
                                 a, 'fun', generated, in, the,
                                 shell]}}).
