package baseline

import (
	"context"
	"math/rand/v2"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// AlphaBeta follows the player of Adkins, Paek and Fair's Gomoku report (a
// student project report; its exact title and year could not be checked
// when this was written): a minimax search with alpha-beta pruning to depth
// 3 whose leaves are scored by counting each player's pieces along the
// lines, with a nearness bonus, and the opponent's score subtracted.
//
// Their scoring, as reproduced here (ABScore): every stone looks along each
// of the four line directions, up to four cells each way (so within a
// five-cell reach), and counts its own colour's pieces there, stopping at an
// opponent stone or the edge; a direction whose open stretch is shorter than
// five cells can never hold a five and counts nothing. n pieces in a line
// score 4^(n-1) (capped at n = 5), so lines of four dwarf scattered pieces.
// The nearness bonus rewards central and clustered play: each stone adds how
// close it is to the centre and one point per adjacent stone of its colour.
// A position's value is the side's total minus the opponent's.
//
// Candidates are the empty points within two cells of a stone, ordered by a
// quick line count (windowScore) so that the best replies come first. The
// root searches all of them; inner nodes keep their best 20, which brings
// depth 3 on a 15x15 midgame from about 0.1 s to about 30 ms. Iterative
// deepening with the deadline from the limits keeps it inside the time, and
// leaves look one ply further for fives (searcher.leaf). It plays a five and
// blocks the opponent's five before searching.
type AlphaBeta struct {
	// Depth is the search depth; 0 means 3, the report's.
	Depth int
	seed  int64
	rng   *rand.Rand
	n     neighbourhood
	// depth is the depth the last search completed (0 for a forced move).
	depth int
}

// NewAlphaBeta returns the player; seed shuffles equally ordered root moves
// so that games from the same opening can differ between seeds.
func NewAlphaBeta(seed int64) *AlphaBeta {
	return &AlphaBeta{seed: seed}
}

// alphaBetaDepth is the report's search depth.
const alphaBetaDepth = 3

// Move implements the player interface.
func (a *AlphaBeta) Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	a.depth = 0
	if p, ok := forced(b, &a.n); ok {
		return p
	}
	if a.rng == nil {
		a.rng = newRand(a.seed)
	}
	depth := a.Depth
	if depth <= 0 {
		depth = alphaBetaDepth
	}
	if lim.MaxDepth > 0 && lim.MaxDepth < depth {
		depth = lim.MaxDepth
	}
	s := &searcher{
		clk:       newClock(ctx, lim),
		eval:      func(b *engine.Board) int { me := b.SideToMove(); return ABScore(b, me) - ABScore(b, me.Opp()) },
		width:     20,
		rootWidth: 0,
		rng:       a.rng,
	}
	p, done := s.search(b, depth)
	a.depth = done
	if p != engine.NoPos {
		return p
	}
	return anyLegal(b)
}

// abLine is 4^(n-1) for n pieces along one line, capped at five pieces.
var abLine = [6]int{0, 1, 4, 16, 64, 256}

// ABScore is the report's score of colour c on b: for every stone of c, the
// pieces of c within reach along each line direction, plus the nearness
// bonus (see AlphaBeta).
func ABScore(b *engine.Board, c engine.Color) int {
	cx, cy := (b.Width()-1)/2, (b.Height()-1)/2
	reach := max(cx, cy)
	dirs := b.Dirs()
	total := 0
	for _, s := range b.Moves() {
		if b.At(s) != c {
			continue
		}
		for _, d := range dirs {
			n, span := 1, 1
			for _, step := range [2]engine.Pos{d, -d} {
				for k := engine.Pos(1); k <= 4; k++ {
					q := b.At(s + k*step)
					if q == c {
						n++
					} else if q != engine.Empty {
						break
					}
					span++
				}
			}
			if span >= 5 {
				total += abLine[min(n, 5)]
			}
		}
		x, y := b.XY(s)
		total += reach - max(abs(x-cx), abs(y-cy))
		for _, d := range dirs {
			if b.At(s+d) == c {
				total++
			}
			if b.At(s-d) == c {
				total++
			}
		}
	}
	return total
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
