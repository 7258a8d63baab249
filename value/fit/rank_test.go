package fit

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
)

// TestChoicesAreThePositionsAfterTheMoves: each kept choice's first kid is
// the position after the move played, recomputed on a fresh board, and
// its rivals are the positions after distinct legal near moves, each
// recomputed the same way; replaying leaves nothing behind (the same
// choices a second time).
func TestChoicesAreThePositionsAfterTheMoves(t *testing.T) {
	for _, r := range []engine.Rule{engine.Freestyle, engine.Renju} {
		games := randomGames(7, r, 6)
		ptrs := make([]*nn.Game, len(games))
		for i := range games {
			ptrs[i] = &games[i]
		}
		take := func(gi int) []bool { return ChoosePlies(ptrs[gi], 3, 9, uint64(gi)) }
		cs, st := Choices(ptrs, take, SampleOptions{})
		if len(cs) == 0 || st.Kept != len(cs) || st.Positions != st.Kept+st.Settled {
			t.Fatalf("%v: %d choices, stats %+v", r, len(cs), st)
		}
		again, _ := Choices(ptrs, take, SampleOptions{})
		if len(again) != len(cs) {
			t.Fatalf("%v: a second pass kept %d choices, the first %d", r, len(again), len(cs))
		}
		// Recompute the first game's choices from scratch.
		var buf [value.MaxFeatures]float32
		ci := 0
		for gi, g := range ptrs {
			marks := take(gi)
			for ply := range g.Moves {
				if !marks[ply] || ci >= len(cs) {
					continue
				}
				b, _ := engine.New(g.W, g.H, r)
				for _, m := range g.Moves[:ply] {
					b.Make(b.Pos(m.X, m.Y))
				}
				if b.Winner() != engine.Empty {
					break
				}
				played := b.Pos(g.Moves[ply].X, g.Moves[ply].Y)
				var want []Sparse
				for _, p := range append([]engine.Pos{played}, nearMoves(b)...) {
					if len(want) > 0 && p == played {
						continue
					}
					c := b.Clone()
					c.Make(p)
					e := eval.Attach(c)
					s := e.Evaluate()
					if _, exact := value.Exact(s); exact {
						if p == played {
							break
						}
						continue
					}
					want = append(want, SparseOf(value.Extract(value.Codes, e, s, buf[:])))
				}
				if len(want) < 2 {
					continue // settled, not kept
				}
				got := cs[ci]
				ci++
				if len(got.Kids) != len(want) {
					t.Fatalf("%v game %d ply %d: %d kids, want %d", r, gi, ply, len(got.Kids), len(want))
				}
				for k := range want {
					if !slices.Equal(got.Kids[k].Idx, want[k].Idx) || !slices.Equal(got.Kids[k].Val, want[k].Val) {
						t.Fatalf("%v game %d ply %d kid %d: features differ from the recomputed ones", r, gi, ply, k)
					}
				}
			}
		}
		if ci != len(cs) {
			t.Fatalf("%v: recomputed %d choices, got %d", r, ci, len(cs))
		}
	}
}

// TestNearMoves: the cells within two of a stone, empty and legal.
func TestNearMoves(t *testing.T) {
	b, _ := engine.New(15, 15, engine.Freestyle)
	b.Make(b.Pos(0, 0))
	got := nearMoves(b)
	if len(got) != 8 { // a 3x3 corner block less the stone
		t.Fatalf("%d near moves of a corner stone, want 8", len(got))
	}
	b.Make(b.Pos(7, 7))
	if got := nearMoves(b); len(got) != 8+24 {
		t.Fatalf("%d near moves, want 32", len(got))
	}
}

// randomChoice makes a choice of k kids over d features with a few
// non-zero counts each.
func randomChoice(rng *rand.Rand, d, k int) *Choice {
	c := &Choice{}
	for range k {
		var f Sparse
		for i := range d {
			if i == 0 || rng.IntN(3) == 0 {
				f.Idx = append(f.Idx, uint16(i))
				f.Val = append(f.Val, float32(1+rng.IntN(3)))
			}
		}
		c.Kids = append(c.Kids, f)
	}
	return c
}

