package testpos

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestRandomPositions: the random positions have the moves asked for (the
// centre first), no five, and repeat with the seed.
func TestRandomPositions(t *testing.T) {
	for seed := range uint64(20) {
		b := Random(rand.New(rand.NewPCG(seed, 1)), 15, engine.Freestyle, 10)
		if b.MoveCount() != 10 || b.Moves()[0] != b.Pos(7, 7) || b.Winner() != engine.Empty {
			t.Fatalf("seed %d: %d moves, first %v, winner %v", seed, b.MoveCount(), b.Moves()[0], b.Winner())
		}
		again := Random(rand.New(rand.NewPCG(seed, 1)), 15, engine.Freestyle, 10)
		if got, want := Moves(again, again.Moves()), Moves(b, b.Moves()); got != want {
			t.Fatalf("seed %d: %s, then %s", seed, want, got)
		}
	}
}

// TestBoardReadsMoves: Board and Moves are inverses.
func TestBoardReadsMoves(t *testing.T) {
	b := Board(t, 15, engine.Renju, "h8i9g7")
	if got := Moves(b, b.Moves()); got != "h8 i9 g7" {
		t.Errorf("moves %q", got)
	}
}
