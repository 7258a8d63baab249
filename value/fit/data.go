// Package fit makes the learned value's training data from recorded games
// and fits it: positions sampled from each game (a held-out split by game),
// labelled by the game's result, their features read off an evaluator that
// replays the game, and a logistic regression per rule by Newton's method.
// It is the work of `pbrain-kakugo train-value`; the search never imports
// it.
package fit

import (
	"fmt"
	"math/rand/v2"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
)

// Sample is one position: its features (the Combos set, of which Counts is
// the prefix), the static score, the result for the side to move (1 a win,
// 0 a loss, 0.5 a draw) and where it comes from.
type Sample struct {
	F      []float32
	Static int
	Y      float32
	Rule   engine.Rule
	Bucket string // rule and board size, e.g. "renju 15x15"
	Test   bool
}

// SampleOptions say which positions are taken.
type SampleOptions struct {
	// PerGame is the most positions taken from one game (at random among
	// the moves after the opening stones); 0 takes every position.
	PerGame int
	// Seed feeds the choice of positions and the split.
	Seed uint64
	// TestFrac is the fraction of games held out (nn.Game.IsTest: by game,
	// a game together with its colour-swapped twin).
	TestFrac float64
}

// SampleStats count what Samples skipped.
type SampleStats struct {
	Games, NoResult, Positions, Exact int
}

// Samples replays games and returns the sampled positions that the static
// evaluation does not settle (those the model never values), with
// counts of what was skipped. Same games and options, same samples.
func Samples(games []nn.Game, opt SampleOptions) ([]Sample, SampleStats) {
	var out []Sample
	var st SampleStats
	var buf [value.MaxFeatures]float32
	for gi := range games {
		g := &games[gi]
		var win engine.Color
		switch g.Result {
		case nn.ResultBlack:
			win = engine.Black
		case nn.ResultWhite:
			win = engine.White
		case nn.ResultDraw:
			win = engine.Empty
		default:
			st.NoResult++
			continue
		}
		if g.Targets() == 0 {
			continue
		}
		b, err := engine.New(g.W, g.H, g.Rule)
		if err != nil {
			continue
		}
		st.Games++
		test := g.IsTest(opt.Seed, opt.TestFrac)
		bucket := fmt.Sprintf("%s %dx%d", g.Rule, g.W, g.H)
		take := choosePlies(g, opt, uint64(gi))
		e := eval.Attach(b)
		for ply, m := range g.Moves {
			if take[ply] {
				st.Positions++
				s := e.Evaluate()
				if _, exact := value.Exact(s); exact {
					st.Exact++
				} else {
					y := float32(0.5)
					if win != engine.Empty {
						y = 0
						if win == b.SideToMove() {
							y = 1
						}
					}
					f := value.Extract(value.Combos, e, s, buf[:])
					out = append(out, Sample{F: append([]float32(nil), f...), Static: s, Y: y,
						Rule: g.Rule, Bucket: bucket, Test: test})
				}
			}
			b.Make(b.Pos(m.X, m.Y))
		}
		e.Detach()
	}
	return out, st
}

// choosePlies marks the plies of g whose position is taken: every ply
// after the opening, or PerGame of them drawn without replacement by a
// generator seeded with the seed and the game's index.
func choosePlies(g *nn.Game, opt SampleOptions, index uint64) []bool {
	take := make([]bool, len(g.Moves))
	n := g.Targets()
	if opt.PerGame <= 0 || opt.PerGame >= n {
		for i := g.Opening; i < len(g.Moves); i++ {
			take[i] = true
		}
		return take
	}
	rng := rand.New(rand.NewPCG(opt.Seed, index))
	for _, i := range rng.Perm(n)[:opt.PerGame] {
		take[g.Opening+i] = true
	}
	return take
}
