package search

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

func TestBudgetReserve(t *testing.T) {
	ms := time.Millisecond
	start := time.Unix(1000, 0)
	turn100 := NewBudget(Limits{Turn: 100 * ms, Match: Unlimited, Left: Unlimited, Start: start}, 10)
	if turn100.Hard() != 50*ms || turn100.Soft() != 50*ms {
		t.Fatalf("the 100 ms plan changed: %v %v", turn100.Soft(), turn100.Hard())
	}
	clock := NewBudget(Limits{Turn: 30000 * ms, Match: 180000 * ms, Left: 100000 * ms, Start: start}, 0)
	instant := NewBudget(Limits{Turn: 0, Match: Unlimited, Left: Unlimited, Start: start}, 10)
	cases := []struct {
		name       string
		b          Budget
		d          time.Duration
		soft, hard time.Duration
	}{
		{"no reserve", turn100, 0, 50 * ms, 50 * ms},
		{"negative reserve", turn100, -20 * ms, 50 * ms, 50 * ms},
		{"reserve cuts a soft limit equal to the hard", turn100, 10 * ms, 40 * ms, 40 * ms},
		{"small reserve leaves soft", clock, 10000 * ms, 3980 * ms, 14875 * ms},
		{"reserve cuts soft too", turn100, 30 * ms, 20 * ms, 20 * ms},
		{"reserve past the floor", turn100, 141 * ms, 12500 * time.Microsecond, 12500 * time.Microsecond},
		{"instant stays instant", instant, 50 * ms, 0, 0},
	}
	for _, tc := range cases {
		r := tc.b.Reserve(tc.d)
		if r.Soft() != tc.soft || r.Hard() != tc.hard {
			t.Errorf("%s: soft %v hard %v, want %v %v", tc.name, r.Soft(), r.Hard(), tc.soft, tc.hard)
		}
		if r.Hard() > tc.b.Hard() || r.Soft() > r.Hard() || r.Instant() != tc.b.Instant() {
			t.Errorf("%s: reserve gave more time or changed instant: %v %v", tc.name, r.Soft(), r.Hard())
		}
		if r.Deadline() != start.Add(r.Hard()) {
			t.Errorf("%s: deadline %v", tc.name, r.Deadline())
		}
	}
}

func TestLoadObservationLost(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name string
		o    loadObservation
		want time.Duration
	}{
		{"idle machine", loadObservation{wall: 55 * ms, busy: 55 * ms, cpu: 55 * ms, resolution: time.Microsecond}, 0},
		{"more CPU than asked (GC, helpers)", loadObservation{wall: 55 * ms, busy: 55 * ms, cpu: 70 * ms, resolution: time.Microsecond}, 0},
		{"stalled 141 ms of 161", loadObservation{wall: 161 * ms, busy: 161 * ms, cpu: 20 * ms, resolution: time.Microsecond}, 141 * ms},
		{"half the CPU", loadObservation{wall: 40 * ms, busy: 40 * ms, cpu: 20 * ms, resolution: time.Microsecond}, 20 * ms},
		{"late dispatch counts whole", loadObservation{wall: 60 * ms, dispatch: 20 * ms, busy: 40 * ms, cpu: 40 * ms, resolution: time.Microsecond}, 20 * ms},
		{"two threads, one starved", loadObservation{wall: 50 * ms, busy: 100 * ms, cpu: 50 * ms, resolution: time.Microsecond}, 25 * ms},
		{"too short for a coarse clock", loadObservation{wall: 30 * ms, busy: 30 * ms, cpu: 0, resolution: 16 * ms}, 0},
		{"coarse clock, long move", loadObservation{wall: 200 * ms, busy: 200 * ms, cpu: 100 * ms, resolution: 16 * ms}, 100 * ms},
		{"nothing ran", loadObservation{wall: 3 * ms, dispatch: 1 * ms}, 1 * ms},
	}
	for _, tc := range cases {
		if got := tc.o.lost(); got != tc.want {
			t.Errorf("%s: lost %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLoadGuard(t *testing.T) {
	ms := time.Millisecond
	var g loadGuard
	stalled := func(lost time.Duration) loadObservation {
		return loadObservation{wall: 60 * ms, busy: 60 * ms, cpu: 60*ms - lost, resolution: time.Microsecond}
	}
	steps := []struct {
		lost, reserve time.Duration
	}{
		{0, 0},
		{40 * ms, 40 * ms}, // a stall: keep as much in reserve
		{0, 20 * ms},       // then halve it every quiet move
		{5 * ms, 10 * ms},  // a small loss does not lower it faster
		{30 * ms, 30 * ms}, // a new stall raises it again
		{0, 15 * ms},
		{0, 7500 * time.Microsecond},
	}
	for i, st := range steps {
		g.observe(stalled(st.lost))
		if g.reserve != st.reserve {
			t.Fatalf("step %d: reserve %v, want %v", i, g.reserve, st.reserve)
		}
	}
	start := time.Unix(1000, 0)
	b := NewBudget(Limits{Turn: 100 * time.Millisecond, Match: Unlimited, Left: Unlimited, Start: start}, 10)
	if got := g.apply(b).Hard(); got != b.Hard()-g.reserve {
		t.Errorf("apply: hard %v, want %v", got, b.Hard()-g.reserve)
	}
}

// TestKakugoNoTimeNoSearch checks, by counts rather than the clock, that a
// move whose time has run out before it starts, or whose context is done,
// runs no playouts and no prover call, and still answers with a legal move.
func TestKakugoNoTimeNoSearch(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9h10j8")
	late := kakugoTimed(time.Second)
	late.Start = time.Now().Add(-2 * time.Second) // the request waited two seconds
	f := &kakugoFakeProver{}
	k := kakugoWithProver(f)
	if m := k.Move(context.Background(), b, late); !b.Legal(m) {
		t.Fatalf("late move: illegal %v", m)
	}
	if k.stats.playouts != 0 || f.proves != 0 || f.defends != 0 {
		t.Errorf("late move: %d playouts, %d proofs, %d defences", k.stats.playouts, f.proves, f.defends)
	}
	if !k.proverIdle() {
		t.Errorf("late move: the prover was left busy")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, lim := range []Limits{kakugoTimed(20 * time.Second), kakugoNodes(100000)} {
		k := NewKakugo(KakugoOptions{})
		if m := k.Move(ctx, b, lim); !b.Legal(m) {
			t.Fatalf("cancelled move: illegal %v", m)
		}
		if k.stats.playouts != 0 {
			t.Errorf("cancelled move (turn %v): %d playouts", lim.Turn, k.stats.playouts)
		}
	}
}
