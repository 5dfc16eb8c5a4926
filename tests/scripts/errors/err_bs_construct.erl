-module(err_bs_construct).
-export([main/0]).

%% A binary construction that fails raises badarg (system_limit for a size
%% past 2^63 bits) whose first frame carries OTP 25's error_info:
%% #{cause => {Segment, Type, Error, Value}, function => format_bs_fail,
%% module => erl_erts_errors}. Segments are numbered as written (a string
%% is one; a comprehension's accumulator is the first), the size is checked
%% before the value. erlang:error/3 gives the first frame the error_info of
%% its options.

-define(T(E), info(fun() -> E end)).

id(X) -> X.

info(F) ->
    try F() of
        V -> {value, V}
    catch
        C:R:S ->
            [{_M, _Fn, _A, Loc} | _] = S,
            {C, R, proplists:get_value(error_info, Loc, none)}
    end.

guard(B) when <<B:8>> =:= <<1>> -> one;
guard(_) -> other.

main() ->
    X = id(x), F = id(1.5), N = id(-1), Big = id(1 bsl 70), B3 = id(<<1:3>>), B1 = id(<<1>>),
    Long = id(list_to_binary(lists:seq(1, 20))),
    Cases = [
        %% integer: size, then type; system_limit past 2^63 bits
        ?T(<<X:8>>), ?T(<<F:8>>), ?T(<<1:N>>), ?T(<<1:X>>), ?T(<<X:N>>), ?T(<<1:Big>>),
        ?T(<<1:(id(-Big))>>), ?T(<<1:(id(1 bsl 58))/unit:32>>), ?T(<<1:(id(1 bsl 60))/unit:16>>),
        ?T(<<X:(id(1 bsl 58))/unit:32>>), ?T(<<1:(id(1.0))>>),
        %% numbering: a string is one segment
        ?T(<<1, X/binary>>), ?T(<<"abc", X/binary>>), ?T(<<"abc", 1, 2, X:8>>), ?T(<<1:8/big, "xy", X/little>>),
        %% binary and bits: type, unit, short, size
        ?T(<<B3/binary>>), ?T(<<B1:4/binary>>), ?T(<<X:4/binary>>), ?T(<<B1:N/binary>>), ?T(<<B3:1/binary>>),
        ?T(<<X/bits>>), ?T(<<X/bitstring>>), ?T(<<B1:X/binary>>), ?T(<<B1:Big/binary>>), ?T(<<(id([1, 2]))/binary>>),
        ?T(<<(id(<<1:9>>)):2/binary>>), ?T(<<(id(<<1:9>>))/binary>>), ?T(<<(id(<<1:9>>)):10/bits>>),
        ?T(<<Long:30/binary>>), ?T(<<X:(id(-1))/binary>>),
        %% float: size, invalid, type, no_float
        ?T(<<X/float>>), ?T(<<F:(id(8))/float>>), ?T(<<X:(id(8))/float>>), ?T(<<(id(1.0)):(id(3))/float-unit:8>>),
        ?T(<<(id(1 bsl 1030)):64/float>>), ?T(<<(id(-(1 bsl 1024))):32/float>>), ?T(<<X:(id(x))/float>>),
        ?T(<<F:N/float>>), ?T(<<1.0:(id(1 bsl 58))/float-unit:32>>),
        %% utf: type
        ?T(<<X/utf8>>), ?T(<<N/utf8>>), ?T(<<(id(16#D800))/utf16>>), ?T(<<(id(16#110000))/utf32>>),
        ?T(<<(id(1.0))/utf16>>), ?T(<<Big/utf8>>),
        %% comprehensions: the accumulator is segment 1
        ?T(<< <<Y>> || Y <- id([1, x]) >>), ?T(<< <<1, Y:8>> || Y <- id([1, x]) >>),
        ?T(<< <<"ab", Y>> || Y <- id([x]) >>), ?T(<< <<Y/binary>> || Y <- id([<<1>>, x]) >>),
        ?T(<< <<1:(id(-1))>> || _ <- id([x]) >>),
        %% what builds
        ?T(<<(id(1.0e300)):32/float>>), ?T(<<(id(1 bsl 1000)):16/float>>), ?T(<<B3/binary-unit:3>>),
        ?T(<<(id(<<1:9>>)):1/bits>>), ?T(<<1:0>>)
    ],
    [io:format("~p~n", [C]) || C <- Cases],
    %% a construction that fails in a guard raises nothing, and leaves
    %% nothing for the next exception's frame
    io:format("~p~n", [[guard(1), guard(x), guard(2)]]),
    io:format("~p~n", [?T(error(later))]),
    %% erlang:error/3: the last {error_info, Map} of a proper list of them
    Opts = [[], [{error_info, #{a => 1}}], x, [x], [{error_info, x}],
            [{error_info, #{}}, {error_info, #{b => 2}}], [{other, 1}, {error_info, #{c => 3}}],
            [{error_info, #{a => 1}} | x]],
    [io:format("~p~n", [?T(erlang:error(r, [1], O))]) || O <- Opts],
    io:format("~p~n", [?T(erlang:error(r, none, [{error_info, #{d => 4}}]))]),
    ok.
