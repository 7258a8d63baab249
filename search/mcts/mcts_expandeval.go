package mcts

import "math"

// Valuing a new node's best children at once. A playout that expands a
// node normally descends into one child and values it; the node's other
// children wait for later playouts, each of which first descends from the
// root and makes the path's moves again (sync), which is most of a
// playout's cost beyond the leaf's value. With Options.ExpandEval k, the
// playout that expands a node values its first k children (the best by the
// priors) there, each a move made and taken back on the worker's board,
// and backs the k values up the path as k playouts: the visits the node's
// first playouts would most likely have given those children, at a
// fraction of their cost, and a real value for each of them where PUCT
// would otherwise use the first-play estimate.

// valueChildren values the first k children of n, the position on the
// worker's board, just expanded, as leaves (evaluate): each gets one visit
// and its value. It returns how many it valued, the sum of their values
// for the player who moved into n (scaled as the nodes' sums are), and
// whether any of them was proven.
func (w *mctsWorker) valueChildren(n *mctsNode, k int) (count int32, sum int64, proved bool) {
	pool := w.s.pool
	kids := pool.block(n.first, int(n.count))
	for i := range kids[:min(k, len(kids))] {
		c := &kids[i]
		if c.visits.Load() != 0 || c.proof.Load() != 0 || c.state.Load() != mctsLeaf {
			continue // another thread got there first
		}
		w.b.Make(c.move)
		w.nodes++
		v, pr := w.evaluate(c)
		w.b.Undo()
		s := int64(math.Round(v * mctsValueScale))
		c.sum.Add(s)
		c.visits.Add(1)
		sum -= s
		count++
		proved = proved || pr
	}
	return count, sum, proved
}

// backupMany adds count visits and sum (for the player who moved into the
// path's last node, scaled) to every node of the path, the sign
// alternating, and takes back the virtual losses; with proved, the proofs
// of the last node or its children climb as far as they settle the path.
// backup is its one-leaf case.
func (w *mctsWorker) backupMany(count int32, sum int64, proved bool) {
	pool := w.s.pool
	path := w.path
	for i := len(path) - 1; i >= 0; i-- {
		n := pool.node(path[i])
		n.sum.Add(sum)
		n.visits.Add(count)
		if i > 0 {
			n.vloss.Add(-1)
		}
		sum = -sum
	}
	if !proved {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		if !mctsSettle(pool, pool.node(path[i])) {
			return
		}
	}
}
