package threat

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// sameState compares the incremental tracker with one built from scratch
// on the same board: keys, sharp classes, sets and their counts.
func sameState(t *testing.T, tr *Tracker, what string) {
	t.Helper()
	fresh := New(tr.b)
	b := tr.b
	for y := range b.Height() {
		for x := range b.Width() {
			p := b.Pos(x, y)
			got, want := tr.cells[p], fresh.cells[p]
			got.touched, want.touched = 0, 0
			if got != want {
				t.Fatalf("%s: %s: cell %+v, fresh %+v", what, engine.FormatMove(x, y), got, want)
			}
		}
	}
	if tr.count != fresh.count {
		t.Fatalf("%s: counts %v, fresh %v", what, tr.count, fresh.count)
	}
	for ci := range 2 {
		for s := range numSets {
			if !slices.Equal(tr.bits[ci][s], fresh.bits[ci][s]) {
				t.Fatalf("%s: colour %d set %d differs from fresh", what, ci, s)
			}
		}
	}
}

// sorted is a sorted copy of a point list.
func sorted(ps []engine.Pos) []engine.Pos {
	out := slices.Clone(ps)
	slices.Sort(out)
	return out
}

// agree compares every answer of the tracker with the evaluator's on the
// position both follow.
func agree(t *testing.T, tr *Tracker, ev *eval.Evaluator, what string) {
	t.Helper()
	b := tr.b
	for _, c := range []engine.Color{engine.Black, engine.White} {
		for name, f := range map[string][2][]engine.Pos{
			"fives":  {tr.Fives(c), ev.Fives(c)},
			"fours":  {tr.Fours(c), ev.Fours(c)},
			"threes": {tr.Threes(c), ev.Threes(c)},
		} {
			if got, want := sorted(f[0]), sorted(f[1]); !slices.Equal(got, want) {
				t.Fatalf("%s: %v %s %s, evaluator %s\n%v", what, c, name,
					testpos.Moves(b, got), testpos.Moves(b, want), b)
			}
		}
	}
	for y := range b.Height() {
		for x := range b.Width() {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			at := fmt.Sprintf("%s: %s", what, engine.FormatMove(x, y))
			if tr.Forbidden(p) != ev.Forbidden(p) {
				t.Fatalf("%s: forbidden %v, evaluator %v\n%v", at, tr.Forbidden(p), ev.Forbidden(p), b)
			}
			for _, c := range []engine.Color{engine.Black, engine.White} {
				if got, want := tr.Combo(p, c), ev.Combo(p, c); got != want {
					t.Fatalf("%s: %v combo %v, evaluator %v\n%v", at, c, got, want, b)
				}
				if got, want := tr.HasNear(p, c), hasNear(b, p, c); got != want {
					t.Fatalf("%s: %v near %v, board %v\n%v", at, c, got, want, b)
				}
				if cb := tr.Combo(p, c); tr.StrongFour(p, c) != (cb == eval.ComboStraightFour || cb == eval.ComboDoubleFour) {
					t.Fatalf("%s: %v strong four %v, combo %v", at, c, tr.StrongFour(p, c), cb)
				}
				if cb := tr.Combo(p, c); cb != eval.ComboNone && cb != eval.ComboForbidden && !tr.HasNear(p, c) {
					t.Fatalf("%s: %v combo %v with no stone near", at, c, cb)
				}
				if got, want := tr.Flags(p, c), ev.Flags(p, c)&^eval.FlagUncertain; got != want {
					t.Fatalf("%s: %v flags %b, evaluator %b\n%v", at, c, got, want, b)
				}
				got := sorted(tr.AppendFivePoints(nil, p, c))
				if want := sorted(ev.AppendFivePoints(nil, p, c)); !slices.Equal(got, want) {
					t.Fatalf("%s: %v five points %v, evaluator %v", at, c, got, want)
				}
				for d := range 4 {
					if tr.Class(p, d, c) != ev.Class(p, d, c) {
						t.Fatalf("%s: %v class along %d %v, evaluator %v", at, c, d, tr.Class(p, d, c), ev.Class(p, d, c))
					}
					l := ev.Line(p, d, c)
					want := sorted(ev.MaskPoints(nil, p, d, l.Gains))
					if got := sorted(tr.AppendGains(nil, p, d, c)); !slices.Equal(got, want) {
						t.Fatalf("%s: %v gains along %d %v, evaluator %v", at, c, d, got, want)
					}
				}
			}
		}
	}
}

