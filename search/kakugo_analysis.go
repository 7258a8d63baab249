package search

import (
	"context"

	"github.com/kakugo/kakugo/engine"
)

// RootMove is one move at the root of a finished tree search, with the
// statistics a self-play record keeps as the policy target.
type RootMove struct {
	Move engine.Pos
	// Visits is the number of playouts through the move.
	Visits int
	// Value is the mean playout value for the side to move, in [-1, 1].
	Value float64
	// Prior is the move's prior probability in the tree.
	Prior float32
}

// Analyse chooses a move exactly as Move does and also returns the root
// moves of the tree search, best first. The list is empty when no tree
// search ran: the first move of a game, a five to play or to block, a
// proven win, or no time at all.
func (k *Kakugo) Analyse(ctx context.Context, b *engine.Board, lim Limits) (engine.Pos, []RootMove) {
	move, ranked := k.think(ctx, b, lim, 0)
	out := make([]RootMove, 0, len(ranked))
	for _, r := range ranked {
		out = append(out, RootMove{Move: r.Move, Visits: int(r.Visits), Value: r.Value, Prior: r.Prior})
	}
	return move, out
}
