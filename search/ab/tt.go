package ab

import "github.com/kakugo/kakugo/engine"

// Bound kinds of a table entry's score.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one transposition table slot, 16 bytes: the full key, the
// best move, the score (mate scores relative to the node, see toTT), the
// leaf value of the position (noStatic when not computed: the learned
// value costs as much as a move and its undo, and iterative deepening
// meets the same leaves again), the depth it was searched to and the
// bound kind.
type ttEntry struct {
	key    uint64
	move   int16
	score  int16
	static int16
	depth  int8
	bound  uint8
}

// noStatic marks an entry without a leaf value.
const noStatic = -1 << 15

// table is a direct-mapped transposition table kept from move to move:
// positions are keyed by the board's Zobrist hash, so a later search
// reads what an earlier one stored. Replacement: always, except that an
// entry of the same position searched deeper keeps its place against a
// shallower bound that is not exact.
type table struct {
	slots []ttEntry
	mask  uint64
}

func newTable(bits int) *table {
	n := 1 << bits
	return &table{slots: make([]ttEntry, n), mask: uint64(n - 1)}
}

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.slots[key&t.mask]
	return e, e.key == key && (e.bound != boundNone || e.static != noStatic)
}

func (t *table) store(key uint64, move engine.Pos, score, depth int, bound uint8, static int) {
	e := &t.slots[key&t.mask]
	if e.key == key {
		if static == noStatic {
			static = int(e.static)
		}
		if int(e.depth) > depth && bound != boundExact {
			if move != engine.NoPos {
				e.move = int16(move)
			}
			e.static = int16(static)
			return
		}
		if move == engine.NoPos {
			move = engine.Pos(e.move)
		}
	}
	*e = ttEntry{key: key, move: int16(move), score: int16(score), static: int16(static),
		depth: int8(max(min(depth, 127), -1)), bound: bound}
}

func (t *table) clear() { clear(t.slots) }

// toTT stores a mate score as the distance from the node, so that the
// entry holds wherever the node is met; fromTT turns it back for a node
// at ply.
func toTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score + ply
	case score <= -winBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score - ply
	case score <= -winBound:
		return score + ply
	}
	return score
}

// setStatic records the leaf value of the position keyed key: in its
// entry, or in a fresh entry with no bound when the slot holds another
// position.
func (t *table) setStatic(key uint64, v int) {
	e := &t.slots[key&t.mask]
	if e.key != key {
		*e = ttEntry{key: key, move: int16(engine.NoPos), depth: -1, bound: boundNone}
	}
	e.static = int16(v)
}

// staticOf is the leaf value stored for the position keyed key, if any.
func (t *table) staticOf(key uint64) (int, bool) {
	e := &t.slots[key&t.mask]
	return int(e.static), e.key == key && e.static != noStatic
}

// boundOf is the kind of bound a node's best score is, searched in the
// window (alpha, beta) with alpha as it was on entry.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}
