package eval

import (
	"math/bits"

	"github.com/kakugo/kakugo/engine"
)

// tally counts a point's direction classes for one colour.
type tally struct {
	five, over, fours, open, closed, openTwos, twos int
	straight                                        bool
}

// add counts one direction class; renju black's unsettled open threes are
// left to the caller.
func (t *tally) add(c DirClass) {
	switch c {
	case ClassFive:
		t.five++
	case ClassOverline:
		t.over++
	case ClassStraightFour:
		t.straight = true
		t.fours++
	case ClassFour:
		t.fours++
	case ClassFourFour:
		t.fours += 2
	case ClassOpenThree:
		t.open++
	case ClassThree:
		t.closed++
	case ClassOpenTwo:
		t.openTwos++
	case ClassTwo:
		t.twos++
	}
}

// combo turns a tally into a combo class and flags (Garcia 3.1.2).
func (t *tally) combo() (Combo, uint8) {
	var flags uint8
	if t.fours > 0 {
		flags |= FlagFour
	}
	if t.open > 0 {
		flags |= FlagOpenThree
	}
	switch {
	case t.five > 0:
		return ComboFive, flags | FlagFive
	case t.straight:
		return ComboStraightFour, flags
	case t.fours >= 2:
		return ComboDoubleFour, flags
	case t.fours == 1 && t.open > 0:
		return ComboFourThree, flags
	case t.open >= 2:
		return ComboDoubleThree, flags
	case t.fours == 1:
		return ComboFour, flags
	case t.open == 1:
		return ComboOpenThree, flags
	case t.closed >= 2:
		return ComboDoubleClosedThree, flags
	case t.closed == 1:
		return ComboThree, flags
	case t.openTwos >= 2:
		return ComboDoubleTwo, flags
	case t.openTwos+t.twos > 0:
		return ComboTwo, flags
	}
	return ComboNone, flags
}

// The combo table indexes classes by decimal digits.
const _ = uint(10 - numDirClasses)

// comboTable answers, for every quadruple of direction classes (indexed by
// their base-10 digits), the combo and flags (combo | flags<<8) for a
// colour without forbidden points; renju black's combo where the classes
// alone settle it, or needThrees; and renju black's safety mask (safeMask).
type comboTable struct {
	plain [10000]uint16
	renju [10000]uint16
	safe  [10000]uint8
}

// needThrees marks the renju quadruples whose open threes must be checked
// for reality before the combo is known.
const needThrees = 0xffff

// classKey is the comboTable index of a point's four classes.
func classKey(cls *[4]DirClass) int {
	return int(cls[0]) + 10*int(cls[1]) + 100*int(cls[2]) + 1000*int(cls[3])
}

// buildComboTable tallies every quadruple once.
func buildComboTable() *comboTable {
	t := new(comboTable)
	for i := range t.plain {
		var cls [4]DirClass
		var all, rest tally
		threes := false
		for k, v := 0, i; k < 4; k, v = k+1, v/10 {
			cls[k] = DirClass(v % 10)
			all.add(cls[k])
			if cls[k] == ClassOpenThree {
				threes = true
			} else {
				rest.add(cls[k])
			}
		}
		c, f := all.combo()
		t.plain[i] = uint16(c) | uint16(f)<<8
		switch {
		case rest.five > 0:
			t.renju[i] = uint16(ComboFive) | uint16(FlagFive|fourFlag(rest.fours))<<8
		case rest.over > 0 || rest.fours >= 2:
			t.renju[i] = uint16(ComboForbidden) | uint16(FlagForbidden)<<8
		case threes:
			t.renju[i] = needThrees
		default:
			t.renju[i] = t.plain[i]
		}
		t.safe[i] = safeMaskOf(&cls)
	}
	return t
}

// plainCombo is the combo of a free point for a colour without forbidden
// points (everyone but renju black): one table read.
func (e *Evaluator) plainCombo(p engine.Pos, ci int) (Combo, uint8) {
	v := e.combos.plain[classKey(&e.pts[p].cls[ci])]
	return Combo(v), uint8(v >> 8)
}

// renjuBlackCombo is black's combo under renju (RenjuBlackCombo), with
// the reality of its threes from realThree; a three that needed the
// recursive check marks the point FlagUncertain, to be redone after every
// move.
func (e *Evaluator) renjuBlackCombo(p engine.Pos) (Combo, uint8) {
	var unsure bool
	combo, flags := RenjuBlackCombo(&e.pts[p].cls[0], func(d int) bool {
		real, u := e.realThree(p, d)
		unsure = unsure || u
		return real
	})
	if unsure {
		flags |= FlagUncertain
	}
	return combo, flags
}

