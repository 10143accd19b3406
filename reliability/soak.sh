#!/usr/bin/env bash
# Soak run: GAMES games (default 1000) of the engine against itself through
# the match runner at TC (default 1+0.01: 1 s + 0.01 s per move), one thread
# and a HASH MB table (default 16) each, the first engine ("ponder")
# pondering, one game at a time, nice'd. rssmon.sh samples both engines'
# memory meanwhile. Afterwards the PGN is re-read and replayed
# (TestSoakPGN) and a summary printed: the match report, the anomalies
# (crashes, illegal moves, time losses, engine restarts) and the peak memory
# of each engine against the bound HASH + 64 MiB.
# Usage: reliability/soak.sh [GAMES] [DIR]     (run from the repository root;
# BIN=bin/ucci TC=1+0.01 HASH=16 override). Results go to DIR (tmp/soak).
set -u
games=${1:-1000}
dir=${2:-tmp/soak}
src=$(realpath "${BIN:-bin/ucci}")
tc=${TC:-1+0.01}
hash=${HASH:-16}
here=$(dirname "$0")
mkdir -p "$dir/ponder" "$dir/plain"
dir=$(realpath "$dir")
# A copy, so that a rebuild of bin/ucci during the run changes nothing.
bin=$dir/ucci
cp "$src" "$bin"
rm -f "$dir/soak.pgn" "$dir/traffic.log" "$dir/traffic.log.gz"
{ date; uptime; } >"$dir/machine.txt"
start=$(date +%s)
nice -n 10 "$bin" match -games "$games" -tc "$tc" -concurrency 1 -pgn "$dir/soak.pgn" -log "$dir/traffic.log" \
	-engine "cmd=$bin name=ponder dir=$dir/ponder ponder=true option.hashsize=$hash option.threads=1" \
	-engine "cmd=$bin name=plain dir=$dir/plain option.hashsize=$hash option.threads=1" \
	>"$dir/report.txt" 2>"$dir/progress.txt" &
runner=$!
bash "$here/rssmon.sh" "$runner" "$dir/rss.tsv" 2 &
monitor=$!
wait "$runner"
status=$?
wait "$monitor"
{ date; uptime; } >>"$dir/machine.txt"
gzip -f "$dir/traffic.log"

echo "soak: $games games at $tc, hash $hash MB, 1 thread each, 'ponder' pondering; $(($(date +%s) - start)) s; runner exit status $status"
cat "$dir/report.txt"
echo "Anomalies in the PGN (crash, illegal move, time forfeit):"
anomalies=$(grep -E '^\[Termination "(crash|illegal-move|time-forfeit)' "$dir/soak.pgn" | sort | uniq -c)
echo "${anomalies:-  none}"
grep '^\[TerminationDetail' "$dir/soak.pgn" | grep -Ev 'reached|resigned|accepted|score adjudication' | sort | uniq -c | head -20
echo "Memory (bound: $hash MB hash + 64 MiB = $((hash + 64)) MiB):"
awk -F'\t' -v bound=$(((hash + 64) * 1024)) 'NR > 1 {
	if ($5 > peak[$3]) peak[$3] = $5
	if ($4 > rss[$3]) rss[$3] = $4
	if (!(($3, $2) in seen)) { seen[$3, $2] = 1; procs[$3]++ }
	if (!($3 in first)) first[$3] = $4
	last[$3] = $4; n[$3]++; samples++
} END {
	fail = 0
	if (samples == 0) print "  no samples"
	for (e in peak) {
		over = (peak[e] > bound) ? "  OVER THE BOUND" : ""
		printf("  %-7s %d processes, %d samples: VmRSS first %.1f MiB, last %.1f MiB, max %.1f MiB; peak VmHWM %.1f MiB%s\n",
			e, procs[e], n[e], first[e] / 1024, last[e] / 1024, rss[e] / 1024, peak[e] / 1024, over)
		if (peak[e] > bound) fail = 1
	}
	exit fail
}' "$dir/rss.tsv"
mem=$?
GOXQ_SOAK_PGN="$dir/soak.pgn" GOXQ_SOAK_GAMES="$games" go test -count=1 -run '^TestSoakPGN$' -v "./$here/" | grep -E 'soak_test|match_test|games|PASS|FAIL|ok'
pgnstatus=${PIPESTATUS[0]}
if ((status != 0 || mem != 0 || pgnstatus != 0)) || [[ -n $anomalies ]]; then
	echo "soak: FAILED"
	exit 1
fi
echo "soak: passed"
