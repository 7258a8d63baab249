package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestForcedSearchKeepsTheTree: after a forced block under a turn limit,
// the player with Forced on plays the block, searches the position after
// it (a "forced" line naming the block and the reply it expects), and the
// next move, after that reply, starts from the kept subtree; with Forced
// off the block is played at once and the next move starts afresh.
func TestForcedSearchKeepsTheTree(t *testing.T) {
	// White's a1-d1 four: black must block at e1.
	const moves = "h8a1j10b1g6c1k7d1"
	for _, forced := range []int{1, -1} {
		b := testpos.Board(t, 15, engine.Freestyle, moves)
		var lines []string
		lim := kakugoTimed(time.Second)
		lim.Info = func(s string) { lines = append(lines, s) }
		k := NewKakugo(KakugoOptions{Seed: 3, Forced: forced})
		m := k.Move(context.Background(), b, lim)
		if got := engine.FormatMove(b.XY(m)); got != "e1" {
			t.Fatalf("forced %d: played %s, want the block e1", forced, got)
		}
		var line string
		for _, s := range lines {
			if strings.HasPrefix(s, "forced ") {
				line = s
			}
		}
		if forced < 0 {
			if line != "" {
				t.Errorf("forced off, yet %q", line)
			}
			b.Make(m)
			b.Make(b.Pos(7, 0)) // any reply: nothing was kept
			k.Move(context.Background(), b, kakugoNodes(300))
			if k.stats.reused != 0 {
				t.Errorf("forced off: the next move reused %d visits", k.stats.reused)
			}
			continue
		}
		if !strings.HasPrefix(line, "forced e1 ") {
			t.Fatalf("forced on: no search after the block (lines %q)", lines)
		}
		_, exp, ok := strings.Cut(line, "| expects ")
		if !ok {
			t.Skipf("the search after the block got no playout (a loaded machine?): %q", line)
		}
		b.Make(m)
		pt, err := engine.ParseMoves(exp)
		if err != nil || len(pt) != 1 {
			t.Fatalf("expected reply %q: %v", exp, err)
		}
		reply := b.Pos(pt[0].X, pt[0].Y)
		if !b.Legal(reply) {
			t.Fatalf("expected reply %s is not legal", exp)
		}
		b.Make(reply)
		k.Move(context.Background(), b, kakugoNodes(300))
		if k.stats.reused == 0 {
			t.Errorf("forced on: the next move after %s did not reuse the search after the block", exp)
		}
	}
}
