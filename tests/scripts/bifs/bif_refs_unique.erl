-module(bif_refs_unique).
-export([main/0]).

main() ->
    Refs = [make_ref() || _ <- lists:seq(1, 1000)],
    io:format("~p~n", [length(lists:usort(Refs))]),
    io:format("~p~n", [lists:all(fun is_reference/1, Refs)]),
    [R1, R2 | _] = Refs,
    io:format("~p ~p~n", [R1 =:= R1, R1 =:= R2]),
    io:format("~p ~p~n", [R1, R2]),
    Us = [erlang:unique_integer() || _ <- lists:seq(1, 1000)],
    io:format("~p~n", [length(lists:usort(Us))]),
    Ms = [erlang:unique_integer([monotonic]) || _ <- lists:seq(1, 1000)],
    io:format("~p~n", [Ms =:= lists:usort(Ms)]),
    Ps = [erlang:unique_integer([positive]) || _ <- lists:seq(1, 100)],
    io:format("~p~n", [lists:all(fun(X) -> X > 0 end, Ps)]),
    PMs = [erlang:unique_integer([positive, monotonic]) || _ <- lists:seq(1, 100)],
    io:format("~p~n", [PMs =:= lists:usort(PMs) andalso hd(PMs) > 0]),
    io:format("~p~n", [is_list(ref_to_list(R1)) andalso is_reference(list_to_ref(ref_to_list(R1)))]),
    io:format("~p~n", [list_to_ref(ref_to_list(R1)) =:= R1]),
    ok.
