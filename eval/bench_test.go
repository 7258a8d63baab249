package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// midGame plays a fixed pseudo-random game of n stones near each other on
// a w x h board, skipping moves that would make a five, and returns the
// board and the free cells within two of a stone (the moves a search
// tries).
func midGame(tb testing.TB, w, h int, r engine.Rule, n int) (*engine.Board, []engine.Pos) {
	tb.Helper()
	b, err := engine.New(w, h, r)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(w), uint64(n)))
	b.Make(b.Pos(w/2, h/2))
	for b.MoveCount() < n {
		p := randomNear(b, rng)
		if b.IsFive(p, b.SideToMove()) || b.IsFive(p, b.SideToMove().Opp()) || !b.Legal(p) {
			continue
		}
		b.Make(p)
	}
	var cand []engine.Pos
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			near := false
			for dy := -2; dy <= 2 && !near; dy++ {
				for dx := -2; dx <= 2 && !near; dx++ {
					if b.OnBoard(x+dx, y+dy) && b.At(b.Pos(x+dx, y+dy)) != engine.Empty {
						near = true
					}
				}
			}
			if near {
				cand = append(cand, p)
			}
		}
	}
	return b, cand
}

func benchMakeUndo(b *testing.B, size int, r engine.Rule, attach bool) {
	benchMakeUndoFrozen(b, size, r, attach, false)
}

// benchMakeUndoFrozen is benchMakeUndo with the monomials optionally
// frozen, as the winning search runs the evaluator (Freeze).
func benchMakeUndoFrozen(b *testing.B, size int, r engine.Rule, attach, frozen bool) {
	bd, cand := midGame(b, size, size, r, 40)
	if attach {
		Attach(bd).Freeze(frozen)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.Make(cand[i%len(cand)])
		bd.Undo()
	}
}

func BenchmarkMakeUndoBare15(b *testing.B)      { benchMakeUndo(b, 15, engine.Freestyle, false) }
func BenchmarkMakeUndoEval15(b *testing.B)      { benchMakeUndo(b, 15, engine.Freestyle, true) }
func BenchmarkMakeUndoBare20(b *testing.B)      { benchMakeUndo(b, 20, engine.Freestyle, false) }
func BenchmarkMakeUndoEval20(b *testing.B)      { benchMakeUndo(b, 20, engine.Freestyle, true) }
func BenchmarkMakeUndoBareRenju15(b *testing.B) { benchMakeUndo(b, 15, engine.Renju, false) }
func BenchmarkMakeUndoEvalRenju15(b *testing.B) { benchMakeUndo(b, 15, engine.Renju, true) }

// The winning search's evaluator: the monomials frozen.
func BenchmarkMakeUndoFrozen15(b *testing.B) {
	benchMakeUndoFrozen(b, 15, engine.Freestyle, true, true)
}
func BenchmarkMakeUndoFrozenRenju15(b *testing.B) {
	benchMakeUndoFrozen(b, 15, engine.Renju, true, true)
}

func BenchmarkEvaluate15(b *testing.B) {
	bd, _ := midGame(b, 15, 15, engine.Freestyle, 40)
	e := Attach(bd)
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += e.Evaluate()
	}
	_ = s
}

func BenchmarkNewFromScratch15(b *testing.B) {
	bd, _ := midGame(b, 15, 15, engine.Freestyle, 40)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		New(bd)
	}
}

// BenchmarkWeightedPotential15 asks the tree search's most called query
// for every candidate of a 40-stone position, for both colours.
func BenchmarkWeightedPotential15(b *testing.B) {
	bd, cand := midGame(b, 15, 15, engine.Freestyle, 40)
	e := Attach(bd)
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		for _, p := range cand {
			sum += e.WeightedPotential(p, engine.Black) + e.WeightedPotential(p, engine.White)
		}
	}
	if sum < 0 {
		b.Fatal("negative potential")
	}
}
