-define(FROM_B, b).
b_fun() -> ?FILE.
