package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// TestDeepenFinishOn: the deepening after the move (KakugoOptions.Deepen
// and Finish), the early check (EarlyCheck) and the forced reply's search
// (Forced) are off by default, and when asked for run only where the turn
// alone limits the move: not under a match clock, not under a playout
// limit, whose moves must not depend on the machine's speed.
func TestDeepenFinishOn(t *testing.T) {
	turn := Limits{Turn: time.Second, Match: Unlimited, Left: Unlimited}
	clock := Limits{Turn: time.Second, Match: time.Minute, Left: time.Minute}
	nodes := turn
	nodes.MaxNodes = 1000
	for _, c := range []struct {
		name string
		opt  int
		lim  Limits
		want bool
	}{
		{"default, turn limit", 0, turn, false},
		{"on, turn limit", 1, turn, true},
		{"on, match clock", 1, clock, false},
		{"on, playout limit", 1, nodes, false},
		{"off, turn limit", -1, turn, false},
	} {
		if got := NewKakugo(KakugoOptions{Deepen: c.opt}).deepenOn(c.lim); got != c.want {
			t.Errorf("deepen %s: %v, want %v", c.name, got, c.want)
		}
		if got := NewKakugo(KakugoOptions{Finish: c.opt}).finishOn(c.lim); got != c.want {
			t.Errorf("finish %s: %v, want %v", c.name, got, c.want)
		}
		if got := NewKakugo(KakugoOptions{EarlyCheck: c.opt}).earlyCheckOn(c.lim); got != c.want {
			t.Errorf("early check %s: %v, want %v", c.name, got, c.want)
		}
		if got := NewKakugo(KakugoOptions{Forced: c.opt}).forcedOn(c.lim); got != c.want {
			t.Errorf("forced %s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestFinishDeepensTheMovePlayed: under Finish or Deepen (or both) a
// timed move's deepening, where the move leaves it time (a loaded machine
// may leave none, so its absence is not an error), searches the subtree
// of the move played; with neither no move deepens. (The time a move
// takes is a benchmark's and a match's to measure, not a test's: a
// loaded machine stalls it.)
func TestFinishDeepensTheMovePlayed(t *testing.T) {
	lim := Limits{Turn: 800 * time.Millisecond, Match: Unlimited, Left: Unlimited}
	for _, c := range []struct{ deepen, finish int }{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}} {
		deepened := 0
		for _, pos := range BenchPositions()[:2] {
			b, err := pos.Board()
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			l := lim
			l.Start = time.Now()
			l.Info = func(s string) { lines = append(lines, s) }
			k := NewKakugo(KakugoOptions{Seed: 5, Deepen: c.deepen, Finish: c.finish})
			move := k.Move(context.Background(), b.Clone(), l)
			if !b.Legal(move) {
				t.Fatalf("%s: illegal move %v", pos.Name, move)
			}
			for _, s := range lines {
				if !strings.HasPrefix(s, "deepen ") {
					continue
				}
				deepened++
				if c.deepen < 0 && c.finish < 0 {
					t.Errorf("%s: deepened with Deepen and Finish off: %q", pos.Name, s)
				}
				if want := "deepen " + engine.FormatMove(b.XY(move)) + " "; !strings.HasPrefix(s, want) {
					t.Errorf("%s: %q, but the move played is %v", pos.Name, s, engine.FormatMove(b.XY(move)))
				}
			}
		}
		t.Logf("deepen %d, finish %d: %d of 2 moves deepened", c.deepen, c.finish, deepened)
	}
}
