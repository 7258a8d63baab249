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
