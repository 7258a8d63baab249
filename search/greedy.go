package search

import (
	"context"
	"sort"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Greedy is Garcia's version-one player: no search tree, one look at the
// evaluator's view of the position. It plays a five if it has one, else
// blocks the opponent's five (choosing among several by value); otherwise
// every legal point gets a value from its combo for the side to move
// (attack), its combo for the opponent (defence: the point the opponent
// would like to have) and both colours' potentials. The combo weights make
// these tiers come out in order:
//
//  1. a straight four, double four or four-three of its own;
//  2. the opponent's straight-four points (an open three on the board must
//     be stopped), then its double-four and four-three points;
//  3. a double three of its own, then the opponent's double-three points;
//  4. everything else by potential.
//
// The potential is the rank-weighted one (Evaluator.WeightedPotential: a
// monomial counts about four times more per stone and a third more when
// open), own monomials weighted 5 and the opponent's 4. Garcia's plain
// v(p) = sum of 2^k proved too flat, and bonuses for the ordinary combos
// (twos, threes, single fours) cost strength in matches against the interim
// player, so ordinary combos count only through the potentials.
//
// Defence is checked rather than assumed: when the opponent could make a
// double three or better and the best point does not win outright, the
// player tries its best-valued points and the opponent's threat points on
// the board (make and undo, with the evaluator attached) and keeps the one
// that leaves the opponent the weakest threat, counting its own four or
// winning combo as forcing the opponent to answer.
//
// It never plays a renju forbidden point with black. It attaches an
// evaluator for the call and detaches it before returning; every trial
// move is undone, so the board is left as it was found. Ties go to the
// first point in row order.
type Greedy struct{}

// greedyAttack and greedyDefence weigh a point's combo for the side to move
// and for the opponent. Each winning tier outweighs every value below it;
// the ordinary classes weigh nothing (see Greedy).
var (
	greedyAttack = [...]int{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 0, eval.ComboDoubleTwo: 0,
		eval.ComboThree: 0, eval.ComboDoubleClosedThree: 0, eval.ComboOpenThree: 0,
		eval.ComboFour: 0, eval.ComboDoubleThree: 2_000_000, eval.ComboFourThree: 9_000_000,
		eval.ComboDoubleFour: 10_000_000, eval.ComboStraightFour: 10_000_000, eval.ComboFive: 100_000_000,
	}
	greedyDefence = [...]int{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 0, eval.ComboDoubleTwo: 0,
		eval.ComboThree: 0, eval.ComboDoubleClosedThree: 0, eval.ComboOpenThree: 0,
		eval.ComboFour: 0, eval.ComboDoubleThree: 1_000_000, eval.ComboFourThree: 3_000_000,
		eval.ComboDoubleFour: 3_000_000, eval.ComboStraightFour: 4_000_000, eval.ComboFive: 50_000_000,
	}
)

// greedyTries bounds the defence check: the best-valued points tried as
// replies to the opponent's threats, besides the threat points themselves.
const greedyTries = 12

// Move implements the player interface. It answers in about a
// millisecond, so it ignores the clock.
func (Greedy) Move(_ context.Context, b *engine.Board, _ Limits) engine.Pos {
	if b.MoveCount() == 0 {
		return b.Pos(b.Width()/2, b.Height()/2)
	}
	e := eval.Attach(b)
	defer e.Detach()
	return greedyChoice(e)
}

// scored is a candidate point and its value.
type scored struct {
	p engine.Pos
	v int
}

// greedyChoice is Move on an evaluator attached to the position.
func greedyChoice(e *eval.Evaluator) engine.Pos {
	b := e.Board()
	me := b.SideToMove()
	op := me.Opp()
	legal := func(p engine.Pos) bool { return me != engine.Black || !e.Forbidden(p) }
	if f := e.Fives(me); len(f) > 0 {
		return f[0]
	}
	value := func(p engine.Pos) int {
		return greedyAttack[e.Combo(p, me)] + greedyDefence[e.Combo(p, op)] +
			e.WeightedPotential(p, me)
	}
	var cands []scored
	if f := e.Fives(op); len(f) > 0 {
		for _, p := range f {
			if legal(p) {
				cands = append(cands, scored{p, value(p)})
			}
		}
	} else {
		for y := 0; y < b.Height(); y++ {
			for x := 0; x < b.Width(); x++ {
				if p := b.Pos(x, y); b.At(p) == engine.Empty && legal(p) {
					cands = append(cands, scored{p, value(p)})
				}
			}
		}
	}
	if len(cands) == 0 { // every free point is forbidden, or the five cannot be blocked
		return anyFree(b, legal)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].v > cands[j].v })
	best := cands[0].p
	if e.Combo(best, me).Winning() || threatLevel(e, op) < eval.ComboDoubleThree {
		return best
	}
	return greedyDefend(e, cands)
}

// threatLevel is the strongest combo colour c could make on its move
// (forbidden points excluded); a straight four counts as the threat of an
// open three already on the board.
func threatLevel(e *eval.Evaluator, c engine.Color) eval.Combo {
	best := eval.ComboNone
	if len(e.Fives(c)) > 0 {
		return eval.ComboFive
	}
	for _, p := range e.Fours(c) {
		best = max(best, e.Combo(p, c))
	}
	for _, p := range e.Threes(c) {
		best = max(best, e.Combo(p, c))
	}
	return best
}

// greedyDefend answers an opponent who could make a double three or
// better: it tries the best-valued points and the opponent's threat points,
// and plays the one after which the opponent's threat (residualThreat) is
// weakest, the higher value among equals.
func greedyDefend(e *eval.Evaluator, cands []scored) engine.Pos {
	b := e.Board()
	me := b.SideToMove()
	op := me.Opp()
	tries := cands[:min(greedyTries, len(cands))]
	seen := map[engine.Pos]bool{}
	for _, c := range tries {
		seen[c.p] = true
	}
	for _, c := range cands[len(tries):] {
		if combo := e.Combo(c.p, op); combo >= eval.ComboDoubleThree && !seen[c.p] {
			tries = append(tries, c)
			seen[c.p] = true
		}
	}
	best, bestThreat := tries[0], eval.Combo(255)
	for _, c := range tries {
		b.Make(c.p)
		threat := residualThreat(e, me, op)
		b.Undo()
		if threat < bestThreat {
			best, bestThreat = c, threat
		}
	}
	return best.p
}

// residualThreat is what the opponent op threatens once me has moved: its
// strongest combo, except that while me has a four (op must block) or a
// winning combo to play next (op must answer it), only op's own fours
// count.
func residualThreat(e *eval.Evaluator, me, op engine.Color) eval.Combo {
	if len(e.Fives(op)) > 0 {
		return eval.ComboFive
	}
	if len(e.Fives(me)) == 0 && !threatLevel(e, me).Winning() {
		return threatLevel(e, op)
	}
	threat := eval.ComboNone
	for _, p := range e.Fours(op) {
		threat = max(threat, e.Combo(p, op))
	}
	return threat
}

// anyFree is the first free point in row order, legal if one is.
func anyFree(b *engine.Board, legal func(engine.Pos) bool) engine.Pos {
	first := engine.NoPos
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty {
				if legal(p) {
					return p
				}
				if first == engine.NoPos {
					first = p
				}
			}
		}
	}
	return first
}
