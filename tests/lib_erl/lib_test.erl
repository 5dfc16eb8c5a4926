%% lib_test: compares the VM's Erlang standard library (loaded by
%% lib_rename as dbgsh_<module>) with OTP 25's modules: every exported
%% function on many seeded-random and hand-picked inputs, results compared
%% with =:= and exceptions by class and reason.  Prints
%% "lib_erl: N passed, N failed" and halts with 0 only when nothing failed.
-module(lib_test).
-export([main/1]).
%% logger callbacks for cases(logger): a handler, a filter, message funs
%% and report_cbs
-export([adding_handler/1, removing_handler/1, changing_config/3, log/2, lg_filter/2,
         lg_lazy/1, lg_rcb/1, lg_rcb2/2]).
%% error_logger report handler callbacks (gen_event) for cases(error_logger),
%% and report_cbs that crash
-export([init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2,
         el_rcb_crash/1, el_rcb_crash/2]).

-define(MAX_SHOWN, 12).

main([Dir]) ->
    %% LIB_ERL_SEED=N runs other inputs (the default seed is what CI runs).
    Seed = case os:getenv("LIB_ERL_SEED") of
               false -> 20250;
               S -> list_to_integer(S)
           end,
    rand:seed(exsss, {Seed, 17, 4711}),
    put(pass, 0),
    put(fail, 0),
    {Mods0, Problems} = lib_rename:load_dir(Dir),
    [fail("rule", "~s", [P]) || P <- Problems],
    %% dbgsh's own modules (the shell evaluator's loop) have no OTP twin;
    %% instrument is the interface OTP had up to 20, not OTP 25's
    %% (tests/vm/instrument tests it)
    Mods1 = [M || M <- Mods0, code:which(M) =/= non_existing, M =/= instrument],
    %% LIB_ERL_ONLY=Module checks that module alone (to repeat one case)
    Only = os:getenv("LIB_ERL_ONLY"),
    Mods = [M || M <- Mods1, Only =:= false orelse atom_to_list(M) =:= Only],
    [check_exports(M) || M <- Mods],
    [run_cases(M) || M <- Mods],
    _ = Only =/= false orelse timer_checks(),
    [io:format("  ~s: ~p failed~n", [W, N]) || {{shown, W}, N} <- lists:sort(get())],
    P = get(pass),
    F = get(fail),
    io:format("lib_erl: ~p passed, ~p failed~n", [P, F]),
    halt(case F of 0 -> 0; _ -> 1 end).

%% A file of this run's own (run.sh's temporary directory in LIB_ERL_TMP),
%% so that runs at the same time (make test beside make check) do not
%% write each other's logs.
tmp_file(Name) ->
    Dir = case os:getenv("LIB_ERL_TMP") of
              false -> "/tmp";
              D -> D
          end,
    filename:join(Dir, "lib_erl_" ++ Name).

%% ---------------------------------------------------------------------
%% Bookkeeping

pass() -> put(pass, get(pass) + 1).

fail(What0, Fmt, Args) ->
    What = lists:flatten(What0),
    put(fail, get(fail) + 1),
    N = case get({shown, What}) of undefined -> 0; X -> X end,
    put({shown, What}, N + 1),
    if N < ?MAX_SHOWN ->
            io:format("FAIL ~s: " ++ Fmt ++ "~n", [What | Args]);
       true -> ok
    end.

new(M) -> list_to_atom("dbgsh_" ++ atom_to_list(M)).

%% Functions OTP exports that the VM provides elsewhere (C BIFs), or that
%% are gen_server callbacks of OTP's own timer server.
not_ours(lists, F, A) -> lists:member({F, A}, [{reverse, 2}, {member, 2}, {keyfind, 3},
                                              {keymember, 3}, {keysearch, 3}]);
not_ours(maps, F, A) -> lists:member({F, A}, [{get, 2}, {get, 3}, {find, 2}, {put, 3},
                                             {remove, 2}, {is_key, 2}, {keys, 1},
                                             {values, 1}, {to_list, 1}, {from_list, 1},
                                             {from_keys, 2}, {merge, 2}, {new, 0},
                                             {size, 1}, {take, 2}, {update, 3}]);
not_ours(timer, F, _) -> lists:member(F, [code_change, handle_call, handle_cast,
                                          handle_info, init, terminate, start_link]);
not_ours(io_lib, F, A) -> {F, A} =:= {write, 1} orelse lib_rename:over_c(io_lib, F, A) orelse
                              lists:member(F, [write_binary,
                                           collect_chars, collect_line,
                                           format_prompt, fread, get_until]);
%% io:fread and get_password are not written (docs/differences-from-erlang.md).
not_ours(io, F, _) -> lists:member(F, [get_password, fread]);
%% unicode's conversions are C BIFs (vm/bif_bin.c), and the _int ones
%% OTP's own internals.
not_ours(unicode, F, _) -> lists:member(F, [characters_to_list, characters_to_binary,
                                            characters_to_list_int, characters_to_binary_int]);
%% re's matching is C BIFs (vm/bif_re.c); internal_run and the shell's
%% grun, urun and ucompile are OTP's own internals.
not_ours(re, F, _) -> lists:member(F, [version, compile, run, inspect, internal_run,
                                       grun, urun, ucompile]);
%% Of file: the functions on names and whole files.
not_ours(file, F, A) ->
    not lists:member({F, A}, [{close, 1}, {consult, 1}, {copy, 2}, {copy, 3}, {del_dir, 1},
                              {del_dir_r, 1}, {delete, 1},
                              {delete, 2}, {format_error, 1}, {get_cwd, 0}, {get_cwd, 1},
                              {list_dir, 1}, {list_dir_all, 1}, {make_dir, 1}, {make_link, 2},
                              {make_symlink, 2}, {native_name_encoding, 0}, {open, 2},
                              {position, 2}, {read, 2}, {read_file, 1}, {read_file_info, 1},
                              {read_file_info, 2}, {read_line, 1}, {read_link, 1},
                              {read_link_all, 1}, {read_link_info, 1}, {read_link_info, 2},
                              {rename, 2}, {set_cwd, 1}, {write, 2}, {write_file, 2},
                              {write_file, 3}]);
%% Scanning with continuations is not written; of erl_parse only the
%% parse_* entry points and format_error/1 are.
not_ours(erl_scan, F, _) -> lists:member(F, [tokens, continuation_location]);
%% Of crypto, the digests, MACs, PBKDF2 and helpers (vm/lib/crypto.erl);
%% not ciphers, public keys, CMAC, random-number plug-ins, engines.
not_ours(crypto, F, A) ->
    not lists:member({F, A}, [{format_error, 2}, {start, 0}, {stop, 0}, {version, 0}, {supports, 0}, {supports, 1},
                              {hash, 2}, {hash_init, 1}, {hash_update, 2}, {hash_final, 1},
                              {hash_info, 1}, {mac, 3}, {mac, 4}, {macN, 4}, {macN, 5},
                              {mac_init, 2}, {mac_init, 3}, {mac_update, 2}, {mac_final, 1},
                              {mac_finalN, 2}, {pbkdf2_hmac, 5}, {strong_rand_bytes, 1},
                              {exor, 2}, {hash_equals, 2}, {bytes_to_integer, 1}]);
not_ours(erl_parse, F, _) -> not lists:member(F, [parse_form, parse_exprs, parse_term, format_error]);
%% Of c, the shell's c/1,2 and l/1 only (written over dbgsh's compiler).
not_ours(c, F, A) -> not lists:member({F, A}, [{c, 1}, {c, 2}, {l, 1}]) orelse lib_rename:over_c(c, F, A);
%% Of ets, the functions that are Erlang code here (the rest are C BIFs,
%% vm/ets.c, or not there: the dets and file functions, i/0,1).
not_ours(ets, F, A) -> not lists:member({F, A}, [{foldl, 3}, {foldr, 3}, {match_spec_run, 2},
                                                {test_ms, 2}, {repair_continuation, 2},
                                                {fun2ms, 1}]);
%% Of sys, the debug facilities (trace, log, statistics, install) and
%% code change.
not_ours(sys, F, _) ->
    not lists:member(F, [get_state, get_status, handle_system_msg, replace_state, resume,
                         suspend, terminate]);
%% Of logger, the kernel's start-up; of logger_std_h, the callbacks of
%% OTP's logger_h_common (the handler process here is the logging
%% process), and our two functions on the overload options.
not_ours(logger, F, _) -> F =:= internal_init_logger;
not_ours(logger_std_h, F, A) ->
    lists:member({F, A}, [{init, 2}, {config_changed, 3}, {filesync, 3}, {write, 4},
                          {reset_state, 2}, {handle_info, 3}, {terminate, 3},
                          {olp_defaults, 0}, {check_olp, 1}]);
%% Of application, takeover/2 (distributed applications: no other node)
%% and OTP 26's get_supervisor/1; of application_controller, the boot
%% (erl's start/1, our start on first use and gen_server init/1) and
%% release handling and distribution (config change, control).
not_ours(application, F, _) -> lists:member(F, [takeover, get_supervisor]);
not_ours(application_controller, F, _) ->
    lists:member(F, [start, init, control_application, change_application_data,
                     prep_config_change, config_change, do_config_diff, test_change_apps]);
%% Of global, the kernel's start and stop, C nodes' external names, info/0
%% and the name server's callbacks OTP exports for itself.
not_ours(global, F, _) ->
    lists:member(F, [start, start_link, stop, register_name_external,
                     unregister_name_external, info, terminate, code_change, resolve_it,
                     get_locker]);
%% Of os, the C BIFs (vm/bif_sys.c: lib_rename:c_bif/3), cmd/1,2 (over a
%% C half: tests/scripts/stdlib/os_cmd) and set_signal/2 (not there).
not_ours(os, F, A) -> lib_rename:c_bif(os, F, A) orelse F =:= cmd orelse F =:= set_signal;
%% Of init, what booting a release needs (dbgsh boots none: vm/lib/init.erl).
not_ours(init, F, _) -> lists:member(F, [boot, get_configfd, set_configfd, make_permanent,
                                         restart, run_on_load_handlers, script_name,
                                         code_path_choice, objfile_extension,
                                         archive_extension]);
%% compile_wildcard/1 shows OTP's internal form of a pattern (a debugging aid).
not_ours(filelib, F, _) -> F =:= compile_wildcard;
%% EUnit's experimental server interface (a server, watching files) is
%% not written; nor eunit_lib's helpers for it.
not_ours(eunit, F, A) -> not lists:member({F, A}, [{start, 0}, {stop, 0}, {test, 1}, {test, 2}]);
%% OTP's EUnit modules are built with their own tests exported.
not_ours(eunit_lib, F, _) -> lists:member(F, [trie_new, trie_store, trie_match, split_node,
                                             consult_file, list_dir, test]) orelse
                                 lists:suffix("_test_", atom_to_list(F));
not_ours(_, _, _) -> false.

check_exports(M) ->
    Ours = (new(M)):module_info(exports),
    Want = [FA || {F, A} = FA <- M:module_info(exports),
                  F =/= module_info, not not_ours(M, F, A)],
    [case lists:member(FA, Ours) of
         true -> pass();
         false -> fail("exports", "~p:~p/~p missing", [M, F, A])
     end || {F, A} = FA <- Want],
    [fail("exports", "~p:~p/~p not in OTP 25", [M, F, A])
     || {F, A} = FA <- Ours, F =/= module_info, not not_ours(M, F, A), not lists:member(FA, Want)].

%% Runs M:F(Args) in a fresh process; the result or {Class, Reason},
%% with the trace its funs left.
call(M, F, Args) ->
    Self = self(),
    {Pid, Mon} = spawn_monitor(
                   fun() ->
                           put(trace, []),
                           R = try {ok, apply(M, F, Args)}
                               catch C:E -> {C, E}
                               end,
                           Self ! {self(), R, lists:reverse(get(trace))}
                   end),
    receive
        {Pid, R, Trace} ->
            erlang:demonitor(Mon, [flush]),
            {R, Trace}
    after 5000 ->
            exit(Pid, kill),
            erlang:demonitor(Mon, [flush]),
            {timeout, []}
    end.

tr(X) -> put(trace, [X | get(trace)]).

%% loaded_applications/0 in a stable order.
app_sorted({{ok, L}, Tr}) when is_list(L) -> {{ok, lists:sort(L)}, Tr};
app_sorted(X) -> X.

%% Compares one call; Norm maps both results before comparing.
same(M, F, Args) -> same(M, F, Args, fun(X) -> X end).

same(M, F, Args, Norm) ->
    Exp = call(M, F, Args),
    Got = call(new(M), F, Args),
    case Exp =:= Got orelse Norm(Exp) =:= Norm(Got) of
        true -> pass();
        false ->
            fail(io_lib:format("~p:~p/~p", [M, F, length(Args)]),
                 "~P~n    OTP:   ~P~n    ours:  ~P",
                 [Args, 30, Exp, 30, Got, 30])
    end.

run_cases(M) ->
    [case C of
         {via, What, Fun} -> same_via(M, What, Fun);
         {F, Args} -> same(M, F, Args);
         {F, Args, Norm} -> same(M, F, Args, Norm)
     end || C <- cases(M)].

%% Fun(Module) run with OTP's module and with ours (each in a fresh
%% process): for a sequence of calls whose arguments come from the module
%% under test (rand's states hold the module's own funs). A sequence that
%% times out on both sides is a failure: it compared nothing.
same_via(M, What, Fun) ->
    Exp = call(erlang, apply, [Fun, [M]]),
    Got = call(erlang, apply, [Fun, [new(M)]]),
    case Exp =/= {timeout, []} andalso Exp =:= Got of
        true -> pass();
        false ->
            {Where, E, G} = first_difference(Exp, Got),
            fail(io_lib:format("~p:~s", [M, What]), "~s~n    OTP:   ~P~n    ours:  ~P",
                 [Where, E, 30, G, 30])
    end.

%% One call of a seq_trace sequence: its value or exception, with the
%% calling process's pid in a token shown as self.
seq_step(M, {F, Args}) ->
    Self = self(),
    Args1 = [case A of {Fl, L, S, self, Last} -> {Fl, L, S, Self, Last}; _ -> A end || A <- Args],
    try apply(M, F, Args1) of
        {Fl, L, S, Self, Last} -> {F, {Fl, L, S, self, Last}};
        R -> {F, R}
    catch
        C:E -> {F, C, E}
    end.

%% For results that are lists of steps: the first step that differs.
first_difference({{ok, Es}, T}, {{ok, Gs}, T}) when is_list(Es), is_list(Gs),
                                                    length(Es) =:= length(Gs) ->
    N = length(lists:takewhile(fun({E, G}) -> E =:= G end, lists:zip(Es, Gs))),
    {io_lib:format(" step ~p:", [N + 1]), lists:nth(N + 1, Es), lists:nth(N + 1, Gs)};
first_difference(Exp, Got) ->
    {"", Exp, Got}.

%% ---------------------------------------------------------------------
%% Generators

pick(L) -> lists:nth(rand:uniform(length(L)), L).

upto(N) -> rand:uniform(N + 1) - 1.

many(N, G) -> [G() || _ <- lists:seq(1, N)].

list_of(Max, G) -> many(upto(Max), G).

elem() -> pick([0, 1, 2, 3, 1.0, 2.0, -1, 2.5, a, b, {1}, {a, b}, [1], "x", <<"b">>, []]).

%% Numbers where 1 and 1.0 compare equal but differ: sorting ties.
num() -> pick([1, 2, 3, 4, 5, 1.0, 2.0, 3.0, 4.0, 5.0]).

key_tuple() ->
    case rand:uniform(10) of
        1 -> {num(), x, y};
        _ -> {num(), rand:uniform(50)}
    end.

sorted(L) -> lists:sort(L).

%% Funs given to both implementations.
preds() ->
    [fun(X) -> tr(X), is_integer(X) end,
     fun(X) -> X > 2 end,
     fun(X) -> is_number(X) andalso X == 2 end].

sort_funs() ->
    [fun(A, B) -> A =< B end, fun(A, B) -> A < B end,
     fun(A, B) -> A >= B end, fun(A, B) -> A > B end,
     fun(A, B) -> element(1, A) =< element(1, B) end,
     fun(A, B) -> element(1, A) < element(1, B) end,
     fun(A, B) -> element(1, A) > element(1, B) end].

%% ---------------------------------------------------------------------
%% Containers: orddict, ordsets, sets, dict, queue, gb_trees, gb_sets,
%% array.  Structures given as arguments are built by OTP's modules with
%% random operations, so every single step of ours is checked against
%% OTP's on the same representation (printed structures must be equal).

ckey() -> pick([0, 1, 2, 3, 1.0, 2.0, -1, a, b, {1}, "k", <<"k">>, [], {a, 1.0}]).

%% Keys for big hash tables and trees: integers, floats, tuples, strings.
bigkey() ->
    I = rand:uniform(400),
    pick([I, I, float(I), {I}, integer_to_list(I), list_to_atom("a" ++ integer_to_list(I rem 40))]).

kv_list(Max) -> [{ckey(), upto(9)} || _ <- lists:seq(1, upto(Max))].

big_kv_list() -> [{bigkey(), upto(9)} || _ <- lists:seq(1, pick([20, 90, 200, 700]))].

vfun1() -> pick([fun(V) -> tr(V), {V} end, fun(V) when is_integer(V) -> V + 1 end]).

kvfun2() -> pick([fun(K, V) -> tr(K), {K, V} end, fun(_, V) -> is_integer(V) andalso V > 4 end]).

kvfold() -> fun(K, V, A) -> tr(K), [{K, V} | A] end.

bad_funs() -> [a, fun() -> x end].

cases(orddict) ->
    OD = fun() -> orddict:from_list(kv_list(8)) end,
    Bad = [a, [a], [{1, 2} | b], [{1}]],
    lists:append(
      [[{new, []}],
       [{from_list, [kv_list(8)]} || _ <- lists:seq(1, 30)],
       [{from_list, [X]} || X <- [[], [{a, 1}], [a], [{a, 1}, b], [{1, 2} | c], a, [{1}]]],
       [{F, [OD()]} || F <- [to_list, size, is_empty, fetch_keys], _ <- lists:seq(1, 10)],
       [{F, [ckey(), OD()]} || F <- [is_key, find, fetch, erase, take], _ <- lists:seq(1, 40)],
       [{F, [ckey(), upto(3), OD()]} || F <- [store, append, update_counter], _ <- lists:seq(1, 40)],
       [{append_list, [ckey(), [x, y], OD()]} || _ <- lists:seq(1, 20)],
       [{update, [ckey(), vfun1(), OD()]} || _ <- lists:seq(1, 40)],
       [{update, [ckey(), vfun1(), init, OD()]} || _ <- lists:seq(1, 40)],
       [{fold, [kvfold(), [], OD()]} || _ <- lists:seq(1, 10)],
       [{map, [kvfun2(), OD()]} || _ <- lists:seq(1, 10)],
       [{filter, [kvfun2(), OD()]} || _ <- lists:seq(1, 20)],
       [{merge, [fun(K, A, B) -> tr(K), {A, B} end, OD(), OD()]} || _ <- lists:seq(1, 30)],
       [{F, [a, X]} || F <- [is_key, find, fetch, erase, take, fetch_keys], X <- Bad],
       [{F, [X]} || F <- [size, is_empty, fetch_keys, to_list], X <- Bad],
       [{F, [a, 1, X]} || F <- [store, append, append_list, update_counter], X <- Bad],
       [{update_counter, [a, x, [{a, 1}]]}, {append, [a, 1, [{a, x}]]}],
       [{F, [G, X]} || F <- [map, filter], G <- bad_funs(), X <- [[], [{a, 1}]]],
       [{fold, [G, [], X]} || G <- bad_funs(), X <- [[], [{a, 1}]]],
       [{merge, [G, X, Y]} || G <- bad_funs(), X <- [[], [{a, 1}]], Y <- [[], [{b, 1}]]],
       [{filter, [fun(_, _) -> x end, [{a, 1}]]}]]);

cases(ordsets) ->
    S = fun() -> ordsets:from_list(list_of(8, fun num/0) ++ list_of(3, fun elem/0)) end,
    Bad = [a, [1 | a], [2, 1]],
    lists:append(
      [[{new, []}],
       [{from_list, [list_of(10, fun elem/0)]} || _ <- lists:seq(1, 20)],
       [{F, [S()]} || F <- [is_set, size, is_empty, to_list], _ <- lists:seq(1, 5)],
       [{is_set, [X]} || X <- [[], [1], [1, 1], [1, 1.0], [2, 1], a, [1 | a], [1, 2 | a]]],
       [{F, [num(), S()]} || F <- [is_element, add_element, del_element], _ <- lists:seq(1, 40)],
       [{F, [S(), S()]} || F <- [union, intersection, is_disjoint, subtract, is_subset],
                           _ <- lists:seq(1, 60)],
       [{F, [many(upto(4), S)]} || F <- [union, intersection], _ <- lists:seq(1, 20)],
       [{F, [X]} || F <- [union, intersection], X <- [[], a, [a], [[1], a]]],
       [{fold, [fun(X, A) -> tr(X), [X | A] end, [], S()]} || _ <- lists:seq(1, 5)],
       [{filter, [pick(preds()), S()]} || _ <- lists:seq(1, 10)],
       [{F, [X, Y]} || F <- [union, intersection, is_disjoint, subtract, is_subset],
                       X <- Bad ++ [[1]], Y <- Bad ++ [[1]]],
       [{F, [1, X]} || F <- [is_element, add_element, del_element], X <- Bad],
       [{fold, [a, [], [1]]}, {filter, [a, [1]]}, {size, [a]}]]);

cases(sets) ->
    Els = fun() -> case rand:uniform(3) of
                       1 -> [bigkey() || _ <- lists:seq(1, pick([85, 150, 400, 1200]))];
                       _ -> list_of(20, fun elem/0)
                   end end,
    V = fun() -> pick([[], [{version, 1}], [{version, 2}]]) end,
    S = fun() -> sets:from_list(Els(), V()) end,
    %% Mixed versions, and sets shrunk by deletions.
    Shrunk = fun() -> L = Els(), S0 = sets:from_list(L, V()),
                      lists:foldl(fun sets:del_element/2, S0, lists:sublist(L, upto(length(L))))
             end,
    AnyS = fun() -> pick([S(), Shrunk()]) end,
    E = fun(Set) -> case sets:to_list(Set) of
                        [] -> elem();
                        L -> pick([elem(), bigkey(), pick(L)])
                    end end,
    lists:append(
      [[{new, []}],
       [{new, [X]} || X <- [[], [{version, 1}], [{version, 2}], [{version, 3}], a, [a],
                            [{version, 2}, x], [x, {version, 2}]]],
       [{from_list, [Els()]} || _ <- lists:seq(1, 40)],
       [{from_list, [Els(), V()]} || _ <- lists:seq(1, 40)],
       [{from_list, [X, Y]} || X <- [[1, 2], a, [1 | b]], Y <- [[{version, 2}], [{version, 1}], b]],
       [{F, [AnyS()]} || F <- [size, is_empty, to_list, is_set], _ <- lists:seq(1, 20)],
       [{F, [X]} || F <- [size, is_empty, to_list, is_set], X <- [a, {set, 1}, []]],
       [begin Set = AnyS(), {F, [E(Set), Set]} end
        || F <- [is_element, add_element, del_element], _ <- lists:seq(1, 60)],
       [{F, [a, X]} || F <- [is_element, add_element, del_element], X <- [a, [], {set}]],
       [{F, [AnyS(), AnyS()]} || F <- [union, intersection, is_disjoint, subtract, is_subset],
                                 _ <- lists:seq(1, 60)],
       [begin Set = AnyS(), {F, [Set, sets:filter(fun(_) -> rand:uniform(2) =:= 1 end, Set)]} end
        || F <- [union, intersection, is_disjoint, subtract, is_subset], _ <- lists:seq(1, 20)],
       [{F, [many(upto(3), AnyS)]} || F <- [union, intersection], _ <- lists:seq(1, 20)],
       [{F, [X]} || F <- [union, intersection], X <- [[], a, [a]]],
       [{F, [X, Y]} || F <- [union, intersection, is_disjoint, subtract, is_subset],
                       X <- [a, sets:new()], Y <- [b, sets:new([{version, 2}])]],
       [{fold, [fun(X, A) -> tr(X), [X | A] end, [], AnyS()]} || _ <- lists:seq(1, 20)],
       [{filter, [fun(X) -> tr(X), is_integer(X) end, AnyS()]} || _ <- lists:seq(1, 30)],
       [{filter, [fun(X) -> is_integer(X) andalso X > 100 end, AnyS()]} || _ <- lists:seq(1, 20)],
       [{F, [G, X]} || F <- [filter], G <- bad_funs() ++ [fun(_) -> x end],
                       X <- [sets:from_list([1]), sets:from_list([1], [{version, 2}]), a]],
       [{fold, [G, [], X]} || G <- bad_funs(),
                              X <- [sets:from_list([1]), sets:from_list([1], [{version, 2}]), a]]]);

cases(dict) ->
    D = fun() -> L = case rand:uniform(3) of
                         1 -> big_kv_list();
                         _ -> kv_list(12)
                     end,
                 D0 = dict:from_list(L),
                 case rand:uniform(3) of
                     1 -> lists:foldl(fun({K, _}, Acc) -> dict:erase(K, Acc) end, D0,
                                      lists:sublist(L, upto(length(L))));
                     _ -> D0
                 end end,
    K = fun(Dict) -> case dict:fetch_keys(Dict) of
                         [] -> ckey();
                         Ks -> pick([ckey(), bigkey(), pick(Ks)])
                     end end,
    Bad = [a, {dict}, []],
    lists:append(
      [[{new, []}],
       [{from_list, [pick([kv_list(12), big_kv_list()])]} || _ <- lists:seq(1, 40)],
       [{from_list, [X]} || X <- [[], [a], [{a, 1} | b], a, [{1}]]],
       [{F, [D()]} || F <- [to_list, size, is_empty, fetch_keys], _ <- lists:seq(1, 20)],
       [begin Dict = D(), {F, [K(Dict), Dict]} end
        || F <- [is_key, find, fetch, erase, take], _ <- lists:seq(1, 60)],
       [begin Dict = D(), {F, [K(Dict), upto(3), Dict]} end
        || F <- [store, append, update_counter], _ <- lists:seq(1, 60)],
       [begin Dict = dict:from_list([{I, [I]} || I <- lists:seq(1, N)]),
              {F, [pick([1, N + 1, a]), [x], Dict]} end
        || F <- [append, append_list], N <- [0, 3, 79, 80, 81, 200]],
       [begin Dict = D(), {update, [K(Dict), vfun1(), Dict]} end || _ <- lists:seq(1, 40)],
       [begin Dict = D(), {update, [K(Dict), vfun1(), init, Dict]} end || _ <- lists:seq(1, 40)],
       [{update, [a, fun(_) -> throw(badarg) end, dict:from_list([{a, 1}])]},
        {update, [a, fun(_) -> throw(other) end, dict:from_list([{a, 1}])]},
        {update, [a, x, init, dict:new()]}, {update_counter, [a, x, dict:new()]}],
       [{fold, [kvfold(), [], D()]} || _ <- lists:seq(1, 20)],
       [{map, [kvfun2(), D()]} || _ <- lists:seq(1, 20)],
       [{filter, [kvfun2(), D()]} || _ <- lists:seq(1, 30)],
       [{merge, [fun(Key, A, B) -> tr(Key), {A, B} end, D(), D()]} || _ <- lists:seq(1, 30)],
       [{F, [a, X]} || F <- [is_key, find, fetch, erase, take, fetch_keys], X <- Bad],
       [{F, [X]} || F <- [size, is_empty, fetch_keys, to_list], X <- Bad],
       [{F, [a, 1, X]} || F <- [store, append, append_list, update_counter], X <- Bad],
       [{F, [G, X]} || F <- [map, filter], G <- bad_funs(), X <- [dict:new(), dict:from_list([{a, 1}]), a]],
       [{fold, [G, [], X]} || G <- bad_funs(), X <- [dict:new(), dict:from_list([{a, 1}]), a]],
       [{merge, [G, X, Y]} || G <- bad_funs(), X <- [dict:new(), dict:from_list([{a, 1}])],
                              Y <- [dict:new(), dict:from_list([{b, 1}])]]]);

cases(queue) ->
    Op = fun(Q) -> case rand:uniform(6) of
                       1 -> queue:in(elem(), Q);
                       2 -> queue:in_r(elem(), Q);
                       3 -> element(2, queue:out(Q));
                       4 -> element(2, queue:out_r(Q));
                       _ -> queue:in(upto(5), Q)
                   end end,
    Q = fun() -> Q0 = pick([queue:new(), queue:from_list(list_of(6, fun elem/0))]),
                 lists:foldl(fun(_, A) -> Op(A) end, Q0, lists:seq(1, upto(12))) end,
    %% Not made by queue: lists in odd places, and non-queues.
    Odd = [{[], [1]}, {[1], []}, {[1, 2, 3], []}, {[], [1, 2, 3]}, {[1], [2]}],
    Bad = [a, {a, []}, {[], a}, {[1 | a], []}, {[], [1 | a]}, {1, 2, 3}, [1]],
    P = fun() -> pick([fun(X) -> tr(X), is_integer(X) end, fun(X) -> X == 2 end]) end,
    FF = fun() -> pick([fun(X) when is_integer(X) -> [X, X]; (X) -> tr(X), X =:= a end,
                        fun(X) -> tr(X), is_integer(X) end,
                        fun(X) when is_integer(X) -> [X + 1]; (_) -> [] end]) end,
    FM = fun(X) when is_integer(X) -> {true, X * 2}; (X) -> tr(X), X =:= a end,
    One = [is_queue, is_empty, len, to_list, out, out_r, get, get_r, peek, peek_r, drop,
           drop_r, reverse, head, tail, daeh, last, liat, lait, init],
    lists:append(
      [[{new, []}],
       [{F, [X]} || F <- One, X <- [queue:new() | Odd] ++ Bad],
       [{F, [Q()]} || F <- One, _ <- lists:seq(1, 20)],
       [{from_list, [X]} || X <- [[], [1], [1, 2], [1, 2, 3], [1 | a], a]],
       [{from_list, [list_of(10, fun elem/0)]} || _ <- lists:seq(1, 10)],
       [{F, [elem(), Q()]} || F <- [in, in_r, cons, member, delete, delete_r], _ <- lists:seq(1, 30)],
       [{F, [upto(3), Q()]} || F <- [member, delete, delete_r], _ <- lists:seq(1, 30)],
       [{F, [1, X]} || F <- [in, in_r, cons, member, delete, delete_r], X <- Odd ++ Bad],
       [{snoc, [Q(), elem()]} || _ <- lists:seq(1, 10)],
       [{snoc, [X, 1]} || X <- Bad],
       [{join, [Q(), Q()]} || _ <- lists:seq(1, 30)],
       [{join, [X, Y]} || X <- [queue:new(), {[1], []}, a], Y <- [queue:new(), {[], [2]}, b]],
       [{split, [upto(8), Q()]} || _ <- lists:seq(1, 60)],
       [{split, [N, X]} || N <- [0, 1, -1, a], X <- [queue:new(), {[1], [2]}, a]],
       [{filter, [FF(), Q()]} || _ <- lists:seq(1, 40)],
       [{filter, [fun(_) -> x end, {[1], [2]}]}, {filter, [a, {[], []}]}, {filter, [fun(_) -> true end, a]}],
       [{filtermap, [FM, Q()]} || _ <- lists:seq(1, 30)],
       [{filtermap, [fun(_) -> x end, {[1], [2]}]}, {filtermap, [a, {[], []}]}],
       [{fold, [fun(X, A) -> tr(X), [X | A] end, [], Q()]} || _ <- lists:seq(1, 20)],
       [{fold, [a, [], {[], []}]}, {fold, [fun(X, A) -> [X | A] end, [], a]}],
       [{F, [P(), Q()]} || F <- [any, all, delete_with, delete_with_r], _ <- lists:seq(1, 30)],
       [{F, [G, X]} || F <- [any, all, delete_with, delete_with_r], G <- [a, fun(_) -> x end],
                       X <- [{[1], [2]}, a]]]);

cases(gb_trees) ->
    Build = fun() -> L = pick([kv_list(12), big_kv_list()]),
                     T0 = lists:foldl(fun({K, V}, T) -> gb_trees:enter(K, V, T) end,
                                      gb_trees:empty(), L),
                     case rand:uniform(3) of
                         1 -> lists:foldl(fun({K, _}, T) -> gb_trees:delete_any(K, T) end, T0,
                                          lists:sublist(L, upto(length(L))));
                         2 -> gb_trees:from_orddict(orddict:from_list(L));
                         _ -> T0
                     end end,
    K = fun(T) -> case gb_trees:keys(T) of
                      [] -> ckey();
                      Ks -> pick([ckey(), bigkey(), pick(Ks)])
                  end end,
    One = [size, is_empty, keys, values, to_list, balance, smallest, largest, take_smallest,
           take_largest, iterator],
    lists:append(
      [[{empty, []}],
       [{F, [Build()]} || F <- One, _ <- lists:seq(1, 15)],
       [{F, [X]} || F <- One ++ [from_orddict], X <- [a, {0, nil}, {-1, nil}, [], [a]]],
       [{from_orddict, [orddict:from_list(pick([kv_list(12), big_kv_list()]))]}
        || _ <- lists:seq(1, 20)],
       [{from_orddict, [X]} || X <- [[{1, a}, b], [{1, a} | b]]],
       [begin T = Build(), {F, [K(T), T]} end
        || F <- [lookup, get, is_defined, delete, delete_any, take, take_any, iterator_from],
           _ <- lists:seq(1, 40)],
       [begin T = Build(), {F, [K(T), upto(3), T]} end
        || F <- [insert, update, enter], _ <- lists:seq(1, 60)],
       %% Sequential keys make insert rebalance.
       [begin T = lists:foldl(fun(I, A) -> gb_trees:insert(I, I, A) end, gb_trees:empty(),
                              lists:seq(1, N)),
              {insert, [N + 1, x, T]} end || N <- lists:seq(0, 70)],
       [begin T = lists:foldl(fun(I, A) -> gb_trees:insert(-I, I, A) end, gb_trees:empty(),
                              lists:seq(1, N)),
              {insert, [-N - 1, x, T]} end || N <- lists:seq(0, 70)],
       [{map, [kvfun2(), Build()]} || _ <- lists:seq(1, 20)],
       [{map, [a, {0, nil}]}],
       [begin T = Build(), {next, [pick([gb_trees:iterator(T),
                                          gb_trees:iterator_from(K(T), T)])]} end
        || _ <- lists:seq(1, 30)],
       [{next, [X]} || X <- [[], a, [a]]],
       [{F, [a, X]} || F <- [lookup, get, is_defined, delete, take, iterator_from], X <- [a, {0, a}]],
       [{F, [a, 1, X]} || F <- [insert, update, enter], X <- [a, {a, nil}]]]);

