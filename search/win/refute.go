package win

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// Threat is Defend without the checks, for callers that can afford only
// one proof search: does the opponent (the side NOT to move) have a forced
// win of the given kind if we pass? If so it returns the moves that may
// refute it, the same candidates Defend checks one by one (the cells of
// the opponent's proof, its principal line first, then our fours; legal
// moves only), threatened=true. Every move outside them leaves that proof
// standing, so a search may narrow the position's moves to them; it is a
// heuristic narrowing all the same, since a stone outside the proof can
// still make a counter-four out of a forced block. The opponent's proof
// is not re-checked (as in Defend): a false win only narrows the moves.
func (w *Search) Threat(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) (cands []engine.Pos, threatened bool, nodes int64) {
	if ctx == nil {
		ctx = context.Background()
	}
	me := b.SideToMove()
	if len(ev.Fives(me)) > 0 {
		return nil, false, 0 // we win first
	}
	noVerify := w.NoVerify
	w.NoVerify = true
	defer func() { w.NoVerify = noVerify }()
	b.SetSideToMove(me.Opp()) // pass
	threat := w.Prove(ctx, b, ev, kind, deadline, maxNodes)
	b.SetSideToMove(me)
	if !threat.Win {
		return nil, false, threat.Nodes
	}
	return w.defenceCandidates(b, ev, threat), true, threat.Nodes
}