// ComboOf is the combo class and flags of a free point whose direction
// classes are cls, for a colour without forbidden points (everyone but
// renju black): one table read.
func ComboOf(cls *[4]DirClass) (Combo, uint8) {
	v := sharedCombo().plain[classKey(cls)]
	return Combo(v), uint8(v >> 8)
}

// RenjuBlackCombo is black's combo class and flags under renju for a free
// point whose direction classes are cls. A five wins whatever else the
// stone makes; otherwise an overline or two fours make the point
// forbidden, and so do two real threes. A three is real when one of its
// straight-four points is not itself forbidden once the three's stone is
// down, which is not a line-local question: real(d) answers it for the
// open three along d, and is called only where the classes alone do not
// settle the combo.
func RenjuBlackCombo(cls *[4]DirClass, real func(d int) bool) (Combo, uint8) {
	if v := sharedCombo().renju[classKey(cls)]; v != needThrees {
		return Combo(v), uint8(v >> 8)
	}
	var t tally
	var threeDirs uint8
	for d, c := range cls {
		if c == ClassOpenThree {
			threeDirs |= 1 << d
			continue
		}
		t.add(c)
	}
	if t.five > 0 {
		return ComboFive, FlagFive | fourFlag(t.fours)
	}
	if t.over > 0 || t.fours >= 2 {
		return ComboForbidden, FlagForbidden
	}
	for d := range cls {
		if threeDirs&(1<<d) == 0 {
			continue
		}
		if real(d) {
			t.open++
		} else {
			t.closed++
		}
	}
	if t.open >= 2 {
		return ComboForbidden, FlagForbidden
	}
	return t.combo()
}

// SafeMask is, for a free point under renju whose black direction classes
// are cls, bit d set when black there, as the straight-four point of a
// three along d, cannot be forbidden (safeMaskOf, read from a table).
func SafeMask(cls *[4]DirClass) uint8 { return sharedCombo().safe[classKey(cls)] }

// fourFlag is FlagFour when n > 0.
func fourFlag(n int) uint8 {
	if n > 0 {
		return FlagFour
	}
	return 0
}

// realThree reports whether black's open three at p along d is real, and
// whether that took the recursive check.
func (e *Evaluator) realThree(p engine.Pos, d int) (real, unsure bool) {
	gains := e.t.lines[0].entries[e.ent(p, d, 0)].Gains
	step := e.dirs[d]
	for m := gains; m != 0; m &= m - 1 {
		q := p + engine.Pos(bits.TrailingZeros16(m)-center)*step
		if e.pts[q].safe&(1<<d) != 0 {
			return true, false
		}
	}
	e.scratch.Put(p, engine.Black)
	for m := gains; m != 0 && !real; m &= m - 1 {
		q := p + engine.Pos(bits.TrailingZeros16(m)-center)*step
		real = !e.scratch.IsForbidden(q)
	}
	e.scratch.Undo()
	return real, true
}

// safeMask is, for a free point q under renju, bit d set when black at q,
// as the straight-four point of a three along d, cannot be forbidden.
func (e *Evaluator) safeMask(q engine.Pos) uint8 {
	return e.combos.safe[classKey(&e.pts[q].cls[0])]
}

// safeMaskOf computes the safety mask from black's classes at a point: bit
// d is set when the classes along the other three directions (which do not
// pass through the stone of a three along d) hold a five, or no overline,
// no four and at most one open three; the point's own direction then holds
// exactly one four, so the point cannot be forbidden.
func safeMaskOf(cls *[4]DirClass) uint8 {
	var five, over, fours, threes int
	for _, c := range cls {
		switch {
		case c == ClassFive:
			five++
		case c == ClassOverline:
			over++
		case c.IsFour():
			fours++
		case c == ClassOpenThree:
			threes++
		}
	}
	var mask uint8
	for d, c := range cls {
		f, o, fo, th := five, over, fours, threes
		switch {
		case c == ClassFive:
			f--
		case c == ClassOverline:
			o--
		case c.IsFour():
			fo--
		case c == ClassOpenThree:
			th--
		}
		if f > 0 || (o == 0 && fo == 0 && th <= 1) {
			mask |= 1 << d
		}
	}
	return mask
}
