#!/usr/bin/env bash
# Samples the memory of a match runner's engine processes every INTERVAL
# seconds (default 2) until the runner exits. One line per engine process
# and sample goes to OUT: unix time, pid, the engine (the base name of its
# working directory), VmRSS and VmHWM in KiB.
# Usage: reliability/rssmon.sh RUNNER_PID OUT [INTERVAL]
set -u
runner=$1
out=$2
every=${3:-2}
printf 'time\tpid\tengine\tvmrss_kb\tvmhwm_kb\n' >"$out"
while kill -0 "$runner" 2>/dev/null; do
	now=$(date +%s)
	for pid in $(pgrep -P "$runner"); do
		status=/proc/$pid/status
		[[ -r $status ]] || continue
		engine=$(basename "$(readlink "/proc/$pid/cwd" 2>/dev/null)")
		read -r rss hwm < <(awk '/^VmRSS:/{r=$2} /^VmHWM:/{h=$2} END{print r, h}' "$status" 2>/dev/null)
		[[ -n ${rss:-} ]] && printf '%s\t%s\t%s\t%s\t%s\n' "$now" "$pid" "$engine" "$rss" "$hwm" >>"$out"
	done
	sleep "$every"
done
