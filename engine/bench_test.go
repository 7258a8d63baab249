package engine

import "testing"

// midgame is a 15x15 position of 30 stones used by the benchmarks.
const midgame = "h8i9g7i7i8g9j8k8g8f8g6g5h6f6j6k6h7h9i6j5e9f10d10c11h5h4e7d7f7e8"

func benchBoard(b *testing.B, size int, r Rule) *Board {
	moves, err := ParseMoves(midgame)
	if err != nil {
		b.Fatal(err)
	}
	off := (size - 15) / 2
	for i := range moves {
		moves[i].X += off
		moves[i].Y += off
	}
	bd, err := FromMoves(size, size, r, moves)
	if err != nil {
		b.Fatal(err)
	}
	return bd
}

// BenchmarkMakeUndo is one Make and one Undo of the bare board, the
// baseline the evaluator's make+undo benchmark is compared with.
func BenchmarkMakeUndo(b *testing.B) {
	bd := benchBoard(b, 15, Freestyle)
	p := bd.Pos(3, 3)
	for b.Loop() {
		bd.Make(p)
		bd.Undo()
	}
}

// BenchmarkIsForbidden checks every empty point of a renju midgame.
func BenchmarkIsForbidden(b *testing.B) {
	bd := benchBoard(b, 15, Renju)
	bd.SetSideToMove(Black)
	for b.Loop() {
		for p := Pos(0); int(p) < bd.Size(); p++ {
			if bd.At(p) == Empty {
				bd.IsForbidden(p)
			}
		}
	}
}
