%% -include_lib of OTP's headers: kernel/include/file.hrl's records against
%% file:read_file_info/1, and ms_transform.hrl's parse transform turning
%% ets:fun2ms/1 and dbg:fun2ms/1 on literal funs into match specifications,
%% with variables of the enclosing function and the module's records.
-module(mac_include_lib).
-export([main/0]).
-include_lib("kernel/include/file.hrl").
-include_lib("stdlib/include/ms_transform.hrl").

-record(r, {a, b = 2, c = <<"x">>}).

spec(X) -> ets:fun2ms(fun({K, V}) when K == X -> V end).
spec_tuple(X, Y) -> ets:fun2ms(fun({K, V}) when K >= X, K =< Y -> {V, K, X} end).
dspec(N) -> dbg:fun2ms(fun([A, _]) when A > N -> return_trace(), message(caller()) end).

main() ->
    {ok, I} = file:read_file_info("."),
    io:format("~p ~p~n", [I#file_info.type, is_integer(I#file_info.mode)]),
    io:format("~p~n", [record_info(fields, file_info)]),
    io:format("~p~n", [#file_descriptor{module = m}]),
    io:format("~p~n", [spec(3)]),
    io:format("~p~n", [spec({a, [b]})]),
    io:format("~p~n", [spec_tuple(1, 2)]),
    io:format("~p~n", [dspec(3)]),
    io:format("~p~n", [ets:fun2ms(fun(X) when is_atom(X); X > 2 -> X * 2 end)]),
    io:format("~p~n", [ets:fun2ms(fun({_, #file_info{size = S}}) when S > 10 -> S end)]),
    S = self(),
    io:format("~p~n", [ets:fun2ms(fun({K, V}) when K =:= S -> V end) =:=
                       [{{'$1', '$2'}, [{'=:=', '$1', {const, S}}], ['$2']}]]),
    io:format("~p~n", [ets:fun2ms(fun({<<"ab">>, V}) -> {V, -1, -2.5, <<"c">>, <<1, 2>>} end)]),
    io:format("~p~n", [ets:fun2ms(fun(#r{a = A} = R) when R#r.b > 1 -> {A, R#r.c, #r{a = 1}} end)]),
    io:format("~p~n", [ets:fun2ms(fun(X) when is_record(X, r) -> X#r{a = 5} end)]),
    io:format("~p~n", [dbg:fun2ms(fun(_) -> self() end)]),
    io:format("~p~n", [ets:fun2ms(fun({A, [B | C]}) when A, not B; C == [] -> ok end)]),
    T = ets:new(t, [ordered_set]),
    ets:insert(T, [{N, integer_to_list(N)} || N <- lists:seq(1, 10)]),
    io:format("~p~n", [ets:select(T, spec(2))]),
    io:format("~p~n", [ets:select(T, ets:fun2ms(fun({K, V}) when K rem 3 =:= 0 -> {K, V} end))]),
    io:format("~p~n", [ets:select(T, spec_tuple(4, 6))]),
    io:format("~p~n", [[ets:match_spec_run([{N, x}], ets:match_spec_compile(spec(N))) || N <- [1, 2]]]).
