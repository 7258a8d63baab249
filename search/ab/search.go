package ab

import (
	"math"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// search is the principal variation search of the node at ply with depth
// plies left, inside (alpha, beta).
func (s *Searcher) search(depth, alpha, beta, ply int, pvNode bool) int {
	if v, done := s.enter(ply); done {
		return v
	}
	b := s.b
	me := b.SideToMove()
	// Mate distance: no line from here beats a five at the next move.
	alpha = max(alpha, -(Mate - ply))
	beta = min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, 0)
	}
	key := b.Hash()
	ttMove := engine.NoPos
	if t, ok := s.tt.probe(key); ok {
		ttMove = engine.Pos(t.move)
		if !pvNode && int(t.depth) >= depth {
			if sc, cut := cutoff(t, ply, alpha, beta); cut {
				return sc
			}
		}
	}
	ms, kind := s.gen(ply, depth, ttMove, s.opt.Width)
	switch kind {
	case genLost:
		return -(Mate - ply - 2)
	case genForced:
		depth++ // a forced block costs no depth
	}
	if len(ms) == 0 {
		return 0
	}
	stand := noStatic
	s.evals[ply] = noStatic
	improving := false
	if s.selective && kind != genForced {
		// The node's own value: whether the side to move stands better
		// than two plies before (improving) widens and deepens it.
		stand = s.static(key)
		s.evals[ply] = stand
		improving = ply >= 2 && s.evals[ply-2] != noStatic && stand > s.evals[ply-2]
		if s.opt.ReverseFutility && !pvNode && kind == genMoves && depth <= rfpDepth &&
			beta < winBound && beta > -winBound && !threatens(s.e, me.Opp()) &&
			stand-rfpMargin*max(0, depth-1-b2i(improving)) >= beta {
			return stand // far above beta and nothing forcing against it: cut
		}
	}
	if kind == genMoves && !pvNode && beta < winBound && alpha > -winBound &&
		((s.opt.NullMove && depth >= 3) || (s.opt.Futility && depth <= 2)) {
		if stand == noStatic {
			stand = s.static(key)
		}
		if s.opt.NullMove && depth >= 3 && stand >= beta {
			op := me.Opp()
			b.SetSideToMove(op)
			score := -s.search(depth-1-nullReduction(depth), -beta, -beta+1, ply+1, false)
			b.SetSideToMove(me)
			if s.stop {
				return 0
			}
			if score >= beta {
				return min(score, winBound-1)
			}
		}
	}
	futile := s.opt.Futility && depth <= 2 && stand != noStatic && stand+futilityMargin[depth] <= alpha
	// gen's list lives in s.moves[ply]; deeper nodes use other rows.
	alpha0 := alpha
	best, bestMove := -inf, engine.NoPos
	limit := len(ms)
	if s.opt.MoveCount && kind != genForced {
		limit = moveCountLimit(depth, improving)
	}
	for i, m := range ms {
		p := m.p
		if i >= limit && best > -winBound {
			break // past the depth's move count, a move that does not lose in hand
		}
		quiet := kind == genMoves && !s.tactical(p, me)
		reducible := quiet || (s.opt.LMRAll && s.e.Combo(p, me) < eval.ComboFour)
		if i > 0 && quiet && !pvNode && ((!s.opt.MoveCount && depth <= 3 && i >= s.late[depth]) || futile) {
			continue // late or futile quiet moves of a shallow node: left out
		}
		s.make(p)
		var score int
		if i == 0 {
			score = -s.search(depth-1, -beta, -alpha, ply+1, pvNode)
		} else {
			r := 0
			if reducible && depth >= 2 && i >= 2 {
				r = s.reduction(depth, i)
				if pvNode {
					r--
				} else if s.selective && !improving {
					r++
				}
				r = max(0, min(r, depth-1))
			}
			score = -s.search(depth-1-r, -alpha-1, -alpha, ply+1, false)
			if score > alpha && r > 0 && !s.stop {
				score = -s.search(depth-1, -alpha-1, -alpha, ply+1, false)
			}
			if score > alpha && score < beta && pvNode && !s.stop {
				score = -s.search(depth-1, -beta, -alpha, ply+1, true)
			}
		}
		s.unmake(p)
		if s.stop {
			return 0
		}
		if score > best {
			best, bestMove = score, p
			if score > alpha {
				alpha = score
				if pvNode {
					s.setPV(ply, p)
				}
				if score >= beta {
					if quiet {
						s.noteCut(ply, p, depth)
					}
					break
				}
			}
		}
	}
	s.tt.store(key, bestMove, toTT(best, ply), depth, boundOf(best, alpha0, beta), noStatic)
	return best
}

// noteCut records a quiet move that cut off: a killer of its ply and a
// history bonus.
func (s *Searcher) noteCut(ply int, p engine.Pos, depth int) {
	if s.killers[ply][0] != p {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = p
	}
	s.hist[p] = min(s.hist[p]+int32(depth*depth), 1<<20)
}

