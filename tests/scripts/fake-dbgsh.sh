#!/usr/bin/env bash
# tests/scripts/fake-dbgsh.sh -S N [-config FILE] -pa DIR... -e EXPR: stands in for dbgsh
# when testing the script-test machinery. Like dbgsh it runs Erlang source:
# every DIR/*.erl is compiled (into a scratch directory on the code path,
# so code:load_file/1 can reload a module) and loaded, then EXPR is evaluated
# in a fresh process (not trapping exits, no links; its group leader is
# standard_io) of a fresh erl (erl +S N -noshell), which halts when that
# process ends: status 0 if it returned, 1 (reason on stderr) if not.
# Logger's default handler writes where -config FILE says (run.sh passes
# scripts.config: standard error), to standard output without one, as erl.
set -u
scheds=
dirs=()
config=()
expr=
while [ $# -gt 0 ]; do
    case $1 in
        -S) scheds=$2; shift 2 ;;
        -pa) dirs+=("$2"); shift 2 ;;
        -config) config=(-config "$2"); shift 2 ;;
        -e) expr=$2; shift 2 ;;
        *) echo "fake-dbgsh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$expr" ] || { echo "fake-dbgsh: -e EXPR is required" >&2; exit 2; }
dirlist=
pa=()
for d in "${dirs[@]}"; do
    dirlist="$dirlist\"$d\","
    pa+=(-pa "$d")
done
dirlist="[${dirlist%,}]"
ebin=$(mktemp -d "${TMPDIR:-/tmp}/fake-dbgsh.XXXXXX")
trap 'rm -rf "$ebin"' EXIT
load="lists:foreach(fun(F) ->
          {ok, M} = compile:file(F, [{outdir, \"$ebin\"}, report_errors]),
          {module, M} = code:load_abs(filename:join(\"$ebin\", M))
      end, [F || D <- $dirlist, F <- lists:sort(filelib:wildcard(filename:join(D, \"*.erl\")))])"
run="{Pid, MRef} = spawn_monitor(fun() ->
         try begin $expr end of _ -> ok
         catch C:R:St -> io:format(standard_error, \"~p:~p~n~p~n\", [C, R, St]), halt(1)
         end end),
     receive {'DOWN', MRef, process, Pid, normal} -> halt(0);
             {'DOWN', MRef, process, Pid, Why} ->
                 io:format(standard_error, \"main process exited: ~p~n\", [Why]), halt(1)
     end."
erl ${scheds:++S "$scheds"} -noshell "${config[@]}" "${pa[@]}" -pa "$ebin" -eval "$load, $run"
