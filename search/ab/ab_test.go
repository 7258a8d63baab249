package ab

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// abCases are positions with a known best move: fives, blocks, a VCF and
// a double three, under the rules where the answer holds.
var abCases = []struct {
	name         string
	rule         engine.Rule
	black, white string
	toMove       engine.Color
	move         string // the move to play ("" : any but notMove)
	notMove      string
	proven       int  // the expected Proven of the score (2: any)
	parry        bool // the move must be one of black's four points
}{
	{name: "five", rule: engine.Freestyle, black: "d8e8f8g8", white: "d9e9f9h8", toMove: engine.Black, move: "c8", proven: 1},
	{name: "block the four", rule: engine.Freestyle, black: "d8e8f8g8", white: "d9e9f9h8", toMove: engine.White, move: "c8"},
	{name: "two fives to stop", rule: engine.Freestyle, black: "d8e8f8g8h10", white: "d9e9f9a1a2", toMove: engine.White, proven: -1},
	// White wins by a VCF of three moves (search/win's TestWinPNLeafOverBudget).
	{name: "vcf", rule: engine.Freestyle, black: "g9k6e11k8k7i9j7j6g5e9h7e6", white: "e5g7f7k10h6i8e7h5j5k5i6", toMove: engine.White, proven: 1},
	{name: "double three", rule: engine.Freestyle, black: "f8g8h6h7", white: "a1o1a15o15", toMove: engine.Black, move: "h8", proven: 1},
	{name: "double three, renju: forbidden", rule: engine.Renju, black: "f8g8h6h7", white: "a1o1a15o15", toMove: engine.Black, notMove: "h8", proven: 2},
	{name: "open three to parry", rule: engine.Freestyle, black: "f8g8h8a1", white: "f9g10a15", toMove: engine.White, parry: true},
}

// abOptionSets are the searches the tests run: the default, with every
// pruning on, and with plain fours in the quiescence search.
var abOptionSets = []struct {
	name string
	opt  Options
}{
	{"default", Options{TableBits: 14}},
	{"pruning", Options{TableBits: 14, NullMove: true, Futility: true}},
	{"plain fours", Options{TableBits: 14, PlainFours: true}},
	{"selective", Options{TableBits: 14, MoveCount: true, LMRAll: true, ReverseFutility: true, QPlain: 2}},
}

func TestSearchCases(t *testing.T) {
	for _, set := range abOptionSets {
		for _, tc := range abCases {
			t.Run(set.name+"/"+tc.name, func(t *testing.T) {
				b := testpos.Stones(t, tc.rule, tc.black, tc.white, tc.toMove)
				e := eval.Attach(b)
				defer e.Detach()
				hash, n := b.Hash(), b.MoveCount()
				r := New(set.opt).Search(e, Limits{MaxDepth: 6, MaxNodes: 300_000})
				if r.Move == engine.NoPos {
					t.Fatal("no move")
				}
				got := engine.FormatMove(b.XY(r.Move))
				if tc.move != "" && got != tc.move {
					t.Errorf("move %s (score %d), want %s", got, r.Score, tc.move)
				}
				if tc.notMove != "" && got == tc.notMove {
					t.Errorf("played %s", got)
				}
				if tc.proven != 2 && Proven(r.Score) != tc.proven {
					t.Errorf("score %d: proven %d, want %d", r.Score, Proven(r.Score), tc.proven)
				}
				if !b.Legal(r.Move) || (b.SideToMove() == engine.Black && e.Forbidden(r.Move)) {
					t.Errorf("illegal move %s", got)
				}
				if b.Hash() != hash || b.MoveCount() != n {
					t.Error("board not restored")
				}
				if tc.parry && !slices.Contains(e.Fours(engine.Black), r.Move) {
					t.Errorf("%s does not parry the open three (black's four points)", got)
				}
			})
		}
	}
}

// TestSearchRestores: on random positions of every rule the board, its
// hash and the evaluator's incremental state are as they were after a
// search, and a node limit gives the same search twice.
func TestSearchRestores(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	rules := []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju, engine.Caro}
	for i := range 24 {
		rule := rules[i%len(rules)]
		size := 15
		if i%5 == 0 {
			size = 20
		}
		b := testpos.Random(rng, size, rule, 6+rng.IntN(30))
		e := eval.Attach(b)
		hash, n := b.Hash(), b.MoveCount()
		lim := Limits{MaxNodes: 20000}
		opt := abOptionSets[i%len(abOptionSets)].opt
		r1 := New(opt).Search(e, lim)
		if b.Hash() != hash || b.MoveCount() != n {
			t.Fatalf("position %d (%v): board not restored", i, rule)
		}
		if err := e.Verify(); err != nil {
			t.Fatalf("position %d (%v): evaluator: %v", i, rule, err)
		}
		r2 := New(opt).Search(e, lim)
		if r1.Move != r2.Move || r1.Nodes != r2.Nodes || r1.Score != r2.Score {
			t.Fatalf("position %d: two searches differ: %v %d %d / %v %d %d", i, r1.Move, r1.Nodes, r1.Score, r2.Move, r2.Nodes, r2.Score)
		}
		if r1.Move == engine.NoPos || !b.Legal(r1.Move) {
			t.Fatalf("position %d: move %v not legal", i, r1.Move)
		}
		e.Detach()
	}
}

