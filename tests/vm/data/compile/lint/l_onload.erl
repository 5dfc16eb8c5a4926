-module(l_onload).
-on_load(missing/0).
-export([f/0]).
-compile({nowarn_unused_function, [nothere/1]}).
f() -> ok.
