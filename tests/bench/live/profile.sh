#!/usr/bin/env bash
# tests/bench/live/profile.sh DBGSH [N] [log]: where dbgsh's time goes in
# the run of tests/bench/live.sh (N calls, default 1,000,000; `log` adds the
# text log). Records the run with `perf record --call-graph dwarf` and
# prints, per thread (the live-output thread, the scheduler running the
# traced loop, the rest), its CPU time and ns per event, and the share of
# its samples under each stage of an event's path (inclusive: a sample
# counts for every stage on its stack). Needs perf and a DBGSH built with
# -g (the default OPT). Not part of `make bench`.
set -eu
dbgsh=${1:?usage: tests/bench/live/profile.sh DBGSH [N] [log]}
n=${2:-1000000}
kind=${3:-live}
here=$(cd "$(dirname "$0")" && pwd)
case $dbgsh in /*) ;; *) dbgsh=$PWD/$dbgsh ;; esac
command -v perf >/dev/null 2>&1 || { echo "profile: perf not found (apt-get install linux-perf)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/dbgsh-liveprof.XXXXXX")
trap 'rm -rf "$work"' EXIT
freq=${LIVE_PROFILE_FREQ:-4000}

{
    echo "set ring $n"
    echo "session new bench"
    echo "session use bench"
    echo 'filter add /live_bench:f\(\d*7\)/'
    [ "$kind" = log ] && echo "log $work/trace.txt"
    echo "code:ensure_loaded(live_bench)."
    echo "tp live_bench:f"
    echo "p all c"
    echo "T0 = erlang:monotonic_time(microsecond), live_bench:loop($n), T1 = erlang:monotonic_time(microsecond), ok."
    [ "$kind" = log ] && echo "log off"
    echo 'T2 = erlang:monotonic_time(microsecond), io:format("livebench loop_us ~p total_us ~p~n", [T1 - T0, T2 - T0]).'
    echo "session list"
} >"$work/run.dbg"

(cd "$work" && perf record -q -F "$freq" --call-graph dwarf,16384 -o "$work/perf.data" \
    "$dbgsh" -S 1 -pa "$here" <"$work/run.dbg" >"$work/out.txt" 2>"$work/err.txt")
grep -E '^livebench|^\* bench' "$work/out.txt" | sed 's/^/run: /'
perf script -i "$work/perf.data" -F tid,ip,sym 2>/dev/null |
    awk -v freq="$freq" -v n="$n" '
    function flush(    t, i, j, k, all, found) {
        if (!nf) return
        t = "other"
        for (i = 1; i <= nf; i++) {
            if (fr[i] == "live_main") t = "live"
            else if (fr[i] == "scheduler_main") t = "sched"
        }
        total[t]++
        for (k = 1; k <= ns; k++) {   # every part of the stage on the stack
            all = 1
            for (j = 1; j <= np[k] && all; j++) {
                found = 0
                for (i = 1; i <= nf && !found; i++)
                    if (fr[i] ~ part[k, j]) found = 1
                all = found
            }
            if (all) hit[t, k]++
        }
        nf = 0
    }
    BEGIN {
        # thread~stage~frame regex[&frame regex...]
        ns = split("live~ring read (collector_read)~^collector_read$;" \
                   "live~decode (ext_binary_to_term)~^ext_binary_to_term$;" \
                   "live~  atoms (decode_atom, atom table)~^decode_atom$;" \
                   "live~    its mutex (lock, unlock)~^atom_intern$&^(___pthread_mutex_lock|__GI___pthread_mutex_unlock_usercnt)$;" \
                   "live~  pids (decode_pid)~^decode_pid$;" \
                   "live~  decoder stack (push_dframe, malloc)~^push_dframe$;" \
                   "live~format (fmt_trace_line)~^(fmt_trace_line|put_trace)$;" \
                   "live~filter (filter_pass, pcre2)~^(filter_pass|decide)$;" \
                   "live~write stdout (out_write)~^out_write$;" \
                   "live~write log (shell_log_write)~^shell_log_write$;" \
                   "sched~traced loop (interp_run)~^interp_run$;" \
                   "sched~  trace event (tev_send)~^tev_send$;" \
                   "sched~  encode (ext_encode_bounded)~^ext_encode_bounded$;" \
                   "sched~  into the ring (put_event)~^put_event$;" \
                   "sched~  page faults~^asm_exc_page_fault$;" \
                   "sched~module load (before the clock)~^code_ensure_loaded$;" \
                   "other~shell drain (sessions_drain)~^sessions_drain$", spec, ";")
        for (k = 1; k <= ns; k++) {
            split(spec[k], f, "~")
            thr[k] = f[1]; name[k] = f[2]
            np[k] = split(f[3], parts, "&")   # frames that must all be on the stack
            for (j = 1; j <= np[k]; j++) part[k, j] = parts[j]
        }
    }
    /^ *[0-9]+ *$/ { flush(); next }   # a sample: its thread id
    /^\t/ {                             # a frame: address, symbol
        sub(/^\t *[0-9a-f]+ /, "")
        sub(/ \(inlined\)$/, "")
        sub(/\+0x[0-9a-f]+$/, "")
        fr[++nf] = $0
        next
    }
    END {
        flush()
        split("live sched other", order, " ")
        label["live"] = "live-output thread (decode, format, filter, write)"
        label["sched"] = "scheduler thread (the traced loop, events into the ring)"
        label["other"] = "other threads (shell, start-up)"
        for (o = 1; o <= 3; o++) {
            t = order[o]
            if (!total[t]) continue
            printf "%s: %d samples, %.3f s CPU, %.0f ns per event\n", label[t], total[t], total[t] / freq,
                   total[t] / freq / n * 1e9
            for (k = 1; k <= ns; k++)
                if (thr[k] == t)
                    printf "  %-42s %5.1f%%  %6.0f ns/event\n", name[k], 100 * hit[t, k] / total[t],
                           hit[t, k] / freq / n * 1e9
        }
    }'