// TestTunerGradients: the analytic gradients of the choices' loss and the
// results' log-loss (parameters and gain) match central differences.
func TestTunerGradients(t *testing.T) {
	const d, h = 6, 3
	rng := rand.New(rand.NewPCG(3, 4))
	p := make([]float64, d+d*h+2*h)
	for i := range p {
		p[i] = rng.NormFloat64() * 0.5
	}
	c := randomChoice(rng, d, 5)
	r := &Labelled{F: randomChoice(rng, d, 1).Kids[0], Y: 0.7}
	loss := func(p []float64, beta float64) float64 {
		tt := newTuner(p, d, h)
		tt.beta = beta
		l, _ := tt.choice(c, 0)
		return 0.8*l + 0.6*tt.result(r, 0)
	}
	tt := newTuner(p, d, h)
	tt.beta = 1.7
	tt.choice(c, 0.8)
	tt.result(r, 0.6)
	const eps = 1e-6
	for i := range p {
		q := append([]float64(nil), p...)
		q[i] += eps
		up := loss(q, 1.7)
		q[i] -= 2 * eps
		num := (up - loss(q, 1.7)) / (2 * eps)
		if math.Abs(num-tt.grads[i]) > 1e-5*max(1, math.Abs(num)) {
			t.Errorf("parameter %d: gradient %.8f, central difference %.8f", i, tt.grads[i], num)
		}
	}
	num := (loss(p, 1.7+eps) - loss(p, 1.7-eps)) / (2 * eps)
	if math.Abs(num-tt.gbeta) > 1e-5*max(1, math.Abs(num)) {
		t.Errorf("gain: gradient %.8f, central difference %.8f", tt.gbeta, num)
	}
}

// TestTuneLearnsTheChoice: choices whose played move alone has feature 1
// are learned (top-1 from chance to all), deterministically, and Score
// agrees with the tuner.
func TestTuneLearnsTheChoice(t *testing.T) {
	const d, h = 5, 2
	rng := rand.New(rand.NewPCG(5, 6))
	var cs []*Choice
	for range 200 {
		c := randomChoice(rng, d, 4)
		for k := range c.Kids {
			f := &c.Kids[k]
			i := slices.Index(f.Idx, 1)
			switch {
			case k == 0 && i < 0:
				f.Idx = slices.Insert(f.Idx, 1, 1)
				f.Val = slices.Insert(f.Val, 1, 1)
			case k > 0 && i >= 0:
				f.Idx = slices.Delete(f.Idx, i, i+1)
				f.Val = slices.Delete(f.Val, i, i+1)
			}
		}
		cs = append(cs, c)
	}
	p0 := make([]float64, d+d*h+2*h)
	before := Score(p0, d, h, 1, cs, nil)
	o := TuneOptions{Epochs: 20, Batch: 16, LR: 0.05, RankWeight: 1, Beta: 1, Seed: 1}
	p, beta, err := Tune(p0, d, h, cs, nil, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	after := Score(p, d, h, beta, cs, nil)
	if after.Top1 != 1 || after.RankLoss >= before.RankLoss/2 {
		t.Fatalf("before %+v, after %+v", before, after)
	}
	// The played move's feature 1 lowers the opponent's value: its
	// logit weight is negative.
	if p[1] >= 0 {
		t.Errorf("weight of the played move's feature %.3f, want negative", p[1])
	}
	p2, beta2, _ := Tune(p0, d, h, cs, nil, o, nil)
	if !slices.Equal(p, p2) || beta != beta2 {
		t.Error("the same tuning gave different parameters")
	}
	if _, _, err := Tune(p0, d, h, nil, nil, o, nil); err == nil {
		t.Error("no choices: no error")
	}
}
