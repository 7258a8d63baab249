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

// winInternal sets up a depth-first VCT search of the position for the
// tests of its internals, without leaf VCFs; end it with w.end().
func winInternal(t *testing.T, black, white string) *Search {
	t.Helper()
	b := testpos.Stones(t, engine.Freestyle, black, white, engine.Black)
	ev := eval.Attach(b)
	w := New(1 << 14)
	w.begin(context.Background(), b, ev, proof.VCT, time.Now().Add(10*time.Second), 0)
	w.leafExtra, w.depthCap = 0, DefaultVCFDepth
	return w
}

// winIteration runs one depth-first iteration at a threat level and budget.
func winIteration(w *Search, level, budget int) (winRes, int) {
	w.level, w.salt, w.limit, w.cutoffs = level, w.saltFor(proof.VCT, level), budget, 0
	return w.dfsAttack(0)
}

// TestWinNarrowerWin: a wider threat level reads the narrower levels'
// wins without searching, copies them under its own keys so that its
// proof can be read back and checked, and a narrower level never takes a
// wider level's win.
func TestWinNarrowerWin(t *testing.T) {
	// h8 is a double three: a VCT of three moves with open threes only.
	const black, white = "f8g8h6h7", "a1o1a15o15"
	w := winInternal(t, black, white)
	defer w.end()
	r, need := winIteration(w, 0, 3)
	if r != winProven || need != 3 {
		t.Fatalf("level 0: %v in %d, want a win in 3", r, need)
	}
	for level := 1; level <= 2; level++ {
		before := w.nodes
		r, n := winIteration(w, level, 3)
		if r != winProven || n != need {
			t.Fatalf("level %d: %v in %d, want the level-0 win in %d", level, r, n, need)
		}
		if w.nodes != before {
			t.Errorf("level %d searched %d nodes for a win the table holds", level, w.nodes-before)
		}
		p, _, depth, ok := w.extract()
		if !ok || depth != need {
			t.Fatalf("level %d: proof extracted %v, depth %d", level, ok, depth)
		}
		if err := proof.Check(w.b, p, 0); err != nil {
			t.Errorf("level %d: checker: %v", level, err)
		}
	}

	// The other way round: a win found with twos allowed says nothing
	// about open threes alone.
	w2 := winInternal(t, black, white)
	defer w2.end()
	if r, _ := winIteration(w2, 2, 3); r != winProven {
		t.Fatalf("level 2: %v, want a win", r)
	}
	before := w2.nodes
	if r, _ := winIteration(w2, 0, 3); r != winProven {
		t.Fatalf("level 0 after level 2: %v, want a win", r)
	}
	if w2.nodes == before {
		t.Error("level 0 took level 2's win from the table without searching")
	}
}

// TestWinOrderByWork: an iteration that fails records, for each attacking
// move it played at the root, the work of its refutation, and the next
// iteration orders the root's moves of one combo by that work and tries a
// move whose refutation took by far the most work first.
func TestWinOrderByWork(t *testing.T) {
	// An open two and a lone stone: threes to play, but no win within
	// four attacking moves.
	w := winInternal(t, "f8g8l3", "a1o1a15o15")
	defer w.end()
	const budget = 4
	if r, _ := winIteration(w, 0, budget); r != winDisproven {
		t.Fatalf("a win within %d moves where none was expected: %v", budget, r)
	}
	// The iteration after: the root generated with one more move of budget.
	w.limit = budget + 1
	ms, out, _ := w.attackerMoves(w.buf(0), 0, budget+1)
	if out != winOpen || len(ms) < 2 {
		t.Fatalf("root: outcome %v with %d moves", out, len(ms))
	}
	works := make([]uint8, len(ms))
	recorded := 0
	for i, m := range ms {
		if e := w.tt.probe(w.keyOf(w.b.HashAfter(m.p))); e != nil {
			works[i] = e.work
			recorded++
		}
	}
	if recorded < len(ms)/2 {
		t.Fatalf("refutation work recorded for %d of %d root moves", recorded, len(ms))
	}
	for i := 1; i < len(ms); i++ {
		if works[i] > works[i-1] && w.ev.Combo(ms[i].p, w.att) == w.ev.Combo(ms[i-1].p, w.att) {
			t.Errorf("move %s (work %d) ordered after %s (work %d) of the same combo",
				winCell(w.b, ms[i].p), works[i], winCell(w.b, ms[i-1].p), works[i-1])
		}
	}
	// The move tried last, once its refutation has cost the most, first.
	last := ms[len(ms)-1].p
	w.keep(0, ms)
	w.play(last)
	e := w.tt.slot(w.key())
	e.work = slices.Max(works) + 3
	w.unplay()
	ms, _, _ = w.attackerMoves(w.buf(0), 0, budget+1)
	if ms[0].p != last {
		t.Errorf("the move with the most work, %s, is not tried first: %s is", winCell(w.b, last), winCell(w.b, ms[0].p))
	}
	w.keep(0, ms)
}

// TestSortMoves checks the written-out insertion sort against the
// generic one on random lists of every short length and a few long ones.
func TestSortMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 40 {
		for range 50 {
			ms := make([]winMove, n)
			perm := rng.Perm(400)
			for i := range ms {
				ms[i] = winMove{engine.Pos(perm[i]), int32(rng.IntN(6)) << 18}
			}
			want := slices.Clone(ms)
			slices.SortFunc(want, func(a, b winMove) int {
				if a.score != b.score {
					return int(b.score - a.score)
				}
				return int(a.p - b.p)
			})
			sortMoves(ms)
			if !slices.Equal(ms, want) {
				t.Fatalf("%d moves: %v, want %v", n, ms, want)
			}
		}
	}
}
