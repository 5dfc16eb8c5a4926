%% instrument: where the VM's memory is, with the interface of OTP's
%% instrument module from R9C to OTP 20 (the design document in
%% docs/internals/instrument.md): memory status by total, allocator, class
%% and type, and the allocation map of `dbgsh +Mim true`, with the functions
%% that read, store, sort and describe both. The figures come from vm/alloc.c
%% through the dbgsh_alloc BIFs.
-module(instrument).

-export([allocator_descr/2, block_header_size/1, class_descr/2, descr/1,
         holes/1, mem_limits/1, memory_data/0, memory_status/1,
         read_memory_data/1, read_memory_status/1, sort/1,
         store_memory_data/1, store_memory_status/1, sum_blocks/1,
         type_descr/2, type_no_range/1]).

-define(STATUS_TYPES, [total, allocators, classes, types]).
%% Gaps this small between blocks are the C allocator's own chunk header
%% (8 bytes) and alignment (up to 15), not holes.
-define(MIN_HOLE, 24).

%% ---- the live VM ------------------------------------------------------------

memory_data() ->
    dbgsh_alloc:map().

memory_status(Type) when is_atom(Type) ->
    try dbgsh_alloc:status(Type)
    catch error:badarg -> erlang:error(badarg, [Type])
    end;
memory_status(Type) ->
    erlang:error(badarg, [Type]).

store_memory_data(File) ->
    check_file(File),
    case memory_data() of
        false -> false;
        {Hdr, Blocks} -> write_terms(File, [Hdr | Blocks])
    end.

store_memory_status(File) ->
    check_file(File),
    case dbgsh_alloc:modes() of
        {false, _} -> false;
        _ -> write_terms(File, [{T, memory_status(T)} || T <- ?STATUS_TYPES])
    end.

read_memory_data(File) ->
    check_file(File),
    case file:consult(File) of
        {ok, [Hdr | Blocks]} ->
            case {is_header(Hdr), bad_block(Blocks)} of
                {true, none} -> {Hdr, Blocks};
                {false, _} -> {error, {not_memory_data, Hdr}};
                {_, Bad} -> {error, {not_memory_data, Bad}}
            end;
        {ok, []} -> {error, {not_memory_data, empty}};
        {error, _} = E -> E
    end.

read_memory_status(File) ->
    check_file(File),
    case file:consult(File) of
        {ok, Status} ->
            case [S || S <- Status, not is_status(S)] of
                [] when Status =/= [] -> Status;
                [] -> {error, {not_memory_status, empty}};
                [Bad | _] -> {error, {not_memory_status, Bad}}
            end;
        {error, _} = E -> E
    end.

%% ---- allocation maps ----------------------------------------------------------

sort({Hdr, Blocks} = MD) ->
    check_map(MD),
    {Hdr, lists:keysort(2, Blocks)};
sort(MD) ->
    erlang:error(badarg, [MD]).

sum_blocks(MD) ->
    {_, Blocks} = check_map(MD),
    lists:foldl(fun({_, _, S, _}, Sum) -> S + Sum end, 0, Blocks).

mem_limits(MD) ->
    case check_map(MD) of
        {_, [{_, Low, _, _} | _] = Blocks} ->
            {_, Last, Size, _} = lists:last(Blocks),
            {Low, Last + Size};
        _ ->
            erlang:error(badarg, [MD])
    end.

holes(MD) ->
    {_, Blocks} = check_map(MD),
    HS = header_size(MD),
    print_holes(Blocks, HS),
    io:format("~n").

print_holes([{_, P1, S1, _} | [{_, P2, _, _} | _] = Rest], HS) ->
    Hole = P2 - (P1 + S1 + HS),
    if
        Hole < ?MIN_HOLE -> ok;
        true -> io:format(" ~p", [Hole])
    end,
    print_holes(Rest, HS);
print_holes(_, _) ->
    ok.

block_header_size(MD) ->
    check_map(MD),
    case header_size(MD) of
        unknown -> erlang:error(badarg, [MD]);
        HS -> HS
    end.

type_no_range(MD) ->
    check_map(MD),
    case types(MD) of
        unknown -> erlang:error(badarg, [MD]);
        Types -> {1, tuple_size(Types)}
    end.

type_descr(MD, TypeNo) -> describe(MD, TypeNo, 1).

allocator_descr(MD, TypeNo) -> describe(MD, TypeNo, 2).

class_descr(MD, TypeNo) -> describe(MD, TypeNo, 3).

descr(MD) ->
    {Hdr, Blocks} = check_map(MD),
    Types = types(MD),
    {Hdr, [{type_field(Types, T, 1), A, S, pid_of(P)} || {T, A, S, P} <- Blocks]}.

%% ---- helpers -----------------------------------------------------------------

describe(MD, TypeNo, Field) when is_integer(TypeNo) ->
    check_map(MD),
    type_field(types(MD), TypeNo, Field);
describe(MD, TypeNo, _) ->
    erlang:error(badarg, [MD, TypeNo]).

%% Field 1 (type), 2 (allocator) or 3 (class) of type number TypeNo.
type_field(unknown, _, 1) -> invalid_type;
type_field(unknown, _, _) -> "unknown";
type_field(Types, TypeNo, Field) when TypeNo >= 1, TypeNo =< tuple_size(Types) ->
    element(Field, element(TypeNo, Types));
type_field(_, _, _) -> invalid_type.

pid_of({X, Y, Z}) -> c:pid(X, Y, Z);
pid_of(undefined) -> undefined.

header_size({{instr_hdr, _, HS, _}, _}) -> HS;
header_size(_) -> unknown.

types({{instr_hdr, _, _, Types}, _}) when is_tuple(Types) -> Types;
types(_) -> unknown.

is_header({instr_hdr, V, HS, Types}) when is_integer(V), is_integer(HS), HS >= 0, is_tuple(Types) ->
    lists:all(fun({T, A, C}) -> is_atom(T) andalso is_atom(A) andalso is_atom(C);
                 (_) -> false
              end, tuple_to_list(Types));
is_header(_) ->
    false.

is_block({T, A, S, P}) when is_integer(T), is_integer(A), is_integer(S) ->
    case P of
        undefined -> true;
        {X, Y, Z} -> is_integer(X) andalso is_integer(Y) andalso is_integer(Z);
        _ -> false
    end;
is_block(_) ->
    false.

bad_block([]) -> none;
bad_block([B | Bs]) ->
    case is_block(B) of
        true -> bad_block(Bs);
        false -> B
    end.

is_status({Type, Infos}) when is_list(Infos) ->
    lists:member(Type, ?STATUS_TYPES) andalso
        lists:all(fun({About, [{sizes, _, _, _} = Sz, {blocks, _, _, _} = Bl]}) when is_atom(About) ->
                          all_integers(Sz) andalso all_integers(Bl);
                     (_) -> false
                  end, Infos);
is_status(_) ->
    false.

all_integers({_, C, M, E}) -> is_integer(C) andalso is_integer(M) andalso is_integer(E).

%% The map itself, when MD is {Info, [Desc]}; badarg otherwise.
check_map({_, Blocks} = MD) when is_list(Blocks) ->
    case bad_block(Blocks) of
        none -> MD;
        _ -> erlang:error(badarg, [MD])
    end;
check_map(MD) ->
    erlang:error(badarg, [MD]).

check_file(File) when is_list(File); is_binary(File); is_atom(File) -> ok;
check_file(File) -> erlang:error(badarg, [File]).

write_terms(File, Terms) ->
    Text = [io_lib:format("~w.~n", [T]) || T <- Terms],
    file:write_file(File, Text) =:= ok.
