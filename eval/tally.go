package eval

import "github.com/kakugo/kakugo/engine"

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
	b := e.b
	moves := b.Moves()
	if len(moves) == 0 {
		return
	}
	x0, y0 := b.XY(moves[0])
	x1, y1 := x0, y0
	for _, m := range moves[1:] {
		x, y := b.XY(m)
		x0, x1 = min(x0, x), max(x1, x)
		y0, y1 = min(y0, y), max(y1, y)
	}
	x0, y0 = max(x0-SideLen, 0), max(y0-SideLen, 0)
	x1, y1 = min(x1+SideLen, b.Width()-1), min(y1+SideLen, b.Height()-1)
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
