// Package threat is a light incremental threat tracker for the winning
// search: the five, four and open-three points of both colours, and the
// renju forbidden points, kept up to date on every move far more cheaply
// than the evaluator (package eval) keeps its monomials, combos and
// journal. It answers what the winning search reads of a position with
// the evaluator's own line tables, so that both agree point by point.
//
// The state is a pure function of the stones: per cell and direction the
// line key (two bits a cell, five cells each side, as the evaluator's),
// and per free cell and colour its sharp classes (overline, open three,
// four, five; the weaker ones are ClassNone) and the candidate set they
// put it in, kept as bitsets. A cell's classes are looked up only when it
// has two stones of the colour among its eight nearest cells on the line,
// the least any sharp class needs, so most cells a move touches cost a key
// update and a few bit operations. Combos, five points and the renju
// reality of threes are read off the keys when asked for. Undo flips the
// keys back and restores the few cells the move changed from a journal
// (a move made before the tracker was built is undone by recomputing).
//
// It supports freestyle, exact five and renju (after Rapfi's per-cell
// pattern codes, with the evaluator's classes as the codes); caro is left
// to the evaluator.
package threat

import (
	"math/bits"

	"github.com/kakugo/kakugo/engine"
)

// The candidate sets of a colour. A free cell is in at most one, the one
// of its best threat; under renju black's four and three sets hold
// candidates whose threes' reality is settled when the list is read.
const (
	setFive = iota
	setFour
	setThree
	setForbidden // renju black: forbidden by its classes alone (overline, two fours)
	numSets
)

// Tracker follows one board (attach it with Board.Attach) and keeps its
// threats. It is not safe for concurrent use.
type Tracker struct {
	b        *engine.Board
	t        *tables
	dirs     [4]engine.Pos
	renju    bool
	farReach int // farNone, farBlack or farBoth (flip)

	info  *cellInfo
	mode  [2]int // per colour index: cellInfo's mode (1 for renju black)
	cells []cell

	bits  [2][numSets][]uint64
	count [2][numSets]int32
	lists [2][numSets]posList

	// tick counts the moves made and undone (the caches' validity).
	tick   uint32
	combos [2][]cachedCombo

	scratch *engine.Board // renju: the position without observers, for the recursive check

	// The undo journal: each Made's frame, and the codes and sets of the
	// cells it changed, as they were (journaling bool: a Made is recording).
	frames     []frame
	saved      []savedCell // saved[:nsaved] is the journal; the rest is room (Made keeps a move's worth)
	nsaved     int32
	journaling bool
}

// cell is what the tracker keeps of one cell, in one place: a move reads
// and writes about forty cells scattered over the board, and one cache
// line each costs far less than one per array (measured: make and undo
// from 420 ns to 380 ns; the journal then to 250 ns).
type cell struct {
	keys    [4]uint32 // by direction: two bits a cell, the left side low
	touched uint32    // the tick when the keys last changed (the combo cache)
	codes   [2]uint16 // by colour index: the sharp classes (tables.go)
	set     [2]int8   // by colour index: the set of a free cell, or -1
	empty   bool
}

// frame is the journal of one Made: its stone and where its saved cells
// begin.
type frame struct {
	s     engine.Pos
	c     engine.Color
	start int32
}

// savedCell is a cell's codes before a Made changed them; its sets follow
// from them (cellInfo.set).
type savedCell struct {
	p     engine.Pos
	codes [2]uint16
}

// posList is a set's cells in order, as of tick.
type posList struct {
	tick  uint32
	items []engine.Pos
}

// cachedCombo is a cell's combo and flags (combo | flags<<8) as of stamp.
type cachedCombo struct {
	stamp uint32
	v     uint16
}

// Supports reports whether the tracker handles rule r (not caro).
func Supports(r engine.Rule) bool { return int(r) < len(ruleTables) }

// New builds a tracker for b's position, which must be under a rule
// Supports accepts. It does not attach itself: call b.Attach.
func New(b *engine.Board) *Tracker {
	tr := &Tracker{}
	tr.Reset(b)
	return tr
}

