package proof

import (
	"slices"

	"github.com/kakugo/kakugo/engine"
)

// Kind selects the threats the attacker may use.
type Kind uint8

const (
	// VCF: victory by continuous fours.
	VCF Kind = iota
	// VCT: victory by continuous threats (fours and open threes).
	VCT
)

func (k Kind) String() string {
	if k == VCT {
		return "VCT"
	}
	return "VCF"
}

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

// New starts an empty proof that att wins the position of b by kind. The
// winning search fills it in with Set and SetCells.
func New(b *engine.Board, att engine.Color, kind Kind) *Proof {
	return &Proof{attacker: att, kind: kind, root: b.Hash(), moves: map[uint64]engine.Pos{}}
}

// Set records m as the attacker's answer in the position whose Zobrist
// hash is h; NoPos removes the answer.
func (p *Proof) Set(h uint64, m engine.Pos) {
	if m == engine.NoPos {
		delete(p.moves, h)
		return
	}
	p.moves[h] = m
}

// Answer is the attacker's answer recorded for the position whose hash is
// h, if there is one.
func (p *Proof) Answer(h uint64) (engine.Pos, bool) {
	m, ok := p.moves[h]
	return m, ok
}

// SetCells records the cells the proof plays on, for either side; they
// are kept in ascending order.
func (p *Proof) SetCells(cells []engine.Pos) {
	p.cells = slices.Sorted(slices.Values(cells))
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
	if m := WinningFour(b, p.attacker); m != engine.NoPos {
		return m, true
	}
	return engine.NoPos, false
}

// WinningFour returns the first cell, in row order, where colour c makes
// a four that no single stone of the opponent's can stop (two five points
// that one stone cannot both take away, under the board's rule), provided
// the opponent has no five to make first; NoPos if there is none. Like
// fiveOnBoard it reads the board only, on a copy without observers.
func WinningFour(b *engine.Board, c engine.Color) engine.Pos {
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
			ok := UnstoppableFour(cb, p, c)
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

// UnstoppableFour reports whether c, having just played p, has two or
// more five points that no single opponent stone takes away.
func UnstoppableFour(b *engine.Board, p engine.Pos, c engine.Color) bool {
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
