-module(io_requests).
-export([main/0]).

%% io:requests/1,2: io's short forms ({write, T}, {format, F, A}, {fwrite,
%% F, A}, nl, put_chars) made io requests and done as one, nested
%% {requests, Rs} flattened, the last reply; to the default output and to
%% a file. io:rows/1 and io:columns/1 of a file: no geometry.
main() ->
    R1 = io:requests([{format, "~w and ~s", [x, "y"]}, nl, {write, {1, [2]}},
                      {requests, [{fwrite, "~p", [z]}, {put_chars, unicode, " text"}]}, nl]),
    io:format("~w~n", [R1]),
    File = "io_requests.txt",
    {ok, F} = file:open(File, [write]),
    R2 = io:requests(F, [{write, a}, nl, {format, "~b", [7]}, {requests, [nl, {put_chars, latin1, "end"}]}]),
    R3 = io:requests(F, [{write, b}, {format, "~q", [bad]}, {write, c}]),
    R4 = [io:rows(F), io:columns(F)],
    ok = file:close(F),
    {ok, Text} = file:read_file(File),
    ok = file:delete(File),
    io:format("~w ~w ~w~n~p~n", [R2, R3, R4, Text]),
    io:format("~w~n", [catch io:requests(no_such_device, [nl])]).
