package eval

import "github.com/kakugo/kakugo/engine"

// Evaluator keeps the monomial states, point potentials, point
// configurations and combos of one board up to date as stones are placed
// and removed. Attach it to the board (Attach, or New plus Board.Attach) and
// it follows every Make, Put and Undo; nothing on that path is recomputed
// from scratch. Its slices (Fives, Fours, ...) are its own and change with
// the next move.
type Evaluator struct {
	b      *engine.Board
	t      *Tables
	dirs   [4]engine.Pos
	renju  bool
	combos *comboTable

	// Monomials: the first cell and step of each window, its state, and for
	// every cell the monomials it is a window cell or an end cell of.
	monoStart []engine.Pos
	monoStep  []engine.Pos
	state     []uint16
	refStart  []int32
	refs      []monoRef
	// pot is by cell: the potential of each colour (black, white), then
	// its weighted potential (WeightedPotential), kept side by side because
	// a monomial's change updates both on the same five cells.
	pot       [][4]int32
	rankCount [2][NumRanks]int32
	total     [2]int32

	// Point configurations and combos.
	keys []([4]uint32)
	pts  []point
	sets [2][numSets]posSet
	idx  [2][]int32 // position of a point in its colour's set, or -1
	// comboCount counts the free points of each combo class by colour
	// (ComboNone not counted): the learned value's features.
	comboCount [2][numCombos]int32
	// tierPairs counts the free points by the tiers of black's and
	// white's combos there ([black tier][white tier]; the pair of tier 0s
	// not counted): where both sides want the same point.
	tierPairs [NumTiers][NumTiers]int32
	// tallied: comboCount and tierPairs hold the position's counts. They
	// are counted when asked (tally), not kept through every move: the
	// learned value reads them at the tree's leaves, while the winning
	// search and the tree's descents make and take back many moves between
	// two leaves.
	tallied bool
	// boxed: box (x0, y0, x1, y1; boxOK false on an empty board) is the
	// position's Neighbourhood.
	boxed bool
	boxOK bool
	box   [4]int

	// Renju: a copy of the position without observers on which black's
	// recursive forbidden checks place stones, and the points whose combo
	// depended on such a check and is redone after every move.
	scratch   *engine.Board
	uncertain []engine.Pos

	// Per-move work lists, kept to avoid allocation.
	queue []engine.Pos
	mark  []uint32
	dirty []uint8 // colours (bit 0 black, bit 1 white) to recompute at a queued point
	gen   uint32

	j journal // what Undone puts back (journal.go)

	// frozen > 0: the monomials and potentials are not updated (Freeze).
	frozen int
}

// Freeze stops (true) or resumes (false) the updates of the monomial
// states, potentials and scores, which then keep the values of the
// position where Freeze(true) was called; lines, combos and candidate
// sets stay exact. A search that only needs the threats and uses the
// potentials for move ordering freezes them and spends a fifth less time
// per move. It must undo every move it made before Freeze(false). Calls
// nest: the updates resume at the last Freeze(false).
func (e *Evaluator) Freeze(on bool) {
	if on {
		e.frozen++
	} else if e.frozen > 0 {
		e.frozen--
	}
}

// monoRef says that a cell is slot slot of monomial m; weight is the
// slot's place value in a state index.
type monoRef struct {
	m      int32
	slot   uint8
	weight uint16
}

// point is what the evaluator knows about one cell.
//
// A free point's line table index along d is not stored: it is a function
// of its direction key (ent), and the keys are kept exact for every cell.
// Storing the indices meant journaling about 32 of them per move, since
// nearly every key change changes the index; the classes change far less
// often (measured: make+undo on 15x15 from 1.05 to 0.88 µs).
type point struct {
	cls   [2][4]DirClass // the line entries' classes, which is all combos need
	combo [2]Combo
	flags [2]uint8
	safe  uint8 // renju black: bit d when the point is surely not forbidden as the straight-four point of a three along d
}