// TestSearchAllowed: the root keeps to the allowed moves.
func TestSearchAllowed(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "h8i9", "g7", engine.White)
	e := eval.Attach(b)
	defer e.Detach()
	allowed := []engine.Pos{b.Pos(0, 0), b.Pos(14, 14)}
	r := New(Options{TableBits: 12}).Search(e, Limits{MaxDepth: 3, Allowed: allowed})
	if r.Move != allowed[0] && r.Move != allowed[1] {
		t.Fatalf("move %s, not an allowed one", engine.FormatMove(b.XY(r.Move)))
	}
}

// TestSearchPinFirst: a pinned root move is searched first in every
// iteration (so its score is exact: searched with the full window) and
// leads the root list at the end, while the best move and its score are
// the search's own; cell 0 (a1, Pos 0) is pinned only when Pin says so.
func TestSearchPinFirst(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9g7j10i7")
	e := eval.Attach(b)
	defer e.Detach()
	plain := New(Options{TableBits: 14}).Search(e, Limits{MaxDepth: 4})
	if len(plain.Root) < 3 {
		t.Fatalf("%d root moves", len(plain.Root))
	}
	if plain.Root[0].Move == b.Pos(0, 0) {
		t.Fatal("a1 first without a pin")
	}
	worst := plain.Root[len(plain.Root)-1].Move
	pinned := New(Options{TableBits: 14}).Search(e, Limits{MaxDepth: 4, First: worst, Pin: true})
	if pinned.Root[0].Move != worst || pinned.Root[0].Depth != pinned.Depth {
		t.Errorf("root list starts with %+v at depth %d, want the pinned %v searched in the last iteration",
			pinned.Root[0], pinned.Depth, worst)
	}
	if pinned.Move == worst || pinned.Score <= pinned.Root[0].Score {
		t.Errorf("best %v (%d), the pinned %v (%d): want another move, scoring higher",
			pinned.Move, pinned.Score, worst, pinned.Root[0].Score)
	}
}

// TestSearchHardLimit: a search with a hard limit stops (the bound here is
// loose on purpose: the test must not fail on a loaded machine).
func TestSearchHardLimit(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(7, 7)), 15, engine.Freestyle, 20)
	e := eval.Attach(b)
	defer e.Detach()
	start := time.Now()
	r := New(Options{}).Search(e, Limits{Hard: start.Add(30 * time.Millisecond), Soft: start.Add(20 * time.Millisecond)})
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("search took %v", d)
	}
	if r.Move == engine.NoPos {
		t.Fatal("no move")
	}
}

func TestMateScoreThroughTable(t *testing.T) {
	for _, tc := range []struct{ score, ply int }{
		{0, 3}, {500, 7}, {-999, 2}, {Mate - 5, 3}, {-(Mate - 8), 6}, {Mate - 1, 0},
	} {
		if got := fromTT(toTT(tc.score, tc.ply), tc.ply); got != tc.score {
			t.Errorf("score %d at ply %d: %d after the table", tc.score, tc.ply, got)
		}
	}
	// A mate stored at ply 4 reads, at ply 2, as two plies longer away.
	if got := fromTT(toTT(Mate-9, 4), 2); got != Mate-7 {
		t.Errorf("mate moved to ply 2: %d, want %d", got, Mate-7)
	}
}

