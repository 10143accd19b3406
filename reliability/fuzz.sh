#!/usr/bin/env bash
# Runs every parser fuzz target one after the other, each for FUZZTIME,
# with one worker and nice'd, and prints a summary line per target:
# target, duration, execs, outcome. Logs go to $FUZZ_LOGS (default
# tmp/fuzz). Usage: reliability/fuzz.sh [FUZZTIME] [TARGET-FILTER]
#   reliability/fuzz.sh 10m            # every target, 10 minutes each
#   reliability/fuzz.sh 30s FuzzLoad   # only the targets matching FuzzLoad
# A crasher is written by go test to the package's testdata/fuzz/<target>/
# directory: commit it as a regression entry once the bug is fixed.
set -u
fuzztime=${1:-10m}
filter=${2:-}
logs=${FUZZ_LOGS:-tmp/fuzz}
go=${GO:-go}
mkdir -p "$logs"

# package target: every parser of the engine and of its tools.
targets=(
	"./engine/ FuzzParseFEN"
	"./engine/ FuzzParseMove"
	"./book/ FuzzLoad"
	"./engine/timeman/ FuzzParse"
	"./engine/timeman/ FuzzAllocate"
	"./pgn/ FuzzRead"
	"./match/ FuzzEngineSpec"
	"./match/ FuzzEngineOutput"
	"./match/ FuzzOpenings"
	"./cmd/ucci/protocol/ FuzzCommandLoop"
)

status=0
for t in "${targets[@]}"; do
	read -r pkg name <<<"$t"
	if [[ -n $filter && ! $name =~ $filter ]]; then
		continue
	fi
	log="$logs/$name.log"
	start=$(date +%s)
	nice -n 10 "$go" test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel 1 "$pkg" >"$log" 2>&1
	rc=$?
	secs=$(($(date +%s) - start))
	execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | awk '{print $2}')
	outcome=ok
	if ((rc != 0)); then
		outcome="FAILED (see $log)"
		status=1
	fi
	printf '%-18s %-22s %5ds  execs %-10s %s\n' "$name" "$pkg" "$secs" "${execs:-?}" "$outcome"
done
exit $status