// hasNear is Tracker.HasNear read off the board.
func hasNear(b *engine.Board, p engine.Pos, c engine.Color) bool {
	for _, d := range b.Dirs() {
		for k := engine.Pos(1); k <= 4; k++ {
			if b.At(p+k*d) == c || b.At(p-k*d) == c {
				return true
			}
		}
	}
	return false
}

// TestTrackerRandomWalks makes and undoes random moves, dense near the
// centre (overlines, fours, fives of both colours), on boards of several
// sizes under each rule the tracker supports, and checks after every step
// that the incremental state is the fresh one and that every answer is the
// evaluator's.
func TestTrackerRandomWalks(t *testing.T) {
	cases := []struct {
		rule  engine.Rule
		size  int
		seeds int
		steps int
	}{
		{engine.Freestyle, 15, 6, 120},
		{engine.Exact, 15, 6, 120},
		{engine.Renju, 15, 10, 120},
		{engine.Freestyle, 7, 4, 80}, // every cell near an edge
		{engine.Renju, 9, 6, 100},
		{engine.Exact, 20, 3, 100},
	}
	if testing.Short() {
		for i := range cases {
			cases[i].seeds = 2
		}
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%v-%d", tc.rule, tc.size), func(t *testing.T) {
			var seen coverage
			for seed := range tc.seeds {
				rng := rand.New(rand.NewPCG(uint64(seed), uint64(tc.rule)))
				b := testpos.Random(rng, tc.size, tc.rule, rng.IntN(20))
				ev := eval.Attach(b)
				tr := New(b)
				b.Attach(tr)
				for step := range tc.steps {
					seen.note(tr)
					what := fmt.Sprintf("seed %d step %d", seed, step)
					if b.MoveCount() > 0 && (rng.IntN(3) == 0 || b.Full()) {
						b.Undo()
					} else {
						// Anywhere within a small square: dense shapes, both colours.
						r := min(tc.size, 7)
						x := (tc.size-r)/2 + rng.IntN(r)
						y := (tc.size-r)/2 + rng.IntN(r)
						if rng.IntN(4) == 0 {
							x, y = rng.IntN(tc.size), rng.IntN(tc.size)
						}
						p := b.Pos(x, y)
						if b.At(p) != engine.Empty {
							continue
						}
						b.Put(p, engine.Color(1+rng.IntN(2)))
					}
					sameState(t, tr, what)
					agree(t, tr, ev, what)
				}
				for b.MoveCount() > 0 {
					b.Undo()
				}
				sameState(t, tr, fmt.Sprintf("seed %d emptied", seed))
				b.Detach(tr)
				ev.Detach()
			}
			seen.require(t, tc.rule)
		})
	}
}

