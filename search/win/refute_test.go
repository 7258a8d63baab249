package win

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestThreatIsDefendUnchecked: Threat sees the threats Defend sees, its
// candidates hold every move Defend finds safe, and it leaves the board
// and the side to move as they were; where the opponent threatens
// nothing, neither reports a threat.
func TestThreatIsDefendUnchecked(t *testing.T) {
	boards := []*engine.Board{
		testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.White),
		testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10e3f3g3h4h5", "d8d3a1o1a15o15a8o8", engine.White),
		testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.Black),
	}
	for i, rule := range []engine.Rule{engine.Freestyle, engine.Renju, engine.Freestyle, engine.Renju} {
		boards = append(boards, winBusyBoard(t, rule, 24+2*i, uint64(40+i)))
	}
	for i, b := range boards {
		for _, kind := range []proof.Kind{proof.VCF, proof.VCT} {
			ev := eval.Attach(b)
			hash, side := b.Hash(), b.SideToMove()
			cands, threatened, nodes := New(1<<14).Threat(context.Background(), b, ev, kind, time.Time{}, 20000)
			if b.Hash() != hash || b.SideToMove() != side {
				t.Fatalf("board %d: the position was not restored", i)
			}
			safe, dthreat := New(1<<14).Defend(context.Background(), b, ev, kind, time.Time{}, 20000)
			ev.Detach()
			if i < 3 && threatened != (i < 2) {
				t.Errorf("board %d kind %v: threatened %v", i, kind, threatened)
			}
			if threatened != dthreat {
				t.Errorf("board %d kind %v: Threat says %v, Defend %v", i, kind, threatened, dthreat)
				continue
			}
			if threatened && (len(cands) == 0 || nodes <= 0) {
				t.Errorf("board %d kind %v: a threat with %d candidates after %d nodes", i, kind, len(cands), nodes)
			}
			in := map[engine.Pos]bool{}
			for _, p := range cands {
				if !b.Legal(p) {
					t.Errorf("board %d kind %v: illegal candidate %s", i, kind, winCell(b, p))
				}
				in[p] = true
			}
			for _, p := range safe {
				if !in[p] {
					t.Errorf("board %d kind %v: Defend's safe %s is not among Threat's candidates", i, kind, winCell(b, p))
				}
			}
		}
	}
}

// TestForced: white (not to move) has two open threes far apart, so
// black cannot stop both and white wins whatever black plays; with only
// one, black closes it and white has nothing left. The board comes back
// as it was either way.
func TestForced(t *testing.T) {
	build := func(twoThreats bool) *engine.Board {
		b, _ := engine.New(15, 15, engine.Freestyle)
		put := func(c engine.Color, xy ...int) {
			for i := 0; i < len(xy); i += 2 {
				b.Put(b.Pos(xy[i], xy[i+1]), c)
			}
		}
		put(engine.White, 5, 4, 6, 4, 7, 4) // an open three
		if twoThreats {
			put(engine.White, 5, 10, 6, 10, 7, 10) // another
		} else {
			put(engine.White, 14, 4, 0, 10, 14, 10) // lone stones
		}
		put(engine.Black, 0, 0, 14, 0, 0, 14, 14, 14, 7, 14, 14, 7)
		b.SetSideToMove(engine.Black)
		return b
	}
	for _, tc := range []struct {
		two  bool
		want bool
	}{{true, true}, {false, false}} {
		b := build(tc.two)
		ev := eval.Attach(b)
		hash := b.Hash()
		won, nodes := New(1<<16).Forced(context.Background(), b, ev, proof.VCT, time.Time{}, 2_000_000)
		if won != tc.want || nodes <= 0 {
			t.Errorf("two threats %v: won %v after %d nodes, want %v", tc.two, won, nodes, tc.want)
		}
		if b.Hash() != hash || b.SideToMove() != engine.Black {
			t.Errorf("two threats %v: the position was not restored", tc.two)
		}
		if err := ev.Verify(); err != nil {
			t.Error(err)
		}
		// Out of time the answer is no, never a win not searched.
		if won, _ := New(1<<16).Forced(context.Background(), b, ev, proof.VCT, time.Now().Add(-time.Second), 0); won {
			t.Errorf("two threats %v: won with the deadline passed", tc.two)
		}
		ev.Detach()
	}
}
