-module(digraph_utils_ops).
-export([main/0]).

%% digraph_utils on a graph with cycles, a DAG, a tree and a loop:
%% components, strong components, reachability, topological sort, tree
%% tests, subgraphs, condensation, pre- and postorder. The order of
%% vertices is the ets table's, so lists of vertices print sorted, and a
%% topological sort prints whether every edge goes forward in it.

main() ->
    G = graph([], lists:seq(1, 9),
              [{1, 2}, {2, 3}, {3, 1}, {3, 4}, {4, 5}, {5, 4}, {6, 6}, {7, 8}, {2, 2}]),
    p(components, norm(digraph_utils:components(G))),
    p(strong_components, norm(digraph_utils:strong_components(G))),
    p(cyclic_strong_components, norm(digraph_utils:cyclic_strong_components(G))),
    p(reachable, [{Vs, lists:sort(digraph_utils:reachable(Vs, G)),
                   lists:sort(digraph_utils:reachable_neighbours(Vs, G)),
                   lists:sort(digraph_utils:reaching(Vs, G)),
                   lists:sort(digraph_utils:reaching_neighbours(Vs, G))}
                  || Vs <- [[], [1], [4], [6], [7], [9], [4, 7], [nope]]]),
    p(topsort, digraph_utils:topsort(G)),
    p(is_acyclic, digraph_utils:is_acyclic(G)),
    p(loop_vertices, lists:sort(digraph_utils:loop_vertices(G))),
    p(tree, {digraph_utils:arborescence_root(G), digraph_utils:is_arborescence(G),
             digraph_utils:is_tree(G)}),
    p(orders, {lists:sort(digraph_utils:preorder(G)), lists:sort(digraph_utils:postorder(G))}),
    C = digraph_utils:condensation(G),
    p(condensation, graph_of(C)),
    p(condensation_acyclic, digraph_utils:is_acyclic(C)),
    S = digraph_utils:subgraph(G, [1, 2, 3, 4, nope]),
    p(subgraph, graph_of(S)),
    %% acyclic: one edge of the cycle 1, 2, 3 stays out (which one depends
    %% on the order the vertices come in)
    S2 = digraph_utils:subgraph(G, [1, 2, 3], [{type, [acyclic]}, {keep_labels, false}]),
    {Vs2, Es2, Cyc2} = graph_of(S2),
    p(subgraph_acyclic, {Vs2, length(Es2), Cyc2}),
    p(bad_options, [err(fun() -> digraph_utils:subgraph(G, [1], O) end)
                    || O <- [[{type, bad}], [{keep_labels, 1}], [x], x, [{type, [bad]}]]]),
    p(reachable_not_a_list, err(fun() -> digraph_utils:reachable(x, G) end)),
    %% a DAG: a topological sort puts every edge forward
    D = graph([acyclic], [a, b, c, d, e],
              [{a, b}, {a, c}, {b, d}, {c, d}, {d, e}]),
    Sort = digraph_utils:topsort(D),
    p(dag_topsort, {lists:sort(Sort), forward(D, Sort)}),
    p(dag, {digraph_utils:is_acyclic(D), digraph_utils:is_tree(D),
            digraph_utils:arborescence_root(D), norm(digraph_utils:strong_components(D)),
            digraph_utils:cyclic_strong_components(D)}),
    p(dag_postorder_backwards, forward(D, lists:reverse(digraph_utils:postorder(D)))),
    %% a tree and its root
    T = graph([], [r, x, y, z], [{r, x}, {r, y}, {y, z}]),
    p(tree_root, {digraph_utils:arborescence_root(T), digraph_utils:is_tree(T)}),
    %% the same shape with an edge turned round: a tree, not an arborescence
    U = graph([], [r, x, y, z], [{r, x}, {y, r}, {y, z}]),
    p(turned, {digraph_utils:arborescence_root(U), digraph_utils:is_tree(U)}),
    E = digraph:new(),
    p(empty, {digraph_utils:topsort(E), digraph_utils:components(E),
              digraph_utils:arborescence_root(E), digraph_utils:is_tree(E),
              digraph_utils:is_acyclic(E)}),
    [digraph:delete(X) || X <- [G, C, S, S2, D, T, U, E]],
    ok.

graph(Type, Vs, Es) ->
    G = digraph:new(Type),
    [digraph:add_vertex(G, V, {label, V}) || V <- Vs],
    [digraph:add_edge(G, A, B) || {A, B} <- Es],
    G.

%% Vertices with labels and edges as {From, To}, sorted.
graph_of(G) ->
    {lists:sort([{norm_v(V), L} || {V, L} <- [digraph:vertex(G, V) || V <- digraph:vertices(G)]]),
     lists:sort([{norm_v(A), norm_v(B)} || {_, A, B, _} <- [digraph:edge(G, E) || E <- digraph:edges(G)]]),
     lists:keyfind(cyclicity, 1, digraph:info(G))}.

norm_v(V) when is_list(V) -> lists:sort(V);
norm_v(V) -> V.

norm(Components) ->
    lists:sort([lists:sort(C) || C <- Components]).

%% Whether every edge of G goes from earlier to later in Order.
forward(G, Order) ->
    Pos = maps:from_list(lists:zip(Order, lists:seq(1, length(Order)))),
    lists:all(fun(E) ->
                      {_, A, B, _} = digraph:edge(G, E),
                      maps:get(A, Pos) < maps:get(B, Pos)
              end, digraph:edges(G)).

err(F) ->
    try F()
    catch error:R -> R
    end.

p(Label, Term) -> io:format("~p: ~p~n", [Label, Term]).
