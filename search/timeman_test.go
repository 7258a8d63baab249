package search

import (
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
)

func TestBudget(t *testing.T) {
	ms := time.Millisecond
	start := time.Unix(1000, 0)
	cases := []struct {
		name       string
		lim        Limits
		ply        int
		soft, hard time.Duration
	}{
		{"move at once", Limits{Turn: 0, Match: Unlimited, Left: Unlimited}, 10, 0, 0},
		{"5 s per move, no match clock", Limits{Turn: 5000 * ms, Match: Unlimited, Left: Unlimited}, 10, 4500 * ms, 4500 * ms},
		{"100 ms per move", Limits{Turn: 100 * ms, Match: Unlimited, Left: Unlimited}, 10, 50 * ms, 50 * ms},
		{"huge turn capped margin", Limits{Turn: 300000 * ms, Match: Unlimited, Left: Unlimited}, 10, 299500 * ms, 299500 * ms},
		{"match clock dominates", Limits{Turn: 30000 * ms, Match: 180000 * ms, Left: 100000 * ms}, 0, 3980 * ms, 24875 * ms},
		{"late in the game keeps a reserve", Limits{Turn: 30000 * ms, Match: 180000 * ms, Left: 10000 * ms}, 200, 950 * ms, 2375 * ms},
		{"time left below the turn", Limits{Turn: 5000 * ms, Match: Unlimited, Left: 200 * ms}, 0, 5600 * time.Microsecond, 35 * ms},
		{"negative time left", Limits{Turn: 5000 * ms, Match: 120000 * ms, Left: -50 * ms}, 30, 0, 0},
		{"turn margin larger than turn", Limits{Turn: 20 * ms, Match: Unlimited, Left: Unlimited}, 0, 0, 0},
	}
	for _, tc := range cases {
		tc.lim.Start = start
		b := NewBudget(tc.lim, tc.ply)
		if b.Soft() != tc.soft || b.Hard() != tc.hard {
			t.Errorf("%s: soft %v hard %v, want %v %v", tc.name, b.Soft(), b.Hard(), tc.soft, tc.hard)
		}
		if b.Soft() > b.Hard() || b.Hard() < 0 {
			t.Errorf("%s: soft %v hard %v out of order", tc.name, b.Soft(), b.Hard())
		}
		if tc.lim.Turn >= 0 && b.Hard() > tc.lim.Turn {
			t.Errorf("%s: hard %v exceeds the turn %v", tc.name, b.Hard(), tc.lim.Turn)
		}
		if tc.lim.Left != Unlimited && b.Hard() > max(tc.lim.Left, 0) {
			t.Errorf("%s: hard %v exceeds time left %v", tc.name, b.Hard(), tc.lim.Left)
		}
		if got := b.Deadline(); got != start.Add(b.Hard()) {
			t.Errorf("%s: deadline %v", tc.name, got)
		}
		if b.Instant() != (b.Hard() == 0) {
			t.Errorf("%s: Instant %v", tc.name, b.Instant())
		}
	}
}

// TestVCTStepShare: the VCT's share is the player's under a turn limit, and
// at most 60% of the soft limit under a match clock (the cap a parameter).
func TestVCTStepShare(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name  string
		lim   Limits
		share int
	}{
		{"turn only", Limits{Turn: 500 * ms, Match: Unlimited, Left: Unlimited}, 60},
		{"match clock", Limits{Turn: 30000 * ms, Match: 180000 * ms, Left: 100000 * ms}, 9}, // soft 3980, hard 24875: 3980 * 0.6 / 24875
		{"untimed", Limits{Turn: Unlimited, Match: Unlimited, Left: Unlimited}, 60},
		{"instant", Limits{Turn: 0, Match: Unlimited, Left: Unlimited}, 60},
	}
	for _, c := range cases {
		b := NewBudget(c.lim, 0)
		if got := kakugoVCTStepShare(60, b, kakugoClockVCT); got != c.share {
			t.Errorf("%s: share %d, want %d (soft %v, hard %v)", c.name, got, c.share, b.Soft(), b.Hard())
		}
	}
	// The former cap, twice the soft limit: 3980 * 2 / 24875.
	b := NewBudget(cases[1].lim, 0)
	if got := kakugoVCTStepShare(60, b, 200); got != 32 {
		t.Errorf("match clock, twice the soft limit: share %d, want 32", got)
	}
}

