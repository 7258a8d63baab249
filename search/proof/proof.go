package proof

import (
	"slices"

	"github.com/kakugo/kakugo/engine"
)

// Proof is a forced win as a strategy: the attacker's answer to every
// position the defence can reach, keyed by the position's Zobrist hash
// (which includes the side to move). Positions where the attacker has a
// five on the board need no entry: Reply finds the five; nor do those
// after a defence that parries nothing, where Reply finds the
// unstoppable four. Check replays a Proof against every defence.
type Proof struct {
	attacker engine.Color
	kind     Kind
	root     uint64
	moves    map[uint64]engine.Pos
	cells    []engine.Pos
}

// newProof starts an empty proof for the position of b.
func newProof(b *engine.Board, att engine.Color, kind Kind) *Proof {
	return &Proof{attacker: att, kind: kind, root: b.Hash(), moves: map[uint64]engine.Pos{}}
}

// Attacker is the colour the proof wins for.
func (p *Proof) Attacker() engine.Color { return p.attacker }

// Kind is the search kind that found the proof.
func (p *Proof) Kind() Kind { return p.kind }

// Len is the number of positions the proof answers (besides fives).
func (p *Proof) Len() int { return len(p.moves) }

// Cells are the cells the proof plays on, for either side, in ascending
// order: the defence looks for its refutations among them.
func (p *Proof) Cells() []engine.Pos { return p.cells }

// Reply answers the position reached after the defender's move from the
// proof, or ok=false when the position left the proof. A five of the
// attacker's on the board is always the answer, and an unstoppable four
// (read off the board) answers a defence the proof did not list.
func (p *Proof) Reply(b *engine.Board) (move engine.Pos, ok bool) {
	if p == nil || b.SideToMove() != p.attacker {
		return engine.NoPos, false
	}
	if f := fiveOnBoard(b, p.attacker); f != engine.NoPos {
		return f, true
	}
	if m, ok := p.moves[b.Hash()]; ok && b.At(m) == engine.Empty {
		return m, true
	}
	// A defence the proof did not list because it parries nothing: the
	// attacker's unstoppable four is still there.
	if m := winningFour(b, p.attacker); m != engine.NoPos {
		return m, true
	}
	return engine.NoPos, false
}

// winningFour returns the first cell, in row order, where colour c makes
// a four that no single stone of the opponent's can stop (two five points
// that one stone cannot both take away, under the board's rule), provided
// the opponent has no five to make first; NoPos if there is none. Like
// fiveOnBoard it reads the board only, on a copy without observers.
func winningFour(b *engine.Board, c engine.Color) engine.Pos {
	if fiveOnBoard(b, c.Opp()) != engine.NoPos {
		return engine.NoPos
	}
	cb := b.Clone()
	for y := 0; y < cb.Height(); y++ {
		for x := 0; x < cb.Width(); x++ {
			p := cb.Pos(x, y)
			if cb.At(p) != engine.Empty || !nearStones(cb, p, c, 3) || (c == engine.Black && cb.IsForbidden(p)) {
				continue
			}
			cb.Put(p, c)
			ok := unstoppableAfter(cb, p, c)
			cb.Undo()
			if ok {
				return p
			}
		}
	}
	return engine.NoPos
}

// nearStones reports whether some line through the empty cell p holds at
// least n stones of colour c within four cells of it.
func nearStones(b *engine.Board, p engine.Pos, c engine.Color, n int) bool {
	for _, d := range b.Dirs() {
		k := 0
		for i := engine.Pos(-4); i <= 4; i++ {
			if i != 0 && b.At(p+i*d) == c {
				k++
			}
		}
		if k >= n {
			return true
		}
	}
	return false
}

// unstoppableAfter reports whether c, having just played p, has two or
// more five points that no single opponent stone takes away.
func unstoppableAfter(b *engine.Board, p engine.Pos, c engine.Color) bool {
	var fives []engine.Pos
	for _, d := range b.Dirs() {
		for k := engine.Pos(-5); k <= 5; k++ {
			if q := p + k*d; k != 0 && b.At(q) == engine.Empty && b.IsFive(q, c) && !slices.Contains(fives, q) {
				fives = append(fives, q)
			}
		}
	}
	if len(fives) < 2 {
		return false
	}
	// Whether f is a five point reads only the runs of c's stones through
	// it and, under caro, the cells just beyond each run's ends: one stone
	// can only matter on f itself or on such an end.
	for _, f := range fives {
		if stoppedBy(b, f, fives, c) {
			return false
		}
		for _, d := range b.Dirs() {
			lo, hi := f-d, f+d
			for b.At(lo) == c {
				lo -= d
			}
			for b.At(hi) == c {
				hi += d
			}
			if stoppedBy(b, lo, fives, c) || stoppedBy(b, hi, fives, c) {
				return false
			}
		}
	}
	return true
}

// stoppedBy reports whether an opponent stone at the empty cell y (legal
// for the opponent) leaves c none of the five points fives.
func stoppedBy(b *engine.Board, y engine.Pos, fives []engine.Pos, c engine.Color) bool {
	if b.At(y) != engine.Empty || (c.Opp() == engine.Black && b.IsForbidden(y)) {
		return false
	}
	b.Put(y, c.Opp())
	held := false
	for _, g := range fives {
		held = held || (b.At(g) == engine.Empty && b.IsFive(g, c))
	}
	b.Undo()
	return !held
}

