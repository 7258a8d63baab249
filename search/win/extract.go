package win

import (
	"maps"
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/proof"
)

// winExtract is the state of a proof extraction.
type winExtract struct {
	p     *proof.Proof
	need  map[uint64]int // attacker moves to win from a proof position
	cells map[engine.Pos]bool
}

// extract turns the proven root into a Proof by walking the tree again:
// the attacker's move comes from the table, and where the table lost it
// the node is searched again; the defender's replies are generated as
// the search generated them. It also returns a principal line (the
// defence that holds out longest) and the proof's depth.
func (w *Search) extract() (p *proof.Proof, line []engine.Pos, depth int, ok bool) {
	x := &winExtract{p: proof.New(w.b, w.att, w.kind), need: map[uint64]int{}, cells: map[engine.Pos]bool{}}
	depth, ok = w.extractAttack(x, 0)
	if !ok {
		return nil, nil, 0, false
	}
	x.p.SetCells(slices.Collect(maps.Keys(x.cells)))
	return x.p, w.principalLine(x), depth, true
}

// extractAttack records the attacker node at ply and its subtree.
func (w *Search) extractAttack(x *winExtract, ply int) (int, bool) {
	if f := w.th.Fives(w.att); len(f) > 0 {
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
	if e.leaf && w.kind == proof.VCT {
		// Proven by its VCF: the rest of the proof is the VCF's.
		saved := w.enterZone(int(e.need))
		n, ok := w.extractAttack(x, ply)
		w.leave(saved)
		return n, ok
	}
	m := engine.Pos(e.move)
	x.p.Set(h, m)
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
		for _, f := range w.th.Fives(w.att) {
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
		if f := w.th.Fives(w.att); len(f) > 0 {
			return append(line, minPos(f))
		}
		m, ok := x.p.Answer(w.b.Hash())
		if !ok {
			m = proof.WinningFour(w.b, w.att)
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
	cands := append([]engine.Pos(nil), w.th.Fives(w.att)...)
	if q := w.unstoppable(); q != engine.NoPos {
		cands = append(cands, q)
		cands = w.th.AppendFivePoints(cands, q, w.att)
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
