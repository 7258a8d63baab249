package eval

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

func TestMonomialCount(t *testing.T) {
	for _, tc := range []struct{ w, h, want int }{
		{15, 15, 572}, {19, 19, 1020}, {20, 20, 1152}, {5, 5, 12}, {17, 11, 13*11 + 17*7 + 2*13*7}, {32, 5, 28*5 + 32 + 2*28},
	} {
		b, err := engine.New(tc.w, tc.h, engine.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		e := New(b)
		if got := e.MonomialCount(); got != tc.want {
			t.Errorf("%dx%d: %d monomials, want %d", tc.w, tc.h, got, tc.want)
		}
		if got := e.TotalScore(engine.Black); got != tc.want {
			t.Errorf("%dx%d: empty board total score %d, want %d", tc.w, tc.h, got, tc.want)
		}
	}
}

// randomNear picks a random empty cell, usually within two cells of a stone
// so that games are full of threats.
func randomNear(b *engine.Board, rng *rand.Rand) engine.Pos {
	moves := b.Moves()
	for try := 0; try < 50 && len(moves) > 0 && rng.IntN(10) < 9; try++ {
		x, y := b.XY(moves[rng.IntN(len(moves))])
		x += rng.IntN(5) - 2
		y += rng.IntN(5) - 2
		if b.OnBoard(x, y) && b.At(b.Pos(x, y)) == engine.Empty {
			return b.Pos(x, y)
		}
	}
	for {
		p := b.Pos(rng.IntN(b.Width()), rng.IntN(b.Height()))
		if b.At(p) == engine.Empty {
			return p
		}
	}
}

// checkAgainstEngine compares the evaluator's fives and forbidden points
// with the engine's own checks on every free point.
func checkAgainstEngine(t *testing.T, e *Evaluator) error {
	t.Helper()
	b := e.Board()
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			for _, c := range []engine.Color{engine.Black, engine.White} {
				if got, want := e.Flags(p, c)&FlagFive != 0, b.IsFive(p, c); got != want {
					return fmt.Errorf("%s %v: five %v, engine says %v", engine.FormatMove(x, y), c, got, want)
				}
			}
			if got, want := e.Forbidden(p), b.IsForbidden(p); got != want {
				return fmt.Errorf("%s: forbidden %v, engine says %v", engine.FormatMove(x, y), got, want)
			}
		}
	}
	return nil
}

func TestIncrementalMatchesScratch(t *testing.T) {
	sizes := [][2]int{{15, 15}, {20, 20}, {17, 11}, {6, 9}}
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, r := range engine.Rules {
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%v/%dx%d", r, sz[0], sz[1]), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(r)*100+uint64(sz[0]), uint64(sz[1])))
				for g := 0; g < games; g++ {
					b, _ := engine.New(sz[0], sz[1], r)
					e := Attach(b)
					plies := rng.IntN(sz[0]*sz[1]*2/3) + 5
					for i := 0; i < plies && !b.Full(); i++ {
						if b.MoveCount() > 0 && (rng.IntN(4) == 0 || b.Winner() != engine.Empty) {
							b.Undo()
						} else {
							b.Make(randomNear(b, rng))
						}
						if err := e.Verify(); err != nil {
							t.Fatalf("game %d ply %d (%d stones): %v\n%s", g, i, b.MoveCount(), err, b)
						}
						// A finished game is only ever undone: the line model
						// does not see the far end of a caro run of six.
						if i%3 == 0 && b.Winner() == engine.Empty {
							if err := checkAgainstEngine(t, e); err != nil {
								t.Fatalf("game %d ply %d: %v\n%s", g, i, err, b)
							}
						}
					}
					for b.MoveCount() > 0 {
						b.Undo()
					}
					if err := e.Verify(); err != nil {
						t.Fatalf("game %d after undoing all: %v", g, err)
					}
					e.Detach()
				}
			})
		}
	}
}
