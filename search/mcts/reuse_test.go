package mcts

import (
	"math"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestScaledVisits: a count is scaled and rounded, never below one, and
// never taken back across a threshold of the network's priors it has
// passed (nor moved at all within reuseBand past one).
func TestScaledVisits(t *testing.T) {
	cfg := mctsDefaults() // first tier at 30 visits, deep tier at 300
	for _, c := range []struct {
		v    int32
		f    float64
		want int32
	}{
		{1, 0.25, 1},
		{3, 0.25, 1},
		{29, 0.25, 7},
		{29, 0.5, 15},
		{30, 0.25, 30}, // just refined: stays
		{30 + reuseBand - 1, 0.25, 30 + reuseBand - 1},
		{30 + reuseBand, 0.25, 30 + reuseBand}, // 23.5 would cross 30
		{280, 0.25, 30 + reuseBand},
		{280, 0.5, 140},
		{300, 0.25, 300},
		{300 + reuseBand, 0.1, 300 + reuseBand},
		{4000, 0.25, 1000},
		{4000, 0.05, 300 + reuseBand},
	} {
		if got := cfg.scaledVisits(c.v, c.f); got != c.want {
			t.Errorf("scaledVisits(%d, %g) = %d, want %d", c.v, c.f, got, c.want)
		}
	}
	eager := mctsDefaults()
	eager.policyAt, eager.deepAt = 0, 0 // no lazy network: no threshold
	if got := eager.scaledVisits(100, 0.25); got != 25 {
		t.Errorf("without thresholds scaledVisits(100, 0.25) = %d, want 25", got)
	}
}

// TestReuseKeep: after two moves the game's new root is a node of the kept
// tree. Kept whole (the default), the next search starts from its visits;
// with ReuseKeep negative from none; with a share, from every node's
// visits scaled as scaledVisits says and its mean value unchanged (within
// the sum's rounding).
func TestReuseKeep(t *testing.T) {
	const playouts = 4000
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		b := testpos.Board(t, 15, rule, "h8i9g7h9i7")
		type snap struct {
			visits int32
			mean   float64
		}
		var before map[int32]snap
		var grand int32
		for _, keep := range []float64{0, -1, 0.25} {
			cfg := NewConfig(Options{Leaf: LeafStatic, ReuseKeep: keep})
			tree := NewTree(testTreeNodes)
			res := searchNodes(t, tree, b, &cfg, 1, 1, nil, playouts)
			// The most visited move and, below it, its most visited reply.
			pool := tree.pool
			child := bestChild(pool, tree.kept.root)
			reply := bestChild(pool, child)
			if child < 0 || reply < 0 {
				t.Fatalf("%v: no line two moves deep after %d playouts", rule, playouts)
			}
			if res.Ranked[0].Move != pool.node(child).move {
				t.Fatalf("%v: the most visited child is not the first ranked", rule)
			}
			nb := b.Clone()
			nb.Make(pool.node(child).move)
			nb.Make(pool.node(reply).move)
			if keep == 0 {
				grand = pool.node(reply).visits.Load()
			}
			if keep > 0 {
				before = map[int32]snap{}
				walk(pool, reply, func(i int32, n *mctsNode) { before[i] = snap{n.visits.Load(), n.mean()} })
			}
			// One playout: the new root's count before it is the search's
			// Reused.
			res2 := searchNodes(t, tree, nb, &cfg, 1, 1, nil, 1)
			switch {
			case keep == 0 && res2.Reused != grand:
				t.Errorf("%v kept whole: the search began from %d visits, want %d", rule, res2.Reused, grand)
			case keep < 0 && res2.Reused != 0:
				t.Errorf("%v kept none: the search began from %d visits, want 0", rule, res2.Reused)
			case keep > 0:
				if want := cfg.scaledVisits(grand, keep); res2.Reused != want {
					t.Errorf("%v kept %g: the search began from %d visits, want %d of %d", rule, keep, res2.Reused, want, grand)
				}
				if grand < 4*(300+reuseBand) {
					t.Fatalf("%v: the kept root has %d visits, too few to see the scaling", rule, grand)
				}
				// The playout went down one line: every node off it is as
				// scaled; the ones on it differ by that playout alone.
				checked := 0
				walk(pool, tree.kept.root, func(i int32, n *mctsNode) {
					old, ok := before[i]
					if !ok || old.visits == 0 {
						return
					}
					want := cfg.scaledVisits(old.visits, keep)
					got := n.visits.Load()
					if got != want && got != want+1 {
						t.Errorf("%v node %d: %d visits from %d, want %d", rule, i, got, old.visits, want)
					}
					if got == want && math.Abs(n.mean()-old.mean) > 1e-4 {
						t.Errorf("%v node %d: mean %.6f after scaling, %.6f before", rule, i, n.mean(), old.mean)
					}
					checked++
				})
				if checked < 100 {
					t.Errorf("%v: only %d kept nodes checked", rule, checked)
				}
			}
		}
	}
}

// bestChild is n's most visited child, or -1.
func bestChild(pool *mctsPool, idx int32) int32 {
	n := pool.node(idx)
	if n.state.Load() != mctsExpanded {
		return -1
	}
	best, bv := int32(-1), int32(0)
	for i := range int32(n.count) {
		if v := pool.node(n.first + i).visits.Load(); v > bv {
			best, bv = n.first+i, v
		}
	}
	return best
}

// walk calls f on every node of the subtree under idx.
func walk(pool *mctsPool, idx int32, f func(int32, *mctsNode)) {
	n := pool.node(idx)
	f(idx, n)
	if n.state.Load() == mctsExpanded {
		for i := range int32(n.count) {
			walk(pool, n.first+i, f)
		}
	}
}
