package eval

import (
	"math/bits"

	"github.com/kakugo/kakugo/engine"
)

// Point configurations (Garcia 3.1.1). A free point's neighbourhood along one
// direction is the five cells on each side of it. Four cells each side (the
// thesis's nine-cell line) decide everything in freestyle, but exact five,
// renju and caro also need the fifth: whether a five that ends four cells
// away is an overline, and whether its far end is an opponent stone. Beyond
// the first opponent stone or wall on a side nothing matters, so each side
// reduces to one of SideCount canonical sequences, and a LineTable maps the
// pair of sides to what a stone on the point makes.

const (
	// SideLen is how many cells on each side of a point its key covers.
	SideLen = 5
	// SideCount is the number of distinct sides once the cells beyond the
	// first opponent stone or wall are dropped: 2^5 runs of own and empty
	// cells, plus, for each length 0-4, the runs that end in an opponent
	// stone or a wall.
	SideCount = 32 + 2*31
	// lineLen is the length of the line model: a side, the point, a side.
	lineLen = 2*SideLen + 1
	// center is the point's index in the line model; a mask bit i stands
	// for the cell at offset i-center along the direction.
	center = SideLen
	// sideMask selects one side of a key.
	sideMask = 1<<(2*SideLen) - 1
)

// Cell values in the line model, relative to the colour being classified.
const (
	relEmpty uint8 = iota
	relOwn
	relOpp
	relWall
)

// LineEntry is what a stone of one colour on a free point makes along one
// direction. Masks have bit i set for the cell at offset i-5 along the
// direction (bit 5 is the point itself and is never set).
type LineEntry struct {
	// Class is the strongest shape the stone makes.
	Class DirClass
	// Fives are the cells that complete a five containing the stone once it
	// is placed: for a four, the point the opponent must take.
	Fives uint16
	// Gains are the cells where a second stone raises the class one step:
	// for an open three the straight-four points, for a three the points
	// that make a four, for an open two the points that make an open
	// three, for a two the points that make a three.
	Gains uint16
	// Defences, for an open three, are the cells where an opponent stone
	// leaves no straight four to make.
	Defences uint16
}

// LineTable maps a pair of canonical sides to a LineEntry, for one rule and
// colour. It is immutable once built. The classes are also kept on their
// own, one byte each, because the incremental update reads only them and a
// table nine times smaller stays in the first-level cache.
type LineTable struct {
	entries [SideCount * SideCount]LineEntry
	class   [SideCount * SideCount]DirClass
}

// Entry is the entry for a pair of canonical side indices.
func (t *LineTable) Entry(i int) LineEntry { return t.entries[i] }

// sideCodes maps a raw side (five board cells, two bits each, nearest first,
// in engine.Color values) to its canonical index, for each colour; sideLines
// gives each canonical side's cells, nearest first, relative to the colour,
// with every cell beyond the first blocker set to a wall.
type sideCodes struct {
	index [2][1 << (2 * SideLen)]uint8
	cells [SideCount][SideLen]uint8
}

// buildSideCodes enumerates the canonical sides in a fixed order.
func buildSideCodes() *sideCodes {
	sc := new(sideCodes)
	ids := make(map[[SideLen]uint8]uint8, SideCount)
	for c := 0; c < 2; c++ {
		own := engine.Color(c + 1)
		for raw := 0; raw < 1<<(2*SideLen); raw++ {
			var seq [SideLen]uint8
			blocked := false
			for k := 0; k < SideLen; k++ {
				v := relWall
				if !blocked {
					switch engine.Color(raw >> (2 * k) & 3) {
					case engine.Empty:
						v = relEmpty
					case own:
						v = relOwn
					case own.Opp():
						v, blocked = relOpp, true
					default:
						v, blocked = relWall, true
					}
				}
				seq[k] = v
			}
			id, ok := ids[seq]
			if !ok {
				id = uint8(len(ids))
				ids[seq] = id
				sc.cells[id] = seq
			}
			sc.index[c][raw] = id
		}
	}
	if len(ids) != SideCount {
		panic("eval: canonical side count mismatch")
	}
	return sc
}

// lineRule is a rule as seen by one colour's line classification.
type lineRule struct {
	exact bool // an overline does not win
	caro  bool // a five with an opponent stone at both ends does not win
	renju bool // renju black: a straight four is a run of exactly four whose ends each make exactly five
}

// lineRuleFor is the line rule of colour c under rule r.
func lineRuleFor(r engine.Rule, c engine.Color) lineRule {
	switch r {
	case engine.Exact:
		return lineRule{exact: true}
	case engine.Renju:
		if c == engine.Black {
			return lineRule{exact: true, renju: true}
		}
	case engine.Caro:
		return lineRule{caro: true}
	case engine.CaroExact:
		return lineRule{exact: true, caro: true}
	}
	return lineRule{}
}

// line is the line model: eleven cells with the point at center.
type line [lineLen]uint8

// at reads a cell; cells beyond the model are unknown and read as empty.
// That only matters for a caro run of six or more reaching the model's end,
// which needs five stones in a row beside the free point: a finished game.
func (l *line) at(i int) uint8 {
	if i < 0 || i >= lineLen {
		return relEmpty
	}
	return l[i]
}

