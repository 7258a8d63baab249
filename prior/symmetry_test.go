package prior

import (
	"math"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/search/mcts"
)

// TestSymmetricPriors: one view is Priors; the mean of all of a board's
// views does not depend on which view the board came in (so the priors of
// a position and of its mirror image agree); a rectangle has four views;
// and the evaluator is left on the board itself, as NodeValue needs.
func TestSymmetricPriors(t *testing.T) {
	build, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	pol := build()
	sp, ok := pol.(mcts.SymmetricPolicy)
	if !ok {
		t.Fatal("the network's policy is not a SymmetricPolicy")
	}
	pts := []engine.Point{{X: 7, Y: 7}, {X: 7, Y: 8}, {X: 6, Y: 7}, {X: 6, Y: 9}, {X: 9, Y: 6}, {X: 8, Y: 10}}
	for _, tc := range []struct {
		w, h  int
		rule  engine.Rule
		views int
	}{{15, 15, engine.Freestyle, 8}, {15, 15, engine.Renju, 8}, {20, 20, engine.Freestyle, 8}, {17, 15, engine.Freestyle, 4}} {
		b, err := engine.FromMoves(tc.w, tc.h, tc.rule, pts)
		if err != nil {
			t.Fatal(err)
		}
		moves := []engine.Pos{b.Pos(5, 7), b.Pos(8, 7), b.Pos(7, 9), b.Pos(6, 8), b.Pos(0, 0), b.Pos(10, 11)}
		one, avg := make([]float32, len(moves)), make([]float32, len(moves))
		if !pol.Priors(b, moves, one) {
			t.Fatal("Priors declined")
		}
		single := make([]float32, len(moves))
		if !sp.SymmetricPriors(b, moves, single, 1) {
			t.Fatal("SymmetricPriors(1) declined")
		}
		for i := range one {
			if single[i] != one[i] {
				t.Errorf("%dx%d: one view, move %d: %v, Priors %v", tc.w, tc.h, i, single[i], one[i])
			}
		}
		if !sp.SymmetricPriors(b, moves, avg, 99) { // more than the board has: all of them
			t.Fatal("SymmetricPriors declined")
		}
		if pp := pol.(*netPolicy); pp.key != b.Hash() {
			t.Errorf("%dx%d: the evaluator was left on another position", tc.w, tc.h)
		}
		differs := false
		for s := 1; s < tc.views; s++ {
			var tpts []engine.Point
			for _, p := range pts {
				x, y := nn.Transform(s, p.X, p.Y, tc.w, tc.h)
				tpts = append(tpts, engine.Point{X: x, Y: y})
			}
			tb, err := engine.FromMoves(tc.w, tc.h, tc.rule, tpts)
			if err != nil {
				t.Fatal(err)
			}
			var tmoves []engine.Pos
			for _, m := range moves {
				x, y := b.XY(m)
				tx, ty := nn.Transform(s, x, y, tc.w, tc.h)
				tmoves = append(tmoves, tb.Pos(tx, ty))
			}
			tone, tavg := make([]float32, len(moves)), make([]float32, len(moves))
			pol.Priors(tb, tmoves, tone)
			sp.SymmetricPriors(tb, tmoves, tavg, tc.views)
			for i := range avg {
				if math.Abs(float64(tavg[i]-avg[i])) > 1e-5 {
					t.Errorf("%dx%d %v, view %d, move %d: mean %v, from the original %v", tc.w, tc.h, tc.rule, s, i, tavg[i], avg[i])
				}
				if math.Abs(float64(tone[i]-one[i])) > 1e-4 {
					differs = true
				}
			}
		}
		// Otherwise the test would pass with any policy blind to rotation.
		if !differs {
			t.Errorf("%dx%d: every view gave the same priors", tc.w, tc.h)
		}
	}
}
