package mcts

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// mctsValuingPolicy is the counting stand-in for the network that is also
// a NodeValuer: it values the position of its last Priors call at v for
// the side to move, and counts the values it gives.
type mctsValuingPolicy struct {
	mctsCountingPolicy
	v      float64
	last   uint64
	values *atomic.Int64
}

func (p *mctsValuingPolicy) Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool {
	p.last = b.Hash()
	return p.mctsCountingPolicy.Priors(b, moves, dst)
}

func (p *mctsValuingPolicy) NodeValue(b *engine.Board, leaf float64) (float64, bool) {
	if b.Hash() != p.last || math.Abs(leaf) >= 1 {
		return 0, false
	}
	p.values.Add(1)
	return p.v, true
}

// TestMctsNodeValueShift: refining a node with a NodeValuer moves the
// node's mean value toward the policy's by the mix, for the player who
// moved into it, and every ancestor's sum by the same amount with the
// sign of its player; its visits stand. A mix of zero changes nothing.
func TestMctsNodeValueShift(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9g7h9i7")
	for _, mix := range []float64{0, 0.3, 1} {
		for _, v := range []float64{0.8, -0.5} {
			var calls, values atomic.Int64
			cfg := NewConfig(Options{Leaf: LeafLearned, Value: &staticValuer{}, Policy: PolicyOptions{Visits: 8, NodeMix: mix}})
			s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
			pol := &mctsValuingPolicy{mctsCountingPolicy: mctsCountingPolicy{&calls}, v: v, values: &values}
			w := newMctsWorker(s, b, 0, pol, nil)
			// A path of three nodes: the root, a child, and its child, the
			// node refined; sums and visits as playouts would leave them.
			ids := make([]int32, 3)
			sums := []int64{-700 * mctsValueScale / 1000, 300 * mctsValueScale / 1000, 1200 * mctsValueScale / 1000}
			visits := []int32{40, 20, 10}
			moves := []engine.Pos{engine.NoPos, b.Pos(9, 9), b.Pos(6, 8)}
			for i := range ids {
				ids[i], _ = s.pool.alloc(1)
				n := s.pool.node(ids[i])
				n.init(moves[i], 1)
				n.sum.Store(sums[i])
				n.visits.Store(visits[i])
			}
			w.path = append(w.path[:0], ids...)
			b2 := b.Clone()
			b2.Make(moves[1])
			b2.Make(moves[2])
			w.b.Make(moves[1])
			w.b.Make(moves[2])
			n := s.pool.node(ids[2])
			n.state.Store(mctsLeaf)
			pol.Priors(w.b, nil, nil)
			w.shiftValue(ids[2], n, pol)
			q := float64(sums[2]) / mctsValueScale / float64(visits[2])
			want := (1-mix)*q + mix*(-v)
			got := float64(n.sum.Load()) / mctsValueScale / float64(n.visits.Load())
			if math.Abs(got-want) > 1e-6 {
				t.Errorf("mix %v, value %v: the node's mean %v, want %v", mix, v, got, want)
			}
			delta := n.sum.Load() - sums[2]
			for i := 1; i >= 0; i-- {
				delta = -delta
				m := s.pool.node(ids[i])
				if m.sum.Load()-sums[i] != delta || m.visits.Load() != visits[i] {
					t.Errorf("mix %v, value %v: ancestor %d moved by %d (visits %d), want %d (%d)",
						mix, v, i, m.sum.Load()-sums[i], m.visits.Load(), delta, visits[i])
				}
			}
			if (mix > 0) != (values.Load() == 1) {
				t.Errorf("mix %v: %d node values asked", mix, values.Load())
			}
			w.release()
		}
	}
}

// TestMctsNodeValueSearch: in whole searches, a mix of zero leaves the
// search as it was, node for node, and a positive mix asks a node value at
// each refinement below the root and keeps every node's mean in [-1, 1],
// with one thread and with four.
func TestMctsNodeValueSearch(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(3, 9)), 15, engine.Freestyle, 10)
	search := func(mix float64, threads int, v float64) (Result, *Tree, int64, int64) {
		var calls, values atomic.Int64
		cfg := NewConfig(Options{Leaf: LeafLearned, Value: &staticValuer{}, Policy: PolicyOptions{Visits: 16, NodeMix: mix}})
		pols := make([]Policy, threads)
		for i := range pols {
			pols[i] = &mctsValuingPolicy{mctsCountingPolicy: mctsCountingPolicy{&calls}, v: v, values: &values}
		}
		tree := NewTree(testTreeNodes)
		res := searchNodes(t, tree, b, &cfg, 5, threads, pols, 3000)
		return res, tree, calls.Load(), values.Load()
	}
	plain := NewConfig(Options{Leaf: LeafLearned, Value: &staticValuer{}, Policy: PolicyOptions{Visits: 16}})
	var calls atomic.Int64
	want := searchNodes(t, NewTree(testTreeNodes), b, &plain, 5, 1, []Policy{mctsCountingPolicy{&calls}}, 3000)
	got, _, _, values := search(0, 1, 0.9)
	if got.Nodes != want.Nodes || !slices.Equal(got.Ranked, want.Ranked) || values != 0 {
		t.Errorf("mix 0: %d nodes, %d values; without a node value %d nodes", got.Nodes, values, want.Nodes)
	}
	for _, threads := range []int{1, 4} {
		for _, v := range []float64{0.9, -0.9} {
			_, tree, pcalls, values := search(1, threads, v)
			// Every refinement below the root (all calls but the root's)
			// asks one value, less those of proven nodes or settled leaves.
			if values == 0 || values > pcalls-1 {
				t.Errorf("%d threads, value %v: %d node values for %d policy calls", threads, v, values, pcalls)
			}
			var walk func(idx int32)
			walk = func(idx int32) {
				n := tree.pool.node(idx)
				if vis := n.visits.Load(); vis > 0 {
					if q := float64(n.sum.Load()) / mctsValueScale / float64(vis); math.Abs(q) > 1+1e-9 {
						t.Errorf("%d threads, value %v: node %d mean %v", threads, v, idx, q)
					}
				}
				if n.state.Load() == mctsExpanded {
					for j := int32(0); j < int32(n.count); j++ {
						walk(n.first + j)
					}
				}
			}
			walk(tree.kept.root)
		}
	}
}
