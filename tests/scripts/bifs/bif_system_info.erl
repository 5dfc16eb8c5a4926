-module(bif_system_info).
-export([main/0]).

main() ->
    io:format("~p~n", [is_integer(erlang:system_info(schedulers))]),
    io:format("~p~n", [erlang:system_info(schedulers) >= 1]),
    io:format("~p~n", [is_integer(erlang:system_info(schedulers_online))]),
    io:format("~p~n", [is_integer(erlang:system_info(process_count))]),
    io:format("~p~n", [is_integer(erlang:system_info(process_limit))]),
    io:format("~p~n", [erlang:system_info(wordsize)]),
    io:format("~p~n", [is_list(erlang:system_info(otp_release))]),
    io:format("~p~n", [is_atom(node())]),
    io:format("~p~n", [is_list(nodes())]),
    io:format("~p~n", [is_alive()]),
    io:format("~p~n", [is_integer(erlang:memory(total))]),
    io:format("~p~n", [erlang:is_builtin(erlang, self, 0)]),
    io:format("~p~n", [is_integer(length(erlang:processes()))]),
    io:format("~p~n", [lists:member(self(), erlang:processes())]),
    io:format("~p~n", [is_list(erlang:registered())]),
    io:format("~p~n", [erlang:function_exported(lists, reverse, 1)]),
    io:format("~p~n", [erlang:function_exported(lists, no_such, 1)]),
    %% a BIF counts as exported (erlang:processes/0 is one)
    io:format("~p~n", [[erlang:function_exported(erlang, F, A) || {F, A} <- [{processes, 0}, {self, 0}, {'+', 2}, {nope, 0}]]]),
    io:format("~p~n", [is_tuple(code:is_loaded(lists))]),
    ok.
