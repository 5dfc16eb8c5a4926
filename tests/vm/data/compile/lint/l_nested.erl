-module(l_nested).
-export([f/1]).
f(X) ->
    case X of
        {a, A} ->
            case A of
                1 -> B = 1, C = 2;
                2 -> B = 2
            end,
            {B, C};
        _ ->
            receive
                {msg, D} -> D
            after 0 ->
                E = 0
            end,
            E
    end.
