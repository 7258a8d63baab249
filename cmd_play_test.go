package main

import (
	"bytes"
	"strings"
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
		if got := undoTurn(b, tc.engine); got != tc.want || b.MoveCount() != tc.left {
			t.Errorf("%q: %q with %d moves left; want %q with %d", tc.moves, got, b.MoveCount(), tc.want, tc.left)
		}
	}
}

// TestPlaySession plays two moves against the interim player: the moves
// are numbered and the last one is bracketed on the board.
func TestPlaySession(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"play", "--player", "interim", "--time", "50ms"}, strings.NewReader("h8\nundo\nq\n"), &out, &errOut)
	s := out.String()
	for _, want := range []string{"Move 1, yours (black)", "Move 2: the engine plays", "[O]", "Took back", "(move 1, yours)"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if code != 0 {
		t.Errorf("code %d, stderr %q", code, errOut.String())
	}
}
