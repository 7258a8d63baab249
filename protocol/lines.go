package protocol

import "github.com/kakugo/kakugo/engine"

// A small line count, enough for the two decisions the protocol makes on its
// own: the fallback move when the player gives none, and the balance test of
// the swap2 opening. It is the classic five-cell-window count: a window
// (five cells in a row along one of the four directions) belongs to a colour
// while the other colour has no stone in it, and is worth more the more
// stones it holds. The real evaluator lives in eval; the protocol must not
// depend on it, and needs no more than this.

// windowWeight values a window holding k stones of one colour and none of
// the other. A five outweighs everything else on any board.
var windowWeight = [6]int{0, 1, 4, 16, 64, 1 << 20}

// windowValue is a window's value from black's side: positive for black.
func windowValue(black, white int) int {
	switch {
	case white == 0:
		return windowWeight[black]
	case black == 0:
		return -windowWeight[white]
	}
	return 0
}

// staticBalance sums windowValue over every window on the board.
func staticBalance(b *engine.Board) int {
	total := 0
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			for _, d := range b.Dirs() {
				if kb, kw, ok := countWindow(b, p, d); ok {
					total += windowValue(kb, kw)
				}
			}
		}
	}
	return total
}

// countWindow counts the stones in the window of five cells from p along d;
// ok is false if the window leaves the board. The padding is wider than four
// cells, so no index leaves the cell array.
func countWindow(b *engine.Board, p, d engine.Pos) (black, white int, ok bool) {
	for i := engine.Pos(0); i < 5; i++ {
		switch b.At(p + i*d) {
		case engine.Black:
			black++
		case engine.White:
			white++
		case engine.Wall:
			return 0, 0, false
		}
	}
	return black, white, true
}

// gain is how much a stone of colour c at the empty cell p changes
// staticBalance, seen from c's side (positive is good for c): it adds to c's
// windows through p and kills the opponent's.
func gain(b *engine.Board, p engine.Pos, c engine.Color) int {
	total := 0
	for _, d := range b.Dirs() {
		for off := engine.Pos(-4); off <= 0; off++ {
			kb, kw, ok := countWindow(b, p+off*d, d)
			if !ok {
				continue
			}
			before := windowValue(kb, kw)
			if c == engine.Black {
				total += windowValue(kb+1, kw) - before
			} else {
				total -= windowValue(kb, kw+1) - before
			}
		}
	}
	return total
}

// sign is +1 for black and -1 for white, to turn black-side scores into a
// colour's own.
func sign(c engine.Color) int {
	if c == engine.White {
		return -1
	}
	return 1
}

// candidates are the empty cells within two cells of a stone, or the centre
// of an empty board: the only cells worth a look for the balance test.
func candidates(b *engine.Board) []engine.Pos {
	if b.MoveCount() == 0 {
		return []engine.Pos{b.Pos(b.Width()/2, b.Height()/2)}
	}
	seen := make([]bool, b.Size())
	var out []engine.Pos
	for _, m := range b.Moves() {
		mx, my := b.XY(m)
		for y := my - 2; y <= my+2; y++ {
			for x := mx - 2; x <= mx+2; x++ {
				if !b.OnBoard(x, y) {
					continue
				}
				if p := b.Pos(x, y); !seen[p] && b.At(p) == engine.Empty {
					seen[p] = true
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// balance judges a position from black's side: the window count plus half
// the gain of the side to move's best single move by the same count. The
// move is worth half: the opponent answers it, so the side to move is on
// average half a move ahead, and counting the whole gain made every
// position look won for whoever is to move.
func balance(b *engine.Board) int { return balanceFrom(b, staticBalance(b)) }

// balanceFrom is balance for a board whose staticBalance is known.
func balanceFrom(b *engine.Board, static int) int {
	s := b.SideToMove()
	best, found := 0, false
	for _, p := range candidates(b) {
		if b.Legal(p) {
			if g := gain(b, p, s); !found || g > best {
				best, found = g, true
			}
		}
	}
	return static + sign(s)*best/2
}

// fallbackMove is a legal move chosen without the player: a five if there is
// one, else a block of the opponent's five, else the cell with the best gain
// (nearest the centre among equals). It is NoPos only when the side to move
// has no legal move at all (a full board, or only renju-forbidden cells left).
func fallbackMove(b *engine.Board) engine.Pos {
	me := b.SideToMove()
	best, block := engine.NoPos, engine.NoPos
	bestScore, bestDist := 0, 0
	cx, cy := b.Width()/2, b.Height()/2
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if !b.Legal(p) {
				continue
			}
			if b.IsFive(p, me) {
				return p
			}
			if block == engine.NoPos && b.IsFive(p, me.Opp()) {
				block = p
			}
			score, dist := gain(b, p, me), abs(x-cx)+abs(y-cy)
			if best == engine.NoPos || score > bestScore || (score == bestScore && dist < bestDist) {
				best, bestScore, bestDist = p, score, dist
			}
		}
	}
	if block != engine.NoPos {
		return block
	}
	return best
}

// hasLegalMove reports whether the side to move has any legal move: false
// on a full board, or when only renju-forbidden cells are left for black.
func hasLegalMove(b *engine.Board) bool {
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if b.Legal(b.Pos(x, y)) {
				return true
			}
		}
	}
	return false
}

// nearestEmpty is the empty cell nearest the centre, NoPos on a full board.
// noLegalMove asks it where the side to move has no legal move: on a board
// that is not full, renju black with only forbidden cells left.
func nearestEmpty(b *engine.Board) engine.Pos {
	best, bestDist := engine.NoPos, 0
	cx, cy := b.Width()/2, b.Height()/2
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if d := abs(x-cx) + abs(y-cy); b.At(p) == engine.Empty && (best == engine.NoPos || d < bestDist) {
				best, bestDist = p, d
			}
		}
	}
	return best
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
