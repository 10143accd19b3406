#!/bin/sh
# instructions.sh [DEPTH [EVAL]] — instructions executed per node by our own
# code in `ucci bench -evalfile EVAL DEPTH` (default 9 and the default
# evaluation; EVAL is <embedded>, <classical> or a net file), counted by
# valgrind's cachegrind. Unlike
# nodes per second the count does not depend on what else the machine is
# doing, so it shows a speed change of a few per cent that timing on a
# shared machine cannot. Needs valgrind (apt-get install valgrind).
set -e
depth=${1:-9}
eval=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/ucci" ./cmd/ucci
valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$work/cg.out" \
	"$work/ucci" bench -evalfile "$eval" "$depth" >"$work/bench.txt" 2>&1
nodes=$(awk '/Nodes searched/ {print $3}' "$work/bench.txt")
own=$(cg_annotate --threshold=0 "$work/cg.out" | grep -E '^ *[0-9,]+ \(' | grep 'goxq/ucci' |
	awk '{gsub(",", "", $1); s += $1} END {printf "%.0f", s}')
echo "Nodes searched: $nodes"
echo "Instructions per node: $(awk -v o="$own" -v n="$nodes" 'BEGIN {printf "%.1f", o / n}')"
