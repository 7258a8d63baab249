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
// and the position on its board, just refined by pol) toward pol's node
// value by the fraction cfg.nodeMix, and its ancestors' sums by the change
// with alternating signs, as a backup would. n's visits stand: the
// correction weighs as much as the playouts n has had, a share that fades
// as more come.
func (w *mctsWorker) shiftValue(idx int32, n *mctsNode, pol Policy) {
	s := w.s
	if s.cfg.nodeMix <= 0 || s.cfg.leaf != LeafLearned || n.proof.Load() != 0 ||
		len(w.path) < 2 || w.path[len(w.path)-1] != idx {
		return
	}
	nv, ok := pol.(NodeValuer)
	if !ok {
		return
	}
	leaf := s.cfg.valuer.LeafValue(w.e)
	if math.Abs(leaf) >= 1 {
		return // settled by the static evaluation
	}
	v, ok := nv.NodeValue(w.b, leaf)
	if !ok {
		return
	}
	// n's sum is for the player who moved into it, v for the one to move.
	mix := float64(s.cfg.nodeMix)
	delta := mctsAddSum(n, func(sum int64, visits int32) int64 {
		q := float64(sum) / mctsValueScale / float64(visits)
		return int64(math.Round(mix * float64(visits) * (-v - q) * mctsValueScale))
	})
	for i := len(w.path) - 2; i >= 0 && delta != 0; i-- {
		d := -delta
		delta = mctsAddSum(s.pool.node(w.path[i]), func(int64, int32) int64 { return d })
	}
}

// mctsAddSum adds change(sum, visits) to n's sum, clipped so that n's mean
// stays in [-1, 1], and returns what it added. A compare-and-swap makes
// the change read the sum it is added to: with several threads a backup
// or another node's shift may land in between, and a shift computed from
// a stale sum would undo it. The clip is needed even with one thread: a
// node's shift corrects the values of all its playouts, some of which an
// ancestor's earlier shift already moved.
func mctsAddSum(n *mctsNode, change func(sum int64, visits int32) int64) int64 {
	for {
		sum, visits := n.sum.Load(), n.visits.Load()
		if visits <= 0 {
			return 0
		}
		limit := int64(visits) * mctsValueScale
		next := min(max(sum+change(sum, visits), -limit), limit)
		if n.sum.CompareAndSwap(sum, next) {
			return next - sum
		}
	}
}
