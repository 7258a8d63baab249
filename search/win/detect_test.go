package win

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestWinDetect: under Detect every case of the table gets the full
// search's verdict, with no proof, at most the first move as its line
// (a winning move where it gives one: the five or the unique first move
// the table expects) and the board and evaluator restored, under both
// methods; and Detect takes no more nodes than the full search, which
// also walks the proof again.
func TestWinDetect(t *testing.T) {
	wins, moves := 0, 0
	for _, tc := range winCases {
		for rule, want := range tc.want {
			for _, m := range []Method{DepthFirst, ProofNumber} {
				b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
				ev := eval.Attach(b)
				hash, n := b.Hash(), b.MoveCount()
				full := New(1 << 14)
				full.Method = m
				fr := full.Prove(context.Background(), b, ev, tc.kind, time.Now().Add(10*time.Second), 0)
				w := New(1 << 14)
				w.Method, w.Detect = m, true
				r := w.Prove(context.Background(), b, ev, tc.kind, time.Now().Add(10*time.Second), 0)
				name := tc.name + "/" + rule.String() + "/" + m.String()
				if b.Hash() != hash || b.MoveCount() != n {
					t.Fatalf("%s: the board was not restored", name)
				}
				if err := ev.Verify(); err != nil {
					t.Fatalf("%s: the evaluator was not restored: %v", name, err)
				}
				if r.Win != fr.Win || r.Win != (want.depth > 0) {
					t.Errorf("%s: detect says win %v, the full search %v, want depth %d", name, r.Win, fr.Win, want.depth)
					continue
				}
				if r.Proof != nil || r.Depth != 0 || len(r.Line) > 1 {
					t.Errorf("%s: detect gave a proof %v, depth %d, line %v", name, r.Proof != nil, r.Depth, r.Line)
				}
				if r.Win {
					wins++
				}
				if r.Win && r.Move != engine.NoPos {
					moves++
					if len(r.Line) != 1 || r.Line[0] != r.Move || !b.Legal(r.Move) {
						t.Errorf("%s: move %s, line %v", name, winCell(b, r.Move), r.Line)
					}
					if want.move != "" && winCell(b, r.Move) != want.move {
						t.Errorf("%s: first move %s, want %s", name, winCell(b, r.Move), want.move)
					}
				}
				if r.Nodes > fr.Nodes {
					t.Errorf("%s: detect searched %d nodes, the full search %d", name, r.Nodes, fr.Nodes)
				}
			}
		}
	}
	if wins == 0 || moves == 0 {
		t.Errorf("%d wins detected, %d with a move: the table should give both", wins, moves)
	}
	t.Logf("%d wins detected, %d with their first move", wins, moves)
}

// TestWinKeepUnchecked: a found win whose check the limits stop is
// dropped (counted in Unchecked), or with KeepUnchecked reported all the
// same with the table's first move and no proof (counted in Kept); a
// check with room to finish reports the checked proof either way.
func TestWinKeepUnchecked(t *testing.T) {
	kept := 0
	for _, tc := range winCases {
		want, ok := tc.want[engine.Freestyle]
		if !ok || want.depth < 3 {
			continue // a one-move five needs no check to speak of
		}
		for _, keep := range []bool{false, true} {
			b := testpos.Stones(t, engine.Freestyle, tc.black, tc.white, tc.toMove)
			ev := eval.Attach(b)
			w := New(1 << 14)
			w.KeepUnchecked, w.checkNodes = keep, 1
			r := w.Prove(context.Background(), b, ev, tc.kind, time.Time{}, 0)
			if w.Unchecked != 1 || w.Rejected != 0 {
				t.Fatalf("%s keep %v: unchecked %d rejected %d, want one check stopped", tc.name, keep, w.Unchecked, w.Rejected)
			}
			if !keep {
				if r.Win || w.Kept != 0 {
					t.Errorf("%s: an unchecked win reported (kept %d)", tc.name, w.Kept)
				}
				continue
			}
			if r.Win != (r.Move != engine.NoPos) || r.Proof != nil || w.Kept != btoi(r.Win) {
				t.Errorf("%s: win %v move %s proof %v kept %d", tc.name, r.Win, winCell(b, r.Move), r.Proof != nil, w.Kept)
			}
			if r.Win && want.move != "" && winCell(b, r.Move) != want.move {
				t.Errorf("%s: kept move %s, want %s", tc.name, winCell(b, r.Move), want.move)
			}
			kept += w.Kept
			w2 := New(1 << 14)
			w2.KeepUnchecked = true
			if r2 := w2.Prove(context.Background(), b, ev, tc.kind, time.Time{}, 0); !r2.Win || r2.Proof == nil || w2.Kept != 0 {
				t.Errorf("%s: room for the check, yet win %v proof %v kept %d", tc.name, r2.Win, r2.Proof != nil, w2.Kept)
			}
		}
	}
	if kept == 0 {
		t.Error("no unchecked win kept: the table should give some")
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWinDefendUnderDetect: Defend's and Forced's answers do not depend on
// Detect or KeepUnchecked being left on by the caller (their threat's
// proof is read, and Forced claims a win): white's open three h8-j8 is
// parried by its ends and black's counter-fours whatever the flags say.
func TestWinDefendUnderDetect(t *testing.T) {
	var want []engine.Pos
	for i, flags := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
		b := testpos.Board(t, 15, engine.Freestyle, "a1h8a3i8a5j8")
		ev := eval.Attach(b)
		w := New(1 << 14)
		w.Detect, w.KeepUnchecked = flags[0], flags[1]
		safe, threatened := w.Defend(context.Background(), b, ev, proof.VCT, time.Now().Add(10*time.Second), 0)
		if !threatened || len(safe) == 0 {
			t.Fatalf("flags %v: threatened %v, safe %v", flags, threatened, safe)
		}
		if i == 0 {
			want = safe
		} else if !slices.Equal(safe, want) {
			t.Errorf("flags %v: safe %v, want %v", flags, safe, want)
		}
		if w.Detect != flags[0] || w.KeepUnchecked != flags[1] {
			t.Errorf("flags %v: Defend left Detect %v, KeepUnchecked %v", flags, w.Detect, w.KeepUnchecked)
		}
	}
}
