# Binary construction where OTP gives no answer to compare with: its node
# allocates a float segment of 2^61 bits before it checks the size, and
# dies; dbgsh raises badarg with the invalid-size cause, bits and all. A
# segment of 2^63 bits or more is system_limit before the value is looked
# at, as in OTP (such sizes used to wrap around); so is a total of 2^63.
cat >bslim.erl <<'ERL'
-module(bslim).
-export([t/1]).
i(X) -> X.
t(1) -> <<(i(1.0)):(i(1 bsl 58))/float-unit:8>>;
t(2) -> <<(i(x)):(i(1 bsl 60))/unit:16>>;
t(3) -> <<0:(i(1 bsl 58))/unit:16, 0:(i(1 bsl 58))/unit:16>>.
ERL
"$DBGSH" -S 1 bslim.erl -e '[io:format("~p~n", [try bslim:t(N) catch C:R:S -> [{_, _, _, L} | _] = S, {C, R, proplists:get_value(error_info, L)} end]) || N <- [1, 2, 3]]'
echo "status $?"
