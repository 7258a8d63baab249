package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// recorder is an Observer that logs what it is told.
type recorder struct{ log []string }

func (r *recorder) Made(b *Board, p Pos, c Color)   { r.log = append(r.log, "+"+c.String()) }
func (r *recorder) Undone(b *Board, p Pos, c Color) { r.log = append(r.log, "-"+c.String()) }

// snapshot is everything Make and Undo must restore.
type snapshot struct {
	cells []Color
	hash  uint64
	moves []Pos
	side  Color
}

func snap(b *Board) snapshot {
	return snapshot{slices.Clone(b.cells), b.hash, slices.Clone(b.moves), b.side}
}

func (s snapshot) equal(o snapshot) bool {
	return slices.Equal(s.cells, o.cells) && s.hash == o.hash && slices.Equal(s.moves, o.moves) && s.side == o.side
}

// scratchHash recomputes the Zobrist key from the cells.
func scratchHash(b *Board) uint64 {
	var h uint64
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			if c := b.At(b.Pos(x, y)); c == Black || c == White {
				h ^= zobrist[c-1][y*MaxSize+x]
			}
		}
	}
	if b.side == White {
		h ^= zobristWhite
	}
	return h
}

// TestMakeUndoRandom plays random games with random undos on every rule and
// several sizes, checking the hash against a recomputation after every step
// and that undoing everything restores the empty board exactly.
func TestMakeUndoRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, r := range Rules {
		for _, sz := range [][2]int{{15, 15}, {20, 20}, {17, 11}, {5, 5}} {
			b, _ := New(sz[0], sz[1], r)
			rec := &recorder{}
			b.Attach(rec)
			empty := snap(b)
			var history []snapshot
			for step := 0; step < 400; step++ {
				if b.MoveCount() > 0 && rng.Intn(4) == 0 {
					b.Undo()
					want := history[len(history)-1]
					history = history[:len(history)-1]
					if !snap(b).equal(want) {
						t.Fatalf("%v %v: undo did not restore the position", r, sz)
					}
					continue
				}
				var free []Pos
				for p := Pos(0); int(p) < b.Size(); p++ {
					if b.Legal(p) {
						free = append(free, p)
					}
				}
				if len(free) == 0 || b.Winner() != Empty {
					break
				}
				history = append(history, snap(b))
				b.Make(free[rng.Intn(len(free))])
				if b.Hash() != scratchHash(b) {
					t.Fatalf("%v %v: incremental hash differs from scratch", r, sz)
				}
			}
			for b.MoveCount() > 0 {
				b.Undo()
			}
			if !snap(b).equal(empty) {
				t.Fatalf("%v %v: undoing every move did not give the empty board", r, sz)
			}
			plus, minus := 0, 0
			for _, e := range rec.log {
				if e[0] == '+' {
					plus++
				} else {
					minus++
				}
			}
			if plus != minus || plus == 0 {
				t.Fatalf("%v %v: observer saw %d makes and %d undos", r, sz, plus, minus)
			}
		}
	}
}

func TestObserverDetachAndClone(t *testing.T) {
	b, _ := New(15, 15, Freestyle)
	r1, r2 := &recorder{}, &recorder{}
	b.Attach(r1)
	b.Attach(r2)
	b.Make(b.Pos(7, 7))
	b.Detach(r1)
	b.Make(b.Pos(8, 8))
	b.Undo()
	if len(r1.log) != 1 || len(r2.log) != 3 || r2.log[1] != "+white" || r2.log[2] != "-white" {
		t.Fatalf("logs %v %v", r1.log, r2.log)
	}
	c := b.Clone()
	c.Make(c.Pos(1, 1))
	if len(r2.log) != 3 || b.MoveCount() != 1 || c.MoveCount() != 2 || b.At(b.Pos(1, 1)) != Empty {
		t.Fatal("clone shares state with the original")
	}
	if c.Hash() == b.Hash() {
		t.Fatal("clone hash did not change")
	}
}

func TestSideToMoveAndHash(t *testing.T) {
	b, _ := New(15, 15, Freestyle)
	h0 := b.Hash()
	b.SetSideToMove(White)
	if b.Hash() == h0 || b.SideToMove() != White {
		t.Fatal("side to move is not hashed")
	}
	b.SetSideToMove(Black)
	if b.Hash() != h0 {
		t.Fatal("side toggle is not its own inverse")
	}
	// The same stones reached in different orders hash alike.
	a, _ := FromMoves(15, 15, Freestyle, []Point{{7, 7}, {8, 8}, {6, 6}, {9, 9}})
	c, _ := FromMoves(15, 15, Freestyle, []Point{{6, 6}, {9, 9}, {7, 7}, {8, 8}})
	if a.Hash() != c.Hash() {
		t.Fatal("transpositions hash differently")
	}
}

func TestFromMovesRejects(t *testing.T) {
	bad := [][]Point{
		{{7, 7}, {7, 7}},
		{{15, 0}},
		{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}, {4, 1}, {5, 5}},
	}
	for i, moves := range bad {
		if _, err := FromMoves(15, 15, Freestyle, moves); err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
}
