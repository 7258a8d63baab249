package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// kakugoLosingProver proves a VCT for the side to move in the positions
// listed (our moves that lose, seen from the opponent's turn), nothing else.
type kakugoLosingProver struct {
	kakugoFakeProver
	lost map[uint64]bool
	vcts int
}

func (f *kakugoLosingProver) prove(_ context.Context, b *engine.Board, _ *eval.Evaluator, vct bool, _ time.Time, _ int64) kakugoWin {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.proves++
	if vct && f.lost[b.Hash()] {
		f.vcts++
		return kakugoWin{win: true, move: b.Pos(0, 0), line: []engine.Pos{b.Pos(0, 0)}, nodes: 1}
	}
	return kakugoWin{move: engine.NoPos}
}

func (f *kakugoLosingProver) detect(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) kakugoWin {
	f.mu.Lock()
	f.detects++
	f.mu.Unlock()
	return f.prove(ctx, b, ev, true, deadline, maxNodes)
}

// TestKakugoCheckMove: under WinSearchVCTCheck the player does not play a
// move after which the opponent has a proven VCT while one of its most
// visited moves has none, says why in a message, and plays the search's
// choice when every move it checks loses.
func TestKakugoCheckMove(t *testing.T) {
	const pos = "h8i9h9h10j8"
	lim := kakugoNodes(600)
	b := testpos.Board(t, 15, engine.Freestyle, pos)
	plain := NewKakugo(KakugoOptions{WinSearch: WinSearchVCTAttack})
	plain.newProver = func(int) kakugoProver { return &kakugoLosingProver{} }
	first, ranked := plain.think(context.Background(), b, lim, 0)
	if len(ranked) < 2 {
		t.Fatalf("the search ranked %d moves", len(ranked))
	}
	after := func(m engine.Pos) uint64 {
		c := b.Clone()
		c.Make(m)
		return c.Hash()
	}

	// The search's choice loses: another of its moves is played.
	f := &kakugoLosingProver{lost: map[uint64]bool{after(first): true}}
	k := NewKakugo(KakugoOptions{WinSearch: WinSearchVCTCheck})
	k.newProver = func(int) kakugoProver { return f }
	var lines []string
	l := lim
	l.Info = func(s string) { lines = append(lines, s) }
	m, again := k.think(context.Background(), b, l, 0)
	if again[0].Move != first {
		t.Fatalf("the search is not repeatable: %v then %v", first, again[0].Move)
	}
	if m == first || !b.Legal(m) {
		t.Errorf("played %s, which loses to a VCT", engine.FormatMove(b.XY(m)))
	}
	if f.vcts != 1 {
		t.Errorf("%d VCTs proven, want the one after the search's choice", f.vcts)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "loses to a vct") {
		t.Errorf("no message says why: %q", lines)
	}

	// Every move loses: the search's choice stands.
	f = &kakugoLosingProver{lost: map[uint64]bool{}}
	for _, r := range ranked {
		f.lost[after(r.Move)] = true
	}
	k = NewKakugo(KakugoOptions{WinSearch: WinSearchVCTCheck})
	k.newProver = func(int) kakugoProver { return f }
	if m, _ := k.think(context.Background(), b, lim, 0); m != first {
		t.Errorf("played %s with every move lost, want the search's %s", engine.FormatMove(b.XY(m)), engine.FormatMove(b.XY(first)))
	}
	if f.vcts != min(len(ranked), kakugoCheckMoves) {
		t.Errorf("%d moves checked, want %d", f.vcts, min(len(ranked), kakugoCheckMoves))
	}
}

// TestCheckStepShare: with CheckRest a checked move may use that part of
// the time left when it is more than the fixed share, never under a match
// clock (where the share is at most kakugoCheckClockShare), untimed, or
// without CheckRest.
func TestCheckStepShare(t *testing.T) {
	turn := Limits{Turn: time.Second, Match: Unlimited, Left: Unlimited}
	clock := Limits{Turn: time.Second, Match: time.Minute, Left: time.Minute}
	now := time.Now()
	cases := []struct {
		name    string
		rest    int
		lim     Limits
		elapsed time.Duration
		timed   bool
		want    func(got, fixed int) bool
	}{
		{"off", 0, turn, 0, true, func(g, f int) bool { return g == f }},
		{"fresh turn: half of nearly all", 50, turn, 0, true, func(g, f int) bool { return g >= 49 && g <= 50 }},
		{"late: the fixed share", 50, turn, 900 * time.Millisecond, true, func(g, f int) bool { return g == f }},
		{"match clock: the clock's share", 50, clock, 0, true, func(g, f int) bool { return g == min(f, kakugoCheckClockShare) }},
		{"untimed", 50, turn, 0, false, func(g, f int) bool { return g == f }},
	}
	for _, c := range cases {
		k := NewKakugo(KakugoOptions{CheckRest: c.rest})
		lim := c.lim
		lim.Start = now.Add(-c.elapsed)
		got := k.checkStepShare(lim, NewBudget(lim, 10), c.timed)
		if !c.want(got, k.checkShare) {
			t.Errorf("%s: share %d (fixed %d)", c.name, got, k.checkShare)
		}
	}
}

// TestKakugoFastCheck: with FastCheck the move check asks the prover's
// detect (no proof, no checker) and still plays another move when the
// search's choice loses; without it the check asks prove only.
func TestKakugoFastCheck(t *testing.T) {
	lim := kakugoNodes(600)
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9h10j8")
	plain := NewKakugo(KakugoOptions{WinSearch: WinSearchVCTAttack})
	plain.newProver = func(int) kakugoProver { return &kakugoLosingProver{} }
	first, _ := plain.think(context.Background(), b, lim, 0)
	c := b.Clone()
	c.Make(first)
	for _, fast := range []int{1, -1} {
		f := &kakugoLosingProver{lost: map[uint64]bool{c.Hash(): true}}
		k := NewKakugo(KakugoOptions{WinSearch: WinSearchVCTCheck, FastCheck: fast})
		k.newProver = func(int) kakugoProver { return f }
		m, _ := k.think(context.Background(), b, lim, 0)
		if m == first || !b.Legal(m) {
			t.Errorf("FastCheck %d: played %s, which loses to a VCT", fast, engine.FormatMove(b.XY(m)))
		}
		if f.vcts != 1 {
			t.Errorf("FastCheck %d: %d VCTs found, want the one after the search's choice", fast, f.vcts)
		}
		if fast > 0 && f.detects != 2 {
			t.Errorf("FastCheck on: %d questions to detect, want 2 (the lost move, then the next)", f.detects)
		}
		if fast < 0 && f.detects != 0 {
			t.Errorf("FastCheck off: %d questions to detect, want none", f.detects)
		}
	}
}
