package search

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestKakugoChoiceKeepsToParries checks the move the player makes without a
// search (no time left after the winning search, or no tree): when the
// opponent has a forced win it must be one of the parries.
func TestKakugoChoiceKeepsToParries(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9h10j8")
	e := eval.Attach(b)
	defer e.Detach()
	greedy := greedyChoice(e)
	at := func(s string) engine.Pos {
		m, err := engine.ParseMoves(s)
		if err != nil || len(m) != 1 {
			t.Fatalf("bad move %q", s)
		}
		return b.Pos(m[0].X, m[0].Y)
	}
	corner, near, stone := at("a1"), at("g7"), at("h8")
	if greedy == corner || greedy == near {
		t.Fatalf("the test needs a greedy choice (%v) outside its parries", greedy)
	}
	cases := []struct {
		name    string
		allowed []engine.Pos
		want    engine.Pos
	}{
		{"no threat: the greedy choice", nil, greedy},
		{"the greedy choice is a parry", []engine.Pos{corner, greedy}, greedy},
		{"one parry", []engine.Pos{corner}, corner},
		{"the better-valued parry", []engine.Pos{corner, near}, near},
		{"order does not matter", []engine.Pos{near, corner}, near},
		{"illegal parries are skipped", []engine.Pos{stone, corner}, corner},
		{"no legal parry: the greedy choice", []engine.Pos{stone}, greedy},
	}
	for _, tc := range cases {
		if got := kakugoChoice(e, tc.allowed); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if got := kakugoFallback(b, tc.allowed); got != tc.want {
			t.Errorf("%s (fallback): %v, want %v", tc.name, got, tc.want)
		}
	}
	if b.MoveCount() != 5 {
		t.Errorf("the board was changed")
	}
}
