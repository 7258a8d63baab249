package value

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/weights"
)

// jointForTest is a head started from the embedded node value, the
// embedded leaf value beside it, with its weights jittered so that hidden
// units sit on both sides of their kinks.
func jointForTest(t *testing.T, threads int) *JointHead {
	t.Helper()
	node, err := Read(bytes.NewReader(weights.Node()))
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewJointHead(node, leaf, threads)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestJointHeadGradient: the gradients Loss gives, for the statistics and
// for the head's own parameters, are the log-loss's (central finite
// differences), and the statistics' last two (top logit, entropy) get none.
func TestJointHeadGradient(t *testing.T) {
	h := jointForTest(t, 1)
	rng := rand.New(rand.NewPCG(2, 9))
	b, err := engine.New(15, 15, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 7}, {X: 8, Y: 6}, {X: 8, Y: 7}} {
		b.Make(b.Pos(m.X, m.Y))
	}
	stats := make([]float32, TrunkLen-2)
	for i := range stats {
		stats[i] = float32(rng.Float64() * 2)
	}
	p := h.params[Key{engine.Freestyle, 15}]
	if p == nil {
		t.Fatal("no freestyle 15 parameters in the node value")
	}
	for _, target := range []float64{1, 0, 0.5} {
		dStats := make([]float32, len(stats))
		clear(p.grads[0])
		l0, _, ok := h.Loss(0, b, stats, target, dStats, 1)
		if !ok || !(l0 > 0) {
			t.Fatalf("target %v: loss %v, valued %v", target, l0, ok)
		}
		loss := func() float64 {
			l, _, _ := h.Loss(0, b, stats, target, nil, 1)
			return l
		}
		check := func(what string, x *float32, ana float32) {
			const eps = 1e-3
			orig := *x
			*x = orig + eps
			lp := loss()
			*x = orig - eps
			lm := loss()
			*x = orig
			num := (lp - lm) / (2 * eps)
			if math.Abs(num-float64(ana)) > 2e-3+2e-2*math.Abs(num) {
				t.Errorf("target %v: %s: analytic %v, numeric %v", target, what, ana, num)
			}
		}
		for i := 0; i < len(stats)-2; i += 5 {
			check("statistic", &stats[i], dStats[i])
		}
		if dStats[len(stats)-2] != 0 || dStats[len(stats)-1] != 0 {
			t.Errorf("target %v: the top logit and entropy got a gradient", target)
		}
		for k := 0; k < 40; k++ {
			i := rng.IntN(len(p.w))
			check("parameter", &p.w[i], p.grads[0][i])
		}
	}
}

// TestJointHeadSteps: steps on one position's result lower its loss; the
// model it returns values as the head does; an unknown board size is not
// valued; a leaf model of the Trunk set is refused.
func TestJointHeadSteps(t *testing.T) {
	h := jointForTest(t, 2)
	b, _ := engine.New(15, 15, engine.Renju)
	for _, m := range []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 7}} {
		b.Make(b.Pos(m.X, m.Y))
	}
	stats := make([]float32, TrunkLen-2)
	for i := range stats {
		stats[i] = 0.5
	}
	first, _, _ := h.Loss(0, b, stats, 1, nil, 1)
	for range 20 {
		h.Loss(1, b, stats, 1, make([]float32, len(stats)), 1)
		h.Step(1e-2)
	}
	last, _, _ := h.Loss(0, b, stats, 1, nil, 1)
	if !(last < first) {
		t.Errorf("the loss went from %v to %v over 20 steps towards its target", first, last)
	}
	m := h.Model()
	e := eval.Attach(b.Clone())
	var buf [TrunkLen]float32
	f, _ := TrunkFeatures(h.Leaf.LeafValue(e), stats, buf[:])
	z, ok := m.Predict(engine.Renju, 15, f)
	if !ok || math.Abs(-math.Log(1/(1+math.Exp(-z)))-last) > 1e-4 {
		t.Errorf("the model's loss %v, the head's %v", -math.Log(1/(1+math.Exp(-z))), last)
	}
	odd, _ := engine.New(9, 9, engine.Caro)
	odd.Make(odd.Pos(4, 4))
	if _, _, ok := h.Loss(0, odd, stats, 1, nil, 1); ok {
		t.Error("a caro board was valued")
	}
	if _, err := NewJointHead(m, m, 1); err == nil {
		t.Error("a Trunk model was taken as the leaf value")
	}
}
