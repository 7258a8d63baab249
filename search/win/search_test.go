package win

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// winCell is a cell's pos-notation name.
func winCell(b *engine.Board, p engine.Pos) string {
	if p == engine.NoPos {
		return "-"
	}
	x, y := b.XY(p)
	return engine.FormatMove(x, y)
}

// winExpect is the result a position should give under one rule: the
// proof's depth in attacker moves (0: no win) and, where it is the only
// one, the first move.
type winExpect struct {
	depth int
	move  string
}

// winCases are positions built to exercise each rule's twist. The far
// white stones only keep the stone counts plausible.
var winCases = []struct {
	name         string
	black, white string
	toMove       engine.Color
	kind         proof.Kind
	want         map[engine.Rule]winExpect
}{
	{
		// h8 makes a four (e8-h8, d8 blocked) and an open three (h8-h10):
		// a four-three, legal under every rule.
		name: "four-three", black: "e8f8g8h9h10", white: "d8a1o1a15", toMove: engine.Black, kind: proof.VCF,
		want: map[engine.Rule]winExpect{
			engine.Freestyle: {3, "h8"}, engine.Exact: {3, "h8"}, engine.Renju: {3, "h8"},
			engine.Caro: {3, "h8"}, engine.CaroExact: {3, "h8"},
		},
	},
	{
		// f8 makes c8-f8 with five points b8 and g8; g8 joins h8 into six:
		// a win where overlines count, a lone four where they do not.
		// Under caro white's g8 takes one five point and closes the other
		// five (b8-f8, a8 white) at its far end.
		name: "overline trap", black: "c8d8e8h8", white: "a8a1o1o15", toMove: engine.Black, kind: proof.VCF,
		want: map[engine.Rule]winExpect{
			engine.Freestyle: {2, "f8"}, engine.Exact: {}, engine.Renju: {},
			engine.Caro: {}, engine.CaroExact: {},
		},
	},
	{
		// e8 makes two fours, but the row's five (b8-f8 between a8 and g8)
		// is blocked at both ends: no five under caro; under renju the
		// double four is forbidden.
		name: "caro blocked five", black: "b8c8d8e9e10e11", white: "a8g8e12a1o1", toMove: engine.Black, kind: proof.VCF,
		want: map[engine.Rule]winExpect{
			engine.Freestyle: {2, "e8"}, engine.Exact: {2, "e8"}, engine.Renju: {},
			engine.Caro: {}, engine.CaroExact: {},
		},
	},
	{
		// White's d4 makes a four whose only five point, h8, is black's
		// double three: black may not block there under renju.
		name: "renju forbidden block", black: "f8g8h6h7c3i9", white: "e5f6g7a15o15o1", toMove: engine.White, kind: proof.VCF,
		want: map[engine.Rule]winExpect{
			engine.Freestyle: {}, engine.Renju: {2, "d4"},
		},
	},
	{
		// h8 is a double three: a VCT in three moves, no VCF; for renju
		// black it is forbidden.
		name: "double three", black: "f8g8h6h7", white: "a1o1a15o15", toMove: engine.Black, kind: proof.VCT,
		want: map[engine.Rule]winExpect{
			engine.Freestyle: {3, "h8"}, engine.Exact: {3, "h8"},
			engine.Caro: {3, "h8"}, engine.CaroExact: {3, "h8"},
		},
	},
	{
		name: "double three, fours only", black: "f8g8h6h7", white: "a1o1a15o15", toMove: engine.Black, kind: proof.VCF,
		want: map[engine.Rule]winExpect{engine.Freestyle: {}, engine.Caro: {}},
	},
}

