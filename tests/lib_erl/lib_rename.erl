%% lib_rename: loads vm/lib/*.erl into a running OTP node under the names
%% dbgsh_<module>, so each can be compared with OTP's module of the same
%% name.  Remote calls between our modules are renamed too, except calls
%% to functions the VM implements in C (those stay bound to OTP's).  It
%% also checks that the sources call nothing the VM will not have.
-module(lib_rename).
-export([load_dir/1, over_c/3, c_bif/3]).

%% Returns {Modules, Problems}: the module names loaded and a list of
%% strings describing each rule broken.
load_dir(Dir) ->
    Files = filelib:wildcard(filename:join(Dir, "*.erl")),
    Mods = [list_to_atom(filename:basename(F, ".erl")) || F <- Files],
    All = lists:append([load_file(F, Mods) || F <- Files]),
    Calls = [{M, C} || {calls, M, Cs} <- All, C <- lists:usort(Cs)],
    Bad = [lists:flatten(io_lib:format("~p calls ~p", [M, C]))
           || {M, C} <- Calls, not allowed_call(C, Mods)],
    {Mods, [P || P <- All, is_list(P)] ++ Bad}.

allowed_call({M, F, A}, Mods) -> allowed(M, F, A, Mods);
allowed_call(_, _) -> false.

load_file(File, Mods) ->
    {ok, Forms0} = epp:parse_file(File, []),
    Errs = [E || {error, E} <- Forms0],
    case Errs of
        [] -> ok;
        _ -> io:format("~s: ~p~n", [File, Errs])
    end,
    Mod = list_to_atom(filename:basename(File, ".erl")),
    Problems0 = check_forms(Mod, Forms0),
    Forms = rename(self_callbacks(Forms0, Mod), Mods),
    case compile:forms(Forms, [binary, return_errors, return_warnings,
                                {nowarn_deprecated_function, [{erlang, phash, 2}]}]) of
        {ok, NewMod, Bin, Warns} ->
            [io:format("~s: warning ~p~n", [File, W]) || {_, Ws} <- Warns, W <- Ws],
            {module, NewMod} = code:load_binary(NewMod, File, Bin),
            Problems0;
        {error, E, _} ->
            [lists:flatten(io_lib:format("~s: does not compile: ~p", [File, E]))
             | Problems0]
    end.

new_name(M) -> list_to_atom("dbgsh_" ++ atom_to_list(M)).

%% A behaviour module that starts a server of its own callbacks
%% (gen_server:start_link({local, S}, ?MODULE, Args, Opts), as pg does)
%% names itself with ?MODULE, which epp has made the atom: under the new
%% name the server must run the new module's callbacks, not OTP's.
self_callbacks(T, Mod) when is_tuple(T) ->
    case T of
        {call, A, {remote, _, {atom, _, gen_server}, {atom, _, F}} = R, Args}
          when (F =:= start orelse F =:= start_link),
               (length(Args) =:= 3 orelse length(Args) =:= 4) ->
            %% the callback module comes before the init argument and options
            {Before, [Cb | After]} = lists:split(length(Args) - 3, Args),
            Cb1 = case Cb of
                      {atom, B, Mod} -> {atom, B, new_name(Mod)};
                      _ -> Cb
                  end,
            {call, A, R, Before ++ [Cb1 | After]};
        _ ->
            list_to_tuple(self_callbacks(tuple_to_list(T), Mod))
    end;
self_callbacks([H | T], Mod) -> [self_callbacks(H, Mod) | self_callbacks(T, Mod)];
self_callbacks(X, _) -> X.

rename(T, Mods) when is_tuple(T) ->
    case T of
        {attribute, A, module, M} ->
            {attribute, A, module, new_name(M)};
        {call, A, {remote, B, {atom, C, M}, {atom, D, F}}, Args} ->
            M1 = case lists:member(M, Mods) andalso not c_bif(M, F, length(Args))
                          andalso not over_c(M, F, length(Args)) of
                     true -> new_name(M);
                     false -> M
                 end,
            {call, A, {remote, B, {atom, C, M1}, {atom, D, F}}, rename(Args, Mods)};
        {'fun', A, {function, {atom, B, M}, {atom, C, F}, {integer, D, N}}} ->
            M1 = case lists:member(M, Mods) andalso not c_bif(M, F, N)
                          andalso not over_c(M, F, N) of
                     true -> new_name(M);
                     false -> M
                 end,
            {'fun', A, {function, {atom, B, M1}, {atom, C, F}, {integer, D, N}}};
        _ ->
            list_to_tuple(rename(tuple_to_list(T), Mods))
    end;
rename([H | T], Mods) -> [rename(H, Mods) | rename(T, Mods)];
rename(X, _) -> X.

%% Functions of our modules that the VM implements in C.
c_bif(lists, F, A) ->
    lists:member({F, A}, [{reverse, 2}, {member, 2}, {keyfind, 3},
                          {keymember, 3}, {keysearch, 3}]);
c_bif(maps, F, A) ->
    lists:member({F, A}, [{get, 2}, {get, 3}, {find, 2}, {put, 3}, {remove, 2},
                          {is_key, 2}, {keys, 1}, {values, 1}, {to_list, 1},
                          {from_list, 1}, {from_keys, 2}, {merge, 2}, {new, 0},
                          {size, 1}, {take, 2}, {update, 3}]);
c_bif(io_lib, F, A) -> {F, A} =:= {write, 1};
c_bif(unicode, characters_to_list, A) -> A =:= 1 orelse A =:= 2;
c_bif(unicode, characters_to_binary, A) -> A >= 1 andalso A =< 3;
%% re's matching (vm/bif_re.c); split and replace are Erlang code over it
c_bif(re, F, A) ->
    lists:member({F, A}, [{version, 0}, {compile, 1}, {compile, 2}, {run, 2}, {run, 3},
                          {inspect, 2}]);
c_bif(ets, F, A) ->
    not lists:member({F, A}, [{foldl, 3}, {foldr, 3}, {match_spec_run, 2}, {test_ms, 2},
                              {repair_continuation, 2}, {fun2ms, 1}]);
%% os's C BIFs (vm/bif_sys.c); cmd, find_executable, env and version are
%% Erlang code (vm/lib/os.erl)
c_bif(os, F, A) ->
    lists:member({F, A}, [{getenv, 0}, {getenv, 1}, {getenv, 2}, {putenv, 2}, {unsetenv, 1},
                          {getpid, 0}, {type, 0}, {timestamp, 0}, {system_time, 0},
                          {system_time, 1}, {perf_counter, 0}, {perf_counter, 1}]);
%% crypto's C half (vm/bif_crypto.c), named as OTP's NIFs
c_bif(crypto, F, A) ->
    lists:member({F, A}, [{hash_nif, 2}, {hash_init_nif, 1}, {hash_update_nif, 2},
                          {hash_final_nif, 1}, {hash_info_nif, 1}, {mac_nif, 4},
                          {mac_init_nif, 3}, {mac_update_nif, 2}, {mac_final_nif, 1},
                          {pbkdf2_hmac_nif, 5}, {strong_rand_bytes_nif, 1}, {do_exor, 2},
                          {hash_equals_nif, 2}]);
c_bif(_, _, _) -> false.

%% Functions written in Erlang over a C half that only dbgsh has (so they
%% cannot run here): calls to them stay bound to OTP's, and they are not
%% compared (tests/scripts, io/io_lib_*_shapes, compare them with erl).
over_c(c, F, A) -> lists:member({F, A}, [{c, 1}, {c, 2}, {l, 1}]);
over_c(io_lib, F, A) ->
    lists:member({F, A}, [{format, 2}, {format, 3}, {fwrite, 2}, {fwrite, 3},
                          {write, 2}, {write, 3}, {print, 1}, {print, 4}]);
%% io's output (format/io.c writes for the VM's devices): logger's i/0,1
%% and handlers print through OTP's io here
over_c(io, F, A) ->
    lists:member({F, A}, [{format, 1}, {format, 2}, {format, 3}, {fwrite, 1}, {fwrite, 2},
                          {fwrite, 3}, {put_chars, 1}, {put_chars, 2}, {nl, 0}, {nl, 1},
                          {write, 1}, {write, 2}, {request, 1}, {request, 2}]);
%% os:cmd runs its command through a C half (vm/bif_sys.c)
over_c(os, cmd, A) -> A =:= 1 orelse A =:= 2;
over_c(_, _, _) -> false.

%% Remote calls the VM will resolve: erlang, our modules, the C BIFs the
%% brief lists, and the extra C BIFs asked for in the report.
allowed(erlang, _, _, _) -> true;
allowed(math, _, _, _) -> true;
allowed(binary, _, _, _) -> true;
allowed(unicode, characters_to_list, A, _) -> A =:= 1 orelse A =:= 2;
allowed(unicode, characters_to_binary, A, _) -> A >= 1 andalso A =< 3;
allowed(unicode_util, gc, 1, _) -> true;
allowed(io, format, A, _) -> A >= 1 andalso A =< 3;
allowed(os, getenv, A, _) -> A =< 2;
%% os:cmd's C half (vm/bif_sys.c): the command run in a thread
allowed(dbgsh_os, cmd_start, 2, _) -> true;
%% the user io server's input (vm/bif_sys.c): standard input read in a thread
allowed(dbgsh_in, request, 1, _) -> true;
allowed(dbgsh_in, unread, 1, _) -> true;
allowed(dbgsh_in, opts, _, _) -> true;
%% zlib's C BIFs (vm/bif_zlib.c): logger_std_h gzips the files it rotates
allowed(zlib, F, 1, _) -> lists:member(F, [gzip, gunzip]);
%% the ets tables (vm/ets.c) under ets's Erlang functions
allowed(ets, F, A, _) -> c_bif(ets, F, A);
%% io's C half (format/io.c)
allowed(dbgsh_out, format, 3, _) -> true;
allowed(dbgsh_out, put_chars, 2, _) -> true;
%% io_lib's C half (format/io.c): one directive list, one ~w/~p term
allowed(dbgsh_out, io_lib_format, 2, _) -> true;
allowed(dbgsh_out, io_lib_write, 3, _) -> true;
%% ... and the directive list with chars_limit's directives left open
allowed(dbgsh_out, io_lib_format_limited, 2, _) -> true;
%% proc_lib's crash report (format/exception.c): erl_error's exception text
allowed(dbgsh_out, format_exception, A, _) -> A =:= 3 orelse A =:= 4;
%% the shell's value printer (format/io.c): pp/3 with the record table
allowed(dbgsh_out, shell_pp, 2, _) -> true;
%% c's C half (vm/bif_sys.c): compile and load a source file; the code
%% server's functions are C BIFs here
allowed(dbgsh_code, compile_file, 1, _) -> true;
%% the shell evaluator's C half (vm/eval.c): its outcome to the shell
allowed(dbgsh_shell, reply, 1, _) -> true;
%% instrument's C half (vm/bif_instr.c): the accounting of vm/alloc.c
allowed(dbgsh_alloc, F, A, _) -> lists:member({F, A}, [{status, 1}, {map, 0}, {modes, 0}, {types, 0}]);
allowed(code, F, 1, _) -> lists:member(F, [ensure_loaded, is_loaded, load_file, purge, soft_purge, delete]);
allowed(code, all_loaded, 0, _) -> true;
allowed(code, get_path, 0, _) -> true;
%% application_controller's -config files (vm/bif_sys.c)
allowed(dbgsh_code, config_files, 0, _) -> true;
%% Extra C BIFs requested in the report.
allowed(unicode_util, F, 1, _) ->
    lists:member(F, [uppercase, lowercase, titlecase, casefold,
                     nfd, nfc, nfkd, nfkc]);
allowed(erts_internal, map_next, 3, _) -> true;
%% erl_scan's and erl_parse's C halves (vm/bif_scan.c)
allowed(erts_internal, scan_string, 4, _) -> true;
allowed(erts_internal, F, 1, _) when F =:= parse_form; F =:= parse_exprs; F =:= parse_term -> true;
%% erl_eval's C halves: erl_lint's and erl_internal's checks (vm/bif_scan.c)
%% and the receive walked by BIFs (vm/bif_proc.c)
allowed(erts_internal, F, A, _) ->
    lists:member({F, A}, [{lint_exprs, 2}, {is_guard_test, 1}, {is_auto_bif, 2},
                          {recv_next, 1}, {recv_skip, 0}, {recv_take, 0}, {recv_done, 0}]);
%% file's C half (vm/bif_file.c): prim_file's functions, as OTP's prim_file has them
allowed(prim_file, F, A, _) ->
    lists:member({F, A}, [{read_file, 1}, {get_cwd, 0}, {set_cwd, 1}, {make_dir, 1},
                          {del_dir, 1}, {delete, 1}, {rename, 2}, {make_link, 2},
                          {make_symlink, 2}, {list_dir, 1}, {list_dir_all, 1}, {read_link, 1},
                          {read_link_all, 1}, {read_file_info, 2}, {read_link_info, 2},
                          {open, 2}, {close, 1}, {read, 2}, {write, 2}, {position, 2}]);
allowed(crypto, F, A, _) -> c_bif(crypto, F, A);
allowed(M, F, A, Mods) ->
    case lists:member(M, Mods) of
        true -> c_bif(M, F, A) orelse exported(M, F, A);
        false -> false
    end.

exported(M, F, A) ->
    lists:member({F, A}, (new_name(M)):module_info(exports)).

check_forms(Mod, Forms) ->
    Defined = [{F, A} || {function, _, F, A, _} <- Forms],
    Own = [lists:flatten(io_lib:format("~p defines C BIF ~p/~p", [Mod, F, A]))
           || {F, A} <- Defined, c_bif(Mod, F, A)],
    Types = [lists:flatten(io_lib:format("~p uses -~p", [Mod, K]))
             || {attribute, _, K, _} <- Forms,
                lists:member(K, [spec, type, opaque, include_lib, feature])],
    Own ++ Types ++ [{calls, Mod, remote_calls(Forms)}].

remote_calls(T) when is_tuple(T) ->
    case T of
        {call, _, {remote, _, {atom, _, M}, {atom, _, F}}, Args} ->
            [{M, F, length(Args)} | remote_calls(Args)];
        {'fun', _, {function, {atom, _, M}, {atom, _, F}, {integer, _, N}}} ->
            [{M, F, N}];
        {call, _, {remote, _, _, _}, _} = C ->
            [{dynamic, C}];
        _ ->
            remote_calls(tuple_to_list(T))
    end;
remote_calls([H | T]) -> remote_calls(H) ++ remote_calls(T);
remote_calls(_) -> [].
