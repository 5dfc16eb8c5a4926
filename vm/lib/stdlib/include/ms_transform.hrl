%% stdlib/include/ms_transform.hrl, as OTP's: a module that includes it has
%% the calls ets:fun2ms/1 and dbg:fun2ms/1 on a literal fun turned into
%% match specifications by ms_transform's parse transform.
-compile({parse_transform, ms_transform}).