// TestWinCases runs the table on every rule it names, checks each proof
// with the checker, and that the board and the evaluator come back as
// they were.
func TestWinCases(t *testing.T) {
	for _, tc := range winCases {
		for rule, want := range tc.want {
			t.Run(tc.name+"/"+rule.String(), func(t *testing.T) {
				b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
				ev := eval.Attach(b)
				hash, n := b.Hash(), b.MoveCount()
				w := New(1 << 14)
				w.NoVerify = true // checked below, explicitly
				r := w.Prove(context.Background(), b, ev, tc.kind, time.Now().Add(10*time.Second), 0)
				if b.Hash() != hash || b.MoveCount() != n {
					t.Fatal("the board was not restored")
				}
				if err := ev.Verify(); err != nil {
					t.Fatalf("the evaluator was not restored: %v", err)
				}
				if r.Win != (want.depth > 0) {
					t.Fatalf("win %v (%s), want depth %d", r.Win, winCell(b, r.Move), want.depth)
				}
				if !r.Complete {
					t.Error("a small search did not complete")
				}
				if !r.Win {
					return
				}
				if r.Depth != want.depth {
					t.Errorf("depth %d, want %d", r.Depth, want.depth)
				}
				if want.move != "" && winCell(b, r.Move) != want.move {
					t.Errorf("first move %s, want %s", winCell(b, r.Move), want.move)
				}
				if len(r.Line) == 0 || r.Line[0] != r.Move || len(r.Line)%2 == 0 {
					t.Errorf("line %v does not start with the move and end with the attacker's five", r.Line)
				}
				if err := proof.Check(b, r.Proof, 0); err != nil {
					t.Errorf("checker: %v", err)
				}
				winReplayLine(t, b, r)
			})
		}
	}
}

// winReplayLine plays the principal line on a copy: every move legal, the
// proof answers each defence of it, and the last move wins.
func winReplayLine(t *testing.T, b *engine.Board, r Result) {
	t.Helper()
	c := b.Clone()
	att := c.SideToMove()
	for i, p := range r.Line {
		if !c.Legal(p) {
			t.Fatalf("line move %d (%s) is illegal", i, winCell(c, p))
		}
		if c.SideToMove() == att {
			if m, ok := r.Proof.Reply(c); !ok || m != p {
				t.Errorf("proof answers %s at line move %d, the line plays %s", winCell(c, m), i, winCell(c, p))
			}
		}
		c.Make(p)
	}
	if c.Winner() != att {
		t.Errorf("the line does not end in the attacker's five")
	}
}

// TestWinDepthLimit checks that MaxDepth bounds the attack: the
// four-three needs three attacker moves.
func TestWinDepthLimit(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.Black)
	ev := eval.Attach(b)
	for _, sched := range []Schedule{ScheduleAuto, ScheduleStep, ScheduleDouble, ScheduleFull} {
		for depth, want := range map[int]bool{2: false, 3: true, 5: true} {
			w := New(1 << 12)
			w.MaxDepth, w.Schedule = depth, sched
			r := w.Prove(context.Background(), b, ev, proof.VCF, time.Time{}, 0)
			if r.Win != want || !r.Complete {
				t.Errorf("schedule %d depth %d: win %v complete %v, want %v", sched, depth, r.Win, r.Complete, want)
			}
		}
	}
}

// TestWinMethodsAgree runs both algorithms and every threat set on the
// table's VCTs: same verdicts, checked proofs.
func TestWinMethodsAgree(t *testing.T) {
	for _, tc := range winCases {
		want := tc.want[engine.Freestyle]
		if _, ok := tc.want[engine.Freestyle]; !ok {
			continue
		}
		for _, m := range []Method{DepthFirst, ProofNumber} {
			for _, th := range []Threats{ThreatsOpenThrees, ThreatsThrees, ThreatsTwos} {
				b := testpos.Stones(t, engine.Freestyle, tc.black, tc.white, tc.toMove)
				ev := eval.Attach(b)
				w := New(1 << 14)
				w.Method, w.Threats = m, th
				r := w.Prove(context.Background(), b, ev, tc.kind, time.Time{}, 0)
				if r.Win != (want.depth > 0) || (r.Win && r.Depth != want.depth) || w.Rejected != 0 {
					t.Errorf("%s %v threats %d: win %v depth %d rejected %d, want depth %d",
						tc.name, m, th, r.Win, r.Depth, w.Rejected, want.depth)
				}
			}
		}
	}
}

