-module(errors).
-export([f/1, g/0]).
-record(r, {a}).
f(X) -> Y + #r.b + undefined_fun(X).
g() -> case 1 of 1 -> Z = 1; 2 -> ok end, Z, <<1:bad>>, #{a := 1}.
h( -> .
