package mcts

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// mctsCheckMinimax walks the subtree at idx and reports the first node whose
// minimax value is not the negated best of its valued children (or, for a
// node with no valued child, is missing although the node was visited).
func mctsCheckMinimax(t *testing.T, p *mctsPool, idx int32, where string) {
	t.Helper()
	n := p.node(idx)
	if n.state.Load() != mctsExpanded {
		if n.visits.Load() > 0 && n.mm.Load() == mctsNoMinimax && n.vloss.Load() == 0 {
			t.Fatalf("%s: visited leaf %v has no minimax value", where, n.move)
		}
		return
	}
	best, any := int32(0), false
	for j := int32(0); j < int32(n.count); j++ {
		k := p.node(n.first + j)
		if m := k.mm.Load(); m != mctsNoMinimax && (!any || m > best) {
			best, any = m, true
		}
		mctsCheckMinimax(t, p, n.first+j, where)
	}
	if any && n.mm.Load() != -best {
		t.Fatalf("%s: node %v minimax %d, want %d (the negated best of its children)", where, n.move, n.mm.Load(), -best)
	}
}

// TestMctsMinimaxBackups: after single-threaded searches with the implicit
// minimax on, every expanded node's minimax value is the negated best of its
// valued children and every visited leaf has one, also in a tree kept and
// searched again from a later position; with it off, no node holds one.
func TestMctsMinimaxBackups(t *testing.T) {
	for _, c := range []struct {
		rule engine.Rule
		seed uint64
	}{{engine.Freestyle, 1}, {engine.Freestyle, 2}, {engine.Renju, 3}, {engine.Exact, 4}} {
		b := testpos.Random(rand.New(rand.NewPCG(c.seed, 9)), 15, c.rule, 10)
		tree := NewTree(testTreeNodes)
		cfg := NewConfig(Options{Leaf: LeafStatic, Minimax: 0.3})
		res := searchNodes(t, tree, b, &cfg, c.seed, 1, nil, 4000)
		mctsCheckMinimax(t, tree.pool, tree.kept.root, "first search")
		// The game goes on by the chosen move and a reply the tree knows.
		b.Make(res.Ranked[0].Move)
		n := tree.pool.node(tree.kept.root)
		for j := int32(0); j < int32(n.count); j++ {
			if k := tree.pool.node(n.first + j); k.move == res.Ranked[0].Move && k.state.Load() == mctsExpanded {
				b.Make(tree.pool.node(k.first).move)
				break
			}
		}
		searchNodes(t, tree, b, &cfg, c.seed, 1, nil, 2000)
		mctsCheckMinimax(t, tree.pool, tree.kept.root, "kept tree")

		off := NewTree(testTreeNodes)
		plain := NewConfig(Options{Leaf: LeafStatic})
		searchNodes(t, off, b, &plain, c.seed, 1, nil, 1000)
		for i := int32(0); i < off.pool.Used(); i++ {
			if off.pool.node(i).mm.Load() != mctsNoMinimax {
				t.Fatalf("seed %d: minimax off, yet node %d holds a minimax value", c.seed, i)
			}
		}
	}
}

// TestMctsMinimaxThreads: two threads race on the minimax values (the race
// detector watches); every value they leave is a value in [-1, 1].
func TestMctsMinimaxThreads(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(6, 9)), 15, engine.Freestyle, 10)
	tree := NewTree(testTreeNodes)
	cfg := NewConfig(Options{Leaf: LeafStatic, Minimax: 0.5})
	searchNodes(t, tree, b, &cfg, 6, 2, nil, 3000)
	for i := int32(0); i < tree.pool.Used(); i++ {
		if m := tree.pool.node(i).mm.Load(); m != mctsNoMinimax && (m < -mctsMinimaxScale || m > mctsMinimaxScale) {
			t.Fatalf("node %d: minimax %d outside [-1, 1]", i, m)
		}
	}
}

// TestMctsMinimaxChangesSelection: the weight matters. With it at 1 the
// search ranks children by minimax alone, so a search differs from the
// plain one; at 0 it is the plain search to the playout.
func TestMctsMinimaxChangesSelection(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(5, 9)), 15, engine.Freestyle, 10)
	visits := func(a float64) []int32 {
		tree := NewTree(testTreeNodes)
		cfg := NewConfig(Options{Leaf: LeafStatic, Minimax: a})
		searchNodes(t, tree, b, &cfg, 5, 1, nil, 3000)
		n := tree.pool.node(tree.kept.root)
		var out []int32
		for j := int32(0); j < int32(n.count); j++ {
			out = append(out, tree.pool.node(n.first+j).visits.Load())
		}
		return out
	}
	plain, plain2, mm := visits(0), visits(0), visits(1)
	same := func(a, b []int32) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	if !same(plain, plain2) {
		t.Fatal("two plain searches differ: the test's premise (a repeatable search) fails")
	}
	if same(plain, mm) {
		t.Error("the minimax weight 1 left every root visit count as the plain search's")
	}
}
