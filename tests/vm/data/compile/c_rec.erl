-module(c_rec).
-export([nested_box/0, new/0, get/1, set/2, idx/0, pat/1, guard/1, info/0, upd/1, nested/1, isrec/1, wild/0]).
-record(point, {x = 0, y = 0, z}).
-record(box, {tl = #point{}, br = #point{x = 10, y = 10}, tag :: atom()}).

new() -> #point{x = 1}.
get(P) -> P#point.x.
set(P, V) -> P#point{y = V, z = V}.
idx() -> #point.y.
pat(#point{x = X, y = 0}) -> X;
pat(#point{}) -> other.
guard(P) when P#point.x > 0 -> pos;
guard(P) when is_record(P, point) -> rec;
guard(_) -> no.
info() -> {record_info(fields, point), record_info(size, point)}.
upd(B = #box{tl = TL}) -> B#box{tl = TL#point{x = 5}}.
nested(#box{br = #point{x = X}}) -> X.
isrec(X) -> is_record(X, box).
wild() -> #point{_ = a}.

nested_box() -> #box{}.
