package baseline

import (
	"math/rand/v2"
	"slices"

	"github.com/kakugo/kakugo/engine"
)

// winScore is the value of a won position; a win found at ply k scores
// winScore-k so that the search prefers the quickest win and the slowest loss.
const winScore = 1 << 28

// searcher is the alpha-beta (negamax) search shared by the two searching
// baselines. Each supplies its own static evaluation, and both order their
// children by windowScore and keep only the best few, as the theses did to
// reach their depths in the time.
type searcher struct {
	clk *clock
	// eval is the static value of b for the side to move.
	eval func(b *engine.Board) int
	// width is how many children a node keeps after ordering; 0 keeps all.
	width int
	// rootWidth is the same for the root, which can afford more.
	rootWidth int
	// rng shuffles equally ordered root moves, so that matches vary.
	rng   *rand.Rand
	nears []neighbourhood
	gens  [][]scored
}

// scored is a candidate move with its ordering score.
type scored struct {
	p engine.Pos
	s int
}

// gen lists the children of the node at ply: the cells within two of a
// stone, ordered by windowScore for the side to move (attack counts a
// little more than defence, so equal threats are answered by attacking). It
// handles fives first: a five of its own is a win (outcome +1), and when the
// opponent has one the only children are the legal blocks; when none of
// those is legal (renju) the node is lost (outcome -1) and the ordinary
// children come back so that the root still has something to play.
func (s *searcher) gen(b *engine.Board, ply, width int) (moves []scored, outcome int) {
	for len(s.nears) <= ply {
		s.nears = append(s.nears, neighbourhood{})
		s.gens = append(s.gens, nil)
	}
	me := b.SideToMove()
	out := s.gens[ply][:0]
	var blocks []scored
	for _, p := range s.nears[ply].near(b, 2) {
		if b.IsFive(p, me) {
			if b.Legal(p) {
				return nil, 1
			}
			continue
		}
		if b.IsFive(p, me.Opp()) {
			blocks = append(blocks, scored{p, 0})
			continue
		}
		out = append(out, scored{p, 5*windowScore(b, p, me) + 4*windowScore(b, p, me.Opp())})
	}
	if len(blocks) > 0 {
		legal := blocks[:0]
		for _, m := range blocks {
			if b.Legal(m.p) {
				legal = append(legal, m)
			}
		}
		if len(legal) > 0 {
			s.gens[ply] = out
			return legal, 0
		}
		outcome = -1
	}
	if ply == 0 && s.rng != nil {
		s.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	slices.SortStableFunc(out, func(x, y scored) int { return y.s - x.s })
	// Keep the first width legal moves; legality (renju) is checked only
	// for the ones that would be kept, because it is the slow part.
	kept := out[:0]
	for _, m := range out {
		if width > 0 && len(kept) == width {
			break
		}
		if b.Legal(m.p) {
			kept = append(kept, m)
		}
	}
	s.gens[ply] = out
	return kept, outcome
}

// leaf is the static value of b for the side to move, with a one-ply look
// at the fives: a side that can make five has won, and one facing two five
// points of the opponent has lost. The theses' searches stopped at their
// depth; this small extension lets a depth-3 search see an open three turn
// into an open four inside its horizon, at the cost of a scan of the cells
// next to the stones.
func (s *searcher) leaf(b *engine.Board, ply int) int {
	for len(s.nears) <= ply {
		s.nears = append(s.nears, neighbourhood{})
		s.gens = append(s.gens, nil)
	}
	me := b.SideToMove()
	threats := 0
	for _, p := range s.nears[ply].near(b, 1) {
		if b.IsFive(p, me) && b.Legal(p) {
			return winScore - ply
		}
		if b.IsFive(p, me.Opp()) {
			threats++
		}
	}
	if threats >= 2 {
		return -winScore + ply + 2
	}
	return s.eval(b)
}

// negamax returns the value of b for the side to move, searched depth plies
// deep. It returns 0 without meaning once the clock has stopped; callers
// check the clock before trusting it.
func (s *searcher) negamax(b *engine.Board, depth, ply, alpha, beta int) int {
	if depth == 0 {
		return s.leaf(b, ply)
	}
	if s.clk.stop() {
		return 0
	}
	if b.Full() {
		return 0
	}
	moves, outcome := s.gen(b, ply, s.width)
	switch outcome {
	case 1:
		return winScore - ply
	case -1:
		return -winScore + ply + 1
	}
	if len(moves) == 0 {
		return 0
	}
	// gen reuses its slice at this ply, so copy the moves out of it before
	// the children overwrite it.
	var buf [64]engine.Pos
	list := buf[:0]
	for _, m := range moves {
		list = append(list, m.p)
	}
	best := -winScore - 1
	for _, p := range list {
		b.Make(p)
		v := -s.negamax(b, depth-1, ply+1, -beta, -alpha)
		b.Undo()
		if s.clk.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// search runs iterative deepening from depth 1 to maxDepth and returns the
// best root move of the deepest complete iteration, with its depth. Depth 1
// always completes, whatever the clock says, so there is always an answer.
// It returns NoPos when no child exists (the caller falls back).
func (s *searcher) search(b *engine.Board, maxDepth int) (engine.Pos, int) {
	root, outcome := s.gen(b, 0, s.rootWidth)
	if outcome == 1 {
		// The caller's forced-move check should have caught this; play it.
		for _, p := range s.nears[0].near(b, 1) {
			if b.IsFive(p, b.SideToMove()) && b.Legal(p) {
				return p, 0
			}
		}
	}
	if len(root) == 0 {
		return engine.NoPos, 0
	}
	order := make([]engine.Pos, len(root))
	for i, m := range root {
		order[i] = m.p
	}
	best, done := order[0], 0
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && s.clk.expired() {
			break
		}
		iterBest, bestV := engine.NoPos, -winScore-1
		alpha := -winScore - 1
		for _, p := range order {
			b.Make(p)
			v := -s.negamax(b, depth-1, 1, -winScore-1, -alpha)
			b.Undo()
			if depth > 1 && s.clk.stopped {
				iterBest = engine.NoPos
				break
			}
			if v > bestV {
				iterBest, bestV = p, v
				if v > alpha {
					alpha = v
				}
			}
		}
		if iterBest == engine.NoPos {
			break
		}
		best, done = iterBest, depth
		// Search the best move first next time: it makes the cut-offs.
		i := slices.Index(order, best)
		copy(order[1:i+1], order[:i])
		order[0] = best
		if bestV > winScore-1000 {
			break // a forced win: deeper cannot improve it
		}
	}
	return best, done
}
