-module(l_after).
-export([f/0]).
f() -> ok.
-import(lists, [map/2]).
-export([g/0]).
-record(late, {a}).
-module(again).
g() -> #late{}.
