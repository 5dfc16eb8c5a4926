%% The module trace_on_load loads, reloads and unloads (a program of its
%% own too, which does nothing).
-module(trace_on_load_target).
-export([main/0, a/1, b/0]).

main() -> ok.
a(X) -> c(X).
b() -> ok.
c(X) -> X.