// TestWinFiveOnBoard: a five to make is a win of depth one for both kinds.
func TestWinFiveOnBoard(t *testing.T) {
	b := testpos.Stones(t, engine.Renju, "d8e8f8g8", "d9e9f9g9a1", engine.Black)
	ev := eval.Attach(b)
	w := New(1 << 10)
	for _, k := range []proof.Kind{proof.VCF, proof.VCT} {
		r := w.Prove(context.Background(), b, ev, k, time.Time{}, 0)
		if !r.Win || r.Depth != 1 || (winCell(b, r.Move) != "c8" && winCell(b, r.Move) != "h8") {
			t.Errorf("%v: %+v", k, r)
		}
		if m, ok := r.Proof.Reply(b); !ok || m != r.Move {
			t.Errorf("%v: Reply %s %v", k, winCell(b, m), ok)
		}
	}
	// White to move must not claim black's five.
	b.SetSideToMove(engine.White)
	if r := w.Prove(context.Background(), b, ev, proof.VCF, time.Time{}, 0); !r.Win || r.Depth != 1 {
		t.Errorf("white has its own five: %+v", r)
	}
}

// TestWinVCTSchedules: deepening on the number of threes, and the one
// search with closed threes and twos priced by threat level (VCT, depth
// first), give the table's verdicts on every rule it names, with proofs the
// checker accepts, and leave the board and the evaluator as they were.
// They need not find the shortest win, so depths are not compared.
func TestWinVCTSchedules(t *testing.T) {
	for _, sch := range []Schedule{ScheduleQuiet, ScheduleWeighted} {
		testWinSchedule(t, sch)
	}
}

func testWinSchedule(t *testing.T, sch Schedule) {
	for _, tc := range winCases {
		if tc.kind != proof.VCT {
			continue
		}
		for rule, want := range tc.want {
			b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
			ev := eval.Attach(b)
			hash := b.Hash()
			w := New(1 << 14)
			w.Schedule = sch
			r := w.Prove(context.Background(), b, ev, proof.VCT, time.Now().Add(10*time.Second), 0)
			if b.Hash() != hash {
				t.Fatalf("%s %v: the board was not restored", tc.name, rule)
			}
			if err := ev.Verify(); err != nil {
				t.Fatalf("%s %v: the evaluator was not restored: %v", tc.name, rule, err)
			}
			if r.Win != (want.depth > 0) || w.Rejected != 0 {
				t.Errorf("schedule %d, %s %v: win %v (rejected %d), want depth %d", sch, tc.name, rule, r.Win, w.Rejected, want.depth)
				continue
			}
			if r.Win {
				if err := proof.Check(b, r.Proof, 0); err != nil {
					t.Errorf("%s %v: checker: %v", tc.name, rule, err)
				}
			}
		}
	}
}

