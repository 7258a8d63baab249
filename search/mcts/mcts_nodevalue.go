package mcts

import (
	"math"

	"github.com/kakugo/kakugo/engine"
)

// NodeValuer is a Policy that also values the position it last gave
// priors for: the network's reading of the board (its trunk), joined with
// the learned leaf value leaf of the same position, as a value in [-1, 1]
// for the side to move. It reports false when it cannot (no value head
// for the rule and size, or b is not the position of its last call).
type NodeValuer interface {
	NodeValue(b *engine.Board, leaf float64) (float64, bool)
}

// shiftValue moves the value of n (node idx, the end of the worker's path
// and the position on its board) toward the network's value of its
// position by the fraction cfg.nodeMix, and its ancestors by the same
// amount, so that every node's sum stays the sum of what lies below it.
// n's visits stand as they are: the correction weighs as much as the
// playouts n has had, a share that fades as more come.
func (w *mctsWorker) shiftValue(idx int32, n *mctsNode, pol Policy) {
	s := w.s
	nv, ok := pol.(NodeValuer)
	if !ok || s.cfg.nodeMix <= 0 || s.cfg.leaf != LeafLearned || n.proof.Load() != 0 {
		return
	}
	if len(w.path) < 2 || w.path[len(w.path)-1] != idx {
		return
	}
	leaf := s.cfg.valuer.LeafValue(w.e)
	if math.Abs(leaf) >= 0.999 {
		return // settled by the evaluation
	}
	v, ok := nv.NodeValue(w.b, leaf)
	if !ok {
		return
	}
	visits := n.visits.Load()
	if visits <= 0 {
		return
	}
	// With several threads a backup may land between these two reads;
	// the shift is then off by a part of one playout, which is harmless.
	q := float64(n.sum.Load()) / mctsValueScale / float64(visits)
	// The node's sum is for the player who moved into it.
	delta := int64(math.Round(float64(s.cfg.nodeMix) * float64(visits) * (-v - q) * mctsValueScale))
	for i := len(w.path) - 1; i >= 0; i-- {
		w.s.pool.node(w.path[i]).sum.Add(delta)
		delta = -delta
	}
}