// qsearch values a leaf: the side to move may stand on the leaf's value or
// play its fours (each forces the block, which the next node plays), so a
// VCF within qFours fours is seen. A five point of the opponent must be
// blocked first.
func (s *Searcher) qsearch(alpha, beta, ply, fours int) int {
	if v, done := s.enter(ply); done {
		return v
	}
	b, e := s.b, s.e
	me := b.SideToMove()
	op := me.Opp()
	if fives := e.Fives(op); len(fives) > 0 {
		if b.Rule() == engine.Caro {
			return s.evaluate()
		}
		if len(fives) > 1 || !s.legal(fives[0], me) {
			return -(Mate - ply - 2)
		}
		p := fives[0]
		s.make(p)
		score := -s.qsearch(-beta, -alpha, ply+1, fours)
		s.unmake(p)
		return score
	}
	key := b.Hash()
	stand := noStatic
	if t, ok := s.tt.probe(key); ok {
		if sc, cut := cutoff(t, ply, alpha, beta); cut {
			return sc
		}
		stand = int(t.static)
	}
	if stand == noStatic {
		stand = s.evaluate()
	}
	if stand >= beta || fours >= qFours {
		return stand
	}
	best, bestMove := stand, engine.NoPos
	alpha0 := alpha
	alpha = max(alpha, stand)
	// The fours, strongest first: a straight four or a four-three
	// decides at once.
	ms := s.moves[ply][:0]
	plain := fours < s.opt.QPlain
	for _, p := range e.Fours(me) {
		if s.legal(p, me) {
			c := int32(e.Combo(p, me))
			if c < s.qMin && plain && s.nearOwn(p) {
				c = s.qMin // a plain four by our last stone: a VCF's step
			}
			ms = append(ms, scored{p, c})
		}
	}
	if len(ms) > 1 {
		insertionSort(ms)
	}
	s.moves[ply] = ms
	for _, m := range ms {
		if m.score < s.qMin {
			continue // a plain four, or a renju black point that is no four for black
		}
		s.make(m.p)
		score := -s.qsearch(-beta, -alpha, ply+1, fours+1)
		s.unmake(m.p)
		if s.stop {
			return 0
		}
		if score > best {
			best, bestMove = score, m.p
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	s.tt.store(key, bestMove, toTT(best, ply), 0, boundOf(best, alpha0, beta), stand)
	return best
}

// insertionSort orders moves by score, best first, then by cell.
func insertionSort(ms []scored) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for ; j > 0 && (ms[j-1].score < m.score || (ms[j-1].score == m.score && ms[j-1].p > m.p)); j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// lateMoves is how many moves a non-PV node searches at depth 1 to 3
// before it leaves the remaining quiet ones out (the list is ordered by
// threat and potential, so the late ones rarely matter there); the
// default of Options.LateMoves.
var lateMoves = [4]int{0, 8, 12, 16}

// lmrDivisor is the default of Options.LMRDivisor.
const lmrDivisor = 1.6

// reduction is the late-move reduction of the i-th move at depth:
// logarithmic in both, as the chess and gomoku engines have it.
func (s *Searcher) reduction(depth, i int) int {
	return int(0.5 + math.Log(float64(depth))*math.Log(float64(i))/s.lmr)
}

// futilityMargin is how far under alpha a node's leaf value must be, one
// or two plies from the horizon, to leave its quiet moves out.
var futilityMargin = [3]int{0, 150, 300}

// nullReduction is the null move's depth reduction.
func nullReduction(depth int) int { return 2 + depth/4 }

// static is the leaf value of the node keyed key: from the table when an
// earlier visit stored it, else evaluated and stored.
func (s *Searcher) static(key uint64) int {
	if v, ok := s.tt.staticOf(key); ok {
		return v
	}
	v := s.evaluate()
	s.tt.setStatic(key, v)
	return v
}

// enter counts a node and settles what every node settles before it
// searches: a limit reached (0, the search is abandoned), a five to play
// (a win), a full board (a draw), the ply limit (the leaf value).
func (s *Searcher) enter(ply int) (int, bool) {
	s.pvLen[ply] = 0
	if s.poll() {
		return 0, true
	}
	switch {
	case len(s.e.Fives(s.b.SideToMove())) > 0:
		return Mate - ply - 1, true
	case s.b.Full():
		return 0, true
	case ply >= maxPly:
		return s.evaluate(), true
	}
	return 0, false
}

// cutoff is the table entry t's score at ply when its bound settles the
// window (alpha, beta).
func cutoff(t ttEntry, ply, alpha, beta int) (int, bool) {
	sc := fromTT(int(t.score), ply)
	switch {
	case t.bound == boundExact,
		t.bound == boundLower && sc >= beta,
		t.bound == boundUpper && sc <= alpha:
		return sc, true
	}
	return 0, false
}

// moveCountLimit is how many moves a node below the root searches with
// depth plies left (Rapfi's move-count pruning: few near the horizon, more
// with depth, twice as many where the side to move is improving), once it
// has a move that does not lose.
func moveCountLimit(depth int, improving bool) int {
	n := 3 + int(math.Pow(float64(depth), 1.32))
	if !improving {
		n /= 2
	}
	return max(n, 1)
}

// Reverse futility: a node at most rfpDepth plies from the horizon whose
// own value beats beta by rfpMargin a ply is cut without a search.
const (
	rfpDepth  = 6
	rfpMargin = 150
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// threatens reports whether c has a point that makes a four-three, a
// double four or a straight four: a threat a static value may not see.
// Every such point makes a four, so it is among e.Fours(c); reading them
// costs less than the combo counts, which are tallied over the board.
func threatens(e *eval.Evaluator, c engine.Color) bool {
	for _, p := range e.Fours(c) {
		switch e.Combo(p, c) {
		case eval.ComboFourThree, eval.ComboDoubleFour, eval.ComboStraightFour:
			return true
		}
	}
	return false
}

// nearOwn reports whether p is near the side to move's last stone (two
// plies back): within two in a square, or on one of its lines within
// four. A VCF goes on where its last four left stones.
func (s *Searcher) nearOwn(p engine.Pos) bool {
	ms := s.b.Moves()
	if len(ms) < 2 {
		return false
	}
	x0, y0 := s.b.XY(ms[len(ms)-2])
	x, y := s.b.XY(p)
	dx, dy := abs(x-x0), abs(y-y0)
	if max(dx, dy) <= 2 {
		return true
	}
	return max(dx, dy) <= 4 && (dx == 0 || dy == 0 || dx == dy)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
