%% a.hrl: included by includes.erl
-define(FROM_A, a).
-record(ra, {x = ?FROM_A}).
a_fun() -> {?FILE, ?LINE, ?MODULE}.
-include("b.hrl").
after_b() -> ?FROM_B.
