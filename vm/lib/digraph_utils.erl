%% digraph_utils: OTP 25's algorithms over digraph graphs (components,
%% strong components, reachability, topological sort, trees, subgraphs,
%% condensation, pre- and postorder), our own code. Every walk is OTP's:
%% depth first from the vertices in digraph:vertices/1's order (or those
%% given), each vertex once, its neighbours in digraph's order, so the
%% answers are OTP's for the same vertex order. That order is our ets
%% table's, not OTP's, so where it shows (the order of components, of a
%% topological sort among the valid ones, of pre- and postorder) the lists
%% may come in another order than erl's (docs/differences-from-erlang.md).
-module(digraph_utils).

-export([components/1, strong_components/1, cyclic_strong_components/1,
         reachable/2, reachable_neighbours/2, reaching/2, reaching_neighbours/2,
         topsort/1, is_acyclic/1, arborescence_root/1, is_arborescence/1, is_tree/1,
         loop_vertices/1, subgraph/2, subgraph/3, condensation/1, preorder/1, postorder/1]).

%% ---- components and reachability -------------------------------------------

%% The weakly connected components: edges followed both ways.
components(G) ->
    forest(G, fun both/2, digraph:vertices(G), first).

%% Kosaraju's: trees of the edges reversed, taken in reverse postorder.
strong_components(G) ->
    forest(G, fun ins/2, revpostorder(G), first).

%% The strong components that hold a cycle: more than one vertex, or one
%% with a loop (in the reverse of strong_components/1's order, as OTP's).
cyclic_strong_components(G) ->
    lists:foldl(fun([V] = C, Acc) ->
                        case is_loop(G, V) of
                            true -> [C | Acc];
                            false -> Acc
                        end;
                   (C, Acc) ->
                        [C | Acc]
                end, [], strong_components(G)).

reachable(Vs, G) when is_list(Vs) ->
    lists:append(forest(G, fun outs/2, Vs, first)).

%% As reachable/2, but a vertex of Vs counts only when a path of one edge
%% or more leads to it.
reachable_neighbours(Vs, G) when is_list(Vs) ->
    lists:append(forest(G, fun outs/2, Vs, not_first)).

reaching(Vs, G) when is_list(Vs) ->
    lists:append(forest(G, fun ins/2, Vs, first)).

reaching_neighbours(Vs, G) when is_list(Vs) ->
    lists:append(forest(G, fun ins/2, Vs, not_first)).

%% ---- orders ----------------------------------------------------------------

%% The vertices in reverse postorder when no edge goes backwards in it
%% (every strong component a single vertex), else false.
topsort(G) ->
    Order = revpostorder(G),
    case length(forest(G, fun ins/2, Order, first)) =:= digraph:no_vertices(G) of
        true -> Order;
        false -> false
    end.

is_acyclic(G) ->
    loop_vertices(G) =:= [] andalso topsort(G) =/= false.

preorder(G) ->
    lists:reverse(lists:append(forest(G, fun outs/2, digraph:vertices(G), first))).

postorder(G) ->
    lists:reverse(revpostorder(G)).

%% ---- trees -----------------------------------------------------------------

%% {yes, Root} when one vertex has no edge in, every other one edge in, and
%% the edges are one fewer than the vertices; else no.
arborescence_root(G) ->
    case digraph:no_edges(G) =:= digraph:no_vertices(G) - 1 of
        true -> root(G, digraph:vertices(G), none);
        false -> no
    end.

root(G, [V | Vs], Root) ->
    case {digraph:in_degree(G, V), Root} of
        {1, _} -> root(G, Vs, Root);
        {0, none} -> root(G, Vs, V);
        _ -> no
    end;
root(_, [], none) ->
    no;
root(_, [], Root) ->
    {yes, Root}.

is_arborescence(G) ->
    arborescence_root(G) =/= no.

is_tree(G) ->
    digraph:no_edges(G) =:= digraph:no_vertices(G) - 1 andalso length(components(G)) =:= 1.

loop_vertices(G) ->
    [V || V <- digraph:vertices(G), is_loop(G, V)].

is_loop(G, V) ->
    lists:member(V, digraph:out_neighbours(G, V)).

%% ---- new graphs ------------------------------------------------------------

%% The graph of the vertices Vs that are in G and G's edges between them.
%% Options: {type, inherit | digraph:new/1's list} and {keep_labels,
%% boolean()}; anything else, or a bad type, is badarg.
subgraph(G, Vs) ->
    subgraph(G, Vs, []).

subgraph(G, Vs, Opts) ->
    case sub_options(Opts, inherit, true) of
        {Type, Keep} -> make_subgraph(G, Vs, Type, Keep);
        error -> erlang:error(badarg)
    end.

sub_options([{type, Type} | Opts], _, Keep) when Type =:= inherit; is_list(Type) ->
    sub_options(Opts, Type, Keep);
