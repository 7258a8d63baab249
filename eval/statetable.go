package eval

import "github.com/kakugo/kakugo/engine"

// The monomial state table (Garcia 3.1). A monomial's state is its five
// window cells (empty, black or white) and the two cells just beyond its
// ends (empty, black, white or wall): 3^5 * 4^2 = 3888 states. Garcia keeps
// two bits for the ends (blocked or not); exact five and renju need to know
// whether an end holds an own stone (the five would be an overline) and caro
// whether it holds an opponent stone rather than a wall, so the ends keep
// all four values. A move changes one state per touched monomial, by the
// table's next index; each state carries, per colour and rule, the score,
// the alive flag and the rank.

const (
	// StateCount is the number of monomial states.
	StateCount = 243 * 16
	// SlotBefore and SlotAfter are the state slots of the cells just
	// beyond the window's ends; slots 0-4 are the window cells in order.
	SlotBefore = 5
	SlotAfter  = 6
	numSlots   = 7
	// RankNone is the rank of a monomial that cannot become a winning five
	// for the colour (dead, or an own stone at an end under exact five, or
	// opponent stones at both ends under caro). Ranks 0-9 are Garcia's.
	RankNone = 10
	// NumRanks is the number of rank values, RankNone included.
	NumRanks = 11
)

// slotWeight is the place value of each slot in a state index.
var slotWeight = [numSlots]uint16{1, 3, 9, 27, 81, 243, 972}

// StateInfo is what a monomial state means for one colour under one rule.
type StateInfo struct {
	// Score is s(m) = 2^k for an alive monomial with k own stones, else 0.
	Score uint8
	// Stones is k, the colour's stones in the window.
	Stones uint8
	// Rank is Garcia's rank score: 2(4-k) when the threat cannot be blocked
	// (the window and its ends leave room to reach a straight four), 2(4-k)+1
	// when it can; 0 for a completed five; RankNone when the window cannot
	// become a winning five.
	Rank uint8
	// Alive: the opponent has no stone in the window.
	Alive bool
}

// StateTable is the static monomial state table of one rule: the next
// state for every change of every slot, and each state's meaning for both
// colours. It is immutable once built.
type StateTable struct {
	next *stateNext // shared by every rule
	info [StateCount][2]StateInfo
	hot  [StateCount]uint32 // per colour (black low, white high) score | rank<<8: what make and undo read
	// wpot is, per colour (black low, white high), a state's term of
	// WeightedPotential for that colour: 5 times its pointRanks weight for
	// the colour plus 4 times the opponent's (at most 9,216). One read per
	// monomial where the sum over both colours' ranks took two and a
	// table four times larger.
	wpot [StateCount]uint32
}

// stateNext is the transition part of the state table; it does not depend
// on the rule.
type stateNext [StateCount][numSlots][3]uint16

// Next is the state after slot (0-4 the window, SlotBefore, SlotAfter) of
// state s becomes c (Empty, Black or White).
func (t *StateTable) Next(s uint16, slot int, c engine.Color) uint16 { return t.next[s][slot][c] }

// Info is state s's meaning for colour c.
func (t *StateTable) Info(s uint16, c engine.Color) StateInfo { return t.info[s][c-1] }

// StateIndex is the state of a window whose cells are win and whose
// neighbouring cells are before and after (Wall off the board).
func StateIndex(win [5]engine.Color, before, after engine.Color) uint16 {
	s := uint16(before)*slotWeight[SlotBefore] + uint16(after)*slotWeight[SlotAfter]
	for i, c := range win {
		s += uint16(c) * slotWeight[i]
	}
	return s
}

// decodeState is the inverse of StateIndex.
func decodeState(s uint16) (cells [numSlots]engine.Color) {
	for i := range cells {
		base := uint16(3)
		if i >= SlotBefore {
			base = 4
		}
		cells[i] = engine.Color(s / slotWeight[i] % base)
	}
	return cells
}

// buildStateNext fills the transitions.
func buildStateNext() *stateNext {
	t := new(stateNext)
	for s := uint16(0); s < StateCount; s++ {
		cells := decodeState(s)
		for slot := range numSlots {
			for v := engine.Empty; v <= engine.White; v++ {
				if cells[slot] == engine.Wall {
					t[s][slot][v] = s // walls never change
					continue
				}
				t[s][slot][v] = s + uint16(v)*slotWeight[slot] - uint16(cells[slot])*slotWeight[slot]
			}
		}
	}
	return t
}

// buildStateTable fills the table for rule r.
func buildStateTable(r engine.Rule, next *stateNext) *StateTable {
	t := &StateTable{next: next}
	for ci, c := range [2]engine.Color{engine.Black, engine.White} {
		lr := lineRuleFor(r, c)
		open := make([]int8, StateCount) // memo: 0 unknown, 1 open, -1 not
		for s := uint16(0); s < StateCount; s++ {
			in := stateInfo(t, s, c, lr, open)
			t.info[s][ci] = in
			t.hot[s] |= (uint32(in.Score) | uint32(in.Rank)<<8) << (16 * ci)
		}
	}
	for s := range t.wpot {
		for ci := range 2 {
			w := 5*pointRanks[t.info[s][ci].Rank] + 4*pointRanks[t.info[s][1-ci].Rank]
			t.wpot[s] |= uint32(w) << (16 * ci)
		}
	}
	return t
}

// stateInfo computes one state's meaning for colour c.
func stateInfo(t *StateTable, s uint16, c engine.Color, lr lineRule, open []int8) StateInfo {
	cells := decodeState(s)
	k, alive := 0, true
	for _, v := range cells[:5] {
		switch v {
		case c:
			k++
		case c.Opp():
			alive = false
		}
	}
	info := StateInfo{Stones: uint8(k), Alive: alive, Rank: RankNone}
	if !alive {
		return info
	}
	info.Score = 1 << k
	if !stateLive(cells, c, lr) {
		return info
	}
	switch {
	case k == 5:
		info.Rank = 0
	case stateOpen(t, s, c, open):
		info.Rank = uint8(2 * (4 - k))
	default:
		info.Rank = uint8(2*(4-k) + 1)
	}
	return info
}

// stateLive reports whether filling the window would give c a winning five
// under the rule, as far as the window and its ends tell.
func stateLive(cells [numSlots]engine.Color, c engine.Color, lr lineRule) bool {
	b, a := cells[SlotBefore], cells[SlotAfter]
	if lr.exact && (b == c || a == c) {
		return false
	}
	return !(lr.caro && b == c.Opp() && a == c.Opp())
}

// stateOpen reports whether c can reach an unblockable four inside the
// window by adding stones: a four whose empty cell is at one end of the
// window while the cell beyond the other end is empty (so the line holds
// a straight four). It is what makes a rank even.
func stateOpen(t *StateTable, s uint16, c engine.Color, memo []int8) bool {
	if memo[s] != 0 {
		return memo[s] > 0
	}
	cells := decodeState(s)
	k, hole := 0, -1
	for i, v := range cells[:5] {
		if v == c {
			k++
		} else {
			hole = i
		}
	}
	res := false
	switch {
	case k == 4:
		res = hole == 4 && cells[SlotBefore] == engine.Empty ||
			hole == 0 && cells[SlotAfter] == engine.Empty
	case k < 4:
		for i := 0; i < 5 && !res; i++ {
			if cells[i] == engine.Empty {
				res = stateOpen(t, t.next[s][i][c], c, memo)
			}
		}
	}
	memo[s] = -1
	if res {
		memo[s] = 1
	}
	return res
}
