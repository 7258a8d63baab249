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
