package protocol

import (
	"context"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// Player is what the brain drives: anything that chooses a move.
type Player interface {
	// Move chooses a legal move for the side to move on b, which is not
	// over and not full. It must return promptly once ctx is cancelled (YXSTOP,
	// END), with the best move found so far, and must leave b as it found it.
	Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos
}

// HashClearer is a Player that keeps memory between moves (a transposition
// table, a search tree) and can drop it on YXHASHCLEAR.
type HashClearer interface {
	ClearHash()
}

// NBester is a Player that can rank its n best moves for YXNBEST.
type NBester interface {
	NBest(ctx context.Context, b *engine.Board, lim search.Limits, n int) []engine.Pos
}

// GameObserver is a Player that wants to see how each game ended, for
// example to learn from it. winner is Empty for a draw or an unknown result.
type GameObserver interface {
	GameOver(b *engine.Board, winner engine.Color)
}

// FolderUser is a Player that keeps files in the directory `INFO folder`
// names.
type FolderUser interface {
	SetFolder(dir string)
}
