c_fun() -> ?FILE.
-file("virtual.erl", 500).
c_fun2() -> ?LINE.
