package eval

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

func fromPos(t *testing.T, r engine.Rule, pos string) (*engine.Board, *Evaluator) {
	t.Helper()
	moves, err := engine.ParseMoves(pos)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromMoves(15, 15, r, moves)
	if err != nil {
		t.Fatal(err)
	}
	return b, Attach(b)
}

func names(b *engine.Board, ps []engine.Pos) string {
	var out []string
	for _, p := range ps {
		out = append(out, engine.FormatMove(b.XY(p)))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestThreatSets(t *testing.T) {
	b, e := fromPos(t, engine.Freestyle, "h8a1i8a2j8")
	if got := names(b, e.Fours(engine.Black)); got != "f8 g8 k8 l8" {
		t.Errorf("black fours %q", got)
	}
	if got := names(b, e.AppendFivePoints(nil, b.Pos(6, 7), engine.Black)); got != "f8 k8" {
		t.Errorf("five points after g8: %q", got)
	}
	if got := names(b, e.AppendFivePoints(nil, b.Pos(5, 7), engine.Black)); got != "g8" {
		t.Errorf("five points after f8: %q", got)
	}
	if len(e.Fives(engine.Black)) != 0 || len(e.Fours(engine.White)) != 0 {
		t.Errorf("unexpected fives %v or white fours %v", e.Fives(engine.Black), e.Fours(engine.White))
	}
	// After g8 black has two five points; white's threes are none.
	b.Make(b.Pos(1, 1))
	b.Make(b.Pos(6, 7))
	if got := names(b, e.Fives(engine.Black)); got != "f8 k8" {
		t.Errorf("black fives %q", got)
	}
	// Open three: defences of the three h8 i8 + j8 made at j8 (undo to see it).
	b.Undo()
	b.Undo()
	b.Undo() // j8
	p := b.Pos(9, 7)
	if c := e.Combo(p, engine.Black); c != ComboOpenThree {
		t.Fatalf("j8 combo %v", c)
	}
	in := false
	for _, q := range e.Threes(engine.Black) {
		in = in || q == p
	}
	if !in {
		t.Errorf("j8 missing from black's threes %s", names(b, e.Threes(engine.Black)))
	}
	if got := names(b, e.AppendThreeDefences(nil, p, engine.Black)); got != "g8 k8" {
		t.Errorf("defences of the three at j8: %q", got)
	}
	if err := e.Verify(); err != nil {
		t.Fatal(err)
	}
}

func TestCountsAndPotentials(t *testing.T) {
	b, e := fromPos(t, engine.Freestyle, "h8i9")
	for _, c := range []engine.Color{engine.Black, engine.White} {
		sum := 0
		for _, n := range e.RankCounts(c) {
			sum += n
		}
		if sum != e.MonomialCount() {
			t.Errorf("%v: rank counts sum to %d, want %d", c, sum, e.MonomialCount())
		}
	}
	// g7 shares windows with black's h8, which count 2 instead of 1.
	g7 := b.Pos(6, 6)
	if got := e.Potential(g7, engine.Black); got <= e.Potential(b.Pos(0, 0), engine.Black) {
		t.Errorf("potential next to a stone %d not above the corner's", got)
	}
	// Every window through a corner is alive for both on this board.
	if got := e.Potential(b.Pos(0, 0), engine.White); got != 3 {
		t.Errorf("corner potential %d, want 3", got)
	}
}

func TestEvaluate(t *testing.T) {
	cases := []struct {
		name, pos string
		test      func(int) bool
	}{
		{"must block a four", "h8g8i8a2j8a3k8", func(v int) bool { return v < 0 && v > -WinScore/8 }},
		{"own five to play", "h8a1i8a2j8a3k8a4", func(v int) bool { return v == WinScore }},
		{"two opponent fives", "h8a1i8a2j8a3k8", func(v int) bool { return v == -WinScore/2 }},
		{"straight four to play", "h8a1i8a2j8a3", func(v int) bool { return v == WinScore/2 }},
		{"quiet", "h8i9", func(v int) bool { return v > -500 && v < 500 }},
	}
	for _, tc := range cases {
		_, e := fromPos(t, engine.Freestyle, tc.pos)
		if v := e.Evaluate(); !tc.test(v) {
			t.Errorf("%s: %d", tc.name, v)
		}
	}
}

// TestWeightedPotentialIsTwoRankPotentials: the kept WeightedPotential
// equals RankPotential with pointRanks, five times c's plus four times the
// opponent's, on every free point of random games under every rule, as the
// moves are made and as they are taken back.
func TestWeightedPotentialIsTwoRankPotentials(t *testing.T) {
	for _, r := range engine.Rules {
		rng := rand.New(rand.NewPCG(uint64(r), 23))
		b, _ := engine.New(15, 15, r)
		e := Attach(b)
		check := func(when string) {
			t.Helper()
			for i := 0; i < b.Width()*b.Height(); i++ {
				p := b.Pos(i%b.Width(), i/b.Width())
				if b.At(p) != engine.Empty {
					continue
				}
				for _, c := range []engine.Color{engine.Black, engine.White} {
					want := 5*e.RankPotential(p, c, &pointRanks) + 4*e.RankPotential(p, c.Opp(), &pointRanks)
					if got := e.WeightedPotential(p, c); got != want {
						t.Fatalf("%v %s, %d stones, %v at %d: %d, want %d", r, when, b.MoveCount(), c, p, got, want)
					}
				}
			}
		}
		for ply := 0; ply < 50 && !b.Full() && b.Winner() == engine.Empty; ply++ {
			check("making")
			b.Make(randomNear(b, rng))
		}
		for b.MoveCount() > 0 {
			check("taking back")
			b.Undo()
		}
		e.Detach()
	}
}
