package search

import (
	"testing"
	"time"
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
// at most twice the soft limit under a match clock.
func TestVCTStepShare(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name  string
		lim   Limits
		share int
	}{
		{"turn only", Limits{Turn: 500 * ms, Match: Unlimited, Left: Unlimited}, 60},
		{"match clock", Limits{Turn: 30000 * ms, Match: 180000 * ms, Left: 100000 * ms}, 32}, // soft 3980, hard 24875
		{"untimed", Limits{Turn: Unlimited, Match: Unlimited, Left: Unlimited}, 60},
		{"instant", Limits{Turn: 0, Match: Unlimited, Left: Unlimited}, 60},
	}
	for _, c := range cases {
		b := NewBudget(c.lim, 0)
		if got := kakugoVCTStepShare(60, b); got != c.share {
			t.Errorf("%s: share %d, want %d (soft %v, hard %v)", c.name, got, c.share, b.Soft(), b.Hard())
		}
	}
}
