package win

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestWinInZone: the offset table says what the coordinates say, for
// every pair of cells of boards of several sizes (the table is remade
// when the geometry changes).
func TestWinInZone(t *testing.T) {
	w := New(16)
	for _, size := range []int{15, 20, 9, 15} {
		b, err := engine.New(size, size, engine.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		w.b = b
		for y := range size {
			for x := range size {
				p := b.Pos(x, y)
				for v := range size {
					for u := range size {
						dx, dy := abs(u-x), abs(v-y)
						want := (dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && max(dx, dy) <= 4)
						if got := w.inZone(b.Pos(u, v), p); got != want {
							t.Fatalf("size %d: inZone((%d,%d), (%d,%d)) = %v, want %v", size, u, v, x, y, got, want)
						}
					}
				}
			}
		}
	}
	w.b = nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
