package search

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/mcts"
)

// TestFollowLead: the VCT's unfinished attack replaces the tree's move only
// when the option is on, the VCT stopped at its limit with a legal lead,
// the tree values its own move at kakugoLeadMinValue or more, and the lead
// within VCTLead of it, with kakugoLeadMinVisits playouts, and neither move
// is proven.
func TestFollowLead(t *testing.T) {
	b, err := engine.New(15, 15, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	opening, _ := engine.ParseMoves("h8i9h9i8")
	for _, p := range opening {
		if err := b.Play(p.X, p.Y); err != nil {
			t.Fatal(err)
		}
	}
	at := func(m string) engine.Pos {
		p, err := engine.ParseMoves(m)
		if err != nil || len(p) != 1 {
			t.Fatalf("move %q: %v", m, err)
		}
		return b.Pos(p[0].X, p[0].Y)
	}
	tree, lead := at("j10"), at("h10")
	ranked := func(treeValue, leadValue float64, leadVisits, treeProof, leadProof int32) []mcts.Ranked {
		return []mcts.Ranked{
			{Move: tree, Visits: 500, Value: treeValue, Proof: treeProof},
			{Move: at("g7"), Visits: 100, Value: 0.2},
			{Move: lead, Visits: leadVisits, Value: leadValue, Proof: leadProof},
		}
	}
	cases := []struct {
		name   string
		delta  float64
		open   bool
		lead   engine.Pos
		ranked []mcts.Ranked
		want   engine.Pos
	}{
		{"followed", 0.15, true, lead, ranked(0.6, 0.5, 40, 0, 0), lead},
		{"option off", 0, true, lead, ranked(0.6, 0.5, 40, 0, 0), tree},
		{"the VCT finished", 0.15, false, lead, ranked(0.6, 0.5, 40, 0, 0), tree},
		{"no lead", 0.15, true, engine.NoPos, ranked(0.6, 0.5, 40, 0, 0), tree},
		{"lead on a stone", 0.15, true, at("h8"), ranked(0.6, 0.5, 40, 0, 0), tree},
		{"lead not among the tree's moves", 0.15, true, at("a1"), ranked(0.6, 0.5, 40, 0, 0), tree},
		{"lead valued too low", 0.15, true, lead, ranked(0.6, 0.4, 40, 0, 0), tree},
		{"tree's value too low", 0.15, true, lead, ranked(0.25, 0.25, 40, 0, 0), tree},
		{"lead barely visited", 0.15, true, lead, ranked(0.6, 0.55, kakugoLeadMinVisits-1, 0, 0), tree},
		{"lead proven lost", 0.15, true, lead, ranked(0.6, 0.55, 40, 0, -1), tree},
		{"tree's move proven won", 0.15, true, lead, ranked(1, 0.9, 40, 1, 0), tree},
		{"lead the tree's own move", 0.15, true, tree, ranked(0.6, 0.5, 40, 0, 0), tree},
		{"always: whatever the values", kakugoLeadAlways, true, lead, ranked(0.1, -0.5, 1, 0, 0), lead},
		{"always: not a lead proven lost", kakugoLeadAlways, true, lead, ranked(0.1, -0.5, 1, 0, -1), tree},
		{"always: not past a proven win", kakugoLeadAlways, true, lead, ranked(1, 0.5, 40, 1, 0), tree},
	}
	for _, tc := range cases {
		k := NewKakugo(KakugoOptions{VCTLead: tc.delta})
		k.vctOpen, k.vctLead = tc.open, tc.lead
		if got := k.followLead(Limits{}, b, tree, tc.ranked); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
