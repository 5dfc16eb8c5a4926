-ifdef(X).
bad( -> .
