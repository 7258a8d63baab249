package baseline

import (
	"context"
	"math/rand/v2"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// TestAI follows the rule-based opponent of Moilanen, "Artificial
// Intelligence Solution for Gomoku Using Neural Networks" (bachelor's thesis,
// 2024), written to train and test the thesis' network: it looks at each
// candidate point, scans the eight directions up to five cells from it,
// scores its own runs up and the opponent's stones down, weights defence
// slightly above attack, and plays at random among the best-scoring points.
//
// The reproduction (TestAIScore): along each of the eight directions from
// an empty point p, the scan counts the chain of own stones right next to p,
// then keeps going to five cells, adding one for each further own stone,
// and stops at an opponent stone or the edge, which subtracts more the
// closer it is. The two chains of a line join into one run through p, worth
// 1, 4, 16 or 64 for one to four stones, doubled when both ends of the run
// are empty and quartered when both are blocked. A point is worth
// 5 x (its score for the player) + 6 x (its score for the opponent): the
// opponent's run through p is what playing there blocks, and the 6 to 5 is
// the slight defensive weighting. Candidates are the points within two
// cells of a stone. The thesis' TestAI found fives and blocks through its
// scoring; here they are also checked first, so it never misses one.
type TestAI struct {
	seed int64
	rng  *rand.Rand
	n    neighbourhood
	best []engine.Pos
}

// NewTestAI returns the player; seed drives its choice among equal points.
func NewTestAI(seed int64) *TestAI { return &TestAI{seed: seed} }

// Move implements the player interface. One pass over the candidates takes
// well under a millisecond, so it does not consult the clock.
func (t *TestAI) Move(_ context.Context, b *engine.Board, _ search.Limits) engine.Pos {
	if p, ok := forced(b, &t.n); ok {
		return p
	}
	if t.rng == nil {
		t.rng = newRand(t.seed)
	}
	me := b.SideToMove()
	bestScore := 0
	t.best = t.best[:0]
	for _, p := range t.n.near(b, 2) {
		s := 5*TestAIScore(b, p, me) + 6*TestAIScore(b, p, me.Opp())
		if len(t.best) > 0 && s < bestScore {
			continue
		}
		// Legality is checked only for points that would be kept: it is
		// the costly part under renju.
		if !b.Legal(p) {
			continue
		}
		if len(t.best) == 0 || s > bestScore {
			bestScore = s
			t.best = t.best[:0]
		}
		t.best = append(t.best, p)
	}
	if len(t.best) == 0 {
		return anyLegal(b)
	}
	return t.best[t.rng.IntN(len(t.best))]
}

// testAIRun is the value of a run of own stones through the point.
var testAIRun = [5]int{0, 1, 4, 16, 64}

// TestAIScore is the eight-direction scan score of the empty point p for
// colour c (see TestAI).
func TestAIScore(b *engine.Board, p engine.Pos, c engine.Color) int {
	total := 0
	for _, d := range b.Dirs() {
		run, open := 0, 0
		for _, step := range [2]engine.Pos{d, -d} {
			chain, inChain := 0, true
			for k := engine.Pos(1); k <= 5; k++ {
				q := b.At(p + k*step)
				switch {
				case q == c:
					if inChain {
						chain++
					} else {
						total++
					}
					continue
				case q == engine.Empty:
					if inChain {
						open++
					}
					inChain = false
					continue
				}
				// An opponent stone or the edge: the closer, the worse.
				total -= int(6 - k)
				break
			}
			run += chain
		}
		v := testAIRun[min(run, 4)]
		switch open {
		case 2:
			v *= 2
		case 0:
			v /= 4
		}
		total += v
	}
	return total
}
