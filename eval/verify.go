package eval

import (
	"fmt"

	"github.com/kakugo/kakugo/engine"
)

// Verify recomputes everything from the board from scratch and reports the
// first place where the incremental state differs from it: monomial
// states, rank counts, scores, potentials, direction keys, line classes,
// combos, flags and candidate sets. It is for tests; it allocates a whole
// evaluator.
func (e *Evaluator) Verify() error {
	f := New(e.b)
	b := e.b
	if len(f.state) != len(e.state) {
		return fmt.Errorf("monomial count %d, want %d", len(e.state), len(f.state))
	}
	for m := range f.state {
		if e.state[m] != f.state[m] {
			return fmt.Errorf("monomial %d (start %v step %d): state %d, want %d", m, e.monoStart[m], e.monoStep[m], e.state[m], f.state[m])
		}
	}
	if e.rankCount != f.rankCount {
		return fmt.Errorf("rank counts %v, want %v", e.rankCount, f.rankCount)
	}
	// The counts, read off the stones' neighbourhood (tally), against
	// every free cell of the fresh evaluator.
	e.tally()
	counts, pairs := f.countEveryCell()
	if e.comboCount != counts {
		return fmt.Errorf("combo counts %v, want %v", e.comboCount, counts)
	}
	if e.tierPairs != pairs {
		return fmt.Errorf("tier pairs %v, want %v", e.tierPairs, pairs)
	}
	if e.total != f.total {
		return fmt.Errorf("total scores %v, want %v", e.total, f.total)
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if err := e.verifyPoint(f, b.Pos(x, y)); err != nil {
				return fmt.Errorf("%s: %w", engine.FormatMove(x, y), err)
			}
		}
	}
	for ci := range e.sets {
		for s := range e.sets[ci] {
			if len(e.sets[ci][s].items) != len(f.sets[ci][s].items) {
				return fmt.Errorf("colour %d set %d: %d points, want %d", ci+1, s, len(e.sets[ci][s].items), len(f.sets[ci][s].items))
			}
		}
	}
	return nil
}

// verifyPoint compares one cell with the fresh evaluator f.
func (e *Evaluator) verifyPoint(f *Evaluator, p engine.Pos) error {
	if e.pot[p] != f.pot[p] {
		return fmt.Errorf("potentials %v, want %v", e.pot[p], f.pot[p])
	}
	if e.keys[p] != f.keys[p] {
		return fmt.Errorf("keys %x, want %x", e.keys[p], f.keys[p])
	}
	ep, fp := &e.pts[p], &f.pts[p]
	if e.b.At(p) != engine.Empty {
		if ep.combo != [2]Combo{} || ep.flags != [2]uint8{} || e.idx[0][p] >= 0 || e.idx[1][p] >= 0 {
			return fmt.Errorf("occupied point still has combos %v flags %v", ep.combo, ep.flags)
		}
		return nil
	}
	switch {
	case ep.cls != fp.cls:
		return fmt.Errorf("line classes %v, want %v", ep.cls, fp.cls)
	case ep.combo != fp.combo:
		return fmt.Errorf("combos %v, want %v", ep.combo, fp.combo)
	case ep.flags != fp.flags:
		return fmt.Errorf("flags %v, want %v", ep.flags, fp.flags)
	case ep.safe != fp.safe:
		return fmt.Errorf("safety %b, want %b", ep.safe, fp.safe)
	}
	for ci := 0; ci < 2; ci++ {
		s := setOf(ep.flags[ci])
		i := e.idx[ci][p]
		if s < 0 {
			if i >= 0 {
				return fmt.Errorf("colour %d: in a set without flags", ci+1)
			}
			continue
		}
		if i < 0 || int(i) >= len(e.sets[ci][s].items) || e.sets[ci][s].items[i] != p {
			return fmt.Errorf("colour %d: missing from set %d", ci+1, s)
		}
	}
	return nil
}

// countEveryCell counts the combo classes and tier pairs as tally does, over
// every free cell of the board.
func (e *Evaluator) countEveryCell() (counts [2][numCombos]int32, pairs [NumTiers][NumTiers]int32) {
	b := e.b
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty {
				c := e.pts[p].combo
				counts[0][c[0]]++
				counts[1][c[1]]++
				pairs[comboTier[c[0]]][comboTier[c[1]]]++
			}
		}
	}
	counts[0][ComboNone], counts[1][ComboNone] = 0, 0
	pairs[TierNone][TierNone] = 0
	return counts, pairs
}
