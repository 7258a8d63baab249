package eval

import "github.com/kakugo/kakugo/engine"

// forgetCounts marks the tally and the neighbourhood as those of an
// earlier position, once a move is made or taken back (at the end of the
// update, so that nothing the update reads could count a half-made one).
func (e *Evaluator) forgetCounts() { e.tallied, e.boxed = false, false }

// tally counts the free points by combo class (comboCount) and by the pair
// of the two colours' tiers (tierPairs), unless the counts are those of the
// position already. Only the free points within SideLen of a stone's
// bounding box are read: a point farther from every stone sees no stone on
// its lines, so both its combos are ComboNone, which is not counted.
//
// Kept through every move instead, the counts cost about 4% of the tree
// search's time (a counter pair per combo change, made and taken back),
// more than counting them at the leaves that read them.
func (e *Evaluator) tally() {
	if e.tallied {
		return
	}
	e.tallied = true
	e.comboCount = [2][numCombos]int32{}
	e.tierPairs = [NumTiers][NumTiers]int32{}
	x0, y0, x1, y1, ok := e.Neighbourhood()
	if !ok {
		return
	}
	b := e.b
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			c := e.pts[p].combo
			e.comboCount[0][c[0]]++
			e.comboCount[1][c[1]]++
			e.tierPairs[comboTier[c[0]]][comboTier[c[1]]]++
		}
	}
	e.comboCount[0][ComboNone], e.comboCount[1][ComboNone] = 0, 0
	e.tierPairs[TierNone][TierNone] = 0
}

// Neighbourhood is the rectangle of cells (x0..x1, y0..y1, inclusive) that
// holds every stone and every cell within SideLen of one, cut to the board,
// or false on an empty board. A free cell outside it has no stone on any of
// its lines: its line classes and combos are all none, for both colours.
func (e *Evaluator) Neighbourhood() (x0, y0, x1, y1 int, ok bool) {
	if !e.boxed {
		e.boxed = true
		e.box, e.boxOK = [4]int{}, false
		b := e.b
		if moves := b.Moves(); len(moves) > 0 {
			x0, y0 := b.XY(moves[0])
			x1, y1 := x0, y0
			for _, m := range moves[1:] {
				x, y := b.XY(m)
				x0, x1 = min(x0, x), max(x1, x)
				y0, y1 = min(y0, y), max(y1, y)
			}
			e.box = [4]int{max(x0-SideLen, 0), max(y0-SideLen, 0), min(x1+SideLen, b.Width()-1), min(y1+SideLen, b.Height()-1)}
			e.boxOK = true
		}
	}
	return e.box[0], e.box[1], e.box[2], e.box[3], e.boxOK
}