// fiveOnBoard returns the first cell (in row order) where c makes a five,
// or NoPos. It reads the board only, so that proofs can be replayed
// without an evaluator.
func fiveOnBoard(b *engine.Board, c engine.Color) engine.Pos {
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty && b.IsFive(p, c) {
				return p
			}
		}
	}
	return engine.NoPos
}

// winExtract is the state of a proof extraction.
type winExtract struct {
	p     *Proof
	need  map[uint64]int // attacker moves to win from a proof position
	cells map[engine.Pos]bool
}

// extract turns the proven root into a Proof by walking the tree again:
// the attacker's move comes from the table, and where the table lost it
// the node is searched again; the defender's replies are generated as
// the search generated them. It also returns a principal line (the
// defence that holds out longest) and the proof's depth.
func (w *Search) extract() (p *Proof, line []engine.Pos, depth int, ok bool) {
	x := &winExtract{p: newProof(w.b, w.att, w.kind), need: map[uint64]int{}, cells: map[engine.Pos]bool{}}
	depth, ok = w.extractAttack(x, 0)
	if !ok {
		return nil, nil, 0, false
	}
	for c := range x.cells {
		x.p.cells = append(x.p.cells, c)
	}
	slices.Sort(x.p.cells)
	return x.p, w.principalLine(x), depth, true
}

// extractAttack records the attacker node at ply and its subtree.
func (w *Search) extractAttack(x *winExtract, ply int) (int, bool) {
	if f := w.ev.Fives(w.att); len(f) > 0 {
		x.cells[minPos(f)] = true
		return 1, true
	}
	h := w.b.Hash()
	if n, ok := x.need[h]; ok {
		return n, true
	}
	e := w.tt.probe(w.key())
	if e == nil || e.need == 0 || int(e.need) > w.budget() || !w.legalFor(engine.Pos(e.move), w.att) {
		if r, _ := w.dfsAttack(ply); r != winProven {
			return 0, false
		}
		if e = w.tt.probe(w.key()); e == nil || e.need == 0 {
			return 0, false
		}
	}
	if e.leaf && w.kind == VCT {
		// Proven by its VCF: the rest of the proof is the VCF's.
		saved := w.enter(VCF, int(e.need))
		n, ok := w.extractAttack(x, ply)
		w.leave(saved)
		return n, ok
	}
	m := engine.Pos(e.move)
	x.p.moves[h] = m
	x.cells[m] = true
	w.play(m)
	n, ok := w.extractDefend(x, ply+1)
	w.unplay()
	if ok {
		x.need[h] = n + 1
	}
	return n + 1, ok
}

// extractDefend records every defender reply at ply.
func (w *Search) extractDefend(x *winExtract, ply int) (int, bool) {
	ms, out, need := w.defenderMoves(w.buf(ply), ply, w.budget())
	w.keep(ply, ms)
	switch out {
	case winAttackerWins:
		for _, f := range w.ev.Fives(w.att) {
			x.cells[f] = true
		}
		if q := w.unstoppable(); q != engine.NoPos {
			x.cells[q] = true
		}
		return need, true
	case winDefenderHolds:
		return 0, false
	}
	replies := slices.Clone(ms)
	worst := 0
	for _, m := range replies {
		x.cells[m.p] = true
		w.play(m.p)
		n, ok := w.extractAttack(x, ply+1)
		w.unplay()
		if !ok {
			return 0, false
		}
		worst = max(worst, n)
	}
	return worst, true
}

// principalLine follows the proof from the root, letting the defender
// pick the reply that holds out longest, until the attacker's five.
func (w *Search) principalLine(x *winExtract) []engine.Pos {
	var line []engine.Pos
	played := 0
	defer func() {
		for ; played > 0; played-- {
			w.unplay()
		}
	}()
	for len(line) < 2*w.b.Width()*w.b.Height() {
		// The attacker's move.
		if f := w.ev.Fives(w.att); len(f) > 0 {
			return append(line, minPos(f))
		}
		m, ok := x.p.moves[w.b.Hash()]
		if !ok {
			m = winningFour(w.b, w.att)
		}
		if m == engine.NoPos {
			return line
		}
		line = append(line, m)
		w.play(m)
		played++
		// The defender's reply.
		ms, out, _ := w.defenderMoves(w.buf(0), 0, w.budget())
		w.keep(0, ms)
		reply, worst := engine.NoPos, -1
		if out == winOpen {
			for _, r := range ms {
				w.play(r.p)
				n, ok := x.need[w.b.Hash()]
				if !ok {
					n = 1 // a five on the board
				}
				w.unplay()
				if n > worst {
					reply, worst = r.p, n
				}
			}
		} else {
			reply = w.hopelessReply()
		}
		if reply == engine.NoPos {
			return line
		}
		line = append(line, reply)
		w.play(reply)
		played++
	}
	return line
}

// hopelessReply is the defender's move in a principal line where nothing
// parries: a block of a five point or of the unstoppable four where the
// rules allow one, else the first legal cell; NoPos on a full board.
func (w *Search) hopelessReply() engine.Pos {
	cands := append([]engine.Pos(nil), w.ev.Fives(w.att)...)
	if q := w.unstoppable(); q != engine.NoPos {
		cands = append(cands, q)
		cands = w.ev.AppendFivePoints(cands, q, w.att)
	}
	slices.Sort(cands)
	for _, p := range cands {
		if w.legalFor(p, w.def) {
			return p
		}
	}
	for y := 0; y < w.b.Height(); y++ {
		for x := 0; x < w.b.Width(); x++ {
			if p := w.b.Pos(x, y); w.legalFor(p, w.def) {
				return p
			}
		}
	}
	return engine.NoPos
}
