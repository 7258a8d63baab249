package baseline

import (
	"context"
	"math/rand/v2"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// Convolution follows the hard-coded convolution evaluation of Yan and Feng,
// "Using Convolution and Deep Learning in Gomoku Game Artificial
// Intelligence" (Parallel Processing Letters 28(3), 2018), which they built
// to back up their network: predefined pattern filters are convolved over
// each colour's stones, the matches are weighted and summed, and a point is
// judged by what a stone there gains for the player (attack) and what it
// would gain the opponent (defence), mixed with alpha = 0.5.
//
// The 16 filters are the lines of five, four, three and two stones in the
// four directions: k x k kernels with ones along a row, a column or a
// diagonal, from 5 x 5 down to 2 x 2 (the 2 x 2 and 3 x 3 diagonal ones are
// the small shapes). A filter matches where its convolution with the
// colour's plane (1 for a stone, 0 otherwise) reaches k, that is where k
// stones of the colour stand in that line. Matches are weighted 1, 10, 100
// and 10000 for lines of two, three, four and five (ConvolutionScore). A
// point's value is alpha x attack + (1 - alpha) x defence, where attack is
// the rise of the player's score when it plays there and defence the rise of
// the opponent's score if the opponent did; the player takes the best point
// among those within two cells of a stone, at random among equals. The
// filters see neither gaps nor blocked ends, which is the method's known
// weakness. Fives and blocks of fives are checked first, so it never misses
// one.
type Convolution struct {
	// Alpha weighs attack against defence; 0 means the paper's 0.5.
	Alpha float64
	seed  int64
	rng   *rand.Rand
	n     neighbourhood
	best  []engine.Pos
}

// NewConvolution returns the player; seed drives its choice among equal
// points.
func NewConvolution(seed int64) *Convolution { return &Convolution{seed: seed} }

// convWeight is the weight of a matched line of k stones.
var convWeight = [6]int{0, 0, 1, 10, 100, 10000}

// Move implements the player interface. One pass costs well under a
// millisecond, so it does not consult the clock.
func (cv *Convolution) Move(_ context.Context, b *engine.Board, _ search.Limits) engine.Pos {
	if p, ok := forced(b, &cv.n); ok {
		return p
	}
	if cv.rng == nil {
		cv.rng = newRand(cv.seed)
	}
	alpha := cv.Alpha
	if alpha <= 0 || alpha > 1 {
		alpha = 0.5
	}
	me := b.SideToMove()
	bestV := 0.0
	cv.best = cv.best[:0]
	for _, p := range cv.n.near(b, 2) {
		v := alpha*float64(convGain(b, p, me)) + (1-alpha)*float64(convGain(b, p, me.Opp()))
		if len(cv.best) > 0 && v < bestV {
			continue
		}
		if !b.Legal(p) {
			continue
		}
		if len(cv.best) == 0 || v > bestV {
			bestV = v
			cv.best = cv.best[:0]
		}
		cv.best = append(cv.best, p)
	}
	if len(cv.best) == 0 {
		return anyLegal(b)
	}
	return cv.best[cv.rng.IntN(len(cv.best))]
}

// convGain is how much ConvolutionScore(b, c) rises when c plays at the empty
// point p. Only the filter positions whose window covers p can change, and
// none of them matched before (p was empty), so it counts the windows
// through p that the new stone completes.
func convGain(b *engine.Board, p engine.Pos, c engine.Color) int {
	gain := 0
	for _, d := range b.Dirs() {
		// The run of c through p along d: every window of length k inside
		// it that covers p is a match.
		lo, hi := 0, 0
		for lo < 4 && b.At(p-engine.Pos(lo+1)*d) == c {
			lo++
		}
		for hi < 4 && b.At(p+engine.Pos(hi+1)*d) == c {
			hi++
		}
		for k := 2; k <= 5; k++ {
			// Windows [s, s+k-1] with -lo <= s <= 0 and s+k-1 <= hi.
			first, last := max(-lo, 1-k), min(0, hi-k+1)
			if last >= first {
				gain += (last - first + 1) * convWeight[k]
			}
		}
	}
	return gain
}

// ConvolutionScore is the weighted sum of the 16 filters' matches over the
// whole board for colour c: the direct convolution the paper describes,
// used by the tests to check the incremental convGain against it.
func ConvolutionScore(b *engine.Board, c engine.Color) int {
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}
	total := 0
	for _, d := range dirs {
		for k := 2; k <= 5; k++ {
			for y := 0; y < b.Height(); y++ {
				for x := 0; x < b.Width(); x++ {
					ex, ey := x+(k-1)*d[0], y+(k-1)*d[1]
					if !b.OnBoard(ex, ey) {
						continue
					}
					n := 0
					for i := 0; i < k; i++ {
						if b.At(b.Pos(x+i*d[0], y+i*d[1])) == c {
							n++
						}
					}
					if n == k {
						total += convWeight[k]
					}
				}
			}
		}
	}
	return total
}
