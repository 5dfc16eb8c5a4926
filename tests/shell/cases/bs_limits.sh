# Binary construction where OTP gives no answer to compare with: its node
# allocates a float segment of 2^61 bits before it checks the size, and
# dies; dbgsh raises badarg with the invalid-size cause, bits and all. A
# segment of 2^63 bits or more is system_limit before the value is looked
# at, as in OTP (such sizes used to wrap around); so is a total of 2^63.
# A binary larger than the machine's memory (a segment of 2^50 bits; an
# append; binary:copy; a list holding one binary 2^20 times, flattened or
# encoded) is system_limit in the process that asked, blaming the largest
# segment, and dbgsh goes on; OTP's node dies ("binary_alloc: Cannot
# allocate"), so these too have no answer from erl.
cat >bslim.erl <<'ERL'
-module(bslim).
-export([t/1]).
i(X) -> X.
t(1) -> <<(i(1.0)):(i(1 bsl 58))/float-unit:8>>;
t(2) -> <<(i(x)):(i(1 bsl 60))/unit:16>>;
t(3) -> <<0:(i(1 bsl 58))/unit:16, 0:(i(1 bsl 58))/unit:16>>;
t(4) -> <<1:8, 0:(i(1 bsl 50)), 0:(i(1 bsl 40))>>;
t(5) -> <<(i(<<1, 2>>))/binary, 7:(i(1 bsl 50))>>;
t(6) -> binary:copy(<<1>>, i(1 bsl 47));
t(7) -> iolist_to_binary(dup());
t(8) -> list_to_bitstring(dup());
t(9) -> term_to_binary(dup());
t(10) -> binary:encode_hex(binary:copy(<<255>>, i(1 bsl 20))) =:= binary:copy(<<"FF">>, 1 bsl 20).
dup() -> lists:duplicate(1 bsl 20, binary:copy(<<1>>, 1 bsl 21)).
ERL
"$DBGSH" -S 1 bslim.erl -e '[io:format("~p~n", [try bslim:t(N) catch C:R:S -> [{_, _, _, L} | _] = S, {C, R, proplists:get_value(error_info, L)} end]) || N <- lists:seq(1, 10)]'
echo "status $?"
# The shell's text for them, and the shell is still there.
printf '%s\n' 'bslim:t(4).' 'bslim:t(6).' '1 + 1.' | "$DBGSH" -S 1 bslim.erl 2>&1
echo "status $?"
