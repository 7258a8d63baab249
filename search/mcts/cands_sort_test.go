package mcts

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestLogitOrder: the integer order of logitOrder is cmp.Compare's order of
// the logits, and logitOf gives each logit back (-0 as +0, NaN as a NaN).
func TestLogitOrder(t *testing.T) {
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	vals := []float32{nan, -inf, -1e30, -3.5, -1, -1e-40, float32(math.Copysign(0, -1)), 0, 1e-40, 0.25, 1, 6, 1e30, inf}
	for _, a := range vals {
		for _, b := range vals {
			want := cmp.Compare(a, b)
			got := cmp.Compare(logitOrder(a), logitOrder(b))
			if got != want {
				t.Errorf("order of %v and %v: %d, cmp.Compare says %d", a, b, got, want)
			}
		}
		back := logitOf(logitOrder(a))
		if a != a {
			if back == back {
				t.Errorf("NaN came back as %v", back)
			}
		} else if back != a {
			t.Errorf("%v came back as %v", a, back)
		}
	}
}

// TestCandSortMatchesComparison: sort (with and without a maxN) leaves
// exactly what a sort by the comparison (logit down, cell up) and a cut
// leave, on random lists with many ties.
func TestCandSortMatchesComparison(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := &mctsGen{}
	for trial := range 2000 {
		n := 1 + rng.IntN(150)
		var in []mctsCand
		for i := range n {
			score := float32(rng.IntN(12)) / 4 // ties, as potentials give
			if rng.IntN(20) == 0 {
				score = -score
			}
			in = append(in, mctsCand{engine.Pos(rng.IntN(500) + i*500), score})
		}
		maxN := 0
		if trial%3 != 0 {
			maxN = 1 + rng.IntN(60)
		}
		want := slices.Clone(in)
		slices.SortFunc(want, func(a, b mctsCand) int {
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
			return cmp.Compare(a.p, b.p)
		})
		if maxN > 0 && len(want) > maxN {
			want = want[:maxN]
		}
		g.cands = append(g.cands[:0], in...)
		g.sort(maxN)
		if !slices.Equal(g.cands, want) {
			t.Fatalf("trial %d (n %d, maxN %d): got %v, want %v", trial, n, maxN, g.cands, want)
		}
	}
}

// TestSelectLowest: the k lowest keys end up in front, duplicates included.
func TestSelectLowest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		n := 2 + rng.IntN(100)
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = uint64(rng.IntN(30))
		}
		k := 1 + rng.IntN(n-1)
		sorted := slices.Clone(keys)
		slices.Sort(sorted)
		selectLowest(keys, k)
		front := slices.Clone(keys[:k])
		slices.Sort(front)
		if !slices.Equal(front, sorted[:k]) {
			t.Fatalf("k %d: front %v, want %v", k, front, sorted[:k])
		}
	}
}
