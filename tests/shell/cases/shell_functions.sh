# the shell's own functions, as erl's shell gives them (its output for the
# same input, without its prompts): b/0 lists bindings, f/1 and f/0 forget,
# flush/0 prints what the shell process got; variables stay across inputs
printf '%s\n' 'X = 1, Y = [a, "b"].' 'b().' 'f(X).' 'b().' 'self() ! hi, self() ! {x, 1}, flush().' \
    'f().' 'b().' 'Z = fun(A) -> A * 2 end, Z(21).' 'lists:sum([X1 || X1 <- [1,2,3]]).' | "$DBGSH"
