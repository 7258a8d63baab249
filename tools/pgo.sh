#!/bin/sh
# Regenerates default.pgo, the CPU profile that go build reads from the main
# package's directory to optimise the brain (profile-guided optimisation:
# hot calls inlined and devirtualised; the moves and the bench signature do
# not change, only their speed). The profile is of real play: a build
# without PGO, under tools/anchors/match.sh, plays Rapfi at 100,000 nodes a
# move on each rule (0.5 s a move), its brains writing --cpuprofile at END,
# and the profiles are merged. About ten minutes on one core.
#
#   tools/pgo.sh [WORKDIR]     (default: a fresh temporary directory)
#
# Needs ../shared (the anchors and openings) beside the repository.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/kakugo-pgo.XXXXXX")}
mkdir -p "$work/prof"
O=$here/../shared/openings
(cd "$here" && go build -pgo=off -o "$work/kk" .)
cd "$work"
# match.sh writes the command into a wrapper script, so $$ there is each
# brain's own process id: one profile per brain.
cmd="$work/kk --cpuprofile $work/prof/\$\$.prof"
"$here/tools/anchors/match.sh" pgo_f15 "$cmd" rapfi:100000 0 15 "$O/f15-base-8k.txt" 3001 16
"$here/tools/anchors/match.sh" pgo_r15 "$cmd" rapfi:100000 4 15 "$O/r15-base-40k.txt" 3002 16
"$here/tools/anchors/match.sh" pgo_f20 "$cmd" rapfi:100000 0 20 "$O/f20-base-8k.txt" 3003 10
go tool pprof -proto "$work"/prof/*.prof >"$here/default.pgo"
echo "wrote $here/default.pgo from $(ls "$work"/prof | wc -l) profiles in $work"
