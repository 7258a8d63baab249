#!/bin/sh
# A match of a Kakugo build against a reference engine of ../shared/anchors
# under c-gomoku-cli, 0.5 s a move (Kakugo's turn; see TURN), 64 MiB, both
# colours of each opening (-repeat), one game at a time.
#
#   tools/anchors/match.sh NAME 'ENGINE COMMAND' OPPONENT RULE SIZE OPENINGS SRAND GAMES [TURN]
#
# OPPONENT: rapfi (full strength), rapfi:NODES (Rapfi limited to NODES a
# move, a sparring partner of adjustable strength), or pela. RULE: 0
# freestyle, 1 standard, 4 renju. Writes NAME.sgf, NAME.msg (every MESSAGE
# line, Rapfi's "Eval +M.." included) and NAME.log in the current
# directory; then `tools/anchors/games.py score NAME.sgf`. Two runs with
# the same OPENINGS, SRAND and GAMES play the same openings and colours in
# the same order: compare them with `games.py paired`.
#
# ANCHORS overrides where the anchors are (default: ../shared/anchors
# beside the repository). MATCH gives both engines a game clock of MATCH
# seconds beside the turn limit (Gomocup's leagues: 30 s a move and 180 s a
# game, fastgame 5 s and 120 s; e.g. MATCH=30 with TURN 5 is a sixth of a
# league's clock); then read the clock's use with `games.py clock`.
# OPPTURN gives the opponent a turn of its own (time odds; default TURN).
set -eu
if [ $# -lt 8 ]; then
	sed -n '2,20p' "$0"
	exit 2
fi
name=$1 cmd=$2 opp=$3 rule=$4 size=$5 openings=$6 srand=$7 games=$8 turn=${9:-0.5} match=${MATCH:-0}
oppturn=${OPPTURN:-$turn}
here=$(cd "$(dirname "$0")/../.." && pwd)
S=${ANCHORS:-$here/../shared/anchors}
case $opp in
rapfi) oe="name=rapfi cmd=$S/pbrain-rapfi" ;;
rapfi:*) oe="name=rapfi cmd=$S/pbrain-rapfi nodes=${opp#rapfi:}" ;;
pela) oe="name=pela cmd=$S/pbrain-pela" ;;
*)
	echo "unknown opponent $opp" >&2
	exit 2
	;;
esac
# A one-line wrapper script makes any engine command (flags, an env
# prefix) a single executable path for c-gomoku-cli's cmd=.
wrap=$(mktemp "${TMPDIR:-/tmp}/kakugo-engine.XXXXXX")
trap 'rm -f "$wrap"' EXIT
printf '#!/bin/sh\nexec %s "$@"\n' "$cmd" >"$wrap"
chmod +x "$wrap"
# shellcheck disable=SC2086
"$S/c-gomoku-cli" -each tolerance=2 maxmemory=67108864 \
	-engine name=kakugo cmd="$wrap" tc=$match/$turn -engine $oe tc=$match/$oppturn \
	-rule "$rule" -boardsize "$size" -games "$games" -repeat -concurrency 1 \
	-openings file="$openings" type=pos order=random srand="$srand" \
	-sgf "$name.sgf" -msg "$name.msg" >"$name.log" 2>&1
python3 "$here/tools/anchors/games.py" score "$name.sgf"