// TestWinLeafVCF: the VCT's leaf VCFs (on by default) change no verdict of
// the table, their proofs pass the checker, and with MaxDepth set no proof
// is longer than the limit even though a leaf VCF may reach past the
// iteration's budget.
func TestWinLeafVCF(t *testing.T) {
	for _, tc := range winCases {
		if tc.kind != proof.VCT {
			continue
		}
		for rule, want := range tc.want {
			// df-pn reads its children's proofs from the table, where a
			// leaf VCF's may need more moves than the budget: it must take
			// them as proofs, or it expands them forever (the node limit
			// then ends the search without a win). The weighted schedule
			// runs without a depth limit only: its MaxDepth counts the
			// threats' costs, not moves.
			for _, lz := range [][2]int{{-1, 0}, {0, 0}, {2, 0}, {0, -1}, {2, -1}} {
				leaf, zone := lz[0], lz[1]
				for _, dm := range [][3]int{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {want.depth, 0, 0}, {want.depth, 1, 0}} {
					depth, m, sch := dm[0], Method(dm[1]), ScheduleAuto
					if dm[2] == 1 {
						sch = ScheduleWeighted
					}
					b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
					ev := eval.Attach(b)
					hash := b.Hash()
					w := New(1 << 14)
					w.LeafVCF, w.VCFZone, w.MaxDepth, w.Method, w.Schedule = leaf, zone, depth, m, sch
					r := w.Prove(context.Background(), b, ev, proof.VCT, time.Now().Add(10*time.Second), 200000)
					name := fmt.Sprintf("%s %v %v schedule %d leaf %d zone %d depth %d", tc.name, rule, m, sch, leaf, zone, depth)
					if b.Hash() != hash {
						t.Fatalf("%s: the board was not restored", name)
					}
					if err := ev.Verify(); err != nil {
						t.Fatalf("%s: the evaluator was not restored: %v", name, err)
					}
					if r.Win != (want.depth > 0) || w.Rejected != 0 {
						t.Errorf("%s: win %v (rejected %d), want depth %d", name, r.Win, w.Rejected, want.depth)
						continue
					}
					if !r.Win {
						continue
					}
					if depth > 0 && r.Depth > depth {
						t.Errorf("%s: a proof of %d attacker moves", name, r.Depth)
					}
					if err := proof.Check(b, r.Proof, 0); err != nil {
						t.Errorf("%s: checker: %v", name, err)
					}
				}
			}
		}
	}
}

// TestWinPNLeafOverBudget: df-pn takes a node its leaf VCF proved as
// proven even when the VCF needs more moves than the iteration's budget.
// Here white wins by a VCF of three moves (two fours and the five), which
// the root's leaf VCF finds in the first iteration (budget 2); df-pn once
// read that proof back as unknown and gave up as if a limit had stopped
// it. (A random position the project generated, freestyle.)
func TestWinPNLeafOverBudget(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "g9k6e11k8k7i9j7j6g5e9h7e6", "e5g7f7k10h6i8e7h5j5k5i6", engine.White)
	ev := eval.Attach(b)
	for _, m := range []Method{DepthFirst, ProofNumber} {
		w := New(1 << 12)
		w.Method = m
		r := w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, 100000)
		if !r.Win || r.Depth != 3 || w.Rejected != 0 {
			t.Fatalf("%v: win %v depth %d rejected %d, want a win in 3", m, r.Win, r.Depth, w.Rejected)
		}
		if err := proof.Check(b, r.Proof, 0); err != nil {
			t.Errorf("%v: checker: %v", m, err)
		}
	}
}

// TestWinLeafVCFDepthCap: a leaf VCF stays within MaxDepth (the
// four-three needs three attacker moves).
func TestWinLeafVCFDepthCap(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.Black)
	ev := eval.Attach(b)
	for depth, want := range map[int]bool{2: false, 3: true, 4: true} {
		w := New(1 << 12)
		w.MaxDepth = depth
		r := w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, 0)
		if r.Win != want || !r.Complete || (r.Win && r.Depth > depth) {
			t.Errorf("depth %d: win %v depth %d complete %v, want %v", depth, r.Win, r.Depth, r.Complete, want)
		}
	}
}

// TestWinPreProbe: looking up a four's grandchild before playing it
// (preProbe) is the same search as playing it: on every case of the
// table, under every rule it names, both find the same verdict and depth,
// and the proofs pass the checker.
func TestWinPreProbe(t *testing.T) {
	for _, tc := range winCases {
		for rule, want := range tc.want {
			var res [2]Result
			for i, off := range []bool{false, true} {
				b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
				ev := eval.Attach(b)
				w := New(1 << 14)
				w.noPreProbe = off
				res[i] = w.Prove(context.Background(), b, ev, tc.kind, time.Now().Add(10*time.Second), 0)
				if w.Rejected != 0 {
					t.Errorf("%s %v (pre-probe off %v): %d proofs rejected", tc.name, rule, off, w.Rejected)
				}
			}
			if res[0].Win != (want.depth > 0) || res[0].Win != res[1].Win || res[0].Depth != res[1].Depth {
				t.Errorf("%s %v: win %v depth %d with the pre-probe, %v depth %d without, want depth %d",
					tc.name, rule, res[0].Win, res[0].Depth, res[1].Win, res[1].Depth, want.depth)
			}
		}
	}
}

