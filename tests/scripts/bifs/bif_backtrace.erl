-module(bif_backtrace).
-export([main/0, deep/1, waiting/1]).

%% process_info(P, backtrace), erlang:process_display/2 and c:bt/1 against
%% erl: the answers and errors, and the shape of the text, which both lay
%% out as OTP's stack dump (a "Program counter:" line, then a "Return
%% addr" line for every caller, each with its registers as "y(N)" lines,
%% and the frame that ends the process last). The addresses, offsets and
%% registers are each VM's own: only their form is compared.

deep(0) -> receive stop -> 0 end;
deep(N) -> 1 + deep(N - 1).

e(F) ->
    try F() of
        V -> {ok, V}
    catch
        C:R -> {C, R}
    end.

%% Returns once P waits in a receive.
waiting(P) ->
    case process_info(P, status) of
        {status, waiting} -> ok;
        _ -> timer:sleep(5), waiting(P)
    end.

lines(Bin) -> string:split(binary_to_list(Bin), "\n", all).

%% What each line is: pc, return, y, blank or other.
kind("Program counter: 0x" ++ _ = L) -> {pc, place(L)};
kind("0x" ++ _ = L) ->
    case re:run(L, "^0x[0-9a-f]{16} Return addr 0x[0-9a-f]{16} \\((.*)\\)$", [{capture, [1], list}]) of
        {match, [Where]} -> {return, where(Where)};
        nomatch -> {other, L}
    end;
kind("y(" ++ _ = L) ->
    case re:run(L, "^y\\([0-9]+\\)     .") of
        {match, _} -> y;
        nomatch -> {other, L}
    end;
kind("") -> blank;
kind(L) -> {other, L}.

place(L) ->
    {match, [Where]} = re:run(L, "^Program counter: 0x[0-9a-f]{16} \\((.*)\\)$", [{capture, [1], list}]),
    where(Where).

%% Module:Function/Arity without the offset, or the text in brackets.
where(W) ->
    case re:run(W, "^(.*) \\+ [0-9]+$", [{capture, [1], list}]) of
        {match, [F]} -> F;
        nomatch -> W
    end.

main() ->
    P = spawn(fun() -> deep(3) end),
    waiting(P),
    {backtrace, B} = process_info(P, backtrace),
    io:format("binary: ~p~n", [is_binary(B)]),
    Kinds = [kind(L) || L <- lines(B)],
    io:format("others: ~p~n", [[O || {other, _} = O <- Kinds]]),
    io:format("first: ~p~n", [hd(Kinds)]),
    Places = [W || {K, W} <- Kinds, K =:= pc orelse K =:= return],
    io:format("frames in deep/1: ~p~n", [length([W || W <- Places, W =:= "bif_backtrace:deep/1"])]),
    io:format("last: ~p~n", [lists:last(Places)]),
    io:format("ends with a newline: ~p~n", [lists:last(binary_to_list(B)) =:= $\n]),
    %% every Return addr line after a blank one
    io:format("blank before each return: ~p~n", [blank_before_returns(Kinds)]),
    [{backtrace, B2}] = process_info(P, [backtrace]),
    io:format("in a list: ~p~n", [is_binary(B2)]),
    io:format("self: ~p~n", [element(1, hd([kind(L) || L <- lines(element(2, process_info(self(), backtrace)))]))]),
    io:format("display: ~p~n", [e(fun() -> erlang:process_display(P, backtrace) end)]),
    io:format("bt: ~p~n", [c:bt(P)]),
    Ref = monitor(process, P),
    P ! stop,
    receive {'DOWN', Ref, _, _, _} -> ok end,
    io:format("dead: ~p ~p ~p~n", [process_info(P, backtrace), c:bt(P),
                                   e(fun() -> erlang:process_display(P, backtrace) end)]),
    io:format("bad: ~p~n", [[e(fun() -> erlang:process_display(self(), foo) end),
                             e(fun() -> erlang:process_display(a, backtrace) end),
                             e(fun() -> process_info(self(), backtraces) end),
                             c:bt(a)]]).

blank_before_returns([blank, {return, _} | T]) -> blank_before_returns(T);
blank_before_returns([_, {return, _} | _]) -> false;
blank_before_returns([_ | T]) -> blank_before_returns(T);
blank_before_returns([]) -> true.