// run returns the first non-own cells on each side of the own run through i.
func (l *line) run(i int) (lo, hi int) {
	lo = i - 1
	for lo >= 0 && l[lo] == relOwn {
		lo--
	}
	hi = i + 1
	for hi < lineLen && l[hi] == relOwn {
		hi++
	}
	return lo, hi
}

// wins reports whether the own run through i contains the point and wins.
func (r lineRule) wins(l *line, i int) bool {
	lo, hi := l.run(i)
	if lo >= center || hi <= center {
		return false
	}
	n := hi - lo - 1
	if n < 5 || (n > 5 && r.exact) {
		return false
	}
	return !(r.caro && l.at(lo) == relOpp && l.at(hi) == relOpp)
}

// fives is the mask of empty cells that complete a winning five containing
// the point.
func (r lineRule) fives(l *line) uint16 {
	var m uint16
	for i := center - 4; i <= center+4; i++ {
		if l[i] != relEmpty {
			continue
		}
		l[i] = relOwn
		if r.wins(l, i) {
			m |= 1 << i
		}
		l[i] = relEmpty
	}
	return m
}

// straightPair reports whether a five mask is the two ends of one straight four.
func straightPair(m uint16) bool {
	if bits.OnesCount16(m) != 2 {
		return false
	}
	lo := bits.TrailingZeros16(m)
	return m>>lo == 1|1<<5
}

// unstoppable reports whether, with an own stone just placed at q, the line
// holds a four that cannot be blocked: a straight four by the renju
// definition for renju black, and two or more five points for everyone else.
func (r lineRule) unstoppable(l *line, q int) bool {
	if r.renju {
		lo, hi := l.run(q)
		if hi-lo-1 != 4 || lo >= center || hi <= center {
			return false
		}
		return l.at(lo) == relEmpty && l.at(hi) == relEmpty &&
			l.at(lo-1) != relOwn && l.at(hi+1) != relOwn
	}
	return bits.OnesCount16(r.fives(l)) >= 2
}

// threes returns the cells where a second own stone makes an unstoppable
// four (open) or at least one five point (closed, excluding open).
func (r lineRule) threes(l *line) (open, closed uint16) {
	for q := center - 4; q <= center+4; q++ {
		if l[q] != relEmpty {
			continue
		}
		l[q] = relOwn
		if r.unstoppable(l, q) {
			open |= 1 << q
		} else if r.fives(l) != 0 {
			closed |= 1 << q
		}
		l[q] = relEmpty
	}
	return open, closed
}

// classify computes the entry for the line with an own stone at the
// center. The twos look one stone further ahead, so they recurse once.
func (r lineRule) classify(l *line, twos bool) LineEntry {
	lo, hi := l.run(center)
	if r.wins(l, center) {
		return LineEntry{Class: ClassFive}
	}
	if n := hi - lo - 1; n >= 5 {
		if n > 5 && r.exact {
			return LineEntry{Class: ClassOverline}
		}
		return LineEntry{} // a caro five blocked at both ends
	}
	if f := r.fives(l); f != 0 {
		switch {
		case bits.OnesCount16(f) == 1:
			return LineEntry{Class: ClassFour, Fives: f}
		case straightPair(f):
			return LineEntry{Class: ClassStraightFour, Fives: f}
		}
		return LineEntry{Class: ClassFourFour, Fives: f}
	}
	open, closed := r.threes(l)
	if open != 0 {
		return LineEntry{Class: ClassOpenThree, Gains: open, Defences: r.threeDefences(l)}
	}
	if closed != 0 {
		return LineEntry{Class: ClassThree, Gains: closed}
	}
	if !twos {
		return LineEntry{}
	}
	var o2, c2 uint16
	for q := center - 4; q <= center+4; q++ {
		if l[q] != relEmpty {
			continue
		}
		l[q] = relOwn
		switch r.classify(l, false).Class {
		case ClassOpenThree:
			o2 |= 1 << q
		case ClassThree:
			c2 |= 1 << q
		}
		l[q] = relEmpty
	}
	if o2 != 0 {
		return LineEntry{Class: ClassOpenTwo, Gains: o2}
	}
	if c2 != 0 {
		return LineEntry{Class: ClassTwo, Gains: c2}
	}
	return LineEntry{}
}

// threeDefences is the mask of empty cells where an opponent stone leaves
// the open three at the center no straight four.
func (r lineRule) threeDefences(l *line) uint16 {
	var m uint16
	for d := 0; d < lineLen; d++ {
		if d == center || l[d] != relEmpty {
			continue
		}
		l[d] = relOpp
		if open, _ := r.threes(l); open == 0 {
			m |= 1 << d
		}
		l[d] = relEmpty
	}
	return m
}

// buildLineTable classifies every pair of canonical sides under r.
func buildLineTable(r lineRule, sc *sideCodes) *LineTable {
	t := new(LineTable)
	var l line
	for a := 0; a < SideCount; a++ {
		for b := 0; b < SideCount; b++ {
			for k := 0; k < SideLen; k++ {
				l[center-1-k] = sc.cells[a][k]
				l[center+1+k] = sc.cells[b][k]
			}
			l[center] = relOwn
			t.entries[a*SideCount+b] = r.classify(&l, true)
			t.class[a*SideCount+b] = t.entries[a*SideCount+b].Class
		}
	}
	return t
}
