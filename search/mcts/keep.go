package mcts

import (
	"math"
	"slices"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// kept is where the tree's root stands: the position's move history and
// stone colours, so that a later position can be recognised as the same
// game a few moves on.
type kept struct {
	ok      bool
	root    int32
	w, h    int
	rule    engine.Rule
	moves   []engine.Pos
	colours []engine.Color
	side    engine.Color
	// The base is the first root the pool has held since it was last
	// reset or compacted: its history is moves[:baseLen]. The pool frees
	// nothing in between, so every position reached from the base is
	// still there, and a TAKEBACK to any of them keeps the tree.
	base     int32
	baseLen  int
	baseSide engine.Color
	fresh    bool // the root is new: keepRoot makes it the base
}

// compactCost bounds the time compaction takes per node in use (measured:
// 49 ns of CPU per node in use, compacting a 1.07M-node tree to its most
// visited child's subtree on the development machine).
const compactCost = 50 * time.Nanosecond

// setRoot places the search's root at b: the node of the kept tree the game
// has reached, or a fresh one, expanded, with its children restricted to
// allowed when given. It reports false when b has no move to search.
func (t *Tree) setRoot(s *mctsSearch, b *engine.Board, w *mctsWorker, allowed []engine.Pos) bool {
	pool := t.pool
	reused := s.cfg.reuseKeep > 0 && t.reuse(b)
	if reused && pool.Used() > pool.limit/2 {
		// Half full: slide the live subtree to the front, unless that
		// could take a noticeable part of a short move.
		if time.Duration(pool.Used())*compactCost < s.budget.Hard()/8 || !s.timed {
			t.kept.root = pool.compact(t.kept.root)
			t.kept.fresh = true // the ancestors are gone
		} else {
			reused = false
		}
	}
	if !reused {
		pool.reset()
		idx, _ := pool.alloc(1) // an empty pool has room for one node
		pool.node(idx).init(b.LastMove(), 1)
		t.kept = kept{ok: true, root: idx, fresh: true}
	}
	s.root = t.kept.root
	if reused && s.cfg.reuseKeep < 1 {
		pool.scale(s.root, s.cfg.reuseKeep, s.cfg)
	}
	root := pool.node(s.root)
	if allowed != nil && root.state.Load() == mctsExpanded && !covers(pool, root, allowed) {
		// The parries are not all among the kept children: list them alone
		// under a fresh root.
		pool.reset()
		idx, _ := pool.alloc(1)
		pool.node(idx).init(b.LastMove(), 1)
		t.kept = kept{ok: true, root: idx, fresh: true}
		s.root, root = idx, pool.node(idx)
		if !expandWith(s, w, root, allowed) {
			return false
		}
	}
	if root.state.Load() == mctsLeaf {
		if allowed != nil {
			if !expandWith(s, w, root, allowed) {
				return false
			}
		} else if root.state.CompareAndSwap(mctsLeaf, mctsExpanding) && !w.expand(root, true) {
			return false
		}
	}
	if root.state.Load() != mctsExpanded {
		return false
	}
	if allowed != nil {
		kids := pool.block(root.first, int(root.count))
		s.allowed = make([]bool, len(kids))
		for i := range kids {
			s.allowed[i] = slices.Contains(allowed, kids[i].move)
		}
	}
	return true
}

// covers reports whether every move of list is a child of n.
func covers(pool *mctsPool, n *mctsNode, list []engine.Pos) bool {
	kids := pool.block(n.first, int(n.count))
	for _, p := range list {
		found := false
		for i := range kids {
			if kids[i].move == p {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// expandWith expands the root n with exactly the legal moves of list, their
// priors from the evaluator's logits.
func expandWith(s *mctsSearch, w *mctsWorker, n *mctsNode, list []engine.Pos) bool {
	b, e := w.b, w.e
	me := b.SideToMove()
	w.gen.next(b)
	w.gen.cands = w.gen.cands[:0]
	for _, p := range list {
		if b.Legal(p) {
			w.gen.add(e, p, me, me.Opp())
		}
	}
	if len(w.gen.cands) == 0 {
		return false
	}
	w.gen.sort(0)
	cands := w.gen.cands
	w.moves, w.probs = mctsPriors(cands, b, w.pol, s.cfg.policyPow, w.moves, w.probs)
	first, ok := s.pool.alloc(len(cands))
	if !ok {
		return false
	}
	kids := s.pool.block(first, len(cands))
	for i, c := range cands {
		kids[i].init(c.p, c.score)
	}
	n.first, n.count, n.kind = first, uint16(len(cands)), mctsKindOpen
	n.state.Store(mctsExpanded)
	return true
}

// reuse moves the kept tree's root to b when b continues the game the tree
// was built for, by the moves played since (ours and the opponent's), or,
// after a TAKEBACK, when b is still reached from the tree's base; it
// reports false when the tree cannot serve (another game, a takeback past
// the base, a position set up anew, a move the tree never expanded).
func (t *Tree) reuse(b *engine.Board) bool {
	k := &t.kept
	if !k.ok || k.w != b.Width() || k.h != b.Height() || k.rule != b.Rule() {
		return false
	}
	idx, side, ok := t.walk(b, k.root, len(k.moves), k.side)
	if !ok {
		idx, side, ok = t.walk(b, k.base, k.baseLen, k.baseSide)
	}
	if !ok {
		return false
	}
	k.root, k.side = idx, side
	k.moves = append(k.moves[:0], b.Moves()...)
	k.colours = k.colours[:0]
	for _, p := range k.moves {
		k.colours = append(k.colours, b.At(p))
	}
	return true
}

// walk follows b's moves down from node idx, whose position is the tree's
// first n moves with side to move, and returns the node of b's position;
// ok is false when b does not extend those n moves or the tree lacks a
// node on the way.
func (t *Tree) walk(b *engine.Board, idx int32, n int, side engine.Color) (int32, engine.Color, bool) {
	k := &t.kept
	moves := b.Moves()
	if len(moves) < n || n > len(k.moves) {
		return 0, side, false
	}
	for i, p := range k.moves[:n] {
		if moves[i] != p || b.At(p) != k.colours[i] {
			return 0, side, false
		}
	}
	pool := t.pool
	for _, p := range moves[n:] {
		nd := pool.node(idx)
		if b.At(p) != side || nd.state.Load() != mctsExpanded {
			return 0, side, false
		}
		kids := pool.block(nd.first, int(nd.count))
		next := int32(-1)
		for i := range kids {
			if kids[i].move == p {
				next = nd.first + int32(i)
				break
			}
		}
		if next < 0 {
			return 0, side, false
		}
		idx, side = next, side.Opp()
	}
	return idx, side, side == b.SideToMove()
}

// keepRoot records that the tree's root stands at b; a new root becomes
// the base as well.
func (t *Tree) keepRoot(b *engine.Board, root int32) {
	k := &t.kept
	k.ok, k.root = true, root
	k.w, k.h, k.rule, k.side = b.Width(), b.Height(), b.Rule(), b.SideToMove()
	k.moves = append(k.moves[:0], b.Moves()...)
	k.colours = k.colours[:0]
	for _, p := range k.moves {
		k.colours = append(k.colours, b.At(p))
	}
	if k.fresh {
		k.base, k.baseLen, k.baseSide, k.fresh = root, len(k.moves), k.side, false
	}
}

// scale multiplies the visits and value sums of the subtree under idx by
// f in (0, 1), each node's mean kept (its sum rounded): the kept tree
// counts for less against the search that goes on from it
// (Options.ReuseKeep). Only when no search runs.
func (p *mctsPool) scale(idx int32, f float64, cfg *Config) {
	stack := []int32{idx}
	for len(stack) > 0 {
		n := p.node(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if v := n.visits.Load(); v > 0 {
			nv := cfg.scaledVisits(v, f)
			n.sum.Store(int64(math.Round(float64(n.sum.Load()) * float64(nv) / float64(v))))
			n.visits.Store(nv)
		}
		if n.state.Load() == mctsExpanded {
			for i := range int32(n.count) {
				stack = append(stack, n.first+i)
			}
		}
	}
}

// reuseBand is how far past a refinement threshold a scaled count stays:
// wider than any refinement window (threads times the children valued at
// an expansion), so that no node comes back into a window it has passed.
const reuseBand = 64

// scaledVisits is v visits scaled by f, but never below one, and never
// back across a threshold of the network's priors v has passed: a node
// refined there would be refined again, a deep tier's priors overwritten
// by the first tier's. Where v is within reuseBand of such a threshold it
// stays as it is.
func (c *Config) scaledVisits(v int32, f float64) int32 {
	nv := max(int32(math.Round(float64(v)*f)), 1)
	for _, t := range [2]int32{c.deepAt, c.policyAt} {
		if t <= 0 || v < t {
			continue
		}
		if v < t+reuseBand {
			return v
		}
		return max(nv, t+reuseBand)
	}
	return nv
}
