-module(io_format_numbers).
-export([main/0]).

main() ->
    Ns = [0, 7, -7, 255, -255, 65536, 1 bsl 64, -(1 bsl 64)],
    [io:format("~w: ~b ~.2b ~.8b ~.16b ~.16B ~10b|~-10b|~10.16B|~n", [N, N, N, N, N, N, N, N, N]) || N <- Ns],
    Fs = [0.0, 1.5, -1.5, 100.0, 0.001, 123456.789, 1.0e-10, 1.0e20],
    [io:format("~w: ~f ~.1f ~.3f ~e ~.3e ~g ~.3g ~12.4f|~n", [F, F, F, F, F, F, F, F, F]) || F <- Fs],
    ok.