sub_options([{keep_labels, Keep} | Opts], Type, _) when is_boolean(Keep) ->
    sub_options(Opts, Type, Keep);
sub_options([], Type, Keep) ->
    {Type, Keep};
sub_options(_, _, _) ->
    error.

make_subgraph(G, Vs, inherit, Keep) ->
    Info = digraph:info(G),
    {cyclicity, Cyclicity} = lists:keyfind(cyclicity, 1, Info),
    {protection, Protection} = lists:keyfind(protection, 1, Info),
    make_subgraph(G, Vs, [Cyclicity, Protection], Keep);
make_subgraph(G, Vs, Type, Keep) ->
    SG = digraph:new(Type),
    lists:foreach(fun(V) ->
                          case digraph:vertex(G, V) of
                              false -> ok;
                              {_, Label} -> digraph:add_vertex(SG, V, label(Keep, Label))
                          end
                  end, Vs),
    [[case digraph:edge(G, E) of
          {_, V1, V2, Label} ->
              case digraph:vertex(SG, V2) of
                  false -> ok;
                  _ -> digraph:add_edge(SG, E, V1, V2, label(Keep, Label))
              end
      end || E <- digraph:out_edges(G, V)] || V <- digraph:vertices(SG)],
    SG.

label(true, Label) -> Label;
label(false, _) -> [].

%% The graph of G's strong components: a vertex each, an edge from one to
%% another when an edge of G does, and a loop on a component with a cycle.
condensation(G) ->
    Components = strong_components(G),
    {_, Index} = lists:foldl(fun(C, {N, M}) ->
                                     {N + 1, lists:foldl(fun(V, M1) -> M1#{V => N} end, M, C)}
                             end, {1, #{}}, Components),
    ByIndex = maps:from_list(lists:zip(lists:seq(1, length(Components)), Components)),
    CG = make_subgraph(G, [], inherit, true),
    lists:foreach(
      fun(C) ->
              %% the components C's edges lead to, once each, in the order
              %% of a set table of their numbers (OTP's)
              Targets = ets:new(condensation, [set]),
              [true = ets:insert(Targets, {maps:get(W, Index)})
               || V <- C, W <- digraph:out_neighbours(G, V)],
              digraph:add_vertex(CG, C),
              lists:foreach(fun(I) ->
                                    T = maps:get(I, ByIndex),
                                    digraph:add_vertex(CG, T),
                                    [digraph:add_edge(CG, C, T) || T =/= C]
                            end, keys(Targets, ets:first(Targets))),
              ets:delete(Targets)
      end, Components),
    CG.

keys(_, '$end_of_table') -> [];
keys(T, K) -> [K | keys(T, ets:next(T, K))].

%% ---- the walks -------------------------------------------------------------

outs(G, V) -> digraph:out_neighbours(G, V).
ins(G, V) -> digraph:in_neighbours(G, V).
both(G, V) -> digraph:in_neighbours(G, V) ++ digraph:out_neighbours(G, V).

%% A tree of each start vertex not yet visited, the latest tree first, each
%% tree's vertices the latest visited first: from the vertex itself
%% (first), or from its neighbours only (not_first: the vertex is in the
%% tree only when a path leads back to it). Next(G, V): where a walk goes
%% from V; the walk takes the first of them, and comes back to the others.
forest(G, Next, Starts, How) ->
    {Trees, _} = lists:foldl(
                   fun(V, {Trees, Seen}) when How =:= not_first, is_map_key(V, Seen) ->
                           {Trees, Seen};
                      (V, {Trees, Seen}) ->
                           From = case How of
                                      first -> [V];
                                      not_first -> Next(G, V)
                                  end,
                           case tree(G, Next, From, Seen, []) of
                               {[], Seen1} -> {Trees, Seen1};
                               {Tree, Seen1} -> {[Tree | Trees], Seen1}
                           end
                   end, {[], #{}}, Starts),
    Trees.

tree(G, Next, [V | Vs], Seen, Tree) when is_map_key(V, Seen) ->
    tree(G, Next, Vs, Seen, Tree);
tree(G, Next, [V | Vs], Seen, Tree) ->
    tree(G, Next, Next(G, V) ++ Vs, Seen#{V => true}, [V | Tree]);
tree(_, _, [], Seen, Tree) ->
    {Tree, Seen}.

%% Reverse postorder: a vertex comes before everything it leads to that it
%% is the first to reach.
revpostorder(G) ->
    {Order, _} = post(G, digraph:vertices(G), #{}, []),
    Order.

%% The vertices Vs walked in turn, each one's order put before Acc.
post(G, [V | Vs], Seen, Acc) when is_map_key(V, Seen) ->
    post(G, Vs, Seen, Acc);
post(G, [V | Vs], Seen, Acc) ->
    {Below, Seen1} = post(G, digraph:out_neighbours(G, V), Seen#{V => true}, Acc),
    post(G, Vs, Seen1, [V | Below]);
post(_, [], Seen, Acc) ->
    {Acc, Seen}.
