package play

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestUndoTurn checks what undo takes back and that it says so.
func TestUndoTurn(t *testing.T) {
	tests := []struct {
		moves  string
		engine engine.Color
		want   string
		left   int
	}{
		{"h8g7", engine.White, "Took back g7 (move 2, the engine's) and h8 (move 1, yours).", 0},
		{"", engine.White, "Nothing to take back.", 0},
		{"h8", engine.Black, "Nothing to take back.", 1}, // the engine's opening move stays
		{"h8g7i9", engine.Black, "Took back i9 (move 3, the engine's) and g7 (move 2, yours).", 1},
	}
	for _, tc := range tests {
		b, _ := engine.New(15, 15, engine.Freestyle)
		moves, err := engine.ParseMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			b.Make(b.Pos(m.X, m.Y))
		}
		if got := UndoTurn(b, tc.engine); got != tc.want || b.MoveCount() != tc.left {
			t.Errorf("%q: %q with %d moves left; want %q with %d", tc.moves, got, b.MoveCount(), tc.want, tc.left)
		}
	}
}
