package search

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/mcts"
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
	// Proof is 1 for a move proven to win, -1 for one proven to lose, 0
	// otherwise.
	Proof int
	// PV is the principal variation, Move first (Progress snapshots only).
	PV []engine.Pos
}

// Analyse chooses a move exactly as Move does and also returns the root
// moves of the tree search, best first. The list is empty when no tree
// search ran: the first move of a game, a five to play or to block, a
// proven win, or no time at all.
func (k *Kakugo) Analyse(ctx context.Context, b *engine.Board, lim Limits) (engine.Pos, []RootMove) {
	move, ranked := k.think(ctx, b, lim, 0)
	out := make([]RootMove, 0, len(ranked))
	for _, r := range ranked {
		out = append(out, RootMove{Move: r.Move, Visits: int(r.Visits), Value: r.Value, Prior: r.Prior, Proof: int(r.Proof)})
	}
	return move, out
}

// Progress is a snapshot of the full player's tree search, for a user who
// watches it think (Limits.Progress).
type Progress struct {
	// Playouts is the number of playouts of this search so far (a kept
	// tree's earlier visits are not counted).
	Playouts int64
	// Elapsed is the time since the tree search began.
	Elapsed time.Duration
	// Moves are the best root moves, best first (at most ten), each with
	// its principal variation.
	Moves []RootMove
	// Final marks the snapshot taken when the search has ended.
	Final bool
}

// kakugoProgress passes the tree search's snapshots on to progress as
// Progress; nil when progress is nil.
func kakugoProgress(progress func(Progress)) func(mcts.Snapshot) {
	if progress == nil {
		return nil
	}
	return func(s mcts.Snapshot) {
		p := Progress{Playouts: s.Playouts, Elapsed: s.Elapsed, Final: s.Final}
		for i, r := range s.Ranked {
			p.Moves = append(p.Moves, RootMove{Move: r.Move, Visits: int(r.Visits), Value: r.Value,
				Prior: r.Prior, Proof: int(r.Proof), PV: s.PVs[i]})
		}
		progress(p)
	}
}
