package mcts

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// timedSearch runs a one-thread timed search from b with the hard (and
// soft) limit hard, and returns its result and how long it took from the
// request's start.
func timedSearch(t *testing.T, b *engine.Board, hard time.Duration, useAll bool, allowed []engine.Pos) (Result, time.Duration) {
	t.Helper()
	cfg := NewConfig(Options{Leaf: LeafStatic})
	tree := NewTree(1 << 20)
	searchNodes(t, tree, b, &cfg, 1, 1, nil, 1) // the rule's tables, built once, outside the time
	tree.Clear()
	start := time.Now()
	res, ok := tree.Search(context.Background(), b, Request{Config: &cfg, Seed: b.Hash(),
		Timed: true, Start: start, Soft: hard, Hard: hard, Threads: 1, UseAll: useAll, Allowed: allowed})
	if !ok {
		t.Fatal("nothing to search")
	}
	return res, time.Since(start)
}

// A search told to use the whole turn does not stop when its move is
// settled: it runs to the hard limit. The bound is one-sided (a loaded
// machine only makes the search slower to return), so the test cannot
// fail for lack of processor time.
func TestMctsUseAllRunsToTheHardLimit(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9")
	const hard = 150 * time.Millisecond
	res, took := timedSearch(t, b, hard, true, nil)
	if took < hard {
		t.Errorf("the search returned after %v, before its hard limit of %v", took, hard)
	}
	if res.Playouts == 0 || len(res.Ranked) == 0 || !b.Legal(res.Ranked[0].Move) {
		t.Errorf("no searched legal move: %d playouts, %d ranked", res.Playouts, len(res.Ranked))
	}
}

// Using the whole turn keeps the stops that no search can change: a root
// with a single allowed move returns long before a limit of a minute.
func TestMctsUseAllStillStopsOnALoneMove(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9")
	lone := b.Pos(7, 5) // h6, a legal empty cell
	res, took := timedSearch(t, b, time.Minute, true, []engine.Pos{lone})
	if took >= 30*time.Second {
		t.Errorf("a lone allowed move was searched for %v", took)
	}
	if len(res.Ranked) == 0 || res.Ranked[0].Move != lone {
		t.Errorf("ranked %v, want the lone move first", res.Ranked)
	}
}
