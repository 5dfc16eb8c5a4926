-module(l_maps).
-export([a/0, b/1, c/1, d/1]).
a() -> #{a := 1}.
b(M) -> M#{a := 1}.
c(#{K := V}) -> {K, V}.
d(M) -> #{x => Y} = M.
