-module(digraph_ops).
-export([main/0]).

%% digraph: graphs of each type, vertices and edges with labels and made
%% ids, the errors of add_edge, neighbours, degrees and edges of a vertex
%% in their order, paths and cycles (depth first and shortest), del_path,
%% deleting vertices with their edges, protection, a deleted graph.
%% Whole-table reads are sorted: their order is the ets table's.

main() ->
    types(),
    basics(),
    paths(),
    acyclic(),
    access(),
    ok.

types() ->
    [p({new, T}, case err(fun() -> digraph:new(T) end) of
                     badarg -> badarg;
                     G -> Info = digraph:info(G), digraph:delete(G),
                          {proplists:get_value(cyclicity, Info), proplists:get_value(protection, Info)}
                 end)
     || T <- [[], [acyclic], [cyclic, acyclic], [acyclic, cyclic], [private], [private, protected],
              [private, acyclic], [bad], [acyclic | private], private]],
    G = digraph:new(),
    p(memory_is_an_integer, is_integer(proplists:get_value(memory, digraph:info(G)))),
    p(delete, digraph:delete(G)).

basics() ->
    G = digraph:new(),
    p(add_vertex, [digraph:add_vertex(G), digraph:add_vertex(G), digraph:add_vertex(G, a),
                   digraph:add_vertex(G, b, {label, b}), digraph:add_vertex(G, c, [])]),
    p(relabel, digraph:add_vertex(G, a, new_label)),
    p(vertex, [digraph:vertex(G, V) || V <- [a, b, ['$v' | 0], nope]]),
    p(no_vertices, digraph:no_vertices(G)),
    p(vertices, lists:sort(digraph:vertices(G))),
    p(add_edge, [digraph:add_edge(G, a, b), digraph:add_edge(G, a, c, lbl),
                 digraph:add_edge(G, my_edge, b, c, mine), digraph:add_edge(G, a, a),
                 digraph:add_edge(G, a, b), digraph:add_edge(G, c, a)]),
    p(bad_vertex, [digraph:add_edge(G, a, nope), digraph:add_edge(G, nope, a),
                   digraph:add_edge(G, nope1, nope2)]),
    p(id_after_errors, digraph:add_edge(G, b, a)),
    p(same_edge_other_ends, digraph:add_edge(G, my_edge, a, c, other)),
    p(same_edge_same_ends, digraph:add_edge(G, my_edge, b, c, relabelled)),
    p(edge, [digraph:edge(G, E) || E <- [my_edge, ['$e' | 0], nope]]),
    p(no_edges, digraph:no_edges(G)),
    p(edges, lists:sort(digraph:edges(G))),
    [p({V, neighbours}, {digraph:out_neighbours(G, V), digraph:in_neighbours(G, V),
                         digraph:out_edges(G, V), digraph:in_edges(G, V),
                         digraph:out_degree(G, V), digraph:in_degree(G, V),
                         lists:sort(digraph:edges(G, V))})
     || V <- [a, b, c, ['$v' | 0], nope]],
    p(sources_sinks, {lists:sort(digraph:source_vertices(G)), lists:sort(digraph:sink_vertices(G))}),
    p(del_edge, [digraph:del_edge(G, ['$e' | 4]), digraph:del_edge(G, nope)]),
    p(del_edges, digraph:del_edges(G, [['$e' | 0], nope])),
    p(edges_after, lists:sort(digraph:edges(G))),
    p(del_vertex, digraph:del_vertex(G, a)),
    p(after_del_vertex, {lists:sort(digraph:vertices(G)), lists:sort(digraph:edges(G)),
                         digraph:out_neighbours(G, b), digraph:in_neighbours(G, c)}),
    p(del_vertices, digraph:del_vertices(G, [b, nope, ['$v' | 1]])),
    p(left, {lists:sort(digraph:vertices(G)), digraph:edges(G)}),
    p(del_vertices_bad, err(fun() -> digraph:del_vertices(G, notalist) end)),
    digraph:delete(G).

%% 1 -> 2 -> 3 -> 4, 1 -> 4, 2 -> 5 -> 4, 4 -> 2, 3 -> 1, 6 -> 6, 7 alone
paths() ->
    G = digraph:new(),
    [digraph:add_vertex(G, V) || V <- lists:seq(1, 7)],
    [digraph:add_edge(G, A, B) || {A, B} <- [{1, 2}, {2, 3}, {3, 4}, {1, 4}, {2, 5}, {5, 4},
                                             {4, 2}, {3, 1}, {6, 6}]],
    p(get_path, [{A, B, digraph:get_path(G, A, B)}
                 || {A, B} <- [{1, 4}, {4, 1}, {1, 5}, {5, 3}, {1, 1}, {6, 6}, {7, 1}, {1, 7},
                               {1, 6}, {nope, 1}, {1, nope}]]),
    p(get_short_path, [{A, B, digraph:get_short_path(G, A, B)}
                       || {A, B} <- [{1, 4}, {4, 1}, {1, 5}, {5, 3}, {1, 1}, {6, 6}, {7, 7},
                                     {3, 5}, {nope, 1}]]),
    p(get_cycle, [{V, digraph:get_cycle(G, V)} || V <- [1, 2, 4, 5, 6, 7, nope]]),
    p(get_short_cycle, [{V, digraph:get_short_cycle(G, V)} || V <- [1, 2, 4, 5, 6, 7]]),
    %% parallel edges all go with del_path
    digraph:add_edge(G, 2, 3),
    p(del_path, digraph:del_path(G, 1, 4)),
    p(edges_left, lists:sort([{digraph:edge(G, E)} || E <- digraph:edges(G)])),
    p(path_after, digraph:get_path(G, 1, 4)),
    p(del_path_none, digraph:del_path(G, 7, 1)),
    digraph:delete(G).

acyclic() ->
    G = digraph:new([acyclic]),
    [digraph:add_vertex(G, V) || V <- [a, b, c, d]],
    p(acyclic_edges, [digraph:add_edge(G, a, b), digraph:add_edge(G, b, c),
                      digraph:add_edge(G, c, d), digraph:add_edge(G, a, d)]),
    p(closing_cycle, [digraph:add_edge(G, d, a), digraph:add_edge(G, c, b),
                      digraph:add_edge(G, b, b), digraph:add_edge(G, d, d)]),
    p(labelled_again, digraph:add_edge(G, ['$e' | 0], a, b, again)),
    p(edge_again, digraph:edge(G, ['$e' | 0])),
    p(cycle, {digraph:get_cycle(G, a), digraph:get_short_cycle(G, a)}),
    p(sources_sinks, {digraph:source_vertices(G), digraph:sink_vertices(G)}),
    digraph:delete(G).

access() ->
    Me = self(),
    Private = digraph:new([private]),
    Protected = digraph:new(),
    digraph:add_vertex(Protected, v),
    digraph:add_vertex(Private, v),
    spawn(fun() ->
                  Me ! {other, [err(fun() -> digraph:vertices(Private) end),
                                digraph:vertices(Protected),
                                err(fun() -> digraph:add_vertex(Protected, w) end)]}
          end),
    receive {other, R} -> p(other_process, R) end,
    digraph:delete(Private),
    p(after_delete, [err(fun() -> digraph:vertices(Private) end),
                     err(fun() -> digraph:add_vertex(Private, x) end)]),
    digraph:delete(Protected).

%% F's value, or the reason of the error it raises.
err(F) ->
    try F()
    catch error:R -> R
    end.

p(Label, Term) -> io:format("~p: ~p~n", [Label, Term]).
