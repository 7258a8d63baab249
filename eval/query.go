package eval

import (
	"math/bits"

	"github.com/kakugo/kakugo/engine"
)

// Dir indices follow engine.Board.Dirs: 0 horizontal, 1 vertical, 2
// diagonal (down-right), 3 anti-diagonal (down-left).

// MonomialCount is the number of monomials: (W-4)H + W(H-4) + 2(W-4)(H-4).
func (e *Evaluator) MonomialCount() int { return len(e.state) }

// Monomial returns monomial i's first cell, its step (one of the board's
// Dirs) and its state index in the StateTable.
func (e *Evaluator) Monomial(i int) (start, step engine.Pos, state uint16) {
	return e.monoStart[i], e.monoStep[i], e.state[i]
}

// Potential is v(p) for colour c: the sum of s(m) = 2^k over the monomials
// covering p that c's opponent has no stone in (Garcia 2.2).
func (e *Evaluator) Potential(p engine.Pos, c engine.Color) int { return int(e.pot[p][c-1]) }

// TotalScore is the sum of s(m) over all monomials for colour c.
func (e *Evaluator) TotalScore(c engine.Color) int { return int(e.total[c-1]) }

// RankCounts is how many monomials have each rank for colour c; index
// RankNone counts those that cannot become c's five.
func (e *Evaluator) RankCounts(c engine.Color) [NumRanks]int {
	var out [NumRanks]int
	for r, n := range e.rankCount[c-1] {
		out[r] = int(n)
	}
	return out
}

// AliveCount is the number of monomials in which c's opponent has no stone.
func (e *Evaluator) AliveCount(c engine.Color) int {
	info := &e.t.states.info
	n := 0
	for _, s := range e.state {
		if info[s][c-1].Alive {
			n++
		}
	}
	return n
}

// Line is what a stone of colour c on the free point p makes along
// direction d (0-3). Its masks are read with MaskPoints.
func (e *Evaluator) Line(p engine.Pos, d int, c engine.Color) LineEntry {
	return e.t.lines[c-1].entries[e.ent(p, d, int(c)-1)]
}

// Class is Line(p, d, c).Class.
func (e *Evaluator) Class(p engine.Pos, d int, c engine.Color) DirClass {
	return e.t.lines[c-1].entries[e.ent(p, d, int(c)-1)].Class
}

// NumCombos is the number of combo classes (ComboNone to ComboFive).
const NumCombos = int(numCombos)

// ComboCount is the number of free points where a stone of colour c makes
// the combo class k (0 for ComboNone, which is not counted), counted at the
// first call after a move (tally).
func (e *Evaluator) ComboCount(c engine.Color, k Combo) int {
	e.tally()
	return int(e.comboCount[c-1][k])
}

// Classes are the four direction classes of a stone of colour c on the
// free point p, as the evaluator keeps them (undefined for an occupied
// point): the learned value's line-pattern codes read them.
func (e *Evaluator) Classes(p engine.Pos, c engine.Color) [4]DirClass { return e.pts[p].cls[c-1] }

// Combo is the combo class of a stone of colour c on p (ComboNone for an
// occupied point).
func (e *Evaluator) Combo(p engine.Pos, c engine.Color) Combo { return e.pts[p].combo[c-1] }

// Flags are p's threat flags for colour c (FlagFive, FlagFour, ...).
func (e *Evaluator) Flags(p engine.Pos, c engine.Color) uint8 { return e.pts[p].flags[c-1] }

// Forbidden reports whether p is a renju forbidden point for black.
func (e *Evaluator) Forbidden(p engine.Pos) bool { return e.pts[p].flags[0]&FlagForbidden != 0 }

// Fives are the points where a stone of c wins at once.
func (e *Evaluator) Fives(c engine.Color) []engine.Pos { return e.sets[c-1][setFive].items }

// Fours are the points where a stone of c makes at least one four (of any
// kind, straight fours and double fours included) but no five; renju
// black's forbidden points are never in it.
func (e *Evaluator) Fours(c engine.Color) []engine.Pos { return e.sets[c-1][setFour].items }

// Threes are the points where a stone of c makes at least one open three
// (real, for renju black) but no four and no five; the points that make a
// four and a three at once are in Fours.
func (e *Evaluator) Threes(c engine.Color) []engine.Pos { return e.sets[c-1][setThree].items }

// ForbiddenPoints are black's forbidden points (renju only).
func (e *Evaluator) ForbiddenPoints() []engine.Pos { return e.sets[0][setForbidden].items }

