package players

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// TestEveryPlayerPlaysLegally plays every registered player through whole
// games against the interim player, on every rule, with both colours
// across the rules, on 15x15 and on a rectangular board: every move must be
// legal (never an occupied cell, never a renju forbidden point for black),
// and each game runs to a five or a full board. The search players run on a
// fixed playout budget so that the test does not depend on the clock.
func TestEveryPlayerPlaysLegally(t *testing.T) {
	sizes := [][2]int{{15, 15}, {12, 9}}
	for _, spec := range List() {
		t.Run(spec.Name, func(t *testing.T) {
			if testing.Short() && spec.Name != List()[0].Name && spec.Name != "greedy" {
				t.Skip("short: only the default and greedy")
			}
			for ri, rule := range engine.Rules {
				for si, sz := range sizes {
					if testing.Short() && si > 0 {
						continue
					}
					me, err := New(spec.Name, int64(ri), "", io.Discard)
					if err != nil {
						t.Fatal(err)
					}
					other, _ := New("interim", 0, "", io.Discard)
					black, white := me, other
					if (ri+si)%2 == 1 {
						black, white = other, me
					}
					b, err := engine.New(sz[0], sz[1], rule)
					if err != nil {
						t.Fatal(err)
					}
					lim := search.Limits{Turn: time.Second, Match: search.Unlimited, Left: search.Unlimited, MaxNodes: 200}
					for b.Winner() == engine.Empty && !b.Full() {
						p := black
						if b.SideToMove() == engine.White {
							p = white
						}
						lim.Start = time.Now()
						m := p.Move(context.Background(), b, lim)
						if !b.Legal(m) {
							who := "interim"
							if p == me {
								who = spec.Name
							}
							t.Fatalf("%v %dx%d: %s played an illegal move %d after %d moves", rule, sz[0], sz[1], who, m, b.MoveCount())
						}
						b.Make(m)
					}
				}
			}
		})
	}
}