// TestCheckBudget: a found proof's check is bounded by the search's clock
// when it has one (a deadline or a cancellable context), else by the
// checker's node budget.
func TestCheckBudget(t *testing.T) {
	w := &Search{ctx: context.Background()}
	if got := w.checkBudget(); got != 0 {
		t.Errorf("no clock: %d, want 0 (the checker's default)", got)
	}
	w.deadline = time.Now().Add(time.Second)
	if got := w.checkBudget(); got != math.MaxInt64 {
		t.Errorf("a deadline: %d, want no node budget", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w = &Search{ctx: ctx}
	if got := w.checkBudget(); got != math.MaxInt64 {
		t.Errorf("a cancellable context: %d, want no node budget", got)
	}
}

// TestCheckGrace: a found proof's check stops at the deadline moved
// CheckGrace later, and always when the context is done.
func TestCheckGrace(t *testing.T) {
	w := &Search{ctx: context.Background(), deadline: time.Now().Add(-10 * time.Millisecond)}
	if !w.checkTimeUp() {
		t.Error("no grace, a passed deadline: the check goes on")
	}
	w.CheckGrace = time.Hour
	if w.checkTimeUp() {
		t.Error("an hour's grace: the check stops 10 ms past the deadline")
	}
	if !w.timeUp() {
		t.Error("the search's own clock takes the grace too")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w.ctx = ctx
	if !w.checkTimeUp() {
		t.Error("a cancelled context: the check goes on")
	}
	w = &Search{ctx: context.Background(), CheckGrace: time.Hour}
	if w.checkTimeUp() {
		t.Error("no deadline: the check stops")
	}
}

// TestWinLevelLagAndThreatZone: other lags of the wider threat levels
// give the table's VCT verdicts; the threat zone, which may miss a win,
// never finds one the table does not have, and every win either reports
// passes the checker, with the board and the evaluator restored.
func TestWinLevelLagAndThreatZone(t *testing.T) {
	for _, tc := range winCases {
		if tc.kind != proof.VCT {
			continue
		}
		for rule, want := range tc.want {
			for _, o := range [][2]int{{1, 0}, {3, 0}, {0, 1}, {0, 16}} {
				lag, zone := o[0], o[1]
				b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
				ev := eval.Attach(b)
				hash := b.Hash()
				w := New(1 << 14)
				w.LevelLag, w.ThreatZone = lag, zone
				r := w.Prove(context.Background(), b, ev, proof.VCT, time.Now().Add(10*time.Second), 200000)
				name := fmt.Sprintf("%s %v lag %d zone %d", tc.name, rule, lag, zone)
				if b.Hash() != hash {
					t.Fatalf("%s: the board was not restored", name)
				}
				if err := ev.Verify(); err != nil {
					t.Fatalf("%s: the evaluator was not restored: %v", name, err)
				}
				switch {
				case w.Rejected != 0:
					t.Errorf("%s: %d proofs rejected", name, w.Rejected)
				case r.Win && want.depth == 0:
					t.Errorf("%s: a win the table does not have", name)
				case zone == 0 && r.Win != (want.depth > 0):
					t.Errorf("%s: win %v, want depth %d", name, r.Win, want.depth)
				case r.Win:
					if err := proof.Check(b, r.Proof, 0); err != nil {
						t.Errorf("%s: checker: %v", name, err)
					}
				}
			}
		}
	}
}
