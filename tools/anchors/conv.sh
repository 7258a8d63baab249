#!/bin/sh
# The conversion test of issue 20: Kakugo to move in each position of a
# won-position file (made by `pbrain-kakugo tactics` from games in which
# Rapfi announced a forced win), full-strength Rapfi defending.
#
#   tools/anchors/conv.sh NAME 'ENGINE COMMAND' WON.txt [TURN] [RULE] [SIZE]
#
# TURN, in milliseconds with its unit (300ms, the default), is also the
# over-budget line of the score; RULE defaults to freestyle (renju for r15
# positions), SIZE to 15 (20 for f20 positions).
# Writes the games to conv_NAME/ (one SGF per position, in file order) and
# prints the score; compare two players' runs position by position with
# `tools/anchors/games.py paired conv_A conv_B`. KAKUGO names the
# pbrain-kakugo that runs `match` (default: the repository's build).
set -eu
if [ $# -lt 3 ]; then
	sed -n '2,14p' "$0"
	exit 2
fi
name=$1 cmd=$2 won=$3 turn=${4:-300ms} rule=${5:-freestyle} size=${6:-15}
here=$(cd "$(dirname "$0")/../.." && pwd)
S=${ANCHORS:-$here/../shared/anchors}
K=${KAKUGO:-$here/pbrain-kakugo}
n=$(grep -cv '^\s*\(#\|$\)' "$won")
mkdir -p "conv_$name"
"$K" match --to-move -n "$n" --turn "$turn" --rule "$rule" --size "$size" --max-memory 67108864 \
	--tolerance 1s --openings "$won" --out-dir "conv_$name" -q \
	-e "name=kakugo $cmd" -e "name=rapfi $S/pbrain-rapfi" >"conv_$name.log" 2>&1
python3 "$here/tools/anchors/games.py" score --budget "${turn%ms}" "conv_$name"
