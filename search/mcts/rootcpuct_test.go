package mcts

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestMctsRootCPuct: a root constant equal to the tree's gives the same
// search, visit for visit; a larger one gives the root's playouts out more
// by the priors and less by the values: the visit shares lie nearer the
// priors (in total variation) on every position. (The most visited move's
// share need not fall: where its prior is high, it may rise.)
func TestMctsRootCPuct(t *testing.T) {
	const playouts = 3000
	for _, seed := range []uint64{1, 2, 3, 4} {
		b := testpos.Random(rand.New(rand.NewPCG(seed, 7)), 15, engine.Freestyle, 10)
		run := func(o Options) Result {
			cfg := NewConfig(o)
			return searchNodes(t, NewTree(testTreeNodes), b, &cfg, seed, 1, nil, playouts)
		}
		base := run(Options{Leaf: LeafStatic})
		same := run(Options{Leaf: LeafStatic, RootCPuct: mctsDefaults().cpuct})
		if !slices.Equal(base.Ranked, same.Ranked) {
			t.Errorf("seed %d: the root constant equal to the tree's changed the search", seed)
		}
		wide := run(Options{Leaf: LeafStatic, RootCPuct: 8})
		fromPriors := func(r Result) float64 {
			total, prior := 0, 0.0
			for _, m := range r.Ranked {
				total += int(m.Visits)
				prior += float64(m.Prior)
			}
			d := 0.0
			for _, m := range r.Ranked {
				d += math.Abs(float64(m.Visits)/float64(total) - float64(m.Prior)/prior)
			}
			return d / 2
		}
		if len(base.Ranked) < 2 || fromPriors(wide) >= fromPriors(base) {
			t.Errorf("seed %d: visit shares %.3f from the priors with root c 8, %.3f with the default; want nearer", seed, fromPriors(wide), fromPriors(base))
		}
	}
}
