package engine

// Renju forbidden points for black, after the international rules: a black
// move that makes exactly five wins; otherwise it is forbidden if it makes an
// overline, two or more fours, or two or more open threes. A three counts
// only if it can become a straight four by a move that is not itself
// forbidden, which makes the definition recursive.

// maxForbidDepth bounds the recursion through nested threes. Each level adds
// a stone, and real positions never need more than a few levels.
const maxForbidDepth = 8

// IsForbidden reports whether black may not play at the empty cell p. It is
// always false outside renju.
func (b *Board) IsForbidden(p Pos) bool {
	if b.rule != Renju || b.cells[p] != Empty {
		return false
	}
	return b.forbidden(p, 0)
}

// forbidden assumes p is empty and checks it for black.
func (b *Board) forbidden(p Pos, depth int) bool {
	b.cells[p] = Black
	res := b.forbiddenPlaced(p, depth)
	b.cells[p] = Empty
	return res
}

// forbiddenPlaced is forbidden with the black stone already at p.
func (b *Board) forbiddenPlaced(p Pos, depth int) bool {
	over := false
	for _, d := range b.dirs {
		n, _, _ := b.run(p, d, Black)
		if n == 5 {
			return false
		}
		if n > 5 {
			over = true
		}
	}
	if over {
		return true
	}
	fours, threes := 0, 0
	for _, d := range b.dirs {
		if f := b.blackFours(p, d); f > 0 {
			fours += f
			if fours >= 2 {
				return true
			}
			continue
		}
		if threes < 2 && depth < maxForbidDepth && b.blackOpenThree(p, d, depth) {
			threes++
		}
	}
	return threes >= 2
}

// exactFiveAt reports whether black at the empty cell q makes exactly five
// along d with a run that contains p.
func (b *Board) exactFiveAt(q, p, d Pos) bool {
	n, lo, hi := b.run(q, d, Black)
	return n == 5 && lo < p && p < hi
}

// Every direction offset is positive, so along a line lo < hi.

// blackFours counts the fours that the black stone at p has along d: 0, 1,
// or 2 when one line holds two separate fours (such as X.XXX.X). A straight
// four (two five points five cells apart) counts as one.
func (b *Board) blackFours(p, d Pos) int {
	first, count := NoPos, 0
	for k := Pos(-4); k <= 4; k++ {
		q := p + k*d
		if k == 0 || b.cells[q] != Empty {
			continue
		}
		if b.exactFiveAt(q, p, d) {
			if count == 0 {
				first = q
			} else if q-first == 5*d {
				continue // the far end of a straight four
			}
			count++
		}
	}
	return count
}

// blackOpenThree reports whether the black stone at p has a real three along
// d: some empty q nearby makes a straight four containing p, and q is not
// itself forbidden.
func (b *Board) blackOpenThree(p, d Pos, depth int) bool {
	for k := Pos(-3); k <= 3; k++ {
		q := p + k*d
		if k == 0 || b.cells[q] != Empty {
			continue
		}
		b.cells[q] = Black
		straight := b.straightFour(q, p, d)
		b.cells[q] = Empty
		if straight && !b.forbidden(q, depth+1) {
			return true
		}
	}
	return false
}

// straightFour reports whether the black stone at q is part of a run of
// exactly four along d that contains p, with both ends empty and each end
// making exactly five.
func (b *Board) straightFour(q, p, d Pos) bool {
	n, lo, hi := b.run(q, d, Black)
	if n != 4 || b.cells[lo] != Empty || b.cells[hi] != Empty {
		return false
	}
	if !(lo < p && p < hi) {
		return false
	}
	return b.cells[lo-d] != Black && b.cells[hi+d] != Black
}

// ForbiddenPoints lists black's forbidden points on the board, in row order.
func (b *Board) ForbiddenPoints() []Pos {
	var out []Pos
	if b.rule != Renju {
		return out
	}
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			if p := b.Pos(x, y); b.IsForbidden(p) {
				out = append(out, p)
			}
		}
	}
	return out
}
