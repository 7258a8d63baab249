package engine

// HashAfter is the Zobrist key the position would have after the side to
// move played p, without playing it: searches use it to look up a child
// position in a transposition table before deciding to visit it.
func (b *Board) HashAfter(p Pos) uint64 {
	x, y := b.XY(p)
	return b.hash ^ zobrist[b.side-1][y*MaxSize+x] ^ zobristWhite
}

// HashAfter2 is the Zobrist key the position would have after the side to
// move played p and the opponent then q (the side to move is the same
// again, so its key cancels out).
func (b *Board) HashAfter2(p, q Pos) uint64 {
	x, y := b.XY(p)
	u, v := b.XY(q)
	return b.hash ^ zobrist[b.side-1][y*MaxSize+x] ^ zobrist[2-b.side][v*MaxSize+u]
}
