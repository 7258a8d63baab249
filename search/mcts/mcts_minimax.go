package mcts

import "math"

// Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, "Monte
// Carlo Tree Search with Heuristic Evaluations using Implicit Minimax
// Backups", 2014). Beside the mean of its playouts' values, each node keeps
// the minimax of the leaf values below it: a leaf's own value, and for an
// expanded node the best of its valued children for the side to move
// there, negated. Selection then ranks a child by (1-α)·mean + α·minimax.
// The mean needs many playouts to learn that one reply refutes a move;
// the minimax knows it from the first playout that reaches the reply, and
// the tactical positions this engine loses are full of such replies.
// Children that no playout has valued yet do not count in their parent's
// minimax: the tree's best-known replies, not all of them.

const (
	// mctsMinimaxScale is the fixed-point scale of a node's minimax value.
	mctsMinimaxScale = 1 << 24
	// mctsNoMinimax marks a node no playout has valued.
	mctsNoMinimax = math.MinInt32
)

// minimax is the node's implicit minimax value, for the player who moved
// into it; ok is false while no playout has valued it.
func (n *mctsNode) minimax() (v float64, ok bool) {
	m := n.mm.Load()
	if m == mctsNoMinimax {
		return 0, false
	}
	return float64(m) / mctsMinimaxScale, true
}

// mctsMinimaxBits is v (in [-1, 1]) in the node's fixed point.
func mctsMinimaxBits(v float64) int32 {
	return int32(math.Round(max(-1, min(1, v)) * mctsMinimaxScale))
}

// backupMinimax stores value (for the player who moved into the path's
// last node) as that node's minimax value and recomputes the minimax of
// its ancestors, stopping at the first that does not change (the nodes
// above it then do not either). Threads may race on a node; the value a
// race leaves is one of the recomputations, and the next playout through
// the node recomputes it again.
func (w *mctsWorker) backupMinimax(value float64) {
	pool := w.s.pool
	path := w.path
	pool.node(path[len(path)-1]).mm.Store(mctsMinimaxBits(value))
	for i := len(path) - 2; i >= 0; i-- {
		n := pool.node(path[i])
		best, any := int32(math.MinInt32), false
		kids := pool.block(n.first, int(n.count))
		for j := range kids {
			if m := kids[j].mm.Load(); m != mctsNoMinimax && (!any || m > best) {
				best, any = m, true
			}
		}
		if !any {
			return
		}
		if n.mm.Swap(-best) == -best {
			return
		}
	}
}
