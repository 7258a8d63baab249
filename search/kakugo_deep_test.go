package search

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/mcts"
)

// countingPolicy gives uniform priors and counts its calls.
type countingPolicy struct{ calls *atomic.Int64 }

func (p countingPolicy) Priors(_ *engine.Board, moves []engine.Pos, dst []float32) bool {
	p.calls.Add(1)
	for i := range moves {
		dst[i] = 1 / float32(len(moves))
	}
	return true
}

// TestDeepFor: the deep tier is asked in untimed searches, always without
// a minimum time, and in timed ones only when the move's soft limit
// reaches the minimum.
func TestDeepFor(t *testing.T) {
	ms := time.Millisecond
	turn := func(d time.Duration) Budget {
		return NewBudget(Limits{Turn: d, Match: Unlimited, Left: Unlimited, Start: time.Unix(1000, 0)}, 10)
	}
	cases := []struct {
		name  string
		min   time.Duration
		bud   Budget
		timed bool
		want  bool
	}{
		{"no minimum", 0, turn(500 * ms), true, true},
		{"untimed", 700 * ms, NewBudget(Limits{Turn: Unlimited, Match: Unlimited, Left: Unlimited}, 10), false, true},
		{"0.5 s turn", 700 * ms, turn(500 * ms), true, false}, // soft 410 ms
		{"1 s turn", 700 * ms, turn(time.Second), true, true}, // soft 860 ms
		{"1 s turn less the check", 700 * ms, turn(time.Second).Reserve(129 * ms), true, true},
		{"match clock early", 700 * ms, NewBudget(Limits{Turn: 5000 * ms, Match: 30000 * ms, Left: 30000 * ms}, 6), true, true},
		{"match clock late", 700 * ms, NewBudget(Limits{Turn: 5000 * ms, Match: 30000 * ms, Left: 5000 * ms}, 60), true, false},
	}
	for _, c := range cases {
		k := NewKakugo(KakugoOptions{DeepMinTime: c.min})
		if got := k.deepFor(c.bud, c.timed); got != c.want {
			t.Errorf("%s: soft %v: deep %v, want %v", c.name, c.bud.Soft(), got, c.want)
		}
	}
}

// TestDeepMinTimeInPlay: a timed move shorter than DeepMinTime never asks
// the deep tier; an untimed search of the same player does.
func TestDeepMinTimeInPlay(t *testing.T) {
	var first, deep atomic.Int64
	k := NewKakugo(KakugoOptions{
		WinSearch:     WinSearchOff,
		NewPolicy:     func() mcts.Policy { return countingPolicy{&first} },
		NewDeepPolicy: func() mcts.Policy { return countingPolicy{&deep} },
		Policy:        mcts.PolicyOptions{DeepVisits: 1},
		DeepMinTime:   time.Hour,
	})
	b := testpos.Board(t, 15, engine.Freestyle, "h8h9i8")
	// The untimed search first: it also sets up the tree, which a first
	// timed move on a busy machine could spend its turn on.
	k.Move(context.Background(), b.Clone(), Limits{Turn: Unlimited, Match: Unlimited, Left: Unlimited, MaxNodes: 200})
	if deep.Load() == 0 {
		t.Fatal("untimed search: the deep tier was never asked")
	}
	first.Store(0)
	deep.Store(0)
	k.ClearHash() // a new tree: its root is asked again
	k.Move(context.Background(), b.Clone(), Limits{Turn: 2 * time.Second, Match: Unlimited, Left: Unlimited})
	if k.stats.playouts == 0 {
		t.Skip("the timed move made no playout (a starved machine): nothing to check")
	}
	if first.Load() == 0 || deep.Load() != 0 {
		t.Fatalf("timed move under the minimum: first tier asked %d times, deep %d (want >0, 0)", first.Load(), deep.Load())
	}
}