cases(gb_sets) ->
    Build = fun() -> L = pick([list_of(20, fun elem/0), [bigkey() || _ <- lists:seq(1, pick([30, 300]))]]),
                     S0 = lists:foldl(fun gb_sets:add/2, gb_sets:empty(), L),
                     case rand:uniform(3) of
                         1 -> lists:foldl(fun gb_sets:delete_any/2, S0, lists:sublist(L, upto(length(L))));
                         2 -> gb_sets:from_list(L);
                         _ -> S0
                     end end,
    E = fun(S) -> case gb_sets:to_list(S) of
                      [] -> elem();
                      L -> pick([elem(), bigkey(), pick(L)])
                  end end,
    One = [size, is_empty, to_list, balance, smallest, largest, take_smallest, take_largest,
           iterator, is_set],
    lists:append(
      [[{empty, []}, {new, []}],
       [{F, [Build()]} || F <- One, _ <- lists:seq(1, 15)],
       [{F, [X]} || F <- One ++ [from_list, from_ordset], X <- [a, {0, nil}, {1, nil}, [], [a]]],
       [{from_list, [list_of(20, fun elem/0)]} || _ <- lists:seq(1, 20)],
       [{from_ordset, [ordsets:from_list(list_of(20, fun elem/0))]} || _ <- lists:seq(1, 10)],
       [{singleton, [elem()]}],
       [begin S = Build(), {F, [E(S), S]} end
        || F <- [is_member, is_element, add, add_element, insert, delete, delete_any,
                 del_element, iterator_from], _ <- lists:seq(1, 40)],
       [begin S = lists:foldl(fun gb_sets:insert/2, gb_sets:empty(), lists:seq(1, N)),
              {insert, [N + 1, S]} end || N <- lists:seq(0, 70)],
       [{F, [Build(), Build()]} || F <- [union, intersection, is_disjoint, difference, subtract,
                                         is_subset], _ <- lists:seq(1, 80)],
       [begin S = Build(), {F, [S, gb_sets:filter(fun(_) -> rand:uniform(3) > 1 end, S)]} end
        || F <- [union, intersection, is_disjoint, difference, is_subset], _ <- lists:seq(1, 20)],
       [begin S = Build(), {F, [gb_sets:filter(fun(_) -> rand:uniform(3) > 1 end, S), S]} end
        || F <- [union, intersection, is_disjoint, difference, is_subset], _ <- lists:seq(1, 20)],
       [{F, [gb_sets:from_list([1, 2.0, 3]), gb_sets:from_list([1.0, 2, 4])]}
        || F <- [union, intersection, is_disjoint, difference, is_subset]],
       [{F, [many(upto(3), Build)]} || F <- [union, intersection], _ <- lists:seq(1, 20)],
       [{F, [X]} || F <- [union, intersection], X <- [[], a, [a]]],
       [{F, [X, Y]} || F <- [union, intersection, is_disjoint, difference, is_subset],
                       X <- [a, gb_sets:empty()], Y <- [b, gb_sets:empty()]],
       [{fold, [fun(X, A) -> tr(X), [X | A] end, [], Build()]} || _ <- lists:seq(1, 10)],
       [{filter, [fun(X) -> tr(X), is_integer(X) end, Build()]} || _ <- lists:seq(1, 10)],
       [{F, [a, {0, nil}]} || F <- [fold, filter]],
       [{fold, [a, [], {0, nil}]}],
       [begin S = Build(), {next, [pick([gb_sets:iterator(S), gb_sets:iterator_from(E(S), S)])]} end
        || _ <- lists:seq(1, 30)]]);

cases(array) ->
    Vals = fun() -> list_of(pick([5, 25, 130]), fun() -> pick([elem(), undefined, 0]) end) end,
    Opts = fun() -> list_of(3, fun() -> pick([fixed, {fixed, false}, {fixed, true},
                                              {default, pick([0, undefined, x])},
                                              {size, pick([0, 3, 10, 11, 150])},
                                              pick([0, 5, 101])]) end) end,
    OD = fun() -> orddict:from_list([{pick([upto(30), upto(300), upto(3000)]), elem()}
                                     || _ <- lists:seq(1, upto(12))]) end,
    Build = fun() ->
                    A0 = case rand:uniform(5) of
                             1 -> array:new(Opts());
                             2 -> array:from_list(Vals(), pick([undefined, 0]));
                             3 -> array:from_orddict(OD(), pick([undefined, x]));
                             4 -> array:new(pick([0, 7, 20, 111]), Opts());
                             _ -> array:from_list(Vals())
                         end,
                    A1 = case rand:uniform(4) of
                             1 -> array:relax(A0);
                             _ -> A0
                         end,
                    Set = fun(_, A) -> I = pick([upto(12), upto(120), upto(1200)]),
                                       try array:set(I, elem(), A) catch _:_ -> A end end,
                    A2 = lists:foldl(Set, A1, lists:seq(1, upto(6))),
                    %% Shrink, relax, set past the new max: OTP then stacks
                    %% a level on a tree that was already deep enough.
                    A3 = case rand:uniform(4) of
                             1 -> A2s = array:relax(array:resize(upto(array:size(A2)), A2)),
                                  lists:foldl(Set, A2s, lists:seq(1, upto(3)));
                             _ -> A2
                         end,
                    case rand:uniform(6) of
                        1 -> array:resize(upto(array:size(A3) + 20), A3);
                        2 -> array:fix(A3);
                        _ -> A3
                    end end,
    Ix = fun(A) -> pick([upto(array:size(A) + 2), upto(15), upto(2000), -1, a]) end,
    One = [size, default, is_array, is_fix, fix, relax, resize, to_list, sparse_to_list,
           to_orddict, sparse_to_orddict, sparse_size],
    Bad = [a, {array, a, b, c, d}, {array, 1, 2, 3}],
    lists:append(
      [[{new, []}],
       [{new, [Opts()]} || _ <- lists:seq(1, 40)],
       [{new, [X]} || X <- [fixed, 10, {size, 3}, {default, 1}, -1, 1.5, a, [a], [{default, 0} | fixed]]],
       [{new, [N, Opts()]} || N <- [0, 1, 9, 10, 11, 99, 100, 101, 1001, -1, a], _ <- lists:seq(1, 3)],
       [{F, [Build()]} || F <- One, _ <- lists:seq(1, 40)],
       [{F, [X]} || F <- One ++ [from_list, from_orddict], X <- Bad],
       [{from_list, [Vals()]} || _ <- lists:seq(1, 40)],
       [{from_list, [Vals(), pick([0, x])]} || _ <- lists:seq(1, 20)],
       [{from_list, [lists:seq(1, N)]} || N <- [1, 9, 10, 11, 99, 100, 101, 110, 999, 1000, 1001, 1234]],
       [{from_list, [X]} || X <- [[], [1 | a], lists:seq(1, 10) ++ a, lists:seq(1, 15) ++ a]],
       [{from_orddict, [OD()]} || _ <- lists:seq(1, 80)],
       [{from_orddict, [OD(), x]} || _ <- lists:seq(1, 20)],
       [{from_orddict, [[{I, I} || I <- lists:seq(0, N - 1)]]} || N <- [1, 10, 11, 101, 1001]],
       [{from_orddict, [[{I, I} || I <- Is]]}
        || Is <- [[10], [9], [11], [0, 100], [5, 1000], [99, 10000], [0, 12345], [123456],
                  [10, 20, 30], [0, 1000, 2000, 30000]]],
       [{from_orddict, [X]} || X <- [[{1, a}, {1, b}], [{2, a}, {1, b}], [{a, 1}], [x], [{1, a} | b],
                                     [{-1, a}], [{1.0, a}], [{20, a}, b]]],
       [begin A = Build(), {F, [Ix(A), A]} end || F <- [get, reset], _ <- lists:seq(1, 80)],
       [begin A = Build(), {set, [Ix(A), v, A]} end || _ <- lists:seq(1, 100)],
       [begin A = Build(), {resize, [pick([0, upto(20), upto(200), upto(2000), -1]), A]} end
        || _ <- lists:seq(1, 60)],
       [{F, [1, X]} || F <- [get, reset, resize], X <- Bad],
       [{set, [1, v, X]} || X <- Bad],
       [{F, [fun(I, V) -> tr(I), {I, V} end, Build()]} || F <- [map, sparse_map],
                                                          _ <- lists:seq(1, 40)],
       [{F, [fun(I, V, Acc) -> tr(I), [V | Acc] end, [], Build()]}
        || F <- [foldl, foldr, sparse_foldl, sparse_foldr], _ <- lists:seq(1, 30)],
       [{F, [G, X]} || F <- [map, sparse_map], G <- bad_funs(), X <- [array:new(), a]],
       [{F, [G, [], X]} || F <- [foldl, foldr, sparse_foldl, sparse_foldr], G <- bad_funs(),
                           X <- [array:new(), a]]]);

%% ---------------------------------------------------------------------
%% filename (a Unix host with UTF-8 file names)

