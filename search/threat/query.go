package threat

import (
	"math/bits"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// The questions, each answered as the evaluator answers it (package eval
// has the definitions). Slices returned are the tracker's own and change
// with the next move.

// Board is the board the tracker follows.
func (tr *Tracker) Board() *engine.Board { return tr.b }

// Fives are the points where a stone of c wins at once, in cell order.
func (tr *Tracker) Fives(c engine.Color) []engine.Pos { return tr.list(int(c)-1, setFive) }

// Fours are the points where a stone of c makes a four but no five;
// renju black's forbidden points are left out.
func (tr *Tracker) Fours(c engine.Color) []engine.Pos {
	if c == engine.Black && tr.renju {
		return tr.blackList(setFour)
	}
	return tr.list(int(c)-1, setFour)
}

// Threes are the points where a stone of c makes an open three (a real
// one for renju black) and no four or five, and that c may play.
func (tr *Tracker) Threes(c engine.Color) []engine.Pos {
	if c == engine.Black && tr.renju {
		return tr.blackList(setThree)
	}
	return tr.list(int(c)-1, setThree)
}

// blackList is renju black's four or three set with the candidates that
// the reality of their threes rules out dropped: a four with two real
// threes is forbidden, and a three point needs exactly one real three.
// The filtered list is kept per tick in the forbidden set's slot of white,
// which white never uses.
func (tr *Tracker) blackList(s int) []engine.Pos {
	cands := tr.list(0, s)
	if len(cands) == 0 {
		return nil
	}
	l := &tr.lists[1][setForbidden]
	if s == setThree {
		l = &tr.lists[0][setForbidden]
	}
	if l.tick == tr.tick {
		return l.items
	}
	l.items = l.items[:0]
	for _, p := range cands {
		if s == setFour && tr.openThrees(p) < 2 {
			l.items = append(l.items, p)
			continue
		}
		if f := tr.Flags(p, engine.Black); f&eval.FlagForbidden == 0 && (s == setFour || f&eval.FlagOpenThree != 0) {
			l.items = append(l.items, p)
		}
	}
	l.tick = tr.tick
	return l.items
}

// openThrees counts black's open-three classes at p.
func (tr *Tracker) openThrees(p engine.Pos) int { return int(tr.info.threes[tr.cells[p].codes[0]]) }

// Flags are p's threat flags for c (eval.FlagFive, FlagFour, FlagOpenThree,
// FlagForbidden; never FlagUncertain); 0 for an occupied point.
func (tr *Tracker) Flags(p engine.Pos, c engine.Color) uint8 {
	if c == engine.Black && tr.renju && tr.openThrees(p) > 0 {
		_, f := tr.comboFlags(p, 0)
		return f
	}
	if c == engine.Black && tr.renju && tr.cells[p].set[0] == setForbidden {
		return eval.FlagForbidden // the evaluator gives a forbidden point no other flag
	}
	return tr.info.flags[tr.cells[p].codes[c-1]]
}

// Forbidden reports whether p is a renju forbidden point for black.
func (tr *Tracker) Forbidden(p engine.Pos) bool {
	if !tr.renju {
		return false
	}
	switch tr.cells[p].set[0] {
	case setForbidden:
		return true
	case setFour, setThree:
		return tr.openThrees(p) >= 2 && tr.Flags(p, engine.Black)&eval.FlagForbidden != 0
	}
	return false
}

// Combo is the combo class of a stone of c on p (ComboNone for an
// occupied point).
func (tr *Tracker) Combo(p engine.Pos, c engine.Color) eval.Combo {
	if tr.b.At(p) != engine.Empty {
		return eval.ComboNone
	}
	cb, _ := tr.comboFlags(p, int(c)-1)
	return cb
}

// comboFlags is the combo and flags of the free point p for colour index
// ci, from its full classes, cached until p's keys change (or, for a renju
// black point with an open three, whose reality is not line-local, until
// the next move).
func (tr *Tracker) comboFlags(p engine.Pos, ci int) (eval.Combo, uint8) {
	stamp := tr.cells[p].touched
	rb := ci == 0 && tr.renju
	if rb && tr.openThrees(p) > 0 {
		// Only an open three's reality reaches beyond p's lines: without
		// one, black's renju combo is a function of the keys like any
		// other (the renju black combos were a third of the combo time,
		// each recomputed at every move).
		stamp = tr.tick
	}
	cc := &tr.combos[ci][p]
	if cc.stamp == stamp {
		return eval.Combo(cc.v), uint8(cc.v >> 8)
	}
	var cls [4]eval.DirClass
	for d := range tr.dirs {
		cls[d] = tr.t.full[ci][tr.t.entry(ci, tr.cells[p].keys[d])]
	}
	var cb eval.Combo
	var f uint8
	if rb {
		cb, f = eval.RenjuBlackCombo(&cls, func(d int) bool { return tr.realThree(p, d) })
		f &^= eval.FlagUncertain
	} else {
		cb, f = eval.ComboOf(&cls)
	}
	cc.stamp, cc.v = stamp, uint16(cb)|uint16(f)<<8
	return cb, f
}

// realThree reports whether black's open three at the free point p along d
// is real: one of its straight-four points is not forbidden once p is
// black. A point whose other lines cannot make it forbidden (eval.SafeMask)
// settles it; otherwise the engine's recursive check does, on the scratch
// copy of the position.
func (tr *Tracker) realThree(p engine.Pos, d int) bool {
	gains := tr.line(p, d, engine.Black).Gains
	step := tr.dirs[d]
	for m := gains; m != 0; m &= m - 1 {
		q := p + engine.Pos(bits.TrailingZeros16(m)-sideLen)*step
		if cls := classesOf(tr.cells[q].codes[0]); eval.SafeMask(&cls)&(1<<d) != 0 {
			return true
		}
	}
	real := false
	tr.scratch.Put(p, engine.Black)
	for m := gains; m != 0 && !real; m &= m - 1 {
		q := p + engine.Pos(bits.TrailingZeros16(m)-sideLen)*step
		real = !tr.scratch.IsForbidden(q)
	}
	tr.scratch.Undo()
	return real
}

// line is the evaluator's line entry of a stone of c on p along d.
func (tr *Tracker) line(p engine.Pos, d int, c engine.Color) eval.LineEntry {
	return tr.t.t.Line(c).Entry(tr.t.entry(int(c)-1, tr.cells[p].keys[d]))
}

// Class is what a stone of c on the free point p makes along direction d.
func (tr *Tracker) Class(p engine.Pos, d int, c engine.Color) eval.DirClass {
	return tr.t.full[c-1][tr.t.entry(int(c)-1, tr.cells[p].keys[d])]
}

// maskPoints appends the cells a line mask of p along d stands for.
func (tr *Tracker) maskPoints(dst []engine.Pos, p engine.Pos, d int, mask uint16) []engine.Pos {
	step := tr.dirs[d]
	for m := mask; m != 0; m &= m - 1 {
		dst = append(dst, p+engine.Pos(bits.TrailingZeros16(m)-sideLen)*step)
	}
	return dst
}

// AppendFivePoints appends the cells where c would complete a five after
// playing the free point p: the replies to c's four at p.
func (tr *Tracker) AppendFivePoints(dst []engine.Pos, p engine.Pos, c engine.Color) []engine.Pos {
	for d := range tr.dirs {
		if classAt(tr.cells[p].codes[c-1], d).IsFour() {
			dst = tr.maskPoints(dst, p, d, tr.line(p, d, c).Fives)
		}
	}
	return dst
}

// AppendGains appends the cells where a second stone of c raises what a
// stone of c on p makes along d one step (eval.LineEntry.Gains): for an
// open three its straight-four points.
func (tr *Tracker) AppendGains(dst []engine.Pos, p engine.Pos, d int, c engine.Color) []engine.Pos {
	return tr.maskPoints(dst, p, d, tr.line(p, d, c).Gains)
}

// HasNear reports whether colour c has a stone among the four nearest
// cells of p on some line through it. A stone of c on p makes a two, a
// three or more only with one: the VCT's scan of every free cell for
// closed threes and twos skips the others without their combos.
func (tr *Tracker) HasNear(p engine.Pos, c engine.Color) bool {
	cp := &tr.cells[p]
	var own uint32
	for d := range cp.keys {
		// Two bits a cell: black 01, white 10, a wall 11.
		near := cp.keys[d] & nearMask
		if c == engine.Black {
			own |= near & 0x55555 &^ (near >> 1)
		} else {
			own |= near >> 1 & 0x55555 &^ near
		}
	}
	return own != 0
}

// StrongFour reports whether a stone of c on the free point p makes a
// straight four or a double four (Combo is eval.ComboStraightFour or
// eval.ComboDoubleFour). Outside renju black it is read off p's code
// (cellInfo.strong): a five outranks both, and fives and fours are all
// sharp classes, so the weak classes the code leaves out cannot change
// the answer; renju black, whose fours may be forbidden, asks Combo.
func (tr *Tracker) StrongFour(p engine.Pos, c engine.Color) bool {
	if c == engine.Black && tr.renju {
		cb := tr.Combo(p, c)
		return cb == eval.ComboStraightFour || cb == eval.ComboDoubleFour
	}
	return tr.b.At(p) == engine.Empty && tr.info.strong[tr.cells[p].codes[c-1]]
}
