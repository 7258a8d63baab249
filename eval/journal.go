package eval

import "github.com/kakugo/kakugo/engine"

// The undo journal. A move changes the line entries, combos and candidate
// sets of the free points around it; recomputing them all again on Undo
// cost as much as the move itself (the winning search spent 43% of its
// time in Undone). Instead Made saves each field of a point's record before
// it changes, logs every move between candidate sets and keeps the renju
// list of uncertain points, and Undone puts them back in reverse order.
// The monomials and direction keys are undone arithmetically, as before.
// Restoring the sets' operations in reverse also restores their order,
// so an evaluator after Make and Undo is the same in every field as
// before, not only equal as a set of facts.

// savedField is one field of a point's record before a change: the line
// classes of one direction (kind savedEntries, both colours), the combo
// and flags of one colour (savedCombo), or the renju safety bits
// (savedSafe). Small records, restored in reverse order, cost less than
// copying whole points (measured: the winning search spent 28% of its
// time saving and restoring whole records, once per point and move).
type savedField struct {
	p    engine.Pos
	cls  [2]DirClass
	kind uint8
	d    uint8 // direction, or colour index for savedCombo
}

// The kinds of savedField.
const (
	savedEntries = iota
	savedCombo
	savedSafe
)

// setChange is one move of a point between a colour's candidate sets:
// from set from (-1: none), where it stood at index at, to set to.
type setChange struct {
	p        engine.Pos
	at       int32
	ci       uint8
	from, to int8
}

// frame is the journal of one Made: where its records begin in the logs.
type frame struct {
	s               engine.Pos
	c               engine.Color
	points, changes int
	unc, uncN       int
}

// journal holds the frames of the moves made since the evaluator was
// built, innermost last.
type journal struct {
	frames  []frame
	points  []savedField
	changes []setChange
	unc     []engine.Pos
	open    bool // a Made is recording
}

// begin opens the frame of a move of colour c at s.
func (e *Evaluator) beginFrame(s engine.Pos, c engine.Color) {
	j := &e.j
	j.frames = append(j.frames, frame{s: s, c: c, points: len(j.points), changes: len(j.changes),
		unc: len(j.unc), uncN: len(e.uncertain)})
	j.unc = append(j.unc, e.uncertain...)
	j.open = true
}

// saveEntries records p's line classes along d before a change.
func (e *Evaluator) saveEntries(p engine.Pos, d int) {
	if e.j.open {
		pt := &e.pts[p]
		e.j.points = append(e.j.points, savedField{p: p, kind: savedEntries, d: uint8(d),
			cls: [2]DirClass{pt.cls[0][d], pt.cls[1][d]}})
	}
}

// saveCombo records p's combo and flags for colour index ci before a
// change (in the ent and cls slots of the record).
func (e *Evaluator) saveCombo(p engine.Pos, ci int) {
	if e.j.open {
		pt := &e.pts[p]
		e.j.points = append(e.j.points, savedField{p: p, kind: savedCombo, d: uint8(ci),
			cls: [2]DirClass{DirClass(pt.combo[ci]), DirClass(pt.flags[ci])}})
	}
}

// saveSafe records p's renju safety bits before a change.
func (e *Evaluator) saveSafe(p engine.Pos) {
	if e.j.open {
		e.j.points = append(e.j.points, savedField{p: p, kind: savedSafe, cls: [2]DirClass{DirClass(e.pts[p].safe)}})
	}
}

// restore puts a saved field back.
func (e *Evaluator) restore(f *savedField) {
	pt := &e.pts[f.p]
	switch f.kind {
	case savedEntries:
		pt.cls[0][f.d], pt.cls[1][f.d] = f.cls[0], f.cls[1]
	case savedCombo:
		pt.combo[f.d], pt.flags[f.d] = Combo(f.cls[0]), uint8(f.cls[1])
	default:
		pt.safe = uint8(f.cls[0])
	}
}

// logSetChange records a move of p between colour ci's sets.
func (e *Evaluator) logSetChange(p engine.Pos, ci int, from, to int) {
	if e.j.open {
		at := int32(-1)
		if from >= 0 {
			at = e.idx[ci][p]
		}
		e.j.changes = append(e.j.changes, setChange{p: p, at: at, ci: uint8(ci), from: int8(from), to: int8(to)})
	}
}

// rewind undoes the innermost frame if it is the move of colour c at s,
// after the board has taken the stone away; it reports false (and drops
// the journal, which no longer matches the board) otherwise.
func (e *Evaluator) rewind(s engine.Pos, c engine.Color) bool {
	j := &e.j
	n := len(j.frames) - 1
	if n < 0 {
		return false
	}
	f := j.frames[n]
	if f.s != s || f.c != c {
		j.frames, j.points, j.changes, j.unc = j.frames[:0], j.points[:0], j.changes[:0], j.unc[:0]
		return false
	}
	for i := len(j.changes) - 1; i >= f.changes; i-- {
		e.revertSetChange(j.changes[i])
	}
	for i := len(j.points) - 1; i >= f.points; i-- {
		e.restore(&j.points[i])
	}
	e.uncertain = append(e.uncertain[:0], j.unc[f.unc:f.unc+f.uncN]...)
	j.frames, j.points, j.changes, j.unc = j.frames[:n], j.points[:f.points], j.changes[:f.changes], j.unc[:f.unc]
	return true
}

// revertSetChange is the inverse of one setChange, applied when every
// later change has been reverted: p is then the last of set to, and set
// from is as remove left it (its old last item at index at).
func (e *Evaluator) revertSetChange(ch setChange) {
	idx := e.idx[ch.ci]
	if ch.to >= 0 {
		s := &e.sets[ch.ci][ch.to]
		s.items = s.items[:len(s.items)-1]
		idx[ch.p] = -1
	}
	if ch.from >= 0 {
		s := &e.sets[ch.ci][ch.from]
		if int(ch.at) == len(s.items) {
			s.items = append(s.items, ch.p)
		} else {
			moved := s.items[ch.at]
			idx[moved] = int32(len(s.items))
			s.items = append(s.items, moved)
			s.items[ch.at] = ch.p
		}
		idx[ch.p] = ch.at
	}
}

// flipKeys flips s's cell in the direction keys of the points within
// SideLen of it, without refreshing their entries (the journal restores
// those).
func (e *Evaluator) flipKeys(s engine.Pos, c engine.Color) {
	for d, step := range e.dirs {
		p, q := s, s
		for k := 0; k < SideLen; k++ {
			p += step
			q -= step
			e.keys[p][d] ^= uint32(c) << (2 * k)
			e.keys[q][d] ^= uint32(c) << (2*SideLen + 2*k)
		}
	}
}
