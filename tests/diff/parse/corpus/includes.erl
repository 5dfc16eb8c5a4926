%% includes.erl: -include, -include_lib, -file and their errors.
-module(includes).
-include("inc/a.hrl").
f() -> {?FROM_A, ?FROM_B, ?FILE}.
-include("inc/missing.hrl").
-include_lib("stdlib/include/assert.hrl").
-include_lib("nonexistent_app/include/x.hrl").
-include_lib("kernel/include/nofile.hrl").
-include("inc/" "b.hrl").
-include(foo).
-include("a", "b").
-include_lib(1).
-include("inc/self.hrl").
-include("inc/bad.hrl").
g() -> ok.
-include("sub/c.hrl").
h() -> {?FILE, ?LINE}.
-file("renamed.erl", 100).
i() -> {?FILE, ?LINE}.
-include("inc/b.hrl").
j() -> ?LINE.
-file(foo).
-file("x", y).
-file("a" "b", 7).
k() -> {?FILE, ?LINE}. -file("same_line.erl", 3). l() -> ?LINE.
-include("$NO_SUCH_VAR_EPP/x.hrl").
