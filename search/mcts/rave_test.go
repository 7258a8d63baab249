package mcts

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestRaveStats: the packed AMAF word adds counts and values, and scaling
// keeps the mean.
func TestRaveStats(t *testing.T) {
	var n mctsNode
	n.init(3, 1)
	for _, v := range []float32{1, -0.5, 0.25, 1} {
		n.amafAdd(v)
	}
	if c, s := n.amafLoad(); c != 4 || s != 1.75 {
		t.Fatalf("after four results: count %d sum %v, want 4 and 1.75", c, s)
	}
	n.amafScale(0.5)
	if c, s := n.amafLoad(); c != 2 || math.Abs(float64(s)-0.875) > 1e-6 {
		t.Errorf("scaled by half: count %d sum %v, want 2 and 0.875", c, s)
	}
	var m mctsNode
	m.copyFrom(&n)
	if m.amaf.Load() != n.amaf.Load() {
		t.Error("copyFrom lost the AMAF statistics")
	}
	m.init(3, 1)
	if m.amaf.Load() != 0 {
		t.Error("init kept the AMAF statistics")
	}
}

// TestRaveQ: the blend's limits. No AMAF results leave the value; an
// unvisited child weighs its AMAF mean against the first-play value as one
// visit; a visited one by ñ/(ñ+n+ñn/k), so the AMAF mean fades as visits
// come.
func TestRaveQ(t *testing.T) {
	var n mctsNode
	n.init(0, 1)
	if got := raveQ(&n, 0.3, 5, true, 50); got != 0.3 {
		t.Errorf("no AMAF: %v, want 0.3", got)
	}
	for range 3 {
		n.amafAdd(1)
	}
	if got, want := raveQ(&n, -0.2, 0, false, 50), 0.75*1+0.25*-0.2; math.Abs(got-want) > 1e-9 {
		t.Errorf("unvisited: %v, want %v", got, want)
	}
	beta := 3.0 / (3 + 10 + 3*10.0/50)
	if got, want := raveQ(&n, 0, 10, true, 50), beta; math.Abs(got-want) > 1e-9 {
		t.Errorf("10 visits: %v, want %v", got, want)
	}
	few, many := raveQ(&n, 0, 10, true, 50), raveQ(&n, 0, 1000, true, 50)
	if !(many < few && many < 0.01) {
		t.Errorf("the AMAF weight at 10 visits %v, at 1000 %v: want it to fade", few, many)
	}
}

// TestRaveBackupByHand: a path root -> a -> x -> b (the first player's a
// and b, the second's x) with b also a child of the root and of x. The
// root's children a and b take the leaf value from the first player's
// view, c nothing; a's child x the second player's view, y nothing; x's
// child b the first player's, z nothing. The point sets are empty after.
func TestRaveBackupByHand(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8")
	cfg := NewConfig(Options{Leaf: LeafStatic, Rave: 50})
	s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
	w := newMctsWorker(s, b, 0, nil, nil)
	defer w.release()
	pa, pb, pc := b.Pos(8, 8), b.Pos(6, 6), b.Pos(9, 9)
	px, py, pz := b.Pos(6, 8), b.Pos(8, 6), b.Pos(5, 5)
	block := func(moves ...engine.Pos) int32 {
		first, _ := s.pool.alloc(len(moves))
		for i, m := range moves {
			s.pool.node(first+int32(i)).init(m, 0.1)
		}
		return first
	}
	expand := func(idx, first int32, count int) {
		n := s.pool.node(idx)
		n.first, n.count = first, uint16(count)
		n.state.Store(mctsExpanded)
	}
	root := block(engine.NoPos)
	rk := block(pa, pb, pc)
	expand(root, rk, 3)
	ak := block(px, py)
	expand(rk, ak, 2) // a's children
	xk := block(pb, pz)
	expand(ak, xk, 2) // x's children
	w.path = append(w.path[:0], root, rk, ak, xk)
	const v = 0.6
	w.raveBackup(v)
	want := map[int32]struct {
		c uint32
		s float32
	}{
		rk: {1, v}, rk + 1: {1, v}, rk + 2: {0, 0}, // a, b, c at the root
		ak: {1, -v}, ak + 1: {0, 0}, // x, y below a
		xk: {1, v}, xk + 1: {0, 0}, // b, z below x
	}
	for idx, wt := range want {
		if c, sum := s.pool.node(idx).amafLoad(); c != wt.c || math.Abs(float64(sum-wt.s)) > 1e-6 {
			t.Errorf("node %d (move %v): AMAF %d, %v; want %d, %v", idx, s.pool.node(idx).move, c, sum, wt.c, wt.s)
		}
	}
	for p, set := range w.raveSets {
		if set != (raveSet{}) {
			t.Errorf("point set %d not empty after the backup", p)
		}
	}
}

// TestRaveSearch: RAVE off is the search as it was, node for node; on, in
// whole searches with one thread and with four, every node's AMAF count
// is at most its parent's visits (a fresh tree: only playouts through the
// parent add to it) and its mean lies in [-1, 1]; and the search still
// finds the one move that stops an open four's twin threat (the block of
// the opponent's four).
func TestRaveSearch(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(4, 11)), 15, engine.Freestyle, 12)
	plain := NewConfig(Options{Leaf: LeafStatic})
	off := NewConfig(Options{Leaf: LeafStatic, Rave: 0})
	want := searchNodes(t, NewTree(testTreeNodes), b, &plain, 3, 1, nil, 2000)
	got := searchNodes(t, NewTree(testTreeNodes), b, &off, 3, 1, nil, 2000)
	if got.Nodes != want.Nodes || !slices.Equal(got.Ranked, want.Ranked) {
		t.Errorf("RAVE 0 changed the search: %d nodes against %d", got.Nodes, want.Nodes)
	}
	on := NewConfig(Options{Leaf: LeafStatic, Rave: 50})
	for _, threads := range []int{1, 4} {
		tree := NewTree(testTreeNodes)
		searchNodes(t, tree, b, &on, 3, threads, nil, 3000)
		seen := 0
		var walk func(idx int32)
		walk = func(idx int32) {
			n := tree.pool.node(idx)
			if n.state.Load() != mctsExpanded {
				return
			}
			parent := uint32(n.visits.Load())
			for j := int32(0); j < int32(n.count); j++ {
				k := tree.pool.node(n.first + j)
				if c, s := k.amafLoad(); c > 0 {
					seen++
					if c > parent || math.Abs(float64(s)/float64(c)) > 1+1e-6 {
						t.Errorf("%d threads: node %d: AMAF %d results, mean %v, under a parent of %d visits", threads, n.first+j, c, float64(s)/float64(c), parent)
					}
				}
				walk(n.first + j)
			}
		}
		walk(tree.kept.root)
		if seen == 0 {
			t.Errorf("%d threads: no node has AMAF results", threads)
		}
	}
	// White to move; black has an open three on row 8 (f8 g8 h8 with e8
	// and i8 empty) and white nothing: a block at an end is needed, and
	// the search's best move must be one of the three's defences.
	d := testpos.Board(t, 15, engine.Freestyle, "f8a1g8a3h8")
	res := searchNodes(t, NewTree(testTreeNodes), d, &on, 1, 1, nil, 3000)
	if len(res.Ranked) == 0 {
		t.Fatal("no moves ranked")
	}
	best := res.Ranked[0].Move
	if ok := slices.Contains([]engine.Pos{d.Pos(4, 7), d.Pos(8, 7), d.Pos(3, 7), d.Pos(9, 7)}, best); !ok {
		t.Errorf("the best move against an open three is %v, want one of its defences", best)
	}
}
