package search

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestKakugoQuietWin: with QuietWin on and our VCT failing, the player
// plays the quiet candidate after which the opponent cannot stop a VCT
// (the prover's forced answer), asked only of quiet candidates (a closed
// three, a double two, two closed threes); with QuietWin off it never
// asks. Both untimed and under a turn.
func TestKakugoQuietWin(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9j8g10i7")
	e := eval.Attach(b)
	cands := quietCands(b, e, kakugoQuietMoves)
	for _, p := range cands {
		switch e.Combo(p, b.SideToMove()) {
		case eval.ComboThree, eval.ComboDoubleTwo, eval.ComboDoubleClosedThree:
		default:
			t.Fatalf("candidate %s: combo %v is not quiet", engine.FormatMove(b.XY(p)), e.Combo(p, b.SideToMove()))
		}
	}
	e.Detach()
	if len(cands) < 3 {
		t.Fatalf("%d quiet candidates, want several", len(cands))
	}
	q := cands[2] // not the first: the phase goes on past candidates that do not win
	after := b.Clone()
	after.Make(q)
	for _, timed := range []bool{false, true} {
		for _, share := range []int{0, 20} {
			lim := kakugoNodes(3000)
			if timed {
				// A long turn where the phase runs: the fake prover answers
				// at once, so the move comes as soon as the third candidate
				// is asked, but each candidate's step (8% of the hard
				// limit) must outlast a stall of a loaded machine, which
				// 2 s (140 ms steps) did not. Off, the tree search may think
				// for the whole turn: 2 s.
				lim = kakugoTimed(2 * time.Second)
				if share > 0 {
					lim = kakugoTimed(60 * time.Second)
				}
			}
			f := &kakugoFakeProver{forcedAt: map[uint64]bool{after.Hash(): true}}
			k := kakugoWithProver(f)
			k.opt.QuietWin = share
			m := k.Move(context.Background(), b, lim)
			switch {
			case share == 0 && f.forceds != 0:
				t.Errorf("off: asked %d times", f.forceds)
			case share > 0 && m != q:
				t.Errorf("on: played %s, want the quiet win %s", engine.FormatMove(b.XY(m)), engine.FormatMove(b.XY(q)))
			case share > 0 && f.forceds != 3:
				t.Errorf("on: asked %d times, want 3 (the candidates up to the win)", f.forceds)
			}
		}
	}
}