// TestTrackerShapes checks hand-made shapes under each rule: overlines,
// exact five, open and closed threes at the edge, and renju's forbidden
// points (double three, double four, overline, a four-three, a three whose
// straight-four point is itself forbidden).
func TestTrackerShapes(t *testing.T) {
	cases := []struct {
		name         string
		rule         engine.Rule
		black, white string
		check        func(t *testing.T, b *engine.Board, tr *Tracker)
	}{
		{"freestyle overline wins", engine.Freestyle, "a1b1c1e1f1", "", func(t *testing.T, b *engine.Board, tr *Tracker) {
			if !slices.Contains(tr.Fives(engine.Black), b.Pos(3, 0)) {
				t.Errorf("d1 not a five point for black: %v", testpos.Moves(b, tr.Fives(engine.Black)))
			}
		}},
		{"exact five: overline is no five", engine.Exact, "a1b1c1e1f1", "", func(t *testing.T, b *engine.Board, tr *Tracker) {
			if slices.Contains(tr.Fives(engine.Black), b.Pos(3, 0)) {
				t.Errorf("d1 counted as a five under exact five")
			}
		}},
		{"renju overline forbidden", engine.Renju, "a1b1c1e1f1", "o15", func(t *testing.T, b *engine.Board, tr *Tracker) {
			if !tr.Forbidden(b.Pos(3, 0)) {
				t.Errorf("d1 not forbidden")
			}
		}},
		{"renju double four forbidden", engine.Renju, "h5h6h7j8k8l8", "a1", func(t *testing.T, b *engine.Board, tr *Tracker) {
			if !tr.Forbidden(b.Pos(7, 7)) || slices.Contains(tr.Fours(engine.Black), b.Pos(7, 7)) {
				t.Errorf("h8 not a forbidden double four")
			}
		}},
		{"renju double three forbidden", engine.Renju, "h6h7j8k8", "a1a2", func(t *testing.T, b *engine.Board, tr *Tracker) {
			if !tr.Forbidden(b.Pos(7, 7)) || slices.Contains(tr.Threes(engine.Black), b.Pos(7, 7)) {
				t.Errorf("h8 not a forbidden double three")
			}
		}},
		{"white double three allowed", engine.Renju, "a1a2a3", "h6h7j8k8", func(t *testing.T, b *engine.Board, tr *Tracker) {
			if tr.Combo(b.Pos(7, 7), engine.White) != eval.ComboDoubleThree {
				t.Errorf("h8 is %v for white", tr.Combo(b.Pos(7, 7), engine.White))
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := testpos.Stones(t, tc.rule, tc.black, tc.white, engine.Black)
			ev := eval.Attach(b)
			tr := New(b)
			b.Attach(tr)
			tc.check(t, b, tr)
			agree(t, tr, ev, tc.name)
		})
	}
}

// TestTrackerSupports: caro is left to the evaluator.
func TestTrackerSupports(t *testing.T) {
	for r, want := range map[engine.Rule]bool{engine.Freestyle: true, engine.Exact: true, engine.Renju: true,
		engine.Caro: false, engine.CaroExact: false} {
		if Supports(r) != want {
			t.Errorf("Supports(%v) = %v", r, !want)
		}
	}
}

// coverage counts the shapes a random walk met, so that the walks are
// known to test what they are meant to.
type coverage struct{ fives, fours, threes, forbidden, unreal int }

// note counts the shapes of the current position.
func (c *coverage) note(tr *Tracker) {
	for _, col := range []engine.Color{engine.Black, engine.White} {
		c.fives += len(tr.Fives(col))
		c.fours += len(tr.Fours(col))
		c.threes += len(tr.Threes(col))
	}
	b := tr.b
	for y := range b.Height() {
		for x := range b.Width() {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			if tr.Forbidden(p) {
				c.forbidden++
			}
			if tr.openThrees(p) > 0 && tr.Flags(p, engine.Black)&eval.FlagOpenThree == 0 && !tr.Forbidden(p) &&
				tr.cells[p].set[0] == setThree {
				c.unreal++ // renju black: an open three that is not real
			}
		}
	}
}

// require fails the test when a walk under rule r met too few shapes.
func (c *coverage) require(t *testing.T, r engine.Rule) {
	t.Helper()
	if c.fives == 0 || c.fours == 0 || c.threes == 0 {
		t.Errorf("walks met too few shapes: %+v", *c)
	}
	if r == engine.Renju && !testing.Short() && (c.forbidden == 0 || c.unreal == 0) {
		t.Errorf("renju walks met no forbidden point or unreal three: %+v", *c)
	}
	t.Logf("shapes met: %+v", *c)
}
