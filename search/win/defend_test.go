package win

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestDefendAgainstVCF: black threatens the four-three at h8. Defend for
// white must see the threat, offer only moves after which black has no
// VCF (each is checked here), include the obvious ones and leave out a
// move that keeps black's three open.
func TestDefendAgainstVCF(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.White)
	ev := eval.Attach(b)
	w := New(1 << 14)
	safe, threatened := w.Defend(context.Background(), b, ev, proof.VCF, time.Time{}, 0)
	if !threatened {
		t.Fatal("the threat was not seen")
	}
	names := map[string]bool{}
	for _, p := range safe {
		names[winCell(b, p)] = true
		b.Make(p)
		if r := w.Prove(context.Background(), b, ev, proof.VCF, time.Time{}, 0); r.Win {
			t.Errorf("after %s black still wins by %s", winCell(b, p), winCell(b, r.Move))
		}
		b.Undo()
	}
	for _, want := range []string{"h8", "i8"} {
		if !names[want] {
			t.Errorf("safe moves %v lack %s", names, want)
		}
	}
	for _, bad := range []string{"h12", "h6", "m3"} {
		if names[bad] {
			t.Errorf("safe moves %v include %s", names, bad)
		}
	}
	if b.SideToMove() != engine.White {
		t.Error("the side to move was not restored")
	}
	// Black to move threatens nothing of white's.
	b.SetSideToMove(engine.Black)
	if _, threatened := w.Defend(context.Background(), b, ev, proof.VCF, time.Time{}, 0); threatened {
		t.Error("white has no proof.VCF, yet black is threatened")
	}
}

// TestDefendLost: two separate four-threes cannot both be stopped (white
// has no four of its own), so every candidate fails.
func TestDefendLost(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10e3f3g3h4h5", "d8d3a1o1a15o15a8o8", engine.White)
	ev := eval.Attach(b)
	w := New(1 << 14)
	safe, threatened := w.Defend(context.Background(), b, ev, proof.VCF, time.Time{}, 0)
	if !threatened || len(safe) != 0 {
		t.Errorf("threatened %v safe %v, want a lost position", threatened, safe)
	}
}

// winBusyBoard plays a fixed pseudo-random game of n stones around the
// centre, without fours: a position thick with threes and twos.
func winBusyBoard(t testing.TB, rule engine.Rule, n int, seed uint64) *engine.Board {
	t.Helper()
	b, err := engine.New(15, 15, rule)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for b.MoveCount() < n {
		p := b.Pos(3+rng.IntN(9), 3+rng.IntN(9))
		if !b.Legal(p) {
			continue
		}
		c := b.SideToMove()
		b.Make(p)
		if hasFivePoint(b, c) {
			b.Undo() // no fours on the board
		}
	}
	return b
}

// TestWinDeterministic: the same search twice, on a fresh table or after
// Clear, gives the same result and node count.
func TestWinDeterministic(t *testing.T) {
	for _, tc := range []struct {
		m     Method
		seed  uint64
		nodes int64
	}{{DepthFirst, 6, 0}, {DepthFirst, 5, 20000}, {ProofNumber, 6, 0}, {ProofNumber, 5, 20000}} {
		m := tc.m
		b := winBusyBoard(t, engine.Freestyle, 30, tc.seed)
		ev := eval.Attach(b)
		run := func(w *Search) Result {
			return w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, tc.nodes)
		}
		w1 := New(1 << 14)
		w1.Method = m
		a := run(w1)
		w1.Clear()
		c := run(w1)
		w2 := New(1 << 14)
		w2.Method = m
		d := run(w2)
		for _, r := range []Result{c, d} {
			if r.Win != a.Win || r.Nodes != a.Nodes || r.Move != a.Move || !slices.Equal(r.Line, a.Line) {
				t.Errorf("%v seed %d: %v %d %v, then %v %d %v", m, tc.seed, a.Win, a.Nodes, a.Line, r.Win, r.Nodes, r.Line)
			}
		}
	}
}

// loaded is how late a loaded machine may run a goroutine that is due: the
// upper bounds on wall time allow it, so that they catch a search that
// ignores its deadline and not a busy scheduler. 1 s is GomocupJudge's own
// tolerance.
const loaded = time.Second

// TestWinLimits: node limits, deadlines and cancelled contexts stop the
// search promptly, and the board and evaluator come back intact.
func TestWinLimits(t *testing.T) {
	b := winBusyBoard(t, engine.Freestyle, 30, 5) // a proof.VCT search that runs for seconds
	ev := eval.Attach(b)
	hash := b.Hash()
	w := New(1 << 16)
	w.MaxDepth = 40
	r := w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, 5000)
	if r.Nodes > 5000+500 {
		t.Errorf("node limit 5000: %d nodes", r.Nodes)
	}
	start := time.Now()
	r = w.Prove(context.Background(), b, ev, proof.VCT, start.Add(30*time.Millisecond), 0)
	if el := time.Since(start); el > 30*time.Millisecond+loaded {
		t.Errorf("deadline 30 ms: returned after %v (%d nodes)", el, r.Nodes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start = time.Now()
	r = w.Prove(ctx, b, ev, proof.VCT, time.Time{}, 0)
	if el := time.Since(start); el > loaded || r.Complete && !r.Win {
		t.Errorf("cancelled: %v, %+v", el, r)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start = time.Now()
	w.Defend(ctx, b, ev, proof.VCT, time.Time{}, 0)
	if el := time.Since(start); el > 20*time.Millisecond+loaded {
		t.Errorf("Defend with a 20 ms context: %v", el)
	}
	if b.Hash() != hash {
		t.Error("the board was not restored")
	}
	if err := ev.Verify(); err != nil {
		t.Errorf("the evaluator was not restored: %v", err)
	}
}

// hasFivePoint reports whether c has a cell where it makes a five.
func hasFivePoint(b *engine.Board, c engine.Color) bool {
	for y := range b.Height() {
		for x := range b.Width() {
			if p := b.Pos(x, y); b.At(p) == engine.Empty && b.IsFive(p, c) {
				return true
			}
		}
	}
	return false
}
