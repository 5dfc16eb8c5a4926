-module(ets_ms).
-export([main/0]).

%% Match specs outside tables: match_spec_compile/1, match_spec_run/2,
%% is_compiled_ms/1, test_ms/2 (only whether it is ok or error, and the
%% result when ok).

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

okerr({ok, R}) -> {ok, R};
okerr({error, _}) -> error.

main() ->
    Specs = [{"select >", [{{'$1', '$2'}, [{'>', '$2', 2}], ['$1']}]},
             {"$_", [{{a, '_'}, [], ['$_']}]},
             {"$$", [{{'$1', '$2'}, [{is_atom, '$1'}], ['$$']}]},
             {"two clauses", [{{'$1', 1}, [], [one]}, {{'$1', 2}, [], [{{two, '$1'}}]}]},
             {"arith", [{{'_', '$1'}, [{is_integer, '$1'}], [{'*', '$1', '$1'}]}]},
             {"const", [{'_', [], [{const, {x, '$1'}}]}]},
             {"any", [{'$1', [], ['$1']}]}],
    Input = [{a, 1}, {b, 2}, {c, 3}, {1, 4}, notatuple, {a, b, c}, {d, x}],
    [begin
         C = ets:match_spec_compile(S),
         io:format("~s: compiled ~p run ~w~n",
                   [Name, ets:is_compiled_ms(C), ets:match_spec_run(Input, C)])
     end || {Name, S} <- Specs],
    C1 = ets:match_spec_compile([{{'$1', '$2'}, [], ['$2']}]),
    io:format("run empty ~p~n", [ets:match_spec_run([], C1)]),
    io:format("run twice ~p ~p~n",
              [ets:match_spec_run([{a, 1}], C1), ets:match_spec_run([{b, 2}], C1)]),
    %% unlike select/2, which accepts [] (and returns [])
    io:format("compile empty ~p~n", [t(fun() -> ets:match_spec_compile(id([])) end)]),
    io:format("is_compiled_ms ~p~n",
              [[ets:is_compiled_ms(X) || X <- [C1, make_ref(), id(foo),
                                               [{'_', [], [true]}], self()]]]),
    io:format("compile bad ~w~n",
              [[t(fun() -> ets:match_spec_compile(id(B)) end)
                || B <- [[{bad}], notalist, [{'_', [], [{nosuchfun, 1}]}],
                         [{'_', [], ['$7']}], [{'_', [notalist], []}]]]]),
    io:format("run not compiled ~p~n",
              [t(fun() -> ets:match_spec_run([{a}], id([{'_', [], [true]}])) end)]),
    %% test_ms/2
    Tests = [{{a, 1}, [{{'$1', '$2'}, [], ['$1']}]},
             {{a, 1}, [{{'$1', '$2'}, [{'>', '$2', 5}], ['$1']}]},
             {{a, 1, 2}, [{{'$1', '$2'}, [], ['$1']}]},
             {{a, 1}, [{{'$1', '$2'}, [], ['$$']}]},
             {{a, 1}, [{{'$1', '$2'}, [], ['$_']}]},
             {{a, 1}, [{{'$1', '$2'}, [], [{{'$2', '$1'}}]}]},
             {notatuple, [{'$1', [], [{{x, '$1'}}]}]},
             {[1, 2, 3], [{['$1' | '_'], [], ['$1']}]},
             {{a, 1}, [{{'$1', '$2'}, [{'+', '$1', 1}], [ok]}]},
             {{a, 1}, []},
             {{a, 1}, [{bad}]},
             {{a, 1}, [{'_', [], [{nosuchfun, 1}]}]},
             {{a, 1}, [{'_', [], ['$3']}]},
             {{a, 1}, notalist}],
    [io:format("test_ms ~p~n", [okerr(ets:test_ms(O, MS))]) || {O, MS} <- Tests],
    ok.
