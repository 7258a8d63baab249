package mcts

import (
	"time"

	"github.com/kakugo/kakugo/engine"
)

// Snapshot is a search in progress, for a user who watches it think
// (Request.Progress).
type Snapshot struct {
	// Playouts is the number of playouts of this search so far (a kept
	// tree's earlier visits are not counted).
	Playouts int64
	// Elapsed is the time since the search began.
	Elapsed time.Duration
	// Ranked are the best root moves, best first (at most ProgressMoves),
	// and PVs their principal variations: PVs[i] starts with Ranked[i].Move
	// (at most ProgressPV moves).
	Ranked []Ranked
	PVs    [][]engine.Pos
	// Final marks the snapshot taken when the search has ended.
	Final bool
}

// Bounds of the snapshots.
const (
	// ProgressEvery is the least time between two snapshots: often enough
	// for a person to watch, rarely enough to cost nothing (a snapshot
	// reads the root's children and a few lines of the tree).
	ProgressEvery = 200 * time.Millisecond
	// ProgressMoves and ProgressPV bound a snapshot.
	ProgressMoves = 10
	ProgressPV    = 16
)

// reporter returns the search's report hook, which passes a snapshot to
// progress at most every ProgressEvery and always when final; nil when
// progress is nil. It runs on the first worker's goroutine while the others
// search: it only reads the tree's atomics, as the workers do.
func reporter(s *mctsSearch, progress func(Snapshot)) func(final bool) {
	if progress == nil {
		return nil
	}
	var last time.Time
	return func(final bool) {
		now := time.Now()
		if !final && now.Sub(last) < ProgressEvery {
			return
		}
		last = now
		ranked := s.ranked()
		snap := Snapshot{Playouts: s.playouts.Load(), Elapsed: now.Sub(s.started), Final: final,
			Ranked: ranked[:min(len(ranked), ProgressMoves)]}
		for _, r := range snap.Ranked {
			snap.PVs = append(snap.PVs, pvFrom(s.pool, s.root, r.Move, ProgressPV))
		}
		progress(snap)
	}
}
