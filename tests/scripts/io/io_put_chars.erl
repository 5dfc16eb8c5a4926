-module(io_put_chars).
-export([main/0]).

main() ->
    io:put_chars("plain chars\n"),
    io:put_chars(<<"binary chars\n">>),
    io:put_chars(["deep ", [$i, "o", [<<"list">>]], $\n]),
    io:nl(),
    io:write({written, [1, 2]}),
    io:nl(),
    io:fwrite("fwrite ~p~n", [works]),
    io:format(standard_io, "explicit ~s~n", ["standard_io"]),
    io:format(group_leader(), "via group leader~n", []),
    io:format("~s~n", [io_lib:format("nested ~p", [format])]),
    io:format(<<"binary format ~p~n">>, [string]),
    io:format(atom_format_string),
    io:nl(),
    io:format("~p~n", [io:put_chars("")]),
    ok.
