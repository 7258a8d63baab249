package search

import (
	"context"
	"testing"

	"github.com/kakugo/kakugo/search/mcts"
)

// TestKakugoProgress checks the snapshots a watcher receives: the last is
// final and agrees with the move played, every move's line starts with
// it, the moves come best first, playouts never decrease, and the hook
// leaves the search as it was (same move and work as without it).
func TestKakugoProgress(t *testing.T) {
	for _, pos := range BenchPositions()[:4] {
		b, err := pos.Board()
		if err != nil {
			t.Fatal(err)
		}
		plain := NewKakugo(KakugoOptions{Seed: 3})
		want := plain.Move(context.Background(), b, kakugoNodes(3000))
		wantStats := plain.stats

		var snaps []Progress
		lim := kakugoNodes(3000)
		lim.Progress = func(p Progress) { snaps = append(snaps, p) }
		k := NewKakugo(KakugoOptions{Seed: 3})
		got := k.Move(context.Background(), b, lim)
		if got != want || k.stats.playouts != wantStats.playouts || k.stats.nodes != wantStats.nodes {
			t.Errorf("%s: with progress %v (%d playouts), without %v (%d)", pos.Name, got, k.stats.playouts, want, wantStats.playouts)
		}
		if k.stats.playouts == 0 {
			if len(snaps) != 0 {
				t.Errorf("%s: %d snapshots without a tree search", pos.Name, len(snaps))
			}
			continue
		}
		if len(snaps) == 0 || !snaps[len(snaps)-1].Final {
			t.Fatalf("%s: %d snapshots, the last not final", pos.Name, len(snaps))
		}
		for i, s := range snaps {
			if s.Final != (i == len(snaps)-1) {
				t.Errorf("%s: snapshot %d of %d final=%v", pos.Name, i, len(snaps), s.Final)
			}
			if i > 0 && s.Playouts < snaps[i-1].Playouts {
				t.Errorf("%s: playouts went down: %d then %d", pos.Name, snaps[i-1].Playouts, s.Playouts)
			}
			if len(s.Moves) > mcts.ProgressMoves {
				t.Errorf("%s: %d moves", pos.Name, len(s.Moves))
			}
			for j, m := range s.Moves {
				if len(m.PV) == 0 || m.PV[0] != m.Move || len(m.PV) > mcts.ProgressPV {
					t.Errorf("%s: move %v has line %v", pos.Name, m.Move, m.PV)
				}
				if j > 0 && m.Proof == 0 && s.Moves[j-1].Proof == 0 && m.Visits > s.Moves[j-1].Visits {
					t.Errorf("%s: moves not best first: %+v", pos.Name, s.Moves)
				}
			}
		}
		last := snaps[len(snaps)-1]
		if last.Playouts != k.stats.playouts {
			t.Errorf("%s: final snapshot %d playouts, search %d", pos.Name, last.Playouts, k.stats.playouts)
		}
		// The move check may replace the most visited move, so the move
		// played need only be among the final snapshot's moves.
		found := false
		for _, m := range last.Moves {
			found = found || m.Move == got
		}
		if !found && len(last.Moves) == mcts.ProgressMoves {
			t.Logf("%s: move %v not among the final snapshot's best %d", pos.Name, got, mcts.ProgressMoves)
		} else if !found {
			t.Errorf("%s: move %v not in the final snapshot %+v", pos.Name, got, last.Moves)
		}
	}
}
