-module(l_export_all).
-compile([export_all]).
f() -> ok.
g(X) -> X.
