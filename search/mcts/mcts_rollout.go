package mcts

import (
	"math"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// LeafMode says how the tree values a new leaf.
type LeafMode uint8

const (
	// LeafDefault is the mode measured stronger: LeafLearned when the
	// Options carry a LeafValuer, else LeafStatic (131 Elo over roll-outs at
	// 150 ms a move). Learned leaves scored +0.020 ± 0.042 a game
	// (freestyle 15, 200 games), +0.255 ± 0.058 (renju 15, 100) and
	// +0.267 ± 0.071 (freestyle 20, 60) over static ones against Rapfi at
	// 20,000 nodes a move, paired by opening (docs/testing.md, 2026-11-26).
	LeafDefault LeafMode = iota
	// LeafRollout plays the position out, at most mctsRolloutPlies moves,
	// with a fast pattern policy; a game still undecided at the limit counts
	// as a draw.
	LeafRollout
	// LeafStatic squashes the evaluator's static score into [-1, 1].
	LeafStatic
	// LeafLearned asks the Options' LeafValuer (the learned value of
	// package value, which package players plugs in); without one it is
	// LeafStatic.
	LeafLearned
)

// LeafValuer values a leaf position for its side to move, in [-1, 1],
// from the evaluator attached to the worker's board (e.Board()). It is
// shared by the search's threads, so it must be safe for concurrent use,
// and must value a position the static evaluation settles (a five to
// play, an unstoppable five, a winning combo) as that does.
type LeafValuer interface {
	LeafValue(e *eval.Evaluator) float64
}

// String names the mode as the bench and the player list do.
func (m LeafMode) String() string {
	switch m {
	case LeafStatic:
		return "static"
	case LeafRollout:
		return "rollout"
	case LeafLearned:
		return "learned"
	}
	return "default"
}

// ParseLeaf reads a leaf mode by the name String gives it; "" is the
// default mode.
func ParseLeaf(s string) (LeafMode, bool) {
	for _, m := range []LeafMode{LeafRollout, LeafStatic, LeafLearned} {
		if s == m.String() {
			return m, true
		}
	}
	return LeafDefault, s == ""
}

// mctsRolloutPlies bounds a roll-out (Garcia's limit).
const mctsRolloutPlies = 30

// mctsRollAttack and mctsRollDefence add to a point's roll-out weight for
// what a stone there makes for the side to move (attack) and for the
// opponent (the point the opponent would like), shifted left by
// mctsRollShift, so that roll-outs make and stop threats far more often
// than quiet moves, without always choosing the same one. Measured on
// 21,386 positions of Gomocup games, the weights give the moves played a
// log-likelihood of -3.03 a move (the shift 0: -3.29; no bonus: -4.06;
// the evaluator's priors: -2.61, at several times the cost).
var (
	mctsRollAttack = [...]uint64{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 0, eval.ComboDoubleTwo: 64,
		eval.ComboThree: 16, eval.ComboDoubleClosedThree: 256, eval.ComboOpenThree: 256,
		eval.ComboFour: 256, eval.ComboDoubleThree: 1 << 14, eval.ComboFourThree: 1 << 16,
		eval.ComboDoubleFour: 1 << 16, eval.ComboStraightFour: 1 << 16, eval.ComboFive: 1 << 20,
	}
	mctsRollDefence = [...]uint64{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 0, eval.ComboDoubleTwo: 32,
		eval.ComboThree: 8, eval.ComboDoubleClosedThree: 128, eval.ComboOpenThree: 128,
		eval.ComboFour: 64, eval.ComboDoubleThree: 1 << 13, eval.ComboFourThree: 1 << 15,
		eval.ComboDoubleFour: 1 << 15, eval.ComboStraightFour: 1 << 15, eval.ComboFive: 1 << 19,
	}
)

// mctsRollShift scales the combo bonuses against the squared potentials.
const mctsRollShift = 4

// rollout plays the worker's position out and returns the result for the
// side to move there: 1 a win, -1 a loss, 0 undecided or drawn. The board
// is restored.
func (w *mctsWorker) rollout() float64 {
	b, e := w.b, w.e
	start := b.MoveCount()
	me0 := b.SideToMove()
	winner := engine.Empty
	for range w.s.cfg.rolloutPlies {
		me := b.SideToMove()
		if len(e.Fives(me)) > 0 {
			winner = me
			break
		}
		if b.Full() {
			break
		}
		p, lost := w.rolloutMove(me)
		if lost {
			winner = me.Opp()
			break
		}
		if p == engine.NoPos {
			break
		}
		b.Make(p)
		w.nodes++
	}
	for b.MoveCount() > start {
		b.Undo()
	}
	switch winner {
	case me0:
		return 1
	case engine.Empty:
		return 0
	}
	return -1
}

// rolloutMove is the pattern policy: complete a five (done by the caller),
// block the opponent's five, play a winning combo of one's own (a straight
// four, double four or four-three), stop the opponent's, play a double three
// when the opponent has no four to answer with, else sample among the cells
// near stones by weight. lost reports an opponent five that cannot be
// stopped.
func (w *mctsWorker) rolloutMove(me engine.Color) (p engine.Pos, lost bool) {
	e := w.e
	op := me.Opp()
	legal := func(p engine.Pos) bool { return me != engine.Black || !e.Forbidden(p) }
	if f := e.Fives(op); len(f) > 0 {
		for _, p := range f {
			if legal(p) {
				return p, false
			}
		}
		return engine.NoPos, true
	}
	if p := mctsBestCombo(e, e.Fours(me), me, eval.ComboFourThree); p != engine.NoPos {
		return p, false
	}
	if p := mctsBestCombo(e, e.Fours(op), op, eval.ComboFourThree); p != engine.NoPos && legal(p) {
		return p, false
	}
	if len(e.Fours(op)) == 0 {
		if p := mctsBestCombo(e, e.Threes(me), me, eval.ComboDoubleThree); p != engine.NoPos {
			return p, false
		}
	}
	return w.sample(me, op, legal), false
}

// mctsBestCombo is the first point of set with the strongest combo for c at
// or above floor, or NoPos.
func mctsBestCombo(e *eval.Evaluator, set []engine.Pos, c engine.Color, floor eval.Combo) engine.Pos {
	best, bc := engine.NoPos, floor-1
	for _, p := range set {
		if k := e.Combo(p, c); k > bc {
			best, bc = p, k
		}
	}
	return best
}

// sample draws a cell near the stones with probability proportional to its
// weight: the square of its potentials (own counted a quarter higher) plus
// the combo bonuses. NoPos when no legal cell is near.
func (w *mctsWorker) sample(me, op engine.Color, legal func(engine.Pos) bool) engine.Pos {
	e := w.e
	list := w.near.list
	ws := w.weights[:0]
	total := uint64(0)
	for _, p := range list {
		var wt uint64
		if legal(p) {
			pot := uint64(5*e.Potential(p, me) + 4*e.Potential(p, op))
			wt = pot*pot>>6 + (mctsRollAttack[e.Combo(p, me)]+mctsRollDefence[e.Combo(p, op)])<<mctsRollShift
		}
		total += wt
		ws = append(ws, total)
	}
	w.weights = ws
	if total == 0 {
		return engine.NoPos
	}
	r := w.rng.Uint64N(total)
	for i, c := range ws {
		if r < c {
			return list[i]
		}
	}
	return engine.NoPos
}

// mctsStaticScale converts the evaluator's score into the tanh argument:
// a score of this size is a 76% expectation.
const mctsStaticScale = 400

// staticValue is the static evaluation of the worker's position for the
// side to move, in [-1, 1].
func (w *mctsWorker) staticValue() float64 {
	return math.Tanh(float64(w.e.Evaluate()) / w.s.cfg.staticScale)
}
