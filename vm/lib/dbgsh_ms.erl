%% dbgsh_ms: ms_transform's parse transform for compiled modules, applied
%% when the call runs. The compiler cannot run Erlang, so vm/vm.c compiles
%% each ets:fun2ms(fun ... end) and dbg:fun2ms(fun ... end) of a module that
%% asks for ms_transform (-include_lib("stdlib/include/ms_transform.hrl"))
%% into fun2ms(Dialect, Records, Clauses, Bindings) (vm/eval.c): the fun's
%% clauses and the module's -record attributes as literals, and the values
%% of the fun's variables bound outside it. The match specification is the
%% one OTP's transform writes into the module, with those values in place
%% of the variables; a fun it cannot translate prints ms_transform's error
%% and gives {error, transform_error}, as in the shell.
-module(dbgsh_ms).
-export([fun2ms/4]).

fun2ms(Dialect, Records, Clauses, Bindings) ->
    Params = [{var, 0, Name} || {Name, _} <- Bindings],
    Call = {call, 0, {remote, 0, {atom, 0, Dialect}, {atom, 0, fun2ms}}, [{'fun', 0, {clauses, Clauses}}]},
    Forms = Records ++ [{function, 0, fun2ms, length(Params), [{clause, 0, Params, [], [Call]}]}],
    case ms_transform:parse_transform(Forms, []) of
        {error, [{_, [{_, _, Code} | _]} | _], _} ->
            io:format("Error: ~ts~n", [ms_transform:format_error(Code)]),
            {error, transform_error};
        {warning, Transformed, _} ->
            spec(Transformed, Bindings);
        Transformed ->
            spec(Transformed, Bindings)
    end.

%% The transformed call is an expression of literals and the bound
%% variables: its value.
spec(Forms, Bindings) ->
    {function, _, fun2ms, _, [{clause, _, _, _, [Spec]}]} = lists:keyfind(function, 1, Forms),
    value(Spec, Bindings).

value({var, _, Name}, Bindings) ->
    {Name, Value} = lists:keyfind(Name, 1, Bindings),
    Value;
value({tuple, _, Es}, Bindings) ->
    list_to_tuple([value(E, Bindings) || E <- Es]);
value({cons, _, H, T}, Bindings) ->
    [value(H, Bindings) | value(T, Bindings)];
value({map, _, Assocs}, Bindings) ->
    maps:from_list([{value(K, Bindings), value(V, Bindings)} || {map_field_assoc, _, K, V} <- Assocs]);
value({nil, _}, _) -> [];
value({char, _, C}, _) -> C;
value({integer, _, I}, _) -> I;
value({float, _, F}, _) -> F;
value({atom, _, A}, _) -> A;
value({string, _, S}, _) -> S;
value({op, _, '-', E}, Bindings) -> -value(E, Bindings);
value({op, _, '+', E}, Bindings) -> value(E, Bindings);
value({bin, _, Elements}, Bindings) ->
    << <<(bin_element(E, Bindings))/bitstring>> || E <- Elements >>.

%% A binary's segment as ms_transform leaves them in a spec: strings, and
%% values with the default type and size.
bin_element({bin_element, _, {string, _, S}, default, default}, _) ->
    list_to_binary(S);
bin_element({bin_element, _, E, default, default}, Bindings) ->
    case value(E, Bindings) of
        I when is_integer(I) -> <<I>>;
        F when is_float(F) -> <<F/float>>;
        B when is_bitstring(B) -> B
    end;
bin_element(E, _) ->
    erlang:error({badarg, E}).