// Reset rebuilds the tracker for b's current position, reusing its memory.
func (tr *Tracker) Reset(b *engine.Board) {
	n := b.Size()
	tr.b, tr.t, tr.dirs, tr.renju = b, ruleTables[b.Rule()](), b.Dirs(), b.Rule() == engine.Renju
	tr.farReach = farReachOf(b.Rule())
	tr.info, tr.mode = sharedCellInfo(), [2]int{}
	if tr.renju {
		tr.mode[0] = 1
	}
	if len(tr.cells) != n {
		tr.cells = make([]cell, n)
		for ci := range 2 {
			tr.combos[ci] = make([]cachedCombo, n)
			for s := range numSets {
				tr.bits[ci][s] = make([]uint64, (n+63)/64)
			}
		}
	}
	for i := range tr.cells {
		tr.cells[i] = cell{touched: 1, set: [2]int8{-1, -1}, empty: b.At(engine.Pos(i)) == engine.Empty}
	}
	for ci := range 2 {
		clear(tr.combos[ci])
		for s := range numSets {
			clear(tr.bits[ci][s])
			tr.lists[ci][s].tick = 0
		}
	}
	tr.count = [2][numSets]int32{}
	tr.tick = 1
	tr.frames, tr.nsaved, tr.journaling = tr.frames[:0], 0, false
	tr.scratch = nil
	if tr.renju {
		tr.scratch = b.Clone()
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			for d := range tr.dirs {
				tr.cells[p].keys[d] = tr.scanKey(p, d)
			}
		}
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty {
				for d := range tr.dirs {
					tr.refresh(p, d)
				}
			}
		}
	}
	tr.tick++ // the combo cache's stamps start below every touched cell's
}

// scanKey reads the key of p along d from the board.
func (tr *Tracker) scanKey(p engine.Pos, d int) uint32 {
	step := tr.dirs[d]
	var key uint32
	for k := range sideLen {
		key |= uint32(tr.b.At(p-engine.Pos(k+1)*step)) << (2 * k)
		key |= uint32(tr.b.At(p+engine.Pos(k+1)*step)) << (sideBits + 2*k)
	}
	return key
}

// Made is the engine.Observer hook: a stone of colour c is now at s.
func (tr *Tracker) Made(_ *engine.Board, s engine.Pos, c engine.Color) {
	if tr.scratch != nil {
		tr.scratch.Put(s, c)
	}
	tr.advance()
	if len(tr.saved)-int(tr.nsaved) < maxSaved {
		tr.saved = append(tr.saved, make([]savedCell, max(len(tr.saved), 4*maxSaved))...)
	}
	tr.frames = append(tr.frames, frame{s, c, tr.nsaved})
	tr.journaling = true
	cs := &tr.cells[s]
	tr.save(s, cs)
	cs.touched, cs.codes, cs.empty = tr.tick, [2]uint16{}, false
	tr.place(s, 0, -1)
	tr.place(s, 1, -1)
	tr.flip(s, c)
	tr.journaling = false
}

// Undone is the engine.Observer hook: the stone of colour c at s is gone.
// The keys are flipped back and the cells the move changed restored from
// the journal; a stone placed before the tracker was built (not in the
// journal) is taken away by recomputing, the move done backwards.
func (tr *Tracker) Undone(_ *engine.Board, s engine.Pos, c engine.Color) {
	if tr.scratch != nil {
		tr.scratch.Undo()
	}
	tr.advance()
	cs := &tr.cells[s]
	cs.touched, cs.empty = tr.tick, true
	if n := len(tr.frames) - 1; n >= 0 && tr.frames[n].s == s && tr.frames[n].c == c {
		tr.flipKeys(s, c)
		f := tr.frames[n]
		set := &tr.info.set
		for i := tr.nsaved - 1; i >= f.start; i-- {
			sv := &tr.saved[i]
			tr.cells[sv.p].codes = sv.codes
			tr.place(sv.p, 0, set[tr.mode[0]][sv.codes[0]])
			tr.place(sv.p, 1, set[0][sv.codes[1]])
		}
		tr.frames, tr.nsaved = tr.frames[:n], f.start
		return
	}
	tr.frames, tr.nsaved = tr.frames[:0], 0 // the journal no longer matches the board
	for d := range tr.dirs {
		tr.refresh(s, d)
	}
	tr.flip(s, c)
}

// maxSaved bounds the cells one Made journals: the stone's own and two
// sides of sideLen on each of the four lines.
const maxSaved = 1 + 4*2*sideLen

