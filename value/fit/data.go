// Package fit makes the learned value's training data from recorded games
// and fits it: positions sampled from each game (a held-out split by game),
// labelled by the game's result or by a strong engine's verdict on them
// (engine.go), their features read off an evaluator that
// replays the game, and a logistic regression per rule by Newton's method.
// It is the work of `pbrain-kakugo train-value`; the search never imports
// it.
package fit

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
)

// Sample is one position: its features (the Patterns set, of which Combos
// and Counts are the prefix, or the Codes set, of which Patterns is), the
// static score, the result for the side to move (1 a win, 0 a loss, 0.5 a
// draw) and where it comes from.
type Sample struct {
	F      []float32
	Static int
	Y      float32
	Key    value.Key
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
	// Reread maps a rule to another under which its games are read a
	// second time: {Exact: Freestyle} makes freestyle 15x15 samples of the
	// archive's exact-five 15x15 games (the archive has no freestyle games
	// on 15x15, and the two rules differ only in overlines).
	Reread map[engine.Rule]engine.Rule
	// Sparse, when a sparse set (value.Codes, six kilobytes a sample, or
	// value.Fine, sixteen), keeps that set's features instead of the
	// Patterns set's.
	Sparse value.FeatureSet
	// Features, when not nil, makes each sample's features in place of
	// the evaluator's sets (the Trunk set: the network's reading of b);
	// it reports false to skip the position.
	Features func(b *engine.Board, e *eval.Evaluator, dst []float32) ([]float32, bool)
}

// ParseReread reads SampleOptions.Reread from "RULE=AS" items (rule
// names as engine.ParseRule reads them); empty items are skipped.
func ParseReread(items []string) (map[engine.Rule]engine.Rule, error) {
	out := map[engine.Rule]engine.Rule{}
	for _, it := range items {
		if it == "" {
			continue
		}
		from, as, ok := strings.Cut(it, "=")
		if !ok {
			return nil, fmt.Errorf("reread %q: want RULE=AS", it)
		}
		a, err := engine.ParseRule(from)
		if err != nil {
			return nil, fmt.Errorf("reread %q: %w", it, err)
		}
		b, err := engine.ParseRule(as)
		if err != nil {
			return nil, fmt.Errorf("reread %q: %w", it, err)
		}
		if a == b {
			return nil, fmt.Errorf("reread %q: the same rule", it)
		}
		out[a] = b
	}
	return out, nil
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
	for gi := range games {
		out = sampleGame(out, &st, &games[gi], games[gi].Rule, uint64(gi), opt)
		if as, ok := opt.Reread[games[gi].Rule]; ok {
			out = sampleGame(out, &st, &games[gi], as, uint64(gi), opt)
		}
	}
	return out, st
}

// sampleGame appends the samples of game g, the index-th, read under rule,
// labelled by its result.
func sampleGame(out []Sample, st *SampleStats, g *nn.Game, rule engine.Rule, index uint64, opt SampleOptions) []Sample {
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
		return out
	}
	if g.Targets() == 0 {
		return out
	}
	st.Games++
	label := func(_ int, toMove engine.Color) float32 {
		switch win {
		case engine.Empty:
			return 0.5
		case toMove:
			return 1
		}
		return 0
	}
	return replay(out, st, g, rule, opt, choosePlies(g, opt, index), label, "")
}

// replay plays g under rule and appends a sample of each position whose
// ply take marks (the position before Moves[ply]), labelled by label: the
// probability that the side to move wins. The samples' bucket is the rule
// and board size, then tag when there is one.
func replay(out []Sample, st *SampleStats, g *nn.Game, rule engine.Rule, opt SampleOptions, take []bool,
	label func(ply int, toMove engine.Color) float32, tag string) []Sample {
	var buf [value.MaxFeatures]float32
	b, err := engine.New(g.W, g.H, rule)
	if err != nil {
		return out
	}
	test := g.IsTest(opt.Seed, opt.TestFrac)
	bucket := fmt.Sprintf("%s %dx%d", rule, g.W, g.H)
	if tag != "" {
		bucket += " " + tag
	}
	key := value.Key{Rule: rule, Size: max(g.W, g.H)}
	e := eval.Attach(b)
	defer e.Detach()
	for ply, m := range g.Moves {
		if b.Winner() != engine.Empty || !b.Legal(b.Pos(m.X, m.Y)) {
			break // read under another rule, the game ended earlier or broke it
		}
		if take[ply] {
			st.Positions++
			s := e.Evaluate()
			if _, exact := value.Exact(s); exact {
				st.Exact++
			} else {
				set := value.Patterns
				if opt.Sparse.Sparse() {
					set = opt.Sparse
				}
				var f []float32
				if opt.Features != nil {
					var ok bool
					if f, ok = opt.Features(b, e, buf[:]); !ok {
						b.Make(b.Pos(m.X, m.Y))
						continue
					}
				} else {
					f = value.Extract(set, e, s, buf[:])
				}
				out = append(out, Sample{F: append([]float32(nil), f...), Static: s, Y: label(ply, b.SideToMove()),
					Key: key, Bucket: bucket, Test: test})
			}
		}
		b.Make(b.Pos(m.X, m.Y))
	}
	return out
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
