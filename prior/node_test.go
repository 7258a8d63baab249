package prior

import (
	"math"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/value"
)

// TestNodeValue: the embedded node value loads, fits the embedded network,
// and values the position of the last Priors call as its model says for
// the features NodeFeatures gives (play and training read the same
// features); another position, or a policy without the model, gives none.
// A model of another set is refused.
func TestNodeValue(t *testing.T) {
	m, err := DefaultNode()
	if err != nil {
		t.Fatal(err)
	}
	if m.Set() != value.Trunk {
		t.Fatalf("embedded node value of the %v set", m.Set())
	}
	build, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WithNode(build, value.NewModel(value.Patterns)); err == nil {
		t.Error("a Patterns model accepted as a node value")
	}
	withNode, err := WithNode(build, m)
	if err != nil {
		t.Fatal(err)
	}
	net, err := LoadNet("")
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := value.Default()
	if err != nil {
		t.Fatal(err)
	}
	features, err := NodeFeatures(net, leaf)
	if err != nil {
		t.Fatal(err)
	}
	pol := withNode()
	nv, ok := pol.(mcts.NodeValuer)
	if !ok {
		t.Fatal("the policy is not a NodeValuer")
	}
	for _, tc := range []struct {
		rule  engine.Rule
		size  int
		moves string
	}{
		{engine.Freestyle, 15, "h8i9g7i7i8g9"}, {engine.Renju, 15, "h8i9g7i7i8"}, {engine.Freestyle, 20, "j10k11i9k9"},
	} {
		pts, err := engine.ParseMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		b, err := engine.FromMoves(tc.size, tc.size, tc.rule, pts)
		if err != nil {
			t.Fatal(err)
		}
		e := eval.Attach(b)
		lv := leaf.LeafValue(e)
		var buf [value.MaxFeatures]float32
		f, ok := features(b, e, buf[:])
		e.Detach()
		if !ok {
			t.Fatalf("%v %d: no features", tc.rule, tc.size)
		}
		z, ok := m.Predict(tc.rule, tc.size, f)
		if !ok {
			t.Fatalf("%v %d: no weights", tc.rule, tc.size)
		}
		moves := []engine.Pos{b.Pos(0, 0), b.Pos(3, 3)}
		if _, ok := nv.NodeValue(b, lv); ok {
			t.Errorf("%v %d: a value before the Priors call", tc.rule, tc.size)
		}
		pol.Priors(b, moves, make([]float32, 2))
		v, ok := nv.NodeValue(b, lv)
		if !ok || math.Abs(v-math.Tanh(0.5*z)) > 1e-9 || !(v > -1 && v < 1) {
			t.Errorf("%v %d: node value %v %v, want %v", tc.rule, tc.size, v, ok, math.Tanh(0.5*z))
		}
		if _, ok := build().(mcts.NodeValuer).NodeValue(b, lv); ok {
			t.Errorf("%v %d: a value from a policy without the model", tc.rule, tc.size)
		}
	}
}