// The per-colour candidate sets. A point is in at most one set per colour,
// the one of its best threat.
const (
	setFive = iota
	setFour
	setThree
	setForbidden
	numSets
)

// New builds an evaluator for b's current position from scratch. It does
// not attach itself: call b.Attach(e), or use Attach.
func New(b *engine.Board) *Evaluator {
	e := &Evaluator{b: b, t: TablesFor(b.Rule()), dirs: b.Dirs(), renju: b.Rule() == engine.Renju, combos: sharedCombo()}
	n := b.Size()
	e.buildMonomials()
	e.keys = make([][4]uint32, n)
	e.pts = make([]point, n)
	e.mark = make([]uint32, n)
	e.dirty = make([]uint8, n)
	for c := range e.idx {
		e.idx[c] = make([]int32, n)
		for i := range e.idx[c] {
			e.idx[c][i] = -1
		}
	}
	if e.renju {
		e.scratch = b.Clone()
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			for d := range e.dirs {
				e.keys[p][d] = e.scanKey(p, d)
			}
			if b.At(p) == engine.Empty {
				e.refreshEntries(p)
			}
		}
	}
	e.startMove()
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty {
				e.enqueue(p, bothColours)
			}
		}
	}
	e.settle()
	return e
}

// Attach builds an evaluator for b and attaches it.
func Attach(b *engine.Board) *Evaluator {
	e := New(b)
	b.Attach(e)
	return e
}

// Detach stops following the board.
func (e *Evaluator) Detach() { e.b.Detach(e) }

// Board is the board the evaluator was built for.
func (e *Evaluator) Board() *engine.Board { return e.b }

// Tables are the static tables in use.
func (e *Evaluator) Tables() *Tables { return e.t }

