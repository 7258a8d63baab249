package mcts

import (
	"math"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

func TestPriorDistClass(t *testing.T) {
	for _, c := range []struct {
		x, y, ox, oy, want int
	}{
		{7, 7, 6, 6, 0},     // touching
		{7, 7, 7, 5, 1},     // two away
		{3, 7, 7, 5, 3},     // Chebyshev: the larger offset
		{7, 7, 12, 7, 4},    // five away: the fifth class
		{0, 0, 14, 14, 5},   // six or more: the last
		{7, 7, -1000, 0, 5}, // no such move
	} {
		if got := priorDistClass(c.x, c.y, c.ox, c.oy); got != c.want {
			t.Errorf("priorDistClass(%d,%d from %d,%d) = %d, want %d", c.x, c.y, c.ox, c.oy, got, c.want)
		}
	}
}

// A position symmetric about the middle column except for the move order:
// the two mirror cells have equal combos and potentials, so the classic
// logits tie and the near logits differ by exactly the distance classes'
// weights of the move before the last (the last is as far from both).
func TestPriorNearReadsRecentMoves(t *testing.T) {
	b, err := engine.New(15, 15, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct{ x, y int }{{3, 7}, {7, 3}, {11, 7}, {7, 11}} {
		b.Make(b.Pos(m.x, m.y))
	}
	e := eval.Attach(b)
	defer e.Detach()
	me := b.SideToMove()
	left, right := b.Pos(4, 7), b.Pos(10, 7) // next to black's two stones
	if e.Combo(left, me) != e.Combo(right, me) || e.WeightedPotential(left, me) != e.WeightedPotential(right, me) ||
		e.WeightedPotential(left, me.Opp()) != e.WeightedPotential(right, me.Opp()) {
		t.Fatal("the mirror cells differ on the evaluator: the test's position is wrong")
	}
	classic := newPriorCtx(&priorClassic, b)
	if l, r := classic.logit(e, left, me, me.Opp()), classic.logit(e, right, me, me.Opp()); l != r {
		t.Errorf("classic logits %v and %v: want them equal (no recent-move term)", l, r)
	}
	near := newPriorCtx(&priorNear, b)
	l, r := near.logit(e, left, me, me.Opp()), near.logit(e, right, me, me.Opp())
	// The last move (7,11) is 4 from both; the one before it (11,7) is 1
	// from right and 7 from left.
	want := priorNear.prev[0] - priorNear.prev[5]
	if d := r - l; d < want-1e-5 || d > want+1e-5 {
		t.Errorf("near logits: right - left = %v, want %v", d, want)
	}
	if priorModelFor(PriorDefault) != &priorNear || priorModelFor(PriorNear) != &priorNear || priorModelFor(PriorClassic) != &priorClassic {
		t.Error("priorModelFor: wrong model")
	}
}

// A game whose every move touches the last one: each sample's label is the
// row of the move played, the fit raises the training likelihood and learns
// that touching the last move is likely, and two fits agree exactly.
func TestPriorSamplesAndFit(t *testing.T) {
	samples := spiralSamples(t)
	for i, s := range samples {
		if r := s.rows[s.label]; r.dl != 0 {
			t.Errorf("sample %d: the played move's row has distance class %d from the last move, want 0", i, r.dl)
		}
	}
	all := func(*PriorSample) bool { return true }
	before := ClassicPrior().Score(samples, all)
	var first, last float64
	fit := FitPrior(samples, PriorFitOptions{Steps: 40, LR: 0.05}, func(step int, ll float64) {
		if step == 1 {
			first = ll
		}
		last = ll
	})
	after := fit.Score(samples, all)
	for _, sc := range []PriorScore{before, after} {
		if sc.N != len(samples) || !(sc.Top1 <= sc.Top5 && sc.Top5 <= sc.InWidth && sc.InWidth <= 1) ||
			sc.Past20 < 0 || sc.Past20 > 1-sc.Top5 || !(sc.Entropy > 0) {
			t.Errorf("inconsistent score %+v", sc)
		}
	}
	if first != before.LogLik || !(last > first) || !(after.LogLik > before.LogLik) {
		t.Errorf("log-likelihood: classic %.4f, first step %.4f, last %.4f, fitted %.4f", before.LogLik, first, last, after.LogLik)
	}
	if !(fit.w[pwLast] > fit.w[pwLast+priorDist-1]) {
		t.Errorf("touching the last move weighs %.3f, far from it %.3f: want more", fit.w[pwLast], fit.w[pwLast+priorDist-1])
	}
	if again := FitPrior(samples, PriorFitOptions{Steps: 40, LR: 0.05}, nil); again != fit {
		t.Error("two fits of the same samples differ")
	}
	if NearPrior().String() == ClassicPrior().String() || !strings.Contains(NearPrior().String(), "eval.ComboFourThree: 2.841") {
		t.Errorf("String: %s", NearPrior())
	}
}

// spiralSamples are the samples of a game whose every move touches the
// last one, from its third move on.
func spiralSamples(t *testing.T) []PriorSample {
	t.Helper()
	b, err := engine.New(15, 15, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	var moves []engine.Pos
	x, y := 7, 7
	dirs := [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	for leg := 0; len(moves) < 14; leg++ { // a spiral: legs of 1, 1, 2, 2, 3, 3, ...
		for range leg/2 + 1 {
			moves = append(moves, b.Pos(x, y))
			x, y = x+dirs[leg%4][0], y+dirs[leg%4][1]
		}
	}
	samples, missing := PriorSamples(b, moves, 2, 1, 0)
	// (A move that leaves an open three standing is no candidate: the tree
	// lists only the blocks and the fours then.)
	if len(samples) < 4 || len(samples)+missing > 12 {
		t.Fatalf("%d samples, %d missing", len(samples), missing)
	}
	if b.MoveCount() != len(moves) {
		t.Fatalf("PriorSamples replayed %d of %d moves", b.MoveCount(), len(moves))
	}
	return samples
}

// The rich fit's weights: they stay 0 unless Rich, move when Rich, and the
// pair table's L2 penalty shrinks that table.
func TestPriorFitRich(t *testing.T) {
	samples := spiralSamples(t)
	plain := FitPrior(samples, PriorFitOptions{Steps: 40, LR: 0.05}, nil)
	for k := priorNearParams; k < priorParams; k++ {
		if plain.w[k] != 0 {
			t.Fatalf("without Rich, weight %d is %v: want 0", k, plain.w[k])
		}
	}
	all := func(*PriorSample) bool { return true }
	rich := FitPrior(samples, PriorFitOptions{Steps: 40, LR: 0.05, Rich: true}, nil)
	if !(rich.Score(samples, all).LogLik > plain.Score(samples, all).LogLik) {
		t.Errorf("training log-likelihood: rich %.4f, near's form %.4f: want rich higher",
			rich.Score(samples, all).LogLik, plain.Score(samples, all).LogLik)
	}
	norm := func(f PriorFit) (s float64) {
		for _, v := range f.w[pwPair:pwAdj] {
			s += v * v
		}
		return s
	}
	damped := FitPrior(samples, PriorFitOptions{Steps: 40, LR: 0.05, Rich: true, PairL2: 1}, nil)
	if !(norm(rich) > 0) || !(norm(damped) < norm(rich)) {
		t.Errorf("the pair table's squared norm: %.4f without the penalty, %.4f with it", norm(rich), norm(damped))
	}
}

// The search's rich logits (priorCtx.logit) are the fit's (PriorFit.logit
// of RichPrior on the rows PriorSamples writes) at every position of a
// game, on both rules: what train-prior measured is what the tree plays.
func TestPriorRichLogitsAreTheFits(t *testing.T) {
	moves := [][2]int{{7, 7}, {8, 8}, {8, 6}, {6, 8}, {9, 5}, {10, 4}, {7, 5}, {6, 6}, {7, 6}, {7, 4},
		{9, 7}, {5, 7}, {6, 5}, {9, 6}, {8, 4}, {9, 3}}
	fit := RichPrior()
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		b, err := engine.New(15, 15, rule)
		if err != nil {
			t.Fatal(err)
		}
		e := eval.Attach(b)
		near := newMctsNear(b)
		b.Attach(near)
		gen := newMctsGen(b, nil)
		checked := 0
		for _, m := range moves {
			p := b.Pos(m[0], m[1])
			if b.MoveCount() > 0 {
				cands, out := gen.candidates(e, near, 0)
				if out == mctsMoves && len(cands) >= 2 {
					played := make([]engine.Pos, len(cands))
					for i, c := range cands {
						played[i] = c.p
					}
					s, ok, _ := priorSample(e, gen, near, played[0])
					if !ok || len(s.rows) != len(played) {
						t.Fatalf("%v ply %d: sample ok %v with %d rows for %d candidates", rule, b.MoveCount(), ok, len(s.rows), len(played))
					}
					ctx := newPriorCtx(&priorRich, b)
					me := b.SideToMove()
					for j, q := range played {
						want := fit.logit(&s.rows[j])
						if got := float64(ctx.logit(e, q, me, me.Opp())); math.Abs(got-want) > 1e-3 {
							t.Errorf("%v ply %d %v: the search's logit %.4f, the fit's %.4f", rule, b.MoveCount(), q, got, want)
						}
					}
					checked++
				}
			}
			b.Make(p)
		}
		b.Detach(near)
		e.Detach()
		if checked < 8 {
			t.Errorf("%v: %d positions checked, want 8 or more", rule, checked)
		}
	}
}
