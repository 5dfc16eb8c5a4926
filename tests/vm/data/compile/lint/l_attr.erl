-module(l_attr).
-export([f/0]).
f() -> ok.
-export([g/0]).
g() -> ok.
-type t() :: integer().
-type u() :: v().
-spec nope() -> ok.
-record(typed, {a :: t(), b = 1 :: integer()}).
