package selfplay

import (
	"github.com/kakugo/kakugo/protocol/manager"

	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// TestDrawByVisits: draw never picks an unvisited move, picks in
// proportion to visits^(1/t), sharpens as t falls, and reports false when
// nothing was visited.
func TestDrawByVisits(t *testing.T) {
	roots := []search.RootMove{{Move: 10, Visits: 100}, {Move: 20, Visits: 0}, {Move: 30, Visits: 300}}
	rng := rand.New(rand.NewPCG(1, 2))
	count := func(temp float64) map[engine.Pos]int {
		n := map[engine.Pos]int{}
		for range 4000 {
			m, ok := draw(rng, roots, temp)
			if !ok {
				t.Fatal("no move drawn")
			}
			n[m]++
		}
		return n
	}
	n := count(1)
	if n[20] != 0 {
		t.Errorf("the unvisited move was drawn %d times", n[20])
	}
	if n[10] < 850 || n[10] > 1150 { // 1,000 expected of 4,000
		t.Errorf("t=1: %d draws of the move with a quarter of the visits", n[10])
	}
	if cold := count(0.25); cold[10] >= n[10]/4 { // (1/3)^4 of the other: about 49
		t.Errorf("t=0.25: %d draws of the weaker move, t=1: %d", cold[10], n[10])
	}
	if _, ok := draw(rng, []search.RootMove{{Move: 1}}, 1); ok {
		t.Error("a move was drawn with no visits at all")
	}
}

// TestRandomPliesDefault: a negative count is 6 random plies without
// openings and none with them; a count given is kept.
func TestRandomPliesDefault(t *testing.T) {
	open := []manager.Opening{{}}
	for _, tc := range []struct {
		plies    int
		openings []manager.Opening
		want     int
	}{{-1, nil, 6}, {-1, open, 0}, {0, nil, 0}, {3, open, 3}} {
		c := Config{RandomPlies: tc.plies, Openings: tc.openings}
		if got := c.randomPlies(); got != tc.want {
			t.Errorf("%d with %d openings: %d, want %d", tc.plies, len(tc.openings), got, tc.want)
		}
	}
}
