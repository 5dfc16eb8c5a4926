-module(mac_module_info).
-export([main/0, api_one/1, api_two/0]).
-author("someone").
-my_attribute([1, 2, 3]).
-another({key, value}).

api_one(X) -> X.
api_two() -> ok.
internal() -> ok.

main() ->
    _ = internal(),
    io:format("~p~n", [lists:sort(?MODULE:module_info(exports))]),
    io:format("~p~n", [lists:sort(mac_module_info:module_info(exports))]),
    Attrs = module_info(attributes),
    Keep = [A || {K, _} = A <- Attrs, lists:member(K, [author, my_attribute, another])],
    io:format("~p~n", [lists:sort(Keep)]),
    io:format("~p~n", [module_info(module)]),
    All = module_info(),
    io:format("~p~n", [lists:sort([K || {K, _} <- All, lists:member(K, [module, exports, attributes])])]),
    io:format("~p~n", [lists:member({api_two, 0}, erlang:get_module_info(?MODULE, exports))]),
    io:format("~p~n", [lists:sort(lists:module_info(exports)) -- lists:sort(lists:module_info(exports))]),
    io:format("~p~n", [lists:member({reverse, 1}, lists:module_info(exports))]),
    ok.
