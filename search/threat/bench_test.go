package threat

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// benchMoves is a position of 30 stones and the free cells near its
// centre, where a threat search makes its moves.
func benchMoves(r engine.Rule) (*engine.Board, []engine.Pos) {
	rng := rand.New(rand.NewPCG(1, 2))
	b := testpos.Random(rng, 15, r, 30)
	var ps []engine.Pos
	for y := 3; y < 12; y++ {
		for x := 3; x < 12; x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty {
				ps = append(ps, p)
			}
		}
	}
	return b, ps
}

// BenchmarkMakeUndo is a move and its undo with each reader attached
// (the evaluator frozen, as the winning search runs it).
func BenchmarkMakeUndo(b *testing.B) {
	for _, r := range []engine.Rule{engine.Freestyle, engine.Renju} {
		b.Run("tracker-"+r.String(), func(b *testing.B) {
			bd, ps := benchMoves(r)
			bd.Attach(New(bd))
			for i := 0; b.Loop(); i++ {
				bd.Make(ps[i%len(ps)])
				bd.Undo()
			}
		})
		b.Run("evaluator-"+r.String(), func(b *testing.B) {
			bd, ps := benchMoves(r)
			ev := eval.Attach(bd)
			ev.Freeze(true)
			for i := 0; b.Loop(); i++ {
				bd.Make(ps[i%len(ps)])
				bd.Undo()
			}
		})
	}
}

// BenchmarkBuild is building a tracker for a position of 30 stones.
func BenchmarkBuild(b *testing.B) {
	bd, _ := benchMoves(engine.Freestyle)
	tr := New(bd)
	for b.Loop() {
		tr.Reset(bd)
	}
}

// BenchmarkMakeUndoBare is a move and its undo on the board alone: what
// every reader's time above includes.
func BenchmarkMakeUndoBare(b *testing.B) {
	bd, ps := benchMoves(engine.Freestyle)
	for i := 0; b.Loop(); i++ {
		bd.Make(ps[i%len(ps)])
		bd.Undo()
	}
}
