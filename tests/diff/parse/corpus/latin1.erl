% -*- coding: latin-1 -*-
-module(latin1).
f() -> "едц".
g() -> 'йtй'.
