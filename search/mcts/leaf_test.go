package mcts

import (
	"math"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestParseLeaf reads the names String gives and "" (the default), and
// refuses anything else.
func TestParseLeaf(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want LeafMode
		ok   bool
	}{{"", LeafDefault, true}, {"rollout", LeafRollout, true}, {"static", LeafStatic, true},
		{"learned", LeafLearned, true}, {"default", LeafDefault, false}, {"Static", LeafDefault, false}} {
		if got, ok := ParseLeaf(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("%q: %v %v, want %v %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// staticValuer is the static leaf as a LeafValuer, counting its calls.
type staticValuer struct{ calls atomic.Int64 }

func (v *staticValuer) LeafValue(e *eval.Evaluator) float64 {
	v.calls.Add(1)
	return math.Tanh(float64(e.Evaluate()) / mctsStaticScale)
}

// TestLeafLearned: the learned mode asks its valuer at the leaves, and a
// valuer that values as the static leaf does gives the static search
// exactly, node for node; without a valuer the mode is the static one.
func TestLeafLearned(t *testing.T) {
	if cfg := NewConfig(Options{Leaf: LeafLearned}); cfg.Leaf() != LeafStatic {
		t.Errorf("learned leaves without a valuer: mode %v, want static", cfg.Leaf())
	}
	for _, pos := range []string{"h8i9g7", "h8h9i8g8j8k8i9"} {
		v := &staticValuer{}
		learned := NewConfig(Options{Leaf: LeafLearned, Value: v})
		if learned.Leaf() != LeafLearned {
			t.Fatalf("mode %v, want learned", learned.Leaf())
		}
		static := NewConfig(Options{Leaf: LeafStatic})
		b := testpos.Board(t, 15, engine.Freestyle, pos)
		a := searchNodes(t, NewTree(testTreeNodes), b, &learned, 1, 1, nil, 400)
		s := searchNodes(t, NewTree(testTreeNodes), b, &static, 1, 1, nil, 400)
		if v.calls.Load() == 0 {
			t.Errorf("%s: the valuer was never asked", pos)
		}
		if a.Nodes != s.Nodes || !slices.Equal(a.Ranked, s.Ranked) {
			t.Errorf("%s: learned search with the static valuer differs: %d nodes %v, static %d nodes %v", pos, a.Nodes, a.Ranked[:1], s.Nodes, s.Ranked[:1])
		}
	}
}
