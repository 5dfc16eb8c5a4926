# The shell's records and history, as erl's shell gives them: rd/2 defines a
# record, record syntax then works in later inputs (creation, field access,
# update, patterns, guards, #r.f, is_record, record_info), rl/0,1 list the
# definitions as -record forms, rr/1,2 read them from a module's source or
# from files, rf/0,1 forget them, rp/1 prints a term, h/0 lists the inputs
# with their values. Expected: erl's output for the same input (without its
# prompts), but for what docs/differences-from-erlang.md says: errors and
# exceptions go to stderr.
cat >recs.erl <<'ERL'
-module(recs).
-export([new/0]).
-record(point, {x = 0 :: integer(), y = 0 :: integer()}).
-record(shape, {name :: atom() | undefined, points = [] :: [#point{}], tag = {a, "b"}}).
new() -> {#shape{}, #point{}}.
ERL
"$DBGSH" <<'EOF_INPUT'
rd(person, {name, age = 0}).
P = #person{name = "a"}.
P#person.name.
P#person{age = 4}.
X = #person.age.
h().
rl().
case P of #person{name = N} -> N end.
[(fun(R) when R#person.age > 0 -> pos; (_) -> other end)(E) || E <- [P, P#person{age = 1}, {x, 1, 2}]].
{is_record(P, person), is_record({person, 1}, person)}.
record_info(fields, person).
Q = #person{_ = x}.
rd(team, {lead = #person{}, members = []}).
rl(team).
rl([person, team]).
T = #team{}.
(T#team.lead)#person.age.
Z = 5, Z#person.name.
{z, 1}#person{age = 1}.
P#person{height = 1}.
nope(#nope{}).
rd(bad, 1).
rd(bad, {1}).
rd(bad, {x, x}).
rd(1, {x}).
rf(team).
rl().
c(recs).
rr(recs).
rl(shape).
rr("nosuch*.erl").
rf().
rl().
rr("*.erl", [point]).
rl().
rp({a, "b"}).
b().
EOF_INPUT
echo "-- b(), rp/1 and h() lay records out as erl's pp/3 (same text as erl)"
"$DBGSH" <<'EOF_INPUT'
rd(person, {name, age = 0}).
L = [#person{name = lists:duplicate(30, $x), age = N} || N <- [1,2]].
b().
rp({L, #person{}}).
h().
EOF_INPUT
