package engine

// run counts the stones of colour c in the line through p along d, treating
// p itself as a stone of c whatever it holds. It returns the run length and
// the first cells beyond each end.
func (b *Board) run(p, d Pos, c Color) (n int, lo, hi Pos) {
	n = 1
	lo = p - d
	for b.cells[lo] == c {
		lo -= d
		n++
	}
	hi = p + d
	for b.cells[hi] == c {
		hi += d
		n++
	}
	return n, lo, hi
}

// IsFive reports whether a stone of colour c at p makes a winning line under
// the board's rule (p may be empty or already hold c). Under renju a black
// five wins even if the same stone also makes a forbidden shape.
func (b *Board) IsFive(p Pos, c Color) bool {
	for _, d := range b.dirs {
		if b.fiveIn(p, d, c) {
			return true
		}
	}
	return false
}

// fiveIn is IsFive for one direction.
func (b *Board) fiveIn(p, d Pos, c Color) bool {
	n, lo, hi := b.run(p, d, c)
	if n < 5 || (n > 5 && b.rule.exactFive(c)) {
		return false
	}
	if b.rule.caro() {
		o := c.Opp()
		return b.cells[lo] != o || b.cells[hi] != o
	}
	return true
}

// Winner reports the colour that has won by the last move, or Empty.
func (b *Board) Winner() Color {
	p := b.LastMove()
	if p == NoPos {
		return Empty
	}
	if c := b.cells[p]; b.IsFive(p, c) {
		return c
	}
	return Empty
}

// HasFive reports whether colour c has a winning line anywhere on the board.
// It scans every stone, so it is meant for validating positions from outside,
// not for searches.
func (b *Board) HasFive(c Color) bool {
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			if p := b.Pos(x, y); b.cells[p] == c && b.IsFive(p, c) {
				return true
			}
		}
	}
	return false
}
