package mcts

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestMctsRootCPuct: a root constant equal to the tree's gives the same
// search, visit for visit; a larger one spreads the root's playouts over
// more moves (the most visited move's share falls) on every position.
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
		top := func(r Result) float64 {
			total := 0
			for _, m := range r.Ranked {
				total += int(m.Visits)
			}
			return float64(r.Ranked[0].Visits) / float64(total)
		}
		if len(base.Ranked) < 2 || top(wide) >= top(base) {
			t.Errorf("seed %d: top move's share %.3f with root c 8, %.3f with the default; want it lower", seed, top(wide), top(base))
		}
	}
}
