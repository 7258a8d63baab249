package search

import (
	"context"
	"fmt"
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/ab"
	"github.com/kakugo/kakugo/search/mcts"
)

// The alpha-beta veto (KakugoOptions.ABVeto; player kakugo-abveto). At the
// positions where the games against full Rapfi turn (tools/critical.py),
// the alpha-beta search at 0.5 s chose moves that Rapfi judged far better
// than the tree search's, better even than the tree's at 5 s, yet as a
// player it was no stronger than the tree (docs/testing.md, 2026-11-27 and
// 2026-11-28 late night). The veto keeps the tree's choice unless the
// alpha-beta search, in time kept from the tree and with the tree's move
// searched first in every iteration (so that its score is exact), finds
// another move better by at least kakugoVetoMargin, or the tree's move
// lost and another not.

// kakugoVetoMargin is how much better (in the alpha-beta search's units,
// the learned value times 1000) its best move must score than the tree's
// for the veto.
const kakugoVetoMargin = 300

// abVeto returns move, or the alpha-beta search's best move when it
// vetoes move (see above). bud is the plan without the check's reserve:
// the veto searches until its hard limit.
func (k *Kakugo) abVeto(ctx context.Context, e *eval.Evaluator, lim Limits, bud Budget, timed bool, allowed []engine.Pos, move engine.Pos, ranked []mcts.Ranked) engine.Pos {
	if move == engine.NoPos || (len(ranked) > 0 && ranked[0].Proof == 1) {
		return move
	}
	al := ab.Limits{MaxNodes: lim.MaxNodes, Allowed: allowed, First: move, Pin: true,
		Stop: func() bool { return ctx.Err() != nil }}
	if timed {
		if bud.HardDone() {
			return move
		}
		al.Soft = bud.Deadline()
		al.Hard = al.Soft
	} else if al.MaxNodes <= 0 {
		al.MaxNodes = kakugoABUntimedNodes / 4
	}
	res := k.ab.Search(e, al)
	k.stats.winNodes += res.Nodes
	if res.Move == engine.NoPos || res.Move == move || res.Depth == 0 {
		return move
	}
	i := slices.IndexFunc(res.Root, func(r ab.RootMove) bool { return r.Move == move })
	if i < 0 || res.Root[i].Depth < res.Depth {
		return move // the tree's move not searched in the last iteration
	}
	mine, best := res.Root[i].Score, res.Score
	lostMine := ab.Proven(mine) < 0 && ab.Proven(best) >= 0
	if !lostMine && best-mine < kakugoVetoMargin {
		return move
	}
	b := e.Board()
	k.say(lim, fmt.Sprintf("veto | %s instead of %s (alpha-beta %d against %d, depth %d, %d nodes)",
		engine.FormatMove(b.XY(res.Move)), engine.FormatMove(b.XY(move)), best, mine, res.Depth, res.Nodes))
	return res.Move
}
