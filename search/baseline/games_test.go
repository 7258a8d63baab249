package baseline

import (
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// gameSizes are the boards every player is played on: the two tournament
// sizes and a small rectangular one.
var gameSizes = [][2]int{{15, 15}, {20, 20}, {9, 7}}

// gameLimits gives a small turn time: the searching players get a couple of
// milliseconds a move and must stay legal when cut short.
var gameLimits = search.Limits{Turn: 8 * time.Millisecond, Match: search.Unlimited, Left: search.Unlimited}

// TestGamesAgainstInterim plays every baseline against the interim player
// with both colours under every rule and on every size (with -short, one
// colour each time, alternating), checking every move for legality and the
// board for changes, and that each game ends in a five or a full board.
func TestGamesAgainstInterim(t *testing.T) {
	for _, m := range baselines {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			wins, games := 0, 0
			for ri, r := range engine.Rules {
				for si, sz := range gameSizes {
					for colour := range 2 {
						if (ri+si+colour)%2 == 1 && testing.Short() {
							continue
						}
						games++
						b := newBoard(t, sz[0], sz[1], r)
						me, other := m.make(int64(colour)), interim.make(0)
						black, white := me, other
						if colour == 1 {
							black, white = other, me
						}
						g := playGame(t, b, black, white, gameLimits)
						if g.winner == engine.Empty && !b.Full() {
							t.Fatalf("game stopped with no winner on a board that is not full")
						}
						if (g.winner == engine.Black) == (colour == 0) && g.winner != engine.Empty {
							wins++
						}
					}
				}
			}
			t.Logf("%s won %d of %d games against interim", m.name, wins, games)
		})
	}
}

// TestGamesBetweenBaselines plays each pair of baselines from random
// two-stone openings under freestyle and renju.
func TestGamesBetweenBaselines(t *testing.T) {
	for _, r := range []engine.Rule{engine.Freestyle, engine.Renju} {
		t.Run(r.String(), func(t *testing.T) {
			t.Parallel()
			rng := newRand(int64(r) + 11)
			for i, a := range baselines {
				for _, c := range baselines[i+1:] {
					for colour := range 2 {
						b := newBoard(t, 15, 15, r)
						randomOpening(b, rng, 2)
						black, white := a.make(int64(colour)), c.make(int64(colour))
						if colour == 1 {
							black, white = white, black
						}
						g := playGame(t, b, black, white, gameLimits)
						t.Logf("%s vs %s (colour %d): %v in %d moves", a.name, c.name, colour, g.winner, len(g.moves))
					}
				}
			}
		})
	}
}
