#!/bin/sh
# Rapfi's self-play records for the learned value's labels (train-value
# --engine ra,rb): Rapfi limited to 20,000 nodes a move against itself,
# 0.5 s a move, both colours of each opening, c-gomoku-cli's -msg file
# keeping each engine's verdict of every position it searched.
#
#   tools/anchors/rapfi_selfplay.sh DIR
#
# Writes DIR/f15.sgf, DIR/f15.msg (600 freestyle 15 games, srand 201) and
# DIR/r15.sgf, DIR/r15.msg (200 renju 15 games, srand 202); about 15 and
# 5 minutes on one core. Then (docs/testing.md, "A richer learned value"):
#
#   pbrain-kakugo train-value --engine ra,rb \
#     --engine-sgf DIR/f15.sgf --engine-msg DIR/f15.msg \
#     --engine-sgf DIR/r15.sgf --engine-msg DIR/r15.msg --out value.kvw
#
# The records' paths as given key the held-out split: keep them absolute.
set -eu
if [ $# -ne 1 ]; then
	sed -n '2,19p' "$0"
	exit 2
fi
dir=$1
here=$(cd "$(dirname "$0")/../.." && pwd)
S=${ANCHORS:-$here/../shared/anchors}
O=${OPENINGS:-$here/../shared/openings}
mkdir -p "$dir"
run() { # NAME RULE OPENINGS SRAND GAMES
	"$S/c-gomoku-cli" -each tc=0/0.5 tolerance=2 maxmemory=67108864 nodes=20000 \
		-engine name=ra cmd="$S/pbrain-rapfi" -engine name=rb cmd="$S/pbrain-rapfi" \
		-rule "$2" -boardsize 15 -games "$5" -repeat -concurrency 1 \
		-openings file="$O/$3" type=pos order=random srand="$4" \
		-sgf "$dir/$1.sgf" -msg "$dir/$1.msg" >"$dir/$1.log" 2>&1
}
run f15 0 f15-base-8k.txt 201 600
run r15 4 r15-base-40k.txt 202 200
