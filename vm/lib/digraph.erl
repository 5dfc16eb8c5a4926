%% digraph: OTP 25's directed graphs, kept in three ets tables owned by the
%% process that made the graph, in OTP's record and table layout:
%%   vtab  {Vertex, Label}                       a set
%%   etab  {Edge, V1, V2, Label}                 a set
%%   ntab  {{out, V1}, Edge}, {{in, V2}, Edge}   a bag, and the counters of
%%         the ids add_vertex/1 and add_edge/3,4 make: {'$vid', N},
%%         {'$eid', N}, giving ['$v' | N] and ['$e' | N].
%% The answers come in OTP's order where the tables give it: a vertex's
%% edges in the order they were added (a bag keeps it), its neighbours the
%% other way round, and get_path/get_cycle search depth first in the order
%% of out_neighbours/2, get_short_path/get_short_cycle breadth first in the
%% order of out_edges/2, so they find the paths OTP's find. Whole-table
%% reads (vertices/1, edges/1, edges/2, source_vertices/1, sink_vertices/1)
%% come in our ets order (docs/differences-from-erlang.md).
-module(digraph).

-export([new/0, new/1, delete/1, info/1]).
-export([add_vertex/1, add_vertex/2, add_vertex/3, del_vertex/2, del_vertices/2,
         vertex/2, no_vertices/1, vertices/1, source_vertices/1, sink_vertices/1]).
-export([add_edge/3, add_edge/4, add_edge/5, del_edge/2, del_edges/2, del_path/3,
         edge/2, no_edges/1, edges/1, edges/2]).
-export([out_neighbours/2, in_neighbours/2, out_edges/2, in_edges/2,
         out_degree/2, in_degree/2]).
-export([get_path/3, get_cycle/2, get_short_path/3, get_short_cycle/2]).

-record(digraph, {vtab = notable, etab = notable, ntab = notable, cyclic = true}).

%% ---- graphs ----------------------------------------------------------------

new() ->
    new([]).

