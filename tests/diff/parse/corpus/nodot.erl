-module(nodot).
f() -> ok.
g() -> ok