-module(prog_bank).
-export([main/0]).

%% accounts as processes; concurrent transfers keep the total constant
account(Balance) ->
    receive
        {withdraw, Amount, From, Ref} when Amount =< Balance ->
            From ! {Ref, ok}, account(Balance - Amount);
        {withdraw, _, From, Ref} -> From ! {Ref, insufficient}, account(Balance);
        {deposit, Amount} -> account(Balance + Amount);
        {balance, From, Ref} -> From ! {Ref, Balance}, account(Balance)
    end.

rpc(P, Msg) ->
    Ref = make_ref(),
    P ! erlang:append_element(erlang:append_element(Msg, self()), Ref),
    receive {Ref, R} -> R end.

transfer(From, To, Amount) ->
    case rpc(From, {withdraw, Amount}) of
        ok -> To ! {deposit, Amount}, ok;
        insufficient -> insufficient
    end.

main() ->
    Accts = [spawn(fun() -> account(1000) end) || _ <- lists:seq(1, 5)],
    Arr = list_to_tuple(Accts),
    Me = self(),
    Workers = [spawn(fun() ->
                             R = [transfer(element(1 + (W + I) rem 5, Arr), element(1 + (W * I) rem 5, Arr), I)
                                  || I <- lists:seq(1, 200)],
                             Me ! {worker_done, length(R)}
                     end) || W <- lists:seq(1, 10)],
    Done = [receive {worker_done, N} -> N end || _ <- Workers],
    io:format("~p~n", [lists:sum(Done)]),
    %% deposits are async: a balance request after them sees them (same sender order per account)
    timer:sleep(50),
    Total = lists:sum([rpc(A, {balance}) || A <- Accts]),
    io:format("total ~p~n", [Total]),
    ok.
