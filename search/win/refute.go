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
	// The threat's proof is read (its cells are the candidates), so it
	// is extracted, but not checked.
	b.SetSideToMove(me.Opp()) // pass
	threat := w.prove(ctx, b, ev, kind, deadline, maxNodes, winMode{})
	b.SetSideToMove(me)
	if !threat.Win {
		return nil, false, threat.Nodes
	}
	return w.defenceCandidates(b, ev, threat), true, threat.Nodes
}

// Forced answers the attacker's question one move up from Defend's: does
// the opponent (the side NOT to move) win whatever the side to move plays?
// It proves the opponent's win if we pass, then plays every move that may
// refute it (Defend's candidates, and our open-three points, whose
// counter-attack the pass did not face) and proves the win again after
// each. won is true only when every one was played and answered by a
// win within the limits; each of those proofs, and the pass's, went
// through the proof checker (a stone elsewhere that makes only a closed
// three may still break a proof with a counter-four made from a forced
// block, as Threat says: the one gap).
func (w *Search) Forced(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) (won bool, nodes int64) {
	if ctx == nil {
		ctx = context.Background()
	}
	me := b.SideToMove()
	if len(ev.Fives(me)) > 0 {
		return false, 0
	}
	// Every proof here is extracted and checked: a win is claimed.
	b.SetSideToMove(me.Opp()) // pass
	threat := w.proveChecked(ctx, b, ev, kind, deadline, maxNodes)
	b.SetSideToMove(me)
	nodes = threat.Nodes
	if !threat.Win {
		return false, nodes
	}
	cands := w.defenceCandidates(b, ev, threat)
	seen := map[engine.Pos]bool{}
	for _, p := range cands {
		seen[p] = true
	}
	for _, p := range ev.Threes(me) {
		if !seen[p] && b.Legal(p) {
			seen[p] = true
			cands = append(cands, p)
		}
	}
	for i, c := range cands {
		if expired(ctx, deadline) {
			return false, nodes
		}
		if me == engine.Black && ev.Forbidden(c) {
			continue // not a move black may play
		}
		var per int64
		if maxNodes > 0 {
			per = (maxNodes - nodes) / int64(len(cands)-i)
			if per <= 0 {
				return false, nodes
			}
		}
		b.Make(c)
		r := w.proveChecked(ctx, b, ev, kind, deadline, per)
		b.Undo()
		nodes += r.Nodes
		if !r.Win {
			return false, nodes
		}
	}
	return true, nodes
}
