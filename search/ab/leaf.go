package ab

import (
	"sync"

	"github.com/kakugo/kakugo/eval"
)

// LeafValuer values a position by a shallow search over another Valuer's
// leaves: the tree search's leaf value seen through a few plies of
// tactics (the MCTS-minimax hybrids of Baier and Winands: a short
// minimax where the tree stops). It is safe for concurrent use: each call
// takes a Searcher from a pool.
type LeafValuer struct {
	depth int
	pool  sync.Pool
}

// NewLeafValuer returns a LeafValuer searching depth plies (at least 1)
// over v's values (nil: the static score), each searcher with a table of
// 2^tableBits entries.
func NewLeafValuer(v Valuer, depth, tableBits int) *LeafValuer {
	l := &LeafValuer{depth: max(depth, 1)}
	l.pool.New = func() any { return New(Options{Valuer: v, TableBits: tableBits}) }
	return l
}

// LeafValue is the search's value of e's position for its side to move, in
// [-1, 1] (a mate ±1). The board comes back as it was.
func (l *LeafValuer) LeafValue(e *eval.Evaluator) float64 {
	s := l.pool.Get().(*Searcher)
	v := s.Value(e, l.depth)
	l.pool.Put(s)
	return v
}

// Value searches e's position to depth plies with no time limit (the
// depth bounds it) and returns its score for the side to move in [-1, 1].
func (s *Searcher) Value(e *eval.Evaluator, depth int) float64 {
	s.begin(e, Limits{})
	score := s.search(depth, -inf, inf, 0, false)
	return max(-1, min(1, float64(score)/valueScale))
}