// BenchmarkSearch searches 12 random middle-game positions to depth 7
// (the default options, a fresh table each); nodes/op is a signature of
// the search's shape.
func BenchmarkSearch(b *testing.B) {
	rng := rand.New(rand.NewPCG(11, 13))
	var pos []*engine.Board
	for range 12 {
		pos = append(pos, testpos.Random(rng, 15, engine.Freestyle, 16+rng.IntN(20)))
	}
	var nodes int64
	for b.Loop() {
		for _, bd := range pos {
			e := eval.Attach(bd)
			nodes += New(Options{TableBits: 16}).Search(e, Limits{MaxDepth: 7}).Nodes
			e.Detach()
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestLeafValuer: a shallow search's value is a win where the side to
// move completes a five or has a four-three, a loss against two five
// points, in [-1, 1] everywhere, leaves the board and the evaluator as they
// were, and is safe for concurrent use (go test -race).
func TestLeafValuer(t *testing.T) {
	l := NewLeafValuer(nil, 2, 12)
	for _, tc := range []struct {
		black, white string
		toMove       engine.Color
		want         float64
	}{
		{"d8e8f8g8", "d9e9f9h8", engine.Black, 1},
		{"d8e8f8g8h10", "d9e9f9a1a2", engine.White, -1},
		{"f8g8h6h7i8", "a1o1a15o15e8", engine.Black, 1}, // h8 is a four-three
	} {
		b := testpos.Stones(t, engine.Freestyle, tc.black, tc.white, tc.toMove)
		e := eval.Attach(b)
		if got := l.LeafValue(e); got != tc.want {
			t.Errorf("%s / %s: %v, want %v", tc.black, tc.white, got, tc.want)
		}
		e.Detach()
	}
	rng := rand.New(rand.NewPCG(21, 22))
	done := make(chan error)
	for g := range 4 {
		b := testpos.Random(rng, 15, []engine.Rule{engine.Freestyle, engine.Renju}[g%2], 10+rng.IntN(20))
		go func() {
			e := eval.Attach(b)
			defer e.Detach()
			hash, n := b.Hash(), b.MoveCount()
			for range 20 {
				if v := l.LeafValue(e); v < -1 || v > 1 {
					done <- fmt.Errorf("value %v out of [-1, 1]", v)
					return
				}
			}
			if b.Hash() != hash || b.MoveCount() != n {
				done <- fmt.Errorf("board not restored")
				return
			}
			done <- e.Verify()
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestQuiescencePlainFours: black's only win is a plain four by its last
// stone, then a four-three the four made: the quiescence search alone
// (depth 0) finds it when QPlain lets a line start with a plain four, and
// does not otherwise (it plays only fours that win at once).
func TestQuiescencePlainFours(t *testing.T) {
	b, _ := engine.New(15, 15, engine.Freestyle)
	put := func(c engine.Color, xy ...int) {
		for i := 0; i < len(xy); i += 2 {
			b.Put(b.Pos(xy[i], xy[i+1]), c)
		}
	}
	// Row 7: a white stone, then three black (a plain four at g8, h8 its
	// five point); column 7: two black stones closed by white at (7,11);
	// row 8: two black stones, open.
	put(engine.Black, 4, 7, 5, 7, 7, 9, 7, 10, 8, 8, 9, 8)
	put(engine.White, 3, 7, 0, 0, 14, 0, 0, 14, 14, 14)
	put(engine.Black, 6, 7) // the last black stone, by the four
	put(engine.White, 7, 11)
	e := eval.Attach(b)
	defer e.Detach()
	four := b.Pos(7, 7)
	if got := e.Combo(four, engine.Black); got != eval.ComboFour {
		t.Fatalf("the first four's combo %v, want a plain four", got)
	}
	for _, p := range e.Fours(engine.Black) {
		if e.Combo(p, engine.Black) > eval.ComboFour {
			t.Fatalf("black has a winning four at once at %s", engine.FormatMove(b.XY(p)))
		}
	}
	quiesce := func(opt Options) int {
		s := New(opt)
		s.begin(e, Limits{})
		return s.search(0, -inf, inf, 0, false)
	}
	hash := b.Hash()
	if v := quiesce(Options{TableBits: 12}); Proven(v) != 0 {
		t.Errorf("default quiescence: %d, want no mate (plain fours are not played)", v)
	}
	if v := quiesce(Options{TableBits: 12, QPlain: 1}); Proven(v) != 1 {
		t.Errorf("QPlain 1: %d, want a mate", v)
	}
	if b.Hash() != hash {
		t.Error("board not restored")
	}
	// The plain four must be near the side's last stone: with the last
	// black stone far away it is not played.
	b.Undo()
	b.Undo()
	put(engine.Black, 14, 7)
	put(engine.Black, 6, 7)
	put(engine.White, 12, 12)
	put(engine.Black, 1, 1)
	put(engine.White, 7, 11)
	if v := quiesce(Options{TableBits: 12, QPlain: 1}); Proven(v) != 0 {
		t.Errorf("QPlain 1, the last black stone far away: %d, want no mate", v)
	}
}

// TestMoveCountLimit: the move count grows with depth and doubles where
// the side to move improves.
func TestMoveCountLimit(t *testing.T) {
	prev := 0
	for d := 1; d < 30; d++ {
		n, ni := moveCountLimit(d, false), moveCountLimit(d, true)
		if n < 1 || n < prev || ni < 2*n-1 || ni > 2*n+1 {
			t.Fatalf("depth %d: %d, improving %d (previous %d)", d, n, ni, prev)
		}
		prev = n
	}
}

// TestThreatens: reading the fours gives what the combo counts say (a
// four-three, double four or straight four point for the colour), on
// random positions of every rule, among them positions with and without.
func TestThreatens(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	rules := []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju, engine.Caro}
	seen := [2]int{}
	for i := range 600 {
		b := testpos.Random(rng, 15, rules[i%len(rules)], 10+rng.IntN(50))
		e := eval.Attach(b)
		for _, c := range []engine.Color{engine.Black, engine.White} {
			want := e.ComboCount(c, eval.ComboFourThree) > 0 || e.ComboCount(c, eval.ComboDoubleFour) > 0 ||
				e.ComboCount(c, eval.ComboStraightFour) > 0
			if got := threatens(e, c); got != want {
				t.Fatalf("position %d (%v), colour %v: threatens %v, the counts say %v", i, b.Rule(), c, got, want)
			}
			seen[b2i(want)]++
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Errorf("cases without and with a threat: %v; the test needs both", seen)
	}
}