// save journals cell p as it is, when a Made is recording.
func (tr *Tracker) save(p engine.Pos, cp *cell) {
	if tr.journaling {
		tr.saved[tr.nsaved] = savedCell{p, cp.codes}
		tr.nsaved++
	}
}

// flipKeys toggles colour c's stone at s in the keys of the cells within
// sideLen of it, and nothing else: Undone's journal restores the rest.
func (tr *Tracker) flipKeys(s engine.Pos, c engine.Color) {
	cells, tick := tr.cells, tr.tick
	for d, step := range tr.dirs {
		p, q := s, s
		for k := range sideLen {
			p += step
			q -= step
			cp, cq := &cells[p], &cells[q]
			cp.keys[d] ^= uint32(c) << (2 * k)
			cq.keys[d] ^= uint32(c) << (sideBits + 2*k)
			cp.touched, cq.touched = tick, tick
		}
	}
}

// advance counts a move made or undone. The stamps are 32 bits: when the
// count wraps (after four billion moves), the caches are emptied.
func (tr *Tracker) advance() {
	tr.tick++
	if tr.tick == 0 {
		for ci := range 2 {
			clear(tr.combos[ci])
			for s := range numSets {
				tr.lists[ci][s].tick = 0
			}
		}
		for i := range tr.cells {
			tr.cells[i].touched = 1
		}
		tr.tick = 2
	}
}

// flip toggles colour c's stone at s in the keys of the cells within
// sideLen of it along each line, and refreshes the free ones. It is the
// hot path of the search: one key update and a popcount or two per cell.
// The farthest cells (sideLen away) are refreshed only for the colours
// whose sharp classes can read that far (farReach): under freestyle
// none, under renju black only (its overlines).
func (tr *Tracker) flip(s engine.Pos, c engine.Color) {
	cells, tick := tr.cells, tr.tick
	for d, step := range tr.dirs {
		p, q := s, s
		for k := range sideLen - 1 {
			p += step // s lies on p's left side
			q -= step // s lies on q's right side
			cp, cq := &cells[p], &cells[q]
			cp.keys[d] ^= uint32(c) << (2 * k)
			cq.keys[d] ^= uint32(c) << (sideBits + 2*k)
			cp.touched, cq.touched = tick, tick
			// recode's test, written out here: the call is most of its cost.
			if cp.empty {
				near := cp.keys[d] & nearMask
				bl, wh := near&0x55555&^(near>>1), near>>1&0x55555&^near
				if bl&(bl-1) != 0 || wh&(wh-1) != 0 || (cp.codes[0]|cp.codes[1])>>(codeBits*d)&7 != 0 {
					tr.recodeSharp(p, cp, d, bl&(bl-1) != 0, wh&(wh-1) != 0, false)
				}
			}
			if cq.empty {
				near := cq.keys[d] & nearMask
				bl, wh := near&0x55555&^(near>>1), near>>1&0x55555&^near
				if bl&(bl-1) != 0 || wh&(wh-1) != 0 || (cq.codes[0]|cq.codes[1])>>(codeBits*d)&7 != 0 {
					tr.recodeSharp(q, cq, d, bl&(bl-1) != 0, wh&(wh-1) != 0, false)
				}
			}
		}
		p += step
		q -= step
		cp, cq := &cells[p], &cells[q]
		cp.keys[d] ^= uint32(c) << (2 * (sideLen - 1))
		cq.keys[d] ^= uint32(c) << (sideBits + 2*(sideLen-1))
		cp.touched, cq.touched = tick, tick
		switch tr.farReach {
		case farBoth:
			if cp.empty {
				tr.recode(p, cp, d)
			}
			if cq.empty {
				tr.recode(q, cq, d)
			}
		case farBlack:
			if cp.empty {
				tr.recodeBlack(p, cp, d)
			}
			if cq.empty {
				tr.recodeBlack(q, cq, d)
			}
		}
	}
}

// The colours whose sharp classes can change with a stone sideLen cells
// away, the far end of a key (TestFarReach checks each rule's tables):
// under freestyle a five, four or open three lies within four cells;
// exact five's and renju black's overlines reach the fifth cell.
const (
	farNone  = iota // freestyle
	farBlack        // renju: white makes five with an overline too
	farBoth         // exact five
)