// MaskPoints appends to dst the cells a line mask of point p along
// direction d stands for.
func (e *Evaluator) MaskPoints(dst []engine.Pos, p engine.Pos, d int, mask uint16) []engine.Pos {
	step := e.dirs[d]
	for m := mask; m != 0; m &= m - 1 {
		dst = append(dst, p+engine.Pos(bits.TrailingZeros16(m)-center)*step)
	}
	return dst
}

// AppendFivePoints appends the cells where c would complete a five after
// playing p: the replies the opponent must choose from after c's four at p
// (one cell for a plain four, two for a straight or double four).
func (e *Evaluator) AppendFivePoints(dst []engine.Pos, p engine.Pos, c engine.Color) []engine.Pos {
	lt := e.t.lines[c-1]
	for d := range e.dirs {
		if ent := lt.entries[e.ent(p, d, int(c)-1)]; ent.Class.IsFour() {
			dst = e.MaskPoints(dst, p, d, ent.Fives)
		}
	}
	return dst
}

// AppendThreeDefences appends, for each open three a stone of c at p makes,
// the cells where an opponent stone leaves that three no straight four.
// For renju black's unreal threes (counted as closed by Combo) the cells
// are listed too; callers that care check Combo first.
func (e *Evaluator) AppendThreeDefences(dst []engine.Pos, p engine.Pos, c engine.Color) []engine.Pos {
	lt := e.t.lines[c-1]
	for d := range e.dirs {
		if ent := lt.entries[e.ent(p, d, int(c)-1)]; ent.Class == ClassOpenThree {
			dst = e.MaskPoints(dst, p, d, ent.Defences)
		}
	}
	return dst
}

// ForbiddenKind says why a forbidden point is forbidden: "overline",
// "double-four" or "double-three" (the checks in that order), or "" for a
// point that is not forbidden.
func (e *Evaluator) ForbiddenKind(p engine.Pos) string {
	if !e.Forbidden(p) {
		return ""
	}
	var t tally
	for d := range e.dirs {
		t.add(e.Class(p, d, engine.Black))
	}
	switch {
	case t.over > 0:
		return "overline"
	case t.fours >= 2:
		return "double-four"
	}
	return "double-three"
}

// ForbiddenShapes reports every shape that makes p forbidden for black, not
// only the first one the rules look at: an overline, two or more fours, two
// or more real threes. Puzzle collections name a point by any of them
// ("a double three that is also an overline"). It is false for all three
// where p is not forbidden. Not for hot paths: the threes may need the
// recursive check.
func (e *Evaluator) ForbiddenShapes(p engine.Pos) (overline, doubleFour, doubleThree bool) {
	if !e.Forbidden(p) {
		return false, false, false
	}
	var t tally
	threes := 0
	for d, c := range e.pts[p].cls[0] {
		t.add(c)
		if c == ClassOpenThree {
			if real, _ := e.realThree(p, d); real {
				threes++
			}
		}
	}
	return t.over > 0, t.fours >= 2, threes >= 2
}

// pointRanks weighs a monomial by its rank for WeightedPotential: about
// four times more per stone, and a third more when the rank is even (the
// threat cannot be blocked).
var pointRanks = [NumRanks]int{1024, 1024, 80, 60, 20, 15, 5, 4, 1, 1, 0}

// WeightedPotential is what a stone of c on p is worth by potential alone:
// RankPotential with the weights of pointRanks, c's own monomials counted
// five times and the opponent's four (what c builds, and what c takes from
// the opponent). The greedy player adds combo values to it; the tree
// search's prior logits take its logarithm.
//
// It is the tree search's most called query (every candidate of every
// expansion), so the sums are kept with the potentials as the monomials
// change (updateMonomials), each monomial's term for both colours read
// from a small table built with the state table (StateTable.wpot); they
// are RankPotential's (TestWeightedPotentialIsTwoRankPotentials). Like the
// potentials they stand still while the evaluator is frozen.
func (e *Evaluator) WeightedPotential(p engine.Pos, c engine.Color) int {
	return int(e.pot[p][1+c])
}

// RankPotential is a sharper potential than v(p): the sum, over the
// monomials whose window covers p, of w[rank] for colour c, so that a
// monomial's weight can grow faster than 2^k and reward open shapes. It
// reads up to 20 monomial states; it is not kept incrementally.
func (e *Evaluator) RankPotential(p engine.Pos, c engine.Color, w *[NumRanks]int) int {
	info := &e.t.states.info
	ci := c - 1
	sum := 0
	for _, r := range e.refs[e.refStart[p]:e.refStart[p+1]] {
		if r.slot < SlotBefore {
			sum += w[info[e.state[r.m]][ci].Rank]
		}
	}
	return sum
}
