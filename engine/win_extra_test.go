package engine

import "testing"

// TestHashAfter checks HashAfter against the hash after Make, for both
// sides and after SetSideToMove.
func TestHashAfter(t *testing.T) {
	b, err := New(15, 15, Renju)
	if err != nil {
		t.Fatal(err)
	}
	for i, xy := range [][2]int{{7, 7}, {8, 7}, {0, 0}, {14, 14}, {3, 9}} {
		if i == 3 {
			b.SetSideToMove(b.SideToMove().Opp())
		}
		p := b.Pos(xy[0], xy[1])
		want := b.HashAfter(p)
		b.Make(p)
		if b.Hash() != want {
			t.Fatalf("move %d: HashAfter %x, hash after Make %x", i, want, b.Hash())
		}
	}
}

// TestHashAfter2 checks HashAfter2 against the hash after two Makes, for
// both sides to move.
func TestHashAfter2(t *testing.T) {
	b, err := New(15, 15, Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	moves := [][2]int{{7, 7}, {8, 7}, {0, 0}, {14, 14}, {3, 9}, {9, 3}, {5, 5}}
	for i := 0; i+1 < len(moves); i += 2 {
		if i == 4 {
			b.SetSideToMove(b.SideToMove().Opp())
		}
		p, q := b.Pos(moves[i][0], moves[i][1]), b.Pos(moves[i+1][0], moves[i+1][1])
		want := b.HashAfter2(p, q)
		b.Make(p)
		b.Make(q)
		if b.Hash() != want {
			t.Fatalf("moves %d, %d: HashAfter2 %x, hash after Make %x", i, i+1, want, b.Hash())
		}
	}
}