%% Type: a list of acyclic, cyclic, private, protected; of two cyclicities
%% the first counts, of two protections the last (as OTP's). Anything else
%% is badarg.
new(Type) ->
    case type(Type, protected, undefined) of
        {Access, Cyclic} ->
            V = ets:new(vertices, [set, Access]),
            E = ets:new(edges, [set, Access]),
            N = ets:new(neighbours, [bag, Access]),
            true = ets:insert(N, [{'$vid', 0}, {'$eid', 0}]),
            #digraph{vtab = V, etab = E, ntab = N, cyclic = Cyclic =/= false};
        error ->
            erlang:error(badarg)
    end.

type([acyclic | T], Access, undefined) -> type(T, Access, false);
type([cyclic | T], Access, undefined) -> type(T, Access, true);
type([C | T], Access, Cyclic) when C =:= acyclic; C =:= cyclic -> type(T, Access, Cyclic);
type([A | T], _, Cyclic) when A =:= protected; A =:= private -> type(T, A, Cyclic);
type([], Access, Cyclic) -> {Access, Cyclic};
type(_, _, _) -> error.

delete(#digraph{vtab = V, etab = E, ntab = N}) ->
    ets:delete(V),
    ets:delete(E),
    ets:delete(N).

info(#digraph{vtab = V, etab = E, ntab = N, cyclic = Cyclic}) ->
    [{cyclicity, case Cyclic of true -> cyclic; false -> acyclic end},
     {memory, ets:info(V, memory) + ets:info(E, memory) + ets:info(N, memory)},
     {protection, ets:info(V, protection)}].

%% ---- vertices --------------------------------------------------------------

add_vertex(G) ->
    add_vertex(G, ['$v' | next_id(G, '$vid')], []).

add_vertex(G, V) ->
    add_vertex(G, V, []).

add_vertex(#digraph{vtab = VT}, V, Label) ->
    true = ets:insert(VT, {V, Label}),
    V.

%% The next number of counter Key ('$vid' or '$eid'): a bag holds one
%% object under each, replaced.
next_id(#digraph{ntab = NT}, Key) ->
    [{Key, K}] = ets:lookup(NT, Key),
    true = ets:delete(NT, Key),
    true = ets:insert(NT, {Key, K + 1}),
    K.

%% A vertex goes with its edges.
del_vertex(#digraph{vtab = VT, ntab = NT} = G, V) ->
    del_edges(G, [E || {_, E} <- ets:lookup(NT, {in, V}) ++ ets:lookup(NT, {out, V})]),
    ets:delete(VT, V).

del_vertices(G, [V | Vs]) ->
    del_vertex(G, V),
    del_vertices(G, Vs);
del_vertices(#digraph{}, []) ->
    true.

vertex(#digraph{vtab = VT}, V) ->
    one(VT, V).

%% The object of a set table under Key, or false.
one(Tab, Key) ->
    case ets:lookup(Tab, Key) of
        [Object] -> Object;
        [] -> false
    end.

no_vertices(#digraph{vtab = VT}) ->
    ets:info(VT, size).

vertices(#digraph{vtab = VT}) ->
    ets:select(VT, [{{'$1', '_'}, [], ['$1']}]).

%% The vertices no edge goes into, and those no edge leaves.
source_vertices(G) ->
    without_edges(G, in).

sink_vertices(G) ->
    without_edges(G, out).

without_edges(#digraph{ntab = NT} = G, Way) ->
    lists:foldl(fun(V, Acc) ->
                        case ets:member(NT, {Way, V}) of
                            true -> Acc;
                            false -> [V | Acc]
                        end
                end, [], vertices(G)).

%% ---- edges -----------------------------------------------------------------

add_edge(G, V1, V2) ->
    add_edge(G, ['$e' | next_id(G, '$eid')], V1, V2, []).

add_edge(G, V1, V2, Label) ->
    add_edge(G, ['$e' | next_id(G, '$eid')], V1, V2, Label).

%% The edge, or {error, {bad_vertex, V}} for a vertex that is not there,
%% {error, {bad_edge, [V1, V2]}} when edge E joins other vertices already,
%% and in an acyclic graph {error, {bad_edge, Path}} with the path the
%% edge would close into a cycle.
add_edge(#digraph{vtab = VT, etab = ET, cyclic = Cyclic} = G, E, V1, V2, Label) ->
    case {ets:member(VT, V1), ets:member(VT, V2), ets:lookup(ET, E)} of
        {false, _, _} ->
            {error, {bad_vertex, V1}};
        {_, false, _} ->
            {error, {bad_vertex, V2}};
        {_, _, [{_, W1, W2, _}]} when W1 =/= V1; W2 =/= V2 ->
            {error, {bad_edge, [V1, V2]}};
        _ when Cyclic ->
            insert_edge(G, E, V1, V2, Label);
        _ when V1 =:= V2 ->
            {error, {bad_edge, [V1, V2]}};
        _ ->
            case get_path(G, V2, V1) of
                false -> insert_edge(G, E, V1, V2, Label);
                Path -> {error, {bad_edge, Path}}
            end
    end.

insert_edge(#digraph{etab = ET, ntab = NT}, E, V1, V2, Label) ->
    true = ets:insert(NT, [{{out, V1}, E}, {{in, V2}, E}]),
    true = ets:insert(ET, {E, V1, V2, Label}),
    E.

del_edge(G, E) ->
    del_edges(G, [E]).

%% Edges that are not there are passed over.
del_edges(#digraph{etab = ET} = G, [E | Es]) ->
    case ets:lookup(ET, E) of
        [{_, V1, V2, _}] -> remove_edge(G, E, V1, V2);
        [] -> ok
    end,
    del_edges(G, Es);
del_edges(#digraph{}, []) ->
    true.

remove_edge(#digraph{etab = ET, ntab = NT}, E, V1, V2) ->
    true = ets:delete_object(NT, {{out, V1}, E}),
    true = ets:delete_object(NT, {{in, V2}, E}),
    true = ets:delete(ET, E).

%% Takes out paths from V1 to V2 until there is none: each time every edge
%% between two vertices next to each other on the path found.
del_path(G, V1, V2) ->
    case get_path(G, V1, V2) of
        false ->
            true;
        Path ->
            remove_path(G, Path),
            del_path(G, V1, V2)
    end.

remove_path(#digraph{etab = ET} = G, [V1, V2 | Vs]) ->
    [remove_edge(G, E, V1, V2) || E <- out_edges(G, V1), ets:lookup_element(ET, E, 3) =:= V2],
    remove_path(G, [V2 | Vs]);
remove_path(_, _) ->
    ok.

edge(#digraph{etab = ET}, E) ->
    one(ET, E).

no_edges(#digraph{etab = ET}) ->
    ets:info(ET, size).

edges(#digraph{etab = ET}) ->
    ets:select(ET, [{{'$1', '_', '_', '_'}, [], ['$1']}]).

%% The edges leaving V and those going into it.
edges(#digraph{ntab = NT}, V) ->
    ets:select(NT, [{{{out, V}, '$1'}, [], ['$1']}, {{{in, V}, '$1'}, [], ['$1']}]).

%% ---- neighbours ------------------------------------------------------------

%% A vertex's edges in the order they were added; its neighbours the other
%% way round.
out_edges(#digraph{ntab = NT}, V) ->
    [E || {_, E} <- ets:lookup(NT, {out, V})].

in_edges(#digraph{ntab = NT}, V) ->
    [E || {_, E} <- ets:lookup(NT, {in, V})].

out_neighbours(#digraph{etab = ET} = G, V) ->
    lists:foldl(fun(E, Acc) -> [ets:lookup_element(ET, E, 3) | Acc] end, [], out_edges(G, V)).

in_neighbours(#digraph{etab = ET} = G, V) ->
    lists:foldl(fun(E, Acc) -> [ets:lookup_element(ET, E, 2) | Acc] end, [], in_edges(G, V)).

out_degree(#digraph{ntab = NT}, V) ->
    length(ets:lookup(NT, {out, V})).

in_degree(#digraph{ntab = NT}, V) ->
    length(ets:lookup(NT, {in, V})).

%% ---- paths -----------------------------------------------------------------

%% A simple path from V1 to V2 ([V1, ..., V2], [V, V] for a loop when V1 is
%% V2), or false: the first one a depth-first search finds.
get_path(G, V1, V2) ->
    search(G, V2, 1, [{out_neighbours(G, V1), [V1]}], #{V1 => true}).

%% A simple cycle of two edges or more through V, else [V] when V has a
%% loop, else false.
get_cycle(G, V) ->
    case search(G, V, 2, [{out_neighbours(G, V), [V]}], #{V => true}) of
        false ->
            case lists:member(V, out_neighbours(G, V)) of
                true -> [V];
                false -> false
            end;
        Cycle ->
            Cycle
    end.

%% The depth-first search: a stack of {neighbours still to try, the path to
%% the vertex they leave, last vertex first}. Target ends the path when the
%% path holds at least Min vertices (a shorter find is passed over); any
%% other vertex is entered once.
search(G, Target, Min, [{[Target | Ws], Path} | Up], Seen) ->
    case length(Path) >= Min of
        true -> lists:reverse([Target | Path]);
        false -> search(G, Target, Min, [{Ws, Path} | Up], Seen)
    end;
search(G, Target, Min, [{[W | Ws], Path} | Up], Seen) when is_map_key(W, Seen) ->
    search(G, Target, Min, [{Ws, Path} | Up], Seen);
search(G, Target, Min, [{[W | Ws], Path} | Up], Seen) ->
    search(G, Target, Min, [{out_neighbours(G, W), [W | Path]}, {Ws, Path} | Up], Seen#{W => true});
search(G, Target, Min, [{[], _} | Up], Seen) ->
    search(G, Target, Min, Up, Seen);
search(_, _, _, [], _) ->
    false.

%% A shortest path from V1 to V2, or false: breadth first over the edges,
%% each vertex reached once, by the edge that reached it first.
get_short_path(G, V1, V2) ->
    walk_short(G, V2, queue:from_list(out_edges(G, V1)), #{V1 => root}).

get_short_cycle(G, V) ->
    get_short_path(G, V, V).

%% Parents: each reached vertex's predecessor on its shortest path.
walk_short(#digraph{etab = ET} = G, Sink, Queue, Parents) ->
    case queue:out(Queue) of
        {{value, E}, Rest} ->
            [{_, From, To, _}] = ets:lookup(ET, E),
            if
                To =:= Sink ->
                    path_back(From, Parents, [To]);
                is_map_key(To, Parents) ->
                    walk_short(G, Sink, Rest, Parents);
                true ->
                    Next = queue:join(Rest, queue:from_list(out_edges(G, To))),
                    walk_short(G, Sink, Next, Parents#{To => From})
            end;
        {empty, _} ->
            false
    end.

path_back(V, Parents, Path) ->
    case Parents of
        #{V := root} -> [V | Path];
        #{V := Parent} -> path_back(Parent, Parents, [V | Path])
    end.
