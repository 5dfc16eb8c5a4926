-module(io_lib_pretty_shapes).
-export([main/0]).

%% ~p's layouts as io_lib returns them: where lines break, how the
%% indentation is nested, for tagged tuples, maps, binaries and lists at
%% several columns and line lengths.

id(X) -> X.

terms() ->
    [{config, [{name, "server"}, {port, 8080}, {opts, [{timeout, 5000}, {retries, 3},
      {hosts, ["alpha.example", "beta.example", "gamma.example"]}]}]},
     #{key1 => "value one", key2 => lists:seq(1, 20), key3 => {nested, tuple},
       {complex, key} => #{inner => [a, b, c]}},
     [{I, lists:duplicate(I, $x)} || I <- lists:seq(1, 9)],
     list_to_tuple(lists:seq(1, 30)),
     << <<I>> || I <- lists:seq(1, 60) >>,
     [<<"a binary string">>, <<"another binary string here">>, <<"third one">>],
     {a_very_long_tag_name_for_a_record_like_tuple, field_one, [1, 2, 3], "a string field",
      {sub, tuple, here}, 12345678901234567890},
     [aaaaaaaaaa, bbbbbbbbbb, cccccccccc, dddddddddd, eeeeeeeeee, ffffffffff, gggggggggg | tail],
     {x, [{y, [{z, [{w, lists:seq(1, 15)}]}]}]},
     [<<"abc", 1, 2>>, <<"caf", 195, 169>>, <<1:3>>, <<"abcdefghijklmnopqrstuvwxyz", 0>>],
     #{1 => #{2 => #{3 => #{4 => lists:seq(1, 25)}}}},
     {[], {}, #{}, <<>>, "", ''}].

main() ->
    Shapes = [{"~p", []}, {"~30p", []}, {"~50.10p", []}, {"~P", [5]}, {"~P", [2]},
              {"~tp", []}, {"~lp", []}, {"text before ~p", []}],
    [io:format("~w~n", [io_lib:format(F, [id(T) | Extra])]) || {F, Extra} <- Shapes, T <- terms()],
    [io:format("~w~n", [io_lib:print(id(T), C, L, D)]) || T <- terms(), {C, L, D} <- [{1, 40, -1}, {20, 60, 4}]],
    io:format("~s~n", [io_lib:format("~p", [hd(terms())])]),
    ok.
