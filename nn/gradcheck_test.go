package nn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// randomGame plays n random legal moves on a w x h board.
func randomGame(t testing.TB, rng *rand.Rand, w, h int, rule engine.Rule, n int) *engine.Board {
	t.Helper()
	b, err := engine.New(w, h, rule)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		for try := 0; try < 100; try++ {
			x, y := rng.IntN(w), rng.IntN(h)
			if p := b.Pos(x, y); b.Legal(p) && !b.IsFive(p, b.SideToMove()) {
				b.Make(p)
				break
			}
		}
	}
	return b
}

// TestGradientCheck compares the hand-written gradients with central finite
// differences for every layer of networks that use each layer type: 3x3 and
// 1x1 convolutions, ReLU, the residual sum and the masked softmax loss.
func TestGradientCheck(t *testing.T) {
	archs := []Arch{
		{Features: BasicName, Planes: basicPlanes, Channels: 4, Blocks: 2, StemKernel: 3, BlockKernel: 3, HeadKernel: 3},
		{Features: BasicName, Planes: basicPlanes, Channels: 5, Blocks: 1, StemKernel: 1, BlockKernel: 1, HeadKernel: 1},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for ai, a := range archs {
		net, err := NewRandom(a, uint64(ai)+1)
		if err != nil {
			t.Fatal(err)
		}
		// Larger second convolutions than NewRandom gives, so that every
		// layer's gradient is well above the finite-difference noise.
		for i := range net.params {
			net.params[i] += float32(rng.NormFloat64() * 0.05)
		}
		for _, k := range allKernels() {
			for _, sz := range [][2]int{{7, 7}, {9, 6}} {
				b := randomGame(t, rng, sz[0], sz[1], engine.Renju, 12)
				var target engine.Point
				for {
					target = engine.Point{X: rng.IntN(sz[0]), Y: rng.IntN(sz[1])}
					if b.Legal(b.Pos(target.X, target.Y)) {
						break
					}
				}
				s := newSampler(NewBasic(), k)
				grad := make([]float32, net.NumParams())
				if _, ok := s.run(net, b, target, grad, 1); !ok {
					t.Fatal("target not legal")
				}
				loss := func() float64 {
					o, _ := s.run(net, b, target, nil, 0)
					return o.loss
				}
				for _, l := range net.layers {
					for _, part := range []struct {
						name string
						off  int
						n    int
					}{{l.name + ".w", l.wOff, len(l.w)}, {l.name + ".b", l.bOff, len(l.b)}} {
						bad, checked := 0, 0
						for j := 0; j < 12; j++ {
							i := part.off + rng.IntN(part.n)
							ana := float64(grad[i])
							// Identical empty regions give many cells the same
							// activation, so one step can cross a ReLU kink in
							// all of them at once; a gradient passes when a
							// difference at either step size agrees.
							var num float64
							ok := false
							for _, eps := range []float32{1e-3, 3e-4} {
								orig := net.params[i]
								net.params[i] = orig + eps
								lp := loss()
								net.params[i] = orig - eps
								lm := loss()
								net.params[i] = orig
								num = (lp - lm) / float64(2*eps)
								if math.Abs(num-ana) <= 2e-3+2e-2*math.Abs(ana) {
									ok = true
									break
								}
								// At a kink itself (a pre-activation of exactly
								// zero) the gradient is a one-sided one.
								l0 := loss()
								if math.Abs((lp-l0)/float64(eps)-ana) <= 3e-3+2e-2*math.Abs(ana) ||
									math.Abs((l0-lm)/float64(eps)-ana) <= 3e-3+2e-2*math.Abs(ana) {
									ok = true
									break
								}
							}
							checked++
							if !ok {
								bad++
								t.Logf("%s %v %s[%d]: analytic %.6f, numeric %.6f", k.name, sz, part.name, i-part.off, ana, num)
							}
						}
						// A step can cross a ReLU kink; one miss in twelve is noise,
						// more is a wrong gradient.
						if bad > 1 {
							t.Errorf("arch %d kernels %s board %v: %s: %d of %d gradients off", ai, k.name, sz, part.name, bad, checked)
						}
					}
				}
			}
		}
	}
}