cases(filename) ->
    Comp = fun() -> pick(["a", "b.c", ".", "..", "", "x.", ".x", "a.b.c", "d/", "/", "//", "e.erl",
                          [16#E4, $.], "f g"]) end,
    Path = fun() -> lists:append(list_of(4, fun() -> Comp() ++ pick(["/", "", "/", "//"]) end)) end,
    Form = fun(P) -> case rand:uniform(6) of
                         1 -> unicode:characters_to_binary(P);
                         2 -> {A, B} = lists:split(length(P) div 2, P), [A, [B]];
                         3 when P =/= [] -> {A, B} = lists:split(length(P) div 2, P),
                                            [list_to_atom(A), B];
                         _ -> P
                     end end,
    Name = fun() -> Form(Path()) end,
    Ext = fun() -> Form(pick([".c", ".erl", "", "c", ".b.c", "/a", "a.b.c", "."])) end,
    Bad = [1, [1.5], [a | b], {a}, [<<"x">>], <<255>>, [$a | b]],
    lists:append(
      [[{F, [Name()]} || F <- [basename, dirname, extension, rootname, split, flatten, nativename,
                               pathtype, validate], _ <- lists:seq(1, 80)],
       [{F, [X]} || F <- [basename, dirname, extension, rootname, split, flatten, nativename,
                          pathtype, validate],
                    X <- Bad ++ [a, '', "", <<>>, "/", <<"/">>, [], [[]], [0], [16#D800], [$a | a]]],
       [{F, [Name(), Ext()]} || F <- [basename, rootname], _ <- lists:seq(1, 80)],
       [{F, [Name(), Name()]} || F <- [join, append, absname, absname_join], _ <- lists:seq(1, 80)],
       [{join, [many(upto(4) + 1, Name)]} || _ <- lists:seq(1, 60)],
       [{join, [X]} || X <- [[], [a], [a, b], [<<"a">>, "b"], ["a", <<"b">>], [1], a]],
       [{F, [X, Y]} || F <- [join, append, absname, absname_join, basename, rootname],
                       X <- [a, "a", <<"a">>, 1, [16#100], <<255>>], Y <- [b, "b", <<"b">>, 1, [16#100]]],
       [{F, [X]} || F <- [join, nativename], X <- [["/a", "b"], ["a", "/b"], ["a/", "./b"], ["."]]],
       [{basedir, [T, App]} || T <- [user_cache, user_config, user_data, user_log, site_config,
                                    site_data, other], App <- ["app", <<"app">>, 'app', 1]],
       [{basedir, [T, "app", O]} || T <- [user_cache, user_config, user_data, user_log,
                                          site_config, site_data],
                                    O <- [#{}, #{os => linux}, #{os => darwin}, #{os => windows},
                                          #{os => other}, #{version => "1.0"}, #{author => "me"},
                                          #{os => windows, author => "me"},
                                          #{os => windows, author => "me", version => "2"},
                                          #{os => darwin, version => <<"3">>}, [], x]],
       [{absname, [Name()]} || _ <- lists:seq(1, 40)],
       [{absname, [X]} || X <- Bad ++ [a, "", <<>>, "/", <<"/">>, [[]], "a/../b", <<"x/./y">>]]]);

%% ---------------------------------------------------------------------
%% file: calls without side effects (names that do not exist, bad names,
%% bad arguments) and reads of files that do not change.

cases(file) ->
    Missing = ["no_such_dbgsh_file", <<"no_such_dbgsh_file">>, no_such_dbgsh_file,
               ["no_such", [$_, dbgsh] | "_file"], "/no_such_dbgsh_dir/x", "", <<>>],
    BadNames = [1, {a}, 1.5, [1.5], [<<"a">>], [$a | <<"b">>], "a\0b", <<"a", 0, "b">>,
                [16#D800], [16#110000], [-1]],
    Names = Missing ++ BadNames,
    NoDir = "/no_such_dbgsh_dir/x",
    Posix = [eacces, eagain, ebadf, ebusy, edquot, eexist, efbig, eintr, einval, eio, eisdir,
             eloop, emfile, emlink, enametoolong, enfile, enodev, enoent, enomem, enospc,
             enotdir, enotempty, enotsup, enxio, eperm, epipe, erofs, espipe, exdev, etxtbsy],
    lists:append(
      [[{F, [N]} || F <- [read_file, read_file_info, read_link_info, read_link, read_link_all,
                          list_dir, list_dir_all, consult, del_dir, delete, del_dir_r, set_cwd,
                          get_cwd],
                    N <- Names],
       [{make_dir, [N]} || N <- [NoDir | BadNames]],
       [{F, ["/"]} || F <- [read_link, read_link_all, list_dir, list_dir_all, consult,
                            read_file]],
       [{F, [N, O]} || F <- [read_file_info, read_link_info], N <- Names ++ ["/"],
                       O <- [[], [raw], [{time, posix}]]],
       [{delete, [N, [raw]]} || N <- Names],
       [{F, [N, O]} || F <- [read_file_info, read_link_info],
                       N <- ["no_such_dbgsh_file", 1],
                       O <- [a, [a | b], [{time, bad}], [time], [{time, local}, {time, bad}]]],
       [{F, [A, B]} || F <- [rename, make_link, make_symlink], A <- BadNames, B <- Names],
       [{F, [NoDir, B]} || F <- [rename, make_link, make_symlink],
                           B <- BadNames ++ ["/no_such_dbgsh_dir/y"]],
       [{write_file, [N, D]} || N <- BadNames ++ [NoDir],
                                D <- [<<"x">>, "x", [1, <<2>> | <<3>>], a, [256], [-1], <<1:3>>]],
       [{write_file, [N, D, M]} || N <- [1, NoDir, "/"], D <- [<<"x">>, a, [256]],
                                   M <- [[], [raw], [append], [{encoding, foo}], [raw, ram], foo,
                                         [a | b], [directory], [exclusive], [read],
                                         [{encoding, utf8}], [unicode, latin1]]],
       %% (opens that succeed, or create files, give pids that differ)
       [{open, [N, M]} || N <- Names, M <- [[read], read, foo, [a | b], [read, {encoding, foo}],
                                            [ram, raw], [read, directory]]],
       [{open, [N, M]} || N <- [NoDir | BadNames], M <- [[write], [append], write]],
       %% (copies that succeed write files: tests/scripts/stdlib/stdlib_file_copy)
       [{copy, [A, B]} || A <- Missing ++ BadNames ++ ["/"], B <- [NoDir, 1, {a}]],
       [{copy, [A, B, N]} || A <- ["/", {"/", [read]}, {"/", a}, NoDir], B <- [NoDir, {NoDir, []}],
                             N <- [0, 5, infinity, -1, 1.5, a]],
       [{F, [D]} || F <- [close, read_line], D <- [1, a, {a}]],
       [{F, [D, A]} || F <- [read, write, position], D <- [1, {a}], A <- [1, "a", -1]],
       [{list_dir, [code:lib_dir(kernel)]}, {get_cwd, []}, {native_name_encoding, []}],
       [{format_error, [R]} || R <- Posix ++ [foo, "str", 1, badarg, system_limit, terminated,
                                              {1, erl_parse, "bad term"},
                                              {2, erl_scan, {illegal, float}},
                                              {3, file_io_server, invalid_unicode},
                                              {1, file, undefined_script},
                                              {4, file, {error, x, []}},
                                              {5, file, {x, []}}]]]);


%% ---------------------------------------------------------------------
%% filelib: a tree of this run's own, the same calls through OTP's module
%% and ours. Nested braces are left out: OTP's compiler crashes on them
%% (case_clause) where ours takes them (tests/scripts/stdlib/filelib_*).

cases(filelib) ->
    Root = filelib_tree(),
    In = fun(P) -> filename:join(Root, P) end,
    Entries = ["a.erl", "b.erl", "c.txt", ".hidden", "sp ace", "x,y", "br{a}", "q?", "st*r",
               "[x]", "at@e", "ab", "sub", "sub/d.erl", "sub/e.beam", "sub/deep",
               "sub/deep/f.erl", "sub/deep/g.hrl", "link_to_sub", "link_to_sub/d.erl",
               "dangling", "empty", "src", "src/h.erl", "ebin", "ebin/h.beam", "lib/src/m/k.erl",
               "lib/ebin/k.beam", [16#E9 | ".erl"], "missing", "a.erl/x"],
    Patterns = ["*", "*.erl", "**/*.erl", "**", "**/", "sub/*", "sub/**/*.erl", "*/*.erl",
                "?.erl", "??", "[ab].erl", "[a-b]*", "[b-a]*", "[]x]*", "[[]x]", "[x", "[]",
                "{a,b}.erl", "{a,c}.*", "*.{erl,txt}", "{,a}b*", "{}", "{a", "a,b", "x,y",
                "x\\,y", "br{a}", "br\\{a\\}", "q\\?", "q?", "st\\*r", "st*", "\\[x\\]",
                "at@e", "*@*", "*e*", ".*", "*/..", "sub/deep/../*", "sub/../*.txt",
                "s*/d*/*", "**/deep", "**/deep/*", "a.erl", "sub", "sub/", "sub//d.erl",
                "./*", "./sub/*", "missing", "missing/*", "*/missing", "link_to_sub/*",
                "l*/d.erl", "dangling", "d*", "empty/*", "a.erl/*", "a\\", "\\a.erl",
                "sub\\/d.erl", "**\\", "**\\/*.erl", "[a\\", "**x", "a**", "e*/**",
                "lib/**/*.erl", "lib/*/*/*",
                "[--z]*", "[a-c-e]*", [16#E9 | "*"], "*.[e]rl", "*.[!e]rl"],
    Mods = [file, erl_prim_loader],
    NoSuch = [filename:join(Root, "missing"), 1, {a}, <<"x">>],
    lists:append(
      [[{wildcard, [P, Root]} || P <- Patterns],
       [{wildcard, [P, Root ++ "/"]} || P <- Patterns],
       [{wildcard, [In(P)]} || P <- Patterns],
       [{wildcard, [In(P), Mod]} || P <- ["*", "**/*.erl", "sub/*"], Mod <- Mods],
       [{wildcard, [P, Root, Mod]} || P <- ["*", "**/*.erl", "sub/*"], Mod <- Mods],
       [{wildcard, [P, filename:join(Root, "sub")]} || P <- ["*", "../*", "deep/*", "d.erl"]],
       [{wildcard, A} || A <- [[""], ["", Root], [a], [<<"*">>], ["*", <<"/">>], ["*", 1],
                               ["/"], ["//"], ["/*/", 1, file]]],
       [{F, [In(E)]} || F <- [is_dir, is_file, is_regular, file_size], E <- Entries],
       [{F, [N]} || F <- [is_dir, is_file, is_regular, file_size, last_modified], N <- NoSuch],
       [{F, [In(E), Mod]} || F <- [is_dir, is_file, is_regular, file_size],
                             E <- ["a.erl", "sub", "missing"], Mod <- Mods],
       [{F, [In("a.erl"), 1]} || F <- [is_dir, is_file, is_regular, file_size, last_modified]],
       [{last_modified, [In(E)]} || E <- ["a.erl", "sub", "missing", "dangling"]],
       [{safe_relative_path, [P, C]}
        || P <- ["a", "a/b", "a/../b", "../a", "a/../../b", ".", "./a", "", "/a", "a/./b/..",
                 <<"a/../b">>, <<"..">>, "link_to_sub/d.erl", "abs_link/x", "up_link/x",
                 "loop1/x", "link_to_sub/../a", "same_dir/a", "same_dir/../a"],
           C <- [filelib_links(), "", "/no_such_dbgsh_dir"]],
       [{find_file, [F, In(D)]} || F <- ["h.erl", "k.erl", "nope.erl"], D <- ["ebin", "lib/ebin", "src"]],
       [{find_file, [F, In(D), R]} || F <- ["h.erl", "d.erl"], D <- ["ebin", "x/ebin"],
                                      R <- [[{"ebin", "src"}], [{"", "sub"}], [{"x", "y", []}]]],
       [{find_source, [In(P)]} || P <- ["ebin/h.beam", "lib/ebin/k.beam", "ebin/nope.beam",
                                         "sub/e.beam", "src/h.erl", "c.txt"]],
       [{find_source, [F, In(D), R]} || F <- ["h.beam", "h.o"], D <- ["ebin"],
                                        R <- [[{".beam", ".erl", [{"ebin", "src"}]}],
                                              [{".o", ".erl", [{"ebin", "src"}]}],
                                              [{".beam", ".txt", []}], [{"", ""}]]],
       [{via, "ensure_dir " ++ P, fun(M) -> ensure_seq(M, Root, P) end}
        || P <- ["x/y/z", "x/y/", "a.erl/x/y", "sub/n", "/", "x", "m/../n/o"]],
       [{via, "fold_files " ++ Re, fun(M) -> fold_seq(M, Root, Re) end}
        || Re <- ["\\.erl$", "^[ab]", "", "e", "\\.beam$", "("]]]);

%% ---------------------------------------------------------------------
%% calendar (the time zone here is UTC, as in CI)

cases(calendar) ->
    Y = fun() -> pick([0, 1, 4, 100, 400, 1600, 1900, 1901, 1902, 1969, 1970, 2000, 2023, 2024,
                       2100, 9999, 10000, 100000, -1, a]) end,
    M = fun() -> pick([1, 2, 3, 4, 6, 7, 12, 13, 0, -1, 1.0]) end,
    D = fun() -> pick([1, 15, 28, 29, 30, 31, 32, 0, -1, 1.0]) end,
    Date = fun() -> case rand:uniform(3) of
                        1 -> {Y(), M(), D()};
                        _ -> calendar:gregorian_days_to_date(rand:uniform(800000))
                    end end,
    Time = fun() -> pick([{0, 0, 0}, {23, 59, 59}, {12, 30, 15}, {24, 0, 0}, {1, 60, 0}, {0, 0, 60},
                          {-1, 0, 0}, {1.0, 0, 0}, {1, 2}])
           end,
    DT = fun() -> {Date(), Time()} end,
    Secs = fun() -> pick([0, 1, 86399, 86400, 90061, -1, -86400, -90061, 1.5,
                          rand:uniform(100000000000), -rand:uniform(1000000000)]) end,
    GSecs = fun() -> pick([0, 62167219200, 63000000000, 80000000000, 253402300799, 253402300800,
                           rand:uniform(70000000000), -1, 1.5, a]) end,
    SysT = fun() -> pick([0, 1, -1, 1700000000, 253402300799, 253402300800, -62167219200,
                          -62167219201, -2208988800, -2145916801, -2145916800,
                          rand:uniform(4000000000), 1700000000123, 1700000000123456, -1700000123]) end,
    Unit = fun() -> pick([second, millisecond, microsecond, nanosecond]) end,
    Rfc = fun() -> pick(["2024-02-29T12:30:15Z", "2024-02-29T12:30:15z", "2024-02-29 12:30:15+01:00",
                         "1970-01-01T00:00:00-05:30", "2024-02-29T12:30:15.5Z",
                         "2024-02-29T12:30:15.123456+02:00", "0000-01-01T00:00:00Z",
                         "9999-12-31T23:59:59Z", "1969-12-31T23:59:59.25Z", "2024-02-30T00:00:00Z",
                         "2024-02-29T12:30:15+0100", "2024-02-29T12:30:15+01", "2024-02-29",
                         "2024-02-29T12:30:15", "2024-02-29T12:30:15.Z", "2024-02-29T12:30:15 Z",
                         "abcd-02-29T12:30:15Z", "2024-02-29T12:30:15*01:00"]) end,
    Shape = fun({{ok, {{_, _, _}, {_, _, _}}}, Tr}) -> {datetime, Tr};
               ({{ok, {_, W}}, Tr}) when is_integer(W) -> {week, Tr};
               (X) -> X
            end,
    lists:append(
      [[{F, [], Shape} || F <- [local_time, universal_time, iso_week_number]],
       [{is_leap_year, [Y()]} || _ <- lists:seq(1, 30)],
       [{last_day_of_the_month, [Y(), M()]} || _ <- lists:seq(1, 60)],
       [{valid_date, [Y(), M(), D()]} || _ <- lists:seq(1, 80)],
       [{valid_date, [X]} || X <- [{2024, 2, 29}, {2023, 2, 29}, a, {1, 2}]],
       [{date_to_gregorian_days, [Y(), M(), D()]} || _ <- lists:seq(1, 80)],
       [{F, [Date()]} || F <- [date_to_gregorian_days, day_of_the_week, iso_week_number],
                         _ <- lists:seq(1, 80)],
       [{day_of_the_week, [Y(), M(), D()]} || _ <- lists:seq(1, 40)],
       [{F, [X]} || F <- [date_to_gregorian_days, day_of_the_week, iso_week_number, valid_date],
                    X <- [a, {1, 2}, {2024, 1, 1, 1}]],
       [{gregorian_days_to_date, [X]} || X <- [0, 1, 59, 60, 365, 366, 730485, 730486, 738000,
                                               3652058, 3652059, -1, 1.5, a]],
       [{gregorian_days_to_date, [rand:uniform(4000000)]} || _ <- lists:seq(1, 100)],
       [{gregorian_seconds_to_datetime, [GSecs()]} || _ <- lists:seq(1, 40)],
       [{datetime_to_gregorian_seconds, [DT()]} || _ <- lists:seq(1, 60)],
       [{datetime_to_gregorian_seconds, [X]} || X <- [a, {a, b}, {{2024, 1, 1}}]],
       [{time_to_seconds, [Time()]} || _ <- lists:seq(1, 20)],
       [{time_to_seconds, [X]} || X <- [a, {1, 2, a}]],
       [{seconds_to_time, [Secs()]} || _ <- lists:seq(1, 30)],
       [{seconds_to_time, [a]}],
       [{seconds_to_daystime, [Secs()]} || _ <- lists:seq(1, 30)],
       [{seconds_to_daystime, [a]}],
       [{time_difference, [DT(), DT()]} || _ <- lists:seq(1, 40)],
       [{time_difference, [X, {{2024, 1, 1}, {0, 0, 0}}]} || X <- [a, {{2024, 1, 1}, {0, 0}}]],
       [{F, [{pick([0, 1, 1700, -1, -100, 99999999]), pick([0, 5, 999999, -5]), pick([0, 7])}]}
        || F <- [now_to_datetime, now_to_universal_time, now_to_local_time], _ <- lists:seq(1, 20)],
       [{F, [X]} || F <- [now_to_datetime, now_to_local_time], X <- [a, {1, 2}, {a, 1, 1}]],
       [{F, [SysT(), Unit()]} || F <- [system_time_to_universal_time, system_time_to_local_time],
                                 _ <- lists:seq(1, 40)],
       [{F, [1, a]} || F <- [system_time_to_universal_time, system_time_to_local_time]],
       [{universal_time_to_local_time, [DT()]} || _ <- lists:seq(1, 60)],
       [{F, [X]} || F <- [universal_time_to_local_time, local_time_to_universal_time,
                          local_time_to_universal_time_dst],
                    X <- [{{1902, 1, 1}, {0, 0, 0}}, {{1901, 12, 31}, {23, 59, 59}},
                          {{2147483646, 12, 31}, {23, 59, 59}}, {{2147483647, 1, 1}, {0, 0, 0}},
                          {{2024, 2, 29}, {0, 0, 0}}, {{2023, 2, 29}, {0, 0, 0}}, a,
                          {{2024, 1, 1}, {0, 0, 0}, x}, {{1902, 1, 1}, {0, 30, 0}}]],
       [{local_time_to_universal_time, [DT()]} || _ <- lists:seq(1, 40)],
       [{local_time_to_universal_time, [DT(), pick([true, false, undefined, a])]}
        || _ <- lists:seq(1, 60)],
       [{local_time_to_universal_time_dst, [DT()]} || _ <- lists:seq(1, 40)],
       [{system_time_to_rfc3339, [SysT()]} || _ <- lists:seq(1, 40)],
       [{system_time_to_rfc3339, [SysT(), pick([[], [{unit, Unit()}], [{offset, "Z"}],
                                               [{offset, "-02:00"}, {unit, Unit()}],
                                               [{offset, "+05:30"}], [{offset, 3600}],
                                               [{offset, -5400}, {unit, Unit()}],
                                               [{time_designator, $\s}], [{offset, "+01"}],
                                               [{offset, "x"}], [{offset, a}], [{unit, hour}],
                                               [{offset, "+0130"}], [{offset, "*01:00"}]])]}
        || _ <- lists:seq(1, 150)],
       [{system_time_to_rfc3339, [X]} || X <- [a, 1.5]],
       [{rfc3339_to_system_time, [Rfc()]} || _ <- lists:seq(1, 40)],
       [{rfc3339_to_system_time, [Rfc(), [{unit, Unit()}]]} || _ <- lists:seq(1, 60)],
       [{rfc3339_to_system_time, [X]} || X <- [a, "", <<"2024-02-29T12:30:15Z">>]]]);

%% ---------------------------------------------------------------------
%% lists

cases(lists) ->
    Nums = fun() -> list_of(25, fun num/0) end,
    Els = fun() -> list_of(8, fun elem/0) end,
    Tups = fun() -> list_of(20, fun key_tuple/0) end,
    Small = fun() -> list_of(5, fun() -> upto(4) end) end,
    P = fun() -> pick(preds()) end,
    Map1 = fun(X) -> tr(X), {X} end,
    Fold = fun(X, A) -> tr(X), [X | A] end,
    MapFold = fun(X, A) -> tr(X), {{X}, [X | A]} end,
    Deep = fun() -> pick([[1, [2, [3, []]], 4], [[[]]], [a, [b | c]], [[1], 2 | 3], [],
                         [[a, b], [[c]], "de"]]) end,
    Idx = fun() -> pick([0, 1, 2, 3, 5, 8, -1, a]) end,
    SortedNums = fun() -> sorted(Nums()) end,
    USortedNums = fun() -> lists:usort(Nums()) end,
    KeySorted = fun(N) -> fun() -> lists:keysort(N, [T || T <- Tups(), tuple_size(T) >= N]) end end,
    UKeySorted = fun() -> lists:ukeysort(1, Tups()) end,
    FunSorted = fun(F) -> lists:sort(F, [T || T <- Tups(), tuple_size(T) =:= 2]) end,
    Pairs = fun() -> [T || T <- Tups(), tuple_size(T) =:= 2] end,
    lists:append(
      [[{append, [Els(), Els()]} || _ <- lists:seq(1, 20)],
       [{append, [many(upto(4), Els)]} || _ <- lists:seq(1, 20)],
       [{append, [X]} || X <- [[], [a], [[1] | b], [[1], a], a]],
       [{append, [a, [1]]}, {append, [[1 | b], [2]]}],
       [{subtract, [Small(), Small()]} || _ <- lists:seq(1, 30)],
       [{subtract, [a, [1]]}, {subtract, [[1], a]}],
       [{reverse, [X]} || X <- [[], [1], [1, 2], [1, 2, 3], [1 | 2], [1, 2 | 3], a]],
       [{reverse, [Els()]} || _ <- lists:seq(1, 10)],
       [{nth, [Idx(), Els()]} || _ <- lists:seq(1, 40)],
       [{nthtail, [Idx(), Els()]} || _ <- lists:seq(1, 40)],
       [{nthtail, [0, a]}, {nth, [1, a]}, {nthtail, [1, [1 | a]]}],
       [{prefix, [Small(), Small()]} || _ <- lists:seq(1, 40)],
       [{suffix, [Small(), Small()]} || _ <- lists:seq(1, 40)],
       [{prefix, [[1], a]}, {prefix, [a, [1]]}, {suffix, [a, [1]]}, {suffix, [[1], [1 | a]]}],
       [{droplast, [X]} || X <- [[], [1], [1, 2], [1 | a], a, "abc"]],
       [{last, [X]} || X <- [[], [1], [1, 2], [1 | a], a]],
       [{seq, [pick([1, 0, -3, 5, a, 1.0]), pick([1, 5, 0, -1, 10, b])]} || _ <- lists:seq(1, 60)],
       [{seq, [pick([1, 0, -3, 5, 1.0]), pick([1, 5, 0, -1, 10]), pick([1, 2, -1, -2, 0, 3, a])]}
        || _ <- lists:seq(1, 120)],
       [{sum, [X]} || X <- [[], [1, 2.5], [1, a], a, [1 | 2], [1, 2, 3]]],
       [{duplicate, [pick([0, 1, 3, -1, a]), x]} || _ <- lists:seq(1, 10)],
       [{min, [X]} || X <- [[], [3, 1, 2], [1, 1.0], [1.0, 1], [a, 1], a, [1 | 2]]],
       [{max, [X]} || X <- [[], [3, 1, 2], [1, 1.0], [1.0, 1], [a, 1], a, [1 | 2]]],
       [{min, [Nums()]} || _ <- lists:seq(1, 10)],
       [{max, [Nums()]} || _ <- lists:seq(1, 10)],
       [{sublist, [Els(), Idx()]} || _ <- lists:seq(1, 40)],
       [{sublist, [Els(), Idx(), Idx()]} || _ <- lists:seq(1, 80)],
       [{sublist, [a, 1]}, {sublist, [a, 1, 1]}, {sublist, [[1 | a], 1, 3]}, {sublist, [[1 | a], 3]}],
       [{delete, [upto(4), Small()]} || _ <- lists:seq(1, 30)],
       [{delete, [1, [2 | a]]}, {delete, [1, a]}],
       [{zip, [Small(), Small()]} || _ <- lists:seq(1, 30)],
       [{unzip, [X]} || X <- [[], [{1, 2}, {3, 4}], [{1, 2}, a], a, [{1, 2, 3}]]],
       [{zip3, [Small(), Small(), Small()]} || _ <- lists:seq(1, 30)],
       [{unzip3, [X]} || X <- [[], [{1, 2, 3}, {3, 4, 5}], [{1, 2}], a]],
       [{zipwith, [fun(X, Y) -> tr(X), {X, Y} end, Small(), Small()]} || _ <- lists:seq(1, 30)],
       [{zipwith, [a, [], []]}, {zipwith, [fun(X) -> X end, [1], [1]]}],
       [{zipwith3, [fun(X, Y, Z) -> tr(X), {X, Y, Z} end, Small(), Small(), Small()]}
        || _ <- lists:seq(1, 30)],
       [{zipwith3, [a, [], [], []]}],
       [{concat, [X]} || X <- [[a, "b", 1, 2.5], [], [a | b], [{1}], ["x", <<"y">>]]],
       [{flatten, [Deep()]} || _ <- lists:seq(1, 15)],
       [{flatten, [Deep(), pick([[], [x], a])]} || _ <- lists:seq(1, 15)],
       [{flatten, [a]}],
       [{flatlength, [Deep()]} || _ <- lists:seq(1, 15)],
       [{flatlength, [a]}],
       [{keydelete, [num(), pick([1, 2, 0, a]), Tups()]} || _ <- lists:seq(1, 40)],
       [{keyreplace, [num(), pick([1, 2, 0]), Tups(), pick([{new}, new])]} || _ <- lists:seq(1, 40)],
       [{keytake, [num(), pick([1, 2, 0]), Tups()]} || _ <- lists:seq(1, 40)],
       [{keystore, [num(), pick([1, 2, 0]), Tups(), pick([{new}, new])]} || _ <- lists:seq(1, 40)],
       [{keydelete, [1, 1, [a, {1}]]}, {keydelete, [1, 1, [{2} | a]]}, {keytake, [1, 1, [a]]}],
       [{keymap, [fun(X) -> tr(X), {X} end, pick([1, 2, 3, 0]), Tups()]} || _ <- lists:seq(1, 20)],
       [{keymap, [a, 1, []]}, {keymap, [fun(X) -> X end, 0, []]}],
       [{enumerate, [Els()]} || _ <- lists:seq(1, 5)],
       [{enumerate, [pick([1, 0, -5, a]), Els()]} || _ <- lists:seq(1, 10)],
       [{enumerate, [a]}, {enumerate, [[1 | a]]}, {enumerate, [1, a]}],
       [{uniq, [Nums()]} || _ <- lists:seq(1, 20)],
       [{uniq, [fun(X) -> tr(X), trunc(X) end, Nums()]} || _ <- lists:seq(1, 20)],
       [{uniq, [a]}, {uniq, [[1 | a]]}, {uniq, [a, []]}],
       [{join, [x, Els()]} || _ <- lists:seq(1, 10)],
       [{join, [x, a]}, {join, [x, [1 | a]]}],
       [{split, [Idx(), Els()]} || _ <- lists:seq(1, 40)],
       [{split, [1, a]}, {split, [1, [1 | a]]}, {split, [3, [1 | a]]}],
       [{all, [P(), Els()]} || _ <- lists:seq(1, 30)],
       [{any, [P(), Els()]} || _ <- lists:seq(1, 30)],
       [{all, [fun(X) -> X end, [1]]}, {any, [fun(X) -> X end, [1]]}, {all, [a, []]},
        {any, [fun(_) -> false end, a]}, {all, [fun(_) -> true end, [1 | a]]}],
       [{map, [Map1, Els()]} || _ <- lists:seq(1, 20)],
       [{map, [Map1, a]}, {map, [Map1, [1 | a]]}, {map, [a, []]}, {map, [a, [1]]}],
       [{flatmap, [fun(X) -> tr(X), [X, X] end, Els()]} || _ <- lists:seq(1, 10)],
       [{flatmap, [fun(X) -> X end, [1]]}, {flatmap, [a, []]}],
       [{foldl, [Fold, [], Els()]} || _ <- lists:seq(1, 20)],
       [{foldr, [Fold, [], Els()]} || _ <- lists:seq(1, 20)],
       [{foldl, [Fold, [], a]}, {foldr, [Fold, [], [1 | a]]}, {foldl, [a, [], []]}],
       [{filter, [P(), Els()]} || _ <- lists:seq(1, 20)],
       [{filter, [fun(X) -> X end, [1]]}, {filter, [a, []]}, {filter, [fun(_) -> true end, a]}],
       [{partition, [P(), Els()]} || _ <- lists:seq(1, 20)],
       [{partition, [fun(X) -> X end, [1]]}],
       [{filtermap, [fun(X) when is_integer(X) -> {true, -X};
                        (X) -> tr(X), is_atom(X) end, Els()]} || _ <- lists:seq(1, 20)],
       [{filtermap, [fun(X) -> X end, [1]]}, {zf, [fun(X) -> X > 1 end, [1, 2, 3]]}],
       [{foreach, [fun(X) -> tr(X) end, Els()]} || _ <- lists:seq(1, 10)],
       [{foreach, [fun(X) -> tr(X) end, [1 | a]]}, {foreach, [a, []]}],
       [{mapfoldl, [MapFold, [], Els()]} || _ <- lists:seq(1, 10)],
       [{mapfoldr, [MapFold, [], Els()]} || _ <- lists:seq(1, 10)],
       [{mapfoldl, [fun(X, A) -> X + A end, 0, [1]]}],
       [{takewhile, [P(), Els()]} || _ <- lists:seq(1, 20)],
       [{dropwhile, [P(), Els()]} || _ <- lists:seq(1, 20)],
       [{splitwith, [P(), Els()]} || _ <- lists:seq(1, 20)],
       [{search, [P(), Els()]} || _ <- lists:seq(1, 20)],
       [{takewhile, [fun(X) -> X end, [1]]}, {dropwhile, [a, []]}, {search, [fun(_) -> false end, a]}],
       %% Sorting: ties between 1 and 1.0, and keyed tuples.
       [{sort, [Nums()]} || _ <- lists:seq(1, 300)],
       [{sort, [Els()]} || _ <- lists:seq(1, 30)],
       [{sort, [X]} || X <- [[], [1], [2, 1], [1, 1.0], [1.0, 1], [a | b], [b, a | c], a,
                             [3, 2, 2.0, 1], [1, 1.0, 1, 0], [2, 1, 1.0, 1]]],
       [{usort, [Nums()]} || _ <- lists:seq(1, 150)],
       [{usort, [X]} || X <- [[], [1], [1, 1.0], [1.0, 1], [b, a | c], a, [1, 1.0 | x]]],
       [{sort, [pick(sort_funs()), Pairs()]} || _ <- lists:seq(1, 300)],
       [{sort, [pick(lists:sublist(sort_funs(), 4)), Nums()]}
        || _ <- lists:seq(1, 200)],
       [{sort, [fun(A, B) -> A =< B end, X]} || X <- [[], [1], a, [1 | a], [b, a | c]]],
       [{sort, [a, []]}, {sort, [a, [1, 2]]}, {sort, [fun(_, _) -> x end, [1, 2, 3]]}],
       [{usort, [pick([fun(A, B) -> A =< B end, fun(A, B) -> A >= B end,
                      fun(A, B) -> element(1, A) =< element(1, B) end]),
                 Pairs()]} || _ <- lists:seq(1, 150)],
       [{usort, [pick(sort_funs()), Pairs()]} || _ <- lists:seq(1, 150)],
       [{usort, [fun(A, B) -> A =< B end, X]} || X <- [[], [1], a, [1, 1.0], [b, a | c]]],
       [{keysort, [pick([1, 2]), Tups()]} || _ <- lists:seq(1, 150)],
       [{keysort, [X, Y]} || X <- [0, 1, 3, a], Y <- [[], [a], [{1}, {2}], [{1}, a], [{1}, {2} | b],
                                                   [{1}, {0}, {2} | b], a]],
       [{ukeysort, [1, Tups()]} || _ <- lists:seq(1, 100)],
       [{ukeysort, [X, Y]} || X <- [0, 1, 3], Y <- [[], [a], [{1}, {1.0}], [{1}, a], a]],
       [{merge, [SortedNums(), SortedNums()]} || _ <- lists:seq(1, 60)],
       [{merge, [many(upto(4), SortedNums)]} || _ <- lists:seq(1, 60)],
       [{merge3, [SortedNums(), SortedNums(), SortedNums()]} || _ <- lists:seq(1, 60)],
       [{rmerge, [lists:reverse(SortedNums()), lists:reverse(SortedNums())]} || _ <- lists:seq(1, 40)],
       [{rmerge3, [lists:reverse(SortedNums()), lists:reverse(SortedNums()),
                   lists:reverse(SortedNums())]} || _ <- lists:seq(1, 40)],
       [{umerge, [USortedNums(), USortedNums()]} || _ <- lists:seq(1, 60)],
       [{umerge, [many(upto(4), USortedNums)]} || _ <- lists:seq(1, 60)],
       [{umerge3, [USortedNums(), USortedNums(), USortedNums()]} || _ <- lists:seq(1, 60)],
       [{rumerge, [lists:reverse(USortedNums()), lists:reverse(USortedNums())]} || _ <- lists:seq(1, 40)],
       [{rumerge3, [lists:reverse(USortedNums()), lists:reverse(USortedNums()),
                    lists:reverse(USortedNums())]} || _ <- lists:seq(1, 40)],
       [{merge, [X, Y]} || X <- [[], [1], a], Y <- [[], [2], a]],
       [{merge, [X]} || X <- [[], [a], [[1], a], [[1], [2], a], a]],
       [{umerge, [X]} || X <- [[], [a], [[1], a], a]],
       [begin F = pick(lists:sublist(sort_funs(), 4)),
              {merge, [F, lists:sort(F, Nums()), lists:sort(F, Nums())]} end
        || _ <- lists:seq(1, 60)],
       [begin F = pick([fun(A, B) -> A =< B end, fun(A, B) -> A >= B end]),
              {umerge, [F, lists:usort(F, Nums()), lists:usort(F, Nums())]} end
        || _ <- lists:seq(1, 60)],
       [{rmerge, [fun(A, B) -> A =< B end, lists:reverse(SortedNums()),
                  lists:reverse(SortedNums())]} || _ <- lists:seq(1, 40)],
       [{rumerge, [fun(A, B) -> A =< B end, lists:reverse(USortedNums()),
                   lists:reverse(USortedNums())]} || _ <- lists:seq(1, 40)],
       [{merge, [a, [], []]}, {umerge, [a, [], []]}, {rmerge, [a, [], []]}, {rumerge, [a, [], []]}],
       [{keymerge, [1, (KeySorted(1))(), (KeySorted(1))()]} || _ <- lists:seq(1, 40)],
       [{keymerge, [2, (KeySorted(2))(), (KeySorted(2))()]} || _ <- lists:seq(1, 20)],
       [{ukeymerge, [1, UKeySorted(), UKeySorted()]} || _ <- lists:seq(1, 40)],
       [{rkeymerge, [1, lists:reverse((KeySorted(1))()), lists:reverse((KeySorted(1))())]}
        || _ <- lists:seq(1, 30)],
       [{rukeymerge, [1, lists:reverse(UKeySorted()), lists:reverse(UKeySorted())]}
        || _ <- lists:seq(1, 30)],
       [{keymerge, [0, [], []]}, {ukeymerge, [0, [], []]}, {keymerge, [1, [a], [{1}]]}],
       [{sort, [fun(A, B) -> element(1, A) =< element(1, B) end, FunSorted(fun(A, B) -> A >= B end)]}
        || _ <- lists:seq(1, 10)]]);

%% ---------------------------------------------------------------------
%% maps

cases(maps) ->
    Key = fun() -> pick([1, 2, 3, 1.0, 2.0, a, b, {1}, "k", <<"k">>]) end,
    SmallMap = fun() -> maps:from_list([{Key(), upto(9)} || _ <- lists:seq(1, upto(6))]) end,
    BigMap = fun() -> maps:from_list([{pick([I, float(I), {I}, integer_to_list(I)]), I}
                                     || I <- lists:seq(1, 20 + upto(60))]) end,
    AnyMap = fun() -> case rand:uniform(3) of 1 -> BigMap(); _ -> SmallMap() end end,
    Iter = fun(M) -> pick([M, maps:iterator(M), maps:next(maps:iterator(M))]) end,
    Pred = fun(K, V) -> tr(K), is_integer(V) andalso V > 3 end,
    FM = fun(K, V) -> tr(K),
                      if V > 6 -> false; V > 3 -> {true, {V}}; true -> true end end,
    Bads = [a, [1 | 2], [0 | a], {1, 2, 3}, none, 1],
    lists:append(
      [[{iterator, [AnyMap()]} || _ <- lists:seq(1, 5)],
       [{iterator, [X]} || X <- Bads],
       [{next, [maps:iterator(AnyMap())]} || _ <- lists:seq(1, 10)],
       [{next, [X]} || X <- [none | Bads]],
       [{filter, [Pred, Iter(AnyMap())]} || _ <- lists:seq(1, 40)],
       [{filter, [Pred, X]} || X <- Bads],
       [{filter, [fun(_, V) -> V end, #{a => 1}]}, {filter, [a, #{}]}],
       [{filtermap, [FM, Iter(AnyMap())]} || _ <- lists:seq(1, 40)],
       [{filtermap, [FM, X]} || X <- Bads],
       [{filtermap, [a, #{}]}],
       [{foreach, [fun(K, V) -> tr({K, V}) end, Iter(AnyMap())]} || _ <- lists:seq(1, 40)],
       [{foreach, [fun(K, V) -> tr({K, V}) end, X]} || X <- Bads],
       [{foreach, [a, #{}]}],
       [{fold, [fun(K, V, A) -> [{K, V} | A] end, [], Iter(AnyMap())]} || _ <- lists:seq(1, 60)],
       [{fold, [fun(K, V, A) -> [{K, V} | A] end, [], X]} || X <- Bads],
       [{fold, [a, [], #{}]}],
       [{map, [fun(K, V) -> tr(K), {K, V} end, Iter(AnyMap())]} || _ <- lists:seq(1, 40)],
       [{map, [fun(K, V) -> {K, V} end, X]} || X <- Bads],
       [{map, [a, #{}]}],
       [{intersect, [AnyMap(), AnyMap()]} || _ <- lists:seq(1, 40)],
       [{intersect, [X, Y]} || X <- [#{}, a], Y <- [#{}, b]],
       [{intersect_with, [fun(K, A, B) -> tr(K), {A, B} end, AnyMap(), AnyMap()]}
        || _ <- lists:seq(1, 40)],
       [{intersect_with, [F, X, Y]} || F <- [fun(_, A, _) -> A end, a], X <- [#{}, a], Y <- [#{}, b]],
       [{merge_with, [fun(K, A, B) -> tr(K), {A, B} end, AnyMap(), AnyMap()]}
        || _ <- lists:seq(1, 40)],
       [{merge_with, [F, X, Y]} || F <- [fun(_, A, _) -> A end, a], X <- [#{}, a], Y <- [#{}, b]],
       [{update_with, [Key(), fun(V) -> {V} end, SmallMap()]} || _ <- lists:seq(1, 30)],
       [{update_with, [Key(), fun(V) -> {V} end, init, SmallMap()]} || _ <- lists:seq(1, 30)],
       [{update_with, [a, fun(V) -> V end, X]} || X <- Bads],
       [{update_with, [a, x, #{a => 1}]}, {update_with, [a, x, 0, #{}]},
        {update_with, [a, fun(V) -> V end, 0, x]}],
       [{with, [list_of(4, Key), AnyMap()]} || _ <- lists:seq(1, 30)],
       [{without, [list_of(4, Key), AnyMap()]} || _ <- lists:seq(1, 30)],
       [{with, [X, Y]} || X <- [[a], a, [a | b]], Y <- [#{a => 1}, a]],
       [{without, [X, Y]} || X <- [[a], a, [a | b]], Y <- [#{a => 1}, a]],
       [{groups_from_list, [fun(X) -> tr(X), X rem 3 end, list_of(12, fun() -> upto(20) end)]}
        || _ <- lists:seq(1, 20)],
       [{groups_from_list, [fun(X) -> X rem 3 end, fun(X) -> tr(X), {X} end,
                            list_of(12, fun() -> upto(20) end)]} || _ <- lists:seq(1, 20)],
       [{groups_from_list, [F, L]} || F <- [fun(X) -> X end, a], L <- [[], [1, 1], a, [1 | a]]],
       [{groups_from_list, [F, G, L]} || F <- [fun(X) -> X end, a], G <- [fun(X) -> X end, b],
                                         L <- [[1, 1], a]]]);

%% ---------------------------------------------------------------------
%% proplists

cases(proplists) ->
    K = fun() -> pick([a, b, c, d, 1, 1.0, "s"]) end,
    Prop = fun() -> case rand:uniform(9) of
                        1 -> K();
                        2 -> {K()};
                        3 -> {K(), upto(3), x};
                        4 -> pick([7, "str", []]);
                        5 -> {K(), pick([true, false])};
                        6 -> {K(), [upto(3), upto(3)]};
                        _ -> {K(), upto(5)}
                    end end,
    PL = fun() -> list_of(10, Prop) end,
    Aliases = fun() -> [{K(), K()} || _ <- lists:seq(1, upto(3))] end,
    Exps = fun() -> [{pick([a, b, {c, 1}, {a, true}, {d, 2}, 1]), list_of(3, Prop)}
                     || _ <- lists:seq(1, upto(3))] end,
    lists:append(
      [[{property, [Prop()]} || _ <- lists:seq(1, 20)],
       [{property, [K(), pick([true, false, 1])]} || _ <- lists:seq(1, 20)],
       [{unfold, [PL()]} || _ <- lists:seq(1, 20)],
       [{compact, [PL()]} || _ <- lists:seq(1, 20)],
       [{F, [K(), PL()]} || F <- [lookup, lookup_all, is_defined, get_value, get_all_values,
                                  append_values, get_bool, delete],
                            _ <- lists:seq(1, 40)],
       [{get_value, [K(), PL(), def]} || _ <- lists:seq(1, 40)],
       [{F, [a, X]} || F <- [lookup, lookup_all, is_defined, get_value, get_all_values,
                             append_values, get_bool, delete], X <- [a, [b | c], [a | b]]],
       [{get_keys, [PL()]} || _ <- lists:seq(1, 40)],
       [{get_keys, [[I || I <- lists:seq(1, N)] ++ [{float(I)} || I <- lists:seq(1, N)]]}
        || N <- [10, 40, 41, 80, 81, 200, 500]],
       [{get_keys, [[list_to_atom("k" ++ integer_to_list(I)) || I <- lists:seq(1, N)]]}
        || N <- [5, 79, 81, 170, 340, 700]],
       [{get_keys, [X]} || X <- [a, [a | b]]],
       [{substitute_aliases, [Aliases(), PL()]} || _ <- lists:seq(1, 40)],
       [{substitute_negations, [Aliases(), PL()]} || _ <- lists:seq(1, 40)],
       [{expand, [Exps(), PL()]} || _ <- lists:seq(1, 60)],
       [{expand, [[], a]}, {expand, [a, []]}],
       [{normalize, [PL(), [pick([{aliases, Aliases()}, {negations, Aliases()}, {expand, Exps()}])
                            || _ <- lists:seq(1, upto(3))]]} || _ <- lists:seq(1, 60)],
       [{normalize, [[a], [bad]]}],
       [{split, [PL(), list_of(3, K)]} || _ <- lists:seq(1, 40)],
       [{split, [a, [a]]}],
       [{to_map, [PL()]} || _ <- lists:seq(1, 40)],
       [{to_map, [PL(), [{aliases, Aliases()}, {negations, Aliases()}]]} || _ <- lists:seq(1, 30)],
       [{to_map, [a]}],
       [{from_map, [maps:from_list([{K(), upto(3)} || _ <- lists:seq(1, upto(5))])]}
        || _ <- lists:seq(1, 10)],
       [{from_map, [a]}]]);

%% ---------------------------------------------------------------------
%% string

cases(ets) ->
    T = ets:new(lib_ets, [public, ordered_set]),
    ets:insert(T, [{I, I * I} || I <- lists:seq(1, 10)]),
    MS = ets:match_spec_compile([{{'$1', '$2'}, [{'>', '$2', 10}], ['$1']}]),
    Sum = fun({K, V}, A) -> [K + V | A] end,
    [{test_ms, [{a, 1}, [{{'$1', '$2'}, [], ['$2']}]]},
     {test_ms, [{a, 1}, [{{b, '_'}, [], [true]}]]},
     {test_ms, [{a, 1}, [{x}]]},
     {test_ms, [{a, 1}, []]},
     {match_spec_run, [[{1, 1}, {4, 16}, {5, 25}, x], MS]},
     {match_spec_run, [[], MS]},
     {foldl, [Sum, [], T]},
     {foldr, [Sum, [], T]},
     {foldl, [Sum, [], nosuch_lib_ets]},
     {foldr, [Sum, [], nosuch_lib_ets]},
     {repair_continuation, ['$end_of_table', []]},
     {fun2ms, [fun(X) -> X end]}];
cases(unicode) ->
    Chars = [$a, $Z, $\s, 16#C5, 16#F6, 16#301, 16#30A, 16#323, 16#1E0A, 16#1E9B, 16#FB01,
             16#2460, 16#FF21, 16#AC00, 16#1100, 16#1161, 16#11A8, 16#1F600, 16#3A3],
    Str = fun() -> list_of(10, fun() -> pick(Chars) end) end,
    Bin = fun(S) -> unicode:characters_to_binary(S) end,
    CD = fun() -> S = Str(), {A, B} = lists:split(length(S) div 2, S),
                  pick([S, Bin(S), [A, Bin(B)], [Bin(A), [B]], [[A], B]]) end,
    Bad = [a, [a], [-1], [$a, 1 bsl 30], <<255>>, [$a, <<"b", 255>>], [$a | b], {x}],
    Nf = [characters_to_nfd_list, characters_to_nfc_list, characters_to_nfkd_list,
          characters_to_nfkc_list, characters_to_nfd_binary, characters_to_nfc_binary,
          characters_to_nfkd_binary, characters_to_nfkc_binary],
    Boms = [<<239,187,191>>, <<0,0,254,255>>, <<255,254,0,0>>, <<254,255>>, <<255,254>>],
    lists:append(
      [[{F, [CD()]} || F <- Nf, _ <- lists:seq(1, 40)],
       [{F, [X]} || F <- Nf, X <- Bad ++ [[], <<>>]],
       [{bom_to_encoding, [<<B/binary, (Bin(Str()))/binary>>]} || B <- Boms ++ [<<>>, <<1>>]],
       [{bom_to_encoding, [X]} || X <- [<<255>>, <<239,187>>, x, "abc"]],
       [{encoding_to_bom, [E]} || E <- [unicode, utf8, utf16, {utf16, big}, {utf16, little}, utf32,
                                        {utf32, big}, {utf32, little}, latin1, x, {utf8, big}]],
       [{bin_is_7bit, [X]} || X <- [<<>>, <<"abc">>, <<"a", 128>>, <<127>>, Bin(Str())]]]);
cases(string) ->
    Chars = [$a, $b, $c, $\s, $\s, $\t, $\n, $\r, $x, $., $,, 16#301, 16#E4, 16#1F600, 8232,
             $A, $Z, 16#DF, 16#3A3, 16#3C3, 133, $0, $5, $-, $+, $e],
    Str = fun() -> list_of(12, fun() -> pick(Chars) end) end,
    Bin = fun(S) -> unicode:characters_to_binary(S) end,
    %% Deep chardata: list, binary, list.  The binary part is never empty
    %% and holds no CR: there OTP 25 itself crashes (case_clause in trim,
    %% take) or depends on how unicode_util:gc/1 returns its rest.
    Deep = fun(S) -> {A, B} = lists:split(length(S) div 2, S),
                     {B1, B2} = lists:split(length(B) div 2, B),
                     case B1 =:= [] orelse lists:member($\r, B1) of
                         true -> [A, [B1], B2];
                         false -> [A, Bin(B1), [B2]]
                     end end,
    %% A string in one of three representations; the flag says "deep".
    CD = fun() -> S = Str(),
                  case rand:uniform(4) of
                      1 -> {Bin(S), false};
                      2 -> {Deep(S), true};
                      _ -> {S, false}
                  end end,
    Seps = fun() -> pick([" ", [$\s, $\t], [[$\r, $\n]], "a", [$\n], [16#301], [$a, 16#1F600],
                          [[$e, 16#301]]]) end,
    Pat = fun() -> pick(["a", "ab", " ", "\r\n", "\n", [16#301], "x", <<"b">>, [$a, 16#301],
                         "", <<>>]) end,
    Norm = fun(Shape) -> fun(R) -> norm_result(Shape, R) end end,
    %% {Function, Args, Shape}, Args built from the chardata given.
    Uni = [{length, fun(S) -> [S] end, raw},
           {to_graphemes, fun(S) -> [S] end, list},
           {reverse, fun(S) -> [S] end, cd},
           {is_empty, fun(S) -> [S] end, raw},
           {slice, fun(S) -> [S, upto(14)] end, cd},
           {slice, fun(S) -> [S, upto(14), pick([0, 1, 3, 20, infinity])] end, cd},
           {pad, fun(S) -> [S, upto(14)] end, cd},
           {pad, fun(S) -> [S, upto(14), pick([leading, trailing, both])] end, cd},
           {pad, fun(S) -> [S, upto(14), pick([leading, trailing, both]), $*] end, cd},
           {trim, fun(S) -> [S] end, cd},
           {trim, fun(S) -> [S, pick([leading, trailing, both])] end, cd},
           {trim, fun(S) -> [S, pick([leading, trailing, both]), Seps()] end, cd},
           {chomp, fun(S) -> [S] end, cd},
           {take, fun(S) -> [S, Seps()] end, tuple},
           {take, fun(S) -> [S, Seps(), pick([true, false])] end, tuple},
           {take, fun(S) -> [S, pick([Seps(), []]), pick([true, false]),
                             pick([leading, trailing])] end, tuple},
           {lexemes, fun(S) -> [S, pick([Seps(), []])] end, list},
           {nth_lexeme, fun(S) -> [S, pick([1, 2, 3]), pick([Seps(), []])] end, cd},
           {uppercase, fun(S) -> [S] end, cd},
           {lowercase, fun(S) -> [S] end, cd},
           {casefold, fun(S) -> [S] end, cd},
           {titlecase, fun(S) -> [S] end, cd},
           {prefix, fun(S) -> [S, Pat()] end, cd},
           {split, fun(S) -> [S, Pat()] end, list},
           {split, fun(S) -> [S, Pat(), pick([leading, trailing, all])] end, list},
           {replace, fun(S) -> [S, Pat(), "--"] end, cd},
           {replace, fun(S) -> [S, Pat(), <<"-">>, pick([leading, trailing, all])] end, cd},
           {find, fun(S) -> [S, Pat()] end, cd},
           {find, fun(S) -> [S, Pat(), pick([leading, trailing])] end, cd},
           {next_grapheme, fun(S) -> [S] end, next},
           {next_codepoint, fun(S) -> [S] end, next},
           {equal, fun(S) -> [S, pick([S, Str()])] end, raw},
           {equal, fun(S) -> [S, pick([S, string:uppercase(S), Str()]), pick([true, false])] end, raw},
           {equal, fun(S) -> [S, pick([S, string:uppercase(S), Str()]), pick([true, false]),
                              pick([none, nfc, nfd, nfkc, nfkd])] end, raw},
           {to_integer, fun(S) -> [S] end, tuple},
           {to_float, fun(S) -> [S] end, tuple}],
    Num = fun() -> pick(["12", "-3", "+4x", "1.5", "1,5e3", "2.5e-2y", "abc", "", " 1", "1.e5",
                         "0.0", "12345678901234567890", "1.0e999", "--1", "7.25E+2 rest"]) end,
    Latin = fun() -> list_of(10, fun() -> pick([$a, $b, $\s, $c, $., 16#E4, 16#C4, $Z, 255]) end) end,
    Bad = [a, [a], <<255>>, [<<255>>], [1 | a], <<"ab", 255>>, 1.5],
    lists:append(
      [[begin {S, IsDeep} = CD(),
              Args = no_mark_sep(F, IsDeep, Mk(S)),
              case IsDeep orelse is_binary(S) of
                  true -> {F, Args, Norm(Shape)};
                  false -> {F, Args}
              end
        end || {F, Mk, Shape} <- Uni, _ <- lists:seq(1, 60)],
       [{F, Mk(S)} || {F, Mk, _} <- Uni, S <- [[], <<>>, "\r\n", <<"\r\n">>, [[], <<>>]]],
       [{F, [B]} || F <- [length, to_graphemes, reverse, is_empty, uppercase, lowercase,
                          casefold, next_grapheme, trim, chomp], B <- Bad,
                    %% Known difference: OTP's trim only decodes bytes next to a
                    %% separator, so it may pass bad UTF-8 through; ours raises.
                    not (lists:member(F, [trim, chomp]) andalso
                         lists:member(B, [<<255>>, [<<255>>], <<"ab", 255>>]))],
       [{slice, [B, 1]} || B <- Bad],
       [{slice, ["abc", N]} || N <- [-1, a, 1.5]],
       [{slice, ["abc", 1, L]} || L <- [-1, a, 0, infinity]],
       [{trim, ["abc", X]} || X <- [sideways, a]],
       [{trim, ["abc", leading, a]}],
       [{take, ["abc", "a", x]}, {take, ["abc", "a", false, x]}, {lexemes, ["a b", a]},
        {nth_lexeme, ["a b", 0, " "]}, {nth_lexeme, ["a b", a, " "]}, {pad, ["a", a]},
        {pad, ["a", 3, x]}, {prefix, ["a", a]}, {equal, ["a", "a", x]}],
       [{to_integer, [pick([Num(), list_to_binary(Num())])]} || _ <- lists:seq(1, 60)],
       [{to_float, [pick([Num(), list_to_binary(Num())])]} || _ <- lists:seq(1, 60)],
       [{F, [X]} || F <- [to_integer, to_float], X <- [a, [a], <<255>>, 12]],
       [{list_to_integer, [Num()]} || _ <- lists:seq(1, 30)],
       [{list_to_float, [Num()]} || _ <- lists:seq(1, 30)],
       [{F, [X]} || F <- [list_to_integer, list_to_float], X <- [a, <<"1">>, [$1 | a], "1.5e+"]],
       %% Old latin-1 API.
       [{len, [Latin()]} || _ <- lists:seq(1, 5)],
       [{concat, [Latin(), Latin()]} || _ <- lists:seq(1, 5)],
       [{chr, [Latin(), pick([$a, $b, $z])]} || _ <- lists:seq(1, 20)],
       [{rchr, [Latin(), pick([$a, $b, $z])]} || _ <- lists:seq(1, 20)],
       [{str, [Latin(), pick(["a", "ab", "", " c", "zz"])]} || _ <- lists:seq(1, 30)],
       [{rstr, [Latin(), pick(["a", "ab", "", " c", "zz"])]} || _ <- lists:seq(1, 30)],
       [{span, [Latin(), pick(["a", "ab ", ""])]} || _ <- lists:seq(1, 20)],
       [{cspan, [Latin(), pick(["a", "ab ", ""])]} || _ <- lists:seq(1, 20)],
       [{substr, [Latin(), pick([1, 2, 5, 0, 12])]} || _ <- lists:seq(1, 20)],
       [{substr, [Latin(), pick([1, 2, 5, 0, 12]), pick([0, 1, 3, 20, -1])]} || _ <- lists:seq(1, 40)],
       [{sub_string, [Latin(), pick([1, 2, 5, 12])]} || _ <- lists:seq(1, 10)],
       [{sub_string, [Latin(), pick([1, 2, 5]), pick([1, 3, 20, 0])]} || _ <- lists:seq(1, 20)],
       [{tokens, [Latin(), pick([" ", "a ", "", "."])]} || _ <- lists:seq(1, 40)],
       [{chars, [$x, pick([0, 3, -1])]} || _ <- lists:seq(1, 5)],
       [{chars, [pick([$x, x]), pick([0, 3]), "t"]} || _ <- lists:seq(1, 5)],
       [{copies, [pick(["ab", "", a]), pick([0, 3, -1])]} || _ <- lists:seq(1, 10)],
       [{words, [Latin()]} || _ <- lists:seq(1, 20)],
       [{words, [Latin(), pick([$a, $\s, $.])]} || _ <- lists:seq(1, 20)],
       [{sub_word, [Latin(), pick([1, 2, 3])]} || _ <- lists:seq(1, 20)],
       [{sub_word, [Latin(), pick([1, 2, 3]), pick([$a, $\s])]} || _ <- lists:seq(1, 20)],
       [{strip, [Latin()]} || _ <- lists:seq(1, 10)],
       [{strip, [Latin(), pick([left, right, both])]} || _ <- lists:seq(1, 20)],
       [{strip, [Latin(), pick([left, right, both]), pick([$a, $\s, $.])]} || _ <- lists:seq(1, 20)],
       [{F, [Latin(), pick([0, 3, 8, 12])]} || F <- [left, right, centre], _ <- lists:seq(1, 15)],
       [{F, [Latin(), pick([0, 3, 8, 12]), $*]} || F <- [left, right, centre], _ <- lists:seq(1, 15)],
       [{join, [list_of(4, Latin), pick([", ", ""])]} || _ <- lists:seq(1, 10)],
       [{to_upper, [pick([Latin(), $a, 16#E4, 16#F7, 16#FF])]} || _ <- lists:seq(1, 20)],
       [{to_lower, [pick([Latin(), $A, 16#C4, 16#D7, 16#DE])]} || _ <- lists:seq(1, 20)],
       [{to_upper, [a]}, {to_lower, [[a]]}, {strip, ["a", up]}, {strip, [a, left, $a]},
        {chr, ["a", a]}, {str, ["a", a]}, {substr, ["abc", 0]}, {left, ["a", a]},
        {centre, ["abc", 0, $x]}, {tokens, [a, " "]}, {join, [["a"], a]}]]);

%% re: split/2,3 and replace/3,4 over re:run/3 and re:compile/2 (OTP's
%% here, C BIFs in dbgsh). Hand-picked subjects, patterns, templates and
%% options, crossed, then random combinations of them.
cases(re) ->
    {ok, MP} = re:compile("(a)(x)?(b)?"),
    {ok, CaseMP} = re:compile(<<"B">>, [caseless]),
    {ok, EmptyMP} = re:compile(""),
    {ok, LineMP} = re:compile("^", [multiline, {newline, crlf}]),
    {ok, UniMP} = re:compile("(\\x{400})|-", [unicode]),
    {ok, Grp12} = re:compile("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)"),
    Uni = [16#400, $-, 16#1F600, $a, 16#E4, $-, $b],
    UBin = unicode:characters_to_binary(Uni),
    Subjects = ["abc", "a,b,,c,,", <<"a,b">>, "", <<>>, [$a, <<",b">>, [$,]], ",,,",
                "xaxbxabx"],
    Patterns = [",", "", "(,)", "(,)(x)?", "(x)|(,)", "x", <<",">>, "b", "(a)(b)?", MP, EmptyMP],
    SplitOpts = [[], [trim], [{parts, 1}], [{parts, 2}], [{parts, 3}], [{parts, 0}],
                 [{parts, infinity}], [group], [group, trim], [{return, list}],
                 [{return, binary}], [{return, iodata}], [{return, list}, group],
                 [{parts, 2}, trim], [trim, {parts, 2}], [{parts, 2}, group],
                 [group, {return, list}, trim], [notempty], [{offset, 2}]],
    Templates = ["X", "", "&", "[&]", "\\0", "\\1", "\\2", "\\3", "\\9", "\\12", "\\g1",
                 "\\g{1}", "\\g{12}", "\\g{1}0", "\\10", "\\&", "\\\\", "\\", "a\\",
                 "\\g", "\\q", "<\\1|\\2>", <<"<&>">>, [<<"<">>, "\\1", [$>]], "&&"],
    ReplPatterns = ["b", "(b)", "(a)(x)?(b)", "(a)|(b)", "", "x", "(b)(x)?", MP],
    ReplOpts = [[], [global], [{return, list}], [{return, binary}],
                [global, {return, list}], [global, {return, binary}]],
    BadTemplates = ["\\g{1", "\\gx", "\\g{", "\\g{x}", "\\g{}", "\\g{12x"],
    BadOpts = [x, [a | b], [{return, x}], [report_errors], [{capture, all}],
               [{capture, all, list}], [bogus], [{offset, -1}],
               [{newline, x}], [{return, list} | x]],
    Rand = fun(L) -> pick(L) end,
    RandStr = fun() -> list_of(10, fun() -> pick("ab,-x ") end) end,
    lists:append(
      [%% split/2 and /3 on every subject and pattern
       [{split, [S, P]} || S <- Subjects, P <- Patterns],
       [{split, [S, P, O]} || S <- ["a,b,,c,,", ",a,,", ""], P <- [",", "(,)(x)?", "", "x"],
                              O <- SplitOpts],
       [{split, ["xaxbxabx", P, O]} || P <- [MP, "(a)(x)?(b)?", "(a)|(b)"], O <- SplitOpts],
       %% compile and run options passed on
       [{split, ["aBcbd", P, O]} || P <- ["b", CaseMP], O <- [[caseless], [], [{return, list}]]],
       [{split, ["a\r\nb\nc", P, O]}
        || P <- ["^", "$", "", LineMP],
           O <- [[multiline], [multiline, {newline, crlf}], [{newline, any}], [notbol],
                 [{newline, crlf}, {return, list}], [anchored], [noteol, multiline]]],
       [{split, ["a.b", ".", O]} || O <- [[], [extended], [dotall], [{return, list}]]],
       [{split, ["aaa", "a*?", O]} || O <- [[], [ungreedy], [notempty], [notempty_atstart]]],
       %% unicode
       [{split, [S, P, O]} || S <- [Uni, UBin, [16#400, <<"-", 240, 159, 152, 128>>, "a"]],
                              P <- ["-", "", "(\\x{400})|-", [16#E4], UniMP],
                              O <- [[unicode], [unicode, {return, list}], [unicode, group],
                                    [unicode, trim, {return, binary}]]],
       [{split, [S, UniMP]} || S <- [Uni, UBin]],
       [{split, [Uni, "-", [unicode, {offset, 2}, {return, list}]]}],
       [{split, [[$a, 200, $b], [200], O]} || O <- [[], [unicode], [{return, list}], [unicode, {return, list}]]],
       [{split, [<<"a", 200, "b">>, <<200>>, [{return, list}]]}],
       %% split's errors
       %% an offset past the end: nothing found (OTP 25's re:run without
       %% global kills the process with internal_error there, so replace is
       %% only tried with global)
       [{split, ["a,b", ",", [{offset, N}]]} || N <- [3, 4, 99]],
       [{replace, ["a,b", P, "-", [{offset, N}, global]]} || P <- [",", ""], N <- [3, 4, 99]],
       [{split, ["a,b", ",", O]} || O <- BadOpts ++ [[global], [{parts, -1}], [{parts, a}], [{parts, 1.0}]]],
       [{split, [S, ",", O]} || S <- [a, [256], [$a | b], [-1], <<255>>, [16#110000]],
                                O <- [[], [unicode], [unicode, {return, list}]]],
       [{split, [S, P]} || S <- [a, "a,b"], P <- [a, "(", {re_pattern, 1}, {x}, 1, [$a | b]]],
       [{split, ["a,b", P, [unicode]]} || P <- ["(", [256], [16#110000], <<255>>]],
       [{split, [<<"a,b">>, ",", [{parts, 2}, {capture, none}]]}],
       [{split, [<<"a,b">>, MP, [caseless]]}, {split, [<<"a,b">>, MP, [unicode]]},
        {split, [Uni, UniMP, [unicode]]}, {split, [Uni, UniMP, []]}],

       %% replace/3 and /4
       [{replace, [S, P, T]} || S <- ["abcab", <<"xabx">>], P <- ReplPatterns, T <- Templates],
       [{replace, [S, P, T, O]} || S <- ["abcab", ""], P <- ["(a)(x)?(b)", "", "(b)"],
                                   T <- ["X", "\\1&", "[\\2]", <<>>], O <- ReplOpts],
       [{replace, ["abcdefghijklm", Grp12, T, O]}
        || T <- ["\\g{12}", "\\12", "\\g12", "\\120", "\\1\\2", "\\g{1}2", "\\13", "&"],
           O <- [[], [{return, list}]]],
       [{replace, [S, P, T, O]} || S <- ["abcab", [$a, [$b | <<"cab">>]]], P <- ["b", "(a)|(b)"],
                                   T <- ["-", [<<"<">>, "&", $>], <<"\\1">>],
                                   O <- [[global], [{offset, 1}], [{offset, 2}, global],
                                         [notempty, global], [caseless], [anchored],
                                         [anchored, global]]],
       [{replace, ["aXbxc", P, "-", O]} || P <- ["x", CaseMP, "b"],
                                           O <- [[caseless], [caseless, global], [global]]],
       [{replace, ["a\r\nb\r\n", P, "|", O]}
        || P <- ["", "$", "^"], O <- [[global], [global, multiline],
                                      [global, {newline, crlf}, multiline],
                                      [global, {newline, anycrlf}], [global, {return, list}]]],
       [{replace, [S, P, T, O]} || S <- [Uni, UBin], P <- ["-", "", "(\\x{400})|(-)", UniMP],
                                   T <- ["[&]", [16#1F600], <<"\\1">>, [16#E4, "\\2"]],
                                   O <- [[unicode], [unicode, global], [unicode, {return, list}],
                                         [unicode, global, {return, binary}]]],
       [{replace, [Uni, UniMP, "&", [global]]}, {replace, [UBin, UniMP, "<&>"]},
        {replace, [[200, $a], [200], [201], [global]]},
        {replace, [[200, $a], [200], [201], [{return, list}]]},
        {replace, [[200, $a], [200], [201], [unicode, {return, list}]]},
        {replace, [<<200, $a>>, <<200>>, <<201>>, [{return, binary}]]}],
       %% replace's errors: bad templates only fail on a match
       [{replace, ["abc", P, T]} || P <- ["(b)", "x"], T <- BadTemplates],
       [{replace, ["abc", P, T, O]} || P <- ["(b)", "x"], T <- BadTemplates,
                                       O <- [[], [global], [{return, list}]]],
       [{replace, ["abc", "b", "-", O]} || O <- BadOpts],
       [{replace, [S, "b", "-", O]} || S <- [a, [256], [$a | b], [-1], <<255>>, [16#110000]],
                                       O <- [[], [unicode], [{return, list}]]],
       [{replace, ["abc", P, "-"]} || P <- [a, "(", {re_pattern, 1}, {x}, [$( | b]]],
       [{replace, ["abc", P, T, O]} || P <- ["b", "x"],
                                       T <- [a, [256], [-1], [16#110000], <<255>>, [$a | b]],
                                       O <- [[], [unicode], [unicode, {return, binary}],
                                             [unicode, {return, list}]]],
       [{replace, ["abc", "b", T]} || T <- [a, [16#110000], [$a | b]]],
       [{replace, [<<"abc">>, MP, "-", [caseless]]}, {replace, [<<"abc">>, MP, "-", [unicode]]},
        {replace, ["a", "(", "-", [unicode]]}],

       %% random combinations
       [{split, [RandStr(), Rand([",", "", "(,)", "-|,", "(-)|(,)", "a*", " ", "(x)?,"]),
                 many(upto(3), fun() -> Rand(SplitOpts) end) ++ []]}
        || _ <- lists:seq(1, 80)],
       [{split, [RandStr(), Rand([",", "", "(,)", "-|,", "(-)|(,)", "a*"]),
                 lists:append(many(upto(3), fun() -> Rand(SplitOpts) end))]}
        || _ <- lists:seq(1, 80)],
       [{replace, [RandStr(), Rand(["a", "", "(a)|(b)", "a*", "(,)(-)?", "x|"]),
                   Rand(Templates), lists:append(many(upto(2), fun() -> Rand(ReplOpts) end))]}
        || _ <- lists:seq(1, 120)]]);

%% ---------------------------------------------------------------------
%% timer: the pure functions here; the timers in timer_checks/0.

cases(timer) ->
    Nums = [0, 1, 2, -1, 1.5, a],
    lists:append(
      [[{F, [X]} || F <- [seconds, minutes, hours], X <- Nums],
       [{hms, [H, M, S]} || H <- [0, 1, a], M <- [0, 2, 1.5], S <- [0, 3]],
       [{now_diff, [A, B]} || A <- [{1, 2, 3}, {0, 0, 0}, {1500, 999999, 1}, x],
                              B <- [{1, 2, 3}, {0, 5, 7}, {a, 1, 1}]],
       [{apply_after, [T, M, F, A]} || T <- [-1, a, 1.5], M <- [erlang, 1], F <- [self, "f"],
                                       A <- [[], a]],
       [{send_after, [T, D, m]} || T <- [-1, a], D <- [1, "p", {a, 1}]],
       [{send_interval, [T, D, m]} || T <- [-1, a, 5], D <- [1, "p", {a, 1}]],
       [{apply_interval, [T, erlang, self, []]} || T <- [-1, a]],
       [{cancel, [X]} || X <- [a, {once, a}, {interval, 1}, {instant, x}, {send_local, 1}]],
       [{cancel, [{instant, make_ref()}]}],
       [{sleep, [X]} || X <- [0, 1, a, -1]],
       [{tc, Args, fun tc_norm/1} || Args <- [[fun() -> 42 end], [fun(X) -> X + 1 end, [1]],
                                              [erlang, abs, [-3]], [a], [fun(X) -> X end, [1]],
                                              [a, b], [lists, seq, [1, 3]], [nomod, f, []]]]]);

%% ---------------------------------------------------------------------
%% io: its functions print; the script tests (tests/scripts/io) compare
%% that output with erl's.

cases(io) -> [];
%% init stops the node and answers for it: tests/scripts/stdlib/init_stop.
cases(init) -> [];
%% c/1,2 and l/1 compile with dbgsh's compiler: tests/scripts/code/code_c_l does them.
cases(c) -> [];
%% string/1,2,3 and parse_* call C BIFs erl does not have: tests/scripts
%% (strings/str_erl_scan, str_erl_parse) and tests/vm/test_bif_scan.c check them.
cases(erl_scan) ->
    Tokens = [{atom, 1, a}, {atom, {2, 3}, a}, {'(', 7}, {dot, {1, 9}},
              {string, [{text, "\"a\nb\""}, {location, {1, 1}}], "a\nb"},
              {atom, [{text, "'x'"}, {location, 4}], x}, {atom, [{location, 5}], x},
              {atom, [{text, "y"}], y}, {atom, -1, x}, {atom, {1, 0}, x}, {x}, foo, {a, b, c, d}],
    Descs = [{string, $", [1, 2, 3, $a]}, {string, $', "ab'c"}, {string, $x, "ab"},
             {illegal, character}, {illegal, float}, {base, 99}, char, {foo, "x"}, foo],
    [{F, [T]} || F <- [category, symbol, column, end_location, line, location, text], T <- Tokens]
        ++ [{format_error, [D]} || D <- Descs]
        ++ [{F, [W]} || F <- [reserved_word, f_reserved_word],
                        W <- ['end', 'after', 'xor', maybe, else, foo, "end"]];
%% erl_eval's checks and its receive are C BIFs erl does not have:
%% tests/scripts/stdlib/erl_eval_* run the same expressions through erl's
%% erl_eval and ours.
cases(erl_eval) -> [];
%% crypto's work is C BIFs erl does not have (named as OTP's NIFs, which
%% OTP's module does not export): tests/scripts/stdlib/crypto_api runs
%% the same calls through erl's crypto and ours; bytes_to_integer/1 and
%% supports/1 are Erlang code alone.
%% ---------------------------------------------------------------------
%% EUnit: eunit_lib's texts, and what eunit:test/2 prints and returns for
%% each kind of test, compared as text (eunit_report/1).

cases(eunit_lib) ->
    Trace = [{m, f, 1, [{file, "m.erl"}, {line, 3}]}, {m, g, [1, "x"], []},
             {erlang, '+', [1, a], [{file, "erl.erl"}, {line, 9}]}, {erlang, 'not', [x], []},
             {erlang, '!', [a, b], []}, {m, h, 0}],
    Exc = {error, badarg, Trace},
    Excs = [Exc, {throw, {a, lists:seq(1, 40)}, []}, {exit, x, not_a_trace}, other,
            {error, {deep, lists:foldl(fun (_, A) -> [A] end, x, lists:seq(1, 22))}, [{m, f, 0}]}],
    Errors = [{bad_test, {x, y}}, {bad_generator, {{m, f, 0}, ok}}, {generator_failed, {{m, f, 0}, Exc}},
              {no_such_function, {m, f, 0}}, {module_not_found, m}, {application_not_found, a},
              {file_read_error, {enoent, "no such file", "f"}}, {setup_failed, Exc},
              {cleanup_failed, Exc}, {{bad_instantiator, {{m, f, 1}, 42}}, x},
              {instantiation_failed, Exc}],
    lists:append(
      [[{format_exception, [E], fun ok_chars/1} || E <- Excs],
       [{format_exception, [E, D], fun ok_chars/1} || E <- Excs, D <- [3, 20]],
       [{format_stacktrace, [T], fun ok_chars/1} || T <- [Trace, []]],
       [{format_exit_term, [T], fun ok_chars/1} || T <- [{x, Trace}, {x, [a]}, x]],
       [{format_error, [E], fun ok_chars/1} || E <- Errors],
       [{format_error, [E, 2], fun ok_chars/1} || E <- Errors],
       [{is_not_test, [T]} || T <- [ok, error, true, false, undefined, {ok, 1}, {error, 1},
                                    {'EXIT', 1}, 1, 1.0, [1], [a], <<>>, self(), {a, b}, []]],
       [{dlist_next, [L]} || L <- [[], [a], "abc", [[a, b], c], [[], [[]], a], ["ab", c],
                                   [[["x"]], []], a, [[a | b]]]],
       [{uniq, [L]} || L <- [[], [a, a, b, a], [1, 1, 1]]],
       [{is_string, [S]} || S <- ["", "ab", [-1], [16#110000], a, [a]]],
       [{command, [C]} || C <- ["echo hi", "exit 3", "printf 'a\\r\\nb\\rc'", "echo e >&2; echo o"]],
       [{command, ["pwd", "/"]}, {command, ["echo $EU_X", "", [{"EU_X", "1 2"}]]}]]);
cases(eunit) ->
    Ok = fun () -> ok end,
    Fail = fun () -> 1 = length([a, b]) end,
    Out = fun () -> io:format("line ~p~n", [1]), io:put_chars(<<"bin">>), throw(t) end,
    Slow = fun () -> receive after 400 -> ok end end,
    Tests =
        [Ok, Fail, Out, [Ok, Ok], [Ok, Ok, Ok], [], {"described", Ok}, {"described", [Ok, Fail]},
         {<<"bin desc">>, Fail}, {"d", Ok, Fail}, {7, Fail}, {{m, f, 0}, Ok},
         {generator, fun () -> [Ok, {"g", Fail}] end}, {generator, fun () -> ok end},
         {generator, fun () -> error(gen) end},
         {setup, fun () -> 42 end, fun (X) -> [fun () -> 42 = X end, fun () -> 41 = X end] end},
         {setup, fun () -> 1 end, fun (_) -> ok end, [Ok, Fail]},
         {setup, fun () -> error(s) end, [Ok]},
         {setup, fun () -> 1 end, fun (_) -> exit(c) end, [Ok]},
         {setup, local, fun () -> 1 end, fun (X) -> [fun () -> 1 = X end] end},
         {setup, fun () -> 1 end, fun (_) -> ok end, fun (_) -> ok end},
         {setup, [{a, fun () -> 1 end}, {b, fun () -> 2 end, fun (_) -> ok end}],
          fun (Rs) -> [fun () -> [1, 2] = Rs end] end},
         {foreach, fun () -> s end, [fun (S) -> fun () -> s = S end end, fun (_) -> Fail end]},
         {foreach, fun () -> s end, fun (_) -> ok end, []},
         {foreachx, fun (X) -> X * 2 end, [{1, fun (X, R) -> fun () -> R = X * 2 end end}]},
         {with, 5, [fun (X) -> 5 = X end, fun (X) -> 6 = X end]},
         {inorder, [Ok, Fail]}, {inparallel, [Ok, Fail, {"p", Ok}]}, {inparallel, 2, [Ok, Ok, Ok]},
         {spawn, [Ok, Fail]}, {spawn, {"s", Ok}}, {timeout, 10, Ok}, {timeout, 0.1, Slow},
         {timeout, 0.1, [Ok, Slow, Ok]}, {"in", {timeout, 0.1, [Slow]}},
         fun () -> exit(self(), kill) end, {spawn, fun () -> exit(self(), kill) end},
         {lib_test, nosuch}, {nosuchmod, f}, {nosuch_eunit_module_x}, nosuch_eunit_module_x,
         {module, nosuch_eunit_module_x}, 42, [Ok | 42], {application, eunit_no_app},
         {application, a, [{modules, []}]}, {application, a, [{modules, [1]}]},
         {"one", [{"two", Ok}]}, {"one", {"two", [Ok, Ok]}},
         {foreach, fun () -> x end, [bad]}, {setup, fun () -> 1 end, fun (_) -> 42 end}],
    [{via, io_lib:format("test(~P, ~p)", [T, 8, O]), fun (M) -> eunit_report(M, T, O) end}
     || T <- Tests, O <- [[], [verbose]]]
        ++ [{via, "test/1", fun (M) -> eunit_report(M, [Ok, Fail], none) end},
            {via, "no_tty", fun (M) -> eunit_report(M, [Ok, Fail], [no_tty]) end},
            {via, "print_depth", fun (M) -> eunit_report(M, fun () -> error(lists:seq(1, 30)) end,
                                                         [{print_depth, 5}]) end}];
cases(crypto) ->
    [{bytes_to_integer, [B]} || B <- [<<>>, <<1>>, <<1, 2, 3>>, <<255:80>>, undefined, <<1:3>>, [1], a]]
        ++ [{supports, [T]} || T <- [hashs, foo]]
        ++ [{format_error, [R, [{crypto, F, As, [{error_info, #{erl_function_arg_num => N}}]}]]}
            || {R, F, As, N} <- [{{badarg, {"hash.c", 108}, "Bad digest type"}, hash, [foo, <<>>], 1},
                                 {{notsup, {"mac.c", 233}, "x"}, mac, [a, b, c, d], 4}]];
cases(erl_parse) ->
    [{format_error, [M]} || M <- [["syntax error before: ", "'.'"], "bad term", [[$a], [[$b]]],
                                 foo, {a, "b"}, [1 | 2], -1]];

%% ---------------------------------------------------------------------
%% ms_transform (tests/diff/ms_transform runs the larger corpus through dbgsh)

cases(ms_transform) ->
    Codes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 116, 117, 118, 119, 120, 121,
             {6, "V"}, {7, r}, {8, "V"}, {9, 'X'}, {10, f, 2}, {11, "V"}, {12, f, 2}, {13, x},
             {14, '_'}, {15, "V"}, foo, {}],
    Texts = ["fun(X) -> X end", "fun([A, B]) when A > B -> return_trace() end",
             "fun([A | T]) -> {A, T} end", "fun(Args = [A, B]) -> Args end",
             "fun(['$1']) -> ok end", "fun({A, B}) -> A end", "fun(a) -> ok end",
             "fun([A]) -> Y end", "fun([A]) when is_integer(A), A > 0 -> message(A) end",
             "fun([X]) when X == Y -> {X, Y} end", "fun(X) -> f(X) end",
             "fun({A, B}) when A > B -> {B, A} end", "fun([A]) -> A; ([A, B]) -> B end",
             "fun({_, '$1'}) -> x end", "fun(X) when element(1, X) =:= a -> object() end",
             "fun(#{a := V}) -> V end", "fun([A]) -> caller(), exception_trace() end",
             "fun(X) -> <<1>> end", "fun(X) when hd(X) -> bindings() end"],
    Clauses = fun(T) ->
                      {ok, Toks, _} = erl_scan:string(T ++ "."),
                      {ok, [{'fun', _, {clauses, Cs}}]} = erl_parse:parse_exprs(Toks),
                      Cs
              end,
    Forms = fun(T) ->
                    {ok, Toks, _} = erl_scan:string(T),
                    [begin {ok, F} = erl_parse:parse_form(Ts), F end || Ts <- split_forms(Toks)]
            end,
    Mods = ["-module(m). f() -> dbg:fun2ms(fun([A]) -> A end).",
            "-module(m). f() -> ets:fun2ms(fun({K, V}) when K > 1 -> V end).",
            "-module(m). f(Y) -> ets:fun2ms(fun({K, V}) when K > Y -> {V, Y} end).",
            "-module(m). f() -> dbg:fun2ms(fun(a) -> ok end).",
            "-module(m). f() -> ets:fun2ms(fun(X) -> f(X) end).",
            "-module(m). -record(r, {a, b}). f() -> ets:fun2ms(fun(#r{a = A}) -> A end)."],
    [{format_error, [C]} || C <- Codes]
        ++ [{transform_from_shell, [D, Clauses(T), Env]}
            || D <- [dbg, ets], T <- Texts, Env <- [[], [{'Y', {y, [1]}}]]]
        ++ [{parse_transform, [Forms(M), []]} || M <- Mods]
        ++ [{parse_transform_info, []}];

%% ---------------------------------------------------------------------
%% gen, gen_server, proc_lib, sys: what needs no process.  Servers, calls
%% and starts are compared with erl by the script tests (tests/scripts/otp).

cases(gen) ->
    Ref = make_ref(),
    Msgs = [x, {Ref, r}, {[alias | Ref], r}, {'DOWN', Ref, process, self(), why}],
    lists:append(
      [[{name, [N]} || N <- [{local, a}, {global, {g, 1}}, {via, m, v}, self(), a]],
       [{unregister_name, [N]} || N <- [{local, otp_lib_erl_nobody}, self(), {global, g}]],
       [{format_status_header, [T, N]} || T <- ["Status", 'S'], N <- [self(), a, {g, 1}]],
       [{F, [O]} || F <- [hibernate_after], O <- [[], [{hibernate_after, 5}], [{x, 1}]]],
       [{get_proc_name, [self()]}, {get_parent, []}, {reqids_new, []}],
       [{reqids_size, [C]} || C <- [#{}, #{Ref => a}, x]],
       [{reqids_add, [I, l, C]} || I <- [Ref, x], C <- [#{}, #{Ref => a}, x]],
       [{reqids_to_list, [C]} || C <- [#{}, #{Ref => a}, x]],
       [{check_response, [M, I]} || M <- Msgs, I <- [Ref, make_ref(), x]],
       [{check_response, [M, C, D]} || M <- Msgs, C <- [#{}, #{Ref => l}, x], D <- [true, false, x]],
       [{wait_response, [make_ref(), T]} || T <- [0, -1, x, {abs, 0}]],
       [{receive_response, [C, 0, true]} || C <- [#{}, x]]]);
cases(gen_server) ->
    Ref = make_ref(),
    [{behaviour_info, [K]} || K <- [callbacks, optional_callbacks, x]]
        ++ [{reqids_size, [C]} || C <- [#{}, #{Ref => a}, x]]
        ++ [{reqids_add, [I, l, C]} || I <- [Ref, x], C <- [#{}, #{Ref => a}, x]]
        ++ [{check_response, [M, I]} || M <- [x, {[alias | Ref], r}], I <- [Ref, x]]
        ++ [{cast, [D, m]} || D <- [otp_lib_erl_nobody, {otp_lib_erl_nobody, node()}]]
        ++ [{call, [D, m]} || D <- [otp_lib_erl_nobody, self()]]
        ++ gen_server_reports();
cases(proc_lib) ->
    Dict = fun(D) -> [{dictionary, D}] end,
    Infos = [Dict([]), Dict([{'$initial_call', {m, f, 2}}]), Dict([{'$initial_call', x}]), [],
             Dict([{a, 1}, {'$initial_call', {m, f, 0}}])],
    [{F, [I]} || F <- [initial_call, translate_initial_call], I <- Infos]
        ++ [{F, [self()]} || F <- [initial_call, translate_initial_call]]
        ++ proc_lib_reports();
cases(sys) -> [];
%% gen_statem: logger's formatting of its report (the text dbgsh writes on
%% standard error), and what fails before any machine is asked.
cases(gen_statem) ->
    Ref = make_ref(),
    Stack = [{m, f, 2, [{file, "m.erl"}, {line, 3}]}, {gen_statem, loop, 3, []}],
    Call = {{call, {self(), Ref}}, req},
    Base = #{label => {gen_statem, terminate}, name => machine, queue => [],
             postponed => [], modules => [m], callback_mode => state_functions,
             state_enter => false, state => {idle, #{n => 1}}, timeouts => {0, []}, log => [],
             reason => {exit, normal, []}, client_info => undefined},
    Variants = [#{},
                #{queue => [Call]},
                #{queue => [Call, {cast, x}, {info, y}], postponed => [{cast, p}]},
                #{reason => {error, badarith, Stack}, state_enter => true,
                  callback_mode => handle_event_function},
                #{reason => {error, undef, [{lists, no_such_function, 3, []} | Stack]}},
                #{reason => {error, undef, [{otp_lib_erl_nomod, f, [1, 2], []} | Stack]}},
                #{reason => {error, undef, [{lists, reverse, 1, []}]}},
                #{timeouts => {2, [{{timeout, a}, ma}, {state_timeout, ms}]}, log => [ev]},
                #{client_info => {self(), dead}, queue => [Call]},
                #{client_info => {self(), remote}, name => self()},
                #{client_info => {self(), {client, Stack ++ Stack ++ Stack}},
                  state => lists:seq(1, 60), name => {via, m, "machine"}}],
    Reports = [maps:merge(Base, V) || V <- Variants],
    Flat = fun({{ok, Chars}, T}) -> {{ok, lists:flatten(Chars)}, T};
              (X) -> X
           end,
    Options = [#{}, #{single_line => true}, #{depth => 4}, #{single_line => true, depth => 3},
               #{encoding => latin1}, #{chars_limit => 200}, #{depth => unlimited}],
    lists:append(
      [[{behaviour_info, [K]} || K <- [callbacks, optional_callbacks, x]],
       [{format_log, [R]} || R <- Reports],
       [format_log_depth(Reports)],
       [{format_log, [R, O], Flat} || R <- Reports, O <- Options],
       [{format_log, [R]} || R <- [#{label => other}, maps:remove(queue, Base), x]],
       [{format_log, [R, O]} || {R, O} <- [{#{label => other}, #{}}, {Base, x},
                                           {maps:remove(name, Base), #{single_line => true}},
                                           {Base, #{single_line => maybe}}]],
       [{reply, [X]} || X <- [[], x, [x], {reply, x, y}, [{reply, {otp_lib_erl_nobody, t}, r}]]],
       [{reply, [F, r]} || F <- [x, {otp_lib_erl_nobody, t}]],
       [{call, [otp_lib_erl_nobody, x]},
        {call, [otp_lib_erl_nobody, x, 100]},
        {call, [otp_lib_erl_nobody, x, {dirty_timeout, 100}]},
        {call, [otp_lib_erl_nobody, x, {clean_timeout, 100}]},
        {call, [{otp_lib_erl_nobody, node()}, x, 100]},
        {call, [{otp_lib_erl_nobody, 'x@y'}, x]},
        {call, [otp_lib_erl_nobody, x, {foo, 100}]},
        {call, [otp_lib_erl_nobody, x, -1]}],
       [{cast, [D, m]} || D <- [otp_lib_erl_nobody, {otp_lib_erl_nobody, node()},
                               {via, otp_lib_erl_nomod, x}, 1]],
       [{stop, [otp_lib_erl_nobody]}, {stop, [otp_lib_erl_nobody, normal, 100]}],
       [{enter_loop, ["m", [], s, d]}, {enter_loop, [m, [], s, d]},
        {enter_loop, [m, [], s, d, []]}, {enter_loop, [m, [], s, d, {local, a}, []]}],
       [{reqids_size, [C]} || C <- [#{}, #{Ref => a}, x]],
       [{reqids_add, [I, l, C]} || I <- [Ref, x], C <- [#{}, #{Ref => a}, x]],
       [{reqids_to_list, [C]} || C <- [#{}, #{Ref => a}, x]],
       [{check_response, [M, I]} || M <- [x, {[alias | Ref], r}], I <- [Ref, x]],
       [{check_response, [M, C, true]} || M <- [x, {[alias | Ref], r}], C <- [#{}, #{Ref => l}]],
       [{wait_response, [make_ref(), T]} || T <- [0, -1, x]],
       [{receive_response, [make_ref(), T]} || T <- [0, x]],
       [{F, [C, 0, true]} || F <- [wait_response, receive_response], C <- [#{}, x]]]);
%% gen_event: logger's formatting of its two reports (the text dbgsh writes
%% on standard error), and what fails or answers before any manager is
%% asked.
cases(gen_event) ->
    Ref = make_ref(),
    Stack = [{m, handle_event, 2, [{file, "m.erl"}, {line, 3}]}, {gen_event, update, 4, []}],
    Crash = #{label => {gen_event, terminate}, handler => m, name => self(), last_message => ev,
              state => {s, 1}, reason => normal},
    Crashes = [maps:merge(Crash, V)
               || V <- [#{},
                        #{handler => {m, 7}, name => manager, reason => bad_value},
                        #{reason => {'EXIT', {badarith, Stack}}},
                        #{reason => {'EXIT', killed}, state => lists:seq(1, 60)},
                        #{reason => {'EXIT', {undef, [{lists, no_such_function, [1], []} | Stack]}}},
                        #{reason => {'EXIT', {undef, [{otp_lib_erl_nomod, f, [1, 2], []}]}}},
                        #{reason => {'EXIT', {undef, [{lists, reverse, [x], []}]}}},
                        #{name => {via, m, "manager"}, last_message => {call, lists:seq(1, 30)}}]],
    NoInfo = [#{label => {gen_event, no_handle_info}, module => m, message => M}
              || M <- [x, {tuple, "text", lists:seq(1, 40)}]],
    Reports = Crashes ++ NoInfo,
    Flat = fun({{ok, Chars}, T}) -> {{ok, lists:flatten(Chars)}, T};
              (X) -> X
           end,
    Options = [#{}, #{single_line => true}, #{depth => 4}, #{single_line => true, depth => 3},
               #{encoding => latin1}, #{chars_limit => 200}, #{depth => unlimited}],
    Replies = [{[alias | Ref], {error, x}}, {[alias | Ref], ok}, x],
    lists:append(
      [[{behaviour_info, [K]} || K <- [callbacks, optional_callbacks, x]],
       [{format_log, [R]} || R <- Reports],
       [format_log_depth(Reports)],
       [{format_log, [R, O], Flat} || R <- Reports, O <- Options],
       [{format_log, [R]} || R <- [#{label => other}, maps:remove(state, Crash), x]],
       [{format_log, [R, O]} || {R, O} <- [{#{label => other}, #{}}, {Crash, x},
                                           {maps:remove(name, Crash), #{single_line => true}}]],
       [{notify, [D, e]} || D <- [otp_lib_erl_nobody, {global, otp_lib_erl_nobody},
                                 {otp_lib_erl_nobody, node()}, {via, otp_lib_erl_nomod, x}, 1]],
       [{F, [otp_lib_erl_nobody | A]}
        || {F, A} <- [{which_handlers, []}, {sync_notify, [e]}, {add_handler, [h, a]},
                      {add_sup_handler, [h, a]}, {delete_handler, [h, a]},
                      {swap_handler, [{h, a}, {g, b}]}, {call, [h, q]}, {call, [h, q, 100]},
                      {stop, []}, {stop, [normal, 100]}]],
       [{check_response, [M, I]} || M <- Replies, I <- [Ref, x]],
       [{check_response, [M, C, true]} || M <- Replies, C <- [#{}, #{Ref => l}]],
       [{reqids_size, [C]} || C <- [#{}, #{Ref => a}, x]],
       [{reqids_add, [I, l, C]} || I <- [Ref, x], C <- [#{}, #{Ref => a}, x]],
       [{reqids_to_list, [C]} || C <- [#{}, #{Ref => a}, x]],
       [{wait_response, [make_ref(), T]} || T <- [0, -1, x]],
       [{receive_response, [make_ref(), T]} || T <- [0, x]],
       [{F, [C, 0, true]} || F <- [wait_response, receive_response], C <- [#{}, x]]]);

%% supervisor: the spec checks (and the callbacks that need no process).
cases(supervisor) ->
    Opt = fun(Key, Values) -> case pick([absent | Values]) of
                                  absent -> #{};
                                  V -> #{Key => V}
                              end end,
    Start = fun() -> pick([{m, f, []}, {m, f, [1, 2]}, {m, f}, {"m", f, []}, {m, "f", []},
                           {m, f, a}, x]) end,
    MapSpec = fun() -> lists:foldl(fun maps:merge/2, #{},
                                   [Opt(id, [a, b, 1, {x}]), Opt(start, [Start(), {m, f, []}]),
                                    Opt(restart, [permanent, transient, temporary, x]),
                                    Opt(significant, [true, false, x]),
                                    Opt(shutdown, [brutal_kill, infinity, 0, 100, -1, x]),
                                    Opt(type, [worker, supervisor, x]),
                                    Opt(modules, [dynamic, [], [m], [m, "n"], x])]) end,
    TupleSpec = fun() -> {pick([a, b]), Start(), pick([permanent, transient, temporary, x]),
                          pick([brutal_kill, 5000, infinity, x]), pick([worker, supervisor, x]),
                          pick([dynamic, [m], x, [1]])} end,
    Good = fun(Id) -> #{id => Id, start => {m, f, []}} end,
    Spec = fun() -> case rand:uniform(6) of
                        1 -> TupleSpec();
                        2 -> pick([x, {a}, [], Good(a)]);
                        _ -> MapSpec()
                    end end,
    Auto = fun() -> pick([undefined, never, any_significant, all_significant, x]) end,
    %% a state as the supervisor keeps it (OTP's record layout)
    State = {state, {self(), m}, one_for_one, {[], #{}}, undefined, 1, 5, [], 0, never, m, []},
    lists:append(
      [[{behaviour_info, [K]} || K <- [callbacks, optional_callbacks, x]],
       [{check_childspecs, [X]} || X <- [[], x, [x], [Good(a)], [Good(a), Good(b)],
                                        [Good(a), Good(a)], [Good(a) | x]]],
       [{check_childspecs, [list_of(4, Spec)]} || _ <- lists:seq(1, 300)],
       [{check_childspecs, [[Good(a), Good(b)], A]}
        || A <- [undefined, never, any_significant, all_significant, x, "never"]],
       [{check_childspecs, [list_of(3, Spec), Auto()]} || _ <- lists:seq(1, 300)],
       [{check_childspecs, [x, x]}],
       [{format_status, [Opt1, [[], State]]} || Opt1 <- [terminate, normal, x]],
       supervisor_reports()]);

%% ---------------------------------------------------------------------
%% application: the client functions against erl's own controller and its
%% ac_tab (ours reads the same table with OTP's records and sends OTP's
%% requests): keys and environment of kernel and stdlib, the process's own
%% application (none), configuration checks, and errors of load, start and
%% stop. The controller's report callbacks on both of its reports.

cases(application) ->
    Keys = [description, id, vsn, modules, maxP, maxT, registered, included_applications,
            optional_applications, applications, env, mod, start_phases, x],
    Apps = [kernel, stdlib, otp_lib_erl_noapp, "kernel"],
    BadConfigs = [x, [x], [{a, x}], [{"a", []}], [{a, [{k, 1}, {k, 2}]}], [{a, [x]}],
                  [{a, [{"k", 1}]}], [{a, []}, {a, []}], [{kernel, [{distributed, x}]}],
                  [{kernel, [{distributed, [{a, 5, [n]}, {b, [n]}, {c, infinity, [n]}]}]}],
                  [{a, [{k, 1}]} | x]],
    lists:append(
      [[{behaviour_info, [K]} || K <- [callbacks, optional_callbacks, x]],
       [{get_key, [A, K]} || A <- Apps, K <- Keys],
       [{get_all_key, [A]} || A <- Apps],
       [{get_env, [A, K]} || A <- Apps, K <- [logger_level, logger_sasl_compatible, x]],
       [{get_env, [A, K, def]} || A <- Apps, K <- [logger_level, x]],
       [{get_all_env, [A]} || A <- Apps],
       [{F, [x]} || F <- [get_env, get_key]],
       [{F, []} || F <- [get_all_env, get_all_key, get_application, start_type]],
       [{get_application, [M]} || M <- [lists, application, gen_server, otp_lib_erl_nomod, self()]],
       [{loaded_applications, [], fun app_sorted/1}],
       [{which_applications, []}, {which_applications, [5000]}, {info, []}],
       [{set_env, [C]} || C <- BadConfigs],
       [{set_env, [C, []]} || C <- BadConfigs],
       [{set_env, [[{otp_lib_erl_app, [{k, 1}]}], [{persistent, false}]]},
        {get_env, [otp_lib_erl_app, k]},
        {set_env, [otp_lib_erl_app, k, 2]}, {set_env, [otp_lib_erl_app, k, 3, 1000]},
        {get_all_env, [otp_lib_erl_app]}, {unset_env, [otp_lib_erl_app, k]},
        {set_env, [otp_lib_erl_app, k, 4, [{timeout, 1000}]]}, {unset_env, [otp_lib_erl_app, k, 1000]},
        {get_env, [otp_lib_erl_app, k]}],
       [{permit, [A, B]} || A <- [kernel, otp_lib_erl_noapp], B <- [true, maybe]],
       [{load, [X]} || X <- [otp_lib_erl_noapp, kernel, {application, "x", []},
                             {application, otp_lib_erl_x, x}, {application, otp_lib_erl_x, [{mod, x}]},
                             <<"x">>]],
       %% (stopping kernel here would stop the node running the test)
       [{F, [X]} || F <- [start, ensure_started, ensure_all_started],
                    X <- [otp_lib_erl_noapp, kernel, stdlib]],
       [{F, [otp_lib_erl_noapp]} || F <- [stop, unload]],
       [{unload, [kernel]}],
       [{F, [X, T]} || F <- [start, ensure_started, ensure_all_started], X <- [otp_lib_erl_noapp, kernel],
                       T <- [temporary, x]]]);
cases(application_controller) ->
    Reports = [#{label => {application_controller, progress},
                 report => [{application, a}, {started_at, nonode@nohost}]},
               #{label => {application_controller, exit},
                 report => [{application, a}, {exited, {some, "reason", [1, 2, 3]}}, {type, temporary}]}],
    Opts = [#{}, #{single_line => true}, #{depth => 3}, #{single_line => true, depth => 2},
            #{chars_limit => 20}, #{encoding => latin1}],
    lists:append(
      [[{format_log, [R]} || R <- Reports],
       [format_log_depth(Reports)],
       [{format_log, [R, O]} || R <- Reports, O <- Opts],
       [{get_application_module, [M]} || M <- [lists, logger, otp_lib_erl_nomod]],
       [{get_master, [A]} || A <- [kernel, stdlib, otp_lib_erl_noapp]],
       [{is_running, [A]} || A <- [kernel, otp_lib_erl_noapp]]]);
cases(application_master) -> [];
cases(application_starter) ->
    [{start, [[], normal, [kernel]]}];

%% ---------------------------------------------------------------------
%% logger: levels, reports and metadata as single calls; the
%% configuration, filters, handlers and log calls as sequences of calls
%% run on OTP's logger and on ours, each from logger's defaults without
%% handlers (OTP's default handler goes at the first), with handlers and
%% filters of this module that send the calling process what they got.
%% Each step's result comes with those messages; pids, stacks, source
%% locations and the dbgsh_ of our renamed modules are normalised away.

cases(logger) ->
    Levels = [emergency, alert, critical, error, warning, notice, info, debug, all, none],
    Reports = [#{a => 1, b => "str"}, [{a, 1}, {b, "two"}], [{a, 1}, x], [], "a string", [[]],
               ["ab", "cd"], [$a | b], #{}, [{"k", <<"bin">>}, {k, ["de", "ep"]}], x, <<"bin">>,
               [{k, [a | b]}], #{label => {l, x}, report => [{k, v}]},
               #{label => l, report => #{x => 1}}],
    Stack = [{m, f, 1, []}, {logger, log, 2, []}, {n, g, 0, []}],
    lists:append(
      [[{compare_levels, [A, B]} || A <- [x | Levels], B <- [x | Levels]],
       [{format_report, [R]} || R <- Reports],
       [{format_otp_report, [R]} || R <- Reports],
       [{filter_stacktrace, [M, Stack]} || M <- [m, logger, n, x]],
       [{filter_stacktrace, [m, []]}],
       [{add_default_metadata, [Meta], fun lg_meta_norm/1}
        || Meta <- [#{}, #{pid => a}, #{time => 1, gl => x, k => v}, x]],
       [{timestamp, [], fun({{ok, T}, Tr}) when is_integer(T) -> {integer, Tr}; (X) -> X end}],
       [{F, [X]} || F <- [set_process_metadata, update_process_metadata], X <- [#{a => 1}, x]],
       [{get_process_metadata, []}, {unset_process_metadata, []}],
       [{set_application_level, [otp_lib_erl_noapp, info]},
        {unset_application_level, [otp_lib_erl_noapp]}],
       [lg_seq(Name, Steps) || {Name, Steps} <- lg_sequences()]]);
cases(logger_filters) ->
    Ev = fun(Level, Meta, Msg) -> #{level => Level, meta => Meta, msg => Msg} end,
    Events = [Ev(L, M, Msg) || L <- [error, info, debug],
                               M <- [#{}, #{domain => [otp]}, #{domain => [otp, sasl]},
                                     #{domain => [a, b, c]}, #{domain => x}, #{gl => self()},
                                     #{gl => x}],
                               Msg <- [{string, "s"}, {report, #{label => {s, progress}}}]]
        ++ [x, #{}, #{meta => #{}}, #{level => x, meta => #{}}],
    Domains = [[], [otp], [otp, sasl], [a, b], x],
    lists:append(
      [[{domain, [E, {A, C, D}]} || E <- Events, A <- [log, stop, x],
                                    C <- [super, sub, equal, not_equal, undefined, x],
                                    D <- Domains],
       [{level, [E, {A, Op, L}]} || E <- Events, A <- [log, stop, x],
                                    Op <- [neq, eq, lt, gt, lteq, gteq, x],
                                    L <- [error, info, all, x]],
       [{F, [E, A]} || F <- [progress, remote_gl], E <- Events, A <- [log, stop, x]],
       [{F, [E, x]} || F <- [domain, level], E <- Events]]);
cases(logger_formatter) ->
    Now = erlang:system_time(microsecond),
    Pid = list_to_pid("<0.1.0>"),
    Meta = #{time => Now, pid => Pid, gl => Pid, mfa => {m, f, 2}, file => "m.erl", line => 7,
             domain => [a, b], k => "text", n => #{in => #{deep => 42}}, l => [1, 2]},
    Long = lists:seq(1, 60),
    Msgs = [{string, "plain"}, {string, <<"bin">>}, {string, ["dee", [$p]]},
            {"fmt ~p ~w ~s", [Long, {a, b}, "str"]}, {"~p~n~p", [#{a => Long}, Long]},
            {"  padded, ~p\n  more\n", [x]}, {"bad ~p", []}, {"~*p|~-6w|~.3f|~10.2.0f", [9, ab, 7, 2.5, 3.0]},
            {"~P ~W ~tp ~lp", [Long, 4, Long, 3, "t", [65]]}, {'atom ~p', [1]}, {<<"bin ~p">>, [2]},
            {report, #{a => 1, b => "str", c => Long}}, {report, [{k, v}, {l, Long}]},
            {report, #{label => {l, x}, report => [{k, v}]}}, {report, [x, y]}],
    Levels = [error, notice, info],
    Metas = [Meta, Meta#{error_logger => #{tag => info_msg}}, #{time => Now},
             Meta#{report_cb => fun lib_test:lg_rcb/1}, Meta#{report_cb => fun lib_test:lg_rcb2/2},
             Meta#{report_cb => x}],
    Configs = [#{}, #{single_line => false}, #{legacy_header => true},
               #{legacy_header => true, single_line => false, time_offset => "Z"},
               #{legacy_header => true, time_offset => "+00:00"},
               #{legacy_header => true, time_offset => "-02:30"},
               #{time_offset => "+02:00", time_designator => $\s}, #{time_offset => 0},
               #{template => [level, " ", mfa, " ", [n, in, deep], " ", {k, ["k=", k], ["no k"]},
                              " ", {x, [x], ["no x"]}, " ", pid, " ", domain, " ", l, ": ", msg, "\n"]},
               #{template => [msg]}, #{template => [time, " ", level]}, #{template => []},
               #{chars_limit => 10}, #{chars_limit => 50}, #{chars_limit => 300, single_line => false},
               #{depth => 1}, #{depth => 7}, #{depth => 7, single_line => false},
               #{max_size => 1}, #{max_size => 30}, #{max_size => 100, single_line => false},
               #{max_size => 40, template => [msg, "\n"]}, #{max_size => 20, template => [level, msg]},
               #{report_cb => fun lib_test:lg_rcb/1}, #{report_cb => fun lib_test:lg_rcb2/2},
               #{report_cb => fun lib_test:lg_rcb2/2, depth => 6, chars_limit => 80},
               #{error_logger_notice_header => notice, legacy_header => true}],
    Flat = fun({{ok, Chars}, T}) -> {{ok, unicode:characters_to_list(Chars)}, T};
              (X) -> X
           end,
    Event = fun(L, M, Msg) -> #{level => L, meta => M, msg => Msg} end,
    Events = [Event(L, M, Msg) || L <- Levels, M <- Metas, Msg <- Msgs],
    lists:append(
      [[{format, [pick(Events), pick(Configs)], Flat} || _ <- lists:seq(1, 800)],
       [{format, [E, C], Flat} || E <- [Event(error, Meta, M) || M <- Msgs], C <- Configs],
       [{format, [E, C]} || {E, C} <- [{x, #{}}, {Event(error, Meta, {string, "s"}), x},
                                       {Event(error, Meta, foo), #{}},
                                       {Event(error, Meta#{time => x}, {string, "s"}), #{}},
                                       {Event(error, Meta, {report, x}), #{}}]],
       [{check_config, [C]} || C <- Configs],
       [{check_config, [C]}
        || C <- [x, #{foo => 1}, #{chars_limit => 0}, #{depth => -1}, #{max_size => x},
                 #{depth => unlimited}, #{single_line => x}, #{legacy_header => 1},
                 #{error_logger_notice_header => info}, #{error_logger_notice_header => x},
                 #{report_cb => fun lists:map/2}, #{report_cb => fun lists:map/3},
                 #{template => x}, #{template => [[a, "b"]]}, #{template => [{a, [], x}]},
                 #{template => [<<"bin">>, <<255>>]}, #{template => [[1, 2]]},
                 #{template => [{[a, b], [msg], []}, [c, d]]}, #{time_offset => "+01:00"},
                 #{time_offset => "+1:2x"}, #{time_offset => "-05:30"}, #{time_offset => "z"},
                 #{time_offset => "UTC"}, #{time_offset => " + 1:2"}, #{time_offset => "+ 1: 2"},
                 #{time_offset => [$+ | x]}, #{time_offset => 3600}, #{time_designator => $\n},
                 #{time_designator => 300}, #{time_designator => x}, #{time_designator => $x}]],
       [{via, "environment", fun(M) -> lgf_env(M, Event(error, Meta, hd(tl(tl(tl(Msgs)))))) end}]]);
cases(logger_std_h) ->
    Modes = [[], [write], [raw, append], [delayed_write], [{delayed_write, 10, 10}], x],
    Configs = [#{}, #{type => standard_error}, #{type => {device, user}}, #{type => x},
               #{type => file}, #{type => {file, "f.log"}}, #{type => {file, "f.log", [write]}},
               #{file => "f.log"}, #{file => "f.log", modes => pick(Modes)},
               #{type => file, max_no_bytes => 100, max_no_files => 3, compress_on_rotate => true},
               #{type => file, max_no_bytes => 0}, #{type => file, max_no_files => -1},
               #{type => file, file_check => 10}, #{type => file, compress_on_rotate => x},
               #{foo => 1}, #{type => standard_io, file => "f.log"}, #{file => 'f.log'},
               #{file => <<"f.log">>}],
    Old = #{type => file, file => "/tmp/a.log", modes => [raw, append, delayed_write],
            max_no_bytes => infinity, max_no_files => 0, compress_on_rotate => false,
            file_check => 0},
    lists:append(
      [[{check_config, [h, set, undefined, C]} || C <- Configs],
       [{check_config, [h, set, undefined, #{file => "f.log", modes => M}]} || M <- Modes],
       [{check_config, [h, SU, O, C]} || SU <- [set, update],
                                         O <- [Old, #{type => standard_io}],
                                         C <- Configs ++ [#{max_no_bytes => 5}]],
       [{filter_config, [C]} || C <- [#{}, #{config => #{a => 1}}]],
       [{filesync, [X]} || X <- ["x", 1]]]);

%% ---------------------------------------------------------------------
%% error_logger: its pure functions, and sequences of calls run on OTP's
%% error_logger and logger and on ours (from logger's defaults without
%% handlers and no event manager), with a logger handler of this module
%% (config el) that sends the calling process each event (and what the
%% event's report_cb makes of it) and a report handler of this module
%% that sends it each event the manager passes on. The step after each
%% call asks the manager for its handlers, so that the events are in.
%% tty/1 is not here (it changes the default handler, logger_std_h to
%% standard output): tests/scripts stdlib/error_logger_tty compares it
%% with erl.

cases(error_logger) ->
    lists:append(
      [[{warning_map, []}, {get_format_depth, []}],
       [{limit_term, [T]} || T <- [x, lists:seq(1, 40), {a, [[[[[b]]]]]}, #{k => "v"}]],
       [{via, "format depth", fun el_depth/1}],
       [el_seq(Name, Steps) || {Name, Steps} <- el_sequences()]]);
%% error_logger_tty_h: the text of each kind of event (write_event/2,3),
%% and the callbacks that write nothing.
cases(error_logger_tty_h) ->
    Time = {{2024, 1, 2}, {3, 4, 5}},
    Events = el_events(),
    Flat = fun({{ok, Text}, T}) when is_list(Text) -> {{ok, lists:flatten(Text)}, T};
              (X) -> X
           end,
    State = {st, false, [], io, unlimited, ""},
    lists:append(
      [[{write_event, [{Time, E}, io_lib], Flat} || E <- Events],
       [{write_event, [{Time, E}, io_lib, {D, Enc}], Flat}
        || E <- Events, D <- [unlimited, 3, 10], Enc <- [latin1, utf8]],
       [{write_event, [X, io_lib]} || X <- [x, {Time, x}, {x, hd(Events)}]],
       [{write_event, [{Time, hd(Events)}, io_lib, x]}],
       [{via, "utc_log", fun el_utc/1}],
       [{handle_event, [E, State]} || E <- [x, {error, self(), x}]],
       [{handle_call, [q, State]}, {handle_info, [x, State]}, {code_change, [v, State, x]}],
       [{terminate, [R, State]} || R <- [install_prev, stop]]]);
%% error_logger_file_h: a manager with it, its events in the file (dates
%% masked), its calls.
cases(error_logger_file_h) ->
    [{init, ["/proc/otp_lib_erl/x.log"]},
     {via, "file", fun el_file_h/1}];

%% ---------------------------------------------------------------------
%% rand: states hold the module's own funs, so sequences of calls on
%% states the module made run as {via, ...} cases, and states in results
%% are compared with each handler map's funs replaced by 'fun'.

cases(rand) ->
    Algs = rand_algs(),
    OTPState = rand:seed_s(exsss, 1),
    Words58 = fun() -> [rand:uniform(1 bsl 58) - 1 || _ <- lists:seq(1, 16)] end,
    R928 = fun() -> pick([{Words58(), []}, {[1], lists:seq(2, 16)}, rand:exro928_seed(upto(99))]) end,
    lists:append(
      [[{seed_s, [A, Seed], fun rand_norm/1} || A <- Algs ++ [default], Seed <- rand_seeds(A)],
       [{seed, [A, Seed], fun rand_norm/1} || A <- Algs, Seed <- [{3, 2, 1}, 77]],
       [{seed_s, [{A, St}], fun rand_norm/1}
        || A <- Algs, St <- [rand:export_seed_s(rand:seed_s(A, upto(1000))) || A =/= dummy]],
       [{seed_s, [A, Seed], fun rand_norm/1} || A <- Algs, Seed <- [[], [0], [0, 0], [a], [1, a],
                                                                    [1 | 2], lists:seq(1, 17),
                                                                    foo, {a, 1, 2}, {1, 2}, 1.0]],
       [{seed_s, [X], fun rand_norm/1} || X <- [foo, {nope, 1}, {default, 1}, {1, 2}, {exsss, 1, 2}]],
       [{seed, [X], fun rand_norm/1} || X <- [foo, {exsp, [1 | 2]}, OTPState]],
       [{F, [A], fun rand_shape/1} || F <- [seed, seed_s], A <- Algs ++ [default]],
       [{F, []} || F <- [export_seed]],
       [{F, [], fun rand_shape/1} || F <- [uniform, uniform_real, normal, mwc59_seed]],
       [{F, [X], fun rand_shape/1} || F <- [uniform, bytes], X <- [1, 5, 1 bsl 70]],
       [{F, [X]} || F <- [uniform, bytes], X <- [0, -1, a, 1.0]],
       [{normal, [X, Y], fun rand_shape/1} || X <- [0, 1.5], Y <- [1, 0.25]],
       [{normal, [X, Y]} || X <- [0, a], Y <- [-1, a]],
       [{export_seed_s, [X]} || X <- [OTPState, x, {#{}, 1}, {a, b}]],
       [{uniform_s, [X, OTPState]} || X <- [0, -1, a, 1.5]],
       [{F, [X]} || F <- [uniform_s, uniform_real_s, normal_s, jump], X <- [x, {a, b}, {#{}, 1}]],
       [{uniform_s, [3, {#{}, 1}]}, {bytes_s, [-1, OTPState]}, {bytes_s, [a, OTPState]},
        {bytes_s, [3, {#{max => 5, next => x}, 1}]}, {bytes_s, [3, x]},
        {normal_s, [0, 0, OTPState]}, {normal_s, [0, -1.0, OTPState]}, {jump, [x]}],
       [{via, io_lib:format("~p ~P", [A, Seed, 5]), rand_run(A, Seed, rand_ops(60))}
        || A <- Algs, Seed <- [{1, 2, 3}, 99, rand:uniform(1 bsl 60)]],
       [{via, io_lib:format("~p long", [A]), rand_run(A, 5, rand_ops(400))} || A <- Algs],
       [{via, io_lib:format("~p dict", [A]), rand_dict(A, {9, 8, 7}, 17)} || A <- Algs],
       [{F, [X]} || F <- [mwc59, mwc59_value32, mwc59_value, mwc59_float],
                    X <- [1, 2, 12345, (1 bsl 59) - 1, 1 bsl 59, 1 bsl 70, -1, a]
                         ++ many(20, fun() -> rand:uniform(1 bsl 59) end)],
       [{mwc59_seed, [X]} || X <- [0, 1, (1 bsl 58) - 1, 1 bsl 58, -1, a, 1.0]
                                 ++ many(10, fun() -> rand:uniform(1 bsl 58) - 1 end)],
       [{splitmix64_next, [X]} || X <- [0, 1, -1, (1 bsl 64) - 1, 1 bsl 70, a]
                                      ++ many(20, fun() -> rand:uniform(1 bsl 64) end)],
       [{F, [X]} || F <- [exsp_next, exsp_jump],
                    X <- [[1 | 2], [0 | 0], [(1 bsl 58) - 1 | 1 bsl 60], [1, 2], x]
                         ++ many(10, fun() -> [rand:uniform(1 bsl 58) | rand:uniform(1 bsl 58)] end)],
       [{seed58, [N, X]} || N <- [0, 1, 3, 16], X <- [0, 5, -9, 1 bsl 66]],
       [{seed58, [1, a]}],
       [{exro928_seed, [X]} || X <- [{1, 2, 3}, 0, 77, [1], lists:seq(1, 16), [], a, lists:seq(1, 17)]],
       [{F, [R928()]} || F <- [exro928_next, exro928_next_state, exro928_jump_2pow512,
                               exro928_jump_2pow20], _ <- lists:seq(1, 6)],
       [{F, [X]} || F <- [exro928_next, exro928_next_state, exro928_jump_2pow20], X <- [x, {[], []}]],
       [{make_float, [S, E, M]} || S <- [0, 1], E <- [0, 1, 1023, 2046, 2047], M <- [0, 1, 12345]],
       [{make_float, [a, 1, 1]}],
       [{float2str, [X]} || X <- [0.0, -0.0, 1.0, 0.1, -2.5e-310, 1.0e300, 3, -7, a]],
       [{bc64, [X]} || X <- [0, 1, 2, 3, 255, 256, 1 bsl 52, (1 bsl 64) - 1]],
       [{format_jumpconst58, [X]} || X <- ["no constant here", a]]]);

%% ---------------------------------------------------------------------
%% base64: data of every small length and random longer data, as a
%% binary or a list; text that is clean, has white space, junk, stray or
%% missing padding or is cut short; and terms that are no bytes.

%% seq_trace over the token BIFs: each sequence in a fresh process (its
%% pid shown as self), the token cleared before the result goes back.
cases(seq_trace) ->
    Keys = [label, serial, send, 'receive', print, timestamp, monotonic_timestamp,
            strict_monotonic_timestamp, sequential_trace_token, foo],
    Values = [true, false, 3, foo, {1, 2}, {a, 1}, [], {1, 2, 3}],
    Seq = fun(Calls) ->
                  fun(M) ->
                          R = [seq_step(M, C) || C <- Calls],
                          _ = erlang:seq_trace(sequential_trace_token, []),
                          R
                  end
          end,
    Token = {5, lbl, 10, self, 9},
    [{via, "get_token", Seq([{get_token, []} | [{get_token, [K]} || K <- Keys]])},
     {via, "set_token/2", Seq([{set_token, [K, V]} || K <- Keys, V <- Values] ++ [{get_token, []}])},
     {via, "set_token/1", Seq([{set_token, [Token]}, {get_token, []}, {get_token, [serial]},
                               {set_token, [{bad}]}, {set_token, [[]]}, {get_token, []}])},
     {via, "print", Seq([{print, [x]}, {set_token, [print, true]}, {print, [x]}, {print, [0, x]},
                         {print, [lbl, x]}, {print, [1, x]}, {get_token, []},
                         {set_token, [label, 7]}, {print, [7, y]}, {get_token, []}])},
     {via, "reset_trace", Seq([{set_token, [label, 3]}, {reset_trace, []}, {get_token, []},
                               {set_token, [send, true]}, {get_token, []}])}];
%% pg: sequences of joins, leaves, reads and watches on a scope of each
%% module, four worker processes and the caller as members; pids and
%% references shown by their first appearance, the notices the caller got
%% after each step. A worker is never a watcher: OTP 25's scope crashes
%% when one process is both and its watcher 'DOWN' comes first (ours does
%% not; docs/differences-from-erlang.md, "Process groups").
cases(pg) ->
    Fixed =
        [{"members", [{join, g, 1}, {members, g}, {join, g, [2, 3]}, {members, g}, {local, g},
                      {join, g, 1}, {members, g}, {leave, g, 1}, {members, g},
                      {leave, g, [1, 4]}, {members, g}, {leave, g, 4}, {leave, h, 1},
                      {leave, g, [2, 3]}, {members, g}, groups, local_groups]},
         {"watch", [watch_scope, {join, g, [1, 2]}, {watch, g}, {watch, h}, {join, h, self},
                    {leave, g, 2}, {kill, 1}, {members, g}, {unwatch, 2}, {join, g, 3},
                    {unwatch, 2}, {unwatch, 1}, {join, g, 4}, watch_scope, {kill, 4},
                    {unwatch, 3}, {unwatch, 4}]},
         {"kill", [{join, g, 1}, {join, g, 1}, {join, h, 1}, {join, h, 2}, watch_scope,
                   {kill, 1}, {members, g}, {members, h}, groups, {leave, g, 1}]},
         {"bad", [{join, g, foo}, {join, g, [foo]}, {join, g, [1, foo]}, {leave, g, bar},
                  {leave, g, [bar]}, {members, g}, nosuch_scope, start_again]}],
    [{via, "seq " ++ Name, fun(M) -> pg_seq(M, Steps) end} || {Name, Steps} <- Fixed] ++
        [{via, "random " ++ integer_to_list(I), fun(M) -> pg_seq(M, Steps) end}
         || {I, Steps} <- lists:zip(lists:seq(1, 40), many(40, fun() -> pg_random(25) end))];
%% digraph: random graphs of each kind built through each module, then
%% every query the edges' order decides (paths and cycles both ways,
%% neighbours, edges of a vertex, degrees), with deletions between; the
%% whole-table reads sorted (their order is the ets table's).
cases(digraph) ->
    [{via, "random " ++ integer_to_list(I), fun(M) -> digraph_seq(M, Type, Steps) end}
     || {I, {Type, Steps}} <- lists:zip(lists:seq(1, 60),
                                       many(60, fun() -> {pick([[], [acyclic], [private]]),
                                                          digraph_random(40)} end))];
%% digraph_utils: random graphs (built with the digraph module of the same
%% side: both run on erl's ets here, so even the orders must agree) and
%% every function on them.
cases(digraph_utils) ->
    [{via, "random " ++ integer_to_list(I), fun(M) -> digraph_utils_seq(M, Type, Steps) end}
     || {I, {Type, Steps}} <- lists:zip(lists:seq(1, 60),
                                       many(60, fun() -> {pick([[], [acyclic]]),
                                                          digraph_random(pick([5, 12, 30]))}
                                            end))];
%% os: find_executable over given paths, env/0 (the same environment
%% both ways), version/0.
cases(os) ->
    [{find_executable, [N, P]} || N <- ["sh", "/bin/sh", "/bin", "otp_lib_erl_none", "", "bin/sh"],
                                  P <- ["/bin", "", "/nonexistent:/bin", "\"/bin\"", "/:/usr",
                                        ":/bin", "/bin:"]]
        ++ [{env, []}, {version, []}];
%% supervisor_bridge: its report callbacks on its progress and error
%% reports.
cases(supervisor_bridge) ->
    Started = [{pid, self()}, {mfa, {m, init, [lists:seq(1, 20)]}}],
    Error = fun(Reason) ->
                    #{label => {supervisor, error},
                      report => [{supervisor, {local, bridge}}, {errorContext, child_terminated},
                                 {reason, Reason}, {offender, [{pid, self()}, {mod, m}]}]}
            end,
    Reports = [#{label => {supervisor, progress},
                 report => [{supervisor, {self(), m}}, {started, Started}]},
               #{label => {supervisor, progress},
                 report => [{supervisor, {local, "b"}}, {started, Started}]},
               Error(killed), Error({badarith, [{m, f, 1, [{line, 2}]}]}),
               Error({bad, lists:seq(1, 30)})],
    Options = [#{}, #{single_line => true}, #{depth => 4}, #{single_line => true, depth => 3},
               #{encoding => latin1}, #{chars_limit => 100},
               #{single_line => true, chars_limit => 60}],
    format_log_cases(Reports, Options);
%% global: what needs no name server (erl's runs on this node: ours is
%% never started here, so as not to take its registered name and tables;
%% tests/scripts/otp/otp_global covers the rest).
cases(global) ->
    Fun = fun() -> done end,
    lists:append(
      [[{whereis_name, [N]} || N <- [otp_lib_erl_nobody, {x, 1}]],
       [{send, [N, m]} || N <- [otp_lib_erl_nobody, {x, 1}]],
       [{register_name, [n, P]} || P <- [x, 1, "p"]],
       [{register_name, [n, self(), M]} || M <- [x, {m, 1}, fun(_) -> x end]],
       [{re_register_name, [n, P]} || P <- [x, 1]],
       [{re_register_name, [n, self(), x]}],
       [{set_lock, [I]} || I <- [x, {r}, {r, a, b}]],
       [{set_lock, [{r, me}, Ns]} || Ns <- [[], [other@host], [other@host, x@y]]],
       [{set_lock, [{r, me}, [], R]} || R <- [0, 3, infinity, -1, x]],
       [{del_lock, [I, Ns]} || I <- [{r, me}, x], Ns <- [[], [other@host]]],
       [{trans, [{r, me}, F, Ns]} || F <- [Fun, x], Ns <- [[], [other@host]]],
       [{trans, [{r, me}, Fun, [], R]} || R <- [0, infinity, -1]],
       [{trans, [x, Fun, []]}]]);
cases(base64) ->
    Bytes = fun(N) -> << <<(upto(255))>> || _ <- lists:seq(1, N) >> end,
    Data = fun() -> B = Bytes(upto(pick([5, 40, 300]))), pick([B, binary_to_list(B)]) end,
    Alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
    Junk = fun() -> pick([$=, $=, $\s, $\n, $\r, $\t, 0, 11, $!, $-, $_, 200, 255, 1]) end,
    Enc = fun() -> binary_to_list(base64:encode(Bytes(upto(pick([4, 30, 200]))))) end,
    Change = fun(T, New) -> case length(T) of
                                0 -> New;
                                N -> {A, [_ | B]} = lists:split(upto(N - 1), T), A ++ New ++ B
                            end end,
    Text = fun() -> case rand:uniform(7) of
                        1 -> Enc();
                        2 -> lists:append([case rand:uniform(6) of
                                               1 -> [C, Junk()];
                                               _ -> [C]
                                           end || C <- Enc()]);
                        3 -> Change(Enc(), [Junk()]);
                        4 -> list_of(12, fun() -> pick([pick(Alpha), Junk()]) end);
                        5 -> T = Enc(), lists:sublist(T, upto(length(T)));
                        6 -> list_of(10, fun() -> pick(Alpha) end)
                                 ++ pick(["", "=", "==", "===", "= =", "=\n", "=!="])
                                 ++ pick(["", " ", "a", "=", "\n", "ab", [0]]);
                        7 -> Enc() ++ pick(["\n", " \r\n", "=", "A", [0]])
                    end end,
    Decoders = [decode, decode_to_string, mime_decode, mime_decode_to_string],
    Odd = [[a], [1 | x], [300], [-1], [1.0], [<<"ab">>], [[65]], [65, 65, 65, 65 | x],
           [65, 65 | x], [$a, $b, $c | x], [0, 256, 0], [0, 1024], [0, 1023], [255, 1023],
           [300, a], [a, 300], [300, 0, 0, a], [1 bsl 70, 0, 0], [-5, 0, 0], [0, -1],
           [65, 65, 65, 65, 300], [65, 65, 61, 61, 300], [65, 65, 61, 61 | x], [65, 0, 65, 65],
           [65, 65, 65, 65, 0, 65], lists:seq(0, 14), lists:seq(250, 262), <<1:4>>,
           <<"abcd", 1:1>>, atom, 42, {<<"abcd">>}, "a===", "ab==x", "ab===", "!!!=", "!b==",
           "a!bc", "ab=c", "abc=d", "=abc", "Zm9vYg=F", "Zm9vYg=Fy"],
    lists:append(
      [[{F, [X]} || F <- [encode, encode_to_string], N <- lists:seq(0, 25),
                    X <- [Bytes(N), binary_to_list(Bytes(N))]],
       [{F, [Data()]} || F <- [encode, encode_to_string], _ <- lists:seq(1, 60)],
       [{F, [X]} || F <- Decoders, N <- lists:seq(0, 13),
                    X <- [base64:encode(Bytes(N)), base64:encode_to_string(Bytes(N))]],
       [{F, [pick([T, list_to_binary(T)])]} || F <- Decoders, _ <- lists:seq(1, 250),
                                               T <- [Text()]],
       [{F, [X]} || F <- [encode, encode_to_string | Decoders], X <- Odd]]);

%% ---------------------------------------------------------------------
%% uri_string: references made from RFC 3986's grammar (schemes, userinfo,
%% reg-names, IPv4 and IPv6 hosts with zones and junk, ports, dot
%% segments, percent-encoding good and bad), damaged by one character
%% and given as binaries (some not UTF-8), strings and chardata; maps of
%% any values (improper and deep lists, floats, atoms among them);
%% queries, encodings and options good and bad.

cases(uri_string) ->
    Ch = fun() -> [pick("aZ09-._~!$&'()*+,;=:@/?#[]% \"<>\\^`{|}"
                        ++ [16#E9, 16#20AC, 0, 127, 16#1F600])] end,
    Pct = fun() -> [$% | many(2, fun() -> pick("0aF9g%") end)] end,
    Str = fun(G, Max) -> lists:append(many(upto(Max), G)) end,
    Hex = fun() -> many(1 + upto(4), fun() -> pick("0123456789abcdefABCDEFg") end) end,
    Join = fun(Parts, Sep) -> lists:join(Sep, Parts) end,
    V4 = fun() -> lists:flatten(Join(many(pick([3, 4, 4, 4, 5]),
                                          fun() -> pick(["0", "1", "00", "01", "255", "256",
                                                         "999", "12", "+1", "-0", ""]) end),
                                     ".")) end,
    V6 = fun() -> lists:flatten(
                    case rand:uniform(5) of
                        1 -> Join(many(8, Hex), ":");
                        2 -> [Join(many(upto(4), Hex), ":"), "::", Join(many(upto(4), Hex), ":")];
                        3 -> "::";
                        4 -> [Join(many(upto(7), Hex), ":"), pick([":", "::", "", ":::"]), V4()];
                        5 -> [pick(["fe80", "ff02", "1", "FE80"]), pick(["::", ":0:", "::1"]), Hex(),
                              pick(["%", "%0", "%eth0", "%012", "%099999", "%0x", ""])]
                    end) end,
    Seg = fun() -> Str(fun() -> pick([Ch(), Pct(), "a", "b", ".", ".."]) end, 4) end,
    Path = fun() -> Str(fun() -> pick(["/", "/", "/.", "/..", "./", "../"]) ++ Seg() end, 4) end,
    Host = fun() -> case rand:uniform(4) of
                        1 -> Seg();
                        2 -> "[" ++ V6() ++ "]" ++ pick(["", "", "ab", "1.2", "x"]);
                        3 -> V4();
                        4 -> pick(["localhost", "Example.COM", "%41b", ""])
                    end end,
    URI = fun() ->
                  pick(["", "http:", "HTTPS:", "ftp:", "a+b-c.d:", "1a:", "ssh:", "sftp:", "tftp:",
                        "x:", ":"])
                      ++ pick(["", "//" ++ pick(["", "u@", "u:p@", "@", "a b@", Seg() ++ "@"])
                               ++ Host() ++ pick(["", ":", ":80", ":443", ":8080", ":21", ":x",
                                                  ":22", ":69"])])
                      ++ pick([Path(), Seg() ++ Path(), ""])
                      ++ pick(["", "?" ++ Str(fun() -> pick([Ch(), Pct(), "&", "="]) end, 5)])
                      ++ pick(["", "#" ++ Str(fun() -> pick([Ch(), Pct()]) end, 4)])
          end,
    Damage = fun(S) when S =/= [] -> case rand:uniform(4) of
                                         1 -> {A, [_ | B]} = lists:split(upto(length(S) - 1), S),
                                              A ++ Ch() ++ B;
                                         _ -> S
                                     end;
                (S) -> S
             end,
    Bin = fun(S) -> B = case unicode:characters_to_binary(S) of
                            B0 when is_binary(B0) -> B0;
                            _ -> <<>>
                        end,
                    case rand:uniform(8) of
                        1 -> <<B/binary, (pick([<<255>>, <<16#ED, 16#A0, 16#80>>, <<16#C3>>]))/binary>>;
                        _ -> B
                    end end,
    Deep = fun(S) -> case rand:uniform(3) of
                         1 -> [S];
                         2 -> {A, B} = lists:split(length(S) div 2, S),
                              [A, unicode:characters_to_binary(B)];
                         3 -> S ++ [16#D800]
                     end end,
    Text = fun() -> S = Damage(URI()), case rand:uniform(3) of
                                           1 -> Bin(S);
                                           2 -> S;
                                           3 -> Deep(S)
                                       end end,
    Odd = [a, 42, [$a | x], [[$a]], <<255>>, <<1:4>>, [-1], [16#D800], {x}, undefined, [${ | x],
           [$0, $. | x], [$1, $. | x], [48.5, $:, $:], [$f, $e, $8, $0, $:, $:, $1, $% | x]],
    Val = fun() -> case rand:uniform(13) of
                       1 -> Seg();
                       2 -> unicode:characters_to_binary(Seg());
                       3 -> Path();
                       4 -> <<"/a/./b/../c">>;
                       5 -> pick([[], <<>>, "/", <<"/">>]);
                       6 -> Host();
                       7 -> unicode:characters_to_binary(Host());
                       8 -> pick(Odd);
                       9 -> V6();
                       10 -> V4();
                       11 -> pick(["%zz", "%41%42", <<"%7e">>, "%E9", <<"%C3%A9">>]);
                       12 -> pick(["http", <<"HTTP">>, "ftp", <<"ssh">>, "Https"]);
                       13 -> Deep(Seg())
                   end end,
    Map = fun() ->
                  M = maps:from_list([{K, case K of
                                              port -> pick([80, 443, undefined, 8080, a, -1, 21]);
                                              _ -> Val()
                                          end}
                                      || K <- [scheme, userinfo, host, port, path, query, fragment],
                                         rand:uniform(2) =:= 1]),
                  case rand:uniform(10) of
                      1 -> M#{foo => 1};
                      2 -> maps:remove(path, M);
                      3 -> case catch uri_string:parse(Text()) of
                               P when is_map(P) -> P;
                               _ -> M#{path => <<>>}
                           end;
                      _ -> M#{path => maps:get(path, M, Val())}
                  end
          end,
    QV = fun() -> pick([Seg(), unicode:characters_to_binary(Seg()), "a b", <<"ö"/utf8>>, "€",
                        [16#1F600], <<255>>, a, <<1:4>>, [-1], "&#12;"]) end,
    QList = fun() -> many(upto(3), fun() -> {QV(), pick([QV(), true])} end) end,
    QText = fun() -> S = Str(fun() -> pick(["a", "=", "&", "+", "%20", "%zz", "%C3%B6", "&#",
                                            "&#123;", "&#99999999;", "&#12", [16#E9], "%FF", "%",
                                            ";"]) end, 6),
                     case rand:uniform(3) of
                         1 -> S;
                         _ -> Bin(S)
                     end end,
    Enc = fun() -> pick([utf8, latin1, unicode, {utf16, little}, utf32, foo]) end,
    TOpts = fun() -> pick([[], [{in_encoding, Enc()}], [{out_encoding, Enc()}],
                           [{in_encoding, Enc()}, {out_encoding, Enc()}], x]) end,
    TText = fun() -> S = Str(fun() -> pick(["a", "%", "%4", "%41", "%E9", "%C3%A9", "%zz", "%FF%FE",
                                            [16#E9], [16#20AC], " "]) end, 6),
                     case rand:uniform(4) of
                         1 -> Bin(S);
                         2 -> Deep(S);
                         3 -> S ++ pick([[x], [$a | x], [<<255>>]]);
                         4 -> S
                     end end,
    Base = fun() -> pick([Text(), Map(), "http://a/b/c/d;p?q", <<"http://a">>, "//h/p", "a/b"]) end,
    QOpts = [[], [{encoding, utf8}], [{encoding, latin1}], [{encoding, unicode}], [{encoding, foo}],
             [x], [{encoding, utf8}, x]],
    RFC = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
           "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g",
           "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h",
           "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x",
           "http:g"],
    lists:append(
      [[{allowed_characters, []}],
       [{F, [C]} || F <- [is_host, is_path], C <- lists:seq(0, 130) ++ [a, 1.0, 48.5, [$a]]],
       [{parse, [Text()]} || _ <- lists:seq(1, 500)],
       [{parse, [X]} || X <- ["foo://user:pw@[::1]:8080/p/a?q=1#f", <<"//u@">>, <<"//">>, "?", "#",
                             <<"//[::1]abc:80">>, "//[1::2::3]", "//1.2.3/x", <<"a:b c">>,
                             <<"http://", 16#ED, 16#A0, 16#80>>, [16#D800], "http://\x{E9}.com",
                             <<"http://u@h/p#bad x">>, a, 42, [a], <<1:4>>]],
       [{recompose, [Map()]} || _ <- lists:seq(1, 400)],
       [{recompose, [#{host => H, path => pick(["", <<>>, "/x"])}]}
        || H <- Odd ++ many(60, V6) ++ many(20, V4), _ <- [1]],
       [{recompose, [X]} || X <- [x, #{}, #{path => <<>>, foo => 1}, #{port => 80, path => <<>>},
                                  #{scheme => "1a", path => <<>>}, #{query => "x y", path => <<>>},
                                  #{fragment => "x y", path => <<>>}]],
       [{normalize, [pick([Text(), Map()])]} || _ <- lists:seq(1, 250)],
       [{normalize, [pick([Text(), Map()]), pick([[], [return_map], [x]])]}
        || _ <- lists:seq(1, 250)],
       [{normalize, [X]} || X <- ["HTTP://www.Example.com:80/a/./b/../c/%7e%41%2f?%61#%62",
                                  <<"https://h:443">>, #{scheme => [-1], host => [-2], path => ""},
                                  #{scheme => 42, host => [-2], path => ""}, "/a/b/../../../c"]],
       [{resolve, [R, "http://a/b/c/d;p?q"]} || R <- RFC],
       [{resolve, [list_to_binary(R), <<"http://a/b/c/d;p?q">>, [return_map]]} || R <- RFC],
       [{resolve, [pick([Text(), Map()]), Base()]} || _ <- lists:seq(1, 250)],
       [{resolve, [pick([Text(), Map()]), Base(), pick([[], [return_map], [x]])]}
        || _ <- lists:seq(1, 250)],
       [{transcode, [TText(), TOpts()]} || _ <- lists:seq(1, 300)],
       [{transcode, [X, Y]} || X <- [<<>>, [], "a%C3%A9b%", <<"%E9%20a">>, [$a | x], a],
                               Y <- [[], [{in_encoding, latin1}], [{out_encoding, latin1}], x]],
       [{compose_query, [QList()]} || _ <- lists:seq(1, 200)],
       [{compose_query, [QList(), pick(QOpts)]} || _ <- lists:seq(1, 200)],
       [{compose_query, [X]} || X <- [[], a, [a], [{a}], [{"a", "b"} | x], [{true, "b"}]]],
       [{dissect_query, [QText()]} || _ <- lists:seq(1, 250)],
       [{dissect_query, [X]} || X <- [<<>>, [], a, <<1:4>>, "a=&#12", "&#12=a", "a&", [$a | x]]],
       [{percent_decode, [pick([Text(), Map(), QText()])]} || _ <- lists:seq(1, 250)],
       [{quote, [pick([Text(), QText(), Val()])]} || _ <- lists:seq(1, 200)],
       [{quote, [pick([Text(), QText(), Val()]), pick(["/", "\x{E9}", "", [16#20AC, $\s], x])]}
        || _ <- lists:seq(1, 200)],
       [{unquote, [pick([Text(), QText(), TText()])]} || _ <- lists:seq(1, 250)]]);

%% ---------------------------------------------------------------------
%% io_lib

cases(io_lib) ->
    C = fun() -> pick([$a, $\s, $~, 127, 160, 255, 256, 16#D7FF, 16#D800, 16#DFFF, 16#E000,
                       16#FFFD, 16#FFFE, 16#FFFF, 16#10000, 16#10FFFF, 16#110000, -1, 0, 31,
                       $\n, $\r, $\t, $\v, $\b, $\f, $\e, $\d, $", $', $\\, 8232, a, 1.0]) end,
    Good = fun() -> pick([$a, $b, $\s, $\n, 200, 300, 16#1F600]) end,
    L = fun() -> case rand:uniform(3) of
                     1 -> list_of(6, C);
                     _ -> list_of(6, Good)
                 end end,
    Deep = fun() -> pick([[L(), [L()]], [[[]], L()], [L() | a], [<<"x">>], L(), a, [L(), 1 | 2]]) end,
    Atom = fun() -> list_to_atom(list_of(6, fun() -> pick([$a, $Z, $_, $@, $1, $\s, $', 16#E4,
                                                          16#C4, 16#DF, 16#F7, 16#D7, 300, $.])
                                                end)) end,
    Reserved = ['after', 'and', 'andalso', 'band', 'begin', 'bnot', 'bor', 'bsl', 'bsr', 'bxor',
                'case', 'catch', 'cond', 'div', 'end', 'fun', 'if', 'let', 'not', 'of', 'or',
                'orelse', 'receive', 'rem', 'try', 'when', 'xor', maybe, else, query, spec],
    lists:append(
      [[{nl, []}],
       [{F, [pick([L(), Deep()])]} || F <- [char_list, latin1_char_list, deep_char_list,
                                            deep_latin1_char_list, deep_unicode_char_list,
                                            printable_list, printable_latin1_list,
                                            printable_unicode_list, chars_length],
                                      _ <- lists:seq(1, 60)],
       [{F, [X]} || F <- [char_list, deep_char_list, printable_list, chars_length],
                    X <- [a, [1 | a], <<"ab">>, [[a]]]],
       [{F, [pick([Atom(), pick(Reserved)])]} || F <- [write_atom, write_atom_as_latin1],
                                                 _ <- lists:seq(1, 60)],
       [{F, [X]} || F <- [write_atom, write_atom_as_latin1], X <- Reserved ++ ['', 'A', a, "a"]],
       [{quote_atom, [A, atom_to_list(A)]} || A <- [a, 'B', 'if', 'a b', ''] ++ many(10, Atom)],
       [{F, [L()]} || F <- [write_string, write_string_as_latin1, write_latin1_string,
                            write_unicode_string], _ <- lists:seq(1, 60)],
       [{F, [L(), pick([$', $", $x])]} || F <- [write_string, write_string_as_latin1,
                                                write_latin1_string], _ <- lists:seq(1, 40)],
       [{F, [X]} || F <- [write_string, write_latin1_string], X <- [a, [1 | a], "a\x{300}"]],
       [{F, [C()]} || F <- [write_char, write_char_as_latin1, write_latin1_char,
                            write_unicode_char], _ <- lists:seq(1, 60)],
       [{indentation, [pick([L(), Deep(), "ab\tc\nde\t"]), pick([0, 3, 7, 8])]}
        || _ <- lists:seq(1, 30)],
       io_lib_scans()]).

%% io_lib:scan_format/2 on formats that fit their arguments and ones that
%% do not; unscan_format/1 and build_text/1,2 on what OTP's scan gives.
io_lib_scans() ->
    Good = [{"plain", []}, {"~p and ~w", [a, "b"]}, {"~10.3.0f|~-8s|~.2e", [1.5, "ab", 2.0]},
            {"~*.*.*p", [5, 2, $-, x]}, {"~-*w|~*w", [-4, ab, -3, cd]},
            {"~tp~ts~lp~tlp~ltp", [[1], "t", "l", "tl", "lt"]},
            {"~W ~P ~x ~X", [a, 2, b, 3, 10, "p", 11, "q"]},
            {"~n~~~i~c~b~B~+~#~e~g", [i, $c, 10, 11, 12, 13, 1.0, 2.0]},
            {'atom ~p', [1]}, {<<"bin ~p">>, [2]}, {"~5.p", [z]}, {"~5..xp", [z]}, {"~..xp", [v]},
            {"~10.*p", [$*, y]}, {"~s", [1]}, {"~.3s~-10.4.xs", ["abcdef", "ghijklm"]},
            {["~p", "x"], []}, {"~10w~-5p~3c", [longer_than_ten, [1, 2, 3], $z]}],
    Bad = [{"~5..p", [z]}, {"~.x.yp", [v]}, {"~..p", [x]}, {"~.xp", [y]}, {"~-p", [a]},
           {"~*p", [a, b]}, {"~p", []}, {"~p", [a, b]}, {"~q", [a]}, {"~", []}, {x, y},
           {5, []}, {"~p", x}, {[$a | b], []}, {"~W", [a]}, {"~10.*p", [x, y]}],
    Scanned = [io_lib:scan_format(F, A) || {F, A} <- Good],
    lists:append(
      [[{scan_format, [F, A]} || {F, A} <- Good ++ Bad],
       [{unscan_format, [S]} || S <- Scanned ++ [[], [x], "text"]],
       [{unscan_format, [X]} || X <- [x, [#{}], [#{control_char => $p}]]],
       [{build_text, [S]} || S <- Scanned],
       [{build_text, [S, O]} || S <- Scanned, O <- [[{chars_limit, 8}], [], [{chars_limit, -1}]]],
       [{build_text, [X]} || X <- [x, [#{}], [#{control_char => $p}]]],
       [{build_text, [hd(Scanned), x]}],
       io_lib_limits()]).

%% io_lib:limit_term/2 on terms of each kind, at depths around theirs.
io_lib_limits() ->
    Long = lists:seq(1, 12),
    Terms = [x, 42, "a string", [1, 2, 3], Long, [a | b], [[[[[[x]]]]]],
             [1, [2, [3, [4, [5]]]] | t], {}, {a}, {a, b, c, d, e}, {a, {b, {c, {d, {e}}}}},
             #{}, #{a => 1}, #{a => [1, 2, 3], b => {x, y, z}, c => #{d => [e, f]}},
             maps:from_list([{K, K} || K <- Long]),
             <<"bin">>, <<1:3>>, [<<"bin">>, "str", {t, "str"}], {[a, b], #{k => {v}}, "s"},
             [$a, $b | "c"], ["ab", "cd"]],
    lists:append(
      [[{limit_term, [T, D]} || T <- Terms, D <- [0, 1, 2, 3, 4, 5, 8, 20, -1]],
       [{limit_term, [T, D]} || T <- [x, [1, 2], {a, b}, #{}, #{a => 1}, "s"],
                                D <- [unlimited, 1.0, x]]]).

%% Known difference: for chardata mixing lists and binaries, OTP's
%% take(S, Seps, true, trailing) and trim match a combining-mark separator
%% inside a grapheme cluster when it sits in a binary; ours never does.
no_mark_sep(take, true, [S, Seps, true, trailing]) ->
    [S, [Sep || Sep <- Seps, Sep =/= 16#301], true, trailing];
no_mark_sep(trim, true, [S, Dir, Seps]) ->
    [S, Dir, [Sep || Sep <- Seps, Sep =/= 16#301]];
no_mark_sep(_, _, Args) -> Args.

tc_norm({{ok, {T, V}}, Tr}) when is_integer(T), T >= 0 -> {{ok, V}, Tr};
tc_norm(X) -> X.

%% Normalises deep chardata results (for deep inputs only): the
%% characters must match, the nesting may differ.
norm_result(Shape, {{ok, V}, Trace}) -> {{ok, norm_shape(Shape, V)}, Trace};
norm_result(_, Other) -> Other.

norm_shape(cd, V) -> chars(V);
norm_shape(list, V) when is_list(V) -> [chars(X) || X <- V];
norm_shape(tuple, V) when is_tuple(V) -> list_to_tuple([chars(X) || X <- tuple_to_list(V)]);
norm_shape(next, [G | R]) -> [G | chars(R)];
norm_shape(_, V) -> V.

chars(V) when is_list(V); is_binary(V) ->
    case catch unicode:characters_to_list(V) of
        L when is_list(L) -> {chars, L};
        _ -> V
    end;
chars(V) -> V.

%% A result's characters, however deep its list.
ok_chars({{ok, V}, Trace}) -> {{ok, chars(V)}, Trace};
ok_chars(X) -> X.

%% ---------------------------------------------------------------------
%% timer: real timers, checked by what arrives.

timer_checks() ->
    T = dbgsh_timer,
    check_timer("send_after/3", fun() ->
        {ok, R} = T:send_after(20, self(), ping),
        {send_local, _} = R,
        got(ping, 500) andalso not got(ping, 50)
    end),
    check_timer("send_after/2", fun() ->
        {ok, _} = T:send_after(10, pong),
        got(pong, 500)
    end),
    check_timer("send_after 0", fun() ->
        {ok, {instant, _}} = T:send_after(0, self(), now),
        got(now, 0)
    end),
    check_timer("cancel send_after", fun() ->
        {ok, R} = T:send_after(30, self(), late),
        {ok, cancel} = T:cancel(R),
        not got(late, 100)
    end),
    check_timer("send_after named", fun() ->
        register(lib_test_dest, self()),
        {ok, {once, _}} = T:send_after(10, lib_test_dest, named),
        R = got(named, 500),
        unregister(lib_test_dest),
        R
    end),
    check_timer("apply_after", fun() ->
        {ok, {once, _}} = T:apply_after(10, erlang, send, [self(), applied]),
        got(applied, 500)
    end),
    check_timer("cancel apply_after", fun() ->
        {ok, R} = T:apply_after(40, erlang, send, [self(), never]),
        {ok, cancel} = T:cancel(R),
        {ok, cancel} = T:cancel(R),
        not got(never, 120)
    end),
    check_timer("send_interval", fun() ->
        {ok, {interval, _} = R} = T:send_interval(15, self(), tick),
        A = got(tick, 500) andalso got(tick, 500) andalso got(tick, 500),
        {ok, cancel} = T:cancel(R),
        flush(tick),
        A andalso not got(tick, 60)
    end),
    check_timer("apply_interval stops with its owner", fun() ->
        Self = self(),
        Owner = spawn(fun() ->
                              {ok, _} = T:apply_interval(10, erlang, send, [Self, beat]),
                              receive stop -> ok end
                      end),
        A = got(beat, 500),
        Owner ! stop,
        timer:sleep(30),
        flush(beat),
        A andalso not got(beat, 60)
    end),
    check_timer("exit_after", fun() ->
        {Pid, Mon} = spawn_monitor(fun() -> receive after 5000 -> ok end end),
        {ok, _} = T:exit_after(10, Pid, bye),
        receive {'DOWN', Mon, process, Pid, bye} -> true after 500 -> false end
    end),
    check_timer("kill_after", fun() ->
        {Pid, Mon} = spawn_monitor(fun() -> receive after 5000 -> ok end end),
        {ok, _} = T:kill_after(10, Pid),
        receive {'DOWN', Mon, process, Pid, killed} -> true after 500 -> false end
    end),
    check_timer("sleep", fun() ->
        T0 = erlang:monotonic_time(millisecond),
        ok = T:sleep(30),
        erlang:monotonic_time(millisecond) - T0 >= 30
    end),
    check_timer("tc", fun() ->
        {Us, ok} = T:tc(fun() -> timer:sleep(20) end),
        Us >= 20000 andalso Us < 2000000
    end),
    check_timer("start", fun() -> ok =:= T:start() end).

check_timer(Name, F) ->
    R = try F() catch C:E -> {C, E} end,
    case R of
        true -> pass();
        _ -> fail("timer", "~s: ~p", [Name, R])
    end.

got(Msg, Ms) -> receive Msg -> true after Ms -> false end.

flush(Msg) -> receive Msg -> flush(Msg) after 0 -> ok end.

%% The token lists of a module's forms, split after each dot.
split_forms([]) -> [];
split_forms(Toks) ->
    {Form, [Dot | Rest]} = lists:splitwith(fun(T) -> element(1, T) =/= dot end, Toks),
    [Form ++ [Dot] | split_forms(Rest)].

%% proc_lib's crash report: report_cb/2 (logger's formatter, under its
%% options) and format/1,2,3. The exception's several-line text comes
%% from dbgsh_out:format_exception/4 (format/exception.c, which
%% tests/diff/exceptions compares with erl), so here reports with an
%% error_info are formatted on one line only.
proc_lib_reports() ->
    Fields = [{pid, self()}, {registered_name, []}, {ancestors, [self()]},
              {message_queue_len, 0}, {messages, [{msg, lists:seq(1, 40)}]}, {links, []},
              {dictionary, [{k, "value"}]}, {trap_exit, false}, {status, running},
              {heap_size, 376}, {stack_size, 28}, {reductions, 10706}],
    Error = {error_info, {error, {boom, lists:seq(1, 30)},
                          [{m, f, 1, [{file, "m.erl"}, {line, 3}]}, {proc_lib, init_p, 5, []}]}},
    Initials = [[{initial_call, {m, init, ['Argument__1']}}], [{initial_call, {m, f, 2}}],
                [{initial_call, {'Quoted', 'f-g', []}}], []],
    Neighbours = [[], [{neighbour, [{pid, self()}, {registered_name, n},
                                    {initial_call, {m, g, []}}]}]],
    Plain = [#{label => {proc_lib, crash}, report => [I ++ Fields, N]}
             || I <- Initials, N <- Neighbours],
    WithError = [#{label => {proc_lib, crash}, report => [I ++ [Error | Fields], N]}
                 || I <- Initials, N <- Neighbours],
    Flat = fun({{ok, Chars}, T}) -> {{ok, lists:flatten(Chars)}, T};
              (X) -> X
           end,
    Options = [#{}, #{single_line => true}, #{depth => 4}, #{single_line => true, depth => 3},
               #{encoding => latin1}, #{chars_limit => 300}, #{depth => unlimited},
               #{single_line => true, chars_limit => 120}, #{chars_limit => 40}],
    lists:append(
      [[{report_cb, [R, O], Flat} || R <- Plain, O <- Options],
       [{report_cb, [R, O], Flat} || R <- WithError, O <- Options, maps:get(single_line, O, false)],
       [{format, [Rep], Flat} || #{report := Rep} <- Plain],
       [{format, [Rep, E], Flat} || #{report := Rep} <- Plain, E <- [latin1, unicode, utf8]],
       [{format, [Rep, latin1, D], Flat} || #{report := Rep} <- Plain, D <- [3, unlimited]],
       [{report_cb, [R, #{}]} || R <- [#{label => other}, x]]]).

%% gen_server's reports: format_log/1 (error_logger's handlers) and
%% format_log/2 (logger's formatter, under its options) on the reports a
%% server's end and an unexpected message make.
%% format_log/1 of Reports with error_logger's format depth at 3 (in the
%% environment OTP's and ours share): the terms are cut before they are
%% formatted.
format_log_depth(Reports) ->
    {via, "format_log/1 at depth 3",
     fun(M) ->
             ok = application:set_env(kernel, error_logger_format_depth, 3),
             try [M:format_log(R) || R <- Reports]
             after application:unset_env(kernel, error_logger_format_depth)
             end
     end}.

%% format_log/1 of each report, at error_logger's depth too, and
%% format_log/2 under each formatter option (its deep list flattened).
format_log_cases(Reports, Options) ->
    Flat = fun({{ok, Chars}, T}) -> {{ok, lists:flatten(Chars)}, T};
              (X) -> X
           end,
    lists:append([[{format_log, [R]} || R <- Reports],
                  [format_log_depth(Reports)],
                  [{format_log, [R, O], Flat} || R <- Reports, O <- Options]]).

%% supervisor's reports as logger gets them: error reports of every
%% context, a child of many (nb_children), progress reports.
supervisor_reports() ->
    Child = [{pid, self()}, {id, worker}, {mfargs, {m, start_link, [lists:seq(1, 20)]}},
             {restart_type, permanent}, {significant, false}, {shutdown, 5000},
             {child_type, worker}],
    Many = [{nb_children, 3} | tl(Child)],
    Error = fun(Ctx, Reason, Off) ->
                    #{label => {supervisor, Ctx},
                      report => [{supervisor, {local, sup}}, {errorContext, Ctx},
                                 {reason, Reason}, {offender, Off}]}
            end,
    Reports = [Error(start_error, {bad, lists:seq(1, 30)}, Child),
               Error(child_terminated, {badarith, [{m, f, 1, [{line, 2}]}]}, Child),
               Error(shutdown_error, killed, Many),
               Error(shutdown, reached_max_restart_intensity, Child),
               #{label => {supervisor, progress},
                 report => [{supervisor, {self(), m}}, {started, Child}]},
               #{label => {supervisor, progress},
                 report => [{supervisor, {local, "sup"}}, {started, Many}]}],
    Options = [#{}, #{single_line => true}, #{depth => 4}, #{single_line => true, depth => 3},
               #{encoding => latin1}, #{chars_limit => 100}, #{depth => unlimited},
               #{single_line => true, chars_limit => 60}],
    format_log_cases(Reports, Options)
        ++ [{format_log, [R, O]} || {R, O} <- [{#{label => other}, #{}},
                                               {#{label => other}, #{single_line => true}}]].

gen_server_reports() ->
    Stack = [{m, handle_call, 3, [{file, "m.erl"}, {line, 3}]},
             {gen_server, try_handle_call, 4, []}],
    Client = [{gen, do_call, 4, []}, {gen_server, call, 2, []}, {c, main, 0, []}, {x, y, 1, []},
              {x, z, 2, []}],
    End = #{label => {gen_server, terminate}, name => self(), last_message => msg,
            state => {s, 1}, log => [], reason => normal, client_info => undefined},
    Ends = [maps:merge(End, V)
            || V <- [#{},
                     #{name => server, reason => {badarith, Stack}},
                     #{reason => {{boom, lists:seq(1, 30)}, Stack}, state => lists:seq(1, 60)},
                     #{reason => {undef, [{lists, no_such_function, [1], []} | Stack]}},
                     #{reason => {undef, [{otp_lib_erl_nomod, f, [1, 2], []}]}},
                     #{reason => {undef, [{lists, reverse, [x], []}]}},
                     #{log => [{in, a}, {out, r, self(), {s, 2}}, {noreply, {s, 3}}]},
                     #{client_info => {self(), dead}},
                     #{client_info => {self(), {self(), Client}}},
                     #{client_info => {self(), {client, Client}}, name => {via, m, "server"},
                       last_message => {call, lists:seq(1, 30)}}]],
    NoInfo = [#{label => {gen_server, no_handle_info}, module => m, message => M}
              || M <- [x, {tuple, "text", lists:seq(1, 40)}]],
    Reports = Ends ++ NoInfo,
    Options = [#{}, #{single_line => true}, #{depth => 4}, #{single_line => true, depth => 3},
               #{encoding => latin1}, #{chars_limit => 200}, #{depth => unlimited},
               #{single_line => true, chars_limit => 90}],
    format_log_cases(Reports, Options)
        ++ [{format_log, [R]} || R <- [#{label => other}, maps:remove(state, End), x]]
        ++ [{format_log, [R, O]} || {R, O} <- [{#{label => other}, #{}}, {End, x},
                                               {maps:remove(name, End), #{single_line => true}}]].

%% ---------------------------------------------------------------------
%% logger's helpers (cases(logger) above)

%% A sequence of steps on one logger module: {F, Args} or {'fun', Fun}
%% (Fun(Module)).
lg_seq(Name, Steps) ->
    {via, "seq " ++ Name,
     fun(M) ->
             lg_clean(M),
             [lg_step(M, Step) || Step <- Steps]
     end}.

lg_step(M, {'fun', Fun}) ->
    lg_norm({try {ok, Fun(M)} catch C:E -> {C, E} end, lg_flush()});
lg_step(M, {F, Args}) ->
    R = lg_settled(fun() ->
                           try {ok, apply(M, F, lg_subst(M, Args))}
                           catch C:E -> {C, E}
                           end
                   end),
    lg_norm({F, R, lg_flush()}).

%% Fun(), and then the end of every process it spawned (and of what those
%% spawned), registered servers apart. logger (OTP's and ours) reports a
%% filter or handler it removed from a process of its own, whose event goes
%% through the filters and handlers there are when it runs, and can reach
%% this process's handlers. Left running, it could run a step or more
%% later: its messages in another step, and a filter it read before the
%% step that removed it failing there and removing, by its id, a newer
%% filter of the same id (the {msg, M} filters of "filters" are all m).
lg_settled(Fun) ->
    Self = self(),
    Tracer = spawn(fun() -> lg_spawned(#{}, none) end),
    1 = erlang:trace(Self, true, [procs, set_on_spawn, {tracer, Tracer}]),
    R = Fun(),
    1 = erlang:trace(Self, false, [procs, set_on_spawn]),
    %% the tracer has had every spawn of this process
    Delivered = erlang:trace_delivered(Self),
    receive {trace_delivered, Self, Delivered} -> ok end,
    Mon = erlang:monitor(process, Tracer),
    Tracer ! {settled, Self, Mon},
    %% at once on an idle machine; generous for a loaded one: with a
    %% bound of 2 s, make check's run failed "filters" once (its FAIL line
    %% was not shown, so the cause is not known)
    receive {Mon, settled} -> ok
    after 20000 -> ok
    end,
    %% (after the 'DOWN', no late answer can come)
    exit(Tracer, kill),
    receive {'DOWN', Mon, process, Tracer, _} -> ok end,
    receive {Mon, settled} -> ok after 0 -> ok end,
    R.

%% The tracer of lg_settled/1: the processes spawned, each running (true)
%% or ended or registered (false), and who waits for none to run.
lg_spawned(Procs, {To, Tag} = Waiting) ->
    case lists:member(true, maps:values(Procs)) of
        true -> lg_spawned1(Procs, Waiting);
        false -> To ! {Tag, settled}
    end;
lg_spawned(Procs, none) ->
    lg_spawned1(Procs, none).

lg_spawned1(Procs, Waiting) ->
    receive
        {trace, _, spawn, Pid, _} -> lg_spawned(Procs#{Pid => maps:get(Pid, Procs, true)}, Waiting);
        {trace, Pid, spawned, _, _} -> lg_spawned(Procs#{Pid => maps:get(Pid, Procs, true)}, Waiting);
        {trace, Pid, exit, _} -> lg_spawned(Procs#{Pid => false}, Waiting);
        {trace, Pid, register, _} -> lg_spawned(Procs#{Pid => false}, Waiting);
        {settled, To, Tag} -> lg_spawned(Procs, {To, Tag});
        _ -> lg_spawned(Procs, Waiting)
    end.

%% '$self' is the calling process, {std_h} the logger_std_h of M.
lg_subst(_, '$self') -> self();
lg_subst(M, {std_h}) -> lg_std_h(M);
lg_subst(M, {el}) -> M;
lg_subst(M, [H | T]) -> [lg_subst(M, H) | lg_subst(M, T)];
lg_subst(M, T) when is_tuple(T) -> list_to_tuple(lg_subst(M, tuple_to_list(T)));
lg_subst(M, Map) when is_map(Map) -> maps:from_list(lg_subst(M, maps:to_list(Map)));
lg_subst(_, X) -> X.

%% logger's defaults, no handlers, no module levels. Before ours, OTP's
%% default handler goes too: its process has the name our logger_std_h
%% gives a handler's writer (logger_std_h_default), so removing our
%% default handler would wait for that process to stop.
lg_clean(M) ->
    _ = M =:= logger orelse logger:remove_handler(default),
    [M:remove_handler(Id) || Id <- M:get_handler_ids()],
    ok = M:unset_module_level(),
    ok = M:set_primary_config(#{}),
    ok = M:set_proxy_config(#{}),
    ok = M:unset_process_metadata(),
    lg_flush().

lg_flush() ->
    lg_own_first(lg_received()).

lg_received() ->
    receive X -> [X | lg_received()]
    after 0 -> []
    end.

%% The events logger logs from processes it spawns (internal_log_event:
%% the report of a filter or handler it removed) race with the step's own
%% later ones, in OTP's logger as in ours; they go after the step's own,
%% each group in the order it came.
lg_own_first(Msgs) ->
    {Spawned, Own} = lists:partition(fun lg_from_spawned/1, Msgs),
    Own ++ Spawned.

lg_from_spawned({log, _, _, _, #{internal_log_event := true}, _}) -> true;
lg_from_spawned({log, _, _, _, _, #{internal_log_event := true}}) -> true; % error_logger's form
lg_from_spawned(_) -> false.

%% Pids, refs, callback stacks, source locations and our modules' prefix.
lg_norm(P) when is_pid(P) -> pid;
lg_norm(R) when is_reference(R) -> ref;
lg_norm(A) when is_atom(A) ->
    case atom_to_list(A) of
        "dbgsh_" ++ Name -> list_to_atom(Name);
        _ -> A
    end;
lg_norm(F) when is_function(F) ->
    case erlang:fun_info(F, type) of
        {type, external} ->
            {module, M} = erlang:fun_info(F, module),
            {name, N} = erlang:fun_info(F, name),
            {arity, A} = erlang:fun_info(F, arity),
            {'fun', lg_norm(M), N, A};
        _ -> F
    end;
lg_norm({callback_crashed, {C, R, _Stack}}) -> {callback_crashed, {C, lg_norm(R)}};
lg_norm(#{mfa := MFA, line := _, file := _} = Meta) ->
    maps:from_list(lg_norm(maps:to_list(Meta#{mfa := lg_mfa(MFA), line := line,
                                               file := file})));
lg_norm([H | T]) -> [lg_norm(H) | lg_norm(T)];
lg_norm(T) when is_tuple(T) -> list_to_tuple(lg_norm(tuple_to_list(T)));
lg_norm(M) when is_map(M) -> maps:from_list(lg_norm(maps:to_list(M)));
lg_norm(X) -> X.

%% The location of logger's own events names our functions, not OTP's.
lg_mfa({M, _, _} = MFA) ->
    case lists:member(lg_norm(M), [logger, logger_backend, logger_server, logger_h_common,
                                   logger_std_h, logger_olp, logger_proxy]) of
        true -> logger_internal;
        false -> MFA
    end;
lg_mfa(MFA) ->
    MFA.

lg_meta_norm({{ok, Meta}, T}) when is_map(Meta) ->
    {{ok, maps:map(fun(time, V) when is_integer(V) -> time;
                      (_, V) -> lg_norm(V)
                   end, Meta)}, T};
lg_meta_norm(X) -> X.

%% The handler: config #{to => Pid} says where to tell what happens;
%% refuse and crash make it fail.
adding_handler(#{config := #{refuse := true}}) -> {error, refused};
adding_handler(#{config := #{crash := add}}) -> erlang:error(add_crashed);
adding_handler(#{id := Id, config := #{to := To}} = Config) ->
    To ! {adding, Id, lists:sort(maps:keys(Config))},
    {ok, Config#{added => yes}};
adding_handler(Config) -> {ok, Config}.

removing_handler(#{id := Id, config := #{to := To}}) -> To ! {removing, Id}, ok;
removing_handler(_) -> ok.

changing_config(_, #{config := #{crash := change}}, _) -> erlang:error(change_crashed);
changing_config(SetOrUpd, #{id := Id, config := #{to := To}}, New) ->
    To ! {changing, Id, SetOrUpd, New},
    case New of
        #{config := #{refuse := true}} -> {error, refused};
        _ -> {ok, New#{changed => SetOrUpd}}
    end;
changing_config(_, _, New) -> {ok, New}.

log(Event, #{config := #{crash := log}}) -> erlang:error({log_crashed, maps:get(level, Event)});
log(#{level := L, msg := Msg, meta := Meta}, #{id := Id, config := #{to := To, el := true}}) ->
    %% error_logger's events: their metadata with the report_cb's text
    Text = case {Msg, Meta} of
               {{report, R}, #{report_cb := Cb}} when is_function(Cb, 1) ->
                   {report_cb, try Cb(R) catch C:E -> {C, E} end};
               _ ->
                   none
           end,
    Given = maps:map(fun(K, V) when K =:= pid; K =:= gl; K =:= time ->
                             {K, is_pid(V) orelse is_integer(V)};
                        (report_cb, V) -> {report_cb, el_fun(V)};
                        (_, V) -> V
                     end, Meta),
    To ! {log, Id, L, Msg, Text, Given},
    ok;
log(#{level := L, msg := Msg, meta := Meta}, #{id := Id, config := #{to := To}} = Config) ->
    Given = maps:map(fun(K, V) when K =:= pid; K =:= gl; K =:= time -> {K, is_pid(V) orelse is_integer(V)};
                        (_, V) -> V
                     end, Meta),
    To ! {log, Id, L, Msg, Given, lists:sort(maps:keys(Config))},
    ok;
log(_, _) -> ok.

lg_filter(_, crash) -> erlang:error(filter_crashed);
lg_filter(_, bad) -> bad_return;
lg_filter(#{level := L}, {stop, L}) -> stop;
lg_filter(#{level := L} = E, {log, L}) -> E;
lg_filter(E, {change, X}) -> E#{msg => {"changed ~p", [X]}};
lg_filter(E, {level, L}) -> E#{level => L};
lg_filter(E, {msg, M}) -> E#{msg => M};
lg_filter(_, _) -> ignore.

lg_lazy(ignore) -> ignore;
lg_lazy(meta) -> {"with meta", #{m => 1}};
lg_lazy(crash) -> erlang:error(lazy_crashed);
lg_lazy(junk) -> 42;
lg_lazy(report) -> #{r => 1};
lg_lazy(report_meta) -> {[{a, 1}], #{m => 2}};
lg_lazy(string) -> <<"str">>;
lg_lazy(X) -> {"lazy ~p", [X]}.

lg_rcb(#{a := _}) -> {"rcb a=~p", [a]};
lg_rcb([{k, _} | _]) -> junk;
lg_rcb(R) -> {"rcb ~p", [R]}.

lg_rcb2(#{a := _}, Opts) -> io_lib:format("rcb2 ~p", [lists:sort(maps:to_list(Opts))]);
lg_rcb2([{k, _} | _], _) -> <<"bin rcb2">>;
lg_rcb2(_, _) -> [a | b].

%% An io server that keeps what it is sent: {text, From} answers it.
lg_capture() ->
    spawn(fun() -> lg_capture([]) end).

lg_capture(Acc) ->
    receive
        {io_request, From, Ref, Req} ->
            {Reply, Text} = case Req of
                                {put_chars, _, Chars} -> {ok, Chars};
                                {put_chars, _, Mod, F, A} -> {ok, apply(Mod, F, A)};
                                getopts -> {[{binary, false}, {encoding, latin1}], []};
                                _ -> {{error, request}, []}
                            end,
            From ! {io_reply, Ref, Reply},
            lg_capture([Acc | unicode:characters_to_list(Text)]);
        {text, From} ->
            From ! {text, lists:flatten(Acc)},
            lg_capture(Acc)
    end.

lg_text(Cap) ->
    Cap ! {text, self()},
    receive {text, T} -> T end.

%% i/0,1 written to a capturing group leader.
lg_i(M) ->
    Cap = lg_capture(),
    GL = group_leader(),
    group_leader(Cap, self()),
    R = [try M:i(X) catch C:E -> {C, E} end || X <- [primary, handlers, proxy, modules, h1,
                                                    lg_none, "x"]],
    ok = M:i(),
    group_leader(GL, self()),
    {R, lg_text(Cap)}.

%% logger_std_h of the logger module under test.
lg_std_h(M) ->
    case atom_to_list(M) of
        "dbgsh_" ++ _ -> dbgsh_logger_std_h;
        _ -> logger_std_h
    end.

%% Events through a logger_std_h handler writing to a capturing device.
lg_device(M) ->
    H = lg_std_h(M),
    Cap = lg_capture(),
    F = {logger_formatter, #{template => [level, ": ", msg, "\n"]}},
    ok = M:add_handler(sh, H, #{config => #{type => {device, Cap}}, formatter => F}),
    Config = M:get_handler_config(sh),
    ok = M:error("text ~p", [1]),
    ok = M:warning(#{a => 1, b => "two"}),
    ok = M:error(#{label => {x, y}, report => [{k, v}]}),
    ok = M:error(#{label => {x, y}, report => [{k, v}]}, #{report_cb => fun lib_test:lg_rcb/1}),
    ok = M:update_formatter_config(sh, #{template => [msg, "\n"], max_size => 12}),
    ok = M:error("a rather long message"),
    ok = H:filesync(sh),
    Sync = try H:filesync(lg_none_h) catch exit:E -> E end,
    ok = M:remove_handler(sh),
    {Config, Sync, lg_text(Cap)}.

%% A file handler, rotated by size (gzipped or not).
lg_file(M, Compress) ->
    H = lg_std_h(M),
    File = tmp_file("logger_std_h.log"),
    Names = [File | [File ++ "." ++ integer_to_list(N) ++ Z || N <- [0, 1, 2], Z <- ["", ".gz"]]],
    [file:delete(N) || N <- Names],
    ok = M:add_handler(sf, H, #{config => #{file => File, max_no_bytes => 40, max_no_files => 2,
                                            compress_on_rotate => Compress},
                                formatter => {logger_formatter, #{template => [msg, "\n"]}}}),
    {ok, Config} = M:get_handler_config(sf),
    [ok = M:error("line ~p of the log", [N]) || N <- lists:seq(1, 7)],
    ok = H:filesync(sf),
    ok = M:remove_handler(sf),
    Files = [{filename:basename(N), lg_read(N)} || N <- Names],
    [file:delete(N) || N <- Names],
    {maps:get(config, Config), Files}.

lg_read(Name) ->
    case file:read_file(Name) of
        {ok, Bin} ->
            case lists:suffix(".gz", Name) of
                true -> {gz, zlib:gunzip(Bin)};
                false -> Bin
            end;
        Error -> Error
    end.

lg_sequences() ->
    AllLevels = [emergency, alert, critical, error, warning, notice, info, debug],
    H = #{config => #{to => '$self'}},
    Loc = #{mfa => {lgm, f, 1}, line => 1, file => "lgm.erl"},
    Filter = fun(Arg) -> {fun lib_test:lg_filter/2, Arg} end,
    [{"levels",
      [{allow, [L, lgm]} || L <- AllLevels]
      ++ [{set_primary_config, [level, info]}]
      ++ [{allow, [L, lgm]} || L <- AllLevels]
      ++ [{set_module_level, [lgm, debug]}, {allow, [debug, lgm]}, {allow, [debug, lgn]},
          {get_module_level, []}, {get_module_level, [lgm]}, {get_module_level, [[lgm, lgx]]},
          {set_module_level, [[lga, lgb], error]}, {get_module_level, []},
          {set_module_level, ["m", info]}, {set_module_level, [[a, "b"], info]},
          {set_module_level, [lgm, bad]}, {set_module_level, [lgm, none]},
          {allow, [emergency, lgm]}, {unset_module_level, [lga]}, {unset_module_level, [["x"]]},
          {unset_module_level, ["x"]}, {get_module_level, []}, {unset_module_level, []},
          {get_module_level, []}, {set_primary_config, [level, all]}, {allow, [debug, lgz]},
          {set_primary_config, [level, none]}, {allow, [emergency, lgz]}, {allow, [bad, lgm]},
          {allow, [info, "m"]}, {get_module_level, ["x"]}]},
     {"primary config",
      [{get_primary_config, []},
       {set_primary_config, [#{level => info, metadata => #{a => 1}}]}, {get_primary_config, []},
       {update_primary_config, [#{level => debug}]}, {get_primary_config, []},
       {set_primary_config, [filter_default, stop]}, {set_primary_config, [x, y]},
       {set_primary_config, [#{foo => 1}]}, {set_primary_config, [level, foo]},
       {set_primary_config, [metadata, x]}, {set_primary_config, [filters, x]},
       {set_primary_config, [filters, [x]]}, {set_primary_config, [filters, [{f, Filter(a)}]]},
       {get_primary_config, []}, {set_primary_config, [x]}, {update_primary_config, [x]},
       {set_primary_config, [filter_default, maybe]}, {set_primary_config, [handlers, []]},
       {update_primary_config, [#{level => warning, filters => []}]}, {get_primary_config, []},
       {set_primary_config, [#{}]}, {get_primary_config, []}, {get_proxy_config, []},
       {set_proxy_config, [#{sync_mode_qlen => 600, drop_mode_qlen => 700, flush_qlen => 800}]},
       {get_proxy_config, []}, {update_proxy_config, [#{sync_mode_qlen => 10}]},
       {get_proxy_config, []}, {set_proxy_config, [#{foo => 1}]},
       {set_proxy_config, [#{sync_mode_qlen => 5000}]}, {set_proxy_config, [x]},
       {update_proxy_config, [#{burst_limit_enable => maybe}]}, {set_proxy_config, [#{}]},
       {get_proxy_config, []}, {set_handler_config, [proxy, #{}]}, {get_proxy_config, []}]},
     {"handlers",
      [{add_handler, [h1, lib_test, H]}, {get_handler_ids, []}, {get_handler_config, [h1]},
       {add_handler, [h1, lib_test, H]}, {add_handler, ["h", lib_test, #{}]},
       {add_handler, [h2, "m", #{}]}, {add_handler, [h2, lib_test, x]},
       {add_handler, [h2, lib_test, #{level => bad}]}, {add_handler, [h2, lib_test, #{filters => bad}]},
       {add_handler, [h2, lib_test, #{filter_default => x}]},
       {add_handler, [h2, lib_test, #{formatter => bad}]},
       {add_handler, [h2, lib_test, #{formatter => {logger_formatter, #{depth => 0}}}]},
       {add_handler, [h2, lib_test, #{formatter => {lg_no_formatter, #{}}, id => other}]},
       {add_handler, [h3, lg_no_module, #{}]},
       {add_handler, [h4, lib_test, #{config => #{to => '$self', refuse => true}}]},
       {add_handler, [primary, lib_test, #{}]}, {add_handler, [proxy, lib_test, #{}]},
       {get_handler_ids, []}, {get_handler_config, [h2]}, {set_handler_config, [h1, level, info]},
       {get_handler_config, [h1]},
       {set_handler_config, [h1, #{config => #{to => '$self'}, level => error}]},
       {get_handler_config, [h1]}, {update_handler_config, [h1, #{level => debug, custom => 1}]},
       {update_handler_config, [h1, id, other]}, {set_handler_config, [h1, module, other]},
       {update_handler_config, [h1, #{config => #{to => '$self', refuse => true}}]},
       {set_handler_config, [lg_none, level, info]}, {set_handler_config, ["h", level, info]},
       {set_handler_config, [h1, level, bad]}, {set_handler_config, [h1, x]},
       {update_handler_config, [h1, filters, [{f, Filter(x)}]]},
       {update_formatter_config, [h1, #{single_line => true}]},
       {update_formatter_config, [h1, depth, 10]}, {get_handler_config, [h1]},
       {update_formatter_config, [h1, x]}, {update_formatter_config, [h1, #{depth => -1}]},
       {update_formatter_config, [lg_none, #{}]}, {update_formatter_config, [primary, #{}]},
       {get_handler_config, []}, {get_handler_config, [lg_none]},
       {get_handler_config, [primary]}, {get_handler_config, [proxy]},
       {remove_handler, [primary]}, {remove_handler, [proxy]},
       {set_handler_config, [primary, level, info]}, {get_primary_config, []},
       {set_handler_config, [proxy, level, info]}, {remove_handler, [h1]},
       {remove_handler, [h1]}, {remove_handler, [h2]}, {get_handler_ids, []},
       {add_handler, [hk, lib_test, #{config => #{crash => change}}]},
       {set_handler_config, [hk, level, info]}, {remove_handler, [hk]},
       {add_handler, [hc, lib_test, #{config => #{crash => add}}]}, {get_handler_ids, []}]},
     {"filters",
      [{add_handler, [h1, lib_test, H]}, {set_primary_config, [level, all]},
       {add_primary_filter, [f1, Filter({stop, info})]}, {info, ["i"]}, {notice, ["n"]},
       {add_primary_filter, [f1, Filter(x)]}, {add_primary_filter, [f2, Filter({change, 1})]},
       {error, ["e"]}, {remove_primary_filter, [f2]}, {remove_primary_filter, [f2]},
       {set_primary_config, [filter_default, stop]}, {error, ["e2"]},
       {add_primary_filter, [f3, Filter({log, warning})]}, {warning, ["w"]}, {error, ["e3"]},
       {add_primary_filter, ["f", Filter(x)]}, {add_primary_filter, [f4, {fun lists:foldl/3, x}]},
       {add_primary_filter, [f4, x]}, {add_handler_filter, [h1, hf, Filter({stop, warning})]},
       {set_primary_config, [filter_default, log]}, {warning, ["w2"]}, {error, ["e4"]},
       {add_handler_filter, [lg_none, hf, Filter(x)]}, {add_handler_filter, [h1, hf, Filter(x)]},
       {add_handler_filter, ["h", hf, Filter(x)]}, {remove_handler_filter, [h1, hf]},
       {remove_handler_filter, [h1, hf]}, {remove_handler_filter, [lg_none, hf]},
       {add_handler_filter, [h1, lvl, {fun logger_filters:level/2, {stop, lt, error}}]},
       {set_handler_config, [h1, filter_default, stop]}, {warning, ["w3"]}, {error, ["e5"]},
       {set_handler_config, [h1, filter_default, log]}, {set_handler_config, [h1, filters, []]},
       {add_handler_filter, [h1, dom, {fun logger_filters:domain/2, {stop, sub, [a]}}]},
       {error, ["d1", [], #{domain => [a, b]}]}, {error, ["d2", [], #{domain => [b]}]},
       {add_handler_filter, [primary, pf, Filter({change, 2})]}, {error, ["p"]},
       {get_primary_config, []}, {add_primary_filter, [lv, Filter({level, bogus})]},
       {error, ["b"]}, {remove_primary_filter, [lv]},
       {add_primary_filter, [bad, Filter(bad)]}, {error, ["e6"]}, {get_primary_config, []}]
      ++ lists:append([[{add_primary_filter, [m, Filter({msg, M})]}, {error, ["msg"]},
                        {remove_primary_filter, [m]}]
                       || M <- [{report, []}, {report, #{}, x}, {string, 1}, {string, <<"s">>},
                                {"f", x}, {report, [{a, b}]}, {x}, x]])
      ++ [{get_primary_config, []},
       {get_handler_config, [h1]}]},
     {"log calls",
      [{add_handler, [h1, lib_test, H]},
       {error, ["f ~p", [1]]}, {warning, [#{a => 1}]}, {info, ["s"]}, {notice, [[{a, 1}]]},
       {log, [error, "x", #{meta => 1}]}, {alert, ["a", #{m => 1}]}, {critical, ["c", []]},
       {emergency, ["e ~w", [x], #{m => 2}]}, {debug, ["d"]}]
      ++ [{log, [error, fun lib_test:lg_lazy/1, A]}
          || A <- [fmt, ignore, meta, crash, junk, report, report_meta, string]]
      ++ [{log, [error, fun lib_test:lg_lazy/1, fmt, #{k => v}]},
          {log, [info, fun lib_test:lg_lazy/1, crash]},
          {log, [error, "f", [a], #{x => 1}]}, {log, [error, <<"bin">>]},
          {log, [error, fmtatom, []]}, {error, [foo]}, {error, [123]}, {error, [[]]},
          {error, [[{a, 1} | x]]}, {log, [bad, "x"]}, {log, [error, "x", notalist]},
          {log, [error, "f", [a], notamap]}, {error, ["x", []]},
          {macro_log, [Loc, error, "m ~p", [1]]}, {macro_log, [Loc, info, "below level"]},
          {macro_log, [Loc, debug, #{r => 1}, #{meta => 2}]},
          {macro_log, [Loc, error, fun lib_test:lg_lazy/1, fmt]},
          {macro_log, [Loc, error, fun lib_test:lg_lazy/1, fmt, #{k => v}]},
          {macro_log, [x, error, "x"]}, {macro_log, [Loc, bad, "x"]},
          {macro_log, [Loc, error, x]},
          {set_process_metadata, [#{p => 1, meta => proc}]},
          {set_primary_config, [metadata, #{prim => 1, meta => prim, p => prim}]},
          {error, ["m", [], #{meta => call}]}, {macro_log, [Loc#{meta => loc, l => 1}, error, "m"]},
          {update_process_metadata, [#{q => 2}]}, {get_process_metadata, []},
          {error, ["m2"]}, {unset_process_metadata, []}, {get_process_metadata, []},
          {set_process_metadata, [x]}, {update_process_metadata, [x]},
          {set_module_level, [lgm, debug]}, {debug, ["d", [], #{mfa => {lgm, f, 0}}]},
          {debug, ["d2", [], #{mfa => {lgn, f, 0}}]}, {log, [error, "g", #{gl => foo}]},
          {error, ["t", [], #{time => 42, pid => x}]}]},
     {"crashes",
      [{add_handler, [hok, lib_test, H]},
       {add_handler, [hcrash, lib_test, #{config => #{to => '$self', crash => log}}]},
       {error, ["boom"]}, {get_handler_ids, []}, {add_primary_filter, [fc, Filter(crash)]},
       {error, ["x"]}, {get_primary_config, []}]},
     {"add_handlers",
      [{add_handlers, [otp_lib_erl_noapp]},
       {add_handlers, [[{handler, ha, lib_test, #{config => #{to => '$self'}}}]]},
       {get_handler_ids, []}, {add_handlers, [[bad]]},
       {add_handlers, [[{handler, ha, lib_test, #{}}]]},
       {add_handlers, [[{handler, hb, lib_test, x}]]},
       {add_handlers, [[{handler, default, lib_test, #{config => #{to => '$self'}}}]]},
       {get_handler_config, [default]}, {remove_handler, [default]},
       {add_handlers, [[{handler, default, lib_test, #{filters => []}}]]},
       {get_handler_config, [default]}, {add_handlers, [x]}, {remove_handler, [ha]},
       {set_module_level, [lgm, debug]}, {set_primary_config, [level, info]},
       {reconfigure, []}, {get_config, []}, {add_handlers, [kernel]},
       {remove_handler, [default]}, {get_config, []}, {add_handlers, [kernel]},
       {get_handler_ids, []}]},
     {"i",
      [{add_handler, [h1, lib_test, #{config => #{x => 1}, level => info, custom => x}]},
       {add_primary_filter, [f1, Filter(x)]}, {set_module_level, [[lgm, lgn], debug]},
       {'fun', fun lg_i/1}, {'fun', fun(M) -> lg_clean(M), lg_i(M) end}]},
     {"logger_std_h",
      [{'fun', fun lg_device/1}, {'fun', fun(M) -> lg_file(M, false) end},
       {'fun', fun(M) -> lg_file(M, true) end}]
      ++ [{add_handler, [s, {std_h}, #{config => C}]}
          || C <- [#{type => foo}, #{foo => 1}, #{sync_mode_qlen => x},
                   #{sync_mode_qlen => 1000}, nomap, #{type => standard_error,
                                                        filesync_repeat_interval => x},
                   #{file => "/proc/otp_lib_erl/x.log"}]]
      ++ [{add_handler, [s, {std_h}, #{config => #{type => {device, '$self'}}}]},
          {get_handler_config, [s]},
          {update_handler_config, [s, config, #{type => standard_io}]},
          {update_handler_config, [s, config, #{sync_mode_qlen => 3}]},
          {get_handler_config, [s]}, {set_handler_config, [s, config, #{}]},
          {get_handler_config, [s]}, {set_handler_config, [s, config, #{drop_mode_qlen => 1}]},
          {update_handler_config, [s, config, #{filesync_repeat_interval => 10}]},
          {get_handler_config, [s]}]}].

%% ---------------------------------------------------------------------
%% logger_formatter's defaults from the environment (OTP's and ours
%% share it): the kernel's error_logger_format_depth, sasl's and
%% stdlib's utc_log.

lgf_env(M, Event) ->
    Envs = [[], [{kernel, error_logger_format_depth, 12}], [{kernel, error_logger_format_depth, 3}],
            [{stdlib, utc_log, true}], [{sasl, utc_log, true}, {stdlib, utc_log, false}],
            [{sasl, utc_log, false}, {stdlib, utc_log, true}],
            [{sasl, utc_log, x}, {stdlib, utc_log, true}],
            [{kernel, error_logger_format_depth, 20}, {stdlib, utc_log, true}]],
    Configs = [#{}, #{single_line => false}, #{legacy_header => true}, #{depth => 7},
               #{time_offset => "+01:00"}],
    [try
         [ok = application:set_env(App, K, V) || {App, K, V} <- Env],
         [try lists:flatten(M:format(Event, C)) catch Cl:R -> {Cl, R} end || C <- Configs]
     after
         [application:unset_env(App, K) || {App, K, _} <- Env]
     end || Env <- Envs].

%% ---------------------------------------------------------------------
%% error_logger's helpers (cases(error_logger) above)

%% A sequence of steps: {F, Args} on error_logger, {logger, F, Args} on
%% its logger, each with the messages it caused.
el_seq(Name, Steps) ->
    {via, "seq " ++ Name,
     fun(M) ->
             L = el_logger(M),
             lg_clean(L),
             ok = M:stop(),
             ok = L:add_handler(h1, lib_test, #{config => #{to => self(), el => true}}),
             %% (OTP's manager starts under a supervisor, which reports
             %% its start; dbgsh's has none)
             ok = L:add_primary_filter(no_progress, {fun logger_filters:progress/2, stop}),
             R = [el_step(M, L, Step) || Step <- Steps],
             lg_clean(L),
             ok = M:stop(),
             R
     end}.

el_logger(M) ->
    case atom_to_list(M) of
        "dbgsh_" ++ _ -> dbgsh_logger;
        _ -> logger
    end.

el_step(M, L, {settle, Step}) ->
    %% logger makes its report about a callback that crashed in a process
    %% of its own: give it time to come in
    R = el_step(M, L, Step),
    timer:sleep(50),
    {F, Result, Msgs} = R,
    {F, Result, lists:sort(Msgs ++ lg_norm(el_norm(lg_flush())))};
el_step(M, _L, {'fun', Fun}) ->
    el_result(M, 'fun', fun() -> Fun(M) end);
el_step(M, L, {logger, F, Args}) ->
    el_result(M, F, fun() -> apply(L, F, lg_subst(M, Args)) end);
el_step(M, _L, {F, Args}) ->
    el_result(M, F, fun() -> apply(M, F, lg_subst(M, Args)) end).

%% The messages of a step come from the calling process (logger's
%% handlers) and from the manager, in either order: sorted.
el_result(M, F, Fun) ->
    R = try {ok, Fun()} catch C:E -> {C, E} end,
    _ = try M:which_report_handlers() catch _:_ -> none end,
    lg_norm({F, el_norm(R), lists:sort(lg_norm(el_norm(lg_flush())))}).

%% Stack traces (of a report_cb's crash, of a callback that crashed, in
%% gen_event's {'EXIT', Reason}) name different functions.
el_norm({C, R, [{_, _, _, _} | _] = Stack}) when C =:= error; C =:= exit; C =:= throw ->
    case lists:all(fun(Frame) -> tuple_size(Frame) =:= 4 end, Stack) of
        true -> {C, el_norm(R), stack};
        false -> {C, el_norm(R), el_norm(Stack)}
    end;
el_norm({'EXIT', {R, [{_, _, _, _} | _]}}) -> {'EXIT', {el_norm(R), stack}};
el_norm([H | T]) -> [el_norm(H) | el_norm(T)];
el_norm(T) when is_tuple(T) -> list_to_tuple(el_norm(tuple_to_list(T)));
el_norm(Map) when is_map(Map) -> maps:from_list(el_norm(maps:to_list(Map)));
el_norm(X) -> X.

%% What the report handler (this module, Args #{to => Pid}) tells.
init(#{to := To} = Args) -> To ! {init, Args}, {ok, Args};
init(Args) -> {ok, Args}.

handle_event(Event, #{to := To} = S) -> To ! {event, Event}, {ok, S};
handle_event(_, S) -> {ok, S}.

handle_call(Query, S) -> {ok, {reply, Query}, S}.

handle_info(Info, #{to := To} = S) -> To ! {info, Info}, {ok, S};
handle_info(_, S) -> {ok, S}.

terminate(Reason, #{to := To}) -> To ! {terminate, Reason}, ok;
terminate(_, _) -> ok.

%% get_format_depth/0 and limit_term/1 with the kernel's
%% error_logger_format_depth set (in the environment OTP's and ours share).
el_depth(M) ->
    Deep = {a, [b, [c, [d, [e, [f, [g, [h, [i, [j, [k, [l, [m]]]]]]]]]]]], lists:seq(1, 30)},
    [try
         ok = application:set_env(kernel, error_logger_format_depth, D),
         {D, M:get_format_depth(), M:limit_term(Deep)}
     catch
         C:E -> {D, C, el_norm(E)}
     after
         application:unset_env(kernel, error_logger_format_depth)
     end || D <- [3, 10, 12, 30, unlimited, x]].

%% error_logger_tty_h's header in universal time when utc_log is true
%% (sasl's before stdlib's).
el_utc(M) ->
    Event = {{{2024, 1, 2}, {3, 4, 5}}, {error, self(), {self(), "utc~n", []}}},
    Envs = [[{stdlib, true}], [{stdlib, false}], [{sasl, true}], [{sasl, false}, {stdlib, true}],
            [{sasl, true}, {stdlib, false}]],
    [try
         [ok = application:set_env(App, utc_log, V) || {App, V} <- Env],
         lists:flatten(M:write_event(Event, io_lib))
     after
         [application:unset_env(App, utc_log) || {App, _} <- Env]
     end || Env <- Envs].

%% A fun as its module (without our prefix) and arity.
el_fun(F) when is_function(F) ->
    {module, M} = erlang:fun_info(F, module),
    {arity, A} = erlang:fun_info(F, arity),
    {'fun', lg_norm(M), A};
el_fun(X) ->
    X.

el_rcb_crash(R) -> erlang:error({rcb_crashed, R}).

el_rcb_crash(R, _Opts) -> erlang:error({rcb_crashed, R}).

%% Events as error_logger's manager passes them on.
el_events() ->
    GL = self(),
    P = self(),
    [{error, GL, {P, "f ~p~n", [1]}}, {error, GL, {P, "bad ~p", []}},
     {error, GL, {P, x, y}}, {info_msg, GL, {P, "i ~w ~s~n", [a, "b"]}},
     {warning_msg, GL, {P, "w", []}},
     {error_report, GL, {P, std_error, [{a, 1}, x, "s", {"k", "v"}]}},
     {error_report, GL, {P, std_error, "a string"}}, {error_report, GL, {P, std_error, #{a => 1}}},
     {info_report, GL, {P, std_info, [[]]}}, {info_report, GL, {P, std_info, []}},
     {warning_report, GL, {P, std_warning, ["ab", "cd"]}},
     {error_report, GL, {P, other, x}}, {info, GL, {P, "~p", [x]}},
     {error, GL, {P, "long ~p ~w~n", [lists:seq(1, 40), {deep, [[[[[x]]]]]}]}},
     {info_report, GL, {P, std_info, [{k, lists:seq(1, 40)}, "text", {[x], "v"}]}},
     {error_report, GL, {P, std_error, [{k, [$a | b]}]}}, {error, GL, {emulator, "e", []}},
     {error, GL, {P, "~ts ~tp", [[1024, 97], [1024]]}}, x].

el_file_h(M) ->
    File = tmp_file("error_logger_file_h.log"),
    {ok, Mgr} = gen_event:start(),
    Events = [E || E <- el_events(), element(1, element(3, E)) =/= emulator],
    try
        R0 = gen_event:add_handler(Mgr, M, File),
        R1 = gen_event:call(Mgr, M, filename),
        R2 = gen_event:call(Mgr, M, other),
        [gen_event:notify(Mgr, E) || E <- Events],
        R3 = gen_event:which_handlers(Mgr),
        R4 = gen_event:delete_handler(Mgr, M, normal),
        T1 = el_read(File),
        %% taking over from a handler named error_logger: its events
        %% (newest first) go first
        R5 = gen_event:add_handler(Mgr, M, {File, {error_logger, [hd(tl(Events)), hd(Events)]}}),
        gen_event:notify(Mgr, lists:last(Events)),
        R6 = gen_event:delete_handler(Mgr, M, x),
        lg_norm({[R0, R1, R2, R3, R4, R5, R6], T1, el_read(File)})
    after
        gen_event:stop(Mgr),
        file:delete(File)
    end.

el_read(File) ->
    {ok, Bin} = file:read_file(File),
    re:replace(Bin, "[0-9]+-[A-Z][a-z]+-[0-9]+::[0-9]+:[0-9]+:[0-9]+", "DATE",
               [global, {return, binary}]).

%% A file of events through error_logger:logfile/1.
el_logfile(M) ->
    File = tmp_file("error_logger_logfile.log"),
    R = [M:logfile({open, File}), M:logfile({open, File}), M:logfile(filename),
         M:which_report_handlers(), M:error_msg("to the file ~p~n", [1]),
         M:error_report([{a, 1}]), M:info_report(progress, x), M:warning_msg("w~n"),
         M:logfile(filename), M:logfile(close), M:logfile(close), M:logfile(filename),
         M:which_report_handlers()],
    T = el_read(File),
    file:delete(File),
    {R, T}.

el_sequences() ->
    Rcb = fun(F) -> #{report_cb => F, error_logger => #{tag => error}} end,
    [{"messages",
      [{error_msg, ["e"]}, {error_msg, ["e ~p~n", [1]]}, {format, ["f ~w", [x]]},
       {warning_msg, ["w"]}, {warning_msg, ["w ~p", [2]]}, {info_msg, ["i"]},
       {info_msg, ["i ~s", ["s"]]}, {error_msg, ["bad ~p ~p", [1]]}, {error_msg, [foo, bar]},
       {error_msg, [x]}, {error_msg, [<<"bin ~p">>, [1]]}, {error_msg, ["~s", [1]]},
       {warning_msg, ["w", x]}, {info_msg, [atom_fmt, []]}, {error_msg, [["deep", "~p"], [1]]},
       {error_info, [hello]}, {error_info, ["string info"]}, {error_info, [["deep", "er"]]},
       {error_info, [[]]}, {error_info, [[a | b]]}, {error_info, [{t, 1}]}]},
     {"reports",
      [{error_report, [[{a, 1}, {b, "str"}, x]]}, {error_report, ["a string"]},
       {error_report, [#{m => 1}]}, {error_report, [x]}, {error_report, [[]]},
       {error_report, [mytype, [{a, 1}]]}, {error_report, [undefined, [{a, 1}]]},
       {error_report, [std_info, x]}, {warning_report, [[{w, 1}]]},
       {warning_report, [wt, [{w, 1}]]}, {warning_report, [std_warning, #{w => 2}]},
       {info_report, [[{i, 1}]]}, {info_report, [progress, [{i, 1}]]},
       {info_report, [undefined, #{a => 1}]}, {info_report, [std_info, ["ab", "cd"]]},
       {info_report, [[$a | b]]}]},
     {"logger calls",
      [{logger, set_primary_config, [level, all]},
       {logger, error, ["plain ~p", [1]]},
       {logger, error, ["em ~p", [1], #{error_logger => #{tag => error}}]},
       {logger, error, [#{r => 1}, #{error_logger => #{tag => error_report, type => std_error}}]},
       {logger, error, [#{label => {l, x}, report => [{k, v}]},
                        #{error_logger => #{tag => error_report, type => t}}]},
       {logger, error, [#{r => 2}, #{error_logger => #{tag => error}}]},
       {logger, error, [[{k, v}], #{error_logger => #{tag => error}}]},
       {logger, error, [#{label => {l, x}, format => "~p", args => [1]},
                        #{error_logger => #{tag => error}}]},
       {logger, warning, ["wl ~p", [1], #{error_logger => #{tag => warning_msg}}]},
       {logger, info, ["info ~p", [1], #{error_logger => #{tag => info_msg}}]},
       {logger, debug, ["debug ~p", [1], #{error_logger => #{tag => info_msg}}]},
       {logger, error, ["x ~p", [1], #{error_logger => #{tag => error, emulator => true}}]},
       {logger, error, ["x ~p", [1], #{error_logger => #{tag => error, emulator => false}}]},
       {logger, error, ["s", #{error_logger => #{tag => error}}]},
       {logger, error, ["no tag", #{error_logger => #{type => t}}]},
       {logger, error, ["not a map", #{error_logger => x}]},
       {logger, error, [#{a => 1}, Rcb(fun lib_test:lg_rcb/1)]},
       {logger, error, [[{k, v}], Rcb(fun lib_test:lg_rcb/1)]},
       {logger, error, [#{b => 1}, Rcb(fun lib_test:lg_rcb/1)]},
       {logger, error, [#{a => 1}, Rcb(fun lib_test:lg_rcb2/2)]},
       {logger, error, [[{k, v}], Rcb(fun lib_test:lg_rcb2/2)]},
       {logger, error, [#{b => 1}, Rcb(fun lib_test:lg_rcb2/2)]},
       {logger, error, [#{c => 1}, Rcb(fun lib_test:el_rcb_crash/1)]},
       {logger, error, [#{c => 2}, Rcb(fun lib_test:el_rcb_crash/2)]},
       {logger, error, [#{d => 1}, #{report_cb => fun lib_test:el_rcb_crash/1,
                                     error_logger => #{tag => error,
                                                       report_cb => fun lib_test:lg_rcb/1}}]},
       {logger, get_handler_ids, []},
       {add_report_handler, [lib_test, #{to => '$self'}]},
       {error_msg, ["seen ~p", [1]]}, {logger, get_handler_ids, []},
       {logger, error, ["em ~p", [2], #{error_logger => #{tag => error}}]},
       {logger, error, [#{r => 3}, #{error_logger => #{tag => error_report, type => std_error}}]},
       {logger, error, [#{r => 4}, #{error_logger => #{tag => error}}]},
       {logger, error, [#{label => {l, x}, format => "~p", args => [1]},
                        #{error_logger => #{tag => error}}]},
       {logger, warning, ["wl ~p", [2], #{error_logger => #{tag => warning_msg}}]},
       {logger, info, ["info ~p", [2], #{error_logger => #{tag => info_msg}}]},
       {logger, debug, ["debug ~p", [2], #{error_logger => #{tag => info_msg}}]},
       {logger, error, ["x ~p", [2], #{error_logger => #{tag => error, emulator => true}}]},
       {logger, error, [#{a => 2}, Rcb(fun lib_test:lg_rcb/1)]},
       {logger, error, [[{k, v}], Rcb(fun lib_test:lg_rcb/1)]},
       {logger, error, [#{b => 2}, Rcb(fun lib_test:lg_rcb/1)]},
       {logger, error, [#{a => 2}, Rcb(fun lib_test:lg_rcb2/2)]},
       {logger, error, [[{k, v}], Rcb(fun lib_test:lg_rcb2/2)]},
       {logger, error, [#{b => 2}, Rcb(fun lib_test:lg_rcb2/2)]},
       {logger, error, [#{c => 3}, Rcb(fun lib_test:el_rcb_crash/1)]},
       {logger, error, [#{c => 4}, Rcb(fun lib_test:el_rcb_crash/2)]},
       {logger, error, [#{d => 2}, #{report_cb => fun lib_test:el_rcb_crash/1,
                                     error_logger => #{tag => error,
                                                       report_cb => fun lib_test:lg_rcb/1}}]},
       {logger, error, [#{e => 1}, #{report_cb => fun lib_test:lg_rcb/1,
                                     error_logger => #{tag => error}, domain => [x]}]},
       {logger, error, [#{f => 1}, #{error_logger => #{tag => error}}]},
       %% a report_cb that is no fun crashes the logger handler, which
       %% logger then removes (its report about it is a debug one)
       {logger, set_primary_config, [level, notice]}, {logger, error, [#{g => 1}, Rcb(x)]},
       {logger, get_handler_ids, []},
       {error_msg, ["gone"]}]},
     {"events",
      [{add_report_handler, [lib_test, #{to => '$self'}]},
       {error_msg, ["e"]}, {error_msg, ["e ~p~n", [1]]}, {format, ["f ~w", [x]]},
       {warning_msg, ["w"]}, {warning_msg, ["w ~p", [2]]}, {info_msg, ["i"]},
       {info_msg, ["i ~s", ["s"]]}, {error_msg, ["bad ~p ~p", [1]]}, {error_msg, [foo, bar]},
       {error_msg, [x]}, {error_msg, [<<"bin ~p">>, [1]]}, {warning_msg, ["w", x]},
       {error_info, [hello]}, {error_info, ["string info"]},
       {error_report, [[{a, 1}, {b, "str"}, x]]}, {error_report, ["a string"]},
       {error_report, [#{m => 1}]}, {error_report, [x]}, {error_report, [mytype, [{a, 1}]]},
       {error_report, [undefined, [{a, 1}]]}, {error_report, [undefined, #{a => 1}]},
       {error_report, [undefined, "str"]}, {warning_report, [[{w, 1}]]},
       {warning_report, [wt, [{w, 1}]]}, {warning_report, [undefined, x]},
       {info_report, [[{i, 1}]]}, {info_report, [progress, [{i, 1}]]},
       {info_report, [undefined, [{i, 1}]]}]},
     {"handlers",
      [{which_report_handlers, []}, {delete_report_handler, [lib_test]},
       {logfile, [filename]}, {logfile, [close]}, {start, []}, {logger, get_handler_ids, []},
       {start, []}, {which_report_handlers, []}, {logfile, [filename]}, {logfile, [close]},
       {delete_report_handler, [lib_test]}, {stop, []}, {stop, []},
       {add_report_handler, [lib_test, #{to => '$self', n => 1}]},
       {logger, get_handler_ids, []}, {logger, get_handler_config, [error_logger]},
       {add_report_handler, [lib_test, #{to => '$self', n => 2}]},
       {add_report_handler, [lib_test]}, {which_report_handlers, []},
       {add_report_handler, [lg_no_module]}, {add_report_handler, ["lib_test"]},
       {add_report_handler, ["lib_test", []]}, {delete_report_handler, [lib_test]},
       {delete_report_handler, [lib_test]}, {delete_report_handler, [lg_no_module]},
       {delete_report_handler, ["x"]}, {which_report_handlers, []},
       {logger, get_handler_ids, []}, {delete_report_handler, [lib_test]},
       {which_report_handlers, []}, {logger, get_handler_ids, []},
       {add_report_handler, [lib_test, #{to => '$self'}]}, {stop, []},
       {logger, get_handler_ids, []}, {error_msg, ["after stop"]},
       {logger, get_handler_ids, []}, {logfile, [x]}, {tty, [x]},
       {logfile, [{open, "/proc/otp_lib_erl/x.log"}]}, {which_report_handlers, []},
       {logger, get_handler_ids, []}, {logger, remove_handler, [error_logger]},
       {logger, add_handler, [error_logger, {el}, #{}]}, {which_report_handlers, []},
       {settle, {logger, add_handler, [other, {el}, #{}]}},
       {logger, remove_handler, [error_logger]},
       {which_report_handlers, []}, {'fun', fun el_logfile/1}]}].

%% ---------------------------------------------------------------------
%% rand's helpers (cases(rand) above)

rand_algs() -> [exsss, exro928ss, exrop, exs1024s, exsp, exs64, exsplus, exs1024, dummy].

rand_seeds(Alg) ->
    Len = case Alg of
              exs64 -> 1; dummy -> 1;
              exs1024 -> 16; exs1024s -> 16; exro928ss -> 16;
              _ -> 2
          end,
    [{1, 2, 3}, {0, 0, 0}, {-7, 1 bsl 70, 5}, 0, 1, -1, 42, 1 bsl 64, -(1 bsl 90) + 3,
     rand:uniform(1 bsl 64), [5], [0, 3], lists:duplicate(Len, 1 bsl 60 + 7),
     [(1 bsl 64) - 1 | lists:duplicate(Len - 1, 0)]].

rand_norm({R, Trace}) -> {rand_strip(R), Trace}.

rand_strip(#{type := _} = H) ->
    maps:map(fun(_, V) when is_function(V) -> 'fun'; (_, V) -> V end, H);
rand_strip([H | T]) -> [rand_strip(H) | rand_strip(T)];
rand_strip(T) when is_tuple(T) -> list_to_tuple(rand_strip(tuple_to_list(T)));
rand_strip(X) -> X.

%% One step on a rand state: its result (with the state exported) and the
%% new state.
rand_step(M, {uniform_s, N}, S) -> rand_out(M, M:uniform_s(N, S));
rand_step(M, uniform_s, S) -> rand_out(M, M:uniform_s(S));
rand_step(M, uniform_real_s, S) -> rand_out(M, M:uniform_real_s(S));
rand_step(M, {bytes_s, N}, S) -> rand_out(M, M:bytes_s(N, S));
rand_step(M, normal_s, S) -> rand_out(M, M:normal_s(S));
rand_step(M, {normal_s, Mean, Var}, S) -> rand_out(M, M:normal_s(Mean, Var, S));
rand_step(M, jump, S) -> S1 = M:jump(S), {M:export_seed_s(S1), S1};
rand_step(M, reseed, S) -> S1 = M:seed_s(M:export_seed_s(S)), {M:export_seed_s(S1), S1}.

rand_out(M, {X, S}) -> {{X, M:export_seed_s(S)}, S}.

rand_ops(N) ->
    Ranges = [1, 2, 3, 7, 10, 1000, 1 bsl 32, (1 bsl 58) - 1, 1 bsl 58, (1 bsl 58) + 1,
              (1 bsl 64) - 1, 1 bsl 64, 1 bsl 80, (1 bsl 80) + 11, 3 bsl 100, 1 bsl 200],
    many(N, fun() ->
                    pick([{uniform_s, pick(Ranges)}, {uniform_s, rand:uniform(1 bsl pick([4, 40, 70]))},
                          uniform_s, uniform_real_s, {bytes_s, upto(40)}, normal_s, normal_s,
                          {normal_s, pick([0, 2.5, -3]), pick([1, 0.5, 4.0])}, jump, reseed])
            end).

rand_run(Alg, Seed, Ops) ->
    fun(M) ->
            S0 = M:seed_s(Alg, Seed),
            {Out, _} = lists:mapfoldl(fun(Op, S) ->
                                              try rand_step(M, Op, S)
                                              catch C:E -> {{Op, C, E}, S}
                                              end
                                      end, S0, Ops),
            {M:export_seed_s(S0), Out}
    end.

%% The process-dictionary interface.
rand_dict(Alg, Seed, N) ->
    fun(M) ->
            S = M:seed(Alg, Seed),
            R = [M:uniform(), M:uniform(N), M:uniform(1 bsl 90), M:uniform_real(), M:bytes(11),
                 M:normal(), M:normal(3, 0.25), M:export_seed()],
            J = try M:export_seed_s(M:jump()) catch C:E -> {C, E} end,
            {M:export_seed_s(S), R, J, M:export_seed(), rand_strip(get(rand_seed)),
             [M:uniform(1000) || _ <- lists:seq(1, 30)], M:export_seed()}
    end.

rand_shape({{ok, X}, T}) when is_float(X) -> {float, T};
rand_shape({{ok, X}, T}) when is_integer(X), X > 0 -> {pos_integer, T};
rand_shape({{ok, X}, T}) when is_binary(X) -> {byte_size(X), T};
rand_shape({{ok, {#{type := A}, _}}, T}) -> {A, T};
rand_shape({{ok, {A, _}}, T}) when is_atom(A) -> {A, T};
rand_shape(X) -> X.

%% ---------------------------------------------------------------------
%% digraph sequences (cases(digraph)): N steps over vertices 1..8 (and 9,
%% added only by a step), mostly edges added without and with an id, some
%% deleted, a vertex or a path deleted now and then.

digraph_random(N) ->
    V = fun() -> rand:uniform(9) end,
    Edge = fun() -> {edge, V(), V()} end,
    [pick([Edge(), Edge(), Edge(), Edge(), Edge(), Edge(), Edge(), Edge(),
           {edge_id, rand:uniform(5), V(), V()}, {del_edge, rand:uniform(12)}, {vertex, V()},
           pick([{del_vertex, V()}, {del_path, V(), V()}])])
     || _ <- lists:seq(1, N)].

%% One step of digraph_random/1's on graph G of digraph module D.
digraph_step(D, G) ->
    fun({edge, A, B}) -> D:add_edge(G, A, B, {A, B});
       ({edge_id, I, A, B}) -> D:add_edge(G, {id, I}, A, B, label);
       ({del_edge, I}) -> D:del_edge(G, ['$e' | I]);
       ({del_vertex, V}) -> D:del_vertex(G, V);
       ({del_path, A, B}) -> D:del_path(G, A, B);
       ({vertex, V}) -> D:add_vertex(G, V)
    end.

digraph_seq(M, Type, Steps) ->
    G = M:new(Type),
    [M:add_vertex(G, V) || V <- lists:seq(1, 8)],
    Step = digraph_step(M, G),
    Query = fun(V) ->
                    {V, M:out_neighbours(G, V), M:in_neighbours(G, V), M:out_edges(G, V),
                     M:in_edges(G, V), M:out_degree(G, V), M:in_degree(G, V),
                     lists:sort(M:edges(G, V)), M:get_cycle(G, V), M:get_short_cycle(G, V),
                     [{W, M:get_path(G, V, W), M:get_short_path(G, V, W)}
                      || W <- lists:seq(1, 9)]}
            end,
    %% one after the other (the operands of ++ have no order)
    Done = [{S, Step(S)} || S <- Steps],
    Queries = [Query(V) || V <- lists:seq(1, 9)],
    Whole = {lists:sort(M:vertices(G)), lists:sort(M:edges(G)), M:no_vertices(G), M:no_edges(G),
             lists:sort(M:source_vertices(G)), lists:sort(M:sink_vertices(G)),
             lists:sort([M:edge(G, E) || E <- M:edges(G)])},
    M:delete(G),
    Done ++ Queries ++ [Whole].

digraph_utils_seq(M, Type, Steps) ->
    D = case M of
            digraph_utils -> digraph;
            _ -> new(digraph)
        end,
    G = D:new(Type),
    [D:add_vertex(G, V, {label, V}) || V <- lists:seq(1, 8)],
    Step = digraph_step(D, G),
    _ = [Step(S) || S <- Steps],
    Graph = fun(SG) ->
                    R = {[D:vertex(SG, V) || V <- D:vertices(SG)],
                         [D:edge(SG, E) || E <- D:edges(SG)], D:info(SG)},
                    D:delete(SG),
                    R
            end,
    Some = [V || V <- lists:seq(1, 9), V rem 3 =/= 0],
    Calls = [fun() -> M:components(G) end, fun() -> M:strong_components(G) end,
             fun() -> M:cyclic_strong_components(G) end,
             fun() -> M:reachable(Some, G) end, fun() -> M:reachable_neighbours(Some, G) end,
             fun() -> M:reaching([1], G) end, fun() -> M:reaching_neighbours([2, 9], G) end,
             fun() -> M:topsort(G) end, fun() -> M:is_acyclic(G) end,
             fun() -> M:arborescence_root(G) end, fun() -> M:is_arborescence(G) end,
             fun() -> M:is_tree(G) end, fun() -> M:loop_vertices(G) end,
             fun() -> M:preorder(G) end, fun() -> M:postorder(G) end,
             fun() -> Graph(M:subgraph(G, [9, 1, 2, 3, 5])) end,
             fun() -> Graph(M:subgraph(G, lists:seq(8, 1, -1), [{keep_labels, false}])) end,
             fun() -> Graph(M:subgraph(G, [1, 2, 4], [{type, [acyclic]}])) end,
             fun() -> M:subgraph(G, [1], [{type, bad}]) end,
             fun() -> M:subgraph(G, [1], [bad]) end,
             fun() -> Graph(M:condensation(G)) end,
             fun() -> M:reachable(x, G) end],
    R = [try F() catch C:E -> {C, E} end || F <- Calls],
    D:delete(G),
    R.

%% pg sequences (cases(pg))

-define(PG_SCOPE, lib_test_pg).

%% N random steps over groups g, h and i and workers 1..4, each worker
%% killed at most once and never joined after.
pg_random(N) -> pg_random(N, [1, 2, 3, 4], 0).

pg_random(0, _Alive, _Watches) -> [];
pg_random(N, Alive, Watches) ->
    G = pick([g, h, i]),
    Who = fun(Ws) -> case upto(2) of
                         0 -> pick(Ws);
                         1 -> many(1 + upto(2), fun() -> pick(Ws) end);
                         2 -> self
                     end
          end,
    Ws = [1, 2, 3, 4],
    {Step, Alive1, Watches1} =
        case upto(9) of
            0 when Alive =/= [] -> {{join, G, Who(Alive)}, Alive, Watches};
            1 when Alive =/= [] -> {{join, G, pick(Alive)}, Alive, Watches};
            2 -> {{leave, G, Who(Ws)}, Alive, Watches};
            3 -> {{members, G}, Alive, Watches};
            4 -> {pick([groups, local_groups, {local, G}]), Alive, Watches};
            5 -> {pick([watch_scope, {watch, G}]), Alive, Watches + 1};
            6 when Watches > 0 -> {{unwatch, 1 + upto(Watches)}, Alive, Watches};
            7 when length(Alive) > 2 -> K = pick(Alive), {{kill, K}, Alive -- [K], Watches};
            _ -> {{members, G}, Alive, Watches}
        end,
    [Step | pg_random(N - 1, Alive1, Watches1)].

%% The steps on a scope of module M: the list of step results.
pg_seq(M, Steps) ->
    {ok, Scope} = M:start(?PG_SCOPE),
    Workers = [spawn(fun() -> receive stop -> ok end end) || _ <- lists:seq(1, 4)],
    put(pg_refs, []),
    put(pg_scope_refs, []),
    R = [pg_step(M, Workers, S) || S <- Steps],
    Mon = erlang:monitor(process, Scope),
    exit(Scope, kill),
    receive {'DOWN', Mon, process, Scope, _} -> ok end,
    [exit(W, kill) || W <- Workers],
    pg_norm(R, [self() | Workers]).

pg_step(M, Workers, Step) ->
    Pid = fun(self) -> self();
             (I) when is_integer(I) -> lists:nth(I, Workers);
             (X) -> X
          end,
    Who = fun(L) when is_list(L) -> [Pid(X) || X <- L];
             (X) -> Pid(X)
          end,
    R = try
            case Step of
                {join, G, W} -> M:join(?PG_SCOPE, G, Who(W));
                {leave, G, W} -> M:leave(?PG_SCOPE, G, Who(W));
                {members, G} -> M:get_members(?PG_SCOPE, G);
                {local, G} -> M:get_local_members(?PG_SCOPE, G);
                groups -> lists:sort(M:which_groups(?PG_SCOPE));
                local_groups -> lists:sort(M:which_local_groups(?PG_SCOPE));
                watch_scope ->
                    {Ref, Map} = M:monitor_scope(?PG_SCOPE),
                    put(pg_refs, get(pg_refs) ++ [Ref]),
                    put(pg_scope_refs, get(pg_scope_refs) ++ [Ref]),
                    {Ref, Map};
                {watch, G} ->
                    {Ref, Ms} = M:monitor(?PG_SCOPE, G),
                    put(pg_refs, get(pg_refs) ++ [Ref]),
                    {Ref, Ms};
                {unwatch, I} -> M:demonitor(?PG_SCOPE, lists:nth(I, get(pg_refs)));
                {kill, I} ->
                    W = lists:nth(I, Workers),
                    Mon = erlang:monitor(process, W),
                    exit(W, kill),
                    receive {'DOWN', Mon, process, W, _} -> ok end,
                    %% a call after the scope's 'DOWN' of W: it has left
                    not_joined = M:leave(?PG_SCOPE, '$none', self()),
                    killed;
                nosuch_scope -> {M:get_members(lib_test_pg_none, g),
                                 M:get_local_members(lib_test_pg_none, g)};
                start_again ->
                    case M:start(?PG_SCOPE) of
                        {error, {already_started, P}} when is_pid(P) -> already_started;
                        Other -> Other
                    end
            end
        of
            V -> {ok, V}
        catch
            C:E -> {C, E}
        end,
    {Step, R, pg_order(pg_notices())}.

%% A notice goes to the scope's watchers in the order of a map of their
%% references (pg's and OTP's alike), and OTP 25 orders two references by
%% the scheduler that made them first: so the notices of one notification
%% to scope watchers (a run of the same verb, group and pids) are put in
%% the order their watches were made. The group's watchers, and the scope's
%% before the group's, keep the order they came in.
pg_order([{Ref, Verb, Group, Pids} = N | Ns]) ->
    Scope = get(pg_scope_refs), % in the order the watches were made
    case lists:member(Ref, Scope) of
        true ->
            Same = fun({R, V, G, P}) -> lists:member(R, Scope) andalso {V, G, P} =:= {Verb, Group, Pids} end,
            {Run, Rest} = lists:splitwith(Same, [N | Ns]),
            Made = fun({R1, _, _, _}, {R2, _, _, _}) -> index_of(R1, Scope) =< index_of(R2, Scope) end,
            lists:sort(Made, Run) ++ pg_order(Rest);
        false ->
            [N | pg_order(Ns)]
    end;
pg_order([]) ->
    [].

pg_notices() ->
    receive
        {Ref, Verb, _Group, Pids} = N when is_reference(Ref), Verb =:= join orelse Verb =:= leave,
                                           is_list(Pids) ->
            [N | pg_notices()]
    after 0 ->
            []
    end.

%% Pids as {pid, I} in the order of Known (the caller, then the workers),
%% references as {ref, I} by first appearance.
pg_norm(T, Known) ->
    {T1, _} = pg_norm(T, Known, []),
    T1.

pg_norm(P, Known, Refs) when is_pid(P) ->
    {case index_of(P, Known) of
         none -> other_pid;
         I -> {pid, I}
     end, Refs};
pg_norm(R, _Known, Refs) when is_reference(R) ->
    case index_of(R, Refs) of
        none -> {{ref, length(Refs)}, Refs ++ [R]};
        I -> {{ref, I}, Refs}
    end;
pg_norm([H | T], Known, Refs) ->
    {H1, Refs1} = pg_norm(H, Known, Refs),
    {T1, Refs2} = pg_norm(T, Known, Refs1),
    {[H1 | T1], Refs2};
pg_norm(T, Known, Refs) when is_tuple(T) ->
    {L, Refs1} = pg_norm(tuple_to_list(T), Known, Refs),
    {list_to_tuple(L), Refs1};
pg_norm(M, Known, Refs) when is_map(M) ->
    {L, Refs1} = pg_norm(lists:sort(maps:to_list(M)), Known, Refs),
    {maps:from_list(L), Refs1};
pg_norm(X, _Known, Refs) ->
    {X, Refs}.

%% X's place in L, from 0, or none.
index_of(X, L) ->
    case lists:splitwith(fun(Y) -> Y =/= X end, L) of
        {Before, [_ | _]} -> length(Before);
        {_, []} -> none
    end.

%% The tree cases(filelib) looks at, made again for every run.
filelib_tree() ->
    Root = tmp_file("filelib_tree"),
    _ = file:del_dir_r(Root),
    In = fun(P) -> filename:join(Root, P) end,
    [ok = file:make_dir(In(D)) || D <- ["", "sub", "sub/deep", "empty", "src", "ebin", "lib",
                                        "lib/src", "lib/src/m", "lib/ebin", "ens"]],
    [ok = file:write_file(In(F), F)
     || F <- ["a.erl", "b.erl", "c.txt", ".hidden", "sp ace", "x,y", "br{a}", "q?", "st*r",
              "[x]", "at@e", "ab", "sub/d.erl", "sub/e.beam", "sub/deep/f.erl", "sub/deep/g.hrl",
              "src/h.erl", "ebin/h.beam", "lib/src/m/k.erl", "lib/ebin/k.beam",
              [16#E9 | ".erl"]]],
    ok = file:make_symlink("sub", In("link_to_sub")),
    ok = file:make_symlink("nowhere", In("dangling")),
    Root.

%% Links for safe_relative_path, apart from the tree the wildcards walk
%% ("**" follows links: these lead out of the tree, or round in a loop).
filelib_links() ->
    Root = tmp_file("filelib_links"),
    _ = file:del_dir_r(Root),
    In = fun(P) -> filename:join(Root, P) end,
    ok = file:make_dir(Root),
    ok = file:make_dir(In("sub")),
    ok = file:make_symlink("sub", In("link_to_sub")),
    ok = file:make_symlink("/tmp", In("abs_link")),
    ok = file:make_symlink("..", In("up_link")),
    ok = file:make_symlink("sub/..", In("same_dir")),
    ok = file:make_symlink("loop2", In("loop1")),
    ok = file:make_symlink("loop1", In("loop2")),
    Root.

%% ensure_dir on P under a directory of the module's own, then what exists.
ensure_seq(M, Root, P) ->
    Dir = filename:join([Root, "ens", atom_to_list(M)]),
    _ = file:del_dir_r(Dir),
    ok = file:make_dir(Dir),
    _ = file:write_file(filename:join(Dir, "a.erl"), "x"),
    Name = case P of
               "/" -> "/";
               _ -> filename:join(Dir, P)
           end,
    R1 = M:ensure_dir(Name),
    R2 = M:ensure_dir(Name),
    R3 = M:ensure_path(Name),
    Made = lists:sort([F -- Dir || F <- filelib:wildcard(Dir ++ "/**")]),
    {R1, R2, R3, Made}.

fold_seq(M, Root, Re) ->
    Names = fun(Rec) ->
                    try M:fold_files(Root, Re, Rec, fun(F, A) -> [F -- Root | A] end, []) of
                        L -> lists:sort(L)
                    catch
                        error:{badmatch, {error, _}} -> badmatch
                    end
            end,
    {Names(true), Names(false)}.

%% M:test(Tests, Opts) (test/1 for none) run with its output captured: the
%% result and the text, less what cannot be the same: the frames of
%% EUnit's own modules (OTP's report shows them, ours leaves them out), the
%% names of ours, and the times of verbose reports.
eunit_report(M, Tests, Opts) ->
    Cap = spawn(fun () -> eunit_capture([]) end),
    Old = group_leader(),
    group_leader(Cap, self()),
    R = try case Opts of
                none -> M:test(Tests);
                _ -> M:test(Tests, Opts)
            end
        after
            group_leader(Old, self())
        end,
    Cap ! {done, self()},
    Text = receive {Cap, T} -> T end,
    Lines = string:split(Text, "\n", all),
    Kept = [re:replace(L, "^(\\s*.*)\\[[0-9.]+ s\\] ok$", "\\1ok", [{return, list}, unicode])
            || L <- Lines,
               not lists:prefix("in call from eunit", L),
               not lists:prefix("in call from dbgsh_eunit", L),
               re:run(L, "^\\s*\\[done in [0-9.]+ s\\]$") =:= nomatch],
    {R, Kept}.

eunit_capture(Buf) ->
    receive
        {io_request, From, ReplyAs, {put_chars, unicode, Chars}} ->
            From ! {io_reply, ReplyAs, ok},
            eunit_capture([Chars | Buf]);
        {io_request, From, ReplyAs, {put_chars, unicode, Mod, F, As}} ->
            From ! {io_reply, ReplyAs, ok},
            eunit_capture([apply(Mod, F, As) | Buf]);
        {io_request, From, ReplyAs, _} ->
            From ! {io_reply, ReplyAs, {error, request}},
            eunit_capture(Buf);
        {done, Pid} ->
            Pid ! {self(), unicode:characters_to_list(lists:reverse(Buf))}
    end.

