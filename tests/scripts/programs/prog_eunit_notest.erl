%% eunit.hrl with NOTEST: the parse transform eunit_striptests removes the
%% test functions the module does not export itself, adds no test/0, and
%% neither TEST nor EUNIT is defined; assertions still work.
-module(prog_eunit_notest).
-define(NOTEST, true).
-include_lib("eunit/include/eunit.hrl").
-export([main/0, kept_test/0]).

kept_test() -> kept.
dropped_test() -> dropped.
dropped_test_() -> [?_assert(true)].
helper() -> helper.

-ifdef(TEST).
test_defined() -> true.
-else.
test_defined() -> false.
-endif.

-ifdef(EUNIT).
eunit_defined() -> true.
-else.
eunit_defined() -> false.
-endif.

main() ->
    io:format("exports: ~p~n", [lists:sort(?MODULE:module_info(exports))]),
    io:format("functions: ~p~n", [lists:usort([F || {F, _} <- ?MODULE:module_info(functions),
                                                    hd(atom_to_list(F)) =/= $-])]),
    io:format("TEST ~p EUNIT ~p helper ~p kept ~p~n",
              [test_defined(), eunit_defined(), helper(), kept_test()]),
    io:format("~p~n", [try ?assertEqual(1, 2) catch error:R -> R end]),
    io:format("~p~n", [eunit:test(?MODULE)]).
