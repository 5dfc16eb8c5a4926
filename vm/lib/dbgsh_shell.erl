%% dbgsh_shell: the shell's evaluator process (vm/eval.c). Each input
%% arrives compiled, as a module whose eval function takes the values of
%% the variables bound so far; the outcome goes back to the shell through
%% reply/1 (a BIF). An exception ends the evaluator, as it ends erl's, so
%% the next input runs in a new process.
-module(dbgsh_shell).
-export([start/0]).

start() ->
    loop().

loop() ->
    receive
        {dbgsh_eval, Mod, Args} ->
            try apply(Mod, eval, Args) of
                {Value, Bindings} ->
                    dbgsh_shell:reply({value, Value, Bindings}),
                    loop()
            catch
                Class:Reason:Stack ->
                    dbgsh_shell:reply({exception, Class, Reason, Stack})
            end
    end.
