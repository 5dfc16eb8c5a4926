# erlang:display/1 writes the emulator's text of a term (not io_lib's) on
# standard output, ended by "\r\n" as erl ends it (shown here as <CR>); it
# bypasses the group leader, so it is written at once. erts_debug:display/1
# prints the same and returns the text. The texts are erl's, compared term
# by term with erl's by the differential test (tests/diff, case
# erlang:display).
cat >disp.erl <<'ERL'
-module(disp).
-export([main/0]).
main() ->
    erlang:display({"abc", [1,2], <<"xy">>, <<1,2>>, 1.5, #{a => "b"}, [a|b], 'A b', 'receive', fun lists:map/2}),
    R = erts_debug:display("a\nb"),
    io:format("~p~n", [R]),
    erlang:display(maps:from_list([{I, I} || I <- lists:seq(1, 33)])).
ERL
"$DBGSH" disp.erl -e 'disp:main()' | sed 's/\r/<CR>/'
