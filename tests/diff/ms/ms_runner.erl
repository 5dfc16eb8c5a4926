%% ms_runner.erl: the side of the match spec differential test that runs in
%% both erl and dbgsh: ms_runner:main(Cases, Out) reads the cases ms_gen
%% wrote (term_to_binary records), runs each through erlang:match_spec_test/3 in a fresh process
%% and writes one line per case to Out: "Id ~w" of the result with pids
%% replaced by 'PID' and {process_dump} binaries by 'DUMP' (they name the
%% process). What {display, T} prints goes to standard output, which
%% run.sh compares apart (erl writes it unbuffered, before io's output).
-module(ms_runner).
-export([main/2]).

main(CasesFile, OutFile) ->
    {ok, Bin} = file:read_file(CasesFile),
    Lines = [run(binary_to_term(B)) || B <- records(Bin)],
    ok = file:write_file(OutFile, Lines).

records(<<Size:32, B:Size/binary, Rest/binary>>) -> [B | records(Rest)];
records(<<>>) -> [].

run({Id, Term, Spec, Kind}) ->
    Self = self(),
    Pid = spawn(fun() ->
                        R = try erlang:match_spec_test(Term, Spec, Kind)
                            catch Class:Reason -> {caught, Class, Reason}
                            end,
                        Self ! {self(), clean(R)}
                end),
    receive
        {Pid, R} -> io_lib:format("~w ~w~n", [Id, R])
    end.

%% Pids and process dumps as atoms; the rest as it is (maps rebuilt, so
%% their keys are cleaned too).
clean(T) when is_pid(T) -> 'PID';
clean(<<"=proc:", _/binary>>) -> 'DUMP';
clean([H | T]) -> [clean(H) | clean_tail(T)];
clean(T) when is_tuple(T) -> list_to_tuple([clean(E) || E <- tuple_to_list(T)]);
clean(T) when is_map(T) -> maps:from_list([{clean(K), clean(V)} || {K, V} <- maps:to_list(T)]);
clean(T) -> T.

clean_tail([H | T]) -> [clean(H) | clean_tail(T)];
clean_tail(T) -> clean(T).
