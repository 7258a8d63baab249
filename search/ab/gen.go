package ab

import (
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// reach is how far from a stone (in a square) a quiet move is considered,
// as in the tree search.
const reach = 2

// near keeps, for every cell, the number of stones within reach, through
// the search's own make and undo.
type near struct {
	count []uint8
	offs  []engine.Pos
}

func newNear(b *engine.Board) *near {
	n := &near{count: make([]uint8, b.Size())}
	row := b.Dirs()[1]
	defer n.reset(b)
	for dy := -reach; dy <= reach; dy++ {
		for dx := -reach; dx <= reach; dx++ {
			if dx != 0 || dy != 0 {
				n.offs = append(n.offs, engine.Pos(dy)*row+engine.Pos(dx))
			}
		}
	}
	return n
}

// reset counts b's stones afresh (a board of the size n was made for).
func (n *near) reset(b *engine.Board) {
	clear(n.count)
	for p := range n.count {
		if c := b.At(engine.Pos(p)); c == engine.Black || c == engine.White {
			n.add(engine.Pos(p), 1)
		}
	}
}

// add changes the count around p by d (+1 when a stone is placed, -1
// when it is taken back). Cells in the padding are counted too; they are
// never listed, being walls.
func (n *near) add(p engine.Pos, d int) {
	for _, o := range n.offs {
		q := p + o
		if q >= 0 && int(q) < len(n.count) {
			n.count[q] = uint8(int(n.count[q]) + d)
		}
	}
}

// scored is a move with its ordering score.
type scored struct {
	p     engine.Pos
	score int32
}

// Ordering scores by combo: what a stone makes for the side to move, and
// what it takes from the opponent. Fives and fours first, then threes.
var (
	attackScore = [...]int32{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 60, eval.ComboDoubleTwo: 250,
		eval.ComboThree: 120, eval.ComboDoubleClosedThree: 500, eval.ComboOpenThree: 600,
		eval.ComboFour: 450, eval.ComboDoubleThree: 3000, eval.ComboFourThree: 8000,
		eval.ComboDoubleFour: 8000, eval.ComboStraightFour: 10000, eval.ComboFive: 100000,
	}
	defenceScore = [...]int32{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 30, eval.ComboDoubleTwo: 150,
		eval.ComboThree: 60, eval.ComboDoubleClosedThree: 250, eval.ComboOpenThree: 350,
		eval.ComboFour: 200, eval.ComboDoubleThree: 1500, eval.ComboFourThree: 4000,
		eval.ComboDoubleFour: 4000, eval.ComboStraightFour: 5000, eval.ComboFive: 50000,
	}
)

// genKind is what the generator found at a node.
type genKind uint8

const (
	genMoves  genKind = iota // the listed moves, quiet ones among them
	genForced                // the opponent threatens a five: the listed blocks only
	genParry                 // the opponent has an open three: our fours and its four points
	genLost                  // the opponent's five cannot be stopped
)

// legal reports whether the side to move me may play the empty cell p.
func (s *Searcher) legal(p engine.Pos, me engine.Color) bool {
	return s.b.At(p) == engine.Empty && !(me == engine.Black && s.e.Forbidden(p))
}

// moveScore orders a stone of me on p: its combos for both sides and the
// potentials (the evaluator's incremental v(p)), plus the history table.
func (s *Searcher) moveScore(p engine.Pos, me, op engine.Color) int32 {
	e := s.e
	return attackScore[e.Combo(p, me)] + defenceScore[e.Combo(p, op)] +
		int32(e.Potential(p, me)) + int32(e.Potential(p, op))/2 + s.hist[p]/64
}

// gen lists the moves of the node at ply into s.moves[ply], best first,
// at most width quiet ones (0: all), the table's move first. Under caro a
// five can also be stopped away from its five point, so there the blocks
// are not narrowed: a move that leaves the five loses at the next node.
func (s *Searcher) gen(ply, depth int, ttMove engine.Pos, width int) ([]scored, genKind) {
	b, e := s.b, s.e
	me := b.SideToMove()
	op := me.Opp()
	ms := s.moves[ply][:0]
	kind := genMoves
	if fives := e.Fives(op); len(fives) > 0 && b.Rule() != engine.Caro {
		if len(fives) > 1 {
			return ms, genLost
		}
		if !s.legal(fives[0], me) {
			return ms, genLost
		}
		ms = append(ms, scored{fives[0], 0})
		s.moves[ply] = ms
		return ms, genForced
	}
	s.mark++
	if s.mark == 0 {
		clear(s.seen)
		s.mark = 1
	}
	add := func(p engine.Pos) {
		if s.seen[p] == s.mark || !s.legal(p, me) {
			return
		}
		s.seen[p] = s.mark
		ms = append(ms, scored{p, s.moveScore(p, me, op)})
	}
	if openThree(e, op) && b.Rule() != engine.Caro {
		kind = genParry
		for _, p := range e.Fours(me) {
			add(p)
		}
		for _, p := range e.Fours(op) {
			add(p)
		}
	}
	if kind == genParry && len(ms) == 0 {
		kind = genMoves // no parry is legal (renju): whatever is left
	}
	if kind == genMoves {
		for p := range s.near.count {
			if s.near.count[p] > 0 && b.At(engine.Pos(p)) == engine.Empty {
				add(engine.Pos(p))
			}
		}
		if len(ms) == 0 && !b.Full() {
			return ms, genLost // only forbidden points are left near the stones
		}
	}
	if kind == genMoves && s.opt.Policy != nil && (ply == 0 || (s.opt.PolicyDepth > 0 && depth >= s.opt.PolicyDepth)) {
		s.policyOrder(ms)
	}
	for i := range ms {
		if ms[i].p == ttMove {
			ms[i].score = 1 << 30
		} else if ms[i].p == s.killers[ply][0] || ms[i].p == s.killers[ply][1] {
			ms[i].score += 400
		}
	}
	slices.SortFunc(ms, func(a, b scored) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return int(a.p - b.p)
	})
	if kind == genMoves && width > 0 && len(ms) > width {
		ms = ms[:width]
	}
	s.moves[ply] = ms
	return ms, kind
}

// openThree reports whether c has an open three: a point where its stone
// makes a straight four.
func openThree(e *eval.Evaluator, c engine.Color) bool {
	for _, p := range e.Fours(c) {
		if e.Combo(p, c) == eval.ComboStraightFour {
			return true
		}
	}
	return false
}

// tactical reports whether a stone of me on p makes or stops a four or an
// open three: such moves are not reduced.
func (s *Searcher) tactical(p engine.Pos, me engine.Color) bool {
	return s.e.Combo(p, me) >= eval.ComboOpenThree || s.e.Combo(p, me.Opp()) >= eval.ComboOpenThree
}

// policyOrder replaces the moves' scores by the policy's priors, keeping
// the moves that win by force (double threes and stronger for the side to
// move) first in their own order.
func (s *Searcher) policyOrder(ms []scored) {
	s.pmoves, s.pprobs = s.pmoves[:0], s.pprobs[:0]
	for _, m := range ms {
		s.pmoves = append(s.pmoves, m.p)
		s.pprobs = append(s.pprobs, 0)
	}
	if !s.opt.Policy.Priors(s.b, s.pmoves, s.pprobs) {
		return
	}
	me := s.b.SideToMove()
	for i := range ms {
		if s.e.Combo(ms[i].p, me) >= eval.ComboDoubleThree {
			ms[i].score += 1 << 24
			continue
		}
		ms[i].score = int32(s.pprobs[i] * (1 << 20))
	}
}
