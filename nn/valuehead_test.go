package nn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// logisticHead is a value head for tests: a fixed logistic model of the
// channel statistics (the last two, the policy's top logit and entropy,
// weigh nothing: the head's gradient does not reach the policy through
// them), with no parameters of its own.
type logisticHead struct {
	w     []float32
	steps int
}

func (h *logisticHead) Loss(_ int, _ *engine.Board, stats []float32, target float64, dStats []float32, scale float32) (float64, bool, bool) {
	var z float64
	for i, x := range stats {
		z += float64(h.w[i]) * float64(x)
	}
	p := 1 / (1 + math.Exp(-z))
	loss := -(target*math.Log(p) + (1-target)*math.Log(1-p))
	for i := range dStats {
		dStats[i] = scale * float32(p-target) * h.w[i]
	}
	return loss, (p > 0.5) == (target > 0.5), true
}

func (h *logisticHead) Step(float64) { h.steps++ }

// TestValueHeadGradient: with a value head, the gradient the backward pass
// adds is that of the policy's loss plus the value's weight times the
// head's log-loss, through every layer of the trunk (central finite
// differences, as TestGradientCheck; the channel maxima add kinks of
// their own, so one miss in twelve is allowed there too).
func TestValueHeadGradient(t *testing.T) {
	a := Arch{Features: BasicName, Planes: basicPlanes, Channels: 4, Blocks: 2, StemKernel: 3, BlockKernel: 3, HeadKernel: 3}
	rng := rand.New(rand.NewPCG(17, 3))
	net, err := NewRandom(a, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range net.params {
		net.params[i] += float32(rng.NormFloat64() * 0.05)
	}
	head := &logisticHead{w: make([]float32, StatsLen(a))}
	for i := 0; i < 2*a.Channels; i++ {
		head.w[i] = float32(rng.NormFloat64())
	}
	const weight = 2.0
	for _, target := range []float64{1, 0} {
		b := randomGame(t, rng, 8, 8, engine.Freestyle, 10)
		var mv engine.Point
		for {
			mv = engine.Point{X: rng.IntN(8), Y: rng.IntN(8)}
			if b.Legal(b.Pos(mv.X, mv.Y)) {
				break
			}
		}
		s := newSampler(NewBasic(), defaultKernels())
		s.head, s.vtarget, s.vweight = head, target, weight
		grad := make([]float32, net.NumParams())
		o, ok := s.run(net, b, mv, grad, 1)
		if !ok || !o.valued {
			t.Fatal("the position was not valued")
		}
		obj := func() float64 {
			o, _ := s.run(net, b, mv, nil, 0)
			return o.loss + weight*o.vloss
		}
		// The value's share must be there: without the head the gradient
		// differs.
		plain := newSampler(NewBasic(), defaultKernels())
		g0 := make([]float32, net.NumParams())
		plain.run(net, b, mv, g0, 1)
		differs := false
		for i := range grad {
			differs = differs || math.Abs(float64(grad[i]-g0[i])) > 1e-6
		}
		if !differs {
			t.Errorf("target %v: the value head changed no gradient", target)
		}
		for _, l := range net.layers {
			bad := 0
			for j := 0; j < 12; j++ {
				i := l.wOff + rng.IntN(len(l.w)+len(l.b))
				ana := float64(grad[i])
				ok := false
				var num float64
				for _, eps := range []float32{1e-3, 3e-4} {
					orig := net.params[i]
					net.params[i] = orig + eps
					lp := obj()
					net.params[i] = orig - eps
					lm := obj()
					net.params[i] = orig
					num = (lp - lm) / float64(2*eps)
					if math.Abs(num-ana) <= 3e-3+3e-2*math.Abs(ana) {
						ok = true
						break
					}
				}
				if !ok {
					bad++
					t.Logf("target %v %s[%d]: analytic %.6f, numeric %.6f", target, l.name, i-l.wOff, ana, num)
				}
			}
			if bad > 1 {
				t.Errorf("target %v: %s: %d of 12 gradients off", target, l.name, bad)
			}
		}
	}
}

// TestValueTarget: the result for the side to move, black first.
func TestValueTarget(t *testing.T) {
	for _, c := range []struct {
		r    Result
		ply  int
		want float64
	}{
		{ResultBlack, 0, 1}, {ResultBlack, 3, 0}, {ResultWhite, 4, 0}, {ResultWhite, 7, 1},
		{ResultDraw, 2, 0.5}, {ResultUnknown, 2, -1},
	} {
		if got := valueTarget(&Game{Result: c.r}, c.ply); got != c.want {
			t.Errorf("result %v ply %d: %v, want %v", c.r, c.ply, got, c.want)
		}
	}
}
