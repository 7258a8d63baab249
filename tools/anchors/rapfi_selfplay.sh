#!/bin/sh
# Rapfi's self-play records for the learned value's labels (train-value
# --engine ra,rb): Rapfi limited to 20,000 nodes a move against itself,
# 0.5 s a move, both colours of each opening, c-gomoku-cli's -msg file
# keeping each engine's verdict of every position it searched.
#
#   tools/anchors/rapfi_selfplay.sh DIR [F15 R15 F20 SRAND]
#
# Writes DIR/f15.sgf, DIR/f15.msg (600 freestyle 15 games, srand 201) and
# DIR/r15.sgf, DIR/r15.msg (200 renju 15 games, srand 202); about 15 and
# 5 minutes on one core. With the optional counts it plays F15 freestyle
# 15, R15 renju 15 and F20 freestyle 20 games (DIR/f20.*; none when 0) on
# the seeds SRAND, SRAND+1 and SRAND+2: more labels from other openings.
# Then (docs/testing.md, "A richer learned value"):
#
#   pbrain-kakugo train-value --engine ra,rb \
#     --engine-sgf DIR/f15.sgf --engine-msg DIR/f15.msg \
#     --engine-sgf DIR/r15.sgf --engine-msg DIR/r15.msg --out value.kvw
#
# The records' paths as given key the held-out split: keep them absolute.
set -eu
if [ $# -ne 1 ] && [ $# -ne 5 ]; then
	sed -n '2,22p' "$0"
	exit 2
fi
dir=$1
f15=${2:-600} r15=${3:-200} f20=${4:-0} srand=${5:-201}
here=$(cd "$(dirname "$0")/../.." && pwd)
S=${ANCHORS:-$here/../shared/anchors}
O=${OPENINGS:-$here/../shared/openings}
mkdir -p "$dir"
run() { # NAME RULE OPENINGS SRAND GAMES [SIZE]
	[ "$5" -gt 0 ] || return 0
	"$S/c-gomoku-cli" -each tc=0/0.5 tolerance=2 maxmemory=67108864 nodes=20000 \
		-engine name=ra cmd="$S/pbrain-rapfi" -engine name=rb cmd="$S/pbrain-rapfi" \
		-rule "$2" -boardsize "${6:-15}" -games "$5" -repeat -concurrency 1 \
		-openings file="$O/$3" type=pos order=random srand="$4" \
		-sgf "$dir/$1.sgf" -msg "$dir/$1.msg" >"$dir/$1.log" 2>&1
}
# The default seeds are 201 and 202 (the records of weights/value.kvw).
run f15 0 f15-base-8k.txt "$srand" "$f15"
run r15 4 r15-base-40k.txt $((srand + 1)) "$r15"
run f20 0 f20-base-8k.txt $((srand + 2)) "$f20" 20
