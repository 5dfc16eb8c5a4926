%% scan_errors.erl: erl_scan's errors as epp reports them, and where scanning resumes.
-module(scan_errors).
f1() -> 1.0e.
f2() -> 99#1.
f3() -> 16#.
f4() -> $.
f5() -> a\b.
f6() -> 1_.
f7() -> 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.
f8() -> 1.0e999.
f9() -> "\x{D800}".
f10() -> ok.
f11() -> "unterminated string starting here and going on and on
  across lines.
