-module(io_opts).
-export([main/0]).

%% io:getopts/1 and io:setopts/2 on the user io server and standard_error:
%% the options each takes (binary and encoding; encoding only), their
%% short forms (list, latin1, unicode, utf8), the first value of an option
%% winning, and the answers to options they do not take, which change
%% nothing. Every option is put back at the end.
main() ->
    show(user),
    Tries = [[binary], [list], [{binary, true}], [{binary, false}], [unicode], [latin1],
             [{encoding, utf8}], [{encoding, unicode}, {encoding, latin1}], [{binary, maybe}],
             [binary, {list, true}], [{list, false}], [], [{encoding, foo}], [{echo, false}],
             [binary, {foo, 1}], [expand_fun], [{binary, true, x}], [{encoding, latin1}, list]],
    [begin
         R = io:setopts(user, Opts),
         io:format("user ~w: ~w ~w~n", [Opts, R, io:getopts(user)])
     end || Opts <- Tries],
    [begin
         R = io:setopts(standard_error, Opts),
         io:format("standard_error ~w: ~w ~w~n", [Opts, R, io:getopts(standard_error)])
     end || Opts <- [[unicode], [binary], [latin1], [{encoding, utf8}], [list], [{encoding, latin1}]]],
    io:format("~w~n", [[io:setopts(user, bad), io:setopts(standard_error, {x}),
                        io:request(user, {no_such_request}), io:request(standard_error, nope)]]),
    ok = io:setopts(user, [list, latin1]),
    ok = io:setopts(standard_error, [latin1]),
    show(user).

show(Dev) ->
    io:format("~w ~w~n", [Dev, io:getopts(Dev)]).