// farReachOf is rule r's far reach.
func farReachOf(r engine.Rule) int {
	switch r {
	case engine.Freestyle:
		return farNone
	case engine.Renju:
		return farBlack
	}
	return farBoth
}

// recodeBlack is recode for black's classes only, white's kept: a far
// cell under renju.
func (tr *Tracker) recodeBlack(p engine.Pos, cp *cell, d int) {
	near := cp.keys[d] & nearMask
	bl := near & 0x55555 &^ (near >> 1)
	if bl&(bl-1) == 0 && cp.codes[0]>>(codeBits*d)&7 == 0 {
		return
	}
	tr.recodeSharp(p, cp, d, bl&(bl-1) != 0, false, true)
}

// refresh recomputes direction d of the free cell p from its key.
func (tr *Tracker) refresh(p engine.Pos, d int) { tr.recode(p, &tr.cells[p], d) }

// nearMask selects the four nearest cells of each side of a key.
const nearMask = 0xff | 0xff<<sideBits

// recode sets direction d of the free cell p's codes from its key, and
// moves p between the sets where they changed. A sharp class needs two
// stones of its colour among the eight nearest cells (an open three, the
// least of them, is three stones within a window of five), so where
// neither colour has two and the cell had no sharp class along d, nothing
// changes: the common case, small enough to be inlined into flip.
func (tr *Tracker) recode(p engine.Pos, cp *cell, d int) {
	near := cp.keys[d] & nearMask
	bl, wh := near&0x55555&^(near>>1), near>>1&0x55555&^near // black and white stones (a wall sets both bits)
	if bl&(bl-1) == 0 && wh&(wh-1) == 0 && (cp.codes[0]|cp.codes[1])>>(codeBits*d)&7 == 0 {
		return
	}
	tr.recodeSharp(p, cp, d, bl&(bl-1) != 0, wh&(wh-1) != 0, false)
}

// recodeSharp is recode where a colour may have a sharp class along d:
// black and white say which colours have the two stones to look up;
// keepWhite leaves white's class as it is (recodeBlack).
func (tr *Tracker) recodeSharp(p engine.Pos, cp *cell, d int, black, white, keepWhite bool) {
	key := cp.keys[d]
	shift := uint(codeBits * d)
	var nb, nw uint16
	if black {
		nb = uint16(tr.t.code[0][tr.t.entry(0, key)]) << shift
	}
	if white {
		nw = uint16(tr.t.code[1][tr.t.entry(1, key)]) << shift
	}
	v0, v1 := cp.codes[0]&^(7<<shift)|nb, cp.codes[1]&^(7<<shift)|nw
	if keepWhite {
		v1 = cp.codes[1]
	}
	if v0 == cp.codes[0] && v1 == cp.codes[1] {
		return
	}
	tr.save(p, cp) // once: a move reaches a cell along one line only
	if v := v0; v != cp.codes[0] {
		cp.codes[0] = v
		tr.place(p, 0, tr.info.set[tr.mode[0]][v])
	}
	if v := v1; v != cp.codes[1] {
		cp.codes[1] = v
		tr.place(p, 1, tr.info.set[0][v])
	}
}

// place moves p into set s (-1: none) of colour index ci.
func (tr *Tracker) place(p engine.Pos, ci int, s int8) {
	old := tr.cells[p].set[ci]
	if old == s {
		return
	}
	w, bit := p>>6, uint64(1)<<(p&63)
	if old >= 0 {
		tr.bits[ci][old][w] &^= bit
		tr.count[ci][old]--
	}
	if s >= 0 {
		tr.bits[ci][s][w] |= bit
		tr.count[ci][s]++
	}
	tr.cells[p].set[ci] = s
}

// list is set s of colour index ci in cell order, made once per tick.
func (tr *Tracker) list(ci, s int) []engine.Pos {
	if tr.count[ci][s] == 0 {
		return nil
	}
	l := &tr.lists[ci][s]
	if l.tick == tr.tick {
		return l.items
	}
	l.items = l.items[:0]
	for w, word := range tr.bits[ci][s] {
		for ; word != 0; word &= word - 1 {
			l.items = append(l.items, engine.Pos(w*64+bits.TrailingZeros64(word)))
		}
	}
	l.tick = tr.tick
	return l.items
}
