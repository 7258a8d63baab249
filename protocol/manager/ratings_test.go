package manager

import (
	"math"
	"testing"
)

func TestRatingsTwoEngines(t *testing.T) {
	// 30 wins, 10 losses, 10 draws: with the virtual draw, 35.5 of 51.
	// Two engines' maximum-likelihood difference is the Elo of the score rate.
	s := &Summary{Engines: make([]EngineStats, 2), Pairs: []PairStats{{A: 0, B: 1, Results: Trinomial{Wins: 30, Losses: 10, Draws: 10}}}}
	r := s.Ratings()
	want := -Elo(35.5 / 51) // engine 1 relative to engine 0
	if r[0] != 0 || math.Abs(r[1]-want) > 1e-6 {
		t.Fatalf("ratings %v, want [0 %v]", r, want)
	}
}

func TestRatingsTransitiveAndFinite(t *testing.T) {
	// A beats B and B beats C by the same margin, A beats C every time.
	s := &Summary{Engines: make([]EngineStats, 4), Pairs: []PairStats{
		{A: 0, B: 1, Results: Trinomial{Wins: 15, Losses: 5}},
		{A: 1, B: 2, Results: Trinomial{Wins: 15, Losses: 5}},
		{A: 0, B: 2, Results: Trinomial{Wins: 20}},
	}}
	r := s.Ratings()
	if !(r[0] == 0 && r[1] < 0 && r[2] < r[1]) || math.IsInf(r[2], 0) {
		t.Fatalf("ratings %v not ordered A > B > C and finite", r)
	}
	// Symmetry: B sits halfway between A and C.
	if math.Abs((r[0]-r[1])-(r[1]-r[2])) > 1e-6 {
		t.Fatalf("ratings %v: B not halfway", r)
	}
	if !math.IsNaN(r[3]) {
		t.Fatalf("engine without games rated %v", r[3])
	}
}