// TestBudgetClockMoves: fewer moves to go spread a match clock over fewer
// moves (a larger soft limit, the same hard one) down to minMovesToGo, and
// change nothing without a clock.
func TestBudgetClockMoves(t *testing.T) {
	ms := time.Millisecond
	clock := Limits{Turn: 30000 * ms, Match: 180000 * ms, Left: 100000 * ms, Start: time.Unix(1000, 0)}
	left := clock.Left - margin(clock.Left) // 89.96 s after the margin
	cases := []struct {
		togo, ply int
		soft      time.Duration
	}{
		{25, 0, left / 25},
		{15, 0, left / 15},
		{15, 8, left / 13},
		{15, 40, left / minMovesToGo},
		{40, 40, left / 30},
	}
	for _, c := range cases {
		b := newBudgetTogo(clock, c.ply, c.togo)
		if b.Soft() != c.soft || b.Hard() != left/4 {
			t.Errorf("togo %d ply %d: soft %v hard %v, want %v %v", c.togo, c.ply, b.Soft(), b.Hard(), c.soft, left/4)
		}
	}
	if a, b := newBudgetTogo(clock, 0, movesToGo), NewBudget(clock, 0); a != b {
		t.Errorf("NewBudget %+v is not the plan with movesToGo %+v", b, a)
	}
	turn := Limits{Turn: 500 * ms, Match: Unlimited, Left: Unlimited, Start: clock.Start}
	if a, b := newBudgetTogo(turn, 10, 5), NewBudget(turn, 10); a.Soft() != b.Soft() || a.Hard() != b.Hard() {
		t.Errorf("turn only: %v/%v, want %v/%v", a.Soft(), a.Hard(), b.Soft(), b.Hard())
	}
}

// TestVCTShareForRenjuBlack: black to move under renju gets its own VCT
// share (an option replaces it); every other position the player's, the
// smaller one where the rest of a turn-only move follows (an option gives
// both).
func TestVCTShareForRenjuBlack(t *testing.T) {
	pos := func(rule engine.Rule, moves int) *engine.Board {
		b, err := engine.New(15, 15, rule)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < moves; i++ {
			if err := b.Play(3+2*i, 7); err != nil {
				t.Fatal(err)
			}
		}
		return b
	}
	if kakugoRestVCTShare >= kakugoVCTShare {
		t.Errorf("the share before the rest of the turn, %d, is not below the share without it, %d", kakugoRestVCTShare, kakugoVCTShare)
	}
	for _, c := range []struct {
		opt                            KakugoOptions
		wantShare, wantRest, wantBlack int
	}{
		{KakugoOptions{}, kakugoVCTShare, kakugoRestVCTShare, kakugoRenjuBlackVCTShare},
		{KakugoOptions{VCTShare: 40}, 40, 40, kakugoRenjuBlackVCTShare},
		{KakugoOptions{RenjuBlackVCTShare: 20}, kakugoVCTShare, kakugoRestVCTShare, 20},
	} {
		k := &Kakugo{}
		k.applyShares(c.opt)
		for _, p := range []struct {
			b              *engine.Board
			want, wantRest int
		}{
			{pos(engine.Renju, 2), c.wantBlack, c.wantBlack},
			{pos(engine.Renju, 3), c.wantShare, c.wantRest},
			{pos(engine.Freestyle, 2), c.wantShare, c.wantRest},
			{pos(engine.Exact, 2), c.wantShare, c.wantRest},
		} {
			if got := k.vctShareFor(p.b, false); got != p.want {
				t.Errorf("%+v, %v with %v to move: share %d, want %d", c.opt, p.b.Rule(), p.b.SideToMove(), got, p.want)
			}
			if got := k.vctShareFor(p.b, true); got != p.wantRest {
				t.Errorf("%+v, %v with %v to move, the rest to follow: share %d, want %d", c.opt, p.b.Rule(), p.b.SideToMove(), got, p.wantRest)
			}
		}
	}
}
