package mcts

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/win"
)

// expandEvalWorker sets up one worker on a fresh tree rooted at b, with
// static leaves, the probes on and expandEval children valued at each
// expansion.
func expandEvalWorker(t *testing.T, b *engine.Board, expandEval int) (*mctsSearch, *mctsWorker) {
	t.Helper()
	cfg := mctsDefaults()
	cfg.leaf = LeafStatic
	cfg.vcfProbe = 30
	cfg.expandEval = expandEval
	s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
	w := newMctsWorker(s, b, 0, nil, nil)
	w.useProbes(win.New(1<<12), &win.Prober{})
	tree := &Tree{pool: s.pool}
	if !tree.setRoot(s, b, w, nil) {
		t.Fatal("no root")
	}
	return s, w
}

// visitsAddUp checks every node below idx: an expanded node that is not
// proven has one visit of its own (its value as a leaf, before it was
// expanded; none for the root) and its children's.
func visitsAddUp(t *testing.T, s *mctsSearch, idx int32, root bool) {
	t.Helper()
	n := s.pool.node(idx)
	if n.state.Load() != mctsExpanded {
		return
	}
	kids := s.pool.block(n.first, int(n.count))
	var sum int32
	for i := range kids {
		sum += kids[i].visits.Load()
		visitsAddUp(t, s, n.first+int32(i), false)
	}
	own := int32(1)
	if root {
		own = 0
	}
	if n.proof.Load() == 0 && n.visits.Load() != own+sum {
		t.Fatalf("node %d (move %d): %d visits, want %d of its own and %d of its children", idx, n.move, n.visits.Load(), own, sum)
	}
}

// TestExpandEvalKeepsTheTree: with children valued at every expansion, a
// playout still leaves a prefix of its path on the worker's board, with
// the evaluator exactly as the moves made afresh give it; the root's
// visits count every leaf valued (what playout reports); and every node's
// visits are its own and its children's. The same holds without it.
func TestExpandEvalKeepsTheTree(t *testing.T) {
	for _, c := range []struct {
		rule  engine.Rule
		moves string
	}{
		{engine.Freestyle, "h8i9g7h9i7"},
		{engine.Renju, "h8h9i9g8j10i8g10"},
	} {
		for _, k := range []int{0, 1, 3} {
			b := testpos.Board(t, 15, c.rule, c.moves)
			s, w := expandEvalWorker(t, b, k)
			var leaves int64
			for i := 0; i < 300; i++ {
				got := w.playout()
				if got < 1 || (k == 0 && got != 1) || got > int64(max(k, 1)) {
					t.Fatalf("%v k %d playout %d: %d leaves valued", c.rule, k, i, got)
				}
				leaves += got
				var pathMoves []engine.Pos
				for _, idx := range w.path[1:] {
					pathMoves = append(pathMoves, s.pool.node(idx).move)
				}
				if !slices.Equal(w.applied, pathMoves[:min(len(w.applied), len(pathMoves))]) || len(w.applied) > len(pathMoves) {
					t.Fatalf("%v k %d playout %d: applied %v is not a prefix of the path %v", c.rule, k, i, w.applied, pathMoves)
				}
				checkBoard(t, w, b, w.applied)
			}
			if got := s.pool.node(s.root).visits.Load(); int64(got) != leaves {
				t.Fatalf("%v k %d: root visits %d, want the %d leaves valued", c.rule, k, got, leaves)
			}
			if k > 1 && leaves < 450 {
				t.Fatalf("%v k %d: %d leaves in 300 playouts: the children were not valued", c.rule, k, leaves)
			}
			visitsAddUp(t, s, s.root, true)
			w.unwind()
			w.release()
		}
	}
}

// TestExpandEvalValuesTheBestChildren: valueChildren gives an expanded
// node's first k children (the best by the priors) one visit each, with
// exactly the value a playout reaching each of them as a leaf gives, and
// reports the sum of their opposites for the node; the board is left as it
// was.
func TestExpandEvalValuesTheBestChildren(t *testing.T) {
	const k = 3
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9g7h9i7j8")
	s, w := expandEvalWorker(t, b, k)
	root := s.pool.node(s.root)
	if root.state.Load() != mctsExpanded && !w.expand(root, true) {
		t.Fatal("the root did not expand")
	}
	kids := s.pool.block(root.first, int(root.count))
	if len(kids) <= k {
		t.Fatalf("%d children: the test needs more than %d", len(kids), k)
	}
	hash := w.b.Hash()
	count, sum, proved := w.valueChildren(root, k)
	if count != k || proved {
		t.Fatalf("valued %d children (proved %v), want %d", count, proved, k)
	}
	if w.b.Hash() != hash {
		t.Fatal("valueChildren left a move on the board")
	}
	var want int64
	for i := range kids {
		c := &kids[i]
		if i >= k {
			if c.visits.Load() != 0 {
				t.Fatalf("child %d: %d visits, want none past the first %d", i, c.visits.Load(), k)
			}
			continue
		}
		// The value a playout gives the child as a leaf, on a fresh worker.
		cb := b.Clone()
		cb.Make(c.move)
		_, w2 := expandEvalWorker(t, cb, 0)
		var leaf mctsNode
		leaf.init(c.move, 1)
		v, _ := w2.evaluate(&leaf)
		w2.release()
		if c.visits.Load() != 1 || c.sum.Load() != int64(math.Round(v*mctsValueScale)) {
			t.Fatalf("child %d (%d): %d visits, sum %d, want 1 and %d", i, c.move, c.visits.Load(), c.sum.Load(), int64(math.Round(v*mctsValueScale)))
		}
		want -= c.sum.Load()
	}
	if sum != want {
		t.Fatalf("reported sum %d, want the children's opposites %d", sum, want)
	}
	// A second call finds the children visited and values none.
	if count, _, _ := w.valueChildren(root, k); count != 0 {
		t.Fatalf("a second call valued %d children", count)
	}
	w.release()
}
