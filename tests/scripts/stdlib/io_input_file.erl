-module(io_input_file).
-export([main/0]).

%% io:get_line/2 and io:get_chars/3 on devices that are processes: a file
%% (as a list, then in binary mode) and an io server of the program's
%% own, which sees OTP's requests; and a device that is no device.
main() ->
    File = "io_input_file.txt",
    ok = file:write_file(File, "one\ntwo\nthree"),
    {ok, F} = file:open(File, [read]),
    R1 = [io:get_line(F, ""), io:get_chars(F, "", 2), io:get_line(F, "ignored prompt"),
          io:get_chars(F, "", 0), io:get_line(F, ""), io:get_line(F, ""), io:get_chars(F, "", 3)],
    ok = file:close(F),
    io:format("~p~n", [R1]),
    {ok, B} = file:open(File, [read, binary]),
    R2 = [io:get_line(B, ""), io:get_chars(B, "", 5), io:get_line(B, "")],
    ok = file:close(B),
    io:format("~p~n", [R2]),
    ok = file:delete(File),
    Server = spawn(fun serve/0),
    io:format("~p~n", [[io:get_line(Server, "p> "), io:get_chars(Server, {format, "~w", [x]}, 4)]]),
    exit(Server, kill),
    io:format("~p~n", [[io:get_line(no_such_device, ""), io:get_chars(Server, "", 1)]]).

%% Answers each input request with the request itself, as text.
serve() ->
    receive
        {io_request, From, ReplyAs, Request} ->
            From ! {io_reply, ReplyAs, lists:flatten(io_lib:format("~w", [Request]))},
            serve()
    end.