// buildMonomials enumerates the five-cell windows in the four directions
// and computes their states.
func (e *Evaluator) buildMonomials() {
	b := e.b
	w, h := b.Width(), b.Height()
	n := (w-4)*h + w*(h-4) + 2*(w-4)*(h-4)
	e.monoStart = make([]engine.Pos, 0, n)
	e.monoStep = make([]engine.Pos, 0, n)
	count := make([]int32, b.Size()+1)
	for _, step := range e.dirs {
		for y := 0; y < b.Height(); y++ {
			for x := 0; x < b.Width(); x++ {
				s := b.Pos(x, y)
				if b.At(s+4*step) == engine.Wall {
					continue
				}
				e.monoStart = append(e.monoStart, s)
				e.monoStep = append(e.monoStep, step)
				for i := -1; i <= 5; i++ {
					if c := s + engine.Pos(i)*step; b.At(c) != engine.Wall {
						count[c+1]++
					}
				}
			}
		}
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	e.refStart = count
	e.refs = make([]monoRef, count[len(count)-1])
	fill := append([]int32(nil), count[:len(count)-1]...)
	e.state = make([]uint16, len(e.monoStart))
	e.pot = make([][4]int32, b.Size())
	info := &e.t.states.info
	wpot := &e.t.states.wpot
	for m, s := range e.monoStart {
		step := e.monoStep[m]
		var win [5]engine.Color
		for i := range win {
			win[i] = b.At(s + engine.Pos(i)*step)
		}
		st := StateIndex(win, b.At(s-step), b.At(s+5*step))
		e.state[m] = st
		for slot := 0; slot < numSlots; slot++ {
			off := slot
			switch slot {
			case SlotBefore:
				off = -1
			case SlotAfter:
				off = 5
			}
			if c := s + engine.Pos(off)*step; b.At(c) != engine.Wall {
				e.refs[fill[c]] = monoRef{int32(m), uint8(slot), slotWeight[slot]}
				fill[c]++
			}
		}
		for ci := 0; ci < 2; ci++ {
			in := info[st][ci]
			e.rankCount[ci][in.Rank]++
			e.total[ci] += int32(in.Score)
			w := int32(wpot[st] >> (16 * ci) & 0xffff)
			for i := engine.Pos(0); i < 5; i++ {
				e.pot[s+i*step][ci] += int32(in.Score)
				e.pot[s+i*step][2+ci] += w
			}
		}
	}
}

// scanKey reads the direction key of p from the board.
func (e *Evaluator) scanKey(p engine.Pos, d int) uint32 {
	step := e.dirs[d]
	var key uint32
	for k := 0; k < SideLen; k++ {
		key |= uint32(e.b.At(p-engine.Pos(k+1)*step)) << (2 * k)
		key |= uint32(e.b.At(p+engine.Pos(k+1)*step)) << (2*SideLen + 2*k)
	}
	return key
}

// ent is the line table index of the free point p along d for colour
// index ci, read off its direction key.
func (e *Evaluator) ent(p engine.Pos, d, ci int) uint16 {
	return e.t.entryIndex(engine.Color(ci+1), e.keys[p][d])
}

// refreshEntries recomputes the line classes of a free point whose
// previous classes are unknown (a new evaluator, or a stone taken away
// that the journal does not know); the caller queues the point.
func (e *Evaluator) refreshEntries(p engine.Pos) {
	for d := range e.dirs {
		e.setEntries(p, d, e.keys[p][d])
	}
}

// setEntries recomputes one direction's classes of a free point for both
// colours, now that its key changed from old, and reports, as a colour
// mask, where anything a combo depends on changed: a class, or under renju
// the entry of one of black's open threes (its straight-four points).
func (e *Evaluator) setEntries(p engine.Pos, d int, old uint32) uint8 {
	pt := &e.pts[p]
	key := e.keys[p][d]
	var clss [2]DirClass
	var changed uint8
	for ci := range 2 {
		ent := e.t.entryIndex(engine.Color(ci+1), key)
		cls := e.t.lines[ci].class[ent]
		if cls != pt.cls[ci][d] {
			changed |= 1 << ci
		} else if e.renju && ci == 0 && cls == ClassOpenThree && ent != e.t.entryIndex(engine.Black, old) {
			changed |= 1
		}
		clss[ci] = cls
	}
	if clss[0] == pt.cls[0][d] && clss[1] == pt.cls[1][d] {
		return changed // nothing to write (or to journal)
	}
	e.saveEntries(p, d)
	pt.cls[0][d], pt.cls[1][d] = clss[0], clss[1]
	return changed
}

// bothColours is the dirty mask of a point whose every combo must be redone.
const bothColours uint8 = 3

// Made is the engine.Observer hook: a stone of colour c is now at s.
func (e *Evaluator) Made(_ *engine.Board, s engine.Pos, c engine.Color) {
	if e.scratch != nil {
		e.scratch.Put(s, c)
	}
	e.beginFrame(s, c)
	if e.frozen == 0 {
		e.updateMonomials(s, c, true)
	}
	e.startMove()
	e.updateKeys(s, c)
	e.setPoint(s, 0, ComboNone, 0)
	e.setPoint(s, 1, ComboNone, 0)
	e.saveSafe(s)
	e.pts[s].safe = 0
	e.mark[s] = e.gen // occupied: never queued
	e.settle()
	e.j.open = false
	e.forgetCounts()
}

// Undone is the engine.Observer hook: the stone of colour c at s is gone.
func (e *Evaluator) Undone(_ *engine.Board, s engine.Pos, c engine.Color) {
	if e.scratch != nil {
		e.scratch.Undo()
	}
	defer e.forgetCounts()
	if e.frozen == 0 {
		e.updateMonomials(s, c, false)
	}
	if e.rewind(s, c) {
		e.flipKeys(s, c)
		return
	}
	// A move made before the evaluator was built: recompute.
	e.startMove()
	e.updateKeys(s, c)
	e.refreshEntries(s)
	e.enqueue(s, bothColours)
	e.settle()
}

// updateMonomials moves every monomial that s belongs to (as a window or an
// end cell) to its next state, after a stone of colour c was placed (or
// removed) there, and applies the score changes to the potentials of the
// window's cells, and the changes of its WeightedPotential terms to their
// weighted potentials. The next state is StateTable.Next; since a slot's
// value is one digit of the state index, the transition is computed as
// adding (or subtracting) c times the slot's place value, which is the
// table's content without reading its 160 KB.
func (e *Evaluator) updateMonomials(s engine.Pos, c engine.Color, placed bool) {
	hot, wpot := &e.t.states.hot, &e.t.states.wpot
	pot := e.pot
	for _, r := range e.refs[e.refStart[s]:e.refStart[s+1]] {
		old := e.state[r.m]
		st := old - uint16(c)*r.weight
		if placed {
			st = old + uint16(c)*r.weight
		}
		e.state[r.m] = st
		ho, hn := hot[old], hot[st]
		if ho == hn {
			continue // the same ranks and scores: the weighted terms too
		}
		var d [4]int32
		for ci := 0; ci < 2; ci++ {
			oi, ni := uint16(ho>>(16*ci)), uint16(hn>>(16*ci))
			if oi == ni {
				continue
			}
			if or, nr := oi>>8, ni>>8; or != nr {
				e.rankCount[ci][or]--
				e.rankCount[ci][nr]++
			}
			d[ci] = int32(ni&0xff) - int32(oi&0xff)
			e.total[ci] += d[ci]
		}
		wo, wn := wpot[old], wpot[st]
		d[2] = int32(wn&0xffff) - int32(wo&0xffff)
		d[3] = int32(wn>>16) - int32(wo>>16)
		if d == [4]int32{} {
			continue
		}
		p, step := e.monoStart[r.m], e.monoStep[r.m]
		for i := range engine.Pos(5) {
			q := &pot[p+i*step]
			q[0] += d[0]
			q[1] += d[1]
			q[2] += d[2]
			q[3] += d[3]
		}
	}
}

// updateKeys flips s's cell in the keys of the points within SideLen of it
// (c is the colour placed or removed: the key holds it or Empty) and
// refreshes the free ones' entries for that direction.
func (e *Evaluator) updateKeys(s engine.Pos, c engine.Color) {
	b := e.b
	for d, step := range e.dirs {
		p, q := s, s
		for k := 0; k < SideLen; k++ {
			p += step // s lies on p's left side
			q -= step // s lies on q's right side
			op, oq := e.keys[p][d], e.keys[q][d]
			e.keys[p][d] = op ^ uint32(c)<<(2*k)
			e.keys[q][d] = oq ^ uint32(c)<<(2*SideLen+2*k)
			if b.At(p) == engine.Empty {
				e.refreshEntry(p, d, op)
			}
			if b.At(q) == engine.Empty {
				e.refreshEntry(q, d, oq)
			}
		}
	}
}

// refreshEntry recomputes one direction of a free point and queues the
// point if its combos may have changed.
func (e *Evaluator) refreshEntry(p engine.Pos, d int, old uint32) {
	if m := e.setEntries(p, d, old); m != 0 {
		e.enqueue(p, m)
	}
}

// startMove empties the recomputation list. Marks are generation numbers,
// so emptying costs nothing, except once every 2^32 moves when they wrap.
func (e *Evaluator) startMove() {
	e.gen++
	if e.gen == 0 {
		clear(e.mark)
		e.gen = 1
	}
	e.queue = e.queue[:0]
}

// enqueue adds a free point to this move's recomputation list once, with
// the colours whose combos must be redone.
func (e *Evaluator) enqueue(p engine.Pos, colours uint8) {
	if e.mark[p] != e.gen {
		e.mark[p] = e.gen
		e.dirty[p] = 0
		e.queue = append(e.queue, p)
	}
	e.dirty[p] |= colours
}

// settle recomputes the combos of the queued points. Under renju it first
// updates black's safety bits of the queued points, queues the points whose
// threes lean on a point whose safety changed, and queues the points whose
// combos came from the recursive forbidden check.
func (e *Evaluator) settle() {
	if e.renju {
		n := len(e.queue)
		for i := 0; i < n; i++ {
			p := e.queue[i]
			if e.dirty[p]&1 == 0 {
				continue // black's classes did not change
			}
			safe := e.safeMask(p)
			if changed := safe ^ e.pts[p].safe; changed != 0 {
				e.saveSafe(p)
				e.pts[p].safe = safe
				e.queueDependants(p, changed)
			}
		}
		for _, p := range e.uncertain {
			if e.b.At(p) == engine.Empty {
				e.enqueue(p, 1)
			}
		}
		e.uncertain = e.uncertain[:0]
	}
	for _, p := range e.queue {
		e.recompute(p)
	}
}

// queueDependants queues the free points within four cells of p along the
// directions in mask whose black class there is an open three: p may be
// their straight-four point.
func (e *Evaluator) queueDependants(p engine.Pos, mask uint8) {
	for d, step := range e.dirs {
		if mask&(1<<d) == 0 {
			continue
		}
		for k := engine.Pos(-4); k <= 4; k++ {
			q := p + k*step
			if k == 0 || e.b.At(q) != engine.Empty {
				continue
			}
			if e.pts[q].cls[0][d] == ClassOpenThree {
				e.enqueue(q, 1)
			}
		}
	}
}

// recompute sets the dirty colours' combos of the free point p.
func (e *Evaluator) recompute(p engine.Pos) {
	for ci := 0; ci < 2; ci++ {
		if e.dirty[p]&(1<<ci) == 0 {
			continue
		}
		var combo Combo
		var flags uint8
		if e.renju && ci == 0 {
			combo, flags = e.renjuBlackCombo(p)
			if flags&FlagUncertain != 0 {
				e.uncertain = append(e.uncertain, p)
			}
		} else {
			combo, flags = e.plainCombo(p, ci)
		}
		e.setPoint(p, ci, combo, flags)
	}
}

// setPoint stores a point's combo and moves it between the candidate sets.
func (e *Evaluator) setPoint(p engine.Pos, ci int, combo Combo, flags uint8) {
	pt := &e.pts[p]
	if pt.combo[ci] == combo && pt.flags[ci] == flags {
		return // most recomputed points keep their combo: nothing to journal
	}
	e.saveCombo(p, ci)
	old := setOf(pt.flags[ci])
	pt.combo[ci], pt.flags[ci] = combo, flags
	if nw := setOf(flags); nw != old {
		e.logSetChange(p, ci, old, nw)
		if old >= 0 {
			e.sets[ci][old].remove(p, e.idx[ci])
		}
		if nw >= 0 {
			e.sets[ci][nw].add(p, e.idx[ci])
		}
	}
}

// setOf is the candidate set of a point with the given flags, or -1.
func setOf(flags uint8) int {
	switch {
	case flags&FlagFive != 0:
		return setFive
	case flags&FlagForbidden != 0:
		return setForbidden
	case flags&FlagFour != 0:
		return setFour
	case flags&FlagOpenThree != 0:
		return setThree
	}
	return -1
}

// posSet is a set of points with O(1) insertion, removal and membership,
// and iteration in a slice. The index array is shared by the disjoint sets
// of one colour.
type posSet struct{ items []engine.Pos }

func (s *posSet) add(p engine.Pos, idx []int32) {
	idx[p] = int32(len(s.items))
	s.items = append(s.items, p)
}

func (s *posSet) remove(p engine.Pos, idx []int32) {
	i := idx[p]
	last := s.items[len(s.items)-1]
	s.items[i] = last
	idx[last] = i
	s.items = s.items[:len(s.items)-1]
	idx[p] = -1
}
