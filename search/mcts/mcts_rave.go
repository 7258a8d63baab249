package mcts

import (
	"math"

	"github.com/kakugo/kakugo/engine"
)

// Rapid action value estimates (RAVE, "all moves as first"; Gelly and
// Silver, 2007), off unless Options.Rave is set. A playout through node P
// tells about more of P's children than the one it entered: every move the
// same player made later on the path was a legal move at P too, and in
// Gomoku a point that matters a few plies on (the opponent's refutation,
// found in one sibling's subtree, that answers most of our moves) often
// matters at once. Each child keeps, beside its own visits and sum, the
// count and value sum of the playouts through its parent in which its
// player played its move at any later ply of the path (the tree's path:
// the leaves are valued, not played out, so the path is all there is).
// Selection reads the child's value as a blend of the two,
//
//	Q' = (1-β)·Q + β·Q_amaf,  β = ñ / (ñ + n + ñ·n/k)
//
// (n the child's visits, ñ its AMAF count, k Options.Rave: the visits at
// which the two weigh alike), and an unvisited child with AMAF results
// takes Q_amaf weighed against the first-play value as one visit of it.

// Node AMAF statistics are one atomic word: the count in the high 32 bits,
// the value sum as float32 bits in the low 32, so that a node grows by
// eight bytes and threads update both at once.

// amafLoad returns n's AMAF count and value sum.
func (n *mctsNode) amafLoad() (count uint32, sum float32) {
	w := n.amaf.Load()
	return uint32(w >> 32), math.Float32frombits(uint32(w))
}

// amafAdd adds one result v to n's AMAF statistics.
func (n *mctsNode) amafAdd(v float32) {
	for {
		old := n.amaf.Load()
		c, s := uint32(old>>32), math.Float32frombits(uint32(old))
		if c == math.MaxUint32 {
			return
		}
		nw := uint64(c+1)<<32 | uint64(math.Float32bits(s+v))
		if n.amaf.CompareAndSwap(old, nw) {
			return
		}
	}
}

// amafScale multiplies n's AMAF count and sum by f in (0, 1), its mean
// kept (Options.ReuseKeep); only when no search runs.
func (n *mctsNode) amafScale(f float64) {
	c, s := n.amafLoad()
	if c == 0 {
		return
	}
	nc := uint32(math.Round(float64(c) * f))
	ns := float32(float64(s) * float64(nc) / float64(c))
	n.amaf.Store(uint64(nc)<<32 | uint64(math.Float32bits(ns)))
}

// raveMaxPoints is the largest board (in points) the AMAF sets cover:
// 32x32, the protocol's largest.
const raveMaxPoints = 1024

// raveSet is a set of board points.
type raveSet [raveMaxPoints / 64]uint64

func (s *raveSet) add(p engine.Pos)      { s[p>>6] |= 1 << (p & 63) }
func (s *raveSet) del(p engine.Pos)      { s[p>>6] &^= 1 << (p & 63) }
func (s *raveSet) has(p engine.Pos) bool { return s[p>>6]&(1<<(p&63)) != 0 }

// raveBackup adds the playout whose leaf value (for the player who moved
// into the path's last node) is value to the AMAF statistics of the
// children of every node on the worker's path: at the path's node j, each
// child whose move its player made at ply j+1 or any later ply of the same
// parity takes the value from that player's view.
func (w *mctsWorker) raveBackup(value float64) {
	pool := w.s.pool
	path := w.path
	last := len(path) - 1
	sets := &w.raveSets
	for j := last - 1; j >= 0; j-- {
		m := pool.node(path[j+1]).move
		par := (j + 1) & 1
		if m >= 0 && m < raveMaxPoints {
			sets[par].add(m)
		}
		n := pool.node(path[j])
		if n.state.Load() != mctsExpanded {
			continue
		}
		v := float32(value)
		if (last-(j+1))&1 == 1 {
			v = -v
		}
		set := &sets[par]
		for i, kids := 0, pool.block(n.first, int(n.count)); i < len(kids); i++ {
			if km := kids[i].move; km >= 0 && km < raveMaxPoints && set.has(km) {
				kids[i].amafAdd(v)
			}
		}
	}
	for j := 1; j <= last; j++ {
		if m := pool.node(path[j]).move; m >= 0 && m < raveMaxPoints {
			sets[j&1].del(m)
		}
	}
}

// raveQ blends a child's value q (ok: it has visits, v of them; else q is
// the first-play value) with its AMAF mean, for the equivalence k > 0.
func raveQ(k *mctsNode, q float64, v int32, ok bool, equiv float64) float64 {
	c, s := k.amafLoad()
	if c == 0 {
		return q
	}
	na := float64(c)
	qa := float64(s) / na
	if !ok {
		b := na / (na + 1)
		return b*qa + (1-b)*q
	}
	n := float64(v)
	beta := na / (na + n + na*n/equiv)
	return (1-beta)*q + beta*qa
}
